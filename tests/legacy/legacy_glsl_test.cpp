// Legacy GLSL (1.10/1.20) through the real dispatch on lavapipe with validation: the compatibility
// built-in attributes fed by immediate mode and the legacy client arrays, the built-in uniforms
// filled from the matrix stacks, lights and materials, the built-in varyings, and gl_FragColor
// written to every draw buffer, and built-in functions a shader redefines. Expected pixels come from the GLSL 1.20 7.5 definitions (the
// derived products and matrices) computed here; a pixel may differ by one unit from them.
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

int byte(double c) { return int(std::lround(std::clamp(c, 0.0, 1.0) * 255.0)); }

class LegacyGlslTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }

  void SetUp() override {
    GlTest::SetUp();
    glGenTextures(2, targets_);
    for (GLuint t : targets_) {
      glBindTexture(GL_TEXTURE_2D, t);
      glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kSize, kSize);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, targets_[0], 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, targets_[1], 0);
    const GLenum buffers[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, buffers);
    glViewport(0, 0, kSize, kSize);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
  }

  // legacy_pixels.h's reads, from colour attachment `buffer`.
  Rgba pixel(int x, int y, GLenum buffer = GL_COLOR_ATTACHMENT0) {
    glReadBuffer(buffer);
    return test::pixel(x, y);
  }
  ::testing::AssertionResult near(int x, int y, const Rgba& expected, GLenum buffer = GL_COLOR_ATTACHMENT0) {
    glReadBuffer(buffer);
    return test::near(x, y, expected);
  }

  void quad(float lo, float hi) {
    glBegin(GL_QUADS);
    glVertex2f(lo, lo);
    glVertex2f(hi, lo);
    glVertex2f(hi, hi);
    glVertex2f(lo, hi);
    glEnd();
  }

  GLuint targets_[2] = {}, fbo_ = 0;
};

constexpr const char* kTransformVs =
    "#version 110\n"
    "void main() {\n"
    "  gl_FrontColor = gl_Color;\n"
    "  gl_TexCoord[0] = gl_MultiTexCoord0;\n"
    "  gl_TexCoord[1] = gl_TextureMatrix[1] * gl_MultiTexCoord1;\n"
    "  gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
    "}\n";
constexpr const char* kTransformFs =
    "void main() { gl_FragColor = vec4(gl_Color.rgb, gl_TexCoord[0].y) + vec4(0.0, 0.0, gl_TexCoord[1].x, 0.0); }\n";

// Immediate mode: gl_Vertex through the projection and modelview stacks, gl_Color, two texture
// coordinate sets (one through texture matrix 1), and gl_FragColor in both draw buffers.
TEST_F(LegacyGlslTest, ImmediateModeMatricesColoursAndTexCoords) {
  const GLuint p = link(kTransformVs, kTransformFs);
  glUseProgram(p);
  glMatrixMode(GL_PROJECTION);
  glScalef(0.5f, 0.5f, 1.0f);
  glMatrixMode(GL_MODELVIEW);
  glTranslatef(0.5f, 0.0f, 0.0f);
  glMatrixMode(GL_TEXTURE);
  glActiveTexture(GL_TEXTURE1);
  glScalef(0.25f, 1.0f, 1.0f);
  glActiveTexture(GL_TEXTURE0);
  glColor3f(0.25f, 0.5f, 0.0f);
  glTexCoord2f(0.2f, 0.6f);
  glMultiTexCoord2f(GL_TEXTURE1, 0.8f, 0.0f);
  quad(-1.0f, 1.0f);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // x: (-1 + 0.5) * 0.5 .. (1 + 0.5) * 0.5 = [-0.25, 0.75] -> pixels [12, 28); y: [-0.5, 0.5] -> [8, 24).
  const Rgba colour = {byte(0.25), byte(0.5), byte(0.8 * 0.25), byte(0.6)};
  for (GLenum buffer : {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1}) {
    EXPECT_TRUE(near(20, 16, colour, buffer));
    EXPECT_TRUE(near(13, 9, colour, buffer));
    EXPECT_TRUE(near(27, 23, colour, buffer));
    EXPECT_TRUE(near(11, 16, {0, 0, 0, 0}, buffer));
    EXPECT_TRUE(near(28, 16, {0, 0, 0, 0}, buffer));
    EXPECT_TRUE(near(20, 7, {0, 0, 0, 0}, buffer));
    EXPECT_TRUE(near(20, 24, {0, 0, 0, 0}, buffer));
  }
}

