#include "block_layout.h"

#include <glslang/SPIRV/spirv.hpp>

#include <cctype>
#include <map>
#include <unordered_map>

namespace glvk::glsl::detail {

// The types and layout decorations of a module, as far as block layouts need them.
struct LayoutTypes {
  struct Struct {
    std::vector<std::uint32_t> members;
    std::map<std::string, std::uint32_t> index_of;  // OpMemberName
    std::map<std::uint32_t, std::uint32_t> offset, matrix_stride;
    std::map<std::uint32_t, bool> row_major;
  };
  std::unordered_map<std::uint32_t, Struct> structs;
  std::unordered_map<std::uint32_t, std::uint32_t> array_element, array_stride;
  std::unordered_map<std::uint32_t, bool> matrices, blocks;
  std::unordered_map<std::uint32_t, std::string> names;

  explicit LayoutTypes(const std::vector<std::uint32_t>& words) {
    std::size_t i = 5;
    while (i < words.size()) {
      const std::uint32_t count = words[i] >> 16;
      const auto op = static_cast<spv::Op>(words[i] & 0xffffu);
      if (count == 0 || i + count > words.size() || op == spv::OpFunction) break;
      const std::uint32_t* w = &words[i];
      switch (op) {
        case spv::OpName: names[w[1]] = string_at(words, i + 2, i + count); break;
        case spv::OpMemberName: structs[w[1]].index_of[string_at(words, i + 3, i + count)] = w[2]; break;
        case spv::OpDecorate:
          if (count == 4 && w[2] == spv::DecorationArrayStride) array_stride[w[1]] = w[3];
          if (count == 3 && (w[2] == spv::DecorationBlock || w[2] == spv::DecorationBufferBlock)) blocks[w[1]] = true;
          break;
        case spv::OpMemberDecorate:
          if (count == 5 && w[3] == spv::DecorationOffset) structs[w[1]].offset[w[2]] = w[4];
          if (count == 5 && w[3] == spv::DecorationMatrixStride) structs[w[1]].matrix_stride[w[2]] = w[4];
          if (count == 4 && w[3] == spv::DecorationRowMajor) structs[w[1]].row_major[w[2]] = true;
          break;
        case spv::OpTypeStruct: structs[w[1]].members.assign(w + 2, w + count); break;
        case spv::OpTypeArray: case spv::OpTypeRuntimeArray: array_element[w[1]] = w[2]; break;
        case spv::OpTypeMatrix: matrices[w[1]] = true; break;
        default: break;
      }
      i += count;
    }
  }

  static std::string string_at(const std::vector<std::uint32_t>& words, std::size_t begin, std::size_t end) {
    std::string s;
    for (std::size_t w = begin; w < end; ++w)
      for (int b = 0; b < 4; ++b) {
        const char c = static_cast<char>((words[w] >> (8 * b)) & 0xffu);
        if (c == '\0') return s;
        s.push_back(c);
      }
    return s;
  }
};

namespace {

std::string without_array_suffix(std::string name) {
  const std::size_t open = name.find('[');
  return open == std::string::npos ? name : name.substr(0, open);
}

// Walks `path` from the block struct: ".name" selects a member, "[n]" an array element.
std::optional<MemberLayout> walk(const LayoutTypes& t, std::uint32_t type, const std::string& path) {
  MemberLayout layout;
  std::size_t i = 0;
  bool first = true;
  bool last_was_array_step = false;
  std::uint32_t last_array = 0;
  while (i < path.size()) {
    if (path[i] == '[') {
      const std::size_t close = path.find(']', i);
      const auto element = t.array_element.find(type);
      if (close == std::string::npos || element == t.array_element.end()) return std::nullopt;
      const auto stride = t.array_stride.find(type);
      const std::uint32_t n = static_cast<std::uint32_t>(std::stoul(path.substr(i + 1, close - i - 1)));
      layout.offset += n * (stride == t.array_stride.end() ? 0 : stride->second);
      last_array = type;
      last_was_array_step = true;
      type = element->second;
      i = close + 1;
      continue;
    }
    if (!first) {
      if (path[i] != '.') return std::nullopt;
      ++i;
    }
    first = false;
    std::size_t end = i;
    while (end < path.size() && path[end] != '.' && path[end] != '[') ++end;
    const auto s = t.structs.find(type);
    if (s == t.structs.end()) return std::nullopt;
    const auto member = s->second.index_of.find(path.substr(i, end - i));
    if (member == s->second.index_of.end() || member->second >= s->second.members.size()) return std::nullopt;
    const std::uint32_t index = member->second;
    const auto offset = s->second.offset.find(index);
    layout.offset += offset == s->second.offset.end() ? 0 : offset->second;
    const auto matrix = s->second.matrix_stride.find(index);
    layout.matrix_stride = matrix == s->second.matrix_stride.end() ? 0 : matrix->second;
    layout.row_major = s->second.row_major.count(index) > 0;
    type = s->second.members[index];
    last_was_array_step = false;
    i = end;
  }
  // A leaf array reported by its first element ("m[0]") has that array's stride; a leaf array
  // named without a subscript has it too.
  if (last_was_array_step) {
    const auto stride = t.array_stride.find(last_array);
    layout.array_stride = stride == t.array_stride.end() ? 0 : stride->second;
  } else if (t.array_element.count(type)) {
    const auto stride = t.array_stride.find(type);
    layout.array_stride = stride == t.array_stride.end() ? 0 : stride->second;
    type = t.array_element.at(type);
  }
  if (!t.matrices.count(type)) layout.matrix_stride = 0, layout.row_major = false;
  return layout;
}

}  // namespace

BlockLayouts::BlockLayouts(const std::vector<std::uint32_t>& words) : types_(std::make_unique<LayoutTypes>(words)) {}
BlockLayouts::~BlockLayouts() = default;

std::optional<MemberLayout> BlockLayouts::member(const std::string& block, const std::string& member) const {
  const LayoutTypes& types = *types_;
  const std::string name = without_array_suffix(block);
  for (const auto& [id, is_block] : types.blocks) {
    const auto n = types.names.find(id);
    if (!is_block || n == types.names.end() || n->second != name) continue;
    if (auto layout = walk(types, id, member)) return layout;
    // An instance-named block's members are named "Block.member".
    if (member.compare(0, name.size() + 1, name + ".") == 0)
      if (auto layout = walk(types, id, member.substr(name.size() + 1))) return layout;
  }
  return std::nullopt;
}

}  // namespace glvk::glsl::detail
