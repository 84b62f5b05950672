// The layer's comparison core: records, word-by-word field decoding, the explained table, reports.
#include <gtest/gtest.h>

#include "checker.h"
#include "report.h"

namespace glvk::shadow_check {
namespace {

const amd::Chip& tonga() { return *amd::find_chip("tonga"); }

ImageInfo rgba8_2d(VkImageTiling tiling) {
  ImageInfo image;
  image.format = VK_FORMAT_R8G8B8A8_UNORM;
  image.extent = {64, 32, 1};
  image.levels = 3;
  image.tiling = tiling;
  return image;
}

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
  const amd::Result<amd::ShadowRecord> back = amd::parse_record(amd::serialize_record(r));
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->va, r.va);
  EXPECT_EQ(back->buffer_size, r.buffer_size);
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

}  // namespace
}  // namespace glvk::shadow_check
