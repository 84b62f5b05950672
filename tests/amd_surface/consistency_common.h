// What the GFX6-8 and GFX9 consistency tests share: the targets, the odd-sized template of each
// target, the format a default view samples, and the random template of the layout invariants.
#pragma once

#include <glvk/amd_descriptors/surface.h>

#include <algorithm>
#include <bit>
#include <random>
#include <span>
#include <string>

#include "test_templates.h"

namespace glvk::amd::testing {

inline constexpr TextureTarget kTargets[] = {TextureTarget::TEXTURE_1D,       TextureTarget::TEXTURE_2D,
                                             TextureTarget::TEXTURE_3D,       TextureTarget::TEXTURE_CUBE,
                                             TextureTarget::TEXTURE_RECT,     TextureTarget::TEXTURE_1D_ARRAY,
                                             TextureTarget::TEXTURE_2D_ARRAY, TextureTarget::TEXTURE_CUBE_ARRAY};

// A template of odd sizes for a target (non-square, non-pow2, several levels and layers).
inline SurfaceTemplate template_for(TextureTarget target, formats::Format f) {
  const formats::FormatDesc& d = formats::describe(f);
  const uint32_t bw = d.block_width, bh = d.block_height;
  switch (target) {
    case TextureTarget::TEXTURE_1D: return tmpl(target, f, 33 * bw, 1, 1, 1, 3);
    case TextureTarget::TEXTURE_1D_ARRAY: return tmpl(target, f, 33 * bw, 1, 1, 3, 3);
    case TextureTarget::TEXTURE_3D: return tmpl(target, f, 9 * bw, 7 * bh, 5, 1, 3);
    case TextureTarget::TEXTURE_CUBE: return tmpl(target, f, 24 * bw, 24 * bw, 1, 6, 3);  // square
    case TextureTarget::TEXTURE_CUBE_ARRAY: return tmpl(target, f, 24 * bw, 24 * bw, 1, 12, 2);
    case TextureTarget::TEXTURE_2D_ARRAY: return tmpl(target, f, 37 * bw, 19 * bh, 1, 3, 2);
    case TextureTarget::TEXTURE_RECT: return tmpl(target, f, 37 * bw, 19 * bh);
    default: return tmpl(target, f, 37 * bw, 19 * bh, 1, 1, 4);
  }
}

// The format a default view samples: depth/stencil textures read their DB format (the rule
// pinned by radeonsi_golden_test.cpp) and stencil views the 8-bit stencil, everything else
// the resource format.
inline formats::Format sampled_format(formats::Format f) {
  using formats::Format;
  switch (f) {
    case Format::Z32_FLOAT_S8X24_UINT: return Format::Z32_FLOAT;
    case Format::X8Z24_UNORM:
    case Format::S8_UINT_Z24_UNORM: return Format::Z24X8_UNORM;
    case Format::X24S8_UINT:
    case Format::S8X24_UINT:
    case Format::X32_S8X24_UINT: return Format::S8_UINT;  // the stencil view formats read S8
    default: return f;
  }
}

// A random surface of one of `formats`: any target (depth/stencil 2D only, block-compressed never
// 1D), up to 700x500, 3D depth up to max_depth, arrays and cube arrays, random level counts,
// sometimes MSAA for single-level 2D.
inline SurfaceTemplate random_template(std::mt19937& rng, std::span<const formats::Format> formats, uint32_t max_depth) {
  const formats::Format f = formats[rng() % formats.size()];
  const formats::FormatDesc& d = formats::describe(f);
  const bool zs = d.colorspace == formats::Colorspace::ZS;
  TextureTarget target = zs ? TextureTarget::TEXTURE_2D : kTargets[rng() % std::size(kTargets)];
  if (d.block_width > 1 && (target == TextureTarget::TEXTURE_1D || target == TextureTarget::TEXTURE_1D_ARRAY))
    target = TextureTarget::TEXTURE_2D;
  const bool cube = target == TextureTarget::TEXTURE_CUBE || target == TextureTarget::TEXTURE_CUBE_ARRAY;
  uint32_t w = 1 + rng() % 700, h = 1 + rng() % 500;
  if (target == TextureTarget::TEXTURE_1D || target == TextureTarget::TEXTURE_1D_ARRAY) h = 1;
  if (cube) h = w;
  const uint32_t depth = target == TextureTarget::TEXTURE_3D ? 1 + rng() % max_depth : 1;
  uint32_t layers = 1;
  if (target == TextureTarget::TEXTURE_CUBE) layers = 6;
  if (target == TextureTarget::TEXTURE_CUBE_ARRAY) layers = 6 * (1 + rng() % 2);
  if (target == TextureTarget::TEXTURE_1D_ARRAY || target == TextureTarget::TEXTURE_2D_ARRAY) layers = 1 + rng() % 5;
  const uint32_t max_levels = std::bit_width(std::max({w, h, depth}));
  const uint32_t levels = target == TextureTarget::TEXTURE_RECT ? 1 : 1 + rng() % max_levels;
  uint32_t samples = 1;
  if (target == TextureTarget::TEXTURE_2D && levels == 1 && rng() % 4 == 0) samples = 1u << (1 + rng() % 3);
  return tmpl(target, f, w, h, depth, layers, levels, samples);
}

inline std::string describe_template(const char* chip, const SurfaceTemplate& t) {
  return std::string(chip) + " " + formats::describe(t.format).name + " " + texture_target_name(t.target) + " " +
         std::to_string(t.width) + "x" + std::to_string(t.height) + "x" + std::to_string(t.depth) + " layers " +
         std::to_string(t.array_size) + " levels " + std::to_string(t.levels) + " samples " + std::to_string(t.samples);
}

}  // namespace glvk::amd::testing
