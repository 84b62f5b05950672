// A tessellation control shader's store to one component of a per-patch output vector chosen by a
// dynamic index (`v[gl_InvocationID] = x`) becomes a switch of stores at constant indices. GL
// lets each invocation write its own components of a patch output (ARB_tessellation_shader); Mesa
// 22.3's lavapipe stores a dynamically indexed component by writing the whole vector, so another
// invocation's component was overwritten with the value this one read before (piglit's
// tcs-patch-vec4-index-wr), where zink, whose GL compiler turns such an index into constant ones,
// passes.
#define SPV_ENABLE_UTILITY_CODE
#include <glslang/SPIRV/spirv.hpp>

#include <unordered_map>
#include <unordered_set>

#include "spirv_edit.h"

namespace glvk::glsl::detail {

std::vector<std::uint32_t> with_patch_component_stores_constant(const std::vector<std::uint32_t>& words) {
  const std::vector<SpirvInstruction> code = split_instructions(words);
  std::unordered_set<std::uint32_t> patches, loop_headers;
  std::unordered_map<std::uint32_t, std::uint32_t> type_of, pointee, vector_size, int32_types, constants;
  struct Chain {
    std::vector<std::uint32_t> words;  // the OpAccessChain
    std::uint32_t components = 0;      // of the vector its last index selects in
  };
  std::unordered_map<std::uint32_t, Chain> chains;  // dynamic component chains into patch outputs
  std::uint32_t label = 0;
  bool tess_control = false;
  for (const SpirvInstruction& in : code) {
    const auto& w = in.words;
    bool has_result = false, has_type = false;
    spv::HasResultAndType(in.op, &has_result, &has_type);
    if (has_result && has_type && w.size() >= 3) type_of[w[2]] = w[1];
    switch (in.op) {
      case spv::OpEntryPoint: tess_control = tess_control || (w.size() > 1 && w[1] == spv::ExecutionModelTessellationControl); break;
      case spv::OpDecorate: if (w.size() >= 3 && w[2] == spv::DecorationPatch) patches.insert(w[1]); break;
      case spv::OpTypeInt: if (w.size() == 4 && w[2] == 32) int32_types[w[1]] = w[3]; break;
      case spv::OpTypeVector: if (w.size() == 4) vector_size[w[1]] = w[3]; break;
      case spv::OpTypePointer: if (w.size() == 4) pointee[w[1]] = w[3]; break;
      case spv::OpConstant: if (w.size() == 4) constants[w[2]] = w[3]; break;
      case spv::OpLabel: label = w[1]; break;
      case spv::OpLoopMerge: loop_headers.insert(label); break;
      case spv::OpAccessChain: {
        // Only a vector component (the pointer's pointee, one level up, a vector) at a
        // non-constant 32-bit integer index, in a Patch output variable.
        if (w.size() < 5 || !patches.count(w[3]) || constants.count(w.back()) || !int32_types.count(type_of[w.back()])) break;
        // The type the last index selects in: the base's pointee, down the other indices.
        std::uint32_t t = pointee[type_of[w[3]]];
        bool arrays_only = true;
        for (std::size_t i = 4; i + 1 < w.size(); ++i) {
          bool array = false;
          for (const SpirvInstruction& d : code)
            if (d.op == spv::OpTypeArray && d.words[1] == t) { t = d.words[2]; array = true; break; }
          arrays_only = arrays_only && array;
        }
        if (arrays_only && vector_size.count(t)) chains[w[2]] = {w, vector_size[t]};
        break;
      }
      default: break;
    }
  }
  if (!tess_control || chains.empty()) return words;

  ModuleRewrite m;
  m.bound = words[3];
  std::unordered_map<std::uint32_t, std::uint32_t> new_constant;  // (type << 3 | value) → id
  std::unordered_map<std::uint32_t, std::uint32_t> moved_end;     // a split block's label → its last part's
  std::uint32_t block = 0;  // the label the current block had in `words`
  std::vector<std::uint32_t> out = rewrite_module(words, code, m, [&](const SpirvInstruction& in) {
    const auto& w = in.words;
    if (in.op == spv::OpLabel) block = w[1];
    if (in.op != spv::OpStore || w.size() < 3 || !chains.count(w[1]) || loop_headers.count(block)) return false;
    const Chain& chain = chains[w[1]];
    const std::uint32_t index = chain.words.back(), index_type = type_of[index], merge = m.bound++;
    std::vector<std::uint32_t> cases;
    std::vector<std::uint32_t> targets = {index, merge};
    for (std::uint32_t c = 0; c < chain.components; ++c) {
      cases.push_back(m.bound++);
      targets.insert(targets.end(), {c, cases.back()});
    }
    emit(m.body, spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
    emit(m.body, spv::OpSwitch, targets);
    for (std::uint32_t c = 0; c < chain.components; ++c) {
      std::uint32_t& k = new_constant[index_type << 3 | c];
      if (!k) {
        k = m.bound++;
        emit(m.globals, spv::OpConstant, {index_type, k, c});
      }
      std::vector<std::uint32_t> access(chain.words.begin() + 1, chain.words.end());
      access[1] = m.bound++;
      access.back() = k;
      emit(m.body, spv::OpLabel, {cases[c]});
      emit(m.body, spv::OpAccessChain, access);
      emit(m.body, spv::OpStore, {access[1], w[2]});
      emit(m.body, spv::OpBranch, {merge});
    }
    emit(m.body, spv::OpLabel, {merge});
    moved_end[block] = merge;
    return true;
  });
  // The blocks after a split one are now reached from its last part: their OpPhi parents follow.
  if (moved_end.empty()) return out;
  for (std::size_t i = 5; i < out.size();) {
    const std::uint32_t count = out[i] >> 16;
    if (count == 0) break;
    if ((out[i] & 0xffffu) == spv::OpPhi)
      for (std::size_t p = i + 4; p < i + count; p += 2)
        if (auto moved = moved_end.find(out[p]); moved != moved_end.end()) out[p] = moved->second;
    i += count;
  }
  return out;
}

}  // namespace glvk::glsl::detail
