// Issue 15's answers the spec fixes where api_probe's peer legitimately differs or does not
// look: core-profile errors, the shader precisions of a 32-bit implementation, borders of 1 in
// compatibility contexts, generated levels deeper than the peer comparison can match exactly.
#include <array>
#include <cmath>
#include <cstring>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

using ApiCoreTest = GlTest;

class ApiCompatibilityTest : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

// GL 4.6 core 8.11.3 lists no border, luminance or intensity level state: INVALID_ENUM, nothing written.
TEST_F(ApiCoreTest, CompatibilityLevelParametersAreInvalidEnums) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  for (const GLenum pname : {GL_TEXTURE_BORDER, GL_TEXTURE_LUMINANCE_SIZE, GL_TEXTURE_INTENSITY_SIZE,
                             GL_TEXTURE_LUMINANCE_TYPE, GL_TEXTURE_INTENSITY_TYPE}) {
    GLfloat value = -1;
    glGetTexLevelParameterfv(GL_TEXTURE_2D, 0, pname, &value);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << pname;
    EXPECT_EQ(value, -1.0f);
  }
  GLint width = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 2);
  // A border is a compatibility feature too (GL 4.6 core 8.5: border must be 0).
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteTextures(1, &t);
}

// The extensions issues 14 and 15 completed, in each profile: ARB_texture_buffer_object in core
// contexts only (its compatibility-profile alpha, luminance and intensity buffer formats are
// missing); ARB_tessellation_shader in both (its compatibility built-ins are lowered).
TEST_F(ApiCoreTest, CoreContextsAdvertiseTheCompletedExtensions) {
  for (const char* name : {"GL_EXT_texture_integer", "GL_ARB_ES2_compatibility", "GL_ARB_draw_buffers_blend",
                           "GL_ARB_texture_swizzle", "GL_EXT_texture_swizzle", "GL_ARB_texture_buffer_object",
                           "GL_ARB_tessellation_shader"})
    EXPECT_TRUE(has_extension(name)) << name;
}

TEST_F(ApiCompatibilityTest, CompatibilityContextsAdvertiseTheCompletedExtensions) {
  for (const char* name : {"GL_EXT_texture_integer", "GL_ARB_ES2_compatibility", "GL_ARB_draw_buffers_blend",
                           "GL_ARB_texture_swizzle", "GL_EXT_texture_swizzle", "GL_ARB_tessellation_shader"})
    EXPECT_TRUE(has_extension(name)) << name;
  EXPECT_FALSE(has_extension("GL_ARB_texture_buffer_object"));
  EXPECT_TRUE(has_extension("GL_ARB_window_pos"));  // a compatibility-only one stays
}

// GL 4.6 7.2 (ARB_ES2_compatibility): glvk computes every precision in 32 bits, so each answers
// the IEEE single format (|x| < 2^128, 23 fraction bits) or 32-bit two's complement integers
// (log2 of 2^31 and of 2^31 - 1 floored: 31 and 30, precision 0).
TEST_F(ApiCoreTest, ShaderPrecisionFormatsAreThirtyTwoBit) {
  for (const GLenum stage : {GL_VERTEX_SHADER, GL_FRAGMENT_SHADER})
    for (const GLenum precision : {GL_LOW_FLOAT, GL_MEDIUM_FLOAT, GL_HIGH_FLOAT, GL_LOW_INT, GL_MEDIUM_INT,
                                   GL_HIGH_INT}) {
      GLint range[2] = {-1, -1}, bits = -1;
      glGetShaderPrecisionFormat(stage, precision, range, &bits);
      ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
      const bool is_float = precision <= GL_HIGH_FLOAT;
      EXPECT_EQ(range[0], is_float ? 127 : 31) << std::hex << precision;
      EXPECT_EQ(range[1], is_float ? 127 : 30) << std::hex << precision;
      EXPECT_EQ(bits, is_float ? 23 : 0) << std::hex << precision;
    }
}

