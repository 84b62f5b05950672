// The fixed-function pipeline through the real dispatch on lavapipe with validation: immediate
// mode, legacy client arrays, lighting, texture environments, fog, alpha test, their state commands,
// queries and errors. Expected pixels come from GL 4.6 compatibility's formulas (12.2.1 lighting,
// table 16.1 texture environments, 16.4 fog), computed here in double precision; a pixel may differ
// by one unit from them (the device interpolates and converts in float).
#include <array>
#include <cmath>
#include <vector>

#include "gl_fixture.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

constexpr int kSize = 32;
using V3 = std::array<double, 3>;

int byte(double c) { return int(std::lround(std::clamp(c, 0.0, 1.0) * 255.0)); }

class LegacyTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }

  void SetUp() override {
    GlTest::SetUp();
    glGenTextures(1, &target_);
    glBindTexture(GL_TEXTURE_2D, target_);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kSize, kSize);
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target_, 0);
    glViewport(0, 0, kSize, kSize);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  // A full-viewport quad in NDC (identity matrices) with texture coordinates 0..1.
  void full_quad(float z = 0.0f) {
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex3f(-1, -1, z);
    glTexCoord2f(1, 0);
    glVertex3f(1, -1, z);
    glTexCoord2f(1, 1);
    glVertex3f(1, 1, z);
    glTexCoord2f(0, 1);
    glVertex3f(-1, 1, z);
    glEnd();
  }

  // A 2x2 texture on unit 0, nearest filtering, texels bottom-left first.
  GLuint texture_2x2(GLenum internal, GLenum format, const std::vector<std::uint8_t>& texels) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(internal), 2, 2, 0, format, GL_UNSIGNED_BYTE, texels.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    return t;
  }

  GLuint target_ = 0, fbo_ = 0;
};

TEST_F(LegacyTest, ImmediateTriangleTakesTheCurrentColour) {
  glColor3f(1, 0, 0);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(1, -1);
  glVertex2f(-1, 1);
  glEnd();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(3, 3), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(pixel(28, 28), (Rgba{0, 0, 0, 0}));
}

TEST_F(LegacyTest, SmoothShadingInterpolatesAndFlatTakesTheLastVertex) {
  // Vertex colours red, green, blue at (-1,-1), (3,-1), (-1,3): the viewport is the triangle's
  // lower-left quarter, so the barycentric weights at window (x, y) are linear in x and y.
  auto triangle = [] {
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glColor3f(0, 1, 0);
    glVertex2f(3, -1);
    glColor3f(0, 0, 1);
    glVertex2f(-1, 3);
    glEnd();
  };
  triangle();
  for (int y : {2, 17, 30})
    for (int x : {1, 12, 25}) {
      const double u = (x + 0.5) / 64.0, v = (y + 0.5) / 64.0;  // weights of green and blue
      EXPECT_TRUE(near(x, y, {byte(1 - u - v), byte(u), byte(v), 255}));
    }
  glShadeModel(GL_FLAT);
  triangle();
  EXPECT_EQ(pixel(5, 5), (Rgba{0, 0, 255, 255}));  // the provoking (last) vertex
}

