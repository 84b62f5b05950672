#include "spirv_edit.h"

#include <glslang/SPIRV/spirv.hpp>
#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <algorithm>
#include <cstring>
#include <set>
#include <unordered_map>

namespace glvk::glsl::detail {
namespace {

constexpr std::size_t kHeaderWords = 5;
constexpr const char* kDefaultBlock = "gl_DefaultUniformBlock";  // glslang_shader.h's kDefaultBlockName

// Calls f(offset, opcode, word_count) for each instruction; stops at a malformed one.
template <typename F>
void for_each_instruction(const std::vector<std::uint32_t>& words, F&& f) {
  std::size_t i = kHeaderWords;
  while (i < words.size()) {
    const std::uint32_t count = words[i] >> 16;
    if (count == 0 || i + count > words.size()) return;
    if (!f(i, static_cast<spv::Op>(words[i] & 0xffffu), count)) return;
    i += count;
  }
}

std::string literal_string(const std::vector<std::uint32_t>& words, std::size_t begin, std::size_t end) {
  std::string s;
  for (std::size_t w = begin; w < end; ++w) {
    for (int b = 0; b < 4; ++b) {
      const char c = static_cast<char>((words[w] >> (8 * b)) & 0xffu);
      if (c == '\0') return s;
      s.push_back(c);
    }
  }
  return s;
}

bool is_type_or_global(spv::Op op) {
  switch (op) {
    case spv::OpTypeVoid: case spv::OpTypeBool: case spv::OpTypeInt: case spv::OpTypeFloat:
    case spv::OpTypeVector: case spv::OpTypeMatrix: case spv::OpTypeImage: case spv::OpTypeSampler:
    case spv::OpTypeSampledImage: case spv::OpTypeArray: case spv::OpTypeRuntimeArray:
    case spv::OpTypeStruct: case spv::OpTypePointer: case spv::OpTypeFunction:
    case spv::OpConstant: case spv::OpConstantTrue: case spv::OpConstantFalse:
    case spv::OpConstantComposite: case spv::OpSpecConstant: case spv::OpVariable:
    case spv::OpUndef:
      return true;
    default:
      return false;
  }
}

}  // namespace

std::vector<SpirvInstruction> split_instructions(const std::vector<std::uint32_t>& words) {
  std::vector<SpirvInstruction> out;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    out.push_back({op, {words.begin() + std::ptrdiff_t(i), words.begin() + std::ptrdiff_t(i + count)}});
    return true;
  });
  return out;
}

std::vector<std::uint32_t> rebuild_module(const std::vector<std::uint32_t>& words, const std::vector<SpirvInstruction>& code,
                                          const std::vector<std::uint32_t>& globals, std::uint32_t entry,
                                          const BeforeInstruction& before) {
  std::vector<std::uint32_t> out(words.begin(), words.begin() + std::ptrdiff_t(std::min(words.size(), kHeaderWords)));
  bool in_entry = false, globals_placed = false;
  for (const SpirvInstruction& in : code) {
    if (in.op == spv::OpFunction) {
      if (!globals_placed) out.insert(out.end(), globals.begin(), globals.end());
      globals_placed = true;
      in_entry = in.words[2] == entry;
    }
    if (before(in, in_entry, out)) out.insert(out.end(), in.words.begin(), in.words.end());
    if (in.op == spv::OpFunctionEnd) in_entry = false;
  }
  return out;
}

bool emit_entry_point_with(std::vector<std::uint32_t>& out, const SpirvInstruction& entry_point,
                           const std::vector<std::uint32_t>& interface) {
  std::vector<std::uint32_t> operands(entry_point.words.begin() + 1, entry_point.words.end());
  operands.insert(operands.end(), interface.begin(), interface.end());
  emit(out, spv::OpEntryPoint, operands);
  return true;
}

std::vector<SpirvVariable> global_variables(const std::vector<std::uint32_t>& words) {
  std::unordered_map<std::uint32_t, std::string> names;
  std::unordered_map<std::uint32_t, std::uint32_t> pointee;        // pointer type → pointee
  std::unordered_map<std::uint32_t, std::uint32_t> array_element;  // array type → element
  std::unordered_map<std::uint32_t, std::uint32_t> array_length_id;
  std::unordered_map<std::uint32_t, std::uint32_t> constants;      // 32-bit integer constants
  std::unordered_map<std::uint32_t, bool> structs;
  std::vector<SpirvVariable> vars;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    switch (op) {
      case spv::OpName:
        if (count >= 2) names[words[i + 1]] = literal_string(words, i + 2, i + count);
        break;
      case spv::OpTypePointer:
        if (count == 4) pointee[words[i + 1]] = words[i + 3];
        break;
      case spv::OpTypeArray:
        if (count == 4) { array_element[words[i + 1]] = words[i + 2]; array_length_id[words[i + 1]] = words[i + 3]; }
        break;
      case spv::OpTypeRuntimeArray:
        if (count == 3) array_element[words[i + 1]] = words[i + 2];
        break;
      case spv::OpTypeStruct:
        if (count >= 2) structs[words[i + 1]] = true;
        break;
      case spv::OpConstant:
        if (count == 4) constants[words[i + 2]] = words[i + 3];
        break;
      case spv::OpFunction:
        return false;  // globals all precede the first function
      case spv::OpVariable:
        if (count >= 4) {
          SpirvVariable v;
          v.id = words[i + 2];
          v.storage_class = words[i + 3];
          if (auto n = names.find(v.id); n != names.end()) v.name = n->second;
          std::uint32_t type = pointee.count(words[i + 1]) ? pointee[words[i + 1]] : 0;
          while (array_element.count(type)) {
            if (auto len = array_length_id.find(type); len != array_length_id.end() && constants.count(len->second))
              v.array_length *= constants[len->second];
            type = array_element[type];
          }
          if (structs.count(type)) {
            auto n = names.find(type);
            v.struct_name = n != names.end() ? n->second : std::string();
          }
          vars.push_back(std::move(v));
        }
        break;
      default:
        break;
    }
    return true;
  });
  return vars;
}

