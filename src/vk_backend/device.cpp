#include "glvk/vk_backend/device.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string_view>
#include <vector>

#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/memory_types.h"
#include "glvk/vk_backend/object_tag.h"
#include "vk_names.h"

namespace glvk::vk_backend {
namespace {

constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

// volk's entry points are process-wide. Loading them from an instance yields the loader's
// trampolines, which dispatch on the handle, so they stay valid for every instance and device.
std::mutex volk_mutex;

void initialize_volk() {
  static const VkResult result = volkInitialize();
  check(result, "volkInitialize (is libvulkan.so.1 installed?)");
}

bool has_extension(const std::vector<VkExtensionProperties>& list, const char* name) {
  for (const VkExtensionProperties& e : list)
    if (std::strcmp(e.extensionName, name) == 0) return true;
  return false;
}

bool has_layer(const char* name) {
  std::uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  for (const VkLayerProperties& l : layers)
    if (std::strcmp(l.layerName, name) == 0) return true;
  return false;
}

std::vector<VkExtensionProperties> instance_extensions(const char* layer) {
  std::uint32_t count = 0;
  vkEnumerateInstanceExtensionProperties(layer, &count, nullptr);
  std::vector<VkExtensionProperties> list(count);
  vkEnumerateInstanceExtensionProperties(layer, &count, list.data());
  return list;
}

}  // namespace

bool validation_requested_by_environment() {
  const char* value = std::getenv("GLVK_VALIDATION");
  return value && *value && std::strcmp(value, "0") != 0;
}

Instance::Instance(const InstanceOptions& options)
    : validation_(options.validation), sink_(options.sink ? options.sink : std::make_shared<DebugSink>()) {
  std::lock_guard lock(volk_mutex);
  initialize_volk();

  std::vector<const char*> layers;
  if (validation_) {
    if (!has_layer(kValidationLayer))
      throw Error("validation was requested but VK_LAYER_KHRONOS_validation is not installed "
                  "(Debian package vulkan-validationlayers)");
    layers.push_back(kValidationLayer);
  }
  if (shadow_check_enabled_by_glvk()) {
    // The build tree's manifest, unless the loader already finds the layer (installed, or the
    // user's VK_ADD_LAYER_PATH).
    if (!has_layer(kShadowCheckLayer)) {
      const char* old_path = std::getenv("VK_ADD_LAYER_PATH");
      const std::string path =
          std::string(GLVK_LAYER_MANIFEST_DIR) + (old_path && *old_path ? std::string(":") + old_path : std::string());
      setenv("VK_ADD_LAYER_PATH", path.c_str(), 1);
    }
    if (!has_layer(kShadowCheckLayer))
      throw Error(std::string("GLVK_SHADOW_CHECK was requested but ") + kShadowCheckLayer + " is not found (build " +
                  "the glvk_shadow_check target; its manifest lives in " + GLVK_LAYER_MANIFEST_DIR + ")");
    layers.push_back(kShadowCheckLayer);
  }

  std::vector<VkExtensionProperties> available = instance_extensions(nullptr);
  if (validation_)
    for (const VkExtensionProperties& e : instance_extensions(kValidationLayer)) available.push_back(e);
  std::vector<const char*> extensions;
  const bool debug_utils = has_extension(available, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  if (debug_utils) extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  VkInstanceCreateFlags flags = 0;
  if (has_extension(available, VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME)) {
    extensions.push_back(VK_KHR_PORTABILITY_ENUMERATION_EXTENSION_NAME);
    flags |= VK_INSTANCE_CREATE_ENUMERATE_PORTABILITY_BIT_KHR;
  }

  const VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO, nullptr, options.application_name.c_str(), 1,
                              "glvk", VK_MAKE_API_VERSION(0, 0, 1, 0), VK_API_VERSION_1_3};
  // Chained so that messages about instance creation itself reach the sink too.
  VkDebugUtilsMessengerCreateInfoEXT messenger_info{};
  messenger_info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
  messenger_info.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messenger_info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                               VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  messenger_info.pfnUserCallback = &DebugSink::callback;
  messenger_info.pUserData = sink_.get();

  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pNext = debug_utils ? &messenger_info : nullptr;
  info.flags = flags;
  info.pApplicationInfo = &app;
  info.enabledLayerCount = std::uint32_t(layers.size());
  info.ppEnabledLayerNames = layers.data();
  info.enabledExtensionCount = std::uint32_t(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  check(vkCreateInstance(&info, nullptr, &instance_), "vkCreateInstance");
  volkLoadInstance(instance_);

  if (debug_utils) {
    const VkResult result = vkCreateDebugUtilsMessengerEXT(instance_, &messenger_info, nullptr, &messenger_);
    if (result != VK_SUCCESS) {
      vkDestroyInstance(instance_, nullptr);
      check(result, "vkCreateDebugUtilsMessengerEXT");
    }
  }
}

Instance::~Instance() {
  if (messenger_) vkDestroyDebugUtilsMessengerEXT(instance_, messenger_, nullptr);
  vkDestroyInstance(instance_, nullptr);
}

std::vector<VkPhysicalDevice> Instance::physical_devices() const {
  std::uint32_t count = 0;
  check(vkEnumeratePhysicalDevices(instance_, &count, nullptr), "vkEnumeratePhysicalDevices");
  std::vector<VkPhysicalDevice> devices(count);
  check(vkEnumeratePhysicalDevices(instance_, &count, devices.data()), "vkEnumeratePhysicalDevices");
  devices.resize(count);
  return devices;
}

std::vector<DeviceCandidate> Instance::candidates() const {
  std::vector<DeviceCandidate> out;
  for (VkPhysicalDevice device : physical_devices()) {
    VkPhysicalDeviceProperties properties;
    vkGetPhysicalDeviceProperties(device, &properties);
    VkPhysicalDeviceMemoryProperties memory;
    vkGetPhysicalDeviceMemoryProperties(device, &memory);
    out.push_back({properties.deviceName, properties.deviceType, memory.memoryTypeCount});
  }
  return out;
}

VkPhysicalDevice Instance::choose_physical_device(std::optional<std::string> override_value) const {
  if (!override_value) {
    const char* env = std::getenv("GLVK_DEVICE");
    override_value = env ? env : "";
  }
  const std::vector<DeviceCandidate> list = candidates();
  const DeviceChoice choice = vk_backend::choose_physical_device(list, *override_value);
  if (!choice.index) throw Error(choice.error, VK_ERROR_INITIALIZATION_FAILED);
  return physical_devices()[*choice.index];
}

Device::Device(const Instance& instance, VkPhysicalDevice physical_device)
    : instance_(instance), physical_device_(physical_device) {
  driver_properties_.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES;
  VkPhysicalDeviceProperties2 properties2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &driver_properties_};
  vkGetPhysicalDeviceProperties2(physical_device_, &properties2);
  properties_ = properties2.properties;
  vkGetPhysicalDeviceMemoryProperties(physical_device_, &memory_properties_);
  for (std::size_t f = 0; f < core_format_properties_.size(); ++f)
    vkGetPhysicalDeviceFormatProperties(physical_device_, VkFormat(f), &core_format_properties_[f]);
  // Refused before vkCreateDevice: RADV's null device creates a device it then crashes destroying.
  if (const std::string why = unusable_reason(
          {properties_.deviceName, properties_.deviceType, memory_properties_.memoryTypeCount});
      !why.empty())
    throw Error(why, VK_ERROR_INITIALIZATION_FAILED);
  if (properties_.apiVersion < VK_API_VERSION_1_3)
    throw Error(std::string(properties_.deviceName) + " supports Vulkan " +
                    std::to_string(VK_API_VERSION_MAJOR(properties_.apiVersion)) + "." +
                    std::to_string(VK_API_VERSION_MINOR(properties_.apiVersion)) + "; glvk needs Vulkan 1.3",
                VK_ERROR_INCOMPATIBLE_DRIVER);

  std::uint32_t family_count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical_device_, &family_count, nullptr);
  std::vector<VkQueueFamilyProperties> families(family_count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical_device_, &family_count, families.data());
  std::optional<std::uint32_t> graphics_family;
  for (std::uint32_t i = 0; i < family_count && !graphics_family; ++i)
    if (families[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) graphics_family = i;
  if (!graphics_family) throw Error(std::string(properties_.deviceName) + " has no graphics queue");
  queue_family_ = *graphics_family;
  timestamp_valid_bits_ = properties_.limits.timestampComputeAndGraphics ? families[queue_family_].timestampValidBits : 0;

  // Everything the device offers, except robust buffer access, which costs speed and GL does
  // not require.
  VkPhysicalDeviceVulkan13Features features13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceVulkan12Features features12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, &features13};
  VkPhysicalDeviceVulkan11Features features11{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, &features12};
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &features11};
  vkGetPhysicalDeviceFeatures2(physical_device_, &features);
  features.features.robustBufferAccess = VK_FALSE;
  features_ = features.features;
  if (!features13.dynamicRendering || !features13.synchronization2)
    throw Error(std::string(properties_.deviceName) + " lacks dynamicRendering or synchronization2");

  const float priority = 1.0f;
  const VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, nullptr, 0, queue_family_, 1,
                                           &priority};
  std::uint32_t extension_count = 0;
  vkEnumerateDeviceExtensionProperties(physical_device_, nullptr, &extension_count, nullptr);
  std::vector<VkExtensionProperties> available(extension_count);
  vkEnumerateDeviceExtensionProperties(physical_device_, nullptr, &extension_count, available.data());
  std::vector<const char*> extensions;
  auto offered = [&](const char* name) {
    for (const VkExtensionProperties& e : available)
      if (std::string_view(e.extensionName) == name) return true;
    return false;
  };
  if (offered(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME)) {
    extensions.push_back(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME);
    push_descriptor_ = true;
    VkPhysicalDevicePushDescriptorPropertiesKHR push{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PUSH_DESCRIPTOR_PROPERTIES_KHR};
    VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &push};
    vkGetPhysicalDeviceProperties2(physical_device_, &properties);
    max_push_descriptors_ = push.maxPushDescriptors;
  }
  draw_features_.push_descriptor = push_descriptor_;
  // VK_EXT_shader_stencil_export (no feature struct): fragment shaders write the stencil
  // reference, which is how glDrawPixels/glCopyPixels write stencil indices.
  if (offered(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME)) {
    extensions.push_back(VK_EXT_SHADER_STENCIL_EXPORT_EXTENSION_NAME);
    draw_features_.shader_stencil_export = true;
  }
  if (offered(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME)) {
    VkPhysicalDeviceExternalMemoryHostPropertiesEXT host{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTERNAL_MEMORY_HOST_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &host};
    vkGetPhysicalDeviceProperties2(physical_device_, &query);
    extensions.push_back(VK_EXT_EXTERNAL_MEMORY_HOST_EXTENSION_NAME);
    host_pointer_alignment_ = host.minImportedHostPointerAlignment;
  }
  // Optional extensions the draw path uses where present (each has a lowering otherwise), enabled
  // with the feature the draw path needs when the device reports it.
  VkPhysicalDeviceDepthClipControlFeaturesEXT clip_control{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT};
  VkPhysicalDeviceProvokingVertexFeaturesEXT provoking{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROVOKING_VERTEX_FEATURES_EXT};
  VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divisor{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
  VkPhysicalDeviceIndexTypeUint8FeaturesEXT uint8{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_INDEX_TYPE_UINT8_FEATURES_EXT};
  VkPhysicalDeviceLineRasterizationFeaturesEXT lines{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT};
  VkPhysicalDevicePrimitivesGeneratedQueryFeaturesEXT generated{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PRIMITIVES_GENERATED_QUERY_FEATURES_EXT};
  VkPhysicalDeviceTransformFeedbackFeaturesEXT xfb{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
  VkPhysicalDeviceCustomBorderColorFeaturesEXT border{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT atomic_float{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  VkPhysicalDeviceNonSeamlessCubeMapFeaturesEXT non_seamless{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_NON_SEAMLESS_CUBE_MAP_FEATURES_EXT};
  struct Optional {
    const char* name;
    VkBaseOutStructure* features;
    VkBool32* feature;
    bool* flag;
  } optional[] = {
      {VK_EXT_DEPTH_CLIP_CONTROL_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&clip_control),
       &clip_control.depthClipControl, &draw_features_.depth_clip_control},
      {VK_EXT_PROVOKING_VERTEX_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&provoking),
       &provoking.provokingVertexLast, &draw_features_.provoking_vertex_last},
      {VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&divisor),
       &divisor.vertexAttributeInstanceRateDivisor, &draw_features_.vertex_attribute_divisor},
      {VK_EXT_INDEX_TYPE_UINT8_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&uint8), &uint8.indexTypeUint8,
       &draw_features_.index_type_uint8},
      {VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&lines),
       &lines.bresenhamLines, &draw_features_.bresenham_lines},
      {VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&xfb),
       &xfb.transformFeedback, &draw_features_.transform_feedback},
      {VK_EXT_PRIMITIVES_GENERATED_QUERY_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&generated),
       &generated.primitivesGeneratedQuery, &draw_features_.primitives_generated_query},
      {VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&border),
       &border.customBorderColors, &draw_features_.custom_border_color},
      // GLSL 4.50's imageAtomicExchange on float images (and float atomics on buffers and shared
      // memory where the device has them).
      {VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&atomic_float),
       &atomic_float.shaderImageFloat32Atomics, &draw_features_.image_float_atomics},
      // GL filters each cube face on its own unless TEXTURE_CUBE_MAP_SEAMLESS is enabled.
      {VK_EXT_NON_SEAMLESS_CUBE_MAP_EXTENSION_NAME, reinterpret_cast<VkBaseOutStructure*>(&non_seamless),
       &non_seamless.nonSeamlessCubeMap, &draw_features_.non_seamless_cube_map},
  };
  void** chain_end = &features13.pNext;
  for (Optional& o : optional) {
    if (!offered(o.name)) continue;
    VkPhysicalDeviceFeatures2 query{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, o.features};
    vkGetPhysicalDeviceFeatures2(physical_device_, &query);
    o.features->pNext = nullptr;
    if (!*o.feature) continue;
    extensions.push_back(o.name);
    *o.flag = true;
    *chain_end = o.features;
    chain_end = reinterpret_cast<void**>(&o.features->pNext);
  }
  // The feature structs are chained as queried, so geometryStreams and
  // primitivesGeneratedQueryWithNonZeroStreams are enabled whenever the device has them.
  if (draw_features_.transform_feedback && xfb.geometryStreams) {
    VkPhysicalDeviceTransformFeedbackPropertiesEXT xfb_limits{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &xfb_limits};
    vkGetPhysicalDeviceProperties2(physical_device_, &properties);
    draw_features_.vertex_streams = std::max(1u, xfb_limits.maxTransformFeedbackStreams);
  }
  draw_features_.primitives_generated_streams =
      draw_features_.primitives_generated_query && generated.primitivesGeneratedQueryWithNonZeroStreams;
  // Samplers are shared by views of any format, so a custom border colour must not need one.
  draw_features_.custom_border_color = draw_features_.custom_border_color && border.customBorderColorWithoutFormat;
  // VK_EXT_calibrated_timestamps: the device clock read without waiting (GL's glGet(TIMESTAMP)).
  if (offered(VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME) && vkGetPhysicalDeviceCalibrateableTimeDomainsEXT) {
    std::uint32_t count = 0;
    vkGetPhysicalDeviceCalibrateableTimeDomainsEXT(physical_device_, &count, nullptr);
    std::vector<VkTimeDomainEXT> domains(count);
    vkGetPhysicalDeviceCalibrateableTimeDomainsEXT(physical_device_, &count, domains.data());
    if (std::find(domains.begin(), domains.end(), VK_TIME_DOMAIN_DEVICE_EXT) != domains.end()) {
      extensions.push_back(VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME);
      device_clock_ = true;
    }
  }
  // The line features struct is chained as queried, so stippled Bresenham lines are enabled with it.
  draw_features_.stippled_bresenham_lines = draw_features_.bresenham_lines && lines.stippledBresenhamLines;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &features};
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queue_info;
  info.enabledExtensionCount = std::uint32_t(extensions.size());
  info.ppEnabledExtensionNames = extensions.data();
  check(vkCreateDevice(physical_device_, &info, nullptr, &device_), "vkCreateDevice");
  vkGetDeviceQueue(device_, queue_family_, 0, &queue_);
}

