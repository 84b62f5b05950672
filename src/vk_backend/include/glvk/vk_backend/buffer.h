// Buffers and their memory: one VkBuffer with its own allocation, placed by intent.
#pragma once

#include <cstddef>
#include <cstdint>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

// Where a buffer's memory lives. Host placements always get HOST_COHERENT memory, so CPU writes
// need no flush and persistent coherent maps come for free.
enum class MemoryPlacement {
  DeviceLocal,   // fastest for the GPU; may or may not be host-visible
  HostUpload,    // host-visible, written by the CPU, read by the GPU (first such type in driver order)
  HostReadback,  // host-visible, written by the GPU, read by the CPU (prefers HOST_CACHED)
};

const char* placement_name(MemoryPlacement placement);

// The memory property flags a placement requires and prefers (pure, tested without a device).
struct MemoryRequest {
  VkMemoryPropertyFlags required;
  VkMemoryPropertyFlags preferred;
};
MemoryRequest memory_request(MemoryPlacement placement);

class Buffer {
 public:
  // Usable as transfer source and destination plus every buffer role GL may bind it to.
  Buffer(const Device& device, VkDeviceSize size, MemoryPlacement placement);
  // A transfer buffer over application memory (VK_EXT_external_memory_host): `host_memory` and
  // `size` are multiples of device.host_pointer_alignment(), and the memory outlives the buffer.
  // mapped() is `host_memory`; placement() is HostReadback.
  Buffer(const Device& device, void* host_memory, VkDeviceSize size);
  ~Buffer();
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  VkBuffer handle() const { return buffer_; }
  VkDeviceSize size() const { return size_; }
  MemoryPlacement placement() const { return placement_; }
  std::uint32_t memory_type() const { return memory_type_; }
  VkMemoryPropertyFlags memory_flags() const { return memory_flags_; }
  // Persistently mapped pointer; null when the memory is not host-visible.
  std::byte* mapped() const { return mapped_; }

  // The serial of the last command batch that uses this buffer (0: never used by the GPU).
  std::uint64_t last_use = 0;

 private:
  const Device& device_;
  VkDeviceSize size_;
  MemoryPlacement placement_;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  std::uint32_t memory_type_ = 0;
  VkMemoryPropertyFlags memory_flags_ = 0;
  std::byte* mapped_ = nullptr;
};

// A typed view of a range of a buffer (a uniform texel buffer: GL's buffer textures). `range` is a
// whole number of texels of `format`, inside the buffer.
class BufferView {
 public:
  BufferView(const Device& device, const Buffer& buffer, VkFormat format, VkDeviceSize offset, VkDeviceSize range);
  ~BufferView();
  BufferView(const BufferView&) = delete;
  BufferView& operator=(const BufferView&) = delete;

  VkBufferView handle() const { return view_; }

 private:
  const Device& device_;
  VkBufferView view_ = VK_NULL_HANDLE;
};

}  // namespace glvk::vk_backend
