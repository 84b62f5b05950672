#include "glvk/vk_backend/buffer_pool.h"

#include "glvk/vk_backend/commands.h"

namespace glvk::vk_backend {

VkDeviceSize staging_size(VkDeviceSize bytes) {
  VkDeviceSize size = 4096;
  while (size < bytes) size *= 2;
  return size;
}

BufferPool::BufferPool(const Device& device, CommandStream& stream, VkDeviceSize max_cached_bytes)
    : device_(device), stream_(stream), max_cached_bytes_(max_cached_bytes) {}

std::shared_ptr<Buffer> BufferPool::acquire(VkDeviceSize size, MemoryPlacement placement) {
  for (auto it = idle_.begin(); it != idle_.end(); ++it) {
    Buffer& b = **it;
    if (b.size() != size || b.placement() != placement || !stream_.is_complete(b.last_use)) continue;
    std::shared_ptr<Buffer> found = std::move(*it);
    idle_.erase(it);
    cached_bytes_ -= size;
    ++reuses_;
    return found;
  }
  return std::make_shared<Buffer>(device_, size, placement);
}

void BufferPool::release(std::shared_ptr<Buffer> buffer) {
  if (!buffer) return;
  // Make room by dropping the oldest idle buffers (destroyed once the GPU is done with them).
  while (!idle_.empty() && cached_bytes_ + buffer->size() > max_cached_bytes_) {
    cached_bytes_ -= idle_.front()->size();
    const std::uint64_t last_use = idle_.front()->last_use;
    const VkDeviceSize bytes = idle_.front()->size();
    stream_.release_after(std::move(idle_.front()), last_use, bytes);
    idle_.erase(idle_.begin());
  }
  if (buffer->size() > max_cached_bytes_) {
    const std::uint64_t last_use = buffer->last_use;
    const VkDeviceSize bytes = buffer->size();
    stream_.release_after(std::move(buffer), last_use, bytes);
    return;
  }
  cached_bytes_ += buffer->size();
  idle_.push_back(std::move(buffer));
}

}  // namespace glvk::vk_backend
