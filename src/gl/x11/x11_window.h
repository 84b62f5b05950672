// What GLX and EGL share on X11 windows: presentation of a window's default framebuffer by copying
// its shown (front) buffer into the window with XShmPutImage when MIT-SHM works on the connection,
// else XPutImage, and the window queries both need (attributes with X errors trapped, size). GLX
// pixmaps are shown the same way. The pixels come back through src/gl and src/st
// (read_colour_bgra8); nothing here knows Vulkan.
#pragma once

// glvk's headers before Xlib's: Xlib defines macros (None, Bool, Status) that GL state names use.
#include "glvk/gl/context.h"

#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>

#include <memory>
#include <vector>

namespace glvk::st {
class Screen;
}

namespace glvk::gl::x11 {

// The X connection state presentation keeps per window (or GLX pixmap).
struct Presenter {
  Display* dpy = nullptr;
  ::Drawable target = 0;  // the window or pixmap the pictures go to
  Visual* visual = nullptr;
  int depth = 0;
  GC gc = nullptr;
  XImage* image = nullptr;
  XShmSegmentInfo shm{};
  bool use_shm = false;
  std::vector<unsigned char> pixels;  // bottom-up BGRA read back from the front buffer
  // Pixmaps: X errors of the copy are trapped, since the application may free the X pixmap while
  // its GLX pixmap lives (glXDestroyGLXPixmap may come after XFreePixmap).
  bool trap_errors = false;
};

// An X pixmap's root window, size and depth.
struct PixmapGeometry {
  ::Window root = 0;
  int width = 0, height = 0, depth = 0;
};

// Whether `window` is a window on `dpy`, with its attributes (read with X errors trapped).
bool window_attributes(Display* dpy, ::Window window, XWindowAttributes& out);
// The window's size now; false when it is gone.
bool window_size(Display* dpy, ::Window window, int& width, int& height);

// Whether `pixmap` is a pixmap on `dpy` (not a window), with its geometry (X errors trapped).
bool pixmap_geometry(Display* dpy, ::Pixmap pixmap, PixmapGeometry& out);

// Prepares `window` for presentation (a GC, MIT-SHM unless GLVK_XSHM=0); false when it cannot be.
bool prepare_presenter(Presenter& p, Display* dpy, ::Window window);
// The same for a pixmap of `depth`, its pixels laid out as `visual`'s (a TrueColor visual with
// 8-bit channels; depth 32 puts the alpha in the top byte).
bool prepare_pixmap_presenter(Presenter& p, Display* dpy, ::Pixmap pixmap, Visual* visual, int depth);
// Copies the framebuffer's front buffer (what GL_FRONT reads: the last swapped picture), or with
// `back` its back buffer (eglCopyBuffers: what is drawn), to the window or pixmap.
void present(Presenter& p, gl::Context& ctx, FramebufferObject& fb, bool back = false);
// Frees the presenter's X objects (the window or pixmap itself is the application's).
void release_presenter(Presenter& p);

// Reallocates the framebuffer's buffers at the window's size when it changed (other drivers
// resize at swap and make-current too). `api` names the caller in the message of a failure.
void follow_window_size(const std::shared_ptr<st::Screen>& screen, Display* dpy, ::Window window,
                        FramebufferObject& fb, const char* api);

}  // namespace glvk::gl::x11
