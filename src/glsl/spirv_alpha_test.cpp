// GL's alpha test (GL 4.6 compatibility 17.3.4), which Vulkan lacks: the fragment is discarded
// unless the alpha of the colour it writes to draw buffer zero (the output at Location 0, Index 0:
// gl_FragColor, gl_FragData[0], a user output, or a fixed-function colour) passes the comparison
// with the reference value. The test is added before each return of the entry point, after
// everything the shader wrote, whatever becomes of the output later (a draw buffer NONE, no colour
// buffer at all: the test still applies to the colour the shader computed).
#include <glslang/SPIRV/spirv.hpp>

#include <cstring>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

// The comparison that passes a fragment (alpha first, reference second). NOTEQUAL passes NaN, as
// "not equal" does; the ordered ones fail it.
spv::Op comparison(AlphaFunc func) {
  switch (func) {
    case AlphaFunc::Less: return spv::OpFOrdLessThan;
    case AlphaFunc::Equal: return spv::OpFOrdEqual;
    case AlphaFunc::LessEqual: return spv::OpFOrdLessThanEqual;
    case AlphaFunc::Greater: return spv::OpFOrdGreaterThan;
    case AlphaFunc::NotEqual: return spv::OpFUnordNotEqual;
    default: return spv::OpFOrdGreaterThanEqual;
  }
}

}  // namespace

std::vector<std::uint32_t> with_alpha_test(const std::vector<std::uint32_t>& words, const AlphaTest& test) {
  if (words.size() < kHeaderWords || test.func == AlphaFunc::Always) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  std::uint32_t entry = 0, model = 0, bool_type = 0;
  std::unordered_map<std::uint32_t, std::uint32_t> location, index, pointee, floats;  // float type → width
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> vectors, arrays;  // → (element, count)
  std::vector<std::pair<std::uint32_t, std::uint32_t>> outputs;                                // (variable, pointer)
  for (const SpirvInstruction& in : code) {
    const auto& w = in.words;
    switch (in.op) {
      case spv::OpEntryPoint: if (!entry) { model = w[1]; entry = w[2]; } break;
      case spv::OpDecorate:
        if (w.size() >= 4 && w[2] == spv::DecorationLocation) location[w[1]] = w[3];
        if (w.size() >= 4 && w[2] == spv::DecorationIndex) index[w[1]] = w[3];
        break;
      case spv::OpTypeBool: bool_type = w[1]; break;
      case spv::OpTypeFloat: floats[w[1]] = w[2]; break;
      case spv::OpTypeVector: vectors[w[1]] = {w[2], w[3]}; break;
      case spv::OpTypeArray: arrays[w[1]] = {w[2], 0}; break;
      case spv::OpTypePointer: pointee[w[1]] = w[3]; break;
      case spv::OpVariable: if (w[3] == spv::StorageClassOutput) outputs.push_back({w[2], w[1]}); break;
      default: break;
    }
  }
  if (model != spv::ExecutionModelFragment) return words;
  // Draw buffer zero's output: a vec4 of 32-bit floats, or an array of them starting there.
  std::uint32_t variable = 0, type = 0, vec4 = 0, scalar = 0;
  for (const auto& [id, pointer] : outputs) {
    const auto l = location.find(id);
    const auto i = index.find(id);
    if (l == location.end() || l->second != 0 || (i != index.end() && i->second != 0)) continue;
    type = pointee[pointer];
    vec4 = arrays.count(type) ? arrays[type].first : type;
    const auto v = vectors.find(vec4);
    if (v != vectors.end() && v->second.second == 4 && floats.count(v->second.first) && floats[v->second.first] == 32) {
      variable = id;
      scalar = v->second.first;
    }
    break;
  }
  // No colour for draw buffer zero (a depth-only shader, an integer or narrower output): GL leaves
  // its alpha undefined, and the test is left out.
  if (!variable) return words;

  std::uint32_t bound = words[3];
  std::vector<std::uint32_t> globals;
  if (!bool_type) {
    bool_type = bound++;
    emit(globals, spv::OpTypeBool, {bool_type});
  }
  const std::uint32_t ref = bound++;
  std::uint32_t ref_bits;
  std::memcpy(&ref_bits, &test.ref, 4);
  emit(globals, spv::OpConstant, {scalar, ref, ref_bits});

  std::vector<std::uint32_t> out =
      rebuild_module(words, code, globals, entry, [&](const SpirvInstruction& in, bool in_entry, std::vector<std::uint32_t>& test_code) {
        if (!in_entry || in.op != spv::OpReturn) return true;
        if (test.func == AlphaFunc::Never) {
          emit(test_code, spv::OpKill, {});
          return false;
        }
        const std::uint32_t value = bound++, alpha = bound++, pass = bound++, kill = bound++, merge = bound++;
        emit(test_code, spv::OpLoad, {type, value, variable});
        if (type == vec4) emit(test_code, spv::OpCompositeExtract, {scalar, alpha, value, 3});
        else emit(test_code, spv::OpCompositeExtract, {scalar, alpha, value, 0, 3});
        emit(test_code, comparison(test.func), {bool_type, pass, alpha, ref});
        emit(test_code, spv::OpSelectionMerge, {merge, spv::SelectionControlMaskNone});
        emit(test_code, spv::OpBranchConditional, {pass, merge, kill});
        emit(test_code, spv::OpLabel, {kill});
        emit(test_code, spv::OpKill, {});
        emit(test_code, spv::OpLabel, {merge});
        return true;
      });
  out[3] = bound;
  return out;
}

}  // namespace glvk::glsl::detail
