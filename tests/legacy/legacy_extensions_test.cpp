// GL 1.2-1.5 features a compatibility context also advertises under their extension names, as
// legacy programs look for them: EXT_texture3D (glTexImage3DEXT takes its internal format as an
// enum) and EXT_blend_minmax (glBlendEquationEXT with MIN/MAX); and the depth comparison
// ARB_shadow/EXT_shadow_funcs define (GL 1.4-1.5 core), in fixed-function texturing too (not yet
// advertised: see advertised_extensions.txt). Expected values are what those specifications define.
#include <array>
#include <set>
#include <string>

#include "gl_fixture.h"
#include "gl_programs.h"
#include "legacy_framebuffer.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

using LegacyExtensionsTest = LegacyFramebufferTest;

TEST_F(LegacyExtensionsTest, CompatibilityContextsAdvertiseThem) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  std::set<std::string> names;
  for (GLint i = 0; i < count; ++i) names.insert(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i))));
  for (const char* name : {"GL_EXT_texture3D", "GL_EXT_blend_minmax"})
    EXPECT_EQ(names.count(name), 1u) << name;
}

TEST_F(LegacyExtensionsTest, TexImage3DEXTMakesA3DImage) {
  auto* tex_image_3d_ext = reinterpret_cast<void (*)(GLenum, GLint, GLenum, GLsizei, GLsizei, GLsizei, GLint, GLenum,
                                                     GLenum, const void*)>(eglGetProcAddress("glTexImage3DEXT"));
  ASSERT_NE(tex_image_3d_ext, nullptr);
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_3D, texture);
  std::array<GLubyte, 2 * 2 * 3 * 4> texels{};
  tex_image_3d_ext(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint depth = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_3D, 0, GL_TEXTURE_DEPTH, &depth);
  EXPECT_EQ(depth, 3);
  // The same errors as glTexImage3D: a 2D target is not a 3D command's.
  tex_image_3d_ext(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteTextures(1, &texture);
}

