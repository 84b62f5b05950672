#include "transform_feedback.h"

#include <algorithm>
#include <cstring>
#include <mutex>

#include "glvk/st/context.h"

#include "glvk/vk_backend/buffer.h"
#include "screen_impl.h"

namespace glvk::st {

class TransformFeedbackCounters {
 public:
  std::shared_ptr<vk_backend::Buffer> buffer;  // one 4-byte counter per binding, made at first use
  bool written = false;  // a draw of this capture ended and wrote them
};

std::shared_ptr<TransformFeedbackCounters> make_transform_feedback_counters() {
  return std::make_shared<TransformFeedbackCounters>();
}

void restart_transform_feedback(TransformFeedbackCounters& counters) { counters.written = false; }

std::uint64_t transform_feedback_bytes_written(Context& context, TransformFeedbackCounters& counters,
                                               unsigned binding) {
  if (!counters.written || !counters.buffer || binding >= kMaxTransformFeedbackBuffers) return 0;
  Screen::Impl& s = context.screen().impl();
  std::lock_guard lock(s.mutex);
  s.stream->wait(counters.buffer->last_use);
  // Vulkan's counters hold the bytes written past each binding's offset.
  std::uint32_t bytes = 0;
  std::memcpy(&bytes, counters.buffer->mapped() + 4 * binding, 4);
  return bytes;
}

void record_transform_feedback(const TransformFeedbackInput& input, const vk_backend::Device& device,
                               vk_backend::CommandStream& stream,
                               std::array<vk_backend::DrawXfbBuffer, kMaxTransformFeedbackBuffers>& buffers,
                               vk_backend::DrawRecord& record) {
  TransformFeedbackCounters& counters = *input.counters;
  // Bindings 0..n-1 are bound; one the program leaves unused between used ones takes the first
  // used buffer (Vulkan binds a range of bindings; nothing is written there).
  std::uint32_t count = 0;
  const Resource* first_used = nullptr;
  for (std::uint32_t b = 0; b < kMaxTransformFeedbackBuffers; ++b)
    if (input.buffers[b].buffer && input.buffers[b].buffer->storage) {
      count = b + 1;
      if (!first_used) first_used = input.buffers[b].buffer;
    }
  if (count == 0) return;
  for (std::uint32_t b = 0; b < count; ++b) {
    const BufferRange& range = input.buffers[b];
    const bool used = range.buffer && range.buffer->storage;
    Resource& resource = const_cast<Resource&>(used ? *range.buffer : *first_used);
    vk_backend::Buffer& storage = *resource.storage;
    storage.last_use = stream.open_serial();
    if (!used || range.offset >= storage.size()) {
      // Nothing fits at or past the end: a one-word range the capture never reaches.
      buffers[b] = {storage.handle(), 0, 4};
      continue;
    }
    const std::uint64_t end = range.size ? std::min<std::uint64_t>(range.offset + range.size, storage.size()) : storage.size();
    buffers[b] = {storage.handle(), range.offset, end - range.offset};
    resource.valid_buffer_range.add(range.offset, end);
  }
  if (!counters.buffer)
    counters.buffer = std::make_shared<vk_backend::Buffer>(device, 4 * kMaxTransformFeedbackBuffers,
                                                           vk_backend::MemoryPlacement::HostReadback);
  counters.buffer->last_use = stream.open_serial();
  stream.release_after(counters.buffer, stream.open_serial());  // the GL object may go first
  record.xfb_buffers = std::span(buffers.data(), count);
  record.xfb_counters = counters.buffer->handle();
  record.xfb_resume = counters.written;
  counters.written = true;
}

}  // namespace glvk::st
