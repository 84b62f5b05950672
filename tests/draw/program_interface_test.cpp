// Program interface queries (GL 4.6 7.3.1): the resources of each interface agree with the older
// queries (glGetActiveUniform, glGetUniformBlockIndex, glGetAttribLocation, ...) and with the
// program's text: std140 offsets (vec4 at 0, mat4 at 16 with a matrix stride of 16, float[3] at 80
// with an array stride of 16: GL 4.6 7.6.2.2), explicit locations, capture offsets.
#include <string>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr const char* kVs = R"(#version 330 core
layout(location = 3) in vec4 position;
layout(location = 5) in vec2 uv[2];
layout(std140) uniform Block { vec4 a; mat4 m; float f[3]; };
uniform float scale;
out vec4 v;
out float w;
void main() { gl_Position = position * scale + m * a; v = vec4(uv[0], uv[1]) + f[2]; w = scale; })";
constexpr const char* kFs = R"(#version 330 core
in vec4 v;
layout(location = 1) out vec4 colour;
void main() { colour = v; })";

class ProgramInterfaceTest : public DrawTest {
 protected:
  GLint interface(GLenum in, GLenum pname) {
    GLint v = -7;
    glGetProgramInterfaceiv(program_, in, pname, &v);
    return v;
  }
  std::vector<GLint> props(GLenum in, GLuint index, std::vector<GLenum> which, GLsizei buf = 16) {
    std::vector<GLint> out(16, -7);
    GLsizei length = -1;
    glGetProgramResourceiv(program_, in, index, GLsizei(which.size()), which.data(), buf, &length, out.data());
    out.resize(std::size_t(std::max(length, 0)));
    return out;
  }
  std::string name(GLenum in, GLuint index) {
    char text[64] = {};
    GLsizei length = -1;
    glGetProgramResourceName(program_, in, index, sizeof text, &length, text);
    EXPECT_EQ(length, GLsizei(std::string(text).size()));
    return text;
  }
  GLuint program_ = 0;
};

