// Samplers as members of uniform structs (GLSL 4.60 4.1.7 / 4.1.8: opaque members only in
// uniforms, and such structs passed to functions), through the real dispatch on lavapipe: each
// member is its own active uniform, named as GL 4.6 7.3.1.1 names struct members and array
// elements ("s.tex", "s[1].tex", "o.in[1].t[0]" of size 2), set with glUniform1i*, and the
// sampled texels are those of the textures uploaded here.
#include <string>
#include <vector>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr const char* kUvVs = R"(#version 330 core
layout(location = 0) in vec2 position;
out vec2 uv;
void main() { gl_Position = vec4(position, 0.0, 1.0); uv = position * 0.5 + 0.5; })";

using Rgba = std::array<std::uint8_t, 4>;

class OpaqueStructMemberTest : public DrawTest {
 protected:
  // A 1x1 texture of one colour on `unit`.
  void solid_texture(GLenum unit, Rgba colour) {
    GLuint t;
    glGenTextures(1, &t);
    glActiveTexture(GL_TEXTURE0 + unit);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, colour.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    textures_.push_back(t);
  }
  void TearDown() override {
    if (!textures_.empty()) glDeleteTextures(GLsizei(textures_.size()), textures_.data());
    DrawTest::TearDown();
  }

  Rgba draw(GLuint program) {
    glUseProgram(program);
    positions({-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1});
    glDrawArrays(GL_TRIANGLES, 0, 6);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    return pixel(kSize / 2, kSize / 2);
  }

  struct Active {
    std::string name;
    GLint size;
    GLenum type;
  };
  std::vector<Active> active_uniforms(GLuint program) {
    GLint count = 0;
    glGetProgramiv(program, GL_ACTIVE_UNIFORMS, &count);
    std::vector<Active> out;
    for (GLint i = 0; i < count; ++i) {
      char name[128];
      GLint size;
      GLenum type;
      glGetActiveUniform(program, GLuint(i), sizeof name, nullptr, &size, &type, name);
      out.push_back({name, size, type});
    }
    return out;
  }
  static bool has(const std::vector<Active>& list, const std::string& name, GLint size, GLenum type) {
    for (const Active& a : list)
      if (a.name == name) return a.size == size && a.type == type;
    return false;
  }

  std::vector<GLuint> textures_;
};

TEST_F(OpaqueStructMemberTest, StructMemberSamplerIsAUniformOfItsOwn) {
  solid_texture(3, {0, 255, 0, 255});
  const GLuint p = link(kUvVs, R"(#version 330 core
struct S { vec4 scale; sampler2D tex; };
uniform mat4 first;  // takes locations before the struct's members
uniform S s;
in vec2 uv;
out vec4 result;
void main() { result = texture(s.tex, uv) * s.scale * first[0].x; })");
  ASSERT_NE(p, 0u);
  const auto list = active_uniforms(p);
  EXPECT_TRUE(has(list, "s.tex", 1, GL_SAMPLER_2D));
  EXPECT_TRUE(has(list, "s.scale", 1, GL_FLOAT_VEC4));
  EXPECT_EQ(list.size(), 3u);
  glUseProgram(p);
  const GLint tex = glGetUniformLocation(p, "s.tex");
  ASSERT_GE(tex, 0);
  EXPECT_NE(tex, glGetUniformLocation(p, "s.scale"));
  glUniform1i(tex, 3);
  glUniform4f(glGetUniformLocation(p, "s.scale"), 1, 1, 1, 1);
  const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  glUniformMatrix4fv(glGetUniformLocation(p, "first"), 1, GL_FALSE, identity);
  EXPECT_EQ(draw(p), (Rgba{0, 255, 0, 255}));
  GLint unit = -1;
  glGetUniformiv(p, tex, &unit);
  EXPECT_EQ(unit, 3);
  glDeleteProgram(p);
}