// The built-in light and material uniforms and their derived products (GLSL 1.20 7.5):
// sceneColor = Ecm + Acm * Acs, the light products component-wise, gl_NormalMatrix the inverse
// transpose of the modelview's upper 3x3.
TEST_F(LegacyGlslTest, LightingUniformsFromLightAndMaterialState) {
  const GLuint p = link(
      "#version 120\n"
      "void main() {\n"
      "  vec3 n = normalize(gl_NormalMatrix * gl_Normal);\n"
      "  float d = max(dot(n, normalize(gl_LightSource[0].position.xyz)), 0.0);\n"
      "  gl_FrontColor = gl_FrontLightModelProduct.sceneColor + gl_FrontLightProduct[0].ambient\n"
      "                + gl_FrontLightProduct[0].diffuse * d;\n"
      "  gl_FrontColor.a = gl_LightSource[0].spotCosCutoff * 0.5 + gl_FrontMaterial.shininess / 128.0;\n"
      "  gl_Position = ftransform();\n"
      "}\n",
      "#version 120\nvoid main() { gl_FragColor = gl_Color; }\n");
  glUseProgram(p);
  const GLfloat light_position[] = {0, 0, 1, 0};
  const GLfloat light_diffuse[] = {0.8f, 0.5f, 1.0f, 1};
  const GLfloat light_ambient[] = {0.5f, 0.25f, 0.0f, 1};
  const GLfloat emission[] = {0.1f, 0.0f, 0.0f, 1};
  const GLfloat diffuse[] = {0.5f, 0.4f, 0.3f, 1};
  glLightfv(GL_LIGHT0, GL_POSITION, light_position);  // modelview identity: eye = object
  glLightfv(GL_LIGHT0, GL_DIFFUSE, light_diffuse);
  glLightfv(GL_LIGHT0, GL_AMBIENT, light_ambient);
  glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 60.0f);
  glMaterialfv(GL_FRONT, GL_EMISSION, emission);
  glMaterialfv(GL_FRONT, GL_DIFFUSE, diffuse);
  glMaterialf(GL_FRONT, GL_SHININESS, 32.0f);
  // A rotation of the modelview turns the normal (1, 0, 0) to the light at +z: gl_NormalMatrix must
  // follow it (n' = R n for a rotation), else d = 0.
  glMatrixMode(GL_MODELVIEW);
  glRotatef(-90.0f, 0.0f, 1.0f, 0.0f);
  glNormal3f(1.0f, 0.0f, 0.0f);
  // The quad must face the viewer after the rotation: drawn in the yz plane.
  glBegin(GL_QUADS);
  glVertex3f(0, -1, 1);
  glVertex3f(0, -1, -1);
  glVertex3f(0, 1, -1);
  glVertex3f(0, 1, 1);
  glEnd();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Material ambient 0.2 (initial), light model ambient 0.2 (initial).
  const double scene[3] = {0.1 + 0.2 * 0.2, 0.2 * 0.2, 0.2 * 0.2};
  const double r = scene[0] + 0.2 * 0.5 + 0.5 * 0.8;
  const double g = scene[1] + 0.2 * 0.25 + 0.4 * 0.5;
  const double b = scene[2] + 0.2 * 0.0 + 0.3 * 1.0;
  const double a = std::cos(60.0 * M_PI / 180.0) * 0.5 + 32.0 / 128.0;
  EXPECT_TRUE(near(16, 16, {byte(r), byte(g), byte(b), byte(a)}));
  EXPECT_TRUE(near(2, 16, {byte(r), byte(g), byte(b), byte(a)}));
}

