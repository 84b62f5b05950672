// GLSL rules glslang gets wrong or accepts only from later versions, drawn: each program paints
// green when the rule holds (expected values from the GLSL specifications cited).
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

class GlslSemanticsTest : public DrawTest {
 protected:
  // Links the shaders (one or more compilation units per stage) and draws a full-screen triangle.
  Rgba draw(std::initializer_list<std::pair<GLenum, const char*>> shaders) {
    const GLuint p = glCreateProgram();
    for (const auto& [type, source] : shaders) {
      const GLuint s = compile(type, source);
      GLint ok = 0;
      glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
      EXPECT_TRUE(ok) << info_log(s, false);
      glAttachShader(p, s);
    }
    glBindAttribLocation(p, 0, "position");
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_TRUE(linked) << info_log(p, true);
    glUseProgram(p);
    positions({-1, -1, 3, -1, -1, 3});
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return pixel(5, 5);
  }
};

constexpr Rgba kGreen{0, 255, 0, 255};

constexpr const char* kVs120 = R"(#version 120
attribute vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })";

// GLSL 1.20 6.3: the body of a do-while loop is a scope that ends before the test, so `i` in the
// test is the outer one and the loop runs once.
TEST_F(GlslSemanticsTest, DoWhileBodyScopeEndsBeforeTheTest) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, kVs120}, {GL_FRAGMENT_SHADER, R"(#version 120
void main() {
  int i = 17;
  int j = -2;
  do
    // a comment; with a semicolon
    int i = (j++, 0);
  while (i <= 0 && j < 3);
  gl_FragColor = j == -1 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// ARB_shader_storage_buffer_object (GLSL 4.30 4.1.9): length() of an implicitly sized array is
// one more than the largest constant index the program uses, also in another compilation unit.
TEST_F(GlslSemanticsTest, ImplicitlySizedArrayLengthIsSetAtLink) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, kPositionVs}, {GL_FRAGMENT_SHADER, R"(#version 330
#extension GL_ARB_shader_storage_buffer_object: require
out vec4 result;
float a[];
void store();
void main() {
  float local[];
  int n = local.length();
  local[6] = 1.0;
  store();
  result = a.length() == 5 && n == 7 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"},
                  {GL_FRAGMENT_SHADER, R"(#version 330
float a[];
void store() { a[4] = 2.0; })"}}),
            kGreen);
}

// GLSL 1.50 4.3.8.1: the input primitive one geometry shader declares sizes the unsized input
// arrays of the others (here to 3; glslang sized the unit's array on its own from its indices).
TEST_F(GlslSemanticsTest, GeometryInputLayoutSizesEveryCompilationUnit) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 150
in vec2 position;
out float v;
void main() { gl_Position = vec4(position, 0.0, 1.0); v = 1.0; })"},
                  {GL_GEOMETRY_SHADER, R"(#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
void emit(vec4 position);
void main() { for (int i = 0; i < 3; ++i) emit(gl_in[i].gl_Position); })"},
                  {GL_GEOMETRY_SHADER, R"(#version 150
in float v[];
out vec4 c;
void emit(vec4 position) {
  c = v[1] == 1.0 ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
  gl_Position = position;
  EmitVertex();
})"},
                  {GL_FRAGMENT_SHADER, R"(#version 150
in vec4 c;
out vec4 result;
void main() { result = c; })"}}),
            kGreen);
}

// gl_FragColor written by a function of another compilation unit than main's (GLSL 1.10: the
// units of a stage form one shader).
TEST_F(GlslSemanticsTest, FragColorWrittenInAnotherCompilationUnit) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, kVs120},
                  {GL_FRAGMENT_SHADER, "#version 120\nvoid paint() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n"},
                  {GL_FRAGMENT_SHADER, "#version 120\nvoid paint();\nvoid main() { paint(); }\n"}}),
            kGreen);
}

