// Random levels, offsets, sizes and buffer sizes for the texture entry points that take regions,
// checked against models written here from GL 4.6 sections 8.6, 8.7 and 8.11.4: the error each call
// must raise (a set where several rules break at once and the spec leaves the choice open) and,
// after every call that succeeds, the texels or blocks a readback must return.
#include <algorithm>
#include <random>
#include <set>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

using Errors = std::set<GLenum>;

constexpr GLint kWidth = 16, kHeight = 8;  // level 0; level 1 is 8x4, level 2 and above undefined
constexpr GLint kMaxLevel = 14;            // log2(16384): the last level glTexSubImage may name

class Fuzzer {
 public:
  explicit Fuzzer(unsigned seed) : random_(seed) {}
  GLint coordinate() {
    const GLint interesting[] = {-2147483647 - 1, -5, -1, 0, 1, 2, 3, 4, 5, 7, 8, 12, 15, 16, 17, 2147483647};
    if (random_() % 2) return GLint(random_() % 18);
    return interesting[random_() % std::size(interesting)];
  }
  GLint level() {
    const GLint levels[] = {-1, 0, 0, 0, 1, 1, 2, kMaxLevel + 1};
    return levels[random_() % std::size(levels)];
  }
  GLsizei buffer_size(std::size_t needed) {
    switch (random_() % 4) {
      case 0: return GLsizei(needed);
      case 1: return needed ? GLsizei(needed - 1) : 0;
      case 2: return GLsizei(needed + 3);
      default: return GLsizei(random_() % 600);
    }
  }
  std::uint8_t byte() { return std::uint8_t(random_()); }
  unsigned below(unsigned n) { return unsigned(random_() % n); }

 private:
  std::mt19937 random_;
};

struct Region {
  GLint level, x, y, width, height;
};

GLint level_width(GLint level) { return level == 0 ? kWidth : level == 1 ? kWidth / 2 : 0; }
GLint level_height(GLint level) { return level == 0 ? kHeight : level == 1 ? kHeight / 2 : 0; }

bool inside(const Region& r) {
  return r.x >= 0 && r.y >= 0 && GLint64(r.x) + r.width <= level_width(r.level) &&
         GLint64(r.y) + r.height <= level_height(r.level);
}

bool whole_blocks(const Region& r) {
  return r.x % 4 == 0 && r.y % 4 == 0 && (r.width % 4 == 0 || GLint64(r.x) + r.width == level_width(r.level)) &&
         (r.height % 4 == 0 || GLint64(r.y) + r.height == level_height(r.level));
}

// The rules every region entry point shares: a level out of range or a negative size is
// INVALID_VALUE, an undefined level INVALID_OPERATION (or INVALID_VALUE for the readbacks, which
// see an empty image), a region outside the image INVALID_VALUE.
Errors region_errors(const Region& r, bool readback) {
  Errors e;
  if (r.level < 0 || r.level > kMaxLevel) e.insert(GL_INVALID_VALUE);
  if (r.width < 0 || r.height < 0) e.insert(GL_INVALID_VALUE);
  if (r.level >= 2 && r.level <= kMaxLevel) {
    e.insert(GL_INVALID_OPERATION);
    if (readback) e.insert(GL_INVALID_VALUE);
  } else if (r.level >= 0 && r.level <= kMaxLevel && !inside(r)) {
    e.insert(GL_INVALID_VALUE);
  }
  return e;
}

::testing::AssertionResult raised_one_of(const Errors& allowed) {
  const GLenum got = glGetError();
  if (allowed.empty() ? got == GL_NO_ERROR : allowed.count(got) == 1) return ::testing::AssertionSuccess();
  ::testing::AssertionResult failure = ::testing::AssertionFailure();
  failure << "raised 0x" << std::hex << got << ", allowed:";
  if (allowed.empty()) failure << " none";
  for (GLenum e : allowed) failure << " 0x" << e;
  return failure;
}

class TextureRegionFuzzTest : public GlTest {
 protected:
  void SetUp() override {
    GlTest::SetUp();
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
  }
  // Half the regions are arbitrary; the other half lie inside level 0 or 1, mostly on the `align`
  // grid (whole blocks of a compressed image) so that calls also succeed, else on any texel.
  Region region(Fuzzer& f, GLint align = 1) {
    if (f.below(2)) return {f.level(), f.coordinate(), f.coordinate(), f.coordinate(), f.coordinate()};
    if (f.below(3) == 0) align = 1;
    Region r{GLint(f.below(2)), 0, 0, 0, 0};
    const GLint w = level_width(r.level) / align, h = level_height(r.level) / align;
    r.x = GLint(f.below(unsigned(w))) * align;
    r.y = GLint(f.below(unsigned(h))) * align;
    r.width = GLint(f.below(unsigned(w - r.x / align + 1))) * align;
    r.height = GLint(f.below(unsigned(h - r.y / align + 1))) * align;
    return r;
  }
};

