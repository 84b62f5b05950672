// Buffer objects: names, data stores, sub-data, copies, maps, invalidation and queries.
// Every entry point validates first and raises the error the GL 4.6 spec names; a call that
// raises an error changes nothing.
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "api_common.h"
#include "texture_internal.h"
#include "glvk/formats/checked_size.h"
#include "glvk/formats/convert.h"
#include "glvk/st/bufferobj.h"
#include "glvk/st/context.h"

namespace glvk::gl {
namespace {

using BufferRef = std::shared_ptr<BufferObject>;

int buffer_target_index(GLenum target) {
  for (std::size_t i = 0; i < kBufferTargetCount; ++i)
    if (kBufferTargets[i] == target) return int(i);
  return -1;
}

// The buffer bound to `target`, or null after raising INVALID_ENUM (bad target) or
// `unbound_error` (nothing bound: INVALID_OPERATION for most commands).
BufferRef bound_buffer(Context& ctx, GLenum target, const char* function, GLenum unbound_error = GL_INVALID_OPERATION) {
  const int index = buffer_target_index(target);
  if (index < 0) {
    ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a buffer target", function, target);
    return nullptr;
  }
  BufferRef buffer = ctx.bound_buffers[std::size_t(index)];
  if (!buffer) ctx.error(unbound_error, "%s: no buffer is bound to target 0x%04x", function, target);
  return buffer;
}

// For the DSA entry points: the named buffer, or null after raising `error`.
BufferRef named_buffer(Context& ctx, GLuint name, const char* function, GLenum error = GL_INVALID_OPERATION) {
  BufferRef buffer = ctx.share_group().find_buffer(name);
  if (!buffer) ctx.error(error, "%s(buffer = %u): not an existing buffer object", function, name);
  return buffer;
}

// A mapping blocks most commands unless it is persistent.
bool mapped_non_persistent(const BufferObject& buffer) {
  return buffer.mapped && !(buffer.access_flags & GL_MAP_PERSISTENT_BIT);
}

bool is_usage(GLenum usage) {
  switch (usage) {
    case GL_STREAM_DRAW: case GL_STREAM_READ: case GL_STREAM_COPY: case GL_STATIC_DRAW: case GL_STATIC_READ:
    case GL_STATIC_COPY: case GL_DYNAMIC_DRAW: case GL_DYNAMIC_READ: case GL_DYNAMIC_COPY:
      return true;
    default: return false;
  }
}

// Checks that [offset, offset + size) lies in a store of `store_size` bytes, without overflow.
bool range_fits(GLintptr offset, GLsizeiptr size, GLsizeiptr store_size) {
  return store_size >= 0 && formats::range_inside(offset, size, std::uint64_t(store_size));
}

void unmap(Context& ctx, BufferObject& buffer) {
  if (buffer.transfer) ctx.st().transfer_unmap(buffer.transfer);
  buffer.transfer = nullptr;
  buffer.mapped = false;
  buffer.map_pointer = nullptr;
  buffer.map_offset = 0;
  buffer.map_length = 0;
  buffer.access_flags = 0;
  buffer.access = GL_READ_WRITE;
}

// st_bufferobj_data: a new data store (the old one lives on while the GPU still uses it).
void buffer_data(Context& ctx, BufferObject& buffer, GLsizeiptr size, const void* data, GLenum usage,
                 bool immutable, GLbitfield storage_flags) {
  if (buffer.mapped) unmap(ctx, buffer);
  std::shared_ptr<st::Resource> resource;
  if (size > 0) {
    resource = immutable ? ctx.st().buffer_create(std::uint64_t(size), st::resource_usage_from_gl_storage(storage_flags),
                                                  st::resource_flags_from_gl_storage(storage_flags))
                         : ctx.st().buffer_create(std::uint64_t(size), st::resource_usage_from_gl(usage), 0);
    if (data)
      ctx.st().buffer_subdata(*resource, st::PIPE_TRANSFER_WRITE | st::PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE, 0,
                              std::uint64_t(size), data);
  }
  buffer.resource = std::move(resource);
  buffer.size = size;
  buffer.usage = usage;
  buffer.immutable = immutable;
  buffer.storage_flags = storage_flags;
}

void buffer_data_checked(Context& ctx, BufferObject& buffer, GLsizeiptr size, const void* data, GLenum usage,
                         const char* function) {
  if (size < 0) return ctx.error(GL_INVALID_VALUE, "%s(size = %lld): negative", function, (long long)size);
  if (!is_usage(usage)) return ctx.error(GL_INVALID_ENUM, "%s(usage = 0x%04x): invalid", function, usage);
  if (buffer.immutable)
    return ctx.error(GL_INVALID_OPERATION, "%s: buffer %u has immutable storage", function, buffer.name);
  // Mutable stores behave as if created with these storage flags (GL_BUFFER_STORAGE_FLAGS).
  buffer_data(ctx, buffer, size, data, usage, false, GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT);
}

void buffer_storage_checked(Context& ctx, BufferObject& buffer, GLsizeiptr size, const void* data, GLbitfield flags,
                            const char* function) {
  constexpr GLbitfield kAllowed = GL_DYNAMIC_STORAGE_BIT | GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT |
                                  GL_MAP_COHERENT_BIT | GL_CLIENT_STORAGE_BIT;
  if (size <= 0) return ctx.error(GL_INVALID_VALUE, "%s(size = %lld): must be positive", function, (long long)size);
  if (flags & ~kAllowed) return ctx.error(GL_INVALID_VALUE, "%s(flags = 0x%x): unknown bits", function, flags);
  if ((flags & GL_MAP_PERSISTENT_BIT) && !(flags & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT)))
    return ctx.error(GL_INVALID_VALUE, "%s: MAP_PERSISTENT needs MAP_READ or MAP_WRITE", function);
  if ((flags & GL_MAP_COHERENT_BIT) && !(flags & GL_MAP_PERSISTENT_BIT))
    return ctx.error(GL_INVALID_VALUE, "%s: MAP_COHERENT needs MAP_PERSISTENT", function);
  if (buffer.immutable)
    return ctx.error(GL_INVALID_OPERATION, "%s: buffer %u already has immutable storage", function, buffer.name);
  buffer_data(ctx, buffer, size, data, GL_DYNAMIC_DRAW, true, flags);
}

// The range errors glBufferSubData and glGetBufferSubData share: a negative offset or size, a
// range past the end, a buffer mapped without MAP_PERSISTENT. False after raising one.
bool check_sub_range(Context& ctx, const BufferObject& buffer, GLintptr offset, GLsizeiptr size,
                     const char* function) {
  if (offset < 0 || size < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(offset = %lld, size = %lld): negative", function, (long long)offset,
              (long long)size);
    return false;
  }
  if (!range_fits(offset, size, buffer.size)) {
    ctx.error(GL_INVALID_VALUE, "%s: range [%lld, +%lld) exceeds the buffer's %lld bytes", function,
              (long long)offset, (long long)size, (long long)buffer.size);
    return false;
  }
  if (mapped_non_persistent(buffer)) {
    ctx.error(GL_INVALID_OPERATION, "%s: buffer %u is mapped", function, buffer.name);
    return false;
  }
  return true;
}

