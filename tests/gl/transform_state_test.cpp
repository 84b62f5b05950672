// Viewports, depth ranges and the compatibility profile's matrix stacks as GL state, through
// libglvnd's dispatch: values, clamping, the glGet* conversions, errors, and core profile refusals.
// Expected matrices come from the formulas of GL 4.6 compatibility section 12.1.1, written out here.
#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

// ------------------------------------------------------------------------------------------------
// An independent 4x4 helper: matrices are written row by row, as the spec prints them, and
// compared with what GL returns column-major.

struct Mat {
  double r[4][4];  // r[row][column]
};

Mat rows(std::initializer_list<double> values) {
  Mat m{};
  int i = 0;
  for (double v : values) {
    m.r[i / 4][i % 4] = v;
    ++i;
  }
  return m;
}

Mat identity() { return rows({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}); }

Mat operator*(const Mat& a, const Mat& b) {
  Mat p{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 4; ++k) p.r[i][j] += a.r[i][k] * b.r[k][j];
  return p;
}

Mat transposed(const Mat& m) {
  Mat t{};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) t.r[i][j] = m.r[j][i];
  return t;
}

// GL's column-major array of `m`.
template <typename T>
std::array<T, 16> column_major(const Mat& m) {
  std::array<T, 16> out{};
  for (int c = 0; c < 4; ++c)
    for (int row = 0; row < 4; ++row) out[std::size_t(c * 4 + row)] = T(m.r[row][c]);
  return out;
}

std::array<GLdouble, 16> get_doubles16(GLenum pname) {
  std::array<GLdouble, 16> v;
  v.fill(-999);
  glGetDoublev(pname, v.data());
  return v;
}

std::array<GLfloat, 16> get_floats16(GLenum pname) {
  std::array<GLfloat, 16> v;
  v.fill(-999);
  glGetFloatv(pname, v.data());
  return v;
}

#define EXPECT_MATRIX(pname, expected, tolerance)                                                      \
  do {                                                                                                 \
    const auto got_ = get_doubles16(pname);                                                            \
    const auto want_ = column_major<double>(expected);                                                 \
    for (std::size_t i_ = 0; i_ < 16; ++i_)                                                            \
      EXPECT_NEAR(got_[i_], want_[i_], tolerance) << #pname << " element " << i_ << " (row " << i_ % 4 \
                                                  << ", column " << i_ / 4 << ")";                     \
  } while (0)

// N values of `pname` (at `index` for the indexed forms) through `query`, prefilled with -999 so
// an unwritten value shows.
template <typename T, std::size_t N, typename Query, typename... Index>
std::array<T, N> query_values(Query query, GLenum pname, Index... index) {
  std::array<T, N> v;
  v.fill(T(-999));
  query(pname, index..., v.data());
  return v;
}

template <std::size_t N>
std::array<GLint, N> get_integers(GLenum pname) { return query_values<GLint, N>(glGetIntegerv, pname); }

template <std::size_t N>
std::array<GLint, N> get_integers_i(GLenum pname, GLuint index) {
  return query_values<GLint, N>(glGetIntegeri_v, pname, index);
}

template <std::size_t N>
std::array<GLfloat, N> get_floats_i(GLenum pname, GLuint index) {
  return query_values<GLfloat, N>(glGetFloati_v, pname, index);
}

template <std::size_t N>
std::array<GLdouble, N> get_doubles_i(GLenum pname, GLuint index) {
  return query_values<GLdouble, N>(glGetDoublei_v, pname, index);
}

GLint get_integer(GLenum pname) { return get_integers<1>(pname)[0]; }

using I4 = std::array<GLint, 4>;
using F4 = std::array<GLfloat, 4>;
using F2 = std::array<GLfloat, 2>;
using D2 = std::array<GLdouble, 2>;

// ------------------------------------------------------------------------------------------------
// Viewports and depth ranges (core profile, surfaceless)

using TransformCoreTest = GlTest;

