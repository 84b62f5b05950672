// Transform state (GL state only): the viewports and depth ranges (GL 4.6 section 13.6.1).
#pragma once

#include <array>
#include <cstddef>

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
// Which vertex of a primitive supplies gl_ViewportIndex: glvk promises none (the application
// writes the same index for every vertex), which any Vulkan device can keep.
inline constexpr GLenum kViewportIndexProvokingVertex = GL_UNDEFINED_VERTEX;

struct Viewport {
  GLfloat x = 0, y = 0, width = 0, height = 0;
  GLdouble near_value = 0.0, far_value = 1.0;  // the depth range, in [0, 1]
};

struct TransformState {
  std::array<Viewport, kMaxViewports> viewports{};
};

}  // namespace glvk::gl
