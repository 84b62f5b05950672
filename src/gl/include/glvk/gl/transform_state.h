// Transform state (GL state only): the viewports and depth ranges (GL 4.6 section 13.6.1) and the
// compatibility profile's matrix stacks (GL 4.6 compatibility section 12.1.1).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "glvk/gl/gl_headers.h"
#include "glvk/gl/texture_object.h"

namespace glvk::gl {

// Viewport limits. MAX_VIEWPORT_DIMS is the largest renderbuffer/texture (the spec's minimum);
// the bounds range is the spec's minimum for it, [-2 * dims, 2 * dims - 1].
inline constexpr GLuint kMaxViewports = 16;
inline constexpr GLint kMaxViewportDims = kMaxTextureSize;
inline constexpr GLfloat kViewportBoundsMin = -2.0f * kMaxViewportDims;
inline constexpr GLfloat kViewportBoundsMax = 2.0f * kMaxViewportDims - 1.0f;
// glvk keeps the viewport as floats but promises no sub-pixel precision until drawing (and the
// device's viewportSubPixelBits) is known: 0 is the spec's minimum.
inline constexpr GLint kViewportSubpixelBits = 0;
// Which vertex of a primitive supplies gl_ViewportIndex and gl_Layer: glvk promises none (the
// application writes the same value for every vertex), which any Vulkan device can keep.
inline constexpr GLenum kLayerViewportProvokingVertex = GL_UNDEFINED_VERTEX;

// Compatibility profile: texture coordinate sets (each has a texture matrix stack) and the stack
// depths (the spec's minimums are 32 for modelview and 2 for the others; glvk takes 32 for all).
inline constexpr unsigned kMaxTextureCoords = 8;
inline constexpr std::size_t kMaxModelviewStackDepth = 32;
inline constexpr std::size_t kMaxProjectionStackDepth = 32;
inline constexpr std::size_t kMaxTextureStackDepth = 32;
inline constexpr std::size_t kMaxColorMatrixStackDepth = 32;
// ARB_vertex_program's program matrices (MATRIXi_ARB modes, state.matrix.program[i]).
inline constexpr unsigned kMaxProgramMatrices = 8;
inline constexpr std::size_t kMaxProgramMatrixStackDepth = 4;
static_assert(kMaxTextureCoords <= kMaxTextureUnits);

// A 4x4 matrix in GL's column-major order: element (row r, column c) is m[c * 4 + r].
using Matrix4 = std::array<GLdouble, 16>;
inline constexpr Matrix4 kIdentityMatrix = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

struct Viewport {
  GLfloat x = 0, y = 0, width = 0, height = 0;
  GLdouble near_value = 0.0, far_value = 1.0;  // the depth range, in [0, 1]
};

struct TransformState {
  std::array<Viewport, kMaxViewports> viewports{};
  // Matrix stacks: the last element is the current matrix; never empty.
  GLenum matrix_mode = GL_MODELVIEW;
  std::vector<Matrix4> modelview{kIdentityMatrix};
  std::vector<Matrix4> projection{kIdentityMatrix};
  std::vector<Matrix4> color{kIdentityMatrix};
  std::array<std::vector<Matrix4>, kMaxTextureCoords> texture = [] {
    std::array<std::vector<Matrix4>, kMaxTextureCoords> stacks;
    for (auto& stack : stacks) stack.assign(1, kIdentityMatrix);
    return stacks;
  }();
  std::array<std::vector<Matrix4>, kMaxProgramMatrices> program = [] {
    std::array<std::vector<Matrix4>, kMaxProgramMatrices> stacks;
    for (auto& stack : stacks) stack.assign(1, kIdentityMatrix);
    return stacks;
  }();
};

}  // namespace glvk::gl
