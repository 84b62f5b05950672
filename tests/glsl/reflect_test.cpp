// Reflection of linked programs: default-block offsets checked against std140 offsets computed
// here from GL 4.6 7.6.2.2 (the rules are quoted next to each number), uniform locations,
// samplers, uniform blocks.
#include <GL/glcorearb.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "glvk/glsl/compiler.h"
#include "link_pair.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

const Uniform* find_uniform(const Program& p, const std::string& name) {
  for (const Uniform& u : p.uniforms)
    if (u.name == name) return &u;
  return nullptr;
}

using test::link_pair;

const char* kPassFs = "#version 330\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n";

TEST(GlslReflect, DefaultBlockStd140Offsets) {
  const std::string vs =
      "#version 330\n"
      "uniform float f;\n"
      "uniform vec3 v3;\n"
      "uniform vec2 v2;\n"
      "uniform mat3 m3;\n"
      "uniform float fa[3];\n"
      "struct S { float a; vec4 b; };\n"
      "uniform S s;\n"
      "uniform S sa[2];\n"
      "uniform mat2 m2;\n"
      "uniform int i;\n"
      "void main() {\n"
      "  gl_Position = vec4(f, v2, fa[0] + fa[1] + fa[2]) + vec4(v3, 1.0) + vec4(m3[0], 0.0) + vec4(m2[1], 0.0, 0.0)\n"
      "      + vec4(s.a) + s.b + vec4(sa[0].a + sa[1].a) + sa[0].b + sa[1].b + vec4(float(i));\n"
      "}\n";
  const Program p = link_pair(vs, kPassFs);
  ASSERT_TRUE(p.ok) << p.log;
  struct Expect {
    const char* name;
    std::uint32_t offset;
    std::uint32_t type;
  };
  // std140 (GL 4.6 7.6.2.2): scalars align to N=4; vec2 to 2N=8; vec3/vec4 to 4N=16; arrays and
  // matrix columns to their element's alignment rounded up to vec4's (16), stride likewise;
  // a structure to its largest member rounded up to 16, its size a multiple of that.
  const Expect expect[] = {
      {"f", 0, GL_FLOAT},          // first member
      {"v3", 16, GL_FLOAT_VEC3},   // 4 rounded up to 16
      {"v2", 32, GL_FLOAT_VEC2},   // v3 ends at 16 + 12 = 28, rounded up to 8 → 32
      {"m3", 48, GL_FLOAT_MAT3},   // v2 ends at 40, column alignment 16 → 48; 3 columns × 16 = 48 bytes
      {"fa[0]", 96, GL_FLOAT},     // m3 ends at 96; array stride 16; 3 × 16 = 48 bytes
      {"s.a", 144, GL_FLOAT},      // fa ends at 144; struct alignment 16
      {"s.b", 160, GL_FLOAT_VEC4}, // a at +0 (4 bytes), b aligned to 16 → +16; struct size 32
      {"sa[0].a", 176, GL_FLOAT},  // s ends at 176; element stride 32
      {"sa[0].b", 192, GL_FLOAT_VEC4},
      {"sa[1].a", 208, GL_FLOAT},
      {"sa[1].b", 224, GL_FLOAT_VEC4},
      {"m2", 240, GL_FLOAT_MAT2},  // sa ends at 176 + 64 = 240; mat2 columns vec2 → stride 16, 32 bytes
      {"i", 272, GL_INT},          // m2 ends at 272
  };
  for (const Expect& e : expect) {
    const Uniform* u = find_uniform(p, e.name);
    ASSERT_NE(u, nullptr) << e.name;
    EXPECT_EQ(u->offset, e.offset) << e.name;
    EXPECT_EQ(u->gl_type, e.type) << e.name;
    EXPECT_EQ(u->block_index, -1) << e.name;
  }
  EXPECT_EQ(find_uniform(p, "fa[0]")->array_size, 3u);
  EXPECT_EQ(find_uniform(p, "fa[0]")->array_stride, 16u);
  EXPECT_EQ(find_uniform(p, "m3")->matrix_stride, 16u);
  EXPECT_EQ(find_uniform(p, "m2")->matrix_stride, 16u);
  EXPECT_FALSE(find_uniform(p, "m3")->row_major);
  // i ends at 276; the block is at least that and at most that rounded up to 16.
  EXPECT_GE(p.default_block_size, 276u);
  EXPECT_LE(p.default_block_size, 288u);

  // Locations: one per array element, no two uniforms overlap.
  std::vector<int> owner(64, -1);
  for (std::size_t k = 0; k < p.uniforms.size(); ++k) {
    const Uniform& u = p.uniforms[k];
    ASSERT_GE(u.location, 0) << u.name;
    for (std::uint32_t e = 0; e < u.array_size; ++e) {
      ASSERT_LT(static_cast<std::size_t>(u.location) + e, owner.size());
      EXPECT_EQ(owner[u.location + e], -1) << u.name << " overlaps";
      owner[u.location + e] = static_cast<int>(k);
    }
  }

  // Binding 0 is the default block.
  bool found = false;
  for (const Resource& r : p.resources)
    if (r.binding == 0) {
      found = true;
      EXPECT_EQ(r.kind, ResourceKind::UniformBuffer);
      EXPECT_EQ(r.block, -1);
    }
  EXPECT_TRUE(found);
}

