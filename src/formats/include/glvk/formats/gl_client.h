// GL client-side pixel formats: internal formats, (format, type) pairs, pixel-store addressing.
// GL enums are plain uint32_t values (GLenum) so this header needs no GL header; the tables are
// generated from src/formats/gl/*.csv with values taken from the Khronos gl.xml.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include <glvk/formats/format.h>

namespace glvk::formats {

// What an internal format may be attached to a framebuffer as (GL 4.6 section 9.4: colour-,
// depth-, stencil-renderable).
enum Renderable : uint8_t {
  RENDERABLE_COLOR = 1u << 0,
  RENDERABLE_DEPTH = 1u << 1,
  RENDERABLE_STENCIL = 1u << 2,
};

// Internal format -> base internal format (_mesa_base_tex_format), sized/unsized, renderability.
struct InternalFormatInfo {
  uint32_t internal_format;
  uint32_t base_format;  // GL_RGBA, GL_LUMINANCE, GL_DEPTH_STENCIL, ...
  bool sized;
  const char* name;
  uint8_t renderable;    // Renderable bits, compatibility profile
  uint32_t view_class;   // GL_VIEW_CLASS_* (GL 4.6 table 8.22), 0: viewable only as itself
};
const InternalFormatInfo* find_internal_format(uint32_t internal_format);  // nullptr when unknown
uint32_t base_tex_format(uint32_t internal_format);                         // 0 when unknown
uint8_t framebuffer_renderable(uint32_t internal_format);                   // 0 when unknown
// Whether a texture of internal format `a` may be viewed as `b` (glTextureView): the same format,
// or both in one view class (GL 4.6 section 8.18).
bool view_compatible(uint32_t a, uint32_t b);

// mesa_array_format: components stored as consecutive elements of one type.
struct ArrayFormat {
  uint8_t type_size;  // bytes per element: 1, 2 or 4
  bool is_signed;
  bool is_float;      // type_size 2 = half float
  bool normalized;    // false for the *_INTEGER client formats
  uint8_t num_channels;
  Swizzle swizzle[4];  // RGBA <- element index, ZERO or ONE
  // The MESA_ARRAY_FORMAT bit encoding of seed 000 (swizzle values 0-3, 4 = zero, 5 = one).
  uint32_t encode() const;
  friend bool operator==(const ArrayFormat&, const ArrayFormat&) = default;
};

// What (format, type) means in memory: an array format or a packed Format.
struct ClientFormat {
  bool is_array;
  ArrayFormat array;  // when is_array
  Format format;      // when !is_array
};

// _mesa_format_from_format_and_type: nullopt for pairs GL does not define (or GL_BITMAP/COLOR_INDEX).
// Ignores byte swapping, as Mesa does: callers swap first (swap_bytes).
std::optional<ClientFormat> format_from_format_and_type(uint32_t gl_format, uint32_t gl_type);

// GL_DEPTH_COMPONENT / GL_STENCIL_INDEX with any array type (which _mesa_format_from_format_and_type
// does not cover, but glTexImage/glReadPixels accept): a one-channel depth/stencil description.
// Integer types are normalized for depth (unsigned: c/(2^b-1), signed: snorm) and plain integers
// for stencil. nullopt for other pairs.
std::optional<FormatDesc> describe_client_depth_stencil(uint32_t gl_format, uint32_t gl_type);

int components_in_format(uint32_t gl_format);      // _mesa_components_in_format, -1 when unknown
bool is_integer_format(uint32_t gl_format);         // _mesa_is_enum_format_integer
int bytes_per_pixel(uint32_t gl_format, uint32_t gl_type);  // -1 for an invalid pair, 0 for GL_BITMAP
unsigned swap_unit_size(uint32_t gl_type);          // bytes swapped together under GL_*_SWAP_BYTES (1 = none)
void swap_bytes(void* data, size_t count, unsigned unit_size);  // in place: count units of 2 or 4 bytes

// GL enum <-> name for the client formats and types known to the tables ("GL_RGBA", "GL_UNSIGNED_BYTE").
std::optional<uint32_t> gl_client_format_by_name(std::string_view name);
std::optional<uint32_t> gl_type_by_name(std::string_view name);
const char* gl_client_format_name(uint32_t gl_format);  // nullptr when unknown
const char* gl_type_name(uint32_t gl_type);

// Every GL_UNPACK_* / GL_PACK_* parameter (gl_pixelstore_attrib).
struct PixelStore {
  int alignment = 4;
  int row_length = 0;    // 0: the image width
  int image_height = 0;  // 0: the image height
  int skip_pixels = 0;
  int skip_rows = 0;
  int skip_images = 0;   // 3D only
  bool swap_bytes = false;
  bool lsb_first = false;  // GL_BITMAP only
};

// _mesa_image_row_stride / _mesa_image_image_stride: bytes between rows / images; -1 for a bad pair.
long image_row_stride(const PixelStore&, int width, uint32_t gl_format, uint32_t gl_type);
long image_image_stride(const PixelStore&, int width, int height, uint32_t gl_format, uint32_t gl_type);

// _mesa_image_address: where pixel (column, row, image) lives, skips applied (skip_images for dims 3).
struct PixelAddress {
  long offset;       // bytes from the start of the client buffer; -1 for a bad pair
  uint8_t bit_mask;  // GL_BITMAP: the pixel's bit in that byte (honours lsb_first); 0 otherwise
};
PixelAddress image_address(int dims, const PixelStore&, int width, int height, uint32_t gl_format,
                           uint32_t gl_type, int image, int row, int column);

// _mesa_compute_rgba2base2rgba_component_mapping: the swizzle that drops what base_format does not
// store and rebuilds RGBA from it (GL_LUMINANCE: R,R,R,1). Returns false for GL_RGBA (no rebase needed)
// and for unknown base formats.
bool compute_rgba2base2rgba_component_mapping(uint32_t base_format, Swizzle map[4]);

}  // namespace glvk::formats
