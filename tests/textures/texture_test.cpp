// Textures through the real dispatch (system libEGL/libGL selecting glvk) on lavapipe with
// validation: uploads and readbacks along every path, every target, levels, pixel-store
// parameters, PBOs, queries, and the errors GL 4.6 names. Expected values are computed here from
// the spec's conversion rules, never taken from glvk.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

class TextureTest : public GlTest {
 protected:
  GLuint make_texture(GLenum target) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    return t;
  }
};

// GL 4.6 section 2.3.5.1: round(clamp(f) * (2^8 - 1)), in exact (double) arithmetic.
std::uint8_t unorm8(float f) { return std::uint8_t(std::lround(std::clamp(double(f), 0.0, 1.0) * 255.0)); }

TEST_F(TextureTest, Rgba8RoundTripsThroughEveryLevel) {
  make_texture(GL_TEXTURE_2D);
  std::vector<std::vector<std::uint8_t>> levels;
  for (int level = 0, size = 16; size >= 1; ++level, size /= 2) {
    levels.push_back(pattern(std::size_t(size) * size * 4, unsigned(level) + 1));
    glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, levels.back().data());
  }
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int level = 0, size = 16; size >= 1; ++level, size /= 2) {
    std::vector<std::uint8_t> out(levels[std::size_t(level)].size(), 0);
    glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    EXPECT_EQ(out, levels[std::size_t(level)]) << "level " << level;
  }
}

TEST_F(TextureTest, SubImageUpdatesOnlyItsRegion) {
  make_texture(GL_TEXTURE_2D);
  std::vector<std::uint8_t> base(8 * 8 * 4, 0x11);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, base.data());
  const std::vector<std::uint8_t> patch = pattern(3 * 2 * 4, 7);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 5, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  std::vector<std::uint8_t> out(base.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x)
      for (int c = 0; c < 4; ++c) {
        const bool inside = x >= 4 && x < 7 && y >= 5 && y < 7;
        const std::uint8_t expected = inside ? patch[std::size_t(((y - 5) * 3 + (x - 4)) * 4 + c)] : 0x11;
        ASSERT_EQ(out[std::size_t((y * 8 + x) * 4 + c)], expected) << x << "," << y;
      }
}

TEST_F(TextureTest, BgraDataIsSwizzledIntoRgbaStorage) {
  make_texture(GL_TEXTURE_2D);
  const std::vector<std::uint8_t> bgra = pattern(4 * 4 * 4, 3);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_BGRA, GL_UNSIGNED_BYTE, bgra.data());
  std::vector<std::uint8_t> rgba(bgra.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (std::size_t i = 0; i < 16; ++i) {
    EXPECT_EQ(rgba[i * 4 + 0], bgra[i * 4 + 2]);
    EXPECT_EQ(rgba[i * 4 + 1], bgra[i * 4 + 1]);
    EXPECT_EQ(rgba[i * 4 + 2], bgra[i * 4 + 0]);
    EXPECT_EQ(rgba[i * 4 + 3], bgra[i * 4 + 3]);
  }
}

TEST_F(TextureTest, FloatDataIsRoundedAndClampedIntoUnorm8) {
  make_texture(GL_TEXTURE_2D);
  std::vector<float> texels;
  for (int i = 0; i < 4 * 4 * 4; ++i) texels.push_back(float(i) / 40.0f - 0.3f);  // spans below 0 and above 1
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_FLOAT, texels.data());
  std::vector<std::uint8_t> out(texels.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  // With GLVK_TEXTURE_TRANSFER=blit (a second ctest run) the GPU blit converts here; Vulkan's
  // float -> unorm rounding may differ by one unit from exact round-to-nearest at .5 boundaries
  // (the tolerance issue 5 allows).
  for (std::size_t i = 0; i < texels.size(); ++i) EXPECT_NEAR(out[i], unorm8(texels[i]), 1) << i;
}

TEST_F(TextureTest, LuminanceReadsBackInRedOnly) {
  make_texture(GL_TEXTURE_2D);
  const std::vector<std::uint8_t> l = pattern(4 * 4, 5);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, 4, 4, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, l.data());
  std::vector<std::uint8_t> same(l.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, same.data());
  EXPECT_EQ(same, l);
  // glGetTexImage of a luminance image as RGBA: R = L, G = B = 0, A = 1 (GL 4.6 section 8.11).
  std::vector<std::uint8_t> rgba(l.size() * 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (std::size_t i = 0; i < l.size(); ++i) {
    EXPECT_EQ(rgba[i * 4 + 0], l[i]);
    EXPECT_EQ(rgba[i * 4 + 1], 0);
    EXPECT_EQ(rgba[i * 4 + 2], 0);
    EXPECT_EQ(rgba[i * 4 + 3], 255);
  }
}

