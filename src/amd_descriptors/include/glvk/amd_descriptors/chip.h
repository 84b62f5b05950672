// The chip description every encoder takes as an explicit argument (never a global): GFX6-8
// chips carry the kernel's tile tables, GFX9 chips their GB_ADDR_CONFIG.
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
  // GFX9: GB_ADDR_CONFIG as the kernel programs it (pipes, banks, shader engines, RBs per engine:
  // the addrlib Gfx9Lib inputs); 0 on GFX6-8, whose tiling lives in the tile tables below.
  uint32_t gb_addr_config;
  // GB_TILE_MODEn[32] and GB_MACROTILE_MODEn[16] as the kernel programs them (tile_modes.txt).
  // GFX6 tile modes use the GFX6 GB_TILE_MODEn layout (bank parameters inside) and have no
  // macrotile table (empty span).
  std::span<const uint32_t> tile_mode_array;
  std::span<const uint32_t> macrotile_mode_array;
  bool has_etc = false;  // ETC2/EAC sampling (radeon_info::has_etc_support; chips.txt's etc column)
};

std::span<const Chip> all_chips();
const Chip* find_chip(std::string_view name);  // nullptr when unknown

}  // namespace glvk::amd
