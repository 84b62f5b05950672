// Which commands a display list holds (GL 4.6 compatibility 21.4), through the real dispatch on
// lavapipe with validation. Every command 21.4.1 does not name is compiled: glUniform*,
// glUniformBlockBinding, glClearBuffer*, glVertexAttribI*/L* and glDispatchCompute run when the list
// is called, not while it is compiled in GL_COMPILE mode, and with the values they were given then.
// ARB_draw_instanced forbids the instanced draws in lists (INVALID_OPERATION, nothing compiled, also
// in GL_COMPILE_AND_EXECUTE); the indirect draws and glDispatchComputeIndirect are refused alike, as
// Mesa (llvmpipe, zink) does. A command not allowed between glBegin and glEnd, called there in a
// GL_COMPILE_AND_EXECUTE list, raises INVALID_OPERATION now and again when the list is called (10.7.5).
#include <array>

#include "gl_fixture.h"
#include "gl_programs.h"
#include "legacy_framebuffer.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

const Rgba kBlack{0, 0, 0, 0}, kRed{255, 0, 0, 255};

using ListCommandsTest = LegacyFramebufferTest;

constexpr const char* kFragment = "#version 130\nvoid main() { gl_FragColor = vec4(1.0); }\n";

TEST_F(ListCommandsTest, UniformsAreCompiledWithTheirValues) {
  const GLuint program = link(
      "#version 130\nuniform uint u;\nuniform vec4 v;\nuniform mat2 m;\n"
      "void main() { gl_Position = vec4(float(u)) + v + vec4(m[0], m[1]); }\n",
      kFragment);
  ASSERT_NE(program, 0u);
  glUseProgram(program);
  const GLint u = glGetUniformLocation(program, "u"), v = glGetUniformLocation(program, "v"),
              m = glGetUniformLocation(program, "m");
  ASSERT_GE(u, 0);
  ASSERT_GE(v, 0);
  ASSERT_GE(m, 0);
  std::array<GLfloat, 4> matrix = {1, 2, 3, 4};
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glUniform1ui(u, 7);
  glUniform4f(v, 1, 2, 3, 4);
  glUniformMatrix2fv(m, 1, GL_FALSE, matrix.data());
  glEndList();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // GL_COMPILE: nothing changed yet.
  GLuint uv = 99;
  std::array<GLfloat, 4> got{};
  glGetUniformuiv(program, u, &uv);
  EXPECT_EQ(uv, 0u);
  glGetUniformfv(program, v, got.data());
  EXPECT_EQ(got, (std::array<GLfloat, 4>{0, 0, 0, 0}));
  // The list keeps the matrix it was given, not what the array holds when it is called.
  matrix.fill(9);
  glCallList(list);
  glGetUniformuiv(program, u, &uv);
  EXPECT_EQ(uv, 7u);
  glGetUniformfv(program, v, got.data());
  EXPECT_EQ(got, (std::array<GLfloat, 4>{1, 2, 3, 4}));
  glGetUniformfv(program, m, got.data());
  EXPECT_EQ(got, (std::array<GLfloat, 4>{1, 2, 3, 4}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(program);
}

TEST_F(ListCommandsTest, UniformBlockBindingIsCompiled) {
  const GLuint program = link(
      "#version 140\nuniform Block { vec4 c; };\nvoid main() { gl_Position = c; }\n",
      "#version 140\nout vec4 f;\nvoid main() { f = vec4(1.0); }\n");
  ASSERT_NE(program, 0u);
  const GLuint block = glGetUniformBlockIndex(program, "Block");
  ASSERT_NE(block, GL_INVALID_INDEX);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glUniformBlockBinding(program, block, 2);
  glEndList();
  GLint binding = -1;
  glGetActiveUniformBlockiv(program, block, GL_UNIFORM_BLOCK_BINDING, &binding);
  EXPECT_EQ(binding, 0);
  glCallList(list);
  glGetActiveUniformBlockiv(program, block, GL_UNIFORM_BLOCK_BINDING, &binding);
  EXPECT_EQ(binding, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteProgram(program);
}

TEST_F(ListCommandsTest, ClearBufferIsCompiledWithItsColour) {
  std::array<GLfloat, 4> red = {1, 0, 0, 1};
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glClearBufferfv(GL_COLOR, 0, red.data());
  glEndList();
  EXPECT_EQ(pixel(5, 5), kBlack);
  red = {0, 1, 0, 1};
  glCallList(list);
  EXPECT_EQ(pixel(5, 5), kRed);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListCommandsTest, IntegerAndDoubleAttributesAreCompiled) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glVertexAttribL1d(3, 2.5);
  glVertexAttribI4i(4, -1, 2, -3, 4);
  glEndList();
  std::array<GLdouble, 4> d{};
  std::array<GLint, 4> i{};
  glGetVertexAttribLdv(3, GL_CURRENT_VERTEX_ATTRIB, d.data());
  EXPECT_EQ(d[0], 0.0);
  glGetVertexAttribIiv(4, GL_CURRENT_VERTEX_ATTRIB, i.data());
  EXPECT_EQ(i, (std::array<GLint, 4>{0, 0, 0, 1}));
  glCallList(list);
  glGetVertexAttribLdv(3, GL_CURRENT_VERTEX_ATTRIB, d.data());
  EXPECT_EQ(d[0], 2.5);
  glGetVertexAttribIiv(4, GL_CURRENT_VERTEX_ATTRIB, i.data());
  EXPECT_EQ(i, (std::array<GLint, 4>{-1, 2, -3, 4}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListCommandsTest, DispatchComputeIsCompiled) {
  const GLuint shader = compile(GL_COMPUTE_SHADER,
                                "#version 430\nlayout(local_size_x = 1) in;\n"
                                "layout(std430, binding = 0) buffer B { uint n; };\nvoid main() { atomicAdd(n, 1u); }\n");
  const GLuint program = glCreateProgram();
  glAttachShader(program, shader);
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  ASSERT_TRUE(linked) << info_log(program, true);
  GLuint buffer = 0;
  const GLuint zero = 0;
  glGenBuffers(1, &buffer);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer);
  glBufferData(GL_SHADER_STORAGE_BUFFER, 4, &zero, GL_DYNAMIC_READ);
  glUseProgram(program);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glDispatchCompute(3, 1, 1);
  glEndList();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint n = 99;
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &n);
  EXPECT_EQ(n, 0u) << "GL_COMPILE does not dispatch";
  glCallList(list);
  glCallList(list);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 4, &n);
  EXPECT_EQ(n, 6u);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUseProgram(0);
  glDeleteProgram(program);
  glDeleteShader(shader);
  glDeleteBuffers(1, &buffer);
}

TEST_F(ListCommandsTest, InstancedAndIndirectCommandsAreRefused) {
  const std::array<GLfloat, 8> quad = {-1, -1, 1, -1, 1, 1, -1, 1};
  const std::array<GLuint, 5> indirect = {4, 1, 0, 0, 0};  // count, instances, first, base instance
  const std::array<GLubyte, 4> indices = {0, 1, 2, 3};
  GLuint buffers[2] = {};
  glGenBuffers(2, buffers);
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, buffers[0]);
  glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof indirect, indirect.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buffers[1]);
  glBufferData(GL_DISPATCH_INDIRECT_BUFFER, 12, indirect.data(), GL_STATIC_DRAW);
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, quad.data());
  glColor3f(1, 0, 0);
  const GLuint list = glGenLists(1);
  for (const GLenum mode : {GL_COMPILE, GL_COMPILE_AND_EXECUTE}) {
    glNewList(list, mode);
    glDrawArraysInstanced(GL_QUADS, 0, 4, 1);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
    glDrawElementsInstanced(GL_QUADS, 4, GL_UNSIGNED_BYTE, indices.data(), 1);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
    glDrawElementsInstancedBaseVertex(GL_QUADS, 4, GL_UNSIGNED_BYTE, indices.data(), 1, 0);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
    glDrawArraysIndirect(GL_QUADS, nullptr);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
    glMultiDrawArraysIndirect(GL_QUADS, nullptr, 0, 0);  // even with no command to read
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
    glDispatchComputeIndirect(0);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
    glEndList();
    EXPECT_EQ(pixel(16, 16), kBlack) << "nothing was executed";
    glCallList(list);  // and nothing compiled
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(pixel(16, 16), kBlack);
  }
  // Outside a list they draw.
  glDrawArraysInstanced(GL_QUADS, 0, 4, 1);
  EXPECT_EQ(pixel(16, 16), kRed);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDisableClientState(GL_VERTEX_ARRAY);
  glDeleteBuffers(2, buffers);
}

