// Image units (GL 4.6 8.26) through the real dispatch: compute and fragment shaders load, store and
// add into texture levels bound with glBindImageTexture(s), read back with glGetTexImage and
// compared with what the GLSL each invocation runs must write (formats by the conversion rules of
// 2.3.5: a float f stored in an 8-bit unsigned normalized channel is round(255 f)); the units'
// state, layout(binding) initial units, and the errors the section names.
#include "draw_helpers.h"

namespace glvk::test {
namespace {

GLuint link_compute(const char* source) {
  const GLuint p = glCreateProgram();
  const GLuint cs = compile(GL_COMPUTE_SHADER, source);
  glAttachShader(p, cs);
  glLinkProgram(p);
  glDeleteShader(cs);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  EXPECT_EQ(ok, GL_TRUE) << info_log(p, true);
  return p;
}

GLuint texture_2d(GLenum internal_format, int width, int height, GLenum format, GLenum type, const void* data) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, 1, internal_format, width, height);
  if (data) glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, format, type, data);
  return t;
}

class ImageUnitsTest : public DrawTest {};

TEST_F(ImageUnitsTest, ComputeStoresNormalizedColours) {
  // layout(binding = 3): the uniform starts at unit 3 without any glUniform (GLSL 4.20 4.4.6).
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 4, local_size_y = 4) in;
layout(rgba8, binding = 3) uniform writeonly image2D img;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  imageStore(img, p, vec4(float(p.x) / 15.0, float(p.y) / 15.0, 0.2, 1.0));
})");
  GLint unit = -1;
  glGetUniformiv(program, glGetUniformLocation(program, "img"), &unit);
  EXPECT_EQ(unit, 3);
  const GLuint texture = texture_2d(GL_RGBA8, 16, 16, 0, 0, nullptr);
  glBindImageTexture(3, texture, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
  glUseProgram(program);
  glDispatchCompute(4, 4, 1);
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  std::vector<std::uint8_t> texels(16 * 16 * 4);
  glBindTexture(GL_TEXTURE_2D, texture);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) {
      const std::uint8_t* t = &texels[std::size_t(4 * (y * 16 + x))];
      ASSERT_EQ(t[0], 17 * x) << x << "," << y;  // 255 x / 15
      ASSERT_EQ(t[1], 17 * y) << x << "," << y;
      ASSERT_EQ(t[2], 51) << x << "," << y;  // round(255 * 0.2)
      ASSERT_EQ(t[3], 255) << x << "," << y;
    }
}

TEST_F(ImageUnitsTest, ComputeLoadsAndStoresIntegers) {
  std::vector<GLuint> values(8 * 8);
  for (GLuint i = 0; i < values.size(); ++i) values[i] = i * 1000 + 7;
  const GLuint texture = texture_2d(GL_R32UI, 8, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, values.data());
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 8, local_size_y = 8) in;
layout(r32ui) uniform uimage2D img;
void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  imageStore(img, p, imageLoad(img, p) * 2u + 1u);
})");
  glUseProgram(program);
  glUniform1i(glGetUniformLocation(program, "img"), 5);
  glBindImageTexture(5, texture, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  glDispatchCompute(1, 1, 1);
  std::vector<GLuint> out(values.size());
  glBindTexture(GL_TEXTURE_2D, texture);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, out.data());
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], values[i] * 2 + 1) << i;
}

TEST_F(ImageUnitsTest, FragmentAtomicsAddPerPixel) {
  // Two full-target quads: each fragment adds its primitive's weight to its pixel's texel.
  const GLuint counts = texture_2d(GL_R32UI, kSize, kSize, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                   std::vector<GLuint>(kSize * kSize, 100).data());
  const GLuint program = link(kPositionVs, R"(#version 430
layout(r32ui, binding = 1) uniform uimage2D counts;
uniform uint weight;
out vec4 result;
void main() {
  imageAtomicAdd(counts, ivec2(gl_FragCoord.xy), weight);
  result = vec4(1.0, 0.0, 0.0, 1.0);
})");
  glUseProgram(program);
  glBindImageTexture(1, counts, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
  positions({-1, -1, 1, -1, -1, 1, 1, 1});
  glUniform1ui(glGetUniformLocation(program, "weight"), 3);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glUniform1ui(glGetUniformLocation(program, "weight"), 10);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<GLuint> out(kSize * kSize);
  glBindTexture(GL_TEXTURE_2D, counts);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, out.data());
  for (std::size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], 113u) << i;
  EXPECT_EQ(pixel(3, 3), (std::array<std::uint8_t, 4>{255, 0, 0, 255}));
}