void buffer_sub_data_checked(Context& ctx, BufferObject& buffer, GLintptr offset, GLsizeiptr size, const void* data,
                             const char* function) {
  if (!check_sub_range(ctx, buffer, offset, size, function)) return;
  if (buffer.immutable && !(buffer.storage_flags & GL_DYNAMIC_STORAGE_BIT))
    return ctx.error(GL_INVALID_OPERATION, "%s: immutable storage without DYNAMIC_STORAGE_BIT", function);
  if (size == 0 || !data) return;
  // st_bufferobj_subdata: the written range may be discarded (it is entirely overwritten).
  ctx.st().buffer_subdata(*buffer.resource, st::PIPE_TRANSFER_WRITE | st::PIPE_TRANSFER_DISCARD_RANGE,
                          std::uint64_t(offset), std::uint64_t(size), data);
}

// glClear(Named)Buffer(Sub)Data (GL 4.6 6.6): one element of `internal_format`, converted from
// (format, type) as a texel upload converts it (zeros without data), repeated over the range. The
// error codes follow Mesa where the section leaves the choice (a bad format or type: INVALID_VALUE).
void clear_buffer_checked(Context& ctx, BufferObject& buffer, GLenum internal_format, GLintptr offset,
                          GLsizeiptr size, GLenum format, GLenum type, const void* data, const char* function) {
  const std::optional<BufferTextureLayout> layout = buffer_texture_layout(internal_format);
  if (!layout)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a buffer texture format", function,
                     internal_format);
  if (offset < 0 || size < 0 || !range_fits(offset, size, buffer.size))
    return ctx.error(GL_INVALID_VALUE, "%s: range [%lld, +%lld) is not inside the buffer's %lld bytes", function,
                     (long long)offset, (long long)size, (long long)buffer.size);
  const formats::PixelFormat element_format = *formats::PixelFormat::from_gl(layout->format, layout->type);
  const std::size_t element = element_format.bytes_per_block();
  if (std::size_t(offset) % element || std::size_t(size) % element)
    return ctx.error(GL_INVALID_VALUE, "%s: offset and size must be multiples of the %zu-byte element", function,
                     element);
  const bool depth_or_stencil = format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL;
  if (!formats::gl_client_format_name(format) || depth_or_stencil || !formats::gl_type_name(type))
    return ctx.error(GL_INVALID_VALUE, "%s(format = 0x%04x, type = 0x%04x): not a colour format and type", function,
                     format, type);
  if (formats::is_integer_format(format) != formats::is_integer_format(layout->format))
    return ctx.error(GL_INVALID_OPERATION, "%s: integer and non-integer data do not mix", function);
  const std::optional<formats::PixelFormat> source = formats::PixelFormat::from_gl(format, type);
  std::array<std::byte, 16> value{};  // RGBA32 is the largest element
  if (data && (!source || formats::convert(value.data(), element_format, element, data, *source,
                                           source->row_bytes(1), 1, 1) != formats::ConvertStatus::OK))
    return ctx.error(GL_INVALID_OPERATION, "%s: format %s does not go with type %s", function,
                     formats::gl_client_format_name(format), formats::gl_type_name(type));
  // Only a mapping that overlaps the range blocks the clear.
  if (mapped_non_persistent(buffer) && offset < buffer.map_offset + buffer.map_length &&
      buffer.map_offset < offset + size)
    return ctx.error(GL_INVALID_OPERATION, "%s: the range overlaps buffer %u's mapping", function, buffer.name);
  if (size == 0) return;
  std::vector<std::byte> fill(static_cast<std::size_t>(size));
  for (std::size_t at = 0; at < fill.size(); at += element) std::memcpy(&fill[at], value.data(), element);
  ctx.st().buffer_subdata(*buffer.resource, st::PIPE_TRANSFER_WRITE | st::PIPE_TRANSFER_DISCARD_RANGE,
                          std::uint64_t(offset), std::uint64_t(size), fill.data());
}

