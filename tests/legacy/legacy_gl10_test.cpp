// The GL 1.0/1.1 commands issue 14 adds last, through the real dispatch on lavapipe with
// validation: colour-index state without colour-index rendering, the accumulation buffer's
// absence (GL 4.6 compatibility 17.4.3), texture residency and priorities (8.?), pixel maps
// (8.4.1.?), evaluators (12.1.?) drawn as immediate-mode vertices, and selection (20.1) and
// feedback (20.2). Expected values come from the spec's formulas computed here.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "gl_fixture.h"
#include "legacy_framebuffer.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {


using LegacyGl10Test = LegacyFramebufferTest;

float get1(GLenum pname) {
  float v = -99;
  glGetFloatv(pname, &v);
  return v;
}
GLint geti(GLenum pname) {
  GLint v = -99;
  glGetIntegerv(pname, &v);
  return v;
}

TEST_F(LegacyGl10Test, ColourIndexStateIsKeptWithoutColourIndexRendering) {
  EXPECT_EQ(get1(GL_CURRENT_INDEX), 1.0f);  // table 23.?: initial 1
  glIndexf(3.5f);
  EXPECT_EQ(get1(GL_CURRENT_INDEX), 3.5f);
  const GLshort s = 9;
  glIndexsv(&s);
  EXPECT_EQ(get1(GL_CURRENT_INDEX), 9.0f);
  glIndexMask(0xf0);
  EXPECT_EQ(geti(GL_INDEX_WRITEMASK), 0xf0);
  glClearIndex(2.25f);
  EXPECT_EQ(get1(GL_INDEX_CLEAR_VALUE), 2.25f);
  EXPECT_EQ(geti(GL_INDEX_MODE), GL_FALSE);
  EXPECT_EQ(geti(GL_RGBA_MODE), GL_TRUE);
  // COLOR_BUFFER_BIT holds the index mask and clear index (21.6).
  glPushAttrib(GL_COLOR_BUFFER_BIT);
  glIndexMask(1);
  glClearIndex(0);
  glPopAttrib();
  EXPECT_EQ(geti(GL_INDEX_WRITEMASK), 0xf0);
  EXPECT_EQ(get1(GL_INDEX_CLEAR_VALUE), 2.25f);
  // glIndex is compiled into lists and allowed between glBegin and glEnd.
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glIndexi(12);
  glEndList();
  EXPECT_EQ(get1(GL_CURRENT_INDEX), 9.0f);
  glBegin(GL_POINTS);
  glCallList(list);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(get1(GL_CURRENT_INDEX), 12.0f);
}

