// Compressed textures through the real dispatch: BC1 stored natively (lavapipe has BC), ETC2
// decoded on upload (lavapipe lacks it) with the application's blocks kept for
// glGetCompressedTexImage. Expected texels are worked out from the format specifications here.
#include "gl_fixture.h"

namespace glvk::test {
namespace {

using CompressedTextureTest = GlTest;

// BC1: two RGB565 endpoints (little-endian), then 2-bit indices (texel 0 in the lowest bits).
// color0 > color1 selects the four-colour mode: index 0 = c0, 1 = c1, 2 = (2c0 + c1)/3, 3 = (c0 + 2c1)/3.
std::vector<std::uint8_t> bc1_block(std::uint16_t c0, std::uint16_t c1, std::uint32_t indices) {
  return {std::uint8_t(c0), std::uint8_t(c0 >> 8), std::uint8_t(c1), std::uint8_t(c1 >> 8),
          std::uint8_t(indices), std::uint8_t(indices >> 8), std::uint8_t(indices >> 16), std::uint8_t(indices >> 24)};
}

// ETC2 RGB8 differential mode, both sub-blocks the same base colour, table 0 ({2, 8, -2, -8}),
// every pixel index 0 (+2): each texel is the expanded 5-bit base plus 2, clamped.
std::vector<std::uint8_t> etc2_block(std::uint8_t r5, std::uint8_t g5, std::uint8_t b5) {
  return {std::uint8_t(r5 << 3), std::uint8_t(g5 << 3), std::uint8_t(b5 << 3), 0x02, 0, 0, 0, 0};
}
std::uint8_t etc_expand_plus_2(std::uint8_t v5) { return std::uint8_t(std::min(255, ((v5 << 3) | (v5 >> 2)) + 2)); }

std::vector<std::uint8_t> read_rgba(GLsizei w, GLsizei h) {
  std::vector<std::uint8_t> out(std::size_t(w) * h * 4, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  return out;
}

TEST_F(CompressedTextureTest, Bc1IsStoredAndReadBackNatively) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  // Left block all color0 (pure red 0xF800), right block all index 2: (2 red + blue) / 3.
  std::vector<std::uint8_t> blocks = bc1_block(0xF800, 0x001F, 0x00000000);
  const std::vector<std::uint8_t> right = bc1_block(0xF800, 0x001F, 0xAAAAAAAA);
  blocks.insert(blocks.end(), right.begin(), right.end());
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, 0, GLsizei(blocks.size()),
                         blocks.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint8_t> rgba = read_rgba(8, 4);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) {
      const std::uint8_t* p = &rgba[std::size_t((y * 8 + x) * 4)];
      if (x < 4) {
        EXPECT_EQ(p[0], 255);
        EXPECT_EQ(p[2], 0);
      } else {
        EXPECT_NEAR(p[0], 170, 1);  // 2/3 of 255
        EXPECT_NEAR(p[2], 85, 1);   // 1/3 of 255
      }
      EXPECT_EQ(p[1], 0);
      EXPECT_EQ(p[3], 255);
    }
  std::vector<std::uint8_t> back(blocks.size(), 0);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
  EXPECT_EQ(back, blocks);
  GLint value = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &value);
  EXPECT_EQ(value, GL_TRUE);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &value);
  EXPECT_EQ(value, 16);
}

TEST_F(CompressedTextureTest, Etc2IsDecodedOnUploadAndKeptCompressed) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<std::uint8_t> blocks;
  const std::uint8_t colours[4][3] = {{16, 0, 31}, {31, 31, 0}, {5, 10, 20}, {0, 0, 0}};  // 2x2 blocks
  for (const auto& c : colours) {
    const std::vector<std::uint8_t> b = etc2_block(c[0], c[1], c[2]);
    blocks.insert(blocks.end(), b.begin(), b.end());
  }
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, GLsizei(blocks.size()), blocks.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> rgba = read_rgba(8, 8);
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const auto& c = colours[(y / 4) * 2 + x / 4];
      const std::uint8_t* p = &rgba[std::size_t((y * 8 + x) * 4)];
      ASSERT_EQ(p[0], etc_expand_plus_2(c[0])) << x << "," << y;
      ASSERT_EQ(p[1], etc_expand_plus_2(c[1])) << x << "," << y;
      ASSERT_EQ(p[2], etc_expand_plus_2(c[2])) << x << "," << y;
      ASSERT_EQ(p[3], 255);
    }
  // Replace the bottom-right block.
  const std::vector<std::uint8_t> patch = etc2_block(31, 0, 0);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, patch.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  rgba = read_rgba(8, 8);
  EXPECT_EQ(rgba[std::size_t((7 * 8 + 7) * 4)], etc_expand_plus_2(31));
  EXPECT_EQ(rgba[std::size_t((7 * 8 + 7) * 4 + 1)], etc_expand_plus_2(0));
  EXPECT_EQ(rgba[std::size_t((0 * 8 + 0) * 4)], etc_expand_plus_2(16));  // untouched block
  std::vector<std::uint8_t> back(blocks.size(), 0);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
  std::copy(patch.begin(), patch.end(), blocks.begin() + 24);
  EXPECT_EQ(back, blocks);
}

