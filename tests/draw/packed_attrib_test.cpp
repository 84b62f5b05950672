// Packed and integer attribute values (GL 4.6 10.2.1, ARB_vertex_type_2_10_10_10_rev and
// ARB_vertex_type_10f_11f_11f_rev): glVertexAttribP* and the compatibility glColorP*-style
// commands. Expected values: the fields of the packed word through equations 2.2/2.3 (signed
// normalized: max(c / (2^(b-1) - 1), -1)); the same program on Mesa llvmpipe printed them too
// (-1/511 = -0.00195694715, 512/1023 = 0.500488758, 2/3 = 0.666666687).
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

// x = -1, y = 511, z = -512 (10-bit signed fields), w = -1 (2-bit field 3).
constexpr GLuint kSigned = (3u << 30) | (0x200u << 20) | (0x1ffu << 10) | 0x3ffu;
// x = 1, y = 512, z = 1023, w = 2.
constexpr GLuint kUnsigned = (2u << 30) | (1023u << 20) | (512u << 10) | 1u;
// 11-bit floats 0x3c0 (exponent 15, mantissa 0: 1.0) in x and y, 10-bit 0x1e0 (1.0) in z.
constexpr GLuint kFloats = (0x1e0u << 22) | (0x3c0u << 11) | 0x3c0u;

std::array<float, 4> current(GLuint index) {
  std::array<float, 4> f{-9, -9, -9, -9};
  glGetVertexAttribfv(index, GL_CURRENT_VERTEX_ATTRIB, f.data());
  return f;
}

using PackedAttribTest = DrawTest;

