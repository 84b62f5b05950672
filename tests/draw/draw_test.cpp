// Drawing through the real dispatch on lavapipe with validation: GLSL programs, vertex arrays,
// uniforms, textures, depth, blending, culling, primitive lowering and the draw errors. Expected
// pixels come from the geometry and the GL spec's formulas, computed here independently.
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

TEST_F(DrawTest, TriangleCoversExactlyThePixelCentresInsideIt) {
  const GLuint p = color_program();
  set_color(p, 1, 0, 0, 1);
  // The lower-left half of the viewport: x + y < 0 in NDC, i.e. window x + y < 32.
  positions({-1, -1, 1, -1, -1, 1});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Pixel centres (x + 0.5, y + 0.5) strictly inside the edge x + y = 32 are covered (GL 4.6
  // 14.6.1); centres on the edge are left to the tie-break rule, so they are not checked.
  for (int y = 0; y < kSize; y += 3)
    for (int x = 0; x < kSize; x += 3) {
      const double s = x + 0.5 + y + 0.5;
      if (std::abs(s - kSize) < 0.01) continue;
      const Rgba expected = s < kSize ? Rgba{255, 0, 0, 255} : Rgba{0, 0, 0, 0};
      EXPECT_EQ(pixel(x, y), expected) << x << "," << y;
    }
}

TEST_F(DrawTest, WindowOriginIsLowerLeft) {
  const GLuint p = color_program();
  set_color(p, 0, 1, 0, 1);
  // The bottom quarter of NDC (y < -0.5) is rows 0..7 of the framebuffer as glReadPixels sees them.
  positions({-1, -1, 1, -1, -1, -0.5f, 1, -1, 1, -0.5f, -1, -0.5f});
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(5, 2), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(pixel(5, 7), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(pixel(5, 8), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(pixel(5, 30), (Rgba{0, 0, 0, 0}));
}

TEST_F(DrawTest, CullFaceFollowsGlWinding) {
  const GLuint p = color_program();
  set_color(p, 0, 0, 1, 1);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  // Counter-clockwise in GL's window coordinates (y up): front-facing, drawn.
  positions({-1, -1, 0, -1, -1, 0});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  // Clockwise: back-facing, culled.
  positions({0, 0, 1, 1, 1, 0});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(3, 3), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(pixel(28, 20), (Rgba{0, 0, 0, 0}));
  // With GL_CW as the front face the roles swap.
  glClear(GL_COLOR_BUFFER_BIT);
  glFrontFace(GL_CW);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(28, 20), (Rgba{0, 0, 255, 255}));
}

TEST_F(DrawTest, VertexColoursInterpolateAndUniformsChangeBetweenDraws) {
  const GLuint p = link(R"(#version 330 core
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 colour;
uniform vec2 offset;
out vec4 v_colour;
void main() { gl_Position = vec4(position + offset, 0.0, 1.0); v_colour = colour; })",
                        R"(#version 330 core
in vec4 v_colour;
out vec4 result;
void main() { result = v_colour; })");
  glUseProgram(p);
  // One quad (two triangles) over the left half, all vertices the same colour given as bytes.
  positions({-1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1});
  GLuint colours;
  glGenBuffers(1, &colours);
  glBindBuffer(GL_ARRAY_BUFFER, colours);
  const std::uint8_t c[] = {10, 20, 30, 255, 10, 20, 30, 255, 10, 20, 30, 255,
                            10, 20, 30, 255, 10, 20, 30, 255, 10, 20, 30, 255};
  glBufferData(GL_ARRAY_BUFFER, sizeof c, c, GL_STATIC_DRAW);
  glVertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glEnableVertexAttribArray(1);
  const GLint offset = glGetUniformLocation(p, "offset");
  glUniform2f(offset, 0, 0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUniform2f(offset, 1, 0);  // the same quad moved to the right half
  glVertexAttrib4f(1, 1, 0.5f, 0.25f, 1);
  glDisableVertexAttribArray(1);  // now the current value feeds every vertex
  glDrawArrays(GL_TRIANGLES, 0, 6);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(8, 16), (Rgba{10, 20, 30, 255}));
  // 0.5 and 0.25 in unorm8: round(127.5) and round(63.75) (GL 4.6 2.3.5.2: either neighbour of .5).
  const Rgba right = pixel(24, 16);
  EXPECT_EQ(right[0], 255);
  EXPECT_TRUE(right[1] == 127 || right[1] == 128) << int(right[1]);
  EXPECT_EQ(right[2], 64);
}

TEST_F(DrawTest, DepthTestKeepsTheNearerSurfaceWhateverTheOrder) {
  GLuint depth;
  glGenRenderbuffers(1, &depth);
  glBindRenderbuffer(GL_RENDERBUFFER, depth);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, kSize, kSize);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  const GLuint p = link(R"(#version 330 core
layout(location = 0) in vec2 position;
uniform float z;
void main() { gl_Position = vec4(position, z, 1.0); })",
                        kColorFs);
  glUseProgram(p);
  positions({-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1});
  // Near (z = -0.5, window depth 0.25) first, then far (z = 0.5, depth 0.75): the near one stays.
  glUniform1f(glGetUniformLocation(p, "z"), -0.5f);
  set_color(p, 1, 0, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUniform1f(glGetUniformLocation(p, "z"), 0.5f);
  set_color(p, 0, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(16, 16), (Rgba{255, 0, 0, 255}));
  // The depth buffer holds GL's window depth (z + 1) / 2 = 0.25 (GL 4.6 13.8.1).
  float d = 0;
  glReadPixels(16, 16, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
  EXPECT_NEAR(d, 0.25, 1.0 / (1 << 24) * 2);
  // GL_GREATER lets the far one through.
  glDepthFunc(GL_GREATER);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 255, 0, 255}));
}

