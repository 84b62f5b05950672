// glvk::glsl::link: link errors with logs, GL's attribute and fragment-output locations, SPIR-V
// that SPIRV-Tools validates, and the depth-range lowering.
#include <GL/glcorearb.h>
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <utility>

#include "glvk/glsl/compiler.h"
#include "link_pair.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

using test::link_pair;

constexpr int kVs = static_cast<int>(Stage::Vertex);
constexpr int kFs = static_cast<int>(Stage::Fragment);
constexpr int kGs = static_cast<int>(Stage::Geometry);


// A vertex shader writing `elements` varyings of `type` (v[i] = type(i)), then `extra` statements,
// and a fragment shader reading one of them by a uniform index.
std::pair<std::string, std::string> array_varyings(int elements, const std::string& type, const std::string& extra = "") {
  const std::string n = std::to_string(elements);
  return {"#version 330\nout " + type + " v[" + n + "];\nvoid main() {\n  for (int i = 0; i < " + n + "; ++i) v[i] = " +
              type + "(i);\n  gl_Position = vec4(0.0);\n" + extra + "}\n",
          "#version 330\nin " + type + " v[" + n + "];\nout vec4 c;\nuniform int k;\nvoid main() { c = vec4(v[k]); }\n"};
}

const InterfaceVariable* find(const std::vector<InterfaceVariable>& vars, const std::string& name) {
  for (const InterfaceVariable& v : vars)
    if (v.name == name) return &v;
  return nullptr;
}

const char* kVs330 =
    "#version 330\nin vec4 pos;\nout vec2 uv;\nuniform mat4 mvp;\n"
    "void main() { uv = pos.xy; gl_Position = mvp * pos; }\n";
const char* kFs330 =
    "#version 330\nin vec2 uv;\nout vec4 color;\nuniform sampler2D tex;\n"
    "void main() { color = texture(tex, uv); }\n";

TEST(GlslLink, ValidProgramHasValidSpirvPerStage) {
  const Program p = link_pair(kVs330, kFs330);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(p.stages, (1u << kVs) | (1u << kFs));
  for (int s : {kVs, kFs}) {
    ASSERT_FALSE(p.spirv[s].empty());
    std::string log;
    EXPECT_TRUE(test::spirv_valid(p.spirv[s], &log)) << log;
    EXPECT_EQ(p.spirv[s][0], 0x07230203u);  // SPIR-V magic
  }
  EXPECT_TRUE(p.spirv[kGs].empty());
}

// GL 4.6 7.3: a geometry or tessellation stage without a vertex stage fails to link unless the
// program is separable.
TEST(GlslLink, StagesAfterTheVertexStageNeedOneUnlessSeparable) {
  const std::string gs =
      "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
      "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
  const std::string tes =
      "#version 400\nlayout(triangles) in;\nvoid main() { gl_Position = gl_in[0].gl_Position; }\n";
  const std::string fs = "#version 150\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  const ShaderSource geometry[] = {{Stage::Geometry, gs}, {Stage::Fragment, fs}};
  const ShaderSource evaluation[] = {{Stage::TessEvaluation, tes}, {Stage::Fragment, fs}};
  for (std::span<const ShaderSource> shaders : {std::span<const ShaderSource>(geometry), std::span<const ShaderSource>(evaluation)}) {
    const Program refused = link(shaders);
    EXPECT_FALSE(refused.ok);
    EXPECT_NE(refused.log.find("needs a vertex shader"), std::string::npos) << refused.log;
    LinkOptions separable;
    separable.separable = true;
    const Program accepted = link(shaders.first(1), separable);  // alone, as a pipeline stage
    EXPECT_TRUE(accepted.ok) << accepted.log;
  }
}

TEST(GlslLink, MissingMainFails) {
  const Program p = link_pair("#version 330\nvoid helper() {}\n", kFs330);
  EXPECT_FALSE(p.ok);
  EXPECT_FALSE(p.log.empty());
  EXPECT_NE(p.log.find("entry point"), std::string::npos) << p.log;
}

