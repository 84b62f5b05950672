// The AMD GCN shadow (DESIGN.md): with GLVK_SHADOW=<file>, every texture and buffer texture the
// state tracker creates also gets the descriptor radeonsi would write for it on GLVK_SHADOW_CHIP
// (default tonga), appended to a PM4 shadow stream at a deterministic simulated GPU address. The
// file is rewritten after each append, so it is complete whenever the program stops; print it with
// `glvk amd shadow <file>`. Tagging the Vulkan objects st creates is st-private (shadow_tag.h), so
// src/gl, which includes this header, sees no Vulkan type.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "glvk/amd_descriptors/chip.h"
#include "glvk/formats/format.h"
#include "glvk/st/texture.h"

namespace glvk::vk_backend {
class Image;
}  // namespace glvk::vk_backend

namespace glvk::st {

// Whether GLVK_SHADOW is set (and its chip known).
bool shadow_enabled();

// si_make_texture_descriptor for the whole-texture sampler view of a new texture resource; the
// resource's GCN layout is kept (by identity) for framebuffer states until it is forgotten. With
// `image` (the texture's own image, not a view's shared one) the record is also attached to it, and
// the image's attachment views get their CB/DB record (vk_backend::Image::shadow_view_record).
void shadow_texture(const void* resource, const TextureLayout& layout, vk_backend::Image* image = nullptr);
void shadow_forget_texture(const void* resource);

// st_ChooseTextureFormat asked twice for one texture image: `vulkan` is what the device's answer
// chose (the texture's real storage); the shadow asks the GCN capability model (AmdFormatSupport on
// GLVK_SHADOW_CHIP) and records both as a comment line, e.g.
//   "format choice GL_RGB32F: vulkan R32G32B32_FLOAT, radeonsi R32G32B32X32_FLOAT (differs)".
void shadow_format_choice(GLenumValue target, GLenumValue internal_format, GLenumValue format, GLenumValue type,
                          const ChosenFormat& vulkan);
// The line shadow_format_choice records, for `chip`.
std::string format_choice_line(const amd::Chip& chip, GLenumValue target, GLenumValue internal_format,
                               GLenumValue format, GLenumValue type, const ChosenFormat& vulkan);

// One bound surface of a framebuffer: a level and layer range of a texture resource.
struct ShadowAttachment {
  const void* resource = nullptr;
  unsigned level = 0, first_layer = 0, last_layer = 0;
};

// si_emit_framebuffer_state for the derived framebuffer state (update_framebuffer_state): the
// colour buffers by output slot (null: unbound slot) and the depth/stencil buffer. Emitted only
// when it differs from the last one emitted, as radeonsi emits on a dirty framebuffer.
void shadow_framebuffer(const std::array<const ShadowAttachment*, 8>& colour, unsigned nr_cbufs,
                        const ShadowAttachment* zs, std::uint32_t width, std::uint32_t height);

// si_make_buffer_descriptor for a buffer texture: `size` bytes from `offset` of a buffer of
// `buffer_size` bytes, seen as texels of `format`.
void shadow_buffer_texture(formats::Format format, std::uint64_t buffer_size, std::uint64_t offset,
                           std::uint64_t size);

}  // namespace glvk::st