TEST_F(LegacyGl10Test, IndexAndEdgeFlagArraysAreClientState) {
  std::array<GLshort, 8> indices{};
  std::array<GLboolean, 8> flags{};
  glIndexPointer(GL_BYTE, 0, indices.data());  // table 10.?: no signed bytes for indices
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glIndexPointer(GL_SHORT, -1, indices.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(geti(GL_INDEX_ARRAY_TYPE), GL_FLOAT);
  glIndexPointer(GL_SHORT, 6, indices.data());
  glEdgeFlagPointer(4, flags.data());
  EXPECT_EQ(geti(GL_INDEX_ARRAY_TYPE), GL_SHORT);
  EXPECT_EQ(geti(GL_INDEX_ARRAY_STRIDE), 6);
  EXPECT_EQ(geti(GL_EDGE_FLAG_ARRAY_STRIDE), 4);
  void* p = nullptr;
  glGetPointerv(GL_INDEX_ARRAY_POINTER, &p);
  EXPECT_EQ(p, indices.data());
  glGetPointerv(GL_EDGE_FLAG_ARRAY_POINTER, &p);
  EXPECT_EQ(p, flags.data());
  glEnableClientState(GL_EDGE_FLAG_ARRAY);
  EXPECT_TRUE(glIsEnabled(GL_EDGE_FLAG_ARRAY));
  // The client arrays as glEnable capabilities (what Mesa takes; see api_state.cpp).
  glEnable(GL_COLOR_ARRAY);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(glIsEnabled(GL_COLOR_ARRAY));
  glDisable(GL_COLOR_ARRAY);
  EXPECT_FALSE(glIsEnabled(GL_COLOR_ARRAY));
}

TEST_F(LegacyGl10Test, NoAccumulationBuffer) {
  EXPECT_EQ(geti(GL_ACCUM_RED_BITS), 0);
  EXPECT_EQ(geti(GL_ACCUM_ALPHA_BITS), 0);
  glClearAccum(2.0f, -3.0f, 0.5f, 0.0f);  // 17.4.3: clamped to [-1, 1]
  std::array<float, 4> v{};
  glGetFloatv(GL_ACCUM_CLEAR_VALUE, v.data());
  EXPECT_EQ(v, (std::array<float, 4>{1.0f, -1.0f, 0.5f, 0.0f}));
  glAccum(0x1234, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glAccum(GL_ADD, 1.0f);  // no accumulation buffer
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

TEST_F(LegacyGl10Test, TexturesAreResidentAndPrioritized) {
  GLuint t[2];
  glGenTextures(2, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glBindTexture(GL_TEXTURE_2D, t[1]);
  GLboolean residences[2] = {7, 7};
  EXPECT_EQ(glAreTexturesResident(2, t, residences), GL_TRUE);
  EXPECT_EQ(residences[0], 7) << "all resident: the array is left alone";
  const GLuint bad[2] = {t[0], 0};
  EXPECT_EQ(glAreTexturesResident(2, bad, residences), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  const GLfloat priorities[2] = {2.0f, -1.0f};
  glPrioritizeTextures(2, t, priorities);
  GLfloat p = -1;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_PRIORITY, &p);
  EXPECT_EQ(p, 0.0f);  // t[1], clamped
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_PRIORITY, &p);
  EXPECT_EQ(p, 1.0f);
  GLint resident = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_RESIDENT, &resident);
  EXPECT_EQ(resident, GL_TRUE);
  glPrioritizeTextures(-1, t, priorities);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteTextures(2, t);
}

TEST_F(LegacyGl10Test, PixelMapsConvertTheirValues) {
  EXPECT_EQ(geti(GL_PIXEL_MAP_I_TO_R_SIZE), 1);
  const GLfloat f[4] = {0.0f, 0.5f, 2.0f, -1.0f};
  glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 4, f);
  EXPECT_EQ(geti(GL_PIXEL_MAP_I_TO_R_SIZE), 4);
  GLfloat back[4] = {};
  glGetPixelMapfv(GL_PIXEL_MAP_I_TO_R, back);
  EXPECT_EQ(back[1], 0.5f);
  EXPECT_EQ(back[2], 1.0f) << "colour entries clamp to [0, 1]";
  EXPECT_EQ(back[3], 0.0f);
  GLuint ui[4] = {};
  glGetPixelMapuiv(GL_PIXEL_MAP_I_TO_R, ui);
  EXPECT_EQ(ui[2], 4294967295u);
  EXPECT_NEAR(double(ui[1]), 2147483647.5, 1.0);
  GLushort us[4] = {};
  glGetPixelMapusv(GL_PIXEL_MAP_I_TO_R, us);
  EXPECT_EQ(us[2], 65535);
  EXPECT_NEAR(double(us[1]), 32767.5, 1.0);
  // Integer colour entries are normalized; index maps keep integers.
  const GLushort s[2] = {0, 65535};
  glPixelMapusv(GL_PIXEL_MAP_G_TO_G, 2, s);
  glGetPixelMapfv(GL_PIXEL_MAP_G_TO_G, back);
  EXPECT_EQ(back[1], 1.0f);
  const GLuint idx[2] = {7, 300};
  glPixelMapuiv(GL_PIXEL_MAP_I_TO_I, 2, idx);
  glGetPixelMapfv(GL_PIXEL_MAP_I_TO_I, back);
  EXPECT_EQ(back[1], 300.0f);
  // Errors: a map looked up by an index takes a power-of-two size; at most MAX_PIXEL_MAP_TABLE.
  glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 3, f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 3, f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<GLfloat> big(size_t(geti(GL_MAX_PIXEL_MAP_TABLE)) * 2, 0.0f);
  glPixelMapfv(GL_PIXEL_MAP_R_TO_R, geti(GL_MAX_PIXEL_MAP_TABLE) + 1, big.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPixelMapfv(GL_RGBA, 1, f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // From a pixel unpack buffer (8.4.1.?: the values are then an offset into it).
  GLuint pbo;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  const GLfloat b[3] = {0.0f, 0.25f, 0.75f};
  glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof b, b, GL_STATIC_DRAW);
  glPixelMapfv(GL_PIXEL_MAP_B_TO_B, 2, reinterpret_cast<const GLfloat*>(sizeof(GLfloat)));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glGetPixelMapfv(GL_PIXEL_MAP_B_TO_B, back);
  EXPECT_EQ(back[0], 0.25f);
  EXPECT_EQ(back[1], 0.75f);
  glDeleteBuffers(1, &pbo);
}

// 12.1.?: a bilinear 2x2 patch over the left half of the viewport with a colour map (red at u = 0,
// green at u = 1) drawn by glEvalMesh2 FILL: each pixel's colour is the map at its (u, v).
// 8.4.4: glPixelTransfer's colour scale and bias apply to images on their way into a texture
// (glTexImage and glTexSubImage, client memory or a pixel unpack buffer); a fixed-point internal
// format clamps the result to [0, 1], a floating-point one keeps it. LUMINANCE data become R = G =
// B = L before the scale (each component scaled by its own factor).
TEST_F(LegacyGl10Test, PixelTransferScalesAndBiasesTextureImages) {
  GLuint textures[2] = {};
  glGenTextures(2, textures);
  const GLubyte texel[4] = {0x40, 0x80, 0xc0, 0xff};
  glPixelTransferf(GL_RED_SCALE, 2.0f);
  glPixelTransferf(GL_GREEN_BIAS, 0.25f);
  glPixelTransferf(GL_BLUE_SCALE, 0.5f);
  glPixelTransferf(GL_ALPHA_BIAS, -0.5f);
  glBindTexture(GL_TEXTURE_2D, textures[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  std::array<GLfloat, 4> got{};
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got.data());
  const auto expect_near = [&](std::array<double, 4> want) {
    for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(got[i], want[i], 1.0 / 255) << "component " << i;
  };
  expect_near({std::min(2 * 64 / 255.0, 1.0), 128 / 255.0 + 0.25, 0.5 * 192 / 255.0, 0.5});
  glBindTexture(GL_TEXTURE_2D, textures[1]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_FLOAT, nullptr);
  const GLfloat luminance = 0.75f;
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_LUMINANCE, GL_FLOAT, &luminance);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got.data());
  expect_near({1.5, 1.0, 0.375, 0.5});  // not clamped: alpha 1 - 0.5
  // From a pixel unpack buffer alike.
  GLuint pbo = 0;
  glGenBuffers(1, &pbo);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof texel, texel, GL_STATIC_DRAW);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, got.data());
  expect_near({2 * 64 / 255.0, 128 / 255.0 + 0.25, 0.5 * 192 / 255.0, 0.5});
  // glDrawPixels scales once: the rectangle's colours are scaled when drawn, not also on the way.
  glPixelTransferf(GL_RED_SCALE, 1.0f);
  glPixelTransferf(GL_GREEN_BIAS, 0.0f);
  glPixelTransferf(GL_BLUE_SCALE, 1.0f);
  glPixelTransferf(GL_ALPHA_BIAS, 0.0f);
  glPixelTransferf(GL_GREEN_SCALE, 0.5f);
  glWindowPos2i(0, 0);
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  glPixelTransferf(GL_GREEN_SCALE, 1.0f);
  EXPECT_TRUE(near(0, 0, {0x40, 0x40, 0xc0, 0xff}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteBuffers(1, &pbo);
  glDeleteTextures(2, textures);
}

// COLOR_INDEX texels (GL 4.6 compatibility 8.4.4): each index, shifted and offset, becomes RGBA
// through I_TO_R..A (masked by the map size - 1), whatever MAP_COLOR; BITMAP data gives indices 0
// and 1 from its bits, most significant first. In a display list the lookup is the replay's: the
// maps current when the list runs.
TEST_F(LegacyGl10Test, ColourIndexTexelsGoThroughTheIndexMaps) {
  const GLfloat r[] = {0, 1}, g[] = {0, 0}, b[] = {1, 0}, a[] = {1, 1};
  glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, r);
  glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, g);
  glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, b);
  glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 2, a);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const GLubyte bits = 0xa5;  // 1 0 1 0 0 1 0 1
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 1, 0, GL_COLOR_INDEX, GL_BITMAP, &bits);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::array<GLubyte, 8 * 4> got{};
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got.data());
  for (int x = 0; x < 8; ++x) {
    const bool set = (bits >> (7 - x)) & 1;
    const std::array<int, 4> want = set ? std::array<int, 4>{255, 0, 0, 255} : std::array<int, 4>{0, 0, 255, 255};
    EXPECT_EQ((std::array<int, 4>{got[std::size_t(x * 4)], got[std::size_t(x * 4 + 1)], got[std::size_t(x * 4 + 2)],
                                  got[std::size_t(x * 4 + 3)]}), want) << "texel " << x;
  }
  // Byte indices 0..3 offset by 1: (i + 1) & 1 picks the map entry.
  const GLubyte indices[4] = {0, 1, 2, 3};
  glPixelTransferi(GL_INDEX_OFFSET, 1);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, indices);
  glPixelTransferi(GL_INDEX_OFFSET, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got.data());
  for (int x = 0; x < 4; ++x) EXPECT_EQ(got[std::size_t(x * 4)], x % 2 == 0 ? 255 : 0) << "texel " << x;
  // Compiled, then replayed after I_TO_G changed: the replay's map decides.
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 1, 0, GL_COLOR_INDEX, GL_BITMAP, &bits);
  glEndList();
  const GLfloat g_later[] = {0.5f, 1};
  glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, g_later);
  glCallList(list);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got.data());
  EXPECT_EQ(got[1], 255) << "texel 0 (index 1): green 1";
  EXPECT_EQ(got[5], 128) << "texel 1 (index 0): green 0.5";
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteLists(list, 1);
  glDeleteTextures(1, &t);
}

