#include "glvk/vk_backend/fault_injection.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace glvk::vk_backend {
namespace {

enum class Event { ALLOC, SUBMIT, WAIT };

struct Fault {
  Event event = Event::ALLOC;
  unsigned long n = 0;  // 0: no fault
};

// The fault GLVK_FAULT_INJECT names; read once.
const Fault& injected() {
  static const Fault fault = [] {
    const char* spec = std::getenv("GLVK_FAULT_INJECT");
    if (!spec) return Fault{};
    for (auto [prefix, event] : {std::pair{"alloc=", Event::ALLOC}, std::pair{"submit=", Event::SUBMIT},
                                 std::pair{"wait=", Event::WAIT}})
      if (std::strncmp(spec, prefix, std::strlen(prefix)) == 0)
        return Fault{event, std::strtoul(spec + std::strlen(prefix), nullptr, 10)};
    return Fault{};
  }();
  return fault;
}

std::atomic<unsigned long> counts[3];

VkResult fault_at(Event event, VkResult error) {
  const Fault& fault = injected();
  if (!fault.n || fault.event != event) return VK_SUCCESS;
  return counts[int(event)].fetch_add(1, std::memory_order_relaxed) + 1 == fault.n ? error : VK_SUCCESS;
}

}  // namespace

VkResult injected_allocation_fault() { return fault_at(Event::ALLOC, VK_ERROR_OUT_OF_DEVICE_MEMORY); }
VkResult injected_submit_fault() { return fault_at(Event::SUBMIT, VK_ERROR_DEVICE_LOST); }
VkResult injected_wait_fault() { return fault_at(Event::WAIT, VK_ERROR_DEVICE_LOST); }

}  // namespace glvk::vk_backend
