// VK_LAYER_GLVK_shadow_check under a GL program (glvk's demo, through `glvk run`) on lavapipe with
// the Khronos validation layer, and glvk on RADV's null device.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <string>

#include "process.h"

namespace glvk::test {
namespace {

const std::string kGlvk = GLVK_TOOL_PATH;
const std::string kRadeonIcd = "/usr/share/vulkan/icd.d/radeon_icd.x86_64.json";
const std::string kLavapipeIcd = "/usr/share/vulkan/icd.d/lvp_icd.x86_64.json";

std::string report_path(const char* name) {
  return ::testing::TempDir() + "glvk_shadow_" + name + "_" + std::to_string(getpid()) + ".json";
}

// Python's JSON parser (independent of the layer's writer) answers `expression` about the report.
std::string query(const std::string& path, const std::string& expression) {
  const ProcessResult r =
      run_process({"/usr/bin/python3", "-c", "import json,sys; d=json.load(open(sys.argv[1])); print(" + expression + ")",
                   path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out.substr(0, r.out.find_last_not_of('\n') + 1);
}

ProcessResult run_demo(const std::vector<std::pair<std::string, std::string>>& extra) {
  std::vector<std::pair<std::string, std::string>> env = {
      {"GLVK_DEVICE", "llvmpipe"}, {"GLVK_VALIDATION", "1"}, {"GLVK_SHADOW_CHIP", ""}, {"VK_INSTANCE_LAYERS", ""}};
  env.insert(env.end(), extra.begin(), extra.end());
  return run_process({kGlvk, "run"}, "", env);
}

TEST(ShadowCheckLayer, GlProgramOnLavapipeHasNoUnexplainedMismatch) {
  const std::string path = report_path("demo");
  const ProcessResult r = run_demo({{"GLVK_SHADOW_CHECK", "1"}, {"GLVK_SHADOW_REPORT", path}});
  // Validation messages abort glvk (GLVK_VALIDATION=1), so a clean exit means none.
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("validation"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("VK_LAYER_GLVK_shadow_check (tonga): "), std::string::npos) << r.err;
  // The demo samples textures, renders into colour and depth renderbuffers, clears and blits.
  for (const char* kind : {"image", "sampler", "colour target", "depth target"})
    EXPECT_GT(std::stoi(query(path, std::string("d['kinds']['") + kind + "']['checked']")), 0) << kind << r.err;
  // Every view and sampler the draws bind went through a comparison.
  for (const char* kind : {"image", "sampler"}) {
    EXPECT_GT(std::stoi(query(path, std::string("d['kinds']['") + kind + "']['bound']")), 0) << kind;
    EXPECT_EQ(query(path, std::string("d['kinds']['") + kind + "']['bound'] - d['kinds']['" + kind +
                              "']['bound_with_record']"),
              "0")
        << kind;
  }
  EXPECT_EQ(query(path, "sum(k['unexplained'] + k['not_derivable'] for k in d['kinds'].values())"), "0") << r.err;
  EXPECT_EQ(query(path, "[m['object'] for m in d['mismatches'] if m['unexplained']]"), "[]") << r.err;
  std::remove(path.c_str());
}

// The same GL program with the GFX9 shadow (issue 18 item 2): every record checked against the
// RADV-view derivation for Vega10, the linear-image swizzle-mode differences explained.
TEST(ShadowCheckLayer, Vega10ShadowHasNoUnexplainedMismatch) {
  const std::string path = report_path("vega10");
  const ProcessResult r =
      run_demo({{"GLVK_SHADOW_CHECK", "1"}, {"GLVK_SHADOW_REPORT", path}, {"GLVK_SHADOW_CHIP", "vega10"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("VK_LAYER_GLVK_shadow_check (vega10): "), std::string::npos) << r.err;
  EXPECT_GT(std::stoi(query(path, "d['kinds']['image']['checked']")), 0) << r.err;
  for (const char* kind : {"colour target", "depth target"})
    EXPECT_GT(std::stoi(query(path, std::string("d['kinds']['") + kind + "']['checked']")), 0) << kind << r.err;
  EXPECT_EQ(query(path, "sum(k['unexplained'] + k['not_derivable'] for k in d['kinds'].values())"), "0") << r.err;
  std::remove(path.c_str());
}

// The draw and framebuffer integration programs under the layer (with validation): every colour and
// depth target, sampled view and sampler they make is compared, none unexplained. This is the run
// that found RGB targets blending with a stored alpha (alpha-less-format, DrawTest.FormatsWithoutAlpha...).
TEST(ShadowCheckLayer, IntegrationProgramsRunUnderTheLayerWithoutUnexplainedMismatches) {
  for (const std::string program : {GLVK_DRAW_TESTS_PATH, GLVK_FRAMEBUFFER_TESTS_PATH}) {
    const std::string path = report_path("programs");
    const ProcessResult r =
        run_process({program}, "",
                    {{"GLVK_DEVICE", "llvmpipe"}, {"GLVK_VALIDATION", "1"}, {"GLVK_SHADOW_CHIP", ""},
                     {"VK_INSTANCE_LAYERS", ""}, {"GLVK_SHADOW_CHECK", "1"}, {"GLVK_SHADOW_REPORT", path},
                     {"GLVK_TEXTURE_TILING", "optimal"}});
    ASSERT_EQ(r.exit_code, 0) << program << r.out.substr(r.out.size() > 4000 ? r.out.size() - 4000 : 0) << r.err;
    for (const char* kind : {"image", "colour target", "depth target"})
      EXPECT_GT(std::stoi(query(path, std::string("d['kinds']['") + kind + "']['checked']")), 0) << program << kind;
    EXPECT_EQ(query(path, "sum(k['unexplained'] + k['not_derivable'] for k in d['kinds'].values())"), "0")
        << program << r.err;
    std::remove(path.c_str());
  }
}

// The draw tests' buffer textures and exact border colours under the layer: every texel buffer view
// the draws bind carries si_make_buffer_descriptor's words and agrees with the RADV view word for
// word; the custom border colour samplers agree (slot numbering, if it differs, is explained). A
// flipped DST_SEL_X (SQ_BUF_RSRC_WORD3 bits 2:0, sid.h S_008F0C_DST_SEL_X) is named.
TEST(ShadowCheckLayer, TexelBufferViewsAndBorderColoursAreChecked) {
  const std::string path = report_path("texel_buffers");
  const std::vector<std::pair<std::string, std::string>> env = {
      {"GLVK_DEVICE", "llvmpipe"},      {"GLVK_VALIDATION", "1"},      {"GLVK_SHADOW_CHIP", ""},
      {"VK_INSTANCE_LAYERS", ""},       {"GLVK_SHADOW_CHECK", "1"},    {"GLVK_SHADOW_REPORT", path},
      {"GLVK_TEXTURE_TILING", "optimal"}};
  const std::string filter = "--gtest_filter=DrawTest.BufferTexturesAreReadByTexelFetch:DrawTest.BorderColoursAreExact";
  ProcessResult r = run_process({GLVK_DRAW_TESTS_PATH, filter}, "", env);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(query(path, "d['kinds']['buffer view']['checked']"), "3") << r.err;
  EXPECT_EQ(query(path, "d['kinds']['buffer view']['identical']"), "3") << r.err;
  for (const char* kind : {"sampler", "image"})
    EXPECT_EQ(query(path, std::string("d['kinds']['") + kind + "']['bound'] - d['kinds']['" + kind +
                              "']['bound_with_record']"),
              "0")
        << kind << r.err;
  // The zero texel a buffer texture without a buffer reads has no radeonsi counterpart (radeonsi
  // binds its null descriptor there): derived alone.
  EXPECT_EQ(query(path, "d['kinds']['buffer view']['derived_without_record']"), "1") << r.err;
  EXPECT_EQ(query(path, "sum(k['unexplained'] + k['not_derivable'] for k in d['kinds'].values())"), "0") << r.err;
  std::remove(path.c_str());

  auto corrupt = env;
  corrupt.emplace_back("GLVK_SHADOW_TEST_CORRUPT", "buffer-view:3:7");
  r = run_process({GLVK_DRAW_TESTS_PATH, filter}, "", corrupt);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(query(path, "[(x['register'], x['field'], x['radeonsi'] ^ x['radv']) for m in d['mismatches'] "
                        "for x in m['differences'] if x['explanation'] is None]"),
            "[('SQ_BUF_RSRC_WORD3', 'DST_SEL_X', 7)]")
      << r.err;
  std::remove(path.c_str());
}

// Optimal tiling (what a GPU gets): the radeonsi and RADV views of every image and attachment agree
// word for word; only the sampler's GL "no mip filter" lowering and the blit samplers' cube wrap
// remain, explained.
TEST(ShadowCheckLayer, OptimalTilingMakesImagesAndAttachmentsIdentical) {
  const std::string path = report_path("optimal");
  const ProcessResult r = run_demo(
      {{"GLVK_SHADOW_CHECK", "1"}, {"GLVK_SHADOW_REPORT", path}, {"GLVK_TEXTURE_TILING", "optimal"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* kind : {"image", "colour target", "depth target"})
    EXPECT_EQ(query(path, std::string("d['kinds']['") + kind + "']['checked'] - d['kinds']['" + kind +
                              "']['identical']"),
              "0")
        << kind << r.err;
  EXPECT_EQ(query(path, "sorted({x['explanation'] for m in d['mismatches'] for x in m['differences']})"),
            "['blitter-not-seamless', 'gl-no-mipmap']")
      << r.err;
  std::remove(path.c_str());
}

// The test-only hook flips one bit of the first attachment record of a kind; the layer must name
// the register and field. CB_COLOR0_INFO.FORMAT is bits 6:2 (sid.h S_028C70_FORMAT), register 4 of
// the CB_COLOR0_BASE run; DB_Z_INFO.FORMAT is bits 1:0 (S_028040_FORMAT), register 2 of the DB run.
TEST(ShadowCheckLayer, CorruptedAttachmentRecordIsReportedWithItsField) {
  const struct {
    const char* corrupt;
    const char* kind;
    const char* expected;
  } cases[] = {{"colour-target:4:4", "colour target", "[('CB_COLOR0_INFO', 'FORMAT', 1)]"},
               {"depth-target:2:1", "depth target", "[('DB_Z_INFO', 'FORMAT', 1)]"}};
  for (const auto& c : cases) {
    const std::string path = report_path("corrupt_target");
    const ProcessResult r = run_demo({{"GLVK_SHADOW_CHECK", "1"},
                                      {"GLVK_SHADOW_REPORT", path},
                                      {"GLVK_TEXTURE_TILING", "optimal"},
                                      {"GLVK_SHADOW_TEST_CORRUPT", c.corrupt}});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(query(path, std::string("d['kinds']['") + c.kind + "']['unexplained']"), "1") << r.err;
    EXPECT_EQ(query(path, "[(x['register'], x['field'], x['radeonsi'] ^ x['radv']) for m in d['mismatches'] "
                          "for x in m['differences'] if x['explanation'] is None]"),
              c.expected)
        << r.err;
    std::remove(path.c_str());
  }
}

TEST(ShadowCheckLayer, CorruptedRecordIsReportedWithItsField) {
  const std::string path = report_path("corrupt");
  // Bit 20 of SQ_IMG_RSRC_WORD1 is DATA_FORMAT's lowest bit (register reference, sid.h S_008F14_DATA_FORMAT).
  const ProcessResult r = run_demo(
      {{"GLVK_SHADOW_CHECK", "1"}, {"GLVK_SHADOW_REPORT", path}, {"GLVK_SHADOW_TEST_CORRUPT", "image:1:100000"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(query(path, "d['kinds']['image']['unexplained']"), "1") << r.err;
  EXPECT_EQ(query(path, "[(x['register'], x['field'], x['radeonsi'] ^ x['radv']) for m in d['mismatches'] "
                        "for x in m['differences'] if x['explanation'] is None]"),
            "[('SQ_IMG_RSRC_WORD1', 'DATA_FORMAT', 1)]")
      << r.err;
  EXPECT_NE(r.err.find("SQ_IMG_RSRC_WORD1.DATA_FORMAT"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("[unexplained]"), std::string::npos) << r.err;
  std::remove(path.c_str());
}

// Without GLVK_VALIDATION: the loader itself warns through debug-utils that VK_INSTANCE_LAYERS added
// a layer, which glvk's validation mode would abort on.
TEST(ShadowCheckLayer, LoadsThroughTheLoaderEnvironmentToo) {
  const ProcessResult r = run_process({kGlvk, "run"}, "",
                                      {{"GLVK_DEVICE", "llvmpipe"}, {"GLVK_VALIDATION", ""}, {"GLVK_SHADOW_CHECK", ""},
                                       {"GLVK_SHADOW_CHIP", ""}, {"VK_ADD_LAYER_PATH", GLVK_LAYER_DIR},
                                       {"VK_INSTANCE_LAYERS", "VK_LAYER_GLVK_shadow_check"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("VK_LAYER_GLVK_shadow_check (tonga): "), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(" 0 objects checked"), std::string::npos) << r.err;
}

// Under another Vulkan application (render_pass_app.cpp, with the Khronos validation layer): the
// attachments of a render pass's framebuffer and of an imageless framebuffer are compared in the
// role the render pass gives them, and a combined image sampler written through a descriptor
// update template is counted as bound. Without the render pass hooks the untagged attachments would
// be derived as sampled images and the flipped record compared in no role at all.
TEST(ShadowCheckLayer, RenderPassesAndDescriptorTemplatesOfOtherApplicationsAreChecked) {
  const std::string path = report_path("render_pass");
  const ProcessResult r = run_process({GLVK_RENDER_PASS_APP_PATH, "--validation"}, "",
                                      {{"VK_ICD_FILENAMES", kLavapipeIcd}, {"VK_ADD_LAYER_PATH", GLVK_LAYER_DIR},
                                       {"VK_INSTANCE_LAYERS", ""}, {"GLVK_SHADOW_CHIP", "tonga"},
                                       {"GLVK_SHADOW_REPORT", path}, {"GLVK_SHADOW_TEST_CORRUPT", ""}});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("VK_LAYER_GLVK_shadow_check (tonga): "), std::string::npos) << r.err;
  const auto kind = [&](const char* k, const char* counter) {
    return query(path, std::string("d['kinds']['") + k + "']['" + counter + "']");
  };
  // Colour A (render pass 1) identical, colour B (render pass 2, imageless) with its flipped bit.
  EXPECT_EQ(kind("colour target", "checked"), "2") << r.err;
  EXPECT_EQ(kind("colour target", "identical"), "1") << r.err;
  EXPECT_EQ(kind("colour target", "unexplained"), "1") << r.err;
  EXPECT_EQ(query(path, "[(x['register'], x['field'], x['radeonsi'] ^ x['radv']) for m in d['mismatches'] "
                        "for x in m['differences'] if x['explanation'] is None]"),
            "[('CB_COLOR0_INFO', 'FORMAT', 1)]")
      << r.err;
  // The untagged attachments: colour C and depth D, each derived in its role.
  EXPECT_EQ(kind("colour target", "derived_without_record"), "1") << r.err;
  EXPECT_EQ(kind("depth target", "derived_without_record"), "1") << r.err;
  // The template's sampler (tagged) and sampled view (untagged).
  EXPECT_EQ(kind("sampler", "bound"), "1") << r.err;
  EXPECT_EQ(kind("sampler", "bound_with_record"), "1") << r.err;
  EXPECT_EQ(kind("sampler", "identical"), "1") << r.err;
  EXPECT_EQ(kind("image", "bound"), "1") << r.err;
  EXPECT_EQ(kind("image", "bound_with_record"), "0") << r.err;
  EXPECT_EQ(kind("image", "derived_without_record"), "1") << r.err;
  std::remove(path.c_str());
}

// RADV_FORCE_FAMILY gives RADV a device without hardware: format features, no memory types.
std::vector<std::pair<std::string, std::string>> null_device_env(const std::string& icds) {
  return {{"VK_ICD_FILENAMES", icds}, {"RADV_FORCE_FAMILY", "tonga"}, {"GLVK_DEVICE", ""}, {"GLVK_VALIDATION", ""}};
}

TEST(NullDevice, IsRefusedWithAMessageInsteadOfACrash) {
  if (access(kRadeonIcd.c_str(), R_OK) != 0) GTEST_SKIP() << kRadeonIcd << " missing (mesa-vulkan-drivers)";
  for (const std::vector<std::string>& argv : {std::vector<std::string>{kGlvk, "info"}, {kGlvk, "run"}}) {
    const ProcessResult r = run_process(argv, "", null_device_env(kRadeonIcd));
    EXPECT_NE(r.exit_code, 0) << argv.back();
    EXPECT_LT(r.exit_code, 128) << argv.back() << " crashed: " << r.err;
    EXPECT_NE(r.err.find("RADV TONGA"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("no memory types"), std::string::npos) << r.err;
  }
  // Named explicitly, it is refused too.
  auto env = null_device_env(kRadeonIcd);
  env.push_back({"GLVK_DEVICE", "tonga"});
  const ProcessResult named = run_process({kGlvk, "info"}, "", env);
  EXPECT_NE(named.exit_code, 0);
  EXPECT_LT(named.exit_code, 128) << named.err;
  EXPECT_NE(named.err.find("no memory types"), std::string::npos) << named.err;
}

TEST(NullDevice, IsSkippedWhenChoosingTheDefaultDevice) {
  if (access(kRadeonIcd.c_str(), R_OK) != 0) GTEST_SKIP() << kRadeonIcd << " missing (mesa-vulkan-drivers)";
  const ProcessResult r = run_process({kGlvk, "info"}, "", null_device_env(kRadeonIcd + ":" + kLavapipeIcd));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("llvmpipe"), std::string::npos) << r.out;
  const ProcessResult demo = run_process({kGlvk, "run"}, "", null_device_env(kRadeonIcd + ":" + kLavapipeIcd));
  EXPECT_EQ(demo.exit_code, 0) << demo.err;
}

// glvk's GCN capability model against the format features RADV's null device reports, on the four
// chips: every disagreement must be one the explanation table names (`glvk amd caps`).
TEST(NullDevice, CapabilityModelAgainstRadvHasNoUnexplainedDisagreement) {
  if (access(kRadeonIcd.c_str(), R_OK) != 0) GTEST_SKIP() << kRadeonIcd << " missing (mesa-vulkan-drivers)";
  for (const char* chip : {"tahiti", "bonaire", "tonga", "polaris10"}) {
    const ProcessResult r = run_process({kGlvk, "amd", "caps", "--chip", chip, "--against-device"}, "",
                                        {{"VK_ICD_FILENAMES", ""}, {"RADV_FORCE_FAMILY", ""}, {"GLVK_VALIDATION", ""}});
    EXPECT_EQ(r.exit_code, 0) << chip << "\n" << r.out << r.err;
    std::string upper = chip;
    for (char& ch : upper) ch = char(std::toupper(static_cast<unsigned char>(ch)));
    EXPECT_NE(r.out.find("(RADV " + upper + ")"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" 0 unexplained)"), std::string::npos) << r.out;
    // RADV reports no 24-bit depth at all (its DB translation has Z_16 and Z_32_FLOAT only).
    EXPECT_NE(r.out.find("VK_FORMAT_D24_UNORM_S8_UINT  depth_stencil    model yes radv no  no-d24"),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("UNEXPLAINED"), std::string::npos) << r.out;
  }
}

}  // namespace
}  // namespace glvk::test

namespace glvk::test {
namespace {

// Seed 002's surface is a GL_RGBA32I 2D texture: both views must agree on it for every chip, and the
// comparison covers every format x target with no unexplained difference (pairs not derivable are
// listed with their reason).
TEST(AmdCompare, EveryFormatAndTargetWithoutUnexplainedDifferences) {
  for (const char* chip : {"tahiti", "bonaire", "tonga", "polaris10"}) {
    const ProcessResult r = run_process({kGlvk, "amd", "compare", "--chip", chip, "--all"});
    EXPECT_EQ(r.exit_code, 0) << chip << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("R32G32B32A32_SINT 2d: identical"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(std::string(chip) + ": "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(" 0 unexplained, "), std::string::npos) << r.out;
  }
}

}  // namespace
}  // namespace glvk::test