TEST_F(ProgramInterfaceTest, ResourcesAgreeWithTheOlderQueriesAndTheText) {
  program_ = link(kVs, kFs);
  ASSERT_NE(program_, 0u);
  // Uniforms: the same indices as glGetActiveUniform.
  const GLint uniforms = interface(GL_UNIFORM, GL_ACTIVE_RESOURCES);
  GLint active = 0;
  glGetProgramiv(program_, GL_ACTIVE_UNIFORMS, &active);
  EXPECT_EQ(uniforms, active);
  EXPECT_EQ(uniforms, 4);  // a, m, f[0], scale
  for (GLint i = 0; i < uniforms; ++i) {
    char old_name[64] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveUniform(program_, GLuint(i), sizeof old_name, nullptr, &size, &type, old_name);
    EXPECT_EQ(name(GL_UNIFORM, GLuint(i)), old_name);
    EXPECT_EQ(props(GL_UNIFORM, GLuint(i), {GL_TYPE, GL_ARRAY_SIZE}), (std::vector<GLint>{GLint(type), size}));
  }
  const GLuint m = glGetProgramResourceIndex(program_, GL_UNIFORM, "m");
  const GLuint block = glGetProgramResourceIndex(program_, GL_UNIFORM_BLOCK, "Block");
  EXPECT_EQ(block, glGetUniformBlockIndex(program_, "Block"));
  EXPECT_EQ(props(GL_UNIFORM, m, {GL_TYPE, GL_OFFSET, GL_BLOCK_INDEX, GL_MATRIX_STRIDE, GL_IS_ROW_MAJOR, GL_LOCATION}),
            (std::vector<GLint>{GL_FLOAT_MAT4, 16, GLint(block), 16, 0, -1}));
  const GLuint f = glGetProgramResourceIndex(program_, GL_UNIFORM, "f");
  EXPECT_EQ(f, glGetProgramResourceIndex(program_, GL_UNIFORM, "f[0]"));
  EXPECT_EQ(glGetProgramResourceIndex(program_, GL_UNIFORM, "f[1]"), GL_INVALID_INDEX);
  EXPECT_EQ(props(GL_UNIFORM, f, {GL_ARRAY_SIZE, GL_OFFSET, GL_ARRAY_STRIDE}), (std::vector<GLint>{3, 80, 16}));
  const GLuint scale = glGetProgramResourceIndex(program_, GL_UNIFORM, "scale");
  EXPECT_EQ(props(GL_UNIFORM, scale, {GL_OFFSET, GL_BLOCK_INDEX, GL_LOCATION, GL_REFERENCED_BY_VERTEX_SHADER,
                                      GL_REFERENCED_BY_FRAGMENT_SHADER}),
            (std::vector<GLint>{-1, -1, glGetUniformLocation(program_, "scale"), 1, 0}));
  EXPECT_EQ(glGetProgramResourceLocation(program_, GL_UNIFORM, "scale"), glGetUniformLocation(program_, "scale"));

  // The block: its size (80 + 3 * 16 = 128 bytes) and its three members.
  glUniformBlockBinding(program_, block, 7);
  EXPECT_EQ(props(GL_UNIFORM_BLOCK, block, {GL_BUFFER_BINDING, GL_BUFFER_DATA_SIZE, GL_NUM_ACTIVE_VARIABLES}),
            (std::vector<GLint>{7, 128, 3}));
  EXPECT_EQ(props(GL_UNIFORM_BLOCK, block, {GL_ACTIVE_VARIABLES}).size(), 3u);
  EXPECT_EQ(interface(GL_UNIFORM_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES), 3);
  EXPECT_EQ(interface(GL_UNIFORM_BLOCK, GL_MAX_NAME_LENGTH), 6);  // "Block" and its NUL

  // Inputs and outputs: locations as declared.
  EXPECT_EQ(interface(GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES), 2);
  EXPECT_EQ(glGetProgramResourceLocation(program_, GL_PROGRAM_INPUT, "uv[1]"), 6);
  const GLuint uv = glGetProgramResourceIndex(program_, GL_PROGRAM_INPUT, "uv");
  EXPECT_EQ(props(GL_PROGRAM_INPUT, uv, {GL_TYPE, GL_ARRAY_SIZE, GL_LOCATION, GL_REFERENCED_BY_VERTEX_SHADER,
                                         GL_REFERENCED_BY_FRAGMENT_SHADER, GL_IS_PER_PATCH}),
            (std::vector<GLint>{GL_FLOAT_VEC2, 2, 5, 1, 0, 0}));
  const GLuint colour = glGetProgramResourceIndex(program_, GL_PROGRAM_OUTPUT, "colour");
  EXPECT_EQ(props(GL_PROGRAM_OUTPUT, colour, {GL_LOCATION, GL_LOCATION_INDEX, GL_REFERENCED_BY_FRAGMENT_SHADER}),
            (std::vector<GLint>{1, 0, 1}));
  EXPECT_EQ(glGetProgramResourceLocationIndex(program_, GL_PROGRAM_OUTPUT, "colour"), 0);
  // bufSize limits what is written; length says how much.
  EXPECT_EQ(props(GL_PROGRAM_OUTPUT, colour, {GL_LOCATION, GL_TYPE}, 1), (std::vector<GLint>{1}));
  // Interfaces glvk's programs have nothing in.
  EXPECT_EQ(interface(GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES), 0);
  EXPECT_EQ(interface(GL_VERTEX_SUBROUTINE_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES), 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ProgramInterfaceTest, TransformFeedbackVaryingsAndBuffers) {
  const GLuint vs = compile(GL_VERTEX_SHADER, kVs);
  program_ = glCreateProgram();
  glAttachShader(program_, vs);
  const char* varyings[] = {"w", "v"};
  glTransformFeedbackVaryings(program_, 2, varyings, GL_INTERLEAVED_ATTRIBS);
  glLinkProgram(program_);
  GLint ok = 0;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  ASSERT_TRUE(ok);
  EXPECT_EQ(interface(GL_TRANSFORM_FEEDBACK_VARYING, GL_ACTIVE_RESOURCES), 2);
  EXPECT_EQ(name(GL_TRANSFORM_FEEDBACK_VARYING, 1), "v");
  EXPECT_EQ(props(GL_TRANSFORM_FEEDBACK_VARYING, 1, {GL_TYPE, GL_ARRAY_SIZE, GL_OFFSET,
                                                     GL_TRANSFORM_FEEDBACK_BUFFER_INDEX}),
            (std::vector<GLint>{GL_FLOAT_VEC4, 1, 4, 0}));
  EXPECT_EQ(interface(GL_TRANSFORM_FEEDBACK_BUFFER, GL_ACTIVE_RESOURCES), 1);
  EXPECT_EQ(props(GL_TRANSFORM_FEEDBACK_BUFFER, 0, {GL_BUFFER_BINDING, GL_NUM_ACTIVE_VARIABLES,
                                                    GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE}),
            (std::vector<GLint>{0, 2, 20}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ProgramInterfaceTest, TheSectionsErrors) {
  program_ = link(kVs, kFs);
  GLint v = -7;
  // INVALID_OPERATION for an unknown interface or pname, as Mesa raises it (piglit's
  // arb_program_interface_query-getprograminterfaceiv expects that).
  glGetProgramInterfaceiv(program_, GL_TEXTURE_2D, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetProgramInterfaceiv(program_, GL_UNIFORM, GL_TEXTURE_2D, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetProgramInterfaceiv(program_, GL_TRANSFORM_FEEDBACK_BUFFER, GL_MAX_NAME_LENGTH, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetProgramInterfaceiv(program_, GL_UNIFORM, GL_MAX_NUM_ACTIVE_VARIABLES, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetProgramInterfaceiv(program_, GL_UNIFORM, GL_MAX_NUM_COMPATIBLE_SUBROUTINES, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(v, -7);
  glGetProgramInterfaceiv(123456, GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  EXPECT_EQ(glGetProgramResourceIndex(program_, GL_ATOMIC_COUNTER_BUFFER, "x"), GL_INVALID_INDEX);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(glGetProgramResourceIndex(program_, GL_UNIFORM, "nothing"), GL_INVALID_INDEX);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  char text[8];
  glGetProgramResourceName(program_, GL_UNIFORM, 99, sizeof text, nullptr, text);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetProgramResourceName(program_, GL_UNIFORM, 0, -1, nullptr, text);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  const GLenum location = GL_LOCATION, bad = GL_TEXTURE_2D, block_only = GL_BUFFER_DATA_SIZE;
  GLint out[4];
  glGetProgramResourceiv(program_, GL_UNIFORM, 99, 1, &location, 4, nullptr, out);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetProgramResourceiv(program_, GL_UNIFORM, 0, 0, &location, 4, nullptr, out);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetProgramResourceiv(program_, GL_UNIFORM, 0, 1, &location, -1, nullptr, out);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetProgramResourceiv(program_, GL_UNIFORM, 0, 1, &bad, 4, nullptr, out);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetProgramResourceiv(program_, GL_UNIFORM, 0, 1, &block_only, 4, nullptr, out);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  glGetProgramResourceLocation(program_, GL_UNIFORM_BLOCK, "Block");
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetProgramResourceLocationIndex(program_, GL_PROGRAM_INPUT, "position");
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // An unlinked program has no resources, and its locations are an error.
  const GLuint unlinked = glCreateProgram();
  glGetProgramInterfaceiv(unlinked, GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
  EXPECT_EQ(v, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(glGetProgramResourceLocation(unlinked, GL_UNIFORM, "scale"), -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// GL 4.6 7.3.1.1: built-in vertex inputs the shader reads (gl_VertexID, gl_InstanceID) are active
// attributes of type INT with location -1, beside the user's, under their GL names (not Vulkan's
// gl_VertexIndex); an unread one is not listed.
TEST_F(DrawTest, BuiltInVertexInputsAreActiveAttributes) {
  const GLuint p = link("#version 330 core\nlayout(location = 0) in vec2 position;\nflat out int id;\n"
                        "void main() { id = gl_VertexID; gl_Position = vec4(position, 0.0, 1.0); }\n",
                        "#version 330 core\nflat in int id;\nout vec4 o;\nvoid main() { o = vec4(float(id)); }\n");
  GLint count = 0;
  glGetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &count);
  ASSERT_EQ(count, 2);
  bool vertex_id = false, position = false;
  for (GLuint i = 0; i < GLuint(count); ++i) {
    char name[32] = {};
    GLint size = 0;
    GLenum type = 0;
    glGetActiveAttrib(p, i, sizeof name, nullptr, &size, &type, name);
    if (std::string(name) == "gl_VertexID") {
      vertex_id = true;
      EXPECT_EQ(type, GLenum(GL_INT));
      EXPECT_EQ(size, 1);
    }
    position = position || std::string(name) == "position";
  }
  EXPECT_TRUE(vertex_id);
  EXPECT_TRUE(position);
  EXPECT_EQ(glGetAttribLocation(p, "gl_VertexID"), -1);
  EXPECT_EQ(glGetProgramResourceIndex(p, GL_PROGRAM_INPUT, "gl_InstanceID"), GLuint(GL_INVALID_INDEX));
  EXPECT_NE(glGetProgramResourceIndex(p, GL_PROGRAM_INPUT, "gl_VertexID"), GLuint(GL_INVALID_INDEX));
  // The program still draws: vertex i's id, flat from the provoking (last) vertex 2.
  glUseProgram(p);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(5, 5), (Rgba{255, 255, 255, 255}));
}

}  // namespace
}  // namespace glvk::test
