// Issue 18: the GFX9 metadata sizes ac_surface computes beside the layout (HTILE of depth planes,
// CMASK of single-sampled colour planes), each worked by hand from addrlib Gfx9Lib's rules as
// ac_surface asks for them (pipe- and RB-aligned metadata, mip 0's size, every layer):
//  - meta pipes (log2) = min(pipes + engines, 5), for XOR modes at most block size - interleave;
//    RBs = engines x RBs per engine (the chip's GB_ADDR_CONFIG, gfx_v9_0.c);
//  - compress blocks per meta block (log2): engines + RBs per engine + 10 (Vega12/Vega20: the alias
//    fix, + max(10, interleave)); CMASK at least 13; 10 (HTILE) / 13 (CMASK) with one pipe and RB;
//  - HTILE: 8x8 pixels, 4 bytes each; the meta block widened width first (a single level) to that
//    many; base alignment max(interleave x pipes x RBs [x pipes/2 without XOR], meta block, data
//    block), Vega12/Vega20 shifted left by max(0, 11 - (meta block log2 - (1 + pipes + RBs)));
//  - CMASK: 8x8 pixels, 4 bits each; the meta block grown height first; size aligned to
//    max(interleave x pipes x RBs, data block), base alignment max(that, half the blocks);
//  - DCC: one key byte per 256-byte compress block (8x8 of 4-byte elements); max(4096, RBs x 1024)
//    keys a meta block, grown from the compress block width first (height first when mipmapped and
//    square); GetMetaMipInfo adds half the minor dimension (rounded up) for a mip chain outside the
//    tail; size and base alignment as CMASK's, the base at least one meta block.
#include <glvk/amd_descriptors/surface.h>

#include <gtest/gtest.h>

#include "test_templates.h"

namespace glvk::amd {
namespace {

using formats::Format;
using testing::tmpl;
using namespace regs;

const Chip& chip(const char* name) {
  const Chip* c = find_chip(name);
  EXPECT_NE(c, nullptr) << name;
  return *c;
}

// Z32 256x256 (SW_64KB_Z_X on all three).
// Vega10: 4 pipes, 4 engines, 4 RBs each: meta pipes min(2 + 2, 5) = 4 (<= 16 - 8), RBs 16;
//   blocks 2 + 2 + 10 = 14: meta block 8<<7 x 8<<7 = 1024x1024, 1x1 of them, 4<<14 = 65536 bytes;
//   alignment max(256 x 16 x 16, 65536, 65536) = 65536.
// Vega12: 2 pipes, 4 engines, 2 RBs each: meta pipes 3, RBs 8; blocks 2 + 1 + max(10, 8) = 13:
//   1024x512, 32768 bytes; alignment max(256 x 8 x 8, 32768, 65536) = 65536, shifted by
//   11 - (15 - (1 + 3 + 3)) = 3: 524288, and the size padded to it.
// Raven: 4 pipes, 1 engine, 2 RBs: meta pipes 2, RBs 2; blocks 0 + 1 + 10 = 11: 512x256,
//   8192 bytes; alignment max(256 x 4 x 2, 8192, 65536) = 65536 (no HTILE fix on Raven).
TEST(AmdGfx9Metadata, HtileOfADepthPlane) {
  const struct {
    const char* chip;
    uint64_t size, slice;
    uint32_t alignment, pitch, height;
  } cases[] = {{"vega10", 65536, 65536, 65536, 1024, 1024},
               {"vega12", 524288, 32768, 524288, 1024, 512},
               {"raven", 65536, 8192, 65536, 512, 256}};
  for (const auto& c : cases) {
    auto s = compute_surface(chip(c.chip), tmpl(TextureTarget::TEXTURE_2D, Format::Z32_FLOAT, 256, 256));
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(s->gfx9.surf.swizzle_mode, SwizzleMode::SW_64KB_Z_X) << c.chip;
    EXPECT_EQ(s->htile.size, c.size) << c.chip;
    EXPECT_EQ(s->htile.slice_size, c.slice) << c.chip;
    EXPECT_EQ(s->htile.alignment, c.alignment) << c.chip;
    EXPECT_EQ(s->htile.pitch, c.pitch) << c.chip;
    EXPECT_EQ(s->htile.height, c.height) << c.chip;
    EXPECT_EQ(s->cmask.size, 0u) << c.chip;  // depth has no CMASK
  }
}

// Vega10, Z32 2000x1000, 6 layers, 1 level: 1024x1024 meta blocks, 2x1 of them a layer = 131072
// bytes; 6 layers 786432, already a multiple of 65536.
TEST(AmdGfx9Metadata, HtileCountsMetaBlocksPerLayer) {
  auto s = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D_ARRAY, Format::Z32_FLOAT, 2000, 1000, 1, 6));
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->htile.slice_size, 131072u);
  EXPECT_EQ(s->htile.size, 786432u);
  EXPECT_EQ(s->htile.pitch, 2048u);
  EXPECT_EQ(s->htile.height, 1024u);
}