TEST_F(DrawTest, BlendingMixesWithTheFramebuffer) {
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint p = color_program();
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  set_color(p, 1, 0, 0, 0.25f);
  positions({-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1});
  glDrawArrays(GL_TRIANGLES, 0, 6);
  // (1, 0, 0) * 0.25 + (0, 0, 1) * 0.75; alpha 0.25 * 0.25 + 1 * 0.75 = 0.8125 (GL 4.6 17.3.6).
  const Rgba out = pixel(10, 10);
  EXPECT_NEAR(out[0], 0.25 * 255, 1);
  EXPECT_EQ(out[1], 0);
  EXPECT_NEAR(out[2], 0.75 * 255, 1);
  EXPECT_NEAR(out[3], 0.8125 * 255, 1);
}

// A colour buffer without alpha (GL_RGB8) has destination alpha 1 whatever its storage keeps (GL 4.6
// 17.3.6: "if the framebuffer has no alpha, Ad is 1"): GL_DST_ALPHA blends as ONE, GL_ONE_MINUS_DST_ALPHA
// as ZERO, GL_SRC_ALPHA_SATURATE as min(As, 0) = 0; found by the shadow-check layer (radeonsi's CB
// forces destination alpha to 1 for such a surface, the Vulkan attachment stores an alpha channel).
TEST_F(DrawTest, FormatsWithoutAlphaBlendWithDestinationAlphaOne) {
  GLuint rgb = 0, fbo = 0;
  glGenTextures(1, &rgb);
  glBindTexture(GL_TEXTURE_2D, rgb);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGB8, kSize, kSize);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rgb, 0);
  const GLuint p = link(kPositionVs, kColorFs);
  glUseProgram(p);
  positions({-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1});
  // An alpha of 0 written unblended: whatever the storage keeps of it, Ad stays 1.
  set_color(p, 0.5f, 0, 0, 0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA, GL_ONE, GL_ZERO);
  set_color(p, 0, 1, 0, 0.5f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  Rgba out = pixel(10, 10);
  EXPECT_EQ(out[0], 0);  // Cd * (1 - Ad) = 0
  EXPECT_EQ(out[1], 255);  // Cs * Ad
  EXPECT_EQ(out[3], 255);  // the alpha of an RGB buffer reads as 1
  glBlendFunc(GL_SRC_ALPHA_SATURATE, GL_ONE);
  set_color(p, 0, 0, 1, 1);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  out = pixel(10, 10);
  EXPECT_EQ(out[1], 255);
  EXPECT_EQ(out[2], 0);  // Cs * min(As, 1 - Ad) = 0
  glDisable(GL_BLEND);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &rgb);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(DrawTest, TexturesAreSampledWithTheirFilters) {
  GLuint t;
  glGenTextures(1, &t);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D, t);
  // 2x2 texels: red, green (bottom row), blue, white (top row).
  const std::uint8_t texels[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glActiveTexture(GL_TEXTURE0);
  const GLuint p = link(R"(#version 330 core
layout(location = 0) in vec2 position;
out vec2 uv;
void main() { gl_Position = vec4(position, 0.0, 1.0); uv = position * 0.5 + 0.5; })",
                        R"(#version 330 core
uniform sampler2D image;
in vec2 uv;
out vec4 result;
void main() { result = texture(image, uv); })");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "image"), 3);
  positions({-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1});
  glDrawArrays(GL_TRIANGLES, 0, 6);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(4, 4), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(pixel(28, 4), (Rgba{0, 255, 0, 255}));
  EXPECT_EQ(pixel(4, 28), (Rgba{0, 0, 255, 255}));
  EXPECT_EQ(pixel(28, 28), (Rgba{255, 255, 255, 255}));
  // An incomplete texture (mipmap filter, one level) samples (0, 0, 0, 1) (GL 4.6 11.1.3.5).
  glActiveTexture(GL_TEXTURE3);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(4, 4), (Rgba{0, 0, 0, 255}));
}

