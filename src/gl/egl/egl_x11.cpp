// EGL on X11 windows (EGL_KHR_platform_x11, EGL_EXT_platform_x11): displays of X connections,
// window surfaces whose default framebuffer is glvk's and whose swaps copy the shown picture into
// the window through the presentation code GLX uses (x11/x11_window.h). Nothing here knows Vulkan.
#include <cstdio>
#include <exception>
#include <map>
#include <utility>

#include "egl_objects.h"
#include "glvk/gl/window_system.h"
#include "glvk/st/context.h"

namespace glvk::gl::egl {
namespace {

// Every X11 display handed out, by connection and screen; never freed (EGLDisplay handles stay
// valid for the process, as EGL requires).
std::map<std::pair<::Display*, int>, Display*>& x11_displays() {
  static auto* displays = new std::map<std::pair<::Display*, int>, Display*>();
  return *displays;
}

// The connection EGL_DEFAULT_DISPLAY names on the X11 platform, opened on first use.
::Display* default_connection() {
  static ::Display* connection = XOpenDisplay(nullptr);
  return connection;
}

// A TrueColor visual of depth 24 with 8-bit channels at the usual masks: what the presenter writes
// with one copy per row, and what GLX's configs bind to.
VisualID window_visual(::Display* dpy, int screen) {
  XVisualInfo info;
  if (!XMatchVisualInfo(dpy, screen, 24, TrueColor, &info)) return 0;
  if (info.red_mask != 0xff0000 || info.green_mask != 0xff00 || info.blue_mask != 0xff) return 0;
  return info.visualid;
}

// Whether a window's visual can show a config's pixels: TrueColor, 8 bits a channel.
bool window_visual_matches(const XWindowAttributes& attributes) {
  const Visual* v = attributes.visual;
  return v && v->c_class == TrueColor && attributes.depth >= 24 && v->red_mask == 0xff0000 &&
         v->green_mask == 0xff00 && v->blue_mask == 0xff;
}

}  // namespace

bool common_surface_attribute(EGLint attribute, EGLint value, EGLint& colorspace) {
  switch (attribute) {
    case EGL_GL_COLORSPACE:
      if (value != EGL_GL_COLORSPACE_LINEAR && value != EGL_GL_COLORSPACE_SRGB) return false;
      colorspace = value;
      return true;
    case EGL_VG_ALPHA_FORMAT: case EGL_VG_COLORSPACE: return true;  // OpenVG's, ignored
    default: return false;
  }
}

gl::WindowFramebufferConfig surface_framebuffer(const Config& config, EGLint width, EGLint height, EGLint colorspace,
                                                EGLint samples, bool double_buffered) {
  gl::WindowFramebufferConfig buffers =
      surface_buffers(width, height, config.alpha, config.depth, config.stencil, samples, double_buffered);
  // Every config's 8-bit channels have an sRGB twin, so no config refuses the colour space.
  if (colorspace == EGL_GL_COLORSPACE_SRGB) buffers.color_format = config.alpha ? GL_SRGB8_ALPHA8 : GL_SRGB8;
  return buffers;
}

bool is_x11_display(const Display* display) {
  for (const auto& [key, d] : x11_displays())
    if (d == display) return true;
  return false;
}

EGLDisplay x11_platform_display(void* native, const EGLAttrib* attrib_list) {
  int screen = -1;
  for (const EGLAttrib* a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
    if (a[0] != EGL_PLATFORM_X11_SCREEN_KHR) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
    screen = int(a[1]);
  }
  auto* connection = static_cast<::Display*>(native);
  if (connection == EGL_DEFAULT_DISPLAY) connection = default_connection();
  if (!connection) return fail(EGL_BAD_PARAMETER, EGL_NO_DISPLAY);
  if (screen < 0) screen = DefaultScreen(connection);
  if (screen >= ScreenCount(connection)) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_DISPLAY);
  Display*& display = x11_displays()[{connection, screen}];
  if (!display) {
    display = new Display{EGL_PLATFORM_X11_KHR};
    display->x11 = connection;
    display->x11_screen = screen;
    display->visual = window_visual(connection, screen);
    if (!display->visual)
      std::fprintf(stderr, "glvk: EGL: screen %d of the X display has no 24-bit TrueColor visual glvk renders to; "
                   "no config has EGL_WINDOW_BIT\n", screen);
  }
  set_error(EGL_SUCCESS);
  return display;
}

