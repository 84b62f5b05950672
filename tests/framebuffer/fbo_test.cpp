// Framebuffer and renderbuffer objects through the real dispatch on lavapipe with validation:
// every completeness status reached, attachment and renderbuffer queries, glReadPixels, errors.
#include <array>

#include "framebuffer_helpers.h"

namespace glvk::test {
namespace {

class FramebufferTest : public GlTest {
 protected:
  GLuint texture_2d(GLenum internal_format, GLsizei w, GLsizei h, GLenum format, GLenum type, const void* data) {
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(internal_format), w, h, 0, format, type, data);
    return t;
  }
  GLuint renderbuffer(GLenum internal_format, GLsizei w, GLsizei h, GLsizei samples = 0) {
    GLuint rb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internal_format, w, h);
    return rb;
  }
  GLuint framebuffer() {
    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    return fb;
  }
  static GLint attachment_parameter(GLenum attachment, GLenum pname) {
    GLint v = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pname, &v);
    return v;
  }
};

TEST_F(FramebufferTest, TextureAttachmentIsCompleteQueryableAndReadable) {
  const std::vector<std::uint8_t> data = pattern(8 * 6 * 4, 81);
  const GLuint t = texture_2d(GL_RGBA8, 8, 6, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
  framebuffer();
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_TEXTURE);
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), GLint(t));
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL), 0);
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE), 8);
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE),
            GL_UNSIGNED_NORMALIZED);
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING), GL_LINEAR);
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_NONE);

  // A 3x2 rectangle at (4, 3).
  std::vector<std::uint8_t> out(3 * 2 * 4, 0);
  glReadPixels(4, 3, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x)
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(out[std::size_t((y * 3 + x) * 4 + c)], data[std::size_t(((y + 3) * 8 + x + 4) * 4 + c)]);
  // Partly outside: the inside is read, the outside left alone.
  std::vector<std::uint8_t> edge(4 * 1 * 4, 0xCD);
  glReadPixels(6, 0, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, edge.data());
  EXPECT_EQ(edge[0], data[6 * 4]);
  EXPECT_EQ(edge[4 * 2], 0xCD);
}

TEST_F(FramebufferTest, SrgbAttachmentsReportTheirEncoding) {
  const GLuint t = texture_2d(GL_SRGB8_ALPHA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  framebuffer();
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
  EXPECT_EQ(attachment_parameter(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING), GL_SRGB);
}

TEST_F(FramebufferTest, RenderbuffersReportWhatWasAllocated) {
  renderbuffer(GL_RGB565, 16, 8);
  GLint v = 0;
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
  EXPECT_EQ(v, 16);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
  EXPECT_EQ(v, GL_RGB565);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_GREEN_SIZE, &v);
  EXPECT_EQ(v, 6);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_ALPHA_SIZE, &v);
  EXPECT_EQ(v, 0);
  renderbuffer(GL_DEPTH24_STENCIL8, 16, 8, 3);  // 3 samples: rounded up to a supported count
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
  EXPECT_EQ(v, 4);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
  EXPECT_EQ(v, 24);
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_STENCIL_SIZE, &v);
  EXPECT_EQ(v, 8);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not renderable";
  for (GLenum count = 1; count <= 4; ++count) {
    glRenderbufferStorage(GL_RENDERBUFFER, count, 4, 4);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "component count " << count << " is glTexImage's only";
  }
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(FramebufferTest, DepthStencilAttachmentSetsBothPoints) {
  const GLuint colour = renderbuffer(GL_RGBA8, 8, 8);
  const GLuint zs = renderbuffer(GL_DEPTH24_STENCIL8, 8, 8);
  framebuffer();
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, zs);
  EXPECT_EQ(attachment_parameter(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), GLint(zs));
  EXPECT_EQ(attachment_parameter(GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), GLint(zs));
  EXPECT_EQ(attachment_parameter(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 24);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
}

