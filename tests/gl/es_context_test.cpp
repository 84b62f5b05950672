// OpenGL ES contexts through the system libEGL (issue 15 item 4): the EGL side (API binding per
// thread, config bits, the versions served and refused with EGL_KHR_create_context's errors), what
// an ES context answers (ES 3.2 6.1.5 strings, ES state tables), and which GLSL versions each kind
// of context compiles. es_peer_test.cpp compares the same behaviour, and drawing, with llvmpipe.
#include <cstring>
#include <regex>
#include <string>
#include <thread>

#include "gl_fixture.h"
#include "gl_shaders.h"

namespace glvk::test {
namespace {

EGLContext create_es_context(std::vector<EGLint> attributes) {
  attributes.push_back(EGL_NONE);
  eglBindAPI(EGL_OPENGL_ES_API);
  // ES stays bound: eglBindAPI would reset the error the caller checks.
  return eglCreateContext(surfaceless_display(), EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes.data());
}

std::string string_of(GLenum name) {
  const GLubyte* s = glGetString(name);
  return s ? reinterpret_cast<const char*>(s) : "";
}

TEST(EsEgl, ClientApisNameOpenGlAndOpenGlEs) {
  EGLDisplay display = surfaceless_display();
  ASSERT_NE(display, EGL_NO_DISPLAY);
  // EGL 1.5 3.3: a space-separated list of "OpenGL", "OpenGL_ES", "OpenVG".
  EXPECT_STREQ(eglQueryString(display, EGL_CLIENT_APIS), "OpenGL OpenGL_ES");
}

// Configs render OpenGL, ES 2 and ES 3 (an ES 3.2 context serves ES 2.0 programs), never ES 1.x,
// for which glvk has no context.
TEST(EsEgl, ConfigsRenderEs2AndEs3NotEs1) {
  EGLDisplay display = surfaceless_display();
  EGLConfig configs[64];
  EGLint count = 0;
  ASSERT_TRUE(eglGetConfigs(display, configs, 64, &count));
  ASSERT_GT(count, 0);
  for (EGLint i = 0; i < count; ++i) {
    for (EGLint attribute : {EGL_RENDERABLE_TYPE, EGL_CONFORMANT}) {
      EGLint value = 0;
      ASSERT_TRUE(eglGetConfigAttrib(display, configs[i], attribute, &value));
      EXPECT_EQ(value, EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT_KHR) << "attribute 0x" << std::hex << attribute;
    }
  }
  const EGLint es3[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT_KHR, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
  EGLint matching = 0;
  ASSERT_TRUE(eglChooseConfig(display, es3, configs, 64, &matching));
  EXPECT_EQ(matching, count);
  const EGLint es1[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
  ASSERT_TRUE(eglChooseConfig(display, es1, configs, 64, &matching));
  EXPECT_EQ(matching, 0);
}

// EGL 1.5 3.7: the bound API is per thread, EGL_OPENGL_ES_API initially (libglvnd keeps it and
// asks the vendor whether it supports the API).
TEST(EsEgl, BoundApiIsPerThread) {
  ASSERT_NE(surfaceless_display(), EGL_NO_DISPLAY);
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
  EGLenum seen = 0;
  EGLBoolean bound = EGL_FALSE;
  std::thread other([&] {
    seen = eglQueryAPI();
    bound = eglBindAPI(EGL_OPENGL_ES_API);
  });
  other.join();
  EXPECT_EQ(seen, EGLenum(EGL_OPENGL_ES_API));
  EXPECT_TRUE(bound);
  EXPECT_EQ(eglQueryAPI(), EGLenum(EGL_OPENGL_API));
  EXPECT_FALSE(eglBindAPI(EGL_OPENVG_API));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_EQ(eglQueryAPI(), EGLenum(EGL_OPENGL_API));
}

// EGL_KHR_create_context: a version the implementation cannot give is EGL_BAD_MATCH; the OpenGL
// profile mask and forward compatibility are EGL_BAD_ATTRIBUTE for ES. ES 1.x (the EGL default
// when no version is named) is refused.
TEST(EsEgl, VersionsGlvkCannotGiveAreRefused) {
  ASSERT_NE(surfaceless_display(), EGL_NO_DISPLAY);
  const std::vector<std::vector<EGLint>> bad_match = {
      {},
      {EGL_CONTEXT_CLIENT_VERSION, 1},
      {EGL_CONTEXT_MAJOR_VERSION, 1, EGL_CONTEXT_MINOR_VERSION, 1},
      {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1},
      {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3},
      {EGL_CONTEXT_MAJOR_VERSION, 4},
  };
  for (const auto& attributes : bad_match) {
    EXPECT_EQ(create_es_context(attributes), EGL_NO_CONTEXT);
    EXPECT_EQ(eglGetError(), EGL_BAD_MATCH) << attributes.size();
  }
  EXPECT_EQ(create_es_context({EGL_CONTEXT_CLIENT_VERSION, 3, EGL_CONTEXT_OPENGL_PROFILE_MASK,
                               EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  EXPECT_EQ(create_es_context({EGL_CONTEXT_CLIENT_VERSION, 3, EGL_CONTEXT_FLAGS_KHR,
                               EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR}),
            EGL_NO_CONTEXT);
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

struct EsVersion {
  std::vector<EGLint> attributes;
  EGLint client_version;  // EGL_CONTEXT_CLIENT_VERSION: the major version asked for
};

class EsContextVersions : public ::testing::TestWithParam<EsVersion> {};

// ES 2.0, 3.0, 3.1 and 3.2 requests all get an ES 3.2 context (each is backward compatible with
// the earlier, EGL_KHR_create_context allows it, and Mesa does the same).
TEST_P(EsContextVersions, AnswerAsEs32) {
  EGLDisplay display = surfaceless_display();
  ASSERT_NE(display, EGL_NO_DISPLAY);
  EGLContext context = create_es_context(GetParam().attributes);
  ASSERT_NE(context, EGL_NO_CONTEXT) << "EGL error 0x" << std::hex << eglGetError();
  EGLint value = 0;
  ASSERT_TRUE(eglQueryContext(display, context, EGL_CONTEXT_CLIENT_TYPE, &value));
  EXPECT_EQ(value, EGL_OPENGL_ES_API);
  ASSERT_TRUE(eglQueryContext(display, context, EGL_CONTEXT_CLIENT_VERSION, &value));
  EXPECT_EQ(value, GetParam().client_version);
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context));

  // ES 3.2 6.1.5: "OpenGL ES N.M" and "OpenGL ES GLSL ES N.M" then vendor text.
  EXPECT_TRUE(std::regex_match(string_of(GL_VERSION), std::regex("OpenGL ES 3\\.2 glvk .*"))) << string_of(GL_VERSION);
  EXPECT_EQ(string_of(GL_SHADING_LANGUAGE_VERSION).rfind("OpenGL ES GLSL ES 3.20", 0), 0u)
      << string_of(GL_SHADING_LANGUAGE_VERSION);
  GLint major = 0, minor = 0, flags = -1;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
  EXPECT_EQ(major, 3);
  EXPECT_EQ(minor, 2);
  EXPECT_EQ(flags, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // ES has no profiles (ES 3.2 table 21.40 lacks CONTEXT_PROFILE_MASK).
  GLint mask = 77;
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(mask, 77);
  // ES keeps ALIASED_POINT_SIZE_RANGE (table 21.40), which the desktop core profile removed; ES
  // requires a maximum of at least 1 (table 21.41).
  GLfloat points[2] = {-1.0f, -1.0f};
  glGetFloatv(GL_ALIASED_POINT_SIZE_RANGE, points);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_LE(points[0], 1.0f);
  EXPECT_GE(points[1], 1.0f);

  // The extension string (ES keeps glGetString(GL_EXTENSIONS)) names ES extensions only (OES,
  // EXT, and KHR ones, which are of both APIs) and agrees with the indexed list.
  const std::string extensions = string_of(GL_EXTENSIONS);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  ASSERT_GT(count, 0);
  std::string joined;
  for (GLint i = 0; i < count; ++i) {
    const char* name = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
    ASSERT_NE(name, nullptr);
    EXPECT_TRUE(std::strncmp(name, "GL_OES_", 7) == 0 || std::strncmp(name, "GL_EXT_", 7) == 0 ||
                std::strncmp(name, "GL_KHR_", 7) == 0)
        << name;
    joined += (i ? " " : "") + std::string(name);
  }
  EXPECT_EQ(extensions, joined);
  EXPECT_NE(extensions.find("GL_EXT_color_buffer_float"), std::string::npos);

  // Desktop-only commands (absent from ES dispatch; Mesa raises INVALID_OPERATION, no crash).
  auto begin = reinterpret_cast<void (*)(GLenum)>(eglGetProcAddress("glBegin"));
  ASSERT_NE(begin, nullptr);
  begin(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  EXPECT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_TRUE(eglDestroyContext(display, context));
}

INSTANTIATE_TEST_SUITE_P(
    Es, EsContextVersions,
    ::testing::Values(EsVersion{{EGL_CONTEXT_CLIENT_VERSION, 2}, 2},
                      EsVersion{{EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0}, 3},
                      EsVersion{{EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1}, 3},
                      EsVersion{{EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2}, 3}));

struct CompileResult {
  GLint status = 0;
  std::string log;
};

CompileResult compile_status(GLenum stage, const char* text) {
  GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  CompileResult result;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &result.status);
  char log[2048] = {};
  glGetShaderInfoLog(shader, sizeof log, nullptr, log);
  result.log = log;
  glDeleteShader(shader);
  return result;
}

// A desktop context takes GLSL ES 1.00 (GL_ARB_ES2_compatibility) and no later GLSL ES: glvk does
// not advertise GL_ARB_ES3_compatibility.
class DesktopContextGlslEs : public GlTest {};

TEST_F(DesktopContextGlslEs, TakesEs100AndRefusesEs300) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  bool es2 = false, es3 = false;
  for (GLint i = 0; i < count; ++i) {
    const std::string name = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)));
    es2 |= name == "GL_ARB_ES2_compatibility";
    es3 |= name == "GL_ARB_ES3_compatibility";
  }
  ASSERT_TRUE(es2);
  ASSERT_FALSE(es3);
  const CompileResult es100 = compile_status(GL_FRAGMENT_SHADER,
                                             "#version 100\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n");
  EXPECT_EQ(es100.status, GL_TRUE) << es100.log;
  const CompileResult es300 = compile_status(GL_VERTEX_SHADER, "#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n");
  EXPECT_EQ(es300.status, GL_FALSE);
  EXPECT_NE(es300.log.find("GL_ARB_ES3_compatibility"), std::string::npos) << es300.log;
}

class EsContextShaders : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return {EGL_CONTEXT_CLIENT_VERSION, 3}; }
  void SetUp() override {
    display_ = surfaceless_display();
    ASSERT_NE(display_, EGL_NO_DISPLAY);
    context_ = create_es_context(context_attributes());
    ASSERT_NE(context_, EGL_NO_CONTEXT) << "EGL error 0x" << std::hex << eglGetError();
    ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_));
  }
  // Binds a framebuffer object with a width x height RGBA8 renderbuffer as its colour buffer.
  static void bind_framebuffer(GLsizei width, GLsizei height) {
    GLuint fbo = 0, rb = 0;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  }
};

