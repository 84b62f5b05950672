// Atomic counters (GL_ARB_shader_atomic_counters, GLSL 4.20 4.4.4.3, GL 4.6 7.6.3): declarations
// glslang's relaxed rules refuse, and the compile and link errors GL requires that they let through.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl {
namespace {

const char* kHeader = "#version 140\n#extension GL_ARB_shader_atomic_counters : enable\n";

Program link_fragment(const std::string& fs) {
  const ShaderSource shaders[] = {{Stage::Fragment, kHeader + fs}};
  return link(shaders);
}

// binding and offset of each counter of a linked program.
std::map<std::string, std::pair<std::uint32_t, std::uint32_t>> counters(const Program& p) {
  std::map<std::string, std::pair<std::uint32_t, std::uint32_t>> out;
  for (const Uniform& u : p.uniforms)
    if (atomic_counter_buffer_index(p, u) >= 0)
      out[u.name] = {p.blocks[std::size_t(u.block_index)].initial_gl_binding, u.offset};
  return out;
}

// `layout(binding = 2, offset = 4) uniform;` is a default declaration without a type: valid, and
// it moves no counter (Mesa places x4 at binding 2 offset 0, as piglit's active-counters expects).
// A counter without offset follows the previous one of its binding (4.4.4.3).
TEST(GlslAtomicCounters, DefaultUniformDeclarationWithBindingAndOffset) {
  const Program p = link_fragment(
      "out ivec4 c;\n"
      "layout(binding = 3, offset = 12) uniform atomic_uint x3;\n"
      "layout(binding = 7, binding = 2, offset = 4) uniform;\n"
      "layout(binding = 2) uniform atomic_uint x4;\n"
      "layout(binding = 3) uniform atomic_uint x6, x7;\n"
      "void main() { c.x = int(atomicCounter(x3) + atomicCounter(x4) + atomicCounter(x6) + atomicCounter(x7)); }\n");
  ASSERT_TRUE(p.ok) << p.log;
  const auto c = counters(p);
  EXPECT_EQ(c.at("x3"), std::make_pair(3u, 12u));
  EXPECT_EQ(c.at("x4"), std::make_pair(2u, 0u));
  EXPECT_EQ(c.at("x6"), std::make_pair(3u, 16u));
  EXPECT_EQ(c.at("x7"), std::make_pair(3u, 20u));
  for (const UniformBlock& b : p.blocks)
    if (b.name == std::string(kAtomicCounterBlockPrefix) + "3") {
      EXPECT_GE(b.size, 24u);  // x7's 4 bytes at 20
    }
}

// Line numbers after the removed declaration stay the user's.
TEST(GlslAtomicCounters, RemovedDefaultKeepsLineNumbers) {
  const CompileResult r = compile(Stage::Fragment, std::string(kHeader) +
                                                       "layout(binding = 1,\n offset = 4) uniform;\n"
                                                       "layout(binding = 1) uniform atomic_uint x;\n"
                                                       "void main() { undeclared(); }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("0:6:"), std::string::npos) << r.log;
}

// GLSL 4.20 4.4.4.3: a binding at or past gl_MaxAtomicCounterBindings is a compile-time error.
TEST(GlslAtomicCounters, BindingPastTheLimitFailsToCompile) {
  const std::string fs = "layout(binding = " + std::to_string(kMaxAtomicCounterBindings) +
                         ") uniform atomic_uint x;\nout vec4 c;\nvoid main() { c = vec4(atomicCounter(x)); }\n";
  EXPECT_FALSE(compile(Stage::Fragment, kHeader + fs).ok);
  const std::string ok = "layout(binding = " + std::to_string(kMaxAtomicCounterBindings - 1) +
                         ") uniform atomic_uint x;\nout vec4 c;\nvoid main() { c = vec4(atomicCounter(x)); }\n";
  EXPECT_TRUE(compile(Stage::Fragment, kHeader + ok).ok);
}

// A stage over MAX_FRAGMENT_ATOMIC_COUNTERS fails to link; at the limit it links.
TEST(GlslAtomicCounters, CountersPastTheStageLimitFailToLink) {
  auto fs = [](std::uint32_t n) {
    return "layout(binding = 0) uniform atomic_uint x[" + std::to_string(n) + "];\nout vec4 c;\nuniform int i;\n"
           "void main() { c = vec4(atomicCounter(x[i])); }\n";
  };
  EXPECT_TRUE(link_fragment(fs(kMaxAtomicCounters)).ok);
  EXPECT_FALSE(link_fragment(fs(kMaxAtomicCounters + 1)).ok);
}

// ARB_shader_atomic_counters: the layout qualifiers of a counter several stages declare match,
// explicit or implied (different-bindings-atomic-counter, multiple-defs).
TEST(GlslAtomicCounters, StagesDisagreeingOnACounterFailToLink) {
  auto program = [](const std::string& vs_layout, const std::string& fs_layout) {
    const ShaderSource shaders[] = {
        {Stage::Vertex, kHeader + ("layout(" + vs_layout + ") uniform atomic_uint y;\n"
                                   "layout(" + vs_layout + ") uniform atomic_uint x;\n"
                                   "out vec4 v;\nvoid main() { v = vec4(atomicCounter(x)); gl_Position = v; }\n")},
        {Stage::Fragment, kHeader + ("layout(" + fs_layout + ") uniform atomic_uint x;\n"
                                     "in vec4 v;\nout vec4 c;\nvoid main() { c = v * float(atomicCounter(x)); }\n")}};
    return link(shaders);
  };
  EXPECT_FALSE(program("binding = 0", "binding = 1").ok);
  // x follows y at offset 4 in the vertex stage, and is at 0 in the fragment stage.
  EXPECT_FALSE(program("binding = 0", "binding = 0").ok);
  EXPECT_TRUE(program("binding = 0", "binding = 0, offset = 4").ok);
}

}  // namespace
}  // namespace glvk::glsl
