// Transform feedback state through the real dispatch (GL 4.6 13.3, 7.3.1.1): the capture list and
// its program queries, TRANSFORM_FEEDBACK_BUFFER indexed bindings, transform feedback objects and
// the errors the section names. Expected values follow the spec's packing rule (tightly packed
// 4-byte components in the order given) and its tables of initial state.
#include <string>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

GLuint compile(GLenum type, const char* source) {
  const GLuint s = glCreateShader(type);
  glShaderSource(s, 1, &source, nullptr);
  glCompileShader(s);
  return s;
}

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
  EXPECT_EQ(program_value(p, GL_LINK_STATUS), GL_TRUE);
  EXPECT_EQ(program_value(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE), GL_SEPARATE_ATTRIBS);
  // An unknown varying and gl_SkipComponents in separate mode fail the link (11.1.2.1).
  EXPECT_EQ(program_value(program({"nothing"}, GL_INTERLEAVED_ATTRIBS), GL_LINK_STATUS), GL_FALSE);
  EXPECT_EQ(program_value(program({"a", "gl_SkipComponents1"}, GL_SEPARATE_ATTRIBS), GL_LINK_STATUS), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const char* five[] = {"a", "b", "i", "gl_Position", "b[0]"};
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
  glGetTransformFeedbackiv(0, GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
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

}  // namespace
}  // namespace glvk::test