// The parts of the derived light state GLSL 1.20 7.5 leaves open, as llvmpipe and zink fill them
// (piglit's glsl-1.10-built-in-uniform-state checks them): a light product's alpha is the
// material's alpha, and halfVector's w is 1.
TEST_F(LegacyGlslTest, LightProductAlphaIsTheMaterialsAndHalfVectorWIsOne) {
  const GLuint p = link(
      "#version 120\nvoid main() { gl_Position = gl_Vertex; }\n",
      "#version 120\nvoid main() {\n"
      "  gl_FragColor = vec4(gl_FrontLightProduct[0].ambient.a, gl_BackLightProduct[1].specular.a,\n"
      "                      gl_FrontLightProduct[2].diffuse.a, gl_LightSource[3].halfVector.w);\n"
      "}\n");
  glUseProgram(p);
  const GLfloat light[] = {0.5f, 0.5f, 0.5f, 0.5f};
  const GLfloat ambient[] = {0, 0, 0, 0.25f}, specular[] = {0, 0, 0, 0.75f}, diffuse[] = {0, 0, 0, 0.5f};
  for (const GLenum l : {GL_LIGHT0, GL_LIGHT1, GL_LIGHT2}) {
    glLightfv(l, GL_AMBIENT, light);
    glLightfv(l, GL_DIFFUSE, light);
    glLightfv(l, GL_SPECULAR, light);
  }
  glMaterialfv(GL_FRONT, GL_AMBIENT, ambient);
  glMaterialfv(GL_BACK, GL_SPECULAR, specular);
  glMaterialfv(GL_FRONT, GL_DIFFUSE, diffuse);
  const GLfloat position[] = {1, 2, 3, 1};
  glLightfv(GL_LIGHT3, GL_POSITION, position);
  glRectf(-1, -1, 1, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(16, 16, {byte(0.25), byte(0.75), byte(0.5), 255}));
}

// Client arrays with a GLSL program: glVertexPointer feeds gl_Vertex, glColorPointer gl_Color, and
// a user attribute keeps its own location beside them; glGetActiveAttrib lists the built-ins with
// location -1 from glGetAttribLocation.
TEST_F(LegacyGlslTest, ClientArraysFeedBuiltInAttributesBesideUserAttributes) {
  const GLuint p = link(
      "#version 110\nattribute float scale;\n"
      "void main() { gl_FrontColor = gl_Color * scale; gl_Position = gl_Vertex; }\n",
      "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n");
  glUseProgram(p);
  const GLint scale = glGetAttribLocation(p, "scale");
  ASSERT_GE(scale, 0);
  EXPECT_EQ(glGetAttribLocation(p, "gl_Vertex"), -1);
  GLint active = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &active);
  EXPECT_EQ(active, 3);
  bool saw_vertex = false;
  for (GLint i = 0; i < active; ++i) {
    char name[64] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveAttrib(p, GLuint(i), sizeof name, nullptr, &size, &type, name);
    if (std::string(name) == "gl_Vertex") saw_vertex = type == GL_FLOAT_VEC4;
  }
  EXPECT_TRUE(saw_vertex);
  const GLfloat vertices[] = {-1, -1, 0, -1, 0, 1, -1, 1};       // left half
  const GLubyte colours[] = {255, 128, 0, 255, 255, 128, 0, 255, 255, 128, 0, 255, 255, 128, 0, 255};
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, vertices);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, colours);
  glVertexAttrib1f(GLuint(scale), 0.5f);
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(8, 16, {byte(0.5), byte(128.0 / 255.0 * 0.5), 0, byte(0.5)}));
  EXPECT_TRUE(near(24, 16, {0, 0, 0, 0}));
}

// One shader of `type` linked alone (the program a legacy application builds without the other stage).
GLuint link_alone(GLenum type, const char* source) {
  const GLuint p = glCreateProgram();
  const GLuint s = compile(type, source);
  glAttachShader(p, s);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) ADD_FAILURE() << "link failed: " << info_log(p, true) << "\nshader: " << info_log(s, false);
  return p;
}