TEST_F(TransformCoreTest, SurfacelessContextStartsWithEmptyViewportAndFullDepthRange) {
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{0, 0, 0, 0}));
  for (GLuint i : {0u, 7u, 15u}) {
    EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, i), (F4{0, 0, 0, 0})) << i;
    EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, i), (D2{0, 1})) << i;
  }
  std::array<GLfloat, 2> range{};
  glGetFloatv(GL_DEPTH_RANGE, range.data());
  EXPECT_EQ(range, (F2{0, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCoreTest, ViewportLimits) {
  EXPECT_EQ(get_integer(GL_MAX_VIEWPORTS), 16);
  EXPECT_EQ(get_integers<2>(GL_MAX_VIEWPORT_DIMS), (std::array<GLint, 2>{16384, 16384}));
  // At least the renderbuffer size, so a full-size framebuffer fits.
  EXPECT_GE(get_integers<2>(GL_MAX_VIEWPORT_DIMS)[0], get_integer(GL_MAX_RENDERBUFFER_SIZE));
  std::array<GLfloat, 2> bounds{};
  glGetFloatv(GL_VIEWPORT_BOUNDS_RANGE, bounds.data());
  EXPECT_EQ(bounds, (F2{-32768, 32767}));  // the spec's minimum, [-2 * dims, 2 * dims - 1]
  EXPECT_EQ(get_integer(GL_VIEWPORT_SUBPIXEL_BITS), 0);
  EXPECT_EQ(get_integer(GL_VIEWPORT_INDEX_PROVOKING_VERTEX), GL_UNDEFINED_VERTEX);
  GLint64 max64 = 0;
  glGetInteger64v(GL_MAX_VIEWPORTS, &max64);
  EXPECT_EQ(max64, 16);
  GLdouble dims[2] = {};
  glGetDoublev(GL_MAX_VIEWPORT_DIMS, dims);
  EXPECT_EQ(dims[0], 16384.0);
  EXPECT_EQ(dims[1], 16384.0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCoreTest, ViewportSetsEveryViewportAndClamps) {
  glViewport(1, 2, 3, 4);
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{1, 2, 3, 4}));
  for (GLuint i = 0; i < 16; ++i) EXPECT_EQ(get_integers_i<4>(GL_VIEWPORT, i), (I4{1, 2, 3, 4})) << i;
  // Width and height are clamped to MAX_VIEWPORT_DIMS.
  glViewport(-5, 7, 20000, 16385);
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{-5, 7, 16384, 16384}));
  EXPECT_EQ(get_integers_i<4>(GL_VIEWPORT, 15), (I4{-5, 7, 16384, 16384}));
  // The origin is clamped to VIEWPORT_BOUNDS_RANGE.
  glViewport(-100000, 100000, 1, 1);
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{-32768, 32767, 1, 1}));
  glViewportIndexedf(4, -1e9f, 1e9f, 1e9f, 0.5f);
  EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, 4), (F4{-32768, 32767, 16384, 0.5f}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCoreTest, ViewportErrorsLeaveTheStateAlone) {
  glViewport(1, 2, 3, 4);
  glViewport(0, 0, -1, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glViewport(0, 0, 4, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glViewportIndexedf(16, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glViewportIndexedf(2, 0, 0, 1, -0.5f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  const GLfloat one[4] = {9, 9, 9, 9};
  glViewportIndexedfv(16, one);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // first + count beyond MAX_VIEWPORTS, a negative count, or a negative size anywhere: nothing changes.
  const GLfloat two[8] = {9, 9, 9, 9, 8, 8, 8, -8};
  glViewportArrayv(15, 2, two);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glViewportArrayv(0, -1, two);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glViewportArrayv(0, 2, two);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glViewportArrayv(0xFFFFFFFFu, 2, two);  // first + count must not wrap around
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  for (GLuint i = 0; i < 16; ++i) EXPECT_EQ(get_integers_i<4>(GL_VIEWPORT, i), (I4{1, 2, 3, 4})) << i;
  // Indexed queries: an index out of range is INVALID_VALUE (nothing written), a state that is
  // not indexed INVALID_ENUM.
  EXPECT_EQ(get_integers_i<4>(GL_VIEWPORT, 16), (I4{-999, -999, -999, -999}));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 16), (D2{-999, -999}));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  get_integers_i<4>(GL_MAX_VIEWPORTS, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(TransformCoreTest, IndexedViewportsKeepFractionsAndIntegerQueriesRound) {
  glViewport(0, 0, 1, 1);
  glViewportIndexedf(3, 1.25f, 2.75f, 10.6f, 20.4f);
  EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, 3), (F4{1.25f, 2.75f, 10.6f, 20.4f}));
  EXPECT_EQ(get_integers_i<4>(GL_VIEWPORT, 3), (I4{1, 3, 11, 20}));
  const auto d = get_doubles_i<4>(GL_VIEWPORT, 3);
  EXPECT_EQ(d[0], 1.25);
  EXPECT_EQ(GLfloat(d[2]), 10.6f);
  GLint64 i64[4] = {};
  glGetInteger64i_v(GL_VIEWPORT, 3, i64);
  EXPECT_EQ(i64[1], 3);
  GLboolean b[4] = {GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE};
  glViewportIndexedf(9, 0, 0.5f, 0, 7);
  glGetBooleani_v(GL_VIEWPORT, 9, b);
  EXPECT_EQ(b[0], GL_FALSE);
  EXPECT_EQ(b[1], GL_TRUE);  // nonzero, even below one half
  EXPECT_EQ(b[2], GL_FALSE);
  EXPECT_EQ(b[3], GL_TRUE);
  // glViewportIndexedfv and glViewportArrayv touch only their indices.
  const GLfloat v[4] = {-3.5f, 4, 5, 6};
  glViewportIndexedfv(15, v);
  EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, 15), (F4{-3.5f, 4, 5, 6}));
  const GLfloat arr[8] = {10, 11, 12, 13, 20, 21, 22, 23};
  glViewportArrayv(5, 2, arr);
  EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, 5), (F4{10, 11, 12, 13}));
  EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, 6), (F4{20, 21, 22, 23}));
  EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, 4), (F4{0, 0, 1, 1}));
  EXPECT_EQ(get_floats_i<4>(GL_VIEWPORT, 7), (F4{0, 0, 1, 1}));
  // The non-indexed GL_VIEWPORT is viewport 0.
  glViewportIndexedf(0, 0.25f, 0, 8, 8);
  std::array<GLfloat, 4> f{};
  glGetFloatv(GL_VIEWPORT, f.data());
  EXPECT_EQ(f, (F4{0.25f, 0, 8, 8}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCoreTest, DepthRangeClampsAndConvertsToIntegersAsNormalizedValues) {
  glDepthRange(-1.0, 2.0);
  std::array<GLdouble, 2> d{};
  glGetDoublev(GL_DEPTH_RANGE, d.data());
  EXPECT_EQ(d, (D2{0, 1}));
  for (GLuint i = 0; i < 16; ++i) EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, i), (D2{0, 1})) << i;
  // Integer queries map [-1, 1] to [-(2^31 - 1), 2^31 - 1] (table 18.2, INT), not rounding.
  EXPECT_EQ(get_integers<2>(GL_DEPTH_RANGE), (std::array<GLint, 2>{0, 2147483647}));
  glDepthRangef(0.25f, 0.75f);
  std::array<GLfloat, 2> f{};
  glGetFloatv(GL_DEPTH_RANGE, f.data());
  EXPECT_EQ(f, (F2{0.25f, 0.75f}));
  // 0.25 * (2^31 - 1) = 536870911.75, 0.75 * (2^31 - 1) = 1610612735.25.
  EXPECT_EQ(get_integers<2>(GL_DEPTH_RANGE), (std::array<GLint, 2>{536870912, 1610612735}));
  GLint64 i64[2] = {};
  glGetInteger64v(GL_DEPTH_RANGE, i64);
  EXPECT_EQ(i64[0], 536870912);
  EXPECT_EQ(i64[1], 1610612735);
  EXPECT_EQ(get_integers_i<2>(GL_DEPTH_RANGE, 11), (std::array<GLint, 2>{536870912, 1610612735}));
  glDepthRange(0.0, 0.5);
  GLboolean b[2] = {GL_TRUE, GL_FALSE};
  glGetBooleanv(GL_DEPTH_RANGE, b);
  EXPECT_EQ(b[0], GL_FALSE);
  EXPECT_EQ(b[1], GL_TRUE);
  // Indexed forms: near may exceed far; values are clamped; only the named indices change.
  glDepthRangeIndexed(2, 0.5, 0.125);
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 2), (D2{0.5, 0.125}));
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 3), (D2{0, 0.5}));
  const GLdouble ranges[4] = {-3, 0.25, 0.75, 7};
  glDepthRangeArrayv(14, 2, ranges);
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 14), (D2{0, 0.25}));
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 15), (D2{0.75, 1}));
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 13), (D2{0, 0.5}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Errors: index or first + count beyond MAX_VIEWPORTS, negative count.
  glDepthRangeIndexed(16, 0.5, 0.5);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDepthRangeArrayv(15, 2, ranges);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDepthRangeArrayv(0, -1, ranges);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 15), (D2{0.75, 1}));
  EXPECT_EQ(get_doubles_i<2>(GL_DEPTH_RANGE, 0), (D2{0, 0.5}));
}

