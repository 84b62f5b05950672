// The compatibility built-ins lowered by src/glsl (legacy_builtins.cpp): GLSL 1.10/1.20 shaders
// naming gl_Vertex, gl_ModelViewProjectionMatrix, gl_LightSource[], gl_TexCoord[], ftransform()
// compile and link to valid SPIR-V; reflection names the attributes and state uniforms as GL does;
// core shaders keep refusing the compatibility built-ins.
#include <GL/glcorearb.h>
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "glvk/glsl/compiler.h"
#include "link_pair.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

constexpr int kVs = static_cast<int>(Stage::Vertex);
constexpr int kFs = static_cast<int>(Stage::Fragment);

using test::link_pair;

const Uniform* state(const Program& p, const std::string& name) {
  for (const Uniform& u : p.state_uniforms)
    if (u.name == name) return &u;
  return nullptr;
}

const char* kLitVs =
    "#version 110\n"
    "void main() {\n"
    "  vec3 n = normalize(gl_NormalMatrix * gl_Normal);\n"
    "  float d = max(dot(n, normalize(gl_LightSource[0].position.xyz)), 0.0);\n"
    "  gl_FrontColor = gl_Color * gl_LightSource[0].diffuse * d + gl_FrontMaterial.emission;\n"
    "  gl_TexCoord[0] = gl_TextureMatrix[0] * gl_MultiTexCoord0;\n"
    "  gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
    "}\n";
const char* kTexFs =
    "uniform sampler2D t;\n"  // no #version: GLSL 1.10
    "void main() { gl_FragColor = gl_Color * texture2D(t, gl_TexCoord[0].xy); }\n";

TEST(GlslLegacyBuiltins, LegacyProgramLinksWithGlNamesInReflection) {
  const Program p = link_pair(kLitVs, kTexFs);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kVs]));
  EXPECT_TRUE(test::spirv_valid(p.spirv[kFs]));
  // Attributes: gl_ names (glGetActiveAttrib reports them), each at a location of its own.
  std::set<std::string> names;
  std::set<std::int32_t> locations;
  for (const InterfaceVariable& a : p.attributes) {
    names.insert(a.name);
    EXPECT_GE(a.location, 0) << a.name;
    locations.insert(a.location);
  }
  EXPECT_EQ(names, (std::set<std::string>{"gl_Vertex", "gl_Normal", "gl_Color", "gl_MultiTexCoord0"}));
  for (const InterfaceVariable& a : p.attributes)
    if (a.name == "gl_Vertex") {
      EXPECT_EQ(a.location, 0);  // generic attribute 0 aliases it
    }
  EXPECT_EQ(locations.size(), 4u);
  // Built-in uniforms are state, not active uniforms: only the sampler is listed.
  ASSERT_EQ(p.uniforms.size(), 1u);
  EXPECT_EQ(p.uniforms[0].name, "t");
  const Uniform* mvp = state(p, "gl_ModelViewProjectionMatrix");
  ASSERT_NE(mvp, nullptr);
  EXPECT_EQ(mvp->gl_type, unsigned(GL_FLOAT_MAT4));
  EXPECT_EQ(mvp->matrix_stride, 16u);
  const Uniform* nm = state(p, "gl_NormalMatrix");
  ASSERT_NE(nm, nullptr);
  EXPECT_EQ(nm->gl_type, unsigned(GL_FLOAT_MAT3));
  EXPECT_EQ(nm->matrix_stride, 16u);  // std140: mat3 columns are vec4-aligned
  EXPECT_NE(state(p, "gl_LightSource[0].position"), nullptr);
  EXPECT_NE(state(p, "gl_LightSource[0].diffuse"), nullptr);
  EXPECT_NE(state(p, "gl_FrontMaterial.emission"), nullptr);
  EXPECT_NE(state(p, "gl_VertexProgramTwoSide"), nullptr);  // gl_Color's front/back selection
  // Every state uniform lies inside the default block.
  for (const Uniform& u : p.state_uniforms) EXPECT_LT(u.offset, p.default_block_size) << u.name;
  // gl_FragColor writes every draw buffer.
  EXPECT_EQ(p.builtin_color_locations, 0xffu);
  EXPECT_TRUE(p.outputs.empty());
}

TEST(GlslLegacyBuiltins, FtransformAndVersion120) {
  const Program p = link_pair("#version 120\nvoid main() { gl_Position = ftransform(); gl_FogFragCoord = 1.0; }\n",
                              "#version 120\nvoid main() { gl_FragColor = vec4(gl_FogFragCoord); }\n");
  ASSERT_TRUE(p.ok) << p.log;
  ASSERT_EQ(p.attributes.size(), 1u);
  EXPECT_EQ(p.attributes[0].name, "gl_Vertex");
  EXPECT_NE(state(p, "gl_ModelViewProjectionMatrix"), nullptr);
}