TEST(GlslLink, CompileErrorFailsWithTheStageAndLine) {
  const Program p = link_pair(kVs330, "#version 330\nout vec4 c;\nvoid main() { c = oops; }\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.log.find("fragment"), std::string::npos) << p.log;
  EXPECT_NE(p.log.find("0:3:"), std::string::npos) << p.log;
}

TEST(GlslLink, MismatchedVaryingTypesFail) {
  const Program p = link_pair("#version 330\nout vec3 v;\nvoid main() { v = vec3(1.0); gl_Position = vec4(0.0); }\n",
                              "#version 330\nin vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.log.find("v"), std::string::npos) << p.log;
}

// Each array element of a varying takes a location of its own in Vulkan (glvk does not pack them
// as GL does): a program whose fragment inputs take more than GL_MAX_FRAGMENT_INPUT_COMPONENTS / 4
// locations fails to link with the count in the log instead of reaching the device; at the
// limit, and without limits, it links.
TEST(GlslLink, VaryingsArePackedUpToTheDevicesLocations) {
  LinkOptions options;
  options.compile.limits.max_fragment_input_components = 128;
  // 40 locations unpacked, 10 packed.
  auto [vs40, fs40] = array_varyings(40, "float");
  const Program packed = link_pair(vs40, fs40, options);
  EXPECT_TRUE(packed.ok) << packed.log;
  auto [vs32, fs32] = array_varyings(32, "vec4");
  const Program fits = link_pair(vs32, fs32, options);
  EXPECT_TRUE(fits.ok) << fits.log;
  // 132 components: more than the 32 locations hold however packed.
  auto [vs33, fs33] = array_varyings(33, "vec4");
  const Program over = link_pair(vs33, fs33, options);
  EXPECT_FALSE(over.ok);
  EXPECT_NE(over.log.find("fragment shader's inputs take 33 locations"), std::string::npos) << over.log;
  EXPECT_NE(over.log.find("32 the device has"), std::string::npos) << over.log;
  auto [vs17, fs17] = array_varyings(17, "dvec4");  // two locations each: 34, and 136 words packed
  vs17 = "#version 400\nflat " + vs17.substr(13);  // double fragment inputs are flat (GLSL 4.60 4.5)
  fs17 = "#version 400\nflat " + fs17.substr(13);
  const Program doubles = link_pair(vs17, fs17, options);
  EXPECT_FALSE(doubles.ok);
  EXPECT_NE(doubles.log.find("take 34 locations"), std::string::npos) << doubles.log;
  auto [vs17d3, fs17d3] = array_varyings(17, "dvec3");  // 34 locations, 51 words: 13 packed
  vs17d3 = "#version 400\nflat " + vs17d3.substr(13);
  fs17d3 = "#version 400\nflat " + fs17d3.substr(13);
  fs17d3.replace(fs17d3.find("vec4(v[k])"), 10, "vec4(v[k], 1.0)");
  const Program dvec3s = link_pair(vs17d3, fs17d3, options);
  EXPECT_TRUE(dvec3s.ok) << dvec3s.log;
  // A separable program's interface is not packed: another program's stage may meet it.
  options.separable = true;
  EXPECT_FALSE(link_pair(vs40, fs40, options).ok);
  EXPECT_TRUE(link_pair(vs40, fs40).ok);  // no limits given: nothing to check against
}

// Vulkan 1.3 15.1.4: a stage's output components count its built-in outputs too: with a device
// limit of 128 the vertex stage has room for 31 vec4s beside gl_Position, and none more (nor a
// gl_PointSize beside them), and for 124 floats but not 125.
TEST(GlslLink, OutputsPastTheDevicesComponentsFailToLink) {
  LinkOptions options;
  options.device_output_components[kVs] = 128;
  auto [vs31, fs31] = array_varyings(31, "vec4", "");
  const Program fits = link_pair(vs31, fs31, options);
  EXPECT_TRUE(fits.ok) << fits.log;
  auto [vs32, fs32] = array_varyings(32, "vec4", "");
  const Program over = link_pair(vs32, fs32, options);
  EXPECT_FALSE(over.ok);
  EXPECT_NE(over.log.find("vertex shader's outputs take 132 components"), std::string::npos) << over.log;
  auto [vs31p, fs31p] = array_varyings(31, "vec4", "  gl_PointSize = 2.0;\n");
  const Program point_size = link_pair(vs31p, fs31p, options);
  EXPECT_FALSE(point_size.ok);
  EXPECT_NE(point_size.log.find("take 129 components"), std::string::npos) << point_size.log;
  EXPECT_TRUE(link_pair(vs32, fs32).ok);  // no device limit given: nothing to check against
  auto floats = [&](int n) {
    const auto [vs, fs] = array_varyings(n, "float", "");
    return link_pair(vs, fs, options);
  };
  const Program floats124 = floats(124);
  EXPECT_TRUE(floats124.ok) << floats124.log;
  const Program floats125 = floats(125);
  EXPECT_FALSE(floats125.ok);
  EXPECT_NE(floats125.log.find("take 129 components"), std::string::npos) << floats125.log;
}

TEST(GlslLink, UnwrittenFragmentInputFails) {
  const Program p = link_pair("#version 330\nvoid main() { gl_Position = vec4(0.0); }\n",
                              "#version 330\nin vec4 never_written;\nout vec4 c;\nvoid main() { c = never_written; }\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.log.find("never_written"), std::string::npos) << p.log;
}

TEST(GlslLink, AttributeLocations) {
  const std::string vs =
      "#version 330\n"
      "in vec4 a_pos;\n"
      "in vec2 a_uv;\n"
      "in mat2 a_m;\n"
      "layout(location = 7) in vec3 a_fixed;\n"
      "in float a_fixed_wins;\n"
      "void main() { gl_Position = a_pos + vec4(a_uv, a_m[1]) + vec4(a_fixed, a_fixed_wins); }\n";
  LinkOptions options;
  options.attribute_locations = {{"a_uv", 5}, {"unused_name", 3}};
  const Program p = link_pair(vs, "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n", options);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.attributes.size(), 5u);
  // a_fixed: its layout; a_uv: glBindAttribLocation; the rest fill the first free ranges in order:
  // a_pos → 0, a_m (2 locations) → 1-2, a_fixed_wins → 3.
  EXPECT_EQ(find(p.attributes, "a_fixed")->location, 7);
  EXPECT_EQ(find(p.attributes, "a_uv")->location, 5);
  EXPECT_EQ(find(p.attributes, "a_pos")->location, 0);
  EXPECT_EQ(find(p.attributes, "a_m")->location, 1);
  EXPECT_EQ(find(p.attributes, "a_fixed_wins")->location, 3);
  EXPECT_EQ(find(p.attributes, "a_m")->gl_type, static_cast<std::uint32_t>(GL_FLOAT_MAT2));
  EXPECT_EQ(find(p.attributes, "a_fixed")->gl_type, static_cast<std::uint32_t>(GL_FLOAT_VEC3));
  const std::string text = test::disassemble(p.spirv[kVs]);
  EXPECT_EQ(test::decoration(text, "a_fixed", "Location"), 7) << text;
  EXPECT_EQ(test::decoration(text, "a_uv", "Location"), 5);
  EXPECT_EQ(test::decoration(text, "a_pos", "Location"), 0);
  EXPECT_EQ(test::decoration(text, "a_m", "Location"), 1);
  EXPECT_EQ(test::decoration(text, "a_fixed_wins", "Location"), 3);
}

TEST(GlslLink, BoundAttributeOverriddenByLayout) {
  LinkOptions options;
  options.attribute_locations = {{"a", 2}};
  const Program p = link_pair("#version 330\nlayout(location = 4) in vec4 a;\nvoid main() { gl_Position = a; }\n",
                              "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n", options);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(find(p.attributes, "a")->location, 4);
}

TEST(GlslLink, TooManyAttributesFail) {
  // 16 locations: a mat4[4] takes all of them, one more vec4 cannot fit.
  const Program p = link_pair("#version 330\nin mat4 m[4];\nin vec4 extra;\n"
                              "void main() { gl_Position = m[3][3] + extra; }\n",
                              "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.log.find("extra"), std::string::npos) << p.log;
}

TEST(GlslLink, FragmentOutputLocations) {
  const std::string fs =
      "#version 330\nout vec4 c0;\nout vec4 c1;\nlayout(location = 3) out vec4 c3;\n"
      "void main() { c0 = vec4(0.0); c1 = vec4(1.0); c3 = vec4(3.0); }\n";
  LinkOptions options;
  options.frag_data_locations = {{"c1", 0}, {"c0", 2}};
  const Program p = link_pair("#version 330\nvoid main() { gl_Position = vec4(0.0); }\n", fs, options);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(find(p.outputs, "c1")->location, 0);
  EXPECT_EQ(find(p.outputs, "c0")->location, 2);
  EXPECT_EQ(find(p.outputs, "c3")->location, 3);
  const std::string text = test::disassemble(p.spirv[kFs]);
  EXPECT_EQ(test::decoration(text, "c1", "Location"), 0) << text;
  EXPECT_EQ(test::decoration(text, "c0", "Location"), 2);
  EXPECT_EQ(test::decoration(text, "c3", "Location"), 3);
}

TEST(GlslLink, SingleUnassignedOutputGetsLocationZero) {
  const Program p = link_pair(kVs330, kFs330);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.outputs.size(), 1u);
  EXPECT_EQ(p.outputs[0].location, 0);
  EXPECT_EQ(p.outputs[0].gl_type, static_cast<std::uint32_t>(GL_FLOAT_VEC4));
}

TEST(GlslLink, DualSourceIndex) {
  const std::string fs =
      "#version 330\nout vec4 src0;\nout vec4 src1;\nvoid main() { src0 = vec4(0.0); src1 = vec4(1.0); }\n";
  LinkOptions options;
  options.frag_data_locations = {{"src0", 0}, {"src1", 0}};
  options.frag_data_indices = {{"src1", 1}};
  const Program p = link_pair("#version 330\nvoid main() { gl_Position = vec4(0.0); }\n", fs, options);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(find(p.outputs, "src1")->index, 1u);
  EXPECT_EQ(find(p.outputs, "src0")->index, 0u);
  const std::string text = test::disassemble(p.spirv[kFs]);
  EXPECT_EQ(test::decoration(text, "src1", "Index"), 1) << text;
}

TEST(GlslLink, OverlappingFragmentOutputsFail) {
  LinkOptions options;
  options.frag_data_locations = {{"a", 1}, {"b", 1}};
  const Program p = link_pair("#version 330\nvoid main() { gl_Position = vec4(0.0); }\n",
                              "#version 330\nout vec4 a;\nout vec4 b;\nvoid main() { a = vec4(0.0); b = a; }\n",
                              options);
  EXPECT_FALSE(p.ok);
  EXPECT_FALSE(p.log.empty());
}

TEST(GlslLink, LegacyShadersLink) {
  const Program p = link_pair(
      "#version 110\nattribute vec4 pos;\nvarying vec2 uv;\nvoid main() { uv = pos.xy; gl_Position = pos; }\n",
      "#version 110\nvarying vec2 uv;\nuniform sampler2D t;\nvoid main() { gl_FragData[0] = texture2D(t, uv); }\n");
  ASSERT_TRUE(p.ok) << p.log;
  for (int s : {kVs, kFs}) EXPECT_TRUE(test::spirv_valid(p.spirv[s]));
}

TEST(GlslLink, LowerDepthRangeVertex) {
  const char* vs = "#version 330\nvoid main() { gl_Position = vec4(0.125, 0.75, -0.25, 1.0); }\n";
  const char* fs = "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  const Program plain = link_pair(vs, fs);
  LinkOptions options;
  options.lower_depth_range = true;
  const Program lowered = link_pair(vs, fs, options);
  ASSERT_TRUE(plain.ok) << plain.log;
  ASSERT_TRUE(lowered.ok) << lowered.log;
  std::string log;
  EXPECT_TRUE(test::spirv_valid(lowered.spirv[kVs], &log)) << log;
  const std::string before = test::disassemble(plain.spirv[kVs]);
  const std::string after = test::disassemble(lowered.spirv[kVs]);
  for (const char* op : {"OpFAdd", "OpFMul %float", "%float_0_5"}) {
    EXPECT_EQ(before.find(op), std::string::npos) << op << before;
    EXPECT_NE(after.find(op), std::string::npos) << op << after;
  }
  // The fragment shader is untouched.
  EXPECT_EQ(plain.spirv[kFs], lowered.spirv[kFs]);
}

TEST(GlslLink, LowerDepthRangeEarlyReturnAndGeometry) {
  LinkOptions options;
  options.lower_depth_range = true;
  const ShaderSource shaders[] = {
      {Stage::Vertex,
       "#version 330\nin vec4 p;\nvoid main() { gl_Position = p; if (p.x > 0.0) return; gl_Position.y = 1.0; }\n"},
      {Stage::Geometry,
       "#version 330\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
       "void main() { for (int i = 0; i < 3; ++i) { gl_Position = gl_in[i].gl_Position;\n"
       "  if (i == 2) EmitVertex(); else EmitVertex(); }\n  EndPrimitive(); }\n"},
      {Stage::Fragment, "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"},
  };
  const Program p = link(shaders, options);
  ASSERT_TRUE(p.ok) << p.log;
  for (int s : {kVs, kGs, kFs}) {
    std::string log;
    EXPECT_TRUE(test::spirv_valid(p.spirv[s], &log)) << s << log;
  }
  // The geometry stage is the last vertex stage: the vertex shader's z is not remapped, so it
  // has no multiply by 0.5; each geometry emit has one.
  const std::string vs = test::disassemble(p.spirv[kVs]);
  const std::string gs = test::disassemble(p.spirv[kGs]);
  EXPECT_EQ(vs.find("0.5"), std::string::npos) << vs;
  EXPECT_NE(gs.find("0.5"), std::string::npos) << gs;
}

TEST(GlslLink, NoShadersFails) {
  const Program p = link({}, {});
  EXPECT_FALSE(p.ok);
  EXPECT_FALSE(p.log.empty());
}

TEST(GlslLink, ComputeProgram) {
  const ShaderSource cs[] = {{Stage::Compute,
                              "#version 430\nlayout(local_size_x = 8) in;\nlayout(std430) buffer B { uint v[]; };\n"
                              "void main() { v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x; }\n"}};
  const Program p = link(cs);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[static_cast<int>(Stage::Compute)]));
  EXPECT_EQ(p.local_size, (std::array<std::uint32_t, 3>{8, 1, 1}));
  // The work group size survives a program binary (GL_COMPUTE_WORK_GROUP_SIZE after glProgramBinary).
  const Program loaded = load_program(save_program(p));
  ASSERT_TRUE(loaded.ok) << loaded.log;
  EXPECT_EQ(loaded.local_size, p.local_size);
}

