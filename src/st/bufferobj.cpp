#include "glvk/st/bufferobj.h"

namespace glvk::st {

ResourceUsage resource_usage_from_gl(GLenum usage) {
  switch (usage) {
    case GL_STATIC_READ: case GL_DYNAMIC_READ: case GL_STREAM_READ: return ResourceUsage::STAGING;
    case GL_DYNAMIC_DRAW: case GL_DYNAMIC_COPY: return ResourceUsage::DYNAMIC;
    case GL_STREAM_DRAW: case GL_STREAM_COPY: return ResourceUsage::STREAM;
    default: return ResourceUsage::DEFAULT;
  }
}

ResourceUsage resource_usage_from_gl_storage(GLbitfield flags) {
  if (flags & (GL_MAP_READ_BIT | GL_CLIENT_STORAGE_BIT)) return ResourceUsage::STAGING;
  if (flags & (GL_MAP_WRITE_BIT | GL_DYNAMIC_STORAGE_BIT)) return ResourceUsage::DYNAMIC;
  return ResourceUsage::IMMUTABLE;
}

unsigned resource_flags_from_gl_storage(GLbitfield flags) {
  unsigned out = 0;
  if (flags & GL_MAP_PERSISTENT_BIT) out |= PIPE_RESOURCE_FLAG_MAP_PERSISTENT;
  if (flags & GL_MAP_COHERENT_BIT) out |= PIPE_RESOURCE_FLAG_MAP_COHERENT;
  return out;
}

unsigned transfer_usage_from_gl_access(GLbitfield access) {
  unsigned usage = 0;
  if (access & GL_MAP_READ_BIT) usage |= PIPE_TRANSFER_READ;
  if (access & GL_MAP_WRITE_BIT) usage |= PIPE_TRANSFER_WRITE;
  if (access & GL_MAP_INVALIDATE_RANGE_BIT) usage |= PIPE_TRANSFER_DISCARD_RANGE;
  if (access & GL_MAP_INVALIDATE_BUFFER_BIT) usage |= PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE;
  if (access & GL_MAP_FLUSH_EXPLICIT_BIT) usage |= PIPE_TRANSFER_FLUSH_EXPLICIT;
  if (access & GL_MAP_UNSYNCHRONIZED_BIT) usage |= PIPE_TRANSFER_UNSYNCHRONIZED;
  if (access & GL_MAP_PERSISTENT_BIT) usage |= PIPE_TRANSFER_PERSISTENT;
  if (access & GL_MAP_COHERENT_BIT) usage |= PIPE_TRANSFER_COHERENT;
  return usage;
}

}  // namespace glvk::st
