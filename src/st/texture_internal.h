// st-private pieces the texture files share (texture.cpp: resources and texel transfers;
// texture_blit.cpp, texture_clear.cpp, texture_copy.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "glvk/formats/convert.h"
#include "glvk/st/texture.h"
#include "glvk/vk_backend/commands.h"
#include "screen_impl.h"

namespace glvk::st {

inline bool is_3d(const TextureLayout& layout) { return layout.target == TextureTarget::TEXTURE_3D; }

inline VkImageType image_type(TextureTarget target) {
  switch (target) {
    case TextureTarget::TEXTURE_1D:
    case TextureTarget::TEXTURE_1D_ARRAY: return VK_IMAGE_TYPE_1D;
    case TextureTarget::TEXTURE_3D: return VK_IMAGE_TYPE_3D;
    default: return VK_IMAGE_TYPE_2D;
  }
}

inline std::uint32_t blocks(std::uint32_t texels, std::uint32_t block) { return (texels + block - 1) / block; }

// formats::convert of a large image split by rows into slices run on the WorkerPool (issue 19: the
// conversion, not the copy, is what limits a converting transfer): images over
// kParallelConvertBytes of 1x1-block formats, when the machine has more than one core. The slices
// write disjoint rows; formats::convert keeps no state between calls.
formats::ConvertStatus convert_across_cores(void* dst, const formats::PixelFormat& dst_format, std::size_t dst_stride,
                                            const void* src, const formats::PixelFormat& src_format,
                                            std::size_t src_stride, unsigned width, unsigned height,
                                            const formats::ConvertParams& params);

// Staged transfers of more than a few MB (`staged_bytes`) of one 2D slice go in bands of rows, each
// submitted on its own, so the device's copy of one band overlaps the CPU's copy, conversion, split
// or merge of the next (on lavapipe the device is another thread). One band otherwise.
std::vector<Box> row_bands(const Texture& texture, const Box& box, std::size_t staged_bytes);

// A read of a staged (not host-accessible, whole-texel) texture box of several bands: every band's
// device copy submitted first, then each band waited for and handed to `read` (its tight rows and
// slices) while the device copies the later ones. False (nothing done) for one band, split
// depth/stencil or host-accessible textures. `read` runs under the screen's lock.
using BandReader = std::function<void(const Box& band, const std::byte* texels, std::size_t row_stride,
                                      std::size_t image_stride)>;
bool texture_read_in_bands(Texture& texture, unsigned level, const Box& box, const BandReader& read);

// The screen's lock held for the length of a scope, with its state at hand.
struct Locked {
  Screen::Impl& s;
  std::lock_guard<std::mutex> lock;
  explicit Locked(Screen& screen) : s(screen.impl()), lock(screen.impl().mutex) {}
};

// texture_blit.cpp:
// The rendering region of `box` of `level` (3D: slices as layers).
vk_backend::RenderRegion render_region(const Texture& texture, unsigned level, const Box& box);
// The box of layers [first, first + count) of a level (3D: every slice).
Box level_box(const Texture& texture, unsigned level, unsigned first, unsigned count);
// A texture of one level in `view`'s own format standing in for layers [first, first + count) of
// `level` (3D: every slice), filled from the view when `with_contents`. Vulkan blits, resolves and
// clears work in the image's format: a view that reinterprets its image uses this instead.
std::unique_ptr<Texture> stand_in_for(Texture& view, unsigned level, unsigned first, unsigned count,
                                      bool with_contents);
// Writes a stand-in back into the layers of the view it stood in for.
void write_back(Texture& stand_in, Texture& view, unsigned level, unsigned first);

}  // namespace glvk::st
