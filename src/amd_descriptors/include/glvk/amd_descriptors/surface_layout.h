// The GCN legacy surface as a formats::MiptreeLayout (LayoutKind::AMD_LEGACY_TILED), so the
// format library's layout engine can address texels of AMD-tiled textures.
//
// Fit with the abstract interface: GCN stores a level's layers together (offset + layer *
// slice_size) and levels one after another, so a layer does not hold a whole mip chain.
// texel_offset() and level_offset()/level_size() are exact; layer_offset(layer) is the layer's
// offset inside level 0 only. texel_offset() covers linear-aligned, 1D-tiled-thin and
// 2D-tiled-thin levels (pipe and bank bits from the coordinate, per-slice bank rotation, tile
// split; sample 0, no tile swizzle) of the main surface (not the separate stencil plane).
#pragma once

#include <glvk/amd_descriptors/surface.h>
#include <glvk/formats/layout.h>

#include <memory>

namespace glvk::amd {

// LayoutParams::extra for AMD_LEGACY_TILED: the chip, the format (its element size must match
// MiptreeDesc::bytes_per_block) and optionally a forced mode.
struct AmdLayoutParams {
  const Chip* chip = nullptr;
  formats::Format format = formats::Format::NONE;
  bool force_mode = false;
  SurfaceMode mode = SurfaceMode::TILED_1D;
  uint32_t samples = 1;
};

class AmdLegacyLayout final : public formats::MiptreeLayout {
 public:
  static constexpr uint64_t kNotAddressable = ~0ull;
  AmdLegacyLayout(const formats::MiptreeDesc& desc, Surface surface, uint32_t pipe_interleave_bytes, uint32_t samples);
  formats::LayoutKind kind() const override { return formats::LayoutKind::AMD_LEGACY_TILED; }
  uint64_t texel_offset(unsigned level, unsigned layer, unsigned x, unsigned y, unsigned z) const override;
  uint64_t level_offset(unsigned level) const override;
  uint64_t layer_offset(unsigned layer) const override;
  uint64_t level_size(unsigned level) const override;
  uint32_t row_pitch(unsigned level) const override;
  uint64_t total_size() const override;
  const Surface& surface() const { return surface_; }

 private:
  Surface surface_;
  uint32_t pipe_interleave_;
  uint32_t samples_;
};

// The surface template a MiptreeDesc describes (cube/array/3D from its fields).
SurfaceTemplate surface_template_from_miptree(const formats::MiptreeDesc& desc, formats::Format format,
                                              uint32_t samples);
// Builds the layout; an error when the parameters are missing or the surface cannot be laid out.
Result<std::unique_ptr<AmdLegacyLayout>> make_amd_legacy_layout(const formats::MiptreeDesc& desc,
                                                                const AmdLayoutParams& params);
// Registers the AMD_LEGACY_TILED factory (LayoutParams::extra must point to AmdLayoutParams;
// the factory returns nullptr on any error).
void register_amd_legacy_layout(formats::LayoutRegistry& registry);

}  // namespace glvk::amd
