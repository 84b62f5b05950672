// Compares the decoders with values decoded by a peer driver (Mesa llvmpipe 22.3), recorded in
// golden/llvmpipe_decoded_blocks.txt by peer_golden_generator.cpp.
#include <glvk/formats/compressed.h>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

using glvk::formats::CompressedFamily;

struct GoldenBlock {
  CompressedFamily family;
  unsigned bw, bh;
  std::vector<uint8_t> block;
  std::vector<float> texels;
};

bool family_from_name(const std::string& name, CompressedFamily& out) {
  for (unsigned i = 0; i < glvk::formats::kCompressedFamilyCount; ++i)
    if (name == glvk::formats::compressed_family_name(CompressedFamily(i))) {
      out = CompressedFamily(i);
      return true;
    }
  return false;
}

const std::vector<GoldenBlock>& golden_blocks() {
  static const std::vector<GoldenBlock> blocks = [] {
    std::vector<GoldenBlock> result;
    std::ifstream in(GLVK_PEER_GOLDEN_FILE);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream fields(line);
      std::string name, hex;
      GoldenBlock g{};
      fields >> name >> g.bw >> g.bh >> hex;
      if (!family_from_name(name, g.family)) continue;
      for (size_t i = 0; i + 1 < hex.size(); i += 2) g.block.push_back(uint8_t(std::stoul(hex.substr(i, 2), nullptr, 16)));
      std::string word;
      while (fields >> word) {
        uint32_t bits = uint32_t(std::stoul(word, nullptr, 16));
        float f;
        std::memcpy(&f, &bits, 4);
        g.texels.push_back(f);
      }
      result.push_back(std::move(g));
    }
    return result;
  }();
  return blocks;
}

// Tolerance in the peer's own precision. llvmpipe stores S3TC/RGTC results as 8-bit values with
// truncating integer interpolation, where the decoders here keep the spec's real-valued
// interpolation (the spec leaves that rounding open): up to 1.5 steps of 1/255 for S3TC and 2 steps
// (of 1/255 or 1/127) for RGTC. BPTC, ETC2 and ASTC are bit-exact by specification up to the
// 8-bit (or half-float) result, so one 8-bit step covers only the final float conversion; BC6H and
// the 11-bit EAC formats compare at float precision.
float tolerance(CompressedFamily f, float expected) {
  using F = CompressedFamily;
  switch (f) {
    case F::BC6H_UFLOAT: case F::BC6H_SFLOAT: return std::fabs(expected) * 1e-6f + 1e-7f;
    case F::EAC_R11_UNORM: case F::EAC_R11_SNORM: case F::EAC_RG11_UNORM: case F::EAC_RG11_SNORM: return 1e-4f;
    case F::BC1_RGB: case F::BC1_RGBA: case F::BC2: case F::BC3: return 1.5f / 255.0f + 1e-6f;
    case F::BC4_UNORM: case F::BC5_UNORM: return 2.0f / 255.0f + 1e-6f;
    case F::BC4_SNORM: case F::BC5_SNORM: return 2.0f / 127.0f + 1e-6f;
    default: return 1.0f / 255.0f + 1e-6f;
  }
}

void compare_family(CompressedFamily family) {
  unsigned blocks = 0, bad_blocks = 0;
  std::string first_failure;
  for (const GoldenBlock& g : golden_blocks()) {
    if (g.family != family) continue;
    ++blocks;
    std::vector<float> texels(size_t(g.bw) * g.bh * 4);
    glvk::formats::decode_block_rgba_float(family, g.bw, g.bh, g.block.data(), texels.data());
    ASSERT_EQ(texels.size(), g.texels.size());
    for (size_t i = 0; i < texels.size(); ++i) {
      if (std::fabs(texels[i] - g.texels[i]) <= tolerance(family, g.texels[i])) continue;
      if (bad_blocks++ == 0) {
        std::ostringstream msg;
        msg << g.bw << "x" << g.bh << " block ";
        for (uint8_t b : g.block) msg << std::hex << (b >> 4) << (b & 15);
        msg << std::dec << " texel " << i / 4 << " channel " << i % 4 << ": got " << texels[i] << " peer "
            << g.texels[i];
        first_failure = msg.str();
      }
      break;
    }
  }
  EXPECT_GT(blocks, 0u) << "no golden blocks for this family";
  EXPECT_EQ(bad_blocks, 0u) << bad_blocks << " of " << blocks << " blocks differ; first: " << first_failure;
}

class PeerGolden : public ::testing::TestWithParam<unsigned> {};

TEST_P(PeerGolden, MatchesLlvmpipe) { compare_family(CompressedFamily(GetParam())); }

INSTANTIATE_TEST_SUITE_P(AllFamilies, PeerGolden, ::testing::Range(0u, glvk::formats::kCompressedFamilyCount),
                         [](const ::testing::TestParamInfo<unsigned>& param_info) {
                           return std::string(glvk::formats::compressed_family_name(CompressedFamily(param_info.param)));
                         });

}  // namespace
