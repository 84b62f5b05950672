// The explained-differences table: fields where radeonsi and RADV genuinely choose differently for
// the same resource, each entry named with its reason. A difference is only explained when the
// context shows the reason applies; everything else stays unexplained.
#include <algorithm>
#include <cstring>
#include <initializer_list>
#include <string>

#include "checker.h"

namespace glvk::shadow_check {
namespace {

struct Entry {
  ExplainedDifference what;
  std::initializer_list<const char*> fields;  // "REGISTER.FIELD", e.g. "SQ_IMG_RSRC_WORD3.TILING_INDEX"
  bool (*applies)(const DifferenceContext&, const FieldDifference&);
};

bool linear_image(const DifferenceContext& c, const FieldDifference&) {
  return c.image && c.image->tiling == VK_IMAGE_TILING_LINEAR;
}

// The sampler filters no mipmap: the Vulkan sampler's LOD range ends at or below 0.25.
bool vk_sampler_without_mipmapping(const DifferenceContext& c) {
  return c.sampler && c.sampler->mipmapMode == VK_SAMPLER_MIPMAP_MODE_NEAREST && c.sampler->maxLod <= 0.25f;
}

// MAX_LOD: RADV's is the lowered range's end (0.25 is 64 in unsigned 4.8 fixed point); radeonsi's
// must be GL's maximum LOD exactly as si_create_sampler_state encodes it (S_FIXED(CLAMP(max_lod,
// 0, 15), 8)), which the record states, so any other value stays unexplained.
bool gl_no_mipmap(const DifferenceContext& c, const FieldDifference& d) {
  if (!vk_sampler_without_mipmapping(c)) return false;
  if (d.field == std::string("MIP_FILTER")) return d.radeonsi_name == "SQ_TEX_MIP_FILTER_NONE";
  if (!c.radeonsi_max_lod || d.radv > 64) return false;
  return d.radeonsi == uint32_t(int32_t(std::clamp(*c.radeonsi_max_lod, 0.0f, 15.0f) * 256.0f));
}

bool lod_clamped_to_levels(const DifferenceContext& c, const FieldDifference& d) {
  // Mipmapped filters only, and only ever lowered: glvk never raises the maximum LOD.
  return c.sampler && !vk_sampler_without_mipmapping(c) && d.radv < d.radeonsi;
}

// The Vulkan sampler of an integer texture filters nearest with point mips (TRUNC_COORD follows);
// radeonsi's keeps the GL filters the record's texture had.
bool integer_nearest(const DifferenceContext& c, const FieldDifference& d) {
  if (!c.sampler || !c.sampler_for_integer || c.sampler->magFilter != VK_FILTER_NEAREST ||
      c.sampler->minFilter != VK_FILTER_NEAREST || c.sampler->mipmapMode != VK_SAMPLER_MIPMAP_MODE_NEAREST)
    return false;
  if (d.field == std::string("TRUNC_COORD")) return d.radeonsi == 0 && d.radv == 1;
  if (d.field == std::string("MIP_FILTER")) return d.radeonsi_name == "SQ_TEX_MIP_FILTER_LINEAR";
  return d.radv_name == "SQ_TEX_XY_FILTER_POINT";
}

bool gl_clamp(const DifferenceContext& c, const FieldDifference& d) {
  return c.sampler && d.radeonsi_name == "SQ_TEX_CLAMP_HALF_BORDER" && d.radv_name == "SQ_TEX_CLAMP_LAST_TEXEL";
}

bool alpha_less_format(const DifferenceContext& c, const FieldDifference& d) {
  return c.kind == amd::RecordKind::ColorTarget && d.radeonsi == 1 && d.radv == 0;
}

// The radeonsi view covers more layers than the Vulkan one (a single-layer view of an array).
bool one_layer_of_many(const DifferenceContext& c, const FieldDifference&) {
  return c.record_view && c.view.range.layerCount == 1 && c.record_view->range.layerCount > 1 &&
         c.record_view->range.layerCount != VK_REMAINING_ARRAY_LAYERS;
}

// radeonsi's slot is the colour's place in its per-context table; RADV's the slot it gave this sampler.
bool border_colour_slot(const DifferenceContext& c, const FieldDifference& d) {
  return c.border_slot && d.radv == *c.border_slot;
}

// The blitter's sampler state is not seamless; Vulkan samplers are, and glvk's unnormalized samplers
// (the shader blit's) cannot sample cube views at all.
bool blitter_not_seamless(const DifferenceContext& c, const FieldDifference& d) {
  return c.sampler && c.sampler->unnormalizedCoordinates && d.radeonsi == 1 && d.radv == 0;
}

// GL_CLAMP (CLAMP_HALF_BORDER) reaches the border under linear filtering; the Vulkan sampler clamps
// to the edge and never reads a border colour.
bool gl_clamp_border(const DifferenceContext& c, const FieldDifference& d) {
  if (!c.sampler || d.radv != 0) return false;
  for (const VkSamplerAddressMode m : {c.sampler->addressModeU, c.sampler->addressModeV, c.sampler->addressModeW})
    if (m == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER) return false;
  return c.sampler->magFilter == VK_FILTER_LINEAR || c.sampler->minFilter == VK_FILTER_LINEAR;
}

// GFX9 BC_SWIZZLE of a GL format kept in a Vulkan format of other channels (A8, L8A8, I8 ... in R8 or
// R8G8 with a component mapping): radeonsi's value is the GL format's channel placement (the
// VkFormat's swizzle with the mapping applied), RADV's the VkFormat's own.
bool emulated_channels_border(const DifferenceContext& c, const FieldDifference& d) {
  const formats::Format vk_format = amd::format_from_vk(c.view.format);
  formats::Swizzle mapping[4];
  if (vk_format == formats::Format::NONE || !amd::swizzle_from_vk(c.view.components, mapping)) return false;
  const formats::FormatDesc& desc = formats::describe(vk_format);
  formats::Swizzle gl[4];
  formats::compose_swizzles(desc.swizzle, mapping, gl);
  return d.radv == amd::gfx9_border_color_swizzle(desc.swizzle) && d.radeonsi == amd::gfx9_border_color_swizzle(gl);
}

const Entry kTable[] = {
    {{"linear-image",
      "the Vulkan image is VK_IMAGE_TILING_LINEAR (glvk's direct-map choice on CPU devices, seed 003, or the "
      "application's); RADV lays a linear image out linear-aligned while radeonsi tiles the texture "
      "(si_choose_tiling), so the tiling index (GFX9: the swizzle modes and element pitch), the padded pitch "
      "and slice and the CMASK slice differ"},
     {"SQ_IMG_RSRC_WORD3.TILING_INDEX", "SQ_IMG_RSRC_WORD3.SW_MODE", "SQ_IMG_RSRC_WORD4.PITCH",
      "CB_COLOR0_PITCH.TILE_MAX", "CB_COLOR0_PITCH.FMASK_TILE_MAX", "CB_COLOR0_SLICE.TILE_MAX",
      "CB_COLOR0_ATTRIB.TILE_MODE_INDEX", "CB_COLOR0_ATTRIB.FMASK_TILE_MODE_INDEX", "CB_COLOR0_CMASK_SLICE.TILE_MAX",
      "CB_COLOR0_FMASK_SLICE.TILE_MAX", "CB_COLOR0_ATTRIB.COLOR_SW_MODE", "CB_COLOR0_ATTRIB.FMASK_SW_MODE",
      "CB_COLOR0_ATTRIB.RB_ALIGNED", "CB_COLOR0_ATTRIB.PIPE_ALIGNED", "CB_MRT0_EPITCH.EPITCH"},
     linear_image},
    {{"gl-no-mipmap",
      "GL's GL_NEAREST/GL_LINEAR minification filters sample no mipmap, which radeonsi encodes as "
      "MIP_FILTER_NONE; Vulkan samplers always have a mipmap mode, so glvk asks for NEAREST and ends the LOD "
      "range at 0.25 or below (only the base level is ever read, as with no mip filter)"},
     {"SQ_IMG_SAMP_WORD2.MIP_FILTER", "SQ_IMG_SAMP_WORD1.MAX_LOD"},
     gl_no_mipmap},
    {{"lod-clamped-to-levels",
      "glvk clamps GL's LOD range (default up to 1000) to the levels of the view it samples, radeonsi keeps it "
      "(up to 15 in 4.8 fixed point); the texture descriptor's LAST_LEVEL bounds both the same way"},
     {"SQ_IMG_SAMP_WORD1.MAX_LOD"},
     lod_clamped_to_levels},
    {{"gl-clamp",
      "compatibility GL_CLAMP under linear filtering blends with the border (radeonsi: CLAMP_HALF_BORDER); "
      "Vulkan has no such address mode and glvk uses CLAMP_TO_EDGE (CLAMP_LAST_TEXEL)"},
     {"SQ_IMG_SAMP_WORD0.CLAMP_X", "SQ_IMG_SAMP_WORD0.CLAMP_Y", "SQ_IMG_SAMP_WORD0.CLAMP_Z"},
     gl_clamp},
    {{"alpha-less-format",
      "the GL format has no alpha (RGB, RGBX) and is stored in a Vulkan format with one: radeonsi's surface is "
      "the alpha-less format, so the CB reads destination alpha as 1 (FORCE_DST_ALPHA_1); the Vulkan attachment "
      "stores an alpha channel and glvk lowers the blend factors that read destination alpha to their value at "
      "1 instead (st draw_state: DST_ALPHA to ONE, ONE_MINUS_DST_ALPHA and SRC_ALPHA_SATURATE to ZERO)"},
     {"CB_COLOR0_ATTRIB.FORCE_DST_ALPHA_1"},
     alpha_less_format},
    {{"blit-source-layer",
      "radeonsi's blitter samples the source through a view of the whole texture (its target, every layer) "
      "and picks the layer by coordinate; glvk's shader blit samples a single-layer 2D view of that layer"},
     {"SQ_IMG_RSRC_WORD3.TYPE", "SQ_IMG_RSRC_WORD5.BASE_ARRAY", "SQ_IMG_RSRC_WORD5.LAST_ARRAY"},
     one_layer_of_many},
    {{"border-colour-slot",
      "a custom border colour lives in a table the descriptor points into: radeonsi keeps one entry per distinct "
      "colour per context, in the order samplers first asked for it (si_translate_border_color); RADV gives each "
      "custom-colour sampler the first free slot of its device table (radv_register_border_color), so samplers "
      "sharing a colour, or colours radeonsi registered for GL_CLAMP, number the slots differently"},
     {"SQ_IMG_SAMP_WORD3.BORDER_COLOR_PTR"},
     border_colour_slot},
    {{"gl-clamp-border",
      "compatibility GL_CLAMP under linear filtering reads the border colour (radeonsi gives the sampler its "
      "colour); glvk's Vulkan sampler clamps to the edge (see gl-clamp) and reads none"},
     {"SQ_IMG_SAMP_WORD3.BORDER_COLOR_TYPE", "SQ_IMG_SAMP_WORD3.BORDER_COLOR_PTR"},
     gl_clamp_border},
    {{"blitter-not-seamless",
      "radeonsi's blitter creates its sampler states from a zeroed pipe_sampler_state, so they are not seamless "
      "(DISABLE_CUBE_WRAP 1); Vulkan samplers are always seamless, and the shader blit's unnormalized sampler "
      "only samples 2D views, where the bit has no effect"},
     {"SQ_IMG_SAMP_WORD0.DISABLE_CUBE_WRAP"},
     blitter_not_seamless},
    {{"integer-nearest",
      "the sampler reads an integer (or stencil) texture: glvk's Vulkan sampler filters it nearest with point "
      "mipmapping (Vulkan filters no integer format; GL makes such a texture incomplete unless its filters are "
      "nearest), while radeonsi keeps the GL filters, which only a multisample texture, fetched and never "
      "filtered, can bring to a draw"},
     {"SQ_IMG_SAMP_WORD2.XY_MAG_FILTER", "SQ_IMG_SAMP_WORD2.XY_MIN_FILTER", "SQ_IMG_SAMP_WORD2.MIP_FILTER",
      "SQ_IMG_SAMP_WORD0.TRUNC_COORD"},
     integer_nearest},
    {{"emulated-channels-border",
      "the GL format (alpha, luminance, luminance-alpha, intensity, or a one/two-channel format Vulkan lacks) is "
      "stored in a Vulkan format of other channels and sampled through a component mapping; on GFX9 radeonsi "
      "places the border colour by the GL format's channels (gfx9_border_color_swizzle of its pipe format), RADV "
      "by the VkFormat's, and the mapping moves the channels back"},
     {"SQ_IMG_RSRC_WORD4.BC_SWIZZLE"},
     emulated_channels_border},
};

bool matches(const Entry& e, const FieldDifference& d) {
  const std::string key = d.reg + "." + d.field;
  for (const char* f : e.fields)
    if (key == f) return true;
  return false;
}

}  // namespace

void explain(const DifferenceContext& context, std::vector<FieldDifference>& differences) {
  for (FieldDifference& d : differences)
    for (const Entry& e : kTable)
      if (matches(e, d) && e.applies(context, d)) {
        d.explanation = e.what.name;
        break;
      }
}

std::vector<ExplainedDifference> explained_differences() {
  std::vector<ExplainedDifference> out;
  for (const Entry& e : kTable) out.push_back(e.what);
  return out;
}

}  // namespace glvk::shadow_check
