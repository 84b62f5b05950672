// Shared by the drawing integration tests: program building, and a fixture drawing into a
// kSize x kSize RGBA8 texture through a framebuffer object with a vertex array bound.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gl_fixture.h"
#include "gl_programs.h"

namespace glvk::test {

constexpr int kSize = 32;

constexpr const char* kPositionVs = R"(#version 330 core
layout(location = 0) in vec2 position;
void main() { gl_Position = vec4(position, 0.0, 1.0); })";

constexpr const char* kColorFs = R"(#version 330 core
uniform vec4 color;
out vec4 result;
void main() { result = color; })";

// A colour per vertex from attribute 1, passed through to the fragment.
constexpr const char* kColourAttributeVs = R"(#version 330 core
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 colour;
out vec4 c;
void main() { gl_Position = vec4(position, 0.0, 1.0); c = colour; })";

constexpr const char* kColourVaryingFs = R"(#version 330 core
in vec4 c;
out vec4 result;
void main() { result = c; })";

class DrawTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    glGenTextures(1, &target_);
    glBindTexture(GL_TEXTURE_2D, target_);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kSize, kSize);
    glGenFramebuffers(1, &fbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target_, 0);
    glViewport(0, 0, kSize, kSize);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glGenVertexArrays(1, &vao_);
    glBindVertexArray(vao_);
    glGenBuffers(1, &vbo_);
  }

  // Uploads 2D positions to the array buffer as attribute 0.
  void positions(const std::vector<float>& xy) {
    glBindBuffer(GL_ARRAY_BUFFER, vbo_);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(xy.size() * sizeof(float)), xy.data(), GL_STATIC_DRAW);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
    glEnableVertexAttribArray(0);
  }

  std::array<std::uint8_t, 4> pixel(int x, int y) {
    std::array<std::uint8_t, 4> p{};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.data());
    return p;
  }

  GLuint color_program() {
    const GLuint p = link(kPositionVs, kColorFs);
    glUseProgram(p);
    return p;
  }

  void set_color(GLuint program, float r, float g, float b, float a) {
    glUniform4f(glGetUniformLocation(program, "color"), r, g, b, a);
  }

  GLuint target_ = 0, fbo_ = 0, vao_ = 0, vbo_ = 0;
};

using Rgba = std::array<std::uint8_t, 4>;

}  // namespace glvk::test
