// Varying packing between the last vertex-processing stage and the fragment stage. GL counts
// varyings by components (GL_MAX_VARYING_COMPONENTS, GLSL 4.60 4.3.4's packing), Vulkan by
// locations: one per scalar, vector, matrix column and array element. When a program's fragment
// inputs take more locations than the device has, each packable varying pair (an output and the
// input at the same Location, of the same shape) is made Private in both modules and its 32-bit
// words travel in vec4 / uvec4 slots instead: floats of one interpolation kind share float slots,
// and everything flat (floats, ints, uints and the two halves of doubles, by OpBitcast) shares
// uint slots, so no bit changes on the way. The producer fills the slots before each return of
// its entry point (before each EmitVertex in a geometry shader); the fragment shader unpacks them
// before anything else runs. Interface blocks travel the same way, each member's words in slots
// of the member's own interpolation. Only programs over the limit, or reading arrays of blocks
// whose members declare their interpolation (block_arrays_interpolate_by_member), are rewritten;
// the others keep glslang's interface as it is.
#include <glslang/SPIRV/spirv.hpp>

#include <algorithm>
#include <map>
#include <unordered_map>

#include "spirv_edit.h"

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;
constexpr std::size_t kMaxWords = 4 * 64;  // per variable: more is not a varying any device takes

enum class Scalar { F32, I32, U32, F64 };

// Interpolation bits: a variable's decorations, or an interface block member's.
constexpr std::uint32_t kFlat = 1, kNoPerspective = 2, kCentroid = 4, kSample = 8;

std::uint32_t interpolation_bit(std::uint32_t decoration) {
  switch (decoration) {
    case spv::DecorationFlat: return kFlat;
    case spv::DecorationNoPerspective: return kNoPerspective;
    case spv::DecorationCentroid: return kCentroid;
    case spv::DecorationSample: return kSample;
    default: return 0;
  }
}

// A word-carrying leaf of a varying's type: its scalar kind, type id, the literal path to it and
// the interpolation its interface block member declares (0 outside blocks).
struct Leaf {
  Scalar kind;
  std::uint32_t type;
  std::vector<std::uint32_t> path;
  std::uint32_t member_interpolation = 0;
};

// What one module declares and decorates, as far as packing needs it.
struct Module {
  std::vector<SpirvInstruction> code;
  std::uint32_t entry = 0, model = 0;
  std::unordered_map<std::uint32_t, Scalar> scalars;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> parts;  // composite → part types
  std::unordered_map<std::uint32_t, std::uint32_t> constants, pointee;
  std::uint32_t f32 = 0, u32 = 0;
  // variable → (storage class, pointer type)
  std::map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> variables;
  std::unordered_map<std::uint32_t, std::map<std::uint32_t, std::uint32_t>> decorations;  // id → decoration → literal
  std::set<std::uint32_t> member_decorated, unpackable, vectors, blocks;
  // Interface blocks' members' interpolation bits, by (struct, member).
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> member_interpolation;
  bool emits_to_streams = false;

