// glCopyImageSubData through the real dispatch on lavapipe with validation: raw texel copies
// between textures of every kind and renderbuffers, reinterpreting formats of one view class,
// compressed blocks to and from uncompressed texels, copies the GPU cannot do directly, and the
// errors of GL 4.6 section 18.3.3. Expected images are assembled here from the uploaded bytes.
#include <cstdint>
#include <cstring>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

class CopyImageTest : public GlTest {
 protected:
  GLuint texture(GLenum target) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    return t;
  }
  // A one-level immutable 2D texture, filled with `texels` of (format, type) when given.
  GLuint storage_2d(GLenum internal_format, GLsizei w, GLsizei h, GLenum format = GL_NONE, GLenum type = GL_NONE,
                    const void* texels = nullptr) {
    const GLuint t = texture(GL_TEXTURE_2D);
    glTexStorage2D(GL_TEXTURE_2D, 1, internal_format, w, h);
    if (texels) glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, h, format, type, texels);
    return t;
  }
  // An 8x8 immutable texture of a compressed format holding `blocks`.
  GLuint compressed_8x8(GLenum internal_format, const std::vector<std::uint8_t>& blocks) {
    const GLuint t = storage_2d(internal_format, 8, 8);
    glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, internal_format, GLsizei(blocks.size()), blocks.data());
    return t;
  }
  // Copies an 8x8 texture of 64-bit blocks into a 2x2 RG32UI texture (one block per texel) and
  // expects the blocks there; returns the RG32UI texture.
  GLuint expect_blocks_as_rg32ui(GLuint compressed, const std::vector<std::uint8_t>& blocks) {
    const GLuint plain = storage_2d(GL_RG32UI, 2, 2);
    glCopyImageSubData(compressed, GL_TEXTURE_2D, 0, 0, 0, 0, plain, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(read(GL_TEXTURE_2D, plain, 0, GL_RG_INTEGER, GL_UNSIGNED_INT, blocks.size()), blocks);
    return plain;
  }
  // Reads a whole level of `t` as `format`/`type` (bytes per texel `bpp`).
  std::vector<std::uint8_t> read(GLenum target, GLuint t, GLint level, GLenum format, GLenum type, std::size_t bytes) {
    glBindTexture(target, t);
    std::vector<std::uint8_t> out(bytes, 0xcd);
    glGetTexImage(target, level, format, type, out.data());
    return out;
  }
};

// Copies a w x h rectangle between two row-major images of `bpp`-byte texels, as the test's model.
void patch(std::vector<std::uint8_t>& dst, int dst_width, int dx, int dy, const std::vector<std::uint8_t>& src,
           int src_width, int sx, int sy, int w, int h, int bpp) {
  for (int y = 0; y < h; ++y)
    std::memcpy(&dst[std::size_t(((dy + y) * dst_width + dx) * bpp)], &src[std::size_t(((sy + y) * src_width + sx) * bpp)],
                std::size_t(w * bpp));
}

TEST_F(CopyImageTest, SubRectangleBetween2dTextures) {
  const std::vector<std::uint8_t> a = pattern(16 * 16 * 4, 1), b = pattern(8 * 8 * 4, 2);
  const GLuint src = texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, a.data());
  const GLuint dst = texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, b.data());
  glCopyImageSubData(src, GL_TEXTURE_2D, 0, 5, 9, 0, dst, GL_TEXTURE_2D, 0, 1, 2, 0, 6, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> expected = b;
  patch(expected, 8, 1, 2, a, 16, 5, 9, 6, 4, 4);
  EXPECT_EQ(read(GL_TEXTURE_2D, dst, 0, GL_RGBA, GL_UNSIGNED_BYTE, b.size()), expected);
}

TEST_F(CopyImageTest, Rgba8BitsLandInAnR32uiTexture) {
  const std::vector<std::uint8_t> a = pattern(4 * 4 * 4, 3);
  const GLuint src = storage_2d(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, a.data());
  const GLuint dst = storage_2d(GL_R32UI, 4, 4);
  glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint8_t> words = read(GL_TEXTURE_2D, dst, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, a.size());
  EXPECT_EQ(words, a);  // little-endian words: the RGBA bytes in order
}

