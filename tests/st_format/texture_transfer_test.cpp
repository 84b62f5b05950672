// Texture transfer maps (seed 003 semantics adapted to Vulkan) on lavapipe with validation.
#include <gtest/gtest.h>

#include <cstring>

#include "glvk/st/screen.h"
#include "glvk/st/texture.h"
#include "glvk/st/transfer.h"

namespace glvk::st {
namespace {

using formats::Format;

class TextureTransferTest : public ::testing::Test {
 protected:
  void SetUp() override {
    screen_ = std::make_shared<Screen>(ScreenOptions{true, "llvmpipe"});
    context_ = std::make_unique<Context>(screen_);
  }
  void TearDown() override { EXPECT_EQ(screen_->validation_error_count(), 0u); }

  std::shared_ptr<Texture> make(Format format, std::uint32_t w, std::uint32_t h, unsigned bindings = 0) {
    TextureLayout layout;
    layout.format = format;
    layout.width = w;
    layout.height = h;
    return std::make_shared<Texture>(screen_, layout, bindings);
  }

  static Box box(int x, int y, int w, int h) {
    Box b;
    b.x = x;
    b.y = y;
    b.width = w;
    b.height = h;
    return b;
  }

  std::shared_ptr<Screen> screen_;
  std::unique_ptr<Context> context_;
};

TEST_F(TextureTransferTest, WriteMapThenReadMapRoundTrips) {
  auto texture = make(Format::R8G8B8A8_UNORM, 8, 4);
  TextureTransfer* t = nullptr;
  auto* p = static_cast<std::uint8_t*>(texture_transfer_map(*texture, 0, PIPE_TRANSFER_WRITE, box(0, 0, 8, 4), &t));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(t->stride, 8u * 4);
  for (int i = 0; i < 8 * 4 * 4; ++i) p[i] = std::uint8_t(i * 3);
  const TransferStats before = context_->stats();
  texture_transfer_unmap(t);
  EXPECT_EQ(context_->stats().staging_uploads, before.staging_uploads + 1);
  // A WRITE-only map did not read the texture back.
  EXPECT_EQ(context_->stats().staging_readbacks, before.staging_readbacks);

  p = static_cast<std::uint8_t*>(texture_transfer_map(*texture, 0, PIPE_TRANSFER_READ, box(2, 1, 3, 2), &t));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(context_->stats().staging_readbacks, before.staging_readbacks + 1);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 3 * 4; ++x) EXPECT_EQ(p[y * t->stride + x], std::uint8_t(((y + 1) * 32 + 2 * 4 + x) * 3));
  const std::uint64_t uploads = context_->stats().staging_uploads;
  texture_transfer_unmap(t);
  EXPECT_EQ(context_->stats().staging_uploads, uploads) << "a READ map writes nothing back";
}

TEST_F(TextureTransferTest, PartialWriteLeavesTheRestAlone) {
  auto texture = make(Format::R8_UNORM, 4, 4);
  std::uint8_t all[16];
  for (int i = 0; i < 16; ++i) all[i] = std::uint8_t(100 + i);
  texture_write(*texture, 0, box(0, 0, 4, 4), all, 4, 16);
  TextureTransfer* t = nullptr;
  auto* p = static_cast<std::uint8_t*>(
      texture_transfer_map(*texture, 0, PIPE_TRANSFER_WRITE | PIPE_TRANSFER_READ, box(1, 1, 2, 2), &t));
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p[0], 105);  // READ|WRITE: the current texels first
  p[0] = p[1] = p[t->stride] = p[t->stride + 1] = 7;
  texture_transfer_unmap(t);
  std::uint8_t out[16];
  texture_read(*texture, 0, box(0, 0, 4, 4), out, 4, 16);
  for (int i = 0; i < 16; ++i) {
    const bool inside = (i % 4) >= 1 && (i % 4) < 3 && (i / 4) >= 1 && (i / 4) < 3;
    EXPECT_EQ(out[i], inside ? 7 : 100 + i) << i;
  }
}