  explicit Module(const std::vector<std::uint32_t>& words) : code(split_instructions(words)) {
    std::unordered_map<std::uint32_t, std::uint32_t> derived;  // access chain → its variable
    for (const SpirvInstruction& in : code) {
      const auto& w = in.words;
      switch (in.op) {
        case spv::OpEntryPoint: if (!entry && w.size() >= 3) { model = w[1]; entry = w[2]; } break;
        case spv::OpDecorate:
          if (w.size() >= 3) decorations[w[1]][w[2]] = w.size() >= 4 ? w[3] : 0;
          if (w.size() >= 3 && (w[2] == spv::DecorationBlock || w[2] == spv::DecorationBufferBlock)) blocks.insert(w[1]);
          break;
        case spv::OpMemberDecorate:
          // Members' interpolation travels with each word; any other member decoration (a
          // location, a built-in) keeps the variable as it is.
          if (w.size() >= 4 && interpolation_bit(w[3])) member_interpolation[{w[1], w[2]}] |= interpolation_bit(w[3]);
          else if (w.size() >= 2) member_decorated.insert(w[1]);
          break;
        case spv::OpTypeFloat:
          if (w[2] == 32) { scalars[w[1]] = Scalar::F32; if (!f32) f32 = w[1]; }
          if (w[2] == 64) scalars[w[1]] = Scalar::F64;
          break;
        case spv::OpTypeInt:
          if (w[2] == 32) scalars[w[1]] = w[3] ? Scalar::I32 : Scalar::U32;
          if (w[2] == 32 && !w[3] && !u32) u32 = w[1];
          break;
        case spv::OpTypeVector: vectors.insert(w[1]); parts[w[1]].assign(w[3], w[2]); break;
        case spv::OpTypeMatrix: parts[w[1]].assign(w[3], w[2]); break;
        case spv::OpTypeArray: array_types.emplace_back(w[1], std::make_pair(w[2], w[3])); break;
        case spv::OpTypeStruct: parts[w[1]].assign(w.begin() + 2, w.end()); break;
        case spv::OpConstant: if (w.size() == 4) constants[w[2]] = w[3]; break;
        case spv::OpTypePointer: pointee[w[1]] = w[3]; break;
        case spv::OpVariable:
          if (w[3] == spv::StorageClassInput || w[3] == spv::StorageClassOutput) variables[w[2]] = {w[3], w[1]};
          break;
        case spv::OpAccessChain: case spv::OpInBoundsAccessChain:
          if (variables.count(w[3])) derived[w[2]] = w[3];
          else if (auto d = derived.find(w[3]); d != derived.end()) derived[w[2]] = d->second;
          break;
        // interpolateAt*() needs the input itself; a pointer passed to a function keeps its class.
        case spv::OpExtInst: case spv::OpFunctionCall:
          for (std::size_t i = 3; i < w.size(); ++i) {
            if (variables.count(w[i])) unpackable.insert(w[i]);
            if (auto d = derived.find(w[i]); d != derived.end()) unpackable.insert(d->second);
          }
          break;
        case spv::OpEmitStreamVertex: emits_to_streams = true; break;
        default: break;
      }
    }
    for (const auto& [id, a] : array_types)
      if (auto length = constants.find(a.second); length != constants.end() && length->second > 0 && length->second <= kMaxWords)
        parts[id].assign(length->second, a.first);
  }

  bool has(std::uint32_t id, spv::Decoration d) const {
    const auto found = decorations.find(id);
    return found != decorations.end() && found->second.count(d);
  }

  // The leaves of `type` in the order GL lays its components out; false for what cannot travel
  // as 32-bit words (booleans, 16- and 64-bit integers, runtime arrays, decorated members).
  bool leaves(std::uint32_t type, std::vector<std::uint32_t>& path, std::vector<Leaf>& out, std::size_t& words,
              std::uint32_t interpolation = 0) const {
    if (auto s = scalars.find(type); s != scalars.end()) {
      words += s->second == Scalar::F64 ? 2 : 1;
      out.push_back({s->second, type, path, interpolation});
      return words <= kMaxWords;
    }
    const auto p = parts.find(type);
    if (p == parts.end() || member_decorated.count(type)) return false;
    for (std::uint32_t i = 0; i < p->second.size(); ++i) {
      path.push_back(i);
      std::uint32_t inner = interpolation;
      if (blocks.count(type))
        if (auto m = member_interpolation.find({type, i}); m != member_interpolation.end()) inner |= m->second;
      const bool ok = leaves(p->second[i], path, out, words, inner);
      path.pop_back();
      if (!ok) return false;
    }
    return true;
  }

 private:
  std::vector<std::pair<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>>> array_types;
};

