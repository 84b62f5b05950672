// glvk::glsl::compile: COMPILE_STATUS and the info log with the user's line numbers, the GLSL
// versions glvk accepts (1.30-4.60, 3.00-3.20 es) and robustness against any text.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl {
namespace {

TEST(GlslCompile, ValidModernShaderCompiles) {
  const CompileResult r = compile(Stage::Fragment, "#version 330 core\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  EXPECT_TRUE(r.ok) << r.log;
  EXPECT_EQ(r.version, 330);
}

TEST(GlslCompile, ErrorsNameTheSourceLines) {
  // Errors on lines 4 and 6 (1-based, the #version line is line 1).
  const char* src =
      "#version 330\n"
      "out vec4 c;\n"
      "void main() {\n"
      "  c = undeclared_a;\n"
      "  c = vec4(1.0);\n"
      "  c = vec3(1.0);\n"
      "}\n";
  const CompileResult r = compile(Stage::Fragment, src);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("0:4:"), std::string::npos) << r.log;
  EXPECT_NE(r.log.find("undeclared_a"), std::string::npos) << r.log;
}

TEST(GlslCompile, SecondErrorLineReported) {
  const char* src =
      "#version 330\n"
      "out vec4 c;\n"
      "void main() {\n"
      "  c = vec4(1.0);\n"
      "  c = vec3(1.0);\n"
      "}\n";
  const CompileResult r = compile(Stage::Fragment, src);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("0:5:"), std::string::npos) << r.log;
}

// 1.10-1.30 are raised to 1.40 for glslang; the user's line numbers stay.
TEST(GlslCompile, RaisedVersionsKeepLineNumbers) {
  for (const char* version : {"#version 110\n", "#version 120\n", "#version 130\n", ""}) {
    const std::string src = std::string(version) + "void main() {\n  gl_FragColor = vec4(nope);\n}\n";
    const CompileResult r = compile(Stage::Fragment, src);
    EXPECT_FALSE(r.ok) << version;
    const std::string line = *version ? "0:3:" : "0:2:";
    EXPECT_NE(r.log.find(line), std::string::npos) << version << r.log;
  }
}

TEST(GlslCompile, ReportsDeclaredOrDefaultVersion) {
  EXPECT_EQ(compile(Stage::Vertex, "#version 130\nvoid main() {}\n").version, 130);
  EXPECT_EQ(compile(Stage::Vertex, "void main() {}\n").version, 110);
  CompileOptions options;
  options.default_version = 120;
  EXPECT_EQ(compile(Stage::Vertex, "// comment\nvoid main() {}\n", options).version, 120);
  EXPECT_EQ(compile(Stage::Vertex, "/* c */ #version 300 es\nvoid main() {}\n").version, 300);
}

TEST(GlslCompile, ModernStyle130Shaders) {
  const CompileResult vs = compile(Stage::Vertex,
                                   "#version 130\nin vec4 pos;\nout vec2 uv;\nuniform float s;\n"
                                   "void main() { uv = pos.xy * s; gl_Position = pos; }\n");
  EXPECT_TRUE(vs.ok) << vs.log;
  const CompileResult fs = compile(Stage::Fragment,
                                   "#version 130\nin vec2 uv;\nout vec4 color;\nuniform sampler2D t;\n"
                                   "void main() { color = texture(t, uv); }\n");
  EXPECT_TRUE(fs.ok) << fs.log;
}

TEST(GlslCompile, Legacy110And120Shaders) {
  const CompileResult vs = compile(Stage::Vertex,
                                   "#version 120\nattribute vec4 pos;\nvarying vec2 uv;\n"
                                   "void main() { uv = pos.xy; gl_Position = pos; }\n");
  EXPECT_TRUE(vs.ok) << vs.log;
  const CompileResult fs = compile(Stage::Fragment,
                                   "varying vec2 uv;\nuniform sampler2D t;\nuniform sampler2DShadow sh;\n"
                                   "void main() { gl_FragColor = texture2D(t, uv) + texture2DProj(t, vec3(uv, 1.0))"
                                   " + shadow2D(sh, vec3(uv, 0.5)); }\n");
  EXPECT_TRUE(fs.ok) << fs.log;
}

