// Shaders using what their GLSL version has but glslang accepts only from a later version:
// gl_PerVertex redeclarations (1.50 geometry shaders, any stage with separate shader objects),
// line continuation (accepted by the GL drivers in every version) and 1.40's inverse().
#include <gtest/gtest.h>

#include <string>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl {
namespace {

TEST(GlslVersionGaps, PerVertexRedeclarationsIn150) {
  const CompileResult vs = compile(Stage::Vertex,
                                   "#version 150\n"
                                   "out gl_PerVertex {\n"
                                   "  vec4 gl_Position;\n"
                                   "  float gl_ClipDistance[2];\n"
                                   "};\n"
                                   "in vec4 p;\n"
                                   "void main() { gl_Position = p; gl_ClipDistance[0] = 1.0; gl_ClipDistance[1] = p.x; }\n");
  EXPECT_TRUE(vs.ok) << vs.log;
  const CompileResult gs = compile(Stage::Geometry,
                                   "#version 150\n"
                                   "layout(triangles) in;\n"
                                   "layout(triangle_strip, max_vertices = 3) out;\n"
                                   "in gl_PerVertex { vec4 gl_Position; } gl_in[];\n"
                                   "out gl_PerVertex { vec4 gl_Position; };\n"
                                   "void main() {\n"
                                   "  for (int i = 0; i < 3; ++i) { gl_Position = gl_in[i].gl_Position; EmitVertex(); }\n"
                                   "}\n");
  EXPECT_TRUE(gs.ok) << gs.log;
  // A member the block does not redeclare is gone (GLSL 4.60 7.1.1).
  const CompileResult missing = compile(Stage::Vertex,
                                        "#version 150\n"
                                        "out gl_PerVertex { vec4 gl_Position; };\n"
                                        "void main() { gl_Position = vec4(0.0); gl_PointSize = 2.0; }\n");
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.log.find("0:3:"), std::string::npos) << missing.log;
}

TEST(GlslVersionGaps, LineContinuationKeepsLineNumbers) {
  const CompileResult ok = compile(Stage::Fragment,
                                   "#version 130\n"
                                   "#define RED vec4(1.0, \\\n"
                                   "                 0.0, 0.0, 1.0)\n"
                                   "out vec4 c;\n"
                                   "void main() { c = RED; }\n");
  EXPECT_TRUE(ok.ok) << ok.log;
  const CompileResult bad = compile(Stage::Fragment,
                                    "#version 150\n"
                                    "#define TWO \\\n"
                                    "  2.0\n"
                                    "out vec4 c;\n"
                                    "void main() { c = vec4(TWO); c = undeclared_x; }\n");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.log.find("0:5:"), std::string::npos) << bad.log;
}

TEST(GlslVersionGaps, InverseIn140) {
  const CompileResult r = compile(Stage::Fragment,
                                  "#version 140\n"
                                  "uniform mat2 a; uniform mat3 b; uniform mat4 m;\n"
                                  "out vec4 c;\n"
                                  "void main() { c = inverse(m)[0] + vec4(inverse(b)[1], inverse(a)[0][1]); }\n");
  EXPECT_TRUE(r.ok) << r.log;
  // In 1.30 inverse() is the user's name to declare (no built-in to clash with).
  const CompileResult own = compile(Stage::Fragment,
                                    "#version 130\n"
                                    "float inverse(float x) { return 1.0 / x; }\n"
                                    "out vec4 c;\n"
                                    "void main() { c = vec4(inverse(2.0)); }\n");
  EXPECT_TRUE(own.ok) << own.log;
}

// GLSL 4.60 3.3: __VERSION__ is the shader's own version, though glslang parses 1.10 as 1.40 and
// GLSL ES 1.00/3.00 as 3.10 es; names the preprocessor only tests keep working.
TEST(GlslVersionGaps, VersionMacroIsTheDeclaredVersion) {
  auto expect_version = [](const char* version_line, int expected, bool es) {
    CompileOptions options;
    options.es = es;
    if (es) options.default_version = 100;
    const std::string src = std::string(version_line) + "#if __VERSION__ != " + std::to_string(expected) +
                            "\n#error __VERSION__ is not the declared version\n#endif\n"
                            "#if !defined(__VERSION__) || !defined __VERSION__\n#error\n#endif\n"
                            "#ifndef __VERSION__\n#error\n#endif\n"
                            "const int v = __VERSION__; /* __VERSION__ in a comment */\n"
                            "void main() {}\n";
    const CompileResult r = compile(Stage::Vertex, src, options);
    EXPECT_TRUE(r.ok) << version_line << r.log;
  };
  expect_version("#version 110\n", 110, false);
  expect_version("", 110, false);
  expect_version("#version 130\n", 130, false);
  expect_version("#version 450\n", 450, false);
  expect_version("#version 100\n", 100, true);
  expect_version("", 100, true);
  expect_version("#version 300 es\n", 300, true);
  expect_version("#version 320 es\n", 320, true);
  // A 1.00 shader taking its 1.00 branch: gl_FragColor stays the built-in (piglit's built-in
  // constants test defines it away only from 3.00).
  CompileOptions es;
  es.es = true;
  EXPECT_TRUE(compile(Stage::Fragment, "#version 100\nprecision mediump float;\n#if __VERSION__ >= 300\nout vec4 color;\n"
                                       "#define gl_FragColor color\n#endif\nvoid main() { gl_FragColor = vec4(1.0); }\n",
                      es).ok);
}

}  // namespace
}  // namespace glvk::glsl
