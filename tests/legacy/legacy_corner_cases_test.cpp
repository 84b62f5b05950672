// Corners of the compatibility profile that piglit's GL 1.x/2.0 groups reach, through the real
// dispatch on lavapipe with validation (a validation message aborts the test): client arrays whose
// stride is below the element size, textures larger than the device can hold, lighting without a
// light, per-unit enables past the fixed-function units, sampler type conflicts, GL_CLAMP with
// linear filtering, a program without shaders, spot cones of directional lights, back-face
// INCR_WRAP, wide lines, multi-draws with a negative count, border colours of emulated formats.
// Expected values come from the GL 4.6 compatibility specification's formulas and rules, computed
// here.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "gl_fixture.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

constexpr int kSize = 32;

class LegacyCornerCases : public GlTest {
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

  GLuint target_ = 0, fbo_ = 0;
};

// GL 4.6 compatibility 10.3.1: element i of an array starts at pointer + i * stride, whatever the
// element's size; a stride of 4 bytes makes each 8-byte (x, y) element overlap the next. Indices
// scaled by 8 / stride read the same vertices as a packed array.
TEST_F(LegacyCornerCases, StrideBelowTheElementSizeReadsOverlappingElements) {
  glMatrixMode(GL_PROJECTION);
  glOrtho(0, kSize, 0, kSize, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  // Two quads: x 2..10 and 20..30, y 4..12.
  const std::array<float, 16> packed{2, 4, 10, 4, 10, 12, 2, 12, 20, 4, 30, 4, 30, 12, 20, 12};
  for (GLsizei stride : {1, 2, 4}) {
    glClear(GL_COLOR_BUFFER_BIT);
    std::vector<GLushort> indices;
    for (GLushort i = 0; i < 8; ++i) indices.push_back(GLushort(i * 8 / stride));
    glColor3f(0, 1, 0);
    glVertexPointer(2, GL_FLOAT, stride, packed.data());
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawElements(GL_QUADS, 8, GL_UNSIGNED_SHORT, indices.data());
    glDisableClientState(GL_VERTEX_ARRAY);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "stride " << stride;
    EXPECT_EQ(pixel(5, 8), (Rgba{0, 255, 0, 255})) << "stride " << stride;
    EXPECT_EQ(pixel(25, 8), (Rgba{0, 255, 0, 255})) << "stride " << stride;
    EXPECT_EQ(pixel(15, 8), (Rgba{0, 0, 0, 0})) << "stride " << stride;
    EXPECT_EQ(pixel(5, 20), (Rgba{0, 0, 0, 0})) << "stride " << stride;
  }
}

// 2.3.1 (errors): OUT_OF_MEMORY when the GL cannot hold what a command asks for. A 2048^3 RGBA32F
// texture (128 GiB) fits no memory heap of this machine, and the context carries on afterwards.
TEST_F(LegacyCornerCases, TextureLargerThanTheDeviceIsOutOfMemory) {
  GLint max3d = 0;
  glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
  ASSERT_GE(max3d, 2048);
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA32F, 2048, 2048, 2048, 0, GL_RGBA, GL_FLOAT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_OUT_OF_MEMORY));
  GLint max2d = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max2d);
  glBindTexture(GL_TEXTURE_2D, t + 1);
  // max2d^2 texels of 16 bytes: 4 GiB at 16384, past the image size lavapipe allows (4 GiB - 1).
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, max2d, max2d, 0, GL_RGBA, GL_FLOAT, nullptr);
  const GLenum error = glGetError();
  EXPECT_TRUE(error == GL_NO_ERROR || error == GL_OUT_OF_MEMORY) << std::hex << error;
  glBindTexture(GL_TEXTURE_2D, 0);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(pixel(1, 1), (Rgba{0, 0, 255, 255}));
}

