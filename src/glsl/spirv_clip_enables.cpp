// GL clips against a written gl_ClipDistance[i] only while CLIP_DISTANCEi is enabled (GL 4.6
// 13.7.2); Vulkan clips against every element the last pre-rasterization stage declares. A draw
// with some declared distances disabled takes a variant of that stage making each of them
// max(d, 0) (NaN: 0), which clips nothing, before every vertex it outputs: before each EmitVertex
// of a geometry shader, else before each return of the entry point, after everything the shader
// wrote. A value that clips nothing is kept, so a fragment shader reading gl_ClipDistance still
// sees it, as on other GL drivers (GL leaves a disabled distance's fragment value undefined).
#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

// Whether an instruction reaches the built-in: an access chain into it (its member of a block), or
// a variable of its own stored, copied into or passed to a function whole.
bool reached(const std::vector<SpirvInstruction>& code, const OutputBuiltinSite& site) {
  if (!site.variable) return false;
  std::unordered_map<std::uint32_t, std::uint32_t> constants;
  for (const SpirvInstruction& in : code) {
    const std::vector<std::uint32_t>& w = in.words;
    if (in.op == spv::OpConstant && w.size() == 4) constants[w[2]] = w[3];
    const bool chain = (in.op == spv::OpAccessChain || in.op == spv::OpInBoundsAccessChain) && w.size() >= 4;
    if (chain && w[3] == site.variable &&
        (site.member < 0 || (w.size() >= 5 && constants.count(w[4]) && constants[w[4]] == std::uint32_t(site.member))))
      return true;
    if (site.member < 0 && (((in.op == spv::OpStore || in.op == spv::OpCopyMemory) && w.size() >= 3 && w[1] == site.variable) ||
                            (in.op == spv::OpFunctionCall && std::find(w.begin() + 4, w.end(), site.variable) != w.end())))
      return true;
  }
  return false;
}

}  // namespace

OutputBuiltinSite output_builtin_site(const std::vector<SpirvInstruction>& code, std::uint32_t builtin) {
  std::uint32_t decorated_variable = 0;
  // Struct types with such a member → the member (a geometry or tessellation stage has an input
  // block type too).
  std::unordered_map<std::uint32_t, std::uint32_t> block_member;
  std::unordered_map<std::uint32_t, std::uint32_t> pointee, constants, array_length;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> structs;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> outputs;  // (variable, pointer type)
  for (const SpirvInstruction& in : code) {
    const std::vector<std::uint32_t>& w = in.words;
    if (in.op == spv::OpFunction) break;
    if (in.op == spv::OpDecorate && w.size() == 4 && w[2] == spv::DecorationBuiltIn && w[3] == builtin)
      decorated_variable = w[1];
    if (in.op == spv::OpMemberDecorate && w.size() == 5 && w[3] == spv::DecorationBuiltIn && w[4] == builtin)
      block_member[w[1]] = w[2];
    if (in.op == spv::OpConstant && w.size() == 4) constants[w[2]] = w[3];
    if (in.op == spv::OpTypeArray && w.size() == 4 && constants.count(w[3])) array_length[w[1]] = constants[w[3]];
    if (in.op == spv::OpTypeStruct && w.size() >= 2) structs[w[1]].assign(w.begin() + 2, w.end());
    if (in.op == spv::OpTypePointer && w.size() == 4 && w[2] == spv::StorageClassOutput) pointee[w[1]] = w[3];
    if (in.op == spv::OpVariable && w.size() >= 4 && w[3] == spv::StorageClassOutput) outputs.emplace_back(w[2], w[1]);
  }
  OutputBuiltinSite site;
  auto length = [&](std::uint32_t type) { return array_length.count(type) ? array_length[type] : 1u; };
  for (const auto& [variable, pointer] : outputs) {
    const auto type = pointee.find(pointer);
    if (type == pointee.end()) continue;
    if (variable == decorated_variable) {
      site = {variable, -1, type->second, length(type->second)};
    } else if (const auto m = block_member.find(type->second);
               m != block_member.end() && m->second < structs[m->first].size()) {
      const std::uint32_t member_type = structs[m->first][m->second];
      site = {variable, m->second, member_type, length(member_type)};
    }
  }
  return site;
}

// glslang declares gl_PerVertex whole from GLSL 4.50 (ClipDistance and CullDistance sized 1 when
// unused); a member no instruction reaches is no clip distance: storing into it would make it one
// (and lavapipe then reads a fragment shader's gl_CullDistance from the wrong element).
std::uint32_t clip_distances_written(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return 0;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  const OutputBuiltinSite site = output_builtin_site(code, spv::BuiltInClipDistance);
  return reached(code, site) ? site.length : 0;
}