// glTexSubImage2D and glGetTextureSubImage on RGBA8 levels 0 and 1, against a CPU copy of them.
TEST_F(TextureRegionFuzzTest, TexSubImageAndGetTextureSubImage) {
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t);
  glTextureStorage2D(t, 2, GL_RGBA8, kWidth, kHeight);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<std::uint8_t> model[2] = {std::vector<std::uint8_t>(kWidth * kHeight * 4, 0),
                                        std::vector<std::uint8_t>(kWidth * kHeight, 0)};
  for (int l = 0; l < 2; ++l)
    glTextureSubImage2D(t, l, 0, 0, level_width(l), level_height(l), GL_RGBA, GL_UNSIGNED_BYTE, model[l].data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  Fuzzer f(20261123);
  int successes = 0;
  for (int step = 0; step < 400; ++step) {
    const Region r = region(f);
    const std::size_t bytes = r.width > 0 && r.height > 0 && r.width <= 64 && r.height <= 64
                                  ? std::size_t(r.width) * std::size_t(r.height) * 4
                                  : 0;
    const bool small = r.width >= 0 && r.height >= 0 && r.width <= 64 && r.height <= 64;
    if (step % 2 == 0) {
      std::vector<std::uint8_t> data(std::max<std::size_t>(bytes, 4));
      for (auto& b : data) b = f.byte();
      // Regions too large for this buffer only go where an error stops the call before reading.
      Errors allowed = region_errors(r, false);
      if (allowed.empty() && !small) continue;
      glTexSubImage2D(GL_TEXTURE_2D, r.level, r.x, r.y, r.width, r.height, GL_RGBA, GL_UNSIGNED_BYTE, data.data());
      ASSERT_TRUE(raised_one_of(allowed)) << "glTexSubImage2D step " << step;
      if (allowed.empty()) {
        ++successes;
        for (GLint y = 0; y < r.height; ++y)
          std::copy_n(data.begin() + std::size_t(y * r.width) * 4, std::size_t(r.width) * 4,
                      model[r.level].begin() + std::size_t((r.y + y) * level_width(r.level) + r.x) * 4);
      }
    } else {
      Errors allowed = region_errors(r, true);
      const GLsizei buffer_size = f.buffer_size(bytes);
      if (allowed.empty() && std::size_t(buffer_size) < bytes) allowed.insert(GL_INVALID_OPERATION);
      if (allowed.empty() && !small) continue;
      std::vector<std::uint8_t> out(std::max<std::size_t>(std::size_t(std::max(buffer_size, 0)), 4), 0xEE);
      glGetTextureSubImage(t, r.level, r.x, r.y, 0, r.width, r.height, 1, GL_RGBA, GL_UNSIGNED_BYTE, buffer_size,
                           out.data());
      ASSERT_TRUE(raised_one_of(allowed)) << "glGetTextureSubImage step " << step;
      if (!allowed.empty()) {
        EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0xEE; }))
            << "an erroneous readback wrote, step " << step;
        continue;
      }
      ++successes;
      for (GLint y = 0; y < r.height; ++y)
        ASSERT_TRUE(std::equal(out.begin() + std::size_t(y * r.width) * 4,
                               out.begin() + std::size_t((y + 1) * r.width) * 4,
                               model[r.level].begin() + std::size_t((r.y + y) * level_width(r.level) + r.x) * 4))
            << "row " << y << " of step " << step;
    }
  }
  EXPECT_GT(successes, 40) << "the fuzzer must exercise successful calls too";
}

