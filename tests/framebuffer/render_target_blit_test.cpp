// glBlitFramebuffer where vkCmdBlitImage cannot go: into multisample buffers (an internal shader
// replicates each source pixel into every sample), between multisample buffers (a copy), resolves
// into another format (resolve, then convert), depth/stencil resolves (a dynamic-rendering resolve
// of sample 0), and blits of only the depth or only the stencil of a combined buffer. A second
// ctest run (GLVK_BLIT=shader) sends every colour blit through the shader. Expected values are
// worked by hand from the GL rules.
#include "framebuffer_helpers.h"

namespace glvk::test {
namespace {

class RenderTargetBlitTest : public GlTest {
 protected:
  static void blit(GLuint read, GLuint draw, GLsizei w, GLsizei h, GLbitfield mask) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw);
    glBlitFramebuffer(0, 0, w, h, 0, 0, w, h, mask, GL_NEAREST);
  }
  static std::vector<std::uint8_t> read_rgba8(GLuint fb, GLsizei w, GLsizei h) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    std::vector<std::uint8_t> out(std::size_t(w) * std::size_t(h) * 4, 0);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    return out;
  }
};

// Single sample -> multisample replicates every pixel into its samples, so resolving back gives
// the original texels exactly; multisample -> multisample of the same count copies the samples.
TEST_F(RenderTargetBlitTest, IntoAndBetweenMultisampleBuffers) {
  constexpr GLsizei w = 5, h = 3;
  const std::vector<std::uint8_t> texels = pattern(w * h * 4, 17);
  const GLuint source = texture_framebuffer(GL_RGBA8, w, h, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  const GLuint first = multisample_framebuffer(GL_RGBA8, w, h);
  const GLuint second = multisample_framebuffer(GL_RGBA8, w, h);
  const GLuint resolved = texture_framebuffer(GL_RGBA8, w, h, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  GLint samples = -1;
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, first);
  glGetIntegerv(GL_SAMPLES, &samples);
  EXPECT_GT(samples, 1);
  blit(source, first, w, h, GL_COLOR_BUFFER_BIT);
  blit(first, second, w, h, GL_COLOR_BUFFER_BIT);
  blit(second, resolved, w, h, GL_COLOR_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read_rgba8(resolved, w, h), texels);
}

// A resolve into another format resolves first, then converts: unorm8 c reads c / 255 as float.
TEST_F(RenderTargetBlitTest, ResolveIntoAnotherFormat) {
  constexpr GLsizei w = 4, h = 2;
  const GLuint multisample = multisample_framebuffer(GL_RGBA8, w, h);
  glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint wide = texture_framebuffer(GL_RGBA32F, w, h, GL_RGBA, GL_FLOAT, nullptr);
  blit(multisample, wide, w, h, GL_COLOR_BUFFER_BIT);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, wide);
  std::vector<float> out(w * h * 4, -1.0f);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_FLOAT, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // round(0.2 * 255) = 51, round(0.4 * 255) = 102, round(0.6 * 255) = 153, round(0.8 * 255) = 204.
  const float expected[4] = {51 / 255.0f, 102 / 255.0f, 153 / 255.0f, 204 / 255.0f};
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_NEAR(out[i], expected[i % 4], 1e-6f) << i;
}

// Resolving depth and stencil: each blit copies only the buffers its mask names, even when depth
// and stencil share one image.
TEST_F(RenderTargetBlitTest, DepthStencilResolvesCopyOnlyTheNamedBuffers) {
  constexpr GLsizei w = 4, h = 4;
  const GLuint multisample = multisample_framebuffer(GL_DEPTH24_STENCIL8, w, h, GL_DEPTH_STENCIL_ATTACHMENT);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.25f, 0x33);
  const GLuint single = texture_framebuffer(GL_DEPTH24_STENCIL8, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                                            nullptr, GL_DEPTH_STENCIL_ATTACHMENT);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0x00);
  const auto read_depth_stencil = [&] {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, single);
    std::vector<GLuint> out(w * h, 0);
    glReadPixels(0, 0, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, out.data());
    return out;
  };
  // 0.25 in 24 bits: round(0.25 * (2^24 - 1)) = 4194304; 1.0 is 0xffffff.
  blit(multisample, single, w, h, GL_DEPTH_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLuint v : read_depth_stencil()) {
    EXPECT_NEAR(double(v >> 8), 4194304.0, 1.0);
    EXPECT_EQ(v & 0xff, 0u) << "stencil was not in the mask";
  }
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 0x00);
  blit(multisample, single, w, h, GL_STENCIL_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLuint v : read_depth_stencil()) {
    EXPECT_EQ(v >> 8, 0xffffffu) << "depth was not in the mask";
    EXPECT_EQ(v & 0xff, 0x33u);
  }
}

