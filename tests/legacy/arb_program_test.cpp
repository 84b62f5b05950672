// ARB_vertex_program / ARB_fragment_program through the real dispatch on lavapipe with
// validation: the entry points' errors and queries, and draws whose results are the specs'
// instruction formulas worked by hand (ARB_vertex_program 2.14.5, ARB_fragment_program 3.11.5)
// read back exactly from a 32-bit float colour buffer.
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "legacy_framebuffer.h"

namespace glvk::test {
namespace {

using Vec4 = std::array<float, 4>;

// Fragment colours reach the float buffer unclamped (CLAMP_FRAGMENT_COLOR FIXED_ONLY).
class ArbProgramTest : public LegacyFramebufferTest {
 protected:
  GLenum colour_format() const override { return GL_RGBA32F; }

  // Loads `text` into a new program of `target`, bound; expects no error.
  GLuint load(GLenum target, const std::string& text) {
    GLuint p = 0;
    glGenProgramsARB(1, &p);
    glBindProgramARB(target, p);
    glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, GLsizei(text.size()), text.data());
    GLint position = 0;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &position);
    EXPECT_EQ(position, -1) << reinterpret_cast<const char*>(glGetString(GL_PROGRAM_ERROR_STRING_ARB));
    return p;
  }

  void quad() {
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
  }

  Vec4 pixel(int x = kSize / 2, int y = kSize / 2) {
    Vec4 v{};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, v.data());
    return v;
  }

  // The fragment program `body` (instructions writing result.color) on a full-screen quad.
  Vec4 fragment_result(const std::string& body) {
    load(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\n" + body + "END\n");
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    quad();
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return pixel();
  }

  // The vertex program `body` (instructions writing result.texcoord[0]) with a fragment program
  // that outputs fragment.texcoord[0]: the vertex results reach the buffer unclamped.
  Vec4 vertex_result(const std::string& body) {
    load(GL_VERTEX_PROGRAM_ARB, "!!ARBvp1.0\nOPTION ARB_position_invariant;\n" + body + "END\n");
    load(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n");
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    quad();
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return pixel();
  }

};

::testing::AssertionResult near(const Vec4& got, const Vec4& expected, float tolerance = 1e-4f) {
  for (int i = 0; i < 4; ++i)
    if (!(std::fabs(got[i] - expected[i]) <= tolerance * std::max(1.0f, std::fabs(expected[i]))))
      return ::testing::AssertionFailure() << "got (" << got[0] << ", " << got[1] << ", " << got[2] << ", " << got[3]
                                           << "), expected (" << expected[0] << ", " << expected[1] << ", "
                                           << expected[2] << ", " << expected[3] << ")";
  return ::testing::AssertionSuccess();
}

TEST_F(ArbProgramTest, Advertised) {
  const std::string extensions = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
  EXPECT_NE(extensions.find("GL_ARB_vertex_program "), std::string::npos);
  EXPECT_NE(extensions.find("GL_ARB_fragment_program "), std::string::npos);
}

TEST_F(ArbProgramTest, ObjectErrorsAndQueries) {
  GLuint p = 0;
  glGenProgramsARB(-1, &p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGenProgramsARB(1, &p);
  EXPECT_FALSE(glIsProgramARB(p));  // a generated name is a program only once bound
  glBindProgramARB(GL_TEXTURE_2D, p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p);
  EXPECT_TRUE(glIsProgramARB(p));
  glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);  // a vertex program: the other target is refused
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  const std::string bad = "!!ARBvp1.0\nMOV result.position, nothing;\nEND\n";
  glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, GLsizei(bad.size()), bad.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint position = 0;
  glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &position);
  EXPECT_EQ(position, GLint(bad.find("nothing")));
  EXPECT_STRNE(reinterpret_cast<const char*>(glGetString(GL_PROGRAM_ERROR_STRING_ARB)), "");
  glProgramStringARB(GL_VERTEX_PROGRAM_ARB, 0x1234, GLsizei(bad.size()), bad.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  const std::string good = "!!ARBvp1.0\nTEMP t;\nMOV t, vertex.position;\nMOV result.position, t;\nEND\n";
  glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, GLsizei(good.size()), good.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &position);
  EXPECT_EQ(position, -1);
  auto vertex_iv = [](GLenum pname) {
    GLint v = -1;
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, pname, &v);
    return v;
  };
  EXPECT_EQ(vertex_iv(GL_PROGRAM_LENGTH_ARB), GLint(good.size()));
  EXPECT_EQ(vertex_iv(GL_PROGRAM_BINDING_ARB), GLint(p));
  EXPECT_EQ(vertex_iv(GL_PROGRAM_INSTRUCTIONS_ARB), 2);
  EXPECT_EQ(vertex_iv(GL_PROGRAM_TEMPORARIES_ARB), 1);
  EXPECT_GE(vertex_iv(GL_MAX_PROGRAM_ENV_PARAMETERS_ARB), 96);  // ARB_vertex_program's minimum
  GLint v = 0;
  glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB, &v);  // fragment only
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  std::string text(good.size(), '\0');
  glGetProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_STRING_ARB, text.data());
  EXPECT_EQ(text, good);

  GLint env_limit = 0, local_limit = 0;
  glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &env_limit);
  glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB, &local_limit);
  glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, GLuint(env_limit), 1, 2, 3, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glProgramLocalParameter4dARB(GL_VERTEX_PROGRAM_ARB, GLuint(local_limit) - 1, 1, 2, 3, 4);
  GLfloat f[4] = {};
  glGetProgramLocalParameterfvARB(GL_VERTEX_PROGRAM_ARB, GLuint(local_limit) - 1, f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(f[3], 4.0f);
  GLdouble d[4] = {};
  glGetProgramEnvParameterdvARB(GL_VERTEX_PROGRAM_ARB, GLuint(env_limit), d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  glDeleteProgramsARB(1, &p);  // bound: the target reverts to program 0
  glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &v);
  EXPECT_EQ(v, 0);
  EXPECT_FALSE(glIsProgramARB(p));
}