InterfaceLocations interface_locations(const std::vector<std::uint32_t>& words, std::uint32_t storage_class) {
  std::unordered_map<std::uint32_t, std::uint32_t> locations;
  std::unordered_map<std::uint32_t, bool> blocks;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate && count == 4 && words[i + 2] == spv::DecorationLocation) locations[words[i + 1]] = words[i + 3];
    if (op == spv::OpDecorate && count == 3 && words[i + 2] == spv::DecorationBlock) blocks[words[i + 1]] = true;
    return !is_type_or_global(op);
  });
  // Block structs are named by their block name; global_variables reports it as struct_name.
  std::unordered_map<std::string, bool> block_names;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpName && count >= 3 && blocks.count(words[i + 1])) block_names[literal_string(words, i + 2, i + count)] = true;
    return !is_type_or_global(op);
  });
  InterfaceLocations out;
  for (const SpirvVariable& v : global_variables(words)) {
    if (v.storage_class != storage_class || !locations.count(v.id)) continue;
    const bool block = !v.struct_name.empty() && block_names.count(v.struct_name);
    out[block ? v.struct_name : v.name] = {v.id, locations[v.id]};
  }
  return out;
}

void set_decorations(std::vector<std::uint32_t>& words, const std::vector<DecorationEdit>& edits) {
  std::vector<bool> done(edits.size(), false);
  std::size_t insert_at = 0;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate && count == 4) {
      for (std::size_t e = 0; e < edits.size(); ++e) {
        if (words[i + 1] == edits[e].id && words[i + 2] == edits[e].decoration) {
          words[i + 3] = edits[e].value;
          done[e] = true;
        }
      }
    } else if (is_type_or_global(op)) {
      insert_at = i;  // annotations end where the first type or global begins
      return false;
    }
    return true;
  });
  std::vector<std::uint32_t> added;
  for (std::size_t e = 0; e < edits.size(); ++e) {
    if (done[e]) continue;
    added.push_back((4u << 16) | spv::OpDecorate);
    added.push_back(edits[e].id);
    added.push_back(edits[e].decoration);
    added.push_back(edits[e].value);
  }
  if (!added.empty() && insert_at != 0)
    words.insert(words.begin() + static_cast<std::ptrdiff_t>(insert_at), added.begin(), added.end());
}

namespace {
spvtools::MessageConsumer collect_into(std::string& log) {
  return [&log](spv_message_level_t, const char*, const spv_position_t& position, const char* message) {
    log += "  word " + std::to_string(position.index) + ": " + message + "\n";
  };
}
}  // namespace

bool validate_spirv(const std::vector<std::uint32_t>& words, std::string& log) {
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  tools.SetMessageConsumer(collect_into(log));
  // Friendly names cost n^2: the validator names every id up front and makes each repeated
  // OpName unique by trying suffixes _0, _1, ... in turn, and glslang names every call argument
  // "param" (4,000 calls: 4 s). Its messages are glvk's internal errors; ids serve them.
  spvtools::ValidatorOptions options;
  options.SetFriendlyNames(false);
  return tools.Validate(words.data(), words.size(), options);
}

namespace {
std::size_t function_calls(const std::vector<std::uint32_t>& words) {
  std::size_t calls = 0;
  for_each_instruction(words, [&](std::size_t, spv::Op op, std::uint32_t) {
    calls += op == spv::OpFunctionCall;
    return true;
  });
  return calls;
}
}  // namespace

bool optimize_spirv(std::vector<std::uint32_t>& words, std::string& log) {
  spvtools::Optimizer optimizer(SPV_ENV_VULKAN_1_1);
  optimizer.SetMessageConsumer(collect_into(log));
  // SPIRV-Tools' inliner splits the calling block at every call and moves the rest of the block
  // after it, so n calls in one block cost n^2 (4,000 calls of one function: 24 s). Beyond
  // kMaxInlinedCalls the calls stay calls, which the driver inlines itself, and only dead code is
  // removed; below it (every ordinary shader) the usual performance passes run.
  if (function_calls(words) <= kMaxInlinedCalls)
    optimizer.RegisterPerformancePasses();
  else
    optimizer.RegisterPassesFromFlags({"--eliminate-dead-functions", "--eliminate-dead-code-aggressive"});
  std::vector<std::uint32_t> out;
  spvtools::OptimizerOptions options;
  options.set_run_validator(false);  // validated just before
  if (!optimizer.Run(words.data(), words.size(), &out, options)) return false;
  words = std::move(out);
  return true;
}