void get_buffer_sub_data_checked(Context& ctx, BufferObject& buffer, GLintptr offset, GLsizeiptr size, void* data,
                                 const char* function) {
  if (!check_sub_range(ctx, buffer, offset, size, function)) return;
  if (size == 0 || !data) return;
  ctx.st().buffer_read(*buffer.resource, std::uint64_t(offset), std::uint64_t(size), data);
}

void copy_checked(Context& ctx, BufferObject& src, BufferObject& dst, GLintptr read_offset, GLintptr write_offset,
                  GLsizeiptr size, const char* function) {
  if (read_offset < 0 || write_offset < 0 || size < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative offset or size", function);
  if (!range_fits(read_offset, size, src.size) || !range_fits(write_offset, size, dst.size))
    return ctx.error(GL_INVALID_VALUE, "%s: range exceeds a buffer's size", function);
  if (&src == &dst && read_offset < write_offset + size && write_offset < read_offset + size)
    return ctx.error(GL_INVALID_VALUE, "%s: source and destination ranges overlap", function);
  if (mapped_non_persistent(src) || mapped_non_persistent(dst))
    return ctx.error(GL_INVALID_OPERATION, "%s: a buffer is mapped", function);
  if (size == 0) return;
  ctx.st().buffer_copy(*dst.resource, std::uint64_t(write_offset), *src.resource, std::uint64_t(read_offset),
                       std::uint64_t(size));
}

void* map_range_checked(Context& ctx, BufferObject& buffer, GLintptr offset, GLsizeiptr length, GLbitfield access,
                        const char* function) {
  constexpr GLbitfield kAllowed = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
                                  GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | GL_MAP_UNSYNCHRONIZED_BIT |
                                  GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  if (offset < 0 || length < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(offset = %lld, length = %lld): negative", function, (long long)offset,
              (long long)length);
    return nullptr;
  }
  if (!range_fits(offset, length, buffer.size)) {
    ctx.error(GL_INVALID_VALUE, "%s: range [%lld, +%lld) exceeds the buffer's %lld bytes", function,
              (long long)offset, (long long)length, (long long)buffer.size);
    return nullptr;
  }
  if (length == 0) {
    ctx.error(GL_INVALID_VALUE, "%s: length is zero", function);
    return nullptr;
  }
  if (access & ~kAllowed) {
    ctx.error(GL_INVALID_VALUE, "%s(access = 0x%x): unknown bits", function, access);
    return nullptr;
  }
  if (!(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT))) {
    ctx.error(GL_INVALID_OPERATION, "%s: access has neither MAP_READ nor MAP_WRITE", function);
    return nullptr;
  }
  if ((access & GL_MAP_READ_BIT) &&
      (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_UNSYNCHRONIZED_BIT))) {
    ctx.error(GL_INVALID_OPERATION, "%s: MAP_READ with INVALIDATE or UNSYNCHRONIZED", function);
    return nullptr;
  }
  if ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT)) {
    ctx.error(GL_INVALID_OPERATION, "%s: MAP_FLUSH_EXPLICIT without MAP_WRITE", function);
    return nullptr;
  }
  constexpr GLbitfield kNeedStorage = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
  if ((access & kNeedStorage) & ~buffer.storage_flags) {
    ctx.error(GL_INVALID_OPERATION, "%s(access = 0x%x): not allowed by the storage flags 0x%x", function, access,
              buffer.storage_flags);
    return nullptr;
  }
  if (buffer.mapped) {
    ctx.error(GL_INVALID_OPERATION, "%s: buffer %u is already mapped", function, buffer.name);
    return nullptr;
  }
  const unsigned usage = st::transfer_usage_from_gl_access(access);
  st::Transfer* transfer = nullptr;
  void* pointer = ctx.st().transfer_map(*buffer.resource, 0, usage, st::buffer_box(offset, length), &transfer);
  if (!pointer) {
    ctx.error(GL_OUT_OF_MEMORY, "%s: the buffer could not be mapped", function);
    return nullptr;
  }
  buffer.mapped = true;
  buffer.transfer = transfer;
  buffer.map_pointer = pointer;
  buffer.map_offset = offset;
  buffer.map_length = length;
  buffer.access_flags = access;
  buffer.access = (access & GL_MAP_READ_BIT) && (access & GL_MAP_WRITE_BIT) ? GL_READ_WRITE
                  : (access & GL_MAP_READ_BIT)                              ? GL_READ_ONLY
                                                                            : GL_WRITE_ONLY;
  return pointer;
}

