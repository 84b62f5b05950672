// Buffer transfers with the policies of radeonsi's si_buffer_transfer_map/unmap (seed 003).
#include <cassert>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "glvk/st/context.h"
#include "screen_impl.h"

namespace glvk::st {
namespace {

// SI_MAP_BUFFER_ALIGNMENT: staging pointers keep box.x's offset modulo this, so a mapped pointer
// minus its offset stays aligned (GL_MIN_MAP_BUFFER_ALIGNMENT).
constexpr std::uint64_t kMapBufferAlignment = 64;

using vk_backend::MemoryPlacement;

// si_init_resource_fields' domain choice, from the usage hint and persistence.
MemoryPlacement choose_placement(ResourceUsage usage, unsigned flags) {
  if (usage == ResourceUsage::STAGING) return MemoryPlacement::HostReadback;
  if (flags & PIPE_RESOURCE_FLAG_MAP_PERSISTENT) return MemoryPlacement::HostUpload;
  switch (usage) {
    case ResourceUsage::STREAM:
    case ResourceUsage::DYNAMIC: return MemoryPlacement::HostUpload;
    default: return MemoryPlacement::DeviceLocal;
  }
}

struct Locked {
  Screen::Impl& s;
  std::lock_guard<std::mutex> lock;
  explicit Locked(Screen& screen) : s(screen.impl()), lock(screen.impl().mutex) {}
};

bool storage_busy(Screen::Impl& s, const vk_backend::Buffer& storage) {
  return !s.stream->is_complete(storage.last_use);
}

// The read half of si_buffer_transfer_map's staging choice: the seed stages reads of VRAM and of
// write-combined GTT because the CPU reads them slowly; in Vulkan terms, memory without HOST_CACHED.
bool slow_to_read(const Screen::Impl& s, const Resource& resource) {
  switch (s.buffer_readback) {
    case BufferReadback::Staging: return resource.placement == MemoryPlacement::DeviceLocal;
    case BufferReadback::Direct: return false;
    case BufferReadback::Auto: break;
  }
  return !(resource.storage->memory_flags() & VK_MEMORY_PROPERTY_HOST_CACHED_BIT);
}

// si_buffer_map_sync_with_rings: wait for the GPU unless told not to.
std::byte* map_sync_with_rings(Screen::Impl& s, vk_backend::Buffer& buffer, unsigned usage) {
  if (usage & PIPE_TRANSFER_UNSYNCHRONIZED) return buffer.mapped();
  bool busy = false;
  if (buffer.last_use == s.stream->open_serial()) {
    // Referenced by unsubmitted work: submit it either way, so the wait (now or later) ends.
    s.stream->flush();
    ++s.stats.submissions;
    if (usage & PIPE_TRANSFER_DONTBLOCK) return nullptr;
    busy = true;
  }
  if (busy || !s.stream->is_complete(buffer.last_use)) {
    if (usage & PIPE_TRANSFER_DONTBLOCK) return nullptr;
    s.stream->wait(buffer.last_use);
    ++s.stats.waits;
  }
  return buffer.mapped();
}


// si_invalidate_buffer: a busy buffer gets new storage (the GPU keeps the old one for the work
// already recorded); an idle one just forgets its contents. False when the storage must stay.
bool invalidate_buffer(Screen::Impl& s, Resource& resource) {
  if (resource.flags & PIPE_RESOURCE_FLAG_MAP_PERSISTENT) return false;  // a persistent pointer must stay valid
  if (storage_busy(s, *resource.storage)) {
    auto old = std::move(resource.storage);
    resource.storage = s.pool->acquire(old->size(), resource.placement);
    const std::uint64_t bytes = old->size();
    s.pool->release(std::move(old));  // reused once the GPU is done with it
    ++s.stats.renames;
    account_transient_bytes(s, bytes, TransientBytes::BufferStaging);
  }
  resource.valid_buffer_range.set_empty();
  return true;
}

void log_transfer(const char* what, const Transfer& t, unsigned usage, const void* ptr) {
  std::string line = describe_transfer(what, t.resource, t.level, usage, t.box, t.stride, t.layer_stride, &t, ptr);
  std::fputs(line.c_str(), stderr);
}

// si_buffer_do_flush_region: copy what staging holds for `box` (absolute) and mark it valid.
void do_flush_region(Screen::Impl& s, Transfer& t, const Box& box) {
  Resource& r = *t.resource;
  if (t.staging) {
    const std::uint64_t src_offset = t.offset + std::uint64_t(box.x - t.box.x);
    s.stream->copy_buffer(*t.staging, src_offset, *r.storage, std::uint64_t(box.x), std::uint64_t(box.width));
  }
  r.valid_buffer_range.add(std::uint64_t(box.x), std::uint64_t(box.x + box.width));
}

}  // namespace

// The seed's {upload, draw, upload, draw} heuristic: staging and invalidated storage should become
// idle (reusable) early.
void account_transient_bytes(Screen::Impl& s, std::uint64_t bytes, TransientBytes kind) {
  s.stats.outstanding_staging_bytes += bytes;
  if (s.stats.outstanding_staging_bytes <= s.staging_budget / 4) return;
  const std::uint64_t submitted = s.stream->flush();
  ++s.stats.submissions;
  ++s.stats.staging_flushes;
  s.stats.outstanding_staging_bytes = 0;
  if (kind == TransientBytes::TextureStaging) {
    s.stream->wait(submitted);
    ++s.stats.staging_throttle_waits;
  }
}

std::string transfer_usage_names(unsigned usage) {
  static const std::pair<unsigned, const char*> kNames[] = {
      {PIPE_TRANSFER_READ, "PIPE_TRANSFER_READ"},
      {PIPE_TRANSFER_WRITE, "PIPE_TRANSFER_WRITE"},
      {PIPE_TRANSFER_MAP_DIRECTLY, "PIPE_TRANSFER_MAP_DIRECTLY"},
      {PIPE_TRANSFER_DISCARD_RANGE, "PIPE_TRANSFER_DISCARD_RANGE"},
      {PIPE_TRANSFER_DONTBLOCK, "PIPE_TRANSFER_DONTBLOCK"},
      {PIPE_TRANSFER_UNSYNCHRONIZED, "PIPE_TRANSFER_UNSYNCHRONIZED"},
      {PIPE_TRANSFER_FLUSH_EXPLICIT, "PIPE_TRANSFER_FLUSH_EXPLICIT"},
      {PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE, "PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE"},
      {PIPE_TRANSFER_PERSISTENT, "PIPE_TRANSFER_PERSISTENT"},
      {PIPE_TRANSFER_COHERENT, "PIPE_TRANSFER_COHERENT"},
  };
  std::string out;
  for (const auto& [bit, name] : kNames)
    if (usage & bit) out += (out.empty() ? "" : "|") + std::string(name);
  return out.empty() ? "0" : out;
}

std::string describe_transfer(const char* what, const void* resource, unsigned level, unsigned usage, const Box& box,
                              unsigned stride, std::uint64_t layer_stride, const void* transfer, const void* ptr) {
  char text[768];
  int n = std::snprintf(text, sizeof text,
                        "%s:\n  transfer: {resource = %p, level = %u, usage = %s, box = {x = %" PRId64
                        ", y = %d, z = %d, width = %" PRId64 ", height = %d, depth = %d, }, stride = %u, "
                        "layer_stride = %" PRIu64 ", }\n  transfer_ptr: %p\n",
                        what, resource, level, transfer_usage_names(usage).c_str(), box.x, box.y, box.z, box.width,
                        box.height, box.depth, stride, layer_stride, transfer);
  std::string out(text, std::size_t(n > 0 ? n : 0));
  if (ptr) {
    std::snprintf(text, sizeof text, "  ptr: %p\n", ptr);
    out += text;
  }
  return out;
}

Resource::Resource(std::shared_ptr<Screen> owner, std::uint64_t size, ResourceUsage resource_usage,
                   unsigned resource_flags)
    : screen(std::move(owner)), width0(size), usage(resource_usage), flags(resource_flags),
      placement(choose_placement(resource_usage, resource_flags)) {
  Locked l(*screen);
  // Whole pages, so buffers of similar sizes can take over each other's storage.
  storage = l.s.pool->acquire((size + 4095) & ~std::uint64_t(4095), placement);
}

Resource::~Resource() {
  Locked l(*screen);
  l.s.pool->release(std::move(storage));
}

Context::Context(std::shared_ptr<Screen> screen) : screen_(std::move(screen)) {}
// A context goes with its work finished: a batch the driver still compiles shaders for when the
// process exits would meet a torn-down compiler (lavapipe's LLVM registers its static destructors
// lazily, after any exit handler glvk could register before), and destroying a context is rare.
Context::~Context() {
  try {
    Locked l(*screen_);
    l.s.stream->wait_idle();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "glvk: finishing a destroyed context's work failed: %s\n", e.what());
  }
}