// Each element of an array of structs has its own sampler uniform (GL 4.6 7.3.1.1), read by a
// constant index and by a (dynamically uniform) variable one.
TEST_F(OpaqueStructMemberTest, ArrayOfStructsGivesEachElementItsSampler) {
  solid_texture(1, {255, 0, 0, 255});
  solid_texture(2, {0, 0, 255, 255});
  const GLuint p = link(kUvVs, R"(#version 400 core
struct S { float f; sampler2D tex; };
uniform S s[2];
uniform int n;
in vec2 uv;
out vec4 result;
void main() { result = n < 0 ? texture(s[1].tex, uv) * s[1].f : texture(s[n].tex, uv) * s[n].f; })");
  ASSERT_NE(p, 0u);
  const auto list = active_uniforms(p);
  EXPECT_TRUE(has(list, "s[0].tex", 1, GL_SAMPLER_2D));
  EXPECT_TRUE(has(list, "s[1].tex", 1, GL_SAMPLER_2D));
  EXPECT_TRUE(has(list, "s[1].f", 1, GL_FLOAT));
  glUseProgram(p);
  const GLint t0 = glGetUniformLocation(p, "s[0].tex"), t1 = glGetUniformLocation(p, "s[1].tex");
  ASSERT_GE(t0, 0);
  ASSERT_GE(t1, 0);
  EXPECT_NE(t0, t1);
  glUniform1i(t0, 1);
  glUniform1i(t1, 2);
  glUniform1f(glGetUniformLocation(p, "s[0].f"), 1.0f);
  glUniform1f(glGetUniformLocation(p, "s[1].f"), 1.0f);
  glUniform1i(glGetUniformLocation(p, "n"), -1);
  EXPECT_EQ(draw(p), (Rgba{0, 0, 255, 255}));  // s[1]: unit 2
  glUniform1i(glGetUniformLocation(p, "n"), 0);
  EXPECT_EQ(draw(p), (Rgba{255, 0, 0, 255}));  // s[0]: unit 1
  GLint unit = -1;
  glGetUniformiv(p, t1, &unit);
  EXPECT_EQ(unit, 2);
  glDeleteProgram(p);
}

// A struct inside a struct, holding a sampler array: "o.in[1].t[0]" is one uniform of 2 elements.
TEST_F(OpaqueStructMemberTest, NestedStructSamplerArraysAreNamedByTheirPath) {
  solid_texture(4, {255, 255, 0, 255});
  solid_texture(5, {0, 255, 255, 255});
  const GLuint p = link(kUvVs, R"(#version 330 core
struct Inner { sampler2D t[2]; };
struct Outer { float k; Inner in_[2]; };
uniform Outer o;
in vec2 uv;
out vec4 result;
void main() { result = texture(o.in_[1].t[1], uv) * o.k; })");
  ASSERT_NE(p, 0u);
  const auto list = active_uniforms(p);
  EXPECT_TRUE(has(list, "o.in_[0].t[0]", 2, GL_SAMPLER_2D));
  EXPECT_TRUE(has(list, "o.in_[1].t[0]", 2, GL_SAMPLER_2D));
  EXPECT_TRUE(has(list, "o.k", 1, GL_FLOAT));
  glUseProgram(p);
  // Every element names a texture of its own (unit 0 holds the framebuffer's).
  const GLint units[2] = {4, 5}, swapped[2] = {5, 4};
  glUniform1iv(glGetUniformLocation(p, "o.in_[1].t[0]"), 2, units);
  glUniform1iv(glGetUniformLocation(p, "o.in_[0].t[0]"), 2, swapped);
  glUniform1f(glGetUniformLocation(p, "o.k"), 1.0f);
  EXPECT_EQ(draw(p), (Rgba{0, 255, 255, 255}));  // o.in_[1].t[1]: unit 5
  GLint unit = -1;
  glGetUniformiv(p, glGetUniformLocation(p, "o.in_[1].t[1]"), &unit);
  EXPECT_EQ(unit, 5);
  glDeleteProgram(p);
}

// Structs with sampler members passed to functions, whole and as a nested member.
TEST_F(OpaqueStructMemberTest, StructsWithSamplersPassToFunctions) {
  solid_texture(6, {255, 0, 255, 255});
  const GLuint p = link(kUvVs, R"(#version 330 core
struct A { sampler2D t; };
struct B { float k; A a; };
uniform B b;
in vec2 uv;
out vec4 result;
vec4 sample_a(A x, vec2 c) { return texture(x.t, c); }
vec4 sample_b(in B y, vec2 c);
void main() { result = sample_b(b, uv); }
vec4 sample_b(in B y, vec2 c) { return sample_a(y.a, c) * y.k; })");
  ASSERT_NE(p, 0u);
  const auto list = active_uniforms(p);
  EXPECT_TRUE(has(list, "b.a.t", 1, GL_SAMPLER_2D));
  EXPECT_TRUE(has(list, "b.k", 1, GL_FLOAT));
  EXPECT_EQ(list.size(), 2u);
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "b.a.t"), 6);
  glUniform1f(glGetUniformLocation(p, "b.k"), 1.0f);
  EXPECT_EQ(draw(p), (Rgba{255, 0, 255, 255}));
  glDeleteProgram(p);
}

}  // namespace
}  // namespace glvk::test