// A program with only a fragment shader draws with fixed-function vertex processing (GL 4.6
// compatibility 11.1): gl_Vertex through the projection matrix, gl_Color the current colour,
// gl_TexCoord[2] texture unit 2's coordinates through its texture matrix. The program GL shows is
// the user's: one active uniform, no active attribute, and the value glUniform set each draw.
TEST_F(LegacyGlslTest, FragmentShaderAloneDrawsWithFixedFunctionVertexProcessing) {
  const GLuint p = link_alone(GL_FRAGMENT_SHADER,
                              "#version 110\nuniform vec4 tint;\n"
                              "void main() { gl_FragColor = vec4(gl_Color.rgb * tint.rgb, gl_TexCoord[2].y); }\n");
  glUseProgram(p);
  GLint uniforms = -1, attributes = -1;
  glGetProgramiv(p, GL_ACTIVE_UNIFORMS, &uniforms);
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &attributes);
  EXPECT_EQ(uniforms, 1);
  EXPECT_EQ(attributes, 0);
  const GLint tint = glGetUniformLocation(p, "tint");
  ASSERT_GE(tint, 0);
  glUniform4f(tint, 1.0f, 2.0f, 0.5f, 1.0f);
  glMatrixMode(GL_PROJECTION);
  glScalef(0.5f, 0.5f, 1.0f);
  glMatrixMode(GL_TEXTURE);
  glActiveTexture(GL_TEXTURE2);
  glTranslatef(0.0f, 0.2f, 0.0f);
  glActiveTexture(GL_TEXTURE0);
  glMatrixMode(GL_MODELVIEW);
  glColor3f(0.5f, 0.25f, 1.0f);
  glMultiTexCoord2f(GL_TEXTURE2, 0.0f, 0.6f);
  quad(-1.0f, 0.0f);  // [-0.5, 0] after the projection: pixels [8, 16)
  glUniform4f(tint, 0.5f, 1.0f, 0.25f, 1.0f);
  quad(0.0f, 1.0f);  // pixels [16, 24)
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(12, 12, {byte(0.5), byte(0.5), byte(0.5), byte(0.8)}));
  EXPECT_TRUE(near(20, 20, {byte(0.25), byte(0.25), byte(0.25), byte(0.8)}));
  EXPECT_TRUE(near(4, 12, {0, 0, 0, 0}));
  EXPECT_TRUE(near(26, 20, {0, 0, 0, 0}));
  GLfloat value[4] = {};
  glGetUniformfv(p, tint, value);
  EXPECT_EQ(value[1], 1.0f);
}

// A program with only a vertex shader gets fixed-function fragment processing: texture unit 0's
// MODULATE environment on the shader's gl_FrontColor and gl_TexCoord[0] while GL_TEXTURE_2D is
// enabled (table 16.1: Cv = Cf Ct), the colour as it is once texturing is off.
TEST_F(LegacyGlslTest, VertexShaderAloneDrawsWithFixedFunctionFragmentProcessing) {
  const GLuint p = link_alone(GL_VERTEX_SHADER,
                              "#version 110\n"
                              "void main() {\n"
                              "  gl_Position = gl_Vertex;\n"
                              "  gl_FrontColor = vec4(0.5, 1.0, 0.25, 1.0);\n"
                              "  gl_TexCoord[0] = vec4(0.5, 0.5, 0.0, 1.0);\n"
                              "}\n");
  glUseProgram(p);
  const GLubyte texel[] = {128, 64, 255, 255};
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_2D);
  quad(-1.0f, 0.0f);
  glDisable(GL_TEXTURE_2D);
  quad(0.0f, 1.0f);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(8, 8, {byte(0.5 * 128 / 255.0), byte(64 / 255.0), byte(0.25), 255}));
  EXPECT_TRUE(near(24, 24, {byte(0.5), 255, byte(0.25), 255}));
  glDeleteTextures(1, &t);
}

