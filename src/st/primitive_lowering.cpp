#include "primitive_lowering.h"

namespace glvk::st {

VkPrimitiveTopology topology_for(GLenum mode) {
  switch (mode) {
    case GL_POINTS: return VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
    case GL_LINES: case GL_LINE_LOOP: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
    case GL_LINE_STRIP: return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
    case GL_TRIANGLE_STRIP: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    case GL_TRIANGLE_FAN: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_FAN;
    case GL_LINES_ADJACENCY: return VK_PRIMITIVE_TOPOLOGY_LINE_LIST_WITH_ADJACENCY;
    case GL_LINE_STRIP_ADJACENCY: return VK_PRIMITIVE_TOPOLOGY_LINE_STRIP_WITH_ADJACENCY;
    case GL_TRIANGLES_ADJACENCY: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST_WITH_ADJACENCY;
    case GL_TRIANGLE_STRIP_ADJACENCY: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP_WITH_ADJACENCY;
    case GL_PATCHES: return VK_PRIMITIVE_TOPOLOGY_PATCH_LIST;
    default: return VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;  // triangles, quads, quad strip, polygon
  }
}

bool needs_lowering(GLenum mode) {
  return mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON || mode == GL_LINE_LOOP;
}

void lower_primitives(GLenum mode, const std::uint32_t* source, std::uint32_t count, bool last,
                      std::vector<std::uint32_t>& out) {
  auto at = [&](std::uint32_t i) { return source ? source[i] : i; };
  auto triangle = [&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
    out.push_back(at(a));
    out.push_back(at(b));
    out.push_back(at(c));
  };
  switch (mode) {
    // Quads and quad strips take their last vertex as provoking whatever the convention
    // (QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION is FALSE, as on llvmpipe; table 13.2's note);
    // each triangle puts it where the pipeline takes it.
    case GL_QUADS:
      // Quad (v0 v1 v2 v3): provoking v3.
      for (std::uint32_t q = 0; q + 4 <= count; q += 4) {
        if (last) {
          triangle(q, q + 1, q + 3);
          triangle(q + 1, q + 2, q + 3);
        } else {
          triangle(q + 3, q, q + 1);
          triangle(q + 3, q + 1, q + 2);
        }
      }
      break;
    case GL_QUAD_STRIP:
      // Quad j runs 2j, 2j+1, 2j+3, 2j+2 around its edge; provoking 2j+3.
      for (std::uint32_t a = 0; a + 4 <= count; a += 2) {
        if (last) {
          triangle(a, a + 1, a + 3);
          triangle(a + 2, a, a + 3);
        } else {
          triangle(a + 3, a, a + 1);
          triangle(a + 3, a + 2, a);
        }
      }
      break;
    case GL_POLYGON:
      // A fan around v0, which provokes in both conventions (table 13.2).
      for (std::uint32_t i = 1; i + 1 < count; ++i) {
        if (last) triangle(i, i + 1, 0);
        else triangle(0, i, i + 1);
      }
      break;
    case GL_LINE_LOOP:
      // Segment i is (i, i+1) and the closing one (n-1, 0): as a line list each keeps its
      // provoking vertex (i+1 or i; the closing one 0 or n-1).
      if (count < 2) break;
      for (std::uint32_t i = 0; i + 1 < count; ++i) {
        out.push_back(at(i));
        out.push_back(at(i + 1));
      }
      out.push_back(at(count - 1));
      out.push_back(at(0));
      break;
    default:
      for (std::uint32_t i = 0; i < count; ++i) out.push_back(at(i));
      break;
  }
}

}  // namespace glvk::st
