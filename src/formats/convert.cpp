// The conversion engine. One generic path (unpack a row to RGBA float / uint / sint, rebase, pack)
// defines the behaviour; the fast paths below are chosen only when they give the same values.
#include <glvk/formats/convert.h>

#include <glvk/formats/kernels.h>
#include <glvk/formats/pack.h>

#include "shuffle.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <optional>
#include <vector>


namespace glvk::formats {

using detail::shuffle_elements;
using detail::shuffle8_to4;
#if defined(__x86_64__) || defined(__i386__)
using detail::have_ssse3;
using detail::shuffle8_4_to3_ssse3;
using detail::shuffle8_to4_ssse3;
#endif

PixelFormat::PixelFormat(Format format) : desc_(describe(format)) {}

PixelFormat PixelFormat::from_array(const ArrayFormat& array) {
  PixelFormat p;
  p.desc_ = describe_array_format(array);
  return p;
}

std::optional<PixelFormat> PixelFormat::from_gl(uint32_t gl_format, uint32_t gl_type) {
  const auto client = format_from_format_and_type(gl_format, gl_type);
  if (!client) {
    if (auto zs = describe_client_depth_stencil(gl_format, gl_type)) {
      PixelFormat p;
      p.desc_ = *zs;
      return p;
    }
    return std::nullopt;
  }
  return client->is_array ? from_array(client->array) : PixelFormat(client->format);
}

size_t PixelFormat::row_bytes(unsigned width) const {
  return size_t((width + desc_.block_width - 1) / desc_.block_width) * desc_.block_bits / 8;
}

unsigned PixelFormat::block_rows(unsigned height) const {
  return (height + desc_.block_height - 1) / desc_.block_height;
}

const char* convert_status_name(ConvertStatus status) {
  switch (status) {
    case ConvertStatus::OK: return "ok";
    case ConvertStatus::UNSUPPORTED_FORMAT: return "unsupported format";
    case ConvertStatus::INCOMPATIBLE: return "incompatible formats";
  }
  return "?";
}

namespace {

bool is_zs(const FormatDesc& d) { return d.colorspace == Colorspace::ZS; }

size_t row_bytes(const FormatDesc& d, unsigned width) {
  return size_t((width + d.block_width - 1) / d.block_width) * d.block_bits / 8;
}

bool is_decodable(const FormatDesc& d) { return d.is_compressed && d.compressed_family >= 0; }

ConvertStatus check_pair(const FormatDesc& dst, const FormatDesc& src) {
  if (!can_pack_unpack(dst)) return ConvertStatus::UNSUPPORTED_FORMAT;
  if (is_decodable(src)) {  // compressed sources decode to RGBA float
    if (is_zs(dst) || dst.is_pure_integer || dst.colorspace == Colorspace::YUV) return ConvertStatus::INCOMPATIBLE;
    return ConvertStatus::OK;
  }
  if (!can_pack_unpack(src)) return ConvertStatus::UNSUPPORTED_FORMAT;
  if (is_zs(dst) != is_zs(src)) return ConvertStatus::INCOMPATIBLE;
  if (is_zs(dst)) {
    const bool common = (dst.is_depth && src.is_depth) || (dst.is_stencil && src.is_stencil);
    return common ? ConvertStatus::OK : ConvertStatus::INCOMPATIBLE;
  }
  if (dst.is_pure_integer != src.is_pure_integer) return ConvertStatus::INCOMPATIBLE;
  // No colour-space conversion between YUV and RGB (its matrix and range are not known here).
  if ((dst.colorspace == Colorspace::YUV) != (src.colorspace == Colorspace::YUV)) return ConvertStatus::INCOMPATIBLE;
  return ConvertStatus::OK;
}

// RGBA after the optional rebase: component j comes from rebase[j] (a component or a constant).
template <typename T>
void rebase_rows(T* rgba, size_t count, const Swizzle* rebase) {
  if (!rebase) return;
  for (size_t i = 0; i < count; ++i, rgba += 4) {
    T in[4] = {rgba[0], rgba[1], rgba[2], rgba[3]};
    for (int j = 0; j < 4; ++j)
      rgba[j] = rebase[j] <= Swizzle::W ? in[static_cast<int>(rebase[j])] : T(rebase[j] == Swizzle::ONE ? 1 : 0);
  }
}

// The generic path for one row; `src` is already byte-swapped.
struct RowScratch {
  std::vector<float> f;
  std::vector<uint32_t> u;
  std::vector<int32_t> s;
  std::vector<uint8_t> stencil;
};

void clamp_rows_to_unit(float* rgba, unsigned width) {
  for (size_t i = 0; i < size_t(width) * 4; ++i) rgba[i] = std::clamp(rgba[i], 0.0f, 1.0f);
}

void convert_row_generic(uint8_t* dst, const FormatDesc& dd, const uint8_t* src, const FormatDesc& sd,
                         unsigned width, const Swizzle* rebase, bool clamp_to_unit, RowScratch& scratch) {
  if (is_zs(dd)) {
    std::memset(dst, 0, size_t(width) * dd.block_bits / 8);
    if (dd.is_depth && sd.is_depth) {
      scratch.f.resize(width);
      unpack_depth_float(sd, src, scratch.f.data(), width);
      pack_depth_float(dd, scratch.f.data(), dst, width);
    }
    if (dd.is_stencil && sd.is_stencil) {
      scratch.stencil.resize(width);
      unpack_stencil_uint(sd, src, scratch.stencil.data(), width);
      pack_stencil_uint(dd, scratch.stencil.data(), dst, width);
    }
    return;
  }
  if (sd.is_pure_integer) {
    // Signed sources go through int32, unsigned through uint32; packing clamps to the destination.
    bool src_signed = false;
    for (int c = 0; c < sd.nr_channels; ++c) src_signed |= sd.channel[c].type == ChannelType::SIGNED;
    if (src_signed) {
      scratch.s.resize(size_t(width) * 4);
      unpack_rgba_sint(sd, src, scratch.s.data(), width);
      rebase_rows(scratch.s.data(), width, rebase);
      pack_rgba_sint(dd, scratch.s.data(), dst, width);
    } else {
      scratch.u.resize(size_t(width) * 4);
      unpack_rgba_uint(sd, src, scratch.u.data(), width);
      rebase_rows(scratch.u.data(), width, rebase);
      pack_rgba_uint(dd, scratch.u.data(), dst, width);
    }
    return;
  }
  scratch.f.resize(size_t(width) * 4);
  unpack_rgba_float(sd, src, scratch.f.data(), width);
  rebase_rows(scratch.f.data(), width, rebase);
  if (clamp_to_unit) clamp_rows_to_unit(scratch.f.data(), width);
  pack_rgba_float(dd, scratch.f.data(), dst, width);
}

// ------------------------------------------------------------------ fast paths

// Per destination channel: the source channel it copies (0..3) or a constant.
constexpr int kConstZero = -1, kConstOne = -2;

bool same_channel_kind(const Channel& a, const Channel& b) {
  return a.type == b.type && a.normalized == b.normalized && a.pure_integer == b.pure_integer && a.size == b.size;
}

bool is_srgb_channel(const FormatDesc& d, int c) {
  if (d.colorspace != Colorspace::SRGB) return false;
  for (int j = 0; j < 3; ++j)
    if (d.swizzle[j] == static_cast<Swizzle>(c)) return true;
  return false;
}

// dst channel c <- RGBA component (first j with dst.swizzle[j] == c) <- rebase <- src swizzle.
void channel_map(const FormatDesc& dd, const FormatDesc& sd, const Swizzle* rebase, int map[4]) {
  for (int c = 0; c < 4; ++c) {
    map[c] = kConstZero;
    if (c >= dd.nr_channels || dd.channel[c].type == ChannelType::VOID) continue;
    int j = -1;
    for (int k = 0; k < 4 && j < 0; ++k)
      if (dd.swizzle[k] == static_cast<Swizzle>(c)) j = k;
    if (j < 0) continue;
    Swizzle s = static_cast<Swizzle>(j);
    if (rebase) s = rebase[j];
    if (s <= Swizzle::W) s = sd.swizzle[static_cast<int>(s)];
    map[c] = s <= Swizzle::W ? static_cast<int>(s) : s == Swizzle::ONE ? kConstOne : kConstZero;
  }
}

// Raw encoding of 1 in a channel of this kind.
uint32_t raw_one(const Channel& ch) {
  switch (ch.type) {
    case ChannelType::UNSIGNED: return ch.normalized ? uint32_t((uint64_t(1) << ch.size) - 1) : 1u;
    case ChannelType::SIGNED: return ch.normalized ? uint32_t((uint64_t(1) << (ch.size - 1)) - 1) : 1u;
    case ChannelType::FLOAT: return ch.size == 16 ? 0x3c00u : 0x3f800000u;
    default: return 0;
  }
}

// Array formats with channels of one kind on both sides: every destination channel is a raw copy
// of a source channel or a constant (swizzled copy; Mesa's swizzle-and-convert with equal types).
bool shuffle_compatible(const FormatDesc& dd, const FormatDesc& sd, const int map[4]) {
  if (!dd.is_array || !sd.is_array || is_zs(dd) || is_zs(sd)) return false;
  const Channel& ref = sd.channel[0].type == ChannelType::VOID ? sd.channel[1] : sd.channel[0];
  for (int c = 0; c < dd.nr_channels; ++c) {
    if (dd.channel[c].type != ChannelType::VOID && !same_channel_kind(dd.channel[c], ref)) return false;
    if (dd.channel[c].size != ref.size) return false;
    if (map[c] >= 0 && is_srgb_channel(dd, c) != is_srgb_channel(sd, map[c])) return false;
    if (map[c] == kConstOne && is_srgb_channel(dd, c) && ref.type == ChannelType::FLOAT) return false;
  }
  for (int c = 0; c < sd.nr_channels; ++c)
    if (sd.channel[c].type != ChannelType::VOID && !same_channel_kind(sd.channel[c], ref)) return false;
  // A signed-normalized -1 has two encodings; the generic path writes the canonical one, a raw copy
  // keeps the source's. Both decode to the same value, which is what the engine promises.
  return true;
}

bool is_unorm8_array(const FormatDesc& d) {
  if (!d.is_array || is_zs(d)) return false;
  for (int c = 0; c < d.nr_channels; ++c) {
    const Channel& ch = d.channel[c];
    if (ch.type == ChannelType::VOID) continue;
    if (!(ch.type == ChannelType::UNSIGNED && ch.normalized && ch.size == 8)) return false;
  }
  return d.channel[0].size == 8;
}

bool is_unorm16_array(const FormatDesc& d) {
  if (!d.is_array || is_zs(d) || d.colorspace == Colorspace::SRGB) return false;
  for (int c = 0; c < d.nr_channels; ++c)
    if (!(d.channel[c].type == ChannelType::UNSIGNED && d.channel[c].normalized && d.channel[c].size == 16)) return false;
  return true;
}

bool is_float32_array(const FormatDesc& d) {
  if (!d.is_array || is_zs(d)) return false;
  for (int c = 0; c < d.nr_channels; ++c)
    if (d.channel[c].type != ChannelType::VOID && !(d.channel[c].type == ChannelType::FLOAT && d.channel[c].size == 32))
      return false;
  return d.channel[0].size == 32;
}

// A packed 16-bit texel of unorm channels of at most 8 bits (565, 5551, 4444 and reversed orders).
bool is_packed16_unorm(const FormatDesc& d) {
  if (d.is_array || is_zs(d) || d.block_bits != 16 || d.block_width != 1 || d.block_height != 1 ||
      d.colorspace != Colorspace::RGB || d.layout != Layout::PLAIN)
    return false;
  bool any = false;
  for (int c = 0; c < d.nr_channels; ++c) {
    const Channel& ch = d.channel[c];
    if (ch.type == ChannelType::VOID) continue;
    if (!(ch.type == ChannelType::UNSIGNED && ch.normalized && ch.size <= 8)) return false;
    any = true;
  }
  return any;
}

// Four unorm8 bytes per texel, linear (RGBA8, BGRA8, RGBX8...).
bool is_unorm8x4(const FormatDesc& d) {
  return is_unorm8_array(d) && d.nr_channels == 4 && d.block_bits == 32 && d.colorspace == Colorspace::RGB;
}

bool is_half_array(const FormatDesc& d) {
  if (!d.is_array || is_zs(d)) return false;
  for (int c = 0; c < d.nr_channels; ++c)
    if (!(d.channel[c].type == ChannelType::FLOAT && d.channel[c].size == 16)) return false;
  return true;
}

// unorm8 -> float32 through a 256-entry table (exact: c / 255 correctly rounded, sRGB decoded for
// colour channels of sRGB sources).
template <int N, int M>
void unorm8_to_float_row(float* dst, const uint8_t* src, unsigned width, const int map[4],
                         const float* const table[4], const float constants[4]) {
  for (unsigned i = 0; i < width; ++i) {
    const uint8_t* s = src + size_t(i) * N;
    float* d = dst + size_t(i) * M;
    for (int c = 0; c < M; ++c) d[c] = map[c] >= 0 ? table[c][s[map[c]]] : constants[c];
  }
}

// float32 -> unorm8 with GL rounding: clamp to [0,1], round to nearest (same arithmetic as
// float_to_unorm, so the result is identical); NaN -> 0.
inline uint8_t float_to_unorm8(float f) {
  const double v = f > 0.0f ? (f < 1.0f ? double(f) : 1.0) : 0.0;
  return uint8_t(int(v * 255.0 + 0.5));
}

template <int N, int M>
void float_to_unorm8_row(uint8_t* dst, const float* src, unsigned width, const int map[4], const uint8_t constants[4]) {
  for (unsigned i = 0; i < width; ++i) {
    const float* s = src + size_t(i) * N;
    uint8_t* d = dst + size_t(i) * M;
    for (int c = 0; c < M; ++c) d[c] = map[c] >= 0 ? float_to_unorm8(s[map[c]]) : constants[c];
  }
}

template <template <int, int> class Kernel, typename... Args>
bool dispatch_nm(int n, int m, Args&&... args) {
  // n, m in 1..4: a compile-time channel count lets the compiler unroll and vectorise.
#define GLVK_CASE(NN, MM) \
  if (n == NN && m == MM) return Kernel<NN, MM>::run(args...), true;
  GLVK_CASE(1, 1) GLVK_CASE(1, 2) GLVK_CASE(1, 3) GLVK_CASE(1, 4)
  GLVK_CASE(2, 1) GLVK_CASE(2, 2) GLVK_CASE(2, 3) GLVK_CASE(2, 4)
  GLVK_CASE(3, 1) GLVK_CASE(3, 2) GLVK_CASE(3, 3) GLVK_CASE(3, 4)
  GLVK_CASE(4, 1) GLVK_CASE(4, 2) GLVK_CASE(4, 3) GLVK_CASE(4, 4)
#undef GLVK_CASE
  return false;
}

template <int N, int M>
struct Unorm8ToFloat {
  static void run(float* dst, const uint8_t* src, unsigned width, const int* map, const float* const* table,
                  const float* constants) {
    unorm8_to_float_row<N, M>(dst, src, width, map, table, constants);
  }
};

template <int N, int M>
struct FloatToUnorm8 {
  static void run(uint8_t* dst, const float* src, unsigned width, const int* map, const uint8_t* constants) {
    float_to_unorm8_row<N, M>(dst, src, width, map, constants);
  }
};

const std::array<float, 256>& linear_table() {
  static const std::array<float, 256> t = [] {
    std::array<float, 256> v{};
    for (unsigned i = 0; i < 256; ++i) v[i] = unorm_to_float(i, 8);
    return v;
  }();
  return t;
}

const std::array<float, 256>& srgb_table() {
  static const std::array<float, 256> t = [] {
    std::array<float, 256> v{};
    for (unsigned i = 0; i < 256; ++i) v[i] = srgb_to_linear(unorm_to_float(i, 8));
    return v;
  }();
  return t;
}

using RowFn = void (*)(uint8_t* dst, const uint8_t* src, unsigned width, const void* ctx);

// A chosen fast path for a whole image: a row function plus its context.
struct FastPath {
  enum Kind { NONE, COPY, SHUFFLE8_TO4, SHUFFLE, UNORM8_TO_FLOAT, FLOAT_TO_UNORM8, FLOAT_TO_UNORM16, FLOAT_TO_HALF,
              HALF_TO_FLOAT, ZS_ROTATE, PACKED16_TO_UNORM8X4, UNORM8X4_TO_PACKED16, RGB9E5_TO_FLOAT,
              FLOAT_TO_RGB9E5, DEPTH } kind = NONE;
  int map[4] = {kConstZero, kConstZero, kConstZero, kConstZero};
  uint32_t const_bits = 0;
  uint32_t constants_raw[4] = {0, 0, 0, 0};
  float constants_f[4] = {0, 0, 0, 0};
  uint8_t constants_u8[4] = {0, 0, 0, 0};
  const float* tables[4] = {nullptr, nullptr, nullptr, nullptr};
  int src_n = 0, dst_n = 0, elem_bytes = 0;
  bool identity = false;  // same channel count and dst channel c <- src channel c: one flat loop
  bool all_linear = false;  // UNORM8_TO_FLOAT: no channel is sRGB-decoded
  unsigned snorm_bits = 0;  // COPY/SHUFFLE into snorm elements of this size: raise the minimum to -max
  unsigned rotate = 0;  // ZS_ROTATE: rotate each 32-bit word left by this many bits
  uint32_t keep_mask = 0xffffffffu;
  kernels::Packed16Channel packed[4];  // PACKED16_TO_UNORM8X4: per byte; UNORM8X4_TO_PACKED16: per channel
  kernels::DepthWord depth_src, depth_dst;  // DEPTH: unorm words, or float32 when bits == 0
};

// A depth-only format's depth as the kernels' unorm word ({bytes, 0, 0} for float32), or nullopt.
std::optional<kernels::DepthWord> depth_word(const FormatDesc& d) {
  if (!d.is_depth || d.is_stencil || d.block_width != 1 || d.block_height != 1) return std::nullopt;
  const Channel& ch = d.channel[static_cast<int>(d.swizzle[0])];
  const unsigned bytes = d.block_bits / 8;
  if (ch.type == ChannelType::FLOAT && ch.size == 32 && bytes == 4) return kernels::DepthWord{4, 0, 0};
  if (ch.type != ChannelType::UNSIGNED || !ch.normalized || (bytes != 2 && bytes != 4) || ch.size < 16 ||
      ch.shift + ch.size > bytes * 8)
    return std::nullopt;
  return kernels::DepthWord{bytes, ch.size, ch.shift};
}

bool descs_equal(const FormatDesc& a, const FormatDesc& b) {
  if (a.format != Format::NONE || b.format != Format::NONE) return a.format == b.format;
  if (a.nr_channels != b.nr_channels || a.block_bits != b.block_bits || a.colorspace != b.colorspace) return false;
  for (int c = 0; c < a.nr_channels; ++c)
    if (!same_channel_kind(a.channel[c], b.channel[c]) || a.channel[c].shift != b.channel[c].shift) return false;
  return std::memcmp(a.swizzle, b.swizzle, sizeof(a.swizzle)) == 0;
}

// A table Format and a client array format describing the same bytes count as equal too.
bool same_layout(const FormatDesc& dd, const FormatDesc& sd) {
  if (descs_equal(dd, sd)) return true;
  if (dd.nr_channels != sd.nr_channels || dd.block_bits != sd.block_bits || dd.colorspace != sd.colorspace ||
      dd.layout != sd.layout || dd.layout != Layout::PLAIN)
    return false;
  for (int c = 0; c < dd.nr_channels; ++c)
    if (!same_channel_kind(dd.channel[c], sd.channel[c]) || dd.channel[c].shift != sd.channel[c].shift) return false;
  return std::memcmp(dd.swizzle, sd.swizzle, sizeof(dd.swizzle)) == 0;
}

// Raw copies into signed-normalized channels write the canonical -1 (GL 4.6 eq. 2.4 stores
// round(-1 * (2^(b-1) - 1)), never -2^(b-1)): the element size when every channel of `d` is snorm
// of one array element size, 0 when none is snorm, -1 when a raw copy cannot do it (packed snorm).
int snorm_element_bits(const FormatDesc& d) {
  bool any = false, all = true;
  int bits = 0;
  for (int c = 0; c < d.nr_channels; ++c) {
    const Channel& ch = d.channel[c];
    if (ch.type == ChannelType::VOID) continue;
    const bool snorm = ch.type == ChannelType::SIGNED && ch.normalized;
    any |= snorm;
    all = all && snorm && (!bits || ch.size == bits);
    bits = ch.size;
  }
  if (!any || is_zs(d)) return 0;
  return all && d.is_array && (bits == 8 || bits == 16 || bits == 32) ? bits : -1;
}

// dst = max(src, -max) element by element (in place when dst == src); the compiler vectorises it.
template <typename T>
void snorm_floor_elements(uint8_t* dst, const uint8_t* src, size_t bytes) {
  constexpr T lowest = T(-std::numeric_limits<T>::max());
  for (size_t i = 0; i < bytes / sizeof(T); ++i) {
    T v;
    std::memcpy(&v, src + i * sizeof(T), sizeof(T));
    v = v < lowest ? lowest : v;
    std::memcpy(dst + i * sizeof(T), &v, sizeof(T));
  }
}

void snorm_floor(uint8_t* dst, const uint8_t* src, size_t bytes, unsigned bits) {
  if (bits == 8) snorm_floor_elements<int8_t>(dst, src, bytes);
  else if (bits == 16) snorm_floor_elements<int16_t>(dst, src, bytes);
  else snorm_floor_elements<int32_t>(dst, src, bytes);
}

FastPath choose_fast_path(const FormatDesc& dd, const FormatDesc& sd, const Swizzle* rebase) {
  FastPath fp;
  const int snorm_bits = snorm_element_bits(dd);
  if (snorm_bits < 0) return fp;  // the generic path writes canonical values
  fp.snorm_bits = unsigned(snorm_bits);
  if (!rebase && same_layout(dd, sd)) {
    fp.kind = FastPath::COPY;
    return fp;
  }
  if (is_zs(dd) || is_zs(sd)) {
    // Depth-only formats: through float depth a few hundred texels at a time, vectorised.
    if (const auto from = depth_word(sd), to = depth_word(dd); from && to) {
      fp.kind = FastPath::DEPTH;
      fp.depth_src = *from;
      fp.depth_dst = *to;
      return fp;
    }
    // Depth/stencil repacking between the 24/8 layouts: a rotation of each 32-bit word.
    auto is = [](const FormatDesc& d, Format f) { return d.format == f; };
    if ((is(sd, Format::Z24_UNORM_S8_UINT) && is(dd, Format::S8_UINT_Z24_UNORM)) ||
        (is(sd, Format::Z24X8_UNORM) && is(dd, Format::X8Z24_UNORM))) {
      fp.kind = FastPath::ZS_ROTATE;
      fp.rotate = 8;
      fp.keep_mask = is(dd, Format::X8Z24_UNORM) ? 0xffffff00u : 0xffffffffu;
    } else if ((is(sd, Format::S8_UINT_Z24_UNORM) && is(dd, Format::Z24_UNORM_S8_UINT)) ||
               (is(sd, Format::X8Z24_UNORM) && is(dd, Format::Z24X8_UNORM))) {
      fp.kind = FastPath::ZS_ROTATE;
      fp.rotate = 24;
      fp.keep_mask = is(dd, Format::Z24X8_UNORM) ? 0x00ffffffu : 0xffffffffu;
    }
    return fp;
  }
  channel_map(dd, sd, rebase, fp.map);
  fp.src_n = sd.nr_channels;
  fp.dst_n = dd.nr_channels;
  fp.identity = fp.src_n == fp.dst_n;
  for (int c = 0; c < fp.dst_n; ++c) fp.identity = fp.identity && fp.map[c] == c;
  if (shuffle_compatible(dd, sd, fp.map)) {
    const Channel& ref = sd.channel[0].type == ChannelType::VOID ? sd.channel[1] : sd.channel[0];
    fp.elem_bytes = ref.size / 8;
    for (int c = 0; c < dd.nr_channels; ++c)
      fp.constants_raw[c] = fp.map[c] == kConstOne && dd.channel[c].type != ChannelType::VOID ? raw_one(ref) : 0;
    if (fp.elem_bytes == 1 && fp.dst_n == 4 && fp.src_n >= 1 && fp.src_n <= 4) {
      fp.kind = FastPath::SHUFFLE8_TO4;
      for (int c = 0; c < 4; ++c) fp.const_bits |= fp.constants_raw[c] << (8 * c);
    } else {
      fp.kind = FastPath::SHUFFLE;
    }
    return fp;
  }
  if (is_unorm8_array(sd) && is_float32_array(dd) && dd.colorspace != Colorspace::SRGB) {
    fp.kind = FastPath::UNORM8_TO_FLOAT;
    fp.all_linear = true;
    for (int c = 0; c < dd.nr_channels; ++c) {
      fp.tables[c] = fp.map[c] >= 0 && is_srgb_channel(sd, fp.map[c]) ? srgb_table().data() : linear_table().data();
      fp.constants_f[c] = fp.map[c] == kConstOne && dd.channel[c].type != ChannelType::VOID ? 1.0f : 0.0f;
      fp.all_linear = fp.all_linear && fp.tables[c] == linear_table().data();
    }
    return fp;
  }
  // float32 <-> half with the channels in place: one conversion per element, no RGBA detour.
  if (fp.identity && is_float32_array(sd) && is_half_array(dd)) {
    fp.kind = FastPath::FLOAT_TO_HALF;
    return fp;
  }
  if (fp.identity && is_half_array(sd) && is_float32_array(dd)) {
    fp.kind = FastPath::HALF_TO_FLOAT;
    return fp;
  }
  if (fp.identity && is_float32_array(sd) && is_unorm16_array(dd)) {
    fp.kind = FastPath::FLOAT_TO_UNORM16;
    return fp;
  }
  // Packed 16-bit unorm <-> four unorm8 bytes: each byte or packed channel one rounded rescale.
  if (is_packed16_unorm(sd) && is_unorm8x4(dd)) {
    fp.kind = FastPath::PACKED16_TO_UNORM8X4;
    for (int c = 0; c < 4; ++c) {
      kernels::Packed16Channel& p = fp.packed[dd.channel[c].shift / 8];
      if (fp.map[c] >= 0) {
        p.shift = uint8_t(sd.channel[fp.map[c]].shift);
        p.bits = uint8_t(sd.channel[fp.map[c]].size);
      } else {
        p.constant = fp.map[c] == kConstOne && dd.channel[c].type != ChannelType::VOID ? 255 : 0;
      }
    }
    return fp;
  }
  if (is_unorm8x4(sd) && is_packed16_unorm(dd)) {
    fp.kind = FastPath::UNORM8X4_TO_PACKED16;
    for (int c = 0; c < 4; ++c) {
      kernels::Packed16Channel& p = fp.packed[c];
      if (c >= dd.nr_channels) continue;  // constant 0 at shift 0: no bits
      p.shift = uint8_t(dd.channel[c].shift);
      if (dd.channel[c].type == ChannelType::VOID) continue;
      if (fp.map[c] >= 0) {
        p.bits = uint8_t(dd.channel[c].size);
        p.source = uint8_t(sd.channel[fp.map[c]].shift / 8);
      } else {
        p.constant = fp.map[c] == kConstOne ? uint16_t((1u << dd.channel[c].size) - 1) : 0;
      }
    }
    return fp;
  }
  // RGB9_E5 <-> float RGB/RGBA with the colour channels in place (alpha 1 out, ignored in).
  const bool rgb_in_place = fp.map[0] == 0 && fp.map[1] == 1 && fp.map[2] == 2;
  if (sd.format == Format::R9G9B9E5_FLOAT && is_float32_array(dd) && rgb_in_place &&
      (dd.nr_channels == 3 || (dd.nr_channels == 4 && fp.map[3] == kConstOne))) {
    fp.kind = FastPath::RGB9E5_TO_FLOAT;
    return fp;
  }
  if (dd.format == Format::R9G9B9E5_FLOAT && is_float32_array(sd) && rgb_in_place &&
      (sd.nr_channels == 3 || sd.nr_channels == 4)) {
    fp.kind = FastPath::FLOAT_TO_RGB9E5;
    return fp;
  }
  if (is_float32_array(sd) && is_unorm8_array(dd) && dd.colorspace != Colorspace::SRGB) {
    fp.kind = FastPath::FLOAT_TO_UNORM8;
    for (int c = 0; c < dd.nr_channels; ++c)
      fp.constants_u8[c] = fp.map[c] == kConstOne && dd.channel[c].type != ChannelType::VOID ? 255 : 0;
    return fp;
  }
  return fp;
}

// An element kernel over `count` elements, through small aligned buffers when client memory is not
// aligned to the element types (the kernels take typed pointers).
template <typename From, typename To, typename Kernel>
void run_aligned(uint8_t* dst, const uint8_t* src, size_t count, Kernel kernel) {
  if (reinterpret_cast<uintptr_t>(src) % alignof(From) == 0 && reinterpret_cast<uintptr_t>(dst) % alignof(To) == 0) {
    kernel(reinterpret_cast<To*>(dst), reinterpret_cast<const From*>(src), count);
    return;
  }
  constexpr size_t kChunk = 256;
  From in[kChunk];
  To out[kChunk];
  for (size_t x = 0; x < count; x += kChunk) {
    const size_t n = count - x < kChunk ? count - x : kChunk;
    std::memcpy(in, src + x * sizeof(From), n * sizeof(From));
    kernel(out, in, n);
    std::memcpy(dst + x * sizeof(To), out, n * sizeof(To));
  }
}

// kernel(dst, src, n) over `count` texels of `from_bytes` -> `to_bytes`, through small aligned
// buffers when client rows are not 4-byte aligned (the kernels take typed pointers).
template <typename Kernel>
void run_texels_aligned(uint8_t* dst, const uint8_t* src, size_t count, size_t from_bytes, size_t to_bytes,
                        Kernel kernel) {
  if (reinterpret_cast<uintptr_t>(dst) % 4 == 0 && reinterpret_cast<uintptr_t>(src) % 4 == 0)
    return kernel(dst, src, count);
  alignas(16) uint8_t in[4096], out[4096];
  const size_t chunk = sizeof in / std::max(from_bytes, to_bytes);
  for (size_t x = 0; x < count; x += chunk) {
    const size_t n = std::min(chunk, count - x);
    std::memcpy(in, src + x * from_bytes, n * from_bytes);
    kernel(out, in, n);
    std::memcpy(dst + x * to_bytes, out, n * to_bytes);
  }
}

void run_packed16_or_rgb9e5(const FastPath& fp, uint8_t* dst, const uint8_t* src, unsigned width) {
  const auto* P = &fp.packed;
  const size_t floats = size_t(fp.kind == FastPath::RGB9E5_TO_FLOAT ? fp.dst_n : fp.src_n) * 4;
  switch (fp.kind) {
    case FastPath::PACKED16_TO_UNORM8X4:
      return run_texels_aligned(dst, src, width, 2, 4, [P](uint8_t* d, const uint8_t* s, size_t n) {
        kernels::packed16_to_unorm8x4(*P, d, reinterpret_cast<const uint16_t*>(s), n);
      });
    case FastPath::UNORM8X4_TO_PACKED16:
      return run_texels_aligned(dst, src, width, 4, 2, [P](uint8_t* d, const uint8_t* s, size_t n) {
        kernels::unorm8x4_to_packed16(*P, reinterpret_cast<uint16_t*>(d), s, n);
      });
    case FastPath::RGB9E5_TO_FLOAT:
      return run_texels_aligned(dst, src, width, 4, floats, [&](uint8_t* d, const uint8_t* s, size_t n) {
        kernels::rgb9e5_to_float(reinterpret_cast<float*>(d), unsigned(fp.dst_n), reinterpret_cast<const uint32_t*>(s), n);
      });
    default:  // FLOAT_TO_RGB9E5
      return run_texels_aligned(dst, src, width, floats, 4, [&](uint8_t* d, const uint8_t* s, size_t n) {
        kernels::float_to_rgb9e5(reinterpret_cast<uint32_t*>(d), reinterpret_cast<const float*>(s), unsigned(fp.src_n), n);
      });
  }
}

// DEPTH: source words to float depth (as is for float32), then to the destination's words.
void run_depth(const FastPath& fp, uint8_t* dst, const uint8_t* src, unsigned width) {
  constexpr size_t kChunk = 256;
  float depth[kChunk];
  for (size_t x = 0; x < width; x += kChunk) {
    const size_t n = std::min(kChunk, width - x);
    if (fp.depth_src.bits)
      kernels::depth_unorm_to_float(depth, fp.depth_src, src + x * fp.depth_src.bytes, n);
    else
      std::memcpy(depth, src + x * 4, n * 4);
    if (fp.depth_dst.bits)
      kernels::float_to_depth_unorm(dst + x * fp.depth_dst.bytes, fp.depth_dst, depth, n);
    else
      std::memcpy(dst + x * 4, depth, n * 4);
  }
}

void run_fast_row(const FastPath& fp, uint8_t* dst, const uint8_t* src, unsigned width, const FormatDesc& dd) {
  switch (fp.kind) {
    case FastPath::COPY:
      if (fp.snorm_bits)
        snorm_floor(dst, src, row_bytes(dd, width), fp.snorm_bits);
      else
        std::memcpy(dst, src, row_bytes(dd, width));
      return;
    case FastPath::SHUFFLE8_TO4:
#if defined(__x86_64__) || defined(__i386__)
      if (have_ssse3()) {
        shuffle8_to4_ssse3(dst, src, width, unsigned(fp.src_n), fp.map, fp.const_bits);
        break;
      }
#endif
      shuffle8_to4(dst, src, width, unsigned(fp.src_n), fp.map, fp.const_bits);
      break;
    case FastPath::SHUFFLE:
      if (fp.elem_bytes == 1) {
        const uint8_t k[4] = {uint8_t(fp.constants_raw[0]), uint8_t(fp.constants_raw[1]), uint8_t(fp.constants_raw[2]),
                              uint8_t(fp.constants_raw[3])};
#if defined(__x86_64__) || defined(__i386__)
        if (fp.src_n == 4 && fp.dst_n == 3 && have_ssse3()) {
          shuffle8_4_to3_ssse3(dst, src, width, fp.map, k);
          break;
        }
#endif
        shuffle_elements<uint8_t>(dst, src, width, fp.src_n, fp.dst_n, fp.map, k);
      } else if (fp.elem_bytes == 2) {
        const uint16_t k[4] = {uint16_t(fp.constants_raw[0]), uint16_t(fp.constants_raw[1]),
                               uint16_t(fp.constants_raw[2]), uint16_t(fp.constants_raw[3])};
        shuffle_elements<uint16_t>(dst, src, width, fp.src_n, fp.dst_n, fp.map, k);
      } else {
        shuffle_elements<uint32_t>(dst, src, width, fp.src_n, fp.dst_n, fp.map, fp.constants_raw);
      }
      break;
    case FastPath::UNORM8_TO_FLOAT: {
      if (fp.identity && fp.all_linear) {
        run_aligned<uint8_t, float>(dst, src, size_t(width) * fp.src_n,
                                    [](float* d, const uint8_t* s, size_t n) { kernels::unorm8_to_float(d, s, n); });
        break;
      }
      float* out = reinterpret_cast<float*>(dst);
      float tmp_row[64 * 4];
      const bool aligned = reinterpret_cast<uintptr_t>(dst) % alignof(float) == 0;
      if (aligned) {
        dispatch_nm<Unorm8ToFloat>(fp.src_n, fp.dst_n, out, src, width, fp.map, fp.tables, fp.constants_f);
      } else {  // unaligned client memory: go through a small aligned buffer
        for (unsigned x = 0; x < width; x += 64) {
          const unsigned n = width - x < 64 ? width - x : 64;
          dispatch_nm<Unorm8ToFloat>(fp.src_n, fp.dst_n, tmp_row, src + size_t(x) * fp.src_n, n, fp.map, fp.tables,
                                     fp.constants_f);
          std::memcpy(dst + size_t(x) * fp.dst_n * 4, tmp_row, size_t(n) * fp.dst_n * 4);
        }
      }
      break;
    }
    case FastPath::FLOAT_TO_UNORM8: {
      float tmp_row[64 * 4];
      if (fp.identity) {  // contiguous elements
        run_aligned<float, uint8_t>(dst, src, size_t(width) * fp.src_n,
                                    [](uint8_t* d, const float* s, size_t n) { kernels::float_to_unorm8(d, s, n); });
      } else if (reinterpret_cast<uintptr_t>(src) % alignof(float) == 0) {
        dispatch_nm<FloatToUnorm8>(fp.src_n, fp.dst_n, dst, reinterpret_cast<const float*>(src), width, fp.map,
                                   fp.constants_u8);
      } else {
        for (unsigned x = 0; x < width; x += 64) {
          const unsigned n = width - x < 64 ? width - x : 64;
          std::memcpy(tmp_row, src + size_t(x) * fp.src_n * 4, size_t(n) * fp.src_n * 4);
          dispatch_nm<FloatToUnorm8>(fp.src_n, fp.dst_n, dst + size_t(x) * fp.dst_n, tmp_row, n, fp.map,
                                     fp.constants_u8);
        }
      }
      break;
    }
    case FastPath::FLOAT_TO_HALF:
      run_aligned<float, uint16_t>(dst, src, size_t(width) * fp.src_n,
                                   [](uint16_t* d, const float* s, size_t n) { kernels::float_to_half(d, s, n); });
      break;
    case FastPath::HALF_TO_FLOAT:
      run_aligned<uint16_t, float>(dst, src, size_t(width) * fp.src_n,
                                   [](float* d, const uint16_t* s, size_t n) { kernels::half_to_float(d, s, n); });
      break;
    case FastPath::FLOAT_TO_UNORM16:
      run_aligned<float, uint16_t>(dst, src, size_t(width) * fp.src_n,
                                   [](uint16_t* d, const float* s, size_t n) { kernels::float_to_unorm16(d, s, n); });
      break;
    case FastPath::PACKED16_TO_UNORM8X4:
    case FastPath::UNORM8X4_TO_PACKED16:
    case FastPath::RGB9E5_TO_FLOAT:
    case FastPath::FLOAT_TO_RGB9E5:
      run_packed16_or_rgb9e5(fp, dst, src, width);
      break;
    case FastPath::DEPTH:
      run_depth(fp, dst, src, width);
      break;
    case FastPath::ZS_ROTATE:
      for (unsigned i = 0; i < width; ++i) {
        uint32_t v;
        std::memcpy(&v, src + size_t(i) * 4, 4);
        v = ((v << fp.rotate) | (v >> (32 - fp.rotate))) & fp.keep_mask;
        std::memcpy(dst + size_t(i) * 4, &v, 4);
      }
      break;
    case FastPath::NONE:
      break;
  }
  if (fp.snorm_bits) snorm_floor(dst, dst, row_bytes(dd, width), fp.snorm_bits);
}

ConvertStatus convert_impl(void* dst, const PixelFormat& dst_format, size_t dst_stride, const void* src,
                           const PixelFormat& src_format, size_t src_stride, unsigned width, unsigned height,
                           const ConvertParams& params, bool allow_fast) {
  const FormatDesc& dd = dst_format.desc();
  const FormatDesc& sd = src_format.desc();
  const ConvertStatus status = check_pair(dd, sd);
  if (status != ConvertStatus::OK) return status;
  const Swizzle* rebase = is_zs(dd) ? nullptr : params.rebase_swizzle;
  if (is_decodable(sd)) {
    // Decode the whole image once (block rows are src_stride apart), then pack row by row.
    std::vector<float> texels(size_t(width) * height * 4);
    unpack_compressed_rgba_float(sd, src, src_stride, width, height, texels.data(), size_t(width) * 4);
    for (unsigned y = 0; y < height; ++y) {
      float* row = texels.data() + size_t(y) * width * 4;
      uint8_t* d = static_cast<uint8_t*>(dst) + size_t(y) * dst_stride;
      rebase_rows(row, width, rebase);
      if (params.clamp_to_unit) clamp_rows_to_unit(row, width);
      pack_rgba_float(dd, row, d, width);
      if (params.dst_swap_unit == 2 || params.dst_swap_unit == 4)
        swap_bytes(d, row_bytes(dd, width) / params.dst_swap_unit, params.dst_swap_unit);
    }
    return ConvertStatus::OK;
  }
  // The fast paths do not clamp; a source that can hold values outside [0, 1] takes the generic one.
  const bool clamps = params.clamp_to_unit && !sd.is_pure_integer && !is_zs(sd) && !sd.is_unorm;
  const FastPath fp = allow_fast && !clamps ? choose_fast_path(dd, sd, rebase) : FastPath{};
  const size_t src_row_bytes = row_bytes(sd, width);
  const size_t dst_row_bytes = row_bytes(dd, width);
  const bool swap_src = params.src_swap_unit == 2 || params.src_swap_unit == 4;
  const bool swap_dst = params.dst_swap_unit == 2 || params.dst_swap_unit == 4;
  std::vector<uint8_t> swapped;
  if (swap_src) swapped.resize(src_row_bytes + 4);
  RowScratch scratch;
  if (fp.kind == FastPath::COPY && !fp.snorm_bits && !swap_src && !swap_dst && src_stride == src_row_bytes &&
      dst_stride == dst_row_bytes) {
    std::memcpy(dst, src, src_row_bytes * height);  // one copy: lets memcpy pick its large-copy strategy
    return ConvertStatus::OK;
  }
  for (unsigned y = 0; y < height; ++y) {
    const uint8_t* s = static_cast<const uint8_t*>(src) + size_t(y) * src_stride;
    uint8_t* d = static_cast<uint8_t*>(dst) + size_t(y) * dst_stride;
    if (swap_src) {
      std::memcpy(swapped.data(), s, src_row_bytes);
      swap_bytes(swapped.data(), src_row_bytes / params.src_swap_unit, params.src_swap_unit);
      s = swapped.data();
    }
    if (fp.kind != FastPath::NONE)
      run_fast_row(fp, d, s, width, dd);
    else
      convert_row_generic(d, dd, s, sd, width, rebase, clamps, scratch);
    if (swap_dst) swap_bytes(d, dst_row_bytes / params.dst_swap_unit, params.dst_swap_unit);
  }
  return ConvertStatus::OK;
}

}  // namespace

ConvertStatus can_convert(const PixelFormat& dst_format, const PixelFormat& src_format) {
  return check_pair(dst_format.desc(), src_format.desc());
}

const char* convert_path_name(const PixelFormat& dst_format, const PixelFormat& src_format,
                              const Swizzle* rebase_swizzle) {
  const ConvertStatus status = check_pair(dst_format.desc(), src_format.desc());
  if (status != ConvertStatus::OK) return convert_status_name(status);
  if (is_decodable(src_format.desc())) return "decode";
  const bool zs = is_zs(dst_format.desc());
  switch (choose_fast_path(dst_format.desc(), src_format.desc(), zs ? nullptr : rebase_swizzle).kind) {
    case FastPath::COPY: return "copy";
    case FastPath::SHUFFLE8_TO4: return "shuffle8_to4";
    case FastPath::SHUFFLE: return "shuffle";
    case FastPath::UNORM8_TO_FLOAT: return "unorm8_to_float";
    case FastPath::FLOAT_TO_UNORM8: return "float_to_unorm8";
    case FastPath::FLOAT_TO_UNORM16: return "float_to_unorm16";
    case FastPath::FLOAT_TO_HALF: return "float_to_half";
    case FastPath::HALF_TO_FLOAT: return "half_to_float";
    case FastPath::ZS_ROTATE: return "zs_rotate";
    case FastPath::PACKED16_TO_UNORM8X4: return "packed16_to_unorm8x4";
    case FastPath::UNORM8X4_TO_PACKED16: return "unorm8x4_to_packed16";
    case FastPath::RGB9E5_TO_FLOAT: return "rgb9e5_to_float";
    case FastPath::FLOAT_TO_RGB9E5: return "float_to_rgb9e5";
    case FastPath::DEPTH: return "depth";
    case FastPath::NONE: return "generic";
  }
  return "generic";
}

ConvertStatus convert(void* dst, const PixelFormat& dst_format, size_t dst_stride, const void* src,
                      const PixelFormat& src_format, size_t src_stride, unsigned width, unsigned height,
                      const ConvertParams& params) {
  return convert_impl(dst, dst_format, dst_stride, src, src_format, src_stride, width, height, params, true);
}

ConvertStatus convert_generic(void* dst, const PixelFormat& dst_format, size_t dst_stride, const void* src,
                              const PixelFormat& src_format, size_t src_stride, unsigned width, unsigned height,
                              const ConvertParams& params) {
  return convert_impl(dst, dst_format, dst_stride, src, src_format, src_stride, width, height, params, false);
}

}  // namespace glvk::formats
