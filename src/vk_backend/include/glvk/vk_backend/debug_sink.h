// Where the debug messenger's messages go: kept for tests to assert on, and printed to stderr.
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

#include <volk.h>

namespace glvk::vk_backend {

struct DebugMessage {
  VkDebugUtilsMessageSeverityFlagBitsEXT severity;
  VkDebugUtilsMessageTypeFlagsEXT types;
  std::string id_name;  // e.g. "VUID-vkCmdDraw-None-02699"
  std::string text;
};

class DebugSink {
 public:
  // Messages at or above `print_threshold` are also written to stderr.
  explicit DebugSink(VkDebugUtilsMessageSeverityFlagBitsEXT print_threshold =
                         VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT);

  void record(DebugMessage message);

  // Messages of severity error (validation errors, mostly) and warning.
  std::vector<DebugMessage> errors() const;
  std::vector<DebugMessage> warnings() const;
  std::size_t error_count() const;
  void clear();

  // The callback registered with vkCreateDebugUtilsMessengerEXT; user data is the DebugSink.
  static VKAPI_ATTR VkBool32 VKAPI_CALL callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT types,
                                                 const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                 void* user_data);

 private:
  std::vector<DebugMessage> with_severity(VkDebugUtilsMessageSeverityFlagBitsEXT severity) const;

  VkDebugUtilsMessageSeverityFlagBitsEXT print_threshold_;
  mutable std::mutex mutex_;
  std::vector<DebugMessage> messages_;
};

}  // namespace glvk::vk_backend