TEST_F(TextureTest, RgbImagesReadBackWithOpaqueAlpha) {
  make_texture(GL_TEXTURE_2D);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  const std::vector<std::uint8_t> rgb = pattern(5 * 3 * 3, 9);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 5, 3, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  std::vector<std::uint8_t> rgba(5 * 3 * 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (std::size_t i = 0; i < 15; ++i) {
    for (int c = 0; c < 3; ++c) EXPECT_EQ(rgba[i * 4 + std::size_t(c)], rgb[i * 3 + std::size_t(c)]);
    EXPECT_EQ(rgba[i * 4 + 3], 255);
  }
}

TEST_F(TextureTest, Rgb565PacksAndUnpacksBySpecFormula) {
  make_texture(GL_TEXTURE_2D);
  std::vector<std::uint16_t> texels;
  for (int i = 0; i < 16; ++i) texels.push_back(std::uint16_t(i * 4099 + 17));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 4, 4, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, texels.data());
  std::vector<std::uint8_t> rgba(16 * 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (std::size_t i = 0; i < 16; ++i) {
    // UNSIGNED_SHORT_5_6_5: red in bits 11-15, green 5-10, blue 0-4; unorm c / (2^n - 1).
    const unsigned r = texels[i] >> 11, g = (texels[i] >> 5) & 63, b = texels[i] & 31;
    EXPECT_EQ(rgba[i * 4 + 0], unorm8(float(r) / 31.0f)) << i;
    EXPECT_EQ(rgba[i * 4 + 1], unorm8(float(g) / 63.0f)) << i;
    EXPECT_EQ(rgba[i * 4 + 2], unorm8(float(b) / 31.0f)) << i;
    EXPECT_EQ(rgba[i * 4 + 3], 255);
  }
}

TEST_F(TextureTest, UnpackAndPackParametersAddressTheRightPixels) {
  make_texture(GL_TEXTURE_2D);
  // A 10x6 client image of which the 3x2 region at (4, 1) is uploaded.
  const std::vector<std::uint8_t> client = pattern(10 * 6 * 4, 11);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 10);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 4);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 3, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, client.data());
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  // Read back into a 5-pixel-wide buffer at (1, 2).
  std::vector<std::uint8_t> out(5 * 5 * 4, 0xAB);
  glPixelStorei(GL_PACK_ROW_LENGTH, 5);
  glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
  glPixelStorei(GL_PACK_SKIP_ROWS, 2);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  for (int y = 0; y < 5; ++y)
    for (int x = 0; x < 5; ++x)
      for (int c = 0; c < 4; ++c) {
        const bool inside = x >= 1 && x < 4 && y >= 2 && y < 4;
        const std::uint8_t expected =
            inside ? client[std::size_t(((y - 2 + 1) * 10 + (x - 1 + 4)) * 4 + c)] : std::uint8_t(0xAB);
        ASSERT_EQ(out[std::size_t((y * 5 + x) * 4 + c)], expected) << x << "," << y << "," << c;
      }
  GLint value = 0;
  glGetIntegerv(GL_PACK_SKIP_ROWS, &value);
  EXPECT_EQ(value, 2);
}

TEST_F(TextureTest, PixelBufferObjectsUploadAndPack) {
  make_texture(GL_TEXTURE_2D);
  const std::vector<std::uint8_t> data = pattern(8 * 8 * 4, 13);
  GLuint buffers[2];
  glGenBuffers(2, buffers);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffers[0]);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(data.size() + 64), nullptr, GL_STATIC_DRAW);
  glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 64, GLsizeiptr(data.size()), data.data());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<void*>(64));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers[1]);
  glBufferData(GL_PIXEL_PACK_BUFFER, GLsizeiptr(data.size() + 16), nullptr, GL_STREAM_READ);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<void*>(16));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out = contents(buffers[1], data.size() + 16);
  EXPECT_TRUE(std::equal(data.begin(), data.end(), out.begin() + 16));
  glDeleteBuffers(2, buffers);
}

