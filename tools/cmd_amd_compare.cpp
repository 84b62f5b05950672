// glvk amd compare [--chip CHIP] [--all]: for every format x target the GCN capability model lets
// radeonsi sample, the radeonsi-view descriptor (glvk format, GL target, whole-texture view) next
// to the RADV-view one (the storage VkFormat, its emulation swizzle as a component mapping, the
// view type), compared with the shadow-check layer's own comparison and explained-differences table.
#include <cstdio>
#include <string>

#include "checker.h"
#include "commands.h"
#include "glvk/amd_descriptors/capability.h"
#include "glvk/amd_descriptors/shadow_record.h"
#include "report.h"

namespace glvk::tools {
namespace {

using amd::TextureTarget;
using shadow_check::Comparison;

constexpr TextureTarget kTargets[] = {TextureTarget::TEXTURE_1D,       TextureTarget::TEXTURE_2D,
                                      TextureTarget::TEXTURE_3D,       TextureTarget::TEXTURE_CUBE,
                                      TextureTarget::TEXTURE_RECT,     TextureTarget::TEXTURE_1D_ARRAY,
                                      TextureTarget::TEXTURE_2D_ARRAY, TextureTarget::TEXTURE_CUBE_ARRAY};
constexpr uint64_t kVa = 0x100000000ull;

// A small texture of each target with a mip chain (except rectangles), the same for both views.
amd::SurfaceTemplate sample_template(formats::Format format, TextureTarget target) {
  amd::SurfaceTemplate t;
  t.target = target;
  t.format = format;
  t.width = 32;
  t.height = target == TextureTarget::TEXTURE_1D || target == TextureTarget::TEXTURE_1D_ARRAY ? 1 : 32;
  t.depth = target == TextureTarget::TEXTURE_3D ? 8 : 1;
  t.array_size = target == TextureTarget::TEXTURE_CUBE         ? 6
                 : target == TextureTarget::TEXTURE_CUBE_ARRAY ? 12
                 : target == TextureTarget::TEXTURE_1D_ARRAY || target == TextureTarget::TEXTURE_2D_ARRAY ? 3
                                                                                                          : 1;
  t.levels = target == TextureTarget::TEXTURE_RECT ? 1 : 3;
  return t;
}

shadow_check::ImageInfo vk_image(const amd::SurfaceTemplate& t) {
  shadow_check::ImageInfo image;
  image.type = t.target == TextureTarget::TEXTURE_3D ? VK_IMAGE_TYPE_3D
               : t.target == TextureTarget::TEXTURE_1D || t.target == TextureTarget::TEXTURE_1D_ARRAY
                   ? VK_IMAGE_TYPE_1D
                   : VK_IMAGE_TYPE_2D;
  image.format = VkFormat(formats::describe(t.format).vk_format);
  image.extent = {t.width, t.height, t.depth};
  image.levels = t.levels;
  image.layers = t.array_size;
  if (t.target == TextureTarget::TEXTURE_CUBE || t.target == TextureTarget::TEXTURE_CUBE_ARRAY)
    image.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  return image;
}

// The radeonsi record of the whole-texture view, or why radeonsi cannot make one.
amd::Result<amd::ShadowRecord> radeonsi_record(const amd::Chip& chip, const amd::SurfaceTemplate& t) {
  const amd::Result<amd::Texture> texture = amd::create_texture(chip, t, kVa);
  if (!texture) return amd::Error{texture.error()};
  const amd::Result<amd::ImageDescriptor> words =
      amd::make_texture_descriptor(chip, *texture, amd::default_sampler_view(*texture));
  if (!words) return amd::Error{words.error()};
  amd::ShadowRecord record;
  record.va = kVa;
  record.view = amd::sampled_vk_view(t.format, t.target, t.levels, t.array_size);
  record.words.assign(words->begin(), words->end());
  return record;
}

std::string hex_words(const std::vector<uint32_t>& words) {
  std::string out;
  for (uint32_t w : words) {
    char buf[12];
    std::snprintf(buf, sizeof buf, " %08x", w);
    out += buf;
  }
  return out;
}

int fail(const std::string& message) {
  std::fprintf(stderr, "glvk amd compare: %s\n", message.c_str());
  return 2;
}

}  // namespace

int run_amd_compare(Args args) {
  std::string chip_name = "tonga";
  bool all = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--chip" && i + 1 < args.size()) chip_name = std::string(args[++i]);
    else if (args[i] == "--all") all = true;
    else return fail("unknown argument '" + std::string(args[i]) + "' (usage: glvk amd compare [--chip CHIP] [--all])");
  }
  const amd::Chip* chip = amd::find_chip(chip_name);
  if (!chip) return fail("unknown chip '" + chip_name + "' (glvk amd chips)");

  unsigned pairs = 0, identical = 0, explained = 0, unexplained = 0, underived = 0, no_vk_format = 0;
  for (const formats::FormatDesc& d : formats::all_formats()) {
    for (TextureTarget target : kTargets) {
      if (!amd::is_format_supported(*chip, d.format, target, 1, amd::USAGE_SAMPLER_VIEW)) continue;
      const std::string label = std::string(d.name) + " " + amd::texture_target_name(target);
      if (d.vk_format == 0) {
        ++no_vk_format;  // nothing for RADV to derive from: glvk stores it in another format
        if (all) std::printf("%s: no VkFormat\n", label.c_str());
        continue;
      }
      ++pairs;
      const amd::SurfaceTemplate t = sample_template(d.format, target);
      const amd::Result<amd::ShadowRecord> record = radeonsi_record(*chip, t);
      Comparison c;
      if (record) c = shadow_check::compare_image(*chip, vk_image(t), record->view, *record);
      else c.underived = "radeonsi: " + record.error();
      if (c.underived) ++underived;
      else if (c.differences.empty()) ++identical;
      else if (c.unexplained()) ++unexplained;
      else ++explained;
      if (c.identical() && !all) continue;
      std::printf("%s: %s\n", label.c_str(),
                  c.underived ? ("not derivable: " + *c.underived).c_str()
                  : c.identical() ? "identical"
                  : c.unexplained() ? "UNEXPLAINED"
                                    : "explained");
      if (c.underived) continue;
      std::printf("  radeonsi%s\n  radv    %s\n", hex_words(c.radeonsi).c_str(), hex_words(c.radv).c_str());
      for (const shadow_check::FieldDifference& f : c.differences)
        std::printf("  %s\n", shadow_check::describe(f).c_str());
    }
  }
  std::printf("%s: %u format x target pairs: %u identical, %u explained, %u unexplained, %u not derivable; "
              "%u without a VkFormat\n",
              chip->name, pairs, identical, explained, unexplained, underived, no_vk_format);
  return unexplained ? 1 : 0;  // not-derivable pairs are listed above with the reason
}

}  // namespace glvk::tools
