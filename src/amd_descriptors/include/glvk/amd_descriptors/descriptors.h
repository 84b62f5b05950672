// GCN (GFX6-8) resource descriptors: buffer (SQ_BUF_RSRC_WORD0-3), image (SQ_IMG_RSRC_WORD0-7)
// and sampler (SQ_IMG_SAMP_WORD0-3) words, as radeonsi builds them (si_make_buffer_descriptor,
// si_make_texture_descriptor + si_set_mutable_tex_desc_fields, si_create_sampler_state; seed 000).
// Two front doors lower to the same encoders: the radeonsi view (glvk Format + RGBA swizzle +
// view parameters) and the RADV view (VkFormat + VkComponentMapping + view type + subresource
// range). Every bit position comes from the generated register fields.
#pragma once

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/result.h>
#include <glvk/amd_descriptors/surface.h>
#include <glvk/formats/format.h>

#include <vulkan/vulkan_core.h>  // enums and structs only

#include <array>
#include <cstdint>

namespace glvk::amd {

using BufferDescriptor = std::array<uint32_t, 4>;
using ImageDescriptor = std::array<uint32_t, 8>;
using SamplerDescriptor = std::array<uint32_t, 4>;

// SQ_SEL_* of a format swizzle (si_map_swizzle).
uint32_t map_swizzle(formats::Swizzle swizzle);

// ---------------------------------------------------------------- buffers

// A typed buffer view (texture buffer / vertex buffer element format).
struct BufferView {
  uint64_t va = 0;            // buffer base address
  uint64_t buffer_size = 0;   // bytes of the whole buffer (width0)
  uint64_t offset = 0, size = 0;  // the viewed range in bytes
  formats::Format format = formats::Format::NONE;
};
// si_make_buffer_descriptor: stride = element bytes; num_records = elements in range, in bytes on GFX8.
Result<BufferDescriptor> make_buffer_descriptor(const Chip& chip, const BufferView& view);
// A raw (untyped) buffer as constant/storage buffers use it: stride 0, num_records = bytes,
// DST_SEL xyzw, 32-bit float data format.
Result<BufferDescriptor> make_raw_buffer_descriptor(const Chip& chip, uint64_t va, uint64_t size);
// RADV view: VkFormat + offset + range (VK_WHOLE_SIZE allowed).
Result<BufferDescriptor> make_buffer_descriptor_vk(const Chip& chip, uint64_t va, uint64_t buffer_size, VkFormat format,
                                                   VkDeviceSize offset, VkDeviceSize range);

// ---------------------------------------------------------------- images

// A texture: its template, its legacy surface layout and its base address (256-byte aligned).
struct Texture {
  SurfaceTemplate templ;
  Surface surface;
  uint64_t va = 0;
  // radeon_surf::tile_swizzle, an input: the per-screen pipe/bank XOR ac_surface gives a colour
  // surface (AddrComputeBaseSwizzle / Addr2ComputePipeBankXor, not modelled; 0 = none). radeonsi ORs
  // it into the 256-byte base of the descriptor and CB_COLORn_BASE when level 0 (the CB: the bound
  // level) is 2D tiled on GFX6-8, always on GFX9, where only XOR (_X/_T) swizzle modes may have one.
  uint32_t tile_swizzle = 0;
  // radeon_surf::fmask_tile_swizzle (AddrComputeBaseSwizzle / Addr2ComputePipeBankXor with the FMASK
  // surface index, not modelled): an input, ORed into the FMASK base of the CB and descriptor.
  uint32_t fmask_tile_swizzle = 0;
};
// The tile swizzle fits radeon_surf's 8 bits and, on GFX9, the plane's swizzle mode takes one.
Status check_tile_swizzle(const Chip& chip, const Texture& texture);
// Lays the texture out with compute_surface(chip, templ) at `va`.
Result<Texture> create_texture(const Chip& chip, const SurfaceTemplate& templ, uint64_t va);

// The radeonsi sampler view (pipe_sampler_view).
struct SamplerView {
  TextureTarget target = TextureTarget::TEXTURE_2D;
  formats::Format format = formats::Format::NONE;  // NONE: the texture's format
  formats::Swizzle swizzle[4] = {formats::Swizzle::X, formats::Swizzle::Y, formats::Swizzle::Z, formats::Swizzle::W};
  uint32_t first_level = 0, last_level = 0;
  uint32_t first_layer = 0, last_layer = 0;
  float min_lod = 0.0f;
};
// The view the whole texture gets by default (all levels and layers, identity swizzle).
SamplerView default_sampler_view(const Texture& texture);
// si_make_texture_descriptor + si_set_mutable_tex_desc_fields (GFX6-8, no DCC).
Result<ImageDescriptor> make_texture_descriptor(const Chip& chip, const Texture& texture, const SamplerView& view);

// si_make_texture_descriptor's FMASK words (fmask_state) for a view of a multisampled colour texture:
// the FMASK base, DATA_FORMAT FMASK8_S2_F2 / FMASK8_S4_F4 / FMASK32_S8_F8 with NUM_FORMAT UINT on
// GFX6-8 (GFX9: IMG_DATA_FORMAT_FMASK with NUM_FORMAT FMASK_8_2_2 / 8_4_4 / 32_8_8), X in every
// channel, the resource's 2D or 2D-array type without MSAA, the FMASK tiling (GFX6-8: TILING_INDEX,
// PITCH = FMASK pitch - 1, DEPTH = layers - 1, LAST_ARRAY; GFX9: SW_MODE, PITCH = epitch, DEPTH =
// the last layer, META_PIPE/RB_ALIGNED). Errors for textures without FMASK.
Result<ImageDescriptor> make_fmask_descriptor(const Chip& chip, const Texture& texture, const SamplerView& view);

// The GFX9 words from the view's already-resolved parts (make_texture_descriptor's GFX9 branch):
// DEPTH is the view's last layer (3D: depth - 1), PITCH the plane's epitch, MAX_MIP the resource's
// last level (MSAA: log2 samples), SW_MODE the plane's swizzle mode.
struct Gfx9DescriptorInput {
  uint64_t va;  // plane base (texture base, or its stencil plane)
  const Gfx9Plane& plane;
  uint32_t data_format, num_format;
  formats::Swizzle swizzle[4];
  uint32_t bc_swizzle, type;
  uint32_t width, height, depth, samples, levels;
  uint32_t first_level, last_level, first_layer, last_layer;
  float min_lod;
  uint32_t tile_swizzle = 0;  // ORed into the base (GFX9: every swizzle mode that has one)
};
Result<ImageDescriptor> make_texture_descriptor_gfx9(const Gfx9DescriptorInput& in);

// The RADV view (VkImageViewCreateInfo's format, components, viewType, subresourceRange).
struct VkImageViewDesc {
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkComponentMapping components = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                    VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY};
  VkImageViewType view_type = VK_IMAGE_VIEW_TYPE_2D;
  VkImageSubresourceRange range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, VK_REMAINING_MIP_LEVELS, 0, VK_REMAINING_ARRAY_LAYERS};
};
// Lowers the Vulkan view to a SamplerView (format by exact VkFormat match, stencil aspect to the
// stencil-only format, component mapping to a swizzle); errors name what has no equivalent.
Result<SamplerView> sampler_view_from_vk(const Texture& texture, const VkImageViewDesc& view);
// A VkComponentMapping as the channel swizzle it applies on top of the view's format (IDENTITY:
// the channel itself); false for a value outside VkComponentSwizzle.
bool swizzle_from_vk(const VkComponentMapping& mapping, formats::Swizzle out[4]);
// gfx9_border_color_swizzle: SQ_IMG_RSRC_WORD4.BC_SWIZZLE (GFX9) for a format's channel swizzle,
// where the border colour's channels go.
uint32_t gfx9_border_color_swizzle(const formats::Swizzle swizzle[4]);
Result<ImageDescriptor> make_texture_descriptor_vk(const Chip& chip, const Texture& texture, const VkImageViewDesc& view);
// The glvk format whose memory layout is exactly `format` (identity emulation swizzle), NONE when none.
formats::Format format_from_vk(VkFormat format);

