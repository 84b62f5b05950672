// Pixel reads the legacy integration tests share: one pixel of the read buffer as RGBA8, and a
// comparison within one unit per channel (the 8-bit rounding of the spec's float results); and
// the immediate-mode quad over the whole viewport they texture.
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

// The viewport covered by one glBegin(GL_QUADS), texture coordinates (0, 0) to (s, t).
inline void textured_quad(GLfloat s = 1, GLfloat t = 1) {
  glBegin(GL_QUADS);
  glTexCoord2f(0, 0);
  glVertex2f(-1, -1);
  glTexCoord2f(s, 0);
  glVertex2f(1, -1);
  glTexCoord2f(s, t);
  glVertex2f(1, 1);
  glTexCoord2f(0, t);
  glVertex2f(-1, 1);
  glEnd();
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