// GLSL 4.30 4.4.1.1: a compute program without a work group size does not link.
TEST(GlslLink, ComputeProgramWithoutAWorkGroupSizeFailsToLink) {
  const ShaderSource cs[] = {{Stage::Compute, "#version 430\nvoid main() {}\n"}};
  const Program p = link(cs);
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.log.find("work group size"), std::string::npos) << p.log;
}

// glslang's relaxed rules gather atomic counters of binding N into gl_AtomicCounterBlock_N, one
// uint at each counter's offset: a storage block reading ATOMIC_COUNTER_BUFFER binding N.
TEST(GlslLink, AtomicCountersBecomeABlockOfTheirBinding) {
  const ShaderSource cs[] = {{Stage::Compute,
                              "#version 430\nlayout(local_size_x = 1) in;\n"
                              "layout(binding = 3, offset = 8) uniform atomic_uint c;\n"
                              "layout(std430, binding = 1) buffer B { uint v; };\n"
                              "void main() { v = atomicCounterIncrement(c); }\n"}};
  const Program p = link(cs);
  ASSERT_TRUE(p.ok) << p.log;
  int atomic = 0, storage = 0;
  for (const UniformBlock& b : p.blocks) {
    if (is_atomic_counter_block(b)) {
      ++atomic;
      EXPECT_EQ(b.initial_gl_binding, 3u);
      EXPECT_GE(b.size, 12u);  // the counter at byte 8
    } else if (b.storage) {
      ++storage;
      EXPECT_EQ(b.initial_gl_binding, 1u);
    }
  }
  EXPECT_EQ(atomic, 1);
  EXPECT_EQ(storage, 1);
}

