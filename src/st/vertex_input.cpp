#include "vertex_input.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace glvk::st {

ShaderInputType shader_input_type(std::uint32_t gl_type) {
  switch (gl_type) {
    case GL_INT: case GL_INT_VEC2: case GL_INT_VEC3: case GL_INT_VEC4:
    case GL_BOOL: case GL_BOOL_VEC2: case GL_BOOL_VEC3: case GL_BOOL_VEC4:
      return ShaderInputType::Int;
    case GL_UNSIGNED_INT: case GL_UNSIGNED_INT_VEC2: case GL_UNSIGNED_INT_VEC3: case GL_UNSIGNED_INT_VEC4:
      return ShaderInputType::Uint;
    case GL_DOUBLE: case GL_DOUBLE_VEC2: case GL_DOUBLE_VEC3: case GL_DOUBLE_VEC4:
    case GL_DOUBLE_MAT2: case GL_DOUBLE_MAT3: case GL_DOUBLE_MAT4: case GL_DOUBLE_MAT2x3: case GL_DOUBLE_MAT2x4:
    case GL_DOUBLE_MAT3x2: case GL_DOUBLE_MAT3x4: case GL_DOUBLE_MAT4x2: case GL_DOUBLE_MAT4x3:
      return ShaderInputType::Double;
    default:
      return ShaderInputType::Float;
  }
}

std::uint32_t double_rows(std::uint32_t gl_type) {
  switch (gl_type) {
    case GL_DOUBLE: return 1;
    case GL_DOUBLE_VEC2: case GL_DOUBLE_MAT2: case GL_DOUBLE_MAT3x2: case GL_DOUBLE_MAT4x2: return 2;
    case GL_DOUBLE_VEC3: case GL_DOUBLE_MAT3: case GL_DOUBLE_MAT2x3: case GL_DOUBLE_MAT4x3: return 3;
    default: return 4;
  }
}

std::uint32_t attribute_locations(std::uint32_t gl_type) {
  switch (gl_type) {
    case GL_FLOAT_MAT2: case GL_FLOAT_MAT2x3: case GL_FLOAT_MAT2x4:
    case GL_DOUBLE_MAT2: case GL_DOUBLE_MAT2x3: case GL_DOUBLE_MAT2x4: return 2;
    case GL_FLOAT_MAT3: case GL_FLOAT_MAT3x2: case GL_FLOAT_MAT3x4:
    case GL_DOUBLE_MAT3: case GL_DOUBLE_MAT3x2: case GL_DOUBLE_MAT3x4: return 3;
    case GL_FLOAT_MAT4: case GL_FLOAT_MAT4x2: case GL_FLOAT_MAT4x3:
    case GL_DOUBLE_MAT4: case GL_DOUBLE_MAT4x2: case GL_DOUBLE_MAT4x3: return 4;
    default: return 1;
  }
}

namespace {

bool is_packed(GLenum type) {
  return type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV ||
         type == GL_UNSIGNED_INT_10F_11F_11F_REV;
}

std::uint32_t component_bytes(GLenum type) {
  switch (type) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
    case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT: return 2;
    case GL_DOUBLE: return 8;
    default: return 4;
  }
}

// Vulkan formats by component count (index 0..3) for one component type and interpretation.
struct FormatRow {
  VkFormat f[4];
};
constexpr FormatRow kR8Snorm{{VK_FORMAT_R8_SNORM, VK_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8A8_SNORM}};
constexpr FormatRow kR8Sscaled{
    {VK_FORMAT_R8_SSCALED, VK_FORMAT_R8G8_SSCALED, VK_FORMAT_R8G8B8_SSCALED, VK_FORMAT_R8G8B8A8_SSCALED}};
constexpr FormatRow kR8Sint{{VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8A8_SINT}};
constexpr FormatRow kR8Unorm{{VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8A8_UNORM}};
constexpr FormatRow kR8Uscaled{
    {VK_FORMAT_R8_USCALED, VK_FORMAT_R8G8_USCALED, VK_FORMAT_R8G8B8_USCALED, VK_FORMAT_R8G8B8A8_USCALED}};
constexpr FormatRow kR8Uint{{VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8A8_UINT}};
constexpr FormatRow kR16Snorm{
    {VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM, VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16A16_SNORM}};
