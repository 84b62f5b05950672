#include <glvk/formats/gl_client.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include <algorithm>
#include <cstring>
#include <span>
#include <glvk/formats/checked_size.h>

#include "gl_tables.h"

namespace glvk::formats {

namespace {

// The row of `table` (ordered by its key, gen_gl_tables.py) whose `Key` member is `value`.
template <auto Key, typename Row>
const Row* find_row(std::span<const Row> table, uint32_t value) {
  const auto it = std::lower_bound(table.begin(), table.end(), value,
                                   [](const Row& row, uint32_t v) { return uint32_t(row.*Key) < v; });
  return it != table.end() && uint32_t((*it).*Key) == value ? &*it : nullptr;
}

const detail::GlTypeInfo* find_type(uint32_t type) { return find_row<&detail::GlTypeInfo::type>(detail::kGlTypes, type); }

const detail::GlClientFormatInfo* find_client_format(uint32_t format) {
  return find_row<&detail::GlClientFormatInfo::format>(detail::kGlClientFormats, format);
}

const detail::GlPackedFormat* find_packed(uint32_t format, uint32_t type) {
  for (const auto& p : detail::kGlPackedFormats)
    if (p.format == format && p.type == type) return &p;
  return nullptr;
}

CheckedSize align_up(CheckedSize value, long alignment) {
  if (!value.valid()) return value;
  const std::uint64_t remainder = value.value() % std::uint64_t(alignment);
  return remainder ? value + CheckedSize(std::uint64_t(alignment) - remainder) : value;
}

// A checked size as the long the _mesa_image_* functions return: -1 when it overflowed.
long as_long(CheckedSize size) { return size.value_or<long>(-1); }

// Row stride in bytes and the bytes per pixel (0 for GL_BITMAP); false for a bad pair. Checked:
// the pixel store values may be as large as GLint allows.
bool row_layout(const PixelStore& pack, int width, uint32_t format, uint32_t type, CheckedSize* row_stride, long* bpp) {
  const int alignment = pack.alignment > 0 ? pack.alignment : 1;
  const CheckedSize pixels_per_row = pack.row_length > 0 ? pack.row_length : width;
  if (type == GL_BITMAP) {
    if (format != GL_COLOR_INDEX && format != GL_STENCIL_INDEX) return false;
    *bpp = 0;
    const CheckedSize bits = pixels_per_row + 7;
    *row_stride = align_up(bits.valid() ? CheckedSize(bits.value() / 8) : bits, alignment);
    return true;
  }
  const int bytes = bytes_per_pixel(format, type);
  if (bytes <= 0) return false;
  *bpp = bytes;
  *row_stride = align_up(pixels_per_row * bytes, alignment);
  return true;
}

}  // namespace

const InternalFormatInfo* find_internal_format(uint32_t internal_format) {
  return find_row<&InternalFormatInfo::internal_format>(detail::kGlInternalFormats, internal_format);
}

uint32_t base_tex_format(uint32_t internal_format) {
  const InternalFormatInfo* info = find_internal_format(internal_format);
  return info ? info->base_format : 0;
}

uint8_t framebuffer_renderable(uint32_t internal_format) {
  const InternalFormatInfo* info = find_internal_format(internal_format);
  return info ? info->renderable : 0;
}

bool view_compatible(uint32_t a, uint32_t b) {
  if (a == b) return true;
  const InternalFormatInfo* ia = find_internal_format(a);
  const InternalFormatInfo* ib = find_internal_format(b);
  return ia && ib && ia->view_class != 0 && ia->view_class == ib->view_class;
}

uint32_t ArrayFormat::encode() const {
  uint32_t bits = (uint32_t(type_size >> 1) & 0x3) | (uint32_t(is_signed) << 2) | (uint32_t(is_float) << 3) |
                  (uint32_t(normalized) << 4) | ((uint32_t(num_channels) << 5) & 0xe0);
  for (int i = 0; i < 4; ++i) bits |= (uint32_t(swizzle[i]) & 0x7) << (8 + 3 * i);
  return bits | 0x80000000u;
}

std::optional<ClientFormat> format_from_format_and_type(uint32_t gl_format, uint32_t gl_type) {
  const detail::GlTypeInfo* type = find_type(gl_type);
  const detail::GlClientFormatInfo* format = find_client_format(gl_format);
  if (!type || !format) return std::nullopt;
  if (type->array && format->array_capable) {
    ClientFormat result{};
    result.is_array = true;
    result.array.type_size = type->bytes;
    result.array.is_signed = type->kind != 'U';
    result.array.is_float = type->kind == 'F';
    result.array.normalized = !format->integer;
    result.array.num_channels = format->components;
    std::memcpy(result.array.swizzle, format->swizzle, sizeof(result.array.swizzle));
    result.format = Format::NONE;
    // GL forbids float types with integer formats.
    if (format->integer && type->kind == 'F') return std::nullopt;
    return result;
  }
  if (const detail::GlPackedFormat* packed = find_packed(gl_format, gl_type)) {
    ClientFormat result{};
    result.is_array = false;
    result.format = packed->glvk_format;
    return result;
  }
  return std::nullopt;
}

std::optional<FormatDesc> describe_client_depth_stencil(uint32_t gl_format, uint32_t gl_type) {
  const detail::GlTypeInfo* type = find_type(gl_type);
  const bool depth = gl_format == GL_DEPTH_COMPONENT, stencil = gl_format == GL_STENCIL_INDEX;
  if (!type || !type->array || !(depth || stencil)) return std::nullopt;
  if (stencil && type->kind == 'F') return std::nullopt;  // stencil indices are integers
  FormatDesc d{};
  d.format = Format::NONE;
  d.name = depth ? "client depth" : "client stencil";
  d.layout = Layout::PLAIN;
  d.block_width = d.block_height = d.block_depth = 1;
  d.block_bits = uint16_t(type->bytes * 8);
  d.nr_channels = 1;
  Channel& ch = d.channel[0];
  ch.type = type->kind == 'F' ? ChannelType::FLOAT : type->kind == 'S' ? ChannelType::SIGNED : ChannelType::UNSIGNED;
  ch.normalized = depth && type->kind != 'F';
  ch.pure_integer = stencil;
  ch.size = uint8_t(type->bytes * 8);
  ch.shift = 0;
  for (Swizzle& sw : d.swizzle) sw = Swizzle::NONE;
  d.swizzle[depth ? 0 : 1] = Swizzle::X;
  d.colorspace = Colorspace::ZS;
  d.is_array = true;
  d.is_bitmask = type->kind != 'F';
  d.is_unorm = ch.normalized && type->kind == 'U';
  d.is_snorm = ch.normalized && type->kind == 'S';
  d.is_depth = depth;
  d.is_stencil = stencil;
  d.is_float_any = type->kind == 'F';
  d.srgb_equivalent = d.linear_equivalent = Format::NONE;
  for (int i = 0; i < 4; ++i) d.vk_swizzle[i] = static_cast<Swizzle>(i);
  d.compressed_family = -1;
  d.vk_format_name = "VK_FORMAT_UNDEFINED";
  return d;
}

int components_in_format(uint32_t gl_format) {
  const detail::GlClientFormatInfo* format = find_client_format(gl_format);
  return format ? format->components : -1;
}

bool is_integer_format(uint32_t gl_format) {
  const detail::GlClientFormatInfo* format = find_client_format(gl_format);
  return format && format->integer;
}

int bytes_per_pixel(uint32_t gl_format, uint32_t gl_type) {
  const detail::GlTypeInfo* type = find_type(gl_type);
  const detail::GlClientFormatInfo* format = find_client_format(gl_format);
  if (!type || !format) return -1;
  if (gl_type == GL_BITMAP) return (gl_format == GL_COLOR_INDEX || gl_format == GL_STENCIL_INDEX) ? 0 : -1;
  if (type->array && (format->array_capable || gl_format == GL_COLOR_INDEX || gl_format == GL_STENCIL_INDEX ||
                      gl_format == GL_DEPTH_COMPONENT))
    return format->components * type->bytes;
  if (!type->array && find_packed(gl_format, gl_type)) return type->bytes;
  return -1;
}

unsigned swap_unit_size(uint32_t gl_type) {
  const detail::GlTypeInfo* type = find_type(gl_type);
  if (!type || type->bytes < 2) return 1;
  return type->bytes > 4 ? 4 : type->bytes;
}

void swap_bytes(void* data, size_t count, unsigned unit_size) {
  auto* bytes = static_cast<uint8_t*>(data);
  if (unit_size == 2) {
    for (size_t i = 0; i < count; ++i) {
      uint16_t v;
      std::memcpy(&v, bytes + 2 * i, 2);
      v = __builtin_bswap16(v);
      std::memcpy(bytes + 2 * i, &v, 2);
    }
  } else if (unit_size == 4) {
    for (size_t i = 0; i < count; ++i) {
      uint32_t v;
      std::memcpy(&v, bytes + 4 * i, 4);
      v = __builtin_bswap32(v);
      std::memcpy(bytes + 4 * i, &v, 4);
    }
  }
}

std::optional<uint32_t> gl_client_format_by_name(std::string_view name) {
  for (const auto& f : detail::kGlClientFormats)
    if (name == f.name) return f.format;
  return std::nullopt;
}

std::optional<uint32_t> gl_type_by_name(std::string_view name) {
  for (const auto& t : detail::kGlTypes)
    if (name == t.name) return t.type;
  return std::nullopt;
}

const char* gl_client_format_name(uint32_t gl_format) {
  const detail::GlClientFormatInfo* format = find_client_format(gl_format);
  return format ? format->name : nullptr;
}

const char* gl_type_name(uint32_t gl_type) {
  const detail::GlTypeInfo* type = find_type(gl_type);
  return type ? type->name : nullptr;
}

long image_row_stride(const PixelStore& pack, int width, uint32_t gl_format, uint32_t gl_type) {
  CheckedSize stride;
  long bpp = 0;
  return row_layout(pack, width, gl_format, gl_type, &stride, &bpp) ? as_long(stride) : -1;
}

long image_image_stride(const PixelStore& pack, int width, int height, uint32_t gl_format, uint32_t gl_type) {
  CheckedSize row;
  long bpp = 0;
  if (!row_layout(pack, width, gl_format, gl_type, &row, &bpp)) return -1;
  return as_long(row * CheckedSize(pack.image_height > 0 ? pack.image_height : height));
}

PixelAddress image_address(int dims, const PixelStore& pack, int width, int height, uint32_t gl_format,
                           uint32_t gl_type, int image, int row, int column) {
  CheckedSize row_stride;
  long bpp = 0;
  if (!row_layout(pack, width, gl_format, gl_type, &row_stride, &bpp)) return {-1, 0};
  const CheckedSize rows_per_image = pack.image_height > 0 ? pack.image_height : height;
  const CheckedSize image_stride = row_stride * rows_per_image;
  const CheckedSize first_image = dims == 3 ? CheckedSize(pack.skip_images) + CheckedSize(image) : CheckedSize(0);
  const CheckedSize x = CheckedSize(pack.skip_pixels) + CheckedSize(column);
  const CheckedSize offset = first_image * image_stride + (CheckedSize(pack.skip_rows) + CheckedSize(row)) * row_stride;
  if (gl_type == GL_BITMAP) {
    if (!x.valid()) return {-1, 0};
    const int bit = int(x.value() % 8);
    return {as_long(offset + CheckedSize(x.value() / 8)), uint8_t(pack.lsb_first ? 1u << bit : 0x80u >> bit)};
  }
  return {as_long(offset + x * bpp), 0};
}

bool compute_rgba2base2rgba_component_mapping(uint32_t base_format, Swizzle map[4]) {
  constexpr Swizzle X = Swizzle::X, Y = Swizzle::Y, Z = Swizzle::Z, W = Swizzle::W;
  constexpr Swizzle ZERO = Swizzle::ZERO, ONE = Swizzle::ONE;
  auto set = [map](Swizzle r, Swizzle g, Swizzle b, Swizzle a) {
    map[0] = r;
    map[1] = g;
    map[2] = b;
    map[3] = a;
    return true;
  };
  switch (base_format) {
    case GL_ALPHA: return set(ZERO, ZERO, ZERO, W);
    case GL_LUMINANCE: return set(X, X, X, ONE);
    case GL_LUMINANCE_ALPHA: return set(X, X, X, W);
    case GL_INTENSITY: return set(X, X, X, X);
    case GL_RED: return set(X, ZERO, ZERO, ONE);
    case GL_RG: return set(X, Y, ZERO, ONE);
    case GL_RGB: return set(X, Y, Z, ONE);
    case GL_RGBA: set(X, Y, Z, W); return false;
    default: return false;
  }
}

}  // namespace glvk::formats
