// ARB_multi_bind's buffer commands (GL 4.6 6.1.1 and 10.3.1): glBindBuffersBase/Range and
// glBindVertexBuffers/glVertexArrayVertexBuffers bind each entry as the single commands would,
// an entry's error leaves the others bound, null arrays unbind, and the generic binding point
// keeps its buffer. Pixels are the shaders' colours (round(255 c)).
#include "draw_helpers.h"

namespace glvk::test {
namespace {

using MultiBindTest = DrawTest;

GLint indexed(GLenum pname, GLuint index) {
  GLint v = -1;
  glGetIntegeri_v(pname, index, &v);
  return v;
}

TEST_F(MultiBindTest, UniformBuffersBoundTogetherFeedADraw) {
  constexpr const char* fs = R"(#version 330 core
layout(std140) uniform A { vec4 a; };
layout(std140) uniform B { vec4 b; };
out vec4 result;
void main() { result = a + b; })";
  positions({-1, -1, 1, -1, -1, 1, 1, 1});
  const GLuint program = link(kPositionVs, fs);
  glUseProgram(program);
  glUniformBlockBinding(program, glGetUniformBlockIndex(program, "A"), 2);
  glUniformBlockBinding(program, glGetUniformBlockIndex(program, "B"), 3);
  GLuint buffers[2] = {};
  glGenBuffers(2, buffers);
  const float red[4] = {1, 0, 0, 0}, blue[4] = {0, 0, 1, 1};
  glBindBuffer(GL_UNIFORM_BUFFER, buffers[0]);
  glBufferData(GL_UNIFORM_BUFFER, 512, nullptr, GL_STATIC_DRAW);
  glBufferSubData(GL_UNIFORM_BUFFER, 256, 16, red);
  glBindBuffer(GL_UNIFORM_BUFFER, buffers[1]);
  glBufferData(GL_UNIFORM_BUFFER, 16, blue, GL_STATIC_DRAW);
  GLuint generic = 0;
  glGenBuffers(1, &generic);
  glBindBuffer(GL_UNIFORM_BUFFER, generic);

  const GLintptr offsets[2] = {256, 0};
  const GLsizeiptr sizes[2] = {16, 16};
  glBindBuffersRange(GL_UNIFORM_BUFFER, 2, 2, buffers, offsets, sizes);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 2), GLint(buffers[0]));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_START, 2), 256);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 3), GLint(buffers[1]));
  GLint bound = -1;
  glGetIntegerv(GL_UNIFORM_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, GLint(generic)) << "the generic binding keeps its buffer";
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(4, 4), (Rgba{255, 0, 255, 255}));

  // Base: whole buffers; a null array unbinds.
  glBindBuffersBase(GL_UNIFORM_BUFFER, 3, 1, &buffers[1]);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_SIZE, 3), 0);
  glBindBuffersBase(GL_UNIFORM_BUFFER, 2, 2, nullptr);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 2), 0);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 3), 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(MultiBindTest, AnEntrysErrorLeavesTheOthersBound) {
  GLuint buffers[3] = {};
  glGenBuffers(3, buffers);
  for (GLuint b : buffers) {
    glBindBuffer(GL_UNIFORM_BUFFER, b);
    glBufferData(GL_UNIFORM_BUFFER, 1024, nullptr, GL_STATIC_DRAW);
  }
  const GLuint names[3] = {buffers[0], 999999, buffers[2]};
  glBindBuffersBase(GL_UNIFORM_BUFFER, 0, 3, names);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 0), GLint(buffers[0]));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 2), GLint(buffers[2]));
  const GLintptr offsets[2] = {3, 256};  // 3: not a multiple of the offset alignment
  const GLsizeiptr sizes[2] = {16, 16};
  glBindBuffersRange(GL_UNIFORM_BUFFER, 5, 2, buffers, offsets, sizes);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 5), 0);
  EXPECT_EQ(indexed(GL_UNIFORM_BUFFER_BINDING, 6), GLint(buffers[1]));

  GLint max = 0;
  glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max);
  glBindBuffersBase(GL_UNIFORM_BUFFER, GLuint(max - 1), 2, buffers);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "first + count beyond the bindings";
  glBindBuffersBase(GL_ARRAY_BUFFER, 0, 1, buffers);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBindBuffersBase(GL_UNIFORM_BUFFER, 0, -1, buffers);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(MultiBindTest, VertexBuffersBoundTogetherFeedADraw) {
  glUseProgram(link(kColourAttributeVs, kColourVaryingFs));
  const float xy[] = {0, 0, -1, -1, 1, -1, -1, 1, 1, 1};  // one vertex of padding first
  const float green[] = {0, 1, 0, 1};
  GLuint buffers[2] = {};
  glGenBuffers(2, buffers);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, sizeof xy, xy, GL_STATIC_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[1]);
  glBufferData(GL_ARRAY_BUFFER, sizeof green, green, GL_STATIC_DRAW);
  glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribBinding(0, 0);
  glVertexAttribFormat(1, 4, GL_FLOAT, GL_FALSE, 0);
  glVertexAttribBinding(1, 1);
  glVertexBindingDivisor(1, 1);  // one colour for the instance
  glEnableVertexAttribArray(0);
  glEnableVertexAttribArray(1);
  const GLintptr offsets[2] = {8, 0};
  const GLsizei strides[2] = {8, 16};
  glBindVertexBuffers(0, 2, buffers, offsets, strides);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(30, 1), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_OFFSET, 0), 8);
  GLint64 offset64 = -1;
  glGetVertexArrayIndexed64iv(vao_, 0, GL_VERTEX_BINDING_OFFSET, &offset64);
  EXPECT_EQ(offset64, 8);
  glGetVertexArrayIndexed64iv(vao_, 0, GL_VERTEX_BINDING_STRIDE, &offset64);  // the offset only (10.5)
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_STRIDE, 1), 16);

  // A negative stride in one entry: that binding is left alone, the next is still unbound.
  const GLsizei bad[2] = {-4, 16};
  glBindVertexBuffers(0, 2, nullptr, nullptr, nullptr);
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_BUFFER, 0), 0);
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_STRIDE, 0), 16);
  glVertexArrayVertexBuffers(vao_, 0, 2, buffers, offsets, bad);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_BUFFER, 0), 0);
  EXPECT_EQ(indexed(GL_VERTEX_BINDING_BUFFER, 1), GLint(buffers[1]));
  GLint max = 0;
  glGetIntegerv(GL_MAX_VERTEX_ATTRIB_BINDINGS, &max);
  glBindVertexBuffers(GLuint(max), 1, buffers, offsets, strides);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace glvk::test