constexpr FormatRow kR16Sscaled{
    {VK_FORMAT_R16_SSCALED, VK_FORMAT_R16G16_SSCALED, VK_FORMAT_R16G16B16_SSCALED, VK_FORMAT_R16G16B16A16_SSCALED}};
constexpr FormatRow kR16Sint{
    {VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_SINT}};
constexpr FormatRow kR16Unorm{
    {VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16A16_UNORM}};
constexpr FormatRow kR16Uscaled{
    {VK_FORMAT_R16_USCALED, VK_FORMAT_R16G16_USCALED, VK_FORMAT_R16G16B16_USCALED, VK_FORMAT_R16G16B16A16_USCALED}};
constexpr FormatRow kR16Uint{
    {VK_FORMAT_R16_UINT, VK_FORMAT_R16G16_UINT, VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16A16_UINT}};
constexpr FormatRow kR16Float{
    {VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT, VK_FORMAT_R16G16B16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT}};
constexpr FormatRow kR32Sint{
    {VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT, VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT}};
constexpr FormatRow kR32Uint{
    {VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT, VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT}};
constexpr FormatRow kR32Float{
    {VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT, VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT}};
constexpr FormatRow kR64Float{
    {VK_FORMAT_R64_SFLOAT, VK_FORMAT_R64G64_SFLOAT, VK_FORMAT_R64G64B64_SFLOAT, VK_FORMAT_R64G64B64A64_SFLOAT}};

// The row for integer-typed shader inputs (glVertexAttribIPointer, or an integer input fed by a
// float array, whose values GL leaves undefined: its bits are fetched as integers). Vulkan's
// format must have the input's signedness, and a narrow one extends by it: bytes and shorts of
// the other signedness (GL_BYTE into a uvec4 sign-extends, GL_UNSIGNED_BYTE into an ivec4
// zero-extends) have no row and are converted (convert_vertices).
const FormatRow* integer_row(GLenum type, ShaderInputType input) {
  const bool sint = input == ShaderInputType::Int;
  switch (type) {
    case GL_BYTE: return sint ? &kR8Sint : nullptr;
    case GL_UNSIGNED_BYTE: return sint ? nullptr : &kR8Uint;
    case GL_SHORT: return sint ? &kR16Sint : nullptr;
    case GL_UNSIGNED_SHORT: return sint ? nullptr : &kR16Uint;
    case GL_HALF_FLOAT: return sint ? &kR16Sint : &kR16Uint;
    case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case GL_FIXED: return sint ? &kR32Sint : &kR32Uint;
    default: return nullptr;
  }
}

}  // namespace

std::uint32_t attribute_element_bytes(const VertexAttribInput& attrib) {
  if (is_packed(attrib.type)) return 4;
  const std::uint32_t components = attrib.size == GL_BGRA ? 4 : std::uint32_t(attrib.size);
  return components * component_bytes(attrib.type);
}

std::uint32_t attribute_alignment(const VertexAttribInput& attrib) {
  return is_packed(attrib.type) ? 4 : std::min<std::uint32_t>(component_bytes(attrib.type), 4);
}

