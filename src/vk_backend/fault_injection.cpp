#include "glvk/vk_backend/fault_injection.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace glvk::vk_backend {
namespace {

// The allocation number to fail, 0 for none; read once.
unsigned long failing_allocation() {
  static const unsigned long n = [] {
    const char* spec = std::getenv("GLVK_FAULT_INJECT");
    if (!spec || std::strncmp(spec, "alloc=", 6) != 0) return 0ul;
    return std::strtoul(spec + 6, nullptr, 10);
  }();
  return n;
}

std::atomic<unsigned long> allocations{0};

}  // namespace

VkResult injected_allocation_fault() {
  const unsigned long fail = failing_allocation();
  if (!fail) return VK_SUCCESS;
  return allocations.fetch_add(1, std::memory_order_relaxed) + 1 == fail ? VK_ERROR_OUT_OF_DEVICE_MEMORY : VK_SUCCESS;
}

}  // namespace glvk::vk_backend
