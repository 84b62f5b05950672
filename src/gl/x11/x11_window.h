// What GLX and EGL share on X11 windows: presentation of a window's default framebuffer by copying
// its shown (front) buffer into the window with XShmPutImage when MIT-SHM works on the connection,
// else XPutImage, and the window queries both need (attributes with X errors trapped, size). The
// pixels come back through src/gl and src/st (read_front_bgra8); nothing here knows Vulkan.
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

// The X connection state presentation keeps per window.
struct Presenter {
  Display* dpy = nullptr;
  ::Window window = 0;
  Visual* visual = nullptr;
  int depth = 0;
  GC gc = nullptr;
  XImage* image = nullptr;
  XShmSegmentInfo shm{};
  bool use_shm = false;
  std::vector<unsigned char> pixels;  // bottom-up BGRA read back from the front buffer
};

// Whether `window` is a window on `dpy`, with its attributes (read with X errors trapped).
bool window_attributes(Display* dpy, ::Window window, XWindowAttributes& out);
// The window's size now; false when it is gone.
bool window_size(Display* dpy, ::Window window, int& width, int& height);

// Prepares `window` for presentation (a GC, MIT-SHM unless GLVK_XSHM=0); false when it cannot be.
bool prepare_presenter(Presenter& p, Display* dpy, ::Window window);
// Copies the framebuffer's front buffer (what GL_FRONT reads: the last swapped picture) to the window.
void present(Presenter& p, gl::Context& ctx, FramebufferObject& fb);
// Frees the presenter's X objects (the window itself is the application's).
void release_presenter(Presenter& p);

// Reallocates the framebuffer's buffers at the window's size when it changed (other drivers
// resize at swap and make-current too). `api` names the caller in the message of a failure.
void follow_window_size(const std::shared_ptr<st::Screen>& screen, Display* dpy, ::Window window,
                        FramebufferObject& fb, const char* api);

}  // namespace glvk::gl::x11
