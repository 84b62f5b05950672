// glTextureView through the real dispatch on lavapipe with validation: views share the original's
// texels (in both directions, at the level/layer offset), reinterpret them bit for bit in another
// format of the view class, report the TEXTURE_VIEW_* state, and raise every error GL 4.6
// section 8.18 names. Expected bit patterns are assembled here from the bytes the test uploaded.
#include <cstring>
#include <string>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

class TextureViewTest : public GlTest {
 protected:
  GLuint storage_2d(GLenum internal_format, GLsizei levels, GLsizei size) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexStorage2D(GL_TEXTURE_2D, levels, internal_format, size, size);
    return t;
  }
  GLuint storage_2d_array(GLenum internal_format, GLsizei levels, GLsizei w, GLsizei h, GLsizei layers) {
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY, t);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, levels, internal_format, w, h, layers);
    return t;
  }
  GLuint view(GLenum target, GLuint original, GLenum internal_format, GLuint min_level, GLuint levels,
              GLuint min_layer, GLuint layers) {
    GLuint v = 0;
    glGenTextures(1, &v);
    glTextureView(v, target, original, internal_format, min_level, levels, min_layer, layers);
    return v;
  }
  std::vector<std::uint8_t> read_level(GLuint texture, GLint level, std::size_t bytes) {
    glBindTexture(GL_TEXTURE_2D, texture);
    std::vector<std::uint8_t> out(bytes);
    glGetTexImage(GL_TEXTURE_2D, level, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    return out;
  }
  GLint parameter(GLenum target, GLuint texture, GLenum pname) {
    glBindTexture(target, texture);
    GLint value = -1;
    glGetTexParameteriv(target, pname, &value);
    return value;
  }
};

// The R32UI word whose little-endian bytes are the RGBA8 texel (R in the low byte).
std::uint32_t word_of(const std::uint8_t* rgba) {
  return std::uint32_t(rgba[0]) | std::uint32_t(rgba[1]) << 8 | std::uint32_t(rgba[2]) << 16 |
         std::uint32_t(rgba[3]) << 24;
}

// A framebuffer (bound to GL_FRAMEBUFFER) with `texture`'s level as colour attachment 0.
GLuint framebuffer_with(GLuint texture, GLint level, GLenum target = GL_TEXTURE_2D) {
  GLuint fb = 0;
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, texture, level);
  return fb;
}

TEST_F(TextureViewTest, Rgba8TexelsReadAsR32uiBitPatterns) {
  const GLuint original = storage_2d(GL_RGBA8, 1, 4);
  const std::vector<std::uint8_t> texels = pattern(4 * 4 * 4, 11);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  const GLuint v = view(GL_TEXTURE_2D, original, GL_R32UI, 0, 1, 0, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteTextures(1, &original);  // the view keeps the storage alive
  glBindTexture(GL_TEXTURE_2D, v);
  std::vector<std::uint32_t> words(16, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, words.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(words[i], word_of(&texels[i * 4])) << "texel " << i;
  GLint internal_format = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal_format);
  EXPECT_EQ(internal_format, GL_R32UI);
}

TEST_F(TextureViewTest, WritesThroughTheViewAreSeenByTheOriginal) {
  const GLuint original = storage_2d(GL_RGBA8, 3, 8);
  const GLuint v = view(GL_TEXTURE_2D, original, GL_R32UI, 1, 2, 0, 1);  // view level 0 = level 1
  glBindTexture(GL_TEXTURE_2D, v);
  std::vector<std::uint32_t> words(4 * 4);
  for (std::size_t i = 0; i < words.size(); ++i) words[i] = 0x01020304u * std::uint32_t(i + 1) ^ 0xa5c3e1f0u;
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, words.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, original);
  std::vector<std::uint8_t> rgba(4 * 4 * 4);
  glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (std::size_t i = 0; i < words.size(); ++i) EXPECT_EQ(word_of(&rgba[i * 4]), words[i]) << "texel " << i;
}

