// The transfer interface (seed 003): map/unmap of resources with PIPE_TRANSFER_* usage flags (the
// context that maps is st::Context, <glvk/st/context.h>).
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


// The GLVK_DEBUG=transfer record, in the seed's ddebug format:
//   transfer_map:
//     transfer: {resource = 0x..., level = 0, usage = PIPE_TRANSFER_WRITE, box = {x = 0, y = 0, z = 0,
//     width = 512, height = 1, depth = 1, }, stride = 0, layer_stride = 0, }
//     transfer_ptr: 0x...
//     ptr: 0x...            (omitted when ptr is null)
std::string describe_transfer(const char* what, const void* resource, unsigned level, unsigned usage, const Box& box,
                              unsigned stride, std::uint64_t layer_stride, const void* transfer, const void* ptr);

}  // namespace glvk::st
