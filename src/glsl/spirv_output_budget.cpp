// How many input or output components a stage takes as Vulkan counts them against the stage's
// limit (Vulkan 1.3 15.1.4, as the validation layer checks it: the components of every variable,
// user-defined and built-in alike, per-patch ones too, and one vertex of a per-vertex array), so
// that a program over the device's budget fails to link, saying why, instead of giving the device
// a pipeline it may not take. GL counts only the user's components and leaves gl_Position out (GL
// 4.6 11.1.2.1), which is why glvk's GL limits are the device's less gl_Position where GL's minimum
// leaves room.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

struct Types {
  std::unordered_map<std::uint32_t, std::uint32_t> scalar_words;  // int/float → 1, or 2 when 64-bit
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> composites;  // → (part, count)
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> arrays;      // → (element, length id)
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> structs;
  std::unordered_map<std::uint32_t, std::uint32_t> constants;

  std::uint32_t components(std::uint32_t type, int depth = 0) const {
    if (depth > 16) return 0;
    if (auto s = scalar_words.find(type); s != scalar_words.end()) return s->second;
    if (auto c = composites.find(type); c != composites.end()) return c->second.second * components(c->second.first, depth + 1);
    if (auto a = arrays.find(type); a != arrays.end()) {
      const auto length = constants.find(a->second.second);
      return (length != constants.end() ? length->second : 1) * components(a->second.first, depth + 1);
    }
    if (auto s = structs.find(type); s != structs.end()) {
      std::uint32_t n = 0;
      for (std::uint32_t member : s->second) n += components(member, depth + 1);
      return n;
    }
    return 0;
  }
};

}  // namespace

std::uint32_t interface_components(const std::vector<std::uint32_t>& words, Stage stage, bool input) {
  const std::uint32_t storage_class = input ? spv::StorageClassInput : spv::StorageClassOutput;
  // Per-vertex variables of these stages are arrays of vertices: one vertex counts.
  const bool arrayed = stage == Stage::TessControl || (input && (stage == Stage::TessEvaluation || stage == Stage::Geometry));
  Types types;
  std::unordered_map<std::uint32_t, std::uint32_t> pointee;
  std::unordered_set<std::uint32_t> builtin_structs, patches, interface;
  std::vector<std::uint32_t> variables;
  for (const SpirvInstruction& in : split_instructions(words)) {
    const std::vector<std::uint32_t>& w = in.words;
    switch (in.op) {
      case spv::OpTypeInt:
      case spv::OpTypeFloat: if (w.size() >= 3) types.scalar_words[w[1]] = w[2] == 64 ? 2 : 1; break;
      case spv::OpTypeVector:
      case spv::OpTypeMatrix: if (w.size() == 4) types.composites[w[1]] = {w[2], w[3]}; break;
      case spv::OpTypeArray: if (w.size() == 4) types.arrays[w[1]] = {w[2], w[3]}; break;
      case spv::OpTypeStruct: if (w.size() >= 2) types.structs[w[1]].assign(w.begin() + 2, w.end()); break;
      case spv::OpConstant: if (w.size() == 4) types.constants[w[2]] = w[3]; break;
      case spv::OpTypePointer: if (w.size() == 4) pointee[w[1]] = w[3]; break;
      case spv::OpMemberDecorate: if (w.size() >= 4 && w[3] == spv::DecorationBuiltIn) builtin_structs.insert(w[1]); break;
      case spv::OpDecorate: if (w.size() >= 3 && w[2] == spv::DecorationPatch) patches.insert(w[1]); break;
      case spv::OpEntryPoint: {
        // Only the entry point's interface counts: the name (up to the word holding its NUL), then its ids.
        std::size_t i = 3;
        for (bool end = false; i < w.size() && !end; ++i)
          for (int b = 0; b < 4; ++b) end = end || ((w[i] >> (8 * b)) & 0xffu) == 0;
        interface.insert(w.begin() + std::ptrdiff_t(std::min(i, w.size())), w.end());
        break;
      }
      case spv::OpVariable:
        if (w.size() >= 4 && w[3] == storage_class) {
          variables.push_back(w[2]);
          pointee[w[2]] = pointee[w[1]];
        }
        break;
      default: break;
    }
  }
  // Members of the built-in block past the last one the module uses are cut before the pipeline
  // is made (cut_builtin_blocks), so only those up to it count.
  const BuiltinBlockUse use = builtin_block_use(words);
  const std::uint32_t used_members = input ? use.input : use.output;
  std::uint32_t components = 0;
  for (std::uint32_t variable : variables) {
    if (!interface.count(variable)) continue;
    std::uint32_t type = pointee[variable];
    if (arrayed && !patches.count(variable))
      if (auto a = types.arrays.find(type); a != types.arrays.end()) type = a->second.first;
    if (builtin_structs.count(type)) {
      const std::vector<std::uint32_t>& members = types.structs[type];
      for (std::size_t m = 0; m < members.size() && m < used_members; ++m) components += types.components(members[m]);
    } else {
      components += types.components(type);
    }
  }
  return components;
}

// Per-patch and per-vertex varyings share one location space (SPIRV-Tools refuses a module where
// they overlap) while Vulkan gives the per-patch ones only maxTessellationControlPerPatchOutputComponents
// / 4 locations (Vulkan 1.3 15.1.4's table), and glslang numbers them after the per-vertex ones:
// lavapipe (128 / 4) crashed compiling a pipeline whose patch locations went up to 60.
std::uint32_t patch_location_end(const std::vector<std::uint32_t>& words) {
  std::uint32_t end = 0;
  for (const InterfaceSlot& s : interface_slots(words, spv::StorageClassOutput))
    if (s.patch) end = std::max(end, std::uint32_t(s.location) + s.size);
  return end;
}

}  // namespace glvk::glsl::detail
