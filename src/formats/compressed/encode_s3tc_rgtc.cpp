// BC1-BC5 encoders. Block layouts: Khronos Data Format Specification 1.3, chapters "S3TC
// Compressed Texture Image Formats" (BC1 colour block, BC2 explicit alpha, BC3 interpolated alpha)
// and "RGTC Compressed Texture Image Formats" (BC4/BC5); the palettes are rebuilt
// exactly as decode_bc1 / decode_bc4_channel build them, so the nearest entry is chosen against
// what the decoder will produce.
#include "encoders.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace glvk::formats::detail {
namespace {

// ---- BC4 -----------------------------------------------------------------------------------

struct Bc4Choice {
  int e0 = 0, e1 = 0;  // endpoint values in the format's integer scale (0..255 or -127..127)
  uint64_t indices = 0;
  float squared_error = 0.0f, max_error = 0.0f;
};

// Indices and error of the endpoints (e0, e1) for `values` (scaled by 255 or 127). The mode follows
// from the endpoint order as in the decoder: e0 > e1 -> 8 levels, else 6 levels plus both extremes.
Bc4Choice evaluate_bc4(const float* values, int e0, int e1, bool is_signed) {
  float palette[8];
  palette[0] = float(e0);
  palette[1] = float(e1);
  if (e0 > e1) {
    for (int i = 2; i < 8; ++i) palette[i] = (float(8 - i) * float(e0) + float(i - 1) * float(e1)) / 7.0f;
  } else {
    for (int i = 2; i < 6; ++i) palette[i] = (float(6 - i) * float(e0) + float(i - 1) * float(e1)) / 5.0f;
    palette[6] = is_signed ? -127.0f : 0.0f;
    palette[7] = is_signed ? 127.0f : 255.0f;
  }
  Bc4Choice choice;
  choice.e0 = e0;
  choice.e1 = e1;
  for (unsigned t = 0; t < 16; ++t) {
    unsigned best = 0;
    float best_error = std::fabs(values[t] - palette[0]);
    for (unsigned i = 1; i < 8; ++i) {
      const float error = std::fabs(values[t] - palette[i]);
      if (error < best_error) { best_error = error; best = i; }
    }
    choice.indices |= uint64_t(best) << (3 * t);
    choice.squared_error += best_error * best_error;
    choice.max_error = std::max(choice.max_error, best_error);
  }
  return choice;
}

// ---- BC1 -----------------------------------------------------------------------------------

struct Endpoint565 {
  unsigned packed = 0;
  float rgb[3] = {};  // the decoder's bit-replicated 8-bit expansion
};

Endpoint565 quantize_565(const float* rgb) {
  static constexpr unsigned kBits[3] = {5, 6, 5};
  unsigned q[3];
  Endpoint565 e;
  for (unsigned c = 0; c < 3; ++c) {
    q[c] = quantize_bit_replicated(std::clamp(rgb[c], 0.0f, 255.0f), kBits[c]);
    e.rgb[c] = float(expand_bit_replicated(q[c], kBits[c]));
  }
  e.packed = (q[0] << 11) | (q[1] << 5) | q[2];
  return e;
}

float distance_squared(const float* a, const float* b) {
  float sum = 0.0f;
  for (unsigned c = 0; c < 3; ++c) sum += (a[c] - b[c]) * (a[c] - b[c]);
  return sum;
}

void store_bc1(const Endpoint565& c0, const Endpoint565& c1, uint32_t indices, uint8_t* block) {
  block[0] = uint8_t(c0.packed);
  block[1] = uint8_t(c0.packed >> 8);
  block[2] = uint8_t(c1.packed);
  block[3] = uint8_t(c1.packed >> 8);
  for (unsigned i = 0; i < 4; ++i) block[4 + i] = uint8_t(indices >> (8 * i));
}

}  // namespace

void encode_bc4_channel(const float* texels, unsigned channel, bool is_signed, uint8_t* block) {
  const float scale = is_signed ? 127.0f : 255.0f, lowest = is_signed ? -127.0f : 0.0f;
  float values[16];
  for (unsigned t = 0; t < 16; ++t) values[t] = texels[4 * t + channel] * scale;
  const auto [min_it, max_it] = std::minmax_element(values, values + 16);
  // 8-level mode on the rounded extremes (equal extremes give the 6-level mode with index 0,
  // which decodes to e0 exactly).
  Bc4Choice best = evaluate_bc4(values, int(std::lround(*max_it)), int(std::lround(*min_it)), is_signed);
  // 6-level mode: its palette has the exact extremes for free, so the endpoints only need to span
  // the other values. Taken only when it lowers the total error without raising the largest one,
  // so the 8-level per-texel bound still holds.
  float inner_min = scale, inner_max = lowest;
  bool has_extreme = false;
  for (float v : values) {
    if (v == lowest || v == scale) {
      has_extreme = true;
    } else {
      inner_min = std::min(inner_min, v);
      inner_max = std::max(inner_max, v);
    }
  }
  if (has_extreme) {
    if (inner_min > inner_max) inner_min = inner_max = lowest;  // only extremes present
    const Bc4Choice six = evaluate_bc4(values, int(std::lround(inner_min)), int(std::lround(inner_max)), is_signed);
    if (six.squared_error < best.squared_error && six.max_error <= best.max_error) best = six;
  }
  block[0] = uint8_t(int8_t(best.e0));
  block[1] = uint8_t(int8_t(best.e1));
  for (unsigned i = 0; i < 6; ++i) block[2 + i] = uint8_t(best.indices >> (8 * i));
}

