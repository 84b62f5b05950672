// Colour-buffer and depth/stencil register state for GFX6-9 (radeonsi's si_initialize_color_surface
// + si_init_depth_surface + si_emit_framebuffer_state roles, seed 002) and DB_RENDER_CONTROL
// (si_emit_db_render_state, seed 003); the GFX9 encoders live in framebuffer_gfx9.cpp. Pure functions of explicit state: a chip description and a
// surface description in, register values out; emit_* append them to a ShadowStream.
#pragma once

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/pm4.h>
#include <glvk/amd_descriptors/result.h>
#include <glvk/formats/format.h>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace glvk::amd {

// ---------------------------------------------------------------- formats

// si_translate_colorformat: CB_COLORn_INFO.FORMAT of a format, COLOR_INVALID when the CB cannot
// render it (not plain, mixed channel types, or a channel layout the CB lacks).
uint32_t translate_colorformat(const formats::FormatDesc& desc);
// si_translate_colorswap (little-endian, no endian swap): CB_COLORn_INFO.COMP_SWAP, nullopt when none fits.
std::optional<uint32_t> translate_colorswap(const formats::FormatDesc& desc);
// CB_COLORn_INFO.NUMBER_TYPE from the first non-void channel (sRGB, snorm/sint, unorm/uint, float).
uint32_t color_number_type(const formats::FormatDesc& desc);

// What CB_COLORn_INFO/ATTRIB need to know about a colour format.
struct CbFormat {
  uint32_t format;       // regs::ColorFormat
  uint32_t number_type;  // regs::ColorNumberType
  uint32_t comp_swap;    // regs::ColorCompSwap
  bool force_dst_alpha_1;  // format has no alpha (swizzle A = 1) or is an intensity format
  uint32_t bytes_per_element;
};
// The CB view of a format; an error names the format when the CB cannot render it.
Result<CbFormat> cb_format(const formats::FormatDesc& desc);

// ---------------------------------------------------------------- colour buffers

// One bound colour target: the texture level as the legacy surface layout laid it out.
struct ColorSurface {
  CbFormat format;
  uint64_t va = 0;            // texture base address (256-byte aligned)
  uint64_t level_offset = 0;  // byte offset of the bound level (legacy_surf_level::offset)
  uint32_t level = 0;
  uint32_t nblk_x = 0, nblk_y = 0;  // padded level size in elements, multiples of 8
  uint32_t tile_mode_index = 0;     // GB_TILE_MODEn index of the level
  bool macro_tiled = false;         // level is 2D tiled: the tile swizzle applies
  uint32_t tile_swizzle = 0;
  uint32_t first_layer = 0, last_layer = 0;
  uint32_t num_samples = 1;
  // CMASK (fast clear); cmask_va == 0: none, the CMASK register then holds the texture base.
  uint64_t cmask_va = 0;
  uint32_t cmask_slice_tile_max = 0;
  // FMASK (MSAA); fmask_va == 0: none, FMASK takes the colour base and colour tiling. Its own
  // tile swizzle (radeon_surf::fmask_tile_swizzle, an input like the colour's) is ORed into it.
  uint64_t fmask_va = 0;
  uint32_t fmask_tile_swizzle = 0;
  uint32_t fmask_tile_mode_index = 0;
  uint32_t fmask_pitch_tile_max = 0;
  uint32_t fmask_slice_tile_max = 0;
  uint32_t fmask_bank_height = 0;  // log2
  uint64_t dcc_va = 0;             // GFX8 only; 0 = no DCC
  std::array<uint32_t, 2> clear_words = {0, 0};
  // GFX9 (the hardware walks the mips from the texture's description): swizzle modes, the element
  // pitch, the mip-0 size and layer count, the last level and the metadata alignment flags.
  uint32_t swizzle_mode = 0, fmask_swizzle_mode = 0, epitch = 0;
  uint32_t resource_type = 1;  // regs::ResourceType
  uint32_t mip0_width = 0, mip0_height = 0, mip0_last_layer = 0, max_mip = 0;
  bool rb_aligned = false, pipe_aligned = false;
};

