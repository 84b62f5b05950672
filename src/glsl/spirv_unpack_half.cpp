// unpackHalf2x16() of a constant folded into a constant: lavapipe (Mesa 22.3) computes the second
// component of GLSL.std.450 UnpackHalf2x16 of a constant operand wrongly (1.0 for 0x3C000000 read
// as something else, while the same instruction on a uniform operand is right, and zink, whose GL
// compiler folds the call, passes piglit's const-unpackHalf2x16). The result is the two halves
// converted exactly (IEEE binary16 to binary32: denormals, infinities and NaNs included).
#include <glslang/SPIRV/GLSL.std.450.h>
#include <glslang/SPIRV/spirv.hpp>

#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

// The binary32 bits of a binary16 value.
std::uint32_t half_to_float_bits(std::uint32_t h) {
  const std::uint32_t sign = (h & 0x8000u) << 16;
  std::uint32_t exponent = (h >> 10) & 0x1Fu;
  std::uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0x1F) return sign | 0x7F800000u | (mantissa << 13);  // infinity, NaN
  if (exponent == 0) {
    if (mantissa == 0) return sign;  // ±0
    // A denormal: normalize it (binary32 has the range).
    exponent = 1;
    while (!(mantissa & 0x400u)) {
      mantissa <<= 1;
      --exponent;
    }
    mantissa &= 0x3FFu;
  }
  return sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
}

}  // namespace

std::vector<std::uint32_t> with_constant_unpack_half_folded(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  const std::uint32_t glsl450 = glsl_std_450_import(code);
  std::unordered_map<std::uint32_t, bool> int32_types;
  std::unordered_map<std::uint32_t, std::uint32_t> constants;  // 32-bit integer constant → value
  std::unordered_map<std::uint32_t, std::uint32_t> components;  // vector type → component type
  const auto folded = [&](const std::vector<std::uint32_t>& w) {
    return w.size() == 6 && glsl450 && w[3] == glsl450 && w[4] == GLSLstd450UnpackHalf2x16 && constants.count(w[5]) &&
           components.count(w[1]);
  };
  bool folds = false;
  for (const SpirvInstruction& in : code) {
    const auto& w = in.words;
    if (in.op == spv::OpTypeInt && w.size() == 4 && w[2] == 32) int32_types[w[1]] = true;
    else if (in.op == spv::OpConstant && w.size() == 4 && int32_types.count(w[1])) constants[w[2]] = w[3];
    else if (in.op == spv::OpTypeVector && w.size() == 4) components[w[1]] = w[2];
    else if (in.op == spv::OpExtInst && folded(w)) folds = true;
  }
  if (!folds) return words;

  ModuleRewrite m;
  m.bound = words[3];
  return rewrite_module(words, code, m, [&](const SpirvInstruction& in) {
    const auto& w = in.words;
    if (in.op != spv::OpExtInst || !folded(w)) return false;
    const std::uint32_t type = w[1], result = w[2], packed = constants[w[5]], component = components[w[1]];
    const std::uint32_t low = m.bound++, high = m.bound++, pair = m.bound++;
    for (const auto& [id, half] : {std::pair{low, packed & 0xFFFFu}, std::pair{high, packed >> 16}})
      m.globals.insert(m.globals.end(), {4u << 16 | spv::OpConstant, component, id, half_to_float_bits(half)});
    m.globals.insert(m.globals.end(), {5u << 16 | spv::OpConstantComposite, type, pair, low, high});
    m.body.insert(m.body.end(), {4u << 16 | spv::OpCopyObject, type, result, pair});
    return true;
  });
}

}  // namespace glvk::glsl::detail
