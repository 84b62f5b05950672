#include "glvk/vk_backend/query_pool.h"

#include <numeric>

#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"

namespace glvk::vk_backend {

namespace {
VkQueryType query_type(QueryPool::Kind kind) {
  switch (kind) {
    case QueryPool::Kind::PrimitivesGenerated: return VK_QUERY_TYPE_PRIMITIVES_GENERATED_EXT;
    case QueryPool::Kind::PrimitivesWritten: return VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT;
    case QueryPool::Kind::Occlusion: return VK_QUERY_TYPE_OCCLUSION;
    case QueryPool::Kind::Timestamp: return VK_QUERY_TYPE_TIMESTAMP;
  }
  return VK_QUERY_TYPE_OCCLUSION;
}
}  // namespace

QueryPool::QueryPool(const Device& device, Kind kind, std::uint32_t count) : device_(device), kind_(kind), count_(count) {
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = query_type(kind);
  info.queryCount = count;
  check(vkCreateQueryPool(device.handle(), &info, nullptr, &pool_), "vkCreateQueryPool");
  vkResetQueryPool(device.handle(), pool_, 0, count);
}

QueryPool::~QueryPool() { vkDestroyQueryPool(device_.handle(), pool_, nullptr); }

std::vector<std::uint64_t> QueryPool::values(std::uint32_t first, std::uint32_t count) const {
  if (count == 0) return {};
  // A stream query holds (primitives written, primitives needed); the others one value.
  const std::uint32_t words = kind_ == Kind::PrimitivesWritten ? 2 : 1;
  std::vector<std::uint64_t> raw(std::size_t(count) * words);
  check(vkGetQueryPoolResults(device_.handle(), pool_, first, count, raw.size() * sizeof(std::uint64_t), raw.data(),
                              words * sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
        "vkGetQueryPoolResults");
  if (words == 1) return raw;
  std::vector<std::uint64_t> out(count);
  for (std::uint32_t i = 0; i < count; ++i) out[i] = raw[std::size_t(i) * words];
  return out;
}

std::uint64_t QueryPool::sum(std::uint32_t first, std::uint32_t count) const {
  const std::vector<std::uint64_t> v = values(first, count);
  return std::accumulate(v.begin(), v.end(), std::uint64_t{0});
}

}  // namespace glvk::vk_backend
