// Explicit uniform locations (GL 4.3 7.3.1 / ARB_explicit_uniform_location): layout(location = L)
// puts a uniform's elements at L, L+1, ...; the others take the free locations; two uniforms whose
// ranges overlap fail to link; an unused uniform keeps its locations reserved.
#include "draw_helpers.h"

namespace glvk::test {
namespace {

GLint linked(GLuint program) {
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  return ok;
}

TEST_F(DrawTest, UniformsTakeTheirExplicitLocations) {
  GLint max_locations = 0;
  glGetIntegerv(GL_MAX_UNIFORM_LOCATIONS, &max_locations);
  EXPECT_GE(max_locations, 1024);  // GL 4.6 table 23.67
  EXPECT_TRUE(has_extension("GL_ARB_explicit_uniform_location"));
  const GLuint p = link(kPositionVs, R"(#version 430
layout(location = 3) uniform vec4 a;
layout(location = 0) uniform float b[2];
uniform float c;
layout(location = 9) uniform sampler2D s;
layout(location = 1000) uniform float far_away;
out vec4 o;
void main() { o = vec4(a.x, b[1], c, far_away) + 0.0 * texture(s, vec2(0.5)); })");
  ASSERT_TRUE(linked(p));
  EXPECT_EQ(glGetUniformLocation(p, "a"), 3);
  EXPECT_EQ(glGetUniformLocation(p, "b"), 0);
  EXPECT_EQ(glGetUniformLocation(p, "b[1]"), 1);
  EXPECT_EQ(glGetUniformLocation(p, "c"), 2);  // the first location no explicit uniform holds
  EXPECT_EQ(glGetUniformLocation(p, "s"), 9);
  EXPECT_EQ(glGetUniformLocation(p, "far_away"), 1000);
  EXPECT_EQ(glGetUniformLocation(p, "b[01]"), -1);  // GLSL writes no leading zero
  glUseProgram(p);
  // Set by location alone, as programs using explicit locations do; read back by drawing.
  glUniform4f(3, 0.2f, 0, 0, 0);
  glUniform1f(1, 0.4f);
  glUniform1f(2, 0.6f);
  glUniform1f(1000, 0.8f);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(8, 8), (Rgba{51, 102, 153, 204}));
}

TEST_F(DrawTest, OverlappingExplicitUniformLocationsFailToLink) {
  // b's two elements take 4 and 5: a at 5 overlaps, in one stage or across two.
  const char* fs = "#version 430\nlayout(location = 4) uniform float b[2];\nlayout(location = 5) uniform float a;\n"
                   "out vec4 o;\nvoid main() { o = vec4(b[0] + a); }\n";
  EXPECT_FALSE(linked(vertex_fragment_program(kPositionVs, fs)));
  const GLuint across = vertex_fragment_program(
      "#version 430\nlayout(location = 0) in vec2 position;\nlayout(location = 5) uniform float a;\n"
      "void main() { gl_Position = vec4(position, a, 1.0); }\n",
      "#version 430\nlayout(location = 4) uniform float b[2];\nout vec4 o;\nvoid main() { o = vec4(b[0]); }\n");
  EXPECT_FALSE(linked(across));
  // An unused uniform still holds its location (whether GL lists it as active or not): the
  // automatic one goes past it.
  const GLuint reserved = link(kPositionVs, "#version 430\nlayout(location = 0) uniform float unused;\n"
                                            "uniform float used;\nout vec4 o;\nvoid main() { o = vec4(used); }\n");
  EXPECT_EQ(glGetUniformLocation(reserved, "used"), 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