TEST_F(ImageUnitsTest, LayeredAndSingleLayerBindings) {
  GLuint array = 0;
  glGenTextures(1, &array);
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_R32UI, 4, 4, 3);
  const std::vector<GLuint> zeros(4 * 4 * 3, 0);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 4, 4, 3, GL_RED_INTEGER, GL_UNSIGNED_INT, zeros.data());
  // Layered: every layer, z = the layer.
  const GLuint layered = link_compute(R"(#version 430
layout(local_size_x = 4, local_size_y = 4, local_size_z = 3) in;
layout(r32ui, binding = 0) uniform writeonly uimage2DArray img;
void main() { imageStore(img, ivec3(gl_GlobalInvocationID), uvec4(10u + gl_GlobalInvocationID.z)); })");
  glUseProgram(layered);
  glBindImageTexture(0, array, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R32UI);
  glDispatchCompute(1, 1, 1);
  // Single layer 1 as a 2D image: only that layer changes.
  const GLuint single = link_compute(R"(#version 430
layout(local_size_x = 4, local_size_y = 4) in;
layout(r32ui, binding = 0) uniform writeonly uimage2D img;
void main() { imageStore(img, ivec2(gl_GlobalInvocationID.xy), uvec4(99u)); })");
  glUseProgram(single);
  glBindImageTexture(0, array, 0, GL_FALSE, 1, GL_WRITE_ONLY, GL_R32UI);
  GLint layer = -1;
  GLboolean is_layered = GL_TRUE;
  glGetIntegeri_v(GL_IMAGE_BINDING_LAYER, 0, &layer);
  glGetBooleani_v(GL_IMAGE_BINDING_LAYERED, 0, &is_layered);
  EXPECT_EQ(layer, 1);
  EXPECT_EQ(is_layered, GL_FALSE);
  glDispatchCompute(1, 1, 1);
  std::vector<GLuint> out(4 * 4 * 3);
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, out.data());
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::size_t z = i / 16;
    ASSERT_EQ(out[i], z == 1 ? 99u : 10u + z) << i;
  }
}

TEST_F(ImageUnitsTest, SamplerLayoutBindingIsTheInitialUnit) {
  // layout(binding = 2) on a sampler: it reads unit 2 until glUniform says otherwise.
  const std::uint8_t red[4] = {255, 0, 0, 255}, blue[4] = {0, 0, 255, 255};
  glActiveTexture(GL_TEXTURE2);
  texture_2d(GL_RGBA8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, red);
  glActiveTexture(GL_TEXTURE0);
  texture_2d(GL_RGBA8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue);
  const GLuint program = link(kPositionVs, R"(#version 420
layout(binding = 2) uniform sampler2D tex;
out vec4 result;
void main() { result = texelFetch(tex, ivec2(0), 0); })");
  glUseProgram(program);
  GLint unit = -1;
  glGetUniformiv(program, glGetUniformLocation(program, "tex"), &unit);
  EXPECT_EQ(unit, 2);
  positions({-1, -1, 1, -1, -1, 1, 1, 1});
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(1, 1), (std::array<std::uint8_t, 4>{255, 0, 0, 255}));
  glUniform1i(glGetUniformLocation(program, "tex"), 0);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  EXPECT_EQ(pixel(1, 1), (std::array<std::uint8_t, 4>{0, 0, 255, 255}));
}

