// The exhaustive upload/readback matrix (issue 5 item 5): every internal format glTexImage2D
// accepts in a GL 4.6 compatibility context x every (format, type) pair the spec allows with it,
// uploaded as a 5x3 image and read back with glGetTexImage in a format that loses nothing. The
// expected values are computed here, from the GL 4.6 rules alone:
//   - the legal pairs come from tables 8.2, 8.3 and 8.5 and the format/internalformat rules of
//     section 8.5 (integer only with *_INTEGER, depth with DEPTH_COMPONENT/DEPTH_STENCIL, stencil
//     with STENCIL_INDEX, packed types only with their formats), never from glvk's tables;
//   - unpacking follows section 8.4.4 (equations 2.1/2.2 for normalized types, the packed bit
//     layouts of tables 8.6-8.9, half/11F/10F/RGB9E5 decoding, BGR(A) order, luminance copied to
//     R, G and B, missing components expanded to 0, 0, 0, 1);
//   - storing quantizes to the component sizes of tables 8.12/8.13 (and the compatibility
//     profile's alpha/luminance/intensity formats) with the conversions of section 2.3.5;
//   - readback rebases as section 8.11 says (L -> R, I -> R, LA -> R and A, A -> A, the rest
//     0, 0, 0, 1).
// Tolerance: one unit in the last place of the stored precision (section 8.5 lets an
// implementation store more bits, which stays inside it).
//
// Left out on purpose: compressed internal formats (generic and specific; covered by
// compressed_texture_test.cpp), COLOR_INDEX and BITMAP data (colour-index pixel maps),
// STENCIL_INDEX data of type FLOAT/HALF_FLOAT (section 8.4.4 leaves the fixed-point conversion
// of floating-point indices unspecified), and extension formats glvk does not advertise
// (EXT_texture_integer's alpha/luminance/intensity integer formats, ABGR_EXT, YCbCr).
//
// Spec readings taken where GL 4.6 is not explicit (each checked against Mesa llvmpipe):
//   - integer internal formats: section 8.4.4 skips the conversion to floating point and no rule
//     says what happens to a value the internal format cannot represent, so the data stays inside
//     the range of both the client type and the stored component;
//   - DEPTH_COMPONENT32F / DEPTH32F_STENCIL8: whether depth outside [0, 1] is clamped is not
//     stated for floating-point depth textures, so their data stays in [0, 1];
//   - sRGB formats: neither TexImage (section 8.5) nor GetTexImage (section 8.11) converts: the
//     encoded values are stored and returned as given (the conversion to linear happens when the
//     texture is sampled, section 8.24), as EXT_texture_sRGB's issue on GetTexImage resolved;
//   - colour data for a STENCIL_INDEX texture: section 8.5 names the error for STENCIL_INDEX data
//     and a non-stencil texture; the converse (colour values have no conversion to stencil
//     indices) is taken to be INVALID_OPERATION as well (Mesa accepts it);
//   - unsized internal formats: section 8.5 lets the GL choose the representation, so their
//     component sizes and types are the ones glGetTexLevelParameter reports (checked to be a
//     sensible kind); everything else about their expected values is still computed here.
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

// ---------------------------------------------------------------------------------------------
// The test.

class TextureFormatMatrixTest : public GlTest {
 protected:
  // The alpha/luminance/intensity formats need the compatibility profile.
  std::vector<EGLint> context_attributes() const override {
    // Mesa llvmpipe (GLVK_TEST_SYSTEM_DRIVER) offers the compatibility profile up to 4.5.
    const EGLint minor = getenv("GLVK_TEST_SYSTEM_DRIVER") ? 5 : 6;
    return {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, minor, EGL_CONTEXT_OPENGL_PROFILE_MASK,
            EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT};
  }

