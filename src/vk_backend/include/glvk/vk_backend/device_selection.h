// Physical device choice: a pure function, so its rules are tested without a Vulkan driver.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include <volk.h>

namespace glvk::vk_backend {

struct DeviceCandidate {
  std::string name;
  VkPhysicalDeviceType type;
  // 0 for a device without hardware behind it (RADV's null device under RADV_FORCE_FAMILY): it
  // reports features and formats but can allocate nothing, so glvk cannot run on it.
  std::uint32_t memory_type_count = 1;
};

struct DeviceChoice {
  std::optional<std::uint32_t> index;  // set on success
  std::string error;                   // set on failure: says why and lists the devices found
};

// The rule (DESIGN.md): with no override, the first device that is not a CPU, else the first CPU
// device (lavapipe); devices without memory types are never chosen. An override (GLVK_DEVICE) is a
// decimal index or a case-insensitive substring of the device name; one that matches nothing, or
// names a device without memory types, is an error, never a silent fallback.
DeviceChoice choose_physical_device(std::span<const DeviceCandidate> candidates, std::string_view override_value);

// Why glvk cannot use `candidate` ("" when it can): the one message for selection and creation.
std::string unusable_reason(const DeviceCandidate& candidate);

// "  0: llvmpipe (LLVM 15.0.6, 256 bits) [cpu]\n  1: ..." (no trailing newline), for messages.
std::string describe_candidates(std::span<const DeviceCandidate> candidates);

}  // namespace glvk::vk_backend
