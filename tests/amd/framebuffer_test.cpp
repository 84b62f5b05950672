// CB/DB register state. The golden vector is the seed 002 IB dump of piglit gl-3.0-render-integer
// (a 200x200 RGBA32I colour buffer at 0x1000e0000 on a GFX8 chip), copied from the seed.
#include <glvk/amd_descriptors/framebuffer.h>
#include <glvk/amd_descriptors/ib_printer.h>

#include <gtest/gtest.h>

#include <bit>
#include <vector>

namespace glvk::amd {
namespace {

using namespace regs;

const Chip& chip(const char* name) {
  const Chip* c = find_chip(name);
  EXPECT_NE(c, nullptr) << name;
  return *c;
}

const formats::FormatDesc& fmt(const char* name) {
  const formats::FormatDesc* d = formats::find_format(name);
  EXPECT_NE(d, nullptr) << name;
  return *d;
}

// From the seed dump: header, register index, then the fourteen CB_COLOR0_* values.
const std::vector<uint32_t> kSeedPacket = {
    0xc00e6900, 0x00000318, 0x01000e00, 0x01800018, 0x00000270, 0x00000000, 0x00070538, 0x000001ad,
    0x00000208, 0x01000e00, 0x00000003, 0x01000e00, 0x00000270, 0x00000000, 0x00000000, 0x00000000,
};

// The seed's surface: 200x200 elements (a multiple of 8 already), 1D tiled (GB_TILE_MODE13),
// 16 bytes per element, no CMASK/FMASK/DCC, CMASK slice as recorded in the dump.
ColorSurface seed_surface(const CbFormat& f) {
  ColorSurface s;
  s.format = f;
  s.va = 0x1000e0000ull;
  s.nblk_x = 200;
  s.nblk_y = 200;
  s.tile_mode_index = 13;
  s.cmask_slice_tile_max = 3;
  return s;
}

std::vector<uint32_t> emit_one(const Chip& c, const ColorBufferRegisters& r, unsigned index = 0) {
  pm4::ShadowStream s(c);
  Status st = emit_color_buffer(s, index, r);
  EXPECT_TRUE(st.ok()) << (st.ok() ? "" : st.error());
  return {s.dwords().begin(), s.dwords().end()};
}

TEST(AmdColorBuffer, SeedDumpReproducedOnTonga) {
  Result<CbFormat> f = cb_format(fmt("R32G32B32A32_SINT"));
  ASSERT_TRUE(f.ok()) << f.error();
  Result<ColorBufferRegisters> r = encode_color_buffer(chip("tonga"), seed_surface(*f));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(emit_one(chip("tonga"), *r), kSeedPacket);
}

// The whole path with the layout-derived CMASK slice: the dump's CMASK_SLICE = 3 is the value of a
// 4-pipe chip (Polaris11); an 8-pipe Tonga pads the CMASK to 512x256 pixels instead of 256x256.
TEST(AmdColorBuffer, CmaskSliceFollowsPipeCount) {
  // ceil(200 / (cl_width * 8)) * ceil(200 / (cl_height * 8)) 128x128 blocks, minus one.
  EXPECT_EQ(cmask_slice_tile_max(chip("polaris11"), 200, 200), 3u);  // 256x256 -> 4 blocks
  EXPECT_EQ(cmask_slice_tile_max(chip("tonga"), 200, 200), 7u);      // 512x256 -> 8 blocks
  EXPECT_EQ(cmask_slice_tile_max(chip("hawaii"), 200, 200), 15u);    // 512x512 -> 16 blocks
  EXPECT_EQ(cmask_slice_tile_max(chip("polaris11"), 256, 256), 3u);
  EXPECT_EQ(cmask_slice_tile_max(chip("polaris11"), 264, 256), 7u);
  Result<CbFormat> f = cb_format(fmt("R32G32B32A32_SINT"));
  ASSERT_TRUE(f.ok());
  ColorSurface s = seed_surface(*f);
  s.cmask_slice_tile_max = cmask_slice_tile_max(chip("polaris11"), s.nblk_x, s.nblk_y);
  Result<ColorBufferRegisters> r = encode_color_buffer(chip("polaris11"), s);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(emit_one(chip("polaris11"), *r), kSeedPacket);
}

TEST(AmdColorBuffer, Gfx6And7EmitThirteenRegisters) {
  Result<CbFormat> f = cb_format(fmt("R32G32B32A32_SINT"));
  ASSERT_TRUE(f.ok());
  for (const char* name : {"tahiti", "bonaire"}) {
    Result<ColorBufferRegisters> r = encode_color_buffer(chip(name), seed_surface(*f));
    ASSERT_TRUE(r.ok());
    const std::vector<uint32_t> dw = emit_one(chip(name), *r, 2);
    ASSERT_EQ(dw.size(), 15u) << name;
    EXPECT_EQ(dw[0], 0xc00d6900u) << name;
    EXPECT_EQ(dw[1], (0x28C60u + 2 * 0x3Cu - 0x28000u) / 4) << name;
    EXPECT_EQ(r->dcc_control, 0u) << name;  // DCC is GFX8
    // FMASK_TILE_MAX in CB_COLOR_PITCH exists from GFX7 on.
    EXPECT_EQ(CB_COLORn_PITCH::FMASK_TILE_MAX.decode(r->pitch), std::string(name) == "tahiti" ? 0u : 24u);
  }
}

struct FormatCase {
  const char* format;
  uint32_t cb_format, number_type, swap;
  bool blend_clamp, blend_bypass, round_mode, force_dst_alpha_1;
};

// Expected values from the CB_COLOR0_INFO appendix (seed 002) and the rules of
// si_initialize_color_surface: clamp for normalized, bypass for integer, round unless normalized.
TEST(AmdColorBuffer, FormatTranslation) {
  const FormatCase cases[] = {
      {"R8G8B8A8_UNORM", 10, 0, 0, true, false, false, false},
      {"B8G8R8A8_UNORM", 10, 0, 1, true, false, false, false},   // ZYXW -> SWAP_ALT
      {"A8B8G8R8_UNORM", 10, 0, 2, true, false, false, false},   // WZYX -> SWAP_STD_REV
      {"R8G8B8X8_UNORM", 10, 0, 0, true, false, false, true},    // no alpha
      {"R8G8B8A8_SRGB", 10, 6, 0, true, false, false, false},
      {"R8G8B8A8_SNORM", 10, 1, 0, true, false, false, false},
      {"R8G8B8A8_UINT", 10, 4, 0, false, true, true, false},
      {"R16G16_FLOAT", 5, 7, 0, false, false, true, true},
      {"R32G32B32A32_SINT", 14, 5, 0, false, true, true, false},
      {"R32G32B32A32_FLOAT", 14, 7, 0, false, false, true, false},
      {"A8_UNORM", 1, 0, 3, true, false, false, false},          // ___X -> SWAP_ALT_REV
      {"I8_UNORM", 1, 0, 0, true, false, false, true},           // intensity forces alpha 1
      {"L8A8_UNORM", 3, 0, 1, true, false, false, false},        // X__Y -> SWAP_ALT
      {"B5G6R5_UNORM", 16, 0, 2, true, false, false, true},      // ZYX -> SWAP_STD_REV
      {"B5G5R5A1_UNORM", 17, 0, 1, true, false, false, false},
      {"R10G10B10A2_UNORM", 9, 0, 0, true, false, false, false},
      {"R11G11B10_FLOAT", 6, 7, 0, false, false, true, true},
      {"Z24_UNORM_S8_UINT", 20, 0, 0, false, true, false, false},  // sizes 24,8: COLOR_8_24; bypass, no round
      {"Z32_FLOAT_S8X24_UINT", 22, 7, 0, false, true, true, false},
  };
  for (const FormatCase& c : cases) {
    Result<CbFormat> f = cb_format(fmt(c.format));
    ASSERT_TRUE(f.ok()) << c.format << ": " << f.error();
    EXPECT_EQ(f->format, c.cb_format) << c.format;
    EXPECT_EQ(f->number_type, c.number_type) << c.format;
    EXPECT_EQ(f->comp_swap, c.swap) << c.format;
    EXPECT_EQ(f->force_dst_alpha_1, c.force_dst_alpha_1) << c.format;
    ColorSurface s = seed_surface(*f);
    Result<ColorBufferRegisters> r = encode_color_buffer(chip("tonga"), s);
    ASSERT_TRUE(r.ok()) << c.format;
    EXPECT_EQ(CB_COLORn_INFO::BLEND_CLAMP.decode(r->info), c.blend_clamp) << c.format;
    EXPECT_EQ(CB_COLORn_INFO::BLEND_BYPASS.decode(r->info), c.blend_bypass) << c.format;
    EXPECT_EQ(CB_COLORn_INFO::ROUND_MODE.decode(r->info), c.round_mode) << c.format;
    EXPECT_EQ(CB_COLORn_INFO::SIMPLE_FLOAT.decode(r->info), 1u) << c.format;
    EXPECT_EQ(CB_COLORn_ATTRIB::FORCE_DST_ALPHA_1.decode(r->attrib), c.force_dst_alpha_1) << c.format;
  }
}

TEST(AmdColorBuffer, FormatsTheCbCannotRender) {
  for (const char* name : {"R8G8B8_UNORM", "R32G32B32_FLOAT", "R9G9B9E5_FLOAT", "DXT1_RGBA", "NONE"}) {
    Result<CbFormat> f = cb_format(fmt(name));
    EXPECT_FALSE(f.ok()) << name;
    if (!f.ok()) {
      EXPECT_NE(f.error().find(name), std::string::npos) << f.error();
    }
  }
  // Every format the CB accepts has a format and a swap; nothing is silently COLOR_INVALID.
  for (const formats::FormatDesc& d : formats::all_formats()) {
    Result<CbFormat> f = cb_format(d);
    if (f.ok()) {
      EXPECT_NE(f->format, ColorFormat::COLOR_INVALID) << d.name;
      EXPECT_NE(enum_value_name(*find_field(*find_register("CB_COLOR0_INFO", GfxLevel::GFX8), "FORMAT"), f->format),
                nullptr)
          << d.name;
    }
  }
}

TEST(AmdColorBuffer, InvalidSurfacesAreErrors) {
  Result<CbFormat> f = cb_format(fmt("R8G8B8A8_UNORM"));
  ASSERT_TRUE(f.ok());
  const ColorSurface good = seed_surface(*f);
  ASSERT_TRUE(encode_color_buffer(chip("tonga"), good).ok());
  auto fails = [&](auto mutate, const char* what, const char* chip_name = "tonga") {
    ColorSurface s = good;
    mutate(s);
    Result<ColorBufferRegisters> r = encode_color_buffer(chip(chip_name), s);
    EXPECT_FALSE(r.ok()) << what;
  };
  fails([](ColorSurface& s) { s.nblk_x = 16392; }, "wider than 16384");
  fails([](ColorSurface& s) { s.nblk_y = 16392; }, "taller than 16384");
  fails([](ColorSurface& s) { s.nblk_x = 0; }, "zero width");
  fails([](ColorSurface& s) { s.nblk_x = 204; }, "pitch not a multiple of 8");
  fails([](ColorSurface& s) { s.va = 0x1000e0080ull; }, "unaligned address");
  fails([](ColorSurface& s) { s.va = 1ull << 40; }, "address beyond 40 bits");
  fails([](ColorSurface& s) { s.tile_mode_index = 32; }, "tile index");
  fails([](ColorSurface& s) { s.last_layer = 2048; }, "too many layers");
  fails([](ColorSurface& s) { s.first_layer = 3, s.last_layer = 2; }, "empty layer range");
  fails([](ColorSurface& s) { s.num_samples = 3; }, "3 samples");
  fails([](ColorSurface& s) { s.format.format = ColorFormat::COLOR_INVALID; }, "invalid format");
  fails([](ColorSurface& s) { s.dcc_va = 0x200000000ull; }, "DCC on GFX7", "bonaire");
  pm4::ShadowStream st(chip("tonga"));
  EXPECT_FALSE(emit_color_buffer(st, 8, *encode_color_buffer(chip("tonga"), good)).ok());
}

// Decoding the emitted packet gives back the state that went in.
TEST(AmdColorBuffer, DecodeGivesBackTheState) {
  Result<CbFormat> f = cb_format(fmt("B8G8R8A8_UNORM"));
  ASSERT_TRUE(f.ok());
  ColorSurface s;
  s.format = *f;
  s.va = 0x2345600ull * 256;
  s.level_offset = 0x10000;
  s.nblk_x = 1024;
  s.nblk_y = 512;
  s.tile_mode_index = 14;
  s.first_layer = 3;
  s.last_layer = 9;
  s.cmask_va = 0x400000000ull;
  s.cmask_slice_tile_max = 11;
  s.dcc_va = 0x500000000ull;
  s.clear_words = {0x11223344, 0x55667788};
  const Chip& c = chip("polaris10");
  Result<ColorBufferRegisters> r = encode_color_buffer(c, s);
  ASSERT_TRUE(r.ok()) << r.error();
  const unsigned index = 5;
  Result<std::vector<RegisterWrite>> writes = register_writes(emit_one(c, *r, index), c.gfx_level);
  ASSERT_TRUE(writes.ok());
  ASSERT_EQ(writes->size(), 14u);
  auto reg = [&](const char* suffix) {
    const std::string name = "CB_COLOR" + std::to_string(index) + "_" + suffix;
    const RegisterDesc* d = find_register(name, c.gfx_level);
    EXPECT_NE(d, nullptr) << name;
    for (const RegisterWrite& w : *writes)
      if (d && w.offset == d->offset) return w.value;
    ADD_FAILURE() << name << " not written";
    return 0u;
  };
  EXPECT_EQ(uint64_t(reg("BASE")) << 8, s.va + s.level_offset);
  EXPECT_EQ((CB_COLORn_PITCH::TILE_MAX.decode(reg("PITCH")) + 1) * 8, s.nblk_x);
  EXPECT_EQ(CB_COLORn_SLICE::TILE_MAX.decode(reg("SLICE")) + 1, s.nblk_x * s.nblk_y / 64);
  EXPECT_EQ(CB_COLORn_VIEW::SLICE_START.decode(reg("VIEW")), s.first_layer);
  EXPECT_EQ(CB_COLORn_VIEW::SLICE_MAX.decode(reg("VIEW")), s.last_layer);
  const uint32_t info = reg("INFO");
  EXPECT_EQ(CB_COLORn_INFO::FORMAT.decode(info), ColorFormat::COLOR_8_8_8_8);
  EXPECT_EQ(CB_COLORn_INFO::NUMBER_TYPE.decode(info), ColorNumberType::NUMBER_UNORM);
  EXPECT_EQ(CB_COLORn_INFO::COMP_SWAP.decode(info), ColorCompSwap::SWAP_ALT);
  EXPECT_EQ(CB_COLORn_INFO::FAST_CLEAR.decode(info), 1u);
  EXPECT_EQ(CB_COLORn_INFO::DCC_ENABLE.decode(info), 1u);
  EXPECT_EQ(CB_COLORn_ATTRIB::TILE_MODE_INDEX.decode(reg("ATTRIB")), s.tile_mode_index);
  EXPECT_EQ(uint64_t(reg("CMASK")) << 8, s.cmask_va);
  EXPECT_EQ(CB_COLORn_CMASK_SLICE::TILE_MAX.decode(reg("CMASK_SLICE")), s.cmask_slice_tile_max);
  EXPECT_EQ(reg("FMASK"), reg("BASE"));
  EXPECT_EQ(reg("CLEAR_WORD0"), s.clear_words[0]);
  EXPECT_EQ(reg("CLEAR_WORD1"), s.clear_words[1]);
  EXPECT_EQ(uint64_t(reg("DCC_BASE")) << 8, s.dcc_va);
}

TEST(AmdColorBuffer, MipLevelsDropFastClearAndPointCmaskAtTheLevel) {
  Result<CbFormat> f = cb_format(fmt("R8G8B8A8_UNORM"));
  ASSERT_TRUE(f.ok());
  ColorSurface s = seed_surface(*f);
  s.cmask_va = 0x300000000ull;
  s.level = 2;
  s.level_offset = 0x40000;
  Result<ColorBufferRegisters> r = encode_color_buffer(chip("tonga"), s);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(CB_COLORn_INFO::FAST_CLEAR.decode(r->info), 0u);
  EXPECT_EQ(r->cmask, r->base);
  EXPECT_EQ(uint64_t(r->base) << 8, s.va + s.level_offset);
}

TEST(AmdColorBuffer, TargetMaskAndColorControl) {
  Result<uint32_t> m = encode_cb_target_mask({0xF, 0x3, 0, 0, 0, 0, 0, 0x8});
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(*m, 0x8000003Fu);
  EXPECT_FALSE(encode_cb_target_mask({0x10, 0, 0, 0, 0, 0, 0, 0}).ok());
  // MODE = CB_NORMAL (1) at 6:4, ROP3 = 0xCC (copy) at 23:16 (seed 002 appendix).
  Result<uint32_t> cc = encode_cb_color_control(true, std::nullopt);
  ASSERT_TRUE(cc.ok());
  EXPECT_EQ(*cc, (1u << 4) | (0xCCu << 16));
  Result<uint32_t> xor_op = encode_cb_color_control(true, 6u);  // PIPE_LOGICOP_XOR: 0x66 = SRCINVERT
  ASSERT_TRUE(xor_op.ok());
  EXPECT_EQ(*xor_op, (1u << 4) | (0x66u << 16));
  Result<uint32_t> off = encode_cb_color_control(false, std::nullopt);
  ASSERT_TRUE(off.ok());
  EXPECT_EQ(CB_COLOR_CONTROL::MODE.decode(*off), CbMode::CB_DISABLE);
  EXPECT_FALSE(encode_cb_color_control(true, 16u).ok());
}

// ---------------------------------------------------------------- depth

TEST(AmdDepthBuffer, DbFormats) {
  EXPECT_EQ(translate_dbformat(fmt("Z16_UNORM")), ZFormat::Z_16);
  EXPECT_EQ(translate_dbformat(fmt("Z24_UNORM_S8_UINT")), ZFormat::Z_24);
  EXPECT_EQ(translate_dbformat(fmt("X8Z24_UNORM")), ZFormat::Z_24);
  EXPECT_EQ(translate_dbformat(fmt("Z32_FLOAT")), ZFormat::Z_32_FLOAT);
  EXPECT_EQ(translate_dbformat(fmt("Z32_FLOAT_S8X24_UINT")), ZFormat::Z_32_FLOAT);
  EXPECT_EQ(translate_dbformat(fmt("Z32_UNORM")), ZFormat::Z_INVALID);
  EXPECT_EQ(translate_dbformat(fmt("S8_UINT")), ZFormat::Z_INVALID);
  EXPECT_EQ(translate_dbformat(fmt("R8G8B8A8_UNORM")), ZFormat::Z_INVALID);
}

DepthSurface depth_surface() {
  DepthSurface s;
  s.z_format = ZFormat::Z_24;
  s.has_stencil = true;
  s.va = 0x100100000ull;
  s.stencil_level_offset = 0x40000;
  s.nblk_x = 256;
  s.nblk_y = 128;
  s.last_layer = 0;
  s.tile_mode_index = 4;
  s.stencil_tile_mode_index = 4;
  s.depth_clear_value = 1.0f;
  s.stencil_clear_value = 0x80;
  return s;
}

TEST(AmdDepthBuffer, Gfx6Encoding) {
  Result<DepthBufferRegisters> r = encode_depth_buffer(chip("tahiti"), depth_surface());
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(DB_Z_INFO::FORMAT.decode(r->z_info), ZFormat::Z_24);
  EXPECT_EQ(DB_Z_INFO::TILE_MODE_INDEX.decode(r->z_info), 4u);
  EXPECT_EQ(DB_Z_INFO::ZRANGE_PRECISION.decode(r->z_info), 1u);  // clear value 1.0 != 0
  EXPECT_EQ(DB_STENCIL_INFO::FORMAT.decode(r->stencil_info), StencilFormat::STENCIL_8);
  EXPECT_EQ(DB_STENCIL_INFO::TILE_MODE_INDEX.decode(r->stencil_info), 4u);
  EXPECT_EQ(r->z_read_base, 0x1001000u);
  EXPECT_EQ(r->z_write_base, 0x1001000u);
  EXPECT_EQ(r->stencil_read_base, 0x1001400u);
  EXPECT_EQ(r->depth_size, (256u / 8 - 1) | ((128u / 8 - 1) << 11));  // PITCH 10:0, HEIGHT 21:11
  EXPECT_EQ(r->depth_slice, 256u * 128 / 64 - 1);
  EXPECT_EQ(r->depth_clear, 0x3f800000u);
  EXPECT_EQ(r->stencil_clear, 0x80u);
  EXPECT_EQ(r->htile_data_base, 0u);
  EXPECT_EQ(r->htile_surface, 0u);
  EXPECT_EQ(DB_DEPTH_INFO::ADDR5_SWIZZLE_MASK.decode(r->depth_info), 1u);
}

TEST(AmdDepthBuffer, HtileEnablesTileSurface) {
  DepthSurface s = depth_surface();
  s.htile_va = 0x100200000ull;
  s.has_stencil = false;
  Result<DepthBufferRegisters> r = encode_depth_buffer(chip("tahiti"), s);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(DB_Z_INFO::TILE_SURFACE_ENABLE.decode(r->z_info), 1u);
  EXPECT_EQ(DB_Z_INFO::ALLOW_EXPCLEAR.decode(r->z_info), 1u);
  EXPECT_EQ(DB_STENCIL_INFO::TILE_STENCIL_DISABLE.decode(r->stencil_info), 1u);
  EXPECT_EQ(r->htile_data_base, 0x1002000u);
  EXPECT_EQ(DB_HTILE_SURFACE::FULL_CACHE.decode(r->htile_surface), 1u);
}

TEST(AmdDepthBuffer, Gfx7TakesTilingFromTheChipTables) {
  // Without tile tables a GFX7+ depth buffer cannot be described: an error, not zeros.
  Chip bare = chip("bonaire");
  bare.tile_mode_array = {};
  bare.macrotile_mode_array = {};
  EXPECT_FALSE(encode_depth_buffer(bare, depth_surface()).ok());
  Chip c = chip("tonga");
  std::vector<uint32_t> tile(32, 0), macro(16, 0);
  namespace TM = GB_TILE_MODEn_GFX7;
  namespace MM = GB_MACROTILE_MODEn;
  tile[4] = TM::ARRAY_MODE.encode(ArrayMode::ARRAY_2D_TILED_THIN1) |
            TM::PIPE_CONFIG.encode(PipeConfig::ADDR_SURF_P8_32x32_16x16) |
            TM::TILE_SPLIT.encode(TileSplit::ADDR_SURF_TILE_SPLIT_2KB);
  macro[2] = MM::BANK_WIDTH.encode(BankWidth::ADDR_SURF_BANK_WIDTH_1) |
             MM::BANK_HEIGHT.encode(BankHeight::ADDR_SURF_BANK_HEIGHT_4) |
             MM::MACRO_TILE_ASPECT.encode(MacroTileAspect::ADDR_SURF_MACRO_ASPECT_2) |
             MM::NUM_BANKS.encode(NumBanks::ADDR_SURF_16_BANK);
  c.tile_mode_array = tile;
  c.macrotile_mode_array = macro;
  DepthSurface s = depth_surface();
  s.macro_tile_index = 2;
  Result<DepthBufferRegisters> r = encode_depth_buffer(c, s);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(DB_DEPTH_INFO::ARRAY_MODE.decode(r->depth_info), ArrayMode::ARRAY_2D_TILED_THIN1);
  EXPECT_EQ(DB_DEPTH_INFO::PIPE_CONFIG.decode(r->depth_info), PipeConfig::ADDR_SURF_P8_32x32_16x16);
  EXPECT_EQ(DB_DEPTH_INFO::BANK_HEIGHT.decode(r->depth_info), BankHeight::ADDR_SURF_BANK_HEIGHT_4);
  EXPECT_EQ(DB_DEPTH_INFO::MACRO_TILE_ASPECT.decode(r->depth_info), MacroTileAspect::ADDR_SURF_MACRO_ASPECT_2);
  EXPECT_EQ(DB_DEPTH_INFO::NUM_BANKS.decode(r->depth_info), NumBanks::ADDR_SURF_16_BANK);
  EXPECT_EQ(DB_Z_INFO::TILE_SPLIT.decode(r->z_info), TileSplit::ADDR_SURF_TILE_SPLIT_2KB);
  EXPECT_EQ(DB_Z_INFO::TILE_MODE_INDEX.decode(r->z_info), 0u);  // CIK+ ignores the index
}

TEST(AmdDepthBuffer, InvalidSurfacesAreErrors) {
  auto fails = [](auto mutate, const char* what) {
    DepthSurface s = depth_surface();
    mutate(s);
    EXPECT_FALSE(encode_depth_buffer(chip("tahiti"), s).ok()) << what;
  };
  fails([](DepthSurface& s) { s.z_format = ZFormat::Z_INVALID; }, "no format");
  fails([](DepthSurface& s) { s.nblk_x = 16392; }, "too wide");
  fails([](DepthSurface& s) { s.nblk_y = 12; }, "height not a multiple of 8");
  fails([](DepthSurface& s) { s.va = 0x100100010ull; }, "unaligned");
  fails([](DepthSurface& s) { s.tile_mode_index = 8; }, "GFX6 depth tile index is 3 bits");
  fails([](DepthSurface& s) { s.stencil_clear_value = 256; }, "stencil clear");
  fails([](DepthSurface& s) { s.num_samples = 16; }, "16 samples");
}

TEST(AmdDepthBuffer, EmitOrderFollowsRadeonsi) {
  Result<DepthBufferRegisters> r = encode_depth_buffer(chip("tahiti"), depth_surface());
  ASSERT_TRUE(r.ok());
  pm4::ShadowStream s(chip("tahiti"));
  ASSERT_TRUE(emit_depth_buffer(s, *r).ok());
  Result<std::vector<RegisterWrite>> w = register_writes(s.dwords(), GfxLevel::GFX6);
  ASSERT_TRUE(w.ok());
  const std::vector<uint32_t> offsets = {0x28014, 0x2803C, 0x28040, 0x28044, 0x28048, 0x2804C, 0x28050,
                                         0x28054, 0x28058, 0x2805C, 0x28028, 0x2802C, 0x28008, 0x28ABC};
  ASSERT_EQ(w->size(), offsets.size());
  for (size_t i = 0; i < offsets.size(); ++i) EXPECT_EQ((*w)[i].offset, offsets[i]) << i;
  EXPECT_EQ((*w)[4].value, (*w)[6].value);  // Z read base == Z write base
}

TEST(AmdDepthBuffer, DbRenderControlCopyMode) {
  // Seed 003: DEPTH_COPY bit 2, STENCIL_COPY bit 3, COPY_CENTROID bit 7, COPY_SAMPLE 11:8.
  DbRenderState copy;
  copy.depth_copy = copy.stencil_copy = true;
  copy.copy_sample = 2;
  copy.depth_clear = true;  // ignored while copying
  Result<uint32_t> v = encode_db_render_control(copy);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(*v, (1u << 2) | (1u << 3) | (1u << 7) | (2u << 8));
  DbRenderState depth_only;
  depth_only.depth_copy = true;
  EXPECT_EQ(*encode_db_render_control(depth_only), (1u << 2) | (1u << 7));
  DbRenderState inplace;
  inplace.flush_depth_inplace = true;
  EXPECT_EQ(*encode_db_render_control(inplace), 1u << 6);  // DEPTH_COMPRESS_DISABLE
  DbRenderState clear;
  clear.depth_clear = clear.stencil_clear = true;
  EXPECT_EQ(*encode_db_render_control(clear), 3u);
  copy.copy_sample = 16;
  EXPECT_FALSE(encode_db_render_control(copy).ok());
}

// ---------------------------------------------------------------- framebuffer

TEST(AmdFramebuffer, ScissorAndFullState) {
  Result<uint32_t> br = encode_window_scissor_br(chip("tonga"), 200, 200);
  ASSERT_TRUE(br.ok());
  EXPECT_EQ(*br, 200u | (200u << 16));
  EXPECT_FALSE(encode_window_scissor_br(chip("tonga"), 0, 200).ok());
  EXPECT_FALSE(encode_window_scissor_br(chip("tonga"), 16385, 200).ok());
  EXPECT_TRUE(encode_window_scissor_br(chip("tonga"), 16384, 16384).ok());

  Result<CbFormat> f = cb_format(fmt("R32G32B32A32_SINT"));
  ASSERT_TRUE(f.ok());
  FramebufferState fb;
  fb.width = fb.height = 200;
  fb.nr_cbufs = 2;
  fb.cbufs[0] = *encode_color_buffer(chip("tonga"), seed_surface(*f));
  fb.previous_nr_cbufs = 4;
  pm4::ShadowStream s(chip("tonga"));
  ASSERT_TRUE(emit_framebuffer_state(s, fb).ok());
  // The seed packet first, then CB_COLOR1_INFO = COLOR_INVALID, CB_COLOR2/3_INFO = 0,
  // DB_Z_INFO/DB_STENCIL_INFO invalid, PA_SC_WINDOW_SCISSOR_BR.
  const std::vector<uint32_t> tail = {
      0xC0016900, (0x28C70 + 0x3C - 0x28000) / 4,     0,
      0xC0016900, (0x28C70 + 2 * 0x3C - 0x28000) / 4, 0,
      0xC0016900, (0x28C70 + 3 * 0x3C - 0x28000) / 4, 0,
      0xC0026900, (0x28040 - 0x28000) / 4,            0, 0,
      0xC0016900, (0x28208 - 0x28000) / 4,            200u | (200u << 16),
  };
  std::vector<uint32_t> expected = kSeedPacket;
  expected.insert(expected.end(), tail.begin(), tail.end());
  EXPECT_EQ(std::vector<uint32_t>(s.dwords().begin(), s.dwords().end()), expected);
}

}  // namespace
}  // namespace glvk::amd

