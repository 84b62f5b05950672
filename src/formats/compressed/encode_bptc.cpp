// BC7 and BC6H encoders, Khronos Data Format Specification 1.3, chapter "BPTC Compressed Texture
// Image Formats": BC7 mode 6 only (one subset, RGBA 7.7.7.7 endpoints with one p-bit each, 4-bit
// indices) and BC6H mode 11 only (mode bits 00011: one region, untransformed 10-bit endpoints,
// 4-bit indices). Both keep the anchor rule (texel 0's index has an implicit 0 MSB) by swapping
// the endpoints and mirroring the indices, which the symmetric weight table makes lossless.
// Candidates are scored with the decoder's own integer steps (bptc_common.h).
#include "block_bits.h"
#include "bptc_common.h"
#include "compressed_tables.h"
#include "encoders.h"

#include <algorithm>
#include <cmath>
#include <utility>

namespace glvk::formats::detail {
namespace {

constexpr unsigned kIndexCount = 16;  // 4-bit indices in both modes
constexpr unsigned kAnchorLimit = 8;  // texel 0's index must fit in 3 bits

// Endpoints at the extreme projections of the points on their principal axis.
void axis_extremes(const float* points, unsigned dims, float* low, float* high) {
  const PrincipalAxis axis = principal_axis(points, 16, 4, dims);
  float t_min = 0.0f, t_max = 0.0f;
  for (unsigned i = 0; i < 16; ++i) {
    float t = 0.0f;
    for (unsigned c = 0; c < dims; ++c) t += (points[4 * i + c] - axis.mean[c]) * axis.direction[c];
    t_min = std::min(t_min, t);
    t_max = std::max(t_max, t);
  }
  for (unsigned c = 0; c < dims; ++c) {
    low[c] = axis.mean[c] + axis.direction[c] * t_min;
    high[c] = axis.mean[c] + axis.direction[c] * t_max;
  }
}

// Nearest palette entry per texel (squared distance over `dims` channels) and the total error.
template <typename Palette>
float choose_indices(const float* points, unsigned dims, const Palette& palette, unsigned* indices) {
  float total = 0.0f;
  for (unsigned t = 0; t < 16; ++t) {
    float best_error = 1e38f;
    for (unsigned i = 0; i < kIndexCount; ++i) {
      float error = 0.0f;
      for (unsigned c = 0; c < dims; ++c) {
        const float d = points[4 * t + c] - float(palette[i][c]);
        error += d * d;
      }
      if (error < best_error) { best_error = error; indices[t] = i; }
    }
    total += best_error;
  }
  return total;
}

void write_indices(BitWriter128& out, const unsigned* indices) {
  out.write(3, indices[0]);  // anchor: implicit 0 MSB
  for (unsigned t = 1; t < 16; ++t) out.write(4, indices[t]);
}

// ---- BC7 mode 6 ------------------------------------------------------------------------------

struct Bc7Mode6 {
  unsigned q[2][4];  // 7-bit endpoint fields
  unsigned pbit[2];
  unsigned indices[16];
  float error = 1e38f;
};

// ---- BC6H mode 11 ----------------------------------------------------------------------------

constexpr unsigned kBc6hMode11Value = 0x03, kBc6hMode11Bits = 10;

// Half-float bits as a signed integer: the domain BC6H interpolates in (up to the final scaling).
int signed_half_bits(uint16_t h) { return (h & 0x8000u) ? -int(h & 0x7FFFu) : int(h); }

int bc6h_decoded_bits(int unquantized, bool is_signed) {
  return signed_half_bits(bc6h_finish(unquantized, is_signed));
}

// The 10-bit endpoint whose decoded value is nearest to `target` (signed half bits).
int quantize_bc6h_endpoint(float target, bool is_signed) {
  // unquantize(x) is about 64 x + 32 and the final scaling multiplies by 31/64 (unsigned) or 31/32
  // (signed); start there and search the neighbours with the exact decoder steps.
  const float unquantized = is_signed ? target * 32.0f / 31.0f : target * 64.0f / 31.0f;
  const int low = is_signed ? -511 : 0, high = is_signed ? 511 : 1023;  // -512 decodes as -511
  const int guess = std::clamp(int(std::lround((unquantized - 32.0f) / 64.0f)), low, high);
  int best = guess;
  float best_error = 1e38f;
  for (int x = std::max(guess - 2, low); x <= std::min(guess + 2, high); ++x) {
    const float error = std::fabs(float(bc6h_decoded_bits(bc6h_unquantize(x, kBc6hMode11Bits, is_signed), is_signed)) - target);
    if (error < best_error) { best_error = error; best = x; }
  }
  return best;
}

const tables::Bc6hModeDesc& bc6h_mode11() {
  for (const auto& d : tables::bc6h_modes)
    if (d.mode_value == kBc6hMode11Value) return d;
  return tables::bc6h_modes[0];  // unreachable: the table has every mode
}

}  // namespace

void encode_bc7(const float* texels, uint8_t* block) {
  float points[64];
  for (unsigned i = 0; i < 64; ++i) points[i] = texels[i] * 255.0f;
  float low[4], high[4];
  axis_extremes(points, 4, low, high);

  // Each endpoint is 7 bits per channel plus one p-bit shared by its channels (8-bit value 2q + p):
  // try the four p-bit pairs and keep the one with the least error.
  Bc7Mode6 best;
  for (unsigned p0 = 0; p0 < 2; ++p0) {
    for (unsigned p1 = 0; p1 < 2; ++p1) {
      Bc7Mode6 candidate;
      candidate.pbit[0] = p0;
      candidate.pbit[1] = p1;
      int endpoint[2][4];
      for (unsigned c = 0; c < 4; ++c) {
        candidate.q[0][c] = unsigned(std::clamp(int(std::lround((low[c] - float(p0)) / 2.0f)), 0, 127));
        candidate.q[1][c] = unsigned(std::clamp(int(std::lround((high[c] - float(p1)) / 2.0f)), 0, 127));
        endpoint[0][c] = int(2 * candidate.q[0][c] + p0);
        endpoint[1][c] = int(2 * candidate.q[1][c] + p1);
      }
      int palette[kIndexCount][4];
      for (unsigned i = 0; i < kIndexCount; ++i)
        for (unsigned c = 0; c < 4; ++c)
          palette[i][c] = bptc_interpolate(endpoint[0][c], endpoint[1][c], tables::bptc_interpolation_weights4[i]);
      candidate.error = choose_indices(points, 4, palette, candidate.indices);
      if (candidate.error < best.error) best = candidate;
    }
  }
  if (best.indices[0] >= kAnchorLimit) {
    std::swap(best.q[0], best.q[1]);
    std::swap(best.pbit[0], best.pbit[1]);
    for (unsigned& index : best.indices) index = kIndexCount - 1 - index;
  }

  BitWriter128 out;
  out.write(7, 1u << 6);  // mode 6: six 0 bits, then a 1
  for (unsigned c = 0; c < 4; ++c) {
    out.write(7, best.q[0][c]);
    out.write(7, best.q[1][c]);
  }
  out.write(1, best.pbit[0]);
  out.write(1, best.pbit[1]);
  write_indices(out, best.indices);
  out.store(block);
}

void encode_bc6h(const float* texels, bool is_signed, uint8_t* block) {
  // Work on the half-float bit patterns: BC6H interpolates linearly in that domain.
  float points[64] = {};
  for (unsigned t = 0; t < 16; ++t)
    for (unsigned c = 0; c < 3; ++c) points[4 * t + c] = float(signed_half_bits(float_to_half(texels[4 * t + c])));
  float low[3], high[3];
  axis_extremes(points, 3, low, high);

  int field[2][3], unquantized[2][3];
  for (unsigned c = 0; c < 3; ++c) {
    field[0][c] = quantize_bc6h_endpoint(low[c], is_signed);
    field[1][c] = quantize_bc6h_endpoint(high[c], is_signed);
    for (unsigned e = 0; e < 2; ++e) unquantized[e][c] = bc6h_unquantize(field[e][c], kBc6hMode11Bits, is_signed);
  }
  int palette[kIndexCount][3];
  for (unsigned i = 0; i < kIndexCount; ++i)
    for (unsigned c = 0; c < 3; ++c)
      palette[i][c] = bc6h_decoded_bits(
          bptc_interpolate(unquantized[0][c], unquantized[1][c], tables::bptc_interpolation_weights4[i]), is_signed);
  unsigned indices[16];
  choose_indices(points, 3, palette, indices);
  if (indices[0] >= kAnchorLimit) {
    std::swap(field[0], field[1]);
    for (unsigned& index : indices) index = kIndexCount - 1 - index;
  }

  // Header bits in the order the shared mode table gives (fields: r0..3 = 0..3, g = 4.., b = 8..).
  const tables::Bc6hModeDesc& mode = bc6h_mode11();
  int header_field[13] = {};
  for (unsigned c = 0; c < 3; ++c)
    for (unsigned e = 0; e < 2; ++e) header_field[4 * c + e] = field[e][c] & ((1 << kBc6hMode11Bits) - 1);
  BitWriter128 out;
  out.write(mode.mode_bits, mode.mode_value);
  for (unsigned i = 0; i < mode.header_bit_count; ++i)
    out.write(1, unsigned(header_field[mode.header_field[i]] >> mode.header_field_bit[i]) & 1u);
  write_indices(out, indices);
  out.store(block);
}

}  // namespace glvk::formats::detail