TEST_F(TextureTest, DepthAndDepthStencilRoundTrip) {
  make_texture(GL_TEXTURE_2D);
  std::vector<float> depth;
  for (int i = 0; i < 16; ++i) depth.push_back(float(i) / 15.0f);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  std::vector<float> depth_out(16, -1.0f);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth_out.data());
  EXPECT_EQ(depth_out, depth);

  make_texture(GL_TEXTURE_2D);
  std::vector<std::uint32_t> zs;  // UNSIGNED_INT_24_8: depth in bits 8-31, stencil in bits 0-7
  for (std::uint32_t i = 0; i < 16; ++i) zs.push_back((i * 0x0F0F0Fu) << 8 | (i * 13u & 0xff));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs.data());
  std::vector<std::uint32_t> zs_out(16, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs_out.data());
  EXPECT_EQ(zs_out, zs);
}

// Large depth/stencil transfers: staged in bands of rows submitted one by one, depth read back
// into the application's memory directly (imported host memory) — every texel must still come back,
// at odd row lengths and with PACK_ROW_LENGTH padding and a sub-rectangle.
TEST_F(TextureTest, LargeDepthStencilTransfersRoundTrip) {
  const int w = 1531, h = 1200;  // 24_8: 7.3 MB of depth + 1.8 MB of stencil staged
  std::vector<std::uint32_t> zs(std::size_t(w) * h);
  for (std::size_t i = 0; i < zs.size(); ++i) zs[i] = std::uint32_t(i * 2654435761u);
  make_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, w, h, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs.data());
  std::vector<std::uint32_t> zs_out(zs.size(), 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, zs_out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < zs.size(); ++i) ASSERT_EQ(zs_out[i], zs[i]) << "texel " << i;

  // GL's FLOAT_32_UNSIGNED_INT_24_8_REV: the float, then the stencil in the low byte (the other
  // 24 bits read back as zero).
  std::vector<std::uint32_t> pairs(zs.size() * 2);
  for (std::size_t i = 0; i < zs.size(); ++i) {
    const float depth = float(i % 1021) / 1020.0f;
    std::memcpy(&pairs[2 * i], &depth, 4);
    pairs[2 * i + 1] = zs[i];
  }
  make_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH32F_STENCIL8, w, h, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
               pairs.data());
  std::vector<std::uint32_t> pairs_out(pairs.size(), 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, pairs_out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < zs.size(); ++i) {
    ASSERT_EQ(pairs_out[2 * i], pairs[2 * i]) << "texel " << i;
    ASSERT_EQ(pairs_out[2 * i + 1], zs[i] & 0xffu) << "texel " << i;
  }

  // DEPTH_COMPONENT32F read whole, then a sub-rectangle into a padded layout.
  std::vector<float> depth(zs.size());
  for (std::size_t i = 0; i < depth.size(); ++i) depth[i] = float(i % 4093) / 4092.0f;
  make_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, w, h, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  std::vector<float> depth_out(depth.size(), -1.0f);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth_out.data());
  ASSERT_EQ(depth_out, depth);
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  GLuint texture = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, reinterpret_cast<GLint*>(&texture));
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, texture, 0);
  const int rx = 17, ry = 9, rw = 1400, rh = 1000, row_length = 1450;
  glPixelStorei(GL_PACK_ROW_LENGTH, row_length);
  std::vector<float> rect(std::size_t(row_length) * rh + 1, -2.0f);
  glReadPixels(rx, ry, rw, rh, GL_DEPTH_COMPONENT, GL_FLOAT, rect.data() + 1);  // 4-byte aligned, not 8
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(rect[0], -2.0f);
  for (int y = 0; y < rh; ++y)
    for (int x = 0; x < row_length; ++x) {
      const float got = rect[1 + std::size_t(y) * row_length + x];
      if (x < rw)
        ASSERT_EQ(got, depth[std::size_t(ry + y) * w + rx + x]) << x << "," << y;
      else
        ASSERT_EQ(got, -2.0f) << "padding " << x << "," << y;  // rows' padding left untouched
    }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
}