// The fragment stage reads gl_Color and gl_TexCoord although the vertex stage writes neither: the
// vertex stage declares those outputs (their values are undefined, as in GL).
TEST(GlslLegacyBuiltins, FragmentColourWithoutVertexWrites) {
  const Program p = link_pair("#version 110\nvoid main() { gl_Position = gl_Vertex; }\n",
                              "#version 110\nvoid main() { gl_FragColor = gl_Color + gl_TexCoord[1]; }\n");
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kVs]));
}

// A user redeclaration (GLSL 1.30 compatibility: sizing gl_TexCoord) is replaced by glvk's own.
TEST(GlslLegacyBuiltins, RedeclaredTexCoordAndCompatibilityProfile) {
  const Program p = link_pair(
      "#version 130 \nvarying vec4 gl_TexCoord[2];\nvoid main() { gl_TexCoord[1] = gl_MultiTexCoord1; "
      "gl_Position = gl_Vertex; }\n",
      "#version 150 compatibility\nin vec4 gl_TexCoord[2];\nvoid main() { gl_FragColor = gl_TexCoord[1]; }\n");
  ASSERT_TRUE(p.ok) << p.log;
}

TEST(GlslLegacyBuiltins, CoreShadersDoNotHaveThem) {
  const CompileResult core = compile(Stage::Vertex, "#version 150\nvoid main() { gl_Position = gl_Vertex; }\n");
  EXPECT_FALSE(core.ok);
  EXPECT_NE(core.log.find("gl_Vertex"), std::string::npos) << core.log;
  CompileOptions compat;
  compat.compatibility = true;
  EXPECT_TRUE(compile(Stage::Vertex, "#version 140\nvoid main() { gl_Position = gl_Vertex; }\n", compat).ok);
  EXPECT_FALSE(compile(Stage::Vertex, "#version 140\nvoid main() { gl_Position = gl_Vertex; }\n").ok);
  // gl_DepthRange is core GLSL, lowered in every version.
  const CompileResult depth =
      compile(Stage::Fragment, "#version 330\nout vec4 c;\nvoid main() { c = vec4(gl_DepthRange.diff); }\n");
  EXPECT_TRUE(depth.ok) << depth.log;
}

// Two fragment shaders of one stage, gl_FragColor in both: only the one with main gets the wrapper.
TEST(GlslLegacyBuiltins, FragColorInTwoFragmentShadersOfOneStage) {
  const ShaderSource shaders[] = {
      {Stage::Vertex, "#version 110\nvoid main() { gl_Position = gl_Vertex; }\n"},
      {Stage::Fragment, "#version 110\nvoid foo();\nvoid main() { gl_FragColor = vec4(1.0); foo(); }\n"},
      {Stage::Fragment, "#version 110\nvoid foo() { gl_FragColor.x = 0.5; }\n"}};
  const Program p = link(shaders);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(p.builtin_color_locations, 0xffu);
}

// A shader may #define gl_FragColor itself (a macro name, not reserved to GL: GLSL 4.60 3.3
// reserves only GL_ and __ names; llvmpipe and zink compile piglit's built-in-constants fragment
// shader): an active #define makes the name the user's output, an inactive one leaves the built-in.
TEST(GlslLegacyBuiltins, ShaderDefiningFragColorItself) {
  const std::string body = "#if __VERSION__ >= 300\nout vec4 color;\n#define gl_FragColor color\n#endif\n"
                           "void main() { gl_FragColor = vec4(1.0); }\n";
  for (const char* version : {"#version 330\n", "#version 330 compatibility\n", "#version 110\n"}) {
    const ShaderSource shaders[] = {{Stage::Vertex, "#version 110\nvoid main() { gl_Position = gl_Vertex; }\n"},
                                    {Stage::Fragment, version + body}};
    const Program p = link(shaders);
    ASSERT_TRUE(p.ok) << version << p.log;
    // 1.10: the built-in, written to every draw buffer (GL 4.6 17.4.1); 3.30: the user's `color`.
    EXPECT_EQ(p.builtin_color_locations, std::string(version) == "#version 110\n" ? 0xffu : 0u) << version;
  }
  const CompileResult r = compile(Stage::Fragment, "#version 330\nout vec4 color;\n#define gl_FragColor color\nvoid main() {\n"
                                                   "  gl_FragColor = vec4(1.0) * nope;\n}\n");
  EXPECT_NE(r.log.find("0:5:"), std::string::npos) << r.log;  // the user's line numbers
}

// The error log keeps the user's line numbers (the lowering is a preamble).
TEST(GlslLegacyBuiltins, LineNumbersKept) {
  const CompileResult r = compile(Stage::Vertex, "#version 110\n\n\nvoid main() { gl_Position = gl_Vertex * nope; }\n");
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.log.find("0:4:"), std::string::npos) << r.log;
}