// Linking mutated programs never crashes and a successful link always yields valid SPIR-V.
TEST(GlslLink, FuzzNeverCrashes) {
  std::mt19937 rng(99);
  const char* pieces[] = {"uniform float u;", "in vec4 q;", "out vec4 o;", "layout(location = 2)", "[2]",
                          "gl_Position", "=", ";", "}", "{", "vec4(1.0)", "return;", "EmitVertex();", "main"};
  for (int i = 0; i < 80; ++i) {
    std::string vs = kVs330, fs = kFs330;
    std::string& target = (i % 2) ? vs : fs;
    for (int k = 0; k < 3; ++k) {
      const std::size_t at = rng() % target.size();
      target.insert(at, pieces[rng() % std::size(pieces)]);
    }
    LinkOptions options;
    options.lower_depth_range = i % 3 == 0;
    const Program p = link_pair(vs, fs, options);
    if (p.ok) {
      for (int s : {kVs, kFs}) EXPECT_TRUE(test::spirv_valid(p.spirv[s])) << vs << fs;
    } else {
      EXPECT_FALSE(p.log.empty());
    }
  }
}

// Outputs kept inside the fragment stage: the module stays valid, the dropped variables lose
// their location and become Private, the others keep theirs.
TEST(GlslLink, FragmentOutputsCanBeKeptInsideTheStage) {
  const char* fs =
      "#version 330\nlayout(location = 0) out vec4 a;\nlayout(location = 1) out ivec4 b;\n"
      "layout(location = 2) out vec4 c[2];\n"
      "void main() { a = vec4(1.0); b.y = 3; c[1].x = 0.5; c[0] = vec4(2.0); }\n";
  const Program p = link_pair("#version 330\nvoid main() { gl_Position = vec4(0.0); }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  for (std::uint32_t mask : {0x2u, 0x1u | 0xcu, 0x4u, 0xfu}) {
    const std::vector<std::uint32_t> words = fragment_without_outputs(p, mask);
    std::string log;
    EXPECT_TRUE(test::spirv_valid(words, &log)) << mask << ": " << log;
    const std::string text = test::disassemble(words);
    EXPECT_EQ(test::decoration(text, "a", "Location"), mask & 1u ? -1 : 0) << mask;
    EXPECT_EQ(test::decoration(text, "b", "Location"), mask & 2u ? -1 : 1) << mask;
    // An array with a location inside becomes Private; its other elements go out on their own.
    EXPECT_EQ(test::decoration(text, "c", "Location"), (mask & 0xcu) == 0 ? 2 : -1) << mask;
    if ((mask & 0xcu) == 0x4u) {
      EXPECT_NE(text.find("Location 3"), std::string::npos) << text;
    }
    EXPECT_EQ(text.find("%b = OpVariable %_ptr_Output") == std::string::npos, (mask & 2u) != 0) << text;
  }
  EXPECT_EQ(fragment_without_outputs(p, 0), p.spirv[kFs]);
}

