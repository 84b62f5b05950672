// A Vulkan application other than glvk under VK_LAYER_GLVK_shadow_check (issue 17 items 1 and 2):
// it renders through a render pass with a framebuffer, through a VkRenderPass2 with an imageless
// framebuffer, and writes a combined image sampler through a descriptor update template - the
// paths glvk itself never takes. It tags some objects with shadow records the way glvk would (built
// from the RADV-view derivation, one of them with a bit flipped) and leaves others untagged. The
// layer is enabled by name (VK_ADD_LAYER_PATH finds it), with the Khronos validation layer when the
// first argument is "--validation"; any validation error makes the exit status 1.
// What the layer made of it is in the GLVK_SHADOW_REPORT JSON (shadow_check_layer_test.cpp).
// The loader is opened through volk, as glvk does: linked into the program, libvulkan's exported
// vkCreateInstance takes the place of the validation layer's own (a deadlock in the loader).
#include <volk.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "checker.h"

namespace {

using glvk::shadow_check::ImageInfo;
namespace amd = glvk::amd;

int g_validation_errors = 0;

VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                          VkDebugUtilsMessageTypeFlagsEXT, const VkDebugUtilsMessengerCallbackDataEXT* data,
                                          void*) {
  if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
    ++g_validation_errors;
    std::fprintf(stderr, "validation: %s\n", data->pMessage);
  }
  return VK_FALSE;
}

void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) {
    std::fprintf(stderr, "%s failed: %d\n", what, r);
    std::exit(2);
  }
}

struct App {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  PFN_vkSetDebugUtilsObjectTagEXT set_tag = nullptr;
  std::vector<VkDeviceMemory> memories;
  std::vector<VkImage> images;
  std::vector<VkImageView> views;

  // An optimal 2D image with memory bound, and a whole-image view of it.
  VkImageView image_and_view(ImageInfo& info, VkImageUsageFlags usage, VkImageAspectFlags aspect, VkImage* out = nullptr) {
    // A format list of the image's own format, as an imageless framebuffer's attachment info names it.
    VkImageFormatListCreateInfo list{VK_STRUCTURE_TYPE_IMAGE_FORMAT_LIST_CREATE_INFO};
    list.viewFormatCount = 1;
    list.pViewFormats = &info.format;
    VkImageCreateInfo ci{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, &list};
    ci.imageType = VK_IMAGE_TYPE_2D;
    ci.format = info.format;
    ci.extent = info.extent;
    ci.mipLevels = 1;
    ci.arrayLayers = 1;
    ci.samples = VK_SAMPLE_COUNT_1_BIT;
    ci.tiling = VK_IMAGE_TILING_OPTIMAL;
    ci.usage = usage;
    VkImage image;
    check(vkCreateImage(device, &ci, nullptr, &image), "vkCreateImage");
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(device, image, &req);
    VkPhysicalDeviceMemoryProperties props;
    vkGetPhysicalDeviceMemoryProperties(physical, &props);
    VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    ai.allocationSize = req.size;
    while (!(req.memoryTypeBits & (1u << ai.memoryTypeIndex))) ++ai.memoryTypeIndex;
    VkDeviceMemory memory;
    check(vkAllocateMemory(device, &ai, nullptr, &memory), "vkAllocateMemory");
    check(vkBindImageMemory(device, image, memory, 0), "vkBindImageMemory");
    VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    vi.image = image;
    vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
    vi.format = info.format;
    vi.subresourceRange = {aspect, 0, 1, 0, 1};
    VkImageView view;
    check(vkCreateImageView(device, &vi, nullptr, &view), "vkCreateImageView");
    memories.push_back(memory);
    images.push_back(image);
    views.push_back(view);
    if (out) *out = image;
    return view;
  }