TEST_F(TransformCoreTest, FloatAndDoubleQueriesTakeEveryIntegerState) {
  glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
  glActiveTexture(GL_TEXTURE3);
  for (GLenum pname : {GL_MAX_TEXTURE_SIZE, GL_ACTIVE_TEXTURE, GL_UNPACK_ALIGNMENT, GL_MAJOR_VERSION,
                       GL_NUM_EXTENSIONS, GL_CONTEXT_PROFILE_MASK, GL_DRAW_FRAMEBUFFER_BINDING}) {
    const GLint i = get_integer(pname);
    GLfloat f = -1;
    GLdouble d = -1;
    GLboolean b = 7;
    glGetFloatv(pname, &f);
    glGetDoublev(pname, &d);
    glGetBooleanv(pname, &b);
    EXPECT_EQ(f, GLfloat(i)) << std::hex << pname;
    EXPECT_EQ(d, GLdouble(i)) << std::hex << pname;
    EXPECT_EQ(b, i ? GL_TRUE : GL_FALSE) << std::hex << pname;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Unknown pnames: INVALID_ENUM from every form, and nothing written.
  GLfloat f = -1;
  GLdouble d = -1;
  GLboolean b = 7;
  glGetFloatv(0xFFFF, &f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetDoublev(0xFFFF, &d);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetBooleanv(0xFFFF, &b);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(f, -1.f);
  EXPECT_EQ(d, -1.0);
  EXPECT_EQ(b, 7);
}

TEST_F(TransformCoreTest, MatrixCommandsAndStateAreRefusedInTheCoreProfile) {
  const GLfloat mf[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  const GLdouble md[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  // Every call, not only the first (as a command glvk does not implement would).
  for (int round = 0; round < 2; ++round) {
    glMatrixMode(GL_PROJECTION);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glMatrixMode";
    glLoadIdentity();
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glLoadIdentity";
    glLoadMatrixf(mf);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glLoadMatrixf";
    glLoadMatrixd(md);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glLoadMatrixd";
    glMultMatrixf(mf);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glMultMatrixf";
    glMultMatrixd(md);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glMultMatrixd";
    glLoadTransposeMatrixf(mf);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glLoadTransposeMatrixf";
    glLoadTransposeMatrixd(md);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glLoadTransposeMatrixd";
    glMultTransposeMatrixf(mf);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glMultTransposeMatrixf";
    glMultTransposeMatrixd(md);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glMultTransposeMatrixd";
    glTranslatef(1, 2, 3);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glTranslatef";
    glTranslated(1, 2, 3);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glTranslated";
    glRotatef(30, 0, 0, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glRotatef";
    glRotated(30, 0, 0, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glRotated";
    glScalef(1, 2, 3);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glScalef";
    glScaled(1, 2, 3);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glScaled";
    glOrtho(-1, 1, -1, 1, -1, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glOrtho";
    glOrtho(0, 0, 0, 0, 0, 0);  // the profile is checked before the arguments
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glOrtho with bad arguments";
    glFrustum(-1, 1, -1, 1, 1, 2);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glFrustum";
    glPushMatrix();
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glPushMatrix";
    glPopMatrix();
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glPopMatrix";
  }
  // The matrix state does not exist in a core context.
  for (GLenum pname : {GL_MATRIX_MODE, GL_MODELVIEW_MATRIX, GL_TRANSPOSE_PROJECTION_MATRIX, GL_TEXTURE_MATRIX,
                       GL_COLOR_MATRIX, GL_MODELVIEW_STACK_DEPTH, GL_MAX_MODELVIEW_STACK_DEPTH,
                       GL_MAX_COLOR_MATRIX_STACK_DEPTH, GL_MAX_TEXTURE_COORDS}) {
    std::array<GLfloat, 16> v;
    v.fill(-999);
    glGetFloatv(pname, v.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
    EXPECT_EQ(v[0], -999.f) << std::hex << pname;
  }
}

// ------------------------------------------------------------------------------------------------
// Matrix stacks (compatibility profile)

class TransformCompatibilityTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

constexpr GLenum kModes[] = {GL_MODELVIEW, GL_PROJECTION, GL_TEXTURE, GL_COLOR};

GLenum matrix_query(GLenum mode) {
  switch (mode) {
    case GL_MODELVIEW: return GL_MODELVIEW_MATRIX;
    case GL_PROJECTION: return GL_PROJECTION_MATRIX;
    case GL_TEXTURE: return GL_TEXTURE_MATRIX;
    default: return GL_COLOR_MATRIX;
  }
}

GLenum transpose_query(GLenum mode) {
  switch (mode) {
    case GL_MODELVIEW: return GL_TRANSPOSE_MODELVIEW_MATRIX;
    case GL_PROJECTION: return GL_TRANSPOSE_PROJECTION_MATRIX;
    case GL_TEXTURE: return GL_TRANSPOSE_TEXTURE_MATRIX;
    default: return GL_TRANSPOSE_COLOR_MATRIX;
  }
}

GLenum depth_query(GLenum mode) {
  switch (mode) {
    case GL_MODELVIEW: return GL_MODELVIEW_STACK_DEPTH;
    case GL_PROJECTION: return GL_PROJECTION_STACK_DEPTH;
    case GL_TEXTURE: return GL_TEXTURE_STACK_DEPTH;
    default: return GL_COLOR_MATRIX_STACK_DEPTH;
  }
}

GLenum max_depth_query(GLenum mode) {
  switch (mode) {
    case GL_MODELVIEW: return GL_MAX_MODELVIEW_STACK_DEPTH;
    case GL_PROJECTION: return GL_MAX_PROJECTION_STACK_DEPTH;
    case GL_TEXTURE: return GL_MAX_TEXTURE_STACK_DEPTH;
    default: return GL_MAX_COLOR_MATRIX_STACK_DEPTH;
  }
}

// Two matrices with distinct, non-symmetric entries.
const Mat kA = rows({1, 2, 3, 4,  //
                     5, 6, 7, 8,  //
                     9, 10, 11, 12,  //
                     13, 14, 15, 16});
const Mat kB = rows({0.5, -1, 0, 2,  //
                     3, 0.25, -2, 0,  //
                     0, 1, 4, -0.5,  //
                     1, 0, 0, 1});

TEST_F(TransformCompatibilityTest, InitialStateIsIdentityEverywhere) {
  EXPECT_EQ(get_integer(GL_MATRIX_MODE), GL_MODELVIEW);
  for (GLenum mode : kModes) {
    EXPECT_MATRIX(matrix_query(mode), identity(), 0.0);
    EXPECT_MATRIX(transpose_query(mode), identity(), 0.0);
    EXPECT_EQ(get_integer(depth_query(mode)), 1) << std::hex << mode;
    EXPECT_EQ(get_integer(max_depth_query(mode)), 32) << std::hex << mode;
  }
  EXPECT_EQ(get_integer(GL_MAX_TEXTURE_COORDS), 8);
  for (GLenum unit = GL_TEXTURE0; unit < GL_TEXTURE0 + 8; ++unit) {
    glActiveTexture(unit);
    EXPECT_MATRIX(GL_TEXTURE_MATRIX, identity(), 0.0);
  }
  // Viewport state exists in compatibility contexts too.
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCompatibilityTest, LoadAndMultAreColumnMajorAndPostMultiply) {
  for (GLenum mode : kModes) {
    glMatrixMode(mode);
    EXPECT_EQ(get_integer(GL_MATRIX_MODE), GLint(mode));
    const auto a = column_major<GLfloat>(kA);
    glLoadMatrixf(a.data());
    EXPECT_EQ(get_floats16(matrix_query(mode)), a) << std::hex << mode;
    EXPECT_EQ(get_floats16(transpose_query(mode)), column_major<GLfloat>(transposed(kA)));
    const auto b = column_major<GLdouble>(kB);
    glMultMatrixd(b.data());
    EXPECT_MATRIX(matrix_query(mode), kA * kB, 1e-12);
    glLoadMatrixd(b.data());
    glMultMatrixf(a.data());
    EXPECT_MATRIX(matrix_query(mode), kB * kA, 1e-12);
    glLoadIdentity();
    EXPECT_MATRIX(matrix_query(mode), identity(), 0.0);
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCompatibilityTest, TransposeLoadAndMult) {
  glMatrixMode(GL_PROJECTION);
  // The arrays are the matrices row by row: the transpose commands take them as such.
  const auto a_rows = column_major<GLfloat>(transposed(kA));
  glLoadTransposeMatrixf(a_rows.data());
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, kA, 0.0);
  EXPECT_EQ(get_floats16(GL_TRANSPOSE_PROJECTION_MATRIX), a_rows);
  const auto b_rows = column_major<GLdouble>(transposed(kB));
  glMultTransposeMatrixd(b_rows.data());
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, kA * kB, 1e-12);
  glLoadTransposeMatrixd(b_rows.data());
  glMultTransposeMatrixf(a_rows.data());
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, kB * kA, 1e-12);
  EXPECT_MATRIX(GL_TRANSPOSE_PROJECTION_MATRIX, transposed(kB * kA), 1e-12);
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, identity(), 0.0);  // the other stacks are untouched
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCompatibilityTest, OrthoIsTheSpecMatrixTimesTheCurrentOne) {
  glMatrixMode(GL_PROJECTION);
  glOrtho(-2, 6, -1, 3, 0.5, 10.5);
  // [2/(r-l) 0 0 -(r+l)/(r-l); 0 2/(t-b) 0 -(t+b)/(t-b); 0 0 -2/(f-n) -(f+n)/(f-n); 0 0 0 1]
  const Mat ortho = rows({0.25, 0, 0, -0.5,  //
                          0, 0.5, 0, -0.5,   //
                          0, 0, -0.2, -1.1,  //
                          0, 0, 0, 1});
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, ortho, 1e-12);
  // On top of another matrix: C = C * O.
  glLoadMatrixf(column_major<GLfloat>(kB).data());
  glOrtho(-2, 6, -1, 3, 0.5, 10.5);
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, kB * ortho, 1e-12);
  // Reversed planes are fine: only empty volumes are errors.
  glLoadIdentity();
  glOrtho(1, -1, 1, -1, 1, -1);
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, rows({-1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}), 1e-12);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCompatibilityTest, FrustumIsTheSpecMatrixTimesTheCurrentOne) {
  glMatrixMode(GL_PROJECTION);
  glFrustum(-1, 3, -2, 2, 1, 3);
  // [2n/(r-l) 0 (r+l)/(r-l) 0; 0 2n/(t-b) (t+b)/(t-b) 0; 0 0 -(f+n)/(f-n) -2fn/(f-n); 0 0 -1 0]
  const Mat frustum = rows({0.5, 0, 0.5, 0,  //
                            0, 0.5, 0, 0,    //
                            0, 0, -2, -3,    //
                            0, 0, -1, 0});
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, frustum, 1e-12);
  glLoadMatrixd(column_major<GLdouble>(kA).data());
  glFrustum(-1, 3, -2, 2, 1, 3);
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, kA * frustum, 1e-12);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCompatibilityTest, OrthoAndFrustumRejectEmptyOrInvalidVolumes) {
  glMatrixMode(GL_PROJECTION);
  const auto b = column_major<GLdouble>(kB);
  glLoadMatrixd(b.data());
  struct Args {
    double l, r, b, t, n, f;
  };
  for (const Args& a : {Args{1, 1, -1, 1, -1, 1}, Args{-1, 1, 2, 2, -1, 1}, Args{-1, 1, -1, 1, 3, 3}}) {
    glOrtho(a.l, a.r, a.b, a.t, a.n, a.f);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << a.l << " " << a.r << " " << a.b << " " << a.t;
  }
  for (const Args& a : {Args{-1, 1, -1, 1, 0, 2}, Args{-1, 1, -1, 1, -1, 2}, Args{-1, 1, -1, 1, 1, 0},
                        Args{-1, 1, -1, 1, 1, -2}, Args{2, 2, -1, 1, 1, 2}, Args{-1, 1, 0, 0, 1, 2},
                        Args{-1, 1, -1, 1, 2, 2}}) {
    glFrustum(a.l, a.r, a.b, a.t, a.n, a.f);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << a.l << " " << a.r << " " << a.b << " " << a.t << " "
                                                      << a.n << " " << a.f;
  }
  EXPECT_MATRIX(GL_PROJECTION_MATRIX, kB, 0.0);
}