void* map_checked(Context& ctx, BufferObject& buffer, GLenum access, const char* function) {
  GLbitfield bits = 0;
  switch (access) {
    case GL_READ_ONLY: bits = GL_MAP_READ_BIT; break;
    case GL_WRITE_ONLY: bits = GL_MAP_WRITE_BIT; break;
    case GL_READ_WRITE: bits = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT; break;
    default:
      ctx.error(GL_INVALID_ENUM, "%s(access = 0x%04x): invalid", function, access);
      return nullptr;
  }
  if (buffer.mapped) {
    ctx.error(GL_INVALID_OPERATION, "%s: buffer %u is already mapped", function, buffer.name);
    return nullptr;
  }
  if (bits & ~buffer.storage_flags) {
    ctx.error(GL_INVALID_OPERATION, "%s: access not allowed by the storage flags", function);
    return nullptr;
  }
  if (buffer.size == 0) {
    // Nothing to map; GL still calls the (empty) buffer mapped.
    static char empty;
    buffer.mapped = true;
    buffer.map_pointer = &empty;
    buffer.access_flags = bits;
    buffer.access = access;
    return &empty;
  }
  void* pointer = map_range_checked(ctx, buffer, 0, buffer.size, bits, function);
  if (pointer) buffer.access = access;
  return pointer;
}

