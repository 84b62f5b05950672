// Element kernels of the conversion engine, each in a scalar version (the reference: the same
// arithmetic as pack.h's scalar functions) and vectorised versions picked by CPU feature.
// `cpu_isa()` is the one place glvk asks the CPU what it has; every kernel takes the ISA to use,
// so tests can run each version against the scalar one (a level above cpu_isa() is lowered to it).
#pragma once

#include <cstddef>
#include <cstdint>

namespace glvk::formats::kernels {

// Ordered: each level includes the ones below (AVX2 here also means F16C, as on every AVX2 CPU).
enum class Isa : uint8_t { SCALAR, SSE2, SSSE3, AVX2 };

Isa cpu_isa();  // the best level this CPU runs; computed once
const char* isa_name(Isa);

// float32 <-> half, IEEE round to nearest even; NaNs as half_to_float/float_to_half (quiet 0x7e00
// towards half, payload kept towards float).
void half_to_float(float* dst, const uint16_t* src, size_t count, Isa isa = cpu_isa());
void float_to_half(uint16_t* dst, const float* src, size_t count, Isa isa = cpu_isa());

// float32 -> unorm with GL 4.6 eq. 2.3: clamp to [0, 1] (NaN -> 0), round(f * (2^b - 1)) half up.
void float_to_unorm8(uint8_t* dst, const float* src, size_t count, Isa isa = cpu_isa());
void float_to_unorm16(uint16_t* dst, const float* src, size_t count, Isa isa = cpu_isa());

// unorm8 -> float32 with GL 4.6 eq. 2.1: c / 255, correctly rounded.
void unorm8_to_float(float* dst, const uint8_t* src, size_t count, Isa isa = cpu_isa());

// Combined depth/stencil words <-> Vulkan's per-aspect buffer layouts (depth: one 32-bit word per
// texel, depth bits in the low bits; stencil: one byte per texel). `bytes` is 4 (a 24/8 word with
// 24-bit depth at `z_shift` and stencil at `s_shift`) or 8 (GL's FLOAT_32_UNSIGNED_INT_24_8_REV:
// the float in the first word, stencil in the low byte of the second). Merging masks the depth
// aspect's undefined high bits and writes zero in the unused bits of the texel.
struct ZsLayout {
  unsigned bytes = 4, z_shift = 0, s_shift = 24;
};
void split_depth_stencil(const ZsLayout&, const void* texels, size_t count, uint32_t* depth, uint8_t* stencil,
                         Isa isa = cpu_isa());
void merge_depth_stencil(const ZsLayout&, const uint32_t* depth, const uint8_t* stencil, size_t count, void* texels,
                         Isa isa = cpu_isa());

// Packed 16-bit unorm texels (565, 5551, 4444 and their reversed orders) <-> four unorm8 bytes per
// texel (kernels_packed16.cpp). One `Packed16Channel` per destination byte (unpack) or per packed
// channel (pack): where the channel sits in the 16-bit word (`shift`, `bits` 1..8) and, for a pack,
// which byte of the texel it comes from (`source`); `bits` 0 means the constant `constant` instead
// (unpack: the byte's value; pack: a raw value or'ed in at `shift`). The values are the generic
// path's, eq. 2.1 then 2.3: round(c * 255 / (2^b - 1)) and round(v * (2^b - 1) / 255).
struct Packed16Channel {
  uint8_t shift = 0, bits = 0, source = 0;
  uint16_t constant = 0;
};
void packed16_to_unorm8x4(const Packed16Channel (&bytes)[4], uint8_t* dst, const uint16_t* src, size_t count,
                          Isa isa = cpu_isa());
void unorm8x4_to_packed16(const Packed16Channel (&channels)[4], uint16_t* dst, const uint8_t* src, size_t count,
                          Isa isa = cpu_isa());

// RGB9_E5 (GL_UNSIGNED_INT_5_9_9_9_REV words) <-> float32 RGB or RGBA texels (`channels` 3 or 4;
// kernels_rgb9e5.cpp), as pack.h's rgb9e5_to_float / float_to_rgb9e5 (GL 4.6 8.5.2): unpacked
// alpha is 1, packed alpha ignored.
void rgb9e5_to_float(float* dst, unsigned channels, const uint32_t* src, size_t count, Isa isa = cpu_isa());
void float_to_rgb9e5(uint32_t* dst, const float* src, unsigned channels, size_t count, Isa isa = cpu_isa());

// Unorm depth words <-> float depth (kernels_depth.cpp), as pack.h's unpack_depth_float and
// pack_depth_float: `bits` of unorm depth at `shift` in 16-bit (`bytes` 2) or 32-bit (4) words;
// eq. 2.1 in double rounded to float one way, eq. 2.3 the other (clamped, NaN 0), other bits 0.
struct DepthWord {
  unsigned bytes = 4, bits = 24, shift = 0;
};
void depth_unorm_to_float(float* dst, const DepthWord&, const void* src, size_t count, Isa isa = cpu_isa());
void float_to_depth_unorm(void* dst, const DepthWord&, const float* src, size_t count, Isa isa = cpu_isa());

}  // namespace glvk::formats::kernels
