// Render state (depth, stencil, blend, rasterization, multisample, clip control, hints) as GL state,
// through libglvnd's dispatch: initial values from GL 4.6's state tables, every command's errors
// (and that an erroneous call changes nothing), round trips through every glGet* form with the
// conversions of section 2.2.2, indexed blend state, and capabilities through glEnable/glIsEnabled.
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <type_traits>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

// One value of `pname` through the glGet* form of type T (a sentinel stays where nothing is written).
template <typename T>
T get(GLenum pname) {
  T v = T(77);
  if constexpr (std::is_same_v<T, GLint>) glGetIntegerv(pname, &v);
  else if constexpr (std::is_same_v<T, GLint64>) glGetInteger64v(pname, &v);
  else if constexpr (std::is_same_v<T, GLfloat>) glGetFloatv(pname, &v);
  else if constexpr (std::is_same_v<T, GLdouble>) glGetDoublev(pname, &v);
  else glGetBooleanv(pname, &v);
  return v;
}
GLint get_integer(GLenum pname) { return get<GLint>(pname); }
GLint64 get_integer64(GLenum pname) { return get<GLint64>(pname); }
GLfloat get_float(GLenum pname) { return get<GLfloat>(pname); }
GLdouble get_double(GLenum pname) { return get<GLdouble>(pname); }
GLboolean get_boolean(GLenum pname) { return get<GLboolean>(pname); }

GLint get_integer_i(GLenum pname, GLuint index) {
  GLint v = -12345;
  glGetIntegeri_v(pname, index, &v);
  return v;
}

// GL 4.6 section 2.2.2 with table 18.2's INT entry: a colour component c in [-1, 1] read as an
// integer is round(c * (2^31 - 1)).
GLint64 color_to_int(double c) { return std::llround(c * 2147483647.0); }

#define EXPECT_GL_ERROR(expected) EXPECT_EQ(glGetError(), GLenum(expected))
#define EXPECT_NO_GL_ERROR() EXPECT_GL_ERROR(GL_NO_ERROR)

using RenderStateTest = GlTest;

class RenderStateCompatibilityTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

class RenderStateForwardCompatibleTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override {
    std::vector<EGLint> a = GlTest::context_attributes();
    a.insert(a.end(), {EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE});
    return a;
  }
};

// A pbuffer with an 8-bit stencil buffer (the fixture's default shape).
using RenderStatePbufferTest = PbufferGlTest;

// ------------------------------------------------------------------------------------------------
// Initial values