namespace glvk::amd {
namespace {

using namespace regs;

// The built-in GFX7/GFX8 tables against the amdgpu kernel's tiling tables, re-derived here field by field.
TEST(AmdChips, TileTablesFollowTheKernel) {
  namespace TM = GB_TILE_MODEn_GFX7;
  namespace MM = GB_MACROTILE_MODEn;
  const Chip* tonga = find_chip("tonga");
  ASSERT_NE(tonga, nullptr);
  ASSERT_EQ(tonga->tile_mode_array.size(), 32u);
  ASSERT_EQ(tonga->macrotile_mode_array.size(), 16u);
  // Mode 0: 2D thin, P8_32x32_16x16, 64B split, depth micro tiling: 4<<2 | 12<<6 | 0<<11 | 2<<22.
  EXPECT_EQ(tonga->tile_mode_array[0], (4u << 2) | (12u << 6) | (2u << 22));
  // Mode 13 (1D colour, the seed dump's TILE_MODE_INDEX): 1D thin, P8, thin micro, sample split 2.
  EXPECT_EQ(tonga->tile_mode_array[13], (2u << 2) | (12u << 6) | (1u << 22) | (1u << 25));
  EXPECT_EQ(TM::ARRAY_MODE.decode(tonga->tile_mode_array[8]), ArrayMode::ARRAY_LINEAR_ALIGNED);
  EXPECT_EQ(TM::PIPE_CONFIG.decode(tonga->tile_mode_array[7]), PipeConfig::ADDR_SURF_P4_16x16);
  EXPECT_EQ(tonga->tile_mode_array[31], 0u);
  // Macro 0: bank width 1, height 4, aspect 4, 16 banks: 0 | 2<<2 | 2<<4 | 3<<6.
  EXPECT_EQ(tonga->macrotile_mode_array[0], (2u << 2) | (2u << 4) | (3u << 6));
  EXPECT_EQ(tonga->macrotile_mode_array[7], 0u);
  const Chip* p11 = find_chip("polaris11");
  ASSERT_NE(p11, nullptr);
  EXPECT_EQ(p11->tile_mode_array[0], (4u << 2) | (5u << 6) | (2u << 22));  // P4_16x16
  EXPECT_EQ(MM::BANK_WIDTH.decode(p11->macrotile_mode_array[8]), BankWidth::ADDR_SURF_BANK_WIDTH_2);
  // GFX7: Bonaire mode 5 is 1D depth without a split; mode 7 only carries the 2KB row split.
  const Chip* bonaire = find_chip("bonaire");
  ASSERT_NE(bonaire, nullptr);
  EXPECT_EQ(bonaire->tile_mode_array[5], (2u << 2) | (5u << 6) | (2u << 22));
  EXPECT_EQ(bonaire->tile_mode_array[7], 5u << 11);
  EXPECT_EQ(TM::ARRAY_MODE.decode(find_chip("hawaii")->tile_mode_array[12]), ArrayMode::ARRAY_PRT_2D_TILED_THIN1);
  // GFX6 (gfx_v6_0): mode 0 = depth micro tiling (1:0 = 2), 2D thin (5:2 = 4), P8_32x32_8x16
  // (10:6 = 10), 64B split, bank height 4 (17:16 = 2), aspect 2 (19:18 = 1), 16 banks (21:20 = 3);
  // no macrotile table.
  EXPECT_EQ(find_chip("tahiti")->tile_mode_array[0], 2u | (4u << 2) | (10u << 6) | (2u << 16) | (1u << 18) | (3u << 20));
  EXPECT_TRUE(find_chip("tahiti")->macrotile_mode_array.empty());
  const Chip* fiji = find_chip("fiji");
  ASSERT_NE(fiji, nullptr);
  EXPECT_EQ(TM::PIPE_CONFIG.decode(fiji->tile_mode_array[14]), PipeConfig::ADDR_SURF_P16_32x32_16x16);
  EXPECT_EQ(MM::NUM_BANKS.decode(fiji->macrotile_mode_array[0]), NumBanks::ADDR_SURF_8_BANK);
  // Mesa's pipe count is the PIPE_CONFIG of mode 14; the chip table agrees.
  for (const Chip& c : all_chips()) {
    if (c.tile_mode_array.empty()) continue;
    const uint32_t pc = TM::PIPE_CONFIG.decode(c.tile_mode_array[14]);
    const uint32_t pipes = pc == PipeConfig::ADDR_SURF_P2 ? 2 : pc <= PipeConfig::ADDR_SURF_P4_32x32 ? 4
                           : pc <= PipeConfig::ADDR_SURF_P8_32x64_32x32 ? 8 : 16;
    EXPECT_EQ(pipes, c.num_tile_pipes) << c.name;
  }
}

TEST(AmdChips, UnknownChip) {
  EXPECT_EQ(find_chip("navi10"), nullptr);
  EXPECT_EQ(find_chip(""), nullptr);
  EXPECT_EQ(all_chips().size(), 12u);  // 8 GFX6-8 chips and vega10, vega12, vega20, raven
}

TEST(AmdDepthBuffer, TongaDepthFromBuiltInTables) {
  DepthSurface s;
  s.z_format = ZFormat::Z_24;
  s.has_stencil = true;
  s.va = 0x100000000ull;
  s.stencil_level_offset = 0x10000;
  s.nblk_x = s.nblk_y = 64;
  s.tile_mode_index = s.stencil_tile_mode_index = 5;  // kernel mode 5: 1D thin depth, 2KB split
  s.macro_tile_index = 2;                             // kernel macro 2: bw 1, bh 4, aspect 4, 16 banks
  Result<DepthBufferRegisters> r = encode_depth_buffer(*find_chip("tonga"), s);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(DB_DEPTH_INFO::ARRAY_MODE.decode(r->depth_info), ArrayMode::ARRAY_1D_TILED_THIN1);
  EXPECT_EQ(DB_DEPTH_INFO::PIPE_CONFIG.decode(r->depth_info), PipeConfig::ADDR_SURF_P8_32x32_16x16);
  EXPECT_EQ(DB_DEPTH_INFO::BANK_WIDTH.decode(r->depth_info), BankWidth::ADDR_SURF_BANK_WIDTH_1);
  EXPECT_EQ(DB_DEPTH_INFO::BANK_HEIGHT.decode(r->depth_info), BankHeight::ADDR_SURF_BANK_HEIGHT_4);
  EXPECT_EQ(DB_DEPTH_INFO::MACRO_TILE_ASPECT.decode(r->depth_info), MacroTileAspect::ADDR_SURF_MACRO_ASPECT_4);
  EXPECT_EQ(DB_DEPTH_INFO::NUM_BANKS.decode(r->depth_info), NumBanks::ADDR_SURF_16_BANK);
  EXPECT_EQ(DB_Z_INFO::TILE_SPLIT.decode(r->z_info), TileSplit::ADDR_SURF_TILE_SPLIT_2KB);
  EXPECT_EQ(DB_STENCIL_INFO::TILE_SPLIT.decode(r->stencil_info), TileSplit::ADDR_SURF_TILE_SPLIT_2KB);
  // A tiling index outside the table is an error, not a zero DB_DEPTH_INFO.
  s.tile_mode_index = 32;
  EXPECT_FALSE(encode_depth_buffer(*find_chip("tonga"), s).ok());
}

}  // namespace
}  // namespace glvk::amd