  void TearDown() override {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_SWAP_BYTES, GL_FALSE);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    if (texture_) glDeleteTextures(1, &texture_);
    if (pixel_buffer_) glDeleteBuffers(1, &pixel_buffer_);
    GlTest::TearDown();
  }

  // Runs every legal pair for each of `internal_formats`; returns the number of cases run.
  int run_matrix(const std::vector<InternalFormat>& internal_formats) {
    glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    int cases = 0;
    for (const InternalFormat& internal : internal_formats) {
      // Sized formats also go into immutable storage (chosen without the data's format and type)
      // for every other case.
      GLuint storage = 0;
      if (internal.encoding != Encoding::NONE) {
        glGenTextures(1, &storage);
        glBindTexture(GL_TEXTURE_2D, storage);
        glTexStorage2D(GL_TEXTURE_2D, 1, GLenum(internal.value), kWidth, kHeight);
        if (const GLenum error = glGetError(); error != GL_NO_ERROR)
          ADD_FAILURE() << internal.name << ": glTexStorage2D raised 0x" << std::hex << error;
      }
      for (const ClientFormat& format : kClientFormats)
        for (const ClientType& type : kClientTypes) {
          if (!format_fits(format, internal) || !pair_is_legal(format, type)) continue;
          static const int alignments[] = {4, 1, 2, 8};
          Case c{&internal, &format, &type, alignments[cases % 4]};
          // Every third case swaps bytes (not FLOAT_32_UNSIGNED_INT_24_8_REV, whose swap unit
          // the spec leaves unclear), every third reads a 7-pixel-wide client image from (1, 1).
          if (cases % 3 == 1 && type.kind != TypeKind::FLOAT_DEPTH_STENCIL) c.swap_bytes = true;
          if (cases % 3 == 2) c.row_length = 7, c.skip_pixels = 1, c.skip_rows = 1;
          c.from_pixel_buffer = cases % 5 == 3;
          if (cases % 2 == 1) c.storage = storage;
          run_case(c, unsigned(cases));
          ++cases;
          if (reported_ >= kMaxReports) return cases;
        }
      if (storage) glDeleteTextures(1, &storage);
    }
    return cases;
  }

  // Uploads RGBA/FLOAT data into each of `internal_formats` and reads it back in every colour
  // (format, type) glGetTexImage takes; returns the number of readbacks checked.
  int run_readback_matrix(const std::vector<InternalFormat>& internal_formats) {
    glGenTextures(1, &texture_);
    glBindTexture(GL_TEXTURE_2D, texture_);
    const ClientFormat& rgba = *std::find_if(kClientFormats.begin(), kClientFormats.end(),
                                             [](const ClientFormat& f) { return f.format == GL_RGBA; });
    const ClientType& float_type = *std::find_if(kClientTypes.begin(), kClientTypes.end(),
                                                 [](const ClientType& t) { return t.type == GL_FLOAT; });
    int readbacks = 0;
    for (const InternalFormat& internal : internal_formats) {
      const Case upload{&internal, &rgba, &float_type, 4};
      const ClientData data = make_client_data(upload, unsigned(readbacks) + 1000u);
      glTexImage2D(GL_TEXTURE_2D, 0, internal.value, kWidth, kHeight, 0, GL_RGBA, GL_FLOAT, data.bytes.data());
      const StoredComponents stored = stored_components(internal, GL_TEXTURE_2D);
      const auto expected = expected_readback(internal, stored, data);
      // Luminance readback formats are left out: whether GetTexImage sums R, G and B into L as
      // ReadPixels does (section 18.2.8) is not clear for a texture's rebased components.
      for (const ClientFormat& format : kClientFormats) {
        if (format.kind != ClientKind::COLOR || format.format == GL_LUMINANCE || format.format == GL_LUMINANCE_ALPHA)
          continue;
        for (const ClientType& type : kClientTypes)
          if (pair_is_legal(format, type)) {
            // The pack parameters vary as the unpack ones do in run_matrix.
            static const int alignments[] = {4, 1, 2, 8};
            Case pack = upload;
            pack.alignment = alignments[readbacks % 4];
            pack.swap_bytes = readbacks % 3 == 1;
            if (readbacks % 3 == 2) pack.row_length = 7, pack.skip_pixels = 1, pack.skip_rows = 1;
            check_readback(upload, pack, format, type, expected);
            ++readbacks;
            if (reported_ >= kMaxReports) return readbacks;
          }
      }
    }
    return readbacks;
  }

 private:
  static constexpr int kMaxReports = 60;

  // One readback in (format, type), decoded element by element with the unpack rules and compared
  // with the packing of section 18.2.8 (clamping to the type's range, equations 2.3 and 2.4,
  // float and packed encodings), within the stored tolerance plus one unit of the type.
  // `pack` holds the GL_PACK_* parameters in its alignment, swap and row fields.
  void check_readback(const Case& c, const Case& pack, const ClientFormat& format, const ClientType& type,
                      const std::array<std::array<Expected, 4>, kTexels>& expected) {
    const int per_pixel = is_packed(type) ? 1 : int(format.elements.size());
    const std::size_t stride =
        row_stride(pack.row_length ? pack.row_length : kWidth, type.bytes, per_pixel, pack.alignment);
    const std::size_t pixel_bytes = std::size_t(type.bytes) * std::size_t(per_pixel);
    const std::size_t first = std::size_t(pack.skip_rows) * stride + std::size_t(pack.skip_pixels) * pixel_bytes;
    std::vector<std::uint8_t> out(first + stride * kHeight);
    glPixelStorei(GL_PACK_ALIGNMENT, pack.alignment);
    glPixelStorei(GL_PACK_SWAP_BYTES, pack.swap_bytes);
    glPixelStorei(GL_PACK_ROW_LENGTH, pack.row_length);
    glPixelStorei(GL_PACK_SKIP_PIXELS, pack.skip_pixels);
    glPixelStorei(GL_PACK_SKIP_ROWS, pack.skip_rows);
    std::ostringstream as;
    as << "read as " << format.name << "/" << type.name << " (pack alignment " << pack.alignment
       << (pack.swap_bytes ? ", swapped bytes" : "") << (pack.row_length ? ", row length 7 from (1, 1)" : "")
       << "), element ";
    const bool read = read_back(c, format.format, type.type, out);
    glPixelStorei(GL_PACK_SWAP_BYTES, GL_FALSE);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    if (!read) return;
    // A `bytes`-byte unit in the host's order, or reversed under GL_PACK_SWAP_BYTES.
    auto word = [&](std::size_t offset, int bytes) {
      std::uint64_t v = 0;
      for (int i = 0; i < bytes; ++i)
        v |= std::uint64_t(out[offset + std::size_t(pack.swap_bytes ? bytes - 1 - i : i)]) << (8 * i);
      return v;
    };
    for (int t = 0; t < kTexels; ++t) {
      const std::size_t offset =
          first + std::size_t(t / kWidth) * stride + std::size_t(t % kWidth) * pixel_bytes;
      const auto& e = expected[std::size_t(t)];
      std::array<Expected, 3> shared{};
      if (type.kind == TypeKind::PACKED_SHARED_EXPONENT) {
        shared = store_shared_exponent({e[0].value, e[1].value, e[2].value});
        for (int i = 0; i < 3; ++i) shared[std::size_t(i)].tolerance += e[std::size_t(i)].tolerance;
      }
      for (std::size_t i = 0; i < format.elements.size(); ++i) {
        const Expected want = e[std::size_t(target_component(format.elements[i]))];
        double got = 0;
        Expected packed = want;
        switch (type.kind) {
          case TypeKind::UNSIGNED: {
            const int bits = 8 * type.bytes;
            got = unorm_to_float(word(offset + i * std::size_t(type.bytes), type.bytes), bits);
            packed = {std::clamp(want.value, 0.0, 1.0), want.tolerance + unorm_to_float(1, bits) + readback_rounding(1)};
            break;
          }
          case TypeKind::SIGNED: {
            const int bits = 8 * type.bytes;
            const std::uint64_t raw = word(offset + i * std::size_t(type.bytes), type.bytes);
            const std::int64_t v = std::int64_t(raw << (64 - bits)) >> (64 - bits);  // sign-extended
            got = snorm_to_float(v, bits);
            packed = {std::clamp(want.value, -1.0, 1.0), want.tolerance + snorm_to_float(1, bits) + readback_rounding(1)};
            break;
          }
          case TypeKind::HALF:
            got = decode_half(std::uint16_t(word(offset + i * 2, 2)));
            packed.tolerance += float_ulp(want.value, 10, -14);
            break;
          case TypeKind::FLOAT: {
            const std::uint32_t bits = std::uint32_t(word(offset + i * 4, 4));
            float f;
            std::memcpy(&f, &bits, 4);
            got = f;
            packed.tolerance += binary32_ulp(want.value);
            break;
          }
          case TypeKind::PACKED: {
            const auto [shift, width] = packed_field(type, int(i));
            got = unorm_to_float((word(offset, type.bytes) >> shift) & ((1u << width) - 1), width);
            packed = {std::clamp(want.value, 0.0, 1.0), want.tolerance + unorm_to_float(1, width)};
            break;
          }
          case TypeKind::PACKED_UFLOAT: {
            const auto [shift, width] = packed_field(type, int(i));
            const std::uint32_t field = std::uint32_t(word(offset, 4) >> shift) & ((1u << width) - 1);
            const int mantissa_bits = width - 5;
            got = decode_small_float(field >> mantissa_bits, field & ((1u << mantissa_bits) - 1), mantissa_bits);
            const Expected stored = store(want.value, {Encoding::UFLOAT, width});
            packed = {stored.value, want.tolerance + stored.tolerance};
            break;
          }
          case TypeKind::PACKED_SHARED_EXPONENT: {
            const std::uint64_t w = word(offset, 4);
            got = std::ldexp(double((w >> (9 * i)) & 511u), int(w >> 27) - 24);
            packed = shared[i];
            break;
          }
          default: break;  // depth/stencil types never pair with colour formats
        }
        if (!compare(c, t, as.str() + std::to_string(i), got, packed)) return;
      }
    }
  }

  void report(const Case& c, const std::string& what) {
    ++reported_;
    ADD_FAILURE() << describe(c) << ": " << what;
  }

  void run_case(const Case& c, unsigned seed) {
    const ClientData data = make_client_data(c, seed);
    glPixelStorei(GL_UNPACK_ALIGNMENT, c.alignment);
    glPixelStorei(GL_PACK_ALIGNMENT, c.alignment);
    glPixelStorei(GL_UNPACK_SWAP_BYTES, c.swap_bytes);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, c.row_length);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, c.skip_pixels);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, c.skip_rows);
    glBindTexture(GL_TEXTURE_2D, c.storage ? c.storage : texture_);
    const auto specify = [&](const void* pixels) {
      if (c.storage)
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kWidth, kHeight, c.format->format, c.type->type, pixels);
      else
        glTexImage2D(GL_TEXTURE_2D, 0, c.internal->value, kWidth, kHeight, 0, c.format->format, c.type->type, pixels);
    };
    if (c.from_pixel_buffer) {
      if (!pixel_buffer_) glGenBuffers(1, &pixel_buffer_);
      glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pixel_buffer_);
      std::vector<std::uint8_t> contents(kBufferOffset + data.bytes.size(), 0x5A);
      std::copy(data.bytes.begin(), data.bytes.end(), contents.begin() + std::ptrdiff_t(kBufferOffset));
      glBufferData(GL_PIXEL_UNPACK_BUFFER, GLsizeiptr(contents.size()), contents.data(), GL_STREAM_DRAW);
      specify(reinterpret_cast<const void*>(kBufferOffset));
      glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    } else {
      specify(data.bytes.data());
    }
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
      std::ostringstream m;
      m << (c.storage ? "glTexSubImage2D" : "glTexImage2D") << " raised 0x" << std::hex << error << " for a legal pair";
      return report(c, m.str());
    }
    const StoredComponents stored = stored_components(*c.internal, GL_TEXTURE_2D);
    if (!stored.problem.empty()) return report(c, "unsized format: " + stored.problem);
    const auto expected = expected_readback(*c.internal, stored, data);

    switch (c.internal->base) {
      case GL_DEPTH_COMPONENT: return check_depth(c, expected);
      case GL_DEPTH_STENCIL: return check_depth_stencil(c, expected, c.format->kind == ClientKind::DEPTH_STENCIL);
      case GL_STENCIL_INDEX: return check_stencil(c, expected);
      default: return is_integer(*c.internal) ? check_integer(c, expected) : check_color(c, expected);
    }
  }

  bool read_back(const Case& c, GLenum format, GLenum type, std::vector<std::uint8_t>& out) {
    out.assign(out.size(), 0xEE);
    glGetTexImage(GL_TEXTURE_2D, 0, format, type, out.data());
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) {
      std::ostringstream m;
      m << "glGetTexImage raised 0x" << std::hex << error;
      report(c, m.str());
      return false;
    }
    return true;
  }

  // Compares one value; reports and returns false on a mismatch.
  bool compare(const Case& c, int texel, const std::string& channel, double got, Expected e) {
    if (std::fabs(got - e.value) <= e.tolerance) return true;
    std::ostringstream m;
    m.precision(9);
    m << "texel " << texel << " channel " << channel << ": got " << got << ", expected " << e.value
      << " (tolerance " << e.tolerance << ")";
    report(c, m.str());
    return false;
  }

  template <typename T>
  static T read(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
    T v;
    std::memcpy(&v, bytes.data() + offset, sizeof v);
    return v;
  }

  void check_color(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    std::vector<std::uint8_t> out(kTexels * 16);
    if (!read_back(c, GL_RGBA, GL_FLOAT, out)) return;
    static const char* names[] = {"R", "G", "B", "A"};
    for (int t = 0; t < kTexels; ++t)
      for (int ch = 0; ch < 4; ++ch)
        if (!compare(c, t, names[ch], read<float>(out, std::size_t(t * 16 + ch * 4)), expected[std::size_t(t)][std::size_t(ch)]))
          return;
  }

  void check_integer(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    std::vector<std::uint8_t> out(kTexels * 16);
    const bool is_signed = c.internal->encoding == Encoding::SINT;
    if (!read_back(c, GL_RGBA_INTEGER, is_signed ? GL_INT : GL_UNSIGNED_INT, out)) return;
    static const char* names[] = {"R", "G", "B", "A"};
    for (int t = 0; t < kTexels; ++t)
      for (int ch = 0; ch < 4; ++ch) {
        const std::size_t offset = std::size_t(t * 16 + ch * 4);
        const double got = is_signed ? double(read<std::int32_t>(out, offset)) : double(read<std::uint32_t>(out, offset));
        if (!compare(c, t, names[ch], got, expected[std::size_t(t)][std::size_t(ch)])) return;
      }
  }

  void check_depth(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    // Rows of five floats are padded to the pack alignment when it is 8.
    const std::size_t stride = row_stride(kWidth, 4, 1, c.alignment);
    std::vector<std::uint8_t> out(stride * kHeight);
    if (!read_back(c, GL_DEPTH_COMPONENT, GL_FLOAT, out)) return;
    for (int t = 0; t < kTexels; ++t)
      if (!compare(c, t, "depth", read<float>(out, std::size_t(t / kWidth) * stride + std::size_t(t % kWidth) * 4),
                   expected[std::size_t(t)][0]))
        return;
  }

  // Depth and stencil through DEPTH_STENCIL/FLOAT_32_UNSIGNED_INT_24_8_REV; the stencil of an
  // image specified with DEPTH_COMPONENT data is undefined (section 8.5) and not checked.
  void check_depth_stencil(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected,
                           bool stencil_defined) {
    std::vector<std::uint8_t> out(kTexels * 8);
    if (!read_back(c, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, out)) return;
    for (int t = 0; t < kTexels; ++t) {
      if (!compare(c, t, "depth", read<float>(out, std::size_t(t * 8)), expected[std::size_t(t)][0])) return;
      if (stencil_defined &&
          !compare(c, t, "stencil", double(read<std::uint32_t>(out, std::size_t(t * 8 + 4)) & 0xFFu),
                   expected[std::size_t(t)][1]))
        return;
    }
  }

  // STENCIL_INDEX/UNSIGNED_BYTE: one byte per texel, rows padded to the pack alignment.
  void check_stencil(const Case& c, const std::array<std::array<Expected, 4>, kTexels>& expected) {
    const std::size_t stride = row_stride(kWidth, 1, 1, c.alignment);
    std::vector<std::uint8_t> out(stride * kHeight);
    if (!read_back(c, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, out)) return;
    for (int t = 0; t < kTexels; ++t)
      if (!compare(c, t, "stencil", double(out[std::size_t(t / kWidth) * stride + std::size_t(t % kWidth)]),
                   expected[std::size_t(t)][1]))
        return;
  }

  GLuint texture_ = 0, pixel_buffer_ = 0;
  int reported_ = 0;
};