std::shared_ptr<Resource> Context::buffer_create(std::uint64_t size, ResourceUsage usage, unsigned flags) {
  return std::make_shared<Resource>(screen_, size, usage, flags);
}

void* Context::transfer_map(Resource& resource, unsigned level, unsigned usage, const Box& box, Transfer** out) {
  Locked l(*screen_);
  Screen::Impl& s = l.s;
  *out = nullptr;
  assert(box.x >= 0 && box.width > 0 && std::uint64_t(box.x + box.width) <= resource.width0);
  ++s.stats.maps;
  const unsigned requested = usage;
  const std::uint64_t start = std::uint64_t(box.x), end = std::uint64_t(box.x + box.width);
  auto transfer = std::make_unique<Transfer>();
  transfer->resource = &resource;
  transfer->level = level;
  transfer->box = box;

  // Writing where no defined data is: nothing the GPU does can be affected.
  if (!(usage & PIPE_TRANSFER_UNSYNCHRONIZED) && (usage & PIPE_TRANSFER_WRITE) &&
      !resource.valid_buffer_range.intersects(start, end)) {
    usage |= PIPE_TRANSFER_UNSYNCHRONIZED;
    ++s.stats.unsynchronized_promotions;
  }
  // Discarding every byte is discarding the resource.
  if ((usage & PIPE_TRANSFER_DISCARD_RANGE) && box.x == 0 && std::uint64_t(box.width) == resource.width0)
    usage |= PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE;

  if ((usage & PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE) && !(usage & PIPE_TRANSFER_UNSYNCHRONIZED)) {
    if (invalidate_buffer(s, resource))
      usage |= PIPE_TRANSFER_UNSYNCHRONIZED;  // the storage is idle now
    else
      usage |= PIPE_TRANSFER_DISCARD_RANGE;  // fall back to staging
  }

  std::byte* data = nullptr;
  const bool mappable = resource.storage->mapped() != nullptr;
  // MAP_DIRECTLY: the caller wants the resource's own memory or nothing (it has another path).
  const bool direct_only = usage & PIPE_TRANSFER_MAP_DIRECTLY;
  auto refuse_direct = [&] {
    if (s.log_transfers) log_transfer("transfer_map", *transfer, requested, nullptr);
    return nullptr;
  };
  bool needs_readback_staging =
      ((usage & PIPE_TRANSFER_READ) && !(usage & PIPE_TRANSFER_PERSISTENT) && slow_to_read(s, resource)) || !mappable;
  if (needs_readback_staging && direct_only) {
    if (!mappable) return refuse_direct();
    needs_readback_staging = false;  // slow reads of device-local memory, as asked
  }
  // Memory the CPU cannot reach is always written through staging, like the seed's sparse buffers.
  const bool discard = usage & (PIPE_TRANSFER_DISCARD_RANGE | PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE);
  if (((usage & PIPE_TRANSFER_DISCARD_RANGE) && !(usage & (PIPE_TRANSFER_UNSYNCHRONIZED | PIPE_TRANSFER_PERSISTENT))) ||
      (discard && !mappable)) {
    if (!mappable || storage_busy(s, *resource.storage)) {
      if (direct_only) return refuse_direct();
      // A staging upload: write now without waiting, copied in order at unmap/flush.
      transfer->offset = start % kMapBufferAlignment;
      transfer->staging_bytes = transfer->offset + std::uint64_t(box.width);
      transfer->staging = s.pool->acquire(vk_backend::staging_size(transfer->staging_bytes),
                                          vk_backend::MemoryPlacement::HostUpload);
      ++s.stats.staging_uploads;
      data = transfer->staging->mapped() + transfer->offset;
    } else {
      usage |= PIPE_TRANSFER_UNSYNCHRONIZED;  // idle: checked just above
    }
  } else if (needs_readback_staging) {
    // Readback staging: reading device-local memory through the CPU is slow (or impossible).
    // Copy the range into cached host memory and map that; writes go back at unmap.
    transfer->offset = start % kMapBufferAlignment;
    transfer->staging_bytes = transfer->offset + std::uint64_t(box.width);
    transfer->staging = s.pool->acquire(vk_backend::staging_size(transfer->staging_bytes),
                                        vk_backend::MemoryPlacement::HostReadback);
    s.stream->copy_buffer(*resource.storage, start, *transfer->staging, transfer->offset, std::uint64_t(box.width));
    ++s.stats.staging_readbacks;
    std::byte* base = map_sync_with_rings(s, *transfer->staging, usage & ~PIPE_TRANSFER_UNSYNCHRONIZED);
    if (!base) {
      // DONTBLOCK: the copy is submitted; the caller retries later.
      if (s.log_transfers) log_transfer("transfer_map", *transfer, requested, nullptr);
      s.pool->release(std::move(transfer->staging));
      return nullptr;
    }
    data = base + transfer->offset;
  }

  if (!data) {
    std::byte* base = map_sync_with_rings(s, *resource.storage, usage);
    if (!base) {
      if (s.log_transfers) log_transfer("transfer_map", *transfer, requested, nullptr);
      return nullptr;
    }
    data = base + start;
    // The CPU may write a persistent mapping at any time: its range holds data from now on.
    if ((usage & PIPE_TRANSFER_WRITE) && (usage & PIPE_TRANSFER_PERSISTENT)) resource.valid_buffer_range.add(start, end);
  }
  transfer->usage = usage;
  if (s.log_transfers) log_transfer("transfer_map", *transfer, requested, data);
  *out = transfer.release();
  s.check_validation();
  return data;
}

