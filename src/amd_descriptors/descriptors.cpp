#include <glvk/amd_descriptors/descriptors.h>

#include <glvk/amd_descriptors/capability.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

namespace glvk::amd {

using formats::Format;
using formats::FormatDesc;
using formats::Swizzle;

namespace {

bool named(const FormatDesc& d, std::string_view name) { return name == d.name; }

// S_FIXED(value, 8): signed 8-bit-fraction fixed point, as the LOD fields take it; radeonsi converts
// value * 256 to int, which truncates toward zero (0.3 -> 76, not 77).
uint32_t fixed_8(float value) { return static_cast<uint32_t>(static_cast<int32_t>(value * 256.0f)); }

// si_tex_dim: the SQ_RSRC_IMG_* type of a view of a resource.
uint32_t tex_dim(TextureTarget resource_target, TextureTarget view_target, uint32_t samples, bool gfx9) {
  using namespace regs::ImgRsrcType;
  TextureTarget t = resource_target;
  if (view_target == TextureTarget::TEXTURE_CUBE || view_target == TextureTarget::TEXTURE_CUBE_ARRAY)
    t = view_target;
  else if (t == TextureTarget::TEXTURE_CUBE || t == TextureTarget::TEXTURE_CUBE_ARRAY)
    t = TextureTarget::TEXTURE_2D_ARRAY;  // cube maps viewed as something else are 2D arrays
  // GFX9 allocates 1D textures as 2D (no 1D depth), so they are sampled as 2D.
  if (gfx9 && t == TextureTarget::TEXTURE_1D) t = TextureTarget::TEXTURE_2D;
  if (gfx9 && t == TextureTarget::TEXTURE_1D_ARRAY) t = TextureTarget::TEXTURE_2D_ARRAY;
  // A single-layer view of an array resource keeps the array type, as radeonsi does.
  switch (t) {
    case TextureTarget::TEXTURE_1D: return SQ_RSRC_IMG_1D;
    case TextureTarget::TEXTURE_1D_ARRAY: return SQ_RSRC_IMG_1D_ARRAY;
    case TextureTarget::TEXTURE_2D:
    case TextureTarget::TEXTURE_RECT: return samples > 1 ? SQ_RSRC_IMG_2D_MSAA : SQ_RSRC_IMG_2D;
    case TextureTarget::TEXTURE_2D_ARRAY: return samples > 1 ? SQ_RSRC_IMG_2D_MSAA_ARRAY : SQ_RSRC_IMG_2D_ARRAY;
    case TextureTarget::TEXTURE_3D: return SQ_RSRC_IMG_3D;
    case TextureTarget::TEXTURE_CUBE:
    case TextureTarget::TEXTURE_CUBE_ARRAY: return SQ_RSRC_IMG_CUBE;
    case TextureTarget::BUFFER: break;
  }
  return SQ_RSRC_IMG_1D;
}

}  // namespace

// Only the alpha position matters for the built-in colours, so WZYX/WXYZ stand for every
// X-in-alpha order.
uint32_t gfx9_border_color_swizzle(const Swizzle sw[4]) {
  using namespace regs::BcSwizzle;
  if (sw[3] == Swizzle::X) return sw[2] == Swizzle::Y ? BC_SWIZZLE_WZYX : BC_SWIZZLE_WXYZ;
  if (sw[0] == Swizzle::X) return sw[1] == Swizzle::Y ? BC_SWIZZLE_XYZW : BC_SWIZZLE_XWYZ;
  if (sw[1] == Swizzle::X) return BC_SWIZZLE_YXWZ;
  if (sw[2] == Swizzle::X) return BC_SWIZZLE_ZYXW;
  return BC_SWIZZLE_XYZW;
}

bool swizzle_from_vk(const VkComponentMapping& mapping, Swizzle out[4]) {
  const VkComponentSwizzle comps[4] = {mapping.r, mapping.g, mapping.b, mapping.a};
  for (int i = 0; i < 4; ++i) {
    switch (comps[i]) {
      case VK_COMPONENT_SWIZZLE_IDENTITY: out[i] = static_cast<Swizzle>(i); break;
      case VK_COMPONENT_SWIZZLE_ZERO: out[i] = Swizzle::ZERO; break;
      case VK_COMPONENT_SWIZZLE_ONE: out[i] = Swizzle::ONE; break;
      case VK_COMPONENT_SWIZZLE_R: out[i] = Swizzle::X; break;
      case VK_COMPONENT_SWIZZLE_G: out[i] = Swizzle::Y; break;
      case VK_COMPONENT_SWIZZLE_B: out[i] = Swizzle::Z; break;
      case VK_COMPONENT_SWIZZLE_A: out[i] = Swizzle::W; break;
      default: return false;
    }
  }
  return true;
}

uint32_t map_swizzle(Swizzle swizzle) {
  using namespace regs::SqSel;
  switch (swizzle) {
    case Swizzle::X: return SQ_SEL_X;
    case Swizzle::Y: return SQ_SEL_Y;
    case Swizzle::Z: return SQ_SEL_Z;
    case Swizzle::W: return SQ_SEL_W;
    case Swizzle::ZERO: return SQ_SEL_0;
    case Swizzle::ONE: return SQ_SEL_1;
    case Swizzle::NONE: break;
  }
  return SQ_SEL_X;  // si_map_swizzle's default
}

// ---------------------------------------------------------------- buffers

namespace {

Result<uint64_t> check_buffer_va(uint64_t va) {
  if (va >> 48) return fail("buffer address " + hex(va) + " exceeds the 48-bit GPU VA space");
  return va;
}

}  // namespace

Result<BufferDescriptor> make_buffer_descriptor(const Chip& chip, const BufferView& view) {
  const FormatDesc& d = formats::describe(view.format);
  if (view.format == Format::NONE) return fail("no buffer format given");
  if (!is_format_supported(chip, view.format, TextureTarget::BUFFER, 1, USAGE_SAMPLER_VIEW))
    return fail(std::string("format ") + d.name + " cannot be read from a texture buffer on GCN");
  if (view.offset > view.buffer_size || view.size > view.buffer_size - view.offset)
    return fail("buffer range " + std::to_string(view.offset) + "+" + std::to_string(view.size) +
                " exceeds the buffer size " + std::to_string(view.buffer_size));
  auto va = check_buffer_va(view.va + view.offset);
  if (!va) return Error{va.error()};
  const uint32_t stride = d.block_bits / 8;
  if (!regs::SQ_BUF_RSRC_WORD1::STRIDE.fits(stride)) return fail("element stride too large");
  // si_make_buffer_descriptor: elements in the range, clamped to the buffer's end; GFX8 counts bytes
  // (its VMEM units depend on SWIZZLE_ENABLE), GFX9 elements again (units of STRIDE with IDXEN).
  uint64_t num_records = std::min(view.size / stride, (view.buffer_size - view.offset) / stride);
  if (chip.gfx_level == GfxLevel::GFX8) num_records *= stride;
  if (num_records > 0xffffffffu) return fail("buffer range too large for NUM_RECORDS");

  namespace W1 = regs::SQ_BUF_RSRC_WORD1;
  namespace W3 = regs::SQ_BUF_RSRC_WORD3;
  BufferDescriptor w{};
  w[0] = regs::SQ_BUF_RSRC_WORD0::BASE_ADDRESS.encode(static_cast<uint32_t>(*va));
  w[1] = W1::BASE_ADDRESS_HI.encode(static_cast<uint32_t>(*va >> 32)) | W1::STRIDE.encode(stride);
  w[2] = regs::SQ_BUF_RSRC_WORD2::NUM_RECORDS.encode(static_cast<uint32_t>(num_records));
  w[3] = W3::DST_SEL_X.encode(map_swizzle(d.swizzle[0])) | W3::DST_SEL_Y.encode(map_swizzle(d.swizzle[1])) |
         W3::DST_SEL_Z.encode(map_swizzle(d.swizzle[2])) | W3::DST_SEL_W.encode(map_swizzle(d.swizzle[3])) |
         W3::NUM_FORMAT.encode(translate_buffer_numformat(d)) | W3::DATA_FORMAT.encode(translate_buffer_dataformat(d)) |
         W3::TYPE.encode(regs::BufRsrcType::SQ_RSRC_BUF);
  return w;
}

Result<BufferDescriptor> make_raw_buffer_descriptor(const Chip& chip, uint64_t va, uint64_t size) {
  (void)chip;  // raw buffers count bytes on every GFX6-9 chip (stride 0)
  auto addr = check_buffer_va(va);
  if (!addr) return Error{addr.error()};
  if (size > 0xffffffffu) return fail("raw buffer of " + std::to_string(size) + " bytes exceeds NUM_RECORDS");
  namespace W3 = regs::SQ_BUF_RSRC_WORD3;
  using namespace regs::SqSel;
  BufferDescriptor w{};
  w[0] = regs::SQ_BUF_RSRC_WORD0::BASE_ADDRESS.encode(static_cast<uint32_t>(va));
  w[1] = regs::SQ_BUF_RSRC_WORD1::BASE_ADDRESS_HI.encode(static_cast<uint32_t>(va >> 32));
  w[2] = regs::SQ_BUF_RSRC_WORD2::NUM_RECORDS.encode(static_cast<uint32_t>(size));
  w[3] = W3::DST_SEL_X.encode(SQ_SEL_X) | W3::DST_SEL_Y.encode(SQ_SEL_Y) | W3::DST_SEL_Z.encode(SQ_SEL_Z) |
         W3::DST_SEL_W.encode(SQ_SEL_W) | W3::NUM_FORMAT.encode(regs::BufNumFormat::BUF_NUM_FORMAT_FLOAT) |
         W3::DATA_FORMAT.encode(regs::BufDataFormat::BUF_DATA_FORMAT_32) |
         W3::TYPE.encode(regs::BufRsrcType::SQ_RSRC_BUF);
  return w;
}

Result<BufferDescriptor> make_buffer_descriptor_vk(const Chip& chip, uint64_t va, uint64_t buffer_size, VkFormat format,
                                                   VkDeviceSize offset, VkDeviceSize range) {
  const Format f = format_from_vk(format);
  if (f == Format::NONE) return fail("VkFormat " + std::to_string(format) + " has no exact glvk format");
  if (offset > buffer_size) return fail("buffer view offset beyond the buffer");
  const uint64_t size = range == VK_WHOLE_SIZE ? buffer_size - offset : range;
  return make_buffer_descriptor(chip, BufferView{va, buffer_size, offset, size, f});
}

// ---------------------------------------------------------------- images

Result<Texture> create_texture(const Chip& chip, const SurfaceTemplate& templ, uint64_t va) {
  if (va % 256) return fail("texture address " + hex(va) + " is not 256-byte aligned");
  if (va >> 40) return fail("texture address " + hex(va) + " exceeds the 40-bit image address range");
  if (!is_format_supported(chip, templ.format, templ.target, templ.samples, USAGE_SAMPLER_VIEW) &&
      !is_format_supported(chip, templ.format, templ.target, templ.samples, USAGE_RENDER_TARGET) &&
      !is_format_supported(chip, templ.format, templ.target, templ.samples, USAGE_DEPTH_STENCIL))
    return fail(std::string("format ") + formats::describe(templ.format).name + " cannot be used by GCN as a " +
                texture_target_name(templ.target) + " texture");
  auto surface = compute_surface(chip, templ);
  if (!surface) return Error{surface.error()};
  return Texture{templ, std::move(*surface), va};
}

SamplerView default_sampler_view(const Texture& t) {
  SamplerView v;
  v.target = t.templ.target;
  v.format = t.templ.format;
  v.first_level = 0;
  v.last_level = t.templ.levels - 1;
  v.first_layer = 0;
  v.last_layer = (t.templ.target == TextureTarget::TEXTURE_3D ? t.templ.depth : t.templ.array_size) - 1;
  return v;
}

Status check_tile_swizzle(const Chip& chip, const Texture& texture) {
  if (!texture.tile_swizzle) return ok_status();
  if (texture.tile_swizzle > 0xFF) return fail("tile swizzle " + std::to_string(texture.tile_swizzle) + " exceeds 8 bits");
  if (chip.gfx_level >= GfxLevel::GFX9) {
    // radeon_surf: on GFX9 only the XOR swizzle modes (_X, _T) carry a tile swizzle.
    const std::string mode = swizzle_mode_name(texture.surface.gfx9.surf.swizzle_mode);
    if (!mode.ends_with("_X") && !mode.ends_with("_T"))
      return fail("a tile swizzle needs an XOR swizzle mode; the surface has " + mode);
  }
  return ok_status();
}

Result<ImageDescriptor> make_texture_descriptor(const Chip& chip, const Texture& tex, const SamplerView& view) {
  if (Status st = check_tile_swizzle(chip, tex); !st) return Error{st.error()};
  const SurfaceTemplate& res = tex.templ;
  Format format = view.format == Format::NONE ? res.format : view.format;
  // si_create_sampler_view_custom: a DB-compatible (depth/stencil) texture is sampled in the
  // format the DB stored it in: views that are not stencil views take the resource's format;
  // Z32F_S8X24 reads its 32-bit depth plane as Z32_FLOAT, Z24 is stored as Z24X8, and the stencil
  // views read the separate 8-bit stencil plane as S8_UINT.
  bool stencil_plane = false;
  const bool db_compatible = formats::describe(res.format).colorspace == formats::Colorspace::ZS;
  if (db_compatible) {
    const bool stencil_sampler = format == Format::X24S8_UINT || format == Format::S8X24_UINT ||
                                 format == Format::X32_S8X24_UINT || format == Format::S8_UINT;
    if (!stencil_sampler) format = res.format;
    switch (format) {
      case Format::Z32_FLOAT_S8X24_UINT: format = Format::Z32_FLOAT; break;
      case Format::X8Z24_UNORM:
      case Format::S8_UINT_Z24_UNORM: format = Format::Z24X8_UNORM; break;
      case Format::X24S8_UINT:
      case Format::S8X24_UINT:
      case Format::X32_S8X24_UINT:
        format = Format::S8_UINT;
        stencil_plane = true;
        break;
      default: break;
    }
    // A stencil-only texture has no separate plane: its levels are the 8-bit stencil.
    if (!tex.surface.has_stencil) stencil_plane = false;
  }
  const FormatDesc* d = &formats::describe(format);
  if (!db_compatible && formats::bytes_per_block(format) != formats::bytes_per_block(res.format))
    return fail(std::string("view format ") + d->name + " has a different element size than the texture's " +
                formats::describe(res.format).name);
  const uint32_t data_format = translate_texformat(chip, *d);
  if (data_format == kInvalidFormat)
    return fail(std::string("format ") + d->name + " cannot be sampled on GCN (" + chip.name + ")");
  const uint32_t num_format = translate_tex_numformat(*d);

  if (view.first_level > view.last_level || view.last_level >= res.levels)
    return fail("view levels " + std::to_string(view.first_level) + ".." + std::to_string(view.last_level) +
                " outside the texture's " + std::to_string(res.levels));
  const uint32_t layers = res.target == TextureTarget::TEXTURE_3D ? res.depth : res.array_size;
  if (view.first_layer > view.last_layer || view.last_layer >= layers)
    return fail("view layers " + std::to_string(view.first_layer) + ".." + std::to_string(view.last_layer) +
                " outside the texture's " + std::to_string(layers));
  const bool cube_view = view.target == TextureTarget::TEXTURE_CUBE || view.target == TextureTarget::TEXTURE_CUBE_ARRAY;
  if (cube_view && (res.array_size % 6 || res.width != res.height))
    return fail("a cube view needs square layers in multiples of 6");
  if (view.target == TextureTarget::BUFFER) return fail("buffer views use make_buffer_descriptor");

  // The composed swizzle: depth/stencil formats select their depth or stencil channel first.
  Swizzle swizzle[4];
  if (d->colorspace == formats::Colorspace::ZS) {
    const Swizzle yyyy[4] = {Swizzle::Y, Swizzle::Y, Swizzle::Y, Swizzle::Y};
    const Swizzle wwww[4] = {Swizzle::W, Swizzle::W, Swizzle::W, Swizzle::W};
    const Swizzle xxxx[4] = {Swizzle::X, Swizzle::X, Swizzle::X, Swizzle::X};
    const Swizzle* first = xxxx;
    if (named(*d, "S8_UINT_Z24_UNORM") || named(*d, "X32_S8X24_UINT") || named(*d, "X8Z24_UNORM")) first = yyyy;
    if (named(*d, "X24S8_UINT")) first = wwww;  // read as 8_8_8_8 on GFX6-8: stencil is the top byte
    formats::compose_swizzles(first, view.swizzle, swizzle);
  } else {
    formats::compose_swizzles(d->swizzle, view.swizzle, swizzle);
  }

  const bool gfx9 = chip.gfx_level >= GfxLevel::GFX9;
  const uint32_t type = tex_dim(res.target, view.target, res.samples, gfx9);
  uint32_t width = res.width, height = res.height, depth = res.depth;
  using namespace regs::ImgRsrcType;
  if (type == SQ_RSRC_IMG_1D_ARRAY) {
    height = 1;
    depth = res.array_size;
  } else if (type == SQ_RSRC_IMG_2D_ARRAY || type == SQ_RSRC_IMG_2D_MSAA_ARRAY) {
    depth = res.array_size;
  } else if (type == SQ_RSRC_IMG_CUBE) {
    depth = res.array_size / 6;
  }

  if (gfx9) {
    // si_make_texture_descriptor + si_set_mutable_tex_desc_fields for GFX9 (no DCC).
    const Gfx9Plane& plane = stencil_plane ? tex.surface.gfx9.stencil : tex.surface.gfx9.surf;
    if (plane.level.empty()) return fail("texture was not laid out for a GFX9 chip");
    const bool single_layer = view.target == TextureTarget::TEXTURE_1D || view.target == TextureTarget::TEXTURE_2D ||
                              view.target == TextureTarget::TEXTURE_RECT || view.target == TextureTarget::TEXTURE_CUBE;
    return make_texture_descriptor_gfx9(Gfx9DescriptorInput{
        tex.va + (stencil_plane ? tex.surface.stencil_offset : 0), plane, data_format, num_format, {swizzle[0], swizzle[1], swizzle[2], swizzle[3]},
        gfx9_border_color_swizzle(d->swizzle), type, res.width, height, depth, res.samples, res.levels, view.first_level,
        view.last_level, view.first_layer, single_layer ? view.first_layer : view.last_layer, view.min_lod,
        tex.tile_swizzle});
  }

  const std::vector<SurfaceLevel>& levels = stencil_plane ? tex.surface.stencil_level : tex.surface.level;
  const SurfaceLevel& base = levels[0];
  const uint64_t va = tex.va + base.offset;
  const uint32_t pitch = base.nblk_x * (stencil_plane ? 1 : tex.surface.block_width);
  const bool msaa = res.samples > 1;

  namespace W1 = regs::SQ_IMG_RSRC_WORD1;
  namespace W2 = regs::SQ_IMG_RSRC_WORD2;
  namespace W3 = regs::SQ_IMG_RSRC_WORD3;
  namespace W4 = regs::SQ_IMG_RSRC_WORD4;
  namespace W5 = regs::SQ_IMG_RSRC_WORD5;
  if (!W2::WIDTH.fits(width - 1) || !W2::HEIGHT.fits(height - 1) || !W4::DEPTH.fits(depth - 1) ||
      !W4::PITCH.fits(pitch - 1))
    return fail("texture " + std::to_string(width) + "x" + std::to_string(height) + "x" + std::to_string(depth) +
                " (pitch " + std::to_string(pitch) + ") exceeds the descriptor fields");
  if (va % 256) return fail("texture level address " + hex(va) + " is not 256-byte aligned");

  ImageDescriptor w{};
  w[0] = regs::SQ_IMG_RSRC_WORD0::BASE_ADDRESS.encode(static_cast<uint32_t>(va >> 8));
  // si_set_mutable_tex_desc_fields: only macrotiled modes take the tile swizzle (the base level's mode).
  if (base.mode == SurfaceMode::TILED_2D) w[0] |= tex.tile_swizzle;
  w[1] = W1::BASE_ADDRESS_HI.encode(static_cast<uint32_t>(va >> 40)) |
         W1::MIN_LOD.encode(fixed_8(std::clamp(view.min_lod, 0.0f, 15.0f))) | W1::DATA_FORMAT.encode(data_format) |
         W1::NUM_FORMAT.encode(num_format);
  w[2] = W2::WIDTH.encode(width - 1) | W2::HEIGHT.encode(height - 1) | W2::PERF_MOD.encode(4);
  w[3] = W3::DST_SEL_X.encode(map_swizzle(swizzle[0])) | W3::DST_SEL_Y.encode(map_swizzle(swizzle[1])) |
         W3::DST_SEL_Z.encode(map_swizzle(swizzle[2])) | W3::DST_SEL_W.encode(map_swizzle(swizzle[3])) |
         W3::BASE_LEVEL.encode(msaa ? 0 : view.first_level) |
         W3::LAST_LEVEL.encode(msaa ? static_cast<uint32_t>(std::countr_zero(res.samples)) : view.last_level) |
         W3::TILING_INDEX.encode(base.tile_mode_index) | W3::POW2_PAD.encode(res.levels > 1 ? 1 : 0) |
         W3::TYPE.encode(type);
  w[4] = W4::DEPTH.encode(depth - 1) | W4::PITCH.encode(pitch - 1);
  // si_create_sampler_view_custom: non-array 1D/2D/RECT and CUBE views end at their first layer.
  const bool single_layer_target = view.target == TextureTarget::TEXTURE_1D || view.target == TextureTarget::TEXTURE_2D ||
                                   view.target == TextureTarget::TEXTURE_RECT || view.target == TextureTarget::TEXTURE_CUBE;
  const uint32_t last_layer = single_layer_target ? view.first_layer : view.last_layer;
  w[5] = W5::BASE_ARRAY.encode(view.first_layer) | W5::LAST_ARRAY.encode(last_layer);
  w[6] = 0;
  // Without DCC the last dword is unused by the hardware; on GFX6/7 the shader ANDs it into
  // sampler word 0 to clear MAX_ANISO_RATIO for single-level views (no anisotropy without mips).
  w[7] = 0;
  if (chip.gfx_level <= GfxLevel::GFX7 && res.samples <= 1)
    w[7] = view.first_level == view.last_level ? ~regs::SQ_IMG_SAMP_WORD0::MAX_ANISO_RATIO.mask() : 0xffffffffu;
  return w;
}

Result<ImageDescriptor> make_fmask_descriptor(const Chip& chip, const Texture& tex, const SamplerView& view) {
  const SurfaceTemplate& res = tex.templ;
  const FmaskInfo& fmask = tex.surface.fmask;
  if (!fmask.size) return fail("the texture has no FMASK (only multisampled colour textures have one)");
  if (tex.fmask_tile_swizzle > 0xFF) return fail("FMASK tile swizzle exceeds 8 bits");
  if (view.first_layer > view.last_layer || view.last_layer >= res.array_size)
    return fail("view layers " + std::to_string(view.first_layer) + ".." + std::to_string(view.last_layer) +
                " outside the texture's " + std::to_string(res.array_size));
  const bool gfx9 = chip.gfx_level >= GfxLevel::GFX9;
  // The FMASK is read as a single-sampled image of the resource's type.
  const uint32_t type = tex_dim(res.target, view.target, 1, gfx9);
  const uint32_t depth = type == regs::ImgRsrcType::SQ_RSRC_IMG_2D_ARRAY ? res.array_size : 1;
  const bool single_layer = view.target == TextureTarget::TEXTURE_2D || view.target == TextureTarget::TEXTURE_RECT;
  const uint32_t last_layer = single_layer ? view.first_layer : view.last_layer;
  uint32_t data_format = 0, num_format = regs::ImgNumFormat::IMG_NUM_FORMAT_UINT;
  switch (res.samples) {  // as many fragments as samples (radeonsi's colour storage samples)
    case 2:
      data_format = regs::ImgDataFormat::IMG_DATA_FORMAT_FMASK8_S2_F2;
      if (gfx9) num_format = regs::ImgNumFormatFmask::IMG_NUM_FORMAT_FMASK_8_2_2;
      break;
    case 4:
      data_format = regs::ImgDataFormat::IMG_DATA_FORMAT_FMASK8_S4_F4;
      if (gfx9) num_format = regs::ImgNumFormatFmask::IMG_NUM_FORMAT_FMASK_8_4_4;
      break;
    case 8:
      data_format = regs::ImgDataFormat::IMG_DATA_FORMAT_FMASK32_S8_F8;
      if (gfx9) num_format = regs::ImgNumFormatFmask::IMG_NUM_FORMAT_FMASK_32_8_8;
      break;
    default: return fail("no FMASK format for " + std::to_string(res.samples) + " samples");
  }
  if (gfx9) data_format = regs::ImgDataFormatGfx9::IMG_DATA_FORMAT_FMASK;
  const uint64_t va = tex.va + fmask.offset;
  if (va % 256) return fail("FMASK address " + hex(va) + " is not 256-byte aligned");

  namespace W1 = regs::SQ_IMG_RSRC_WORD1;
  namespace W2 = regs::SQ_IMG_RSRC_WORD2;
  namespace W3 = regs::SQ_IMG_RSRC_WORD3;
  namespace W5 = regs::SQ_IMG_RSRC_WORD5;
  ImageDescriptor w{};
  w[0] = regs::SQ_IMG_RSRC_WORD0::BASE_ADDRESS.encode(static_cast<uint32_t>(va >> 8)) | tex.fmask_tile_swizzle;
  w[1] = W1::BASE_ADDRESS_HI.encode(static_cast<uint32_t>(va >> 40)) | W1::DATA_FORMAT.encode(data_format) |
         W1::NUM_FORMAT.encode(num_format);
  w[2] = W2::WIDTH.encode(res.width - 1) | W2::HEIGHT.encode(res.height - 1);
  const uint32_t x = regs::SqSel::SQ_SEL_X;
  w[3] = W3::DST_SEL_X.encode(x) | W3::DST_SEL_Y.encode(x) | W3::DST_SEL_Z.encode(x) | W3::DST_SEL_W.encode(x) |
         W3::TYPE.encode(type);
  w[5] = W5::BASE_ARRAY.encode(view.first_layer);
  if (gfx9) {
    namespace W4 = regs::SQ_IMG_RSRC_WORD4_GFX9;
    w[3] |= W3::SW_MODE.encode(fmask.swizzle_mode);
    w[4] = W4::DEPTH.encode(last_layer) | W4::PITCH.encode(fmask.epitch);
    w[5] |= W5::META_PIPE_ALIGNED.encode(1) | W5::META_RB_ALIGNED.encode(1);
  } else {
    namespace W4 = regs::SQ_IMG_RSRC_WORD4;
    w[3] |= W3::TILING_INDEX.encode(fmask.tile_mode_index);
    w[4] = W4::DEPTH.encode(depth - 1) | W4::PITCH.encode(fmask.pitch - 1);
    w[5] |= W5::LAST_ARRAY.encode(last_layer);
  }
  return w;
}

Result<ImageDescriptor> make_texture_descriptor_gfx9(const Gfx9DescriptorInput& in) {
  namespace W1 = regs::SQ_IMG_RSRC_WORD1;
  namespace W2 = regs::SQ_IMG_RSRC_WORD2;
  namespace W3 = regs::SQ_IMG_RSRC_WORD3;
  namespace W4 = regs::SQ_IMG_RSRC_WORD4_GFX9;
  namespace W5 = regs::SQ_IMG_RSRC_WORD5;
  const bool msaa = in.samples > 1;
  const uint32_t depth_field = in.type == regs::ImgRsrcType::SQ_RSRC_IMG_3D ? in.depth - 1 : in.last_layer;
  if (!W2::WIDTH.fits(in.width - 1) || !W2::HEIGHT.fits(in.height - 1) || !W4::DEPTH.fits(depth_field) ||
      !W4::PITCH.fits(in.plane.epitch))
    return fail("texture " + std::to_string(in.width) + "x" + std::to_string(in.height) + "x" +
                std::to_string(in.depth) + " (epitch " + std::to_string(in.plane.epitch) + ") exceeds the descriptor fields");
  if (in.va % 256) return fail("texture address " + hex(in.va) + " is not 256-byte aligned");
  ImageDescriptor w{};
  w[0] = regs::SQ_IMG_RSRC_WORD0::BASE_ADDRESS.encode(static_cast<uint32_t>(in.va >> 8)) | in.tile_swizzle;
  w[1] = W1::BASE_ADDRESS_HI.encode(static_cast<uint32_t>(in.va >> 40)) |
         W1::MIN_LOD.encode(fixed_8(std::clamp(in.min_lod, 0.0f, 15.0f))) | W1::DATA_FORMAT.encode(in.data_format) |
         W1::NUM_FORMAT.encode(in.num_format);
  w[2] = W2::WIDTH.encode(in.width - 1) | W2::HEIGHT.encode(in.height - 1) | W2::PERF_MOD.encode(4);
  w[3] = W3::DST_SEL_X.encode(map_swizzle(in.swizzle[0])) | W3::DST_SEL_Y.encode(map_swizzle(in.swizzle[1])) |
         W3::DST_SEL_Z.encode(map_swizzle(in.swizzle[2])) | W3::DST_SEL_W.encode(map_swizzle(in.swizzle[3])) |
         W3::BASE_LEVEL.encode(msaa ? 0 : in.first_level) |
         W3::LAST_LEVEL.encode(msaa ? static_cast<uint32_t>(std::countr_zero(in.samples)) : in.last_level) |
         W3::SW_MODE.encode(in.plane.swizzle_mode) | W3::TYPE.encode(in.type);
  // GFX9: DEPTH is the last accessible layer (the hardware need not know the layer count).
  w[4] = W4::DEPTH.encode(depth_field) | W4::PITCH.encode(in.plane.epitch) | W4::BC_SWIZZLE.encode(in.bc_swizzle);
  w[5] = W5::BASE_ARRAY.encode(in.first_layer) |
         W5::MAX_MIP.encode(msaa ? static_cast<uint32_t>(std::countr_zero(in.samples)) : in.levels - 1);
  // Words 6 and 7 stay 0 without DCC/TC-compatible HTILE (the GFX6/7 anisotropy mask is not used).
  return w;
}

Format format_from_vk(VkFormat format) {
  if (format == VK_FORMAT_UNDEFINED) return Format::NONE;
  for (const FormatDesc& d : formats::all_formats()) {
    if (d.vk_format != static_cast<uint32_t>(format)) continue;
    if (d.vk_swizzle[0] == Swizzle::X && d.vk_swizzle[1] == Swizzle::Y && d.vk_swizzle[2] == Swizzle::Z &&
        d.vk_swizzle[3] == Swizzle::W)
      return d.format;
  }
  return Format::NONE;
}

Result<SamplerView> sampler_view_from_vk(const Texture& tex, const VkImageViewDesc& vk) {
  SamplerView v;
  const Format f = format_from_vk(vk.format);
  if (f == Format::NONE) return fail("VkFormat " + std::to_string(vk.format) + " has no exact glvk format");
  v.format = f;
  const FormatDesc& d = formats::describe(f);
  if (d.colorspace == formats::Colorspace::ZS && d.is_depth && d.is_stencil &&
      vk.range.aspectMask == VK_IMAGE_ASPECT_STENCIL_BIT) {
    v.format = d.block_bits == 64 ? Format::X32_S8X24_UINT : Format::X24S8_UINT;
  } else if (vk.range.aspectMask != VK_IMAGE_ASPECT_COLOR_BIT && vk.range.aspectMask != VK_IMAGE_ASPECT_DEPTH_BIT &&
             vk.range.aspectMask != VK_IMAGE_ASPECT_STENCIL_BIT) {
    return fail("image views take exactly one aspect");
  }
  switch (vk.view_type) {
    case VK_IMAGE_VIEW_TYPE_1D: v.target = TextureTarget::TEXTURE_1D; break;
    case VK_IMAGE_VIEW_TYPE_2D: v.target = TextureTarget::TEXTURE_2D; break;
    case VK_IMAGE_VIEW_TYPE_3D: v.target = TextureTarget::TEXTURE_3D; break;
    case VK_IMAGE_VIEW_TYPE_CUBE: v.target = TextureTarget::TEXTURE_CUBE; break;
    case VK_IMAGE_VIEW_TYPE_1D_ARRAY: v.target = TextureTarget::TEXTURE_1D_ARRAY; break;
    case VK_IMAGE_VIEW_TYPE_2D_ARRAY: v.target = TextureTarget::TEXTURE_2D_ARRAY; break;
    case VK_IMAGE_VIEW_TYPE_CUBE_ARRAY: v.target = TextureTarget::TEXTURE_CUBE_ARRAY; break;
    default: return fail("unknown VkImageViewType " + std::to_string(vk.view_type));
  }
  if (!swizzle_from_vk(vk.components, v.swizzle)) return fail("unknown VkComponentSwizzle in the view");
  const uint32_t levels = tex.templ.levels;
  const bool is_3d = tex.templ.target == TextureTarget::TEXTURE_3D;
  const uint32_t layers = is_3d ? tex.templ.depth : tex.templ.array_size;
  if (vk.range.baseMipLevel >= levels) return fail("baseMipLevel beyond the image's levels");
  const uint32_t level_count =
      vk.range.levelCount == VK_REMAINING_MIP_LEVELS ? levels - vk.range.baseMipLevel : vk.range.levelCount;
  if (level_count == 0) return fail("levelCount is 0");
  v.first_level = vk.range.baseMipLevel;
  v.last_level = vk.range.baseMipLevel + level_count - 1;
  if (is_3d) {
    // A 3D view covers every depth slice, as the GL view of a 3D texture does.
    if (vk.range.baseArrayLayer != 0) return fail("3D views start at layer 0");
    v.first_layer = 0;
    v.last_layer = layers - 1;
  } else {
    if (vk.range.baseArrayLayer >= layers) return fail("baseArrayLayer beyond the image's layers");
    const uint32_t layer_count = vk.range.layerCount == VK_REMAINING_ARRAY_LAYERS
                                     ? layers - vk.range.baseArrayLayer
                                     : vk.range.layerCount;
    if (layer_count == 0) return fail("layerCount is 0");
    v.first_layer = vk.range.baseArrayLayer;
    v.last_layer = vk.range.baseArrayLayer + layer_count - 1;
  }
  return v;
}

Result<ImageDescriptor> make_texture_descriptor_vk(const Chip& chip, const Texture& tex, const VkImageViewDesc& vk) {
  auto view = sampler_view_from_vk(tex, vk);
  if (!view) return Error{view.error()};
  return make_texture_descriptor(chip, tex, *view);
}

// ---------------------------------------------------------------- samplers

namespace {

uint32_t tex_wrap(WrapMode mode) {
  using namespace regs::TexClamp;
  switch (mode) {
    case WrapMode::REPEAT: return SQ_TEX_WRAP;
    case WrapMode::CLAMP: return SQ_TEX_CLAMP_HALF_BORDER;
    case WrapMode::CLAMP_TO_EDGE: return SQ_TEX_CLAMP_LAST_TEXEL;
    case WrapMode::CLAMP_TO_BORDER: return SQ_TEX_CLAMP_BORDER;
    case WrapMode::MIRROR_REPEAT: return SQ_TEX_MIRROR;
    case WrapMode::MIRROR_CLAMP: return SQ_TEX_MIRROR_ONCE_HALF_BORDER;
    case WrapMode::MIRROR_CLAMP_TO_EDGE: return SQ_TEX_MIRROR_ONCE_LAST_TEXEL;
    case WrapMode::MIRROR_CLAMP_TO_BORDER: return SQ_TEX_MIRROR_ONCE_BORDER;
  }
  return SQ_TEX_WRAP;
}

// wrap_mode_uses_border_color: GL_CLAMP and MIRROR_CLAMP reach the border only when filtering
// is linear (nearest samples never leave the edge texel's half).
bool wrap_uses_border(WrapMode m, bool linear_filter) {
  return m == WrapMode::CLAMP_TO_BORDER || m == WrapMode::MIRROR_CLAMP_TO_BORDER ||
         (linear_filter && (m == WrapMode::CLAMP || m == WrapMode::MIRROR_CLAMP));
}

// si_tex_aniso_filter: log2 of the anisotropy, 0..4.
uint32_t aniso_ratio(uint32_t max_anisotropy) {
  if (max_anisotropy < 2) return 0;
  if (max_anisotropy < 4) return 1;
  if (max_anisotropy < 8) return 2;
  if (max_anisotropy < 16) return 3;
  return 4;
}

uint32_t xy_filter(Filter f, bool aniso) {
  using namespace regs::TexXYFilter;
  if (f == Filter::LINEAR) return aniso ? SQ_TEX_XY_FILTER_ANISO_BILINEAR : SQ_TEX_XY_FILTER_BILINEAR;
  return aniso ? SQ_TEX_XY_FILTER_ANISO_POINT : SQ_TEX_XY_FILTER_POINT;
}

uint32_t mip_filter(MipFilter f) {
  using namespace regs::TexMipFilter;
  return f == MipFilter::LINEAR ? SQ_TEX_MIP_FILTER_LINEAR : f == MipFilter::NEAREST ? SQ_TEX_MIP_FILTER_POINT
                                                                                     : SQ_TEX_MIP_FILTER_NONE;
}

}  // namespace

bool sampler_reads_border_color(const SamplerState& s) {
  const bool linear_filter = s.min_filter != Filter::NEAREST || s.mag_filter != Filter::NEAREST;
  return wrap_uses_border(s.wrap_s, linear_filter) || wrap_uses_border(s.wrap_t, linear_filter) ||
         wrap_uses_border(s.wrap_r, linear_filter);
}

Result<SamplerDescriptor> make_sampler_descriptor(const Chip& chip, const SamplerState& s) {
  for (float v : {s.min_lod, s.max_lod, s.lod_bias, s.border_color[0], s.border_color[1], s.border_color[2],
                  s.border_color[3]})
    if (std::isnan(v)) return fail("sampler state holds NaN");
  if (s.max_anisotropy > 16) return fail("max anisotropy " + std::to_string(s.max_anisotropy) + " exceeds 16");
  namespace S0 = regs::SQ_IMG_SAMP_WORD0;
  namespace S1 = regs::SQ_IMG_SAMP_WORD1;
  namespace S2 = regs::SQ_IMG_SAMP_WORD2;
  namespace S3 = regs::SQ_IMG_SAMP_WORD3;
  // si_create_sampler_state: COMPAT_MODE and ANISO_OVERRIDE from GFX8 on; DISABLE_LSB_CEIL up to
  // GFX8 (bit 29 of word 2 is BLEND_ZERO_PRT on GFX9, left 0).
  const bool gfx8_plus = chip.gfx_level >= GfxLevel::GFX8;
  const bool lsb_ceil_disabled = chip.gfx_level <= GfxLevel::GFX8;
  const uint32_t ratio = aniso_ratio(s.max_anisotropy);
  const bool aniso = s.max_anisotropy > 1;
  // si_create_sampler_state: truncate coordinates for nearest/nearest filtering without compare.
  const bool trunc_coord = s.min_filter == Filter::NEAREST && s.mag_filter == Filter::NEAREST && !s.compare_enable;
  // PIPE_FUNC_* and SQ_TEX_DEPTH_COMPARE_* share their order (NEVER..ALWAYS).
  const uint32_t compare = s.compare_enable ? static_cast<uint32_t>(s.compare_func)
                                            : regs::TexDepthCompare::SQ_TEX_DEPTH_COMPARE_NEVER;
  SamplerDescriptor w{};
  w[0] = S0::CLAMP_X.encode(tex_wrap(s.wrap_s)) | S0::CLAMP_Y.encode(tex_wrap(s.wrap_t)) |
         S0::CLAMP_Z.encode(tex_wrap(s.wrap_r)) | S0::MAX_ANISO_RATIO.encode(ratio) |
         S0::DEPTH_COMPARE_FUNC.encode(compare) | S0::FORCE_UNNORMALIZED.encode(s.normalized_coords ? 0 : 1) |
         S0::ANISO_THRESHOLD.encode(ratio >> 1) | S0::ANISO_BIAS.encode(ratio) |
         S0::DISABLE_CUBE_WRAP.encode(s.seamless_cube_map ? 0 : 1) | S0::COMPAT_MODE.encode(gfx8_plus ? 1 : 0) |
         S0::TRUNC_COORD.encode(trunc_coord ? 1 : 0);
  w[1] = S1::MIN_LOD.encode(fixed_8(std::clamp(s.min_lod, 0.0f, 15.0f))) |
         S1::MAX_LOD.encode(fixed_8(std::clamp(s.max_lod, 0.0f, 15.0f))) | S1::PERF_MIP.encode(ratio ? ratio + 6 : 0);
  w[2] = S2::LOD_BIAS.encode(fixed_8(std::clamp(s.lod_bias, -16.0f, 16.0f))) |
         S2::XY_MAG_FILTER.encode(xy_filter(s.mag_filter, aniso)) |
         S2::XY_MIN_FILTER.encode(xy_filter(s.min_filter, aniso)) | S2::MIP_FILTER.encode(mip_filter(s.mip_filter)) |
         S2::DISABLE_LSB_CEIL.encode(lsb_ceil_disabled ? 1 : 0) | S2::FILTER_PREC_FIX.encode(1) |
         S2::ANISO_OVERRIDE.encode(gfx8_plus ? 1 : 0);
  // si_translate_border_color: the three built-in colours, else a border-colour table slot.
  using namespace regs::TexBorderColorType;
  uint32_t border_type = SQ_TEX_BORDER_COLOR_TRANS_BLACK, border_ptr = 0;
  if (sampler_reads_border_color(s)) {
    const float* c = s.border_color;
    if (s.border_color_in_table) {
      if (!S3::BORDER_COLOR_PTR.fits(s.border_color_index)) return fail("border colour table index too large");
      border_type = SQ_TEX_BORDER_COLOR_REGISTER;
      border_ptr = s.border_color_index;
    } else if (c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0) {
      border_type = SQ_TEX_BORDER_COLOR_TRANS_BLACK;
    } else if (c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 1) {
      border_type = SQ_TEX_BORDER_COLOR_OPAQUE_BLACK;
    } else if (c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1) {
      border_type = SQ_TEX_BORDER_COLOR_OPAQUE_WHITE;
    } else {
      if (!S3::BORDER_COLOR_PTR.fits(s.border_color_index)) return fail("border colour table index too large");
      border_type = SQ_TEX_BORDER_COLOR_REGISTER;
      border_ptr = s.border_color_index;
    }
  }
  w[3] = S3::BORDER_COLOR_PTR.encode(border_ptr) | S3::BORDER_COLOR_TYPE.encode(border_type);
  return w;
}

}  // namespace glvk::amd