// The number of pairs each group covers is fixed by the spec tables above; a drop means a
// table lost entries.
TEST_F(TextureFormatMatrixTest, SizedColorFormatsStoreEveryLegalPairBySpecRules) {
  EXPECT_EQ(run_matrix(kColorFormats), int(kColorFormats.size()) * 110);
}

TEST_F(TextureFormatMatrixTest, IntegerFormatsStoreEveryLegalPairBySpecRules) {
  EXPECT_EQ(run_matrix(kIntegerFormats), int(kIntegerFormats.size()) * 74);
}

TEST_F(TextureFormatMatrixTest, DepthAndStencilFormatsStoreEveryLegalPairBySpecRules) {
  EXPECT_EQ(run_matrix(kDepthStencilFormats), 6 * 10 + 6);
}

// 9 colour formats: 8 array types each, 6 packed types with RGB and 8 with each of RGBA, BGRA.
TEST_F(TextureFormatMatrixTest, SizedColorFormatsReadBackInEveryColorFormatAndType) {
  EXPECT_EQ(run_readback_matrix(kColorFormats), int(kColorFormats.size()) * (9 * 8 + 6 + 16));
}

TEST_F(TextureFormatMatrixTest, UnsizedFormatsStoreEveryLegalPairBySpecRules) {
  // 24 colour formats (8 of them signed normalized), the two depth/stencil ones and STENCIL_INDEX.
  EXPECT_EQ(run_matrix(kUnsizedFormats), 24 * 110 + 2 * 10 + 6);
}