// Uploads layer-and-level-specific bytes into a 2D array and checks that views index into it.
TEST_F(TextureViewTest, LevelsAndLayersOfTheViewAreOffsetIntoTheOriginal) {
  const GLuint original = storage_2d_array(GL_RGBA8, 3, 8, 8, 5);
  std::vector<std::vector<std::uint8_t>> data;  // [level * 5 + layer]
  for (GLint level = 0, size = 8; level < 3; ++level, size /= 2)
    for (GLint layer = 0; layer < 5; ++layer) {
      data.push_back(pattern(std::size_t(size * size * 4), unsigned(level * 5 + layer + 100)));
      glTexSubImage3D(GL_TEXTURE_2D_ARRAY, level, 0, 0, layer, size, size, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                      data.back().data());
    }
  // A 2D view of level 1, layer 3.
  const GLuint single = view(GL_TEXTURE_2D, original, GL_RGBA8UI, 1, 5, 3, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, single);
  std::vector<std::uint8_t> out(4 * 4 * 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, data[1 * 5 + 3]);
  out.assign(2 * 2 * 4, 0);
  glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, data[2 * 5 + 3]);
  // A 2D array view of layers 2..3, and a view of that view starting at its layer 1 (layer 3).
  const GLuint pair = view(GL_TEXTURE_2D_ARRAY, original, GL_RGBA8, 0, 3, 2, 2);
  const GLuint nested = view(GL_TEXTURE_2D, pair, GL_RGBA8, 2, 1, 1, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D_ARRAY, pair);
  out.assign(8 * 8 * 4 * 2, 0);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  std::vector<std::uint8_t> expected = data[2];
  expected.insert(expected.end(), data[3].begin(), data[3].end());
  EXPECT_EQ(out, expected);
  glBindTexture(GL_TEXTURE_2D, nested);
  out.assign(2 * 2 * 4, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, data[2 * 5 + 3]);
  EXPECT_EQ(parameter(GL_TEXTURE_2D, nested, GL_TEXTURE_VIEW_MIN_LEVEL), 2);
  EXPECT_EQ(parameter(GL_TEXTURE_2D, nested, GL_TEXTURE_VIEW_MIN_LAYER), 3);
}