void Context::transfer_flush_region(Transfer* transfer, const Box& box) {
  Locked l(*screen_);
  if (!(transfer->usage & PIPE_TRANSFER_WRITE) || !(transfer->usage & PIPE_TRANSFER_FLUSH_EXPLICIT)) return;
  Box absolute = box;
  absolute.x += transfer->box.x;
  do_flush_region(l.s, *transfer, absolute);
}

void Context::transfer_unmap(Transfer* transfer) {
  std::unique_ptr<Transfer> owned(transfer);
  Locked l(*screen_);
  Screen::Impl& s = l.s;
  if ((transfer->usage & PIPE_TRANSFER_WRITE) && !(transfer->usage & PIPE_TRANSFER_FLUSH_EXPLICIT))
    do_flush_region(s, *transfer, transfer->box);
  if (s.log_transfers) log_transfer("transfer_unmap", *transfer, transfer->usage, nullptr);
  if (transfer->staging) {
    s.pool->release(std::move(transfer->staging));
    account_transient_bytes(s, transfer->staging_bytes, TransientBytes::BufferStaging);
  }
  s.check_validation();
}

void Context::buffer_subdata(Resource& resource, unsigned usage, std::uint64_t offset, std::uint64_t size,
                             const void* data) {
  usage |= PIPE_TRANSFER_WRITE;
  if (!(usage & PIPE_TRANSFER_MAP_DIRECTLY)) {
    if (offset == 0 && size == resource.width0)
      usage |= PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE;
    else
      usage |= PIPE_TRANSFER_DISCARD_RANGE;
  }
  Transfer* transfer = nullptr;
  void* map = transfer_map(resource, 0, usage, buffer_box(std::int64_t(offset), std::int64_t(size)), &transfer);
  if (!map) return;
  std::memcpy(map, data, size);
  transfer_unmap(transfer);
}