// Limits a core context answers (GL 4.6 tables 23.x): the LOD bias limit at least 2, a positive
// server wait timeout, the shader compiler present.
TEST_F(ApiCoreTest, LimitsAnswerInCoreContexts) {
  GLfloat bias = 0;
  glGetFloatv(GL_MAX_TEXTURE_LOD_BIAS, &bias);
  EXPECT_GE(bias, 2.0f);
  GLint64 timeout = 0;
  glGetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &timeout);
  EXPECT_GT(timeout, 0);
  GLboolean compiler = GL_FALSE;
  glGetBooleanv(GL_SHADER_COMPILER, &compiler);
  EXPECT_EQ(compiler, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// EGL_KHR_create_context: a GL 3.1 request gets 3.1 itself or the core profile of a later version.
// glvk's is 4.6 core: no default vertex array (a draw without one is INVALID_OPERATION, GL 4.6 core
// 10.4) and only generated names bind (INVALID_OPERATION for a buffer name never generated, 6.1).
class ApiGl31Test : public GlTest {
 protected:
  std::vector<EGLint> context_attributes() const override {
    return {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  }
};

TEST_F(ApiGl31Test, AGl31RequestIsACoreContext) {
  GLint mask = 0;
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &mask);
  EXPECT_EQ(mask, GL_CONTEXT_CORE_PROFILE_BIT);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindBuffer(GL_ARRAY_BUFFER, 100);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBegin(GL_TRIANGLES);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// GL 4.6 core 8.14.4: glGenerateMipmap takes only colour-renderable, filterable images: a depth,
// a compressed and a shared-exponent image are INVALID_OPERATION (compatibility generates them:
// api_probe).
TEST_F(ApiCoreTest, GenerateMipmapRefusesWhatCoreCannotRender) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 8, 8, 0, GL_DEPTH_COMPONENT, GL_FLOAT, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 8, 8, 0, GL_RGB, GL_FLOAT, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, 8, 8, 0, GL_RGBA, GL_FLOAT, nullptr);
  glGenerateMipmap(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(1, &t);
}

// GL 4.6 compatibility 8.5: a border of 1 makes the image the interior of the client rectangle
// (w - 2 by h - 2 texels starting one texel in on each side); 2 is INVALID_VALUE.
TEST_F(ApiCompatibilityTest, BorderOfOneKeepsTheInterior) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  std::array<GLubyte, 6 * 5> client{};
  for (std::size_t i = 0; i < client.size(); ++i) client[i] = GLubyte(i);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 6, 5, 1, GL_RED, GL_UNSIGNED_BYTE, client.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint w = 0, h = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
  EXPECT_EQ(w, 4);
  EXPECT_EQ(h, 3);
  std::array<GLubyte, 4 * 3> interior{};
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, interior.data());
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 4; ++x) EXPECT_EQ(interior[std::size_t(y * 4 + x)], client[std::size_t((y + 1) * 6 + x + 1)]);
  // A 1D array's rows are layers: they keep their count, each row loses its first and last texel.
  GLuint a = 0;
  glGenTextures(1, &a);
  glBindTexture(GL_TEXTURE_1D_ARRAY, a);
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_R8, 6, 5, 1, GL_RED, GL_UNSIGNED_BYTE, client.data());
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_WIDTH, &w);
  glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT, &h);
  EXPECT_EQ(w, 4);
  EXPECT_EQ(h, 5);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 6, 5, 2, GL_RED, GL_UNSIGNED_BYTE, client.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 5, 1, GL_RED, GL_UNSIGNED_BYTE, client.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glDeleteTextures(1, &a);
  glDeleteTextures(1, &t);
}

