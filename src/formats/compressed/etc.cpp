// ETC1, ETC2 (RGB8, RGB8 punch-through alpha, RGBA8) and EAC, Khronos Data Format Specification
// chapters "ETC1" and "ETC2". Blocks are big-endian 64-bit words; texel indices run down columns.
#include "block_bits.h"
#include "compressed_tables.h"
#include "decoders.h"

#include <algorithm>

namespace glvk::formats::detail {
namespace {

unsigned field(uint64_t word, unsigned lsb, unsigned count) { return unsigned(word >> lsb) & ((1u << count) - 1u); }
int clamp255(int v) { return std::clamp(v, 0, 255); }
unsigned extend4(unsigned v) { return v * 17; }
unsigned extend5(unsigned v) { return (v << 3) | (v >> 2); }
unsigned extend6(unsigned v) { return (v << 2) | (v >> 4); }
unsigned extend7(unsigned v) { return (v << 1) | (v >> 6); }

void store(float* texels, unsigned x, unsigned y, int r, int g, int b, float a) {
  float* t = texels + 4 * (y * 4 + x);
  t[0] = float(r) / 255.0f; t[1] = float(g) / 255.0f; t[2] = float(b) / 255.0f; t[3] = a;
}

// 2-bit pixel index of texel (x, y): MSB from bits 31..16, LSB from bits 15..0, column-major.
unsigned pixel_index(uint64_t word, unsigned x, unsigned y) {
  const unsigned k = x * 4 + y;
  return (field(word, 16 + k, 1) << 1) | field(word, k, 1);
}

// Individual / differential modes (ETC1 and ETC2). `punchthrough_transparent`: ETC2 RGB8A1 with the
// opaque bit clear, where index 2 is transparent and the small modifiers are 0.
void decode_subblocks(uint64_t word, bool differential, bool punchthrough_transparent, float* texels) {
  unsigned base[2][3];
  if (differential) {
    for (unsigned c = 0; c < 3; ++c) {
      const unsigned b5 = field(word, 59 - 8 * c, 5);
      const int delta = (int(field(word, 56 - 8 * c, 3)) ^ 4) - 4;
      base[0][c] = extend5(b5);
      base[1][c] = extend5(unsigned(int(b5) + delta) & 31u);
    }
  } else {
    for (unsigned c = 0; c < 3; ++c) {
      base[0][c] = extend4(field(word, 60 - 8 * c, 4));
      base[1][c] = extend4(field(word, 56 - 8 * c, 4));
    }
  }
  const unsigned table[2] = {field(word, 37, 3), field(word, 34, 3)};
  const bool flip = field(word, 32, 1);
  for (unsigned x = 0; x < 4; ++x) {
    for (unsigned y = 0; y < 4; ++y) {
      const unsigned sub = flip ? (y >= 2) : (x >= 2);
      const unsigned idx = pixel_index(word, x, y);
      const uint8_t* mod = tables::etc1_modifier_table[table[sub]];
      if (punchthrough_transparent && idx == 2) {
        store(texels, x, y, 0, 0, 0, 0.0f);
        continue;
      }
      int m;
      switch (idx) {
        case 0: m = punchthrough_transparent ? 0 : mod[0]; break;
        case 1: m = mod[1]; break;
        case 2: m = -int(mod[0]); break;
        default: m = -int(mod[1]); break;
      }
      store(texels, x, y, clamp255(int(base[sub][0]) + m), clamp255(int(base[sub][1]) + m),
            clamp255(int(base[sub][2]) + m), 1.0f);
    }
  }
}

void decode_paint_colors(uint64_t word, const int paint[4][3], bool punchthrough_transparent, float* texels) {
  for (unsigned x = 0; x < 4; ++x)
    for (unsigned y = 0; y < 4; ++y) {
      const unsigned idx = pixel_index(word, x, y);
      if (punchthrough_transparent && idx == 2) store(texels, x, y, 0, 0, 0, 0.0f);
      else store(texels, x, y, paint[idx][0], paint[idx][1], paint[idx][2], 1.0f);
    }
}

void decode_t_mode(uint64_t word, bool transparent, float* texels) {
  const unsigned r1 = (field(word, 59, 2) << 2) | field(word, 56, 2);
  const int c1[3] = {int(extend4(r1)), int(extend4(field(word, 52, 4))), int(extend4(field(word, 48, 4)))};
  const int c2[3] = {int(extend4(field(word, 44, 4))), int(extend4(field(word, 40, 4))), int(extend4(field(word, 36, 4)))};
  const int d = tables::etc2_distance_table[(field(word, 34, 2) << 1) | field(word, 32, 1)];
  int paint[4][3];
  for (unsigned c = 0; c < 3; ++c) {
    paint[0][c] = c1[c];
    paint[1][c] = clamp255(c2[c] + d);
    paint[2][c] = c2[c];
    paint[3][c] = clamp255(c2[c] - d);
  }
  decode_paint_colors(word, paint, transparent, texels);
}

void decode_h_mode(uint64_t word, bool transparent, float* texels) {
  const unsigned r1 = field(word, 59, 4);
  const unsigned g1 = (field(word, 56, 3) << 1) | field(word, 52, 1);
  const unsigned b1 = (field(word, 51, 1) << 3) | field(word, 47, 3);
  const unsigned r2 = field(word, 43, 4), g2 = field(word, 39, 4), b2 = field(word, 35, 4);
  // The third distance bit is the ordering of the two base colours (as 12-bit RGB444 values).
  const unsigned order = ((r1 << 8) | (g1 << 4) | b1) >= ((r2 << 8) | (g2 << 4) | b2) ? 1u : 0u;
  const int d = tables::etc2_distance_table[(field(word, 34, 1) << 2) | (field(word, 32, 1) << 1) | order];
  const int c1[3] = {int(extend4(r1)), int(extend4(g1)), int(extend4(b1))};
  const int c2[3] = {int(extend4(r2)), int(extend4(g2)), int(extend4(b2))};
  int paint[4][3];
  for (unsigned c = 0; c < 3; ++c) {
    paint[0][c] = clamp255(c1[c] + d);
    paint[1][c] = clamp255(c1[c] - d);
    paint[2][c] = clamp255(c2[c] + d);
    paint[3][c] = clamp255(c2[c] - d);
  }
  decode_paint_colors(word, paint, transparent, texels);
}

void decode_planar(uint64_t word, float* texels) {
  const int ro = int(extend6(field(word, 57, 6)));
  const int go = int(extend7((field(word, 56, 1) << 6) | field(word, 49, 6)));
  const int bo = int(extend6((field(word, 48, 1) << 5) | (field(word, 43, 2) << 3) | field(word, 39, 3)));
  const int rh = int(extend6((field(word, 34, 5) << 1) | field(word, 32, 1)));
  const int gh = int(extend7(field(word, 25, 7)));
  const int bh = int(extend6(field(word, 19, 6)));
  const int rv = int(extend6(field(word, 13, 6)));
  const int gv = int(extend7(field(word, 6, 7)));
  const int bv = int(extend6(field(word, 0, 6)));
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      store(texels, unsigned(x), unsigned(y), clamp255((x * (rh - ro) + y * (rv - ro) + 4 * ro + 2) >> 2),
            clamp255((x * (gh - go) + y * (gv - go) + 4 * go + 2) >> 2),
            clamp255((x * (bh - bo) + y * (bv - bo) + 4 * bo + 2) >> 2), 1.0f);
}

}  // namespace

void decode_etc1(const uint8_t* block, float* texels) {
  const uint64_t word = load_be64(block);
  decode_subblocks(word, field(word, 33, 1), false, texels);
}

void decode_etc2_rgb(const uint8_t* block, bool punchthrough_alpha, float* texels) {
  const uint64_t word = load_be64(block);
  // In RGB8A1 bit 33 is the "opaque" flag and the individual mode does not exist.
  const bool mode_bit = field(word, 33, 1);
  const bool differential = punchthrough_alpha || mode_bit;
  const bool transparent = punchthrough_alpha && !mode_bit;
  if (!differential) {
    decode_subblocks(word, false, false, texels);
    return;
  }
  // A differential base+delta that leaves 0..31 selects the T (red), H (green) or planar (blue) mode.
  auto overflows = [&](unsigned c) {
    const int sum = int(field(word, 59 - 8 * c, 5)) + ((int(field(word, 56 - 8 * c, 3)) ^ 4) - 4);
    return sum < 0 || sum > 31;
  };
  if (overflows(0)) decode_t_mode(word, transparent, texels);
  else if (overflows(1)) decode_h_mode(word, transparent, texels);
  else if (overflows(2)) decode_planar(word, texels);
  else decode_subblocks(word, true, transparent, texels);
}

void decode_eac_alpha8(const uint8_t* block, float* texels) {
  const uint64_t word = load_be64(block);
  const int base = int(field(word, 56, 8)), multiplier = int(field(word, 52, 4));
  const int8_t* mod = tables::eac_modifier_table[field(word, 48, 4)];
  for (unsigned x = 0; x < 4; ++x)
    for (unsigned y = 0; y < 4; ++y) {
      const unsigned idx = field(word, 45 - 3 * (x * 4 + y), 3);
      texels[4 * (y * 4 + x) + 3] = float(clamp255(base + mod[idx] * multiplier)) / 255.0f;
    }
}

void decode_eac_r11_channel(const uint8_t* block, bool is_signed, float* texels, unsigned channel) {
  const uint64_t word = load_be64(block);
  const int multiplier = int(field(word, 52, 4));
  const int8_t* mod = tables::eac_modifier_table[field(word, 48, 4)];
  for (unsigned x = 0; x < 4; ++x)
    for (unsigned y = 0; y < 4; ++y) {
      const unsigned idx = field(word, 45 - 3 * (x * 4 + y), 3);
      // Multiplier 0 means the modifier is used unscaled (1/8 of the usual x8 scale).
      const int scaled = multiplier == 0 ? mod[idx] : mod[idx] * multiplier * 8;
      float value;
      if (is_signed) {
        const int base = std::max(int(int8_t(field(word, 56, 8))), -127);  // -128 behaves as -127
        value = float(std::clamp(base * 8 + scaled, -1023, 1023)) / 1023.0f;
      } else {
        const int base = int(field(word, 56, 8));
        value = float(std::clamp(base * 8 + 4 + scaled, 0, 2047)) / 2047.0f;
      }
      texels[4 * (y * 4 + x) + channel] = value;
    }
}

}  // namespace glvk::formats::detail
