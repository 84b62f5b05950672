// The state shared by every st::Context of a Screen: device, command stream, transfer counters.
#pragma once

#include <memory>
#include <mutex>

#include "glvk/st/screen.h"
#include "glvk/st/context.h"
#include "glvk/st/vk_format_support.h"
#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/buffer_pool.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"

namespace glvk::st {

struct DrawResources;

struct Screen::Impl {
  std::shared_ptr<vk_backend::DebugSink> sink;
  std::unique_ptr<vk_backend::Instance> instance;
  std::unique_ptr<vk_backend::Device> device;
  std::unique_ptr<vk_backend::CommandStream> stream;
  std::unique_ptr<vk_backend::BufferPool> pool;  // storage and staging buffers, recycled
  std::unique_ptr<VulkanFormatSupport> format_support;  // is_format_supported for this device
  std::unique_ptr<DrawResources> draw;  // the draw path's caches, made by the first draw (draw_resources.h)

  // One lock for the command stream, resources' storage and the counters.
  std::mutex mutex;
  TransferStats stats;
  std::uint64_t staging_budget = 0;  // the "GART size" of the seed's GART/4 rule
  bool log_transfers = false;        // GLVK_DEBUG=transfer
  BufferReadback buffer_readback = BufferReadback::Auto;
  bool linear_textures = false;  // textures are LINEAR where the device allows (ScreenOptions::texture_tiling)

  // With validation on, any validation error so far aborts the process (tests fail loudly).
  void check_validation() const;
};

// What account_transient_bytes counts: buffer staging and renamed storage (past the limit the
// work is submitted, as radeonsi does) or texture staging (submitted and waited for, so the staging
// memory a stream of texture uploads holds stays under a quarter of the staging heap).
enum class TransientBytes { BufferStaging, TextureStaging };

// The seed's GART/4 rule (si_texture_transfer_unmap): `bytes` of staging went into recorded work;
// past a quarter of the staging budget since the last such flush, flush (and wait, per `kind`).
// Call with the screen's lock held.
void account_transient_bytes(Screen::Impl& s, std::uint64_t bytes, TransientBytes kind);
// Whether a format has a signed channel (for pure integer formats: SINT rather than UINT).
bool is_signed_integer(const formats::FormatDesc& d);
// The kind of value a shader writes to an attachment of this format (Vulkan's interface rules).
vk_backend::ColorOutput color_output(const formats::FormatDesc& d);

// util_range: the [start, end) span of a buffer that holds defined data.
struct ValidRange {
  std::uint64_t start = ~std::uint64_t(0);
  std::uint64_t end = 0;
  void add(std::uint64_t s, std::uint64_t e) {
    if (s < start) start = s;
    if (e > end) end = e;
  }
  void set_empty() { *this = ValidRange{}; }
  bool intersects(std::uint64_t s, std::uint64_t e) const { return start < e && s < end; }
};

// r600_resource for buffers.
class Resource {
 public:
  // Takes the screen's lock itself: create and destroy without holding it.
  Resource(std::shared_ptr<Screen> screen, std::uint64_t width0, ResourceUsage usage, unsigned flags);
  ~Resource();

  std::shared_ptr<Screen> screen;
  std::uint64_t width0;
  ResourceUsage usage;
  unsigned flags;
  vk_backend::MemoryPlacement placement;
  std::shared_ptr<vk_backend::Buffer> storage;
  ValidRange valid_buffer_range;
};

// si_transfer
struct Transfer {
  Resource* resource = nullptr;
  unsigned level = 0;
  unsigned usage = 0;
  Box box;
  unsigned stride = 0;
  std::uint64_t layer_stride = 0;
  std::shared_ptr<vk_backend::Buffer> staging;
  std::uint64_t offset = 0;         // where box.x lands in the staging buffer
  std::uint64_t staging_bytes = 0;  // the part of the staging buffer this transfer uses
};

}  // namespace glvk::st