// Multisample textures have no mipmaps and no filtering: texelFetch reads the sample it names
// whatever the texture's (or a bound sampler object's) filters say (GL 4.6 8.14.2, 8.17), integer
// formats too. The default MIN_FILTER, NEAREST_MIPMAP_LINEAR, once made them read as incomplete
// textures: zeros.
TEST_F(DrawTest, MultisampleTexturesAreFetchedWhateverTheFilters) {
  GLuint textures[2], fbo;
  glGenTextures(2, textures);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glActiveTexture(GL_TEXTURE2);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, textures[0]);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, kSize, kSize, GL_TRUE);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, textures[0], 0);
  const GLfloat green[] = {0.0f, 1.0f, 0.0f, 1.0f};
  glClearBufferfv(GL_COLOR, 0, green);
  glActiveTexture(GL_TEXTURE3);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, textures[1]);
  glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8UI, kSize, kSize, GL_TRUE);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, textures[1], 0);
  const GLuint seven[] = {7, 0, 0, 0};
  glClearBufferuiv(GL_COLOR, 0, seven);
  glActiveTexture(GL_TEXTURE0);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  const GLuint p = link(kPositionVs, R"(#version 330 core
uniform sampler2DMS colour;
uniform usampler2DMS number;
out vec4 result;
void main() {
  ivec2 at = ivec2(gl_FragCoord.xy);
  result = texelFetch(number, at, 1).r == 7u ? texelFetch(colour, at, 3) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "colour"), 2);
  glUniform1i(glGetUniformLocation(p, "number"), 3);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(5, 7), (Rgba{0, 255, 0, 255}));
  // A sampler object with a mipmap filter on the unit changes nothing either.
  GLuint sampler;
  glGenSamplers(1, &sampler);
  glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  glBindSampler(2, sampler);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(30, 1), (Rgba{0, 255, 0, 255}));
  glBindSampler(2, 0);
  glDeleteSamplers(1, &sampler);
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(2, textures);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// An incomplete or missing texture reads (0, 0, 0, 1) in the sampler's own kind of number (GL 4.6
// 11.1.3.5), multisample samplers included; and a multisample array texture is read, not taken for
// a missing one. (Vulkan needs the stand-in's numeric type and sample count to be the sampler's:
// an RGBA8 UNORM single-sampled stand-in for all of them was invalid Vulkan.)
TEST_F(DrawTest, IncompleteTexturesReadZeroZeroZeroOneInTheSamplersKind) {
  GLuint empty, layered, fbo;
  glGenTextures(1, &empty);
  glGenTextures(1, &layered);
  glGenFramebuffers(1, &fbo);
  glActiveTexture(GL_TEXTURE4);
  glBindTexture(GL_TEXTURE_2D, empty);  // no image: incomplete
  glActiveTexture(GL_TEXTURE6);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, layered);
  glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, kSize, kSize, 2, GL_TRUE);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, layered, 0, 1);
  const GLfloat blue[] = {0.0f, 0.0f, 1.0f, 1.0f};
  glClearBufferfv(GL_COLOR, 0, blue);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  glActiveTexture(GL_TEXTURE0);
  const GLuint p = link(kPositionVs, R"(#version 330 core
uniform usampler2D u;        // unit 4: a texture without images
uniform isampler2DMS m;      // unit 5: the default multisample texture, no image
uniform sampler2DMSArray a;  // unit 6: layer 1 cleared to blue
out vec4 result;
void main() {
  bool ok = texture(u, vec2(0.5)) == uvec4(0u, 0u, 0u, 1u) && texelFetch(m, ivec2(0), 1) == ivec4(0, 0, 0, 1) &&
            texelFetch(a, ivec3(ivec2(gl_FragCoord.xy), 1), 2) == vec4(0.0, 0.0, 1.0, 1.0);
  result = ok ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(p);
  glUniform1i(glGetUniformLocation(p, "u"), 4);
  glUniform1i(glGetUniformLocation(p, "m"), 5);
  glUniform1i(glGetUniformLocation(p, "a"), 6);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(3, 29), (Rgba{0, 255, 0, 255}));
  glDeleteFramebuffers(1, &fbo);
  glDeleteTextures(1, &layered);
  glDeleteTextures(1, &empty);
}