// Interpolation kinds that may share a slot: flat (uint slots), else the float decorations; from
// the fragment input's decorations and its block member's.
std::uint32_t slot_kind(const Module& fragment, std::uint32_t input, const Leaf& leaf) {
  std::uint32_t bits = leaf.member_interpolation;
  for (spv::Decoration d : {spv::DecorationFlat, spv::DecorationNoPerspective, spv::DecorationCentroid, spv::DecorationSample})
    if (fragment.has(input, d)) bits |= interpolation_bit(d);
  return bits & kFlat ? kFlat : bits;
}

struct Pair {
  std::uint32_t output = 0, input = 0;        // the variables
  std::uint32_t output_type = 0, input_type = 0;
  std::vector<Leaf> output_leaves, input_leaves;
  std::vector<std::pair<std::size_t, std::uint32_t>> words;  // per 32-bit word: (slot, component)
};

struct SlotPlan {
  std::uint32_t kind = 0;  // slot_kind; 1: uint slots
  std::uint32_t location = 0;
  std::uint32_t used = 0;  // components
};

// The locations each located, unpacked variable of `storage` takes (as interface_location_end counts).
std::uint32_t locations_of(const Module& m, std::uint32_t type, int depth = 0) {
  if (depth > 8) return 1;
  const auto p = m.parts.find(type);
  if (p == m.parts.end() || p->second.empty()) return 1;
  if (m.vectors.count(type)) {
    const auto s = m.scalars.find(p->second.front());
    return s != m.scalars.end() && s->second == Scalar::F64 && p->second.size() > 2 ? 2 : 1;
  }
  std::uint32_t n = 0;
  for (std::uint32_t t : p->second) n += locations_of(m, t, depth + 1);
  return n;
}

// The rewrite of one module: declarations it lacks, the slot variables, and the copy code.
struct Rewrite {
  Module& m;
  std::uint32_t bound;
  std::vector<std::uint32_t> globals, annotations;
  std::uint32_t vec4 = 0, uvec4 = 0, uvec2 = 0, slot_pointer[2] = {0, 0}, zero[2] = {0, 0};
  std::vector<std::uint32_t> slot_variables;

  Rewrite(Module& module, std::uint32_t id_bound) : m(module), bound(id_bound) {}

  std::uint32_t vector_of(std::uint32_t component, std::uint32_t n) {
    for (std::uint32_t id : m.vectors)
      if (m.parts.at(id).size() == n && m.parts.at(id).front() == component) return id;
    const std::uint32_t id = bound++;
    emit(globals, spv::OpTypeVector, {id, component, n});
    m.parts[id].assign(n, component);
    m.vectors.insert(id);
    return id;
  }

  void declare(bool doubles, std::uint32_t storage) {
    if (!m.f32) { m.f32 = bound++; emit(globals, spv::OpTypeFloat, {m.f32, 32}); m.scalars[m.f32] = Scalar::F32; }
    if (!m.u32) { m.u32 = bound++; emit(globals, spv::OpTypeInt, {m.u32, 32, 0}); m.scalars[m.u32] = Scalar::U32; }
    vec4 = vector_of(m.f32, 4);
    uvec4 = vector_of(m.u32, 4);
    if (doubles) uvec2 = vector_of(m.u32, 2);
    slot_pointer[0] = bound++;
    emit(globals, spv::OpTypePointer, {slot_pointer[0], storage, vec4});
    slot_pointer[1] = bound++;
    emit(globals, spv::OpTypePointer, {slot_pointer[1], storage, uvec4});
    zero[0] = bound++;
    emit(globals, spv::OpConstant, {m.f32, zero[0], 0});
    zero[1] = bound++;
    emit(globals, spv::OpConstant, {m.u32, zero[1], 0});
  }

