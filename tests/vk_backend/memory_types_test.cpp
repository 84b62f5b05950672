#include <gtest/gtest.h>

#include "glvk/vk_backend/memory_types.h"

namespace glvk::vk_backend {
namespace {

// A discrete GPU's typical list: device-local, host-visible coherent, host-visible cached, and a
// device-local host-visible window (BAR).
VkPhysicalDeviceMemoryProperties discrete_gpu() {
  VkPhysicalDeviceMemoryProperties p{};
  p.memoryTypeCount = 4;
  p.memoryTypes[0].propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  p.memoryTypes[1].propertyFlags = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  p.memoryTypes[2].propertyFlags =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
  p.memoryTypes[3].propertyFlags =
      VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  return p;
}

TEST(MemoryTypes, FirstTypeWithRequiredProperties) {
  EXPECT_EQ(find_memory_type(discrete_gpu(), 0xf, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), 0u);
  EXPECT_EQ(find_memory_type(discrete_gpu(), 0xf, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT), 1u);
}

TEST(MemoryTypes, PreferredPropertiesWinAmongAcceptableTypes) {
  EXPECT_EQ(find_memory_type(discrete_gpu(), 0xf, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                             VK_MEMORY_PROPERTY_HOST_CACHED_BIT),
            2u);
  EXPECT_EQ(find_memory_type(discrete_gpu(), 0xf, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                             VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT),
            3u);
}

TEST(MemoryTypes, PreferenceFallsBackWhenUnavailable) {
  // Only type 1 allowed: it lacks HOST_CACHED but is still acceptable.
  EXPECT_EQ(find_memory_type(discrete_gpu(), 0x2, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                             VK_MEMORY_PROPERTY_HOST_CACHED_BIT),
            1u);
}

TEST(MemoryTypes, TypeBitsRestrictTheChoice) {
  EXPECT_EQ(find_memory_type(discrete_gpu(), 0x8, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), 3u);
  EXPECT_FALSE(find_memory_type(discrete_gpu(), 0x1, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT).has_value());
  EXPECT_FALSE(find_memory_type(discrete_gpu(), 0x0, 0).has_value());
}

TEST(MemoryTypes, BitsBeyondTypeCountAreIgnored) {
  EXPECT_FALSE(find_memory_type(discrete_gpu(), 0xfffffff0u, 0).has_value());
}

}  // namespace
}  // namespace glvk::vk_backend
