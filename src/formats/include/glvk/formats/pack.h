// Pack/unpack rows of pixels between a format's memory layout and RGBA float / uint / sint, depth
// float and stencil uint, with the GL specification's conversion rules (section 2.3.5 and 8.5.2):
// unorm/snorm round to nearest with clamping, sRGB both ways, half float, unsigned 11/10-bit floats
// and the shared-exponent RGB9E5 format.
//
// Supported: every PLAIN and PACKED_OTHER format, and the 2x1 SUBSAMPLED formats (RGBA float only;
// YUV ones give Y, U, V in R, G, B without colour-space conversion; packing averages the shared
// component of each pixel pair). Planar YUV and compressed formats are not handled here. Functions
// return false (and write nothing) for formats or directions they do not support.
#pragma once

#include <cstddef>
#include <cstdint>

#include <glvk/formats/format.h>
#include <glvk/formats/gl_client.h>

namespace glvk::formats {

// ---- Scalar conversions (exposed for tests and for other modules' CPU paths). ----
float unorm_to_float(uint32_t value, unsigned bits);
uint32_t float_to_unorm(float value, unsigned bits);  // clamp to [0,1], round to nearest
float snorm_to_float(int32_t value, unsigned bits);   // max(v / (2^(b-1)-1), -1)
int32_t float_to_snorm(float value, unsigned bits);   // clamp to [-1,1], round to nearest
float half_to_float(uint16_t half);
uint16_t float_to_half(float value);                  // IEEE round to nearest even, overflow to Inf
float uf11_to_float(uint32_t bits);                   // unsigned 11-bit float (5-bit exponent, 6-bit mantissa)
float uf10_to_float(uint32_t bits);                   // unsigned 10-bit float (5-bit exponent, 5-bit mantissa)
uint32_t float_to_uf11(float value);                  // GL 2.3.4.3: negative -> 0, too large -> max finite
uint32_t float_to_uf10(float value);
void rgb9e5_to_float(uint32_t packed, float rgb[3]);
uint32_t float_to_rgb9e5(const float rgb[3]);         // GL 8.5.2 shared exponent encoding
float srgb_to_linear(float srgb);
float linear_to_srgb(float linear);
uint8_t linear_to_srgb8(float linear);                // float_to_unorm(linear_to_srgb(v), 8), by table

// A FormatDesc for a GL client array format (is_array layout), so every function below also reads
// and writes `GL_RGBA/GL_UNSIGNED_SHORT`-style client data.
FormatDesc describe_array_format(const ArrayFormat&);

// Whether the row functions below handle this description.
bool can_pack_unpack(const FormatDesc&);

// ---- Rows: `count` pixels, tightly packed in `src`/`dst` (ceil(count / block_width) blocks). ----
bool unpack_rgba_float(const FormatDesc&, const void* src, float* dst_rgba, size_t count);
bool pack_rgba_float(const FormatDesc&, const float* src_rgba, void* dst, size_t count);
// Pure-integer formats only: unsigned channels zero-extend, signed channels sign-extend. Packing
// clamps to the channel's range.
bool unpack_rgba_uint(const FormatDesc&, const void* src, uint32_t* dst_rgba, size_t count);
bool unpack_rgba_sint(const FormatDesc&, const void* src, int32_t* dst_rgba, size_t count);
bool pack_rgba_uint(const FormatDesc&, const uint32_t* src_rgba, void* dst, size_t count);
bool pack_rgba_sint(const FormatDesc&, const int32_t* src_rgba, void* dst, size_t count);
// Depth/stencil formats: packing writes only the depth (or stencil) bits, leaving the other channel.
bool unpack_depth_float(const FormatDesc&, const void* src, float* dst, size_t count);
bool pack_depth_float(const FormatDesc&, const float* src, void* dst, size_t count);
bool unpack_stencil_uint(const FormatDesc&, const void* src, uint8_t* dst, size_t count);
bool pack_stencil_uint(const FormatDesc&, const uint8_t* src, void* dst, size_t count);

// Compressed formats (through the decoders of <glvk/formats/compressed.h>): a whole image whose block
// rows are `src_row_stride` bytes apart, to RGBA float rows `dst_row_floats` floats apart; sRGB formats
// are linearised. False for formats that are not compressed.
bool unpack_compressed_rgba_float(const FormatDesc&, const void* src, size_t src_row_stride, unsigned width,
                                  unsigned height, float* dst, size_t dst_row_floats);

inline bool unpack_rgba_float(Format f, const void* src, float* dst, size_t n) { return unpack_rgba_float(describe(f), src, dst, n); }
inline bool pack_rgba_float(Format f, const float* src, void* dst, size_t n) { return pack_rgba_float(describe(f), src, dst, n); }
inline bool unpack_rgba_uint(Format f, const void* src, uint32_t* dst, size_t n) { return unpack_rgba_uint(describe(f), src, dst, n); }
inline bool unpack_rgba_sint(Format f, const void* src, int32_t* dst, size_t n) { return unpack_rgba_sint(describe(f), src, dst, n); }
inline bool pack_rgba_uint(Format f, const uint32_t* src, void* dst, size_t n) { return pack_rgba_uint(describe(f), src, dst, n); }
inline bool pack_rgba_sint(Format f, const int32_t* src, void* dst, size_t n) { return pack_rgba_sint(describe(f), src, dst, n); }
inline bool unpack_depth_float(Format f, const void* src, float* dst, size_t n) { return unpack_depth_float(describe(f), src, dst, n); }
inline bool pack_depth_float(Format f, const float* src, void* dst, size_t n) { return pack_depth_float(describe(f), src, dst, n); }
inline bool unpack_stencil_uint(Format f, const void* src, uint8_t* dst, size_t n) { return unpack_stencil_uint(describe(f), src, dst, n); }
inline bool pack_stencil_uint(Format f, const uint8_t* src, void* dst, size_t n) { return pack_stencil_uint(describe(f), src, dst, n); }

}  // namespace glvk::formats
