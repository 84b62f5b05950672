#include "glvk/st/shadow.h"

#include "shadow_tag.h"
#include "sampled_view.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>
#include <vector>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>

#include "glvk/amd_descriptors/chip.h"
#include "glvk/amd_descriptors/descriptors.h"
#include "glvk/amd_descriptors/framebuffer.h"
#include "glvk/amd_descriptors/pm4.h"
#include "glvk/amd_descriptors/shadow_record.h"
#include "glvk/formats/gl_client.h"
#include "glvk/st/draw.h"
#include "glvk/st/amd_format_support.h"
#include "glvk/vk_backend/commands.h"
#include "glvk/vk_backend/image.h"
#include "glvk/vk_backend/object_tag.h"

namespace glvk::st {
namespace {

// SI_MAX_BORDER_COLORS: radeonsi's table holds 4096 colours; later ones sample transparent black.
constexpr std::size_t kBorderColorTableSize = 4096;

struct Shadow {
  std::mutex mutex;
  std::string path;  // empty: records for the shadow-check layer only, no file
  bool tag_objects = false;  // the shadow-check layer is on: attach records to Vulkan objects
  std::unique_ptr<amd::pm4::ShadowStream> stream;
  std::map<const void*, amd::Texture> textures;  // the GCN layout of every live texture resource
  // The GCN layout of each image a texture created (its views share it), for sampled views.
  std::map<const vk_backend::Image*, amd::Texture> images;
  std::map<const void*, const vk_backend::Image*> image_of;
  // radeonsi's border-colour table (si_context::border_color_table): each colour that is not built
  // in, once, in the order samplers first asked for it; a sampler's BORDER_COLOR_PTR is its index.
  std::vector<std::array<std::uint32_t, 4>> border_colors;
  std::vector<std::uint64_t> last_framebuffer;   // what the last emitted framebuffer state was made of
  unsigned last_nr_cbufs = 0;
};

// The process-wide shadow, or null when neither GLVK_SHADOW nor the shadow-check layer asks for
// it, or GLVK_SHADOW_CHIP names an unknown chip (said once).
Shadow* shadow() {
  static Shadow* instance = [] () -> Shadow* {
    const char* path = std::getenv("GLVK_SHADOW");
    const bool tag_objects = vk_backend::shadow_check_requested_by_environment();
    if ((!path || !*path) && !tag_objects) return nullptr;
    const char* chip_name = std::getenv("GLVK_SHADOW_CHIP");
    const amd::Chip* chip = amd::find_chip(chip_name && *chip_name ? chip_name : "tonga");
    if (!chip) {
      std::fprintf(stderr, "glvk: GLVK_SHADOW_CHIP=%s is not a known chip (glvk amd chips); no shadow recorded\n",
                   chip_name);
      return nullptr;
    }
    auto* s = new Shadow;  // never destroyed: the file is complete after every append
    s->path = path ? path : "";
    s->tag_objects = tag_objects;
    s->stream = std::make_unique<amd::pm4::ShadowStream>(*chip);
    return s;
  }();
  return instance;
}

// Appends a note when the chip cannot express a resource: the stream says why, never a silent gap.
void record_refusal(Shadow& s, const std::string& what, const std::string& why) {
  (void)s.stream->comment(what + ": no descriptor: " + why);
}

void save(Shadow& s) {
  if (s.path.empty()) return;
  if (const amd::Status status = s.stream->write_file(s.path); !status)
    std::fprintf(stderr, "glvk: cannot write GLVK_SHADOW=%s: %s\n", s.path.c_str(), status.error().c_str());
}

// Test-only hook: GLVK_SHADOW_TEST_CORRUPT=[KIND:]INDEX:MASK flips MASK (hex) in word INDEX (register
// INDEX of a colour/depth target record) of the first record of KIND attached ("image", "sampler",
// "buffer-view", "colour-target", "depth-target"; without KIND, the first record with words), so
// tests can see the layer name the field that was broken.
void corrupt_for_test(amd::ShadowRecord& record) {
  static std::mutex mutex;  // records are made under the shadow lock and under the screen lock
  static bool done = false;
  const char* spec = std::getenv("GLVK_SHADOW_TEST_CORRUPT");
  if (!spec) return;
  std::lock_guard lock(mutex);
  if (done) return;
  std::string text = spec;
  if (const std::size_t colon = text.find(':'); colon != std::string::npos && text.find(':', colon + 1) != std::string::npos) {
    std::string kind = amd::record_kind_name(record.kind);
    std::replace(kind.begin(), kind.end(), ' ', '-');
    if (text.substr(0, colon) != kind) return;
    text = text.substr(colon + 1);
  }
  unsigned index = 0, mask = 0;
  if (std::sscanf(text.c_str(), "%u:%x", &index, &mask) != 2) return;
  if (index < record.words.size()) record.words[index] ^= mask;
  else if (record.words.empty() && index < record.registers.size()) record.registers[index].value ^= mask;
  else return;
  done = true;
}

// The format a render-target view of `texture`'s image is seen in: the texture's own, its linear
// twin (GL_FRAMEBUFFER_SRGB off), or, for a texture view sharing the image, the exact match.
formats::Format surface_format(formats::Format texture, VkFormat view) {
  const formats::FormatDesc& d = formats::describe(texture);
  if (VkFormat(d.vk_format) == view) return texture;
  if (d.linear_equivalent != formats::Format::NONE &&
      VkFormat(formats::describe(d.linear_equivalent).vk_format) == view)
    return d.linear_equivalent;
  return amd::format_from_vk(view);
}

// The blit source's sampler view as radeonsi's blitter makes it (util_blitter_default_src_texture):
// the texture's target, the blit format, identity swizzle, the one source level and every layer
// (the layer is picked by coordinate). 3D sources are not recorded: glvk samples a 2D view of a
// slice, which the RADV view here cannot derive.
vk_backend::ShadowViewRecord blit_source_record(const amd::Chip& chip, const amd::Texture& texture,
                                                formats::Format format, const vk_backend::ShadowViewDesc& view) {
  if (texture.templ.target == TextureTarget::TEXTURE_3D) return {};
  amd::SamplerView v = amd::default_sampler_view(texture);
  v.format = format;
  v.first_level = v.last_level = view.level;
  const amd::Result<amd::ImageDescriptor> words = amd::make_texture_descriptor(chip, texture, v);
  if (!words) return {};  // the layer derives the view alone
  amd::ShadowRecord record;
  record.kind = amd::RecordKind::SampledImage;
  record.va = texture.va;
  // The view radeonsi samples through (the layer compares it with the Vulkan one it gets).
  record.view = amd::sampled_vk_view(texture.templ.format, texture.templ.target, texture.templ.levels,
                                     texture.templ.array_size);
  record.view.format = view.format;
  record.view.range.baseMipLevel = view.level;
  record.view.range.levelCount = 1;
  record.words.assign(words->begin(), words->end());
  corrupt_for_test(record);
  return {amd::kShadowRecordTag, amd::serialize_record(record)};
}

// si_initialize_color_surface / si_init_depth_surface for a surface of `texture`: the record tagged
// on the attachment view vk_backend creates (layer on), with the radeonsi framebuffer registers;
// for the shader blit's source, its sampler view.
vk_backend::ShadowViewRecord shadow_view_record(const amd::Chip& chip, const amd::Texture& texture,
                                               formats::Format format, const vk_backend::ShadowViewDesc& view) {
  const formats::Format surface = surface_format(format, view.format);
  if (view.sampled) return blit_source_record(chip, texture, surface, view);
  const amd::Result<amd::TargetRegisters> regs =
      amd::target_registers(chip, texture, surface, view.level, view.first_layer, view.first_layer + view.layer_count - 1);
  if (!regs) return {};  // the layer derives the view alone
  amd::ShadowRecord record;
  record.kind = regs->kind;
  record.va = texture.va;
  record.view.format = view.format;
  record.view.range = {0, view.level, 1, view.first_layer, view.layer_count};
  record.registers = regs->registers;
  corrupt_for_test(record);
  return {amd::kShadowRecordTag, amd::serialize_record(record)};
}

}  // namespace

bool shadow_enabled() { return shadow() != nullptr; }

void shadow_tag_handle(const vk_backend::Device& device, VkObjectType type, std::uint64_t handle,
                       amd::ShadowRecord record) {
  Shadow* s = shadow();
  if (!s || !s->tag_objects) return;
  corrupt_for_test(record);
  vk_backend::tag_object_handle(device, type, handle, amd::kShadowRecordTag, amd::serialize_record(record));
}

void shadow_texture(const void* resource, const TextureLayout& layout, vk_backend::Image* image) {
  Shadow* s = shadow();
  if (!s) return;
  std::lock_guard lock(s->mutex);
  amd::SurfaceTemplate templ;
  templ.target = layout.target;
  templ.format = layout.format;
  templ.width = layout.width;
  templ.height = layout.height;
  templ.depth = layout.depth;
  templ.array_size = layout.layers;
  templ.levels = layout.levels;
  templ.samples = layout.samples > 1 ? layout.samples : 1;
  const std::string what = std::string("texture ") + formats::describe(layout.format).name;
  const amd::Result<amd::Surface> surface = amd::compute_surface(s->stream->chip(), templ);
  if (!surface) return record_refusal(*s, what, surface.error()), save(*s);
  // The whole buffer radeonsi allocates: an MSAA texture's FMASK and CMASK follow its data.
  const amd::Result<std::uint64_t> va =
      s->stream->va().allocate(surface->allocation_size, surface->allocation_alignment);
  if (!va) return record_refusal(*s, what, va.error()), save(*s);
  const amd::Result<amd::Texture> texture = amd::create_texture(s->stream->chip(), templ, *va);
  if (!texture) return record_refusal(*s, what, texture.error()), save(*s);
  s->textures[resource] = *texture;
  const amd::Result<amd::ImageDescriptor> words =
      amd::make_texture_descriptor(s->stream->chip(), *texture, amd::default_sampler_view(*texture));
  if (!words) return record_refusal(*s, what, words.error()), save(*s);
  // The descriptor itself lives in a descriptor list: 32 bytes of simulated memory.
  const amd::Result<std::uint64_t> slot = s->stream->va().allocate(32, 32);
  if (slot) (void)s->stream->write_descriptor(amd::pm4::DescriptorKind::Image, *slot, *words);
  save(*s);
  if (image) {
    amd::ShadowRecord record;
    record.kind = amd::RecordKind::SampledImage;
    record.va = *va;
    record.view = amd::sampled_vk_view(layout.format, layout.target, layout.levels, layout.layers);
    record.words.assign(words->begin(), words->end());
    shadow_tag(image->device(), VK_OBJECT_TYPE_IMAGE, image->handle(), std::move(record));
  }
  if (image) {
    s->images[image] = *texture;
    s->image_of[resource] = image;
  }
  if (image && s->tag_objects)
    image->shadow_view_record = [chip = &s->stream->chip(), texture = *texture,
                                format = layout.format](const vk_backend::ShadowViewDesc& view) {
      return shadow_view_record(*chip, texture, format, view);
    };
}

std::string format_choice_line(const amd::Chip& chip, GLenumValue target, GLenumValue internal_format,
                               GLenumValue format, GLenumValue type, const ChosenFormat& vulkan) {
  const ChosenFormat gcn = choose_texture_format(AmdFormatSupport(chip), target, internal_format, format, type);
  const auto storage = [](const ChosenFormat& c) {
    std::string name = c.valid() ? formats::describe(c.storage).name : "none";
    return c.decompressed_on_upload() ? name + " (decompressed on upload)" : name;
  };
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  char unknown[16];
  std::snprintf(unknown, sizeof unknown, "0x%04x", internal_format);
  std::string line = std::string("format choice ") + (info ? info->name : unknown) + ": vulkan " + storage(vulkan) +
                     ", radeonsi " + storage(gcn);
  return gcn.storage == vulkan.storage ? line : line + " (differs)";
}

void shadow_format_choice(GLenumValue target, GLenumValue internal_format, GLenumValue format, GLenumValue type,
                          const ChosenFormat& vulkan) {
  Shadow* s = shadow();
  if (!s) return;
  std::lock_guard lock(s->mutex);
  (void)s->stream->comment(format_choice_line(s->stream->chip(), target, internal_format, format, type, vulkan));
  save(*s);
}

void shadow_forget_texture(const void* resource) {
  Shadow* s = shadow();
  if (!s) return;
  std::lock_guard lock(s->mutex);
  s->textures.erase(resource);
  if (const auto it = s->image_of.find(resource); it != s->image_of.end()) {
    s->images.erase(it->second);
    s->image_of.erase(it);
  }
}

void shadow_sampled_view(const vk_backend::Image& image, VkImageView view, const Texture& texture,
                         const SampledView& sampled) {
  Shadow* s = shadow();
  if (!s || !s->tag_objects) return;
  amd::ShadowRecord record;
  {
    std::lock_guard lock(s->mutex);
    const auto it = s->images.find(&image);
    if (it == s->images.end()) return;  // an image whose owner is gone: the layer derives it alone
    const amd::Texture& gcn = it->second;
    const TextureLayout& layout = texture.layout();
    amd::SamplerView v;
    v.target = layout.target;
    v.format = layout.format;
    const formats::FormatDesc& d = formats::describe(layout.format);
    // st samples the stencil of a depth/stencil texture through its stencil-only format.
    if (sampled.stencil && d.is_depth)
      v.format = d.block_bits == 64 ? formats::Format::X32_S8X24_UINT : formats::Format::X24S8_UINT;
    for (int i = 0; i < 4; ++i) v.swizzle[i] = sampled.gl_swizzle[i];
    const VkImageSubresourceRange& range = sampled.key.range;
    v.first_level = range.baseMipLevel;
    v.last_level = range.baseMipLevel + range.levelCount - 1;
    v.first_layer = gcn.templ.target == TextureTarget::TEXTURE_3D ? 0 : range.baseArrayLayer;
    v.last_layer = gcn.templ.target == TextureTarget::TEXTURE_3D ? gcn.templ.depth - 1
                                                                  : range.baseArrayLayer + range.layerCount - 1;
    const amd::Result<amd::ImageDescriptor> words = amd::make_texture_descriptor(s->stream->chip(), gcn, v);
    if (!words) return;  // radeonsi has no descriptor: the layer derives the view alone
    record.kind = amd::RecordKind::SampledImage;
    record.va = gcn.va;
    record.view = {sampled.key.format, sampled.key.components, sampled.key.type, range};
    record.words.assign(words->begin(), words->end());
  }
  shadow_tag(image.device(), VK_OBJECT_TYPE_IMAGE_VIEW, view, std::move(record));
}

namespace {

amd::WrapMode gl_wrap(GLenumValue wrap) {
  switch (wrap) {
    case GL_CLAMP: return amd::WrapMode::CLAMP;
    case GL_CLAMP_TO_EDGE: return amd::WrapMode::CLAMP_TO_EDGE;
    case GL_CLAMP_TO_BORDER: return amd::WrapMode::CLAMP_TO_BORDER;
    case GL_MIRRORED_REPEAT: return amd::WrapMode::MIRROR_REPEAT;
    case GL_MIRROR_CLAMP_TO_EDGE: return amd::WrapMode::MIRROR_CLAMP_TO_EDGE;
    default: return amd::WrapMode::REPEAT;
  }
}

}  // namespace

void shadow_sampler(const vk_backend::Device& device, VkSampler sampler, const SamplerInput& gl, bool compare,
                    bool integer) {
  Shadow* s = shadow();
  if (!s || !s->tag_objects) return;
  amd::SamplerState state;
  state.wrap_s = gl_wrap(gl.wrap_s);
  state.wrap_t = gl_wrap(gl.wrap_t);
  state.wrap_r = gl_wrap(gl.wrap_r);
  state.mag_filter = gl.mag_filter == GL_LINEAR ? amd::Filter::LINEAR : amd::Filter::NEAREST;
  state.min_filter = gl.min_filter == GL_LINEAR || gl.min_filter == GL_LINEAR_MIPMAP_NEAREST ||
                             gl.min_filter == GL_LINEAR_MIPMAP_LINEAR
                         ? amd::Filter::LINEAR
                         : amd::Filter::NEAREST;
  state.mip_filter = gl.min_filter == GL_NEAREST_MIPMAP_LINEAR || gl.min_filter == GL_LINEAR_MIPMAP_LINEAR
                         ? amd::MipFilter::LINEAR
                     : gl.min_filter == GL_NEAREST || gl.min_filter == GL_LINEAR ? amd::MipFilter::NONE
                                                                                 : amd::MipFilter::NEAREST;
  const SamplerLods lods = convert_sampler_lods(gl);
  state.min_lod = lods.min_lod;
  state.max_lod = lods.max_lod;
  state.lod_bias = lods.lod_bias;
  state.max_anisotropy = gl.max_anisotropy > 1.0f ? std::uint32_t(gl.max_anisotropy) : 0;
  state.compare_enable = compare;
  state.compare_func = amd::CompareFunc(gl.compare_func >= GL_NEVER && gl.compare_func <= GL_ALWAYS
                                            ? gl.compare_func - GL_NEVER
                                            : 0);
  // GL's TEXTURE_CUBE_MAP_SEAMLESS (radeonsi's DISABLE_CUBE_WRAP when off); the Vulkan sampler
  // has the non-seamless flag for the same state (sampler_key).
  state.seamless_cube_map = gl.seamless_cube_map;
  // st_convert_sampler hands over the colour integer textures read (pipe_color_union): the
  // built-in check compares values, the table the 32-bit channels.
  const BorderColor border = border_color_of(gl, integer);
  for (std::size_t i = 0; i < 4; ++i) {
    if (integer) state.border_color[i] = float(std::int32_t(border.bits[i]));
    else std::memcpy(&state.border_color[i], &border.bits[i], 4);
  }
  if (amd::sampler_reads_border_color(state) && !border.built_in()) {
    std::lock_guard lock(s->mutex);
    auto& table = s->border_colors;
    const auto found = std::find(table.begin(), table.end(), border.bits);
    state.border_color_index = std::uint32_t(found - table.begin());
    if (found == table.end()) {
      if (table.size() < kBorderColorTableSize) table.push_back(border.bits);
      else std::fill(std::begin(state.border_color), std::end(state.border_color), 0.0f);  // full: transparent black
    }
  }
  const amd::Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(s->stream->chip(), state);
  if (!words) return;
  amd::ShadowRecord record;
  record.kind = amd::RecordKind::Sampler;
  record.sampler_max_lod = state.max_lod;
  record.sampler_for_integer = integer;
  record.words.assign(words->begin(), words->end());
  shadow_tag(device, VK_OBJECT_TYPE_SAMPLER, sampler, std::move(record));
}

void shadow_texel_buffer_view(const vk_backend::Device& device, VkBufferView view, formats::Format format,
                              std::uint64_t buffer_size, std::uint64_t offset, std::uint64_t range) {
  Shadow* s = shadow();
  if (!s || !s->tag_objects) return;
  amd::ShadowRecord record;
  {
    std::lock_guard lock(s->mutex);
    const amd::Result<std::uint64_t> va = s->stream->va().allocate(buffer_size ? buffer_size : 1, 256);
    if (!va) return;
    amd::BufferView v;
    v.va = *va;
    v.buffer_size = buffer_size;
    v.offset = offset;
    v.size = range;
    v.format = format;
    const amd::Result<amd::BufferDescriptor> words = amd::make_buffer_descriptor(s->stream->chip(), v);
    if (!words) return;  // radeonsi has no descriptor: the layer derives the view alone
    record.kind = amd::RecordKind::BufferView;
    record.va = *va;
    record.buffer_size = buffer_size;
    record.words.assign(words->begin(), words->end());
  }
  shadow_tag(device, VK_OBJECT_TYPE_BUFFER_VIEW, view, std::move(record));
}

void shadow_blit_samplers(const vk_backend::Device& device, vk_backend::CommandStream& stream) {
  Shadow* s = shadow();
  if (!s || !s->tag_objects) return;
  for (const bool linear : {false, true}) {
    // util_blitter_create's sampler_state_rect(_linear): a zeroed pipe_sampler_state (mip filter
    // NEAREST, LOD range 0..0, not seamless) with clamp-to-edge wraps and unnormalized coordinates.
    amd::SamplerState state;
    state.wrap_s = state.wrap_t = state.wrap_r = amd::WrapMode::CLAMP_TO_EDGE;
    state.min_filter = state.mag_filter = linear ? amd::Filter::LINEAR : amd::Filter::NEAREST;
    state.mip_filter = amd::MipFilter::NEAREST;
    state.min_lod = state.max_lod = 0.0f;
    state.normalized_coords = false;
    state.seamless_cube_map = false;
    const amd::Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(s->stream->chip(), state);
    if (!words) continue;
    amd::ShadowRecord record;
    record.kind = amd::RecordKind::Sampler;
    record.words.assign(words->begin(), words->end());
    shadow_tag(device, VK_OBJECT_TYPE_SAMPLER, stream.blit_sampler(linear), std::move(record));
  }
}

void shadow_stand_in_view(const vk_backend::Device& device, VkImageView view, TextureTarget target,
                          formats::Format format, std::uint32_t samples) {
  Shadow* s = shadow();
  if (!s || !s->tag_objects) return;
  amd::ShadowRecord record;
  {
    std::lock_guard lock(s->mutex);
    // _mesa_get_fallback_texture: one RGBA8 texel per face of the sampler's target.
    amd::SurfaceTemplate templ;
    templ.target = target;
    templ.format = format;
    templ.samples = samples;
    templ.array_size = target == TextureTarget::TEXTURE_CUBE || target == TextureTarget::TEXTURE_CUBE_ARRAY ? 6 : 1;
    const amd::Result<amd::Surface> surface = amd::compute_surface(s->stream->chip(), templ);
    if (!surface) return;
    // The whole buffer radeonsi allocates: an MSAA texture's FMASK and CMASK follow its data.
  const amd::Result<std::uint64_t> va =
      s->stream->va().allocate(surface->allocation_size, surface->allocation_alignment);
    if (!va) return;
    const amd::Result<amd::Texture> texture = amd::create_texture(s->stream->chip(), templ, *va);
    if (!texture) return;
    const amd::Result<amd::ImageDescriptor> words =
        amd::make_texture_descriptor(s->stream->chip(), *texture, amd::default_sampler_view(*texture));
    if (!words) return;
    record.kind = amd::RecordKind::SampledImage;
    record.va = *va;
    record.view = amd::sampled_vk_view(templ.format, target, 1, templ.array_size);
    record.words.assign(words->begin(), words->end());
  }
  shadow_tag(device, VK_OBJECT_TYPE_IMAGE_VIEW, view, std::move(record));
}

void shadow_framebuffer(const std::array<const ShadowAttachment*, 8>& colour, unsigned nr_cbufs,
                        const ShadowAttachment* zs, std::uint32_t width, std::uint32_t height) {
  Shadow* s = shadow();
  if (!s) return;
  std::lock_guard lock(s->mutex);
  std::vector<std::uint64_t> key{width, height, nr_cbufs};
  const auto add = [&](const ShadowAttachment* a) {
    key.insert(key.end(), {std::uint64_t(reinterpret_cast<std::uintptr_t>(a ? a->resource : nullptr)),
                           a ? a->level : 0u, a ? a->first_layer : 0u, a ? a->last_layer : 0u});
  };
  for (unsigned i = 0; i < nr_cbufs; ++i) add(colour[i]);
  add(zs);
  if (key == s->last_framebuffer) return;  // radeonsi emits only a dirty framebuffer state

  const amd::Chip& chip = s->stream->chip();
  amd::FramebufferState state;
  state.width = width;
  state.height = height;
  state.nr_cbufs = nr_cbufs;
  state.previous_nr_cbufs = s->last_nr_cbufs;
  for (unsigned i = 0; i < nr_cbufs; ++i) {
    if (!colour[i]) continue;
    const auto it = s->textures.find(colour[i]->resource);
    if (it == s->textures.end()) return record_refusal(*s, "framebuffer", "a colour buffer has no GCN layout"), save(*s);
    const amd::Result<amd::ColorSurface> surface = amd::color_surface_from_texture(
        chip, it->second, colour[i]->level, colour[i]->first_layer, colour[i]->last_layer);
    if (!surface) return record_refusal(*s, "framebuffer", surface.error()), save(*s);
    const amd::Result<amd::ColorBufferRegisters> regs = amd::encode_color_buffer(chip, *surface);
    if (!regs) return record_refusal(*s, "framebuffer", regs.error()), save(*s);
    state.cbufs[i] = *regs;
  }
  if (zs) {
    const auto it = s->textures.find(zs->resource);
    if (it == s->textures.end()) return record_refusal(*s, "framebuffer", "the depth buffer has no GCN layout"), save(*s);
    const amd::Result<amd::DepthSurface> surface =
        amd::depth_surface_from_texture(chip, it->second, zs->level, zs->first_layer, zs->last_layer);
    if (!surface) return record_refusal(*s, "framebuffer", surface.error()), save(*s);
    const amd::Result<amd::DepthBufferRegisters> regs = amd::encode_depth_buffer(chip, *surface);
    if (!regs) return record_refusal(*s, "framebuffer", regs.error()), save(*s);
    state.zsbuf = *regs;
  }
  if (const amd::Status emitted = amd::emit_framebuffer_state(*s->stream, state); !emitted)
    return record_refusal(*s, "framebuffer", emitted.error()), save(*s);
  s->last_framebuffer = std::move(key);
  s->last_nr_cbufs = nr_cbufs;
  save(*s);
}

void shadow_buffer_texture(formats::Format format, std::uint64_t buffer_size, std::uint64_t offset,
                           std::uint64_t size) {
  Shadow* s = shadow();
  if (!s) return;
  std::lock_guard lock(s->mutex);
  const std::string what = std::string("buffer texture ") + formats::describe(format).name;
  const amd::Result<std::uint64_t> va = s->stream->va().allocate(buffer_size ? buffer_size : 1, 256);
  if (!va) return record_refusal(*s, what, va.error()), save(*s);
  amd::BufferView view;
  view.va = *va;
  view.buffer_size = buffer_size;
  view.offset = offset;
  view.size = size;
  view.format = format;
  const amd::Result<amd::BufferDescriptor> words = amd::make_buffer_descriptor(s->stream->chip(), view);
  if (!words) return record_refusal(*s, what, words.error()), save(*s);
  const amd::Result<std::uint64_t> slot = s->stream->va().allocate(16, 16);
  if (slot) (void)s->stream->write_descriptor(amd::pm4::DescriptorKind::Buffer, *slot, *words);
  save(*s);
}

}  // namespace glvk::st
