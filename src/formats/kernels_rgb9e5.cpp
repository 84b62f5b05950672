// RGB9_E5 <-> float32 texels (kernels.h): the scalar version is pack.h's; the SSE2 version does the
// same arithmetic exactly in float. Unpacking, mantissa * 2^(e - 24) is one exact product. Packing,
// the shared exponent comes from the largest clamped channel's exponent field (its floor(log2),
// exactly, as frexp gives it), each channel scaled by a power of two (exact) and rounded half up
// as truncation plus (fraction >= 0.5) (exact, where adding 0.5 in float could round).
#include <glvk/formats/kernels.h>

#include <glvk/formats/pack.h>

#include <cstring>

#include "kernels_isa.h"

namespace glvk::formats::kernels {
namespace {

void unpack_scalar(float* dst, unsigned channels, const uint32_t* src, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    float rgb[3];
    formats::rgb9e5_to_float(src[i], rgb);
    std::memcpy(dst + i * channels, rgb, sizeof rgb);
    if (channels == 4) dst[i * 4 + 3] = 1.0f;
  }
}

void pack_scalar(uint32_t* dst, const float* src, unsigned channels, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) dst[i] = formats::float_to_rgb9e5(src + i * channels);
}

#if GLVK_X86
// Four texels at a time. With 3 channels the 16-byte loads and stores of a texel reach into the
// next texel's first float, so the loops stop one texel early (the scalar tail does the rest).
size_t unpack_sse2(float* dst, unsigned channels, const uint32_t* src, size_t count) {
  const __m128i nine = _mm_set1_epi32(0x1ff), bias = _mm_set1_epi32(127 - 24);
  const size_t reach = channels == 4 ? 4 : 5;
  size_t i = 0;
  for (; i + reach <= count; i += 4) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m128 scale = _mm_castsi128_ps(_mm_slli_epi32(_mm_add_epi32(_mm_srli_epi32(v, 27), bias), 23));
    __m128 r = _mm_mul_ps(_mm_cvtepi32_ps(_mm_and_si128(v, nine)), scale);
    __m128 g = _mm_mul_ps(_mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(v, 9), nine)), scale);
    __m128 b = _mm_mul_ps(_mm_cvtepi32_ps(_mm_and_si128(_mm_srli_epi32(v, 18), nine)), scale);
    __m128 a = _mm_set1_ps(1.0f);
    _MM_TRANSPOSE4_PS(r, g, b, a);  // now texel 0..3 each as RGBA
    const __m128 texel[4] = {r, g, b, a};
    for (unsigned k = 0; k < 4; ++k) _mm_storeu_ps(dst + (i + k) * channels, texel[k]);
  }
  return i;
}

// round(v) half up for 0 <= v < 2^31, exactly.
inline __m128i round_half_up(__m128 v) {
  const __m128i t = _mm_cvttps_epi32(v);
  const __m128 fraction = _mm_sub_ps(v, _mm_cvtepi32_ps(t));
  return _mm_sub_epi32(t, _mm_castps_si128(_mm_cmpge_ps(fraction, _mm_set1_ps(0.5f))));
}

size_t pack_sse2(uint32_t* dst, const float* src, unsigned channels, size_t count) {
  // 511/512 * 2^(31 - 15): the largest value RGB9_E5 holds.
  const __m128 zero = _mm_setzero_ps(), largest = _mm_set1_ps(65408.0f);
  const __m128i e_bias = _mm_set1_epi32(127 - 16), scale_bias = _mm_set1_epi32(127 + 24), full = _mm_set1_epi32(512);
  const size_t reach = channels == 4 ? 4 : 5;
  size_t i = 0;
  for (; i + reach <= count; i += 4) {
    __m128 r = _mm_loadu_ps(src + i * channels), g = _mm_loadu_ps(src + (i + 1) * channels);
    __m128 b = _mm_loadu_ps(src + (i + 2) * channels), a = _mm_loadu_ps(src + (i + 3) * channels);
    _MM_TRANSPOSE4_PS(r, g, b, a);  // r, g, b of texels 0..3; a unused
    // max(x, 0) returns its second operand for NaN: NaN and negatives become 0.
    r = _mm_min_ps(_mm_max_ps(r, zero), largest);
    g = _mm_min_ps(_mm_max_ps(g, zero), largest);
    b = _mm_min_ps(_mm_max_ps(b, zero), largest);
    const __m128 max_c = _mm_max_ps(r, _mm_max_ps(g, b));
    // exp_shared = max(floor(log2(max_c)), -16) + 16; zero and subnormal max_c give 0.
    __m128i exp_shared = _mm_sub_epi32(_mm_srli_epi32(_mm_castps_si128(max_c), 23), e_bias);
    exp_shared = _mm_and_si128(exp_shared, _mm_cmpgt_epi32(exp_shared, _mm_setzero_si128()));
    // 1 / denom = 2^(24 - exp_shared); a maximum that rounds to 512 takes the next exponent.
    __m128 scale = _mm_castsi128_ps(_mm_slli_epi32(_mm_sub_epi32(scale_bias, exp_shared), 23));
    const __m128i overflow = _mm_cmpeq_epi32(round_half_up(_mm_mul_ps(max_c, scale)), full);
    exp_shared = _mm_sub_epi32(exp_shared, overflow);
    scale = _mm_castsi128_ps(_mm_add_epi32(_mm_castps_si128(scale), _mm_slli_epi32(overflow, 23)));  // halved
    const __m128i word = _mm_or_si128(
        _mm_or_si128(round_half_up(_mm_mul_ps(r, scale)), _mm_slli_epi32(round_half_up(_mm_mul_ps(g, scale)), 9)),
        _mm_or_si128(_mm_slli_epi32(round_half_up(_mm_mul_ps(b, scale)), 18), _mm_slli_epi32(exp_shared, 27)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + i), word);
  }
  return i;
}
#endif

}  // namespace

void rgb9e5_to_float(float* dst, unsigned channels, const uint32_t* src, size_t count, Isa isa) {
  size_t done = 0;
#if GLVK_X86
  if (usable(isa) >= Isa::SSE2) done = unpack_sse2(dst, channels, src, count);
#else
  (void)isa;
#endif
  unpack_scalar(dst, channels, src, done, count);
}

void float_to_rgb9e5(uint32_t* dst, const float* src, unsigned channels, size_t count, Isa isa) {
  size_t done = 0;
#if GLVK_X86
  if (usable(isa) >= Isa::SSE2) done = pack_sse2(dst, src, channels, count);
#else
  (void)isa;
#endif
  pack_scalar(dst, src, channels, done, count);
}

}  // namespace glvk::formats::kernels