// A fragment shader alone whose input no fixed-function output feeds (a user varying): the hidden
// program cannot link, and the draw is an INVALID_OPERATION instead of a crash.
TEST_F(LegacyGlslTest, FragmentShaderAloneReadingAUserVaryingDoesNotDraw) {
  const GLuint p = link_alone(GL_FRAGMENT_SHADER, "#version 110\nvarying vec4 v;\nvoid main() { gl_FragColor = v; }\n");
  glUseProgram(p);
  quad(-1.0f, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_TRUE(near(16, 16, {0, 0, 0, 0}));
}

// GL_FLAT with a GLSL program: gl_Color (no interpolation qualifier) takes the provoking vertex's
// colour, the last one of a triangle under the initial LAST_VERTEX_CONVENTION (GL 4.6
// compatibility's flatshading); a user varying stays smooth, and GL_SMOOTH interpolates gl_Color.
TEST_F(LegacyGlslTest, FlatShadeModelAppliesToGlColor) {
  const GLuint p = link(
      "#version 110\nvarying float ramp;\n"
      "void main() { gl_FrontColor = gl_Color; ramp = gl_Vertex.x * 0.5 + 0.5; gl_Position = gl_Vertex; }\n",
      "#version 110\nvarying float ramp;\nvoid main() { gl_FragColor = vec4(gl_Color.rgb, ramp); }\n");
  glUseProgram(p);
  glShadeModel(GL_FLAT);
  glBegin(GL_TRIANGLES);
  glColor3f(1.0f, 0.0f, 0.0f);
  glVertex2f(-1.0f, -1.0f);
  glColor3f(0.0f, 1.0f, 0.0f);
  glVertex2f(1.0f, -1.0f);
  glColor3f(0.0f, 0.0f, 1.0f);
  glVertex2f(-1.0f, 1.0f);
  glEnd();
  glShadeModel(GL_SMOOTH);
  glBegin(GL_TRIANGLES);
  glColor3f(1.0f, 0.0f, 0.0f);
  glVertex2f(1.0f, -1.0f);
  glColor3f(0.0f, 1.0f, 0.0f);
  glVertex2f(1.0f, 1.0f);
  glColor3f(0.0f, 0.0f, 1.0f);
  glVertex2f(-1.0f, 1.0f);
  glEnd();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Pixel (4, 4): x = -0.71875, ramp = 0.140625 -> 36; flat: the third vertex's blue.
  EXPECT_TRUE(near(4, 4, {0, 0, 255, 36}));
  EXPECT_TRUE(near(4, 20, {0, 0, 255, byte(0.5 * (-1.0 + 2.0 * 4.5 / 32.0) + 0.5)}));
  // (28, 28) in the smooth triangle: barycentric weights from its vertices (1,-1), (1,1), (-1,1)
  // at (0.78125, 0.78125): red (1 - y) / 2 = 0.109375, green (x + y) / 2 = 0.78125, blue (1 - x) / 2.
  EXPECT_TRUE(near(28, 28, {byte(0.109375), byte(0.78125), byte(0.109375), byte(0.5 * 0.78125 + 0.5)}));
}

// GLSL 1.10 6.1: a redefined built-in function binds the calls after the shader's declaration of
// it; the earlier ones keep the built-in. f = -0.5: before(f) is |f| = 0.5, abs(f) + 1 is 0.5 with
// the shader's abs (it returns x), 1.5 (clamped to 1) with the built-in.
TEST_F(LegacyGlslTest, RedefinedBuiltInFunctionsBindTheLaterCalls) {
  const GLuint p = link_alone(GL_FRAGMENT_SHADER,
                              "uniform float f;\n"
                              "float before(float x) { return abs(x); }\n"
                              "float abs(float x) { return x; }\n"
                              "void main() { gl_FragColor = vec4(before(f), abs(f) + 1.0, 0.0, 1.0); }\n");
  glUseProgram(p);
  glUniform1f(glGetUniformLocation(p, "f"), -0.5f);
  quad(-1.0f, 1.0f);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(16, 16, {byte(0.5), byte(0.5), 0, 255}));
}