  void declare_slots(const std::vector<SlotPlan>& slots, std::uint32_t storage, bool decorate_kind) {
    for (const SlotPlan& s : slots) {
      const std::uint32_t id = bound++;
      const bool uint_slot = s.kind == 1;
      emit(globals, spv::OpVariable, {slot_pointer[uint_slot], id, storage});
      emit(annotations, spv::OpDecorate, {id, spv::DecorationLocation, s.location});
      if (decorate_kind || uint_slot) {
        if (uint_slot) emit(annotations, spv::OpDecorate, {id, spv::DecorationFlat});
        if (s.kind & 2) emit(annotations, spv::OpDecorate, {id, spv::DecorationNoPerspective});
        if (s.kind & 4) emit(annotations, spv::OpDecorate, {id, spv::DecorationCentroid});
        if (s.kind & 8) emit(annotations, spv::OpDecorate, {id, spv::DecorationSample});
      }
      slot_variables.push_back(id);
    }
  }

  std::uint32_t op(std::vector<std::uint32_t>& code, spv::Op o, std::uint32_t type, std::vector<std::uint32_t> operands) {
    const std::uint32_t id = bound++;
    operands.insert(operands.begin(), {type, id});
    emit(code, o, operands);
    return id;
  }

  // Producer side: every pair's words into the slots, then the slots stored.
  std::vector<std::uint32_t> pack(const std::vector<Pair>& pairs, const std::vector<SlotPlan>& slots) {
    std::vector<std::uint32_t> code;
    std::vector<std::array<std::uint32_t, 4>> parts(slots.size());
    for (std::size_t s = 0; s < slots.size(); ++s) parts[s].fill(zero[slots[s].kind == 1]);
    for (const Pair& p : pairs) {
      const std::uint32_t value = op(code, spv::OpLoad, p.output_type, {p.output});
      std::size_t word = 0;
      for (const Leaf& leaf : p.output_leaves) {
        std::vector<std::uint32_t> operands{value};
        operands.insert(operands.end(), leaf.path.begin(), leaf.path.end());
        const std::uint32_t x = leaf.path.empty() ? value : op(code, spv::OpCompositeExtract, leaf.type, operands);
        auto put = [&](std::uint32_t id) {
          const auto [slot, component] = p.words[word++];
          parts[slot][component] = id;
        };
        const bool uint_slot = slots[p.words[word].first].kind == 1;
        if (leaf.kind == Scalar::F64) {
          const std::uint32_t halves = op(code, spv::OpBitcast, uvec2, {x});
          put(op(code, spv::OpCompositeExtract, m.u32, {halves, 0}));
          put(op(code, spv::OpCompositeExtract, m.u32, {halves, 1}));
        } else if (leaf.kind == Scalar::U32 || !uint_slot) {
          put(x);
        } else {
          put(op(code, spv::OpBitcast, m.u32, {x}));
        }
      }
    }
    for (std::size_t s = 0; s < slots.size(); ++s) {
      const bool uint_slot = slots[s].kind == 1;
      const std::uint32_t v = op(code, spv::OpCompositeConstruct, uint_slot ? uvec4 : vec4,
                                 {parts[s][0], parts[s][1], parts[s][2], parts[s][3]});
      emit(code, spv::OpStore, {slot_variables[s], v});
    }
    return code;
  }

