// Samplers in uniform structs at the compiler's level (opaque_struct_members.h): the GL uniforms
// each member path becomes (GL 4.6 7.3.1.1 names, GL_SAMPLER_2D, one location per element), the
// one descriptor binding they share with their element offsets, which a program binary keeps,
// and the one case the lowering refuses with a compile error rather than a crash.
#include <GL/glcorearb.h>
#include <gtest/gtest.h>

#include <string>

#include "glvk/glsl/compiler.h"
#include "link_pair.h"

namespace glvk::glsl {
namespace {

using test::link_pair;

const char* kVs = "#version 330\nin vec4 p;\nvoid main() { gl_Position = p; }\n";

const Uniform* find_uniform(const Program& p, const std::string& name) {
  for (const Uniform& u : p.uniforms)
    if (u.name == name) return &u;
  return nullptr;
}

TEST(GlslOpaqueStructMembers, ArrayOfStructsSharesOneBindingElementByElement) {
  const Program p = link_pair(kVs,
                              "#version 330\n"
                              "struct S { float f; sampler2D t[2]; };\n"
                              "uniform S s[3];\n"
                              "out vec4 c;\n"
                              "void main() { c = texture(s[2].t[1], vec2(0.5)) * s[2].f; }\n");
  ASSERT_TRUE(p.ok) << p.log;
  const Uniform* parts[3] = {find_uniform(p, "s[0].t[0]"), find_uniform(p, "s[1].t[0]"), find_uniform(p, "s[2].t[0]")};
  for (std::uint32_t i = 0; i < 3; ++i) {
    ASSERT_NE(parts[i], nullptr) << i;
    EXPECT_EQ(parts[i]->gl_type, std::uint32_t(GL_SAMPLER_2D));
    EXPECT_EQ(parts[i]->array_size, 2u);
    EXPECT_EQ(parts[i]->binding, parts[0]->binding);
    EXPECT_EQ(parts[i]->binding_element, 2 * i);
    EXPECT_EQ(parts[i]->location, parts[0]->location + std::int32_t(2 * i));
  }
  EXPECT_NE(find_uniform(p, "s[2].f"), nullptr);
  std::uint32_t descriptors = 0;
  for (const Resource& r : p.resources)
    if (std::int32_t(r.binding) == parts[0]->binding) descriptors = r.count;
  EXPECT_EQ(descriptors, 6u);

  const Program loaded = load_program(save_program(p));
  ASSERT_TRUE(loaded.ok) << loaded.log;
  const Uniform* last = find_uniform(loaded, "s[2].t[0]");
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->binding_element, 4u);
}

TEST(GlslOpaqueStructMembers, StructOfSamplersOnlyListsNoPlaceholder) {
  const Program p = link_pair(kVs,
                              "#version 330\n"
                              "struct A { sampler2D t; };\n"
                              "uniform A a;\n"
                              "vec4 read(A x) { return texture(x.t, vec2(0.5)); }\n"
                              "out vec4 c;\n"
                              "void main() { c = read(a); }\n");
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.uniforms.size(), 1u);
  EXPECT_EQ(p.uniforms[0].name, "a.t");
  EXPECT_EQ(p.uniforms[0].binding_element, 0u);
}

// GLSL ES 3.00 has them too (4.1.8), the member's precision kept; both stages declaring the
// struct uniform share its sampler.
TEST(GlslOpaqueStructMembers, EsStructWithAPrecisionQualifiedSampler) {
  LinkOptions options;
  options.compile.es = true;
  const char* declarations = "struct S { lowp sampler2D tex; vec2 uv; };\nuniform S s;\n";
  const Program p = link_pair(std::string("#version 300 es\n") + declarations +
                                  "in vec4 p;\nout vec4 v;\nvoid main() { gl_Position = p; v = texture(s.tex, s.uv); }\n",
                              std::string("#version 300 es\nprecision mediump float;\n") + declarations +
                                  "in vec4 v;\nout vec4 c;\nvec4 f(S x) { return texture(x.tex, x.uv); }\n"
                                  "void main() { c = f(s) + v; }\n",
                              options);
  ASSERT_TRUE(p.ok) << p.log;
  const Uniform* tex = find_uniform(p, "s.tex");
  ASSERT_NE(tex, nullptr);
  EXPECT_EQ(tex->gl_type, std::uint32_t(GL_SAMPLER_2D));
  EXPECT_EQ(tex->stages, (1u << unsigned(Stage::Vertex)) | (1u << unsigned(Stage::Fragment)));
  EXPECT_NE(find_uniform(p, "s.uv"), nullptr);
}

// length() of an array of such structs is the array's; an index may use it.
TEST(GlslOpaqueStructMembers, LengthOfAStructArrayStays) {
  const Program p = link_pair(kVs,
                              "#version 330\n"
                              "struct S { sampler2D t; };\n"
                              "uniform S s[3];\n"
                              "out vec4 c;\n"
                              "void main() { c = texture(s[s.length() - 1].t, vec2(0.5)) * float(s.length()); }\n");
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_NE(find_uniform(p, "s[2].t"), nullptr);
}

// An element of an array of structs whose sampler member is an array, passed to a function: its
// samplers would be a slice of the flattened array, which GLSL cannot write.
TEST(GlslOpaqueStructMembers, SliceOfAFlattenedArrayIsACompileError) {
  const CompileResult r = compile(Stage::Fragment,
                                  "#version 330\n"
                                  "struct S { sampler2D t[2]; };\n"
                                  "uniform S s[2];\n"
                                  "vec4 read(S x) { return texture(x.t[1], vec2(0.5)); }\n"
                                  "out vec4 c;\n"
                                  "void main() { c = read(s[1]); }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("0:6:"), std::string::npos) << r.log;
}

// GLSL 4.60 4.1.7: only uniforms and `in` parameters have such a struct type; with its opaque
// members lowered away glslang would take the rest, so the lowering refuses them itself.
TEST(GlslOpaqueStructMembers, OtherUsesOfTheStructAreCompileErrors) {
  const std::string s = "#version 330\nstruct S { float x; sampler2D t; };\n";
  const char* const refused[] = {
      "S g;\n",
      "uniform S u;\nS f() { return u; }\n",
      "void f(out S p) {}\n",
      "void f(inout S p);\n",
      "uniform S u;\nvoid f() { S local = u; }\n",
  };
  for (const char* rest : refused) {
    const CompileResult r = compile(Stage::Fragment, s + rest + "out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
    EXPECT_FALSE(r.ok) << rest;
  }
  const CompileResult global = compile(Stage::Fragment, "#version 330\nstruct T { float x; sampler2D t; } g;\n"
                                                        "out vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  EXPECT_FALSE(global.ok);
}

}  // namespace
}  // namespace glvk::glsl
