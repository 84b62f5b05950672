// The float32 <-> half fast paths (F16C eight at a time where the CPU has it) against the generic
// path, bit for bit, over every half value, the rounding ties between neighbours, the subnormal and
// overflow edges and NaNs with payloads, in rows whose lengths leave a scalar tail.
#include <gtest/gtest.h>

#include <glvk/formats/convert.h>
#include <glvk/formats/pack.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

namespace glvk::formats {
namespace {

std::uint32_t bits_of(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

float float_of(std::uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// Converts `values` as rows of `width` texels of `channels` elements, on the fast path and on the
// generic one.
template <typename Out, typename In>
void expect_same_on_both_paths(const std::vector<In>& values, Format to, Format from, unsigned width,
                               unsigned channels = 1) {
  const std::size_t row = std::size_t(width) * channels;
  ASSERT_EQ(values.size() % row, 0u);
  const unsigned height = unsigned(values.size() / row);
  std::vector<Out> fast(values.size()), generic(values.size());
  const PixelFormat dst(to), src(from);
  ASSERT_EQ(convert(fast.data(), dst, row * sizeof(Out), values.data(), src, row * sizeof(In), width, height),
            ConvertStatus::OK);
  ASSERT_EQ(convert_generic(generic.data(), dst, row * sizeof(Out), values.data(), src, row * sizeof(In), width, height),
            ConvertStatus::OK);
  for (std::size_t i = 0; i < fast.size(); ++i)
    ASSERT_EQ(std::memcmp(&fast[i], &generic[i], sizeof(Out)), 0) << "element " << i << " of " << values.size();
}

TEST(HalfFloatKernels, EveryHalfWidensLikeTheGenericPath) {
  std::vector<std::uint16_t> all(65536 + 3);  // + 3: rows of 13 leave a tail after groups of 8
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = std::uint16_t(i);
  all.resize(all.size() - all.size() % 13);
  expect_same_on_both_paths<float>(all, Format::R32_FLOAT, Format::R16_FLOAT, 13);
  // Four channels in place take the same kernel.
  std::vector<std::uint16_t> rgba(all.begin(), all.begin() + 4 * 4096);
  expect_same_on_both_paths<float>(rgba, Format::R32G32B32A32_FLOAT, Format::R16G16B16A16_FLOAT, 1024, 4);
}

TEST(HalfFloatKernels, FloatsNarrowLikeTheGenericPath) {
  std::vector<float> values;
  // Each finite half, the midpoint to its successor (a tie: round to even) and one float ulp either
  // side of that midpoint, with both signs.
  for (std::uint32_t h = 0; h < 0x7c00; ++h) {
    const float here = half_to_float(std::uint16_t(h)), next = half_to_float(std::uint16_t(h + 1));
    const float mid = here + (next - here) / 2;
    for (float v : {here, mid, float_of(bits_of(mid) + 1), float_of(bits_of(mid) - 1)}) {
      values.push_back(v);
      values.push_back(-v);
    }
  }
  // Below the smallest subnormal half, around the overflow threshold (65520), infinities, NaNs
  // with payloads (quiet and signalling), and random bit patterns.
  for (std::uint32_t b : {0x33000000u, 0x32ffffffu, 0x33000001u, 0x00000001u, 0x477fefffu, 0x477ff000u, 0x477ff001u,
                          0x7f800000u, 0x7f800001u, 0x7fc00000u, 0x7fc02000u, 0x7fbfffffu, 0xffc00001u, 0xff800000u})
    values.push_back(float_of(b));
  std::mt19937 rng(5);
  for (int i = 0; i < 100000; ++i) values.push_back(float_of(std::uint32_t(rng())));
  values.resize(values.size() - values.size() % 21);
  expect_same_on_both_paths<std::uint16_t>(values, Format::R16_FLOAT, Format::R32_FLOAT, 21);
}

}  // namespace
}  // namespace glvk::formats