// GLSL ES 3.20 3.3: an ES context compiles GLSL ES only, a shader without #version as 1.00.
TEST_F(EsContextShaders, TakeGlslEsOnly) {
  for (const char* desktop : {"#version 110\nvoid main() {}\n", "#version 330\nvoid main() {}\n",
                              "#version 450 core\nvoid main() {}\n"}) {
    const CompileResult r = compile_status(GL_VERTEX_SHADER, desktop);
    EXPECT_EQ(r.status, GL_FALSE) << desktop;
    EXPECT_NE(r.log.find("0:1:"), std::string::npos) << r.log;
  }
  for (const char* es : {"attribute vec4 p;\nvoid main() { gl_Position = p; }\n",
                         "#version 100\nattribute vec4 p;\nvoid main() { gl_Position = p; }\n",
                         "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
                         "#version 310 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
                         "#version 320 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n"}) {
    const CompileResult r = compile_status(GL_VERTEX_SHADER, es);
    EXPECT_EQ(r.status, GL_TRUE) << es << r.log;
  }
}

// What GLSL ES 1.00 has and 3.00 lacks, and the other way round, stays with its version; the
// fragment language's missing default float precision stays an error (GLSL ES 1.00 4.5.3); a
// 1.00 error is reported on the user's line.
TEST_F(EsContextShaders, Es100KeepsItsRules) {
  EXPECT_EQ(compile_status(GL_FRAGMENT_SHADER, "#version 100\nprecision mediump float;\nvarying vec2 t;\nuniform sampler2D s;\n"
                                               "void main() { gl_FragColor = texture2D(s, t) + vec4(gl_FragCoord.x); }\n")
                .status,
            GL_TRUE);
  EXPECT_EQ(compile_status(GL_FRAGMENT_SHADER, "#version 100\nvarying vec4 v;\nvoid main() { gl_FragColor = v; }\n").status,
            GL_FALSE);
  EXPECT_EQ(compile_status(GL_FRAGMENT_SHADER,
                           "#version 300 es\nprecision mediump float;\nvoid main() { gl_FragColor = vec4(1.0); }\n")
                .status,
            GL_FALSE);
  EXPECT_EQ(compile_status(GL_VERTEX_SHADER, "#version 300 es\nattribute vec4 p;\nvoid main() { gl_Position = p; }\n").status,
            GL_FALSE);
  const CompileResult r =
      compile_status(GL_VERTEX_SHADER, "#version 100\nattribute vec4 p;\n\nvoid main() { gl_Position = undeclared; }\n");
  EXPECT_EQ(r.status, GL_FALSE);
  EXPECT_NE(r.log.find("0:4:"), std::string::npos) << r.log;
}

