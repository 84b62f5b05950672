// PM4 headers and the ShadowStream. Golden values: the seed 002 dump's header 0xc00e6900 and the
// PM4 type-3 header layout (type 31:30, count 29:16, opcode 15:8, shader type 1, predicate 0).
#include <glvk/amd_descriptors/pm4.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace glvk::amd::pm4 {
namespace {

const Chip& chip(const char* name) {
  const Chip* c = find_chip(name);
  EXPECT_NE(c, nullptr) << name;
  return *c;
}

TEST(AmdPm4, Type3HeaderMatchesSeedDump) {
  // SET_CONTEXT_REG (0x69) with 15 body dwords: register index + 14 values.
  Result<uint32_t> h = type3_header(0x69, 15);
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(*h, 0xc00e6900u);
  const Type3Header p = parse_type3_header(0xc00e6900u);
  EXPECT_EQ(packet_type(0xc00e6900u), 3u);
  EXPECT_EQ(p.opcode, 0x69u);
  EXPECT_EQ(p.count, 14u);
  EXPECT_EQ(p.body_dwords(), 15u);
  EXPECT_FALSE(p.predicate);
  EXPECT_EQ(p.shader_type, ShaderType::Graphics);
}

TEST(AmdPm4, Type3HeaderFlagsAndLimits) {
  Result<uint32_t> h = type3_header(0x76, 3, true, ShaderType::Compute);
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(*h, (3u << 30) | (2u << 16) | (0x76u << 8) | (1u << 1) | 1u);
  const Type3Header p = parse_type3_header(*h);
  EXPECT_TRUE(p.predicate);
  EXPECT_EQ(p.shader_type, ShaderType::Compute);
  EXPECT_FALSE(type3_header(0x10, 0).ok());        // a type-3 packet has at least one body dword
  EXPECT_TRUE(type3_header(0x10, 0x4000).ok());    // COUNT = 0x3FFF
  EXPECT_FALSE(type3_header(0x10, 0x4001).ok());   // COUNT is 14 bits
  EXPECT_FALSE(type3_header(0x100, 1).ok());       // opcode is 8 bits
  EXPECT_EQ(packet_type(kType2Filler), 2u);
}

TEST(AmdPm4, SetRegPacketsPerSpace) {
  ShadowStream s(chip("tonga"));
  ASSERT_TRUE(s.set_context_reg(0x28208, 0x00c800c8).ok());
  ASSERT_TRUE(s.set_sh_reg(0xB030, 7).ok());
  ASSERT_TRUE(s.set_uconfig_reg(0x30800, 0xE0000000u).ok());
  ASSERT_TRUE(s.set_config_reg(0x98F8, 1).ok());
  const std::vector<uint32_t> expected = {
      0xC0016900u, (0x28208u - 0x28000u) / 4, 0x00c800c8u,  // SET_CONTEXT_REG
      0xC0017600u, (0xB030u - 0xB000u) / 4,   7u,           // SET_SH_REG
      0xC0017900u, (0x30800u - 0x30000u) / 4, 0xE0000000u,  // SET_UCONFIG_REG
      0xC0016800u, (0x98F8u - 0x8000u) / 4,   1u,           // SET_CONFIG_REG
  };
  EXPECT_EQ(std::vector<uint32_t>(s.dwords().begin(), s.dwords().end()), expected);
}

TEST(AmdPm4, SetRegSequence) {
  ShadowStream s(chip("tahiti"));
  const uint32_t values[] = {1, 2, 3};
  ASSERT_TRUE(s.set_context_regs(0x28C60, values).ok());
  ASSERT_EQ(s.dwords().size(), 5u);
  EXPECT_EQ(s.dwords()[0], 0xC0036900u);
  EXPECT_EQ(s.dwords()[1], 0x318u);
  EXPECT_EQ(s.dwords()[4], 3u);
}

TEST(AmdPm4, SetRegErrors) {
  ShadowStream si(chip("tahiti"));
  EXPECT_FALSE(si.set_uconfig_reg(0x30800, 0).ok());  // no uconfig space on GFX6
  EXPECT_FALSE(si.set_context_reg(0x28C62, 0).ok());  // not dword aligned
  EXPECT_FALSE(si.set_context_reg(0xB000, 0).ok());   // an SH register is not a context register
  const uint32_t two[] = {0, 0};
  EXPECT_FALSE(si.set_context_regs(0x28FFC, two).ok());  // runs past the context window
  EXPECT_TRUE(si.set_context_regs(0x28FF8, two).ok());
  EXPECT_FALSE(si.set_context_regs(0x28000, {}).ok());
  EXPECT_FALSE(si.set_regs(regs::Space::Descriptor, 0x8F00, two).ok());
  EXPECT_EQ(si.dwords().size(), 4u);  // only the one valid packet was appended
}

TEST(AmdPm4, EventWriteAndNop) {
  ShadowStream s(chip("tonga"));
  ASSERT_TRUE(s.event_write(regs::EventType::BREAK_BATCH, 0).ok());
  ASSERT_TRUE(s.nop(2).ok());
  const std::vector<uint32_t> expected = {0xC0004600u, 0x28u, 0xC0011000u, 0u, 0u};
  EXPECT_EQ(std::vector<uint32_t>(s.dwords().begin(), s.dwords().end()), expected);
  EXPECT_FALSE(s.event_write(64, 0).ok());
  EXPECT_FALSE(s.event_write(0, 16).ok());
  EXPECT_FALSE(s.nop(0).ok());
}

TEST(AmdPm4, CommentIsANopWithText) {
  ShadowStream s(chip("tonga"));
  ASSERT_TRUE(s.comment("fb").ok());
  ASSERT_EQ(s.dwords().size(), 4u);
  EXPECT_EQ(s.dwords()[0], 0xC0021000u);  // NOP, 3 body dwords
  EXPECT_EQ(s.dwords()[1], kCommentTag);
  EXPECT_EQ(s.dwords()[2], 2u);
  EXPECT_EQ(s.dwords()[3], uint32_t('f') | uint32_t('b') << 8);
}

TEST(AmdPm4, VaAllocatorIsDeterministicAndAligned) {
  GpuVaAllocator a(0x1000e0000ull);
  Result<uint64_t> x = a.allocate(100);
  ASSERT_TRUE(x.ok());
  EXPECT_EQ(*x, 0x1000e0000ull);
  Result<uint64_t> y = a.allocate(4096, 4096);
  ASSERT_TRUE(y.ok());
  EXPECT_EQ(*y, 0x1000e1000ull);
  Result<uint64_t> z = a.allocate(1);
  ASSERT_TRUE(z.ok());
  EXPECT_EQ(*z, 0x1000e2000ull);
  GpuVaAllocator b(0x1000e0000ull);
  EXPECT_EQ(*b.allocate(100), *x);
  EXPECT_FALSE(a.allocate(0).ok());
  EXPECT_FALSE(a.allocate(16, 3).ok());
  GpuVaAllocator top((1ull << 40) - 256);
  EXPECT_TRUE(top.allocate(256).ok());
  EXPECT_FALSE(top.allocate(1).ok());
}

TEST(AmdPm4, ShadowFileRoundTrip) {
  const std::string path = (std::filesystem::temp_directory_path() / "glvk_amd_pm4_test.shadow").string();
  ShadowStream s(chip("bonaire"));
  ASSERT_TRUE(s.set_context_reg(0x28238, 0xF).ok());
  ASSERT_TRUE(s.event_write(regs::EventType::PS_PARTIAL_FLUSH, 4).ok());
  ASSERT_TRUE(s.write_file(path).ok());
  Result<ShadowFile> f = ShadowStream::read_file(path);
  ASSERT_TRUE(f.ok()) << f.error();
  EXPECT_EQ(f->chip_name, "bonaire");
  EXPECT_EQ(f->gfx_level, GfxLevel::GFX7);
  EXPECT_EQ(f->dwords, std::vector<uint32_t>(s.dwords().begin(), s.dwords().end()));
  // A truncated file is an error, not a shorter stream.
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 4);
  EXPECT_FALSE(ShadowStream::read_file(path).ok());
  {
    std::ofstream bad(path, std::ios::binary | std::ios::trunc);
    bad << "not a shadow stream at all, definitely";
  }
  EXPECT_FALSE(ShadowStream::read_file(path).ok());
  std::filesystem::remove(path);
  EXPECT_FALSE(ShadowStream::read_file(path).ok());
}

}  // namespace
}  // namespace glvk::amd::pm4
