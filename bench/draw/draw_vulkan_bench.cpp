// The ceiling for draw_bench: the same draws through plain Vulkan 1.3 on the same device (the CPU
// device, lavapipe, unless DRAW_BENCH_DEVICE names another by substring). Same 512x512 RGBA8
// target, same shaders (shaders/, compiled to SPIR-V at build time), the per-draw uniform data as
// push constants, the texture change as a descriptor-set bind, the blend change as a pipeline bind.
// A frame is recorded anew each time (begin, dynamic rendering with a clear, the draws, end) and
// ends with a submit and a fence wait, as glFinish ends a GL frame.
#include <vulkan/vulkan.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "color_frag.h"
#include "draw_scene.h"
#include "quad_vert.h"
#include "textured_frag.h"

namespace {

using namespace draw_scene;

int failures = 0;

void check(VkResult result, const char* what) {
  if (result != VK_SUCCESS) throw std::runtime_error(std::string(what) + " failed with VkResult " + std::to_string(result));
}

struct Allocation {
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
};

class Bench {
 public:
  Bench();
  void frame(Case c);
  std::vector<std::uint8_t> read_back();
  std::string device_name() const { return properties_.deviceName; }

 private:
  Allocation allocate(VkMemoryRequirements requirements, VkMemoryPropertyFlags flags);
  VkBuffer make_buffer(VkDeviceSize size, VkBufferUsageFlags usage, Allocation& memory);
  VkImage make_image(std::uint32_t width, std::uint32_t height, VkImageUsageFlags usage);
  VkImageView make_view(VkImage image);
  VkShaderModule module(const std::uint32_t* code, std::size_t bytes);
  VkPipeline make_pipeline(VkShaderModule fragment, bool additive);
  void begin();
  void submit_and_wait();
  void barrier(VkImage image, VkImageLayout from, VkImageLayout to, VkPipelineStageFlags2 src_stage,
               VkAccessFlags2 src_access, VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access);

  VkInstance instance_ = VK_NULL_HANDLE;
  VkPhysicalDevice physical_ = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties_{};
  VkDevice device_ = VK_NULL_HANDLE;
  VkQueue queue_ = VK_NULL_HANDLE;
  std::uint32_t family_ = 0;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkCommandBuffer commands_ = VK_NULL_HANDLE;
  VkFence fence_ = VK_NULL_HANDLE;
  VkImage target_ = VK_NULL_HANDLE;
  VkImageView target_view_ = VK_NULL_HANDLE;
  VkImage textures_[2]{};
  VkImageView texture_views_[2]{};
  VkSampler sampler_ = VK_NULL_HANDLE;
  VkDescriptorSet sets_[2]{};
  VkPipelineLayout layout_ = VK_NULL_HANDLE;
  VkPipeline plain_ = VK_NULL_HANDLE, additive_ = VK_NULL_HANDLE, textured_ = VK_NULL_HANDLE;
  VkBuffer quad_ = VK_NULL_HANDLE, mesh_ = VK_NULL_HANDLE, readback_ = VK_NULL_HANDLE;
  Allocation readback_memory_;
  std::vector<Params> cells_;
};

Bench::Bench() {
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "draw_vulkan_bench";
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo instance_info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  instance_info.pApplicationInfo = &app;
  check(vkCreateInstance(&instance_info, nullptr, &instance_), "vkCreateInstance");

  std::uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance_, &count, nullptr);
  std::vector<VkPhysicalDevice> physicals(count);
  vkEnumeratePhysicalDevices(instance_, &count, physicals.data());
  const char* wanted = std::getenv("DRAW_BENCH_DEVICE");
  for (VkPhysicalDevice p : physicals) {
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(p, &props);
    const bool match = wanted ? std::strstr(props.deviceName, wanted) != nullptr
                              : props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
    if (match && props.apiVersion >= VK_API_VERSION_1_3) {
      physical_ = p;
      properties_ = props;
      break;
    }
  }
  if (!physical_) throw std::runtime_error("no Vulkan 1.3 device (CPU type, or DRAW_BENCH_DEVICE)");

