// The layer's comparison core: records, word-by-word field decoding, the explained table, reports.
#include <gtest/gtest.h>

#include "checker.h"
#include "report.h"

namespace glvk::shadow_check {
namespace {

const amd::Chip& tonga() { return *amd::find_chip("tonga"); }

// A 2D image of 3 levels.
ImageInfo image_2d(VkFormat format, uint32_t width, uint32_t height, VkImageTiling tiling) {
  ImageInfo image;
  image.format = format;
  image.extent = {width, height, 1};
  image.levels = 3;
  image.tiling = tiling;
  return image;
}

ImageInfo rgba8_2d(VkImageTiling tiling) { return image_2d(VK_FORMAT_R8G8B8A8_UNORM, 64, 32, tiling); }

amd::VkImageViewDesc whole_2d(VkFormat format) {
  amd::VkImageViewDesc view;
  view.format = format;
  return view;
}

// The radeonsi view of the same texture (a GL_TEXTURE_2D RGBA8 of 3 levels), as the state tracker
// records it: the other front door.
amd::ShadowRecord radeonsi_record(uint64_t va) {
  amd::SurfaceTemplate templ;
  templ.format = formats::Format::R8G8B8A8_UNORM;
  templ.width = 64;
  templ.height = 32;
  templ.levels = 3;
  const amd::Result<amd::Texture> texture = amd::create_texture(tonga(), templ, va);
  EXPECT_TRUE(texture.ok());
  const amd::Result<amd::ImageDescriptor> words =
      amd::make_texture_descriptor(tonga(), *texture, amd::default_sampler_view(*texture));
  EXPECT_TRUE(words.ok());
  amd::ShadowRecord record;
  record.va = va;
  record.view = whole_2d(VK_FORMAT_R8G8B8A8_UNORM);
  record.words.assign(words->begin(), words->end());
  return record;
}

TEST(ShadowRecord, RoundTripsAndRejectsGarbage) {
  amd::ShadowRecord r = radeonsi_record(0x100000000ull);
  r.registers = {{0x28c70, 7}};
  r.buffer_size = 1ull << 33;
  r.sampler_max_lod = 2.5f;
  r.sampler_for_integer = true;
  const amd::Result<amd::ShadowRecord> back = amd::parse_record(amd::serialize_record(r));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->va, r.va);
  EXPECT_EQ(back->buffer_size, r.buffer_size);
  EXPECT_EQ(back->sampler_max_lod, 2.5f);
  EXPECT_TRUE(back->sampler_for_integer);
  EXPECT_EQ(back->words, r.words);
  ASSERT_EQ(back->registers.size(), 1u);
  EXPECT_EQ(back->registers[0].offset, 0x28c70u);
  EXPECT_EQ(back->view.range.levelCount, r.view.range.levelCount);