TEST_F(ArbProgramTest, DrawingWithAnEnabledInvalidProgramFails) {
  GLuint p = 0;
  glGenProgramsARB(1, &p);
  glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
  glEnable(GL_FRAGMENT_PROGRAM_ARB);
  EXPECT_TRUE(glIsEnabled(GL_FRAGMENT_PROGRAM_ARB));
  glDrawArrays(GL_POINTS, 0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// ARB_fragment_program 3.11.5's formulas, operands from program.local[] and program.env[].
TEST_F(ArbProgramTest, FragmentInstructions) {
  glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 3, 1, 2, 3, 10);
  // DPH: a.xyz . b.xyz + b.w = 4 + 10 + 18 + 10.
  EXPECT_TRUE(near(fragment_result("DPH result.color, {4, 5, 6, 0}, program.env[3];\n"), {42, 42, 42, 42}));
  // DST: (1, a.y * b.y, a.z, b.w).
  EXPECT_TRUE(near(fragment_result("DST result.color, {9, 3, 5, 9}, {9, 2, 9, 7};\n"), {1, 6, 5, 7}));
  // LIT (x 0.5, y 0.25, w 2): (1, x, y^w, 1); x <= 0 gives z 0.
  EXPECT_TRUE(near(fragment_result("LIT result.color, {0.5, 0.25, 0, 2};\n"), {1, 0.5f, 0.0625f, 1}));
  EXPECT_TRUE(near(fragment_result("LIT result.color, {-0.5, 0.25, 0, 2};\n"), {1, 0, 0, 1}));
  // LRP: a * b + (1 - a) * c.
  EXPECT_TRUE(near(fragment_result("LRP result.color, 0.25, 4, 8;\n"), {7, 7, 7, 7}));
  // CMP: a < 0 ? b : c per component.
  EXPECT_TRUE(near(fragment_result("CMP result.color, {-1, 1, -0.5, 0}, {1, 2, 3, 4}, {5, 6, 7, 8};\n"), {1, 6, 3, 8}));
  // XPD: the cross product in xyz.
  EXPECT_TRUE(near(fragment_result("XPD result.color.xyz, {1, 0, 0, 0}, {0, 1, 0, 0};\nMOV result.color.w, 5;\n"),
                   {0, 0, 1, 5}));
  // SWZ with constants and per-component negation.
  EXPECT_TRUE(near(fragment_result("SWZ result.color, {1, 2, 3, 4}, -w, 0, x, -1;\n"), {-4, 0, 1, -1}));
  // Scalar instructions replicate: EX2 2^3, LG2 of |-8|, RSQ of |-4|, RCP, POW.
  EXPECT_TRUE(near(fragment_result("EX2 result.color, {3, 0, 0, 0}.x;\n"), {8, 8, 8, 8}));
  EXPECT_TRUE(near(fragment_result("LG2 result.color, -{8}.x;\n"), {3, 3, 3, 3}));
  EXPECT_TRUE(near(fragment_result("RSQ result.color, {0, -4, 0, 0}.y;\n"), {0.5f, 0.5f, 0.5f, 0.5f}));
  EXPECT_TRUE(near(fragment_result("POW result.color, {2}.x, {3}.x;\n"), {8, 8, 8, 8}));
  EXPECT_TRUE(near(fragment_result("SCS result.color.xy, {0}.x;\nMOV result.color.zw, 2;\n"), {1, 0, 2, 2}));
  // FLR and FRC (x - floor(x)), SGE and SLT, MAD with negated and swizzled operands, _SAT.
  EXPECT_TRUE(near(fragment_result("FRC result.color, {-1.25, 1.5, 0, 2};\n"), {0.75f, 0.5f, 0, 0}));
  EXPECT_TRUE(near(fragment_result("FLR result.color, {-1.25, 1.5, 0, 2};\n"), {-2, 1, 0, 2}));
  EXPECT_TRUE(near(fragment_result("SGE result.color, {1, 2, 3, 4}, {1, 3, 2, 5};\n"), {1, 0, 1, 0}));
  EXPECT_TRUE(near(fragment_result("SLT result.color, {1, 2, 3, 4}, {1, 3, 2, 5};\n"), {0, 1, 0, 1}));
  EXPECT_TRUE(near(fragment_result("MAD result.color, -{1, 2, 3, 4}.wzyx, 2, {1, 1, 1, 1};\n"), {-7, -5, -3, -1}));
  EXPECT_TRUE(near(fragment_result("ADD_SAT result.color, {-1, 0.5, 2, 0}, 0;\n"), {0, 0.5f, 1, 0}));
}

TEST_F(ArbProgramTest, KillDiscardsOnANegativeComponent) {
  glClearColor(0.25f, 0.25f, 0.25f, 0.25f);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_TRUE(near(fragment_result("KIL {0, 1, -0.5, 1};\nMOV result.color, 1;\n"), {0.25f, 0.25f, 0.25f, 0.25f}));
  EXPECT_TRUE(near(fragment_result("KIL {0, 1, 0.5, 1};\nMOV result.color, 1;\n"), {1, 1, 1, 1}));
}

// ARB_vertex_program 2.14.5's formulas (EXP, LOG, ARL's floor and relative addressing).
TEST_F(ArbProgramTest, VertexInstructions) {
  // EXP 2.5: (2^floor, fraction, 2^2.5, 1).
  EXPECT_TRUE(near(vertex_result("EXP result.texcoord[0], {2.5}.x;\n"), {4, 0.5f, std::exp2(2.5f), 1}, 1e-3f));
  // LOG -10: (floor(log2 10), 10 / 2^3, log2 10, 1).
  EXPECT_TRUE(near(vertex_result("LOG result.texcoord[0], -{10}.x;\n"), {3, 1.25f, std::log2(10.0f), 1}, 1e-3f));
  // ARL floors (1.7 -> 1); p[A0.x + 1] is p[2]; p[A0.x - 1] is p[0].
  glProgramLocalParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 1.7f, 0, 0, 0);
  const std::string addressing =
      "ADDRESS A0;\nPARAM p[3] = { {1, 0, 0, 0}, {0, 2, 0, 0}, {0, 0, 3, 0} };\n"
      "ARL A0.x, program.local[0].x;\nADD result.texcoord[0], p[A0.x + 1], p[A0.x - 1];\n";
  load(GL_VERTEX_PROGRAM_ARB, "!!ARBvp1.0\nOPTION ARB_position_invariant;\n" + addressing + "END\n");
  glProgramLocalParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 1.7f, 0, 0, 0);  // the program bound now
  load(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\nMOV result.color, fragment.texcoord[0];\nEND\n");
  glEnable(GL_VERTEX_PROGRAM_ARB);
  glEnable(GL_FRAGMENT_PROGRAM_ARB);
  quad();
  EXPECT_TRUE(near(pixel(), {1, 0, 3, 0}));
  glDisable(GL_VERTEX_PROGRAM_ARB);
  glDisable(GL_FRAGMENT_PROGRAM_ARB);
}

