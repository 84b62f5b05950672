// The GL 4.5 direct-state-access texture commands and the remaining target-based ones through the
// real dispatch on lavapipe with validation: each command's result read back, the errors GL 4.6
// names (unknown names, targets the command does not take, bad pnames, small buffers, negative
// sizes), and DSA and target-based forms compared on the same work. Expected values come from the
// uploaded bytes and the spec's conversion formulas, never from glvk.
#include <climits>
#include <cmath>
#include <cstring>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

class TextureDsaTest : public GlTest {
 protected:
  GLuint create(GLenum target) {
    GLuint t = 0;
    glCreateTextures(target, 1, &t);
    return t;
  }
};

constexpr GLuint kNoSuchTexture = 4242;

// The texel bytes of an RGBA8 w x h image at (x, y).
const std::uint8_t* texel(const std::vector<std::uint8_t>& image, int w, int x, int y) {
  return &image[std::size_t((y * w + x) * 4)];
}

TEST_F(TextureDsaTest, TextureSubImage1DWritesWhatGetTextureImageReads) {
  const GLuint t = create(GL_TEXTURE_1D);
  glTextureStorage1D(t, 2, GL_RGBA8, 16);
  const std::vector<std::uint8_t> base(16 * 4, 0x11), patch = pattern(5 * 4, 3);
  glTextureSubImage1D(t, 0, 0, 16, GL_RGBA, GL_UNSIGNED_BYTE, base.data());
  glTextureSubImage1D(t, 0, 6, 5, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(16 * 4, 0);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (std::size_t i = 0; i < out.size(); ++i)
    ASSERT_EQ(out[i], i >= 6 * 4 && i < 11 * 4 ? patch[i - 6 * 4] : 0x11) << i;
  GLint levels = 0, width = 0;
  glGetTextureParameteriv(t, GL_TEXTURE_IMMUTABLE_LEVELS, &levels);
  glGetTextureLevelParameteriv(t, 1, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(levels, 2);
  EXPECT_EQ(width, 8);

  const GLuint two_d = create(GL_TEXTURE_2D);
  glTextureStorage1D(two_d, 1, GL_RGBA8, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "TextureStorage1D of a 2D texture";
  glTextureStorage1D(kNoSuchTexture, 1, GL_RGBA8, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "TextureStorage1D of no texture";
  glTextureSubImage1D(two_d, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "TextureSubImage1D of a 2D texture";
  glTextureSubImage1D(kNoSuchTexture, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  GLuint reserved = 0;
  glGenTextures(1, &reserved);
  glTextureSubImage1D(reserved, 0, 0, 1, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a name never bound is no object yet";
  glTextureSubImage1D(t, 0, 0, -1, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative width";
  glTextureSubImage1D(t, 0, 12, 5, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "past the end";
  // The failed calls changed nothing.
  std::vector<std::uint8_t> again(out.size(), 0);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(again.size()), again.data());
  EXPECT_EQ(again, out);
}

TEST_F(TextureDsaTest, TextureSubImage3DTakesCubeFacesAsLayers) {
  const GLuint t = create(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(t, 1, GL_RGBA8, 4, 4);
  const std::vector<std::uint8_t> faces = pattern(6 * 4 * 4 * 4, 8);
  glTextureSubImage3D(t, 0, 0, 0, 0, 4, 4, 6, GL_RGBA, GL_UNSIGNED_BYTE, faces.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_CUBE_MAP, t);
  for (int f = 0; f < 6; ++f) {
    std::vector<std::uint8_t> out(4 * 4 * 4, 0);
    glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + GLenum(f), 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
    EXPECT_TRUE(std::equal(out.begin(), out.end(), faces.begin() + f * 64)) << "face " << f;
  }
  glTextureSubImage3D(t, 0, 0, 0, 4, 4, 4, 3, GL_RGBA, GL_UNSIGNED_BYTE, faces.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "faces 4..6";
  // glGetTextureImage of a cube map returns the six faces one after the other.
  std::vector<std::uint8_t> all(faces.size(), 0);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(all.size()), all.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(all, faces);
  std::vector<std::uint8_t> untouched(faces.size(), 0xEE);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(faces.size() - 1), untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "one byte short of six faces";
  EXPECT_EQ(untouched, std::vector<std::uint8_t>(faces.size(), 0xEE)) << "an error writes no face";
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, 1 << 20, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "no memory and no PBO: nothing to write";

  // Through pixel buffer objects: the faces start 16 bytes into the unpack buffer and are packed
  // 8 bytes into the pack buffer.
  const std::vector<std::uint8_t> other = pattern(faces.size(), 9);
  GLuint buffers[2] = {};
  glCreateBuffers(2, buffers);
  glNamedBufferData(buffers[0], GLsizeiptr(16 + other.size()), nullptr, GL_STATIC_DRAW);
  glNamedBufferSubData(buffers[0], 16, GLsizeiptr(other.size()), other.data());
  glNamedBufferData(buffers[1], GLsizeiptr(8 + other.size()), nullptr, GL_STATIC_READ);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffers[0]);
  glTextureSubImage3D(t, 0, 0, 0, 0, 4, 4, 6, GL_RGBA, GL_UNSIGNED_BYTE, reinterpret_cast<const void*>(16));
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, buffers[1]);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(other.size()), reinterpret_cast<void*>(8));
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::vector<std::uint8_t> packed = contents(buffers[1], 8 + other.size());
  EXPECT_TRUE(std::equal(other.begin(), other.end(), packed.begin() + 8));
}

TEST_F(TextureDsaTest, ParametersSetThroughEitherFormReadBackThroughBoth) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureParameteri(t, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTextureParameterf(t, GL_TEXTURE_MIN_LOD, 2.75f);
  const GLint swizzle[4] = {GL_BLUE, GL_ONE, GL_RED, GL_ZERO};
  glTextureParameteriv(t, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
  const GLfloat max_lod = 6.25f;
  glTextureParameterfv(t, GL_TEXTURE_MAX_LOD, &max_lod);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint value = 0;
  glGetTextureParameteriv(t, GL_TEXTURE_MIN_FILTER, &value);
  EXPECT_EQ(value, GL_NEAREST);
  GLfloat lod = 0;
  glGetTextureParameterfv(t, GL_TEXTURE_MIN_LOD, &lod);
  EXPECT_EQ(lod, 2.75f);
  glGetTextureParameteriv(t, GL_TEXTURE_MIN_LOD, &value);
  EXPECT_EQ(value, 3) << "a float queried as an integer rounds to the nearest";
  glGetTextureParameterfv(t, GL_TEXTURE_MAX_LOD, &lod);
  EXPECT_EQ(lod, 6.25f);
  GLint swizzle_back[4] = {};
  glGetTextureParameterIiv(t, GL_TEXTURE_SWIZZLE_RGBA, swizzle_back);
  EXPECT_TRUE(std::equal(swizzle, swizzle + 4, swizzle_back));
  glGetTextureParameteriv(t, GL_TEXTURE_SWIZZLE_G, &value);
  EXPECT_EQ(value, GL_ONE);
  glTextureParameteri(t, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
  glGetTextureParameteriv(t, GL_DEPTH_STENCIL_TEXTURE_MODE, &value);
  EXPECT_EQ(value, GL_STENCIL_INDEX);
  glTextureParameterf(t, GL_TEXTURE_LOD_BIAS, -1.5f);
  GLfloat bias = 0;
  glGetTextureParameterfv(t, GL_TEXTURE_LOD_BIAS, &bias);
  EXPECT_EQ(bias, -1.5f);

  // The same object through its binding: one state, two ways in.
  glBindTexture(GL_TEXTURE_2D, t);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &value);
  EXPECT_EQ(value, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
  glGetTextureParameteriv(t, GL_TEXTURE_WRAP_T, &value);
  EXPECT_EQ(value, GL_MIRRORED_REPEAT);
  GLuint unsigned_value = 0;
  glGetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &unsigned_value);
  EXPECT_EQ(unsigned_value, GLuint(GL_MIRRORED_REPEAT));
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureDsaTest, IntegerBorderColoursRoundTripUnconverted) {
  const GLuint t = create(GL_TEXTURE_2D);
  const GLint signed_colour[4] = {-5, 7, INT_MAX, INT_MIN};
  glTextureParameterIiv(t, GL_TEXTURE_BORDER_COLOR, signed_colour);
  GLint signed_back[4] = {};
  glGetTextureParameterIiv(t, GL_TEXTURE_BORDER_COLOR, signed_back);
  EXPECT_TRUE(std::equal(signed_colour, signed_colour + 4, signed_back));

  glBindTexture(GL_TEXTURE_2D, t);
  const GLuint unsigned_colour[4] = {0xFFFFFFFFu, 1, 0x80000000u, 123456789u};
  glTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, unsigned_colour);
  GLuint unsigned_back[4] = {};
  glGetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, unsigned_back);
  EXPECT_TRUE(std::equal(unsigned_colour, unsigned_colour + 4, unsigned_back));
  glGetTextureParameterIuiv(t, GL_TEXTURE_BORDER_COLOR, unsigned_back);
  EXPECT_TRUE(std::equal(unsigned_colour, unsigned_colour + 4, unsigned_back));
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureDsaTest, FloatBorderColoursConvertAsSignedNormalized) {
  const GLuint t = create(GL_TEXTURE_2D);
  const GLfloat colour[4] = {0.25f, -1.0f, 1.0f, 0.75f};
  glTextureParameterfv(t, GL_TEXTURE_BORDER_COLOR, colour);
  GLint as_int[4] = {};
  glGetTextureParameteriv(t, GL_TEXTURE_BORDER_COLOR, as_int);
  // GL 4.6 sections 2.2.2 and 2.3.5.1: round(f * (2^31 - 1)).
  EXPECT_EQ(as_int[0], 536870912);  // 0.25 * 2147483647 = 536870911.75
  EXPECT_EQ(as_int[1], -2147483647);
  EXPECT_EQ(as_int[2], 2147483647);
  EXPECT_EQ(as_int[3], 1610612735);  // 0.75 * 2147483647 = 1610612735.25
  // glTexParameteriv's integers are signed normalized on the way in (equation 2.2).
  const GLint normalized[4] = {INT_MAX, 0, -1073741824, INT_MIN};
  glTextureParameteriv(t, GL_TEXTURE_BORDER_COLOR, normalized);
  GLfloat back[4] = {};
  glGetTextureParameterfv(t, GL_TEXTURE_BORDER_COLOR, back);
  EXPECT_FLOAT_EQ(back[0], 1.0f);
  EXPECT_FLOAT_EQ(back[1], 0.0f);
  EXPECT_FLOAT_EQ(back[2], float(-1073741824.0 / 2147483647.0));
  EXPECT_FLOAT_EQ(back[3], -1.0f) << "INT_MIN clamps to -1";
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(TextureDsaTest, ParameterErrors) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureParameteri(kNoSuchTexture, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  glTextureParameteri(t, GL_TEXTURE_WIDTH, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a texture parameter";
  glTextureParameteri(t, GL_TEXTURE_MIN_FILTER, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a filter";
  glTextureParameteri(t, GL_TEXTURE_WRAP_R, GL_CLAMP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "GL_CLAMP is not in the core profile";
  glTextureParameteri(t, GL_TEXTURE_MAX_LEVEL, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative level";
  glTextureParameterf(t, GL_TEXTURE_BORDER_COLOR, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "a vector parameter through the scalar form";
  glTextureParameteri(t, GL_TEXTURE_SWIZZLE_RGBA, GL_RED);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "a vector parameter through the scalar form";

  const GLuint rectangle = create(GL_TEXTURE_RECTANGLE);
  glTextureParameteri(rectangle, GL_TEXTURE_WRAP_S, GL_REPEAT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "rectangles do not repeat";
  glTextureParameteri(rectangle, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "rectangles have no mipmaps";
  glTextureParameteri(rectangle, GL_TEXTURE_BASE_LEVEL, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a rectangle's base level is 0";
  const GLuint multisample = create(GL_TEXTURE_2D_MULTISAMPLE);
  // GL 4.6 8.10: INVALID_OPERATION through the name, INVALID_ENUM through the target.
  glTextureParameteri(multisample, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "multisample textures have no sampler state";
  glTextureParameterf(multisample, GL_TEXTURE_LOD_BIAS, 1.0f);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "nor a LOD bias";
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, multisample);
  glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WRAP_S, GL_REPEAT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "the target form";
  glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
  glTextureParameteri(t, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_STENCIL);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "depth or stencil, not both";
  glTextureParameteri(multisample, GL_TEXTURE_SWIZZLE_R, GL_GREEN);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "but they have a swizzle";
  const GLuint buffer_texture = create(GL_TEXTURE_BUFFER);
  glTextureParameteri(buffer_texture, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "buffer textures have no parameters";
  glTexParameteri(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a glTexParameter target";

  GLint untouched[4] = {-7, -7, -7, -7};
  glGetTextureParameteriv(t, GL_TEXTURE_WIDTH, untouched);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a texture parameter";
  EXPECT_EQ(untouched[0], -7);
  glGetTextureParameterIiv(kNoSuchTexture, GL_TEXTURE_MIN_FILTER, untouched);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  glGetTexParameterIiv(GL_TEXTURE_BUFFER, GL_TEXTURE_MIN_FILTER, untouched);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a glGetTexParameter target";
  EXPECT_EQ(untouched[0], -7);
  // None of that touched the state.
  GLint filter = 0;
  glGetTextureParameteriv(t, GL_TEXTURE_MIN_FILTER, &filter);
  EXPECT_EQ(filter, GL_NEAREST_MIPMAP_LINEAR);
}

class TextureDsaCompatibilityTest : public TextureDsaTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

TEST_F(TextureDsaCompatibilityTest, ClampIsAWrapModeOfTheCompatibilityProfile) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureParameteri(t, GL_TEXTURE_WRAP_S, GL_CLAMP);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint wrap = 0;
  glGetTextureParameteriv(t, GL_TEXTURE_WRAP_S, &wrap);
  EXPECT_EQ(wrap, GL_CLAMP);
}

TEST_F(TextureDsaTest, TextureLevelParametersEqualTheTargetQueries) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureStorage2D(t, 3, GL_RGBA8, 8, 4);
  glBindTexture(GL_TEXTURE_2D, t);
  // Level 1 of an 8x4 RGBA8 texture: 4x2, eight bits per component.
  const std::pair<GLenum, GLint> expected[] = {{GL_TEXTURE_WIDTH, 4},         {GL_TEXTURE_HEIGHT, 2},
                                               {GL_TEXTURE_DEPTH, 1},         {GL_TEXTURE_INTERNAL_FORMAT, GL_RGBA8},
                                               {GL_TEXTURE_RED_SIZE, 8},      {GL_TEXTURE_ALPHA_SIZE, 8},
                                               {GL_TEXTURE_COMPRESSED, GL_FALSE}, {GL_TEXTURE_DEPTH_SIZE, 0}};
  for (const auto& [pname, value] : expected) {
    GLint dsa = -1, bound = -2;
    GLfloat dsa_float = -1;
    glGetTextureLevelParameteriv(t, 1, pname, &dsa);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, pname, &bound);
    glGetTextureLevelParameterfv(t, 1, pname, &dsa_float);
    EXPECT_EQ(dsa, value) << std::hex << pname;
    EXPECT_EQ(bound, value) << std::hex << pname;
    EXPECT_EQ(dsa_float, GLfloat(value)) << std::hex << pname;
  }
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint untouched = -7;
  glGetTextureLevelParameteriv(t, -1, GL_TEXTURE_WIDTH, &untouched);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative level";
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_MIN_FILTER, &untouched);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a level parameter";
  glGetTextureLevelParameteriv(kNoSuchTexture, 0, GL_TEXTURE_WIDTH, &untouched);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  EXPECT_EQ(untouched, -7);

  const GLuint cube = create(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(cube, 1, GL_RGBA8, 16, 16);
  GLint width = 0;
  glGetTextureLevelParameteriv(cube, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 16);
}

TEST_F(TextureDsaTest, MultisampleStorageThroughTheName) {
  const GLuint t = create(GL_TEXTURE_2D_MULTISAMPLE);
  glTextureStorage2DMultisample(t, 4, GL_RGBA8, 16, 8, GL_TRUE);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint samples = 0, width = 0, immutable = 0;
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_SAMPLES, &samples);
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_WIDTH, &width);
  glGetTextureParameteriv(t, GL_TEXTURE_IMMUTABLE_FORMAT, &immutable);
  EXPECT_EQ(samples, 4);
  EXPECT_EQ(width, 16);
  EXPECT_EQ(immutable, GL_TRUE);
  glTextureStorage2DMultisample(t, 4, GL_RGBA8, 16, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "already immutable";

  const GLuint array = create(GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
  glTextureStorage3DMultisample(array, 4, GL_DEPTH24_STENCIL8, 8, 8, 3, GL_FALSE);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint layers = 0;
  glGetTextureLevelParameteriv(array, 0, GL_TEXTURE_DEPTH, &layers);
  EXPECT_EQ(layers, 3);

  glTextureStorage2DMultisample(array, 4, GL_RGBA8, 16, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "an array through the 2D form";
  glTextureStorage3DMultisample(create(GL_TEXTURE_2D_ARRAY), 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not multisample";
  glTextureStorage2DMultisample(kNoSuchTexture, 4, GL_RGBA8, 16, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  glTextureStorage2DMultisample(create(GL_TEXTURE_2D_MULTISAMPLE), 4, GL_RGBA8, -1, 8, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative width";
}

// BC1: two RGB565 endpoints (little-endian), then sixteen 2-bit indices.
std::vector<std::uint8_t> bc1_block(std::uint16_t c0, std::uint16_t c1, std::uint32_t indices) {
  return {std::uint8_t(c0), std::uint8_t(c0 >> 8), std::uint8_t(c1), std::uint8_t(c1 >> 8),
          std::uint8_t(indices), std::uint8_t(indices >> 8), std::uint8_t(indices >> 16), std::uint8_t(indices >> 24)};
}

TEST_F(TextureDsaTest, CompressedTextureSubImagesReplaceBlocks) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureStorage2D(t, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 4);
  std::vector<std::uint8_t> blocks = bc1_block(0xF800, 0x001F, 0);
  const std::vector<std::uint8_t> right = bc1_block(0x07E0, 0x001F, 0x55555555);
  blocks.insert(blocks.end(), right.begin(), right.end());
  glCompressedTextureSubImage2D(t, 0, 0, 0, 8, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 16, blocks.data());
  const std::vector<std::uint8_t> patch = bc1_block(0xFFFF, 0x0000, 0xFFFFFFFF);
  glCompressedTextureSubImage2D(t, 0, 4, 0, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, patch.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::copy(patch.begin(), patch.end(), blocks.begin() + 8);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<std::uint8_t> back(16, 0);
  glGetnCompressedTexImage(GL_TEXTURE_2D, 0, 16, back.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(back, blocks);
  std::vector<std::uint8_t> untouched(16, 0xEE);
  glGetnCompressedTexImage(GL_TEXTURE_2D, 0, 15, untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "bufSize one byte short";
  EXPECT_EQ(untouched, std::vector<std::uint8_t>(16, 0xEE));
  glGetnCompressedTexImage(GL_TEXTURE_2D, 0, -1, untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative bufSize";

  glCompressedTextureSubImage2D(t, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 9, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "imageSize of one block is 8";
  glCompressedTextureSubImage2D(t, 0, 2, 0, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not on a block boundary";
  glCompressedTextureSubImage2D(kNoSuchTexture, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  glCompressedTextureSubImage3D(t, 0, 0, 0, 0, 4, 4, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a 2D texture through the 3D form";
  const GLuint plain = create(GL_TEXTURE_2D);
  glTextureStorage2D(plain, 1, GL_RGBA8, 4, 4);
  glCompressedTextureSubImage2D(plain, 0, 0, 0, 4, 4, GL_RGBA8, 64, pattern(64, 1).data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "the image is not compressed";
  const GLuint one_d = create(GL_TEXTURE_1D);
  glTextureStorage1D(one_d, 1, GL_RGBA8, 4);
  glCompressedTextureSubImage1D(one_d, 0, 0, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "1D images are never compressed";
  glCompressedTexSubImage1D(GL_TEXTURE_2D, 0, 0, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a 1D target";
  glCompressedTextureSubImage1D(t, 0, 0, 4, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, patch.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a 2D texture through the 1D form";
}

TEST_F(TextureDsaTest, CompressedTextureSubImage3DFillsArrayLayersAndCubeFaces) {
  const GLuint array = create(GL_TEXTURE_2D_ARRAY);
  glTextureStorage3D(array, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 3);
  const std::vector<std::uint8_t> layers = pattern(3 * 8, 21);
  glCompressedTextureSubImage3D(array, 0, 0, 0, 0, 4, 4, 3, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 24, layers.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_2D_ARRAY, array);
  std::vector<std::uint8_t> back(24, 0);
  glGetCompressedTexImage(GL_TEXTURE_2D_ARRAY, 0, back.data());
  EXPECT_EQ(back, layers);

  const GLuint cube = create(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(cube, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4);
  const std::vector<std::uint8_t> faces = pattern(6 * 8, 22);
  glCompressedTextureSubImage3D(cube, 0, 0, 0, 0, 4, 4, 6, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 48, faces.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  for (int f = 0; f < 6; ++f) {
    std::vector<std::uint8_t> face(8, 0);
    glGetCompressedTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + GLenum(f), 0, face.data());
    EXPECT_TRUE(std::equal(face.begin(), face.end(), faces.begin() + f * 8)) << "face " << f;
  }
  std::vector<std::uint8_t> all(48, 0);
  glGetCompressedTextureImage(cube, 0, 48, all.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(all, faces);
  glGetCompressedTextureImage(array, 0, 23, all.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "bufSize one byte short";
  glGetCompressedTextureImage(create(GL_TEXTURE_2D), 0, 48, all.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no compressed image";
}

// glGetCompressedTextureSubImage (GL 4.6 section 8.11.4): whole blocks of a region, rows of blocks
// packed; partial blocks only where the region reaches the image's edge. Native (BC1) and decoded
// (ETC2 on lavapipe, blocks kept on the side) storage answer alike.
TEST_F(TextureDsaTest, CompressedTextureSubImageReadsWholeBlocksOfARegion) {
  for (const GLenum format : {GLenum(GL_COMPRESSED_RGB_S3TC_DXT1_EXT), GLenum(GL_COMPRESSED_RGB8_ETC2)}) {
    SCOPED_TRACE(format);
    // 10x8 texels: 3x2 blocks of 8 bytes, the right column only half inside the image.
    const GLuint t = create(GL_TEXTURE_2D);
    glTextureStorage2D(t, 1, format, 10, 8);
    const std::vector<std::uint8_t> blocks = pattern(3 * 2 * 8, 41);
    glCompressedTextureSubImage2D(t, 0, 0, 0, 10, 8, format, GLsizei(blocks.size()), blocks.data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    const auto block = [&](int bx, int by) { return blocks.begin() + (by * 3 + bx) * 8; };
    // Blocks (1,0) and (2,0): x 4..9, reaching the right edge with a partial block.
    std::vector<std::uint8_t> out(16, 0);
    glGetCompressedTextureSubImage(t, 0, 4, 0, 0, 6, 4, 1, GLsizei(out.size()), out.data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_TRUE(std::equal(out.begin(), out.begin() + 8, block(1, 0)));
    EXPECT_TRUE(std::equal(out.begin() + 8, out.end(), block(2, 0)));
    // Column 0, both rows.
    glGetCompressedTextureSubImage(t, 0, 0, 0, 0, 4, 8, 1, GLsizei(out.size()), out.data());
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    EXPECT_TRUE(std::equal(out.begin(), out.begin() + 8, block(0, 0)));
    EXPECT_TRUE(std::equal(out.begin() + 8, out.end(), block(0, 1)));
    // Section 8.11.4 names INVALID_VALUE for regions off the block grid (llvmpipe agrees).
    glGetCompressedTextureSubImage(t, 0, 2, 0, 0, 4, 4, 1, GLsizei(out.size()), out.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "offset inside a block";
    glGetCompressedTextureSubImage(t, 0, 0, 0, 0, 2, 4, 1, GLsizei(out.size()), out.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "width ends inside a block, not at the edge";
    std::vector<std::uint8_t> texels(4 * 4 * 4);
    glGetTextureSubImage(t, 0, 2, 0, 0, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(texels.size()), texels.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "glGetTextureSubImage of a compressed image: the same rule";
    glGetCompressedTextureSubImage(t, 0, 8, 0, 0, 4, 4, 1, GLsizei(out.size()), out.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "past the right edge";
    glGetCompressedTextureSubImage(t, 0, 0, 0, 0, 8, 4, 1, 15, out.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "bufSize one byte short";
    glGetCompressedTextureSubImage(t, 0, 0, 0, 0, -4, 4, 1, GLsizei(out.size()), out.data());
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative width";
  }
  const GLuint plain = create(GL_TEXTURE_2D);
  glTextureStorage2D(plain, 1, GL_RGBA8, 4, 4);
  std::vector<std::uint8_t> out(64, 0);
  glGetCompressedTextureSubImage(plain, 0, 0, 0, 0, 4, 4, 1, 64, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not a compressed image";
  glGetCompressedTextureSubImage(987654, 0, 0, 0, 0, 4, 4, 1, 64, out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not a texture";
  // Cube maps: zoffset and depth pick faces, one after the other.
  const GLuint cube = create(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(cube, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4);
  const std::vector<std::uint8_t> faces = pattern(6 * 8, 42);
  glCompressedTextureSubImage3D(cube, 0, 0, 0, 0, 4, 4, 6, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 48, faces.data());
  std::vector<std::uint8_t> two(16, 0);
  glGetCompressedTextureSubImage(cube, 0, 0, 0, 3, 4, 4, 2, 16, two.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(std::equal(two.begin(), two.end(), faces.begin() + 3 * 8));
}

// GL_DEPTH_TEXTURE_MODE (ARB_depth_texture) lives only in the compatibility profile: LUMINANCE by
// default, LUMINANCE, INTENSITY, ALPHA or RED; INVALID_ENUM in core.
TEST_F(TextureDsaCompatibilityTest, DepthTextureMode) {
  const GLuint t = create(GL_TEXTURE_2D);
  GLint mode = 0;
  glGetTextureParameteriv(t, GL_DEPTH_TEXTURE_MODE, &mode);
  EXPECT_EQ(mode, GL_LUMINANCE);
  for (const GLenum m : {GL_INTENSITY, GL_ALPHA, GL_RED, GL_LUMINANCE}) {
    glTextureParameteri(t, GL_DEPTH_TEXTURE_MODE, GLint(m));
    glGetTextureParameteriv(t, GL_DEPTH_TEXTURE_MODE, &mode);
    EXPECT_EQ(mode, GLint(m));
  }
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glTextureParameteri(t, GL_DEPTH_TEXTURE_MODE, GL_RGBA);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(TextureDsaTest, DepthTextureModeIsNotCore) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureParameteri(t, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLint mode = -1;
  glGetTextureParameteriv(t, GL_DEPTH_TEXTURE_MODE, &mode);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(mode, -1);
}

class TextureDsaCopyTest : public TextureDsaTest {
 protected:
  // An 8x8 RGBA8 read framebuffer filled with `source`.
  void SetUp() override {
    TextureDsaTest::SetUp();
    source_texture = create(GL_TEXTURE_2D);
    glTextureStorage2D(source_texture, 1, GL_RGBA8, 8, 8);
    glTextureSubImage2D(source_texture, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, source.data());
    glCreateFramebuffers(1, &framebuffer);
    glNamedFramebufferTexture(framebuffer, GL_COLOR_ATTACHMENT0, source_texture, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
    ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  }
  const std::vector<std::uint8_t> source = pattern(8 * 8 * 4, 31);
  GLuint source_texture = 0, framebuffer = 0;
};

TEST_F(TextureDsaCopyTest, CopyTextureSubImage2DCopiesTheReadBufferRectangle) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureStorage2D(t, 1, GL_RGBA8, 8, 8);
  const std::vector<std::uint8_t> zero(8 * 8 * 4, 0);
  glTextureSubImage2D(t, 0, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, zero.data());
  glCopyTextureSubImage2D(t, 0, 1, 2, 3, 1, 4, 3);  // (3..6, 1..3) of the source to (1..4, 2..4)
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> out(zero.size(), 0xEE);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const bool inside = x >= 1 && x < 5 && y >= 2 && y < 5;
      for (int c = 0; c < 4; ++c)
        ASSERT_EQ(texel(out, 8, x, y)[c], inside ? texel(source, 8, x + 2, y - 1)[c] : 0) << x << "," << y;
    }
  glCopyTextureSubImage2D(kNoSuchTexture, 0, 0, 0, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  glCopyTextureSubImage2D(create(GL_TEXTURE_3D), 0, 0, 0, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "a 3D texture through the 2D form";
  glCopyTextureSubImage2D(t, 0, 6, 0, 0, 0, 4, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "past the image";
  glCopyTextureSubImage2D(t, 0, 0, 0, 0, 0, -1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative width";
}

TEST_F(TextureDsaCopyTest, CopyTextureSubImage1DAnd3D) {
  const GLuint line = create(GL_TEXTURE_1D);
  glTextureStorage1D(line, 1, GL_RGBA8, 8);
  glCopyTextureSubImage1D(line, 0, 2, 1, 5, 4);  // texels 1..4 of row 5 to 2..5
  std::vector<std::uint8_t> out(8 * 4, 0);
  glGetTextureSubImage(line, 0, 2, 0, 0, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 16, out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int x = 0; x < 4; ++x)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(out[std::size_t(x * 4 + c)], texel(source, 8, x + 1, 5)[c]) << x;

  const GLuint array = create(GL_TEXTURE_2D_ARRAY);
  glTextureStorage3D(array, 1, GL_RGBA8, 4, 4, 3);
  glCopyTextureSubImage3D(array, 0, 0, 0, 2, 4, 4, 4, 4);  // the top-right quarter into layer 2
  std::vector<std::uint8_t> layer(4 * 4 * 4, 0);
  glGetTextureSubImage(array, 0, 0, 0, 2, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(layer.size()), layer.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      for (int c = 0; c < 4; ++c) ASSERT_EQ(texel(layer, 4, x, y)[c], texel(source, 8, x + 4, y + 4)[c]);

  const GLuint cube = create(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(cube, 1, GL_RGBA8, 4, 4);
  glCopyTextureSubImage3D(cube, 0, 0, 0, 3, 0, 0, 4, 4);  // zoffset 3 is the face NEGATIVE_Y
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  std::vector<std::uint8_t> face(4 * 4 * 4, 0);
  glGetTexImage(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA, GL_UNSIGNED_BYTE, face.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      for (int c = 0; c < 4; ++c) ASSERT_EQ(texel(face, 4, x, y)[c], texel(source, 8, x, y)[c]);
  glCopyTextureSubImage3D(cube, 0, 0, 0, 6, 0, 0, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "a cube map has six faces";
  glCopyTextureSubImage1D(array, 0, 0, 0, 0, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "an array through the 1D form";
}

TEST_F(TextureDsaTest, TextureBufferViewsABufferRange) {
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  glNamedBufferData(buffer, 1024, nullptr, GL_STATIC_DRAW);
  const GLuint t = create(GL_TEXTURE_BUFFER);
  glTextureBuffer(t, GL_RGBA8, buffer);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint value = 0;
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING, &value);
  EXPECT_EQ(value, GLint(buffer));
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_WIDTH, &value);
  EXPECT_EQ(value, 256);  // 1024 bytes of 4-byte texels
  GLint alignment = 0;
  glGetIntegerv(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT, &alignment);
  glTextureBufferRange(t, GL_R32F, buffer, alignment, 512);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_BUFFER_OFFSET, &value);
  EXPECT_EQ(value, alignment);
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_WIDTH, &value);
  EXPECT_EQ(value, 128);
  glTextureBuffer(create(GL_TEXTURE_2D), GL_RGBA8, buffer);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not a buffer texture";
  glTextureBufferRange(kNoSuchTexture, GL_RGBA8, buffer, 0, 16);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  glTextureBufferRange(t, GL_R32F, buffer, 0, -4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative size";
  glGetTextureLevelParameteriv(t, 0, GL_TEXTURE_BUFFER_SIZE, &value);
  EXPECT_EQ(value, 512) << "the failed calls kept the last range";
}

GLint binding_in_unit(GLuint unit, GLenum binding) {
  GLint active = 0, value = -1;
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
  glActiveTexture(GL_TEXTURE0 + unit);
  glGetIntegerv(binding, &value);
  glActiveTexture(GLenum(active));
  return value;
}

TEST_F(TextureDsaTest, BindTextureUnitUsesTheTexturesOwnTarget) {
  const GLuint plane = create(GL_TEXTURE_2D), cube = create(GL_TEXTURE_CUBE_MAP);
  glBindTextureUnit(3, plane);
  glBindTextureUnit(3, cube);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(binding_in_unit(3, GL_TEXTURE_BINDING_2D), GLint(plane));
  EXPECT_EQ(binding_in_unit(3, GL_TEXTURE_BINDING_CUBE_MAP), GLint(cube));
  EXPECT_EQ(binding_in_unit(0, GL_TEXTURE_BINDING_2D), 0) << "the active unit is not involved";
  GLint active = 0;
  glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
  EXPECT_EQ(active, GL_TEXTURE0);
  glBindTextureUnit(3, 0);
  EXPECT_EQ(binding_in_unit(3, GL_TEXTURE_BINDING_2D), 0);
  EXPECT_EQ(binding_in_unit(3, GL_TEXTURE_BINDING_CUBE_MAP), 0);

  glBindTextureUnit(3, kNoSuchTexture);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "unknown name";
  GLint units = 0;
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
  glBindTextureUnit(GLuint(units), plane);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "no such unit";
}

TEST_F(TextureDsaTest, BindTexturesBindsEachEntryAndSkipsOnlyTheBadOnes) {
  const GLuint plane = create(GL_TEXTURE_2D), volume = create(GL_TEXTURE_3D);
  const GLuint names[3] = {plane, kNoSuchTexture, volume};
  glBindTextures(1, 3, names);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "entry 1 names no texture";
  EXPECT_EQ(binding_in_unit(1, GL_TEXTURE_BINDING_2D), GLint(plane));
  EXPECT_EQ(binding_in_unit(3, GL_TEXTURE_BINDING_3D), GLint(volume)) << "bound despite entry 1";
  glBindTextures(1, 3, nullptr);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(binding_in_unit(1, GL_TEXTURE_BINDING_2D), 0);
  EXPECT_EQ(binding_in_unit(3, GL_TEXTURE_BINDING_3D), 0);
  GLint units = 0;
  glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
  glBindTextures(GLuint(units - 1), 2, names);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "past the last unit";
  EXPECT_EQ(binding_in_unit(GLuint(units - 1), GL_TEXTURE_BINDING_2D), 0) << "and nothing bound";
  glBindTextures(0, -1, names);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative count";
}

TEST_F(TextureDsaTest, GetnTexImageChecksTheBufferSize) {
  const GLuint t = create(GL_TEXTURE_2D);
  glBindTexture(GL_TEXTURE_2D, t);
  const std::vector<std::uint8_t> data = pattern(4 * 3 * 4, 41);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
  std::vector<std::uint8_t> out(data.size(), 0);
  glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(out, data);
  std::vector<std::uint8_t> untouched(data.size(), 0xEE);
  glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(data.size() - 1), untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "one byte short";
  EXPECT_EQ(untouched, std::vector<std::uint8_t>(data.size(), 0xEE));
  // Rows padded to GL_PACK_ALIGNMENT 8: 16 bytes, then 16, then the last row's 16 (no padding after).
  glPixelStorei(GL_PACK_ALIGNMENT, 8);
  glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_BYTE, 4 * 3 + 4 + 4 * 3 + 4 + 4 * 3 - 1, untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "RGB rows of 12 bytes padded to 16: 44 needed";
  glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_BYTE, 44, untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetnTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, -1, untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative bufSize";
  glGetnTexImage(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA, GL_UNSIGNED_BYTE, 64, untouched.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "no image target";
}

// ARB_texture_storage: an immutable texture's base level is clamped to [0, levels - 1] and its
// maximum level to [base, levels - 1]; glGetTextureParameter returns the clamped values.
TEST_F(TextureDsaTest, ImmutableLevelsClampBaseAndMaxLevel) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureStorage2D(t, 3, GL_RGBA8, 256, 256);
  GLint base = -1, max = -1;
  glTextureParameteri(t, GL_TEXTURE_MAX_LEVEL, 4);
  glGetTextureParameteriv(t, GL_TEXTURE_MAX_LEVEL, &max);
  EXPECT_EQ(max, 2) << "3 levels: at most level 2";
  glTextureParameteri(t, GL_TEXTURE_BASE_LEVEL, 7);
  glGetTextureParameteriv(t, GL_TEXTURE_BASE_LEVEL, &base);
  EXPECT_EQ(base, 2);
  glTextureParameteri(t, GL_TEXTURE_MAX_LEVEL, 1);
  glGetTextureParameteriv(t, GL_TEXTURE_MAX_LEVEL, &max);
  EXPECT_EQ(max, 2) << "not below the base level";
  glTextureParameteri(t, GL_TEXTURE_BASE_LEVEL, 1);
  glTextureParameteri(t, GL_TEXTURE_MAX_LEVEL, 1);
  glGetTextureParameteriv(t, GL_TEXTURE_BASE_LEVEL, &base);
  glGetTextureParameteriv(t, GL_TEXTURE_MAX_LEVEL, &max);
  EXPECT_EQ(base, 1);
  EXPECT_EQ(max, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // A mutable texture keeps what was set (GL 4.6 table 23.15: any non-negative level).
  const GLuint mutable_texture = create(GL_TEXTURE_2D);
  glTextureParameteri(mutable_texture, GL_TEXTURE_MAX_LEVEL, 4);
  glGetTextureParameteriv(mutable_texture, GL_TEXTURE_MAX_LEVEL, &max);
  EXPECT_EQ(max, 4);
}

// glGetTextureImage of a cube map reads all six faces as layers: INVALID_OPERATION unless every
// face has an image of one size and format at the level (not cube complete otherwise).
TEST_F(TextureDsaTest, GetTextureImageOfACubeMapNeedsEveryFace) {
  std::vector<std::uint8_t> out(4 * 4 * 6 * 4, 0xEE);
  const GLuint empty = create(GL_TEXTURE_CUBE_MAP);
  glGetTextureImage(empty, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no face has an image";
  const GLuint five = create(GL_TEXTURE_CUBE_MAP);
  glBindTexture(GL_TEXTURE_CUBE_MAP, five);
  const std::vector<std::uint8_t> face = pattern(4 * 4 * 4, 9);
  for (GLenum f = GL_TEXTURE_CUBE_MAP_POSITIVE_X; f <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z; ++f)
    if (f != GL_TEXTURE_CUBE_MAP_NEGATIVE_Y)
      glTexImage2D(f, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, face.data());
  glGetTextureImage(five, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "-Y has no image";
  EXPECT_EQ(out, std::vector<std::uint8_t>(out.size(), 0xEE)) << "nothing written";
  glTexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, face.data());
  glGetTextureImage(five, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(std::equal(face.begin(), face.end(), out.begin() + 3 * std::ptrdiff_t(face.size()))) << "-Y is layer 3";
  glBindTexture(GL_TEXTURE_CUBE_MAP, 0);
}

TEST_F(TextureDsaTest, InvalidateValidatesAndKeepsTheTextureUsable) {
  const GLuint t = create(GL_TEXTURE_2D);
  glTextureStorage2D(t, 2, GL_RGBA8, 8, 4);
  glInvalidateTexImage(t, 1);
  glInvalidateTexSubImage(t, 0, 2, 1, 0, 6, 3, 1);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glInvalidateTexImage(kNoSuchTexture, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "unknown name";
  glInvalidateTexImage(0, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "texture zero";
  glInvalidateTexImage(t, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative level";
  glInvalidateTexImage(t, 15);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "beyond log2(16384)";
  glInvalidateTexImage(create(GL_TEXTURE_RECTANGLE), 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "a rectangle has only level 0";
  glInvalidateTexSubImage(t, 0, 2, 1, 0, 7, 3, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "2 + 7 > 8";
  glInvalidateTexSubImage(t, 0, 0, 0, 0, -1, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "negative width";
  glInvalidateTexSubImage(t, 0, 0, 0, 0, 1, 1, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "a 2D image is one deep";
  const GLuint cube = create(GL_TEXTURE_CUBE_MAP);
  glTextureStorage2D(cube, 1, GL_RGBA8, 4, 4);
  glInvalidateTexSubImage(cube, 0, 0, 0, 5, 4, 4, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "face 5";
  glInvalidateTexSubImage(cube, 0, 0, 0, 5, 4, 4, 2);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "faces 5..6";
  // Invalidated texels are undefined, but the texture takes new ones.
  const std::vector<std::uint8_t> data = pattern(8 * 4 * 4, 51);
  glTextureSubImage2D(t, 0, 0, 0, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
  std::vector<std::uint8_t> out(data.size(), 0);
  glGetTextureImage(t, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(out.size()), out.data());
  EXPECT_EQ(out, data);
}

// The same work through the DSA commands on one texture and the target-based commands on another
// (bound while a third texture is bound elsewhere): every query and every texel must agree, with
// each other and with the bytes uploaded, and the DSA calls must leave the bindings alone.
TEST_F(TextureDsaTest, DsaAndTargetFormsAgree) {
  const std::vector<std::uint8_t> level0 = pattern(8 * 4 * 4, 61), patch = pattern(3 * 2 * 4, 62);
  const GLfloat border[4] = {0.5f, 0.25f, 1.0f, 0.0f};

  const GLuint bystander = create(GL_TEXTURE_2D);
  glBindTexture(GL_TEXTURE_2D, bystander);
  const GLuint dsa = create(GL_TEXTURE_2D);
  glTextureStorage2D(dsa, 2, GL_RGBA8, 8, 4);
  glTextureSubImage2D(dsa, 0, 0, 0, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, level0.data());
  glTextureSubImage2D(dsa, 0, 5, 1, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  glTextureParameteri(dsa, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTextureParameteri(dsa, GL_TEXTURE_MAX_LEVEL, 1);
  glTextureParameterfv(dsa, GL_TEXTURE_BORDER_COLOR, border);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint bound = -1;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
  EXPECT_EQ(bound, GLint(bystander)) << "DSA calls do not bind";
  GLint bystander_wrap = 0;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &bystander_wrap);
  EXPECT_EQ(bystander_wrap, GL_REPEAT) << "nor change the bound texture";

  GLuint classic = 0;
  glGenTextures(1, &classic);
  glBindTexture(GL_TEXTURE_2D, classic);
  glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 8, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 4, GL_RGBA, GL_UNSIGNED_BYTE, level0.data());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 5, 1, 3, 2, GL_RGBA, GL_UNSIGNED_BYTE, patch.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);
  glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  std::vector<std::uint8_t> from_dsa(level0.size(), 0), from_target(level0.size(), 1);
  glGetTextureImage(dsa, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(from_dsa.size()), from_dsa.data());
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, from_target.data());
  EXPECT_EQ(from_dsa, from_target);
  std::vector<std::uint8_t> expected = level0;
  for (int y = 0; y < 2; ++y)
    std::memcpy(&expected[std::size_t(((y + 1) * 8 + 5) * 4)], &patch[std::size_t(y * 3 * 4)], 3 * 4);
  EXPECT_EQ(from_dsa, expected);

  for (GLenum pname : {GL_TEXTURE_WRAP_S, GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_IMMUTABLE_LEVELS, GL_TEXTURE_MIN_FILTER}) {
    GLint a = -1, b = -2;
    glGetTextureParameteriv(dsa, pname, &a);
    glGetTexParameteriv(GL_TEXTURE_2D, pname, &b);
    EXPECT_EQ(a, b) << std::hex << pname;
  }
  GLfloat border_dsa[4] = {}, border_target[4] = {};
  glGetTextureParameterfv(dsa, GL_TEXTURE_BORDER_COLOR, border_dsa);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border_target);
  EXPECT_TRUE(std::equal(border, border + 4, border_dsa));
  EXPECT_TRUE(std::equal(border, border + 4, border_target));
  for (GLenum pname : {GL_TEXTURE_WIDTH, GL_TEXTURE_HEIGHT, GL_TEXTURE_INTERNAL_FORMAT, GL_TEXTURE_GREEN_SIZE}) {
    GLint a = -1, b = -2;
    glGetTextureLevelParameteriv(dsa, 1, pname, &a);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, pname, &b);
    EXPECT_EQ(a, b) << std::hex << pname;
  }
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