// Converting transfers large enough to be split across cores (rows in two halves): every texel
// by the spec's formulas, eq. 2.3 into RGBA8 and eq. 2.1 back to FLOAT. The values lie a quarter
// step from the nearest byte, so no rounding tie decides the answer (lavapipe's blit, the
// GLVK_TEXTURE_TRANSFER=blit path, rounds float ties differently from the exact formula), and
// some are clamped at each end.
TEST_F(TextureTest, LargeConvertingTransfersMatchTheFormulas) {
  const int w = 1201, h = 1003;
  std::vector<float> floats(std::size_t(w) * h * 4);
  for (std::size_t i = 0; i < floats.size(); ++i) floats[i] = (float(int(i % 311) - 20) + 0.25f) / 255.0f;
  make_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_FLOAT, floats.data());
  std::vector<std::uint8_t> bytes(floats.size());
  std::vector<float> back(floats.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, bytes.data());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, back.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < floats.size(); ++i) {
    ASSERT_EQ(bytes[i], unorm8(floats[i])) << "element " << i;
    ASSERT_EQ(back[i], float(unorm8(floats[i]) / 255.0)) << "element " << i;
  }
}

// Depth conversions large enough to be staged in bands (8.6 MB of X8_D24): UNSIGNED_INT depth into
// DEPTH_COMPONENT24 and back, by eq. 2.1 (c / (2^32 - 1) as a float) then eq. 2.3 (round(f * (2^24 - 1)))
// and the same back to 32 bits; a sub-image with UNPACK_ROW_LENGTH lands in the right rows.
TEST_F(TextureTest, LargeDepthConversionsMatchTheFormulas) {
  const int w = 1531, h = 1400;
  auto unorm = [](double f, int bits) {  // eq. 2.3 on a float already in [0, 1]
    return std::uint32_t(std::floor(f * (std::pow(2.0, bits) - 1.0) + 0.5));
  };
  auto to_float = [](std::uint32_t c, int bits) { return float(double(c) / (std::pow(2.0, bits) - 1.0)); };
  std::vector<std::uint32_t> depth(std::size_t(w) * h);
  for (std::size_t i = 0; i < depth.size(); ++i) depth[i] = std::uint32_t(i * 2654435761u);
  make_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, w, h, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, depth.data());
  // Rows 100..1299 again from a padded client image holding other values.
  const int row_length = w + 13, y0 = 100, rows = 1200;
  std::vector<std::uint32_t> padded(std::size_t(row_length) * rows, 0xdeadbeefu);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < w; ++x) padded[std::size_t(y) * row_length + x] = ~depth[std::size_t(y0 + y) * w + x];
  glPixelStorei(GL_UNPACK_ROW_LENGTH, row_length);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, y0, w, rows, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, padded.data());
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  std::vector<std::uint32_t> back(depth.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, back.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < depth.size(); ++i) {
    const std::size_t y = i / std::size_t(w);
    const std::uint32_t in = y >= std::size_t(y0) && y < std::size_t(y0 + rows) ? ~depth[i] : depth[i];
    const std::uint32_t stored = unorm(to_float(in, 32), 24);
    ASSERT_EQ(back[i], unorm(to_float(stored, 24), 32)) << "texel " << i << " from " << in;
  }
  // glReadPixels of a sub-rectangle as FLOAT into a padded layout (two staged bands converted as
  // they arrive): eq. 2.1 of each stored value, the padding untouched.
  GLuint fbo = 0, texture = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, reinterpret_cast<GLint*>(&texture));
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, texture, 0);
  const int rx = 17, rw = 1500, pack_length = 1520;
  std::vector<float> rect(std::size_t(pack_length) * h, -2.0f);
  glPixelStorei(GL_PACK_ROW_LENGTH, pack_length);
  glReadPixels(rx, 0, rw, h, GL_DEPTH_COMPONENT, GL_FLOAT, rect.data());
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < pack_length; ++x) {
      const float got = rect[std::size_t(y) * pack_length + x];
      if (x >= rw) {
        ASSERT_EQ(got, -2.0f) << "padding " << x << "," << y;
        continue;
      }
      const std::size_t i = std::size_t(y) * w + rx + x;
      const std::uint32_t in = y >= y0 && y < y0 + rows ? ~depth[i] : depth[i];
      ASSERT_EQ(got, to_float(unorm(to_float(in, 32), 24), 24)) << x << "," << y;
    }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
}