// ---------------------------------------------------------------- samplers

enum class WrapMode : uint8_t {
  REPEAT, CLAMP, CLAMP_TO_EDGE, CLAMP_TO_BORDER, MIRROR_REPEAT, MIRROR_CLAMP, MIRROR_CLAMP_TO_EDGE,
  MIRROR_CLAMP_TO_BORDER
};
enum class Filter : uint8_t { NEAREST, LINEAR };
enum class MipFilter : uint8_t { NONE, NEAREST, LINEAR };
enum class CompareFunc : uint8_t { NEVER, LESS, EQUAL, LEQUAL, GREATER, NOTEQUAL, GEQUAL, ALWAYS };

// GL-style sampler state (pipe_sampler_state).
struct SamplerState {
  WrapMode wrap_s = WrapMode::REPEAT, wrap_t = WrapMode::REPEAT, wrap_r = WrapMode::REPEAT;
  Filter min_filter = Filter::NEAREST, mag_filter = Filter::NEAREST;
  MipFilter mip_filter = MipFilter::NONE;
  float min_lod = 0.0f, max_lod = 1000.0f, lod_bias = 0.0f;
  uint32_t max_anisotropy = 0;  // 0 or 1: off
  bool compare_enable = false;
  CompareFunc compare_func = CompareFunc::NEVER;
  bool normalized_coords = true;
  bool seamless_cube_map = false;
  float border_color[4] = {0, 0, 0, 0};
  uint32_t border_color_index = 0;  // slot in the border-colour table when a custom colour is needed
  // RADV's VK_BORDER_COLOR_*_CUSTOM_EXT: the table slot whatever the colour (radeonsi reads its three
  // built-in colours from the BORDER_COLOR_TYPE instead).
  bool border_color_in_table = false;
};
// si_create_sampler_state (GFX6-8).
Result<SamplerDescriptor> make_sampler_descriptor(const Chip& chip, const SamplerState& state);
// Whether the sampler can read its border colour (wrap_mode_uses_border_color on any axis: the
// border modes, and GL_CLAMP/MIRROR_CLAMP under linear filtering): only then does radeonsi give it a
// border colour (and a table slot for a colour that is not built in).
bool sampler_reads_border_color(const SamplerState& state);

}  // namespace glvk::amd
