// Per-family block encoders and the helpers they share (internal). Inputs are 16 RGBA float texels
// (row-major, stride 4) already clamped to the family's range by encode_block_rgba_float.
#pragma once

#include <cstdint>

namespace glvk::formats::detail {

// BC1 colour block. `punch_through`: BC1_RGBA, where texels with alpha < 0.5 become transparent
// (3-colour mode) when the block has any; otherwise the 4-colour mode is used.
void encode_bc1(const float* texels, bool punch_through, uint8_t* block);
void encode_bc2(const float* texels, uint8_t* block);
void encode_bc3(const float* texels, uint8_t* block);
// One BC4 block from channel `channel` of the texels (unorm [0,1] or snorm [-1,1]).
void encode_bc4_channel(const float* texels, unsigned channel, bool is_signed, uint8_t* block);
void encode_bc6h(const float* texels, bool is_signed, uint8_t* block);
void encode_bc7(const float* texels, uint8_t* block);

// Principal axis of `count` points of `dims` (<= 4) coordinates, `stride` floats apart: the mean
// and the unit direction of largest variance (all zero when the points coincide).
struct PrincipalAxis {
  float mean[4];
  float direction[4];
};
PrincipalAxis principal_axis(const float* points, unsigned count, unsigned stride, unsigned dims);

// The `bits`-bit value whose bit-replicated 8-bit expansion is nearest to `value` (0..255 scale),
// as S3TC endpoints are expanded.
unsigned quantize_bit_replicated(float value, unsigned bits);
// The bit-replicated 8-bit expansion of a `bits`-bit value.
inline unsigned expand_bit_replicated(unsigned q, unsigned bits) {
  const unsigned v = q << (8 - bits);
  return v | (v >> bits);
}

}  // namespace glvk::formats::detail
