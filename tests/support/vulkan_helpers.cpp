#include "vulkan_helpers.h"

#include "glvk/vk_backend/error.h"

namespace glvk::test {

using vk_backend::check;

HostBuffer::HostBuffer(const vk_backend::Device& device, VkDeviceSize size) : device_(device), size_(size) {
  const VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, nullptr, 0, size,
                                VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                VK_SHARING_MODE_EXCLUSIVE};
  check(vkCreateBuffer(device_.handle(), &info, nullptr, &buffer_), "vkCreateBuffer");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device_.handle(), buffer_, &requirements);
  const VkMemoryAllocateInfo alloc{
      VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, requirements.size,
      device_.memory_type(requirements.memoryTypeBits,
                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT)};
  check(vkAllocateMemory(device_.handle(), &alloc, nullptr, &memory_), "vkAllocateMemory");
  check(vkBindBufferMemory(device_.handle(), buffer_, memory_, 0), "vkBindBufferMemory");
  void* pointer = nullptr;
  check(vkMapMemory(device_.handle(), memory_, 0, VK_WHOLE_SIZE, 0, &pointer), "vkMapMemory");
  data_ = static_cast<std::byte*>(pointer);
}

HostBuffer::~HostBuffer() {
  vkDestroyBuffer(device_.handle(), buffer_, nullptr);
  vkFreeMemory(device_.handle(), memory_, nullptr);
}

void submit_and_wait(const vk_backend::Device& device, const std::function<void(VkCommandBuffer)>& record) {
  const VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, nullptr, 0,
                                          device.queue_family()};
  VkCommandPool pool;
  check(vkCreateCommandPool(device.handle(), &pool_info, nullptr, &pool), "vkCreateCommandPool");
  const VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, nullptr, pool,
                                          VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
  VkCommandBuffer commands;
  check(vkAllocateCommandBuffers(device.handle(), &alloc, &commands), "vkAllocateCommandBuffers");
  const VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, nullptr,
                                       VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
  check(vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer");
  record(commands);
  // Make the GPU's writes visible to the host reads that follow.
  VkMemoryBarrier2 to_host{VK_STRUCTURE_TYPE_MEMORY_BARRIER_2};
  to_host.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  to_host.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  to_host.dstStageMask = VK_PIPELINE_STAGE_2_HOST_BIT;
  to_host.dstAccessMask = VK_ACCESS_2_HOST_READ_BIT;
  VkDependencyInfo dependency{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dependency.memoryBarrierCount = 1;
  dependency.pMemoryBarriers = &to_host;
  vkCmdPipelineBarrier2(commands, &dependency);
  check(vkEndCommandBuffer(commands), "vkEndCommandBuffer");
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  check(vkQueueSubmit(device.queue(), 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
  check(vkQueueWaitIdle(device.queue()), "vkQueueWaitIdle");
  vkDestroyCommandPool(device.handle(), pool, nullptr);
}

}  // namespace glvk::test
