// glvk info: what the chosen Vulkan device is and what it can do with every VkFormat.
#include <cstdio>
#include <string>
#include <vector>

#include "commands.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "json_writer.h"
#include "vk_names.h"

namespace glvk::tools {
namespace {

using vk_backend::flag_names;
using vk_backend::name_of;

// Short labels for the readable table; the JSON output spells every flag in full.
struct FeatureLabel {
  VkFormatFeatureFlagBits bit;
  const char* label;
};
constexpr FeatureLabel kFeatureLabels[] = {
    {VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT, "S"},
    {VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT, "F"},
    {VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT, "I"},
    {VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT, "C"},
    {VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT, "B"},
    {VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT, "D"},
    {VK_FORMAT_FEATURE_BLIT_SRC_BIT, "r"},
    {VK_FORMAT_FEATURE_BLIT_DST_BIT, "w"},
    {VK_FORMAT_FEATURE_TRANSFER_SRC_BIT, "s"},
    {VK_FORMAT_FEATURE_TRANSFER_DST_BIT, "d"},
    {VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT, "V"},
    {VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT, "U"},
    {VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT, "T"},
};

std::string short_features(VkFormatFeatureFlags flags) {
  std::string out;
  for (const FeatureLabel& f : kFeatureLabels) out += (flags & f.bit) ? f.label : ".";
  return out;
}

std::string version_string(std::uint32_t version) {
  return std::to_string(VK_API_VERSION_MAJOR(version)) + "." + std::to_string(VK_API_VERSION_MINOR(version)) + "." +
         std::to_string(VK_API_VERSION_PATCH(version));
}

struct FormatRow {
  VkFormat format;
  VkFormatProperties properties;
};

std::vector<FormatRow> query_formats(const vk_backend::Device& device) {
  std::vector<FormatRow> rows;
  for (VkFormat format : vk_backend::all_vk_formats()) {
    if (format == VK_FORMAT_UNDEFINED) continue;
    VkFormatProperties2 properties{VK_STRUCTURE_TYPE_FORMAT_PROPERTIES_2};
    vkGetPhysicalDeviceFormatProperties2(device.physical_device(), format, &properties);
    rows.push_back({format, properties.formatProperties});
  }
  return rows;
}

void print_text(const vk_backend::Device& device) {
  const VkPhysicalDeviceProperties& p = device.properties();
  const VkPhysicalDeviceDriverProperties& d = device.driver_properties();
  std::printf("device:          %s\n", p.deviceName);
  std::printf("type:            %s\n", name_of(p.deviceType));
  std::printf("vendor/device:   0x%04x / 0x%04x\n", p.vendorID, p.deviceID);
  std::printf("api version:     %s\n", version_string(p.apiVersion).c_str());
  std::printf("driver version:  %s (0x%08x)\n", version_string(p.driverVersion).c_str(), p.driverVersion);
  std::printf("driver:          %s, %s\n", d.driverName, d.driverInfo);

  std::uint32_t family_count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device.physical_device(), &family_count, nullptr);
  std::vector<VkQueueFamilyProperties> families(family_count);
  vkGetPhysicalDeviceQueueFamilyProperties(device.physical_device(), &family_count, families.data());
  std::printf("\nqueue families:\n");
  for (std::uint32_t i = 0; i < family_count; ++i)
    std::printf("  %u: %u queue(s), %s%s\n", i, families[i].queueCount,
                flag_names(VkQueueFlagBits{}, families[i].queueFlags).c_str(),
                i == device.queue_family() ? "  (used by glvk)" : "");

  const VkPhysicalDeviceMemoryProperties& m = device.memory_properties();
  std::printf("\nmemory heaps:\n");
  for (std::uint32_t i = 0; i < m.memoryHeapCount; ++i)
    std::printf("  %u: %llu MiB, %s\n", i, static_cast<unsigned long long>(m.memoryHeaps[i].size >> 20),
                flag_names(VkMemoryHeapFlagBits{}, m.memoryHeaps[i].flags).c_str());
  std::printf("memory types:\n");
  for (std::uint32_t i = 0; i < m.memoryTypeCount; ++i)
    std::printf("  %u: heap %u, %s\n", i, m.memoryTypes[i].heapIndex,
                flag_names(VkMemoryPropertyFlagBits{}, m.memoryTypes[i].propertyFlags).c_str());