void flush_range_checked(Context& ctx, BufferObject& buffer, GLintptr offset, GLsizeiptr length, const char* function) {
  if (offset < 0 || length < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative offset or length", function);
  if (!buffer.mapped || !(buffer.access_flags & GL_MAP_FLUSH_EXPLICIT_BIT))
    return ctx.error(GL_INVALID_OPERATION, "%s: buffer %u is not mapped with MAP_FLUSH_EXPLICIT", function,
                     buffer.name);
  if (!range_fits(offset, length, buffer.map_length))
    return ctx.error(GL_INVALID_VALUE, "%s: range exceeds the mapped %lld bytes", function,
                     (long long)buffer.map_length);
  if (length == 0) return;
  ctx.st().transfer_flush_region(buffer.transfer, st::buffer_box(offset, length));
}

GLboolean unmap_checked(Context& ctx, BufferObject& buffer, const char* function) {
  if (!buffer.mapped) {
    ctx.error(GL_INVALID_OPERATION, "%s: buffer %u is not mapped", function, buffer.name);
    return GL_FALSE;
  }
  unmap(ctx, buffer);
  return GL_TRUE;
}

void invalidate_checked(Context& ctx, BufferObject& buffer, GLintptr offset, GLsizeiptr length, const char* function) {
  if (offset < 0 || length < 0 || !range_fits(offset, length, buffer.size))
    return ctx.error(GL_INVALID_VALUE, "%s: range outside the buffer", function);
  if (mapped_non_persistent(buffer))
    return ctx.error(GL_INVALID_OPERATION, "%s: buffer %u is mapped", function, buffer.name);
  // Only a whole-buffer invalidation can drop the storage; a partial one is a valid no-op hint.
  if (buffer.resource && offset == 0 && length == buffer.size) ctx.st().invalidate_resource(*buffer.resource);
}

bool buffer_parameter(Context& ctx, BufferObject& buffer, GLenum pname, GLint64& value, const char* function) {
  switch (pname) {
    case GL_BUFFER_SIZE: value = buffer.size; return true;
    case GL_BUFFER_USAGE: value = buffer.usage; return true;
    case GL_BUFFER_ACCESS: value = buffer.access; return true;
    case GL_BUFFER_ACCESS_FLAGS: value = buffer.access_flags; return true;
    case GL_BUFFER_IMMUTABLE_STORAGE: value = buffer.immutable; return true;
    case GL_BUFFER_MAPPED: value = buffer.mapped; return true;
    case GL_BUFFER_MAP_OFFSET: value = buffer.map_offset; return true;
    case GL_BUFFER_MAP_LENGTH: value = buffer.map_length; return true;
    case GL_BUFFER_STORAGE_FLAGS: value = buffer.storage_flags; return true;
    default:
      ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): invalid", function, pname);
      return false;
  }
}

void create_names(Context& ctx, GLsizei n, GLuint* buffers, bool create_objects, const char* function) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", function, n);
  if (!buffers) return;
  std::lock_guard lock(ctx.share_group().mutex);
  for (GLsizei i = 0; i < n; ++i) {
    const GLuint name = ctx.share_group().allocate_buffer_name();
    ctx.share_group().buffers[name] = create_objects ? std::make_shared<BufferObject>(name) : nullptr;
    buffers[i] = name;
  }
}

}  // namespace

