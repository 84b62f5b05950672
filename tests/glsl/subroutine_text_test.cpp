// The subroutine lowering reads shader text with regular expressions; libstdc++'s matcher recurses
// once per character a quantifier takes, so an unbounded one over a long run of the shader's text
// overflowed the stack: a 40,000-character parameter list crashed glCompileShader (llvmpipe
// answers a compile error). Long runs must end in a compile result, never a crash.
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

TEST(GlslSubroutineText, LongCommentBeforeTheDeclarationsCompiles) {
  // Comments read as spaces: 100,000 of them after the directive.
  const CompileResult r = compile(Stage::Fragment, "#version 400\n/*" + std::string(100000, 'x') + "*/\n" + kBody);
  EXPECT_TRUE(r.ok) << r.log;
}

TEST(GlslSubroutineText, LongRunsInsideDeclarationsAreCompileErrors) {
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
