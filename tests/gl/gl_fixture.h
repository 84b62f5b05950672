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
#include <cstring>
#include <vector>

namespace glvk::test {

// The surfaceless display, initialized once per process.
EGLDisplay surfaceless_display();

// Creates a context with these EGL attributes (EGL_NONE-terminated), or EGL_NO_CONTEXT.
EGLContext create_context(std::vector<EGLint> attributes, EGLContext share = EGL_NO_CONTEXT);

// Whether the current context lists `name` among its extensions (glGetStringi).
inline bool has_extension(const char* name) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i)
    if (std::strcmp(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i))), name) == 0) return true;
  return false;
}

class GlTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  // Attributes of the context SetUp creates: GL 4.6 core by default.
  virtual std::vector<EGLint> context_attributes() const;
  // GL 4.6 compatibility profile, for fixtures that override context_attributes().
  static std::vector<EGLint> compatibility_context_attributes();

  EGLDisplay display_ = EGL_NO_DISPLAY;
  EGLContext context_ = EGL_NO_CONTEXT;
};

// A context current on a pbuffer surface: the default framebuffer is the surface's. The config
// is the one with exactly `shape()`'s colour, depth and stencil sizes and sample count.
class PbufferGlTest : public GlTest {
 protected:
  struct Shape {
    EGLint width = 16, height = 12;
    EGLint alpha = 8, depth = 24, stencil = 8;
    EGLint samples = 0;
  };
  void SetUp() override;
  void TearDown() override;
  virtual Shape shape() const { return {}; }

  // The config with exactly these sizes and samples (red, green and blue are 8), or null.
  static EGLConfig find_config(EGLint alpha, EGLint depth, EGLint stencil, EGLint samples);
  // A new pbuffer of `shape()`'s size and config.
  EGLSurface create_pbuffer() const;

  EGLConfig config_ = nullptr;
  EGLSurface surface_ = EGL_NO_SURFACE;
};

// Deterministic test bytes.
std::vector<std::uint8_t> pattern(std::size_t size, unsigned seed);

// The contents of `buffer` through glGetNamedBufferSubData.
std::vector<std::uint8_t> contents(GLuint buffer, std::size_t size);

}  // namespace glvk::test
