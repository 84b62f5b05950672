// Separate shader objects and program pipelines through the real dispatch (GL 4.6 7.4, 11.1.3.11):
// pipelines of separately linked programs draw, each program keeps its own uniforms, the
// interface between programs matches by name whatever locations each link chose, glUseProgram's
// program wins over the pipeline, glActiveShaderProgram routes glUniform*, and the errors the
// spec names. Expected pixels are the shaders' constants as unsigned normalized bytes
// (GL 4.6 eq. 2.3: round(255 * c)).
#include <string>
#include <vector>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

// The VS declares a before b, the FS reads b before a: each separately linked program numbers its
// own varyings, so only matching by name (7.4.1) gives the right colour.
constexpr const char* kSsoVs = R"(#version 410 core
layout(location = 0) in vec2 position;
uniform vec4 va;
uniform vec4 vb;
out vec4 a;
out vec4 b;
void main() { a = va; b = vb; gl_Position = vec4(position, 0.0, 1.0); })";

constexpr const char* kSsoFs = R"(#version 410 core
in vec4 b;
in vec4 a;
uniform float alpha;
out vec4 result;
void main() { result = vec4(a.x, a.y, b.x, alpha); })";

constexpr const char* kOtherFs = R"(#version 410 core
in vec4 b;
uniform float green;
out vec4 result;
void main() { result = vec4(b.x, green, 0.0, 1.0); })";

// A sampler in the fragment program and a uniform block in the vertex program: both programs'
// resources get bindings of their own in the pipeline.
constexpr const char* kBlockVs = R"(#version 410 core
layout(location = 0) in vec2 position;
layout(std140) uniform Offsets { vec4 add; };
out vec4 tint;
void main() { tint = add; gl_Position = vec4(position, 0.0, 1.0); })";

constexpr const char* kSamplerFs = R"(#version 410 core
uniform sampler2D tex;
uniform vec4 scale;
in vec4 tint;
out vec4 result;
void main() { result = texture(tex, vec2(0.5)) * scale + tint; })";

class SsoTest : public DrawTest {
 protected:
  void SetUp() override {
    DrawTest::SetUp();
    positions({-1, -1, 1, -1, -1, 1, 1, 1});
  }
  GLuint shader_program(GLenum type, const char* source) {
    const GLuint p = glCreateShaderProgramv(type, 1, &source);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    EXPECT_EQ(linked, GL_TRUE) << info_log(p, true);
    return p;
  }
  GLuint pipeline(GLuint vs, GLuint fs) {
    GLuint pipe = 0;
    glGenProgramPipelines(1, &pipe);
    glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vs);
    glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs);
    glBindProgramPipeline(pipe);
    return pipe;
  }
  Rgba draw() {
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    return pixel(kSize / 2, kSize / 2);
  }
  GLint pipeline_value(GLuint pipe, GLenum pname) {
    GLint v = -1;
    glGetProgramPipelineiv(pipe, pname, &v);
    return v;
  }
  GLuint vs_ = 0, fs_ = 0;
  void make_programs() {
    vs_ = shader_program(GL_VERTEX_SHADER, kSsoVs);
    fs_ = shader_program(GL_FRAGMENT_SHADER, kSsoFs);
    glProgramUniform4f(vs_, glGetUniformLocation(vs_, "va"), 0.2f, 0.4f, 0.0f, 0.0f);
    glProgramUniform4f(vs_, glGetUniformLocation(vs_, "vb"), 1.0f, 0.0f, 0.0f, 0.0f);
    glProgramUniform1f(fs_, glGetUniformLocation(fs_, "alpha"), 0.6f);
  }
};

TEST_F(SsoTest, PipelineOfTwoProgramsDrawsWithEachProgramsUniforms) {
  make_programs();
  const GLuint pipe = pipeline(vs_, fs_);
  EXPECT_EQ(draw(), (Rgba{51, 102, 255, 153}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pipeline_value(pipe, GL_VERTEX_SHADER), GLint(vs_));
  EXPECT_EQ(pipeline_value(pipe, GL_FRAGMENT_SHADER), GLint(fs_));
  EXPECT_EQ(pipeline_value(pipe, GL_GEOMETRY_SHADER), 0);
  GLint separable = 0, binding = 0;
  glGetProgramiv(vs_, GL_PROGRAM_SEPARABLE, &separable);
  glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &binding);
  EXPECT_EQ(separable, GL_TRUE);
  EXPECT_EQ(binding, GLint(pipe));
  // A uniform change of one program shows in the next draw.
  glProgramUniform1f(fs_, glGetUniformLocation(fs_, "alpha"), 0.2f);
  EXPECT_EQ(draw(), (Rgba{51, 102, 255, 51}));
}

