// ARB_gpu_shader_fp64 (GL 4.0 core): double uniforms set and read back with every bit
// (glUniform*d, glUniformMatrix*dv, glGetUniformdv), their types in the active uniform queries,
// the std140 offsets of doubles in a uniform block (GL 4.6 7.6.2.2: base alignment 8 for a double,
// 16 for a dvec2, 32 for a dvec3/dvec4), flat double varyings, and the type errors of 7.6.1.
// Every expected value is off the float grid (2^-40 next to an integer), so a value that passed
// through a float fails.
#include <algorithm>
#include <cstring>
#include <string>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr double kTiny = 1.0 / 1099511627776.0;  // 2^-40

constexpr const char* kVs = R"(#version 400 core
layout(location = 0) in vec2 position;
uniform double d;
flat out double passed;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  passed = d * 2.0LF;
})";

constexpr const char* kFs = R"(#version 400 core
uniform double d;
uniform dvec3 v;
uniform dmat2x3 m;
uniform double list[2];
layout(std140) uniform Block { double a; dvec3 b; double c; } block;
flat in double passed;
out vec4 result;
const double tiny = 1.0LF / 1099511627776.0LF;
void main() {
  int ok = int(d == 5.0LF + tiny) + 2 * int(v == dvec3(1.0LF + tiny, -2.0LF - tiny, 3.0LF + tiny)) +
           4 * int(m[0] == dvec3(10.0LF + tiny, 11.0LF, 12.0LF) && m[1] == dvec3(13.0LF, 14.0LF, 15.0LF + tiny)) +
           8 * int(list[0] == 7.0LF + tiny && list[1] == -tiny) +
           16 * int(block.a == 20.0LF + tiny && block.b == dvec3(21.0LF, 22.0LF + tiny, 23.0LF) && block.c == 24.0LF + tiny) +
           32 * int(passed == 10.0LF + 2.0LF * tiny);
  result = vec4(float(ok) / 255.0, 0.0, 0.0, 1.0);
})";

using DoubleUniformTest = DrawTest;

TEST_F(DoubleUniformTest, ExtensionsAreAdvertised) {
  EXPECT_TRUE(has_extension("GL_ARB_gpu_shader_fp64"));
  EXPECT_TRUE(has_extension("GL_ARB_vertex_attrib_64bit"));
}

TEST_F(DoubleUniformTest, DoublesAreSetQueriedAndComputedWithEveryBit) {
  positions({-1, -1, 3, -1, -1, 3});
  const GLuint program = link(kVs, kFs);
  glUseProgram(program);
  auto location = [&](const char* name) { return glGetUniformLocation(program, name); };
  glUniform1d(location("d"), 5.0 + kTiny);
  const GLdouble v[3] = {1.0 + kTiny, -2.0 - kTiny, 3.0 + kTiny};
  glUniform3dv(location("v"), 1, v);
  // Given transposed: three rows of two (GL 4.6 7.6.1, transpose TRUE takes row-major data).
  const GLdouble rows[6] = {10.0 + kTiny, 13.0, 11.0, 14.0, 12.0, 15.0 + kTiny};
  glUniformMatrix2x3dv(location("m"), 1, GL_TRUE, rows);
  const GLdouble list[2] = {7.0 + kTiny, -kTiny};
  glUniform1dv(location("list[0]"), 2, list);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  GLdouble back[6] = {};
  glGetUniformdv(program, location("d"), back);
  EXPECT_EQ(back[0], 5.0 + kTiny);
  glGetUniformdv(program, location("v"), back);
  EXPECT_TRUE(std::equal(v, v + 3, back));
  glGetUniformdv(program, location("m"), back);  // column-major
  const GLdouble columns[6] = {10.0 + kTiny, 11.0, 12.0, 13.0, 14.0, 15.0 + kTiny};
  EXPECT_TRUE(std::equal(columns, columns + 6, back));
  glGetUniformdv(program, location("list[1]"), back);
  EXPECT_EQ(back[0], -kTiny);

  // Types, and std140 offsets: a at 0, b (dvec3, base alignment 32) at 32, c right after b at 56.
  const char* names[3] = {"Block.a", "Block.b", "Block.c"};
  GLuint indices[3] = {};
  glGetUniformIndices(program, 3, names, indices);
  GLint offsets[3] = {}, types[3] = {};
  glGetActiveUniformsiv(program, 3, indices, GL_UNIFORM_OFFSET, offsets);
  glGetActiveUniformsiv(program, 3, indices, GL_UNIFORM_TYPE, types);
  EXPECT_EQ(offsets[0], 0);
  EXPECT_EQ(offsets[1], 32);
  EXPECT_EQ(offsets[2], 56);
  EXPECT_EQ(types[0], GL_DOUBLE);
  EXPECT_EQ(types[1], GL_DOUBLE_VEC3);
  GLuint m_index = 0;
  const char* m_name = "m";
  glGetUniformIndices(program, 1, &m_name, &m_index);
  GLint m_type = 0;
  glGetActiveUniformsiv(program, 1, &m_index, GL_UNIFORM_TYPE, &m_type);
  EXPECT_EQ(m_type, GL_DOUBLE_MAT2x3);

  unsigned char block[64] = {};
  const double a = 20.0 + kTiny, b[3] = {21.0, 22.0 + kTiny, 23.0}, c = 24.0 + kTiny;
  std::memcpy(block, &a, 8);
  std::memcpy(block + 32, b, 24);
  std::memcpy(block + 56, &c, 8);
  GLuint ubo = 0;
  glGenBuffers(1, &ubo);
  glBindBufferBase(GL_UNIFORM_BUFFER, 0, ubo);
  glBufferData(GL_UNIFORM_BUFFER, sizeof block, block, GL_STATIC_DRAW);
  glUniformBlockBinding(program, glGetUniformBlockIndex(program, "Block"), 0);

  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), (Rgba{63, 0, 0, 255}));
  glDeleteBuffers(1, &ubo);
}