TEST(GlslReflect, UniformSharedByStagesHasOneOffset) {
  // The fragment shader declares the shared uniform in another order among its own.
  const std::string vs =
      "#version 330\nuniform vec4 only_vs;\nuniform float shared_f;\n"
      "void main() { gl_Position = only_vs * shared_f; }\n";
  const std::string fs =
      "#version 330\nuniform vec2 only_fs;\nuniform float shared_f;\nout vec4 c;\n"
      "void main() { c = vec4(only_fs, shared_f, 1.0); }\n";
  const Program p = link_pair(vs, fs);
  ASSERT_TRUE(p.ok) << p.log;
  int count = 0;
  for (const Uniform& u : p.uniforms) count += u.name == "shared_f";
  EXPECT_EQ(count, 1);
  const Uniform* shared = find_uniform(p, "shared_f");
  ASSERT_NE(shared, nullptr);
  // Both stages' SPIR-V declare the block with the same member offsets.
  const std::string vs_text = test::disassemble(p.spirv[static_cast<int>(Stage::Vertex)]);
  const std::string fs_text = test::disassemble(p.spirv[static_cast<int>(Stage::Fragment)]);
  for (const Uniform& u : p.uniforms) {
    // Offsets of the three members are distinct and inside the block.
    EXPECT_LT(u.offset, p.default_block_size) << u.name;
    for (const Uniform& other : p.uniforms)
      if (&other != &u) { EXPECT_NE(other.offset, u.offset) << u.name << " / " << other.name; }
  }
  auto member_offsets = [](const std::string& text) {
    std::vector<std::string> lines;
    std::size_t at = 0;
    while ((at = text.find("OpMemberDecorate %gl_DefaultUniformBlock", at)) != std::string::npos) {
      const std::size_t end = text.find('\n', at);
      const std::string line = text.substr(at, end - at);
      if (line.find("Offset") != std::string::npos) lines.push_back(line);
      at = end;
    }
    return lines;
  };
  EXPECT_FALSE(member_offsets(vs_text).empty());
  EXPECT_EQ(member_offsets(vs_text), member_offsets(fs_text));
}

