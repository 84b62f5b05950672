// glClearTexImage / glClearTexSubImage (GL 4.6 8.21) through the real dispatch on lavapipe with
// validation: the cleared region read back holds the element converted as glTexSubImage converts
// it (expected values from the spec's conversion formulas), the rest is untouched, null data
// clears to zero, and every error the section names.
#include <cstring>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

class ClearTextureTest : public GlTest {
 protected:
  GLuint create(GLenum target) {
    GLuint t = 0;
    glCreateTextures(target, 1, &t);
    return t;
  }
};

TEST_F(ClearTextureTest, SubImageClearsTheRegionWithTheConvertedElement) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureStorage2D(t, 2, GL_RGBA8, 8, 4);
  const std::vector<std::uint8_t> base(8 * 4 * 4, 0x11);
  glTextureSubImage2D(t, 0, 0, 0, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, base.data());
  const GLfloat value[4] = {1.0f, 0.5f, 0.25f, 2.0f};  // 2.0 clamps to 1 for a unorm image
  glClearTexSubImage(t, 0, 2, 1, 0, 5, 2, 1, GL_RGBA, GL_FLOAT, value);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(8 * 4 * 4);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 8; ++x) {
      const std::uint8_t* p = &out[std::size_t((y * 8 + x) * 4)];
      const bool inside = x >= 2 && x < 7 && y >= 1 && y < 3;
      // 0.5 * 255 = 127.5 rounds to 128, 0.25 * 255 = 63.75 to 64 (GL 4.6 2.3.5.2).
      const std::uint8_t want[4] = {255, 128, 64, 255};
      for (int c = 0; c < 4; ++c) EXPECT_EQ(p[c], inside ? want[c] : 0x11) << x << "," << y << " " << c;
    }
}

