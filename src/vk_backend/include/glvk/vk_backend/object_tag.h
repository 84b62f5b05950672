// Debug-utils object tags (DESIGN.md "Shadow check protocol", step 2): the state tracker hands a
// record with each Vulkan object it creates, and this attaches it for the shadow-check layer.
#pragma once

#include <cstdint>
#include <span>

#include <volk.h>

namespace glvk::vk_backend {

class Device;

// The layer glvk enables for GLVK_SHADOW_CHECK=1, and whether it is asked for (that variable, or the
// layer named in VK_INSTANCE_LAYERS / VK_LOADER_LAYERS_ENABLE by the user).
inline constexpr const char* kShadowCheckLayer = "VK_LAYER_GLVK_shadow_check";
bool shadow_check_requested_by_environment();
// GLVK_SHADOW_CHECK=1 alone: glvk itself enables the layer.
bool shadow_check_enabled_by_glvk();

// vkSetDebugUtilsObjectTagEXT(handle, tag_name, data) when the instance has VK_EXT_debug_utils;
// nothing otherwise (the tag is an annotation: it never changes what the object does).
template <class Handle>
void tag_object(const Device& device, VkObjectType type, Handle handle, std::uint64_t tag_name,
                std::span<const std::uint8_t> data);

void tag_object_handle(const Device& device, VkObjectType type, std::uint64_t handle, std::uint64_t tag_name,
                       std::span<const std::uint8_t> data);
template <class Handle>
void tag_object(const Device& device, VkObjectType type, Handle handle, std::uint64_t tag_name,
                std::span<const std::uint8_t> data) {
  tag_object_handle(device, type, reinterpret_cast<std::uint64_t>(handle), tag_name, data);
}

}  // namespace glvk::vk_backend
