// Linear and swizzled miptree layouts (seed 004) and the layout registry.
#include <glvk/formats/layout.h>

#include <algorithm>
#include <bit>

namespace glvk::formats {
namespace {

uint64_t align_up(uint64_t v, uint64_t a) { return a <= 1 ? v : (v + a - 1) / a * a; }
uint32_t blocks(uint32_t texels, uint32_t block) { return (texels + block - 1) / block; }
unsigned ceil_log2(uint32_t v) { return v <= 1 ? 0 : unsigned(std::bit_width(v - 1)); }

}  // namespace

uint32_t level_extent(uint32_t size, unsigned level) { return std::max<uint32_t>(1u, level >= 32 ? 0u : size >> level); }

// ---- LinearLayout ----------------------------------------------------------------------------

LinearLayout::LinearLayout(const MiptreeDesc& desc, const LinearParams& params) : MiptreeLayout(desc), params_(params) {
  uint64_t chain = 0;
  for (unsigned l = 0; l < desc_.levels; ++l) chain = align_up(chain, params_.level_alignment) + level_size(l);
  layer_stride_ = align_up(chain, params_.layer_alignment);
}

uint32_t LinearLayout::row_pitch(unsigned level) const {
  if (params_.row_pitch) return params_.row_pitch;
  const unsigned l = params_.same_pitch_all_levels ? 0 : level;
  const uint64_t row = uint64_t(blocks(level_extent(desc_.width, l), desc_.block_width)) * desc_.bytes_per_block;
  return uint32_t(align_up(row, params_.row_alignment));
}

uint64_t LinearLayout::level_size(unsigned level) const {
  const uint64_t rows = blocks(level_extent(desc_.height, level), desc_.block_height);
  return uint64_t(row_pitch(level)) * rows * level_extent(desc_.depth, level);
}

uint64_t LinearLayout::level_offset(unsigned level) const {
  uint64_t offset = 0;
  for (unsigned l = 0; l < level; ++l) offset = align_up(offset, params_.level_alignment) + level_size(l);
  return align_up(offset, params_.level_alignment);
}

uint64_t LinearLayout::layer_offset(unsigned layer) const { return layer * layer_stride_; }

uint64_t LinearLayout::texel_offset(unsigned level, unsigned layer, unsigned x, unsigned y, unsigned z) const {
  const uint64_t pitch = row_pitch(level);
  const uint64_t slice = pitch * blocks(level_extent(desc_.height, level), desc_.block_height);
  return image_offset(level, layer) + z * slice + (y / desc_.block_height) * pitch +
         uint64_t(x / desc_.block_width) * desc_.bytes_per_block;
}

uint64_t LinearLayout::total_size() const { return layer_stride_ * desc_.layers; }

// ---- SwizzledLayout --------------------------------------------------------------------------

SwizzledLayout::SwizzledLayout(const MiptreeDesc& desc, const SwizzledParams& params)
    : MiptreeLayout(desc), params_(params), laid_out_height_(desc.is_cube ? desc.width : desc.height) {
  for (unsigned l = 0; l < desc_.levels; ++l) chain_size_ += level_size(l);
  const bool aligned_layers = desc_.is_cube || desc_.layers > 1;
  layer_stride_ = aligned_layers ? align_up(chain_size_, params_.face_alignment) : chain_size_;
}

SwizzledLayout::LevelGeometry SwizzledLayout::level_geometry(unsigned level) const {
  return {ceil_log2(blocks(level_extent(desc_.width, level), desc_.block_width)),
          ceil_log2(blocks(level_extent(laid_out_height_, level), desc_.block_height)),
          ceil_log2(level_extent(desc_.depth, level))};
}

uint64_t SwizzledLayout::swizzle_index(uint32_t x, uint32_t y, uint32_t z, unsigned log2_w, unsigned log2_h,
                                       unsigned log2_d) {
  uint64_t index = 0;
  unsigned out = 0;
  const unsigned rounds = std::max({log2_w, log2_h, log2_d});
  for (unsigned i = 0; i < rounds; ++i) {
    if (i < log2_w) index |= uint64_t((x >> i) & 1u) << out++;
    if (i < log2_h) index |= uint64_t((y >> i) & 1u) << out++;
    if (i < log2_d) index |= uint64_t((z >> i) & 1u) << out++;
  }
  return index;
}

uint64_t SwizzledLayout::level_size(unsigned level) const {
  const LevelGeometry g = level_geometry(level);
  return uint64_t(desc_.bytes_per_block) << (g.log2_w + g.log2_h + g.log2_d);
}

uint64_t SwizzledLayout::level_offset(unsigned level) const {
  uint64_t offset = 0;
  for (unsigned l = 0; l < level; ++l) offset += level_size(l);  // no gaps between levels
  return offset;
}

uint64_t SwizzledLayout::layer_offset(unsigned layer) const { return layer * layer_stride_; }

uint32_t SwizzledLayout::row_pitch(unsigned level) const {
  return blocks(level_extent(desc_.width, level), desc_.block_width) * desc_.bytes_per_block;
}

uint64_t SwizzledLayout::texel_offset(unsigned level, unsigned layer, unsigned x, unsigned y, unsigned z) const {
  const LevelGeometry g = level_geometry(level);
  return image_offset(level, layer) +
         swizzle_index(x / desc_.block_width, y / desc_.block_height, z, g.log2_w, g.log2_h, g.log2_d) *
             desc_.bytes_per_block;
}

uint64_t SwizzledLayout::total_size() const { return layer_stride_ * desc_.layers; }

// ---- NV40 render target rules ------------------------------------------------------------------

bool nv40_render_target_ok(bool swizzled, uint32_t pitch, uint64_t offset) {
  if (offset % kNv40RenderTargetOffsetAlignment != 0) return false;
  if (swizzled) return true;
  return pitch > 0 && pitch % kNv40RenderTargetPitchAlignment == 0;
}

uint32_t nv40_render_target_pitch(uint32_t row_bytes) {
  return uint32_t(align_up(std::max<uint32_t>(row_bytes, 1), kNv40RenderTargetPitchAlignment));
}

// ---- LayoutRegistry ----------------------------------------------------------------------------

LayoutRegistry LayoutRegistry::with_builtin_layouts() {
  LayoutRegistry registry;
  registry.add(LayoutKind::LINEAR, [](const MiptreeDesc& d, const LayoutParams& p) {
    return std::unique_ptr<MiptreeLayout>(new LinearLayout(d, p.linear));
  });
  registry.add(LayoutKind::SWIZZLED, [](const MiptreeDesc& d, const LayoutParams& p) {
    return std::unique_ptr<MiptreeLayout>(new SwizzledLayout(d, p.swizzled));
  });
  return registry;
}

void LayoutRegistry::add(LayoutKind kind, Factory factory) { factories_[kind] = std::move(factory); }

bool LayoutRegistry::has(LayoutKind kind) const { return factories_.count(kind) != 0; }

std::unique_ptr<MiptreeLayout> LayoutRegistry::create(LayoutKind kind, const MiptreeDesc& desc,
                                                      const LayoutParams& params) const {
  auto it = factories_.find(kind);
  return it == factories_.end() ? nullptr : it->second(desc, params);
}

}  // namespace glvk::formats
