/* pbuffer_shadow_probe: a 64x32 pbuffer of the RGBA8 + depth 24 + stencil 8 config, its default
 * framebuffer cleared (colour, depth, stencil), with only the system libEGL and libGL. Under glvk
 * with GLVK_SHADOW set, the clear emits the surface's framebuffer state into the shadow stream.
 * Exit status non-zero on any EGL or GL failure. */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>

int main(void) {
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) return 1;
  const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_ALPHA_SIZE, 8,
                           EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8, EGL_NONE};
  EGLConfig config;
  EGLint count = 0;
  if (!eglChooseConfig(display, wanted, &config, 1, &count) || count != 1) return 1;
  const EGLint size[] = {EGL_WIDTH, 64, EGL_HEIGHT, 32, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(display, config, size);
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, attributes);
  if (surface == EGL_NO_SURFACE || context == EGL_NO_CONTEXT || !eglMakeCurrent(display, surface, surface, context))
    return 1;
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) {
    fprintf(stderr, "pbuffer_shadow_probe: GL error 0x%04x\n", error);
    return 1;
  }
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
  eglDestroySurface(display, surface);
  return 0;
}