// gl_FragColor and gl_FragData are outputs at location 0 (and up) with no user declaration: the
// reflection reports the locations they write, and they can be kept inside the stage too.
TEST(GlslLink, BuiltInColourOutputsHaveLocationsAndCanBeKeptInside) {
  const char* vs = "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n";
  // gl_FragColor writes every draw buffer (GL 4.6 17.4.1): lowered to an output array.
  const Program color = link_pair(vs, "#version 150\nvoid main() { gl_FragColor = vec4(1.0); }\n");
  ASSERT_TRUE(color.ok) << color.log;
  EXPECT_EQ(color.builtin_color_locations, 0xffu);
  EXPECT_EQ(test::decoration(test::disassemble(color.spirv[kFs]), "glvk_FragColorBuffer0", "Location"), 0);
  EXPECT_EQ(test::decoration(test::disassemble(color.spirv[kFs]), "glvk_FragColorBuffer7", "Location"), 7);
  // One output per buffer: a draw whose buffer 0 is NONE leaves out that one only.
  const std::vector<std::uint32_t> inside = fragment_without_outputs(color, 1u);
  EXPECT_TRUE(test::spirv_valid(inside));
  EXPECT_EQ(test::decoration(test::disassemble(inside), "glvk_FragColorBuffer0", "Location"), -1);
  EXPECT_EQ(test::decoration(test::disassemble(inside), "glvk_FragColorBuffer1", "Location"), 1);
  const Program data = link_pair(vs, "#version 150\nvoid main() { gl_FragData[1] = vec4(1.0); }\n");
  ASSERT_TRUE(data.ok) << data.log;
  // gl_FragData[n] goes to the same outputs, one per draw buffer, so buffer 0 NONE drops one.
  EXPECT_EQ(data.builtin_color_locations, 0xffu);
  const std::vector<std::uint32_t> data_inside = fragment_without_outputs(data, 1u);
  EXPECT_TRUE(test::spirv_valid(data_inside));
  EXPECT_EQ(test::decoration(test::disassemble(data_inside), "glvk_FragColorBuffer0", "Location"), -1);
  EXPECT_EQ(test::decoration(test::disassemble(data_inside), "glvk_FragColorBuffer1", "Location"), 1);
  // A user output array with only its first location kept inside: the other elements go out at
  // their locations, through outputs of their own.
  const Program array = link_pair(vs, "#version 150\nout vec4 color[4];\n"
                                      "void main() { for (int i = 0; i < 4; ++i) color[i] = vec4(float(i)); }\n");
  ASSERT_TRUE(array.ok) << array.log;
  const std::vector<std::uint32_t> split = fragment_without_outputs(array, 1u);
  std::string log;
  EXPECT_TRUE(test::spirv_valid(split, &log)) << log;
  const std::string text = test::disassemble(split);
  EXPECT_EQ(test::decoration(text, "color", "Location"), -1);
  EXPECT_EQ(text.find("Location 0"), std::string::npos) << text;
  for (const char* l : {"Location 1", "Location 2", "Location 3"}) EXPECT_NE(text.find(l), std::string::npos) << l;
  EXPECT_NE(text.find("%color = OpVariable %_ptr_Private"), std::string::npos) << text;
}


}  // namespace
}  // namespace glvk::glsl