// RGBA8_SNORM from RGBA/BYTE (GL 4.6 eq. 2.2 then 2.4): -128 is -1.0 and is stored as -127, so it
// reads back as BYTE -127 and FLOAT -1.0; every other byte comes back as it went in. Mesa llvmpipe and
// zink return the -128 they copied (and llvmpipe reads it as FLOAT -128/127).
TEST_F(TextureTest, SnormBytesStoreMinusOneAsMinus127) {
  std::vector<std::int8_t> bytes(256 * 4);
  for (int i = 0; i < 256; ++i)
    for (int c = 0; c < 4; ++c) bytes[std::size_t(i * 4 + c)] = std::int8_t(i - 128);
  make_texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 16, 16, 0, GL_RGBA, GL_BYTE, bytes.data());
  std::vector<std::int8_t> back(bytes.size());
  std::vector<float> floats(bytes.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_BYTE, back.data());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, floats.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const double f = std::max(bytes[i] / 127.0, -1.0);
    EXPECT_EQ(back[i], std::int8_t(std::lround(f * 127))) << "byte " << int(bytes[i]);
    EXPECT_EQ(floats[i], float(f)) << "byte " << int(bytes[i]);
  }
}

TEST_F(TextureTest, EveryTargetKeepsItsLayersApart) {
  struct Case {
    GLenum target;
    GLenum image_target;
    int dims;
    GLsizei w, h, d;
  };
  const Case cases[] = {
      {GL_TEXTURE_1D, GL_TEXTURE_1D, 1, 8, 1, 1},
      {GL_TEXTURE_1D_ARRAY, GL_TEXTURE_1D_ARRAY, 2, 8, 3, 1},
      {GL_TEXTURE_RECTANGLE, GL_TEXTURE_RECTANGLE, 2, 7, 5, 1},
      {GL_TEXTURE_3D, GL_TEXTURE_3D, 3, 4, 4, 3},
      {GL_TEXTURE_2D_ARRAY, GL_TEXTURE_2D_ARRAY, 3, 4, 4, 5},
      {GL_TEXTURE_CUBE_MAP_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY, 3, 4, 4, 12},
  };
  for (const Case& c : cases) {
    make_texture(c.target);
    const std::vector<std::uint8_t> data = pattern(std::size_t(c.w) * c.h * c.d * 4, unsigned(c.target));
    if (c.dims == 1) glTexImage1D(c.image_target, 0, GL_RGBA8, c.w, 0, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
    if (c.dims == 2) glTexImage2D(c.image_target, 0, GL_RGBA8, c.w, c.h, 0, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
    if (c.dims == 3)
      glTexImage3D(c.image_target, 0, GL_RGBA8, c.w, c.h, c.d, 0, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << c.target;
    std::vector<std::uint8_t> out(data.size(), 0);
    glGetTexImage(c.image_target, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    EXPECT_EQ(out, data) << "target 0x" << std::hex << c.target;
  }
  // Cube faces are six separate images.
  make_texture(GL_TEXTURE_CUBE_MAP);
  std::vector<std::vector<std::uint8_t>> faces;
  for (GLenum f = 0; f < 6; ++f) {
    faces.push_back(pattern(4 * 4 * 4, 100 + f));
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, faces[f].data());
  }
  for (GLenum f = 0; f < 6; ++f) {
    std::vector<std::uint8_t> out(faces[f].size());
    glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    EXPECT_EQ(out, faces[f]) << "face " << f;
  }
}

TEST_F(TextureTest, StorageIsImmutableAndFullyQueryable) {
  make_texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 8, 4);
  GLint value = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &value);
  EXPECT_EQ(value, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &value);
  EXPECT_EQ(value, 3);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &value);
  EXPECT_EQ(value, 2);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_HEIGHT, &value);
  EXPECT_EQ(value, 1);
  const std::vector<std::uint8_t> data = pattern(2 * 1 * 4, 21);
  glTexSubImage2D(GL_TEXTURE_2D, 2, 0, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
  std::vector<std::uint8_t> out(data.size());
  glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, data);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 4);  // 8x4 has only 4 levels; but already immutable
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

