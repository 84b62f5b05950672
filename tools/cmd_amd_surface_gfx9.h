// glvk amd surface for GFX9 chips: the swizzle-mode layout of each plane (cmd_amd_surface_gfx9.cpp).
#pragma once

#include "json_writer.h"

#include "glvk/amd_descriptors/surface.h"

namespace glvk::tools {

// Swizzle mode, swizzle block, mip-0 padding, mip chain, element pitch, layer size and per level
// its block position or mip-tail offset, for the surface and the stencil plane.
void print_gfx9_surface_text(const amd::Surface& surface);
void write_gfx9_surface_json(JsonWriter& j, const amd::Surface& surface);

}  // namespace glvk::tools
