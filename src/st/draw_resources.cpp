// The draw path's per-device caches and the sampled views of textures (st_atom_sampler,
// st_atom_texture, st_create_sampler_view): GL sampling parameters to VkSampler, GL texture state
// (target, levels, base format, swizzle, depth/stencil mode) to VkImageView.
#include "draw_resources.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdlib>

#include "glvk/formats/format.h"
#include "glvk/st/texture.h"
#include "glvk/vk_backend/buffer.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/device.h"
#include "glvk/vk_backend/error.h"
#include "draw_state.h"
#include "sampled_view.h"
#include "shadow_tag.h"

namespace glvk::st {

namespace {

std::string pipeline_cache_directory() {
  const char* dir = std::getenv("GLVK_PIPELINE_CACHE");
  return dir ? dir : "";
}

}  // namespace

DrawResources::DrawResources(Screen::Impl& s)
    : screen(s), pipelines(*s.device, pipeline_cache_directory()), uploads(*s.device, *s.stream) {}

DrawResources::~DrawResources() {
  for (auto& [key, sampler] : samplers) vkDestroySampler(screen.device->handle(), sampler, nullptr);
}

bool DrawResources::blendable(VkFormat format) const {
  return screen.device->format_properties(format).optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT;
}

DrawResources& draw_resources(Screen::Impl& s) {
  if (!s.draw) s.draw = std::make_unique<DrawResources>(s);
  return *s.draw;
}

VkSampler DrawResources::sampler(const SamplerKey& key, bool* created) {
  if (created) *created = false;
  if (auto found = samplers.find(key); found != samplers.end()) return found->second;
  if (created) *created = true;
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  info.magFilter = key.mag;
  info.minFilter = key.min;
  info.mipmapMode = key.mipmap;
  info.addressModeU = key.u;
  info.addressModeV = key.v;
  info.addressModeW = key.w;
  info.mipLodBias = key.lod_bias;
  info.anisotropyEnable = key.anisotropy > 1.0f;
  info.maxAnisotropy = key.anisotropy;
  info.compareEnable = key.compare;
  info.compareOp = key.compare_op;
  info.minLod = key.min_lod;
  info.maxLod = key.max_lod;
  info.borderColor = key.border;
  info.unnormalizedCoordinates = key.unnormalized;
  if (key.non_seamless) info.flags |= VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT;
  VkSamplerCustomBorderColorCreateInfoEXT custom{VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
  if (key.border == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || key.border == VK_BORDER_COLOR_INT_CUSTOM_EXT) {
    std::memcpy(custom.customBorderColor.uint32, key.custom_border.data(), sizeof custom.customBorderColor.uint32);
    custom.format = VK_FORMAT_UNDEFINED;  // customBorderColorWithoutFormat (DrawFeatures::custom_border_color)
    info.pNext = &custom;
  }
  VkSampler sampler = VK_NULL_HANDLE;
  vk_backend::check(vkCreateSampler(screen.device->handle(), &info, nullptr, &sampler), "vkCreateSampler");
  return samplers.emplace(key, sampler).first->second;
}

VkImageView DrawResources::view(const std::shared_ptr<vk_backend::Image>& image, const ViewKey& key, bool* created) {
  if (created) *created = false;
  auto found = views.find(key);
  if (found != views.end() && found->second.image.lock() == image) return found->second.view->handle();
  if (created) *created = true;
  if (found != views.end()) views.erase(found);  // a dead image's view under a reused address
  // Views of destroyed images go once they pile up (the GPU finished with an image before its
  // last reference was dropped, so their views are idle too).
  if (views.size() > 4096) std::erase_if(views, [](const auto& entry) { return entry.second.image.expired(); });
  auto view = std::make_shared<vk_backend::ImageView>(*screen.device, *image, key.type, key.format, key.components,
                                                      key.range);
  const VkImageView handle = view->handle();
  views.emplace(key, CachedView{image, std::move(view)});
  return handle;
}

namespace {

VkSamplerAddressMode address_mode(GLenum wrap) {
  switch (wrap) {
    case GL_MIRRORED_REPEAT: return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    case GL_CLAMP_TO_EDGE: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    case GL_CLAMP_TO_BORDER: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    case GL_MIRROR_CLAMP_TO_EDGE: return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
    // Compatibility GL_CLAMP blends with the border colour at the edge under linear filtering;
    // Vulkan has no such mode. Fixed-function draws come here with CLAMP_TO_BORDER instead, their
    // shader clamping the coordinates (src/gl's gl_clamp_coords); for GLSL programs clamping to the
    // edge is the nearest behaviour.
    case GL_CLAMP: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    default: return VK_SAMPLER_ADDRESS_MODE_REPEAT;
  }
}

bool is_mipmap_filter(GLenum min_filter) { return min_filter != GL_NEAREST && min_filter != GL_LINEAR; }

}  // namespace

bool BorderColor::built_in() const {
  const std::uint32_t one = integer ? 1u : 0x3f800000u;
  // Float channels compare by value, as radeonsi's check does (-0.0 is 0).
  const auto zero = [&](std::uint32_t b) { return b == 0 || (!integer && b == 0x80000000u); };
  if (zero(bits[0]) && zero(bits[1]) && zero(bits[2])) return zero(bits[3]) || bits[3] == one;
  return bits[0] == one && bits[1] == one && bits[2] == one && bits[3] == one;
}

namespace {

// The built-in Vulkan colour equal to GL's, or the nearest one for devices without custom colours.
VkBorderColor built_in_border_color(const BorderColor& b) {
  float c[4];
  for (int i = 0; i < 4; ++i) {
    if (b.integer) c[i] = float(std::int32_t(b.bits[std::size_t(i)]));
    else std::memcpy(&c[i], &b.bits[std::size_t(i)], 4);
  }
  const bool opaque = c[3] >= 0.5f, white = c[0] >= 0.5f && c[1] >= 0.5f && c[2] >= 0.5f;
  if (b.integer) return !opaque ? VK_BORDER_COLOR_INT_TRANSPARENT_BLACK
                         : white ? VK_BORDER_COLOR_INT_OPAQUE_WHITE : VK_BORDER_COLOR_INT_OPAQUE_BLACK;
  return !opaque ? VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK
         : white ? VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE : VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
}

}  // namespace

BorderColor border_color_of(const SamplerInput& s, bool integer) {
  BorderColor b;
  b.integer = integer;
  for (std::size_t i = 0; i < 4; ++i) {
    if (integer) {
      const GLint v = s.border_color_is_integer ? s.border_color_integer[i] : GLint(s.border_color[i]);
      b.bits[i] = std::uint32_t(v);
    } else {
      std::memcpy(&b.bits[i], &s.border_color[i], 4);
    }
  }
  return b;
}

SamplerLods convert_sampler_lods(const SamplerInput& s) {
  SamplerLods out;
  out.lod_bias = std::floor(std::clamp(s.lod_bias, -16.0f, 16.0f) * 256.0f) / 256.0f;
  out.min_lod = std::max(s.min_lod, 0.0f);
  out.max_lod = s.max_lod;
  if (out.max_lod < out.min_lod) std::swap(out.min_lod, out.max_lod);  // "the GL spec doesn't seem to specify"
  return out;
}

SamplerKey sampler_key(const SamplerInput& s, const vk_backend::Device& device, std::uint32_t levels, bool integer,
                       bool depth_compare_allowed) {
  SamplerKey key{};
  const SamplerLods lods = convert_sampler_lods(s);
  // Integer textures take NEAREST filtering whatever the parameters say (GL 4.6 8.17: they are
  // incomplete otherwise in GL; Vulkan cannot filter them), and so do non-filterable formats.
  const bool nearest_only = integer;
  key.mag = (s.mag_filter == GL_LINEAR && !nearest_only) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  const bool min_linear = s.min_filter == GL_LINEAR || s.min_filter == GL_LINEAR_MIPMAP_NEAREST ||
                          s.min_filter == GL_LINEAR_MIPMAP_LINEAR;
  key.min = (min_linear && !nearest_only) ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
  const bool mip_linear = s.min_filter == GL_NEAREST_MIPMAP_LINEAR || s.min_filter == GL_LINEAR_MIPMAP_LINEAR;
  key.mipmap = (mip_linear && !nearest_only) ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
  key.u = address_mode(s.wrap_s);
  key.v = address_mode(s.wrap_t);
  key.w = address_mode(s.wrap_r);
  const float max_bias = device.properties().limits.maxSamplerLodBias;
  key.lod_bias = std::clamp(lods.lod_bias, -max_bias, max_bias);
  // The view starts at the base level, so GL's lod (relative to the base level) is Vulkan's. A
  // non-mipmapped filter samples the base level only: a maximum lod of 0.25 keeps the
  // magnification/minification choice while never leaving level 0 (GL 4.6 8.14.2).
  key.min_lod = std::clamp(lods.min_lod, 0.0f, float(levels - 1));
  key.max_lod = is_mipmap_filter(s.min_filter) ? std::clamp(lods.max_lod, key.min_lod, float(levels - 1))
                                               : std::min(0.25f, std::max(key.min_lod, 0.0f));
  if (key.max_lod < key.min_lod) key.max_lod = key.min_lod;
  key.anisotropy = device.features().samplerAnisotropy
                       ? std::clamp(s.max_anisotropy, 1.0f, device.properties().limits.maxSamplerAnisotropy)
                       : 1.0f;
  // Vulkan filters cube maps seamlessly; GL only with TEXTURE_CUBE_MAP_SEAMLESS (the device's
  // non-seamless mode where it has one, else seamless: the edge texels differ, nothing else).
  key.non_seamless = !s.seamless_cube_map && device.draw_features().non_seamless_cube_map;
  key.compare = depth_compare_allowed && s.compare_mode == GL_COMPARE_REF_TO_TEXTURE;
  key.compare_op = key.compare ? compare_op(s.compare_func) : VK_COMPARE_OP_NEVER;
  // GL's border colour exactly where the device takes custom colours and the sampler can reach the
  // border; the nearest built-in colour otherwise.
  const bool reaches_border = key.u == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                              key.v == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                              key.w == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
  const BorderColor border = border_color_of(s, integer);
  if (reaches_border && device.draw_features().custom_border_color && !border.built_in()) {
    key.border = integer ? VK_BORDER_COLOR_INT_CUSTOM_EXT : VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
    key.custom_border = border.bits;
  } else {
    key.border = built_in_border_color(border);
  }
  return key;
}

VkImageViewType view_type(GLenum target) {
  switch (target) {
    case GL_TEXTURE_1D: return VK_IMAGE_VIEW_TYPE_1D;
    case GL_TEXTURE_3D: return VK_IMAGE_VIEW_TYPE_3D;
    case GL_TEXTURE_CUBE_MAP: return VK_IMAGE_VIEW_TYPE_CUBE;
    case GL_TEXTURE_1D_ARRAY: return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
    case GL_TEXTURE_2D_ARRAY: case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    case GL_TEXTURE_CUBE_MAP_ARRAY: return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    default: return VK_IMAGE_VIEW_TYPE_2D;  // 2D, rectangle, 2D multisample
  }
}

namespace {

using formats::Swizzle;

VkComponentSwizzle component(Swizzle s) {
  switch (s) {
    case Swizzle::X: return VK_COMPONENT_SWIZZLE_R;
    case Swizzle::Y: return VK_COMPONENT_SWIZZLE_G;
    case Swizzle::Z: return VK_COMPONENT_SWIZZLE_B;
    case Swizzle::W: return VK_COMPONENT_SWIZZLE_A;
    case Swizzle::ZERO: return VK_COMPONENT_SWIZZLE_ZERO;
    default: return VK_COMPONENT_SWIZZLE_ONE;
  }
}

Swizzle gl_swizzle(GLint s) {
  switch (s) {
    case GL_RED: return Swizzle::X;
    case GL_GREEN: return Swizzle::Y;
    case GL_BLUE: return Swizzle::Z;
    case GL_ALPHA: return Swizzle::W;
    case GL_ZERO: return Swizzle::ZERO;
    default: return Swizzle::ONE;
  }
}

}  // namespace

// GL 4.6 table 15.1: how each base internal format's components become R, G, B, A (over the
// storage format's RGBA meaning). Depth takes DEPTH_TEXTURE_MODE in compatibility contexts.
void rebase_swizzle(GLenum base_format, GLenum depth_texture_mode, formats::Swizzle out[4]) {
  using S = Swizzle;
  auto set = [&](S r, S g, S b, S a) { out[0] = r, out[1] = g, out[2] = b, out[3] = a; };
  GLenum base = base_format;
  if (base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL || base == GL_STENCIL_INDEX)
    base = depth_texture_mode == GL_RED ? GL_RED : depth_texture_mode;
  switch (base) {
    case GL_RED: set(S::X, S::ZERO, S::ZERO, S::ONE); break;
    case GL_RG: set(S::X, S::Y, S::ZERO, S::ONE); break;
    case GL_RGB: set(S::X, S::Y, S::Z, S::ONE); break;
    case GL_LUMINANCE: set(S::X, S::X, S::X, S::ONE); break;
    case GL_LUMINANCE_ALPHA: set(S::X, S::X, S::X, S::W); break;
    case GL_INTENSITY: set(S::X, S::X, S::X, S::X); break;
    case GL_ALPHA: set(S::ZERO, S::ZERO, S::ZERO, S::W); break;
    default: set(S::X, S::Y, S::Z, S::W); break;
  }
}

int sampled_kind(std::uint32_t sampler_gl_type) {
  switch (sampler_gl_type) {
    case GL_INT_SAMPLER_1D: case GL_INT_SAMPLER_2D: case GL_INT_SAMPLER_3D: case GL_INT_SAMPLER_CUBE:
    case GL_INT_SAMPLER_1D_ARRAY: case GL_INT_SAMPLER_2D_ARRAY: case GL_INT_SAMPLER_2D_RECT:
    case GL_INT_SAMPLER_BUFFER: case GL_INT_SAMPLER_CUBE_MAP_ARRAY: case GL_INT_SAMPLER_2D_MULTISAMPLE:
    case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return 1;
    case GL_UNSIGNED_INT_SAMPLER_1D: case GL_UNSIGNED_INT_SAMPLER_2D: case GL_UNSIGNED_INT_SAMPLER_3D:
    case GL_UNSIGNED_INT_SAMPLER_CUBE: case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY: case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_RECT: case GL_UNSIGNED_INT_SAMPLER_BUFFER: case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return 2;
    default: return 0;
  }
}

int format_kind(const formats::FormatDesc& d) {
  if (!d.is_pure_integer) return 0;
  return d.channel[0].type == formats::ChannelType::SIGNED ? 1 : 2;
}

SampledView sampled_view(const TextureInput& t) {
  const Texture& texture = *t.texture;
  const TextureLayout& layout = texture.layout();
  const formats::FormatDesc& d = formats::describe(layout.format);
  SampledView v;
  v.key.image = &texture.image();
  v.key.type = view_type(t.target);
  v.key.format = static_cast<VkFormat>(d.vk_format);
  const std::uint32_t base = std::uint32_t(std::max(t.base_level, 0));
  const std::uint32_t last = std::min<std::uint32_t>(std::uint32_t(std::max(t.max_level, t.base_level)), layout.levels - 1);
  v.levels = last >= base ? last - base + 1 : 1;
  VkImageAspectFlags aspect = VK_IMAGE_ASPECT_COLOR_BIT;
  v.integer = d.is_pure_integer;
  if (d.is_depth || d.is_stencil) {
    const bool stencil = !d.is_depth || (d.is_stencil && t.depth_stencil_mode == GL_STENCIL_INDEX);
    aspect = stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : VK_IMAGE_ASPECT_DEPTH_BIT;
    v.integer = stencil;
    v.depth = !stencil;
    v.stencil = stencil;
  }
  v.kind = v.stencil ? 2 : format_kind(d);
  const std::uint32_t layers = layout.target == TextureTarget::TEXTURE_3D ? 1 : layout.layers;
  v.key.range = {aspect, texture.image_level(base), v.levels,
                 layout.target == TextureTarget::TEXTURE_3D ? 0 : texture.image_layer(0), layers};
  // Components: the storage format's own emulation swizzle, then the base format's rebase, then
  // the texture's swizzle parameters.
  Swizzle storage[4], rebase[4], gl[4], combined[4];
  for (int i = 0; i < 4; ++i) storage[i] = d.vk_swizzle[i] == Swizzle::NONE ? Swizzle(i) : d.vk_swizzle[i];
  if (d.is_depth || d.is_stencil) for (int i = 0; i < 4; ++i) storage[i] = i == 0 ? Swizzle::X : i == 3 ? Swizzle::ONE : Swizzle::ZERO;
  rebase_swizzle(t.base_format, t.depth_texture_mode, rebase);
  for (int i = 0; i < 4; ++i) gl[i] = gl_swizzle(t.swizzle[i]);
  formats::compose_swizzles(rebase, gl, v.gl_swizzle);
  formats::compose_swizzles(storage, rebase, v.border_channels);
  formats::compose_swizzles(storage, rebase, combined);
  formats::compose_swizzles(combined, gl, combined);
  v.key.components = {component(combined[0]), component(combined[1]), component(combined[2]), component(combined[3])};
  return v;
}

SamplerInput border_in_storage_channels(const SamplerInput& s, const SampledView& v) {
  bool identity = true;
  for (int k = 0; k < 4; ++k) identity = identity && v.border_channels[k] == Swizzle(k);
  if (identity) return s;
  SamplerInput out = s;
  out.border_color = {0, 0, 0, 0};
  out.border_color_integer = {0, 0, 0, 0};
  // From alpha down to red, so that red wins a channel several components read (luminance's R).
  for (int k = 3; k >= 0; --k) {
    const Swizzle c = v.border_channels[k];
    if (c > Swizzle::W) continue;  // a constant: the border's component is never read
    out.border_color[std::size_t(c)] = s.border_color[std::size_t(k)];
    out.border_color_integer[std::size_t(c)] = s.border_color_integer[std::size_t(k)];
  }
  return out;
}

namespace {

// The view type a GLSL sampler type reads.
VkImageViewType sampler_view_type(std::uint32_t gl_type) {
  switch (gl_type) {
    case GL_SAMPLER_1D: case GL_SAMPLER_1D_SHADOW: case GL_INT_SAMPLER_1D: case GL_UNSIGNED_INT_SAMPLER_1D:
      return VK_IMAGE_VIEW_TYPE_1D;
    case GL_SAMPLER_1D_ARRAY: case GL_SAMPLER_1D_ARRAY_SHADOW: case GL_INT_SAMPLER_1D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_1D_ARRAY:
      return VK_IMAGE_VIEW_TYPE_1D_ARRAY;
    case GL_SAMPLER_3D: case GL_INT_SAMPLER_3D: case GL_UNSIGNED_INT_SAMPLER_3D: return VK_IMAGE_VIEW_TYPE_3D;
    case GL_SAMPLER_CUBE: case GL_SAMPLER_CUBE_SHADOW: case GL_INT_SAMPLER_CUBE: case GL_UNSIGNED_INT_SAMPLER_CUBE:
      return VK_IMAGE_VIEW_TYPE_CUBE;
    case GL_SAMPLER_2D_ARRAY: case GL_SAMPLER_2D_ARRAY_SHADOW: case GL_INT_SAMPLER_2D_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY: case GL_SAMPLER_2D_MULTISAMPLE_ARRAY:
    case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
    case GL_SAMPLER_CUBE_MAP_ARRAY: case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW: case GL_INT_SAMPLER_CUBE_MAP_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY:
      return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
    default: return VK_IMAGE_VIEW_TYPE_2D;
  }
}

// The texture target whose fallback texture a stand-in view of `type` plays (for its shadow record).
formats::TextureTarget stand_in_target(VkImageViewType type) {
  using formats::TextureTarget;
  switch (type) {
    case VK_IMAGE_VIEW_TYPE_1D: return TextureTarget::TEXTURE_1D;
    case VK_IMAGE_VIEW_TYPE_1D_ARRAY: return TextureTarget::TEXTURE_1D_ARRAY;
    case VK_IMAGE_VIEW_TYPE_3D: return TextureTarget::TEXTURE_3D;
    case VK_IMAGE_VIEW_TYPE_CUBE: return TextureTarget::TEXTURE_CUBE;
    case VK_IMAGE_VIEW_TYPE_CUBE_ARRAY: return TextureTarget::TEXTURE_CUBE_ARRAY;
    case VK_IMAGE_VIEW_TYPE_2D_ARRAY: return TextureTarget::TEXTURE_2D_ARRAY;
    default: return TextureTarget::TEXTURE_2D;
  }
}

// The format of the stand-ins reading numbers of `kind` (sampled_kind's).
formats::Format stand_in_format(int kind) {
  using formats::Format;
  return kind == 1 ? Format::R8G8B8A8_SINT : kind == 2 ? Format::R8G8B8A8_UINT : Format::R8G8B8A8_UNORM;
}

bool multisample_sampler(std::uint32_t gl_type) {
  switch (gl_type) {
    case GL_SAMPLER_2D_MULTISAMPLE: case GL_INT_SAMPLER_2D_MULTISAMPLE: case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
    case GL_SAMPLER_2D_MULTISAMPLE_ARRAY: case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
    case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY:
      return true;
    default: return false;
  }
}

// The stand-in image for views of `type`, multisampled or not, reading numbers of `kind`: 1x1,
// cleared to (0, 0, 0, 1) in that kind when first made. Cubes get their own image, as each target
// has its own fallback texture in Mesa: a 2D view of a 6-layer image is an array to RADV (the
// image's layers pick the resource type). Multisample stand-ins have 4 samples, a count every
// Vulkan device samples colour with (and the one glvk's MAX_INTEGER_SAMPLES also promises).
const std::shared_ptr<vk_backend::Image>& stand_in_image(DrawResources& res, vk_backend::CommandStream& stream,
                                                         VkImageViewType type, bool multisample, int kind) {
  const bool cube = type == VK_IMAGE_VIEW_TYPE_CUBE || type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
  const int shape = multisample ? 4
                    : type == VK_IMAGE_VIEW_TYPE_1D || type == VK_IMAGE_VIEW_TYPE_1D_ARRAY ? 0
                    : type == VK_IMAGE_VIEW_TYPE_3D                                         ? 3
                    : cube                                                                  ? 2
                                                                                            : 1;
  std::shared_ptr<vk_backend::Image>& image = res.incomplete[std::size_t(shape * 3 + kind)];
  if (!image) {
    vk_backend::ImageDescription d;
    d.type = shape == 0 ? VK_IMAGE_TYPE_1D : shape == 3 ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D;
    d.format = static_cast<VkFormat>(formats::describe(stand_in_format(kind)).vk_format);
    d.layers = cube ? 6 : 1;
    d.samples = multisample ? VK_SAMPLE_COUNT_4_BIT : VK_SAMPLE_COUNT_1_BIT;
    d.usage = VK_IMAGE_USAGE_SAMPLED_BIT;
    d.flags = cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
    image = std::make_shared<vk_backend::Image>(*res.screen.device, d);
    VkClearColorValue black{};
    if (kind == 0) black.float32[3] = 1.0f;
    else black.uint32[3] = 1;  // the integer 1, signed or unsigned alike
    stream.clear_color_image(*image, black, image->whole_range());
  }
  return image;
}

}  // namespace

VkDescriptorImageInfo sampled_descriptor(DrawResources& res, vk_backend::CommandStream& stream, const TextureInput* t,
                                         std::uint32_t sampler_gl_type) {
  const vk_backend::Device& device = *res.screen.device;
  const VkImageViewType wanted = sampler_view_type(sampler_gl_type);
  const int kind = sampled_kind(sampler_gl_type);
  const bool comparing_sampler = sampler_gl_type == GL_SAMPLER_1D_SHADOW || sampler_gl_type == GL_SAMPLER_2D_SHADOW ||
                                 sampler_gl_type == GL_SAMPLER_1D_ARRAY_SHADOW ||
                                 sampler_gl_type == GL_SAMPLER_2D_ARRAY_SHADOW || sampler_gl_type == GL_SAMPLER_CUBE_SHADOW ||
                                 sampler_gl_type == GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW ||
                                 sampler_gl_type == GL_SAMPLER_2D_RECT_SHADOW;
  // A shadow sampler's result is the comparison of the depth itself (GLSL 1.30 on: a float):
  // DEPTH_TEXTURE_MODE places that result in a vector and must not move the depth out of R first,
  // where Vulkan's depth comparison reads it.
  TextureInput compared;
  if (t && comparing_sampler) {
    compared = *t;
    compared.depth_texture_mode = GL_RED;
    t = &compared;
  }
  const SampledView v = t && t->texture && view_type(t->target) == wanted ? sampled_view(*t) : SampledView{};
  if (v.key.image && v.kind == kind) {
    vk_backend::Image& image = t->texture->image();
    stream.prepare_sampled(image, v.key.range);
    const bool compare = v.depth && comparing_sampler;
    bool new_sampler = false, new_view = false;
    const VkSampler sampler =
        res.sampler(sampler_key(border_in_storage_channels(t->sampler, v), device, v.levels, v.integer, compare),
                    &new_sampler);
    const VkImageView view = res.view(t->texture->shared_image(), v.key, &new_view);
    // The radeonsi view of each new Vulkan object, for the shadow-check layer (DESIGN.md protocol).
    if (new_sampler) shadow_sampler(device, sampler, t->sampler, compare, v.integer);
    if (new_view) shadow_sampled_view(image, view, *t->texture, v);
    return {sampler, view, image.layout_for(VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)};
  }
  const bool multisample = multisample_sampler(sampler_gl_type);
  const std::shared_ptr<vk_backend::Image>& image = stand_in_image(res, stream, wanted, multisample, kind);
  ViewKey key{};
  key.image = image.get();
  key.type = wanted;
  key.format = image->description().format;
  key.components = {};
  key.range = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, image->description().layers};
  stream.prepare_sampled(*image, key.range);
  SamplerInput nearest;
  nearest.min_filter = nearest.mag_filter = GL_NEAREST;
  bool new_sampler = false, new_view = false;
  const VkSampler sampler = res.sampler(sampler_key(nearest, device, 1, kind != 0, false), &new_sampler);
  const VkImageView view = res.view(image, key, &new_view);
  if (new_sampler) shadow_sampler(device, sampler, nearest, false, kind != 0);
  if (new_view) shadow_stand_in_view(device, view, stand_in_target(wanted), stand_in_format(kind), multisample ? 4 : 1);
  return {sampler, view, image->layout_for(VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL)};
}

}  // namespace glvk::st
