// Issue 20's defects through the real dispatch on lavapipe with validation (a Vulkan validation
// message aborts the test). Expected values come from the GL 4.6 specification: the size limits of
// section 8.5 (INVALID_VALUE when a level's size implies a level-0 size beyond the maximum), the
// compressed-target rules of 8.7, the state tables of chapter 23, KHR_debug's label rules.
#include <climits>
#include <cstring>
#include <vector>

#include "gl_fixture.h"
#include "gl_programs.h"

namespace glvk::test {
namespace {

class ReliabilityTest : public GlTest {
 protected:
  // A framebuffer object bound to GL_FRAMEBUFFER with a new size x size texture of `format` as its
  // colour attachment; both deleted with the fixture.
  void bind_colour_target(GLenum format, GLsizei size) {
    glGenTextures(1, &colour_);
    glBindTexture(GL_TEXTURE_2D, colour_);
    glTexStorage2D(GL_TEXTURE_2D, 1, format, size, size);
    glGenFramebuffers(1, &framebuffer_);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_, 0);
  }
  void release_colour_target() {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &framebuffer_);
    glDeleteTextures(1, &colour_);
    framebuffer_ = colour_ = 0;
  }
  void TearDown() override {
    if (framebuffer_) release_colour_target();
    GlTest::TearDown();
  }
  GLuint colour_ = 0, framebuffer_ = 0;
};

// width/height/depth << level overflowed 32 bits, so these passed the size check and glvk asked
// the device for a 32 x INT_MAX image (lavapipe's heap was corrupted).
TEST_F(ReliabilityTest, LevelSizesThatOverflowWhenShiftedAreInvalidValue) {
  GLuint t[4];
  glGenTextures(4, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glTexImage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 32, INT_MAX, 0, GL_STENCIL_INDEX, GL_SHORT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, INT_MAX, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // 2^30 << 2 is 2^32: zero in 32 bits.
  glTexImage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 1 << 30, 1 << 30, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexImage1D(GL_TEXTURE_1D, 3, GL_RGBA8, 1 << 29, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindTexture(GL_TEXTURE_3D, t[1]);
  glTexImage3D(GL_TEXTURE_3D, 3, GL_RGBA8, 8, 8, 1 << 29, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindTexture(GL_TEXTURE_2D, t[2]);
  std::vector<unsigned char> blocks(64);
  glCompressedTexImage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RED_RGTC1, 4, INT_MAX - 3, 0, 8, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // A proxy answers "does not fit" with zeros and no error.
  glTexImage2D(GL_PROXY_TEXTURE_2D, 1, GL_RGBA8, 32, INT_MAX, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint width = -1;
  glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 0);
  // Sizes that do fit still work at every level, 1D included (its height is not mipmapped).
  glBindTexture(GL_TEXTURE_1D, t[3]);
  glTexImage1D(GL_TEXTURE_1D, 2, GL_RGBA8, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTexLevelParameteriv(GL_TEXTURE_1D, 2, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 16);
  glDeleteTextures(4, t);
}

// Pixel-store values as large as GLint allows make the client layout wider than 63 bits: the
// transfer is refused instead of computing a wrapped size (signed overflow).
TEST_F(ReliabilityTest, PixelStoreLayoutsBeyond63BitsAreRefused) {
  GLuint t, pbo;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA8, 4, 4, 4);
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, 4096, nullptr, GL_STATIC_DRAW);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, INT_MAX);
  glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, INT_MAX);
  glPixelStorei(GL_UNPACK_SKIP_IMAGES, INT_MAX);
  glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Large but representable: past the end of the PBO.
  glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
  glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
  glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // An offset near the top of the address space: offset + size wraps in 64 bits.
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 0, 4, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE,
                  reinterpret_cast<const void*>(~std::uintptr_t(0) - 15));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glDeleteBuffers(1, &pbo);
  glDeleteTextures(1, &t);
}