TEST_F(PackedAttribTest, VertexAttribPUnpacksEachPackingAndFillsTheRest) {
  glVertexAttribP4ui(1, GL_INT_2_10_10_10_REV, GL_FALSE, kSigned);
  EXPECT_EQ(current(1), (std::array<float, 4>{-1, 511, -512, -1}));
  glVertexAttribP4ui(1, GL_INT_2_10_10_10_REV, GL_TRUE, kSigned);
  EXPECT_EQ(current(1), (std::array<float, 4>{-1.0f / 511.0f, 1, -1, -1}));
  glVertexAttribP4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, kUnsigned);
  EXPECT_EQ(current(1), (std::array<float, 4>{1, 512, 1023, 2}));
  glVertexAttribP4uiv(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, &kUnsigned);
  EXPECT_EQ(current(1), (std::array<float, 4>{1.0f / 1023.0f, 512.0f / 1023.0f, 1, 2.0f / 3.0f}));
  glVertexAttribP3ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, kUnsigned);
  EXPECT_EQ(current(1), (std::array<float, 4>{1.0f / 1023.0f, 512.0f / 1023.0f, 1, 1}));
  glVertexAttribP2ui(1, GL_INT_2_10_10_10_REV, GL_TRUE, kSigned);
  EXPECT_EQ(current(1), (std::array<float, 4>{-1.0f / 511.0f, 1, 0, 1}));
  glVertexAttribP1uiv(1, GL_INT_2_10_10_10_REV, GL_FALSE, &kSigned);
  EXPECT_EQ(current(1), (std::array<float, 4>{-1, 0, 0, 1}));
  glVertexAttribP3ui(1, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, kFloats);
  EXPECT_EQ(current(1), (std::array<float, 4>{1, 1, 1, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(PackedAttribTest, VertexAttribPRefusesOtherTypesBeforeTheIndex) {
  glVertexAttribP4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, kUnsigned);
  glVertexAttribP4ui(1, GL_FLOAT, GL_FALSE, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glVertexAttribP4ui(1, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_FALSE, kFloats);  // three components only
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glVertexAttribP4ui(9999, GL_UNSIGNED_BYTE, GL_FALSE, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glVertexAttribP4ui(9999, GL_INT_2_10_10_10_REV, GL_FALSE, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glVertexAttribP4uiv(1, GL_INT_2_10_10_10_REV, GL_FALSE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(current(1), (std::array<float, 4>{1, 512, 1023, 2}));  // no error changed it
}

TEST_F(PackedAttribTest, APackedCurrentValueFeedsADisabledArray) {
  positions({-1, -1, 1, -1, -1, 1, 1, 1});
  glUseProgram(link(kColourAttributeVs, kColourVaryingFs));
  // (1023, 0, 512, 3) normalized: (1, 0, 512/1023, 1) -> 8-bit (255, 0, 128, 255).
  glVertexAttribP4ui(1, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, (3u << 30) | (512u << 20) | 1023u);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(7, 9), (Rgba{255, 0, 128, 255}));
}

class PackedLegacyTest : public DrawTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

TEST_F(PackedLegacyTest, ColourNormalAndCoordinateCommandsConvertAsTheirIntegerForms) {
  GLfloat f[4] = {};
  glColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, kUnsigned);  // colours are normalized
  glGetFloatv(GL_CURRENT_COLOR, f);
  EXPECT_EQ((std::array<float, 4>{f[0], f[1], f[2], f[3]}),
            (std::array<float, 4>{1.0f / 1023.0f, 512.0f / 1023.0f, 1, 2.0f / 3.0f}));
  glNormalP3uiv(GL_INT_2_10_10_10_REV, &kSigned);  // so are normals
  glGetFloatv(GL_CURRENT_NORMAL, f);
  EXPECT_EQ((std::array<float, 3>{f[0], f[1], f[2]}), (std::array<float, 3>{-1.0f / 511.0f, 1, -1}));
  glMultiTexCoordP2ui(GL_TEXTURE1, GL_INT_2_10_10_10_REV, kSigned);  // coordinates are not
  glActiveTexture(GL_TEXTURE1);
  glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
  EXPECT_EQ((std::array<float, 4>{f[0], f[1], f[2], f[3]}), (std::array<float, 4>{-1, 511, 0, 1}));
  glActiveTexture(GL_TEXTURE0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // The compatibility commands take the two integer packings only.
  glColorP3ui(GL_UNSIGNED_INT_10F_11F_11F_REV, kFloats);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  // An immediate-mode quad in the packed colour (1023, 0, 0, 3): red.
  glUseProgram(0);
  glColorP4ui(GL_UNSIGNED_INT_2_10_10_10_REV, (3u << 30) | 1023u);
  glBegin(GL_TRIANGLE_STRIP);
  glVertexP2ui(GL_INT_2_10_10_10_REV, (0x3ffu << 10) | 0x3ffu);  // (-1, -1)
  glVertexP2ui(GL_INT_2_10_10_10_REV, (0x3ffu << 10) | 1u);      // (1, -1)
  glVertexP2ui(GL_INT_2_10_10_10_REV, (1u << 10) | 0x3ffu);      // (-1, 1)
  glVertexP2ui(GL_INT_2_10_10_10_REV, (1u << 10) | 1u);          // (1, 1)
  glEnd();
  EXPECT_EQ(pixel(20, 3), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

// glVertexAttribIPointer (GL 4.6 10.3.5): integer components keep their value whatever the
// input's signedness: a GL_BYTE -25 reads 0xffffffe7 in a uvec4 input (sign-extended, then the
// bits), a GL_UNSIGNED_BYTE 200 reads 200 in an ivec4 input (zero-extended), and likewise for
// shorts. The vertex shader compares with the values computed here and paints green on a match.
TEST_F(PackedAttribTest, IntegerArraysExtendByTheirTypeIntoEitherSignedness) {
  const GLuint p = link(R"(#version 330 core
layout(location = 0) in vec2 position;
layout(location = 1) in ivec4 i;
layout(location = 2) in uvec4 u;
uniform ivec4 expected;
out vec4 c;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  c = i == expected && u == uvec4(expected) ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})",
                        kColourVaryingFs);
  glUseProgram(p);
  positions({-1, -1, 3, -1, -1, 3});
  GLuint data = 0;
  glGenBuffers(1, &data);
  glBindBuffer(GL_ARRAY_BUFFER, data);
  auto check = [&](GLenum type, const void* element, GLsizeiptr bytes, const std::array<GLint, 4>& expected) {
    std::vector<std::uint8_t> three(std::size_t(bytes) * 3);
    for (int v = 0; v < 3; ++v) std::memcpy(three.data() + v * bytes, element, std::size_t(bytes));
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(three.size()), three.data(), GL_STATIC_DRAW);
    for (GLuint index : {1u, 2u}) {
      glVertexAttribIPointer(index, 4, type, 0, nullptr);
      glEnableVertexAttribArray(index);
    }
    glUniform4iv(glGetUniformLocation(p, "expected"), 1, expected.data());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(pixel(5, 5), (Rgba{0, 255, 0, 255})) << "type 0x" << std::hex << type;
  };
  const std::int8_t bytes[4] = {50, 0, -25, -50};
  check(GL_BYTE, bytes, 4, {50, 0, -25, -50});
  const std::uint8_t ubytes[4] = {100, 0, 200, 255};
  check(GL_UNSIGNED_BYTE, ubytes, 4, {100, 0, 200, 255});
  const std::int16_t shorts[4] = {2000, 0, -4000, -32010};
  check(GL_SHORT, shorts, 8, {2000, 0, -4000, -32010});
  const std::uint16_t ushorts[4] = {16000, 0, 32000, 65535};
  check(GL_UNSIGNED_SHORT, ushorts, 8, {16000, 0, 32000, 65535});
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteBuffers(1, &data);
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

// Vertex shader input arrays (GLSL 1.50 4.3.4): element k of `in T a[n]` is generic attribute
// glGetAttribLocation("a") + k, fed by its own array. Each vertex carries values the shader checks
// against gl_VertexID; green on a match.
TEST_F(PackedAttribTest, InputArraysTakeConsecutiveAttributes) {
  const GLuint p = vertex_fragment_program(R"(#version 150
in vec2 position;
in float a[2];
in int b[2];
in vec3 d[2];
out vec4 c;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  float v = float(gl_VertexID);
  bool ok = a[0] == 10.0 + v && a[1] == 20.0 + v && b[0] == 30 + gl_VertexID && b[1] == 40 + gl_VertexID &&
            d[0] == vec3(1.0, 2.0, 3.0) + v && d[1] == vec3(4.0, 5.0, 6.0) + v;
  c = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})",
                                           kColourVaryingFs);
  glUseProgram(p);
  struct Vertex {
    float position[2], a[2];
    GLint b[2];
    float d[2][3];
  };
  std::vector<Vertex> vertices(4);
  const float corners[4][2] = {{-1, -1}, {-1, 1}, {1, 1}, {1, -1}};
  for (int v = 0; v < 4; ++v) {
    const float f = float(v);
    vertices[std::size_t(v)] = {{corners[v][0], corners[v][1]}, {10 + f, 20 + f}, {30 + v, 40 + v},
                                {{1 + f, 2 + f, 3 + f}, {4 + f, 5 + f, 6 + f}}};
  }
  glBindBuffer(GL_ARRAY_BUFFER, vbo_);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size() * sizeof(Vertex)), vertices.data(), GL_STATIC_DRAW);
  const GLsizei stride = sizeof(Vertex);
  const GLint position = glGetAttribLocation(p, "position"), a = glGetAttribLocation(p, "a"),
              b = glGetAttribLocation(p, "b"), d = glGetAttribLocation(p, "d");
  ASSERT_TRUE(position >= 0 && a >= 0 && b >= 0 && d >= 0) << info_log(p, true);
  auto offset = [](std::size_t bytes) { return reinterpret_cast<const void*>(bytes); };
  glVertexAttribPointer(GLuint(position), 2, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, position)));
  for (GLuint k = 0; k < 2; ++k) {
    glVertexAttribPointer(GLuint(a) + k, 1, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, a) + 4 * k));
    glVertexAttribIPointer(GLuint(b) + k, 1, GL_INT, stride, offset(offsetof(Vertex, b) + 4 * k));
    glVertexAttribPointer(GLuint(d) + k, 3, GL_FLOAT, GL_FALSE, stride, offset(offsetof(Vertex, d) + 12 * k));
    for (GLint base : {a, b, d}) glEnableVertexAttribArray(GLuint(base) + k);
  }
  glEnableVertexAttribArray(GLuint(position));
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(0, 0), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(pixel(20, 5), (Rgba{0, 255, 0, 255}));
}

