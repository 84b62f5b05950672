// Issue 18 item 5 for GFX9: exhaustive self-consistency of the GFX9 encoders (every GFX9 chip,
// format and target the capability model samples: the descriptor decoded with the GFX9 fields
// against the state it came from; CB and DB likewise), then layout invariants of the GFX9
// surface model over random sizes: non-tail levels occupy disjoint block rectangles inside the
// mip chain, tail levels sit at distinct offsets inside the tail block, padded sizes cover the
// level in whole blocks, the epitch matches the chain, the planes do not overlap and keep their
// alignment, and the swizzle mode has the micro-tile order the request allows.
#include <glvk/amd_descriptors/capability.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/framebuffer.h>
#include <glvk/amd_descriptors/surface.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <random>
#include <set>
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
using namespace regs;

constexpr uint64_t kVa = 0x4000000000ull >> 2;


std::vector<const Chip*> gfx9_chips() {
  std::vector<const Chip*> out;
  for (const Chip& c : all_chips())
    if (c.gfx_level == GfxLevel::GFX9) out.push_back(&c);
  return out;
}

// GFX9 samples 1D textures as 2D (they are 2D resources).
uint32_t expected_type(TextureTarget t) {
  using namespace regs::ImgRsrcType;
  switch (t) {
    case TextureTarget::TEXTURE_3D: return SQ_RSRC_IMG_3D;
    case TextureTarget::TEXTURE_CUBE:
    case TextureTarget::TEXTURE_CUBE_ARRAY: return SQ_RSRC_IMG_CUBE;
    case TextureTarget::TEXTURE_1D_ARRAY:
    case TextureTarget::TEXTURE_2D_ARRAY: return SQ_RSRC_IMG_2D_ARRAY;
    default: return SQ_RSRC_IMG_2D;
  }
}


void check_texture(const Chip& chip, const Texture& tex) {
  const SurfaceTemplate& t = tex.templ;
  auto w = make_texture_descriptor(chip, tex, default_sampler_view(tex));
  ASSERT_TRUE(w.ok()) << w.error();
  namespace W3 = SQ_IMG_RSRC_WORD3;
  namespace W4 = SQ_IMG_RSRC_WORD4_GFX9;
  namespace W5 = SQ_IMG_RSRC_WORD5;
  const FormatDesc& view = formats::describe(sampled_format(t.format));
  const bool stencil_view = sampled_format(t.format) == Format::S8_UINT && tex.surface.has_stencil;
  const Gfx9Plane& plane = stencil_view ? tex.surface.gfx9.stencil : tex.surface.gfx9.surf;
  const uint64_t va = (uint64_t(SQ_IMG_RSRC_WORD0::BASE_ADDRESS.decode((*w)[0])) << 8) |
                      (uint64_t(SQ_IMG_RSRC_WORD1::BASE_ADDRESS_HI.decode((*w)[1])) << 40);
  EXPECT_EQ(va, tex.va + (stencil_view ? tex.surface.stencil_offset : 0));
  EXPECT_EQ(SQ_IMG_RSRC_WORD1::DATA_FORMAT.decode((*w)[1]), translate_texformat(chip, view));
  EXPECT_EQ(SQ_IMG_RSRC_WORD1::NUM_FORMAT.decode((*w)[1]), translate_tex_numformat(view));
  EXPECT_EQ(W3::TYPE.decode((*w)[3]), expected_type(t.target));
  EXPECT_EQ(W3::SW_MODE.decode((*w)[3]), plane.swizzle_mode);
  EXPECT_EQ(W3::BASE_LEVEL.decode((*w)[3]), 0u);
  EXPECT_EQ(W3::LAST_LEVEL.decode((*w)[3]), t.levels - 1);
  EXPECT_EQ(SQ_IMG_RSRC_WORD2::WIDTH.decode((*w)[2]) + 1, t.width);
  EXPECT_EQ(SQ_IMG_RSRC_WORD2::HEIGHT.decode((*w)[2]) + 1, t.height);
  // DEPTH: the view's last layer (whole-resource 1D/2D/RECT/CUBE views end at their first), 3D depth - 1.
  uint32_t depth = 0;
  if (t.target == TextureTarget::TEXTURE_3D) depth = t.depth - 1;
  if (t.target == TextureTarget::TEXTURE_1D_ARRAY || t.target == TextureTarget::TEXTURE_2D_ARRAY ||
      t.target == TextureTarget::TEXTURE_CUBE_ARRAY)
    depth = t.array_size - 1;
  EXPECT_EQ(W4::DEPTH.decode((*w)[4]), depth);
  EXPECT_EQ(W4::PITCH.decode((*w)[4]), plane.epitch);
  EXPECT_LE(W4::BC_SWIZZLE.decode((*w)[4]), BcSwizzle::BC_SWIZZLE_YXWZ);
  EXPECT_EQ(W5::BASE_ARRAY.decode((*w)[5]), 0u);
  EXPECT_EQ(W5::MAX_MIP.decode((*w)[5]), t.levels - 1);
  EXPECT_EQ((*w)[6], 0u);
  EXPECT_EQ((*w)[7], 0u);
}

