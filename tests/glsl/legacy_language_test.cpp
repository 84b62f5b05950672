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

// GLSL 1.10 7.1: a vertex shader executable writes gl_Position (not from 1.40 on).
TEST(GlslLegacyLanguage, VertexShaderMustWriteGlPositionBefore140) {
  const std::string fs = "void main() { gl_FragColor = gl_Color; }\n";
  EXPECT_FALSE(link_pair("void main() { gl_FrontColor = vec4(0.3); }\n", fs).ok);
  EXPECT_FALSE(link_pair("#version 130\nvoid main() { gl_FrontColor = vec4(0.3); }\n", fs).ok);
  EXPECT_TRUE(link_pair("void main() { gl_FrontColor = vec4(0.3); gl_Position = gl_Vertex; }\n", fs).ok);
  EXPECT_TRUE(link_pair("#version 140\nin vec4 p;\nout vec4 v;\nvoid main() { v = p; }\n",
                        "#version 140\nin vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n")
                  .ok);
}

// GLSL 1.10 4.3.6: a varying the fragment shader reads must be written by the vertex shader (1.20
// too; 1.30 leaves it undefined). Any write counts: a component, an out argument.
TEST(GlslLegacyLanguage, VaryingReadButNotWrittenFailsBefore130) {
  const std::string fs = "varying vec4 foo;\nvoid main() { gl_FragColor = foo; }\n";
  const Program unwritten = link_pair("varying vec4 foo;\nvoid main() { gl_Position = ftransform(); }\n", fs);
  EXPECT_FALSE(unwritten.ok);
  EXPECT_NE(unwritten.log.find("foo"), std::string::npos) << unwritten.log;
  EXPECT_FALSE(link_pair("#version 120\nvarying vec4 foo;\nvoid main() { gl_Position = ftransform(); }\n",
                         "#version 120\n" + fs)
                   .ok);
  EXPECT_TRUE(link_pair("#version 130\nvarying vec4 foo;\nvoid main() { gl_Position = ftransform(); }\n",
                        "#version 130\n" + fs)
                  .ok);
  EXPECT_TRUE(link_pair("varying vec4 foo;\nvoid main() { gl_Position = ftransform(); foo.y = 1.0; }\n", fs).ok);
  EXPECT_TRUE(link_pair("varying vec4 foo;\nvoid set(out vec4 v) { v = vec4(1.0); }\n"
                        "void main() { gl_Position = ftransform(); set(foo); }\n",
                        fs)
                  .ok);
  // Declared but never read: nothing to write.
  EXPECT_TRUE(link_pair("varying vec4 foo;\nvoid main() { gl_Position = ftransform(); }\n",
                        "varying vec4 foo;\nvoid main() { gl_FragColor = vec4(1.0); }\n")
                  .ok);
}

// GLSL 1.10 4.3 / 1.20 4.3: a global initialized in several units of a stage has constant
// initializers of one value.
TEST(GlslLegacyLanguage, SharedGlobalInitializersAreOneConstant) {
  const std::string main_unit = "void main() { gl_Position = gl_Vertex * g; }\n";
  auto link_units = [&](const std::string& a, const std::string& b) {
    const ShaderSource shaders[] = {{Stage::Vertex, a + main_unit},
                                    {Stage::Vertex, b + "void helper() {}\n"},
                                    {Stage::Fragment, "void main() { gl_FragColor = vec4(1.0); }\n"}};
    return link(shaders);
  };
  EXPECT_TRUE(link_units("float g = 2.0;\n", "float g = 2.0;\n").ok);
  EXPECT_TRUE(link_units("float g;\n", "float g = 1.0;\n").ok);
  EXPECT_FALSE(link_units("float g = 1.0;\n", "float g = 2.0;\n").ok);
  const std::string expression = "uniform float a;\nfloat g = sin(a);\n";
  EXPECT_FALSE(link_units(expression, expression).ok);
  EXPECT_FALSE(link_units("float g = 1.0;\n", expression).ok);
}

