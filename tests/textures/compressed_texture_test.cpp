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
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "uncompressed sub-image of a compressed texture";
  GLuint plain;
  glGenTextures(1, &plain);
  glBindTexture(GL_TEXTURE_2D, plain);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "compressed readback of an uncompressed image";
}

}  // namespace
}  // namespace glvk::test
