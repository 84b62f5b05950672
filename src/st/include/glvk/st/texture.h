// Texture resources (the pipe_resource of a texture): one VkImage holding every level and layer
// of a GL texture, and the writes and reads of texel boxes the upload and readback paths use.
#pragma once

#include <cstddef>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "glvk/formats/format.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/result.h"
#include "glvk/st/transfer.h"

namespace glvk::vk_backend {
class Buffer;
class Image;
}

namespace glvk::st {

class Screen;

struct TextureLayout {
  TextureTarget target = TextureTarget::TEXTURE_2D;
  formats::Format format = formats::Format::NONE;  // the storage format (ChosenFormat::storage)
  std::uint32_t width = 1, height = 1, depth = 1;  // of level 0; depth > 1 only for 3D
  std::uint32_t layers = 1;                        // array layers; 6 per cube, 6n for cube arrays
  std::uint32_t levels = 1;
  std::uint32_t samples = 0;                       // 0 or 1: single-sampled
  // Texture views may share the image (immutable textures): cube views of square arrays need
  // VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT, views in other formats of the format's view class
  // VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT (mutable_format).
  bool viewable = false;
  bool mutable_format = false;

  std::uint32_t level_width(unsigned level) const { return width >> level ? width >> level : 1; }
  std::uint32_t level_height(unsigned level) const;
  std::uint32_t level_depth(unsigned level) const;
};

// The number of levels of a full mipmap chain for a level-0 size (floor(log2(max)) + 1).
std::uint32_t full_mip_count(const TextureLayout& layout);

class Texture {
 public:
  // Throws vk_backend::Error when the device cannot create the image.
  Texture(std::shared_ptr<Screen> screen, const TextureLayout& layout, unsigned bindings);
  // A texture view (glTextureView): shares `original`'s image; its level 0 and layer 0 are the
  // original's `first_level` and `first_layer`, and `view` describes it (its own format, which
  // must have the size of the image's: texel copies move the same bytes in either format).
  Texture(const Texture& original, const TextureLayout& view, unsigned first_level, unsigned first_layer);
  ~Texture();
  Texture(const Texture&) = delete;
  Texture& operator=(const Texture&) = delete;

  const TextureLayout& layout() const { return layout_; }
  Screen& screen() const { return *screen_; }
  const std::shared_ptr<Screen>& shared_screen() const { return screen_; }
  vk_backend::Image& image() const { return *image_; }
  const std::shared_ptr<vk_backend::Image>& shared_image() const { return image_; }
  // Where this texture's levels and layers sit in the (possibly shared) image.
  unsigned image_level(unsigned level) const { return first_level_ + level; }
  unsigned image_layer(unsigned layer) const { return first_layer_ + layer; }
  // Whether the image was created in another format than this texture's: Vulkan blits, resolves
  // and clears would read or write it in the image's format, so they go through a copy.
  bool reinterprets_image() const;