std::vector<std::uint32_t> with_flat_inputs(const std::vector<std::uint32_t>& words, const std::vector<std::string>& names) {
  if (words.size() < kHeaderWords) return words;
  std::unordered_map<std::uint32_t, bool> qualified;  // ids with Flat or NoPerspective already
  std::size_t insert_at = 0;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate && count >= 3 &&
        (words[i + 2] == spv::DecorationFlat || words[i + 2] == spv::DecorationNoPerspective))
      qualified[words[i + 1]] = true;
    if (is_type_or_global(op)) {
      insert_at = i;  // annotations end where the first type or global begins
      return false;
    }
    return true;
  });
  std::vector<std::uint32_t> added;
  for (const SpirvVariable& v : global_variables(words)) {
    if (v.storage_class != spv::StorageClassInput || qualified.count(v.id)) continue;
    for (const std::string& n : names)
      if (v.name == n) {
        added.push_back((3u << 16) | spv::OpDecorate);
        added.push_back(v.id);
        added.push_back(spv::DecorationFlat);
      }
  }
  std::vector<std::uint32_t> out = words;
  if (!added.empty() && insert_at != 0)
    out.insert(out.begin() + static_cast<std::ptrdiff_t>(insert_at), added.begin(), added.end());
  return out;
}

namespace {

// Output arrays of which some locations (one per element) are in `locations` and some are not
// become Private arrays; each element outside `locations` gets an Output variable of its own at its
// location, which the entry point fills from the array before each return. (A draw whose draw
// buffer is NONE must not write that location; the other elements still go out.)
std::vector<std::uint32_t> with_output_arrays_split(const std::vector<std::uint32_t>& words, std::uint32_t locations) {
  struct Pointer {
    std::uint32_t storage, pointee;
  };
  std::unordered_map<std::uint32_t, std::uint32_t> location_of, constant_value;
  std::unordered_map<std::uint32_t, Pointer> pointers;
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> arrays;  // id -> element, length id
  std::uint32_t int_type = 0, entry = 0;
  auto scan = [&](const std::vector<std::uint32_t>& w) {
    pointers.clear();
    for_each_instruction(w, [&](std::size_t i, spv::Op op, std::uint32_t count) {
      if (op == spv::OpEntryPoint && count >= 3 && !entry) entry = w[i + 2];
      if (op == spv::OpDecorate && count == 4 && w[i + 2] == spv::DecorationLocation) location_of[w[i + 1]] = w[i + 3];
      if (op == spv::OpTypePointer && count == 4) pointers[w[i + 1]] = {w[i + 2], w[i + 3]};
      if (op == spv::OpTypeArray && count == 4) arrays[w[i + 1]] = {w[i + 2], w[i + 3]};
      if (op == spv::OpConstant && count == 4) constant_value[w[i + 2]] = w[i + 3];
      if (op == spv::OpTypeInt && count == 4 && w[i + 2] == 32 && !int_type) int_type = w[i + 1];
      return op != spv::OpFunction;
    });
  };
  scan(words);
  struct Split {
    std::uint32_t variable, element, first;
    std::vector<std::uint32_t> kept;  // element indices that stay outputs
  };
  std::vector<Split> splits;
  std::set<std::uint32_t> arrays_made_private;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op != spv::OpVariable || count < 4 || words[i + 3] != spv::StorageClassOutput) return op != spv::OpFunction;
    const auto pointer = pointers.find(words[i + 1]);
    const auto location = location_of.find(words[i + 2]);
    if (pointer == pointers.end() || location == location_of.end()) return true;
    const auto array = arrays.find(pointer->second.pointee);
    if (array == arrays.end() || arrays.count(array->second.first) || !constant_value.count(array->second.second))
      return true;
    Split split{words[i + 2], array->second.first, location->second, {}};
    const std::uint32_t length = constant_value[array->second.second];
    bool any_dropped = false;
    for (std::uint32_t e = 0; e < length; ++e) {
      const std::uint32_t l = split.first + e;
      if (l < 32 && (locations >> l & 1u)) any_dropped = true;
      else split.kept.push_back(e);
    }
    if (any_dropped && !split.kept.empty()) {
      splits.push_back(std::move(split));
      arrays_made_private.insert(words[i + 2]);
    }
    return true;
  });
  if (splits.empty()) return words;
  std::vector<std::uint32_t> out_words = made_private(words, arrays_made_private);
  scan(out_words);
  std::uint32_t bound = out_words[3];
  std::vector<std::uint32_t> globals;  // placed before the first function
  auto pointer_to = [&](std::uint32_t storage, std::uint32_t type) {
    for (const auto& [id, p] : pointers)
      if (p.storage == storage && p.pointee == type) return id;
    const std::uint32_t id = bound++;
    globals.insert(globals.end(), {4u << 16 | spv::OpTypePointer, id, storage, type});
    pointers[id] = {storage, type};
    return id;
  };
  if (!int_type) {
    int_type = bound++;
    globals.insert(globals.end(), {4u << 16 | spv::OpTypeInt, int_type, 32, 0});
  }
  struct Copy {
    std::uint32_t array, private_pointer, element_type, index, output;
  };
  std::vector<Copy> copies;
  std::vector<DecorationEdit> decorations;
  for (const Split& split : splits) {
    const std::uint32_t private_pointer = pointer_to(spv::StorageClassPrivate, split.element);
    const std::uint32_t output_pointer = pointer_to(spv::StorageClassOutput, split.element);
    for (std::uint32_t e : split.kept) {
      const std::uint32_t index = bound++, output = bound++;
      globals.insert(globals.end(), {4u << 16 | spv::OpConstant, int_type, index, e});
      globals.insert(globals.end(), {4u << 16 | spv::OpVariable, output_pointer, output, spv::StorageClassOutput});
      copies.push_back({split.variable, private_pointer, split.element, index, output});
      decorations.push_back({output, spv::DecorationLocation, split.first + e});
    }
  }
  std::vector<std::uint32_t> outputs;
  for (const Copy& c : copies) outputs.push_back(c.output);
  std::vector<std::uint32_t> out = rebuild_module(
      out_words, split_instructions(out_words), globals, entry,
      [&](const SpirvInstruction& in, bool in_entry, std::vector<std::uint32_t>& code) {
        if (in.op == spv::OpEntryPoint && in.words[2] == entry) return !emit_entry_point_with(code, in, outputs);
        if (in_entry && in.op == spv::OpReturn)
          for (const Copy& c : copies) {
            const std::uint32_t element = bound++, value = bound++;
            emit(code, spv::OpAccessChain, {c.private_pointer, element, c.array, c.index});
            emit(code, spv::OpLoad, {c.element_type, value, element});
            emit(code, spv::OpStore, {c.output, value});
          }
        return true;
      });
  out[3] = bound;
  set_decorations(out, decorations);
  return out;
}

}  // namespace

