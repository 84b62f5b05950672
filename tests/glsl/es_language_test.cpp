// GLSL ES rules where glslang's parse (ES 1.00 and 3.00 as 3.10) differs from the shader's own
// language: built-in functions of a later version, 3.00's fragment-shader pragmas.
#include <gtest/gtest.h>

#include <string>

#include "glvk/glsl/compiler.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

CompileResult compile_es(Stage stage, const std::string& source) {
  CompileOptions options;
  options.es = true;
  options.default_version = 100;
  return compile(stage, source, options);
}

// GLSL ES 1.00 8 has no trunc/round/modf and 3.00 8 no bitfieldExtract/barrier/packUnorm4x8 (3.10
// built-ins): a shader of those versions may define functions of those names.
TEST(GlslEsLanguage, FunctionsNamedLikeLaterBuiltIns) {
  const CompileResult es100 = compile_es(Stage::Vertex,
                                         "#version 100\n"
                                         "float trunc(float f) { return f; }\n"
                                         "float modf(float f) { return f; }\n"
                                         "void main() { gl_Position = vec4(trunc(0.5) + modf(0.25)); }\n");
  EXPECT_TRUE(es100.ok) << es100.log;
  const CompileResult es300 = compile_es(Stage::Fragment,
                                         "#version 300 es\nprecision highp float;\nout vec4 o;\n"
                                         "int bitfieldExtract(int x) { return x; }\n"
                                         "void barrier() { }\n"
                                         "uint packUnorm4x8(vec4 v) { return uint(v.x); }\n"
                                         "void main() { barrier(); o = vec4(float(bitfieldExtract(1)), "
                                         "float(packUnorm4x8(vec4(2.0))), 0.0, 1.0); }\n");
  EXPECT_TRUE(es300.ok) << es300.log;
  // 3.00 has trunc: defining it again with its built-in signature stays an error.
  EXPECT_FALSE(compile_es(Stage::Vertex,
                          "#version 300 es\nfloat trunc(float f) { return f; }\n"
                          "void main() { gl_Position = vec4(trunc(0.5)); }\n")
                   .ok);
  // Desktop GLSL 1.10 has no round() either (1.30 brought it).
  const CompileResult desktop = compile(Stage::Vertex,
                                        "#version 110\nfloat round(float f) { return f + 1.0; }\n"
                                        "void main() { gl_Position = vec4(round(0.5)); }\n");
  EXPECT_TRUE(desktop.ok) << desktop.log;
}

