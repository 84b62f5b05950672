// The vectorised element kernels. Every version computes exactly what the scalar one does; the
// tests (tests/formats/kernels_test.cpp) hold them equal over every 16-bit input and large random
// samples of 32-bit ones.
#include <glvk/formats/kernels.h>

#include <glvk/formats/pack.h>

#include <cstring>

#include "kernels_isa.h"

#if GLVK_X86
#include <cpuid.h>
#endif

namespace glvk::formats::kernels {

#if GLVK_X86
namespace {
// F16C from CPUID leaf 1 (ECX bit 29): clang's __builtin_cpu_supports does not know "f16c".
bool cpu_has_f16c() {
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  return __get_cpuid(1, &eax, &ebx, &ecx, &edx) && (ecx & bit_F16C);
}
}  // namespace
#endif

Isa cpu_isa() {
#if GLVK_X86
  static const Isa isa = [] {
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2") && cpu_has_f16c()) return Isa::AVX2;
    if (__builtin_cpu_supports("ssse3")) return Isa::SSSE3;
    return __builtin_cpu_supports("sse2") ? Isa::SSE2 : Isa::SCALAR;
  }();
  return isa;
#else
  return Isa::SCALAR;
#endif
}

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::SCALAR: return "scalar";
    case Isa::SSE2: return "sse2";
    case Isa::SSSE3: return "ssse3";
    case Isa::AVX2: return "avx2";
  }
  return "?";
}

namespace {

// ---------------------------------------------------------------- scalar references

inline uint8_t unorm8(float f) {
  const double v = f > 0.0f ? (f < 1.0f ? double(f) : 1.0) : 0.0;  // NaN fails both tests: 0
  return uint8_t(int(v * 255.0 + 0.5));
}

inline uint16_t unorm16(float f) {
  const double v = f > 0.0f ? (f < 1.0f ? double(f) : 1.0) : 0.0;
  return uint16_t(int(v * 65535.0 + 0.5));
}

uint32_t load32(const void* p, size_t i) {
  uint32_t v;
  std::memcpy(&v, static_cast<const uint8_t*>(p) + i * 4, 4);
  return v;
}

void store32(void* p, size_t i, uint32_t v) { std::memcpy(static_cast<uint8_t*>(p) + i * 4, &v, 4); }

void split_scalar(const ZsLayout& l, const void* texels, size_t begin, size_t end, uint32_t* depth, uint8_t* stencil) {
  for (size_t i = begin; i < end; ++i) {
    if (l.bytes == 8) {
      depth[i] = load32(texels, 2 * i);
      stencil[i] = uint8_t(load32(texels, 2 * i + 1));
    } else {
      const uint32_t v = load32(texels, i);
      depth[i] = (v >> l.z_shift) & 0xffffffu;
      stencil[i] = uint8_t(v >> l.s_shift);
    }
  }
}

void merge_scalar(const ZsLayout& l, const uint32_t* depth, const uint8_t* stencil, size_t begin, size_t end,
                  void* texels) {
  for (size_t i = begin; i < end; ++i) {
    if (l.bytes == 8) {
      store32(texels, 2 * i, depth[i]);
      store32(texels, 2 * i + 1, stencil[i]);
    } else {
      store32(texels, i, ((depth[i] & 0xffffffu) << l.z_shift) | (uint32_t(stencil[i]) << l.s_shift));
    }
  }
}

#if GLVK_X86
// ---------------------------------------------------------------- half <-> float

void half_to_float_scalar(float* dst, const uint16_t* src, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) dst[i] = formats::half_to_float(src[i]);
}

void float_to_half_scalar(uint16_t* dst, const float* src, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) dst[i] = formats::float_to_half(src[i]);
}


// F16C eight at a time. Groups holding a NaN (or, towards float, an Inf/NaN half) take the scalar
// functions, which quiet NaNs to 0x7e00 and keep half NaN payloads unquieted where F16C would not.
__attribute__((target("avx2,f16c"))) size_t float_to_half_f16c(uint16_t* dst, const float* src, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m256 v = _mm256_loadu_ps(src + i);
    if (_mm256_movemask_ps(_mm256_cmp_ps(v, v, _CMP_UNORD_Q)) == 0)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm256_cvtps_ph(v, _MM_FROUND_TO_NEAREST_INT));
    else
      float_to_half_scalar(dst, src, i, i + 8);
  }
  return i;
}

