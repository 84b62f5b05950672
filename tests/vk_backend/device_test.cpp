// Device bring-up on lavapipe with validation enabled (integration).
#include <gtest/gtest.h>

#include <string>

#include "glvk/vk_backend/error.h"
#include "vulkan_fixture.h"

namespace glvk::test {
namespace {

using DeviceTest = VulkanTest;

TEST_F(DeviceTest, RunsOnLavapipeWithValidation) {
  EXPECT_TRUE(instance().validation_enabled());
  EXPECT_TRUE(instance().has_debug_utils());
  EXPECT_NE(device().name().find("llvmpipe"), std::string::npos) << device().name();
  EXPECT_EQ(device().driver_properties().driverID, VK_DRIVER_ID_MESA_LLVMPIPE);
  EXPECT_GE(device().properties().apiVersion, VK_API_VERSION_1_3);
}

TEST_F(DeviceTest, QueueDoesGraphicsAndTransfer) {
  ASSERT_NE(device().queue(), VK_NULL_HANDLE);
  std::uint32_t count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device().physical_device(), &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(device().physical_device(), &count, families.data());
  ASSERT_LT(device().queue_family(), count);
  const VkQueueFlags flags = families[device().queue_family()].queueFlags;
  EXPECT_TRUE(flags & VK_QUEUE_GRAPHICS_BIT);
  EXPECT_TRUE(flags & VK_QUEUE_TRANSFER_BIT);  // implied by graphics; lavapipe also says so
  EXPECT_EQ(vkQueueWaitIdle(device().queue()), VK_SUCCESS);
}

TEST_F(DeviceTest, HostVisibleMemoryIsMappableAndKeepsData) {
  const VkBufferCreateInfo buffer_info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, nullptr, 0, 4096,
                                       VK_BUFFER_USAGE_TRANSFER_SRC_BIT, VK_SHARING_MODE_EXCLUSIVE};
  VkBuffer buffer;
  ASSERT_EQ(vkCreateBuffer(device().handle(), &buffer_info, nullptr, &buffer), VK_SUCCESS);
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device().handle(), buffer, &requirements);
  const std::uint32_t type = device().memory_type(
      requirements.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  const VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, requirements.size, type};
  VkDeviceMemory memory;
  ASSERT_EQ(vkAllocateMemory(device().handle(), &alloc, nullptr, &memory), VK_SUCCESS);
  ASSERT_EQ(vkBindBufferMemory(device().handle(), buffer, memory, 0), VK_SUCCESS);
  void* pointer = nullptr;
  ASSERT_EQ(vkMapMemory(device().handle(), memory, 0, VK_WHOLE_SIZE, 0, &pointer), VK_SUCCESS);
  static_cast<unsigned char*>(pointer)[4095] = 0xa5;
  vkUnmapMemory(device().handle(), memory);
  ASSERT_EQ(vkMapMemory(device().handle(), memory, 0, VK_WHOLE_SIZE, 0, &pointer), VK_SUCCESS);
  EXPECT_EQ(static_cast<unsigned char*>(pointer)[4095], 0xa5);
  vkUnmapMemory(device().handle(), memory);
  vkDestroyBuffer(device().handle(), buffer, nullptr);
  vkFreeMemory(device().handle(), memory, nullptr);
}

TEST_F(DeviceTest, ImpossibleMemoryRequestIsAClearError) {
  try {
    device().memory_type(0, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    FAIL() << "expected an error";
  } catch (const vk_backend::Error& e) {
    EXPECT_NE(std::string(e.what()).find("VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT"), std::string::npos) << e.what();
  }
}

TEST_F(DeviceTest, ValidationMessagesReachTheSink) {
  // A zero-sized buffer violates VUID-VkBufferCreateInfo-size-00912: the sink must see it.
  const VkBufferCreateInfo bad{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, nullptr, 0, 0, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                               VK_SHARING_MODE_EXCLUSIVE};
  VkBuffer buffer = VK_NULL_HANDLE;
  vkCreateBuffer(device().handle(), &bad, nullptr, &buffer);
  if (buffer) vkDestroyBuffer(device().handle(), buffer, nullptr);
  const auto errors = sink().errors();
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors.front().id_name.find("VUID-VkBufferCreateInfo-size"), std::string::npos) << errors.front().id_name;
  sink().clear();  // provoked on purpose
}

TEST(DeviceChoice, BadOverrideThrowsWithDeviceList) {
  vk_backend::Instance instance({});
  try {
    instance.choose_physical_device(std::string("no-such-device"));
    FAIL() << "expected an error";
  } catch (const vk_backend::Error& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-device"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("llvmpipe"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace glvk::test
