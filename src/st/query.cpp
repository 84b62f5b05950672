#include "glvk/st/query.h"

#include <mutex>
#include <vector>

#include "glvk/st/context.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/query_pool.h"
#include "query_impl.h"
#include "screen_impl.h"

namespace glvk::st {

namespace {
constexpr std::uint32_t kQueriesPerPool = 64;
}

bool query_supported(Context& context, QueryKind kind) {
  const vk_backend::DrawFeatures& f = context.screen().impl().device->draw_features();
  return kind == QueryKind::PrimitivesGenerated ? f.primitives_generated_query : f.transform_feedback;
}

std::shared_ptr<Query> make_query(QueryKind kind) {
  auto q = std::make_shared<Query>();
  q->kind = kind;
  return q;
}

void restart_query(Query& query) {
  query.pools.clear();
  query.used_in_last = 0;
}

std::uint32_t Query::next_slot(const vk_backend::Device& device, vk_backend::CommandStream& stream, VkQueryPool& pool) {
  if (pools.empty() || used_in_last == pools.back()->count()) {
    pools.push_back(std::make_shared<vk_backend::QueryPool>(
        device, kind == QueryKind::PrimitivesGenerated ? vk_backend::QueryPool::Kind::PrimitivesGenerated
                                                       : vk_backend::QueryPool::Kind::PrimitivesWritten,
        kQueriesPerPool));
    used_in_last = 0;
  }
  last_serial = stream.open_serial();
  stream.release_after(pools.back(), last_serial);  // the GL query may be deleted first
  pool = pools.back()->handle();
  return used_in_last++;
}

bool query_result(Context& context, Query& query, bool wait, std::uint64_t& out) {
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  vk_backend::CommandStream& stream = *s.stream;
  if (!query.pools.empty()) {
    if (wait) {
      stream.wait(query.last_serial);
    } else if (!stream.is_complete(query.last_serial)) {
      if (query.last_serial == stream.open_serial()) stream.flush();
      return false;
    }
  }
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < query.pools.size(); ++i)
    total += query.pools[i]->sum(i + 1 == query.pools.size() ? query.used_in_last : query.pools[i]->count());
  out = total;
  return true;
}

}  // namespace glvk::st
