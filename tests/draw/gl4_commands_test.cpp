// GL 4.x core commands through the real dispatch: query results written into buffers (GL 4.6
// 4.2.3, ARB_query_buffer_object and the DSA glGetQueryBufferObject*), the indirect draws whose
// count comes from PARAMETER_BUFFER (10.4, ARB_indirect_parameters) and shader subroutines (7.10,
// 7.13). Expected values follow the spec's rules: a full 32x32 quad passes 1024 samples; a
// count draw runs min(count, maxdrawcount) commands; the selected subroutine decides the colour.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr float kFullQuad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

class QueryBufferTest : public DrawTest {
 protected:
  void SetUp() override {
    DrawTest::SetUp();
    positions(std::vector<float>(std::begin(kFullQuad), std::end(kFullQuad)));
    set_color(color_program(), 1, 0, 0, 1);
    glGenQueries(1, &query_);
    glBeginQuery(GL_SAMPLES_PASSED, query_);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glEndQuery(GL_SAMPLES_PASSED);
    glGenBuffers(1, &results_);
    glBindBuffer(GL_COPY_WRITE_BUFFER, results_);
    const std::vector<std::uint8_t> fill(64, 0xee);
    glBufferData(GL_COPY_WRITE_BUFFER, 64, fill.data(), GL_DYNAMIC_READ);
  }
  std::vector<std::uint8_t> contents() {
    std::vector<std::uint8_t> out(64);
    glBindBuffer(GL_COPY_READ_BUFFER, results_);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, 64, out.data());
    return out;
  }
  template <typename T>
  static T at(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
    T v{};
    std::memcpy(&v, bytes.data() + offset, sizeof v);
    return v;
  }
  GLuint query_ = 0, results_ = 0;
};

TEST_F(QueryBufferTest, DsaFormsWriteTheResultAtTheOffset) {
  glGetQueryBufferObjectui64v(query_, results_, GL_QUERY_RESULT, 8);
  glGetQueryBufferObjectuiv(query_, results_, GL_QUERY_RESULT, 20);
  glGetQueryBufferObjectiv(query_, results_, GL_QUERY_RESULT_AVAILABLE, 24);
  glGetQueryBufferObjecti64v(query_, results_, GL_QUERY_TARGET, 32);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint8_t> got = contents();
  EXPECT_EQ(at<GLuint64>(got, 8), 1024u);
  EXPECT_EQ(at<GLuint>(got, 20), 1024u);
  EXPECT_EQ(at<GLint>(got, 24), GL_TRUE);
  EXPECT_EQ(at<GLint64>(got, 32), GL_SAMPLES_PASSED);
  EXPECT_EQ(at<GLuint>(got, 0), 0xeeeeeeeeu);  // the bytes around stay
  EXPECT_EQ(at<GLuint>(got, 16), 0xeeeeeeeeu);
  EXPECT_EQ(at<GLuint>(got, 28), 0xeeeeeeeeu);
}

TEST_F(QueryBufferTest, BoundQueryBufferTakesThePointerAsAnOffset) {
  glBindBuffer(GL_QUERY_BUFFER, results_);
  GLint bound = 0;
  glGetIntegerv(GL_QUERY_BUFFER_BINDING, &bound);
  EXPECT_EQ(GLuint(bound), results_);
  glGetQueryObjectuiv(query_, GL_QUERY_RESULT, reinterpret_cast<GLuint*>(std::uintptr_t(4)));
  glGetQueryObjectui64v(query_, GL_QUERY_RESULT_NO_WAIT, reinterpret_cast<GLuint64*>(std::uintptr_t(40)));
  // Past the end: an error, nothing written (and never a write through the "pointer").
  glGetQueryObjectuiv(query_, GL_QUERY_RESULT, reinterpret_cast<GLuint*>(std::uintptr_t(62)));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_QUERY_BUFFER, 0);
  const std::vector<std::uint8_t> got = contents();
  EXPECT_EQ(at<GLuint>(got, 4), 1024u);
  EXPECT_EQ(at<GLuint64>(got, 40), 1024u);  // the result was available: NO_WAIT wrote it
  EXPECT_EQ(at<GLuint>(got, 60), 0xeeeeeeeeu);
  GLuint client = 0;  // unbound again: client memory
  glGetQueryObjectuiv(query_, GL_QUERY_RESULT, &client);
  EXPECT_EQ(client, 1024u);
}