void Context::buffer_read(Resource& resource, std::uint64_t offset, std::uint64_t size, void* out) {
  Transfer* transfer = nullptr;
  void* map =
      transfer_map(resource, 0, PIPE_TRANSFER_READ, buffer_box(std::int64_t(offset), std::int64_t(size)), &transfer);
  if (!map) return;
  std::memcpy(out, map, size);
  transfer_unmap(transfer);
}

void Context::buffer_copy(Resource& dst, std::uint64_t dst_offset, Resource& src, std::uint64_t src_offset,
                          std::uint64_t size) {
  Locked l(*screen_);
  l.s.stream->copy_buffer(*src.storage, src_offset, *dst.storage, dst_offset, size);
  dst.valid_buffer_range.add(dst_offset, dst_offset + size);
  l.s.check_validation();
}

void Context::invalidate_resource(Resource& resource) {
  Locked l(*screen_);
  invalidate_buffer(l.s, resource);
}

void Context::flush() {
  Locked l(*screen_);
  if (l.s.stream->has_recorded_work()) ++l.s.stats.submissions;
  l.s.stream->flush();
  l.s.check_validation();
}

void Context::finish() {
  Locked l(*screen_);
  if (l.s.stream->has_recorded_work()) ++l.s.stats.submissions;
  l.s.stream->wait_idle();
  l.s.check_validation();
}