// The same rule between single-sample buffers (vkCmdBlitImage of one aspect).
TEST_F(RenderTargetBlitTest, SingleSampleDepthBlitKeepsStencil) {
  constexpr GLsizei w = 3, h = 3;
  const GLuint source = texture_framebuffer(GL_DEPTH24_STENCIL8, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                                            nullptr, GL_DEPTH_STENCIL_ATTACHMENT);
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.5f, 0x77);
  const GLuint target = texture_framebuffer(GL_DEPTH24_STENCIL8, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
                                            nullptr, GL_DEPTH_STENCIL_ATTACHMENT);
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.0f, 0x11);
  blit(source, target, w, h, GL_DEPTH_BUFFER_BIT);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, target);
  std::vector<GLuint> out(w * h, 0);
  glReadPixels(0, 0, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLuint v : out) {
    EXPECT_NEAR(double(v >> 8), 8388608.0, 1.0);  // round(0.5 * (2^24 - 1))
    EXPECT_EQ(v & 0xff, 0x11u);
  }
  // Scaled: one source pixel stretched over the whole target, depth only.
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, source);
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.25f, 0x77);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  glBlitFramebuffer(0, 0, 1, 1, 0, 0, w, h, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, target);
  glReadPixels(0, 0, w, h, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLuint v : out) {
    EXPECT_NEAR(double(v >> 8), 4194304.0, 1.0);  // round(0.25 * (2^24 - 1))
    EXPECT_EQ(v & 0xff, 0x11u);
  }
}

// GL 4.6 section 18.3.1: with a multisample framebuffer on either side the rectangles must be
// identical, flips included.
TEST_F(RenderTargetBlitTest, MultisampleBlitsNeitherScaleNorFlip) {
  const GLuint multisample = multisample_framebuffer(GL_RGBA8, 4, 4);
  const GLuint single = texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, multisample);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, single);
  glBlitFramebuffer(0, 0, 4, 4, 4, 0, 0, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a flipped resolve";
  glBindFramebuffer(GL_READ_FRAMEBUFFER, single);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, multisample);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a scaled blit into a multisample buffer";
  glBlitFramebuffer(0, 0, 4, 4, 0, 4, 4, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a flipped blit into a multisample buffer";
}