void encode_bc1(const float* texels, bool punch_through, uint8_t* block) {
  float opaque[16][4];
  unsigned opaque_count = 0;
  bool transparent[16];
  for (unsigned t = 0; t < 16; ++t) {
    transparent[t] = punch_through && texels[4 * t + 3] < 0.5f;
    if (transparent[t]) continue;
    for (unsigned c = 0; c < 3; ++c) opaque[opaque_count][c] = texels[4 * t + c] * 255.0f;
    opaque[opaque_count][3] = 0.0f;
    ++opaque_count;
  }
  if (opaque_count == 0) {  // 3-colour mode (c0 <= c1) with every index "transparent black"
    store_bc1({}, {}, 0xFFFFFFFFu, block);
    return;
  }
  const bool three_colour = opaque_count < 16;

  // Endpoints: the extreme projections of the colours on their principal axis.
  const PrincipalAxis axis = principal_axis(&opaque[0][0], opaque_count, 4, 3);
  float t_min = 0.0f, t_max = 0.0f;
  for (unsigned i = 0; i < opaque_count; ++i) {
    float t = 0.0f;
    for (unsigned c = 0; c < 3; ++c) t += (opaque[i][c] - axis.mean[c]) * axis.direction[c];
    t_min = std::min(t_min, t);
    t_max = std::max(t_max, t);
  }
  float high[3], low[3];
  for (unsigned c = 0; c < 3; ++c) {
    high[c] = axis.mean[c] + axis.direction[c] * t_max;
    low[c] = axis.mean[c] + axis.direction[c] * t_min;
  }
  Endpoint565 c0 = quantize_565(high), c1 = quantize_565(low);

  // The decoder picks the mode from the packed order: c0 > c1 -> 4 colours, else 3 + transparent.
  if (three_colour ? c0.packed > c1.packed : c0.packed < c1.packed) std::swap(c0, c1);
  if (!three_colour && c0.packed == c1.packed) {
    // Equal endpoints decode in the 3-colour mode, where index 0 is still c0.
    store_bc1(c0, c1, 0, block);
    return;
  }
  float palette[4][3];
  for (unsigned c = 0; c < 3; ++c) {
    palette[0][c] = c0.rgb[c];
    palette[1][c] = c1.rgb[c];
    if (three_colour) {
      palette[2][c] = (c0.rgb[c] + c1.rgb[c]) / 2;
    } else {
      palette[2][c] = (2 * c0.rgb[c] + c1.rgb[c]) / 3;
      palette[3][c] = (c0.rgb[c] + 2 * c1.rgb[c]) / 3;
    }
  }
  const unsigned colours = three_colour ? 3 : 4;
  uint32_t indices = 0;
  for (unsigned t = 0; t < 16; ++t) {
    unsigned best = 3;  // transparent texels keep index 3
    if (!transparent[t]) {
      const float rgb[3] = {texels[4 * t] * 255.0f, texels[4 * t + 1] * 255.0f, texels[4 * t + 2] * 255.0f};
      float best_error = 1e30f;
      for (unsigned i = 0; i < colours; ++i) {
        const float error = distance_squared(rgb, palette[i]);
        if (error < best_error) { best_error = error; best = i; }
      }
    }
    indices |= uint32_t(best) << (2 * t);
  }
  store_bc1(c0, c1, indices, block);
}

void encode_bc2(const float* texels, uint8_t* block) {
  // Explicit 4-bit alpha, two texels per byte, the first in the low nibble.
  for (unsigned i = 0; i < 8; ++i) {
    const unsigned a0 = unsigned(std::lround(texels[4 * (2 * i) + 3] * 15.0f));
    const unsigned a1 = unsigned(std::lround(texels[4 * (2 * i + 1) + 3] * 15.0f));
    block[i] = uint8_t(a0 | (a1 << 4));
  }
  encode_bc1(texels, false, block + 8);
}

void encode_bc3(const float* texels, uint8_t* block) {
  encode_bc4_channel(texels, 3, false, block);
  encode_bc1(texels, false, block + 8);
}

}  // namespace glvk::formats::detail