// GL 4.6 compatibility 17.4.1: without a fragment shader the colour goes to every draw buffer,
// each with its own blending, and a NONE buffer takes nothing; pixel rectangles too.
TEST_F(LegacyGlslTest, FixedFunctionColourGoesToEveryDrawBuffer) {
  glColor4f(0.25f, 0.5f, 0.75f, 1.0f);
  quad(-1.0f, 1.0f);
  for (GLenum buffer : {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1})
    EXPECT_TRUE(near(5, 5, {byte(0.25), byte(0.5), byte(0.75), 255}, buffer));

  // Blending in buffer 1 only: ONE, ONE adds the clear colour there.
  glClearColor(0.25f, 0.0f, 0.0f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnablei(GL_BLEND, 1);
  glBlendFunc(GL_ONE, GL_ONE);
  glColor4f(0.5f, 0.5f, 0.0f, 0.5f);
  quad(-1.0f, 1.0f);
  glDisablei(GL_BLEND, 1);
  EXPECT_TRUE(near(5, 5, {byte(0.5), byte(0.5), 0, byte(0.5)}, GL_COLOR_ATTACHMENT0));
  EXPECT_TRUE(near(5, 5, {byte(0.75), byte(0.5), 0, byte(0.5)}, GL_COLOR_ATTACHMENT1));

  // Draw buffer 0 NONE: only buffer 1 is written (and cleared).
  const GLenum second_only[] = {GL_NONE, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, second_only);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glColor4f(1.0f, 0.0f, 0.0f, 1.0f);
  quad(-1.0f, 1.0f);
  EXPECT_TRUE(near(5, 5, {byte(0.5), byte(0.5), 0, byte(0.5)}, GL_COLOR_ATTACHMENT0));
  EXPECT_TRUE(near(5, 5, {255, 0, 0, 255}, GL_COLOR_ATTACHMENT1));

  // glDrawPixels' fragments go to both buffers.
  const GLenum both[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, both);
  glClear(GL_COLOR_BUFFER_BIT);
  const std::vector<std::uint8_t> pixels(4 * 4 * 4, 96);
  glWindowPos2i(2, 2);
  glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (GLenum buffer : {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1}) {
    EXPECT_TRUE(near(3, 3, {96, 96, 96, 96}, buffer));
    EXPECT_TRUE(near(7, 7, {0, 0, 0, 0}, buffer));
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// GLSL 1.50 compatibility: a geometry shader reads the vertex stage's compatibility varyings as
// gl_in[i].gl_X, writes them for the fragment stage, and its gl_ClipVertex is clipped against
// the enabled user clip planes (GL 4.6 compatibility 13.7.2).
TEST_F(LegacyGlslTest, GeometryShaderPassesCompatibilityVaryingsAndClipsItsClipVertex) {
  const char* vs =
      "#version 150 compatibility\n"
      "out gl_PerVertex { vec4 gl_Position; vec4 gl_FrontColor; vec4 gl_TexCoord[2]; };\n"
      "void main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color; gl_TexCoord[1] = gl_MultiTexCoord0; }\n";
  const char* gs =
      "#version 150 compatibility\n"
      "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
      "in gl_PerVertex { vec4 gl_Position; vec4 gl_FrontColor; vec4 gl_TexCoord[2]; } gl_in[];\n"
      "void main() {\n"
      "  for (int i = 0; i < 3; i++) {\n"
      "    gl_Position = gl_in[i].gl_Position;\n"
      "    gl_FrontColor = gl_in[i].gl_FrontColor;\n"
      "    gl_TexCoord[0] = gl_in[i].gl_TexCoord[1] * 0.5;\n"
      "    gl_ClipVertex = gl_in[i].gl_Position;\n"
      "    EmitVertex();\n"
      "  }\n"
      "}\n";
  const char* fs = "#version 120\nvoid main() { gl_FragColor = vec4(gl_Color.rg, gl_TexCoord[0].xy); }\n";
  const GLuint p = glCreateProgram();
  const GLuint shaders[] = {compile(GL_VERTEX_SHADER, vs), compile(GL_GEOMETRY_SHADER, gs), compile(GL_FRAGMENT_SHADER, fs)};
  for (GLuint s : shaders) glAttachShader(p, s);
  glLinkProgram(p);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok) << info_log(p, true) << info_log(shaders[0], false) << info_log(shaders[1], false);
  glUseProgram(p);
  const GLdouble keep_right[] = {1.0, 0.0, 0.0, 0.0};  // x >= 0 (eye coordinates, identity modelview)
  glClipPlane(GL_CLIP_PLANE0, keep_right);
  glColor4f(0.25f, 0.5f, 0.0f, 0.0f);
  glTexCoord2f(0.5f, 1.0f);
  quad(-1.0f, 1.0f);
  const Rgba drawn = {byte(0.25), byte(0.5), byte(0.25), byte(0.5)};
  EXPECT_TRUE(near(5, 5, drawn));  // CLIP_PLANE0 disabled: no clipping
  EXPECT_TRUE(near(27, 27, drawn));
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_CLIP_PLANE0);
  quad(-1.0f, 1.0f);
  glDisable(GL_CLIP_PLANE0);
  EXPECT_TRUE(near(5, 5, {0, 0, 0, 0}));
  EXPECT_TRUE(near(15, 20, {0, 0, 0, 0}));
  EXPECT_TRUE(near(16, 20, drawn));
  EXPECT_TRUE(near(27, 27, drawn));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// CLAMP_VERTEX_COLOR clamps the colours a vertex shader writes (TRUE, and FIXED_ONLY with
// fixed-point buffers; FALSE leaves them), before gl_Color + gl_SecondaryColor is computed.
TEST_F(LegacyGlslTest, VertexColourClampAppliesToShaderColours) {
  const GLuint p = link(
      "#version 110\n"
      "void main() {\n"
      "  gl_Position = gl_Vertex;\n"
      "  gl_FrontColor = vec4(-1.0, 2.0, 0.5, 0.75);\n"
      "  gl_FrontSecondaryColor = vec4(2.0, -3.0, 0.25, 0.0);\n"
      "}\n",
      "#version 110\nvoid main() { gl_FragColor = gl_Color + gl_SecondaryColor * 0.5; }\n");
  glUseProgram(p);
  quad(-1.0f, 1.0f);
  for (GLenum buffer : {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1})
    EXPECT_TRUE(near(16, 16, {byte(0.5), 255, byte(0.625), byte(0.75)}, buffer));  // clamped, then summed
  glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FIXED_ONLY);  // RGBA8 buffers: still clamped
  glClear(GL_COLOR_BUFFER_BIT);
  quad(-1.0f, 1.0f);
  EXPECT_TRUE(near(16, 16, {byte(0.5), 255, byte(0.625), byte(0.75)}));
  glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);  // -1 + 2 / 2, 2 - 3 / 2
  quad(-1.0f, 1.0f);
  EXPECT_TRUE(near(16, 16, {0, byte(0.5), byte(0.625), byte(0.75)}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Generic attribute 0 aliases the vertex position (GL 4.6 compatibility 10.2): a program whose
// attribute at location 0 is its own reads the vertex array (glVertexPointer) there.
TEST_F(LegacyGlslTest, AttributeZeroReadsTheVertexArray) {
  const GLuint p = glCreateProgram();
  const GLuint shaders[] = {compile(GL_VERTEX_SHADER, "#version 110\nattribute vec4 pos;\nvoid main() { gl_Position = pos; }\n"),
                            compile(GL_FRAGMENT_SHADER, "#version 110\nvoid main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n")};
  for (GLuint s : shaders) glAttachShader(p, s);
  glBindAttribLocation(p, 0, "pos");
  glLinkProgram(p);
  glUseProgram(p);
  const GLfloat vertices[] = {0, -1, 1, -1, 1, 1, 0, 1};  // right half
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, vertices);
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  glDisableClientState(GL_VERTEX_ARRAY);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(24, 16, {0, 255, 0, 255}));
  EXPECT_TRUE(near(8, 16, {0, 0, 0, 0}));
}

// Generic attributes set between glBegin and glEnd are per-vertex state (GL 4.6 compatibility
// 10.2.2): each vertex keeps the value current when it was emitted, also those emitted before the
// first such call.
TEST_F(LegacyGlslTest, ImmediateModeGenericAttributesArePerVertex) {
  const GLuint p = link("#version 110\nattribute vec4 color_in;\n"
                        "void main() { gl_FrontColor = color_in; gl_Position = gl_Vertex; }\n",
                        "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n");
  glUseProgram(p);
  const GLint loc = glGetAttribLocation(p, "color_in");
  ASSERT_GT(loc, 0);  // gl_Vertex has attribute 0
  glVertexAttrib4f(GLuint(loc), 1, 0, 0, 1);
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);  // red, emitted before any glVertexAttrib inside glBegin
  glVertex2f(0, -1);
  glVertex2f(-1, 0);
  glVertexAttrib4f(GLuint(loc), 0, 1, 0, 1);
  glVertex2f(1, 1);  // green
  glVertex2f(0, 1);
  glVertex2f(1, 0);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(4, 4, {255, 0, 0, 255}));
  EXPECT_TRUE(near(28, 28, {0, 255, 0, 255}));
  EXPECT_TRUE(near(28, 4, {0, 0, 0, 0}));
}