void check_color(const Chip& chip, const Texture& tex, uint32_t level) {
  const uint32_t layers = tex.templ.target == TextureTarget::TEXTURE_3D ? tex.templ.depth : tex.templ.array_size;
  auto cs = color_surface_from_texture(chip, tex, level, 0, layers - 1);
  ASSERT_TRUE(cs.ok()) << cs.error();
  auto r = encode_color_buffer(chip, *cs);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(uint64_t(r->base) << 8 | uint64_t(r->base_ext) << 40, tex.va);
  EXPECT_EQ(CB_COLORn_ATTRIB2::MIP0_WIDTH.decode(r->attrib2) + 1, tex.templ.width);
  EXPECT_EQ(CB_COLORn_ATTRIB2::MIP0_HEIGHT.decode(r->attrib2) + 1, tex.templ.height);
  EXPECT_EQ(CB_COLORn_ATTRIB2::MAX_MIP.decode(r->attrib2), tex.templ.levels - 1);
  EXPECT_EQ(CB_COLORn_VIEW::MIP_LEVEL.decode(r->view), level);
  EXPECT_EQ(CB_COLORn_VIEW::SLICE_MAX.decode(r->view), layers - 1);
  EXPECT_EQ(CB_COLORn_ATTRIB_GFX9::COLOR_SW_MODE.decode(r->attrib), tex.surface.gfx9.surf.swizzle_mode);
  EXPECT_EQ(CB_COLORn_ATTRIB_GFX9::MIP0_DEPTH.decode(r->attrib), layers - 1);
  EXPECT_EQ(CB_COLORn_ATTRIB_GFX9::RESOURCE_TYPE.decode(r->attrib), tex.surface.gfx9.resource_type);
  EXPECT_EQ(CB_MRTn_EPITCH::EPITCH.decode(r->mrt_epitch), tex.surface.gfx9.surf.epitch);
}

void check_depth(const Chip& chip, const Texture& tex) {
  auto ds = depth_surface_from_texture(chip, tex, 0, 0, tex.templ.array_size - 1);
  ASSERT_TRUE(ds.ok()) << ds.error();
  auto r = encode_depth_buffer(chip, *ds);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(uint64_t(r->z_read_base) << 8, tex.va);
  EXPECT_EQ(r->z_write_base, r->z_read_base);
  EXPECT_EQ(DB_Z_INFO_GFX9::FORMAT.decode(r->z_info), translate_dbformat(formats::describe(tex.templ.format)));
  EXPECT_EQ(DB_Z_INFO_GFX9::SW_MODE.decode(r->z_info), tex.surface.gfx9.surf.swizzle_mode);
  EXPECT_EQ(DB_Z_INFO2::EPITCH.decode(r->z_info2), tex.surface.gfx9.surf.epitch);
  EXPECT_EQ(DB_DEPTH_SIZE_GFX9::X_MAX.decode(r->depth_size) + 1, tex.templ.width);
  EXPECT_EQ(DB_DEPTH_SIZE_GFX9::Y_MAX.decode(r->depth_size) + 1, tex.templ.height);
  if (tex.surface.has_stencil) {
    EXPECT_EQ(uint64_t(r->stencil_read_base) << 8, tex.va + tex.surface.stencil_offset);
    EXPECT_EQ(DB_STENCIL_INFO_GFX9::SW_MODE.decode(r->stencil_info), tex.surface.gfx9.stencil.swizzle_mode);
  }
}

