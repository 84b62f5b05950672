#include "glvk/vk_backend/query_pool.h"

#include <vector>

#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"

namespace glvk::vk_backend {

QueryPool::QueryPool(const Device& device, Kind kind, std::uint32_t count) : device_(device), kind_(kind), count_(count) {
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = kind == Kind::PrimitivesGenerated ? VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT
                                                     : VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT;
  info.queryCount = count;
  check(vkCreateQueryPool(device.handle(), &info, nullptr, &pool_), "vkCreateQueryPool");
  vkResetQueryPool(device.handle(), pool_, 0, count);
}

QueryPool::~QueryPool() { vkDestroyQueryPool(device_.handle(), pool_, nullptr); }

std::uint64_t QueryPool::sum(std::uint32_t used) const {
  if (used == 0) return 0;
  // A stream query holds (primitives written, primitives needed); the generated query one count.
  const std::uint32_t words = kind_ == Kind::PrimitivesGenerated ? 1 : 2;
  std::vector<std::uint64_t> values(std::size_t(used) * words);
  check(vkGetQueryPoolResults(device_.handle(), pool_, 0, used, values.size() * sizeof(std::uint64_t), values.data(),
                              words * sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
        "vkGetQueryPoolResults");
  std::uint64_t total = 0;
  for (std::uint32_t i = 0; i < used; ++i) total += values[std::size_t(i) * words];
  return total;
}

}  // namespace glvk::vk_backend