TEST_F(CopyImageTest, TextureToRenderbufferAndBack) {
  const std::vector<std::uint8_t> a = pattern(8 * 8 * 4, 4);
  const GLuint src = texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, a.data());
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 8, 8, 1);
  const GLuint back = storage_2d(GL_RGBA8UI, 8, 8);
  glCopyImageSubData(rb, GL_RENDERBUFFER, 0, 0, 0, 0, back, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read(GL_TEXTURE_2D, back, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, a.size()), a);
  // The renderbuffer itself, read through a framebuffer.
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  std::vector<std::uint8_t> pixels(a.size());
  glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  EXPECT_EQ(pixels, a);
}

// One RGTC1 block (64 bits) is one RG32UI texel; one BPTC block (128 bits) one RGBA32UI texel.
TEST_F(CopyImageTest, CompressedBlocksAndUncompressedTexels) {
  const std::vector<std::uint8_t> blocks = pattern(2 * 2 * 8, 5);  // 8x8 texels, 2x2 blocks
  expect_blocks_as_rg32ui(compressed_8x8(GL_COMPRESSED_RED_RGTC1, blocks), blocks);

  // Back the other way, one texel into the second block of the bottom row.
  const std::vector<std::uint8_t> texels = pattern(4 * 16, 6);
  const GLuint wide = storage_2d(GL_RGBA32UI, 2, 2, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texels.data());
  const std::vector<std::uint8_t> initial = pattern(4 * 16, 7);
  const GLuint bptc = compressed_8x8(GL_COMPRESSED_RGBA_BPTC_UNORM, initial);
  glCopyImageSubData(wide, GL_TEXTURE_2D, 0, 1, 0, 0, bptc, GL_TEXTURE_2D, 0, 4, 4, 0, 1, 1, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(initial.size());
  glBindTexture(GL_TEXTURE_2D, bptc);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, out.data());
  std::vector<std::uint8_t> expected = initial;
  std::memcpy(&expected[3 * 16], &texels[1 * 16], 16);  // block (1,1) <- texel (1,0)
  EXPECT_EQ(out, expected);
}

TEST_F(CopyImageTest, ArrayLayersCubeFacesAnd3dSlices) {
  // Layers 1..2 of a 2D array into slices 0..1 of a 3D texture, then cube faces 3..4 of a cube
  // map into layers 0..1 of the array.
  const int size = 4, texel_bytes = size * size * 4;
  const std::vector<std::uint8_t> layers = pattern(std::size_t(texel_bytes * 3), 8);
  const GLuint array = texture(GL_TEXTURE_2D_ARRAY);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, size, size, 3);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, size, size, 3, GL_RGBA, GL_UNSIGNED_BYTE, layers.data());
  const GLuint volume = texture(GL_TEXTURE_3D);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA8, size, size, 2);
  glCopyImageSubData(array, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, volume, GL_TEXTURE_3D, 0, 0, 0, 0, size, size, 2);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint8_t> expected(layers.begin() + texel_bytes, layers.end());
  EXPECT_EQ(read(GL_TEXTURE_3D, volume, 0, GL_RGBA, GL_UNSIGNED_BYTE, expected.size()), expected);

  const GLuint cube = texture(GL_TEXTURE_CUBE_MAP);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, size, size);
  std::vector<std::vector<std::uint8_t>> faces;
  for (GLenum f = 0; f < 6; ++f) {
    faces.push_back(pattern(std::size_t(texel_bytes), 20 + f));
    glTexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, 0, 0, size, size, GL_RGBA, GL_UNSIGNED_BYTE,
                    faces.back().data());
  }
  glCopyImageSubData(cube, GL_TEXTURE_CUBE_MAP, 0, 0, 0, 3, array, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, size, size, 2);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> after = faces[3];
  after.insert(after.end(), faces[4].begin(), faces[4].end());
  after.insert(after.end(), layers.begin() + 2 * texel_bytes, layers.end());
  EXPECT_EQ(read(GL_TEXTURE_2D_ARRAY, array, 0, GL_RGBA, GL_UNSIGNED_BYTE, after.size()), after);
}

