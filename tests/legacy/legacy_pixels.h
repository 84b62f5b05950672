// Pixel reads the legacy integration tests share: one pixel of the read buffer as RGBA8, and a
// comparison within one unit per channel (the 8-bit rounding of the spec's float results).
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>

#include "gl_fixture.h"

namespace glvk::test {

using Rgba = std::array<int, 4>;

inline Rgba pixel(int x, int y) {
  std::array<std::uint8_t, 4> p{};
  glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.data());
  return {p[0], p[1], p[2], p[3]};
}

inline ::testing::AssertionResult near(int x, int y, const Rgba& expected) {
  const Rgba p = pixel(x, y);
  for (int i = 0; i < 4; ++i)
    if (std::abs(p[std::size_t(i)] - expected[std::size_t(i)]) > 1)
      return ::testing::AssertionFailure() << "pixel (" << x << ", " << y << ") is " << p[0] << " " << p[1] << " "
                                           << p[2] << " " << p[3] << ", expected " << expected[0] << " " << expected[1]
                                           << " " << expected[2] << " " << expected[3];
  return ::testing::AssertionSuccess();
}

}  // namespace glvk::test
