// GLX drawables of the glvk vendor (windows, pbuffers and pixmaps), glXSwapBuffers, the
// swap-control extensions, glXWait*, and the strings.
#include "glx_protocol.h"

#include <algorithm>
#include <cstdio>
#include <exception>

#include "glvk/gl/dispatch.h"
#include "glvk/gl/window_system.h"
#include "glvk/st/context.h"
#include "glx_api.h"
#include "glx_objects.h"

namespace glvk::gl::glx {
namespace {

constexpr int kMaxPbufferSize = 16384;
// Swap intervals are recorded and reported; presentation by copy has no vertical blank to wait for
// (as Mesa's software path on Xvfb), so swaps are never throttled.
constexpr unsigned kMaxSwapInterval = 1000;

constexpr const char* kExtensions =
    "GLX_ARB_context_flush_control GLX_ARB_create_context GLX_ARB_create_context_no_error "
    "GLX_ARB_create_context_profile GLX_ARB_get_proc_address "
    "GLX_EXT_buffer_age GLX_EXT_create_context_es2_profile GLX_EXT_create_context_es_profile GLX_EXT_no_config_context "
    "GLX_EXT_swap_control GLX_EXT_visual_info GLX_EXT_visual_rating GLX_MESA_query_renderer GLX_MESA_swap_control "
    "GLX_SGI_swap_control";

Drawable* new_drawable(Display* dpy, const FBConfig* config, GLXDrawable id, Window window, int width, int height,
                       bool double_buffered) {
  std::shared_ptr<FramebufferObject> framebuffer;
  try {
    framebuffer = create_window_framebuffer(
        glx_screen(),
        surface_buffers(width, height, config->alpha, config->depth, config->stencil, 0, double_buffered));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "glvk: GLX: cannot allocate a drawable's buffers: %s\n", e.what());
  }
  if (!framebuffer) return nullptr;
  auto* d = new Drawable{dpy, id, window, config, std::move(framebuffer)};
  register_drawable(d);
  return d;
}

// The X visual a config is bound to (pixmap pictures are laid out as its pixels).
Visual* config_visual(Display* dpy, const FBConfig& c) {
  XVisualInfo want{};
  want.visualid = c.visual;
  want.screen = c.screen;
  int count = 0;
  XVisualInfo* info = XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &want, &count);
  Visual* visual = info ? info->visual : nullptr;  // the display's, valid while it is open
  if (info) XFree(info);
  return visual;
}

// A GLX pixmap for X pixmap `pixmap` with `c`'s buffers (single-buffered: GLX 1.4 3.3.10 makes
// swaps on pixmaps no-ops, and the pixmap holds one picture). `depth`: the depth the pixmap must
// have (glXCreateGLXPixmap: its visual's), or 0 for glXCreatePixmap's 24 or 32 (the 32-bit
// TrueColor pixel layouts glvk writes, with or without alpha in the top byte).
GLXPixmap make_pixmap(Lock& lock, Display* dpy, const FBConfig* c, Pixmap pixmap, int depth, unsigned char op) {
  x11::PixmapGeometry geometry;
  if (!x11::pixmap_geometry(dpy, pixmap, geometry)) return fail_x(lock, dpy, BadPixmap, pixmap, op, GLXPixmap(None));
  const bool depth_ok = depth ? geometry.depth == depth : geometry.depth == 24 || geometry.depth == 32;
  Visual* visual = config_visual(dpy, *c);
  if (geometry.root != RootWindow(dpy, c->screen) || !depth_ok || !visual)
    return fail_x(lock, dpy, BadMatch, pixmap, op, GLXPixmap(None));
  const GLXPixmap id = XAllocID(dpy);
  Drawable* d = new_drawable(dpy, c, id, None, geometry.width, geometry.height, false);
  if (!d) return fail_x(lock, dpy, BadAlloc, pixmap, op, GLXPixmap(None));
  d->pixmap = pixmap;
  if (!x11::prepare_pixmap_presenter(d->presenter, dpy, pixmap, visual, geometry.depth))
    std::fprintf(stderr, "glvk: GLX: pixmap 0x%lx cannot be drawn to\n", pixmap);
  return id;
}

