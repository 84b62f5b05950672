// GFX9 surface layout: addrlib's Gfx9Lib as radeonsi drives it through ac_surface
// (gfx9_compute_surface), re-derived from its documented rules:
//  - ac_surface asks for a preferred swizzle mode with the 256B, VAR and linear blocks forbidden and
//    opt4space set; GFX9 has no 1D depth, so every non-3D texture is a 2D resource (cubes 6 slices);
//  - the candidates are filtered by resource type, element size, sample count, depth/stencil (Z
//    only), MSAA colour (no Z) and the Vega12 HTILE/RB conflict for depth arrays (no _X); when both
//    4KB and 64KB blocks remain, each is laid out whole and the bigger block is kept while it costs
//    at most 3/2 of the smallest size so far (opt4space's 3:2 ratio); the micro-tile order is D,
//    then S, then Z (3D: D for colour, then Z, then S) and the mode the highest-numbered one left
//    (the _X sibling when XOR is allowed);
//  - a swizzle block holds 4KB or 64KB: thin blocks are the 256-byte micro block (16x16 1-byte
//    elements .. 4x4 16-byte) widened alternately, MSAA fragments shrink it; thick (3D S/Z) blocks
//    start from the 1KB cube (16x8x8 .. 4x4x4);
//  - mip 0 is padded to whole blocks; the mip chain sits beside (Y-major) or below (X-major)
//    mip 0; levels whose size fits half a block share the mip-tail block at fixed offsets
//    (MipTailOffset256B), the chain's pitch or height is the element pitch the hardware takes;
//  - a layer (slice) is the whole mip chain of every fragment; XOR modes align the base to the
//    block, and texture-readable surfaces with metadata to pipe interleave * pipes * engines;
//  - linear surfaces: pitch aligned to 256 bytes, the levels stacked row-wise with the same pitch;
//  - the separate stencil plane (8-bit, Z swizzle) follows the depth plane on its own alignment.
// Metadata (CMASK/FMASK/HTILE/DCC) is not laid out on GFX9 ("off"); only its alignment flags are kept.
#include <glvk/amd_descriptors/surface.h>

#include <algorithm>
#include <bit>
#include <span>
#include <string>
#include <string_view>