TEST_F(TextureTest, LevelParametersReportTheChosenFormat) {
  struct Row {
    GLenum internal_format, format, type;
    GLint red, green, blue, alpha, depth, stencil;
    GLenum red_type;
  };
  const Row rows[] = {
      {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 8, 8, 8, 8, 0, 0, GL_UNSIGNED_NORMALIZED},
      {GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 5, 6, 5, 0, 0, 0, GL_UNSIGNED_NORMALIZED},
      {GL_RGBA16F, GL_RGBA, GL_FLOAT, 16, 16, 16, 16, 0, 0, GL_FLOAT},
      {GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, 8, 8, 8, 8, 0, 0, GL_INT},
      {GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, 0, 0, 0, 0, 0, 0, GL_NONE},
      {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 0, 0, 0, 0, 24, 8, GL_NONE},
  };
  for (const Row& r : rows) {
    make_texture(GL_TEXTURE_2D);
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(r.internal_format), 2, 2, 0, r.format, r.type, nullptr);
    const auto get = [](GLenum pname) {
      GLint v = -1;
      glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &v);
      return v;
    };
    EXPECT_EQ(get(GL_TEXTURE_INTERNAL_FORMAT), GLint(r.internal_format));
    EXPECT_EQ(get(GL_TEXTURE_RED_SIZE), r.red) << std::hex << r.internal_format;
    EXPECT_EQ(get(GL_TEXTURE_GREEN_SIZE), r.green) << std::hex << r.internal_format;
    EXPECT_EQ(get(GL_TEXTURE_BLUE_SIZE), r.blue) << std::hex << r.internal_format;
    EXPECT_EQ(get(GL_TEXTURE_ALPHA_SIZE), r.alpha) << std::hex << r.internal_format;
    // LUMINANCE_SIZE is compatibility state: INVALID_ENUM in this core context, as on llvmpipe
    // (ApiCoreTest.CompatibilityLevelParametersAreInvalidEnums; api_probe reads it in compatibility).
    EXPECT_EQ(get(GL_TEXTURE_DEPTH_SIZE), r.depth) << std::hex << r.internal_format;
    EXPECT_EQ(get(GL_TEXTURE_STENCIL_SIZE), r.stencil) << std::hex << r.internal_format;
    EXPECT_EQ(GLenum(get(GL_TEXTURE_RED_TYPE)), r.red_type) << std::hex << r.internal_format;
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
}

TEST_F(TextureTest, ProxyAnswersWithoutAllocating) {
  GLint width = -1;
  glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 64);
  glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 1 << 20, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureTest, BadInputRaisesTheSpecErrorAndChangesNothing) {
  make_texture(GL_TEXTURE_2D);
  const std::vector<std::uint8_t> original = pattern(4 * 4 * 4, 31);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, original.data());
  const std::vector<std::uint8_t> other(64 * 64 * 4, 0x5A);
  const auto expect_error = [](GLenum error, const char* what) { EXPECT_EQ(glGetError(), error) << what; };

  glTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_ENUM, "3D target for glTexImage2D");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -1, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_VALUE, "negative width");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_VALUE, "border 1");
  glTexImage2D(GL_TEXTURE_2D, 20, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_VALUE, "level beyond the maximum");
  glTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_VALUE, "bad internal format");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 0x1234, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_ENUM, "bad format");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, other.data());
  expect_error(GL_INVALID_OPERATION, "format/type mismatch");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_OPERATION, "integer data into a normalized texture");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, other.data());
  expect_error(GL_INVALID_OPERATION, "depth data into a colour texture");
  glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 2, 3, 3, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_VALUE, "sub-image outside the image");
  glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  expect_error(GL_INVALID_OPERATION, "sub-image of an undefined level");

  GLuint pbo = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 32, nullptr, GL_STATIC_DRAW);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  expect_error(GL_INVALID_OPERATION, "PBO smaller than the transfer");
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 256, nullptr, GL_STATIC_DRAW);
  glMapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  expect_error(GL_INVALID_OPERATION, "mapped PBO");
  glUnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glDeleteBuffers(1, &pbo);

  GLuint names[2];
  glGenTextures(-1, names);
  expect_error(GL_INVALID_VALUE, "negative count");
  glGenTextures(1, names);
  glBindTexture(GL_TEXTURE_3D, names[0]);
  glBindTexture(GL_TEXTURE_2D, names[0]);
  expect_error(GL_INVALID_OPERATION, "rebinding to another target");
  glBindTexture(GL_TEXTURE_2D, 987654);
  expect_error(GL_INVALID_OPERATION, "binding a name never generated (core profile)");
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_RGBA);
  expect_error(GL_INVALID_ENUM, "bad filter");
  glPixelStorei(GL_UNPACK_ALIGNMENT, 3);
  expect_error(GL_INVALID_VALUE, "alignment 3");

  // None of it changed the texture.
  glBindTexture(GL_TEXTURE_2D, 0);
  std::vector<std::uint8_t> out(original.size());
  GLint bound = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  EXPECT_EQ(bound, 0);
}

