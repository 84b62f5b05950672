// glTransformFeedbackVaryings at link (GL 4.6 11.1.2.1): the capture layout computed from the
// spec's packing rules (tightly packed 4-byte components in the order named, gl_SkipComponentsN
// leaving N components, gl_NextBuffer starting the next buffer at offset 0), the SPIR-V
// decorations Vulkan's transform feedback reads (checked in SPIRV-Tools' disassembly), and the
// link errors the section names.
#include <GL/glcorearb.h>
#include <gtest/gtest.h>

#include <string>

#include "glvk/glsl/compiler.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

constexpr int kVs = static_cast<int>(Stage::Vertex);
constexpr int kGs = static_cast<int>(Stage::Geometry);

const char* kVs150 =
    "#version 150\nin vec4 pos;\nout vec3 a;\nout float b[2];\nflat out ivec2 i;\nout mat2 m;\n"
    "out vec4 big[17];\n"
    "void main() { a = pos.xyz; b[0] = 1.0; b[1] = 2.0; i = ivec2(3); m = mat2(4.0);\n"
    "  for (int k = 0; k < 17; ++k) big[k] = pos; gl_Position = pos; }\n";
const char* kFs150 = "#version 150\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";

Program link_xfb(std::vector<std::string> varyings, bool separate, const char* vs = kVs150) {
  LinkOptions options;
  options.xfb_varyings = std::move(varyings);
  options.xfb_separate = separate;
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Fragment, kFs150}};
  return link(shaders, options);
}

// The OpDecorate literal of the capture output glvk declared for varying `n`.
long capture_decoration(const Program& p, int stage, int n, const std::string& decoration) {
  return test::decoration(test::disassemble(p.spirv[stage]), "glvk_xfb_" + std::to_string(n), decoration);
}

TEST(GlslXfb, InterleavedLayoutFollowsTheNamedOrder) {
  const Program p = link_xfb({"b[1]", "gl_Position", "gl_SkipComponents2", "a", "i"}, false);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.xfb_varyings.size(), 5u);
  // 1 + 4 + 2 + 3 + 2 components of 4 bytes.
  const std::uint32_t offsets[] = {0, 4, 20, 28, 40};
  const std::uint32_t types[] = {GL_FLOAT, GL_FLOAT_VEC4, GL_NONE, GL_FLOAT_VEC3, GL_INT_VEC2};
  const std::uint32_t sizes[] = {1, 1, 2, 1, 1};
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(p.xfb_varyings[k].offset, offsets[k]) << k;
    EXPECT_EQ(p.xfb_varyings[k].gl_type, types[k]) << k;
    EXPECT_EQ(p.xfb_varyings[k].size, sizes[k]) << k;
    EXPECT_EQ(p.xfb_varyings[k].buffer, 0u) << k;
  }
  EXPECT_EQ(p.xfb_strides[0], 48u);
  EXPECT_EQ(p.xfb_strides[1], 0u);
  std::string log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kVs], &log)) << log;
  const std::string dis = test::disassemble(p.spirv[kVs]);
  EXPECT_NE(dis.find("OpExecutionMode %main Xfb"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpCapability TransformFeedback"), std::string::npos);
  EXPECT_EQ(capture_decoration(p, kVs, 0, "Offset"), 0);
  EXPECT_EQ(capture_decoration(p, kVs, 1, "Offset"), 4);
  EXPECT_EQ(capture_decoration(p, kVs, 3, "Offset"), 28);
  EXPECT_EQ(capture_decoration(p, kVs, 4, "Offset"), 40);
  EXPECT_EQ(capture_decoration(p, kVs, 3, "XfbBuffer"), 0);
  EXPECT_EQ(capture_decoration(p, kVs, 3, "XfbStride"), 48);
}

TEST(GlslXfb, SeparateGivesEachVaryingItsBuffer) {
  const Program p = link_xfb({"a", "gl_Position", "m", "b"}, true);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.xfb_varyings.size(), 4u);
  for (std::uint32_t k = 0; k < 4; ++k) {
    EXPECT_EQ(p.xfb_varyings[k].buffer, k);
    EXPECT_EQ(p.xfb_varyings[k].offset, 0u);
  }
  EXPECT_EQ(p.xfb_varyings[2].gl_type, std::uint32_t(GL_FLOAT_MAT2));
  EXPECT_EQ(p.xfb_varyings[3].gl_type, std::uint32_t(GL_FLOAT));
  EXPECT_EQ(p.xfb_varyings[3].size, 2u);
  EXPECT_EQ(p.xfb_strides[0], 12u);
  EXPECT_EQ(p.xfb_strides[1], 16u);
  EXPECT_EQ(p.xfb_strides[2], 16u);
  EXPECT_EQ(p.xfb_strides[3], 8u);
  EXPECT_EQ(capture_decoration(p, kVs, 1, "XfbBuffer"), 1);
  EXPECT_EQ(capture_decoration(p, kVs, 3, "XfbStride"), 8);
}

TEST(GlslXfb, NextBufferStartsAtOffsetZero) {
  const Program p = link_xfb({"a", "gl_NextBuffer", "gl_Position"}, false);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.xfb_varyings.size(), 3u);
  EXPECT_EQ(p.xfb_varyings[1].gl_type, std::uint32_t(GL_NONE));
  EXPECT_EQ(p.xfb_varyings[1].size, 0u);
  EXPECT_EQ(p.xfb_varyings[2].buffer, 1u);
  EXPECT_EQ(p.xfb_varyings[2].offset, 0u);
  EXPECT_EQ(p.xfb_strides[0], 12u);
  EXPECT_EQ(p.xfb_strides[1], 16u);
}