// glCopyTexImage2D made a 1D array of RGTC1 images, after which glGetCompressedTexImage wrote
// every layer into a buffer sized for one row of blocks. Section 8.7: no specific compressed
// format has 1D-array images (INVALID_ENUM, llvmpipe's error too).
TEST_F(ReliabilityTest, CompressedOneDimensionalArraysAreRefusedAndReadBackNothing) {
  bind_colour_target(GL_RGBA8, 64);
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_1D_ARRAY, t);
  glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_COMPRESSED_RED_RGTC1, 3, 31, 64, 4, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLint compressed = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_COMPRESSED, &compressed);
  EXPECT_EQ(compressed, 0);
  std::vector<unsigned char> row(16 * 8 + 16, 0xa5);  // one row of 16 blocks and a guard
  glGetCompressedTexImage(GL_TEXTURE_1D_ARRAY, 0, row.data());
  EXPECT_NE(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(row, std::vector<unsigned char>(row.size(), 0xa5));
  // A generic compressed format is stored uncompressed there instead (GL may choose any format).
  glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_COMPRESSED_RED, 0, 0, 64, 4, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_COMPRESSED, &compressed);
  EXPECT_EQ(compressed, 0);
  glDeleteTextures(1, &t);
}

// Generic compressed formats become compressed images only where specific ones may be.
TEST_F(ReliabilityTest, GenericCompressedFormatsStayUncompressedWhereBlocksCannotBe) {
  const GLenum targets[] = {GL_TEXTURE_RECTANGLE, GL_TEXTURE_3D};
  for (GLenum target : targets) {
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_3D)
      glTexImage3D(target, 0, GL_COMPRESSED_RGBA, 8, 8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    else
      glTexImage2D(target, 0, GL_COMPRESSED_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << target;
    GLint compressed = -1;
    glGetTexLevelParameteriv(target, 0, GL_TEXTURE_COMPRESSED, &compressed);
    EXPECT_EQ(compressed, 0) << target;
    glDeleteTextures(1, &t);
  }
}

// Levels of one texture in different formats (an inconsistent texture GL allows): glvk keeps one
// resource per texture, so a level whose format the resource does not hold must not be read or
// written with the resource's layout (a heap overflow found by gl_call_sequence_fuzz under ASan).
TEST_F(ReliabilityTest, LevelsOfAnotherFormatThanTheResourceAreNotOverrun) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<unsigned char> blocks(4 * 8, 0x3c);  // 8x8 DXT1: four 8-byte blocks
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, 8, 0, GLsizei(blocks.size()),
                         blocks.data());
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 4, 4, 0, GL_RGBA, GL_FLOAT, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<unsigned char> back(blocks.size() + 16, 0xee);
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
  EXPECT_EQ(back[blocks.size()], 0xee);  // nothing past the image's 32 bytes
  std::vector<unsigned char> texels(8 * 8 * 4 + 16, 0xee);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(texels[8 * 8 * 4], 0xee);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GLsizei(blocks.size()),
                            blocks.data());
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, back.data());
  EXPECT_EQ(back[blocks.size()], 0xee);
  glFinish();
  glDeleteTextures(1, &t);
}

// Section 8.7: BPTC images may be 3D; their blocks come back as given, slice by slice.
TEST_F(ReliabilityTest, BptcThreeDimensionalImagesRoundTrip) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  std::vector<unsigned char> blocks(4 * 16 * 3);  // 8x8x3: 2x2 blocks of 16 bytes per slice
  for (std::size_t i = 0; i < blocks.size(); ++i) blocks[i] = static_cast<unsigned char>(i * 37 + 11);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 8, 3, 0, GLsizei(blocks.size()),
                         blocks.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<unsigned char> back(blocks.size() + 16, 0xee);
  glGetCompressedTexImage(GL_TEXTURE_3D, 0, back.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(std::equal(blocks.begin(), blocks.end(), back.begin()));
  EXPECT_EQ(back[blocks.size()], 0xee);
  glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 0, 16, blocks.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteTextures(1, &t);
}