TEST_F(LegacyGl10Test, EvalMesh2DrawsTheMapsAsPrimitives) {
  const GLfloat corners[] = {-1, -1, 0, 0, -1, 0, -1, 1, 0, 0, 1, 0};  // (u, v): (0,0) (1,0) (0,1) (1,1)
  const GLfloat colours[] = {1, 0, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1};
  glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, 0, 1, 6, 2, corners);
  glMap2f(GL_MAP2_COLOR_4, 0, 1, 4, 2, 0, 1, 8, 2, colours);
  glEnable(GL_MAP2_VERTEX_3);
  glEnable(GL_MAP2_COLOR_4);
  glMapGrid2f(4, 0, 1, 4, 0, 1);
  glColor4f(0, 0, 1, 1);
  glEvalMesh2(GL_FILL, 0, 4, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int x : {1, 8, 14}) {
    const double u = (x + 0.5) / 16.0;
    EXPECT_TRUE(near(x, 16, {int(std::lround((1 - u) * 255)), int(std::lround(u * 255)), 0, 255})) << x;
  }
  EXPECT_EQ(pixel(24, 16), (Rgba{0, 0, 0, 0})) << "the right half is outside the patch";
  // The evaluated colours did not change the current colour.
  std::array<float, 4> c{};
  glGetFloatv(GL_CURRENT_COLOR, c.data());
  EXPECT_EQ(c, (std::array<float, 4>{0, 0, 1, 1}));
  // Map state.
  GLint order[2] = {};
  glGetMapiv(GL_MAP2_VERTEX_3, GL_ORDER, order);
  EXPECT_EQ(order[0], 2);
  EXPECT_EQ(order[1], 2);
  GLfloat coeff[12] = {};
  glGetMapfv(GL_MAP2_VERTEX_3, GL_COEFF, coeff);
  EXPECT_EQ(coeff[3], 0.0f);
  EXPECT_EQ(coeff[7], 1.0f);
  GLdouble domain[4] = {};
  glGetMapdv(GL_MAP1_VERTEX_3, GL_DOMAIN, domain);
  EXPECT_EQ(domain[1], 1.0);  // initial [0, 1]
  GLint segments[2] = {};
  glGetIntegerv(GL_MAP2_GRID_SEGMENTS, segments);
  EXPECT_EQ(segments[0], 4);
}