// GL 4.6 7.6.1: a glUniform* whose type does not match the uniform's is INVALID_OPERATION, and
// the value stays.
TEST_F(DoubleUniformTest, MismatchedTypesAreRefused) {
  const GLuint program = link(kVs, kFs);
  glUseProgram(program);
  const GLint d = glGetUniformLocation(program, "d");
  glUniform1d(d, 1.5);
  glUniform1f(d, 2.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUniform2d(d, 1.0, 2.0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUniform1i(d, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLdouble back = 0;
  glGetUniformdv(program, d, &back);
  EXPECT_EQ(back, 1.5);
  const GLint v = glGetUniformLocation(program, "v");
  glUniform3f(v, 1, 2, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// GLSL 4.60 8.3: roundEven rounds a fractional part of 0.5 to the nearest even integer. The
// values below are each exact doubles; a result off by one (half rounded to odd, as lavapipe's
// 64-bit RoundEven did on some CPUs) or through a float (2^52 + 1) fails its bit.
TEST_F(DoubleUniformTest, RoundEvenOfDoublesRoundsHalvesToEven) {
  constexpr double kTwo52 = 4503599627370496.0;
  const double inputs[8] = {1.5, 2.5, -1.5, -2.5, 0.49999999999999994, 3.7, kTwo52 + 1.0, -0.5};
  const double expected[8] = {2.0, 2.0, -2.0, -2.0, 0.0, 4.0, kTwo52 + 1.0, -0.0};
  constexpr const char* kRoundEvenFs = R"(#version 400 core
uniform double x[8];
uniform double want[8];
uniform dvec4 xv;
uniform dvec4 wantv;
uniform dvec3 xv3;
out vec4 result;
void main() {
  int ok = 0;
  for (int i = 0; i < 8; ++i) ok |= int(roundEven(x[i]) == want[i]) << i;
  dvec3 r3 = roundEven(xv3);  // a vector size of which the shader has no bool vector otherwise
  result = vec4(float(ok) / 255.0, roundEven(xv) == wantv ? 1.0 : 0.0, r3.x == 4.0LF && r3.y == -0.0LF && r3.z == 6.0LF ? 1.0 : 0.0, 1.0);
})";
  positions({-1, -1, 3, -1, -1, 3});
  const GLuint program = link(kPositionVs, kRoundEvenFs);
  glUseProgram(program);
  glUniform1dv(glGetUniformLocation(program, "x"), 8, inputs);
  glUniform1dv(glGetUniformLocation(program, "want"), 8, expected);
  glUniform4d(glGetUniformLocation(program, "xv"), 1.5, 2.5, -1.5, -3.5);
  glUniform4d(glGetUniformLocation(program, "wantv"), 2.0, 2.0, -2.0, -4.0);
  glUniform3d(glGetUniformLocation(program, "xv3"), 3.5, -0.5, 5.5);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), (Rgba{255, 255, 255, 255}));
}

}  // namespace
}  // namespace glvk::test
