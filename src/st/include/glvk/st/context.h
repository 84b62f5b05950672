// st::Context (pipe_context): the state tracker's per-GL-context object. It creates buffer
// resources and maps them (seed 003's transfer interface, <glvk/st/transfer.h>), and it is what
// texture uploads and readbacks run on. No Vulkan or GL types appear here.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>

#include "glvk/st/transfer.h"

namespace glvk::st {

// pipe_context for buffers. All objects created from one Screen share its command stream, so
// buffers can move between GL contexts of a share group. Thread-safe (one lock per Screen).
class Context {
 public:
  explicit Context(std::shared_ptr<Screen> screen);
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  Screen& screen() const { return *screen_; }
  const std::shared_ptr<Screen>& shared_screen() const { return screen_; }

  // pipe_screen::resource_create for PIPE_BUFFER. Contents are undefined until written.
  std::shared_ptr<Resource> buffer_create(std::uint64_t size, ResourceUsage usage, unsigned flags);

  // si_buffer_transfer_map. Returns null (and *out = null) when DONTBLOCK would have to wait.
  void* transfer_map(Resource& resource, unsigned level, unsigned usage, const Box& box, Transfer** out);
  // si_buffer_flush_region: box is relative to the mapped range.
  void transfer_flush_region(Transfer* transfer, const Box& box);
  // si_buffer_transfer_unmap
  void transfer_unmap(Transfer* transfer);

  // pipe_context::buffer_subdata: a write transfer of the range, discarding what it covers.
  void buffer_subdata(Resource& resource, unsigned usage, std::uint64_t offset, std::uint64_t size,
                      const void* data);
  // A read transfer of the range, copied to `out`.
  void buffer_read(Resource& resource, std::uint64_t offset, std::uint64_t size, void* out);
  // resource_copy_region for buffers: recorded on the GPU, in order with other GPU work.
  void buffer_copy(Resource& dst, std::uint64_t dst_offset, Resource& src, std::uint64_t src_offset,
                   std::uint64_t size);
  // invalidate_resource (si_invalidate_buffer): contents become undefined; busy storage is renamed.
  void invalidate_resource(Resource& resource);

  void flush();   // submit recorded work
  void finish();  // submit and wait for all of it

  // Fences (glFenceSync): a fence names the point after every command recorded so far on the
  // screen's stream (the serial of the batch that holds the last of them).
  std::uint64_t fence();
  // True once the work before the fence has finished on the device.
  bool fence_signaled(std::uint64_t fence);
  // Submits the fence's batch first when `flush`; then waits at most `timeout_ns`. True once
  // signalled. Holds the screen's lock while it waits, as finish() does.
  bool fence_wait(std::uint64_t fence, bool flush, std::uint64_t timeout_ns);

  TransferStats stats() const;
  // The staging budget whose quarter triggers a flush (default: the staging memory heap's size).
  void set_staging_budget(std::uint64_t bytes);

 private:
  std::shared_ptr<Screen> screen_;
};

// Introspection for tests: is the resource's current storage referenced by unfinished GPU work?
bool resource_is_busy(Context& context, const Resource& resource);
std::uint64_t resource_size(const Resource& resource);
// The valid range [start, end) (util_range); empty is start >= end.
std::pair<std::uint64_t, std::uint64_t> resource_valid_range(const Resource& resource);

// The fences of a screen's stream without a context (EGL sync objects outlive the context that
// made them): the same as Context::fence_signaled / fence_wait.
bool fence_signaled(Screen& screen, std::uint64_t fence);
bool fence_wait(Screen& screen, std::uint64_t fence, bool flush, std::uint64_t timeout_ns);

}  // namespace glvk::st
