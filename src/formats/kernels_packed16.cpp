// Packed 16-bit unorm texels <-> four unorm8 bytes (kernels.h): a scalar version with pack.h's
// arithmetic, and SSE2/AVX2 versions in 16-bit lanes. Every ratio c * 255 / (2^b - 1) and
// v * (2^b - 1) / 255 is at least 1 / 510 away from a tie, so an exact integer division of
// (numerator + (divisor - 1) / 2) gives the same rounding as the float/double path; tests hold every
// version equal to the generic path over every input.
#include <glvk/formats/kernels.h>

#include <glvk/formats/pack.h>

#include "kernels_isa.h"

namespace glvk::formats::kernels {
namespace {

// floor(x / d) for 0 <= x <= limit as mulhi16(x << pre, magic) >> post (a 16-bit lane's exact
// division by a constant); found and checked at compile time.
struct Divider {
  uint16_t pre = 0, magic = 0, post = 0;
};

constexpr Divider divider(unsigned d, unsigned limit) {
  if (d == 1) return {8, 256, 0};  // x < 256: (x << 8) * 256 >> 16
  for (uint16_t post = 0; post < 16; ++post) {
    const uint64_t magic = ((uint64_t(1) << (16 + post)) + d - 1) / d;
    if (magic > 0xffff) break;
    bool exact = true;
    for (uint64_t x = 0; x <= limit && exact; ++x) exact = ((x * magic) >> (16 + post)) == x / d;
    if (exact) return {0, uint16_t(magic), post};
  }
  return {};
}

// One channel's rounding as lane arithmetic: q = divide(value * mul + add).
struct LaneRule {
  uint16_t mul, add;
  Divider div;
};

// c (b bits) -> round(c * 255 / m) and v (8 bits) -> round(v * m / 255), m = 2^b - 1.
constexpr LaneRule widen_rule(unsigned b) {
  const unsigned m = (1u << b) - 1;
  return {255, uint16_t((m - 1) / 2), divider(m, m * 255 + (m - 1) / 2)};
}
constexpr LaneRule narrow_rule(unsigned b) {
  const unsigned m = (1u << b) - 1;
  return {uint16_t(m), 127, divider(255, 255 * m + 127)};
}

template <LaneRule (*Rule)(unsigned)>
constexpr auto rule_table() {
  struct Table {
    LaneRule r[9];
  } t{};
  for (unsigned b = 1; b <= 8; ++b) t.r[b] = Rule(b);
  return t;
}
constexpr auto kWiden = rule_table<widen_rule>();
constexpr auto kNarrow = rule_table<narrow_rule>();
static_assert([] {
  for (unsigned b = 1; b <= 8; ++b)
    if (!kWiden.r[b].div.magic || !kNarrow.r[b].div.magic) return false;
  return true;
}());

// ---------------------------------------------------------------- scalar (the generic path's arithmetic)

void unpack_scalar(const Packed16Channel (&bytes)[4], uint8_t* dst, const uint16_t* src, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i)
    for (int j = 0; j < 4; ++j) {
      const Packed16Channel& c = bytes[j];
      const uint32_t raw = (uint32_t(src[i]) >> c.shift) & ((1u << c.bits) - 1);
      dst[i * 4 + j] = c.bits ? uint8_t(float_to_unorm(unorm_to_float(raw, c.bits), 8)) : uint8_t(c.constant);
    }
}

void pack_scalar(const Packed16Channel (&channels)[4], uint16_t* dst, const uint8_t* src, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    uint32_t word = 0;
    for (const Packed16Channel& c : channels) {
      const uint32_t v = c.bits ? float_to_unorm(unorm_to_float(src[i * 4 + c.source], 8), c.bits) : c.constant;
      word |= v << c.shift;
    }
    dst[i] = uint16_t(word);
  }
}

#if GLVK_X86
// Loop-invariant lane constants of one channel, broadcast by each version.
struct LaneValues {
  short mask, mul, add, magic, constant;
  int shift, pre, post, source;
  bool is_constant;
};