TEST_F(ClearTextureTest, WholeImageClearsEveryLayerAndNullMeansZero) {
  const GLuint t = create(GL_TEXTURE_2D_ARRAY);
  glTextureStorage3D(t, 1, GL_R16UI, 3, 2, 3);
  const GLuint value = 0xbeef;
  glClearTexImage(t, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, &value);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint16_t> out(3 * 2 * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);  // rows of 6 bytes
  glGetTextureImage(t, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT, GLsizei(out.size() * 2), out.data());
  for (std::uint16_t v : out) EXPECT_EQ(v, 0xbeef);
  glClearTexSubImage(t, 0, 1, 0, 2, 1, 2, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);  // layer 2, column 1
  glGetTextureImage(t, 0, GL_RED_INTEGER, GL_UNSIGNED_SHORT, GLsizei(out.size() * 2), out.data());
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_EQ(out[i], i == 13 || i == 16 ? 0 : 0xbeef) << i;
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ClearTextureTest, DepthAndCubeFacesTakeTheirData) {
  const GLuint depth = create(GL_TEXTURE_2D);
  glTextureStorage2D(depth, 1, GL_DEPTH_COMPONENT32F, 4, 4);
  const GLfloat z = 0.375f;
  glClearTexImage(depth, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<GLfloat> zs(16);
  glGetTextureImage(depth, 0, GL_DEPTH_COMPONENT, GL_FLOAT, GLsizei(zs.size() * 4), zs.data());
  for (GLfloat v : zs) EXPECT_EQ(v, 0.375f);
  glClearTexImage(depth, 0, GL_RED, GL_FLOAT, &z);  // colour data for a depth image
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  const GLuint cube = create(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(cube, 1, GL_RGBA8, 2, 2);
  const GLubyte zero[4] = {0, 0, 0, 0}, red[4] = {255, 0, 0, 255};
  glClearTexImage(cube, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero);
  glClearTexSubImage(cube, 0, 0, 0, 3, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, red);  // faces 3 and 4
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> faces(6 * 2 * 2 * 4);
  glGetTextureImage(cube, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(faces.size()), faces.data());
  for (int f = 0; f < 6; ++f) EXPECT_EQ(faces[std::size_t(f * 16)], f == 3 || f == 4 ? 255 : 0) << f;
}

// Multisample images are cleared in every sample: resolved (glBlitFramebuffer, 10.3.4's average of
// identical samples is the value) they read the converted element; a depth image its depth.
TEST_F(ClearTextureTest, MultisampleImagesClearEverySample) {
  const GLuint colour = create(GL_TEXTURE_2D_MULTISAMPLE), depth = create(GL_TEXTURE_2D_MULTISAMPLE);
  glTextureStorage2DMultisample(colour, 4, GL_RGBA8, 8, 8, GL_TRUE);
  glTextureStorage2DMultisample(depth, 4, GL_DEPTH_COMPONENT32F, 8, 8, GL_TRUE);
  const std::uint8_t outside[4] = {10, 20, 30, 255}, inside[4] = {200, 100, 50, 255};
  glClearTexImage(colour, 0, GL_RGBA, GL_UNSIGNED_BYTE, outside);
  glClearTexSubImage(colour, 0, 2, 2, 0, 3, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE, inside);
  const GLfloat quarter = 0.25f;
  glClearTexImage(depth, 0, GL_DEPTH_COMPONENT, GL_FLOAT, &quarter);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLuint resolved[2], framebuffers[2];
  glCreateTextures(GL_TEXTURE_2D, 2, resolved);
  glTextureStorage2D(resolved[0], 1, GL_RGBA8, 8, 8);
  glTextureStorage2D(resolved[1], 1, GL_DEPTH_COMPONENT32F, 8, 8);
  glCreateFramebuffers(2, framebuffers);
  glNamedFramebufferTexture(framebuffers[0], GL_COLOR_ATTACHMENT0, colour, 0);
  glNamedFramebufferTexture(framebuffers[0], GL_DEPTH_ATTACHMENT, depth, 0);
  glNamedFramebufferTexture(framebuffers[1], GL_COLOR_ATTACHMENT0, resolved[0], 0);
  glNamedFramebufferTexture(framebuffers[1], GL_DEPTH_ATTACHMENT, resolved[1], 0);
  glBlitNamedFramebuffer(framebuffers[0], framebuffers[1], 0, 0, 8, 8, 0, 0, 8, 8,
                         GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  std::vector<std::uint8_t> out(8 * 8 * 4);
  glGetTextureImage(resolved[0], 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const bool in = x >= 2 && x < 5 && y >= 2 && y < 5;
      for (int c = 0; c < 4; ++c)
        EXPECT_EQ(out[std::size_t((y * 8 + x) * 4 + c)], in ? inside[c] : outside[c]) << x << "," << y << " " << c;
    }
  std::vector<GLfloat> depths(8 * 8);
  glGetTextureImage(resolved[1], 0, GL_DEPTH_COMPONENT, GL_FLOAT, GLsizei(depths.size() * 4), depths.data());
  for (GLfloat v : depths) EXPECT_EQ(v, 0.25f);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteFramebuffers(2, framebuffers);
  glDeleteTextures(2, resolved);
  glDeleteTextures(1, &colour);
  glDeleteTextures(1, &depth);
}

TEST_F(ClearTextureTest, ErrorsOfSection8_21) {
  const GLubyte rgba[4] = {1, 2, 3, 4};
  glClearTexImage(0, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glClearTexImage(4242, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  glNamedBufferData(buffer, 64, nullptr, GL_STATIC_DRAW);
  const GLuint texel_buffer = create(GL_TEXTURE_BUFFER);
  glTextureBuffer(texel_buffer, GL_RGBA8, buffer);
  glClearTexImage(texel_buffer, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  const GLuint compressed = create(GL_TEXTURE_2D);
  glTextureStorage2D(compressed, 1, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4);
  glClearTexImage(compressed, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  const GLuint t = create(GL_TEXTURE_2D);
  glTextureStorage2D(t, 2, GL_RGBA8, 4, 4);
  glClearTexImage(t, 2, GL_RGBA, GL_UNSIGNED_BYTE, rgba);  // no such level
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glClearTexImage(t, -1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glClearTexImage(t, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, rgba);  // integer data for a normalized image
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glClearTexImage(t, 0, GL_RGBA, GL_TEXTURE_2D, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glClearTexSubImage(t, 1, 1, 0, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);  // level 1 is 2x2
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glClearTexSubImage(t, 0, -1, 0, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glClearTexSubImage(t, 0, 0, 0, 1, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);  // z beyond a 2D image
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glClearTexSubImage(t, 0, 0, 0, 0, -1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // A zero-sized region at the image's far corner is valid and writes nothing.
  glClearTexSubImage(t, 0, 4, 4, 0, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