TEST(GlslReflect, SamplersGetBindingsAndLocations) {
  const std::string fs =
      "#version 330\n"
      "uniform sampler2D tex;\n"
      "uniform sampler2D texs[3];\n"
      "uniform samplerCube cube;\n"
      "uniform vec4 tint;\n"
      "out vec4 c;\n"
      "void main() { c = texture(tex, vec2(0.5)) + texture(texs[2], vec2(0.5)) + texture(cube, vec3(1.0)) + tint; }\n";
  const Program p = link_pair("#version 330\nvoid main() { gl_Position = vec4(0.0); }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  const Uniform* tex = find_uniform(p, "tex");
  const Uniform* texs = find_uniform(p, "texs[0]");
  const Uniform* cube = find_uniform(p, "cube");
  ASSERT_TRUE(tex && texs && cube);
  EXPECT_EQ(tex->gl_type, static_cast<std::uint32_t>(GL_SAMPLER_2D));
  EXPECT_EQ(cube->gl_type, static_cast<std::uint32_t>(GL_SAMPLER_CUBE));
  EXPECT_EQ(texs->array_size, 3u);
  for (const Uniform* u : {tex, texs, cube}) {
    EXPECT_GE(u->location, 0) << u->name;
    EXPECT_GT(u->binding, 0) << u->name;  // binding 0 is the default block
  }
  EXPECT_NE(tex->binding, texs->binding);
  EXPECT_NE(tex->binding, cube->binding);
  EXPECT_NE(texs->binding, cube->binding);
  // The sampler array is one binding with three descriptors.
  bool found = false;
  for (const Resource& r : p.resources)
    if (r.binding == static_cast<std::uint32_t>(texs->binding)) {
      found = true;
      EXPECT_EQ(r.kind, ResourceKind::CombinedSampler);
      EXPECT_EQ(r.count, 3u);
      EXPECT_EQ(p.uniforms[static_cast<std::size_t>(r.uniform)].name, "texs[0]");
    }
  EXPECT_TRUE(found);
  // The SPIR-V uses the same bindings in set 0.
  const std::string text = test::disassemble(p.spirv[static_cast<int>(Stage::Fragment)]);
  EXPECT_EQ(test::decoration(text, "tex", "Binding"), tex->binding) << text;
  EXPECT_EQ(test::decoration(text, "texs", "Binding"), texs->binding);
  EXPECT_EQ(test::decoration(text, "cube", "Binding"), cube->binding);
  EXPECT_EQ(test::decoration(text, "tex", "DescriptorSet"), 0);
}

TEST(GlslReflect, SamplersWithTheSameGlBindingGetTheirOwnDescriptors) {
  // layout(binding) on a sampler is its initial texture unit in GL, not a descriptor binding.
  const std::string fs =
      "#version 420\nlayout(binding = 0) uniform sampler2D a;\nlayout(binding = 0) uniform sampler2D b;\n"
      "uniform float k;\nout vec4 c;\nvoid main() { c = texture(a, vec2(0.5)) * texture(b, vec2(0.5)) * k; }\n";
  const Program p = link_pair("#version 420\nvoid main() { gl_Position = vec4(0.0); }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  const Uniform* a = find_uniform(p, "a");
  const Uniform* b = find_uniform(p, "b");
  ASSERT_TRUE(a && b);
  EXPECT_NE(a->binding, b->binding);
  EXPECT_GT(a->binding, 0);
  EXPECT_GT(b->binding, 0);
  const std::string text = test::disassemble(p.spirv[static_cast<int>(Stage::Fragment)]);
  EXPECT_EQ(test::decoration(text, "a", "Binding"), a->binding);
  EXPECT_EQ(test::decoration(text, "b", "Binding"), b->binding);
}

// ARB_uniform_buffer_object (GL 4.6 7.6.2.2): a std140 block's UNIFORM_BLOCK_DATA_SIZE is the
// end of its last member plus padding, rounded up to a vec4's base alignment (16 bytes).
TEST(GlslReflect, Std140BlockSizeIsAMultipleOfAVec4) {
  const std::string vs =
      "#version 140\n"
      "layout(std140) uniform Colour { vec4 colour; float scale; };\n"
      "layout(std140) uniform Angle { float rotation; };\n"
      "layout(std140) uniform Rows { float first; layout(row_major) mat3x2 m; };\n"
      "in vec4 p;\n"
      "void main() { gl_Position = p * colour * scale * rotation * first * m[2][1]; }\n";
  const Program p = link_pair(vs, kPassFs);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.blocks.size(), 3u);
  for (const UniformBlock& block : p.blocks) {
    if (block.name == "Colour") EXPECT_EQ(block.size, 32u);      // scale ends at byte 20
    else if (block.name == "Angle") EXPECT_EQ(block.size, 16u);  // rotation ends at byte 4
    // m: 2 rows of 3 components, each a vec3 of stride 16, from byte 16: ends at 48.
    else EXPECT_EQ(block.size, 48u) << block.name;
  }
}

// A row-major mat3x4 in a block without a layout (shared, laid out as std140 by glvk): 4 rows of
// 3 components, each row a vec3 of stride 16: 64 bytes, not the 48 of its 3 columns.
TEST(GlslReflect, RowMajorMatrixBlockSizeCountsRows) {
  const std::string gs_free =
      "#version 150\n"
      "uniform ubo1 { layout(row_major) mat3x4 m; };\n"
      "in vec4 p;\n"
      "void main() { gl_Position = p + m[0] + m[1] + m[2]; }\n";
  const Program p = link_pair(gs_free, kPassFs);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.blocks.size(), 1u);
  EXPECT_EQ(p.blocks[0].size, 64u);
  EXPECT_EQ(find_uniform(p, "m")->matrix_stride, 16u);
  EXPECT_TRUE(find_uniform(p, "m")->row_major);
}

