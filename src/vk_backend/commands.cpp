#include "glvk/vk_backend/commands.h"

#include <limits>
#include <utility>

#include "glvk/vk_backend/barrier.h"
#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "glvk/vk_backend/fault_injection.h"
#include "glvk/vk_backend/image.h"

namespace glvk::vk_backend {

CommandStream::CommandStream(const Device& device) : device_(device) {
  VkCommandPoolCreateInfo info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  info.queueFamilyIndex = device.queue_family();
  check(vkCreateCommandPool(device.handle(), &info, nullptr, &pool_), "vkCreateCommandPool");
}

CommandStream::~CommandStream() {
  try {
    wait_idle();
  } catch (...) {
    vkDeviceWaitIdle(device_.handle());
  }
  auto destroy = [&](Batch& b) {
    if (b.fence) vkDestroyFence(device_.handle(), b.fence, nullptr);
    b.descriptor_pools.destroy(device_.handle());
  };
  for (Batch& b : in_flight_) destroy(b);
  for (Batch& b : free_) destroy(b);
  // open_batch_ is a copy of a batch in the lists above unless it is still recording.
  if (recording_) {
    end_draw_pass();
    vkEndCommandBuffer(recording_->commands);
    destroy(open_batch_);
  }
  deferred_.clear();
  retained_bytes_ = open_retained_bytes_ = 0;
  vkDestroyCommandPool(device_.handle(), pool_, nullptr);
}

CommandStream::Batch* CommandStream::begin_batch() {
  if (recording_) return recording_;
  retire_completed();
  if (!free_.empty()) {
    open_batch_ = free_.back();
    free_.pop_back();
    check(vkResetCommandBuffer(open_batch_.commands, 0), "vkResetCommandBuffer");
    check(vkResetFences(device_.handle(), 1, &open_batch_.fence), "vkResetFences");
    open_batch_.descriptor_pools.reset(device_.handle());
  } else {
    open_batch_ = Batch{};
    VkCommandBufferAllocateInfo allocate{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    allocate.commandPool = pool_;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    check(vkAllocateCommandBuffers(device_.handle(), &allocate, &open_batch_.commands), "vkAllocateCommandBuffers");
    VkFenceCreateInfo fence{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    check(vkCreateFence(device_.handle(), &fence, nullptr, &open_batch_.fence), "vkCreateFence");
  }
  open_batch_.serial = open_serial_;
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(open_batch_.commands, &begin), "vkBeginCommandBuffer");
  recording_ = &open_batch_;
  return recording_;
}

VkCommandBuffer CommandStream::begin_transfer() {
  end_draw_pass();
  Batch* batch = begin_batch();
  // Every earlier write (and host writes made before submission) is visible to this copy.
  memory_barrier(batch->commands, kRecordedWrites,
                 {VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT});
  return batch->commands;
}

void CommandStream::write_timestamp(VkQueryPool pool, std::uint32_t index) {
  vkCmdWriteTimestamp2(begin_batch()->commands, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool, index);
}

void CommandStream::copy_buffer(Buffer& src, VkDeviceSize src_offset, Buffer& dst, VkDeviceSize dst_offset,
                                VkDeviceSize size) {
  VkCommandBuffer commands = begin_transfer();
  const VkBufferCopy region{src_offset, dst_offset, size};
  vkCmdCopyBuffer(commands, src.handle(), dst.handle(), 1, &region);
  src.last_use = dst.last_use = open_serial_;
}

namespace {

VkImageSubresourceRange range_of(const Image& image, const VkImageSubresourceLayers& layers) {
  return {image.aspects(), layers.mipLevel, 1, layers.baseArrayLayer, layers.layerCount};
}


// The image-to-image commands (copy, resolve, blit) read their regions' source subresources in
// TRANSFER_SRC and write the destination ones in TRANSFER_DST.
template <typename Region>
void transition_regions(VkCommandBuffer commands, Image& src, Image& dst, std::span<const Region> regions) {
  for (const Region& r : regions) {
    src.record_transition(commands, range_of(src, r.srcSubresource), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    dst.record_transition(commands, range_of(dst, r.dstSubresource), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  }
}

}  // namespace

void CommandStream::copy_buffer_to_image(Buffer& src, Image& dst, std::span<const VkBufferImageCopy> regions) {
  VkCommandBuffer commands = begin_transfer();
  for (const VkBufferImageCopy& r : regions)
    dst.record_transition(commands, range_of(dst, r.imageSubresource), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdCopyBufferToImage(commands, src.handle(), dst.handle(), dst.layout_for(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL),
                         std::uint32_t(regions.size()), regions.data());
  src.last_use = dst.last_use = open_serial_;
}

void CommandStream::copy_image_to_buffer(Image& src, Buffer& dst, std::span<const VkBufferImageCopy> regions) {
  VkCommandBuffer commands = begin_transfer();
  for (const VkBufferImageCopy& r : regions)
    src.record_transition(commands, range_of(src, r.imageSubresource), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
  vkCmdCopyImageToBuffer(commands, src.handle(), src.layout_for(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL), dst.handle(),
                         std::uint32_t(regions.size()), regions.data());
  src.last_use = dst.last_use = open_serial_;
}

void CommandStream::copy_image(Image& src, Image& dst, std::span<const VkImageCopy> regions) {
  VkCommandBuffer commands = begin_transfer();
  transition_regions(commands, src, dst, regions);
  vkCmdCopyImage(commands, src.handle(), src.layout_for(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL), dst.handle(),
                 dst.layout_for(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL), std::uint32_t(regions.size()), regions.data());
  src.last_use = dst.last_use = open_serial_;
}

void CommandStream::clear_color_image(Image& image, const VkClearColorValue& value,
                                      const VkImageSubresourceRange& range) {
  VkCommandBuffer commands = begin_transfer();
  image.record_transition(commands, range, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdClearColorImage(commands, image.handle(), image.layout_for(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL), &value, 1,
                       &range);
  image.last_use = open_serial_;
}

void CommandStream::clear_depth_stencil_image(Image& image, const VkClearDepthStencilValue& value,
                                              const VkImageSubresourceRange& range) {
  VkCommandBuffer commands = begin_transfer();
  image.record_transition(commands, range, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
  vkCmdClearDepthStencilImage(commands, image.handle(), image.layout_for(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL),
                              &value, 1, &range);
  image.last_use = open_serial_;
}

void CommandStream::resolve_image(Image& src, Image& dst, std::span<const VkImageResolve> regions) {
  VkCommandBuffer commands = begin_transfer();
  transition_regions(commands, src, dst, regions);
  vkCmdResolveImage(commands, src.handle(), src.layout_for(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL), dst.handle(),
                    dst.layout_for(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL), std::uint32_t(regions.size()), regions.data());
  src.last_use = dst.last_use = open_serial_;
}

void CommandStream::blit_image(Image& src, Image& dst, std::span<const VkImageBlit> regions, VkFilter filter) {
  VkCommandBuffer commands = begin_transfer();
  transition_regions(commands, src, dst, regions);
  vkCmdBlitImage(commands, src.handle(), src.layout_for(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL), dst.handle(),
                 dst.layout_for(VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL), std::uint32_t(regions.size()), regions.data(),
                 filter);
  src.last_use = dst.last_use = open_serial_;
}

std::uint64_t CommandStream::flush() {
  if (!recording_) return open_serial_ - 1;
  if (device_.lost()) {
    abandon_work();
    return open_serial_ - 1;
  }
  end_draw_pass();
  // Make the batch's writes visible to the host once its fence signals.
  memory_barrier(recording_->commands, kRecordedWrites,
                 {VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT | VK_ACCESS_2_HOST_WRITE_BIT});
  check(vkEndCommandBuffer(recording_->commands), "vkEndCommandBuffer");
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &recording_->commands;
  VkResult result = injected_submit_fault();
  if (result == VK_SUCCESS) result = vkQueueSubmit(device_.queue(), 1, &submit, recording_->fence);
  in_flight_.push_back(*recording_);
  recording_ = nullptr;
  batch_draws_ = 0;
  open_retained_bytes_ = 0;
  ++open_serial_;
  if (result == VK_ERROR_DEVICE_LOST) lose_device("vkQueueSubmit");
  if (result < 0) {
    // Not submitted, nothing lost: the batch's work is dropped, as a failed submission drops it.
    in_flight_.pop_back();
    free_.push_back(open_batch_);
    check(result, "vkQueueSubmit");
  }
  ++submissions_;
  return open_serial_ - 1;
}

void CommandStream::abandon_work() {
  // An injected loss leaves a working device that may still run earlier batches, which must end
  // before their objects are freed; a really lost device returns at once.
  vkDeviceWaitIdle(device_.handle());
  if (recording_) {
    end_draw_pass();
    vkEndCommandBuffer(recording_->commands);
    free_.push_back(*recording_);
    recording_ = nullptr;
    batch_draws_ = 0;
    ++open_serial_;
  }
  for (const Batch& b : in_flight_) free_.push_back(b);
  in_flight_.clear();
  completed_serial_ = open_serial_ - 1;
  deferred_.clear();
  retained_bytes_ = open_retained_bytes_ = 0;
}

void CommandStream::lose_device(const char* what) {
  device_.mark_lost();
  abandon_work();
  throw Error(std::string(what) + " failed: VK_ERROR_DEVICE_LOST", VK_ERROR_DEVICE_LOST);
}

void CommandStream::retire_completed() {
  if (device_.lost()) abandon_work();
  while (!in_flight_.empty()) {
    Batch& b = in_flight_.front();
    const VkResult status = vkGetFenceStatus(device_.handle(), b.fence);
    if (status == VK_NOT_READY) break;
    if (status == VK_ERROR_DEVICE_LOST) lose_device("vkGetFenceStatus");
    check(status, "vkGetFenceStatus");
    completed_serial_ = b.serial;
    free_.push_back(b);
    in_flight_.pop_front();
  }
  while (!deferred_.empty() && deferred_.front().serial <= completed_serial_) {
    retained_bytes_ -= deferred_.front().bytes;
    deferred_.pop_front();
  }
  if (first_completion_ && completed_serial_ > 0) std::exchange(first_completion_, nullptr)();
}

bool CommandStream::is_complete(std::uint64_t serial) {
  if (serial <= completed_serial_) return true;
  if (serial >= open_serial_) return false;
  retire_completed();
  return serial <= completed_serial_;
}

void CommandStream::wait(std::uint64_t serial) {
  if (serial >= open_serial_) flush();
  if (device_.lost()) abandon_work();
  while (!in_flight_.empty() && in_flight_.front().serial <= serial) {
    VkResult result = injected_wait_fault();
    if (result == VK_SUCCESS)
      result = vkWaitForFences(device_.handle(), 1, &in_flight_.front().fence, VK_TRUE,
                               std::numeric_limits<std::uint64_t>::max());
    if (result == VK_ERROR_DEVICE_LOST) lose_device("vkWaitForFences");
    check(result, "vkWaitForFences");
    retire_completed();
  }
}

bool CommandStream::wait_for(std::uint64_t serial, std::uint64_t timeout_ns) {
  if (is_complete(serial)) return true;
  // Fences may signal out of submission order, so every batch up to `serial` is waited for.
  std::vector<VkFence> fences;
  for (const Batch& b : in_flight_)
    if (b.serial <= serial) fences.push_back(b.fence);
  if (!fences.empty()) {
    VkResult result = injected_wait_fault();
    if (result == VK_SUCCESS)
      result = vkWaitForFences(device_.handle(), std::uint32_t(fences.size()), fences.data(), VK_TRUE, timeout_ns);
    if (result == VK_ERROR_DEVICE_LOST) lose_device("vkWaitForFences");
    if (result != VK_TIMEOUT) check(result, "vkWaitForFences");
    retire_completed();
  }
  return is_complete(serial);
}

void CommandStream::release_after(std::shared_ptr<void> object, std::uint64_t serial, VkDeviceSize bytes) {
  if (is_complete(serial)) return;
  if (serial >= open_serial_) open_retained_bytes_ += bytes;
  retained_bytes_ += bytes;
  deferred_.push_back({serial, std::move(object), bytes});
}

}  // namespace glvk::vk_backend