TEST(GlslCompile, EveryDesktopAndEsVersion) {
  for (int v : {130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460}) {
    const std::string src = "#version " + std::to_string(v) + "\nout vec4 c;\nvoid main() { c = vec4(0.5); }\n";
    const CompileResult r = compile(Stage::Fragment, src);
    EXPECT_TRUE(r.ok) << v << ": " << r.log;
    EXPECT_EQ(r.version, v);
  }
  // GLSL ES 3.x in an ES context; a desktop context refuses it (glvk does not advertise
  // GL_ARB_ES3_compatibility).
  CompileOptions es;
  es.es = true;
  es.default_version = 100;
  for (int v : {300, 310, 320}) {
    const std::string src = "#version " + std::to_string(v) +
                            " es\nprecision mediump float;\nout vec4 c;\nvoid main() { c = vec4(0.5); }\n";
    const CompileResult r = compile(Stage::Fragment, src, es);
    EXPECT_TRUE(r.ok) << v << " es: " << r.log;
    EXPECT_EQ(r.version, v);
    EXPECT_FALSE(compile(Stage::Fragment, src).ok) << v;
  }
}

TEST(GlslCompile, UnknownOrMalformedVersionsFailCleanly) {
  for (const char* src : {"#version 99999\nvoid main() {}\n", "\n#version 300\nvoid main() {}\n",
                          "#version 330 banana\nvoid main() {}\n", "#version\nvoid main() {}\n"}) {
    const CompileResult r = compile(Stage::Fragment, src);
    EXPECT_FALSE(r.ok) << src;
    EXPECT_NE(r.log.find("ERROR: 0:"), std::string::npos) << src << r.log;
  }
  EXPECT_NE(compile(Stage::Fragment, "\n#version 300\nvoid main() {}\n").log.find("0:2:"), std::string::npos);
  // A comment after the directive is fine.
  EXPECT_TRUE(compile(Stage::Fragment, "#version 330 core // c\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n").ok);
}