std::vector<std::uint32_t> without_outputs(const std::vector<std::uint32_t>& input, std::uint32_t locations) {
  if (input.size() < kHeaderWords) return input;
  const std::vector<std::uint32_t> words = with_output_arrays_split(input, locations);
  std::unordered_map<std::uint32_t, std::uint32_t> location_of;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate && count == 4 && words[i + 2] == spv::DecorationLocation) location_of[words[i + 1]] = words[i + 3];
    return op != spv::OpFunction;
  });
  // Output variables whose every location (one per array element) is in `locations`.
  std::set<std::uint32_t> dropped;
  for (const SpirvVariable& v : global_variables(words)) {
    const auto location = location_of.find(v.id);
    if (v.storage_class != spv::StorageClassOutput || location == location_of.end()) continue;
    const std::uint64_t first = location->second, end = first + v.array_length;
    bool all = end <= 32;
    for (std::uint64_t l = first; all && l < end; ++l) all = (locations >> l) & 1u;
    if (all) dropped.insert(v.id);
  }
  return made_private(words, dropped);
}

std::vector<std::uint32_t> made_private(const std::vector<std::uint32_t>& words, const std::set<std::uint32_t>& variables) {
  if (words.size() < kHeaderWords || variables.empty()) return words;
  std::unordered_map<std::uint32_t, std::uint32_t> pointer_class;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpTypePointer && count == 4) pointer_class[words[i + 1]] = words[i + 2];
    return op != spv::OpFunction;
  });
  std::unordered_map<std::uint32_t, bool> dropped;  // variables and pointers derived from them
  for (std::uint32_t id : variables) dropped[id] = true;

  // Each Input and Output pointer type those variables and their access chains have gets a Private
  // twin, declared right after it (only those: a Private pointer to a built-in block is invalid).
  std::set<std::uint32_t> retyped;
  {
    std::unordered_map<std::uint32_t, bool> derived = dropped;
    for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
      if (op == spv::OpVariable && count >= 4 && derived.count(words[i + 2])) retyped.insert(words[i + 1]);
      if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && count >= 4 && derived.count(words[i + 3])) {
        retyped.insert(words[i + 1]);
        derived[words[i + 2]] = true;
      }
      return true;
    });
  }
  std::uint32_t bound = words[3];
  std::unordered_map<std::uint32_t, std::uint32_t> twin;
  for (const auto& [type, storage] : pointer_class)
    if ((storage == spv::StorageClassOutput || storage == spv::StorageClassInput) && retyped.count(type))
      twin[type] = bound++;
  const bool interface_lists_all = words[1] >= 0x10400u;  // SPIR-V 1.4 lists every global used

  std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  out[3] = bound;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    const auto begin = words.begin() + std::ptrdiff_t(i);
    std::vector<std::uint32_t> inst(begin, begin + count);
    if ((op == spv::OpDecorate || op == spv::OpMemberDecorate) && dropped.count(inst[1])) return true;
    if (op == spv::OpEntryPoint && !interface_lists_all) {
      std::vector<std::uint32_t> kept(inst.begin(), inst.begin() + 3);
      std::size_t w = 3;  // the name (up to the word holding its NUL), then the interface ids
      for (bool end = false; w < inst.size() && !end; ++w) {
        kept.push_back(inst[w]);
        for (int b = 0; b < 4; ++b) end = end || ((inst[w] >> (8 * b)) & 0xffu) == 0;
      }
      for (; w < inst.size(); ++w)
        if (!dropped.count(inst[w])) kept.push_back(inst[w]);
      kept[0] = std::uint32_t(kept.size()) << 16 | spv::OpEntryPoint;
      inst = std::move(kept);
    }
    if (op == spv::OpVariable && dropped.count(inst[2])) {
      inst[1] = twin[inst[1]];
      inst[3] = spv::StorageClassPrivate;
    }
    if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && count >= 4 && dropped.count(inst[3]) &&
        twin.count(inst[1])) {
      inst[1] = twin[inst[1]];
      dropped[inst[2]] = true;
    }
    out.insert(out.end(), inst.begin(), inst.end());
    if (op == spv::OpTypePointer && twin.count(inst[1]))
      out.insert(out.end(), {4u << 16 | spv::OpTypePointer, twin[inst[1]], spv::StorageClassPrivate, inst[3]});
    return true;
  });
  return out;
}

