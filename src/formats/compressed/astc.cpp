// ASTC LDR 2D decoder, Khronos Data Format Specification chapter "ASTC" (LDR profile).
// Output is the 16-bit interpolated value divided by 65535 (no sRGB, no FP16 decode mode).
#include "block_bits.h"
#include "compressed_tables.h"
#include "decoders.h"

#include <algorithm>
#include <array>

namespace glvk::formats::detail {
namespace {

struct Range { unsigned levels, trits, quints, bits; };

Range range_at(unsigned i) {
  const auto& r = tables::astc_ranges[i];
  return {r[0], r[1], r[2], r[3]};
}
constexpr unsigned kRangeCount = sizeof(tables::astc_ranges) / sizeof(tables::astc_ranges[0]);

unsigned ise_bit_count(unsigned count, const Range& r) {
  return r.bits * count + (r.trits ? (8 * count + 4) / 5 : 0) + (r.quints ? (7 * count + 2) / 3 : 0);
}

// Integer sequence decoding: `count` values of range `r` starting at bit `start` of `bits`.
// Bits past `end` read as zero (a partial last group is zero-padded).
void decode_ise(const Bits128& bits, unsigned start, unsigned end, unsigned count, const Range& r, unsigned* out) {
  auto read = [&](unsigned& pos, unsigned n) {
    uint32_t v = 0;
    for (unsigned i = 0; i < n; ++i, ++pos)
      if (pos < end) v |= uint32_t(bits.bit(pos)) << i;
    return v;
  };
  unsigned pos = start;
  if (r.trits) {
    for (unsigned g = 0; g < count; g += 5) {
      unsigned m[5], T = 0;
      static constexpr unsigned kTritBitCounts[5] = {2, 2, 1, 2, 1};
      unsigned tpos = 0;
      for (unsigned i = 0; i < 5; ++i) {
        m[i] = read(pos, r.bits);
        T |= read(pos, kTritBitCounts[i]) << tpos;
        tpos += kTritBitCounts[i];
      }
      unsigned t[5], C;
      auto bit = [](unsigned v, unsigned b) { return (v >> b) & 1u; };
      if (((T >> 2) & 7u) == 7u) {
        C = ((T >> 5) << 2) | (T & 3u);
        t[4] = 2; t[3] = 2;
      } else {
        C = T & 31u;
        if (((T >> 5) & 3u) == 3u) { t[4] = 2; t[3] = bit(T, 7); }
        else { t[4] = bit(T, 7); t[3] = (T >> 5) & 3u; }
      }
      if ((C & 3u) == 3u) {
        t[2] = 2; t[1] = bit(C, 4); t[0] = (bit(C, 3) << 1) | (bit(C, 2) & ~bit(C, 3) & 1u);
      } else if (((C >> 2) & 3u) == 3u) {
        t[2] = 2; t[1] = 2; t[0] = C & 3u;
      } else {
        t[2] = bit(C, 4); t[1] = (C >> 2) & 3u; t[0] = (bit(C, 1) << 1) | (bit(C, 0) & ~bit(C, 1) & 1u);
      }
      for (unsigned i = 0; i < 5 && g + i < count; ++i) out[g + i] = (t[i] << r.bits) | m[i];
    }
  } else if (r.quints) {
    for (unsigned g = 0; g < count; g += 3) {
      unsigned m[3], Q = 0;
      static constexpr unsigned kQuintBitCounts[3] = {3, 2, 2};
      unsigned qpos = 0;
      for (unsigned i = 0; i < 3; ++i) {
        m[i] = read(pos, r.bits);
        Q |= read(pos, kQuintBitCounts[i]) << qpos;
        qpos += kQuintBitCounts[i];
      }
      unsigned q[3];
      auto bit = [](unsigned v, unsigned b) { return (v >> b) & 1u; };
      if (((Q >> 1) & 3u) == 3u && ((Q >> 5) & 3u) == 0u) {
        q[2] = (bit(Q, 0) << 2) | ((bit(Q, 4) & ~bit(Q, 0) & 1u) << 1) | (bit(Q, 3) & ~bit(Q, 0) & 1u);
        q[1] = 4; q[0] = 4;
      } else {
        unsigned C;
        if (((Q >> 1) & 3u) == 3u) {
          q[2] = 4;
          C = (((Q >> 3) & 3u) << 3) | ((~(Q >> 5) & 3u) << 1) | bit(Q, 0);
        } else {
          q[2] = (Q >> 5) & 3u;
          C = Q & 31u;
        }
        if ((C & 7u) == 5u) { q[1] = 4; q[0] = (C >> 3) & 3u; }
        else { q[1] = (C >> 3) & 3u; q[0] = C & 7u; }
      }
      for (unsigned i = 0; i < 3 && g + i < count; ++i) out[g + i] = (q[i] << r.bits) | m[i];
    }
  } else {
    for (unsigned i = 0; i < count; ++i) out[i] = read(pos, r.bits);
  }
}

// Replicates the low `bits` bits of v to fill `to` bits.
unsigned replicate(unsigned v, unsigned bits, unsigned to) {
  if (bits == 0) return 0;
  unsigned out = 0;
  int shift = int(to) - int(bits);
  while (shift > -int(bits)) {
    out |= shift >= 0 ? v << shift : v >> -shift;
    shift -= int(bits);
  }
  return out & ((1u << to) - 1u);
}

unsigned unquantize_color(unsigned v, const Range& r) {
  if (!r.trits && !r.quints) return replicate(v, r.bits, 8);
  const unsigned m = v & ((1u << r.bits) - 1u), D = v >> r.bits;
  const unsigned A = (m & 1u) ? 0x1FFu : 0u;
  auto b = [&](unsigned i) { return (m >> i) & 1u; };
  unsigned B = 0, C = 0;
  if (r.trits) {
    switch (r.bits) {
      case 1: C = 204; break;
      case 2: C = 93; B = (b(1) << 8) | (b(1) << 4) | (b(1) << 2) | (b(1) << 1); break;
      case 3: C = 44; B = (b(2) << 8) | (b(1) << 7) | (b(2) << 3) | (b(1) << 2) | (b(2) << 1) | b(1); break;
      case 4: C = 22; B = (b(3) << 8) | (b(2) << 7) | (b(1) << 6) | (b(3) << 2) | (b(2) << 1) | b(1); break;
      case 5: C = 11; B = (b(4) << 8) | (b(3) << 7) | (b(2) << 6) | (b(1) << 5) | (b(4) << 1) | b(3); break;
      default: C = 5; B = (b(5) << 8) | (b(4) << 7) | (b(3) << 6) | (b(2) << 5) | (b(1) << 4) | b(5); break;
    }
  } else {
    switch (r.bits) {
      case 1: C = 113; break;
      case 2: C = 54; B = (b(1) << 8) | (b(1) << 3) | (b(1) << 2); break;
      case 3: C = 26; B = (b(2) << 8) | (b(1) << 7) | (b(2) << 2) | (b(1) << 1) | b(2); break;
      case 4: C = 13; B = (b(3) << 8) | (b(2) << 7) | (b(1) << 6) | (b(3) << 1) | b(2); break;
      default: C = 6; B = (b(4) << 8) | (b(3) << 7) | (b(2) << 6) | (b(1) << 5) | b(4); break;
    }
  }
  unsigned T = D * C + B;
  T ^= A;
  return (A & 0x80u) | (T >> 2);
}

unsigned unquantize_weight(unsigned v, const Range& r) {
  unsigned w;
  if (!r.trits && !r.quints) {
    w = replicate(v, r.bits, 6);
  } else if (r.bits == 0) {
    static constexpr unsigned kTrits[3] = {0, 32, 63}, kQuints[5] = {0, 16, 32, 47, 63};
    w = r.trits ? kTrits[v] : kQuints[v];
  } else {
    const unsigned m = v & ((1u << r.bits) - 1u), D = v >> r.bits;
    const unsigned A = (m & 1u) ? 0x7Fu : 0u;
    auto b = [&](unsigned i) { return (m >> i) & 1u; };
    unsigned B = 0, C = 0;
    if (r.trits) {
      switch (r.bits) {
        case 1: C = 50; break;
        case 2: C = 23; B = (b(1) << 6) | (b(1) << 2) | b(1); break;
        default: C = 11; B = (b(2) << 6) | (b(1) << 5) | (b(2) << 1) | b(1); break;
      }
    } else {
      switch (r.bits) {
        case 1: C = 28; break;
        default: C = 13; B = (b(1) << 6) | (b(1) << 1); break;
      }
    }
    unsigned T = D * C + B;
    T ^= A;
    w = (A & 0x20u) | (T >> 2);
  }
  return w > 32 ? w + 1 : w;
}

uint32_t hash52(uint32_t p) {
  p ^= p >> 15; p -= p << 17; p += p << 7; p += p << 4; p ^= p >> 5;
  p += p << 16; p ^= p >> 7; p ^= p >> 3; p ^= p << 6; p ^= p >> 17;
  return p;
}

unsigned select_partition(unsigned seed, unsigned x, unsigned y, unsigned z, unsigned count, bool small_block) {
  if (small_block) { x <<= 1; y <<= 1; z <<= 1; }
  seed += (count - 1) * 1024;
  const uint32_t rnum = hash52(seed);
  unsigned s[13];
  s[1] = rnum & 0xF; s[2] = (rnum >> 4) & 0xF; s[3] = (rnum >> 8) & 0xF; s[4] = (rnum >> 12) & 0xF;
  s[5] = (rnum >> 16) & 0xF; s[6] = (rnum >> 20) & 0xF; s[7] = (rnum >> 24) & 0xF; s[8] = (rnum >> 28) & 0xF;
  s[9] = (rnum >> 18) & 0xF; s[10] = (rnum >> 22) & 0xF; s[11] = (rnum >> 26) & 0xF;
  s[12] = ((rnum >> 30) | (rnum << 2)) & 0xF;
  for (unsigned i = 1; i <= 12; ++i) s[i] *= s[i];
  unsigned sh1, sh2;
  if (seed & 1) { sh1 = (seed & 2) ? 4 : 5; sh2 = count == 3 ? 6 : 5; }
  else { sh1 = count == 3 ? 6 : 5; sh2 = (seed & 2) ? 4 : 5; }
  const unsigned sh3 = (seed & 0x10) ? sh1 : sh2;
  s[1] >>= sh1; s[2] >>= sh2; s[3] >>= sh1; s[4] >>= sh2; s[5] >>= sh1; s[6] >>= sh2;
  s[7] >>= sh1; s[8] >>= sh2; s[9] >>= sh3; s[10] >>= sh3; s[11] >>= sh3; s[12] >>= sh3;
  unsigned a = s[1] * x + s[2] * y + s[11] * z + (rnum >> 14);
  unsigned b = s[3] * x + s[4] * y + s[12] * z + (rnum >> 10);
  unsigned c = s[5] * x + s[6] * y + s[9] * z + (rnum >> 6);
  unsigned d = s[7] * x + s[8] * y + s[10] * z + (rnum >> 2);
  a &= 0x3F; b &= 0x3F; c &= 0x3F; d &= 0x3F;
  if (count < 4) d = 0;
  if (count < 3) c = 0;
  if (a >= b && a >= c && a >= d) return 0;
  if (b >= c && b >= d) return 1;
  if (c >= d) return 2;
  return 3;
}

struct BlockMode {
  unsigned grid_width, grid_height;
  bool dual_plane;
  Range weight_range;
};

bool decode_block_mode(unsigned mode, BlockMode& out) {
  auto bits = [&](unsigned lsb, unsigned n) { return (mode >> lsb) & ((1u << n) - 1u); };
  unsigned r, w, h;
  bool high = bits(9, 1), dual = bits(10, 1);
  if (bits(0, 2) != 0) {
    r = (bits(0, 2) << 1) | bits(4, 1);
    const unsigned a = bits(5, 2), b = bits(7, 2);
    switch (bits(2, 2)) {
      case 0: w = b + 4; h = a + 2; break;
      case 1: w = b + 8; h = a + 2; break;
      case 2: w = a + 2; h = b + 8; break;
      default:
        if (bits(8, 1) == 0) { w = a + 2; h = bits(7, 1) + 6; }
        else { w = bits(7, 1) + 2; h = a + 2; }
        break;
    }
  } else {
    r = (bits(2, 2) << 1) | bits(4, 1);
    if (bits(2, 2) == 0) return false;  // reserved
    const unsigned a = bits(5, 2);
    switch (bits(7, 2)) {
      case 0: w = 12; h = a + 2; break;
      case 1: w = a + 2; h = 12; break;
      case 2: w = a + 6; h = bits(9, 2) + 6; dual = false; high = false; break;
      default:
        if (bits(5, 2) == 0) { w = 6; h = 10; }
        else if (bits(5, 2) == 1) { w = 10; h = 6; }
        else return false;  // reserved (void extent is handled before)
        break;
    }
  }
  if (r < 2) return false;
  // Weight ranges: r = 2..7, with the precision bit selecting the upper half of the table.
  static constexpr unsigned kWeightRangeIndex[2][6] = {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}};
  out = {w, h, dual, range_at(kWeightRangeIndex[high][r - 2])};
  return true;
}

struct Rgba16 { unsigned c[4]; };

int clamp_u8(int v) { return std::clamp(v, 0, 255); }

void bit_transfer_signed(int& a, int& b) {
  b >>= 1;
  b |= a & 0x80;
  a >>= 1;
  a &= 0x3F;
  if (a & 0x20) a -= 0x40;
}

// Decodes LDR endpoint pair; returns false for HDR modes (an error in the LDR profile).
bool decode_endpoints(unsigned cem, const unsigned* v8, Rgba16& e0, Rgba16& e1) {
  int v[8];
  for (int i = 0; i < 8; ++i) v[i] = int(v8[i]);
  int a0[4], a1[4];
  auto set = [](int* d, int r, int g, int b, int a) { d[0] = r; d[1] = g; d[2] = b; d[3] = a; };
  auto blue_contract = [](int* d, int r, int g, int b, int a) {
    d[0] = (r + b) >> 1; d[1] = (g + b) >> 1; d[2] = b; d[3] = a;
  };
  switch (cem) {
    case 0: set(a0, v[0], v[0], v[0], 255); set(a1, v[1], v[1], v[1], 255); break;
    case 1: {
      const int l0 = (v[0] >> 2) | (v[1] & 0xC0);
      const int l1 = std::min(l0 + (v[1] & 0x3F), 255);
      set(a0, l0, l0, l0, 255); set(a1, l1, l1, l1, 255);
      break;
    }
    case 4: set(a0, v[0], v[0], v[0], v[2]); set(a1, v[1], v[1], v[1], v[3]); break;
    case 5:
      bit_transfer_signed(v[1], v[0]);
      bit_transfer_signed(v[3], v[2]);
      set(a0, v[0], v[0], v[0], v[2]);
      set(a1, v[0] + v[1], v[0] + v[1], v[0] + v[1], v[2] + v[3]);
      break;
    case 6:
      set(a0, (v[0] * v[3]) >> 8, (v[1] * v[3]) >> 8, (v[2] * v[3]) >> 8, 255);
      set(a1, v[0], v[1], v[2], 255);
      break;
    case 8:
    case 12: {
      const int alpha0 = cem == 12 ? v[6] : 255, alpha1 = cem == 12 ? v[7] : 255;
      if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
        set(a0, v[0], v[2], v[4], alpha0); set(a1, v[1], v[3], v[5], alpha1);
      } else {
        blue_contract(a0, v[1], v[3], v[5], alpha1); blue_contract(a1, v[0], v[2], v[4], alpha0);
      }
      break;
    }
    case 9:
    case 13: {
      bit_transfer_signed(v[1], v[0]);
      bit_transfer_signed(v[3], v[2]);
      bit_transfer_signed(v[5], v[4]);
      if (cem == 13) bit_transfer_signed(v[7], v[6]);
      const int alpha0 = cem == 13 ? v[6] : 255, alpha1 = cem == 13 ? v[6] + v[7] : 255;
      if (v[1] + v[3] + v[5] >= 0) {
        set(a0, v[0], v[2], v[4], alpha0); set(a1, v[0] + v[1], v[2] + v[3], v[4] + v[5], alpha1);
      } else {
        blue_contract(a0, v[0] + v[1], v[2] + v[3], v[4] + v[5], alpha1);
        blue_contract(a1, v[0], v[2], v[4], alpha0);
      }
      break;
    }
    case 10:
      set(a0, (v[0] * v[3]) >> 8, (v[1] * v[3]) >> 8, (v[2] * v[3]) >> 8, v[4]);
      set(a1, v[0], v[1], v[2], v[5]);
      break;
    default: return false;  // HDR endpoint modes 2, 3, 7, 11, 14, 15
  }
  for (int c = 0; c < 4; ++c) {
    // LDR, non-sRGB: 8-bit endpoints expand to 16 bits by replication (x * 257).
    e0.c[c] = unsigned(clamp_u8(a0[c])) * 257u;
    e1.c[c] = unsigned(clamp_u8(a1[c])) * 257u;
  }
  return true;
}