TEST(GlslCompile, CompatibilityProfileWordAccepted) {
  const CompileResult r =
      compile(Stage::Fragment, "#version 150 compatibility\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
  EXPECT_TRUE(r.ok) << r.log;
}

// ARB_compute_shader / GLSL 4.30 4.4.1.1: a local size past MAX_COMPUTE_WORK_GROUP_SIZE in its
// dimension, or a work group of more invocations than MAX_COMPUTE_WORK_GROUP_INVOCATIONS, is a
// compile-time error; the limits are the context's (here those of a device allowing 1024 in each
// dimension and 1024 in all), not glslang's defaults (64 in z).
TEST(GlslCompile, ComputeWorkGroupSizesMeetTheContextsLimits) {
  CompileOptions options;
  options.limits.max_compute_work_group_size = {1024, 1024, 1024};
  options.limits.max_compute_work_group_invocations = 1024;
  auto compiles = [&](int x, int y, int z) {
    const std::string source = "#version 430\nlayout(local_size_x = " + std::to_string(x) + ", local_size_y = " +
                               std::to_string(y) + ", local_size_z = " + std::to_string(z) + ") in;\nvoid main() {}\n";
    return compile(Stage::Compute, source, options).ok;
  };
  EXPECT_TRUE(compiles(1024, 1, 1));
  EXPECT_TRUE(compiles(1, 1, 1024));
  EXPECT_TRUE(compiles(8, 8, 16));
  EXPECT_FALSE(compiles(1025, 1, 1));
  EXPECT_FALSE(compiles(1, 1, 1025));
  EXPECT_FALSE(compiles(11, 11, 11));  // 1331 invocations
  const CompileResult r = compile(Stage::Compute, "#version 430\nlayout(local_size_x = 64, local_size_y = 32) in;\nvoid main() {}\n", options);
  EXPECT_NE(r.log.find("2048 invocations per work group exceed MAX_COMPUTE_WORK_GROUP_INVOCATIONS (1024)"),
            std::string::npos) << r.log;
}

TEST(GlslCompile, EveryStage) {
  EXPECT_TRUE(compile(Stage::Compute, "#version 430\nlayout(local_size_x = 4) in;\nvoid main() {}\n").ok);
  const CompileResult gs = compile(Stage::Geometry,
                                   "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
                                   "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n");
  EXPECT_TRUE(gs.ok) << gs.log;
  const CompileResult tcs = compile(Stage::TessControl,
                                    "#version 400\nlayout(vertices = 3) out;\nvoid main() {\n"
                                    "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
                                    "  gl_TessLevelOuter[0] = 1.0;\n}\n");
  EXPECT_TRUE(tcs.ok) << tcs.log;
  const CompileResult tes = compile(Stage::TessEvaluation,
                                    "#version 400\nlayout(triangles) in;\n"
                                    "void main() { gl_Position = gl_in[0].gl_Position * gl_TessCoord.x; }\n");
  EXPECT_TRUE(tes.ok) << tes.log;
}

// No text crashes the compiler: random bytes, random tokens and mutations of a valid shader.
TEST(GlslCompile, FuzzNeverCrashes) {
  std::mt19937 rng(1234);
  const char* tokens[] = {"#version 330\n", "#version 110\n", "void", "main", "(", ")", "{", "}", ";", "uniform",
                          "in", "out", "vec4", "float", "=", "+", "*", "[", "]", "1.0", "0", "struct", "layout",
                          "(location = 1)", "#define X", "#if", "#endif", "\n", "/*", "*/", "//", "gl_Position",
                          "texture2D", "sampler2D", "if", "else", "for", "return", "discard", ".", ",", "\\",
                          "#line 99999999999", "#extension GL_ARB_foo : require", "#version 300 es", "#version 99999"};
  const std::string valid =
      "#version 330\nuniform mat4 m;\nin vec4 p;\nout vec2 uv;\nvoid main() { uv = p.xy; gl_Position = m * p; }\n";
  const Stage stages[] = {Stage::Vertex, Stage::Fragment, Stage::Geometry, Stage::Compute};
  for (int i = 0; i < 600; ++i) {
    std::string text;
    switch (i % 3) {
      case 0: {
        const std::size_t n = rng() % 200;
        for (std::size_t k = 0; k < n; ++k) text.push_back(static_cast<char>(rng() & 0xff));
        break;
      }
      case 1: {
        const std::size_t n = rng() % 60;
        for (std::size_t k = 0; k < n; ++k) {
          text += tokens[rng() % std::size(tokens)];
          text += ' ';
        }
        break;
      }
      default: {
        text = valid;
        const std::size_t edits = 1 + rng() % 4;
        for (std::size_t k = 0; k < edits && !text.empty(); ++k) {
          const std::size_t at = rng() % text.size();
          if (rng() % 2) {
            text.erase(at, 1 + rng() % 5);
          } else {
            text.insert(at, tokens[rng() % std::size(tokens)]);
          }
        }
        break;
      }
    }
    const CompileResult r = compile(stages[i % 4], text);
    if (!r.ok) { EXPECT_FALSE(r.log.empty()) << text; }
  }
}

// GLSL 4.60 / ES 3.20 4.5: fragment inputs that are or contain integers (or doubles) are flat,
// block members included (glslang checks loose variables only; Mesa refuses both).
TEST(GlslCompile, IntegerFragmentInputsInBlocksMustBeFlat) {
  CompileOptions es;
  es.es = true;
  const char* es_cases[] = {"in IB { int u[4]; };", "in IB { smooth ivec2 u; };", "struct S { uint x; };\nin IB { S s; };"};
  for (const char* declaration : es_cases) {
    const std::string src = std::string("#version 320 es\nprecision mediump float;\n") + declaration +
                            "\nout vec4 c;\nvoid main() { c = vec4(0.0); }\n";
    const CompileResult r = compile(Stage::Fragment, src, es);
    EXPECT_FALSE(r.ok) << declaration;
    EXPECT_NE(r.log.find("flat"), std::string::npos) << r.log;
  }
  EXPECT_FALSE(compile(Stage::Fragment, "#version 150\nin IB { int u; };\nout vec4 c;\nvoid main() { c = vec4(u); }\n").ok);
  EXPECT_FALSE(compile(Stage::Fragment, "#version 400\nin IB { dvec2 d; };\nout vec4 c;\nvoid main() { c = vec4(d.x); }\n").ok);
  // Flat on the member (a block takes no interpolation qualifier); floats need nothing; other
  // stages' inputs are not checked.
  EXPECT_TRUE(compile(Stage::Fragment, "#version 320 es\nprecision mediump float;\nin IB { flat int u; vec2 f; };\n"
                                       "out vec4 c;\nvoid main() { c = vec4(u); }\n", es).ok);
  EXPECT_TRUE(compile(Stage::Fragment, "#version 150\nin IB { flat int u; flat ivec2 v[2]; };\nout vec4 c;\n"
                                       "void main() { c = vec4(u); }\n").ok);
  EXPECT_TRUE(compile(Stage::Vertex, "#version 150\nin int u;\nout IB { int v; };\nvoid main() { v = u; }\n").ok);
}

// GLSL 4.60 7.3: the built-in constants equal the context's limits (the GL queries), which the
// context hands to the compiler; without them they keep glslang's defaults.
TEST(GlslCompile, BuiltInConstantsTakeTheContextsLimits) {
  CompileOptions options;
  options.compatibility = true;
  options.limits.max_vertex_uniform_components = 4096;
  options.limits.max_varying_components = 124;
  options.limits.max_clip_planes = 8;
  options.limits.max_texture_image_units = 24;
  const char* src = R"(#version 130
float a[gl_MaxVertexUniformComponents == 4096 ? 1 : -1];
float b[gl_MaxVaryingComponents == 124 ? 1 : -1];
float c[gl_MaxClipPlanes == 8 ? 1 : -1];
float d[gl_MaxTextureImageUnits == 24 ? 1 : -1];
void main() { gl_Position = vec4(a[0] + b[0] + c[0] + d[0]); }
)";
  const CompileResult r = compile(Stage::Vertex, src, options);
  EXPECT_TRUE(r.ok) << r.log;
  CompileOptions es;
  es.es = true;
  es.limits.max_vertex_uniform_components = 1024;
  es.limits.max_fragment_uniform_components = 1024;
  const CompileResult vectors = compile(Stage::Vertex, R"(#version 300 es
float a[gl_MaxVertexUniformVectors == 256 && gl_MaxFragmentUniformVectors == 256 ? 1 : -1];
void main() { gl_Position = vec4(a[0]); }
)", es);
  EXPECT_TRUE(vectors.ok) << vectors.log;
  // GLSL ES 1.00's gl_MaxVaryingVectors (gone from 3.00): the varying components over 4.
  es.limits.max_varying_components = 124;
  const CompileResult es100 = compile(Stage::Vertex, R"(#version 100
float a[gl_MaxVaryingVectors == 31 ? 1 : -1];
void main() { gl_Position = vec4(a[0]); }
)", es);
  EXPECT_TRUE(es100.ok) << es100.log;
  EXPECT_FALSE(compile(Stage::Vertex, "#version 130\nfloat b[gl_MaxVaryingComponents == 124 ? 1 : -1];\nvoid main() {}\n").ok)
      << "glslang's default is not 124";
}


