// VK_LAYER_GLVK_shadow_check: the Vulkan layer half of DESIGN.md's shadow check protocol. It
// remembers the create-infos of images, image views, buffer views and samplers; when the state
// tracker tags one of them with a shadow record (vkSetDebugUtilsObjectTagEXT, amd::kShadowRecordTag)
// it derives the RADV-view encoding for GLVK_SHADOW_CHIP (default tonga) and compares (checker.h).
// Attachment views carry CB/DB records, compared at vkCmdBeginRendering or vkCmdBeginRenderPass(2)
// where their role (colour or depth/stencil) is known; a render pass gives each framebuffer (or
// imageless begin info) attachment its role. Descriptor writes (vkUpdateDescriptorSets,
// vkCmdPushDescriptorSetKHR, and both through descriptor update templates) are counted per kind with
// how many name an object a record was compared for. Objects nobody tagged are derived alone, so
// the layer is useful under any Vulkan application.
// The summary goes to stderr at vkDestroyDevice, the JSON to GLVK_SHADOW_REPORT=<file>.
#include <vulkan/vk_layer.h>
#include <vulkan/vulkan_core.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "bindings.h"
#include "checker.h"
#include "report.h"

#define GLVK_LAYER_EXPORT extern "C" __attribute__((visibility("default")))

namespace glvk::shadow_check {
namespace {

void* key(const void* dispatchable) { return *static_cast<void* const*>(dispatchable); }

struct InstanceData {
  VkInstance instance = VK_NULL_HANDLE;
  PFN_vkGetInstanceProcAddr gipa = nullptr;
  PFN_vkDestroyInstance destroy = nullptr;
};

struct ViewInfo {
  uint64_t image;
  amd::VkImageViewDesc view;
};
struct BufferViewInfo {
  VkFormat format;
  VkDeviceSize offset, range;
};

// A sampler's create-info (pNext cleared) and, for a custom border colour RADV registers, its slot.
struct SamplerInfo {
  VkSamplerCreateInfo info;
  std::optional<uint32_t> border_slot;
};

// RADV_BORDER_COLOR_COUNT: the slots of RADV's per-device custom border-colour table.
constexpr size_t kRadvBorderColorSlots = 4096;

struct DeviceData {
  VkDevice device = VK_NULL_HANDLE;
  PFN_vkGetDeviceProcAddr gdpa = nullptr;
  PFN_vkDestroyDevice destroy = nullptr;
  PFN_vkCreateImage create_image = nullptr;
  PFN_vkDestroyImage destroy_image = nullptr;
  PFN_vkCreateImageView create_image_view = nullptr;
  PFN_vkDestroyImageView destroy_image_view = nullptr;
  PFN_vkCreateBufferView create_buffer_view = nullptr;
  PFN_vkDestroyBufferView destroy_buffer_view = nullptr;
  PFN_vkCreateSampler create_sampler = nullptr;
  PFN_vkDestroySampler destroy_sampler = nullptr;
  PFN_vkSetDebugUtilsObjectTagEXT set_tag = nullptr;
  PFN_vkCmdBeginRendering begin_rendering = nullptr;
  PFN_vkCmdBeginRendering begin_rendering_khr = nullptr;
  PFN_vkUpdateDescriptorSets update_descriptor_sets = nullptr;
  PFN_vkCmdPushDescriptorSetKHR push_descriptor_set = nullptr;
  PFN_vkCreateRenderPass create_render_pass = nullptr;
  PFN_vkCreateRenderPass2 create_render_pass2 = nullptr, create_render_pass2_khr = nullptr;
  PFN_vkDestroyRenderPass destroy_render_pass = nullptr;
  PFN_vkCreateFramebuffer create_framebuffer = nullptr;
  PFN_vkDestroyFramebuffer destroy_framebuffer = nullptr;
  PFN_vkCmdBeginRenderPass begin_render_pass = nullptr;
  PFN_vkCmdBeginRenderPass2 begin_render_pass2 = nullptr, begin_render_pass2_khr = nullptr;
  PFN_vkCreateDescriptorUpdateTemplate create_template = nullptr, create_template_khr = nullptr;
  PFN_vkDestroyDescriptorUpdateTemplate destroy_template = nullptr, destroy_template_khr = nullptr;
  PFN_vkUpdateDescriptorSetWithTemplate update_with_template = nullptr, update_with_template_khr = nullptr;
  PFN_vkCmdPushDescriptorSetWithTemplateKHR push_with_template = nullptr;