TEST_F(DrawTest, SamplerObjectsReplaceTheTexturesSamplerState) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  const std::uint8_t texels[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  // The texture's own state is incomplete (a mipmap filter with one level); the sampler's is not.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  GLuint sampler;
  glGenSamplers(1, &sampler);
  glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindSampler(0, sampler);
  const GLuint p = link(R"(#version 330 core
layout(location = 0) in vec2 position;
out vec2 uv;
void main() { gl_Position = vec4(position, 0.0, 1.0); uv = position * 0.5 + 0.5; })",
                        R"(#version 330 core
uniform sampler2D image;
in vec2 uv;
out vec4 result;
void main() { result = texture(image, uv); })");
  glUseProgram(p);
  positions({-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1});
  glDrawArrays(GL_TRIANGLES, 0, 6);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(4, 4), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(pixel(28, 28), (Rgba{255, 255, 255, 255}));
  glBindSampler(0, 0);  // back to the texture's own (incomplete) state: (0, 0, 0, 1)
  glDrawArrays(GL_TRIANGLES, 0, 6);
  EXPECT_EQ(pixel(4, 4), (Rgba{0, 0, 0, 255}));

  GLint value = 0;
  glGetSamplerParameteriv(sampler, GL_TEXTURE_MIN_FILTER, &value);
  EXPECT_EQ(value, GL_NEAREST);
  glGetSamplerParameteriv(sampler, GL_TEXTURE_WRAP_R, &value);
  EXPECT_EQ(value, GL_REPEAT);  // table 23.18's initial value
  glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glSamplerParameteri(sampler, GL_TEXTURE_BASE_LEVEL, 1);  // texture state, not sampler state
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glSamplerParameterf(sampler, GL_TEXTURE_MAX_ANISOTROPY, 0.5f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindSampler(1000, sampler);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindSampler(0, 12345);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(glIsSampler(sampler), GL_TRUE);
  glDeleteSamplers(1, &sampler);
  EXPECT_EQ(glIsSampler(sampler), GL_FALSE);
}

TEST_F(DrawTest, IndexedDrawsReadTheElementBufferOfTheVertexArray) {
  const GLuint p = color_program();
  set_color(p, 1, 1, 0, 1);
  // Four corners of the right half; two triangles by index.
  positions({0, -1, 1, -1, 1, 1, 0, 1});
  GLuint elements;
  glGenBuffers(1, &elements);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, elements);
  const GLushort indices[] = {0, 1, 2, 0, 2, 3};
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
  // The element buffer binding is vertex array state: another VAO does not see it.
  GLuint other;
  glGenVertexArrays(1, &other);
  glBindVertexArray(other);
  GLint bound = -1;
  glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, 0);
  glBindVertexArray(vao_);
  glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &bound);
  EXPECT_EQ(bound, GLint(elements));
  glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(24, 16), (Rgba{255, 255, 0, 255}));
  EXPECT_EQ(pixel(8, 16), (Rgba{0, 0, 0, 0}));
}

