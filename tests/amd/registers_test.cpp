// The generated register database against the seeds' appendices and the seed 002 IB dump.
#include <glvk/amd_descriptors/register_db.h>

#include <gtest/gtest.h>

#include <string>

namespace glvk::amd {
namespace {

using namespace regs;

// Offsets the seeds state (002 appendix, 003 DB_RENDER_CONTROL, 000 SQ_* words).
TEST(AmdRegisters, OffsetsMatchSeedAppendix) {
  EXPECT_EQ(CB_COLORn_BASE::kOffset, 0x28C60u);
  EXPECT_EQ(CB_COLORn_BASE::offset(7), 0x28E04u);    // "0x28c60 to 0x28e04"
  EXPECT_EQ(CB_COLORn_ATTRIB::offset(0), 0x28C74u);
  EXPECT_EQ(CB_COLORn_ATTRIB::offset(7), 0x28E18u);  // "0x28c74 to 0x28e18"
  EXPECT_EQ(CB_COLORn_INFO::offset(7), 0x28E14u);    // "0x28c70 to 0x28e14"
  EXPECT_EQ(CB_COLORn_CMASK_SLICE::offset(7), 0x28E24u);
  EXPECT_EQ(CB_TARGET_MASK::kOffset, 0x28238u);
  EXPECT_EQ(DB_RENDER_CONTROL::kOffset, 0x28000u);
  EXPECT_EQ(DB_DEPTH_VIEW::kOffset, 0x28008u);
  EXPECT_EQ(DB_DEPTH_INFO::kOffset, 0x2803Cu);
  EXPECT_EQ(DB_Z_INFO::kOffset, 0x28040u);
  EXPECT_EQ(DB_STENCIL_INFO::kOffset, 0x28044u);
  EXPECT_EQ(DB_Z_READ_BASE::kOffset, 0x28048u);
  EXPECT_EQ(DB_STENCIL_READ_BASE::kOffset, 0x2804Cu);
  EXPECT_EQ(DB_Z_WRITE_BASE::kOffset, 0x28050u);
  EXPECT_EQ(DB_STENCIL_WRITE_BASE::kOffset, 0x28054u);
  EXPECT_EQ(DB_DEPTH_SIZE::kOffset, 0x28058u);
  EXPECT_EQ(DB_DEPTH_SLICE::kOffset, 0x2805Cu);
  EXPECT_EQ(SQ_BUF_RSRC_WORD3::kOffset, 0x8F0Cu);
  EXPECT_EQ(SQ_IMG_RSRC_WORD1::kOffset, 0x8F14u);
  // The dump's SET_CONTEXT_REG register dword 0x318 is (0x28C60 - 0x28000) / 4.
  EXPECT_EQ((CB_COLORn_BASE::kOffset - 0x28000u) / 4, 0x318u);
}

// Decoding the seed dump's CB_COLOR0_INFO / ATTRIB / DCC_CONTROL / PITCH dwords with the generated
// fields gives the values the dump prints.
TEST(AmdRegisters, FieldsDecodeSeedDump) {
  const uint32_t info = 0x00070538;
  EXPECT_EQ(CB_COLORn_INFO::FORMAT.decode(info), ColorFormat::COLOR_32_32_32_32);
  EXPECT_EQ(ColorFormat::COLOR_32_32_32_32, 14u);
  EXPECT_EQ(CB_COLORn_INFO::NUMBER_TYPE.decode(info), ColorNumberType::NUMBER_SINT);
  EXPECT_EQ(CB_COLORn_INFO::COMP_SWAP.decode(info), ColorCompSwap::SWAP_STD);
  EXPECT_EQ(CB_COLORn_INFO::BLEND_BYPASS.decode(info), 1u);
  EXPECT_EQ(CB_COLORn_INFO::SIMPLE_FLOAT.decode(info), 1u);
  EXPECT_EQ(CB_COLORn_INFO::ROUND_MODE.decode(info), 1u);
  EXPECT_EQ(CB_COLORn_INFO::BLEND_CLAMP.decode(info), 0u);
  const uint32_t attrib = 0x000001ad;
  EXPECT_EQ(CB_COLORn_ATTRIB::TILE_MODE_INDEX.decode(attrib), 13u);
  EXPECT_EQ(CB_COLORn_ATTRIB::FMASK_TILE_MODE_INDEX.decode(attrib), 13u);
  const uint32_t dcc = 0x00000208;
  EXPECT_EQ(CB_COLORn_DCC_CONTROL::MAX_UNCOMPRESSED_BLOCK_SIZE.decode(dcc), DccMaxBlockSize::MAX_BLOCK_SIZE_256B);
  EXPECT_EQ(CB_COLORn_DCC_CONTROL::INDEPENDENT_64B_BLOCKS.decode(dcc), 1u);
  const uint32_t pitch = 0x01800018;
  EXPECT_EQ(CB_COLORn_PITCH::TILE_MAX.decode(pitch), 24u);
  EXPECT_EQ(CB_COLORn_PITCH::FMASK_TILE_MAX.decode(pitch), 24u);
  EXPECT_EQ(CB_COLORn_SLICE::TILE_MAX.decode(0x00000270), 624u);
}

TEST(AmdRegisters, FieldEncodeAndFit) {
  EXPECT_EQ(CB_COLORn_INFO::FORMAT.mask(), 0x7Cu);
  EXPECT_EQ(CB_COLORn_INFO::NUMBER_TYPE.encode(5), 0x500u);
  EXPECT_TRUE(CB_COLORn_PITCH::TILE_MAX.fits(2047));
  EXPECT_FALSE(CB_COLORn_PITCH::TILE_MAX.fits(2048));
  EXPECT_EQ(CB_COLORn_BASE::BASE_256B.max(), 0xFFFFFFFFu);
  EXPECT_EQ(DB_RENDER_CONTROL::DEPTH_COPY.encode(1), 1u << 2);   // seed 003
  EXPECT_EQ(DB_RENDER_CONTROL::STENCIL_COPY.encode(1), 1u << 3);
  EXPECT_EQ(DB_RENDER_CONTROL::COPY_SAMPLE.mask(), 0xF00u);
  EXPECT_EQ(SQ_IMG_RSRC_WORD1::DATA_FORMAT.mask(), 0x03F00000u);  // 25:20, seed 000
  EXPECT_EQ(SQ_BUF_RSRC_WORD3::DATA_FORMAT.mask(), 0x00078000u);  // 18:15, seed 000
  EXPECT_EQ(CB_COLORn_INFO::FORMAT.replace(0xFFFFFFFFu, 0), 0xFFFFFF83u);
}

TEST(AmdRegisters, LookupByOffsetRespectsGfxLevel) {
  const RegisterDesc* r = find_register(0x28C70 + 3 * 0x3C, GfxLevel::GFX8);
  ASSERT_NE(r, nullptr);
  EXPECT_STREQ(r->name, "CB_COLOR3_INFO");
  // DCC registers only exist on GFX8.
  EXPECT_NE(find_register(0x28C94, GfxLevel::GFX8), nullptr);
  EXPECT_EQ(find_register(0x28C94, GfxLevel::GFX7), nullptr);
  EXPECT_EQ(find_register(0x28C78, GfxLevel::GFX6), nullptr);
  // GRBM_GFX_INDEX moved from config space to uconfig space on GFX7.
  const RegisterDesc* g6 = find_register("GRBM_GFX_INDEX", GfxLevel::GFX6);
  const RegisterDesc* g7 = find_register("GRBM_GFX_INDEX", GfxLevel::GFX7);
  ASSERT_TRUE(g6 && g7);
  EXPECT_EQ(g6->space, Space::Config);
  EXPECT_EQ(g7->space, Space::Uconfig);
  EXPECT_EQ(find_register(0x12345678, GfxLevel::GFX8), nullptr);
  // Descriptor words have documented addresses but are never SET_*_REG targets.
  EXPECT_EQ(find_register(0x8F14, GfxLevel::GFX8), nullptr);
}

TEST(AmdRegisters, FieldsPerGfxLevel) {
  const RegisterDesc* pitch = find_register("CB_COLOR0_PITCH", GfxLevel::GFX6);
  ASSERT_NE(pitch, nullptr);
  const FieldDesc* fmask = find_field(*pitch, "FMASK_TILE_MAX");
  ASSERT_NE(fmask, nullptr);
  EXPECT_FALSE(field_exists(*fmask, GfxLevel::GFX6));
  EXPECT_TRUE(field_exists(*fmask, GfxLevel::GFX7));
  const RegisterDesc* info = find_register("CB_COLOR0_INFO", GfxLevel::GFX8);
  ASSERT_NE(info, nullptr);
  const FieldDesc* dcc = find_field(*info, "DCC_ENABLE");
  ASSERT_NE(dcc, nullptr);
  EXPECT_TRUE(field_exists(*dcc, GfxLevel::GFX8));
  EXPECT_FALSE(field_exists(*dcc, GfxLevel::GFX7));
}

TEST(AmdRegisters, EnumNames) {
  const RegisterDesc* info = find_register("CB_COLOR0_INFO", GfxLevel::GFX8);
  ASSERT_NE(info, nullptr);
  const FieldDesc* format = find_field(*info, "FORMAT");
  ASSERT_NE(format, nullptr);
  EXPECT_STREQ(enum_value_name(*format, 14), "COLOR_32_32_32_32");
  EXPECT_STREQ(enum_value_name(*format, 0), "COLOR_INVALID");
  EXPECT_EQ(enum_value_name(*format, 13), nullptr);  // reserved
  uint32_t v = 0;
  EXPECT_TRUE(enum_value_by_name(*format, "COLOR_5_6_5", &v));
  EXPECT_EQ(v, 16u);
  EXPECT_FALSE(enum_value_by_name(*format, "COLOR_BOGUS", &v));
  const FieldDesc* round = find_field(*info, "ROUND_MODE");
  ASSERT_NE(round, nullptr);
  EXPECT_EQ(enum_value_name(*round, 1), nullptr);  // printed as a number, as in the seed dump
  EXPECT_STREQ(packet_name(0x69), "SET_CONTEXT_REG");
  EXPECT_STREQ(packet_name(0x46), "EVENT_WRITE");
  EXPECT_EQ(packet_name(0xFE), nullptr);
}

// Every field of every register lies inside 32 bits and fields of one register never overlap on a
// gfx level (the generator checks this too; this guards the generated tables themselves).
TEST(AmdRegisters, TablesAreConsistent) {
  for (size_t i = 0; i < kNumRegisters; ++i) {
    const RegisterDesc& r = kRegisters[i];
    for (GfxLevel level : {GfxLevel::GFX6, GfxLevel::GFX7, GfxLevel::GFX8}) {
      uint64_t used = 0;
      for (const FieldDesc& f : register_fields(r)) {
        if (!field_exists(f, level)) continue;
        ASSERT_LE(f.field.shift + f.field.width, 32) << r.name << "." << f.name;
        const uint64_t m = f.field.mask();
        EXPECT_EQ(used & m, 0u) << r.name << "." << f.name;
        used |= m;
      }
    }
  }
}

}  // namespace
}  // namespace glvk::amd
