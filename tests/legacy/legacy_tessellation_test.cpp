// GL_ARB_tessellation_shader in a compatibility context (GLSL 4.60 7.1.1, compatibility profile):
// the compatibility members of gl_PerVertex (gl_ClipVertex, the colours, gl_TexCoord[]) read as
// gl_in[i].gl_X and written as gl_out[i].gl_X by the tessellation stages, user clip planes against
// the last stage's gl_ClipVertex (GL 4.6 compatibility 13.7.2), CLAMP_VERTEX_COLOR on the colours
// it writes (12.2.5), fixed-function fragment processing after it (15), and patches drawn with
// glBegin(GL_PATCHES) and from display lists (21.4). Expected pixels follow those rules.
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "gl_programs.h"
#include "legacy_framebuffer.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

int byte(double c) { return int(std::lround(std::clamp(c, 0.0, 1.0) * 255.0)); }

class LegacyTessellationTest : public LegacyFramebufferTest {
 protected:
  // The stages given (null: none), linked; a failed link is a test failure with the logs.
  GLuint program(const char* vs, const char* tcs, const char* tes, const char* gs, const char* fs) {
    const GLuint p = glCreateProgram();
    std::string logs;
    const std::pair<GLenum, const char*> stages[] = {{GL_VERTEX_SHADER, vs}, {GL_TESS_CONTROL_SHADER, tcs},
                                                     {GL_TESS_EVALUATION_SHADER, tes}, {GL_GEOMETRY_SHADER, gs},
                                                     {GL_FRAGMENT_SHADER, fs}};
    for (const auto& [stage, text] : stages) {
      if (!text) continue;
      const GLuint s = compile(stage, text);
      logs += info_log(s, false);
      glAttachShader(p, s);
    }
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    EXPECT_TRUE(ok) << info_log(p, true) << logs;
    return p;
  }

  // The viewport as two patches of three vertices, in immediate mode.
  static void patches() {
    glPatchParameteri(GL_PATCH_VERTICES, 3);
    glBegin(GL_PATCHES);
    for (const auto& [x, y] : {std::pair{-1, -1}, {1, -1}, {-1, 1}, {-1, 1}, {1, -1}, {1, 1}}) glVertex2i(x, y);
    glEnd();
  }
};

constexpr const char* kPassThroughVs =
    "#version 150 compatibility\n"
    "void main() { gl_Position = gl_Vertex; gl_ClipVertex = gl_Vertex * vec4(-1.0, 1.0, 1.0, 1.0); "
    "gl_FrontColor = gl_Color; gl_TexCoord[1] = gl_MultiTexCoord0; }\n";

// Each patch vertex's compatibility members copied from the vertex stage's (levels 1: one triangle).
constexpr const char* kPassThroughTcs =
    "#version 150 compatibility\n"
    "#extension GL_ARB_tessellation_shader : require\n"
    "layout(vertices = 3) out;\n"
    "void main() {\n"
    "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
    "  gl_out[gl_InvocationID].gl_ClipVertex = gl_in[gl_InvocationID].gl_ClipVertex;\n"
    "  gl_out[gl_InvocationID].gl_FrontColor = gl_in[gl_InvocationID].gl_FrontColor;\n"
    "  gl_out[gl_InvocationID].gl_TexCoord[1] = gl_in[gl_InvocationID].gl_TexCoord[1];\n"
    "  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 0.0);\n"
    "  gl_TessLevelInner = float[2](0.0, 0.0);\n"
    "}\n";

// The members interpolated across the triangle (barycentric gl_TessCoord).
constexpr const char* kInterpolatingTes =
    "#version 150 compatibility\n"
    "#extension GL_ARB_tessellation_shader : require\n"
    "layout(triangles) in;\n"
    "void main() {\n"
    "  vec3 t = gl_TessCoord;\n"
    "  gl_Position = gl_in[0].gl_Position * t[0] + gl_in[1].gl_Position * t[1] + gl_in[2].gl_Position * t[2];\n"
    "  gl_ClipVertex = gl_in[0].gl_ClipVertex * t[0] + gl_in[1].gl_ClipVertex * t[1] + gl_in[2].gl_ClipVertex * t[2];\n"
    "  gl_FrontColor = gl_in[0].gl_FrontColor * t[0] + gl_in[1].gl_FrontColor * t[1] + gl_in[2].gl_FrontColor * t[2];\n"
    "  gl_TexCoord[1] = gl_in[0].gl_TexCoord[1] * t[0] + gl_in[1].gl_TexCoord[1] * t[1] + gl_in[2].gl_TexCoord[1] * t[2];\n"
    "}\n";

