// 64-bit vertex inputs as 32-bit pairs (GL 4.6 10.2.1, ARB_vertex_attrib_64bit): Vulkan fetches
// doubles only through the R64 vertex formats, which are optional (lavapipe has none). A vertex
// input takes one GL location per column or array element whatever its width (GLSL 4.60 4.4.1),
// where Vulkan gives a dvec3/dvec4 two: so each double, dvec, dmat or array of them becomes a
// uvec4 array input at its GL location, one element per column holding its first two doubles,
// and, for three- and four-row columns, a second array at kMaxVertexAttribs + its location holding
// the others. The entry point rebuilds the original value from the raw words with OpBitcast before
// anything else runs: the bits are the application's, no conversion, no loss. src/st feeds each
// location R32G32_UINT (one double) or R32G32B32A32_UINT (two) from the same bytes.
#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;

using Instruction = SpirvInstruction;

std::vector<std::uint32_t> instruction(spv::Op op, std::initializer_list<std::uint32_t> operands) {
  std::vector<std::uint32_t> w{std::uint32_t(operands.size() + 1) << 16 | op};
  w.insert(w.end(), operands);
  return w;
}

// The module's types, as far as the rebuild needs them.
struct Types {
  std::unordered_map<std::uint32_t, std::uint32_t> float_width;                      // float type → bits
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> vector;  // → (component, count)
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> matrix;  // → (column, count)
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> array;   // → (element, length id)
  std::unordered_map<std::uint32_t, std::uint32_t> pointee;                          // pointer → type
  std::unordered_map<std::uint32_t, std::uint32_t> constant;                         // 32-bit constant → value
  std::uint32_t uint32 = 0, uvec2 = 0, uvec4 = 0, double_type = 0, dvec2 = 0;

  // The rows of each column of `type` (a vector is one column), in GL location order; empty if
  // `type` is not made of 64-bit floats only.
  std::vector<std::uint32_t> columns(std::uint32_t type, int depth = 0) const {
    if (depth > 8) return {};
    if (auto f = float_width.find(type); f != float_width.end()) return f->second == 64 ? std::vector<std::uint32_t>{1} : std::vector<std::uint32_t>{};
    if (auto v = vector.find(type); v != vector.end()) {
      const auto w = float_width.find(v->second.first);
      if (w == float_width.end() || w->second != 64) return {};
      return {v->second.second};
    }
    const std::pair<std::uint32_t, std::uint32_t>* parts = nullptr;
    std::uint32_t count = 0;
    if (auto m = matrix.find(type); m != matrix.end()) {
      parts = &m->second;
      count = m->second.second;
    } else if (auto a = array.find(type); a != array.end()) {
      const auto length = constant.find(a->second.second);
      if (length == constant.end()) return {};
      parts = &a->second;
      count = length->second;
    }
    if (!parts || count == 0 || count > kMaxVertexAttribs) return {};
    const std::vector<std::uint32_t> one = columns(parts->first, depth + 1);
    if (one.empty()) return {};
    std::vector<std::uint32_t> all;
    for (std::uint32_t i = 0; i < count; ++i) all.insert(all.end(), one.begin(), one.end());
    return all;
  }
};

struct Lowered {
  std::uint32_t original = 0, type = 0;  // the variable and its value type
  std::uint32_t location = 0;
  std::vector<std::uint32_t> rows;        // per column (GL location)
  std::uint32_t low = 0, high = 0;        // the uvec4[] inputs: doubles 0-1 and 2-3 of each column
};

// Emits the instructions that rebuild a value of `type` from the loaded uvec4 words of each column
// (`low`, and `high` for three- and four-row columns), column after column; returns its id.
struct Rebuilder {
  const Types& types;
  const std::vector<std::uint32_t>& low;
  const std::vector<std::uint32_t>& high;
  std::uint32_t& bound;
  std::vector<std::uint32_t>& code;
  std::size_t next = 0;

  std::uint32_t emit(spv::Op op, std::uint32_t type, std::initializer_list<std::uint32_t> operands) {
    const std::uint32_t id = bound++;
    std::vector<std::uint32_t> w{std::uint32_t(operands.size() + 3) << 16 | op, type, id};
    w.insert(w.end(), operands);
    code.insert(code.end(), w.begin(), w.end());
    return id;
  }
  std::uint32_t composite(std::uint32_t type, const std::vector<std::uint32_t>& parts) {
    const std::uint32_t id = bound++;
    code.push_back(std::uint32_t(parts.size() + 3) << 16 | spv::OpCompositeConstruct);
    code.push_back(type);
    code.push_back(id);
    code.insert(code.end(), parts.begin(), parts.end());
    return id;
  }
  std::uint32_t one_double(std::uint32_t words) {
    const std::uint32_t pair = emit(spv::OpVectorShuffle, types.uvec2, {words, words, 0, 1});
    return emit(spv::OpBitcast, types.double_type, {pair});
  }
  std::uint32_t two_doubles(std::uint32_t words) { return emit(spv::OpBitcast, types.dvec2, {words}); }

