// Viewports and depth ranges as GL state, through libglvnd's dispatch: values, clamping, the glGet*
// conversions, errors, and the initial viewport of a surface.
#include <array>
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

template <std::size_t N>
std::array<GLint, N> get_integers(GLenum pname) {
  std::array<GLint, N> v;
  v.fill(-999);
  glGetIntegerv(pname, v.data());
  return v;
}

template <std::size_t N>
std::array<GLint, N> get_integers_i(GLenum pname, GLuint index) {
  std::array<GLint, N> v;
  v.fill(-999);
  glGetIntegeri_v(pname, index, v.data());
  return v;
}

template <std::size_t N>
std::array<GLfloat, N> get_floats_i(GLenum pname, GLuint index) {
  std::array<GLfloat, N> v;
  v.fill(-999);
  glGetFloati_v(pname, index, v.data());
  return v;
}

template <std::size_t N>
std::array<GLdouble, N> get_doubles_i(GLenum pname, GLuint index) {
  std::array<GLdouble, N> v;
  v.fill(-999);
  glGetDoublei_v(pname, index, v.data());
  return v;
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