TEST_F(SsoTest, SwappingOneStagesProgramChangesThePicture) {
  make_programs();
  const GLuint pipe = pipeline(vs_, fs_);
  EXPECT_EQ(draw(), (Rgba{51, 102, 255, 153}));
  const GLuint other = shader_program(GL_FRAGMENT_SHADER, kOtherFs);
  glProgramUniform1f(other, glGetUniformLocation(other, "green"), 0.8f);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, other);
  EXPECT_EQ(draw(), (Rgba{255, 204, 0, 255}));
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs_);
  EXPECT_EQ(draw(), (Rgba{51, 102, 255, 153}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, UseProgramWinsOverTheBoundPipeline) {
  make_programs();
  pipeline(vs_, fs_);
  const GLuint whole = color_program();  // glUseProgram
  set_color(whole, 0.0f, 0.0f, 1.0f, 1.0f);
  EXPECT_EQ(draw(), (Rgba{0, 0, 255, 255}));
  glUseProgram(0);
  EXPECT_EQ(draw(), (Rgba{51, 102, 255, 153}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, ActiveShaderProgramRoutesUniformCommands) {
  make_programs();
  const GLuint pipe = pipeline(vs_, fs_);
  // No active program and none in use: glUniform* has no program (7.6.1).
  glUniform1f(0, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glActiveShaderProgram(pipe, fs_);
  EXPECT_EQ(pipeline_value(pipe, GL_ACTIVE_PROGRAM), GLint(fs_));
  glUniform1f(glGetUniformLocation(fs_, "alpha"), 0.4f);
  glActiveShaderProgram(pipe, vs_);
  glUniform4f(glGetUniformLocation(vs_, "va"), 0.6f, 0.8f, 0.0f, 0.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(draw(), (Rgba{153, 204, 255, 102}));
  GLfloat alpha = 0;
  glGetUniformfv(fs_, glGetUniformLocation(fs_, "alpha"), &alpha);
  EXPECT_EQ(alpha, 0.4f);
}

TEST_F(SsoTest, ProgramsWithSamplersAndBlocksKeepTheirOwnBindings) {
  const GLuint vs = shader_program(GL_VERTEX_SHADER, kBlockVs);
  const GLuint fs = shader_program(GL_FRAGMENT_SHADER, kSamplerFs);
  glUniformBlockBinding(vs, glGetUniformBlockIndex(vs, "Offsets"), 3);
  const float add[4] = {0.0f, 0.2f, 0.0f, 0.0f};
  GLuint ubo = 0, tex = 0;
  glGenBuffers(1, &ubo);
  glBindBuffer(GL_UNIFORM_BUFFER, ubo);
  glBufferData(GL_UNIFORM_BUFFER, sizeof add, add, GL_STATIC_DRAW);
  glBindBufferBase(GL_UNIFORM_BUFFER, 3, ubo);
  const std::uint8_t texel[4] = {255, 0, 102, 255};
  glActiveTexture(GL_TEXTURE2);
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "tex"), 2);
  glProgramUniform4f(fs, glGetUniformLocation(fs, "scale"), 0.4f, 1.0f, 1.0f, 1.0f);
  pipeline(vs, fs);
  // (1 * 0.4 + 0, 0 + 0.2, 0.4 + 0, 1 + 0)
  EXPECT_EQ(draw(), (Rgba{102, 51, 102, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, PipelineObjectStateAndErrors) {
  make_programs();
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  EXPECT_EQ(glIsProgramPipeline(pipe), GL_FALSE);  // not an object until bound (7.4)
  glBindProgramPipeline(pipe);
  EXPECT_EQ(glIsProgramPipeline(pipe), GL_TRUE);
  EXPECT_EQ(pipeline_value(pipe, GL_ACTIVE_PROGRAM), 0);
  EXPECT_EQ(pipeline_value(pipe, GL_VALIDATE_STATUS), GL_FALSE);
  // Bad stage bits, a non-separable program, an unlinked one, a name never generated.
  glUseProgramStages(pipe, 0x40, vs_);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  const GLuint whole = link(kPositionVs, kColorFs);
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, whole);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const GLuint unlinked = glCreateProgram();
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, unlinked);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glActiveShaderProgram(pipe, unlinked);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUseProgramStages(pipe + 100, GL_VERTEX_SHADER_BIT, vs_);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindProgramPipeline(pipe + 100);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glGetProgramPipelineiv(pipe, GL_LINK_STATUS, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glProgramParameteri(vs_, GL_PROGRAM_SEPARABLE, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glProgramParameteri(vs_, GL_LINK_STATUS, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGenProgramPipelines(-1, &pipe);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  // An empty pipeline cannot draw (11.1.3.11), nor validate.
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glValidateProgramPipeline(pipe);
  EXPECT_EQ(pipeline_value(pipe, GL_VALIDATE_STATUS), GL_FALSE);
  EXPECT_GT(pipeline_value(pipe, GL_INFO_LOG_LENGTH), 1);

  // A separable program passing gl_PerVertex between its own stages must redeclare it (7.4; Mesa
  // checks it from GLSL 1.50).
  const GLuint both = glCreateProgram();
  glProgramParameteri(both, GL_PROGRAM_SEPARABLE, GL_TRUE);
  const GLuint plain_vs = compile(GL_VERTEX_SHADER, kSsoVs);
  glAttachShader(both, plain_vs);
  glAttachShader(both, compile(GL_FRAGMENT_SHADER, kSsoFs));
  glLinkProgram(both);
  GLint linked = -1;
  glGetProgramiv(both, GL_LINK_STATUS, &linked);
  EXPECT_EQ(linked, GL_FALSE);
  glDetachShader(both, plain_vs);
  const std::string redeclared = std::string(kSsoVs).insert(std::string(kSsoVs).find("uniform"),
                                                             "out gl_PerVertex { vec4 gl_Position; };\n");
  glAttachShader(both, compile(GL_VERTEX_SHADER, redeclared.c_str()));
  glLinkProgram(both);
  glGetProgramiv(both, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_TRUE) << info_log(both, true);
  // Linked with two stages, active for only one of them: invalid.
  glUseProgramStages(pipe, GL_VERTEX_SHADER_BIT, both);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs_);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(pixel(kSize / 2, kSize / 2), (Rgba{0, 0, 0, 0}));  // nothing drawn
  // Active for both of its stages: valid, draws.
  glUseProgramStages(pipe, GL_ALL_SHADER_BITS, both);
  glValidateProgramPipeline(pipe);
  EXPECT_EQ(pipeline_value(pipe, GL_VALIDATE_STATUS), GL_TRUE);
  EXPECT_EQ(pipeline_value(pipe, GL_FRAGMENT_SHADER), GLint(both));
  EXPECT_EQ(pipeline_value(pipe, GL_GEOMETRY_SHADER), 0);  // no executable for it: stays empty
  glProgramUniform1f(both, glGetUniformLocation(both, "alpha"), 1.0f);
  EXPECT_EQ(draw(), (Rgba{0, 0, 0, 255}));  // va, vb zero
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Relinked without PROGRAM_SEPARABLE: the pipeline no longer validates.
  glProgramParameteri(both, GL_PROGRAM_SEPARABLE, GL_FALSE);
  glLinkProgram(both);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // Deleting the bound pipeline unbinds it.
  glDeleteProgramPipelines(1, &pipe);
  GLint binding = -1;
  glGetIntegerv(GL_PROGRAM_PIPELINE_BINDING, &binding);
  EXPECT_EQ(binding, 0);
  EXPECT_EQ(glIsProgramPipeline(pipe), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, ExplicitLocationsRendezvousByLocationNotName) {
  // The FS names its inputs after the VS's outputs but swaps their locations: GL matches by
  // location (7.4.1), so FS a receives VS b.
  const GLuint vs = shader_program(GL_VERTEX_SHADER, R"(#version 410 core
layout(location = 0) in vec2 position;
layout(location = 2) out vec4 a;
layout(location = 3) out vec4 b;
void main() { a = vec4(0.2); b = vec4(0.6); gl_Position = vec4(position, 0.0, 1.0); })");
  const GLuint fs = shader_program(GL_FRAGMENT_SHADER, R"(#version 410 core
layout(location = 3) in vec4 a;
layout(location = 2) in vec4 b;
out vec4 result;
void main() { result = vec4(a.x, b.x, 0.0, 1.0); })");
  pipeline(vs, fs);
  EXPECT_EQ(draw(), (Rgba{153, 51, 0, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, SamplersOfDifferentTypesOnOneUnitFailValidation) {
  make_programs();
  const GLuint fs = shader_program(GL_FRAGMENT_SHADER, R"(#version 410 core
uniform sampler2D s2;
uniform sampler3D s3;
out vec4 result;
void main() { result = texture(s2, vec2(0.5)) + texture(s3, vec3(0.5)); })");
  const GLuint pipe = pipeline(vs_, fs);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "s2"), 1);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "s3"), 1);
  glValidateProgramPipeline(pipe);
  EXPECT_EQ(pipeline_value(pipe, GL_VALIDATE_STATUS), GL_FALSE);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // 11.1.3.11, checked at every draw
  glProgramUniform1i(fs, glGetUniformLocation(fs, "s3"), 2);
  glValidateProgramPipeline(pipe);
  EXPECT_EQ(pipeline_value(pipe, GL_VALIDATE_STATUS), GL_TRUE);
  EXPECT_EQ(draw(), (Rgba{0, 0, 0, 255}));  // two incomplete textures: (0, 0, 0, 1) + (0, 0, 0, 1)
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, OnlySamplerElementsTheCodeReadsCanConflict) {
  make_programs();
  // Elements 0 of both arrays stay on unit 0, but only elements 1 are read: no conflict.
  const GLuint fs = shader_program(GL_FRAGMENT_SHADER, R"(#version 410 core
uniform sampler2D s2[2];
uniform sampler3D s3[2];
out vec4 result;
void main() { result = texture(s2[1], vec2(0.5)) + texture(s3[1], vec3(0.5)); })");
  const GLuint pipe = pipeline(vs_, fs);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "s2[1]"), 1);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "s3[1]"), 2);
  glValidateProgramPipeline(pipe);
  EXPECT_EQ(pipeline_value(pipe, GL_VALIDATE_STATUS), GL_TRUE);
  glProgramUniform1i(fs, glGetUniformLocation(fs, "s3[1]"), 1);
  glValidateProgramPipeline(pipe);
  EXPECT_EQ(pipeline_value(pipe, GL_VALIDATE_STATUS), GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, APipelineWithoutAVertexProgramDrawsNothingWithoutError) {
  make_programs();
  GLuint pipe = 0;
  glGenProgramPipelines(1, &pipe);
  glUseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fs_);
  glBindProgramPipeline(pipe);
  glProgramUniform1f(fs_, glGetUniformLocation(fs_, "alpha"), 1.0f);
  EXPECT_EQ(draw(), (Rgba{0, 0, 0, 0}));  // the vertex stage is undefined (ARB_sso issue 7)
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SsoTest, CreateShaderProgramvReportsCompileErrorsInTheProgramLog) {
  const char* bad = "#version 410 core\nvoid main() { undeclared = 1.0; }\n";
  const GLuint p = glCreateShaderProgramv(GL_FRAGMENT_SHADER, 1, &bad);
  ASSERT_NE(p, 0u);
  GLint linked = -1;
  glGetProgramiv(p, GL_LINK_STATUS, &linked);
  EXPECT_EQ(linked, GL_FALSE);
  EXPECT_NE(info_log(p, true).find("undeclared"), std::string::npos) << info_log(p, true);
  glCreateShaderProgramv(GL_RGBA, 1, &bad);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glCreateShaderProgramv(GL_FRAGMENT_SHADER, -1, &bad);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

}  // namespace
}  // namespace glvk::test