void fill_error(unsigned texel_count, float* texels) {
  for (unsigned i = 0; i < texel_count; ++i) {
    texels[4 * i + 0] = 1.0f; texels[4 * i + 1] = 0.0f; texels[4 * i + 2] = 1.0f; texels[4 * i + 3] = 1.0f;
  }
}

AstcDecodeResult decode_void_extent(const Bits128& bits, unsigned texel_count, float* texels) {
  if (bits.bit(9)) return AstcDecodeResult::HDR_IN_LDR;
  const unsigned s0 = bits.get(12, 13), s1 = bits.get(25, 13), t0 = bits.get(38, 13), t1 = bits.get(51, 13);
  const bool all_ones = s0 == 0x1FFF && s1 == 0x1FFF && t0 == 0x1FFF && t1 == 0x1FFF;
  if (!all_ones && (s0 >= s1 || t0 >= t1)) return AstcDecodeResult::ILLEGAL_ENCODING;
  float color[4];
  for (unsigned c = 0; c < 4; ++c) color[c] = float(bits.get(64 + 16 * c, 16)) / 65535.0f;
  for (unsigned i = 0; i < texel_count; ++i) std::copy(color, color + 4, texels + 4 * i);
  return AstcDecodeResult::OK;
}

AstcDecodeResult decode_astc_block(const uint8_t* block, unsigned bw, unsigned bh, float* texels) {
  constexpr AstcDecodeResult kIllegal = AstcDecodeResult::ILLEGAL_ENCODING;
  const Bits128 bits = Bits128::load(block);
  const unsigned texel_count = bw * bh;
  if (bits.get(0, 9) == 0x1FC) return decode_void_extent(bits, texel_count, texels);

  BlockMode mode;
  if (!decode_block_mode(bits.get(0, 11), mode)) return kIllegal;
  if (mode.grid_width > bw || mode.grid_height > bh) return kIllegal;
  const unsigned planes = mode.dual_plane ? 2 : 1;
  const unsigned weight_count = mode.grid_width * mode.grid_height * planes;
  if (weight_count > 64) return kIllegal;
  const unsigned weight_bits = ise_bit_count(weight_count, mode.weight_range);
  if (weight_bits < 24 || weight_bits > 96) return kIllegal;

  const unsigned partitions = bits.get(11, 2) + 1;
  if (partitions == 4 && mode.dual_plane) return kIllegal;

  unsigned cem[4];
  unsigned color_start, below_weights = 128 - weight_bits;
  unsigned partition_seed = 0;
  if (partitions == 1) {
    cem[0] = bits.get(13, 4);
    color_start = 17;
  } else {
    partition_seed = bits.get(13, 10);
    color_start = 29;
    const unsigned field = bits.get(23, 6);
    const unsigned selector = field & 3u;
    if (selector == 0) {
      for (unsigned p = 0; p < partitions; ++p) cem[p] = field >> 2;
    } else {
      // Class bits and mode bits: 4 bits here, the other 3N-4 just below the weights.
      const unsigned extra = 3 * partitions - 4;
      below_weights -= extra;
      const unsigned combined = (field >> 2) | (bits.get(below_weights, extra) << 4);
      for (unsigned p = 0; p < partitions; ++p) {
        const unsigned cls = (combined >> p) & 1u;
        const unsigned m = (combined >> (partitions + 2 * p)) & 3u;
        cem[p] = ((selector - 1 + cls) << 2) | m;
      }
    }
  }
  unsigned ccs = 0;
  if (mode.dual_plane) {
    below_weights -= 2;
    ccs = bits.get(below_weights, 2);
  }
  unsigned color_value_count = 0;
  for (unsigned p = 0; p < partitions; ++p) color_value_count += ((cem[p] >> 2) + 1) * 2;
  if (color_value_count > 18) return kIllegal;
  if (below_weights < color_start) return kIllegal;
  const unsigned color_bits = below_weights - color_start;
  // The largest range whose encoding fits in the available bits; below 6 levels is an error.
  int range_index = -1;
  for (unsigned i = 0; i < kRangeCount; ++i)
    if (ise_bit_count(color_value_count, range_at(i)) <= color_bits) range_index = int(i);
  if (range_index < 4) return kIllegal;
  const Range color_range = range_at(unsigned(range_index));
  unsigned color_values[18 + 4] = {};
  // The encoding ends after its own bit count; a partial last group reads zeros past it.
  decode_ise(bits, color_start, color_start + ise_bit_count(color_value_count, color_range), color_value_count,
             color_range, color_values);
  for (unsigned i = 0; i < color_value_count; ++i) color_values[i] = unquantize_color(color_values[i], color_range);

  Rgba16 e0[4], e1[4];
  unsigned offset = 0;
  for (unsigned p = 0; p < partitions; ++p) {
    unsigned v8[8] = {};
    const unsigned n = ((cem[p] >> 2) + 1) * 2;
    std::copy(color_values + offset, color_values + offset + n, v8);
    offset += n;
    if (!decode_endpoints(cem[p], v8, e0[p], e1[p])) return AstcDecodeResult::HDR_IN_LDR;
  }

  // Weights are stored bit-reversed from the top of the block.
  Bits128 reversed;
  for (unsigned i = 0; i < 128; ++i) {
    const uint64_t b = bits.bit(127 - i);
    if (i < 64) reversed.lo |= b << i;
    else reversed.hi |= b << (i - 64);
  }
  std::array<unsigned, 64 + 16> weights{};
  decode_ise(reversed, 0, weight_bits, weight_count, mode.weight_range, weights.data());
  for (unsigned i = 0; i < weight_count; ++i) weights[i] = unquantize_weight(weights[i], mode.weight_range);

  // Weight infill: bilinear from the weight grid to the texel grid.
  const unsigned ds = (1024 + bw / 2) / (bw - 1), dt = (1024 + bh / 2) / (bh - 1);
  const unsigned gw = mode.grid_width, gh = mode.grid_height;
  const bool small_block = texel_count < 31;
  for (unsigned y = 0; y < bh; ++y) {
    for (unsigned x = 0; x < bw; ++x) {
      const unsigned gs = (ds * x * (gw - 1) + 32) >> 6, gt = (dt * y * (gh - 1) + 32) >> 6;
      const unsigned js = gs >> 4, fs = gs & 15u, jt = gt >> 4, ft = gt & 15u;
      const unsigned w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
      unsigned plane_weight[2];
      for (unsigned plane = 0; plane < planes; ++plane) {
        auto at = [&](unsigned gx, unsigned gy) {
          const unsigned idx = (gy * gw + gx) * planes + plane;
          return (gx < gw && gy < gh) ? weights[idx] : 0u;
        };
        plane_weight[plane] = (at(js, jt) * w00 + at(js + 1, jt) * w01 + at(js, jt + 1) * w10 +
                               at(js + 1, jt + 1) * w11 + 8) >> 4;
      }
      const unsigned p = partitions > 1 ? select_partition(partition_seed, x, y, 0, partitions, small_block) : 0;
      float* out = texels + 4 * (y * bw + x);
      for (unsigned c = 0; c < 4; ++c) {
        const unsigned w = (mode.dual_plane && c == ccs) ? plane_weight[1] : plane_weight[0];
        const unsigned value = (e0[p].c[c] * (64 - w) + e1[p].c[c] * w + 32) / 64;
        out[c] = float(value) / 65535.0f;
      }
    }
  }
  return AstcDecodeResult::OK;
}

}  // namespace

AstcDecodeResult decode_astc(const uint8_t* block, unsigned block_width, unsigned block_height, float* texels) {
  const AstcDecodeResult result = decode_astc_block(block, block_width, block_height, texels);
  if (result != AstcDecodeResult::OK) fill_error(block_width * block_height, texels);
  return result;
}

}  // namespace glvk::formats::detail
