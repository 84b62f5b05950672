// A small editor for the SPIR-V glslang produced: finds the module's global variables by name and
// sets the decorations GL assigns at link time (vertex input and fragment output locations,
// descriptor bindings); then validation and optimization through SPIRV-Tools.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace glvk::glsl::detail {

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

// The module with the Output variables whose every location is in the bit mask `locations` made
// Private: the stage still writes them, nothing leaves it (decorations and interface entries go).
std::vector<std::uint32_t> without_outputs(const std::vector<std::uint32_t>& words, std::uint32_t locations);

// The module with `variables` (Input or Output) made Private: the stage still reads or writes
// them, nothing crosses the interface (their decorations and interface entries go).
std::vector<std::uint32_t> made_private(const std::vector<std::uint32_t>& words, const std::set<std::uint32_t>& variables);

// A user-defined Input or Output variable of a stage (built-ins are not listed): the name GL
// matches it by (a block's block name, else the variable's) and its Location (-1: none).
struct InterfaceSlot {
  std::uint32_t id = 0;
  std::uint32_t storage_class = 0;
  std::string name;
  std::int64_t location = -1;
};
std::vector<InterfaceSlot> interface_slots(const std::vector<std::uint32_t>& words);

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

// spirv-val for Vulkan 1.1 (SPIR-V 1.3); false with the validator's messages in `log`.
bool validate_spirv(const std::vector<std::uint32_t>& words, std::string& log);
// spirv-opt's performance recipe; false (words unchanged) with messages in `log` if it fails.
bool optimize_spirv(std::vector<std::uint32_t>& words, std::string& log);

}  // namespace glvk::glsl::detail
