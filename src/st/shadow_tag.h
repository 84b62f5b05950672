// st-private: attaching shadow records to the Vulkan objects st creates (kept out of
// <glvk/st/shadow.h>, which src/gl includes and which must not bring Vulkan types with it).
#pragma once

#include <cstdint>
#include <utility>

#include "glvk/amd_descriptors/shadow_record.h"
#include "glvk/formats/format_enum.h"
#include "glvk/formats/texture_target.h"
#include "glvk/st/shadow.h"

namespace glvk::vk_backend {
class CommandStream;
class Device;
}  // namespace glvk::vk_backend

namespace glvk::st {

// Attaches `record` to a Vulkan object this state tracker created, for VK_LAYER_GLVK_shadow_check
// (DESIGN.md "Shadow check protocol"); nothing when the layer is off. New code that creates image
// views, buffer views or samplers calls this once per object with the radeonsi-view record, e.g.
//   shadow_tag(device, VK_OBJECT_TYPE_SAMPLER, sampler, record);
void shadow_tag_handle(const vk_backend::Device& device, VkObjectType type, std::uint64_t handle,
                       amd::ShadowRecord record);
template <class Handle>
void shadow_tag(const vk_backend::Device& device, VkObjectType type, Handle handle, amd::ShadowRecord record) {
  shadow_tag_handle(device, type, reinterpret_cast<std::uint64_t>(handle), std::move(record));
}

struct SampledView;
struct SamplerInput;
class Texture;

// si_create_sampler_view for a sampled view the draw path created of `image` (`texture`'s image):
// the GL target, format (its stencil-only twin for a stencil view), GL-level swizzle and the view's
// levels and layers, encoded on the image owner's GCN layout and attached to `view`.
void shadow_sampled_view(const vk_backend::Image& image, VkImageView view, const Texture& texture,
                         const SampledView& sampled);
// si_create_sampler_state for the GL sampler state a VkSampler was made for (as st_convert_sampler
// hands it over: GL wrap modes, no mip filter for non-mipmap filters, the border colour integer
// textures read when `integer`, its slot in radeonsi's border-colour table), attached to `sampler`.
void shadow_sampler(const vk_backend::Device& device, VkSampler sampler, const SamplerInput& gl, bool compare,
                    bool integer);

// si_create_sampler_view of a buffer texture (si_make_buffer_descriptor) for the texel buffer view
// the draw path created: `format` over `range` bytes at `offset` of a `buffer_size`-byte buffer.
void shadow_texel_buffer_view(const vk_backend::Device& device, VkBufferView view, formats::Format format,
                              std::uint64_t buffer_size, std::uint64_t offset, std::uint64_t range);
// The shader blit's two samplers (vk_backend's internal pipelines), when the layer is on: u_blitter's
// rectangle sampler states (clamp to edge, nearest or linear, unnormalized, LOD 0) as radeonsi
// encodes them. Once per screen.
void shadow_blit_samplers(const vk_backend::Device& device, vk_backend::CommandStream& stream);
// A view of a stand-in image an incomplete texture samples (GL 4.6 11.1.3.5), tagged with the
// sampler view of a fallback texture for `target` in `format` (RGBA8 of the sampler's number
// kind) with `samples`: 1x1 (x1), one level, one layer (6 for cubes), sampled whole.
void shadow_stand_in_view(const vk_backend::Device& device, VkImageView view, formats::TextureTarget target,
                          formats::Format format, std::uint32_t samples);

}  // namespace glvk::st
