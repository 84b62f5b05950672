// Memory-type choice: pure functions over VkPhysicalDeviceMemoryProperties.
#pragma once

#include <cstdint>
#include <optional>

#include <volk.h>

namespace glvk::vk_backend {

// The first memory type allowed by type_bits (from VkMemoryRequirements) that has every
// `required` property; among those, the first that also has every `preferred` property wins.
// Types are tried in the driver's order, which the Vulkan spec asks drivers to sort by performance.
std::optional<std::uint32_t> find_memory_type(const VkPhysicalDeviceMemoryProperties& properties,
                                              std::uint32_t type_bits, VkMemoryPropertyFlags required,
                                              VkMemoryPropertyFlags preferred = 0);

}  // namespace glvk::vk_backend
