// Errors of the Vulkan backend. Callers at C ABI boundaries (EGL, GL entry points, tools) catch them.
#pragma once

#include <stdexcept>
#include <string>

#include <volk.h>

namespace glvk::vk_backend {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, VkResult result = VK_ERROR_UNKNOWN)
      : std::runtime_error(message), result_(result) {}
  VkResult result() const { return result_; }

 private:
  VkResult result_;
};

// Throws Error("<what> failed: VK_ERROR_...") unless result is VK_SUCCESS (or another non-error code).
void check(VkResult result, const char* what);

}  // namespace glvk::vk_backend