// ES 3.2 7.3: one shader object per stage (INVALID_OPERATION), and a program that is not
// separable links only with a vertex and a fragment shader (or a compute shader).
TEST_F(EsContextShaders, ProgramsTakeOneShaderPerStageAndBothGraphicsStages) {
  const char* vs_text = "#version 300 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
  const char* fs_text = "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  const GLuint vs = compile(GL_VERTEX_SHADER, vs_text), vs2 = compile(GL_VERTEX_SHADER, vs_text);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, fs_text);
  const GLuint p = glCreateProgram();
  glAttachShader(p, vs);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glAttachShader(p, vs2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a second vertex shader";
  GLint status = -1, attached = -1;
  glGetProgramiv(p, GL_ATTACHED_SHADERS, &attached);
  EXPECT_EQ(attached, 1);
  glLinkProgram(p);
  glGetProgramiv(p, GL_LINK_STATUS, &status);
  EXPECT_EQ(status, GL_FALSE) << "a vertex shader alone";
  glAttachShader(p, fs);
  glLinkProgram(p);
  glGetProgramiv(p, GL_LINK_STATUS, &status);
  EXPECT_EQ(status, GL_TRUE);
  const GLuint fs_only = glCreateProgram();
  glAttachShader(fs_only, fs);
  glLinkProgram(fs_only);
  glGetProgramiv(fs_only, GL_LINK_STATUS, &status);
  EXPECT_EQ(status, GL_FALSE) << "a fragment shader alone";
  // A separable program (ES 3.1) may hold one stage.
  glProgramParameteri(fs_only, GL_PROGRAM_SEPARABLE, GL_TRUE);
  glLinkProgram(fs_only);
  glGetProgramiv(fs_only, GL_LINK_STATUS, &status);
  EXPECT_EQ(status, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// ES 3.0 transform feedback (ES 3.2 12.1): GLSL ES has no xfb layout qualifiers, so glvk decorates
// the capture in the SPIR-V; interleaved and separate captures of a vertex shader's outputs hold
// the values the shader computed from each vertex (expected values from the shader's formulas).
TEST_F(EsContextShaders, TransformFeedbackCapturesEsVertexOutputs) {
  const char* vs_text = "#version 300 es\nin vec4 p;\nout vec4 twice;\nflat out int index;\n"
                        "void main() { twice = p * 2.0; index = gl_VertexID + 10; gl_Position = p; }\n";
  const char* fs_text = "#version 300 es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  const GLfloat positions[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  // A complete framebuffer: the context has no surface (draws need one, rasterizer discard or not).
  bind_framebuffer(4, 4);
  GLuint vbo = 0;
  glGenBuffers(1, &vbo);
  glBindBuffer(GL_ARRAY_BUFFER, vbo);
  glBufferData(GL_ARRAY_BUFFER, sizeof positions, positions, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(0);
  for (GLenum mode : {GLenum(GL_INTERLEAVED_ATTRIBS), GLenum(GL_SEPARATE_ATTRIBS)}) {
    const GLuint p = vertex_fragment_program(vs_text, fs_text, /*linked=*/false);
    glBindAttribLocation(p, 0, "p");
    const char* varyings[] = {"twice", "index"};
    glTransformFeedbackVaryings(p, 2, varyings, mode);
    glLinkProgram(p);
    GLint status = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &status);
    ASSERT_EQ(status, GL_TRUE) << "mode 0x" << std::hex << mode;
    glUseProgram(p);
    GLuint out[2] = {0, 0};
    glGenBuffers(2, out);
    for (GLuint i = 0; i < 2; ++i) {
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out[i]);
      glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, nullptr, GL_STREAM_READ);
    }
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out[0]);
    if (mode == GL_SEPARATE_ATTRIBS) glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, out[1]);
    glEnable(GL_RASTERIZER_DISCARD);
    glBeginTransformFeedback(GL_POINTS);
    glDrawArrays(GL_POINTS, 0, 3);
    glEndTransformFeedback();
    glDisable(GL_RASTERIZER_DISCARD);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    for (int v = 0; v < 3; ++v) {
      // Interleaved: 4 floats and an int per vertex in buffer 0; separate: floats in 0, ints in 1.
      const GLintptr twice_at = mode == GL_INTERLEAVED_ATTRIBS ? v * 20 : v * 16;
      const GLintptr index_at = mode == GL_INTERLEAVED_ATTRIBS ? v * 20 + 16 : v * 4;
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out[0]);
      const auto* f = static_cast<const GLfloat*>(glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, twice_at, 16, GL_MAP_READ_BIT));
      ASSERT_NE(f, nullptr);
      for (int c = 0; c < 4; ++c) EXPECT_EQ(f[c], 2.0f * positions[v * 4 + c]) << "vertex " << v;
      glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out[mode == GL_INTERLEAVED_ATTRIBS ? 0 : 1]);
      const auto* i = static_cast<const GLint*>(glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, index_at, 4, GL_MAP_READ_BIT));
      ASSERT_NE(i, nullptr);
      EXPECT_EQ(*i, v + 10);
      glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    }
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
}