TEST_F(QueryBufferTest, Errors) {
  glGetQueryBufferObjectuiv(query_, 9999, GL_QUERY_RESULT, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // not a buffer
  glGetQueryBufferObjectuiv(query_, results_, GL_QUERY_RESULT, -4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetQueryBufferObjectui64v(query_, results_, GL_QUERY_RESULT, 60);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // 8 bytes at 60 leave a 64-byte buffer
  glGetQueryBufferObjectuiv(query_, results_, GL_QUERY_RESULT, GLintptr(1) << 62);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetQueryBufferObjectuiv(4242, results_, GL_QUERY_RESULT, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // not a query
  glGetQueryBufferObjectuiv(query_, results_, GL_QUERY_COUNTER_BITS, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glMapNamedBufferRange(results_, 0, 16, GL_MAP_READ_BIT);
  glGetQueryBufferObjectuiv(query_, results_, GL_QUERY_RESULT, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // mapped
  glUnmapNamedBuffer(results_);
  EXPECT_EQ(contents()[0], 0xee);
}

// Three commands, each a quad over one horizontal band of the target (8 rows from y = 8 * i).
class IndirectCountTest : public DrawTest {
 protected:
  void SetUp() override {
    DrawTest::SetUp();
    std::vector<float> xy;
    for (int i = 0; i < 3; ++i) {
      const float y0 = -1.0f + 0.5f * float(i), y1 = y0 + 0.5f;
      xy.insert(xy.end(), {-1, y0, 1, y0, -1, y1, 1, y1});
    }
    positions(xy);
    set_color(color_program(), 0, 1, 0, 1);
    const GLuint arrays[] = {4, 1, 0, 0, 4, 1, 4, 0, 4, 1, 8, 0};  // count, instances, first, base
    glGenBuffers(1, &commands_);
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, commands_);
    glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof arrays, arrays, GL_STATIC_DRAW);
    glGenBuffers(1, &params_);
    glBindBuffer(GL_PARAMETER_BUFFER, params_);
    const GLint counts[] = {0, 2, 5, 1};
    glBufferData(GL_PARAMETER_BUFFER, sizeof counts, counts, GL_STATIC_DRAW);
  }
  // Which bands are drawn (bit i: band i is green).
  unsigned bands() {
    unsigned drawn = 0;
    for (int i = 0; i < 3; ++i)
      if (pixel(16, 8 * i + 4)[1] == 255) drawn |= 1u << i;
    glClear(GL_COLOR_BUFFER_BIT);
    return drawn;
  }
  GLuint commands_ = 0, params_ = 0;
};

TEST_F(IndirectCountTest, ArraysDrawTheCountAtMostMaxDrawCount) {
  EXPECT_EQ(bands(), 0u);
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 4, 3, 0);  // count 2
  EXPECT_EQ(bands(), 0b011u);
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 8, 3, 0);  // count 5, at most 3
  EXPECT_EQ(bands(), 0b111u);
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 8, 1, 0);  // count 5, at most 1
  EXPECT_EQ(bands(), 0b001u);
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 0, 3, 0);  // count 0
  EXPECT_EQ(bands(), 0u);
  // From command 1 with stride 32: one command fits, and the count (1) asks for one.
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, reinterpret_cast<const void*>(16), 12, 1, 32);  // count 1
  EXPECT_EQ(bands(), 0b010u);
  GLint bound = 0;
  glGetIntegerv(GL_PARAMETER_BUFFER_BINDING, &bound);
  EXPECT_EQ(GLuint(bound), params_);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(IndirectCountTest, ElementsDrawTheCount) {
  const GLubyte indices[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  GLuint ebo = 0;
  glGenBuffers(1, &ebo);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
  // count, instances, firstIndex, baseVertex, baseInstance: bands 2 and 0 (base vertex 8 and 0).
  const GLuint elements[] = {4, 1, 0, 8, 0, 4, 1, 0, 0, 0};
  glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof elements, elements, GL_STATIC_DRAW);
  glMultiDrawElementsIndirectCount(GL_TRIANGLE_STRIP, GL_UNSIGNED_BYTE, nullptr, 12, 2, 0);  // count 1
  EXPECT_EQ(bands(), 0b100u);
  glMultiDrawElementsIndirectCount(GL_TRIANGLE_STRIP, GL_UNSIGNED_BYTE, nullptr, 4, 2, 20);  // count 2
  EXPECT_EQ(bands(), 0b101u);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(IndirectCountTest, Errors) {
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 2, 3, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));  // the count's offset is no multiple of 4
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 4, -1, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 16, 3, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // the count lies past the buffer
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, GLintptr(1) << 62, 3, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 4, 4, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // 4 commands reach past the buffer
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 4, 3, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));  // stride
  glMultiDrawArraysIndirectCount(GL_QUADS, nullptr, 4, 3, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glMultiDrawElementsIndirectCount(GL_TRIANGLE_STRIP, GL_FLOAT, nullptr, 4, 3, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glMapNamedBufferRange(params_, 0, 4, GL_MAP_READ_BIT);
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 4, 3, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // mapped
  glUnmapNamedBuffer(params_);
  glBindBuffer(GL_PARAMETER_BUFFER, 0);
  glMultiDrawArraysIndirectCount(GL_TRIANGLE_STRIP, nullptr, 4, 3, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // none bound
  EXPECT_EQ(bands(), 0u);
}

constexpr const char* kSubroutineFs = R"(#version 430 core
subroutine vec4 colour_t(float level);
subroutine float channel_t();
subroutine uniform colour_t pick;
layout(location = 3) subroutine uniform channel_t alpha[2];
out vec4 result;
subroutine(colour_t) vec4 red(float level) { return vec4(level, 0.0, 0.0, 1.0); }
subroutine(colour_t) vec4 green(float level) { return vec4(0.0, level, 0.0, 1.0); }
subroutine(channel_t) float full() { return 1.0; }
subroutine(channel_t) float none() { return 0.0; }
void main() { result = pick(1.0); result.b = alpha[0](); result.a = 1.0 - alpha[1](); }
)";

class SubroutineTest : public DrawTest {
 protected:
  void SetUp() override {
    DrawTest::SetUp();
    positions(std::vector<float>(std::begin(kFullQuad), std::end(kFullQuad)));
    program_ = link(kPositionVs, kSubroutineFs);
    glUseProgram(program_);
  }
  GLint stage_value(GLenum pname) {
    GLint v = -1;
    glGetProgramStageiv(program_, GL_FRAGMENT_SHADER, pname, &v);
    return v;
  }
  GLuint index(const char* name) { return glGetSubroutineIndex(program_, GL_FRAGMENT_SHADER, name); }
  Rgba drawn() {
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    return pixel(5, 5);
  }
  GLuint program_ = 0;
};

TEST_F(SubroutineTest, QueriesReportTheDeclarations) {
  EXPECT_EQ(stage_value(GL_ACTIVE_SUBROUTINES), 4);
  EXPECT_EQ(stage_value(GL_ACTIVE_SUBROUTINE_UNIFORMS), 2);
  EXPECT_EQ(stage_value(GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS), 5);  // alpha at 3 and 4
  EXPECT_EQ(stage_value(GL_ACTIVE_SUBROUTINE_MAX_LENGTH), 6);         // "green" and its NUL
  EXPECT_EQ(stage_value(GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH), 6); // "alpha"
  GLint vertex = -1;
  glGetProgramStageiv(program_, GL_VERTEX_SHADER, GL_ACTIVE_SUBROUTINES, &vertex);
  EXPECT_EQ(vertex, 0);
  const GLuint r = index("red"), g = index("green"), f = index("full"), n = index("none");
  EXPECT_LT(r, 4u);
  EXPECT_LT(g, 4u);
  EXPECT_NE(r, g);
  EXPECT_EQ(index("main"), GL_INVALID_INDEX);
  EXPECT_EQ(glGetSubroutineIndex(program_, GL_VERTEX_SHADER, "red"), GL_INVALID_INDEX);
  char name[16] = {};
  GLsizei length = 0;
  glGetActiveSubroutineName(program_, GL_FRAGMENT_SHADER, g, sizeof name, &length, name);
  EXPECT_STREQ(name, "green");
  EXPECT_EQ(length, 5);
  glGetActiveSubroutineName(program_, GL_FRAGMENT_SHADER, g, 3, &length, name);
  EXPECT_STREQ(name, "gr");
  EXPECT_EQ(glGetSubroutineUniformLocation(program_, GL_FRAGMENT_SHADER, "alpha"), 3);
  EXPECT_EQ(glGetSubroutineUniformLocation(program_, GL_FRAGMENT_SHADER, "alpha[1]"), 4);
  EXPECT_EQ(glGetSubroutineUniformLocation(program_, GL_FRAGMENT_SHADER, "alpha[2]"), -1);
  const GLint pick = glGetSubroutineUniformLocation(program_, GL_FRAGMENT_SHADER, "pick");
  EXPECT_GE(pick, 0);
  EXPECT_LT(pick, 3);
  for (GLuint u = 0; u < 2; ++u) {
    glGetActiveSubroutineUniformName(program_, GL_FRAGMENT_SHADER, u, sizeof name, &length, name);
    const bool is_alpha = std::string(name) == "alpha";
    EXPECT_TRUE(is_alpha || std::string(name) == "pick") << name;
    GLint v[4] = {-1, -1, -1, -1};
    glGetActiveSubroutineUniformiv(program_, GL_FRAGMENT_SHADER, u, GL_UNIFORM_SIZE, v);
    EXPECT_EQ(v[0], is_alpha ? 2 : 1);
    glGetActiveSubroutineUniformiv(program_, GL_FRAGMENT_SHADER, u, GL_NUM_COMPATIBLE_SUBROUTINES, v);
    EXPECT_EQ(v[0], 2);
    glGetActiveSubroutineUniformiv(program_, GL_FRAGMENT_SHADER, u, GL_COMPATIBLE_SUBROUTINES, v);
    const GLuint a = is_alpha ? f : r, b = is_alpha ? n : g;
    EXPECT_TRUE((GLuint(v[0]) == a && GLuint(v[1]) == b) || (GLuint(v[0]) == b && GLuint(v[1]) == a));
    glGetActiveSubroutineUniformiv(program_, GL_FRAGMENT_SHADER, u, GL_UNIFORM_NAME_LENGTH, v);
    EXPECT_EQ(v[0], is_alpha ? 6 : 5);
  }
  GLint max = 0;
  glGetIntegerv(GL_MAX_SUBROUTINES, &max);
  EXPECT_GE(max, 256);
  glGetIntegerv(GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS, &max);
  EXPECT_GE(max, 1024);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SubroutineTest, TheSelectionDecidesWhatADrawCalls) {
  const GLint pick = glGetSubroutineUniformLocation(program_, GL_FRAGMENT_SHADER, "pick");
  GLuint sel[5] = {};
  sel[pick] = index("green");
  sel[3] = index("full");
  sel[4] = index("none");
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, sel);
  EXPECT_EQ(drawn(), (Rgba{0, 255, 255, 255}));
  GLuint got = 99;
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 4, &got);
  EXPECT_EQ(got, index("none"));
  sel[pick] = index("red");
  sel[3] = index("none");
  sel[4] = index("full");
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, sel);
  EXPECT_EQ(drawn(), (Rgba{255, 0, 0, 0}));
  // glUseProgram resets the selection to compatible subroutines (which ones is the GL's choice).
  glUseProgram(program_);
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, GLint(pick), &got);
  EXPECT_TRUE(got == index("red") || got == index("green"));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SubroutineTest, Errors) {
  GLuint sel[5] = {index("red"), index("red"), index("red"), index("full"), index("full")};
  const GLint pick = glGetSubroutineUniformLocation(program_, GL_FRAGMENT_SHADER, "pick");
  for (GLuint& s : sel) s = index("full");
  sel[pick] = index("red");
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 4, sel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));  // not ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS
  sel[3] = 4;
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, sel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));  // not below ACTIVE_SUBROUTINES
  sel[3] = index("green");
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, sel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // not compatible with alpha
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glUniformSubroutinesuiv(GL_VERTEX_SHADER, 0, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));  // the vertex stage has no subroutine uniforms
  glUniformSubroutinesuiv(GL_TEXTURE_2D, 5, sel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLuint got = 0;
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 5, &got);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, -1, &got);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetActiveSubroutineName(program_, GL_FRAGMENT_SHADER, 4, 16, nullptr, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetActiveSubroutineName(program_, GL_FRAGMENT_SHADER, 0, -1, nullptr, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetActiveSubroutineUniformName(program_, GL_FRAGMENT_SHADER, 2, 16, nullptr, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLint v = 0;
  glGetActiveSubroutineUniformiv(program_, GL_FRAGMENT_SHADER, 2, GL_UNIFORM_SIZE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetActiveSubroutineUniformiv(program_, GL_FRAGMENT_SHADER, 0, GL_ACTIVE_SUBROUTINES, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetProgramStageiv(program_, GL_FRAGMENT_SHADER, GL_UNIFORM_SIZE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetProgramStageiv(program_, GL_RGBA, GL_ACTIVE_SUBROUTINES, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetProgramStageiv(12345, GL_FRAGMENT_SHADER, GL_ACTIVE_SUBROUTINES, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glGetSubroutineIndex(program_, GL_FRAGMENT_SHADER, nullptr), GL_INVALID_INDEX);
  EXPECT_EQ(glGetSubroutineUniformLocation(program_, GL_FRAGMENT_SHADER, nullptr), -1);
  glUseProgram(0);
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, sel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // no program in use
  glGetUniformSubroutineuiv(GL_FRAGMENT_SHADER, 0, &got);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// A program binary keeps the subroutines: the reloaded program answers the same queries and draws.
TEST_F(SubroutineTest, ProgramBinaryKeepsThem) {
  GLint size = 0;
  glGetProgramiv(program_, GL_PROGRAM_BINARY_LENGTH, &size);
  std::vector<std::uint8_t> bytes(std::size_t(std::max(size, 1)));
  GLenum format = 0;
  glGetProgramBinary(program_, size, nullptr, &format, bytes.data());
  const GLuint copy = glCreateProgram();
  glProgramBinary(copy, format, bytes.data(), size);
  GLint ok = 0;
  glGetProgramiv(copy, GL_LINK_STATUS, &ok);
  ASSERT_EQ(ok, GL_TRUE);
  glUseProgram(copy);
  program_ = copy;
  EXPECT_EQ(stage_value(GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS), 5);
  const GLint pick = glGetSubroutineUniformLocation(copy, GL_FRAGMENT_SHADER, "pick");
  GLuint sel[5] = {};
  for (GLuint& s : sel) s = index("none");
  sel[pick] = index("green");
  glUniformSubroutinesuiv(GL_FRAGMENT_SHADER, 5, sel);
  EXPECT_EQ(drawn(), (Rgba{0, 255, 0, 255}));  // alpha[1] is none: 1 - 0
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
