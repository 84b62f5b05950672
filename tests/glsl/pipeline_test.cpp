// glvk::glsl::combine_pipeline and the program binary format: separately linked programs combined
// into one pipeline program (locations matched by name or explicit location, resources renumbered,
// default blocks side by side), and save_program/load_program round trips and refusals. The
// decorations are read back through SPIRV-Tools' disassembler, not glvk's editor.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "glvk/glsl/compiler.h"
#include "spirv_check.h"

namespace glvk::glsl {
namespace {

using test::decoration;
using test::disassemble;

Program separable(Stage stage, const std::string& text) {
  LinkOptions options;
  options.separable = true;
  const ShaderSource shaders[] = {{stage, text}};
  return link(shaders, options);
}

// Declared in the opposite order in each program: each link numbers them its own way.
const char* kVs =
    "#version 410\nlayout(location = 0) in vec4 pos;\nout vec4 first;\nout vec4 second;\nuniform vec4 tint;\n"
    "uniform sampler2D vtex;\n"
    "void main() { first = tint; second = texture(vtex, pos.xy); gl_Position = pos; }\n";
const char* kFs =
    "#version 410\nin vec4 second;\nin vec4 first;\nin vec4 nobody;\nuniform float scale;\nuniform sampler2D ftex;\n"
    "out vec4 color;\n"
    "void main() { color = (first + second + nobody) * scale + texture(ftex, first.xy); }\n";

TEST(GlslPipeline, InputsTakeTheLocationsOfTheOutputsOfTheirName) {
  const Program vs = separable(Stage::Vertex, kVs), fs = separable(Stage::Fragment, kFs);
  ASSERT_TRUE(vs.ok) << vs.log;
  ASSERT_TRUE(fs.ok) << fs.log;
  const Program* programs[] = {&vs, &fs};
  std::array<int, kStageCount> stage_program;
  stage_program.fill(-1);
  stage_program[std::size_t(Stage::Vertex)] = 0;
  stage_program[std::size_t(Stage::Fragment)] = 1;
  const PipelineProgram combined = combine_pipeline(programs, stage_program);
  ASSERT_TRUE(combined.program.ok) << combined.program.log;
  const std::string v = disassemble(combined.program.spirv[std::size_t(Stage::Vertex)]);
  const std::string f = disassemble(combined.program.spirv[std::size_t(Stage::Fragment)]);
  EXPECT_EQ(decoration(f, "first", "Location"), decoration(v, "first", "Location"));
  EXPECT_EQ(decoration(f, "second", "Location"), decoration(v, "second", "Location"));
  // An input no output feeds leaves the interface (read as an undefined value, GL 4.6 7.4.1).
  EXPECT_EQ(f.find("%nobody = OpVariable %_ptr_Input"), std::string::npos) << f;
  EXPECT_TRUE(test::spirv_valid(combined.program.spirv[std::size_t(Stage::Fragment)]));

  // Default blocks side by side: the FS part starts after the VS's, 32-byte aligned.
  ASSERT_EQ(combined.default_block_bases.size(), 2u);
  EXPECT_EQ(combined.default_block_bases[0], 0u);
  EXPECT_EQ(combined.default_block_bases[1], (vs.default_block_size + 31) / 32 * 32);
  EXPECT_EQ(combined.program.default_block_size, combined.default_block_bases[1] + fs.default_block_size);
  // Every resource a binding of its own; the samplers keep their programs' order.
  EXPECT_NE(decoration(v, "vtex", "Binding"), decoration(f, "ftex", "Binding"));
  EXPECT_EQ(decoration(v, "vtex", "Binding"), 1);
  EXPECT_EQ(decoration(f, "ftex", "Binding"), 2);
}

// The draw-mode check (GL 4.6 11.3.1) reads the combined program's geometry layout: it is the
// geometry program's (GL_TRIANGLES = 4 in, GL_TRIANGLE_STRIP = 5 out), not zero (GL_POINTS).
TEST(GlslPipeline, TheGeometryLayoutIsTheGeometryProgramsOwn) {
  const Program vs = separable(Stage::Vertex, "#version 410\nlayout(location = 0) in vec4 pos;\n"
                                              "void main() { gl_Position = pos; }\n");
  const Program gs = separable(Stage::Geometry,
                               "#version 410\nlayout(triangles, invocations = 2) in;\n"
                               "layout(triangle_strip, max_vertices = 3) out;\n"
                               "void main() { for (int i = 0; i < 3; ++i) { gl_Position = gl_in[i].gl_Position; "
                               "EmitVertex(); } }\n");
  ASSERT_TRUE(vs.ok) << vs.log;
  ASSERT_TRUE(gs.ok) << gs.log;
  const Program* programs[] = {&vs, &gs};
  std::array<int, kStageCount> stage_program;
  stage_program.fill(-1);
  stage_program[std::size_t(Stage::Vertex)] = 0;
  stage_program[std::size_t(Stage::Geometry)] = 1;
  const PipelineProgram combined = combine_pipeline(programs, stage_program);
  ASSERT_TRUE(combined.program.ok) << combined.program.log;
  EXPECT_EQ(combined.program.geometry_input, 0x0004u);
  EXPECT_EQ(combined.program.geometry_output, 0x0005u);
  EXPECT_EQ(combined.program.geometry_vertices_out, 3u);
  EXPECT_EQ(combined.program.geometry_invocations, 2u);
}

TEST(GlslPipeline, SeparableProgramsMustRedeclareGlPerVertexBetweenTheirStages) {
  const char* vs = "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n";
  const char* gs =
      "#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n"
      "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
  const ShaderSource shaders[] = {{Stage::Vertex, vs}, {Stage::Geometry, gs}};
  LinkOptions options;
  const Program plain = link(shaders, options);
  EXPECT_TRUE(plain.ok) << plain.log;  // not separable: no rule
  options.separable = true;
  EXPECT_FALSE(link(shaders, options).ok);
  const std::string redeclared = std::string("#version 150\nout gl_PerVertex { vec4 gl_Position; };\n") +
                                 "in vec4 pos;\nvoid main() { gl_Position = pos; }\n";
  // glslang wants the consumer's gl_in to match the redeclaration member for member.
  const std::string gs_redeclared = std::string("#version 150\nlayout(points) in;\nlayout(points, max_vertices = 1) out;\n") +
                                    "in gl_PerVertex { vec4 gl_Position; } gl_in[];\n" +
                                    "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n";
  const ShaderSource fixed[] = {{Stage::Vertex, redeclared}, {Stage::Geometry, gs_redeclared}};
  const Program p = link(fixed, options);
  EXPECT_TRUE(p.ok) << p.log;
}

TEST(GlslProgramBinary, RoundTripKeepsTheProgramAndRefusesDamage) {
  const Program vs = separable(Stage::Vertex, kVs);
  ASSERT_TRUE(vs.ok);
  const std::vector<std::byte> bytes = save_program(vs);
  const Program back = load_program(bytes);
  ASSERT_TRUE(back.ok) << back.log;
  EXPECT_EQ(back.spirv, vs.spirv);
  EXPECT_EQ(back.uniforms.size(), vs.uniforms.size());
  EXPECT_EQ(back.resources.size(), vs.resources.size());
  EXPECT_EQ(back.default_block_size, vs.default_block_size);
  EXPECT_EQ(back.explicit_inputs, vs.explicit_inputs);
  EXPECT_EQ(save_program(back), bytes);
  for (std::size_t n : {std::size_t(0), std::size_t(7), std::size_t(36), bytes.size() - 1}) {
    const Program cut = load_program(std::span(bytes).first(n));
    EXPECT_FALSE(cut.ok) << n;
    EXPECT_FALSE(cut.log.empty());
  }
  std::vector<std::byte> flipped = bytes;
  flipped[bytes.size() / 2] ^= std::byte{0x10};
  EXPECT_NE(load_program(flipped).log.find("checksum"), std::string::npos);

  // Garbled payloads under a recomputed checksum (the header layout program_binary.cpp documents:
  // magic 8, version 4, build 8, size 8, FNV-1a 8): refused or loaded consistently, never read
  // out of bounds (the sanitizer build runs this too).
  constexpr std::size_t kPayload = 36;
  std::mt19937 random(7);
  int loaded = 0;
  for (int i = 0; i < 300; ++i) {
    std::vector<std::byte> blob = bytes;
    for (int k = 0; k < 1 + i % 5; ++k)
      blob[kPayload + random() % (blob.size() - kPayload)] = std::byte(random() & 0xff);
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (std::size_t b = kPayload; b < blob.size(); ++b) h = (h ^ std::uint64_t(blob[b])) * 0x100000001b3ull;
    std::memcpy(blob.data() + kPayload - 8, &h, 8);
    const Program p = load_program(blob);
    loaded += p.ok;
    if (!p.ok) {
      EXPECT_FALSE(p.log.empty());
    }
  }
  EXPECT_LT(loaded, 300);  // the garbling is seen at least sometimes
}

}  // namespace
}  // namespace glvk::glsl
