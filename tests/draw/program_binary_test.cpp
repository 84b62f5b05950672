// Program binaries through the real dispatch (GL 4.6 7.5, ARB_get_program_binary): one format,
// a round trip that draws the same pixels with uniforms reset, the section's errors, and binaries
// that are truncated, garbled or of another build failing cleanly (LINK_STATUS FALSE, a log,
// never a crash). Expected pixels are the shader's constants as bytes (round(255 * c)).
#include <cstring>
#include <random>
#include <vector>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

// Loose uniforms, a uniform block and a sampler: the reflection the binary must carry.
constexpr const char* kFs = R"(#version 330 core
uniform vec4 color;
uniform sampler2D tex;
layout(std140) uniform Extra { vec4 extra; };
out vec4 result;
void main() { result = color + extra + texture(tex, vec2(0.5)) * 0.0; })";

// glvk's header (documented in src/glsl/program_binary.cpp): after two words of GL state, 8 bytes
// of magic, the format version, the build id, the payload size and its FNV-1a checksum.
constexpr std::size_t kGlWord = 8, kPayloadStart = kGlWord + 8 + 4 + 8 + 8 + 8;

std::uint64_t fnv1a(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
  return h;
}

class ProgramBinaryTest : public DrawTest {
 protected:
  void SetUp() override {
    DrawTest::SetUp();
    positions({-1, -1, 1, -1, -1, 1, 1, 1});
    const float extra[4] = {0.0f, 0.0f, 0.2f, 0.0f};
    glGenBuffers(1, &ubo_);
    glBindBuffer(GL_UNIFORM_BUFFER, ubo_);
    glBufferData(GL_UNIFORM_BUFFER, sizeof extra, extra, GL_STATIC_DRAW);
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo_);
  }
  std::vector<std::uint8_t> binary_of(GLuint p, GLenum& format) {
    GLint length = 0;
    glGetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &length);
    std::vector<std::uint8_t> bytes(std::size_t(length > 0 ? length : 0));
    GLsizei written = -1;
    glGetProgramBinary(p, length, &written, &format, bytes.data());
    EXPECT_EQ(written, length);
    return bytes;
  }
  GLint link_status(GLuint p) {
    GLint v = -1;
    glGetProgramiv(p, GL_LINK_STATUS, &v);
    return v;
  }
  Rgba draw_with(GLuint p) {
    glUseProgram(p);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    return pixel(kSize / 2, kSize / 2);
  }
  GLuint ubo_ = 0;
};

TEST_F(ProgramBinaryTest, OneFormatIsAdvertised) {
  GLint count = 0, format = 0;
  glGetIntegerv(GL_NUM_PROGRAM_BINARY_FORMATS, &count);
  glGetIntegerv(GL_PROGRAM_BINARY_FORMATS, &format);
  EXPECT_EQ(count, 1);
  EXPECT_NE(format, 0);
}