TEST_F(TransformCompatibilityTest, TranslateRotateScaleCompose) {
  glTranslatef(1, 2, 3);
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, rows({1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1}), 0.0);
  glRotatef(90, 0, 0, 2);  // the axis is normalised
  glScalef(2, 3, 4);
  // T * Rz(90) * S, with Rz(90) = [0 -1 0; 1 0 0; 0 0 1].
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, rows({0, -3, 0, 1,  //
                                           2, 0, 0, 2,   //
                                           0, 0, 4, 3,   //
                                           0, 0, 0, 1}),
                1e-6);
  // 120 degrees about (1, 1, 1) permutes the axes: x -> y -> z -> x.
  glLoadIdentity();
  glRotated(120, 5, 5, 5);
  const Mat cycle = rows({0, 0, 1, 0,  //
                          1, 0, 0, 0,  //
                          0, 1, 0, 0,  //
                          0, 0, 0, 1});
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, cycle, 1e-12);
  // A general angle: 30 degrees about x, on top of a scale and a translation, in double.
  glLoadIdentity();
  glScaled(2, -1, 0.5);
  glTranslated(-4, 0.5, 8);
  glRotated(30, 1, 0, 0);
  const double c = std::sqrt(3.0) / 2, s = 0.5;
  const Mat expected = rows({2, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1}) *
                       rows({1, 0, 0, -4, 0, 1, 0, 0.5, 0, 0, 1, 8, 0, 0, 0, 1}) *
                       rows({1, 0, 0, 0, 0, c, -s, 0, 0, s, c, 0, 0, 0, 0, 1});
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, expected, 1e-12);
  // Negative angles rotate the other way: Ry(-90) maps x to z.
  glLoadIdentity();
  glRotatef(-90, 0, 1, 0);
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, rows({0, 0, -1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1}), 1e-6);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCompatibilityTest, PushAndPopEveryStackWithOverflowAndUnderflow) {
  for (GLenum mode : kModes) {
    glMatrixMode(mode);
    glPopMatrix();
    EXPECT_EQ(glGetError(), GLenum(GL_STACK_UNDERFLOW)) << std::hex << mode;
    EXPECT_EQ(get_integer(depth_query(mode)), 1);
    glLoadMatrixd(column_major<GLdouble>(kA).data());
    glPushMatrix();
    EXPECT_EQ(get_integer(depth_query(mode)), 2);
    EXPECT_MATRIX(matrix_query(mode), kA, 0.0);  // the copy is on top
    glMultMatrixd(column_major<GLdouble>(kB).data());
    EXPECT_MATRIX(matrix_query(mode), kA * kB, 1e-12);
    glPopMatrix();
    EXPECT_MATRIX(matrix_query(mode), kA, 0.0);
    EXPECT_EQ(get_integer(depth_query(mode)), 1);
    // Fill the stack to its maximum, each level with its own translation.
    for (int depth = 2; depth <= 32; ++depth) {
      glPushMatrix();
      glLoadIdentity();
      glTranslatef(GLfloat(depth), 0, 0);
    }
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << mode;
    EXPECT_EQ(get_integer(depth_query(mode)), 32);
    glPushMatrix();
    EXPECT_EQ(glGetError(), GLenum(GL_STACK_OVERFLOW)) << std::hex << mode;
    EXPECT_EQ(get_integer(depth_query(mode)), 32);
    EXPECT_EQ(get_doubles16(matrix_query(mode))[12], 32.0);
    glPopMatrix();
    EXPECT_EQ(get_doubles16(matrix_query(mode))[12], 31.0);
    for (int depth = 31; depth > 1; --depth) glPopMatrix();
    EXPECT_EQ(get_integer(depth_query(mode)), 1);
    EXPECT_MATRIX(matrix_query(mode), kA, 0.0);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << mode;
  }
  // Each mode had its own stack.
  for (GLenum mode : kModes) EXPECT_EQ(get_integer(depth_query(mode)), 1);
}

