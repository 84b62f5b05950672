// `glvk amd decode` and `glvk amd shadow` end to end: binary IBs and shadow files written here,
// the glvk binary run on them, its output compared with the seed dump text.
#include <glvk/amd_descriptors/pm4.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace glvk::amd {
namespace {

const std::vector<uint32_t> kSeedPacket = {
    0xc00e6900, 0x00000318, 0x01000e00, 0x01800018, 0x00000270, 0x00000000, 0x00070538, 0x000001ad,
    0x00000208, 0x01000e00, 0x00000003, 0x01000e00, 0x00000270, 0x00000000, 0x00000000, 0x00000000,
};

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Per-process names: ctest may run these tests in parallel.
std::string temp_path(const char* name) {
  return (std::filesystem::temp_directory_path() / (std::to_string(getpid()) + "_" + name)).string();
}

void write_ib(const std::string& path, const std::vector<uint32_t>& dwords, size_t drop_bytes = 0) {
  std::string bytes;
  for (uint32_t d : dwords)
    for (int i = 0; i < 4; ++i) bytes.push_back(static_cast<char>(d >> (8 * i)));  // little-endian
  bytes.resize(bytes.size() - drop_bytes);
  std::ofstream(path, std::ios::binary) << bytes;
}

struct CliRun {
  int status;
  std::string out, err;
};

CliRun run_glvk(const std::string& args) {
  const std::string out = temp_path("glvk_amd_cli_out.txt"), err = temp_path("glvk_amd_cli_err.txt");
  const std::string cmd = std::string("'") + GLVK_BINARY + "' " + args + " >'" + out + "' 2>'" + err + "'";
  const int raw = std::system(cmd.c_str());
  CliRun r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read_text(out), read_text(err)};
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

TEST(AmdCli, DecodeBinaryIb) {
  const std::string ib = temp_path("glvk_amd_cli_seed.ib");
  write_ib(ib, kSeedPacket);
  const CliRun r = run_glvk("amd decode --chip tonga '" + ib + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, read_text(GLVK_AMD_GOLDEN_DIR "/gl-3.0-render-integer.txt"));
  std::filesystem::remove(ib);
}

TEST(AmdCli, DecodeErrors) {
  const std::string ib = temp_path("glvk_amd_cli_bad.ib");
  write_ib(ib, kSeedPacket, 2);  // not whole dwords
  CliRun r = run_glvk("amd decode --chip tonga '" + ib + "'");
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("glvk amd: ", 0), 0u) << r.err;
  write_ib(ib, {kSeedPacket.begin(), kSeedPacket.end() - 1});  // truncated packet
  r = run_glvk("amd decode --chip tonga '" + ib + "'");
  EXPECT_NE(r.status, 0);
  EXPECT_EQ(r.out, "");
  r = run_glvk("amd decode --chip voodoo2 '" + ib + "'");
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("unknown chip"), std::string::npos) << r.err;
  std::filesystem::remove(ib);
}

TEST(AmdCli, ShadowFile) {
  const std::string path = temp_path("glvk_amd_cli.shadow");
  pm4::ShadowStream s(*find_chip("polaris11"));
  ASSERT_TRUE(s.set_context_regs(0x28C60, std::span<const uint32_t>(kSeedPacket).subspan(2)).ok());
  ASSERT_TRUE(s.write_file(path).ok());
  const CliRun r = run_glvk("amd shadow '" + path + "'");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "# shadow stream: chip polaris11 (GFX8), 16 dwords\n" +
                       read_text(GLVK_AMD_GOLDEN_DIR "/gl-3.0-render-integer.txt"));
  std::filesystem::remove(path);
  const CliRun missing = run_glvk("amd shadow '" + path + "'");
  EXPECT_NE(missing.status, 0);
  EXPECT_EQ(missing.out, "");
}

}  // namespace
}  // namespace glvk::amd
