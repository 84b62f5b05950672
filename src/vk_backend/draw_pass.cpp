// Draws of CommandStream: one dynamic-rendering pass kept open across draws into the same
// attachments, pipelines and dynamic state bound only when they change; and compute dispatches.
#include <algorithm>
#include <cstring>
#include <memory>

#include "glvk/vk_backend/barrier.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/draw.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/image.h"

namespace glvk::vk_backend {

namespace {

// What a pass's first draw waits for: every earlier recorded write, before any stage of the draw
// reads vertices, indices, uniforms, textures or the attachments.
constexpr LayoutUse kDrawAccesses{
    VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_VERTEX_INPUT_BIT |
        VK_PIPELINE_STAGE_2_PRE_RASTERIZATION_SHADERS_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT |
        VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT |
        VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
    VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_2_INDEX_READ_BIT |
        VK_ACCESS_2_UNIFORM_READ_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT |
        VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
        VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT |
        VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};

// A long run of draws is submitted in pieces, so the device (lavapipe's queue thread, or a GPU)
// starts on the first draws while the later ones are still being recorded, rather than idling
// until glFinish or a readback submits the whole frame at once.
constexpr std::uint32_t kDrawsPerSubmission = 1024;

VkImageSubresourceRange attachment_range(const DrawAttachment& a, std::uint32_t layers) {
  const Image& image = *a.image;
  if (image.description().type == VK_IMAGE_TYPE_3D) return {image.aspects(), a.level, 1, 0, 1};
  return {image.aspects(), a.level, 1, a.first_layer, layers};
}

std::shared_ptr<ImageView> attachment_view(const Device& device, const DrawAttachment& a, std::uint32_t layers) {
  const Image& image = *a.image;
  // A 3D image's depth slices are seen as layers (2D_ARRAY_COMPATIBLE).
  const VkImageSubresourceRange range{image.aspects(), a.level, 1, a.first_layer, layers};
  auto view =
      std::make_shared<ImageView>(device, image, attachment_view_type(image, layers), a.format, VkComponentMapping{}, range);
  tag_shadow_view(image, *view, {a.format, a.level, a.first_layer, layers});
  return view;
}

}  // namespace

void CommandStream::end_draw_pass() {
  if (!pass_open_) return;
  vkCmdEndRendering(recording_->commands);
  pass_open_ = false;
  // What follows may bind internal pipelines and set their state.
  bound_pipeline_ = VK_NULL_HANDLE;
  dynamic_state_valid_ = false;
  bound_vertex_buffer_count_ = 0;
}

void CommandStream::prepare_sampled(Image& image, const VkImageSubresourceRange& range) {
  const VkImageLayout wanted = image.layout_for(VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  bool ready = true;
  for (std::uint32_t layer = range.baseArrayLayer; ready && layer < range.baseArrayLayer + range.layerCount; ++layer)
    for (std::uint32_t level = range.baseMipLevel; level < range.baseMipLevel + range.levelCount; ++level)
      if (image.layout(level, layer) != wanted) {
        ready = false;
        break;
      }
  image.last_use = open_serial_;
  if (ready) return;
  // Layout transitions cannot happen inside a rendering pass.
  end_draw_pass();
  VkCommandBuffer commands = begin_batch()->commands;
  image.record_transition(commands, range, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
}

void CommandStream::prepare_storage(Image& image, const VkImageSubresourceRange& range) {
  bool ready = true;
  for (std::uint32_t layer = range.baseArrayLayer; ready && layer < range.baseArrayLayer + range.layerCount; ++layer)
    for (std::uint32_t level = range.baseMipLevel; level < range.baseMipLevel + range.levelCount; ++level)
      if (image.layout(level, layer) != VK_IMAGE_LAYOUT_GENERAL) {
        ready = false;
        break;
      }
  image.last_use = open_serial_;
  if (ready) return;
  end_draw_pass();
  image.record_transition(begin_batch()->commands, range, VK_IMAGE_LAYOUT_GENERAL);
}

void CommandStream::bind_descriptors(VkPipelineBindPoint bind_point, VkPipelineLayout layout,
                                     const DescriptorLayout* set_layout, std::span<const VkWriteDescriptorSet> writes) {
  if (writes.empty()) return;
  VkCommandBuffer commands = recording_->commands;
  if (!set_layout || set_layout->pushed()) {
    vkCmdPushDescriptorSetKHR(commands, bind_point, layout, 0, std::uint32_t(writes.size()), writes.data());
    return;
  }
  const VkDescriptorSet set = recording_->descriptor_pools.allocate(device_.handle(), *set_layout);
  std::vector<VkWriteDescriptorSet> into(writes.begin(), writes.end());
  for (VkWriteDescriptorSet& write : into) write.dstSet = set;
  vkUpdateDescriptorSets(device_.handle(), std::uint32_t(into.size()), into.data(), 0, nullptr);
  vkCmdBindDescriptorSets(commands, bind_point, layout, 0, 1, &set, 0, nullptr);
}

void CommandStream::dispatch(const DispatchRecord& record) {
  end_draw_pass();
  VkCommandBuffer commands = begin_batch()->commands;
  memory_barrier(commands, kRecordedWrites,
                 {VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                  VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT |
                      VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT |
                      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT});
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, record.pipeline);
  bind_descriptors(VK_PIPELINE_BIND_POINT_COMPUTE, record.layout, record.set_layout, record.descriptors);
  if (record.indirect_buffer)
    vkCmdDispatchIndirect(commands, record.indirect_buffer, record.indirect_offset);
  else
    vkCmdDispatch(commands, record.groups[0], record.groups[1], record.groups[2]);
}

void CommandStream::begin_draw_pass(const DrawTargets& targets) {
  if (pass_open_ && targets == pass_targets_) return;
  end_draw_pass();
  VkCommandBuffer commands = begin_batch()->commands;
  memory_barrier(commands, kRecordedWrites, kDrawAccesses);

  VkRenderingAttachmentInfo colors[kMaxDrawColorAttachments]{};
  for (std::uint32_t i = 0; i < targets.color_count; ++i) {
    colors[i].sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO;
    const DrawAttachment& a = targets.color[i];
    if (!a.image) continue;  // a hole: imageView stays null
    a.image->record_transition(commands, attachment_range(a, targets.layers), VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    a.image->last_use = open_serial_;
    auto view = attachment_view(device_, a, targets.layers);
    colors[i].imageView = view->handle();
    colors[i].imageLayout = a.image->layout_for(VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    colors[i].loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    colors[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    release_after(std::move(view), open_serial_);
  }
  VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  VkRenderingAttachmentInfo stencil{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  if (const DrawAttachment& a = targets.depth_stencil; a.image) {
    a.image->record_transition(commands, attachment_range(a, targets.layers),
                               VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
    a.image->last_use = open_serial_;
    auto view = attachment_view(device_, a, targets.layers);
    depth.imageView = view->handle();
    depth.imageLayout = a.image->layout_for(VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    stencil = depth;
    if (a.image->aspects() & VK_IMAGE_ASPECT_DEPTH_BIT) rendering.pDepthAttachment = &depth;
    if (a.image->aspects() & VK_IMAGE_ASPECT_STENCIL_BIT) rendering.pStencilAttachment = &stencil;
    release_after(std::move(view), open_serial_);
  }
  rendering.renderArea = {{0, 0}, {targets.width, targets.height}};
  rendering.layerCount = targets.layers;
  rendering.colorAttachmentCount = targets.color_count;
  rendering.pColorAttachments = colors;
  vkCmdBeginRendering(commands, &rendering);
  pass_open_ = true;
  pass_targets_ = targets;
  ++passes_;
}

namespace {

void set_dynamic_state(VkCommandBuffer commands, const DrawDynamicState& s) {
  vkCmdSetViewportWithCount(commands, s.viewport_count, s.viewports.data());
  vkCmdSetScissorWithCount(commands, s.viewport_count, s.scissors.data());
  vkCmdSetLineWidth(commands, s.line_width);
  vkCmdSetDepthBias(commands, s.depth_bias_constant, s.depth_bias_clamp, s.depth_bias_slope);
  vkCmdSetBlendConstants(commands, s.blend_constants.data());
  vkCmdSetStencilCompareMask(commands, VK_STENCIL_FACE_FRONT_BIT, s.front.compare_mask);
  vkCmdSetStencilCompareMask(commands, VK_STENCIL_FACE_BACK_BIT, s.back.compare_mask);
  vkCmdSetStencilWriteMask(commands, VK_STENCIL_FACE_FRONT_BIT, s.front.write_mask);
  vkCmdSetStencilWriteMask(commands, VK_STENCIL_FACE_BACK_BIT, s.back.write_mask);
  vkCmdSetStencilReference(commands, VK_STENCIL_FACE_FRONT_BIT, s.front.reference);
  vkCmdSetStencilReference(commands, VK_STENCIL_FACE_BACK_BIT, s.back.reference);
  vkCmdSetCullMode(commands, s.cull_mode);
  vkCmdSetFrontFace(commands, s.front_face);
  vkCmdSetPrimitiveTopology(commands, s.topology);
  vkCmdSetDepthTestEnable(commands, s.depth_test);
  vkCmdSetDepthWriteEnable(commands, s.depth_write);
  vkCmdSetDepthCompareOp(commands, s.depth_compare);
  vkCmdSetDepthBoundsTestEnable(commands, VK_FALSE);
  vkCmdSetStencilTestEnable(commands, s.stencil_test);
  vkCmdSetStencilOp(commands, VK_STENCIL_FACE_FRONT_BIT, s.front.fail, s.front.pass, s.front.depth_fail,
                    s.front.compare);
  vkCmdSetStencilOp(commands, VK_STENCIL_FACE_BACK_BIT, s.back.fail, s.back.pass, s.back.depth_fail, s.back.compare);
  vkCmdSetRasterizerDiscardEnable(commands, s.rasterizer_discard);
  vkCmdSetDepthBiasEnable(commands, s.depth_bias_enable);
  vkCmdSetPrimitiveRestartEnable(commands, s.primitive_restart);
}

}  // namespace

void CommandStream::begin_capture(VkCommandBuffer commands, const DrawRecord& record) {
  const std::uint32_t n = std::uint32_t(record.xfb_buffers.size());
  VkBuffer buffers[kMaxXfbBuffers], counters[kMaxXfbBuffers];
  VkDeviceSize offsets[kMaxXfbBuffers], sizes[kMaxXfbBuffers], counter_offsets[kMaxXfbBuffers];
  for (std::uint32_t i = 0; i < n; ++i) {
    buffers[i] = record.xfb_buffers[i].buffer;
    offsets[i] = record.xfb_buffers[i].offset;
    sizes[i] = record.xfb_buffers[i].size;
    counters[i] = record.xfb_counters;
    counter_offsets[i] = 4 * i;
  }
  vkCmdBindTransformFeedbackBuffersEXT(commands, 0, n, buffers, offsets, sizes);
  vkCmdBeginTransformFeedbackEXT(commands, 0, record.xfb_resume ? n : 0, record.xfb_resume ? counters : nullptr,
                                 record.xfb_resume ? counter_offsets : nullptr);
}

void CommandStream::end_capture(VkCommandBuffer commands) {
  // Captured data is read by what follows (vertex fetch, copies, maps, the next capture's
  // counters), and a rendering pass admits no such barrier: the pass ends here, with one.
  end_draw_pass();
  memory_barrier(commands,
                 {VK_PIPELINE_STAGE_2_TRANSFORM_FEEDBACK_BIT_EXT,
                  VK_ACCESS_2_TRANSFORM_FEEDBACK_WRITE_BIT_EXT | VK_ACCESS_2_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT},
                 {VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT | VK_PIPELINE_STAGE_2_HOST_BIT,
                  VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT | VK_ACCESS_2_HOST_READ_BIT});
}

void CommandStream::draw(const DrawTargets& targets, const DrawRecord& record) {
  begin_draw_pass(targets);
  VkCommandBuffer commands = recording_->commands;
  if (record.pipeline != bound_pipeline_) {
    vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_GRAPHICS, record.pipeline);
    bound_pipeline_ = record.pipeline;
  }
  // Dynamic state survives pipeline binds (every pipeline declares the same dynamic states).
  if (!dynamic_state_valid_ || std::memcmp(&last_dynamic_state_, record.state, sizeof last_dynamic_state_) != 0) {
    set_dynamic_state(commands, *record.state);
    std::memcpy(&last_dynamic_state_, record.state, sizeof last_dynamic_state_);
    dynamic_state_valid_ = true;
  }
  bind_descriptors(VK_PIPELINE_BIND_POINT_GRAPHICS, record.layout, record.set_layout, record.descriptors);
  if (!record.push_constants.empty())
    vkCmdPushConstants(commands, record.layout, VK_SHADER_STAGE_ALL_GRAPHICS, 0, std::uint32_t(record.push_constants.size()),
                       record.push_constants.data());
  // Vertex buffers stay bound across draws: rebinding the same ones costs lavapipe a command each.
  const bool same_vertex_buffers =
      record.vertex_buffers.size() == bound_vertex_buffer_count_ &&
      std::equal(record.vertex_buffers.begin(), record.vertex_buffers.end(), bound_vertex_buffers_.begin());
  if (!record.vertex_buffers.empty() && !same_vertex_buffers) {
    VkBuffer buffers[kMaxVertexAttributes];
    VkDeviceSize offsets[kMaxVertexAttributes], strides[kMaxVertexAttributes];
    const std::uint32_t n = std::uint32_t(record.vertex_buffers.size());
    for (std::uint32_t i = 0; i < n; ++i) {
      buffers[i] = record.vertex_buffers[i].buffer;
      offsets[i] = record.vertex_buffers[i].offset;
      strides[i] = record.vertex_buffers[i].stride;
    }
    vkCmdBindVertexBuffers2(commands, 0, n, buffers, offsets, nullptr, strides);
    std::copy(record.vertex_buffers.begin(), record.vertex_buffers.end(), bound_vertex_buffers_.begin());
    bound_vertex_buffer_count_ = n;
  }
  if (record.indexed) vkCmdBindIndexBuffer(commands, record.index_buffer, record.index_offset, record.index_type);
  const std::uint32_t xfb_count = std::uint32_t(record.xfb_buffers.size());
  VkBuffer xfb_counters[kMaxXfbBuffers];
  VkDeviceSize xfb_counter_offsets[kMaxXfbBuffers];
  for (std::uint32_t i = 0; i < xfb_count; ++i) {
    xfb_counters[i] = record.xfb_counters;
    xfb_counter_offsets[i] = 4 * i;
  }
  for (const DrawRecord::Query& q : record.queries) {
    if (!q.pool) continue;
    if (q.indexed) vkCmdBeginQueryIndexedEXT(commands, q.pool, q.slot, 0, q.stream);
    else vkCmdBeginQuery(commands, q.pool, q.slot, device_.features().occlusionQueryPrecise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
  }
  if (xfb_count) begin_capture(commands, record);
  if (record.indirect_buffer) {
    if (record.indexed)
      vkCmdDrawIndexedIndirect(commands, record.indirect_buffer, record.indirect_offset, record.count,
                               record.indirect_stride);
    else
      vkCmdDrawIndirect(commands, record.indirect_buffer, record.indirect_offset, record.count, record.indirect_stride);
  } else if (record.indexed) {
    vkCmdDrawIndexed(commands, record.count, record.instance_count, record.first, record.vertex_offset,
                     record.first_instance);
  } else {
    vkCmdDraw(commands, record.count, record.instance_count, record.first, record.first_instance);
  }
  if (xfb_count) vkCmdEndTransformFeedbackEXT(commands, 0, xfb_count, xfb_counters, xfb_counter_offsets);
  for (const DrawRecord::Query& q : record.queries) {
    if (!q.pool) continue;
    if (q.indexed) vkCmdEndQueryIndexedEXT(commands, q.pool, q.slot, q.stream);
    else vkCmdEndQuery(commands, q.pool, q.slot);
  }
  if (xfb_count) end_capture(commands);
  ++draws_;
  // After the draw: its resources carry this batch's serial.
  if (++batch_draws_ >= kDrawsPerSubmission || open_retained_bytes_ >= kRetainedBytesPerSubmission) {
    flush();
    while (retained_bytes_ > kMaxRetainedBytes && !in_flight_.empty()) wait(in_flight_.front().serial);
  }
}

}  // namespace glvk::vk_backend