namespace api {

void GenBuffers(Context& ctx, const char* fn, GLsizei n, GLuint* buffers) {
  create_names(ctx, n, buffers, false, fn);
}

void CreateBuffers(Context& ctx, const char* fn, GLsizei n, GLuint* buffers) {
  create_names(ctx, n, buffers, true, fn);
}

void DeleteBuffers(Context& ctx, const char* fn, GLsizei n, const GLuint* buffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && buffers; ++i) {
    if (buffers[i] == 0) continue;
    BufferRef buffer;
    {
      std::lock_guard lock(ctx.share_group().mutex);
      auto it = ctx.share_group().buffers.find(buffers[i]);
      if (it == ctx.share_group().buffers.end()) continue;  // unused names are silently ignored
      buffer = it->second;
      ctx.share_group().buffers.erase(it);
    }
    if (!buffer) continue;
    if (buffer->mapped) unmap(ctx, *buffer);
    for (BufferRef& binding : ctx.bound_buffers)
      if (binding == buffer) binding = nullptr;
    // GL 4.6 5.1.2: the indexed binding points of the current context are bind points too.
    auto unbind_indexed = [&](auto& bindings) {
      for (Context::IndexedBufferBinding& b : bindings)
        if (b.buffer == buffer) b = {};
    };
    unbind_indexed(ctx.uniform_buffer_bindings);
    unbind_indexed(ctx.storage_buffer_bindings);
    unbind_indexed(ctx.atomic_counter_buffer_bindings);
  }
}

GLboolean IsBuffer(Context& ctx, const char*, GLuint buffer) {
  return ctx.share_group().find_buffer(buffer) ? GL_TRUE : GL_FALSE;
}

void BindBuffer(Context& ctx, const char* fn, GLenum target, GLuint buffer) {
  const int index = buffer_target_index(target);
  if (index < 0) return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a buffer target", fn, target);
  BufferRef object;
  if (buffer != 0) {
    std::lock_guard lock(ctx.share_group().mutex);
    auto& names = ctx.share_group().buffers;
    auto it = names.find(buffer);
    if (it == names.end() && !ctx.config().bind_creates_names())
      return ctx.error(GL_INVALID_OPERATION, "%s(buffer = %u): not a name from glGenBuffers", fn, buffer);
    if (it == names.end()) it = names.emplace(buffer, nullptr).first;  // compatibility: binding creates the name
    if (!it->second) it->second = std::make_shared<BufferObject>(buffer);
    object = it->second;
  }
  ctx.bound_buffers[std::size_t(index)] = std::move(object);
}

void BufferData(Context& ctx, const char* fn, GLenum target, GLsizeiptr size, const void* data, GLenum usage) {
  if (BufferRef b = bound_buffer(ctx, target, fn))
    buffer_data_checked(ctx, *b, size, data, usage, fn);
}

void NamedBufferData(Context& ctx, const char* fn, GLuint buffer, GLsizeiptr size, const void* data, GLenum usage) {
  if (BufferRef b = named_buffer(ctx, buffer, fn))
    buffer_data_checked(ctx, *b, size, data, usage, fn);
}

void BufferStorage(Context& ctx, const char* fn, GLenum target, GLsizeiptr size, const void* data, GLbitfield flags) {
  if (BufferRef b = bound_buffer(ctx, target, fn))
    buffer_storage_checked(ctx, *b, size, data, flags, fn);
}

void NamedBufferStorage(Context& ctx, const char* fn, GLuint buffer, GLsizeiptr size, const void* data,
                        GLbitfield flags) {
  if (BufferRef b = named_buffer(ctx, buffer, fn))
    buffer_storage_checked(ctx, *b, size, data, flags, fn);
}

void BufferSubData(Context& ctx, const char* fn, GLenum target, GLintptr offset, GLsizeiptr size, const void* data) {
  if (BufferRef b = bound_buffer(ctx, target, fn))
    buffer_sub_data_checked(ctx, *b, offset, size, data, fn);
}