__attribute__((target("avx2,f16c"))) size_t half_to_float_f16c(float* dst, const uint16_t* src, size_t count) {
  size_t i = 0;
  const __m256i exponent = _mm256_set1_epi16(0x7c00);
  // Sixteen at a time (one 256-bit test for Inf/NaN), two stores of eight.
  for (; i + 16 <= count; i += 16) {
    const __m256i h = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(src + i));
    if (_mm256_movemask_epi8(_mm256_cmpeq_epi16(_mm256_and_si256(h, exponent), exponent)) == 0) {
      _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm256_castsi256_si128(h)));
      _mm256_storeu_ps(dst + i + 8, _mm256_cvtph_ps(_mm256_extracti128_si256(h, 1)));
    } else {
      half_to_float_scalar(dst, src, i, i + 16);
    }
  }
  return i;
}

// Without F16C: the half's exponent and mantissa moved into a float's and scaled by 2^112, which
// rebiases normals and normalises subnormals exactly; Inf/NaN get the all-ones exponent.
size_t half_to_float_sse2(float* dst, const uint16_t* src, size_t count) {
  size_t i = 0;
  const __m128i zero = _mm_setzero_si128();
  const __m128i magnitude = _mm_set1_epi32(0x7fff), sign_bit = _mm_set1_epi32(0x8000);
  const __m128i inf_half = _mm_set1_epi32(0x7bff), inf_float = _mm_set1_epi32(0x7f800000);
  const __m128 scale = _mm_castsi128_ps(_mm_set1_epi32(0x77800000));  // 2^112
  for (; i + 8 <= count; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    for (int part = 0; part < 2; ++part) {
      const __m128i w = part == 0 ? _mm_unpacklo_epi16(h, zero) : _mm_unpackhi_epi16(h, zero);
      const __m128i em = _mm_and_si128(w, magnitude);
      const __m128 scaled = _mm_mul_ps(_mm_castsi128_ps(_mm_slli_epi32(em, 13)), scale);
      const __m128i special = _mm_and_si128(_mm_cmpgt_epi32(em, inf_half), inf_float);
      const __m128i bits = _mm_or_si128(_mm_or_si128(_mm_castps_si128(scaled), special),
                                        _mm_slli_epi32(_mm_and_si128(w, sign_bit), 16));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i + 4 * part), bits);
    }
  }
  return i;
}

// ---------------------------------------------------------------- float -> unorm

// Eq. 2.3 in double precision, as the scalar version: float products of f * (2^b - 1) can round
// onto a .5 and round up wrongly. max(f, 0) with f second returns 0 for NaN.
template <int Bits>
__attribute__((target("avx2"))) inline __m128i unorm_avx2(__m128 f) {
  const __m128 c = _mm_min_ps(_mm_max_ps(f, _mm_setzero_ps()), _mm_set1_ps(1.0f));
  const __m256d d = _mm256_add_pd(_mm256_mul_pd(_mm256_cvtps_pd(c), _mm256_set1_pd(double((1 << Bits) - 1))),
                                  _mm256_set1_pd(0.5));
  return _mm256_cvttpd_epi32(d);
}

__attribute__((target("avx2"))) size_t float_to_unorm8_avx2(uint8_t* dst, const float* src, size_t count) {
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    const __m128i a = unorm_avx2<8>(_mm_loadu_ps(src + i)), b = unorm_avx2<8>(_mm_loadu_ps(src + i + 4));
    const __m128i c = unorm_avx2<8>(_mm_loadu_ps(src + i + 8)), d = unorm_avx2<8>(_mm_loadu_ps(src + i + 12));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d)));
  }
  return i;
}

