// st::Query's state (private to st): the Vulkan queries its draws or timestamps wrote.
#pragma once

#include <memory>
#include <vector>

#include "glvk/st/query.h"

namespace glvk::vk_backend {
class CommandStream;
class Device;
class QueryPool;
}  // namespace glvk::vk_backend

namespace glvk::st {

class Query {
 public:
  struct Slot {
    std::shared_ptr<vk_backend::QueryPool> pool;
    std::uint32_t index = 0;
  };
  // Consecutive queries of one pool that count for this query.
  struct Range {
    std::shared_ptr<vk_backend::QueryPool> pool;
    std::uint32_t first = 0, count = 0;
  };

  QueryKind kind = QueryKind::PrimitivesGenerated;
  std::vector<Range> ranges;
  std::uint64_t last_serial = 0;  // the batch of the last query written

  // A new query for one draw, counted by this query (the screen's lock held).
  Slot next_slot(const vk_backend::Device& device, vk_backend::CommandStream& stream);
  void restart();

 private:
  std::shared_ptr<vk_backend::QueryPool> open_pool_;  // where next_slot takes queries from
  std::uint32_t used_in_open_ = 0;
};

}  // namespace glvk::st