namespace glvk::glsl {
namespace {

// GLSL 1.20 4.3.5: an initializer gives the uniform its value at link (the values here are the
// literals the shader writes), a uniform without one starts at zero (GL 4.6 7.6).
TEST(GlslLink, UniformInitializersFillTheInitialDefaultBlock) {
  const char* fs =
      "#version 120\n"
      "const mat2 cm = mat2(1.0, 2.0, 3.0, 4.0);\n"
      "struct S { int i; float f; vec4 v[2]; };\n"
      "uniform float uf = float(5.5);\n"
      "uniform mat2 um = cm; // from a constant\n"
      "uniform S s = S(9, 33.25,\n"
      "                vec4[2](vec4(1, 2, 3, 4), vec4(9, 8, 7, 6)));\n"
      "uniform bvec2 ub = bvec2(false, true);\n"
      "uniform float zero;\n"
      "uniform float arr[3] = float[3](0.5, 1.5, 2.5);\n"
      "void main() {\n"
      "  gl_FragColor = vec4(uf + um[1][0] + float(s.i) + s.f + s.v[1].y + zero + arr[2], float(ub.y), 0.0, 1.0);\n"
      "}\n";
  const Program p = link_pair("#version 120\nvoid main() { gl_Position = gl_Vertex; }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.initial_default_block.size(), p.default_block_size);
  auto word = [&](const std::string& name, std::uint32_t extra = 0) -> std::uint32_t {
    for (const Uniform& u : p.uniforms)
      if (u.name == name) {
        std::uint32_t w = 0;
        std::memcpy(&w, p.initial_default_block.data() + u.offset + extra, 4);
        return w;
      }
    ADD_FAILURE() << "no uniform " << name;
    return 0;
  };
  auto real = [&](const std::string& name, std::uint32_t extra = 0) {
    const std::uint32_t w = word(name, extra);
    float f;
    std::memcpy(&f, &w, 4);
    return f;
  };
  const Uniform* um = nullptr;
  const Uniform* v = nullptr;
  const Uniform* arr = nullptr;
  for (const Uniform& u : p.uniforms) {
    if (u.name == "um") um = &u;
    if (u.name == "s.v[0]") v = &u;
    if (u.name == "arr[0]") arr = &u;
  }
  ASSERT_TRUE(um && v && arr);
  EXPECT_EQ(real("uf"), 5.5f);
  EXPECT_EQ(real("um"), 1.0f);
  EXPECT_EQ(real("um", 4), 2.0f);
  EXPECT_EQ(real("um", um->matrix_stride), 3.0f);
  EXPECT_EQ(real("um", um->matrix_stride + 4), 4.0f);
  EXPECT_EQ(word("s.i"), 9u);
  EXPECT_EQ(real("s.f"), 33.25f);
  EXPECT_EQ(real("s.v[0]", 8), 3.0f);
  EXPECT_EQ(real("s.v[0]", v->array_stride + 4), 8.0f);
  EXPECT_EQ(word("ub"), 0u);
  EXPECT_EQ(word("ub", 4), 1u);
  EXPECT_EQ(real("zero"), 0.0f);
  EXPECT_EQ(real("arr[0]", 2 * arr->array_stride), 2.5f);
}


}  // namespace
}  // namespace glvk::glsl

namespace glvk::glsl {
namespace {

// An unsized uniform array takes its size from its initializer (GLSL 1.20 4.1.9), so a variable
// may index it, and the initializer's values are its initial ones.
TEST(GlslLink, UniformArraysSizedByTheirInitializer) {
  const char* fs =
      "#version 120\n"
      "uniform vec4 p[] = vec4[](vec4(1.0, 0.5, 1.0, 0.0),\n"
      "                          vec4(-1.0, 0.5, 0.0, -1.0), vec4(2.0, mix(0.0, 2.0, 0.5), 2.0, 2.0));\n"
      "uniform int i;\n"
      "void main() { gl_FragColor = p[i] * float(p.length()); }\n";
  const Program p = link_pair("#version 120\nvoid main() { gl_Position = gl_Vertex; }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  const Uniform* array = nullptr;
  for (const Uniform& u : p.uniforms)
    if (u.name == "p[0]") array = &u;
  ASSERT_NE(array, nullptr);
  EXPECT_EQ(array->array_size, 3u);
  ASSERT_EQ(p.initial_default_block.size(), p.default_block_size);
  float v = 0;
  std::memcpy(&v, p.initial_default_block.data() + array->offset + 2 * array->array_stride + 4, 4);
  EXPECT_EQ(v, 1.0f);  // p[2].y = mix(0, 2, 0.5)
  std::memcpy(&v, p.initial_default_block.data() + array->offset + array->array_stride, 4);
  EXPECT_EQ(v, -1.0f);
}

// Initializer lists (GL_ARB_shading_language_420pack) as uniform initializers: values as given,
// an unsized array sized by its list (a trailing comma adds no element).
TEST(GlslLink, UniformInitializerListsGiveValuesAndSizes) {
  const char* fs =
      "#version 150\n"
      "#extension GL_ARB_shading_language_420pack: require\n"
      "uniform vec2 v = { 0.25, 4.0 };\n"
      "uniform float a[] = { 1.0, 2.0, 3.0, };\n"
      "uniform mat2 m = { { 1.0, 2.0 }, { 3.0, 4.0 } };\n"
      "uniform int i;\n"
      "out vec4 c;\n"
      "void main() { c = vec4(v, a[i] * float(a.length()), m[1][0]); }\n";
  const Program p = link_pair("#version 150\nin vec4 q;\nvoid main() { gl_Position = q; }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.initial_default_block.size(), p.default_block_size);
  auto find_uniform = [&](const std::string& name) -> const Uniform* {
    for (const Uniform& u : p.uniforms)
      if (u.name == name) return &u;
    return nullptr;
  };
  auto real = [&](std::uint32_t offset) {
    float f = 0;
    std::memcpy(&f, p.initial_default_block.data() + offset, 4);
    return f;
  };
  const Uniform* v = find_uniform("v");
  const Uniform* a = find_uniform("a[0]");
  const Uniform* m = find_uniform("m");
  ASSERT_TRUE(v && a && m);
  EXPECT_EQ(a->array_size, 3u);
  EXPECT_EQ(real(v->offset + 4), 4.0f);
  EXPECT_EQ(real(a->offset + 2 * a->array_stride), 3.0f);
  EXPECT_EQ(real(m->offset + m->matrix_stride), 3.0f);
}

// GL matches varyings by name (GL 4.6 7.4.1); glslang numbers each stage's in declaration order.
TEST(GlslLink, VaryingsMatchByNameWhateverTheirOrder) {
  const std::string vs =
      "#version 150\nin vec4 p;\nout int id_to_gs;\nout vec4 pos_to_gs;\n"
      "void main() { id_to_gs = gl_VertexID; pos_to_gs = p; gl_Position = p; }\n";
  const std::string gs =
      "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
      "in vec4 pos_to_gs[3];\nin int id_to_gs[3];\nout vec4 c;\n"
      "void main() { for (int i = 0; i < 3; i++) { c = vec4(id_to_gs[i]); gl_Position = pos_to_gs[i]; EmitVertex(); } }\n";
  const std::string fs = "#version 150\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Geometry, gs}, {Stage::Fragment, fs}};
  const Program p = link(shaders, {});
  ASSERT_TRUE(p.ok) << p.log;
  const std::string v = test::disassemble(p.spirv[kVs]), g = test::disassemble(p.spirv[kGs]);
  for (const char* name : {"id_to_gs", "pos_to_gs"}) {
    const long written = test::decoration(v, name, "Location"), read = test::decoration(g, name, "Location");
    EXPECT_GE(written, 0) << name;
    EXPECT_EQ(written, read) << name;
  }
  EXPECT_NE(test::decoration(v, "id_to_gs", "Location"), test::decoration(v, "pos_to_gs", "Location"));
  EXPECT_TRUE(test::spirv_valid(p.spirv[kGs]));
}

// An explicit location on the reading side is kept: GL matches it by location, not by name.
TEST(GlslLink, ExplicitInputLocationsAreKept) {
  const std::string vs =
      "#version 410\nin vec4 p;\nlayout(location = 3) out vec4 a;\nout vec4 b;\n"
      "void main() { a = p; b = p; gl_Position = p; }\n";
  const std::string fs =
      "#version 410\nin vec4 b;\nlayout(location = 3) in vec4 a;\nout vec4 o;\nvoid main() { o = a + b; }\n";
  const Program p = link_pair(vs, fs);
  ASSERT_TRUE(p.ok) << p.log;
  const std::string v = test::disassemble(p.spirv[kVs]), f = test::disassemble(p.spirv[kFs]);
  EXPECT_EQ(test::decoration(f, "a", "Location"), 3);
  EXPECT_EQ(test::decoration(v, "b", "Location"), test::decoration(f, "b", "Location"));
}

// Vulkan counts every declared built-in against a stage's components; glvk declares only the
// gl_PerVertex members up to the last one a stage uses.
TEST(GlslLink, UnusedPerVertexMembersAreNotDeclared) {
  const std::string vs = "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
  const std::string fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
  Program p = link_pair(vs, fs);
  ASSERT_TRUE(p.ok) << p.log;
  std::string v = test::disassemble(p.spirv[kVs]);
  EXPECT_NE(v.find("BuiltIn Position"), std::string::npos) << v;
  EXPECT_EQ(v.find("BuiltIn PointSize"), std::string::npos) << v;
  EXPECT_EQ(v.find("BuiltIn ClipDistance"), std::string::npos) << v;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kVs]));

  // gl_ClipDistance written: PointSize, before it in the block, stays.
  const std::string clip = "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; gl_ClipDistance[0] = p.x; }\n";
  p = link_pair(clip, fs);
  ASSERT_TRUE(p.ok) << p.log;
  v = test::disassemble(p.spirv[kVs]);
  EXPECT_NE(v.find("BuiltIn PointSize"), std::string::npos) << v;
  EXPECT_NE(v.find("BuiltIn ClipDistance"), std::string::npos) << v;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kVs]));

  // A geometry shader reading only gl_in[i].gl_Position declares only that input member.
  const std::string gs =
      "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
      "void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; EmitVertex(); } }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Geometry, gs}, {Stage::Fragment, fs}};
  p = link(shaders, {});
  ASSERT_TRUE(p.ok) << p.log;
  const std::string g = test::disassemble(p.spirv[kGs]);
  EXPECT_EQ(g.find("BuiltIn PointSize"), std::string::npos) << g;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kGs]));
}

