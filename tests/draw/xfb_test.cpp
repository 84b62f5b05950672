// Transform feedback state through the real dispatch (GL 4.6 13.3, 7.3.1.1): the capture list and
// its program queries, TRANSFORM_FEEDBACK_BUFFER indexed bindings, transform feedback objects and
// the errors the section names. Expected values follow the spec's packing rule (tightly packed
// 4-byte components in the order given) and its tables of initial state.
#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "gl_fixture.h"
#include "gl_programs.h"

namespace glvk::test {
namespace {

constexpr const char* kVs = R"(#version 330 core
layout(location = 0) in vec4 position;
out vec3 a;
out float b[2];
flat out ivec2 i;
void main() { a = position.xyz; b[0] = 1.0; b[1] = 2.0; i = ivec2(3, 4); gl_Position = position; })";

constexpr const char* kFs = R"(#version 330 core
out vec4 result;
void main() { result = vec4(1.0); })";

class XfbTest : public GlTest {
 protected:
  GLuint program(const std::vector<const char*>& varyings, GLenum mode) {
    const GLuint p = glCreateProgram();
    glAttachShader(p, compile(GL_VERTEX_SHADER, kVs));
    glAttachShader(p, compile(GL_FRAGMENT_SHADER, kFs));
    glTransformFeedbackVaryings(p, GLsizei(varyings.size()), varyings.data(), mode);
    glLinkProgram(p);
    return p;
  }
  GLint program_value(GLuint p, GLenum pname) {
    GLint v = -1;
    glGetProgramiv(p, pname, &v);
    return v;
  }
};

