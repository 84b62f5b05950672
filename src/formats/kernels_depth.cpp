// Unorm depth words <-> float (kernels.h). The scalar version is pack.h's arithmetic; the SSE2 and
// AVX2 versions do the same IEEE double operations two or four at a time (division, multiply, add,
// each correctly rounded, never fused), so they give the same bits.
#include <glvk/formats/kernels.h>

#include <glvk/formats/pack.h>

#include <cstring>

#include "kernels_isa.h"

namespace glvk::formats::kernels {
namespace {

uint32_t mask_of(unsigned bits) { return bits >= 32 ? 0xffffffffu : (1u << bits) - 1; }

uint32_t load_word(const DepthWord& w, const void* src, size_t i) {
  if (w.bytes == 2) {
    uint16_t v;
    std::memcpy(&v, static_cast<const uint8_t*>(src) + i * 2, 2);
    return v;
  }
  uint32_t v;
  std::memcpy(&v, static_cast<const uint8_t*>(src) + i * 4, 4);
  return v;
}

void store_word(const DepthWord& w, void* dst, size_t i, uint32_t v) {
  if (w.bytes == 2) {
    const uint16_t h = uint16_t(v);
    std::memcpy(static_cast<uint8_t*>(dst) + i * 2, &h, 2);
  } else {
    std::memcpy(static_cast<uint8_t*>(dst) + i * 4, &v, 4);
  }
}

void unpack_scalar(float* dst, const DepthWord& w, const void* src, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) dst[i] = unorm_to_float((load_word(w, src, i) >> w.shift) & mask_of(w.bits), w.bits);
}

void pack_scalar(void* dst, const DepthWord& w, const float* src, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) store_word(w, dst, i, float_to_unorm(src[i], w.bits) << w.shift);
}

#if GLVK_X86
// Four unsigned 32-bit values to double, exactly (values past INT32_MAX through a sign flip).
__attribute__((target("avx2"))) inline __m256d to_double(__m128i v) {
  const __m256d flipped = _mm256_cvtepi32_pd(_mm_xor_si128(v, _mm_set1_epi32(int(0x80000000u))));
  return _mm256_add_pd(flipped, _mm256_set1_pd(2147483648.0));
}

__attribute__((target("avx2"))) size_t unpack_avx2(float* dst, const DepthWord& w, const void* src, size_t count) {
  const __m256i mask = _mm256_set1_epi32(int(mask_of(w.bits)));
  const __m128i shift = _mm_cvtsi32_si128(int(w.shift));
  const __m256d max = _mm256_set1_pd(w.bits >= 32 ? 4294967295.0 : double(mask_of(w.bits)));
  const auto* bytes = static_cast<const uint8_t*>(src);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m256i words = w.bytes == 2 ? _mm256_cvtepu16_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + i * 2)))
                                       : _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bytes + i * 4));
    const __m256i v = _mm256_and_si256(_mm256_srl_epi32(words, shift), mask);
    const __m128 lo = _mm256_cvtpd_ps(_mm256_div_pd(to_double(_mm256_castsi256_si128(v)), max));
    const __m128 hi = _mm256_cvtpd_ps(_mm256_div_pd(to_double(_mm256_extracti128_si256(v, 1)), max));
    _mm256_storeu_ps(dst + i, _mm256_set_m128(hi, lo));
  }
  return i;
}

// Eq. 2.3 as float_to_unorm: clamp to [0, 1] (max(v, 0) with v first gives 0 for NaN), then
// floor(f * max + 0.5) in double; the floor fits 32 bits unsigned, truncated through a 2^31 bias.
__attribute__((target("avx2"))) inline __m128i unorm_of(__m128 f, __m256d max) {
  const __m128 c = _mm_min_ps(_mm_max_ps(f, _mm_setzero_ps()), _mm_set1_ps(1.0f));
  const __m256d d = _mm256_floor_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_cvtps_pd(c), max), _mm256_set1_pd(0.5)));
  const __m128i biased = _mm256_cvttpd_epi32(_mm256_sub_pd(d, _mm256_set1_pd(2147483648.0)));
  return _mm_xor_si128(biased, _mm_set1_epi32(int(0x80000000u)));
}

__attribute__((target("avx2"))) size_t pack_avx2(void* dst, const DepthWord& w, const float* src, size_t count) {
  const __m256d max = _mm256_set1_pd(w.bits >= 32 ? 4294967295.0 : double(mask_of(w.bits)));
  const __m128i shift = _mm_cvtsi32_si128(int(w.shift));
  auto* bytes = static_cast<uint8_t*>(dst);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i lo = _mm_sll_epi32(unorm_of(_mm_loadu_ps(src + i), max), shift);
    const __m128i hi = _mm_sll_epi32(unorm_of(_mm_loadu_ps(src + i + 4), max), shift);
    if (w.bytes == 2) {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i * 2), _mm_packus_epi32(lo, hi));  // values <= 0xffff
    } else {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i * 4), lo);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i * 4 + 16), hi);
    }
  }
  return i;
}

