// Shader storage blocks (GL_ARB_shader_storage_buffer_object, GLSL 4.30 4.3.9, GL 4.6 7.8): the
// link errors GL requires and glslang leaves out or reports as compile errors.
#include <gtest/gtest.h>

#include <string>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl {
namespace {

const char* kHeader = "#version 150\n#extension GL_ARB_shader_storage_buffer_object : require\n";

// GLSL 4.30 4.3.9 / 4.1.9: only a storage block's last member is sized at run time; another
// member without a size takes one from its constant indices, and one never indexed or indexed by a
// variable is a link error (piglit's unsized_array_member and non_integral_size_array_member),
// the shader itself compiling.
TEST(GlslStorageBlocks, UnsizedMemberBeforeTheLastFailsToLinkNotToCompile) {
  for (const char* use : {"b.a[0]", "b.s[f] + b.a[0]"}) {
    const std::string vs = std::string(kHeader) +
                           "buffer a {\n  vec4 s[];\n  vec4 a[];\n} b;\nuniform int f;\nout vec4 c;\n"
                           "void main() { c = " + use + "; gl_Position = c; }\n";
    EXPECT_TRUE(compile(Stage::Vertex, vs).ok) << use;
    const ShaderSource shaders[] = {{Stage::Vertex, vs}};
    const Program p = link(shaders);
    EXPECT_FALSE(p.ok) << use;
    EXPECT_NE(p.log.find("a.s"), std::string::npos) << p.log;
  }
  // Indexed by constants only, the member is implicitly sized by them (piglit's
  // implicit_size_array_member: s[2] and a[1] make BUFFER_DATA_SIZE 48).
  const std::string implicit = std::string(kHeader) +
                               "buffer a {\n  vec4 s[];\n  vec4 a[];\n} b;\nout vec4 c;\n"
                               "void main() { c = b.s[0] + b.s[1]; gl_Position = c; }\n";
  const ShaderSource implicit_shaders[] = {{Stage::Vertex, implicit}};
  const Program sized = link(implicit_shaders);
  ASSERT_TRUE(sized.ok) << sized.log;
  for (const UniformBlock& block : sized.blocks) {
    if (block.name == "a") {
      EXPECT_EQ(block.size, 48u);
    }
  }
  // The last member unsized is a run-time sized array: it links.
  const std::string last = std::string(kHeader) +
                           "buffer a {\n  vec4 s[2];\n  vec4 a[];\n} b;\nuniform int f;\nout vec4 c;\n"
                           "void main() { c = b.s[f] + b.a[f]; gl_Position = c; }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, last}};
  EXPECT_TRUE(link(shaders).ok) << link(shaders).log;
}

// GL 4.6 7.8: the storage blocks a stage uses, and the program's stages together, stay within
// MAX_<STAGE>_SHADER_STORAGE_BLOCKS and MAX_COMBINED_SHADER_STORAGE_BLOCKS (piglit's maxblocks).
TEST(GlslStorageBlocks, BlocksPastTheLimitsFailToLink) {
  auto blocks = [](const std::string& prefix, int n) {
    std::string decls, sum = "vec4(0.0)";
    for (int i = 0; i < n; ++i) {
      decls += "buffer " + prefix + std::to_string(i) + " { vec4 v; } " + prefix + "i" + std::to_string(i) + ";\n";
      sum += " + " + prefix + "i" + std::to_string(i) + ".v";
    }
    return std::make_pair(decls, sum);
  };
  auto program = [&](int vertex, int fragment) {
    const auto [vd, vs] = blocks("V", vertex);
    const auto [fd, fs] = blocks("F", fragment);
    const ShaderSource shaders[] = {
        {Stage::Vertex, kHeader + vd + "void main() { gl_Position = " + vs + "; }\n"},
        {Stage::Fragment, kHeader + fd + "out vec4 c;\nvoid main() { c = " + fs + "; }\n"}};
    LinkOptions options;
    options.compile.limits.max_vertex_shader_storage_blocks = 4;
    options.compile.limits.max_fragment_shader_storage_blocks = 4;
    options.compile.limits.max_combined_shader_storage_blocks = 6;
    return link(shaders, options);
  };
  EXPECT_TRUE(program(4, 2).ok);
  EXPECT_FALSE(program(5, 0).ok);  // the vertex stage's 4
  EXPECT_FALSE(program(0, 5).ok);  // the fragment stage's 4
  EXPECT_FALSE(program(4, 3).ok);  // 7 of the combined 6
}

}  // namespace
}  // namespace glvk::glsl
