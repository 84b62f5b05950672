// Tessellation through the real dispatch (GL 4.6 10.1.15, 11.2): glPatchParameteri/fv errors and
// state, the tessellation limits, draw errors, and pictures whose values the spec gives: a quad
// domain's (u, v) across the viewport, a program without a control shader whose evaluation
// stage sees GL_PATCH_VERTICES vertices per patch and the default outer level, and per-patch
// arrays from the control to the evaluation stage.
#include <string>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr const char* kVs = R"(#version 400 core
layout(location = 0) in vec2 position;
out float v_id;
void main() { gl_Position = vec4(position, 0.0, 1.0); v_id = float(gl_VertexID); })";

constexpr const char* kFs = R"(#version 400 core
in vec4 t_colour;
out vec4 result;
void main() { result = t_colour; })";

// Levels 1: the quad domain is two triangles whose vertices carry (u, v) at the patch's corners.
constexpr const char* kQuadTcs = R"(#version 400 core
layout(vertices = 4) out;
in float v_id[];
out float c_id[];
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  c_id[gl_InvocationID] = v_id[gl_InvocationID];
  gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = 1.0;
  gl_TessLevelInner[0] = gl_TessLevelInner[1] = 1.0;
})";

constexpr const char* kQuadTes = R"(#version 400 core
layout(quads, equal_spacing, ccw) in;
in float c_id[];
out vec4 t_colour;
void main() {
  vec2 t = gl_TessCoord.xy;
  gl_Position = vec4(t * 2.0 - 1.0, 0.0, 1.0);
  t_colour = vec4(t, c_id[3] / 8.0, 1.0);
})";

// No control shader: gl_PatchVerticesIn is GL_PATCH_VERTICES, the outer levels are the defaults
// (isolines: outer[0] lines of outer[1] segments; gl_TessCoord.y = line / outer[0]).
constexpr const char* kIsolineTes = R"(#version 400 core
layout(isolines, equal_spacing) in;
in float v_id[];
out vec4 t_colour;
void main() {
  float y = gl_TessCoord.y;
  float x = mix(gl_in[0].gl_Position.x, gl_in[1].gl_Position.x, gl_TessCoord.x);
  gl_Position = vec4(x, y * 2.0 - 1.0 + 1.0 / 32.0, 0.0, 1.0);
  t_colour = vec4(float(gl_PatchVerticesIn) / 8.0, v_id[gl_PatchVerticesIn - 1] / 8.0, y, 1.0);
})";

GLuint link_stages(const char* tcs, const char* tes) {
  const GLuint p = glCreateProgram();
  glAttachShader(p, compile(GL_VERTEX_SHADER, kVs));
  if (tcs) glAttachShader(p, compile(GL_TESS_CONTROL_SHADER, tcs));
  glAttachShader(p, compile(GL_TESS_EVALUATION_SHADER, tes));
  glAttachShader(p, compile(GL_FRAGMENT_SHADER, kFs));
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_TRUE(ok) << info_log(p, true);
  return p;
}

using TessellationTest = DrawTest;

TEST_F(TessellationTest, PatchParametersValidateAndQuery) {
  GLint value = 0;
  glGetIntegerv(GL_PATCH_VERTICES, &value);
  EXPECT_EQ(value, 3);
  GLfloat levels[4] = {};
  glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
  EXPECT_EQ(levels[0], 1.0f);
  EXPECT_EQ(levels[3], 1.0f);
  GLint max_vertices = 0;
  glGetIntegerv(GL_MAX_PATCH_VERTICES, &max_vertices);
  EXPECT_GE(max_vertices, 32);  // GL 4.6 table 23.65's minimums
  GLint limit = 0;
  glGetIntegerv(GL_MAX_TESS_GEN_LEVEL, &limit);
  EXPECT_GE(limit, 64);
  for (GLenum pname : {GL_MAX_TESS_CONTROL_INPUT_COMPONENTS, GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS,
                       GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS, GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS}) {
    limit = 0;
    glGetIntegerv(pname, &limit);
    EXPECT_GE(limit, 128) << std::hex << pname;
  }
  glGetIntegerv(GL_MAX_TESS_PATCH_COMPONENTS, &limit);
  EXPECT_GE(limit, 120);
  glGetIntegerv(GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS, &limit);
  EXPECT_GE(limit, 4096);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  glPatchParameteri(GL_PATCH_VERTICES, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPatchParameteri(GL_PATCH_VERTICES, max_vertices + 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPatchParameteri(GL_PATCH_DEFAULT_OUTER_LEVEL, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glPatchParameteri(GL_PATCH_VERTICES, max_vertices);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetIntegerv(GL_PATCH_VERTICES, &value);
  EXPECT_EQ(value, max_vertices);

  const GLfloat outer[4] = {2.5f, 3, 4, 5}, inner[2] = {6, 7.25f};
  glPatchParameterfv(GL_PATCH_VERTICES, outer);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
  glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
  glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
  EXPECT_EQ(levels[0], 2.5f);
  EXPECT_EQ(levels[3], 5.0f);
  glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, levels);
  EXPECT_EQ(levels[1], 7.25f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TessellationTest, PatchesNeedAnEvaluationShaderAndTessellationNeedsPatches) {
  positions({-1, -1, 1, -1, 1, 1, -1, 1});
  color_program();
  glDrawArrays(GL_PATCHES, 0, 4);  // no tessellation evaluation shader
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUseProgram(link_stages(kQuadTcs, kQuadTes));
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 0, 0, 0}));  // nothing drawn by either
}

