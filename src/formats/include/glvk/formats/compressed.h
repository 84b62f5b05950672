// Software decoders for the compressed texture families (used when a device lacks the format), and
// encoders for the GL "online compression" families (glTexImage* with a compressed internal format
// and uncompressed client data). Written from the Khronos Data Format Specification; see
// src/formats/compressed/README.md.
#pragma once

#include <cstddef>
#include <cstdint>

namespace glvk::formats {

enum class CompressedFamily : uint8_t {
  BC1_RGB, BC1_RGBA, BC2, BC3, BC4_UNORM, BC4_SNORM, BC5_UNORM, BC5_SNORM, BC6H_UFLOAT, BC6H_SFLOAT,
  BC7, ETC1_RGB8, ETC2_RGB8, ETC2_RGB8A1, ETC2_RGBA8, EAC_R11_UNORM, EAC_R11_SNORM, EAC_RG11_UNORM,
  EAC_RG11_SNORM, ASTC_LDR
};
inline constexpr unsigned kCompressedFamilyCount = 20;

struct CompressedBlockInfo {
  unsigned block_width, block_height;  // texels; ASTC: the block size the caller passed
  unsigned bytes_per_block;
  bool variable_block_size;            // true for ASTC (block dims come from the format)
  bool is_float;                       // BC6H: values outside [0,1] are possible
  bool is_signed;                      // values down to -1 (or negative floats)
};

// Block geometry of a family. For ASTC pass the format's block size (4x4 .. 12x12);
// the other families ignore block_width/block_height and report their fixed 4x4.
CompressedBlockInfo compressed_block_info(CompressedFamily family, unsigned block_width = 4,
                                          unsigned block_height = 4);
// ASTC 2D block sizes that the specification allows (4x4, 5x4, 5x5, ... 12x12).
bool is_valid_astc_block_size(unsigned block_width, unsigned block_height);
const char* compressed_family_name(CompressedFamily family);

// Decodes one block into bw*bh RGBA float texels (row-major, 4 floats each).
// No sRGB decode. Error blocks decode as the spec says: ASTC -> magenta (1,0,1,1); BC7 reserved
// mode -> (0,0,0,0); BC6H reserved modes -> (0,0,0,1) (BC6H has no alpha channel).
void decode_block_rgba_float(CompressedFamily family, unsigned block_width, unsigned block_height,
                             const uint8_t* block, float* texels);

// Decode a whole image of blocks to RGBA float (no sRGB decode; the caller linearises).
// src_row_stride: bytes between block rows; dst_row_stride: floats between texel rows.
// width/height need not be multiples of the block size: edge blocks are clipped.
void decode_image_rgba_float(CompressedFamily family, unsigned block_width, unsigned block_height,
                             const uint8_t* src, size_t src_row_stride, unsigned width, unsigned height,
                             float* dst, size_t dst_row_stride);
// Same, to RGBA8 unorm (round to nearest after clamping to [0,1]; BC6H clamps; signed families
// clamp negatives to 0). dst_row_stride: bytes between texel rows.
void decode_image_rgba8(CompressedFamily family, unsigned block_width, unsigned block_height,
                        const uint8_t* src, size_t src_row_stride, unsigned width, unsigned height,
                        uint8_t* dst, size_t dst_row_stride);

// ASTC: how a block decodes in the LDR profile. Both error kinds decode as magenta.
enum class AstcBlockStatus : uint8_t {
  OK,
  ILLEGAL_ENCODING,  // reserved block mode, too many weights/values, bit budget exceeded, ...
  HDR_IN_LDR,        // HDR endpoint mode or HDR void extent: an error in the LDR profile
};
AstcBlockStatus astc_block_status(unsigned block_width, unsigned block_height, const uint8_t* block);

// ---- Encoders ---------------------------------------------------------------------------------

// Whether encode_* can produce blocks of this family (the GL "online compression" families).
bool can_encode(CompressedFamily family);
// Encodes one 4x4 block from 16 RGBA float texels (row-major, 4 floats each; values are the
// format's natural range: unorm [0,1], snorm [-1,1], BC6H floats). Out-of-range inputs are clamped
// (NaN becomes 0). Families without an encoder get an all-zero block.
void encode_block_rgba_float(CompressedFamily family, const float* texels, uint8_t* block);
// Encodes a whole image. src_row_stride: floats between texel rows; dst_row_stride: bytes between
// block rows. width/height need not be multiples of 4: edge blocks replicate the last column/row.
void encode_image_rgba_float(CompressedFamily family, const float* src, size_t src_row_stride,
                             unsigned width, unsigned height, uint8_t* dst, size_t dst_row_stride);

}  // namespace glvk::formats