TEST_F(XfbTest, ProgramQueriesReportTheCaptureList) {
  const GLuint p = program({"b[1]", "gl_SkipComponents3", "a", "gl_NextBuffer", "i"}, GL_INTERLEAVED_ATTRIBS);
  ASSERT_EQ(program_value(p, GL_LINK_STATUS), GL_TRUE);
  EXPECT_EQ(program_value(p, GL_TRANSFORM_FEEDBACK_VARYINGS), 5);
  EXPECT_EQ(program_value(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH), GLint(sizeof "gl_SkipComponents3"));
  EXPECT_EQ(program_value(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE), GL_INTERLEAVED_ATTRIBS);
  const GLenum types[] = {GL_FLOAT, GL_NONE, GL_FLOAT_VEC3, GL_NONE, GL_INT_VEC2};
  const GLsizei sizes[] = {1, 3, 1, 0, 1};
  const char* names[] = {"b[1]", "gl_SkipComponents3", "a", "gl_NextBuffer", "i"};
  for (GLuint k = 0; k < 5; ++k) {
    char name[64] = {};
    GLsizei length = -1, size = -1;
    GLenum type = 0;
    glGetTransformFeedbackVarying(p, k, sizeof name, &length, &size, &type, name);
    EXPECT_STREQ(name, names[k]);
    EXPECT_EQ(length, GLsizei(std::string(names[k]).size()));
    EXPECT_EQ(size, sizes[k]) << k;
    EXPECT_EQ(type, types[k]) << k;
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTransformFeedbackVarying(p, 5, 0, nullptr, nullptr, nullptr, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(XfbTest, SeparateModeAndItsLinkErrors) {
  const GLuint p = program({"a", "gl_Position"}, GL_SEPARATE_ATTRIBS);
  const char* five[] = {"a", "b", "i", "gl_Position", "b[0]"};
  EXPECT_EQ(program_value(p, GL_LINK_STATUS), GL_TRUE);
  EXPECT_EQ(program_value(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE), GL_SEPARATE_ATTRIBS);
  // An unknown varying fails the link (11.1.2.1).
  EXPECT_EQ(program_value(program({"nothing"}, GL_INTERLEAVED_ATTRIBS), GL_LINK_STATUS), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // ARB_transform_feedback3: the interleaving markers in separate mode, and as many gl_NextBuffer
  // as MAX_TRANSFORM_FEEDBACK_BUFFERS (4), are INVALID_OPERATION, the capture list unchanged.
  for (const char* marker : {"gl_SkipComponents1", "gl_SkipComponents4", "gl_NextBuffer"}) {
    const char* list[] = {"a", marker};
    glTransformFeedbackVaryings(p, 2, list, GL_SEPARATE_ATTRIBS);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << marker;
  }
  const char* four_next[] = {"a", "gl_NextBuffer", "b", "gl_NextBuffer", "i", "gl_NextBuffer", "gl_Position", "gl_NextBuffer"};
  glTransformFeedbackVaryings(p, 8, four_next, GL_INTERLEAVED_ATTRIBS);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "4 gl_NextBuffer: a fifth buffer";
  glTransformFeedbackVaryings(p, 7, four_next, GL_INTERLEAVED_ATTRIBS);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "3 gl_NextBuffer: buffers 0-3";
  glTransformFeedbackVaryings(p, 2, four_next + 4, GL_SEPARATE_ATTRIBS);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint mode = 0;
  glLinkProgram(p);
  glGetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &mode);
  EXPECT_EQ(mode, GL_INTERLEAVED_ATTRIBS) << "the 7-entry list of the last accepted call";
  EXPECT_EQ(program_value(p, GL_TRANSFORM_FEEDBACK_VARYINGS), 7);
  glTransformFeedbackVaryings(p, 2, five, GL_SEPARATE_ATTRIBS);
  glLinkProgram(p);
  glTransformFeedbackVaryings(p, 5, five, GL_SEPARATE_ATTRIBS);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));  // beyond MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS
  glTransformFeedbackVaryings(p, 1, five, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTransformFeedbackVaryings(p, -1, five, GL_SEPARATE_ATTRIBS);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(XfbTest, IndexedBindingsBelongToTheBoundObject) {
  GLuint buffers[2];
  glGenBuffers(2, buffers);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, 256, nullptr, GL_STATIC_DRAW);
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 2, buffers[0], 16, 64);
  GLint value = -1;
  GLint64 value64 = -1;
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2, &value);
  EXPECT_EQ(GLuint(value), buffers[0]);
  glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 2, &value64);
  EXPECT_EQ(value64, 16);
  glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 2, &value64);
  EXPECT_EQ(value64, 64);
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &value);  // the generic binding follows
  EXPECT_EQ(GLuint(value), buffers[0]);

  GLuint xfb = 0;
  glGenTransformFeedbacks(1, &xfb);
  EXPECT_EQ(glIsTransformFeedback(xfb), GL_FALSE);  // an object only once bound
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
  EXPECT_EQ(glIsTransformFeedback(xfb), GL_TRUE);
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &value);
  EXPECT_EQ(GLuint(value), xfb);
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2, &value);
  EXPECT_EQ(value, 0);  // a new object's bindings are empty
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffers[1]);
  glGetTransformFeedbacki_v(xfb, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &value);
  EXPECT_EQ(GLuint(value), buffers[1]);
  glGetTransformFeedbacki_v(0, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2, &value);
  EXPECT_EQ(GLuint(value), buffers[0]);
  glGetTransformFeedbacki64_v(0, GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 2, &value64);
  EXPECT_EQ(value64, 64);
  glTransformFeedbackBufferRange(0, 1, buffers[1], 4, 8);
  glGetTransformFeedbacki64_v(0, GL_TRANSFORM_FEEDBACK_BUFFER_START, 1, &value64);
  EXPECT_EQ(value64, 4);
  glGetTransformFeedbackiv(xfb, GL_TRANSFORM_FEEDBACK_ACTIVE, &value);
  EXPECT_EQ(value, GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  glDeleteTransformFeedbacks(1, &xfb);  // the bound object: zero is bound again
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &value);
  EXPECT_EQ(value, 0);
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2, &value);
  EXPECT_EQ(GLuint(value), buffers[0]);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(XfbTest, BindingAndObjectErrors) {
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 4, buffer);  // MAX_TRANSFORM_FEEDBACK_BUFFERS is 4
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer, 2, 8);  // offset not a multiple of 4
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer, 4, 6);  // size not a multiple of 4
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLint value = 0;
  glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 4, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 77);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindTransformFeedback(GL_ARRAY_BUFFER, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glTransformFeedbackBufferBase(77, 0, buffer);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // GL 4.6 13.3.2: INVALID_VALUE unless buffer is zero or a buffer's name (glBindBufferBase's
  // error for the same name is INVALID_OPERATION, 6.1.1).
  glTransformFeedbackBufferBase(0, 0, 1337);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTransformFeedbackBufferRange(0, 0, 1337, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 1337);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetTransformFeedbackiv(0, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // GL 4.6 22.4: GetTransformFeedbacki_v takes TRANSFORM_FEEDBACK_BUFFER_BINDING only,
  // GetTransformFeedbacki64_v TRANSFORM_FEEDBACK_BUFFER_START and _SIZE only.
  GLint64 value64 = 0;
  glGetTransformFeedbacki64_v(0, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &value64);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  for (GLenum pname : {GL_TRANSFORM_FEEDBACK_BUFFER_START, GL_TRANSFORM_FEEDBACK_BUFFER_SIZE}) {
    glGetTransformFeedbacki_v(0, pname, 0, &value);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << pname;
  }
}

TEST_F(XfbTest, BeginEndPauseResumeErrors) {
  glEndTransformFeedback();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glPauseTransformFeedback();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glResumeTransformFeedback();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginTransformFeedback(GL_TRIANGLE_STRIP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBeginTransformFeedback(GL_POINTS);  // no program in use
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const GLuint p = program({"a"}, GL_INTERLEAVED_ATTRIBS);
  glUseProgram(p);
  glBeginTransformFeedback(GL_POINTS);  // no buffer bound to binding 0
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLint active = -1;
  glGetIntegerv(GL_TRANSFORM_FEEDBACK_ACTIVE, &active);
  EXPECT_EQ(active, GL_FALSE);
}


// Capture: gl_VertexID tags every vertex, so the expected contents follow from the draw alone.
constexpr const char* kCaptureVs = R"(#version 330 core
layout(location = 0) in vec2 position;
out vec4 v;
out float id;
void main() { id = float(gl_VertexID); v = vec4(position, 2.0 * position.x, 1.0); gl_Position = vec4(position, 0.0, 1.0); })";

class XfbCaptureTest : public XfbTest {
 protected:
  void SetUp() override {
    XfbTest::SetUp();
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &vbo_);
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    std::vector<float> xy;
    for (int i = 0; i < 8; ++i) xy.insert(xy.end(), {0.125f * float(i), -0.25f * float(i)});
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(xy.size() * sizeof(float)), xy.data(), GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
    glGenBuffers(2, out_);
    for (GLuint b : out_) {
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
      std::vector<float> fill(256, -1.0f);
      glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, GLsizeiptr(fill.size() * sizeof(float)), fill.data(), GL_STATIC_READ);
    }
    // A complete draw framebuffer (the context is surfaceless), which discard leaves untouched.
    glGenRenderbuffers(1, &color_);
    glBindRenderbuffer(GL_RENDERBUFFER, color_);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_);
    glViewport(0, 0, 4, 4);
    glEnable(GL_RASTERIZER_DISCARD);
  }
  GLuint capture_program(const std::vector<const char*>& varyings, GLenum mode) {
    const GLuint p = glCreateProgram();
    glAttachShader(p, compile(GL_VERTEX_SHADER, kCaptureVs));
    glAttachShader(p, compile(GL_FRAGMENT_SHADER, kFs));
    glTransformFeedbackVaryings(p, GLsizei(varyings.size()), varyings.data(), mode);
    glLinkProgram(p);
    EXPECT_EQ(program_value(p, GL_LINK_STATUS), GL_TRUE);
    glUseProgram(p);
    return p;
  }
  std::vector<float> read(GLuint buffer, int floats) {
    std::vector<float> out(std::size_t(floats), 0.0f);
    glBindBuffer(GL_COPY_READ_BUFFER, buffer);
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, GLsizeiptr(floats * sizeof(float)), out.data());
    return out;
  }
  // The vertex a captured v/id pair came from: v = (x, y, 2x, 1) of vertex id.
  static void expect_vertex(const float* v, const float* id, int vertex) {
    EXPECT_EQ(*id, float(vertex));
    EXPECT_EQ(v[0], 0.125f * float(vertex));
    EXPECT_EQ(v[1], -0.25f * float(vertex));
    EXPECT_EQ(v[2], 0.25f * float(vertex));
    EXPECT_EQ(v[3], 1.0f);
  }
  // The primitives `draw` generates (PRIMITIVES_GENERATED around it).
  template <typename Draw>
  GLuint64 drawn(Draw&& draw) {
    if (!query_) glGenQueries(1, &query_);
    glBeginQuery(GL_PRIMITIVES_GENERATED, query_);
    draw();
    glEndQuery(GL_PRIMITIVES_GENERATED);
    GLuint64 n = 0;
    glGetQueryObjectui64v(query_, GL_QUERY_RESULT, &n);
    return n;
  }
  GLuint vao_ = 0, vbo_ = 0, out_[2] = {}, color_ = 0, fbo_ = 0, query_ = 0;
};