TEST_F(LegacyExtensionsTest, BlendEquationEXTTakesMinAndMax) {
  auto* blend_equation_ext = reinterpret_cast<void (*)(GLenum)>(eglGetProcAddress("glBlendEquationEXT"));
  ASSERT_NE(blend_equation_ext, nullptr);
  glClearColor(0.4f, 0.4f, 0.4f, 0.4f);
  clear();
  glEnable(GL_BLEND);
  blend_equation_ext(GL_MIN_EXT);
  glColor4f(1.0f, 0.2f, 0.0f, 1.0f);
  glRectf(-1, -1, 0, 1);
  blend_equation_ext(GL_MAX_EXT);
  glRectf(0, -1, 1, 1);
  GLint equation = 0;
  glGetIntegerv(GL_BLEND_EQUATION_EXT, &equation);
  EXPECT_EQ(equation, GL_MAX_EXT);
  glDisable(GL_BLEND);
  // MIN/MAX ignore the blend factors: per component min/max of source and destination.
  EXPECT_TRUE(near(4, 4, {102, 51, 0, 102}));
  EXPECT_TRUE(near(28, 4, {255, 102, 102, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// A 1x1 DEPTH_COMPONENT24 texture of depth 0.5, nearest filtering, bound to TEXTURE_2D.
GLuint bind_half_depth_texture() {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  const GLfloat depth = 0.5f;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  return texture;
}

TEST_F(LegacyExtensionsTest, FixedFunctionTexturingComparesDepthTextures) {
  const GLuint texture = bind_half_depth_texture();
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_ARB, GL_COMPARE_R_TO_TEXTURE_ARB);
  glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glEnable(GL_TEXTURE_2D);
  // Left half: r = 0.25, right half: r = 0.75 (given as r/q = 1.5/2), against the texel's 0.5.
  const auto draw = [](GLenum func) {
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC_ARB, GLint(func));
    for (const GLfloat x : {-1.0f, 0.0f}) {
      glBegin(GL_QUADS);
      if (x < 0) glTexCoord3f(0.5f, 0.5f, 0.25f);
      else glTexCoord4f(1.0f, 1.0f, 1.5f, 2.0f);
      glVertex2f(x, -1);
      glVertex2f(x + 1, -1);
      glVertex2f(x + 1, 1);
      glVertex2f(x, 1);
      glEnd();
    }
  };
  draw(GL_LEQUAL);  // ARB_shadow: 1 where r <= the texel, else 0, as luminance
  EXPECT_TRUE(near(4, 4, {255, 255, 255, 255}));
  EXPECT_TRUE(near(28, 4, {0, 0, 0, 255}));
  draw(GL_GREATER);  // EXT_shadow_funcs: the other functions
  EXPECT_TRUE(near(4, 4, {0, 0, 0, 255}));
  EXPECT_TRUE(near(28, 4, {255, 255, 255, 255}));
  // Without the comparison mode the depth itself is the luminance.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_ARB, GL_NONE);
  draw(GL_LEQUAL);
  EXPECT_TRUE(near(4, 4, {128, 128, 128, 255}));
  glDisable(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(1, &texture);
}

// A GLSL 1.30 shadow sampler returns the comparison of the texel's depth with the reference, as a
// float, whatever DEPTH_TEXTURE_MODE says (the mode spreads a comparison's result over RGBA for
// fixed-function texturing; it never replaces the depth compared). Depth 0.5, GREATER: a reference
// of 0.75 passes, 0.25 fails, in every mode (piglit's fs-texture-sampler2dshadow-10 with ALPHA).
TEST_F(LegacyExtensionsTest, ShadowSamplersCompareTheDepthWhateverTheDepthTextureMode) {
  const GLuint texture = bind_half_depth_texture();
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
  const GLuint p = link("#version 130\nvoid main() { gl_Position = gl_Vertex; }\n",
                        "#version 130\nuniform sampler2DShadow s;\nuniform float ref;\n"
                        "void main() { gl_FragColor = vec4(texture(s, vec3(0.5, 0.5, ref)), 0.0, 0.0, 1.0); }\n");
  glUseProgram(p);
  for (const GLenum mode : {GL_ALPHA, GL_INTENSITY, GL_LUMINANCE, GL_RED}) {
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GLint(mode));
    glUniform1f(glGetUniformLocation(p, "ref"), 0.75f);
    glRectf(-1, -1, 0, 1);
    glUniform1f(glGetUniformLocation(p, "ref"), 0.25f);
    glRectf(0, -1, 1, 1);
    EXPECT_TRUE(near(4, 4, {255, 0, 0, 255})) << "mode " << std::hex << mode;
    EXPECT_TRUE(near(28, 4, {0, 0, 0, 255})) << "mode " << std::hex << mode;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(p);
  glDeleteTextures(1, &texture);
}

// Fixed-function user clip planes (GL 4.6 compatibility 13.7.2) clip only while enabled, whichever
// planes are: planes 0 and 2 keep x >= -0.5 and x <= 0.5 while plane 1, which would clip
// everything, is disabled (a gap below the highest enabled plane).
TEST_F(LegacyExtensionsTest, FixedFunctionClipPlanesClipOnlyWhileEnabled) {
  const GLdouble left[4] = {1, 0, 0, 0.5}, everything[4] = {0, 0, 0, -1}, right[4] = {-1, 0, 0, 0.5};
  glClipPlane(GL_CLIP_PLANE0, left);
  glClipPlane(GL_CLIP_PLANE1, everything);
  glClipPlane(GL_CLIP_PLANE2, right);
  glEnable(GL_CLIP_PLANE0);
  glEnable(GL_CLIP_PLANE2);
  glColor3f(0.0f, 1.0f, 0.0f);
  glRectf(-1, -1, 1, 1);
  EXPECT_TRUE(near(16, 16, {0, 255, 0, 255}));
  EXPECT_TRUE(near(2, 16, {0, 0, 0, 0}));   // x < -0.5
  EXPECT_TRUE(near(29, 16, {0, 0, 0, 0}));  // x > 0.5
  glEnable(GL_CLIP_PLANE1);
  clear();
  glRectf(-1, -1, 1, 1);
  EXPECT_TRUE(near(16, 16, {0, 0, 0, 0}));
  for (const GLenum plane : {GL_CLIP_PLANE0, GL_CLIP_PLANE1, GL_CLIP_PLANE2}) glDisable(plane);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