  // Fragment side: the slots loaded, every pair's value rebuilt and stored.
  std::vector<std::uint32_t> unpack(const std::vector<Pair>& pairs, const std::vector<SlotPlan>& slots) {
    std::vector<std::uint32_t> code;
    std::vector<std::uint32_t> loaded;
    for (std::size_t s = 0; s < slots.size(); ++s)
      loaded.push_back(op(code, spv::OpLoad, slots[s].kind == 1 ? uvec4 : vec4, {slot_variables[s]}));
    for (const Pair& p : pairs) {
      std::size_t word = 0;
      auto next_word = [&](std::uint32_t type) {
        const auto [slot, component] = p.words[word++];
        return op(code, spv::OpCompositeExtract, type, {loaded[slot], component});
      };
      // Depth-first, in the order the leaves were numbered.
      auto build = [&](auto& self, std::uint32_t type) -> std::uint32_t {
        if (auto s = m.scalars.find(type); s != m.scalars.end()) {
          const bool uint_slot = slots[p.words[word].first].kind == 1;
          switch (s->second) {
            case Scalar::F64: {
              const std::uint32_t low = next_word(m.u32), high = next_word(m.u32);
              return op(code, spv::OpBitcast, type, {op(code, spv::OpCompositeConstruct, uvec2, {low, high})});
            }
            case Scalar::U32: return next_word(type);
            default: return uint_slot ? op(code, spv::OpBitcast, type, {next_word(m.u32)}) : next_word(type);
          }
        }
        std::vector<std::uint32_t> elements;
        for (std::uint32_t part : m.parts.at(type)) elements.push_back(self(self, part));
        return op(code, spv::OpCompositeConstruct, type, elements);
      };
      const std::uint32_t value = build(build, p.input_type);
      emit(code, spv::OpStore, {p.input, value});
    }
    return code;
  }

  // The module with the declarations, the slots in the entry point's interface and `copy` (made
  // afresh for each site) placed: at the entry's start (fragment) or before each return / emit.
  template <typename Copy>
  std::vector<std::uint32_t> apply(const std::vector<std::uint32_t>& words, bool at_start, Copy&& copy) {
    std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
    bool annotated = false, globals_placed = false, in_entry = false, started = false;
    const bool geometry = m.model == spv::ExecutionModelGeometry;
    for (SpirvInstruction& in : m.code) {
      if (in.op == spv::OpEntryPoint && in.words[2] == m.entry) {
        in.words.insert(in.words.end(), slot_variables.begin(), slot_variables.end());
        in.words[0] = std::uint32_t(in.words.size()) << 16 | spv::OpEntryPoint;
      }
      const bool declaration = in.op == spv::OpTypeVoid || in.op == spv::OpTypeBool || in.op == spv::OpTypeInt ||
                               in.op == spv::OpTypeFloat || in.op == spv::OpTypeVector || in.op == spv::OpTypeMatrix ||
                               in.op == spv::OpTypeImage || in.op == spv::OpTypeSampler || in.op == spv::OpTypeSampledImage ||
                               in.op == spv::OpTypeArray || in.op == spv::OpTypeRuntimeArray || in.op == spv::OpTypeStruct ||
                               in.op == spv::OpTypePointer || in.op == spv::OpTypeFunction || in.op == spv::OpConstant ||
                               in.op == spv::OpVariable || in.op == spv::OpFunction;
      if (declaration && !annotated) {
        out.insert(out.end(), annotations.begin(), annotations.end());
        annotated = true;
      }
      if (in.op == spv::OpFunction) {
        if (!globals_placed) out.insert(out.end(), globals.begin(), globals.end());
        globals_placed = true;
        in_entry = in.words[2] == m.entry;
      }
      if (at_start && in_entry && !started && in.op != spv::OpFunction && in.op != spv::OpLabel &&
          in.op != spv::OpVariable && in.op != spv::OpFunctionParameter && in.op != spv::OpLine && in.op != spv::OpNoLine) {
        const std::vector<std::uint32_t> c = copy();
        out.insert(out.end(), c.begin(), c.end());
        started = true;
      }
      if (!at_start && (geometry ? in.op == spv::OpEmitVertex : in_entry && in.op == spv::OpReturn)) {
        const std::vector<std::uint32_t> c = copy();
        out.insert(out.end(), c.begin(), c.end());
      }
      out.insert(out.end(), in.words.begin(), in.words.end());
      if (in.op == spv::OpFunctionEnd) in_entry = false;
    }
    out[3] = bound;
    return out;
  }
};

