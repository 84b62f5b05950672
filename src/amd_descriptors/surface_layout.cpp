#include <glvk/amd_descriptors/surface_layout.h>

#include <bit>
#include <string>

namespace glvk::amd {

namespace {

// Element index inside an 8x8 thin micro tile in the non-displayable / depth order: the
// bits interleave as x0 y0 x1 y1 x2 y2 (LSB first).
uint32_t thin_micro_tile_index(uint32_t x, uint32_t y) {
  return (x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2 | (x & 4) << 2 | (y & 4) << 3;
}

uint32_t bit(uint32_t v, unsigned n) { return (v >> n) & 1; }

// Pipe of an element in a 2D-tiled surface: XORs of micro-tile coordinate bits, per pipe
// configuration (no pipe swizzle; 2D modes do not rotate pipes per slice).
uint32_t pipe_from_coord(uint32_t pipe_config, uint32_t x, uint32_t y) {
  const uint32_t tx = x / 8, ty = y / 8;
  const uint32_t x3 = bit(tx, 0), x4 = bit(tx, 1), x5 = bit(tx, 2), x6 = bit(tx, 3);
  const uint32_t y3 = bit(ty, 0), y4 = bit(ty, 1), y5 = bit(ty, 2), y6 = bit(ty, 3);
  uint32_t b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  using namespace regs::PipeConfig;
  switch (pipe_config) {
    case ADDR_SURF_P2: b0 = x3 ^ y3; break;
    case ADDR_SURF_P4_8x16: b0 = x4 ^ y3; b1 = x3 ^ y4; break;
    case ADDR_SURF_P4_16x16: b0 = x3 ^ y3 ^ x4; b1 = x4 ^ y4; break;
    case ADDR_SURF_P4_16x32: b0 = x3 ^ y3 ^ x4; b1 = x4 ^ y5; break;
    case ADDR_SURF_P4_32x32: b0 = x3 ^ y3 ^ x5; b1 = x5 ^ y5; break;
    case ADDR_SURF_P8_16x16_8x16: b0 = x4 ^ y3 ^ x5; b1 = x3 ^ y5; break;
    case ADDR_SURF_P8_16x32_8x16: b0 = x4 ^ y3 ^ x5; b1 = x3 ^ y4; b2 = x4 ^ y5; break;
    case ADDR_SURF_P8_16x32_16x16: b0 = x3 ^ y3 ^ x4; b1 = x5 ^ y4; b2 = x4 ^ y5; break;
    case ADDR_SURF_P8_32x32_8x16: b0 = x4 ^ y3 ^ x5; b1 = x3 ^ y4; b2 = x5 ^ y5; break;
    case ADDR_SURF_P8_32x32_16x16: b0 = x3 ^ y3 ^ x4; b1 = x4 ^ y4; b2 = x5 ^ y5; break;
    case ADDR_SURF_P8_32x32_16x32: b0 = x3 ^ y3 ^ x4; b1 = x4 ^ y6; b2 = x5 ^ y5; break;
    case ADDR_SURF_P8_32x64_32x32: b0 = x3 ^ y3 ^ x5; b1 = x6 ^ y5; b2 = x5 ^ y6; break;
    case ADDR_SURF_P16_32x32_8x16: b0 = x4 ^ y3; b1 = x3 ^ y4; b2 = x5 ^ y6; b3 = x6 ^ y5; break;
    case ADDR_SURF_P16_32x32_16x16: b0 = x3 ^ y3 ^ x4; b1 = x4 ^ y4; b2 = x5 ^ y6; b3 = x6 ^ y5; break;
    default: break;
  }
  return b0 | b1 << 1 | b2 << 2 | b3 << 3;
}

// Bank of an element: XORs of macro-tile-relative tile coordinates, rotated per slice (2D:
// banks / 2 - 1 per slice) and per tile-split slice (banks / 2 + 1).
uint32_t bank_from_coord(const MacroTileInfo& m, uint32_t x, uint32_t y, uint32_t slice, uint32_t split_slice) {
  const uint32_t tx = x / 8 / (m.bank_width * m.num_pipes), ty = y / 8 / m.bank_height;
  const uint32_t x3 = bit(tx, 0), x4 = bit(tx, 1), x5 = bit(tx, 2), x6 = bit(tx, 3);
  const uint32_t y3 = bit(ty, 0), y4 = bit(ty, 1), y5 = bit(ty, 2), y6 = bit(ty, 3);
  uint32_t b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  switch (m.num_banks) {
    case 16: b0 = x3 ^ y6; b1 = x4 ^ y5 ^ y6; b2 = x5 ^ y4; b3 = x6 ^ y3; break;
    case 8: b0 = x3 ^ y5; b1 = x4 ^ y4 ^ y5; b2 = x5 ^ y3; break;
    case 4: b0 = x3 ^ y4; b1 = x4 ^ y3; break;
    default: b0 = x3 ^ y3; break;
  }
  uint32_t bank = b0 | b1 << 1 | b2 << 2 | b3 << 3;
  // GFX6-8: the 32x32 / 32x64 pipe configurations with bank width 1 fold x4 ^ x5 into bit 0.
  if ((m.pipe_config == regs::PipeConfig::ADDR_SURF_P4_32x32 ||
       m.pipe_config == regs::PipeConfig::ADDR_SURF_P8_32x64_32x32) &&
      m.bank_width == 1)
    bank |= bit(bank, 0) ^ bit(x / 8, 1) ^ bit(x / 8, 2);
  bank ^= (m.num_banks / 2 - 1) * slice;
  bank ^= (m.num_banks / 2 + 1) * split_slice;
  return bank & (m.num_banks - 1);
}

// Byte address of element (x, y) of slice `slice` inside a 2D-thin level (sample 0, no tile
// swizzle): bytes below the pipe interleave, then pipe bits, then bank bits, then the rest.
uint64_t macro_tiled_offset(const MacroTileInfo& m, uint32_t pitch, uint32_t height, uint32_t bpe, uint32_t samples,
                            bool depth_order, uint32_t pipe_interleave, uint32_t x, uint32_t y, uint32_t slice) {
  uint32_t micro_tile_bytes = 64 * bpe * samples;
  const uint32_t pixel = thin_micro_tile_index(x % 8, y % 8);
  uint32_t element = depth_order ? pixel * bpe * samples : pixel * bpe;
  uint32_t slices_per_tile = 1, split_slice = 0;
  if (micro_tile_bytes > m.tile_split_bytes) {
    slices_per_tile = micro_tile_bytes / m.tile_split_bytes;
    split_slice = element / m.tile_split_bytes;
    element %= m.tile_split_bytes;
    micro_tile_bytes = m.tile_split_bytes;
  }
  const uint64_t macro_tile_bytes =
      uint64_t(micro_tile_bytes) * (m.width / 8) * (m.height / 8) / (m.num_pipes * m.num_banks);
  const uint64_t per_row = pitch / m.width;
  const uint64_t macro_offset = (uint64_t(y / m.height) * per_row + x / m.width) * macro_tile_bytes;
  const uint64_t slice_bytes = per_row * (height / m.height) * macro_tile_bytes;
  const uint64_t slice_offset = slice_bytes * (split_slice + uint64_t(slices_per_tile) * slice);
  const uint32_t tile_row = (y / 8) % m.bank_height, tile_column = ((x / 8) / m.num_pipes) % m.bank_width;
  const uint64_t tile_offset = uint64_t(tile_row * m.bank_width + tile_column) * micro_tile_bytes;
  const uint64_t total = slice_offset + macro_offset + element + tile_offset;

  const unsigned interleave_bits = static_cast<unsigned>(std::countr_zero(pipe_interleave));
  const unsigned pipe_bits = static_cast<unsigned>(std::countr_zero(m.num_pipes));
  const unsigned bank_bits = static_cast<unsigned>(std::countr_zero(m.num_banks));
  const uint64_t pipe = pipe_from_coord(m.pipe_config, x, y);
  const uint64_t bank = bank_from_coord(m, x, y, slice, split_slice);
  return (total & (pipe_interleave - 1)) | pipe << interleave_bits | bank << (interleave_bits + pipe_bits) |
         (total >> interleave_bits) << (interleave_bits + pipe_bits + bank_bits);
}

}  // namespace

AmdLegacyLayout::AmdLegacyLayout(const formats::MiptreeDesc& desc, Surface surface, uint32_t pipe_interleave_bytes,
                                 uint32_t samples)
    : MiptreeLayout(desc), surface_(std::move(surface)), pipe_interleave_(pipe_interleave_bytes), samples_(samples) {}

uint64_t AmdLegacyLayout::texel_offset(unsigned level, unsigned layer, unsigned x, unsigned y, unsigned z) const {
  if (level >= surface_.level.size()) return kNotAddressable;
  const SurfaceLevel& lv = surface_.level[level];
  // 3D slices and array layers are both slices of the level.
  const uint64_t slice = desc_.depth > 1 ? z : layer;
  if (slice >= lv.nslices) return kNotAddressable;
  const uint32_t ex = x / surface_.block_width, ey = y / surface_.block_height;
  const uint64_t base = lv.offset + slice * lv.slice_size;
  switch (lv.mode) {
    case SurfaceMode::LINEAR_ALIGNED:
      return base + (uint64_t(ey) * lv.nblk_x + ex) * surface_.bpe;
    case SurfaceMode::TILED_1D: {
      const uint64_t tile = uint64_t(ey / 8) * (lv.nblk_x / 8) + ex / 8;
      return base + tile * 64 * surface_.bpe + uint64_t(thin_micro_tile_index(ex % 8, ey % 8)) * surface_.bpe;
    }
    case SurfaceMode::TILED_2D:
      return lv.offset + macro_tiled_offset(surface_.macro, lv.nblk_x, lv.nblk_y, surface_.bpe, samples_,
                                            surface_.is_depth || surface_.is_stencil_only, pipe_interleave_, ex, ey,
                                            static_cast<uint32_t>(slice));
  }
  return kNotAddressable;
}

uint64_t AmdLegacyLayout::level_offset(unsigned level) const {
  return level < surface_.level.size() ? surface_.level[level].offset : kNotAddressable;
}

uint64_t AmdLegacyLayout::layer_offset(unsigned layer) const {
  return surface_.level.empty() ? 0 : layer * surface_.level[0].slice_size;
}

uint64_t AmdLegacyLayout::level_size(unsigned level) const {
  if (level >= surface_.level.size()) return 0;
  const SurfaceLevel& lv = surface_.level[level];
  // One layer's image, all depth slices included.
  return desc_.depth > 1 ? lv.slice_size * lv.nslices : lv.slice_size;
}

uint32_t AmdLegacyLayout::row_pitch(unsigned level) const {
  if (level >= surface_.level.size()) return 0;
  const SurfaceLevel& lv = surface_.level[level];
  // Bytes between block rows (for tiled levels: the padded pitch the hardware is given).
  return lv.nblk_x * surface_.bpe;
}

uint64_t AmdLegacyLayout::total_size() const { return surface_.total_size; }

SurfaceTemplate surface_template_from_miptree(const formats::MiptreeDesc& desc, formats::Format format,
                                              uint32_t samples) {
  SurfaceTemplate t;
  t.format = format;
  t.width = desc.width;
  t.height = desc.height;
  t.depth = desc.depth;
  t.levels = desc.levels;
  t.array_size = desc.layers;
  t.samples = samples;
  if (desc.depth > 1)
    t.target = TextureTarget::TEXTURE_3D;
  else if (desc.is_cube)
    t.target = desc.layers > 6 ? TextureTarget::TEXTURE_CUBE_ARRAY : TextureTarget::TEXTURE_CUBE;
  else if (desc.layers > 1)
    t.target = desc.height > 1 ? TextureTarget::TEXTURE_2D_ARRAY : TextureTarget::TEXTURE_1D_ARRAY;
  else
    t.target = desc.height > 1 ? TextureTarget::TEXTURE_2D : TextureTarget::TEXTURE_1D;
  return t;
}

Result<std::unique_ptr<AmdLegacyLayout>> make_amd_legacy_layout(const formats::MiptreeDesc& desc,
                                                                const AmdLayoutParams& params) {
  if (!params.chip) return fail("AMD legacy layout needs a chip");
  // GFX9 texel addressing (pipe/bank XOR equations of the swizzle modes) is not modelled.
  if (params.chip->gfx_level >= GfxLevel::GFX9)
    return fail(std::string("chip ") + params.chip->name + " is GFX9: its swizzle-mode texel addresses are not modelled");
  const formats::FormatDesc& f = formats::describe(params.format);
  if (params.format == formats::Format::NONE) return fail("AMD legacy layout needs a format");
  if (f.block_width != desc.block_width || f.block_height != desc.block_height ||
      (f.colorspace != formats::Colorspace::ZS && f.block_bits / 8 != desc.bytes_per_block))
    return fail(std::string("format ") + f.name + " does not match the miptree's block size");
  const SurfaceTemplate t = surface_template_from_miptree(desc, params.format, params.samples);
  auto s = params.force_mode ? compute_surface(*params.chip, t, params.mode) : compute_surface(*params.chip, t);
  if (!s) return Error{s.error()};
  return std::make_unique<AmdLegacyLayout>(desc, std::move(*s), params.chip->pipe_interleave_bytes, params.samples);
}

void register_amd_legacy_layout(formats::LayoutRegistry& registry) {
  registry.add(formats::LayoutKind::AMD_LEGACY_TILED,
               [](const formats::MiptreeDesc& desc, const formats::LayoutParams& params)
                   -> std::unique_ptr<formats::MiptreeLayout> {
                 if (!params.extra) return nullptr;
                 auto layout = make_amd_legacy_layout(desc, *static_cast<const AmdLayoutParams*>(params.extra));
                 if (!layout) return nullptr;
                 return std::move(layout).value();
               });
}

}  // namespace glvk::amd
