// st_convert_sampler's LOD range and bias (convert_sampler_lods), which both glvk's Vulkan samplers
// and the radeonsi shadow start from. Golden values from Mesa's st_convert_sampler (bias clamped to
// [-16, 16] and floored to 1/256; min LOD raised to 0; a maximum below the minimum swapped with it)
// and si_create_sampler_state's fields (sid.h: SQ_IMG_SAMP_WORD1 MIN_LOD bits 11:0, MAX_LOD 23:12,
// WORD2 LOD_BIAS 13:0, all S_FIXED(value, 8), i.e. truncated 4.8 / signed 6.8 fixed point).
#include <gtest/gtest.h>

#include <glvk/amd_descriptors/chip.h>
#include <glvk/amd_descriptors/descriptors.h>

#include "glvk/st/draw.h"

namespace glvk::st {
namespace {

SamplerInput lods(float min_lod, float max_lod, float bias) {
  SamplerInput s;
  s.min_lod = min_lod;
  s.max_lod = max_lod;
  s.lod_bias = bias;
  return s;
}

TEST(SamplerLods, MaximumBelowMinimumIsSwappedNotRaised) {
  const SamplerLods l = convert_sampler_lods(lods(3.0f, 1.0f, 0.0f));
  EXPECT_EQ(l.min_lod, 1.0f);
  EXPECT_EQ(l.max_lod, 3.0f);
  // A negative maximum below the (raised) minimum 0: swapped, the hardware clamps it to 0.
  const SamplerLods n = convert_sampler_lods(lods(-5.0f, -2.0f, 0.0f));
  EXPECT_EQ(n.min_lod, -2.0f);
  EXPECT_EQ(n.max_lod, 0.0f);
  // GL's defaults (-1000, 1000) keep their maximum; the minimum becomes 0.
  const SamplerLods d = convert_sampler_lods(SamplerInput{});
  EXPECT_EQ(d.min_lod, 0.0f);
  EXPECT_EQ(d.max_lod, 1000.0f);
}

TEST(SamplerLods, BiasIsClampedAndFlooredToAMultipleOf1Over256) {
  EXPECT_EQ(convert_sampler_lods(lods(0, 1, -0.3f)).lod_bias, -77.0f / 256.0f);  // floor(-76.8)
  EXPECT_EQ(convert_sampler_lods(lods(0, 1, 0.3f)).lod_bias, 76.0f / 256.0f);    // floor(76.8)
  EXPECT_EQ(convert_sampler_lods(lods(0, 1, -0.5f)).lod_bias, -0.5f);
  EXPECT_EQ(convert_sampler_lods(lods(0, 1, 20.0f)).lod_bias, 16.0f);
  EXPECT_EQ(convert_sampler_lods(lods(0, 1, -20.0f)).lod_bias, -16.0f);
}

// GL MinLod 3, MaxLod 1, bias -0.3 as radeonsi encodes what st hands it: MIN_LOD 1.0 = 256,
// MAX_LOD 3.0 = 768, LOD_BIAS -77 in 14 bits = 0x3FB3. RADV truncates the Vulkan bias toward zero
// (-0.3 would give -76 = 0x3FB4), which is why the Vulkan sampler gets the floored bias too.
TEST(SamplerLods, RadeonsiWordsOfASwappedRangeAndANegativeBias) {
  const SamplerLods l = convert_sampler_lods(lods(3.0f, 1.0f, -0.3f));
  amd::SamplerState state;
  state.min_lod = l.min_lod;
  state.max_lod = l.max_lod;
  state.lod_bias = l.lod_bias;
  const amd::Result<amd::SamplerDescriptor> words = amd::make_sampler_descriptor(*amd::find_chip("tonga"), state);
  ASSERT_TRUE(words.ok()) << words.error();
  EXPECT_EQ((*words)[1] & 0xFFFu, 256u);
  EXPECT_EQ(((*words)[1] >> 12) & 0xFFFu, 768u);
  EXPECT_EQ((*words)[2] & 0x3FFFu, 0x3FB3u);
}

}  // namespace
}  // namespace glvk::st
