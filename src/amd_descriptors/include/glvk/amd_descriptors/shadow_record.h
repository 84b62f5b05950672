// The shadow-check record (DESIGN.md "Shadow check protocol"): what the state tracker attaches to a
// Vulkan object as a debug-utils object tag (tag name kShadowRecordTag) and the
// VK_LAYER_GLVK_shadow_check layer reads back. It carries the radeonsi-view words and the few
// facts the layer cannot derive from the create-infos: the simulated GPU address both encodings
// place the resource at, and for a texture the Vulkan view the state tracker samples it through.
#pragma once

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/result.h>

#include <vulkan/vulkan_core.h>  // enums and structs only

#include <cstdint>
#include <span>
#include <vector>

namespace glvk::amd {

// vkSetDebugUtilsObjectTagEXT tagName of every record: "GLVKSHDW" in ASCII.
inline constexpr uint64_t kShadowRecordTag = 0x5744485345564c47ull;

enum class RecordKind : uint32_t {
  SampledImage = 1,  // on a VkImage (its whole-texture view, `view`) or a VkImageView: SQ_IMG_RSRC_WORD0-7
  BufferView = 2,    // on a VkBufferView: SQ_BUF_RSRC_WORD0-3
  Sampler = 3,       // on a VkSampler: SQ_IMG_SAMP_WORD0-3
  ColorTarget = 4,   // on a VkImageView used as a colour attachment: CB_COLOR0_* (slot 0 offsets)
  DepthTarget = 5,   // on a VkImageView used as a depth/stencil attachment: DB_* surface registers
};
// "image", "buffer view", "sampler", "colour target", "depth target"
const char* record_kind_name(RecordKind kind);

struct RecordRegister {
  uint32_t offset;  // byte address
  uint32_t value;
};

struct ShadowRecord {
  RecordKind kind = RecordKind::SampledImage;
  uint64_t va = 0;          // base address of the resource (a memory binding, not in any create-info)
  uint64_t buffer_size = 0;  // BufferView: bytes of the whole buffer (radeonsi's width0)
  // Sampler: the max_lod st_convert_sampler handed radeonsi (GL's, after its swap). A Vulkan sampler
  // without mipmapping ends its LOD range at 0.25, so the layer cannot derive radeonsi's MAX_LOD and
  // checks it against this instead (the `gl-no-mipmap` explanation).
  float sampler_max_lod = 0.0f;
  // Sampler: made for an integer or stencil texture. glvk's Vulkan sampler filters those NEAREST
  // (Vulkan filters no integer format); radeonsi keeps GL's filters, which only multisample
  // textures (fetched, never filtered) can carry into a draw (the `integer-nearest` explanation).
  bool sampler_for_integer = false;
  VkImageViewDesc view;     // SampledImage on a VkImage: the view the texture is sampled through
  std::vector<uint32_t> words;               // descriptor words
  std::vector<RecordRegister> registers;     // ColorTarget: register writes
};

// The Vulkan view a texture's whole-texture sampler view is: the storage format's VkFormat with its
// emulation swizzle, the view type of `target`, every level and layer (`layers`: array layers, 1 for
// 3D), the aspect GL samples (depth of a depth/stencil format).
VkImageViewDesc sampled_vk_view(formats::Format format, TextureTarget target, uint32_t levels, uint32_t layers);

// The registers radeonsi writes for a level and layer range of `texture` bound as a render target
// seen as `format` (the surface's, which may be the texture's sRGB/linear twin): CB_COLOR0_BASE..
// (13 registers, 14 on GFX8, 15 + CB_MRT0_EPITCH on GFX9) of a colour format, the DB_* surface registers of a depth/stencil one;
// `kind` says which (ColorTarget or DepthTarget). Both views of the shadow check build it.
struct TargetRegisters {
  RecordKind kind = RecordKind::ColorTarget;
  std::vector<RecordRegister> registers;
};
Result<TargetRegisters> target_registers(const Chip& chip, const Texture& texture, formats::Format format,
                                         uint32_t level, uint32_t first_layer, uint32_t last_layer);

// Little-endian dwords behind a magic and a version; parse rejects anything else by name.
std::vector<uint8_t> serialize_record(const ShadowRecord& record);
Result<ShadowRecord> parse_record(std::span<const uint8_t> bytes);

}  // namespace glvk::amd