// 1D array layers are rows of a 2D image (Vulkan cannot copy 1D to 2D: through the CPU).
TEST_F(CopyImageTest, OneDimensionalArrayLayersBecomeRows) {
  const std::vector<std::uint8_t> rows = pattern(8 * 3 * 4, 9);
  const GLuint array = texture(GL_TEXTURE_1D_ARRAY);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 8, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, rows.data());
  glTexParameteri(GL_TEXTURE_1D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  const GLuint flat = storage_2d(GL_RGBA8, 8, 3);
  glCopyImageSubData(array, GL_TEXTURE_1D_ARRAY, 0, 0, 0, 0, flat, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 3, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read(GL_TEXTURE_2D, flat, 0, GL_RGBA, GL_UNSIGNED_BYTE, rows.size()), rows);
}

// Within one image: between levels (GPU), and between regions of one level (through the CPU).
TEST_F(CopyImageTest, WithinOneTexture) {
  const std::vector<std::uint8_t> level0 = pattern(8 * 8 * 4, 10), level1 = pattern(4 * 4 * 4, 11);
  const GLuint t = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 8, 8);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, level0.data());
  glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, level1.data());
  glCopyImageSubData(t, GL_TEXTURE_2D, 0, 2, 2, 0, t, GL_TEXTURE_2D, 1, 0, 0, 0, 4, 4, 1);
  glCopyImageSubData(t, GL_TEXTURE_2D, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 4, 4, 0, 4, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> expected1 = level1, expected0 = level0;
  patch(expected1, 4, 0, 0, level0, 8, 2, 2, 4, 4, 4);
  patch(expected0, 8, 4, 4, level0, 8, 0, 0, 4, 4, 4);
  EXPECT_EQ(read(GL_TEXTURE_2D, t, 1, GL_RGBA, GL_UNSIGNED_BYTE, level1.size()), expected1);
  EXPECT_EQ(read(GL_TEXTURE_2D, t, 0, GL_RGBA, GL_UNSIGNED_BYTE, level0.size()), expected0);
}

// GL_RGB8 and GL_RGB8UI share the 24-bit class whatever the device pads them to.
TEST_F(CopyImageTest, TwentyFourBitClassKeepsItsThreeBytes) {
  const std::vector<std::uint8_t> rgb = pattern(4 * 4 * 3, 12);
  const GLuint src = storage_2d(GL_RGB8, 4, 4);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGB, GL_UNSIGNED_BYTE, rgb.data());
  const GLuint dst = storage_2d(GL_RGB8UI, 4, 4);
  glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read(GL_TEXTURE_2D, dst, 0, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, rgb.size()), rgb);
}