TEST_F(TextureTest, ErrorsLeaveTheImageUnchanged) {
  make_texture(GL_TEXTURE_2D);
  const std::vector<std::uint8_t> original = pattern(4 * 4 * 4, 41);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, original.data());
  const std::vector<std::uint8_t> other(4 * 4 * 4, 0x5A);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV + 1000, other.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  std::vector<std::uint8_t> out(original.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, original);
  GLint width = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 4);
}

TEST_F(TextureTest, RespecifyingALevelKeepsTheOthers) {
  make_texture(GL_TEXTURE_2D);
  const std::vector<std::uint8_t> level1 = pattern(4 * 4 * 4, 51);
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, level1.data());
  // Level 0 specified afterwards at a compatible size: the resource is rebuilt, level 1 survives.
  const std::vector<std::uint8_t> level0 = pattern(8 * 8 * 4, 52);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, level0.data());
  std::vector<std::uint8_t> out(level1.size());
  glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, level1);
  out.resize(level0.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, level0);
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

// Each generated texel is the average of its 2x2 parents: rounding of the unorm result may go
// either way, so one unit of tolerance.
void expect_box_filtered(const std::vector<std::uint8_t>& parent, int parent_size, const std::vector<std::uint8_t>& child) {
  const int size = parent_size / 2;
  for (int y = 0; y < size; ++y)
    for (int x = 0; x < size; ++x)
      for (int c = 0; c < 4; ++c) {
        int sum = 0;
        for (int dy = 0; dy < 2; ++dy)
          for (int dx = 0; dx < 2; ++dx) sum += parent[std::size_t(((2 * y + dy) * parent_size + 2 * x + dx) * 4 + c)];
        ASSERT_NEAR(child[std::size_t((y * size + x) * 4 + c)], sum / 4.0, 1.0) << x << "," << y << "," << c;
      }
}

class MipmapTest : public GlTest {};

TEST_F(MipmapTest, GeneratedLevelsAreBoxFilteredOnTheGpuAndTheCpu) {
  // RGBA8: GPU blits with a linear filter.
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const std::vector<std::uint8_t> base = pattern(8 * 8 * 4, 61);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, base.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> previous = base;
  for (int level = 1, size = 4; size >= 1; ++level, size /= 2) {
    GLint width = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &width);
    EXPECT_EQ(width, size);
    std::vector<std::uint8_t> out(std::size_t(size) * size * 4);
    glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    expect_box_filtered(previous, size * 2, out);
    previous = out;
  }
}

TEST_F(MipmapTest, OnlyColourRenderableFilterableFormats) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no base level";
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "integer format";
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "depth format";
  glGenerateMipmap(GL_TEXTURE_RECTANGLE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "rectangle";
}

TEST_F(MipmapTest, CpuPathForFormatsWithoutLinearBlit) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  // Constant colour: every level must keep it exactly whatever the filter. lavapipe cannot blit
  // into B10G11R11 (R11F_G11F_B10F's VkFormat; see `glvk info`), so this runs the CPU reduction.
  std::vector<float> texels(4 * 4 * 3);
  for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = i % 3 == 0 ? 0.5f : i % 3 == 1 ? 2.0f : 0.25f;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 4, 4, 0, GL_RGB, GL_FLOAT, texels.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "RGB9_E5 is not colour-renderable (table 8.12)";
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R11F_G11F_B10F, 4, 4, 0, GL_RGB, GL_FLOAT, texels.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<float> out(3, -1.0f);
  glGetTexImage(GL_TEXTURE_2D, 2, GL_RGB, GL_FLOAT, out.data());
  EXPECT_FLOAT_EQ(out[0], 0.5f);
  EXPECT_FLOAT_EQ(out[1], 2.0f);
  EXPECT_FLOAT_EQ(out[2], 0.25f);
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

class TextureTargetsTest : public GlTest {};