// Arrays of vertex inputs (GLSL 1.50 4.3.4): element i of `float a[2]`, `int b[2]`, `vec3 c[2]`
// and `mat2 d[2]` takes the location of the array plus i times the element's locations (a mat2
// takes two), which glGetAttribLocation("d[1]") answers too (GL 4.6 7.3.1.1); each location is
// fed by its own array of the matching kind (glVertexAttribIPointer for ints). Each failing
// check sets a bit of the red channel (a 1, b 2, c 4, d 8).
TEST_F(DrawTest, VertexInputArraysTakeConsecutiveLocations) {
  const GLuint p = link(R"(#version 150
in vec2 position;
in float a[2];
in int b[2];
in vec3 c[2];
in mat2 d[2];
flat out int failed;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  failed = 0;
  if (a[0] != 10.0 || a[1] != 20.0) failed |= 1;
  if (b[0] != 30 || b[1] != 40) failed |= 2;
  if (c[0] != vec3(1.0, 2.0, 3.0) || c[1] != vec3(4.0, 5.0, 6.0)) failed |= 4;
  if (d[0] != mat2(1.0, 2.0, 3.0, 4.0) || d[1] != mat2(5.0, 6.0, 7.0, 8.0)) failed |= 8;
})",
                       R"(#version 150
