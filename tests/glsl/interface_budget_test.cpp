// glvk::glsl::link with the device's input and output component limits of the tessellation
// stages: a program the device cannot take as Vulkan counts it (every interface variable's
// components, built-ins and per-patch variables included, one vertex of a per-vertex array; the
// counts the validation layer reports) fails to link saying so, instead of reaching the device.
#include <gtest/gtest.h>

#include <string>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl {
namespace {

constexpr std::size_t kTcs = std::size_t(Stage::TessControl);
constexpr std::size_t kTes = std::size_t(Stage::TessEvaluation);

LinkOptions lavapipe_limits() {  // lavapipe's maxTessellation*Components
  LinkOptions options;
  options.device_input_components[kTcs] = 128;
  options.device_output_components[kTcs] = 128;
  options.device_input_components[kTes] = 128;
  options.device_output_components[kTes] = 128;
  return options;
}

// A VS → TCS → TES → FS program passing `vectors` vec4s per vertex and `patch_vectors` per patch
// from the TCS to the TES, beside gl_Position and the tessellation levels.
Program tess_program(int vectors, int patch_vectors, const LinkOptions& options) {
  const std::string n = std::to_string(vectors), p = std::to_string(patch_vectors);
  const std::string vs = "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
  std::string tcs = "#version 150\n#extension GL_ARB_tessellation_shader : require\nlayout(vertices = 3) out;\n"
                    "out Data { vec4 v[" + n + "]; } data[];\n";
  std::string tes = "#version 150\n#extension GL_ARB_tessellation_shader : require\nlayout(triangles) in;\n"
                    "in Data { vec4 v[" + n + "]; } data[];\nout vec4 color;\nuniform int k;\n";
  if (patch_vectors) {
    tcs += "patch out vec4 q[" + p + "];\n";
    tes += "patch in vec4 q[" + p + "];\n";
  }
  tcs += "void main() {\n  for (int i = 0; i < " + n + "; ++i) data[gl_InvocationID].v[i] = vec4(i);\n" +
         (patch_vectors ? "  for (int i = 0; i < " + p + "; ++i) q[i] = vec4(i);\n" : std::string()) +
         "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
         "  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n  gl_TessLevelInner = float[2](1.0, 1.0);\n}\n";
  tes += "void main() {\n  color = data[0].v[k] + data[1].v[k] + data[2].v[k]" +
         std::string(patch_vectors ? " + q[k]" : "") +
         ";\n  gl_Position = gl_in[0].gl_Position * gl_TessCoord.x + gl_in[1].gl_Position * gl_TessCoord.y"
         " + gl_in[2].gl_Position * gl_TessCoord.z;\n}\n";
  const std::string fs = "#version 150\nin vec4 color;\nout vec4 o;\nvoid main() { o = color; }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::TessControl, tcs}, {Stage::TessEvaluation, tes},
                                  {Stage::Fragment, fs}};
  return link(shaders, options);
}

// The validation layer counts a control shader's 31 vec4s, gl_Position and the 6 tessellation
// levels as 134 output components (piglit's tcs-tes-max-in-out-components on lavapipe: "exceeds
// ... 128 components by 6"), and the evaluation shader's inputs with gl_TessCoord as 131 ("by 3").
TEST(GlslInterfaceBudget, TessellationControlOutputsCountTessLevelsAndPatches) {
  const LinkOptions options = lavapipe_limits();
  const Program over = tess_program(31, 0, options);
  EXPECT_FALSE(over.ok);
  EXPECT_NE(over.log.find("tessellation control shader's outputs take 134 components"), std::string::npos) << over.log;
  const Program fits = tess_program(29, 0, options);  // 116 + 4 + 6 = 126
  EXPECT_TRUE(fits.ok) << fits.log;
  // Per-patch outputs count too: 29 vec4s per vertex and one per patch make 130.
  const Program patch = tess_program(29, 1, options);
  EXPECT_FALSE(patch.ok);
  EXPECT_NE(patch.log.find("outputs take 130 components"), std::string::npos) << patch.log;
  EXPECT_TRUE(tess_program(31, 1, {}).ok);  // no device limits given: nothing to check against
}

TEST(GlslInterfaceBudget, TessellationEvaluationInputsCountTessCoord) {
  LinkOptions options;
  options.device_input_components[kTes] = 128;
  const Program over = tess_program(31, 0, options);  // 124 + gl_Position 4 + gl_TessCoord 3
  EXPECT_FALSE(over.ok);
  EXPECT_NE(over.log.find("tessellation evaluation shader's inputs take 131 components"), std::string::npos) << over.log;
  EXPECT_TRUE(tess_program(30, 0, options).ok);  // 120 + 4 + 3
}

// A control shader's inputs count one vertex of gl_in and gl_InvocationID (piglit's
// vs-output-array-vec4-index-wr-before-tcs: "exceeds ... 128 components by 1").
TEST(GlslInterfaceBudget, TessellationControlInputsCountOneVertexAndInvocationId) {
  LinkOptions options;
  options.device_input_components[kTcs] = 128;
  const std::string vs = "#version 150\nin vec4 pos;\nout Data { vec4 v[31]; } data;\n"
                         "void main() { for (int i = 0; i < 31; ++i) data.v[i] = pos + vec4(i); gl_Position = pos; }\n";
  const std::string tcs = "#version 150\n#extension GL_ARB_tessellation_shader : require\nlayout(vertices = 3) out;\n"
                          "in Data { vec4 v[31]; } data[];\nout vec4 w[];\nuniform int k;\nvoid main() {\n"
                          "  w[gl_InvocationID] = data[gl_InvocationID].v[k];\n"
                          "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
                          "  gl_TessLevelOuter = float[4](1.0, 1.0, 1.0, 1.0);\n  gl_TessLevelInner = float[2](1.0, 1.0);\n}\n";
  const std::string tes = "#version 150\n#extension GL_ARB_tessellation_shader : require\nlayout(triangles) in;\n"
                          "in vec4 w[];\nout vec4 color;\nvoid main() { color = w[0]; gl_Position = gl_in[0].gl_Position; }\n";
  const std::string fs = "#version 150\nin vec4 color;\nout vec4 o;\nvoid main() { o = color; }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::TessControl, tcs}, {Stage::TessEvaluation, tes},
                                  {Stage::Fragment, fs}};
  const Program over = link(shaders, options);
  EXPECT_FALSE(over.ok);
  EXPECT_NE(over.log.find("tessellation control shader's inputs take 129 components"), std::string::npos) << over.log;
}

// glslang places per-patch varyings after the per-vertex ones in the one location space they share
// (SPIRV-Tools refuses overlapping ones), while Vulkan gives per-patch outputs only a quarter of
// maxTessellationControlPerPatchOutputComponents locations (Vulkan 1.3 15.1.4; 120 / 4 at Vulkan's minimum):
// piglit's tes-both-input-array-float-index-rd (31 per-vertex floats, 30 per-patch floats, a
// location each) crashed lavapipe; a program whose patch locations end past the limit fails to link.
TEST(GlslInterfaceBudget, PatchLocationsPastTheDevicesFailToLink) {
  LinkOptions options;
  options.device_patch_output_components = 120;
  const Program over = tess_program(1, 30, options);  // patch locations 1..30
  EXPECT_FALSE(over.ok);
  EXPECT_NE(over.log.find("per-patch outputs reach location 30"), std::string::npos) << over.log;
  const Program fits = tess_program(1, 29, options);  // 1..29
  EXPECT_TRUE(fits.ok) << fits.log;
}

}  // namespace
}  // namespace glvk::glsl
