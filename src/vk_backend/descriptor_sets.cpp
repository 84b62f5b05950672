#include "glvk/vk_backend/descriptor_sets.h"

#include <algorithm>

#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"

namespace glvk::vk_backend {
namespace {

// A fresh pool holds this many sets and, of each type, this many descriptors per set it may hold
// on average; a layout larger than that gets a pool of its own size.
constexpr std::uint32_t kSetsPerPool = 256;
constexpr std::uint32_t kDescriptorsPerSet = 16;

std::uint32_t sum(const DescriptorCounts& counts, std::initializer_list<VkDescriptorType> types) {
  std::uint32_t n = 0;
  for (VkDescriptorType type : types) n += counts[type];
  return n;
}

// The classes Vulkan limits (VkPipelineLayoutCreateInfo's per-stage and per-set rules), each with
// the descriptor types counted against it and its per-stage and per-set limit.
struct LimitClass {
  const char* name;
  std::initializer_list<VkDescriptorType> types;
  std::uint32_t VkPhysicalDeviceLimits::*per_stage;
  std::uint32_t VkPhysicalDeviceLimits::*per_set;
};

const LimitClass kLimitClasses[] = {
    {"samplers",
     {VK_DESCRIPTOR_TYPE_SAMPLER, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER},
     &VkPhysicalDeviceLimits::maxPerStageDescriptorSamplers,
     &VkPhysicalDeviceLimits::maxDescriptorSetSamplers},
    {"uniform buffers",
     {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC},
     &VkPhysicalDeviceLimits::maxPerStageDescriptorUniformBuffers,
     &VkPhysicalDeviceLimits::maxDescriptorSetUniformBuffers},
    {"storage buffers",
     {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC},
     &VkPhysicalDeviceLimits::maxPerStageDescriptorStorageBuffers,
     &VkPhysicalDeviceLimits::maxDescriptorSetStorageBuffers},
    {"sampled images",
     {VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE,
      VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER},
     &VkPhysicalDeviceLimits::maxPerStageDescriptorSampledImages,
     &VkPhysicalDeviceLimits::maxDescriptorSetSampledImages},
    {"storage images",
     {VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER},
     &VkPhysicalDeviceLimits::maxPerStageDescriptorStorageImages,
     &VkPhysicalDeviceLimits::maxDescriptorSetStorageImages},
    {"input attachments",
     {VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT},
     &VkPhysicalDeviceLimits::maxPerStageDescriptorInputAttachments,
     &VkPhysicalDeviceLimits::maxDescriptorSetInputAttachments},
};

constexpr const char* kStageNames[] = {"vertex", "tessellation control", "tessellation evaluation",
                                       "geometry", "fragment", "compute"};

DescriptorCounts count(std::span<const VkDescriptorSetLayoutBinding> bindings, VkShaderStageFlags stages) {
  DescriptorCounts counts{};
  for (const VkDescriptorSetLayoutBinding& b : bindings)
    if (b.stageFlags & stages) counts[b.descriptorType] += b.descriptorCount;
  return counts;
}

}  // namespace

std::string descriptor_limits_exceeded(const VkPhysicalDeviceLimits& limits,
                                       std::span<const VkDescriptorSetLayoutBinding> bindings) {
  const DescriptorCounts set = count(bindings, VK_SHADER_STAGE_ALL);
  for (const LimitClass& c : kLimitClasses)
    if (const std::uint32_t n = sum(set, c.types); n > limits.*c.per_set)
      return std::to_string(n) + " " + c.name + " exceed the device's " + std::to_string(limits.*c.per_set) +
             " per descriptor set";
  for (std::uint32_t bit = 0; bit < std::size(kStageNames); ++bit) {
    const DescriptorCounts stage = count(bindings, 1u << bit);
    for (const LimitClass& c : kLimitClasses)
      if (const std::uint32_t n = sum(stage, c.types); n > limits.*c.per_stage)
        return std::to_string(n) + " " + c.name + " in the " + kStageNames[bit] + " stage exceed the device's " +
               std::to_string(limits.*c.per_stage) + " per stage";
    std::uint32_t resources = 0;
    for (std::uint32_t n : stage) resources += n;
    if (resources > limits.maxPerStageResources)
      return std::to_string(resources) + " descriptors in the " + kStageNames[bit] + " stage exceed the device's " +
             std::to_string(limits.maxPerStageResources) + " resources per stage";
  }
  return {};
}

DescriptorLayout::DescriptorLayout(const Device& device, std::span<const VkDescriptorSetLayoutBinding> bindings)
    : device_(device), counts_(count(bindings, VK_SHADER_STAGE_ALL)) {
  if (std::string exceeded = descriptor_limits_exceeded(device.properties().limits, bindings); !exceeded.empty())
    throw Error("the program's " + exceeded + " on " + device.name(), VK_ERROR_OUT_OF_DEVICE_MEMORY);
  std::uint32_t total = 0;
  for (std::uint32_t n : counts_) total += n;
  // Pushing writes the descriptors straight into the command buffer: no set to allocate and update.
  pushed_ = device.has_push_descriptor() && total <= device.max_push_descriptors();
  VkDescriptorSetLayoutCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  if (pushed_) info.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
  info.bindingCount = std::uint32_t(bindings.size());
  info.pBindings = bindings.data();
  check(vkCreateDescriptorSetLayout(device.handle(), &info, nullptr, &handle_), "vkCreateDescriptorSetLayout");
}

DescriptorLayout::~DescriptorLayout() { vkDestroyDescriptorSetLayout(device_.handle(), handle_, nullptr); }

bool DescriptorPools::fits(const Pool& pool, const DescriptorCounts& need) {
  if (pool.sets_left == 0) return false;
  for (std::size_t type = 0; type < kDescriptorTypeCount; ++type)
    if (need[type] > pool.left[type]) return false;
  return true;
}

VkDescriptorSet DescriptorPools::allocate(VkDevice device, const DescriptorLayout& layout) {
  const DescriptorCounts& need = layout.counts();
  while (current_ < pools_.size() && !fits(pools_[current_], need)) ++current_;
  if (current_ == pools_.size()) {
    Pool pool{VK_NULL_HANDLE, kSetsPerPool, {}, kSetsPerPool, {}};
    std::vector<VkDescriptorPoolSize> sizes;
    for (std::uint32_t type = 0; type < kDescriptorTypeCount; ++type) {
      pool.capacity[type] = std::max(kSetsPerPool * kDescriptorsPerSet, need[type]);
      sizes.push_back({VkDescriptorType(type), pool.capacity[type]});
    }
    pool.left = pool.capacity;
    VkDescriptorPoolCreateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    info.maxSets = kSetsPerPool;
    info.poolSizeCount = std::uint32_t(sizes.size());
    info.pPoolSizes = sizes.data();
    check(vkCreateDescriptorPool(device, &info, nullptr, &pool.handle), "vkCreateDescriptorPool");
    pools_.push_back(pool);
  }
  Pool& pool = pools_[current_];
  VkDescriptorSetLayout handle = layout.handle();
  VkDescriptorSetAllocateInfo info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  info.descriptorPool = pool.handle;
  info.descriptorSetCount = 1;
  info.pSetLayouts = &handle;
  VkDescriptorSet set = VK_NULL_HANDLE;
  check(vkAllocateDescriptorSets(device, &info, &set), "vkAllocateDescriptorSets");
  --pool.sets_left;
  for (std::size_t type = 0; type < kDescriptorTypeCount; ++type) pool.left[type] -= need[type];
  return set;
}

void DescriptorPools::reset(VkDevice device) {
  for (Pool& pool : pools_) {
    if (pool.sets_left == pool.max_sets) continue;
    check(vkResetDescriptorPool(device, pool.handle, 0), "vkResetDescriptorPool");
    pool.sets_left = pool.max_sets;
    pool.left = pool.capacity;
  }
  current_ = 0;
}

void DescriptorPools::destroy(VkDevice device) {
  for (const Pool& pool : pools_) vkDestroyDescriptorPool(device, pool.handle, nullptr);
  pools_.clear();
  current_ = 0;
}

}  // namespace glvk::vk_backend