// glGenerateMipmap of compressed images in a compatibility context: every level is the 2x2 box
// average of the one above (GL 4.6 8.14.4). An image whose left and right halves are two colours
// keeps two-colour blocks down to 2x2, which BC1 (colours exact in 5:6:5) and BC4 (8-bit
// endpoints) hold exactly; the 1x1 level is the mean of both, within the format's quantization:
// half the widest gap between BC1's decoded 5-bit values (bit replication to 8 bits leaves 8 or 9
// units of 255 between neighbours: 4.5/255), half an 8-bit step for BC4.
TEST_F(ApiCompatibilityTest, GeneratedCompressedLevelsAreBoxAverages) {
  constexpr int kSize = 16;
  struct Case {
    GLenum format;
    std::array<GLfloat, 4> left, right;
    float tolerance;
  };
  const Case cases[] = {{GL_COMPRESSED_RGB_S3TC_DXT1_EXT, {1, 0, 0, 1}, {0, 1, 0, 1}, 4.5f / 255 + 1e-4f},
                        {GL_COMPRESSED_RED_RGTC1, {0.2f, 0, 0, 1}, {0.8f, 0, 0, 1}, 0.5f / 255 + 1e-4f}};
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  for (const Case& c : cases) {
    std::vector<GLfloat> rgba(kSize * kSize * 4);
    for (int i = 0; i < kSize * kSize; ++i)
      for (int k = 0; k < 4; ++k) rgba[std::size_t(i * 4 + k)] = (i % kSize < kSize / 2 ? c.left : c.right)[std::size_t(k)];
    glTexImage2D(GL_TEXTURE_2D, 0, c.format, kSize, kSize, 0, GL_RGBA, GL_FLOAT, rgba.data());
    glGenerateMipmap(GL_TEXTURE_2D);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << c.format;
    for (int level = 1, size = kSize / 2; size >= 1; ++level, size /= 2) {
      std::vector<GLfloat> got(std::size_t(size * size * 4));
      glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_FLOAT, got.data());
      ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
      for (int i = 0; i < size * size; ++i)
        for (std::size_t k = 0; k < 3; ++k) {
          const float want = size == 1 ? (c.left[k] + c.right[k]) / 2 : (i % size < size / 2 ? c.left : c.right)[k];
          EXPECT_NEAR(got[std::size_t(i) * 4 + k], want, size == 1 ? c.tolerance : 1e-6f)
              << std::hex << c.format << std::dec << " level " << level << " texel " << i;
        }
    }
  }
  glDeleteTextures(1, &t);
}

// The smallest levels of a compressed mipmap chain are box averages of the exact texels above,
// not of the level above's lossy blocks: four quadrants of red, green, black and cyan, which no
// BC1 block holds exactly (two endpoints and the colours between them), average to (1/4, 1/2, 1/4)
// at 1x1 within one step of BC1's 5-bit channels (8.5/255: encoders round a lone colour to either
// neighbour; llvmpipe is 0.027 off); averaging the lossy blocks instead lands 0.1 away.
TEST_F(ApiCompatibilityTest, GeneratedCompressedLevelsDoNotCarryTheEncodingError) {
  constexpr int kSize = 8;
  const std::array<GLfloat, 3> quadrant[4] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 0}, {0, 1, 1}};
  std::vector<GLfloat> rgb(kSize * kSize * 3);
  for (int y = 0; y < kSize; ++y)
    for (int x = 0; x < kSize; ++x)
      for (int k = 0; k < 3; ++k)
        rgb[std::size_t((y * kSize + x) * 3 + k)] = quadrant[(y < kSize / 2 ? 0 : 2) + (x < kSize / 2 ? 0 : 1)][std::size_t(k)];
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, kSize, kSize, 0, GL_RGB, GL_FLOAT, rgb.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLfloat texel[4] = {};
  glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_FLOAT, texel);
  const GLfloat mean[3] = {0.25f, 0.5f, 0.25f};
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(texel[k], mean[k], 8.5f / 255) << "component " << k;
  glDeleteTextures(1, &t);
}

}  // namespace
}  // namespace glvk::test