// GL 4.6 7.3.1: a uniform block declared std140 or shared is active, every member too, though
// no shader references it.
TEST(GlslReflect, UnreferencedStd140BlocksAreActive) {
  const std::string vs =
      "#version 330\n"
      "layout(std140) uniform Unused { float a; vec2 b; };\n"
      "layout(shared) uniform AlsoUnused { vec4 c; };\n"
      "in vec4 p;\n"
      "void main() { gl_Position = p; }\n";
  const Program p = link_pair(vs, kPassFs);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.blocks.size(), 2u);
  std::set<std::string> names;
  for (const Uniform& u : p.uniforms) names.insert(u.name);
  for (const char* name : {"a", "b", "c"}) EXPECT_TRUE(names.count(name)) << name;
  for (const UniformBlock& block : p.blocks) {
    if (block.name == "Unused") {
      EXPECT_EQ(block.size, 16u);  // b at 8..15
    }
  }
}

TEST(GlslReflect, Std140UniformBlock) {
  const std::string vs =
      "#version 420\n"
      "layout(std140, binding = 3) uniform Block {\n"
      "  float a;\n"
      "  vec3 b;\n"
      "  mat4 c;\n"
      "  float d[2];\n"
      "  layout(row_major) mat2x3 e;\n"
      "};\n"
      "void main() { gl_Position = vec4(a, b) + c[0] + vec4(d[0] + d[1]) + vec4(e[1], 0.0); }\n";
  const Program p = link_pair(vs, kPassFs);
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.blocks.size(), 1u);
  const UniformBlock& block = p.blocks[0];
  EXPECT_EQ(block.name, "Block");
  // a 0; b vec3 aligned to 16 → 16 (ends 28); c mat4 columns aligned to 16 → 32 (64 bytes, ends 96);
  // d float[2] stride 16 → 96 (ends 128); e row-major mat2x3 (2 columns, 3 rows) is an array of
  // 3 row vectors of 2 components, stride 16 → 128, 48 bytes, ends 176: block size 176.
  EXPECT_EQ(block.size, 176u);
  EXPECT_EQ(block.initial_gl_binding, 3u);
  EXPECT_FALSE(block.storage);
  struct Expect {
    const char* name;
    std::uint32_t offset;
  };
  for (const Expect& e : {Expect{"a", 0}, Expect{"b", 16}, Expect{"c", 32}, Expect{"d[0]", 96}, Expect{"e", 128}}) {
    const Uniform* u = find_uniform(p, e.name);
    ASSERT_NE(u, nullptr) << e.name;
    EXPECT_EQ(u->offset, e.offset) << e.name;
    EXPECT_EQ(u->block_index, 0) << e.name;
    EXPECT_EQ(u->location, -1) << e.name;
  }
  EXPECT_EQ(find_uniform(p, "d[0]")->array_stride, 16u);
  EXPECT_EQ(find_uniform(p, "c")->matrix_stride, 16u);
  EXPECT_TRUE(find_uniform(p, "e")->row_major);
  EXPECT_EQ(find_uniform(p, "e")->matrix_stride, 16u);
  EXPECT_EQ(find_uniform(p, "e")->gl_type, static_cast<std::uint32_t>(GL_FLOAT_MAT2x3));
  EXPECT_EQ(block.uniforms.size(), 5u);
  EXPECT_GT(block.binding, 0u);
  // No loose uniforms: no default block.
  EXPECT_EQ(p.default_block_size, 0u);
  for (const Resource& r : p.resources) EXPECT_NE(r.binding, 0u);
  const std::string text = test::disassemble(p.spirv[static_cast<int>(Stage::Vertex)]);
  EXPECT_NE(text.find("Binding " + std::to_string(block.binding)), std::string::npos) << text;
}

TEST(GlslReflect, StorageBlockAndBlockArray) {
  const std::string fs =
      "#version 430\n"
      "layout(std430, binding = 1) buffer Data { vec4 values[]; };\n"
      "uniform Params { vec4 p; } params[2];\n"
      "out vec4 c;\n"
      "void main() { c = values[1] + params[0].p + params[1].p; }\n";
  const Program p = link_pair("#version 430\nvoid main() { gl_Position = vec4(0.0); }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  int storage = 0, params = 0;
  std::uint32_t params_binding = 0;
  for (const UniformBlock& b : p.blocks) {
    if (b.storage) {
      ++storage;
      EXPECT_EQ(b.name, "Data");
      EXPECT_EQ(b.initial_gl_binding, 1u);
    } else {
      ++params;
      params_binding = b.binding;
    }
  }
  EXPECT_EQ(storage, 1);
  EXPECT_EQ(params, 2);  // "Params[0]" and "Params[1]"
  for (const Resource& r : p.resources)
    if (r.binding == params_binding) { EXPECT_EQ(r.count, 2u); }
}

}  // namespace
}  // namespace glvk::glsl