 private:
  std::shared_ptr<Screen> screen_;
  TextureLayout layout_;
  std::shared_ptr<vk_backend::Image> image_;
  unsigned first_level_ = 0, first_layer_ = 0;
};

// The constructors above for callers outside st: the device's failure comes back as a Result
// (OUT_OF_MEMORY, or UNSUPPORTED for a view that cannot share the image, with the backend's
// message) instead of a vk_backend::Error.
Made<Texture> create_texture(std::shared_ptr<Screen> screen, const TextureLayout& layout, unsigned bindings);
Made<Texture> create_texture_view(const Texture& original, const TextureLayout& view, unsigned first_level,
                                  unsigned first_layer);

// Whether a view of `original`'s format as `view` can share its image: both formats have one
// Vulkan format each and the same block size and dimensions (size-compatible), or are the same.
bool can_share_image(formats::Format original, formats::Format view);

// A box of one level: x, y, z and width, height, depth in texels, where z/depth count depth
// slices of a 3D texture and layers of every other target. Texels are in the texture's format,
// `row_stride` bytes between rows of blocks and `image_stride` bytes between slices.
// A linear texture the GPU is not using is written in place (one copy); a busy one, and every
// optimal-tiling texture, through a staging buffer and a GPU copy, throttled by the GART/4 rule
// (past a quarter of the staging heap in flight, the work is submitted and waited for). Reads of
// a linear texture wait for the GPU and copy out of the image itself.
void texture_write(Texture& texture, unsigned level, const Box& box, const void* texels, std::size_t row_stride,
                   std::size_t image_stride);
void texture_read(Texture& texture, unsigned level, const Box& box, void* texels, std::size_t row_stride,
                  std::size_t image_stride);

// Combined depth/stencil texels in another combined layout than the storage's, split per aspect as
// they are staged and merged as they are read back (one pass: GL's UNSIGNED_INT_24_8 and
// Z24_UNORM_S8_UINT storage need no conversion pass). Only where same_depth_stencil_channels says
// so: both combined depth/stencil, the same depth bits and kind, 8-bit stencil.
bool same_depth_stencil_channels(formats::Format texels, formats::Format storage);
void texture_write_depth_stencil(Texture& texture, unsigned level, const Box& box, const void* texels,
                                 formats::Format texel_format, std::size_t row_stride, std::size_t image_stride);
void texture_read_depth_stencil(Texture& texture, unsigned level, const Box& box, void* texels,
                                formats::Format texel_format, std::size_t row_stride, std::size_t image_stride);

// The same from a buffer resource (a pixel buffer object), on the GPU: `row_length` texels per
// row and `image_height` rows per slice, from `offset` bytes into the buffer.
void texture_write_from_buffer(Texture& texture, unsigned level, const Box& box, Resource& buffer,
                               std::uint64_t offset, std::uint32_t row_length, std::uint32_t image_height);
void texture_read_to_buffer(Texture& texture, unsigned level, const Box& box, Resource& buffer,
                            std::uint64_t offset, std::uint32_t row_length, std::uint32_t image_height);

// A texture map (si_texture_transfer_map adapted to Vulkan: a linear texture is mapped in place,
// optimal-tiling images go through a staging copy, depth/stencil through a copy of each aspect).
struct TextureTransfer {
  Texture* texture = nullptr;
  unsigned level = 0;
  unsigned usage = 0;  // PIPE_TRANSFER_* bits
  Box box;
  std::size_t stride = 0, layer_stride = 0;  // of the mapped texels (rows of blocks, slices)
  bool direct = false;                       // the pointer is the image's own memory
  std::shared_ptr<vk_backend::Buffer> staging;  // otherwise: mapped staging from the screen's pool
};

// Maps a box of a level. A linear texture (see ScreenOptions::texture_tiling) is mapped directly
// after the GPU's uses of it finished (not waited for with UNSYNCHRONIZED), except that a
// write-only map of a busy one stages. Otherwise READ copies the texels into staging first; a
// WRITE-only map skips that copy. DONTBLOCK returns null (and *out null) while the GPU still uses
// the texture. Logged with GLVK_DEBUG=transfer in the seed's format.
void* texture_transfer_map(Texture& texture, unsigned level, unsigned usage, const Box& box, TextureTransfer** out);
// Writes the staging texels back when the map was a WRITE map, then frees the transfer.
void texture_transfer_unmap(TextureTransfer* transfer);

// GPU clears of whole layers [first_layer, first_layer + layers) of a level: colour as float,
// signed or unsigned integers (the storage format's kind), depth/stencil by aspect. A 3D texture's
// colour clear takes every depth slice of the level (Vulkan's transfer clear has no slice range).
enum class ClearKind : std::uint8_t { FLOAT, SINT, UINT };
void texture_clear_color(Texture& texture, unsigned level, unsigned first_layer, unsigned layers,
                         const std::uint32_t value[4], ClearKind kind);
void texture_clear_depth_stencil(Texture& texture, unsigned level, unsigned first_layer, unsigned layers,
                                 bool depth, float depth_value, bool stencil, std::uint32_t stencil_value);
// The render-target path of clears (scissored, masked or multisample): the rectangle x, y, width,
// height of `box` in layers z .. z + depth - 1 (3D: depth slices) of `level`, drawn through dynamic
// rendering. `value` and `write_mask` are in the storage format's RGBA order; `srgb_as_linear`
// writes an sRGB storage's bits without encoding (GL_FRAMEBUFFER_SRGB off). False, with nothing
// done, when the storage cannot be a render target; the caller then takes another path.
bool texture_clear_color_region(Texture& texture, unsigned level, const Box& box, const std::uint32_t value[4],
                                ClearKind kind, const std::array<bool, 4>& write_mask, bool srgb_as_linear);
bool texture_clear_depth_stencil_region(Texture& texture, unsigned level, const Box& box, bool depth,
                                        float depth_value, bool stencil, std::uint32_t stencil_value,
                                        std::uint32_t stencil_write_mask);

// Copies a box from one texture level into another of a different format, converting on the GPU
// (vkCmdBlitImage, same size: a pure format conversion). The formats must be blit-compatible.
void texture_blit(Texture& src, unsigned src_level, const Box& src_box, Texture& dst, unsigned dst_level,
                  const Box& dst_box);

// How glBlitFramebuffer copies one buffer: the filter, which aspects of a depth/stencil buffer,
// and whether sRGB buffers are decoded and encoded (GL_FRAMEBUFFER_SRGB; off, their bits are
// taken and written as they are).
struct BlitOptions {
  bool linear = false;
  bool depth = true;
  bool stencil = true;
  bool srgb = true;
};

// glBlitFramebuffer's copy of one buffer: rect = x0, y0, x1, y1, flipped where x1 < x0 or y1 < y0,
// scaled by the rectangles' ratio. vkCmdBlitImage where it can; an internal shader for colour into
// multisample buffers, formats without blit support and sRGB buffers seen as linear. A multisample
// source is resolved (kept size; colour averaged, depth/stencil sample 0), or copied into a
// multisample destination of its format. False, with nothing done, when no path exists (e.g.
// depth into a multisample buffer).
bool texture_blit_scaled(Texture& src, unsigned src_level, int src_layer, const int src_rect[4], Texture& dst,
                         unsigned dst_level, int dst_layer, const int dst_rect[4], const BlitOptions& options);

// Fills levels base+1 .. last of every layer from the level above, each a 2x2(x2) box-filtered
// reduction (glGenerateMipmap): GPU blits with a linear filter where the device can blit the
// format, else on the CPU through the format library in float (compressed images decoded and
// encoded again, depth images by their depth values; a stencil aspect is not kept).
void texture_generate_mipmap(Texture& texture, unsigned base_level, unsigned last_level);
// Whether texture_generate_mipmap can reduce images stored in `storage`: not integers, nor
// compressed formats without an encoder.
bool can_generate_mipmap(formats::Format storage);

// Whether converting GPU blits beat CPU conversion on this screen's device: yes on GPUs, no on a
// CPU device (lavapipe runs blits as shaders on the CPU). GLVK_TEXTURE_TRANSFER=blit|cpu overrides.
bool prefer_blit_based_texture_transfer(Screen& screen);

// The screen's answer to is_format_supported (its Vulkan device).
const FormatSupport& format_support(Screen& screen);

// Copies the texels of `src_box` of a level into `dst_box` of another texture's level as raw bits
// (vkCmdCopyImage where Vulkan can, else through the CPU; glCopyImageSubData). The formats must
// have the same block size (one compressed block is one texel of an uncompressed format) and the
// boxes as many blocks, taken in the same order (slices, then rows: a 1D array's layers may land
// in a 2D image's rows).
void texture_copy(Texture& src, unsigned src_level, const Box& src_box, Texture& dst, unsigned dst_level,
                  const Box& dst_box);

// `box` of a level whose texels are `storage`, read as tight texels of `as` (rows of blocks, then
// slices) and written from them: copied as they are when the formats are one, else converted on
// the CPU channel for channel (no rebase; glCopyImageSubData's GL bits of a padded or reordered
// storage).
void texture_read_as(Texture& texture, unsigned level, const Box& box, formats::Format storage, formats::Format as,
                     std::byte* out);
void texture_write_as(Texture& texture, unsigned level, const Box& box, formats::Format storage,
                      formats::Format from, const std::byte* texels);

// glCopyTexImage's copy from a read buffer: `src_box` of a level of `src` (one slice) into `dst_box`
// of `dst`, converted on the CPU from `src_storage` to `dst_storage` (the images' storages) with the
// rebase of the destination's GL base format (consecutive rows land in consecutive layers when
// `dst_box` has depth > 1: 1D arrays). UNSUPPORTED, with nothing written, when the format library
// cannot convert between them.
Result texture_copy_converting(Texture& src, unsigned src_level, const Box& src_box, formats::Format src_storage,
                               Texture& dst, unsigned dst_level, const Box& dst_box, formats::Format dst_storage,
                               std::uint32_t dst_base_format);

// Whether texture_copy can copy raw bits between textures of these formats: blocks of one size,
// and depth/stencil formats only to themselves.
bool can_copy_raw(formats::Format src, formats::Format dst);

// Copies whole levels between two textures of the same format (reallocation keeps what was
// uploaded): src_level of `src` into dst_level of `dst`, every layer both have.
void texture_copy_level(Texture& src, unsigned src_level, Texture& dst, unsigned dst_level);

// Combined depth/stencil texels split into Vulkan's per-aspect buffer layouts and back: depth as
// 16- or 32-bit words (D24 in the low 24 bits), stencil as bytes. `count` texels of `format`.
void split_depth_stencil(formats::Format format, const std::byte* texels, std::size_t count, std::byte* depth,
                         std::byte* stencil);
void merge_depth_stencil(formats::Format format, const std::byte* depth, const std::byte* stencil,
                         std::size_t count, std::byte* texels);
// Bytes per texel of the depth aspect in a buffer copy (2 or 4).
unsigned depth_aspect_bytes(formats::Format format);

}  // namespace glvk::st
