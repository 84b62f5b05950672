// User clip planes against gl_Position (GLSL 1.30 7.1, compatibility profile): a last
// pre-rasterization stage that writes neither gl_ClipVertex nor gl_ClipDistance is clipped by the
// enabled planes with gl_Position in place of the eye-space vertex. The variant computes one clip
// distance per plane from the planes the draw pushes (push constants, so that moving a plane does
// not make a new pipeline) before every vertex it outputs.
#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

bool annotation_or_declaration(spv::Op op) {
  switch (op) {
    case spv::OpDecorate: case spv::OpMemberDecorate: case spv::OpDecorationGroup: case spv::OpGroupDecorate:
    case spv::OpGroupMemberDecorate: case spv::OpDecorateId: case spv::OpDecorateString:
    case spv::OpMemberDecorateString: case spv::OpVariable: case spv::OpConstant: case spv::OpConstantComposite:
    case spv::OpConstantTrue: case spv::OpConstantFalse: case spv::OpConstantNull: case spv::OpSpecConstant:
      return true;
    default:
      return op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer;
  }
}

}  // namespace

std::vector<std::uint32_t> with_position_clipped(const std::vector<std::uint32_t>& words, std::uint32_t planes) {
  planes &= (1u << kMaxClipPlanes) - 1;
  if (words.size() < kHeaderWords || !planes) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  const OutputBuiltinSite position = output_builtin_site(code, spv::BuiltInPosition);
  if (!position.variable || output_builtin_site(code, spv::BuiltInClipDistance).variable) return words;
  std::uint32_t bound = words[3], entry = 0, model = 0, float_type = 0, vec4_type = 0, int_type = 0;
  std::uint32_t distance_pointer = 0, position_pointer = 0, plane_pointer = 0;  // existing pointer types
  for (const SpirvInstruction& in : code) {
    const std::vector<std::uint32_t>& w = in.words;
    if (in.op == spv::OpFunction) break;
    if (in.op == spv::OpEntryPoint && !entry) { model = w[1]; entry = w[2]; }
    if (in.op == spv::OpTypeFloat && w.size() == 3 && w[2] == 32) float_type = w[1];
    if (in.op == spv::OpTypeVector && w.size() == 4 && w[2] == float_type && w[3] == 4) vec4_type = w[1];
    if (in.op == spv::OpTypeInt && w.size() == 4 && w[2] == 32 && w[3] == 1) int_type = w[1];
    if (in.op == spv::OpTypePointer && w.size() == 4 && float_type) {
      if (w[2] == spv::StorageClassOutput && w[3] == float_type) distance_pointer = w[1];
      if (w[2] == spv::StorageClassOutput && vec4_type && w[3] == vec4_type) position_pointer = w[1];
      if (w[2] == spv::StorageClassPushConstant && vec4_type && w[3] == vec4_type) plane_pointer = w[1];
    }
  }
  if (!float_type || !vec4_type || position.type != vec4_type) return words;
  const std::uint32_t count = std::uint32_t(std::bit_width(planes));  // distances declared
  // Types, constants and variables: the planes' push-constant block, the ClipDistance output.
  std::vector<std::uint32_t> globals;
  auto id = [&] { return bound++; };
  if (!int_type) emit(globals, spv::OpTypeInt, {int_type = id(), 32, 1});
  std::array<std::uint32_t, kMaxClipPlanes> index{};
  for (std::uint32_t i = 0; i < kMaxClipPlanes; ++i) emit(globals, spv::OpConstant, {int_type, index[i] = id(), i});
  const std::uint32_t count_constant = id(), all_planes = id(), member = id();
  emit(globals, spv::OpConstant, {int_type, count_constant, count});
  emit(globals, spv::OpConstant, {int_type, all_planes, kMaxClipPlanes});
  emit(globals, spv::OpConstant, {int_type, member, std::uint32_t(std::max<std::int64_t>(position.member, 0))});
  const std::uint32_t plane_array = id(), plane_block = id(), plane_block_pointer = id(), plane_variable = id();
  emit(globals, spv::OpTypeArray, {plane_array, vec4_type, all_planes});
  emit(globals, spv::OpTypeStruct, {plane_block, plane_array});
  emit(globals, spv::OpTypePointer, {plane_block_pointer, spv::StorageClassPushConstant, plane_block});
  if (!plane_pointer) emit(globals, spv::OpTypePointer, {plane_pointer = id(), spv::StorageClassPushConstant, vec4_type});
  emit(globals, spv::OpVariable, {plane_block_pointer, plane_variable, spv::StorageClassPushConstant});
  const std::uint32_t distance_array = id(), distance_array_pointer = id(), distances = id(), one = id();
  emit(globals, spv::OpTypeArray, {distance_array, float_type, count_constant});
  emit(globals, spv::OpTypePointer, {distance_array_pointer, spv::StorageClassOutput, distance_array});
  if (!distance_pointer) emit(globals, spv::OpTypePointer, {distance_pointer = id(), spv::StorageClassOutput, float_type});
  if (!position_pointer) emit(globals, spv::OpTypePointer, {position_pointer = id(), spv::StorageClassOutput, vec4_type});
  emit(globals, spv::OpVariable, {distance_array_pointer, distances, spv::StorageClassOutput});
  const float inside = 1.0f;
  emit(globals, spv::OpConstant, {float_type, one, std::bit_cast<std::uint32_t>(inside)});
  std::vector<std::uint32_t> decorations;
  emit(decorations, spv::OpDecorate, {plane_array, spv::DecorationArrayStride, 16});
  emit(decorations, spv::OpDecorate, {plane_block, spv::DecorationBlock});
  emit(decorations, spv::OpMemberDecorate, {plane_block, 0, spv::DecorationOffset, 0});
  emit(decorations, spv::OpDecorate, {distances, spv::DecorationBuiltIn, spv::BuiltInClipDistance});

  const bool geometry = model == spv::ExecutionModelGeometry;
  // BuiltIn ClipDistance needs its capability, which a module without clip distances lacks.
  bool capable = std::any_of(code.begin(), code.end(), [](const SpirvInstruction& in) {
    return in.op == spv::OpCapability && in.words.size() == 2 && in.words[1] == spv::CapabilityClipDistance;
  });
  bool decorated = false;
  std::vector<std::uint32_t> out = rebuild_module(
      words, code, globals, entry, [&](const SpirvInstruction& in, bool in_entry, std::vector<std::uint32_t>& stores) {
        if (!capable && in.op != spv::OpCapability) {
          emit(stores, spv::OpCapability, {spv::CapabilityClipDistance});
          capable = true;
        }
        if (!decorated && annotation_or_declaration(in.op)) {
          stores.insert(stores.end(), decorations.begin(), decorations.end());
          decorated = true;
        }
        if (in.op == spv::OpEntryPoint && in.words[2] == entry) return !emit_entry_point_with(stores, in, {distances});
        if (!ends_vertex(in, in_entry, geometry)) return true;
        std::uint32_t where = position.variable;
        if (position.member >= 0)
          emit(stores, spv::OpAccessChain, {position_pointer, where = id(), position.variable, member});
        const std::uint32_t vertex = id();
        emit(stores, spv::OpLoad, {vec4_type, vertex, where});
        for (std::uint32_t i = 0; i < count; ++i) {
          std::uint32_t distance = one;
          if (planes >> i & 1u) {
            const std::uint32_t plane_at = id(), plane = id();
            emit(stores, spv::OpAccessChain, {plane_pointer, plane_at, plane_variable, index[0], index[i]});
            emit(stores, spv::OpLoad, {vec4_type, plane, plane_at});
            emit(stores, spv::OpDot, {float_type, distance = id(), plane, vertex});
          }
          const std::uint32_t element = id();
          emit(stores, spv::OpAccessChain, {distance_pointer, element, distances, index[i]});
          emit(stores, spv::OpStore, {element, distance});
        }
        return true;
      });
  out[3] = bound;
  return out;
}

}  // namespace glvk::glsl::detail
