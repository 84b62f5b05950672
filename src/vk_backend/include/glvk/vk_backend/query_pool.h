// Query pools for the primitive counts GL's queries read (PRIMITIVES_GENERATED through
// VK_EXT_primitives_generated_query, TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN through
// VK_EXT_transform_feedback's stream queries). Reset on the host when made (Vulkan 1.2's
// hostQueryReset); each query is used by one draw.
#pragma once

#include <cstdint>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

class QueryPool {
 public:
  enum class Kind { PrimitivesGenerated, PrimitivesWritten };
  QueryPool(const Device& device, Kind kind, std::uint32_t count);
  ~QueryPool();
  QueryPool(const QueryPool&) = delete;
  QueryPool& operator=(const QueryPool&) = delete;

  VkQueryPool handle() const { return pool_; }
  std::uint32_t count() const { return count_; }
  // The sum of the first `used` queries' counts; their batches must have completed.
  std::uint64_t sum(std::uint32_t used) const;

 private:
  const Device& device_;
  Kind kind_;
  std::uint32_t count_;
  VkQueryPool pool_ = VK_NULL_HANDLE;
};

}  // namespace glvk::vk_backend
