// What the window-system libraries (egl/, glx/) share: the GL context a program asks for, checked
// and created the same way whichever API asked, binding a context to its surfaces' default
// framebuffers, and the window framebuffer operations presentation needs (resize, swap, read).
#pragma once

#include <cstddef>
#include <functional>
#include <memory>

#include "glvk/gl/context.h"
#include "glvk/gl/framebuffer_object.h"

namespace glvk::st {
class Screen;
}

namespace glvk::gl {

// A context request after the API's own attribute parsing (EGL_KHR_create_context and
// GLX_ARB_create_context name the same attributes).
struct ContextRequest {
  Api api = Api::OpenGL;  // EGL's bound API (GLX asks for OpenGL only)
  int major = 1, minor = 0;
  bool core_profile_bit = true;    // the profile mask (core is the default of both APIs)
  bool compat_profile_bit = false;
  bool other_profile_bits = false;  // ES profiles and unknown bits
  bool debug = false, forward_compatible = false, robust_access = false;
  bool lose_context_on_reset = false;
  bool no_error = false;  // KHR_no_error (GLX_ARB_create_context_no_error, EGL_KHR_create_context_no_error)
  // KHR_context_flush_control (GLX_ARB_context_flush_control, EGL_KHR_context_flush_control):
  // releasing the context submits its commands (the default), or not.
  bool release_flush = true;
};

// Why a request cannot be served; each API maps these to its own errors.
enum class ContextRequestError {
  NONE,
  BAD_VERSION,           // not a GL version (1.6, 3.4, ...) or above glvk's highest; ES 1.x
  BAD_PROFILE,           // 3.2+ with no profile glvk has (or several bits)
  FORWARD_COMPATIBLE_PRE_30,
  UNSUPPORTED_ROBUSTNESS,  // robust buffer access: the device is created without it
  SHARE_RESET_STRATEGY,    // sharing with a context of the other reset notification strategy
  NO_ERROR_CONFLICT,       // no-error with debug or robust access, or sharing across no-error modes
};

// `share`: the context whose objects the new one would share, or null.
ContextRequestError check_context_request(const ContextRequest& request, const Context* share = nullptr);

// Creates the context (the request checked first); shares `share`'s objects when not null.
// Throws when the device cannot create it.
std::unique_ptr<Context> create_context(const ContextRequest& request, const Context* share,
                                        std::shared_ptr<st::Screen> screen);

// Makes `draw`/`read` the default framebuffers of `ctx` (null: surfaceless); the first surface
// sizes the viewport and scissor. `unbind_surfaces` flushes and drops them.
void bind_surfaces(Context& ctx, std::shared_ptr<FramebufferObject> draw, std::shared_ptr<FramebufferObject> read);
void unbind_surfaces(Context& ctx);

// st_manager's flush_front: what glFlush/glFinish call on this thread when the current context
// draws into the front buffer of its window's framebuffer (single-buffered windows, or
// glDrawBuffer(GL_FRONT)), to show it. The window system sets it with the context current on the
// thread; unbind_surfaces clears it.
void set_front_flush(std::function<void()> present_front);
// glFlush/glFinish: shows the front buffer when the current draw buffers include it.
void flush_front(Context& ctx);

// Releases a window-system context object from its thread: EGL's and GLX's have `gl` (the
// Context), `current`, and `draw`/`read` surfaces that count how many contexts hold them current.
template <typename ContextObject>
void release_context_object(ContextObject* c) {
  if (!c) return;
  unbind_surfaces(*c->gl);
  c->current = false;
  for (auto* s : {c->draw, c->read})
    if (s) --s->current_count;
  c->draw = c->read = nullptr;
}

// The default framebuffer of a surface of `config`'s channel sizes (window_framebuffer.cpp).
WindowFramebufferConfig surface_buffers(GLsizei width, GLsizei height, int alpha_bits, int depth_bits,
                                        int stencil_bits, int samples, bool double_buffered);

// Reallocates every buffer of a window framebuffer at a new size (contents undefined, draw/read
// buffer state kept). False when the device cannot allocate them.
bool resize_window_framebuffer(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb, GLsizei width,
                               GLsizei height);

// The swap of a double-buffered window framebuffer: the back buffer becomes the front (what
// GL_FRONT reads: what was last shown) and the old front the back (undefined contents).
bool swap_window_buffers(const std::shared_ptr<st::Screen>& screen, FramebufferObject& fb);

// Reads the front colour buffer (after swap_window_buffers: what is shown), or with `back` the
// back one of a double-buffered framebuffer (what is drawn), as 8-bit B, G, R, A bytes, bottom
// row first, `width * 4` bytes a row, through `ctx`'s st context. False when it has no such
// buffer or the read failed.
bool read_colour_bgra8(Context& ctx, FramebufferObject& fb, bool back, void* pixels);

}  // namespace glvk::gl