// GLSL ES 1.00 5.1 reserves %, ~, <<, >>, &, |, ^ (and 5.8 their assignments), which 3.00 has;
// the preprocessor keeps them in #if (3.4); 5.8 forbids assigning to an array. Each error names the
// user's line.
TEST(GlslCompile, Es100ReservedOperatorsAndArrayAssignment) {
  CompileOptions es;
  es.es = true;
  auto body = [](const std::string& statement) {
    return "#version 100\nprecision mediump float;\nuniform int u;\n\nvoid main() {\n  int x = u;\n  " + statement +
           "\n  gl_FragColor = vec4(float(x));\n}\n";
  };
  for (const char* reserved : {"x = x % 3;", "x %= 3;", "x = ~x;", "x = x << 1;", "x >>= 1;", "x = x & 1;", "x |= 1;",
                               "x = x ^ 1;", "x ^= 1;"}) {
    const CompileResult r = compile(Stage::Fragment, body(reserved), es);
    EXPECT_FALSE(r.ok) << reserved;
    EXPECT_NE(r.log.find("0:7: '"), std::string::npos) << reserved << "\n" << r.log;
    EXPECT_NE(r.log.find("reserved in GLSL ES 1.00"), std::string::npos) << r.log;
  }
  for (const char* allowed : {"bool b = x > 1 && x < 3 || x == 0 ^^ x == 2; x = b ? 1 : 0;", "x = x < -1 ? x : -x;"}) {
    const CompileResult r = compile(Stage::Fragment, body(allowed), es);
    EXPECT_TRUE(r.ok) << allowed << "\n" << r.log;
  }
  const CompileResult directive =
      compile(Stage::Fragment, "#version 100\n#if (5 % 3) == 2 && (1 << 2) == 4 && (6 & 3) == 2\n"
                               "void main() { gl_FragColor = vec4(1.0); }\n#endif\n", es);
  EXPECT_TRUE(directive.ok) << directive.log;
  // GLSL ES 3.00 has them.
  EXPECT_TRUE(compile(Stage::Fragment, "#version 300 es\nprecision mediump float;\nuniform int u;\nout vec4 c;\n"
                                       "void main() { int x = (u % 3) << 1 | 1; c = vec4(float(x)); }\n", es).ok);
  const CompileResult arrays = compile(Stage::Fragment, "#version 100\nprecision mediump float;\nuniform float u[2];\n"
                                                         "void main() {\n  float y[2];\n  y = u;\n  gl_FragColor = vec4(y[0]);\n}\n",
                                       es);
  EXPECT_FALSE(arrays.ok);
  EXPECT_NE(arrays.log.find("0:6: '=' : GLSL ES 1.00 forbids assigning to an array"), std::string::npos) << arrays.log;
  EXPECT_TRUE(compile(Stage::Fragment, "#version 300 es\nprecision mediump float;\nuniform float u[2];\nout vec4 c;\n"
                                       "void main() { float y[2]; y = u; c = vec4(y[0]); }\n", es).ok);
}