TEST(AmdGfx9Consistency, EveryFormatTargetAndChipRoundTrips) {
  unsigned textures = 0, colour = 0, depth = 0;
  const std::vector<const Chip*> chips = gfx9_chips();
  ASSERT_EQ(chips.size(), 4u);
  for (const Chip* chip : chips) {
    for (const FormatDesc& fd : formats::all_formats()) {
      for (TextureTarget target : kTargets) {
        if (!is_format_supported(*chip, fd.format, target, 1, USAGE_SAMPLER_VIEW)) continue;
        SCOPED_TRACE(std::string(chip->name) + " " + fd.name + " " + texture_target_name(target));
        auto tex = create_texture(*chip, template_for(target, fd.format), kVa);
        ASSERT_TRUE(tex.ok()) << tex.error();
        check_texture(*chip, *tex);
        ++textures;
        if (is_format_supported(*chip, fd.format, target, 1, USAGE_RENDER_TARGET)) {
          for (uint32_t level = 0; level < tex->templ.levels; ++level) check_color(*chip, *tex, level);
          ++colour;
        }
        if (target == TextureTarget::TEXTURE_2D && is_format_supported(*chip, fd.format, target, 1, USAGE_DEPTH_STENCIL)) {
          check_depth(*chip, *tex);
          ++depth;
        }
      }
    }
  }
  EXPECT_GT(textures, chips.size() * 8 * 50);
  EXPECT_GT(colour, chips.size() * 6 * 30);
  EXPECT_GE(depth, chips.size() * 4);
}

// ---------------------------------------------------------------- layout invariants

bool is_xor(uint32_t mode) { return mode >= SwizzleMode::SW_64KB_Z_T; }
uint32_t block_bytes(uint32_t mode) {
  if (mode == SwizzleMode::SW_LINEAR) return 256;
  return (mode == SwizzleMode::SW_4KB_Z || mode == SwizzleMode::SW_4KB_S || mode == SwizzleMode::SW_4KB_D ||
          (mode >= SwizzleMode::SW_4KB_Z_X && mode <= SwizzleMode::SW_4KB_R_X))
             ? 4096
             : 65536;
}
bool is_z(uint32_t mode) { return mode % 4 == 0 && mode != SwizzleMode::SW_LINEAR; }

void check_plane(const SurfaceTemplate& t, const Gfx9Plane& p, uint32_t bpe, uint32_t width, uint32_t height) {
  const bool is_3d = t.target == TextureTarget::TEXTURE_3D;
  EXPECT_EQ(p.level.size(), t.levels);
  EXPECT_EQ(p.epitch, (p.epitch_is_height ? p.mip_chain_height : p.mip_chain_pitch) - 1);
  EXPECT_EQ(p.size, p.slice_size * p.mip_chain_slices);
  EXPECT_EQ(p.alignment & (p.alignment - 1), 0u);
  if (is_xor(p.swizzle_mode)) {
    EXPECT_GE(p.alignment, block_bytes(p.swizzle_mode));
  }
  if (p.swizzle_mode == SwizzleMode::SW_LINEAR) {
    EXPECT_EQ(p.pitch * bpe % 256, 0u);
    EXPECT_GE(p.pitch, width);
    return;
  }
  // Blocks hold exactly their bytes; mip 0 and the chain are whole blocks.
  EXPECT_EQ(uint64_t(p.block_width) * p.block_height * p.block_depth * bpe * t.samples, block_bytes(p.swizzle_mode));
  EXPECT_EQ(p.mip_chain_pitch % p.block_width, 0u);
  EXPECT_EQ(p.mip_chain_height % p.block_height, 0u);
  EXPECT_EQ(p.slice_size * p.block_depth % block_bytes(p.swizzle_mode), 0u);  // thick: per element slice
  const uint32_t chain_w = p.mip_chain_pitch / p.block_width, chain_h = p.mip_chain_height / p.block_height;
  const uint32_t chain_d = p.mip_chain_slices / p.block_depth;
  std::set<std::tuple<uint32_t, uint32_t, uint32_t>> used;
  std::set<uint32_t> tail_offsets;
  for (uint32_t l = 0; l < t.levels; ++l) {
    SCOPED_TRACE("level " + std::to_string(l));
    const Gfx9Level& lv = p.level[l];
    const uint32_t w = std::max(1u, width >> l), h = std::max(1u, height >> l);
    if (lv.in_tail) {
      EXPECT_GE(l, p.first_mip_in_tail);
      EXPECT_LT(lv.mip_tail_offset, block_bytes(p.swizzle_mode));
      EXPECT_TRUE(tail_offsets.insert(lv.mip_tail_offset).second);  // distinct slots
      if (l > p.first_mip_in_tail && !p.mip_chain_in_tail) {
        EXPECT_LT(lv.mip_tail_offset, p.level[l - 1].mip_tail_offset);  // smaller levels further in
      }
      continue;
    }
    EXPECT_LT(l, p.first_mip_in_tail);
    EXPECT_GE(lv.pitch, w);
    EXPECT_GE(lv.height, h);
    EXPECT_EQ(lv.pitch % p.block_width, 0u);
    EXPECT_EQ(lv.height % p.block_height, 0u);
    // The level's blocks lie inside the chain and no other level's.
    const uint32_t bw = lv.pitch / p.block_width, bh = lv.height / p.block_height;
    const uint32_t bd = is_3d ? std::max(1u, lv.depth / p.block_depth) : 1;
    EXPECT_LE(lv.start_x + bw, chain_w);
    EXPECT_LE(lv.start_y + bh, chain_h);
    EXPECT_LE(lv.start_z + bd, std::max(chain_d, 1u));
    for (uint32_t z = 0; z < bd; ++z)
      for (uint32_t y = 0; y < bh; ++y)
        for (uint32_t x = 0; x < bw; ++x)
          EXPECT_TRUE(used.insert({lv.start_x + x, lv.start_y + y, lv.start_z + z}).second) << x << "," << y << "," << z;
  }
  // The tail block (if any) is none of the levels' blocks.
  for (uint32_t l = 0; l < t.levels; ++l) {
    if (p.level[l].in_tail && !p.mip_chain_in_tail) {
      EXPECT_FALSE(used.count({p.level[l].start_x, p.level[l].start_y, p.level[l].start_z}));
    }
  }
}

