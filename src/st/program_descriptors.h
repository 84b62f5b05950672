// The descriptors of a program's set 0 for one draw or dispatch (pushed with it): the default
// uniform block, uniform blocks, shader storage and atomic counter blocks, samplers and sampler
// buffers, from a ProgramInputs. Private to src/st; screen lock held.
#pragma once

#include <array>
#include <cstddef>
#include <memory_resource>
#include <vector>

#include <volk.h>

#include "draw_resources.h"
#include "glvk/glsl/compiler.h"
#include "glvk/st/draw.h"

namespace glvk::st {

struct ProgramDescriptors {
  // A draw's descriptors live in this arena (no allocation per draw) unless a program has
  // unusually many; the vectors then take the rest from the heap.
  std::array<std::byte, 4096> arena;
  std::pmr::monotonic_buffer_resource memory{arena.data(), arena.size()};
  std::pmr::vector<VkWriteDescriptorSet> writes{&memory};
  // What the writes point into (reserved up front: never reallocated once written).
  std::pmr::vector<VkDescriptorBufferInfo> buffer_infos{&memory};
  std::pmr::vector<VkDescriptorImageInfo> image_infos{&memory};
  std::pmr::vector<VkBufferView> texel_views{&memory};
};

// Fills `out` for `reflection`'s resources. Buffers the program may store into (shader storage and
// atomic counter blocks) have their valid range extended over what the descriptor covers, and
// every buffer and image read is marked used by the open batch. Throws DrawError for a resource
// kind glvk cannot bind yet.
// The storage image of one image uniform element (draw_images.cpp): the unit's texture level in
// the unit's format, brought into GENERAL. Throws DrawError for what glvk cannot bind.
VkDescriptorImageInfo storage_image_descriptor(DrawResources& res, vk_backend::CommandStream& stream,
                                               const ImageInput* in, std::uint32_t gl_type);

void write_program_descriptors(DrawResources& res, vk_backend::CommandStream& stream, const glsl::Program& reflection,
                               const ProgramInputs& in, ProgramDescriptors& out);

}  // namespace glvk::st