namespace {

// Locations a variable of type `type` takes (GLSL 4.60 4.4.1): 64-bit three- and four-component
// vectors take two; matrices a column each; arrays and structs their elements' sum.
struct LocationTypes {
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> members;  // struct → member types
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> arrays;  // → (element, length id)
  std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> composites;  // vector/matrix → (part, count)
  std::unordered_map<std::uint32_t, std::uint32_t> widths;  // scalar → bits
  std::unordered_map<std::uint32_t, std::uint32_t> constants;
  std::unordered_map<std::uint32_t, bool> matrices;

  std::uint32_t count(std::uint32_t type, int depth = 0) const {
    if (depth > 16) return 1;
    if (auto a = arrays.find(type); a != arrays.end()) {
      auto len = constants.find(a->second.second);
      return (len != constants.end() ? len->second : 1) * count(a->second.first, depth + 1);
    }
    if (auto m = members.find(type); m != members.end()) {
      std::uint32_t n = 0;
      for (std::uint32_t member : m->second) n += count(member, depth + 1);
      return n;
    }
    if (auto c = composites.find(type); c != composites.end()) {
      if (matrices.count(type)) return c->second.second * count(c->second.first, depth + 1);
      auto w = widths.find(c->second.first);
      return w != widths.end() && w->second == 64 && c->second.second > 2 ? 2 : 1;
    }
    return 1;
  }
};

}  // namespace

std::vector<InterfaceSlot> interface_slots(const std::vector<std::uint32_t>& words, std::uint32_t storage_class) {
  LocationTypes types;
  std::unordered_map<std::uint32_t, std::uint32_t> pointee;
  std::set<std::uint32_t> patch;
  std::uint32_t model = 0;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    switch (op) {
      case spv::OpEntryPoint: if (count >= 2) model = words[i + 1]; break;
      case spv::OpDecorate: if (count >= 3 && words[i + 2] == spv::DecorationPatch) patch.insert(words[i + 1]); break;
      case spv::OpTypeInt: case spv::OpTypeFloat: if (count >= 3) types.widths[words[i + 1]] = words[i + 2]; break;
      case spv::OpTypeVector: if (count == 4) types.composites[words[i + 1]] = {words[i + 2], words[i + 3]}; break;
      case spv::OpTypeMatrix:
        if (count == 4) { types.composites[words[i + 1]] = {words[i + 2], words[i + 3]}; types.matrices[words[i + 1]] = true; }
        break;
      case spv::OpTypeArray: if (count == 4) types.arrays[words[i + 1]] = {words[i + 2], words[i + 3]}; break;
      case spv::OpTypeStruct:
        if (count >= 2) types.members[words[i + 1]] = std::vector<std::uint32_t>(words.begin() + std::ptrdiff_t(i + 2),
                                                                                 words.begin() + std::ptrdiff_t(i + count));
        break;
      case spv::OpConstant: if (count == 4) types.constants[words[i + 2]] = words[i + 3]; break;
      case spv::OpTypePointer: if (count == 4) pointee[words[i + 1]] = words[i + 3]; break;
      case spv::OpVariable: if (count >= 4 && !pointee.count(words[i + 2])) pointee[words[i + 2]] = pointee[words[i + 1]]; break;
      default: break;
    }
    return op != spv::OpFunction;
  });
  // Per-vertex interfaces have an outer array that takes no locations.
  const bool arrayed =
      (storage_class == spv::StorageClassInput &&
       (model == spv::ExecutionModelGeometry || model == spv::ExecutionModelTessellationControl ||
        model == spv::ExecutionModelTessellationEvaluation)) ||
      (storage_class == spv::StorageClassOutput && model == spv::ExecutionModelTessellationControl);
  std::vector<InterfaceSlot> slots;
  for (const auto& [name, variable] : interface_locations(words, storage_class)) {
    const auto [id, location] = variable;
    std::uint32_t type = pointee.count(id) ? pointee[id] : 0;
    if (arrayed && !patch.count(id) && types.arrays.count(type)) type = types.arrays.at(type).first;
    slots.push_back({name, id, location, types.count(type), false, patch.count(id) != 0});
  }
  return slots;
}

std::uint32_t interface_location_end(const std::vector<std::uint32_t>& words, std::uint32_t storage_class) {
  std::uint32_t end = 0;
  for (const InterfaceSlot& s : interface_slots(words, storage_class))
    end = std::max(end, std::uint32_t(s.location) + s.size);
  return end;
}