// GFX6-8 use base..dcc_base (pitch/slice/cmask_slice/fmask_slice); GFX9 uses base, base_ext,
// attrib2 (in PITCH/SLICE's places), view..cmask, cmask_base_ext, fmask, fmask_base_ext, the clear
// words, dcc_base, dcc_base_ext and CB_MRTn_EPITCH.
struct ColorBufferRegisters {
  uint32_t base, pitch, slice, view, info, attrib, dcc_control, cmask, cmask_slice, fmask, fmask_slice,
      clear_word0, clear_word1, dcc_base;
  uint32_t base_ext, attrib2, cmask_base_ext, fmask_base_ext, dcc_base_ext, mrt_epitch;
};

Result<ColorBufferRegisters> encode_color_buffer(const Chip& chip, const ColorSurface& surface);
Result<ColorBufferRegisters> encode_color_buffer_gfx9(const Chip& chip, const ColorSurface& surface);
// si_initialize_color_surface's CB_COLORn_INFO of a format (every generation) and the GFX8+
// CB_COLORn_DCC_CONTROL of a surface.
uint32_t cb_color_info(const CbFormat& format);
uint32_t cb_dcc_control(const Chip& chip, const ColorSurface& surface);
// The CMASK slice size radeonsi computes for a colour surface (CB_COLORn_CMASK_SLICE.TILE_MAX):
// 128x128-pixel blocks of the surface padded to the chip's CMASK cache-line footprint, minus one.
uint32_t cmask_slice_tile_max(const Chip& chip, uint32_t nblk_x, uint32_t nblk_y);

// The SET_CONTEXT_REG runs si_emit_framebuffer_state writes for a colour / depth buffer, in order
// (the emit functions write them; the shadow check compares them).
struct RegisterRun {
  uint32_t offset;
  std::vector<uint32_t> values;
};
std::vector<RegisterRun> color_buffer_runs(GfxLevel level, unsigned index, const ColorBufferRegisters& regs);

// si_emit_framebuffer_state for one colour buffer: one SET_CONTEXT_REG from CB_COLORn_BASE
// (13 registers on GFX6-7, 14 on GFX8, 15 on GFX9 followed by CB_MRTn_EPITCH).
Status emit_color_buffer(pm4::ShadowStream& stream, unsigned index, const ColorBufferRegisters& regs);
// An unbound slot: CB_COLORn_INFO = COLOR_INVALID.
Status emit_color_buffer_unbound(pm4::ShadowStream& stream, unsigned index);

// CB_TARGET_MASK: 4 write-enable bits per target (R = bit 0).
Result<uint32_t> encode_cb_target_mask(const std::array<uint8_t, 8>& write_masks);
// CB_COLOR_CONTROL: MODE (CB_NORMAL, or CB_DISABLE with no colour buffer) and ROP3 (copy, or the
// logic op when enabled: ROP3 = func | func << 4 with the 4-bit PIPE_LOGICOP function).
Result<uint32_t> encode_cb_color_control(bool color_enabled, std::optional<uint32_t> logicop_func);

// ---------------------------------------------------------------- depth/stencil

// si_translate_dbformat: DB_Z_INFO.FORMAT of a depth format; Z_INVALID when the DB cannot use it.
uint32_t translate_dbformat(const formats::FormatDesc& desc);