  std::uint32_t value(std::uint32_t type) {
    if (types.float_width.count(type)) return one_double(low[next++]);
    if (auto v = types.vector.find(type); v != types.vector.end()) {
      const std::uint32_t n = v->second.second;
      const std::size_t column = next++;
      if (n == 2) return two_doubles(low[column]);
      const std::uint32_t first = two_doubles(low[column]);
      return composite(type, {first, n == 3 ? one_double(high[column]) : two_doubles(high[column])});
    }
    const auto m = types.matrix.find(type);
    const auto& parts = m != types.matrix.end() ? m->second : types.array.at(type);
    const std::uint32_t count = m != types.matrix.end() ? parts.second : types.constant.at(parts.second);
    std::vector<std::uint32_t> elements;
    for (std::uint32_t i = 0; i < count; ++i) elements.push_back(value(parts.first));
    return composite(type, elements);
  }
};

}  // namespace

std::vector<std::uint32_t> with_double_inputs_as_uint_pairs(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return words;
  std::vector<Instruction> code = split_instructions(words);
  Types types;
  std::uint32_t entry = 0;
  bool vertex = false;
  std::unordered_map<std::uint32_t, std::uint32_t> location;
  std::unordered_map<std::uint32_t, bool> excluded;  // Component or BuiltIn: left as they are
  std::vector<std::pair<std::uint32_t, std::uint32_t>> inputs;  // (variable, pointer type)
  for (const Instruction& in : code) {
    const auto& w = in.words;
    switch (in.op) {
      case spv::OpEntryPoint: if (!entry) { vertex = w[1] == spv::ExecutionModelVertex; entry = w[2]; } break;
      case spv::OpDecorate:
        if (w.size() >= 4 && w[2] == spv::DecorationLocation) location[w[1]] = w[3];
        if (w.size() >= 3 && (w[2] == spv::DecorationComponent || w[2] == spv::DecorationBuiltIn)) excluded[w[1]] = true;
        break;
      case spv::OpTypeInt: if (w[2] == 32 && w[3] == 0) types.uint32 = w[1]; break;
      case spv::OpTypeFloat: types.float_width[w[1]] = w[2]; if (w[2] == 64) types.double_type = w[1]; break;
      case spv::OpTypeVector: types.vector[w[1]] = {w[2], w[3]}; break;
      case spv::OpTypeMatrix: types.matrix[w[1]] = {w[2], w[3]}; break;
      case spv::OpTypeArray: types.array[w[1]] = {w[2], w[3]}; break;
      case spv::OpTypePointer: types.pointee[w[1]] = w[3]; break;
      case spv::OpConstant: if (w.size() == 4) types.constant[w[2]] = w[3]; break;
      case spv::OpVariable: if (w[3] == spv::StorageClassInput) inputs.push_back({w[2], w[1]}); break;
      default: break;
    }
  }
  if (!vertex) return words;
  std::vector<Lowered> lowered;
  for (const auto& [variable, pointer] : inputs) {
    if (excluded.count(variable) || !location.count(variable)) continue;
    Lowered l{variable, types.pointee[pointer], location[variable]};
    l.rows = types.columns(l.type);
    if (!l.rows.empty()) lowered.push_back(std::move(l));
  }
  if (lowered.empty()) return words;

  // The types the rebuild needs: found, else declared (non-aggregate types must be unique).
  std::uint32_t bound = words[3];
  std::vector<std::uint32_t> globals;
  auto find_vector = [&](std::uint32_t component, std::uint32_t n) -> std::uint32_t {
    for (const auto& [id, v] : types.vector)
      if (v.first == component && v.second == n) return id;
    const std::uint32_t id = bound++;
    const auto w = instruction(spv::OpTypeVector, {id, component, n});
    globals.insert(globals.end(), w.begin(), w.end());
    types.vector[id] = {component, n};
    return id;
  };
  if (!types.uint32) {
    types.uint32 = bound++;
    const auto w = instruction(spv::OpTypeInt, {types.uint32, 32, 0});
    globals.insert(globals.end(), w.begin(), w.end());
  }
  types.uvec2 = find_vector(types.uint32, 2);
  types.uvec4 = find_vector(types.uint32, 4);
  types.dvec2 = find_vector(types.double_type, 2);
  std::unordered_map<std::uint32_t, std::uint32_t> index_constant;
  auto constant = [&](std::uint32_t value) {
    if (auto c = index_constant.find(value); c != index_constant.end()) return c->second;
    const std::uint32_t id = bound++;
    const auto w = instruction(spv::OpConstant, {types.uint32, id, value});
    globals.insert(globals.end(), w.begin(), w.end());
    return index_constant[value] = id;
  };
  const std::uint32_t element_pointer = bound++;
  {
    const auto w = instruction(spv::OpTypePointer, {element_pointer, spv::StorageClassInput, types.uvec4});
    globals.insert(globals.end(), w.begin(), w.end());
  }
  auto declare_input = [&](std::uint32_t length) {
    const std::uint32_t array = bound++, pointer = bound++, variable = bound++;
    for (const auto& w : {instruction(spv::OpTypeArray, {array, types.uvec4, constant(length)}),
                          instruction(spv::OpTypePointer, {pointer, spv::StorageClassInput, array}),
                          instruction(spv::OpVariable, {pointer, variable, spv::StorageClassInput})})
      globals.insert(globals.end(), w.begin(), w.end());
    return variable;
  };
  for (Lowered& l : lowered) {
    l.low = declare_input(std::uint32_t(l.rows.size()));
    if (*std::max_element(l.rows.begin(), l.rows.end()) > 2) l.high = declare_input(std::uint32_t(l.rows.size()));
  }

  // The prologue: load every column's words, rebuild each value, store it into the original
  // variable (made Private below).
  std::vector<std::uint32_t> prologue;
  auto load_all = [&](std::uint32_t variable, std::size_t count) {
    std::vector<std::uint32_t> loaded;
    for (std::uint32_t i = 0; variable && i < count; ++i) {
      const std::uint32_t p = bound++, v = bound++;
      for (const auto& w : {instruction(spv::OpAccessChain, {element_pointer, p, variable, constant(i)}),
                            instruction(spv::OpLoad, {types.uvec4, v, p})})
        prologue.insert(prologue.end(), w.begin(), w.end());
      loaded.push_back(v);
    }
    return loaded;
  };
  for (const Lowered& l : lowered) {
    const std::vector<std::uint32_t> low = load_all(l.low, l.rows.size()), high = load_all(l.high, l.rows.size());
    Rebuilder rebuild{types, low, high, bound, prologue};
    const std::uint32_t value = rebuild.value(l.type);
    const auto store = instruction(spv::OpStore, {l.original, value});
    prologue.insert(prologue.end(), store.begin(), store.end());
  }

  std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  bool globals_placed = false, in_entry = false, prologue_placed = false;
  for (Instruction& in : code) {
    if (in.op == spv::OpEntryPoint && in.words[2] == entry) {
      for (const Lowered& l : lowered)
        for (std::uint32_t v : {l.low, l.high})
          if (v) in.words.push_back(v);
      in.words[0] = std::uint32_t(in.words.size()) << 16 | spv::OpEntryPoint;
    }
    if (in.op == spv::OpFunction) {
      if (!globals_placed) out.insert(out.end(), globals.begin(), globals.end());
      globals_placed = true;
      in_entry = in.words[2] == entry;
    }
    // After the entry block's label and its local variables (which must come first).
    if (in_entry && !prologue_placed && in.op != spv::OpFunction && in.op != spv::OpLabel && in.op != spv::OpVariable &&
        in.op != spv::OpFunctionParameter && in.op != spv::OpLine && in.op != spv::OpNoLine) {
      out.insert(out.end(), prologue.begin(), prologue.end());
      prologue_placed = true;
    }
    out.insert(out.end(), in.words.begin(), in.words.end());
  }
  out[3] = bound;
  std::vector<DecorationEdit> locations;
  std::set<std::uint32_t> originals;
  for (const Lowered& l : lowered) {
    locations.push_back({l.low, spv::DecorationLocation, l.location});
    if (l.high) locations.push_back({l.high, spv::DecorationLocation, kMaxVertexAttribs + l.location});
    originals.insert(l.original);
  }
  set_decorations(out, locations);
  return made_private(out, originals);
}

}  // namespace glvk::glsl::detail
