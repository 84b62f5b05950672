// Draws that need glvk to lower GL behaviour Vulkan lacks: GL's point size, attachments of 1D
// textures, blending enabled on a format the device cannot blend, 1.40's inverse(), rectangle
// textures and border colours Vulkan has no built-in value for. Expected
// pixels come from the GL spec (point squares, blend equations) and from matrix identities.
#include <cmath>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr const char* kPointVs = R"(#version 330 core
layout(location = 0) in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })";

constexpr const char* kPointSizeVs = R"(#version 330 core
layout(location = 0) in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); gl_PointSize = 3.0; })";

// Whether exactly the pixels of a size x size square centred on pixel (16, 16)'s centre are set.
void expect_square(int size, const Rgba& inside) {
  const int half = size / 2;
  for (int y = 16 - half - 1; y <= 16 + half + 1; ++y)
    for (int x = 16 - half - 1; x <= 16 + half + 1; ++x) {
      const bool in = std::abs(x - 16) <= half && std::abs(y - 16) <= half;
      std::array<std::uint8_t, 4> p{};
      glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.data());
      EXPECT_EQ(p, (in ? inside : Rgba{0, 0, 0, 0})) << "size " << size << " at " << x << "," << y;
    }
}

// GL 4.6 14.4: a point's size is glPointSize unless PROGRAM_POINT_SIZE is enabled and the shader
// writes gl_PointSize; the point covers the pixels whose centres lie in the size x size square.
TEST_F(DrawTest, PointsTakeGlPointSizeUnlessTheProgramSizesThem) {
  GLfloat range[2] = {0, 0};
  glGetFloatv(GL_POINT_SIZE_RANGE, range);
  ASSERT_GE(range[1], 5.0f) << "lavapipe has large points";
  // Pixel (16, 16)'s centre is NDC 16.5 / 16 - 1 on a 32-pixel framebuffer.
  positions({16.5f / 16 - 1, 16.5f / 16 - 1});
  const GLuint plain = link(kPointVs, kColorFs);
  glUseProgram(plain);
  set_color(plain, 1, 0, 0, 1);
  glPointSize(5.0f);
  glDrawArrays(GL_POINTS, 0, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  expect_square(5, {255, 0, 0, 255});

  const GLuint sized = link(kPointSizeVs, kColorFs);
  glUseProgram(sized);
  set_color(sized, 0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);  // PROGRAM_POINT_SIZE off: glPointSize's 5, not the shader's 3
  expect_square(5, {0, 255, 0, 255});
  glEnable(GL_PROGRAM_POINT_SIZE);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  expect_square(3, {0, 255, 0, 255});
  glDisable(GL_PROGRAM_POINT_SIZE);
  // glPointSize 1 after 5: one pixel (a module per size, none reused wrongly).
  glUseProgram(plain);
  glPointSize(1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  expect_square(1, {255, 0, 0, 255});
  // Polygon mode POINT rasterizes a triangle's vertices as points of that size.
  glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
  glPointSize(3.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  const float v = 16.5f / 16 - 1;
  positions({v, v, 1.5f, v, v, 1.5f});  // the other two vertices lie off the framebuffer
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  expect_square(3, {255, 0, 0, 255});
}

// gl_PointCoord (GL 4.6 14.4.1): s runs from the point's left edge, t from its top edge with
// POINT_SPRITE_COORD_ORIGIN UPPER_LEFT (the default) or from its bottom edge with LOWER_LEFT. A
// 16-pixel point centred on the 32-pixel framebuffer covers pixels 8-23: the centre of pixel 9 is
// 1.5 / 16 = 0.09375 from the left and bottom edges, of pixel 22 1.5 / 16 from the top edge
// (unorm8 24; 1 - 0.09375 = 0.90625 gives 231).
TEST_F(DrawTest, PointCoordFollowsTheSpriteOrigin) {
  positions({0, 0});
  const GLuint p = link(kPointVs, R"(#version 330 core
out vec4 result;
void main() { result = vec4(gl_PointCoord, 0.0, 1.0); })");
  glUseProgram(p);
  glPointSize(16.0f);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(pixel(9, 22), (Rgba{24, 24, 0, 255}));
  EXPECT_EQ(pixel(22, 9), (Rgba{231, 231, 0, 255}));
  glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(pixel(9, 22), (Rgba{24, 231, 0, 255}));
  EXPECT_EQ(pixel(22, 9), (Rgba{231, 24, 0, 255}));
  glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// A geometry shader emitting points without writing gl_PointSize: glPointSize sizes each one.
TEST_F(DrawTest, GeometryShaderPointsTakeGlPointSize) {
  const GLuint p = glCreateProgram();
  const GLuint vs = compile(GL_VERTEX_SHADER, kPointVs), fs = compile(GL_FRAGMENT_SHADER, kColorFs);
  const GLuint gs = compile(GL_GEOMETRY_SHADER, R"(#version 330 core
layout(triangles) in;
layout(points, max_vertices = 1) out;
void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); })");
  glAttachShader(p, vs);
  glAttachShader(p, gs);
  glAttachShader(p, fs);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_EQ(ok, GL_TRUE);
  glUseProgram(p);
  set_color(p, 0, 0, 1, 1);
  const float v = 16.5f / 16 - 1;
  positions({v, v, 1.5f, v, v, 1.5f});
  glPointSize(3.0f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  expect_square(3, {0, 0, 255, 255});
}

// 1D textures (and 1D arrays) as colour attachments: drawn, and cleared under a scissor.
TEST_F(DrawTest, OneDimensionalTexturesAreDrawnAndCleared) {
  GLuint t[2];
  glGenTextures(2, t);
  glBindTexture(GL_TEXTURE_1D, t[0]);
  glTexStorage1D(GL_TEXTURE_1D, 1, GL_RGBA8, kSize);
  glBindTexture(GL_TEXTURE_1D_ARRAY, t[1]);
  glTexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA8, kSize, 3);
  glFramebufferTexture1D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_1D, t[0], 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint p = color_program();
  set_color(p, 1, 1, 0, 1);
  positions({-1, -1, 0, -1, 0, 3, -1, -1, 0, 3, -1, 3});  // the left half of the row: x < 16
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEnable(GL_SCISSOR_TEST);
  glScissor(28, 0, 2, 1);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> row(kSize * 4, 7);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, row.data());
  for (int x = 0; x < kSize; ++x) {
    const Rgba expected = x < 16 ? Rgba{255, 255, 0, 255} : x == 28 || x == 29 ? Rgba{0, 0, 255, 255} : Rgba{0, 0, 0, 0};
    EXPECT_EQ((Rgba{row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3]}), expected) << x;
  }
  // Layer 1 of the array, scissored: the other layers keep their clear.
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t[1], 0, 1);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> layers(kSize * 3 * 4, 7);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers.data());
  EXPECT_EQ(layers[(1 * kSize + 3) * 4], 255);
  EXPECT_EQ(layers[(1 * kSize + 20) * 4], 0);
  EXPECT_EQ(layers[(1 * kSize + 3) * 4 + 1], 255);
  glDeleteTextures(2, t);
}