void destroy_pixmap(Display* dpy, GLXPixmap pixmap, unsigned char op) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, pixmap);
  // Either destructor takes either constructor's pixmaps (GLX 1.3's and 1.2's name the same object).
  if (!d || !d->pixmap) {
    fail_glx(lock, dpy, GLXBadPixmap, pixmap, op, 0);
    return;
  }
  destroy_drawable(d);  // the X pixmap is the application's, whether it still exists or not
}

}  // namespace

Drawable* make_window_drawable(Display* dpy, const FBConfig* config, GLXDrawable id, Window window, int width,
                               int height) {
  Drawable* d = new_drawable(dpy, config, id, window, width, height, config->double_buffered);
  if (d && !x11::prepare_presenter(d->presenter, dpy, window))
    std::fprintf(stderr, "glvk: GLX: window 0x%lx cannot be presented to\n", window);
  return d;
}

namespace api {

GLXWindow CreateWindow(Display* dpy, GLXFBConfig config, Window window, const int*) {
  Lock lock(glx_mutex());
  const unsigned char op = X_GLXCreateWindow;
  const FBConfig* c = find_config(config);
  if (!c) return fail_glx(lock, dpy, GLXBadFBConfig, 0, op, GLXWindow(None));
  XWindowAttributes attributes;
  if (!x11::window_attributes(dpy, window, attributes)) return fail_x(lock, dpy, BadWindow, window, op, GLXWindow(None));
  // GLX 1.4 section 3.3.5: the window's visual must be the config's.
  if (XVisualIDFromVisual(attributes.visual) != c->visual) return fail_x(lock, dpy, BadMatch, window, op, GLXWindow(None));
  // One GLXWindow per window (an implicit drawable of glXMakeCurrent does not count).
  for (Drawable* other : window_drawables(dpy, window))
    if (!other->implicit) return fail_x(lock, dpy, BadAlloc, window, op, GLXWindow(None));
  const GLXWindow id = XAllocID(dpy);
  if (!make_window_drawable(dpy, c, id, window, attributes.width, attributes.height))
    return fail_x(lock, dpy, BadAlloc, window, op, GLXWindow(None));
  return id;
}

void DestroyWindow(Display* dpy, GLXWindow window) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, window);
  if (!d || !d->window || d->implicit) {
    fail_glx(lock, dpy, GLXBadWindow, window, X_GLXDestroyWindow, 0);
    return;
  }
  // Destroying the X window destroyed the GLXWindow (GLX 1.4 3.3.5): naming it now is GLXBadWindow.
  XWindowAttributes attributes;
  const bool window_gone = !x11::window_attributes(dpy, d->window, attributes);
  destroy_drawable(d);
  if (window_gone) fail_glx(lock, dpy, GLXBadWindow, window, X_GLXDestroyWindow, 0);
}

GLXPbuffer CreatePbuffer(Display* dpy, GLXFBConfig config, const int* attributes) {
  Lock lock(glx_mutex());
  const unsigned char op = X_GLXCreatePbuffer;
  const FBConfig* c = find_config(config);
  if (!c) return fail_glx(lock, dpy, GLXBadFBConfig, 0, op, GLXPbuffer(None));
  int width = 0, height = 0;
  bool preserved = false, largest = false;
  for (const int* a = attributes; a && a[0] != None; a += 2) {
    switch (a[0]) {
      case GLX_PBUFFER_WIDTH: width = a[1]; break;
      case GLX_PBUFFER_HEIGHT: height = a[1]; break;
      case GLX_PRESERVED_CONTENTS: preserved = a[1]; break;
      case GLX_LARGEST_PBUFFER: largest = a[1]; break;
      default: return fail_x(lock, dpy, BadValue, XID(a[0]), op, GLXPbuffer(None));
    }
  }
  if (width < 0 || height < 0) return fail_x(lock, dpy, BadValue, 0, op, GLXPbuffer(None));
  if (width > kMaxPbufferSize || height > kMaxPbufferSize) {
    if (!largest) return fail_x(lock, dpy, BadAlloc, 0, op, GLXPbuffer(None));
    width = std::min(width, kMaxPbufferSize);
    height = std::min(height, kMaxPbufferSize);
  }
  const GLXPbuffer id = XAllocID(dpy);
  Drawable* d = new_drawable(dpy, c, id, None, width, height, c->double_buffered);
  if (!d) return fail_x(lock, dpy, BadAlloc, 0, op, GLXPbuffer(None));
  d->preserved_contents = preserved;
  d->largest_pbuffer = largest;
  return id;
}

