// Query objects (GL 4.6 4.2-4.3) and conditional rendering (10.9): primitive counts of each vertex
// stream (13.3.3, glBeginQueryIndexed), samples passed (14.9.4's occlusion queries), time elapsed
// and timestamps, counted by st. The other targets (pipeline statistics, overflow) are refused
// with INVALID_OPERATION and a KHR_debug message until they are counted.
#include <algorithm>
#include <cstring>
#include <limits>
#include <optional>

#include "api_common.h"
#include "draw_inputs.h"
#include "glvk/st/context.h"
#include "glvk/st/query.h"
#include "glvk/st/transfer.h"
#include "glvk/glsl/compiler.h"

namespace glvk::gl {
namespace {

using QueryRef = std::shared_ptr<Context::QueryObject>;

bool is_query_target(GLenum target) {
  switch (target) {
    case GL_SAMPLES_PASSED: case GL_ANY_SAMPLES_PASSED: case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
    case GL_PRIMITIVES_GENERATED: case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: case GL_TIME_ELAPSED:
    case GL_VERTICES_SUBMITTED: case GL_PRIMITIVES_SUBMITTED: case GL_VERTEX_SHADER_INVOCATIONS:
    case GL_TESS_CONTROL_SHADER_PATCHES: case GL_TESS_EVALUATION_SHADER_INVOCATIONS:
    case GL_GEOMETRY_SHADER_INVOCATIONS: case GL_GEOMETRY_SHADER_PRIMITIVES_EMITTED:
    case GL_FRAGMENT_SHADER_INVOCATIONS: case GL_COMPUTE_SHADER_INVOCATIONS:
    case GL_CLIPPING_INPUT_PRIMITIVES: case GL_CLIPPING_OUTPUT_PRIMITIVES:
    case GL_TRANSFORM_FEEDBACK_OVERFLOW: case GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW:
      return true;
    default:
      return false;
  }
}

// How glvk counts a target: its active-query slot and st's kind (none for the targets not counted).
struct Counted {
  Context::ActiveQuery slot;
  st::QueryKind kind;
};
std::optional<Counted> counted(GLenum target) {
  switch (target) {
    case GL_PRIMITIVES_GENERATED: return Counted{Context::kPrimitivesGenerated, st::QueryKind::PrimitivesGenerated};
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      return Counted{Context::kPrimitivesWritten, st::QueryKind::PrimitivesWritten};
    case GL_SAMPLES_PASSED: return Counted{Context::kOcclusion, st::QueryKind::SamplesPassed};
    // "Conservative" may count samples that would fail the depth test; exact is allowed.
    case GL_ANY_SAMPLES_PASSED: case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
      return Counted{Context::kOcclusion, st::QueryKind::AnySamplesPassed};
    case GL_TIME_ELAPSED: return Counted{Context::kTimeElapsed, st::QueryKind::TimeElapsed};
    default: return std::nullopt;
  }
}

bool indexed_target(GLenum target) {
  return target == GL_PRIMITIVES_GENERATED || target == GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN ||
         target == GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW;
}

// The checks BeginQueryIndexed/EndQueryIndexed/GetQueryIndexediv share: false after the error.
bool valid_target_and_index(Context& ctx, const char* fn, GLenum target, GLuint index, bool timestamp_allowed) {
  if (!is_query_target(target) && !(timestamp_allowed && target == GL_TIMESTAMP)) {
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a query target", fn, target);
    return false;
  }
  if (index != 0 && (!indexed_target(target) || index >= max_vertex_streams(ctx))) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_STREAMS for this target", fn, index);
    return false;
  }
  return true;
}

// The query object `id` names, or null after INVALID_OPERATION (0, or not from glGenQueries). A
// compatibility context keeps GL 3.0's rule that an unused name makes a new object (as
// ARB_occlusion_query had it); the core profile requires names from glGenQueries.
Context::QueryObject* named_query(Context& ctx, const char* fn, GLuint id) {
  auto found = ctx.queries.find(id);
  if (id != 0 && found == ctx.queries.end() && !ctx.config().core_profile) {
    auto q = std::make_shared<Context::QueryObject>();
    q->name = id;
    found = ctx.queries.emplace(id, std::move(q)).first;
  }
  if (id == 0 || found == ctx.queries.end()) {
    ctx.error(GL_INVALID_OPERATION, "%s(id = %u): not a name from glGenQueries", fn, id);
    return nullptr;
  }
  return found->second.get();
}

// Where the active query of `target` and vertex stream `index` is kept (null: glvk does not count
// it). Occlusion targets share a slot.
QueryRef* query_slot(Context& ctx, GLenum target, GLuint index) {
  const std::optional<Counted> how = counted(target);
  const bool per_stream = how && (how->slot == Context::kPrimitivesGenerated || how->slot == Context::kPrimitivesWritten);
  if (!how || (index != 0 && !per_stream) || index >= st::kMaxVertexStreams) return nullptr;
  return &ctx.active_queries[how->slot + index];
}

// The active query of `target` and `index` (null: none).
QueryRef* active_query(Context& ctx, GLenum target, GLuint index) {
  QueryRef* slot = query_slot(ctx, target, index);
  return slot && *slot && (*slot)->target == target ? slot : nullptr;
}

void begin_query(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint id) {
  if (!valid_target_and_index(ctx, fn, target, index, false)) return;
  const std::optional<Counted> how = counted(target);
  QueryRef* at = query_slot(ctx, target, index);
  if (!how || !at || !st::query_supported(ctx.st(), how->kind, index))
    return ctx.error(GL_INVALID_OPERATION, "%s(target = 0x%04x, index = %u): glvk does not count this query yet", fn,
                     target, index);
  QueryRef& slot = *at;
  if (slot)
    return ctx.error(GL_INVALID_OPERATION, "%s: a query of target 0x%04x is already active", fn, slot->target);
  Context::QueryObject* q = named_query(ctx, fn, id);
  if (!q) return;
  if (q->active) return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query is active", fn, id);
  if (q->target != GL_NONE && q->target != target)
    return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query's target is 0x%04x", fn, id, q->target);
  q->target = target;
  if (!q->query) q->query = st::make_query(how->kind);
  st::begin_query(ctx.st(), *q->query);
  q->active = true;
  slot = ctx.queries[id];
}

void end_query(Context& ctx, const char* fn, GLenum target, GLuint index) {
  if (!valid_target_and_index(ctx, fn, target, index, false)) return;
  QueryRef* slot = active_query(ctx, target, index);
  if (!slot) return ctx.error(GL_INVALID_OPERATION, "%s: no query of this target is active", fn);
  st::end_query(ctx.st(), *(*slot)->query);
  (*slot)->active = false;
  slot->reset();
}

// Where glGetQueryObject* and glGetQueryBufferObject* write a result: client memory, or (GL 4.6
// 4.2.3, ARB_query_buffer_object) a buffer object at an offset.
struct ResultDestination {
  void* client = nullptr;
  BufferObject* buffer = nullptr;
  std::uint64_t offset = 0;
};

constexpr std::size_t kQueryBufferTarget = 9;
static_assert(kBufferTargets[kQueryBufferTarget] == GL_QUERY_BUFFER);

// The query parameter `pname` of `id`, written to `to` as a T. Every check (the object, pname,
// the buffer range) comes before any wait for the result.
template <typename T>
void get_query_object(Context& ctx, const char* fn, GLuint id, GLenum pname, const ResultDestination& to) {
  auto found = ctx.queries.find(id);
  if (id == 0 || found == ctx.queries.end() || found->second->target == GL_NONE)
    return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): not a query object", fn, id);
  Context::QueryObject& q = *found->second;
  if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE && pname != GL_QUERY_RESULT_NO_WAIT &&
      pname != GL_QUERY_TARGET)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a query object parameter", fn, pname);
  if (to.buffer) {
    // The result is written as glBufferSubData would write it, so the same range rules hold.
    if (to.offset > std::uint64_t(to.buffer->size) || std::uint64_t(to.buffer->size) - to.offset < sizeof(T))
      return ctx.error(GL_INVALID_OPERATION, "%s(offset = %llu): %zu bytes there reach beyond buffer %u's %lld", fn,
                       static_cast<unsigned long long>(to.offset), sizeof(T), to.buffer->name,
                       static_cast<long long>(to.buffer->size));
    if (to.buffer->mapped && !(to.buffer->access_flags & GL_MAP_PERSISTENT_BIT))
      return ctx.error(GL_INVALID_OPERATION, "%s: buffer %u is mapped", fn, to.buffer->name);
  }
  std::uint64_t value = q.target;
  bool available = true;
  if (pname != GL_QUERY_TARGET) {
    if (q.active) return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query is active", fn, id);
    value = 0;
    available = q.query ? st::query_result(ctx.st(), *q.query, pname == GL_QUERY_RESULT, value) : true;
    if (pname == GL_QUERY_RESULT_AVAILABLE) value = available;
    else if (!available) return;  // NO_WAIT writes nothing when the result is not there
  }
  // A result too large for a 32-bit query reads as the type's largest value, not wrapped.
  if constexpr (sizeof(T) == 4) value = std::min<std::uint64_t>(value, std::uint64_t(std::numeric_limits<T>::max()));
  const T result = T(value);
  if (to.buffer) {
    if (to.buffer->resource)
      ctx.st().buffer_subdata(*to.buffer->resource, st::PIPE_TRANSFER_WRITE, to.offset, sizeof(T), &result);
  } else if (to.client) {
    std::memcpy(to.client, &result, sizeof(T));
  }
}

