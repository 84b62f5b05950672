// EGL objects of the glvk vendor: displays, configs, surfaces, contexts, and the per-thread
// error and current-context state.
#pragma once

// glvk's headers before Xlib's (which EGL's platform header includes): Xlib defines macros (None,
// Bool, Status) that GL state names use.
#include "glvk/gl/context.h"
#include "x11/x11_window.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

namespace glvk::st {
class Screen;
}

namespace glvk::gl::egl {

struct Config {
  EGLint id;
  EGLint red, green, blue, alpha, depth, stencil;
  EGLint samples = 0;  // EGL_SAMPLES (0: single-sampled)
};

// The configs glvk offers (pbuffer rendering through desktop GL).
const std::vector<Config>& configs();

struct Surface {
  const Config* config;
  EGLint width, height;  // a pbuffer's (a window's follow the window: framebuffer->window)
  bool largest_pbuffer;
  // The GL default framebuffer: its buffers, and its draw/read buffer state, live as long as the
  // surface, so contents persist across eglMakeCurrent.
  std::shared_ptr<gl::FramebufferObject> framebuffer;
  bool destroy_pending = false;  // eglDestroySurface while current: freed on release
  int current_count = 0;
  // Window surfaces (EGL_KHR_platform_x11): the X window, presented to at each swap. Pixmap
  // surfaces: the X pixmap, given the (single) colour buffer when GL rendering completes for it.
  ::Window window = 0;
  ::Pixmap pixmap = 0;
  x11::Presenter presenter;
  EGLint swap_interval = 1;
  EGLint colorspace = EGL_GL_COLORSPACE_LINEAR;  // EGL_GL_COLORSPACE as created
};

struct ContextObject {
  const Config* config;  // null for EGL_NO_CONFIG_KHR
  std::unique_ptr<gl::Context> gl;
  Surface* draw = nullptr;
  Surface* read = nullptr;
  bool current = false;
  bool destroy_pending = false;
};

struct Display {
  EGLenum platform;  // EGL_NONE for eglGetDisplay(EGL_DEFAULT_DISPLAY), EGL_PLATFORM_X11_KHR
  // An X11 display: the application's connection (or the one glvk opened for EGL_DEFAULT_DISPLAY),
  // its screen, and the screen's TrueColor visual with 8-bit channels that window configs name
  // (0: none, so no config has EGL_WINDOW_BIT).
  ::Display* x11 = nullptr;
  int x11_screen = 0;
  VisualID visual = 0;
  bool initialized = false;
  std::shared_ptr<st::Screen> screen;
  std::set<Surface*> surfaces;
  std::set<ContextObject*> contexts;
  std::set<void*> images;  // EGLImage handles made on this display (egl_images.cpp)
  // Fence sync objects (egl_syncs.cpp): a point of the screen's command stream.
  struct Sync {
    std::uint64_t fence = 0;
    std::shared_ptr<st::Screen> screen;  // the stream the fence is on (the display's)
  };
  std::map<void*, std::unique_ptr<Sync>> syncs;
};

// One lock for all EGL state of the vendor.
std::mutex& egl_mutex();
// The displays (one per platform, one per X connection and screen), created on first request;
// never freed.
Display* display_for(EGLenum platform);
bool is_display(EGLDisplay dpy);
// Whether a handle is glvk's EGLDeviceEXT (egl_devices.cpp), with a device that came up.
bool is_device(EGLDeviceEXT handle);

// The surface attributes pbuffers, windows and pixmaps all take (EGL_GL_COLORSPACE, kept in
// `colorspace`; the OpenVG ones): false for another attribute or a bad value (EGL_BAD_ATTRIBUTE).
bool common_surface_attribute(EGLint attribute, EGLint value, EGLint& colorspace);
// The default framebuffer of a surface of `config`: its colour buffers sRGB-encoded for
// EGL_GL_COLORSPACE_SRGB (GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING SRGB, EGL 1.5 section 3.5.1).
gl::WindowFramebufferConfig surface_framebuffer(const Config& config, EGLint width, EGLint height, EGLint colorspace,
                                                EGLint samples, bool double_buffered);

// EGL_KHR_platform_x11 (egl_x11.cpp): the display of an X connection (`native`: a Display*, or
// EGL_DEFAULT_DISPLAY for the default server), EGL_NO_DISPLAY with the error set when it cannot be.
EGLDisplay x11_platform_display(void* native, const EGLAttrib* attrib_list);
bool is_x11_display(const Display* display);
// A config's surface types and native visual on `display`: windows only on X11 displays with a
// suitable visual, and only for single-sampled configs.
EGLint surface_types(const Display& display, const Config& config);
// The window surface of `window` (errors set as EGL 1.5 section 3.5.1 names them), or EGL_NO_SURFACE.
EGLSurface create_window_surface(Display& display, const Config& config, ::Window window, const EGLint* attributes);
// The window's framebuffer follows its size (at make-current, swap and size queries).
void follow_window(Display& display, Surface& surface);
// The pixmap surface of `pixmap` (errors as EGL 1.5 section 3.5.4 names them), or EGL_NO_SURFACE.
EGLSurface create_pixmap_surface(Display& display, const Config& config, ::Pixmap pixmap, const EGLint* attributes);
// eglCopyBuffers: the surface's colour buffer (the back one of a window) into an X pixmap;
// false with the EGL error set.
bool copy_buffers(Display& display, Surface& surface, gl::Context& ctx, ::Pixmap pixmap);
// A pixmap surface's picture into its pixmap (eglWaitClient, glFlush/glFinish, release).
void present_pixmap(Surface& surface, gl::Context& ctx);
// eglSwapBuffers of a window surface: swap, then show the new front buffer.
void swap_window(Display& display, Surface& surface, gl::Context& ctx);
// glFlush/glFinish with the front buffer drawn to: show it (set while the surface is current).
void set_window_front_flush(Surface& surface, gl::Context& ctx);
// Frees a window surface's X objects (when the surface is freed).
void release_window(Surface& surface);

// The calling thread's EGL error (eglGetError) and current context.
void set_error(EGLint error);
EGLint take_error();

// Sets the thread's error and returns `value`, for one-line error returns.
template <typename T>
T fail(EGLint error, T value) {
  set_error(error);
  return value;
}

// EGL 1.5 entry points take EGLAttrib attribute lists, their KHR/EXT twins EGLint ones: the list
// in the other type (EGL_NONE-terminated), so that one of the twins forwards to the other.
template <typename To, typename From>
std::vector<To> converted_attributes(const From* list) {
  std::vector<To> attributes;
  for (const From* a = list; a && a[0] != EGL_NONE; a += 2) attributes.insert(attributes.end(), {To(a[0]), To(a[1])});
  attributes.push_back(EGL_NONE);
  return attributes;
}

// The display, initialized; null after setting EGL_BAD_DISPLAY or EGL_NOT_INITIALIZED.
Display* checked_display(EGLDisplay dpy);
// The calling thread's current context, or null.
ContextObject* thread_context();
// The display's context a handle names (not destroyed), or null.
ContextObject* find_context(Display& display, EGLContext context);

}  // namespace glvk::gl::egl
