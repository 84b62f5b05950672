#include <glvk/amd_descriptors/framebuffer.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <string>

namespace glvk::amd {

using formats::ChannelType;
using formats::FormatDesc;
using formats::Layout;
using formats::Swizzle;

namespace {

int first_non_void_channel(const FormatDesc& d) {
  for (int i = 0; i < d.nr_channels; ++i)
    if (d.channel[i].type != ChannelType::VOID) return i;
  return -1;
}

bool has_sizes(const FormatDesc& d, unsigned a, unsigned b, unsigned c, unsigned e) {
  const unsigned want[4] = {a, b, c, e};
  for (int i = 0; i < 4; ++i)
    if ((i < d.nr_channels ? d.channel[i].size : 0u) != want[i]) return false;
  return true;
}

bool is_r11g11b10(const FormatDesc& d) { return std::string_view(d.name) == "R11G11B10_FLOAT"; }

unsigned log2_exact(uint32_t v) { return static_cast<unsigned>(std::countr_zero(v)); }

// A 40-bit, 256-byte-aligned GPU address as the *_BASE registers take it (bits 39:8).
Result<uint32_t> base_256b(uint64_t va, const char* what) {
  if (va % 256) return fail(std::string(what) + " address " + hex(va) + " is not 256-byte aligned");
  if (va >> 40) return fail(std::string(what) + " address " + hex(va) + " exceeds the 40-bit GPU VA space");
  return static_cast<uint32_t>(va >> 8);
}

}  // namespace

// ---------------------------------------------------------------- formats

uint32_t translate_colorformat(const FormatDesc& d) {
  using namespace regs::ColorFormat;
  if (is_r11g11b10(d)) return COLOR_10_11_11;  // packed, not plain, but the CB has it
  if (d.layout != Layout::PLAIN) return COLOR_INVALID;
  // The CB cannot mix channel types, except depth/stencil (stencil is never written through it).
  if (d.is_mixed && d.colorspace != formats::Colorspace::ZS) return COLOR_INVALID;
  const auto& c = d.channel;
  switch (d.nr_channels) {
    case 1:
      switch (c[0].size) {
        case 8: return COLOR_8;
        case 16: return COLOR_16;
        case 32: return COLOR_32;
      }
      break;
    case 2:
      if (c[0].size == c[1].size) {
        switch (c[0].size) {
          case 8: return COLOR_8_8;
          case 16: return COLOR_16_16;
          case 32: return COLOR_32_32;
        }
      } else if (has_sizes(d, 8, 24, 0, 0)) {
        return COLOR_24_8;
      } else if (has_sizes(d, 24, 8, 0, 0)) {
        return COLOR_8_24;
      }
      break;
    case 3:
      if (has_sizes(d, 5, 6, 5, 0)) return COLOR_5_6_5;
      if (has_sizes(d, 32, 8, 24, 0)) return COLOR_X24_8_32_FLOAT;
      break;
    case 4:
      if (c[0].size == c[1].size && c[0].size == c[2].size && c[0].size == c[3].size) {
        switch (c[0].size) {
          case 4: return COLOR_4_4_4_4;
          case 8: return COLOR_8_8_8_8;
          case 16: return COLOR_16_16_16_16;
          case 32: return COLOR_32_32_32_32;
        }
      } else if (has_sizes(d, 5, 5, 5, 1)) {
        return COLOR_1_5_5_5;
      } else if (has_sizes(d, 1, 5, 5, 5)) {
        return COLOR_5_5_5_1;
      } else if (has_sizes(d, 10, 10, 10, 2)) {
        return COLOR_2_10_10_10;
      }
      break;
  }
  return COLOR_INVALID;
}

std::optional<uint32_t> translate_colorswap(const FormatDesc& d) {
  using namespace regs::ColorCompSwap;
  if (is_r11g11b10(d)) return SWAP_STD;
  if (d.layout != Layout::PLAIN) return std::nullopt;
  auto is = [&](int chan, Swizzle s) { return d.swizzle[chan] == s; };
  using S = Swizzle;
  switch (d.nr_channels) {
    case 1:
      if (is(0, S::X)) return SWAP_STD;      // X___
      if (is(3, S::X)) return SWAP_ALT_REV;  // ___X
      break;
    case 2:
      if ((is(0, S::X) && is(1, S::Y)) || (is(0, S::X) && is(1, S::NONE)) || (is(0, S::NONE) && is(1, S::Y)))
        return SWAP_STD;  // XY__
      if ((is(0, S::Y) && is(1, S::X)) || (is(0, S::Y) && is(1, S::NONE)) || (is(0, S::NONE) && is(1, S::X)))
        return SWAP_STD_REV;  // YX__
      if (is(0, S::X) && is(3, S::Y)) return SWAP_ALT;      // X__Y
      if (is(0, S::Y) && is(3, S::X)) return SWAP_ALT_REV;  // Y__X
      break;
    case 3:
      if (is(0, S::X)) return SWAP_STD;
      if (is(0, S::Z)) return SWAP_STD_REV;  // ZYX
      break;
    case 4:
      // The middle channels decide; the first and the last may be NONE.
      if (is(1, S::Y) && is(2, S::Z)) return SWAP_STD;      // XYZW
      if (is(1, S::Z) && is(2, S::Y)) return SWAP_STD_REV;  // WZYX
      if (is(1, S::Y) && is(2, S::X)) return SWAP_ALT;      // ZYXW
      if (is(1, S::Z) && is(2, S::W)) return SWAP_ALT_REV;  // YZWX
      break;
  }
  return std::nullopt;
}

uint32_t color_number_type(const FormatDesc& d) {
  using namespace regs::ColorNumberType;
  const int i = first_non_void_channel(d);
  if (d.colorspace == formats::Colorspace::SRGB) return NUMBER_SRGB;
  if (i < 0) return NUMBER_UNORM;
  const formats::Channel& c = d.channel[i];
  if (c.type == ChannelType::SIGNED) return c.pure_integer ? NUMBER_SINT : NUMBER_SNORM;
  if (c.type == ChannelType::UNSIGNED) return c.pure_integer ? NUMBER_UINT : NUMBER_UNORM;
  return NUMBER_FLOAT;
}

Result<CbFormat> cb_format(const FormatDesc& d) {
  const uint32_t format = translate_colorformat(d);
  const std::optional<uint32_t> swap = translate_colorswap(d);
  if (format == regs::ColorFormat::COLOR_INVALID || !swap)
    return fail(std::string("format ") + d.name + " cannot be a GCN colour buffer (no CB format/swap for it)");
  const bool intensity = d.layout == Layout::PLAIN && d.nr_channels == 1 && d.swizzle[0] == Swizzle::X &&
                         d.swizzle[1] == Swizzle::X && d.swizzle[2] == Swizzle::X && d.swizzle[3] == Swizzle::X;
  return CbFormat{format, color_number_type(d), *swap, d.swizzle[3] == Swizzle::ONE || intensity,
                     static_cast<uint32_t>(d.block_bits / 8)};
}

// ---------------------------------------------------------------- colour buffers

uint32_t cmask_slice_tile_max(const Chip& chip, uint32_t nblk_x, uint32_t nblk_y) {
  return compute_cmask(chip, nblk_x, nblk_y, 1).slice_tile_max;
}

uint32_t cb_color_info(const CbFormat& f) {
  namespace I = regs::CB_COLORn_INFO;
  using namespace regs::ColorNumberType;
  using namespace regs::ColorFormat;
  // si_initialize_color_surface: clamp blending for normalized types, bypass it for integers and
  // for the depth formats the DB->CB copy writes; round (not truncate) for non-normalized.
  const uint32_t nt = f.number_type;
  const bool depth_like = f.format == COLOR_8_24 || f.format == COLOR_24_8 || f.format == COLOR_X24_8_32_FLOAT;
  bool blend_clamp = nt == NUMBER_UNORM || nt == NUMBER_SNORM || nt == NUMBER_SRGB;
  bool blend_bypass = false;
  if (nt == NUMBER_UINT || nt == NUMBER_SINT || depth_like) blend_clamp = false, blend_bypass = true;
  const bool round_mode = nt != NUMBER_UNORM && nt != NUMBER_SNORM && nt != NUMBER_SRGB && f.format != COLOR_8_24 &&
                          f.format != COLOR_24_8;
  return I::FORMAT.encode(f.format) | I::COMP_SWAP.encode(f.comp_swap) | I::BLEND_CLAMP.encode(blend_clamp) |
         I::BLEND_BYPASS.encode(blend_bypass) | I::SIMPLE_FLOAT.encode(1) | I::ROUND_MODE.encode(round_mode) |
         I::NUMBER_TYPE.encode(nt) | I::ENDIAN.encode(regs::SurfaceEndian::ENDIAN_NONE);
}

uint32_t cb_dcc_control(const Chip& chip, const ColorSurface& s) {
  namespace D = regs::CB_COLORn_DCC_CONTROL;
  // dGPUs request 32B blocks, APUs 64B; small-element MSAA surfaces need smaller uncompressed blocks.
  uint32_t max_uncompressed = regs::DccMaxBlockSize::MAX_BLOCK_SIZE_256B;
  if (s.num_samples > 1 && s.format.bytes_per_element == 1) max_uncompressed = regs::DccMaxBlockSize::MAX_BLOCK_SIZE_64B;
  if (s.num_samples > 1 && s.format.bytes_per_element == 2) max_uncompressed = regs::DccMaxBlockSize::MAX_BLOCK_SIZE_128B;
  const uint32_t min_compressed = chip.has_dedicated_vram ? regs::DccMinBlockSize::MIN_BLOCK_SIZE_32B
                                                          : regs::DccMinBlockSize::MIN_BLOCK_SIZE_64B;
  return D::MAX_UNCOMPRESSED_BLOCK_SIZE.encode(max_uncompressed) | D::MIN_COMPRESSED_BLOCK_SIZE.encode(min_compressed) |
         D::INDEPENDENT_64B_BLOCKS.encode(1);
}

Result<ColorBufferRegisters> encode_color_buffer(const Chip& chip, const ColorSurface& s) {
  namespace I = regs::CB_COLORn_INFO;
  namespace A = regs::CB_COLORn_ATTRIB;
  namespace P = regs::CB_COLORn_PITCH;
  namespace V = regs::CB_COLORn_VIEW;
  using namespace regs::ColorFormat;
  if (chip.gfx_level >= GfxLevel::GFX9) return encode_color_buffer_gfx9(chip, s);
  const bool gfx7 = chip.gfx_level >= GfxLevel::GFX7, gfx8 = chip.gfx_level >= GfxLevel::GFX8;
  const CbFormat& f = s.format;

  if (f.format == COLOR_INVALID || !I::FORMAT.fits(f.format)) return fail("colour buffer without a valid CB format");
  if (!I::NUMBER_TYPE.fits(f.number_type) || !I::COMP_SWAP.fits(f.comp_swap))
    return fail("colour buffer number type / swap out of range");
  // Tiled levels are multiples of 8 both ways; linear ones only in pitch (a slice still holds at
  // least 64 elements: SiLib's linear slice alignment), and SLICE_TILE_MAX rounds down.
  if (s.nblk_x == 0 || s.nblk_y == 0 || s.nblk_x % 8 || uint64_t(s.nblk_x) * s.nblk_y < 64)
    return fail("colour surface of " + std::to_string(s.nblk_x) + "x" + std::to_string(s.nblk_y) +
                " elements: the pitch must be a non-zero multiple of 8 and a slice at least 64 elements");
  if (s.nblk_x > chip.max_dimension || s.nblk_y > chip.max_dimension)
    return fail("colour surface of " + std::to_string(s.nblk_x) + "x" + std::to_string(s.nblk_y) + " exceeds " +
                chip.name + "'s limit of " + std::to_string(chip.max_dimension));
  if (s.num_samples == 0 || s.num_samples > 16 || !std::has_single_bit(s.num_samples))
    return fail("colour surface sample count " + std::to_string(s.num_samples) + " (must be 1, 2, 4, 8 or 16)");
  if (s.first_layer > s.last_layer || !V::SLICE_MAX.fits(s.last_layer))
    return fail("colour view layers " + std::to_string(s.first_layer) + ".." + std::to_string(s.last_layer) +
                " are empty or beyond the 2048-layer limit");
  if (!A::TILE_MODE_INDEX.fits(s.tile_mode_index)) return fail("tile mode index " + std::to_string(s.tile_mode_index) + " > 31");
  if (s.dcc_va && !gfx8) return fail(std::string("DCC does not exist on ") + chip.name);

  ColorBufferRegisters r{};
  Result<uint32_t> base = base_256b(s.va + s.level_offset, "colour buffer");
  if (!base) return Error{base.error()};
  r.base = *base;
  if (s.macro_tiled) r.base |= s.tile_swizzle;  // only macrotiled modes take a tile swizzle

  const uint32_t pitch_tile_max = s.nblk_x / 8 - 1;
  const uint64_t slice_tile_max = uint64_t(s.nblk_x) * s.nblk_y / 64 - 1;
  if (!P::TILE_MAX.fits(pitch_tile_max) || !regs::CB_COLORn_SLICE::TILE_MAX.fits(slice_tile_max))
    return fail("colour surface too large for CB_COLOR_PITCH/SLICE");
  r.pitch = P::TILE_MAX.encode(pitch_tile_max);
  r.slice = regs::CB_COLORn_SLICE::TILE_MAX.encode(static_cast<uint32_t>(slice_tile_max));
  r.view = V::SLICE_START.encode(s.first_layer) | V::SLICE_MAX.encode(s.last_layer);

  r.info = cb_color_info(f);
  // A CMASK enables fast clears, which only level 0 uses.
  if (s.cmask_va && s.level == 0) r.info |= I::FAST_CLEAR.encode(1);
  if (s.dcc_va) r.info |= I::DCC_ENABLE.encode(1);

  r.attrib = A::FORCE_DST_ALPHA_1.encode(f.force_dst_alpha_1) | A::TILE_MODE_INDEX.encode(s.tile_mode_index);
  if (s.num_samples > 1) {
    const unsigned log_samples = log2_exact(s.num_samples);
    r.attrib |= A::NUM_SAMPLES.encode(log_samples) | A::NUM_FRAGMENTS.encode(log_samples > 3 ? 3 : log_samples);
    if (s.fmask_va) {
      r.info |= I::COMPRESSION.encode(1);
      if (!A::FMASK_BANK_HEIGHT.fits(s.fmask_bank_height)) return fail("FMASK bank height out of range");
      if (chip.gfx_level == GfxLevel::GFX6) r.attrib |= A::FMASK_BANK_HEIGHT.encode(s.fmask_bank_height);  // SI hw bug
    }
  }

  if (gfx8) r.dcc_control = cb_dcc_control(chip, s);

  if (s.cmask_va) {
    Result<uint32_t> cmask = base_256b(s.cmask_va, "CMASK");
    if (!cmask) return Error{cmask.error()};
    r.cmask = *cmask;
  } else {
    r.cmask = static_cast<uint32_t>(s.va >> 8);
  }
  if (s.level > 0) r.cmask = r.base;
  if (!regs::CB_COLORn_CMASK_SLICE::TILE_MAX.fits(s.cmask_slice_tile_max)) return fail("CMASK slice too large");
  r.cmask_slice = regs::CB_COLORn_CMASK_SLICE::TILE_MAX.encode(s.cmask_slice_tile_max);

  if (s.fmask_va) {
    Result<uint32_t> fmask = base_256b(s.fmask_va, "FMASK");
    if (!fmask) return Error{fmask.error()};
    if (s.fmask_tile_swizzle > 0xFF || !P::FMASK_TILE_MAX.fits(s.fmask_pitch_tile_max) ||
        !A::FMASK_TILE_MODE_INDEX.fits(s.fmask_tile_mode_index) ||
        !regs::CB_COLORn_FMASK_SLICE::TILE_MAX.fits(s.fmask_slice_tile_max))
      return fail("FMASK layout out of range");
    r.fmask = *fmask | s.fmask_tile_swizzle;
    if (gfx7) r.pitch |= P::FMASK_TILE_MAX.encode(s.fmask_pitch_tile_max);
    r.attrib |= A::FMASK_TILE_MODE_INDEX.encode(s.fmask_tile_mode_index);
    r.fmask_slice = regs::CB_COLORn_FMASK_SLICE::TILE_MAX.encode(s.fmask_slice_tile_max);
  } else {
    // Without FMASK, fast clear still needs the FMASK fields to describe the colour surface.
    r.fmask = r.base;
    if (gfx7) r.pitch |= P::FMASK_TILE_MAX.encode(pitch_tile_max);
    r.attrib |= A::FMASK_TILE_MODE_INDEX.encode(s.tile_mode_index);
    r.fmask_slice = regs::CB_COLORn_FMASK_SLICE::TILE_MAX.encode(static_cast<uint32_t>(slice_tile_max));
  }
  r.clear_word0 = s.clear_words[0];
  r.clear_word1 = s.clear_words[1];
  if (s.dcc_va) {
    Result<uint32_t> dcc = base_256b(s.dcc_va, "DCC");
    if (!dcc) return Error{dcc.error()};
    r.dcc_base = *dcc | (s.macro_tiled ? s.tile_swizzle : 0);
  }
  return r;
}

std::vector<RegisterRun> color_buffer_runs(GfxLevel level, unsigned index, const ColorBufferRegisters& r) {
  const uint32_t base = regs::CB_COLORn_BASE::offset(index);
  if (level >= GfxLevel::GFX9)
    return {{base,
             {r.base, r.base_ext, r.attrib2, r.view, r.info, r.attrib, r.dcc_control, r.cmask, r.cmask_base_ext, r.fmask,
              r.fmask_base_ext, r.clear_word0, r.clear_word1, r.dcc_base, r.dcc_base_ext}},
            {regs::CB_MRTn_EPITCH::offset(index), {r.mrt_epitch}}};
  std::vector<uint32_t> values = {r.base,  r.pitch,       r.slice, r.view,        r.info,
                                  r.attrib, r.dcc_control, r.cmask, r.cmask_slice, r.fmask,
                                  r.fmask_slice, r.clear_word0, r.clear_word1, r.dcc_base};
  if (level < GfxLevel::GFX8) values.pop_back();  // DCC_BASE from GFX8 on
  return {{base, std::move(values)}};
}

std::vector<RegisterRun> depth_buffer_runs(GfxLevel level, const DepthBufferRegisters& r) {
  std::vector<RegisterRun> runs;
  if (level >= GfxLevel::GFX9) {
    runs.push_back({regs::DB_HTILE_DATA_BASE::kOffset, {r.htile_data_base, r.htile_data_base_hi, r.depth_size}});
    runs.push_back({regs::DB_Z_INFO_GFX9::kOffset,
                    {r.z_info, r.stencil_info, r.z_read_base, r.z_read_base_hi, r.stencil_read_base,
                     r.stencil_read_base_hi, r.z_write_base, r.z_write_base_hi, r.stencil_write_base,
                     r.stencil_write_base_hi}});
    runs.push_back({regs::DB_Z_INFO2::kOffset, {r.z_info2, r.stencil_info2}});
  } else {
    runs.push_back({regs::DB_HTILE_DATA_BASE::kOffset, {r.htile_data_base}});
    runs.push_back({regs::DB_DEPTH_INFO::kOffset,
                    {r.depth_info, r.z_info, r.stencil_info, r.z_read_base, r.stencil_read_base, r.z_write_base,
                     r.stencil_write_base, r.depth_size, r.depth_slice}});
  }
  runs.push_back({regs::DB_STENCIL_CLEAR::kOffset, {r.stencil_clear, r.depth_clear}});
  runs.push_back({regs::DB_DEPTH_VIEW::kOffset, {r.depth_view}});
  runs.push_back({regs::DB_HTILE_SURFACE::kOffset, {r.htile_surface}});
  return runs;
}

namespace {

Status emit_runs(pm4::ShadowStream& stream, const std::vector<RegisterRun>& runs) {
  for (const RegisterRun& run : runs)
    if (Status st = stream.set_context_regs(run.offset, run.values); !st) return st;
  return ok_status();
}

}  // namespace

Status emit_color_buffer(pm4::ShadowStream& stream, unsigned index, const ColorBufferRegisters& r) {
  if (index >= regs::CB_COLORn_BASE::kCount) return fail("colour buffer index " + std::to_string(index) + " > 7");
  return emit_runs(stream, color_buffer_runs(stream.chip().gfx_level, index, r));
}

Status emit_color_buffer_unbound(pm4::ShadowStream& stream, unsigned index) {
  if (index >= regs::CB_COLORn_INFO::kCount) return fail("colour buffer index " + std::to_string(index) + " > 7");
  return stream.set_context_reg(regs::CB_COLORn_INFO::offset(index),
                                regs::CB_COLORn_INFO::FORMAT.encode(regs::ColorFormat::COLOR_INVALID));
}

Result<uint32_t> encode_cb_target_mask(const std::array<uint8_t, 8>& m) {
  namespace T = regs::CB_TARGET_MASK;
  const regs::Field fields[8] = {T::TARGET0_ENABLE, T::TARGET1_ENABLE, T::TARGET2_ENABLE, T::TARGET3_ENABLE,
                                 T::TARGET4_ENABLE, T::TARGET5_ENABLE, T::TARGET6_ENABLE, T::TARGET7_ENABLE};
  uint32_t v = 0;
  for (int i = 0; i < 8; ++i) {
    if (!fields[i].fits(m[i])) return fail("write mask of target " + std::to_string(i) + " has more than 4 bits");
    v |= fields[i].encode(m[i]);
  }
  return v;
}

Result<uint32_t> encode_cb_color_control(bool color_enabled, std::optional<uint32_t> logicop_func) {
  namespace C = regs::CB_COLOR_CONTROL;
  uint32_t rop3 = regs::Rop3::SRCCOPY;
  if (logicop_func) {
    if (*logicop_func > 15) return fail("logic op function " + std::to_string(*logicop_func) + " > 15");
    rop3 = *logicop_func | (*logicop_func << 4);
  }
  return C::MODE.encode(color_enabled ? regs::CbMode::CB_NORMAL : regs::CbMode::CB_DISABLE) | C::ROP3.encode(rop3);
}

// ---------------------------------------------------------------- depth/stencil

uint32_t translate_dbformat(const FormatDesc& d) {
  using namespace regs::ZFormat;
  if (!d.is_depth || d.swizzle[0] > Swizzle::W) return Z_INVALID;
  const formats::Channel& z = d.channel[static_cast<int>(d.swizzle[0])];
  if (z.type == ChannelType::UNSIGNED && z.normalized && z.size == 16) return Z_16;
  if (z.type == ChannelType::UNSIGNED && z.normalized && z.size == 24) return Z_24;
  if (z.type == ChannelType::FLOAT && z.size == 32) return Z_32_FLOAT;
  return Z_INVALID;
}

Result<DepthBufferRegisters> encode_depth_buffer(const Chip& chip, const DepthSurface& s) {
  namespace Z = regs::DB_Z_INFO;
  namespace S = regs::DB_STENCIL_INFO;
  namespace DI = regs::DB_DEPTH_INFO;
  namespace TM = regs::GB_TILE_MODEn_GFX7;
  namespace MM = regs::GB_MACROTILE_MODEn;
  if (chip.gfx_level >= GfxLevel::GFX9) return encode_depth_buffer_gfx9(chip, s);
  if (s.z_format == regs::ZFormat::Z_INVALID || !Z::FORMAT.fits(s.z_format)) return fail("depth buffer without a valid DB format");
  if (s.nblk_x == 0 || s.nblk_y == 0 || s.nblk_x % 8 || s.nblk_y % 8)
    return fail("depth surface of " + std::to_string(s.nblk_x) + "x" + std::to_string(s.nblk_y) +
                " elements: the padded size must be a non-zero multiple of 8 in both directions");
  if (s.nblk_x > chip.max_dimension || s.nblk_y > chip.max_dimension)
    return fail("depth surface of " + std::to_string(s.nblk_x) + "x" + std::to_string(s.nblk_y) + " exceeds " +
                chip.name + "'s limit of " + std::to_string(chip.max_dimension));
  if (s.num_samples == 0 || s.num_samples > 8 || !std::has_single_bit(s.num_samples))
    return fail("depth surface sample count " + std::to_string(s.num_samples) + " (must be 1, 2, 4 or 8)");
  if (s.first_layer > s.last_layer || !regs::DB_DEPTH_VIEW::SLICE_MAX.fits(s.last_layer))
    return fail("depth view layers out of range");

  DepthBufferRegisters r{};
  r.depth_info = DI::ADDR5_SWIZZLE_MASK.encode(1);  // no TC-compatible HTILE in the shadow
  r.z_info = Z::FORMAT.encode(s.z_format) | Z::NUM_SAMPLES.encode(log2_exact(s.num_samples));
  r.stencil_info = S::FORMAT.encode(s.has_stencil ? regs::StencilFormat::STENCIL_8 : regs::StencilFormat::STENCIL_INVALID);
  if (chip.gfx_level >= GfxLevel::GFX7) {
    // CIK+: the DB takes the tiling parameters themselves, looked up in the chip's tile tables.
    if (s.tile_mode_index >= chip.tile_mode_array.size() || s.stencil_tile_mode_index >= chip.tile_mode_array.size() ||
        s.macro_tile_index >= chip.macrotile_mode_array.size())
      return fail(std::string("chip ") + chip.name +
                  " has no GB_TILE_MODE/GB_MACROTILE_MODE entry for the depth tiling (tile tables missing)");
    const uint32_t tile_mode = chip.tile_mode_array[s.tile_mode_index];
    const uint32_t stencil_tile_mode = chip.tile_mode_array[s.stencil_tile_mode_index];
    const uint32_t macro_mode = chip.macrotile_mode_array[s.macro_tile_index];
    r.depth_info |= DI::ARRAY_MODE.encode(TM::ARRAY_MODE.decode(tile_mode)) |
                    DI::PIPE_CONFIG.encode(TM::PIPE_CONFIG.decode(tile_mode)) |
                    DI::BANK_WIDTH.encode(MM::BANK_WIDTH.decode(macro_mode)) |
                    DI::BANK_HEIGHT.encode(MM::BANK_HEIGHT.decode(macro_mode)) |
                    DI::MACRO_TILE_ASPECT.encode(MM::MACRO_TILE_ASPECT.decode(macro_mode)) |
                    DI::NUM_BANKS.encode(MM::NUM_BANKS.decode(macro_mode));
    r.z_info |= Z::TILE_SPLIT.encode(TM::TILE_SPLIT.decode(tile_mode));
    r.stencil_info |= S::TILE_SPLIT.encode(TM::TILE_SPLIT.decode(stencil_tile_mode));
  } else {
    if (!Z::TILE_MODE_INDEX.fits(s.tile_mode_index) || !S::TILE_MODE_INDEX.fits(s.stencil_tile_mode_index))
      return fail("depth tile mode index does not fit DB_Z_INFO.TILE_MODE_INDEX (0..7)");
    r.z_info |= Z::TILE_MODE_INDEX.encode(s.tile_mode_index);
    r.stencil_info |= S::TILE_MODE_INDEX.encode(s.stencil_tile_mode_index);
  }
  namespace SZ = regs::DB_DEPTH_SIZE;
  const uint32_t pitch_tile_max = s.nblk_x / 8 - 1, height_tile_max = s.nblk_y / 8 - 1;
  const uint64_t slice_tile_max = uint64_t(s.nblk_x) * s.nblk_y / 64 - 1;
  if (!SZ::PITCH_TILE_MAX.fits(pitch_tile_max) || !SZ::HEIGHT_TILE_MAX.fits(height_tile_max) ||
      !regs::DB_DEPTH_SLICE::SLICE_TILE_MAX.fits(slice_tile_max))
    return fail("depth surface too large for DB_DEPTH_SIZE/SLICE");
  r.depth_size = SZ::PITCH_TILE_MAX.encode(pitch_tile_max) | SZ::HEIGHT_TILE_MAX.encode(height_tile_max);
  r.depth_slice = regs::DB_DEPTH_SLICE::SLICE_TILE_MAX.encode(static_cast<uint32_t>(slice_tile_max));

  if (s.htile_va) {
    r.z_info |= Z::TILE_SURFACE_ENABLE.encode(1) | Z::ALLOW_EXPCLEAR.encode(1);
    if (s.has_stencil) {
      // Stencil expclear with MSAA corrupts later stencil use (radeonsi workaround).
      if (s.num_samples <= 1) r.stencil_info |= S::ALLOW_EXPCLEAR.encode(1);
    } else {
      r.stencil_info |= S::TILE_STENCIL_DISABLE.encode(1);  // all of HTILE for depth
    }
    Result<uint32_t> htile = base_256b(s.htile_va, "HTILE");
    if (!htile) return Error{htile.error()};
    r.htile_data_base = *htile;
    r.htile_surface = regs::DB_HTILE_SURFACE::FULL_CACHE.encode(1);
  }
  Result<uint32_t> z_base = base_256b(s.va + s.z_level_offset, "depth");
  if (!z_base) return Error{z_base.error()};
  Result<uint32_t> s_base = base_256b(s.va + s.stencil_level_offset, "stencil");
  if (!s_base) return Error{s_base.error()};
  r.z_read_base = r.z_write_base = *z_base;
  r.stencil_read_base = r.stencil_write_base = *s_base;
  if (!regs::DB_STENCIL_CLEAR::CLEAR.fits(s.stencil_clear_value)) return fail("stencil clear value > 255");
  r.stencil_clear = regs::DB_STENCIL_CLEAR::CLEAR.encode(s.stencil_clear_value);
  r.depth_clear = std::bit_cast<uint32_t>(s.depth_clear_value);
  // ZMax is the HiZ base when clearing to a non-zero depth (the usual Z < test).
  r.z_info |= Z::ZRANGE_PRECISION.encode(s.depth_clear_value != 0.0f);
  r.depth_view = regs::DB_DEPTH_VIEW::SLICE_START.encode(s.first_layer) | regs::DB_DEPTH_VIEW::SLICE_MAX.encode(s.last_layer);
  return r;
}

Status emit_depth_buffer(pm4::ShadowStream& stream, const DepthBufferRegisters& r) {
  return emit_runs(stream, depth_buffer_runs(stream.chip().gfx_level, r));
}

Status emit_depth_buffer_unbound(pm4::ShadowStream& stream) {
  const uint32_t seq[] = {regs::DB_Z_INFO::FORMAT.encode(regs::ZFormat::Z_INVALID),
                          regs::DB_STENCIL_INFO::FORMAT.encode(regs::StencilFormat::STENCIL_INVALID)};
  const bool gfx9 = stream.chip().gfx_level >= GfxLevel::GFX9;  // the pair moved to 0x28038
  return stream.set_context_regs(gfx9 ? regs::DB_Z_INFO_GFX9::kOffset : regs::DB_Z_INFO::kOffset, seq);
}

Result<uint32_t> encode_db_render_control(const DbRenderState& s) {
  namespace R = regs::DB_RENDER_CONTROL;
  if (s.depth_copy || s.stencil_copy) {
    if (!R::COPY_SAMPLE.fits(s.copy_sample)) return fail("DB copy sample " + std::to_string(s.copy_sample) + " > 15");
    return R::DEPTH_COPY.encode(s.depth_copy) | R::STENCIL_COPY.encode(s.stencil_copy) | R::COPY_CENTROID.encode(1) |
           R::COPY_SAMPLE.encode(s.copy_sample);
  }
  if (s.flush_depth_inplace || s.flush_stencil_inplace)
    return R::DEPTH_COMPRESS_DISABLE.encode(s.flush_depth_inplace) |
           R::STENCIL_COMPRESS_DISABLE.encode(s.flush_stencil_inplace);
  return R::DEPTH_CLEAR_ENABLE.encode(s.depth_clear) | R::STENCIL_CLEAR_ENABLE.encode(s.stencil_clear);
}

// ---------------------------------------------------------------- framebuffer

Result<uint32_t> encode_window_scissor_br(const Chip& chip, uint32_t width, uint32_t height) {
  namespace B = regs::PA_SC_WINDOW_SCISSOR_BR;
  // Zero-area framebuffers hit an SI hardware bug; radeonsi rejects them too.
  if (width == 0 || height == 0) return fail("framebuffer of zero area");
  if (width > chip.max_dimension || height > chip.max_dimension || !B::BR_X.fits(width) || !B::BR_Y.fits(height))
    return fail("framebuffer " + std::to_string(width) + "x" + std::to_string(height) + " exceeds " + chip.name +
                "'s limit of " + std::to_string(chip.max_dimension));
  return B::BR_X.encode(width) | B::BR_Y.encode(height);
}

Status emit_framebuffer_state(pm4::ShadowStream& stream, const FramebufferState& fb) {
  if (fb.nr_cbufs > 8 || fb.previous_nr_cbufs > 8) return fail("more than 8 colour buffers");
  Result<uint32_t> br = encode_window_scissor_br(stream.chip(), fb.width, fb.height);
  if (!br) return Error{br.error()};
  Status st = ok_status();
  unsigned i = 0;
  for (; i < fb.nr_cbufs; ++i) {
    st = fb.cbufs[i] ? emit_color_buffer(stream, i, *fb.cbufs[i]) : emit_color_buffer_unbound(stream, i);
    if (!st) return st;
  }
  for (; i < fb.previous_nr_cbufs; ++i)
    if (!(st = stream.set_context_reg(regs::CB_COLORn_INFO::offset(i), 0))) return st;
  st = fb.zsbuf ? emit_depth_buffer(stream, *fb.zsbuf) : emit_depth_buffer_unbound(stream);
  if (!st) return st;
  return stream.set_context_reg(regs::PA_SC_WINDOW_SCISSOR_BR::kOffset, *br);
}

Result<ColorSurface> color_surface_from_texture(const Chip& chip, const Texture& texture, uint32_t level,
                                                uint32_t first_layer, uint32_t last_layer) {
  const formats::FormatDesc& desc = formats::describe(texture.templ.format);
  Result<CbFormat> format = cb_format(desc);
  if (!format) return Error{format.error()};
  if (Status st = check_tile_swizzle(chip, texture); !st) return Error{st.error()};
  if (level >= texture.surface.level.size())
    return Error{"level " + std::to_string(level) + " beyond the texture's " +
                 std::to_string(texture.surface.level.size())};
  const SurfaceLevel& l = texture.surface.level[level];
  ColorSurface s;
  s.format = *format;
  s.va = texture.va;
  s.level_offset = l.offset;
  s.level = level;
  s.nblk_x = l.nblk_x;
  s.nblk_y = l.nblk_y;
  s.tile_mode_index = l.tile_mode_index;
  s.macro_tiled = l.mode == SurfaceMode::TILED_2D;
  s.first_layer = first_layer;
  s.last_layer = last_layer;
  s.num_samples = texture.templ.samples;
  s.tile_swizzle = texture.tile_swizzle;  // encode_color_buffer ORs it into 2D levels (GFX9: always)
  // si_initialize_color_surface: CB_COLORn_CMASK_SLICE is the texture's (level 0) CMASK slice
  // for every level; a surface without CMASK (linear) leaves it 0.
  s.cmask_slice_tile_max = texture.surface.cmask.slice_tile_max;
  const Surface& surf = texture.surface;
  if (surf.fmask.size) {
    // si_texture: an MSAA texture's FMASK and CMASK live in its buffer; the CMASK enables fast clears.
    s.fmask_va = texture.va + surf.fmask.offset;
    s.fmask_tile_swizzle = texture.fmask_tile_swizzle;
    s.fmask_tile_mode_index = surf.fmask.tile_mode_index;
    s.fmask_pitch_tile_max = surf.fmask.pitch / 8 - 1;
    s.fmask_slice_tile_max = surf.fmask.slice_tile_max;
    s.fmask_bank_height = static_cast<uint32_t>(std::countr_zero(std::max(1u, surf.fmask.bank_height)));
    if (surf.cmask.size) s.cmask_va = texture.va + surf.cmask.offset;
  }
  if (chip.gfx_level >= GfxLevel::GFX9) {
    // GFX9 binds the surface base (surf_offset 0) and selects the level in CB_COLORn_VIEW.
    const Gfx9Surface& g = texture.surface.gfx9;
    s.level_offset = 0;
    s.macro_tiled = false;
    s.swizzle_mode = g.surf.swizzle_mode;
    s.fmask_swizzle_mode = g.fmask_swizzle_mode;
    s.epitch = g.surf.epitch;
    s.resource_type = g.resource_type;
    s.mip0_width = texture.templ.width;
    s.mip0_height = texture.templ.height;
    // util_max_layer(texture, 0): the last layer (3D: depth slice) of level 0.
    s.mip0_last_layer =
        (texture.templ.target == TextureTarget::TEXTURE_3D ? texture.templ.depth : texture.templ.array_size) - 1;
    s.max_mip = texture.templ.levels - 1;
    s.rb_aligned = g.cmask_rb_aligned;
    s.pipe_aligned = g.cmask_pipe_aligned;
  }
  return s;
}

Result<DepthSurface> depth_surface_from_texture(const Chip& chip, const Texture& texture, uint32_t level,
                                                uint32_t first_layer, uint32_t last_layer) {
  const formats::FormatDesc& desc = formats::describe(texture.templ.format);
  const uint32_t z_format = translate_dbformat(desc);
  if (z_format == regs::ZFormat::Z_INVALID) return Error{std::string(desc.name) + " cannot be a GCN depth buffer"};
  if (level >= texture.surface.level.size())
    return Error{"level " + std::to_string(level) + " beyond the texture's " +
                 std::to_string(texture.surface.level.size())};
  const SurfaceLevel& l = texture.surface.level[level];
  DepthSurface s;
  s.z_format = z_format;
  s.has_stencil = desc.is_stencil;
  s.va = texture.va;
  s.z_level_offset = l.offset;
  // si_init_depth_surface: the stencil level's offset is from the texture base (the plane follows
  // the depth levels); a depth-only texture has no stencil level, so its stencil base is the
  // texture base and its stencil tiling index 0 (DB_STENCIL_INFO's tiling fields from entry 0).
  if (s.has_stencil && level < texture.surface.stencil_level.size()) {
    s.stencil_level_offset = texture.surface.stencil_level[level].offset;
    s.stencil_tile_mode_index = texture.surface.stencil_level[level].tile_mode_index;
  } else {
    s.stencil_level_offset = 0;
    s.stencil_tile_mode_index = 0;
  }
  s.nblk_x = l.nblk_x;
  s.nblk_y = l.nblk_y;
  s.first_layer = first_layer;
  s.last_layer = last_layer;
  s.num_samples = texture.templ.samples;
  s.tile_mode_index = l.tile_mode_index;
  s.macro_tile_index = texture.surface.macro.macro_tile_index;
  if (chip.gfx_level >= GfxLevel::GFX9) {
    // GFX9 binds the planes' bases and selects the level with DB_DEPTH_VIEW.MIPID.
    const Gfx9Surface& g = texture.surface.gfx9;
    s.z_level_offset = 0;
    s.stencil_level_offset = s.has_stencil ? texture.surface.stencil_offset : 0;
    s.swizzle_mode = g.surf.swizzle_mode;
    s.epitch = g.surf.epitch;
    s.stencil_swizzle_mode = s.has_stencil ? g.stencil.swizzle_mode : 0;
    s.stencil_epitch = s.has_stencil ? g.stencil.epitch : 0;
    s.mip0_width = texture.templ.width;
    s.mip0_height = texture.templ.height;
    s.max_mip = texture.templ.levels - 1;
    s.level = level;
  }
  return s;
}

}  // namespace glvk::amd