void NamedBufferSubData(Context& ctx, const char* fn, GLuint buffer, GLintptr offset, GLsizeiptr size,
                        const void* data) {
  if (BufferRef b = named_buffer(ctx, buffer, fn))
    buffer_sub_data_checked(ctx, *b, offset, size, data, fn);
}

void ClearBufferData(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLenum format, GLenum type,
                     const void* data) {
  if (BufferRef b = bound_buffer(ctx, target, fn, GL_INVALID_VALUE))
    clear_buffer_checked(ctx, *b, internalformat, 0, b->size, format, type, data, fn);
}

void ClearBufferSubData(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLintptr offset,
                        GLsizeiptr size, GLenum format, GLenum type, const void* data) {
  if (BufferRef b = bound_buffer(ctx, target, fn, GL_INVALID_VALUE))
    clear_buffer_checked(ctx, *b, internalformat, offset, size, format, type, data, fn);
}

void ClearNamedBufferData(Context& ctx, const char* fn, GLuint buffer, GLenum internalformat, GLenum format,
                          GLenum type, const void* data) {
  if (BufferRef b = named_buffer(ctx, buffer, fn))
    clear_buffer_checked(ctx, *b, internalformat, 0, b->size, format, type, data, fn);
}

void ClearNamedBufferSubData(Context& ctx, const char* fn, GLuint buffer, GLenum internalformat, GLintptr offset,
                             GLsizeiptr size, GLenum format, GLenum type, const void* data) {
  if (BufferRef b = named_buffer(ctx, buffer, fn))
    clear_buffer_checked(ctx, *b, internalformat, offset, size, format, type, data, fn);
}

void GetBufferSubData(Context& ctx, const char* fn, GLenum target, GLintptr offset, GLsizeiptr size, void* data) {
  if (BufferRef b = bound_buffer(ctx, target, fn))
    get_buffer_sub_data_checked(ctx, *b, offset, size, data, fn);
}

void GetNamedBufferSubData(Context& ctx, const char* fn, GLuint buffer, GLintptr offset, GLsizeiptr size, void* data) {
  if (BufferRef b = named_buffer(ctx, buffer, fn))
    get_buffer_sub_data_checked(ctx, *b, offset, size, data, fn);
}

void CopyBufferSubData(Context& ctx, const char* fn, GLenum readTarget, GLenum writeTarget, GLintptr readOffset,
                       GLintptr writeOffset, GLsizeiptr size) {
  BufferRef src = bound_buffer(ctx, readTarget, fn);
  if (!src) return;
  BufferRef dst = bound_buffer(ctx, writeTarget, fn);
  if (!dst) return;
  copy_checked(ctx, *src, *dst, readOffset, writeOffset, size, fn);
}

void CopyNamedBufferSubData(Context& ctx, const char* fn, GLuint readBuffer, GLuint writeBuffer, GLintptr readOffset,
                            GLintptr writeOffset, GLsizeiptr size) {
  BufferRef src = named_buffer(ctx, readBuffer, fn);
  if (!src) return;
  BufferRef dst = named_buffer(ctx, writeBuffer, fn);
  if (!dst) return;
  copy_checked(ctx, *src, *dst, readOffset, writeOffset, size, fn);
}

void* MapBuffer(Context& ctx, const char* fn, GLenum target, GLenum access) {
  BufferRef b = bound_buffer(ctx, target, fn);
  return b ? map_checked(ctx, *b, access, fn) : nullptr;
}

void* MapNamedBuffer(Context& ctx, const char* fn, GLuint buffer, GLenum access) {
  BufferRef b = named_buffer(ctx, buffer, fn);
  return b ? map_checked(ctx, *b, access, fn) : nullptr;
}

void* MapBufferRange(Context& ctx, const char* fn, GLenum target, GLintptr offset, GLsizeiptr length,
                     GLbitfield access) {
  BufferRef b = bound_buffer(ctx, target, fn);
  return b ? map_range_checked(ctx, *b, offset, length, access, fn) : nullptr;
}

