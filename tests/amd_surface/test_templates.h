// The resource template the amd_surface tests build their textures from (one helper for all).
#pragma once

#include <glvk/amd_descriptors/surface.h>

namespace glvk::amd::testing {

inline SurfaceTemplate tmpl(TextureTarget target, formats::Format f, uint32_t w, uint32_t h, uint32_t d = 1,
                            uint32_t layers = 1, uint32_t levels = 1, uint32_t samples = 1) {
  SurfaceTemplate t;
  t.target = target;
  t.format = f;
  t.width = w;
  t.height = h;
  t.depth = d;
  t.array_size = layers;
  t.levels = levels;
  t.samples = samples;
  return t;
}

}  // namespace glvk::amd::testing
