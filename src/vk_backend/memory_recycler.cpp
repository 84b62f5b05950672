#include "glvk/vk_backend/memory_recycler.h"

namespace glvk::vk_backend {

std::optional<MemoryRecycler::Block> MemoryRecycler::take(std::uint32_t type, VkDeviceSize size, bool mapped) {
  std::lock_guard lock(mutex_);
  for (auto it = idle_.rbegin(); it != idle_.rend(); ++it)
    if (it->type == type && it->size == size && (it->mapped != nullptr) == mapped) {
      const Block block = *it;
      idle_.erase(std::next(it).base());
      kept_bytes_ -= block.size;
      ++reuses_;
      return block;
    }
  return std::nullopt;
}

void MemoryRecycler::keep(VkDevice device, Block block) {
  std::vector<Block> freed;
  {
    std::lock_guard lock(mutex_);
    if (block.size > max_bytes_) {
      freed.push_back(block);
    } else {
      idle_.push_back(block);
      kept_bytes_ += block.size;
      while (kept_bytes_ > max_bytes_) {
        freed.push_back(idle_.front());
        kept_bytes_ -= idle_.front().size;
        idle_.erase(idle_.begin());
      }
    }
  }
  for (const Block& b : freed) vkFreeMemory(device, b.memory, nullptr);  // unmaps too
}

bool MemoryRecycler::release_all(VkDevice device) {
  std::vector<Block> freed;
  {
    std::lock_guard lock(mutex_);
    freed.swap(idle_);
    kept_bytes_ = 0;
  }
  for (const Block& b : freed) vkFreeMemory(device, b.memory, nullptr);
  return !freed.empty();
}

std::uint64_t MemoryRecycler::reuses() const {
  std::lock_guard lock(mutex_);
  return reuses_;
}

}  // namespace glvk::vk_backend