TEST_F(LegacyTest, RectUsesTheMatrixStacks) {
  glMatrixMode(GL_PROJECTION);
  glOrtho(0, kSize, 0, kSize, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glTranslatef(4, 0, 0);
  glColor4ub(0, 255, 0, 128);
  glRecti(0, 4, 8, 12);  // window x 4..12, y 4..12
  EXPECT_EQ(pixel(4, 4), (Rgba{0, 255, 0, 128}));
  EXPECT_EQ(pixel(11, 11), (Rgba{0, 255, 0, 128}));
  EXPECT_EQ(pixel(3, 6), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(pixel(12, 6), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// GL 4.6 compatibility equation 12.? for one light and the front material, colour material off.
struct LightCase {
  V3 light_position;  // eye coordinates, w = 1 (positional)
  V3 ambient, diffuse, specular;
  V3 mat_ambient, mat_diffuse, mat_specular, mat_emission;
  double shininess;
  double k0, k1, k2;
  V3 scene_ambient;
};

double dot(const V3& a, const V3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
V3 normalized(const V3& a) {
  const double l = std::sqrt(dot(a, a));
  return {a[0] / l, a[1] / l, a[2] / l};
}

V3 lit(const LightCase& c, const V3& vertex, const V3& normal, bool local_viewer) {
  V3 vp{c.light_position[0] - vertex[0], c.light_position[1] - vertex[1], c.light_position[2] - vertex[2]};
  const double d = std::sqrt(dot(vp, vp));
  vp = normalized(vp);
  const double att = 1.0 / (c.k0 + c.k1 * d + c.k2 * d * d);
  const double ndotvp = std::max(dot(normal, vp), 0.0);
  const V3 eye = local_viewer ? normalized({-vertex[0], -vertex[1], -vertex[2]}) : V3{0, 0, 1};
  const V3 h = normalized({vp[0] + eye[0], vp[1] + eye[1], vp[2] + eye[2]});
  const double spec = ndotvp > 0 ? std::pow(std::max(dot(normal, h), 0.0), c.shininess) : 0.0;
  V3 out{};
  for (std::size_t i = 0; i < 3; ++i)
    out[i] = c.mat_emission[i] + c.mat_ambient[i] * c.scene_ambient[i] +
             att * (c.mat_ambient[i] * c.ambient[i] + ndotvp * c.mat_diffuse[i] * c.diffuse[i] +
                    spec * c.mat_specular[i] * c.specular[i]);
  return out;
}

void set4(GLenum light, GLenum pname, const V3& v, double w) {
  const GLfloat f[4] = {GLfloat(v[0]), GLfloat(v[1]), GLfloat(v[2]), GLfloat(w)};
  glLightfv(light, pname, f);
}
void material4(GLenum pname, const V3& v, double a) {
  const GLfloat f[4] = {GLfloat(v[0]), GLfloat(v[1]), GLfloat(v[2]), GLfloat(a)};
  glMaterialfv(GL_FRONT_AND_BACK, pname, f);
}

TEST_F(LegacyTest, PositionalLightWithAttenuationAndSpecularMatchesTheLightingEquation) {
  const LightCase c{{0.3, -0.2, 1.5},  {0.1, 0.2, 0.05}, {0.9, 0.7, 0.4}, {0.6, 0.6, 0.9},
                    {0.3, 0.2, 0.1},   {0.7, 0.8, 0.5},  {0.5, 0.4, 0.3}, {0.05, 0.0, 0.1},
                    12.0,              0.8,              0.3,             0.1,
                    {0.1, 0.15, 0.2}};
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  set4(GL_LIGHT0, GL_POSITION, c.light_position, 1);
  set4(GL_LIGHT0, GL_AMBIENT, c.ambient, 1);
  set4(GL_LIGHT0, GL_DIFFUSE, c.diffuse, 1);
  set4(GL_LIGHT0, GL_SPECULAR, c.specular, 1);
  glLightf(GL_LIGHT0, GL_CONSTANT_ATTENUATION, GLfloat(c.k0));
  glLightf(GL_LIGHT0, GL_LINEAR_ATTENUATION, GLfloat(c.k1));
  glLightf(GL_LIGHT0, GL_QUADRATIC_ATTENUATION, GLfloat(c.k2));
  material4(GL_AMBIENT, c.mat_ambient, 1);
  material4(GL_DIFFUSE, c.mat_diffuse, 0.6);
  material4(GL_SPECULAR, c.mat_specular, 1);
  material4(GL_EMISSION, c.mat_emission, 1);
  glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, GLfloat(c.shininess));
  const GLfloat scene[4] = {0.1f, 0.15f, 0.2f, 1};
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, scene);
  glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_TRUE);
  // One triangle in the plane z = 0 facing +z; the lit colours of its vertices are interpolated.
  const V3 n{0, 0, 1};
  const std::array<V3, 3> v{V3{-1, -1, 0}, V3{3, -1, 0}, V3{-1, 3, 0}};
  glNormal3f(0, 0, 1);
  glBegin(GL_TRIANGLES);
  for (const V3& p : v) glVertex3d(p[0], p[1], p[2]);
  glEnd();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::array<V3, 3> colour;
  for (std::size_t i = 0; i < 3; ++i) colour[i] = lit(c, v[i], n, true);
  for (int y : {1, 15, 29})
    for (int x : {2, 16, 27}) {
      const double u = (x + 0.5) / 64.0, w = (y + 0.5) / 64.0;
      Rgba e{};
      for (std::size_t i = 0; i < 3; ++i)
        e[i] = byte((1 - u - w) * std::clamp(colour[0][i], 0.0, 1.0) + u * std::clamp(colour[1][i], 0.0, 1.0) +
                    w * std::clamp(colour[2][i], 0.0, 1.0));
      e[3] = byte(0.6);  // the diffuse material's alpha
      EXPECT_TRUE(near(x, y, e));
    }
}

TEST_F(LegacyTest, DirectionalLightColourMaterialAndTwoSidedLighting) {
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);  // white diffuse and specular, black ambient; direction (0, 0, 1)
  glEnable(GL_COLOR_MATERIAL);  // ambient and diffuse follow glColor
  glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
  const GLfloat back_diffuse[4] = {0.25f, 0.5f, 1.0f, 1.0f};
  glColorMaterial(GL_FRONT, GL_AMBIENT_AND_DIFFUSE);
  glMaterialfv(GL_BACK, GL_DIFFUSE, back_diffuse);
  glColor4f(0.5f, 0.25f, 0.75f, 0.5f);
  glNormal3f(0, 0, 1);
  // Front: emission 0 + ambient c * 0.2 + diffuse c * (n.l = 1) = 1.2 c.
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(-1, 0);
  glEnd();
  EXPECT_TRUE(near(2, 2, {byte(0.6), byte(0.3), byte(0.9), byte(0.5)}));
  // A clockwise (back-facing) triangle: lit with -n, which faces away from the light, so only the
  // back material's ambient (0.2) times the scene ambient (0.2) remains; alpha is its diffuse alpha.
  glBegin(GL_TRIANGLES);
  glVertex2f(0, 0);
  glVertex2f(0, 1);
  glVertex2f(1, 0);
  glEnd();
  EXPECT_TRUE(near(18, 18, {byte(0.04), byte(0.04), byte(0.04), 255}));
  // Colour material tracked the front material: glGetMaterial sees the current colour.
  GLfloat diffuse[4] = {};
  glGetMaterialfv(GL_FRONT, GL_DIFFUSE, diffuse);
  EXPECT_FLOAT_EQ(diffuse[2], 0.75f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(LegacyTest, TextureEnvironmentsFollowTable16_1) {
  // Texels (bottom-left first): an RGBA texture, sampled at the four quadrants' centres.
  const std::vector<std::uint8_t> texels{255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 255, 255, 255, 64};
  texture_2x2(GL_RGBA8, GL_RGBA, texels);
  const double cf[4] = {0.5, 0.75, 0.25, 0.5};  // the fragment colour
  const GLfloat env[4] = {0.2f, 0.4f, 0.6f, 0.8f};
  glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env);
  for (GLenum mode : {GL_MODULATE, GL_REPLACE, GL_DECAL, GL_BLEND, GL_ADD}) {
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GLint(mode));
    glColor4d(cf[0], cf[1], cf[2], cf[3]);
    full_quad();
    for (int q = 0; q < 4; ++q) {
      const int x = q % 2 ? 24 : 8, y = q / 2 ? 24 : 8;
      const std::uint8_t* t8 = &texels[std::size_t(q) * 4];
      double t[4], out[4];
      for (int i = 0; i < 4; ++i) t[i] = t8[i] / 255.0;
      for (int i = 0; i < 3; ++i) {
        switch (mode) {
          case GL_MODULATE: out[i] = cf[i] * t[i]; break;
          case GL_REPLACE: out[i] = t[i]; break;
          case GL_DECAL: out[i] = cf[i] * (1 - t[3]) + t[i] * t[3]; break;
          case GL_BLEND: out[i] = cf[i] * (1 - t[i]) + env[i] * t[i]; break;
          default: out[i] = cf[i] + t[i]; break;
        }
      }
      out[3] = mode == GL_REPLACE ? t[3] : mode == GL_DECAL ? cf[3] : cf[3] * t[3];
      EXPECT_TRUE(near(x, y, {byte(out[0]), byte(out[1]), byte(out[2]), byte(out[3])})) << std::hex << mode;
    }
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(LegacyTest, LuminanceAndAlphaTexturesKeepTheFragmentsOtherComponents) {
  const std::vector<std::uint8_t> l{51, 102, 153, 204};
  texture_2x2(GL_LUMINANCE8, GL_LUMINANCE, l);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glColor4f(1, 1, 1, 0.5f);
  full_quad();
  EXPECT_TRUE(near(24, 24, {204, 204, 204, 128}));  // REPLACE of LUMINANCE: Cv = Lt, Av = Af
  const std::vector<std::uint8_t> a{51, 102, 153, 204};
  texture_2x2(GL_ALPHA8, GL_ALPHA, a);
  glColor4f(0.25f, 0.5f, 1, 1);
  full_quad();
  EXPECT_TRUE(near(8, 24, {64, 128, 255, 153}));  // REPLACE of ALPHA: Cv = Cf, Av = At
}

// ARB_texture_rectangle: TEXTURE_RECTANGLE textures a fixed-function unit with coordinates in
// texels, and wins over TEXTURE_2D (priority cube map, 3D, rectangle, 2D, 1D).
TEST_F(LegacyTest, RectangleTextureTexturesWithTexelCoordinates) {
  texture_2x2(GL_RGBA8, GL_RGBA, std::vector<std::uint8_t>(16, 255));  // white 2D texture, enabled
  const std::vector<std::uint8_t> texels{255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 0, 255};
  GLuint rect = 0;
  glGenTextures(1, &rect);
  glBindTexture(GL_TEXTURE_RECTANGLE, rect);
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_RECTANGLE);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  textured_quad(4, 1);  // rectangle textures take texel coordinates
  for (int i = 0; i < 4; ++i) {
    const std::uint8_t* t = &texels[std::size_t(i) * 4];
    EXPECT_TRUE(near(i * 8 + 4, 16, {t[0], t[1], t[2], t[3]})) << i;
  }
  glDisable(GL_TEXTURE_RECTANGLE);  // the 2D texture again
  full_quad();
  EXPECT_TRUE(near(4, 16, {255, 255, 255, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(LegacyTest, IncompleteTextureTurnsTheUnitOff) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);  // no image: incomplete
  glEnable(GL_TEXTURE_2D);
  glColor3f(0, 1, 0);
  full_quad();
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 255, 0, 255}));
}

TEST_F(LegacyTest, LinearAndExponentialFogUseTheEyeDistance) {
  glEnable(GL_FOG);
  const GLfloat fog_colour[4] = {0, 0, 1, 1};
  glFogfv(GL_FOG_COLOR, fog_colour);
  glFogi(GL_FOG_MODE, GL_LINEAR);
  glFogf(GL_FOG_START, 0.5f);
  glFogf(GL_FOG_END, 2.5f);
  glColor4f(1, 0, 0, 0.5f);
  glMatrixMode(GL_PROJECTION);
  glOrtho(-1, 1, -1, 1, 0, 10);
  glMatrixMode(GL_MODELVIEW);
  full_quad(-2.0f);  // eye z = -2: c = 2, f = (2.5 - 2) / 2 = 0.25
  EXPECT_TRUE(near(16, 16, {byte(0.25), 0, byte(0.75), 128}));
  glFogi(GL_FOG_MODE, GL_EXP2);
  glFogf(GL_FOG_DENSITY, 0.5f);
  full_quad(-2.0f);  // f = exp(-(0.5 * 2)^2)
  const double f = std::exp(-1.0);
  EXPECT_TRUE(near(16, 16, {byte(f), 0, byte(1 - f), 128}));
  // The fog coordinate itself (FOG_COORD_SRC = FOG_COORD), EXP: f = exp(-0.5 * 3).
  glFogi(GL_FOG_MODE, GL_EXP);
  glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
  glFogCoordf(3.0f);
  full_quad(-2.0f);
  const double g = std::exp(-1.5);
  EXPECT_TRUE(near(16, 16, {byte(g), 0, byte(1 - g), 128}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(LegacyTest, ColourSumIsClampedBeforeFog) {
  // GL 2.1 section 3.9 (compatibility 16.3): primary + secondary, clamped to [0, 1], then fog.
  // Primary red 0.75 (diffuse, n.l = 1) + secondary 0.5 (specular, shininess 0) clamps to 1; with
  // f = 0.25 red is 0.25. (Mesa's llvmpipe and zink fog the unclamped 1.25: 80 instead of 64.)
  const GLfloat black[4] = {0, 0, 0, 1}, diffuse[4] = {0.75f, 0.25f, 0.25f, 1}, specular[4] = {0.5f, 0.5f, 0.5f, 1};
  const GLfloat fog_colour[4] = {0, 0, 1, 1};
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
  glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
  glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, diffuse);
  glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, specular);
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
  glEnable(GL_FOG);
  glFogi(GL_FOG_MODE, GL_LINEAR);
  glFogf(GL_FOG_START, 0.5f);
  glFogf(GL_FOG_END, 2.5f);
  glFogfv(GL_FOG_COLOR, fog_colour);
  glMatrixMode(GL_PROJECTION);
  glOrtho(-1, 1, -1, 1, 0, 10);
  glMatrixMode(GL_MODELVIEW);
  glNormal3f(0, 0, 1);
  full_quad(-2.0f);  // c = 2: f = 0.25
  // green: 0.25 + 0.5 = 0.75, fogged 0.1875; blue: 0.75 * 0.25 + 0.75 (fog colour).
  EXPECT_TRUE(near(16, 16, {byte(0.25), byte(0.1875), byte(0.9375), 255}));
}

TEST_F(LegacyTest, AlphaTestDiscardsFragments) {
  glEnable(GL_ALPHA_TEST);
  glAlphaFunc(GL_GREATER, 0.5f);
  glColor4f(1, 1, 1, 0.4f);
  full_quad();
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 0, 0, 0}));
  glColor4f(1, 1, 1, 0.6f);
  full_quad();
  EXPECT_EQ(pixel(16, 16), (Rgba{255, 255, 255, 153}));
}