TEST(GlslXfb, GeometryStageCapturesEachEmittedVertex) {
  const char* gs =
      "#version 150\nlayout(triangles) in;\nlayout(points, max_vertices = 3) out;\nout float g;\n"
      "void main() { for (int k = 0; k < 3; ++k) { g = float(k); gl_Position = gl_in[k].gl_Position; EmitVertex(); } }\n";
  LinkOptions options;
  options.xfb_varyings = {"g", "gl_Position"};
  const ShaderSource shaders[] = {{Stage::Vertex, "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                  {Stage::Geometry, gs}, {Stage::Fragment, kFs150}};
  const Program p = link(shaders, options);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(p.xfb_strides[0], 20u);
  EXPECT_EQ(capture_decoration(p, kGs, 1, "Offset"), 4);
  EXPECT_NE(test::disassemble(p.spirv[kGs]).find("Xfb"), std::string::npos);
  EXPECT_EQ(test::disassemble(p.spirv[kVs]).find("XfbBuffer"), std::string::npos);
}

TEST(GlslXfb, VersionsWithoutAProfileCapture) {
  // GLSL 1.40 and shaders without #version (1.10) capture too (glslang wants 1.50 for xfb qualifiers).
  for (const char* vs : {"#version 140\nin vec4 p;\nout float f;\nvoid main() { f = p.x; gl_Position = p; }\n",
                         "attribute vec4 p;\nvarying float f;\nvoid main() { f = p.x; gl_Position = p; }\n"}) {
    const Program p = link_xfb({"gl_Position", "f"}, false, vs);
    ASSERT_TRUE(p.ok) << p.log;
    EXPECT_EQ(p.xfb_strides[0], 20u);
    EXPECT_EQ(capture_decoration(p, kVs, 1, "Offset"), 16);
  }
}

// Doubles of a GLSL 1.50 shader that enables GL_ARB_gpu_shader_fp64: 8 bytes per component
// (GL 4.6 11.1.2.1), and the copies glvk declares for the capture compile before the shader's
// own #extension line.
TEST(GlslXfb, DoublesOfAnExtensionShaderCapture) {
  const char* vs =
      "#version 150\n#extension GL_ARB_gpu_shader_fp64 : require\nin vec4 p;\nflat out dvec3 d3;\nflat out double d1;\n"
      "void main() { d3 = dvec3(p.xyz); d1 = 1.0lf; gl_Position = p; }\n";
  const Program p = link_xfb({"d1", "d3"}, false, vs);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(p.xfb_strides[0], 32u);
  EXPECT_EQ(capture_decoration(p, kVs, 1, "Offset"), 8);
  ASSERT_EQ(p.xfb_varyings.size(), 2u);
  EXPECT_EQ(p.xfb_varyings[0].gl_type, GLenum(GL_DOUBLE));
  EXPECT_EQ(p.xfb_varyings[1].gl_type, GLenum(GL_DOUBLE_VEC3));
}

TEST(GlslXfb, GeometryBuiltinsOutsideGlPerVertex) {
  const char* gs =
      "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
      "void main() { gl_Position = gl_in[0].gl_Position; gl_Layer = 2; gl_PrimitiveID = gl_PrimitiveIDIn; EmitVertex(); }\n";
  LinkOptions options;
  options.xfb_varyings = {"gl_PrimitiveID", "gl_Layer", "gl_Position"};
  const ShaderSource shaders[] = {{Stage::Vertex, "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n"},
                                  {Stage::Geometry, gs}, {Stage::Fragment, kFs150}};
  const Program p = link(shaders, options);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.xfb_varyings.size(), 3u);
  EXPECT_EQ(p.xfb_varyings[0].gl_type, std::uint32_t(GL_INT));
  EXPECT_EQ(p.xfb_varyings[1].gl_type, std::uint32_t(GL_INT));
  EXPECT_EQ(p.xfb_varyings[2].offset, 8u);
  EXPECT_EQ(p.xfb_strides[0], 24u);
  EXPECT_EQ(capture_decoration(p, kGs, 1, "Offset"), 4);
}

TEST(GlslXfb, LinkErrorsTheSectionNames) {
  EXPECT_FALSE(link_xfb({"nope"}, false).ok);
  EXPECT_FALSE(link_xfb({"b[2]"}, false).ok);                 // beyond the array
  EXPECT_FALSE(link_xfb({"a", "a"}, false).ok);               // named twice
  EXPECT_FALSE(link_xfb({"big"}, false).ok);                  // 68 > 64 interleaved components
  EXPECT_TRUE(link_xfb({"big[3]"}, true).ok);
  EXPECT_FALSE(link_xfb({"big"}, true).ok);                   // 68 > 4 separate components
  EXPECT_FALSE(link_xfb({"a", "gl_SkipComponents1"}, true).ok);  // markers only interleaved
  EXPECT_FALSE(link_xfb({"a", "b", "i", "m", "gl_Position"}, true).ok);  // 5 > 4 separate attribs
  EXPECT_FALSE(link_xfb({"a", "gl_NextBuffer", "gl_NextBuffer", "gl_NextBuffer", "gl_NextBuffer", "b"}, false).ok);
  const Program p = link_xfb({"nope"}, false);
  EXPECT_NE(p.log.find("nope"), std::string::npos) << p.log;
}

}  // namespace
}  // namespace glvk::glsl
