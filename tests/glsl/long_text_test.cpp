// Long runs of shader text (white space, names, parameter lists, comments) end in a compile or link
// result, never a crash. glvk's text rewrites use std::regex, whose libstdc++ matcher recurses once
// per character a quantifier takes: 100,000 spaces in a declaration overflowed the 8 MiB stack
// inside glCompileShader (Mesa llvmpipe compiles the same shader), and so did a 40,000-character
// parameter list of a subroutine type (llvmpipe: a compile error).
#include <gtest/gtest.h>

#include <string>

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

}  // namespace
}  // namespace glvk::glsl