// The complement: every other (internal format, format, type) of the tables above raises the
// error sections 8.4.4.1 and 8.5 name. Where two rules apply, either error is right (section 2.3.1
// records one of them).
struct ExpectedError {
  GLenum error, alternative;
};

ExpectedError expected_error(const ClientFormat& f, const ClientType& t) {
  // Section 8.4.4.1: INVALID_ENUM for DEPTH_STENCIL data of any type but its two, and for
  // integer formats with floating-point types (the float column of table 8.2).
  const bool packed_mismatch =
      is_packed(t) && std::find(t.formats.begin(), t.formats.end(), f.format) == t.formats.end();
  const bool float_type = t.kind == TypeKind::HALF || t.kind == TypeKind::FLOAT ||
                          t.kind == TypeKind::PACKED_UFLOAT || t.kind == TypeKind::PACKED_SHARED_EXPONENT ||
                          t.kind == TypeKind::FLOAT_DEPTH_STENCIL;
  const bool enum_error = (f.kind == ClientKind::DEPTH_STENCIL && t.kind != TypeKind::PACKED_DEPTH_STENCIL &&
                           t.kind != TypeKind::FLOAT_DEPTH_STENCIL) ||
                          (f.kind == ClientKind::INTEGER && float_type);
  // Table 8.5 (a packed type with a format it does not list) and section 8.5 (data the
  // internal format cannot take): INVALID_OPERATION.
  if (enum_error) return {GL_INVALID_ENUM, packed_mismatch ? GLenum(GL_INVALID_OPERATION) : GLenum(GL_INVALID_ENUM)};
  return {GL_INVALID_OPERATION, GL_INVALID_OPERATION};
}

