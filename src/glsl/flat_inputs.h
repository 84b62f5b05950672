// The interpolation rule for fragment inputs that glslang checks for loose variables but not for
// the members of input blocks.
#pragma once

#include <glslang/MachineIndependent/localintermediate.h>

#include <string>

namespace glvk::glsl::detail {

// GLSL 4.60 4.5 / GLSL ES 3.20 4.5: a fragment input that is, or contains, an integer or a double
// must be qualified flat (a block member on its own: blocks take no interpolation qualifier). The errors in glslang's log
// format ("ERROR: 0:LINE: 'NAME' : ..."), one per input; empty when every input follows the rule.
std::string flat_input_errors(const glslang::TIntermediate& fragment_stage);

}  // namespace glvk::glsl::detail
