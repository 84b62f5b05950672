// The GL 4.6 model behind texture_format_matrix_test.cpp (included by it alone): the client
// formats and types and their legal pairs, the internal formats and what they store, the spec's
// value decoding and quantization, the generated cases and client data, and the values the spec
// expects back. Computed from the spec, never from glvk (see the test file for the readings).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <sstream>
#include <string>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

constexpr int kWidth = 5, kHeight = 3, kTexels = kWidth * kHeight;

// ---------------------------------------------------------------------------------------------
// The client side: formats (table 8.3) and types (tables 8.2 and 8.5).

// A client component. L is luminance (copied to R, G and B on unpack).
enum class Element { R, G, B, A, L, DEPTH, STENCIL };

enum class ClientKind { COLOR, INTEGER, DEPTH, STENCIL, DEPTH_STENCIL };

struct ClientFormat {
  GLenum format;
  const char* name;
  ClientKind kind;
  std::vector<Element> elements;  // in memory order
};

#define GL_NAME(x) GL_##x, #x

const std::vector<ClientFormat> kClientFormats = {
    {GL_NAME(RED), ClientKind::COLOR, {Element::R}},
    {GL_NAME(GREEN), ClientKind::COLOR, {Element::G}},
    {GL_NAME(BLUE), ClientKind::COLOR, {Element::B}},
    {GL_NAME(ALPHA), ClientKind::COLOR, {Element::A}},
    {GL_NAME(RG), ClientKind::COLOR, {Element::R, Element::G}},
    {GL_NAME(RGB), ClientKind::COLOR, {Element::R, Element::G, Element::B}},
    {GL_NAME(BGR), ClientKind::COLOR, {Element::B, Element::G, Element::R}},
    {GL_NAME(RGBA), ClientKind::COLOR, {Element::R, Element::G, Element::B, Element::A}},
    {GL_NAME(BGRA), ClientKind::COLOR, {Element::B, Element::G, Element::R, Element::A}},
    {GL_NAME(LUMINANCE), ClientKind::COLOR, {Element::L}},
    {GL_NAME(LUMINANCE_ALPHA), ClientKind::COLOR, {Element::L, Element::A}},
    {GL_NAME(RED_INTEGER), ClientKind::INTEGER, {Element::R}},
    {GL_NAME(GREEN_INTEGER), ClientKind::INTEGER, {Element::G}},
    {GL_NAME(BLUE_INTEGER), ClientKind::INTEGER, {Element::B}},
    {GL_NAME(ALPHA_INTEGER), ClientKind::INTEGER, {Element::A}},
    {GL_NAME(RG_INTEGER), ClientKind::INTEGER, {Element::R, Element::G}},
    {GL_NAME(RGB_INTEGER), ClientKind::INTEGER, {Element::R, Element::G, Element::B}},
    {GL_NAME(BGR_INTEGER), ClientKind::INTEGER, {Element::B, Element::G, Element::R}},
    {GL_NAME(RGBA_INTEGER), ClientKind::INTEGER, {Element::R, Element::G, Element::B, Element::A}},
    {GL_NAME(BGRA_INTEGER), ClientKind::INTEGER, {Element::B, Element::G, Element::R, Element::A}},
    {GL_NAME(DEPTH_COMPONENT), ClientKind::DEPTH, {Element::DEPTH}},
    {GL_NAME(STENCIL_INDEX), ClientKind::STENCIL, {Element::STENCIL}},
    {GL_NAME(DEPTH_STENCIL), ClientKind::DEPTH_STENCIL, {Element::DEPTH, Element::STENCIL}},
};

enum class TypeKind {
  UNSIGNED,  // one unsigned integer per element
  SIGNED,    // one two's-complement integer per element
  HALF,      // one binary16 per element
  FLOAT,     // one binary32 per element
  PACKED,    // unsigned bitfields in one integer per pixel (tables 8.6-8.8)
  PACKED_UFLOAT,          // UNSIGNED_INT_10F_11F_11F_REV: unsigned 11/10-bit floats
  PACKED_SHARED_EXPONENT, // UNSIGNED_INT_5_9_9_9_REV
  PACKED_DEPTH_STENCIL,   // UNSIGNED_INT_24_8
  FLOAT_DEPTH_STENCIL,    // FLOAT_32_UNSIGNED_INT_24_8_REV: binary32 depth, then 24 unused bits and stencil
};

struct ClientType {
  GLenum type;
  const char* name;
  TypeKind kind;
  int bytes;                 // per element (array types) or per pixel (packed types)
  std::vector<int> widths;   // packed: field widths as the name lists them, most significant first
  bool reversed = false;     // packed _REV: the first component is in the least significant field
  std::vector<GLenum> formats = {};  // packed: the formats table 8.5 pairs it with
};

const std::vector<GLenum> kRgbFormats = {GL_RGB, GL_RGB_INTEGER};
const std::vector<GLenum> kRgbaFormats = {GL_RGBA, GL_BGRA, GL_RGBA_INTEGER, GL_BGRA_INTEGER};