TEST_F(TessellationTest, QuadDomainCoordinatesCoverTheViewport) {
  positions({-1, -1, 1, -1, 1, 1, -1, 1});
  glUseProgram(link_stages(kQuadTcs, kQuadTes));
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  glDrawArrays(GL_PATCHES, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // (u, v) is the pixel centre's position in the viewport; blue: the fourth vertex's id (3) / 8.
  for (int y : {0, 9, 22, 31})
    for (int x : {0, 13, 31}) {
      const Rgba p = pixel(x, y);
      EXPECT_NEAR(p[0], (x + 0.5) / 32 * 255, 1.0) << x << "," << y;
      EXPECT_NEAR(p[1], (y + 0.5) / 32 * 255, 1.0) << x << "," << y;
      EXPECT_NEAR(p[2], 3.0 / 8 * 255, 1.0);
    }
}

TEST_F(TessellationTest, EvaluationWithoutControlShaderTakesPatchSizeAndDefaultLevels) {
  // Two patches of 5 vertices: the first's lines span the left half, the second's the right half.
  positions({-1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0});
  glUseProgram(link_stages(nullptr, kIsolineTes));
  glPatchParameteri(GL_PATCH_VERTICES, 5);
  const GLfloat outer[4] = {4, 1, 1, 1};  // four lines: v = 0, 1/4, 2/4, 3/4
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
  glDrawArrays(GL_PATCHES, 0, 10);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Line k at window row 8k (y = -1 + k/2 + 1/32 is row 8k's centre); red 5/8, green: the first
  // patch's fifth vertex id (4) / 8, or the second patch's (9) / 8 clamped to 1.
  for (int k = 0; k < 4; ++k) {
    const Rgba left = pixel(5, 8 * k), right = pixel(25, 8 * k);
    EXPECT_NEAR(left[0], 5.0 / 8 * 255, 1.0) << k;
    EXPECT_NEAR(left[1], 4.0 / 8 * 255, 1.0) << k;
    EXPECT_NEAR(left[2], k / 4.0 * 255, 1.0) << k;
    EXPECT_NEAR(right[1], 255, 1.0) << k;
    EXPECT_EQ(pixel(5, 8 * k + 4), (Rgba{0, 0, 0, 0})) << k;  // between the lines
  }
  // The default levels are draw state: three lines now.
  const GLfloat three[4] = {3, 1, 1, 1};
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, three);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_PATCHES, 0, 5);
  EXPECT_EQ(pixel(5, 8), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TessellationTest, ProgramQueriesReportTheLayout) {
  const GLuint p = link_stages(kQuadTcs, kQuadTes);
  GLint value = 0;
  glGetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES, &value);
  EXPECT_EQ(value, 4);
  glGetProgramiv(p, GL_TESS_GEN_MODE, &value);
  EXPECT_EQ(value, GL_QUADS);
  glGetProgramiv(p, GL_TESS_GEN_SPACING, &value);
  EXPECT_EQ(value, GL_EQUAL);
  glGetProgramiv(p, GL_TESS_GEN_VERTEX_ORDER, &value);
  EXPECT_EQ(value, GL_CCW);
  glGetProgramiv(p, GL_TESS_GEN_POINT_MODE, &value);
  EXPECT_EQ(value, GL_FALSE);
  // Isolines without a control shader: the defaults (equal spacing, ccw) and no output vertices.
  const GLuint q = link_stages(nullptr, kIsolineTes);
  glGetProgramiv(q, GL_TESS_GEN_MODE, &value);
  EXPECT_EQ(value, GL_ISOLINES);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetProgramiv(q, GL_TESS_CONTROL_OUTPUT_VERTICES, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetProgramiv(link(kPositionVs, kColorFs), GL_TESS_GEN_MODE, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// GLSL 1.50 with GL_ARB_tessellation_shader has the tessellation stages (the extension's own
// version), as piglit's arb_tessellation_shader tests write them.
TEST_F(TessellationTest, Glsl150WithTheExtensionCompiles) {
  const GLuint s = compile(GL_TESS_CONTROL_SHADER, "#version 150\n#extension GL_ARB_tessellation_shader: require\n"
                                                    "layout(vertices = 2) out;\nvoid main() {}\n");
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_TRUE(ok) << info_log(s, false);
}

// Per-patch arrays (GLSL 4.00 4.3.6): each patch's control invocations write a `patch out` array
// that every evaluation invocation of that patch reads whole, here by a uniform index. The two
// quads are one patch each: elements 0 and 2 differ between the patches (gl_PrimitiveID).
TEST_F(TessellationTest, PerPatchArraysReachTheEvaluationStage) {
  constexpr const char* tcs = R"(#version 400 core
layout(vertices = 4) out;
patch out vec4 shade[3];
void main() {
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  float p = float(gl_PrimitiveID);
  shade[0] = vec4(0.25 + 0.5 * p, 0.0, 0.0, 1.0);
  shade[1] = vec4(0.0, 0.5, 0.0, 1.0);
  shade[2] = vec4(0.0, 0.0, 1.0 - 0.75 * p, 1.0);
  gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = 1.0;
  gl_TessLevelInner[0] = gl_TessLevelInner[1] = 1.0;
})";
  constexpr const char* tes = R"(#version 400 core
layout(quads, equal_spacing, ccw) in;
patch in vec4 shade[3];
uniform int pick;
out vec4 t_colour;
void main() {
  gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x),
                    mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x), gl_TessCoord.y);
  t_colour = shade[pick] + vec4(shade[1].g, 0.0, 0.0, 0.0) * 0.5;
})";
  // Left half, then right half, each corner order (bottom-left, bottom-right, top-right, top-left).
  positions({-1, -1, 0, -1, 0, 1, -1, 1, 0, -1, 1, -1, 1, 1, 0, 1});
  const GLuint p = link_stages(tcs, tes);
  glUseProgram(p);
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  const GLint pick = glGetUniformLocation(p, "pick");
  for (int index : {0, 1, 2}) {
    glUniform1i(pick, index);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, 0, 8);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    // shade[pick] of the patch, plus 0.25 red from shade[1].
    const Rgba left = pixel(8, 16), right = pixel(24, 16);
    const double left_red[] = {0.5, 0.25, 0.25}, right_red[] = {1.0, 0.25, 0.25};
    const double green[] = {0.0, 0.5, 0.0}, left_blue[] = {0.0, 0.0, 1.0}, right_blue[] = {0.0, 0.0, 0.25};
    EXPECT_NEAR(left[0], left_red[index] * 255, 1.0) << index;
    EXPECT_NEAR(left[1], green[index] * 255, 1.0) << index;
    EXPECT_NEAR(left[2], left_blue[index] * 255, 1.0) << index;
    EXPECT_NEAR(right[0], right_red[index] * 255, 1.0) << index;
    EXPECT_NEAR(right[1], green[index] * 255, 1.0) << index;
    EXPECT_NEAR(right[2], right_blue[index] * 255, 1.0) << index;
  }
}

