// Descriptor set layouts of programs, pushed or allocated per draw from a batch's pools.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

// The descriptor types a set layout may use (VK_DESCRIPTOR_TYPE_SAMPLER .. INPUT_ATTACHMENT).
inline constexpr std::size_t kDescriptorTypeCount = VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT + 1;
using DescriptorCounts = std::array<std::uint32_t, kDescriptorTypeCount>;

// One descriptor set layout (set 0 of a program's pipeline layout). It is a push-descriptor layout
// when the device has VK_KHR_push_descriptor and can push all of its descriptors in one command
// (maxPushDescriptors: 32 on lavapipe); otherwise draws allocate a set from their batch's
// DescriptorPools, write it and bind it.
class DescriptorLayout {
 public:
  // Throws Error(VK_ERROR_OUT_OF_DEVICE_MEMORY) naming the limit when the bindings exceed what the
  // device allows in one set or one stage (limits_exceeded), before Vulkan sees them.
  DescriptorLayout(const Device& device, std::span<const VkDescriptorSetLayoutBinding> bindings);
  ~DescriptorLayout();
  DescriptorLayout(const DescriptorLayout&) = delete;
  DescriptorLayout& operator=(const DescriptorLayout&) = delete;

  VkDescriptorSetLayout handle() const { return handle_; }
  bool pushed() const { return pushed_; }
  const DescriptorCounts& counts() const { return counts_; }  // descriptors of each type

 private:
  const Device& device_;
  VkDescriptorSetLayout handle_ = VK_NULL_HANDLE;
  bool pushed_ = false;
  DescriptorCounts counts_{};
};

// The first device limit `bindings` exceed as one descriptor set of a pipeline layout (per set
// maxDescriptorSet*, per stage maxPerStageDescriptor* and maxPerStageResources), said in words;
// empty when they fit.
std::string descriptor_limits_exceeded(const VkPhysicalDeviceLimits& limits,
                                       std::span<const VkDescriptorSetLayoutBinding> bindings);

// The descriptor pools of one batch: sets are allocated while the batch records and all of them
// are freed at once (reset) when the batch is reused, after its fence signalled. Pools are made as
// needed and kept; the bookkeeping of what each pool has left avoids relying on allocation
// failures.
class DescriptorPools {
 public:
  VkDescriptorSet allocate(VkDevice device, const DescriptorLayout& layout);
  void reset(VkDevice device);
  void destroy(VkDevice device);
  std::size_t pool_count() const { return pools_.size(); }

 private:
  struct Pool {
    VkDescriptorPool handle;
    std::uint32_t sets_left;
    DescriptorCounts left;
    std::uint32_t max_sets;
    DescriptorCounts capacity;
  };
  static bool fits(const Pool& pool, const DescriptorCounts& need);
  std::vector<Pool> pools_;
  std::size_t current_ = 0;
};

}  // namespace glvk::vk_backend