  std::mutex mutex;
  std::unordered_map<uint64_t, ImageInfo> images;
  std::unordered_map<uint64_t, ViewInfo> views;
  std::unordered_map<uint64_t, BufferViewInfo> buffer_views;
  std::unordered_map<uint64_t, SamplerInfo> samplers;
  std::vector<bool> border_slots = std::vector<bool>(kRadvBorderColorSlots);  // RADV's table: slots in use
  std::unordered_map<uint64_t, bool> tagged;                    // handles a record was compared for
  std::unordered_map<uint64_t, amd::ShadowRecord> target_records;  // attachment views, until rendered into
  std::unordered_set<uint64_t> rendered;                        // views met as attachments
  std::unordered_map<uint64_t, AttachmentRoles> render_passes;
  std::unordered_map<uint64_t, std::vector<uint64_t>> framebuffers;  // attachment views (none: imageless)
  std::unordered_map<uint64_t, std::vector<TemplateEntry>> templates;
  Report report;
  bool reported = false;  // the summary was printed (at vkDestroyDevice or at exit)
};

std::mutex g_mutex;
std::unordered_map<void*, std::unique_ptr<InstanceData>> g_instances;
std::unordered_map<void*, std::unique_ptr<DeviceData>> g_devices;

InstanceData* instance_data(const void* handle) {
  std::lock_guard lock(g_mutex);
  const auto it = g_instances.find(key(handle));
  return it == g_instances.end() ? nullptr : it->second.get();
}
DeviceData* device_data(const void* handle) {
  std::lock_guard lock(g_mutex);
  const auto it = g_devices.find(key(handle));
  return it == g_devices.end() ? nullptr : it->second.get();
}

// GLVK_SHADOW_CHIP, default tonga; an unknown name is said once and falls back to tonga.
const amd::Chip& chip() {
  static const amd::Chip* c = [] {
    const char* name = std::getenv("GLVK_SHADOW_CHIP");
    if (name && *name) {
      if (const amd::Chip* found = amd::find_chip(name)) return found;
      std::fprintf(stderr, "VK_LAYER_GLVK_shadow_check: GLVK_SHADOW_CHIP=%s is not a known chip; using tonga\n", name);
    }
    return amd::find_chip("tonga");
  }();
  return *c;
}

template <class T>
uint64_t handle_value(T handle) {
  return reinterpret_cast<uint64_t>(handle);
}

std::string hex_handle(uint64_t handle) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(handle));
  return buf;
}

std::string format_label(VkFormat format) {
  const formats::Format f = amd::format_from_vk(format);
  return f == formats::Format::NONE ? "VkFormat " + std::to_string(format) : formats::describe(f).name;
}

// --------------------------------------------------------------------- instance

VKAPI_ATTR VkResult VKAPI_CALL CreateInstance(const VkInstanceCreateInfo* info, const VkAllocationCallbacks* allocator,
                                              VkInstance* instance) {
  auto* chain = static_cast<VkLayerInstanceCreateInfo*>(const_cast<void*>(info->pNext));
  while (chain && !(chain->sType == VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO && chain->function == VK_LAYER_LINK_INFO))
    chain = static_cast<VkLayerInstanceCreateInfo*>(const_cast<void*>(chain->pNext));
  if (!chain) return VK_ERROR_INITIALIZATION_FAILED;
  const PFN_vkGetInstanceProcAddr gipa = chain->u.pLayerInfo->pfnNextGetInstanceProcAddr;
  chain->u.pLayerInfo = chain->u.pLayerInfo->pNext;
  const auto create = reinterpret_cast<PFN_vkCreateInstance>(gipa(VK_NULL_HANDLE, "vkCreateInstance"));
  const VkResult result = create(info, allocator, instance);
  if (result != VK_SUCCESS) return result;
  auto data = std::make_unique<InstanceData>();
  data->instance = *instance;
  data->gipa = gipa;
  data->destroy = reinterpret_cast<PFN_vkDestroyInstance>(gipa(*instance, "vkDestroyInstance"));
  std::lock_guard lock(g_mutex);
  g_instances[key(*instance)] = std::move(data);
  return VK_SUCCESS;
}

VKAPI_ATTR void VKAPI_CALL DestroyInstance(VkInstance instance, const VkAllocationCallbacks* allocator) {
  if (!instance) return;
  void* k = key(instance);
  PFN_vkDestroyInstance destroy = nullptr;
  {
    std::lock_guard lock(g_mutex);
    const auto it = g_instances.find(k);
    if (it == g_instances.end()) return;
    destroy = it->second->destroy;
    g_instances.erase(it);
  }
  destroy(instance, allocator);
}

// --------------------------------------------------------------------- device

void report_remaining_devices();

