/* framebuffer_probe: the surface of seed 002's gl-3.0-render-integer dump as a GL program, with
 * only the system libEGL and libGL: a 200x200 GL_RGBA32I texture attached to a framebuffer and
 * cleared. Under glvk with GLVK_SHADOW set, the clear emits the framebuffer state into the
 * shadow stream. Exit status non-zero on any EGL or GL failure. */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>

#include "../support/probe_egl.h"

int main(void) {
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_NONE};
  ProbeContext probe;
  if (!probe_make_current(&probe, "framebuffer_probe", attributes)) return 1;
  GLuint texture, framebuffer;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32I, 200, 200);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) return 1;
  const GLint zero[4] = {0, 0, 0, 0};
  glClearBufferiv(GL_COLOR, 0, zero);
  const GLenum error = glGetError();
  if (error != GL_NO_ERROR) {
    fprintf(stderr, "framebuffer_probe: GL error 0x%04x\n", error);
    return 1;
  }
  probe_release(&probe);
  return 0;
}
