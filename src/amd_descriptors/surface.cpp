// GFX6-8 legacy surface layout. The rules (addrlib's EgBased/SI/CI libraries as radeonsi drives
// them through ac_surface, re-derived from their documented facts):
//  - linear aligned: pitch aligned to max(8, 64 / bpe) and widened until a slice holds a multiple
//    of max(64, pipe_interleave / bpe) elements; base on the pipe interleave;
//  - 1D thin: 8x8 micro tiles, pitch aligned to 8 and widened until a slice is a multiple of the
//    pipe interleave (and, for the depth plane of depth+stencil, until the 1-byte stencil slice is);
//  - 2D thin: pitch/height aligned to the macro tile (8 * bank_width * pipes * aspect by
//    8 * bank_height * banks / aspect elements), base to pipes * bank_width * banks *
//    bank_height * tile bytes (bank height and aspect widened so a pipe interleave fills whole
//    tiles); single-sampled level 0 becomes 1D when smaller than a macro tile or padded more
//    than 1.5x (MSAA never degrades), levels > 0 when smaller than a macro tile;
//  - mipmapped textures pad every level (level 0 too) to powers of two in width, height and
//    slices, and levels > 0 start from the base level's pitch >> level;
//  - a level holds all its layers (offset + layer * slice_size); levels follow each other, the
//    stencil plane follows the depth levels.
#include <glvk/amd_descriptors/surface.h>

#include <algorithm>
#include <bit>
#include <string>

