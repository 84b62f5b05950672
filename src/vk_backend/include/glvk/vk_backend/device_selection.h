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
};

struct DeviceChoice {
  std::optional<std::uint32_t> index;  // set on success
  std::string error;                   // set on failure: says why and lists the devices found
};

// The rule (DESIGN.md): with no override, the first device that is not a CPU, else the first CPU
// device (lavapipe). An override (GLVK_DEVICE) is a decimal index or a case-insensitive substring of
// the device name; one that matches nothing is an error, never a silent fallback.
DeviceChoice choose_physical_device(std::span<const DeviceCandidate> candidates, std::string_view override_value);

// "  0: llvmpipe (LLVM 15.0.6, 256 bits) [cpu]\n  1: ..." (no trailing newline), for messages.
std::string describe_candidates(std::span<const DeviceCandidate> candidates);

}  // namespace glvk::vk_backend