// GL 4.6 core, chapter 23's state tables (name, type, get command, initial value):
//   Pixel operations: DEPTH_FUNC Z8 GetIntegerv LESS; STENCIL_FUNC Z8 GetIntegerv ALWAYS;
//     STENCIL_VALUE_MASK Z+ GetIntegerv 1's; STENCIL_REF Z+ GetIntegerv 0; STENCIL_FAIL,
//     STENCIL_PASS_DEPTH_FAIL, STENCIL_PASS_DEPTH_PASS Z8 GetIntegerv KEEP (and the STENCIL_BACK_*
//     twins); BLEND_SRC_RGB, BLEND_SRC_ALPHA 8*Z19 GetIntegeri_v ONE; BLEND_DST_RGB, BLEND_DST_ALPHA
//     8*Z19 GetIntegeri_v ZERO; BLEND_EQUATION_RGB, BLEND_EQUATION_ALPHA 8*Z5 GetIntegeri_v FUNC_ADD;
//     BLEND_COLOR C GetFloatv (0,0,0,0); LOGIC_OP_MODE Z16 GetIntegerv COPY.
//   Rasterization: LINE_WIDTH R+ GetFloatv 1.0; POINT_SIZE R+ GetFloatv 1.0; CULL_FACE_MODE Z3
//     GetIntegerv BACK; FRONT_FACE Z2 GetIntegerv CCW; POLYGON_MODE Z3 GetIntegerv FILL;
//     POLYGON_OFFSET_FACTOR, POLYGON_OFFSET_UNITS, POLYGON_OFFSET_CLAMP R GetFloatv 0.
//   Multisampling: SAMPLE_COVERAGE_VALUE R+ GetFloatv 1; SAMPLE_COVERAGE_INVERT B GetBooleanv FALSE;
//     MIN_SAMPLE_SHADING_VALUE R+ GetFloatv 0; SAMPLE_MASK_VALUE n*Z+ GetIntegeri_v all bits of all
//     words set.
//   Transformation / vertex post-processing: CLIP_ORIGIN Z2 GetIntegerv LOWER_LEFT; CLIP_DEPTH_MODE Z2
//     GetIntegerv NEGATIVE_ONE_TO_ONE; PROVOKING_VERTEX Z2 GetIntegerv LAST_VERTEX_CONVENTION.
//   Vertex arrays: PRIMITIVE_RESTART_INDEX Z+ GetIntegerv 0.
//   Hints: LINE_SMOOTH_HINT, POLYGON_SMOOTH_HINT, TEXTURE_COMPRESSION_HINT,
//     FRAGMENT_SHADER_DERIVATIVE_HINT Z3 GetIntegerv DONT_CARE.
TEST_F(RenderStateTest, InitialValuesAreTheStateTables) {
  EXPECT_EQ(get_integer(GL_DEPTH_FUNC), GL_LESS);
  for (const GLenum pname : {GL_STENCIL_FUNC, GL_STENCIL_BACK_FUNC}) EXPECT_EQ(get_integer(pname), GL_ALWAYS);
  // All 32 bits set; section 2.2.2: glGetIntegerv returns the nearest representable value.
  for (const GLenum pname : {GL_STENCIL_VALUE_MASK, GL_STENCIL_BACK_VALUE_MASK}) {
    EXPECT_EQ(get_integer(pname), std::numeric_limits<GLint>::max()) << pname;
    EXPECT_EQ(get_integer64(pname), 0xffffffffll) << pname;
    EXPECT_EQ(get_double(pname), 4294967295.0) << pname;
  }
  for (const GLenum pname : {GL_STENCIL_REF, GL_STENCIL_BACK_REF}) EXPECT_EQ(get_integer(pname), 0);
  for (const GLenum pname : {GL_STENCIL_FAIL, GL_STENCIL_PASS_DEPTH_FAIL, GL_STENCIL_PASS_DEPTH_PASS,
                             GL_STENCIL_BACK_FAIL, GL_STENCIL_BACK_PASS_DEPTH_FAIL, GL_STENCIL_BACK_PASS_DEPTH_PASS})
    EXPECT_EQ(get_integer(pname), GL_KEEP) << pname;
  for (GLuint i = 0; i < 8; ++i) {
    EXPECT_EQ(get_integer_i(GL_BLEND_SRC_RGB, i), GL_ONE);
    EXPECT_EQ(get_integer_i(GL_BLEND_SRC_ALPHA, i), GL_ONE);
    EXPECT_EQ(get_integer_i(GL_BLEND_DST_RGB, i), GL_ZERO);
    EXPECT_EQ(get_integer_i(GL_BLEND_DST_ALPHA, i), GL_ZERO);
    EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_RGB, i), GL_FUNC_ADD);
    EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_ALPHA, i), GL_FUNC_ADD);
  }
  GLfloat color[4] = {9, 9, 9, 9};
  glGetFloatv(GL_BLEND_COLOR, color);
  for (const GLfloat c : color) EXPECT_EQ(c, 0.0f);
  EXPECT_EQ(get_integer(GL_LOGIC_OP_MODE), GL_COPY);
  EXPECT_EQ(get_float(GL_LINE_WIDTH), 1.0f);
  EXPECT_EQ(get_float(GL_POINT_SIZE), 1.0f);
  EXPECT_EQ(get_integer(GL_CULL_FACE_MODE), GL_BACK);
  EXPECT_EQ(get_integer(GL_FRONT_FACE), GL_CCW);
  GLint modes[2] = {0, 0};
  glGetIntegerv(GL_POLYGON_MODE, modes);
  EXPECT_EQ(modes[0], GL_FILL);
  EXPECT_EQ(modes[1], GL_FILL);
  for (const GLenum pname : {GL_POLYGON_OFFSET_FACTOR, GL_POLYGON_OFFSET_UNITS, GL_POLYGON_OFFSET_CLAMP})
    EXPECT_EQ(get_float(pname), 0.0f) << pname;
  EXPECT_EQ(get_float(GL_SAMPLE_COVERAGE_VALUE), 1.0f);
  EXPECT_EQ(get_boolean(GL_SAMPLE_COVERAGE_INVERT), GL_FALSE);
  EXPECT_EQ(get_float(GL_MIN_SAMPLE_SHADING_VALUE), 0.0f);
  EXPECT_EQ(get_integer_i(GL_SAMPLE_MASK_VALUE, 0), std::numeric_limits<GLint>::max());
  GLint64 sample_mask = 0;
  glGetInteger64i_v(GL_SAMPLE_MASK_VALUE, 0, &sample_mask);
  EXPECT_EQ(sample_mask, 0xffffffffll);
  EXPECT_EQ(get_integer(GL_CLIP_ORIGIN), GL_LOWER_LEFT);
  EXPECT_EQ(get_integer(GL_CLIP_DEPTH_MODE), GL_NEGATIVE_ONE_TO_ONE);
  EXPECT_EQ(get_integer(GL_PROVOKING_VERTEX), GL_LAST_VERTEX_CONVENTION);
  EXPECT_EQ(get_integer(GL_PRIMITIVE_RESTART_INDEX), 0);
  for (const GLenum pname : {GL_LINE_SMOOTH_HINT, GL_POLYGON_SMOOTH_HINT, GL_TEXTURE_COMPRESSION_HINT,
                             GL_FRAGMENT_SHADER_DERIVATIVE_HINT})
    EXPECT_EQ(get_integer(pname), GL_DONT_CARE) << pname;
  EXPECT_NO_GL_ERROR();
}

// Implementation-dependent values: the minimums GL 4.6's tables allow (MAX_SAMPLE_MASK_WORDS 1,
// MAX_CLIP_DISTANCES 8, line width and point size ranges containing 1).
TEST_F(RenderStateTest, LimitsMeetTheSpecMinimums) {
  EXPECT_GE(get_integer(GL_MAX_SAMPLE_MASK_WORDS), 1);
  EXPECT_GE(get_integer(GL_MAX_CLIP_DISTANCES), 8);
  for (const GLenum pname : {GL_ALIASED_LINE_WIDTH_RANGE, GL_SMOOTH_LINE_WIDTH_RANGE, GL_POINT_SIZE_RANGE}) {
    GLfloat range[2] = {-1, -1};
    glGetFloatv(pname, range);
    EXPECT_LE(range[0], 1.0f) << pname;
    EXPECT_GE(range[1], 1.0f) << pname;
    EXPECT_LE(range[0], range[1]) << pname;
  }
  EXPECT_NO_GL_ERROR();
}