// MATRIX0_ARB..MATRIX7_ARB are ARB_vertex_program's program matrices; MATRIX8_ARB is past them.
TEST_F(TransformCompatibilityTest, MatrixModeRejectsOtherEnums) {
  glMatrixMode(GL_PROJECTION);
  for (GLenum bad : {GLenum(GL_TEXTURE_2D), GLenum(GL_MODELVIEW_MATRIX), GLenum(0), GLenum(GL_MATRIX8_ARB)}) {
    glMatrixMode(bad);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << bad;
  }
  EXPECT_EQ(get_integer(GL_MATRIX_MODE), GL_PROJECTION);
}

TEST_F(TransformCompatibilityTest, TextureMatricesArePerTextureUnit) {
  glMatrixMode(GL_TEXTURE);
  glActiveTexture(GL_TEXTURE1);
  glTranslatef(5, 6, 7);
  glPushMatrix();
  glActiveTexture(GL_TEXTURE7);
  glScalef(2, 2, 2);
  const Mat t = rows({1, 0, 0, 5, 0, 1, 0, 6, 0, 0, 1, 7, 0, 0, 0, 1});
  const Mat s = rows({2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1});
  EXPECT_MATRIX(GL_TEXTURE_MATRIX, s, 0.0);
  EXPECT_EQ(get_integer(GL_TEXTURE_STACK_DEPTH), 1);
  glActiveTexture(GL_TEXTURE1);
  EXPECT_MATRIX(GL_TEXTURE_MATRIX, t, 0.0);
  EXPECT_MATRIX(GL_TRANSPOSE_TEXTURE_MATRIX, transposed(t), 0.0);
  EXPECT_EQ(get_integer(GL_TEXTURE_STACK_DEPTH), 2);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_MATRIX(GL_TEXTURE_MATRIX, identity(), 0.0);
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, identity(), 0.0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Units from MAX_TEXTURE_COORDS on have no texture matrix: INVALID_OPERATION for the texture
  // stack's commands and queries; the other modes still work.
  glActiveTexture(GL_TEXTURE8);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glLoadIdentity();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glPushMatrix();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  std::array<GLfloat, 16> v;
  v.fill(-999);
  glGetFloatv(GL_TEXTURE_MATRIX, v.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(v[0], -999.f);
  glGetFloatv(GL_TEXTURE_STACK_DEPTH, v.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glMatrixMode(GL_MODELVIEW);
  glMatrixMode(GL_TEXTURE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(get_integer(GL_MATRIX_MODE), GL_MODELVIEW);
  glTranslatef(1, 1, 1);
  EXPECT_MATRIX(GL_MODELVIEW_MATRIX, rows({1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1}), 0.0);
  glActiveTexture(GL_TEXTURE1);
  EXPECT_MATRIX(GL_TEXTURE_MATRIX, t, 0.0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformCompatibilityTest, MatrixQueriesConvertToIntegersAndBooleans) {
  glScalef(2.6f, -1.4f, 0.25f);
  glTranslatef(0, 0, 10.4f);
  // Rounded to the nearest integer.
  EXPECT_EQ(get_integers<16>(GL_MODELVIEW_MATRIX),
            (std::array<GLint, 16>{3, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, 0, 3, 1}));
  GLint64 i64[16] = {};
  glGetInteger64v(GL_MODELVIEW_MATRIX, i64);
  EXPECT_EQ(i64[5], -1);
  EXPECT_EQ(i64[14], 3);
  std::array<GLboolean, 16> b{};
  glGetBooleanv(GL_MODELVIEW_MATRIX, b.data());
  EXPECT_EQ(b, (std::array<GLboolean, 16>{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// ------------------------------------------------------------------------------------------------
// The initial viewport of a context made current on a surface

using TransformPbufferTest = PbufferGlTest;  // 16x12

TEST_F(TransformPbufferTest, FirstSurfaceSetsTheViewportAndScissorBox) {
  // The fixture made the context current without a surface first, then on the pbuffer.
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{0, 0, 16, 12}));
  for (GLuint i = 0; i < 16; ++i) EXPECT_EQ(get_integers_i<4>(GL_VIEWPORT, i), (I4{0, 0, 16, 12})) << i;
  // The scissor box too: a scissored clear covers the whole surface.
  glClearColor(0, 1, 0, 1);
  glEnable(GL_SCISSOR_TEST);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  std::vector<std::uint8_t> pixels(16 * 12 * 4, 0x55);
  glReadPixels(0, 0, 16, 12, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (std::size_t i = 0; i < pixels.size(); i += 4) {
    ASSERT_EQ(pixels[i + 1], 255) << "pixel " << i / 4;
    ASSERT_EQ(pixels[i], 0) << "pixel " << i / 4;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TransformPbufferTest, OnlyTheFirstSurfaceSetsTheViewport) {
  glViewport(1, 2, 3, 4);
  const EGLint size[] = {EGL_WIDTH, 8, EGL_HEIGHT, 4, EGL_NONE};
  EGLSurface other = eglCreatePbufferSurface(display_, config_, size);
  ASSERT_NE(other, EGL_NO_SURFACE);
  ASSERT_TRUE(eglMakeCurrent(display_, other, other, context_));
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{1, 2, 3, 4}));
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_));
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{1, 2, 3, 4}));
  // A new context takes the size of the first surface it is made current on.
  EGLContext fresh = create_context(context_attributes());
  ASSERT_NE(fresh, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display_, other, other, fresh));
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{0, 0, 8, 4}));
  ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, fresh));
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{0, 0, 8, 4}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, context_));
  eglDestroyContext(display_, fresh);
  eglDestroySurface(display_, other);
  EXPECT_EQ(get_integers<4>(GL_VIEWPORT), (I4{1, 2, 3, 4}));
}

}  // namespace
}  // namespace glvk::test
