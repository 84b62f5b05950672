// FMASK of multisampled colour surfaces, as ac_surface asks addrlib for it (re-derived from the
// documented behaviour of AddrComputeFmaskInfo / Addr2ComputeFmaskInfo):
//  - an FMASK pixel holds a fragment index per sample: log2(fragments) bits each (3 rounds up to
//    4), at least a byte: 1 byte for 2 and 4 samples, 4 bytes for 8;
//  - GFX6-8: a 2D-thin, non-displayable surface over the colour surface's padded pitch and its
//    unpadded height. GFX6 takes the tile-table entry of the FMASK pixel size (8 bits: 14, 32 bits:
//    16) with that entry's bank parameters; GFX7-8 take entry 14 and the macro mode of the tile
//    bytes of one FMASK "sample" (64 pixels x the pixel size, never under 64 bytes; the split
//    max(256, SAMPLE_SPLIT x that), at most the row). The bank height is then widened until a pipe
//    interleave fills whole tiles (tile = min(split, 64 x pixel size)); samples > 1, so the aspect
//    stays; the pitch and height pad to the macro tile, the base aligns to pipes x bank width x
//    banks x bank height x tile bytes;
//  - GFX9: a single-sampled 2D surface of the FMASK pixel size in the Z swizzle mode Gfx9Lib
//    prefers (4KB or 64KB by the usual 3:2 size rule, the _X sibling), without the pipe padding of
//    texture-readable surfaces (the FMASK request carries no texture flag);
//  - ac_surface's buffer layout: the FMASK after the data surface on its alignment, the CMASK of an
//    MSAA surface after the FMASK (single-sampled CMASK is a separate buffer).
#include <glvk/amd_descriptors/surface.h>

#include <algorithm>
#include <bit>

