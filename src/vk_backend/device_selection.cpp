#include "glvk/vk_backend/device_selection.h"

#include <algorithm>
#include <cctype>

namespace glvk::vk_backend {
namespace {

const char* type_label(VkPhysicalDeviceType type) {
  switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU: return "integrated";
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU: return "discrete";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU: return "virtual";
    case VK_PHYSICAL_DEVICE_TYPE_CPU: return "cpu";
    default: return "other";
  }
}

bool contains_ignoring_case(std::string_view haystack, std::string_view needle) {
  const auto lower_equal = [](char a, char b) {
    return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
  };
  return std::search(haystack.begin(), haystack.end(), needle.begin(), needle.end(), lower_equal) !=
         haystack.end();
}

std::optional<std::uint32_t> parse_index(std::string_view text) {
  if (text.empty() || text.size() > 9 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  std::uint32_t value = 0;
  for (char c : text) value = value * 10 + std::uint32_t(c - '0');
  return value;
}

}  // namespace

std::string unusable_reason(const DeviceCandidate& candidate) {
  if (candidate.memory_type_count != 0) return {};
  return candidate.name + " has no memory types, so nothing can be allocated on it (a device without "
                          "hardware, such as RADV's null device under RADV_FORCE_FAMILY); glvk cannot use it";
}

std::string describe_candidates(std::span<const DeviceCandidate> candidates) {
  std::string out;
  for (std::size_t i = 0; i < candidates.size(); ++i)
    out += (i ? "\n  " : "  ") + std::to_string(i) + ": " + candidates[i].name + " [" +
           type_label(candidates[i].type) + (candidates[i].memory_type_count ? "]" : ", no memory types]");
  return out;
}

DeviceChoice choose_physical_device(std::span<const DeviceCandidate> candidates, std::string_view override_value) {
  if (candidates.empty()) return {std::nullopt, "no Vulkan device found (is a Vulkan ICD such as lavapipe installed?)"};

  if (!override_value.empty()) {
    const std::string prefix = "GLVK_DEVICE=" + std::string(override_value);
    std::optional<std::uint32_t> index = parse_index(override_value);
    if (index && *index >= candidates.size())
      return {std::nullopt, prefix + " is out of range; devices found:\n" + describe_candidates(candidates)};
    for (std::uint32_t i = 0; i < candidates.size() && !index; ++i)
      if (contains_ignoring_case(candidates[i].name, override_value)) index = i;
    if (!index) return {std::nullopt, prefix + " matches no device; devices found:\n" + describe_candidates(candidates)};
    if (const std::string why = unusable_reason(candidates[*index]); !why.empty())
      return {std::nullopt, prefix + ": " + why + "; devices found:\n" + describe_candidates(candidates)};
    return {*index, {}};
  }

  std::optional<std::uint32_t> cpu;
  for (std::uint32_t i = 0; i < candidates.size(); ++i) {
    if (!unusable_reason(candidates[i]).empty()) continue;
    if (candidates[i].type != VK_PHYSICAL_DEVICE_TYPE_CPU) return {i, {}};
    if (!cpu) cpu = i;
  }
  if (cpu) return {*cpu, {}};
  return {std::nullopt, "no usable Vulkan device: " + unusable_reason(candidates[0]) + "; devices found:\n" +
                            describe_candidates(candidates)};
}

}  // namespace glvk::vk_backend
