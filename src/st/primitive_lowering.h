// Primitive lowering: the GL primitives Vulkan does not have (quads, quad strips, polygons, line
// loops) become index lists of primitives it has, keeping GL's provoking vertex (GL 4.6
// compatibility table 13.2) and the primitives' winding; and the topology of every other mode.
#pragma once

#include <cstdint>
#include <vector>

#include <GL/gl.h>
#include <GL/glext.h>
#include <volk.h>

namespace glvk::st {

// The Vulkan topology a GL mode draws with (after lowering).
VkPrimitiveTopology topology_for(GLenum mode);

// Whether `mode` needs lowering to an index list.
bool needs_lowering(GLenum mode);

// The lowered indices of one primitive sequence of `count` vertices whose i-th vertex has index
// `source[i]` (or i when `source` is null), appended to `out`. `pipeline_takes_last`: the pipeline
// takes the last vertex of each Vulkan primitive as provoking (GL_LAST_VERTEX_CONVENTION), else the
// first; the lowered primitives put GL's provoking vertex there. Incomplete trailing primitives are dropped.
// Primitive restart is the caller's: it lowers each piece between restart indices on its own.
void lower_primitives(GLenum mode, const std::uint32_t* source, std::uint32_t count, bool pipeline_takes_last,
                      std::vector<std::uint32_t>& out);

}  // namespace glvk::st
