#include "glvk/st/framebuffer_state.h"

#include <algorithm>
#include <limits>

namespace glvk::st {

std::uint32_t quantize_sample_count(std::uint32_t requested, std::uint32_t supported_sample_counts) {
  if (requested <= 1) return 1;
  for (unsigned bit = 0; bit < 32; ++bit) {
    const std::uint32_t count = 1u << bit;
    if (count >= requested && (supported_sample_counts & count)) return count;
  }
  return 0;
}

bool standard_sample_position(std::uint32_t samples, std::uint32_t index, float position[2]) {
  // The table of the Vulkan specification's standard sample locations, in sixteenths of a pixel.
  static constexpr std::uint8_t k1[][2] = {{8, 8}};
  static constexpr std::uint8_t k2[][2] = {{12, 12}, {4, 4}};
  static constexpr std::uint8_t k4[][2] = {{6, 2}, {14, 6}, {2, 10}, {10, 14}};
  static constexpr std::uint8_t k8[][2] = {{9, 5}, {7, 11}, {13, 9}, {5, 3}, {3, 13}, {1, 7}, {11, 15}, {15, 1}};
  static constexpr std::uint8_t k16[][2] = {{9, 9}, {7, 5}, {5, 10}, {12, 7}, {3, 6}, {10, 13}, {13, 11}, {11, 3},
                                            {6, 14}, {8, 1}, {4, 2}, {2, 12}, {0, 8}, {15, 4}, {14, 15}, {1, 0}};
  const std::uint8_t(*table)[2] = samples == 1   ? k1
                                  : samples == 2  ? k2
                                  : samples == 4  ? k4
                                  : samples == 8  ? k8
                                  : samples == 16 ? k16
                                                  : nullptr;
  if (!table || index >= samples) return false;
  position[0] = float(table[index][0]) / 16.0f;
  position[1] = float(table[index][1]) / 16.0f;
  return true;
}

FramebufferState update_framebuffer_state(const FramebufferInput& input) {
  FramebufferState fb;
  constexpr std::uint32_t kUnbounded = std::numeric_limits<std::uint32_t>::max();
  std::uint32_t width = kUnbounded, height = kUnbounded, layers = kUnbounded;
  bool any_surface = false, all_layered = true;
  std::uint32_t samples = 0;

  const auto include = [&](const Surface* s) {
    any_surface = true;
    width = std::min(width, s->width);
    height = std::min(height, s->height);
    samples = std::max(samples, s->samples);
    if (s->layered)
      layers = std::min(layers, s->layer_count);
    else
      all_layered = false;
  };

  fb.nr_cbufs = std::min(input.num_draw_buffers, kMaxColorBuffers);
  for (unsigned i = 0; i < fb.nr_cbufs; ++i) {
    fb.cbufs[i] = input.draw_surfaces[i];
    if (fb.cbufs[i]) include(fb.cbufs[i]);
  }
  while (fb.nr_cbufs && !fb.cbufs[fb.nr_cbufs - 1]) --fb.nr_cbufs;

  fb.zsbuf = input.depth ? input.depth : input.stencil;
  if (fb.zsbuf) include(fb.zsbuf);

  if (any_surface) {
    fb.width = width;
    fb.height = height;
    fb.layers = all_layered ? layers : 1;
    fb.samples = std::max<std::uint32_t>(samples, 1);
  } else {
    // No attachments: the geometry is the framebuffer's defaults, the sample count legalised.
    fb.width = input.default_width;
    fb.height = input.default_height;
    fb.layers = std::max<std::uint32_t>(input.default_layers, 1);
    fb.samples = std::max<std::uint32_t>(quantize_sample_count(input.default_samples, input.supported_sample_counts), 1);
  }
  return fb;
}

}  // namespace glvk::st