namespace glvk::amd {

using formats::FormatDesc;
using formats::Layout;

namespace {

constexpr uint32_t kMicroTileWidth = 8, kMicroTileHeight = 8;
constexpr uint32_t kLinearPitchAlignmentBytes = 256;  // ac_surface's LINEAR_PITCH_ALIGNMENT

uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) / a * a; }
uint64_t align_up64(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
uint32_t next_pow2(uint32_t v) { return v <= 1 ? 1 : std::bit_ceil(v); }
uint32_t minify(uint32_t size, unsigned level) { return std::max(1u, size >> level); }

// Tile-mode indices radeonsi/addrlib pick for the GFX6-8 kernel tables (tile_modes.txt).
constexpr uint32_t kTileIndexLinearAligned = 8;
constexpr uint32_t kTileIndexColor1D = 13;
constexpr uint32_t kTileIndexColor2D = 14;  // GFX7+; GFX6 picks 14..17 by element size
constexpr uint32_t kTileIndexDepth1DGfx6 = 4;
constexpr uint32_t kTileIndexDepth1DGfx7 = 5;

struct TileModeFields {
  uint32_t array_mode, pipe_config, tile_split, bank_width, bank_height, macro_aspect, num_banks;
};

uint32_t pipes_of(uint32_t pipe_config) {
  using namespace regs::PipeConfig;
  if (pipe_config == ADDR_SURF_P2) return 2;
  if (pipe_config >= ADDR_SURF_P4_8x16 && pipe_config <= ADDR_SURF_P4_32x32) return 4;
  if (pipe_config >= ADDR_SURF_P8_16x16_8x16 && pipe_config <= ADDR_SURF_P8_32x64_32x32) return 8;
  return 16;
}

// The GB_TILE_MODEn dword of an index, decoded with the generated fields.
TileModeFields tile_mode_fields(const Chip& chip, uint32_t index) {
  const uint32_t dword = chip.tile_mode_array[index];
  TileModeFields f{};
  if (chip.gfx_level == GfxLevel::GFX6) {
    namespace T = regs::GB_TILE_MODEn_GFX6;
    f = {T::ARRAY_MODE.decode(dword), T::PIPE_CONFIG.decode(dword), T::TILE_SPLIT.decode(dword),
         T::BANK_WIDTH.decode(dword), T::BANK_HEIGHT.decode(dword), T::MACRO_TILE_ASPECT.decode(dword),
         T::NUM_BANKS.decode(dword)};
  } else {
    namespace T = regs::GB_TILE_MODEn_GFX7;
    f.array_mode = T::ARRAY_MODE.decode(dword);
    f.pipe_config = T::PIPE_CONFIG.decode(dword);
    f.tile_split = T::TILE_SPLIT.decode(dword);
  }
  return f;
}

uint32_t sample_split_of(const Chip& chip, uint32_t index) {
  return 1u << regs::GB_TILE_MODEn_GFX7::SAMPLE_SPLIT.decode(chip.tile_mode_array[index]);
}

// 2D tile-mode index of a surface (addrlib's choice for the kernel tables).
uint32_t tile_index_2d(const Chip& chip, bool depth_or_stencil, uint32_t bpe, uint32_t samples) {
  if (depth_or_stencil) {
    // Depth and stencil share one index so that they get the same macro mode; by sample count.
    return samples >= 8 ? 2 : samples >= 2 ? 1 : 0;
  }
  if (chip.gfx_level == GfxLevel::GFX6) return bpe <= 1 ? 14 : bpe == 2 ? 15 : bpe == 4 ? 16 : 17;
  return kTileIndexColor2D;
}

uint32_t tile_index_1d(const Chip& chip, bool depth_or_stencil) {
  if (!depth_or_stencil) return kTileIndexColor1D;
  return chip.gfx_level == GfxLevel::GFX6 ? kTileIndexDepth1DGfx6 : kTileIndexDepth1DGfx7;
}

// DRAM row size of every listed chip (the kernel programs the "row" tile splits as 2KB).
constexpr uint32_t kRowSizeBytes = 2048;

MacroTileInfo macro_info(const Chip& chip, uint32_t tile_index, bool depth_or_stencil, uint32_t bpe,
                         uint32_t samples) {
  const TileModeFields f = tile_mode_fields(chip, tile_index);
  MacroTileInfo m;
  m.pipe_config = f.pipe_config;
  m.num_pipes = pipes_of(f.pipe_config);
  const uint32_t tile_bytes_1x = kMicroTileWidth * kMicroTileHeight * bpe;
  uint32_t split = 64u << f.tile_split;
  if (chip.gfx_level != GfxLevel::GFX6 && !depth_or_stencil)
    split = std::min(kRowSizeBytes, sample_split_of(chip, tile_index) * tile_bytes_1x);  // colour: sample split
  m.tile_split_bytes = split;
  const uint32_t tile_bytes = std::min(split, tile_bytes_1x * samples);
  if (chip.gfx_level == GfxLevel::GFX6) {
    m.bank_width = 1u << f.bank_width;
    m.bank_height = 1u << f.bank_height;
    m.macro_aspect = 1u << f.macro_aspect;
    m.num_banks = 2u << f.num_banks;
  } else {
    // GFX7+: the macro mode index is log2 of the tile bytes in 64-byte units.
    m.macro_tile_index = static_cast<uint32_t>(std::countr_zero(std::max(64u, tile_bytes) / 64));
    const uint32_t dword = chip.macrotile_mode_array[m.macro_tile_index];
    namespace M = regs::GB_MACROTILE_MODEn;
    m.bank_width = 1u << M::BANK_WIDTH.decode(dword);
    m.bank_height = 1u << M::BANK_HEIGHT.decode(dword);
    m.macro_aspect = 1u << M::MACRO_TILE_ASPECT.decode(dword);
    m.num_banks = 2u << M::NUM_BANKS.decode(dword);
  }
  // A bank's share of a pipe interleave must fill whole tiles: bank height at least
  // interleave / (tile bytes * bank width); single-sampled surfaces likewise widen the aspect
  // until pipes * bank width * aspect tiles cover an interleave.
  m.bank_height = std::max(m.bank_height, chip.pipe_interleave_bytes / (tile_bytes * m.bank_width));
  if (samples == 1)
    m.macro_aspect = std::max(m.macro_aspect, chip.pipe_interleave_bytes / (tile_bytes * m.num_pipes * m.bank_width));
  m.width = kMicroTileWidth * m.bank_width * m.num_pipes * m.macro_aspect;
  m.height = kMicroTileHeight * m.bank_height * m.num_banks / m.macro_aspect;
  return m;
}

// Levels > 0 also drop to 1D when a tile row cannot fill a pipe interleave.
bool mip_level_too_small_for_2d(const Chip& chip, const MacroTileInfo& m, uint32_t bpe, uint32_t samples) {
  const uint32_t bytes_per_tile =
      std::min(m.tile_split_bytes, kMicroTileWidth * kMicroTileHeight * std::bit_ceil(bpe) * samples);
  const uint32_t interleave = chip.pipe_interleave_bytes;
  return interleave > bytes_per_tile * m.num_pipes * m.bank_width * m.macro_aspect ||
         interleave > bytes_per_tile * m.bank_width * m.bank_height;
}

uint32_t base_alignment_2d(const MacroTileInfo& m, uint32_t bpe, uint32_t samples) {
  const uint32_t tile_bytes = std::min(m.tile_split_bytes, kMicroTileWidth * kMicroTileHeight * bpe * samples);
  return m.num_pipes * m.bank_width * m.num_banks * m.bank_height * tile_bytes;
}

struct PlaneRequest {
  uint32_t bpe, block_width, block_height;
  bool depth_or_stencil;
  bool depth_with_stencil;  // the depth plane of a depth+stencil surface (SiLib 1D pitch workaround)
  uint32_t tile_index_2d;   // GB_TILE_MODEn index of 2D levels
};

// SiLib::HwlGetSizeAdjustmentLinear: pitch aligned to max(8, 64 / bpe) elements, then widened
// until a slice holds a whole number of max(64, interleave / bpe) elements (rows are not padded).
uint32_t linear_pitch(const Chip& chip, uint32_t ex, uint32_t ey, uint32_t bpe, uint32_t samples) {
  const uint32_t pitch_align = std::max(8u, 64 / bpe);
  const uint32_t slice_align = std::max(64u, chip.pipe_interleave_bytes / bpe);
  uint32_t pitch = align_up(ex, pitch_align);
  while ((uint64_t(pitch) * ey * samples) % slice_align) pitch += pitch_align;
  return pitch;
}

// SiLib::HwlGetPitchAlignmentMicroTiled + HwlGetSizeAdjustmentMicroTiled: 1D pitch aligned to 8,
// then widened by 8 until a slice is a multiple of the pipe interleave (the 1D base alignment);
// the depth plane of a depth+stencil surface is widened again until the 1-byte stencil slice is too.
uint32_t micro_tiled_pitch(const Chip& chip, uint32_t ex, uint32_t nblk_y, uint32_t bpe, uint32_t samples,
                           bool depth_with_stencil) {
  const uint32_t base_align = chip.pipe_interleave_bytes;
  uint32_t pitch = align_up(ex, kMicroTileWidth);
  while ((uint64_t(pitch) * nblk_y * bpe * samples) % base_align) pitch += kMicroTileWidth;
  if (depth_with_stencil)
    while ((uint64_t(pitch) * nblk_y) % base_align) pitch += kMicroTileWidth;
  return pitch;
}

// Lib::DegradeTo1D (OptimizeTileMode, level 0 of single-sampled surfaces with opt4Space): 1D when
// the level is smaller than a macro tile or macro-tile padding costs more than 1.5x.
bool degrade_to_1d(uint32_t ex, uint32_t ey, const MacroTileInfo& m) {
  if (ex < m.width || ey < m.height) return true;
  const uint64_t padded = uint64_t(align_up(ex, m.width)) * align_up(ey, m.height);
  return 2 * padded > 3 * uint64_t(ex) * ey;
}

// Lib::OptimizeTileMode for level 0 (ac_surface sets opt4Space for single-sampled surfaces
// without TC-compatible HTILE; addrlib's disableLinearOpt is off on GFX6-8): a one-row colour
// level that is neither depth/stencil nor block-compressed becomes linear aligned whatever
// tiling was asked; otherwise a 2D level smaller than a macro tile or padded more than 1.5x
// becomes 1D (MSAA never degrades).
SurfaceMode optimize_level0_mode(const SurfaceTemplate& t, const PlaneRequest& p, SurfaceMode requested,
                                 uint32_t ex, uint32_t ey, const MacroTileInfo& macro) {
  const bool opt4space = t.samples == 1 && !(p.depth_or_stencil && t.tc_compatible_htile);
  if (!opt4space) return requested;
  const bool compressed = p.block_width > 1 && p.block_height > 1;
  if (ey == 1 && requested != SurfaceMode::LINEAR_ALIGNED && !p.depth_or_stencil && !compressed)
    return SurfaceMode::LINEAR_ALIGNED;
  if (requested == SurfaceMode::TILED_2D && degrade_to_1d(ex, ey, macro)) return SurfaceMode::TILED_1D;
  return requested;
}

// Lays out one plane (the colour/depth surface, or the separate stencil) starting at `start`,
// level by level as ac_surface's gfx6_compute_level drives addrlib: level L > 0 starts from
// the base level's padded pitch >> L (SiLib::HwlComputeMipLevel); mipmapped surfaces pad every
// level, level 0 included, to powers of two in width, height and slices (Lib::PostComputeMipLevel
// with pow2Pad = levels > 1).
Status layout_plane(const Chip& chip, const SurfaceTemplate& t, SurfaceMode requested, const PlaneRequest& p,
                    uint64_t start, std::vector<SurfaceLevel>* levels, MacroTileInfo* macro, uint64_t* end,
                    uint32_t* alignment) {
  const bool is_3d = t.target == TextureTarget::TEXTURE_3D;
  const bool pow2_pad = t.levels > 1;
  if (requested == SurfaceMode::TILED_2D) {
    *macro = macro_info(chip, p.tile_index_2d, p.depth_or_stencil, p.bpe, t.samples);
  }
  uint64_t offset = start;
  *alignment = 256;
  levels->clear();
  for (uint32_t l = 0; l < t.levels; ++l) {
    const uint32_t w = l == 0 ? t.width : std::max(1u, levels->front().pitch >> l);
    const uint32_t h = minify(t.height, l);
    uint32_t d = is_3d ? minify(t.depth, l) : t.array_size;
    uint32_t ex = (w + p.block_width - 1) / p.block_width, ey = (h + p.block_height - 1) / p.block_height;
    // ac_surface (gfx6_compute_level): single-level surfaces asked for linear with a
    // power-of-two element size get their width aligned to 256 bytes, for multi-GPU interop.
    if (requested == SurfaceMode::LINEAR_ALIGNED && t.levels == 1 && p.block_width == 1 && p.block_height == 1 &&
        std::has_single_bit(p.bpe))
      ex = align_up(ex, kLinearPitchAlignmentBytes / p.bpe);
    if (pow2_pad) {
      ex = next_pow2(ex);
      ey = next_pow2(ey);
      d = next_pow2(d);
    }

    // ac_surface asks every level for the requested mode; addrlib optimises level 0 only
    // (Lib::OptimizeTileMode, on the pow2-padded size) and degrades 2D levels > 0 on their own.
    SurfaceMode mode = requested;
    if (l == 0) {
      mode = optimize_level0_mode(t, p, requested, ex, ey, *macro);
    } else if (mode == SurfaceMode::TILED_2D &&
               (ex < macro->width || ey < macro->height || mip_level_too_small_for_2d(chip, *macro, p.bpe, t.samples))) {
      mode = SurfaceMode::TILED_1D;
    }

    SurfaceLevel lv;
    lv.mode = mode;
    lv.nslices = d;
    uint32_t base_align = 256;
    switch (mode) {
      case SurfaceMode::LINEAR_ALIGNED:
        lv.nblk_x = linear_pitch(chip, ex, ey, p.bpe, t.samples);
        lv.nblk_y = ey;
        base_align = chip.pipe_interleave_bytes;
        lv.tile_mode_index = kTileIndexLinearAligned;
        break;
      case SurfaceMode::TILED_1D:
        lv.nblk_y = align_up(ey, kMicroTileHeight);
        lv.nblk_x = micro_tiled_pitch(chip, ex, lv.nblk_y, p.bpe, t.samples, p.depth_with_stencil);
        base_align = chip.pipe_interleave_bytes;
        lv.tile_mode_index = tile_index_1d(chip, p.depth_or_stencil);
        break;
      case SurfaceMode::TILED_2D:
        lv.nblk_x = align_up(ex, macro->width);
        lv.nblk_y = align_up(ey, macro->height);
        base_align = base_alignment_2d(*macro, p.bpe, t.samples);
        lv.tile_mode_index = p.tile_index_2d;
        break;
    }
    lv.pitch = lv.nblk_x * p.block_width;
    lv.slice_size = uint64_t(lv.nblk_x) * lv.nblk_y * p.bpe * t.samples;
    offset = align_up64(offset, base_align);
    lv.offset = offset;
    offset += lv.slice_size * lv.nslices;
    *alignment = std::max(*alignment, base_align);
    levels->push_back(lv);
  }
  *end = offset;
  return ok_status();
}

}  // namespace