// ARB_tessellation_shader: the control shader's invocations share a patch output, each writing
// its own component (after a barrier) at a dynamic index, directly or through a swizzle; the
// evaluation stage reads every invocation's value (piglit's tcs-patch-vec4-index-wr and
// -swiz-index-wr, which zink passes).
TEST_F(TessellationTest, InvocationsWriteTheirOwnComponentsOfAPatchOutput) {
  for (const char* write : {"v[gl_InvocationID] = gl_InvocationID;", "if (gl_InvocationID < 3) v.wxy[2 - gl_InvocationID] = gl_InvocationID;"}) {
    const std::string tcs = std::string(R"(#version 400 core
layout(vertices = 4) out;
patch out ivec4 v;
void main() {
  if (gl_InvocationID == 0) v = ivec4(-1);
  barrier();
  )") + write + R"(
  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
  gl_TessLevelOuter[0] = gl_TessLevelOuter[1] = gl_TessLevelOuter[2] = gl_TessLevelOuter[3] = 1.0;
  gl_TessLevelInner[0] = gl_TessLevelInner[1] = 1.0;
})";
    // Direct: (0, 1, 2, 3); swizzled: invocation i writes .wxy[2 - i], so x = 1, y = 0, w = 2, z = -1.
    const bool direct = write[0] == 'v';
    const std::string tes = std::string(R"(#version 400 core
layout(quads, equal_spacing, ccw) in;
patch in ivec4 v;
out vec4 t_colour;
void main() {
  gl_Position = mix(mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x),
                    mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x), gl_TessCoord.y);
  t_colour = v == )") + (direct ? "ivec4(0, 1, 2, 3)" : "ivec4(1, 0, -1, 2)") +
                            " ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);\n}\n";
    positions({-1, -1, 1, -1, 1, 1, -1, 1});
    const GLuint p = link_stages(tcs.c_str(), tes.c_str());
    glUseProgram(p);
    glPatchParameteri(GL_PATCH_VERTICES, 4);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_PATCHES, 0, 4);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(pixel(16, 16), (Rgba{0, 255, 0, 255})) << write;
  }
}

}  // namespace
}  // namespace glvk::test