TEST_F(LegacyTest, ClientArraysAndInterleavedArraysDraw) {
  const GLfloat xy[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  const GLubyte colours[] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, xy);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, colours);
  glDrawArrays(GL_QUADS, 0, 4);
  EXPECT_EQ(pixel(16, 16), (Rgba{255, 0, 0, 255}));
  EXPECT_TRUE(glIsEnabled(GL_COLOR_ARRAY));
  // C4UB_V2F: four colour bytes, then two floats, per vertex; indexed from client memory.
  struct {
    GLubyte c[4];
    GLfloat v[2];
  } interleaved[3] = {{{0, 0, 255, 255}, {-1, -1}}, {{0, 0, 255, 255}, {1, -1}}, {{0, 0, 255, 255}, {-1, 1}}};
  glInterleavedArrays(GL_C4UB_V2F, 0, interleaved);
  const GLushort indices[] = {0, 1, 2};
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, indices);
  EXPECT_EQ(pixel(3, 3), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(pixel(28, 28), (Rgba{255, 0, 0, 255}));
  GLint stride = 0;
  glGetIntegerv(GL_VERTEX_ARRAY_STRIDE, &stride);
  EXPECT_EQ(stride, 12);
  void* pointer = nullptr;
  glGetPointerv(GL_VERTEX_ARRAY_POINTER, &pointer);
  EXPECT_EQ(pointer, static_cast<void*>(reinterpret_cast<GLubyte*>(interleaved) + 4));
  // Without the vertex array nothing is drawn.
  glDisableClientState(GL_VERTEX_ARRAY);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(3, 3), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(LegacyTest, CurrentValuesAndLegacyStateQueries) {
  glColor4ub(255, 0, 51, 255);
  GLfloat f[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, f);
  EXPECT_FLOAT_EQ(f[2], 0.2f);
  glNormal3b(127, 0, -127);
  glGetFloatv(GL_CURRENT_NORMAL, f);
  EXPECT_FLOAT_EQ(f[0], 1.0f);
  EXPECT_FLOAT_EQ(f[2], -1.0f);
  glActiveTexture(GL_TEXTURE1);
  glMultiTexCoord2f(GL_TEXTURE1, 0.25f, 0.5f);
  glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
  EXPECT_EQ((std::array<GLfloat, 4>{f[0], f[1], f[2], f[3]}), (std::array<GLfloat, 4>{0.25f, 0.5f, 0, 1}));
  glActiveTexture(GL_TEXTURE0);
  // A light position is stored in eye coordinates.
  glTranslatef(1, 2, 3);
  const GLfloat origin[4] = {0, 0, 0, 1};
  glLightfv(GL_LIGHT1, GL_POSITION, origin);
  glGetLightfv(GL_LIGHT1, GL_POSITION, f);
  EXPECT_EQ((std::array<GLfloat, 4>{f[0], f[1], f[2], f[3]}), (std::array<GLfloat, 4>{1, 2, 3, 1}));
  GLint i = 0;
  glGetIntegerv(GL_MAX_LIGHTS, &i);
  EXPECT_EQ(i, 8);
  glGetIntegerv(GL_FOG_MODE, &i);
  EXPECT_EQ(i, GL_EXP);
  glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &i);
  EXPECT_EQ(i, GL_MODULATE);
  glGetIntegerv(GL_LIGHT_MODEL_COLOR_CONTROL, &i);
  EXPECT_EQ(i, GL_SINGLE_COLOR);
  glGetLightfv(GL_LIGHT0, GL_DIFFUSE, f);
  EXPECT_FLOAT_EQ(f[0], 1.0f);
  glGetLightfv(GL_LIGHT1, GL_DIFFUSE, f);
  EXPECT_FLOAT_EQ(f[0], 0.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// GL 4.6 compatibility 16.1 tables 16.2-16.4 and the initial values of table 23.20; an unlisted
// value is INVALID_ENUM, a scale other than 1, 2 or 4 INVALID_VALUE, and the state stays as it was.
TEST_F(LegacyTest, CombinerStateDefaultsAndErrors) {
  GLint i = 0;
  const auto env = [&](GLenum pname) {
    glGetTexEnviv(GL_TEXTURE_ENV, pname, &i);
    return GLenum(i);
  };
  EXPECT_EQ(env(GL_COMBINE_RGB), GLenum(GL_MODULATE));
  EXPECT_EQ(env(GL_COMBINE_ALPHA), GLenum(GL_MODULATE));
  EXPECT_EQ(env(GL_SRC0_RGB), GLenum(GL_TEXTURE));
  EXPECT_EQ(env(GL_SRC1_ALPHA), GLenum(GL_PREVIOUS));
  EXPECT_EQ(env(GL_SRC2_RGB), GLenum(GL_CONSTANT));
  EXPECT_EQ(env(GL_OPERAND1_RGB), GLenum(GL_SRC_COLOR));
  EXPECT_EQ(env(GL_OPERAND2_RGB), GLenum(GL_SRC_ALPHA));
  EXPECT_EQ(env(GL_OPERAND0_ALPHA), GLenum(GL_SRC_ALPHA));
  GLfloat scale = 0;
  glGetTexEnvfv(GL_TEXTURE_ENV, GL_RGB_SCALE, &scale);
  EXPECT_EQ(scale, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, GL_DOT3_RGBA);
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, GL_TEXTURE3);  // the crossbar
  glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, 4.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(env(GL_TEXTURE_ENV_MODE), GLenum(GL_COMBINE));
  EXPECT_EQ(env(GL_COMBINE_RGB), GLenum(GL_DOT3_RGBA));
  EXPECT_EQ(env(GL_SRC1_RGB), GLenum(GL_TEXTURE3));
  EXPECT_EQ(env(GL_ALPHA_SCALE), 4u);

  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, GL_DOT3_RGB);  // DOT3 is for RGB only
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_ALPHA, GL_SRC_COLOR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, GL_TEXTURE0 + 8);  // past the fixed-function units
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 3.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(env(GL_COMBINE_ALPHA), GLenum(GL_MODULATE));
  EXPECT_EQ(env(GL_OPERAND0_ALPHA), GLenum(GL_SRC_ALPHA));
  EXPECT_EQ(env(GL_SRC0_RGB), GLenum(GL_TEXTURE));
  glGetTexEnvfv(GL_TEXTURE_ENV, GL_RGB_SCALE, &scale);
  EXPECT_EQ(scale, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(LegacyTest, StateCommandErrors) {
  const auto error = [] { return glGetError(); };
  glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 100);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glLightf(GL_LIGHT0, GL_POSITION, 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glLightf(GL_LIGHT0 + 8, GL_SPOT_EXPONENT, 1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glMaterialf(GL_FRONT, GL_SHININESS, 200);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  GLfloat f[4];
  glGetMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, f);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glColorMaterial(GL_FRONT, GL_SHININESS);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glFogf(GL_FOG_DENSITY, -1);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glFogi(GL_FOG_MODE, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_LINEAR);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_LINEAR);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glVertexPointer(1, GL_FLOAT, 0, nullptr);
  EXPECT_EQ(error(), GLenum(GL_INVALID_VALUE));
  glVertexPointer(2, GL_UNSIGNED_BYTE, 0, nullptr);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glEnableClientState(GL_LIGHTING);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glClientActiveTexture(GL_TEXTURE8);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
  glInterleavedArrays(GL_RGBA, 0, nullptr);
  EXPECT_EQ(error(), GLenum(GL_INVALID_ENUM));
}

