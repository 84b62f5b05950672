// Per-family block decoders (internal). Each writes block_width*block_height RGBA float texels.
#pragma once

#include <cstdint>

namespace glvk::formats::detail {

enum class Bc1Alpha { OPAQUE_BLACK, TRANSPARENT_BLACK, FOUR_COLOR_ONLY };

void decode_bc1(const uint8_t* block, Bc1Alpha mode, float* texels);
void decode_bc2(const uint8_t* block, float* texels);
void decode_bc3(const uint8_t* block, float* texels);
// One BC4 channel into channel `channel` of the RGBA texels (stride 4).
void decode_bc4_channel(const uint8_t* block, bool is_signed, float* texels, unsigned channel);
void decode_bc6h(const uint8_t* block, bool is_signed, float* texels);
void decode_bc7(const uint8_t* block, float* texels);
void decode_etc1(const uint8_t* block, float* texels);
void decode_etc2_rgb(const uint8_t* block, bool punchthrough_alpha, float* texels);
void decode_eac_alpha8(const uint8_t* block, float* texels);  // into channel 3
void decode_eac_r11_channel(const uint8_t* block, bool is_signed, float* texels, unsigned channel);
enum class AstcDecodeResult : uint8_t { OK, ILLEGAL_ENCODING, HDR_IN_LDR };
// Error blocks decode as magenta.
AstcDecodeResult decode_astc(const uint8_t* block, unsigned block_width, unsigned block_height, float* texels);

}  // namespace glvk::formats::detail
