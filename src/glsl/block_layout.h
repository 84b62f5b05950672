// Where a block member lies in memory, read from the SPIR-V decorations the shader itself uses
// (Offset, ArrayStride, MatrixStride, RowMajor), so glGetActiveUniformsiv answers what the shader
// reads: glslang's reflection misplaces members of arrays of structs that hold matrix arrays.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace glvk::glsl::detail {

struct MemberLayout {
  std::uint32_t offset = 0;
  std::uint32_t array_stride = 0;   // of the member when it is an array, else 0
  std::uint32_t matrix_stride = 0;  // of the member when it is a matrix (or array of them), else 0
  bool row_major = false;
};

struct LayoutTypes;

// One module's block layouts, read once.
class BlockLayouts {
 public:
  explicit BlockLayouts(const std::vector<std::uint32_t>& words);
  ~BlockLayouts();
  // The layout of `member` ("s[1].arr[0].m22[0]", as GL names an active uniform; an
  // instance-named block's "Block.x" too) in the block whose block name is `block` (any "[n]"
  // ignored). nullopt when the module has no such block or member.
  std::optional<MemberLayout> member(const std::string& block, const std::string& member) const;

 private:
  std::unique_ptr<LayoutTypes> types_;
};

}  // namespace glvk::glsl::detail
