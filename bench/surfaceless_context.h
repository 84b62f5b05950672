// The context an EGL+GL benchmark draws in (bench/draw, bench/legacy): Mesa's surfaceless platform
// through the system libEGL, no config, no surface (the benchmarks draw into framebuffer objects).
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>

// Creates a desktop GL context with `context_attributes` and makes it current; false when EGL
// cannot (no surfaceless platform, no such context).
inline bool make_surfaceless_context_current(const EGLint* context_attributes) {
  auto get_platform_display =
      reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (!get_platform_display) return false;
  EGLDisplay display = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (!eglInitialize(display, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API)) return false;
  EGLContext context = eglCreateContext(display, nullptr, EGL_NO_CONTEXT, context_attributes);
  return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}
