// Query objects (GL 4.6 4.2) for the primitive counts of 13.3.3: PRIMITIVES_GENERATED and
// TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN of vertex stream 0, counted by st per draw. The other
// targets (samples passed, time elapsed, ...) are refused with INVALID_OPERATION and a KHR_debug
// message until they are counted.
#include "api_common.h"
#include "glvk/st/context.h"
#include "glvk/st/query.h"

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

// The active-query slot of a target glvk counts (null for the others).
QueryRef* active_slot(Context& ctx, GLenum target) {
  if (target == GL_PRIMITIVES_GENERATED) return &ctx.active_primitives_generated;
  if (target == GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN) return &ctx.active_primitives_written;
  return nullptr;
}

bool indexed_target(GLenum target) {
  return target == GL_PRIMITIVES_GENERATED || target == GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN ||
         target == GL_TRANSFORM_FEEDBACK_STREAM_OVERFLOW;
}

void begin_query(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint id) {
  if (!is_query_target(target)) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a query target", fn, target);
  if (index != 0 && (!indexed_target(target) || index >= 4))
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_STREAMS for this target", fn, index);
  QueryRef* slot = active_slot(ctx, target);
  const st::QueryKind kind =
      target == GL_PRIMITIVES_GENERATED ? st::QueryKind::PrimitivesGenerated : st::QueryKind::PrimitivesWritten;
  if (!slot || index != 0 || !st::query_supported(ctx.st(), kind))
    return ctx.error(GL_INVALID_OPERATION, "%s(target = 0x%04x, index = %u): glvk does not count this query yet", fn,
                     target, index);
  if (*slot) return ctx.error(GL_INVALID_OPERATION, "%s: a query of this target is already active", fn);
  if (id == 0) return ctx.error(GL_INVALID_OPERATION, "%s(id = 0): not a query object", fn);
  auto found = ctx.queries.find(id);
  if (found == ctx.queries.end()) return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): not a name from glGenQueries", fn, id);
  Context::QueryObject& q = *found->second;
  if (q.active) return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query is active", fn, id);
  if (q.target != GL_NONE && q.target != target)
    return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query's target is 0x%04x", fn, id, q.target);
  q.target = target;
  if (!q.query) q.query = st::make_query(kind);
  st::restart_query(*q.query);
  q.active = true;
  *slot = found->second;
}

void end_query(Context& ctx, const char* fn, GLenum target, GLuint index) {
  if (!is_query_target(target)) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a query target", fn, target);
  if (index != 0 && (!indexed_target(target) || index >= 4))
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_STREAMS for this target", fn, index);
  QueryRef* slot = active_slot(ctx, target);
  if (!slot || index != 0 || !*slot) return ctx.error(GL_INVALID_OPERATION, "%s: no query of this target is active", fn);
  (*slot)->active = false;
  slot->reset();
}

template <typename T>
void get_query_object(Context& ctx, const char* fn, GLuint id, GLenum pname, T* params) {
  auto found = ctx.queries.find(id);
  if (id == 0 || found == ctx.queries.end() || found->second->target == GL_NONE)
    return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): not a query object", fn, id);
  Context::QueryObject& q = *found->second;
  if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE && pname != GL_QUERY_RESULT_NO_WAIT &&
      pname != GL_QUERY_TARGET)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a query object parameter", fn, pname);
  if (pname == GL_QUERY_TARGET) {
    if (params) *params = T(q.target);
    return;
  }
  if (q.active) return ctx.error(GL_INVALID_OPERATION, "%s(id = %u): the query is active", fn, id);
  std::uint64_t value = 0;
  const bool available = q.query ? st::query_result(ctx.st(), *q.query, pname == GL_QUERY_RESULT, value) : true;
  if (!params) return;
  if (pname == GL_QUERY_RESULT_AVAILABLE) *params = T(available);
  else if (available) *params = T(value);  // NO_WAIT leaves params alone when not available
}

}  // namespace

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
    for (QueryRef* slot : {&ctx.active_primitives_generated, &ctx.active_primitives_written})
      if (*slot == found->second) slot->reset();  // deleting an active query ends it
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

void GetQueryIndexediv(Context& ctx, const char* fn, GLenum target, GLuint index, GLenum pname, GLint* params) {
  if (!is_query_target(target) && target != GL_TIMESTAMP)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a query target", fn, target);
  if (index != 0 && (!indexed_target(target) || index >= 4))
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_STREAMS for this target", fn, index);
  GLint value = 0;
  switch (pname) {
    case GL_CURRENT_QUERY: {
      QueryRef* slot = active_slot(ctx, target);
      value = slot && index == 0 && *slot ? GLint((*slot)->name) : 0;
      break;
    }
    case GL_QUERY_COUNTER_BITS: value = active_slot(ctx, target) ? 64 : 0; break;
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

}  // namespace api
}  // namespace glvk::gl