LaneValues lane_values(const Packed16Channel& c, const LaneRule* rules) {
  const LaneRule& r = rules[c.bits ? c.bits : 8];
  return {short((1 << c.bits) - 1), short(r.mul), short(r.add), short(r.div.magic), short(c.constant),
          c.shift, r.div.pre, r.div.post, 8 * c.source, c.bits == 0};
}

struct Lanes128 {
  __m128i mask, mul, add, magic, constant;
  __m128i shift, pre, post, source;
  bool is_constant;
};

struct Lanes256 {
  __m256i mask, mul, add, magic, constant;
  __m128i shift, pre, post, source;
  bool is_constant;
};

Lanes128 lanes_sse2(const LaneValues& v) {
  return {_mm_set1_epi16(v.mask),       _mm_set1_epi16(v.mul),      _mm_set1_epi16(v.add),
          _mm_set1_epi16(v.magic),      _mm_set1_epi16(v.constant), _mm_cvtsi32_si128(v.shift),
          _mm_cvtsi32_si128(v.pre),     _mm_cvtsi32_si128(v.post),  _mm_cvtsi32_si128(v.source),
          v.is_constant};
}

__attribute__((target("avx2"))) inline void lanes_avx2(const LaneValues& v, Lanes256& l) {
  l = {_mm256_set1_epi16(v.mask),   _mm256_set1_epi16(v.mul),      _mm256_set1_epi16(v.add),
       _mm256_set1_epi16(v.magic),  _mm256_set1_epi16(v.constant), _mm_cvtsi32_si128(v.shift),
       _mm_cvtsi32_si128(v.pre),    _mm_cvtsi32_si128(v.post),     _mm_cvtsi32_si128(v.source),
       v.is_constant};
}

inline __m128i rounded_sse2(__m128i value, const Lanes128& l) {
  const __m128i x = _mm_sll_epi16(_mm_add_epi16(_mm_mullo_epi16(value, l.mul), l.add), l.pre);
  return _mm_srl_epi16(_mm_mulhi_epu16(x, l.magic), l.post);
}

__attribute__((target("avx2"))) inline __m256i rounded_avx2(__m256i value, const Lanes256& l) {
  const __m256i x = _mm256_sll_epi16(_mm256_add_epi16(_mm256_mullo_epi16(value, l.mul), l.add), l.pre);
  return _mm256_srl_epi16(_mm256_mulhi_epu16(x, l.magic), l.post);
}

size_t unpack_sse2(const Packed16Channel (&bytes)[4], uint8_t* dst, const uint16_t* src, size_t count) {
  Lanes128 l[4];
  for (int j = 0; j < 4; ++j) l[j] = lanes_sse2(lane_values(bytes[j], kWiden.r));
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    __m128i b[4];
    for (int j = 0; j < 4; ++j)
      b[j] = l[j].is_constant ? l[j].constant : rounded_sse2(_mm_and_si128(_mm_srl_epi16(v, l[j].shift), l[j].mask), l[j]);
    const __m128i rg = _mm_or_si128(b[0], _mm_slli_epi16(b[1], 8)), ba = _mm_or_si128(b[2], _mm_slli_epi16(b[3], 8));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i * 4), _mm_unpacklo_epi16(rg, ba));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i * 4 + 16), _mm_unpackhi_epi16(rg, ba));
  }
  return i;
}

__attribute__((target("avx2"))) size_t unpack_avx2(const Packed16Channel (&bytes)[4], uint8_t* dst,
                                                   const uint16_t* src, size_t count) {
  Lanes256 l[4];
  for (int j = 0; j < 4; ++j) lanes_avx2(lane_values(bytes[j], kWiden.r), l[j]);
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    __m256i b[4];
    for (int j = 0; j < 4; ++j)
      b[j] = l[j].is_constant ? l[j].constant
                              : rounded_avx2(_mm256_and_si256(_mm256_srl_epi16(v, l[j].shift), l[j].mask), l[j]);
    const __m256i rg = _mm256_or_si256(b[0], _mm256_slli_epi16(b[1], 8));
    const __m256i ba = _mm256_or_si256(b[2], _mm256_slli_epi16(b[3], 8));
    // The unpacks work within 128-bit lanes: texels 0-3 | 8-11 and 4-7 | 12-15.
    const __m256i lo = _mm256_unpacklo_epi16(rg, ba), hi = _mm256_unpackhi_epi16(rg, ba);
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i * 4), _mm256_permute2x128_si256(lo, hi, 0x20));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i * 4 + 32), _mm256_permute2x128_si256(lo, hi, 0x31));
  }
  return i;
}

