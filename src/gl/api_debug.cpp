// KHR_debug: message callback, log, controls, groups and object labels.
#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include "api_common.h"
#include "legacy_internal.h"

namespace glvk::gl {

bool is_debug_source(GLenum source) {
  switch (source) {
    case GL_DEBUG_SOURCE_API: case GL_DEBUG_SOURCE_WINDOW_SYSTEM: case GL_DEBUG_SOURCE_SHADER_COMPILER:
    case GL_DEBUG_SOURCE_THIRD_PARTY: case GL_DEBUG_SOURCE_APPLICATION: case GL_DEBUG_SOURCE_OTHER:
      return true;
    default: return false;
  }
}

bool is_debug_type(GLenum type) {
  switch (type) {
    case GL_DEBUG_TYPE_ERROR: case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR:
    case GL_DEBUG_TYPE_PORTABILITY: case GL_DEBUG_TYPE_PERFORMANCE: case GL_DEBUG_TYPE_OTHER:
    case GL_DEBUG_TYPE_MARKER: case GL_DEBUG_TYPE_PUSH_GROUP: case GL_DEBUG_TYPE_POP_GROUP:
      return true;
    default: return false;
  }
}

bool is_debug_severity(GLenum severity) {
  switch (severity) {
    case GL_DEBUG_SEVERITY_HIGH: case GL_DEBUG_SEVERITY_MEDIUM: case GL_DEBUG_SEVERITY_LOW:
    case GL_DEBUG_SEVERITY_NOTIFICATION:
      return true;
    default: return false;
  }
}

namespace {

bool is_application_source(GLenum source) {
  return source == GL_DEBUG_SOURCE_APPLICATION || source == GL_DEBUG_SOURCE_THIRD_PARTY;
}

// The message/label length rule shared by Insert, PushDebugGroup and ObjectLabel: a negative
// length means NUL-terminated; the result must stay below `limit`. Returns -1 after raising the error.
GLsizei checked_length(Context& ctx, const char* function, const GLchar* text, GLsizei length, GLint limit) {
  if (length < 0) length = text ? GLsizei(std::strlen(text)) : 0;
  if (length >= limit) {
    ctx.error(GL_INVALID_VALUE, "%s(length = %d): must be less than %d", function, length, limit);
    return -1;
  }
  return length;
}

// Copies a label into (bufSize, length, label) the way glGetObjectLabel specifies.
void return_label(const std::string& text, GLsizei bufSize, GLsizei* length, GLchar* label) {
  if (!label) {
    if (length) *length = GLsizei(text.size());
    return;
  }
  const GLsizei n = bufSize > 0 ? std::min<GLsizei>(bufSize - 1, GLsizei(text.size())) : 0;
  if (bufSize > 0) {
    std::memcpy(label, text.data(), std::size_t(n));
    label[n] = '\0';
  }
  if (length) *length = n;
}

// The label of the object glObjectLabel/glGetObjectLabel name, kept alive by `owner`; null after
// the spec's error: INVALID_ENUM for an unknown identifier, INVALID_VALUE unless `name` is an
// existing object of that type (KHR_debug). Names glGen* reserved but never bound are not objects
// yet (GL 4.6 8.1, 9.2, 10.3.1): only glCreate* or a first bind makes them.
struct Labelled {
  std::shared_ptr<void> owner;
  std::string* label = nullptr;
};

template <typename Map>
Labelled label_in(Map& objects, GLuint name) {
  auto found = objects.find(name);
  if (name == 0 || found == objects.end() || !found->second) return {};
  return {found->second, &found->second->label};
}

Labelled labelled_object(Context& ctx, GLenum identifier, GLuint name, const char* function) {
  Labelled object;
  ShareGroup& group = ctx.share_group();
  switch (identifier) {
    case GL_BUFFER:
      if (auto buffer = group.find_buffer(name)) object = {buffer, &buffer->label};
      break;
    case GL_TEXTURE:
      if (auto texture = group.find_texture(name); texture && texture->target) object = {texture, &texture->label};
      break;
    case GL_RENDERBUFFER:
      if (auto renderbuffer = group.find_renderbuffer(name)) object = {renderbuffer, &renderbuffer->label};
      break;
    case GL_SAMPLER: {
      std::lock_guard lock(group.mutex);
      object = label_in(group.samplers, name);
      break;
    }
    case GL_SHADER: {
      std::lock_guard lock(group.mutex);
      object = label_in(group.shaders, name);
      break;
    }
    case GL_PROGRAM: {
      std::lock_guard lock(group.mutex);
      object = label_in(group.programs, name);
      break;
    }
    case GL_FRAMEBUFFER: object = label_in(ctx.framebuffers, name); break;
    case GL_VERTEX_ARRAY:
      object = label_in(ctx.vertex_arrays, name);
      if (object.label && !static_cast<VertexArrayObject*>(object.owner.get())->bound_once) object = {};
      break;
    case GL_PROGRAM_PIPELINE: object = label_in(ctx.program_pipelines, name); break;
    // Valid name spaces glvk has no objects in yet: every name is "not an object".
    case GL_QUERY: case GL_TRANSFORM_FEEDBACK: break;
    default:
      ctx.error(GL_INVALID_ENUM, "%s(identifier = 0x%04x): invalid", function, identifier);
      return {};
  }
  if (!object.label) ctx.error(GL_INVALID_VALUE, "%s(name = %u): not an object of that type", function, name);
  return object;
}

}  // namespace

namespace api {

void DebugMessageCallback(Context& ctx, const char*, GLDEBUGPROC callback, const void* userParam) {
  ctx.debug_callback = callback;
  ctx.debug_user_param = userParam;
}

void DebugMessageControl(Context& ctx, const char* fn, GLenum source, GLenum type, GLenum severity, GLsizei count,
                         const GLuint* ids, GLboolean enabled) {
  if ((source != GL_DONT_CARE && !is_debug_source(source)) || (type != GL_DONT_CARE && !is_debug_type(type)) ||
      (severity != GL_DONT_CARE && !is_debug_severity(severity))) {
    ctx.error(GL_INVALID_ENUM, "%s: invalid source, type or severity", fn);
    return;
  }
  if (count < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
    return;
  }
  if (count > 0 && (source == GL_DONT_CARE || type == GL_DONT_CARE || severity != GL_DONT_CARE)) {
    ctx.error(GL_INVALID_OPERATION,
              "%s: ids need a specific source and type and severity GL_DONT_CARE", fn);
    return;
  }
  DebugRule rule{source, type, severity, count == 0, {}, enabled == GL_TRUE};
  for (GLsizei i = 0; i < count && ids; ++i) rule.ids.insert(ids[i]);
  ctx.debug_groups.back().rules.push_back(std::move(rule));
}

void DebugMessageInsert(Context& ctx, const char* fn, GLenum source, GLenum type, GLuint id, GLenum severity,
                        GLsizei length, const GLchar* buf) {
  if (!is_application_source(source) || !is_debug_type(type) || !is_debug_severity(severity)) {
    ctx.error(GL_INVALID_ENUM, "%s: invalid source, type or severity", fn);
    return;
  }
  const GLsizei n = checked_length(ctx, fn, buf, length, kMaxDebugMessageLength);
  if (n < 0) return;
  ctx.debug_message(source, type, id, severity, std::string(buf ? buf : "", std::size_t(n)));
}

GLuint GetDebugMessageLog(Context& ctx, const char* fn, GLuint count, GLsizei bufSize, GLenum* sources, GLenum* types,
                          GLuint* ids, GLenum* severities, GLsizei* lengths, GLchar* messageLog) {
  if (bufSize < 0 && messageLog) {
    ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, bufSize);
    return 0;
  }
  GLuint fetched = 0;
  GLsizei used = 0;
  while (fetched < count && !ctx.debug_log.empty()) {
    const DebugMessage& m = ctx.debug_log.front();
    const GLsizei size = GLsizei(m.text.size() + 1);
    if (messageLog) {
      // A message that does not fit stays in the log, and retrieval stops.
      if (used + size > bufSize) break;
      std::memcpy(messageLog + used, m.text.c_str(), std::size_t(size));
      used += size;
    }
    if (sources) sources[fetched] = m.source;
    if (types) types[fetched] = m.type;
    if (ids) ids[fetched] = m.id;
    if (severities) severities[fetched] = m.severity;
    if (lengths) lengths[fetched] = size;
    ctx.debug_log.erase(ctx.debug_log.begin());
    ++fetched;
  }
  return fetched;
}

void PushDebugGroup(Context& ctx, const char* fn, GLenum source, GLuint id, GLsizei length, const GLchar* message) {
  if (!is_application_source(source)) {
    ctx.error(GL_INVALID_ENUM, "%s(source = 0x%04x): must be APPLICATION or THIRD_PARTY", fn, source);
    return;
  }
  const GLsizei n = checked_length(ctx, fn, message, length, kMaxDebugMessageLength);
  if (n < 0) return;
  if (ctx.debug_groups.size() >= std::size_t(kMaxDebugGroupStackDepth)) {
    ctx.error(GL_STACK_OVERFLOW, "%s: the stack already holds %d groups", fn, kMaxDebugGroupStackDepth);
    return;
  }
  std::string text(message ? message : "", std::size_t(n));
  DebugGroup group{source, id, text, ctx.debug_groups.back().rules};
  ctx.debug_groups.push_back(std::move(group));
  ctx.debug_message(source, GL_DEBUG_TYPE_PUSH_GROUP, id, GL_DEBUG_SEVERITY_NOTIFICATION, text);
}

void PopDebugGroup(Context& ctx, const char* fn) {
  if (ctx.debug_groups.size() <= 1) {
    ctx.error(GL_STACK_UNDERFLOW, "%s: only the default group is on the stack", fn);
    return;
  }
  DebugGroup group = std::move(ctx.debug_groups.back());
  ctx.debug_groups.pop_back();
  ctx.debug_message(group.source, GL_DEBUG_TYPE_POP_GROUP, group.id, GL_DEBUG_SEVERITY_NOTIFICATION,
                    group.message);
}

void ObjectLabel(Context& ctx, const char* fn, GLenum identifier, GLuint name, GLsizei length, const GLchar* label) {
  const Labelled object = labelled_object(ctx, identifier, name, fn);
  if (!object.label) return;
  const GLsizei n = checked_length(ctx, fn, label, length, kMaxLabelLength);
  if (n < 0) return;
  *object.label = label ? std::string(label, std::size_t(n)) : std::string();
}

void GetObjectLabel(Context& ctx, const char* fn, GLenum identifier, GLuint name, GLsizei bufSize, GLsizei* length,
                    GLchar* label) {
  if (bufSize < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, bufSize);
    return;
  }
  if (const Labelled object = labelled_object(ctx, identifier, name, fn); object.label)
    return_label(*object.label, bufSize, length, label);
}