// glGetQueryObject*: with a buffer bound to QUERY_BUFFER, `params` is an offset into it.
template <typename T>
void get_query_object(Context& ctx, const char* fn, GLuint id, GLenum pname, T* params) {
  ResultDestination to;
  if (BufferObject* buffer = ctx.bound_buffers[kQueryBufferTarget].get()) {
    to.buffer = buffer;
    to.offset = std::uintptr_t(params);
  } else {
    to.client = params;
  }
  get_query_object<T>(ctx, fn, id, pname, to);
}

// glGetQueryBufferObject* (GL 4.5 DSA): the result into `buffer` at `offset`.
template <typename T>
void get_query_buffer_object(Context& ctx, const char* fn, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  const std::shared_ptr<BufferObject> b = ctx.share_group().find_buffer(buffer);
  if (!b) return ctx.error(GL_INVALID_OPERATION, "%s(buffer = %u): not an existing buffer object", fn, buffer);
  if (offset < 0) return ctx.error(GL_INVALID_VALUE, "%s(offset = %lld): negative", fn, static_cast<long long>(offset));
  get_query_object<T>(ctx, fn, id, pname, ResultDestination{nullptr, b.get(), std::uint64_t(offset)});
}

bool is_condition_mode(GLenum mode) {
  switch (mode) {
    case GL_QUERY_WAIT: case GL_QUERY_NO_WAIT: case GL_QUERY_BY_REGION_WAIT: case GL_QUERY_BY_REGION_NO_WAIT:
    case GL_QUERY_WAIT_INVERTED: case GL_QUERY_NO_WAIT_INVERTED: case GL_QUERY_BY_REGION_WAIT_INVERTED:
    case GL_QUERY_BY_REGION_NO_WAIT_INVERTED:
      return true;
    default:
      return false;
  }
}

}  // namespace