// Every capability RenderState keeps starts as its table says: MULTISAMPLE TRUE, the others FALSE.
TEST_F(RenderStateTest, CapabilitiesStartAsTheTablesSayAndRoundTrip) {
  const GLenum caps[] = {GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_DEPTH_CLAMP, GL_COLOR_LOGIC_OP,
                         GL_POLYGON_OFFSET_FILL, GL_POLYGON_OFFSET_LINE, GL_POLYGON_OFFSET_POINT,
                         GL_PROGRAM_POINT_SIZE, GL_RASTERIZER_DISCARD, GL_PRIMITIVE_RESTART,
                         GL_PRIMITIVE_RESTART_FIXED_INDEX, GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SAMPLE_ALPHA_TO_ONE,
                         GL_SAMPLE_COVERAGE, GL_SAMPLE_SHADING, GL_SAMPLE_MASK, GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE3,
                         GL_CLIP_DISTANCE7};
  EXPECT_EQ(glIsEnabled(GL_MULTISAMPLE), GL_TRUE);
  for (const GLenum cap : caps) EXPECT_EQ(glIsEnabled(cap), GL_FALSE) << cap;
  for (const GLenum cap : caps) {
    glEnable(cap);
    EXPECT_EQ(glIsEnabled(cap), GL_TRUE) << cap;
    EXPECT_EQ(get_boolean(cap), GL_TRUE) << cap;
    EXPECT_EQ(get_integer(cap), 1) << cap;
    EXPECT_EQ(get_double(cap), 1.0) << cap;
  }
  // Each flag is its own: disabling one leaves the others (clip distances share a bitfield).
  glDisable(GL_CLIP_DISTANCE3);
  EXPECT_EQ(glIsEnabled(GL_CLIP_DISTANCE3), GL_FALSE);
  EXPECT_EQ(glIsEnabled(GL_CLIP_DISTANCE0), GL_TRUE);
  EXPECT_EQ(glIsEnabled(GL_CLIP_DISTANCE7), GL_TRUE);
  EXPECT_EQ(glIsEnabled(GL_CLIP_DISTANCE1), GL_FALSE);
  glDisable(GL_DEPTH_TEST);
  EXPECT_EQ(glIsEnabled(GL_DEPTH_TEST), GL_FALSE);
  EXPECT_EQ(glIsEnabled(GL_STENCIL_TEST), GL_TRUE);
  glDisable(GL_MULTISAMPLE);
  EXPECT_EQ(glIsEnabled(GL_MULTISAMPLE), GL_FALSE);
  EXPECT_NO_GL_ERROR();
  // CLIP_DISTANCE8 is beyond MAX_CLIP_DISTANCES (8); ALPHA_TEST is not a core capability.
  for (const GLenum cap : {GLenum(GL_CLIP_DISTANCE0 + 8), GLenum(GL_ALPHA_TEST)}) {
    glEnable(cap);
    EXPECT_GL_ERROR(GL_INVALID_ENUM);
    EXPECT_EQ(glIsEnabled(cap), GL_FALSE);
    EXPECT_GL_ERROR(GL_INVALID_ENUM);
  }
}

// ------------------------------------------------------------------------------------------------
// Errors: each invalid call raises the spec's error and leaves the state as it was.

TEST_F(RenderStateTest, DepthAndStencilErrors) {
  glDepthFunc(GL_GREATER);
  glDepthFunc(GL_KEEP);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_DEPTH_FUNC), GL_GREATER);

  glStencilFunc(GL_EQUAL, 0, 0x0f);
  glStencilFunc(GL_KEEP, 0, 0xff);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glStencilFuncSeparate(GL_LEFT, GL_LESS, 0, 0xff);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glStencilFuncSeparate(GL_BACK, GL_INCR, 0, 0xff);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_STENCIL_FUNC), GL_EQUAL);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_FUNC), GL_EQUAL);
  EXPECT_EQ(get_integer(GL_STENCIL_VALUE_MASK), 0x0f);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_VALUE_MASK), 0x0f);

  glStencilOp(GL_ZERO, GL_INCR_WRAP, GL_INVERT);
  glStencilOp(GL_ZERO, GL_LESS, GL_KEEP);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glStencilOp(GL_NEVER, GL_KEEP, GL_KEEP);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glStencilOp(GL_KEEP, GL_KEEP, GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glStencilOpSeparate(GL_FRONT_LEFT, GL_KEEP, GL_KEEP, GL_KEEP);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_STENCIL_FAIL), GL_ZERO);
  EXPECT_EQ(get_integer(GL_STENCIL_PASS_DEPTH_FAIL), GL_INCR_WRAP);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_INVERT);
}