TEST(AmdGfx9Consistency, LayoutInvariantsOverRandomSizes) {
  std::mt19937 rng(9);
  const Format formats_under_test[] = {Format::R8_UNORM,          Format::R8G8B8A8_UNORM,   Format::R16G16B16A16_FLOAT,
                                       Format::R32G32B32A32_UINT, Format::DXT1_RGBA,        Format::DXT5_RGBA,
                                       Format::Z16_UNORM,         Format::Z24_UNORM_S8_UINT, Format::Z32_FLOAT_S8X24_UINT};
  const std::vector<const Chip*> chips = gfx9_chips();
  unsigned surfaces = 0;
  for (int iter = 0; iter < 400; ++iter) {
    const Chip& chip = *chips[rng() % chips.size()];
    const SurfaceTemplate t = random_template(rng, formats_under_test, 40);
    const FormatDesc& d = formats::describe(t.format);
    const bool zs = d.colorspace == formats::Colorspace::ZS;
    const uint32_t w = t.width, h = t.height, levels = t.levels, samples = t.samples;
    SCOPED_TRACE(testing::describe_template(chip.name, t));
    auto s = compute_surface(chip, t);
    ASSERT_TRUE(s.ok()) << s.error();
    const uint32_t ew = (w + d.block_width - 1) / d.block_width, eh = (h + d.block_height - 1) / d.block_height;
    check_plane(t, s->gfx9.surf, s->bpe, ew, eh);
    // Depth and stencil planes take Z modes; colour MSAA never does.
    if (zs) {
      EXPECT_TRUE(is_z(s->gfx9.surf.swizzle_mode));
    }
    if (!zs && samples > 1) {
      EXPECT_FALSE(is_z(s->gfx9.surf.swizzle_mode));
    }
    uint64_t end = s->gfx9.surf.size;
    if (s->has_stencil) {
      EXPECT_TRUE(is_z(s->gfx9.stencil.swizzle_mode));
      check_plane(t, s->gfx9.stencil, 1, ew, eh);
      EXPECT_GE(s->stencil_offset, s->gfx9.surf.size);
      EXPECT_EQ(s->stencil_offset % s->gfx9.stencil.alignment, 0u);
      end = s->stencil_offset + s->gfx9.stencil.size;
    }
    EXPECT_EQ(s->total_size, end);
    EXPECT_EQ(s->alignment % s->gfx9.surf.alignment, 0u);
    // The common per-level view agrees with the plane.
    ASSERT_EQ(s->level.size(), levels);
    for (uint32_t l = 0; l < levels; ++l) {
      EXPECT_EQ(s->level[l].slice_size, s->gfx9.surf.slice_size);
      EXPECT_LT(s->level[l].offset, s->gfx9.surf.slice_size * s->gfx9.surf.mip_chain_slices);
    }
    ++surfaces;
  }
  EXPECT_EQ(surfaces, 400u);
}

}  // namespace
}  // namespace glvk::amd
