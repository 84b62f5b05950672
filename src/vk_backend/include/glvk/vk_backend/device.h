// Vulkan instance and logical device bring-up (through volk).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <volk.h>

#include "glvk/vk_backend/debug_sink.h"
#include "glvk/vk_backend/device_selection.h"
#include "glvk/vk_backend/memory_recycler.h"
#include "glvk/vk_backend/pipeline_cache.h"

namespace glvk::vk_backend {

struct InstanceOptions {
  std::string application_name = "glvk";
  // Enable VK_LAYER_KHRONOS_validation. Missing layer is an error, not a silent downgrade.
  bool validation = false;
  // Where debug-utils messages go; null means the instance owns a default sink.
  std::shared_ptr<DebugSink> sink;
};

// Validation is also switched on by GLVK_VALIDATION=1 in the environment.
bool validation_requested_by_environment();

class Instance {
 public:
  explicit Instance(const InstanceOptions& options);
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  VkInstance handle() const { return instance_; }
  bool has_debug_utils() const { return messenger_ != VK_NULL_HANDLE; }
  bool validation_enabled() const { return validation_; }
  DebugSink& sink() const { return *sink_; }
  const std::shared_ptr<DebugSink>& shared_sink() const { return sink_; }

  std::vector<VkPhysicalDevice> physical_devices() const;
  std::vector<DeviceCandidate> candidates() const;

  // Applies choose_physical_device with GLVK_DEVICE (or `override_value` when given);
  // throws Error with the device list when nothing fits.
  VkPhysicalDevice choose_physical_device(std::optional<std::string> override_value = std::nullopt) const;

 private:
  VkInstance instance_ = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
  bool validation_ = false;
  std::shared_ptr<DebugSink> sink_;
};

// Image memory a device keeps idle for reuse (memory_recycler.h): a few frames of streamed textures.
inline constexpr VkDeviceSize kRecycledImageBytes = 64ull << 20;

class Device {
 public:
  // Creates a logical device with one queue from a family that has graphics (hence transfer).
  Device(const Instance& instance, VkPhysicalDevice physical_device);
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  const Instance& instance() const { return instance_; }
  VkPhysicalDevice physical_device() const { return physical_device_; }
  VkDevice handle() const { return device_; }
  VkQueue queue() const { return queue_; }
  std::uint32_t queue_family() const { return queue_family_; }
  const VkPhysicalDeviceProperties& properties() const { return properties_; }
  const VkPhysicalDeviceDriverProperties& driver_properties() const { return driver_properties_; }
  const VkPhysicalDeviceMemoryProperties& memory_properties() const { return memory_properties_; }
  std::string name() const { return properties_.deviceName; }
  // VK_KHR_push_descriptor, which internal shaders that sample an image need (shader blits).
  bool has_push_descriptor() const { return push_descriptor_; }
  // VkPhysicalDevicePushDescriptorPropertiesKHR::maxPushDescriptors (0 without the extension).
  std::uint32_t max_push_descriptors() const { return max_push_descriptors_; }
  // VK_EXT_external_memory_host's minImportedHostPointerAlignment when the extension is enabled
  // (buffers over application memory), else 0.
  std::uint64_t host_pointer_alignment() const { return host_pointer_alignment_; }
  // The optional extensions the draw path found and enabled.
  const DrawFeatures& draw_features() const { return draw_features_; }
  // The Vulkan 1.0 features enabled (every one the device has, but robust buffer access).
  const VkPhysicalDeviceFeatures& features() const { return features_; }
  // vkGetPhysicalDeviceFormatProperties, answered from a table filled at creation for the core
  // formats (draws ask per vertex attribute, and lavapipe's answer costs a thousand instructions).
  VkFormatProperties format_properties(VkFormat format) const;
  // The bits a timestamp query of the queue holds (0: the queue cannot write timestamps).
  std::uint32_t timestamp_valid_bits() const { return timestamp_valid_bits_; }
  // The device's clock in timestamp ticks, read now (VK_EXT_calibrated_timestamps' device domain);
  // empty when the device cannot be read without a queue.
  std::optional<std::uint64_t> device_clock() const;

  // Whether the device reported VK_ERROR_DEVICE_LOST (to a submission or a wait); from then on no
  // work reaches it and waits return at once. Any thread may read it.
  bool lost() const { return lost_.load(std::memory_order_relaxed); }
  const std::atomic<bool>& lost_flag() const { return lost_; }
  void mark_lost() const { lost_.store(true, std::memory_order_relaxed); }

  // find_memory_type on this device; throws Error naming the request when nothing fits.
  std::uint32_t memory_type(std::uint32_t type_bits, VkMemoryPropertyFlags required,
                            VkMemoryPropertyFlags preferred = 0) const;

  // Memory of destroyed images, kept for the next image of the same size (memory_recycler.h).
  MemoryRecycler& image_memory() const { return image_memory_; }

 private:
  const Instance& instance_;
  VkPhysicalDevice physical_device_;
  VkDevice device_ = VK_NULL_HANDLE;
  bool push_descriptor_ = false;
  std::uint32_t max_push_descriptors_ = 0;
  std::uint64_t host_pointer_alignment_ = 0;
  DrawFeatures draw_features_;
  VkPhysicalDeviceFeatures features_{};
  VkQueue queue_ = VK_NULL_HANDLE;
  std::uint32_t queue_family_ = 0;
  std::uint32_t timestamp_valid_bits_ = 0;
  bool device_clock_ = false;
  VkPhysicalDeviceProperties properties_{};
  VkPhysicalDeviceDriverProperties driver_properties_{};
  VkPhysicalDeviceMemoryProperties memory_properties_{};
  std::array<VkFormatProperties, VK_FORMAT_ASTC_12x12_SRGB_BLOCK + 1> core_format_properties_{};
  mutable std::atomic<bool> lost_{false};
  mutable MemoryRecycler image_memory_{kRecycledImageBytes};
};

}  // namespace glvk::vk_backend
