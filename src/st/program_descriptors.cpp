// st_atom_constbuf, st_atom_storagebuf and st_atom_sampler for one draw or dispatch: each resource
// of the program's set 0 gets the descriptor of what its GL binding holds.
#include "program_descriptors.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "sampled_view.h"
#include "screen_impl.h"

namespace glvk::st {

namespace {

// The buffer range a block reads: its GL binding point's buffer, or nothing.
BufferRange block_range(const ProgramInputs& in, const glsl::UniformBlock& block, std::size_t block_index) {
  const GLuint point = block_index < in.uniform_block_bindings.size() ? in.uniform_block_bindings[block_index] : 0;
  if (!block.storage) return point < in.uniform_buffers.size() ? in.uniform_buffers[point] : BufferRange{};
  if (glsl::is_atomic_counter_block(block))
    return point < in.atomic_counter_buffers.size() ? in.atomic_counter_buffers[point] : BufferRange{};
  return point < in.storage_buffers.size() ? in.storage_buffers[point] : BufferRange{};
}

// The block of element `e` of a block resource: the resource's own block for e = 0 or a single
// block, else the block of the same binding and kind named "B[e]".
std::size_t array_block(const glsl::Program& reflection, const glsl::Resource& r, std::uint32_t e) {
  const std::size_t first = std::size_t(r.block);
  if (r.count == 1) return first;
  const glsl::UniformBlock& base = reflection.blocks[first];
  const std::string prefix = base.name.substr(0, base.name.rfind('[')) + "[" + std::to_string(e) + "]";
  for (std::size_t i = 0; i < reflection.blocks.size(); ++i)
    if (reflection.blocks[i].binding == r.binding && reflection.blocks[i].storage == base.storage &&
        reflection.blocks[i].name == prefix)
      return i;
  return first;
}

}  // namespace

void write_program_descriptors(DrawResources& res, vk_backend::CommandStream& stream, const glsl::Program& reflection,
                               const ProgramInputs& in, ProgramDescriptors& out) {
  const vk_backend::Device& device = *res.screen.device;
  const VkPhysicalDeviceLimits& limits = device.properties().limits;
  std::size_t buffer_count = 1, image_count = 0, texel_count = 0;
  for (const glsl::Resource& r : reflection.resources) {
    if (r.kind == glsl::ResourceKind::UniformBuffer || r.kind == glsl::ResourceKind::StorageBuffer) buffer_count += r.count;
    if (r.kind == glsl::ResourceKind::CombinedSampler || r.kind == glsl::ResourceKind::StorageImage)
      image_count += r.count;
    if (r.kind == glsl::ResourceKind::TexelBuffer) texel_count += r.count;
  }
  out.writes.reserve(reflection.resources.size() + 1);
  out.buffer_infos.reserve(buffer_count);
  out.image_infos.reserve(image_count);
  out.texel_views.reserve(texel_count);
  auto write = [&](std::uint32_t binding, VkDescriptorType type, std::uint32_t count) -> VkWriteDescriptorSet& {
    VkWriteDescriptorSet& w = out.writes.emplace_back(VkWriteDescriptorSet{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET});
    w.dstBinding = binding;
    w.descriptorCount = count;
    w.descriptorType = type;
    return w;
  };
  // What a block without a buffer reads (GL leaves its values undefined): zeros from the ring.
  auto zeros = [&](std::uint32_t size, VkDeviceSize alignment) {
    size = std::max<std::uint32_t>(size, 16);
    auto alloc = res.uploads.allocate(size, std::max<VkDeviceSize>(alignment, 16));
    std::memset(alloc.pointer, 0, size);
    out.buffer_infos.push_back({alloc.buffer->handle(), alloc.offset, size});
  };
  if (reflection.default_block_size) {
    auto alloc = res.uploads.allocate(reflection.default_block_size,
                                      std::max<VkDeviceSize>(limits.minUniformBufferOffsetAlignment, 16));
    if (in.default_uniforms) std::memcpy(alloc.pointer, in.default_uniforms, reflection.default_block_size);
    else std::memset(alloc.pointer, 0, reflection.default_block_size);
    out.buffer_infos.push_back({alloc.buffer->handle(), alloc.offset, reflection.default_block_size});
    write(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1).pBufferInfo = &out.buffer_infos.back();
  }
  std::size_t sampler_index = 0, image_index = 0;
  for (const glsl::Resource& r : reflection.resources) {
    switch (r.kind) {
      case glsl::ResourceKind::UniformBuffer:
      case glsl::ResourceKind::StorageBuffer: {
        if (r.block < 0) break;  // the default block, written above
        const bool storage = r.kind == glsl::ResourceKind::StorageBuffer;
        const VkDeviceSize max_range = storage ? limits.maxStorageBufferRange : limits.maxUniformBufferRange;
        const std::size_t first_info = out.buffer_infos.size();
        for (std::uint32_t e = 0; e < r.count; ++e) {
          // Element e of a block array is the block "B[e]" (its own GL binding point).
          const std::size_t index = array_block(reflection, r, e);
          const glsl::UniformBlock& block = reflection.blocks[index];
          const BufferRange range = block_range(in, block, index);
          // GL checks a bound range against the buffer only at draw time (undefined values past
          // its end): the descriptor covers what lies inside the buffer, within the device's limit.
          // The buffer's size is GL's (width0): its storage may be larger (taken from a pool), and
          // an unsized array's length() is the range's.
          if (range.buffer && range.buffer->storage && range.offset < range.buffer->width0) {
            // GL aligns atomic counter ranges to 4 bytes only; Vulkan wants its storage alignment.
            if (storage && range.offset % limits.minStorageBufferOffsetAlignment)
              throw DrawError("the atomic counter buffer range starts at an offset the device cannot bind (not a "
                              "multiple of " + std::to_string(limits.minStorageBufferOffsetAlignment) + ")");
            Resource& buffer = const_cast<Resource&>(*range.buffer);
            vk_backend::Buffer& memory = *buffer.storage;
            memory.last_use = stream.open_serial();
            const VkDeviceSize inside = std::min<VkDeviceSize>(memory.size(), buffer.width0) - range.offset;
            const VkDeviceSize size = std::min<VkDeviceSize>({range.size ? VkDeviceSize(range.size) : inside, inside,
                                                              max_range});
            out.buffer_infos.push_back({memory.handle(), range.offset, size});
            // Shader stores land in the buffer: a later write there must not skip synchronization.
            if (storage) buffer.valid_buffer_range.add(range.offset, range.offset + size);
          } else {
            zeros(block.size, storage ? limits.minStorageBufferOffsetAlignment : limits.minUniformBufferOffsetAlignment);
          }
        }
        write(r.binding, storage ? VK_DESCRIPTOR_TYPE_STORAGE_BUFFER : VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, r.count)
            .pBufferInfo = &out.buffer_infos[first_info];
        break;
      }
      case glsl::ResourceKind::CombinedSampler: {
        const std::size_t first_info = out.image_infos.size();
        const std::uint32_t gl_type = r.uniform >= 0 ? reflection.uniforms[std::size_t(r.uniform)].gl_type : GL_SAMPLER_2D;
        for (std::uint32_t e = 0; e < r.count; ++e, ++sampler_index) {
          const TextureInput* t = sampler_index < in.sampler_textures.size() ? &in.sampler_textures[sampler_index]
                                                                              : nullptr;
          out.image_infos.push_back(sampled_descriptor(res, stream, t, gl_type));
        }
        write(r.binding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, r.count).pImageInfo = &out.image_infos[first_info];
        break;
      }
      case glsl::ResourceKind::TexelBuffer: {
        const std::size_t first_view = out.texel_views.size();
        const std::uint32_t gl_type =
            r.uniform >= 0 ? reflection.uniforms[std::size_t(r.uniform)].gl_type : GL_SAMPLER_BUFFER;
        for (std::uint32_t e = 0; e < r.count; ++e, ++sampler_index) {
          const TextureInput* t = sampler_index < in.sampler_textures.size() ? &in.sampler_textures[sampler_index]
                                                                              : nullptr;
          out.texel_views.push_back(texel_buffer_descriptor(res, stream, t, gl_type));
        }
        write(r.binding, VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER, r.count).pTexelBufferView =
            &out.texel_views[first_view];
        break;
      }
      case glsl::ResourceKind::StorageImage: {
        const std::size_t first_info = out.image_infos.size();
        const std::uint32_t gl_type = r.uniform >= 0 ? reflection.uniforms[std::size_t(r.uniform)].gl_type : GL_IMAGE_2D;
        for (std::uint32_t e = 0; e < r.count; ++e, ++image_index)
          out.image_infos.push_back(storage_image_descriptor(
              res, stream, image_index < in.images.size() ? &in.images[image_index] : nullptr, gl_type));
        write(r.binding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, r.count).pImageInfo = &out.image_infos[first_info];
        break;
      }
      default:
        throw DrawError("image buffers (imageBuffer uniforms) are not supported yet");
    }
  }
}

}  // namespace glvk::st