TEST_F(DrawTest, UniformBlocksReadTheBoundBufferRange) {
  const GLuint p = link(kPositionVs, R"(#version 330 core
layout(std140) uniform Colours { vec4 first; vec4 second; };
out vec4 result;
void main() { result = second; })");
  glUseProgram(p);
  const GLuint block = glGetUniformBlockIndex(p, "Colours");
  ASSERT_NE(block, GL_INVALID_INDEX);
  GLint size = 0;
  glGetActiveUniformBlockiv(p, block, GL_UNIFORM_BLOCK_DATA_SIZE, &size);
  EXPECT_EQ(size, 32);  // two vec4s under std140
  glUniformBlockBinding(p, block, 5);
  // The block's data at offset 256 of the buffer (UNIFORM_BUFFER_OFFSET_ALIGNMENT is at most 256).
  std::vector<float> data(64 + 8, 0.0f);
  const float second[4] = {0.0f, 1.0f, 0.0f, 1.0f};
  std::copy(second, second + 4, data.begin() + 64 + 4);
  GLuint ubo;
  glGenBuffers(1, &ubo);
  glBindBuffer(GL_UNIFORM_BUFFER, ubo);
  glBufferData(GL_UNIFORM_BUFFER, GLsizeiptr(data.size() * sizeof(float)), data.data(), GL_STATIC_DRAW);
  glBindBufferRange(GL_UNIFORM_BUFFER, 5, ubo, 256, 32);
  positions({-1, -1, 1, -1, -1, 1});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(3, 3), (Rgba{0, 255, 0, 255}));
  GLint64 start = -1, bound = -1;
  glGetInteger64i_v(GL_UNIFORM_BUFFER_START, 5, &start);
  glGetInteger64i_v(GL_UNIFORM_BUFFER_BINDING, 5, &bound);
  EXPECT_EQ(start, 256);
  EXPECT_EQ(bound, GLint64(ubo));
  glBindBufferRange(GL_UNIFORM_BUFFER, 5, ubo, 4, 32);  // misaligned offset
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindBufferBase(GL_UNIFORM_BUFFER, 1000, ubo);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(DrawTest, LimitsMeetTheSpecMinimums) {
  // GL 4.6 tables 23.51-23.70: each limit at least its minimum (texel offsets at most / least).
  const std::pair<GLenum, GLint> minimums[] = {
      {GL_MAX_VERTEX_ATTRIBS, 16},         {GL_MAX_TEXTURE_IMAGE_UNITS, 16},
      {GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 16}, {GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 80},
      {GL_MAX_UNIFORM_BUFFER_BINDINGS, 84}, {GL_MAX_UNIFORM_BLOCK_SIZE, 16384},
      {GL_MAX_VERTEX_UNIFORM_BLOCKS, 14},   {GL_MAX_FRAGMENT_UNIFORM_BLOCKS, 14},
      {GL_MAX_COMBINED_UNIFORM_BLOCKS, 70}, {GL_MAX_VERTEX_UNIFORM_COMPONENTS, 1024},
      {GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, 1024}, {GL_MAX_VARYING_COMPONENTS, 60},
      {GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64}, {GL_MAX_FRAGMENT_INPUT_COMPONENTS, 128},
      {GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256}, {GL_MAX_PATCH_VERTICES, 32},
      {GL_MAX_TESS_GEN_LEVEL, 64},          {GL_MAX_PROGRAM_TEXEL_OFFSET, 7},
      {GL_MAX_VERTEX_ATTRIB_BINDINGS, 16},  {GL_MAX_VERTEX_ATTRIB_STRIDE, 2048}};
  for (const auto& [pname, minimum] : minimums) {
    GLint value = -1;
    glGetIntegerv(pname, &value);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << pname;
    EXPECT_GE(value, minimum) << std::hex << pname;
  }
  GLint value = 0;
  glGetIntegerv(GL_MIN_PROGRAM_TEXEL_OFFSET, &value);
  EXPECT_LE(value, -8);
  glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &value);
  EXPECT_GE(value, 1);
  EXPECT_LE(value, 256);  // the table's maximum
  // Bindings.
  const GLuint p = color_program();
  glGetIntegerv(GL_CURRENT_PROGRAM, &value);
  EXPECT_EQ(value, GLint(p));
  glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &value);
  EXPECT_EQ(value, GLint(vao_));
  GLuint sampler;
  glGenSamplers(1, &sampler);
  glActiveTexture(GL_TEXTURE2);
  glBindSampler(2, sampler);
  glGetIntegerv(GL_SAMPLER_BINDING, &value);
  EXPECT_EQ(value, GLint(sampler));
  glActiveTexture(GL_TEXTURE0);
}

TEST_F(DrawTest, IndirectDrawsReadTheirCommandsFromTheBuffer) {
  const GLuint p = color_program();
  set_color(p, 1, 0, 1, 1);
  // Two triangles: the left half's lower-left one and the right half's upper-right one.
  positions({-1, -1, 0, -1, -1, 1, 1, 1, 0, 1, 1, -1});
  GLuint commands;
  glGenBuffers(1, &commands);
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, commands);
  // DrawArraysIndirectCommand {count, instanceCount, first, baseInstance}, two of them with a
  // 20-byte stride (one padding word), the first one skipped by the offset of 20 bytes.
  const GLuint words[] = {0, 0, 0, 0, 0, 3, 1, 0, 0, 0, 3, 1, 3, 0, 0};
  glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof words, words, GL_STATIC_DRAW);
  glMultiDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(20), 2, 20);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(3, 3), (Rgba{255, 0, 255, 255}));
  EXPECT_EQ(pixel(28, 28), (Rgba{255, 0, 255, 255}));
  EXPECT_EQ(pixel(28, 3), (Rgba{0, 0, 0, 0}));
  glDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(2));  // not 4-aligned
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawArraysIndirect(GL_TRIANGLES, reinterpret_cast<const void*>(48));  // past the end
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

