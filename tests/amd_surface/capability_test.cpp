// The GCN capability model against the seed 000 tables: every format it accepts for sampling
// encodes (through the whole descriptor path) to an IMG_DATA_FORMAT whose name lists the
// channel sizes MSB first (the register naming convention) and to the num format the seed's
// rules give; the special tables (depth/stencil, compressed, packed) are restated here.
#include <glvk/amd_descriptors/capability.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/register_db.h>

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace glvk::amd {
namespace {

using formats::ChannelType;
using formats::Format;
using formats::FormatDesc;

const Chip& tonga() { return *find_chip("tonga"); }

std::string field_enum_name(const char* reg_name, const char* field, uint32_t word) {
  const regs::RegisterDesc* reg = find_register(reg_name, GfxLevel::GFX8);
  const regs::FieldDesc* f = reg ? find_field(*reg, field) : nullptr;
  if (!f) return "?";
  const char* name = enum_value_name(*f, f->field.decode(word));
  return name ? name : "?";
}

// Data-format names of the formats whose name is not just their channel sizes (seed 000 lists).
const std::map<std::string, std::string> kSpecialDataFormats = {
    {"Z16_UNORM", "IMG_DATA_FORMAT_16"},
    {"Z24X8_UNORM", "IMG_DATA_FORMAT_8_24"},
    {"Z24_UNORM_S8_UINT", "IMG_DATA_FORMAT_8_24"},
    {"X8Z24_UNORM", "IMG_DATA_FORMAT_24_8"},
    {"S8_UINT_Z24_UNORM", "IMG_DATA_FORMAT_24_8"},
    {"X24S8_UINT", "IMG_DATA_FORMAT_8_8_8_8"},
    {"S8X24_UINT", "IMG_DATA_FORMAT_8_8_8_8"},
    {"S8_UINT", "IMG_DATA_FORMAT_8"},
    {"Z32_FLOAT", "IMG_DATA_FORMAT_32"},
    {"Z32_FLOAT_S8X24_UINT", "IMG_DATA_FORMAT_X24_8_32"},
    {"X32_S8X24_UINT", "IMG_DATA_FORMAT_X24_8_32"},
    {"R9G9B9E5_FLOAT", "IMG_DATA_FORMAT_5_9_9_9"},
    {"R11G11B10_FLOAT", "IMG_DATA_FORMAT_10_11_11"},
    {"R8G8_B8G8_UNORM", "IMG_DATA_FORMAT_GB_GR"},
    {"G8R8_B8R8_UNORM", "IMG_DATA_FORMAT_GB_GR"},
    {"G8R8_G8B8_UNORM", "IMG_DATA_FORMAT_BG_RG"},
    {"R8G8_R8B8_UNORM", "IMG_DATA_FORMAT_BG_RG"},
};

std::string expected_compressed(const FormatDesc& d) {
  const std::string n = d.name;
  if (n.starts_with("DXT1")) return "IMG_DATA_FORMAT_BC1";
  if (n.starts_with("DXT3")) return "IMG_DATA_FORMAT_BC2";
  if (n.starts_with("DXT5")) return "IMG_DATA_FORMAT_BC3";
  if (n.starts_with("RGTC1")) return "IMG_DATA_FORMAT_BC4";
  if (n.starts_with("RGTC2")) return "IMG_DATA_FORMAT_BC5";
  if (n == "BPTC_RGB_FLOAT" || n == "BPTC_RGB_UFLOAT") return "IMG_DATA_FORMAT_BC6";
  if (n.starts_with("BPTC")) return "IMG_DATA_FORMAT_BC7";
  return "none";
}

// Channel sizes from the most significant channel down (how IMG_DATA_FORMAT names read).
std::string expected_plain(const FormatDesc& d) {
  std::string out = "IMG_DATA_FORMAT";
  for (int i = d.nr_channels - 1; i >= 0; --i) out += "_" + std::to_string(d.channel[i].size);
  return out;
}

// The num-format rules of si_make_texture_descriptor (seed 000).
std::string expected_numformat(const FormatDesc& d) {
  const std::string n = d.name;
  if (n == "S8_UINT_Z24_UNORM") return "IMG_NUM_FORMAT_UNORM";
  if (d.is_compressed) {
    if (d.colorspace == formats::Colorspace::SRGB) return "IMG_NUM_FORMAT_SRGB";
    if (n == "RGTC1_SNORM" || n == "RGTC2_SNORM" || n == "BPTC_RGB_FLOAT") return "IMG_NUM_FORMAT_SNORM";
    return "IMG_NUM_FORMAT_UNORM";
  }
  if (d.layout == formats::Layout::SUBSAMPLED) return "IMG_NUM_FORMAT_UNORM";
  if (n == "R9G9B9E5_FLOAT" || n == "R11G11B10_FLOAT") return "IMG_NUM_FORMAT_FLOAT";
  if (d.colorspace == formats::Colorspace::SRGB) return "IMG_NUM_FORMAT_SRGB";
  for (int i = 0; i < d.nr_channels; ++i) {
    const formats::Channel& c = d.channel[i];
    if (c.type == ChannelType::VOID) continue;
    if (c.type == ChannelType::FLOAT) return "IMG_NUM_FORMAT_FLOAT";
    const bool s = c.type == ChannelType::SIGNED;
    if (c.normalized) return s ? "IMG_NUM_FORMAT_SNORM" : "IMG_NUM_FORMAT_UNORM";
    if (c.pure_integer) return s ? "IMG_NUM_FORMAT_SINT" : "IMG_NUM_FORMAT_UINT";
    return s ? "IMG_NUM_FORMAT_SSCALED" : "IMG_NUM_FORMAT_USCALED";
  }
  return "?";
}

TEST(AmdCapability, EverySampleableFormatEncodesToTheSeedTables) {
  int checked = 0;
  for (const FormatDesc& d : formats::all_formats()) {
    if (!is_format_supported(tonga(), d.format, TextureTarget::TEXTURE_2D, 1, USAGE_SAMPLER_VIEW)) continue;
    SCOPED_TRACE(d.name);
    SurfaceTemplate t;
    t.format = d.format;
    t.width = t.height = 64;
    auto tex = create_texture(tonga(), t, 0x200000000ull);
    ASSERT_TRUE(tex.ok()) << tex.error();
    auto words = make_texture_descriptor(tonga(), *tex, default_sampler_view(*tex));
    ASSERT_TRUE(words.ok()) << words.error();
    const std::string data = field_enum_name("SQ_IMG_RSRC_WORD1", "DATA_FORMAT", (*words)[1]);
    const std::string num = field_enum_name("SQ_IMG_RSRC_WORD1", "NUM_FORMAT", (*words)[1]);
    // si_create_sampler_view_custom samples a depth/stencil texture in the format the DB stored
    // it in: Z32F_S8X24 as Z32_FLOAT, X8Z24 and S8_Z24 as Z24X8, the stencil formats as S8_UINT.
    static const std::map<std::string, Format> kDbSampled = {
        {"Z32_FLOAT_S8X24_UINT", Format::Z32_FLOAT}, {"X8Z24_UNORM", Format::Z24X8_UNORM},
        {"S8_UINT_Z24_UNORM", Format::Z24X8_UNORM},  {"X24S8_UINT", Format::S8_UINT},
        {"S8X24_UINT", Format::S8_UINT},             {"X32_S8X24_UINT", Format::S8_UINT}};
    const auto db = kDbSampled.find(d.name);
    const FormatDesc& sd = db == kDbSampled.end() ? d : formats::describe(db->second);
    std::string want;
    if (auto it = kSpecialDataFormats.find(sd.name); it != kSpecialDataFormats.end())
      want = it->second;
    else if (sd.is_compressed)
      want = expected_compressed(sd);
    else
      want = expected_plain(sd);
    EXPECT_EQ(data, want);
    EXPECT_EQ(num, expected_numformat(sd));
    ++checked;
  }
  EXPECT_GT(checked, 150);  // the table has well over 150 GCN-sampleable formats
}

TEST(AmdCapability, KnownAnswers) {
  const Chip& c = tonga();
  const auto ok = [&](Format f, uint32_t usage, TextureTarget t = TextureTarget::TEXTURE_2D) {
    return is_format_supported(c, f, t, 1, usage);
  };
  EXPECT_TRUE(ok(Format::R8G8B8A8_UNORM, USAGE_SAMPLER_VIEW | USAGE_RENDER_TARGET | USAGE_BLENDABLE));
  EXPECT_TRUE(ok(Format::R32G32B32A32_SINT, USAGE_SAMPLER_VIEW | USAGE_RENDER_TARGET));
  EXPECT_FALSE(ok(Format::R32G32B32A32_SINT, USAGE_BLENDABLE));  // pure integer
  EXPECT_TRUE(ok(Format::Z24_UNORM_S8_UINT, USAGE_DEPTH_STENCIL | USAGE_SAMPLER_VIEW));
  EXPECT_FALSE(ok(Format::Z24_UNORM_S8_UINT, USAGE_RENDER_TARGET));
  EXPECT_FALSE(ok(Format::S8_UINT, USAGE_DEPTH_STENCIL));           // no stencil-only DB format
  EXPECT_FALSE(ok(Format::Z16_UNORM_S8_UINT, USAGE_DEPTH_STENCIL));
  EXPECT_FALSE(ok(Format::ASTC_4x4, USAGE_SAMPLER_VIEW));           // no ASTC on GCN
  EXPECT_FALSE(ok(Format::ETC2_RGB8, USAGE_SAMPLER_VIEW));          // ETC2 only on APUs
  EXPECT_TRUE(ok(Format::DXT5_SRGBA, USAGE_SAMPLER_VIEW));
  EXPECT_FALSE(ok(Format::DXT5_SRGBA, USAGE_RENDER_TARGET));
  EXPECT_FALSE(ok(Format::R8G8B8_UNORM, USAGE_SAMPLER_VIEW));       // no 24-bit texel
  EXPECT_TRUE(ok(Format::R8G8B8_UNORM, USAGE_VERTEX_BUFFER, TextureTarget::BUFFER));
  EXPECT_FALSE(ok(Format::R8G8B8_UNORM, USAGE_SAMPLER_VIEW, TextureTarget::BUFFER));
  EXPECT_TRUE(ok(Format::R32G32B32_FLOAT, USAGE_SAMPLER_VIEW, TextureTarget::BUFFER));
  EXPECT_TRUE(ok(Format::R32_UNORM, USAGE_VERTEX_BUFFER, TextureTarget::BUFFER));  // fetched as UINT
  EXPECT_EQ(translate_buffer_numformat(formats::describe(Format::R32_UNORM)), regs::BufNumFormat::BUF_NUM_FORMAT_UINT);
  EXPECT_FALSE(ok(Format::R32G32B32_FLOAT, USAGE_SAMPLER_VIEW));   // no 32_32_32 textures
  EXPECT_FALSE(ok(Format::L8A8_SRGB, USAGE_SAMPLER_VIEW));         // sRGB: 1 or 4 channels
  EXPECT_TRUE(ok(Format::L8_SRGB, USAGE_SAMPLER_VIEW));
  EXPECT_FALSE(ok(Format::L4A4_UNORM, USAGE_SAMPLER_VIEW));        // no 4_4 textures
  EXPECT_TRUE(ok(Format::R9G9B9E5_FLOAT, USAGE_SAMPLER_VIEW));
  EXPECT_FALSE(ok(Format::R9G9B9E5_FLOAT, USAGE_RENDER_TARGET));
  EXPECT_FALSE(ok(Format::UYVY, USAGE_SAMPLER_VIEW));
  EXPECT_FALSE(is_format_supported(c, Format::R8G8B8A8_UNORM, TextureTarget::TEXTURE_3D, 4, USAGE_SAMPLER_VIEW));
  EXPECT_TRUE(is_format_supported(c, Format::R8G8B8A8_UNORM, TextureTarget::TEXTURE_2D, 4, USAGE_RENDER_TARGET));
  EXPECT_FALSE(is_format_supported(c, Format::NONE, TextureTarget::TEXTURE_2D, 1, USAGE_SAMPLER_VIEW));
  EXPECT_EQ(usage_names(USAGE_SAMPLER_VIEW | USAGE_BLENDABLE), "sampler_view|blendable");
}

TEST(AmdCapability, VertexFormatsNameTheirChannelSizes) {
  // BUF_DATA_FORMAT names list sizes MSB first; 3-channel 8/16-bit formats load one channel at a time.
  const regs::RegisterDesc* w3 = find_register("SQ_BUF_RSRC_WORD3", GfxLevel::GFX8);
  ASSERT_NE(w3, nullptr);
  const regs::FieldDesc* df = find_field(*w3, "DATA_FORMAT");
  int checked = 0;
  for (const FormatDesc& d : formats::all_formats()) {
    if (!is_format_supported(tonga(), d.format, TextureTarget::BUFFER, 1, USAGE_VERTEX_BUFFER)) continue;
    SCOPED_TRACE(d.name);
    const uint32_t v = translate_buffer_dataformat(d);
    const char* name = enum_value_name(*df, v);
    ASSERT_NE(name, nullptr);
    std::string want = "BUF_DATA_FORMAT";
    if (std::string(d.name) == "R11G11B10_FLOAT") {
      want += "_10_11_11";
    } else {
      const int n = d.nr_channels == 3 && d.channel[0].size < 32 ? 1 : d.nr_channels;
      for (int i = n - 1; i >= 0; --i) want += "_" + std::to_string(d.channel[i < d.nr_channels ? i : 0].size);
    }
    EXPECT_EQ(name, want);
    ++checked;
  }
  EXPECT_GT(checked, 60);
}

}  // namespace
}  // namespace glvk::amd
