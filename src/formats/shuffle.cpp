// Byte shuffles of the conversion engine (shuffle.h).
#include "shuffle.h"

#include <glvk/formats/kernels.h>

#include <algorithm>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

namespace glvk::formats::detail {

// 8-bit channels, 1 to 4 source bytes -> 4 destination bytes, through one 32-bit word per pixel:
// loop-invariant shifts, so the compiler vectorises it (luminance/intensity expansion included).
void shuffle8_to4(uint8_t* dst, const uint8_t* src, unsigned width, unsigned src_bytes, const int map[4],
                  uint32_t const_bits) {
  uint32_t shift[4], mask[4];
  for (int c = 0; c < 4; ++c) {
    shift[c] = map[c] >= 0 ? uint32_t(map[c]) * 8 : 0;
    mask[c] = map[c] >= 0 ? 0xffu : 0u;
  }
  const auto pixel = [&](uint32_t v) {
    return ((v >> shift[0]) & mask[0]) | (((v >> shift[1]) & mask[1]) << 8) | (((v >> shift[2]) & mask[2]) << 16) |
           (((v >> shift[3]) & mask[3]) << 24) | const_bits;
  };
  // Pixels whose 4-byte load stays inside the row; the last ones are read bytewise.
  const size_t row = size_t(width) * src_bytes;
  const unsigned safe = row >= 4 ? unsigned(std::min<size_t>(width, (row - 4) / src_bytes + 1)) : 0;
  if (src_bytes == 4) {
    for (unsigned i = 0; i < safe; ++i) {
      uint32_t v;
      std::memcpy(&v, src + size_t(i) * 4, 4);
      const uint32_t out = pixel(v);
      std::memcpy(dst + size_t(i) * 4, &out, 4);
    }
  } else {
    for (unsigned i = 0; i < safe; ++i) {
      uint32_t v;
      std::memcpy(&v, src + size_t(i) * src_bytes, 4);
      const uint32_t out = pixel(v);
      std::memcpy(dst + size_t(i) * 4, &out, 4);
    }
  }
  for (unsigned i = safe; i < width; ++i) {
    uint32_t v = 0;
    std::memcpy(&v, src + size_t(i) * src_bytes, src_bytes);
    const uint32_t out = pixel(v);
    std::memcpy(dst + size_t(i) * 4, &out, 4);
  }
}

#if defined(__x86_64__) || defined(__i386__)
// The same shuffle with SSSE3 pshufb (baseline x86-64 lacks pshufb, so this is compiled for SSSE3
// and chosen at run time): each 16-byte load feeds 16 / (4 * src_bytes) groups of 4 pixels
// (4 groups for luminance bytes, 2 for 2-byte pixels, 1 for 3- and 4-byte pixels).
__attribute__((target("ssse3"))) void shuffle8_to4_ssse3(uint8_t* dst, const uint8_t* src, unsigned width,
                                                          unsigned src_bytes, const int map[4], uint32_t const_bits) {
  const unsigned groups = src_bytes <= 2 ? 4 / src_bytes : 1;
  __m128i shuffle[4];
  for (unsigned g = 0; g < groups; ++g) {
    alignas(16) uint8_t control[16];
    for (unsigned p = 0; p < 4; ++p)
      for (int c = 0; c < 4; ++c)
        control[p * 4 + c] = map[c] >= 0 ? uint8_t((g * 4 + p) * src_bytes + unsigned(map[c])) : 0x80;
    shuffle[g] = _mm_load_si128(reinterpret_cast<const __m128i*>(control));
  }
  const __m128i constants = _mm_set1_epi32(int(const_bits));
  // A 16-byte load at pixel i reads bytes [i*src_bytes, i*src_bytes + 16): stay inside the row.
  const size_t row_bytes = size_t(width) * src_bytes;
  const unsigned step = 4 * groups;
  unsigned i = 0;
  for (; size_t(i) * src_bytes + 16 <= row_bytes && i + step <= width; i += step) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + size_t(i) * src_bytes));
    for (unsigned g = 0; g < groups; ++g)
      _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + size_t(i + 4 * g) * 4),
                       _mm_or_si128(_mm_shuffle_epi8(v, shuffle[g]), constants));
  }
  if (i < width) shuffle8_to4(dst + size_t(i) * 4, src + size_t(i) * src_bytes, width - i, src_bytes, map, const_bits);
}

bool have_ssse3() { return kernels::cpu_isa() >= kernels::Isa::SSSE3; }
#endif

#if defined(__x86_64__) || defined(__i386__)
// 4-byte pixels to 3-byte ones (RGBX -> RGB readbacks) with SSSE3 pshufb, 16 -> 12 bytes per step;
// a channel the source lacks gets its constant OR'ed into the zeroed lane.
__attribute__((target("ssse3"))) void shuffle8_4_to3_ssse3(uint8_t* dst, const uint8_t* src, unsigned width,
                                                            const int map[4], const uint8_t constants[4]) {
  alignas(16) uint8_t control[16], fill[16] = {};
  for (int b = 12; b < 16; ++b) control[b] = 0x80;
  for (int p = 0; p < 4; ++p)
    for (int c = 0; c < 3; ++c) {
      control[p * 3 + c] = map[c] >= 0 ? uint8_t(p * 4 + map[c]) : 0x80;
      fill[p * 3 + c] = map[c] >= 0 ? 0 : constants[c];
    }
  const __m128i shuffle = _mm_load_si128(reinterpret_cast<const __m128i*>(control));
  const __m128i constant_bytes = _mm_load_si128(reinterpret_cast<const __m128i*>(fill));
  // The 16-byte store at pixel i covers [3i, 3i + 16): stay inside the row (the next step rewrites
  // the 4 bytes past this step's 12); the 16-byte load then stays inside the source row too.
  unsigned i = 0;
  for (; size_t(i) * 3 + 16 <= size_t(width) * 3; i += 4) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + size_t(i) * 4));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + size_t(i) * 3),
                     _mm_or_si128(_mm_shuffle_epi8(v, shuffle), constant_bytes));
  }
  if (i < width) shuffle_elements<uint8_t>(dst + size_t(i) * 3, src + size_t(i) * 4, width - i, 4, 3, map, constants);
}
#endif

}  // namespace glvk::formats::detail
