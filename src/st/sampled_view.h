// Sampled views and samplers of textures for draws (draw_resources.cpp). Private to src/st.
#pragma once

#include "draw_resources.h"
#include "glvk/formats/format.h"
#include "glvk/st/draw.h"

namespace glvk::st {

struct SampledView {
  ViewKey key{};
  std::uint32_t levels = 1;
  bool integer = false;  // pure integer or stencil: never filtered
  bool depth = false;    // a depth aspect: depth comparison applies
  bool stencil = false;  // the stencil aspect of a depth/stencil or stencil format
  int kind = 0;          // the number kind it reads as (sampled_kind's)
  // The GL-level swizzle (base-format rebase, then the texture's swizzle parameters), without the
  // storage format's own emulation swizzle: what st hands radeonsi's sampler view.
  formats::Swizzle gl_swizzle[4] = {formats::Swizzle::X, formats::Swizzle::Y, formats::Swizzle::Z, formats::Swizzle::W};
  // For each GL component (after the base-format rebase), the storage channel it is read from (or
  // a constant): where the border colour's components go (border_in_storage_channels).
  formats::Swizzle border_channels[4] = {formats::Swizzle::X, formats::Swizzle::Y, formats::Swizzle::Z,
                                         formats::Swizzle::W};
};

// Vulkan applies a view's component mapping to the border colour as to texels (lavapipe does);
// GL's border colour is already in the base format's components, with no storage emulation
// (8.14.2). The colour put in the storage channels the view reads each GL component from, so that
// the mapping brings it back (an ALPHA texture stored as R8 reads its border alpha from R).
SamplerInput border_in_storage_channels(const SamplerInput& s, const SampledView& v);

// The kind of number a GLSL sampler type returns, and the kind a format stores: 0 float (depth
// too), 1 signed integer, 2 unsigned integer (stencil). Vulkan needs a view's to be its sampler's.
int sampled_kind(std::uint32_t sampler_gl_type);
int format_kind(const formats::FormatDesc& d);

// The view a TextureInput samples (texture non-null).
SampledView sampled_view(const TextureInput& t);
VkImageViewType view_type(GLenum target);
void rebase_swizzle(GLenum base_format, GLenum depth_texture_mode, formats::Swizzle out[4]);
// The descriptor of one sampler element: the texture's view and sampler (its subresources brought
// into the sampled layout), or the (0, 0, 0, 1) stand-in for an incomplete or missing texture
// (GL 4.6 11.1.3.5), or one of another number kind than the sampler's (undefined in GL), of the
// view type, sample count and kind the sampler's GLSL type reads. Screen lock held.
VkDescriptorImageInfo sampled_descriptor(DrawResources& res, vk_backend::CommandStream& stream, const TextureInput* t,
                                         std::uint32_t sampler_gl_type);
// The texel buffer view of one samplerBuffer element (GL 4.6 8.9): the buffer texture's range in
// its storage format, or a zero texel when it has no buffer, an empty range or a format of another
// kind than the sampler's (float, int, unsigned int). Screen lock held.
VkBufferView texel_buffer_descriptor(DrawResources& res, vk_backend::CommandStream& stream, const TextureInput* t,
                                     std::uint32_t sampler_gl_type);
SamplerKey sampler_key(const SamplerInput& s, const vk_backend::Device& device, std::uint32_t levels, bool integer,
                       bool depth_compare_allowed);

// GL's border colour as the sampler reads it (GL 4.6 8.14.2): the 32-bit values of each channel,
// float bits for other textures, the integers for pure-integer and stencil textures (as given
// with glTexParameterI*, else the float values converted).
struct BorderColor {
  std::array<std::uint32_t, 4> bits{};
  bool integer = false;
  // One of the three colours the hardware and Vulkan have built in: (0,0,0,0), (0,0,0,1), (1,1,1,1).
  bool built_in() const;
};
BorderColor border_color_of(const SamplerInput& s, bool integer);

}  // namespace glvk::st
