// roundEven() of doubles as floor() and comparisons: lavapipe 22.3 rounds GLSL.std.450 RoundEven
// of 64-bit floats half to odd on some CPUs (1.5 and -1.5 gave 1 and -1 on an AMD EPYC, while the
// 32-bit RoundEven and zink, whose NIR lowers the double one, were right), so the result depended
// on the machine. With t = floor(x) and d = x - t (both exact for every double: from 2^52 on, x
// is an integer and d is 0), roundEven(x) is t + 1 when d > 0.5, or d == 0.5 and t is odd, else t.
// t's parity comes from t/2 - floor(t/2), exactly 0 or 0.5. NaN and infinities give floor's answer.
#include <glslang/SPIRV/GLSL.std.450.h>
#include <glslang/SPIRV/spirv.hpp>

#include <bit>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

void append(std::vector<std::uint32_t>& out, spv::Op op, std::initializer_list<std::uint32_t> operands) {
  out.push_back(std::uint32_t(operands.size() + 1) << 16 | op);
  out.insert(out.end(), operands);
}

}  // namespace

std::vector<std::uint32_t> with_exact_double_round_even(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return words;
  const std::vector<SpirvInstruction> code = split_instructions(words);
  const std::uint32_t glsl450 = glsl_std_450_import(code);
  std::uint32_t double_type = 0, bool_type = 0;
  std::unordered_map<std::uint32_t, std::uint32_t> double_vectors, bool_vectors;  // type → count, count → type
  const auto round_even = [&](const SpirvInstruction& in) {
    return in.op == spv::OpExtInst && in.words.size() == 6 && glsl450 && in.words[3] == glsl450 &&
           in.words[4] == GLSLstd450RoundEven;
  };
  bool uses = false;
  for (const SpirvInstruction& in : code) {
    const auto& w = in.words;
    if (in.op == spv::OpTypeFloat && w[2] == 64) double_type = w[1];
    else if (in.op == spv::OpTypeBool) bool_type = w[1];
    else if (round_even(in)) uses = true;
  }
  if (!uses || !double_type) return words;
  for (const SpirvInstruction& in : code)
    if (in.op == spv::OpTypeVector) {
      if (in.words[2] == double_type) double_vectors[in.words[1]] = in.words[3];
      else if (bool_type && in.words[2] == bool_type) bool_vectors[in.words[3]] = in.words[1];
    }

  ModuleRewrite m;
  std::uint32_t& bound = m.bound;
  std::vector<std::uint32_t>& globals = m.globals;
  bound = words[3];
  if (!bool_type) {
    bool_type = bound++;
    append(globals, spv::OpTypeBool, {bool_type});
  }
  // Per double type (scalar or vector): its bool type and the constants 0.5 and 1.0.
  struct Operands {
    std::uint32_t condition, half, one;
  };
  std::unordered_map<std::uint32_t, Operands> operands;
  std::uint32_t scalar_half = 0, scalar_one = 0;
  auto scalar_constant = [&](double value) {
    const auto bits = std::bit_cast<std::uint64_t>(value);
    const std::uint32_t id = bound++;
    append(globals, spv::OpConstant, {double_type, id, std::uint32_t(bits), std::uint32_t(bits >> 32)});
    return id;
  };
  auto operands_for = [&](std::uint32_t type) -> const Operands* {
    if (auto o = operands.find(type); o != operands.end()) return &o->second;
    if (type != double_type && !double_vectors.count(type)) return nullptr;
    if (!scalar_half) {
      scalar_half = scalar_constant(0.5);
      scalar_one = scalar_constant(1.0);
    }
    if (type == double_type) return &(operands[type] = {bool_type, scalar_half, scalar_one});
    const std::uint32_t n = double_vectors[type];
    std::uint32_t& condition = bool_vectors[n];
    if (!condition) {
      condition = bound++;
      append(globals, spv::OpTypeVector, {condition, bool_type, n});
    }
    Operands o{condition, bound++, bound++};
    for (const auto& [id, value] : {std::pair{o.half, scalar_half}, std::pair{o.one, scalar_one}}) {
      globals.push_back(std::uint32_t(3 + n) << 16 | spv::OpConstantComposite);
      globals.push_back(type);
      globals.push_back(id);
      globals.insert(globals.end(), n, value);
    }
    return &(operands[type] = o);
  };

  std::vector<std::uint32_t>& body = m.body;
  return rewrite_module(words, code, m, [&](const SpirvInstruction& in) {
    const Operands* o = round_even(in) ? operands_for(in.words[1]) : nullptr;
    if (!o) return false;
    const auto& w = in.words;
    const std::uint32_t type = w[1], result = w[2], x = w[5];
    const std::uint32_t t = bound++, d = bound++, h = bound++, hf = bound++, e = bound++;
    const std::uint32_t above = bound++, tie = bound++, odd = bound++, tie_odd = bound++, up = bound++, t1 = bound++;
    append(body, spv::OpExtInst, {type, t, glsl450, GLSLstd450Floor, x});
    append(body, spv::OpFSub, {type, d, x, t});
    append(body, spv::OpFMul, {type, h, t, o->half});
    append(body, spv::OpExtInst, {type, hf, glsl450, GLSLstd450Floor, h});
    append(body, spv::OpFSub, {type, e, h, hf});
    append(body, spv::OpFOrdGreaterThan, {o->condition, above, d, o->half});
    append(body, spv::OpFOrdEqual, {o->condition, tie, d, o->half});
    append(body, spv::OpFOrdEqual, {o->condition, odd, e, o->half});
    append(body, spv::OpLogicalAnd, {o->condition, tie_odd, tie, odd});
    append(body, spv::OpLogicalOr, {o->condition, up, above, tie_odd});
    append(body, spv::OpFAdd, {type, t1, t, o->one});
    append(body, spv::OpSelect, {type, result, up, t1, t});
    return true;
  });
}

}  // namespace glvk::glsl::detail
