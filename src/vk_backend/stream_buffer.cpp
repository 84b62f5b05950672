#include "glvk/vk_backend/stream_buffer.h"

#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/commands.h"

namespace glvk::vk_backend {

StreamBuffer::StreamBuffer(const Device& device, CommandStream& stream, VkDeviceSize chunk_size)
    : device_(device), stream_(stream), chunk_size_(chunk_size) {}

StreamBuffer::~StreamBuffer() {
  for (Chunk& chunk : chunks_) {
    const std::uint64_t last_use = chunk.buffer->last_use;  // read before the move below
    stream_.release_after(std::move(chunk.buffer), last_use);
  }
}

StreamAllocation StreamBuffer::allocate(VkDeviceSize size, VkDeviceSize alignment) {
  auto fits = [&](const Chunk& c) { return ((c.used + alignment - 1) & ~(alignment - 1)) + size <= c.buffer->size(); };
  if (chunks_.empty() || !fits(chunks_[current_])) {
    // The next chunk in the ring whose readers have finished, else a new one. Oversized requests
    // get a chunk of their own size.
    const VkDeviceSize wanted = size > chunk_size_ ? size : chunk_size_;
    std::size_t found = chunks_.size();
    for (std::size_t step = 1; step <= chunks_.size(); ++step) {
      const std::size_t i = (current_ + step) % chunks_.size();
      if (chunks_[i].buffer->size() >= wanted && stream_.is_complete(chunks_[i].buffer->last_use)) {
        found = i;
        break;
      }
    }
    if (found == chunks_.size())
      chunks_.push_back({std::make_shared<Buffer>(device_, wanted, MemoryPlacement::HostUpload), 0});
    current_ = found;
    chunks_[current_].used = 0;
  }
  Chunk& chunk = chunks_[current_];
  const VkDeviceSize offset = (chunk.used + alignment - 1) & ~(alignment - 1);
  chunk.used = offset + size;
  chunk.buffer->last_use = stream_.open_serial();
  return {chunk.buffer.get(), offset, chunk.buffer->mapped() + offset};
}

}  // namespace glvk::vk_backend