const std::vector<ClientType> kClientTypes = {
    {GL_NAME(UNSIGNED_BYTE), TypeKind::UNSIGNED, 1, {}},
    {GL_NAME(BYTE), TypeKind::SIGNED, 1, {}},
    {GL_NAME(UNSIGNED_SHORT), TypeKind::UNSIGNED, 2, {}},
    {GL_NAME(SHORT), TypeKind::SIGNED, 2, {}},
    {GL_NAME(UNSIGNED_INT), TypeKind::UNSIGNED, 4, {}},
    {GL_NAME(INT), TypeKind::SIGNED, 4, {}},
    {GL_NAME(HALF_FLOAT), TypeKind::HALF, 2, {}},
    {GL_NAME(FLOAT), TypeKind::FLOAT, 4, {}},
    {GL_NAME(UNSIGNED_BYTE_3_3_2), TypeKind::PACKED, 1, {3, 3, 2}, false, kRgbFormats},
    {GL_NAME(UNSIGNED_BYTE_2_3_3_REV), TypeKind::PACKED, 1, {2, 3, 3}, true, kRgbFormats},
    {GL_NAME(UNSIGNED_SHORT_5_6_5), TypeKind::PACKED, 2, {5, 6, 5}, false, kRgbFormats},
    {GL_NAME(UNSIGNED_SHORT_5_6_5_REV), TypeKind::PACKED, 2, {5, 6, 5}, true, kRgbFormats},
    {GL_NAME(UNSIGNED_SHORT_4_4_4_4), TypeKind::PACKED, 2, {4, 4, 4, 4}, false, kRgbaFormats},
    {GL_NAME(UNSIGNED_SHORT_4_4_4_4_REV), TypeKind::PACKED, 2, {4, 4, 4, 4}, true, kRgbaFormats},
    {GL_NAME(UNSIGNED_SHORT_5_5_5_1), TypeKind::PACKED, 2, {5, 5, 5, 1}, false, kRgbaFormats},
    {GL_NAME(UNSIGNED_SHORT_1_5_5_5_REV), TypeKind::PACKED, 2, {1, 5, 5, 5}, true, kRgbaFormats},
    {GL_NAME(UNSIGNED_INT_8_8_8_8), TypeKind::PACKED, 4, {8, 8, 8, 8}, false, kRgbaFormats},
    {GL_NAME(UNSIGNED_INT_8_8_8_8_REV), TypeKind::PACKED, 4, {8, 8, 8, 8}, true, kRgbaFormats},
    {GL_NAME(UNSIGNED_INT_10_10_10_2), TypeKind::PACKED, 4, {10, 10, 10, 2}, false, kRgbaFormats},
    {GL_NAME(UNSIGNED_INT_2_10_10_10_REV), TypeKind::PACKED, 4, {2, 10, 10, 10}, true, kRgbaFormats},
    {GL_NAME(UNSIGNED_INT_10F_11F_11F_REV), TypeKind::PACKED_UFLOAT, 4, {10, 11, 11}, true, {GL_RGB}},
    {GL_NAME(UNSIGNED_INT_5_9_9_9_REV), TypeKind::PACKED_SHARED_EXPONENT, 4, {5, 9, 9, 9}, true, {GL_RGB}},
    {GL_NAME(UNSIGNED_INT_24_8), TypeKind::PACKED_DEPTH_STENCIL, 4, {24, 8}, false, {GL_DEPTH_STENCIL}},
    {GL_NAME(FLOAT_32_UNSIGNED_INT_24_8_REV), TypeKind::FLOAT_DEPTH_STENCIL, 8, {}, false, {GL_DEPTH_STENCIL}},
};

bool is_packed(const ClientType& t) {
  return t.kind != TypeKind::UNSIGNED && t.kind != TypeKind::SIGNED && t.kind != TypeKind::HALF &&
         t.kind != TypeKind::FLOAT;
}

