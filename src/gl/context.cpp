#include "glvk/gl/context.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "glvk/st/screen.h"
#include "glvk/st/context.h"

namespace glvk::gl {
namespace {

thread_local Context* current = nullptr;

}  // namespace

namespace {

template <class Object>
std::shared_ptr<Object> find_object(std::mutex& mutex, const std::unordered_map<GLuint, std::shared_ptr<Object>>& names,
                                    GLuint name) {
  if (name == 0) return nullptr;
  std::lock_guard lock(mutex);
  auto it = names.find(name);
  return it == names.end() ? nullptr : it->second;
}

}  // namespace

std::shared_ptr<BufferObject> ShareGroup::find_buffer(GLuint name) { return find_object(mutex, buffers, name); }
std::shared_ptr<TextureObject> ShareGroup::find_texture(GLuint name) { return find_object(mutex, textures, name); }
std::shared_ptr<RenderbufferObject> ShareGroup::find_renderbuffer(GLuint name) {
  return find_object(mutex, renderbuffers, name);
}

GLuint ShareGroup::allocate_buffer_name() {
  while (buffers.count(next_buffer_name) || next_buffer_name == 0) ++next_buffer_name;
  return next_buffer_name++;
}

GLuint ShareGroup::allocate_texture_name() {
  while (textures.count(next_texture_name) || next_texture_name == 0) ++next_texture_name;
  return next_texture_name++;
}

GLuint ShareGroup::allocate_renderbuffer_name() {
  while (renderbuffers.count(next_renderbuffer_name) || next_renderbuffer_name == 0) ++next_renderbuffer_name;
  return next_renderbuffer_name++;
}

Context::Context(const ContextConfig& config, std::shared_ptr<ShareGroup> share_group,
                 std::shared_ptr<st::Screen> screen)
    : config_(config), device_lost_(&screen->device_lost_flag()), share_group_(std::move(share_group)) {
  renderer_ = "glvk (" + screen->device_name() + ")";
  // ES 3.2 6.1.5: "OpenGL ES N.M" then vendor text.
  version_string_ = config_.es() ? "OpenGL ES " + std::to_string(kEsMajorVersion) + "." + std::to_string(kEsMinorVersion) + " glvk 0.1.0"
                                 : std::to_string(kMaxMajorVersion) + "." + std::to_string(kMaxMinorVersion) +
                                       (config_.core_profile ? " (Core Profile)" : " (Compatibility Profile)") + " glvk 0.1.0";
  st_ = std::make_unique<st::Context>(std::move(screen));
  // KHR_debug: output starts enabled in debug contexts only.
  debug_output = config_.debug;
  debug_groups.push_back(DebugGroup{GL_DEBUG_SOURCE_APPLICATION, 0, {}, {}});
  for (auto& mask : color_mask) mask.fill(true);
  // ES 3.2 15.1.6 (and its clears and blits): writes to sRGB colour buffers are always encoded in
  // ES, which has no GL_FRAMEBUFFER_SRGB switch (EXT_sRGB_write_control is not offered).
  framebuffer_srgb = config_.es();
  // ES 3.2 13.3 (and ES 2.0 3.3): a point's size is always the gl_PointSize the vertex shader
  // writes; ES has no PROGRAM_POINT_SIZE switch (its enum is refused), so it is on for good.
  render.program_point_size = config_.es();
  // Compatibility and ES contexts draw from a default vertex array object; core ones have none
  // (GL 4.6 10.4; ES 3.2 10.3.1 keeps it).
  if (!config_.core_profile || config_.es()) default_vertex_array = std::make_shared<VertexArrayObject>(0);
}

Context::~Context() = default;

void Context::made_current_on_surface(GLsizei width, GLsizei height) {
  if (had_surface_) return;
  had_surface_ = true;
  // As glViewport(0, 0, width, height) would: every viewport, dimensions clamped.
  for (Viewport& v : transform.viewports) {
    v.x = v.y = 0;
    v.width = GLfloat(std::min(width, kMaxViewportDims));
    v.height = GLfloat(std::min(height, kMaxViewportDims));
  }
  scissor_box.fill({0, 0, width, height});
}

void Context::error(GLenum error, const char* format, ...) {
  // The device failing in a command that found it lost is the loss (KHR_robustness), not memory.
  if (error == GL_OUT_OF_MEMORY && lost()) error = GL_CONTEXT_LOST;
  if (error_ == GL_NO_ERROR) error_ = error;
  // GLVK_DEBUG=api logs every error too: a test that fails on a sticky error raised long before
  // the glGetError that sees it (an unknown glGetIntegerv limit, say) is then told apart.
  const bool log = debug_enabled("api");
  if (!debug_output && !log) return;
  char text[kMaxDebugMessageLength];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  if (log) std::fprintf(stderr, "glvk api: error 0x%04x: %s\n", error, text);
  if (debug_output) debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, error, GL_DEBUG_SEVERITY_HIGH, text);
}

GLenum Context::take_error() {
  const GLenum e = error_;
  error_ = GL_NO_ERROR;
  return e;
}

bool Context::debug_message_enabled(GLenum source, GLenum type, GLuint id, GLenum severity) const {
  const std::vector<DebugRule>& rules = debug_groups.back().rules;
  for (auto rule = rules.rbegin(); rule != rules.rend(); ++rule) {
    if (rule->source != GL_DONT_CARE && rule->source != source) continue;
    if (rule->type != GL_DONT_CARE && rule->type != type) continue;
    if (rule->severity != GL_DONT_CARE && rule->severity != severity) continue;
    if (!rule->all_ids && !rule->ids.count(id)) continue;
    return rule->enabled;
  }
  // The spec's default: everything but low-severity messages.
  return severity != GL_DEBUG_SEVERITY_LOW;
}

void Context::debug_message(GLenum source, GLenum type, GLuint id, GLenum severity, const std::string& text) {
  if (!debug_output || !debug_message_enabled(source, type, id, severity)) return;
  std::string message = text.substr(0, kMaxDebugMessageLength - 1);
  if (debug_callback) {
    debug_callback(source, type, id, severity, GLsizei(message.size()), message.c_str(), debug_user_param);
    return;
  }
  if (debug_log.size() < std::size_t(kMaxDebugLoggedMessages))
    debug_log.push_back(DebugMessage{source, type, id, severity, std::move(message)});
}

Context* current_context() { return current; }
void set_current_context(Context* context) { current = context; }

bool debug_enabled(const char* topic) {
  const char* value = std::getenv("GLVK_DEBUG");
  if (!value) return false;
  const std::string_view list = value, wanted = topic;
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string_view::npos) end = list.size();
    if (list.substr(start, end - start) == wanted) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace glvk::gl