void DestroyPbuffer(Display* dpy, GLXPbuffer pbuffer) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, pbuffer);
  if (!d || d->window || d->pixmap) {
    fail_glx(lock, dpy, GLXBadPbuffer, pbuffer, X_GLXDestroyPbuffer, 0);
    return;
  }
  destroy_drawable(d);
}

GLXPixmap CreatePixmap(Display* dpy, GLXFBConfig config, Pixmap pixmap, const int* attributes) {
  Lock lock(glx_mutex());
  const unsigned char op = X_GLXCreatePixmap;
  const FBConfig* c = find_config(config);
  if (!c) return fail_glx(lock, dpy, GLXBadFBConfig, 0, op, GLXPixmap(None));
  // GLX 1.4 defines no pixmap attributes (GLX_EXT_texture_from_pixmap's are not advertised).
  if (attributes && attributes[0] != None) return fail_x(lock, dpy, BadValue, XID(attributes[0]), op, GLXPixmap(None));
  return make_pixmap(lock, dpy, c, pixmap, 0, op);
}

GLXPixmap CreateGLXPixmap(Display* dpy, XVisualInfo* visual, Pixmap pixmap) {
  Lock lock(glx_mutex());
  const unsigned char op = X_GLXCreateGLXPixmap;
  const FBConfig* c = visual ? config_for_visual(dpy, visual->screen, visual->visualid) : nullptr;
  if (!c) return fail_x(lock, dpy, BadValue, visual ? visual->visualid : 0, op, GLXPixmap(None));
  // GLX 1.4 3.3.5 (glXCreateGLXPixmap): the pixmap's depth must be the visual's.
  return make_pixmap(lock, dpy, c, pixmap, visual->depth, op);
}

void DestroyPixmap(Display* dpy, GLXPixmap pixmap) { destroy_pixmap(dpy, pixmap, X_GLXDestroyPixmap); }

void DestroyGLXPixmap(Display* dpy, GLXPixmap pixmap) { destroy_pixmap(dpy, pixmap, X_GLXDestroyGLXPixmap); }

void QueryDrawable(Display* dpy, GLXDrawable drawable, int attribute, unsigned int* value) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, drawable);
  if (!d) {
    fail_glx(lock, dpy, GLXBadDrawable, drawable, X_GLXGetDrawableAttributes, 0);
    return;
  }
  if (d->window) follow_window_size(*d);
  const WindowFramebufferConfig& buffers = *d->framebuffer->window;
  switch (attribute) {
    case GLX_WIDTH: *value = unsigned(buffers.width); break;
    case GLX_HEIGHT: *value = unsigned(buffers.height); break;
    case GLX_PRESERVED_CONTENTS: *value = d->preserved_contents; break;
    case GLX_LARGEST_PBUFFER: *value = d->largest_pbuffer; break;
    case GLX_FBCONFIG_ID: *value = unsigned(d->config->id); break;
    case GLX_SWAP_INTERVAL_EXT: *value = unsigned(d->swap_interval); break;
    case GLX_MAX_SWAP_INTERVAL_EXT: *value = kMaxSwapInterval; break;
    case GLX_BACK_BUFFER_AGE_EXT: *value = unsigned(buffers.back_buffer_age()); break;
    default: fail_x(lock, dpy, BadValue, XID(attribute), X_GLXGetDrawableAttributes, 0);
  }
}

void SelectEvent(Display* dpy, GLXDrawable drawable, unsigned long mask) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, drawable);
  if (!d) {
    fail_glx(lock, dpy, GLXBadDrawable, drawable, X_GLXChangeDrawableAttributes, 0);
    return;
  }
  d->event_mask = mask;  // glvk never clobbers a pbuffer, so no GLX_PBUFFER_CLOBBER event is sent
}