TEST_F(ImageUnitsTest, StateLimitsAndErrors) {
  GLint units = 0;
  glGetIntegerv(GL_MAX_IMAGE_UNITS, &units);
  EXPECT_GE(units, 8);
  const std::pair<GLenum, GLint> minimums[] = {{GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 8},
                                               {GL_MAX_COMPUTE_IMAGE_UNIFORMS, 8},
                                               {GL_MAX_COMBINED_IMAGE_UNIFORMS, 8},
                                               {GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS, 8}};
  for (const auto& [pname, minimum] : minimums) {
    GLint value = -1;
    glGetIntegerv(pname, &value);
    EXPECT_GE(value, minimum) << std::hex << pname;
  }
  // Initial state (table 23.45).
  GLint value = -1;
  glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 0, &value);
  EXPECT_EQ(value, GL_R8);
  glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, 0, &value);
  EXPECT_EQ(value, GL_READ_ONLY);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  const GLuint texture = texture_2d(GL_RGBA8, 4, 4, 0, 0, nullptr);
  glBindImageTexture(GLuint(units), texture, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindImageTexture(0, 4321, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindImageTexture(0, texture, -1, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindImageTexture(0, texture, 0, GL_FALSE, -1, GL_READ_ONLY, GL_RGBA8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBindImageTexture(0, texture, 0, GL_FALSE, 0, GL_RGBA, GL_RGBA8);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBindImageTexture(0, texture, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGB8);  // not in table 8.27
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, GLuint(units), &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  // glBindImageTextures: level 0, layered, READ_WRITE, level 0's format; 0 unbinds.
  const GLuint textures[2] = {texture, 0};
  glBindImageTextures(2, 2, textures);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 2, &value);
  EXPECT_EQ(value, GLint(texture));
  glGetIntegeri_v(GL_IMAGE_BINDING_ACCESS, 2, &value);
  EXPECT_EQ(value, GL_READ_WRITE);
  glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 2, &value);
  EXPECT_EQ(value, GL_RGBA8);
  GLboolean layered = GL_FALSE;
  glGetBooleani_v(GL_IMAGE_BINDING_LAYERED, 2, &layered);
  EXPECT_EQ(layered, GL_TRUE);
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 3, &value);
  EXPECT_EQ(value, 0);
  glBindImageTextures(GLuint(units) - 1, 2, textures);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  // An image uniform takes units below MAX_IMAGE_UNITS only.
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 1) in;
layout(rgba8) uniform writeonly image2D img;
void main() { imageStore(img, ivec2(0), vec4(1.0)); })");
  glUseProgram(program);
  glUniform1i(glGetUniformLocation(program, "img"), units);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

// GL 4.6 8.26: deleting a texture bound to an image unit resets the unit as BindImageTexture with
// texture 0 would (piglit's image load/store state test, unit 5).
TEST_F(ImageUnitsTest, DeletingATextureUnbindsItsImageUnits) {
  GLuint texture = texture_2d(GL_RGBA16F, 4, 4, 0, 0, nullptr);
  glBindImageTexture(5, texture, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA16F);
  GLint value = -1;
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 5, &value);
  EXPECT_EQ(value, GLint(texture));
  glDeleteTextures(1, &texture);
  glGetIntegeri_v(GL_IMAGE_BINDING_NAME, 5, &value);
  EXPECT_EQ(value, 0);
  glGetIntegeri_v(GL_IMAGE_BINDING_FORMAT, 5, &value);
  EXPECT_EQ(value, GL_R8);  // the initial state (table 23.45)
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// GL 4.6 7.6: a uniform without layout(binding) starts at zero, every element of an image or
// sampler array too; with one, element e starts at binding + e (GLSL 4.20 4.4.6).
TEST_F(ImageUnitsTest, ArrayElementsStartAtZeroWithoutBinding) {
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 1) in;
layout(rgba8) uniform writeonly image2D imgs[2];
layout(rgba8, binding = 4) uniform writeonly image2D bound[2];
void main() {
  imageStore(imgs[0], ivec2(0), vec4(1.0)); imageStore(imgs[1], ivec2(0), vec4(1.0));
  imageStore(bound[0], ivec2(0), vec4(1.0)); imageStore(bound[1], ivec2(0), vec4(1.0));
})");
  const GLint imgs = glGetUniformLocation(program, "imgs"), bound = glGetUniformLocation(program, "bound");
  const std::pair<GLint, GLint> expected[] = {{imgs, 0}, {imgs + 1, 0}, {bound, 4}, {bound + 1, 5}};
  for (const auto& [location, unit] : expected) {
    GLint value = -1;
    glGetUniformiv(program, location, &value);
    EXPECT_EQ(value, unit) << location;
  }
}

// An image unit whose format holds floats under a uimage2D uniform: GL leaves the access undefined
// (8.26); glvk refuses the dispatch with INVALID_OPERATION rather than hand Vulkan a view of another
// numeric type than the shader's (VUID-vkCmdDraw-format-07753; piglit's image "invalid" test).
TEST_F(ImageUnitsTest, UnitFormatOfAnotherNumericTypeIsRefused) {
  const GLuint program = link_compute(R"(#version 430
layout(local_size_x = 1) in;
layout(r32ui) uniform uimage2D img;
void main() { imageAtomicAdd(img, ivec2(0), 1u); })");
  const GLuint texture = texture_2d(GL_R11F_G11F_B10F, 1, 1, 0, 0, nullptr);
  glBindImageTexture(0, texture, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R11F_G11F_B10F);
  glUseProgram(program);
  glDispatchCompute(1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFinish();
}

}  // namespace
}  // namespace glvk::test