struct DepthSurface {
  uint32_t z_format = 0;  // regs::ZFormat
  bool has_stencil = false;
  uint64_t va = 0;
  uint64_t z_level_offset = 0, stencil_level_offset = 0;
  uint32_t nblk_x = 0, nblk_y = 0;  // multiples of 8
  uint32_t first_layer = 0, last_layer = 0;
  uint32_t num_samples = 1;
  uint32_t tile_mode_index = 0, stencil_tile_mode_index = 0;
  uint32_t macro_tile_index = 0;  // GFX7+: GB_MACROTILE_MODEn index
  uint64_t htile_va = 0;          // 0 = no HTILE
  float depth_clear_value = 0.0f;
  uint32_t stencil_clear_value = 0;
  // GFX9: the planes' swizzle modes and element pitches, the mip-0 size and the last level, and
  // the bound level (DB_DEPTH_VIEW.MIPID; the bases stay the planes').
  uint32_t swizzle_mode = 0, stencil_swizzle_mode = 0, epitch = 0, stencil_epitch = 0;
  uint32_t mip0_width = 0, mip0_height = 0, max_mip = 0, level = 0;
};

// GFX9 adds the _HI bases, DB_HTILE_DATA_BASE_HI and DB_Z_INFO2/DB_STENCIL_INFO2 (no DB_DEPTH_INFO
// or DB_DEPTH_SLICE; DB_DEPTH_SIZE holds X_MAX/Y_MAX).
struct DepthBufferRegisters {
  uint32_t htile_data_base, depth_info, z_info, stencil_info, z_read_base, stencil_read_base, z_write_base,
      stencil_write_base, depth_size, depth_slice, stencil_clear, depth_clear, depth_view, htile_surface;
  uint32_t htile_data_base_hi, z_read_base_hi, stencil_read_base_hi, z_write_base_hi, stencil_write_base_hi,
      z_info2, stencil_info2;
};

Result<DepthBufferRegisters> encode_depth_buffer(const Chip& chip, const DepthSurface& surface);
Result<DepthBufferRegisters> encode_depth_buffer_gfx9(const Chip& chip, const DepthSurface& surface);
std::vector<RegisterRun> depth_buffer_runs(GfxLevel level, const DepthBufferRegisters& regs);
Status emit_depth_buffer(pm4::ShadowStream& stream, const DepthBufferRegisters& regs);
// No depth buffer bound: DB_Z_INFO = Z_INVALID, DB_STENCIL_INFO = STENCIL_INVALID.
Status emit_depth_buffer_unbound(pm4::ShadowStream& stream);

// si_emit_db_render_state's DB_RENDER_CONTROL: the DB->CB copy of seed 003 (depth/stencil read
// back through a colour target) wins over in-place decompression, which wins over fast clears.
struct DbRenderState {
  bool depth_copy = false, stencil_copy = false;
  uint32_t copy_sample = 0;
  bool flush_depth_inplace = false, flush_stencil_inplace = false;
  bool depth_clear = false, stencil_clear = false;
};
Result<uint32_t> encode_db_render_control(const DbRenderState& state);

// ---------------------------------------------------------------- framebuffer

Result<uint32_t> encode_window_scissor_br(const Chip& chip, uint32_t width, uint32_t height);

struct FramebufferState {
  uint32_t width = 0, height = 0;
  unsigned nr_cbufs = 0;
  std::array<std::optional<ColorBufferRegisters>, 8> cbufs;  // nullopt inside nr_cbufs: unbound slot
  std::optional<DepthBufferRegisters> zsbuf;
  unsigned previous_nr_cbufs = 0;  // slots beyond nr_cbufs up to this are disabled (INFO = 0)
};
// si_emit_framebuffer_state: colour buffers, depth buffer, PA_SC_WINDOW_SCISSOR_BR.
Status emit_framebuffer_state(pm4::ShadowStream& stream, const FramebufferState& state);

// The colour / depth buffer a level and layer range of a laid-out texture is bound as
// (si_initialize_color_surface / si_init_depth_surface inputs, from the legacy surface layout). An
// MSAA colour texture binds its FMASK and its in-buffer CMASK (radeonsi allocates both with it).
Result<ColorSurface> color_surface_from_texture(const Chip& chip, const Texture& texture, uint32_t level,
                                                uint32_t first_layer, uint32_t last_layer);
Result<DepthSurface> depth_surface_from_texture(const Chip& chip, const Texture& texture, uint32_t level,
                                                uint32_t first_layer, uint32_t last_layer);

}  // namespace glvk::amd