std::optional<VkFormat> native_vertex_format(const VertexAttribInput& a, ShaderInputType input) {
  const bool bgra = a.size == GL_BGRA;
  const unsigned n = bgra ? 4 : unsigned(std::clamp(a.size, 1, 4));
  if (input == ShaderInputType::Int || input == ShaderInputType::Uint) {
    const FormatRow* row = integer_row(a.type, input);
    if (!row || bgra) return std::nullopt;
    return row->f[n - 1];
  }
  if (input == ShaderInputType::Double) {
    if (a.type != GL_DOUBLE || a.kind != GL_DOUBLE) return std::nullopt;
    return kR64Float.f[n - 1];
  }
  if (a.kind == GL_DOUBLE) return std::nullopt;
  switch (a.type) {
    case GL_BYTE: return bgra ? std::nullopt : std::optional((a.normalized ? kR8Snorm : kR8Sscaled).f[n - 1]);
    case GL_UNSIGNED_BYTE:
      if (bgra) return a.normalized ? std::optional(VK_FORMAT_B8G8R8A8_UNORM) : std::nullopt;
      return (a.normalized ? kR8Unorm : kR8Uscaled).f[n - 1];
    case GL_SHORT: return bgra ? std::nullopt : std::optional((a.normalized ? kR16Snorm : kR16Sscaled).f[n - 1]);
    case GL_UNSIGNED_SHORT: return bgra ? std::nullopt : std::optional((a.normalized ? kR16Unorm : kR16Uscaled).f[n - 1]);
    case GL_HALF_FLOAT: return bgra ? std::nullopt : std::optional(kR16Float.f[n - 1]);
    case GL_FLOAT: return bgra ? std::nullopt : std::optional(kR32Float.f[n - 1]);
    case GL_INT_2_10_10_10_REV:
      if (bgra) return a.normalized ? VK_FORMAT_A2R10G10B10_SNORM_PACK32 : VK_FORMAT_A2R10G10B10_SSCALED_PACK32;
      return a.normalized ? VK_FORMAT_A2B10G10R10_SNORM_PACK32 : VK_FORMAT_A2B10G10R10_SSCALED_PACK32;
    case GL_UNSIGNED_INT_2_10_10_10_REV:
      if (bgra) return a.normalized ? VK_FORMAT_A2R10G10B10_UNORM_PACK32 : VK_FORMAT_A2R10G10B10_USCALED_PACK32;
      return a.normalized ? VK_FORMAT_A2B10G10R10_UNORM_PACK32 : VK_FORMAT_A2B10G10R10_USCALED_PACK32;
    case GL_UNSIGNED_INT_10F_11F_11F_REV: return VK_FORMAT_B10G11R11_UFLOAT_PACK32;
    default: return std::nullopt;  // INT, UNSIGNED_INT (no 32-bit scaled/normalized), FIXED, DOUBLE
  }
}

namespace {

float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = (h >> 15) & 1, exponent = (h >> 10) & 31, mantissa = h & 1023;
  float value;
  if (exponent == 0) value = std::ldexp(float(mantissa), -24);
  else if (exponent == 31) value = mantissa ? NAN : INFINITY;
  else value = std::ldexp(float(mantissa | 1024), int(exponent) - 25);
  return sign ? -value : value;
}

// An unsigned float of `mantissa_bits` and a 5-bit exponent (GL 4.6 2.3.4.3 and 2.3.4.4).
float small_float(std::uint32_t bits, unsigned mantissa_bits) {
  const std::uint32_t exponent = bits >> mantissa_bits, mantissa = bits & ((1u << mantissa_bits) - 1);
  if (exponent == 0) return std::ldexp(float(mantissa), -14 - int(mantissa_bits));
  if (exponent == 31) return mantissa ? NAN : INFINITY;
  return std::ldexp(float(mantissa | (1u << mantissa_bits)), int(exponent) - 15 - int(mantissa_bits));
}

// GL 4.6 equation 2.2 (unsigned) and 2.3 (signed) for a `bits`-wide normalized value.
float normalize_unsigned(double c, unsigned bits) { return float(c / (std::ldexp(1.0, int(bits)) - 1.0)); }
float normalize_signed(double c, unsigned bits) {
  return float(std::max(c / (std::ldexp(1.0, int(bits) - 1) - 1.0), -1.0));
}

std::int32_t sign_extend(std::uint32_t value, unsigned bits) {
  const std::uint32_t m = 1u << (bits - 1);
  return std::int32_t((value ^ m) - m);
}

