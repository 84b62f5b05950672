// Double-precision generic attribute values (GL 4.6 10.2.1, glVertexAttribL*): kept as doubles,
// read back exactly by glGetVertexAttribLdv, missing components 0, 0, 1, and read by dvec inputs
// of disabled arrays with their full precision (values a float cannot hold).
#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr const char* kDoubleVs = R"(#version 410 core
layout(location = 0) in vec2 position;
layout(location = 1) in dvec4 wide;
layout(location = 3) in double narrow;
flat out int ok;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  ok = int(wide == dvec4(1.0 + 1.0 / 4294967296.0, -2.5, 0.0, 1.0)) + 2 * int(narrow == 3.0 - 1.0 / 1099511627776.0);
})";

constexpr const char* kOkFs = R"(#version 410 core
flat in int ok;
out vec4 result;
void main() { result = vec4(ok & 1, (ok >> 1) & 1, 0.0, 1.0); })";

using DoubleAttribTest = DrawTest;

TEST_F(DoubleAttribTest, ValuesAreKeptAsDoublesAndQueried) {
  const double small = 1.0 / 4294967296.0;  // 2^-32: lost in a float next to 1.0
  glVertexAttribL2d(5, 1.0 + small, -7.0);
  GLdouble v[4] = {};
  glGetVertexAttribLdv(5, GL_CURRENT_VERTEX_ATTRIB, v);
  EXPECT_EQ(v[0], 1.0 + small);
  EXPECT_EQ(v[1], -7.0);
  EXPECT_EQ(v[2], 0.0);
  EXPECT_EQ(v[3], 1.0);
  const GLdouble four[4] = {0.1, 0.2, 0.3, 0.4};
  glVertexAttribL4dv(5, four);
  glGetVertexAttribLdv(5, GL_CURRENT_VERTEX_ATTRIB, v);
  EXPECT_EQ(v[2], 0.3);
  EXPECT_EQ(v[3], 0.4);
  GLdouble enabled = -1;
  glGetVertexAttribLdv(5, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &enabled);
  EXPECT_EQ(enabled, 0.0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  GLint max = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
  glVertexAttribL1d(GLuint(max), 1.0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glVertexAttribL3dv(0, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetVertexAttribLdv(GLuint(max), GL_CURRENT_VERTEX_ATTRIB, v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetVertexAttribLdv(0, GL_TEXTURE_2D, v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

// Disabled arrays: the current doubles reach dvec4 (two locations) and double inputs with every
// bit (values a float cannot hold), on devices without 64-bit vertex formats too (lavapipe).
TEST_F(DoubleAttribTest, CurrentDoublesReachDoubleInputs) {
  positions({-1, -1, 3, -1, -1, 3});
  glUseProgram(link(kDoubleVs, kOkFs));
  glVertexAttribL4d(1, 1.0 + 1.0 / 4294967296.0, -2.5, 0.0, 1.0);
  glVertexAttribL1d(3, 3.0 - 1.0 / 1099511627776.0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), (Rgba{255, 255, 0, 255}));
}

// Arrays of doubles (glVertexAttribLPointer) for every shape of 64-bit input: double, dvec2, dvec3,
// dvec4, a dmat2x3 and an array of dvec3. Each vertex input takes one location per column or
// element whatever its width (GLSL 4.60 4.4.1), fed by the generic attribute of that number, so the
// dvec4 at 4 sits right after the dvec3 at 3 (Mesa llvmpipe reads a dmat3 at 0 from attributes 0, 1
// and 2 likewise). Each of three points checks its own vertex's values, all of them off the float
// grid, so a lost low word fails.
TEST_F(DoubleAttribTest, DoubleArraysOfEveryShapeReachTheShader) {
  constexpr const char* kVs = R"(#version 410 core
layout(location = 0) in vec2 position;
layout(location = 1) in double s;
layout(location = 2) in dvec2 v2;
layout(location = 3) in dvec3 v3;
layout(location = 4) in dvec4 v4;
layout(location = 5) in dmat2x3 m;
layout(location = 7) in dvec3 a[2];
flat out int ok;
double at(int i) { return double(gl_VertexID * 22 + i) + 1.0 / 1099511627776.0; }
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  gl_PointSize = 1.0;
  ok = int(s == at(0)) + 2 * int(v2 == dvec2(at(1), at(2))) + 4 * int(v3 == dvec3(at(3), at(4), at(5))) +
       8 * int(v4 == dvec4(at(6), at(7), at(8), at(9))) +
       16 * int(m[0] == dvec3(at(10), at(11), at(12)) && m[1] == dvec3(at(13), at(14), at(15))) +
       32 * int(a[0] == dvec3(at(16), at(17), at(18)) && a[1] == dvec3(at(19), at(20), at(21)));
})";
  constexpr const char* kFs = R"(#version 410 core
flat in int ok;
out vec4 result;
void main() { result = vec4(float(ok) / 255.0, 0.0, 0.0, 1.0); })";
  // Three points at the centres of pixels (4, 4), (12, 4) and (20, 4).
  positions({-1 + 9 / 32.0f, -1 + 9 / 32.0f, -1 + 25 / 32.0f, -1 + 9 / 32.0f, -1 + 41 / 32.0f, -1 + 9 / 32.0f});
  // 22 doubles a vertex, value i of vertex v being 22v + i + 2^-40.
  std::vector<double> data(3 * 22);
  for (std::size_t i = 0; i < data.size(); ++i) data[i] = double(i) + 1.0 / 1099511627776.0;
  GLuint doubles = 0;
  glGenBuffers(1, &doubles);
  glBindBuffer(GL_ARRAY_BUFFER, doubles);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(data.size() * sizeof(double)), data.data(), GL_STATIC_DRAW);
  const GLsizei stride = 22 * sizeof(double);
  auto array = [&](GLuint index, GLint size, int first) {
    glVertexAttribLPointer(index, size, GL_DOUBLE, stride, reinterpret_cast<const void*>(first * sizeof(double)));
    glEnableVertexAttribArray(index);
  };
  array(1, 1, 0);
  array(2, 2, 1);
  array(3, 3, 3);
  array(4, 4, 6);
  array(5, 3, 10);  // m's columns
  array(6, 3, 13);
  array(7, 3, 16);  // a's elements
  array(8, 3, 19);
  glUseProgram(link(kVs, kFs));
  glDrawArrays(GL_POINTS, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int v = 0; v < 3; ++v) EXPECT_EQ(pixel(4 + 8 * v, 4), (Rgba{63, 0, 0, 255})) << "vertex " << v;
  glDeleteBuffers(1, &doubles);
}

}  // namespace
}  // namespace glvk::test
