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

// lavapipe has no 64-bit vertex formats: a draw reading a dvec input is refused with
// INVALID_OPERATION (glvk has no lowering to 32-bit pairs yet) instead of an invalid pipeline.
TEST_F(DoubleAttribTest, DoubleInputsWithoutDeviceFormatsAreRefused) {
  positions({-1, -1, 3, -1, -1, 3});
  glUseProgram(link(kDoubleVs, kOkFs));
  glVertexAttribL3d(1, 1.0 + 1.0 / 4294967296.0, -2.5, 0.0);
  glVertexAttribL1d(3, 3.0 - 1.0 / 1099511627776.0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 0, 0, 0}));
}

}  // namespace
}  // namespace glvk::test
