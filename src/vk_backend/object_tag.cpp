#include "glvk/vk_backend/object_tag.h"

#include <cstdlib>
#include <cstring>
#include <string_view>

#include "glvk/vk_backend/device.h"

namespace glvk::vk_backend {

bool shadow_check_enabled_by_glvk() {
  const char* value = std::getenv("GLVK_SHADOW_CHECK");
  return value && *value && std::strcmp(value, "0") != 0;
}

bool shadow_check_requested_by_environment() {
  if (shadow_check_enabled_by_glvk()) return true;
  for (const char* variable : {"VK_INSTANCE_LAYERS", "VK_LOADER_LAYERS_ENABLE"}) {
    const char* layers = std::getenv(variable);
    if (layers && std::string_view(layers).find(kShadowCheckLayer) != std::string_view::npos) return true;
  }
  return false;
}

void tag_object_handle(const Device& device, VkObjectType type, std::uint64_t handle, std::uint64_t tag_name,
                       std::span<const std::uint8_t> data) {
  if (!device.instance().has_debug_utils() || data.empty()) return;
  VkDebugUtilsObjectTagInfoEXT info{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_TAG_INFO_EXT};
  info.objectType = type;
  info.objectHandle = handle;
  info.tagName = tag_name;
  info.tagSize = data.size();
  info.pTag = data.data();
  // A failure leaves the object untagged: the layer then checks what it derives alone.
  (void)vkSetDebugUtilsObjectTagEXT(device.handle(), &info);
}

}  // namespace glvk::vk_backend