EGLint surface_types(const Display& display, const Config& config) {
  EGLint types = EGL_PBUFFER_BIT;
  // The presenter reads back a single-sampled front buffer.
  if (display.visual && config.samples == 0) types |= EGL_WINDOW_BIT | EGL_PIXMAP_BIT;
  return types;
}

namespace {

// The display's visual (window configs' native visual), for laying out a pixmap's pixels.
Visual* display_visual(const Display& display) {
  XVisualInfo want{};
  want.visualid = display.visual;
  want.screen = display.x11_screen;
  int count = 0;
  XVisualInfo* info = XGetVisualInfo(display.x11, VisualIDMask | VisualScreenMask, &want, &count);
  Visual* visual = info && count > 0 ? info->visual : nullptr;
  if (info) XFree(info);
  return visual;
}

// A pixmap the display's configs can render to: on its screen, of depth 24 or 32 (alpha in the
// top byte, as GLX pixmaps take them); false after setting the EGL error.
bool pixmap_fits(const Display& display, ::Pixmap pixmap, x11::PixmapGeometry& geometry) {
  if (!pixmap || !x11::pixmap_geometry(display.x11, pixmap, geometry)) return fail(EGL_BAD_NATIVE_PIXMAP, false);
  if (geometry.root != RootWindow(display.x11, display.x11_screen) || (geometry.depth != 24 && geometry.depth != 32))
    return fail(EGL_BAD_MATCH, false);
  return true;
}

}  // namespace

EGLSurface create_pixmap_surface(Display& display, const Config& config, ::Pixmap pixmap, const EGLint* attributes) {
  if (!is_x11_display(&display)) return fail(EGL_BAD_NATIVE_PIXMAP, EGL_NO_SURFACE);  // no pixmaps elsewhere
  if (!(surface_types(display, config) & EGL_PIXMAP_BIT)) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  EGLint colorspace = EGL_GL_COLORSPACE_LINEAR;
  for (const EGLint* a = attributes; a && a[0] != EGL_NONE; a += 2)
    if (!common_surface_attribute(a[0], a[1], colorspace)) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
  x11::PixmapGeometry geometry;
  if (!pixmap_fits(display, pixmap, geometry)) return EGL_NO_SURFACE;
  // One EGLSurface per native pixmap (EGL 1.5 section 3.5.4).
  for (const Surface* s : display.surfaces)
    if (s->pixmap == pixmap && !s->destroy_pending) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
  std::shared_ptr<gl::FramebufferObject> framebuffer;
  try {
    // Pixmaps are single-buffered (EGL 1.5 section 3.5.4): GL draws their one buffer.
    framebuffer = gl::create_window_framebuffer(
        display.screen, surface_framebuffer(config, geometry.width, geometry.height, colorspace, 0, false));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "glvk: eglCreatePixmapSurface: %s\n", e.what());
  }
  if (!framebuffer) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
  auto* surface = new Surface{&config, geometry.width, geometry.height, false, std::move(framebuffer)};
  surface->pixmap = pixmap;
  surface->colorspace = colorspace;
  Visual* visual = display_visual(display);
  if (!visual || !x11::prepare_pixmap_presenter(surface->presenter, display.x11, pixmap, visual, geometry.depth)) {
    delete surface;
    return fail(EGL_BAD_NATIVE_PIXMAP, EGL_NO_SURFACE);
  }
  display.surfaces.insert(surface);
  set_error(EGL_SUCCESS);
  return surface;
}