bool conditional_render_discards(Context& ctx) {
  if (ctx.condition_mode == GL_NONE || !ctx.condition_query || !ctx.condition_query->query) return false;
  const GLenum m = ctx.condition_mode;
  const bool wait = m == GL_QUERY_WAIT || m == GL_QUERY_BY_REGION_WAIT || m == GL_QUERY_WAIT_INVERTED ||
                    m == GL_QUERY_BY_REGION_WAIT_INVERTED;
  const bool inverted = m == GL_QUERY_WAIT_INVERTED || m == GL_QUERY_NO_WAIT_INVERTED ||
                        m == GL_QUERY_BY_REGION_WAIT_INVERTED || m == GL_QUERY_BY_REGION_NO_WAIT_INVERTED;
  std::uint64_t result = 0;
  // NO_WAIT: when the result is not there yet, the GL may render unconditionally; it does.
  if (!st::query_result(ctx.st(), *ctx.condition_query->query, wait, result)) return false;
  return (result != 0) == inverted;
}

namespace api {

void GenQueries(Context& ctx, const char* fn, GLsizei n, GLuint* ids) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && ids; ++i) {
    while (ctx.queries.count(ctx.next_query_name) || ctx.next_query_name == 0) ++ctx.next_query_name;
    const GLuint name = ctx.next_query_name++;
    auto q = std::make_shared<Context::QueryObject>();
    q->name = name;
    ctx.queries[name] = std::move(q);
    ids[i] = name;
  }
}

