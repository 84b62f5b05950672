// A streaming upload ring for per-draw data the CPU writes once and the GPU reads once (uniform
// blocks, client-memory vertex arrays and indices, immediate-mode vertices): host-visible chunks
// handed out by suballocation and recycled once the batches that read them have finished (the
// role of Mesa's u_upload_mgr).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include <volk.h>

namespace glvk::vk_backend {

class Buffer;
class CommandStream;
class Device;

struct StreamAllocation {
  Buffer* buffer = nullptr;
  VkDeviceSize offset = 0;
  std::byte* pointer = nullptr;  // where the CPU writes the data
};

class StreamBuffer {
 public:
  StreamBuffer(const Device& device, CommandStream& stream, VkDeviceSize chunk_size = VkDeviceSize(4) << 20);
  ~StreamBuffer();
  StreamBuffer(const StreamBuffer&) = delete;
  StreamBuffer& operator=(const StreamBuffer&) = delete;

  // `size` bytes at a multiple of `alignment` (a power of two), readable by the open batch.
  StreamAllocation allocate(VkDeviceSize size, VkDeviceSize alignment);

  std::size_t chunk_count() const { return chunks_.size(); }

 private:
  struct Chunk {
    std::shared_ptr<Buffer> buffer;
    VkDeviceSize used = 0;
  };
  const Device& device_;
  CommandStream& stream_;
  VkDeviceSize chunk_size_;
  std::vector<Chunk> chunks_;  // chunks_[current_] is being filled
  std::size_t current_ = 0;
};

}  // namespace glvk::vk_backend
