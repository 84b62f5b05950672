// glvk amd caps [--chip CHIP] [--against-device] [--all]: the GCN capability model
// (si_is_format_supported's role) per format; with --against-device, side by side with the format
// features RADV reports for the same chip on its null device (RADV_FORCE_FAMILY=CHIP, the radeon
// ICD), every disagreement listed with its explanation (caps_explained.cpp).
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "caps_explained.h"
#include "commands.h"
#include "glvk/amd_descriptors/capability.h"
#include "glvk/amd_descriptors/descriptors.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"

namespace glvk::tools {
namespace {

using amd::TextureTarget;

int fail(const std::string& message) {
  std::fprintf(stderr, "glvk amd caps: %s\n", message.c_str());
  return 2;
}

// The model's answer for each compared usage.
CapsAnswers model_answers(const amd::Chip& chip, formats::Format format) {
  CapsAnswers a;
  const uint32_t image = amd::supported_usage(chip, format, TextureTarget::TEXTURE_2D, 1,
                                              amd::USAGE_SAMPLER_VIEW | amd::USAGE_RENDER_TARGET |
                                                  amd::USAGE_BLENDABLE | amd::USAGE_DEPTH_STENCIL);
  a[size_t(CapsUsage::Sampled)] = image & amd::USAGE_SAMPLER_VIEW;
  a[size_t(CapsUsage::ColorAttachment)] = image & amd::USAGE_RENDER_TARGET;
  a[size_t(CapsUsage::Blendable)] = image & amd::USAGE_BLENDABLE;
  a[size_t(CapsUsage::DepthStencil)] = image & amd::USAGE_DEPTH_STENCIL;
  a[size_t(CapsUsage::TexelBuffer)] =
      amd::is_format_supported(chip, format, TextureTarget::BUFFER, 1, amd::USAGE_SAMPLER_VIEW);
  a[size_t(CapsUsage::VertexBuffer)] =
      amd::is_format_supported(chip, format, TextureTarget::BUFFER, 1, amd::USAGE_VERTEX_BUFFER);
  return a;
}

CapsAnswers device_answers(VkPhysicalDevice device, VkFormat format) {
  VkFormatProperties p{};
  vkGetPhysicalDeviceFormatProperties(device, format, &p);
  CapsAnswers a;
  a[size_t(CapsUsage::Sampled)] = p.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
  a[size_t(CapsUsage::ColorAttachment)] = p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
  a[size_t(CapsUsage::Blendable)] = p.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT;
  a[size_t(CapsUsage::DepthStencil)] = p.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT;
  a[size_t(CapsUsage::TexelBuffer)] = p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT;
  a[size_t(CapsUsage::VertexBuffer)] = p.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT;
  return a;
}

std::string answers_text(const CapsAnswers& a) {
  std::string out;
  for (size_t u = 0; u < kCapsUsageCount; ++u)
    if (a[u]) out += (out.empty() ? "" : "|") + std::string(caps_usage_name(CapsUsage(u)));
  return out.empty() ? "none" : out;
}

// The radeon ICD manifest of this machine (Debian's mesa-vulkan-drivers), empty when absent.
std::string radeon_icd() {
  for (const char* dir : {"/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"}) {
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
      if (entry.path().filename().string().starts_with("radeon_icd")) return entry.path().string();
  }
  return "";
}

// The RADV null device of `chip`: RADV_FORCE_FAMILY and the radeon ICD are set for this process
// before the loader starts (unless the user set them), and the device named "RADV <CHIP>" chosen.
struct NullDevice {
  std::unique_ptr<vk_backend::Instance> instance;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  std::string name, driver;
};

std::optional<NullDevice> open_null_device(const amd::Chip& chip, std::string& error) {
  std::string family = chip.name;
  setenv("RADV_FORCE_FAMILY", family.c_str(), 0);
  if (!std::getenv("VK_ICD_FILENAMES") && !std::getenv("VK_DRIVER_FILES")) {
    const std::string icd = radeon_icd();
    if (icd.empty()) {
      error = "no radeon ICD manifest (radeon_icd*.json) under /usr/share/vulkan/icd.d (mesa-vulkan-drivers)";
      return std::nullopt;
    }
    setenv("VK_ICD_FILENAMES", icd.c_str(), 1);
  }
  NullDevice d;
  try {
    d.instance = std::make_unique<vk_backend::Instance>(vk_backend::InstanceOptions{});
  } catch (const vk_backend::Error& e) {
    error = e.what();
    return std::nullopt;
  }
  std::string upper = family;
  for (char& c : upper) c = char(std::toupper(static_cast<unsigned char>(c)));
  for (VkPhysicalDevice p : d.instance->physical_devices()) {
    VkPhysicalDeviceProperties props{};
    vkGetPhysicalDeviceProperties(p, &props);
    const std::string name = props.deviceName;
    if (props.vendorID == 0x1002 && name.find(upper) != std::string::npos) {
      d.physical = p;
      d.name = name;
      char version[48];
      std::snprintf(version, sizeof version, "driver version %u.%u.%u", VK_API_VERSION_MAJOR(props.driverVersion),
                    VK_API_VERSION_MINOR(props.driverVersion), VK_API_VERSION_PATCH(props.driverVersion));
      d.driver = version;
      return d;
    }
  }
  error = "no RADV device named like " + upper + " (RADV_FORCE_FAMILY=" + family + ")";
  return std::nullopt;
}

}  // namespace

int run_amd_caps(Args args) {
  std::string chip_name = "tonga";
  bool against_device = false, all = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--chip" && i + 1 < args.size()) chip_name = std::string(args[++i]);
    else if (args[i] == "--against-device") against_device = true;
    else if (args[i] == "--all") all = true;
    else
      return fail("unknown argument '" + std::string(args[i]) +
                  "' (usage: glvk amd caps [--chip CHIP] [--against-device] [--all])");
  }
  const amd::Chip* chip = amd::find_chip(chip_name);
  if (!chip) return fail("unknown chip '" + chip_name + "' (glvk amd chips)");