// ETC2 is decoded on upload where the device lacks it (lavapipe): copies move the application's
// blocks (kept beside the texels) and decode what lands in an ETC2 destination.
TEST_F(CopyImageTest, DecodedCompressedImagesCopyTheirBlocks) {
  const std::vector<std::uint8_t> blocks = pattern(2 * 2 * 8, 14);  // 8x8 texels of 64-bit blocks
  const GLuint etc = compressed_8x8(GL_COMPRESSED_RGB8_ETC2, blocks);
  const GLuint plain = expect_blocks_as_rg32ui(etc, blocks);

  // Into a second ETC2 texture: its blocks and its decoded texels become the first one's.
  const GLuint copy = storage_2d(GL_COMPRESSED_RGB8_ETC2, 8, 8);
  glCopyImageSubData(plain, GL_TEXTURE_2D, 0, 0, 0, 0, copy, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> back(blocks.size());
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
  EXPECT_EQ(back, blocks);
  EXPECT_EQ(read(GL_TEXTURE_2D, copy, 0, GL_RGBA, GL_UNSIGNED_BYTE, 8 * 8 * 4),
            read(GL_TEXTURE_2D, etc, 0, GL_RGBA, GL_UNSIGNED_BYTE, 8 * 8 * 4));
}

// Finite, non-negative half-float bit patterns (exponent below 31), so float conversions on the way
// keep them exact.
std::vector<std::uint16_t> finite_halves(std::size_t count, unsigned seed) {
  std::vector<std::uint16_t> words(count);
  for (std::size_t i = 0; i < count; ++i) words[i] = std::uint16_t(((i + seed) * 2654435761u >> 13) % 0x7C00u);
  return words;
}

// GL_RGB16 and GL_RGB16F share the 48-bit class; devices may store one padded to 64 bits and the
// other in 48 (then the bits go through the CPU).
TEST_F(CopyImageTest, FortyEightBitClassAcrossPaddedAndUnpaddedStorage) {
  const std::vector<std::uint16_t> words = finite_halves(4 * 4 * 3, 13);
  const GLuint src = storage_2d(GL_RGB16, 4, 4, GL_RGB, GL_UNSIGNED_SHORT, words.data());
  const GLuint dst = storage_2d(GL_RGB16F, 4, 4);
  glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint16_t> out(words.size(), 0xffff);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_HALF_FLOAT, out.data());
  EXPECT_EQ(out, words);
  // And back into a sub-rectangle of the first.
  glCopyImageSubData(dst, GL_TEXTURE_2D, 0, 1, 1, 0, src, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, src);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_SHORT, out.data());
  std::vector<std::uint16_t> expected = words;
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 2; ++x)
      for (int c = 0; c < 3; ++c)
        expected[std::size_t((y * 4 + x) * 3 + c)] = words[std::size_t(((y + 1) * 4 + x + 1) * 3 + c)];
  EXPECT_EQ(out, expected);
}

// Multisample images copy every sample: a cleared 4-sample texture copied into a 4-sample
// renderbuffer resolves to the clear colour.
TEST_F(CopyImageTest, MultisampleTextureToMultisampleRenderbuffer) {
  const GLuint ms = texture(GL_TEXTURE_2D_MULTISAMPLE);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
  GLuint fb = 0, rb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, ms, 0);
  const GLfloat colour[4] = {1.0f, 0.0f, 1.0f, 0.0f};  // exact in unorm8: ff 00 ff 00
  glClearBufferfv(GL_COLOR, 0, colour);
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 4, 4);
  glCopyImageSubData(ms, GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 0, 4, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  const GLuint single = storage_2d(GL_RGBA8, 4, 4);
  GLuint resolved = 0;
  glGenFramebuffers(1, &resolved);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved);
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, single, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> expected;
  for (int i = 0; i < 16; ++i) expected.insert(expected.end(), {0xff, 0x00, 0xff, 0x00});
  EXPECT_EQ(read(GL_TEXTURE_2D, single, 0, GL_RGBA, GL_UNSIGNED_BYTE, expected.size()), expected);
}

// Depth/stencil images copy to their own format only, both aspects at once.
TEST_F(CopyImageTest, DepthStencilTexels) {
  std::vector<std::uint32_t> texels(4 * 4);
  for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = (std::uint32_t(i) * 0x0105a3u) << 8 | std::uint32_t(i * 17);
  const GLuint src = storage_2d(GL_DEPTH24_STENCIL8, 4, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, texels.data());
  const GLuint dst = storage_2d(GL_DEPTH24_STENCIL8, 4, 4);
  glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, dst);
  std::vector<std::uint32_t> out(texels.size());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, out.data());
  EXPECT_EQ(out, texels);
  const GLuint other = storage_2d(GL_DEPTH32F_STENCIL8, 4, 4);
  glCopyImageSubData(src, GL_TEXTURE_2D, 0, 0, 0, 0, other, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "another depth format";
}