// A cubic curve (12.1.?'s Bernstein form) through glEvalCoord1 inside glBegin/glEnd, the map
// compiled into a display list with its points copied at compile time.
TEST_F(LegacyGl10Test, EvalCoord1IsAVertexAndMapsCompileIntoLists) {
  // A triangle fan: centre (0, -1) from glVertex, then the cubic from (-1, 0) to (1, 0) with
  // control points at y = 1, whose top is y = 0.75 at u = 0.5.
  GLfloat points[] = {-1, 0, 0, -1, 1, 0, 1, 1, 0, 1, 0, 0};
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 4, points);
  glEndList();
  points[4] = -5;  // the list keeps the values it was compiled with
  glCallList(list);
  glEnable(GL_MAP1_VERTEX_3);
  glColor3f(1, 1, 0);
  glBegin(GL_TRIANGLE_FAN);
  glVertex2f(0, -1);
  for (int i = 0; i <= 16; ++i) glEvalCoord1f(float(i) / 16.0f);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // y(0.5) = 0.75: window y = (0.75 + 1) * 16 = 28.
  EXPECT_EQ(pixel(16, 26), (Rgba{255, 255, 0, 255}));
  EXPECT_EQ(pixel(16, 30), (Rgba{0, 0, 0, 0}));
  // Errors (12.1.?).
  glMap1f(GL_MAP1_VERTEX_3, 1, 1, 3, 4, points);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 2, 4, points);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 9, points);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glMap1f(GL_MAP2_VERTEX_3, 0, 1, 3, 4, points);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glActiveTexture(GL_TEXTURE1);
  glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 4, points);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE0);
  glMapGrid1f(0, 0, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glEvalMesh1(GL_FILL, 0, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetMapfv(GL_MAP1_VERTEX_3, GL_RGBA, points);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

// 20.1: a hit record per name stack change after a hit: the names, and the smallest and largest
// window z of the hit primitives after clipping, scaled to 2^32 - 1.
TEST_F(LegacyGl10Test, SelectionRecordsHitsAfterClipping) {
  EXPECT_EQ(glRenderMode(GL_SELECT), 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no selection buffer yet";
  std::array<GLuint, 32> buffer{};
  glSelectBuffer(GLsizei(buffer.size()), buffer.data());
  EXPECT_EQ(glRenderMode(GL_SELECT), 0);
  EXPECT_EQ(geti(GL_RENDER_MODE), GL_SELECT);
  glSelectBuffer(4, buffer.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "SELECT mode";
  glLoadName(1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "empty name stack";
  glPopName();
  EXPECT_EQ(glGetError(), GLenum(GL_STACK_UNDERFLOW));
  glInitNames();
  glPushName(10);
  // Identity matrices: z_ndc = z, z_w = (z + 1) / 2. glRect is at z = 0: z_w = 0.5.
  glRectf(-0.5f, -0.5f, 0.5f, 0.5f);
  glBegin(GL_QUADS);  // same name: the hit grows to z_w = 0.25
  glVertex3f(-0.5f, -0.5f, -0.5f);
  glVertex3f(0.5f, -0.5f, -0.5f);
  glVertex3f(0.5f, 0.5f, -0.5f);
  glVertex3f(-0.5f, 0.5f, -0.5f);
  glEnd();
  glPushName(20);
  // A triangle from z = -0.2 to z = -3 through client arrays: clipped at the near plane
  // z_ndc = -1, so its z_w range is [0, 0.4].
  const GLfloat tri[] = {-0.5f, -0.5f, -0.2f, 0.5f, -0.5f, -3.0f, 0.0f, 0.5f, -0.2f};
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(3, GL_FLOAT, 0, tri);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glLoadName(30);
  glRectf(2, 2, 3, 3);  // outside the view volume: no hit
  glEnable(GL_CULL_FACE);
  glRectf(0.5f, -0.5f, -0.5f, 0.5f);  // clockwise: culled, no hit
  EXPECT_EQ(glRenderMode(GL_RENDER), 2);
  const auto z = [](double w) { return GLuint(std::llround(w * 4294967295.0)); };
  const std::array<GLuint, 9> expected = {1, z(0.25), z(0.5), 10, 2, z(0.0), z(0.4), 10, 20};
  for (std::size_t i = 0; i < expected.size(); ++i)
    EXPECT_NEAR(double(buffer[i]), double(expected[i]), 512.0) << "word " << i;
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 0, 0, 0})) << "nothing is drawn in SELECT mode";
  // Overflow: RenderMode returns -1.
  glSelectBuffer(2, buffer.data());
  glRenderMode(GL_SELECT);
  glPushName(1);
  glRectf(-0.5f, -0.5f, 0.5f, 0.5f);
  EXPECT_EQ(glRenderMode(GL_RENDER), -1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// 20.2: the tokens and vertex values of GL_3D_COLOR, in window coordinates.
TEST_F(LegacyGl10Test, FeedbackWritesTokensAndWindowCoordinates) {
  std::array<GLfloat, 64> buffer{};
  glFeedbackBuffer(GLsizei(buffer.size()), GL_3D_COLOR, buffer.data());
  EXPECT_EQ(glRenderMode(GL_FEEDBACK), 0);
  glPassThrough(5);
  glColor4f(1, 0, 0, 1);
  glBegin(GL_POINTS);
  glVertex3f(0.5f, 0.0f, 0.0f);  // window (24, 16, 0.5)
  glVertex3f(3.0f, 0.0f, 0.0f);  // clipped
  glEnd();
  glColor4f(0, 1, 0, 1);
  glBegin(GL_LINES);
  glVertex2f(-0.5f, -0.5f);  // (8, 8)
  glVertex2f(2.0f, -0.5f);   // clipped at x = 1: (32, 8)
  glEnd();
  const GLint n = glRenderMode(GL_RENDER);
  const std::vector<GLfloat> expected = {
      GL_PASS_THROUGH_TOKEN, 5,
      GL_POINT_TOKEN, 24, 16, 0.5f, 1, 0, 0, 1,
      GL_LINE_RESET_TOKEN, 8, 8, 0.5f, 0, 1, 0, 1, 32, 8, 0.5f, 0, 1, 0, 1};
  ASSERT_EQ(n, GLint(expected.size()));
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_NEAR(buffer[i], expected[i], 1e-4) << "value " << i;
  glFeedbackBuffer(4, GL_2D + 100, buffer.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace glvk::test
