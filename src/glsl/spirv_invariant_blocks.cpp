// `invariant gl_Position` (and invariant members of user blocks) reach SPIR-V as Invariant on a
// member of a Block struct. Mesa's SPIR-V front end, behind lavapipe, reports that as a decoration
// not allowed on struct members (a warning, which glvk's validation run treats as a failure) while
// SPIR-V allows it. The decoration moves to the interface variables of that struct instead: a
// variable decorated Invariant is invariant as a whole, which asks more of the compiler than the
// member alone and no less.
#include <set>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

}  // namespace

std::vector<std::uint32_t> with_invariant_blocks_as_variables(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  std::set<std::uint32_t> structs;  // Block structs with an invariant member
  for (const SpirvInstruction& in : code)
    if (in.op == spv::OpMemberDecorate && in.words.size() == 4 && in.words[3] == spv::DecorationInvariant)
      structs.insert(in.words[1]);
  if (structs.empty()) return words;
  std::unordered_map<std::uint32_t, std::uint32_t> array_elements;  // array type → element type
  std::unordered_map<std::uint32_t, std::uint32_t> pointers;       // pointer type to such a struct (or arrays of it) → struct
  std::set<std::uint32_t> variables, invariant_variables, moved;  // moved: the structs whose variables were found
  for (const SpirvInstruction& in : code) {
    const std::vector<std::uint32_t>& w = in.words;
    if (in.op == spv::OpTypeArray && w.size() == 4) array_elements[w[1]] = w[2];
    if (in.op == spv::OpTypePointer && w.size() == 4) {
      std::uint32_t pointee = w[3];
      for (int depth = 0; depth < 4 && array_elements.count(pointee); ++depth) pointee = array_elements[pointee];
      if (structs.count(pointee) && (w[2] == spv::StorageClassInput || w[2] == spv::StorageClassOutput))
        pointers[w[1]] = pointee;
    }
    if (in.op == spv::OpVariable && w.size() >= 4 && pointers.count(w[1])) {
      variables.insert(w[2]);
      moved.insert(pointers[w[1]]);
    }
    if (in.op == spv::OpDecorate && w.size() == 3 && w[2] == spv::DecorationInvariant) invariant_variables.insert(w[1]);
  }
  std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  bool placed = false;
  for (const SpirvInstruction& in : code) {
    if (in.op == spv::OpMemberDecorate && in.words.size() == 4 && in.words[3] == spv::DecorationInvariant &&
        moved.count(in.words[1])) {
      if (!placed)
        for (std::uint32_t variable : variables)
          if (!invariant_variables.count(variable))
            emit(out, spv::OpDecorate, {variable, std::uint32_t(spv::DecorationInvariant)});
      placed = true;
      continue;
    }
    out.insert(out.end(), in.words.begin(), in.words.end());
  }
  return out;
}

}  // namespace glvk::glsl::detail
