// Source-text preparation before glslang parses a shader: the #version line glslang accepts for
// SPIR-V, the legacy texture-function names Vulkan GLSL lacks, the compatibility built-ins
// (legacy_builtins.h) and the depth-range lowering.
// Every rewrite keeps the user's line numbers, so info logs name the lines the user wrote.
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "glvk/glsl/compiler.h"
#include "opaque_struct_members.h"

namespace glvk::glsl::detail {

// What the #version directive says (or the default when there is none).
struct VersionInfo {
  int version = 110;
  bool es = false;
  bool compatibility = false;   // "#version NNN compatibility"
  bool declared = false;        // a #version directive was found
  bool malformed = false;       // the first directive is #version but not one glvk can read
  int line = 1;                 // the directive's line
  std::size_t line_begin = 0;   // the directive's text [line_begin, line_end) when declared
  std::size_t line_end = 0;
};
VersionInfo scan_version(std::string_view source, int default_version);

// GLSL versions glslang knows (desktop 1.10-4.60, ES 1.00-3.20); others never reach glslang, whose
// built-in tables for an unknown version fail noisily.
bool known_version(int version, bool es);

// The text glslang parses and the preamble it parses first.
struct PreparedSource {
  std::string text;
  std::string preamble;
  VersionInfo version;  // as the user wrote it
  int raised_version = 140;  // what a shader below it (or without #version) is parsed as
  StageSubroutines subroutines;  // the text's subroutines, lowered (subroutines.h)
  std::string error;             // a compile error found while preparing (glslang's format)
  // Uniforms declared samplerExternalOES (GLSL ES with OES_EGL_image_external), sampled as the
  // sampler2D they are lowered to; reflection reports them as GL_SAMPLER_EXTERNAL_OES.
  std::set<std::string> external_samplers;
  // GLSL ES 1.00: the names declared invariant (es100_invariants), for the check at link.
  std::set<std::string> invariants;
  // Members of storage blocks unsized but not last ("Block.member"; storage_blocks.h): a link error.
  std::vector<std::string> inner_unsized_storage_members;
  // The opaque uniforms that stand for members of uniform structs (opaque_struct_members.h).
  std::vector<OpaqueMemberUniform> opaque_members;
};

// Preamble lines giving a shader of `version` what its version has and glslang accepts only from a
// later one: gl_PerVertex redeclarations before 4.10, line continuation before 4.20, 1.40's
// inverse(). Each only when `text` (the user's source) uses it.
std::string version_gap_preamble(const VersionInfo& version, std::string_view text);

// __VERSION__ in `text` replaced by the shader's own version (GLSL 4.60 3.3), since glslang
// expands it to the version it parses (1.40 for a 1.10 shader, 3.10 es for 1.00 es): a shader that
// tests it (`#if __VERSION__ >= 300`) takes its own branch. Names the preprocessor only tests or
// defines stay (`defined __VERSION__`, #ifdef).
void declared_version_macro(const VersionInfo& version, std::string& text);

// Transform feedback capture (xfb.cpp): output declarations with xfb layout qualifiers and the
// assignments that copy the captured varyings into them after main (before each emit in a
// geometry shader), ahead of the depth lowering so captured positions keep GL's clip z.
// One transform feedback output (GL 4.6 11.1.2.1) decorated in the SPIR-V rather than by layout
// qualifiers: the variable by name, its buffer, byte offset, and the buffer's stride.
struct XfbDecoration {
  std::string variable;
  std::uint32_t buffer = 0, offset = 0, stride = 0;
};

struct XfbCapture {
  std::string declarations;
  std::vector<std::string> copies;  // "glvk_xfb_0 = v[1]"
  bool needs_extension = false;     // below GLSL 4.40 the qualifiers come from ARB_enhanced_layouts
  // A captured double: below 4.00 the copy's type comes from GL_ARB_gpu_shader_fp64, which the
  // user's #extension line enables only after the preamble that declares it.
  bool declares_doubles = false;
  // A capture of a vertex stream other than 0: below 4.00 layout(stream) is GL_ARB_gpu_shader5's.
  bool declares_streams = false;
  // GLSL ES has no xfb layout qualifiers (glslang refuses them there): its capture outputs are
  // declared plain and get these decorations in the SPIR-V (with_xfb_decorations).
  std::vector<XfbDecoration> spirv_decorations;
};

// lower_depth_range: this stage is the last vertex-processing stage and must remap clip z
// from GL's [-w, w] to Vulkan's [0, w]. next_stage_reads: see lower_legacy_builtins.
// parse_version: the least version a desktop shader is parsed as (0: what its text needs).
PreparedSource prepare_source(Stage stage, std::string_view source, const CompileOptions& options,
                              bool lower_depth_range, const std::set<std::string>& next_stage_reads = {},
                              const XfbCapture* xfb = nullptr, const std::set<std::string>& stage_uses = {},
                              int parse_version = 0);

// `a.length()` of an implicitly sized array `T a[];` (a local or global variable, not a block
// member or an interface array) replaced by its size, one more than the largest constant index
// the texts (the compilation units of one stage) use. at_link false: one unit compiled alone,
// where an array it never indexes gets a stand-in size (the link decides).
void replace_implicit_array_lengths(const std::vector<std::string*>& texts, bool at_link);

// Puts `declaration` before the text's first token that is not in a preprocessor directive, on
// that token's line (line numbers stay).
void insert_before_first_declaration(std::string& text, std::string_view declaration);

// The input primitive of a geometry shader's `layout(...) in;` declaration ("triangles"), or
// empty when the text declares none.
std::string geometry_input_primitive(std::string_view text);
// The output patch size of a tessellation control shader's `layout(vertices = N) out;` as
// "vertices = N", or empty when the text declares none.
std::string tess_output_vertices(std::string_view text);

// `uniform T a[] = T[](x, y, z);` (GLSL 1.20 4.3.5 sizes the array from its initializer): glslang
// leaves such a uniform unsized, and indexing it with a variable then fails. The count of the
// constructor's arguments is written into the empty brackets, on the same line.
void size_initialized_uniform_arrays(std::string& text);

}  // namespace glvk::glsl::detail
