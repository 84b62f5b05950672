// GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE through glGetIntegerv and glGetFramebufferParameteriv:
// the pair that reads each buffer as stored, checked by reading a known clear with it, and the
// INVALID_OPERATION cases.
#include <cstring>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

struct ReadFormatCase {
  GLenum internal_format;
  GLenum format, type;  // the expected answer, worked out from the format's layout
  int clear_kind;       // 0 float, 1 int, 2 uint
  float clear_f[4];
  GLint clear_i[4];
  GLuint clear_u[4];
  std::vector<std::uint8_t> expected;  // the first pixel read with (format, type)
};

template <typename T>
std::vector<std::uint8_t> bytes_of(std::initializer_list<T> values) {
  std::vector<std::uint8_t> out(values.size() * sizeof(T));
  std::size_t at = 0;
  for (T v : values) {
    std::memcpy(out.data() + at, &v, sizeof(T));
    at += sizeof(T);
  }
  return out;
}

std::vector<ReadFormatCase> cases() {
  return {
      // 0.2 * 255 = 51 exactly.
      {GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 0, {1, 0, 0.2f, 1}, {}, {}, {255, 0, 51, 255}},
      {GL_R8, GL_RED, GL_UNSIGNED_BYTE, 0, {0.2f, 0, 0, 0}, {}, {}, {51}},
      // 0.5 as a half float is 0x3800.
      {GL_R16F, GL_RED, GL_HALF_FLOAT, 0, {0.5f, 0, 0, 0}, {}, {}, bytes_of<std::uint16_t>({0x3800})},
      {GL_RG32F, GL_RG, GL_FLOAT, 0, {0.25f, -2.0f, 0, 0}, {}, {}, bytes_of<float>({0.25f, -2.0f})},
      {GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 1, {}, {-5, 7, 100000, -2147483647 - 1}, {},
       bytes_of<GLint>({-5, 7, 100000, -2147483647 - 1})},
      {GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, 2, {}, {}, {1, 65535, 300, 0},
       bytes_of<std::uint16_t>({1, 65535, 300, 0})},
      {GL_RG8I, GL_RG_INTEGER, GL_BYTE, 1, {}, {-128, 127, 0, 0}, {}, {0x80, 0x7F}},
      // r | g << 10 | b << 20 | a << 30 with r = b = 1023, g = 0, a = 3.
      {GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, {1, 0, 1, 1}, {}, {},
       bytes_of<GLuint>({1023u | (1023u << 20) | (3u << 30)})},
  };
}

class ReadFormatTest : public GlTest {};

TEST_F(ReadFormatTest, AnswersThePairThatReadsEachBufferAsStored) {
  for (const ReadFormatCase& c : cases()) {
    SCOPED_TRACE(::testing::Message() << "internal format 0x" << std::hex << c.internal_format);
    GLuint rb, fbo;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, c.internal_format, 4, 4);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    if (c.clear_kind == 0) glClearBufferfv(GL_COLOR, 0, c.clear_f);
    if (c.clear_kind == 1) glClearBufferiv(GL_COLOR, 0, c.clear_i);
    if (c.clear_kind == 2) glClearBufferuiv(GL_COLOR, 0, c.clear_u);

    GLint format = -1, type = -1, fb_format = -1, fb_type = -1;
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &format);
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
    glGetFramebufferParameteriv(GL_READ_FRAMEBUFFER, GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fb_format);
    glGetFramebufferParameteriv(GL_READ_FRAMEBUFFER, GL_IMPLEMENTATION_COLOR_READ_TYPE, &fb_type);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(GLenum(format), c.format);
    EXPECT_EQ(GLenum(type), c.type);
    EXPECT_EQ(fb_format, format);
    EXPECT_EQ(fb_type, type);

    // Reading with the answer works and gives the cleared value.
    std::vector<std::uint8_t> pixel(c.expected.size() + 8, 0xEE);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(2, 1, 1, 1, GLenum(format), GLenum(type), pixel.data());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(std::vector<std::uint8_t>(pixel.begin(), pixel.begin() + std::ptrdiff_t(c.expected.size())),
              c.expected);
    EXPECT_EQ(pixel[c.expected.size()], 0xEE) << "one pixel of exactly the pair's size";
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
  }
}

TEST_F(ReadFormatTest, IncompleteOrBufferlessReadFramebufferIsAnError) {
  // Surfaceless: framebuffer zero is incomplete (undefined).
  GLint v = -7;
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(v, -7) << "nothing written on error";
  GLuint fbo, rb;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no attachments: incomplete";
  glGetFramebufferParameteriv(GL_FRAMEBUFFER, GL_IMPLEMENTATION_COLOR_READ_FORMAT, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(v, -7);
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glReadBuffer(GL_NONE);
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "read buffer GL_NONE";
  glGetNamedFramebufferParameteriv(fbo, GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glGetNamedFramebufferParameteriv(fbo, GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(v, GL_UNSIGNED_BYTE);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  glDeleteRenderbuffers(1, &rb);
}

using DefaultReadFormatTest = PbufferGlTest;

TEST_F(DefaultReadFormatTest, TheSurfaceBufferReadsAsRgbaBytes) {
  GLint format = -1, type = -1;
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &format);
  glGetNamedFramebufferParameteriv(0, GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
  EXPECT_EQ(format, GL_RGBA);
  EXPECT_EQ(type, GL_UNSIGNED_BYTE);
  glReadBuffer(GL_NONE);
  glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &format);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "read buffer GL_NONE";
}

}  // namespace
}  // namespace glvk::test