TEST_F(DrawTest, BaseInstanceOffsetsInstancedArraysButNotInstanceId) {
  const GLuint p = link(R"(#version 330 core
layout(location = 0) in vec2 position;
layout(location = 1) in float column;  // per instance
out vec4 v_colour;
void main() {
  gl_Position = vec4(position.x + column, position.y, 0.0, 1.0);
  v_colour = vec4(float(gl_InstanceID) / 2.0, 1.0, 0.0, 1.0);
})",
                        R"(#version 330 core
in vec4 v_colour;
out vec4 result;
void main() { result = v_colour; })");
  glUseProgram(p);
  // A quad of a quarter of the width at x in [-1, -0.5]; instance i moves it by column[i].
  positions({-1, -1, -0.5f, -1, -0.5f, 1, -1, -1, -0.5f, 1, -1, 1});
  GLuint columns;
  glGenBuffers(1, &columns);
  glBindBuffer(GL_ARRAY_BUFFER, columns);
  const float column[] = {0.0f, 0.5f, 1.0f, 1.5f};
  glBufferData(GL_ARRAY_BUFFER, sizeof column, column, GL_STATIC_DRAW);
  glVertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
  glVertexAttribDivisor(1, 1);
  glEnableVertexAttribArray(1);
  // Base instance 2: instances 0 and 1 read column[2] and column[3] (GL 4.6 10.5), and their
  // gl_InstanceID is 0 and 1, without the base (11.1.3.9).
  glDrawArraysInstancedBaseInstance(GL_TRIANGLES, 0, 6, 2, 2);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(4, 16), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(pixel(12, 16), (Rgba{0, 0, 0, 0}));
  EXPECT_EQ(pixel(20, 16), (Rgba{0, 255, 0, 255}));    // column[2], gl_InstanceID 0
  const Rgba last = pixel(28, 16);                        // column[3], gl_InstanceID 1: red 0.5
  EXPECT_TRUE(last[0] == 127 || last[0] == 128) << int(last[0]);
  EXPECT_EQ(last[1], 255);
}

TEST_F(DrawTest, DrawsWithoutVertexInputs) {
  // Positions from gl_VertexID: the lower-left half triangle (formerly a validation error: the
  // dynamic vertex stride was never set when no buffer was bound).
  const GLuint p = link(R"(#version 330 core
void main() {
  const vec2 corners[3] = vec2[3](vec2(-1, -1), vec2(1, -1), vec2(-1, 1));
  gl_Position = vec4(corners[gl_VertexID], 0.0, 1.0);
})",
                        kColorFs);
  glUseProgram(p);
  set_color(p, 1, 1, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(3, 3), (Rgba{255, 255, 0, 255}));
  EXPECT_EQ(pixel(28, 28), (Rgba{0, 0, 0, 0}));
}

TEST_F(DrawTest, OutputsOfAnotherNumberKindLeaveTheirBufferAndDrawTheOthers) {
  // GL 4.6 17.4.4.3: a float output into an integer colour buffer leaves that buffer undefined;
  // the draw is legal and the matching buffer is drawn (formerly a Vulkan interface mismatch).
  GLuint integer;
  glGenTextures(1, &integer);
  glBindTexture(GL_TEXTURE_2D, integer);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8UI, kSize, kSize);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, integer, 0);
  const GLenum buffers[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, buffers);
  const GLuint p = link(kPositionVs, R"(#version 330 core
layout(location = 0) out vec4 first;
layout(location = 1) out vec4 second;
void main() { first = vec4(0.0, 0.0, 1.0, 1.0); second = vec4(1.0); })");
  glUseProgram(p);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(7, 9), (Rgba{0, 0, 255, 255}));
  glDeleteTextures(1, &integer);
}

TEST_F(DrawTest, IntegerOutputsOfTheOtherSignednessStoreTheirBits) {
  // GL 4.6 17.4.4.3 leaves an int output into a uint buffer (and the reverse) undefined; GL
  // drivers store the output's bits, and glvk does too: ivec4 into RGBA8UI, uvec4 into RGBA32I.
  GLuint textures[2];
  glGenTextures(2, textures);
  glBindTexture(GL_TEXTURE_2D, textures[0]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8UI, kSize, kSize);
  glBindTexture(GL_TEXTURE_2D, textures[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32I, kSize, kSize);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, textures[0], 0);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, textures[1], 0);
  const GLenum buffers[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, buffers);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const GLuint p = link(kPositionVs, R"(#version 330 core
layout(location = 0) out ivec4 small;
layout(location = 1) out uvec4 large;
void main() { small = ivec4(1, 200, 3, 255); large = uvec4(0x80000000u, 7u, 0xffffffffu, 12345u); })");
  glUseProgram(p);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  GLuint u[4] = {};
  glReadPixels(5, 5, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, u);
  EXPECT_EQ(u[0], 1u);
  EXPECT_EQ(u[1], 200u);
  EXPECT_EQ(u[2], 3u);
  EXPECT_EQ(u[3], 255u);
  glReadBuffer(GL_COLOR_ATTACHMENT1);
  GLint i[4] = {};
  glReadPixels(5, 5, 1, 1, GL_RGBA_INTEGER, GL_INT, i);
  EXPECT_EQ(i[0], std::numeric_limits<GLint>::min());
  EXPECT_EQ(i[1], 7);
  EXPECT_EQ(i[2], -1);
  EXPECT_EQ(i[3], 12345);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(2, textures);
}