// An array of one element nothing reaches may be glslang's implicit one (above): not counted.
std::uint32_t clip_and_cull_distances_declared(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return 0;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  std::uint32_t sizes = 0;
  for (const std::uint32_t builtin : {spv::BuiltInClipDistance, spv::BuiltInCullDistance}) {
    const OutputBuiltinSite site = output_builtin_site(code, builtin);
    if (site.length > 1 || reached(code, site)) sizes += site.length;
  }
  return sizes;
}

std::vector<std::uint32_t> with_clip_distances_disabled(const std::vector<std::uint32_t>& words, std::uint32_t disabled) {
  if (words.size() < kHeaderWords) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  const OutputBuiltinSite site = output_builtin_site(code, spv::BuiltInClipDistance);
  if (site.length > 32) return words;
  disabled &= site.length == 32 ? ~0u : (1u << site.length) - 1;
  if (!site.variable || !disabled) return words;
  std::uint32_t bound = words[3], entry = 0, model = 0, float_type = 0, int_type = 0, bool_type = 0,
                float_output_pointer = 0;
  for (const SpirvInstruction& in : code) {
    const std::vector<std::uint32_t>& w = in.words;
    if (in.op == spv::OpFunction) break;
    if (in.op == spv::OpEntryPoint && !entry) { model = w[1]; entry = w[2]; }
    if (in.op == spv::OpTypeFloat && w.size() == 3 && w[2] == 32) float_type = w[1];
    if (in.op == spv::OpTypeInt && w.size() == 4 && w[2] == 32 && w[3] == 1) int_type = w[1];
    if (in.op == spv::OpTypeBool && w.size() == 2) bool_type = w[1];
    if (in.op == spv::OpTypePointer && w.size() == 4 && w[2] == spv::StorageClassOutput && float_type && w[3] == float_type)
      float_output_pointer = w[1];
  }
  if (!float_type) return words;  // a ClipDistance array has float elements
  // The declarations the stores need that the module lacks, then the constants: 0.0, the member
  // index, each disabled element's index.
  std::vector<std::uint32_t> globals;
  if (!int_type) {
    int_type = bound++;
    emit(globals, spv::OpTypeInt, {int_type, 32, 1});
  }
  if (!bool_type) {
    bool_type = bound++;
    emit(globals, spv::OpTypeBool, {bool_type});
  }
  if (!float_output_pointer) {
    float_output_pointer = bound++;
    emit(globals, spv::OpTypePointer, {float_output_pointer, spv::StorageClassOutput, float_type});
  }
  const std::uint32_t zero = bound++;
  emit(globals, spv::OpConstant, {float_type, zero, 0u});  // +0.0f
  std::uint32_t member = 0;
  if (site.member >= 0) {
    member = bound++;
    emit(globals, spv::OpConstant, {int_type, member, std::uint32_t(site.member)});
  }
  std::vector<std::uint32_t> element;  // constant ids of the disabled indices
  for (std::uint32_t i = 0; i < site.length; ++i)
    if (disabled >> i & 1u) {
      element.push_back(bound++);
      emit(globals, spv::OpConstant, {int_type, element.back(), i});
    }
  const bool geometry = model == spv::ExecutionModelGeometry;
  std::vector<std::uint32_t> out = rebuild_module(
      words, code, globals, entry, [&](const SpirvInstruction& in, bool in_entry, std::vector<std::uint32_t>& stores) {
        if (!ends_vertex(in, in_entry, geometry)) return true;
        for (const std::uint32_t index : element) {
          const std::uint32_t pointer = bound++;
          if (site.member >= 0) emit(stores, spv::OpAccessChain, {float_output_pointer, pointer, site.variable, member, index});
          else emit(stores, spv::OpAccessChain, {float_output_pointer, pointer, site.variable, index});
          const std::uint32_t value = bound++, inside = bound++, kept = bound++;
          emit(stores, spv::OpLoad, {float_type, value, pointer});
          emit(stores, spv::OpFOrdGreaterThanEqual, {bool_type, inside, value, zero});
          emit(stores, spv::OpSelect, {float_type, kept, inside, value, zero});
          emit(stores, spv::OpStore, {pointer, kept});
        }
        return true;
      });
  out[3] = bound;
  return out;
}

}  // namespace glvk::glsl::detail