TEST_F(CopyImageTest, ErrorsOfSection18_3_3) {
  const GLuint a = texture(GL_TEXTURE_2D);
  glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 8, 8);
  const GLuint b = storage_2d(GL_RGBA8, 8, 8);
  const GLuint half = storage_2d(GL_RG8, 8, 8);
  const GLuint bc = storage_2d(GL_COMPRESSED_RED_RGTC1, 8, 8);
  const GLuint incomplete = texture(GL_TEXTURE_2D);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);  // level 1 missing
  GLuint ms = 0, rb = 0;
  glGenRenderbuffers(1, &ms);
  glBindRenderbuffer(GL_RENDERBUFFER, ms);
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  struct Case {
    GLuint src;
    GLenum src_target;
    GLint src_level, sx, sy;
    GLuint dst;
    GLenum dst_target;
    GLint dst_level, dx, dy;
    GLsizei w, h;
    GLenum error;
    const char* what;
  };
  const Case cases[] = {
      {a, GL_TEXTURE_BUFFER, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_ENUM, "buffer target"},
      {a, GL_TEXTURE_2D, 0, 0, 0, b, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 1, 1, GL_INVALID_ENUM, "face target"},
      {a, GL_TEXTURE_2D, 0, 0, 0, b, GL_FLOAT, 0, 0, 0, 1, 1, GL_INVALID_ENUM, "not a target"},
      {a, GL_TEXTURE_3D, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_ENUM, "target of another kind"},
      {a, GL_TEXTURE_2D, 0, 0, 0, 9999, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_VALUE, "no such texture"},
      {a, GL_TEXTURE_2D, 0, 0, 0, 9999, GL_RENDERBUFFER, 0, 0, 0, 1, 1, GL_INVALID_VALUE, "no such renderbuffer"},
      {a, GL_TEXTURE_2D, 2, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_VALUE, "level past the storage"},
      {a, GL_TEXTURE_2D, -1, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_VALUE, "negative level"},
      {rb, GL_RENDERBUFFER, 1, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_VALUE, "renderbuffer level 1"},
      {incomplete, GL_TEXTURE_2D, 2, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_OPERATION, "incomplete"},
      {a, GL_TEXTURE_2D, 0, 0, 0, half, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_OPERATION, "32 vs 16 bits"},
      {a, GL_TEXTURE_2D, 0, 0, 0, bc, GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_INVALID_OPERATION, "32-bit vs RGTC1"},
      {ms, GL_RENDERBUFFER, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 0, 0, 1, 1, GL_INVALID_OPERATION, "4 vs 1 samples"},
      {a, GL_TEXTURE_2D, 0, 4, 4, b, GL_TEXTURE_2D, 0, 0, 0, 5, 1, GL_INVALID_VALUE, "source region outside"},
      {a, GL_TEXTURE_2D, 1, 0, 0, b, GL_TEXTURE_2D, 0, 7, 0, 2, 1, GL_INVALID_VALUE, "destination region outside"},
      {a, GL_TEXTURE_2D, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, -1, 1, GL_INVALID_VALUE, "negative width"},
      {bc, GL_TEXTURE_2D, 0, 2, 0, bc, GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_INVALID_VALUE, "unaligned block"},
      {bc, GL_TEXTURE_2D, 0, 0, 0, bc, GL_TEXTURE_2D, 0, 0, 0, INT32_MAX, 4, GL_INVALID_VALUE, "huge width"},
      {a, GL_TEXTURE_2D, 0, 0, 0, b, GL_TEXTURE_2D, 0, INT32_MAX, 0, 1, 1, GL_INVALID_VALUE, "huge offset"},
      {bc, GL_TEXTURE_2D, 0, 0, 0, bc, GL_TEXTURE_2D, 0, 4, 4, 3, 4, GL_INVALID_VALUE, "partial block inside"},
  };
  for (const Case& c : cases) {
    glCopyImageSubData(c.src, c.src_target, c.src_level, c.sx, c.sy, 0, c.dst, c.dst_target, c.dst_level, c.dx, c.dy,
                       0, c.w, c.h, 1);
    EXPECT_EQ(glGetError(), c.error) << c.what;
  }
  // Level 0 of the same incomplete texture is base-complete and copies.
  glCopyImageSubData(incomplete, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