// Online compression (GL 4.6 section 8.7): glTexImage/glTexSubImage with uncompressed texels into
// S3TC, RGTC and BPTC images. Blocks whose texels take two colours decode exactly when both values
// are representable endpoints (565 for BC1, 8-bit for BC4, 7 bits + p-bit = 8 bits for BC7 mode 6),
// so the texels read back equal the ones given.
std::vector<std::uint8_t> two_value_image(GLsizei w, GLsizei h, int components, std::uint8_t a, std::uint8_t b,
                                          std::uint8_t alpha) {
  std::vector<std::uint8_t> texels(std::size_t(w * h * components));
  for (GLsizei i = 0; i < w * h; ++i)
    for (int c = 0; c < components; ++c)
      texels[std::size_t(i * components + c)] = c == 3 ? alpha : ((i * 7) % 3 == 0 ? a : b);
  return texels;
}

TEST_F(CompressedTextureTest, TexImageCompressesRgtcS3tcAndBptc) {
  struct Case {
    GLenum internal_format, format;
    int components;
    std::uint8_t a, b;  // two exactly representable values
  };
  // BC1/BC3 colours use 0 and 255, exact endpoints in every 565 channel.
  const Case cases[] = {
      {GL_COMPRESSED_RED_RGTC1, GL_RED, 1, 17, 230},
      {GL_COMPRESSED_RG_RGTC2, GL_RG, 2, 3, 200},
      {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, 3, 0, 255},
      {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, 4, 0, 255},
      {GL_COMPRESSED_RGBA_BPTC_UNORM, GL_RGBA, 4, 41, 199},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.internal_format);
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    const std::vector<std::uint8_t> texels = two_value_image(8, 8, c.components, c.a, c.b, 77);
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(c.internal_format), 8, 8, 0, c.format, GL_UNSIGNED_BYTE, texels.data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    GLint compressed = 0, size = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &compressed);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
    EXPECT_EQ(compressed, GL_TRUE);
    const GLint block_bytes = c.internal_format == GL_COMPRESSED_RED_RGTC1 || c.internal_format == GL_COMPRESSED_RGB_S3TC_DXT1_EXT ? 8 : 16;
    EXPECT_EQ(size, 4 * block_bytes);
    std::vector<std::uint8_t> back(texels.size(), 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_2D, 0, c.format, GL_UNSIGNED_BYTE, back.data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    // Alpha (constant 77) is exact too: BC3 stores it as a BC4 block, BC7 mode 6 with 8 bits.
    for (std::size_t i = 0; i < texels.size(); ++i) EXPECT_EQ(back[i], texels[i]) << "byte " << i;
    // A sub-image of one block (4..7, 4..7) replaces only that block.
    const std::vector<std::uint8_t> patch(std::size_t(16 * c.components), c.b);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, c.format, GL_UNSIGNED_BYTE, patch.data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    glGetTexImage(GL_TEXTURE_2D, 0, c.format, GL_UNSIGNED_BYTE, back.data());
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x)
        for (int k = 0; k < c.components; ++k) {
          const std::size_t i = std::size_t((y * 8 + x) * c.components + k);
          EXPECT_EQ(back[i], x >= 4 && y >= 4 ? c.b : texels[i]) << x << "," << y << "," << k;
        }
    glDeleteTextures(1, &t);
  }
}

// Signed RGTC takes signed data; an unsigned float BPTC image takes floats and keeps them within
// mode 11's 10-bit endpoint quantisation (under 1/32 relative at 1.0); the texels may come from a PBO.
TEST_F(CompressedTextureTest, TexImageCompressesSignedAndFloatFormatsFromAPbo) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<std::int8_t> signed_texels(16);
  for (int i = 0; i < 16; ++i) signed_texels[std::size_t(i)] = i % 2 ? -127 : 90;
  GLuint pbo;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 64 + 16, nullptr, GL_STATIC_DRAW);
  glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 64, 16, signed_texels.data());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 4, 4, 0, GL_RED, GL_BYTE,
               reinterpret_cast<const void*>(std::uintptr_t(64)));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::int8_t> back(16, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_BYTE, back.data());
  EXPECT_EQ(back, signed_texels);

  const float rgb[3] = {1.0f, 0.25f, 3.5f};
  std::vector<float> floats(16 * 3);
  for (int i = 0; i < 16; ++i) std::copy(rgb, rgb + 3, floats.begin() + i * 3);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 4, 4, 0, GL_RGB, GL_FLOAT, floats.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<float> out(16 * 3, -1.0f);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, out.data());
  for (int i = 0; i < 16 * 3; ++i) EXPECT_NEAR(out[std::size_t(i)], rgb[i % 3], rgb[i % 3] / 32) << i;
}

TEST_F(CompressedTextureTest, BadInputRaisesTheSpecError) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<std::uint8_t> blocks(32, 0);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, 0, 15, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "imageSize does not match";
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, 16, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a compressed format";
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB, 8, 4, 0, 16, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "generic compressed format";
  glCompressedTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, 0, 16, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "rectangle target";
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4, 1, 16, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "border";
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0, 32, blocks.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "region off the block grid";
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "format differs from the texture's";
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 8, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 16, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "region outside the image";
  glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "uncompressed sub-image off the block grid";
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a partial block row away from the image's edge";
  // ETC2/EAC (and ASTC) have no online compression: they take compressed data only.
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, blocks.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "uncompressed sub-image of an ETC2 texture";
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "uncompressed image into ETC2";
  GLuint plain;
  glGenTextures(1, &plain);
  glBindTexture(GL_TEXTURE_2D, plain);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "compressed readback of an uncompressed image";
}

}  // namespace
}  // namespace glvk::test