  std::vector<uint8_t> bytes = amd::serialize_record(r);
  bytes.pop_back();
  EXPECT_FALSE(amd::parse_record(bytes).ok());
  bytes = amd::serialize_record(r);
  bytes[0] ^= 1;  // magic
  EXPECT_FALSE(amd::parse_record(bytes).ok());
  bytes = amd::serialize_record(r);
  bytes[18 * 4] = 200;  // word count beyond the record
  EXPECT_FALSE(amd::parse_record(bytes).ok());
}

TEST(ShadowCheck, SameTextureThroughBothFrontDoorsIsIdentical) {
  const Comparison c =
      compare_image(tonga(), rgba8_2d(VK_IMAGE_TILING_OPTIMAL), whole_2d(VK_FORMAT_R8G8B8A8_UNORM),
                    radeonsi_record(0x100000000ull));
  EXPECT_FALSE(c.underived.has_value()) << *c.underived;
  EXPECT_TRUE(c.identical());
  EXPECT_EQ(c.radv.size(), 8u);
}

// SQ_IMG_RSRC_WORD1 holds DATA_FORMAT in bits 25:20 and NUM_FORMAT in bits 29:26 on GFX6-8 (the
// register reference, Mesa's sid.h S_008F14_*): a flipped bit 20 must be reported as DATA_FORMAT,
// bit 26 as NUM_FORMAT, with both values.
TEST(ShadowCheck, CorruptedWordIsReportedByRegisterAndField) {
  for (const auto& [mask, field] : {std::pair{0x00100000u, "DATA_FORMAT"}, std::pair{0x04000000u, "NUM_FORMAT"}}) {
    amd::ShadowRecord record = radeonsi_record(0x100000000ull);
    const uint32_t good = record.words[1];
    record.words[1] ^= mask;
    const Comparison c =
        compare_image(tonga(), rgba8_2d(VK_IMAGE_TILING_OPTIMAL), whole_2d(VK_FORMAT_R8G8B8A8_UNORM), record);
    ASSERT_EQ(c.differences.size(), 1u);
    const FieldDifference& d = c.differences[0];
    EXPECT_EQ(d.reg, "SQ_IMG_RSRC_WORD1");
    EXPECT_EQ(d.field, field);
    const unsigned shift = std::string(field) == "DATA_FORMAT" ? 20 : 26;
    EXPECT_EQ(d.radv, (good >> shift) & 0x3fu);
    EXPECT_EQ(d.radeonsi, ((good ^ mask) >> shift) & 0x3fu);
    EXPECT_TRUE(d.explanation.empty());
    EXPECT_TRUE(c.unexplained());
  }
}

TEST(ShadowCheck, LinearImageTilingIsExplainedNotSilenced) {
  const Comparison c = compare_image(tonga(), rgba8_2d(VK_IMAGE_TILING_LINEAR), whole_2d(VK_FORMAT_R8G8B8A8_UNORM),
                                     radeonsi_record(0x100000000ull));
  ASSERT_FALSE(c.differences.empty());
  bool tiling = false;
  for (const FieldDifference& d : c.differences) {
    EXPECT_EQ(d.explanation, "linear-image") << describe(d);
    tiling |= d.field == "TILING_INDEX";
  }
  EXPECT_TRUE(tiling);
  EXPECT_FALSE(c.unexplained());
}

TEST(ShadowCheck, ReportCountsPerKindAndWritesEveryMismatch) {
  Report report;
  report.add(amd::RecordKind::SampledImage, "VkImage 0x1",
             compare_image(tonga(), rgba8_2d(VK_IMAGE_TILING_OPTIMAL), whole_2d(VK_FORMAT_R8G8B8A8_UNORM),
                           radeonsi_record(0x100000000ull)));
  amd::ShadowRecord bad = radeonsi_record(0x100000000ull);
  bad.words[1] ^= 0x00100000u;
  report.add(amd::RecordKind::SampledImage, "VkImage 0x2",
             compare_image(tonga(), rgba8_2d(VK_IMAGE_TILING_OPTIMAL), whole_2d(VK_FORMAT_R8G8B8A8_UNORM), bad));
  report.add_derived_only(amd::RecordKind::Sampler);
  const KindCounters images = report.counters(amd::RecordKind::SampledImage);
  EXPECT_EQ(images.checked, 2u);
  EXPECT_EQ(images.identical, 1u);
  EXPECT_EQ(images.unexplained, 1u);
  EXPECT_EQ(report.counters(amd::RecordKind::Sampler).derived_only, 1u);
  const std::string summary = report.summary("tonga");
  EXPECT_NE(summary.find("2 objects checked"), std::string::npos) << summary;
  EXPECT_NE(summary.find("VkImage 0x2"), std::string::npos) << summary;
  EXPECT_NE(summary.find("SQ_IMG_RSRC_WORD1.DATA_FORMAT"), std::string::npos) << summary;
  const std::string json = report.json("tonga");
  EXPECT_NE(json.find("\"field\": \"DATA_FORMAT\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"linear-image\""), std::string::npos) << json;  // the table travels with the report
}

TEST(ShadowCheck, UnknownFormatIsNotDerivableWithAReason) {
  ImageInfo image = rgba8_2d(VK_IMAGE_TILING_OPTIMAL);
  image.format = VK_FORMAT_G8_B8_R8_3PLANE_420_UNORM;
  const Comparison c = compare_image(tonga(), image, whole_2d(image.format), radeonsi_record(0x100000000ull));
  ASSERT_TRUE(c.underived.has_value());
  EXPECT_FALSE(c.identical());
}

// ------------------------------------------------------------------ attachments

amd::Texture radeonsi_texture(const amd::Chip& chip, formats::Format format, uint32_t w, uint32_t h, uint32_t levels) {
  amd::SurfaceTemplate templ;
  templ.format = format;
  templ.width = w;
  templ.height = h;
  templ.levels = levels;
  const amd::Result<amd::Texture> texture = amd::create_texture(chip, templ, 0x100000000ull);
  EXPECT_TRUE(texture.ok()) << texture.error();
  return *texture;
}

amd::ShadowRecord target_record(const amd::Chip& chip, formats::Format format, uint32_t level) {
  const amd::Result<amd::TargetRegisters> regs =
      amd::target_registers(chip, radeonsi_texture(chip, format, 64, 64, 3), format, level, 0, 0);
  EXPECT_TRUE(regs.ok()) << regs.error();
  amd::ShadowRecord record;
  record.kind = regs->kind;
  record.va = 0x100000000ull;
  record.registers = regs->registers;
  return record;
}

ImageInfo image_64(VkFormat format, VkImageTiling tiling) { return image_2d(format, 64, 64, tiling); }

amd::VkImageViewDesc level_view(VkFormat format, VkImageAspectFlags aspect, uint32_t level) {
  amd::VkImageViewDesc view;
  view.format = format;
  view.range = {aspect, level, 1, 0, 1};
  return view;
}

TEST(ShadowCheckTargets, ColourTargetThroughBothFrontDoorsIsIdentical) {
  for (const char* name : {"tahiti", "tonga"}) {
    const amd::Chip& chip = *amd::find_chip(name);
    const amd::ShadowRecord record = target_record(chip, formats::Format::R8G8B8A8_UNORM, 1);
    EXPECT_EQ(record.kind, amd::RecordKind::ColorTarget);
    // CB_COLOR0_BASE (0x28c60) onwards; CB_COLOR0_DCC_BASE exists from GFX8 (VI) on (sid.h R_028C94).
    ASSERT_EQ(record.registers.size(), std::string(name) == "tonga" ? 14u : 13u);
    EXPECT_EQ(record.registers[0].offset, 0x28c60u);
    const Comparison c = compare_target(chip, image_64(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL),
                                        level_view(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 1),
                                        amd::RecordKind::ColorTarget, record);
    EXPECT_FALSE(c.underived.has_value()) << *c.underived;
    EXPECT_TRUE(c.identical()) << name;
  }
}

// CB_COLOR0_INFO (0x28c70) holds FORMAT in bits 6:2, and COLOR_8_8_8_8 is 0xA (sid.h
// S_028C70_FORMAT, V_028C70_COLOR_8_8_8_8): a flipped bit 2 is FORMAT 0xB on the radeonsi side.
TEST(ShadowCheckTargets, CorruptedColourRegisterIsReportedByRegisterAndField) {
  amd::ShadowRecord record = target_record(tonga(), formats::Format::R8G8B8A8_UNORM, 0);
  ASSERT_EQ(record.registers[4].offset, 0x28c70u);
  record.registers[4].value ^= 0x4u;
  const Comparison c = compare_target(tonga(), image_64(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL),
                                      level_view(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 0),
                                      amd::RecordKind::ColorTarget, record);
  ASSERT_EQ(c.differences.size(), 1u);
  const FieldDifference& d = c.differences[0];
  EXPECT_EQ(d.reg, "CB_COLOR0_INFO");
  EXPECT_EQ(d.field, "FORMAT");
  EXPECT_EQ(d.radv, 0xAu);
  EXPECT_EQ(d.radeonsi, 0xBu);
  EXPECT_EQ(d.radv_name, "COLOR_8_8_8_8");
  EXPECT_TRUE(c.unexplained());
}

// DB_Z_INFO (0x28040) holds FORMAT in bits 1:0, Z_32_FLOAT = 3 (sid.h S_028040_FORMAT, V_028040_Z_32_FLOAT).
TEST(ShadowCheckTargets, DepthTargetIsComparedAndACorruptedFormatNamed) {
  amd::ShadowRecord record = target_record(tonga(), formats::Format::Z32_FLOAT, 0);
  EXPECT_EQ(record.kind, amd::RecordKind::DepthTarget);
  const ImageInfo image = image_64(VK_FORMAT_D32_SFLOAT, VK_IMAGE_TILING_OPTIMAL);
  const amd::VkImageViewDesc view = level_view(VK_FORMAT_D32_SFLOAT, VK_IMAGE_ASPECT_DEPTH_BIT, 0);
  EXPECT_TRUE(compare_target(tonga(), image, view, amd::RecordKind::DepthTarget, record).identical());
  size_t z_info = record.registers.size();
  for (size_t i = 0; i < record.registers.size(); ++i)
    if (record.registers[i].offset == 0x28040u) z_info = i;
  ASSERT_LT(z_info, record.registers.size());
  record.registers[z_info].value ^= 0x1u;
  const Comparison c = compare_target(tonga(), image, view, amd::RecordKind::DepthTarget, record);
  ASSERT_EQ(c.differences.size(), 1u);
  EXPECT_EQ(c.differences[0].reg, "DB_Z_INFO");
  EXPECT_EQ(c.differences[0].field, "FORMAT");
  EXPECT_EQ(c.differences[0].radv, 3u);
  EXPECT_EQ(c.differences[0].radeonsi, 2u);
}

TEST(ShadowCheckTargets, ARecordInTheWrongRoleIsNotDerivable) {
  const amd::ShadowRecord record = target_record(tonga(), formats::Format::R8G8B8A8_UNORM, 0);
  const Comparison c = compare_target(tonga(), image_64(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL),
                                      level_view(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 0),
                                      amd::RecordKind::DepthTarget, record);
  ASSERT_TRUE(c.underived.has_value());
  EXPECT_NE(c.underived->find("colour target"), std::string::npos) << *c.underived;
}

TEST(ShadowCheckTargets, LinearAttachmentTilingIsExplainedNotSilenced) {
  const amd::ShadowRecord record = target_record(tonga(), formats::Format::R8G8B8A8_UNORM, 0);
  const Comparison c = compare_target(tonga(), image_64(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_LINEAR),
                                      level_view(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 0),
                                      amd::RecordKind::ColorTarget, record);
  ASSERT_FALSE(c.differences.empty());
  bool tile_mode = false;
  for (const FieldDifference& d : c.differences) {
    EXPECT_EQ(d.explanation, "linear-image") << describe(d);
    tile_mode |= d.reg == "CB_COLOR0_ATTRIB" && d.field == "TILE_MODE_INDEX";
  }
  EXPECT_TRUE(tile_mode);
  // The same differences on an optimal image are not explained.
  const Comparison other = compare_target(tonga(), image_64(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL),
                                          level_view(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 0),
                                          amd::RecordKind::ColorTarget, record);
  EXPECT_TRUE(other.identical());
}

// GL_RGB8 is R8G8B8X8_UNORM on the radeonsi side (no alpha: FORCE_DST_ALPHA_1) and
// R8G8B8A8_UNORM on the Vulkan side: that one bit differs, and is named.
TEST(ShadowCheckTargets, AlphaLessFormatInRgbaStorageIsExplained) {
  const amd::Result<amd::TargetRegisters> regs = amd::target_registers(
      tonga(), radeonsi_texture(tonga(), formats::Format::R8G8B8X8_UNORM, 64, 64, 3),
      formats::Format::R8G8B8X8_UNORM, 0, 0, 0);
  ASSERT_TRUE(regs.ok()) << regs.error();
  amd::ShadowRecord record;
  record.kind = regs->kind;
  record.va = 0x100000000ull;
  record.registers = regs->registers;
  const Comparison c = compare_target(tonga(), image_64(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TILING_OPTIMAL),
                                      level_view(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 0),
                                      amd::RecordKind::ColorTarget, record);
  ASSERT_EQ(c.differences.size(), 1u);
  EXPECT_EQ(c.differences[0].reg + "." + c.differences[0].field, "CB_COLOR0_ATTRIB.FORCE_DST_ALPHA_1");
  EXPECT_EQ(c.differences[0].radeonsi, 1u);
  EXPECT_EQ(c.differences[0].explanation, "alpha-less-format");
}

// The shader blit samples one layer of an array through a 2D view; radeonsi's blitter views the
// whole array. Only the fields that say which layers are covered differ, and they are named.
TEST(ShadowCheck, BlitSourceLayerOfAnArrayIsExplained) {
  amd::SurfaceTemplate templ;
  templ.target = formats::TextureTarget::TEXTURE_2D_ARRAY;
  templ.format = formats::Format::R8G8B8A8_UNORM;
  templ.width = templ.height = 32;
  templ.array_size = 3;
  const amd::Result<amd::Texture> texture = amd::create_texture(tonga(), templ, 0x100000000ull);
  ASSERT_TRUE(texture.ok());
  amd::SamplerView whole = amd::default_sampler_view(*texture);
  const amd::Result<amd::ImageDescriptor> words = amd::make_texture_descriptor(tonga(), *texture, whole);
  ASSERT_TRUE(words.ok());
  amd::ShadowRecord record;
  record.va = 0x100000000ull;
  record.view = amd::sampled_vk_view(templ.format, templ.target, 1, 3);
  record.words.assign(words->begin(), words->end());
  ImageInfo image = image_2d(VK_FORMAT_R8G8B8A8_UNORM, 32, 32, VK_IMAGE_TILING_OPTIMAL);
  image.levels = 1;
  image.layers = 3;
  amd::VkImageViewDesc layer1 = level_view(VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_ASPECT_COLOR_BIT, 0);
  layer1.range.baseArrayLayer = 1;
  const Comparison c = compare_image(tonga(), image, layer1, record);
  ASSERT_FALSE(c.differences.empty());
  for (const FieldDifference& d : c.differences) EXPECT_EQ(d.explanation, "blit-source-layer") << describe(d);
  // A record claiming the same single layer gets no such explanation.
  record.view.range.layerCount = 1;
  EXPECT_TRUE(compare_image(tonga(), image, layer1, record).unexplained());
}

// GL_ALPHA8 is A8_UNORM to radeonsi (swizzle 000X: gfx9_border_color_swizzle gives WXYZ, 3) and an
// R8 image sampled through the mapping (0, 0, 0, R) to Vulkan (R8's X001 gives XWYZ, 1): on Vega10
// the words differ in BC_SWIZZLE only (SQ_IMG_RSRC_WORD4 bits 31:29), explained; any other value
// stays unexplained.
TEST(ShadowCheck, EmulatedChannelsBorderSwizzleIsExplainedOnGfx9) {
  const amd::Chip& vega10 = *amd::find_chip("vega10");
  amd::SurfaceTemplate templ;
  templ.format = formats::Format::A8_UNORM;
  templ.width = 64;
  templ.height = 32;
  const amd::Result<amd::Texture> texture = amd::create_texture(vega10, templ, 0x100000);
  ASSERT_TRUE(texture.ok()) << texture.error();
  const amd::Result<amd::ImageDescriptor> words =
      amd::make_texture_descriptor(vega10, *texture, amd::default_sampler_view(*texture));
  ASSERT_TRUE(words.ok()) << words.error();
  amd::ShadowRecord record;
  record.va = 0x100000;
  record.view = amd::sampled_vk_view(templ.format, templ.target, 1, 1);
  record.words.assign(words->begin(), words->end());
  ImageInfo image = image_2d(VK_FORMAT_R8_UNORM, 64, 32, VK_IMAGE_TILING_OPTIMAL);
  image.levels = 1;
  const Comparison c = compare_image(vega10, image, record.view, record);
  ASSERT_EQ(c.differences.size(), 1u) << (c.underived ? *c.underived : "");
  EXPECT_EQ(c.differences[0].field, "BC_SWIZZLE");
  EXPECT_EQ(c.differences[0].radeonsi, 3u);
  EXPECT_EQ(c.differences[0].radv, 1u);
  EXPECT_EQ(c.differences[0].explanation, "emulated-channels-border");
  record.words[4] ^= 1u << 31;  // BC_SWIZZLE 3 -> 7
  EXPECT_TRUE(compare_image(vega10, image, record.view, record).unexplained());
}

// ------------------------------------------------------------------ samplers

amd::ShadowRecord gl_sampler_record(amd::MipFilter mip, float max_lod) {
  amd::SamplerState gl;  // GL_NEAREST filters: no mip filter
  gl.mip_filter = mip;
  gl.max_lod = max_lod;
  gl.seamless_cube_map = true;
  const amd::Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(tonga(), gl);
  EXPECT_TRUE(words.ok());
  amd::ShadowRecord record;
  record.kind = amd::RecordKind::Sampler;
  record.sampler_max_lod = max_lod;
  record.words.assign(words->begin(), words->end());
  return record;
}

VkSamplerCreateInfo vk_sampler(float max_lod) {
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
  info.maxLod = max_lod;
  info.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
  return info;
}

TEST(ShadowCheckSamplers, NoMipFilterLoweredToALodClampIsExplained) {
  const Comparison c = compare_sampler(tonga(), vk_sampler(0.0f), gl_sampler_record(amd::MipFilter::NONE, 1000.0f));
  ASSERT_EQ(c.differences.size(), 2u);
  for (const FieldDifference& d : c.differences) EXPECT_EQ(d.explanation, "gl-no-mipmap") << describe(d);
  // A Vulkan sampler that does reach further levels is not GL's "no mip filter": unexplained.
  const Comparison wrong = compare_sampler(tonga(), vk_sampler(4.0f), gl_sampler_record(amd::MipFilter::NONE, 1000.0f));
  EXPECT_TRUE(wrong.unexplained());
  bool mip_filter = false;
  for (const FieldDifference& d : wrong.differences)
    if (d.field == "MIP_FILTER") mip_filter = d.explanation.empty();
  EXPECT_TRUE(mip_filter);
  // radeonsi's MAX_LOD must be GL's 1000 clamped to 15 in 4.8 fixed point (0xF00, SQ_IMG_SAMP_WORD1
  // bits 23:12, sid.h S_008F34_MAX_LOD); one bit off is no longer GL's range and stays unexplained.
  amd::ShadowRecord corrupted = gl_sampler_record(amd::MipFilter::NONE, 1000.0f);
  EXPECT_EQ((corrupted.words[1] >> 12) & 0xFFF, 0xF00u);
  corrupted.words[1] ^= 1u << 12;
  const Comparison off = compare_sampler(tonga(), vk_sampler(0.0f), corrupted);
  ASSERT_EQ(off.differences.size(), 2u);
  for (const FieldDifference& d : off.differences)
    EXPECT_EQ(d.explanation.empty(), d.field == "MAX_LOD") << describe(d);
  // So is a record that claims another GL maximum than its words hold.
  amd::ShadowRecord claims = gl_sampler_record(amd::MipFilter::NONE, 1000.0f);
  claims.sampler_max_lod = 4.0f;
  EXPECT_TRUE(compare_sampler(tonga(), vk_sampler(0.0f), claims).unexplained());
}

TEST(ShadowCheckSamplers, MaximumLodClampedToTheViewIsExplainedOnlyWhenLowered) {
  const Comparison c = compare_sampler(tonga(), vk_sampler(2.0f), gl_sampler_record(amd::MipFilter::NEAREST, 1000.0f));
  ASSERT_EQ(c.differences.size(), 1u);
  EXPECT_EQ(c.differences[0].field, "MAX_LOD");
  EXPECT_EQ(c.differences[0].radv, 2u * 256u);  // unsigned 4.8 fixed point
  EXPECT_EQ(c.differences[0].explanation, "lod-clamped-to-levels");
  const Comparison raised = compare_sampler(tonga(), vk_sampler(8.0f), gl_sampler_record(amd::MipFilter::NEAREST, 2.0f));
  EXPECT_TRUE(raised.unexplained());
}

// A multisample integer texture keeps GL's default filters (LINEAR, NEAREST_MIPMAP_LINEAR: radeonsi
// bilinear with linear mips, TRUNC_COORD 0) while glvk's Vulkan sampler is nearest with point mips
// (RADV: point, TRUNC_COORD 1): explained for a record made for an integer texture, and only then.
TEST(ShadowCheckSamplers, IntegerTexturesNearestIsExplainedOnlyForIntegerRecords) {
  amd::SamplerState gl;
  gl.mag_filter = gl.min_filter = amd::Filter::LINEAR;
  gl.mip_filter = amd::MipFilter::LINEAR;
  gl.max_lod = 1000.0f;
  gl.seamless_cube_map = true;
  const amd::Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(tonga(), gl);
  ASSERT_TRUE(words.ok());
  amd::ShadowRecord record;
  record.kind = amd::RecordKind::Sampler;
  record.sampler_max_lod = 1000.0f;
  record.sampler_for_integer = true;
  record.words.assign(words->begin(), words->end());
  VkSamplerCreateInfo info = vk_sampler(1000.0f);  // nearest, point mips, GL's LOD range
  const Comparison c = compare_sampler(tonga(), info, record);
  ASSERT_EQ(c.differences.size(), 4u);
  for (const FieldDifference& d : c.differences) EXPECT_EQ(d.explanation, "integer-nearest") << describe(d);
  record.sampler_for_integer = false;
  EXPECT_TRUE(compare_sampler(tonga(), info, record).unexplained());
  // A Vulkan sampler that does filter linearly is no integer texture's.
  record.sampler_for_integer = true;
  info.magFilter = VK_FILTER_LINEAR;
  EXPECT_TRUE(compare_sampler(tonga(), info, record).unexplained());
}

// A radeonsi sampler (GL_NEAREST, CLAMP_TO_BORDER on S and T) with GL border colour `colour` in
// slot `slot` of radeonsi's border-colour table.
amd::ShadowRecord gl_border_record(const float (&colour)[4], uint32_t slot) {
  amd::SamplerState gl;
  gl.wrap_s = gl.wrap_t = amd::WrapMode::CLAMP_TO_BORDER;
  gl.max_lod = 0.0f;
  gl.mip_filter = amd::MipFilter::NEAREST;
  gl.seamless_cube_map = true;
  for (int i = 0; i < 4; ++i) gl.border_color[i] = colour[i];
  gl.border_color_index = slot;
  const amd::Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(tonga(), gl);
  EXPECT_TRUE(words.ok());
  amd::ShadowRecord record;
  record.kind = amd::RecordKind::Sampler;
  record.words.assign(words->begin(), words->end());
  return record;
}

VkSamplerCreateInfo vk_border_sampler(VkBorderColor border) {
  VkSamplerCreateInfo info = vk_sampler(0.0f);
  info.addressModeU = info.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
  info.borderColor = border;
  return info;
}

TEST(ShadowCheckSamplers, CustomBorderColourIsATableSlotOnBothSides) {
  // sid.h: SQ_IMG_SAMP_WORD3 BORDER_COLOR_PTR bits 11:0, BORDER_COLOR_TYPE bits 31:30,
  // V_008F3C_SQ_TEX_BORDER_COLOR_REGISTER = 3. RADV puts any custom colour in its table.
  const amd::Result<amd::SamplerDescriptor> radv =
      derive_sampler_descriptor(tonga(), vk_border_sampler(VK_BORDER_COLOR_FLOAT_CUSTOM_EXT), 5u);
  ASSERT_TRUE(radv.ok());
  EXPECT_EQ((*radv)[3], 0xC0000005u);
  // radeonsi: a colour that is not built in goes to its table too; (0, 0, 0, 1) is OPAQUE_BLACK (1).
  const float custom[4] = {0.2f, 0.4f, 0.6f, 1.0f}, black[4] = {0, 0, 0, 1};
  EXPECT_EQ(gl_border_record(custom, 7).words[3], 0xC0000007u);
  EXPECT_EQ(gl_border_record(black, 7).words[3], 0x40000000u);
  // Without a border address mode neither side reads a colour (TRANS_BLACK, slot 0).
  VkSamplerCreateInfo edge = vk_border_sampler(VK_BORDER_COLOR_FLOAT_CUSTOM_EXT);
  edge.addressModeU = edge.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  EXPECT_EQ((*derive_sampler_descriptor(tonga(), edge, std::nullopt))[3], 0u);
}

TEST(ShadowCheckSamplers, BorderColourSlotsNumberedDifferentlyAreExplained) {
  const float custom[4] = {0.2f, 0.4f, 0.6f, 1.0f};
  const VkSamplerCreateInfo info = vk_border_sampler(VK_BORDER_COLOR_FLOAT_CUSTOM_EXT);
  EXPECT_TRUE(compare_sampler(tonga(), info, gl_border_record(custom, 3), 3u).identical());
  const Comparison c = compare_sampler(tonga(), info, gl_border_record(custom, 0), 1u);
  ASSERT_EQ(c.differences.size(), 1u);
  EXPECT_EQ(c.differences[0].field, "BORDER_COLOR_PTR");
  EXPECT_EQ(c.differences[0].explanation, "border-colour-slot");
  // The nearest built-in colour where GL asked for another: the type differs, unexplained.
  const Comparison nearest = compare_sampler(tonga(), vk_border_sampler(VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE),
                                             gl_border_record(custom, 0));
  ASSERT_EQ(nearest.differences.size(), 1u);
  EXPECT_EQ(nearest.differences[0].field, "BORDER_COLOR_TYPE");
  EXPECT_TRUE(nearest.unexplained());
}

TEST(ShadowCheckSamplers, BlitterSamplerDiffersOnlyInCubeWrap) {
  // u_blitter's rectangle sampler: zeroed state, clamp to edge, unnormalized, not seamless.
  amd::SamplerState blitter;
  blitter.wrap_s = blitter.wrap_t = blitter.wrap_r = amd::WrapMode::CLAMP_TO_EDGE;
  blitter.mip_filter = amd::MipFilter::NEAREST;
  blitter.max_lod = 0.0f;
  blitter.normalized_coords = false;
  const amd::Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(tonga(), blitter);
  ASSERT_TRUE(words.ok());
  amd::ShadowRecord record;
  record.kind = amd::RecordKind::Sampler;
  record.words.assign(words->begin(), words->end());
  VkSamplerCreateInfo info = vk_sampler(0.0f);
  info.addressModeU = info.addressModeV = info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
  info.unnormalizedCoordinates = VK_TRUE;
  const Comparison c = compare_sampler(tonga(), info, record);
  ASSERT_EQ(c.differences.size(), 1u);
  EXPECT_EQ(c.differences[0].field, "DISABLE_CUBE_WRAP");
  EXPECT_EQ(c.differences[0].explanation, "blitter-not-seamless");
  // A normalized sampler (one that could sample a cube) gets no such explanation.
  info.unnormalizedCoordinates = VK_FALSE;
  blitter.normalized_coords = true;
  const amd::Result<amd::SamplerDescriptor> normalized = amd::make_sampler_descriptor(tonga(), blitter);
  ASSERT_TRUE(normalized.ok());
  record.words.assign(normalized->begin(), normalized->end());
  EXPECT_TRUE(compare_sampler(tonga(), info, record).unexplained());
}

TEST(ShadowCheck, ReportCountsDescriptorBindings) {
  Report report;
  report.add_bound(amd::RecordKind::Sampler, true);
  report.add_bound(amd::RecordKind::Sampler, false);
  EXPECT_EQ(report.counters(amd::RecordKind::Sampler).bound, 2u);
  EXPECT_EQ(report.counters(amd::RecordKind::Sampler).bound_checked, 1u);
  EXPECT_NE(report.json("tonga").find("\"bound\": 2, \"bound_with_record\": 1"), std::string::npos);
}

}  // namespace
}  // namespace glvk::shadow_check
