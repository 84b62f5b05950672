// GL vertex attribute values converted on the CPU (GL 4.6 10.3.5): what the draw path uses for
// formats Vulkan lacks, and what glArrayElement uses to read one element. No Vulkan here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "glvk/st/draw.h"

namespace glvk::st {

// The numeric type a shader input is declared with (from the program's reflection).
enum class ShaderInputType : std::uint8_t { Float, Int, Uint, Double };
ShaderInputType shader_input_type(std::uint32_t gl_type);
// The size in bytes of one element of an array (its `size` components of `type`).
std::uint32_t attribute_element_bytes(const VertexAttribInput& attrib);

// Converts `count` elements of an array at `src` (`stride` bytes apart) to four 32-bit
// components each (floats for float inputs, integers for integer ones; missing components are
// (0, 0, 0, 1)), by GL 4.6 section 10.3.5's rules (normalized fixed-point as in 2.3.5.1).
void convert_vertices(const VertexAttribInput& attrib, ShaderInputType input, const std::byte* src,
                      std::uint32_t count, std::uint32_t stride, std::byte* dst);

}  // namespace glvk::st
