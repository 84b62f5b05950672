// Command recording and submission: work is recorded into an open batch, submitted with a fence,
// and identified by a serial number so objects can tell whether the GPU still uses them.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include <volk.h>

#include "glvk/vk_backend/descriptor_sets.h"
#include "glvk/vk_backend/draw.h"
#include "glvk/vk_backend/internal_pipelines.h"

namespace glvk::vk_backend {

class Buffer;
class Device;
class Image;

// Where a render-target operation draws: a rectangle of `layer_count` layers (depth slices of a 3D
// image) from `first_layer` of one mip level.
struct RenderRegion {
  std::uint32_t level = 0;
  std::uint32_t first_layer = 0;
  std::uint32_t layer_count = 1;
  VkRect2D rect{};
};

// Replaced storage the open batch may hold before a draw submits it, and the storage all
// unfinished batches may hold before draws wait for the oldest (CommandStream::release_after).
inline constexpr VkDeviceSize kRetainedBytesPerSubmission = 64ull << 20;
inline constexpr VkDeviceSize kMaxRetainedBytes = 256ull << 20;

class CommandStream {
 public:
  explicit CommandStream(const Device& device);
  ~CommandStream();  // waits for everything submitted
  CommandStream(const CommandStream&) = delete;
  CommandStream& operator=(const CommandStream&) = delete;

  // Records a copy in the open batch, ordered after every earlier transfer and host write, and
  // marks both buffers as used by the open batch.
  void copy_buffer(Buffer& src, VkDeviceSize src_offset, Buffer& dst, VkDeviceSize dst_offset, VkDeviceSize size);

  // Image copies, ordered the same way; the image subresources each region names are moved to
  // TRANSFER_DST (written) or TRANSFER_SRC (read) first, and both objects marked as used.
  void copy_buffer_to_image(Buffer& src, Image& dst, std::span<const VkBufferImageCopy> regions);
  void copy_image_to_buffer(Image& src, Buffer& dst, std::span<const VkBufferImageCopy> regions);
  void copy_image(Image& src, Image& dst, std::span<const VkImageCopy> regions);
  // Clears whole subresources (the GPU clear of glClear when nothing masks or scissors it).
  void clear_color_image(Image& image, const VkClearColorValue& value, const VkImageSubresourceRange& range);
  void clear_depth_stencil_image(Image& image, const VkClearDepthStencilValue& value,
                                 const VkImageSubresourceRange& range);
  // Clears through dynamic rendering, one rendering pass per layer (the render-target path of
  // glClear/glClearBuffer for scissored, masked or multisample clears): vkCmdClearAttachments when
  // every channel is written, else an internal pipeline that draws the rectangle with the masks.
  // The colour image is seen through a view in `view_format` (its own format, or one it was made
  // MUTABLE_FORMAT for); the image needs COLOR_ATTACHMENT or DEPTH_STENCIL_ATTACHMENT usage.
  void clear_color_region(Image& image, VkFormat view_format, const RenderRegion& region,
                          const VkClearColorValue& value, ColorOutput output, VkColorComponentFlags write_mask);
  void clear_depth_stencil_region(Image& image, const RenderRegion& region, bool depth, float depth_value,
                                  bool stencil, std::uint32_t stencil_value, std::uint32_t stencil_write_mask);
  // A scaled blit drawn by an internal pipeline, for what vkCmdBlitImage cannot do (multisample
  // destinations, formats without blit support): layer `src_layer` of `src_level`, seen in
  // `src_format`, is read with the blit's filter at offset + centre * scale for the centre of each
  // pixel of `dst_region`'s rectangle (its first layer). Needs Device::has_push_descriptor().
  void blit_with_shader(Image& src, VkFormat src_format, std::uint32_t src_level, std::uint32_t src_layer, Image& dst,
                        VkFormat dst_format, const RenderRegion& dst_region, const BlitConstants& mapping,
                        ColorOutput output, bool linear);
  // Resolves `rect` of a multisample depth/stencil layer into the same rectangle of a single-sample
  // image of the same format (sample 0 of each pixel), through a dynamic-rendering resolve.
  void resolve_depth_stencil(Image& src, std::uint32_t src_layer, Image& dst, std::uint32_t dst_level,
                             std::uint32_t dst_layer, const VkRect2D& rect);
  // A multisample resolve (same size and format).
  void resolve_image(Image& src, Image& dst, std::span<const VkImageResolve> regions);
  // A scaling/converting blit; src and dst may be the same image (different subresources).
  void blit_image(Image& src, Image& dst, std::span<const VkImageBlit> regions, VkFilter filter);

  // Records a draw into `targets`, continuing the open rendering pass when the targets are the
  // same (draw_pass.cpp). Buffers and images the draw reads must have been prepared
  // (prepare_sampled) and marked used by the caller.
  void draw(const DrawTargets& targets, const DrawRecord& record);
  // Records a compute dispatch outside any rendering pass, after every earlier write; what it stores
  // is seen by everything recorded later (kRecordedWrites). Buffers and images it reads must have
  // been prepared and marked used by the caller.
  void dispatch(const DispatchRecord& record);
  // Brings the subresources a draw samples into the sampled layout (ending the open rendering pass
  // when a transition is needed) and marks the image used by the open batch.
  void prepare_sampled(Image& image, const VkImageSubresourceRange& range);
  // Writes query `index` of a timestamp pool once every command recorded before has completed
  // (inside or outside the open rendering pass).
  void write_timestamp(VkQueryPool pool, std::uint32_t index);
  // Ends the open rendering pass of draws, if any (every non-draw operation does so first).
  void end_draw_pass();
  // Brings the subresources a draw or dispatch loads and stores (image units) into GENERAL, the one
  // layout storage images have, ending the open rendering pass when a transition is needed.
  void prepare_storage(Image& image, const VkImageSubresourceRange& range);
  std::uint64_t draw_count() const { return draws_; }
  std::uint64_t pass_count() const { return passes_; }

