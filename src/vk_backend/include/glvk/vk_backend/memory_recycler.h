// Image memory kept for the next image of the same size: a program that deletes and creates
// textures of one size every frame (streaming) would otherwise have every allocation mapped and
// faulted in fresh by a CPU device (lavapipe allocates from the host), three times the work of
// the texels themselves. Memory returns here only when its image is destroyed, which happens
// after the last batch using it finished (CommandStream::release_after), so it is idle.
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include <volk.h>

namespace glvk::vk_backend {

class MemoryRecycler {
 public:
  struct Block {
    VkDeviceMemory memory = VK_NULL_HANDLE;
    std::uint32_t type = 0;
    VkDeviceSize size = 0;
    void* mapped = nullptr;  // the whole block's mapping, kept (nullptr: not mapped)
  };

  // Keeps at most `max_bytes` of idle memory.
  explicit MemoryRecycler(VkDeviceSize max_bytes) : max_bytes_(max_bytes) {}
  MemoryRecycler(const MemoryRecycler&) = delete;
  MemoryRecycler& operator=(const MemoryRecycler&) = delete;

  // An idle block of exactly `size` bytes of memory type `type`, mapped or not as `mapped` asks
  // (a linear image's memory stays mapped, an optimal image's never is), most recently kept first.
  std::optional<Block> take(std::uint32_t type, VkDeviceSize size, bool mapped);
  // Keeps `block`, freeing the oldest blocks past the byte limit (a block over it is freed at once).
  void keep(VkDevice device, Block block);
  // Frees every block kept (before the device goes, or to make room after a failed allocation);
  // whether there was any.
  bool release_all(VkDevice device);

  std::uint64_t reuses() const;

 private:
  mutable std::mutex mutex_;
  VkDeviceSize max_bytes_;
  VkDeviceSize kept_bytes_ = 0;
  std::uint64_t reuses_ = 0;
  std::vector<Block> idle_;  // oldest first
};

}  // namespace glvk::vk_backend
