// GLX objects of the glvk vendor: framebuffer configurations, drawables, contexts, and the X
// side of presentation and errors.
#pragma once

// glvk's headers before Xlib's: Xlib defines macros (None, Bool, Status) that GL state names use.
#include "glvk/gl/context.h"
#include "x11/x11_window.h"

#include <GL/glx.h>

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace glvk::st {
class Screen;
}

namespace glvk::gl::glx {

// What one GLXFBConfig renders: 8-bit RGB(A) colour, optional depth 24 / stencil 8 (the default
// framebuffer's buffers, window_framebuffer.cpp), double-buffered, bound to one X visual.
struct FBConfig {
  int id;  // GLX_FBCONFIG_ID
  int alpha, depth, stencil;
  bool double_buffered;
  int screen;
  VisualID visual;  // a TrueColor visual of depth 24 with 8-bit channels (None: no X visual)
};

// The configs of a screen (glx_configs.cpp): the same handles for every call, kept for the
// process's life (libglvnd maps handles to screens; applications reuse them across connections).
// Empty when the screen has no suitable visual.
const std::vector<const FBConfig*>& screen_configs(Display* dpy, int screen);
// The config a handle names on `dpy` (null: not one of glvk's).
const FBConfig* find_config(GLXFBConfig handle);
// The config an X visual stands for (the richest config bound to it), or null.
const FBConfig* config_for_visual(Display* dpy, int screen, VisualID visual);
// A config's attribute (glXGetFBConfigAttrib / glXGetConfig); false for an unknown attribute.
bool config_attribute(const FBConfig& c, int attribute, int& value);
// glXChooseFBConfig (`visual_rules`: glXChooseVisual's defaults and boolean attributes); false
// for an unknown attribute, with `out` empty.
bool choose_configs(Display* dpy, int screen, const int* attributes, bool visual_rules,
                    std::vector<const FBConfig*>& out);

struct Drawable {
  Display* dpy;
  GLXDrawable id;  // what the application passes (the X window itself, or an XID glvk allocated)
  Window window;   // None for a pbuffer or pixmap
  const FBConfig* config;
  std::shared_ptr<FramebufferObject> framebuffer;
  Pixmap pixmap = None;  // a GLX pixmap's X pixmap (its framebuffer is single-buffered: front only)
  bool implicit = false;  // made for a plain X window by glXMakeCurrent
  bool preserved_contents = false, largest_pbuffer = false;
  int swap_interval = 1;  // GLX_EXT_swap_control's default
  unsigned long event_mask = 0;  // glXSelectEvent
  x11::Presenter presenter;  // windows and pixmaps: presentation by copy (x11/x11_window.h)
  bool destroy_pending = false;
  int current_count = 0;
};

struct ContextObject {
  Display* dpy;
  const FBConfig* config;  // null for a no-config context (GLX_EXT_no_config_context)
  int screen;
  int render_type;
  std::unique_ptr<gl::Context> gl;
  Drawable* draw = nullptr;
  Drawable* read = nullptr;
  bool current = false;
  bool destroy_pending = false;
};

// One lock for all GLX state of the vendor. Errors are raised after unlocking it: the
// application's X error handler may call GLX again.
std::mutex& glx_mutex();
using Lock = std::unique_lock<std::mutex>;
// The device every context renders with (created on the first call; throws when it cannot be).
std::shared_ptr<st::Screen> glx_screen();

// Objects of the vendor (glx_api.cpp; the caller holds the lock). Null: not glvk's (or being destroyed).
ContextObject* find_context(GLXContext handle);
Drawable* find_drawable(Display* dpy, GLXDrawable id);
std::vector<Drawable*> window_drawables(Display* dpy, Window window);  // those presenting to `window`
ContextObject*& current_context();  // the calling thread's
// Frees contexts and drawables whose destruction waited for them to stop being current.
void collect();
// Makes a drawable's default framebuffer follow its window's size (at swap and make-current).
void follow_window_size(Drawable& d);
void destroy_drawable(Drawable* d);  // now, or when it stops being current
void register_drawable(Drawable* d);
// The display is closing: its drawables go (those still current when their context lets go).
void forget_display_drawables(Display* dpy);
// A drawable presenting to `window` with `config`'s buffers at the window's size (glx_drawables.cpp),
// registered under `id`; null when the buffers cannot be allocated.
Drawable* make_window_drawable(Display* dpy, const FBConfig* config, GLXDrawable id, Window window, int width,
                               int height);

// X errors the GLX spec names (glx_errors.cpp): raised through Xlib's error handler, as the
// server's replies would be. `glx_code` is one of GLXBadContext, GLXBadFBConfig, ... (glxproto.h).
void raise_x_error(Display* dpy, unsigned char code, XID resource, unsigned char minor_opcode);
void raise_glx_error(Display* dpy, unsigned char glx_code, XID resource, unsigned char minor_opcode);
template <typename T>
T fail_x(Lock& lock, Display* dpy, unsigned char code, XID resource, unsigned char minor_opcode, T value) {
  if (lock.owns_lock()) lock.unlock();
  raise_x_error(dpy, code, resource, minor_opcode);
  return value;
}
template <typename T>
T fail_glx(Lock& lock, Display* dpy, unsigned char glx_code, XID resource, unsigned char minor_opcode, T value) {
  if (lock.owns_lock()) lock.unlock();
  raise_glx_error(dpy, glx_code, resource, minor_opcode);
  return value;
}
// Copies the framebuffer's front buffer to the drawable's window or pixmap (x11/x11_window.h).
void present(gl::Context& ctx, Drawable& d);
// The context leaves its drawables: a pixmap it drew to gets its pictures (GL commands for it are
// finished, as when a direct-rendering driver's context lets go of it), then it is released.
void leave_drawables(ContextObject* c);

}  // namespace glvk::gl::glx