std::vector<DecorationEdit> separate_locations(const std::vector<std::uint32_t>& words, std::uint32_t storage_class,
                                               const std::set<std::string>& explicit_names,
                                               std::map<std::string, std::uint32_t>& moved) {
  std::vector<InterfaceSlot> slots = interface_slots(words, storage_class);
  for (InterfaceSlot& s : slots) s.fixed = explicit_names.count(s.name) != 0;
  // Declaration order (the variables' ids), as glslang assigned the locations.
  std::sort(slots.begin(), slots.end(), [](const InterfaceSlot& a, const InterfaceSlot& b) { return a.id < b.id; });
  std::vector<DecorationEdit> edits;
  // Inputs follow the previous stage's moved outputs.
  for (InterfaceSlot& s : slots)
    if (!s.fixed)
      if (auto m = moved.find(s.name); m != moved.end() && std::int64_t(m->second) != s.location) {
        s.location = m->second;
        edits.push_back({s.id, spv::DecorationLocation, m->second});
      }
  std::set<std::uint32_t> taken;
  auto overlaps = [&](std::int64_t first, std::uint32_t size) {
    for (std::uint32_t l = 0; l < size; ++l)
      if (taken.count(std::uint32_t(first) + l)) return true;
    return false;
  };
  auto take = [&](std::int64_t first, std::uint32_t size) {
    for (std::uint32_t l = 0; l < size; ++l) taken.insert(std::uint32_t(first) + l);
  };
  for (const InterfaceSlot& s : slots)
    if (s.fixed) take(s.location, s.size);
  for (const InterfaceSlot& s : slots) {
    if (s.fixed) continue;
    if (!overlaps(s.location, s.size)) {
      take(s.location, s.size);
      continue;
    }
    std::uint32_t first = 0;
    while (overlaps(first, s.size)) ++first;
    take(first, s.size);
    edits.push_back({s.id, spv::DecorationLocation, first});
    moved[s.name] = first;
  }
  return edits;
}

std::uint64_t used_array_elements(const std::vector<std::uint32_t>& words, std::uint32_t binding) {
  std::set<std::uint32_t> variables;
  std::unordered_map<std::uint32_t, std::uint32_t> constants;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate && count == 4 && words[i + 2] == spv::DecorationBinding && words[i + 3] == binding)
      variables.insert(words[i + 1]);
    if (op == spv::OpConstant && count == 4) constants[words[i + 2]] = words[i + 3];
    return true;
  });
  std::uint64_t used = 0;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate || op == spv::OpName || op == spv::OpEntryPoint || op == spv::OpVariable ||
        op == spv::OpMemberDecorate)
      return true;
    if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && count >= 5 && variables.count(words[i + 3])) {
      const auto index = constants.find(words[i + 4]);
      used |= index == constants.end() ? ~0ull : index->second < 64 ? 1ull << index->second : 0;
      return true;
    }
    for (std::uint32_t w = 1; w < count; ++w)
      if (variables.count(words[i + w])) used = ~0ull;  // the whole array, or a use glvk does not follow
    return true;
  });
  return used;
}

void rebind_for_pipeline(std::vector<std::uint32_t>& words, const std::map<std::uint32_t, std::uint32_t>& bindings,
                         std::uint32_t default_block_base) {
  std::uint32_t default_block = 0;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpName && count >= 2 && literal_string(words, i + 2, i + count) == kDefaultBlock) default_block = words[i + 1];
    return op != spv::OpFunction;
  });
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate && count == 4 && words[i + 2] == spv::DecorationBinding)
      if (auto b = bindings.find(words[i + 3]); b != bindings.end()) words[i + 3] = b->second;
    if (op == spv::OpMemberDecorate && count == 5 && default_block && words[i + 1] == default_block &&
        words[i + 3] == spv::DecorationOffset)
      words[i + 4] += default_block_base;
    return !is_type_or_global(op);  // annotations precede the types
  });
}

}  // namespace glvk::glsl::detail

namespace glvk::glsl::detail {
namespace {

// Where a module keeps its PointSize output: a standalone variable, or a member of an output block.
struct PointSizeSite {
  std::uint32_t variable = 0;      // the standalone variable, or the block variable
  std::int64_t member = -1;        // the block member's index (-1: standalone)
  std::uint32_t member_block = 0;  // the block's struct type
};

PointSizeSite point_size_site(const std::vector<std::uint32_t>& words) {
  PointSizeSite site;
  std::unordered_map<std::uint32_t, std::uint32_t> pointee, pointer_class;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpDecorate && count == 4 && words[i + 2] == spv::DecorationBuiltIn && words[i + 3] == spv::BuiltInPointSize)
      site.variable = words[i + 1];
    if (op == spv::OpMemberDecorate && count == 5 && words[i + 3] == spv::DecorationBuiltIn &&
        words[i + 4] == spv::BuiltInPointSize) {
      site.member_block = words[i + 1];
      site.member = words[i + 2];
    }
    if (op == spv::OpTypePointer && count == 4) { pointer_class[words[i + 1]] = words[i + 2]; pointee[words[i + 1]] = words[i + 3]; }
    if (op == spv::OpVariable && count >= 4 && !site.variable && site.member >= 0 && words[i + 3] == spv::StorageClassOutput &&
        pointee[words[i + 1]] == site.member_block)
      site.variable = words[i + 2];
    return op != spv::OpFunction;
  });
  if (site.member >= 0 && !site.variable) site.member = -1;  // a block type with no output of it
  return site;
}

}  // namespace