TEST_F(TextureViewTest, CubeViewFacesAreTheArrayLayers) {
  const GLuint original = storage_2d_array(GL_RGBA8, 1, 4, 4, 8);
  std::vector<std::vector<std::uint8_t>> layers;
  for (GLint layer = 0; layer < 8; ++layer) {
    layers.push_back(pattern(4 * 4 * 4, unsigned(layer + 40)));
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, layer, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, layers.back().data());
  }
  const GLuint cube = view(GL_TEXTURE_CUBE_MAP, original, GL_RGBA8, 0, 1, 2, 6);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  for (GLenum face = 0; face < 6; ++face) {
    std::vector<std::uint8_t> out(4 * 4 * 4);
    glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    EXPECT_EQ(out, layers[2 + face]) << "face " << face;
  }
  // Writing face 5 writes layer 7.
  const std::vector<std::uint8_t> patch = pattern(4 * 4 * 4, 99);
  glTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  glBindTexture(GL_TEXTURE_2D_ARRAY, original);
  std::vector<std::uint8_t> all(4 * 4 * 4 * 8);
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, all.data());
  EXPECT_TRUE(std::equal(patch.begin(), patch.end(), all.begin() + 7 * 64));
  EXPECT_TRUE(std::equal(layers[6].begin(), layers[6].end(), all.begin() + 6 * 64));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureViewTest, ViewStateQueries) {
  const GLuint original = storage_2d_array(GL_RGBA16F, 4, 16, 16, 6);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, original, GL_TEXTURE_VIEW_MIN_LEVEL), 0);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, original, GL_TEXTURE_VIEW_NUM_LEVELS), 4);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, original, GL_TEXTURE_VIEW_MIN_LAYER), 0);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, original, GL_TEXTURE_VIEW_NUM_LAYERS), 6);
  // numlevels/numlayers beyond the original are clamped to what it has.
  const GLuint v = view(GL_TEXTURE_2D_ARRAY, original, GL_RG32UI, 1, 100, 2, 100);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, v, GL_TEXTURE_VIEW_MIN_LEVEL), 1);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, v, GL_TEXTURE_VIEW_NUM_LEVELS), 3);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, v, GL_TEXTURE_VIEW_MIN_LAYER), 2);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, v, GL_TEXTURE_VIEW_NUM_LAYERS), 4);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, v, GL_TEXTURE_IMMUTABLE_FORMAT), GL_TRUE);
  EXPECT_EQ(parameter(GL_TEXTURE_2D_ARRAY, v, GL_TEXTURE_IMMUTABLE_LEVELS), 4);  // the original's
  GLint width = 0, depth = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_WIDTH, &width);
  glGetTexLevelParameteriv(GL_TEXTURE_2D_ARRAY, 0, GL_TEXTURE_DEPTH, &depth);
  EXPECT_EQ(width, 8);
  EXPECT_EQ(depth, 4);
  // A cube map from glTexStorage2D has 6 layers.
  GLuint cube = 0;
  glGenTextures(1, &cube);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4);
  EXPECT_EQ(parameter(GL_TEXTURE_CUBE_MAP, cube, GL_TEXTURE_VIEW_NUM_LAYERS), 6);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureViewTest, ErrorsOfSection8_18) {
  const GLuint original = storage_2d(GL_RGBA8, 2, 8);
  const GLuint array = storage_2d_array(GL_RGBA8, 1, 8, 4, 12);
  GLuint fresh = 0, mutable_texture = 0;
  glGenTextures(1, &fresh);
  glGenTextures(1, &mutable_texture);
  glBindTexture(GL_TEXTURE_2D, mutable_texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  struct Case {
    GLuint texture;
    GLenum target;
    GLuint original;
    GLenum format;
    GLuint min_level, levels, min_layer, layers;
    GLenum error;
    const char* what;
  };
  const Case cases[] = {
      {0, GL_TEXTURE_2D, original, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_VALUE, "texture 0"},
      {fresh, GL_TEXTURE_2D, 4242, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_VALUE, "origtexture not a texture"},
      {4343, GL_TEXTURE_2D, original, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION, "texture not generated"},
      {original, GL_TEXTURE_2D, original, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION, "texture has a target"},
      {fresh, GL_TEXTURE_2D, mutable_texture, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION, "mutable original"},
      {fresh, GL_TEXTURE_3D, original, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION, "2D as 3D"},
      {fresh, GL_TEXTURE_CUBE_MAP, original, GL_RGBA8, 0, 1, 0, 6, GL_INVALID_OPERATION, "2D as cube"},
      {fresh, GL_TEXTURE_2D, original, GL_RGB8, 0, 1, 0, 1, GL_INVALID_OPERATION, "32-bit as 24-bit"},
      {fresh, GL_TEXTURE_2D, original, GL_RG8, 0, 1, 0, 1, GL_INVALID_OPERATION, "32-bit as 16-bit"},
      {fresh, GL_TEXTURE_2D, original, GL_DEPTH_COMPONENT32F, 0, 1, 0, 1, GL_INVALID_OPERATION, "as depth"},
      {fresh, GL_TEXTURE_2D, original, GL_RGBA8, 2, 1, 0, 1, GL_INVALID_VALUE, "minlevel past the levels"},
      {fresh, GL_TEXTURE_2D, array, GL_RGBA8, 0, 1, 12, 1, GL_INVALID_VALUE, "minlayer past the layers"},
      {fresh, GL_TEXTURE_2D, original, GL_RGBA8, 0, 1, 0, 2, GL_INVALID_VALUE, "2D with 2 layers"},
  };
  for (const Case& c : cases) {
    glTextureView(c.texture, c.target, c.original, c.format, c.min_level, c.levels, c.min_layer, c.layers);
    EXPECT_EQ(glGetError(), c.error) << c.what;
  }
  // Cube views need 6 square layers.
  const GLuint square = storage_2d_array(GL_RGBA8, 1, 4, 4, 12);
  glTextureView(fresh, GL_TEXTURE_CUBE_MAP, square, GL_RGBA8, 0, 1, 0, 5);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "cube with 5 layers";
  glTextureView(fresh, GL_TEXTURE_CUBE_MAP, square, GL_RGBA8, 0, 1, 8, 6);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "cube with 4 layers left";
  glTextureView(fresh, GL_TEXTURE_CUBE_MAP_ARRAY, square, GL_RGBA8, 0, 1, 0, 7);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "cube array of 7 layers";
  glTextureView(fresh, GL_TEXTURE_CUBE_MAP, array, GL_RGBA8, 0, 1, 0, 6);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "cube view of 8x4 layers";
  // None of the failures gave `fresh` a target: it can still become a view.
  glTextureView(fresh, GL_TEXTURE_CUBE_MAP_ARRAY, square, GL_RGBA8UI, 0, 1, 0, 12);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(parameter(GL_TEXTURE_CUBE_MAP_ARRAY, fresh, GL_TEXTURE_VIEW_NUM_LAYERS), 12);
  glTextureView(fresh, GL_TEXTURE_2D, original, GL_RGBA8, 0, 1, 0, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a view is not made twice";
}

TEST_F(TextureViewTest, CompressedViewsShareTheBlocks) {
  GLuint original = 0;
  glGenTextures(1, &original);
  glBindTexture(GL_TEXTURE_2D, original);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 8);
  const std::vector<std::uint8_t> blocks = pattern(4 * 16, 5);
  glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_COMPRESSED_RGBA_BPTC_UNORM, GLsizei(blocks.size()),
                            blocks.data());
  const GLuint v = view(GL_TEXTURE_2D, original, GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, 0, 1, 0, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, v);
  std::vector<std::uint8_t> out(blocks.size());
  glGetCompressedTexImage(GL_TEXTURE_2D, 0, out.data());
  EXPECT_EQ(out, blocks);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Where the device stores two formats of a class in Vulkan formats of different sizes (here
// GL_RGB16 padded to 64 bits, GL_RGB16F perhaps in 48), the view is refused with a KHR_debug
// message rather than showing wrong bits; where it is made, the bits are the original's.
TEST_F(TextureViewTest, ViewsAcrossStorageOfDifferentSizesAreRefusedOrExact) {
  glEnable(GL_DEBUG_OUTPUT);
  const GLuint original = storage_2d(GL_RGB16, 1, 2);
  const std::uint16_t words[2 * 2 * 3] = {0x0001, 0x3c00, 0x1234, 0x7bff, 0x0400, 0x2222,
                                         0x3333, 0x0000, 0x5555, 0x0102, 0x6000, 0x0abc};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGB, GL_UNSIGNED_SHORT, words);
  const GLuint v = view(GL_TEXTURE_2D, original, GL_RGB16F, 0, 1, 0, 1);
  const GLenum error = glGetError();
  if (error == GL_NO_ERROR) {
    glBindTexture(GL_TEXTURE_2D, v);
    std::uint16_t out[2 * 2 * 3] = {};
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_HALF_FLOAT, out);
    EXPECT_TRUE(std::equal(std::begin(words), std::end(words), out));
    return;
  }
  EXPECT_EQ(error, GLenum(GL_INVALID_OPERATION));
  GLint logged = 0;
  glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
  std::vector<GLchar> text(4096);
  GLenum source, type, severity;
  GLuint id;
  GLsizei length;
  bool explained = false;
  while (glGetDebugMessageLog(1, GLsizei(text.size()), &source, &type, &id, &severity, &length, text.data()))
    explained |= std::string(text.data()).find("cannot share storage bit for bit") != std::string::npos;
  EXPECT_TRUE(explained);
  EXPECT_EQ(parameter(GL_TEXTURE_2D, original, GL_TEXTURE_IMMUTABLE_FORMAT), GL_TRUE);
}