TEST_F(DrawTest, DrawBuffersNoneAndUnwrittenBuffersAreLegal) {
  // GL 4.6 17.4.1: what a fragment writes to a draw buffer NONE goes nowhere; a buffer the shader
  // does not write keeps undefined values. Buffer 0 is NONE here, buffer 1 is drawn.
  GLuint second;
  glGenTextures(1, &second);
  glBindTexture(GL_TEXTURE_2D, second);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kSize, kSize);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, second, 0);
  const GLenum buffers[2] = {GL_NONE, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, buffers);
  const GLuint both = link(kPositionVs, R"(#version 330 core
layout(location = 0) out vec4 first;
layout(location = 1) out vec4 second;
void main() { first = vec4(1.0); second = vec4(0.0, 1.0, 0.0, 1.0); })");
  glUseProgram(both);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(pixel(4, 4), (Rgba{0, 0, 0, 0}));  // NONE: untouched
  glReadBuffer(GL_COLOR_ATTACHMENT1);
  EXPECT_EQ(pixel(4, 4), (Rgba{0, 255, 0, 255}));
  // Only location 0 written while two buffers are drawn: legal, buffer 0 gets the colour.
  const GLenum two[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
  glDrawBuffers(2, two);
  const GLuint p = color_program();
  set_color(p, 1, 0, 0, 1);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  EXPECT_EQ(pixel(4, 4), (Rgba{255, 0, 0, 255}));
  glDeleteTextures(1, &second);
}

TEST_F(DrawTest, DrawErrorsChangeNothing) {
  const GLuint p = color_program();
  set_color(p, 1, 1, 1, 1);
  positions({-1, -1, 1, -1, -1, 1});
  glDrawArrays(GL_QUADS, 0, 4);  // removed from core
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawArrays(GL_TRIANGLES, 0, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawArrays(GL_TRIANGLES, -1, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, nullptr);  // no element buffer in core
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUseProgram(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUseProgram(p);
  glBindVertexArray(0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindVertexArray(vao_);
  // An incomplete framebuffer (no attachment, no default size).
  GLuint empty;
  glGenFramebuffers(1, &empty);
  glBindFramebuffer(GL_FRAMEBUFFER, empty);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
  EXPECT_EQ(pixel(3, 3), (Rgba{0, 0, 0, 0}));
}

TEST_F(DrawTest, UniformErrors) {
  const GLuint p = color_program();
  const GLint color = glGetUniformLocation(p, "color");
  ASSERT_GE(color, 0);
  EXPECT_EQ(glGetUniformLocation(p, "missing"), -1);
  glUniform1f(-1, 2.0f);  // silently ignored
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glUniform3f(color, 1, 2, 3);  // vec4 set with three components
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUniform4i(color, 1, 2, 3, 4);  // float uniform set with integers
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUniform4f(color + 100, 1, 2, 3, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glUniform4f(color, 0.5f, 0.25f, 2.0f, -1.0f);
  float back[4] = {};
  glGetUniformfv(p, color, back);
  EXPECT_EQ(back[0], 0.5f);
  EXPECT_EQ(back[1], 0.25f);
  EXPECT_EQ(back[2], 2.0f);
  EXPECT_EQ(back[3], -1.0f);
}

TEST_F(DrawTest, CompileAndLinkErrorsReachTheInfoLogs) {
  const GLuint s = compile(GL_FRAGMENT_SHADER, "#version 330 core\nout vec4 c;\nvoid main() {\n  c = undefined_name;\n}\n");
  GLint ok = 1;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  EXPECT_EQ(ok, 0);
  char log[1024] = {};
  glGetShaderInfoLog(s, sizeof log, nullptr, log);
  EXPECT_NE(std::string(log).find("4"), std::string::npos) << log;  // the line of the error
  const GLuint p = glCreateProgram();
  glAttachShader(p, s);
  glLinkProgram(p);
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, 0);
  glUseProgram(p);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glShaderSource(p, 1, nullptr, nullptr);  // a program where a shader is expected
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glCompileShader(12345);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

// Compatibility contexts: quads and polygons, lowered to triangles with GL's provoking vertex.
class CompatibilityDrawTest : public DrawTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

TEST_F(CompatibilityDrawTest, QuadsAndFlatShadingUseTheLastVertex) {
  const GLuint p = link(R"(#version 330 core
layout(location = 0) in vec2 position;
layout(location = 1) in vec4 colour;
flat out vec4 v_colour;
void main() { gl_Position = vec4(position, 0.0, 1.0); v_colour = colour; })",
                        R"(#version 330 core
flat in vec4 v_colour;
out vec4 result;
void main() { result = v_colour; })");
  glUseProgram(p);
  positions({-1, -1, 1, -1, 1, 1, -1, 1});
  GLuint colours;
  glGenBuffers(1, &colours);
  glBindBuffer(GL_ARRAY_BUFFER, colours);
  const float c[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1};
  glBufferData(GL_ARRAY_BUFFER, sizeof c, c, GL_STATIC_DRAW);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, nullptr);
  glEnableVertexAttribArray(1);
  glDrawArrays(GL_QUADS, 0, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // GL 4.6 compatibility table 13.2: a quad's provoking vertex is its fourth; glvk, as llvmpipe,
  // keeps it in the first-vertex convention too (QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION FALSE).
  EXPECT_EQ(pixel(4, 4), (Rgba{255, 255, 255, 255}));
  EXPECT_EQ(pixel(28, 28), (Rgba{255, 255, 255, 255}));
  // A polygon's is its first, in either convention.
  glDrawArrays(GL_POLYGON, 0, 4);
  EXPECT_EQ(pixel(4, 28), (Rgba{255, 0, 0, 255}));
  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
  glDrawArrays(GL_QUADS, 0, 4);
  EXPECT_EQ(pixel(28, 4), (Rgba{255, 255, 255, 255}));
  GLboolean follows = GL_TRUE;
  glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &follows);
  EXPECT_EQ(follows, GL_FALSE);
  // Triangles do follow it: the first vertex (red) of the first triangle.
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(28, 4), (Rgba{255, 0, 0, 255}));
  glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
}

TEST_F(CompatibilityDrawTest, ClientArraysAndLineLoops) {
  const GLuint p = color_program();
  set_color(p, 0, 1, 1, 1);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  glBindVertexArray(0);  // the default vertex array of the compatibility profile
  // A loop around the pixel centres (4.5, 4.5)-(27.5, 27.5): four segments, the last closing it.
  const float square[] = {-23.0f / 32, -23.0f / 32, 23.0f / 32, -23.0f / 32, 23.0f / 32, 23.0f / 32,
                          -23.0f / 32, 23.0f / 32};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, square);
  glEnableVertexAttribArray(0);
  glDrawArrays(GL_LINE_LOOP, 0, 4);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(16, 4), (Rgba{0, 255, 255, 255}));   // bottom edge
  EXPECT_EQ(pixel(4, 16), (Rgba{0, 255, 255, 255}));   // left edge: the closing segment
  EXPECT_EQ(pixel(16, 16), (Rgba{0, 0, 0, 0}));        // inside
  // Client-memory indices.
  const GLubyte indices[] = {0, 1, 2};
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, indices);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel(20, 10), (Rgba{0, 255, 255, 255}));
  EXPECT_EQ(pixel(10, 20), (Rgba{0, 0, 0, 0}));
}

