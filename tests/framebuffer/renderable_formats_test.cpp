// Clears, masked scissored clears and blits into every colour-renderable sized format of GL 4.6
// table 8.12 (and the unsized RED/RG/RGB/RGBA), read back with glReadPixels in a type that loses
// nothing. Expected values come from the table's component types and minimum sizes: normalized
// values are quantized to the size the implementation reports (which must be at least the
// table's) with a tolerance of one unit there; floats and integers must come back exactly.
#include <cmath>
#include <string>

#include "framebuffer_helpers.h"

namespace glvk::test {
namespace {

enum class Kind { UNORM, FLOAT, SINT, UINT };

struct RenderableFormat {
  GLenum internal_format;
  const char* name;
  Kind kind;
  int channels;     // R, RG, RGB or RGBA
  int min_bits[4];  // table 8.12's sizes (0 for the unsized formats: whatever is chosen)
};

// GL 4.6 table 8.12, the colour-renderable rows (RGB9_E5 and the SNORM formats are not).
constexpr RenderableFormat kFormats[] = {
    {GL_RED, "RED", Kind::UNORM, 1, {0}},
    {GL_RG, "RG", Kind::UNORM, 2, {0, 0}},
    {GL_RGB, "RGB", Kind::UNORM, 3, {0, 0, 0}},
    {GL_RGBA, "RGBA", Kind::UNORM, 4, {0, 0, 0, 0}},
    {GL_R8, "R8", Kind::UNORM, 1, {8}},
    {GL_R16, "R16", Kind::UNORM, 1, {16}},
    {GL_RG8, "RG8", Kind::UNORM, 2, {8, 8}},
    {GL_RG16, "RG16", Kind::UNORM, 2, {16, 16}},
    {GL_R3_G3_B2, "R3_G3_B2", Kind::UNORM, 3, {3, 3, 2}},
    {GL_RGB4, "RGB4", Kind::UNORM, 3, {4, 4, 4}},
    {GL_RGB5, "RGB5", Kind::UNORM, 3, {5, 5, 5}},
    {GL_RGB565, "RGB565", Kind::UNORM, 3, {5, 6, 5}},
    {GL_RGB8, "RGB8", Kind::UNORM, 3, {8, 8, 8}},
    {GL_RGB10, "RGB10", Kind::UNORM, 3, {10, 10, 10}},
    {GL_RGB12, "RGB12", Kind::UNORM, 3, {12, 12, 12}},
    {GL_RGB16, "RGB16", Kind::UNORM, 3, {16, 16, 16}},
    {GL_RGBA2, "RGBA2", Kind::UNORM, 4, {2, 2, 2, 2}},
    {GL_RGBA4, "RGBA4", Kind::UNORM, 4, {4, 4, 4, 4}},
    {GL_RGB5_A1, "RGB5_A1", Kind::UNORM, 4, {5, 5, 5, 1}},
    {GL_RGBA8, "RGBA8", Kind::UNORM, 4, {8, 8, 8, 8}},
    {GL_RGB10_A2, "RGB10_A2", Kind::UNORM, 4, {10, 10, 10, 2}},
    {GL_RGBA12, "RGBA12", Kind::UNORM, 4, {12, 12, 12, 12}},
    {GL_RGBA16, "RGBA16", Kind::UNORM, 4, {16, 16, 16, 16}},
    {GL_SRGB8_ALPHA8, "SRGB8_ALPHA8", Kind::UNORM, 4, {8, 8, 8, 8}},
    {GL_R16F, "R16F", Kind::FLOAT, 1, {16}},
    {GL_RG16F, "RG16F", Kind::FLOAT, 2, {16, 16}},
    {GL_RGB16F, "RGB16F", Kind::FLOAT, 3, {16, 16, 16}},
    {GL_RGBA16F, "RGBA16F", Kind::FLOAT, 4, {16, 16, 16, 16}},
    {GL_R32F, "R32F", Kind::FLOAT, 1, {32}},
    {GL_RG32F, "RG32F", Kind::FLOAT, 2, {32, 32}},
    {GL_RGB32F, "RGB32F", Kind::FLOAT, 3, {32, 32, 32}},
    {GL_RGBA32F, "RGBA32F", Kind::FLOAT, 4, {32, 32, 32, 32}},
    {GL_R11F_G11F_B10F, "R11F_G11F_B10F", Kind::FLOAT, 3, {11, 11, 10}},
    {GL_R8I, "R8I", Kind::SINT, 1, {8}},
    {GL_R8UI, "R8UI", Kind::UINT, 1, {8}},
    {GL_R16I, "R16I", Kind::SINT, 1, {16}},
    {GL_R16UI, "R16UI", Kind::UINT, 1, {16}},
    {GL_R32I, "R32I", Kind::SINT, 1, {32}},
    {GL_R32UI, "R32UI", Kind::UINT, 1, {32}},
    {GL_RG8I, "RG8I", Kind::SINT, 2, {8, 8}},
    {GL_RG8UI, "RG8UI", Kind::UINT, 2, {8, 8}},
    {GL_RG16I, "RG16I", Kind::SINT, 2, {16, 16}},
    {GL_RG16UI, "RG16UI", Kind::UINT, 2, {16, 16}},
    {GL_RG32I, "RG32I", Kind::SINT, 2, {32, 32}},
    {GL_RG32UI, "RG32UI", Kind::UINT, 2, {32, 32}},
    {GL_RGB8I, "RGB8I", Kind::SINT, 3, {8, 8, 8}},
    {GL_RGB8UI, "RGB8UI", Kind::UINT, 3, {8, 8, 8}},
    {GL_RGB16I, "RGB16I", Kind::SINT, 3, {16, 16, 16}},
    {GL_RGB16UI, "RGB16UI", Kind::UINT, 3, {16, 16, 16}},
    {GL_RGB32I, "RGB32I", Kind::SINT, 3, {32, 32, 32}},
    {GL_RGB32UI, "RGB32UI", Kind::UINT, 3, {32, 32, 32}},
    {GL_RGBA8I, "RGBA8I", Kind::SINT, 4, {8, 8, 8, 8}},
    {GL_RGBA8UI, "RGBA8UI", Kind::UINT, 4, {8, 8, 8, 8}},
    {GL_RGBA16I, "RGBA16I", Kind::SINT, 4, {16, 16, 16, 16}},
    {GL_RGBA16UI, "RGBA16UI", Kind::UINT, 4, {16, 16, 16, 16}},
    {GL_RGBA32I, "RGBA32I", Kind::SINT, 4, {32, 32, 32, 32}},
    {GL_RGBA32UI, "RGBA32UI", Kind::UINT, 4, {32, 32, 32, 32}},
    {GL_RGB10_A2UI, "RGB10_A2UI", Kind::UINT, 4, {10, 10, 10, 2}},
};

void PrintTo(const RenderableFormat& f, std::ostream* out) { *out << f.name; }

constexpr GLsizei kWidth = 4, kHeight = 3;
constexpr int kScissor[4] = {1, 1, 2, 1};  // x, y, width, height of the masked clear
constexpr GLboolean kMask[4] = {GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE};

// Two clear values per kind, each representable in every format of the kind (11F/10F and half
// floats hold these floats exactly; the integers fit 8 bits, and the 2-bit alpha of RGB10_A2UI).
constexpr double kFirst[4][4] = {{0.2, 0.4, 0.6, 0.8}, {2.25, 100.0, 0.5, -1.5}, {-100, 50, -3, 1}, {200, 50, 3, 2}};
constexpr double kSecond[4][4] = {{0.9, 0.1, 0.35, 0.05}, {0.125, 7.0, 3.5, 2.0}, {17, -1, 120, -2}, {1, 255, 99, 3}};

// Every message in the KHR_debug log, one per line (glvk logs the blits and clears it cannot do).
std::string debug_log() {
  std::string text;
  char message[1024];
  GLenum source, type, severity;
  GLuint id;
  GLsizei length;
  while (glGetDebugMessageLog(1, sizeof message, &source, &type, &id, &severity, &length, message) == 1)
    text += std::string(message) + "\n";
  return text;
}

int component_size(GLenum pname) {
  GLint size = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pname, &size);
  return size;
}

class RenderableFormatTest : public GlTest, public ::testing::WithParamInterface<RenderableFormat> {
 protected:
  // What a channel holds after storing `value`: normalized values quantized to `bits`, the others
  // as they are; missing channels read as 0, 0, 0, 1.
  static double stored(const RenderableFormat& f, int channel, double value, int bits) {
    if (channel >= f.channels) return channel == 3 ? 1.0 : 0.0;
    if (f.kind != Kind::UNORM) return value;
    // GL receives the value as a float (glClearBufferfv, an RGBA32F source).
    const double max = std::ldexp(1.0, bits) - 1.0;
    return std::round(std::clamp(double(float(value)), 0.0, 1.0) * max) / max;
  }