// GLSL 1.10 4.1.8 lets a structure definition sit in another's members (1.20 dropped it); Mesa
// takes one in a uniform block of a 1.10 shader too. Line numbers after it stay the user's.
TEST(GlslLegacyLanguage, NestedStructDefinitionsIn110) {
  const std::string vs =
      "#extension GL_ARB_uniform_buffer_object : require\n"
      "struct Outer {\n"
      "  struct Inner { float f; } inner;\n"
      "  struct { vec2 v; } anonymous;\n"
      "};\n"
      "uniform Outer o;\n"
      "uniform ub { struct { vec2 pos; float size; } info[4]; };\n"
      "void main() { gl_Position = vec4(o.inner.f, o.anonymous.v, info[1].size); }\n";
  const Program p = link_pair(vs, "void main() { gl_FragColor = vec4(1.0); }\n");
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_NE(find_uniform(p, "o.inner.f"), nullptr);
  EXPECT_NE(find_uniform(p, "info[1].size"), nullptr);
  const CompileResult error = compile(Stage::Vertex,
                                      "struct A {\n  struct B {\n    float f;\n  } b;\n};\n"
                                      "void main() { gl_Position = vec4(nope); }\n");
  EXPECT_NE(error.log.find("0:6:"), std::string::npos) << error.log;
  // 1.20 has no nested definitions.
  EXPECT_FALSE(compile(Stage::Vertex, "#version 120\nstruct A { struct B { float f; } b; };\n"
                                      "void main() { gl_Position = vec4(1.0); }\n")
                   .ok);
}

// A call that a constant condition skips needs no definition of its function (GL implementations
// fold the branch away; piglit's glsl-const-folding-01); a call that may run still does.
TEST(GlslLegacyLanguage, CallsInDeadBranchesNeedNoDefinition) {
  const std::string vs = "void main() { gl_Position = gl_Vertex; }\n";
  const Program dead = link_pair(vs,
                                 "#version 120\nvoid never();\nfloat never_value(float x);\n"
                                 "void main() {\n  gl_FragColor = vec4(1.0);\n"
                                 "  if (false) never();\n"
                                 "  else if (degrees(0.0) != 0.0) gl_FragColor = vec4(never_value(1.0));\n}\n");
  EXPECT_TRUE(dead.ok) << dead.log;
  const Program live = link_pair(vs,
                                 "#version 120\nuniform bool u;\nvoid sometimes();\n"
                                 "void main() { gl_FragColor = vec4(1.0); if (u) sometimes(); }\n");
  EXPECT_FALSE(live.ok);
}

// GLSL 1.10 and 1.20 index sampler arrays with any integer expression; from 1.30 the index must
// be a constant expression (GLSL 1.30 4.1.7). A loop index over the array (piglit's max-samplers)
// compiles and links in 1.10 and 1.20, and the same shader declared 1.30 fails.
TEST(GlslLegacyLanguage, SamplerArraysTakeLoopIndicesBefore130) {
  auto fragment = [](const std::string& version) {
    return "#version " + version +
           "\nuniform sampler2D tex[4];\nuniform int which;\nvoid main() {\n  vec4 c = vec4(0.0);\n"
           "  for (int i = 0; i < 4; i++)\n    if (i == which) c = texture2D(tex[i], vec2(0.5));\n"
           "  gl_FragColor = c;\n}\n";
  };
  for (const char* version : {"110", "120"}) {
    const CompileResult r = compile(Stage::Fragment, fragment(version));
    EXPECT_TRUE(r.ok) << version << ": " << r.log;
    const Program p = link_pair("#version " + std::string(version) + "\nvoid main() { gl_Position = gl_Vertex; }\n",
                                fragment(version));
    ASSERT_TRUE(p.ok) << version << ": " << p.log;
    const Uniform* tex = find_uniform(p, "tex[0]");
    ASSERT_NE(tex, nullptr);
    EXPECT_EQ(tex->array_size, 4u);
  }
  EXPECT_FALSE(compile(Stage::Fragment, fragment("130")).ok);
}

}  // namespace
}  // namespace glvk::glsl
