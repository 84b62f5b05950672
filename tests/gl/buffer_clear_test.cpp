// glClear(Named)Buffer(Sub)Data (GL 4.6 section 6.6) and glMemoryBarrier(ByRegion) (7.13.2).
// Expected bytes from the conversion formulas (float -> unorm8 is round(255 c): 0.5 -> 128,
// 0.25 -> 64; 1.0 as a half float is 0x3c00); error codes as the section names them, and where it
// leaves the choice, as Mesa llvmpipe raised them for the same calls.
#include <cstdint>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

using BufferClearTest = GlTest;
using Bytes = std::vector<std::uint8_t>;

Bytes read(GLenum target, GLintptr offset, GLsizeiptr size) {
  Bytes out(std::size_t(size), 0xee);
  glGetBufferSubData(target, offset, size, out.data());
  return out;
}

TEST_F(BufferClearTest, AnElementIsConvertedAndRepeatedOverTheRange) {
  GLuint b = 0;
  glGenBuffers(1, &b);
  glBindBuffer(GL_ARRAY_BUFFER, b);
  // Immutable storage without DYNAMIC_STORAGE_BIT: a clear is not a client write, so it is allowed.
  glBufferStorage(GL_ARRAY_BUFFER, 64, nullptr, 0);
  const float rgba[4] = {1.0f, 0.5f, 0.25f, 2.0f};  // 2.0 clamps to 1
  glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, rgba);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const Bytes all = read(GL_ARRAY_BUFFER, 0, 64);
  for (std::size_t i = 0; i < 64; i += 4) EXPECT_EQ(Bytes(all.begin() + long(i), all.begin() + long(i) + 4), (Bytes{255, 128, 64, 255})) << i;

  const float one = 1.0f;
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R16F, 6, 2, GL_RED, GL_FLOAT, &one);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 4, 4), (Bytes{255, 128, 0x00, 0x3c}));
  const GLuint words[3] = {7, 8, 9};
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_RGB32UI, 24, 24, GL_RGB_INTEGER, GL_UNSIGNED_INT, words);
  std::vector<GLuint> u(6);
  glGetBufferSubData(GL_ARRAY_BUFFER, 24, 24, u.data());
  EXPECT_EQ(u, (std::vector<GLuint>{7, 8, 9, 7, 8, 9}));
  // No data: zeros.
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R32UI, 0, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 10), (Bytes{0, 0, 0, 0, 0, 0, 0, 0, 255, 128}));
  // The named form, a byte pattern over the whole store.
  const GLubyte byte = 0x7f;
  glClearNamedBufferData(b, GL_R8, GL_RED, GL_UNSIGNED_BYTE, &byte);
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 60, 4), (Bytes{0x7f, 0x7f, 0x7f, 0x7f}));
  glClearNamedBufferSubData(b, GL_RG8I, 2, 2, GL_RG_INTEGER, GL_BYTE, "\xff\x01");
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 5), (Bytes{0x7f, 0x7f, 0xff, 0x01, 0x7f}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(BufferClearTest, BadArgumentsRaiseTheErrorsAndClearNothing) {
  const float rgba[4] = {1, 1, 1, 1};
  glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "nothing bound";
  GLuint b = 0;
  glGenBuffers(1, &b);
  glBindBuffer(GL_ARRAY_BUFFER, b);
  glBufferData(GL_ARRAY_BUFFER, 64, Bytes(64, 0x11).data(), GL_STATIC_DRAW);
  const struct {
    GLenum internal;
    GLintptr offset;
    GLsizeiptr size;
    GLenum format, type, error;
    const char* why;
  } cases[] = {
      {GL_RGB8, 0, 4, GL_RGBA, GL_FLOAT, GL_INVALID_ENUM, "not a buffer texture format"},
      {GL_RGBA8, 0, 4, GL_RGBA, GL_FLOAT_MAT2, GL_INVALID_VALUE, "not a pixel type"},
      {GL_RGBA8, 0, 4, GL_DEPTH_COMPONENT, GL_FLOAT, GL_INVALID_VALUE, "depth data"},
      {GL_RGBA8, 0, 4, GL_TEXTURE_2D, GL_FLOAT, GL_INVALID_VALUE, "not a pixel format"},
      {GL_RGBA8UI, 0, 4, GL_RGBA, GL_FLOAT, GL_INVALID_OPERATION, "integer store, float data"},
      {GL_RGBA8, 0, 4, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, GL_INVALID_OPERATION, "float store, integer data"},
      {GL_RGBA8, 0, 4, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, GL_INVALID_OPERATION, "a packed type of four, three given"},
      {GL_RGBA8, 2, 4, GL_RGBA, GL_FLOAT, GL_INVALID_VALUE, "offset not a multiple of 4"},
      {GL_RGBA8, 4, 6, GL_RGBA, GL_FLOAT, GL_INVALID_VALUE, "size not a multiple of 4"},
      {GL_RGB32F, 8, 12, GL_RGB, GL_FLOAT, GL_INVALID_VALUE, "offset not a multiple of 12"},
      {GL_RGBA8, -4, 4, GL_RGBA, GL_FLOAT, GL_INVALID_VALUE, "negative offset"},
      {GL_RGBA8, 60, 8, GL_RGBA, GL_FLOAT, GL_INVALID_VALUE, "past the end"},
  };
  for (const auto& c : cases) {
    glClearBufferSubData(GL_ARRAY_BUFFER, c.internal, c.offset, c.size, c.format, c.type, rgba);
    EXPECT_EQ(glGetError(), c.error) << c.why;
  }
  glClearBufferData(GL_TEXTURE_2D, GL_RGBA8, GL_RGBA, GL_FLOAT, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glMapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT);
  glClearBufferData(GL_ARRAY_BUFFER, GL_RGBA8, GL_RGBA, GL_FLOAT, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "mapped";
  // A range outside the mapping may be cleared (6.6: "any part of the specified range" mapped).
  const GLubyte zero = 0;
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 8, 8, GL_RED, GL_UNSIGNED_BYTE, &zero);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUnmapBuffer(GL_ARRAY_BUFFER);
  glClearBufferSubData(GL_ARRAY_BUFFER, GL_R8, 8, 8, GL_RED, GL_UNSIGNED_BYTE, "\x11");
  glClearNamedBufferData(12345, GL_RGBA8, GL_RGBA, GL_FLOAT, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(read(GL_ARRAY_BUFFER, 0, 64), Bytes(64, 0x11));
}

TEST_F(BufferClearTest, MemoryBarriersTakeTheirSectionsBits) {
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
  glMemoryBarrierByRegion(GL_FRAMEBUFFER_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT);
  glMemoryBarrierByRegion(GL_ALL_BARRIER_BITS);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // 7.13.2: bits beyond the listed ones are INVALID_VALUE (Mesa accepts them; the spec is followed).
  glMemoryBarrier(0x80000000u);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glMemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);  // not one of the by-region bits
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

}  // namespace
}  // namespace glvk::test
