// Surface layout (the ac_surface / addrlib role). GFX6-8: how radeonsi lays out a texture's mip
// levels in linear-aligned, 1D-tiled-thin and 2D-tiled-thin modes, which GB_TILE_MODEn index each
// level uses, and the macro-tile parameters of 2D levels. GFX9 (surface_gfx9.cpp): the swizzle mode
// addrlib's Gfx9Lib prefers for radeonsi's request, the swizzle block, the mip chain with its mip
// tail, the element pitch. Written from facts; a chip is an argument.
#pragma once

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/result.h>
#include <glvk/formats/format.h>
#include <glvk/formats/texture_target.h>

#include <cstdint>
#include <vector>

namespace glvk::amd {

// pipe_texture_target: what the state tracker asks for (MSAA comes from the sample count).
using TextureTarget = formats::TextureTarget;
const char* texture_target_name(TextureTarget target);  // "2d", "cube_array", ...
bool parse_texture_target(std::string_view name, TextureTarget* target);

// radeon_surf_mode of the legacy path.
enum class SurfaceMode : uint8_t { LINEAR_ALIGNED, TILED_1D, TILED_2D };
const char* surface_mode_name(SurfaceMode mode);

// The resource template (pipe_resource) the layout is computed from.
struct SurfaceTemplate {
  TextureTarget target = TextureTarget::TEXTURE_2D;
  formats::Format format = formats::Format::NONE;
  uint32_t width = 1, height = 1, depth = 1;  // texels; depth > 1 only for 3D
  uint32_t array_size = 1;                    // layers; 6 * cubes for cube (arrays)
  uint32_t levels = 1;
  uint32_t samples = 1;
  bool linear = false;   // PIPE_BIND_LINEAR
  bool staging = false;  // PIPE_USAGE_STAGING/STREAM: mapped often
  // GFX8 depth textures radeonsi makes sampleable in place (TC-compatible HTILE): the depth
  // tile index follows the unsplit tile size instead of the sample count.
  bool tc_compatible_htile = false;
  // RADEON_SURF_DISABLE_DCC (radeonsi's "nodcc" debug option): no DCC on GFX8.
  bool disable_dcc = false;
};

// si_choose_tiling: the mode radeonsi asks the allocator for (2D may still degrade per level).
SurfaceMode choose_tiling(const SurfaceTemplate& templ);

// legacy_surf_level: one mip level, covering all of its layers/slices.
struct SurfaceLevel {
  uint64_t offset = 0;      // bytes from the texture base
  uint64_t slice_size = 0;  // bytes of one layer (or 3D slice) of this level
  uint32_t nblk_x = 0, nblk_y = 0;  // padded size in elements (blocks)
  uint32_t nslices = 1;             // layers (arrays, cubes) or padded depth slices (3D)
  uint32_t pitch = 0;               // padded row length in pixels (nblk_x * block width)
  SurfaceMode mode = SurfaceMode::LINEAR_ALIGNED;
  uint32_t tile_mode_index = 0;     // GB_TILE_MODEn index (si_tile_mode_index)
};

// Macro-tile parameters of a 2D-tiled surface (from GB_TILE_MODEn on GFX6, GB_MACROTILE_MODEn on GFX7+).
struct MacroTileInfo {
  uint32_t pipe_config = 0;  // regs::PipeConfig of the tile mode
  uint32_t num_pipes = 0, bank_width = 0, bank_height = 0, macro_aspect = 0, num_banks = 0;
  uint32_t tile_split_bytes = 0;
  uint32_t macro_tile_index = 0;  // GB_MACROTILE_MODEn index (GFX7+)
  uint32_t width = 0, height = 0; // macro-tile size in elements
};

// The metadata surfaces ac_surface computes beside the legacy layout (sizes in bytes; size 0:
// the surface has none). Whether radeonsi allocates them is its texture code's choice.
struct CmaskInfo {  // ac_compute_cmask: colour, non-linear, single-sampled or with FMASK
  uint64_t size = 0, slice_size = 0;
  uint32_t alignment = 0, slice_tile_max = 0;
  // MSAA: the CMASK lives in the texture's buffer after the FMASK (ac_surface's cmask_offset);
  // single-sampled CMASK is a separate buffer radeonsi allocates on the first fast clear (0 here).
  uint64_t offset = 0;
};
// FMASK of a multisampled colour surface (AddrComputeFmaskInfo on GFX6-8, Addr2ComputeFmaskInfo on
// GFX9, as ac_surface asks for them): a 2D-tiled surface holding, per pixel, the fragment index of
// every sample (1 byte for 2 and 4 samples, 4 bytes for 8). size 0: none.
struct FmaskInfo {
  uint64_t offset = 0;  // in the texture's buffer, after the colour surface
  uint64_t size = 0, slice_size = 0;
  uint32_t alignment = 0;
  uint32_t bpe = 0;                // bytes per pixel
  uint32_t pitch = 0, height = 0;  // padded, in pixels
  uint32_t slices = 0;
  // GFX6-8: GB_TILE_MODEn index, bank height (CB_COLORn_ATTRIB.FMASK_BANK_HEIGHT = log2 on GFX6),
  // SLICE_TILE_MAX (pitch * height / 64 - 1) and the macro-tile parameters it was laid out with.
  uint32_t tile_mode_index = 0, bank_height = 0, slice_tile_max = 0;
  MacroTileInfo macro;
  // GFX9: the Z swizzle mode and the element pitch - 1 (SQ_IMG_RSRC_WORD4.PITCH).
  uint32_t swizzle_mode = 0, epitch = 0;
};
struct HtileInfo {  // AddrComputeHtileInfo for a 2D depth level 0 (8x8 blocks, 32 bits each)
  uint64_t size = 0, slice_size = 0;
  uint32_t alignment = 0, pitch = 0, height = 0;  // pitch/height: the padded HTILE extent in pixels
};
struct DccInfo {  // GFX8 AddrComputeDccInfo per 2D level while the previous level allows it
  uint64_t size = 0;
  uint32_t alignment = 0;
  uint32_t num_levels = 0;             // levels with DCC
  std::vector<uint64_t> level_offset;  // byte offset of each DCC level's keys
};

// GFX9 layout of a surface (Addr2ComputeSurfaceInfo's output as ac_surface keeps it).
struct Gfx9Level {
  uint32_t pitch = 0, height = 0, depth = 1;       // padded level size in elements (GetMipChainInfo)
  uint32_t start_x = 0, start_y = 0, start_z = 0;  // position in the mip chain, in swizzle blocks
                                                   // (linear: start_y is the level's first row)
  bool in_tail = false;                            // shares the mip-tail block
  uint32_t mip_tail_offset = 0;                    // bytes inside the tail block
};
struct Gfx9Plane {
  uint32_t swizzle_mode = 0;  // regs::SwizzleMode
  uint32_t epitch = 0;        // SQ_IMG_RSRC_WORD4.PITCH / DB_Z_INFO2.EPITCH: element pitch - 1, or the
                              // mip-chain height - 1 when epitch_is_height
  bool epitch_is_height = false;
  uint32_t block_width = 0, block_height = 0, block_depth = 1;  // swizzle block in elements
  uint32_t pitch = 0, height = 0, slices = 0;                    // mip 0 padded (elements)
  uint32_t mip_chain_pitch = 0, mip_chain_height = 0, mip_chain_slices = 0;
  uint64_t slice_size = 0;   // bytes of one layer: the whole mip chain, every fragment
  uint64_t size = 0;
  uint32_t alignment = 0;
  uint32_t first_mip_in_tail = 0;  // levels >= this live in the mip tail
  bool mip_chain_in_tail = false;
  std::vector<Gfx9Level> level;
};
struct Gfx9Surface {
  uint32_t resource_type = 1;  // regs::ResourceType: 2D (1D textures too: GFX9 has no 1D depth) or 3D
  Gfx9Plane surf;              // colour / depth (or the 8-bit plane of a stencil-only format)
  Gfx9Plane stencil;           // the separate stencil plane (depth+stencil and stencil-only formats)
  // CMASK fast clear uses the FMASK swizzle even without FMASK: the surface mode's Z sibling.
  uint32_t fmask_swizzle_mode = 0;
  // The CMASK alignment flags ac_surface asks addrlib for (non-linear colour surfaces): they land in
  // CB_COLORn_ATTRIB.RB_ALIGNED/PIPE_ALIGNED when there is no DCC.
  bool cmask_rb_aligned = false, cmask_pipe_aligned = false;
};

struct Surface {
  uint32_t bpe = 0;                   // bytes per element (block) of the main surface
  uint32_t block_width = 1, block_height = 1;
  bool is_depth = false, has_stencil = false, is_stencil_only = false;
  SurfaceMode mode = SurfaceMode::LINEAR_ALIGNED;  // mode of level 0
  std::vector<SurfaceLevel> level;
  std::vector<SurfaceLevel> stencil_level;         // separate stencil of depth+stencil formats
  MacroTileInfo macro;                             // valid when level 0 is 2D tiled
  MacroTileInfo stencil_macro;
  uint64_t stencil_offset = 0;                     // start of the stencil surface
  uint64_t total_size = 0;                         // the data surface (ac_surface's surf_size)
  uint32_t alignment = 0;                          // base alignment in bytes
  // The buffer radeonsi allocates (ac_surface's total_size): the data surface, then the FMASK and
  // the CMASK of MSAA colour surfaces; its alignment covers theirs.
  uint64_t allocation_size = 0;
  uint32_t allocation_alignment = 0;
  FmaskInfo fmask;
  CmaskInfo cmask;
  HtileInfo htile;
  DccInfo dcc;
  // GFX9 only (gfx9.surf.level is empty on GFX6-8). On GFX9 `level[i]` holds each mip's offset in
  // layer 0 (linear: the row-stacked chain; tiled: its swizzle block plus its mip-tail offset), its
  // padded size in elements and, as slice_size, the layer stride of the whole chain.
  Gfx9Surface gfx9;
};

// CMASK of a colour surface whose level 0 is nblk_x x nblk_y elements with `layers` layers.
CmaskInfo compute_cmask(const Chip& chip, uint32_t nblk_x, uint32_t nblk_y, uint32_t layers);
// Fills surface->cmask/htile/dcc from the laid-out levels (compute_surface calls it).
void compute_metadata(const Chip& chip, const SurfaceTemplate& templ, Surface* surface);

// FMASK of a laid-out MSAA colour surface (surface_fmask.cpp), and the placement ac_surface gives the
// MSAA metadata in the texture's buffer: FMASK after the data, CMASK after the FMASK.
FmaskInfo compute_fmask_legacy(const Chip& chip, const SurfaceTemplate& templ, const Surface& surface);
Result<FmaskInfo> compute_fmask_gfx9(const Chip& chip, const SurfaceTemplate& templ);
void place_buffer_metadata(Surface* surface);
// FMASK bits per sample-index entry (addrlib's fmask bpp: max(8, bits(fragments) * samples) per pixel).
uint32_t fmask_bytes_per_pixel(uint32_t samples);

// Element size, block size and depth/stencil flags of a format's surface (every generation).
Surface surface_element_facts(const formats::FormatDesc& desc);

// GFX9 swizzle-mode preference (Gfx9Lib::HwlGetPreferredSurfaceSetting as ac_surface calls it: no
// 256B, VAR or linear blocks, opt4space) for a plane; exposed for tests. Errors when no mode fits.
struct Gfx9Request {
  uint32_t bpe = 4;  // bytes per element
  uint32_t width = 1, height = 1, slices = 1, levels = 1, samples = 1;  // elements
  bool is_3d = false, color = true, depth = false, stencil = false, texture = true;
  bool compressed = false;  // block-compressed format (elements are 4x4 blocks)
  bool fmask = false;       // the FMASK of an MSAA surface: Z modes only
};
Result<uint32_t> gfx9_preferred_swizzle_mode(const Chip& chip, const Gfx9Request& request);
// Gfx9Lib::HwlComputeSurfaceInfoTiled / Linear for one plane with a given swizzle mode.
Result<Gfx9Plane> gfx9_compute_plane(const Chip& chip, const Gfx9Request& request, uint32_t swizzle_mode);
const char* swizzle_mode_name(uint32_t swizzle_mode);  // "SW_64KB_D_X"
// GFX9 part of compute_surface (called by it for GFX9 chips after the common checks).
Result<Surface> compute_surface_gfx9(const Chip& chip, const SurfaceTemplate& templ, SurfaceMode mode);

// Computes the layout; errors for unknown formats, sizes beyond the chip's limits, GFX6-8 chips
// without tile tables, and formats the legacy path cannot lay out (planar/YUV).
Result<Surface> compute_surface(const Chip& chip, const SurfaceTemplate& templ);
// Same, forcing a mode (e.g. LINEAR_ALIGNED for transfer resources) instead of choose_tiling().
Result<Surface> compute_surface(const Chip& chip, const SurfaceTemplate& templ, SurfaceMode mode);

}  // namespace glvk::amd