TEST_F(RenderStateTest, BlendErrors) {
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glBlendFunc(GL_SRC_ALPHA, GL_FUNC_ADD);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glBlendFunc(GL_LESS, GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glBlendFuncSeparate(GL_ONE, GL_ONE, GL_ONE, GL_KEEP);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glBlendFuncSeparate(GL_ONE, GL_ONE, GL_BLEND, GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glBlendFunci(8, GL_ONE, GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBlendFunci(2, GL_ONE, GL_MAX);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glBlendFuncSeparatei(8, GL_ONE, GL_ONE, GL_ONE, GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  for (GLuint i = 0; i < 8; ++i) {
    EXPECT_EQ(get_integer_i(GL_BLEND_SRC_RGB, i), GL_SRC_ALPHA);
    EXPECT_EQ(get_integer_i(GL_BLEND_DST_ALPHA, i), GL_ONE_MINUS_SRC_ALPHA);
  }

  glBlendEquation(GL_MAX);
  glBlendEquation(GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glBlendEquationSeparate(GL_FUNC_ADD, GL_LOGIC_OP);  // GL 1.0's logic-op blend equation is not GL 4.6's
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glBlendEquationi(8, GL_MIN);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glBlendEquationSeparatei(1, GL_MIN, GL_MULTIPLY_KHR);  // KHR_blend_equation_advanced is not advertised
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_RGB, 1), GL_MAX);
  EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_ALPHA, 1), GL_MAX);

  glLogicOp(GL_XOR);
  glLogicOp(GL_SET + 1);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glLogicOp(GL_CLEAR - 1);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_LOGIC_OP_MODE), GL_XOR);
}

TEST_F(RenderStateTest, RasterizationErrors) {
  glCullFace(GL_FRONT);
  glCullFace(GL_LEFT);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_CULL_FACE_MODE), GL_FRONT);
  glFrontFace(GL_CW);
  glFrontFace(GL_BACK);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_FRONT_FACE), GL_CW);

  // Core GL 4.6 section 14.6.4: face must be FRONT_AND_BACK.
  glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
  glPolygonMode(GL_FRONT, GL_POINT);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glPolygonMode(GL_BACK, GL_POINT);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glPolygonMode(GL_FRONT_AND_BACK, GL_TRIANGLES);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  GLint modes[2] = {0, 0};
  glGetIntegerv(GL_POLYGON_MODE, modes);
  EXPECT_EQ(modes[0], GL_LINE);
  EXPECT_EQ(modes[1], GL_LINE);

  glLineWidth(2.5f);  // not forward compatible: wide lines are allowed
  EXPECT_NO_GL_ERROR();
  glLineWidth(0.0f);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glLineWidth(-1.0f);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  EXPECT_EQ(get_float(GL_LINE_WIDTH), 2.5f);
  glPointSize(0.5f);
  glPointSize(0.0f);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  glPointSize(-3.0f);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  EXPECT_EQ(get_float(GL_POINT_SIZE), 0.5f);

  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION + 2);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_PROVOKING_VERTEX), GL_FIRST_VERTEX_CONVENTION);

  glClipControl(GL_UPPER_LEFT, GL_ZERO_TO_ONE);
  glClipControl(GL_LOWER_LEFT, GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glClipControl(GL_FRONT, GL_NEGATIVE_ONE_TO_ONE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_CLIP_ORIGIN), GL_UPPER_LEFT);
  EXPECT_EQ(get_integer(GL_CLIP_DEPTH_MODE), GL_ZERO_TO_ONE);
}

TEST_F(RenderStateTest, MultisampleErrorsAndClamps) {
  glSampleMaski(0, 0x5);
  glSampleMaski(1, 0xff);  // MAX_SAMPLE_MASK_WORDS is 1
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  EXPECT_EQ(get_integer_i(GL_SAMPLE_MASK_VALUE, 0), 0x5);
  get_integer_i(GL_SAMPLE_MASK_VALUE, 1);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  // SAMPLE_MASK_VALUE is indexed state only.
  get_integer(GL_SAMPLE_MASK_VALUE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);

  // Section 17.3.1 and 14.3.1.1: the coverage value and the minimum sample shading are clamped to [0, 1].
  glSampleCoverage(1.5f, GL_TRUE);
  EXPECT_EQ(get_float(GL_SAMPLE_COVERAGE_VALUE), 1.0f);
  EXPECT_EQ(get_boolean(GL_SAMPLE_COVERAGE_INVERT), GL_TRUE);
  glSampleCoverage(-0.5f, GL_FALSE);
  EXPECT_EQ(get_float(GL_SAMPLE_COVERAGE_VALUE), 0.0f);
  glSampleCoverage(0.375f, GL_FALSE);
  EXPECT_EQ(get_float(GL_SAMPLE_COVERAGE_VALUE), 0.375f);
  EXPECT_EQ(get_boolean(GL_SAMPLE_COVERAGE_INVERT), GL_FALSE);
  glMinSampleShading(2.0f);
  EXPECT_EQ(get_float(GL_MIN_SAMPLE_SHADING_VALUE), 1.0f);
  glMinSampleShading(-1.0f);
  EXPECT_EQ(get_float(GL_MIN_SAMPLE_SHADING_VALUE), 0.0f);
  glMinSampleShading(0.25f);
  EXPECT_EQ(get_float(GL_MIN_SAMPLE_SHADING_VALUE), 0.25f);
  EXPECT_NO_GL_ERROR();
}