const char* texture_target_name(TextureTarget target) {
  switch (target) {
    case TextureTarget::BUFFER: return "buffer";
    case TextureTarget::TEXTURE_1D: return "1d";
    case TextureTarget::TEXTURE_2D: return "2d";
    case TextureTarget::TEXTURE_3D: return "3d";
    case TextureTarget::TEXTURE_CUBE: return "cube";
    case TextureTarget::TEXTURE_RECT: return "rect";
    case TextureTarget::TEXTURE_1D_ARRAY: return "1d_array";
    case TextureTarget::TEXTURE_2D_ARRAY: return "2d_array";
    case TextureTarget::TEXTURE_CUBE_ARRAY: return "cube_array";
  }
  return "?";
}

bool parse_texture_target(std::string_view name, TextureTarget* target) {
  for (auto t : {TextureTarget::BUFFER, TextureTarget::TEXTURE_1D, TextureTarget::TEXTURE_2D, TextureTarget::TEXTURE_3D,
                 TextureTarget::TEXTURE_CUBE, TextureTarget::TEXTURE_RECT, TextureTarget::TEXTURE_1D_ARRAY,
                 TextureTarget::TEXTURE_2D_ARRAY, TextureTarget::TEXTURE_CUBE_ARRAY}) {
    if (name == texture_target_name(t)) {
      *target = t;
      return true;
    }
  }
  return false;
}

