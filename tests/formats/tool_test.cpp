// `glvk formats` and `glvk convert` run as a process: output bytes and exit codes.
#include <glvk/formats/format.h>

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <sys/wait.h>
#include <vector>

namespace {

struct Result {
  int exit_code;
  std::string out, err;
};

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

Result run(const std::string& args, const std::string& input = "") {
  char dir_template[] = "/tmp/glvk-tool-test-XXXXXX";
  const char* dir = mkdtemp(dir_template);
  EXPECT_NE(dir, nullptr);
  const std::string in = std::string(dir) + "/in", out = std::string(dir) + "/out", err = std::string(dir) + "/err";
  std::ofstream(in, std::ios::binary) << input;
  const std::string cmd = std::string("'") + GLVK_TOOL + "' " + args + " < " + in + " > " + out + " 2> " + err;
  const int status = std::system(cmd.c_str());
  Result r{WIFEXITED(status) ? WEXITSTATUS(status) : -1, read_file(out), read_file(err)};
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  rmdir(dir);
  return r;
}

TEST(GlvkTool, FormatsListsOneLinePerFormat) {
  const Result r = run("formats");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  size_t lines = 0;
  for (char c : r.out) lines += c == '\n';
  EXPECT_EQ(lines, glvk::formats::all_formats().size() - 1);  // every format but NONE
  EXPECT_GT(lines, 150u);
  EXPECT_NE(r.out.find("B5G6R5_UNORM"), std::string::npos);
}

TEST(GlvkTool, FormatsShow) {
  Result r = run("formats show B5G6R5_UNORM");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("vk_format: VK_FORMAT_R5G6B5_UNORM_PACK16 (4)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("channel 2: UN5, bits 11..15"), std::string::npos) << r.out;
  r = run("formats show NOT_A_FORMAT");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_TRUE(r.out.empty());
  EXPECT_NE(r.err.find("glvk formats: unknown format"), std::string::npos) << r.err;
}

TEST(GlvkTool, ConvertPixels) {
  Result r = run("convert --from B8G8R8A8_UNORM --to R8G8B8A8_UNORM --width 2 --height 1", std::string("\x01\x02\x03\x04\x05\x06\x07\x08", 8));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, std::string("\x03\x02\x01\x04\x07\x06\x05\x08", 8));
  // GL client pair in, padded destination stride out, two layers.
  r = run("convert --from GL_LUMINANCE/GL_UNSIGNED_BYTE --to R8G8B8A8_UNORM --width 1 --height 1 --depth 2 --dst-stride 6",
          std::string("\x10\x20", 2));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, std::string("\x10\x10\x10\xff\x00\x00\x20\x20\x20\xff\x00\x00", 12));
  r = run("convert --from R8G8B8_UNORM --to GL_RGBA/GL_FLOAT --width 1 --height 2 --src-stride 4",
          std::string("\xff\x00\x33\x99\x00\xff\x00\x99", 8));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_EQ(r.out.size(), 32u);
  float f[8];
  std::memcpy(f, r.out.data(), 32);
  EXPECT_EQ(f[0], 1.0f);
  EXPECT_EQ(f[2], 0.2f);
  EXPECT_EQ(f[3], 1.0f);
  EXPECT_EQ(f[5], 1.0f);
}

TEST(GlvkTool, ConvertCompressedSource) {
  // One BC1 block (S3TC spec: color0 = 0xF800 red > color1, indices 0) for a 3x3 image, two slices.
  const std::string block("\x00\xF8\x1F\x00\x00\x00\x00\x00", 8);
  const Result r = run("convert --from DXT1_RGB --to GL_RGB/GL_UNSIGNED_BYTE --width 3 --height 3 --depth 2", block + block);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::string want;
  for (int i = 0; i < 18; ++i) want += std::string("\xff\x00\x00", 3);
  EXPECT_EQ(r.out, want);
  EXPECT_NE(run("convert --from DXT1_RGB --to R8_UNORM --width 3 --height 3", block + block).exit_code, 0);
  EXPECT_NE(run("convert --from R8G8B8A8_UNORM --to DXT1_RGB --width 1 --height 1", "abcd").exit_code, 0);
}

TEST(GlvkTool, ConvertErrorsExitNonZeroWithoutOutput) {
  const std::string px(4, '\x7f');
  const char* bad[] = {
      "convert --from NOPE --to R8G8B8A8_UNORM --width 1 --height 1",              // bad name
      "convert --from GL_RGBA/GL_NOPE --to R8G8B8A8_UNORM --width 1 --height 1",   // bad GL type
      "convert --from GL_RGBA/GL_UNSIGNED_SHORT_5_6_5 --to R8_UNORM --width 1 --height 1",  // GL forbids
      "convert --from R8G8B8A8_UNORM --to R8G8B8A8_UINT --width 1 --height 1",     // unsupported pair
      "convert --from R8G8B8A8_UNORM --to Z16_UNORM --width 1 --height 1",         // colour -> depth
      "convert --from R8G8B8A8_UNORM --to NV12 --width 1 --height 1",              // YUV
      "convert --from R8G8B8A8_UNORM --to R8_UNORM --width 2 --height 1",          // input too short
      "convert --from R8_UNORM --to R8G8B8A8_UNORM --width 1 --height 1",          // input too long
      "convert --from R8G8B8A8_UNORM --to R8_UNORM --width 1",                     // missing height
      "convert --from R8G8B8A8_UNORM --to R8_UNORM --width x1 --height 1",         // bad number
      "convert --from R8G8B8A8_UNORM --to R8_UNORM --width 1 --height 1 --src-stride 2",  // stride too small
      "convert --from R8G8B8A8_UNORM --to R8_UNORM --width 1 --height 1 --bogus 1",       // unknown option
  };
  for (const char* args : bad) {
    const Result r = run(args, px);
    EXPECT_NE(r.exit_code, 0) << args;
    EXPECT_TRUE(r.out.empty()) << args;
    EXPECT_EQ(r.err.rfind("glvk convert: ", 0), 0u) << args << ": " << r.err;
  }
  EXPECT_EQ(run("convert --from R8G8B8A8_UNORM --to R8_UNORM --width 1 --height 1", px).exit_code, 0);
}

}  // namespace