// Scaled, flipped and LINEAR blits (through the shader in the GLVK_BLIT=shader run): LINEAR
// between two texels at a destination centre halfway between them gives their mean.
TEST_F(RenderTargetBlitTest, ScaledFlippedAndLinear) {
  const std::uint8_t texels[2 * 1 * 4] = {0, 100, 200, 255, 100, 200, 0, 255};
  const GLuint source = texture_framebuffer(GL_RGBA8, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  const GLuint target = texture_framebuffer(GL_RGBA8, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  // Nearest, flipped: destination x = 0..3 takes source texel 1, 1, 0, 0.
  glBlitFramebuffer(0, 0, 2, 1, 4, 0, 0, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  auto out = read_rgba8(target, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int x = 0; x < 4; ++x)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(out[std::size_t(x * 4 + c)], texels[(x < 2 ? 4 : 0) + c]) << x;
  // Linear, 2 -> 3 texels wide: destination centre 1.5 maps to source 1.0, halfway between the
  // texel centres 0.5 and 1.5.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
  glBlitFramebuffer(0, 0, 2, 1, 0, 0, 3, 1, GL_COLOR_BUFFER_BIT, GL_LINEAR);
  out = read_rgba8(target, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_NEAR(out[4 + 0], 50, 1);
  EXPECT_NEAR(out[4 + 1], 150, 1);
  EXPECT_NEAR(out[4 + 2], 100, 1);
}

// GL 4.6 section 18.3.1: the scissor test cuts a blit's destination; the source shrinks with it,
// so a 2x magnified blit scissored to destination columns 2..5 takes source columns 1..2.
TEST_F(RenderTargetBlitTest, ScissorCutsTheDestination) {
  constexpr GLsizei w = 8, h = 4;
  std::vector<std::uint8_t> texels(w * h * 4);
  for (GLsizei i = 0; i < w * h; ++i)
    for (int c = 0; c < 4; ++c) texels[std::size_t(i * 4 + c)] = std::uint8_t(i * 4 + c + 1);
  const GLuint source = texture_framebuffer(GL_RGBA8, w, h, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  const std::vector<std::uint8_t> zeros(w * h * 4, 0);
  const GLuint target = texture_framebuffer(GL_RGBA8, w, h, GL_RGBA, GL_UNSIGNED_BYTE, zeros.data());
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 1, 4, 2);
  blit(source, target, w, h, GL_COLOR_BUFFER_BIT);
  auto out = read_rgba8(target, w, h);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLsizei y = 0; y < h; ++y)
    for (GLsizei x = 0; x < w; ++x) {
      const bool inside = x >= 2 && x < 6 && y >= 1 && y < 3;
      const std::size_t i = std::size_t(y * w + x) * 4;
      EXPECT_EQ(out[i], inside ? texels[i] : 0) << x << "," << y;
    }
  // Magnified 2x: destination x maps to source x / 2.
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  glDisable(GL_SCISSOR_TEST);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
  glBlitFramebuffer(0, 0, w / 2, h / 2, 0, 0, w, h, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glDisable(GL_SCISSOR_TEST);
  out = read_rgba8(target, w, h);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLsizei y = 0; y < h; ++y)
    for (GLsizei x = 0; x < w; ++x) {
      const bool inside = x >= 2 && x < 6 && y >= 1 && y < 3;
      const std::size_t from = std::size_t((y / 2) * w + x / 2) * 4;
      EXPECT_EQ(out[std::size_t(y * w + x) * 4], inside ? texels[from] : 0) << x << "," << y;
    }
}

// A scaled blit whose destination runs off the image keeps its scale for the pixels that remain
// (GL 4.6 18.3.1: destination pixel x reads source floor((x + 0.5) * 4 / 10) for NEAREST): the
// source rectangle 0..4 onto 0..10 in a 6-wide image, whose clipped source edge (2.4) is no
// texel edge, reads texels 0 0 1 1 1 2 (not 0 0 0 1 1 1, a 0..2 onto 0..6 blit).
TEST_F(RenderTargetBlitTest, DestinationOffTheImageKeepsTheScale) {
  const std::uint8_t texels[] = {10, 0, 0, 255, 20, 0, 0, 255, 30, 0, 0, 255, 40, 0, 0, 255};
  const GLuint source = texture_framebuffer(GL_RGBA8, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  const std::vector<std::uint8_t> zeros(6 * 4, 0);
  const GLuint target = texture_framebuffer(GL_RGBA8, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, zeros.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  glBlitFramebuffer(0, 0, 4, 1, 0, 0, 10, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  const auto out = read_rgba8(target, 6, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const int expected[] = {10, 10, 20, 20, 20, 30};
  for (int x = 0; x < 6; ++x) EXPECT_EQ(out[std::size_t(x) * 4], expected[x]) << "x " << x;
}

// GL 4.6 section 18.3.1 with GL_FRAMEBUFFER_SRGB: enabled, an sRGB read buffer is decoded and an
// sRGB draw buffer encoded; disabled, the bits go across as they are. sRGB 188 decodes to
// ((188/255 + 0.055) / 1.055)^2.4 = 0.50293, stored as round(0.50293 * 255) = 128; linear 128/255
// encodes to 1.055 * 0.50196^(1/2.4) - 0.055 = 0.73665, stored as 188.
TEST_F(RenderTargetBlitTest, FramebufferSrgbDecodesAndEncodes) {
  const std::uint8_t encoded[4] = {188, 188, 188, 77}, linear[4] = {128, 128, 128, 77};
  const GLuint srgb = texture_framebuffer(GL_SRGB8_ALPHA8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, encoded);
  const GLuint plain = texture_framebuffer(GL_RGBA8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  const GLuint srgb_target = texture_framebuffer(GL_SRGB8_ALPHA8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  blit(srgb, plain, 1, 1, GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(read_rgba8(plain, 1, 1), std::vector<std::uint8_t>(encoded, encoded + 4)) << "disabled: bits as they are";
  glEnable(GL_FRAMEBUFFER_SRGB);
  blit(srgb, plain, 1, 1, GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(read_rgba8(plain, 1, 1), std::vector<std::uint8_t>(linear, linear + 4)) << "enabled: decoded";
  blit(plain, srgb_target, 1, 1, GL_COLOR_BUFFER_BIT);
  glDisable(GL_FRAMEBUFFER_SRGB);
  EXPECT_EQ(read_rgba8(srgb_target, 1, 1), std::vector<std::uint8_t>(encoded, encoded + 4)) << "enabled: encoded";
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Integer buffers go through the integer variant of the shader without conversion.
TEST_F(RenderTargetBlitTest, IntegerBlitsKeepEveryBit) {
  const GLint texels[2 * 2 * 4] = {-2147483647 - 1, 2147483647, -1, 0, 1, 2, 3, 4,
                                   -5, -6, -7, -8, 1000000, -1000000, 65536, -65536};
  const GLuint source = texture_framebuffer(GL_RGBA32I, 2, 2, GL_RGBA_INTEGER, GL_INT, texels);
  const GLuint multisample = multisample_framebuffer(GL_RGBA32I, 2, 2);
  const GLuint target = texture_framebuffer(GL_RGBA32I, 2, 2, GL_RGBA_INTEGER, GL_INT, nullptr);
  blit(source, multisample, 2, 2, GL_COLOR_BUFFER_BIT);
  blit(multisample, target, 2, 2, GL_COLOR_BUFFER_BIT);  // integer resolves take one sample
  glBindFramebuffer(GL_READ_FRAMEBUFFER, target);
  GLint out[2 * 2 * 4] = {};
  glReadPixels(0, 0, 2, 2, GL_RGBA_INTEGER, GL_INT, out);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int i = 0; i < 16; ++i) EXPECT_EQ(out[i], texels[i]) << i;
}

}  // namespace
}  // namespace glvk::test