  // The serial the open batch will have when submitted; serials of submitted batches are lower.
  std::uint64_t open_serial() const { return open_serial_; }
  bool has_recorded_work() const { return recording_ != nullptr; }

  // Submits the open batch if it holds work; returns the serial of the last submitted batch.
  // A lost device (Device::lost) gets nothing: flush, wait and is_complete then see every batch
  // complete; the submission or wait that finds the device lost throws Error(VK_ERROR_DEVICE_LOST).
  std::uint64_t flush();
  // True once the batch with this serial has finished on the GPU (never for the open batch).
  bool is_complete(std::uint64_t serial);
  // Submits the open batch if `serial` names it, then blocks until `serial` has finished.
  void wait(std::uint64_t serial);
  void wait_idle() { wait(open_serial_); }
  // Waits at most `timeout_ns` for the submitted batches up to `serial` (never submits the open
  // batch); true once `serial` has finished, false when the time ran out or `serial` is still open.
  bool wait_for(std::uint64_t serial, std::uint64_t timeout_ns);

  // Keeps `object` alive until the batch `serial` has finished (storage replaced while in use);
  // `bytes` is the memory it holds. Draws submit the open batch once the storage waiting for it
  // passes kRetainedBytesPerSubmission, and wait for the oldest batches while the storage waiting
  // for unfinished batches passes kMaxRetainedBytes: a program replacing textures or buffers at
  // every draw runs in bounded memory, not in a thousand draws' worth of replaced storage.
  void release_after(std::shared_ptr<void> object, std::uint64_t serial, VkDeviceSize bytes = 0);
  VkDeviceSize retained_bytes() const { return retained_bytes_; }

  std::uint64_t submission_count() const { return submissions_; }

  // The shader blit's sampler (nearest or linear), building the internal pipelines if needed:
  // for tagging it with a shadow-check record.
  VkSampler blit_sampler(bool linear) { return pipelines().blit_sampler(linear); }

  // Runs `hook` once, when the first submitted batch is seen complete (the driver has by then
  // executed work and set up what it does lazily, such as its shader compiler).
  void on_first_completion(std::function<void()> hook) { first_completion_ = std::move(hook); }

 private:
  struct Batch {
    VkCommandBuffer commands = VK_NULL_HANDLE;
    VkFence fence = VK_NULL_HANDLE;
    std::uint64_t serial = 0;
    DescriptorPools descriptor_pools;  // the sets of draws whose layout is not pushed
  };
  Batch* begin_batch();
  // Opens a batch and orders what follows after every earlier transfer write.
  VkCommandBuffer begin_transfer();
  void retire_completed();
  // After VK_ERROR_DEVICE_LOST: nothing recorded or in flight will run, so all of it counts as
  // complete (waits return, deferred objects are freed, no batch is submitted again).
  void abandon_work();
  // Marks the device lost, abandons the work and throws Error(VK_ERROR_DEVICE_LOST) naming `what`.
  [[noreturn]] void lose_device(const char* what);
  // Opens a batch for rendering into `image`: earlier writes are visible to attachment accesses and
  // `region`'s subresources are in `layout`.
  VkCommandBuffer begin_rendering_into(Image& image, const RenderRegion& region, VkImageLayout layout);
  InternalPipelines& pipelines();
  void begin_draw_pass(const DrawTargets& targets);
  // Pushes `writes` as set 0 of `layout`, or writes them into a set of the recording batch's pools
  // and binds it (DescriptorLayout::pushed).
  void bind_descriptors(VkPipelineBindPoint bind_point, VkPipelineLayout layout, const DescriptorLayout* set_layout,
                        std::span<const VkWriteDescriptorSet> writes);

  const Device& device_;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  std::deque<Batch> in_flight_;
  std::vector<Batch> free_;
  Batch* recording_ = nullptr;
  Batch open_batch_;
  std::uint64_t open_serial_ = 1;
  std::uint64_t completed_serial_ = 0;
  std::uint64_t submissions_ = 0;
  struct Deferred {
    std::uint64_t serial;
    std::shared_ptr<void> object;
    VkDeviceSize bytes;
  };
  std::deque<Deferred> deferred_;
  VkDeviceSize retained_bytes_ = 0;       // bytes of deferred_
  VkDeviceSize open_retained_bytes_ = 0;  // of those, waiting for the open batch
  std::function<void()> first_completion_;
  std::unique_ptr<InternalPipelines> pipelines_;  // built on the first render-target operation
  // The open rendering pass of draws and what the command buffer has bound (reset per pass).
  bool pass_open_ = false;
  void begin_capture(VkCommandBuffer commands, const DrawRecord& record);
  void end_capture(VkCommandBuffer commands);
  DrawTargets pass_targets_{};
  VkPipeline bound_pipeline_ = VK_NULL_HANDLE;
  bool dynamic_state_valid_ = false;
  DrawDynamicState last_dynamic_state_{};
  std::uint32_t bound_vertex_buffer_count_ = 0;  // 0: nothing known bound
  std::array<DrawVertexBuffer, kMaxVertexAttributes> bound_vertex_buffers_{};
  std::uint32_t batch_draws_ = 0;  // draws recorded into the open batch
  std::uint64_t draws_ = 0, passes_ = 0;
};

}  // namespace glvk::vk_backend