// Blending enabled with ONE, ZERO into a signed normalized buffer (a format lavapipe cannot blend)
// writes the source exactly: -1 and 1 are -127 and 127 (GL 4.6 2.3.5.1).
TEST_F(DrawTest, BlendingIntoSnormBuffersWritesTheirValues) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8_SNORM, kSize, kSize);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const GLuint p = color_program();
  set_color(p, -1, 1, 0, 1);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ZERO);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<GLbyte> texels(kSize * kSize * 4, 5);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_BYTE, texels.data());
  EXPECT_EQ(texels[0], -127);
  EXPECT_EQ(texels[1], 127);
  EXPECT_EQ(texels[2], 0);
  EXPECT_EQ(texels[3], 127);
  glDeleteTextures(1, &t);
}

// GLSL 1.40's inverse(): inverse(m) * m is the identity for 2x2, 3x3 and 4x4 matrices.
TEST_F(DrawTest, Glsl140InverseInvertsMatrices) {
  const GLuint p = link(R"(#version 140
in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })",
                        R"(#version 140
uniform mat2 a; uniform mat3 b; uniform mat4 m;
out vec4 result;
float off(mat2 x) { return abs(x[0][0] - 1.0) + abs(x[0][1]) + abs(x[1][0]) + abs(x[1][1] - 1.0); }
float off(mat3 x) { mat3 d = x - mat3(1.0); return dot(abs(d[0]) + abs(d[1]) + abs(d[2]), vec3(1.0)); }
float off(mat4 x) { mat4 d = x - mat4(1.0); return dot(abs(d[0]) + abs(d[1]) + abs(d[2]) + abs(d[3]), vec4(1.0)); }
void main() {
  result = vec4(off(inverse(a) * a) < 1e-3 ? 1.0 : 0.0, off(inverse(b) * b) < 1e-3 ? 1.0 : 0.0,
                off(inverse(m) * m) < 1e-3 ? 1.0 : 0.0, 1.0);
})");
  glBindAttribLocation(p, 0, "position");
  glLinkProgram(p);
  glUseProgram(p);
  const float a[4] = {2, 1, 1, 3};
  const float b[9] = {1, 2, 0, 0, 1, 4, 5, 6, 0};
  const float m[16] = {2, 0, 1, 3, 1, 1, 0, 2, 0, 3, 1, 1, 4, 1, 2, 1};
  glUniformMatrix2fv(glGetUniformLocation(p, "a"), 1, GL_FALSE, a);
  glUniformMatrix3fv(glGetUniformLocation(p, "b"), 1, GL_FALSE, b);
  glUniformMatrix4fv(glGetUniformLocation(p, "m"), 1, GL_FALSE, m);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(5, 5), (Rgba{255, 255, 255, 255}));
}