// GLSL 1.30 4.3.7: gl_Color and the gl_FrontColor/gl_BackColor written for it take the same
// interpolation qualifier (none counts as one), among those statically used.
TEST(GlslLegacyBuiltins, ColourInterpolationQualifiersMustMatch) {
  const std::string back = "#version 130\nvoid main() { gl_Position = vec4(0); gl_BackColor = vec4(0); }\n";
  const std::string flat_back =
      "#version 130\nflat out vec4 gl_BackColor;\nvoid main() { gl_Position = vec4(0); gl_BackColor = vec4(0); }\n";
  const std::string flat_color = "#version 130\nflat in vec4 gl_Color;\nout vec4 c;\nvoid main() { c = gl_Color; }\n";
  const std::string unused_flat_color = "#version 130\nflat in vec4 gl_Color;\nout vec4 c;\nvoid main() { c = vec4(1); }\n";
  Program p = link_pair(back, flat_color);
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.log.find("interpolation"), std::string::npos) << p.log;
  p = link_pair(flat_back, flat_color);
  EXPECT_TRUE(p.ok) << p.log;
  p = link_pair(back, unused_flat_color);  // gl_Color not used: nothing to match
  EXPECT_TRUE(p.ok) << p.log;
  // In a vertex shader gl_Color is the attribute, never matched with the varyings.
  p = link_pair("#version 130\nflat out vec4 gl_FrontColor;\nvoid main() { gl_Position = vec4(0); gl_FrontColor = gl_Color; }\n",
                flat_color);
  EXPECT_TRUE(p.ok) << p.log;
}

// A redeclared compatibility fragment input keeps its interpolation qualifier: the front and back
// inputs gl_Color selects between are NoPerspective (or Flat), and so is gl_TexCoord.
TEST(GlslLegacyBuiltins, RedeclaredColourInputsKeepTheirInterpolation) {
  const std::string vs = "#version 130\nnoperspective out vec4 gl_FrontColor;\nnoperspective out vec4 gl_BackColor;\n"
                         "noperspective out vec4 gl_TexCoord[1];\nvoid main() {\n  gl_Position = gl_Vertex;\n"
                         "  gl_FrontColor = gl_Color; gl_BackColor = gl_Color; gl_TexCoord[0] = gl_Color;\n}\n";
  const Program p = link_pair(vs, "#version 130\nnoperspective in vec4 gl_Color;\nnoperspective in vec4 gl_TexCoord[1];\n"
                                  "void main() { gl_FragColor = gl_Color + gl_TexCoord[0]; }\n");
  ASSERT_TRUE(p.ok) << p.log;
  const std::string fs = test::disassemble(p.spirv[kFs]);
  for (const char* input : {"glvk_FrontColor", "glvk_BackColor", "glvk_TexCoord"})
    EXPECT_NE(fs.find(std::string("OpDecorate %") + input + " NoPerspective"), std::string::npos) << input << "\n" << fs;
  const Program flat = link_pair("#version 130\nflat out vec4 gl_FrontColor;\nvoid main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color; }\n",
                                 "#version 130\nflat in vec4 gl_Color;\nvoid main() { gl_FragColor = gl_Color; }\n");
  ASSERT_TRUE(flat.ok) << flat.log;
  EXPECT_NE(test::disassemble(flat.spirv[kFs]).find("OpDecorate %glvk_FrontColor Flat"), std::string::npos);
}

