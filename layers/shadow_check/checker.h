// The comparison at the heart of VK_LAYER_GLVK_shadow_check, free of the layer's dispatch so it is
// tested directly: the RADV-view encoding derived from Vulkan create-infos (src/amd_descriptors'
// Vulkan front door and the legacy surface layout), compared word by word with the radeonsi-view
// record the state tracker attached, each differing field decoded by register and field name and
// classified by the explained-differences table (explained.cpp).
#pragma once

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/descriptors.h>
#include <glvk/amd_descriptors/shadow_record.h>

#include <vulkan/vulkan_core.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace glvk::shadow_check {

// What the layer keeps of a VkImageCreateInfo.
struct ImageInfo {
  VkImageType type = VK_IMAGE_TYPE_2D;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkExtent3D extent = {1, 1, 1};
  uint32_t levels = 1, layers = 1;
  VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
  VkImageTiling tiling = VK_IMAGE_TILING_OPTIMAL;
  VkImageCreateFlags flags = 0;
};

// One field that differs between the two encodings.
struct FieldDifference {
  std::string reg;    // "SQ_IMG_RSRC_WORD1"
  std::string field;  // "DATA_FORMAT"
  uint32_t radeonsi = 0, radv = 0;
  std::string radeonsi_name, radv_name;  // enumeration value names, when the field has them
  std::string explanation;               // explained-differences table entry, empty: unexplained
};

struct Comparison {
  std::optional<std::string> underived;  // why no RADV-view encoding could be derived
  std::vector<uint32_t> radeonsi, radv;
  std::vector<FieldDifference> differences;
  bool identical() const { return !underived && differences.empty(); }
  bool unexplained() const;  // any difference without an explanation
};

// The surface template RADV would lay out for `image` sampled as `view_type`.
amd::Result<amd::SurfaceTemplate> surface_template_from_vk(const ImageInfo& image, VkImageViewType view_type);
// SQ_IMG_RSRC_WORD0-7 of `view` of `image` at `va`, the way RADV derives them.
amd::Result<amd::ImageDescriptor> derive_image_descriptor(const amd::Chip& chip, const ImageInfo& image,
                                                           const amd::VkImageViewDesc& view, uint64_t va);
// SQ_IMG_SAMP_WORD0-3 of a VkSamplerCreateInfo. `border_slot`: the sampler has a custom border
// colour (VK_EXT_custom_border_color, reached through CLAMP_TO_BORDER) in that slot of RADV's
// border-colour table (BORDER_COLOR_TYPE REGISTER, BORDER_COLOR_PTR the slot, whatever the colour).
amd::Result<amd::SamplerDescriptor> derive_sampler_descriptor(const amd::Chip& chip, const VkSamplerCreateInfo& info,
                                                              std::optional<uint32_t> border_slot = std::nullopt);

// Compares `record` with the RADV view of an image (`view`: the record's own for a VkImage tag, the
// VkImageViewCreateInfo's for a VkImageView), a buffer view or a sampler.
Comparison compare_image(const amd::Chip& chip, const ImageInfo& image, const amd::VkImageViewDesc& view,
                         const amd::ShadowRecord& record);
Comparison compare_buffer_view(const amd::Chip& chip, VkFormat format, VkDeviceSize offset, VkDeviceSize range,
                               const amd::ShadowRecord& record);
Comparison compare_sampler(const amd::Chip& chip, const VkSamplerCreateInfo& info, const amd::ShadowRecord& record,
                           std::optional<uint32_t> border_slot = std::nullopt);

// CB_COLOR0_*/DB_* of `view` of `image` bound as a render target, the way RADV derives them: the
// surface laid out from the image's create-info at `va` (the record's), the view's format, level and
// layers. A cube-compatible image is laid out as the cube it was made for, whatever the 2D view.
amd::Result<amd::TargetRegisters> derive_target_registers(const amd::Chip& chip, const ImageInfo& image,
                                                          const amd::VkImageViewDesc& view, uint64_t va);
// Compares a ColorTarget/DepthTarget record with the RADV view of an attachment view used as
// `role` (ColorTarget for a colour attachment, DepthTarget for depth/stencil), register by register.
Comparison compare_target(const amd::Chip& chip, const ImageInfo& image, const amd::VkImageViewDesc& view,
                          amd::RecordKind role, const amd::ShadowRecord& record);

// Word-by-word field decoding of two descriptors named by `prefix` ("SQ_IMG_RSRC").
std::vector<FieldDifference> field_differences(const amd::Chip& chip, const char* prefix,
                                               const std::vector<uint32_t>& radeonsi,
                                               const std::vector<uint32_t>& radv);

// Register-by-register field decoding of two lists of register writes, matched by offset (a
// register only one side writes is reported as "(not written)").
std::vector<FieldDifference> register_differences(const amd::Chip& chip,
                                                  const std::vector<amd::RecordRegister>& radeonsi,
                                                  const std::vector<amd::RecordRegister>& radv);

// What the explained-differences table knows about the object a difference was found on.
struct DifferenceContext {
  amd::RecordKind kind = amd::RecordKind::SampledImage;
  std::optional<ImageInfo> image;
  amd::VkImageViewDesc view;
  std::optional<VkSamplerCreateInfo> sampler;
  std::optional<amd::VkImageViewDesc> record_view;  // the view the radeonsi record samples through
  std::optional<uint32_t> border_slot;  // a sampler's custom border colour slot in RADV's table
  std::optional<float> radeonsi_max_lod;  // a sampler record's max_lod (ShadowRecord::sampler_max_lod)
  bool sampler_for_integer = false;        // ShadowRecord::sampler_for_integer
};
// Fills FieldDifference::explanation from the table (explained.cpp).
void explain(const DifferenceContext& context, std::vector<FieldDifference>& differences);

struct ExplainedDifference {
  const char* name;    // "linear-image"
  const char* reason;  // why the two drivers genuinely choose differently
};
// Every entry of the table, for reports and documentation.
std::vector<ExplainedDifference> explained_differences();

}  // namespace glvk::shadow_check
