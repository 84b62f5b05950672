// Byte and element shuffles of the conversion engine's swizzled copies (convert.cpp's SHUFFLE8_TO4
// and SHUFFLE fast paths): private to src/formats.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace glvk::formats::detail {

// 8-bit channels, 1 to 4 source bytes -> 4 destination bytes; map[c] < 0 takes the byte of
// const_bits instead (the scalar version, which the compiler vectorises).
void shuffle8_to4(uint8_t* dst, const uint8_t* src, unsigned width, unsigned src_bytes, const int map[4],
                  uint32_t const_bits);
#if defined(__x86_64__) || defined(__i386__)
bool have_ssse3();
// The same with SSSE3 pshufb (call only when have_ssse3()).
void shuffle8_to4_ssse3(uint8_t* dst, const uint8_t* src, unsigned width, unsigned src_bytes, const int map[4],
                        uint32_t const_bits);
// 4-byte pixels to 3-byte ones with pshufb (call only when have_ssse3()).
void shuffle8_4_to3_ssse3(uint8_t* dst, const uint8_t* src, unsigned width, const int map[4],
                          const uint8_t constants[4]);
#endif

// Any element size and channel counts: element-wise swizzled copy.
template <typename T>
void shuffle_elements(uint8_t* dst, const uint8_t* src, unsigned width, int src_n, int dst_n, const int map[4],
                      const T constants[4]) {
  for (unsigned i = 0; i < width; ++i) {
    const uint8_t* s = src + size_t(i) * src_n * sizeof(T);
    uint8_t* d = dst + size_t(i) * dst_n * sizeof(T);
    for (int c = 0; c < dst_n; ++c) {
      T v = constants[c];
      if (map[c] >= 0) std::memcpy(&v, s + map[c] * sizeof(T), sizeof(T));
      std::memcpy(d + c * sizeof(T), &v, sizeof(T));
    }
  }
}

}  // namespace glvk::formats::detail
