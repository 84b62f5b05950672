// GL clips against a written gl_ClipDistance[i] only while CLIP_DISTANCEi is enabled (GL 4.6
// 13.7.2); Vulkan clips against every element the last pre-rasterization stage declares. A draw
// with some declared distances disabled takes a variant of that stage storing 1.0 (inside) into
// each of them before every vertex it outputs: before each EmitVertex of a geometry shader, else
// before each return of the entry point, after everything the shader wrote.
#include <glslang/SPIRV/spirv.hpp>

#include <cstring>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

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

std::uint32_t clip_distances_declared(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return 0;
  return output_builtin_site(split_instructions(words), spv::BuiltInClipDistance).length;
}

std::vector<std::uint32_t> with_clip_distances_disabled(const std::vector<std::uint32_t>& words, std::uint32_t disabled) {
  if (words.size() < kHeaderWords) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  const OutputBuiltinSite site = output_builtin_site(code, spv::BuiltInClipDistance);
  if (site.length > 32) return words;
  disabled &= site.length == 32 ? ~0u : (1u << site.length) - 1;
  if (!site.variable || !disabled) return words;
  std::uint32_t bound = words[3], entry = 0, model = 0, float_type = 0, int_type = 0, float_output_pointer = 0;
  for (const SpirvInstruction& in : code) {
    const std::vector<std::uint32_t>& w = in.words;
    if (in.op == spv::OpFunction) break;
    if (in.op == spv::OpEntryPoint && !entry) { model = w[1]; entry = w[2]; }
    if (in.op == spv::OpTypeFloat && w.size() == 3 && w[2] == 32) float_type = w[1];
    if (in.op == spv::OpTypeInt && w.size() == 4 && w[2] == 32 && w[3] == 1) int_type = w[1];
    if (in.op == spv::OpTypePointer && w.size() == 4 && w[2] == spv::StorageClassOutput && float_type && w[3] == float_type)
      float_output_pointer = w[1];
  }
  if (!float_type) return words;  // a ClipDistance array has float elements
  // The declarations the stores need that the module lacks, then the constants: 1.0, the member
  // index, each disabled element's index.
  std::vector<std::uint32_t> globals;
  if (!int_type) {
    int_type = bound++;
    emit(globals, spv::OpTypeInt, {int_type, 32, 1});
  }
  if (!float_output_pointer) {
    float_output_pointer = bound++;
    emit(globals, spv::OpTypePointer, {float_output_pointer, spv::StorageClassOutput, float_type});
  }
  const float inside = 1.0f;
  std::uint32_t inside_bits;
  std::memcpy(&inside_bits, &inside, 4);
  const std::uint32_t one = bound++;
  emit(globals, spv::OpConstant, {float_type, one, inside_bits});
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
          emit(stores, spv::OpStore, {pointer, one});
        }
        return true;
      });
  out[3] = bound;
  return out;
}

}  // namespace glvk::glsl::detail