// GLSL ES 1.00 takes the sequence operator in constant expressions (its value is the last
// operand's; 3.00 4.3.3 forbids it): array sizes, global and const initializers. The sizes check
// the values: a negative size is an error.
TEST(GlslCompile, Es100SequencesInConstantExpressions) {
  CompileOptions es;
  es.es = true;
  const CompileResult r = compile(Stage::Fragment, R"(#version 100
precision mediump float;
const float cf = 3.0 + (1.0, 2.0);
float gf = (cf, 3.0);
uniform float u[(7, 2)];
float check_cf[cf == 5.0 ? 1 : -1];
void main() {
  const float f = cos((1.0, 0.0));
  float check_f[f == 1.0 ? 1 : -1];
  int i = 0;
  int j = (i++, i);  // not a constant expression: kept as written
  gl_FragColor = vec4(f, gf, u[1], float(j));
}
)", es);
  EXPECT_TRUE(r.ok) << r.log;
  EXPECT_FALSE(compile(Stage::Fragment, "#version 300 es\nprecision mediump float;\nconst float f = (1.0, 2.0);\n"
                                       "out vec4 c;\nvoid main() { c = vec4(f); }\n", es).ok);
}

}  // namespace
}  // namespace glvk::glsl

namespace glvk::glsl {
namespace {

// GLSL 4.60 4.1.4: a literal without the lf suffix is a single-precision float, in constant
// expressions too: 3.1415926535 is the float 3.14159274, so degrees() of it is at least 180
// (Mesa folds it to 180.0000025); 1e+256 and 1e+300 are both the float infinity. The array
// sizes make the compiler's folded values visible (a negative size is an error).
TEST(GlslCompile, FloatLiteralsFoldAtSinglePrecision) {
  const char* src =
      "#version 120\n"
      "void main() {\n"
      "  const int x = int(degrees(3.1415926535));\n"
      "  float a[x == 180 ? 1 : -1];\n"
      "  float b[(1e+256 == 1e+300) ? 1 : -1];\n"
      "  float c[(0.1 == 0.100000001) ? 1 : -1];\n"
      "  const double d = 0.1lf;\n"  // a double literal keeps its precision
      "  gl_FragColor = vec4(a[0], b[0], c[0], 1.0);\n"
      "}\n";
  std::string text = src;
  text.insert(text.find('\n') + 1, "#extension GL_ARB_gpu_shader_fp64 : enable\n");
  const CompileResult r = compile(Stage::Fragment, text);
  EXPECT_TRUE(r.ok) << r.log;
  EXPECT_TRUE(compile(Stage::Fragment,
                      "#version 400\nout vec4 o;\nvoid main() { float a[(0.1lf == 0.100000001lf) ? -1 : 1]; o = vec4(a[0]); }\n")
                  .ok);
}

}  // namespace
}  // namespace glvk::glsl

