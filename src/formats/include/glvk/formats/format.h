// The format database: one description per format, generated from src/formats/formats.csv.
// Conventions (seed 001): pipe-style names; array formats list channels in memory order, packed
// formats LSB -> MSB of the little-endian block.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <glvk/formats/format_enum.h>  // enum class Format : uint16_t { NONE = 0, ... } (generated)

namespace glvk::formats {

enum class Layout : uint8_t { PLAIN, PACKED_OTHER, S3TC, RGTC, BPTC, ETC, ASTC, SUBSAMPLED, PLANAR2, PLANAR3 };
enum class ChannelType : uint8_t { VOID, UNSIGNED, SIGNED, FIXED, FLOAT };

struct Channel {
  ChannelType type;
  bool normalized;
  bool pure_integer;
  uint8_t size;   // bits
  uint8_t shift;  // bit offset inside the block, LSB first
};

enum class Swizzle : uint8_t { X = 0, Y = 1, Z = 2, W = 3, ZERO = 4, ONE = 5, NONE = 6 };
enum class Colorspace : uint8_t { RGB, SRGB, ZS, YUV };

struct FormatDesc {
  Format format;
  const char* name;  // "R8G8B8A8_UNORM"
  Layout layout;
  uint8_t block_width, block_height, block_depth;
  uint16_t block_bits;
  uint8_t nr_channels;
  Channel channel[4];  // memory order (array) / LSB->MSB (packed)
  Swizzle swizzle[4];  // RGBA <- channel; for ZS: [0] = depth channel, [1] = stencil channel
  Colorspace colorspace;
  // Derived by the generator (seed 001 "derived flags"):
  bool is_array;    // plain, every channel the same size (a byte multiple), non-X channels one type
  bool is_bitmask;  // plain, block of 8/16/32 bits, no float/fixed channel
  bool is_mixed;    // plain, non-X channels of different types
  bool is_unorm;    // every non-X channel unsigned normalized, or compressed non-float non-SNORM
  bool is_snorm;    // every non-X channel signed normalized, or compressed SNORM
  bool is_compressed, is_depth, is_stencil, is_float_any, is_pure_integer;
  Format srgb_equivalent, linear_equivalent;  // NONE when there is none
  uint32_t vk_format;                         // VkFormat value (0 = VK_FORMAT_UNDEFINED when none)
  Swizzle vk_swizzle[4];                      // VkComponentMapping emulating this format with vk_format
  int8_t compressed_family;                   // CompressedFamily value, -1 when not compressed
  const char* vk_format_name;                 // "VK_FORMAT_R8G8B8A8_UNORM" (for tools and logs)
};

const FormatDesc& describe(Format);                    // never null; Format::NONE has a valid entry
const FormatDesc* find_format(std::string_view name);  // exact name, nullptr when unknown
std::span<const FormatDesc> all_formats();
uint32_t bytes_per_block(Format);

// The plain format that holds the first `components` RGBA channels of `format` in R, G, B, A
// memory order, each of the same type and size, without padding (R8G8B8X8_UNORM, 3 ->
// R8G8B8_UNORM; B8G8R8A8_SRGB, 4 -> R8G8B8A8_SRGB): how GL lays out the bits of an internal
// format that a device stores padded or reordered. NONE when the table has no such format.
Format rgba_ordered_format(Format format, unsigned components);

const char* layout_name(Layout);
const char* colorspace_name(Colorspace);
char swizzle_char(Swizzle);  // 'x' 'y' 'z' 'w' '0' '1' '_'

// util_format_compose_swizzles (seed 001): the result applies swiz2 on top of swiz1,
// result[i] = swiz1[swiz2[i]] when swiz2[i] selects a channel, else swiz2[i] itself.
void compose_swizzles(const Swizzle swiz1[4], const Swizzle swiz2[4], Swizzle result[4]);

}  // namespace glvk::formats