namespace glvk::amd {

namespace {

constexpr uint32_t kRowSizeBytes = 2048;  // DRAM row of every listed GFX6-8 chip
constexpr uint32_t kMicroTilePixels = 64;

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// The bank parameters of a GFX6 tile-table entry (they live in GB_TILE_MODEn there).
void gfx6_bank_fields(const Chip& chip, uint32_t index, MacroTileInfo* m, uint32_t* tile_split) {
  namespace T = regs::GB_TILE_MODEn_GFX6;
  const uint32_t dword = chip.tile_mode_array[index];
  m->pipe_config = T::PIPE_CONFIG.decode(dword);
  m->bank_width = 1u << T::BANK_WIDTH.decode(dword);
  m->bank_height = 1u << T::BANK_HEIGHT.decode(dword);
  m->macro_aspect = 1u << T::MACRO_TILE_ASPECT.decode(dword);
  m->num_banks = 2u << T::NUM_BANKS.decode(dword);
  *tile_split = 64u << T::TILE_SPLIT.decode(dword);
}

// GFX7-8: the macro mode of the FMASK's tile bytes, and the colour split those bytes give.
void gfx7_bank_fields(const Chip& chip, uint32_t index, uint32_t bytes_per_pixel, MacroTileInfo* m,
                      uint32_t* tile_split) {
  namespace T = regs::GB_TILE_MODEn_GFX7;
  namespace M = regs::GB_MACROTILE_MODEn;
  const uint32_t dword = chip.tile_mode_array[index];
  m->pipe_config = T::PIPE_CONFIG.decode(dword);
  const uint32_t tile_bytes_1x = kMicroTilePixels * bytes_per_pixel;
  const uint32_t sample_split = 1u << T::SAMPLE_SPLIT.decode(dword);
  *tile_split = std::min(kRowSizeBytes, std::max(256u, sample_split * tile_bytes_1x));
  const uint32_t tile_bytes = std::max(64u, std::min(*tile_split, tile_bytes_1x));
  m->macro_tile_index = static_cast<uint32_t>(std::countr_zero(tile_bytes / 64));
  const uint32_t macro = chip.macrotile_mode_array[m->macro_tile_index];
  m->bank_width = 1u << M::BANK_WIDTH.decode(macro);
  m->bank_height = 1u << M::BANK_HEIGHT.decode(macro);
  m->macro_aspect = 1u << M::MACRO_TILE_ASPECT.decode(macro);
  m->num_banks = 2u << M::NUM_BANKS.decode(macro);
}

}  // namespace

uint32_t fmask_bytes_per_pixel(uint32_t samples) {
  uint32_t bits = static_cast<uint32_t>(std::countr_zero(samples));
  if (bits == 3) bits = 4;
  return std::max(8u, bits * samples) / 8;
}

FmaskInfo compute_fmask_legacy(const Chip& chip, const SurfaceTemplate& t, const Surface& s) {
  FmaskInfo f;
  // radeonsi's colour surfaces store at most 8 samples; GFX6-8 addrlib has no 16-fragment FMASK.
  if (t.samples < 2 || t.samples > 8 || s.is_depth || s.is_stencil_only || s.level.empty() ||
      s.level[0].mode != SurfaceMode::TILED_2D || chip.tile_mode_array.size() != 32)
    return f;
  f.bpe = fmask_bytes_per_pixel(t.samples);
  MacroTileInfo& m = f.macro;
  uint32_t tile_split = 0;
  if (chip.gfx_level == GfxLevel::GFX6) {
    // The non-displayable 2D entry of the FMASK's pixel size (8/16/32/64 bits: 14..17).
    f.tile_mode_index = 14 + static_cast<uint32_t>(std::countr_zero(f.bpe));
    gfx6_bank_fields(chip, f.tile_mode_index, &m, &tile_split);
  } else {
    f.tile_mode_index = 14;  // the only 2D-thin non-displayable entry
    gfx7_bank_fields(chip, f.tile_mode_index, f.bpe, &m, &tile_split);
  }
  m.num_pipes = chip.num_tile_pipes;  // the pipe count of the 2D colour entries (chips.txt)
  m.tile_split_bytes = tile_split;
  const uint32_t tile_size = std::min(tile_split, kMicroTilePixels * f.bpe);
  const uint32_t interleave = chip.pipe_interleave_bytes;
  uint32_t bank_height_align = std::max(1u, interleave / (tile_size * m.bank_width));
  m.bank_height = std::max(m.bank_height, bank_height_align);
  // Bank width, then bank height, shrink while a bank's tiles exceed a DRAM row.
  if (tile_size * m.bank_width * m.bank_height > kRowSizeBytes) {
    while (m.bank_width > 1 && tile_size * m.bank_width * m.bank_height > kRowSizeBytes) m.bank_width >>= 1;
    bank_height_align = std::max(1u, interleave / (tile_size * m.bank_width));
    while (m.bank_height > bank_height_align && tile_size * m.bank_width * m.bank_height > kRowSizeBytes)
      m.bank_height = std::max(bank_height_align, m.bank_height >> 1);
  }
  m.width = 8 * m.bank_width * m.num_pipes * m.macro_aspect;
  m.height = 8 * m.bank_height * m.num_banks / m.macro_aspect;
  f.bank_height = m.bank_height;
  f.pitch = static_cast<uint32_t>(align_up(s.level[0].pitch, m.width));
  f.height = static_cast<uint32_t>(align_up(t.height, m.height));
  f.slices = t.array_size;
  f.slice_size = uint64_t(f.pitch) * f.height * f.bpe;
  f.size = f.slice_size * f.slices;
  f.alignment = m.num_pipes * m.bank_width * m.num_banks * m.bank_height * tile_size;
  const uint64_t tiles = uint64_t(f.pitch) * f.height / 64;
  f.slice_tile_max = tiles ? static_cast<uint32_t>(tiles - 1) : 0;
  return f;
}

Result<FmaskInfo> compute_fmask_gfx9(const Chip& chip, const SurfaceTemplate& t) {
  FmaskInfo f;
  if (t.samples < 2 || t.samples > 8) return f;
  Gfx9Request r;
  r.bpe = fmask_bytes_per_pixel(t.samples);
  r.width = t.width;
  r.height = t.height;
  r.slices = t.array_size;
  r.color = false;
  r.texture = false;
  r.fmask = true;
  Result<uint32_t> mode = gfx9_preferred_swizzle_mode(chip, r);
  if (!mode) return Error{mode.error()};
  Result<Gfx9Plane> plane = gfx9_compute_plane(chip, r, *mode);
  if (!plane) return Error{plane.error()};
  f.bpe = r.bpe;
  f.swizzle_mode = *mode;
  f.pitch = plane->pitch;
  f.height = plane->height;
  f.slices = r.slices;
  f.epitch = plane->pitch - 1;
  f.slice_size = plane->slice_size;
  f.size = plane->size;
  f.alignment = plane->alignment;
  return f;
}

void place_buffer_metadata(Surface* s) {
  uint64_t end = s->total_size;
  uint32_t alignment = s->alignment;
  if (s->fmask.size) {
    s->fmask.offset = align_up(end, s->fmask.alignment);
    end = s->fmask.offset + s->fmask.size;
    alignment = std::max(alignment, s->fmask.alignment);
    if (s->cmask.size) {  // an MSAA CMASK: in the texture's buffer
      s->cmask.offset = align_up(end, s->cmask.alignment);
      end = s->cmask.offset + s->cmask.size;
      alignment = std::max(alignment, s->cmask.alignment);
    }
  }
  s->allocation_size = end;
  s->allocation_alignment = alignment;
}

}  // namespace glvk::amd