TEST_F(TextureTransferTest, DontblockReturnsNullWhileBusy) {
  auto texture = make(Format::R8G8B8A8_UNORM, 64, 64);
  std::vector<std::uint8_t> data(64 * 64 * 4, 9);
  texture_write(*texture, 0, box(0, 0, 64, 64), data.data(), 64 * 4, data.size());  // recorded, not yet run
  TextureTransfer* t = nullptr;
  EXPECT_EQ(texture_transfer_map(*texture, 0, PIPE_TRANSFER_READ | PIPE_TRANSFER_DONTBLOCK, box(0, 0, 1, 1), &t),
            nullptr);
  EXPECT_EQ(t, nullptr);
  context_->finish();
  void* p = texture_transfer_map(*texture, 0, PIPE_TRANSFER_READ | PIPE_TRANSFER_DONTBLOCK, box(0, 0, 1, 1), &t);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(static_cast<std::uint8_t*>(p)[0], 9);
  texture_transfer_unmap(t);
}

TEST_F(TextureTransferTest, DepthStencilMapsGoThroughEachAspect) {
  auto texture = make(Format::Z24_UNORM_S8_UINT, 4, 2, BIND_DEPTH_STENCIL);
  TextureTransfer* t = nullptr;
  auto* p = static_cast<std::uint32_t*>(texture_transfer_map(*texture, 0, PIPE_TRANSFER_WRITE, box(0, 0, 4, 2), &t));
  ASSERT_NE(p, nullptr);
  for (std::uint32_t i = 0; i < 8; ++i) p[i] = (i * 37u) << 24 | (i * 0x012345u & 0xffffff);  // stencil | depth
  texture_transfer_unmap(t);
  p = static_cast<std::uint32_t*>(texture_transfer_map(*texture, 0, PIPE_TRANSFER_READ, box(0, 0, 4, 2), &t));
  ASSERT_NE(p, nullptr);
  for (std::uint32_t i = 0; i < 8; ++i) EXPECT_EQ(p[i], (i * 37u) << 24 | (i * 0x012345u & 0xffffff)) << i;
  texture_transfer_unmap(t);
}

TEST(DepthStencilSplit, MatchesVulkansAspectLayouts) {
  // Z24_UNORM_S8_UINT: depth in bits 0-23, stencil 24-31 -> D24 in the low bits of a word, S8 bytes.
  const std::uint32_t texels[2] = {0xAB123456u, 0x01FFFFFFu};
  std::uint32_t depth[2];
  std::uint8_t stencil[2];
  split_depth_stencil(Format::Z24_UNORM_S8_UINT, reinterpret_cast<const std::byte*>(texels), 2,
                      reinterpret_cast<std::byte*>(depth), reinterpret_cast<std::byte*>(stencil));
  EXPECT_EQ(depth[0], 0x123456u);
  EXPECT_EQ(stencil[0], 0xAB);
  EXPECT_EQ(depth[1], 0xFFFFFFu);
  EXPECT_EQ(stencil[1], 0x01);
  std::uint32_t back[2];
  merge_depth_stencil(Format::Z24_UNORM_S8_UINT, reinterpret_cast<const std::byte*>(depth),
                      reinterpret_cast<const std::byte*>(stencil), 2, reinterpret_cast<std::byte*>(back));
  EXPECT_EQ(back[0], texels[0]);
  EXPECT_EQ(back[1], texels[1]);
  // Z32_FLOAT_S8X24_UINT: a float, then stencil in the low byte of the second word.
  const std::uint32_t wide[2] = {0x3F000000u /* 0.5f */, 0xFFFFFF42u};
  std::uint32_t d;
  std::uint8_t st;
  split_depth_stencil(Format::Z32_FLOAT_S8X24_UINT, reinterpret_cast<const std::byte*>(wide), 1,
                      reinterpret_cast<std::byte*>(&d), reinterpret_cast<std::byte*>(&st));
  EXPECT_EQ(d, 0x3F000000u);
  EXPECT_EQ(st, 0x42);
  EXPECT_EQ(depth_aspect_bytes(Format::Z24_UNORM_S8_UINT), 4u);
  EXPECT_EQ(depth_aspect_bytes(Format::Z32_FLOAT_S8X24_UINT), 4u);
}

}  // namespace
}  // namespace glvk::st