size_t pack_sse2(const Packed16Channel (&channels)[4], uint16_t* dst, const uint8_t* src, size_t count) {
  Lanes128 l[4];
  __m128i constants = _mm_setzero_si128();
  for (int k = 0; k < 4; ++k) {
    l[k] = lanes_sse2(lane_values(channels[k], kNarrow.r));
    if (l[k].is_constant) constants = _mm_or_si128(constants, _mm_sll_epi16(l[k].constant, l[k].shift));
  }
  const __m128i byte = _mm_set1_epi32(0xff);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i * 4));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i * 4 + 16));
    __m128i word = constants;
    for (int k = 0; k < 4; ++k) {
      if (l[k].is_constant) continue;
      // Byte `source` of each texel as eight 16-bit lanes (values <= 255 pack without saturating).
      const __m128i v = _mm_packs_epi32(_mm_and_si128(_mm_srl_epi32(a, l[k].source), byte),
                                        _mm_and_si128(_mm_srl_epi32(b, l[k].source), byte));
      word = _mm_or_si128(word, _mm_sll_epi16(rounded_sse2(v, l[k]), l[k].shift));
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), word);
  }
  return i;
}

__attribute__((target("avx2"))) size_t pack_avx2(const Packed16Channel (&channels)[4], uint16_t* dst,
                                                 const uint8_t* src, size_t count) {
  Lanes256 l[4];
  __m256i constants = _mm256_setzero_si256();
  for (int k = 0; k < 4; ++k) {
    lanes_avx2(lane_values(channels[k], kNarrow.r), l[k]);
    if (l[k].is_constant) constants = _mm256_or_si256(constants, _mm256_sll_epi16(l[k].constant, l[k].shift));
  }
  const __m256i byte = _mm256_set1_epi32(0xff);
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    const __m256i a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i * 4));
    const __m256i b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i * 4 + 32));
    __m256i word = constants;
    for (int k = 0; k < 4; ++k) {
      if (l[k].is_constant) continue;
      // packs works within 128-bit lanes (texels 0-3, 8-11 | 4-7, 12-15): put them back in order.
      const __m256i v = _mm256_permute4x64_epi64(
          _mm256_packs_epi32(_mm256_and_si256(_mm256_srl_epi32(a, l[k].source), byte),
                             _mm256_and_si256(_mm256_srl_epi32(b, l[k].source), byte)),
          _MM_SHUFFLE(3, 1, 2, 0));
      word = _mm256_or_si256(word, _mm256_sll_epi16(rounded_avx2(v, l[k]), l[k].shift));
    }
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(dst + i), word);
  }
  return i;
}
#endif

}  // namespace

void packed16_to_unorm8x4(const Packed16Channel (&bytes)[4], uint8_t* dst, const uint16_t* src, size_t count,
                          Isa isa) {
  size_t done = 0;
#if GLVK_X86
  isa = usable(isa);
  if (isa == Isa::AVX2) done = unpack_avx2(bytes, dst, src, count);
  else if (isa >= Isa::SSE2) done = unpack_sse2(bytes, dst, src, count);
#else
  (void)isa;
#endif
  unpack_scalar(bytes, dst, src, done, count);
}

void unorm8x4_to_packed16(const Packed16Channel (&channels)[4], uint16_t* dst, const uint8_t* src, size_t count,
                          Isa isa) {
  size_t done = 0;
#if GLVK_X86
  isa = usable(isa);
  if (isa == Isa::AVX2) done = pack_avx2(channels, dst, src, count);
  else if (isa >= Isa::SSE2) done = pack_sse2(channels, dst, src, count);
#else
  (void)isa;
#endif
  pack_scalar(channels, dst, src, done, count);
}

}  // namespace glvk::formats::kernels