void CreateQueries(Context& ctx, const char* fn, GLenum target, GLsizei n, GLuint* ids) {
  if (!is_query_target(target) && target != GL_TIMESTAMP)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a query target", fn, target);
  GenQueries(ctx, fn, n, ids);
  for (GLsizei i = 0; i < n && ids; ++i) ctx.queries[ids[i]]->target = target;
}

void DeleteQueries(Context& ctx, const char* fn, GLsizei n, const GLuint* ids) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && ids; ++i) {
    auto found = ctx.queries.find(ids[i]);
    if (ids[i] == 0 || found == ctx.queries.end()) continue;
    for (QueryRef& slot : ctx.active_queries)
      if (slot == found->second) slot.reset();  // deleting an active query ends it
    ctx.queries.erase(found);
  }
}

GLboolean IsQuery(Context& ctx, const char*, GLuint id) {
  auto found = ctx.queries.find(id);
  return id && found != ctx.queries.end() && found->second->target != GL_NONE ? GL_TRUE : GL_FALSE;
}

void BeginQuery(Context& ctx, const char* fn, GLenum target, GLuint id) { begin_query(ctx, fn, target, 0, id); }
void EndQuery(Context& ctx, const char* fn, GLenum target) { end_query(ctx, fn, target, 0); }
void BeginQueryIndexed(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint id) {
  begin_query(ctx, fn, target, index, id);
}
void EndQueryIndexed(Context& ctx, const char* fn, GLenum target, GLuint index) { end_query(ctx, fn, target, index); }

void QueryCounter(Context& ctx, const char* fn, GLuint id, GLenum target) {
  if (target != GL_TIMESTAMP) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not GL_TIMESTAMP", fn, target);
  if (!st::query_supported(ctx.st(), st::QueryKind::Timestamp))
    return ctx.error(GL_INVALID_OPERATION, "%s: the device cannot write timestamps", fn);
  Context::QueryObject* q = named_query(ctx, fn, id);
  if (!q) return;
  if (q->active) return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query is active", fn, id);
  if (q->target != GL_NONE && q->target != GL_TIMESTAMP)
    return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query's target is 0x%04x", fn, id, q->target);
  q->target = GL_TIMESTAMP;
  if (!q->query) q->query = st::make_query(st::QueryKind::Timestamp);
  st::query_counter(ctx.st(), *q->query);
}