const char* surface_mode_name(SurfaceMode mode) {
  switch (mode) {
    case SurfaceMode::LINEAR_ALIGNED: return "linear_aligned";
    case SurfaceMode::TILED_1D: return "1d_tiled_thin";
    case SurfaceMode::TILED_2D: return "2d_tiled_thin";
  }
  return "?";
}

// si_choose_tiling (GFX6-8).
SurfaceMode choose_tiling(const SurfaceTemplate& t) {
  const FormatDesc& d = formats::describe(t.format);
  const bool is_depth_stencil = d.colorspace == formats::Colorspace::ZS;
  if (t.samples > 1) return SurfaceMode::TILED_2D;  // MSAA must be 2D tiled
  // Compressed formats and DB surfaces are always tiled.
  if (!is_depth_stencil && !d.is_compressed) {
    if (d.layout == Layout::SUBSAMPLED) return SurfaceMode::LINEAR_ALIGNED;  // 422 formats cannot tile
    if (t.linear) return SurfaceMode::LINEAR_ALIGNED;
    // Very thin textures (and 1D ones) are better linear (current radeonsi: any height <= 2).
    if (t.target == TextureTarget::TEXTURE_1D || t.target == TextureTarget::TEXTURE_1D_ARRAY || t.height <= 2)
      return SurfaceMode::LINEAR_ALIGNED;
    if (t.staging) return SurfaceMode::LINEAR_ALIGNED;
  }
  if (t.width <= 16 || t.height <= 16) return SurfaceMode::TILED_1D;  // small textures
  return SurfaceMode::TILED_2D;  // the allocator degrades to 1D where needed
}

