#include "glvk/vk_backend/buffer.h"

#include <algorithm>
#include <string>

#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/fault_injection.h"

namespace glvk::vk_backend {

const char* placement_name(MemoryPlacement placement) {
  switch (placement) {
    case MemoryPlacement::DeviceLocal: return "device-local";
    case MemoryPlacement::HostUpload: return "host-upload";
    case MemoryPlacement::HostReadback: return "host-readback";
  }
  return "?";
}

MemoryRequest memory_request(MemoryPlacement placement) {
  switch (placement) {
    case MemoryPlacement::DeviceLocal: return {0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT};
    case MemoryPlacement::HostUpload:
      return {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0};
    case MemoryPlacement::HostReadback:
      return {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT,
              VK_MEMORY_PROPERTY_HOST_CACHED_BIT};
  }
  return {0, 0};
}

Buffer::Buffer(const Device& device, VkDeviceSize size, MemoryPlacement placement)
    : device_(device), size_(size), placement_(placement) {
  // Larger than any heap: refuse before Vulkan sees it (vkCreateBuffer/vkAllocateMemory would be
  // invalid usage, not a clean out-of-memory).
  const VkPhysicalDeviceMemoryProperties& memory = device.memory_properties();
  VkDeviceSize largest_heap = 0;
  for (std::uint32_t i = 0; i < memory.memoryHeapCount; ++i)
    largest_heap = std::max(largest_heap, memory.memoryHeaps[i].size);
  if (size == 0 || size > largest_heap)
    throw Error("a buffer of " + std::to_string(size) + " bytes cannot be allocated on " + device.name(),
                VK_ERROR_OUT_OF_DEVICE_MEMORY);
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
               VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT |
               VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
               VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT;
  // Any buffer may receive transform feedback (GL binds any buffer object there).
  if (device.draw_features().transform_feedback)
    info.usage |= VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT | VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(vkCreateBuffer(device.handle(), &info, nullptr, &buffer_), "vkCreateBuffer");

  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device.handle(), buffer_, &requirements);
  const MemoryRequest request = memory_request(placement);
  try {
    memory_type_ = device.memory_type(requirements.memoryTypeBits, request.required, request.preferred);
  } catch (...) {
    vkDestroyBuffer(device.handle(), buffer_, nullptr);
    throw;
  }
  memory_flags_ = memory.memoryTypes[memory_type_].propertyFlags;
  if (requirements.size > memory.memoryHeaps[memory.memoryTypes[memory_type_].heapIndex].size) {
    vkDestroyBuffer(device.handle(), buffer_, nullptr);
    throw Error("a buffer of " + std::to_string(size) + " bytes does not fit its memory heap",
                VK_ERROR_OUT_OF_DEVICE_MEMORY);
  }

  VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocate.allocationSize = requirements.size;
  allocate.memoryTypeIndex = memory_type_;
  VkResult result = injected_allocation_fault();
  if (result == VK_SUCCESS) result = vkAllocateMemory(device.handle(), &allocate, nullptr, &memory_);
  if (result == VK_SUCCESS) result = vkBindBufferMemory(device.handle(), buffer_, memory_, 0);
  if (result == VK_SUCCESS && (memory_flags_ & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)) {
    void* pointer = nullptr;
    result = vkMapMemory(device.handle(), memory_, 0, VK_WHOLE_SIZE, 0, &pointer);
    mapped_ = static_cast<std::byte*>(pointer);
  }
  if (result != VK_SUCCESS) {
    if (memory_) vkFreeMemory(device.handle(), memory_, nullptr);
    vkDestroyBuffer(device.handle(), buffer_, nullptr);
    check(result, "allocating buffer memory");
  }
}

Buffer::Buffer(const Device& device, void* host_memory, VkDeviceSize size)
    : device_(device), size_(size), placement_(MemoryPlacement::HostReadback) {
  const auto handle_type = VK_EXTERNAL_MEMORY_HANDLE_TYPE_HOST_ALLOCATION_BIT_EXT;
  VkMemoryHostPointerPropertiesEXT properties{VK_STRUCTURE_TYPE_MEMORY_HOST_POINTER_PROPERTIES_EXT};
  check(vkGetMemoryHostPointerPropertiesEXT(device.handle(), handle_type, host_memory, &properties),
        "vkGetMemoryHostPointerPropertiesEXT");
  VkExternalMemoryBufferCreateInfo external{VK_STRUCTURE_TYPE_EXTERNAL_MEMORY_BUFFER_CREATE_INFO};
  external.handleTypes = handle_type;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, &external};
  info.size = size;
  info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(vkCreateBuffer(device.handle(), &info, nullptr, &buffer_), "vkCreateBuffer");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device.handle(), buffer_, &requirements);
  VkResult result = VK_ERROR_OUT_OF_DEVICE_MEMORY;
  if (const std::uint32_t types = requirements.memoryTypeBits & properties.memoryTypeBits)
    try {
      memory_type_ = device.memory_type(types, 0);
      VkImportMemoryHostPointerInfoEXT import{VK_STRUCTURE_TYPE_IMPORT_MEMORY_HOST_POINTER_INFO_EXT};
      import.handleType = handle_type;
      import.pHostPointer = host_memory;
      VkMemoryAllocateInfo allocate{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, &import};
      allocate.allocationSize = size;
      allocate.memoryTypeIndex = memory_type_;
      result = vkAllocateMemory(device.handle(), &allocate, nullptr, &memory_);
    } catch (const Error&) {
    }
  if (result == VK_SUCCESS) result = vkBindBufferMemory(device.handle(), buffer_, memory_, 0);
  if (result != VK_SUCCESS) {
    if (memory_) vkFreeMemory(device.handle(), memory_, nullptr);
    vkDestroyBuffer(device.handle(), buffer_, nullptr);
    check(result, "importing host memory");
  }
  memory_flags_ = device.memory_properties().memoryTypes[memory_type_].propertyFlags;
  mapped_ = static_cast<std::byte*>(host_memory);
}

Buffer::~Buffer() {
  // Freeing memory unmaps it.
  vkDestroyBuffer(device_.handle(), buffer_, nullptr);
  vkFreeMemory(device_.handle(), memory_, nullptr);
}

BufferView::BufferView(const Device& device, const Buffer& buffer, VkFormat format, VkDeviceSize offset,
                       VkDeviceSize range)
    : device_(device) {
  VkBufferViewCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
  info.buffer = buffer.handle();
  info.format = format;
  info.offset = offset;
  info.range = range;
  check(vkCreateBufferView(device.handle(), &info, nullptr, &view_), "vkCreateBufferView");
}

BufferView::~BufferView() { vkDestroyBufferView(device_.handle(), view_, nullptr); }

}  // namespace glvk::vk_backend