VKAPI_ATTR VkResult VKAPI_CALL CreateDevice(VkPhysicalDevice physical, const VkDeviceCreateInfo* info,
                                            const VkAllocationCallbacks* allocator, VkDevice* device) {
  auto* chain = static_cast<VkLayerDeviceCreateInfo*>(const_cast<void*>(info->pNext));
  while (chain && !(chain->sType == VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO && chain->function == VK_LAYER_LINK_INFO))
    chain = static_cast<VkLayerDeviceCreateInfo*>(const_cast<void*>(chain->pNext));
  InstanceData* instance = instance_data(physical);
  if (!chain || !instance) return VK_ERROR_INITIALIZATION_FAILED;
  const PFN_vkGetInstanceProcAddr gipa = chain->u.pLayerInfo->pfnNextGetInstanceProcAddr;
  const PFN_vkGetDeviceProcAddr gdpa = chain->u.pLayerInfo->pfnNextGetDeviceProcAddr;
  chain->u.pLayerInfo = chain->u.pLayerInfo->pNext;
  const auto create = reinterpret_cast<PFN_vkCreateDevice>(gipa(instance->instance, "vkCreateDevice"));
  const VkResult result = create(physical, info, allocator, device);
  if (result != VK_SUCCESS) return result;
  auto d = std::make_unique<DeviceData>();
  d->device = *device;
  d->gdpa = gdpa;
#define GLVK_NEXT(member, name) d->member = reinterpret_cast<PFN_##name>(gdpa(*device, #name))
  GLVK_NEXT(destroy, vkDestroyDevice);
  GLVK_NEXT(create_image, vkCreateImage);
  GLVK_NEXT(destroy_image, vkDestroyImage);
  GLVK_NEXT(create_image_view, vkCreateImageView);
  GLVK_NEXT(destroy_image_view, vkDestroyImageView);
  GLVK_NEXT(create_buffer_view, vkCreateBufferView);
  GLVK_NEXT(destroy_buffer_view, vkDestroyBufferView);
  GLVK_NEXT(create_sampler, vkCreateSampler);
  GLVK_NEXT(destroy_sampler, vkDestroySampler);
  GLVK_NEXT(set_tag, vkSetDebugUtilsObjectTagEXT);
  GLVK_NEXT(begin_rendering, vkCmdBeginRendering);
  GLVK_NEXT(begin_rendering_khr, vkCmdBeginRenderingKHR);
  GLVK_NEXT(update_descriptor_sets, vkUpdateDescriptorSets);
  GLVK_NEXT(push_descriptor_set, vkCmdPushDescriptorSetKHR);
  GLVK_NEXT(create_render_pass, vkCreateRenderPass);
  GLVK_NEXT(create_render_pass2, vkCreateRenderPass2);
  d->create_render_pass2_khr = reinterpret_cast<PFN_vkCreateRenderPass2>(gdpa(*device, "vkCreateRenderPass2KHR"));
  GLVK_NEXT(destroy_render_pass, vkDestroyRenderPass);
  GLVK_NEXT(create_framebuffer, vkCreateFramebuffer);
  GLVK_NEXT(destroy_framebuffer, vkDestroyFramebuffer);
  GLVK_NEXT(begin_render_pass, vkCmdBeginRenderPass);
  GLVK_NEXT(begin_render_pass2, vkCmdBeginRenderPass2);
  d->begin_render_pass2_khr = reinterpret_cast<PFN_vkCmdBeginRenderPass2>(gdpa(*device, "vkCmdBeginRenderPass2KHR"));
  GLVK_NEXT(create_template, vkCreateDescriptorUpdateTemplate);
  d->create_template_khr =
      reinterpret_cast<PFN_vkCreateDescriptorUpdateTemplate>(gdpa(*device, "vkCreateDescriptorUpdateTemplateKHR"));
  GLVK_NEXT(destroy_template, vkDestroyDescriptorUpdateTemplate);
  d->destroy_template_khr =
      reinterpret_cast<PFN_vkDestroyDescriptorUpdateTemplate>(gdpa(*device, "vkDestroyDescriptorUpdateTemplateKHR"));
  GLVK_NEXT(update_with_template, vkUpdateDescriptorSetWithTemplate);
  d->update_with_template_khr =
      reinterpret_cast<PFN_vkUpdateDescriptorSetWithTemplate>(gdpa(*device, "vkUpdateDescriptorSetWithTemplateKHR"));
  GLVK_NEXT(push_with_template, vkCmdPushDescriptorSetWithTemplateKHR);
#undef GLVK_NEXT
  static const bool at_exit = std::atexit(report_remaining_devices) == 0;
  (void)at_exit;
  std::lock_guard lock(g_mutex);
  g_devices[key(*device)] = std::move(d);
  return VK_SUCCESS;
}

// Objects nobody attached a record to are derived alone when they go away.
void derive_untagged(DeviceData& d, amd::RecordKind kind, uint64_t handle) {
  if (d.tagged.erase(handle)) return;
  bool derived = false;
  if (kind == amd::RecordKind::SampledImage) {
    if (const auto v = d.views.find(handle); v != d.views.end())
      if (const auto i = d.images.find(v->second.image); i != d.images.end())
        derived = derive_image_descriptor(chip(), i->second, v->second.view, 0).ok();
  } else if (kind == amd::RecordKind::BufferView) {
    const auto b = d.buffer_views.find(handle);
    derived = b != d.buffer_views.end() &&
              amd::make_buffer_descriptor_vk(chip(), 0, b->second.offset + (b->second.range == VK_WHOLE_SIZE
                                                                                 ? 1
                                                                                 : b->second.range),
                                             b->second.format, b->second.offset, b->second.range)
                  .ok();
  } else if (kind == amd::RecordKind::Sampler) {
    const auto s = d.samplers.find(handle);
    derived = s != d.samplers.end() && derive_sampler_descriptor(chip(), s->second.info, s->second.border_slot).ok();
  }
  if (derived) d.report.add_derived_only(kind);
}

// An attachment view met in `role`: its CB/DB record compared once (and forgotten), or, with no
// record, the RADV view derived alone. Device lock held.
void check_target(DeviceData& d, uint64_t handle, amd::RecordKind role) {
  const auto v = d.views.find(handle);
  const auto i = v == d.views.end() ? d.images.end() : d.images.find(v->second.image);
  const auto record = d.target_records.find(handle);
  if (record == d.target_records.end()) {
    if (i != d.images.end() && derive_target_registers(chip(), i->second, v->second.view, 0).ok())
      d.report.add_derived_only(role);
    return;
  }
  std::string object = "VkImageView " + hex_handle(handle);
  Comparison c;
  if (i == d.images.end()) c.underived = "no vkCreateImageView/vkCreateImage seen for it";
  else {
    object += " " + format_label(v->second.view.format) + " level " + std::to_string(v->second.view.range.baseMipLevel) +
              " layer " + std::to_string(v->second.view.range.baseArrayLayer);
    c = compare_target(chip(), i->second, v->second.view, role, record->second);
  }
  d.tagged[handle] = true;
  d.report.add(role, std::move(object), std::move(c));
  d.target_records.erase(record);
}

