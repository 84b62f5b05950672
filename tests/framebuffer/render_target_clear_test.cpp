// Clears that take the render-target path (dynamic rendering: vkCmdClearAttachments or an internal
// pipeline with write masks): scissored, masked, multisample, sRGB-unencoded, integer and layered
// clears, read back through glReadPixels, glGetTexImage or a resolve. Expected values are the GL
// spec's conversions worked by hand.
#include <cmath>

#include "framebuffer_helpers.h"

namespace glvk::test {
namespace {

class RenderTargetClearTest : public GlTest {
 protected:
  static bool inside(int x, int y, int x0, int y0, int w, int h) { return x >= x0 && x < x0 + w && y >= y0 && y < y0 + h; }
};

// Every sample of a pixel gets the clear value, so the resolve of a cleared multisample buffer
// gives that value exactly, inside the scissor box and outside it.
TEST_F(RenderTargetClearTest, MultisampleScissoredAndMaskedClears) {
  constexpr GLsizei w = 7, h = 5;
  const GLuint ms = multisample_framebuffer(GL_RGBA8, w, h);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0.0f, 0.0f, 1.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 2, 4, 2);
  glColorMask(GL_TRUE, GL_TRUE, GL_FALSE, GL_TRUE);
  glClearColor(1.0f, 0.2f, 0.0f, 0.6f);  // blue is masked: it keeps 1.0
  glClear(GL_COLOR_BUFFER_BIT);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_SCISSOR_TEST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  const GLuint resolved = texture_framebuffer(GL_RGBA8, w, h, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved);
  glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, resolved);
  std::vector<std::uint8_t> out(w * h * 4, 0);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::uint8_t* p = &out[std::size_t((y * w + x) * 4)];
      if (inside(x, y, 1, 2, 4, 2)) {
        // round(0.2 * 255) = 51, round(0.6 * 255) = 153.
        EXPECT_EQ(p[0], 255) << x << "," << y;
        EXPECT_EQ(p[1], 51) << x << "," << y;
        EXPECT_EQ(p[2], 255) << x << "," << y;
        EXPECT_EQ(p[3], 153) << x << "," << y;
      } else {
        EXPECT_EQ(p[0], 0) << x << "," << y;
        EXPECT_EQ(p[2], 255) << x << "," << y;
        EXPECT_EQ(p[3], 0) << x << "," << y;
      }
    }
}

// GL_FRAMEBUFFER_SRGB off: a masked sRGB clear stores round(v * 255) unencoded; on: the sRGB
// encoding of v (0.5 linear -> 0.7354 -> 188). Alpha is never encoded.
TEST_F(RenderTargetClearTest, MaskedSrgbClearsEncodeOnlyWithFramebufferSrgb) {
  texture_framebuffer(GL_SRGB8_ALPHA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  const GLfloat zero[4] = {0, 0, 0, 0}, half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  glClearBufferfv(GL_COLOR, 0, zero);
  glColorMaski(0, GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE);
  glClearBufferfv(GL_COLOR, 0, half);
  std::vector<std::uint8_t> out(4 * 4 * 4, 0);
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(out[0], 128);
  EXPECT_EQ(out[1], 0);
  EXPECT_EQ(out[3], 128);
  glEnable(GL_FRAMEBUFFER_SRGB);
  glColorMaski(0, GL_FALSE, GL_TRUE, GL_FALSE, GL_FALSE);
  glClearBufferfv(GL_COLOR, 0, half);
  glDisable(GL_FRAMEBUFFER_SRGB);
  glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out[0], 128) << "red kept";
  EXPECT_NEAR(out[1], 188, 1) << "green encoded";
  EXPECT_EQ(out[2], 0);
  EXPECT_EQ(out[3], 128) << "alpha kept";
}

// Integer buffers keep all 32 bits of each channel, signs included, under a mask and a scissor.
TEST_F(RenderTargetClearTest, MaskedIntegerClearsKeepEveryBit) {
  texture_framebuffer(GL_RGBA32I, 5, 3, GL_RGBA_INTEGER, GL_INT, nullptr);
  const GLint first[4] = {7, 7, 7, 7}, second[4] = {-2147483647 - 1, 2147483647, -5, 123456789};
  glClearBufferiv(GL_COLOR, 0, first);
  glEnable(GL_SCISSOR_TEST);
  glScissor(3, 0, 10, 2);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
  glClearBufferiv(GL_COLOR, 0, second);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_SCISSOR_TEST);
  std::vector<GLint> out(5 * 3 * 4, 0);
  glReadPixels(0, 0, 5, 3, GL_RGBA_INTEGER, GL_INT, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 5; ++x) {
      const GLint* p = &out[std::size_t((y * 5 + x) * 4)];
      const bool in = inside(x, y, 3, 0, 10, 2);
      EXPECT_EQ(p[0], in ? second[0] : 7) << x << "," << y;
      EXPECT_EQ(p[1], 7) << x << "," << y;
      EXPECT_EQ(p[2], in ? second[2] : 7) << x << "," << y;
      EXPECT_EQ(p[3], in ? second[3] : 7) << x << "," << y;
    }
}