// RGBA8 256x256 (SW_64KB_D_X). Vega10: blocks max(14, 13) = 14, meta block 1024x1024, one of them:
// (16384 >> 1) = 8192 bytes a slice; size and base alignment max(256 x 16 x 16, 65536) = 65536.
// Vega12: blocks max(2 + 1 + 10, 13) = 13: 4096 bytes; alignment max(256 x 8 x 8, 65536) = 65536.
// Linear and 3D colour gets none. Multisampled colour has one beside its FMASK, laid out in the
// FMASK's swizzle mode (SW_4KB_Z_X for 64x64 8-bit FMASK): on Vega10 meta pipes min(4, 12 - 8) = 4,
// 2^14 compress blocks (one 1024x1024 meta block): 8192 bytes, aligned to 256 << 8 = 65536.
TEST(AmdGfx9Metadata, CmaskOfASingleSampledColourPlane) {
  auto v10 = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256));
  auto v12 = compute_surface(chip("vega12"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256));
  ASSERT_TRUE(v10.ok() && v12.ok());
  EXPECT_EQ(v10->gfx9.surf.swizzle_mode, SwizzleMode::SW_64KB_D_X);
  EXPECT_EQ(v10->cmask.slice_size, 8192u);
  EXPECT_EQ(v10->cmask.size, 65536u);
  EXPECT_EQ(v10->cmask.alignment, 65536u);
  EXPECT_EQ(v12->cmask.slice_size, 4096u);
  EXPECT_EQ(v12->cmask.size, 65536u);
  EXPECT_EQ(v10->htile.size, 0u);
  // 4 layers of 3000x100 on Vega10: 3x1 meta blocks a layer (3 x 8192 = 24576), 98304 in all,
  // padded to 131072.
  auto wide = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D_ARRAY, Format::R8G8B8A8_UNORM, 3000, 100, 1, 4));
  ASSERT_TRUE(wide.ok()) << wide.error();
  EXPECT_EQ(wide->cmask.slice_size, 24576u);
  EXPECT_EQ(wide->cmask.size, 131072u);
  auto msaa = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 64, 64, 1, 1, 1, 4));
  ASSERT_TRUE(msaa.ok()) << msaa.error();
  EXPECT_EQ(msaa->cmask.slice_size, 8192u);
  EXPECT_EQ(msaa->cmask.size, 65536u);
  EXPECT_EQ(msaa->cmask.alignment, 65536u);
  auto volume = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_3D, Format::R8G8B8A8_UNORM, 64, 64, 64));
  ASSERT_TRUE(volume.ok()) << volume.error();
  EXPECT_EQ(volume->cmask.size, 0u);
}

// Vega10 RGBA8 256x256: 16384 keys (16 RBs x 1024), meta block 8x8 grown 14 times to 1024x1024,
// one of them: 16384 bytes padded to 65536. Vega12: max(4096, 8 x max(1024, 256)) = 8192 keys,
// 1024x512, padded to 65536. Vega10 4096x2048 with 12 levels: 1024x1024 blocks, 4x2 for mip 0, the
// chain (X major: 2 < 3 but 4 is not above 4) adds 2/2 + 0 = 1 row: 4x3 x 16384 = 196608. Compressed
// formats and "nodcc" get none.
TEST(AmdGfx9Metadata, DccKeysOfASingleSampledColourPlane) {
  auto v10 = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256));
  auto v12 = compute_surface(chip("vega12"), tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256));
  auto chain = compute_surface(chip("vega10"),
                               tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 4096, 2048, 1, 1, 12));
  ASSERT_TRUE(v10.ok() && v12.ok() && chain.ok());
  EXPECT_EQ(v10->dcc.size, 65536u);
  EXPECT_EQ(v10->dcc.alignment, 65536u);
  EXPECT_EQ(v12->dcc.size, 65536u);
  EXPECT_EQ(v12->dcc.alignment, 65536u);
  EXPECT_EQ(chain->dcc.size, 196608u);
  SurfaceTemplate off = tmpl(TextureTarget::TEXTURE_2D, Format::R8G8B8A8_UNORM, 256, 256);
  off.disable_dcc = true;
  EXPECT_EQ(compute_surface(chip("vega10"), off)->dcc.size, 0u);
  auto bc1 = compute_surface(chip("vega10"), tmpl(TextureTarget::TEXTURE_2D, Format::DXT1_RGBA, 256, 256));
  ASSERT_TRUE(bc1.ok()) << bc1.error();
  EXPECT_EQ(bc1->dcc.size, 0u);
}

}  // namespace
}  // namespace glvk::amd
