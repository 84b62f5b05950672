// The chip description every encoder takes as an explicit argument (never a global).
#pragma once

#include <glvk/amd_descriptors/register_db.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace glvk::amd {

struct Chip {
  const char* name;    // "tonga"
  const char* family;  // "TONGA"
  GfxLevel gfx_level;
  uint32_t num_tile_pipes;         // as Mesa's radeon_info::num_tile_pipes
  uint32_t pipe_interleave_bytes;  // GB_ADDR_CONFIG.PIPE_INTERLEAVE_SIZE in bytes
  uint32_t num_shader_engines;
  bool has_dedicated_vram;         // false on APUs (DCC min compressed block size)
  uint32_t max_dimension;          // largest 2D texture / render target width or height
  // GB_TILE_MODEn[32] and GB_MACROTILE_MODEn[16] as the kernel programs them (tile_modes.txt,
  // GFX7+ layout); empty for the GFX6 chips, whose CB/DB registers take tile indices only.
  std::span<const uint32_t> tile_mode_array;
  std::span<const uint32_t> macrotile_mode_array;
};

std::span<const Chip> all_chips();
const Chip* find_chip(std::string_view name);  // nullptr when unknown

}  // namespace glvk::amd
