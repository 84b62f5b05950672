// `glvk formats`: the format table, one line per format; `glvk formats show NAME`: every field.
#include <glvk/formats/format.h>

#include <cstdio>
#include <string>

#include "commands.h"

namespace glvk::tools {

namespace {

using formats::Channel;
using formats::ChannelType;
using formats::FormatDesc;

std::string channel_text(const Channel& ch) {
  const char* prefix = "X";
  switch (ch.type) {
    case ChannelType::UNSIGNED: prefix = ch.normalized ? "UN" : ch.pure_integer ? "UP" : "U"; break;
    case ChannelType::SIGNED: prefix = ch.normalized ? "SN" : ch.pure_integer ? "SP" : "S"; break;
    case ChannelType::FIXED: prefix = "H"; break;
    case ChannelType::FLOAT: prefix = "F"; break;
    case ChannelType::VOID: prefix = "X"; break;
  }
  return prefix + std::to_string(ch.size);
}

std::string channels_text(const FormatDesc& d) {
  std::string s;
  for (int c = 0; c < d.nr_channels; ++c) {
    if (c) s += ' ';
    s += channel_text(d.channel[c]);
  }
  return s.empty() ? "-" : s;
}

std::string swizzle_text(const formats::Swizzle swizzle[4]) {
  std::string s;
  for (int i = 0; i < 4; ++i) s += formats::swizzle_char(swizzle[i]);
  return s;
}

std::string block_text(const FormatDesc& d) {
  return std::to_string(d.block_width) + "x" + std::to_string(d.block_height) + "x" + std::to_string(d.block_depth);
}

void print_show(const FormatDesc& d) {
  auto flag = [](bool b) { return b ? "yes" : "no"; };
  std::printf("name: %s\n", d.name);
  std::printf("layout: %s\n", formats::layout_name(d.layout));
  std::printf("block: %s, %u bits\n", block_text(d).c_str(), unsigned(d.block_bits));
  std::printf("channels: %u\n", unsigned(d.nr_channels));
  for (int c = 0; c < d.nr_channels; ++c)
    std::printf("  channel %d: %s, bits %u..%u\n", c, channel_text(d.channel[c]).c_str(), unsigned(d.channel[c].shift),
                unsigned(d.channel[c].shift + d.channel[c].size - 1));
  std::printf("swizzle: %s\n", swizzle_text(d.swizzle).c_str());
  std::printf("colorspace: %s\n", formats::colorspace_name(d.colorspace));
  std::printf("is_array: %s\nis_bitmask: %s\nis_mixed: %s\nis_unorm: %s\nis_snorm: %s\n", flag(d.is_array),
              flag(d.is_bitmask), flag(d.is_mixed), flag(d.is_unorm), flag(d.is_snorm));
  std::printf("is_compressed: %s\nis_depth: %s\nis_stencil: %s\nis_float_any: %s\nis_pure_integer: %s\n",
              flag(d.is_compressed), flag(d.is_depth), flag(d.is_stencil), flag(d.is_float_any),
              flag(d.is_pure_integer));
  std::printf("srgb_equivalent: %s\n", formats::describe(d.srgb_equivalent).name);
  std::printf("linear_equivalent: %s\n", formats::describe(d.linear_equivalent).name);
  std::printf("vk_format: %s (%u)\n", d.vk_format_name, unsigned(d.vk_format));
  std::printf("vk_swizzle: %s\n", swizzle_text(d.vk_swizzle).c_str());
  std::printf("compressed_family: %d\n", int(d.compressed_family));
}

}  // namespace

int run_formats(Args args) {
  if (args.empty()) {
    for (const FormatDesc& d : formats::all_formats()) {
      if (d.format == formats::Format::NONE) continue;
      std::printf("%-28s %-12s %-7s %4u  %-20s %s %-4s %s %s\n", d.name, formats::layout_name(d.layout),
                  block_text(d).c_str(), unsigned(d.block_bits), channels_text(d).c_str(), swizzle_text(d.swizzle).c_str(),
                  formats::colorspace_name(d.colorspace), d.vk_format_name, swizzle_text(d.vk_swizzle).c_str());
    }
    return 0;
  }
  if (args[0] == "show" && args.size() == 2) {
    const FormatDesc* d = formats::find_format(args[1]);
    if (!d) {
      std::fprintf(stderr, "glvk formats: unknown format '%.*s'\n", int(args[1].size()), args[1].data());
      return 1;
    }
    print_show(*d);
    return 0;
  }
  std::fprintf(stderr, "glvk formats: usage: glvk formats [show NAME]\n");
  return 2;
}

}  // namespace glvk::tools
