// Uniform initializers (GLSL 1.20 4.3.5) evaluated at link into Program::initial_default_block.
#pragma once

#include <span>

#include "glvk/glsl/compiler.h"

namespace glvk::glsl::detail {

// `out` is reflected (uniforms and default_block_size known); every default-block uniform a stage
// initializes gets its folded value.
void apply_uniform_initializers(std::span<const ShaderSource> shaders, const CompileOptions& options, Program& out);

}  // namespace glvk::glsl::detail