// A clear of a reinterpreting view writes the clear value's bits in the view's format.
TEST_F(TextureViewTest, ClearingAnR32uiViewWritesItsBitsIntoTheRgba8Original) {
  const GLuint original = storage_2d(GL_RGBA8, 1, 4);
  const GLuint v = view(GL_TEXTURE_2D, original, GL_R32UI, 0, 1, 0, 1);
  framebuffer_with(v, 0);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const GLuint value[4] = {0x11223344u, 0, 0, 0};
  glClearBufferuiv(GL_COLOR, 0, value);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D, original);
  std::vector<std::uint8_t> rgba(4 * 4 * 4);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(word_of(&rgba[i * 4]), 0x11223344u) << "texel " << i;
}

// Every pair of formats in each class of GL 4.6 table 8.22 makes a view on lavapipe (the device
// the tests run on): its chosen storage formats of one class share their size and layout, which
// is what advertising GL_ARB_texture_view rests on.
TEST_F(TextureViewTest, EveryPairOfEachUncompressedViewClassIsViewable) {
  const std::vector<std::vector<GLenum>> classes = {
      {GL_RGBA32F, GL_RGBA32UI, GL_RGBA32I},
      {GL_RGB32F, GL_RGB32UI, GL_RGB32I},
      {GL_RGBA16F, GL_RG32F, GL_RGBA16UI, GL_RG32UI, GL_RGBA16I, GL_RG32I,
       GL_RGBA16, GL_RGBA16_SNORM},
      {GL_RGB16, GL_RGB16_SNORM, GL_RGB16F, GL_RGB16UI, GL_RGB16I},
      {GL_RG16F, GL_R11F_G11F_B10F, GL_R32F, GL_RGB10_A2UI, GL_RGBA8UI, GL_RG16UI,
       GL_R32UI, GL_RGBA8I, GL_RG16I, GL_R32I, GL_RGB10_A2, GL_RGBA8, GL_RG16,
       GL_RGBA8_SNORM, GL_RG16_SNORM, GL_SRGB8_ALPHA8, GL_RGB9_E5},
      {GL_RGB8, GL_RGB8_SNORM, GL_SRGB8, GL_RGB8UI, GL_RGB8I},
      {GL_R16F, GL_RG8UI, GL_R16UI, GL_RG8I, GL_R16I, GL_RG8, GL_R16,
       GL_RG8_SNORM, GL_R16_SNORM},
      {GL_R8UI, GL_R8I, GL_R8, GL_R8_SNORM},
  };
  for (const auto& view_class : classes)
    for (const GLenum from : view_class) {
      const GLuint original = storage_2d(from, 1, 1);
      for (const GLenum to : view_class) {
        GLuint v = 0;
        glGenTextures(1, &v);
        glTextureView(v, GL_TEXTURE_2D, original, to, 0, 1, 0, 1);
        EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << std::hex << from << " as " << to;
        glDeleteTextures(1, &v);
      }
      glDeleteTextures(1, &original);
    }
}

