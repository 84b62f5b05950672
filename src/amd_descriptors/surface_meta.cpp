// Metadata surfaces of the GFX6-8 legacy layout, as ac_surface's gfx6 path computes them
// (re-derived from the facts of ac_surface and addrlib's EgBased/CI libraries):
//  - CMASK (ac_compute_cmask, not addrlib): a 4-bit element per 8x8 tile; level 0 padded to the
//    chip's CMASK cache line (32x16 tiles on 2 pipes, 32x32 on 4, 64x32 on 8, 64x64 on 16), the
//    slice aligned to pipes * pipe interleave; one slice per layer (3D: per depth slice, cube: 6);
//  - HTILE (Lib::ComputeHtileInfo, only for a 2D-tiled depth level 0): 32 bits per 8x8 block, a
//    16384-bit cache line shaped by ComputeTileDataWidthAndHeight (halve the width, double the
//    height while width > 2 * height * pipes), the slice aligned to 2048 bytes * pipes
//    (useHtileSliceAlign), base on pipes * interleave (times banks when TC-compatible); mipmapped
//    depth then covers the whole miptree: 4 bytes per 64 elements of the whole surface;
//  - DCC (CiLib::HwlComputeDccInfo, GFX8, colour, not block-compressed, not both mipmapped and
//    layered): one key byte per 256 bytes of each 2D level; base on banks * pipes * interleave; a
//    level whose keys miss that alignment is padded to pipes * interleave and ends DCC for the
//    smaller levels; mipmapped surfaces finally reserve surface size / 256 aligned to 4x the
//    DCC alignment.
#include <glvk/amd_descriptors/surface.h>

#include <algorithm>

namespace glvk::amd {

namespace {

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

constexpr uint32_t kHtileBitsPerBlock = 32;  // HwlComputeHtileBpp for 8x8 blocks
constexpr uint32_t kHtileCacheBits = 16384;

void compute_htile(const Chip& chip, const SurfaceTemplate& t, Surface* s) {
  const SurfaceLevel& l0 = s->level[0];
  const uint32_t pipes = s->macro.num_pipes;
  uint32_t width = kHtileCacheBits / kHtileBitsPerBlock, height = 1;
  while (width > height * 2 * pipes && !(width & 1)) {
    width /= 2;
    height *= 2;
  }
  const uint32_t macro_width = 8 * width, macro_height = 8 * height * pipes;
  HtileInfo& h = s->htile;
  h.pitch = static_cast<uint32_t>(align_up(l0.nblk_x, macro_width));
  h.height = static_cast<uint32_t>(align_up(l0.nblk_y, macro_height));
  h.alignment = chip.pipe_interleave_bytes * pipes * (t.tc_compatible_htile ? s->macro.num_banks : 1);
  const uint64_t slice_bits = uint64_t(h.pitch) * h.height * kHtileBitsPerBlock / 64;
  h.slice_size = align_up(slice_bits / 8, uint64_t(kHtileCacheBits / 8) * chip.num_tile_pipes);
  h.size = h.slice_size * l0.nslices;
  if (t.levels > 1) {
    // ac_surface: the shader reads TC-compatible HTILE for every level, so it covers the miptree.
    h.size = align_up(s->total_size / s->bpe / 64 * 4, h.alignment);
  }
}

void compute_dcc(const Chip& chip, const SurfaceTemplate& t, Surface* s) {
  DccInfo& d = s->dcc;
  bool previous_compressible = true;
  uint64_t size = 0;
  for (uint32_t l = 0; l < s->level.size() && previous_compressible; ++l) {
    const SurfaceLevel& lv = s->level[l];
    if (lv.mode != SurfaceMode::TILED_2D) break;  // addrlib answers "not supported"
    const uint32_t pipe_align = s->macro.num_pipes * chip.pipe_interleave_bytes;
    const uint32_t base_align = s->macro.num_banks * pipe_align;
    uint64_t keys = lv.slice_size * lv.nslices >> 8;
    previous_compressible = keys % base_align == 0;
    if (!previous_compressible) keys = align_up(keys, pipe_align);
    d.level_offset.push_back(size);
    size += keys;
    d.alignment = std::max(d.alignment, base_align);
    d.num_levels = l + 1;
  }
  d.size = size;
  if (d.size && t.levels > 1) d.size = align_up(s->total_size >> 8, uint64_t(d.alignment) * 4);
}

}  // namespace

CmaskInfo compute_cmask(const Chip& chip, uint32_t nblk_x, uint32_t nblk_y, uint32_t layers) {
  uint32_t cl_width = 32, cl_height = 16;  // 2 pipes
  switch (chip.num_tile_pipes) {
    case 4: cl_width = 32, cl_height = 32; break;
    case 8: cl_width = 64, cl_height = 32; break;
    case 16: cl_width = 64, cl_height = 64; break;
  }
  const uint64_t width = align_up(nblk_x, cl_width * 8), height = align_up(nblk_y, cl_height * 8);
  const uint32_t base_align = chip.num_tile_pipes * chip.pipe_interleave_bytes;
  CmaskInfo c;
  const uint64_t blocks = width * height / (128 * 128);
  c.slice_tile_max = blocks ? static_cast<uint32_t>(blocks - 1) : 0;
  c.slice_size = align_up(width * height / 64 / 2, base_align);  // a nibble per 8x8 tile
  c.size = c.slice_size * layers;
  c.alignment = std::max(256u, base_align);
  return c;
}

void compute_metadata(const Chip& chip, const SurfaceTemplate& t, Surface* s) {
  const formats::FormatDesc& d = formats::describe(t.format);
  const bool zs = d.colorspace == formats::Colorspace::ZS;
  const SurfaceLevel& l0 = s->level[0];
  if (!zs && l0.mode != SurfaceMode::LINEAR_ALIGNED) {
    // MSAA colour has a CMASK only beside its FMASK (ac_compute_cmask).
    if (t.samples > 1) s->fmask = compute_fmask_legacy(chip, t, *s);
    const uint32_t layers = t.target == TextureTarget::TEXTURE_3D     ? t.depth
                            : t.target == TextureTarget::TEXTURE_CUBE ? 6
                                                                      : t.array_size;
    if (t.samples == 1 || s->fmask.size) s->cmask = compute_cmask(chip, l0.nblk_x, l0.nblk_y, layers);
  }
  if (s->is_depth && l0.mode == SurfaceMode::TILED_2D) compute_htile(chip, t, s);
  const bool compressed = d.block_width > 1 && d.block_height > 1;
  if (chip.gfx_level == GfxLevel::GFX8 && !zs && !t.disable_dcc && !compressed &&
      ((t.array_size == 1 && t.depth == 1) || t.levels == 1))
    compute_dcc(chip, t, s);
}

}  // namespace glvk::amd