  std::printf("\nformat features (S sampled, F linear filter, I storage image, C colour attachment, B blend,\n"
              "D depth/stencil, r/w blit src/dst, s/d transfer src/dst, V vertex buffer,\n"
              "U uniform texel buffer, T storage texel buffer; '.' absent):\n");
  std::printf("  %-48s %-13s  %-13s  %-13s\n", "format", "optimal", "linear", "buffer");
  for (const FormatRow& row : query_formats(device))
    std::printf("  %-48s %s  %s  %s\n", name_of(row.format),
                short_features(row.properties.optimalTilingFeatures).c_str(),
                short_features(row.properties.linearTilingFeatures).c_str(),
                short_features(row.properties.bufferFeatures).c_str());
}

void write_flag_array(JsonWriter& json, const char* key, VkFormatFeatureFlags flags) {
  json.key(key).begin_array();
  for (std::uint32_t bit = 1; bit; bit <<= 1) {
    if (!(flags & bit)) continue;
    const std::string name = flag_names(VkFormatFeatureFlagBits{}, bit);
    json.value(name);
  }
  json.end_array();
}

void print_json(const vk_backend::Device& device) {
  const VkPhysicalDeviceProperties& p = device.properties();
  const VkPhysicalDeviceDriverProperties& d = device.driver_properties();
  JsonWriter json(stdout);
  json.begin_object();
  json.key("device").begin_object();
  json.key("name").value(p.deviceName);
  json.key("type").value(name_of(p.deviceType));
  json.key("vendor_id").value(p.vendorID);
  json.key("device_id").value(p.deviceID);
  json.key("api_version").value(version_string(p.apiVersion));
  json.key("driver_version").value(p.driverVersion);
  json.key("driver_name").value(d.driverName);
  json.key("driver_info").value(d.driverInfo);
  json.end_object();

  std::uint32_t family_count = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device.physical_device(), &family_count, nullptr);
  std::vector<VkQueueFamilyProperties> families(family_count);
  vkGetPhysicalDeviceQueueFamilyProperties(device.physical_device(), &family_count, families.data());
  json.key("queue_families").begin_array();
  for (std::uint32_t i = 0; i < family_count; ++i) {
    json.begin_object();
    json.key("index").value(i);
    json.key("count").value(families[i].queueCount);
    json.key("flags").value(flag_names(VkQueueFlagBits{}, families[i].queueFlags));
    json.key("used").value(i == device.queue_family());
    json.end_object();
  }
  json.end_array();

  const VkPhysicalDeviceMemoryProperties& m = device.memory_properties();
  json.key("memory_heaps").begin_array();
  for (std::uint32_t i = 0; i < m.memoryHeapCount; ++i) {
    json.begin_object();
    json.key("size").value(m.memoryHeaps[i].size);
    json.key("flags").value(flag_names(VkMemoryHeapFlagBits{}, m.memoryHeaps[i].flags));
    json.end_object();
  }
  json.end_array();
  json.key("memory_types").begin_array();
  for (std::uint32_t i = 0; i < m.memoryTypeCount; ++i) {
    json.begin_object();
    json.key("heap").value(m.memoryTypes[i].heapIndex);
    json.key("flags").value(flag_names(VkMemoryPropertyFlagBits{}, m.memoryTypes[i].propertyFlags));
    json.end_object();
  }
  json.end_array();

  json.key("formats").begin_array();
  for (const FormatRow& row : query_formats(device)) {
    json.begin_object();
    json.key("format").value(name_of(row.format));
    json.key("value").value(static_cast<std::int64_t>(row.format));
    write_flag_array(json, "optimal", row.properties.optimalTilingFeatures);
    write_flag_array(json, "linear", row.properties.linearTilingFeatures);
    write_flag_array(json, "buffer", row.properties.bufferFeatures);
    json.end_object();
  }
  json.end_array();
  json.end_object();
  std::fputc('\n', stdout);
}

}  // namespace

int run_info(Args args) {
  bool as_json = false;
  for (std::string_view arg : args) {
    if (arg == "--json") {
      as_json = true;
    } else {
      std::fprintf(stderr, "glvk info: unknown argument '%.*s' (usage: glvk info [--json])\n", int(arg.size()),
                   arg.data());
      return 2;
    }
  }
  try {
    vk_backend::Instance instance({.validation = vk_backend::validation_requested_by_environment()});
    vk_backend::Device device(instance, instance.choose_physical_device());
    if (as_json)
      print_json(device);
    else
      print_text(device);
    return 0;
  } catch (const vk_backend::Error& e) {
    std::fprintf(stderr, "glvk info: %s\n", e.what());
    return 1;
  }
}

}  // namespace glvk::tools
