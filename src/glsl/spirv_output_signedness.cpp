// Fragment outputs written to an integer colour buffer of the other signedness (an ivec4 output to
// an RGBA8UI texture, ...). GL leaves the values undefined (GL 4.6 17.4.4.3); Mesa and the
// proprietary drivers store the output's bits, and programs rely on it, while Vulkan drops a write
// whose numeric type differs from the attachment's. So such an output is made Private and a twin
// of the other signedness takes its Location (and Index): before each return of the entry point,
// the value is copied over by OpBitcast, which keeps every bit.
#include <glslang/SPIRV/spirv.hpp>

#include <map>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

struct Output {
  std::uint32_t variable = 0, type = 0;  // an int/uint scalar or vector
  std::uint32_t twin = 0, twin_type = 0;
};

}  // namespace

std::vector<std::uint32_t> with_output_signedness_flipped(const std::vector<std::uint32_t>& words,
                                                          std::uint32_t locations) {
  if (words.size() < kHeaderWords || !locations) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  std::uint32_t entry = 0;
  std::unordered_map<std::uint32_t, std::uint32_t> location, index, pointee, signedness;  // int type → 0/1
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> vectors;   // → (component, count)
  std::vector<std::pair<std::uint32_t, std::uint32_t>> outputs;                          // (variable, pointer)
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> int_types;            // (width, signed) → id
  for (const SpirvInstruction& in : code) {
    const auto& w = in.words;
    switch (in.op) {
      case spv::OpEntryPoint: if (!entry) entry = w[2]; break;
      case spv::OpDecorate:
        if (w.size() >= 4 && w[2] == spv::DecorationLocation) location[w[1]] = w[3];
        if (w.size() >= 4 && w[2] == spv::DecorationIndex) index[w[1]] = w[3];
        break;
      case spv::OpTypeInt: if (w[2] == 32) { signedness[w[1]] = w[3]; int_types.emplace(std::pair{w[2], w[3]}, w[1]); } break;
      case spv::OpTypeVector: vectors[w[1]] = {w[2], w[3]}; break;
      case spv::OpTypePointer: pointee[w[1]] = w[3]; break;
      case spv::OpVariable: if (w[3] == spv::StorageClassOutput) outputs.push_back({w[2], w[1]}); break;
      default: break;
    }
  }
  std::uint32_t bound = words[3];
  std::vector<std::uint32_t> globals;
  auto int_type = [&](std::uint32_t is_signed) {
    if (auto t = int_types.find({32, is_signed}); t != int_types.end()) return t->second;
    const std::uint32_t id = bound++;
    emit(globals, spv::OpTypeInt, {id, 32, is_signed});
    int_types[{32, is_signed}] = id;
    signedness[id] = is_signed;
    return id;
  };
  auto vector_type = [&](std::uint32_t component, std::uint32_t n) {
    for (const auto& [id, v] : vectors)
      if (v.first == component && v.second == n) return id;
    const std::uint32_t id = bound++;
    emit(globals, spv::OpTypeVector, {id, component, n});
    vectors[id] = {component, n};
    return id;
  };
  std::vector<Output> flipped;
  for (const auto& [variable, pointer] : outputs) {
    const auto l = location.find(variable);
    if (l == location.end() || l->second >= 32 || !(locations >> l->second & 1u)) continue;
    Output o{variable, pointee[pointer]};
    std::uint32_t component = o.type, count = 1;
    if (auto v = vectors.find(o.type); v != vectors.end()) std::tie(component, count) = v->second;
    const auto s = signedness.find(component);
    if (s == signedness.end()) continue;  // not an integer scalar or vector (arrays stay as they are)
    const std::uint32_t other = int_type(s->second ? 0 : 1);
    o.twin_type = count == 1 ? other : vector_type(other, count);
    flipped.push_back(o);
  }
  if (flipped.empty()) return words;
  std::vector<DecorationEdit> decorations;
  std::set<std::uint32_t> originals;
  for (Output& o : flipped) {
    const std::uint32_t pointer = bound++;
    o.twin = bound++;
    emit(globals, spv::OpTypePointer, {pointer, spv::StorageClassOutput, o.twin_type});
    emit(globals, spv::OpVariable, {pointer, o.twin, spv::StorageClassOutput});
    decorations.push_back({o.twin, spv::DecorationLocation, location[o.variable]});
    if (auto i = index.find(o.variable); i != index.end()) decorations.push_back({o.twin, spv::DecorationIndex, i->second});
    originals.insert(o.variable);
  }

  std::vector<std::uint32_t> twins;
  for (const Output& o : flipped) twins.push_back(o.twin);
  std::vector<std::uint32_t> out =
      rebuild_module(words, code, globals, entry, [&](const SpirvInstruction& in, bool in_entry, std::vector<std::uint32_t>& copies) {
        if (in.op == spv::OpEntryPoint && in.words[2] == entry) return !emit_entry_point_with(copies, in, twins);
        if (in_entry && in.op == spv::OpReturn)
          for (const Output& o : flipped) {
            const std::uint32_t value = bound++, bits = bound++;
            emit(copies, spv::OpLoad, {o.type, value, o.variable});
            emit(copies, spv::OpBitcast, {o.twin_type, bits, value});
            emit(copies, spv::OpStore, {o.twin, bits});
          }
        return true;
      });
  out[3] = bound;
  set_decorations(out, decorations);
  return made_private(out, originals);
}

}  // namespace glvk::glsl::detail