TEST_F(XfbCaptureTest, InterleavedPointsInDrawOrder) {
  capture_program({"v", "id"}, GL_INTERLEAVED_ATTRIBS);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glBeginTransformFeedback(GL_POINTS);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDrawArrays(GL_POINTS, 2, 3);
  glEndTransformFeedback();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<float> got = read(out_[0], 16);
  for (int k = 0; k < 3; ++k) expect_vertex(&got[std::size_t(5 * k)], &got[std::size_t(5 * k + 4)], 2 + k);
  EXPECT_EQ(got[15], -1.0f);  // nothing beyond the three vertices
}

TEST_F(XfbCaptureTest, SeparateBuffersAndARangeOffset) {
  capture_program({"id", "v"}, GL_SEPARATE_ATTRIBS);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, out_[1], 16, 64);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 2);
  glEndTransformFeedback();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<float> ids = read(out_[0], 3);
  const std::vector<float> vs = read(out_[1], 12);
  EXPECT_EQ(vs[0], -1.0f);  // before the range
  for (int k = 0; k < 2; ++k) expect_vertex(&vs[std::size_t(4 + 4 * k)], &ids[std::size_t(k)], k);
  EXPECT_EQ(ids[2], -1.0f);
}

TEST_F(XfbCaptureTest, StripsAndLoopsAreWrittenAsIndependentPrimitives) {
  capture_program({"id"}, GL_INTERLEAVED_ATTRIBS);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);  // triangles {0,1,2} and {1,2,3}
  glEndTransformFeedback();
  std::vector<float> got = read(out_[0], 7);
  for (int t = 0; t < 2; ++t) {
    std::vector<float> tri(got.begin() + 3 * t, got.begin() + 3 * t + 3);
    std::sort(tri.begin(), tri.end());
    EXPECT_EQ(tri, (std::vector<float>{float(t), float(t + 1), float(t + 2)})) << t;
  }
  EXPECT_EQ(got[6], -1.0f);
  glBeginTransformFeedback(GL_LINES);
  glDrawArrays(GL_LINE_LOOP, 0, 3);  // lines {0,1}, {1,2}, {2,0}
  glEndTransformFeedback();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  got = read(out_[0], 6);
  const float lines[3][2] = {{0, 1}, {1, 2}, {0, 2}};
  for (int l = 0; l < 3; ++l) {
    EXPECT_EQ(std::min(got[std::size_t(2 * l)], got[std::size_t(2 * l + 1)]), lines[l][0]) << l;
    EXPECT_EQ(std::max(got[std::size_t(2 * l)], got[std::size_t(2 * l + 1)]), lines[l][1]) << l;
  }
}

