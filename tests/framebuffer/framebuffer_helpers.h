// Framebuffers the framebuffer tests build again and again.
#pragma once

#include "gl_fixture.h"

namespace glvk::test {

// A framebuffer (bound to GL_FRAMEBUFFER) whose `attachment` is a new w x h 2D texture of
// `internal_format` holding `data` (nullptr: undefined). A depth/stencil-only framebuffer draws and
// reads no colour buffer.
inline GLuint texture_framebuffer(GLenum internal_format, GLsizei w, GLsizei h, GLenum format, GLenum type,
                                  const void* data, GLenum attachment = GL_COLOR_ATTACHMENT0,
                                  GLuint* texture = nullptr) {
  GLuint t, fb;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GLint(internal_format), w, h, 0, format, type, data);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, attachment, GL_TEXTURE_2D, t, 0);
  if (attachment != GL_COLOR_ATTACHMENT0) {
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
  }
  if (texture) *texture = t;
  return fb;
}

// The same with a 4-sample renderbuffer (rounded up to what the device offers).
inline GLuint multisample_framebuffer(GLenum internal_format, GLsizei w, GLsizei h,
                                      GLenum attachment = GL_COLOR_ATTACHMENT0) {
  GLuint rb, fb;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, internal_format, w, h);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, attachment, GL_RENDERBUFFER, rb);
  if (attachment != GL_COLOR_ATTACHMENT0) {
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
  }
  return fb;
}

}  // namespace glvk::test
