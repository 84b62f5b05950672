// Sync objects (GL 4.6 section 4.1, ARB_sync) and memory barriers (7.13.2): fences on st's command
// stream. Every context of a
// screen records into one stream in command order, so a fence signalled for one context is
// signalled for all, and glWaitSync (a wait on the server) has nothing to wait for.
#include "api_common.h"
#include "glvk/st/context.h"

namespace glvk::gl {
namespace {

using SyncRef = std::shared_ptr<ShareGroup::SyncObject>;

std::uintptr_t handle_of(GLsync sync) { return reinterpret_cast<std::uintptr_t>(sync); }

// The sync object `sync` names, or null after INVALID_VALUE (4.1: zero or not a sync object).
SyncRef find_sync(Context& ctx, const char* fn, GLsync sync) {
  ShareGroup& group = ctx.share_group();
  {
    std::lock_guard lock(group.mutex);
    auto found = group.syncs.find(handle_of(sync));
    if (found != group.syncs.end()) return found->second;
  }
  ctx.error(GL_INVALID_VALUE, "%s(sync = %p): not the name of a sync object", fn, static_cast<void*>(sync));
  return nullptr;
}

// Whether the fence has signalled. glvk submits the fence's commands first whenever it asks: GL
// lets any command flush, and a program polling an unflushed fence would otherwise never see it.
bool signaled(Context& ctx, ShareGroup::SyncObject& object, std::uint64_t timeout_ns) {
  if (object.signaled) return true;
  if (ctx.st().fence_wait(object.fence, true, timeout_ns)) object.signaled = true;
  return object.signaled;
}

}  // namespace

namespace api {

GLsync FenceSync(Context& ctx, const char* fn, GLenum condition, GLbitfield flags) {
  if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
    ctx.error(GL_INVALID_ENUM, "%s(condition = 0x%04x): not SYNC_GPU_COMMANDS_COMPLETE", fn, condition);
    return nullptr;
  }
  if (flags != 0) {
    ctx.error(GL_INVALID_VALUE, "%s(flags = 0x%x): must be zero", fn, flags);
    return nullptr;
  }
  auto object = std::make_shared<ShareGroup::SyncObject>();
  object->fence = ctx.st().fence();
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  const std::uintptr_t handle = group.next_sync_handle++;
  group.syncs.emplace(handle, std::move(object));
  return reinterpret_cast<GLsync>(handle);
}

GLboolean IsSync(Context& ctx, const char*, GLsync sync) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  return group.syncs.contains(handle_of(sync)) ? GL_TRUE : GL_FALSE;
}

void DeleteSync(Context& ctx, const char* fn, GLsync sync) {
  if (!sync) return;  // 4.1.1: zero is silently ignored
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  // A thread still waiting on the object keeps its reference until the wait ends (4.1.1).
  if (group.syncs.erase(handle_of(sync)) == 0)
    ctx.error(GL_INVALID_VALUE, "%s(sync = %p): not the name of a sync object", fn, static_cast<void*>(sync));
}

GLenum ClientWaitSync(Context& ctx, const char* fn, GLsync sync, GLbitfield flags, GLuint64 timeout) {
  SyncRef object = find_sync(ctx, fn, sync);
  if (!object) return GL_WAIT_FAILED;
  if (flags & ~GLbitfield(GL_SYNC_FLUSH_COMMANDS_BIT)) {
    ctx.error(GL_INVALID_VALUE, "%s(flags = 0x%x): only SYNC_FLUSH_COMMANDS_BIT is allowed", fn, flags);
    return GL_WAIT_FAILED;
  }
  if (signaled(ctx, *object, 0)) return GL_ALREADY_SIGNALED;
  if (timeout == 0) return GL_TIMEOUT_EXPIRED;
  return signaled(ctx, *object, timeout) ? GL_CONDITION_SATISFIED : GL_TIMEOUT_EXPIRED;
}

void WaitSync(Context& ctx, const char* fn, GLsync sync, GLbitfield flags, GLuint64 timeout) {
  if (!find_sync(ctx, fn, sync)) return;
  if (flags != 0) return ctx.error(GL_INVALID_VALUE, "%s(flags = 0x%x): must be zero", fn, flags);
  if (timeout != GL_TIMEOUT_IGNORED)
    return ctx.error(GL_INVALID_VALUE, "%s(timeout = %llu): must be TIMEOUT_IGNORED", fn,
                     static_cast<unsigned long long>(timeout));
  // Later commands already run after the fence: one stream, executed in order.
}

void GetSynciv(Context& ctx, const char* fn, GLsync sync, GLenum pname, GLsizei count, GLsizei* length,
               GLint* values) {
  SyncRef object = find_sync(ctx, fn, sync);
  if (!object) return;
  GLint value = 0;
  switch (pname) {
    case GL_OBJECT_TYPE: value = GL_SYNC_FENCE; break;
    case GL_SYNC_CONDITION: value = GL_SYNC_GPU_COMMANDS_COMPLETE; break;
    case GL_SYNC_FLAGS: value = 0; break;
    case GL_SYNC_STATUS: value = signaled(ctx, *object, 0) ? GL_SIGNALED : GL_UNSIGNALED; break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a sync object property", fn, pname);
  }
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  // 4.1.3: at most `count` values are written, and `length` receives how many were.
  const GLsizei written = count > 0 && values ? 1 : 0;
  if (written) values[0] = value;
  if (length) *length = written;
}

// 7.13.2: barriers order shader writes to memory (images, storage buffers, atomic counters) before
// later accesses. The command stream orders every write before any later command except draws in
// the same rendering pass; a barrier ends the pass (st::memory_barrier), whatever the bits.
void MemoryBarrier(Context& ctx, const char* fn, GLbitfield barriers) {
  constexpr GLbitfield kBits =
      GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_ELEMENT_ARRAY_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT |
      GL_TEXTURE_FETCH_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |
      GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT |
      GL_CLIENT_MAPPED_BUFFER_BARRIER_BIT | GL_QUERY_BUFFER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
      GL_TRANSFORM_FEEDBACK_BARRIER_BIT | GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT;
  if (barriers != GL_ALL_BARRIER_BITS && (barriers & ~kBits))
    return ctx.error(GL_INVALID_VALUE, "%s(barriers = 0x%x): unknown barrier bits", fn, barriers);
  st::memory_barrier(ctx.st());
}

void MemoryBarrierByRegion(Context& ctx, const char* fn, GLbitfield barriers) {
  constexpr GLbitfield kBits = GL_ATOMIC_COUNTER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |
                               GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                               GL_TEXTURE_FETCH_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT;
  if (barriers != GL_ALL_BARRIER_BITS && (barriers & ~kBits))
    return ctx.error(GL_INVALID_VALUE, "%s(barriers = 0x%x): not a by-region barrier", fn, barriers);
  st::memory_barrier(ctx.st());
}

// 9.3.1: texels written by earlier draws may be fetched by later ones (feedback loops).
void TextureBarrier(Context& ctx, const char*) { st::memory_barrier(ctx.st()); }

}  // namespace api
}  // namespace glvk::gl
