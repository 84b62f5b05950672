// Indexed buffer binding points (GL 4.6 6.1.1): glBindBufferBase and glBindBufferRange.
#include "api_common.h"
#include "draw_inputs.h"

namespace glvk::gl {

void bind_indexed_buffer(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                         GLsizeiptr size, bool range) {
  if (target != GL_UNIFORM_BUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not an indexed buffer target glvk has", fn, target);
  if (index >= kMaxUniformBufferBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_UNIFORM_BUFFER_BINDINGS", fn, index);
  std::shared_ptr<BufferObject> object;
  if (buffer) {
    object = ctx.share_group().find_buffer(buffer);
    if (!object) {
      // A name from glGenBuffers becomes an object when bound (2.6.3 / 6.1.1).
      std::lock_guard lock(ctx.share_group().mutex);
      auto found = ctx.share_group().buffers.find(buffer);
      if (found == ctx.share_group().buffers.end())
        return ctx.error(GL_INVALID_OPERATION, "%s(buffer = %u): not a name from glGenBuffers", fn, buffer);
      found->second = object = std::make_shared<BufferObject>(buffer);
    }
  }
  if (range && object) {
    if (size <= 0) return ctx.error(GL_INVALID_VALUE, "%s(size = %ld): not positive", fn, long(size));
    if (offset < 0) return ctx.error(GL_INVALID_VALUE, "%s(offset = %ld): negative", fn, long(offset));
    if (offset % kUniformBufferOffsetAlignment)
      return ctx.error(GL_INVALID_VALUE, "%s(offset = %ld): not a multiple of UNIFORM_BUFFER_OFFSET_ALIGNMENT", fn,
                       long(offset));
  }
  Context::IndexedBufferBinding& b = ctx.uniform_buffer_bindings[index];
  b.buffer = object;
  b.offset = range ? offset : 0;
  b.size = range ? size : 0;
  // The generic binding point follows (6.1.1).
  ctx.bound_buffers[std::size(kBufferTargets) - 1] = std::move(object);
}

namespace api {

void BindBufferBase(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer) {
  bind_indexed_buffer(ctx, fn, target, index, buffer, 0, 0, false);
}

void BindBufferRange(Context& ctx, const char* fn, GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                     GLsizeiptr size) {
  bind_indexed_buffer(ctx, fn, target, index, buffer, offset, size, true);
}

}  // namespace api
}  // namespace glvk::gl
