// Small Vulkan conveniences for tests: a mapped host buffer and one-shot command submission.
#pragma once

#include <cstddef>
#include <functional>

#include "glvk/vk_backend/device.h"

namespace glvk::test {

// A host-visible, coherent, persistently mapped buffer usable as transfer source and destination.
class HostBuffer {
 public:
  HostBuffer(const vk_backend::Device& device, VkDeviceSize size);
  ~HostBuffer();
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;
  VkBuffer handle() const { return buffer_; }
  std::byte* data() const { return data_; }
  VkDeviceSize size() const { return size_; }

 private:
  const vk_backend::Device& device_;
  VkDeviceSize size_;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  std::byte* data_ = nullptr;
};

// Records `record` into a fresh command buffer, submits it and waits for it to finish.
void submit_and_wait(const vk_backend::Device& device, const std::function<void(VkCommandBuffer)>& record);

}  // namespace glvk::test