// The device's findings: what is still pending compared or derived, the summary on stderr, the
// JSON to GLVK_SHADOW_REPORT. Once per device (`reported`).
void finish_report(DeviceData& d, const char* when) {
  std::lock_guard lock(d.mutex);
  if (d.reported) return;
  d.reported = true;
  std::vector<std::pair<uint64_t, amd::RecordKind>> pending;  // check_target forgets each record
  for (const auto& [handle, record] : d.target_records) pending.emplace_back(handle, record.kind);
  for (const auto& [handle, kind] : pending) check_target(d, handle, kind);
  for (const auto& [handle, view] : d.views)
    if (!d.rendered.count(handle)) derive_untagged(d, amd::RecordKind::SampledImage, handle);
  for (const auto& [handle, view] : d.buffer_views) derive_untagged(d, amd::RecordKind::BufferView, handle);
  for (const auto& [handle, sampler] : d.samplers) derive_untagged(d, amd::RecordKind::Sampler, handle);
  const std::string name = chip().name;
  if (*when) std::fprintf(stderr, "VK_LAYER_GLVK_shadow_check: %s\n", when);
  std::fputs(d.report.summary(name).c_str(), stderr);
  if (const char* path = std::getenv("GLVK_SHADOW_REPORT"); path && *path) {
    if (std::FILE* f = std::fopen(path, "w")) {
      std::fputs(d.report.json(name).c_str(), f);
      std::fclose(f);
    } else {
      std::fprintf(stderr, "VK_LAYER_GLVK_shadow_check: cannot write GLVK_SHADOW_REPORT=%s\n", path);
    }
  }
}

// Devices the application never destroyed (a process that exits with its GL displays alive, as test
// programs do) are reported when the process exits.
void report_remaining_devices() {
  std::lock_guard lock(g_mutex);
  for (auto& [key_value, d] : g_devices) finish_report(*d, "device still alive at exit");
}

