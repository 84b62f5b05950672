// Render-target operations of CommandStream: image views used as attachments of dynamic rendering.
#include <cstring>
#include <vector>
#include <memory>

#include "glvk/vk_backend/barrier.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/image.h"
#include "glvk/vk_backend/internal_pipelines.h"

namespace glvk::vk_backend {

namespace {

constexpr VkColorComponentFlags kAllChannels =
    VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;

// The subresources a region covers; a 3D image's depth slices are all in its one array layer.
VkImageSubresourceRange region_range(const Image& image, const RenderRegion& region) {
  if (image.description().type == VK_IMAGE_TYPE_3D) return {image.aspects(), region.level, 1, 0, 1};
  return {image.aspects(), region.level, 1, region.first_layer, region.layer_count};
}

// A single-layer 2D (1D) view of one layer (or 3D depth slice, through 2D_ARRAY_COMPATIBLE) of `level`.
std::shared_ptr<ImageView> layer_view(const Device& device, const Image& image, VkFormat format, std::uint32_t level,
                                      std::uint32_t layer) {
  const VkComponentMapping identity{};
  return std::make_shared<ImageView>(device, image, attachment_view_type(image, 1), format, identity,
                                     VkImageSubresourceRange{image.aspects(), level, 1, layer, 1});
}

// Draws the region's rectangle with an internal pipeline. The viewport is the rectangle too, not
// only the scissor: lavapipe (Mesa 22.3) lets multisample coverage leak half a pixel past the
// scissor box, while the primitive clipped to the viewport covers exactly the rectangle's samples.
template <typename Constants>
void draw_rectangle(VkCommandBuffer commands, VkPipeline pipeline, VkPipelineLayout layout, const RenderRegion& region,
                    const Constants& constants, std::uint32_t stencil_write_mask = 0,
                    std::uint32_t stencil_reference = 0) {
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
  const VkViewport viewport{float(region.rect.offset.x), float(region.rect.offset.y), float(region.rect.extent.width),
                            float(region.rect.extent.height), 0.0f, 1.0f};
  vkCmdSetViewport(commands, 0, 1, &viewport);
  vkCmdSetScissor(commands, 0, 1, &region.rect);
  vkCmdSetStencilWriteMask(commands, VK_STENCIL_FACE_FRONT_AND_BACK, stencil_write_mask);
  vkCmdSetStencilReference(commands, VK_STENCIL_FACE_FRONT_AND_BACK, stencil_reference);
  vkCmdPushConstants(commands, layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof constants,
                     &constants);
  vkCmdDraw(commands, 3, 1, 0, 0);
}

// Begins dynamic rendering into one colour view of `image`, keeping what is outside `area`.
void begin_color_rendering(VkCommandBuffer commands, const Image& image, const ImageView& view, const VkRect2D& area) {
  VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  attachment.imageView = view.handle();
  attachment.imageLayout = image.layout_for(VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
  attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = area;
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachments = &attachment;
  vkCmdBeginRendering(commands, &rendering);
}

// Begins dynamic rendering into one depth/stencil view (both of its aspects), keeping what is
// outside `area`; with `resolve`, the end of rendering resolves sample 0 into that view.
void begin_depth_stencil_rendering(VkCommandBuffer commands, const Image& image, const ImageView& view,
                                   const ImageView* resolve, const VkRect2D& area) {
  VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  attachment.imageView = view.handle();
  attachment.imageLayout = image.layout_for(VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
  attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  if (resolve) {
    // Sample 0: the one resolve mode every device offers for depth and for stencil.
    attachment.resolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT;
    attachment.resolveImageView = resolve->handle();
    attachment.resolveImageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
  }
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = area;
  rendering.layerCount = 1;
  if (image.aspects() & VK_IMAGE_ASPECT_DEPTH_BIT) rendering.pDepthAttachment = &attachment;
  if (image.aspects() & VK_IMAGE_ASPECT_STENCIL_BIT) rendering.pStencilAttachment = &attachment;
  vkCmdBeginRendering(commands, &rendering);
}

// One dynamic-rendering pass per layer of `region`: `begin` starts it on a view of the layer and
// `body` records into it (the colour and depth/stencil clears). The views are handed back, to live
// until the batch completes.
template <typename Begin, typename Body>
std::vector<std::shared_ptr<ImageView>> render_layers(VkCommandBuffer commands, const Device& device,
                                                      const Image& image, VkFormat format,
                                                      const RenderRegion& region, Begin begin, Body body) {
  std::vector<std::shared_ptr<ImageView>> views;
  for (std::uint32_t layer = region.first_layer; layer < region.first_layer + region.layer_count; ++layer) {
    auto view = layer_view(device, image, format, region.level, layer);
    tag_shadow_view(image, *view, {format, region.level, layer, 1});
    begin(*view);
    body();
    vkCmdEndRendering(commands);
    views.push_back(std::move(view));
  }
  return views;
}

}  // namespace

InternalPipelines& CommandStream::pipelines() {
  if (!pipelines_) pipelines_ = std::make_unique<InternalPipelines>(device_);
  return *pipelines_;
}

VkCommandBuffer CommandStream::begin_rendering_into(Image& image, const RenderRegion& region, VkImageLayout layout) {
  end_draw_pass();
  VkCommandBuffer commands = begin_batch()->commands;
  // Attachment accesses wait for every earlier write, as the next copy would (begin_transfer).
  const LayoutUse attachment = layout_use(layout);
  memory_barrier(commands, kRecordedWrites, attachment);
  image.record_transition(commands, region_range(image, region), layout);
  image.last_use = open_serial_;
  return commands;
}

void CommandStream::clear_color_region(Image& image, VkFormat view_format, const RenderRegion& region,
                                       const VkClearColorValue& value, ColorOutput output,
                                       VkColorComponentFlags write_mask) {
  VkCommandBuffer commands = begin_rendering_into(image, region, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
  const bool every_channel = (write_mask & kAllChannels) == kAllChannels;
  VkPipeline pipeline = VK_NULL_HANDLE;
  if (!every_channel) {
    ClearPipelineKey key;
    key.color_format = view_format;
    key.output = output;
    key.write_mask = write_mask;
    key.samples = image.description().samples;
    pipeline = pipelines().clear_pipeline(key);
  }
  const auto begin = [&](const ImageView& view) { begin_color_rendering(commands, image, view, region.rect); };
  const auto clear = [&] {
    if (every_channel) {
      VkClearAttachment attachment{VK_IMAGE_ASPECT_COLOR_BIT, 0, {}};
      attachment.clearValue.color = value;
      const VkClearRect rect{region.rect, 0, 1};
      vkCmdClearAttachments(commands, 1, &attachment, 1, &rect);
    } else {
      ClearConstants constants;
      std::memcpy(constants.color_bits, value.uint32, sizeof constants.color_bits);
      draw_rectangle(commands, pipeline, pipelines().clear_layout(), region, constants);
    }
  };
  for (auto& view : render_layers(commands, device_, image, view_format, region, begin, clear))
    release_after(std::move(view), open_serial_);
}

void CommandStream::clear_depth_stencil_region(Image& image, const RenderRegion& region, bool depth,
                                               float depth_value, bool stencil, std::uint32_t stencil_value,
                                               std::uint32_t stencil_write_mask) {
  VkCommandBuffer commands = begin_rendering_into(image, region, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
  const VkFormat format = image.description().format;
  const VkImageAspectFlags aspects = image.aspects();
  stencil = stencil && (aspects & VK_IMAGE_ASPECT_STENCIL_BIT);
  depth = depth && (aspects & VK_IMAGE_ASPECT_DEPTH_BIT);
  // vkCmdClearAttachments writes every stencil bit; a partial write mask needs the pipeline.
  const bool masked_stencil = stencil && (stencil_write_mask & 0xff) != 0xff;
  VkPipeline pipeline = VK_NULL_HANDLE;
  if (masked_stencil) {
    ClearPipelineKey key;
    key.depth_stencil_format = format;
    key.write_depth = depth;
    key.write_stencil = true;
    key.samples = image.description().samples;
    pipeline = pipelines().clear_pipeline(key);
  }
  const auto begin = [&](const ImageView& view) {
    begin_depth_stencil_rendering(commands, image, view, nullptr, region.rect);
  };
  const auto clear = [&] {
    if (!masked_stencil) {
      VkClearAttachment attachment{(depth ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT) : 0) |
                                       (stencil ? VkImageAspectFlags(VK_IMAGE_ASPECT_STENCIL_BIT) : 0),
                                   0,
                                   {}};
      attachment.clearValue.depthStencil = {depth_value, stencil_value};
      const VkClearRect rect{region.rect, 0, 1};
      if (attachment.aspectMask) vkCmdClearAttachments(commands, 1, &attachment, 1, &rect);
    } else {
      ClearConstants constants;
      constants.depth = depth_value;
      draw_rectangle(commands, pipeline, pipelines().clear_layout(), region, constants, stencil_write_mask,
                     stencil_value);
    }
  };
  for (auto& view : render_layers(commands, device_, image, format, region, begin, clear))
    release_after(std::move(view), open_serial_);
}

void CommandStream::blit_with_shader(Image& src, VkFormat src_format, std::uint32_t src_level,
                                     std::uint32_t src_layer, Image& dst, VkFormat dst_format,
                                     const RenderRegion& dst_region, const BlitConstants& mapping, ColorOutput output,
                                     bool linear) {
  BlitPipelineKey key;
  key.color_format = dst_format;
  key.output = output;
  key.samples = dst.description().samples;
  const VkPipeline pipeline = pipelines().blit_pipeline(key);
  RenderRegion one_layer = dst_region;
  one_layer.layer_count = 1;
  VkCommandBuffer commands = begin_rendering_into(dst, one_layer, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
  const RenderRegion source_region{src_level, src_layer, 1, {}};
  src.record_transition(commands, region_range(src, source_region), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  src.last_use = open_serial_;
  auto source = layer_view(device_, src, src_format, src_level, src_layer);
  tag_shadow_view(src, *source, {src_format, src_level, src_layer, 1, true});
  auto target = layer_view(device_, dst, dst_format, dst_region.level, dst_region.first_layer);
  tag_shadow_view(dst, *target, {dst_format, dst_region.level, dst_region.first_layer, 1});
  begin_color_rendering(commands, dst, *target, dst_region.rect);
  const VkDescriptorImageInfo image_info{pipelines().blit_sampler(linear), source->handle(),
                                         src.layout_for(VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstBinding = 0;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  write.pImageInfo = &image_info;
  vkCmdPushDescriptorSetKHR(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines().blit_layout(), 0, 1, &write);
  draw_rectangle(commands, pipeline, pipelines().blit_layout(), one_layer, mapping);
  vkCmdEndRendering(commands);
  release_after(std::move(source), open_serial_);
  release_after(std::move(target), open_serial_);
}

void CommandStream::resolve_depth_stencil(Image& src, std::uint32_t src_layer, Image& dst, std::uint32_t dst_level,
                                          std::uint32_t dst_layer, const VkRect2D& rect) {
  const RenderRegion source_region{0, src_layer, 1, rect};
  VkCommandBuffer commands =
      begin_rendering_into(src, source_region, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
  const RenderRegion target_region{dst_level, dst_layer, 1, rect};
  dst.record_transition(commands, region_range(dst, target_region), VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
  dst.last_use = open_serial_;
  const VkFormat format = src.description().format;
  auto source = layer_view(device_, src, format, 0, src_layer);
  tag_shadow_view(src, *source, {format, 0, src_layer, 1});
  auto target = layer_view(device_, dst, format, dst_level, dst_layer);
  begin_depth_stencil_rendering(commands, src, *source, target.get(), rect);  // no draws: the end resolves
  vkCmdEndRendering(commands);
  release_after(std::move(source), open_serial_);
  release_after(std::move(target), open_serial_);
}

}  // namespace glvk::vk_backend