bool copy_buffers(Display& display, Surface& surface, gl::Context& ctx, ::Pixmap pixmap) {
  if (!is_x11_display(&display)) return fail(EGL_BAD_NATIVE_PIXMAP, false);
  x11::PixmapGeometry geometry;
  if (!pixmap_fits(display, pixmap, geometry)) return false;
  if (geometry.width != surface.framebuffer->window->width || geometry.height != surface.framebuffer->window->height)
    return fail(EGL_BAD_MATCH, false);
  Visual* visual = display_visual(display);
  x11::Presenter presenter;
  if (!visual || !x11::prepare_pixmap_presenter(presenter, display.x11, pixmap, visual, geometry.depth))
    return fail(EGL_BAD_NATIVE_PIXMAP, false);
  x11::present(presenter, ctx, *surface.framebuffer, true);
  x11::release_presenter(presenter);
  return true;
}

void present_pixmap(Surface& surface, gl::Context& ctx) {
  if (surface.pixmap) x11::present(surface.presenter, ctx, *surface.framebuffer);
}

EGLSurface create_window_surface(Display& display, const Config& config, ::Window window, const EGLint* attributes) {
  if (!(surface_types(display, config) & EGL_WINDOW_BIT)) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  EGLint colorspace = EGL_GL_COLORSPACE_LINEAR;
  for (const EGLint* a = attributes; a && a[0] != EGL_NONE; a += 2) {
    switch (a[0]) {
      // A hint (EGL 1.5 section 3.5.1): glvk's windows are double-buffered, and say so in
      // EGL_RENDER_BUFFER queries.
      case EGL_RENDER_BUFFER:
        if (a[1] != EGL_BACK_BUFFER && a[1] != EGL_SINGLE_BUFFER) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
        break;
      default:
        if (!common_surface_attribute(a[0], a[1], colorspace)) return fail(EGL_BAD_ATTRIBUTE, EGL_NO_SURFACE);
    }
  }
  XWindowAttributes window_attributes;
  if (!window || !x11::window_attributes(display.x11, window, window_attributes))
    return fail(EGL_BAD_NATIVE_WINDOW, EGL_NO_SURFACE);
  if (!window_visual_matches(window_attributes)) return fail(EGL_BAD_MATCH, EGL_NO_SURFACE);
  // One EGLSurface per native window (EGL 1.5 section 3.5.1).
  for (const Surface* s : display.surfaces)
    if (s->window == window && !s->destroy_pending) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);

  std::shared_ptr<gl::FramebufferObject> framebuffer;
  try {
    framebuffer = gl::create_window_framebuffer(
        display.screen, surface_framebuffer(config, window_attributes.width, window_attributes.height, colorspace, 0, true));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "glvk: eglCreateWindowSurface: %s\n", e.what());
  }
  if (!framebuffer) return fail(EGL_BAD_ALLOC, EGL_NO_SURFACE);
  auto* surface = new Surface{&config, 0, 0, false, std::move(framebuffer)};
  surface->window = window;
  surface->colorspace = colorspace;
  if (!x11::prepare_presenter(surface->presenter, display.x11, window)) {
    delete surface;
    return fail(EGL_BAD_NATIVE_WINDOW, EGL_NO_SURFACE);
  }
  display.surfaces.insert(surface);
  set_error(EGL_SUCCESS);
  return surface;
}

void follow_window(Display& display, Surface& surface) {
  if (surface.window) x11::follow_window_size(display.screen, display.x11, surface.window, *surface.framebuffer, "EGL");
}

void swap_window(Display& display, Surface& surface, gl::Context& ctx) {
  if (!swap_window_buffers(display.screen, *surface.framebuffer)) {
    std::fprintf(stderr, "glvk: EGL: cannot allocate the front buffer of window 0x%lx\n", surface.window);
    return;
  }
  x11::present(surface.presenter, ctx, *surface.framebuffer);
  follow_window(display, surface);
}

void set_window_front_flush(Surface& surface, gl::Context& ctx) {
  if (!surface.window && !surface.pixmap) return;
  set_front_flush([&surface, &ctx] { x11::present(surface.presenter, ctx, *surface.framebuffer); });
}

void release_window(Surface& surface) { x11::release_presenter(surface.presenter); }

}  // namespace glvk::gl::egl
