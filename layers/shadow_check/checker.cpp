#include "checker.h"

#include <glvk/amd_descriptors/register_db.h>

#include <cstdio>

namespace glvk::shadow_check {
namespace {

using amd::fail;
using formats::TextureTarget;

std::vector<uint32_t> as_vector(const auto& words) { return std::vector<uint32_t>(words.begin(), words.end()); }

Comparison compare_words(const amd::Chip& chip, const char* prefix, const auto& derived,
                         const amd::ShadowRecord& record, const DifferenceContext& context) {
  Comparison c;
  c.radeonsi = record.words;
  if (!derived) {
    c.underived = derived.error();
    return c;
  }
  c.radv = as_vector(*derived);
  if (c.radv.size() != c.radeonsi.size()) {
    c.underived = "the record has " + std::to_string(c.radeonsi.size()) + " words, " + prefix + " has " +
                  std::to_string(c.radv.size());
    return c;
  }
  c.differences = field_differences(chip, prefix, c.radeonsi, c.radv);
  explain(context, c.differences);
  return c;
}

amd::WrapMode wrap_from_vk(VkSamplerAddressMode mode) {
  switch (mode) {
    case VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT: return amd::WrapMode::MIRROR_REPEAT;
    case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE: return amd::WrapMode::CLAMP_TO_EDGE;
    case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER: return amd::WrapMode::CLAMP_TO_BORDER;
    case VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE: return amd::WrapMode::MIRROR_CLAMP_TO_EDGE;
    default: return amd::WrapMode::REPEAT;
  }
}

}  // namespace

bool Comparison::unexplained() const {
  for (const FieldDifference& d : differences)
    if (d.explanation.empty()) return true;
  return false;
}

amd::Result<amd::SurfaceTemplate> surface_template_from_vk(const ImageInfo& image, VkImageViewType view_type) {
  amd::SurfaceTemplate t;
  t.format = amd::format_from_vk(image.format);
  if (t.format == formats::Format::NONE)
    return fail("image VkFormat " + std::to_string(image.format) + " has no exact glvk format");
  const bool array_view = view_type == VK_IMAGE_VIEW_TYPE_1D_ARRAY || view_type == VK_IMAGE_VIEW_TYPE_2D_ARRAY;
  switch (image.type) {
    case VK_IMAGE_TYPE_1D:
      t.target = image.layers > 1 || array_view ? TextureTarget::TEXTURE_1D_ARRAY : TextureTarget::TEXTURE_1D;
      break;
    case VK_IMAGE_TYPE_3D: t.target = TextureTarget::TEXTURE_3D; break;
    default:
      if (view_type == VK_IMAGE_VIEW_TYPE_CUBE) t.target = TextureTarget::TEXTURE_CUBE;
      else if (view_type == VK_IMAGE_VIEW_TYPE_CUBE_ARRAY) t.target = TextureTarget::TEXTURE_CUBE_ARRAY;
      else t.target = image.layers > 1 || array_view ? TextureTarget::TEXTURE_2D_ARRAY : TextureTarget::TEXTURE_2D;
  }
  t.width = image.extent.width;
  t.height = image.extent.height;
  t.depth = image.extent.depth;
  t.array_size = image.layers;
  t.levels = image.levels;
  t.samples = image.samples;
  t.linear = image.tiling == VK_IMAGE_TILING_LINEAR;
  return t;
}

amd::Result<amd::ImageDescriptor> derive_image_descriptor(const amd::Chip& chip, const ImageInfo& image,
                                                           const amd::VkImageViewDesc& view, uint64_t va) {
  const amd::Result<amd::SurfaceTemplate> templ = surface_template_from_vk(image, view.view_type);
  if (!templ) return amd::Error{templ.error()};
  const amd::Result<amd::Texture> texture = amd::create_texture(chip, *templ, va);
  if (!texture) return amd::Error{texture.error()};
  return amd::make_texture_descriptor_vk(chip, *texture, view);
}

amd::Result<amd::SamplerDescriptor> derive_sampler_descriptor(const amd::Chip& chip, const VkSamplerCreateInfo& info,
                                                              std::optional<uint32_t> border_slot) {
  amd::SamplerState s;
  s.wrap_s = wrap_from_vk(info.addressModeU);
  s.wrap_t = wrap_from_vk(info.addressModeV);
  s.wrap_r = wrap_from_vk(info.addressModeW);
  s.mag_filter = info.magFilter == VK_FILTER_LINEAR ? amd::Filter::LINEAR : amd::Filter::NEAREST;
  s.min_filter = info.minFilter == VK_FILTER_LINEAR ? amd::Filter::LINEAR : amd::Filter::NEAREST;
  // Vulkan always has a mip filter; "no mipmapping" is a LOD clamp, not a filter mode.
  s.mip_filter = info.mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR ? amd::MipFilter::LINEAR : amd::MipFilter::NEAREST;
  s.min_lod = info.minLod;
  s.max_lod = info.maxLod;
  s.lod_bias = info.mipLodBias;
  s.max_anisotropy = info.anisotropyEnable ? uint32_t(info.maxAnisotropy) : 0;
  s.compare_enable = info.compareEnable;
  s.compare_func = amd::CompareFunc(info.compareOp);  // VkCompareOp has the same order as the GL functions
  s.normalized_coords = !info.unnormalizedCoordinates;
  s.seamless_cube_map = true;  // Vulkan cube maps are always seamless
  const bool opaque_white = info.borderColor == VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE ||
                            info.borderColor == VK_BORDER_COLOR_INT_OPAQUE_WHITE;
  const bool opaque = opaque_white || info.borderColor == VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK ||
                      info.borderColor == VK_BORDER_COLOR_INT_OPAQUE_BLACK;
  for (int i = 0; i < 3; ++i) s.border_color[i] = opaque_white ? 1.0f : 0.0f;
  s.border_color[3] = opaque ? 1.0f : 0.0f;
  if (border_slot) {
    s.border_color_in_table = true;
    s.border_color_index = *border_slot;
  }
  return amd::make_sampler_descriptor(chip, s);
}

namespace {

// The fields of `reg` (named `name`) that differ between two values of it.
void decode_difference(amd::GfxLevel level, const amd::regs::RegisterDesc* reg, const std::string& name,
                       uint32_t radeonsi, uint32_t radv, std::vector<FieldDifference>& out) {
  uint32_t covered = 0;
  if (reg)
    for (const amd::regs::FieldDesc& f : amd::register_fields(*reg)) {
      if (!amd::field_exists(f, level)) continue;
      covered |= f.field.mask();
      const uint32_t a = f.field.decode(radeonsi), b = f.field.decode(radv);
      if (a == b) continue;
      const char* an = amd::enum_value_name(f, a);
      const char* bn = amd::enum_value_name(f, b);
      out.push_back({name, f.name, a, b, an ? an : "", bn ? bn : "", ""});
    }
  // Bits no field names still count: a difference there is reported as the raw dword.
  if ((radeonsi ^ radv) & ~covered)
    out.push_back({name, "(unnamed bits)", radeonsi & ~covered, radv & ~covered, "", "", ""});
}

std::string register_name(uint32_t offset, const amd::regs::RegisterDesc* reg) {
  if (reg) return reg->name;
  char buf[24];
  std::snprintf(buf, sizeof buf, "register 0x%05x", offset);
  return buf;
}

}  // namespace

std::vector<FieldDifference> field_differences(const amd::Chip& chip, const char* prefix,
                                               const std::vector<uint32_t>& radeonsi,
                                               const std::vector<uint32_t>& radv) {
  std::vector<FieldDifference> out;
  for (size_t i = 0; i < radeonsi.size() && i < radv.size(); ++i) {
    if (radeonsi[i] == radv[i]) continue;
    const std::string name = std::string(prefix) + "_WORD" + std::to_string(i);
    decode_difference(chip.gfx_level, amd::find_register(name, chip.gfx_level), name, radeonsi[i], radv[i], out);
  }
  return out;
}

std::vector<FieldDifference> register_differences(const amd::Chip& chip,
                                                  const std::vector<amd::RecordRegister>& radeonsi,
                                                  const std::vector<amd::RecordRegister>& radv) {
  std::vector<FieldDifference> out;
  const auto find = [](const std::vector<amd::RecordRegister>& list, uint32_t offset) -> const amd::RecordRegister* {
    for (const amd::RecordRegister& r : list)
      if (r.offset == offset) return &r;
    return nullptr;
  };
  for (const amd::RecordRegister& a : radeonsi) {
    const amd::regs::RegisterDesc* reg = amd::find_register(a.offset, chip.gfx_level);
    const std::string name = register_name(a.offset, reg);
    if (const amd::RecordRegister* b = find(radv, a.offset)) {
      if (a.value != b->value) decode_difference(chip.gfx_level, reg, name, a.value, b->value, out);
    } else {
      out.push_back({name, "(not written)", a.value, 0, "", "not written by radv", ""});
    }
  }
  for (const amd::RecordRegister& b : radv)
    if (!find(radeonsi, b.offset))
      out.push_back({register_name(b.offset, amd::find_register(b.offset, chip.gfx_level)), "(not written)", 0,
                     b.value, "not written by radeonsi", "", ""});
  return out;
}

amd::Result<amd::TargetRegisters> derive_target_registers(const amd::Chip& chip, const ImageInfo& image,
                                                          const amd::VkImageViewDesc& view, uint64_t va) {
  VkImageViewType layout_type = view.view_type;
  if ((image.flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && image.layers % 6 == 0)
    layout_type = image.layers == 6 ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
  const amd::Result<amd::SurfaceTemplate> templ = surface_template_from_vk(image, layout_type);
  if (!templ) return amd::Error{templ.error()};
  const formats::Format format = amd::format_from_vk(view.format);
  if (format == formats::Format::NONE)
    return fail("view VkFormat " + std::to_string(view.format) + " has no exact glvk format");
  const amd::Result<amd::Texture> texture = amd::create_texture(chip, *templ, va);
  if (!texture) return amd::Error{texture.error()};
  const uint32_t layers = view.range.layerCount == VK_REMAINING_ARRAY_LAYERS ? 1 : view.range.layerCount;
  return amd::target_registers(chip, *texture, format, view.range.baseMipLevel, view.range.baseArrayLayer,
                               view.range.baseArrayLayer + layers - 1);
}

Comparison compare_target(const amd::Chip& chip, const ImageInfo& image, const amd::VkImageViewDesc& view,
                          amd::RecordKind role, const amd::ShadowRecord& record) {
  Comparison c;
  for (const amd::RecordRegister& r : record.registers) c.radeonsi.push_back(r.value);
  if (record.kind != role) {
    c.underived = std::string("a ") + amd::record_kind_name(record.kind) + " record on a view bound as a " +
                  amd::record_kind_name(role);
    return c;
  }
  const amd::Result<amd::TargetRegisters> derived = derive_target_registers(chip, image, view, record.va);
  if (!derived) {
    c.underived = derived.error();
    return c;
  }
  for (const amd::RecordRegister& r : derived->registers) c.radv.push_back(r.value);
  if (derived->kind != record.kind) {
    c.underived = std::string("the view's format makes a ") + amd::record_kind_name(derived->kind);
    return c;
  }
  c.differences = register_differences(chip, record.registers, derived->registers);
  explain(DifferenceContext{role, image, view}, c.differences);
  return c;
}

Comparison compare_image(const amd::Chip& chip, const ImageInfo& image, const amd::VkImageViewDesc& view,
                         const amd::ShadowRecord& record) {
  DifferenceContext context{amd::RecordKind::SampledImage, image, view, std::nullopt, record.view};
  return compare_words(chip, "SQ_IMG_RSRC", derive_image_descriptor(chip, image, view, record.va), record, context);
}

Comparison compare_buffer_view(const amd::Chip& chip, VkFormat format, VkDeviceSize offset, VkDeviceSize range,
                               const amd::ShadowRecord& record) {
  DifferenceContext context{amd::RecordKind::BufferView, std::nullopt, {}};
  return compare_words(chip, "SQ_BUF_RSRC",
                       amd::make_buffer_descriptor_vk(chip, record.va, record.buffer_size, format, offset, range),
                       record, context);
}

Comparison compare_sampler(const amd::Chip& chip, const VkSamplerCreateInfo& info, const amd::ShadowRecord& record,
                           std::optional<uint32_t> border_slot) {
  DifferenceContext context{amd::RecordKind::Sampler, std::nullopt, {}, info, std::nullopt, border_slot,
                            record.sampler_max_lod, record.sampler_for_integer};
  return compare_words(chip, "SQ_IMG_SAMP", derive_sampler_descriptor(chip, info, border_slot), record, context);
}

}  // namespace glvk::shadow_check
