// Device bring-up on lavapipe with validation enabled (integration).
#include <gtest/gtest.h>

#include <string>

#include "glvk/vk_backend/error.h"
#include "vulkan_fixture.h"
#include "vulkan_helpers.h"

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

TEST_F(DeviceTest, HostVisibleMemoryKeepsDataAcrossAGpuCopy) {
  HostBuffer source(device(), 4096), destination(device(), 4096);
  for (int i = 0; i < 4096; ++i) source.data()[i] = std::byte(i * 13);
  submit_and_wait(device(), [&](VkCommandBuffer cmd) {
    const VkBufferCopy region{0, 0, 4096};
    vkCmdCopyBuffer(cmd, source.handle(), destination.handle(), 1, &region);
  });
  for (int i = 0; i < 4096; ++i) ASSERT_EQ(destination.data()[i], std::byte(i * 13)) << i;
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