  void upload_source(const RenderableFormat& f, const double (&value)[4]) {
    // A source framebuffer of the kind's widest format holding `value` everywhere.
    if (f.kind == Kind::SINT) {
      std::vector<GLint> texels;
      for (int i = 0; i < kWidth * kHeight; ++i)
        for (int c = 0; c < 4; ++c) texels.push_back(GLint(value[c]));
      source_ = texture_framebuffer(GL_RGBA32I, kWidth, kHeight, GL_RGBA_INTEGER, GL_INT, texels.data());
    } else if (f.kind == Kind::UINT) {
      std::vector<GLuint> texels;
      for (int i = 0; i < kWidth * kHeight; ++i)
        for (int c = 0; c < 4; ++c) texels.push_back(GLuint(value[c]));
      source_ = texture_framebuffer(GL_RGBA32UI, kWidth, kHeight, GL_RGBA_INTEGER, GL_UNSIGNED_INT, texels.data());
    } else {
      std::vector<GLfloat> texels;
      for (int i = 0; i < kWidth * kHeight; ++i)
        for (int c = 0; c < 4; ++c) texels.push_back(GLfloat(value[c]));
      source_ = texture_framebuffer(GL_RGBA32F, kWidth, kHeight, GL_RGBA, GL_FLOAT, texels.data());
    }
  }