// GLSL 1.30 4.3.6 forbids assigning both gl_FragColor and a user-defined output; declaring an
// output and writing only gl_FragColor is legal, and the colour comes from gl_FragColor.
TEST_F(GlslSemanticsTest, FragColorWrittenBesideAnUnusedOutput) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, kPositionVs}, {GL_FRAGMENT_SHADER, R"(#version 140
out vec4 unused_colour;
void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); })"}}),
            kGreen);
  // And the other way: a user output written, gl_FragColor only named in an inactive branch.
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, kPositionVs}, {GL_FRAGMENT_SHADER, R"(#version 140
out vec4 colour;
void main() {
#if 0
  gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0);
#endif
  colour = vec4(0.0, 1.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// GL_ARB_shader_bit_encoding in a GLSL 1.30 shader (its functions are 3.30's).
TEST_F(GlslSemanticsTest, ShaderBitEncodingBelowGlsl330) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 130
#extension GL_ARB_shader_bit_encoding: enable
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })"},
                  {GL_FRAGMENT_SHADER, R"(#version 130
#extension GL_ARB_shader_bit_encoding: enable
uniform float one = 1.0;
void main() {
  bool ok = floatBitsToUint(one) == 0x3f800000u && intBitsToFloat(0x40000000) == 2.0;
  gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// GL_ARB_gpu_shader_fp64 in a shader without #version (GLSL 1.10): its double types and
// functions (frexp of a dvec4 here: 6.0 = 0.75 * 2^3).
TEST_F(GlslSemanticsTest, GpuShaderFp64WithoutVersion) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(attribute vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })"},
                  {GL_FRAGMENT_SHADER, R"(#extension GL_ARB_gpu_shader_fp64: enable
void main() {
  ivec4 e;
  double six = double(gl_FragCoord.x >= 0.0 ? 6.0 : 5.0);
  dvec4 m = frexp(dvec4(six), e);
  bool ok = e == ivec4(3) && m == dvec4(0.75);
  gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// GLSL 4.20 with explicit locations on output and input blocks (separate shader objects came in
// 4.10): the blocks meet by location.
TEST_F(GlslSemanticsTest, BlockLocationsInGlsl420) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 420
layout(location = 0) in vec2 position;
layout(location = 3) out B { vec4 c; } b;
void main() { gl_Position = vec4(position, 0.0, 1.0); b.c = vec4(0.0, 1.0, 0.0, 1.0); })"},
                  {GL_FRAGMENT_SHADER, R"(#version 420
layout(location = 3) in B { vec4 c; } b;
out vec4 result;
void main() { result = b.c; })"}}),
            kGreen);
}

// Explicit locations decide the match, not names (GL 4.6 7.4.1): the fragment shader's `a` sits
// where the vertex shader wrote `b`, and its block `B` where the vertex shader's `B` is not.
TEST_F(GlslSemanticsTest, SameNamesAtOtherLocationsMatchByLocation) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 150
#extension GL_ARB_separate_shader_objects: require
in vec2 position;
layout(location = 0) out vec4 a;
layout(location = 2) out vec4 b;
layout(location = 4) out B { vec4 c; } x;
layout(location = 5) out C { vec4 c; } y;
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  a = vec4(1.0, 0.0, 0.0, 1.0);
  b = vec4(0.0, 1.0, 0.0, 1.0);
  x.c = vec4(0.0, 0.0, 1.0, 1.0);
  y.c = vec4(0.0, 1.0, 0.0, 1.0);
})"},
                  {GL_FRAGMENT_SHADER, R"(#version 150
#extension GL_ARB_separate_shader_objects: require
layout(location = 2) in vec4 a;
layout(location = 0) in vec4 b;
layout(location = 5) in B { vec4 c; } x;
layout(location = 4) in C { vec4 c; } y;
out vec4 colour;
void main() { colour = a == x.c ? a : vec4(1.0, 0.0, 1.0, 1.0); })"}}),
            kGreen);
}

