// Buffer textures in draws (GL 4.6 8.9): samplerBuffer, isamplerBuffer and usamplerBuffer
// elements read their unit's buffer texture. Expected values are the bytes the test wrote.
#include <cstring>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

// texelFetch(t, i) is texel i of the range glTexBufferRange gave (its offset in bytes), textureSize
// the range's texel count, and a buffer texture without a buffer reads zeros. The buffer holds 64
// RGBA8 texels (i, 2i, 3i, 255), then at byte 256 32 R32I texels -1000i, then at byte 512 (ranges
// start at multiples of TEXTURE_BUFFER_OFFSET_ALIGNMENT, 256) 32 RG16UI texels (100i, 100i + 1).
TEST_F(DrawTest, BufferTexturesAreReadByTexelFetch) {
  std::vector<std::uint8_t> bytes(768);
  for (int i = 0; i < 64; ++i) {
    const std::uint8_t texel[4] = {std::uint8_t(i), std::uint8_t(2 * i), std::uint8_t(3 * i), 255};
    std::memcpy(&bytes[std::size_t(i) * 4], texel, 4);
  }
  for (int i = 0; i < 32; ++i) {
    const std::int32_t value = -1000 * i;
    std::memcpy(&bytes[256 + std::size_t(i) * 4], &value, 4);
    const std::uint16_t pair[2] = {std::uint16_t(100 * i), std::uint16_t(100 * i + 1)};
    std::memcpy(&bytes[512 + std::size_t(i) * 4], pair, 4);
  }
  GLuint buffer, tex[4];
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_TEXTURE_BUFFER, buffer);
  glBufferData(GL_TEXTURE_BUFFER, GLsizeiptr(bytes.size()), bytes.data(), GL_STATIC_DRAW);
  glGenTextures(4, tex);
  const struct {
    GLenum format;
    GLintptr offset;
    GLsizeiptr size;
  } ranges[3] = {{GL_RGBA8, 0, 256}, {GL_R32I, 256, 128}, {GL_RG16UI, 512, 128}};
  for (int unit = 0; unit < 4; ++unit) {
    glActiveTexture(GLenum(GL_TEXTURE0 + unit));
    glBindTexture(GL_TEXTURE_BUFFER, tex[unit]);
    if (unit < 3) glTexBufferRange(GL_TEXTURE_BUFFER, ranges[unit].format, buffer, ranges[unit].offset, ranges[unit].size);
    else glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, 0);
  }
  glActiveTexture(GL_TEXTURE0);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Column x reads texel x: the bottom rows show the RGBA8 texel, the top rows whether the integer
  // texels, the sizes and the buffer-less texture read as they should.
  const char* fs = R"(#version 330 core
uniform samplerBuffer colors;
uniform isamplerBuffer ints;
uniform usamplerBuffer uints;
uniform samplerBuffer empty;
out vec4 result;
void main() {
  int i = int(gl_FragCoord.x);
  if (gl_FragCoord.y < 16.0) {
    result = texelFetch(colors, i);
  } else {
    result = vec4(texelFetch(ints, i).r == -1000 * i ? 1.0 : 0.0,
                  texelFetch(uints, i).rg == uvec2(100 * i, 100 * i + 1) ? 1.0 : 0.0,
                  textureSize(colors) == 64 && textureSize(ints) == 32 && textureSize(uints) == 32 ? 1.0 : 0.0,
                  texelFetch(empty, 0) == vec4(0.0) ? 1.0 : 0.0);
  }
})";
  const GLuint p = link(kPositionVs, fs);
  glUseProgram(p);
  const char* names[4] = {"colors", "ints", "uints", "empty"};
  for (int unit = 0; unit < 4; ++unit) glUniform1i(glGetUniformLocation(p, names[unit]), unit);
  positions({-1, -1, 3, -1, -1, 3});
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (int x = 0; x < kSize; ++x) {
    EXPECT_EQ(pixel(x, 4), (Rgba{std::uint8_t(x), std::uint8_t(2 * x), std::uint8_t(3 * x), 255})) << x;
    EXPECT_EQ(pixel(x, 20), (Rgba{255, 255, 255, 255})) << x;
  }
  // New contents of the buffer are what the next draw reads.
  const std::uint8_t white[4] = {255, 255, 255, 255};
  glBufferSubData(GL_TEXTURE_BUFFER, 4 * 5, 4, white);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  EXPECT_EQ(pixel(5, 4), (Rgba{255, 255, 255, 255}));
  EXPECT_EQ(pixel(6, 4), (Rgba{6, 12, 18, 255}));
  glDeleteTextures(4, tex);
  glDeleteBuffers(1, &buffer);
}

}  // namespace
}  // namespace glvk::test
