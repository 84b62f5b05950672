// BC1-BC5 (S3TC/DXT and RGTC), Khronos Data Format Specification chapters "S3TC" and "RGTC".
#include "decoders.h"

#include <algorithm>

namespace glvk::formats::detail {
namespace {

struct Rgb { float r, g, b; };

Rgb expand_565(unsigned c) {
  unsigned r = (c >> 11) & 31u, g = (c >> 5) & 63u, b = c & 31u;
  // Bit replication to 8 bits, as the spec's r = (r5 << 3) | (r5 >> 2).
  return {float((r << 3) | (r >> 2)), float((g << 2) | (g >> 4)), float((b << 3) | (b >> 2))};
}

}  // namespace

void decode_bc1(const uint8_t* block, Bc1Alpha mode, float* texels) {
  unsigned c0 = block[0] | (block[1] << 8), c1 = block[2] | (block[3] << 8);
  uint32_t indices = uint32_t(block[4]) | (uint32_t(block[5]) << 8) | (uint32_t(block[6]) << 16) |
                     (uint32_t(block[7]) << 24);
  Rgb e0 = expand_565(c0), e1 = expand_565(c1);
  float palette[4][4];
  auto set = [&](int i, float r, float g, float b, float a) {
    palette[i][0] = r / 255.0f; palette[i][1] = g / 255.0f; palette[i][2] = b / 255.0f; palette[i][3] = a;
  };
  set(0, e0.r, e0.g, e0.b, 1.0f);
  set(1, e1.r, e1.g, e1.b, 1.0f);
  if (c0 > c1 || mode == Bc1Alpha::FOUR_COLOR_ONLY) {
    set(2, (2 * e0.r + e1.r) / 3, (2 * e0.g + e1.g) / 3, (2 * e0.b + e1.b) / 3, 1.0f);
    set(3, (e0.r + 2 * e1.r) / 3, (e0.g + 2 * e1.g) / 3, (e0.b + 2 * e1.b) / 3, 1.0f);
  } else {
    set(2, (e0.r + e1.r) / 2, (e0.g + e1.g) / 2, (e0.b + e1.b) / 2, 1.0f);
    set(3, 0, 0, 0, mode == Bc1Alpha::TRANSPARENT_BLACK ? 0.0f : 1.0f);
  }
  for (unsigned i = 0; i < 16; ++i) {
    const float* p = palette[(indices >> (2 * i)) & 3u];
    std::copy(p, p + 4, texels + 4 * i);
  }
}

void decode_bc2(const uint8_t* block, float* texels) {
  decode_bc1(block + 8, Bc1Alpha::FOUR_COLOR_ONLY, texels);
  for (unsigned i = 0; i < 16; ++i) {
    unsigned a = (block[i / 2] >> (4 * (i & 1))) & 15u;
    texels[4 * i + 3] = float(a * 17) / 255.0f;
  }
}

void decode_bc3(const uint8_t* block, float* texels) {
  decode_bc1(block + 8, Bc1Alpha::FOUR_COLOR_ONLY, texels);
  decode_bc4_channel(block, false, texels, 3);
}

void decode_bc4_channel(const uint8_t* block, bool is_signed, float* texels, unsigned channel) {
  float e0, e1, scale;
  bool eight_levels;
  if (is_signed) {
    // -128 behaves as -127 (both map to -1.0).
    int s0 = std::max(int(int8_t(block[0])), -127), s1 = std::max(int(int8_t(block[1])), -127);
    e0 = float(s0); e1 = float(s1); scale = 127.0f;
    eight_levels = int8_t(block[0]) > int8_t(block[1]);
  } else {
    e0 = block[0]; e1 = block[1]; scale = 255.0f;
    eight_levels = block[0] > block[1];
  }
  float palette[8];
  palette[0] = e0; palette[1] = e1;
  if (eight_levels) {
    for (int i = 2; i < 8; ++i) palette[i] = (float(8 - i) * e0 + float(i - 1) * e1) / 7.0f;
  } else {
    for (int i = 2; i < 6; ++i) palette[i] = (float(6 - i) * e0 + float(i - 1) * e1) / 5.0f;
    palette[6] = is_signed ? -127.0f : 0.0f;
    palette[7] = is_signed ? 127.0f : 255.0f;
  }
  uint64_t indices = 0;
  for (int i = 7; i >= 2; --i) indices = (indices << 8) | block[i];
  for (unsigned i = 0; i < 16; ++i) texels[4 * i + channel] = palette[(indices >> (3 * i)) & 7u] / scale;
}

}  // namespace glvk::formats::detail
