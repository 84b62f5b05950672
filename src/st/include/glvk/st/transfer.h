// The transfer interface (seed 003): map/unmap of resources with PIPE_TRANSFER_* usage flags.
// Names follow the seed (Mesa's pipe_context::transfer_map, pipe_box, PIPE_TRANSFER_*), so the code
// can be read next to it. No Vulkan or GL types appear here.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace glvk::st {

class Screen;

// pipe_transfer_usage, same bit positions as the seed.
enum TransferUsage : unsigned {
  PIPE_TRANSFER_READ = 1u << 0,
  PIPE_TRANSFER_WRITE = 1u << 1,
  PIPE_TRANSFER_READ_WRITE = PIPE_TRANSFER_READ | PIPE_TRANSFER_WRITE,
  PIPE_TRANSFER_MAP_DIRECTLY = 1u << 2,
  PIPE_TRANSFER_DISCARD_RANGE = 1u << 8,
  PIPE_TRANSFER_DONTBLOCK = 1u << 9,
  PIPE_TRANSFER_UNSYNCHRONIZED = 1u << 10,
  PIPE_TRANSFER_FLUSH_EXPLICIT = 1u << 11,
  PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE = 1u << 12,
  PIPE_TRANSFER_PERSISTENT = 1u << 13,
  PIPE_TRANSFER_COHERENT = 1u << 14,
};

// "PIPE_TRANSFER_WRITE|PIPE_TRANSFER_PERSISTENT", as the seed's ddebug log prints usage.
std::string transfer_usage_names(unsigned usage);

// pipe_usage: the placement hint a resource is created with.
enum class ResourceUsage { DEFAULT, IMMUTABLE, DYNAMIC, STREAM, STAGING };

// pipe_resource flags a buffer may be created with (glBufferStorage).
enum ResourceFlags : unsigned {
  PIPE_RESOURCE_FLAG_MAP_PERSISTENT = 1u << 0,
  PIPE_RESOURCE_FLAG_MAP_COHERENT = 1u << 1,
};

// pipe_box. Buffers use x (offset) and width (size); they are 64-bit here because GL buffer
// sizes are.
struct Box {
  std::int64_t x = 0;
  int y = 0;
  int z = 0;
  std::int64_t width = 0;
  int height = 1;
  int depth = 1;
};

inline Box buffer_box(std::int64_t offset, std::int64_t size) { return Box{offset, 0, 0, size, 1, 1}; }

class Resource;  // a buffer (st/resource.cpp); opaque to callers
struct Transfer;  // one map (si_transfer)

// Counters the policies can be observed through (tests and GLVK_DEBUG=transfer).
struct TransferStats {
  std::uint64_t maps = 0;
  std::uint64_t waits = 0;             // synchronised maps that waited for the GPU
  std::uint64_t renames = 0;           // discards of a busy buffer that swapped its storage
  std::uint64_t staging_uploads = 0;   // writes that went through a staging buffer
  std::uint64_t staging_readbacks = 0; // reads copied to a staging buffer first
  std::uint64_t unsynchronized_promotions = 0;  // writes outside the valid range
  std::uint64_t staging_flushes = 0;   // flushes forced by the GART/4 rule
  std::uint64_t submissions = 0;
  std::uint64_t outstanding_staging_bytes = 0;  // staging + renamed-away storage since the last flush
  std::uint64_t buffer_reuses = 0;     // storage or staging taken from the buffer pool
  std::uint64_t direct_texture_transfers = 0;  // texture writes/reads/maps done in the image's own memory
  std::uint64_t staging_throttle_waits = 0;    // texture staging past the GART/4 rule: flushed and waited for
};

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

}  // namespace glvk::st

namespace glvk::st {

// The GLVK_DEBUG=transfer record, in the seed's ddebug format:
//   transfer_map:
//     transfer: {resource = 0x..., level = 0, usage = PIPE_TRANSFER_WRITE, box = {x = 0, y = 0, z = 0,
//     width = 512, height = 1, depth = 1, }, stride = 0, layer_stride = 0, }
//     transfer_ptr: 0x...
//     ptr: 0x...            (omitted when ptr is null)
std::string describe_transfer(const char* what, const void* resource, unsigned level, unsigned usage, const Box& box,
                              unsigned stride, std::uint64_t layer_stride, const void* transfer, const void* ptr);

}  // namespace glvk::st
