// What the draw path keeps per screen (device): the pipeline cache, the streaming upload ring,
// samplers and sampled image views (created once per distinct state), and the stand-in texture
// incomplete textures sample. Private to src/st; used with the screen's lock held.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <tuple>
#include <unordered_map>

#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/image.h"
#include "glvk/vk_backend/pipeline_cache.h"
#include "glvk/vk_backend/stream_buffer.h"
#include "screen_impl.h"

namespace glvk::st {

struct SamplerKey {
  VkFilter mag, min;
  VkSamplerMipmapMode mipmap;
  VkSamplerAddressMode u, v, w;
  float lod_bias, min_lod, max_lod, anisotropy;
  VkBool32 compare;
  VkCompareOp compare_op;
  VkBorderColor border;
  std::array<std::uint32_t, 4> custom_border;  // the colour of VK_BORDER_COLOR_*_CUSTOM_EXT, else 0
  bool unnormalized;
  bool non_seamless;  // VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT
  auto tie() const {
    return std::tie(mag, min, mipmap, u, v, w, lod_bias, min_lod, max_lod, anisotropy, compare, compare_op, border,
                    custom_border, unnormalized, non_seamless);
  }
  bool operator<(const SamplerKey& o) const { return tie() < o.tie(); }
};

struct ViewKey {
  const vk_backend::Image* image;
  VkImageViewType type;
  VkFormat format;
  VkComponentMapping components;
  VkImageSubresourceRange range;
  auto tie() const {
    return std::tie(image, type, format, components.r, components.g, components.b, components.a, range.aspectMask,
                    range.baseMipLevel, range.levelCount, range.baseArrayLayer, range.layerCount);
  }
  bool operator<(const ViewKey& o) const { return tie() < o.tie(); }
};

struct BufferViewKey {
  const vk_backend::Buffer* buffer;
  VkFormat format;
  VkDeviceSize offset, range;
  auto tie() const { return std::tie(buffer, format, offset, range); }
  bool operator<(const BufferViewKey& o) const { return tie() < o.tie(); }
};

struct DrawResources {
  explicit DrawResources(Screen::Impl& s);
  ~DrawResources();

  // A cached sampler; `created` (optional) says whether it was made by this call.
  VkSampler sampler(const SamplerKey& key, bool* created = nullptr);
  // A cached view of `image`; entries of destroyed images are dropped as they are met.
  VkImageView view(const std::shared_ptr<vk_backend::Image>& image, const ViewKey& key, bool* created = nullptr);
  // A cached texel buffer view of `buffer`; entries of destroyed buffers are dropped as they are met.
  VkBufferView buffer_view(const std::shared_ptr<vk_backend::Buffer>& buffer, const BufferViewKey& key,
                           bool* created = nullptr);
  // Whether the device blends into attachments of `format` (COLOR_ATTACHMENT_BLEND).
  bool blendable(VkFormat format) const;

  Screen::Impl& screen;
  vk_backend::PipelineCache pipelines;
  vk_backend::StreamBuffer uploads;
  std::map<SamplerKey, VkSampler> samplers;
  struct CachedView {
    std::weak_ptr<vk_backend::Image> image;
    std::shared_ptr<vk_backend::ImageView> view;
  };
  std::map<ViewKey, CachedView> views;
  struct CachedBufferView {
    std::weak_ptr<vk_backend::Buffer> buffer;
    std::shared_ptr<vk_backend::BufferView> view;
  };
  std::map<BufferViewKey, CachedBufferView> buffer_views;
  // What a samplerBuffer without a buffer reads: one zero texel (float, signed, unsigned).
  std::shared_ptr<vk_backend::Buffer> zero_texel;
  std::array<std::unique_ptr<vk_backend::BufferView>, 3> zero_texel_views;
  // What an incomplete texture samples: (0, 0, 0, 1) (GL 4.6 11.1.3.5), one 1x1 image per view
  // shape (1D, 2D, cube, 3D, 2D multisample) and number kind (float, signed, unsigned), made on
  // first use: Vulkan needs the view's numeric type and sample count to be the sampler's.
  std::array<std::shared_ptr<vk_backend::Image>, 15> incomplete;
};

// The screen's draw resources, created on first use (screen lock held).
DrawResources& draw_resources(Screen::Impl& s);

}  // namespace glvk::st
