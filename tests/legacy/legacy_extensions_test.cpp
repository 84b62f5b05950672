// GL 1.2-1.5 features a compatibility context also advertises under their extension names, as
// legacy programs look for them: EXT_texture3D (glTexImage3DEXT takes its internal format as an
// enum) and EXT_blend_minmax (glBlendEquationEXT with MIN/MAX); and the depth comparison
// ARB_shadow/EXT_shadow_funcs define (GL 1.4-1.5 core), in fixed-function texturing too; the GL
// 2.0 shading language under ARB_shader_objects' names. Expected values are what those
// specifications define.
#include <array>
#include <set>
#include <string>
#include <vector>

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
  for (const char* name : {"GL_EXT_texture3D", "GL_EXT_blend_minmax", "GL_ARB_multitexture", "GL_ARB_shadow",
                           "GL_ARB_shader_objects", "GL_ARB_vertex_shader", "GL_ARB_fragment_shader",
                           "GL_ARB_shading_language_100", "GL_EXT_secondary_color", "GL_SGIS_generate_mipmap", "GL_EXT_texture_lod_bias"})
    EXPECT_EQ(names.count(name), 1u) << name;
}

// ARB_shader_objects: one handle names a shader or a program; the commands of its own take either
// (glGetObjectParameterivARB's type and subtype, the GL 2.0 queries under OBJECT_*_ARB names, a
// name of the other kind's INVALID_OPERATION), the others are GL 2.0's.
TEST_F(LegacyExtensionsTest, ShaderObjectsTakeShaderAndProgramHandles) {
  auto* get_object_parameter = reinterpret_cast<void (*)(GLhandleARB, GLenum, GLint*)>(
      eglGetProcAddress("glGetObjectParameterivARB"));
  auto* get_object_parameter_f = reinterpret_cast<void (*)(GLhandleARB, GLenum, GLfloat*)>(
      eglGetProcAddress("glGetObjectParameterfvARB"));
  auto* get_info_log = reinterpret_cast<void (*)(GLhandleARB, GLsizei, GLsizei*, GLcharARB*)>(
      eglGetProcAddress("glGetInfoLogARB"));
  auto* get_handle = reinterpret_cast<GLhandleARB (*)(GLenum)>(eglGetProcAddress("glGetHandleARB"));
  auto* delete_object = reinterpret_cast<void (*)(GLhandleARB)>(eglGetProcAddress("glDeleteObjectARB"));
  auto* create_shader = reinterpret_cast<GLhandleARB (*)(GLenum)>(eglGetProcAddress("glCreateShaderObjectARB"));
  auto* shader_source = reinterpret_cast<void (*)(GLhandleARB, GLsizei, const GLcharARB**, const GLint*)>(
      eglGetProcAddress("glShaderSourceARB"));
  auto* compile = reinterpret_cast<void (*)(GLhandleARB)>(eglGetProcAddress("glCompileShaderARB"));
  auto* create_program = reinterpret_cast<GLhandleARB (*)()>(eglGetProcAddress("glCreateProgramObjectARB"));
  auto* attach = reinterpret_cast<void (*)(GLhandleARB, GLhandleARB)>(eglGetProcAddress("glAttachObjectARB"));
  auto* link_program = reinterpret_cast<void (*)(GLhandleARB)>(eglGetProcAddress("glLinkProgramARB"));
  auto* use = reinterpret_cast<void (*)(GLhandleARB)>(eglGetProcAddress("glUseProgramObjectARB"));
  ASSERT_TRUE(get_object_parameter && get_object_parameter_f && get_info_log && get_handle && delete_object &&
              create_shader && shader_source && compile && create_program && attach && link_program && use);

  const GLhandleARB broken = create_shader(GL_FRAGMENT_SHADER_ARB);
  const GLcharARB* bad = "void main() { gl_FragColor = vec4(undeclared); }\n";
  shader_source(broken, 1, &bad, nullptr);
  compile(broken);
  GLint value = -1;
  get_object_parameter(broken, GL_OBJECT_TYPE_ARB, &value);
  EXPECT_EQ(value, GL_SHADER_OBJECT_ARB);
  get_object_parameter(broken, GL_OBJECT_SUBTYPE_ARB, &value);
  EXPECT_EQ(value, GL_FRAGMENT_SHADER_ARB);
  get_object_parameter(broken, GL_OBJECT_COMPILE_STATUS_ARB, &value);
  EXPECT_EQ(value, GL_FALSE);
  GLfloat length = 0;
  get_object_parameter_f(broken, GL_OBJECT_INFO_LOG_LENGTH_ARB, &length);
  EXPECT_GT(length, 1.0f);
  std::string log(std::size_t(length), '\0');
  GLsizei written = 0;
  get_info_log(broken, GLsizei(log.size()), &written, log.data());
  EXPECT_EQ(std::size_t(written) + 1, log.size());
  EXPECT_NE(log.find("undeclared"), std::string::npos) << log;
  value = -1;
  get_object_parameter(broken, GL_OBJECT_LINK_STATUS_ARB, &value);  // a program's parameter
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(value, -1);
  get_object_parameter(broken, GL_TEXTURE_2D, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));

  const GLhandleARB vs = create_shader(GL_VERTEX_SHADER_ARB), fs = create_shader(GL_FRAGMENT_SHADER_ARB);
  const GLcharARB* vs_text = "void main() { gl_Position = gl_Vertex; }\n";
  const GLcharARB* fs_text = "uniform vec4 c;\nvoid main() { gl_FragColor = c; }\n";
  shader_source(vs, 1, &vs_text, nullptr);
  shader_source(fs, 1, &fs_text, nullptr);
  compile(vs);
  compile(fs);
  const GLhandleARB program = create_program();
  attach(program, vs);
  attach(program, fs);
  link_program(program);
  get_object_parameter(program, GL_OBJECT_TYPE_ARB, &value);
  EXPECT_EQ(value, GL_PROGRAM_OBJECT_ARB);
  get_object_parameter(program, GL_OBJECT_LINK_STATUS_ARB, &value);
  EXPECT_EQ(value, GL_TRUE);
  get_object_parameter(program, GL_OBJECT_ATTACHED_OBJECTS_ARB, &value);
  EXPECT_EQ(value, 2);
  get_object_parameter(program, GL_OBJECT_ACTIVE_UNIFORMS_ARB, &value);
  EXPECT_EQ(value, 1);
  get_object_parameter(program, GL_OBJECT_SUBTYPE_ARB, &value);  // a shader's parameter
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(get_handle(GL_PROGRAM_OBJECT_ARB), GLhandleARB(0));
  use(program);
  EXPECT_EQ(get_handle(GL_PROGRAM_OBJECT_ARB), program);
  get_handle(GL_SHADER_OBJECT_ARB);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  use(0);

  delete_object(broken);
  EXPECT_EQ(glIsShader(broken), GL_FALSE);
  delete_object(program);
  EXPECT_EQ(glIsProgram(program), GL_FALSE);
  delete_object(0);  // ignored
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  delete_object(program);  // no longer a name
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  get_object_parameter(program, GL_OBJECT_TYPE_ARB, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteShader(vs);
  glDeleteShader(fs);
}