// GLSL ES 3.00 4.6.1: "It is an error to use this pragma in a fragment shader"; 1.00 allows it.
TEST(GlslEsLanguage, InvariantAllPragmaRefusedInAnEs300FragmentShader) {
  const CompileResult r = compile_es(Stage::Fragment, "#version 300 es\n#pragma STDGL invariant(all)\nvoid main() {}\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("0:2:"), std::string::npos) << r.log;
  EXPECT_TRUE(compile_es(Stage::Vertex, "#version 300 es\n#pragma STDGL invariant(all)\n"
                                        "void main() { gl_Position = vec4(1.0); }\n")
                  .ok);
  EXPECT_TRUE(compile_es(Stage::Fragment, "#version 100\n#pragma STDGL invariant(all)\n"
                                          "void main() { gl_FragColor = vec4(1.0); }\n")
                  .ok);
}

// GLSL ES 3.10 atomic counters: glslang's lowering of the counter operations to buffer atomics
// mixes int operands into uint arithmetic, which ES alone refuses (a compile error for the
// decrement, SPIR-V that fails validation for the increment).
TEST(GlslEsLanguage, AtomicCounterOperationsCompileAndLink) {
  const std::string fs =
      "#version 310 es\nprecision highp float;\n"
      "layout(binding = 0) uniform atomic_uint a;\n"
      "layout(binding = 1, offset = 4) uniform atomic_uint b[2];\n"
      "uniform uint idx;\nout vec4 color;\n"
      "void main() {\n"
      "  uint v0 = atomicCounterIncrement(a);\n"
      "  uint v1 = atomicCounterDecrement(b[idx]);\n"
      "  color = vec4(float(v0 + v1 + atomicCounter(a)));\n"
      "}\n";
  CompileOptions options;
  options.es = true;
  options.default_version = 100;
  const CompileResult compiled = compile(Stage::Fragment, fs, options);
  EXPECT_TRUE(compiled.ok) << compiled.log;
  LinkOptions link_options;
  link_options.compile = options;
  const ShaderSource shaders[] = {
      {Stage::Vertex, "#version 310 es\nin vec4 p;\nvoid main() { gl_Position = p; }\n"}, {Stage::Fragment, fs}};
  const Program p = link(shaders, link_options);
  EXPECT_TRUE(p.ok) << p.log;
}

// GLSL ES 1.00 Appendix A: sampler arrays are indexed with constant-index-expressions (loop
// indices); 3.00 (4.1.7.1) takes only constant integral expressions.
TEST(GlslEsLanguage, Es100IndexesSamplerArraysWithLoopIndices) {
  const CompileResult r = compile_es(Stage::Fragment,
                                     "#version 100\nuniform sampler2D array[2];\n"
                                     "void main() {\n  highp vec4 color = vec4(0.0);\n"
                                     "  for (int i = 0; i < 2; i++) color += texture2D(array[i], vec2(0.0));\n"
                                     "  gl_FragColor = color;\n}\n");
  EXPECT_TRUE(r.ok) << r.log;
  EXPECT_FALSE(compile_es(Stage::Fragment,
                          "#version 300 es\nprecision highp float;\nuniform sampler2D array[2];\nuniform int i;\n"
                          "out vec4 o;\nvoid main() { o = texture(array[i], vec2(0.0)); }\n")
                   .ok);
}

// GLSL ES 1.00 4.2.7: a prototype once (a prototype and then the definition is fine); 6.1: the
// return precision of a function's declarations agrees, an unqualified one taking the default.
TEST(GlslEsLanguage, Es100FunctionDeclarations) {
  EXPECT_FALSE(compile_es(Stage::Vertex, "#version 100\nint f(int a);\nint f(int b);\n"
                                         "void main() { gl_Position = vec4(1.0); }\n")
                   .ok);
  const CompileResult ok = compile_es(Stage::Vertex,
                                      "#version 100\nint f(int a);\nint f(int a) { return a; }\n"
                                      "float f(float a) { return a; }\n"
                                      "void main() { gl_Position = vec4(f(1.0)) + vec4(f(1)); }\n");
  EXPECT_TRUE(ok.ok) << ok.log;
  const CompileResult mismatch = compile_es(Stage::Fragment,
                                            "#version 100\nprecision mediump float;\nfloat get();\n"
                                            "highp float get() { return 3.0; }\n"
                                            "void main() { gl_FragColor = vec4(get()); }\n");
  EXPECT_FALSE(mismatch.ok);
  EXPECT_NE(mismatch.log.find("0:4:"), std::string::npos) << mismatch.log;
  // The vertex shader's default float precision is highp.
  EXPECT_TRUE(compile_es(Stage::Vertex, "#version 100\nfloat get();\nhighp float get() { return 3.0; }\n"
                                        "void main() { gl_Position = vec4(get()); }\n")
                  .ok);
}

// unpackHalf2x16() of a constant reaches the device as its value (lavapipe unpacks a constant's
// second half wrongly): IEEE binary16 0xFC00 is -infinity, 0x3C00 1.0, 0x0001 2^-24, 0x8000 -0.
TEST(GlslEsLanguage, UnpackHalfOfAConstantIsFolded) {
  CompileOptions options;
  options.es = true;
  LinkOptions link_options;
  link_options.compile = options;
  const ShaderSource shaders[] = {
      {Stage::Vertex,
       "#version 300 es\nin vec4 p;\nout vec4 c;\n"
       "void main() { gl_Position = p; c = vec4(unpackHalf2x16(0x3C00FC00u), unpackHalf2x16(0x80000001u)); }\n"},
      {Stage::Fragment, "#version 300 es\nprecision highp float;\nin vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n"}};
  const Program p = link(shaders, link_options);
  ASSERT_TRUE(p.ok) << p.log;
  std::string log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[0], &log)) << log;
  const std::string text = test::disassemble(p.spirv[0]);
  EXPECT_EQ(text.find("UnpackHalf2x16"), std::string::npos) << text;
  EXPECT_NE(text.find("-0x1p+128"), std::string::npos) << text;   // -infinity
  EXPECT_NE(text.find("OpConstant %float 5.96046448e-08"), std::string::npos) << text;  // 2^-24
  EXPECT_NE(text.find("OpConstant %float 1\n"), std::string::npos) << text;
  EXPECT_NE(text.find("OpConstant %float -0"), std::string::npos) << text;
}

}  // namespace
}  // namespace glvk::glsl
