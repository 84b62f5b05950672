// A small editor for the SPIR-V glslang produced: finds the module's global variables by name and
// sets the decorations GL assigns at link time (vertex input and fragment output locations,
// descriptor bindings); then validation and optimization through SPIRV-Tools.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <glslang/SPIRV/spirv.hpp>

#include "glvk/glsl/compiler.h"
#include "source.h"

namespace glvk::glsl::detail {

// One instruction of a module (its opcode, then every word of it, the opcode word first), and a
// module's instructions after the header, in order (stops at a malformed one).
struct SpirvInstruction {
  spv::Op op;
  std::vector<std::uint32_t> words;
};
std::vector<SpirvInstruction> split_instructions(const std::vector<std::uint32_t>& words);

// A module rebuilt from `code` (split_instructions of `words`, whose header it keeps; the caller
// sets the bound) with `globals` placed before its first function. Before each instruction is
// copied, `before(instruction, in_entry, out)` may append code to `out` (`in_entry`: inside the
// function `entry`); it returns false to leave the instruction out (having appended what replaces it).
using BeforeInstruction = std::function<bool(const SpirvInstruction&, bool in_entry, std::vector<std::uint32_t>& out)>;
std::vector<std::uint32_t> rebuild_module(const std::vector<std::uint32_t>& words, const std::vector<SpirvInstruction>& code,
                                          const std::vector<std::uint32_t>& globals, std::uint32_t entry,
                                          const BeforeInstruction& before);

// Appends `entry_point` (an OpEntryPoint) to `out` with the variables `interface` added to its
// interface list; true (for a BeforeInstruction that drops the original: `return !emit_...`).
bool emit_entry_point_with(std::vector<std::uint32_t>& out, const SpirvInstruction& entry_point,
                           const std::vector<std::uint32_t>& interface);

// Where a last pre-rasterization stage has finished a vertex, for stores that must come after
// everything the shader wrote to it: before each EmitVertex of a geometry shader, else before each
// return of the entry point.
inline bool ends_vertex(const SpirvInstruction& in, bool in_entry, bool geometry) {
  return geometry ? (in.op == spv::OpEmitVertex || in.op == spv::OpEmitStreamVertex) : (in_entry && in.op == spv::OpReturn);
}

struct SpirvVariable {
  std::uint32_t id = 0;
  std::uint32_t storage_class = 0;  // spv::StorageClass
  std::string name;                 // OpName of the variable ("" for anonymous blocks)
  std::string struct_name;          // OpName of the struct type under pointer and arrays ("" if none)
  std::uint32_t array_length = 1;   // product of the (sized) array dimensions around the base type
};
std::vector<SpirvVariable> global_variables(const std::vector<std::uint32_t>& words);

struct DecorationEdit {
  std::uint32_t id;
  std::uint32_t decoration;  // spv::Decoration taking one literal (Location, Index, Binding, DescriptorSet)
  std::uint32_t value;
};
// Rewrites each (id, decoration)'s literal, adding the decoration where the id has none.
void set_decorations(std::vector<std::uint32_t>& words, const std::vector<DecorationEdit>& edits);

// The located (user-defined) Input or Output variables of `storage_class`, by the name GL matches
// them by between stages: a block's block name, else the variable's name → (variable, Location).
using InterfaceLocations = std::map<std::string, std::pair<std::uint32_t, std::uint32_t>>;
InterfaceLocations interface_locations(const std::vector<std::uint32_t>& words, std::uint32_t storage_class);

// The module with the Output variables whose every location is in the bit mask `locations` made
// Private: the stage still writes them, nothing leaves it (decorations and interface entries go).
// An output array with only some of its locations there is split: the array made Private, each
// other element an output of its own, copied from the array before the entry point returns.
std::vector<std::uint32_t> without_outputs(const std::vector<std::uint32_t>& words, std::uint32_t locations);

// The module with `variables` (Input or Output) made Private: the stage still reads or writes
// them, nothing crosses the interface (their decorations and interface entries go).
std::vector<std::uint32_t> made_private(const std::vector<std::uint32_t>& words, const std::set<std::uint32_t>& variables);

// Packs the varyings `fragment` reads from `producer` (the program's last vertex-processing stage)
// into vec4/uvec4 slots, by components as GL counts them (spirv_pack_varyings.cpp), when the
// fragment inputs would then take at most `max_locations`. False (modules unchanged) otherwise.
bool pack_varyings(std::vector<std::uint32_t>& producer, std::vector<std::uint32_t>& fragment, std::uint32_t max_locations);

// Whether the fragment module reads an array of interface blocks whose members declare their own
// interpolation (flat, noperspective, centroid, sample): lavapipe 22.3 drops member decorations
// of arrayed blocks, so link.cpp packs such varyings, which carries each member's interpolation
// in the slots it travels in.
bool block_arrays_interpolate_by_member(const std::vector<std::uint32_t>& fragment);

// A located user-defined Input or Output variable with the locations it takes (per vertex for
// arrayed interfaces).
struct InterfaceSlot {
  std::string name;  // as interface_locations names it
  std::uint32_t id;
  std::int64_t location;
  std::uint32_t size;  // locations
  bool fixed = false;  // declared with a location (separate_locations)
  bool patch = false;  // decorated Patch
};
std::vector<InterfaceSlot> interface_slots(const std::vector<std::uint32_t>& words, std::uint32_t storage_class);

// One past the highest location of a tessellation control module's per-patch outputs (0 when it
// has none; spirv_output_budget.cpp).
std::uint32_t patch_location_end(const std::vector<std::uint32_t>& words);

// One past the highest location the located user-defined variables of `storage_class` take
// (GLSL 4.60 4.4.1: a location per vector, matrix column and array element; 64-bit three- and
// four-component vectors two), per vertex for arrayed interfaces; 0 when there are none.
std::uint32_t interface_location_end(const std::vector<std::uint32_t>& words, std::uint32_t storage_class);

// New locations for the user-defined variables of one storage class (Input or Output) whose
// automatic location overlaps another variable's locations: explicit ones (named in
// `explicit_names`) keep theirs; each overlapping automatic one moves to the lowest free range.
// Inputs named in `producer_moved` (the previous stage's outputs that moved) follow them first.
// Moved variables are reported into `moved` by name.
std::vector<DecorationEdit> separate_locations(const std::vector<std::uint32_t>& words, std::uint32_t storage_class,
                                               const std::set<std::string>& explicit_names,
                                               std::map<std::string, std::uint32_t>& moved);

// A program's stage moved into a program pipeline's combined resource interface: each Binding b
// in `bindings` becomes bindings[b], and the default uniform block's member offsets grow by
// `default_block_base` (the program's part of the pipeline's default block).
void rebind_for_pipeline(std::vector<std::uint32_t>& words, const std::map<std::uint32_t, std::uint32_t>& bindings,
                         std::uint32_t default_block_base);

// The fragment module with its integer outputs at the locations of the bit mask written as the
// other signedness, bit for bit (spirv_output_signedness.cpp): what GL drivers store into an
// integer colour buffer of the other signedness, which Vulkan would not write.
std::vector<std::uint32_t> with_output_signedness_flipped(const std::vector<std::uint32_t>& words, std::uint32_t locations);

// The fragment module discarding the fragments whose colour for draw buffer zero (the vec4 output
// at Location 0) fails GL's alpha test, checked before each return of the entry point
// (spirv_alpha_test.cpp); unchanged for other stages, GL_ALWAYS, or no such output.
std::vector<std::uint32_t> with_alpha_test(const std::vector<std::uint32_t>& words, const AlphaTest& test);

// The module with the Input variables named in `names` decorated Flat, unless they already carry
// an interpolation decoration (Flat, NoPerspective).
std::vector<std::uint32_t> with_flat_inputs(const std::vector<std::uint32_t>& words, const std::vector<std::string>& names);

// How a last pre-rasterization stage treats the point size: whether it writes PointSize, and
// whether it emits points whatever the draw's primitive (geometry OutputPoints, tessellation
// PointMode).
struct PointSizeUse {
  bool written = false;
  bool emits_points = false;
};
PointSizeUse point_size_use(const std::vector<std::uint32_t>& words);

// The module writing `size` to PointSize for every vertex it outputs (before each EmitVertex of a
// geometry shader, else at each return of the entry point), declaring PointSize if it has none.
std::vector<std::uint32_t> with_point_size(const std::vector<std::uint32_t>& words, float size);

// Where a module's output built-in `builtin` (spv::BuiltIn) lives: a variable of its own, or a
// member of an output block (variable 0: the module has none).
struct OutputBuiltinSite {
  std::uint32_t variable = 0;  // the variable, or the block variable
  std::int64_t member = -1;    // the block member (-1: a variable of its own)
  std::uint32_t type = 0;      // the built-in's type
  std::uint32_t length = 0;    // elements when an array, else 1
};
OutputBuiltinSite output_builtin_site(const std::vector<SpirvInstruction>& code, std::uint32_t builtin);

// The elements of the output ClipDistance array a last pre-rasterization module declares and
// reaches (0: none, or declared but never accessed), and the module making the elements whose bits
// are set in `disabled` max(d, 0) (clipping nothing) before every vertex it outputs, as GL ignores
// a distance whose CLIP_DISTANCEi is disabled (spirv_clip_enables.cpp).
std::uint32_t clip_distances_written(const std::vector<std::uint32_t>& words);
std::vector<std::uint32_t> with_clip_distances_disabled(const std::vector<std::uint32_t>& words, std::uint32_t disabled);
// The sizes of the output ClipDistance and CullDistance arrays a module declares, added (an
// unreached array of one element not counted: glslang's implicit size).
std::uint32_t clip_and_cull_distances_declared(const std::vector<std::uint32_t>& words);

// The module clipping the Position it outputs against the user clip planes of the bit mask
// `planes` (GLSL 1.30 7.1, compatibility: a stage that writes neither gl_ClipVertex nor
// gl_ClipDistance is clipped by gl_Position): gl_ClipDistance[i] = dot(plane i, Position) before
// every vertex it outputs, 1.0 for the elements not in the mask; the planes are read from the
// push constants at offset 0 (kClipPlanePushConstants: vec4[8], eye coordinates). Unchanged when
// the module declares clip distances or has no Position output (spirv_clip_position.cpp).
std::vector<std::uint32_t> with_position_clipped(const std::vector<std::uint32_t>& words, std::uint32_t planes);

// Built-in blocks (gl_PerVertex: Position, PointSize, ClipDistance, CullDistance): glslang declares
// every member, and Vulkan counts each declared built-in against the stage's component limits,
// where GL counts only what is used (GL 4.6 11.1.2.1), so a shader at GL's limit would exceed
// Vulkan's. The blocks are cut after the last member used; a producer's output block and its
// consumer's input block must keep as many members as each other (Vulkan's interface rule).
struct BuiltinBlockUse {
  std::uint32_t input = 0, output = 0;  // members needed (0: no such block)
};
// How many members of its input and output built-in blocks a module needs: one past the last it
// accesses (at least 1), all of them when a block is used other than by member access.
BuiltinBlockUse builtin_block_use(const std::vector<std::uint32_t>& words);
// The module with its input and output built-in blocks cut to `keep` members (never below what it uses).
std::vector<std::uint32_t> with_builtin_blocks_cut(const std::vector<std::uint32_t>& words, const BuiltinBlockUse& keep);
// Every stage's blocks cut (link.cpp): each producer's output and its consumer's input to as many
// members as either uses. With `keep_outer` (a separable program) the first stage's input and the
// last vertex-processing stage's output stay whole, to be cut when a pipeline joins programs.
void cut_builtin_blocks(std::array<std::vector<std::uint32_t>, kStageCount>& spirv, bool keep_outer);

// The module with Invariant on members of interface blocks moved to the blocks' variables
// (spirv_invariant_blocks.cpp: Mesa's SPIR-V front end warns on the member decoration).
std::vector<std::uint32_t> with_invariant_blocks_as_variables(const std::vector<std::uint32_t>& words);

// The input or output components of a module of `stage` as Vulkan counts them against the stage's
// limit: every such variable's, built-ins and per-patch ones included, one vertex of per-vertex
// arrays (spirv_output_budget.cpp).
std::uint32_t interface_components(const std::vector<std::uint32_t>& words, Stage stage, bool input);

// Appends one instruction to `code`: its word count and opcode, then the operands.
inline void emit(std::vector<std::uint32_t>& code, spv::Op op, std::initializer_list<std::uint32_t> operands) {
  code.push_back(std::uint32_t(operands.size() + 1) << 16 | op);
  code.insert(code.end(), operands);
}
inline void emit(std::vector<std::uint32_t>& code, spv::Op op, const std::vector<std::uint32_t>& operands) {
  code.push_back(std::uint32_t(operands.size() + 1) << 16 | op);
  code.insert(code.end(), operands.begin(), operands.end());
}

// The module with rectangle images (Dim Rect, which Vulkan lacks) made 2D: sampling coordinates
// and gradients divided by the image's size, fetches and size queries at level 0 (spirv_rect.cpp).
std::vector<std::uint32_t> with_rect_images_as_2d(const std::vector<std::uint32_t>& words);

// The id GLSL.std.450 is imported as in `code` (0: not imported).
std::uint32_t glsl_std_450_import(const std::vector<SpirvInstruction>& code);

// What an instruction-replacing pass builds (spirv_rewrite.cpp): the id bound, the types and
// constants it adds (placed before the first function) and the instructions so far.
struct ModuleRewrite {
  std::uint32_t bound = 0;
  std::vector<std::uint32_t> globals;
  std::vector<std::uint32_t> body;
};
// `words` (split as `code`) rebuilt: each instruction `replace` does not take (false) copied to
// `rewrite.body`, those it takes replaced by what it appends there; `words` unchanged when the
// module has no function.
std::vector<std::uint32_t> rewrite_module(const std::vector<std::uint32_t>& words,
                                          const std::vector<SpirvInstruction>& code, ModuleRewrite& rewrite,
                                          const std::function<bool(const SpirvInstruction&)>& replace);

// The module with roundEven() of doubles computed from floor() (spirv_round_even.cpp): lavapipe's
// 64-bit RoundEven rounded halves to odd on some CPUs.
std::vector<std::uint32_t> with_exact_double_round_even(const std::vector<std::uint32_t>& words);

// A tessellation control module with its stores to a per-patch output vector's component at a
// dynamic index made a switch of stores at constant indices (spirv_patch_component_stores.cpp):
// lavapipe wrote the whole vector, over the components other invocations wrote.
std::vector<std::uint32_t> with_patch_component_stores_constant(const std::vector<std::uint32_t>& words);

// The module with unpackHalf2x16() of constants replaced by their values (spirv_unpack_half.cpp):
// lavapipe computes the second component of a constant operand's unpacking wrongly.
std::vector<std::uint32_t> with_constant_unpack_half_folded(const std::vector<std::uint32_t>& words);

// The module with the vertex stage's 64-bit inputs read as 32-bit pairs (spirv_double_inputs.cpp):
// each becomes a uvec4 array input at its location, one element per location, rebuilt by bitcasts
// at the start of the entry point. Other stages are returned unchanged.
std::vector<std::uint32_t> with_double_inputs_as_uint_pairs(const std::vector<std::uint32_t>& words);

// The elements of the array variable at descriptor `binding` the module reads: bit e for an access
// with the constant index e, every bit for a dynamic index or a use of the whole variable; 0 when
// no variable has that binding.
std::uint64_t used_array_elements(const std::vector<std::uint32_t>& words, std::uint32_t binding);

// spirv-val for Vulkan 1.1 (SPIR-V 1.3); false with the validator's messages in `log`.
bool validate_spirv(const std::vector<std::uint32_t>& words, std::string& log);
// spirv-opt's performance recipe (only dead-code removal for modules of more than
// kMaxInlinedCalls function calls, which stay calls); false (words unchanged) with messages in
// `log` if it fails.
constexpr std::size_t kMaxInlinedCalls = 256;
bool optimize_spirv(std::vector<std::uint32_t>& words, std::string& log);

}  // namespace glvk::glsl::detail
