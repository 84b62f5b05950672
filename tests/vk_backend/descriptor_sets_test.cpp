// Descriptor set layouts on lavapipe with validation: which are pushed, which limits refuse a layout
// before Vulkan sees it (VkPipelineLayoutCreateInfo's per-set and per-stage rules), and the pools a
// batch allocates its sets from.
#include <gtest/gtest.h>

#include <vector>

#include "glvk/vk_backend/descriptor_sets.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "vulkan_fixture.h"

namespace glvk::test {
namespace {

using vk_backend::DescriptorLayout;
using vk_backend::DescriptorPools;
using vk_backend::descriptor_limits_exceeded;

VkDescriptorSetLayoutBinding binding(std::uint32_t number, VkDescriptorType type, std::uint32_t count,
                                     VkShaderStageFlags stages) {
  return {number, type, count, stages, nullptr};
}

// Limits of a made-up device, small enough to pass with a few descriptors.
VkPhysicalDeviceLimits small_limits() {
  VkPhysicalDeviceLimits l{};
  l.maxPerStageDescriptorSamplers = 4;
  l.maxPerStageDescriptorUniformBuffers = 2;
  l.maxPerStageDescriptorStorageBuffers = 2;
  l.maxPerStageDescriptorSampledImages = 6;
  l.maxPerStageDescriptorStorageImages = 2;
  l.maxPerStageDescriptorInputAttachments = 1;
  l.maxPerStageResources = 8;
  l.maxDescriptorSetSamplers = 6;
  l.maxDescriptorSetUniformBuffers = 3;
  l.maxDescriptorSetStorageBuffers = 3;
  l.maxDescriptorSetSampledImages = 8;
  l.maxDescriptorSetStorageImages = 3;
  l.maxDescriptorSetInputAttachments = 1;
  return l;
}

TEST(DescriptorLimitsTest, PerStageAndPerSetRulesAsVulkanCountsThem) {
  const VkPhysicalDeviceLimits l = small_limits();
  const VkShaderStageFlags vs = VK_SHADER_STAGE_VERTEX_BIT, fs = VK_SHADER_STAGE_FRAGMENT_BIT;
  // 4 samplers in each of two stages: each stage within its 4, the set's 8 past its 6.
  std::vector<VkDescriptorSetLayoutBinding> b{binding(0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4, vs),
                                              binding(1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 4, fs)};
  EXPECT_EQ(descriptor_limits_exceeded(l, b), "8 samplers exceed the device's 6 per descriptor set");
  b[1].descriptorCount = 2;
  EXPECT_EQ(descriptor_limits_exceeded(l, b), "");
  // A binding seen by two stages counts in each; a combined sampler is a sampler and a sampled image.
  b[1].stageFlags = vs | fs;
  EXPECT_EQ(descriptor_limits_exceeded(l, b), "6 samplers in the vertex stage exceed the device's 4 per stage");
  b = {binding(0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 3, fs), binding(1, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 4, fs)};
  EXPECT_EQ(descriptor_limits_exceeded(l, b), "7 sampled images in the fragment stage exceed the device's 6 per stage");
  // Texel buffers count with images: uniform ones as sampled, storage ones as storage images.
  b = {binding(0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, fs), binding(1, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER, 2, fs)};
  EXPECT_EQ(descriptor_limits_exceeded(l, b), "3 storage images in the fragment stage exceed the device's 2 per stage");
  // Every class within its limit, the stage's total past maxPerStageResources.
  b = {binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 2, fs), binding(1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2, fs),
       binding(2, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 3, fs), binding(3, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 2, fs)};
  EXPECT_EQ(descriptor_limits_exceeded(l, b), "9 descriptors in the fragment stage exceed the device's 8 resources per stage");
  b.pop_back();
  EXPECT_EQ(descriptor_limits_exceeded(l, b), "");
}

using DescriptorSetsTest = VulkanTest;

std::vector<VkDescriptorSetLayoutBinding> samplers(std::uint32_t count) {
  return {binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, VK_SHADER_STAGE_FRAGMENT_BIT),
          binding(1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, count, VK_SHADER_STAGE_FRAGMENT_BIT)};
}

TEST_F(DescriptorSetsTest, LayoutsArePushedWhenTheDevicePushesAllTheirDescriptors) {
  const std::uint32_t max_push = device().max_push_descriptors();
  ASSERT_GE(max_push, 2u) << "lavapipe pushes 32";
  EXPECT_EQ(DescriptorLayout(device(), samplers(max_push - 1)).pushed(), device().has_push_descriptor());
  EXPECT_FALSE(DescriptorLayout(device(), samplers(max_push)).pushed());
  const std::uint32_t per_stage = device().properties().limits.maxPerStageDescriptorSamplers;
  EXPECT_THROW(DescriptorLayout(device(), samplers(per_stage + 1)), vk_backend::Error);
}

// Sets come from pools made as needed; a reset frees them all, and the next allocations reuse the
// pools already made.
TEST_F(DescriptorSetsTest, PoolsGrowWithTheSetsOfABatchAndAreReusedAfterAReset) {
  const DescriptorLayout layout(device(), samplers(device().max_push_descriptors()));
  DescriptorPools pools;
  std::vector<VkDescriptorSet> sets;
  for (int i = 0; i < 600; ++i) sets.push_back(pools.allocate(device().handle(), layout));
  for (VkDescriptorSet set : sets) EXPECT_NE(set, VK_NULL_HANDLE);
  const std::size_t grown = pools.pool_count();
  EXPECT_GE(grown, 3u);  // 256 sets per pool
  pools.reset(device().handle());
  for (int i = 0; i < 600; ++i) pools.allocate(device().handle(), layout);
  EXPECT_EQ(pools.pool_count(), grown);
  pools.destroy(device().handle());
  EXPECT_EQ(pools.pool_count(), 0u);
}

}  // namespace
}  // namespace glvk::test