TEST_F(LegacyTest, BeginEndErrors) {
  glBegin(GL_TRIANGLES + 100);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBegin(GL_POINTS);
  glColor3f(1, 1, 1);                      // allowed
  glMaterialf(GL_FRONT, GL_SHININESS, 1);  // allowed
  glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 1);  // not allowed
  glBegin(GL_POINTS);                        // not allowed
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));  // glGetError itself is not allowed: it returns 0
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLfloat f = 0;
  glGetLightfv(GL_LIGHT0, GL_SPOT_EXPONENT, &f);
  EXPECT_EQ(f, 0.0f);  // the call between glBegin and glEnd changed nothing
}

TEST_F(LegacyTest, DisplayListsRecordAndReplay) {
  const GLuint base = glGenLists(3);
  ASSERT_NE(base, 0u);
  EXPECT_TRUE(glIsList(base + 2));
  // COMPILE: nothing happens now; the colour and the translation are recorded.
  glNewList(base, GL_COMPILE);
  glColor3f(0, 1, 0);
  glTranslatef(1, 0, 0);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(-1, 0);
  glEnd();
  glEndList();
  GLint i = 0;
  glGetIntegerv(GL_LIST_INDEX, &i);
  EXPECT_EQ(i, 0);
  EXPECT_EQ(pixel(2, 2), (Rgba{0, 0, 0, 0}));
  GLfloat colour[4] = {};
  glGetFloatv(GL_CURRENT_COLOR, colour);
  EXPECT_EQ(colour[0], 1.0f);  // glColor was compiled, not executed
  glCallList(base);
  EXPECT_EQ(pixel(2, 2), (Rgba{0, 0, 0, 0}));    // translated by +1 in x: window x 16..32
  EXPECT_EQ(pixel(18, 2), (Rgba{0, 255, 0, 255}));
  // COMPILE_AND_EXECUTE draws now; glCallLists with a base calls both lists again.
  glLoadIdentity();
  glNewList(base + 1, GL_COMPILE_AND_EXECUTE);
  glColor3f(0, 0, 1);
  glRectf(-1, 0, 0, 1);
  glGetIntegerv(GL_LIST_MODE, &i);
  glEndList();
  EXPECT_EQ(i, GL_COMPILE_AND_EXECUTE);
  EXPECT_EQ(pixel(2, 18), (Rgba{0, 0, 255, 255}));
  glClear(GL_COLOR_BUFFER_BIT);
  glLoadIdentity();
  glListBase(base);
  const GLubyte offsets[] = {1, 0};
  glCallLists(2, GL_UNSIGNED_BYTE, offsets);
  EXPECT_EQ(pixel(2, 18), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(pixel(18, 2), (Rgba{0, 255, 0, 255}));
  glDeleteLists(base, 3);
  EXPECT_FALSE(glIsList(base));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(LegacyTest, DisplayListErrorsAndImmediateCommands) {
  glNewList(0, GL_COMPILE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glNewList(1, GL_RENDER);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glEndList();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGenLists(-1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glNewList(5, GL_COMPILE);
  glNewList(6, GL_COMPILE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // 21.4.1: client state commands execute at once, even while compiling.
  glClientActiveTexture(GL_TEXTURE3);
  glEndList();
  GLint i = 0;
  glGetIntegerv(GL_CLIENT_ACTIVE_TEXTURE, &i);
  EXPECT_EQ(i, GL_TEXTURE3);
  EXPECT_TRUE(glIsList(5));
  glGetIntegerv(GL_MAX_LIST_NESTING, &i);
  EXPECT_EQ(i, 64);
}

class CoreLegacyTest : public GlTest {};

TEST_F(CoreLegacyTest, LegacyCommandsAreInvalidInCore) {
  glBegin(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEnableClientState(GL_VERTEX_ARRAY);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint i = 0;
  glGetIntegerv(GL_MAX_LIGHTS, &i);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace glvk::test