constexpr const char* kColourFs = "#version 120\nvoid main() { gl_FragColor = gl_Color; }\n";

// gl_ClipVertex travels vertex → control (gl_in, gl_out) → evaluation stage, whose value is
// clipped against the enabled planes: it is the vertex's mirrored in x, so the plane x >= 0 keeps
// the left half of the viewport (clipping by gl_Position would keep the right one). gl_FrontColor
// and gl_TexCoord[1] travel alike to the fragment stage.
TEST_F(LegacyTessellationTest, ClipVertexFromTheEvaluationStageIsClipped) {
  const char* fs = "#version 120\nvoid main() { gl_FragColor = vec4(gl_Color.rg, gl_TexCoord[1].xy); }\n";
  glUseProgram(program(kPassThroughVs, kPassThroughTcs, kInterpolatingTes, nullptr, fs));
  const GLdouble keep_right[] = {1.0, 0.0, 0.0, 0.0};  // eye coordinates, identity modelview
  glClipPlane(GL_CLIP_PLANE0, keep_right);
  glColor4f(0.25f, 0.5f, 0.0f, 0.0f);
  glTexCoord2f(0.75f, 1.0f);
  const Rgba drawn = {byte(0.25), byte(0.5), byte(0.75), 255};
  patches();  // CLIP_PLANE0 disabled
  EXPECT_TRUE(near(4, 16, drawn));
  EXPECT_TRUE(near(27, 16, drawn));
  clear();
  glEnable(GL_CLIP_PLANE0);
  patches();
  EXPECT_TRUE(near(4, 16, drawn));
  EXPECT_TRUE(near(15, 16, drawn));
  EXPECT_TRUE(near(16, 16, {0, 0, 0, 0}));
  EXPECT_TRUE(near(27, 16, {0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// A geometry stage after the evaluation stage reads its members as gl_in[i].gl_X and is the one
// whose gl_ClipVertex is clipped.
TEST_F(LegacyTessellationTest, GeometryStageReadsTheEvaluationStagesMembers) {
  const char* gs =
      "#version 150 compatibility\n"
      "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
      "void main() {\n"
      "  for (int i = 0; i < 3; i++) {\n"
      "    gl_Position = gl_in[i].gl_Position;\n"
      "    gl_FrontColor = gl_in[i].gl_FrontColor.bgra;\n"
      "    gl_ClipVertex = gl_in[i].gl_ClipVertex;\n"
      "    EmitVertex();\n"
      "  }\n"
      "}\n";
  glUseProgram(program(kPassThroughVs, kPassThroughTcs, kInterpolatingTes, gs, kColourFs));
  const GLdouble keep_right[] = {1.0, 0.0, 0.0, 0.0};
  glClipPlane(GL_CLIP_PLANE0, keep_right);
  glEnable(GL_CLIP_PLANE0);
  glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
  patches();
  EXPECT_TRUE(near(4, 16, {byte(0.75), byte(0.5), byte(0.25), 255}));
  EXPECT_TRUE(near(27, 16, {0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// The last stage's colours are clamped while CLAMP_VERTEX_COLOR is TRUE (the default), before the
// fragment stage adds them; FALSE leaves them. The evaluation stage (no control stage: the default
// levels) also reads the built-in uniform gl_ModelViewProjectionMatrix.
TEST_F(LegacyTessellationTest, EvaluationStageColoursAreClampedAndItReadsBuiltInUniforms) {
  const char* vs = "#version 150 compatibility\nvoid main() { gl_Position = gl_Vertex; }\n";
  const char* tes =
      "#version 150 compatibility\n"
      "#extension GL_ARB_tessellation_shader : require\n"
      "layout(triangles) in;\n"
      "void main() {\n"
      "  vec4 p = gl_in[0].gl_Position * gl_TessCoord[0] + gl_in[1].gl_Position * gl_TessCoord[1] +\n"
      "           gl_in[2].gl_Position * gl_TessCoord[2];\n"
      "  gl_Position = gl_ModelViewProjectionMatrix * p;\n"
      "  gl_FrontColor = vec4(-1.0, 2.0, 0.5, 0.75);\n"
      "  gl_FrontSecondaryColor = vec4(2.0, -3.0, 0.25, 0.0);\n"
      "}\n";
  const char* fs = "#version 150 compatibility\nvoid main() { gl_FragColor = gl_Color + gl_SecondaryColor * 0.5; }\n";
  glUseProgram(program(vs, nullptr, tes, nullptr, fs));
  glMatrixMode(GL_MODELVIEW);
  glScalef(0.5f, 0.5f, 1.0f);  // the patches cover the middle half of the viewport
  patches();
  EXPECT_TRUE(near(16, 16, {byte(0.5), 255, byte(0.625), byte(0.75)}));  // clamped, then summed
  EXPECT_TRUE(near(4, 4, {0, 0, 0, 0}));
  glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);  // -1 + 2 / 2, 2 - 3 / 2
  patches();
  EXPECT_TRUE(near(16, 16, {0, byte(0.5), byte(0.625), byte(0.75)}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Without a fragment shader, fixed-function fragment processing draws the evaluation stage's
// gl_FrontColor (texturing and fog off: the primary colour). The control stage writes a member
// the evaluation stage does not read (gl_out[i].gl_BackColor) and reads it back.
TEST_F(LegacyTessellationTest, FixedFunctionFragmentProcessingAfterTheEvaluationStage) {
  const char* vs = "#version 150 compatibility\nvoid main() { gl_Position = gl_Vertex; }\n";
  const char* tcs =
      "#version 150 compatibility\n"
      "#extension GL_ARB_tessellation_shader : require\n"
      "layout(vertices = 3) out;\n"
      "out vec4 colour[];\n"
      "void main() {\n"
      "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
      "  gl_out[gl_InvocationID].gl_BackColor = vec4(0.0, 0.5, 0.25, 1.0);\n"
      "  colour[gl_InvocationID] = gl_out[gl_InvocationID].gl_BackColor;\n"
      "  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 0.0);\n"
      "  gl_TessLevelInner = float[2](0.0, 0.0);\n"
      "}\n";
  const char* tes =
      "#version 150 compatibility\n"
      "#extension GL_ARB_tessellation_shader : require\n"
      "layout(triangles) in;\n"
      "in vec4 colour[];\n"
      "void main() {\n"
      "  gl_Position = gl_in[0].gl_Position * gl_TessCoord[0] + gl_in[1].gl_Position * gl_TessCoord[1] +\n"
      "                gl_in[2].gl_Position * gl_TessCoord[2];\n"
      "  gl_FrontColor = colour[0];\n"
      "}\n";
  glUseProgram(program(vs, tcs, tes, nullptr, nullptr));
  patches();
  EXPECT_TRUE(near(16, 16, {0, byte(0.5), byte(0.25), 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// glBegin(GL_PATCHES) primitives compiled into a display list draw patches when it is called, with
// the list's PATCH_VERTICES (a different value set after compiling it does not apply).
TEST_F(LegacyTessellationTest, BeginEndPatchesInADisplayListDraw) {
  glUseProgram(program(kPassThroughVs, kPassThroughTcs, kInterpolatingTes, nullptr, kColourFs));
  glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  patches();
  glEndList();
  EXPECT_TRUE(near(16, 16, {0, 0, 0, 0}));  // GL_COMPILE draws nothing
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  glCallList(list);
  EXPECT_TRUE(near(4, 16, {byte(0.25), byte(0.5), byte(0.75), 255}));
  EXPECT_TRUE(near(27, 27, {byte(0.25), byte(0.5), byte(0.75), 255}));
  glDeleteLists(list, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// glPatchParameteri/fv are compiled into display lists (GL 4.6 compatibility 21.4: 21.4.1 does not
// name them): GL_COMPILE leaves the state, glCallList sets the list's values.
TEST_F(LegacyTessellationTest, PatchParametersAreCompiledIntoDisplayLists) {
  const GLuint list = glGenLists(1);
  const GLfloat outer[] = {2, 3, 4, 5}, inner[] = {6, 7};
  glNewList(list, GL_COMPILE);
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
  glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
  glEndList();
  GLint vertices = 0;
  GLfloat levels[4] = {};
  glGetIntegerv(GL_PATCH_VERTICES, &vertices);
  EXPECT_EQ(vertices, 3);  // the initial values (11.2.3)
  glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
  EXPECT_EQ(levels[0], 1.0f);
  glCallList(list);
  glGetIntegerv(GL_PATCH_VERTICES, &vertices);
  EXPECT_EQ(vertices, 4);
  glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
  EXPECT_EQ(std::vector<GLfloat>(levels, levels + 4), std::vector<GLfloat>(outer, outer + 4));
  glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, levels);
  EXPECT_EQ(levels[0], 6.0f);
  EXPECT_EQ(levels[1], 7.0f);
  glDeleteLists(list, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
