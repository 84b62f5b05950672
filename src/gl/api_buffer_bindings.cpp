// Indexed buffer binding points (GL 4.6 6.1.1): glBindBufferBase and glBindBufferRange.
#include <algorithm>

#include "api_common.h"
#include "draw_inputs.h"
#include "glvk/st/context.h"
#include "glvk/st/shader_limits.h"

namespace glvk::gl {
namespace {

// The binding points of an indexed target glvk has; 0 for any other target.
std::uint32_t indexed_bindings(GLenum target) {
  switch (target) {
    case GL_TRANSFORM_FEEDBACK_BUFFER: return glsl::kMaxXfbBuffers;
    case GL_UNIFORM_BUFFER: return kMaxUniformBufferBindings;
    case GL_SHADER_STORAGE_BUFFER: return st::kMaxShaderStorageBufferBindings;
    case GL_ATOMIC_COUNTER_BUFFER: return st::kMaxAtomicCounterBufferBindings;
    default: return 0;
  }
}

const char* bindings_limit_name(GLenum target) {
  switch (target) {
    case GL_TRANSFORM_FEEDBACK_BUFFER: return "MAX_TRANSFORM_FEEDBACK_BUFFERS";
    case GL_SHADER_STORAGE_BUFFER: return "MAX_SHADER_STORAGE_BUFFER_BINDINGS";
    case GL_ATOMIC_COUNTER_BUFFER: return "MAX_ATOMIC_COUNTER_BUFFER_BINDINGS";
    default: return "MAX_UNIFORM_BUFFER_BINDINGS";
  }
}

// The offset alignment glBindBufferRange requires (6.1.1, 7.6.3, 7.8, 13.3.2).
GLintptr offset_alignment(Context& ctx, GLenum target) {
  switch (target) {
    case GL_TRANSFORM_FEEDBACK_BUFFER: case GL_ATOMIC_COUNTER_BUFFER: return 4;
    case GL_SHADER_STORAGE_BUFFER: return GLintptr(st::shader_limits(ctx.st().screen()).storage_buffer_offset_alignment);
    default: return kUniformBufferOffsetAlignment;
  }
}

Context::IndexedBufferBinding& indexed_binding(Context& ctx, GLenum target, GLuint index,
                                               Context::TransformFeedbackObject& xfb) {
  switch (target) {
    case GL_TRANSFORM_FEEDBACK_BUFFER: return xfb.buffers[index];
    case GL_SHADER_STORAGE_BUFFER: return ctx.storage_buffer_bindings[index];
    case GL_ATOMIC_COUNTER_BUFFER: return ctx.atomic_counter_buffer_bindings[index];
    default: return ctx.uniform_buffer_bindings[index];
  }
}

// One binding of glBindBuffer(s)Base/Range, glTransformFeedbackBuffer*; `set_generic`: the
// generic binding point follows (the single-binding commands), else it keeps its buffer.
void bind_one(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer, GLintptr offset,
              GLsizeiptr size, bool range, Context::TransformFeedbackObject* xfb_object, bool set_generic) {
  const bool xfb = target == GL_TRANSFORM_FEEDBACK_BUFFER;
  if (!indexed_bindings(target))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not an indexed buffer target glvk has", fn, target);
  if (index >= indexed_bindings(target))
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond %s", fn, index, bindings_limit_name(target));
  Context::TransformFeedbackObject& xfb_target = xfb_object ? *xfb_object : ctx.current_transform_feedback();
  if (xfb && xfb_target.active)
    return ctx.error(GL_INVALID_OPERATION, "%s: transform feedback is active (13.3.2)", fn);
  std::shared_ptr<BufferObject> object;
  if (buffer) {
    object = ctx.share_group().find_buffer(buffer);
    if (!object) {
      // A name from glGenBuffers becomes an object when bound (2.6.3 / 6.1.1).
      std::lock_guard lock(ctx.share_group().mutex);
      auto found = ctx.share_group().buffers.find(buffer);
      // glTransformFeedbackBuffer* name their error INVALID_VALUE (GL 4.6 13.3.2), the bind commands
      // INVALID_OPERATION (6.1.1).
      if (found == ctx.share_group().buffers.end())
        return ctx.error(xfb_object ? GL_INVALID_VALUE : GL_INVALID_OPERATION,
                         "%s(buffer = %u): not a name from glGenBuffers", fn, buffer);
      found->second = object = std::make_shared<BufferObject>(buffer);
    }
  }
  if (range && object) {
    if (size <= 0) return ctx.error(GL_INVALID_VALUE, "%s(size = %ld): not positive", fn, long(size));
    if (offset < 0) return ctx.error(GL_INVALID_VALUE, "%s(offset = %ld): negative", fn, long(offset));
    if (xfb && (offset % 4 || size % 4))
      return ctx.error(GL_INVALID_VALUE, "%s(offset = %ld, size = %ld): not multiples of 4 (13.3.2)", fn, long(offset),
                       long(size));
    if (const GLintptr alignment = offset_alignment(ctx, target); offset % alignment)
      return ctx.error(GL_INVALID_VALUE, "%s(offset = %ld): not a multiple of the target's alignment (%ld)", fn,
                       long(offset), long(alignment));
  }
  Context::IndexedBufferBinding& b = indexed_binding(ctx, target, index, xfb_target);
  b.buffer = object;
  b.offset = range ? offset : 0;
  b.size = range ? size : 0;
  if (!set_generic) return;
  // The generic binding point follows (6.1.1).
  const std::size_t generic = std::size_t(std::find(std::begin(kBufferTargets), std::end(kBufferTargets), target) -
                                          std::begin(kBufferTargets));
  ctx.bound_buffers[generic] = std::move(object);
}

}  // namespace

void bind_indexed_buffer(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                         GLsizeiptr size, bool range, Context::TransformFeedbackObject* xfb_object) {
  bind_one(ctx, fn, target, index, buffer, offset, size, range, xfb_object, xfb_object == nullptr);
}

namespace api {

void BindBufferBase(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer) {
  bind_indexed_buffer(ctx, fn, target, index, buffer, 0, 0, false);
}

void BindBufferRange(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                     GLsizeiptr size) {
  bind_indexed_buffer(ctx, fn, target, index, buffer, offset, size, true);
}

// ARB_multi_bind (GL 4.6 6.1.1): `count` bindings from `first`, each as glBindBufferBase/Range
// would bind it (an entry's error leaves the others bound), except that the generic binding point
// keeps its buffer. Null buffers unbind the range.
static void bind_buffers(Context& ctx, const char* fn, GLenum target, GLuint first, GLsizei count,
                         const GLuint* buffers, const GLintptr* offsets, const GLsizeiptr* sizes, bool range) {
  const std::uint64_t bindings = indexed_bindings(target);
  if (!bindings)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not an indexed buffer target glvk has", fn, target);
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (std::uint64_t(first) + std::uint64_t(count) > bindings)
    return ctx.error(GL_INVALID_OPERATION, "%s(first = %u, count = %d): beyond the target's bindings", fn, first,
                     count);
  if (range && buffers && count > 0 && (!offsets || !sizes))
    return ctx.error(GL_INVALID_VALUE, "%s: buffers given without offsets and sizes", fn);
  for (GLsizei i = 0; i < count; ++i) {
    const GLuint buffer = buffers ? buffers[i] : 0;
    const bool ranged = range && buffer;
    bind_one(ctx, fn, target, first + GLuint(i), buffer, ranged ? offsets[i] : 0, ranged ? sizes[i] : 0, ranged,
             nullptr, false);
  }
}

void BindBuffersBase(Context& ctx, const char* fn, GLenum target, GLuint first, GLsizei count, const GLuint* buffers) {
  bind_buffers(ctx, fn, target, first, count, buffers, nullptr, nullptr, false);
}

void BindBuffersRange(Context& ctx, const char* fn, GLenum target, GLuint first, GLsizei count, const GLuint* buffers,
                      const GLintptr* offsets, const GLsizeiptr* sizes) {
  bind_buffers(ctx, fn, target, first, count, buffers, offsets, sizes, true);
}

}  // namespace api
}  // namespace glvk::gl