// 12.2.1.1: with lighting and no light enabled, the colour is e_cm + a_cm * a_cs (emission plus
// ambient times the scene ambient); with COLOR_MATERIAL on EMISSION and a black scene ambient it is
// the vertex colour, whatever the (enabled, unread) normal array holds.
TEST_F(LegacyCornerCases, LightingWithoutLightsIgnoresTheNormalArray) {
  const std::array<float, 8> position{-1, -1, 1, -1, 1, 1, -1, 1};
  const std::array<float, 12> normal{1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
  const std::array<float, 16> color{0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
  const std::array<float, 4> black{0, 0, 0, 0};
  glColorMaterial(GL_FRONT_AND_BACK, GL_EMISSION);
  glEnable(GL_COLOR_MATERIAL);
  glEnable(GL_LIGHTING);
  glDisable(GL_LIGHT0);
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black.data());
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_NORMAL_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, position.data());
  glNormalPointer(GL_FLOAT, 0, normal.data());
  glColorPointer(4, GL_FLOAT, 0, color.data());
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_NORMAL_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Alpha is the diffuse material's: (0.8, 0.8, 0.8, 1.0) by default (table 23.?).
  EXPECT_TRUE(near(16, 16, {0, 255, 0, 255}));
}

// GL 4.6 compatibility 12.1.3 and 16.1: texture generation is state of the units with a coordinate
// set and the texture enables of the fixed-function units; glActiveTexture reaches every image
// unit, and enabling either past those is INVALID_OPERATION (and changes nothing).
TEST_F(LegacyCornerCases, PerUnitEnablesPastTheFixedFunctionUnitsAreInvalid) {
  GLint coords = 0, units = 0, combined = 0;
  glGetIntegerv(GL_MAX_TEXTURE_COORDS, &coords);
  glGetIntegerv(GL_MAX_TEXTURE_UNITS, &units);
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &combined);
  ASSERT_GT(combined, std::max(coords, units));
  glActiveTexture(GLenum(GL_TEXTURE0 + coords - 1));
  glEnable(GL_TEXTURE_GEN_S);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(glIsEnabled(GL_TEXTURE_GEN_S));
  glDisable(GL_TEXTURE_GEN_S);
  glActiveTexture(GLenum(GL_TEXTURE0 + coords));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLenum cap : {GL_TEXTURE_GEN_S, GL_TEXTURE_GEN_T, GL_TEXTURE_GEN_R, GL_TEXTURE_GEN_Q}) {
    glEnable(cap);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << std::hex << cap;
  }
  glActiveTexture(GLenum(GL_TEXTURE0 + units));
  glEnable(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE0);
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_2D));
}