// GLSL 1.50 compatibility 7.1: the compatibility varyings are gl_PerVertex members, so a geometry
// shader reads them as gl_in[i].gl_X and writes them like a vertex shader; gl_ClipVertex clips in
// the last vertex-processing stage; `varying` in a geometry shader is an output.
TEST(GlslLegacyBuiltins, GeometryShaderCompatibilityMembers) {
  const ShaderSource shaders[] = {
      {Stage::Vertex,
       "#version 150 compatibility\n"
       "out gl_PerVertex { vec4 gl_Position; vec4 gl_TexCoord[5]; vec4 gl_ClipVertex; };\n"
       "void main() { gl_TexCoord[2] = gl_MultiTexCoord0; gl_FrontColor = gl_Color; gl_ClipVertex = gl_Vertex;\n"
       "  gl_Position = gl_Vertex; }\n"},
      {Stage::Geometry,
       "#version 150 compatibility\n"
       "layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
       "in gl_PerVertex { vec4 gl_Position; vec4 gl_TexCoord[5]; vec4 gl_ClipVertex; } gl_in[];\n"
       "out vec4 gl_TexCoord[5];\nvarying float v;\n"
       "void main() {\n"
       "  for (int i = 0; i < 3; i++) {\n"
       "    gl_Position = gl_in[i].gl_Position;\n"
       "    gl_TexCoord[i] = gl_in[i].gl_TexCoord[2] + gl_in[gl_in.length() - 1 - i].gl_ClipVertex;\n"
       "    gl_FrontColor = vec4(v = 0.5);\n"
       "    gl_ClipVertex = gl_in[i].gl_ClipVertex;\n"
       "    EmitVertex();\n"
       "  }\n"
       "}\n"},
      {Stage::Fragment, "#version 150 compatibility\nvoid main() { gl_FragColor = gl_Color + gl_TexCoord[1]; }\n"}};
  const Program p = link(shaders);
  ASSERT_TRUE(p.ok) << p.log;
  constexpr int kGs = static_cast<int>(Stage::Geometry);
  for (int s : {kVs, kGs, kFs}) {
    std::string log;
    EXPECT_TRUE(test::spirv_valid(p.spirv[std::size_t(s)], &log)) << s << ": " << log;
  }
  // The vertex stage's block output and the geometry stage's input array meet at one location;
  // the vertex stage does not clip (the geometry stage does, so it writes the clip distances and
  // reads the enables), and its gl_FrontColor, which nothing reads, is no output.
  const std::string vs = test::disassemble(p.spirv[kVs]);
  const std::string gs = test::disassemble(p.spirv[kGs]);
  EXPECT_EQ(vs.find("ClipDistance"), std::string::npos);
  EXPECT_EQ(vs.find("glvk_FrontColor"), std::string::npos) << "optimized away as a private";
  EXPECT_NE(gs.find("BuiltIn ClipDistance"), std::string::npos);
  EXPECT_NE(state(p, "gl_ClipPlane[0]"), nullptr);
  EXPECT_NE(gs.find("OpName %glvk_in \"glvk_in\""), std::string::npos) << gs;
  EXPECT_GE(test::decoration(gs, "glvk_in", "Location"), 0);
}

// gl_Vertex aliases generic attribute 0 (GL 4.6 compatibility 10.2): a user attribute beside it
// takes another location, unless the application bound one to 0.
TEST(GlslLegacyBuiltins, GlVertexTakesAttributeZero) {
  const ShaderSource shaders[] = {
      {Stage::Vertex, "#version 110\nattribute vec4 attr;\nvoid main() { gl_FrontColor = attr; gl_Position = gl_Vertex; }\n"},
      {Stage::Fragment, "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n"}};
  auto location = [](const Program& p, const std::string& name) {
    for (const InterfaceVariable& a : p.attributes)
      if (a.name == name) return a.location;
    return -2;
  };
  Program p = link(shaders);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(location(p, "gl_Vertex"), 0);
  EXPECT_GT(location(p, "attr"), 0);
  LinkOptions bound;
  bound.attribute_locations["absent"] = 0;  // a name the shader lacks takes nothing
  p = link(shaders, bound);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(location(p, "gl_Vertex"), 0);
  bound.attribute_locations["attr"] = 0;
  p = link(shaders, bound);
  ASSERT_TRUE(p.ok) << p.log;
  EXPECT_EQ(location(p, "attr"), 0);
}

// GLSL 1.30 7.1: a shader writes gl_ClipVertex or gl_ClipDistance, not both (a link error here,
// as Mesa gives it); writing just one of them links (a comparison is no write).
TEST(GlslLegacyBuiltins, WritingBothClipVertexAndClipDistanceFailsToLink) {
  const std::string fs = "#version 130\nvoid main() { gl_FragColor = vec4(1.0); }\n";
  const Program both = link_pair("#version 130\nvoid main() {\n"
                                 "  gl_Position = gl_Vertex;\n  gl_ClipVertex = gl_Vertex;\n"
                                 "  gl_ClipDistance[0] = 1.0;\n}\n", fs);
  EXPECT_FALSE(both.ok);
  EXPECT_NE(both.log.find("writes both gl_ClipVertex and gl_ClipDistance"), std::string::npos) << both.log;
  const Program vertex_only = link_pair("#version 130\nvoid main() {\n  gl_Position = gl_Vertex;\n"
                                        "  gl_ClipVertex.xyzw = gl_Vertex;\n}\n", fs);
  EXPECT_TRUE(vertex_only.ok) << vertex_only.log;
  const Program distance_only = link_pair("#version 130\nout float gl_ClipDistance[2];\nvoid main() {\n"
                                          "  gl_Position = gl_Vertex;\n  gl_ClipDistance[1] += 1.0;\n"
                                          "  if (gl_ClipDistance[1] == 1.0) gl_ClipDistance[0] = 0.0;\n}\n", fs);
  EXPECT_TRUE(distance_only.ok) << distance_only.log;
}

}  // namespace
}  // namespace glvk::glsl