TEST_F(TextureFormatMatrixTest, IllegalPairsRaiseTheSpecError) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  const std::vector<std::uint8_t> data(kTexels * 16, 0);
  int reported = 0, cases = 0;
  for (const auto* group : {&kColorFormats, &kIntegerFormats, &kDepthStencilFormats, &kUnsizedFormats})
    for (const InternalFormat& internal : *group)
      for (const ClientFormat& format : kClientFormats)
        for (const ClientType& type : kClientTypes) {
          if (format_fits(format, internal) && pair_is_legal(format, type)) continue;
          // Floating-point stencil indices are legal but left out (see the header).
          if (format.kind == ClientKind::STENCIL && internal.base == GL_STENCIL_INDEX &&
              (type.kind == TypeKind::HALF || type.kind == TypeKind::FLOAT))
            continue;
          ++cases;
          glTexImage2D(GL_TEXTURE_2D, 0, internal.value, kWidth, kHeight, 0, format.format, type.type, data.data());
          const GLenum error = glGetError();
          const ExpectedError expected = expected_error(format, type);
          if (error != expected.error && error != expected.alternative && reported++ < 40)
            ADD_FAILURE() << internal.name << " <- " << format.name << "/" << type.name << ": error 0x" << std::hex
                          << error << ", expected 0x" << expected.error;
        }
  glDeleteTextures(1, &texture);
  EXPECT_EQ(reported, 0) << "of " << cases << " illegal combinations";
}

