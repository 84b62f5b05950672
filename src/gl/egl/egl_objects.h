// EGL objects of the glvk vendor: displays, configs, surfaces, contexts, and the per-thread
// error and current-context state.
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "glvk/gl/context.h"

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
  EGLint width, height;
  bool largest_pbuffer;
  // The GL default framebuffer: its buffers, and its draw/read buffer state, live as long as the
  // surface, so contents persist across eglMakeCurrent.
  std::shared_ptr<gl::FramebufferObject> framebuffer;
  bool destroy_pending = false;  // eglDestroySurface while current: freed on release
  int current_count = 0;
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
  EGLenum platform;  // EGL_NONE for eglGetDisplay(EGL_DEFAULT_DISPLAY)
  bool initialized = false;
  std::shared_ptr<st::Screen> screen;
  std::set<Surface*> surfaces;
  std::set<ContextObject*> contexts;
};

// One lock for all EGL state of the vendor.
std::mutex& egl_mutex();
// The displays (one per platform), created on first request; never freed.
Display* display_for(EGLenum platform);
bool is_display(EGLDisplay dpy);

// The calling thread's EGL error (eglGetError) and current context.
void set_error(EGLint error);
EGLint take_error();

}  // namespace glvk::gl::egl
