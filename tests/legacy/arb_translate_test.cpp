// The ARB program translator without a context: what the grammar accepts, the counts
// glGetProgramivARB reports, and the byte position and message of each error the
// ARB_vertex_program / ARB_fragment_program specs name. (The instructions' values are checked by
// drawing, arb_program_test.cpp.)
#include <gtest/gtest.h>

#include <string>

#include "arb_program/arb_translate.h"

namespace glvk::gl::arb {
namespace {

Translation vp(const std::string& s) { return translate(Kind::Vertex, s); }
Translation fp(const std::string& s) { return translate(Kind::Fragment, s); }

// The error must be at the first character of `at` inside `text`.
::testing::AssertionResult fails_at(const Translation& t, const std::string& text, const std::string& at) {
  if (t.ok) return ::testing::AssertionFailure() << "the program loaded";
  const auto expected = at.empty() ? text.size() : text.find(at);
  if (t.error_position != int(expected))
    return ::testing::AssertionFailure() << "error at " << t.error_position << ", expected " << expected << " ("
                                         << t.error << ")";
  if (t.error.empty()) return ::testing::AssertionFailure() << "no error string";
  return ::testing::AssertionSuccess();
}

TEST(ArbTranslate, VertexProgramCounts) {
  const std::string s =
      "!!ARBvp1.0\n"
      "# a comment\n"
      "ATTRIB pos = vertex.position;\n"
      "PARAM mvp[4] = { state.matrix.mvp };\n"
      "PARAM c = {1, 2, 3};\n"
      "PARAM e[] = { program.env[2..4] };\n"
      "TEMP r0, r1;\n"
      "ADDRESS a;\n"
      "ARL a.x, program.local[7].x;\n"
      "DP4 r0.x, mvp[0], pos;\n"
      "MOV r1, e[a.x + 1];\n"
      "MAD result.position, r0, c, vertex.attrib[3];\n"
      "END\n"
      "anything after END is ignored";
  const Translation t = vp(s);
  ASSERT_TRUE(t.ok) << t.error;
  EXPECT_EQ(t.instructions, 4u);
  EXPECT_EQ(t.temporaries, 2u);
  EXPECT_EQ(t.address_registers, 1u);
  EXPECT_EQ(t.parameters, 4u + 1 + 3 + 1);  // mvp rows, c, e, program.local[7]
  EXPECT_EQ(t.attribs, 2u);                 // position, attrib[3]
  EXPECT_EQ(t.env_size, 5u);                // program.env[0..4]
  EXPECT_EQ(t.local_size, 8u);
  EXPECT_EQ(t.generic_attribs, 1u << 3);
  EXPECT_NE(t.glsl.find("in vec4 arb_attrib3;"), std::string::npos);
  EXPECT_NE(t.glsl.find("gl_ModelViewProjectionMatrix"), std::string::npos);
}

TEST(ArbTranslate, ConstantsFillMissingComponentsWithZeroZeroOne) {
  // ARB_vertex_program 2.14.3.4: {x} is (x, 0, 0, 1), a scalar x is (x, x, x, x).
  const Translation t = vp("!!ARBvp1.0 PARAM a = {2}; PARAM b = -3; MOV result.position, a; MOV result.color, b; END");
  ASSERT_TRUE(t.ok) << t.error;
  EXPECT_NE(t.glsl.find("vec4(2.0, 0.0, 0.0, 1.0)"), std::string::npos);
  EXPECT_NE(t.glsl.find("vec4(-3.0)"), std::string::npos);
}

TEST(ArbTranslate, FragmentProgramTexturesAndOptions) {
  const Translation t = fp(
      "!!ARBfp1.0\n"
      "OPTION ARB_fog_exp2;\n"
      "OPTION ARB_fragment_program_shadow;\n"
      "TEMP c, d;\n"
      "TEX c, fragment.texcoord[1], texture[2], 2D;\n"
      "MUL d, c, fragment.color;\n"
      "TXP c, d, texture[2], 2D;\n"
      "TEX d, fragment.texcoord, texture[5], SHADOW2D;\n"
      "KIL d;\n"
      "ADD_SAT result.color, c, d;\n"
      "END");
  ASSERT_TRUE(t.ok) << t.error;
  EXPECT_EQ(t.units[2], TexTarget::T2D);
  EXPECT_EQ(t.units[5], TexTarget::Shadow2D);
  EXPECT_EQ(t.instructions, 6u);
  EXPECT_EQ(t.tex_instructions, 4u);  // TEX, TXP, TEX, KIL
  EXPECT_EQ(t.alu_instructions, 2u);
  EXPECT_EQ(t.tex_indirections, 2u);  // TXP reads d, which MUL computed after the first lookup
  EXPECT_NE(t.glsl.find("uniform sampler2D ff_texture2;"), std::string::npos);
  EXPECT_NE(t.glsl.find("uniform sampler2DShadow ff_texture5;"), std::string::npos);
  EXPECT_NE(t.glsl.find("gl_FragColor"), std::string::npos);
  EXPECT_NE(t.glsl.find("gl_Fog.density"), std::string::npos);
}

TEST(ArbTranslate, RepeatedOptionsAndAliasesThatDoNotOverlap) {
  EXPECT_TRUE(fp("!!ARBfp1.0 OPTION ARB_precision_hint_nicest; OPTION ARB_precision_hint_nicest; END").ok);
  // Vertex program words are names in a fragment program.
  EXPECT_TRUE(fp("!!ARBfp1.0 TEMP ARL, vertex; MOV vertex, fragment.color; MOV result.color, vertex; END").ok);
  EXPECT_TRUE(vp("!!ARBvp1.0 MOV result.position, vertex.normal; MOV result.color, vertex.attrib[1]; END").ok);
  // Repeated parameters are fine in an array read at constant indices.
  EXPECT_TRUE(vp("!!ARBvp1.0 PARAM a[2] = { program.env[0], program.env[0] }; MOV result.position, a[1]; END").ok);
}

TEST(ArbTranslate, DrawBuffersWriteEachColourOutput) {
  const Translation t = fp(
      "!!ARBfp1.0 OPTION ARB_draw_buffers;\n"
      "MOV result.color[0], fragment.color; MOV result.color[1], {0, 1, 0, 1}; END");
  ASSERT_TRUE(t.ok) << t.error;
  EXPECT_NE(t.glsl.find("gl_FragData[0]"), std::string::npos);
  EXPECT_NE(t.glsl.find("gl_FragData[1]"), std::string::npos);
  EXPECT_EQ(t.glsl.find("gl_FragColor"), std::string::npos);
}

TEST(ArbTranslate, ErrorPositions) {
  struct Case {
    Kind kind;
    std::string text, at;
  };
  const Case cases[] = {
      {Kind::Vertex, "!!ARBfp1.0 END", "!!ARBfp1.0"},                                   // wrong header
      {Kind::Vertex, "!!ARBvp1.0 MOV result.position, vertex.position;", ""},          // no END (at the end)
      {Kind::Vertex, "!!ARBvp1.0 FOO result.position, vertex.position; END", "FOO"},   // unknown instruction
      {Kind::Vertex, "!!ARBvp1.0 MOV result.position, r0; END", "r0"},                 // undeclared
      {Kind::Vertex, "!!ARBvp1.0 TEMP a; TEMP a; END", "a; END"},                      // redeclared
      {Kind::Vertex, "!!ARBvp1.0 MOV_SAT result.position, vertex.position; END", "MOV_SAT"},  // _SAT is fp only
      {Kind::Vertex, "!!ARBvp1.0 OUTPUT o = result.color; MOV result.position, o; END", "o; END"},  // output read
      {Kind::Vertex, "!!ARBvp1.0 MOV result.position, program.env[256]; END", "256"},  // past MAX_PROGRAM_ENV
      {Kind::Vertex, "!!ARBvp1.0 RCP result.position, vertex.position; END", "; END"},  // scalar without selector
      {Kind::Vertex, "!!ARBvp1.0 MOV result.position.yx, vertex.position; END", "yx"},  // mask out of order
      {Kind::Vertex, "!!ARBvp1.0 PARAM p[2] = { 1, 2, 3 }; END", "2]"},                // size mismatch
      {Kind::Vertex, "!!ARBvp1.0 ADDRESS a, b; END", "b;"},                            // one address register
      {Kind::Vertex, "!!ARBvp1.0 OPTION ARB_position_invariant; MOV result.position, vertex.position; END",
       "position, vertex"},  // position invariant programs do not write the position
      {Kind::Fragment, "!!ARBfp1.0 OPTION ARB_fog_linear; OPTION ARB_fog_exp; END", "ARB_fog_exp;"},
      {Kind::Fragment, "!!ARBfp1.0 TEMP t; TEX t, fragment.texcoord, texture[0], 2D; "
                       "TEX t, fragment.texcoord, texture[0], 3D; END", "3D"},  // two targets on unit 0
      {Kind::Fragment, "!!ARBfp1.0 TEMP t; TEX t, fragment.texcoord, texture, SHADOW2D; END", "SHADOW2D"},
      {Kind::Fragment, "!!ARBfp1.0 MOV result.color[1], fragment.color; END", "[1]"},  // needs ARB_draw_buffers
      {Kind::Fragment, "!!ARBfp1.0 ARL result.color, fragment.color; END", "ARL"},      // vp only
      {Kind::Fragment, "!!ARBfp1.0 MOV result.color, vertex.color; END", "vertex"},
      {Kind::Fragment, "!!ARBfp1.0 MOV result.color, fragment.color.xyrz; END", "xyrz"},  // mixed swizzle sets
      {Kind::Fragment, "!!ARBfp1.0 SWZ result.color, fragment.color, a, b, x, r; END", "x, r"},
      {Kind::Fragment, "!!ARBfp1.0 COS result.color, 3.14159; END", "; END"},  // scalar constants need .x too
      {Kind::Fragment, "!!ARBfp1.0 OPTION ARB_precision_hint_nicest; OPTION ARB_precision_hint_fastest; END",
       "ARB_precision_hint_fastest"},
      {Kind::Vertex, "!!ARBvp1.0 TEMP vertex; END", "vertex"},  // reserved words
      {Kind::Vertex, "!!ARBvp1.0 TEMP MOV; END", "MOV"},
      // vertex.normal is generic attribute 2's alias: not both.
      {Kind::Vertex, "!!ARBvp1.0 ATTRIB a = vertex.normal; ATTRIB b = vertex.attrib[2]; END", "vertex.attrib"},
      {Kind::Vertex, "!!ARBvp1.0 PARAM a[2] = { program.env[0], program.env[0] }; ADDRESS A0; ARL A0.x, {1.5}.x; "
                     "MOV result.position, a[A0.x]; END", "a[A0"},  // a parameter twice, addressed relatively
  };
  for (const Case& c : cases) EXPECT_TRUE(fails_at(translate(c.kind, c.text), c.text, c.at)) << c.text;
}

}  // namespace
}  // namespace glvk::gl::arb