// Section 8.11.4's rules for glGetTexImage beyond the format/type pair: depth data only from
// depth or depth/stencil images, DEPTH_STENCIL only from depth/stencil ones, stencil from stencil
// or depth/stencil ones, colour only from colour images, integer only from integer ones.
bool readback_fits(const ClientFormat& f, const InternalFormat& internal) {
  switch (f.kind) {
    case ClientKind::DEPTH: return internal.base == GL_DEPTH_COMPONENT || internal.base == GL_DEPTH_STENCIL;
    case ClientKind::DEPTH_STENCIL: return internal.base == GL_DEPTH_STENCIL;
    case ClientKind::STENCIL: return internal.base == GL_STENCIL_INDEX || internal.base == GL_DEPTH_STENCIL;
    case ClientKind::COLOR:
    case ClientKind::INTEGER:
      return !is_depth_or_stencil(internal.base) && (f.kind == ClientKind::INTEGER) == is_integer(internal);
  }
  return false;
}

TEST_F(TextureFormatMatrixTest, ReadbackAcceptsExactlyTheSpecsFormatsAndTypes) {
  GLuint texture = 0;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  std::vector<std::uint8_t> out(kTexels * 16 + 64);
  int reported = 0, cases = 0;
  for (const auto* group : {&kColorFormats, &kIntegerFormats, &kDepthStencilFormats, &kUnsizedFormats})
    for (const InternalFormat& internal : *group) {
      // Any legal pair gives the image; its contents do not matter here.
      const ClientFormat* source = nullptr;
      for (const ClientFormat& f : kClientFormats)
        if (!source && format_fits(f, internal)) source = &f;
      const bool depth_stencil_source = source->kind == ClientKind::DEPTH_STENCIL;
      glTexImage2D(GL_TEXTURE_2D, 0, internal.value, kWidth, kHeight, 0, source->format,
                   depth_stencil_source ? GL_UNSIGNED_INT_24_8 : GL_UNSIGNED_BYTE, nullptr);
      ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << internal.name;
      for (const ClientFormat& format : kClientFormats)
        for (const ClientType& type : kClientTypes) {
          // Floating-point stencil indices are left out (see the header).
          if (format.kind == ClientKind::STENCIL && (type.kind == TypeKind::HALF || type.kind == TypeKind::FLOAT))
            continue;
          ++cases;
          glGetTexImage(GL_TEXTURE_2D, 0, format.format, type.type, out.data());
          const GLenum error = glGetError();
          ExpectedError expected{GL_NO_ERROR, GL_NO_ERROR};
          if (!pair_is_legal(format, type)) expected = expected_error(format, type);
          else if (!readback_fits(format, internal)) expected = {GL_INVALID_OPERATION, GL_INVALID_OPERATION};
          if (error != expected.error && error != expected.alternative && reported++ < 40)
            ADD_FAILURE() << "glGetTexImage of " << internal.name << " as " << format.name << "/" << type.name
                          << ": error 0x" << std::hex << error << ", expected 0x" << expected.error;
        }
    }
  glDeleteTextures(1, &texture);
  EXPECT_EQ(reported, 0) << "of " << cases << " readback combinations";
}

}  // namespace
}  // namespace glvk::test