std::uint64_t Context::fence() {
  Locked l(*screen_);
  const vk_backend::CommandStream& stream = *l.s.stream;
  return stream.has_recorded_work() ? stream.open_serial() : stream.open_serial() - 1;
}

bool Context::fence_signaled(std::uint64_t fence) { return st::fence_signaled(*screen_, fence); }

bool Context::fence_wait(std::uint64_t fence, bool flush, std::uint64_t timeout_ns) {
  return st::fence_wait(*screen_, fence, flush, timeout_ns);
}

bool fence_signaled(Screen& screen, std::uint64_t fence) {
  Locked l(screen);
  return l.s.stream->is_complete(fence);
}

bool fence_wait(Screen& screen, std::uint64_t fence, bool flush, std::uint64_t timeout_ns) {
  Locked l(screen);
  if (flush && fence >= l.s.stream->open_serial() && l.s.stream->has_recorded_work()) {
    ++l.s.stats.submissions;
    l.s.stream->flush();
  }
  const bool signaled = l.s.stream->wait_for(fence, timeout_ns);
  l.s.check_validation();
  return signaled;
}

TransferStats Context::stats() const {
  Locked l(*screen_);
  TransferStats out = l.s.stats;
  out.buffer_reuses = l.s.pool->reuses();
  return out;
}

void Context::set_staging_budget(std::uint64_t bytes) {
  Locked l(*screen_);
  l.s.staging_budget = bytes;
}

bool resource_is_busy(Context& context, const Resource& resource) {
  Locked l(context.screen());
  return storage_busy(l.s, *resource.storage);
}

std::uint64_t resource_size(const Resource& resource) { return resource.width0; }

std::pair<std::uint64_t, std::uint64_t> resource_valid_range(const Resource& resource) {
  return {resource.valid_buffer_range.start, resource.valid_buffer_range.end};
}

}  // namespace glvk::st