// One element's components as doubles (exact for every GL type) and whether they are integers.
void fetch(const VertexAttribInput& a, const std::byte* p, double out[4], unsigned& n) {
  n = a.size == GL_BGRA ? 4 : unsigned(a.size);
  if (is_packed(a.type)) {
    std::uint32_t w;
    std::memcpy(&w, p, 4);
    if (a.type == GL_UNSIGNED_INT_10F_11F_11F_REV) {
      out[0] = small_float(w & 0x7ff, 6);
      out[1] = small_float((w >> 11) & 0x7ff, 6);
      out[2] = small_float(w >> 22, 5);
      n = 3;
      return;
    }
    const bool is_signed = a.type == GL_INT_2_10_10_10_REV;
    const std::uint32_t fields[4] = {w & 1023, (w >> 10) & 1023, (w >> 20) & 1023, w >> 30};
    for (unsigned i = 0; i < 4; ++i) {
      const unsigned bits = i == 3 ? 2 : 10;
      const double c = is_signed ? double(sign_extend(fields[i], bits)) : double(fields[i]);
      out[i] = a.normalized ? (is_signed ? normalize_signed(c, bits) : normalize_unsigned(c, bits)) : c;
    }
    if (a.size == GL_BGRA) std::swap(out[0], out[2]);
    n = a.size == GL_BGRA ? 4 : unsigned(a.size);
    return;
  }
  const std::uint32_t bytes = component_bytes(a.type);
  for (unsigned i = 0; i < n; ++i) {
    const std::byte* c = p + i * bytes;
    double v = 0;
    switch (a.type) {
      case GL_BYTE: { std::int8_t x; std::memcpy(&x, c, 1); v = a.normalized ? normalize_signed(x, 8) : x; break; }
      case GL_UNSIGNED_BYTE: { std::uint8_t x; std::memcpy(&x, c, 1); v = a.normalized ? normalize_unsigned(x, 8) : x; break; }
      case GL_SHORT: { std::int16_t x; std::memcpy(&x, c, 2); v = a.normalized ? normalize_signed(x, 16) : x; break; }
      case GL_UNSIGNED_SHORT: { std::uint16_t x; std::memcpy(&x, c, 2); v = a.normalized ? normalize_unsigned(x, 16) : x; break; }
      case GL_INT: { std::int32_t x; std::memcpy(&x, c, 4); v = a.normalized ? normalize_signed(x, 32) : x; break; }
      case GL_UNSIGNED_INT: { std::uint32_t x; std::memcpy(&x, c, 4); v = a.normalized ? normalize_unsigned(x, 32) : x; break; }
      case GL_HALF_FLOAT: { std::uint16_t x; std::memcpy(&x, c, 2); v = half_to_float(x); break; }
      case GL_FLOAT: { float x; std::memcpy(&x, c, 4); v = x; break; }
      case GL_DOUBLE: { double x; std::memcpy(&x, c, 8); v = x; break; }
      case GL_FIXED: { std::int32_t x; std::memcpy(&x, c, 4); v = x / 65536.0; break; }  // GL 4.6 10.3.5: s15.16
      default: break;
    }
    out[i] = v;
  }
  if (a.size == GL_BGRA) std::swap(out[0], out[2]);
}

}  // namespace

void convert_vertices(const VertexAttribInput& a, ShaderInputType input, const std::byte* src, std::uint32_t count,
                      std::uint32_t stride, std::byte* dst) {
  const bool integer = input == ShaderInputType::Int || input == ShaderInputType::Uint;
  for (std::uint32_t v = 0; v < count; ++v, src += stride, dst += 16) {
    double c[4] = {0, 0, 0, 1};
    unsigned n = 0;
    if (integer) {
      // Integer inputs take the bits GL passes through (glVertexAttribIPointer).
      std::uint32_t words[4] = {0, 0, 0, 1};
      n = a.size == GL_BGRA ? 4 : unsigned(a.size);
      const std::uint32_t bytes = component_bytes(a.type);
      for (unsigned i = 0; i < n && i < 4; ++i) {
        const std::byte* p = src + i * bytes;
        switch (a.type) {
          case GL_BYTE: { std::int8_t x; std::memcpy(&x, p, 1); words[i] = std::uint32_t(std::int32_t(x)); break; }
          case GL_UNSIGNED_BYTE: { std::uint8_t x; std::memcpy(&x, p, 1); words[i] = x; break; }
          case GL_SHORT: { std::int16_t x; std::memcpy(&x, p, 2); words[i] = std::uint32_t(std::int32_t(x)); break; }
          case GL_UNSIGNED_SHORT: { std::uint16_t x; std::memcpy(&x, p, 2); words[i] = x; break; }
          default: std::memcpy(&words[i], p, 4); break;
        }
      }
      std::memcpy(dst, words, 16);
      continue;
    }
    fetch(a, src, c, n);
    const float f[4] = {float(c[0]), float(c[1]), float(c[2]), float(c[3])};
    std::memcpy(dst, f, 16);
  }
}

void convert_vertices_to_doubles(const VertexAttribInput& a, const std::byte* src, std::uint32_t count,
                                 std::uint32_t stride, std::byte* dst) {
  for (std::uint32_t v = 0; v < count; ++v, src += stride, dst += 32) {
    double c[4] = {0, 0, 0, 1};
    unsigned n = 0;
    fetch(a, src, c, n);
    std::memcpy(dst, c, 32);
  }
}

}  // namespace glvk::st