// 11.1.3.11: two active samplers of different types on one texture unit fail validation and make
// every draw INVALID_OPERATION; the state is checked again at each draw, after glUniform1i moves a
// sampler, whatever glValidateProgram said before.
TEST_F(LegacyCornerCases, SamplersOfDifferentTypesOnOneUnitCannotDraw) {
  const char* fs = "#version 110\nuniform sampler2D s2;\nuniform sampler3D s3;\n"
                   "void main() { gl_FragColor = texture2D(s2, vec2(0.0)) + texture3D(s3, vec3(0.0)); }\n";
  const GLuint shader = glCreateShader(GL_FRAGMENT_SHADER);
  glShaderSource(shader, 1, &fs, nullptr);
  glCompileShader(shader);
  const GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked);
  glUseProgram(program);
  const GLint s2 = glGetUniformLocation(program, "s2"), s3 = glGetUniformLocation(program, "s3");
  auto validated = [&] {
    GLint status = 0;
    glValidateProgram(program);
    glGetProgramiv(program, GL_VALIDATE_STATUS, &status);
    return status != 0;
  };
  auto draw = [] {
    glBegin(GL_POINTS);
    glVertex2f(0, 0);
    glEnd();
    return glGetError();
  };
  glUniform1i(s2, 1);
  glUniform1i(s3, 1);
  EXPECT_FALSE(validated());
  glUniform1i(s3, 2);
  EXPECT_TRUE(validated());
  glUniform1i(s3, 1);
  EXPECT_EQ(draw(), GLenum(GL_INVALID_OPERATION));
  glUniform1i(s3, 2);
  EXPECT_EQ(draw(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(program);
  glDeleteShader(shader);
}

// GL 4.6 compatibility 8.14.2: GL_CLAMP clamps s, t to [0, 1] before filtering, so a linear
// filter at an edge takes the border texels beside the edge ones: with a red 2x2 texture and a green
// border, u = s * 2 - 1/2 is -1/2 for any s <= 0 (half border, half edge) and 3/2 for s >= 1. A
// nearest filter never reaches the border (the texel index is clamped to [0, 1]). Coordinates
// divided by q first (the quad's are given times q = 2 the second time).
TEST_F(LegacyCornerCases, GlClampWithLinearFilteringBlendsTheBorderColour) {
  std::vector<std::uint8_t> red(16);
  for (int i = 0; i < 4; ++i) red[std::size_t(i) * 4] = red[std::size_t(i) * 4 + 3] = 255;
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red.data());
  const std::array<float, 4> green{0, 1, 0, 1};
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, green.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glEnable(GL_TEXTURE_2D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  // s and t run from -1 to 2 across the viewport: s(x) = -1 + 3 (x + 1/2) / 32.
  auto quad = [](float q) {
    glBegin(GL_QUADS);
    glTexCoord4f(-q, -q, 0, q);
    glVertex2f(-1, -1);
    glTexCoord4f(2 * q, -q, 0, q);
    glVertex2f(1, -1);
    glTexCoord4f(2 * q, 2 * q, 0, q);
    glVertex2f(1, 1);
    glTexCoord4f(-q, 2 * q, 0, q);
    glVertex2f(-1, 1);
    glEnd();
  };
  for (float q : {1.0f, 2.0f}) {
    glClear(GL_COLOR_BUFFER_BIT);
    quad(q);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_TRUE(near(15, 15, {255, 0, 0, 255})) << "q " << q;   // s = t = 0.45: inside
    EXPECT_TRUE(near(2, 15, {128, 128, 0, 255})) << "q " << q;  // s < 0: half border
    EXPECT_TRUE(near(30, 15, {128, 128, 0, 255})) << "q " << q; // s > 1: half border
    EXPECT_TRUE(near(2, 2, {64, 191, 0, 255})) << "q " << q;    // s, t < 0: a quarter red
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glClear(GL_COLOR_BUFFER_BIT);
  quad(1);
  EXPECT_TRUE(near(2, 2, {255, 0, 0, 255}));
  EXPECT_TRUE(near(30, 30, {255, 0, 0, 255}));
  glDisable(GL_TEXTURE_2D);
  glDeleteTextures(1, &t);
}

// GL 4.6 compatibility 11.1 and 15: a program without a vertex (fragment) shader processes vertices
// (fragments) the fixed-function way, so a compatibility context links a program with no shader at
// all and draws with it as with no program: here the current colour through the modelview matrix.
TEST_F(LegacyCornerCases, ProgramWithoutShadersLinksAndDrawsFixedFunction) {
  const GLuint program = glCreateProgram();
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  EXPECT_EQ(linked, GL_TRUE);
  glUseProgram(program);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glMatrixMode(GL_MODELVIEW);
  glScalef(0.5f, 0.5f, 1);  // the quad covers the middle half of the viewport
  glColor3f(0, 1, 0);
  glRectf(-1, -1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(pixel(2, 2), (Rgba{0, 0, 0, 0}));
  glLoadIdentity();
  glUseProgram(0);
  glDeleteProgram(program);
}

// 12.2.1.1: the spot factor (max(P_pli V . s_dli, 0))^s_rli, or 0 outside the cone, applies to a
// directional light too, P_pli V being the reverse of its direction: light at (0, 0, 1, 0), spot
// direction (0, 0.6, -0.8) give P_pli V . s_dli = 0.8; with exponent 2 the ambient term is scaled by
// 0.64, and a 30-degree cone (cos 0.866 > 0.8) leaves the vertex dark.
TEST_F(LegacyCornerCases, SpotConeAppliesToDirectionalLights) {
  const std::array<float, 4> position{0, 0, 1, 0}, white{1, 1, 1, 1}, none{0, 0, 0, 1};
  const std::array<float, 3> direction{0, 0.6f, -0.8f};
  const std::array<float, 4> ambient{0.5f, 0.25f, 1, 1};
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, none.data());
  glLightfv(GL_LIGHT0, GL_POSITION, position.data());
  glLightfv(GL_LIGHT0, GL_SPOT_DIRECTION, direction.data());
  glLightf(GL_LIGHT0, GL_SPOT_EXPONENT, 2);
  glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 60);
  glLightfv(GL_LIGHT0, GL_AMBIENT, white.data());
  glLightfv(GL_LIGHT0, GL_DIFFUSE, none.data());
  glLightfv(GL_LIGHT0, GL_SPECULAR, none.data());
  glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, ambient.data());
  glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, none.data());
  glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, none.data());
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  glNormal3f(0, 0, 1);
  glRectf(-1, -1, 1, 1);
  EXPECT_TRUE(near(16, 16, {82, 41, 163, 255}));  // 0.64 * (0.5, 0.25, 1)
  glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 30);
  glRectf(-1, -1, 1, 1);
  EXPECT_TRUE(near(16, 16, {0, 0, 0, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// GL_EXT_stencil_wrap (core since 1.4) is advertised, and INCR_WRAP set for back faces only by
// glStencilOpSeparate wraps past 255 (17.3.5): stencil 1 and 260 back-facing quads leave
// (1 + 260) mod 256 = 5, while front-facing quads with KEEP leave it.
TEST_F(LegacyCornerCases, SeparateBackFaceIncrWrapWrapsTheStencil) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  bool advertised = false;
  for (GLint i = 0; i < count; ++i)
    advertised = advertised || std::string(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)))) ==
                                   "GL_EXT_stencil_wrap";
  EXPECT_TRUE(advertised);
  GLuint rb = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_STENCIL_INDEX8, kSize, kSize);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearStencil(1);
  glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  glEnable(GL_STENCIL_TEST);
  glStencilFunc(GL_ALWAYS, 0, ~0u);
  glStencilOpSeparate(GL_FRONT, GL_KEEP, GL_KEEP, GL_KEEP);
  glStencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_INCR_WRAP);
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  for (int i = 0; i < 260; ++i) {
    glRectf(-1, 1, 1, -1);  // clockwise in window coordinates: back-facing
    glRectf(-1, -1, 1, 1);  // front-facing
  }
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glStencilFunc(GL_EQUAL, 5, ~0u);
  glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
  glColor3f(0, 1, 0);
  glRectf(-1, -1, 1, 1);
  glDisable(GL_STENCIL_TEST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 255, 0, 255}));
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
  glDeleteRenderbuffers(1, &rb);
}