namespace glvk::glsl {
namespace {

// GLSL 1.20 4.3.3: a built-in call over constant expressions is a constant expression, whether
// or not glslang folds it (it folds sin, not transpose, matrixCompMult or cosh); a user function
// call or a uniform is not one.
TEST(GlslCompile, BuiltInCallsInConstInitializers) {
  const char* valid =
      "#version 130\n"
      "void main() {\n"
      "  const mat2 m = mat2(1.0, 2.0, 4.0, 8.0);\n"
      "  const mat2 t = transpose(m);\n"
      "  const mat2 p = matrixCompMult(m, t);\n"
      "  const float c = cosh(1.0) + p[0][0];\n"
      "  gl_FragColor = vec4(c);\n"
      "}\n";
  const CompileResult r = compile(Stage::Fragment, valid);
  EXPECT_TRUE(r.ok) << r.log;
  const CompileResult uniform = compile(Stage::Fragment,
                                        "#version 130\nuniform mat2 u;\n"
                                        "void main() { const mat2 t = transpose(u); gl_FragColor = vec4(t[0], t[1]); }\n");
  EXPECT_FALSE(uniform.ok);
  EXPECT_NE(uniform.log.find("non-constant initializer"), std::string::npos) << uniform.log;
  EXPECT_FALSE(compile(Stage::Fragment,
                       "#version 130\nfloat f() { return 1.0; }\n"
                       "void main() { const float c = cosh(f()); gl_FragColor = vec4(c); }\n")
                   .ok);
  // A const read-only only through another such const, itself constant.
  EXPECT_FALSE(compile(Stage::Fragment,
                       "#version 130\nuniform float u;\n"
                       "void main() { const float a = cosh(u); const float b = cosh(a); gl_FragColor = vec4(b); }\n")
                   .ok);
}

// GL_ARB_shader_image_load_store: image arrays are indexed by dynamically uniform expressions in
// the GLSL versions the extension adds images to (piglit's image indexing and max-images, GLSL
// 1.50); sampler arrays keep 1.30-3.30's constant indices (GLSL 1.50 4.1.7).
TEST(GlslCompile, ImageArraysTakeNonConstantIndicesBelow400) {
  const std::string header = "#version 150\n#extension GL_ARB_shader_image_load_store : enable\n"
                             "uniform int u;\nout vec4 c;\n";
  const CompileResult images = compile(Stage::Fragment, header +
      "layout(rgba8) uniform image2D imgs[4];\n"
      "void main() { c = vec4(0.0); for (int i = 0; i < 4; ++i) c += imageLoad(imgs[(i + u) % 4], ivec2(0)); }\n");
  EXPECT_TRUE(images.ok) << images.log;
  const CompileResult samplers = compile(Stage::Fragment, header +
      "layout(rgba8) uniform image2D imgs[4];\nuniform sampler2D s[4];\n"
      "void main() { c = imageLoad(imgs[u], ivec2(0)) + texture(s[u], vec2(0.0)); }\n");
  EXPECT_FALSE(samplers.ok);
  EXPECT_NE(samplers.log.find("variable indexing sampler array"), std::string::npos) << samplers.log;
}

}  // namespace
}  // namespace glvk::glsl
