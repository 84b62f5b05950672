// st::Query's state (private to st): the pools its draws counted into.
#pragma once

#include <memory>
#include <vector>

#include <volk.h>

#include "glvk/st/query.h"

namespace glvk::vk_backend {
class CommandStream;
class Device;
class QueryPool;
}  // namespace glvk::vk_backend

namespace glvk::st {

class Query {
 public:
  QueryKind kind = QueryKind::PrimitivesGenerated;
  std::vector<std::shared_ptr<vk_backend::QueryPool>> pools;
  std::uint32_t used_in_last = 0;  // queries used in pools.back()
  std::uint64_t last_serial = 0;   // the batch of the last draw counted
  // A query for one draw (the screen's lock held): its pool and index.
  std::uint32_t next_slot(const vk_backend::Device& device, vk_backend::CommandStream& stream, VkQueryPool& pool);
};

}  // namespace glvk::st