TEST_F(ProgramBinaryTest, RoundTripDrawsTheSamePixelsWithUniformsReset) {
  const GLuint original = link(kPositionVs, kFs);
  glUseProgram(original);
  set_color(original, 0.4f, 0.6f, 0.0f, 1.0f);
  const Rgba expected{102, 153, 51, 255};
  EXPECT_EQ(draw_with(original), expected);
  GLenum format = 0;
  const std::vector<std::uint8_t> bytes = binary_of(original, format);
  ASSERT_FALSE(bytes.empty());

  const GLuint loaded = glCreateProgram();
  glProgramBinary(loaded, format, bytes.data(), GLsizei(bytes.size()));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ASSERT_EQ(link_status(loaded), GL_TRUE) << info_log(loaded, true);
  GLint uniforms = 0;
  glGetProgramiv(loaded, GL_ACTIVE_UNIFORMS, &uniforms);
  GLint original_uniforms = -1;
  glGetProgramiv(original, GL_ACTIVE_UNIFORMS, &original_uniforms);
  EXPECT_EQ(uniforms, original_uniforms);
  // Uniforms start at zero after a load (7.5, as after a link): only the block's blue remains.
  EXPECT_EQ(draw_with(loaded), (Rgba{0, 0, 51, 0}));
  set_color(loaded, 0.4f, 0.6f, 0.0f, 1.0f);
  EXPECT_EQ(draw_with(loaded), expected);
  // The loaded program's binary is the same program again.
  GLenum format2 = 0;
  EXPECT_EQ(binary_of(loaded, format2).size(), bytes.size());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ProgramBinaryTest, ErrorsOfTheSection) {
  const GLuint p = link(kPositionVs, kFs);
  GLenum format = 0;
  const std::vector<std::uint8_t> bytes = binary_of(p, format);
  std::vector<std::uint8_t> out(bytes.size());
  GLsizei length = -1;
  glGetProgramBinary(p, GLsizei(bytes.size() - 1), &length, &format, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // bufSize below PROGRAM_BINARY_LENGTH
  const GLuint unlinked = glCreateProgram();
  GLint unlinked_length = -1;
  glGetProgramiv(unlinked, GL_PROGRAM_BINARY_LENGTH, &unlinked_length);
  EXPECT_EQ(unlinked_length, 0);
  glGetProgramBinary(unlinked, 16, &length, &format, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glProgramBinary(unlinked, format + 1, bytes.data(), GLsizei(bytes.size()));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glProgramBinary(unlinked, format, bytes.data(), -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // The hint takes effect at the next link (ARB_get_program_binary).
  glProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
  GLint hint = -1;
  glGetProgramiv(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &hint);
  EXPECT_EQ(hint, GL_FALSE);
  glLinkProgram(p);
  glGetProgramiv(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &hint);
  EXPECT_EQ(hint, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ProgramBinaryTest, BadBinariesLeaveTheProgramUnlinked) {
  const GLuint p = link(kPositionVs, kFs);
  GLenum format = 0;
  const std::vector<std::uint8_t> bytes = binary_of(p, format);
  ASSERT_GT(bytes.size(), kPayloadStart + 64);
  const GLuint target = glCreateProgram();
  auto expect_refused = [&](const std::vector<std::uint8_t>& blob, const char* what, std::size_t at) {
    glProgramBinary(target, format, blob.data(), GLsizei(blob.size()));
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << what << " " << at;
    EXPECT_EQ(link_status(target), GL_FALSE) << what << " " << at;
  };
  // Truncated at every length through the header, then at spread-out lengths.
  for (std::size_t n = 0; n < bytes.size(); n += n < kPayloadStart + 8 ? 1 : 97)
    expect_refused(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + std::ptrdiff_t(n)), "truncated", n);
  // GL state words that no link writes: a transform feedback mode or flags that do not exist.
  for (std::size_t at : {std::size_t(1), std::size_t(6)}) {
    std::vector<std::uint8_t> blob = bytes;
    blob[at] ^= 0x40;
    expect_refused(blob, "GL state", at);
  }
  // One bit flipped anywhere after them (header or payload: the checksum catches the payload).
  std::mt19937 random(13);
  for (int i = 0; i < 200; ++i) {
    std::vector<std::uint8_t> blob = bytes;
    const std::size_t at = kGlWord + random() % (blob.size() - kGlWord);
    blob[at] ^= std::uint8_t(1u << (random() % 8));
    expect_refused(blob, "flipped", at);
  }
  // Another build: the build id differs.
  std::vector<std::uint8_t> other = bytes;
  other[kGlWord + 8 + 4] ^= 0xff;
  expect_refused(other, "other build", 0);
  EXPECT_NE(info_log(target, true).find("build"), std::string::npos) << info_log(target, true);

  // Garbled payloads with a correct checksum: parsed to the end or refused, never a crash; a
  // binary that loads must still have passed every consistency check.
  for (int i = 0; i < 150; ++i) {
    std::vector<std::uint8_t> blob = bytes;
    for (int k = 0; k < 1 + i % 4; ++k) {
      const std::size_t at = kPayloadStart + random() % (blob.size() - kPayloadStart);
      blob[at] = std::uint8_t(random());
    }
    const std::uint64_t sum = fnv1a(blob.data() + kPayloadStart, blob.size() - kPayloadStart);
    std::memcpy(blob.data() + kPayloadStart - 8, &sum, 8);
    glProgramBinary(target, format, blob.data(), GLsizei(blob.size()));
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << i;
  }
  // The original still loads and draws after all that.
  glProgramBinary(target, format, bytes.data(), GLsizei(bytes.size()));
  ASSERT_EQ(link_status(target), GL_TRUE);
  glUseProgram(target);
  set_color(target, 0.4f, 0.6f, 0.0f, 1.0f);
  EXPECT_EQ(draw_with(target), (Rgba{102, 153, 51, 255}));
}

TEST_F(ProgramBinaryTest, SeparableProgramFromABinaryJoinsAPipeline) {
  const char* vs = kPositionVs;
  const char* fs = "#version 330 core\nout vec4 result;\nvoid main() { result = vec4(0.0, 0.2, 0.4, 0.6); }\n";
  const GLuint v = glCreateShaderProgramv(GL_VERTEX_SHADER, 1, &vs);
  const GLuint f = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &fs);
  GLenum format = 0;
  const std::vector<std::uint8_t> bytes = binary_of(f, format);
  const GLuint loaded = glCreateProgram();
  glProgramParameteri(loaded, GL_PROGRAM_SEPARABLE, GL_TRUE);  // set before the load (ARB_sso)
  glProgramBinary(loaded, format, bytes.data(), GLsizei(bytes.size()));
  ASSERT_EQ(link_status(loaded), GL_TRUE);
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, v);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, loaded);
  glBindProgramPipeline(pipe);
  glUseProgram(0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(kSize / 2, kSize / 2), (Rgba{0, 51, 102, 153}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