__attribute__((target("avx2"))) size_t float_to_unorm16_avx2(uint16_t* dst, const float* src, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i a = unorm_avx2<16>(_mm_loadu_ps(src + i)), b = unorm_avx2<16>(_mm_loadu_ps(src + i + 4));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm_packus_epi32(a, b));  // SSE4.1, within AVX2
  }
  return i;
}

template <int Bits>
inline __m128i unorm_sse2(__m128 f) {
  const __m128 c = _mm_min_ps(_mm_max_ps(f, _mm_setzero_ps()), _mm_set1_ps(1.0f));
  const __m128d scale = _mm_set1_pd(double((1 << Bits) - 1)), half = _mm_set1_pd(0.5);
  const __m128i lo = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(_mm_cvtps_pd(c), scale), half));
  const __m128i hi = _mm_cvttpd_epi32(_mm_add_pd(_mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps(c, c)), scale), half));
  return _mm_unpacklo_epi64(lo, hi);
}

size_t float_to_unorm8_sse2(uint8_t* dst, const float* src, size_t count) {
  size_t i = 0;
  for (; i + 16 <= count; i += 16) {
    const __m128i a = unorm_sse2<8>(_mm_loadu_ps(src + i)), b = unorm_sse2<8>(_mm_loadu_ps(src + i + 4));
    const __m128i c = unorm_sse2<8>(_mm_loadu_ps(src + i + 8)), d = unorm_sse2<8>(_mm_loadu_ps(src + i + 12));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm_packus_epi16(_mm_packs_epi32(a, b), _mm_packs_epi32(c, d)));
  }
  return i;
}

// SSE2 has no unsigned 32 -> 16 pack: bias into the signed range and back.
size_t float_to_unorm16_sse2(uint16_t* dst, const float* src, size_t count) {
  size_t i = 0;
  const __m128i bias32 = _mm_set1_epi32(32768), bias16 = _mm_set1_epi16(-32768);
  for (; i + 8 <= count; i += 8) {
    const __m128i a = _mm_sub_epi32(unorm_sse2<16>(_mm_loadu_ps(src + i)), bias32);
    const __m128i b = _mm_sub_epi32(unorm_sse2<16>(_mm_loadu_ps(src + i + 4)), bias32);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), _mm_xor_si128(_mm_packs_epi32(a, b), bias16));
  }
  return i;
}

// c / 255 as one IEEE division: the correctly rounded quotient, as the scalar version's.
__attribute__((target("avx2"))) size_t unorm8_to_float_avx2(float* dst, const uint8_t* src, size_t count) {
  size_t i = 0;
  const __m256 max = _mm256_set1_ps(255.0f);
  for (; i + 16 <= count; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m256i lo = _mm256_cvtepu8_epi32(bytes), hi = _mm256_cvtepu8_epi32(_mm_srli_si128(bytes, 8));
    _mm256_storeu_ps(dst + i, _mm256_div_ps(_mm256_cvtepi32_ps(lo), max));
    _mm256_storeu_ps(dst + i + 8, _mm256_div_ps(_mm256_cvtepi32_ps(hi), max));
  }
  return i;
}

size_t unorm8_to_float_sse2(float* dst, const uint8_t* src, size_t count) {
  size_t i = 0;
  const __m128 max = _mm_set1_ps(255.0f);
  const __m128i zero = _mm_setzero_si128();
  for (; i + 16 <= count; i += 16) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m128i words[2] = {_mm_unpacklo_epi8(bytes, zero), _mm_unpackhi_epi8(bytes, zero)};
    for (int k = 0; k < 4; ++k) {
      const __m128i w = k % 2 == 0 ? _mm_unpacklo_epi16(words[k / 2], zero) : _mm_unpackhi_epi16(words[k / 2], zero);
      _mm_storeu_ps(dst + i + 4 * k, _mm_div_ps(_mm_cvtepi32_ps(w), max));
    }
  }
  return i;
}

// ---------------------------------------------------------------- depth/stencil words

