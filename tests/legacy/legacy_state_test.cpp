// The compatibility state issue 14 item 2, 6 and 7 adds, through the real dispatch on lavapipe with
// validation: the raster position (glRasterPos/glWindowPos, GL 4.6 compatibility 14.7), pixel
// rectangle commands' errors, texture coordinate generation (12.1.3), user clip planes (13.7.2,
// fixed-function and gl_ClipVertex), point parameters (14.4), the attribute stacks (21.6) and
// polygon stipple (14.6.2). Expected values come from the
// spec's formulas computed here; pixels may differ by one unit from them.
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "gl_fixture.h"
#include "legacy_pixels.h"
#include "gl_programs.h"

namespace glvk::test {
namespace {

constexpr int kSize = 32;

class LegacyStateTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }

  void SetUp() override {
    GlTest::SetUp();
    glGenRenderbuffers(2, rb_);
    glBindRenderbuffer(GL_RENDERBUFFER, rb_[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kSize, kSize);
    glBindRenderbuffer(GL_RENDERBUFFER, rb_[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kSize, kSize);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb_[0]);
    glViewport(0, 0, kSize, kSize);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  int lit_pixels() {
    std::vector<std::uint8_t> p(kSize * kSize * 4);
    glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, p.data());
    int n = 0;
    for (int i = 0; i < kSize * kSize; ++i) n += p[std::size_t(i) * 4] != 0;
    return n;
  }

  void quad(float lo, float hi) {
    glBegin(GL_QUADS);
    glVertex2f(lo, lo);
    glVertex2f(hi, lo);
    glVertex2f(hi, hi);
    glVertex2f(lo, hi);
    glEnd();
  }

  GLuint rb_[2] = {}, fbo_ = 0;
};

std::array<float, 4> get4(GLenum pname) {
  std::array<float, 4> v{};
  glGetFloatv(pname, v.data());
  return v;
}

// 14.7: window x = vx + (xd + 1) w / 2, z = n + (zd + 1)(f - n) / 2, w_c kept; a clipped point makes
// the position invalid; the raster colour and texture coordinates (through the texture matrix) are
// the current ones; the raster distance is |z_e|.
TEST_F(LegacyStateTest, RasterPosTransformsAndClips) {
  EXPECT_EQ(get4(GL_CURRENT_RASTER_POSITION), (std::array<float, 4>{0, 0, 0, 1}));
  glViewport(4, 2, 20, 10);
  glDepthRange(0.25, 0.75);
  glMatrixMode(GL_PROJECTION);
  glScalef(0.5f, 0.5f, 0.5f);
  glMatrixMode(GL_TEXTURE);
  glScalef(2.0f, 1.0f, 1.0f);
  glMatrixMode(GL_MODELVIEW);
  glTranslatef(0.2f, 0.4f, 0.0f);
  glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
  glTexCoord2f(0.125f, 0.5f);
  glRasterPos4f(0.6f, -0.8f, 0.4f, 2.0f);
  // eye = (0.6 + 0.4, -0.8 + 0.8, 0.4, 2) = (1, 0, 0.4, 2); clip = (0.5, 0, 0.2, 2); ndc = (0.25, 0, 0.1).
  const std::array<float, 4> pos = get4(GL_CURRENT_RASTER_POSITION);
  EXPECT_NEAR(pos[0], 4 + 1.25f * 10, 1e-4);
  EXPECT_NEAR(pos[1], 2 + 1.0f * 5, 1e-4);
  EXPECT_NEAR(pos[2], 0.25f + 1.1f * 0.5f / 2, 1e-5);
  EXPECT_NEAR(pos[3], 2.0f, 1e-6);
  GLint valid = 0;
  glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  EXPECT_EQ(get4(GL_CURRENT_RASTER_COLOR), (std::array<float, 4>{0.25f, 0.5f, 0.75f, 1.0f}));
  EXPECT_EQ(get4(GL_CURRENT_RASTER_TEXTURE_COORDS), (std::array<float, 4>{0.25f, 0.5f, 0, 1}));
  float distance = -1;
  glGetFloatv(GL_CURRENT_RASTER_DISTANCE, &distance);
  EXPECT_NEAR(distance, 0.4, 1e-6);  // |z_e| (16.4's approximation of the eye distance)
  glRasterPos2f(4.0f, 0.0f);  // clip x = 2.1 > w = 1
  glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_FALSE);
  // A user clip plane clips it too: x_eye >= 0.5 only.
  glRasterPos2f(0.0f, 0.0f);
  glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  const GLdouble plane[4] = {1, 0, 0, -0.5};
  glLoadIdentity();
  glClipPlane(GL_CLIP_PLANE0, plane);
  glEnable(GL_CLIP_PLANE0);
  glRasterPos2f(0.4f, 0.0f);
  glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_FALSE);
  glRasterPos2f(0.6f, 0.0f);
  glGetIntegerv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
  EXPECT_EQ(valid, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// 14.7.1: glWindowPos takes window x, y as given, z through the depth range, w_c = 1, and the
// current colour; glBitmap moves it; glPixelTransfer's scale and bias on a drawn pixel; glPixelZoom.
TEST_F(LegacyStateTest, WindowPosBitmapMoveTransferAndZoom) {
  glDepthRange(0.2, 0.6);
  glColor3f(1.0f, 0.0f, 0.5f);
  glWindowPos3f(7.5f, -3.0f, 0.5f);
  EXPECT_EQ(get4(GL_CURRENT_RASTER_POSITION), (std::array<float, 4>{7.5f, -3.0f, 0.4f, 1.0f}));
  EXPECT_EQ(get4(GL_CURRENT_RASTER_COLOR), (std::array<float, 4>{1.0f, 0.0f, 0.5f, 1.0f}));
  glBitmap(0, 0, 0, 0, 2.5f, 4.0f, nullptr);
  EXPECT_EQ(get4(GL_CURRENT_RASTER_POSITION), (std::array<float, 4>{10.0f, 1.0f, 0.4f, 1.0f}));
  // glPixelTransfer's state (table 23.?), applied to a drawn pixel: 0.5 * 2 + 0.25 -> clamped 1.0,
  // 0.5 * 0.5 - 0.125 = 0.125.
  glPixelTransferf(GL_RED_SCALE, 2.0f);
  glPixelTransferf(GL_RED_BIAS, 0.25f);
  glPixelTransferf(GL_GREEN_SCALE, 0.5f);
  glPixelTransferi(GL_GREEN_BIAS, 0);
  glPixelTransferf(GL_GREEN_BIAS, -0.125f);
  float transfer[2] = {};
  glGetFloatv(GL_RED_SCALE, &transfer[0]);
  glGetFloatv(GL_GREEN_BIAS, &transfer[1]);
  EXPECT_EQ(transfer[0], 2.0f);
  EXPECT_EQ(transfer[1], -0.125f);
  glPixelTransferf(GL_TEXTURE_ENV_MODE, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  const GLfloat half[4] = {0.5f, 0.5f, 0.5f, 0.5f};
  glWindowPos2i(20, 20);
  glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, half);
  EXPECT_TRUE(near(20, 20, {255, 32, 128, 128}));
  glPixelTransferf(GL_RED_SCALE, 1.0f);
  glPixelTransferf(GL_RED_BIAS, 0.0f);
  glPixelTransferf(GL_GREEN_SCALE, 1.0f);
  glPixelTransferf(GL_GREEN_BIAS, 0.0f);
  glWindowPos3f(7.5f, -3.0f, 0.5f);
  glPixelZoom(2.0f, -0.5f);
  float zoom[2] = {};
  glGetFloatv(GL_ZOOM_X, &zoom[0]);
  glGetFloatv(GL_ZOOM_Y, &zoom[1]);
  EXPECT_EQ(zoom[0], 2.0f);
  EXPECT_EQ(zoom[1], -0.5f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// The errors of 14.7, 14.8, 18.1 and 18.3 (and nothing drawn from an invalid raster position).
TEST_F(LegacyStateTest, PixelRectangleErrors) {
  const std::uint8_t pixels[16] = {255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};
  glDrawPixels(-1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE_3_3_2, pixels);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDrawPixels(1, 1, 0x1234, GL_UNSIGNED_BYTE, pixels);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, pixels);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDrawPixels(1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, pixels);  // no depth buffer
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glCopyPixels(0, 0, 1, 1, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glCopyPixels(0, 0, -1, 1, GL_COLOR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glCopyPixels(0, 0, 1, 1, GL_DEPTH);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBitmap(-1, 1, 0, 0, 0, 0, pixels);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBegin(GL_POINTS);
  glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glRasterPos2f(0, 0);
  glWindowPos2i(0, 0);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // An invalid raster position draws nothing and does not move.
  glRasterPos2f(2.0f, 0.0f);
  glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  glBitmap(2, 2, 0, 0, 5, 5, pixels);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(lit_pixels(), 0);
  // A valid one draws a 2x2 white square at (3, 5).
  glWindowPos2i(3, 5);
  glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(lit_pixels(), 4);
  EXPECT_TRUE(near(3, 5, {255, 255, 255, 255}));
  EXPECT_TRUE(near(4, 6, {255, 255, 255, 255}));
}

// 12.1.3's state: initial planes and modes, the eye plane times the inverse modelview, the
// coordinates each mode takes, and the errors.
TEST_F(LegacyStateTest, TexGenStateAndErrors) {
  GLint mode = 0;
  glGetTexGeniv(GL_Q, GL_TEXTURE_GEN_MODE, &mode);
  EXPECT_EQ(mode, GL_EYE_LINEAR);
  GLfloat plane[4] = {};
  glGetTexGenfv(GL_T, GL_OBJECT_PLANE, plane);
  EXPECT_EQ((std::array<float, 4>{plane[0], plane[1], plane[2], plane[3]}), (std::array<float, 4>{0, 1, 0, 0}));
  glGetTexGenfv(GL_R, GL_EYE_PLANE, plane);
  EXPECT_EQ((std::array<float, 4>{plane[0], plane[1], plane[2], plane[3]}), (std::array<float, 4>{0, 0, 0, 0}));
  // M = translate(1, 2, 3) scale(2, 2, 2): (p) M^-1 for p = (1, 1, 0, 1) is (0.5, 0.5, 0, 1 - 0.5 - 1).
  glTranslatef(1.0f, 2.0f, 3.0f);
  glScalef(2.0f, 2.0f, 2.0f);
  const GLdouble eye[4] = {1, 1, 0, 1};
  glTexGendv(GL_S, GL_EYE_PLANE, eye);
  GLdouble got[4] = {};
  glGetTexGendv(GL_S, GL_EYE_PLANE, got);
  EXPECT_NEAR(got[0], 0.5, 1e-12);
  EXPECT_NEAR(got[1], 0.5, 1e-12);
  EXPECT_NEAR(got[2], 0.0, 1e-12);
  EXPECT_NEAR(got[3], -0.5, 1e-12);
  glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexGeni(GL_Q, GL_TEXTURE_GEN_MODE, GL_REFLECTION_MAP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexGeni(GL_R, GL_TEXTURE_GEN_MODE, GL_NORMAL_MAP);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexGenf(GL_S, GL_EYE_PLANE, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexGeni(GL_S + 4, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glActiveTexture(GL_TEXTURE0 + 8);  // beyond MAX_TEXTURE_COORDS
  glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE1);
  glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
  glActiveTexture(GL_TEXTURE0);
  glGetTexGeniv(GL_T, GL_TEXTURE_GEN_MODE, &mode);
  EXPECT_EQ(mode, GL_EYE_LINEAR);  // per unit
}

// OBJECT_LINEAR and EYE_LINEAR generation on a two-texel 1D texture (texel 1 where s >= 0.5).
TEST_F(LegacyStateTest, TexGenLinearModesDrawTheSpecsCoordinates) {
  const std::uint8_t texels[8] = {255, 0, 0, 255, 0, 0, 255, 255};
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_1D, t);
  glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glEnable(GL_TEXTURE_1D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  // s = 0.5 x + 0.5 over [-1, 1]: texel 0 left of x = 0, texel 1 right.
  const GLfloat object_plane[4] = {0.5f, 0, 0, 0.5f};
  glTexGenfv(GL_S, GL_OBJECT_PLANE, object_plane);
  glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
  glEnable(GL_TEXTURE_GEN_S);
  glTexCoord1f(0.9f);  // replaced by the generated s
  quad(-1, 1);
  EXPECT_TRUE(near(4, 16, {255, 0, 0, 255}));
  EXPECT_TRUE(near(14, 16, {255, 0, 0, 255}));
  EXPECT_TRUE(near(17, 16, {0, 0, 255, 255}));
  EXPECT_TRUE(near(28, 16, {0, 0, 255, 255}));
  // EYE_LINEAR with the plane (1, 0, 0, 0) given under translate(0.5, 0, 0): p M^-1 = (1, 0, 0, -0.5).
  glClear(GL_COLOR_BUFFER_BIT);
  glPushMatrix();
  glTranslatef(0.5f, 0, 0);
  const GLfloat eye_plane[4] = {1, 0, 0, 0};
  glTexGenfv(GL_S, GL_EYE_PLANE, eye_plane);
  glPopMatrix();
  glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
  // Drawn with the identity: s = x - 0.5, times 4 by the texture matrix: texel 1 where 4x - 2 >= 0.5,
  // x >= 0.625 (pixel 26 on).
  glMatrixMode(GL_TEXTURE);
  glScalef(4.0f, 1.0f, 1.0f);
  glMatrixMode(GL_MODELVIEW);
  quad(-1, 1);
  EXPECT_TRUE(near(20, 16, {255, 0, 0, 255}));
  EXPECT_TRUE(near(25, 16, {255, 0, 0, 255}));
  EXPECT_TRUE(near(27, 16, {0, 0, 255, 255}));
  EXPECT_TRUE(near(31, 16, {0, 0, 255, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(1, &t);
}

// 13.7.2: a plane given under the modelview matrix, kept in eye coordinates, clips the
// fixed-function draw where (p) . (x_eye) < 0 when enabled; glGetClipPlane returns the eye plane.
TEST_F(LegacyStateTest, ClipPlanesClipFixedFunctionDraws) {
  glTranslatef(0.5f, 0, 0);
  const GLdouble plane[4] = {-1, 0, 0, 0};  // object x <= 0 -> eye x <= 0.5 -> (-1, 0, 0, 0.5)
  glClipPlane(GL_CLIP_PLANE3, plane);
  GLdouble got[4] = {};
  glGetClipPlane(GL_CLIP_PLANE3, got);
  EXPECT_EQ((std::array<double, 4>{got[0], got[1], got[2], got[3]}), (std::array<double, 4>{-1, 0, 0, 0.5}));
  glLoadIdentity();
  glColor3f(1, 1, 1);
  quad(-1, 1);  // not enabled yet: everything
  EXPECT_EQ(lit_pixels(), kSize * kSize);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_CLIP_PLANE3);
  quad(-1, 1);  // x <= 0.5: pixels 0..23
  EXPECT_TRUE(near(23, 16, {255, 255, 255, 255}));
  EXPECT_TRUE(near(24, 16, {0, 0, 0, 0}));
  EXPECT_EQ(lit_pixels(), 24 * kSize);
  GLboolean enabled = GL_FALSE;
  glGetBooleanv(GL_CLIP_PLANE3, &enabled);
  EXPECT_EQ(enabled, GL_TRUE);
  glClipPlane(GL_CLIP_PLANE0 + 8, plane);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

// gl_ClipVertex (GLSL 1.10) against gl_ClipPlane: clipped by the enabled planes only.
TEST_F(LegacyStateTest, ClipVertexClipsAgainstEnabledPlanes) {
  const GLuint p = link(
      "#version 110\n"
      "void main() { gl_ClipVertex = gl_ModelViewMatrix * gl_Vertex; gl_Position = ftransform(); }\n",
      "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n");
  glUseProgram(p);
  const GLdouble plane[4] = {0, 1, 0, 0.5};  // y >= -0.5: rows 8 and up
  glClipPlane(GL_CLIP_PLANE1, plane);
  quad(-1, 1);
  EXPECT_EQ(lit_pixels(), kSize * kSize);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_CLIP_PLANE1);
  quad(-1, 1);
  EXPECT_TRUE(near(16, 8, {255, 255, 255, 255}));
  EXPECT_TRUE(near(16, 7, {0, 0, 0, 0}));
  EXPECT_EQ(lit_pixels(), 24 * kSize);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(p);
}

// GLSL 1.30 7.1 (compatibility): a vertex stage writing neither gl_ClipVertex nor gl_ClipDistance
// is clipped by gl_Position against the enabled planes (eye coordinates, dotted with the clip-space
// position as given). The shader ignores the modelview matrix, so the eye-space vertex would clip
// elsewhere; planes move between draws and a disabled plane below an enabled one clips nothing.
TEST_F(LegacyStateTest, ShadersWritingNoClipVertexAreClippedByTheirPosition) {
  const GLuint p = link(
      "#version 130\n"
      "void main() { gl_Position = vec4(gl_Vertex.xy, 0.0, 1.0); }\n",
      "#version 130\nvoid main() { gl_FragColor = vec4(1.0); }\n");
  glUseProgram(p);
  glTranslatef(0.5f, 0, 0);
  const GLdouble right[4] = {-1, 0, 0, 0};  // eye plane (-1, 0, 0, 0.5): x <= 0.5, pixels 0..23
  glClipPlane(GL_CLIP_PLANE2, right);
  const GLdouble below[4] = {0, -1, 0, 0};  // defined but never enabled: would keep rows 0..15 only
  glClipPlane(GL_CLIP_PLANE0, below);
  glLoadIdentity();
  glEnable(GL_CLIP_PLANE2);
  quad(-1, 1);
  EXPECT_TRUE(near(23, 16, {255, 255, 255, 255}));
  EXPECT_TRUE(near(24, 16, {0, 0, 0, 0}));
  EXPECT_TRUE(near(8, 28, {255, 255, 255, 255}));
  EXPECT_EQ(lit_pixels(), 24 * kSize);
  // The plane moves (eye plane (1, 0, 0, 0.5): x >= -0.5, pixels 8..31) with the same program.
  glClear(GL_COLOR_BUFFER_BIT);
  const GLdouble left[4] = {1, 0, 0, 0.5};
  glClipPlane(GL_CLIP_PLANE2, left);
  quad(-1, 1);
  EXPECT_TRUE(near(7, 16, {0, 0, 0, 0}));
  EXPECT_TRUE(near(8, 16, {255, 255, 255, 255}));
  EXPECT_EQ(lit_pixels(), 24 * kSize);
  glDisable(GL_CLIP_PLANE2);
  glClear(GL_COLOR_BUFFER_BIT);
  quad(-1, 1);
  EXPECT_EQ(lit_pixels(), kSize * kSize);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(p);
}

// 14.4.1: while points are drawn as sprites, COORD_REPLACE gives a GLSL fragment shader's
// gl_TexCoord[i] the point's (s, t, 0, 1) (s left to right across the point) in place of what the
// vertex shader wrote; other units, and other primitives, keep the vertex shader's coordinates.
TEST_F(LegacyStateTest, CoordReplaceGivesShadersThePointsCoordinates) {
  const GLuint p = link(
      "#version 110\n"
      "void main() { gl_Position = gl_Vertex; gl_TexCoord[0] = vec4(0.25); gl_TexCoord[1] = vec4(0.5); }\n",
      "#version 110\nvoid main() { gl_FragColor = vec4(gl_TexCoord[0].xw, gl_TexCoord[1].x, 1.0); }\n");
  glUseProgram(p);
  glEnable(GL_POINT_SPRITE);
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
  glPointSize(16.0f);
  const auto point = [] {
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_POINTS);
    glVertex2f(0, 0);
    glEnd();
  };
  point();  // a 16-pixel point over pixels 8..23: s = (x + 0.5 - 8) / 16
  EXPECT_TRUE(near(8, 16, {8, 255, 128, 255}));    // s = 1/32, q = 1
  EXPECT_TRUE(near(23, 16, {247, 255, 128, 255}));  // s = 31/32
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
  point();
  EXPECT_TRUE(near(8, 16, {64, 64, 128, 255}));
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
  glDisable(GL_POINT_SPRITE);  // no sprites: the vertex shader's coordinates
  point();
  EXPECT_TRUE(near(16, 16, {64, 64, 128, 255}));
  glEnable(GL_POINT_SPRITE);
  glClear(GL_COLOR_BUFFER_BIT);
  quad(-1, 1);  // not points
  EXPECT_TRUE(near(16, 16, {64, 64, 128, 255}));
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
  glDisable(GL_POINT_SPRITE);
  glPointSize(1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(p);
}

// 14.4: the state, its errors, and the derived size clamp(size sqrt(1 / (a + b d + c d^2)), min, max).
TEST_F(LegacyStateTest, PointParametersStateErrorsAndAttenuation) {
  float v[4] = {};
  glGetFloatv(GL_POINT_SIZE_MIN, v);
  EXPECT_EQ(v[0], 0.0f);
  glGetFloatv(GL_POINT_FADE_THRESHOLD_SIZE, v);
  EXPECT_EQ(v[0], 1.0f);
  glGetFloatv(GL_POINT_DISTANCE_ATTENUATION, v);
  EXPECT_EQ((std::array<float, 3>{v[0], v[1], v[2]}), (std::array<float, 3>{1, 0, 0}));
  GLint origin = 0;
  glGetIntegerv(GL_POINT_SPRITE_COORD_ORIGIN, &origin);
  EXPECT_EQ(origin, GL_UPPER_LEFT);
  float range[2] = {}, max = 0;
  glGetFloatv(GL_POINT_SIZE_RANGE, range);
  glGetFloatv(GL_POINT_SIZE_MAX, &max);
  EXPECT_EQ(max, range[1]);
  glPointParameterf(GL_POINT_SIZE_MIN, -1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT + 5);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glPointParameterf(GL_POINT_DISTANCE_ATTENUATION, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glPointParameterf(GL_LINE_WIDTH, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // COORD_REPLACE per unit (GL_POINT_SPRITE's texture environment).
  GLint replace = -1;
  glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &replace);
  EXPECT_EQ(replace, GL_FALSE);
  glActiveTexture(GL_TEXTURE3);
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
  glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &replace);
  EXPECT_EQ(replace, GL_TRUE);
  glActiveTexture(GL_TEXTURE0);
  glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &replace);
  EXPECT_EQ(replace, GL_FALSE);
  glTexEnvi(GL_POINT_SPRITE, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // A point of size 8 at eye distance 2 with c = 1: 8 sqrt(1/4) = 4 pixels wide.
  if (range[1] < 8.0f) GTEST_SKIP() << "points of size 8 are not supported";
  const GLfloat attenuation[3] = {0, 0, 1};
  glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, attenuation);
  glPointSize(8.0f);
  glMatrixMode(GL_PROJECTION);
  glOrtho(-1, 1, -1, 1, 0, 4);
  glMatrixMode(GL_MODELVIEW);
  glColor3f(1, 1, 1);
  glBegin(GL_POINTS);
  glVertex3f(0.0625f, 0.0625f, -2.0f);  // centre (17, 17): pixels 15..18
  glEnd();
  EXPECT_EQ(lit_pixels(), 16);
  EXPECT_TRUE(near(15, 15, {255, 255, 255, 255}));
  EXPECT_TRUE(near(18, 18, {255, 255, 255, 255}));
  // POINT_SIZE_MAX 2 clamps it.
  glClear(GL_COLOR_BUFFER_BIT);
  glPointParameterf(GL_POINT_SIZE_MAX, 2.0f);
  glBegin(GL_POINTS);
  glVertex3f(0.0625f, 0.0625f, -2.0f);
  glEnd();
  EXPECT_EQ(lit_pixels(), 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// 21.6: sixteen levels each, STACK_OVERFLOW and STACK_UNDERFLOW, and the depth queries.
TEST_F(LegacyStateTest, AttribStacksOverflowAndUnderflow) {
  GLint max = 0, depth = -1;
  glGetIntegerv(GL_MAX_ATTRIB_STACK_DEPTH, &max);
  EXPECT_GE(max, 16);
  for (GLint i = 0; i < max; ++i) glPushAttrib(GL_ALL_ATTRIB_BITS);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetIntegerv(GL_ATTRIB_STACK_DEPTH, &depth);
  EXPECT_EQ(depth, max);
  glPushAttrib(GL_FOG_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_STACK_OVERFLOW));
  for (GLint i = 0; i < max; ++i) glPopAttrib();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glPopAttrib();
  EXPECT_EQ(glGetError(), GLenum(GL_STACK_UNDERFLOW));
  glGetIntegerv(GL_MAX_CLIENT_ATTRIB_STACK_DEPTH, &max);
  EXPECT_GE(max, 16);
  glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
  glGetIntegerv(GL_CLIENT_ATTRIB_STACK_DEPTH, &depth);
  EXPECT_EQ(depth, 1);
  glPopClientAttrib();
  glPopClientAttrib();
  EXPECT_EQ(glGetError(), GLenum(GL_STACK_UNDERFLOW));
  glBegin(GL_POINTS);
  glPushAttrib(GL_FOG_BIT);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// A pop restores the groups its push named and leaves the others as they are now.
TEST_F(LegacyStateTest, PopAttribRestoresTheNamedGroups) {
  glPushAttrib(GL_FOG_BIT | GL_CURRENT_BIT | GL_ENABLE_BIT | GL_TEXTURE_BIT | GL_VIEWPORT_BIT);
  glEnable(GL_FOG);
  glFogf(GL_FOG_DENSITY, 0.5f);
  glColor3f(0.0f, 1.0f, 0.0f);
  glWindowPos2i(3, 4);
  glEnable(GL_LIGHTING);
  glEnable(GL_DEPTH_TEST);
  glEnable(GL_TEXTURE_GEN_S);
  glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_SPHERE_MAP);
  glActiveTexture(GL_TEXTURE2);
  glViewport(1, 2, 3, 4);
  glDepthFunc(GL_GREATER);  // DEPTH_BUFFER_BIT: not pushed
  glPopAttrib();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_FALSE(glIsEnabled(GL_FOG));
  float density = 0;
  glGetFloatv(GL_FOG_DENSITY, &density);
  EXPECT_EQ(density, 1.0f);
  EXPECT_EQ(get4(GL_CURRENT_COLOR), (std::array<float, 4>{1, 1, 1, 1}));
  EXPECT_EQ(get4(GL_CURRENT_RASTER_POSITION), (std::array<float, 4>{0, 0, 0, 1}));
  EXPECT_FALSE(glIsEnabled(GL_LIGHTING));
  EXPECT_FALSE(glIsEnabled(GL_DEPTH_TEST));
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_GEN_S));
  GLint v[4] = {};
  glGetTexGeniv(GL_S, GL_TEXTURE_GEN_MODE, v);
  EXPECT_EQ(v[0], GL_EYE_LINEAR);
  glGetIntegerv(GL_ACTIVE_TEXTURE, v);
  EXPECT_EQ(v[0], GL_TEXTURE0);
  glGetIntegerv(GL_VIEWPORT, v);
  EXPECT_EQ((std::array<GLint, 4>{v[0], v[1], v[2], v[3]}), (std::array<GLint, 4>{0, 0, kSize, kSize}));
  glGetIntegerv(GL_DEPTH_FUNC, v);
  EXPECT_EQ(v[0], GL_GREATER);
  // The client stack: pixel store and the legacy arrays.
  const float data[4] = {};
  glPushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT | GL_CLIENT_VERTEX_ARRAY_BIT);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, data);
  glPopClientAttrib();
  glGetIntegerv(GL_UNPACK_ALIGNMENT, v);
  EXPECT_EQ(v[0], 4);
  EXPECT_FALSE(glIsEnabled(GL_VERTEX_ARRAY));
  void* pointer = &pointer;
  glGetPointerv(GL_VERTEX_ARRAY_POINTER, &pointer);
  EXPECT_EQ(pointer, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// 14.6.2: fragments of filled polygons survive where the pattern's bit (x mod 32, y mod 32) is
// set; lines are not stippled by it. glGetPolygonStipple returns the pattern; glLineStipple's state.
TEST_F(LegacyStateTest, PolygonStippleMasksPolygonFragments) {
  GLubyte pattern[128];
  for (int row = 0; row < 32; ++row)
    for (int b = 0; b < 4; ++b) pattern[row * 4 + b] = row % 2 ? 0x0f : 0xf0;  // 4 on, 4 off / 4 off, 4 on
  glPolygonStipple(pattern);
  GLubyte back[128] = {};
  glGetPolygonStipple(back);
  EXPECT_EQ(std::vector<GLubyte>(back, back + 128), std::vector<GLubyte>(pattern, pattern + 128));
  glEnable(GL_POLYGON_STIPPLE);
  glColor3f(1, 1, 1);
  quad(-1, 1);
  EXPECT_EQ(lit_pixels(), kSize * kSize / 2);
  EXPECT_TRUE(near(0, 0, {255, 255, 255, 255}));
  EXPECT_TRUE(near(4, 0, {0, 0, 0, 0}));
  EXPECT_TRUE(near(0, 1, {0, 0, 0, 0}));
  EXPECT_TRUE(near(5, 1, {255, 255, 255, 255}));
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_LINES);  // row 0 from x 0 to 32: not stippled
  glVertex2f(-1.0f, -1.0f + 1.0f / kSize);
  glVertex2f(1.0f, -1.0f + 1.0f / kSize);
  glEnd();
  EXPECT_EQ(lit_pixels(), kSize);
  glLineStipple(300, 0xf0f0);
  GLint v = 0;
  glGetIntegerv(GL_LINE_STIPPLE_REPEAT, &v);
  EXPECT_EQ(v, 256);
  glGetIntegerv(GL_LINE_STIPPLE_PATTERN, &v);
  EXPECT_EQ(v, 0xf0f0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// 14.5.2: with LINE_STIPPLE a line's fragment is drawn when bit floor(s / factor) mod 16 of the
// pattern is set, s counting the fragments of a strip (reset for each independent segment of
// GL_LINES). Row 0 is drawn from x 0 to 32, one fragment per column.
TEST_F(LegacyStateTest, LineStippleMasksLineFragments) {
  const auto row_lit = [](int y) {
    std::vector<std::uint8_t> p(kSize * 4);
    glReadPixels(0, y, kSize, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.data());
    std::string bits;
    for (int x = 0; x < kSize; ++x) bits += p[std::size_t(x) * 4] ? '1' : '0';
    return bits;
  };
  const float y0 = -1.0f + 1.0f / kSize, y2 = -1.0f + 5.0f / kSize;
  glColor3f(1, 1, 1);
  glEnable(GL_LINE_STIPPLE);
  glLineStipple(2, 0x00ff);  // 8 bits on, 8 off, each two fragments long
  glBegin(GL_LINE_STRIP);
  glVertex2f(-1.0f, y0);
  glVertex2f(0.0f, y0);
  glVertex2f(1.0f, y0);
  glEnd();
  EXPECT_EQ(row_lit(0), std::string(16, '1') + std::string(16, '0'));
  // GL_LINES: the counter starts again at the second segment (x 16): bits 0-2 of a factor of 3
  // light s 0..8 of each segment (without the reset the second would be dark: s 16..31).
  glLineStipple(3, 0x0007);
  glBegin(GL_LINES);
  glVertex2f(-1.0f, y2);
  glVertex2f(0.0f, y2);
  glVertex2f(0.0f, y2);
  glVertex2f(1.0f, y2);
  glEnd();
  EXPECT_EQ(row_lit(2), "11111111100000001111111110000000");
  // Disabled: the whole line.
  glDisable(GL_LINE_STIPPLE);
  glClear(GL_COLOR_BUFFER_BIT);
  glBegin(GL_LINES);
  glVertex2f(-1.0f, y0);
  glVertex2f(1.0f, y0);
  glEnd();
  EXPECT_EQ(row_lit(0), std::string(32, '1'));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