  void tag(VkObjectType type, uint64_t handle, const amd::ShadowRecord& record) {
    const std::vector<uint8_t> bytes = amd::serialize_record(record);
    VkDebugUtilsObjectTagInfoEXT t{VK_STRUCTURE_TYPE_DEBUG_UTILS_OBJECT_TAG_INFO_EXT};
    t.objectType = type;
    t.objectHandle = handle;
    t.tagName = amd::kShadowRecordTag;
    t.tagSize = bytes.size();
    t.pTag = bytes.data();
    check(set_tag(device, &t), "vkSetDebugUtilsObjectTagEXT");
  }

  // The colour target record radeonsi would attach, from the RADV-view derivation; `flip` XORs the
  // value of register `index`.
  void tag_colour_target(const ImageInfo& image, VkImageView view, size_t index = 0, uint32_t flip = 0) {
    const amd::VkImageViewDesc desc{image.format, {}, VK_IMAGE_VIEW_TYPE_2D, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
    const auto derived = glvk::shadow_check::derive_target_registers(*amd::find_chip("tonga"), image, desc, 0x100000);
    if (!derived) std::exit(3);
    amd::ShadowRecord record;
    record.kind = derived->kind;
    record.va = 0x100000;
    record.registers = derived->registers;
    record.registers.at(index).value ^= flip;
    tag(VK_OBJECT_TYPE_IMAGE_VIEW, reinterpret_cast<uint64_t>(view), record);
  }
};

}  // namespace

