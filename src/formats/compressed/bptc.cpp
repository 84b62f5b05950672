// BC6H and BC7 (BPTC), Khronos Data Format Specification chapter "BPTC".
#include "block_bits.h"
#include "bptc_common.h"
#include "compressed_tables.h"
#include "decoders.h"

#include <algorithm>

namespace glvk::formats::detail {
namespace {

unsigned subset_of(unsigned subsets, unsigned partition, unsigned texel) {
  if (subsets == 2) return tables::bptc_partition2[partition][texel];
  if (subsets == 3) return tables::bptc_partition3[partition][texel];
  return 0;
}

// Texels whose index has one bit less (the implicit MSB is 0): texel 0 and each subset's anchor.
bool is_anchor(unsigned subsets, unsigned partition, unsigned texel) {
  if (texel == 0) return true;
  if (subsets == 2) return texel == tables::bptc_anchor2_second[partition];
  if (subsets == 3)
    return texel == tables::bptc_anchor3_second[partition] || texel == tables::bptc_anchor3_third[partition];
  return false;
}

const uint8_t* weights_for(unsigned index_bits) {
  return index_bits == 2 ? tables::bptc_interpolation_weights2
         : index_bits == 3 ? tables::bptc_interpolation_weights3
                           : tables::bptc_interpolation_weights4;
}

}  // namespace

void decode_bc7(const uint8_t* block, float* texels) {
  const Bits128 bits = Bits128::load(block);
  unsigned mode = 0;
  while (mode < 8 && !bits.bit(mode)) ++mode;
  if (mode == 8) {  // reserved: all channels 0
    std::fill(texels, texels + 64, 0.0f);
    return;
  }
  const uint8_t* m = tables::bc7_modes[mode];
  const unsigned subsets = m[0], partition_bits = m[1], rotation_bits = m[2], selection_bits = m[3];
  const unsigned color_bits = m[4], alpha_bits = m[5], endpoint_pbits = m[6], shared_pbits = m[7];
  const unsigned index_bits = m[8], secondary_bits = m[9];

  BitReader in{bits, mode + 1};
  const unsigned partition = in.read(partition_bits);
  const unsigned rotation = in.read(rotation_bits);
  const unsigned index_selection = in.read(selection_bits);
  const unsigned endpoints = subsets * 2;
  unsigned ep[6][4];
  for (unsigned c = 0; c < 3; ++c)
    for (unsigned e = 0; e < endpoints; ++e) ep[e][c] = in.read(color_bits);
  for (unsigned e = 0; e < endpoints; ++e) ep[e][3] = alpha_bits ? in.read(alpha_bits) : 0;
  unsigned pbit[6] = {};
  if (endpoint_pbits) {
    for (unsigned e = 0; e < endpoints; ++e) pbit[e] = in.read(1);
  } else if (shared_pbits) {
    for (unsigned s = 0; s < subsets; ++s) pbit[2 * s] = pbit[2 * s + 1] = in.read(1);
  }
  const bool has_pbit = endpoint_pbits || shared_pbits;
  for (unsigned e = 0; e < endpoints; ++e) {
    for (unsigned c = 0; c < 4; ++c) {
      unsigned n = c < 3 ? color_bits : alpha_bits;
      if (n == 0) { ep[e][c] = 255; continue; }
      unsigned v = ep[e][c];
      if (has_pbit) { v = (v << 1) | pbit[e]; ++n; }
      // Left-align to 8 bits and replicate the top bits into the gap.
      v <<= 8 - n;
      ep[e][c] = v | (v >> n);
    }
  }
  unsigned primary[16], secondary[16] = {};
  for (unsigned t = 0; t < 16; ++t)
    primary[t] = in.read(index_bits - (is_anchor(subsets, partition, t) ? 1 : 0));
  if (secondary_bits)
    for (unsigned t = 0; t < 16; ++t) secondary[t] = in.read(secondary_bits - (t == 0 ? 1 : 0));

  for (unsigned t = 0; t < 16; ++t) {
    const unsigned s = subset_of(subsets, partition, t);
    const unsigned* e0 = ep[2 * s];
    const unsigned* e1 = ep[2 * s + 1];
    unsigned color_weight, alpha_weight;
    if (secondary_bits == 0) {
      color_weight = alpha_weight = weights_for(index_bits)[primary[t]];
    } else if (index_selection == 0) {
      color_weight = weights_for(index_bits)[primary[t]];
      alpha_weight = weights_for(secondary_bits)[secondary[t]];
    } else {
      color_weight = weights_for(secondary_bits)[secondary[t]];
      alpha_weight = weights_for(index_bits)[primary[t]];
    }
    unsigned rgba[4];
    for (unsigned c = 0; c < 3; ++c) rgba[c] = unsigned(bptc_interpolate(int(e0[c]), int(e1[c]), int(color_weight)));
    rgba[3] = unsigned(bptc_interpolate(int(e0[3]), int(e1[3]), int(alpha_weight)));
    if (rotation) std::swap(rgba[3], rgba[rotation - 1]);
    for (unsigned c = 0; c < 4; ++c) texels[4 * t + c] = float(rgba[c]) / 255.0f;
  }
}

namespace {

int sign_extend(int value, unsigned bits) {
  const int sign = 1 << (bits - 1);
  value &= (1 << bits) - 1;
  return (value ^ sign) - sign;
}

}  // namespace

void decode_bc6h(const uint8_t* block, bool is_signed, float* texels) {
  const Bits128 bits = Bits128::load(block);
  unsigned mode_value = bits.get(0, 2);
  if (mode_value >= 2) mode_value = bits.get(0, 5);
  const tables::Bc6hModeDesc* desc = nullptr;
  for (const auto& d : tables::bc6h_modes)
    if (d.mode_value == mode_value) desc = &d;
  if (!desc) {  // reserved mode: RGB 0 (BC6H has no alpha: opaque)
    for (unsigned t = 0; t < 16; ++t) {
      texels[4 * t] = texels[4 * t + 1] = texels[4 * t + 2] = 0.0f;
      texels[4 * t + 3] = 1.0f;
    }
    return;
  }
  int field[13] = {};
  for (unsigned i = 0; i < desc->header_bit_count; ++i)
    field[desc->header_field[i]] |= int(bits.bit(desc->mode_bits + i)) << desc->header_field_bit[i];
  const unsigned regions = desc->regions, endpoint_bits = desc->endpoint_bits;
  const unsigned partition = unsigned(field[12]);
  int ep[4][3];  // endpoint, channel
  for (unsigned c = 0; c < 3; ++c) {
    const unsigned delta_bits = desc->delta_bits[c];
    int base = field[4 * c];
    if (is_signed) base = sign_extend(base, endpoint_bits);
    ep[0][c] = base;
    for (unsigned e = 1; e < 2 * regions; ++e) {
      int v = field[4 * c + e];
      if (desc->transformed) {
        v = (field[4 * c] + sign_extend(v, delta_bits)) & ((1 << endpoint_bits) - 1);
        if (is_signed) v = sign_extend(v, endpoint_bits);
      } else if (is_signed) {
        v = sign_extend(v, endpoint_bits);
      }
      ep[e][c] = v;
    }
    for (unsigned e = 0; e < 2 * regions; ++e) ep[e][c] = bc6h_unquantize(ep[e][c], endpoint_bits, is_signed);
  }
  const unsigned index_bits = regions == 2 ? 3 : 4;
  BitReader in{bits, regions == 2 ? 82u : 65u};
  const uint8_t* weights = index_bits == 3 ? tables::bptc_interpolation_weights3 : tables::bptc_interpolation_weights4;
  for (unsigned t = 0; t < 16; ++t) {
    const bool anchor = t == 0 || (regions == 2 && t == tables::bptc_anchor2_second[partition]);
    const unsigned index = in.read(index_bits - (anchor ? 1 : 0));
    const unsigned s = regions == 2 ? tables::bptc_partition2[partition][t] : 0;
    const int w = weights[index];
    for (unsigned c = 0; c < 3; ++c) {
      const int v = bptc_interpolate(ep[2 * s][c], ep[2 * s + 1][c], w);
      texels[4 * t + c] = half_to_float(bc6h_finish(v, is_signed));
    }
    texels[4 * t + 3] = 1.0f;
  }
}

}  // namespace glvk::formats::detail