// Vulkan wants a stage's output built-in block and the next stage's input block to have as many
// members: a vertex shader writing gl_ClipDistance[0] keeps three, so does the geometry shader's
// gl_in even though it reads only gl_Position; its own output keeps only gl_Position.
TEST(GlslLink, NeighbouringPerVertexBlocksKeepAsManyMembers) {
  const std::string vs = "#version 150\nin vec4 p;\nvoid main() { gl_ClipDistance[0] = 1.0; gl_Position = p; }\n";
  const std::string gs =
      "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
      "void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; EmitVertex(); } }\n";
  const std::string fs = "#version 150\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Geometry, gs}, {Stage::Fragment, fs}};
  const Program p = link(shaders, {});
  ASSERT_TRUE(p.ok) << p.log;
  auto count = [](const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  const std::string v = test::disassemble(p.spirv[kVs]), g = test::disassemble(p.spirv[kGs]);
  EXPECT_EQ(count(v, "BuiltIn ClipDistance"), 1u) << v;
  EXPECT_EQ(count(g, "BuiltIn ClipDistance"), 1u) << g;  // gl_in's, not the output's
  EXPECT_EQ(count(g, "BuiltIn PointSize"), 1u) << g;
  EXPECT_EQ(count(g, "BuiltIn Position"), 2u) << g;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kGs]));
}

// GLSL 1.10 6.1: a shader may redefine a built-in function; calls before its declaration bind to
// the built-in, calls after it to the shader's own.
TEST(GlslLink, Glsl110ShadersRedefineBuiltInFunctions) {
  const char* fs =
      "uniform float f;\n"
      "float before(float x) { return abs(x); }\n"
      "float abs(float x) { return x; }\n"
      "void main() { gl_FragColor = vec4(before(f), abs(f), 0.0, 1.0); }\n";
  const Program p = link_pair("void main() { gl_Position = gl_Vertex; }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  const std::string f = test::disassemble(p.spirv[kFs]);
  EXPECT_NE(f.find("FAbs"), std::string::npos) << f;  // before(): the built-in (pixels: LegacyGlslTest)
  // 1.30 and later keep GLSL's rule: a built-in is not redefined.
  const Program later = link_pair("#version 130\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
                                  "#version 130\nout vec4 o;\nfloat abs(float x) { return x; }\nvoid main() { o = vec4(abs(-1.0)); }\n");
  EXPECT_FALSE(later.ok);
}

// GLSL 1.50 4.3.8.1: one unit's input primitive sizes every geometry unit's unsized inputs; an
// index past its vertex count in another unit is then an error (here 3 with triangles).
TEST(GlslLink, GeometryInputLayoutOfOneUnitBoundsTheOthers) {
  const std::string vs = "#version 150\nout float v;\nvoid main() { v = 1.0; gl_Position = vec4(0.0); }\n";
  const std::string gs_main =
      "#version 150\n#extension GL_ARB_separate_shader_objects : enable\nlayout(triangles) in;\n"
      "layout(points, max_vertices = 1) out;\nfloat f();\nvoid main() { gl_Position = vec4(f()); EmitVertex(); }\n";
  const std::string fs = "#version 150\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";
  for (int index : {2, 3}) {
    const std::string gs_f = "#version 150\nin float v[];\nfloat f() { return v[" + std::to_string(index) + "]; }\n";
    const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Geometry, gs_main}, {Stage::Geometry, gs_f},
                                    {Stage::Fragment, fs}};
    const Program p = link(shaders);
    EXPECT_EQ(p.ok, index == 2) << index << ": " << p.log;
  }
}


// Per-patch arrays cross from the control to the evaluation stage (GLSL 4.00 4.3.4/4.3.6); glslang
// alone refuses the pair (interface_check.h). GL 4.6 7.4.1: they match by name with the same type
// and array size and both per-patch; anything else is a link error.
TEST(GlslLink, PerPatchArraysMatchAcrossTheTessellationStages) {
  const std::string vs = "#version 400\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
  const std::string fs = "#version 400\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n";
  auto tcs = [](const std::string& decl) {
    const bool per_vertex = decl.find("[]") != std::string::npos;
    return "#version 400\nlayout(vertices = 3) out;\n" + decl +
           "\nvoid main() {\n  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n" +
           (per_vertex ? "  w[gl_InvocationID][0] = vec4(0.25);\n" : "  w[0] = vec4(0.25); w[1] = vec4(0.5);\n") +
           "  gl_TessLevelOuter[0] = 1.0;\n}\n";
  };
  auto tes = [](const std::string& decl) {
    return "#version 400\nlayout(triangles) in;\n" + decl +
           "\nout vec4 c;\nvoid main() { gl_Position = gl_in[0].gl_Position; c = w[0] + w[1]; }\n";
  };
  auto linked = [&](const std::string& out_decl, const std::string& in_decl) {
    const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::TessControl, tcs(out_decl)},
                                    {Stage::TessEvaluation, tes(in_decl)}, {Stage::Fragment, fs}};
    return link(shaders);
  };
  const Program p = linked("patch out vec4 w[3];", "patch in vec4 w[3];");
  ASSERT_TRUE(p.ok) << p.log;
  const int tcs_stage = static_cast<int>(Stage::TessControl), tes_stage = static_cast<int>(Stage::TessEvaluation);
  for (int s : {tcs_stage, tes_stage}) {
    std::string log;
    EXPECT_TRUE(test::spirv_valid(p.spirv[s], &log)) << log;
  }
  const std::string control = test::disassemble(p.spirv[tcs_stage]);
  const std::string evaluation = test::disassemble(p.spirv[tes_stage]);
  EXPECT_NE(evaluation.find("OpDecorate %w Patch"), std::string::npos) << evaluation;
  EXPECT_NE(evaluation.find("_arr_v4float_uint_3"), std::string::npos) << evaluation;  // the whole array
  EXPECT_EQ(test::decoration(evaluation, "w", "Location"), test::decoration(control, "w", "Location"));

  const Program sizes = linked("patch out vec4 w[3];", "patch in vec4 w[2];");
  EXPECT_FALSE(sizes.ok);
  EXPECT_NE(sizes.log.find("'w'"), std::string::npos) << sizes.log;
  EXPECT_FALSE(linked("patch out vec4 w[3];", "patch in ivec4 w[3];").ok);
  EXPECT_FALSE(linked("out vec4 w[][3];", "patch in vec4 w[3];").ok);  // per-vertex against per-patch
}

