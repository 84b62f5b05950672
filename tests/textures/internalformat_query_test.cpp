// glGetInternalformativ / glGetInternalformati64v (GL 4.6 22.3) through the real dispatch: the
// sizes and types table 8.12 gives the sized formats, the sample counts (descending, the largest
// MAX_SAMPLES, none for single-sampled targets), the unsupported answers for formats a target or
// the core profile does not have, compressed block sizes (S3TC: 4x4 blocks of 16 bytes for DXT5),
// agreement with a real texture's glGetTexLevelParameter, and the errors.
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

using InternalformatQueryTest = GlTest;

GLint query(GLenum target, GLenum internal_format, GLenum pname) {
  GLint value = -12345;
  glGetInternalformativ(target, internal_format, pname, 1, &value);
  return value;
}

TEST_F(InternalformatQueryTest, SizedFormatsReportTheirComponents) {
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_PREFERRED), GL_RGBA8);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_RED_SIZE), 8);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_ALPHA_SIZE), 8);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_RED_TYPE), GL_UNSIGNED_NORMALIZED);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_DEPTH_SIZE), 0);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_DEPTH_TYPE), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RG32F, GL_INTERNALFORMAT_GREEN_SIZE), 32);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RG32F, GL_INTERNALFORMAT_GREEN_TYPE), GL_FLOAT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RG32F, GL_INTERNALFORMAT_BLUE_SIZE), 0);
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_R16I, GL_INTERNALFORMAT_RED_TYPE), GL_INT);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GL_INTERNALFORMAT_DEPTH_SIZE), 24);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GL_INTERNALFORMAT_STENCIL_SIZE), 8);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GL_INTERNALFORMAT_STENCIL_TYPE), GL_UNSIGNED_INT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB9_E5, GL_INTERNALFORMAT_SHARED_SIZE), 5);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_SRGB8_ALPHA8, GL_COLOR_ENCODING), GL_SRGB);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_COLOR_ENCODING), GL_LINEAR);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_SRGB8_ALPHA8, GL_SRGB_READ), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_SRGB8_ALPHA8, GL_SRGB_DECODE_ARB), GL_NONE);  // no TEXTURE_SRGB_DECODE_EXT
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT32F, GL_DEPTH_RENDERABLE), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_DEPTH_COMPONENT32F, GL_COLOR_RENDERABLE), GL_FALSE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8UI, GL_FILTER), GL_NONE);  // integer: nearest only
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_FILTER), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_WIDTH), 16384);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_MAX_DEPTH), 0);
  GLint layers = 0;
  glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS, &layers);
  EXPECT_EQ(query(GL_TEXTURE_2D_ARRAY, GL_RGBA8, GL_MAX_LAYERS), layers);
  // ARB_internalformat_query2: layers are MAX_HEIGHT of 1D arrays and MAX_DEPTH of 2D and cube
  // arrays; the combined dimensions multiply width, height, depth, cube faces and samples.
  EXPECT_EQ(query(GL_TEXTURE_1D_ARRAY, GL_RGBA8, GL_MAX_HEIGHT), layers);
  EXPECT_EQ(query(GL_TEXTURE_1D_ARRAY, GL_RGBA8, GL_MAX_LAYERS), layers);
  EXPECT_EQ(query(GL_TEXTURE_2D_ARRAY, GL_RGBA8, GL_MAX_DEPTH), layers);
  EXPECT_EQ(query(GL_TEXTURE_1D_ARRAY, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS), 16384 * layers);
  GLint cube = 0, samples = 0;
  glGetIntegerv(GL_MAX_CUBE_MAP_TEXTURE_SIZE, &cube);
  glGetInternalformativ(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, 1, &samples);
  GLint64 combined = 0;
  glGetInternalformati64v(GL_TEXTURE_CUBE_MAP_ARRAY, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS, 1, &combined);
  EXPECT_EQ(combined, GLint64(cube) * cube * layers * 6);
  glGetInternalformati64v(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS, 1, &combined);
  EXPECT_EQ(combined, GLint64(16384) * 16384 * samples);
  // The 32-bit query of a value past INT_MAX saturates.
  EXPECT_EQ(query(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_RGBA8, GL_MAX_COMBINED_DIMENSIONS), 2147483647);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(InternalformatQueryTest, AgreesWithATexturesLevelParameters) {
  for (GLenum format : {GL_RGB565, GL_RGB10_A2, GL_R11F_G11F_B10F, GL_RGBA16_SNORM, GL_DEPTH_COMPONENT16}) {
    GLuint t = 0;
    glCreateTextures(GL_TEXTURE_2D, 1, &t);
    glTextureStorage2D(t, 1, format, 4, 4);
    const std::pair<GLenum, GLenum> pairs[] = {{GL_TEXTURE_RED_SIZE, GL_INTERNALFORMAT_RED_SIZE},
                                               {GL_TEXTURE_GREEN_SIZE, GL_INTERNALFORMAT_GREEN_SIZE},
                                               {GL_TEXTURE_ALPHA_SIZE, GL_INTERNALFORMAT_ALPHA_SIZE},
                                               {GL_TEXTURE_DEPTH_SIZE, GL_INTERNALFORMAT_DEPTH_SIZE},
                                               {GL_TEXTURE_RED_TYPE, GL_INTERNALFORMAT_RED_TYPE}};
    for (const auto& [level_pname, query_pname] : pairs) {
      GLint level_value = -1;
      glGetTextureLevelParameteriv(t, 0, level_pname, &level_value);
      EXPECT_EQ(query(GL_TEXTURE_2D, format, query_pname), level_value) << std::hex << format << " " << query_pname;
    }
    glDeleteTextures(1, &t);
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// 22.3: IMAGE_FORMAT_COMPATIBILITY_TYPE is "equivalent to calling GetTexParameter" with it, for any
// texture that can exist (piglit's image_format_compatibility_type checks 1D depth textures), and
// NONE where none can (a renderbuffer, a depth 3D texture, no format).
TEST_F(InternalformatQueryTest, ImageFormatCompatibilityTypeIsTheTexturesParameter) {
  const std::pair<GLenum, GLenum> textures[] = {
      {GL_TEXTURE_1D, GL_DEPTH_COMPONENT}, {GL_TEXTURE_2D, GL_RED}, {GL_TEXTURE_2D_ARRAY, GL_RGBA32F}};
  for (const auto& [target, format] : textures) {
    GLuint t = 0;
    glCreateTextures(target, 1, &t);
    if (target == GL_TEXTURE_1D) glTextureStorage1D(t, 1, format == GL_DEPTH_COMPONENT ? GL_DEPTH_COMPONENT24 : format, 4);
    GLint parameter = -1;
    glGetTextureParameteriv(t, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE, &parameter);
    EXPECT_EQ(parameter, GL_IMAGE_FORMAT_COMPATIBILITY_BY_SIZE);
    EXPECT_EQ(query(target, format, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), parameter) << std::hex << target << " " << format;
    glDeleteTextures(1, &t);
  }
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_RGBA8, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_DEPTH_COMPONENT24, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_TEXTURE_2D, GL_IMAGE_FORMAT_COMPATIBILITY_TYPE), GL_NONE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// 22.3's image pnames answer table 8.27's row (GL 4.6): texel size in bits, compatibility class,
// pixel format and type; 0 or NONE for a renderbuffer or a format no image unit takes. Load and
// store where glBindImageTexture binds (single-sampled textures), atomics on R32I/R32UI only.
TEST_F(InternalformatQueryTest, ImageFormatsAnswerTable827) {
  struct Row {
    GLenum format;
    GLint bits;
    GLenum image_class, pixel_format, pixel_type;
  };
  const Row rows[] = {{GL_RGBA32F, 128, GL_IMAGE_CLASS_4_X_32, GL_RGBA, GL_FLOAT},
                      {GL_R11F_G11F_B10F, 32, GL_IMAGE_CLASS_11_11_10, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV},
                      {GL_RGB10_A2UI, 32, GL_IMAGE_CLASS_10_10_10_2, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV},
                      {GL_RG16I, 32, GL_IMAGE_CLASS_2_X_16, GL_RG_INTEGER, GL_SHORT},
                      {GL_R8_SNORM, 8, GL_IMAGE_CLASS_1_X_8, GL_RED, GL_BYTE}};
  for (const Row& r : rows)
    for (GLenum target : {GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_2D_MULTISAMPLE}) {
      EXPECT_EQ(query(target, r.format, GL_IMAGE_TEXEL_SIZE), r.bits) << std::hex << r.format;
      EXPECT_EQ(query(target, r.format, GL_IMAGE_COMPATIBILITY_CLASS), GLint(r.image_class)) << std::hex << r.format;
      EXPECT_EQ(query(target, r.format, GL_IMAGE_PIXEL_FORMAT), GLint(r.pixel_format)) << std::hex << r.format;
      EXPECT_EQ(query(target, r.format, GL_IMAGE_PIXEL_TYPE), GLint(r.pixel_type)) << std::hex << r.format;
    }
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_RGBA32F, GL_IMAGE_TEXEL_SIZE), 0);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_IMAGE_TEXEL_SIZE), 0);  // not in the table
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_IMAGE_PIXEL_FORMAT), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_SHADER_IMAGE_LOAD), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_SHADER_IMAGE_STORE), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SHADER_IMAGE_LOAD), GL_NONE);  // MAX_IMAGE_SAMPLES 0
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGB8, GL_SHADER_IMAGE_LOAD), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_R32UI, GL_SHADER_IMAGE_ATOMIC), GL_FULL_SUPPORT);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_SHADER_IMAGE_ATOMIC), GL_NONE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(InternalformatQueryTest, SampleCountsDescendFromMaxSamples) {
  GLint max_samples = 0;
  glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
  const GLint n = query(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS);
  ASSERT_GE(n, max_samples > 1 ? 1 : 0);
  std::vector<GLint> counts(std::size_t(n) + 1, -1);
  glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, n, counts.data());
  if (n) {
    EXPECT_EQ(counts[0], max_samples);
  }
  for (GLint i = 1; i < n; ++i) EXPECT_LT(counts[std::size_t(i)], counts[std::size_t(i - 1)]);
  EXPECT_EQ(counts[std::size_t(n)], -1);  // bufSize respected
  EXPECT_EQ(query(GL_TEXTURE_2D_MULTISAMPLE, GL_DEPTH_COMPONENT24, GL_NUM_SAMPLE_COUNTS), n);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_NUM_SAMPLE_COUNTS), 0);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES), -12345);  // nothing written
  GLint64 wide = 0;
  glGetInternalformati64v(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &wide);
  EXPECT_EQ(wide, n);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(InternalformatQueryTest, UnsupportedFormatsAnswerWithoutErrors) {
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_LUMINANCE8, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);  // core profile
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_LUMINANCE8, GL_INTERNALFORMAT_PREFERRED), GL_NONE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_TEXTURE_2D, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);  // not a format
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_TEXTURE_2D, GL_INTERNALFORMAT_RED_SIZE), 0);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_TEXTURE_2D, GL_MAX_WIDTH), 0);
  EXPECT_EQ(query(GL_TEXTURE_1D, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_TEXTURE_COMPRESSED), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_TEXTURE_COMPRESSED_BLOCK_WIDTH), 4);
  EXPECT_EQ(query(GL_TEXTURE_2D, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_TEXTURE_COMPRESSED_BLOCK_SIZE), 16);
  EXPECT_EQ(query(GL_RENDERBUFFER, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_NUM_SAMPLE_COUNTS), 0);
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_DEPTH_COMPONENT24, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);  // 8.5
  EXPECT_EQ(query(GL_TEXTURE_3D, GL_DEPTH_COMPONENT24, GL_MAX_WIDTH), 0);
  EXPECT_EQ(query(GL_TEXTURE_BUFFER, GL_RGBA32F, GL_INTERNALFORMAT_SUPPORTED), GL_TRUE);
  EXPECT_EQ(query(GL_TEXTURE_BUFFER, GL_RGB8, GL_INTERNALFORMAT_SUPPORTED), GL_FALSE);  // not in table 8.18
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(InternalformatQueryTest, Errors) {
  GLint value = 0;
  glGetInternalformativ(GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 1, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_TEXTURE_WIDTH, 1, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, -1, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  value = 77;
  glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_INTERNALFORMAT_SUPPORTED, 0, &value);
  EXPECT_EQ(value, 77);  // bufSize 0 writes nothing
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