// SSE2: the same, two doubles per operation. Packing into 32-bit unorm needs a floor SSE2 lacks
// (truncation of the 2^31-biased value rounds negatives up), so 32-bit destinations stay scalar.
inline __m128d to_double_sse2(__m128i v) {  // the two low lanes
  const __m128d flipped = _mm_cvtepi32_pd(_mm_xor_si128(v, _mm_set1_epi32(int(0x80000000u))));
  return _mm_add_pd(flipped, _mm_set1_pd(2147483648.0));
}

size_t unpack_sse2(float* dst, const DepthWord& w, const void* src, size_t count) {
  const __m128i mask = _mm_set1_epi32(int(mask_of(w.bits))), zero = _mm_setzero_si128();
  const __m128i shift = _mm_cvtsi32_si128(int(w.shift));
  const __m128d max = _mm_set1_pd(w.bits >= 32 ? 4294967295.0 : double(mask_of(w.bits)));
  const auto* bytes = static_cast<const uint8_t*>(src);
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    const __m128i words = w.bytes == 2 ? _mm_unpacklo_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(bytes + i * 2)), zero)
                                       : _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + i * 4));
    const __m128i v = _mm_and_si128(_mm_srl_epi32(words, shift), mask);
    const __m128 lo = _mm_cvtpd_ps(_mm_div_pd(to_double_sse2(v), max));
    const __m128 hi = _mm_cvtpd_ps(_mm_div_pd(to_double_sse2(_mm_unpackhi_epi64(v, v)), max));
    _mm_storeu_ps(dst + i, _mm_movelh_ps(lo, hi));
  }
  return i;
}

// Eq. 2.3 for up to 24 bits: the rounded value is below 2^31, so truncation is the floor.
inline __m128i unorm_of_sse2(__m128 f, __m128d max) {
  const __m128 c = _mm_min_ps(_mm_max_ps(f, _mm_setzero_ps()), _mm_set1_ps(1.0f));
  const __m128d half = _mm_set1_pd(0.5);
  const __m128i lo = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(_mm_cvtps_pd(c), max), half));
  const __m128i hi = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(c, c)), max), half));
  return _mm_unpacklo_epi64(lo, hi);
}

size_t pack_sse2(void* dst, const DepthWord& w, const float* src, size_t count) {
  if (w.bits > 24) return 0;
  const __m128d max = _mm_set1_pd(double(mask_of(w.bits)));
  const __m128i shift = _mm_cvtsi32_si128(int(w.shift));
  auto* bytes = static_cast<uint8_t*>(dst);
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i lo = _mm_sll_epi32(unorm_of_sse2(_mm_loadu_ps(src + i), max), shift);
    const __m128i hi = _mm_sll_epi32(unorm_of_sse2(_mm_loadu_ps(src + i + 4), max), shift);
    if (w.bytes == 2) {  // no unsigned 32 -> 16 pack in SSE2: bias into the signed range and back
      const __m128i bias32 = _mm_set1_epi32(32768), bias16 = _mm_set1_epi16(-32768);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i * 2),
                       _mm_xor_si128(_mm_packs_epi32(_mm_sub_epi32(lo, bias32), _mm_sub_epi32(hi, bias32)), bias16));
    } else {
      _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i * 4), lo);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(bytes + i * 4 + 16), hi);
    }
  }
  return i;
}
#endif

}  // namespace

void depth_unorm_to_float(float* dst, const DepthWord& w, const void* src, size_t count, Isa isa) {
  size_t done = 0;
#if GLVK_X86
  if (usable(isa) == Isa::AVX2) done = unpack_avx2(dst, w, src, count);
  else if (usable(isa) >= Isa::SSE2) done = unpack_sse2(dst, w, src, count);
#else
  (void)isa;
#endif
  unpack_scalar(dst, w, src, done, count);
}

void float_to_depth_unorm(void* dst, const DepthWord& w, const float* src, size_t count, Isa isa) {
  size_t done = 0;
#if GLVK_X86
  if (usable(isa) == Isa::AVX2) done = pack_avx2(dst, w, src, count);
  else if (usable(isa) >= Isa::SSE2) done = pack_sse2(dst, w, src, count);
#else
  (void)isa;
#endif
  pack_scalar(dst, w, src, done, count);
}

}  // namespace glvk::formats::kernels
