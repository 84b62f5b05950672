// glvk::glsl::link: the rules between a program's stages that glslang leaves to GL (invariance,
// ES uniform precisions) and the last-stage variant clipping gl_Position against user clip planes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "glvk/glsl/compiler.h"
#include "link_pair.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

using test::link_pair;
constexpr int kVs = static_cast<int>(Stage::Vertex);

// `invariant gl_Position` reaches SPIR-V as Invariant on the gl_PerVertex output variable, not on
// its member (which lavapipe's SPIR-V front end warns about), and the module stays valid.
TEST(GlslLink, InvariantPositionDecoratesTheBlockVariable) {
  const Program p = link_pair("#version 150\nin vec4 v;\ninvariant gl_Position;\ninvariant out vec4 c;\n"
                              "void main() { gl_Position = v; c = v; }\n",
                              "#version 150\ninvariant in vec4 c;\nout vec4 o;\nvoid main() { o = c; }\n");
  ASSERT_TRUE(p.ok) << p.log;
  const std::string vs = test::disassemble(p.spirv[kVs]);
  EXPECT_EQ(vs.find("OpMemberDecorate %gl_PerVertex 0 Invariant"), std::string::npos) << vs;
  EXPECT_NE(vs.find("OpDecorate %_ Invariant"), std::string::npos) << vs;
  EXPECT_NE(vs.find("OpDecorate %c Invariant"), std::string::npos) << vs;
  std::string log;
  EXPECT_TRUE(test::spirv_valid(p.spirv[kVs], &log)) << log;
}

// GLSL ES 1.00 4.6.4: gl_FragCoord is invariant only with gl_Position (gl_PointCoord with
// gl_PointSize), an invariant fragment varying needs an invariant vertex one (or STDGL
// invariant(all)); a fragment shader may declare them so, though glslang's 3.10 rules take no
// invariant input.
TEST(GlslLink, Es100InvarianceMatchesAcrossStages) {
  LinkOptions es;
  es.compile.es = true;
  es.compile.default_version = 100;  // an ES context: no #version is GLSL ES 1.00
  const std::string fs_coord = "invariant gl_FragCoord;\nvoid main() { gl_FragColor = vec4(gl_FragCoord.x); }\n";
  const Program missing = link_pair("void main() { gl_Position = vec4(0.0); }\n", fs_coord, es);
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.log.find("gl_FragCoord is invariant"), std::string::npos) << missing.log;
  EXPECT_TRUE(link_pair("invariant gl_Position;\nvoid main() { gl_Position = vec4(0.0); }\n", fs_coord, es).ok);
  EXPECT_TRUE(link_pair("#pragma STDGL invariant(all)\nvoid main() { gl_Position = vec4(0.0); }\n", fs_coord, es).ok);
  const std::string fs_varying = "precision mediump float;\ninvariant varying vec4 v;\nvoid main() { gl_FragColor = v; }\n";
  const Program plain = link_pair("varying vec4 v;\nvoid main() { v = vec4(1.0); gl_Position = v; }\n", fs_varying, es);
  EXPECT_FALSE(plain.ok);
  EXPECT_NE(plain.log.find("'v' is invariant in the fragment shader only"), std::string::npos) << plain.log;
  const Program both =
      link_pair("invariant varying vec4 v;\nvoid main() { v = vec4(1.0); gl_Position = v; }\n", fs_varying, es);
  EXPECT_TRUE(both.ok) << both.log;
}

// GLSL 1.50 4.6.1 (likewise 1.20 to 4.20): a variable leaving one stage and entering the next is
// invariant in both or neither, between any two stages; GLSL 4.30 dropped the rule (its inputs
// take no invariant qualifier).
TEST(GlslLink, DesktopInvarianceMatchesAcrossStagesBefore430) {
  const std::string vs = "#version 150\nin vec4 p;\ninvariant out vec4 v;\nvoid main() { v = p; gl_Position = p; }\n";
  const std::string gs_head = "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n";
  const std::string gs_body =
      "void main() { for (int i = 0; i < 3; i++) { w = v[i]; gl_Position = v[i]; EmitVertex(); } }\n";
  const std::string fs_plain = "#version 150\nin vec4 w;\nout vec4 c;\nvoid main() { c = w; }\n";
  const std::string fs_invariant = "#version 150\ninvariant in vec4 w;\nout vec4 c;\nvoid main() { c = w; }\n";
  auto link3 = [](const std::string& v, const std::string& g, const std::string& f) {
    const ShaderSource s[] = {{Stage::Vertex, v}, {Stage::Geometry, g}, {Stage::Fragment, f}};
    return link(s, LinkOptions{});
  };
  const Program vs_gs = link3(vs, gs_head + "in vec4 v[];\ninvariant out vec4 w;\n" + gs_body, fs_invariant);
  EXPECT_FALSE(vs_gs.ok);
  EXPECT_NE(vs_gs.log.find("'v' is declared invariant in the vertex shader but not in the geometry shader"),
            std::string::npos) << vs_gs.log;
  const Program gs_fs = link3(vs, gs_head + "invariant in vec4 v[];\ninvariant out vec4 w;\n" + gs_body, fs_plain);
  EXPECT_FALSE(gs_fs.ok);
  EXPECT_NE(gs_fs.log.find("'w' is declared invariant in the geometry shader but not in the fragment shader"),
            std::string::npos) << gs_fs.log;
  const Program both = link3(vs, gs_head + "invariant in vec4 v[];\ninvariant out vec4 w;\n" + gs_body, fs_invariant);
  EXPECT_TRUE(both.ok) << both.log;
  // `#pragma STDGL invariant(all)` makes every output of its stage invariant.
  EXPECT_TRUE(link_pair("#version 120\n#pragma STDGL invariant(all)\nvarying float v;\n"
                        "void main() { v = 1.0; gl_Position = gl_Vertex; }\n",
                        "#version 120\ninvariant varying float v;\nvoid main() { gl_FragColor = vec4(v); }\n")
                  .ok);
  EXPECT_TRUE(link_pair("#version 430\nin vec4 p;\ninvariant out vec4 v;\nvoid main() { v = p; gl_Position = p; }\n",
                        "#version 430\nin vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n")
                  .ok);
}

