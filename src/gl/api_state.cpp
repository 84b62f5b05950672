// Context-wide queries and state: errors, strings, integer state, capabilities, flush/finish.
#include <cstring>
#include <vector>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "glvk/st/transfer.h"

namespace glvk::gl {
namespace {

constexpr GLenum kBufferBindingQueries[] = {
    GL_ARRAY_BUFFER_BINDING,          GL_ATOMIC_COUNTER_BUFFER_BINDING,   GL_COPY_READ_BUFFER_BINDING,
    GL_COPY_WRITE_BUFFER_BINDING,     GL_DISPATCH_INDIRECT_BUFFER_BINDING, GL_DRAW_INDIRECT_BUFFER_BINDING,
    GL_ELEMENT_ARRAY_BUFFER_BINDING,  GL_PIXEL_PACK_BUFFER_BINDING,       GL_PIXEL_UNPACK_BUFFER_BINDING,
    GL_QUERY_BUFFER_BINDING,          GL_SHADER_STORAGE_BUFFER_BINDING,   GL_TEXTURE_BUFFER_BINDING,
    GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, GL_UNIFORM_BUFFER_BINDING};
static_assert(std::size(kBufferBindingQueries) == kBufferTargetCount);

}  // namespace

bool query_texture_integer(Context& ctx, GLenum pname, GLint64& value);      // api_textures.cpp
// `raised`: the query is known but raised an error (nothing is written then).
bool query_framebuffer_integer(Context& ctx, GLenum pname, GLint64& value, bool& raised);  // api_framebuffers.cpp

namespace {

// The integer-valued state glvk implements; false for a pname it does not know. `raised`: the
// query raised an error.
bool query_integer(Context& ctx, GLenum pname, GLint64& value, bool& raised) {
  if (query_texture_integer(ctx, pname, value) || query_framebuffer_integer(ctx, pname, value, raised)) return true;
  for (std::size_t i = 0; i < kBufferTargetCount; ++i)
    if (pname == kBufferBindingQueries[i]) {
      value = ctx.bound_buffers[i] ? ctx.bound_buffers[i]->name : 0;
      return true;
    }
  switch (pname) {
    case GL_MAJOR_VERSION: value = kMaxMajorVersion; return true;
    case GL_MINOR_VERSION: value = kMaxMinorVersion; return true;
    case GL_NUM_EXTENSIONS: value = GLint64(advertised_extensions().size()); return true;
    case GL_CONTEXT_FLAGS:
      value = (ctx.config().debug ? GL_CONTEXT_FLAG_DEBUG_BIT : 0) |
              (ctx.config().forward_compatible ? GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT : 0);
      return true;
    case GL_CONTEXT_PROFILE_MASK:
      value = ctx.config().core_profile ? GL_CONTEXT_CORE_PROFILE_BIT : GL_CONTEXT_COMPATIBILITY_PROFILE_BIT;
      return true;
    case GL_MAX_DEBUG_MESSAGE_LENGTH: value = kMaxDebugMessageLength; return true;
    case GL_MAX_DEBUG_LOGGED_MESSAGES: value = kMaxDebugLoggedMessages; return true;
    case GL_MAX_DEBUG_GROUP_STACK_DEPTH: value = kMaxDebugGroupStackDepth; return true;
    case GL_MAX_LABEL_LENGTH: value = kMaxLabelLength; return true;
    case GL_DEBUG_LOGGED_MESSAGES: value = GLint64(ctx.debug_log.size()); return true;
    case GL_DEBUG_NEXT_LOGGED_MESSAGE_LENGTH:
      value = ctx.debug_log.empty() ? 0 : GLint64(ctx.debug_log.front().text.size() + 1);
      return true;
    case GL_DEBUG_GROUP_STACK_DEPTH: value = GLint64(ctx.debug_groups.size()); return true;
    case GL_DEBUG_OUTPUT: value = ctx.debug_output; return true;
    case GL_DEBUG_OUTPUT_SYNCHRONOUS: value = ctx.debug_output_synchronous; return true;
    // Mapped pointers are at least this aligned (bytes); staging allocations honour it too.
    case GL_MIN_MAP_BUFFER_ALIGNMENT: value = 64; return true;
    default: return false;
  }
}

template <typename T>
void get_integer(const char* function, GLenum pname, T* data) {
  Context* ctx = current_context();
  if (!ctx) return;
  GLint64 value = 0;
  bool raised = false;
  if (!query_integer(*ctx, pname, value, raised)) {
    ctx->error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a state glvk knows", function, pname);
    return;
  }
  if (!data || raised) return;
  *data = T(value);
}

bool* capability(Context& ctx, GLenum cap) {
  switch (cap) {
    case GL_DEBUG_OUTPUT: return &ctx.debug_output;
    case GL_DEBUG_OUTPUT_SYNCHRONOUS: return &ctx.debug_output_synchronous;
    case GL_SCISSOR_TEST: return &ctx.scissor_test;
    case GL_FRAMEBUFFER_SRGB: return &ctx.framebuffer_srgb;
    default: return nullptr;
  }
}

void set_capability(const char* function, GLenum cap, bool enabled) {
  Context* ctx = current_context();
  if (!ctx) return;
  bool* state = capability(*ctx, cap);
  if (!state) {
    ctx->error(GL_INVALID_ENUM, "%s(cap = 0x%04x): not a capability glvk implements", function, cap);
    return;
  }
  *state = enabled;
}

}  // namespace

namespace api {

GLenum GetError() {
  Context* ctx = current_context();
  return ctx ? ctx->take_error() : GL_NO_ERROR;
}

const GLubyte* GetString(GLenum name) {
  Context* ctx = current_context();
  if (!ctx) return nullptr;
  static std::string extension_string = [] {
    std::string s;
    for (const char* e : advertised_extensions()) s += std::string(s.empty() ? "" : " ") + e;
    return s;
  }();
  const char* value = nullptr;
  switch (name) {
    case GL_VENDOR: value = "glvk"; break;
    case GL_RENDERER: value = ctx->renderer().c_str(); break;
    case GL_VERSION: value = ctx->version_string().c_str(); break;
    case GL_SHADING_LANGUAGE_VERSION: value = "4.60"; break;
    case GL_EXTENSIONS:
      // Removed from core profiles: there the list is read with glGetStringi.
      if (ctx->config().core_profile) break;
      value = extension_string.c_str();
      break;
    default: break;
  }
  if (!value) ctx->error(GL_INVALID_ENUM, "glGetString(name = 0x%04x): invalid name", name);
  return reinterpret_cast<const GLubyte*>(value);
}

const GLubyte* GetStringi(GLenum name, GLuint index) {
  Context* ctx = current_context();
  if (!ctx) return nullptr;
  if (name != GL_EXTENSIONS) {
    ctx->error(GL_INVALID_ENUM, "glGetStringi(name = 0x%04x): only GL_EXTENSIONS is indexed", name);
    return nullptr;
  }
  const auto list = advertised_extensions();
  if (index >= list.size()) {
    ctx->error(GL_INVALID_VALUE, "glGetStringi(index = %u): only %zu extensions", index, list.size());
    return nullptr;
  }
  return reinterpret_cast<const GLubyte*>(list[index]);
}

void GetIntegerv(GLenum pname, GLint* data) { get_integer("glGetIntegerv", pname, data); }
void GetInteger64v(GLenum pname, GLint64* data) { get_integer("glGetInteger64v", pname, data); }
void GetBooleanv(GLenum pname, GLboolean* data) {
  GLint64 value = 0;
  get_integer("glGetBooleanv", pname, &value);
  if (data) *data = value ? GL_TRUE : GL_FALSE;
}

void Enable(GLenum cap) { set_capability("glEnable", cap, true); }
void Disable(GLenum cap) { set_capability("glDisable", cap, false); }
GLboolean IsEnabled(GLenum cap) {
  Context* ctx = current_context();
  if (!ctx) return GL_FALSE;
  bool* state = capability(*ctx, cap);
  if (!state) {
    ctx->error(GL_INVALID_ENUM, "glIsEnabled(cap = 0x%04x): not a capability glvk implements", cap);
    return GL_FALSE;
  }
  return *state ? GL_TRUE : GL_FALSE;
}

void Flush() {
  if (Context* ctx = current_context()) ctx->st().flush();
}

void Finish() {
  if (Context* ctx = current_context()) ctx->st().finish();
}

}  // namespace api
}  // namespace glvk::gl
