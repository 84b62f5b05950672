// Framebuffer and renderbuffer objects through the real dispatch on lavapipe with validation:
// every completeness status reached, attachment and renderbuffer queries, glReadPixels, errors.
#include "gl_fixture.h"

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

class CompatibilityFramebufferTest : public FramebufferTest {
 protected:
  std::vector<EGLint> context_attributes() const override {
    return {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0};
  }
};

TEST_F(CompatibilityFramebufferTest, DrawAndReadBufferRulesBeforeGl41) {
  const GLuint colour = renderbuffer(GL_RGBA8, 8, 8);
  framebuffer();
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const GLenum buffers[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, buffers);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER));
  glDrawBuffers(1, buffers);
  glReadBuffer(GL_COLOR_ATTACHMENT2);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER));
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
