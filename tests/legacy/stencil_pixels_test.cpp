// glDrawPixels and glCopyPixels of stencil indices and DEPTH_STENCIL data (GL 4.6 compatibility
// 18.1 and 18.3; GL 1.1 4.3.1: stencil indices bypass every per-fragment operation except the
// pixel ownership and scissor tests, and are written through the stencil write mask; 8.4.4's index
// shift and offset apply), through the real dispatch on lavapipe with validation. Expected values
// are computed here from those rules; they are exact (integers).
#include <array>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

constexpr int kSize = 16;

class StencilPixelsTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }

  void SetUp() override {
    GlTest::SetUp();
    glGenRenderbuffers(2, rb_);
    glBindRenderbuffer(GL_RENDERBUFFER, rb_[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kSize, kSize);
    glBindRenderbuffer(GL_RENDERBUFFER, rb_[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, kSize, kSize);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb_[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb_[1]);
    glViewport(0, 0, kSize, kSize);
    glClearStencil(0x80);
    glClearDepth(1.0);
    glClear(GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_COLOR_BUFFER_BIT);
  }

  void TearDown() override {
    glDeleteFramebuffers(1, &fbo_);
    glDeleteRenderbuffers(2, rb_);
    GlTest::TearDown();
  }

  static int stencil(int x, int y) {
    GLubyte s = 0;
    glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
    return s;
  }
  static double depth(int x, int y) {
    GLfloat d = 0;
    glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    return d;
  }

  GLuint rb_[2] = {}, fbo_ = 0;
};

// 18.1 masks a stencil index to the buffer's bits as an integer: every bit of a 32-bit index
// counts, not a float rounding of it (0x12345679 as a float is 0x12345680).
TEST_F(StencilPixelsTest, LargeIntegerIndicesKeepTheirLowBits) {
  const GLint ints[] = {0x12345679, -0x1234567f};
  const GLuint uints[] = {0xfedcba97u, 0x7fffff01u};
  glWindowPos2i(0, 0);
  glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_INT, ints);
  glWindowPos2i(0, 1);
  glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_INT, uints);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(stencil(0, 0), 0x79);
  EXPECT_EQ(stencil(1, 0), 0x81);  // two's complement -0x1234567f = 0xedcba981
  EXPECT_EQ(stencil(0, 1), 0x97);
  EXPECT_EQ(stencil(1, 1), 0x01);
}

TEST_F(StencilPixelsTest, IndicesBypassTheFragmentTestsAndObeyTheWriteMaskAndScissor) {
  // Tests that would reject every fragment do not apply to stencil indices.
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_NEVER, 0, 0xff);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_NEVER);
  glEnable(GL_ALPHA_TEST);
  glAlphaFunc(GL_NEVER, 0);
  glStencilMask(0x3f);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 3, kSize);  // column 3 is outside
  const GLubyte indices[] = {0x01, 0x02, 0xff, 0x44, 0x10, 0x20, 0x30, 0x40};  // 4x2
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glWindowPos2i(0, 0);
  glDrawPixels(4, 2, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, indices);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDisable(GL_SCISSOR_TEST);
  // (old & ~mask) | (index & mask) with old = 0x80, mask = 0x3f.
  const auto written = [](int index) { return (0x80 & ~0x3f) | (index & 0x3f); };
  EXPECT_EQ(stencil(0, 0), written(0x01));
  EXPECT_EQ(stencil(1, 0), written(0x02));
  EXPECT_EQ(stencil(2, 0), written(0xff));
  EXPECT_EQ(stencil(3, 0), 0x80) << "outside the scissor";
  EXPECT_EQ(stencil(0, 1), written(0x10));
  EXPECT_EQ(stencil(2, 1), written(0x30));
  // Colour and depth are untouched.
  GLubyte rgba[4] = {1, 1, 1, 1};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(rgba[0], 0);
  EXPECT_EQ(depth(0, 0), 1.0);
}

