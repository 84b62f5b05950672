// Context creation and binding shared by the EGL and GLX vendor libraries (window_system.h).
#include "glvk/gl/window_system.h"

#include <algorithm>
#include <utility>

#include "framebuffer_internal.h"
#include "glvk/gl/dispatch.h"

#include "glvk/st/context.h"

namespace glvk::gl {
namespace {

bool valid_gl_version(int major, int minor) {
  switch (major) {
    case 1: return minor >= 0 && minor <= 5;
    case 2: return minor >= 0 && minor <= 1;
    case 3: return minor >= 0 && minor <= 3;
    case 4: return minor >= 0 && minor <= kMaxMinorVersion;
    default: return false;
  }
}

// ES 2.0 and 3.0-3.2 (ES 3.2 serves them all: each is backward compatible with the earlier).
// ES 1.x is refused: it is a fixed-function API of its own that glvk's dispatch does not have.
bool valid_es_version(int major, int minor) {
  return (major == 2 && minor == 0) || (major == 3 && minor >= 0 && minor <= kEsMinorVersion);
}

bool at_least_32(const ContextRequest& r) { return r.major > 3 || (r.major == 3 && r.minor >= 2); }

// The first draw and read buffer of a surface (GL 4.6 17.4.1, 18.2.1).
GLenum initial_buffer(const FramebufferObject& fb) { return fb.window->double_buffered ? GL_BACK : GL_FRONT; }

// Whether a draw/read buffer enum of the default framebuffer names its (left) front buffer.
bool names_front(GLenum buffer) {
  return buffer == GL_FRONT || buffer == GL_FRONT_LEFT || buffer == GL_LEFT || buffer == GL_FRONT_AND_BACK;
}

// One hook per thread: a context is current on one thread at a time.
thread_local std::function<void()> front_flush;

}  // namespace

ContextRequestError check_context_request(const ContextRequest& r, const Context* share) {
  // GLX_ARB_create_context_no_error / EGL_KHR_create_context_no_error: no-error excludes debug
  // and robust access, and contexts share objects only within one mode.
  if (r.no_error && (r.debug || r.robust_access)) return ContextRequestError::NO_ERROR_CONFLICT;
  if (share && share->config().no_error != r.no_error) return ContextRequestError::NO_ERROR_CONFLICT;
  if (r.api == Api::OpenGLES) {
    if (!valid_es_version(r.major, r.minor)) return ContextRequestError::BAD_VERSION;
    if (r.robust_access) return ContextRequestError::UNSUPPORTED_ROBUSTNESS;
    if (share && share->config().lose_context_on_reset != r.lose_context_on_reset)
      return ContextRequestError::SHARE_RESET_STRATEGY;
    return ContextRequestError::NONE;
  }
  if (!valid_gl_version(r.major, r.minor)) return ContextRequestError::BAD_VERSION;
  // The profile mask only matters from GL 3.2 on (EGL_KHR_create_context, GLX_ARB_create_context_profile);
  // then it must name exactly one profile glvk has.
  if (at_least_32(r) && (r.other_profile_bits || r.core_profile_bit == r.compat_profile_bit))
    return ContextRequestError::BAD_PROFILE;
  if (r.forward_compatible && r.major < 3) return ContextRequestError::FORWARD_COMPATIBLE_PRE_30;
  // A lost device loses every context (KHR_robustness); robust buffer access is not enabled on the device.
  if (r.robust_access) return ContextRequestError::UNSUPPORTED_ROBUSTNESS;
  if (share && share->config().lose_context_on_reset != r.lose_context_on_reset)
    return ContextRequestError::SHARE_RESET_STRATEGY;
  return ContextRequestError::NONE;
}

std::unique_ptr<Context> create_context(const ContextRequest& r, const Context* share,
                                        std::shared_ptr<st::Screen> screen) {
  ContextConfig config;
  config.api = r.api;
  config.major = r.major;
  config.minor = r.minor;
  // EGL_KHR_create_context / GLX_ARB_create_context: a 3.1 request gets exactly 3.1 or the core
  // profile of a later version; glvk has only 4.6, so its core profile (no ARB_compatibility).
  // ES has none of the compatibility profile's features.
  config.core_profile = r.api == Api::OpenGLES || (at_least_32(r) && r.core_profile_bit) || (r.major == 3 && r.minor == 1);
  config.debug = r.debug;
  config.forward_compatible = r.forward_compatible;
  config.lose_context_on_reset = r.lose_context_on_reset;
  config.no_error = r.no_error;
  config.release_flush = r.release_flush;
  auto share_group = share ? share->shared_share_group() : std::make_shared<ShareGroup>();
  return std::make_unique<Context>(config, std::move(share_group), std::move(screen));
}

void bind_surfaces(Context& ctx, std::shared_ptr<FramebufferObject> draw, std::shared_ptr<FramebufferObject> read) {
  if (draw && draw->window) ctx.made_current_on_surface(draw->window->width, draw->window->height);
  // The context's own draw/read buffers, or the initial ones (GL 4.6 17.4.1, 18.2.1: the back
  // buffer of a double-buffered surface, else the front); a front they name comes into being.
  for (FramebufferObject* fb : {draw.get(), read.get()}) {
    if (!fb || !fb->window) continue;
    const GLenum initial = initial_buffer(*fb);
    // Saved on a surface of the other buffering, the enums may name buffers this one lacks.
    const auto& saved = ctx.window_buffer_state;
    const bool restore = saved && saved->double_buffered == fb->window->double_buffered;
    if (fb == draw.get()) {
      fb->draw_buffers.fill(GL_NONE);
      fb->draw_buffers[0] = initial;
      if (restore) fb->draw_buffers = saved->draw_buffers;
    }
    if (fb == read.get()) fb->read_buffer = restore ? saved->read_buffer : initial;
    const bool front = std::any_of(fb->draw_buffers.begin(), fb->draw_buffers.end(), names_front) ||
                       names_front(fb->read_buffer);
    if (front && !allocate_front_buffer(ctx.st().shared_screen(), *fb)) {
      fb->draw_buffers.fill(GL_NONE);
      fb->draw_buffers[0] = fb->read_buffer = initial;
    }
  }
  ctx.window_draw_framebuffer = std::move(draw);
  ctx.window_read_framebuffer = std::move(read);
}

void set_front_flush(std::function<void()> present_front) { front_flush = std::move(present_front); }

void flush_front(Context& ctx) {
  if (!front_flush || ctx.draw_framebuffer || !ctx.window_draw_framebuffer) return;
  const auto& buffers = ctx.window_draw_framebuffer->draw_buffers;
  if (std::any_of(buffers.begin(), buffers.end(), names_front)) front_flush();
}

void unbind_surfaces(Context& ctx) {
  front_flush = nullptr;
  draw_immediate_batch(ctx);  // the batched primitives were issued while this context was current
  if (ctx.config().release_flush) ctx.st().flush();
  // This context's draw/read buffers, for its next surfaces.
  FramebufferObject* draw = ctx.window_draw_framebuffer.get();
  FramebufferObject* read = ctx.window_read_framebuffer.get();
  if (draw && !draw->window) draw = nullptr;
  if (read && !read->window) read = nullptr;
  if (draw || read) {
    Context::WindowBufferState state{};
    state.double_buffered = (draw ? draw : read)->window->double_buffered;
    state.draw_buffers.fill(GL_NONE);
    state.draw_buffers[0] = initial_buffer(draw ? *draw : *read);
    if (draw) state.draw_buffers = draw->draw_buffers;
    state.read_buffer = read ? read->read_buffer : initial_buffer(*draw);
    ctx.window_buffer_state = state;
  }
  ctx.window_draw_framebuffer = nullptr;
  ctx.window_read_framebuffer = nullptr;
}

}  // namespace glvk::gl