// Masked integer clears are drawn; the clear shader's output type must be the attachment's
// (Vulkan validation aborts the test otherwise). A clear of the other kind gives undefined values
// in GL: only the absence of an error and of a validation message is checked there.
TEST_F(ReliabilityTest, MaskedClearsOfTheOtherKindAreValidVulkan) {
  const GLenum formats[] = {GL_RGBA8, GL_RGBA8UI, GL_RGBA8I};
  for (GLenum format : formats) {
    bind_colour_target(format, 8);
    glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
    const GLuint u[4] = {1, 2, 3, 4};
    const GLint i[4] = {-1, 2, -3, 4};
    const GLfloat f[4] = {0.5f, 0.25f, 1.0f, 0.0f};
    glClearBufferuiv(GL_COLOR, 0, u);
    glClearBufferiv(GL_COLOR, 0, i);
    glClearBufferfv(GL_COLOR, 0, f);
    glFinish();
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << format;
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    release_colour_target();
  }
  // The matching kind still clears exactly the unmasked channels.
  bind_colour_target(GL_RGBA8UI, 4);
  const GLuint zero[4] = {0, 0, 0, 0}, value[4] = {7, 8, 9, 10};
  glClearBufferuiv(GL_COLOR, 0, zero);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glClearBufferuiv(GL_COLOR, 0, value);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  GLuint texel[4] = {99, 99, 99, 99};
  glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texel);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(texel[0], 7u);
  EXPECT_EQ(texel[1], 0u);
  EXPECT_EQ(texel[2], 9u);
  EXPECT_EQ(texel[3], 0u);
}

// GL 4.6 table 23.64 and 7.2: values the spec fixes.
TEST_F(ReliabilityTest, LimitsGlDefinesAreAnswered) {
  GLint64 max_index = 0;
  glGetInteger64v(GL_MAX_ELEMENT_INDEX, &max_index);
  EXPECT_EQ(max_index, 4294967295ll);
  GLint count = -1, formats[1] = {-1};
  glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &count);
  glGetIntegerv(GL_SHADER_BINARY_FORMATS, formats);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(count, 0);
  EXPECT_EQ(formats[0], -1);  // an empty list writes nothing
  GLint offset = -1;
  glGetIntegeri_v(GL_VERTEX_BINDING_OFFSET, 0, &offset);  // no VAO bound: the initial value
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(offset, 0);
}

// KHR_debug: a name given by glGen* but never bound is not an object yet.
TEST_F(ReliabilityTest, LabelsNeedExistingObjects) {
  GLuint names[4];
  glGenRenderbuffers(1, &names[0]);
  glGenFramebuffers(1, &names[1]);
  glGenVertexArrays(1, &names[2]);
  glGenSamplers(1, &names[3]);
  const GLenum identifiers[] = {GL_RENDERBUFFER, GL_FRAMEBUFFER, GL_VERTEX_ARRAY, GL_SAMPLER};
  for (int i = 0; i < 4; ++i) {
    glObjectLabel(identifiers[i], names[i], -1, "x");
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << identifiers[i];
  }
  glObjectLabel(GL_QUERY, 1, -1, "x");
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteRenderbuffers(1, &names[0]);
  glDeleteFramebuffers(1, &names[1]);
  glDeleteVertexArrays(1, &names[2]);
  glDeleteSamplers(1, &names[3]);
}