PointSizeUse point_size_use(const std::vector<std::uint32_t>& words) {
  PointSizeUse use;
  const PointSizeSite site = point_size_site(words);
  std::unordered_map<std::uint32_t, std::uint32_t> constants;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpExecutionMode && count >= 3 &&
        (words[i + 2] == spv::ExecutionModeOutputPoints || words[i + 2] == spv::ExecutionModePointMode))
      use.emits_points = true;
    if (op == spv::OpConstant && count == 4) constants[words[i + 2]] = words[i + 3];
    if (site.variable && op == spv::OpStore && count >= 3 && site.member < 0 && words[i + 1] == site.variable)
      use.written = true;
    if (site.variable && (op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && count >= 5 &&
        site.member >= 0 && words[i + 3] == site.variable && constants.count(words[i + 4]) &&
        constants[words[i + 4]] == std::uint32_t(site.member))
      use.written = true;  // an output member is only taken to be written
    return true;
  });
  return use;
}

std::vector<std::uint32_t> with_point_size(const std::vector<std::uint32_t>& words, float size) {
  if (words.size() < kHeaderWords) return words;
  std::uint32_t bound = words[3];
  PointSizeSite site = point_size_site(words);
  std::uint32_t float_type = 0, int_type = 0, float_output_pointer = 0, entry = 0, model = 0;
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    if (op == spv::OpEntryPoint && count >= 3 && !entry) { model = words[i + 1]; entry = words[i + 2]; }
    if (op == spv::OpTypeFloat && count == 3 && words[i + 2] == 32) float_type = words[i + 1];
    if (op == spv::OpTypeInt && count == 4 && words[i + 2] == 32) int_type = words[i + 1];
    if (op == spv::OpTypePointer && count == 4 && words[i + 2] == spv::StorageClassOutput && float_type &&
        words[i + 3] == float_type)
      float_output_pointer = words[i + 1];
    return op != spv::OpFunction;
  });
  // The declarations this needs that the module lacks, placed before its first function.
  std::vector<std::uint32_t> globals;
  if (!float_type) {
    float_type = bound++;
    globals.insert(globals.end(), {3u << 16 | spv::OpTypeFloat, float_type, 32});
  }
  if (!float_output_pointer) {
    float_output_pointer = bound++;
    globals.insert(globals.end(), {4u << 16 | spv::OpTypePointer, float_output_pointer, spv::StorageClassOutput, float_type});
  }
  const std::uint32_t value = bound++;
  std::uint32_t bits;
  std::memcpy(&bits, &size, 4);
  globals.insert(globals.end(), {4u << 16 | spv::OpConstant, float_type, value, bits});
  std::uint32_t member_index = 0;
  bool added_variable = false;
  if (site.member >= 0) {
    if (!int_type) {
      int_type = bound++;
      globals.insert(globals.end(), {4u << 16 | spv::OpTypeInt, int_type, 32, 1});
    }
    member_index = bound++;
    globals.insert(globals.end(), {4u << 16 | spv::OpConstant, int_type, member_index, std::uint32_t(site.member)});
  } else if (!site.variable) {
    site.variable = bound++;
    added_variable = true;
    globals.insert(globals.end(), {4u << 16 | spv::OpVariable, float_output_pointer, site.variable, spv::StorageClassOutput});
  }
  // Stores of the size: before each vertex a geometry shader emits, else before each return of
  // the entry point (after anything the shader itself wrote there).
  const bool geometry = model == spv::ExecutionModelGeometry;
  std::vector<std::uint32_t> out = rebuild_module(
      words, split_instructions(words), globals, entry,
      [&](const SpirvInstruction& in, bool in_entry, std::vector<std::uint32_t>& code) {
        if (in.op == spv::OpEntryPoint && added_variable && in.words[2] == entry)
          return !emit_entry_point_with(code, in, {site.variable});
        if (!ends_vertex(in, in_entry, geometry)) return true;
        std::uint32_t pointer = site.variable;
        if (site.member >= 0) {
          pointer = bound++;
          emit(code, spv::OpAccessChain, {float_output_pointer, pointer, site.variable, member_index});
        }
        emit(code, spv::OpStore, {pointer, value});
        return true;
      });
  if (added_variable) set_decorations(out, {{site.variable, spv::DecorationBuiltIn, spv::BuiltInPointSize}});
  out[3] = bound;
  return out;
}

}  // namespace glvk::glsl::detail

namespace glvk::glsl::detail {

namespace {

// A module's built-in blocks (structs with BuiltIn members that some Input or Output variable
// has), how many members each declares and uses, and which variables have them.
struct BuiltinBlocks {
  struct Block {
    std::uint32_t members = 0;
    std::uint32_t used = 0;             // one past the last member used
    bool whole = false;                 // used other than by member access: keeps every member
    std::uint32_t storage_class = ~0u;  // of the variables that have it
  };
  std::unordered_map<std::uint32_t, Block> blocks;  // struct type → block