// GLSL ES 3.00 / 1.00 4.5.3: a uniform both stages declare has one precision (1.00: when both use
// it); here float's defaults differ, highp in the vertex shader and mediump in the fragment one.
TEST(GlslLink, EsUniformPrecisionsMatchAcrossStages) {
  LinkOptions es;
  es.compile.es = true;
  es.compile.default_version = 100;
  const std::string fs300 = "#version 300 es\nprecision mediump float;\nuniform float f;\nout vec4 c;\nvoid main() { c = vec4(f); }\n";
  const Program unused300 = link_pair("#version 300 es\nprecision highp float;\nuniform float f;\nvoid main() { gl_Position = vec4(1.0); }\n", fs300, es);
  EXPECT_FALSE(unused300.ok);
  EXPECT_NE(unused300.log.find("uniform 'f' has one precision"), std::string::npos) << unused300.log;
  EXPECT_TRUE(link_pair("#version 300 es\nuniform mediump float f;\nvoid main() { gl_Position = vec4(f); }\n", fs300, es).ok);
  const std::string fs100 = "precision mediump float;\nuniform float f;\nvoid main() { gl_FragColor = vec4(f); }\n";
  EXPECT_TRUE(link_pair("uniform float f;\nvoid main() { gl_Position = vec4(1.0); }\n", fs100, es).ok)
      << "1.00: unused in the vertex shader";
  EXPECT_FALSE(link_pair("uniform float f;\nvoid main() { gl_Position = vec4(f); }\n", fs100, es).ok);
}

// With lower_depth_range, z' = (z + w) / 2 is computed after the user's code: the plain program
// has no arithmetic at all, the lowered one adds z and w and multiplies by one half.
// The last-stage variant clipping gl_Position against user clip planes (GLSL 1.30 7.1) stays valid
// SPIR-V: a ClipDistance output of one element per plane up to the highest enabled, the planes
// read from a push-constant block, for a vertex and a geometry stage alike.
TEST(GlslLink, PositionClippingVariantIsValid) {
  const char* vs = "#version 130\nvoid main() { gl_Position = gl_Vertex; }\n";
  const char* fs = "#version 130\nvoid main() { gl_FragColor = vec4(1.0); }\n";
  const Program p = link_pair(vs, fs);
  ASSERT_TRUE(p.ok) << p.log;
  LastStageLowering lowering;
  lowering.position_clip_planes = 0b101;  // planes 0 and 2
  const std::vector<std::uint32_t> words = last_stage_variant(p, Stage::Vertex, lowering);
  std::string log;
  EXPECT_TRUE(test::spirv_valid(words, &log)) << log << test::disassemble(words);
  const std::string text = test::disassemble(words);
  EXPECT_NE(text.find("BuiltIn ClipDistance"), std::string::npos) << text;
  EXPECT_NE(text.find("OpCapability ClipDistance"), std::string::npos) << text;
  EXPECT_NE(text.find("PushConstant"), std::string::npos) << text;
  const char* gs = "#version 150\nlayout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
                   "void main() { for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; EmitVertex(); } }\n";
  const ShaderSource s[] = {{Stage::Vertex, "#version 150\nin vec4 v;\nvoid main() { gl_Position = v; }\n"},
                            {Stage::Geometry, gs},
                            {Stage::Fragment, "#version 150\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n"}};
  const Program g = link(s, LinkOptions{});
  ASSERT_TRUE(g.ok) << g.log;
  const std::vector<std::uint32_t> geometry = last_stage_variant(g, Stage::Geometry, lowering);
  EXPECT_TRUE(test::spirv_valid(geometry, &log)) << log << test::disassemble(geometry);
}

}  // namespace
}  // namespace glvk::glsl
