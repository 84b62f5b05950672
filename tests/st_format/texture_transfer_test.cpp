// Texture transfer maps and texel writes/reads (seed 003 semantics adapted to Vulkan: staging for
// optimal tiling, in place for linear textures, the GART/4 throttle) on lavapipe with validation.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "glvk/st/screen.h"
#include "glvk/st/texture.h"
#include "glvk/st/context.h"
#include "glvk/vk_backend/image.h"

namespace glvk::st {
namespace {

using formats::Format;

// The staging behaviour: optimal-tiling textures (what every GPU gets).
class TextureTransferTest : public ::testing::Test {
 protected:
  void SetUp() override {
    screen_ = std::make_shared<Screen>(ScreenOptions{true, "llvmpipe", BufferReadback::Auto, tiling_});
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

  // What the GPU sees of a box: copied by the GPU into a buffer, then read from the buffer.
  std::vector<std::uint8_t> gpu_read(Texture& texture, unsigned level, const Box& b, std::size_t bytes_per_texel) {
    const std::size_t bytes = std::size_t(b.width) * std::size_t(b.height) * std::size_t(b.depth) * bytes_per_texel;
    auto buffer = context_->buffer_create(bytes, ResourceUsage::STAGING, 0);
    texture_read_to_buffer(texture, level, b, *buffer, 0, std::uint32_t(b.width), std::uint32_t(b.height));
    std::vector<std::uint8_t> out(bytes);
    context_->buffer_read(*buffer, 0, bytes, out.data());
    return out;
  }

  static Box box(int x, int y, int w, int h) {
    Box b;
    b.x = x;
    b.y = y;
    b.width = w;
    b.height = h;
    return b;
  }

  TextureTiling tiling_ = TextureTiling::Optimal;
  std::shared_ptr<Screen> screen_;
  std::unique_ptr<Context> context_;
};

// The direct-map behaviour: textures in LINEAR images the CPU writes and reads in place.
class LinearTextureTransferTest : public TextureTransferTest {
 protected:
  LinearTextureTransferTest() { tiling_ = TextureTiling::Linear; }