VKAPI_ATTR void VKAPI_CALL DestroyDevice(VkDevice device, const VkAllocationCallbacks* allocator) {
  if (!device) return;
  std::unique_ptr<DeviceData> d;
  {
    std::lock_guard lock(g_mutex);
    const auto it = g_devices.find(key(device));
    if (it == g_devices.end()) return;
    d = std::move(it->second);
    g_devices.erase(it);
  }
  finish_report(*d, "");
  d->destroy(device, allocator);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateImage(VkDevice device, const VkImageCreateInfo* info,
                                           const VkAllocationCallbacks* allocator, VkImage* image) {
  DeviceData* d = device_data(device);
  const VkResult result = d->create_image(device, info, allocator, image);
  if (result == VK_SUCCESS) {
    std::lock_guard lock(d->mutex);
    d->images[handle_value(*image)] = {info->imageType, info->format,  info->extent, info->mipLevels,
                                       info->arrayLayers, info->samples, info->tiling, info->flags};
  }
  return result;
}

VKAPI_ATTR void VKAPI_CALL DestroyImage(VkDevice device, VkImage image, const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  {
    std::lock_guard lock(d->mutex);
    d->images.erase(handle_value(image));
    d->tagged.erase(handle_value(image));
  }
  d->destroy_image(device, image, allocator);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateImageView(VkDevice device, const VkImageViewCreateInfo* info,
                                               const VkAllocationCallbacks* allocator, VkImageView* view) {
  DeviceData* d = device_data(device);
  const VkResult result = d->create_image_view(device, info, allocator, view);
  if (result == VK_SUCCESS) {
    std::lock_guard lock(d->mutex);
    d->views[handle_value(*view)] = {handle_value(info->image),
                                     {info->format, info->components, info->viewType, info->subresourceRange}};
  }
  return result;
}

VKAPI_ATTR void VKAPI_CALL DestroyImageView(VkDevice device, VkImageView view, const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  if (view) {
    const uint64_t h = handle_value(view);
    std::lock_guard lock(d->mutex);
    // A target record never rendered into is still compared, in the role it claims.
    if (const auto r = d->target_records.find(h); r != d->target_records.end()) check_target(*d, h, r->second.kind);
    if (!d->rendered.erase(h)) derive_untagged(*d, amd::RecordKind::SampledImage, h);
    d->tagged.erase(h);
    d->views.erase(h);
  }
  d->destroy_image_view(device, view, allocator);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateBufferView(VkDevice device, const VkBufferViewCreateInfo* info,
                                                const VkAllocationCallbacks* allocator, VkBufferView* view) {
  DeviceData* d = device_data(device);
  const VkResult result = d->create_buffer_view(device, info, allocator, view);
  if (result == VK_SUCCESS) {
    std::lock_guard lock(d->mutex);
    d->buffer_views[handle_value(*view)] = {info->format, info->offset, info->range};
  }
  return result;
}

VKAPI_ATTR void VKAPI_CALL DestroyBufferView(VkDevice device, VkBufferView view,
                                             const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  if (view) {
    std::lock_guard lock(d->mutex);
    derive_untagged(*d, amd::RecordKind::BufferView, handle_value(view));
    d->buffer_views.erase(handle_value(view));
  }
  d->destroy_buffer_view(device, view, allocator);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateSampler(VkDevice device, const VkSamplerCreateInfo* info,
                                             const VkAllocationCallbacks* allocator, VkSampler* sampler) {
  DeviceData* d = device_data(device);
  const VkResult result = d->create_sampler(device, info, allocator, sampler);
  if (result == VK_SUCCESS) {
    SamplerInfo copy{*info, std::nullopt};
    copy.info.pNext = nullptr;
    std::lock_guard lock(d->mutex);
    // radv_init_sampler registers a custom colour only when an address mode reaches the border;
    // radv_register_border_color takes the first free slot (none left: transparent black).
    const bool custom = info->borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT ||
                        info->borderColor == VK_BORDER_COLOR_INT_CUSTOM_EXT;
    const bool reaches_border = info->addressModeU == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                                info->addressModeV == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                                info->addressModeW == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    if (custom && reaches_border) {
      const auto free = std::find(d->border_slots.begin(), d->border_slots.end(), false);
      if (free != d->border_slots.end()) {
        *free = true;
        copy.border_slot = uint32_t(free - d->border_slots.begin());
      }
    }
    d->samplers[handle_value(*sampler)] = copy;
  }
  return result;
}

VKAPI_ATTR void VKAPI_CALL DestroySampler(VkDevice device, VkSampler sampler, const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  if (sampler) {
    std::lock_guard lock(d->mutex);
    derive_untagged(*d, amd::RecordKind::Sampler, handle_value(sampler));
    if (const auto s = d->samplers.find(handle_value(sampler)); s != d->samplers.end()) {
      if (s->second.border_slot) d->border_slots[*s->second.border_slot] = false;  // radv_unregister_border_color
      d->samplers.erase(s);
    }
  }
  d->destroy_sampler(device, sampler, allocator);
}

// A record for an object: compared now (its create-info is already known).
void check_record(DeviceData& d, const VkDebugUtilsObjectTagInfoEXT& tag) {
  const amd::Result<amd::ShadowRecord> record =
      amd::parse_record({static_cast<const uint8_t*>(tag.pTag), size_t(tag.tagSize)});
  const std::string label = hex_handle(tag.objectHandle);
  std::lock_guard lock(d.mutex);
  if (!record) {
    Comparison broken;
    broken.underived = "unreadable record: " + record.error();
    d.report.add(amd::RecordKind::SampledImage, "object " + label, std::move(broken));
    return;
  }
  if (tag.objectType == VK_OBJECT_TYPE_IMAGE_VIEW &&
      (record->kind == amd::RecordKind::ColorTarget || record->kind == amd::RecordKind::DepthTarget)) {
    d.target_records[tag.objectHandle] = *record;  // compared when rendered into (check_target)
    return;
  }
  Comparison c;
  std::string object;
  if (tag.objectType == VK_OBJECT_TYPE_IMAGE && record->kind == amd::RecordKind::SampledImage) {
    const auto it = d.images.find(tag.objectHandle);
    object = "VkImage " + label;
    if (it == d.images.end()) c.underived = "no vkCreateImage seen for it";
    else {
      object += " " + format_label(it->second.format);
      c = compare_image(chip(), it->second, record->view, *record);
    }
  } else if (tag.objectType == VK_OBJECT_TYPE_IMAGE_VIEW && record->kind == amd::RecordKind::SampledImage) {
    const auto v = d.views.find(tag.objectHandle);
    object = "VkImageView " + label;
    const auto i = v == d.views.end() ? d.images.end() : d.images.find(v->second.image);
    if (i == d.images.end()) c.underived = "no vkCreateImageView/vkCreateImage seen for it";
    else {
      object += " " + format_label(v->second.view.format);
      c = compare_image(chip(), i->second, v->second.view, *record);
    }
  } else if (tag.objectType == VK_OBJECT_TYPE_BUFFER_VIEW && record->kind == amd::RecordKind::BufferView) {
    const auto b = d.buffer_views.find(tag.objectHandle);
    object = "VkBufferView " + label;
    if (b == d.buffer_views.end()) c.underived = "no vkCreateBufferView seen for it";
    else {
      object += " " + format_label(b->second.format);
      c = compare_buffer_view(chip(), b->second.format, b->second.offset, b->second.range, *record);
    }
  } else if (tag.objectType == VK_OBJECT_TYPE_SAMPLER && record->kind == amd::RecordKind::Sampler) {
    const auto s = d.samplers.find(tag.objectHandle);
    object = "VkSampler " + label;
    if (s == d.samplers.end()) c.underived = "no vkCreateSampler seen for it";
    else c = compare_sampler(chip(), s->second.info, *record, s->second.border_slot);
  } else {
    object = "object " + label;
    c.underived = std::string("a ") + amd::record_kind_name(record->kind) + " record on VkObjectType " +
                  std::to_string(tag.objectType);
  }
  d.tagged[tag.objectHandle] = true;
  d.report.add(record->kind, std::move(object), std::move(c));
}

VKAPI_ATTR VkResult VKAPI_CALL SetDebugUtilsObjectTagEXT(VkDevice device, const VkDebugUtilsObjectTagInfoEXT* info) {
  DeviceData* d = device_data(device);
  if (info && info->tagName == amd::kShadowRecordTag) check_record(*d, *info);
  return d->set_tag ? d->set_tag(device, info) : VK_SUCCESS;
}

// --------------------------------------------------------------------- rendering

// An attachment view rendered into in `role`: compared (or derived alone) the first time. Device lock held.
void met_attachment(DeviceData& d, uint64_t view, amd::RecordKind role) {
  if (view && d.rendered.insert(view).second) check_target(d, view, role);
}

void check_rendering(DeviceData& d, const VkRenderingInfo* info) {
  if (!info) return;
  std::lock_guard lock(d.mutex);
  for (uint32_t i = 0; i < info->colorAttachmentCount; ++i)
    met_attachment(d, handle_value(info->pColorAttachments[i].imageView), amd::RecordKind::ColorTarget);
  if (info->pDepthAttachment)
    met_attachment(d, handle_value(info->pDepthAttachment->imageView), amd::RecordKind::DepthTarget);
  if (info->pStencilAttachment)
    met_attachment(d, handle_value(info->pStencilAttachment->imageView), amd::RecordKind::DepthTarget);
}

VKAPI_ATTR void VKAPI_CALL CmdBeginRendering(VkCommandBuffer commands, const VkRenderingInfo* info) {
  DeviceData* d = device_data(commands);
  check_rendering(*d, info);
  d->begin_rendering(commands, info);
}

VKAPI_ATTR void VKAPI_CALL CmdBeginRenderingKHR(VkCommandBuffer commands, const VkRenderingInfo* info) {
  DeviceData* d = device_data(commands);
  check_rendering(*d, info);
  (d->begin_rendering_khr ? d->begin_rendering_khr : d->begin_rendering)(commands, info);
}

// Drops what the layer kept of a destroyed render pass, framebuffer or update template.
template <class Kept>
void forget(DeviceData& d, Kept& kept, uint64_t handle) {
  std::lock_guard lock(d.mutex);
  kept.erase(handle);
}

// After a create call: keeps `value` for the new object `*object` when the call succeeded.
template <class Kept, class Handle, class Value>
VkResult remember(DeviceData& d, Kept& kept, VkResult result, const Handle* object, Value value) {
  if (result == VK_SUCCESS) {
    std::lock_guard lock(d.mutex);
    kept[handle_value(*object)] = std::move(value);
  }
  return result;
}

// Render passes and framebuffers: the roles a render pass gives its attachments, the views a
// framebuffer holds (an imageless one gets them at vkCmdBeginRenderPass).

VKAPI_ATTR VkResult VKAPI_CALL CreateRenderPass(VkDevice device, const VkRenderPassCreateInfo* info,
                                                const VkAllocationCallbacks* allocator, VkRenderPass* pass) {
  DeviceData* d = device_data(device);
  return remember(*d, d->render_passes, d->create_render_pass(device, info, allocator, pass), pass,
                  attachment_roles(*info));
}

VkResult create_render_pass2(DeviceData* d, PFN_vkCreateRenderPass2 next, VkDevice device,
                             const VkRenderPassCreateInfo2* info, const VkAllocationCallbacks* allocator,
                             VkRenderPass* pass) {
  return remember(*d, d->render_passes, next(device, info, allocator, pass), pass, attachment_roles(*info));
}

VKAPI_ATTR VkResult VKAPI_CALL CreateRenderPass2(VkDevice device, const VkRenderPassCreateInfo2* info,
                                                 const VkAllocationCallbacks* allocator, VkRenderPass* pass) {
  DeviceData* d = device_data(device);
  return create_render_pass2(d, d->create_render_pass2, device, info, allocator, pass);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateRenderPass2KHR(VkDevice device, const VkRenderPassCreateInfo2* info,
                                                    const VkAllocationCallbacks* allocator, VkRenderPass* pass) {
  DeviceData* d = device_data(device);
  return create_render_pass2(d, d->create_render_pass2_khr ? d->create_render_pass2_khr : d->create_render_pass2,
                             device, info, allocator, pass);
}

VKAPI_ATTR void VKAPI_CALL DestroyRenderPass(VkDevice device, VkRenderPass pass, const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  forget(*d, d->render_passes, handle_value(pass));
  d->destroy_render_pass(device, pass, allocator);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateFramebuffer(VkDevice device, const VkFramebufferCreateInfo* info,
                                                 const VkAllocationCallbacks* allocator, VkFramebuffer* framebuffer) {
  DeviceData* d = device_data(device);
  std::vector<uint64_t> views;
  if (!(info->flags & VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT))
    for (uint32_t i = 0; i < info->attachmentCount; ++i) views.push_back(handle_value(info->pAttachments[i]));
  return remember(*d, d->framebuffers, d->create_framebuffer(device, info, allocator, framebuffer), framebuffer,
                  std::move(views));
}

VKAPI_ATTR void VKAPI_CALL DestroyFramebuffer(VkDevice device, VkFramebuffer framebuffer,
                                              const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  forget(*d, d->framebuffers, handle_value(framebuffer));
  d->destroy_framebuffer(device, framebuffer, allocator);
}

// Each attachment of the render pass rendered into, in the role its subpasses give it.
void check_render_pass(DeviceData& d, const VkRenderPassBeginInfo* info) {
  if (!info) return;
  std::lock_guard lock(d.mutex);
  const auto pass = d.render_passes.find(handle_value(info->renderPass));
  const auto framebuffer = d.framebuffers.find(handle_value(info->framebuffer));
  if (pass == d.render_passes.end() || framebuffer == d.framebuffers.end()) return;
  std::vector<uint64_t> views = framebuffer->second;
  for (auto* next = static_cast<const VkBaseInStructure*>(info->pNext); next; next = next->pNext)
    if (next->sType == VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO) {
      const auto* begin = reinterpret_cast<const VkRenderPassAttachmentBeginInfo*>(next);
      for (uint32_t i = 0; i < begin->attachmentCount; ++i) views.push_back(handle_value(begin->pAttachments[i]));
    }
  for (size_t i = 0; i < views.size() && i < pass->second.size(); ++i)
    if (pass->second[i]) met_attachment(d, views[i], *pass->second[i]);
}

VKAPI_ATTR void VKAPI_CALL CmdBeginRenderPass(VkCommandBuffer commands, const VkRenderPassBeginInfo* info,
                                              VkSubpassContents contents) {
  DeviceData* d = device_data(commands);
  check_render_pass(*d, info);
  d->begin_render_pass(commands, info, contents);
}

VKAPI_ATTR void VKAPI_CALL CmdBeginRenderPass2(VkCommandBuffer commands, const VkRenderPassBeginInfo* info,
                                               const VkSubpassBeginInfo* subpass) {
  DeviceData* d = device_data(commands);
  check_render_pass(*d, info);
  d->begin_render_pass2(commands, info, subpass);
}

VKAPI_ATTR void VKAPI_CALL CmdBeginRenderPass2KHR(VkCommandBuffer commands, const VkRenderPassBeginInfo* info,
                                                  const VkSubpassBeginInfo* subpass) {
  DeviceData* d = device_data(commands);
  check_render_pass(*d, info);
  (d->begin_render_pass2_khr ? d->begin_render_pass2_khr : d->begin_render_pass2)(commands, info, subpass);
}

// --------------------------------------------------------------------- descriptors

// What descriptor writes bind: each image view, sampler and buffer view counted in its kind, with
// whether a record was compared for it.
void count_bound(DeviceData& d, const std::vector<Bound>& bound) {
  std::lock_guard lock(d.mutex);
  for (const Bound& b : bound) d.report.add_bound(b.kind, d.tagged.count(b.handle) != 0);
}

void count_writes(DeviceData& d, uint32_t count, const VkWriteDescriptorSet* writes) {
  count_bound(d, write_bindings(count, writes));
}

void count_template_writes(DeviceData& d, VkDescriptorUpdateTemplate update, const void* data) {
  std::vector<TemplateEntry> entries;
  {
    std::lock_guard lock(d.mutex);
    const auto t = d.templates.find(handle_value(update));
    if (t == d.templates.end()) return;
    entries = t->second;
  }
  count_bound(d, template_bindings(entries, data));
}

VKAPI_ATTR void VKAPI_CALL UpdateDescriptorSets(VkDevice device, uint32_t write_count,
                                                const VkWriteDescriptorSet* writes, uint32_t copy_count,
                                                const VkCopyDescriptorSet* copies) {
  DeviceData* d = device_data(device);
  count_writes(*d, write_count, writes);
  d->update_descriptor_sets(device, write_count, writes, copy_count, copies);
}

VKAPI_ATTR void VKAPI_CALL CmdPushDescriptorSetKHR(VkCommandBuffer commands, VkPipelineBindPoint bind_point,
                                                   VkPipelineLayout layout, uint32_t set, uint32_t write_count,
                                                   const VkWriteDescriptorSet* writes) {
  DeviceData* d = device_data(commands);
  count_writes(*d, write_count, writes);
  d->push_descriptor_set(commands, bind_point, layout, set, write_count, writes);
}

VkResult create_template(DeviceData* d, PFN_vkCreateDescriptorUpdateTemplate next, VkDevice device,
                         const VkDescriptorUpdateTemplateCreateInfo* info, const VkAllocationCallbacks* allocator,
                         VkDescriptorUpdateTemplate* update) {
  return remember(*d, d->templates, next(device, info, allocator, update), update, template_entries(*info));
}

VKAPI_ATTR VkResult VKAPI_CALL CreateDescriptorUpdateTemplate(VkDevice device,
                                                              const VkDescriptorUpdateTemplateCreateInfo* info,
                                                              const VkAllocationCallbacks* allocator,
                                                              VkDescriptorUpdateTemplate* update) {
  DeviceData* d = device_data(device);
  return create_template(d, d->create_template, device, info, allocator, update);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateDescriptorUpdateTemplateKHR(VkDevice device,
                                                                 const VkDescriptorUpdateTemplateCreateInfo* info,
                                                                 const VkAllocationCallbacks* allocator,
                                                                 VkDescriptorUpdateTemplate* update) {
  DeviceData* d = device_data(device);
  return create_template(d, d->create_template_khr ? d->create_template_khr : d->create_template, device, info,
                         allocator, update);
}

VKAPI_ATTR void VKAPI_CALL DestroyDescriptorUpdateTemplate(VkDevice device, VkDescriptorUpdateTemplate update,
                                                           const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  forget(*d, d->templates, handle_value(update));
  d->destroy_template(device, update, allocator);
}

VKAPI_ATTR void VKAPI_CALL DestroyDescriptorUpdateTemplateKHR(VkDevice device, VkDescriptorUpdateTemplate update,
                                                              const VkAllocationCallbacks* allocator) {
  DeviceData* d = device_data(device);
  forget(*d, d->templates, handle_value(update));
  (d->destroy_template_khr ? d->destroy_template_khr : d->destroy_template)(device, update, allocator);
}

VKAPI_ATTR void VKAPI_CALL UpdateDescriptorSetWithTemplate(VkDevice device, VkDescriptorSet set,
                                                           VkDescriptorUpdateTemplate update, const void* data) {
  DeviceData* d = device_data(device);
  count_template_writes(*d, update, data);
  d->update_with_template(device, set, update, data);
}

VKAPI_ATTR void VKAPI_CALL UpdateDescriptorSetWithTemplateKHR(VkDevice device, VkDescriptorSet set,
                                                              VkDescriptorUpdateTemplate update, const void* data) {
  DeviceData* d = device_data(device);
  count_template_writes(*d, update, data);
  (d->update_with_template_khr ? d->update_with_template_khr : d->update_with_template)(device, set, update, data);
}

VKAPI_ATTR void VKAPI_CALL CmdPushDescriptorSetWithTemplateKHR(VkCommandBuffer commands,
                                                               VkDescriptorUpdateTemplate update,
                                                               VkPipelineLayout layout, uint32_t set,
                                                               const void* data) {
  DeviceData* d = device_data(commands);
  count_template_writes(*d, update, data);
  d->push_with_template(commands, update, layout, set, data);
}

// --------------------------------------------------------------------- lookup

PFN_vkVoidFunction device_function(const char* name) {
#define GLVK_HOOK(fn) \
  if (std::strcmp(name, "vk" #fn) == 0) return reinterpret_cast<PFN_vkVoidFunction>(&fn);
  GLVK_HOOK(DestroyDevice)
  GLVK_HOOK(CreateImage)
  GLVK_HOOK(DestroyImage)
  GLVK_HOOK(CreateImageView)
  GLVK_HOOK(DestroyImageView)
  GLVK_HOOK(CreateBufferView)
  GLVK_HOOK(DestroyBufferView)
  GLVK_HOOK(CreateSampler)
  GLVK_HOOK(DestroySampler)
  GLVK_HOOK(SetDebugUtilsObjectTagEXT)
  GLVK_HOOK(UpdateDescriptorSets)
  GLVK_HOOK(CreateRenderPass)
  GLVK_HOOK(DestroyRenderPass)
  GLVK_HOOK(CreateFramebuffer)
  GLVK_HOOK(DestroyFramebuffer)
  GLVK_HOOK(CmdBeginRenderPass)
#undef GLVK_HOOK
  return nullptr;
}

// Extension and Vulkan 1.3 commands: hooked only where the device has them (a layer must not hand
// out an entry point the driver lacks).
PFN_vkVoidFunction device_extension_function(const char* name) {
#define GLVK_HOOK(fn) \
  if (std::strcmp(name, "vk" #fn) == 0) return reinterpret_cast<PFN_vkVoidFunction>(&fn);
  GLVK_HOOK(CmdBeginRendering)
  GLVK_HOOK(CmdBeginRenderingKHR)
  GLVK_HOOK(CmdPushDescriptorSetKHR)
  GLVK_HOOK(CreateRenderPass2)
  GLVK_HOOK(CreateRenderPass2KHR)
  GLVK_HOOK(CmdBeginRenderPass2)
  GLVK_HOOK(CmdBeginRenderPass2KHR)
  GLVK_HOOK(CreateDescriptorUpdateTemplate)
  GLVK_HOOK(CreateDescriptorUpdateTemplateKHR)
  GLVK_HOOK(DestroyDescriptorUpdateTemplate)
  GLVK_HOOK(DestroyDescriptorUpdateTemplateKHR)
  GLVK_HOOK(UpdateDescriptorSetWithTemplate)
  GLVK_HOOK(UpdateDescriptorSetWithTemplateKHR)
  GLVK_HOOK(CmdPushDescriptorSetWithTemplateKHR)
#undef GLVK_HOOK
  return nullptr;
}

}  // namespace
}  // namespace glvk::shadow_check

using namespace glvk::shadow_check;

GLVK_LAYER_EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL vkGetDeviceProcAddr(VkDevice device, const char* name) {
  if (std::strcmp(name, "vkGetDeviceProcAddr") == 0) return reinterpret_cast<PFN_vkVoidFunction>(&vkGetDeviceProcAddr);
  if (PFN_vkVoidFunction f = device_function(name)) return f;
  DeviceData* d = device_data(device);
  if (!d) return nullptr;
  const PFN_vkVoidFunction next = d->gdpa(device, name);
  if (PFN_vkVoidFunction f = device_extension_function(name); f && next) return f;
  return next;
}

GLVK_LAYER_EXPORT VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL vkGetInstanceProcAddr(VkInstance instance,
                                                                                  const char* name) {
  if (std::strcmp(name, "vkGetInstanceProcAddr") == 0)
    return reinterpret_cast<PFN_vkVoidFunction>(&vkGetInstanceProcAddr);
  if (std::strcmp(name, "vkGetDeviceProcAddr") == 0) return reinterpret_cast<PFN_vkVoidFunction>(&vkGetDeviceProcAddr);
  if (std::strcmp(name, "vkCreateInstance") == 0) return reinterpret_cast<PFN_vkVoidFunction>(&CreateInstance);
  if (std::strcmp(name, "vkDestroyInstance") == 0) return reinterpret_cast<PFN_vkVoidFunction>(&DestroyInstance);
  if (std::strcmp(name, "vkCreateDevice") == 0) return reinterpret_cast<PFN_vkVoidFunction>(&CreateDevice);
  if (PFN_vkVoidFunction f = device_function(name)) return f;
  if (!instance) return nullptr;
  InstanceData* data = instance_data(instance);
  return data ? data->gipa(instance, name) : nullptr;
}

GLVK_LAYER_EXPORT VKAPI_ATTR VkResult VKAPI_CALL
vkNegotiateLoaderLayerInterfaceVersion(VkNegotiateLayerInterface* version) {
  if (!version || version->sType != LAYER_NEGOTIATE_INTERFACE_STRUCT) return VK_ERROR_INITIALIZATION_FAILED;
  if (version->loaderLayerInterfaceVersion > 2) version->loaderLayerInterfaceVersion = 2;
  if (version->loaderLayerInterfaceVersion < 2) return VK_ERROR_INITIALIZATION_FAILED;
  version->pfnGetInstanceProcAddr = &vkGetInstanceProcAddr;
  version->pfnGetDeviceProcAddr = &vkGetDeviceProcAddr;
  version->pfnGetPhysicalDeviceProcAddr = nullptr;
  return VK_SUCCESS;
}
