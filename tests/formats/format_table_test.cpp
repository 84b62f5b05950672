// The generated format table against facts derived independently: the naming convention of seed 001,
// Vulkan's enum values, and hand-checked bit layouts.
#include <glvk/formats/compressed.h>
#include <glvk/formats/format.h>

#include <gtest/gtest.h>
#include <vulkan/vulkan_core.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

namespace glvk::formats {
namespace {

TEST(FormatTable, CoversWellOver150FormatsAndNamesAreUnique) {
  const auto formats = all_formats();
  EXPECT_GT(formats.size(), 300u);
  std::set<std::string> names;
  for (size_t i = 0; i < formats.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(formats[i].format), i);
    EXPECT_TRUE(names.insert(formats[i].name).second) << formats[i].name;
    const FormatDesc* found = find_format(formats[i].name);
    ASSERT_NE(found, nullptr) << formats[i].name;
    EXPECT_EQ(found, &formats[i]);
  }
  EXPECT_EQ(find_format("R8G8B8A8_UNOR"), nullptr);
  EXPECT_EQ(find_format(""), nullptr);
  EXPECT_EQ(find_format("ZZZ"), nullptr);
  EXPECT_EQ(describe(Format::NONE).format, Format::NONE);
  EXPECT_STREQ(describe(static_cast<Format>(60000)).name, "NONE");
}

TEST(FormatTable, Bgr565IsPackedLsbFirst) {
  // B5G6R5_UNORM: B in bits 0-4, G in 5-10, R in 11-15 = VK_FORMAT_R5G6B5_UNORM_PACK16.
  const FormatDesc& d = describe(Format::B5G6R5_UNORM);
  EXPECT_EQ(d.block_bits, 16);
  EXPECT_EQ(d.nr_channels, 3);
  EXPECT_EQ(d.channel[0].size, 5);
  EXPECT_EQ(d.channel[0].shift, 0);
  EXPECT_EQ(d.channel[1].size, 6);
  EXPECT_EQ(d.channel[1].shift, 5);
  EXPECT_EQ(d.channel[2].shift, 11);
  EXPECT_EQ(d.swizzle[0], Swizzle::Z);
  EXPECT_EQ(d.swizzle[2], Swizzle::X);
  EXPECT_EQ(d.swizzle[3], Swizzle::ONE);
  EXPECT_EQ(d.vk_format, 4u);  // VK_FORMAT_R5G6B5_UNORM_PACK16 in the Vulkan registry
  EXPECT_TRUE(d.is_bitmask);
  EXPECT_FALSE(d.is_array);
  EXPECT_TRUE(d.is_unorm);
}

TEST(FormatTable, DerivedFlagsOnKnownFormats) {
  const FormatDesc& rgba8 = describe(Format::R8G8B8A8_UNORM);
  EXPECT_TRUE(rgba8.is_array);
  EXPECT_TRUE(rgba8.is_bitmask);
  EXPECT_FALSE(rgba8.is_mixed);
  EXPECT_EQ(rgba8.vk_format, 37u);  // VK_FORMAT_R8G8B8A8_UNORM
  EXPECT_EQ(rgba8.srgb_equivalent, Format::R8G8B8A8_SRGB);
  EXPECT_EQ(describe(Format::R8G8B8A8_SRGB).linear_equivalent, Format::R8G8B8A8_UNORM);

  const FormatDesc& rgb8 = describe(Format::R8G8B8_UNORM);
  EXPECT_TRUE(rgb8.is_array);
  EXPECT_FALSE(rgb8.is_bitmask);  // 24-bit block

  const FormatDesc& f32 = describe(Format::R32G32B32A32_FLOAT);
  EXPECT_TRUE(f32.is_array);
  EXPECT_FALSE(f32.is_bitmask);
  EXPECT_TRUE(f32.is_float_any);
  EXPECT_EQ(f32.block_bits, 128);

  const FormatDesc& zs = describe(Format::Z24_UNORM_S8_UINT);
  EXPECT_TRUE(zs.is_mixed);
  EXPECT_FALSE(zs.is_array);
  EXPECT_TRUE(zs.is_depth);
  EXPECT_TRUE(zs.is_stencil);
  EXPECT_EQ(zs.colorspace, Colorspace::ZS);
  EXPECT_EQ(zs.swizzle[0], Swizzle::X);
  EXPECT_EQ(zs.swizzle[1], Swizzle::Y);
  EXPECT_EQ(zs.channel[1].shift, 24);

  const FormatDesc& s8z24 = describe(Format::S8_UINT_Z24_UNORM);  // GL_UNSIGNED_INT_24_8 layout
  EXPECT_EQ(s8z24.swizzle[0], Swizzle::Y);
  EXPECT_EQ(s8z24.channel[1].shift, 8);
  EXPECT_EQ(s8z24.channel[1].size, 24);

  const FormatDesc& z32s8 = describe(Format::Z32_FLOAT_S8X24_UINT);
  EXPECT_EQ(z32s8.block_bits, 64);
  EXPECT_EQ(z32s8.channel[1].shift, 32);

  const FormatDesc& ui = describe(Format::R16G16_UINT);
  EXPECT_TRUE(ui.is_pure_integer);
  EXPECT_FALSE(ui.is_unorm);
  const FormatDesc& sn = describe(Format::R8G8B8A8_SNORM);
  EXPECT_TRUE(sn.is_snorm);
  EXPECT_FALSE(sn.is_unorm);
  const FormatDesc& x = describe(Format::R8G8B8X8_UNORM);
  EXPECT_TRUE(x.is_array);  // the X channel does not count (seed 001)
  EXPECT_EQ(x.swizzle[3], Swizzle::ONE);

  const FormatDesc& r11 = describe(Format::R11G11B10_FLOAT);
  EXPECT_EQ(r11.layout, Layout::PACKED_OTHER);
  EXPECT_EQ(r11.vk_format, 122u);  // VK_FORMAT_B10G11R11_UFLOAT_PACK32
  EXPECT_EQ(describe(Format::R9G9B9E5_FLOAT).vk_format, 123u);
}

// Seed 001 states is_unorm as a name rule ("UNORM" or "SRGB" in the name, or compressed non-float) and
// is_snorm as "SNORM" in the name. The table derives them from the channels; both agree on every
// format except mixed depth/stencil ones (Z24_UNORM_S8_UINT is not all-unorm) and YUV names.
TEST(FormatTable, UnormSnormAgreeWithTheSeedNameRule) {
  int checked = 0;
  for (const FormatDesc& d : all_formats()) {
    if (d.format == Format::NONE || d.is_mixed || d.colorspace == Colorspace::YUV || d.layout == Layout::PLANAR2 ||
        d.layout == Layout::PLANAR3 || d.layout == Layout::SUBSAMPLED)
      continue;
    const std::string name = d.name;
    const bool unorm = name.find("UNORM") != std::string::npos;
    const bool srgb = name.find("SRGB") != std::string::npos;
    const bool snorm = name.find("SNORM") != std::string::npos;
    const bool flt = name.find("FLOAT") != std::string::npos;
    EXPECT_EQ(d.is_unorm, unorm || srgb || (d.is_compressed && !flt && !snorm)) << name;
    EXPECT_EQ(d.is_snorm, snorm) << name;
    ++checked;
  }
  EXPECT_GT(checked, 250);
  EXPECT_FALSE(describe(Format::Z24_UNORM_S8_UINT).is_unorm);  // the one documented difference
}

TEST(FormatTable, CompressedFormats) {
  const FormatDesc& dxt1 = describe(Format::DXT1_RGB);
  EXPECT_TRUE(dxt1.is_compressed);
  EXPECT_TRUE(dxt1.is_unorm);
  EXPECT_EQ(dxt1.block_width, 4);
  EXPECT_EQ(dxt1.block_height, 4);
  EXPECT_EQ(dxt1.block_bits, 64);
  EXPECT_EQ(dxt1.compressed_family, 0);  // CompressedFamily::BC1_RGB
  EXPECT_EQ(dxt1.vk_format, 131u);       // VK_FORMAT_BC1_RGB_UNORM_BLOCK
  EXPECT_EQ(bytes_per_block(Format::DXT5_RGBA), 16u);
  EXPECT_TRUE(describe(Format::RGTC1_SNORM).is_snorm);
  EXPECT_FALSE(describe(Format::RGTC1_SNORM).is_unorm);
  EXPECT_TRUE(describe(Format::BPTC_RGB_FLOAT).is_float_any);
  const FormatDesc& astc = describe(Format::ASTC_12x10_SRGB);
  EXPECT_EQ(astc.block_width, 12);
  EXPECT_EQ(astc.block_height, 10);
  EXPECT_EQ(astc.colorspace, Colorspace::SRGB);
  EXPECT_EQ(astc.linear_equivalent, Format::ASTC_12x10);
  EXPECT_EQ(astc.compressed_family, 19);  // CompressedFamily::ASTC_LDR
  int astc_count = 0, compressed_count = 0;
  for (const FormatDesc& d : all_formats()) {
    EXPECT_EQ(d.is_compressed, d.compressed_family >= 0) << d.name;
    astc_count += d.layout == Layout::ASTC;
    compressed_count += d.is_compressed;
  }
  EXPECT_EQ(astc_count, 28);  // 14 LDR 2D block sizes, linear and sRGB
  EXPECT_EQ(compressed_count, 8 + 4 + 4 + 11 + 28);
}

TEST(FormatTable, CompressedFamiliesMatchTheDecoderEnum) {
  struct Case { Format format; const char* family; };
  const Case cases[] = {{Format::DXT1_RGB, "BC1_RGB"}, {Format::DXT1_SRGBA, "BC1_RGBA"}, {Format::DXT3_RGBA, "BC2"},
                        {Format::DXT5_SRGBA, "BC3"}, {Format::RGTC1_SNORM, "BC4_SNORM"}, {Format::RGTC2_UNORM, "BC5_UNORM"},
                        {Format::BPTC_RGB_UFLOAT, "BC6H_UFLOAT"}, {Format::BPTC_RGB_FLOAT, "BC6H_SFLOAT"},
                        {Format::BPTC_SRGBA, "BC7"}, {Format::ETC1_RGB8, "ETC1_RGB8"}, {Format::ETC2_SRGB8A1, "ETC2_RGB8A1"},
                        {Format::ETC2_RGBA8, "ETC2_RGBA8"}, {Format::ETC2_RG11_SNORM, "EAC_RG11_SNORM"},
                        {Format::ASTC_10x6_SRGB, "ASTC_LDR"}};
  for (const Case& c : cases)
    EXPECT_STREQ(compressed_family_name(static_cast<CompressedFamily>(describe(c.format).compressed_family)), c.family)
        << describe(c.format).name;
  for (const FormatDesc& d : all_formats()) {
    if (!d.is_compressed) continue;
    const CompressedBlockInfo info =
        compressed_block_info(static_cast<CompressedFamily>(d.compressed_family), d.block_width, d.block_height);
    EXPECT_EQ(info.bytes_per_block * 8, d.block_bits) << d.name;
    EXPECT_EQ(info.block_width, d.block_width) << d.name;
    EXPECT_EQ(info.block_height, d.block_height) << d.name;
  }
}

TEST(FormatTable, YuvFormatsFromSeed001) {
  for (const char* name : {"UYVY", "YUYV", "NV12", "NV21", "P010", "P016", "IYUV", "YV12", "Y210",
                           "G8B8_G8R8_UNORM", "B8G8_R8G8_UNORM", "G8_B8R8_420_UNORM", "Y16_U16_V16_444_UNORM"})
    EXPECT_NE(find_format(name), nullptr) << name;
  EXPECT_EQ(find_format("YUYV")->block_width, 2);
  EXPECT_EQ(find_format("YUYV")->layout, Layout::SUBSAMPLED);
  EXPECT_EQ(find_format("NV12")->layout, Layout::PLANAR2);
  EXPECT_EQ(find_format("NV12")->vk_format, uint32_t(VK_FORMAT_G8_B8R8_2PLANE_420_UNORM));
  EXPECT_EQ(find_format("G8B8_G8R8_UNORM")->vk_format, uint32_t(VK_FORMAT_G8B8G8R8_422_UNORM));
  EXPECT_EQ(find_format("YV12")->layout, Layout::PLANAR3);
}

// Seed 001 naming convention, re-derived from the name: "R8G8B8A8_UNORM" -> channels R,G,B,A of 8
// bits in memory / LSB order; the swizzle must route R/G/B/A (and L/I) to the matching channel.
TEST(FormatTable, PlainNamesAgreeWithChannelsAndSwizzles) {
  int checked = 0;
  for (const FormatDesc& d : all_formats()) {
    if (d.layout != Layout::PLAIN || d.colorspace == Colorspace::ZS || d.format == Format::NONE) continue;
    const std::string name = d.name;
    const size_t underscore = name.find('_');
    ASSERT_NE(underscore, std::string::npos) << name;
    const std::string type = name.substr(underscore + 1);
    std::vector<std::pair<char, int>> parsed;
    for (size_t i = 0; i < underscore;) {
      const char letter = name[i++];
      int bits = 0;
      while (i < underscore && std::isdigit(static_cast<unsigned char>(name[i]))) bits = bits * 10 + (name[i++] - '0');
      parsed.emplace_back(letter, bits);
    }
    ASSERT_EQ(parsed.size(), d.nr_channels) << name;
    int shift = 0;
    for (size_t c = 0; c < parsed.size(); ++c) {
      EXPECT_EQ(d.channel[c].size, parsed[c].second) << name;
      EXPECT_EQ(d.channel[c].shift, shift) << name;
      shift += parsed[c].second;
      const bool is_x = parsed[c].first == 'X';
      EXPECT_EQ(d.channel[c].type == ChannelType::VOID, is_x) << name;
      if (is_x) continue;
      if (type == "UNORM" || type == "SRGB") {
        EXPECT_TRUE(d.channel[c].type == ChannelType::UNSIGNED && d.channel[c].normalized) << name;
      } else if (type == "SNORM") {
        EXPECT_TRUE(d.channel[c].type == ChannelType::SIGNED && d.channel[c].normalized) << name;
      } else if (type == "UINT") {
        EXPECT_TRUE(d.channel[c].type == ChannelType::UNSIGNED && d.channel[c].pure_integer) << name;
      } else if (type == "SINT") {
        EXPECT_TRUE(d.channel[c].type == ChannelType::SIGNED && d.channel[c].pure_integer) << name;
      } else if (type == "FLOAT") {
        EXPECT_EQ(d.channel[c].type, ChannelType::FLOAT) << name;
      } else {
        ADD_FAILURE() << "unexpected type suffix in " << name;
      }
    }
    EXPECT_EQ(d.block_bits, shift) << name;
    auto channel_of = [&](char letter) -> int {
      for (size_t c = 0; c < parsed.size(); ++c)
        if (parsed[c].first == letter) return int(c);
      return -1;
    };
    const int l = channel_of('L'), i = channel_of('I'), a = channel_of('A');
    for (int comp = 0; comp < 4; ++comp) {
      int source = channel_of("RGBA"[comp]);
      if (l >= 0) source = comp < 3 ? l : a;
      if (i >= 0) source = i;
      const Swizzle want = source >= 0 ? static_cast<Swizzle>(source) : comp == 3 ? Swizzle::ONE : Swizzle::ZERO;
      EXPECT_EQ(d.swizzle[comp], want) << name << " component " << comp;
    }
    EXPECT_EQ(d.colorspace == Colorspace::SRGB, type == "SRGB") << name;
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

TEST(FormatTable, SrgbAndLinearEquivalentsArePaired) {
  int pairs = 0;
  for (const FormatDesc& d : all_formats()) {
    if (d.srgb_equivalent != Format::NONE) {
      EXPECT_EQ(describe(d.srgb_equivalent).linear_equivalent, d.format) << d.name;
      EXPECT_EQ(describe(d.srgb_equivalent).colorspace, Colorspace::SRGB) << d.name;
      ++pairs;
    }
    if (d.colorspace == Colorspace::SRGB) {
      EXPECT_NE(d.linear_equivalent, Format::NONE) << d.name;
    }
  }
  EXPECT_GT(pairs, 25);
}

// The Vulkan emulation: reading vk_format and applying vk_swizzle must give the same RGBA as the format.
// Checked for array formats where the Vulkan format's component i is memory channel i.
TEST(FormatTable, VulkanEmulationOfArrayFormats) {
  EXPECT_EQ(describe(Format::B8G8R8A8_UNORM).vk_format, uint32_t(VK_FORMAT_B8G8R8A8_UNORM));
  EXPECT_EQ(describe(Format::B8G8R8A8_UNORM).vk_swizzle[0], Swizzle::X);  // exact: identity
  const FormatDesc& argb = describe(Format::A8R8G8B8_UNORM);
  EXPECT_EQ(argb.vk_format, uint32_t(VK_FORMAT_R8G8B8A8_UNORM));
  const Swizzle want[4] = {Swizzle::Y, Swizzle::Z, Swizzle::W, Swizzle::X};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(argb.vk_swizzle[i], want[i]);
  const FormatDesc& l8 = describe(Format::L8_UNORM);
  EXPECT_EQ(l8.vk_format, uint32_t(VK_FORMAT_R8_UNORM));
  EXPECT_EQ(l8.vk_swizzle[1], Swizzle::X);
  EXPECT_EQ(l8.vk_swizzle[3], Swizzle::ONE);
  // Vulkan would sRGB-decode the alpha channel of an R8G8_SRGB image: no emulation for L8A8_SRGB.
  EXPECT_EQ(describe(Format::L8A8_SRGB).vk_format, uint32_t(VK_FORMAT_UNDEFINED));
  EXPECT_EQ(describe(Format::A8R8G8B8_SRGB).vk_format, uint32_t(VK_FORMAT_UNDEFINED));
  EXPECT_EQ(describe(Format::R32_UNORM).vk_format, uint32_t(VK_FORMAT_UNDEFINED));
}

// The Vulkan emulation column, checked for every plain colour format against the VkFormat's own name:
// Vulkan lists non-packed formats in memory order and *_PACKn formats MSB -> LSB (seed 001). Each RGBA
// component must land on a Vulkan component with the same bits and number type.
struct VkComponent { char letter; int shift, size; };
struct VkLayout { std::vector<VkComponent> comps; std::string type; };

VkLayout parse_vk_name(const std::string& full) {
  VkLayout layout;
  std::string name = full.substr(std::string("VK_FORMAT_").size());
  const size_t underscore = name.find('_');
  const std::string comps = name.substr(0, underscore);
  std::string rest = name.substr(underscore + 1);
  const bool packed = rest.find("_PACK") != std::string::npos;
  layout.type = rest.substr(0, rest.find('_'));
  std::vector<std::pair<char, int>> parsed;
  for (size_t i = 0; i < comps.size();) {
    const char letter = comps[i++];
    int bits = 0;
    while (i < comps.size() && std::isdigit(static_cast<unsigned char>(comps[i]))) bits = bits * 10 + (comps[i++] - '0');
    parsed.emplace_back(letter, bits);
  }
  int total = 0;
  for (const auto& p : parsed) total += p.second;
  int offset = 0;
  for (const auto& [letter, bits] : parsed) {
    if (packed) {
      layout.comps.push_back({letter, total - offset - bits, bits});  // MSB first
    } else {
      layout.comps.push_back({letter, offset, bits});
    }
    offset += bits;
  }
  return layout;
}

TEST(FormatTable, VulkanEmulationMatchesTheVkFormatLayout) {
  int checked = 0;
  for (const FormatDesc& d : all_formats()) {
    if (d.layout != Layout::PLAIN || d.colorspace == Colorspace::ZS || d.vk_format == 0 || d.format == Format::NONE)
      continue;
    const VkLayout vk = parse_vk_name(d.vk_format_name);
    const bool vk_srgb = vk.type == "SRGB";
    for (int j = 0; j < 4; ++j) {
      const Swizzle ours = d.swizzle[j];
      const Swizzle emul = d.vk_swizzle[j];
      if (ours > Swizzle::W) {
        // Either the same constant, or a component the VkFormat lacks, which Vulkan reads as 0 (RGB) / 1 (A).
        Swizzle got = emul;
        if (emul <= Swizzle::W) {
          const char letter = "RGBA"[static_cast<int>(emul)];
          bool present = false;
          for (const VkComponent& c : vk.comps) present |= c.letter == letter;
          ASSERT_FALSE(present) << d.name << " component " << j << " reads a real Vulkan component";
          got = letter == 'A' ? Swizzle::ONE : Swizzle::ZERO;
        }
        EXPECT_EQ(got, ours) << d.name << " component " << j;
        continue;
      }
      ASSERT_LE(emul, Swizzle::W) << d.name;
      const char letter = "RGBA"[static_cast<int>(emul)];
      const VkComponent* vc = nullptr;
      for (const VkComponent& c : vk.comps)
        if (c.letter == letter) vc = &c;
      ASSERT_NE(vc, nullptr) << d.name << " uses missing Vulkan component " << letter;
      const Channel& ch = d.channel[static_cast<int>(ours)];
      EXPECT_EQ(vc->shift, ch.shift) << d.name << " component " << j;
      EXPECT_EQ(vc->size, ch.size) << d.name << " component " << j;
      std::string want_type;
      if (ch.type == ChannelType::FLOAT) want_type = "SFLOAT";
      else if (ch.pure_integer) want_type = ch.type == ChannelType::SIGNED ? "SINT" : "UINT";
      else want_type = ch.type == ChannelType::SIGNED ? "SNORM" : "UNORM";
      // sRGB: Vulkan decodes its R, G, B; that must be exactly our colour channels.
      const bool ours_srgb = d.colorspace == Colorspace::SRGB && j < 3;
      if (vk_srgb) {
        EXPECT_EQ(want_type, "UNORM") << d.name;
        EXPECT_EQ(letter != 'A', ours_srgb) << d.name << " component " << j;
      } else {
        EXPECT_EQ(vk.type, want_type) << d.name << " component " << j;
        EXPECT_FALSE(ours_srgb) << d.name;
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 150);
}

TEST(FormatTable, ComposeSwizzles) {
  // swiz[i] = swiz1[swiz2[i]] (seed 001): format BGRA emulated by RGBA (swiz1 = zyxw), user swizzle
  // GGG1 (swiz2 = yyy1) -> yyy1 on the stored channels.
  const Swizzle bgra[4] = {Swizzle::Z, Swizzle::Y, Swizzle::X, Swizzle::W};
  const Swizzle user[4] = {Swizzle::X, Swizzle::X, Swizzle::ZERO, Swizzle::W};
  Swizzle out[4];
  compose_swizzles(bgra, user, out);
  EXPECT_EQ(out[0], Swizzle::Z);
  EXPECT_EQ(out[1], Swizzle::Z);
  EXPECT_EQ(out[2], Swizzle::ZERO);
  EXPECT_EQ(out[3], Swizzle::W);
  compose_swizzles(bgra, bgra, out);  // applying BGRA twice is the identity
  for (int i = 0; i < 4; ++i) EXPECT_EQ(out[i], static_cast<Swizzle>(i));
}

// The GL bit layout of padded or reordered storage: R, G, B, A in memory order, same channel types.
TEST(FormatTable, RgbaOrderedFormatDropsPaddingAndReorders) {
  struct Case { Format storage; unsigned components; Format expected; };
  const Case cases[] = {
      {Format::R8G8B8X8_UNORM, 3, Format::R8G8B8_UNORM},
      {Format::B8G8R8X8_UNORM, 3, Format::R8G8B8_UNORM},
      {Format::B8G8R8A8_UNORM, 4, Format::R8G8B8A8_UNORM},
      {Format::R8G8B8X8_SRGB, 3, Format::R8G8B8_SRGB},
      {Format::R16G16B16X16_FLOAT, 3, Format::R16G16B16_FLOAT},
      {Format::R32G32B32X32_UINT, 3, Format::R32G32B32_UINT},
      {Format::R8G8B8A8_UINT, 3, Format::R8G8B8_UINT},  // RGB kept in RGBA storage
      {Format::R32_UINT, 1, Format::R32_UINT},
      {Format::R10G10B10A2_UNORM, 4, Format::R10G10B10A2_UNORM},  // already in order
      {Format::RGTC1_UNORM, 1, Format::NONE},
  };
  for (const Case& c : cases)
    EXPECT_EQ(rgba_ordered_format(c.storage, c.components), c.expected) << describe(c.storage).name;
}

}  // namespace
}  // namespace glvk::formats
