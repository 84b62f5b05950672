// PipelineCache on lavapipe: the same key always gives the same pipeline without building it again,
// whether it is found among the most recent keys or in the map behind them, and forget() drops a
// layout's pipelines so the key builds a new one.
#include "glvk/vk_backend/pipeline_cache.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

#include "glvk/vk_backend/error.h"
#include "shaders/constant_color_float_frag.h"
#include "shaders/rectangle_vert.h"
#include "vulkan_fixture.h"

namespace glvk::test {
namespace {

class PipelineCacheTest : public VulkanTest {
 protected:
  void SetUp() override {
    VulkanTest::SetUp();
    const VkDevice d = device().handle();
    VkPushConstantRange push{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, 20};
    VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layout_info.pushConstantRangeCount = 1;
    layout_info.pPushConstantRanges = &push;
    vk_backend::check(vkCreatePipelineLayout(d, &layout_info, nullptr, &layout_), "vkCreatePipelineLayout");
    VkShaderModuleCreateInfo module_info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    module_info.codeSize = sizeof rectangle_vert;
    module_info.pCode = rectangle_vert;
    vk_backend::check(vkCreateShaderModule(d, &module_info, nullptr, &vertex_), "vkCreateShaderModule");
    module_info.codeSize = sizeof constant_color_float_frag;
    module_info.pCode = constant_color_float_frag;
    vk_backend::check(vkCreateShaderModule(d, &module_info, nullptr, &fragment_), "vkCreateShaderModule");
  }
  void TearDown() override {
    const VkDevice d = device().handle();
    vkDestroyShaderModule(d, vertex_, nullptr);
    vkDestroyShaderModule(d, fragment_, nullptr);
    vkDestroyPipelineLayout(d, layout_, nullptr);
    VulkanTest::TearDown();
  }

  // One RGBA8 colour attachment; `variant` picks the blend source factor (blending on).
  vk_backend::GraphicsPipelineKey key(std::uint32_t variant) const {
    vk_backend::GraphicsPipelineKey k{};
    k.layout = layout_;
    k.modules[0] = vertex_;
    k.modules[4] = fragment_;
    k.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    k.polygon_mode = VK_POLYGON_MODE_FILL;
    k.samples = VK_SAMPLE_COUNT_1_BIT;
    k.sample_mask = ~0u;
    k.color_count = 1;
    k.color_formats[0] = VK_FORMAT_R8G8B8A8_UNORM;
    k.blend[0] = {1, VK_BLEND_FACTOR_ZERO + variant, VK_BLEND_FACTOR_ONE, VK_BLEND_OP_ADD, VK_BLEND_FACTOR_ONE,
                  VK_BLEND_FACTOR_ZERO, VK_BLEND_OP_ADD, 0xf};
    return k;
  }

  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkShaderModule vertex_ = VK_NULL_HANDLE, fragment_ = VK_NULL_HANDLE;
};

TEST_F(PipelineCacheTest, SameKeySamePipelineFromRecentKeysAndFromTheMap) {
  vk_backend::PipelineCache cache(device(), "");
  constexpr std::uint32_t kKeys = 7;  // more than the recent-key list holds
  std::array<VkPipeline, kKeys> first{};
  for (std::uint32_t i = 0; i < kKeys; ++i) {
    first[i] = cache.get(key(i));
    ASSERT_NE(first[i], VK_NULL_HANDLE);
    for (std::uint32_t j = 0; j < i; ++j) EXPECT_NE(first[i], first[j]) << "keys " << i << " and " << j;
  }
  EXPECT_EQ(cache.created(), kKeys);
  // Alternating between two keys (a blend toggled per draw), then every key in another order.
  for (int round = 0; round < 6; ++round) EXPECT_EQ(cache.get(key(round & 1 ? 6 : 5)), first[round & 1 ? 6 : 5]);
  for (std::uint32_t i : {0u, 3u, 6u, 1u, 0u, 4u, 2u, 5u, 2u})
    EXPECT_EQ(cache.get(key(i)), first[i]) << "key " << i;
  EXPECT_EQ(cache.created(), kKeys);

  cache.forget(layout_);
  EXPECT_NE(cache.get(key(0)), VK_NULL_HANDLE);
  EXPECT_EQ(cache.created(), kKeys + 1);
  EXPECT_TRUE(sink().errors().empty());
}

}  // namespace
}  // namespace glvk::test