// GL 4.6 7.13 and 11.3.1: a geometry shader's layout is queried from the program, and a draw
// whose mode its input primitive does not take is an INVALID_OPERATION that draws nothing.
TEST_F(DrawTest, GeometryShaderLayoutIsQueriedAndRestrictsDrawModes) {
  const GLuint p = glCreateProgram();
  const char* gs = R"(#version 150
layout(lines) in;
layout(triangle_strip, max_vertices = 5) out;
void main() { for (int i = 0; i < 2; i++) { gl_Position = gl_in[i].gl_Position; EmitVertex(); } }
)";
  for (const auto& [type, source] : {std::pair{GLenum(GL_VERTEX_SHADER), kPositionVs}, std::pair{GLenum(GL_GEOMETRY_SHADER), gs},
                                     std::pair{GLenum(GL_FRAGMENT_SHADER), kColorFs}})
    glAttachShader(p, compile(type, source));
  glLinkProgram(p);
  GLint value = -1;
  glGetProgramiv(p, GL_LINK_STATUS, &value);
  ASSERT_EQ(value, GL_TRUE) << info_log(p, true);
  glGetProgramiv(p, GL_GEOMETRY_INPUT_TYPE, &value);
  EXPECT_EQ(value, GL_LINES);
  glGetProgramiv(p, GL_GEOMETRY_OUTPUT_TYPE, &value);
  EXPECT_EQ(value, GL_TRIANGLE_STRIP);
  glGetProgramiv(p, GL_GEOMETRY_VERTICES_OUT, &value);
  EXPECT_EQ(value, 5);
  glGetProgramiv(p, GL_GEOMETRY_SHADER_INVOCATIONS, &value);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetProgramiv(color_program(), GL_GEOMETRY_INPUT_TYPE, &value);  // no geometry shader
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  glUseProgram(p);
  positions({-1, -1, 1, 1, 1, -1});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(pixel(24, 8), (Rgba{0, 0, 0, 0}));
  glDrawArrays(GL_LINE_STRIP, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
