// Shader storage block rules of GL_ARB_shader_storage_buffer_object / GLSL 4.30 that glslang
// does not check or refuses at the wrong time.
#pragma once

#include <string>
#include <vector>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl::detail {

// GLSL 4.30 4.3.9 / 4.1.9: only the last member of a shader storage block is sized at run time;
// another member declared without a size is implicitly sized by the constant indices the shader
// uses (glslang does that), and a program where it is never indexed, or indexed by a variable,
// has no size for it and fails to link. glslang accepts the first and refuses the second at
// compile time: each such member in `text` is given one element, line numbers kept, and its name
// ("Block.member") is returned for link to refuse.
std::vector<std::string> size_inner_unsized_storage_members(std::string& text);

// GL 4.6 7.8 (MAX_*_SHADER_STORAGE_BLOCKS, MAX_COMBINED_SHADER_STORAGE_BLOCKS): the active storage
// blocks of each stage (each element of a block array counted) and of the whole program within the
// limits (0: not checked). The message, empty when the program is within them.
std::string storage_block_limit_error(const Program& program, const BuiltInLimits& limits);

}  // namespace glvk::glsl::detail