// One stage from a program, the other fixed-function: a vertex program's colour through the
// fixed-function fragment stage, and a fragment program after fixed-function transformation.
TEST_F(ArbProgramTest, OtherStageStaysFixedFunction) {
  glMatrixMode(GL_MODELVIEW);
  glScalef(0.5f, 0.5f, 1);  // the quad covers the middle half only
  load(GL_VERTEX_PROGRAM_ARB,
       "!!ARBvp1.0\nPARAM mvp[4] = { state.matrix.mvp };\n"
       "DP4 result.position.x, mvp[0], vertex.position;\nDP4 result.position.y, mvp[1], vertex.position;\n"
       "DP4 result.position.z, mvp[2], vertex.position;\nDP4 result.position.w, mvp[3], vertex.position;\n"
       "MOV result.color, program.env[1];\nEND\n");
  glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 1, 0.25f, 0.5f, 0.75f, 1);
  glEnable(GL_VERTEX_PROGRAM_ARB);
  quad();
  glDisable(GL_VERTEX_PROGRAM_ARB);
  EXPECT_TRUE(near(pixel(), {0.25f, 0.5f, 0.75f, 1}));
  EXPECT_TRUE(near(pixel(0, 0), {0, 0, 0, 0}));

  glClear(GL_COLOR_BUFFER_BIT);
  glColor4f(0.5f, 0.25f, 1, 1);
  load(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\nMUL result.color, fragment.color, program.local[2];\nEND\n");
  glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 2, 2, 2, 0.5f, 1);
  glEnable(GL_FRAGMENT_PROGRAM_ARB);
  quad();
  glDisable(GL_FRAGMENT_PROGRAM_ARB);
  EXPECT_TRUE(near(pixel(), {1, 0.5f, 0.5f, 1}));
  EXPECT_TRUE(near(pixel(0, 0), {0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// ARB_vertex_program 2.14.8: VERTEX_PROGRAM_TWO_SIDE_ARB picks result.color.back for back faces.
TEST_F(ArbProgramTest, TwoSidedColour) {
  load(GL_VERTEX_PROGRAM_ARB,
       "!!ARBvp1.0\nOPTION ARB_position_invariant;\n"
       "MOV result.color, {1, 0, 0, 1};\nMOV result.color.back, {0, 1, 0, 1};\nEND\n");
  glEnable(GL_VERTEX_PROGRAM_ARB);
  auto back_facing_quad = [] {
    glBegin(GL_QUADS);  // clockwise
    glVertex2f(-1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, 1);
    glVertex2f(1, -1);
    glEnd();
  };
  back_facing_quad();
  EXPECT_TRUE(near(pixel(), {1, 0, 0, 1}));
  glEnable(GL_VERTEX_PROGRAM_TWO_SIDE_ARB);
  back_facing_quad();
  EXPECT_TRUE(near(pixel(), {0, 1, 0, 1}));
  quad();  // front-facing
  EXPECT_TRUE(near(pixel(), {1, 0, 0, 1}));
  glDisable(GL_VERTEX_PROGRAM_ARB);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// ARB_vertex_program 2.14.1.9 / 2.14.3.1: the MATRIXi_ARB stacks, their queries and
// state.matrix.program[i] with its modifiers.
TEST_F(ArbProgramTest, ProgramMatrices) {
  GLint v = 0;
  glGetIntegerv(GL_MAX_PROGRAM_MATRICES_ARB, &v);
  EXPECT_GE(v, 8);
  GLint depth = 0;
  glGetIntegerv(GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB, &depth);
  EXPECT_GE(depth, 1);
  glMatrixMode(GL_MATRIX0_ARB + GLenum(v));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glMatrixMode(GL_MATRIX2_ARB);
  // Column-major: rows (2 0 0 1), (0 4 0 2), (0 0 8 3), (0 0 0 1).
  const GLfloat m[16] = {2, 0, 0, 0, 0, 4, 0, 0, 0, 0, 8, 0, 1, 2, 3, 1};
  glLoadMatrixf(m);
  GLfloat got[16] = {};
  glGetFloatv(GL_CURRENT_MATRIX_ARB, got);
  EXPECT_EQ(std::memcmp(got, m, sizeof m), 0);
  glGetIntegerv(GL_CURRENT_MATRIX_STACK_DEPTH_ARB, &v);
  EXPECT_EQ(v, 1);
  for (GLint i = 1; i < depth; ++i) glPushMatrix();
  glPushMatrix();
  EXPECT_EQ(glGetError(), GLenum(GL_STACK_OVERFLOW));
  for (GLint i = 1; i < depth; ++i) glPopMatrix();
  glMatrixMode(GL_MODELVIEW);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Row 1; the transpose's row 0 is the first column; the inverse's row 0 is (1/2, 0, 0, -1/2).
  EXPECT_TRUE(near(vertex_result("MOV result.texcoord[0], state.matrix.program[2].row[1];\n"), {0, 4, 0, 2}));
  EXPECT_TRUE(near(vertex_result("MOV result.texcoord[0], state.matrix.program[2].transpose.row[0];\n"), {2, 0, 0, 0}));
  EXPECT_TRUE(near(vertex_result("PARAM inv[] = { state.matrix.program[2].inverse };\n"
                                 "MOV result.texcoord[0], inv[0];\n"),
                   {0.5f, 0, 0, -0.5f}));
}

// ARB_vertex_program 5.4: glBindProgramARB and the parameter commands are compiled into display
// lists (executed by glCallList, not at compile time).
TEST_F(ArbProgramTest, ParametersAndBindingsCompileIntoLists) {
  GLuint p = 0;
  glGenProgramsARB(1, &p);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 1, 2, 3, 4);
  glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
  glEndList();
  GLfloat f[4] = {};
  glGetProgramEnvParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 0, f);
  EXPECT_EQ(f[0], 0.0f);
  GLint bound = -1;
  glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &bound);
  EXPECT_EQ(bound, 0);
  glCallList(list);
  glGetProgramEnvParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 0, f);
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[3], 4.0f);
  glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &bound);
  EXPECT_EQ(bound, GLint(p));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