TEST_F(RenderStateTest, HintErrorsAndCoreTargets) {
  for (const GLenum target : {GL_LINE_SMOOTH_HINT, GL_POLYGON_SMOOTH_HINT, GL_TEXTURE_COMPRESSION_HINT,
                              GL_FRAGMENT_SHADER_DERIVATIVE_HINT}) {
    glHint(target, GL_NICEST);
    EXPECT_NO_GL_ERROR();
    EXPECT_EQ(get_integer(target), GL_NICEST) << target;
    glHint(target, GL_LESS);
    EXPECT_GL_ERROR(GL_INVALID_ENUM);
    EXPECT_EQ(get_integer(target), GL_NICEST) << target;
    glHint(target, GL_FASTEST);
    EXPECT_EQ(get_integer(target), GL_FASTEST) << target;
  }
  // The compatibility profile's hints are not core targets, nor pnames.
  for (const GLenum target : {GLenum(GL_PERSPECTIVE_CORRECTION_HINT), GLenum(GL_POINT_SMOOTH_HINT),
                              GLenum(GL_FOG_HINT), GLenum(GL_GENERATE_MIPMAP_HINT), GLenum(GL_DEPTH_TEST)}) {
    glHint(target, GL_NICEST);
    EXPECT_GL_ERROR(GL_INVALID_ENUM);
  }
  get_integer(GL_FOG_HINT);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
}

// glShadeModel and glAlphaFunc do not exist in the core profile; their state and pnames neither.
TEST_F(RenderStateTest, CompatibilityCommandsAreRefusedInTheCoreProfile) {
  glShadeModel(GL_FLAT);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  glAlphaFunc(GL_LESS, 0.5f);
  EXPECT_GL_ERROR(GL_INVALID_OPERATION);
  for (const GLenum pname : {GL_SHADE_MODEL, GL_ALPHA_TEST_FUNC, GL_ALPHA_TEST_REF, GL_BLEND_SRC, GL_BLEND_DST}) {
    get_integer(pname);
    EXPECT_GL_ERROR(GL_INVALID_ENUM) << pname;
  }
}

TEST_F(RenderStateForwardCompatibleTest, WideLinesAreInvalid) {
  glLineWidth(1.0f);
  EXPECT_NO_GL_ERROR();
  glLineWidth(1.5f);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  EXPECT_EQ(get_float(GL_LINE_WIDTH), 1.0f);
}

// ------------------------------------------------------------------------------------------------
// Round trips and conversions (GL 4.6 section 2.2.2)

TEST_F(RenderStateTest, BlendColorThroughEveryQueryForm) {
  glBlendColor(0.25f, 1.0f, -1.0f, 0.0f);
  GLfloat f[4];
  glGetFloatv(GL_BLEND_COLOR, f);
  EXPECT_EQ(f[0], 0.25f);
  EXPECT_EQ(f[1], 1.0f);
  EXPECT_EQ(f[2], -1.0f);
  EXPECT_EQ(f[3], 0.0f);
  GLdouble d[4];
  glGetDoublev(GL_BLEND_COLOR, d);
  EXPECT_EQ(d[0], 0.25);
  EXPECT_EQ(d[2], -1.0);
  // A colour: integer queries take table 18.2's INT mapping, not rounding.
  GLint i[4];
  glGetIntegerv(GL_BLEND_COLOR, i);
  EXPECT_EQ(i[0], color_to_int(0.25));
  EXPECT_EQ(i[1], 2147483647);
  EXPECT_EQ(i[2], -2147483647);
  EXPECT_EQ(i[3], 0);
  GLint64 l[4];
  glGetInteger64v(GL_BLEND_COLOR, l);
  EXPECT_EQ(l[0], color_to_int(0.25));
  EXPECT_EQ(l[1], 2147483647);
  GLboolean b[4];
  glGetBooleanv(GL_BLEND_COLOR, b);
  EXPECT_EQ(b[0], GL_TRUE);
  EXPECT_EQ(b[2], GL_TRUE);
  EXPECT_EQ(b[3], GL_FALSE);
  // Kept unclamped (clamped only when blending into a fixed-point buffer).
  glBlendColor(2.0f, -3.0f, 0.5f, 1.5f);
  glGetFloatv(GL_BLEND_COLOR, f);
  EXPECT_EQ(f[0], 2.0f);
  EXPECT_EQ(f[1], -3.0f);
  EXPECT_NO_GL_ERROR();
}

TEST_F(RenderStateTest, FloatStateRoundsForIntegerQueries) {
  glPolygonOffset(2.5f, -3.75f);
  EXPECT_EQ(get_float(GL_POLYGON_OFFSET_FACTOR), 2.5f);
  EXPECT_EQ(get_double(GL_POLYGON_OFFSET_UNITS), -3.75);
  EXPECT_EQ(get_float(GL_POLYGON_OFFSET_CLAMP), 0.0f);
  // Not a colour: rounded to the nearest integer.
  EXPECT_EQ(get_integer(GL_POLYGON_OFFSET_UNITS), -4);
  EXPECT_EQ(get_integer64(GL_POLYGON_OFFSET_FACTOR), 3);
  EXPECT_EQ(get_boolean(GL_POLYGON_OFFSET_UNITS), GL_TRUE);
  glPolygonOffsetClamp(1.0f, 0.25f, -0.125f);
  EXPECT_EQ(get_float(GL_POLYGON_OFFSET_CLAMP), -0.125f);
  EXPECT_EQ(get_float(GL_POLYGON_OFFSET_UNITS), 0.25f);
  EXPECT_EQ(get_boolean(GL_POLYGON_OFFSET_UNITS), GL_TRUE);  // nonzero is TRUE
  EXPECT_EQ(get_integer(GL_POLYGON_OFFSET_UNITS), 0);
  // glPolygonOffset sets the clamp back to 0 (section 14.6.5).
  glPolygonOffset(1.0f, 1.0f);
  EXPECT_EQ(get_float(GL_POLYGON_OFFSET_CLAMP), 0.0f);

  glLineWidth(3.4f);
  EXPECT_EQ(get_integer(GL_LINE_WIDTH), 3);
  EXPECT_EQ(get_double(GL_LINE_WIDTH), double(3.4f));
  glPointSize(6.5f);
  EXPECT_EQ(get_integer(GL_POINT_SIZE), 7);  // halves round away from zero
  glSampleCoverage(0.75f, GL_TRUE);
  EXPECT_EQ(get_integer(GL_SAMPLE_COVERAGE_VALUE), 1);
  EXPECT_EQ(get_integer(GL_SAMPLE_COVERAGE_INVERT), 1);
  EXPECT_EQ(get_float(GL_SAMPLE_COVERAGE_INVERT), 1.0f);
  EXPECT_NO_GL_ERROR();
}