  explicit BuiltinBlocks(const std::vector<std::uint32_t>& words) {
    std::unordered_map<std::uint32_t, Block> candidates;
    for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
      if (op == spv::OpMemberDecorate && count >= 4 && words[i + 3] == spv::DecorationBuiltIn) candidates[words[i + 1]];
      return op != spv::OpFunction;
    });
    if (candidates.empty()) return;
    // Variables of those structs, through at most one array level (gl_in[], gl_out[]).
    std::unordered_map<std::uint32_t, std::uint32_t> element, pointee, pointer_class, constants;
    std::unordered_map<std::uint32_t, std::pair<std::uint32_t, std::uint32_t>> variables;  // → (struct, depth)
    for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
      if (op == spv::OpTypeStruct && candidates.count(words[i + 1])) candidates[words[i + 1]].members = count - 2;
      if ((op == spv::OpTypeArray || op == spv::OpTypeRuntimeArray) && count >= 3) element[words[i + 1]] = words[i + 2];
      if (op == spv::OpTypePointer && count == 4) pointee[words[i + 1]] = words[i + 3];
      if (op == spv::OpConstant && count == 4) constants[words[i + 2]] = words[i + 3];
      // xfb capture of a member (an Offset on it) counts as a use.
      if (op == spv::OpMemberDecorate && count >= 5 && words[i + 3] == spv::DecorationOffset && candidates.count(words[i + 1])) {
        Block& b = candidates[words[i + 1]];
        b.used = std::max(b.used, words[i + 2] + 1);
      }
      if (op == spv::OpVariable && count >= 4) {
        std::uint32_t type = pointee[words[i + 1]], depth = 0;
        if (element.count(type)) { type = element[type]; depth = 1; }
        if (const auto c = candidates.find(type); c != candidates.end()) {
          variables[words[i + 2]] = {type, depth};
          // A struct some Function variable has too is used as a whole (copies), and one both an
          // input and an output has is left alone.
          const std::uint32_t storage = words[i + 3];
          c->second.whole |= (storage != spv::StorageClassInput && storage != spv::StorageClassOutput) ||
                             (c->second.storage_class != ~0u && c->second.storage_class != storage);
          c->second.storage_class = storage;
        }
      }
      return true;
    });
    // Every use in a function: a member access with a constant member index counts that member;
    // anything else uses the whole block.
    bool in_function = false;
    for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
      if (op == spv::OpFunction) in_function = true;
      if (!in_function) return true;
      if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && count >= 4 && variables.count(words[i + 3])) {
        const auto [type, depth] = variables[words[i + 3]];
        Block& b = candidates[type];
        const std::size_t index_word = i + 4 + depth;
        if (index_word < i + count && constants.count(words[index_word]))
          b.used = std::max(b.used, constants[words[index_word]] + 1);
        else
          b.whole = true;
        return true;
      }
      for (std::size_t w = i + 1; w < i + count; ++w)
        if (variables.count(words[w])) candidates[variables[words[w]].first].whole = true;
      return true;
    });
    for (auto& [type, block] : candidates)
      if (block.storage_class != ~0u) blocks[type] = block;
  }
};

}  // namespace

BuiltinBlockUse builtin_block_use(const std::vector<std::uint32_t>& words) {
  BuiltinBlockUse use;
  for (const auto& [type, block] : BuiltinBlocks(words).blocks) {
    std::uint32_t& side = block.storage_class == spv::StorageClassInput ? use.input : use.output;
    side = std::max(side, block.whole ? block.members : std::max<std::uint32_t>(block.used, 1));
  }
  return use;
}

std::vector<std::uint32_t> with_builtin_blocks_cut(const std::vector<std::uint32_t>& words, const BuiltinBlockUse& keep) {
  const BuiltinBlocks builtin(words);
  // Members kept of each struct: ~0u keeps all.
  auto kept = [&](std::uint32_t type) -> std::uint32_t {
    const auto it = builtin.blocks.find(type);
    if (it == builtin.blocks.end() || it->second.whole) return ~0u;
    const std::uint32_t k = it->second.storage_class == spv::StorageClassInput ? keep.input : keep.output;
    return k == 0 ? ~0u : std::max(k, it->second.used);
  };
  if (builtin.blocks.empty()) return words;
  std::vector<std::uint32_t> out(words.begin(), words.begin() + kHeaderWords);
  for_each_instruction(words, [&](std::size_t i, spv::Op op, std::uint32_t count) {
    const auto begin = words.begin() + std::ptrdiff_t(i);
    if ((op == spv::OpMemberDecorate || op == spv::OpMemberName) && count >= 3 && words[i + 2] >= kept(words[i + 1]))
      return true;
    if (op == spv::OpTypeStruct && kept(words[i + 1]) < count - 2) {
      const std::uint32_t k = kept(words[i + 1]);
      out.push_back((k + 2) << 16 | spv::OpTypeStruct);
      out.insert(out.end(), begin + 1, begin + 2 + k);
      return true;
    }
    out.insert(out.end(), begin, begin + count);
    return true;
  });
  return out;
}

}  // namespace glvk::glsl::detail