// 24/8 words: depth = (v >> z_shift) & 0xffffff, stencil = low byte of v >> s_shift.
size_t split_zs32_sse2(const ZsLayout& l, const uint8_t* texels, size_t count, uint32_t* depth, uint8_t* stencil) {
  size_t i = 0;
  const __m128i zmask = _mm_set1_epi32(0xffffff), smask = _mm_set1_epi32(0xff);
  const __m128i zs = _mm_cvtsi32_si128(int(l.z_shift)), ss = _mm_cvtsi32_si128(int(l.s_shift));
  for (; i + 16 <= count; i += 16) {
    __m128i s[4];
    for (int k = 0; k < 4; ++k) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(texels + (i + 4 * k) * 4));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(depth + i + 4 * k), _mm_and_si128(_mm_srl_epi32(v, zs), zmask));
      s[k] = _mm_and_si128(_mm_srl_epi32(v, ss), smask);
    }
    _mm_storeu_si128(reinterpret_cast<__m128i*>(stencil + i),
                     _mm_packus_epi16(_mm_packs_epi32(s[0], s[1]), _mm_packs_epi32(s[2], s[3])));
  }
  return i;
}

size_t merge_zs32_sse2(const ZsLayout& l, const uint32_t* depth, const uint8_t* stencil, size_t count,
                       uint8_t* texels) {
  size_t i = 0;
  const __m128i zmask = _mm_set1_epi32(0xffffff), zero = _mm_setzero_si128();
  const __m128i zs = _mm_cvtsi32_si128(int(l.z_shift)), ss = _mm_cvtsi32_si128(int(l.s_shift));
  for (; i + 16 <= count; i += 16) {
    const __m128i s8 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(stencil + i));
    const __m128i s16[2] = {_mm_unpacklo_epi8(s8, zero), _mm_unpackhi_epi8(s8, zero)};
    for (int k = 0; k < 4; ++k) {
      const __m128i s32 = k % 2 == 0 ? _mm_unpacklo_epi16(s16[k / 2], zero) : _mm_unpackhi_epi16(s16[k / 2], zero);
      const __m128i z = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(depth + i + 4 * k)), zmask);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(texels + (i + 4 * k) * 4),
                       _mm_or_si128(_mm_sll_epi32(z, zs), _mm_sll_epi32(s32, ss)));
    }
  }
  return i;
}

// FLOAT_32_UNSIGNED_INT_24_8_REV pairs: even words are depth, the low bytes of odd words stencil.
size_t split_zs64_sse2(const uint8_t* texels, size_t count, uint32_t* depth, uint8_t* stencil) {
  size_t i = 0;
  const __m128i smask = _mm_set1_epi64x(0xff);
  for (; i + 8 <= count; i += 8) {
    __m128i s[4];
    for (int k = 0; k < 4; ++k) {
      const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(texels + (i + 2 * k) * 8));
      s[k] = _mm_and_si128(_mm_srli_epi64(a, 32), smask);  // texel j's stencil in 64-bit lane j
      const __m128i d = _mm_shuffle_epi32(a, _MM_SHUFFLE(3, 1, 2, 0));  // depths in the low 64 bits
      _mm_storel_epi64(reinterpret_cast<__m128i*>(depth + i + 2 * k), d);
    }
    // Lanes hold values <= 255 in their low dword: gather the four low dwords of each pair.
    const __m128i s01 = _mm_unpacklo_epi64(_mm_shuffle_epi32(s[0], _MM_SHUFFLE(3, 1, 2, 0)),
                                           _mm_shuffle_epi32(s[1], _MM_SHUFFLE(3, 1, 2, 0)));
    const __m128i s23 = _mm_unpacklo_epi64(_mm_shuffle_epi32(s[2], _MM_SHUFFLE(3, 1, 2, 0)),
                                           _mm_shuffle_epi32(s[3], _MM_SHUFFLE(3, 1, 2, 0)));
    const __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(s01, s23), _mm_setzero_si128());
    _mm_storel_epi64(reinterpret_cast<__m128i*>(stencil + i), bytes);
  }
  return i;
}

