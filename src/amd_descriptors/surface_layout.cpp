#include <glvk/amd_descriptors/surface_layout.h>

#include <string>

namespace glvk::amd {

namespace {

// Element index inside an 8x8 thin micro tile in the non-displayable / depth order: the
// bits interleave as x0 y0 x1 y1 x2 y2 (LSB first).
uint32_t thin_micro_tile_index(uint32_t x, uint32_t y) {
  return (x & 1) | (y & 1) << 1 | (x & 2) << 1 | (y & 2) << 2 | (x & 4) << 2 | (y & 4) << 3;
}

}  // namespace

AmdLegacyLayout::AmdLegacyLayout(const formats::MiptreeDesc& desc, Surface surface)
    : MiptreeLayout(desc), surface_(std::move(surface)) {}

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
      break;
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
  const formats::FormatDesc& f = formats::describe(params.format);
  if (params.format == formats::Format::NONE) return fail("AMD legacy layout needs a format");
  if (f.block_width != desc.block_width || f.block_height != desc.block_height ||
      (f.colorspace != formats::Colorspace::ZS && f.block_bits / 8 != desc.bytes_per_block))
    return fail(std::string("format ") + f.name + " does not match the miptree's block size");
  const SurfaceTemplate t = surface_template_from_miptree(desc, params.format, params.samples);
  auto s = params.force_mode ? compute_surface(*params.chip, t, params.mode) : compute_surface(*params.chip, t);
  if (!s) return Error{s.error()};
  return std::make_unique<AmdLegacyLayout>(desc, std::move(*s));
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
