#include "glvk/st/screen.h"

#include "glvk/st/device_identity.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>

#include "draw_resources.h"
#include "screen_impl.h"
#include "shadow_tag.h"

namespace glvk::st {
namespace {

// Idle buffers kept for reuse (renamed storage, finished staging).
constexpr VkDeviceSize kMaxCachedBufferBytes = 64ull << 20;

}  // namespace

void Screen::Impl::check_validation() const {
  if (!instance->validation_enabled()) return;
  const auto errors = sink->errors(), warnings = sink->warnings();
  if (errors.empty() && warnings.empty()) return;
  for (const vk_backend::DebugMessage& m : errors)
    std::fprintf(stderr, "glvk: validation error %s: %s\n", m.id_name.c_str(), m.text.c_str());
  for (const vk_backend::DebugMessage& m : warnings)
    std::fprintf(stderr, "glvk: validation warning %s: %s\n", m.id_name.c_str(), m.text.c_str());
  std::fprintf(stderr, "glvk: aborting on validation messages (GLVK_VALIDATION is set)\n");
  std::abort();
}

Screen::Screen(const ScreenOptions& options) : impl_(std::make_unique<Impl>()) {
  // Messages are printed by check_validation, so the sink stays quiet.
  impl_->sink = std::make_shared<vk_backend::DebugSink>(VK_DEBUG_UTILS_MESSAGE_SEVERITY_FLAG_BITS_MAX_ENUM_EXT);
  impl_->instance = std::make_unique<vk_backend::Instance>(
      vk_backend::InstanceOptions{"glvk", options.validation, impl_->sink});
  const VkPhysicalDevice physical = impl_->instance->choose_physical_device(
      options.device_override.empty() ? std::nullopt : std::optional<std::string>(options.device_override));
  impl_->device = std::make_unique<vk_backend::Device>(*impl_->instance, physical);
  impl_->stream = std::make_unique<vk_backend::CommandStream>(*impl_->device);
  impl_->pool = std::make_unique<vk_backend::BufferPool>(*impl_->device, *impl_->stream, kMaxCachedBufferBytes);
  impl_->format_support = std::make_unique<VulkanFormatSupport>(impl_->device->physical_device());
  shadow_blit_samplers(*impl_->device, *impl_->stream);

  // The staging budget: the heap staging buffers come from (GART on a discrete AMD GPU).
  const auto request = vk_backend::memory_request(vk_backend::MemoryPlacement::HostUpload);
  const auto& memory = impl_->device->memory_properties();
  const std::uint32_t type = impl_->device->memory_type(~0u, request.required, request.preferred);
  impl_->staging_budget = memory.memoryHeaps[memory.memoryTypes[type].heapIndex].size;

  const char* debug = std::getenv("GLVK_DEBUG");
  impl_->log_transfers = debug && std::strstr(debug, "transfer");
  impl_->buffer_readback = options.buffer_readback;
  impl_->linear_textures =
      options.texture_tiling == TextureTiling::Linear ||
      (options.texture_tiling == TextureTiling::Auto &&
       impl_->device->properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU);
}

Screen::~Screen() {
  impl_->stream->wait_idle();
  impl_->draw.reset();
  impl_->pool.reset();
  impl_->stream.reset();
  impl_->check_validation();
  impl_->device.reset();
  impl_->instance.reset();
}

namespace {

// Which of `choices` (spelt as an enum's values, in its order) an environment variable names; the
// first (the default) when it is unset or names none of them (said on stderr).
std::size_t environment_choice(const char* variable, std::initializer_list<const char*> choices) {
  const char* value = std::getenv(variable);
  if (!value) return 0;
  std::size_t index = 0;
  for (const char* choice : choices) {
    if (std::strcmp(value, choice) == 0) return index;
    ++index;
  }
  std::fprintf(stderr, "glvk: %s=%s is not one of", variable, value);
  for (const char* choice : choices) std::fprintf(stderr, " %s", choice);
  std::fprintf(stderr, "; using %s\n", *choices.begin());
  return 0;
}

// Deliberately never destroyed at exit: Vulkan teardown during static destruction races the
// loader's own. Released (and torn down) when the last holder lets go before exit.
std::weak_ptr<Screen>& shared_screen() {
  static auto* screen = new std::weak_ptr<Screen>();
  return *screen;
}

// Registered after the first device exists (and again after the first batch, below), so it runs before the exit handler Mesa's drivers
// register while creating a device (lavapipe stops its queue thread there): every batch is
// submitted and finished while the queue still runs, and later static destructors (EGL displays
// holding the screen) find nothing left to wait for.
void finish_work_at_exit() {
  if (auto screen = shared_screen().lock()) {
    std::lock_guard lock(screen->impl().mutex);
    screen->impl().stream->wait_idle();
  }
}

}  // namespace

std::shared_ptr<Screen> Screen::shared() {
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  if (auto existing = shared_screen().lock()) return existing;
  ScreenOptions options;
  options.validation = vk_backend::validation_requested_by_environment();
  options.buffer_readback = BufferReadback(environment_choice("GLVK_BUFFER_READBACK", {"auto", "staging", "direct"}));
  options.texture_tiling = TextureTiling(environment_choice("GLVK_TEXTURE_TILING", {"auto", "linear", "optimal"}));
  auto created = std::make_shared<Screen>(options);
  shared_screen() = created;
  static const bool registered = std::atexit(finish_work_at_exit) == 0;
  (void)registered;
  // Once more after the first batch has run: lavapipe's LLVM registers its static destructors
  // at its first shader compile, and exit runs handlers in reverse order, so the wait must be
  // registered after them or a batch still compiling at exit meets a torn-down LLVM.
  created->impl().stream->on_first_completion([] { std::atexit(finish_work_at_exit); });
  return created;
}

std::string Screen::device_name() const { return impl_->device->name(); }
DeviceIdentity device_identity(const Screen& screen) {
  const vk_backend::Device& device = *screen.impl().device;
  const VkPhysicalDeviceProperties& properties = device.properties();
  DeviceIdentity identity;
  identity.vendor_id = properties.vendorID;
  identity.device_id = properties.deviceID;
  identity.cpu = properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  identity.integrated = properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU;
  const VkPhysicalDeviceMemoryProperties& memory = device.memory_properties();
  for (std::uint32_t i = 0; i < memory.memoryHeapCount; ++i)
    if (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT) identity.device_local_bytes += memory.memoryHeaps[i].size;
  return identity;
}
bool Screen::validation_enabled() const { return impl_->instance->validation_enabled(); }
const std::atomic<bool>& Screen::device_lost_flag() const { return impl_->device->lost_flag(); }
std::size_t Screen::validation_error_count() const {
  return impl_->sink->errors().size() + impl_->sink->warnings().size();
}

}  // namespace glvk::st