void GetQueryIndexediv(Context& ctx, const char* fn, GLenum target, GLuint index, GLenum pname, GLint* params) {
  if (!valid_target_and_index(ctx, fn, target, index, true)) return;
  const std::optional<Counted> how = counted(target);
  GLint value = 0;
  switch (pname) {
    case GL_CURRENT_QUERY: {
      const QueryRef* slot = active_query(ctx, target, index);
      value = slot ? GLint((*slot)->name) : 0;  // always 0 for TIMESTAMP
      break;
    }
    case GL_QUERY_COUNTER_BITS:
      if (target == GL_TIMESTAMP) value = st::query_counter_bits(ctx.st(), st::QueryKind::Timestamp);
      else if (how && st::query_supported(ctx.st(), how->kind, index)) value = st::query_counter_bits(ctx.st(), how->kind);
      break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a query parameter", fn, pname);
  }
  if (params) *params = value;
}

void GetQueryiv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  GetQueryIndexediv(ctx, fn, target, 0, pname, params);
}

void GetQueryObjectiv(Context& ctx, const char* fn, GLuint id, GLenum pname, GLint* params) {
  get_query_object(ctx, fn, id, pname, params);
}
void GetQueryObjectuiv(Context& ctx, const char* fn, GLuint id, GLenum pname, GLuint* params) {
  get_query_object(ctx, fn, id, pname, params);
}
void GetQueryObjecti64v(Context& ctx, const char* fn, GLuint id, GLenum pname, GLint64* params) {
  get_query_object(ctx, fn, id, pname, params);
}
void GetQueryObjectui64v(Context& ctx, const char* fn, GLuint id, GLenum pname, GLuint64* params) {
  get_query_object(ctx, fn, id, pname, params);
}

void GetQueryBufferObjectiv(Context& ctx, const char* fn, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  get_query_buffer_object<GLint>(ctx, fn, id, buffer, pname, offset);
}
void GetQueryBufferObjectuiv(Context& ctx, const char* fn, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  get_query_buffer_object<GLuint>(ctx, fn, id, buffer, pname, offset);
}
void GetQueryBufferObjecti64v(Context& ctx, const char* fn, GLuint id, GLuint buffer, GLenum pname, GLintptr offset) {
  get_query_buffer_object<GLint64>(ctx, fn, id, buffer, pname, offset);
}
void GetQueryBufferObjectui64v(Context& ctx, const char* fn, GLuint id, GLuint buffer, GLenum pname,
                               GLintptr offset) {
  get_query_buffer_object<GLuint64>(ctx, fn, id, buffer, pname, offset);
}

void BeginConditionalRender(Context& ctx, const char* fn, GLuint id, GLenum mode) {
  if (!is_condition_mode(mode)) return ctx.error(GL_INVALID_ENUM, "%s(mode = 0x%04x): not a query mode", fn, mode);
  if (ctx.condition_mode != GL_NONE)
    return ctx.error(GL_INVALID_OPERATION, "%s: conditional rendering is already active", fn);
  auto found = ctx.queries.find(id);
  if (id == 0 || found == ctx.queries.end())
    return ctx.error(GL_INVALID_VALUE, "%s(id = %u): not a query object", fn, id);
  const Context::QueryObject& q = *found->second;
  if (q.target != GL_SAMPLES_PASSED && q.target != GL_ANY_SAMPLES_PASSED &&
      q.target != GL_ANY_SAMPLES_PASSED_CONSERVATIVE && q.target != GL_TRANSFORM_FEEDBACK_OVERFLOW &&
      q.target != GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW)
    return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query's target 0x%04x cannot decide rendering", fn, id,
                     q.target);
  if (q.active) return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query is active", fn, id);
  ctx.condition_query = found->second;
  ctx.condition_mode = mode;
}

void EndConditionalRender(Context& ctx, const char* fn) {
  if (ctx.condition_mode == GL_NONE) return ctx.error(GL_INVALID_OPERATION, "%s: conditional rendering is not active", fn);
  ctx.condition_query.reset();
  ctx.condition_mode = GL_NONE;
}

}  // namespace api
}  // namespace glvk::gl