namespace glvk::glsl {
namespace {

// Members of arrays of structs that hold matrix arrays, where std140 (GL 4.6 7.6.2.2) puts them:
// S2 { vec2 v2 at 0; mat2 m22[2] at 16 (each mat2 two vec4-aligned columns: matrix stride 16,
// array stride 32), 64 bytes } is 80 bytes (rounded to 16); S { S2 arr[2] at 0 (stride 80);
// vec3 v3 at 160; bool b at 172 } is 176 bytes; s[2] has stride 176.
TEST(GlslReflect, NestedStructArraysFollowStd140) {
  const std::string fs =
      "#version 140\n"
      "struct S2 { vec2 v2; mat2 m22[2]; };\n"
      "struct S { S2 arr[2]; vec3 v3; bool b; };\n"
      "uniform ubo1 { S s[2]; };\n"
      "out vec4 c;\n"
      "void main() { S t[2] = s; c = vec4(t[1].arr[1].m22[1][1], t[0].v3.x, float(t[1].b)); }\n";
  const std::string vs = "#version 140\nin vec4 p;\nvoid main() { gl_Position = p; }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Fragment, fs}};
  const Program p = link(shaders, {});
  ASSERT_TRUE(p.ok) << p.log;
  struct Expect {
    const char* name;
    std::uint32_t offset, array_stride, matrix_stride;
  };
  for (const Expect& e : {Expect{"s[0].arr[0].v2", 0, 0, 0}, Expect{"s[0].arr[0].m22[0]", 16, 32, 16},
                          Expect{"s[0].arr[1].v2", 80, 0, 0}, Expect{"s[0].arr[1].m22[0]", 96, 32, 16},
                          Expect{"s[0].v3", 160, 0, 0}, Expect{"s[0].b", 172, 0, 0},
                          Expect{"s[1].arr[0].v2", 176, 0, 0}, Expect{"s[1].arr[1].m22[0]", 272, 32, 16},
                          Expect{"s[1].b", 348, 0, 0}}) {
    const Uniform* u = find_uniform(p, e.name);
    ASSERT_NE(u, nullptr) << e.name;
    EXPECT_EQ(u->offset, e.offset) << e.name;
    EXPECT_EQ(u->array_stride, e.array_stride) << e.name;
    EXPECT_EQ(u->matrix_stride, e.matrix_stride) << e.name;
  }
}

// std140 and shared blocks keep every member active, used or not (GL 4.6 7.6.2.1).
TEST(GlslReflect, UnusedMembersOfStd140BlocksAreActive) {
  const std::string vs =
      "#version 140\n"
      "struct S1 { float r; };\n"
      "struct S2 { float g; float b; };\n"
      "layout(std140) uniform ubo1 { S1 s1; S2 s2; };\n"
      "in vec4 p;\n"
      "void main() { gl_Position = p * s2.g; }\n";
  const Program p = link_pair(vs, kPassFs);
  ASSERT_TRUE(p.ok) << p.log;
  const Uniform* r = find_uniform(p, "s1.r");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->offset, 0u);
  const Uniform* b = find_uniform(p, "s2.b");
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->offset, 20u);  // s2 at 16 (a struct is vec4-aligned), b after g
}

// BUFFER_DATA_SIZE of a storage block is its size as a structure: the last member's end rounded
// up to the structure's base alignment (GL 4.6 7.6.2.2 rule 9: a vec4's 16 bytes in std140, the
// shared default; std430 the largest member alignment, also 16 with a vec4). { vec4; float } is
// 32 bytes either way, not the 20 where the float ends (piglit's SSBO rendering writes 32).
TEST(GlslReflect, StorageBlockSizeIsRoundedToItsAlignment) {
  const std::string fs =
      "#version 430\n"
      "buffer Shared { vec4 color; float scale; };\n"
      "layout(std430) buffer Packed { vec4 color4; float scale4; };\n"
      "layout(std430) buffer Floats { float a; float b; float f; };\n"
      "out vec4 c;\n"
      "void main() { c = color * scale + color4 * scale4 + vec4(a + b + f); }\n";
  const Program p = link_pair("#version 430\nvoid main() { gl_Position = vec4(0.0); }\n", fs);
  ASSERT_TRUE(p.ok) << p.log;
  std::map<std::string, std::uint32_t> sizes;
  for (const UniformBlock& b : p.blocks) sizes[b.name] = b.size;
  EXPECT_EQ(sizes.at("Shared"), 32u);
  EXPECT_EQ(sizes.at("Packed"), 32u);
  EXPECT_EQ(sizes.at("Floats"), 12u);  // std430: a float's 4-byte alignment
}

}  // namespace
}  // namespace glvk::glsl
