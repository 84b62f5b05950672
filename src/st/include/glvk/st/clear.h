// Clears of a framebuffer attachment (the execution half of st_Clear): src/gl validates and
// derives what the clear covers from GL state; st picks the way and carries it out.
#pragma once

#include <array>
#include <cstdint>

#include "glvk/formats/format.h"
#include "glvk/st/result.h"
#include "glvk/st/texture.h"

namespace glvk::st {

// The clear value of a colour buffer, as the glClearBuffer variant gave it.
struct ColorClear {
  ClearKind kind = ClearKind::FLOAT;
  float f[4] = {0, 0, 0, 0};
  std::int32_t i[4] = {0, 0, 0, 0};
  std::uint32_t u[4] = {0, 0, 0, 0};
};

// What one attachment's clear covers: the image (its storage, GL base format, size and samples),
// the level, the layers [first_layer, first_layer + layers) (3D: depth slices) and the rectangle
// x0..x1 x y0..y1 (already cut by the scissor; not empty).
struct ClearRegion {
  formats::Format storage = formats::Format::NONE;
  std::uint32_t base_format = 0;
  int width = 0, height = 0, samples = 0;
  unsigned level = 0;
  int first_layer = 0, layers = 1;
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

// A colour clear with the channel write mask in RGBA order; `framebuffer_srgb` off writes an sRGB
// storage's bits without encoding. The whole image with every channel: the transfer clear; a
// scissored or masked one: drawn into the attachment as a render target; storages that cannot be
// one: read, changed and written on the CPU. UNSUPPORTED, with nothing written, for a multisample
// storage that cannot be a render target.
Result clear_color(Texture& texture, const ClearRegion& region, const ColorClear& value,
                   const std::array<bool, 4>& mask, bool framebuffer_srgb);

// A depth and/or stencil clear (the caller applied the depth and stencil write masks to `depth`
// and `stencil`; `stencil_mask` is the stencil write mask). The same ways as clear_color.
Result clear_depth_stencil(Texture& texture, const ClearRegion& region, bool depth, float depth_value, bool stencil,
                           std::uint32_t stencil_value, std::uint32_t stencil_mask);

}  // namespace glvk::st
