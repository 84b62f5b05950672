// The framebuffer several legacy integration tests draw into: a compatibility context and a
// kSize x kSize renderbuffer (RGBA8 unless a test names another format) behind a framebuffer
// object, cleared to (0, 0, 0, 0).
#pragma once

#include <vector>

#include "gl_fixture.h"

namespace glvk::test {

inline constexpr int kSize = 32;

class LegacyFramebufferTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }

  void SetUp() override {
    GlTest::SetUp();
    glGenRenderbuffers(1, &rb_);
    glBindRenderbuffer(GL_RENDERBUFFER, rb_);
    glRenderbufferStorage(GL_RENDERBUFFER, colour_format(), kSize, kSize);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb_);
    glViewport(0, 0, kSize, kSize);
    glClearColor(0, 0, 0, 0);
    clear();
  }

  void clear() { glClear(GL_COLOR_BUFFER_BIT); }
  virtual GLenum colour_format() const { return GL_RGBA8; }

  GLuint rb_ = 0, fbo_ = 0;
};

}  // namespace glvk::test
