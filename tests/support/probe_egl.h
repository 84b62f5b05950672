/* The setup every C probe shares: a surfaceless EGL display, a context made current and an RGBA8
 * framebuffer object. Probes link only the system libEGL/libGL, so one binary runs on glvk and on
 * the Mesa peers; this header keeps that true (no glvk code, nothing but EGL and GL calls).
 * Header-only because each probe is a single C file. */
#ifndef GLVK_TESTS_PROBE_EGL_H
#define GLVK_TESTS_PROBE_EGL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>

typedef struct {
  EGLDisplay display;
  EGLContext context;
} ProbeContext;

/* Makes a context of `attributes` (eglCreateContext's list) current on the surfaceless display,
 * without a surface, and prints "<probe>: <GL_RENDERER>" on stderr (the peer harness checks
 * that each run names the driver it asked for). Returns 0, saying why on stderr, when there is no
 * display or no such context. */
static inline int probe_make_current(ProbeContext* probe, const char* probe_name, const EGLint* attributes) {
  probe->display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  probe->context = EGL_NO_CONTEXT;
  if (probe->display == EGL_NO_DISPLAY || !eglInitialize(probe->display, NULL, NULL) ||
      !eglBindAPI(EGL_OPENGL_API)) {
    fprintf(stderr, "%s: no surfaceless EGL display (0x%x)\n", probe_name, eglGetError());
    return 0;
  }
  probe->context = eglCreateContext(probe->display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  if (probe->context == EGL_NO_CONTEXT ||
      !eglMakeCurrent(probe->display, EGL_NO_SURFACE, EGL_NO_SURFACE, probe->context)) {
    fprintf(stderr, "%s: no context of the version asked for (0x%x)\n", probe_name, eglGetError());
    return 0;
  }
  fprintf(stderr, "%s: %s\n", probe_name, (const char*)glGetString(GL_RENDERER));
  return 1;
}

/* A size x size framebuffer object of an RGBA8 renderbuffer, and of a depth renderbuffer of
 * `depth_format` unless it is GL_NONE, bound for drawing and reading, with the viewport over it.
 * Returns 0 when the framebuffer is incomplete. */
static inline int probe_framebuffer(GLsizei size, GLenum depth_format) {
  GLuint framebuffer, renderbuffers[2];
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenRenderbuffers(2, renderbuffers);
  glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers[0]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size, size);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffers[0]);
  if (depth_format != GL_NONE) {
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, depth_format, size, size);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, renderbuffers[1]);
  }
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    fprintf(stderr, "incomplete framebuffer\n");
    return 0;
  }
  glViewport(0, 0, size, size);
  return 1;
}

/* Releases and destroys the context and the display's resources. */
static inline void probe_release(ProbeContext* probe) {
  eglMakeCurrent(probe->display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(probe->display, probe->context);
  eglTerminate(probe->display);
}

#endif