// GLSL 4.60 4.4.2.1 (ARB_tessellation_shader): one tessellation control unit of the program
// declaring the output patch size is enough, it sizes the other units' gl_out[], which they may
// index with gl_InvocationID; a unit compiled alone without it compiles. No unit declaring it
// fails the link.
TEST(GlslLink, TessControlPatchSizeMayComeFromAnotherUnit) {
  const std::string ext = "#version 150\n#extension GL_ARB_tessellation_shader : require\n";
  const std::string declaring = ext + "layout(vertices = 3) out;\nvoid f();\n"
                                      "void main() { gl_TessLevelOuter[0] = 1.0; f(); }\n";
  const std::string helper = ext + "void f() { gl_out[gl_InvocationID].gl_Position = vec4(0.0); }\n";
  const CompileResult alone = compile(Stage::TessControl, helper, {});
  EXPECT_TRUE(alone.ok) << alone.log;
  const std::string tes = ext + "layout(triangles) in;\nvoid main() { gl_Position = vec4(0.0); }\n";
  const std::string vs = "#version 150\nvoid main() { gl_Position = vec4(0.0); }\n";
  const std::string fs = "#version 150\nout vec4 c;\nvoid main() { c = vec4(0.0); }\n";
  const ShaderSource s[] = {{Stage::Vertex, vs}, {Stage::TessControl, declaring}, {Stage::TessControl, helper},
                            {Stage::TessEvaluation, tes}, {Stage::Fragment, fs}};
  const Program p = link(s, LinkOptions{});
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(p.tess_output_vertices, 3u);
  std::string log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[static_cast<int>(Stage::TessControl)], &log)) << log;
  const std::string undeclared = ext + "void f();\nvoid main() { gl_TessLevelOuter[0] = 1.0; f(); }\n";
  const ShaderSource none[] = {{Stage::Vertex, vs}, {Stage::TessControl, undeclared}, {Stage::TessControl, helper},
                               {Stage::TessEvaluation, tes}, {Stage::Fragment, fs}};
  EXPECT_FALSE(link(none, LinkOptions{}).ok);
}

// GLSL 1.50 4.3.8.1: gl_FragCoord redeclared in one fragment compilation unit must be redeclared,
// with the same layout qualifiers, in every unit of the program that uses it; units that do not
// use it need not redeclare it.
TEST(GlslLink, FragCoordRedeclarationsAgreeAcrossFragmentUnits) {
  auto link_units = [](std::vector<std::string> fragment_units) {
    std::vector<ShaderSource> shaders{{Stage::Vertex, "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n"}};
    for (std::string& text : fragment_units) shaders.push_back({Stage::Fragment, "#version 150\n" + text});
    return link(shaders, LinkOptions{});
  };
  const std::string upper = "layout(origin_upper_left, pixel_center_integer) in vec4 gl_FragCoord;\n";
  const std::string main_calls = "out vec4 c;\nvoid a();\nvoid main() { c = vec4(0.0); a(); }\n";
  const std::string a_uses = "out vec4 c;\nvoid a() { c.a = gl_FragCoord.z; }\n";
  // Redeclared where it is used; the main unit neither uses nor redeclares it.
  const Program silent = link_units({main_calls, upper + a_uses});
  EXPECT_TRUE(silent.ok) << silent.log;
  // Used in a unit that does not redeclare it.
  const Program unredeclared = link_units({upper + main_calls, a_uses});
  EXPECT_FALSE(unredeclared.ok);
  EXPECT_NE(unredeclared.log.find("without redeclaring it"), std::string::npos) << unredeclared.log;
  // A redeclaration without qualifiers counts as one.
  EXPECT_FALSE(link_units({"in vec4 gl_FragCoord;\n" + main_calls, a_uses}).ok);
  // Different qualifiers.
  const Program different = link_units({upper + main_calls, "layout(origin_upper_left) in vec4 gl_FragCoord;\n" + a_uses});
  EXPECT_FALSE(different.ok);
  EXPECT_NE(different.log.find("different layout qualifiers"), std::string::npos) << different.log;
  // The same qualifiers in every unit that uses it.
  const Program same = link_units({upper + "out vec4 c;\nvoid a();\nvoid main() { c = gl_FragCoord; a(); }\n", upper + a_uses});
  EXPECT_TRUE(same.ok) << same.log;
}

// GLSL 4.50 4.4.1: an input with a location matches the output at that location, not the one of
// its name: `v` at location 1 meets the second element of the output `v` at 0, which is not a
// variable of its own, so the program does not link; at 0 it does.
TEST(GlslLink, LocatedInputsMatchTheOutputAtTheirLocation) {
  const std::string vs =
      "#version 410\nin vec4 p;\nlayout(location = 0) out vec4 v[2];\nvoid main() { gl_Position = p; v[0] = p; v[1] = p; }\n";
  auto fs = [](int location) {
    return "#version 410\nlayout(location = " + std::to_string(location) +
           ") in vec4 v[2];\nout vec4 c;\nvoid main() { c = v[0] + v[1]; }\n";
  };
  const Program shifted = link_pair(vs, fs(1));
  EXPECT_FALSE(shifted.ok);
  EXPECT_NE(shifted.log.find("reads input 'v' at location 1"), std::string::npos) << shifted.log;
  const Program same = link_pair(vs, fs(0));
  EXPECT_TRUE(same.ok) << same.log;
}

}  // namespace
}  // namespace glvk::glsl