// glMaterial between glBegin and glEnd is a per-vertex value for fixed-function lighting; a GLSL
// program's gl_FrontMaterial reads the material state the pair began with for its draw (Mesa's
// llvmpipe and zink alike), while the state itself ends as the last call left it.
TEST_F(LegacyGlslTest, MaterialsInsideBeginEndLeaveGlslMaterialUniformsAsTheyBegan) {
  const GLuint p = link("#version 110\n"
                        "void main() {\n"
                        "  gl_FrontColor = gl_FrontMaterial.ambient + gl_FrontMaterial.diffuse;\n"
                        "  gl_Position = gl_Vertex;\n"
                        "}\n",
                        "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n");
  glUseProgram(p);
  const GLfloat ambient[] = {0.0f, 0.25f, 0.0f, 0.5f}, diffuse[] = {0.0f, 0.5f, 0.25f, 0.5f};
  const GLfloat red[] = {1, 0, 0, 1};
  glMaterialfv(GL_FRONT, GL_AMBIENT, ambient);
  glMaterialfv(GL_FRONT, GL_DIFFUSE, diffuse);
  glBegin(GL_TRIANGLE_FAN);
  const GLfloat corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  for (const auto& v : corners) {
    glMaterialfv(GL_FRONT, GL_AMBIENT, red);
    glMaterialfv(GL_FRONT, GL_DIFFUSE, red);
    glVertex2fv(v);
  }
  glEnd();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(near(16, 16, {0, byte(0.75), byte(0.25), 255}));
  GLfloat now[4] = {};
  glGetMaterialfv(GL_FRONT, GL_DIFFUSE, now);
  EXPECT_EQ(now[0], 1.0f);
  EXPECT_EQ(now[1], 0.0f);
  // The next pair begins with the red state.
  glBegin(GL_TRIANGLE_FAN);
  glVertex2f(-1, -1);
  glVertex2f(1, -1);
  glVertex2f(1, 1);
  glVertex2f(-1, 1);
  glEnd();
  EXPECT_TRUE(near(16, 16, {255, 0, 0, 255}));
}

