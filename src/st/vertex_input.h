// Vertex input translation (st_update_array): GL attribute arrays to Vulkan vertex formats and
// bindings. Formats Vulkan lacks (GL_FIXED, 32-bit normalized/scaled integers, doubles read as
// floats, and any format the device cannot fetch) are converted on the CPU into the streaming ring
// as 32-bit floats: the one named lowering for vertex formats (convert_vertices).
#pragma once

#include <cstdint>
#include <optional>

#include <volk.h>

#include "glvk/st/draw.h"
#include "glvk/st/vertex_convert.h"

namespace glvk::st {

// The alignment Vulkan needs of an array's address and stride when it is fetched in its own
// format (the size of its components, 4 for packed types and doubles, which are read as 32-bit
// words); GL takes any, so a misaligned array is copied (Vulkan 1.3 22.2, vertex input address).
std::uint32_t attribute_alignment(const VertexAttribInput& attrib);

// The rows of a double type's columns (a scalar or vector is one column).
std::uint32_t double_rows(std::uint32_t gl_type);

// An array's elements as four doubles each (32 bytes), for double inputs of arrays that are not
// given as doubles.
void convert_vertices_to_doubles(const VertexAttribInput& attrib, const std::byte* src, std::uint32_t count,
                                 std::uint32_t stride, std::byte* dst);

// The Vulkan format that fetches an array as GL specifies its values for a shader input of
// `input` type, or nullopt when there is none (then the values are converted).
std::optional<VkFormat> native_vertex_format(const VertexAttribInput& attrib, ShaderInputType input);

}  // namespace glvk::st