// Draws whose indices, offsets and ranges point outside their buffers: undefined values in GL,
// but never a read past a buffer, a crash or invalid Vulkan use (validation aborts the test). The
// index and vertex ranges are checked sizes; what lies past a buffer reads as zeros.
TEST_F(ReliabilityTest, DrawsReachingPastTheirBuffersStayInside) {
  bind_colour_target(GL_RGBA8, 8);
  glViewport(0, 0, 8, 8);
  const GLuint program = link(R"(#version 330 core
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 colour;
out vec4 v_colour;
void main() { gl_Position = vec4(position, 0.0, 1.0); v_colour = colour; })",
                                      R"(#version 330 core
layout(std140) uniform Block { vec4 tint; };
in vec4 v_colour;
out vec4 result;
void main() { result = v_colour + tint; })");
  glUseProgram(program);
  GLuint vao, buffers[4];
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(4, buffers);
  const float xy[6] = {-1, -1, 3, -1, -1, 3};
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, sizeof xy, xy, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  // Colours at an offset past the end of their 16-byte buffer, in a format Vulkan fetches and in
  // one glvk converts (doubles).
  glBindBuffer(GL_ARRAY_BUFFER, buffers[1]);
  glBufferData(GL_ARRAY_BUFFER, 16, nullptr, GL_STATIC_DRAW);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, reinterpret_cast<const void*>(4096));
  glEnableVertexAttribArray(1);
  // A uniform block range starting past the end of its buffer.
  glBindBuffer(GL_UNIFORM_BUFFER, buffers[2]);
  glBufferData(GL_UNIFORM_BUFFER, 256, nullptr, GL_STATIC_DRAW);
  glBindBufferRange(GL_UNIFORM_BUFFER, 0, buffers[2], 512, 16);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glVertexAttribPointer(1, 4, GL_DOUBLE, GL_FALSE, 0, reinterpret_cast<const void*>(8));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Indices: misaligned, past the end of the element buffer, and indexing vertices far beyond it.
  const GLuint indices[4] = {0, 1, 2, 0xfffffu};
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buffers[3]);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
  // From byte 2 the indices read 0x10000, 0x20000 and 0xffff0000: streaming the doubles of
  // 4 billion vertices is more than glvk allocates for one draw (GL_OUT_OF_MEMORY, nothing drawn).
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, reinterpret_cast<const void*>(2));
  EXPECT_EQ(glGetError(), GLenum(GL_OUT_OF_MEMORY));
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_INT, reinterpret_cast<const void*>(8));
  glDrawElements(GL_TRIANGLES, 300, GL_UNSIGNED_SHORT, reinterpret_cast<const void*>(1 << 20));
  glDrawElements(GL_LINE_STRIP, 4, GL_UNSIGNED_INT, nullptr);  // vertex 2^20 - 1 of 16-byte colours
  glFinish();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // An indirect command offset whose end wraps past 2^64.
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, buffers[2]);
  glDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(~std::uintptr_t(0) - 3));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindVertexArray(0);
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(4, buffers);
  glDeleteProgram(program);
}

// Rectangles at the ends of GLint's range: their widths do not fit a GLint.
TEST_F(ReliabilityTest, ExtremeRectanglesAreClippedNotOverflowed) {
  bind_colour_target(GL_RGBA8, 4);
  std::vector<unsigned char> pixels(16, 0x5a);
  glReadPixels(INT_MIN, INT_MIN, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixels, std::vector<unsigned char>(16, 0x5a));  // nothing inside the buffer: untouched
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
  glBlitFramebuffer(INT_MIN, INT_MIN, INT_MAX, INT_MAX, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

class CompatibilityReliabilityTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

// GL 4.6 compatibility 8.14.4: GENERATE_MIPMAP recomputes the levels whenever the base level changes.
TEST_F(CompatibilityReliabilityTest, GenerateMipmapFollowsTheBaseLevel) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
  std::vector<unsigned char> texels(8 * 8 * 4);
  for (std::size_t i = 0; i < texels.size(); i += 4) texels[i] = 40, texels[i + 1] = 80, texels[i + 2] = 120, texels[i + 3] = 255;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  unsigned char level3[4] = {0, 0, 0, 0};
  glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, level3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(level3[0], 40);
  EXPECT_EQ(level3[1], 80);
  EXPECT_EQ(level3[2], 120);
  // Not a base-level change: level 1 keeps its own texels.
  const unsigned char white[4] = {255, 255, 255, 255};
  glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
  glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, level3);
  EXPECT_EQ(level3[0], 40);
  // A base-level change reaches every level; a refused format (integer) generates nothing, silently.
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, std::vector<unsigned char>(8 * 8 * 4, 0).data());
  glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, level3);
  EXPECT_EQ(level3[0], 0);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 8, 8, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(1, &t);
}

}  // namespace
}  // namespace glvk::test