// GL 4.6 14.5.2.1: ALIASED_LINE_WIDTH_RANGE is what wide aliased lines can be; the device draws
// them (lavapipe has wideLines), so its range is reported and honoured: an x-major line of width
// 5 at window y = 16.5 covers the five rows whose centres are within 2.5 of it, 14 to 18.
TEST_F(LegacyCornerCases, AliasedLineWidthRangeIsTheDrawnOne) {
  GLfloat range[2] = {0, 0};
  glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range);
  EXPECT_LE(range[0], 1.0f);
  ASSERT_GE(range[1], 5.0f);  // lavapipe's lineWidthRange reaches past 5
  glLineWidth(5);
  glColor3f(0, 1, 0);
  const float y = 16.5f / kSize * 2 - 1;
  glBegin(GL_LINES);
  glVertex2f(-1, y);
  glVertex2f(1, y);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int row : {14, 16, 18}) EXPECT_EQ(pixel(16, row), (Rgba{0, 255, 0, 255})) << row;
  for (int row : {12, 20}) EXPECT_EQ(pixel(16, row), (Rgba{0, 0, 0, 0})) << row;
  glLineWidth(1);
}

// 2.3.1: a command that raises an error has no other effect. glMultiDrawArrays with a negative
// count for its second draw is INVALID_VALUE (10.4) and draws nothing, not even its valid first
// draw; likewise glMultiDrawElements.
TEST_F(LegacyCornerCases, MultiDrawWithOneNegativeCountDrawsNothing) {
  const std::array<float, 8> quad{-1, -1, 1, -1, -1, 1, 1, 1};
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, quad.data());
  glColor3f(1, 1, 1);
  const std::array<GLint, 2> first{0, 0};
  const std::array<GLsizei, 2> count{4, -1};
  glMultiDrawArrays(GL_TRIANGLE_STRIP, first.data(), count.data(), 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 0, 0, 0}));
  const std::array<GLubyte, 4> indices{0, 1, 2, 3};
  const std::array<const void*, 2> index_pointers{indices.data(), indices.data()};
  glMultiDrawElements(GL_TRIANGLE_STRIP, count.data(), GL_UNSIGNED_BYTE, index_pointers.data(), 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 0, 0, 0}));
  glMultiDrawArrays(GL_TRIANGLE_STRIP, first.data(), count.data(), 1);  // the valid draw alone
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), (Rgba{255, 255, 255, 255}));
  glDisableClientState(GL_VERTEX_ARRAY);
}

