// Issue 18, item 5: exhaustive self-consistency of the GCN encoders. For every chip, every
// format and every texture target the capability model accepts for sampling, the texture is
// laid out, its default view encoded, the SQ_IMG_RSRC words decoded field by field and compared
// with the state they came from (sizes per SQ_RSRC_IMG type, formats, levels, layers, pitch,
// tiling index, base address); render-target and depth formats go through CB/DB the same way.
// Then layout invariants over random sizes: levels and planes never overlap and stay inside the
// surface, bases keep their alignment, padded sizes cover the level and keep each mode's
// granularity, and every texel address of every level and layer lands inside its level.
#include <glvk/amd_descriptors/capability.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/framebuffer.h>
#include <glvk/amd_descriptors/surface.h>
#include <glvk/amd_descriptors/surface_layout.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <string>

#include "consistency_common.h"

namespace glvk::amd {
namespace {

using formats::Format;
using formats::FormatDesc;
using testing::kTargets;
using testing::random_template;
using testing::sampled_format;
using testing::template_for;
using testing::tmpl;

constexpr uint64_t kVa = 0x4000000000ull >> 2;  // 256-byte aligned, below the 40-bit limit


uint32_t expected_type(TextureTarget t) {
  using namespace regs::ImgRsrcType;
  switch (t) {
    case TextureTarget::TEXTURE_1D: return SQ_RSRC_IMG_1D;
    case TextureTarget::TEXTURE_1D_ARRAY: return SQ_RSRC_IMG_1D_ARRAY;
    case TextureTarget::TEXTURE_3D: return SQ_RSRC_IMG_3D;
    case TextureTarget::TEXTURE_CUBE:
    case TextureTarget::TEXTURE_CUBE_ARRAY: return SQ_RSRC_IMG_CUBE;
    case TextureTarget::TEXTURE_2D_ARRAY: return SQ_RSRC_IMG_2D_ARRAY;
    default: return SQ_RSRC_IMG_2D;
  }
}

// The state a descriptor carries, read back with the register database's fields.
struct DecodedImage {
  uint64_t va;
  uint32_t data_format, num_format, width, height, depth, pitch, base_level, last_level, tiling_index, pow2_pad,
      type, base_array, last_array;
};

DecodedImage decode(const ImageDescriptor& w) {
  namespace W1 = regs::SQ_IMG_RSRC_WORD1;
  namespace W2 = regs::SQ_IMG_RSRC_WORD2;
  namespace W3 = regs::SQ_IMG_RSRC_WORD3;
  namespace W4 = regs::SQ_IMG_RSRC_WORD4;
  namespace W5 = regs::SQ_IMG_RSRC_WORD5;
  DecodedImage d;
  d.va = (uint64_t(regs::SQ_IMG_RSRC_WORD0::BASE_ADDRESS.decode(w[0])) << 8) |
         (uint64_t(W1::BASE_ADDRESS_HI.decode(w[1])) << 40);
  d.data_format = W1::DATA_FORMAT.decode(w[1]);
  d.num_format = W1::NUM_FORMAT.decode(w[1]);
  d.width = W2::WIDTH.decode(w[2]) + 1;
  d.height = W2::HEIGHT.decode(w[2]) + 1;
  d.base_level = W3::BASE_LEVEL.decode(w[3]);
  d.last_level = W3::LAST_LEVEL.decode(w[3]);
  d.tiling_index = W3::TILING_INDEX.decode(w[3]);
  d.pow2_pad = W3::POW2_PAD.decode(w[3]);
  d.type = W3::TYPE.decode(w[3]);
  d.depth = W4::DEPTH.decode(w[4]) + 1;
  d.pitch = W4::PITCH.decode(w[4]) + 1;
  d.base_array = W5::BASE_ARRAY.decode(w[5]);
  d.last_array = W5::LAST_ARRAY.decode(w[5]);
  return d;
}


void check_texture(const Chip& chip, const Texture& tex) {
  const SurfaceTemplate& t = tex.templ;
  auto w = make_texture_descriptor(chip, tex, default_sampler_view(tex));
  ASSERT_TRUE(w.ok()) << w.error();
  const DecodedImage d = decode(*w);
  const FormatDesc& view = formats::describe(sampled_format(t.format));
  EXPECT_EQ(d.va, tex.va + tex.surface.level[0].offset);
  EXPECT_EQ(d.data_format, translate_texformat(chip, view));
  EXPECT_EQ(d.num_format, translate_tex_numformat(view));
  EXPECT_EQ(d.type, expected_type(t.target));
  EXPECT_EQ(d.width, t.width);
  const bool is_1d = t.target == TextureTarget::TEXTURE_1D || t.target == TextureTarget::TEXTURE_1D_ARRAY;
  EXPECT_EQ(d.height, is_1d ? 1u : t.height);
  uint32_t depth = 1;
  if (t.target == TextureTarget::TEXTURE_3D) depth = t.depth;
  if (t.target == TextureTarget::TEXTURE_1D_ARRAY || t.target == TextureTarget::TEXTURE_2D_ARRAY) depth = t.array_size;
  if (t.target == TextureTarget::TEXTURE_CUBE || t.target == TextureTarget::TEXTURE_CUBE_ARRAY) depth = t.array_size / 6;
  EXPECT_EQ(d.depth, depth);
  EXPECT_EQ(d.pitch, tex.surface.level[0].pitch);
  EXPECT_EQ(d.tiling_index, tex.surface.level[0].tile_mode_index);
  EXPECT_EQ(d.base_level, 0u);
  EXPECT_EQ(d.last_level, t.levels - 1);
  EXPECT_EQ(d.pow2_pad, t.levels > 1 ? 1u : 0u);
  EXPECT_EQ(d.base_array, 0u);
  const bool array_view = t.target == TextureTarget::TEXTURE_1D_ARRAY || t.target == TextureTarget::TEXTURE_2D_ARRAY ||
                          t.target == TextureTarget::TEXTURE_CUBE_ARRAY || t.target == TextureTarget::TEXTURE_3D;
  EXPECT_EQ(d.last_array, array_view ? (t.target == TextureTarget::TEXTURE_3D ? t.depth : t.array_size) - 1 : 0u);
}

// CB: base, pitch, slice and view registers against the bound level (si_initialize_color_surface).
void check_color(const Chip& chip, const Texture& tex, uint32_t level) {
  const uint32_t layers = tex.templ.target == TextureTarget::TEXTURE_3D ? tex.templ.depth : tex.templ.array_size;
  auto cs = color_surface_from_texture(chip, tex, level, 0, layers - 1);
  ASSERT_TRUE(cs.ok()) << cs.error();
  auto r = encode_color_buffer(chip, *cs);
  ASSERT_TRUE(r.ok()) << r.error();
  const SurfaceLevel& lv = tex.surface.level[level];
  EXPECT_EQ(uint64_t(r->base) << 8, tex.va + lv.offset);
  EXPECT_EQ((regs::CB_COLORn_PITCH::TILE_MAX.decode(r->pitch) + 1) * 8, lv.nblk_x);
  EXPECT_EQ((regs::CB_COLORn_SLICE::TILE_MAX.decode(r->slice) + 1) * 64, lv.nblk_x * lv.nblk_y);
  EXPECT_EQ(regs::CB_COLORn_VIEW::SLICE_MAX.decode(r->view), layers - 1);
  EXPECT_EQ(regs::CB_COLORn_ATTRIB::TILE_MODE_INDEX.decode(r->attrib), lv.tile_mode_index);
}

// DB: z/stencil bases, sizes and tiling against the level (si_init_depth_surface).
void check_depth(const Chip& chip, const Texture& tex) {
  auto ds = depth_surface_from_texture(chip, tex, 0, 0, tex.templ.array_size - 1);
  ASSERT_TRUE(ds.ok()) << ds.error();
  auto r = encode_depth_buffer(chip, *ds);
  ASSERT_TRUE(r.ok()) << r.error();
  const SurfaceLevel& lv = tex.surface.level[0];
  EXPECT_EQ(uint64_t(r->z_read_base) << 8, tex.va + lv.offset);
  EXPECT_EQ(r->z_write_base, r->z_read_base);
  EXPECT_EQ((regs::DB_DEPTH_SIZE::PITCH_TILE_MAX.decode(r->depth_size) + 1) * 8, lv.nblk_x);
  EXPECT_EQ((regs::DB_DEPTH_SIZE::HEIGHT_TILE_MAX.decode(r->depth_size) + 1) * 8, lv.nblk_y);
  EXPECT_EQ((regs::DB_DEPTH_SLICE::SLICE_TILE_MAX.decode(r->depth_slice) + 1) * 64, lv.nblk_x * lv.nblk_y);
  EXPECT_EQ(regs::DB_Z_INFO::FORMAT.decode(r->z_info), translate_dbformat(formats::describe(tex.templ.format)));
  if (tex.surface.has_stencil) {
    EXPECT_EQ(uint64_t(r->stencil_read_base) << 8, tex.va + tex.surface.stencil_level[0].offset);
  }
}

// The GFX6-8 chips (legacy tiling); GFX9 has its own words and layout (consistency_gfx9_test.cpp).
std::vector<const Chip*> legacy_chips() {
  std::vector<const Chip*> out;
  for (const Chip& c : all_chips())
    if (c.gfx_level < GfxLevel::GFX9) out.push_back(&c);
  return out;
}

TEST(AmdConsistency, EveryFormatTargetAndChipRoundTrips) {
  unsigned textures = 0, colour = 0, depth = 0;
  const std::vector<const Chip*> chips = legacy_chips();
  for (const Chip* chip_ptr : chips) {
    const Chip& chip = *chip_ptr;
    for (const FormatDesc& fd : formats::all_formats()) {
      for (TextureTarget target : kTargets) {
        if (!is_format_supported(chip, fd.format, target, 1, USAGE_SAMPLER_VIEW)) continue;
        SCOPED_TRACE(std::string(chip.name) + " " + fd.name + " " + texture_target_name(target));
        auto tex = create_texture(chip, template_for(target, fd.format), kVa);
        ASSERT_TRUE(tex.ok()) << tex.error();
        check_texture(chip, *tex);
        ++textures;
        if (is_format_supported(chip, fd.format, target, 1, USAGE_RENDER_TARGET) &&
            target != TextureTarget::TEXTURE_1D && target != TextureTarget::TEXTURE_1D_ARRAY) {
          for (uint32_t level = 0; level < tex->templ.levels; ++level) check_color(chip, *tex, level);
          ++colour;
        }
        if (target == TextureTarget::TEXTURE_2D && is_format_supported(chip, fd.format, target, 1, USAGE_DEPTH_STENCIL)) {
          check_depth(chip, *tex);
          ++depth;
        }
      }
    }
  }
  // Every chip samples at least the core formats on every target; guard against a vacuous loop.
  EXPECT_GT(textures, chips.size() * 8 * 50);
  EXPECT_GT(colour, chips.size() * 6 * 30);
  EXPECT_GE(depth, chips.size() * 4);
}

// ---------------------------------------------------------------- layout invariants

uint32_t granularity_x(const Surface& s, const SurfaceLevel& lv, const MacroTileInfo& m) {
  switch (lv.mode) {
    case SurfaceMode::LINEAR_ALIGNED: return std::max(8u, 64 / s.bpe);
    case SurfaceMode::TILED_1D: return 8;
    case SurfaceMode::TILED_2D: return m.width;
  }
  return 1;
}

void check_plane(const Chip& chip, const SurfaceTemplate& t, const Surface& s, const std::vector<SurfaceLevel>& levels,
                 const MacroTileInfo& m, uint32_t bpe, uint32_t bw, uint32_t bh, uint64_t* end) {
  for (uint32_t l = 0; l < levels.size(); ++l) {
    SCOPED_TRACE("level " + std::to_string(l));
    const SurfaceLevel& lv = levels[l];
    const uint32_t w = std::max(1u, t.width >> l), h = std::max(1u, t.height >> l);
    const uint32_t slices = t.target == TextureTarget::TEXTURE_3D ? std::max(1u, t.depth >> l) : t.array_size;
    EXPECT_GE(lv.offset, *end);  // never overlaps what came before
    EXPECT_EQ(lv.offset % 256, 0u);
    EXPECT_GE(uint64_t(lv.nblk_x) * bw, w);
    EXPECT_GE(uint64_t(lv.nblk_y) * bh, h);
    EXPECT_GE(lv.nslices, slices);
    EXPECT_EQ(lv.nblk_x % granularity_x(s, lv, m), 0u);
    if (lv.mode != SurfaceMode::LINEAR_ALIGNED) {
      EXPECT_EQ(lv.nblk_y % 8, 0u);
    }
    if (lv.mode == SurfaceMode::TILED_2D) {
      EXPECT_EQ(lv.nblk_y % m.height, 0u);
    }
    EXPECT_EQ(lv.slice_size, uint64_t(lv.nblk_x) * lv.nblk_y * bpe * t.samples);
    EXPECT_EQ(lv.slice_size % chip.pipe_interleave_bytes, 0u);  // SiLib: slices fill interleaves
    if (l > 0 && levels[l - 1].mode == SurfaceMode::TILED_1D) {
      EXPECT_NE(lv.mode, SurfaceMode::TILED_2D);  // degradation never goes back to 2D
    }
    *end = lv.offset + lv.slice_size * lv.nslices;
  }
}

TEST(AmdConsistency, LayoutInvariantsOverRandomSizes) {
  std::mt19937 rng(18);
  const Format formats_under_test[] = {Format::R8_UNORM,         Format::R8G8B8A8_UNORM, Format::R16G16B16A16_FLOAT,
                                       Format::R32G32B32A32_UINT, Format::DXT1_RGBA, Format::DXT5_RGBA,
                                       Format::Z16_UNORM,         Format::Z24_UNORM_S8_UINT, Format::Z32_FLOAT_S8X24_UINT};
  unsigned surfaces = 0, texels = 0;
  for (int iter = 0; iter < 400; ++iter) {
    static const std::vector<const Chip*> chips = legacy_chips();
    const Chip& chip = *chips[rng() % chips.size()];
    const SurfaceTemplate t = random_template(rng, formats_under_test, 12);
    const FormatDesc& d = formats::describe(t.format);
    const TextureTarget target = t.target;
    const bool cube = target == TextureTarget::TEXTURE_CUBE || target == TextureTarget::TEXTURE_CUBE_ARRAY;
    const uint32_t w = t.width, h = t.height, depth = t.depth, layers = t.array_size, levels = t.levels,
                   samples = t.samples;
    SCOPED_TRACE(testing::describe_template(chip.name, t));
    auto s = compute_surface(chip, t);
    ASSERT_TRUE(s.ok()) << s.error();
    uint64_t end = 0;
    check_plane(chip, t, *s, s->level, s->macro, s->bpe, s->block_width, s->block_height, &end);
    if (s->has_stencil) {
      ASSERT_EQ(s->stencil_level.size(), s->level.size());
      EXPECT_EQ(s->stencil_offset, s->stencil_level[0].offset);
      check_plane(chip, t, *s, s->stencil_level, s->stencil_macro, 1, 1, 1, &end);
    }
    EXPECT_EQ(s->total_size, end);
    EXPECT_EQ(s->alignment & (s->alignment - 1), 0u);
    // Metadata: CMASK slices hold a nibble per 8x8 tile of level 0; HTILE covers level 0 with 4
    // bytes per 8x8 block; DCC keys (a byte per 256 bytes) cover every DCC level, in order.
    if (s->cmask.size) {
      EXPECT_GE(s->cmask.slice_size * 128, uint64_t(s->level[0].nblk_x) * s->level[0].nblk_y);
      EXPECT_EQ(s->cmask.slice_size % s->cmask.alignment % 256, 0u);
    }
    if (s->htile.size) {
      EXPECT_GE(s->htile.pitch, s->level[0].nblk_x);
      EXPECT_GE(s->htile.height, s->level[0].nblk_y);
      EXPECT_GE(s->htile.size * 16, uint64_t(s->level[0].nblk_x) * s->level[0].nblk_y);
    }
    for (uint32_t l = 0; l < s->dcc.num_levels; ++l) {
      const uint64_t keys = s->level[l].slice_size * s->level[l].nslices / 256;
      const uint64_t next = l + 1 < s->dcc.num_levels ? s->dcc.level_offset[l + 1] : s->dcc.size;
      EXPECT_GE(next, s->dcc.level_offset[l] + keys);
    }
    ++surfaces;

    // Every texel address lies inside its level (corners and random texels of every level and
    // layer), through the layout engine's view of the same texture.
    if (samples > 1) continue;
    formats::MiptreeDesc md;
    md.width = w;
    md.height = h;
    md.depth = depth;
    md.layers = layers;
    md.levels = levels;
    md.is_cube = cube;
    md.bytes_per_block = formats::bytes_per_block(t.format);
    md.block_width = d.block_width;
    md.block_height = d.block_height;
    auto layout = make_amd_legacy_layout(md, AmdLayoutParams{&chip, t.format});
    ASSERT_TRUE(layout.ok()) << layout.error();
    const Surface& ls = (*layout)->surface();
    for (uint32_t l = 0; l < levels; ++l) {
      const SurfaceLevel& lv = ls.level[l];
      const uint32_t lw = std::max(1u, w >> l), lh = std::max(1u, h >> l);
      const uint32_t ez = target == TextureTarget::TEXTURE_3D ? std::max(1u, depth >> l) : 1;
      const uint32_t nl = target == TextureTarget::TEXTURE_3D ? 1 : layers;
      for (uint32_t probe = 0; probe < 6; ++probe) {
        const uint32_t x = probe == 0 ? 0 : probe == 1 ? lw - 1 : rng() % lw;
        const uint32_t y = probe == 0 ? 0 : probe == 1 ? lh - 1 : rng() % lh;
        const uint32_t z = probe == 0 ? 0 : probe == 1 ? ez - 1 : rng() % ez;
        const uint32_t layer = probe == 0 ? 0 : probe == 1 ? nl - 1 : rng() % nl;
        const uint64_t o = (*layout)->texel_offset(l, layer, x, y, z);
        ASSERT_NE(o, AmdLegacyLayout::kNotAddressable);
        EXPECT_GE(o, lv.offset);
        EXPECT_LE(o + md.bytes_per_block, lv.offset + lv.slice_size * lv.nslices);
        ++texels;
      }
    }
  }
  EXPECT_EQ(surfaces, 400u);
  EXPECT_GT(texels, 1000u);
}

}  // namespace
}  // namespace glvk::amd