  if (!against_device) {
    for (const formats::FormatDesc& d : formats::all_formats())
      if (d.format != formats::Format::NONE) std::printf("%s: %s\n", d.name, answers_text(model_answers(*chip, d.format)).c_str());
    return 0;
  }

  std::string error;
  const std::optional<NullDevice> device = open_null_device(*chip, error);
  if (!device) return fail(error);
  std::printf("%s: the GCN capability model against %s (%s)\n", chip->name, device->name.c_str(),
              device->driver.c_str());
  unsigned formats_compared = 0, answers = 0, agree = 0, explained = 0, unexplained = 0, not_exact = 0;
  std::map<std::string, unsigned> by_rule;
  for (const formats::FormatDesc& d : formats::all_formats()) {
    if (d.format == formats::Format::NONE) continue;
    // Only formats that are exactly their VkFormat: the others are GL-side emulations RADV never sees.
    if (d.vk_format == 0 || amd::format_from_vk(VkFormat(d.vk_format)) != d.format) {
      ++not_exact;
      continue;
    }
    ++formats_compared;
    const CapsAnswers model = model_answers(*chip, d.format);
    const CapsAnswers radv = device_answers(device->physical, VkFormat(d.vk_format));
    for (size_t u = 0; u < kCapsUsageCount; ++u) {
      ++answers;
      if (model[u] == radv[u]) {
        ++agree;
        continue;
      }
      const CapsExplanation* why = explain_caps_difference(*chip, d, CapsUsage(u), model[u], radv[u]);
      if (why) {
        ++explained;
        ++by_rule[why->name];
      } else {
        ++unexplained;
      }
      std::printf("  %-28s %-16s model %-3s radv %-3s %s\n", d.vk_format_name, caps_usage_name(CapsUsage(u)),
                  model[u] ? "yes" : "no", radv[u] ? "yes" : "no", why ? why->name : "UNEXPLAINED");
    }
    if (all) std::printf("  %-28s model %s; radv %s\n", d.vk_format_name, answers_text(model).c_str(),
                         answers_text(radv).c_str());
  }
  std::printf("%s: %u formats x %zu usages = %u answers: %u agree, %u differ (%u explained, %u unexplained); "
              "%u formats not exactly a VkFormat\n",
              chip->name, formats_compared, kCapsUsageCount, answers, agree, explained + unexplained, explained,
              unexplained, not_exact);
  for (const CapsExplanation& e : caps_explanations())
    if (by_rule.count(e.name)) std::printf("  %-26s %4u  %s\n", e.name, by_rule[e.name], e.reason);
  return unexplained ? 1 : 0;
}

}  // namespace glvk::tools