GLint level_parameter(GLenum target, GLenum pname) {
  GLint v = -1;
  glGetTexLevelParameteriv(target, 0, pname, &v);
  return v;
}

TEST_F(TextureTargetsTest, MultisampleTexturesRoundUpToDeviceCounts) {
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  ASSERT_GE(max_samples, 4);  // Vulkan requires 4 samples for colour and depth attachments
  GLuint t[3];
  glGenTextures(3, t);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8, 16, 8, GL_TRUE);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level_parameter(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SAMPLES), 4);  // 3 is no Vulkan count
  EXPECT_EQ(level_parameter(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WIDTH), 16);
  EXPECT_EQ(level_parameter(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS), GL_TRUE);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, max_samples + 1, GL_RGBA8, 16, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "more than GL_MAX_SAMPLES";
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 16, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not renderable";
  std::vector<std::uint8_t> out(16 * 8 * 4);
  glGetTexImage(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "multisample images have no glGetTexImage";

  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[1]);
  glTexStorage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_DEPTH24_STENCIL8, 8, 8, 3, GL_FALSE);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level_parameter(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_DEPTH), 3);
  EXPECT_EQ(level_parameter(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_SAMPLES), 4);
  GLint immutable = 0;
  glGetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  EXPECT_EQ(immutable, GL_TRUE);
  glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 3, GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "immutable";
}

TEST_F(TextureTargetsTest, BufferTexturesViewABufferRange) {
  GLuint buffer, texture;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_TEXTURE_BUFFER, buffer);
  glBufferData(GL_TEXTURE_BUFFER, 1024, nullptr, GL_STATIC_DRAW);
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_BUFFER, texture);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buffer);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level_parameter(GL_TEXTURE_BUFFER, GL_TEXTURE_BUFFER_DATA_STORE_BINDING), GLint(buffer));
  EXPECT_EQ(level_parameter(GL_TEXTURE_BUFFER, GL_TEXTURE_BUFFER_SIZE), 1024);
  EXPECT_EQ(level_parameter(GL_TEXTURE_BUFFER, GL_TEXTURE_WIDTH), 256);  // 4-byte texels
  EXPECT_EQ(level_parameter(GL_TEXTURE_BUFFER, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
  GLint alignment = 0;
  glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  ASSERT_GT(alignment, 0);
  glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buffer, alignment, 512);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level_parameter(GL_TEXTURE_BUFFER, GL_TEXTURE_BUFFER_OFFSET), alignment);
  EXPECT_EQ(level_parameter(GL_TEXTURE_BUFFER, GL_TEXTURE_WIDTH), 128);
  glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buffer, 3, 512);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "unaligned offset";
  glTexBufferRange(GL_TEXTURE_BUFFER, GL_R32F, buffer, 0, 2048);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "range beyond the buffer";
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, buffer);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "RGB8 is not a buffer texture format";
  glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 999);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not a buffer";
  glTexBuffer(GL_TEXTURE_2D, GL_RGBA8, buffer);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "target";
  // The failed calls left the last good range in place.
  EXPECT_EQ(level_parameter(GL_TEXTURE_BUFFER, GL_TEXTURE_BUFFER_SIZE), 512);
}

TEST_F(TextureTargetsTest, GetTextureSubImageReadsARegion) {
  GLuint t;
  glCreateTextures(GL_TEXTURE_2D_ARRAY, 1, &t);
  glTextureStorage3D(t, 1, GL_RGBA8, 6, 5, 3);
  const std::vector<std::uint8_t> data = pattern(6 * 5 * 3 * 4, 71);
  glTextureSubImage3D(t, 0, 0, 0, 0, 6, 5, 3, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
  std::vector<std::uint8_t> out(2 * 3 * 2 * 4, 0);
  glGetTextureSubImage(t, 0, 1, 2, 1, 2, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int z = 0; z < 2; ++z)
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 2; ++x)
        for (int c = 0; c < 4; ++c)
          ASSERT_EQ(out[std::size_t(((z * 3 + y) * 2 + x) * 4 + c)],
                    data[std::size_t((((z + 1) * 5 + (y + 2)) * 6 + (x + 1)) * 4 + c)]);
  glGetTextureSubImage(t, 0, 5, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "region outside the image";
  glGetTextureSubImage(t, 0, 0, 0, 0, 2, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, 8, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "bufSize too small";
}

}  // namespace
}  // namespace glvk::test