TEST_F(RenderStateTest, EnumAndMaskStateThroughEveryQueryForm) {
  glStencilFuncSeparate(GL_FRONT, GL_GEQUAL, 3, 0x80000001u);
  glStencilFuncSeparate(GL_BACK, GL_NOTEQUAL, 4, 0x7e);
  glStencilOpSeparate(GL_BACK, GL_DECR_WRAP, GL_REPLACE, GL_INCR);
  EXPECT_EQ(get_integer(GL_STENCIL_FUNC), GL_GEQUAL);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_FUNC), GL_NOTEQUAL);
  EXPECT_EQ(get_integer64(GL_STENCIL_FUNC), GL_GEQUAL);
  EXPECT_EQ(get_float(GL_STENCIL_BACK_FUNC), GLfloat(GL_NOTEQUAL));
  EXPECT_EQ(get_double(GL_STENCIL_FUNC), GLdouble(GL_GEQUAL));
  EXPECT_EQ(get_integer(GL_STENCIL_VALUE_MASK), std::numeric_limits<GLint>::max());  // saturated
  EXPECT_EQ(get_integer64(GL_STENCIL_VALUE_MASK), 0x80000001ll);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_VALUE_MASK), 0x7e);
  EXPECT_EQ(get_integer(GL_STENCIL_FAIL), GL_KEEP);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_FAIL), GL_DECR_WRAP);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_PASS_DEPTH_FAIL), GL_REPLACE);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_INCR);
  EXPECT_EQ(get_boolean(GL_STENCIL_BACK_VALUE_MASK), GL_TRUE);
  glStencilFuncSeparate(GL_FRONT_AND_BACK, GL_NEVER, 0, 0);
  EXPECT_EQ(get_integer(GL_STENCIL_FUNC), GL_NEVER);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_FUNC), GL_NEVER);
  EXPECT_EQ(get_boolean(GL_STENCIL_BACK_VALUE_MASK), GL_FALSE);

  glPrimitiveRestartIndex(0xffffu);
  EXPECT_EQ(get_integer(GL_PRIMITIVE_RESTART_INDEX), 0xffff);
  EXPECT_EQ(get_double(GL_PRIMITIVE_RESTART_INDEX), 65535.0);
  glPrimitiveRestartIndex(0xffffffffu);
  EXPECT_EQ(get_integer(GL_PRIMITIVE_RESTART_INDEX), std::numeric_limits<GLint>::max());
  EXPECT_EQ(get_integer64(GL_PRIMITIVE_RESTART_INDEX), 0xffffffffll);
  EXPECT_EQ(get_float(GL_PRIMITIVE_RESTART_INDEX), 4294967295.0f);
  glDepthFunc(GL_ALWAYS);
  EXPECT_EQ(get_integer64(GL_DEPTH_FUNC), GL_ALWAYS);
  EXPECT_NO_GL_ERROR();
}

// A surfaceless context has no stencil buffer: queries of ref clamp it to [0, 2^0 - 1].
TEST_F(RenderStateTest, StencilRefQueriesClampToTheStencilBits) {
  glStencilFunc(GL_LESS, 5, 0xff);
  EXPECT_EQ(get_integer(GL_STENCIL_REF), 0);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_REF), 0);
  EXPECT_NO_GL_ERROR();
}

// The pbuffer's 8 stencil bits: ref reads back clamped to [0, 255] and the stored value is kept.
TEST_F(RenderStatePbufferTest, StencilRefQueriesClampToTheStencilBits) {
  glStencilFuncSeparate(GL_FRONT, GL_LESS, 300, 0xff);
  glStencilFuncSeparate(GL_BACK, GL_LESS, -7, 0xff);
  EXPECT_EQ(get_integer(GL_STENCIL_REF), 255);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_REF), 0);
  glStencilFunc(GL_LESS, 77, 0xff);
  EXPECT_EQ(get_integer(GL_STENCIL_REF), 77);
  EXPECT_EQ(get_integer(GL_STENCIL_BACK_REF), 77);
  // A framebuffer object without a stencil attachment clamps to 0, the pbuffer's again after it.
  GLuint fbo = 0;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
  EXPECT_EQ(get_integer(GL_STENCIL_REF), 0);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  EXPECT_EQ(get_integer(GL_STENCIL_REF), 77);
  glDeleteFramebuffers(1, &fbo);
  EXPECT_NO_GL_ERROR();
}