// The module without the Block decoration and member decorations of the interface block types
// of `variables` (made Private: a block type outside an interface is invalid).
std::vector<std::uint32_t> without_block_decorations(const std::vector<std::uint32_t>& words, const Module& m,
                                                     const std::set<std::uint32_t>& variables) {
  std::set<std::uint32_t> types;
  for (std::uint32_t v : variables) {
    std::uint32_t type = m.pointee.at(m.variables.at(v).second);
    // Through arrays down to the block (an interface variable is a block or has none inside).
    for (int depth = 0; depth < 8 && !m.blocks.count(type); ++depth) {
      const auto parts = m.parts.find(type);
      if (parts == m.parts.end() || parts->second.empty() || m.vectors.count(type)) break;
      type = parts->second.front();
    }
    if (m.blocks.count(type)) types.insert(type);
  }
  if (types.empty()) return words;
  std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  for (const SpirvInstruction& in : split_instructions(words)) {
    const bool block_decoration = (in.op == spv::OpDecorate || in.op == spv::OpMemberDecorate) && in.words.size() >= 3 &&
                                  types.count(in.words[1]) &&
                                  (in.op == spv::OpMemberDecorate || in.words[2] == spv::DecorationBlock);
    if (!block_decoration) out.insert(out.end(), in.words.begin(), in.words.end());
  }
  return out;
}

}  // namespace

bool block_arrays_interpolate_by_member(const std::vector<std::uint32_t>& words) {
  if (words.size() < kHeaderWords) return false;
  const Module m(words);
  for (const auto& [variable, v] : m.variables) {
    if (v.first != spv::StorageClassInput) continue;
    const auto array = m.parts.find(m.pointee.at(v.second));
    if (array == m.parts.end() || array->second.empty() || m.vectors.count(array->first)) continue;
    const std::uint32_t element = array->second.front();
    if (!m.blocks.count(element)) continue;
    for (const auto& [member, bits] : m.member_interpolation)
      if (member.first == element && bits) return true;
  }
  return false;
}