// 63 locations of varyings, 80 components in all: more locations than a Vulkan device has
// (lavapipe: 32), within GL's component count, so glvk packs them. Each kind of value keeps its
// bits (ints, the uint, the doubles) or its interpolated value (floats; the tolerance allows for
// the interpolation's rounding of a constant).
TEST_F(GlslSemanticsTest, VaryingsPastTheDevicesLocationsArePacked) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 400
in vec2 position;
out float f[40];
noperspective out vec2 n[6];
flat out int i[9];
flat out uint u;
flat out double d[3];
flat out mat2x3 m;
centroid out vec3 c[2];
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  for (int k = 0; k < 40; ++k) f[k] = float(k) * 0.25;
  for (int k = 0; k < 6; ++k) n[k] = vec2(k, -k);
  for (int k = 0; k < 9; ++k) i[k] = -1000 * k - 7;
  u = 0xfedcba98u;
  for (int k = 0; k < 3; ++k) d[k] = 1.0lf / 3.0lf + double(k);
  m = mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
  c[0] = vec3(0.5, 1.5, 2.5);
  c[1] = vec3(-0.5, -1.5, -2.5);
})"},
                  {GL_FRAGMENT_SHADER, R"(#version 400
in float f[40];
noperspective in vec2 n[6];
flat in int i[9];
flat in uint u;
flat in double d[3];
flat in mat2x3 m;
centroid in vec3 c[2];
out vec4 colour;
uniform int dynamic_index = 5;
void main() {
  bool ok = abs(f[dynamic_index] - 1.25) < 1e-4;
  for (int k = 0; k < 40; ++k) ok = ok && abs(f[k] - float(k) * 0.25) < 1e-4;
  for (int k = 0; k < 6; ++k) ok = ok && all(lessThan(abs(n[k] - vec2(k, -k)), vec2(1e-4)));
  for (int k = 0; k < 9; ++k) ok = ok && i[k] == -1000 * k - 7;
  ok = ok && u == 0xfedcba98u;
  for (int k = 0; k < 3; ++k) ok = ok && d[k] == 1.0lf / 3.0lf + double(k);
  ok = ok && m == mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0);
  ok = ok && all(lessThan(abs(c[0] - vec3(0.5, 1.5, 2.5)), vec3(1e-4))) &&
       all(lessThan(abs(c[1] + vec3(0.5, 1.5, 2.5)), vec3(1e-4)));
  colour = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// The same from a geometry shader: the packed outputs are written at each EmitVertex, each vertex
// with its own values (the flat ones from the provoking, last, vertex).
TEST_F(GlslSemanticsTest, GeometryOutputsPastTheDevicesLocationsArePacked) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 150
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })"},
                  {GL_GEOMETRY_SHADER, R"(#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 3) out;
out float f[36];
flat out int i[4];
void main() {
  for (int v = 0; v < 3; ++v) {
    gl_Position = gl_in[v].gl_Position;
    for (int k = 0; k < 36; ++k) f[k] = float(k) * 0.5;
    for (int k = 0; k < 4; ++k) i[k] = v * 100 + k;
    EmitVertex();
  }
})"},
                  {GL_FRAGMENT_SHADER, R"(#version 150
in float f[36];
flat in int i[4];
out vec4 colour;
void main() {
  bool ok = true;
  for (int k = 0; k < 36; ++k) ok = ok && abs(f[k] - float(k) * 0.5) < 1e-4;
  for (int k = 0; k < 4; ++k) ok = ok && i[k] == 200 + k;
  colour = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// gl_FragCoord's conventions (GLSL 1.50 4.3.8.1): the pixel at window (5, 5) of the kSize-high
// framebuffer has its center at (5.5, 5.5) by default; (5.0, kSize - 6.0) with both qualifiers,
// (5.5, kSize - 5.5) with the upper-left origin alone, (5.0, 5.0) with integer centers alone. The
// fragment shader paints x and y (times 4, exact in unorm8) into red and green.
TEST_F(GlslSemanticsTest, FragCoordConventions) {
  auto drawn = [&](const std::string& qualifiers) {
    const std::string fs = "#version 150\n" + qualifiers +
                           "out vec4 c;\nvoid main() { c = vec4(gl_FragCoord.xy * 4.0 / 255.0, 0.0, 1.0); }\n";
    return draw({{GL_VERTEX_SHADER, R"(#version 150
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })"},
                 {GL_FRAGMENT_SHADER, fs.c_str()}});
  };
  const std::uint8_t top_half = std::uint8_t(4 * (kSize - 5) - 2), top_integer = std::uint8_t(4 * (kSize - 6));
  EXPECT_EQ(drawn(""), (Rgba{22, 22, 0, 255}));
  EXPECT_EQ(drawn("in vec4 gl_FragCoord;\n"), (Rgba{22, 22, 0, 255}));
  EXPECT_EQ(drawn("layout(origin_upper_left) in vec4 gl_FragCoord;\n"), (Rgba{22, top_half, 0, 255}));
  EXPECT_EQ(drawn("layout(pixel_center_integer) in vec4 gl_FragCoord;\n"), (Rgba{20, 20, 0, 255}));
  EXPECT_EQ(drawn("layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n"),
            (Rgba{20, top_integer, 0, 255}));
}

// Interpolation qualifiers on the members of an array of interface blocks (GLSL 1.50 4.3.7) act as
// on loose varyings: each member equals the loose varying declared with its qualifier, with
// vertices of different w so that smooth and noperspective differ (lavapipe 22.3 dropped the
// members' decorations; glvk passes such blocks packed).
TEST_F(GlslSemanticsTest, BlockArrayMembersKeepTheirInterpolation) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 150
in vec2 position;
flat out float flat_var;
smooth out float smooth_var;
noperspective out float noperspective_var;
out Blk {
  flat float flat_var;
  smooth float smooth_var;
  noperspective float noperspective_var;
} ifc[2];
void main() {
  float w = 1.0 + float(gl_VertexID);
  gl_Position = vec4(position * w, 0.0, w);
  float v = float(gl_VertexID) * 0.25;
  flat_var = v;
  smooth_var = v;
  noperspective_var = v;
  for (int i = 0; i < 2; i++) {
    ifc[i].flat_var = v;
    ifc[i].smooth_var = v;
    ifc[i].noperspective_var = v;
  }
})"},
                  {GL_FRAGMENT_SHADER, R"(#version 150
flat in float flat_var;
smooth in float smooth_var;
noperspective in float noperspective_var;
in Blk {
  flat float flat_var;
  smooth float smooth_var;
  noperspective float noperspective_var;
} ifc[2];
out vec4 colour;
void main() {
  bool ok = abs(smooth_var - noperspective_var) > 1e-3;  // the vertices' w tell them apart
  for (int i = 0; i < 2; i++)
    ok = ok && flat_var == ifc[i].flat_var && smooth_var == ifc[i].smooth_var &&
         noperspective_var == ifc[i].noperspective_var;
  colour = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// GL_ARB_arrays_of_arrays in GLSL 1.20 and 1.50 shaders: a two-dimensional varying and local
// array indexed both ways (the 1.20 shader keeps its attribute and varying qualifiers).
TEST_F(GlslSemanticsTest, ArraysOfArraysBelowGlsl430) {
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, R"(#version 120
#extension GL_ARB_arrays_of_arrays: require
attribute vec2 position;
varying float v[2][2];
void main() {
  gl_Position = vec4(position, 0.0, 1.0);
  v[0][0] = 0.0; v[0][1] = 1.0; v[1][0] = 2.0; v[1][1] = 3.0;
})"},
                  {GL_FRAGMENT_SHADER, R"(#version 120
#extension GL_ARB_arrays_of_arrays: require
varying float v[2][2];
void main() {
  float a[2][3];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j) a[i][j] = float(i * 3 + j);
  bool ok = a[1][2] == 5.0 && a.length() == 2 && a[0].length() == 3 && v[1][0] == 2.0 && v[0][1] == 1.0;
#ifndef GL_ARB_arrays_of_arrays
  ok = false;
#endif
  gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})"}}),
            kGreen);
}

// More calls than glvk has SPIRV-Tools inline (kMaxInlinedCalls, 256; its inliner is quadratic in
// the calls of a block) stay function calls in the SPIR-V and must still mean what GLSL 1.30 6.1.1
// says: `inout` copies in and out, `out` copies out, globals and gl_FragColor written by callees.
// After 300 calls k is 300, n 600 and the last `seen` 300.
TEST_F(GlslSemanticsTest, CallsBeyondTheInliningLimitKeepTheirMeaning) {
  std::string fs = R"(#version 130
int n = 0;
void count(inout int k, out float seen) { k += 1; n += 2; seen = float(k); }
void paint(bool ok) { gl_FragColor = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }
void main() {
  int k = 0;
  float seen = -1.0;
)";
  for (int i = 0; i < 300; ++i) fs += "  count(k, seen);\n";
  fs += "  paint(k == 300 && n == 600 && seen == 300.0);\n}\n";
  EXPECT_EQ(draw({{GL_VERTEX_SHADER, kVs120}, {GL_FRAGMENT_SHADER, fs.c_str()}}), kGreen);
}

}  // namespace
}  // namespace glvk::test