// Whether GL 4.6 accepts the pair at all (tables 8.2, 8.3, 8.5; section 8.4.4.1).
bool pair_is_legal(const ClientFormat& f, const ClientType& t) {
  if (is_packed(t)) return std::find(t.formats.begin(), t.formats.end(), f.format) != t.formats.end();
  switch (f.kind) {
    case ClientKind::COLOR:
    case ClientKind::DEPTH: return true;
    // Integer formats never take floating-point types (section 8.4.4.1).
    case ClientKind::INTEGER: return t.kind == TypeKind::UNSIGNED || t.kind == TypeKind::SIGNED;
    // Floating-point stencil indices are left out (see the header).
    case ClientKind::STENCIL: return t.kind == TypeKind::UNSIGNED || t.kind == TypeKind::SIGNED;
    case ClientKind::DEPTH_STENCIL: return false;  // only its two packed types
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// The texture side: internal formats and how each component is stored.

enum class Encoding { NONE, UNORM, SNORM, FLOAT, UFLOAT, SHARED_EXPONENT, UINT, SINT };

struct Stored {
  Encoding encoding = Encoding::NONE;
  int bits = 0;  // UFLOAT: 11 or 10; FLOAT: 16 or 32; SHARED_EXPONENT: mantissa bits (9)
};

// Texture components: 0-3 are R, G, B, A (luminance and intensity live in 0); depth textures
// keep depth in 0 and stencil in 1.
struct InternalFormat {
  GLint value;
  const char* name;
  GLenum base;
  Encoding encoding;           // NONE for unsized formats: the GL chooses (queried after upload)
  std::array<int, 4> bits{};   // bits per component, as above
};

bool is_depth_or_stencil(GLenum base) {
  return base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL || base == GL_STENCIL_INDEX;
}
bool is_integer(const InternalFormat& f) { return f.encoding == Encoding::UINT || f.encoding == Encoding::SINT; }

#define U(x, base, ...) {GL_##x, #x, GL_##base, Encoding::UNORM, {__VA_ARGS__}}
#define S(x, base, ...) {GL_##x, #x, GL_##base, Encoding::SNORM, {__VA_ARGS__}}
#define F(x, base, ...) {GL_##x, #x, GL_##base, Encoding::FLOAT, {__VA_ARGS__}}
#define UI(x, base, ...) {GL_##x, #x, GL_##base, Encoding::UINT, {__VA_ARGS__}}
#define SI(x, base, ...) {GL_##x, #x, GL_##base, Encoding::SINT, {__VA_ARGS__}}
#define UNSIZED(x, base) {GL_##x, #x, GL_##base, Encoding::NONE, {}}

// Table 8.12 (sized colour formats) with the compatibility profile's alpha/luminance/intensity
// sized formats, ARB_texture_float's and EXT_texture_snorm's (advertised by glvk).
const std::vector<InternalFormat> kColorFormats = {
    U(R8, RED, 8), S(R8_SNORM, RED, 8), U(R16, RED, 16), S(R16_SNORM, RED, 16),
    U(RG8, RG, 8, 8), S(RG8_SNORM, RG, 8, 8), U(RG16, RG, 16, 16), S(RG16_SNORM, RG, 16, 16),
    U(R3_G3_B2, RGB, 3, 3, 2), U(RGB4, RGB, 4, 4, 4), U(RGB5, RGB, 5, 5, 5), U(RGB565, RGB, 5, 6, 5),
    U(RGB8, RGB, 8, 8, 8), S(RGB8_SNORM, RGB, 8, 8, 8), U(RGB10, RGB, 10, 10, 10), U(RGB12, RGB, 12, 12, 12),
    U(RGB16, RGB, 16, 16, 16), S(RGB16_SNORM, RGB, 16, 16, 16), U(RGBA2, RGBA, 2, 2, 2, 2),
    U(RGBA4, RGBA, 4, 4, 4, 4), U(RGB5_A1, RGBA, 5, 5, 5, 1), U(RGBA8, RGBA, 8, 8, 8, 8),
    S(RGBA8_SNORM, RGBA, 8, 8, 8, 8), U(RGB10_A2, RGBA, 10, 10, 10, 2), U(RGBA12, RGBA, 12, 12, 12, 12),
    U(RGBA16, RGBA, 16, 16, 16, 16), S(RGBA16_SNORM, RGBA, 16, 16, 16, 16),
    // sRGB: stored encoded, without conversion (see the header).
    U(SRGB8, RGB, 8, 8, 8), U(SRGB8_ALPHA8, RGBA, 8, 8, 8, 8),
    F(R16F, RED, 16), F(RG16F, RG, 16, 16), F(RGB16F, RGB, 16, 16, 16), F(RGBA16F, RGBA, 16, 16, 16, 16),
    F(R32F, RED, 32), F(RG32F, RG, 32, 32), F(RGB32F, RGB, 32, 32, 32), F(RGBA32F, RGBA, 32, 32, 32, 32),
    {GL_NAME(R11F_G11F_B10F), GL_RGB, Encoding::UFLOAT, {11, 11, 10, 0}},
    {GL_NAME(RGB9_E5), GL_RGB, Encoding::SHARED_EXPONENT, {9, 9, 9, 0}},
    // Compatibility profile sized formats.
    U(ALPHA4, ALPHA, 0, 0, 0, 4), U(ALPHA8, ALPHA, 0, 0, 0, 8), U(ALPHA12, ALPHA, 0, 0, 0, 12),
    U(ALPHA16, ALPHA, 0, 0, 0, 16), U(LUMINANCE4, LUMINANCE, 4), U(LUMINANCE8, LUMINANCE, 8),
    U(LUMINANCE12, LUMINANCE, 12), U(LUMINANCE16, LUMINANCE, 16),
    U(LUMINANCE4_ALPHA4, LUMINANCE_ALPHA, 4, 0, 0, 4), U(LUMINANCE6_ALPHA2, LUMINANCE_ALPHA, 6, 0, 0, 2),
    U(LUMINANCE8_ALPHA8, LUMINANCE_ALPHA, 8, 0, 0, 8), U(LUMINANCE12_ALPHA4, LUMINANCE_ALPHA, 12, 0, 0, 4),
    U(LUMINANCE12_ALPHA12, LUMINANCE_ALPHA, 12, 0, 0, 12), U(LUMINANCE16_ALPHA16, LUMINANCE_ALPHA, 16, 0, 0, 16),
    U(INTENSITY4, INTENSITY, 4), U(INTENSITY8, INTENSITY, 8), U(INTENSITY12, INTENSITY, 12),
    U(INTENSITY16, INTENSITY, 16), U(SLUMINANCE8, LUMINANCE, 8), U(SLUMINANCE8_ALPHA8, LUMINANCE_ALPHA, 8, 0, 0, 8),
    // EXT_texture_snorm.
    S(ALPHA8_SNORM, ALPHA, 0, 0, 0, 8), S(ALPHA16_SNORM, ALPHA, 0, 0, 0, 16), S(LUMINANCE8_SNORM, LUMINANCE, 8),
    S(LUMINANCE16_SNORM, LUMINANCE, 16), S(LUMINANCE8_ALPHA8_SNORM, LUMINANCE_ALPHA, 8, 0, 0, 8),
    S(LUMINANCE16_ALPHA16_SNORM, LUMINANCE_ALPHA, 16, 0, 0, 16), S(INTENSITY8_SNORM, INTENSITY, 8),
    S(INTENSITY16_SNORM, INTENSITY, 16),
    // ARB_texture_float.
    F(ALPHA16F_ARB, ALPHA, 0, 0, 0, 16), F(LUMINANCE16F_ARB, LUMINANCE, 16),
    F(LUMINANCE_ALPHA16F_ARB, LUMINANCE_ALPHA, 16, 0, 0, 16), F(INTENSITY16F_ARB, INTENSITY, 16),
    F(ALPHA32F_ARB, ALPHA, 0, 0, 0, 32), F(LUMINANCE32F_ARB, LUMINANCE, 32),
    F(LUMINANCE_ALPHA32F_ARB, LUMINANCE_ALPHA, 32, 0, 0, 32), F(INTENSITY32F_ARB, INTENSITY, 32),
};

const std::vector<InternalFormat> kIntegerFormats = {
    SI(R8I, RED, 8), UI(R8UI, RED, 8), SI(R16I, RED, 16), UI(R16UI, RED, 16), SI(R32I, RED, 32), UI(R32UI, RED, 32),
    SI(RG8I, RG, 8, 8), UI(RG8UI, RG, 8, 8), SI(RG16I, RG, 16, 16), UI(RG16UI, RG, 16, 16),
    SI(RG32I, RG, 32, 32), UI(RG32UI, RG, 32, 32),
    SI(RGB8I, RGB, 8, 8, 8), UI(RGB8UI, RGB, 8, 8, 8), SI(RGB16I, RGB, 16, 16, 16), UI(RGB16UI, RGB, 16, 16, 16),
    SI(RGB32I, RGB, 32, 32, 32), UI(RGB32UI, RGB, 32, 32, 32),
    SI(RGBA8I, RGBA, 8, 8, 8, 8), UI(RGBA8UI, RGBA, 8, 8, 8, 8), SI(RGBA16I, RGBA, 16, 16, 16, 16),
    UI(RGBA16UI, RGBA, 16, 16, 16, 16), SI(RGBA32I, RGBA, 32, 32, 32, 32), UI(RGBA32UI, RGBA, 32, 32, 32, 32),
    UI(RGB10_A2UI, RGBA, 10, 10, 10, 2),
};

// Table 8.13. Depth in component 0, stencil bits in component 1.
const std::vector<InternalFormat> kDepthStencilFormats = {
    U(DEPTH_COMPONENT16, DEPTH_COMPONENT, 16), U(DEPTH_COMPONENT24, DEPTH_COMPONENT, 24),
    // DEPTH_COMPONENT32 is not one of section 8.5.1's required formats, so the GL only matches its
    // 32 bits "as closely as possible"; Vulkan has no 32-bit normalized depth and 24 bits (or a
    // binary32, 24 significant bits) is the closest a Vulkan-based GL can do.
    U(DEPTH_COMPONENT32, DEPTH_COMPONENT, 24), F(DEPTH_COMPONENT32F, DEPTH_COMPONENT, 32),
    U(DEPTH24_STENCIL8, DEPTH_STENCIL, 24, 8), F(DEPTH32F_STENCIL8, DEPTH_STENCIL, 32, 8),
    {GL_NAME(STENCIL_INDEX8), GL_STENCIL_INDEX, Encoding::UINT, {0, 8, 0, 0}},
};

// Table 8.11 and the compatibility profile's base formats (and the legacy 1-4).
const std::vector<InternalFormat> kUnsizedFormats = {
    UNSIZED(ALPHA, ALPHA), UNSIZED(LUMINANCE, LUMINANCE), UNSIZED(LUMINANCE_ALPHA, LUMINANCE_ALPHA),
    UNSIZED(INTENSITY, INTENSITY), UNSIZED(RED, RED), UNSIZED(RG, RG), UNSIZED(RGB, RGB), UNSIZED(RGBA, RGBA),
    // Signed normalized (GL 3.1 core; the legacy four from EXT_texture_snorm).
    UNSIZED(RED_SNORM, RED), UNSIZED(RG_SNORM, RG), UNSIZED(RGB_SNORM, RGB), UNSIZED(RGBA_SNORM, RGBA),
    UNSIZED(ALPHA_SNORM, ALPHA), UNSIZED(LUMINANCE_SNORM, LUMINANCE), UNSIZED(LUMINANCE_ALPHA_SNORM, LUMINANCE_ALPHA),
    UNSIZED(INTENSITY_SNORM, INTENSITY),
    {1, "1", GL_LUMINANCE, Encoding::NONE, {}}, {2, "2", GL_LUMINANCE_ALPHA, Encoding::NONE, {}},
    {3, "3", GL_RGB, Encoding::NONE, {}}, {4, "4", GL_RGBA, Encoding::NONE, {}},
    UNSIZED(SRGB, RGB), UNSIZED(SRGB_ALPHA, RGBA), UNSIZED(SLUMINANCE, LUMINANCE),
    UNSIZED(SLUMINANCE_ALPHA, LUMINANCE_ALPHA), UNSIZED(DEPTH_COMPONENT, DEPTH_COMPONENT),
    UNSIZED(DEPTH_STENCIL, DEPTH_STENCIL), UNSIZED(STENCIL_INDEX, STENCIL_INDEX),
};

#undef U
#undef S
#undef F
#undef UI
#undef SI
#undef UNSIZED

// Whether section 8.5 lets `format` data go into a texture of `internal` (INVALID_OPERATION
// otherwise): depth data only for depth textures (either depth format for either depth base),
// stencil only for stencil, integer only for integer.
bool format_fits(const ClientFormat& f, const InternalFormat& internal) {
  switch (internal.base) {
    case GL_DEPTH_COMPONENT:
    case GL_DEPTH_STENCIL: return f.kind == ClientKind::DEPTH || f.kind == ClientKind::DEPTH_STENCIL;
    case GL_STENCIL_INDEX: return f.kind == ClientKind::STENCIL;
    default: return f.kind == (is_integer(internal) ? ClientKind::INTEGER : ClientKind::COLOR);
  }
}

// ---------------------------------------------------------------------------------------------
// Number formats, written from the spec's definitions (sections 2.3.4 and 2.3.5).

// An unsigned float with `mantissa` bits and a 5-bit exponent of bias 15 (binary16 without the
// sign when `mantissa` is 10; the 11- and 10-bit formats with 6 and 5).
double decode_small_float(std::uint32_t exponent, std::uint32_t mantissa, int mantissa_bits) {
  const double m = double(mantissa) / double(1u << mantissa_bits);
  if (exponent == 0) return std::ldexp(m, -14);
  return std::ldexp(1.0 + m, int(exponent) - 15);
}

double decode_half(std::uint16_t h) {
  const double magnitude = decode_small_float((h >> 10) & 31u, h & 1023u, 10);
  return h & 0x8000 ? -magnitude : magnitude;
}

// One unit in the last place of a float with `mantissa_bits` and smallest normal exponent
// `min_exponent`, at magnitude v.
double float_ulp(double v, int mantissa_bits, int min_exponent) {
  const int e = v == 0 ? min_exponent : std::max(std::ilogb(v), min_exponent);
  return std::ldexp(1.0, e - mantissa_bits);
}

double nearest_small_float(double v, int mantissa_bits) {
  const double ulp = float_ulp(v, mantissa_bits, -14);
  return std::nearbyint(v / ulp) * ulp;
}

double binary32_ulp(double v) { return float_ulp(v, 23, -126); }

// What glGetTexImage's conversion of a stored fixed-point value to FLOAT may add (a multiply by
// the reciprocal of 2^n - 1 in binary32 rounds twice): a few binary32 units, far below any unit of
// the stored precision.
double readback_rounding(double v) { return 4 * binary32_ulp(v); }

// Unsigned normalized: equation 2.1 for the client, 2.3 (with clamping) for the texture.
double unorm_to_float(std::uint64_t c, int bits) { return double(c) / double((std::uint64_t(1) << bits) - 1); }
// Signed normalized: equation 2.2.
double snorm_to_float(std::int64_t c, int bits) {
  return std::max(double(c) / double((std::int64_t(1) << (bits - 1)) - 1), -1.0);
}

// ---------------------------------------------------------------------------------------------
// One case's data: raw client values, their bytes, and the value of each element after unpack.

struct Case {
  const InternalFormat* internal;
  const ClientFormat* format;
  const ClientType* type;
  int alignment;  // GL_UNPACK_ALIGNMENT and GL_PACK_ALIGNMENT
  // Other unpack parameters (section 8.4.4.1): swapped bytes, or a wider row with skipped pixels
  // and rows.
  bool swap_bytes = false;
  int row_length = 0, skip_pixels = 0, skip_rows = 0;
  bool from_pixel_buffer = false;  // the data comes from a GL_PIXEL_UNPACK_BUFFER, at kBufferOffset
  GLuint storage = 0;  // non-zero: glTexSubImage2D into this glTexStorage2D texture, not glTexImage2D
};

// A multiple of every type's size, as section 8.4.4.1 requires of a pixel buffer offset.
constexpr std::size_t kBufferOffset = 8;

std::string describe(const Case& c) {
  std::ostringstream s;
  s << c.internal->name << " <- " << c.format->name << "/" << c.type->name << " (alignment " << c.alignment;
  if (c.swap_bytes) s << ", swapped bytes";
  if (c.row_length) s << ", row length " << c.row_length << ", skip " << c.skip_pixels << " pixels " << c.skip_rows << " rows";
  if (c.from_pixel_buffer) s << ", from a pixel buffer";
  if (c.storage) s << ", glTexSubImage2D into glTexStorage2D storage";
  s << ")";
  return s.str();
}

// Row stride in bytes of a `width`-pixel row (section 8.4.4.1): element size s, n elements
// per pixel, alignment a.
std::size_t row_stride(int width, int element_bytes, int elements_per_pixel, int alignment) {
  const std::size_t bytes = std::size_t(element_bytes) * std::size_t(elements_per_pixel) * std::size_t(width);
  if (element_bytes >= alignment) return bytes;
  return (bytes + std::size_t(alignment) - 1) / std::size_t(alignment) * std::size_t(alignment);
}

// Deterministic values: first the interesting ones (each element of a texel starts at a
// different place in the list so every channel meets each of them), then an LCG.
struct Generator {
  std::uint32_t state;
  std::uint32_t next() { return state = state * 1664525u + 1013904223u; }
  // An integer in [lo, hi].
  std::int64_t integer(std::int64_t lo, std::int64_t hi, int texel, int element) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    const std::int64_t special[] = {lo, hi, 0, mid, 1, -1, mid + 1, hi - 1, lo + 1};
    const int k = texel + 3 * element;
    if (texel < 9) {
      for (int i = 0; i < 9; ++i) {
        const std::int64_t v = special[(k + i) % 9];
        if (v >= lo && v <= hi) return v;
      }
    }
    const std::uint64_t span = std::uint64_t(hi - lo) + 1;
    const std::uint64_t r = (std::uint64_t(next()) << 32) | next();
    return span == 0 ? std::int64_t(r) : lo + std::int64_t(r % span);
  }
  // A float, multiples of 1/64 (exact in binary32), in [lo, hi] after the specials.
  double real(double lo, double hi, int texel, int element) {
    const double special[] = {0.0, 1.0, 0.5, -0.5, -1.0, 2.0, -3.25, 1.0 / 3.0, 0.999, 1e-3, 100.5, -1000.0, 65000.0};
    const int count = int(std::size(special));
    if (texel < 9) {
      for (int i = 0; i < count; ++i) {
        const double v = special[(texel + 3 * element + i) % count];
        if (v >= lo && v <= hi) return double(float(v));
      }
    }
    const double span = std::min(hi, 6.0) - std::max(lo, -4.0);
    return std::max(lo, -4.0) + std::floor(double(next() % 65536u) / 65536.0 * span * 64.0) / 64.0;
  }
};

// The value range a client integer element may take in this case (see the header: integer
// data and DEPTH32F data stay inside what the spec defines).
struct Range {
  std::int64_t lo, hi;
};

Range intersect(Range a, Range b) { return {std::max(a.lo, b.lo), std::min(a.hi, b.hi)}; }

Range type_range(int bits, bool is_signed) {
  if (is_signed) return {-(std::int64_t(1) << (bits - 1)), (std::int64_t(1) << (bits - 1)) - 1};
  return {0, (std::int64_t(1) << bits) - 1};
}

// The texture component a client element ends up in (for integer range limits), or -1.
int target_component(Element e) {
  switch (e) {
    case Element::R: case Element::L: case Element::DEPTH: return 0;
    case Element::G: case Element::STENCIL: return 1;
    case Element::B: return 2;
    case Element::A: return 3;
  }
  return -1;
}

// The range of a texture component that stores integers.
Range stored_range(const InternalFormat& f, int component) {
  const int bits = f.bits[std::size_t(component)];
  if (bits == 0) return {std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()};
  return type_range(bits, f.encoding == Encoding::SINT);
}

// Whether the base format keeps texture component `component` (0-3 = R, G, B, A; L/I in 0).
bool base_has(GLenum base, int component) {
  switch (base) {
    case GL_ALPHA: return component == 3;
    case GL_LUMINANCE: case GL_INTENSITY: case GL_RED: return component == 0;
    case GL_LUMINANCE_ALPHA: return component == 0 || component == 3;
    case GL_RG: return component < 2;
    case GL_RGB: return component < 3;
    case GL_RGBA: return true;
    case GL_DEPTH_COMPONENT: return component == 0;
    case GL_DEPTH_STENCIL: return component < 2;
    case GL_STENCIL_INDEX: return component == 1;
  }
  return false;
}

struct ClientData {
  std::vector<std::uint8_t> bytes;
  // Per texel, the unpacked group: R, G, B, A (section 8.4.4's conversion to RGB and final
  // expansion), or depth in 0 and stencil in 1.
  std::array<std::array<double, 4>, kTexels> group{};
};

// Writes a `size`-byte unit in the host's (little-endian) order, or reversed for
// GL_UNPACK_SWAP_BYTES.
void put(std::vector<std::uint8_t>& bytes, std::size_t offset, std::uint64_t value, int size, bool swap) {
  for (int i = 0; i < size; ++i)
    bytes[offset + std::size_t(swap ? size - 1 - i : i)] = std::uint8_t(value >> (8 * i));
}

// Field (shift, width) of the i-th component of a packed type (tables 8.6-8.8).
std::pair<int, int> packed_field(const ClientType& t, int i) {
  std::vector<int> lsb_first(t.widths.rbegin(), t.widths.rend());
  if (!t.reversed) {
    // The first component is the most significant field.
    int shift = 0;
    for (std::size_t j = std::size_t(i) + 1; j < t.widths.size(); ++j) shift += t.widths[j];
    return {shift, t.widths[std::size_t(i)]};
  }
  int shift = 0;
  for (int j = 0; j < i; ++j) shift += lsb_first[std::size_t(j)];
  return {shift, lsb_first[std::size_t(i)]};
}

void assign(ClientData& data, int texel, Element e, double v) {
  auto& g = data.group[std::size_t(texel)];
  if (e == Element::L)
    g[0] = g[1] = g[2] = v;  // section 8.4.4.1's conversion to RGB
  else
    g[std::size_t(target_component(e))] = v;
}

ClientData make_client_data(const Case& c, unsigned seed) {
  const ClientFormat& f = *c.format;
  const ClientType& t = *c.type;
  const InternalFormat& internal = *c.internal;
  const bool integer_data = f.kind == ClientKind::INTEGER;
  // Floating-point depth (or depth whose representation the GL picks) stays in [0, 1].
  const bool float_depth = (internal.encoding == Encoding::FLOAT || internal.encoding == Encoding::NONE) &&
                           (internal.base == GL_DEPTH_COMPONENT || internal.base == GL_DEPTH_STENCIL);
  const int per_pixel = is_packed(t) ? 1 : int(f.elements.size());
  const std::size_t stride = row_stride(c.row_length ? c.row_length : kWidth, t.bytes, per_pixel, c.alignment);
  const std::size_t pixel_bytes = std::size_t(t.bytes) * std::size_t(per_pixel);
  const std::size_t first = std::size_t(c.skip_rows) * stride + std::size_t(c.skip_pixels) * pixel_bytes;
  const bool swap = c.swap_bytes;
  ClientData data;
  data.bytes.assign(first + stride * kHeight, 0xA5);  // padding and skipped bytes hold a pattern the GL must skip
  for (auto& g : data.group) g = {0.0, 0.0, 0.0, 1.0};  // final expansion to RGBA
  Generator gen{seed * 2654435761u + 7u};

  // The range of an element of `bits` (signedness as given) for this case.
  auto element_range = [&](Element e, int bits, bool is_signed) {
    Range r = type_range(bits, is_signed);
    if (integer_data) {
      const int component = target_component(e);
      if (base_has(internal.base, component)) r = intersect(r, stored_range(internal, component));
    }
    if (e == Element::STENCIL) r = intersect(r, {0, 255});
    if (e == Element::DEPTH && float_depth) r.lo = std::max<std::int64_t>(r.lo, 0);
    return r;
  };
  const double float_lo = float_depth ? 0.0 : -1e9, float_hi = float_depth ? 1.0 : 1e9;

  for (int texel = 0; texel < kTexels; ++texel) {
    const std::size_t offset =
        first + std::size_t(texel / kWidth) * stride + std::size_t(texel % kWidth) * pixel_bytes;
    switch (t.kind) {
      case TypeKind::UNSIGNED:
      case TypeKind::SIGNED: {
        const bool is_signed = t.kind == TypeKind::SIGNED;
        for (std::size_t i = 0; i < f.elements.size(); ++i) {
          const Element e = f.elements[i];
          const Range r = element_range(e, 8 * t.bytes, is_signed);
          const std::int64_t v = gen.integer(r.lo, r.hi, texel, int(i));
          put(data.bytes, offset + i * std::size_t(t.bytes), std::uint64_t(v), t.bytes, swap);
          const bool normalized = !integer_data && e != Element::STENCIL;
          assign(data, texel, e,
                 !normalized ? double(v) : is_signed ? snorm_to_float(v, 8 * t.bytes)
                                                     : unorm_to_float(std::uint64_t(v), 8 * t.bytes));
        }
        break;
      }
      case TypeKind::HALF:
        for (std::size_t i = 0; i < f.elements.size(); ++i) {
          // Raw binary16 with a finite exponent; depth for float textures kept in [0, 1].
          std::uint16_t h;
          const std::uint16_t special[] = {0x0000, 0x3C00, 0x3800, 0xB800, 0xBC00, 0x4000, 0xC100,
                                           0x3555, 0x0001, 0x7BFF, 0x5640, 0xE3D0, 0x03FF};
          const int k = texel + 3 * int(i);
          if (texel < 9) h = special[std::size_t(k) % std::size(special)];
          else h = std::uint16_t((gen.next() >> 8) & 0xFFFF);
          if (((h >> 10) & 31) == 31) h = std::uint16_t(h & ~0x4000);  // no infinities or NaNs
          if (f.elements[i] == Element::DEPTH && float_depth)
            h = std::uint16_t(std::min<std::uint16_t>(h & 0x7FFF, 0x3C00));
          put(data.bytes, offset + i * 2, h, 2, swap);
          assign(data, texel, f.elements[i], decode_half(h));
        }
        break;
      case TypeKind::FLOAT:
        for (std::size_t i = 0; i < f.elements.size(); ++i) {
          const float v = float(gen.real(float_lo, float_hi, texel, int(i)));
          std::uint32_t bits;
          std::memcpy(&bits, &v, 4);
          put(data.bytes, offset + i * 4, bits, 4, swap);
          assign(data, texel, f.elements[i], double(v));
        }
        break;
      case TypeKind::PACKED: {
        std::uint64_t word = 0;
        for (std::size_t i = 0; i < f.elements.size(); ++i) {
          const auto [shift, width] = packed_field(t, int(i));
          const Range r = element_range(f.elements[i], width, false);
          const std::int64_t v = gen.integer(r.lo, r.hi, texel, int(i));
          word |= std::uint64_t(v) << shift;
          assign(data, texel, f.elements[i], integer_data ? double(v) : unorm_to_float(std::uint64_t(v), width));
        }
        put(data.bytes, offset, word, t.bytes, swap);
        break;
      }
      case TypeKind::PACKED_UFLOAT: {
        std::uint64_t word = 0;
        for (std::size_t i = 0; i < 3; ++i) {
          const auto [shift, width] = packed_field(t, int(i));
          const int mantissa_bits = width - 5;
          // Finite values only: exponent below 31.
          const std::int64_t v = gen.integer(0, (std::int64_t(31) << mantissa_bits) - 1, texel, int(i));
          word |= std::uint64_t(v) << shift;
          assign(data, texel, f.elements[i],
                 decode_small_float(std::uint32_t(v) >> mantissa_bits,
                                    std::uint32_t(v) & ((1u << mantissa_bits) - 1), mantissa_bits));
        }
        put(data.bytes, offset, word, 4, swap);
        break;
      }
      case TypeKind::PACKED_SHARED_EXPONENT: {
        // Section 8.5.2: component = mantissa * 2^(exponent - 15 - 9).
        const std::uint32_t word = gen.next() ^ (std::uint32_t(texel) * 0x9E3779B9u);
        const int exponent = int(word >> 27);
        for (int i = 0; i < 3; ++i)
          assign(data, texel, f.elements[std::size_t(i)], std::ldexp(double((word >> (9 * i)) & 511u), exponent - 24));
        put(data.bytes, offset, word, 4, swap);
        break;
      }
      case TypeKind::PACKED_DEPTH_STENCIL: {
        const Range depth = element_range(Element::DEPTH, 24, false);
        const std::int64_t d = gen.integer(depth.lo, depth.hi, texel, 0);
        const std::int64_t s = gen.integer(0, 255, texel, 1);
        put(data.bytes, offset, std::uint64_t(d) << 8 | std::uint64_t(s), 4, swap);
        assign(data, texel, Element::DEPTH, unorm_to_float(std::uint64_t(d), 24));
        assign(data, texel, Element::STENCIL, double(s));
        break;
      }
      case TypeKind::FLOAT_DEPTH_STENCIL: {
        const float d = float(gen.real(float_depth ? 0.0 : -1e9, float_depth ? 1.0 : 1e9, texel, 0));
        const std::int64_t s = gen.integer(0, 255, texel, 1);
        std::uint32_t bits;
        std::memcpy(&bits, &d, 4);
        put(data.bytes, offset, bits, 4, swap);
        put(data.bytes, offset + 4, 0xABCDE00u | std::uint64_t(s), 4, swap);  // the 24 high bits are unused
        assign(data, texel, Element::DEPTH, double(d));
        assign(data, texel, Element::STENCIL, double(s));
        break;
      }
    }
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// Storing a value and reading it back as glGetTexImage returns it.

struct Expected {
  double value;
  double tolerance;
};

// Stores `v` in a component of `s` and gives the value read back as FLOAT (or integer), with
// one unit in the last place of the stored precision.
Expected store(double v, Stored s) {
  switch (s.encoding) {
    case Encoding::UNORM: {
      const double max = double((std::uint64_t(1) << s.bits) - 1);
      const double stored = std::nearbyint(std::clamp(v, 0.0, 1.0) * max) / max;
      return {stored, 1.0 / max + readback_rounding(stored)};
    }
    case Encoding::SNORM: {
      const double max = double((std::uint64_t(1) << (s.bits - 1)) - 1);
      const double stored = std::max(std::nearbyint(std::clamp(v, -1.0, 1.0) * max) / max, -1.0);
      return {stored, 1.0 / max + readback_rounding(stored)};
    }
    case Encoding::FLOAT:
      if (s.bits == 32) return {double(float(v)), binary32_ulp(v)};
      return {nearest_small_float(v, 10), std::max(float_ulp(v, 10, -14), float_ulp(nearest_small_float(v, 10), 10, -14))};
    case Encoding::UFLOAT: {
      // Section 2.3.4.3/2.3.4.4: negative -> 0, above the largest finite value -> that value.
      const int mantissa_bits = s.bits - 5;
      const double largest = std::ldexp(2.0 - std::ldexp(1.0, -mantissa_bits), 15);
      const double clamped = std::clamp(v, 0.0, largest);
      const double stored = std::min(nearest_small_float(clamped, mantissa_bits), largest);
      return {stored, float_ulp(clamped, mantissa_bits, -14)};
    }
    case Encoding::UINT:
    case Encoding::SINT: return {v, 0.0};
    case Encoding::SHARED_EXPONENT:
    case Encoding::NONE: break;
  }
  return {v, 0.0};
}

// Section 8.5.2's RGB9_E5 encoding of (r, g, b): N = 9, B = 15, Emax = 31.
std::array<Expected, 3> store_shared_exponent(std::array<double, 3> rgb) {
  constexpr int N = 9, B = 15, Emax = 31;
  const double sharedexp_max = double((1 << N) - 1) / double(1 << N) * std::ldexp(1.0, Emax - B);
  for (double& c : rgb) c = std::clamp(c, 0.0, sharedexp_max);
  const double max_c = std::max({rgb[0], rgb[1], rgb[2]});
  int exp_shared = std::max(-B - 1, max_c == 0 ? -B - 1 : int(std::floor(std::log2(max_c)))) + 1 + B;
  const double max_s = std::floor(max_c / std::ldexp(1.0, exp_shared - B - N) + 0.5);
  if (max_s == double(1 << N)) ++exp_shared;
  const double unit = std::ldexp(1.0, exp_shared - B - N);
  std::array<Expected, 3> out;
  for (int i = 0; i < 3; ++i) out[std::size_t(i)] = {std::floor(rgb[std::size_t(i)] / unit + 0.5) * unit, unit};
  return out;
}

// How each texture component is stored: from the spec's table for sized formats, from the GL's
// answer for unsized ones.
struct StoredComponents {
  std::array<Stored, 4> component{};
  std::string problem;  // non-empty when an unsized format reports something unusable
};

Stored stored_from_query(GLint size, GLint type) {
  switch (type) {
    case GL_UNSIGNED_NORMALIZED: return {Encoding::UNORM, size};
    case GL_SIGNED_NORMALIZED: return {Encoding::SNORM, size};
    case GL_FLOAT: return {size == 11 || size == 10 ? Encoding::UFLOAT : Encoding::FLOAT, size};
    case GL_UNSIGNED_INT: return {Encoding::UINT, size};
    case GL_INT: return {Encoding::SINT, size};
  }
  return {};
}

StoredComponents stored_components(const InternalFormat& f, GLenum target) {
  StoredComponents out;
  if (f.encoding != Encoding::NONE) {
    for (int c = 0; c < 4; ++c)
      if (f.bits[std::size_t(c)])
        out.component[std::size_t(c)] = {f.encoding, f.bits[std::size_t(c)]};
    if (f.base == GL_DEPTH_STENCIL || f.base == GL_STENCIL_INDEX) out.component[1] = {Encoding::UINT, 8};
    return out;
  }
  auto query = [&](GLenum pname) {
    GLint v = -1;
    glGetTexLevelParameteriv(target, 0, pname, &v);
    return v;
  };
  auto set = [&](int c, GLenum size_name, GLenum type_name, bool stencil = false) {
    const GLint size = query(size_name);
    const GLint type = stencil ? GLint(GL_UNSIGNED_INT) : query(type_name);
    const Stored s = stored_from_query(size, type);
    const bool sensible = s.encoding != Encoding::NONE && size > 0 && size <= 32 &&
                          (stencil || s.encoding == Encoding::UNORM || s.encoding == Encoding::SNORM ||
                           s.encoding == Encoding::FLOAT || s.encoding == Encoding::UFLOAT);
    if (!sensible) {
      std::ostringstream m;
      m << "component " << c << " reports size " << size << " type 0x" << std::hex << type;
      out.problem = m.str();
    }
    out.component[std::size_t(c)] = s;
  };
  switch (f.base) {
    case GL_ALPHA: set(3, GL_TEXTURE_ALPHA_SIZE, GL_TEXTURE_ALPHA_TYPE); break;
    case GL_LUMINANCE: set(0, GL_TEXTURE_LUMINANCE_SIZE, GL_TEXTURE_LUMINANCE_TYPE); break;
    case GL_INTENSITY: set(0, GL_TEXTURE_INTENSITY_SIZE, GL_TEXTURE_INTENSITY_TYPE); break;
    case GL_LUMINANCE_ALPHA:
      set(0, GL_TEXTURE_LUMINANCE_SIZE, GL_TEXTURE_LUMINANCE_TYPE);
      set(3, GL_TEXTURE_ALPHA_SIZE, GL_TEXTURE_ALPHA_TYPE);
      break;
    case GL_DEPTH_COMPONENT: set(0, GL_TEXTURE_DEPTH_SIZE, GL_TEXTURE_DEPTH_TYPE); break;
    case GL_DEPTH_STENCIL:
      set(0, GL_TEXTURE_DEPTH_SIZE, GL_TEXTURE_DEPTH_TYPE);
      set(1, GL_TEXTURE_STENCIL_SIZE, 0, true);
      break;
    case GL_STENCIL_INDEX: set(1, GL_TEXTURE_STENCIL_SIZE, 0, true); break;
    default: {
      const GLenum sizes[] = {GL_TEXTURE_RED_SIZE, GL_TEXTURE_GREEN_SIZE, GL_TEXTURE_BLUE_SIZE, GL_TEXTURE_ALPHA_SIZE};
      const GLenum types[] = {GL_TEXTURE_RED_TYPE, GL_TEXTURE_GREEN_TYPE, GL_TEXTURE_BLUE_TYPE, GL_TEXTURE_ALPHA_TYPE};
      for (int c = 0; c < 4; ++c)
        if (base_has(f.base, c)) set(c, sizes[c], types[c]);
    }
  }
  return out;
}

// The RGBA (or depth, stencil) glGetTexImage returns for each texel.
std::array<std::array<Expected, 4>, kTexels> expected_readback(const InternalFormat& f, const StoredComponents& s,
                                                               const ClientData& data) {
  std::array<std::array<Expected, 4>, kTexels> out;
  const bool depth_stencil = is_depth_or_stencil(f.base);
  for (int t = 0; t < kTexels; ++t) {
    const auto& g = data.group[std::size_t(t)];
    std::array<Expected, 4> stored{};
    if (s.component[0].encoding == Encoding::SHARED_EXPONENT) {
      const auto rgb = store_shared_exponent({g[0], g[1], g[2]});
      stored = {rgb[0], rgb[1], rgb[2], Expected{1.0, 0.0}};
    } else {
      // Selecting the base format's components (table 8.11): L and I take R.
      for (int c = 0; c < 4; ++c)
        if (base_has(f.base, c)) stored[std::size_t(c)] = store(g[std::size_t(c)], s.component[std::size_t(c)]);
    }
    if (depth_stencil) {
      out[std::size_t(t)] = stored;
      continue;
    }
    // Section 8.11: the texture's components back to R, G, B, A; what the base lacks reads as
    // 0, 0, 0, 1 (integer 1 for integer textures).
    std::array<Expected, 4> rgba = {Expected{0, 0}, Expected{0, 0}, Expected{0, 0}, Expected{1, 0}};
    for (int c = 0; c < 4; ++c)
      if (base_has(f.base, c)) rgba[std::size_t(c)] = stored[std::size_t(c)];
    out[std::size_t(t)] = rgba;
  }
  return out;
}

}  // namespace
}  // namespace glvk::test