// glBlitFramebuffer of the whole size x size level 0 of `from` onto `to`, through framebuffers.
void blit_whole(GLuint from, GLuint to, GLint size) {
  const GLuint read_fb = framebuffer_with(from, 0);
  const GLuint draw_fb = framebuffer_with(to, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, read_fb);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, draw_fb);
  glBlitFramebuffer(0, 0, size, size, 0, 0, size, size, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Blits into and out of an R32UI view of an RGBA8 level (Vulkan blits read the image's format:
// the view's bits must still arrive unchanged).
TEST_F(TextureViewTest, BlitsIntoAndOutOfAReinterpretingView) {
  const GLuint original = storage_2d(GL_RGBA8, 2, 8);
  const GLuint v = view(GL_TEXTURE_2D, original, GL_R32UI, 1, 1, 0, 1);  // the 4x4 level
  std::vector<std::uint32_t> words(16);
  for (std::size_t i = 0; i < words.size(); ++i) words[i] = 0x80402010u + std::uint32_t(i) * 0x01030507u;
  const GLuint source = storage_2d(GL_R32UI, 1, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, words.data());
  blit_whole(source, v, 4);
  glBindTexture(GL_TEXTURE_2D, original);
  std::vector<std::uint8_t> rgba(4 * 4 * 4);
  glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(word_of(&rgba[i * 4]), words[i]) << "texel " << i;
  // And out of the view into a fresh R32UI texture.
  const GLuint target = storage_2d(GL_R32UI, 1, 4);
  blit_whole(v, target, 4);
  glBindTexture(GL_TEXTURE_2D, target);
  std::vector<std::uint32_t> out(16);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, out.data());
  EXPECT_EQ(out, words);
}

// A blit into a same-format view of one level and layer lands at that level and layer.
TEST_F(TextureViewTest, BlitIntoAViewOfOneLevelAndLayer) {
  const GLuint original = storage_2d_array(GL_RGBA8, 2, 8, 8, 3);
  const std::vector<std::uint8_t> zeros(4 * 4 * 4 * 3, 0);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 1, 0, 0, 0, 4, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, zeros.data());
  const GLuint v = view(GL_TEXTURE_2D, original, GL_RGBA8, 1, 1, 2, 1);
  const std::vector<std::uint8_t> texels = pattern(4 * 4 * 4, 61);
  const GLuint source = storage_2d(GL_RGBA8, 1, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  blit_whole(source, v, 4);
  glBindTexture(GL_TEXTURE_2D_ARRAY, original);
  std::vector<std::uint8_t> out(zeros.size());
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  std::vector<std::uint8_t> expected(4 * 4 * 4 * 2, 0);
  expected.insert(expected.end(), texels.begin(), texels.end());
  EXPECT_EQ(out, expected);
}

// A scissored clear of a view of one array layer touches only that layer's rectangle.
TEST_F(TextureViewTest, ScissoredClearsOfViewsStayInTheirLayerAndRectangle) {
  const GLuint original = storage_2d_array(GL_RGBA8, 1, 8, 8, 3);
  const std::vector<std::uint8_t> before = pattern(8 * 8 * 4 * 3, 31);
  glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 8, 8, 3, GL_RGBA, GL_UNSIGNED_BYTE, before.data());
  const GLuint as_words = view(GL_TEXTURE_2D, original, GL_R32UI, 0, 1, 2, 1);
  const GLuint as_bytes = view(GL_TEXTURE_2D, original, GL_RGBA8, 0, 1, 1, 1);
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 3, 3, 4);
  framebuffer_with(as_words, 0);
  const GLuint word[4] = {0xaabbccddu, 0, 0, 0};
  glClearBufferuiv(GL_COLOR, 0, word);
  framebuffer_with(as_bytes, 0);
  const GLfloat red[4] = {1, 0, 0, 1};
  glClearBufferfv(GL_COLOR, 0, red);
  glDisable(GL_SCISSOR_TEST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D_ARRAY, original);
  std::vector<std::uint8_t> after(before.size());
  glGetTexImage(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, after.data());
  const std::uint8_t cleared[3][4] = {{0, 0, 0, 0}, {0xff, 0, 0, 0xff}, {0xdd, 0xcc, 0xbb, 0xaa}};
  for (int layer = 0; layer < 3; ++layer)
    for (int y = 0; y < 8; ++y)
      for (int x = 0; x < 8; ++x) {
        const bool inside = layer > 0 && x >= 2 && x < 5 && y >= 3 && y < 7;
        const std::size_t at = std::size_t(((layer * 8 + y) * 8 + x) * 4);
        for (int c = 0; c < 4; ++c)
          ASSERT_EQ(after[at + std::size_t(c)], inside ? cleared[layer][c] : before[at + std::size_t(c)])
              << "layer " << layer << " texel " << x << "," << y << " channel " << c;
      }
}

