#include "glvk/vk_backend/memory_types.h"

namespace glvk::vk_backend {

std::optional<std::uint32_t> find_memory_type(const VkPhysicalDeviceMemoryProperties& properties,
                                              std::uint32_t type_bits, VkMemoryPropertyFlags required,
                                              VkMemoryPropertyFlags preferred) {
  std::optional<std::uint32_t> first_acceptable;
  for (std::uint32_t i = 0; i < properties.memoryTypeCount && i < 32; ++i) {
    if (!(type_bits & (1u << i))) continue;
    const VkMemoryPropertyFlags flags = properties.memoryTypes[i].propertyFlags;
    if ((flags & required) != required) continue;
    if ((flags & preferred) == preferred) return i;
    if (!first_acceptable) first_acceptable = i;
  }
  return first_acceptable;
}

}  // namespace glvk::vk_backend