// Rectangle textures (GL 4.6 8.10.2) are addressed in texels: a 4x2 texture of distinct texels
// read with texture() at texel centres, texelFetch and textureSize, plus the depth comparison
// of sampler2DRectShadow (GL 4.6 8.23: 1 where the reference passes LEQUAL, else 0).
TEST_F(DrawTest, RectangleTexturesAreAddressedInTexels) {
  const std::uint8_t texels[2][4][4] = {{{10, 0, 0, 255}, {20, 0, 0, 255}, {30, 0, 0, 255}, {40, 0, 0, 255}},
                                        {{50, 0, 0, 255}, {60, 0, 0, 255}, {70, 0, 0, 255}, {80, 0, 0, 255}}};
  GLuint tex[2];
  glGenTextures(2, tex);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[0]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  const float depths[2][4] = {{0.1f, 0.2f, 0.3f, 0.4f}, {0.5f, 0.6f, 0.7f, 0.8f}};
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_RECTANGLE, tex[1]);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_DEPTH_COMPONENT32F, 4, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depths);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
  glActiveTexture(GL_TEXTURE0);
  // Pixel (x, y) of the framebuffer reads texel (x % 4, y % 2); green says how the four reads
  // agree, blue carries textureSize, alpha the comparison against a reference of 0.45.
  const char* fs = R"(#version 140
uniform sampler2DRect colors;
uniform sampler2DRectShadow depths;
out vec4 result;
void main() {
  ivec2 t = ivec2(gl_FragCoord.xy) % ivec2(4, 2);
  vec4 sampled = texture(colors, vec2(t) + 0.5);
  vec4 fetched = texelFetch(colors, t);
  vec4 projected = textureProj(colors, vec3((vec2(t) + 0.5) * 2.0, 2.0));
  ivec2 size = textureSize(colors);
  float shadow = texture(depths, vec3(vec2(t) + 0.5, 0.45));
  result = vec4(sampled.r, sampled == fetched && sampled == projected ? 1.0 : 0.0,
                size == ivec2(4, 2) ? 1.0 : 0.0, shadow);
})";
  const GLuint p = link(kPointVs, fs);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "colors"), 0);
  glUniform1i(glGetUniformLocation(p, "depths"), 1);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) {
      const int tx = x % 4, ty = y % 2;
      const std::uint8_t passes = 0.45f <= depths[ty][tx] ? 255 : 0;
      EXPECT_EQ(pixel(x, y), (Rgba{texels[ty][tx][0], 255, 255, passes})) << x << "," << y;
    }
  glDeleteTextures(2, tex);
}

