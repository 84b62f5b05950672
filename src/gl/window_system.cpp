// Context creation and binding shared by the EGL and GLX vendor libraries (window_system.h).
#include "glvk/gl/window_system.h"

#include <utility>

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

bool at_least_32(const ContextRequest& r) { return r.major > 3 || (r.major == 3 && r.minor >= 2); }

// One hook per thread: a context is current on one thread at a time.
thread_local std::function<void()> front_flush;

}  // namespace

ContextRequestError check_context_request(const ContextRequest& r) {
  if (!valid_gl_version(r.major, r.minor)) return ContextRequestError::BAD_VERSION;
  // The profile mask only matters from GL 3.2 on (EGL_KHR_create_context, GLX_ARB_create_context_profile);
  // then it must name exactly one profile glvk has.
  if (at_least_32(r) && (r.other_profile_bits || r.core_profile_bit == r.compat_profile_bit))
    return ContextRequestError::BAD_PROFILE;
  if (r.forward_compatible && r.major < 3) return ContextRequestError::FORWARD_COMPATIBLE_PRE_30;
  if (r.robust_access || r.lose_context_on_reset) return ContextRequestError::UNSUPPORTED_ROBUSTNESS;
  return ContextRequestError::NONE;
}

std::unique_ptr<Context> create_context(const ContextRequest& r, const Context* share,
                                        std::shared_ptr<st::Screen> screen) {
  ContextConfig config;
  config.major = r.major;
  config.minor = r.minor;
  config.core_profile = at_least_32(r) && r.core_profile_bit;
  config.debug = r.debug;
  config.forward_compatible = r.forward_compatible;
  auto share_group = share ? share->shared_share_group() : std::make_shared<ShareGroup>();
  return std::make_unique<Context>(config, std::move(share_group), std::move(screen));
}

void bind_surfaces(Context& ctx, std::shared_ptr<FramebufferObject> draw, std::shared_ptr<FramebufferObject> read) {
  if (draw && draw->window) ctx.made_current_on_surface(draw->window->width, draw->window->height);
  ctx.window_draw_framebuffer = std::move(draw);
  ctx.window_read_framebuffer = std::move(read);
}

void set_front_flush(std::function<void()> present_front) { front_flush = std::move(present_front); }

void flush_front(Context& ctx) {
  if (!front_flush || ctx.draw_framebuffer || !ctx.window_draw_framebuffer) return;
  for (GLenum buffer : ctx.window_draw_framebuffer->draw_buffers)
    if (buffer == GL_FRONT || buffer == GL_FRONT_LEFT || buffer == GL_LEFT || buffer == GL_FRONT_AND_BACK) {
      front_flush();
      return;
    }
}

void unbind_surfaces(Context& ctx) {
  front_flush = nullptr;
  ctx.st().flush();
  ctx.window_draw_framebuffer = nullptr;
  ctx.window_read_framebuffer = nullptr;
}

}  // namespace glvk::gl