TEST_F(XfbCaptureTest, PauseResumeAppendsAndBeginRestarts) {
  const GLuint p = capture_program({"id"}, GL_INTERLEAVED_ATTRIBS);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 2);
  glPauseTransformFeedback();
  glDrawArrays(GL_POINTS, 5, 1);  // not captured
  glResumeTransformFeedback();
  glDrawArrays(GL_POINTS, 3, 2);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // While active: another primitive kind, another program, or a binding change is refused.
  glDrawArrays(GL_LINES, 0, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUseProgram(0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glLinkProgram(p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginTransformFeedback(GL_POINTS);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndTransformFeedback();
  EXPECT_EQ(read(out_[0], 5), (std::vector<float>{0, 1, 3, 4, -1}));
  glBeginTransformFeedback(GL_POINTS);  // a new capture writes from the start again
  glDrawArrays(GL_POINTS, 7, 1);
  glEndTransformFeedback();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Read through a map this time.
  glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out_[0]);
  const float* mapped = static_cast<const float*>(glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 8, GL_MAP_READ_BIT));
  ASSERT_NE(mapped, nullptr);
  EXPECT_EQ(mapped[0], 7.0f);
  EXPECT_EQ(mapped[1], 1.0f);
  glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
}

TEST_F(XfbCaptureTest, CapturedVerticesFeedALaterDraw) {
  // The captured buffer is read as vertices by the next draw (the barrier after the capture).
  capture_program({"v"}, GL_INTERLEAVED_ATTRIBS);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 3);
  glEndTransformFeedback();
  glBindBuffer(GL_ARRAY_BUFFER, out_[0]);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 16, reinterpret_cast<const void*>(8));  // (2x, 1)
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[1]);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 3);
  glEndTransformFeedback();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<float> got = read(out_[1], 12);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(got[std::size_t(4 * k)], 0.25f * float(k)) << k;      // the first capture's 2x
    EXPECT_EQ(got[std::size_t(4 * k + 1)], 1.0f) << k;
    EXPECT_EQ(got[std::size_t(4 * k + 2)], 0.5f * float(k)) << k;
  }
}