TEST_F(StencilPixelsTest, IndexShiftAndOffsetApplyAndOtherTypesConvert) {
  glPixelTransferi(GL_INDEX_SHIFT, 2);
  glPixelTransferi(GL_INDEX_OFFSET, 3);
  const GLushort indices[] = {1, 0x40, 0x1ff};
  glWindowPos2i(5, 5);
  glDrawPixels(3, 1, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT, indices);
  EXPECT_EQ(stencil(5, 5), (1 * 4 + 3) & 0xff);
  EXPECT_EQ(stencil(6, 5), (0x40 * 4 + 3) & 0xff);
  EXPECT_EQ(stencil(7, 5), (0x1ff * 4 + 3) & 0xff);
  glPixelTransferi(GL_INDEX_SHIFT, -1);
  glPixelTransferi(GL_INDEX_OFFSET, 0);
  const GLfloat floats[] = {9.75f, 200.0f};
  glWindowPos2i(5, 6);
  glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_FLOAT, floats);
  EXPECT_EQ(stencil(5, 6), 9 >> 1);  // the integer part, then shifted right
  EXPECT_EQ(stencil(6, 6), 200 >> 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// DEPTH_STENCIL's depth is written like its stencil, whatever the depth test (which is off here):
// Mesa llvmpipe does the same with this program's calls (checked on this machine).
TEST_F(StencilPixelsTest, DepthStencilDataWritesBoth) {
  // UNSIGNED_INT_24_8: depth in the high 24 bits (0x400000 / (2^24 - 1) ~ 0.25), stencil in the low 8.
  const GLuint packed[] = {0x40000000u | 0x33u, 0xc0000000u | 0x05u};
  glWindowPos2i(2, 2);
  glDrawPixels(2, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, packed);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(stencil(2, 2), 0x33);
  EXPECT_EQ(stencil(3, 2), 0x05);
  EXPECT_NEAR(depth(2, 2), double(0x400000) / 16777215.0, 1e-6);
  EXPECT_NEAR(depth(3, 2), double(0xc00000) / 16777215.0, 1e-6);
  // glCopyPixels(DEPTH_STENCIL) copies both to the raster position.
  glWindowPos2i(10, 12);
  glCopyPixels(2, 2, 2, 1, GL_DEPTH_STENCIL);
  EXPECT_EQ(stencil(10, 12), 0x33);
  EXPECT_EQ(stencil(11, 12), 0x05);
  EXPECT_NEAR(depth(11, 12), double(0xc00000) / 16777215.0, 1e-6);
  // glCopyPixels(STENCIL) with a zoom of 2 in x.
  glPixelZoom(2, 1);
  glWindowPos2i(4, 14);
  glCopyPixels(2, 2, 2, 1, GL_STENCIL);
  glPixelZoom(1, 1);
  EXPECT_EQ(stencil(4, 14), 0x33);
  EXPECT_EQ(stencil(5, 14), 0x33);
  EXPECT_EQ(stencil(6, 14), 0x05);
  EXPECT_EQ(stencil(7, 14), 0x05);
  EXPECT_EQ(stencil(8, 14), 0x80);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(StencilPixelsTest, IndicesInDisplayListsAndErrors) {
  GLubyte indices[] = {7, 8};
  glWindowPos2i(0, 8);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, indices);
  glEndList();
  EXPECT_EQ(stencil(0, 8), 0x80);
  indices[0] = indices[1] = 0;
  glCallList(list);
  EXPECT_EQ(stencil(0, 8), 7);
  EXPECT_EQ(stencil(1, 8), 8);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDrawPixels(1, 1, GL_DEPTH_STENCIL, GL_FLOAT, indices);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_SHORT_5_6_5, indices);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glCopyPixels(0, 0, 1, 1, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // Without a stencil buffer.
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
  glDrawPixels(1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, indices);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glCopyPixels(0, 0, 1, 1, GL_STENCIL);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace glvk::test
