// Query pools for what GL's query objects count: primitives generated
// (VK_EXT_primitives_generated_query), transform-feedback primitives written (VK_EXT_transform_feedback's
// stream queries), samples passed (occlusion queries) and timestamps. Reset on the host when made
// (Vulkan 1.2's hostQueryReset); each query is written once.
#pragma once

#include <cstdint>
#include <vector>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

class QueryPool {
 public:
  enum class Kind { PrimitivesGenerated, PrimitivesWritten, Occlusion, Timestamp };
  QueryPool(const Device& device, Kind kind, std::uint32_t count);
  ~QueryPool();
  QueryPool(const QueryPool&) = delete;
  QueryPool& operator=(const QueryPool&) = delete;

  VkQueryPool handle() const { return pool_; }
  Kind kind() const { return kind_; }
  std::uint32_t count() const { return count_; }
  // The values of queries [first, first + count) (a stream query's primitives written); their
  // batches must have completed.
  std::vector<std::uint64_t> values(std::uint32_t first, std::uint32_t count) const;
  std::uint64_t sum(std::uint32_t first, std::uint32_t count) const;

 private:
  const Device& device_;
  Kind kind_;
  std::uint32_t count_;
  VkQueryPool pool_ = VK_NULL_HANDLE;
};

}  // namespace glvk::vk_backend