// GL 4.6 13.3.3: PRIMITIVES_GENERATED counts every primitive reaching transform feedback,
// TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN only those that fit in the buffers.
TEST_F(XfbCaptureTest, PrimitiveQueriesCountGeneratedAndWritten) {
  capture_program({"id"}, GL_INTERLEAVED_ATTRIBS);
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0], 0, 6 * sizeof(float));  // room for 2 triangles
  GLuint q[2];
  glGenQueries(2, q);
  glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
  glBeginTransformFeedback(GL_TRIANGLES);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 5);  // 3 triangles
  glEndTransformFeedback();
  GLint current = 0;
  glGetQueryiv(GL_PRIMITIVES_GENERATED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(GLuint(current), q[0]);
  GLuint value = 0;
  glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &value);  // active
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginQuery(GL_PRIMITIVES_GENERATED, q[1]);  // a query of the target is active
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_PRIMITIVES_GENERATED);
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint64 generated = 0, written = 0;
  glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &generated);
  glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &written);
  EXPECT_EQ(generated, 3u);
  EXPECT_EQ(written, 2u);
  glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &value);
  EXPECT_EQ(value, GLuint(GL_TRUE));
  EXPECT_EQ(read(out_[0], 7)[6], -1.0f);  // the third triangle is not written past the range

  // Without a capture, primitives are still generated and none written; a new begin restarts.
  glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDrawArrays(GL_LINES, 0, 4);
  glEndQuery(GL_PRIMITIVES_GENERATED);
  glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
  glGetQueryObjectui64v(q[0], GL_QUERY_RESULT, &generated);
  glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &written);
  EXPECT_EQ(generated, 4u);
  EXPECT_EQ(written, 0u);
  glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]);  // q[0] is a PRIMITIVES_GENERATED query
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_PRIMITIVES_GENERATED);  // none active
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginQuery(GL_PRIMITIVES_GENERATED, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 4, q[0]);  // MAX_VERTEX_STREAMS is 4
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glIsQuery(q[0]), GL_TRUE);
  glDeleteQueries(2, q);
  EXPECT_EQ(glIsQuery(q[0]), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// ARB_transform_feedback2: glDrawTransformFeedback draws as many vertices as the object's last
// capture wrote (here counted back with PRIMITIVES_GENERATED: one point per vertex), whatever the
// binding's offset, and across pauses.
TEST_F(XfbCaptureTest, DrawTransformFeedbackDrawsTheCapturedVertexCount) {
  capture_program({"v"}, GL_INTERLEAVED_ATTRIBS);
  GLuint xfb = 0;
  glGenTransformFeedbacks(1, &xfb);
  glDrawTransformFeedback(GL_POINTS, xfb);  // a name, but not yet an object
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
  glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0], 16, 512);
  glDrawTransformFeedback(GL_POINTS, xfb);  // no capture has ended yet
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 3);
  glPauseTransformFeedback();
  glDrawArrays(GL_POINTS, 0, 8);  // not captured
  glResumeTransformFeedback();
  glDrawArrays(GL_POINTS, 0, 2);
  glEndTransformFeedback();
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);

  EXPECT_EQ(drawn([&] { glDrawTransformFeedback(GL_POINTS, xfb); }), 5u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackInstanced(GL_POINTS, xfb, 3); }), 15u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedback(GL_LINES, xfb); }), 2u);  // 5 vertices: 2 lines
  glDrawTransformFeedbackInstanced(GL_POINTS, xfb, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawTransformFeedback(GL_QUADS, xfb);  // not a core primitive
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawTransformFeedback(GL_POINTS, 12345);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // The captured data itself starts at the binding's offset.
  const std::vector<float> got = read(out_[0], 4 + 20);
  EXPECT_EQ(got[0], -1.0f);
  EXPECT_EQ(got[4 + 4 * 4 + 2], 0.25f);  // the fifth vertex is the second draw's vertex 1: 2x = 0.25
}