TEST_F(ListCommandsTest, StateCommandsAreCompiled) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glLogicOp(GL_XOR);
  glHint(GL_FOG_HINT, GL_NICEST);
  glStencilFuncSeparate(GL_BACK, GL_LESS, 3, 0xf);
  glColorMaski(0, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
  glReadBuffer(GL_NONE);
  glEndList();
  GLint v = 0;
  glGetIntegerv(GL_LOGIC_OP_MODE, &v);
  EXPECT_EQ(v, GL_COPY);
  glGetIntegerv(GL_FOG_HINT, &v);
  EXPECT_EQ(v, GL_DONT_CARE);
  glGetIntegerv(GL_READ_BUFFER, &v);
  EXPECT_EQ(v, GL_COLOR_ATTACHMENT0);
  glCallList(list);
  glGetIntegerv(GL_LOGIC_OP_MODE, &v);
  EXPECT_EQ(v, GL_XOR);
  glGetIntegerv(GL_FOG_HINT, &v);
  EXPECT_EQ(v, GL_NICEST);
  glGetIntegerv(GL_STENCIL_BACK_FUNC, &v);
  EXPECT_EQ(v, GL_LESS);
  std::array<GLboolean, 4> mask{};
  glGetBooleani_v(GL_COLOR_WRITEMASK, 0, mask.data());
  EXPECT_EQ(mask, (std::array<GLboolean, 4>{GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE}));
  glGetIntegerv(GL_PROVOKING_VERTEX, &v);
  EXPECT_EQ(v, GL_FIRST_VERTEX_CONVENTION);
  glGetIntegerv(GL_READ_BUFFER, &v);
  EXPECT_EQ(v, GL_NONE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ListCommandsTest, CommandsNotAllowedInBeginEndAreCompiledAsTheirErrorInCompileAndExecute) {
  const std::array<GLfloat, 2> point = {0, 0};
  const std::array<GLubyte, 4> bits = {0xff, 0xff, 0xff, 0xff};
  glEnableClientState(GL_VERTEX_ARRAY);
  glVertexPointer(2, GL_FLOAT, 0, point.data());
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE_AND_EXECUTE);
  glBegin(GL_POINTS);
  glDrawArrays(GL_POINTS, 0, 1);
  glBitmap(8, 4, 0, 0, 0, 0, bits.data());
  glEnd();  // (glGetError itself is not allowed before it)
  glEndList();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glCallList(list);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "the list raises the error again";
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDisableClientState(GL_VERTEX_ARRAY);
  EXPECT_EQ(pixel(0, 0), kBlack);
}

TEST_F(ListCommandsTest, TexImageIsCompiledWithTexelsUnpackedAtCompileTime) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  // A 2x2 image in rows of 3 pixels (UNPACK_ROW_LENGTH 3 at compile time).
  std::array<GLubyte, 24> texels{};
  for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = GLubyte(i * 10);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);  // executed now
  glEndList();
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  GLint width = -1;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 0) << "GL_COMPILE defines no image";
  glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 8) << "proxies are not compiled";
  texels.fill(0);
  glCallList(list);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 2);
  std::array<GLubyte, 16> got{};
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got.data());
  for (std::size_t y = 0; y < 2; ++y)
    for (std::size_t b = 0; b < 8; ++b) EXPECT_EQ(got[y * 8 + b], GLubyte((y * 12 + b) * 10)) << y << " " << b;
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(1, &texture);
}

}  // namespace
}  // namespace glvk::test
