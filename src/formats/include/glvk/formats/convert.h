// The conversion engine (the role of Mesa's _mesa_format_convert): converts a rectangle of pixels
// between two formats, each a table Format or a GL client (format, type) pair, with an optional
// rebase swizzle and byte swapping. Fast paths (plain copy, byte shuffles, unorm8 <-> float,
// depth/stencil repacking) produce the same values as the generic float/integer path.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

#include <glvk/formats/format.h>
#include <glvk/formats/gl_client.h>

namespace glvk::formats {

// What convert() reads or writes.
class PixelFormat {
 public:
  PixelFormat(Format format);  // NOLINT: implicit on purpose, a Format is a PixelFormat
  static PixelFormat from_array(const ArrayFormat&);
  // nullopt when GL defines no memory layout for the pair (see format_from_format_and_type).
  static std::optional<PixelFormat> from_gl(uint32_t gl_format, uint32_t gl_type);

  const FormatDesc& desc() const { return desc_; }
  uint32_t bytes_per_block() const { return desc_.block_bits / 8; }
  size_t row_bytes(unsigned width) const;     // bytes of one tightly packed row (of blocks) of `width` pixels
  unsigned block_rows(unsigned height) const;  // rows of blocks holding `height` pixel rows

 private:
  PixelFormat() = default;
  FormatDesc desc_{};
};

enum class ConvertStatus {
  OK,
  UNSUPPORTED_FORMAT,  // compressed or planar destination, planar source, NONE
  INCOMPATIBLE,        // pure integer <-> normalized/float, colour <-> depth/stencil, no common ZS channel
};
const char* convert_status_name(ConvertStatus);

struct ConvertParams {
  // RGBA -> RGBA applied between unpacking and packing (compute_rgba2base2rgba_component_mapping);
  // nullptr for none. Ignored for depth/stencil.
  const Swizzle* rebase_swizzle = nullptr;
  unsigned src_swap_unit = 1;  // 2 or 4: the source bytes are swapped in units of this size (UNPACK_SWAP_BYTES)
  unsigned dst_swap_unit = 1;  // 2 or 4: swap the written destination (PACK_SWAP_BYTES)
  // Clamp colour components to [0, 1] after unpacking (glReadPixels' read colour clamp, GL 4.6
  // section 18.2.8). No effect on integer, depth and stencil data.
  bool clamp_to_unit = false;
};

// Checks a pair without converting anything.
ConvertStatus can_convert(const PixelFormat& dst_format, const PixelFormat& src_format);

// Strides are bytes between rows (rows of blocks for compressed sources, which decode through
// <glvk/formats/compressed.h>; compressed destinations are not supported). Nothing is written unless
// the result is OK.
ConvertStatus convert(void* dst, const PixelFormat& dst_format, size_t dst_stride, const void* src,
                      const PixelFormat& src_format, size_t src_stride, unsigned width, unsigned height,
                      const ConvertParams& params = {});

// Which path convert() takes for a pair: "copy", "shuffle8_to4", "shuffle", "unorm8_to_float",
// "float_to_unorm8", "float_to_half", "half_to_float", "zs_rotate", "decode" (compressed source) or "generic" (or the status name when the pair is not convertible).
const char* convert_path_name(const PixelFormat& dst_format, const PixelFormat& src_format,
                              const Swizzle* rebase_swizzle = nullptr);

// The _mesa_format_convert shape: rebase swizzle only (nullptr for none).
inline ConvertStatus convert(void* dst, const PixelFormat& dst_format, size_t dst_stride, const void* src,
                             const PixelFormat& src_format, size_t src_stride, unsigned width, unsigned height,
                             const Swizzle* rebase_swizzle) {
  ConvertParams params;
  params.rebase_swizzle = rebase_swizzle;
  return convert(dst, dst_format, dst_stride, src, src_format, src_stride, width, height, params);
}

// The reference path only (no fast paths): for tests and benchmarks that compare against it.
ConvertStatus convert_generic(void* dst, const PixelFormat& dst_format, size_t dst_stride, const void* src,
                              const PixelFormat& src_format, size_t src_stride, unsigned width,
                              unsigned height, const ConvertParams& params = {});

}  // namespace glvk::formats