// ARB_transform_feedback3 (GL 4.0 vertex streams): the stream forms draw what the capture wrote to
// that stream. This capture (no geometry shader) writes stream 0 only, so streams 1-3 hold no
// vertices; MAX_VERTEX_STREAMS (4) bounds the stream.
TEST_F(XfbCaptureTest, DrawTransformFeedbackStreamDrawsTheStreamsVertices) {
  GLint streams = 0;
  glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
  EXPECT_EQ(streams, 4);
  capture_program({"v"}, GL_INTERLEAVED_ATTRIBS);
  GLuint xfb = 0;
  glGenTransformFeedbacks(1, &xfb);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glDrawTransformFeedbackStream(GL_POINTS, xfb, 0);  // no capture has ended yet
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 6);
  glEndTransformFeedback();
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, xfb, 0); }), 6u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStreamInstanced(GL_TRIANGLES, xfb, 0, 2); }), 4u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, xfb, 3); }), 0u);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDrawTransformFeedbackStream(GL_POINTS, xfb, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawTransformFeedbackStreamInstanced(GL_POINTS, xfb, 0, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawTransformFeedbackStream(GL_POINTS, 777, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawTransformFeedbackStream(GL_QUADS, xfb, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

// Doubles captured from a GLSL 1.50 shader that enables GL_ARB_gpu_shader_fp64, drawn with the
// indices in client memory while a vertex array object is bound (undefined in the core profile,
// 10.3.9; Mesa's drivers read them). 11.1.2.1: each double takes 8 bytes, packed in the order named.
TEST_F(XfbCaptureTest, DoublesOfAnExtensionShaderFromClientIndices) {
  constexpr const char* vs = R"(#version 150
#extension GL_ARB_gpu_shader_fp64 : require
in vec2 position;
flat out dvec2 d2;
out vec2 f;
void main() { d2 = dvec2(0.25lf, double(gl_VertexID)); f = vec2(0.5); gl_Position = vec4(position, 0.0, 1.0); })";
  const GLuint p = glCreateProgram();
  glAttachShader(p, compile(GL_VERTEX_SHADER, vs));
  glBindAttribLocation(p, 0, "position");
  const char* varyings[] = {"d2", "f"};
  glTransformFeedbackVaryings(p, 2, varyings, GL_INTERLEAVED_ATTRIBS);
  glLinkProgram(p);
  char log[1024] = {};
  glGetProgramInfoLog(p, sizeof log, nullptr, log);
  ASSERT_EQ(program_value(p, GL_LINK_STATUS), GL_TRUE) << log;
  glUseProgram(p);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
  const GLubyte indices[] = {5, 2};
  glBeginTransformFeedback(GL_POINTS);
  glDrawElements(GL_POINTS, 2, GL_UNSIGNED_BYTE, indices);
  glEndTransformFeedback();
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Per vertex: d2 (16 bytes), then f at byte 16 (a stride of 24 bytes, 6 floats).
  const std::vector<float> got = read(out_[0], 13);
  for (int k = 0; k < 2; ++k) {
    double d[2];
    std::memcpy(d, &got[std::size_t(6 * k)], sizeof d);
    EXPECT_EQ(d[0], 0.25) << k;
    EXPECT_EQ(d[1], double(indices[k])) << k;
    EXPECT_EQ(got[std::size_t(6 * k + 4)], 0.5f) << k;
    EXPECT_EQ(got[std::size_t(6 * k + 5)], 0.5f) << k;
  }
  EXPECT_EQ(got[12], -1.0f);
}

// ARB_transform_feedback3 with GLSL 4.00's vertex streams (GL 4.6 11.3.4.2, 13.3): each buffer
// captures the stream its varyings belong to, the primitive queries count per stream
// (glBeginQueryIndexed), glDrawTransformFeedbackStream draws one stream's vertices, and only
// stream 0 is rasterized. Per input point the geometry shader emits one vertex to stream 0 and two
// to stream 1, so 3 points give 3 and 6.
constexpr const char* kStreamsGs = R"(#version 400 core
layout(points) in;
layout(points, max_vertices = 3) out;
layout(stream = 0) out float a;
layout(stream = 1) out float b;
void main() {
  a = 1.0; gl_Position = vec4(-0.25, -0.25, 0.0, 1.0); EmitStreamVertex(0); EndStreamPrimitive(0);
  for (int k = 0; k < 2; ++k) {
    b = float(2 + k); gl_Position = vec4(0.75, 0.75, 0.0, 1.0); EmitStreamVertex(1); EndStreamPrimitive(1);
  }
})";
constexpr const char* kRedFs = R"(#version 400 core
out vec4 result;
void main() { result = vec4(1.0, 0.0, 0.0, 1.0); })";

TEST_F(XfbCaptureTest, GeometryStreamsAreCapturedCountedAndDrawnPerStream) {
  GLint streams = 0;
  glGetIntegerv(GL_MAX_VERTEX_STREAMS, &streams);
  ASSERT_EQ(streams, 4);  // lavapipe has geometryStreams and 4 transform feedback streams
  const GLuint vs = compile(GL_VERTEX_SHADER, kCaptureVs);
  const GLuint gs = compile(GL_GEOMETRY_SHADER, kStreamsGs);
  const GLuint fs = compile(GL_FRAGMENT_SHADER, kRedFs);
  auto make = [&](std::vector<const char*> varyings) {
    const GLuint p = glCreateProgram();
    for (GLuint s : {vs, gs, fs}) glAttachShader(p, s);
    glTransformFeedbackVaryings(p, GLsizei(varyings.size()), varyings.data(), GL_INTERLEAVED_ATTRIBS);
    glLinkProgram(p);
    return p;
  };
  // One buffer cannot capture two streams (11.1.2.1).
  EXPECT_EQ(program_value(make({"a", "b"}), GL_LINK_STATUS), GL_FALSE);
  const GLuint p = make({"a", "gl_NextBuffer", "b"});
  ASSERT_EQ(program_value(p, GL_LINK_STATUS), GL_TRUE);
  glUseProgram(p);
  GLuint xfb = 0, q[3];
  glGenTransformFeedbacks(1, &xfb);
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out_[0]);
  glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 1, out_[1]);
  glGenQueries(3, q);
  glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 0, q[0]);
  glBeginQueryIndexed(GL_PRIMITIVES_GENERATED, 1, q[1]);
  glBeginQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 1, q[2]);
  GLint current = 0;
  glGetQueryIndexediv(GL_PRIMITIVES_GENERATED, 1, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(GLuint(current), q[1]);
  glDisable(GL_RASTERIZER_DISCARD);
  glClearColor(0, 0, 0, 0);
  glClear(GL_COLOR_BUFFER_BIT);
  glBeginTransformFeedback(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 3);
  glEndTransformFeedback();
  glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 0);
  glEndQueryIndexed(GL_PRIMITIVES_GENERATED, 1);
  glEndQueryIndexed(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint64 counts[3] = {};
  for (int k = 0; k < 3; ++k) glGetQueryObjectui64v(q[k], GL_QUERY_RESULT, &counts[k]);
  EXPECT_EQ(counts[0], 3u);
  EXPECT_EQ(counts[1], 6u);
  EXPECT_EQ(counts[2], 6u);
  EXPECT_EQ(read(out_[0], 4), (std::vector<float>{1, 1, 1, -1}));
  EXPECT_EQ(read(out_[1], 7), (std::vector<float>{2, 3, 2, 3, 2, 3, -1}));
  // Only stream 0's vertex, at (-0.25, -0.25): the centre of pixel (1, 1) of the 4x4 target, is drawn.
  std::vector<GLubyte> pixels(4 * 4 * 4);
  glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (int i = 0; i < 16; ++i) EXPECT_EQ(pixels[std::size_t(4 * i)], i == 5 ? 255 : 0) << i;
  glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);

  // The stream forms draw what each stream's buffer received (counted by a program without the
  // geometry stage).
  capture_program({"v"}, GL_INTERLEAVED_ATTRIBS);
  glEnable(GL_RASTERIZER_DISCARD);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, xfb, 0); }), 3u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, xfb, 1); }), 6u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStreamInstanced(GL_POINTS, xfb, 1, 2); }), 12u);
  EXPECT_EQ(drawn([&] { glDrawTransformFeedbackStream(GL_POINTS, xfb, 2); }), 0u);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}
}  // namespace
}  // namespace glvk::test
