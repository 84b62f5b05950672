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

std::string describe_candidates(std::span<const DeviceCandidate> candidates) {
  std::string out;
  for (std::size_t i = 0; i < candidates.size(); ++i)
    out += (i ? "\n  " : "  ") + std::to_string(i) + ": " + candidates[i].name + " [" +
           type_label(candidates[i].type) + "]";
  return out;
}

DeviceChoice choose_physical_device(std::span<const DeviceCandidate> candidates, std::string_view override_value) {
  if (candidates.empty()) return {std::nullopt, "no Vulkan device found (is a Vulkan ICD such as lavapipe installed?)"};

  if (!override_value.empty()) {
    if (const auto index = parse_index(override_value)) {
      if (*index < candidates.size()) return {*index, {}};
      return {std::nullopt, "GLVK_DEVICE=" + std::string(override_value) + " is out of range; devices found:\n" +
                                describe_candidates(candidates)};
    }
    for (std::uint32_t i = 0; i < candidates.size(); ++i)
      if (contains_ignoring_case(candidates[i].name, override_value)) return {i, {}};
    return {std::nullopt, "GLVK_DEVICE=" + std::string(override_value) + " matches no device; devices found:\n" +
                              describe_candidates(candidates)};
  }

  for (std::uint32_t i = 0; i < candidates.size(); ++i)
    if (candidates[i].type != VK_PHYSICAL_DEVICE_TYPE_CPU) return {i, {}};
  return {0u, {}};
}

}  // namespace glvk::vk_backend
