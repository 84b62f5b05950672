#include "glvk/st/query.h"

#include <algorithm>
#include <mutex>
#include <vector>

#include "glvk/st/context.h"
#include "glvk/st/draw.h"
#include "glvk/st/shader_limits.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/query_pool.h"
#include "query_impl.h"
#include "screen_impl.h"

namespace glvk::st {

namespace {

constexpr std::uint32_t kQueriesPerPool = 64;
using vk_backend::QueryPool;

QueryPool::Kind pool_kind(QueryKind kind) {
  switch (kind) {
    case QueryKind::PrimitivesGenerated: return QueryPool::Kind::PrimitivesGenerated;
    case QueryKind::PrimitivesWritten: return QueryPool::Kind::PrimitivesWritten;
    case QueryKind::SamplesPassed: case QueryKind::AnySamplesPassed: return QueryPool::Kind::Occlusion;
    case QueryKind::TimeElapsed: case QueryKind::Timestamp: return QueryPool::Kind::Timestamp;
  }
  return QueryPool::Kind::Occlusion;
}

// Device timestamp ticks -> nanoseconds; `ticks` already masked to the valid bits.
std::uint64_t nanoseconds(const vk_backend::Device& device, std::uint64_t ticks) {
  return std::uint64_t(double(ticks) * double(device.properties().limits.timestampPeriod));
}

std::uint64_t valid_bits_mask(const vk_backend::Device& device) {
  const std::uint32_t bits = device.timestamp_valid_bits();
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

// A timestamp pool of `count` queries, kept alive until the open batch that writes it finishes
// (the GL query may be deleted or restarted first).
std::shared_ptr<QueryPool> timestamp_pool(Screen::Impl& s, std::uint32_t count) {
  auto pool = std::make_shared<QueryPool>(*s.device, QueryPool::Kind::Timestamp, count);
  s.stream->release_after(pool, s.stream->open_serial());
  return pool;
}

}  // namespace

Query::Slot Query::next_slot(const vk_backend::Device& device, vk_backend::CommandStream& stream) {
  if (!open_pool_ || used_in_open_ == open_pool_->count()) {
    open_pool_ = std::make_shared<QueryPool>(device, pool_kind(kind), kQueriesPerPool);
    used_in_open_ = 0;
  }
  Slot slot{open_pool_, used_in_open_++};
  if (!ranges.empty() && ranges.back().pool == slot.pool && ranges.back().first + ranges.back().count == slot.index)
    ++ranges.back().count;
  else
    ranges.push_back({slot.pool, slot.index, 1});
  last_serial = stream.open_serial();
  stream.release_after(slot.pool, last_serial);
  return slot;
}

void Query::restart() {
  ranges.clear();
  open_pool_.reset();
  used_in_open_ = 0;
  last_serial = 0;
}

bool query_supported(Context& context, QueryKind kind, unsigned stream) {
  const vk_backend::Device& device = *context.screen().impl().device;
  const vk_backend::DrawFeatures& f = device.draw_features();
  const bool primitive = kind == QueryKind::PrimitivesGenerated || kind == QueryKind::PrimitivesWritten;
  if (stream != 0 && (!primitive || stream >= shader_limits(context.screen()).vertex_streams)) return false;
  switch (kind) {
    case QueryKind::PrimitivesGenerated:
      return f.primitives_generated_query && (stream == 0 || f.primitives_generated_streams);
    case QueryKind::PrimitivesWritten: return f.transform_feedback;
    case QueryKind::SamplesPassed: return device.features().occlusionQueryPrecise;
    case QueryKind::AnySamplesPassed: return true;
    case QueryKind::TimeElapsed: case QueryKind::Timestamp: return device.timestamp_valid_bits() > 0;
  }
  return false;
}

int query_counter_bits(Context& context, QueryKind kind) {
  if (!query_supported(context, kind)) return 0;
  if (kind == QueryKind::TimeElapsed || kind == QueryKind::Timestamp)
    return int(context.screen().impl().device->timestamp_valid_bits());
  return kind == QueryKind::AnySamplesPassed ? 1 : 64;
}

std::shared_ptr<Query> make_query(QueryKind kind) {
  auto q = std::make_shared<Query>();
  q->kind = kind;
  return q;
}

void begin_query(Context& context, Query& query) {
  query.restart();
  if (query.kind != QueryKind::TimeElapsed) return;
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  std::shared_ptr<QueryPool> pool = timestamp_pool(s, 2);
  s.stream->write_timestamp(pool->handle(), 0);
  query.ranges.push_back({pool, 0, 2});
  query.last_serial = s.stream->open_serial();
}

void end_query(Context& context, Query& query) {
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  vk_backend::CommandStream& stream = *s.stream;
  if (query.kind == QueryKind::TimeElapsed && !query.ranges.empty()) {
    stream.write_timestamp(query.ranges.front().pool->handle(), 1);
    stream.release_after(query.ranges.front().pool, stream.open_serial());
  }
  // The result becomes available with the batch the query ended in (or the last one submitted),
  // even when nothing counted: a later query's result is never available before an earlier one's.
  query.last_serial =
      std::max(query.last_serial, stream.has_recorded_work() ? stream.open_serial() : stream.open_serial() - 1);
}

void query_counter(Context& context, Query& query) {
  query.restart();
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  std::shared_ptr<QueryPool> pool = timestamp_pool(s, 1);
  s.stream->write_timestamp(pool->handle(), 0);
  query.ranges.push_back({pool, 0, 1});
  query.last_serial = s.stream->open_serial();
}

bool query_result(Context& context, Query& query, bool wait, std::uint64_t& out) {
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  vk_backend::CommandStream& stream = *s.stream;
  if (wait) {
    stream.wait(query.last_serial);
  } else if (!stream.is_complete(query.last_serial)) {
    if (query.last_serial == stream.open_serial()) stream.flush();
    return false;
  }
  const vk_backend::Device& device = *s.device;
  switch (query.kind) {
    case QueryKind::TimeElapsed: {
      if (query.ranges.empty()) return out = 0, true;
      const std::vector<std::uint64_t> t = query.ranges.front().pool->values(0, 2);
      out = nanoseconds(device, (t[1] - t[0]) & valid_bits_mask(device));
      return true;
    }
    case QueryKind::Timestamp:
      out = query.ranges.empty() ? 0 : nanoseconds(device, query.ranges.front().pool->values(0, 1)[0] & valid_bits_mask(device));
      return true;
    default: break;
  }
  std::uint64_t total = 0;
  for (const Query::Range& r : query.ranges) total += r.pool->sum(r.first, r.count);
  out = query.kind == QueryKind::AnySamplesPassed ? std::uint64_t(total != 0) : total;
  return true;
}

std::uint64_t current_timestamp(Context& context) {
  Screen::Impl& s = context.screen().impl();
  // 4.3: the time once the earlier commands have reached the GL, not completed: the device's
  // clock read directly where it can be; else a timestamp written after them and waited for.
  if (const std::optional<std::uint64_t> now = s.device->device_clock())
    return nanoseconds(*s.device, *now & valid_bits_mask(*s.device));
  std::lock_guard lock(s.mutex);
  std::shared_ptr<QueryPool> pool = timestamp_pool(s, 1);
  s.stream->write_timestamp(pool->handle(), 0);
  s.stream->wait_idle();
  return nanoseconds(*s.device, pool->values(0, 1)[0] & valid_bits_mask(*s.device));
}

}  // namespace glvk::st
