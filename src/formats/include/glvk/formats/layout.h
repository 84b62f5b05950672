// Miptree layout engine: where texel (x, y, z) of level L, layer/face F lives in a resource.
// Linear and NV40-style swizzled (Morton) layouts; other layouts (the AMD legacy tiled one)
// plug in through LayoutRegistry. Rules for the swizzled and linear layouts: seed 004.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>

namespace glvk::formats {

enum class LayoutKind : uint8_t { LINEAR, SWIZZLED, AMD_LEGACY_TILED };

// What is being laid out. Sizes are in texels; a "block" is one addressable unit
// (a texel for plain formats, a compressed block otherwise).
struct MiptreeDesc {
  uint32_t width = 1, height = 1, depth = 1;  // level 0
  uint32_t levels = 1;
  uint32_t layers = 1;        // array layers; 6 * cubes for cube maps
  bool is_cube = false;
  uint32_t bytes_per_block = 4;
  uint32_t block_width = 1, block_height = 1;
};

// Level dimension in texels: max(1, size >> level).
uint32_t level_extent(uint32_t size, unsigned level);

class MiptreeLayout {
 public:
  explicit MiptreeLayout(const MiptreeDesc& desc) : desc_(desc) {}
  virtual ~MiptreeLayout() = default;
  virtual LayoutKind kind() const = 0;
  // Byte offset of texel (x, y, z) (texel coordinates; compressed formats address the block
  // containing the texel) of `level` in array layer or cube face `layer`.
  virtual uint64_t texel_offset(unsigned level, unsigned layer, unsigned x, unsigned y, unsigned z) const = 0;
  // Offset of `level` inside one layer/face (the first layer starts at 0).
  virtual uint64_t level_offset(unsigned level) const = 0;
  // Offset of layer/face `layer`; layers hold whole mip chains.
  virtual uint64_t layer_offset(unsigned layer) const = 0;
  // Bytes of one layer's image at `level`, all depth slices included.
  virtual uint64_t level_size(unsigned level) const = 0;
  // Bytes between block rows of `level` (for swizzled layouts: the nominal width * bpp the
  // NV40 blob programs; the hardware ignores it).
  virtual uint32_t row_pitch(unsigned level) const = 0;
  virtual uint64_t total_size() const = 0;

  uint64_t image_offset(unsigned level, unsigned layer) const { return layer_offset(layer) + level_offset(level); }
  const MiptreeDesc& desc() const { return desc_; }

 protected:
  MiptreeDesc desc_;
};

// Linear layout. Seed 004 (NV40): every level shares one pitch, which may be any multiple of the
// bytes per pixel; 3D levels are contiguous, each holding its z slices; cube faces (and array
// layers) are contiguous mip chains without extra alignment. The knobs generalise this.
struct LinearParams {
  uint32_t row_pitch = 0;             // bytes; 0 = derive from the level width and row_alignment
  uint32_t row_alignment = 1;         // alignment of a derived pitch
  bool same_pitch_all_levels = true;  // NV40: the level-0 pitch is used for every level
  uint32_t level_alignment = 1;       // start of each level
  uint32_t layer_alignment = 1;       // start of each layer/face
};

class LinearLayout final : public MiptreeLayout {
 public:
  LinearLayout(const MiptreeDesc& desc, const LinearParams& params = {});
  LayoutKind kind() const override { return LayoutKind::LINEAR; }
  uint64_t texel_offset(unsigned level, unsigned layer, unsigned x, unsigned y, unsigned z) const override;
  uint64_t level_offset(unsigned level) const override;
  uint64_t layer_offset(unsigned layer) const override;
  uint64_t level_size(unsigned level) const override;
  uint32_t row_pitch(unsigned level) const override;
  uint64_t total_size() const override;

 private:
  LinearParams params_;
  uint64_t layer_stride_ = 0;
};

// Swizzled (Morton) layout as measured on NV40 (seed 004): each level is swizzled by taking an
// x bit, then a y bit, then a z bit, and so on, skipping a dimension once its bits run out
// (3D textures: ...zyxzyx); levels follow each other without gaps; each cube face is a 2D mip
// chain starting on a 128-byte boundary; a non-square cube face is laid out as if its height
// equalled its width. Sizes that are not powers of two are rounded up to one.
struct SwizzledParams {
  uint32_t face_alignment = 128;   // cube faces (array layers use the same rule)
};

class SwizzledLayout final : public MiptreeLayout {
 public:
  SwizzledLayout(const MiptreeDesc& desc, const SwizzledParams& params = {});
  LayoutKind kind() const override { return LayoutKind::SWIZZLED; }
  uint64_t texel_offset(unsigned level, unsigned layer, unsigned x, unsigned y, unsigned z) const override;
  uint64_t level_offset(unsigned level) const override;
  uint64_t layer_offset(unsigned layer) const override;
  uint64_t level_size(unsigned level) const override;
  uint32_t row_pitch(unsigned level) const override;
  uint64_t total_size() const override;

  // Morton index of block (x, y, z) in a level of log2 sizes (lw, lh, ld), in blocks.
  static uint64_t swizzle_index(uint32_t x, uint32_t y, uint32_t z, unsigned log2_w, unsigned log2_h, unsigned log2_d);

 private:
  struct LevelGeometry { unsigned log2_w, log2_h, log2_d; };
  LevelGeometry level_geometry(unsigned level) const;
  SwizzledParams params_;
  uint32_t laid_out_height_;  // cube maps: the width (non-square faces are laid out square)
  uint64_t chain_size_ = 0, layer_stride_ = 0;
};

// NV40 render target rules (seed 004): pitch a non-zero multiple of 64 for linear targets (the
// hardware ignores the pitch of swizzled targets), offset a multiple of 64 for both.
inline constexpr uint32_t kNv40RenderTargetPitchAlignment = 64;
inline constexpr uint32_t kNv40RenderTargetOffsetAlignment = 64;
bool nv40_render_target_ok(bool swizzled, uint32_t pitch, uint64_t offset);
// Smallest valid linear render-target pitch for a row of `row_bytes`.
uint32_t nv40_render_target_pitch(uint32_t row_bytes);

// Parameters a layout factory may read; each kind reads its own member.
struct LayoutParams {
  LinearParams linear;
  SwizzledParams swizzled;
  const void* extra = nullptr;  // kind-specific data for layouts registered later (e.g. AMD tiling info)
};

// The hook where further layouts plug in: factories keyed by LayoutKind. Owned by the caller
// (no global state); with_builtin_layouts() has LINEAR and SWIZZLED registered.
class LayoutRegistry {
 public:
  using Factory = std::function<std::unique_ptr<MiptreeLayout>(const MiptreeDesc&, const LayoutParams&)>;
  static LayoutRegistry with_builtin_layouts();
  void add(LayoutKind kind, Factory factory);  // replaces an existing factory of that kind
  bool has(LayoutKind kind) const;
  // nullptr when no factory is registered for `kind`.
  std::unique_ptr<MiptreeLayout> create(LayoutKind kind, const MiptreeDesc& desc, const LayoutParams& params = {}) const;

 private:
  std::map<LayoutKind, Factory> factories_;
};

}  // namespace glvk::formats