namespace glvk::amd {

using formats::FormatDesc;

namespace {

using namespace regs::SwizzleMode;

constexpr uint32_t bit(uint32_t mode) { return 1u << mode; }
constexpr uint32_t kLinear = bit(SW_LINEAR);
constexpr uint32_t k256B = bit(SW_256B_S) | bit(SW_256B_D) | bit(SW_256B_R);
constexpr uint32_t k4KB = bit(SW_4KB_Z) | bit(SW_4KB_S) | bit(SW_4KB_D) | bit(SW_4KB_R) | bit(SW_4KB_Z_X) |
                          bit(SW_4KB_S_X) | bit(SW_4KB_D_X) | bit(SW_4KB_R_X);
constexpr uint32_t k64KB = bit(SW_64KB_Z) | bit(SW_64KB_S) | bit(SW_64KB_D) | bit(SW_64KB_R) | bit(SW_64KB_Z_T) |
                           bit(SW_64KB_S_T) | bit(SW_64KB_D_T) | bit(SW_64KB_R_T) | bit(SW_64KB_Z_X) |
                           bit(SW_64KB_S_X) | bit(SW_64KB_D_X) | bit(SW_64KB_R_X);
constexpr uint32_t kZ = bit(SW_4KB_Z) | bit(SW_64KB_Z) | bit(SW_64KB_Z_T) | bit(SW_4KB_Z_X) | bit(SW_64KB_Z_X);
constexpr uint32_t kS =
    bit(SW_256B_S) | bit(SW_4KB_S) | bit(SW_64KB_S) | bit(SW_64KB_S_T) | bit(SW_4KB_S_X) | bit(SW_64KB_S_X);
constexpr uint32_t kD =
    bit(SW_256B_D) | bit(SW_4KB_D) | bit(SW_64KB_D) | bit(SW_64KB_D_T) | bit(SW_4KB_D_X) | bit(SW_64KB_D_X);
constexpr uint32_t kR =
    bit(SW_256B_R) | bit(SW_4KB_R) | bit(SW_64KB_R) | bit(SW_64KB_R_T) | bit(SW_4KB_R_X) | bit(SW_64KB_R_X);
constexpr uint32_t kX = bit(SW_4KB_Z_X) | bit(SW_4KB_S_X) | bit(SW_4KB_D_X) | bit(SW_4KB_R_X) |
                        bit(SW_64KB_Z_X) | bit(SW_64KB_S_X) | bit(SW_64KB_D_X) | bit(SW_64KB_R_X);
constexpr uint32_t kT = bit(SW_64KB_Z_T) | bit(SW_64KB_S_T) | bit(SW_64KB_D_T) | bit(SW_64KB_R_T);
constexpr uint32_t kAll = kLinear | kZ | kS | kD | kR;
constexpr uint32_t kRsrc3d = kAll & ~k256B & ~kR;
constexpr uint32_t k3dThin = kD & ~k256B;  // D modes of a 3D resource are thin (slice by slice)
constexpr uint32_t k3dThick = kRsrc3d & ~(k3dThin | kLinear);
constexpr uint32_t kMsaa = kAll & ~k256B & ~kLinear;

constexpr uint32_t kMaxMacroBits = 20;
// Offsets (in 256-byte units) of the levels inside a mip-tail block, by level - first tail level
// + kMaxMacroBits - log2(block size).
constexpr uint32_t kMipTailOffset256B[] = {2048, 1024, 512, 256, 128, 64, 32, 16, 8, 6, 5, 4, 3, 2, 1, 0};

struct Dim {
  uint32_t w, h, d;
};
constexpr Dim kBlock256[5] = {{16, 16, 1}, {16, 8, 1}, {8, 8, 1}, {8, 4, 1}, {4, 4, 1}};  // by log2(bpe)
constexpr Dim kBlock1K[5] = {{16, 8, 8}, {8, 8, 8}, {8, 8, 4}, {8, 4, 4}, {4, 4, 4}};
constexpr Dim kBlock256Thick[5] = {{8, 4, 8}, {4, 4, 8}, {4, 4, 4}, {4, 2, 4}, {2, 2, 4}};  // 3D Z tail end

bool in(uint32_t set, uint32_t mode) { return (set >> mode) & 1u; }
uint32_t align_pow2(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }
uint32_t round_half(uint32_t v) { return (v >> 1) + (v & 1); }
unsigned log2u(uint32_t v) { return static_cast<unsigned>(std::countr_zero(v)); }

unsigned block_size_log2(uint32_t mode) {
  if (mode == SW_LINEAR) return 8;
  if (in(k256B, mode)) return 8;
  if (in(k4KB, mode)) return 12;
  return 16;  // 64KB (VAR modes are never requested)
}
bool is_thick(bool is_3d, uint32_t mode) { return is_3d && (in(kZ, mode) || in(kS, mode)); }

// GB_ADDR_CONFIG fields addrlib reads.
struct AddrConfig {
  unsigned pipes_log2, se_log2, rb_per_se_log2;
  uint32_t interleave;
};
AddrConfig addr_config(const Chip& chip) {
  namespace G = regs::GB_ADDR_CONFIG_GFX9;
  return {G::NUM_PIPES.decode(chip.gb_addr_config), G::NUM_SHADER_ENGINES.decode(chip.gb_addr_config),
          G::NUM_RB_PER_SE.decode(chip.gb_addr_config), 256u << G::PIPE_INTERLEAVE_SIZE.decode(chip.gb_addr_config)};
}

// Gfx9Lib's htileCacheRbConflict: Vega12 with 2 RBs per engine and this pipe/engine mix.
bool htile_cache_rb_conflict(const Chip& chip) {
  const AddrConfig c = addr_config(chip);
  const bool mix = c.rb_per_se_log2 == 1 && ((c.pipes_log2 == 1 && (c.se_log2 == 2 || c.se_log2 == 3)) ||
                                             (c.pipes_log2 == 2 && (c.se_log2 == 1 || c.se_log2 == 2)));
  return mix && std::string_view(chip.family) == "VEGA12";
}

Dim block_dims(uint32_t bpe, uint32_t samples, bool is_3d, uint32_t mode) {
  const unsigned e = log2u(bpe), lg = block_size_log2(mode);
  if (is_thick(is_3d, mode)) {
    const unsigned in1k = lg - 10, avg = in1k / 3, rest = in1k % 3;
    return {kBlock1K[e].w << avg, kBlock1K[e].h << (avg + rest / 2), kBlock1K[e].d << (avg + (rest ? 1 : 0))};
  }
  const unsigned in256 = lg - 8, wa = in256 / 2, ha = in256 - wa;
  Dim d{kBlock256[e].w << wa, kBlock256[e].h << ha, 1};
  if (samples > 1) {  // the fragments share the block: halve alternately, width first on even sizes
    const unsigned q = log2u(samples) >> 1, r = log2u(samples) & 1;
    d.w >>= (lg & 1) ? q : q + r;
    d.h >>= (lg & 1) ? q + r : q;
  }
  return d;
}

// The largest level that already fits the mip tail: half a block.
Dim tail_dims(bool is_3d, uint32_t mode, Dim b) {
  const unsigned lg = block_size_log2(mode);
  if (is_thick(is_3d, mode)) {
    if (lg % 3 == 0) b.h >>= 1;
    else if (lg % 3 == 1) b.w >>= 1;
    else b.d >>= 1;
  } else if (lg & 1) {
    b.h >>= 1;
  } else {
    b.w >>= 1;
  }
  return b;
}

bool fits_tail(bool thick, Dim tail, uint32_t w, uint32_t h, uint32_t d) {
  return w <= tail.w && h <= tail.h && (!thick || d <= tail.d);
}

Result<Gfx9Plane> linear_plane(const Gfx9Request& r) {
  Gfx9Plane p;
  p.swizzle_mode = SW_LINEAR;
  const uint32_t pitch = align_pow2(r.width, 256 / r.bpe);
  uint32_t chain_height = 0, h = r.height;
  for (uint32_t i = 0; i < r.levels; ++i) {
    Gfx9Level lv;
    lv.pitch = pitch;
    lv.height = h;
    lv.start_y = chain_height;  // rows above this level (linear: element rows, not blocks)
    p.level.push_back(lv);
    chain_height += h;
    h = std::max(round_half(h), 1u);
  }
  const uint32_t actual_height = r.levels > 1 ? chain_height : r.height;
  p.block_width = 256 / r.bpe;
  p.block_height = p.block_depth = 1;
  p.pitch = p.mip_chain_pitch = pitch;
  p.height = r.height;
  p.mip_chain_height = actual_height;
  p.slices = p.mip_chain_slices = r.slices;
  p.epitch_is_height = r.levels > 1;
  p.epitch = (p.epitch_is_height ? actual_height : pitch) - 1;
  p.slice_size = uint64_t(pitch) * actual_height * r.bpe;
  p.size = p.slice_size * r.slices;
  p.alignment = 256;
  p.first_mip_in_tail = r.levels;
  return p;
}


// Gfx9Lib's metadata settings (HwlConvertChipFamily): every GFX9 part has the metadata base
// alignment fix; Vega10 and the first Raven lack the alias and HTILE alignment fixes.
bool meta_alias_fix(const Chip& chip) {
  const std::string_view family = chip.family;
  return family != "VEGA10" && family != "RAVEN";
}

// GetPipeLog2ForMetaAddressing of pipe-aligned metadata (ac_surface always asks for it on GFX9):
// pipes and engines together, at most 32, and no more than an XOR block spans.
unsigned meta_pipes_log2(const AddrConfig& c, uint32_t mode) {
  unsigned n = std::min(c.pipes_log2 + c.se_log2, 5u);
  if (in(kX, mode) || in(kT, mode)) n = std::min(n, block_size_log2(mode) - log2u(c.interleave));
  return n;
}

// Compress blocks per metadata block (log2) with pipe- and RB-aligned metadata, at least `floor`.
unsigned meta_blocks_log2(const Chip& chip, const AddrConfig& c, uint32_t mode, unsigned single, unsigned floor) {
  if (meta_pipes_log2(c, mode) == 0 && c.se_log2 + c.rb_per_se_log2 == 0) return single;
  const unsigned base = meta_alias_fix(chip) ? std::max(10u, log2u(c.interleave)) : 10u;
  return std::max(c.se_log2 + c.rb_per_se_log2 + base, floor);
}

// GetMetaMipInfo's metadata-block counts of a thin surface: mip 0's, the mip chain beside or below it.
void meta_mip_blocks(uint32_t levels, uint32_t blk_w, uint32_t blk_h, uint32_t width, uint32_t height, uint32_t* nx,
                     uint32_t* ny) {
  *nx = (width + blk_w - 1) / blk_w;
  *ny = (height + blk_h - 1) / blk_h;
  if (levels <= 1 || (width <= blk_w && height <= blk_h / 2)) return;  // one level, or all in the tail
  const bool x_major = *nx >= *ny;
  uint32_t& mip = x_major ? *ny : *nx;
  const uint32_t order = x_major ? *nx : *ny, limit = x_major ? 4 : 2;
  if (mip < 3 && order > limit && levels > 3) mip += 2;
  else mip += mip / 2 + (mip & 1);
}

uint64_t align_pow2(uint64_t v, uint64_t a) { return (v + a - 1) & ~(a - 1); }

// Gfx9Lib::HwlComputeHtileInfo for a depth plane as ac_surface asks for it (pipe and RB aligned,
// mip 0's size, every layer and level): 4 bytes per 8x8 pixels.
HtileInfo gfx9_htile(const Chip& chip, const Gfx9Request& r, uint32_t mode) {
  const AddrConfig c = addr_config(chip);
  const unsigned pipes_log2 = meta_pipes_log2(c, mode), rbs_log2 = c.se_log2 + c.rb_per_se_log2;
  const unsigned blocks_log2 = meta_blocks_log2(chip, c, mode, 10, 0);
  const unsigned w_amp = r.levels > 1 ? blocks_log2 / 2 : (blocks_log2 + 1) / 2;
  const uint32_t blk_w = 8u << w_amp, blk_h = 8u << (blocks_log2 - w_amp);
  uint32_t nx, ny;
  meta_mip_blocks(r.levels, blk_w, blk_h, r.width, r.height, &nx, &ny);
  const uint64_t blk_bytes = 4ull << blocks_log2;
  uint64_t align = uint64_t(c.interleave) << (pipes_log2 + rbs_log2);
  if (!(in(kX, mode) || in(kT, mode)) && pipes_log2 > 1) align <<= pipes_log2 - 1;
  align = std::max({align, blk_bytes, uint64_t(1) << block_size_log2(mode)});
  if (meta_alias_fix(chip)) {  // htileAlignFix: room for the RB mask bits in a 2 KB HTILE cache line
    const int padding = 11 - (int(blocks_log2) + 2 - (1 + int(pipes_log2) + int(rbs_log2)));
    if (padding > 0) align <<= padding;
  }
  HtileInfo h;
  h.pitch = nx * blk_w;
  h.height = ny * blk_h;
  h.slice_size = uint64_t(nx) * ny * blk_bytes;
  h.alignment = uint32_t(align);
  h.size = align_pow2(h.slice_size * std::max(r.slices, 1u), align);
  return h;
}

// Gfx9Lib::HwlComputeDccInfo for a thin, single-sampled colour plane (pipe and RB aligned keys, one
// byte per 256-byte compress block): the meta block grows from the compress block (height first
// when mipmapped and square) to max(4096, RBs x thin block) keys.
DccInfo gfx9_dcc(const Chip& chip, const Gfx9Request& r, uint32_t mode) {
  const AddrConfig c = addr_config(chip);
  const unsigned pipes_log2 = meta_pipes_log2(c, mode), rbs_log2 = c.se_log2 + c.rb_per_se_log2;
  uint64_t keys = 4096;
  if (pipes_log2 > 0 || rbs_log2 > 0) {
    const unsigned thin = meta_alias_fix(chip) ? std::max(10u, log2u(c.interleave)) : 10u;
    keys = std::min<uint64_t>(std::max<uint64_t>(keys, uint64_t(1) << (rbs_log2 + thin)), 65536ull * r.bpe * 8);
  }
  const Dim compress = kBlock256[log2u(r.bpe)];
  uint32_t blk_w = compress.w, blk_h = compress.h;
  for (uint64_t i = 1; i < keys; i <<= 1) {
    if (blk_h < blk_w || (r.levels > 1 && blk_h == blk_w)) blk_h <<= 1;
    else blk_w <<= 1;
  }
  uint32_t nx, ny;
  meta_mip_blocks(r.levels, blk_w, blk_h, r.width, r.height, &nx, &ny);
  const uint64_t align =
      std::max(uint64_t(c.interleave) << (pipes_log2 + rbs_log2), uint64_t(1) << block_size_log2(mode));
  DccInfo d;
  d.size = align_pow2(uint64_t(nx) * ny * std::max(r.slices, 1u) * keys, align);
  d.alignment = uint32_t(std::max(keys, align));
  return d;
}

// Gfx9Lib::HwlComputeCmaskInfo for a single-sampled colour plane (ac_surface: non-linear 2D
// resources, pipe and RB aligned, the data's swizzle mode): 4 bits per 8x8 pixels.
CmaskInfo gfx9_cmask(const Chip& chip, const Gfx9Request& r, uint32_t mode) {
  const AddrConfig c = addr_config(chip);
  const unsigned pipes_log2 = meta_pipes_log2(c, mode), rbs_log2 = c.se_log2 + c.rb_per_se_log2;
  const unsigned blocks_log2 = meta_blocks_log2(chip, c, mode, 13, 13);
  const unsigned h_amp = blocks_log2 / 2;
  const uint32_t blk_w = 8u << (blocks_log2 - h_amp), blk_h = 8u << h_amp;
  const uint64_t nx = (r.width + blk_w - 1) / blk_w, ny = (r.height + blk_h - 1) / blk_h;
  const uint64_t align =
      std::max(uint64_t(c.interleave) << (pipes_log2 + rbs_log2), uint64_t(1) << block_size_log2(mode));
  CmaskInfo m;
  m.slice_size = (nx * ny << blocks_log2) >> 1;
  m.size = align_pow2(m.slice_size * std::max(r.slices, 1u), align);
  m.alignment = uint32_t(std::max(uint64_t(1) << (blocks_log2 - 1), align));
  return m;
}

}  // namespace

const char* swizzle_mode_name(uint32_t mode) {
  for (size_t i = 0; i < regs::kNumRegisters; ++i) {
    const regs::RegisterDesc& reg = regs::kRegisters[i];
    if (std::string_view(reg.name) != "SQ_IMG_RSRC_WORD3") continue;
    if (const regs::FieldDesc* f = find_field(reg, "SW_MODE"))
      if (const char* name = enum_value_name(*f, mode)) return name;
  }
  return "?";
}

Result<Gfx9Plane> gfx9_compute_plane(const Chip& chip, const Gfx9Request& r, uint32_t mode) {
  if (!std::has_single_bit(r.bpe) || r.bpe > 16) return fail("GFX9 surfaces take 1, 2, 4, 8 or 16-byte elements");
  if (mode == SW_LINEAR) return linear_plane(r);
  const bool thick = is_thick(r.is_3d, mode);
  const Dim b = block_dims(r.bpe, r.samples, r.is_3d, mode);
  const Dim tail = tail_dims(r.is_3d, mode, b);
  Gfx9Plane p;
  p.swizzle_mode = mode;
  p.block_width = b.w;
  p.block_height = b.h;
  p.block_depth = b.d;
  p.pitch = align_pow2(r.width, b.w);
  p.height = align_pow2(r.height, b.h);
  p.slices = align_pow2(r.slices, b.d);
  p.mip_chain_pitch = p.pitch;
  p.mip_chain_height = p.height;
  p.mip_chain_slices = p.slices;
  p.first_mip_in_tail = r.levels;
  p.level.resize(r.levels);
  p.level[0].pitch = p.pitch;
  p.level[0].height = p.height;
  p.level[0].depth = r.is_3d ? p.slices : 1;
  if (r.levels > 1) {
    // GetMipChainInfo: levels padded to whole blocks (each halved from its padded parent) until one
    // fits the tail; tail levels start at the tail size and halve down to one 256-byte micro block.
    const bool thin3d = r.is_3d && !thick;
    uint32_t w = r.width, h = r.height, d = r.is_3d ? r.slices : 1;
    bool tail_reached = false, final_dim = false;
    for (uint32_t i = 0; i < r.levels; ++i) {
      if (tail_reached) {
        if (!final_dim && uint64_t(w) * h * (thick ? d : 1) * r.bpe <= 256) {
          const Dim m = thick ? kBlock256Thick[log2u(r.bpe)] : kBlock256[log2u(r.bpe)];
          w = m.w;
          h = m.h;
          if (thick) d = m.d;
          final_dim = true;
        }
      } else if (fits_tail(thick, tail, w, h, d)) {
        tail_reached = true;
        p.first_mip_in_tail = i;
        w = tail.w;
        h = tail.h;
        if (thick) d = tail.d;
      } else {
        w = align_pow2(w, b.w);
        h = align_pow2(h, b.h);
        if (thick) d = align_pow2(d, b.d);
      }
      p.level[i].pitch = w;
      p.level[i].height = h;
      p.level[i].depth = d;
      if (final_dim) {
        if (thin3d) d = std::max(d >> 1, 1u);
      } else {
        w = std::max(w >> 1, 1u);
        h = std::max(h >> 1, 1u);
        if (r.is_3d) d = std::max(d >> 1, 1u);
      }
    }
    const uint32_t ending = std::min(p.first_mip_in_tail, r.levels - 1);
    const uint32_t w0 = p.pitch / b.w, h0 = p.height / b.h, d0 = p.slices / b.d;
    const bool y_major = w0 < h0 && (!thick || h0 >= d0);
    if (ending == 0) {
      p.epitch_is_height = true;
      p.pitch = tail.w;
      p.height = tail.h;
      if (thick) p.slices = tail.d;
      p.mip_chain_in_tail = true;
    } else if (y_major) {  // mip 1+ to the right of mip 0
      uint32_t w1 = round_half(w0);
      if (w1 == 1 && ending > 2) ++w1;
      p.mip_chain_pitch += w1 * b.w;
    } else {  // mip 1+ below mip 0 (X major, or Z major for thick chains)
      uint32_t h1 = round_half(h0);
      if (h1 == 1 && ending > 2) ++h1;
      p.mip_chain_height += h1 * b.h;
      p.epitch_is_height = true;
    }
    // GetMipStartPos: each level's block position, or its offset inside the tail block.
    const bool mip0_in_tail = fits_tail(thick, tail, p.pitch, p.height, p.slices);
    const uint32_t mw0 = p.pitch / b.w, mh0 = p.height / b.h, md0 = p.slices / b.d;
    const bool x_major_pos = !(mw0 < mh0) && (!thick || mw0 >= md0);
    const bool y_major_pos = mw0 < mh0 && (!thick || mh0 >= md0);
    const unsigned lg = block_size_log2(mode);
    for (uint32_t id = 0; id < r.levels; ++id) {
      Gfx9Level& lv = p.level[id];
      uint32_t tail_index = id;
      bool tail_level = mip0_in_tail;
      if (!mip0_in_tail) {
        uint32_t mw = mw0, mh = mh0, md = md0, end_mip = id + 1;
        for (uint32_t i = 1; i <= id; ++i) {
          if (i == 1 || i == 3) {
            (y_major_pos ? lv.start_x : lv.start_y) += y_major_pos ? mw : mh;
          } else if (x_major_pos) {
            lv.start_x += mw;
          } else if (y_major_pos) {
            lv.start_y += mh;
          } else {
            lv.start_z += md;
          }
          bool tail_now;
          if (thick) {
            tail_now = lg % 3 == 0   ? (mw <= 2 && mh == 1 && md <= 2)
                       : lg % 3 == 1 ? (mw == 1 && mh <= 2 && md <= 2)
                                     : (mw <= 2 && mh <= 2 && md == 1);
          } else {
            tail_now = (lg & 1) ? (mw <= 2 && mh == 1) : (mw == 1 && mh <= 2);
          }
          if (tail_now) {
            end_mip = i;
            break;
          }
          mw = round_half(mw);
          mh = round_half(mh);
          md = round_half(md);
        }
        if (id >= end_mip) {
          tail_level = true;
          tail_index = id - end_mip;
        }
      }
      lv.in_tail = tail_level;
      if (tail_level && tail_index + kMaxMacroBits - lg >= std::size(kMipTailOffset256B))
        return fail("more levels in the GFX9 mip tail than it has slots");
      lv.mip_tail_offset = tail_level ? kMipTailOffset256B[tail_index + kMaxMacroBits - lg] << 8 : 0;
    }
  }
  p.epitch = (p.epitch_is_height ? p.mip_chain_height : p.mip_chain_pitch) - 1;
  p.slice_size = uint64_t(p.mip_chain_pitch) * p.mip_chain_height * r.bpe * r.samples;
  p.size = p.slice_size * p.mip_chain_slices;
  p.alignment = (in(kX, mode) || in(kT, mode)) ? 1u << block_size_log2(mode) : 256u;
  if ((r.color || r.depth || r.stencil) && r.texture) {
    // Pipe-aligned metadata is read through the data surface's pipe: pad the base for it.
    const AddrConfig c = addr_config(chip);
    p.alignment = std::max(p.alignment, c.interleave << (c.pipes_log2 + c.se_log2));
  }
  return p;
}

Result<uint32_t> gfx9_preferred_swizzle_mode(const Chip& chip, const Gfx9Request& r) {
  const uint32_t bpp = r.bpe * 8;
  const bool msaa = r.samples > 1;
  uint32_t allowed;
  if (!r.is_3d) {
    allowed = k4KB | k64KB;
    if (bpp > 64) allowed &= ~(kR | kZ);
  } else {
    allowed = ((k3dThin | k3dThick) & (k4KB | k64KB)) & kRsrc3d;
    // D (thin) 3D mip chains need an X- or Y-major chain; deep volumes take S or Z.
    if (r.levels > 1 && r.slices >= r.width && r.slices >= r.height) allowed &= ~kD;
    if (bpp == 128 && r.color) allowed &= ~kS;
  }
  if (r.compressed) allowed &= kS | kD;
  if (msaa && (bpp > 32 || r.color)) allowed &= ~kZ;
  if (r.fmask) allowed &= kZ;
  if (r.depth || r.stencil) {
    allowed &= kZ;
    // TC-readable MSAA depth cannot use XOR modes (the TC would fetch Z-planes from the wrong tile).
    if (r.depth && r.texture && ((bpp == 16 && r.samples >= 4) || (bpp == 32 && r.samples >= 2)))
      allowed &= ~(kX | kT);
    if (htile_cache_rb_conflict(chip) && r.slices > 1) allowed &= ~kX;
  }
  if (msaa) allowed &= kMsaa;
  if (r.samples > 1 && 4096u < addr_config(chip).interleave * r.samples) allowed &= k64KB;
  if (allowed == 0) return fail("no GFX9 swizzle mode fits this surface");

  // Block size: every candidate block laid out whole, the bigger kept while within 3:2.
  struct Candidate {
    uint32_t mask, mode;
  };
  const Candidate candidates_2d[] = {{k4KB, SW_4KB_D}, {k64KB, SW_64KB_D}};
  const Candidate candidates_3d[] = {{k3dThin & k4KB, SW_4KB_D},
                                     {k3dThick & k4KB, SW_4KB_S},
                                     {k3dThin & k64KB, SW_64KB_D},
                                     {k3dThick & k64KB, SW_64KB_S}};
  std::span<const Candidate> candidates = r.is_3d ? std::span<const Candidate>(candidates_3d)
                                                  : std::span<const Candidate>(candidates_2d);
  uint32_t available = 0;
  for (const Candidate& c : candidates) available += (allowed & c.mask) ? 1 : 0;
  if (available > 1) {
    uint64_t min_size = 0;
    uint32_t chosen = 0;
    for (const Candidate& c : candidates) {
      if (!(allowed & c.mask)) continue;
      Result<Gfx9Plane> p = gfx9_compute_plane(chip, r, c.mode);
      if (!p) return Error{p.error()};
      if (min_size == 0 || p->size * 2 <= min_size * 3) {
        min_size = p->size;
        chosen = c.mask;
      }
    }
    allowed &= chosen;
  }
  const bool z = allowed & kZ, s = allowed & kS, d = allowed & kD, rot = allowed & kR;
  if (int(z) + int(s) + int(d) + int(rot) > 1) {
    if (r.is_3d)
      allowed &= (r.color && d) ? kD : z ? kZ : kS;
    else
      allowed &= d ? kD : s ? kS : kZ;
  }
  return static_cast<uint32_t>(std::bit_width(allowed) - 1);  // the _X sibling when allowed
}

Result<Surface> compute_surface_gfx9(const Chip& chip, const SurfaceTemplate& t, SurfaceMode mode) {
  const FormatDesc& d = formats::describe(t.format);
  const bool zs = d.colorspace == formats::Colorspace::ZS;
  Surface s = surface_element_facts(d);
  if (s.bpe == 0 || !std::has_single_bit(s.bpe) || s.bpe > 16)
    return fail(std::string("format ") + d.name + " has no GFX9 layout (element of " + std::to_string(d.block_bits) +
                " bits; 96-bit formats are linear-only and radeonsi does not sample them)");

  Gfx9Request r;
  r.bpe = s.bpe;
  r.width = (t.width + d.block_width - 1) / d.block_width;
  r.height = (t.height + d.block_height - 1) / d.block_height;
  r.is_3d = t.target == TextureTarget::TEXTURE_3D;
  r.slices = r.is_3d ? t.depth : t.array_size;
  r.levels = t.levels;
  r.samples = t.samples;
  r.color = !zs;
  r.depth = d.is_depth;
  r.texture = r.color || t.tc_compatible_htile;  // ac_surface: flags.texture = colour or TC-compatible HTILE
  r.compressed = d.is_compressed;
  s.gfx9.resource_type = r.is_3d ? regs::ResourceType::RESOURCE_3D : regs::ResourceType::RESOURCE_2D;

  // The DB needs tiling and MSAA cannot be linear; everything else radeonsi makes linear is SW_LINEAR.
  const bool linear = mode == SurfaceMode::LINEAR_ALIGNED && !zs && t.samples == 1;
  uint32_t sw = SW_LINEAR;
  if (!linear) {
    Result<uint32_t> preferred = gfx9_preferred_swizzle_mode(chip, r);
    if (!preferred) return Error{preferred.error()};
    sw = *preferred;
  }
  Result<Gfx9Plane> main = gfx9_compute_plane(chip, r, sw);
  if (!main) return Error{main.error()};
  s.gfx9.surf = std::move(*main);
  s.mode = linear ? SurfaceMode::LINEAR_ALIGNED : SurfaceMode::TILED_2D;
  s.gfx9.fmask_swizzle_mode = s.gfx9.surf.swizzle_mode & ~3u;  // the Z sibling of the mode
  s.gfx9.cmask_rb_aligned = s.gfx9.cmask_pipe_aligned = r.color && !linear;
  uint64_t end = s.gfx9.surf.size;
  s.alignment = s.gfx9.surf.alignment;

  if (d.is_stencil) {
    // The 8-bit stencil plane: the depth's swizzle mode (without the depth flag), or its own
    // preferred Z mode for stencil-only formats; it starts on its own alignment after the surface.
    Gfx9Request sr = r;
    sr.bpe = 1;
    sr.stencil = true;
    sr.depth = false;
    uint32_t ssw = sw;
    if (!d.is_depth) {
      Result<uint32_t> preferred = gfx9_preferred_swizzle_mode(chip, sr);
      if (!preferred) return Error{preferred.error()};
      ssw = *preferred;
    }
    Result<Gfx9Plane> stencil = gfx9_compute_plane(chip, sr, ssw);
    if (!stencil) return Error{stencil.error()};
    s.gfx9.stencil = std::move(*stencil);
    s.stencil_offset = (end + s.gfx9.stencil.alignment - 1) / s.gfx9.stencil.alignment * s.gfx9.stencil.alignment;
    end = s.stencil_offset + s.gfx9.stencil.size;
    s.alignment = std::max(s.alignment, s.gfx9.stencil.alignment);
  }
  s.total_size = end;
  // Metadata sizes ac_surface computes beside the layout (placed by the driver after the surface).
  if (d.is_depth) s.htile = gfx9_htile(chip, r, sw);
  if (r.color && r.samples > 1) {
    // FMASK (its own Z mode, which CB_COLORn_ATTRIB.FMASK_SW_MODE then names) and the CMASK beside
    // it, laid out in the FMASK's swizzle mode.
    Result<FmaskInfo> fmask = compute_fmask_gfx9(chip, t);
    if (!fmask) return Error{fmask.error()};
    s.fmask = *fmask;
    if (s.fmask.size) {
      s.gfx9.fmask_swizzle_mode = s.fmask.swizzle_mode;
      if (!r.is_3d) s.cmask = gfx9_cmask(chip, r, s.fmask.swizzle_mode);
    }
  }
  if (r.color && sw != SW_LINEAR && !r.is_3d && r.samples == 1) {
    s.cmask = gfx9_cmask(chip, r, sw);
    // DCC where ac_surface asks for it on GFX9 (any non-linear swizzle mode) and radeonsi keeps it:
    // not for block-compressed formats, nor with radeonsi's "nodcc" (SurfaceTemplate::disable_dcc).
    if (!r.compressed && !t.disable_dcc) s.dcc = gfx9_dcc(chip, r, sw);
  }

  // The per-level view of both planes in the common SurfaceLevel form.
  auto levels_of = [&](const Gfx9Plane& p, uint32_t bpe, uint64_t base, std::vector<SurfaceLevel>* out) {
    const bool linear_plane = p.swizzle_mode == SW_LINEAR;
    const uint64_t pitch_blocks = p.mip_chain_pitch / p.block_width;
    const uint64_t slice_blocks = uint64_t(p.mip_chain_height / p.block_height) * pitch_blocks;
    for (const Gfx9Level& g : p.level) {
      SurfaceLevel lv;
      lv.mode = linear_plane ? SurfaceMode::LINEAR_ALIGNED : SurfaceMode::TILED_2D;
      lv.slice_size = p.slice_size;
      const uint64_t block = uint64_t(g.start_z) * slice_blocks + uint64_t(g.start_y) * pitch_blocks + g.start_x;
      lv.offset = base + (linear_plane ? uint64_t(p.pitch) * g.start_y * bpe
                                       : (block << block_size_log2(p.swizzle_mode)) + g.mip_tail_offset);
      lv.nblk_x = g.pitch;
      lv.nblk_y = g.height;
      lv.nslices = r.is_3d ? g.depth : r.slices;
      lv.pitch = g.pitch * (bpe == s.bpe && !s.is_stencil_only ? s.block_width : 1);
      out->push_back(lv);
    }
  };
  levels_of(s.gfx9.surf, s.bpe, 0, &s.level);
  if (d.is_stencil) levels_of(s.gfx9.stencil, 1, s.stencil_offset, &s.stencil_level);
  place_buffer_metadata(&s);
  return s;
}

}  // namespace glvk::amd