// ES keeps what core GL removed: client-memory vertex arrays on the default vertex array object,
// and binding names glGen* never returned (ES 3.2 10.3.1, 8.1).
TEST_F(EsContextShaders, DefaultVertexArrayAndUngeneratedNames) {
  const GLfloat positions[] = {0, 0, 1, 0, 0, 1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, positions);
  glEnableVertexAttribArray(0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, 4242);
  glBindBuffer(GL_ARRAY_BUFFER, 4243);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(glIsTexture(4242));
  EXPECT_TRUE(glIsBuffer(4243));
}

// ES 3.2 15.1.6: sRGB conversion of writes has no switch in ES (GL_FRAMEBUFFER_SRGB comes with
// EXT_sRGB_write_control, which glvk does not offer), so the enum is no capability there; writes
// into sRGB buffers are encoded (es_peer_test.cpp: an SRGB8_ALPHA8 framebuffer object and an
// EGL_GL_COLORSPACE_SRGB pbuffer store linear 0.3 as 149, as on llvmpipe).
TEST_F(EsContextShaders, FramebufferSrgbIsNoCapability) {
  glEnable(GL_FRAMEBUFFER_SRGB);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDisable(GL_FRAMEBUFFER_SRGB);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glIsEnabled(GL_FRAMEBUFFER_SRGB);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

// ES 3.2 13.3.1 (ES 2.0 3.3): a point's size is the gl_PointSize the vertex shader writes; ES has
// no PROGRAM_POINT_SIZE switch, so the enum is no capability. A point of size 6 at the centre of a
// 16x16 framebuffer covers pixels 5..10 (piglit's glsl-fs-pointcoord_gles2).
TEST_F(EsContextShaders, PointsTakeGlPointSizeAlways) {
  glEnable(GL_PROGRAM_POINT_SIZE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  bind_framebuffer(16, 16);
  glViewport(0, 0, 16, 16);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint p = vertex_fragment_program("attribute vec4 p;\nvoid main() { gl_Position = p; gl_PointSize = 6.0; }\n",
                                           "void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n", false);
  glBindAttribLocation(p, 0, "p");
  glLinkProgram(p);
  glUseProgram(p);
  const GLfloat centre[] = {0, 0, 0, 1};
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, centre);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_POINTS, 0, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLubyte inside[4] = {}, outside[4] = {};
  glReadPixels(5, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, inside);
  glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, outside);
  EXPECT_EQ(inside[1], 255);
  EXPECT_EQ(outside[1], 0);
}

}  // namespace
}  // namespace glvk::test