// ------------------------------------------------------------------------------------------------
// Indexed blend state

TEST_F(RenderStateTest, IndexedBlendStateIsPerDrawBuffer) {
  glBlendFuncSeparatei(3, GL_SRC_COLOR, GL_DST_COLOR, GL_CONSTANT_ALPHA, GL_SRC1_ALPHA);
  glBlendEquationSeparatei(5, GL_FUNC_REVERSE_SUBTRACT, GL_MIN);
  EXPECT_NO_GL_ERROR();
  EXPECT_EQ(get_integer_i(GL_BLEND_SRC_RGB, 3), GL_SRC_COLOR);
  EXPECT_EQ(get_integer_i(GL_BLEND_DST_RGB, 3), GL_DST_COLOR);
  EXPECT_EQ(get_integer_i(GL_BLEND_SRC_ALPHA, 3), GL_CONSTANT_ALPHA);
  EXPECT_EQ(get_integer_i(GL_BLEND_DST_ALPHA, 3), GL_SRC1_ALPHA);
  EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_RGB, 5), GL_FUNC_REVERSE_SUBTRACT);
  EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_ALPHA, 5), GL_MIN);
  // The other buffers, and the non-indexed queries (draw buffer 0), keep the defaults.
  for (const GLuint other : {0u, 2u, 4u, 7u}) EXPECT_EQ(get_integer_i(GL_BLEND_SRC_RGB, other), GL_ONE);
  EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_RGB, 3), GL_FUNC_ADD);
  EXPECT_EQ(get_integer(GL_BLEND_SRC_RGB), GL_ONE);
  EXPECT_EQ(get_integer(GL_BLEND_EQUATION_ALPHA), GL_FUNC_ADD);
  // The other indexed query forms.
  GLint64 l = 0;
  glGetInteger64i_v(GL_BLEND_DST_ALPHA, 3, &l);
  EXPECT_EQ(l, GL_SRC1_ALPHA);
  GLboolean b = GL_FALSE;
  glGetBooleani_v(GL_BLEND_SRC_RGB, 3, &b);
  EXPECT_EQ(b, GL_TRUE);
  glGetBooleani_v(GL_BLEND_DST_RGB, 0, &b);
  EXPECT_EQ(b, GL_FALSE);  // ZERO
  GLfloat f = 0;
  glGetFloati_v(GL_BLEND_EQUATION_ALPHA, 5, &f);
  EXPECT_EQ(f, GLfloat(GL_MIN));
  GLdouble d = 0;
  glGetDoublei_v(GL_BLEND_SRC_ALPHA, 3, &d);
  EXPECT_EQ(d, GLdouble(GL_CONSTANT_ALPHA));
  EXPECT_NO_GL_ERROR();
  // Index 8 is beyond MAX_DRAW_BUFFERS: INVALID_VALUE, nothing written.
  GLint v = -5;
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 8, &v);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  EXPECT_EQ(v, -5);

  // The non-indexed commands set every draw buffer.
  glBlendFunc(GL_ONE_MINUS_CONSTANT_COLOR, GL_SRC_ALPHA_SATURATE);
  glBlendEquation(GL_FUNC_SUBTRACT);
  for (GLuint i = 0; i < 8; ++i) {
    EXPECT_EQ(get_integer_i(GL_BLEND_SRC_RGB, i), GL_ONE_MINUS_CONSTANT_COLOR);
    EXPECT_EQ(get_integer_i(GL_BLEND_SRC_ALPHA, i), GL_ONE_MINUS_CONSTANT_COLOR);
    EXPECT_EQ(get_integer_i(GL_BLEND_DST_RGB, i), GL_SRC_ALPHA_SATURATE);
    EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_ALPHA, i), GL_FUNC_SUBTRACT);
  }
  glBlendFunci(6, GL_ZERO, GL_ONE);
  glBlendEquationi(6, GL_MAX);
  EXPECT_EQ(get_integer_i(GL_BLEND_SRC_ALPHA, 6), GL_ZERO);
  EXPECT_EQ(get_integer_i(GL_BLEND_DST_ALPHA, 6), GL_ONE);
  EXPECT_EQ(get_integer_i(GL_BLEND_EQUATION_RGB, 6), GL_MAX);
  EXPECT_EQ(get_integer_i(GL_BLEND_SRC_RGB, 5), GL_ONE_MINUS_CONSTANT_COLOR);
  EXPECT_NO_GL_ERROR();
}

// The EXT/ARB names gl.xml aliases reach the same state.
TEST_F(RenderStateTest, AliasesShareTheState) {
  auto* blend_func_i = reinterpret_cast<PFNGLBLENDFUNCIARBPROC>(eglGetProcAddress("glBlendFunciARB"));
  auto* blend_equation_ext = reinterpret_cast<PFNGLBLENDEQUATIONEXTPROC>(eglGetProcAddress("glBlendEquationEXT"));
  auto* min_sample_shading = reinterpret_cast<PFNGLMINSAMPLESHADINGARBPROC>(eglGetProcAddress("glMinSampleShadingARB"));
  ASSERT_NE(blend_func_i, nullptr);
  ASSERT_NE(blend_equation_ext, nullptr);
  ASSERT_NE(min_sample_shading, nullptr);
  blend_func_i(4, GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA);
  EXPECT_EQ(get_integer_i(GL_BLEND_SRC_RGB, 4), GL_DST_ALPHA);
  blend_func_i(9, GL_ONE, GL_ONE);
  EXPECT_GL_ERROR(GL_INVALID_VALUE);
  blend_equation_ext(GL_MIN);
  EXPECT_EQ(get_integer(GL_BLEND_EQUATION_RGB), GL_MIN);
  min_sample_shading(0.5f);
  EXPECT_EQ(get_float(GL_MIN_SAMPLE_SHADING_VALUE), 0.5f);
  EXPECT_NO_GL_ERROR();
}