// GL 4.6 8.14.2: a texel outside a CLAMP_TO_BORDER texture is the border colour, whatever it is
// (Vulkan's built-in border colours are only (0,0,0,0), (0,0,0,1) and (1,1,1,1)). A float colour of
// exact 8-bit values on RGBA8, and the integers of glTexParameterIuiv on RGBA8UI.
TEST_F(DrawTest, BorderColoursAreExact) {
  GLuint tex[2];
  glGenTextures(2, tex);
  const std::uint8_t texels[4] = {255, 255, 255, 255};
  glBindTexture(GL_TEXTURE_2D, tex[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  const GLfloat border[4] = {51 / 255.0f, 102 / 255.0f, 153 / 255.0f, 204 / 255.0f};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, tex[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, texels);
  const GLuint integer_border[4] = {3, 6, 9, 12};
  glTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, integer_border);
  for (const GLuint t : tex) {
    glTextureParameteri(t, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(t, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTextureParameteri(t, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTextureParameteri(t, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
  }
  glActiveTexture(GL_TEXTURE0);
  // The left half reads outside the texture (the border), the right half its one white texel;
  // the bottom half shows the float texture, the top half the integer one (divided by 15).
  const char* fs = R"(#version 330 core
uniform sampler2D colors;
uniform usampler2D integers;
out vec4 result;
void main() {
  vec2 uv = vec2(gl_FragCoord.x < 16.0 ? -0.5 : 0.5, 0.5);
  result = gl_FragCoord.y < 16.0 ? texture(colors, uv) : vec4(texture(integers, uv)) / 15.0;
})";
  const GLuint p = link(kPointVs, fs);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "colors"), 0);
  glUniform1i(glGetUniformLocation(p, "integers"), 1);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(4, 4), (Rgba{51, 102, 153, 204}));
  EXPECT_EQ(pixel(28, 4), (Rgba{255, 255, 255, 255}));
  EXPECT_EQ(pixel(4, 28), (Rgba{51, 102, 153, 204}));  // 3/15, 6/15, 9/15, 12/15 of 255
  glDeleteTextures(2, tex);
}

// GL 4.6 13.7.2: a written gl_ClipDistance[i] clips only while CLIP_DISTANCEi is enabled. Distance
// 0 is -1 at every vertex (everything outside), distance 1 is +1: nothing is drawn while
// CLIP_DISTANCE0 is enabled, the whole triangle while only CLIP_DISTANCE1 is; the same through a
// geometry shader writing the distances (the last stage before rasterization).
TEST_F(DrawTest, ClipDistancesClipOnlyWhileEnabled) {
  const char* fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";
  const GLuint vertex_only = link("#version 150\nin vec2 position;\nout float gl_ClipDistance[2];\n"
                                  "void main() {\n  gl_Position = vec4(position, 0.0, 1.0);\n"
                                  "  gl_ClipDistance[0] = -1.0;\n  gl_ClipDistance[1] = 1.0;\n}\n",
                                  fs);
  const GLuint with_geometry = glCreateProgram();
  glAttachShader(with_geometry, compile(GL_VERTEX_SHADER, "#version 150\nin vec2 position;\n"
                                                          "void main() { gl_Position = vec4(position, 0.0, 1.0); }\n"));
  glAttachShader(with_geometry, compile(GL_GEOMETRY_SHADER,
                                        "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
                                        "out float gl_ClipDistance[2];\nvoid main() {\n  for (int i = 0; i < 3; i++) {\n"
                                        "    gl_Position = gl_in[i].gl_Position;\n    gl_ClipDistance[0] = -1.0;\n"
                                        "    gl_ClipDistance[1] = 1.0;\n    EmitVertex();\n  }\n}\n"));
  glAttachShader(with_geometry, compile(GL_FRAGMENT_SHADER, fs));
  glLinkProgram(with_geometry);
  GLint linked = 0;
  glGetProgramiv(with_geometry, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_TRUE) << info_log(with_geometry, true);
  positions({-1, -1, 3, -1, -1, 3});
  for (const GLuint p : {vertex_only, with_geometry}) {
    glUseProgram(p);
    for (const bool first_enabled : {false, true, false}) {
      glClear(GL_COLOR_BUFFER_BIT);
      if (first_enabled) glEnable(GL_CLIP_DISTANCE0);
      else glDisable(GL_CLIP_DISTANCE0);
      glEnable(GL_CLIP_DISTANCE1);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
      EXPECT_EQ(pixel(kSize / 2, kSize / 2), (first_enabled ? Rgba{0, 0, 0, 0} : Rgba{0, 255, 0, 255}))
          << (p == vertex_only ? "vertex" : "geometry") << " shader, CLIP_DISTANCE0 " << first_enabled;
    }
    glDisable(GL_CLIP_DISTANCE1);
  }
}

}  // namespace
}  // namespace glvk::test
