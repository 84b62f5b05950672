// gl_CullDistance (GL 4.5, GL_ARB_cull_distance) and what a fragment shader reads of the clip and
// cull distances. Expected pixels from the spec's rules: a primitive is culled when one cull
// distance is negative at every vertex (GL 4.6 13.7.1), and is otherwise drawn whole, unclipped.
#include <string>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr const char* kGreenFs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

// GL 4.6 table 23.66: at least 8 of each (lavapipe: maxCullDistances and
// maxCombinedClipAndCullDistances are 8); the extension names what GL 4.5 has.
TEST_F(DrawTest, CullDistanceLimitsAreAnswered) {
  GLint cull = 0, combined = 0;
  glGetIntegerv(GL_MAX_CULL_DISTANCES, &cull);
  glGetIntegerv(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES, &combined);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(cull, 8);
  EXPECT_EQ(combined, 8);
  EXPECT_TRUE(has_extension("GL_ARB_cull_distance"));
}

// The left triangle's distance is negative at all three vertices: culled. The right one's is
// negative at one vertex only: drawn whole, including where the interpolated distance is negative
// (a clip distance would cut that part away). Written from a GLSL 1.50 shader enabling the
// extension, as legacy programs do.
TEST_F(DrawTest, CullDistancesCullWholePrimitivesOnly) {
  const GLuint p = link("#version 150\n#extension GL_ARB_cull_distance : enable\n"
                        "#extension GL_ARB_explicit_attrib_location : enable\n"
                        "layout(location = 0) in vec2 position;\nlayout(location = 1) in float distance;\n"
                        "out float gl_CullDistance[1];\n"
                        "void main() { gl_Position = vec4(position, 0.0, 1.0); gl_CullDistance[0] = distance; }\n",
                        kGreenFs);
  glUseProgram(p);
  // Left half: x in [-1, 0]; right half: x in [0, 1]; both cover y in [-1, 1].
  positions({-1, -1, 0, -1, -1, 3, 0, -1, 2, -1, 0, 3});
  const float distances[] = {-1, -1, -1, -1, 1, 1};
  GLuint buffer = 0;
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, sizeof distances, distances, GL_STATIC_DRAW);
  glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(4, 4), (Rgba{0, 0, 0, 0})) << "culled";
  // Near the right triangle's (0, -1) corner, where its distance is about -1.
  EXPECT_EQ(pixel(17, 1), (Rgba{0, 255, 0, 255})) << "drawn whole";
  glDeleteBuffers(1, &buffer);
}

// A fragment shader reads the cull distances the vertex shader wrote (interpolated; constant
// here), and the clip distances of disabled CLIP_DISTANCEi too: GL leaves those undefined, Mesa
// llvmpipe and zink give the written values (piglit's fs-cull-and-clip-distance-different), and a
// value that clips nothing stays as written on glvk. 0.2 and 0.6 are 51 and 153 of 255.
TEST_F(DrawTest, FragmentShadersReadTheDistancesWritten) {
  const GLuint p = link("#version 150\n#extension GL_ARB_cull_distance : enable\nin vec2 position;\n"
                        "out float gl_ClipDistance[1];\nout float gl_CullDistance[1];\n"
                        "void main() { gl_Position = vec4(position, 0.0, 1.0); gl_ClipDistance[0] = 0.6;"
                        " gl_CullDistance[0] = 0.2; }\n",
                        "#version 150\n#extension GL_ARB_cull_distance : enable\n"
                        "in float gl_ClipDistance[1];\nin float gl_CullDistance[1];\nout vec4 o;\n"
                        "void main() { o = vec4(gl_CullDistance[0], gl_ClipDistance[0], 0.0, 1.0); }\n");
  glUseProgram(p);
  positions({-1, -1, 3, -1, -1, 3});
  for (const bool enabled : {false, true}) {
    if (enabled) glEnable(GL_CLIP_DISTANCE0);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_EQ(pixel(16, 16), (Rgba{51, 153, 0, 255})) << "CLIP_DISTANCE0 " << enabled;
  }
  glDisable(GL_CLIP_DISTANCE0);
  // Only the cull distance written: glslang's GLSL 4.50 gl_PerVertex still declares a
  // gl_ClipDistance[1], which must not become a clip distance the stage writes.
  const GLuint cull_only = link("#version 450\nlayout(location = 0) in vec2 position;\n"
                                "void main() { gl_Position = vec4(position, 0.0, 1.0); gl_CullDistance[0] = 0.2; }\n",
                                "#version 450\nin float gl_CullDistance[1];\nout vec4 o;\n"
                                "void main() { o = vec4(gl_CullDistance[0], 0.0, 0.0, 1.0); }\n");
  glUseProgram(cull_only);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 16), (Rgba{51, 0, 0, 255}));
}

}  // namespace
}  // namespace glvk::test