// 8.14.2: the border colour is taken as a texel of the texture's base internal format, so an
// ALPHA texture's border reads (0, 0, 0, A_border) and a LUMINANCE_ALPHA one's
// (R_border, R_border, R_border, A_border), whatever channels store them. With REPLACE (table 16.1)
// an ALPHA texture keeps the fragment colour and takes A_t; LUMINANCE_ALPHA takes both.
TEST_F(LegacyCornerCases, BorderColourOfAlphaAndLuminanceAlphaTextures) {
  const std::array<float, 4> border{0.2f, 0.4f, 0.6f, 0.8f};
  auto check = [&](GLenum format, int components, const Rgba& inside, const Rgba& outside) {
    const std::vector<std::uint8_t> texels(std::size_t(4 * components), 255);
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GLint(format), 2, 2, 0, format, GL_UNSIGNED_BYTE, texels.data());
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glColor3f(0, 1, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_QUADS);  // s, t from -1 to 2
    glTexCoord2f(-1, -1);
    glVertex2f(-1, -1);
    glTexCoord2f(2, -1);
    glVertex2f(1, -1);
    glTexCoord2f(2, 2);
    glVertex2f(1, 1);
    glTexCoord2f(-1, 2);
    glVertex2f(-1, 1);
    glEnd();
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_TRUE(near(15, 15, inside)) << std::hex << format;
    EXPECT_TRUE(near(2, 2, outside)) << std::hex << format;
    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &t);
  };
  check(GL_ALPHA, 1, {0, 255, 0, 255}, {0, 255, 0, 204});
  check(GL_LUMINANCE_ALPHA, 2, {255, 255, 255, 255}, {51, 51, 51, 204});
}


// A mipmap specified from its smallest level up (level 2, then 1, then 0: GL 4.6 8.14.4 lets the
// levels come in any order): each level, selected by BASE_LEVEL = MAX_LEVEL, samples its own colour.
TEST_F(LegacyCornerCases, MipmapSpecifiedFromTheSmallestLevelUpSamplesEachLevel) {
  const std::array<std::array<GLubyte, 4>, 3> colours{{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}}};
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  for (int level = 2; level >= 0; --level) {
    const int size = 4 >> level;
    std::vector<std::array<GLubyte, 4>> rgba(std::size_t(size * size), colours[std::size_t(level)]);
    glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_2D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  for (int level = 0; level < 3; ++level) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, level);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, level);
    textured_quad();
    const auto& c = colours[std::size_t(level)];
    EXPECT_TRUE(near(kSize / 2, kSize / 2, {c[0], c[1], c[2], c[3]})) << "level " << level;
  }
  glDisable(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}



}  // namespace
}  // namespace glvk::test