  // A texture of `target` with `slices` depth slices (3D) or layers (arrays), which must be linear.
  std::shared_ptr<Texture> make_linear(TextureTarget target, Format format, std::uint32_t w, std::uint32_t h,
                                       std::uint32_t slices, std::uint32_t levels = 1) {
    TextureLayout layout;
    layout.target = target;
    layout.format = format;
    layout.width = w;
    layout.height = h;
    (target == TextureTarget::TEXTURE_3D ? layout.depth : layout.layers) = slices;
    layout.levels = levels;
    auto texture = std::make_shared<Texture>(screen_, layout, 0);
    EXPECT_TRUE(texture->image().host_accessible());
    return texture;
  }
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

TEST_F(TextureTransferTest, StagingPastAQuarterOfTheBudgetIsFlushedAndWaitedFor) {
  auto texture = make(Format::R8G8B8A8_UNORM, 128, 128);
  std::vector<std::uint8_t> texels(128 * 128 * 4, 5);
  // 1 MiB of budget: past 256 KiB in flight the stream is submitted and waited for. Each write
  // stages 64 KiB (128 x 128 x 4, already a power of two), so every fifth write crosses the line.
  context_->set_staging_budget(1u << 20);
  const TransferStats before = context_->stats();
  for (int i = 0; i < 16; ++i) texture_write(*texture, 0, box(0, 0, 128, 128), texels.data(), 128 * 4, texels.size());
  const TransferStats after = context_->stats();
  EXPECT_EQ(after.staging_throttle_waits - before.staging_throttle_waits, 16u / 5u);
  EXPECT_EQ(after.staging_flushes - before.staging_flushes, 16u / 5u);
  EXPECT_EQ(after.outstanding_staging_bytes, (16u % 5u) * (64u << 10));
  // The staging the waits let go of came back from the pool instead of being allocated again.
  EXPECT_GT(after.buffer_reuses, before.buffer_reuses);
}

TEST_F(TextureTransferTest, OptimalTexturesAreNeverTouchedInPlace) {
  auto texture = make(Format::R8G8B8A8_UNORM, 8, 8);
  std::vector<std::uint8_t> texels(8 * 8 * 4, 1);
  texture_write(*texture, 0, box(0, 0, 8, 8), texels.data(), 8 * 4, texels.size());
  texture_read(*texture, 0, box(0, 0, 8, 8), texels.data(), 8 * 4, texels.size());
  EXPECT_EQ(context_->stats().direct_texture_transfers, 0u);
}

TEST_F(LinearTextureTransferTest, WritesLandInTheImageWithoutGpuWork) {
  auto texture = make(Format::R8G8B8A8_UNORM, 13, 5);  // odd width: the driver's row pitch, not 13 * 4
  std::vector<std::uint8_t> texels(13 * 5 * 4);
  for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = std::uint8_t(i * 7 + 1);
  const TransferStats before = context_->stats();
  texture_write(*texture, 0, box(0, 0, 13, 5), texels.data(), 13 * 4, texels.size());
  context_->finish();
  const TransferStats after = context_->stats();
  EXPECT_EQ(after.direct_texture_transfers, before.direct_texture_transfers + 1);
  EXPECT_EQ(after.submissions, before.submissions) << "an in-place write records nothing for the GPU";
  EXPECT_EQ(gpu_read(*texture, 0, box(0, 0, 13, 5), 4), texels);
}

TEST_F(LinearTextureTransferTest, ReadsWaitForTheGpuWriteFirst) {
  auto texture = make(Format::R8_UNORM, 16, 4);
  std::vector<std::uint8_t> bytes(64);
  for (int i = 0; i < 64; ++i) bytes[std::size_t(i)] = std::uint8_t(200 - i);
  auto buffer = context_->buffer_create(64, ResourceUsage::DEFAULT, 0);
  context_->buffer_subdata(*buffer, 0, 0, 64, bytes.data());
  texture_write_from_buffer(*texture, 0, box(0, 0, 16, 4), *buffer, 0, 16, 4);  // recorded, not run
  const TransferStats before = context_->stats();
  std::vector<std::uint8_t> out(64);
  texture_read(*texture, 0, box(0, 0, 16, 4), out.data(), 16, 64);
  EXPECT_EQ(out, bytes);
  EXPECT_EQ(context_->stats().waits, before.waits + 1);
  EXPECT_EQ(context_->stats().direct_texture_transfers, before.direct_texture_transfers + 1);
}

TEST_F(LinearTextureTransferTest, AWriteToABusyTextureStagesInOrder) {
  auto texture = make(Format::R8_UNORM, 4, 1);
  const std::uint8_t first[4] = {1, 2, 3, 4}, second[4] = {9, 8, 7, 6};
  auto buffer = context_->buffer_create(4, ResourceUsage::DEFAULT, 0);
  context_->buffer_subdata(*buffer, 0, 0, 4, first);
  texture_write_from_buffer(*texture, 0, box(0, 0, 4, 1), *buffer, 0, 4, 1);  // the GPU's write, pending
  const TransferStats before = context_->stats();
  texture_write(*texture, 0, box(1, 0, 2, 1), second, 2, 2);
  EXPECT_EQ(context_->stats().direct_texture_transfers, before.direct_texture_transfers)
      << "writing in place now would be overwritten by the pending copy";
  EXPECT_EQ(context_->stats().waits, before.waits);
  std::uint8_t out[4];
  texture_read(*texture, 0, box(0, 0, 4, 1), out, 4, 4);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[1], 9);
  EXPECT_EQ(out[2], 8);
  EXPECT_EQ(out[3], 4);
}

TEST_F(LinearTextureTransferTest, EveryLevelAndLayerHasItsOwnPlace) {
  auto texture = make_linear(TextureTarget::TEXTURE_2D_ARRAY, Format::R8G8B8A8_UNORM, 9, 7, 3, 4);
  const TextureLayout& layout = texture->layout();
  // Every byte of (level, layer) names its place; each level written whole, then read by the GPU.
  const auto value = [](unsigned level, std::size_t layer_byte) { return std::uint8_t(level * 61 + layer_byte); };
  const auto whole_level = [&](unsigned level) {
    Box b = box(0, 0, int(layout.level_width(level)), int(layout.level_height(level)));
    b.depth = 3;
    return b;
  };
  for (unsigned level = 0; level < 4; ++level) {
    const Box b = whole_level(level);
    const std::size_t row = std::size_t(b.width) * 4, layer = row * std::size_t(b.height);
    std::vector<std::uint8_t> texels(layer * 3);
    for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = value(level, i / layer * 17 + i % layer);
    texture_write(*texture, level, b, texels.data(), row, layer);
  }
  for (unsigned level = 0; level < 4; ++level) {
    const Box b = whole_level(level);
    const std::size_t layer = std::size_t(b.width) * 4 * std::size_t(b.height);
    const std::vector<std::uint8_t> seen = gpu_read(*texture, level, b, 4);
    for (std::size_t i = 0; i < seen.size(); ++i)
      ASSERT_EQ(seen[i], value(level, i / layer * 17 + i % layer)) << "level " << level << " byte " << i;
  }
}

TEST_F(LinearTextureTransferTest, ThreeDimensionalBoxesStartAtTheirSlice) {
  auto texture = make_linear(TextureTarget::TEXTURE_3D, Format::R8_UNORM, 5, 3, 4);
  std::vector<std::uint8_t> zero(5 * 3 * 4, 0), slices(2 * 2 * 2);
  texture_write(*texture, 0, [] { Box b; b.width = 5; b.height = 3; b.depth = 4; return b; }(), zero.data(), 5, 15);
  for (std::size_t i = 0; i < slices.size(); ++i) slices[i] = std::uint8_t(100 + i);
  Box b = box(2, 1, 2, 2);
  b.z = 1;
  b.depth = 2;
  texture_write(*texture, 0, b, slices.data(), 2, 4);
  Box all = box(0, 0, 5, 3);
  all.depth = 4;
  const std::vector<std::uint8_t> seen = gpu_read(*texture, 0, all, 1);
  for (int z = 0; z < 4; ++z)
    for (int y = 0; y < 3; ++y)
      for (int x = 0; x < 5; ++x) {
        const bool inside = x >= 2 && x < 4 && y >= 1 && y < 3 && z >= 1 && z < 3;
        const int expected = inside ? 100 + (z - 1) * 4 + (y - 1) * 2 + (x - 2) : 0;
        EXPECT_EQ(seen[std::size_t(z * 15 + y * 5 + x)], expected) << x << "," << y << "," << z;
      }
}

TEST_F(LinearTextureTransferTest, MapsHandOutTheImageItself) {
  auto texture = make(Format::R8G8B8A8_UNORM, 13, 3);
  TextureTransfer* t = nullptr;
  auto* p = static_cast<std::uint8_t*>(texture_transfer_map(*texture, 0, PIPE_TRANSFER_WRITE, box(1, 1, 3, 2), &t));
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(t->direct);
  EXPECT_EQ(t->stride, texture->image().subresource_layout(VK_IMAGE_ASPECT_COLOR_BIT, 0, 0).rowPitch);
  for (int y = 0; y < 2; ++y)
    for (int x = 0; x < 12; ++x) p[std::size_t(y) * t->stride + std::size_t(x)] = std::uint8_t(y * 12 + x + 1);
  const std::uint64_t uploads = context_->stats().staging_uploads;
  texture_transfer_unmap(t);
  EXPECT_EQ(context_->stats().staging_uploads, uploads);
  const std::vector<std::uint8_t> seen = gpu_read(*texture, 0, box(1, 1, 3, 2), 4);
  for (int i = 0; i < 24; ++i) EXPECT_EQ(seen[std::size_t(i)], i + 1) << i;
}

TEST_F(LinearTextureTransferTest, DepthStencilStaysOptimalAndStaged) {
  auto texture = make(Format::Z24_UNORM_S8_UINT, 4, 2, BIND_DEPTH_STENCIL);
  EXPECT_FALSE(texture->image().host_accessible());
  const std::uint32_t texels[8] = {0x01000001, 0x02000002, 0x03000003, 0x04000004, 5, 6, 7, 0xff000008};
  texture_write(*texture, 0, box(0, 0, 4, 2), texels, 16, 32);
  std::uint32_t out[8];
  texture_read(*texture, 0, box(0, 0, 4, 2), out, 16, 32);
  for (int i = 0; i < 8; ++i) EXPECT_EQ(out[i], texels[i]) << i;
  EXPECT_EQ(context_->stats().direct_texture_transfers, 0u);
}

TEST_F(TextureTransferTest, LargeDepthUploadsAreCopiedFromTheApplicationsMemory) {
  // 512 KB of DEPTH_COMPONENT32F (an optimal image): the device copies straight from the user's
  // memory, imported, so neither staging nor a second CPU copy; a row stride wider than the box
  // and an unaligned start (4 bytes past a page) go through the same import.
  constexpr int w = 256, h = 512, stride_texels = 260;
  auto texture = make(Format::Z32_FLOAT, w, h, BIND_DEPTH_STENCIL);
  ASSERT_FALSE(texture->image().host_accessible());
  std::vector<float> memory(std::size_t(stride_texels) * h + 4096);
  float* texels = memory.data() + 1;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) texels[std::size_t(y) * stride_texels + x] = float(y * w + x) / float(w * h);
  const TransferStats before = context_->stats();
  texture_write(*texture, 0, box(0, 0, w, h), texels, stride_texels * 4, std::size_t(stride_texels) * h * 4);
  const TransferStats after = context_->stats();
  if (after.direct_texture_transfers == before.direct_texture_transfers)
    GTEST_SKIP() << "the device imports no host memory";
  EXPECT_EQ(after.outstanding_staging_bytes, before.outstanding_staging_bytes) << "no staging buffer";
  // Overwriting the application's memory now must not change the texture: the copy has run.
  std::fill(memory.begin(), memory.end(), -1.0f);
  std::vector<float> out(std::size_t(w) * h);
  texture_read(*texture, 0, box(0, 0, w, h), out.data(), w * 4, out.size() * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      ASSERT_EQ(out[std::size_t(y) * w + x], float(y * w + x) / float(w * h)) << x << "," << y;
}

TEST_F(TextureTransferTest, GlDepthStencilTexelsAreSplitAndMergedWithoutAConversionPass) {
  auto texture = make(Format::Z24_UNORM_S8_UINT, 3, 2, BIND_DEPTH_STENCIL);
  // GL's UNSIGNED_INT_24_8: depth in the high 24 bits, stencil in the low 8.
  std::uint32_t gl_texels[6];
  for (std::uint32_t i = 0; i < 6; ++i) gl_texels[i] = (0x123456u * (i + 1) & 0xffffffu) << 8 | (40u * i + 3);
  ASSERT_TRUE(same_depth_stencil_channels(Format::S8_UINT_Z24_UNORM, Format::Z24_UNORM_S8_UINT));
  texture_write_depth_stencil(*texture, 0, box(0, 0, 3, 2), gl_texels, Format::S8_UINT_Z24_UNORM, 12, 24);
  std::uint32_t stored[6];
  texture_read(*texture, 0, box(0, 0, 3, 2), stored, 12, 24);
  for (std::uint32_t i = 0; i < 6; ++i)  // Z24_UNORM_S8_UINT: depth low, stencil high
    EXPECT_EQ(stored[i], (40u * i + 3) << 24 | (0x123456u * (i + 1) & 0xffffffu)) << i;
  // And merged back into GL's layout.
  std::uint32_t back[6] = {};
  texture_read_depth_stencil(*texture, 0, box(0, 0, 3, 2), back, Format::S8_UINT_Z24_UNORM, 12, 24);
  for (std::uint32_t i = 0; i < 6; ++i) EXPECT_EQ(back[i], gl_texels[i]) << i;
  // Only layouts with the same depth channel: 32-bit float depth would need converting.
  EXPECT_FALSE(same_depth_stencil_channels(Format::Z32_FLOAT_S8X24_UINT, Format::Z24_UNORM_S8_UINT));
  EXPECT_FALSE(same_depth_stencil_channels(Format::R8G8B8A8_UNORM, Format::Z24_UNORM_S8_UINT));
  EXPECT_FALSE(same_depth_stencil_channels(Format::S8_UINT_Z24_UNORM, Format::Z24X8_UNORM));
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