// glvk has no sync objects yet, so no pointer names one.
void ObjectPtrLabel(Context& ctx, const char* fn, const void* ptr, GLsizei, const GLchar*) {
  ctx.error(GL_INVALID_VALUE, "%s(%p): not a sync object", fn, ptr);
}

void GetObjectPtrLabel(Context& ctx, const char* fn, const void* ptr, GLsizei bufSize, GLsizei*, GLchar*) {
  if (bufSize < 0)
    ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, bufSize);
  else
    ctx.error(GL_INVALID_VALUE, "%s(%p): not a sync object", fn, ptr);
}

void GetPointerv(Context& ctx, const char* fn, GLenum pname, void** params) {
  switch (pname) {
    case GL_DEBUG_CALLBACK_FUNCTION:
      if (params) *params = reinterpret_cast<void*>(ctx.debug_callback);
      return;
    case GL_DEBUG_CALLBACK_USER_PARAM:
      if (params) *params = const_cast<void*>(ctx.debug_user_param);
      return;
    default:
      if (legacy_array_pointer(ctx, pname, params)) return;  // api_client_arrays.cpp
      if (state_array_pointer(ctx, pname, params)) return;   // api_color_index.cpp
      if (select_feedback_pointer(ctx, pname, params)) return;  // api_select_feedback.cpp
      ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a pointer glvk tracks", fn, pname);
  }
}

}  // namespace api
}  // namespace glvk::gl