bool pack_varyings(std::vector<std::uint32_t>& producer_words, std::vector<std::uint32_t>& fragment_words,
                   std::uint32_t max_locations) {
  if (producer_words.size() < kHeaderWords || fragment_words.size() < kHeaderWords) return false;
  Module producer(producer_words), fragment(fragment_words);
  if (fragment.model != spv::ExecutionModelFragment || producer.emits_to_streams ||
      producer.model == spv::ExecutionModelTessellationControl)
    return false;
  auto location = [](const Module& m, std::uint32_t id) -> std::int64_t {
    const auto d = m.decorations.find(id);
    if (d == m.decorations.end() || !d->second.count(spv::DecorationLocation) || d->second.count(spv::DecorationBuiltIn))
      return -1;
    return d->second.at(spv::DecorationLocation);
  };
  std::map<std::int64_t, std::uint32_t> outputs;  // location → output variable
  for (const auto& [id, v] : producer.variables)
    if (v.first == spv::StorageClassOutput && location(producer, id) >= 0) outputs[location(producer, id)] = id;

  // The pairs that can travel packed; everything else keeps its locations.
  std::vector<Pair> pairs;
  std::set<std::uint32_t> taken;  // locations kept by unpacked variables of either module
  auto keep = [&](const Module& m, std::uint32_t id) {
    const std::int64_t l = location(m, id);
    const std::uint32_t n = locations_of(m, m.pointee.at(m.variables.at(id).second));
    for (std::uint32_t i = 0; i < n; ++i) taken.insert(std::uint32_t(l) + i);
  };
  std::set<std::uint32_t> paired_outputs;
  for (const auto& [id, v] : fragment.variables) {
    const std::int64_t l = location(fragment, id);
    if (v.first != spv::StorageClassInput || l < 0) continue;
    Pair p;
    p.input = id;
    p.input_type = fragment.pointee.at(v.second);
    const auto out = outputs.find(l);
    bool ok = out != outputs.end() && !fragment.unpackable.count(id) && !producer.unpackable.count(out->second) &&
              !fragment.has(id, spv::DecorationComponent) && !fragment.has(id, spv::DecorationPerPrimitiveNV);
    if (ok) {
      p.output = out->second;
      p.output_type = producer.pointee.at(producer.variables.at(p.output).second);
      ok = !producer.has(p.output, spv::DecorationComponent) && !producer.has(p.output, spv::DecorationXfbBuffer) &&
           !producer.has(p.output, spv::DecorationOffset);
    }
    std::size_t in_words = 0, out_words = 0;
    std::vector<std::uint32_t> path;
    ok = ok && fragment.leaves(p.input_type, path, p.input_leaves, in_words) &&
         producer.leaves(p.output_type, path, p.output_leaves, out_words) && in_words == out_words &&
         p.input_leaves.size() == p.output_leaves.size();
    for (std::size_t i = 0; ok && i < p.input_leaves.size(); ++i)
      ok = p.input_leaves[i].kind == p.output_leaves[i].kind && p.input_leaves[i].path == p.output_leaves[i].path;
    // Only flat inputs carry anything but 32-bit floats (GLSL requires it of integers and doubles).
    for (const Leaf& leaf : p.input_leaves) ok = ok && (slot_kind(fragment, id, leaf) == kFlat || leaf.kind == Scalar::F32);
    if (!ok) {
      keep(fragment, id);
      continue;
    }
    p.words.resize(in_words);
    paired_outputs.insert(p.output);
    pairs.push_back(std::move(p));
  }
  for (const auto& [l, id] : outputs)
    if (!paired_outputs.count(id)) keep(producer, id);
  if (pairs.empty()) return false;

  // Slots per interpolation kind, filled word after word; then locations not kept.
  std::vector<SlotPlan> slots;
  std::map<std::uint32_t, std::size_t> open;  // kind → its slot being filled
  bool doubles = false;
  for (Pair& p : pairs) {
    std::size_t word = 0;
    for (const Leaf& leaf : p.input_leaves) {
      const std::uint32_t kind = slot_kind(fragment, p.input, leaf);
      doubles = doubles || leaf.kind == Scalar::F64;
      for (int half = 0; half < (leaf.kind == Scalar::F64 ? 2 : 1); ++half) {
        auto o = open.find(kind);
        if (o == open.end() || slots[o->second].used == 4) {
          slots.push_back({kind, 0, 0});
          o = open.insert_or_assign(kind, slots.size() - 1).first;
        }
        p.words[word++] = {o->second, slots[o->second].used++};
      }
    }
  }
  std::uint32_t next = 0, end = taken.empty() ? 0 : *taken.rbegin() + 1;
  for (SlotPlan& s : slots) {
    while (taken.count(next)) ++next;
    s.location = next++;
    end = std::max(end, next);
  }
  if (end > max_locations) return false;

  Rewrite out_side(producer, producer_words[3]), in_side(fragment, fragment_words[3]);
  out_side.declare(doubles, spv::StorageClassOutput);
  in_side.declare(doubles, spv::StorageClassInput);
  out_side.declare_slots(slots, spv::StorageClassOutput, false);
  in_side.declare_slots(slots, spv::StorageClassInput, true);
  std::vector<std::uint32_t> packed_producer =
      out_side.apply(producer_words, false, [&] { return out_side.pack(pairs, slots); });
  std::vector<std::uint32_t> packed_fragment =
      in_side.apply(fragment_words, true, [&] { return in_side.unpack(pairs, slots); });
  std::set<std::uint32_t> originals_out, originals_in;
  for (const Pair& p : pairs) {
    originals_out.insert(p.output);
    originals_in.insert(p.input);
  }
  producer_words = without_block_decorations(made_private(packed_producer, originals_out), producer, originals_out);
  fragment_words = without_block_decorations(made_private(packed_fragment, originals_in), fragment, originals_in);
  return true;
}

}  // namespace glvk::glsl::detail
