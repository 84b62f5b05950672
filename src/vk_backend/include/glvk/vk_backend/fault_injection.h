// Fault injection for tests (issue 20): GLVK_FAULT_INJECT=alloc=N makes the Nth device memory
// allocation of the process (buffers and images, counted from 1) fail with
// VK_ERROR_OUT_OF_DEVICE_MEMORY, as a device out of memory would, so that every path from an
// allocating GL call to its GL error can be exercised. Unset or unparsable: no fault, no cost
// beyond one relaxed atomic increment per allocation.
#pragma once

#include <volk.h>

namespace glvk::vk_backend {

// VK_SUCCESS, or the error the allocation about to be made must report instead of allocating.
VkResult injected_allocation_fault();

}  // namespace glvk::vk_backend
