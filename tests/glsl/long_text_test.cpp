// Long runs of shader text (white space, names, parameter lists, comments) end in a compile or link
// result, never a crash. glvk's text rewrites use std::regex, whose libstdc++ matcher recurses once
// per character a quantifier takes: 100,000 spaces in a declaration overflowed the 8 MiB stack
// inside glCompileShader (Mesa llvmpipe compiles the same shader), and so did a 40,000-character
// parameter list of a subroutine type (llvmpipe: a compile error).
// Nor do they take long: the text rewrites read the text through one linear lexer
// (src/glsl/tokens.cpp). With the regular expressions it replaced, each shape below took minutes.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl {
namespace {

const std::string kBody =
    "subroutine vec4 Colour();\n"
    "subroutine(Colour) vec4 red() { return vec4(1.0, 0.0, 0.0, 1.0); }\n"
    "subroutine uniform Colour colour;\n"
    "out vec4 c;\n"
    "void main() { c = colour(); }\n";

// Compiling and linking run on a stack sized for the text (src/glsl/deep_stack.cpp).
TEST(GlslLongText, WhiteSpaceInADeclarationCompilesAndLinks) {
  const std::string vs = "#version 110\nuniform float" + std::string(100000, ' ') +
                         "u;\nvoid main() { gl_Position = gl_ModelViewMatrix * gl_Vertex * u; }\n";
  const CompileResult compiled = compile(Stage::Vertex, vs);
  EXPECT_TRUE(compiled.ok) << compiled.log.substr(0, 200);
  const ShaderSource sources[] = {{Stage::Vertex, vs}};
  const Program linked = link(sources);
  EXPECT_TRUE(linked.ok) << linked.log.substr(0, 200);
}

// The subroutine lowering's patterns are bounded as well (subroutines.cpp).
TEST(GlslLongText, LongCommentBeforeSubroutineDeclarationsCompiles) {
  // Comments read as spaces: 100,000 of them after the directive.
  const CompileResult r = compile(Stage::Fragment, "#version 400\n/*" + std::string(100000, 'x') + "*/\n" + kBody);
  EXPECT_TRUE(r.ok) << r.log;
}

TEST(GlslLongText, LongRunsInsideSubroutineDeclarationsAreCompileErrors) {
  // A parameter list, an identifier and white space, each 100,000 characters long.
  for (const std::string& run : {std::string(100000, 'a'), std::string(100000, ' ') + "int"}) {
    const CompileResult r =
        compile(Stage::Fragment, "#version 400\nsubroutine vec4 T(" + run + ");\n" + kBody);
    EXPECT_FALSE(r.ok);
    EXPECT_NE(r.log.find("ERROR"), std::string::npos) << r.log.substr(0, 200);
  }
  const CompileResult name =
      compile(Stage::Fragment, "#version 400\nsubroutine vec4 " + std::string(100000, 'n') + "();\n" + kBody);
  EXPECT_FALSE(name.ok);
}

// Hostile shapes of 100,000 characters and more, each compiled and linked as one vertex or
// fragment shader. Times on this machine (2 cores, lightly loaded) before the lexer: over 15 s
// each at 100,000 characters, minutes at the sizes below (the patterns were quadratic: 10,000
// characters took 0.2-3.4 s); after it, 0.1-1.6 s each, most of it glslang. The bound, 8 s, is 5x
// the slowest today on a loaded machine (room for a busy CI runner and the sanitizer build, where
// glslang itself is not instrumented) and well below what the old code took.
constexpr double kBoundSeconds = 8.0;

std::string repeated(const std::string& piece, std::size_t at_least) {
  std::string s;
  while (s.size() < at_least) s += piece;
  return s;
}

struct Shape {
  const char* name;
  Stage stage;
  std::string text;
  bool compiles;  // llvmpipe's answer too, except for the long identifier (see below)
};

std::vector<Shape> hostile_shapes() {
  const std::string vs_main = "void main() { gl_Position = vec4(0.0); }\n";
  const std::string subroutine_tail = "subroutine uniform T t;\nout vec4 c;\nvoid main() { c = t(); }\n";
  std::vector<Shape> shapes;
  // glslang refuses names longer than 1024 characters ("name too long"); llvmpipe compiles it.
  // Before: `uniform ...? name [ ] =`'s lazy run backtracked over the identifier at every length.
  for (const char* version : {"110", "450"})
    shapes.push_back({"identifier after uniform", Stage::Vertex,
                      std::string("#version ") + version + "\nuniform float " + std::string(100000, 'a') + ";\n" + vs_main,
                      false});
  // Before: the implicit-array pattern started at every line break and ran over all the rest.
  shapes.push_back({"line breaks", Stage::Vertex,
                    "#version 110\nuniform float" + std::string(100000, '\n') + "u;\n" + vs_main, true});
  // Before: one regular expression per implicitly sized array, over the whole text.
  shapes.push_back({"implicitly sized arrays", Stage::Vertex,
                    [] {
                      std::string s = "#version 450\nvoid main() {\n";
                      for (int i = 0; s.size() < 100000; ++i) s += "float a" + std::to_string(i) + "[];\n";
                      return s + "gl_Position = vec4(0.0); }\n";
                    }(),
                    true});
  // Before: `[^\]]*` after each redeclaration's '[' ran to the end of the text.
  shapes.push_back({"unclosed redeclarations", Stage::Vertex,
                    "#version 110\n" + repeated("varying vec4 gl_TexCoord[", 200000) + "\n" + vs_main, false});
  // Before: one regular expression per subroutine function, and per subroutine type. 2,000
  // functions are more than MAX_SUBROUTINES (256): a compile error, as in llvmpipe.
  shapes.push_back({"subroutine functions", Stage::Fragment,
                    [&] {
                      std::string s = "#version 400\nsubroutine vec4 T();\n";
                      for (int i = 0; s.size() < 100000; ++i)
                        s += "subroutine(T) vec4 f" + std::to_string(i) + "() { return vec4(1.0); }\n";
                      return s + subroutine_tail;
                    }(),
                    false});
  shapes.push_back({"subroutine types", Stage::Fragment,
                    [&] {
                      std::string s = "#version 400\n";
                      for (int i = 0; s.size() < 100000; ++i) s += "subroutine vec4 T" + std::to_string(i) + "();\n";
                      return s + "subroutine vec4 T();\nsubroutine(T) vec4 r() { return vec4(1.0); }\n" + subroutine_tail;
                    }(),
                    true});
  // Shapes that were linear already stay so: white space, comments, parameter lists, nesting.
  shapes.push_back({"block comment", Stage::Vertex, "#version 450\n/*" + std::string(100000, 'x') + "*/\n" + vs_main, true});
  shapes.push_back({"many uniforms", Stage::Vertex,
                    [&] {
                      std::string s = "#version 110\n";
                      for (int i = 0; s.size() < 100000; ++i) s += "uniform float u" + std::to_string(i) + ";\n";
                      return s + vs_main;
                    }(),
                    true});
  // Before: SPIRV-Tools' inliner moved the rest of main's block at every call (n^2), and the
  // validator's friendly names tried "param_0", "param_1", ... for every call's argument.
  shapes.push_back({"calls of one function", Stage::Fragment,
                    [] {
                      std::string s = "#version 450\nlayout(location = 0) out vec4 c;\n"
                                      "float f(float x) { return x * 0.5 + 1.0; }\nvoid main() {\nfloat s = 0.0;\n";
                      while (s.size() < 100000) s += "s = f(s);\n";
                      return s + "c = vec4(s);\n}\n";
                    }(),
                    true});
  shapes.push_back({"unclosed layouts", Stage::Vertex, "#version 450\n" + vs_main + repeated("layout(", 100000), false});
  return shapes;
}

TEST(GlslLongText, HostileShapesCompileAndLinkInBoundedTime) {
  for (const Shape& shape : hostile_shapes()) {
    SCOPED_TRACE(shape.name);
    const auto start = std::chrono::steady_clock::now();
    const CompileResult compiled = compile(shape.stage, shape.text);
    const ShaderSource sources[] = {{shape.stage, shape.text}};
    const Program linked = link(sources);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, kBoundSeconds);
    EXPECT_EQ(compiled.ok, shape.compiles) << compiled.log.substr(0, 200);
    EXPECT_EQ(linked.ok, shape.compiles) << linked.log.substr(0, 200);
    if (!shape.compiles) {
      EXPECT_NE(compiled.log.find("ERROR"), std::string::npos) << compiled.log.substr(0, 200);
    }
  }
}

}  // namespace
}  // namespace glvk::glsl
