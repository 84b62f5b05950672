#include "glvk/vk_backend/debug_sink.h"

#include <cstdio>

namespace glvk::vk_backend {

DebugSink::DebugSink(VkDebugUtilsMessageSeverityFlagBitsEXT print_threshold) : print_threshold_(print_threshold) {}

void DebugSink::record(DebugMessage message) {
  if (message.severity >= print_threshold_) {
    const char* level = message.severity >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT ? "error" : "warning";
    std::fprintf(stderr, "glvk: vulkan %s: %s\n", level, message.text.c_str());
  }
  std::lock_guard lock(mutex_);
  messages_.push_back(std::move(message));
}

std::vector<DebugMessage> DebugSink::with_severity(VkDebugUtilsMessageSeverityFlagBitsEXT severity) const {
  std::lock_guard lock(mutex_);
  std::vector<DebugMessage> out;
  for (const DebugMessage& m : messages_)
    if (m.severity == severity) out.push_back(m);
  return out;
}

std::vector<DebugMessage> DebugSink::errors() const { return with_severity(VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT); }

std::vector<DebugMessage> DebugSink::warnings() const {
  return with_severity(VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT);
}

std::size_t DebugSink::error_count() const { return errors().size(); }

void DebugSink::clear() {
  std::lock_guard lock(mutex_);
  messages_.clear();
}

VKAPI_ATTR VkBool32 VKAPI_CALL DebugSink::callback(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                   VkDebugUtilsMessageTypeFlagsEXT types,
                                                   const VkDebugUtilsMessengerCallbackDataEXT* data,
                                                   void* user_data) {
  auto* sink = static_cast<DebugSink*>(user_data);
  sink->record({severity, types, data->pMessageIdName ? data->pMessageIdName : "",
                data->pMessage ? data->pMessage : ""});
  return VK_FALSE;  // never abort the call: the sink decides what a message means
}

}  // namespace glvk::vk_backend
