// Buffer textures in draws (st_atom_texture's buffer sampler views, GL 4.6 8.9): a samplerBuffer
// element reads its unit's buffer texture through a cached VkBufferView of the buffer's range.
#include <algorithm>
#include <cstring>

#include "glvk/formats/format.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "sampled_view.h"
#include "shadow_tag.h"

namespace glvk::st {

VkBufferView DrawResources::buffer_view(const std::shared_ptr<vk_backend::Buffer>& buffer, const BufferViewKey& key,
                                        bool* created) {
  if (created) *created = false;
  auto found = buffer_views.find(key);
  if (found != buffer_views.end() && found->second.buffer.lock() == buffer) return found->second.view->handle();
  if (created) *created = true;
  if (found != buffer_views.end()) buffer_views.erase(found);  // a dead buffer's view under a reused address
  // Views of destroyed buffers go once they pile up (storage is released only after the GPU is
  // done with it, so their views are idle too).
  if (buffer_views.size() > 4096)
    std::erase_if(buffer_views, [](const auto& entry) { return entry.second.buffer.expired(); });
  auto view = std::make_shared<vk_backend::BufferView>(*screen.device, *buffer, key.format, key.offset, key.range);
  const VkBufferView handle = view->handle();
  buffer_views.emplace(key, CachedBufferView{buffer, std::move(view)});
  return handle;
}

namespace {

VkBufferView zero_texel_view(DrawResources& res, int kind) {
  if (!res.zero_texel) {
    res.zero_texel = std::make_shared<vk_backend::Buffer>(*res.screen.device, 16,
                                                          vk_backend::MemoryPlacement::HostUpload);
    std::memset(res.zero_texel->mapped(), 0, 16);
  }
  auto& view = res.zero_texel_views[std::size_t(kind)];
  if (!view) {
    const VkFormat format = kind == 1   ? VK_FORMAT_R32G32B32A32_SINT
                            : kind == 2 ? VK_FORMAT_R32G32B32A32_UINT
                                        : VK_FORMAT_R32G32B32A32_SFLOAT;
    view = std::make_unique<vk_backend::BufferView>(*res.screen.device, *res.zero_texel, format, 0, 16);
  }
  return view->handle();
}

}  // namespace

VkBufferView texel_buffer_descriptor(DrawResources& res, vk_backend::CommandStream& stream, const TextureInput* t,
                                     std::uint32_t sampler_gl_type) {
  const vk_backend::Device& device = *res.screen.device;
  const int kind = sampled_kind(sampler_gl_type);
  if (!t || !t->buffer || !t->buffer->storage || t->buffer_format == formats::Format::NONE)
    return zero_texel_view(res, kind);
  const formats::FormatDesc& d = formats::describe(t->buffer_format);
  const std::shared_ptr<vk_backend::Buffer>& storage = t->buffer->storage;
  const VkDeviceSize texel = d.block_bits / 8;
  const VkDeviceSize inside = t->buffer_offset < storage->size() ? storage->size() - t->buffer_offset : 0;
  // Whole texels inside the buffer, within the device's limit (GL: fetches past the end read zeros).
  const VkDeviceSize texels = std::min<VkDeviceSize>(std::min(t->buffer_size, inside) / std::max<VkDeviceSize>(texel, 1),
                                                     device.properties().limits.maxTexelBufferElements);
  // An integer format read by a float sampler (or the reverse) is undefined in GL; Vulkan must not
  // see the mismatch, so such reads get zeros.
  if (texels == 0 || texel == 0 || format_kind(d) != kind || d.vk_format == 0) return zero_texel_view(res, kind);
  storage->last_use = stream.open_serial();
  const BufferViewKey key{storage.get(), VkFormat(d.vk_format), t->buffer_offset, texels * texel};
  bool created = false;
  const VkBufferView view = res.buffer_view(storage, key, &created);
  if (created) shadow_texel_buffer_view(device, view, t->buffer_format, storage->size(), key.offset, key.range);
  return view;
}

}  // namespace glvk::st
