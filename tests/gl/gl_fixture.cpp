#include "gl_fixture.h"

#include <cstdlib>

namespace glvk::test {
namespace {

// Select glvk through libglvnd, on lavapipe, with validation (any validation error aborts).
// GLVK_TEST_SYSTEM_DRIVER=1 leaves the choice to libglvnd (e.g. Mesa llvmpipe), to check a
// test's expectations against a peer driver by hand.
const bool environment_ready = [] {
  if (getenv("GLVK_TEST_SYSTEM_DRIVER")) return true;
  setenv("__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON, 1);
  setenv("GLVK_VALIDATION", "1", 1);
  setenv("GLVK_DEVICE", "llvmpipe", 1);
  return true;
}();

}  // namespace

EGLDisplay surfaceless_display() {
  static EGLDisplay display = [] {
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d == EGL_NO_DISPLAY || !eglInitialize(d, nullptr, nullptr)) return EGL_NO_DISPLAY;
    return d;
  }();
  return display;
}

EGLContext create_context(std::vector<EGLint> attributes, EGLContext share) {
  if (attributes.empty() || attributes.back() != EGL_NONE) attributes.push_back(EGL_NONE);
  eglBindAPI(EGL_OPENGL_API);
  return eglCreateContext(surfaceless_display(), EGL_NO_CONFIG_KHR, share, attributes.data());
}

std::vector<EGLint> GlTest::context_attributes() const {
  return {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6, EGL_CONTEXT_OPENGL_PROFILE_MASK,
          EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT};
}

std::vector<EGLint> GlTest::compatibility_context_attributes() {
  return {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6, EGL_CONTEXT_OPENGL_PROFILE_MASK,
          EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT};
}

void GlTest::SetUp() {
  ASSERT_TRUE(environment_ready);
  display_ = surfaceless_display();
  ASSERT_NE(display_, EGL_NO_DISPLAY) << "no surfaceless display, EGL error 0x" << std::hex << eglGetError();
  context_ = create_context(context_attributes());
  ASSERT_NE(context_, EGL_NO_CONTEXT) << "EGL error 0x" << std::hex << eglGetError();
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_));
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

void GlTest::TearDown() {
  if (context_ != EGL_NO_CONTEXT) {
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "a test left a GL error pending";
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
  }
}

EGLConfig PbufferGlTest::find_config(EGLint alpha, EGLint depth, EGLint stencil, EGLint samples) {
  const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
  EGLConfig configs[32];
  EGLint count = 0;
  if (!eglChooseConfig(surfaceless_display(), wanted, configs, 32, &count)) return nullptr;
  for (EGLint i = 0; i < count; ++i) {
    EGLint r = 0, g = 0, b = 0, a = 0, d = 0, s = 0, n = 0;
    eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_RED_SIZE, &r);
    eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_GREEN_SIZE, &g);
    eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_BLUE_SIZE, &b);
    eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_ALPHA_SIZE, &a);
    eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_DEPTH_SIZE, &d);
    eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_STENCIL_SIZE, &s);
    eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_SAMPLES, &n);
    if (r == 8 && g == 8 && b == 8 && a == alpha && d == depth && s == stencil && n == samples) return configs[i];
  }
  return nullptr;
}

EGLSurface PbufferGlTest::create_pbuffer() const {
  const EGLint size[] = {EGL_WIDTH, shape().width, EGL_HEIGHT, shape().height, EGL_NONE};
  return eglCreatePbufferSurface(display_, config_, size);
}

void PbufferGlTest::SetUp() {
  GlTest::SetUp();
  if (HasFatalFailure()) return;
  config_ = find_config(shape().alpha, shape().depth, shape().stencil, shape().samples);
  ASSERT_NE(config_, nullptr) << "no config with alpha " << shape().alpha << ", depth " << shape().depth
                              << ", stencil " << shape().stencil << ", samples " << shape().samples;
  surface_ = create_pbuffer();
  ASSERT_NE(surface_, EGL_NO_SURFACE) << "EGL error 0x" << std::hex << eglGetError();
  ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, context_));
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

void PbufferGlTest::TearDown() {
  GlTest::TearDown();  // releases the context first
  if (surface_ != EGL_NO_SURFACE) eglDestroySurface(display_, surface_);
}

std::vector<std::uint8_t> pattern(std::size_t size, unsigned seed) {
  std::vector<std::uint8_t> out(size);
  std::uint32_t x = seed * 2654435761u + 12345u;
  for (auto& b : out) {
    x = x * 1664525u + 1013904223u;
    b = std::uint8_t(x >> 24);
  }
  return out;
}

std::vector<std::uint8_t> contents(GLuint buffer, std::size_t size) {
  std::vector<std::uint8_t> out(size, 0xEE);
  glGetNamedBufferSubData(buffer, 0, GLsizeiptr(size), out.data());
  return out;
}

}  // namespace glvk::test