std::optional<std::uint64_t> Device::device_clock() const {
  if (!device_clock_) return std::nullopt;
  const VkCalibratedTimestampInfoEXT info{VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT, nullptr,
                                          VK_TIME_DOMAIN_DEVICE_EXT};
  std::uint64_t ticks = 0, deviation = 0;
  if (vkGetCalibratedTimestampsEXT(device_, 1, &info, &ticks, &deviation) != VK_SUCCESS) return std::nullopt;
  return ticks;
}

Device::~Device() {
  if (device_) {
    vkDeviceWaitIdle(device_);
    image_memory_.release_all(device_);
    vkDestroyDevice(device_, nullptr);
  }
}

VkFormatProperties Device::format_properties(VkFormat format) const {
  if (format >= 0 && std::size_t(format) < core_format_properties_.size()) return core_format_properties_[std::size_t(format)];
  VkFormatProperties properties{};
  vkGetPhysicalDeviceFormatProperties(physical_device_, format, &properties);
  return properties;
}

std::uint32_t Device::memory_type(std::uint32_t type_bits, VkMemoryPropertyFlags required,
                                  VkMemoryPropertyFlags preferred) const {
  if (const auto index = find_memory_type(memory_properties_, type_bits, required, preferred)) return *index;
  char bits[16];
  std::snprintf(bits, sizeof bits, "0x%x", type_bits);
  throw Error("no memory type on " + name() + " among " + bits + " has " +
                  flag_names(VkMemoryPropertyFlagBits{}, required),
              VK_ERROR_OUT_OF_DEVICE_MEMORY);
}

}  // namespace glvk::vk_backend
