// GFX9 colour and depth/stencil registers (si_initialize_color_surface, si_init_depth_surface and
// si_emit_framebuffer_state's GFX9 branches). GFX9 binds a whole surface: the base is the
// surface's (48-bit, low 32 bits of base >> 8 plus an _EXT/_HI byte), the level is a field
// (CB_COLORn_VIEW.MIP_LEVEL, DB_DEPTH_VIEW.MIPID), and the layout is the swizzle mode, the element
// pitch and the mip-0 size instead of tile-max counts. MSAA colour binds its FMASK and CMASK (without
// them the registers take the colour base); no DCC, HTILE is 0.
#include <glvk/amd_descriptors/framebuffer.h>

#include <bit>
#include <string>

namespace glvk::amd {

namespace {

struct Base48 {
  uint32_t lo, hi;  // bits 39:8 and 47:40 of the address
};
Result<Base48> base_48(uint64_t va, const char* what) {
  if (va % 256) return fail(std::string(what) + " address " + hex(va) + " is not 256-byte aligned");
  if (va >> 48) return fail(std::string(what) + " address " + hex(va) + " exceeds the 48-bit GPU VA space");
  return Base48{static_cast<uint32_t>(va >> 8), static_cast<uint32_t>(va >> 40)};
}

}  // namespace

Result<ColorBufferRegisters> encode_color_buffer_gfx9(const Chip& chip, const ColorSurface& s) {
  namespace I = regs::CB_COLORn_INFO;
  namespace A = regs::CB_COLORn_ATTRIB_GFX9;
  namespace A2 = regs::CB_COLORn_ATTRIB2;
  namespace V = regs::CB_COLORn_VIEW;
  const CbFormat& f = s.format;
  if (f.format == regs::ColorFormat::COLOR_INVALID || !I::FORMAT.fits(f.format))
    return fail("colour buffer without a valid CB format");
  if (s.mip0_width == 0 || s.mip0_height == 0 || s.mip0_width > chip.max_dimension || s.mip0_height > chip.max_dimension)
    return fail("colour surface of " + std::to_string(s.mip0_width) + "x" + std::to_string(s.mip0_height) +
                " is empty or exceeds " + chip.name + "'s limit of " + std::to_string(chip.max_dimension));
  if (s.num_samples == 0 || s.num_samples > 16 || !std::has_single_bit(s.num_samples))
    return fail("colour surface sample count " + std::to_string(s.num_samples) + " (must be 1, 2, 4, 8 or 16)");
  if (s.first_layer > s.last_layer || !V::SLICE_MAX.fits(s.last_layer))
    return fail("colour view layers " + std::to_string(s.first_layer) + ".." + std::to_string(s.last_layer) +
                " are empty or beyond the 2048-layer limit");
  if (!V::MIP_LEVEL.fits(s.level) || s.level > s.max_mip || !A2::MAX_MIP.fits(s.max_mip))
    return fail("colour level " + std::to_string(s.level) + " beyond the surface's last level");
  if (!A::MIP0_DEPTH.fits(s.mip0_last_layer) || !A::COLOR_SW_MODE.fits(s.swizzle_mode) ||
      !regs::CB_MRTn_EPITCH::EPITCH.fits(s.epitch))
    return fail("colour surface layout out of the GFX9 register ranges");
  if (s.dcc_va) return fail("DCC is not modelled on GFX9");

  ColorBufferRegisters r{};
  Result<Base48> base = base_48(s.va + s.level_offset, "colour buffer");
  if (!base) return Error{base.error()};
  r.base = base->lo | s.tile_swizzle;  // GFX9 takes the tile swizzle in every swizzle mode
  r.base_ext = regs::CB_COLORn_BASE_EXT::BASE_256B.encode(base->hi);
  r.view = V::SLICE_START.encode(s.first_layer) | V::SLICE_MAX.encode(s.last_layer) | V::MIP_LEVEL.encode(s.level);
  r.info = cb_color_info(f);
  if (s.cmask_va && s.level == 0) r.info |= I::FAST_CLEAR.encode(1);
  if (s.num_samples > 1 && s.fmask_va) r.info |= I::COMPRESSION.encode(1);
  r.attrib = A::FORCE_DST_ALPHA_1.encode(f.force_dst_alpha_1) | A::MIP0_DEPTH.encode(s.mip0_last_layer) |
             A::RESOURCE_TYPE.encode(s.resource_type) | A::COLOR_SW_MODE.encode(s.swizzle_mode) |
             A::FMASK_SW_MODE.encode(s.fmask_swizzle_mode) | A::RB_ALIGNED.encode(s.rb_aligned) |
             A::PIPE_ALIGNED.encode(s.pipe_aligned);
  if (s.num_samples > 1) {
    const unsigned log_samples = static_cast<unsigned>(std::countr_zero(s.num_samples));
    r.attrib |= A::NUM_SAMPLES.encode(log_samples) | A::NUM_FRAGMENTS.encode(log_samples > 3 ? 3 : log_samples);
  }
  r.attrib2 = A2::MIP0_WIDTH.encode(s.mip0_width - 1) | A2::MIP0_HEIGHT.encode(s.mip0_height - 1) |
              A2::MAX_MIP.encode(s.max_mip);
  r.dcc_control = cb_dcc_control(chip, s);
  // No CMASK: the register holds the texture base; levels > 0 take the colour base.
  Result<Base48> cmask = base_48(s.cmask_va ? s.cmask_va : s.va, "CMASK");
  if (!cmask) return Error{cmask.error()};
  r.cmask = s.level > 0 ? r.base : cmask->lo;
  r.cmask_base_ext = regs::CB_COLORn_CMASK_BASE_EXT::BASE_256B.encode(s.level > 0 ? base->hi : cmask->hi);
  if (s.fmask_va) {
    Result<Base48> fmask = base_48(s.fmask_va, "FMASK");
    if (!fmask) return Error{fmask.error()};
    r.fmask = fmask->lo | s.fmask_tile_swizzle;
    r.fmask_base_ext = regs::CB_COLORn_FMASK_BASE_EXT::BASE_256B.encode(fmask->hi);
  } else {
    r.fmask = r.base;  // no FMASK: the colour base
    r.fmask_base_ext = regs::CB_COLORn_FMASK_BASE_EXT::BASE_256B.encode(base->hi);
  }
  r.clear_word0 = s.clear_words[0];
  r.clear_word1 = s.clear_words[1];
  r.mrt_epitch = regs::CB_MRTn_EPITCH::EPITCH.encode(s.epitch);
  return r;
}

Result<DepthBufferRegisters> encode_depth_buffer_gfx9(const Chip& chip, const DepthSurface& s) {
  namespace Z = regs::DB_Z_INFO_GFX9;
  namespace S = regs::DB_STENCIL_INFO_GFX9;
  namespace SZ = regs::DB_DEPTH_SIZE_GFX9;
  namespace DV = regs::DB_DEPTH_VIEW;
  if (s.z_format == regs::ZFormat::Z_INVALID || !Z::FORMAT.fits(s.z_format)) return fail("depth buffer without a valid DB format");
  if (s.mip0_width == 0 || s.mip0_height == 0 || s.mip0_width > chip.max_dimension || s.mip0_height > chip.max_dimension)
    return fail("depth surface of " + std::to_string(s.mip0_width) + "x" + std::to_string(s.mip0_height) +
                " is empty or exceeds " + chip.name + "'s limit of " + std::to_string(chip.max_dimension));
  if (s.num_samples == 0 || s.num_samples > 8 || !std::has_single_bit(s.num_samples))
    return fail("depth surface sample count " + std::to_string(s.num_samples) + " (must be 1, 2, 4 or 8)");
  if (s.first_layer > s.last_layer || !DV::SLICE_MAX.fits(s.last_layer)) return fail("depth view layers out of range");
  if (s.level > s.max_mip || !Z::MAXMIP.fits(s.max_mip)) return fail("depth level beyond the surface's last level");
  if (!Z::SW_MODE.fits(s.swizzle_mode) || !S::SW_MODE.fits(s.stencil_swizzle_mode) ||
      !regs::DB_Z_INFO2::EPITCH.fits(s.epitch) || !regs::DB_STENCIL_INFO2::EPITCH.fits(s.stencil_epitch))
    return fail("depth surface layout out of the GFX9 register ranges");
  if (s.htile_va) return fail("HTILE is not modelled on GFX9");

  DepthBufferRegisters r{};
  r.z_info = Z::FORMAT.encode(s.z_format) | Z::NUM_SAMPLES.encode(static_cast<uint32_t>(std::countr_zero(s.num_samples))) |
             Z::SW_MODE.encode(s.swizzle_mode) | Z::MAXMIP.encode(s.max_mip) |
             Z::ZRANGE_PRECISION.encode(s.depth_clear_value != 0.0f);
  r.stencil_info = S::FORMAT.encode(s.has_stencil ? regs::StencilFormat::STENCIL_8 : regs::StencilFormat::STENCIL_INVALID) |
                   S::SW_MODE.encode(s.stencil_swizzle_mode);
  r.z_info2 = regs::DB_Z_INFO2::EPITCH.encode(s.epitch);
  r.stencil_info2 = regs::DB_STENCIL_INFO2::EPITCH.encode(s.stencil_epitch);
  r.depth_size = SZ::X_MAX.encode(s.mip0_width - 1) | SZ::Y_MAX.encode(s.mip0_height - 1);
  Result<Base48> z = base_48(s.va + s.z_level_offset, "depth");
  if (!z) return Error{z.error()};
  Result<Base48> st = base_48(s.va + s.stencil_level_offset, "stencil");
  if (!st) return Error{st.error()};
  r.z_read_base = r.z_write_base = z->lo;
  r.z_read_base_hi = r.z_write_base_hi = regs::DB_Z_READ_BASE_HI::BASE_HI.encode(z->hi);
  r.stencil_read_base = r.stencil_write_base = st->lo;
  r.stencil_read_base_hi = r.stencil_write_base_hi = regs::DB_STENCIL_READ_BASE_HI::BASE_HI.encode(st->hi);
  if (!regs::DB_STENCIL_CLEAR::CLEAR.fits(s.stencil_clear_value)) return fail("stencil clear value > 255");
  r.stencil_clear = regs::DB_STENCIL_CLEAR::CLEAR.encode(s.stencil_clear_value);
  r.depth_clear = std::bit_cast<uint32_t>(s.depth_clear_value);
  r.depth_view = DV::SLICE_START.encode(s.first_layer) | DV::SLICE_MAX.encode(s.last_layer) | DV::MIPID.encode(s.level);
  return r;
}

}  // namespace glvk::amd