void GetSelectedEvent(Display* dpy, GLXDrawable drawable, unsigned long* mask) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, drawable);
  if (!d) {
    fail_glx(lock, dpy, GLXBadDrawable, drawable, X_GLXGetDrawableAttributes, 0);
    return;
  }
  *mask = d->event_mask;
}

void SwapBuffers(Display* dpy, GLXDrawable drawable) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, drawable);
  ContextObject* c = current_context();
  if (!d) {
    fail_glx(lock, dpy, GLXBadDrawable, drawable, X_GLXSwapBuffers, 0);
    return;
  }
  // Swapping needs a context to read the buffer back with: the calling thread's (GLX 1.4 3.3.10:
  // a drawable current to another thread's context is that thread's business; nothing happens).
  if (!c) return;
  draw_immediate_batch(*c->gl);
  c->gl->st().flush();
  if (!d->framebuffer->window->double_buffered) {
    // Single-buffered (pixmaps always): the flush only, which a pixmap's picture follows.
    if (d->pixmap) present(*c->gl, *d);
    return;
  }
  // Double-buffered pbuffers swap too (GLX 1.4 3.3.10), without anything to show.
  if (!swap_window_buffers(glx_screen(), *d->framebuffer)) {
    std::fprintf(stderr, "glvk: GLX: cannot allocate the front buffer of drawable 0x%lx\n", drawable);
    return;
  }
  if (!d->window) return;
  present(*c->gl, *d);
  follow_window_size(*d);
}

void WaitGL() {
  Lock lock(glx_mutex());
  ContextObject* c = current_context();
  if (!c) return;
  c->gl->st().finish();
  flush_front(*c->gl);  // front-buffer pictures (single-buffered windows, pixmaps) shown, as glFinish does
}

void WaitX() {
  Lock lock(glx_mutex());
  if (ContextObject* c = current_context()) XSync(c->dpy, False);
}

void UseXFont(Font, int, int, int) {
  static bool said = false;
  if (!said) std::fprintf(stderr, "glvk: GLX: glXUseXFont is not implemented (no display lists are made)\n");
  said = true;
}

const char* QueryExtensionsString(Display*, int) { return kExtensions; }

const char* QueryServerString(Display*, int, int name) { return GetClientString(nullptr, name); }

const char* GetClientString(Display*, int name) {
  switch (name) {
    case GLX_VENDOR: return "glvk";
    case GLX_VERSION: return "1.4";
    case GLX_EXTENSIONS: return kExtensions;
    default: return nullptr;
  }
}

void SwapIntervalEXT(Display* dpy, GLXDrawable drawable, int interval) {
  Lock lock(glx_mutex());
  Drawable* d = find_drawable(dpy, drawable);
  if (!d || !d->window) {
    fail_x(lock, dpy, BadWindow, drawable, X_GLXVendorPrivate, 0);
    return;
  }
  if (interval < 0) {
    fail_x(lock, dpy, BadValue, XID(interval), X_GLXVendorPrivate, 0);
    return;
  }
  d->swap_interval = std::min(unsigned(interval), kMaxSwapInterval);
}

int SwapIntervalMESA(unsigned int interval) {
  Lock lock(glx_mutex());
  ContextObject* c = current_context();
  if (!c || !c->draw) return GLX_BAD_CONTEXT;
  if (interval > kMaxSwapInterval) return GLX_BAD_VALUE;
  c->draw->swap_interval = int(interval);
  return 0;
}

int GetSwapIntervalMESA() {
  Lock lock(glx_mutex());
  ContextObject* c = current_context();
  return c && c->draw ? c->draw->swap_interval : 0;
}

int SwapIntervalSGI(int interval) {
  Lock lock(glx_mutex());
  ContextObject* c = current_context();
  if (interval <= 0) return GLX_BAD_VALUE;  // GLX_SGI_swap_control: zero and below are errors
  if (!c || !c->draw) return GLX_BAD_CONTEXT;
  c->draw->swap_interval = std::min(interval, int(kMaxSwapInterval));
  return 0;
}

}  // namespace api
}  // namespace glvk::gl::glx