TEST_F(FramebufferTest, EveryIncompleteStatusIsReached) {
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_UNDEFINED)) << "no default framebuffer";
  const GLuint fb = framebuffer();
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 32);
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 32);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE)) << "attachment-less";

  const GLuint depth_texture = texture_2d(GL_DEPTH_COMPONENT32F, 8, 8, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, depth_texture, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 0, 0);

  const GLuint colour4 = renderbuffer(GL_RGBA8, 8, 8, 4);
  const GLuint colour1 = renderbuffer(GL_RGBA8, 8, 8, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour4);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, colour1);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour1);

  GLuint array;
  glGenTextures(1, &array);
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, array, 0);  // layered next to a non-layered one
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS));
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 0, 0);

  // Depth and stencil from two different images: Vulkan renders with one view for both.
  const GLuint depth = renderbuffer(GL_DEPTH_COMPONENT24, 8, 8);
  const GLuint stencil = renderbuffer(GL_STENCIL_INDEX8, 8, 8);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_UNSUPPORTED));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));

  // Deleting the bound framebuffer binds zero.
  glDeleteFramebuffers(1, &fb);
  GLint binding = -1;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &binding);
  EXPECT_EQ(binding, 0);
}

// GL 4.6 14.3.1. The 4-sample positions are Vulkan's standard ones, which Mesa llvmpipe and zink

