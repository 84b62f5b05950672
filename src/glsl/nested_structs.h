// GLSL 1.10 lets a structure definition sit inside another structure's members (1.10 4.1.8; 1.20
// dropped it), and Mesa takes one inside a uniform block of a 1.10 shader
// (GL_ARB_uniform_buffer_object). glslang refuses both ("cannot nest a structure definition").
#pragma once

#include <string>

namespace glvk::glsl::detail {

// Moves each structure definition nested in a global structure or block definition of `text` out,
// in front of that global declaration and on its first line, and names it where it was (an
// anonymous one gets a name of glvk's). The other lines keep their numbers.
void hoist_nested_structs(std::string& text);

}  // namespace glvk::glsl::detail