// A unit past MAX_TEXTURE_COORDS has no texture coordinate set: the queries of its current and
// raster texture coordinates are INVALID_OPERATION, as its texture matrix's are.
TEST_F(LegacyExtensionsTest, UnitsWithoutCoordinateSetsHaveNoCoordinates) {
  GLint coords = 0;
  glGetIntegerv(GL_MAX_TEXTURE_COORDS, &coords);
  glMatrixMode(GL_TEXTURE);
  glActiveTexture(GL_TEXTURE0 + GLenum(coords));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLfloat m[16] = {};
  glGetFloatv(GL_TEXTURE_MATRIX, m);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetFloatv(GL_CURRENT_TEXTURE_COORDS, m);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, m);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glActiveTexture(GL_TEXTURE0);
  glLoadIdentity();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glMatrixMode(GL_MODELVIEW);
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

// EXT_texture_lod_bias (GL 1.4 8.14.1): TEXTURE_FILTER_CONTROL's TEXTURE_LOD_BIAS of the unit adds
// to the texture's own bias for every lookup through the unit. A 32x32 texture drawn 1:1 samples
// level 0 (red); a unit bias of 1 selects level 1 (green), and the texture's bias of -1 cancels it.
TEST_F(LegacyExtensionsTest, TextureUnitLodBiasAddsToTheTexturesBias) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  const std::array<GLuint, 3> colours{0xff0000ffu, 0xff00ff00u, 0xffff0000u};  // ABGR: red, green, blue
  for (GLint level = 0, size = kSize; size >= 1; ++level, size /= 2) {
    const std::vector<GLuint> texels(std::size_t(size * size), colours[std::size_t(std::min(level, 2))]);
    glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  }
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
  glEnable(GL_TEXTURE_2D);
  const auto draw = [] { textured_quad(); };
  draw();
  EXPECT_TRUE(near(16, 16, {255, 0, 0, 255}));
  glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 1.0f);
  GLfloat bias = 0;
  glGetTexEnvfv(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, &bias);
  EXPECT_EQ(bias, 1.0f);
  draw();
  EXPECT_TRUE(near(16, 16, {0, 255, 0, 255}));
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, -1.0f);
  draw();
  EXPECT_TRUE(near(16, 16, {255, 0, 0, 255}));
  // Another unit's bias is its own.
  glActiveTexture(GL_TEXTURE1);
  glGetTexEnvfv(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, &bias);
  EXPECT_EQ(bias, 0.0f);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_ENV_MODE, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 0.0f);
  glDisable(GL_TEXTURE_2D);
  glDeleteTextures(1, &texture);
}

// ARB_texture_cube_map (GL 1.3 8.13.1): each face is filtered on its own, its edges clamped, until
// TEXTURE_CUBE_MAP_SEAMLESS (GL 3.2) is enabled. Faces of one colour each (+X red, +Y green); a
// direction at the +X face's edge next to +Y reads pure red, and some green once seamless.
TEST_F(LegacyExtensionsTest, CubeMapsFilterEachFaceUntilSeamlessIsEnabled) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_CUBE_MAP, texture);
  const std::array<GLuint, 6> colours{0xff0000ffu, 0xff0000ffu, 0xff00ff00u, 0xff00ff00u, 0xffff0000u, 0xffff0000u};
  for (GLenum face = 0; face < 6; ++face) {
    const std::array<GLuint, 4> texels{colours[face], colours[face], colours[face], colours[face]};
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  }
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  const GLuint program = link(
      "#version 120\nvoid main() { gl_Position = gl_Vertex; }\n",
      "#version 120\nuniform samplerCube s;\nvoid main() { gl_FragColor = textureCube(s, vec3(1.0, 0.999, 0.0)); }\n");
  glUseProgram(program);
  glRectf(-1, -1, 1, 1);
  EXPECT_TRUE(near(16, 16, {255, 0, 0, 255}));
  glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  glRectf(-1, -1, 1, 1);
  std::array<GLubyte, 4> seamless{};
  glReadPixels(16, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, seamless.data());
  EXPECT_GT(seamless[1], 32);  // +Y's green filtered in across the edge
  EXPECT_LT(seamless[0], 224);
  glDisable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  glUseProgram(0);
  glDeleteProgram(program);
  glDeleteTextures(1, &texture);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
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
