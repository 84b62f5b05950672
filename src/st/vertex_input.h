// Vertex input translation (st_update_array): GL attribute arrays to Vulkan vertex formats and
// bindings. Formats Vulkan lacks (GL_FIXED, 32-bit normalized/scaled integers, doubles read as
// floats, and any format the device cannot fetch) are converted on the CPU into the streaming ring
// as 32-bit floats: the one named lowering for vertex formats (convert_vertices).
#pragma once

#include <cstdint>
#include <optional>

#include <volk.h>

#include "glvk/st/draw.h"

namespace glvk::st {

// The numeric type a shader input is declared with (from the program's reflection).
enum class ShaderInputType : std::uint8_t { Float, Int, Uint, Double };
ShaderInputType shader_input_type(std::uint32_t gl_type);
// How many vertex input locations a GL attribute type takes (a matrix takes one per column,
// dvec3/dvec4 two) and how many components each location reads.
std::uint32_t attribute_locations(std::uint32_t gl_type);

// The Vulkan format that fetches an array as GL specifies its values for a shader input of
// `input` type, or nullopt when there is none (then the values are converted).
std::optional<VkFormat> native_vertex_format(const VertexAttribInput& attrib, ShaderInputType input);

// The size in bytes of one element of an array (its `size` components of `type`).
std::uint32_t attribute_element_bytes(const VertexAttribInput& attrib);

// Converts `count` elements of an array at `src` (`stride` bytes apart) to four 32-bit
// components each (floats for float inputs, integers for integer ones; missing components are
// (0, 0, 0, 1)), by GL 4.6 section 10.3.5's rules (normalized fixed-point as in 2.3.5.1).
void convert_vertices(const VertexAttribInput& attrib, ShaderInputType input, const std::byte* src,
                      std::uint32_t count, std::uint32_t stride, std::byte* dst);

}  // namespace glvk::st
