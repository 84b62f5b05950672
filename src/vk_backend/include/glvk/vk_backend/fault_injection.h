// Fault injection for tests (issue 20): GLVK_FAULT_INJECT names one fault of the process, counted
// from 1, as a failing device would produce it, so that every path from a GL call to its GL error
// or to a lost context can be exercised:
//   alloc=N   the Nth device memory allocation (buffers and images) fails with
//             VK_ERROR_OUT_OF_DEVICE_MEMORY;
//   submit=N  the Nth queue submission reports VK_ERROR_DEVICE_LOST (nothing is submitted);
//   wait=N    the Nth fence wait or poll reports VK_ERROR_DEVICE_LOST.
// Unset or unparsable: no fault, no cost beyond one relaxed atomic increment per event.
#pragma once

#include <volk.h>

namespace glvk::vk_backend {

// VK_SUCCESS, or the error the allocation about to be made must report instead of allocating.
VkResult injected_allocation_fault();
// VK_SUCCESS, or the error the submission about to be made must report instead of submitting.
VkResult injected_submit_fault();
// VK_SUCCESS, or the error the fence wait or status poll about to be made must report.
VkResult injected_wait_fault();

}  // namespace glvk::vk_backend
