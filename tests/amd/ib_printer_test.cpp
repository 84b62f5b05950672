// The IB printer against the seed 002 dump text (tests/amd/golden/gl-3.0-render-integer.txt is a
// verbatim copy of the dump in the seed) and the value formatting it shows.
#include <glvk/amd_descriptors/framebuffer.h>
#include <glvk/amd_descriptors/ib_printer.h>

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace glvk::amd {
namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const std::vector<uint32_t> kSeedPacket = {
    0xc00e6900, 0x00000318, 0x01000e00, 0x01800018, 0x00000270, 0x00000000, 0x00070538, 0x000001ad,
    0x00000208, 0x01000e00, 0x00000003, 0x01000e00, 0x00000270, 0x00000000, 0x00000000, 0x00000000,
};

TEST(AmdIbPrinter, PrintsTheSeedDumpVerbatim) {
  const std::string golden = read_text(GLVK_AMD_GOLDEN_DIR "/gl-3.0-render-integer.txt");
  ASSERT_FALSE(golden.empty());
  Result<std::string> text = print_ib(kSeedPacket, GfxLevel::GFX8);
  ASSERT_TRUE(text.ok()) << text.error();
  EXPECT_EQ(*text, golden);
}

TEST(AmdIbPrinter, ValueFormatting) {
  EXPECT_EQ(format_value(0, 11), "0");
  EXPECT_EQ(format_value(9, 11), "9");
  EXPECT_EQ(format_value(24, 11), "24 (0x18)");
  EXPECT_EQ(format_value(624, 22), "624 (0x00270)");
  EXPECT_EQ(format_value(13, 5), "13 (0xd)");
  EXPECT_EQ(format_value(0x01000e00, 32), "0x01000e00");
  EXPECT_EQ(format_value(0x3f800000, 32), "1.0f (0x3f800000)");
  EXPECT_EQ(format_value(0x00c800c8, 32), "0x00c800c8");
}

TEST(AmdIbPrinter, OlderGfxLevelsHideNewerFields) {
  // On GFX6 CB_COLOR_PITCH has no FMASK_TILE_MAX and CB_COLOR_INFO stops at BLEND_OPT_DISCARD_PIXEL.
  const std::string pitch = format_register(0x28C64, 0x00000018, GfxLevel::GFX6);
  EXPECT_EQ(pitch, "00000018         CB_COLOR0_PITCH <- TILE_MAX = 24 (0x18)\n");
  const std::string info = format_register(0x28C70, 0x00070538, GfxLevel::GFX6);
  EXPECT_EQ(info.find("DCC_ENABLE"), std::string::npos);
  EXPECT_NE(info.find("BLEND_OPT_DISCARD_PIXEL = FORCE_OPT_AUTO"), std::string::npos);
  // 0x28C78 is CB_COLOR0_DCC_CONTROL on GFX8 only.
  EXPECT_EQ(format_register(0x28C78, 5, GfxLevel::GFX7), "00000005         REG_28C78 <- 5\n");
}

TEST(AmdIbPrinter, OtherPackets) {
  pm4::ShadowStream s(*find_chip("tonga"));
  ASSERT_TRUE(s.comment("framebuffer").ok());
  ASSERT_TRUE(s.event_write(regs::EventType::BREAK_BATCH).ok());
  ASSERT_TRUE(s.set_sh_reg(0xB030, 0x1234).ok());
  ASSERT_TRUE(s.set_uconfig_reg(0x30908, 4).ok());
  Result<std::string> text = print_ib(s.dwords(), GfxLevel::GFX8);
  ASSERT_TRUE(text.ok()) << text.error();
  const std::string expected =
      "c0041000 NOP: \"framebuffer\"\n"
      "4b564c47\n"
      "0000000b\n"
      "6d617266\n"
      "66756265\n"
      "00726566\n"
      "c0004600 EVENT_WRITE:\n"
      "00000028         EVENT_WRITE_EVENT <- EVENT_TYPE = BREAK_BATCH\n"
      "                                      EVENT_INDEX = 0\n"
      "c0017600 SET_SH_REG:\n"
      "0000000c\n"
      "00001234         SPI_SHADER_USER_DATA_PS_0 <- 4660 (0x00001234)\n"
      "c0017900 SET_UCONFIG_REG:\n"
      "00000242\n"
      "00000004         VGT_PRIMITIVE_TYPE <- PRIM_TYPE = 4\n";
  EXPECT_EQ(*text, expected);
}

TEST(AmdIbPrinter, BrokenStreamsAreErrors) {
  std::vector<uint32_t> truncated(kSeedPacket.begin(), kSeedPacket.end() - 1);
  Result<std::string> t = print_ib(truncated, GfxLevel::GFX8);
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.error().find("dword 0"), std::string::npos) << t.error();
  EXPECT_FALSE(print_ib(std::vector<uint32_t>{0x40000000u}, GfxLevel::GFX8).ok());  // type 1
  // SET_CONTEXT_REG whose registers run past the context window.
  EXPECT_FALSE(print_ib(std::vector<uint32_t>{0xC0016900u, 0x400u, 0u}, GfxLevel::GFX8).ok());
  EXPECT_TRUE(print_ib(std::vector<uint32_t>{0xC0016900u, 0x3FFu, 0u}, GfxLevel::GFX8).ok());
  EXPECT_TRUE(print_ib(std::vector<uint32_t>{}, GfxLevel::GFX8).ok());
}

TEST(AmdIbPrinter, UnknownOpcodesAndType2) {
  Result<std::string> t = print_ib(std::vector<uint32_t>{0x80000000u, 0xC000FE00u, 7u}, GfxLevel::GFX8);
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(*t, "80000000 NOP (type 2)\nc000fe00 PKT3_0xFE:\n00000007\n");
}

}  // namespace
}  // namespace glvk::amd
