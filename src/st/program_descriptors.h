// The descriptors of a program's set 0 for one draw or dispatch (pushed with it): the default
// uniform block, uniform blocks, shader storage and atomic counter blocks, samplers and sampler
// buffers, from a ProgramInputs. Private to src/st; screen lock held.
#pragma once

#include <vector>

#include <volk.h>

#include "draw_resources.h"
#include "glvk/glsl/compiler.h"
#include "glvk/st/draw.h"

namespace glvk::st {

struct ProgramDescriptors {
  std::vector<VkWriteDescriptorSet> writes;
  // What the writes point into (reserved up front: never reallocated once written).
  std::vector<VkDescriptorBufferInfo> buffer_infos;
  std::vector<VkDescriptorImageInfo> image_infos;
  std::vector<VkBufferView> texel_views;
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
