// Integration fixture: a glvk GL context made through the system libEGL (libglvnd) on the
// surfaceless platform. The vendor file, lavapipe and validation come from the test environment.
#pragma once

#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace glvk::test {

// The surfaceless display, initialized once per process.
EGLDisplay surfaceless_display();

// Creates a context with these EGL attributes (EGL_NONE-terminated), or EGL_NO_CONTEXT.
EGLContext create_context(std::vector<EGLint> attributes, EGLContext share = EGL_NO_CONTEXT);

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Attributes of the context SetUp creates: GL 4.6 core by default.
  virtual std::vector<EGLint> context_attributes() const;

  EGLDisplay display_ = EGL_NO_DISPLAY;
  EGLContext context_ = EGL_NO_CONTEXT;
};

// Deterministic test bytes.
std::vector<std::uint8_t> pattern(std::size_t size, unsigned seed);

// The contents of `buffer` through glGetNamedBufferSubData.
std::vector<std::uint8_t> contents(GLuint buffer, std::size_t size);

}  // namespace glvk::test
