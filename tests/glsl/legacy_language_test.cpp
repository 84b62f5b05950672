// The GLSL 1.10-1.30 language as such shaders were written, where glslang's parse (1.40, Vulkan
// dialect) differs: later keywords used as names, ... (src/glsl/later_keywords.cpp).
#include <gtest/gtest.h>

#include <string>

#include "glvk/glsl/compiler.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

constexpr int kVs = static_cast<int>(Stage::Vertex);

Program link_pair(const std::string& vs, const std::string& fs, const LinkOptions& options = {}) {
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Fragment, fs}};
  return link(shaders, options);
}

const Uniform* find_uniform(const Program& p, const std::string& name) {
  for (const Uniform& u : p.uniforms)
    if (u.name == name) return &u;
  return nullptr;
}

// GLSL 1.10 3.6: mat4x2 (a 1.20 keyword) and lowp/precision (1.30) are identifiers in 1.10;
// `sampler` is one in every GL version (a keyword of Vulkan's GLSL only).
TEST(GlslLegacyLanguage, LaterKeywordsAreNamesIn110) {
  const CompileResult r = compile(Stage::Fragment,
                                  "#version 110\n"
                                  "void main() {\n"
                                  "  float mat4x2 = 1.0; float lowp = 0.5; float sampler = 0.25;\n"
                                  "  float precision = mat4x2 + lowp + sampler;\n"
                                  "  gl_FragColor = vec4(precision);\n"
                                  "}\n");
  EXPECT_TRUE(r.ok) << r.log;
}

// In 1.20 mat4x2 is a type and lowp reserved; in 1.30 lowp is a precision qualifier.
TEST(GlslLegacyLanguage, KeywordsOfTheShadersOwnVersionStayKeywords) {
  EXPECT_TRUE(compile(Stage::Fragment, "#version 120\nvoid main() { mat4x2 m = mat4x2(1.0); gl_FragColor = vec4(m[0], m[1]); }\n").ok);
  EXPECT_FALSE(compile(Stage::Fragment, "#version 120\nvoid main() { float mat4x2 = 1.0; gl_FragColor = vec4(mat4x2); }\n").ok);
  EXPECT_TRUE(compile(Stage::Fragment, "#version 130\nvoid main() { lowp float x = 1.0; gl_FragColor = vec4(x); }\n").ok);
  EXPECT_FALSE(compile(Stage::Fragment, "#version 130\nvoid main() { float lowp = 1.0; gl_FragColor = vec4(lowp); }\n").ok);
  // GL_EXT_texture_array makes sampler2DArray a type of 1.10.
  EXPECT_TRUE(compile(Stage::Fragment,
                      "#version 110\n#extension GL_EXT_texture_array : enable\nuniform sampler2DArray s;\n"
                      "void main() { gl_FragColor = texture2DArray(s, vec3(0.0)); }\n")
                  .ok);
}

// The renamed names are the user's in reflection: uniforms and attributes (with
// glBindAttribLocation), while the SPIR-V keeps its own.
TEST(GlslLegacyLanguage, RenamedNamesReflectAsTheUsersNames) {
  const std::string vs =
      "#version 110\n"
      "attribute vec4 mat2x2;\n"
      "attribute vec4 pos;\n"
      "uniform float lowp;\n"
      "void main() { gl_Position = pos + mat2x2 * lowp; }\n";
  LinkOptions options;
  options.attribute_locations = {{"mat2x2", 3}};
  const Program p = link_pair(vs, "#version 110\nvoid main() { gl_FragColor = vec4(1.0); }\n", options);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_NE(find_uniform(p, "lowp"), nullptr);
  bool found = false;
  for (const InterfaceVariable& a : p.attributes)
    if (a.name == "mat2x2") {
      found = true;
      EXPECT_EQ(a.location, 3);
    }
  EXPECT_TRUE(found);
  std::string log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kVs], &log)) << log;
}

}  // namespace
}  // namespace glvk::glsl
