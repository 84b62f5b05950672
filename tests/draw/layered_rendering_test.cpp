// Layered rendering (GL 4.6 9.8, 11.3.4.6): a framebuffer whose attachment is a whole array, cube
// map or 3D level (glFramebufferTexture) draws into the layer each primitive's gl_Layer selects.
// A geometry shader emits the full-screen triangle once per layer with a colour of its own; each
// layer is then read back on its own through glFramebufferTextureLayer (faces: glFramebufferTexture2D).
#include <gtest/gtest.h>

#include <string>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr const char* kLayerGs = R"(#version 150
layout(triangles) in;
layout(triangle_strip, max_vertices = 18) out;
uniform int layers;
out vec4 colour;
void main() {
  for (int l = 0; l < layers; ++l) {
    for (int v = 0; v < 3; ++v) {
      gl_Layer = l;
      gl_Position = gl_in[v].gl_Position;
      colour = vec4(float(32 * l + 16) / 255.0, float(255 - 32 * l) / 255.0, 0.0, 1.0);
      EmitVertex();
    }
    EndPrimitive();
  }
})";

constexpr const char* kColourFs = R"(#version 150
in vec4 colour;
out vec4 result;
void main() { result = colour; })";

class LayeredRenderingTest : public DrawTest {
 protected:
  // Draws into every layer of `texture` attached layered, then checks each layer's centre pixel.
  void draw_and_check(GLuint texture, int layers, bool cube = false) {
    GLuint fb = 0;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, texture, 0);
    ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    const GLuint vs = compile(GL_VERTEX_SHADER, kPositionVs), gs = compile(GL_GEOMETRY_SHADER, kLayerGs),
                 fs = compile(GL_FRAGMENT_SHADER, kColourFs);
    const GLuint p = glCreateProgram();
    for (GLuint s : {vs, gs, fs}) glAttachShader(p, s);
    glLinkProgram(p);
    GLint linked = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &linked);
    ASSERT_TRUE(linked) << info_log(p, true);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "layers"), layers);
    positions({-1, -1, 3, -1, -1, 3});
    glDrawArrays(GL_TRIANGLES, 0, 3);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    for (int l = 0; l < layers; ++l) {
      if (cube)  // a cube map's face is attached as a 2D image
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + l), texture, 0);
      else
        glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, texture, 0, l);
      EXPECT_EQ(pixel(kSize / 2, kSize / 2), (Rgba{std::uint8_t(32 * l + 16), std::uint8_t(255 - 32 * l), 0, 255}))
          << "layer " << l;
    }
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
};

TEST_F(LayeredRenderingTest, ArrayLayers) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D_ARRAY, t);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, kSize, kSize, 3);
  draw_and_check(t, 3);
}

TEST_F(LayeredRenderingTest, ThreeDimensionalSlices) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_3D, t);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA8, kSize, kSize, 4);
  draw_and_check(t, 4);
}

TEST_F(LayeredRenderingTest, CubeMapFaces) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_CUBE_MAP, t);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, kSize, kSize);
  draw_and_check(t, 6, true);
}

}  // namespace
}  // namespace glvk::test