// GL_RGB8 may be stored with an alpha channel; a masked clear leaves the texture reading alpha 1.
TEST_F(RenderTargetClearTest, MaskedClearOfRgbKeepsAlphaOne) {
  texture_framebuffer(GL_RGB8, 3, 3, GL_RGB, GL_UNSIGNED_BYTE, nullptr);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
  glClearColor(1, 1, 1, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  std::vector<std::uint8_t> out(3 * 3 * 4, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < 9; ++i) {
    EXPECT_EQ(out[i * 4 + 0], 0);
    EXPECT_EQ(out[i * 4 + 1], 255);
    EXPECT_EQ(out[i * 4 + 3], 255) << "an RGB texture reads alpha 1";
  }
}

// A layered 3D attachment clears the scissor box of every depth slice; a single-slice attachment
// only its own slice.
TEST_F(RenderTargetClearTest, ScissoredClearsOfThreeDSlices) {
  constexpr GLsizei w = 4, h = 3, d = 3;
  GLuint t, fb;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  std::vector<std::uint8_t> zero(w * h * d * 4, 0);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 1, 2, 5);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 2);
  glScissor(0, 0, 1, 1);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  std::vector<std::uint8_t> out(zero.size(), 0);
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int z = 0; z < d; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const std::uint8_t* p = &out[std::size_t(((z * h + y) * w + x) * 4)];
        const bool red = inside(x, y, 1, 1, 2, 5), green = z == 2 && x == 0 && y == 0;
        EXPECT_EQ(p[0], red ? 255 : 0) << x << "," << y << "," << z;
        EXPECT_EQ(p[1], green ? 255 : 0) << x << "," << y << "," << z;
      }
}

// Unscissored clears of a 3D texture: a single-slice attachment clears only its slice (of a
// mipmap level too), a layered one every slice of its level. Vulkan's transfer clear of a 3D image
// has no slice range, so the single-slice clears must not go through it.
TEST_F(RenderTargetClearTest, UnscissoredClearsOfThreeDSlicesAndLevels) {
  constexpr GLsizei w = 4, h = 4, d = 4;
  GLuint t, fb;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  std::vector<std::uint8_t> zero(w * h * d * 4, 0);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
  glTexImage3D(GL_TEXTURE_3D, 1, GL_RGBA8, w / 2, h / 2, d / 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 2);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 1, 1);
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(zero.size(), 7);
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int z = 0; z < d; ++z)
    for (int i = 0; i < w * h; ++i) {
      const std::uint8_t* p = &out[std::size_t((z * w * h + i) * 4)];
      EXPECT_EQ(p[0], z == 2 ? 255 : 0) << "level 0 slice " << z << " texel " << i;
      EXPECT_EQ(p[3], z == 2 ? 255 : 0) << "level 0 slice " << z << " texel " << i;
    }
  glGetTexImage(GL_TEXTURE_3D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int z = 0; z < d / 2; ++z)
    for (int i = 0; i < w * h / 4; ++i)
      EXPECT_EQ(out[std::size_t((z * w * h / 4 + i) * 4 + 1)], z == 1 ? 255 : 0) << "level 1 slice " << z;
  // Layered: every slice of level 0, level 1 untouched.
  glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int i = 0; i < w * h * d; ++i) EXPECT_EQ(out[std::size_t(i * 4 + 2)], 255) << "texel " << i;
  glGetTexImage(GL_TEXTURE_3D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out[2], 0);
  EXPECT_EQ(out[std::size_t(w * h / 4 * 4 + 1)], 255);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// A scissored depth clear with a partial stencil write mask on a multisample depth/stencil buffer,
// read back through a resolve (sample 0, and every sample holds the clear value).
TEST_F(RenderTargetClearTest, MultisampleDepthStencilClears) {
  const GLuint multisample = multisample_framebuffer(GL_DEPTH24_STENCIL8, 4, 4, GL_DEPTH_STENCIL_ATTACHMENT);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0xff);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 1, 2, 2);
  glStencilMask(0x0f);
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.25f, 0x33);
  glStencilMask(0xff);
  glDisable(GL_SCISSOR_TEST);

  const GLuint single = texture_framebuffer(GL_DEPTH24_STENCIL8, 4, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                                            nullptr, GL_DEPTH_STENCIL_ATTACHMENT);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, multisample);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, single);
  std::vector<GLuint> out(16, 0);
  glReadPixels(0, 0, 4, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x) {
      const GLuint v = out[std::size_t(y * 4 + x)];
      const bool in = inside(x, y, 1, 1, 2, 2);
      // Inside: depth round(0.25 * (2^24 - 1)) = 4194304, stencil (0xff & ~0x0f) | (0x33 & 0x0f) = 0xf3.
      EXPECT_NEAR(double(v >> 8), in ? 4194304.0 : 16777215.0, 1.0) << x << "," << y;
      EXPECT_EQ(v & 0xff, in ? 0xf3u : 0xffu) << x << "," << y;
    }
}

// An attached texture image stays attached when the texture is respecified: clears reach the new
// storage, and completeness follows the new format (the render-to-texture rule of seed 002).
TEST_F(RenderTargetClearTest, RespecifiedAttachmentsStayCoherent) {
  GLuint texture = 0;
  texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr, GL_COLOR_ATTACHMENT0, &texture);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  std::vector<std::uint8_t> out(8 * 6 * 4, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < 8 * 6; ++i) {
    EXPECT_EQ(out[i * 4 + 0], 0) << "texel " << i;
    EXPECT_EQ(out[i * 4 + 1], 255) << "texel " << i;
  }
  // RGB9_E5 is not colour-renderable (GL 4.6 table 8.12).
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 8, 6, 0, GL_RGB, GL_FLOAT, nullptr);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT));
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
}

}  // namespace
}  // namespace glvk::test
