// GL_EXT_EGL_image_storage: a texture given an EGL image's storage with glEGLImageTargetTexStorageEXT
// (or the DSA glEGLImageTargetTextureStorageEXT) is immutable (TEXTURE_IMMUTABLE_FORMAT, one level),
// shares the image's texels, refuses re-specification instead of orphaning, and the errors the
// extension names (and those of the TexStorage* commands it joins, ES 3.2 / GL 4.6 8.19).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

using Rgba = std::array<GLubyte, 4>;

PFNGLEGLIMAGETARGETTEXSTORAGEEXTPROC tex_storage() {
  return reinterpret_cast<PFNGLEGLIMAGETARGETTEXSTORAGEEXTPROC>(eglGetProcAddress("glEGLImageTargetTexStorageEXT"));
}
PFNGLEGLIMAGETARGETTEXTURESTORAGEEXTPROC texture_storage() {
  return reinterpret_cast<PFNGLEGLIMAGETARGETTEXTURESTORAGEEXTPROC>(
      eglGetProcAddress("glEGLImageTargetTextureStorageEXT"));
}

std::vector<Rgba> texels_of(GLuint texture, GLsizei w, GLsizei h) {
  std::vector<Rgba> out(std::size_t(w * h));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTextureImage(texture, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size() * sizeof(Rgba)), out.data());
  return out;
}

class EglImageStorageTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    if (HasFatalFailure()) return;
    for (std::size_t i = 0; i < pattern_.size(); ++i) pattern_[i] = {GLubyte(i * 10), GLubyte(200 - i), GLubyte(i * 3), 255};
    glGenTextures(1, &source_);
    glBindTexture(GL_TEXTURE_2D, source_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, pattern_.data());
    image_ = eglCreateImage(display_, context_, EGL_GL_TEXTURE_2D,
                            reinterpret_cast<EGLClientBuffer>(std::uintptr_t(source_)), nullptr);
    ASSERT_NE(image_, EGL_NO_IMAGE) << std::hex << eglGetError();
    ASSERT_TRUE(tex_storage() && texture_storage());
  }
  void TearDown() override {
    if (image_ != EGL_NO_IMAGE) eglDestroyImage(display_, image_);
    GlTest::TearDown();
  }

  std::array<Rgba, 16> pattern_{};
  GLuint source_ = 0;
  EGLImage image_ = EGL_NO_IMAGE;
};

TEST_F(EglImageStorageTest, IsAdvertised) {
  EXPECT_TRUE(has_extension("GL_EXT_EGL_image_storage"));
}

TEST_F(EglImageStorageTest, TargetIsImmutableAndSharesTheTexels) {
  GLuint target = 0;
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  const GLint none[] = {GL_NONE};
  tex_storage()(GL_TEXTURE_2D, image_, none);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint immutable = 0, levels = 0, width = 0, format = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &levels);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
  EXPECT_EQ(immutable, GL_TRUE);
  EXPECT_EQ(levels, 1);
  EXPECT_EQ(width, 4);
  EXPECT_EQ(format, GL_RGBA8);
  EXPECT_EQ(texels_of(target, 4, 4), std::vector<Rgba>(pattern_.begin(), pattern_.end()));
  // A write through the target is a write to the image: the source sees it.
  const Rgba written = {1, 2, 3, 4};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, written.data());
  std::vector<Rgba> expected(pattern_.begin(), pattern_.end());
  expected[5] = written;
  EXPECT_EQ(texels_of(source_, 4, 4), expected);
  // Immutable: re-specifying is INVALID_OPERATION (8.19), so the target stays a sibling.
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  tex_storage()(GL_TEXTURE_2D, image_, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(texels_of(target, 4, 4), expected);
  glDeleteTextures(1, &target);
}

TEST_F(EglImageStorageTest, DirectStateAccessFormTakesTheTextureName) {
  GLuint target = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &target);
  texture_storage()(target, image_, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint immutable = 0;
  glGetTextureParameteriv(target, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  EXPECT_EQ(immutable, GL_TRUE);
  EXPECT_EQ(texels_of(target, 4, 4), std::vector<Rgba>(pattern_.begin(), pattern_.end()));
  texture_storage()(987654, image_, nullptr);  // not a texture
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &target);
}

TEST_F(EglImageStorageTest, ErrorsTheExtensionNames) {
  GLuint target = 0;
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  const GLint some = GL_ONE;
  tex_storage()(GL_TEXTURE_2D, image_, &some);  // attrib_list neither null nor GL_NONE
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  tex_storage()(GL_TEXTURE_2D, nullptr, nullptr);  // a null image
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  tex_storage()(GL_TEXTURE_RECTANGLE, image_, nullptr);  // not one of the extension's targets
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // A 2D image cannot become a 3D texture (the extension's "unable to specify").
  GLuint volume = 0;
  glGenTextures(1, &volume);
  glBindTexture(GL_TEXTURE_3D, volume);
  tex_storage()(GL_TEXTURE_3D, image_, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // The default texture has no immutable storage (8.19).
  glBindTexture(GL_TEXTURE_2D, 0);
  tex_storage()(GL_TEXTURE_2D, image_, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteTextures(1, &target);
  glDeleteTextures(1, &volume);
}

}  // namespace
}  // namespace glvk::test
