// Recycles buffers once the GPU is done with them, so renames and staging transfers stop paying
// for an allocation each (the role of Mesa's pb_cache / stream uploader).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "glvk/vk_backend/buffer.h"

namespace glvk::vk_backend {

class CommandStream;

class BufferPool {
 public:
  // Keeps at most `max_cached_bytes` of idle buffers.
  BufferPool(const Device& device, CommandStream& stream, VkDeviceSize max_cached_bytes);

  // A buffer of exactly `size` bytes in `placement`: a cached one whose last use has finished, or
  // a new one. Callers round sizes (staging_size) so that requests meet.
  std::shared_ptr<Buffer> acquire(VkDeviceSize size, MemoryPlacement placement);
  // Takes `buffer` back; it is handed out again only after its last batch completed.
  void release(std::shared_ptr<Buffer> buffer);

  VkDeviceSize cached_bytes() const { return cached_bytes_; }
  std::uint64_t reuses() const { return reuses_; }

 private:
  const Device& device_;
  CommandStream& stream_;
  VkDeviceSize max_cached_bytes_;
  VkDeviceSize cached_bytes_ = 0;
  std::uint64_t reuses_ = 0;
  std::vector<std::shared_ptr<Buffer>> idle_;  // oldest first
};

// Staging sizes meet in powers of two from 4 KiB, so transfers of similar sizes share buffers.
VkDeviceSize staging_size(VkDeviceSize bytes);

}  // namespace glvk::vk_backend