// ------------------------------------------------------------------------------------------------
// The compatibility profile

// GL 4.6 compatibility state tables: SHADE_MODEL Z2 GetIntegerv SMOOTH; ALPHA_TEST B IsEnabled FALSE;
// ALPHA_TEST_FUNC Z8 GetIntegerv ALWAYS; ALPHA_TEST_REF R+ GetFloatv 0; PERSPECTIVE_CORRECTION_HINT,
// POINT_SMOOTH_HINT, FOG_HINT, GENERATE_MIPMAP_HINT Z3 GetIntegerv DONT_CARE; POLYGON_MODE 2*Z3 FILL.
TEST_F(RenderStateCompatibilityTest, InitialValuesAreTheStateTables) {
  EXPECT_EQ(get_integer(GL_SHADE_MODEL), GL_SMOOTH);
  EXPECT_EQ(glIsEnabled(GL_ALPHA_TEST), GL_FALSE);
  EXPECT_EQ(get_integer(GL_ALPHA_TEST_FUNC), GL_ALWAYS);
  EXPECT_EQ(get_float(GL_ALPHA_TEST_REF), 0.0f);
  for (const GLenum pname : {GL_PERSPECTIVE_CORRECTION_HINT, GL_POINT_SMOOTH_HINT, GL_FOG_HINT,
                             GL_GENERATE_MIPMAP_HINT, GL_TEXTURE_COMPRESSION_HINT})
    EXPECT_EQ(get_integer(pname), GL_DONT_CARE) << pname;
  EXPECT_EQ(get_integer(GL_BLEND_SRC), GL_ONE);
  EXPECT_EQ(get_integer(GL_BLEND_DST), GL_ZERO);
  EXPECT_NO_GL_ERROR();
}

TEST_F(RenderStateCompatibilityTest, PolygonModeIsPerFace) {
  glPolygonMode(GL_FRONT, GL_POINT);
  glPolygonMode(GL_BACK, GL_LINE);
  EXPECT_NO_GL_ERROR();
  GLint modes[2] = {0, 0};
  glGetIntegerv(GL_POLYGON_MODE, modes);
  EXPECT_EQ(modes[0], GL_POINT);
  EXPECT_EQ(modes[1], GL_LINE);
  glPolygonMode(GL_FRONT_LEFT, GL_FILL);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
  glGetIntegerv(GL_POLYGON_MODE, modes);
  EXPECT_EQ(modes[0], GL_FILL);
  EXPECT_EQ(modes[1], GL_FILL);
}

TEST_F(RenderStateCompatibilityTest, ShadeModelAlphaTestAndHints) {
  glShadeModel(GL_FLAT);
  glShadeModel(GL_LINE);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_SHADE_MODEL), GL_FLAT);

  glEnable(GL_ALPHA_TEST);
  EXPECT_EQ(glIsEnabled(GL_ALPHA_TEST), GL_TRUE);
  glAlphaFunc(GL_GEQUAL, 0.5f);
  glAlphaFunc(GL_KEEP, 0.25f);
  EXPECT_GL_ERROR(GL_INVALID_ENUM);
  EXPECT_EQ(get_integer(GL_ALPHA_TEST_FUNC), GL_GEQUAL);
  EXPECT_EQ(get_float(GL_ALPHA_TEST_REF), 0.5f);
  // The reference is clamped to [0, 1]; integer queries map it as a colour component.
  glAlphaFunc(GL_LESS, 4.0f);
  EXPECT_EQ(get_float(GL_ALPHA_TEST_REF), 1.0f);
  EXPECT_EQ(get_integer(GL_ALPHA_TEST_REF), 2147483647);
  glAlphaFunc(GL_LESS, -4.0f);
  EXPECT_EQ(get_float(GL_ALPHA_TEST_REF), 0.0f);

  for (const GLenum target : {GL_PERSPECTIVE_CORRECTION_HINT, GL_POINT_SMOOTH_HINT, GL_FOG_HINT,
                              GL_GENERATE_MIPMAP_HINT}) {
    glHint(target, GL_FASTEST);
    EXPECT_NO_GL_ERROR();
    EXPECT_EQ(get_integer(target), GL_FASTEST) << target;
    glHint(target, GL_ZERO);
    EXPECT_GL_ERROR(GL_INVALID_ENUM);
    EXPECT_EQ(get_integer(target), GL_FASTEST) << target;
  }

  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO);
  EXPECT_EQ(get_integer(GL_BLEND_SRC), GL_SRC_ALPHA);
  EXPECT_EQ(get_integer(GL_BLEND_DST), GL_ONE_MINUS_SRC_ALPHA);
  // Wide lines stay legal in a compatibility context.
  glLineWidth(4.0f);
  EXPECT_NO_GL_ERROR();
}

}  // namespace
}  // namespace glvk::test
