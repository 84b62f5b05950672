#include <glvk/formats/format.h>

#include <algorithm>
#include <cstring>

#include "format_table.h"

namespace glvk::formats {

const FormatDesc& describe(Format format) {
  const auto index = static_cast<unsigned>(format);
  return index < kFormatCount ? detail::kFormatTable[index] : detail::kFormatTable[0];
}

const FormatDesc* find_format(std::string_view name) {
  const uint16_t* begin = detail::kFormatsByName;
  const uint16_t* end = begin + kFormatCount;
  const uint16_t* it = std::lower_bound(begin, end, name, [](uint16_t index, std::string_view key) {
    return std::string_view(detail::kFormatTable[index].name) < key;
  });
  if (it == end || std::string_view(detail::kFormatTable[*it].name) != name) return nullptr;
  return &detail::kFormatTable[*it];
}

std::span<const FormatDesc> all_formats() { return {detail::kFormatTable, kFormatCount}; }

uint32_t bytes_per_block(Format format) { return describe(format).block_bits / 8; }

Format rgba_ordered_format(Format format, unsigned components) {
  const FormatDesc& f = describe(format);
  if (f.layout != Layout::PLAIN || components == 0 || components > 4) return Format::NONE;
  for (unsigned i = 0; i < components; ++i)
    if (f.swizzle[i] > Swizzle::W) return Format::NONE;
  const auto same_channel = [](const Channel& a, const Channel& b) {
    return a.type == b.type && a.normalized == b.normalized && a.pure_integer == b.pure_integer && a.size == b.size;
  };
  for (const FormatDesc& c : all_formats()) {
    if (c.layout != Layout::PLAIN || c.nr_channels != components || c.colorspace != f.colorspace) continue;
    bool match = true;
    for (unsigned i = 0; i < components && match; ++i)
      match = c.swizzle[i] == Swizzle(i) && same_channel(c.channel[i], f.channel[int(f.swizzle[i])]);
    if (match) return c.format;
  }
  return Format::NONE;
}

const char* layout_name(Layout layout) {
  switch (layout) {
    case Layout::PLAIN: return "PLAIN";
    case Layout::PACKED_OTHER: return "PACKED_OTHER";
    case Layout::S3TC: return "S3TC";
    case Layout::RGTC: return "RGTC";
    case Layout::BPTC: return "BPTC";
    case Layout::ETC: return "ETC";
    case Layout::ASTC: return "ASTC";
    case Layout::SUBSAMPLED: return "SUBSAMPLED";
    case Layout::PLANAR2: return "PLANAR2";
    case Layout::PLANAR3: return "PLANAR3";
  }
  return "?";
}

const char* colorspace_name(Colorspace colorspace) {
  switch (colorspace) {
    case Colorspace::RGB: return "RGB";
    case Colorspace::SRGB: return "SRGB";
    case Colorspace::ZS: return "ZS";
    case Colorspace::YUV: return "YUV";
  }
  return "?";
}

char swizzle_char(Swizzle swizzle) {
  constexpr char kChars[] = {'x', 'y', 'z', 'w', '0', '1', '_'};
  const auto index = static_cast<unsigned>(swizzle);
  return index < sizeof(kChars) ? kChars[index] : '?';
}

void compose_swizzles(const Swizzle swiz1[4], const Swizzle swiz2[4], Swizzle result[4]) {
  Swizzle out[4];  // allows result to alias an input
  for (int i = 0; i < 4; ++i) {
    const Swizzle s = swiz2[i];
    out[i] = s <= Swizzle::W ? swiz1[static_cast<int>(s)] : s;
  }
  std::memcpy(result, out, sizeof(out));
}

}  // namespace glvk::formats