// glGenerateMipmap on a view fills the original's levels below the view's base, and no others.
TEST_F(TextureViewTest, MipmapsGeneratedThroughAViewLandInTheOriginal) {
  const GLuint original = storage_2d(GL_RGBA8, 3, 8);
  const std::vector<std::uint8_t> level0 = pattern(8 * 8 * 4, 41);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, level0.data());
  const GLuint v = view(GL_TEXTURE_2D, original, GL_SRGB8_ALPHA8, 1, 2, 0, 1);
  glBindTexture(GL_TEXTURE_2D, v);
  // A uniform level averages to itself whatever the filter and colour space.
  const std::vector<std::uint8_t> uniform(4 * 4 * 4, 0x5a);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, uniform.data());
  glGenerateMipmap(GL_TEXTURE_2D);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(read_level(original, 2, 2 * 2 * 4), std::vector<std::uint8_t>(2 * 2 * 4, 0x5a));
  EXPECT_EQ(read_level(original, 0, level0.size()), level0);
}

TEST_F(TextureViewTest, ThreeDimensionalAndOneDimensionalArrayViews) {
  GLuint volume = 0;
  glGenTextures(1, &volume);
  glBindTexture(GL_TEXTURE_3D, volume);
  glTexStorage3D(GL_TEXTURE_3D, 2, GL_RGBA8, 4, 4, 4);
  const std::vector<std::uint8_t> level1 = pattern(2 * 2 * 2 * 4, 51);
  glTexSubImage3D(GL_TEXTURE_3D, 1, 0, 0, 0, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, level1.data());
  const GLuint small = view(GL_TEXTURE_3D, volume, GL_RGBA8UI, 1, 1, 0, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_3D, small);
  std::vector<std::uint8_t> out(level1.size());
  glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, out.data());
  EXPECT_EQ(out, level1);

  GLuint rows = 0;
  glGenTextures(1, &rows);
  glBindTexture(GL_TEXTURE_1D_ARRAY, rows);
  glTexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_RGBA8, 8, 4);
  const std::vector<std::uint8_t> layers = pattern(8 * 4 * 4, 52);
  glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 0, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, layers.data());
  const GLuint one = view(GL_TEXTURE_1D, rows, GL_R32UI, 0, 1, 2, 1);
  const GLuint two = view(GL_TEXTURE_1D_ARRAY, rows, GL_RGBA8, 0, 1, 1, 2);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_1D, one);
  std::vector<std::uint32_t> words(8);
  glGetTexImage(GL_TEXTURE_1D, 0, GL_RED_INTEGER, GL_UNSIGNED_INT, words.data());
  for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(words[i], word_of(&layers[(2 * 8 + i) * 4])) << "texel " << i;
  glBindTexture(GL_TEXTURE_1D_ARRAY, two);
  out.assign(8 * 2 * 4, 0);
  glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  EXPECT_TRUE(std::equal(out.begin(), out.end(), layers.begin() + 8 * 4));
  EXPECT_EQ(parameter(GL_TEXTURE_1D_ARRAY, two, GL_TEXTURE_VIEW_NUM_LAYERS), 2);
}

// A multisample view in another format: its clear reaches every sample of the original, which a
// resolve then shows.
TEST_F(TextureViewTest, ClearOfAMultisampleViewReachesEverySample) {
  GLuint original = 0;
  glGenTextures(1, &original);
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, original);
  glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
  const GLuint v = view(GL_TEXTURE_2D_MULTISAMPLE, original, GL_R32UI, 0, 1, 0, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const GLuint fb = framebuffer_with(v, 0, GL_TEXTURE_2D_MULTISAMPLE);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  const GLuint value[4] = {0x40c08020u, 0, 0, 0};
  glClearBufferuiv(GL_COLOR, 0, value);
  // Resolve the RGBA8 original: every sample holds bytes 20 80 c0 40.
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, original, 0);
  const GLuint single = storage_2d(GL_RGBA8, 1, 4);
  const GLuint resolved_fb = framebuffer_with(single, 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved_fb);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint8_t> rgba = read_level(single, 0, 4 * 4 * 4);
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(word_of(&rgba[i * 4]), value[0]) << "texel " << i;
}

}  // namespace
}  // namespace glvk::test
