#include <glvk/amd_descriptors/shadow_record.h>

#include <glvk/amd_descriptors/framebuffer.h>

#include <bit>

namespace glvk::amd {
namespace {

constexpr uint32_t kMagic = 0x4B564C47u;  // "GLVK"
constexpr uint32_t kVersion = 3;
// Fixed part: magic, version, kind, va (2), buffer_size (2), view format, view type, 4 swizzles,
// aspect, base level, level count, base layer, layer count, word count, register count, sampler
// max_lod (float bits).
constexpr size_t kHeaderDwords = 22;
constexpr size_t kMaxEntries = 64;  // no record is larger: a bound against garbage counts

void put64(std::vector<uint32_t>& d, uint64_t v) {
  d.push_back(uint32_t(v));
  d.push_back(uint32_t(v >> 32));
}

VkComponentSwizzle component(formats::Swizzle s) {
  switch (s) {
    case formats::Swizzle::X: return VK_COMPONENT_SWIZZLE_R;
    case formats::Swizzle::Y: return VK_COMPONENT_SWIZZLE_G;
    case formats::Swizzle::Z: return VK_COMPONENT_SWIZZLE_B;
    case formats::Swizzle::W: return VK_COMPONENT_SWIZZLE_A;
    case formats::Swizzle::ZERO: return VK_COMPONENT_SWIZZLE_ZERO;
    case formats::Swizzle::ONE: return VK_COMPONENT_SWIZZLE_ONE;
    default: return VK_COMPONENT_SWIZZLE_IDENTITY;
  }
}

}  // namespace

VkImageViewDesc sampled_vk_view(formats::Format format, TextureTarget target, uint32_t levels, uint32_t layers) {
  const formats::FormatDesc& d = formats::describe(format);
  VkImageViewDesc v;
  v.format = VkFormat(d.vk_format);
  v.components = {component(d.vk_swizzle[0]), component(d.vk_swizzle[1]), component(d.vk_swizzle[2]),
                  component(d.vk_swizzle[3])};
  switch (target) {
    case TextureTarget::TEXTURE_1D: v.view_type = VK_IMAGE_VIEW_TYPE_1D; break;
    case TextureTarget::TEXTURE_1D_ARRAY: v.view_type = VK_IMAGE_VIEW_TYPE_1D_ARRAY; break;
    case TextureTarget::TEXTURE_2D_ARRAY: v.view_type = VK_IMAGE_VIEW_TYPE_2D_ARRAY; break;
    case TextureTarget::TEXTURE_CUBE: v.view_type = VK_IMAGE_VIEW_TYPE_CUBE; break;
    case TextureTarget::TEXTURE_CUBE_ARRAY: v.view_type = VK_IMAGE_VIEW_TYPE_CUBE_ARRAY; break;
    case TextureTarget::TEXTURE_3D: v.view_type = VK_IMAGE_VIEW_TYPE_3D; break;
    default: v.view_type = VK_IMAGE_VIEW_TYPE_2D; break;
  }
  v.range = {VkImageAspectFlags(d.is_depth     ? VK_IMAGE_ASPECT_DEPTH_BIT
                                : d.is_stencil ? VK_IMAGE_ASPECT_STENCIL_BIT
                                               : VK_IMAGE_ASPECT_COLOR_BIT),
             0, levels, 0, target == TextureTarget::TEXTURE_3D ? 1 : layers};
  return v;
}

const char* record_kind_name(RecordKind kind) {
  switch (kind) {
    case RecordKind::SampledImage: return "image";
    case RecordKind::BufferView: return "buffer view";
    case RecordKind::Sampler: return "sampler";
    case RecordKind::ColorTarget: return "colour target";
    case RecordKind::DepthTarget: return "depth target";
  }
  return "unknown";
}

Result<TargetRegisters> target_registers(const Chip& chip, const Texture& texture, formats::Format format,
                                         uint32_t level, uint32_t first_layer, uint32_t last_layer) {
  const formats::FormatDesc& desc = formats::describe(format);
  TargetRegisters out;
  if (desc.is_depth || desc.is_stencil) {
    const Result<DepthSurface> surface = depth_surface_from_texture(chip, texture, level, first_layer, last_layer);
    if (!surface) return Error{surface.error()};
    const Result<DepthBufferRegisters> r = encode_depth_buffer(chip, *surface);
    if (!r) return Error{r.error()};
    out.kind = RecordKind::DepthTarget;
    // emit_depth_buffer's writes, in its order.
    for (const RegisterRun& run : depth_buffer_runs(chip.gfx_level, *r))
      for (size_t i = 0; i < run.values.size(); ++i) out.registers.push_back({run.offset + 4 * uint32_t(i), run.values[i]});
    return out;
  }
  const Result<ColorSurface> laid_out = color_surface_from_texture(chip, texture, level, first_layer, last_layer);
  if (!laid_out) return Error{laid_out.error()};
  const Result<CbFormat> cb = cb_format(desc);  // the surface's format, not necessarily the texture's
  if (!cb) return Error{cb.error()};
  ColorSurface surface = *laid_out;
  surface.format = *cb;
  const Result<ColorBufferRegisters> r = encode_color_buffer(chip, surface);
  if (!r) return Error{r.error()};
  // emit_color_buffer's writes for slot 0.
  for (const RegisterRun& run : color_buffer_runs(chip.gfx_level, 0, *r))
    for (size_t i = 0; i < run.values.size(); ++i) out.registers.push_back({run.offset + 4 * uint32_t(i), run.values[i]});
  return out;
}

std::vector<uint8_t> serialize_record(const ShadowRecord& r) {
  std::vector<uint32_t> d{kMagic, kVersion, uint32_t(r.kind)};
  put64(d, r.va);
  put64(d, r.buffer_size);
  const VkImageViewDesc& v = r.view;
  d.insert(d.end(), {uint32_t(v.format), uint32_t(v.view_type), uint32_t(v.components.r), uint32_t(v.components.g),
                     uint32_t(v.components.b), uint32_t(v.components.a), v.range.aspectMask, v.range.baseMipLevel,
                     v.range.levelCount, v.range.baseArrayLayer, v.range.layerCount, uint32_t(r.words.size()),
                     uint32_t(r.registers.size()), std::bit_cast<uint32_t>(r.sampler_max_lod),
                     uint32_t(r.sampler_for_integer)});
  d.insert(d.end(), r.words.begin(), r.words.end());
  for (const RecordRegister& reg : r.registers) d.insert(d.end(), {reg.offset, reg.value});
  std::vector<uint8_t> bytes;
  for (uint32_t w : d)
    for (int shift = 0; shift < 32; shift += 8) bytes.push_back(uint8_t(w >> shift));
  return bytes;
}

Result<ShadowRecord> parse_record(std::span<const uint8_t> bytes) {
  if (bytes.size() % 4 != 0) return fail("record of " + std::to_string(bytes.size()) + " bytes (not whole dwords)");
  std::vector<uint32_t> d(bytes.size() / 4);
  for (size_t i = 0; i < d.size(); ++i)
    d[i] = uint32_t(bytes[4 * i]) | uint32_t(bytes[4 * i + 1]) << 8 | uint32_t(bytes[4 * i + 2]) << 16 |
           uint32_t(bytes[4 * i + 3]) << 24;
  if (d.size() < kHeaderDwords || d[0] != kMagic) return fail("not a glvk shadow record");
  if (d[1] != kVersion)
    return fail("shadow record version " + std::to_string(d[1]) + ", expected " + std::to_string(kVersion));
  if (d[2] < uint32_t(RecordKind::SampledImage) || d[2] > uint32_t(RecordKind::DepthTarget))
    return fail("unknown record kind " + std::to_string(d[2]));
  const size_t words = d[18], registers = d[19];
  if (words > kMaxEntries || registers > kMaxEntries || d.size() != kHeaderDwords + words + 2 * registers)
    return fail("record sizes do not add up");
  ShadowRecord r;
  r.kind = RecordKind(d[2]);
  r.va = d[3] | uint64_t(d[4]) << 32;
  r.buffer_size = d[5] | uint64_t(d[6]) << 32;
  r.view.format = VkFormat(d[7]);
  r.view.view_type = VkImageViewType(d[8]);
  r.view.components = {VkComponentSwizzle(d[9]), VkComponentSwizzle(d[10]), VkComponentSwizzle(d[11]),
                       VkComponentSwizzle(d[12])};
  r.view.range = {d[13], d[14], d[15], d[16], d[17]};
  r.sampler_max_lod = std::bit_cast<float>(d[20]);
  r.sampler_for_integer = d[21] != 0;
  r.words.assign(d.begin() + kHeaderDwords, d.begin() + std::ptrdiff_t(kHeaderDwords + words));
  for (size_t i = 0; i < registers; ++i)
    r.registers.push_back({d[kHeaderDwords + words + 2 * i], d[kHeaderDwords + words + 2 * i + 1]});
  return r;
}

}  // namespace glvk::amd