// The alpha test (GL 4.6 compatibility 17.3.4) applies to a GLSL fragment shader's colour for draw
// buffer zero: gl_FragData[0]'s alpha decides for both buffers, and each reference value is its own.
TEST_F(LegacyGlslTest, AlphaTestReadsDrawBufferZerosShaderColour) {
  const GLuint p = link("#version 110\nvoid main() { gl_Position = gl_Vertex; }\n",
                        "#version 110\n"
                        "void main() {\n"
                        "  gl_FragData[0] = vec4(1.0, 0.0, 0.0, gl_FragCoord.x < 16.0 ? 0.25 : 0.75);\n"
                        "  gl_FragData[1] = vec4(0.0, 1.0, 0.0, 1.0);\n"
                        "}\n");
  glUseProgram(p);
  glEnable(GL_ALPHA_TEST);
  glAlphaFunc(GL_GEQUAL, 0.5f);
  quad(-1.0f, 1.0f);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLenum buffer : {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1}) EXPECT_TRUE(near(8, 8, {0, 0, 0, 0}, buffer));
  EXPECT_TRUE(near(24, 8, {255, 0, 0, byte(0.75)}, GL_COLOR_ATTACHMENT0));
  EXPECT_TRUE(near(24, 8, {0, 255, 0, 255}, GL_COLOR_ATTACHMENT1));

  // LESS 0.5 keeps the other half; a reference of 0.2 then passes neither.
  glClear(GL_COLOR_BUFFER_BIT);
  glAlphaFunc(GL_LESS, 0.5f);
  quad(-1.0f, 1.0f);
  EXPECT_TRUE(near(8, 8, {0, 255, 0, 255}, GL_COLOR_ATTACHMENT1));
  EXPECT_TRUE(near(24, 8, {0, 0, 0, 0}, GL_COLOR_ATTACHMENT1));
  glClear(GL_COLOR_BUFFER_BIT);
  glAlphaFunc(GL_LESS, 0.2f);
  quad(-1.0f, 1.0f);
  for (int x : {8, 24}) EXPECT_TRUE(near(x, 8, {0, 0, 0, 0}, GL_COLOR_ATTACHMENT1));

  // Disabled: every fragment is written.
  glDisable(GL_ALPHA_TEST);
  quad(-1.0f, 1.0f);
  EXPECT_TRUE(near(8, 8, {255, 0, 0, byte(0.25)}, GL_COLOR_ATTACHMENT0));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// With no colour buffer (draw buffer NONE, a depth attachment only) the alpha test still applies to
// the colour the shader computes: only the fragments that pass write depth.
TEST_F(LegacyGlslTest, AlphaTestWithoutColourBufferDecidesDepthWrites) {
  GLuint depth = 0, fbo = 0;
  glGenTextures(1, &depth);
  glBindTexture(GL_TEXTURE_2D, depth);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, kSize, kSize, 0, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, depth, 0);
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  const GLuint p = link("#version 110\nvoid main() { gl_Position = vec4(gl_Vertex.xy, 0.0, 1.0); }\n",
                        "#version 110\nvoid main() { gl_FragColor = vec4(0.0, 1.0, 0.0, gl_FragCoord.x < 16.0 ? 0.0 : 1.0); }\n");
  glUseProgram(p);
  glEnable(GL_ALPHA_TEST);
  glAlphaFunc(GL_GREATER, 0.5f);
  quad(-1.0f, 1.0f);  // z 0: depth 0.5 where drawn
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLfloat left = 0, right = 0;
  glReadPixels(8, 8, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &left);
  glReadPixels(24, 8, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &right);
  EXPECT_EQ(left, 1.0f);
  EXPECT_NEAR(right, 0.5f, 1e-5);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &depth);
}

}  // namespace
}  // namespace glvk::test