void* MapNamedBufferRange(Context& ctx, const char* fn, GLuint buffer, GLintptr offset, GLsizeiptr length,
                          GLbitfield access) {
  BufferRef b = named_buffer(ctx, buffer, fn);
  return b ? map_range_checked(ctx, *b, offset, length, access, fn) : nullptr;
}

void FlushMappedBufferRange(Context& ctx, const char* fn, GLenum target, GLintptr offset, GLsizeiptr length) {
  if (BufferRef b = bound_buffer(ctx, target, fn))
    flush_range_checked(ctx, *b, offset, length, fn);
}

void FlushMappedNamedBufferRange(Context& ctx, const char* fn, GLuint buffer, GLintptr offset, GLsizeiptr length) {
  if (BufferRef b = named_buffer(ctx, buffer, fn))
    flush_range_checked(ctx, *b, offset, length, fn);
}

GLboolean UnmapBuffer(Context& ctx, const char* fn, GLenum target) {
  BufferRef b = bound_buffer(ctx, target, fn);
  return b ? unmap_checked(ctx, *b, fn) : GL_FALSE;
}

GLboolean UnmapNamedBuffer(Context& ctx, const char* fn, GLuint buffer) {
  BufferRef b = named_buffer(ctx, buffer, fn);
  return b ? unmap_checked(ctx, *b, fn) : GL_FALSE;
}

void InvalidateBufferData(Context& ctx, const char* fn, GLuint buffer) {
  if (BufferRef b = named_buffer(ctx, buffer, fn, GL_INVALID_VALUE))
    invalidate_checked(ctx, *b, 0, b->size, fn);
}

void InvalidateBufferSubData(Context& ctx, const char* fn, GLuint buffer, GLintptr offset, GLsizeiptr length) {
  if (BufferRef b = named_buffer(ctx, buffer, fn, GL_INVALID_VALUE))
    invalidate_checked(ctx, *b, offset, length, fn);
}

namespace {

// glGet(Named)BufferParameteri(64)v and glGet(Named)BufferPointerv after the buffer lookup (null:
// it raised the error): the value written as the query's type.
template <typename T>
void get_buffer_parameter(Context& ctx, const BufferRef& b, GLenum pname, T* params, const char* fn) {
  GLint64 value = 0;
  if (b && buffer_parameter(ctx, *b, pname, value, fn) && params) *params = T(value);
}

void get_buffer_pointer(Context& ctx, const BufferRef& b, GLenum pname, void** params, const char* fn) {
  if (!b) return;
  if (pname != GL_BUFFER_MAP_POINTER)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): invalid", fn, pname);
  if (params) *params = b->map_pointer;
}

}  // namespace

void GetBufferParameteriv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  get_buffer_parameter(ctx, bound_buffer(ctx, target, fn), pname, params, fn);
}

void GetBufferParameteri64v(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint64* params) {
  get_buffer_parameter(ctx, bound_buffer(ctx, target, fn), pname, params, fn);
}

void GetNamedBufferParameteriv(Context& ctx, const char* fn, GLuint buffer, GLenum pname, GLint* params) {
  get_buffer_parameter(ctx, named_buffer(ctx, buffer, fn), pname, params, fn);
}

void GetNamedBufferParameteri64v(Context& ctx, const char* fn, GLuint buffer, GLenum pname, GLint64* params) {
  get_buffer_parameter(ctx, named_buffer(ctx, buffer, fn), pname, params, fn);
}

void GetBufferPointerv(Context& ctx, const char* fn, GLenum target, GLenum pname, void** params) {
  get_buffer_pointer(ctx, bound_buffer(ctx, target, fn), pname, params, fn);
}

void GetNamedBufferPointerv(Context& ctx, const char* fn, GLuint buffer, GLenum pname, void** params) {
  get_buffer_pointer(ctx, named_buffer(ctx, buffer, fn), pname, params, fn);
}

}  // namespace api
}  // namespace glvk::gl
