// The AMD GCN shadow (DESIGN.md): with GLVK_SHADOW=<file>, every texture and buffer texture the
// state tracker creates also gets the descriptor radeonsi would write for it on GLVK_SHADOW_CHIP
// (default tonga), appended to a PM4 shadow stream at a deterministic simulated GPU address. The
// file is rewritten after each append, so it is complete whenever the program stops; print it with
// `glvk amd shadow <file>`.
#pragma once

#include <cstdint>

#include "glvk/formats/format.h"
#include "glvk/st/texture.h"

namespace glvk::st {

// Whether GLVK_SHADOW is set (and its chip known).
bool shadow_enabled();

// si_make_texture_descriptor for the whole-texture sampler view of a new texture resource.
void shadow_texture(const TextureLayout& layout);

// si_make_buffer_descriptor for a buffer texture: `size` bytes from `offset` of a buffer of
// `buffer_size` bytes, seen as texels of `format`.
void shadow_buffer_texture(formats::Format format, std::uint64_t buffer_size, std::uint64_t offset,
                           std::uint64_t size);

}  // namespace glvk::st
