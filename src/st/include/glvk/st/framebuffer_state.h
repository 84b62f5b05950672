// The derived framebuffer state the backend renders with (the pipe_framebuffer_state that
// st_update_framebuffer_state builds, seed 002): colour buffers per draw-buffer output with trailing
// holes removed, one depth/stencil surface, and a size, layer count and sample count.
#pragma once

#include <array>
#include <cstdint>

namespace glvk::st {

constexpr unsigned kMaxColorBuffers = 8;

// A view of one attached image, as the backend will render to it.
struct Surface {
  std::uint32_t width = 0, height = 0;
  std::uint32_t layer_count = 1;  // layers reachable through the view (1 unless layered)
  std::uint32_t samples = 0;      // 0 or 1: single-sampled
  bool layered = false;
};

struct FramebufferInput {
  // Per draw-buffer output i: the surface of the attachment DRAW_BUFFERi names, or null for
  // GL_NONE or an empty attachment point.
  std::array<const Surface*, kMaxColorBuffers> draw_surfaces{};
  unsigned num_draw_buffers = 1;
  const Surface* depth = nullptr;
  const Surface* stencil = nullptr;
  // Framebuffer defaults (glFramebufferParameteri), the geometry of an attachment-less framebuffer.
  std::uint32_t default_width = 0, default_height = 0, default_layers = 0, default_samples = 0;
  // VkSampleCountFlags-style mask of the counts the device renders with; bit n means 2^n samples.
  std::uint32_t supported_sample_counts = 0x1;
};

struct FramebufferState {
  std::uint32_t width = 0, height = 0;
  std::uint32_t layers = 1;   // >= 1; the smallest layer count when every surface is layered
  std::uint32_t samples = 1;  // >= 1
  unsigned nr_cbufs = 0;      // trailing null outputs removed; interior nulls stay (GL_NONE holes)
  std::array<const Surface*, kMaxColorBuffers> cbufs{};
  const Surface* zsbuf = nullptr;  // the depth surface, else the stencil surface
};

// st_update_framebuffer_state.
FramebufferState update_framebuffer_state(const FramebufferInput& input);

// framebuffer_quantize_num_samples: the smallest supported count >= requested (0 and 1 mean one
// sample); 0 when the device supports no count that large.
std::uint32_t quantize_sample_count(std::uint32_t requested, std::uint32_t supported_sample_counts);

// Where sample `index` of a `samples`-sample pixel lies (GL_SAMPLE_POSITION): Vulkan's standard
// sample locations (the devices glvk runs on report standardSampleLocations), in GL's pixel
// coordinates, which are Vulkan's since glvk keeps GL's row order in its images. False for a
// count without standard locations or an index beyond it.
bool standard_sample_position(std::uint32_t samples, std::uint32_t index, float position[2]);

}  // namespace glvk::st