int main(int argc, char** argv) {
  const bool validation = argc > 1 && std::strcmp(argv[1], "--validation") == 0;
  App app;
  check(volkInitialize(), "volkInitialize");
  VkApplicationInfo application{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  application.apiVersion = VK_API_VERSION_1_2;
  std::vector<const char*> layers;
  if (validation) layers.push_back("VK_LAYER_KHRONOS_validation");
  layers.push_back("VK_LAYER_GLVK_shadow_check");
  const char* extensions[] = {VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
  VkDebugUtilsMessengerCreateInfoEXT messenger{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messenger.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT;
  messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT;
  messenger.pfnUserCallback = on_message;
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pNext = &messenger;
  ici.pApplicationInfo = &application;
  ici.enabledLayerCount = uint32_t(layers.size());
  ici.ppEnabledLayerNames = layers.data();
  ici.enabledExtensionCount = 1;
  ici.ppEnabledExtensionNames = extensions;
  check(vkCreateInstance(&ici, nullptr, &app.instance), "vkCreateInstance");
  volkLoadInstance(app.instance);
  VkDebugUtilsMessengerEXT messenger_handle = VK_NULL_HANDLE;
  const auto create_messenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(app.instance, "vkCreateDebugUtilsMessengerEXT"));
  const auto destroy_messenger = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(app.instance, "vkDestroyDebugUtilsMessengerEXT"));
  if (!create_messenger || !destroy_messenger) return 2;
  check(create_messenger(app.instance, &messenger, nullptr, &messenger_handle), "vkCreateDebugUtilsMessengerEXT");
  uint32_t count = 1;
  if (vkEnumeratePhysicalDevices(app.instance, &count, &app.physical) < 0 || count == 0) return 2;

  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue.queueCount = 1;
  queue.pQueuePriorities = &priority;
  VkPhysicalDeviceVulkan12Features features12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  features12.imagelessFramebuffer = VK_TRUE;
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  dci.pNext = &features12;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &queue;
  check(vkCreateDevice(app.physical, &dci, nullptr, &app.device), "vkCreateDevice");
  volkLoadDevice(app.device);
  const VkDevice device = app.device;
  app.set_tag = reinterpret_cast<PFN_vkSetDebugUtilsObjectTagEXT>(vkGetDeviceProcAddr(device, "vkSetDebugUtilsObjectTagEXT"));
  if (!app.set_tag) return 2;

  // Render pass 1 (vkCreateRenderPass, a framebuffer with its views): colour A tagged with the
  // record radeonsi would attach, depth D untagged.
  ImageInfo colour_a{VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, {64, 64, 1}};
  ImageInfo depth{VK_IMAGE_TYPE_2D, VK_FORMAT_D32_SFLOAT, {64, 64, 1}};
  const VkImageView view_a = app.image_and_view(
      colour_a, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, VK_IMAGE_ASPECT_COLOR_BIT);
  const VkImageView view_d =
      app.image_and_view(depth, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, VK_IMAGE_ASPECT_DEPTH_BIT);
  app.tag_colour_target(colour_a, view_a);

  VkAttachmentDescription attachments[2] = {};
  attachments[0].format = colour_a.format;
  attachments[1].format = depth.format;
  for (VkAttachmentDescription& a : attachments) {
    a.samples = VK_SAMPLE_COUNT_1_BIT;
    a.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    a.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    a.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  }
  attachments[0].finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  attachments[1].finalLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
  const VkAttachmentReference colour_ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  const VkAttachmentReference depth_ref{1, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &colour_ref;
  subpass.pDepthStencilAttachment = &depth_ref;
  VkRenderPassCreateInfo rpi{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  rpi.attachmentCount = 2;
  rpi.pAttachments = attachments;
  rpi.subpassCount = 1;
  rpi.pSubpasses = &subpass;
  VkRenderPass pass1;
  check(vkCreateRenderPass(device, &rpi, nullptr, &pass1), "vkCreateRenderPass");
  const VkImageView fb1_views[2] = {view_a, view_d};
  VkFramebufferCreateInfo fbi{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  fbi.renderPass = pass1;
  fbi.attachmentCount = 2;
  fbi.pAttachments = fb1_views;
  fbi.width = fbi.height = 64;
  fbi.layers = 1;
  VkFramebuffer fb1;
  check(vkCreateFramebuffer(device, &fbi, nullptr, &fb1), "vkCreateFramebuffer");

  // Render pass 2 (vkCreateRenderPass2, an imageless framebuffer): colour B with a record whose
  // CB_COLOR0_INFO.FORMAT lowest bit (register 4, bit 2: sid.h S_028C70_FORMAT) is flipped, colour
  // C untagged.
  ImageInfo colour_b{VK_IMAGE_TYPE_2D, VK_FORMAT_R8G8B8A8_UNORM, {32, 32, 1}};
  ImageInfo colour_c = colour_b;
  const VkImageView view_b = app.image_and_view(colour_b, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_IMAGE_ASPECT_COLOR_BIT);
  const VkImageView view_c = app.image_and_view(colour_c, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_IMAGE_ASPECT_COLOR_BIT);
  app.tag_colour_target(colour_b, view_b, 4, 1u << 2);
  VkAttachmentDescription2 attachments2[2] = {};
  VkAttachmentReference2 refs2[2] = {};
  for (uint32_t i = 0; i < 2; ++i) {
    attachments2[i].sType = VK_STRUCTURE_TYPE_ATTACHMENT_DESCRIPTION_2;
    attachments2[i].format = colour_b.format;
    attachments2[i].samples = VK_SAMPLE_COUNT_1_BIT;
    attachments2[i].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    attachments2[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    attachments2[i].stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
    attachments2[i].stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
    attachments2[i].finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    refs2[i] = {VK_STRUCTURE_TYPE_ATTACHMENT_REFERENCE_2, nullptr, i, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                VK_IMAGE_ASPECT_COLOR_BIT};
  }
  VkSubpassDescription2 subpass2{VK_STRUCTURE_TYPE_SUBPASS_DESCRIPTION_2};
  subpass2.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass2.colorAttachmentCount = 2;
  subpass2.pColorAttachments = refs2;
  VkRenderPassCreateInfo2 rpi2{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO_2};
  rpi2.attachmentCount = 2;
  rpi2.pAttachments = attachments2;
  rpi2.subpassCount = 1;
  rpi2.pSubpasses = &subpass2;
  VkRenderPass pass2;
  check(vkCreateRenderPass2(device, &rpi2, nullptr, &pass2), "vkCreateRenderPass2");
  VkFramebufferAttachmentImageInfo image_infos[2] = {};
  for (VkFramebufferAttachmentImageInfo& ii : image_infos) {
    ii.sType = VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENT_IMAGE_INFO;
    ii.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    ii.width = ii.height = 32;
    ii.layerCount = 1;
    ii.viewFormatCount = 1;
    ii.pViewFormats = &colour_b.format;
  }
  VkFramebufferAttachmentsCreateInfo fb_attachments{VK_STRUCTURE_TYPE_FRAMEBUFFER_ATTACHMENTS_CREATE_INFO};
  fb_attachments.attachmentImageInfoCount = 2;
  fb_attachments.pAttachmentImageInfos = image_infos;
  VkFramebufferCreateInfo fbi2{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO, &fb_attachments};
  fbi2.flags = VK_FRAMEBUFFER_CREATE_IMAGELESS_BIT;
  fbi2.renderPass = pass2;
  fbi2.attachmentCount = 2;
  fbi2.width = fbi2.height = 32;
  fbi2.layers = 1;
  VkFramebuffer fb2;
  check(vkCreateFramebuffer(device, &fbi2, nullptr, &fb2), "vkCreateFramebuffer (imageless)");

  VkCommandPoolCreateInfo cpi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  VkCommandPool pool;
  check(vkCreateCommandPool(device, &cpi, nullptr, &pool), "vkCreateCommandPool");
  VkCommandBufferAllocateInfo cbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbi.commandPool = pool;
  cbi.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbi.commandBufferCount = 1;
  VkCommandBuffer commands;
  check(vkAllocateCommandBuffers(device, &cbi, &commands), "vkAllocateCommandBuffers");
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  check(vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer");
  VkClearValue clears[2] = {};
  clears[1].depthStencil = {1.0f, 0};
  VkRenderPassBeginInfo rbi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  rbi.renderPass = pass1;
  rbi.framebuffer = fb1;
  rbi.renderArea = {{0, 0}, {64, 64}};
  rbi.clearValueCount = 2;
  rbi.pClearValues = clears;
  vkCmdBeginRenderPass(commands, &rbi, VK_SUBPASS_CONTENTS_INLINE);
  vkCmdEndRenderPass(commands);
  const VkImageView fb2_views[2] = {view_b, view_c};
  VkRenderPassAttachmentBeginInfo attachment_begin{VK_STRUCTURE_TYPE_RENDER_PASS_ATTACHMENT_BEGIN_INFO};
  attachment_begin.attachmentCount = 2;
  attachment_begin.pAttachments = fb2_views;
  VkRenderPassBeginInfo rbi2{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO, &attachment_begin};
  rbi2.renderPass = pass2;
  rbi2.framebuffer = fb2;
  rbi2.renderArea = {{0, 0}, {32, 32}};
  rbi2.clearValueCount = 2;
  rbi2.pClearValues = clears;
  VkSubpassBeginInfo subpass_begin{VK_STRUCTURE_TYPE_SUBPASS_BEGIN_INFO};
  subpass_begin.contents = VK_SUBPASS_CONTENTS_INLINE;
  VkSubpassEndInfo subpass_end{VK_STRUCTURE_TYPE_SUBPASS_END_INFO};
  vkCmdBeginRenderPass2(commands, &rbi2, &subpass_begin);
  vkCmdEndRenderPass2(commands, &subpass_end);
  check(vkEndCommandBuffer(commands), "vkEndCommandBuffer");

  // A combined image sampler written through a descriptor update template: the sampler tagged
  // with its RADV-view words (identical), a sampled view of A untagged.
  VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  si.magFilter = si.minFilter = VK_FILTER_LINEAR;
  si.maxLod = 4.0f;
  VkSampler sampler;
  check(vkCreateSampler(device, &si, nullptr, &sampler), "vkCreateSampler");
  const auto words = glvk::shadow_check::derive_sampler_descriptor(*amd::find_chip("tonga"), si);
  if (!words) return 3;
  amd::ShadowRecord sampler_record;
  sampler_record.kind = amd::RecordKind::Sampler;
  sampler_record.words.assign(words->begin(), words->end());
  app.tag(VK_OBJECT_TYPE_SAMPLER, reinterpret_cast<uint64_t>(sampler), sampler_record);
  VkImageViewCreateInfo svi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  svi.image = app.images[0];
  svi.viewType = VK_IMAGE_VIEW_TYPE_2D;
  svi.format = colour_a.format;
  svi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  VkImageView sampled;
  check(vkCreateImageView(device, &svi, nullptr, &sampled), "vkCreateImageView (sampled)");
  const VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
                                             nullptr};
  VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  li.bindingCount = 1;
  li.pBindings = &binding;
  VkDescriptorSetLayout set_layout;
  check(vkCreateDescriptorSetLayout(device, &li, nullptr, &set_layout), "vkCreateDescriptorSetLayout");
  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
  VkDescriptorPoolCreateInfo dpi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpi.maxSets = 1;
  dpi.poolSizeCount = 1;
  dpi.pPoolSizes = &size;
  VkDescriptorPool descriptor_pool;
  check(vkCreateDescriptorPool(device, &dpi, nullptr, &descriptor_pool), "vkCreateDescriptorPool");
  VkDescriptorSetAllocateInfo dsi{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dsi.descriptorPool = descriptor_pool;
  dsi.descriptorSetCount = 1;
  dsi.pSetLayouts = &set_layout;
  VkDescriptorSet set;
  check(vkAllocateDescriptorSets(device, &dsi, &set), "vkAllocateDescriptorSets");
  struct {
    uint32_t padding[2];  // the entry's offset is not 0
    VkDescriptorImageInfo image;
  } data{{0, 0}, {sampler, sampled, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL}};
  const VkDescriptorUpdateTemplateEntry entry{0, 0, 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                                              offsetof(decltype(data), image), sizeof(VkDescriptorImageInfo)};
  VkDescriptorUpdateTemplateCreateInfo ti{VK_STRUCTURE_TYPE_DESCRIPTOR_UPDATE_TEMPLATE_CREATE_INFO};
  ti.descriptorUpdateEntryCount = 1;
  ti.pDescriptorUpdateEntries = &entry;
  ti.templateType = VK_DESCRIPTOR_UPDATE_TEMPLATE_TYPE_DESCRIPTOR_SET;
  ti.descriptorSetLayout = set_layout;
  VkDescriptorUpdateTemplate update;
  check(vkCreateDescriptorUpdateTemplate(device, &ti, nullptr, &update), "vkCreateDescriptorUpdateTemplate");
  vkUpdateDescriptorSetWithTemplate(device, set, update, &data);

  vkDestroyDescriptorUpdateTemplate(device, update, nullptr);
  vkDestroyDescriptorPool(device, descriptor_pool, nullptr);
  vkDestroyDescriptorSetLayout(device, set_layout, nullptr);
  vkDestroyImageView(device, sampled, nullptr);
  vkDestroySampler(device, sampler, nullptr);
  vkDestroyCommandPool(device, pool, nullptr);
  vkDestroyFramebuffer(device, fb2, nullptr);
  vkDestroyFramebuffer(device, fb1, nullptr);
  vkDestroyRenderPass(device, pass2, nullptr);
  vkDestroyRenderPass(device, pass1, nullptr);
  for (VkImageView v : app.views) vkDestroyImageView(device, v, nullptr);
  for (VkImage i : app.images) vkDestroyImage(device, i, nullptr);
  for (VkDeviceMemory m : app.memories) vkFreeMemory(device, m, nullptr);
  vkDestroyDevice(device, nullptr);
  destroy_messenger(app.instance, messenger_handle, nullptr);
  vkDestroyInstance(app.instance, nullptr);
  return g_validation_errors ? 1 : 0;
}