  static void clear(const RenderableFormat& f, const double (&value)[4]) {
    if (f.kind == Kind::SINT) {
      const GLint v[4] = {GLint(value[0]), GLint(value[1]), GLint(value[2]), GLint(value[3])};
      glClearBufferiv(GL_COLOR, 0, v);
    } else if (f.kind == Kind::UINT) {
      const GLuint v[4] = {GLuint(value[0]), GLuint(value[1]), GLuint(value[2]), GLuint(value[3])};
      glClearBufferuiv(GL_COLOR, 0, v);
    } else {
      const GLfloat v[4] = {GLfloat(value[0]), GLfloat(value[1]), GLfloat(value[2]), GLfloat(value[3])};
      glClearBufferfv(GL_COLOR, 0, v);
    }
  }

  // The read framebuffer's colour buffer as doubles, read in a type that keeps every value.
  static std::vector<double> read_back(const RenderableFormat& f) {
    std::vector<double> out(std::size_t(kWidth) * kHeight * 4);
    if (f.kind == Kind::SINT || f.kind == Kind::UINT) {
      std::vector<GLint> texels(out.size());
      glReadPixels(0, 0, kWidth, kHeight, GL_RGBA_INTEGER, f.kind == Kind::SINT ? GL_INT : GL_UNSIGNED_INT,
                   texels.data());
      for (std::size_t i = 0; i < out.size(); ++i)
        out[i] = f.kind == Kind::SINT ? double(texels[i]) : double(GLuint(texels[i]));
    } else {
      std::vector<GLfloat> texels(out.size());
      glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_FLOAT, texels.data());
      for (std::size_t i = 0; i < out.size(); ++i) out[i] = texels[i];
    }
    return out;
  }