Surface surface_element_facts(const FormatDesc& d) {
  Surface s;
  s.block_width = d.block_width;
  s.block_height = d.block_height;
  s.is_depth = d.is_depth;
  s.has_stencil = d.is_depth && d.is_stencil;
  s.is_stencil_only = d.is_stencil && !d.is_depth;
  // The DB stores depth in 16 or 32 bits per element and the stencil as a separate 8-bit plane.
  const bool zs = d.colorspace == formats::Colorspace::ZS;
  s.bpe = s.is_stencil_only ? 1 : zs ? (d.block_bits == 16 ? 2u : 4u) : d.block_bits / 8u;
  return s;
}

Result<Surface> compute_surface(const Chip& chip, const SurfaceTemplate& templ) {
  return compute_surface(chip, templ, choose_tiling(templ));
}

Result<Surface> compute_surface(const Chip& chip, const SurfaceTemplate& t, SurfaceMode mode) {
  const FormatDesc& d = formats::describe(t.format);
  if (t.format == formats::Format::NONE) return fail("no format given");
  if (d.layout == Layout::PLANAR2 || d.layout == Layout::PLANAR3 || d.colorspace == formats::Colorspace::YUV)
    return fail(std::string("format ") + d.name + " has no GCN legacy surface layout (planar/YUV)");
  if (chip.gfx_level < GfxLevel::GFX9 && chip.tile_mode_array.size() != 32)
    return fail(std::string("chip ") + chip.name + " has no tile-mode table");
  if (t.target == TextureTarget::BUFFER) return fail("buffers have no surface layout");
  if (t.width == 0 || t.height == 0 || t.depth == 0 || t.array_size == 0 || t.levels == 0 || t.samples == 0)
    return fail("surface sizes must be non-zero");
  if (t.width > chip.max_dimension || t.height > chip.max_dimension)
    return fail("surface " + std::to_string(t.width) + "x" + std::to_string(t.height) + " exceeds the " +
                std::to_string(chip.max_dimension) + " limit of " + chip.name);
  if (t.depth > 2048 || t.array_size > 2048) return fail("3D depth and array layers are limited to 2048 on GFX6-9");
  if (t.samples & (t.samples - 1) || t.samples > 16) return fail("sample count must be a power of two <= 16");
  const uint32_t max_dim = std::max({t.width, t.height, t.target == TextureTarget::TEXTURE_3D ? t.depth : 1u});
  if (t.levels > static_cast<uint32_t>(std::bit_width(max_dim)))
    return fail(std::to_string(t.levels) + " levels is more than a " + std::to_string(max_dim) + " texture has");
  if (t.samples > 1 && t.levels > 1) return fail("multisampled surfaces have one level");
  if (chip.gfx_level >= GfxLevel::GFX9) return compute_surface_gfx9(chip, t, mode);

  Surface s = surface_element_facts(d);
  const bool zs = d.colorspace == formats::Colorspace::ZS;
  if (zs && mode == SurfaceMode::LINEAR_ALIGNED) mode = SurfaceMode::TILED_1D;  // the DB needs tiling
  if (s.bpe == 0) return fail(std::string("format ") + d.name + " has no whole-byte element size");

  uint64_t end = 0;
  uint32_t align = 0;
  // Depth: by sample count (depth and stencil share the index), or on GFX8 with TC-compatible
  // HTILE by the unsplit tile size (a texture-readable depth surface must not be split).
  uint32_t index_2d = tile_index_2d(chip, zs, s.bpe, t.samples);
  if (zs && t.tc_compatible_htile && chip.gfx_level == GfxLevel::GFX8) {
    const uint32_t tile_size = kMicroTileWidth * kMicroTileHeight * s.bpe * t.samples;
    index_2d = tile_size <= 64 ? 0 : tile_size == 128 ? 1 : tile_size == 256 ? 2 : tile_size == 512 ? 3 : 4;
  }
  const PlaneRequest main_plane{s.bpe, s.block_width, s.block_height, zs, s.has_stencil, index_2d};
  if (auto st = layout_plane(chip, t, mode, main_plane, 0, &s.level, &s.macro, &end, &align); !st) return Error{st.error()};
  s.alignment = align;
  s.mode = s.level[0].mode;
  if (s.has_stencil) {
    // GFX6 keeps compressed stencil on GB_TILE_MODE0 whatever the depth's sample count.
    const uint32_t stencil_index_2d = chip.gfx_level == GfxLevel::GFX6 ? 0u : index_2d;
    const PlaneRequest stencil_plane{1, 1, 1, true, false, stencil_index_2d};
    uint32_t stencil_align = 0;
    // The stencil starts on its own base alignment after the depth levels.
    if (auto st = layout_plane(chip, t, mode, stencil_plane, end, &s.stencil_level, &s.stencil_macro, &end,
                               &stencil_align);
        !st)
      return Error{st.error()};
    s.stencil_offset = s.stencil_level[0].offset;
    s.alignment = std::max(s.alignment, stencil_align);
  }
  s.total_size = end;
  compute_metadata(chip, t, &s);
  place_buffer_metadata(&s);
  return s;
}

}  // namespace glvk::amd