  vkGetPhysicalDeviceQueueFamilyProperties(physical_, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vkGetPhysicalDeviceQueueFamilyProperties(physical_, &count, families.data());
  while (family_ < count && !(families[family_].queueFlags & VK_QUEUE_GRAPHICS_BIT)) ++family_;
  const float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queue_info.queueFamilyIndex = family_;
  queue_info.queueCount = 1;
  queue_info.pQueuePriorities = &priority;
  VkPhysicalDeviceVulkan13Features features13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  features13.dynamicRendering = VK_TRUE;
  features13.synchronization2 = VK_TRUE;
  VkDeviceCreateInfo device_info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &features13};
  device_info.queueCreateInfoCount = 1;
  device_info.pQueueCreateInfos = &queue_info;
  check(vkCreateDevice(physical_, &device_info, nullptr, &device_), "vkCreateDevice");
  vkGetDeviceQueue(device_, family_, 0, &queue_);

  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.queueFamilyIndex = family_;
  check(vkCreateCommandPool(device_, &pool_info, nullptr, &pool_), "vkCreateCommandPool");
  VkCommandBufferAllocateInfo command_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  command_info.commandPool = pool_;
  command_info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  command_info.commandBufferCount = 1;
  check(vkAllocateCommandBuffers(device_, &command_info, &commands_), "vkAllocateCommandBuffers");
  VkFenceCreateInfo fence_info{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  check(vkCreateFence(device_, &fence_info, nullptr, &fence_), "vkCreateFence");

  // The target, the two 4x4 textures (filled from a buffer) and the vertex data.
  target_ = make_image(kSize, kSize, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
  target_view_ = make_view(target_);
  readback_ = make_buffer(VkDeviceSize(kSize) * kSize * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, readback_memory_);
  Allocation texel_memory, quad_memory, mesh_memory;
  VkBuffer texels = make_buffer(2 * 16 * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, texel_memory);
  for (int i = 0; i < 2; ++i)
    for (int t = 0; t < 16; ++t)
      std::memcpy(static_cast<std::uint8_t*>(texel_memory.mapped) + (i * 16 + t) * 4, (i ? kTexelOdd : kTexelEven).data(), 4);
  begin();
  for (int i = 0; i < 2; ++i) {
    textures_[i] = make_image(4, 4, VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT);
    texture_views_[i] = make_view(textures_[i]);
    barrier(textures_[i], VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_NONE, 0,
            VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    VkBufferImageCopy region{};
    region.bufferOffset = VkDeviceSize(i) * 64;
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {4, 4, 1};
    vkCmdCopyBufferToImage(commands_, texels, textures_[i], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    barrier(textures_[i], VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
            VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
            VK_ACCESS_2_SHADER_SAMPLED_READ_BIT);
  }
  submit_and_wait();
  vkDestroyBuffer(device_, texels, nullptr);
  quad_ = make_buffer(sizeof kQuad, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, quad_memory);
  std::memcpy(quad_memory.mapped, kQuad, sizeof kQuad);
  const std::vector<float> mesh = mesh_vertices();
  mesh_ = make_buffer(mesh.size() * sizeof(float), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, mesh_memory);
  std::memcpy(mesh_memory.mapped, mesh.data(), mesh.size() * sizeof(float));

  // Descriptors: one set per texture.
  VkSamplerCreateInfo sampler_info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  sampler_info.magFilter = sampler_info.minFilter = VK_FILTER_NEAREST;
  sampler_info.maxLod = 0.25f;
  check(vkCreateSampler(device_, &sampler_info, nullptr, &sampler_), "vkCreateSampler");
  VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
                                       nullptr};
  VkDescriptorSetLayoutCreateInfo set_layout_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  set_layout_info.bindingCount = 1;
  set_layout_info.pBindings = &binding;
  VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;
  check(vkCreateDescriptorSetLayout(device_, &set_layout_info, nullptr, &set_layout), "vkCreateDescriptorSetLayout");
  VkDescriptorPoolSize pool_size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2};
  VkDescriptorPoolCreateInfo descriptor_pool_info{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  descriptor_pool_info.maxSets = 2;
  descriptor_pool_info.poolSizeCount = 1;
  descriptor_pool_info.pPoolSizes = &pool_size;
  VkDescriptorPool descriptor_pool = VK_NULL_HANDLE;
  check(vkCreateDescriptorPool(device_, &descriptor_pool_info, nullptr, &descriptor_pool), "vkCreateDescriptorPool");
  const VkDescriptorSetLayout set_layouts[2] = {set_layout, set_layout};
  VkDescriptorSetAllocateInfo set_info{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  set_info.descriptorPool = descriptor_pool;
  set_info.descriptorSetCount = 2;
  set_info.pSetLayouts = set_layouts;
  check(vkAllocateDescriptorSets(device_, &set_info, sets_), "vkAllocateDescriptorSets");
  for (int i = 0; i < 2; ++i) {
    VkDescriptorImageInfo image{sampler_, texture_views_[i], VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    write.dstSet = sets_[i];
    write.descriptorCount = 1;
    write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    write.pImageInfo = &image;
    vkUpdateDescriptorSets(device_, 1, &write, 0, nullptr);
  }

  // One layout (the set, 32 bytes of push constants) for the three pipelines.
  VkPushConstantRange push{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(Params)};
  VkPipelineLayoutCreateInfo layout_info{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout_info.setLayoutCount = 1;
  layout_info.pSetLayouts = &set_layout;
  layout_info.pushConstantRangeCount = 1;
  layout_info.pPushConstantRanges = &push;
  check(vkCreatePipelineLayout(device_, &layout_info, nullptr, &layout_), "vkCreatePipelineLayout");
  const VkShaderModule color = module(color_frag, sizeof color_frag);
  plain_ = make_pipeline(color, false);
  additive_ = make_pipeline(color, true);
  textured_ = make_pipeline(module(textured_frag, sizeof textured_frag), false);
  for (int i = 0; i < kDraws; ++i) cells_.push_back(cell_params(i));
}

Allocation Bench::allocate(VkMemoryRequirements requirements, VkMemoryPropertyFlags flags) {
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(physical_, &memory);
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    if (!(requirements.memoryTypeBits & (1u << i)) || (memory.memoryTypes[i].propertyFlags & flags) != flags) continue;
    VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.allocationSize = requirements.size;
    info.memoryTypeIndex = i;
    Allocation a;
    check(vkAllocateMemory(device_, &info, nullptr, &a.memory), "vkAllocateMemory");
    if (flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)
      check(vkMapMemory(device_, a.memory, 0, VK_WHOLE_SIZE, 0, &a.mapped), "vkMapMemory");
    return a;
  }
  throw std::runtime_error("no suitable memory type");
}

VkBuffer Bench::make_buffer(VkDeviceSize size, VkBufferUsageFlags usage, Allocation& memory) {
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  VkBuffer buffer = VK_NULL_HANDLE;
  check(vkCreateBuffer(device_, &info, nullptr, &buffer), "vkCreateBuffer");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device_, buffer, &requirements);
  memory = allocate(requirements, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  check(vkBindBufferMemory(device_, buffer, memory.memory, 0), "vkBindBufferMemory");
  return buffer;
}

VkImage Bench::make_image(std::uint32_t width, std::uint32_t height, VkImageUsageFlags usage) {
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = VK_FORMAT_R8G8B8A8_UNORM;
  info.extent = {width, height, 1};
  info.mipLevels = info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = usage;
  VkImage image = VK_NULL_HANDLE;
  check(vkCreateImage(device_, &info, nullptr, &image), "vkCreateImage");
  VkMemoryRequirements requirements;
  vkGetImageMemoryRequirements(device_, image, &requirements);
  check(vkBindImageMemory(device_, image, allocate(requirements, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT).memory, 0),
        "vkBindImageMemory");
  return image;
}

VkImageView Bench::make_view(VkImage image) {
  VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  info.image = image;
  info.viewType = VK_IMAGE_VIEW_TYPE_2D;
  info.format = VK_FORMAT_R8G8B8A8_UNORM;
  info.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  VkImageView view = VK_NULL_HANDLE;
  check(vkCreateImageView(device_, &info, nullptr, &view), "vkCreateImageView");
  return view;
}

VkShaderModule Bench::module(const std::uint32_t* code, std::size_t bytes) {
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  info.codeSize = bytes;
  info.pCode = code;
  VkShaderModule m = VK_NULL_HANDLE;
  check(vkCreateShaderModule(device_, &info, nullptr, &m), "vkCreateShaderModule");
  return m;
}

VkPipeline Bench::make_pipeline(VkShaderModule fragment, bool additive) {
  static const VkShaderModule vertex = module(quad_vert, sizeof quad_vert);
  VkPipelineShaderStageCreateInfo stages[2]{};
  stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT, vertex,
               "main", nullptr};
  stages[1] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT,
               fragment, "main", nullptr};
  VkVertexInputBindingDescription vertex_binding{0, 8, VK_VERTEX_INPUT_RATE_VERTEX};
  VkVertexInputAttributeDescription attribute{0, 0, VK_FORMAT_R32G32_SFLOAT, 0};
  VkPipelineVertexInputStateCreateInfo vertex_input{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  vertex_input.vertexBindingDescriptionCount = 1;
  vertex_input.pVertexBindingDescriptions = &vertex_binding;
  vertex_input.vertexAttributeDescriptionCount = 1;
  vertex_input.pVertexAttributeDescriptions = &attribute;
  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewport.viewportCount = viewport.scissorCount = 1;
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.polygonMode = VK_POLYGON_MODE_FILL;
  raster.cullMode = VK_CULL_MODE_NONE;
  raster.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo multisample{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  VkPipelineColorBlendAttachmentState attachment{};
  attachment.blendEnable = additive;
  attachment.srcColorBlendFactor = attachment.dstColorBlendFactor = VK_BLEND_FACTOR_ONE;
  attachment.srcAlphaBlendFactor = attachment.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE;
  attachment.colorWriteMask = 0xf;
  VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blend.attachmentCount = 1;
  blend.pAttachments = &attachment;
  const VkDynamicState dynamic_states[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
  dynamic.dynamicStateCount = 2;
  dynamic.pDynamicStates = dynamic_states;
  const VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachmentFormats = &format;
  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, &rendering};
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &vertex_input;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewport;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &multisample;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &blend;
  info.pDynamicState = &dynamic;
  info.layout = layout_;
  VkPipeline pipeline = VK_NULL_HANDLE;
  check(vkCreateGraphicsPipelines(device_, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline), "vkCreateGraphicsPipelines");
  return pipeline;
}

void Bench::begin() {
  VkCommandBufferBeginInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkResetCommandPool(device_, pool_, 0), "vkResetCommandPool");
  check(vkBeginCommandBuffer(commands_, &info), "vkBeginCommandBuffer");
}

void Bench::submit_and_wait() {
  check(vkEndCommandBuffer(commands_), "vkEndCommandBuffer");
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands_;
  check(vkQueueSubmit(queue_, 1, &submit, fence_), "vkQueueSubmit");
  check(vkWaitForFences(device_, 1, &fence_, VK_TRUE, UINT64_MAX), "vkWaitForFences");
  check(vkResetFences(device_, 1, &fence_), "vkResetFences");
}

void Bench::barrier(VkImage image, VkImageLayout from, VkImageLayout to, VkPipelineStageFlags2 src_stage,
                    VkAccessFlags2 src_access, VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = src_stage;
  b.srcAccessMask = src_access;
  b.dstStageMask = dst_stage;
  b.dstAccessMask = dst_access;
  b.oldLayout = from;
  b.newLayout = to;
  b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
  b.image = image;
  b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  VkDependencyInfo dependency{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dependency.imageMemoryBarrierCount = 1;
  dependency.pImageMemoryBarriers = &b;
  vkCmdPipelineBarrier2(commands_, &dependency);
}

void Bench::frame(Case c) {
  begin();
  // The clear discards the last frame: UNDEFINED after its writes (and the readback's reads).
  barrier(target_, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
          VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT | VK_PIPELINE_STAGE_2_COPY_BIT, 0,
          VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
          VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
  VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  color.imageView = target_view_;
  color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  for (int k = 0; k < 4; ++k) color.clearValue.color.float32[k] = kClearBytes[std::size_t(k)] / 255.0f;
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, {kSize, kSize}};
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachments = &color;
  vkCmdBeginRendering(commands_, &rendering);
  const VkViewport viewport{0, 0, float(kSize), float(kSize), 0, 1};
  const VkRect2D scissor{{0, 0}, {kSize, kSize}};
  vkCmdSetViewport(commands_, 0, 1, &viewport);
  vkCmdSetScissor(commands_, 0, 1, &scissor);
  const VkShaderStageFlags stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
  const VkDeviceSize offset = 0;
  vkCmdBindPipeline(commands_, VK_PIPELINE_BIND_POINT_GRAPHICS, c == Case::Texture ? textured_ : plain_);
  if (c == Case::Mesh) {
    const Params p = mesh_params();
    vkCmdBindVertexBuffers(commands_, 0, 1, &mesh_, &offset);
    vkCmdPushConstants(commands_, layout_, stages, 0, sizeof p, p.data());
    vkCmdDraw(commands_, 3 * kMeshTriangles, 1, 0, 0);
  } else {
    vkCmdBindVertexBuffers(commands_, 0, 1, &quad_, &offset);
    for (int i = 0; i < kDraws; ++i) {
      if (c == Case::Texture)
        vkCmdBindDescriptorSets(commands_, VK_PIPELINE_BIND_POINT_GRAPHICS, layout_, 0, 1, &sets_[i & 1], 0, nullptr);
      if (c == Case::Blend) vkCmdBindPipeline(commands_, VK_PIPELINE_BIND_POINT_GRAPHICS, (i & 1) ? additive_ : plain_);
      vkCmdPushConstants(commands_, layout_, stages, 0, sizeof(Params), cells_[std::size_t(i)].data());
      vkCmdDraw(commands_, kQuadVertices, 1, 0, 0);
    }
  }
  vkCmdEndRendering(commands_);
  submit_and_wait();
}

std::vector<std::uint8_t> Bench::read_back() {
  begin();
  barrier(target_, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
          VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
          VK_PIPELINE_STAGE_2_COPY_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
  VkBufferImageCopy region{};
  region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.imageExtent = {kSize, kSize, 1};
  vkCmdCopyImageToBuffer(commands_, target_, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback_, 1, &region);
  submit_and_wait();
  const auto* bytes = static_cast<const std::uint8_t*>(readback_memory_.mapped);
  return {bytes, bytes + std::size_t(kSize) * kSize * 4};
}

Bench* bench = nullptr;

void run(benchmark::State& state, Case c) {
  bench->frame(c);  // warm-up, as draw_bench does
  const Start start;
  for (auto _ : state) bench->frame(c);
  report(state, c, start);
  const std::vector<std::uint8_t> pixels = bench->read_back();
  bool ok = true;
  for (const Probe& p : probes(c))
    ok = probe_matches("draw_vulkan_bench", c, p, &pixels[(std::size_t(p.y) * kSize + std::size_t(p.x)) * 4]) && ok;
  if (!ok) {
    ++failures;
    state.SkipWithError("the frame did not draw what it should (see stderr)");
  }
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Bench b;
    bench = &b;
    std::fprintf(stderr, "device: %s (plain Vulkan)\n", b.device_name().c_str());
    register_cases(argc, argv, run);
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "draw_vulkan_bench: %s\n", e.what());
    return 1;
  }
  return failures ? 1 : 0;
}