// glvk remembers a framebuffer's last status (every draw asks): changes to the attached images
// themselves, with no framebuffer command between, must still change the answer (GL 4.6 9.4.2).
TEST_F(FramebufferTest, StatusFollowsRedefinitionsOfTheAttachedImages) {
  const GLuint t = texture_2d(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  const GLuint rb = renderbuffer(GL_DEPTH_COMPONENT24, 8, 8);
  framebuffer();
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 8, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT))
      << "a depth format in a colour attachment";
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  // The attached level leaves [BASE_LEVEL, MAX_LEVEL]: attachment-incomplete (9.4.1).
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, 8, 8);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE));
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT))
      << "a colour format in the depth attachment";
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 8, 8);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Two layers of two different 1D array textures in the depth and stencil attachments are two
// images (one view cannot hold both in Vulkan: UNSUPPORTED), the same layer of one texture is one.
TEST_F(FramebufferTest, OneDArrayDepthAndStencilImagesAreToldApart) {
  GLuint arrays[2];
  glGenTextures(2, arrays);
  for (GLuint a : arrays) {
    glBindTexture(GL_TEXTURE_1D_ARRAY, a);
    glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_DEPTH24_STENCIL8, 8, 2, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, nullptr);
  }
  framebuffer();
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, arrays[0], 0, 1);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, arrays[0], 0, 1);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, arrays[1], 0, 1);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_UNSUPPORTED));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}
// report too for the same program: (0.375, 0.125) (0.875, 0.375) (0.125, 0.625) (0.625, 0.875).
TEST_F(FramebufferTest, SamplePositionsOfTheDrawFramebuffer) {
  GLfloat p[2] = {-1, -1};
  framebuffer();
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer(GL_RGBA8, 8, 8, 4));
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);
  ASSERT_EQ(samples, 4);
  const float expected[4][2] = {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
  for (GLuint i = 0; i < 4; ++i) {
    glGetMultisamplefv(GL_SAMPLE_POSITION, i, p);
    EXPECT_EQ(p[0], expected[i][0]) << i;
    EXPECT_EQ(p[1], expected[i][1]) << i;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  p[0] = -1;
  glGetMultisamplefv(GL_SAMPLE_POSITION, 4, p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetMultisamplefv(GL_SAMPLES, 0, p);  // the pname is checked before the index
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(p[0], -1.0f);
  // A single-sample framebuffer has no sample positions (GL_SAMPLES is 0).
  framebuffer();
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer(GL_RGBA8, 8, 8));
  glGetMultisamplefv(GL_SAMPLE_POSITION, 0, p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

class CompatibilityFramebufferTest : public FramebufferTest {
 protected:
  std::vector<EGLint> context_attributes() const override {
    return {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0};
  }
};

// ARB_ES2_compatibility, advertised in every glvk context, removes the draw and read buffer rules
// (GL 4.1's 9.4.2 has none): a 3.0 context's framebuffer naming a missing attachment stays complete.
TEST_F(CompatibilityFramebufferTest, NoDrawAndReadBufferRulesWithEs2Compatibility) {
  const GLuint colour = renderbuffer(GL_RGBA8, 8, 8);
  framebuffer();
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const GLenum buffers[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, buffers);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glDrawBuffers(1, buffers);
  glReadBuffer(GL_COLOR_ATTACHMENT2);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
}

TEST_F(FramebufferTest, ReadPixelsOfDepthAndBadInput) {
  std::vector<float> depth(4 * 4);
  for (int i = 0; i < 16; ++i) depth[std::size_t(i)] = float(i) / 16.0f;
  const GLuint t = texture_2d(GL_DEPTH_COMPONENT32F, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  std::vector<float> out(16, -1.0f);
  glReadPixels(0, 0, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION)) << "no complete read framebuffer";
  framebuffer();
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, t, 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glReadPixels(0, 0, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(out, depth);
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "read buffer GL_NONE";
  glReadPixels(0, 0, -1, 4, GL_DEPTH_COMPONENT, GL_FLOAT, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 40, GL_TEXTURE_2D, t, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not an attachment point";
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 9, GL_TEXTURE_2D, t, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "beyond GL_MAX_COLOR_ATTACHMENTS";
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 20);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "level out of range";
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "the default framebuffer";
  glBindFramebuffer(GL_FRAMEBUFFER, 424242);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a name never generated (core profile)";
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

class ClearTest : public GlTest {
 protected:
  // A 6 x 4 texture framebuffer of undefined contents.
  static void colour_framebuffer(GLenum internal_format, GLenum format, GLenum type) {
    texture_framebuffer(internal_format, 6, 4, format, type, nullptr);
  }
  static std::vector<std::uint8_t> read_rgba8(GLsizei w, GLsizei h) {
    std::vector<std::uint8_t> out(std::size_t(w) * h * 4, 0);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    return out;
  }
};

TEST_F(ClearTest, ColourClearsConvertByTheSpecRules) {
  colour_framebuffer(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
  glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // round(c * 255): 63.75 -> 64, 127.5 -> 128, 191.25 -> 191 (the GPU clear may round .5 either way).
  const auto out = read_rgba8(6, 4);
  for (std::size_t i = 0; i < 24; ++i) {
    EXPECT_EQ(out[i * 4 + 0], 64);
    EXPECT_NEAR(out[i * 4 + 1], 128, 1);
    EXPECT_EQ(out[i * 4 + 2], 191);
    EXPECT_EQ(out[i * 4 + 3], 255);
  }
}

TEST_F(ClearTest, ScissorAndColourMaskLimitTheClear) {
  colour_framebuffer(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 1, 3, 2);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const auto out = read_rgba8(6, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 6; ++x) {
      const bool inside = x >= 2 && x < 5 && y >= 1 && y < 3;
      const std::uint8_t* p = &out[std::size_t((y * 6 + x) * 4)];
      EXPECT_EQ(p[0], inside ? 255 : 0) << x << "," << y;
      EXPECT_EQ(p[1], 0) << x << "," << y;
      EXPECT_EQ(p[2], inside ? 255 : 0) << x << "," << y;
      EXPECT_EQ(p[3], 0) << x << "," << y;
    }
}

TEST_F(ClearTest, IntegerAndSrgbBuffers) {
  colour_framebuffer(GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE);
  const GLuint value[4] = {1, 2, 3, 250};
  glClearBufferuiv(GL_COLOR, 0, value);
  std::vector<GLuint> out(6 * 4 * 4, 0);
  glReadPixels(0, 0, 6, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < 24; ++i)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(out[i * 4 + std::size_t(c)], value[c]);

  colour_framebuffer(GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE);
  const GLfloat half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  glClearBufferfv(GL_COLOR, 0, half);  // GL_FRAMEBUFFER_SRGB off: the value is stored as it is
  EXPECT_NEAR(read_rgba8(6, 4)[0], 128, 1);
  glEnable(GL_FRAMEBUFFER_SRGB);
  glClearBufferfv(GL_COLOR, 0, half);  // on: encoded, 0.5 linear is 0.7354 in sRGB (188)
  glDisable(GL_FRAMEBUFFER_SRGB);
  const auto encoded = read_rgba8(6, 4);
  EXPECT_NEAR(encoded[0], 188, 1);
  EXPECT_NEAR(encoded[3], 128, 1) << "alpha is never encoded";
}

TEST_F(ClearTest, DepthStencilClearsHonourMasks) {
  GLuint rb, fb;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 0x5a);
  std::vector<GLuint> zs(16, 0);
  glReadPixels(0, 0, 4, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Depth 0.5 in 24 bits: round(0.5 * (2^24 - 1)) = 8388608 (within one unit); stencil in bits 0-7.
  for (GLuint v : zs) {
    EXPECT_NEAR(double(v >> 8), 8388608.0, 1.0);
    EXPECT_EQ(v & 0xff, 0x5au);
  }
  // Only the low stencil bits, only in the scissor box; depth untouched.
  glStencilMask(0x0f);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 1, 2, 2);
  const GLint ones = 0xff;
  glClearBufferiv(GL_STENCIL, 0, &ones);
  glDisable(GL_SCISSOR_TEST);
  glStencilMask(0xff);
  glReadPixels(0, 0, 4, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs.data());
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const bool inside = x >= 1 && x < 3 && y >= 1 && y < 3;
      const GLuint v = zs[std::size_t(y * 4 + x)];
      EXPECT_EQ(v & 0xff, inside ? 0x5fu : 0x5au) << x << "," << y;
      EXPECT_NEAR(double(v >> 8), 8388608.0, 1.0);
    }
  // Clears take the front-face write mask (GL 4.6 section 17.4.3); the back one is for drawing.
  glStencilMaskSeparate(GL_BACK, 0x00);
  glStencilMaskSeparate(GL_FRONT, 0xf0);
  GLint front = 0, back = -1;
  glGetIntegerv(GL_STENCIL_WRITEMASK, &front);
  glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &back);
  EXPECT_EQ(front, 0xf0);
  EXPECT_EQ(back, 0x00);
  const GLint zero = 0;
  glClearBufferiv(GL_STENCIL, 0, &zero);
  glReadPixels(0, 0, 4, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs.data());
  EXPECT_EQ(zs[0] & 0xff, 0x0au) << "0x5a with the high nibble cleared";
  EXPECT_EQ(zs[5] & 0xff, 0x0fu) << "0x5f with the high nibble cleared";
  glStencilMaskSeparate(GL_FRONT_AND_BACK, 0xff);
  glGetIntegerv(GL_STENCIL_BACK_WRITEMASK, &back);
  EXPECT_EQ(back, 0xff);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glStencilMaskSeparate(GL_LEFT, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

// ARB_viewport_array: a scissor test and box per viewport index. glScissor and glEnable set them
// all; clears obey index 0 only.
TEST_F(ClearTest, ClearsUseScissorIndexZero) {
  const GLuint fb = texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  (void)fb;
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glScissor(0, 0, 4, 4);
  glScissorIndexed(1, 0, 0, 1, 1);
  const GLint boxes[8] = {2, 2, 2, 2, 3, 3, 1, 1};
  glScissorArrayv(2, 2, boxes);
  GLint box[4] = {};
  glGetIntegeri_v(GL_SCISSOR_BOX, 3, box);
  EXPECT_EQ(std::vector<GLint>(box, box + 4), (std::vector<GLint>{3, 3, 1, 1}));
  glGetIntegeri_v(GL_SCISSOR_BOX, 15, box);
  EXPECT_EQ(std::vector<GLint>(box, box + 4), (std::vector<GLint>{0, 0, 4, 4})) << "glScissor set every box";
  glEnablei(GL_SCISSOR_TEST, 1);
  EXPECT_TRUE(glIsEnabledi(GL_SCISSOR_TEST, 1));
  EXPECT_FALSE(glIsEnabled(GL_SCISSOR_TEST)) << "glIsEnabled reads index 0";
  glClearColor(1, 1, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);  // index 0's test is off: the whole buffer
  std::vector<std::uint8_t> pixels(4 * 4 * 4, 0);
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  EXPECT_TRUE(std::all_of(pixels.begin(), pixels.end(), [](std::uint8_t v) { return v == 255; }));
  glScissorIndexed(0, 1, 1, 2, 1);
  glEnablei(GL_SCISSOR_TEST, 0);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);  // only index 0's box (1,1)-(3,2)
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      EXPECT_EQ(pixels[std::size_t((y * 4 + x) * 4)], (x >= 1 && x < 3 && y == 1) ? 0 : 255) << x << "," << y;
  glDisable(GL_SCISSOR_TEST);
  EXPECT_FALSE(glIsEnabledi(GL_SCISSOR_TEST, 1)) << "glDisable clears every index";
  glEnablei(GL_BLEND, 3);
  EXPECT_TRUE(glIsEnabledi(GL_BLEND, 3));
  EXPECT_FALSE(glIsEnabled(GL_BLEND));
  glEnable(GL_BLEND);
  EXPECT_TRUE(glIsEnabledi(GL_BLEND, 7));
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glScissorIndexed(16, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glScissorArrayv(15, 2, boxes);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  const GLint negative[4] = {0, 0, -1, 1};
  glScissorArrayv(0, 1, negative);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glEnablei(GL_BLEND, 8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glEnablei(GL_DEPTH_TEST, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetIntegeri_v(GL_SCISSOR_BOX, 16, box);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(ClearTest, LayeredClearsEveryLayer) {
  GLuint t, fb;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D_ARRAY, t);
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<std::uint8_t> out(2 * 2 * 3 * 4, 0);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(out[i * 4 + 0], 255) << "texel " << i;
    EXPECT_EQ(out[i * 4 + 1], 0);
  }
}

TEST_F(ClearTest, BadInputRaisesTheSpecError) {
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION)) << "no complete draw framebuffer";
  colour_framebuffer(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE);
  glClear(0x00100000);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  const GLfloat v[4] = {0, 0, 0, 0};
  glClearBufferfv(GL_STENCIL, 0, v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glClearBufferfv(GL_COLOR, 9, v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glClearBufferfv(GL_DEPTH, 1, v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glScissor(0, 0, -1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

using BlitTest = GlTest;

TEST_F(BlitTest, ScalesFlipsAndConverts) {
  // 2x2 source of distinct colours.
  const std::uint8_t src[16] = {10, 20, 30, 255, 40, 50, 60, 255, 70, 80, 90, 255, 100, 110, 120, 255};
  const GLuint read = texture_framebuffer(GL_RGBA8, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, src);
  GLuint dst_texture;
  const GLuint draw = texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr, GL_COLOR_ATTACHMENT0, &dst_texture);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw);
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(4 * 4 * 4);
  glBindTexture(GL_TEXTURE_2D, dst_texture);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      EXPECT_EQ(out[std::size_t((y * 4 + x) * 4)], src[((y / 2) * 2 + x / 2) * 4]) << x << "," << y;
  // Horizontal flip: destination x runs backwards.
  glBlitFramebuffer(0, 0, 2, 2, 4, 0, 0, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      EXPECT_EQ(out[std::size_t((y * 4 + x) * 4)], src[((y / 2) * 2 + (3 - x) / 2) * 4]) << x << "," << y;
  // Into a float buffer: unorm c/255.
  GLuint float_texture;
  const GLuint float_draw = texture_framebuffer(GL_RGBA32F, 2, 2, GL_RGBA, GL_FLOAT, nullptr, GL_COLOR_ATTACHMENT0, &float_texture);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, float_draw);
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  std::vector<float> f(2 * 2 * 4);
  glBindTexture(GL_TEXTURE_2D, float_texture);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, f.data());
  for (int i = 0; i < 16; ++i) EXPECT_NEAR(f[std::size_t(i)], src[i] / 255.0f, 1e-6f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(BlitTest, WithinOneImageAndResolve) {
  const std::vector<std::uint8_t> data = pattern(4 * 2 * 4, 91);
  GLuint t;
  const GLuint fb = texture_framebuffer(GL_RGBA8, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, data.data(), GL_COLOR_ATTACHMENT0, &t);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
  glBlitFramebuffer(0, 0, 2, 2, 2, 0, 4, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);  // left half onto the right half
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(data.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int y = 0; y < 2; ++y)
    for (int x = 2; x < 4; ++x)
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(out[std::size_t((y * 4 + x) * 4 + c)], data[std::size_t((y * 4 + x - 2) * 4 + c)]);

  // A 4-sample renderbuffer cleared to one colour resolves to that colour.
  GLuint rb, ms;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 4, 2);
  glGenFramebuffers(1, &ms);
  glBindFramebuffer(GL_FRAMEBUFFER, ms);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
  glBlitFramebuffer(0, 0, 4, 2, 0, 0, 4, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (std::size_t i = 0; i < 8; ++i) {
    EXPECT_EQ(out[i * 4 + 0], 0);
    EXPECT_EQ(out[i * 4 + 1], 255);
  }
  glBlitFramebuffer(0, 0, 4, 2, 0, 0, 2, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a resolve cannot scale";
}

TEST_F(BlitTest, BadInputRaisesTheSpecError) {
  const GLuint a = texture_framebuffer(GL_RGBA8, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  const GLuint b = texture_framebuffer(GL_RGBA8UI, 2, 2, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, a);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, b);
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "normalized into integer";
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, a);
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "linear depth";
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "filter";
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, 0x8000, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "mask";
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION)) << "no read framebuffer";
}

TEST_F(BlitTest, CopyTexImageTakesTheReadBuffer) {
  const std::vector<std::uint8_t> data = pattern(6 * 4 * 4, 93);
  texture_framebuffer(GL_RGBA8, 6, 4, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
  GLuint copy;
  glGenTextures(1, &copy);
  glBindTexture(GL_TEXTURE_2D, copy);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 1, 1, 3, 2, 0);  // RGB: alpha reads back as 1
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(3 * 2 * 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3; ++x) {
      for (int c = 0; c < 3; ++c)
        EXPECT_EQ(out[std::size_t((y * 3 + x) * 4 + c)], data[std::size_t(((y + 1) * 6 + x + 1) * 4 + c)]);
      EXPECT_EQ(out[std::size_t((y * 3 + x) * 4 + 3)], 255);
    }
  // Into part of an existing image.
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 0, 0, 1, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out[std::size_t((1 * 3 + 2) * 4)], data[0]);
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 2, 1, 0, 0, 2, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "region outside the image";
  glReadBuffer(GL_NONE);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 2, 2, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "read buffer GL_NONE";
}

// The 1D, 3D and layered forms take the read buffer's rows into the image the target names:
// a 1D array's rows land in consecutive layers, a 3D/array copy in one slice.
TEST_F(BlitTest, CopyTexImageIntoOneDThreeDAndArrays) {
  const std::vector<std::uint8_t> data = pattern(4 * 3 * 4, 17);
  texture_framebuffer(GL_RGBA8, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
  auto read_texel = [&](int x, int y) { return &data[std::size_t((y * 4 + x) * 4)]; };
  GLuint textures[4];
  glGenTextures(4, textures);

  glBindTexture(GL_TEXTURE_1D, textures[0]);
  glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 1, 2, 3, 0);  // row 2, x = 1..3
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 2, 0, 0, 1);  // texel 2 from (0, 0)
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> row(3 * 4);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, row.data());
  for (int c = 0; c < 4; ++c) {
    EXPECT_EQ(row[std::size_t(c)], read_texel(1, 2)[c]);
    EXPECT_EQ(row[std::size_t(4 + c)], read_texel(2, 2)[c]);
    EXPECT_EQ(row[std::size_t(8 + c)], read_texel(0, 0)[c]);
  }

  glBindTexture(GL_TEXTURE_1D_ARRAY, textures[1]);
  glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 0, 0, 4, 3, 0);  // three layers of 4
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 1, 2, 0, 2, 2);  // layers 1-2, texels 0-1
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> layers(4 * 3 * 4);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers.data());
  for (int layer = 0; layer < 3; ++layer)
    for (int x = 0; x < 4; ++x) {
      const bool replaced = layer >= 1 && x < 2;
      const std::uint8_t* expected = replaced ? read_texel(x + 2, layer - 1) : read_texel(x, layer);
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(layers[std::size_t((layer * 4 + x) * 4 + c)], expected[c]) << "layer " << layer << " x " << x;
    }

  const std::vector<std::uint8_t> zeros(2 * 2 * 3 * 4, 0);
  for (GLenum target : {GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY}) {
    glBindTexture(target, target == GL_TEXTURE_3D ? textures[2] : textures[3]);
    glTexImage3D(target, 0, GL_RGBA8, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, zeros.data());
    glCopyTexSubImage3D(target, 0, 0, 0, 2, 1, 1, 2, 2);  // slice 2 from (1, 1)
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    std::vector<std::uint8_t> out(zeros.size());
    glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    for (int z = 0; z < 3; ++z)
      for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x)
          for (int c = 0; c < 4; ++c)
            EXPECT_EQ(out[std::size_t(((z * 2 + y) * 2 + x) * 4 + c)], z == 2 ? read_texel(x + 1, y + 1)[c] : 0)
                << "target 0x" << std::hex << target << " texel " << x << "," << y << "," << z;
    glCopyTexSubImage3D(target, 0, 0, 0, 3, 0, 0, 1, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "zoffset past the last slice";
  }
  glCopyTexSubImage3D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "2D is not a 3D target";
  glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 2, 0, 0, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "past the 1D image's end";
  glCopyTexImage1D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 1, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "2D is not a 1D target";
  glCopyTexSubImage1D(GL_TEXTURE_1D, -1, 0, 0, 0, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative level";
  glDeleteTextures(4, textures);
}

// A compressed image takes glCopyTexSubImage's rectangle in whole blocks (GL 4.6 8.7: offsets on
// block boundaries, sizes whole blocks or reaching the image's edge), encoded as texels would be:
// a solid 4x4 block of a colour S3TC holds exactly (5-6-5 endpoints of 0 and 255) reads back as it is.
TEST_F(BlitTest, CopyTexSubImageIntoCompressedArrayLayersTakesWholeBlocks) {
  std::vector<std::uint8_t> red(8 * 8 * 4);
  for (std::size_t i = 0; i < red.size(); i += 4) red[i] = red[i + 3] = 255;
  texture_framebuffer(GL_RGBA8, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, red.data());
  GLuint array;
  glGenTextures(1, &array);
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4, 4, 1, 0, 0, 4, 4);  // the last block of layer 1
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(8 * 8 * 2 * 4, 7);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int y = 4; y < 8; ++y)
    for (int x = 4; x < 8; ++x) {
      const std::size_t at = std::size_t(((64 + y * 8 + x)) * 4);
      EXPECT_EQ((std::array<int, 4>{out[at], out[at + 1], out[at + 2], out[at + 3]}), (std::array<int, 4>{255, 0, 0, 255}))
          << "layer 1 texel " << x << "," << y;
    }
  glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 2, 0, 0, 0, 0, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "x offset inside a block";
  glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 0, 0, 3, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "width short of a block and of the edge";
  glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 4, 4, 0, 0, 0, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "a whole block up to the edge";
  glDeleteTextures(1, &array);
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

class AttachmentLifetimeTest : public GlTest {};

TEST_F(AttachmentLifetimeTest, OneDArrayLayersAndDeletedTextures) {
  GLuint array, fb;
  glGenTextures(1, &array);
  glBindTexture(GL_TEXTURE_1D_ARRAY, array);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);  // 4 layers
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 3);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE)) << "layer 3 of 4";
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, array, 0, 4);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT)) << "layer 4 of 4";
  // Deleting an attached texture detaches it from the bound framebuffer.
  glDeleteTextures(1, &array);
  GLint type = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
                                        &type);
  EXPECT_EQ(type, GL_NONE);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
}

}  // namespace
}  // namespace glvk::test
