// Replaced storage on lavapipe with validation: image memory kept for the next image of its size
// (and given back when the budget is passed or the device runs out), and the bytes CommandStream
// holds for unfinished batches, which bound what draws let pile up.
#include <gtest/gtest.h>

#include <memory>

#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/image.h"
#include "glvk/vk_backend/memory_recycler.h"
#include "vulkan_fixture.h"

namespace glvk::test {
namespace {

using vk_backend::MemoryRecycler;

using MemoryRecyclerTest = VulkanTest;

VkDeviceMemory allocate(vk_backend::Device& device, VkDeviceSize size) {
  const VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, size, device.memory_type(~0u, 0)};
  VkDeviceMemory memory = VK_NULL_HANDLE;
  EXPECT_EQ(vkAllocateMemory(device.handle(), &info, nullptr, &memory), VK_SUCCESS);
  return memory;
}

TEST_F(MemoryRecyclerTest, BlocksMeetOnlyTheirTypeAndSizeWithinTheBudget) {
  MemoryRecycler recycler(3 << 20);
  const VkDevice d = device().handle();
  const std::uint32_t t = device().memory_type(~0u, 0);
  const VkDeviceMemory a = allocate(device(), 1 << 20), b = allocate(device(), 1 << 20), c = allocate(device(), 2 << 20);
  recycler.keep(d, {a, t, 1 << 20, nullptr});
  EXPECT_FALSE(recycler.take(t, 2 << 20, false));  // another size
  EXPECT_FALSE(recycler.take(t + 1, 1 << 20, false));  // another type
  EXPECT_FALSE(recycler.take(t, 1 << 20, true));        // mapped memory asked for
  recycler.keep(d, {b, t, 1 << 20, nullptr});
  recycler.keep(d, {c, t, 2 << 20, nullptr});  // 4 MiB: the oldest (a) is freed
  const auto taken = recycler.take(t, 1 << 20, false);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->memory, b);
  EXPECT_FALSE(recycler.take(t, 1 << 20, false));  // a went over the budget
  EXPECT_EQ(recycler.reuses(), 1u);
  EXPECT_TRUE(recycler.release_all(d));  // frees c
  EXPECT_FALSE(recycler.take(t, 2 << 20, false));
  EXPECT_FALSE(recycler.release_all(d));
  vkFreeMemory(d, taken->memory, nullptr);
}

TEST_F(MemoryRecyclerTest, AnImageOfTheSameSizeTakesTheMemoryOfADestroyedOne) {
  vk_backend::ImageDescription description;
  description.format = VK_FORMAT_R8G8B8A8_UNORM;
  description.extent = {64, 64, 1};
  const std::uint64_t before = device().image_memory().reuses();
  auto first = std::make_unique<vk_backend::Image>(device(), description);
  first.reset();
  const vk_backend::Image second(device(), description);
  EXPECT_EQ(device().image_memory().reuses(), before + 1);
  description.extent = {32, 32, 1};
  const vk_backend::Image third(device(), description);  // nothing of its size kept
  EXPECT_EQ(device().image_memory().reuses(), before + 1);
  // A linear image's memory stays mapped: only another linear image takes it.
  description.tiling = VK_IMAGE_TILING_LINEAR;
  description.extent = {16, 16, 1};
  auto linear = std::make_unique<vk_backend::Image>(device(), description);
  linear.reset();
  description.tiling = VK_IMAGE_TILING_OPTIMAL;
  const vk_backend::Image optimal(device(), description);
  EXPECT_FALSE(optimal.host_accessible());
  description.tiling = VK_IMAGE_TILING_LINEAR;
  const vk_backend::Image linear_again(device(), description);
  EXPECT_TRUE(linear_again.host_accessible());
}

TEST_F(MemoryRecyclerTest, StorageWaitingForABatchCountsUntilTheBatchFinished) {
  vk_backend::CommandStream stream(device());
  vk_backend::Buffer source(device(), 256, vk_backend::MemoryPlacement::HostUpload);
  vk_backend::Buffer target(device(), 256, vk_backend::MemoryPlacement::DeviceLocal);
  stream.copy_buffer(source, 0, target, 0, 256);  // the open batch now holds work
  auto held = std::make_shared<int>(7);
  std::weak_ptr<int> watch = held;
  stream.release_after(std::move(held), stream.open_serial(), 100 << 20);
  EXPECT_EQ(stream.retained_bytes(), VkDeviceSize(100) << 20);
  EXPECT_FALSE(watch.expired());
  stream.wait_idle();
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(stream.retained_bytes(), 0u);
  // Storage whose batch already finished goes at once and counts nothing.
  stream.release_after(std::make_shared<int>(8), stream.open_serial() - 1, 1 << 20);
  EXPECT_EQ(stream.retained_bytes(), 0u);
}

}  // namespace
}  // namespace glvk::test