size_t merge_zs64_sse2(const uint32_t* depth, const uint8_t* stencil, size_t count, uint8_t* texels) {
  size_t i = 0;
  const __m128i zero = _mm_setzero_si128();
  for (; i + 8 <= count; i += 8) {
    const __m128i s8 = _mm_loadl_epi64(reinterpret_cast<const __m128i*>(stencil + i));
    const __m128i s16 = _mm_unpacklo_epi8(s8, zero);
    const __m128i s32[2] = {_mm_unpacklo_epi16(s16, zero), _mm_unpackhi_epi16(s16, zero)};
    for (int k = 0; k < 2; ++k) {
      const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(depth + i + 4 * k));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(texels + (i + 4 * k) * 8), _mm_unpacklo_epi32(d, s32[k]));
      _mm_storeu_si128(reinterpret_cast<__m128i*>(texels + (i + 4 * k + 2) * 8), _mm_unpackhi_epi32(d, s32[k]));
    }
  }
  return i;
}
#endif

}  // namespace

namespace {

#if GLVK_X86
#define GLVK_SIMD(kernel) kernel
#else
#define GLVK_SIMD(kernel) nullptr
#endif

// The widest version `isa` allows (a null one is skipped), then the scalar rule on the tail.
template <typename To, typename From, typename Scalar>
void run_levels(To* dst, const From* src, size_t count, Isa isa, size_t (*avx2)(To*, const From*, size_t),
                size_t (*sse2)(To*, const From*, size_t), Scalar scalar) {
  size_t done = 0;
  isa = usable(isa);
  if (isa == Isa::AVX2 && avx2) done = avx2(dst, src, count);
  else if (isa >= Isa::SSE2 && sse2) done = sse2(dst, src, count);
  for (size_t i = done; i < count; ++i) dst[i] = scalar(src[i]);
}

}  // namespace

void half_to_float(float* dst, const uint16_t* src, size_t count, Isa isa) {
  run_levels(dst, src, count, isa, GLVK_SIMD(half_to_float_f16c), GLVK_SIMD(half_to_float_sse2),
             formats::half_to_float);
}

void float_to_half(uint16_t* dst, const float* src, size_t count, Isa isa) {
  run_levels<uint16_t, float>(dst, src, count, isa, GLVK_SIMD(float_to_half_f16c), nullptr, formats::float_to_half);
}

void float_to_unorm8(uint8_t* dst, const float* src, size_t count, Isa isa) {
  run_levels(dst, src, count, isa, GLVK_SIMD(float_to_unorm8_avx2), GLVK_SIMD(float_to_unorm8_sse2), unorm8);
}

void float_to_unorm16(uint16_t* dst, const float* src, size_t count, Isa isa) {
  run_levels(dst, src, count, isa, GLVK_SIMD(float_to_unorm16_avx2), GLVK_SIMD(float_to_unorm16_sse2), unorm16);
}

void unorm8_to_float(float* dst, const uint8_t* src, size_t count, Isa isa) {
  run_levels(dst, src, count, isa, GLVK_SIMD(unorm8_to_float_avx2), GLVK_SIMD(unorm8_to_float_sse2),
             [](uint8_t c) { return formats::unorm_to_float(c, 8); });
}

void split_depth_stencil(const ZsLayout& l, const void* texels, size_t count, uint32_t* depth, uint8_t* stencil,
                         Isa isa) {
  size_t done = 0;
#if GLVK_X86
  if (usable(isa) >= Isa::SSE2) {
    const auto* t = static_cast<const uint8_t*>(texels);
    done = l.bytes == 8 ? split_zs64_sse2(t, count, depth, stencil) : split_zs32_sse2(l, t, count, depth, stencil);
  }
#endif
  split_scalar(l, texels, done, count, depth, stencil);
}

void merge_depth_stencil(const ZsLayout& l, const uint32_t* depth, const uint8_t* stencil, size_t count, void* texels,
                         Isa isa) {
  size_t done = 0;
#if GLVK_X86
  if (usable(isa) >= Isa::SSE2) {
    auto* t = static_cast<uint8_t*>(texels);
    done = l.bytes == 8 ? merge_zs64_sse2(depth, stencil, count, t) : merge_zs32_sse2(l, depth, stencil, count, t);
  }
#endif
  merge_scalar(l, depth, stencil, done, count, texels);
}

}  // namespace glvk::formats::kernels
