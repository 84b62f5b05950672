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

namespace glvk::amd {
namespace {

// A descriptor recorded in the shadow prints word by word with the SQ_* fields (seed 000 appendix:
// SQ_IMG_RSRC_WORD1 DATA_FORMAT 25:20, NUM_FORMAT 29:26; SQ_BUF_RSRC_WORD3 DST_SEL_X 2:0 ...).
TEST(AmdIbPrinter, DescriptorWritesDecodeTheirWords) {
  pm4::ShadowStream s(*find_chip("tonga"));
  const uint32_t image[8] = {0x00100000, (10u << 20) | (9u << 26), 0, 0, 0, 0, 0, 0};  // 8_8_8_8, SRGB
  ASSERT_TRUE(s.write_descriptor(pm4::DescriptorKind::Image, 0x200000100ull, image).ok());
  const uint32_t buffer[4] = {0, 0, 0, 4u | (5u << 3) | (6u << 6) | (7u << 9)};  // XYZW
  ASSERT_TRUE(s.write_descriptor(pm4::DescriptorKind::Buffer, 0x200000200ull, buffer).ok());
  EXPECT_FALSE(s.write_descriptor(pm4::DescriptorKind::Sampler, 0x200000300ull, image).ok());  // 8 != 4
  EXPECT_FALSE(s.write_descriptor(pm4::DescriptorKind::Sampler, 0x200000302ull, buffer).ok());  // unaligned
  Result<std::string> text = print_ib(s.dwords(), GfxLevel::GFX8);
  ASSERT_TRUE(text.ok()) << text.error();
  // WRITE_DATA: opcode 0x37, 3 + 8 body dwords; control DST_SEL = 5 (8 << ... 11:8), WR_CONFIRM bit 20.
  EXPECT_NE(text->find("c00a3700 WRITE_DATA:\n00100500         WRITE_DATA_CONTROL <- DST_SEL = MEM_ASYNC\n"),
            std::string::npos)
      << *text;
  EXPECT_NE(text->find("00000100         ADDRESS_LO\n00000002         ADDRESS_HI\n"), std::string::npos);
  EXPECT_NE(text->find("SQ_IMG_RSRC_WORD0 <- 0x00100000"), std::string::npos);
  EXPECT_NE(text->find("DATA_FORMAT = IMG_DATA_FORMAT_8_8_8_8"), std::string::npos);
  EXPECT_NE(text->find("NUM_FORMAT = IMG_NUM_FORMAT_SRGB"), std::string::npos);
  EXPECT_NE(text->find("SQ_IMG_RSRC_WORD7 <- "), std::string::npos);
  EXPECT_NE(text->find("SQ_BUF_RSRC_WORD3 <- DST_SEL_X = SQ_SEL_X"), std::string::npos);
  EXPECT_NE(text->find("DST_SEL_W = SQ_SEL_W"), std::string::npos);
  // Without the announcing comment the data words print raw.
  pm4::ShadowStream raw(*find_chip("tonga"));
  const uint32_t body[] = {0x00100500, 0x100, 0x2, 0xdeadbeef};
  ASSERT_TRUE(raw.set_context_reg(0x28238, 0).ok());
  std::vector<uint32_t> ib(raw.dwords().begin(), raw.dwords().end());
  ib.push_back(0xC0033700);
  ib.insert(ib.end(), std::begin(body), std::end(body));
  Result<std::string> plain = print_ib(ib, GfxLevel::GFX8);
  ASSERT_TRUE(plain.ok());
  EXPECT_NE(plain->find("\ndeadbeef\n"), std::string::npos) << *plain;
}

}  // namespace
}  // namespace glvk::amd