// glCompressedTexSubImage2D and glGetCompressedTextureSubImage on a BC1 texture (8-byte blocks of
// 4x4 texels), against a CPU copy of its blocks.
TEST_F(TextureRegionFuzzTest, CompressedSubImagesOfWholeBlocks) {
  GLuint t = 0;
  glCreateTextures(GL_TEXTURE_2D, 1, &t);
  glTextureStorage2D(t, 2, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, kWidth, kHeight);
  glBindTexture(GL_TEXTURE_2D, t);
  const auto blocks_across = [](GLint level) { return (level_width(level) + 3) / 4; };
  const auto blocks_down = [](GLint level) { return (level_height(level) + 3) / 4; };
  std::vector<std::uint8_t> model[2];
  for (int l = 0; l < 2; ++l) {
    model[l].assign(std::size_t(blocks_across(l) * blocks_down(l)) * 8, 0);
    glCompressedTextureSubImage2D(t, l, 0, 0, level_width(l), level_height(l), GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                                  GLsizei(model[l].size()), model[l].data());
  }
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  Fuzzer f(777);
  int successes = 0;
  for (int step = 0; step < 400; ++step) {
    const Region r = region(f, 4);
    const bool small = r.width >= 0 && r.height >= 0 && r.width <= 64 && r.height <= 64;
    const std::size_t across = small ? std::size_t((r.width + 3) / 4) : 0, down = small ? std::size_t((r.height + 3) / 4) : 0;
    const std::size_t bytes = across * down * 8;
    const bool readback = step % 2 == 1;
    Errors allowed = region_errors(r, readback);
    // Off the block grid: INVALID_OPERATION for uploads (section 8.7), INVALID_VALUE for readbacks (8.11.4).
    if (allowed.empty() && !whole_blocks(r)) allowed.insert(readback ? GL_INVALID_VALUE : GL_INVALID_OPERATION);
    if (!readback) {
      const GLsizei image_size = f.buffer_size(bytes);
      if (allowed.empty() && std::size_t(image_size) != bytes) allowed.insert(GL_INVALID_VALUE);
      if (allowed.empty() && !small) continue;
      std::vector<std::uint8_t> data(std::max<std::size_t>(std::size_t(std::max(image_size, 0)), 8));
      for (auto& b : data) b = f.byte();
      glCompressedTexSubImage2D(GL_TEXTURE_2D, r.level, r.x, r.y, r.width, r.height, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                                image_size, data.data());
      ASSERT_TRUE(raised_one_of(allowed)) << "glCompressedTexSubImage2D step " << step;
      if (!allowed.empty()) continue;
      ++successes;
      for (std::size_t by = 0; by < down; ++by)
        std::copy_n(data.begin() + by * across * 8, across * 8,
                    model[r.level].begin() +
                        ((std::size_t(r.y / 4) + by) * std::size_t(blocks_across(r.level)) + std::size_t(r.x / 4)) * 8);
    } else {
      const GLsizei buffer_size = f.buffer_size(bytes);
      if (allowed.empty() && std::size_t(buffer_size) < bytes) allowed.insert(GL_INVALID_OPERATION);
      if (allowed.empty() && !small) continue;
      std::vector<std::uint8_t> out(std::max<std::size_t>(std::size_t(std::max(buffer_size, 0)), 8), 0xEE);
      glGetCompressedTextureSubImage(t, r.level, r.x, r.y, 0, r.width, r.height, 1, buffer_size, out.data());
      ASSERT_TRUE(raised_one_of(allowed)) << "glGetCompressedTextureSubImage step " << step;
      if (!allowed.empty()) continue;
      ++successes;
      for (std::size_t by = 0; by < down; ++by)
        ASSERT_TRUE(std::equal(
            out.begin() + by * across * 8, out.begin() + (by + 1) * across * 8,
            model[r.level].begin() +
                ((std::size_t(r.y / 4) + by) * std::size_t(blocks_across(r.level)) + std::size_t(r.x / 4)) * 8))
            << "block row " << by << " of step " << step;
    }
  }
  EXPECT_GT(successes, 20) << "the fuzzer must exercise successful calls too";
}

// glTexSubImage2D into an RGTC1 texture compresses: whole blocks only (INVALID_OPERATION otherwise),
// and a block given one value reads back exactly that value.
TEST_F(TextureRegionFuzzTest, OnlineCompressionRegions) {
  GLuint t = 0;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  std::vector<std::uint8_t> model(kWidth * kHeight, 9);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, kWidth, kHeight, 0, GL_RED, GL_UNSIGNED_BYTE, model.data());
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  Fuzzer f(4242);
  int successes = 0;
  for (int step = 0; step < 300; ++step) {
    Region r = region(f, 4);
    if (r.level > 0 && r.level <= kMaxLevel) r.level = 0;  // only level 0 is defined here
    Errors allowed = region_errors(r, false);
    if (allowed.empty() && !whole_blocks(r)) allowed.insert(GL_INVALID_OPERATION);
    const bool small = r.width >= 0 && r.height >= 0 && r.width <= 64 && r.height <= 64;
    if (allowed.empty() && !small) continue;
    const std::uint8_t value = f.byte();
    const std::vector<std::uint8_t> data(small ? std::size_t(std::max(1, r.width * r.height)) : 1, value);
    glTexSubImage2D(GL_TEXTURE_2D, r.level, r.x, r.y, r.width, r.height, GL_RED, GL_UNSIGNED_BYTE, data.data());
    ASSERT_TRUE(raised_one_of(allowed)) << "glTexSubImage2D step " << step;
    if (!allowed.empty()) continue;
    ++successes;
    for (GLint y = 0; y < r.height; ++y) std::fill_n(model.begin() + (r.y + y) * kWidth + r.x, r.width, value);
    std::vector<std::uint8_t> back(model.size(), 0);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, back.data());
    ASSERT_EQ(back, model) << "step " << step;
  }
  EXPECT_GT(successes, 10) << "the fuzzer must exercise successful calls too";
}

}  // namespace
}  // namespace glvk::test
