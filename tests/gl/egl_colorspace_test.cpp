// EGL_GL_COLORSPACE (EGL 1.5 section 3.5, EGL_KHR_gl_colorspace): a surface created with
// EGL_GL_COLORSPACE_SRGB has sRGB-encoded colour buffers (GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING
// SRGB), into which a GL context with GL_FRAMEBUFFER_SRGB enabled writes encoded values (GL 4.6
// 17.3.7); a linear surface (the default) stores what is written.
#include <cmath>
#include <string>

#include "gl_fixture.h"
#include "gl_programs.h"

namespace glvk::test {
namespace {

// The sRGB transfer function (GL 4.6 equation 17.1) of a linear value, as an 8-bit unorm.
int srgb_byte(float linear) {
  const float s = linear <= 0.0031308f ? 12.92f * linear : 1.055f * std::pow(linear, 1.0f / 2.4f) - 0.055f;
  return int(std::lround(s * 255.0f));
}

class EglColorspaceTest : public GlTest {
 protected:
  void TearDown() override {
    GlTest::TearDown();  // releases the context first
    if (surface_ != EGL_NO_SURFACE) eglDestroySurface(display_, surface_);
  }

  // A 4x4 pbuffer of the config with this alpha size (8-bit colour, 24/8 depth/stencil), made current.
  void make_current_on(EGLint alpha, const std::vector<EGLint>& colorspace_attributes) {
    config_ = config_with_alpha(alpha);
    ASSERT_NE(config_, nullptr);
    std::vector<EGLint> attributes = {EGL_WIDTH, 4, EGL_HEIGHT, 4};
    attributes.insert(attributes.end(), colorspace_attributes.begin(), colorspace_attributes.end());
    attributes.push_back(EGL_NONE);
    surface_ = eglCreatePbufferSurface(display_, config_, attributes.data());
    ASSERT_NE(surface_, EGL_NO_SURFACE) << "EGL error 0x" << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, context_));
  }

  static EGLConfig config_with_alpha(EGLint alpha) {
    const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_ALPHA_SIZE, alpha,
                             EGL_SAMPLES, 0, EGL_NONE};
    EGLConfig configs[16];
    EGLint count = 0;
    if (!eglChooseConfig(surfaceless_display(), wanted, configs, 16, &count)) return nullptr;
    for (EGLint i = 0; i < count; ++i) {
      EGLint a = -1;
      eglGetConfigAttrib(surfaceless_display(), configs[i], EGL_ALPHA_SIZE, &a);
      if (a == alpha) return configs[i];
    }
    return nullptr;
  }

  static GLint back_encoding() {
    GLint encoding = 0;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING,
                                          &encoding);
    return encoding;
  }

  static int cleared_green(float green) {
    glClearColor(0.0f, green, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    GLubyte pixel[4] = {};
    glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
    return pixel[1];
  }

  EGLConfig config_ = nullptr;
  EGLSurface surface_ = EGL_NO_SURFACE;
};

TEST_F(EglColorspaceTest, DisplayAdvertisesKhrGlColorspace) {
  const std::string extensions = eglQueryString(display_, EGL_EXTENSIONS);
  EXPECT_NE((" " + extensions + " ").find(" EGL_KHR_gl_colorspace "), std::string::npos);
}

TEST_F(EglColorspaceTest, SrgbPbufferEncodesWritesWithFramebufferSrgb) {
  make_current_on(8, {EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB});
  EGLint colorspace = 0;
  ASSERT_TRUE(eglQuerySurface(display_, surface_, EGL_GL_COLORSPACE, &colorspace));
  EXPECT_EQ(colorspace, EGL_GL_COLORSPACE_SRGB);
  EXPECT_EQ(back_encoding(), GL_SRGB);
  glEnable(GL_FRAMEBUFFER_SRGB);
  EXPECT_NEAR(cleared_green(0.3f), srgb_byte(0.3f), 1);  // 149
  // Blending happens on linear values: the destination is decoded, the sum encoded again.
  const GLuint program = link(
      "#version 330 core\nvoid main() { vec2 p = vec2((gl_VertexID & 1) * 4 - 1, (gl_VertexID >> 1) * 4 - 1);"
      " gl_Position = vec4(p, 0.0, 1.0); }\n",
      "#version 330 core\nout vec4 color; void main() { color = vec4(0.0, 0.3, 0.0, 1.0); }\n");
  GLuint vao = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glUseProgram(program);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  GLubyte pixel[4] = {};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  EXPECT_NEAR(pixel[1], srgb_byte(0.6f), 2);  // 203
  // Without GL_FRAMEBUFFER_SRGB the bits go unencoded (GL 4.6 17.3.7).
  glDisable(GL_FRAMEBUFFER_SRGB);
  EXPECT_NEAR(cleared_green(0.3f), 77, 1);
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(program);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(EglColorspaceTest, SrgbPbufferWithoutAlphaKeepsNoAlpha) {
  make_current_on(0, {EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB});
  EXPECT_EQ(back_encoding(), GL_SRGB);
  GLint alpha_bits = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE, &alpha_bits);
  EXPECT_EQ(alpha_bits, 0);
  glEnable(GL_FRAMEBUFFER_SRGB);
  EXPECT_NEAR(cleared_green(0.3f), srgb_byte(0.3f), 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(EglColorspaceTest, LinearIsTheDefaultAndStoresWhatIsWritten) {
  make_current_on(8, {});
  EGLint colorspace = 0;
  ASSERT_TRUE(eglQuerySurface(display_, surface_, EGL_GL_COLORSPACE, &colorspace));
  EXPECT_EQ(colorspace, EGL_GL_COLORSPACE_LINEAR);
  EXPECT_EQ(back_encoding(), GL_LINEAR);
  glEnable(GL_FRAMEBUFFER_SRGB);  // no effect on a linear buffer
  EXPECT_NEAR(cleared_green(0.3f), 77, 1);
}

TEST_F(EglColorspaceTest, OtherValuesAreBadAttributes) {
  config_ = config_with_alpha(8);
  ASSERT_NE(config_, nullptr);
  const EGLint attributes[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_GL_COLORSPACE, 0x1234, EGL_NONE};
  EXPECT_EQ(eglCreatePbufferSurface(display_, config_, attributes), EGL_NO_SURFACE);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

}  // namespace
}  // namespace glvk::test