  void expect_texels(const RenderableFormat& f, const std::vector<double>& got, const char* step,
                     const double (&outside)[4], const double (&inside)[4], bool masked) {
    for (int y = 0; y < kHeight; ++y)
      for (int x = 0; x < kWidth; ++x) {
        const bool in = masked && x >= kScissor[0] && x < kScissor[0] + kScissor[2] && y >= kScissor[1] &&
                        y < kScissor[1] + kScissor[3];
        for (int c = 0; c < 4; ++c) {
          const double value = in && kMask[c] ? inside[c] : outside[c];
          const double expected = stored(f, c, value, bits_[c]);
          // One unit of the stored size, plus the float rounding of the value read back.
          const double tolerance =
              f.kind == Kind::UNORM && c < f.channels ? 1.0 / (std::ldexp(1.0, bits_[c]) - 1) + 1e-6 : 0;
          EXPECT_NEAR(got[std::size_t(((y * kWidth) + x) * 4 + c)], expected, tolerance)
              << f.name << " " << step << " texel " << x << "," << y << " channel " << c;
        }
      }
  }

  GLuint source_ = 0;
  int bits_[4] = {0, 0, 0, 0};
};

TEST_P(RenderableFormatTest, ClearsAndBlitsReadBackByTheSpecRules) {
  const RenderableFormat& f = GetParam();
  glEnable(GL_DEBUG_OUTPUT);
  const Kind kind = f.kind;
  const std::size_t k = std::size_t(kind);
  const GLenum format = kind == Kind::SINT || kind == Kind::UINT ? GL_RGBA_INTEGER : GL_RGBA;
  const GLenum type = kind == Kind::SINT ? GL_INT : kind == Kind::UINT ? GL_UNSIGNED_INT : GL_FLOAT;
  GLuint texture = 0;
  const GLuint target = texture_framebuffer(f.internal_format, kWidth, kHeight, format, type, nullptr,
                                            GL_COLOR_ATTACHMENT0, &texture);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE)) << f.name;
  const GLenum size_names[4] = {GL_TEXTURE_RED_SIZE, GL_TEXTURE_GREEN_SIZE, GL_TEXTURE_BLUE_SIZE, GL_TEXTURE_ALPHA_SIZE};
  for (int c = 0; c < f.channels; ++c) {
    bits_[c] = component_size(size_names[c]);
    EXPECT_GE(bits_[c], std::max(f.min_bits[c], 1)) << f.name << " channel " << c;
  }

  // A whole clear, then a scissored clear of only red and blue.
  clear(f, kFirst[k]);
  glEnable(GL_SCISSOR_TEST);
  glScissor(kScissor[0], kScissor[1], kScissor[2], kScissor[3]);
  glColorMask(kMask[0], kMask[1], kMask[2], kMask[3]);
  clear(f, kSecond[k]);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDisable(GL_SCISSOR_TEST);
  expect_texels(f, read_back(f), "clear", kFirst[k], kSecond[k], true);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << f.name;

  // A blit from a source of the kind's widest format holding the second value.
  upload_source(f, kSecond[k]);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, source_);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  glBlitFramebuffer(0, 0, kWidth, kHeight, 0, 0, kWidth, kHeight, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, target);
  expect_texels(f, read_back(f), "blit", kSecond[k], kSecond[k], false);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << f.name;
  EXPECT_EQ(debug_log(), "") << f.name;
}

INSTANTIATE_TEST_SUITE_P(Table8_12, RenderableFormatTest, ::testing::ValuesIn(kFormats),
                         [](const ::testing::TestParamInfo<RenderableFormat>& param) {
                           return std::string(param.param.name);
                         });

}  // namespace
}  // namespace glvk::test