flat in int failed;
out vec4 o;
void main() { o = vec4(float(failed) / 255.0, failed == 0 ? 1.0 : 0.0, 0.0, 1.0); })");
  glUseProgram(p);
  positions({-1, -1, 3, -1, -1, 3});
  glDisableVertexAttribArray(0);
  const GLint position = glGetAttribLocation(p, "position");
  ASSERT_GE(position, 0);
  glVertexAttribPointer(GLuint(position), 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(GLuint(position));
  // One buffer per location, the same value at all three vertices (stride 0 is tightly packed,
  // so each buffer holds three copies).
  std::vector<GLuint> buffers;
  auto feed = [&](const char* name, int element, int column, std::vector<float> value, bool integer) {
    const GLint base = glGetAttribLocation(p, name);
    ASSERT_GE(base, 0) << name;
    const int per_element = std::string(name) == "d" ? 2 : 1;
    const GLuint location = GLuint(base + element * per_element + column);
    std::vector<std::uint8_t> bytes;
    for (int v = 0; v < 3; ++v)
      for (float f : value) {
        std::uint8_t word[4];
        if (integer) {
          const GLint n = GLint(f);
          std::memcpy(word, &n, 4);
        } else {
          std::memcpy(word, &f, 4);
        }
        bytes.insert(bytes.end(), word, word + 4);
      }
    GLuint b = 0;
    glGenBuffers(1, &b);
    buffers.push_back(b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(bytes.size()), bytes.data(), GL_STATIC_DRAW);
    if (integer)
      glVertexAttribIPointer(location, GLint(value.size()), GL_INT, 0, nullptr);
    else
      glVertexAttribPointer(location, GLint(value.size()), GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(location);
  };
  EXPECT_EQ(glGetAttribLocation(p, "d[1]"), glGetAttribLocation(p, "d") + 2);
  EXPECT_EQ(glGetAttribLocation(p, "c[1]"), glGetAttribLocation(p, "c") + 1);
  EXPECT_EQ(glGetAttribLocation(p, "d[2]"), -1);
  feed("a", 0, 0, {10}, false);
  feed("a", 1, 0, {20}, false);
  feed("b", 0, 0, {30}, true);
  feed("b", 1, 0, {40}, true);
  feed("c", 0, 0, {1, 2, 3}, false);
  feed("c", 1, 0, {4, 5, 6}, false);
  feed("d", 0, 0, {1, 2}, false);
  feed("d", 0, 1, {3, 4}, false);
  feed("d", 1, 0, {5, 6}, false);
  feed("d", 1, 1, {7, 8}, false);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(5, 5), (Rgba{0, 255, 0, 255}));
  glDeleteBuffers(GLsizei(buffers.size()), buffers.data());
}

}  // namespace
}  // namespace glvk::test
