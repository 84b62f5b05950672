#include "ff_math.h"

#include <cmath>
#include <utility>

namespace glvk::gl::ff {

Matrix4 multiply(const Matrix4& a, const Matrix4& b) {
  Matrix4 m{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      for (int k = 0; k < 4; ++k) m[std::size_t(c * 4 + r)] += a[std::size_t(k * 4 + r)] * b[std::size_t(c * 4 + k)];
  return m;
}

Matrix4 inverse(const Matrix4& m) {
  double a[4][8];
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      a[r][c] = m[std::size_t(c * 4 + r)];
      a[r][c + 4] = r == c ? 1.0 : 0.0;
    }
  for (int c = 0; c < 4; ++c) {
    int pivot = c;
    for (int r = c + 1; r < 4; ++r)
      if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
    if (a[pivot][c] == 0.0) return Matrix4{};
    std::swap(a[c], a[pivot]);
    const double d = a[c][c];
    for (double& x : a[c]) x /= d;
    for (int r = 0; r < 4; ++r) {
      if (r == c) continue;
      const double f = a[r][c];
      for (int k = 0; k < 8; ++k) a[r][k] -= f * a[c][k];
    }
  }
  Matrix4 out{};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) out[std::size_t(c * 4 + r)] = a[r][c + 4];
  return out;
}

Matrix4 transpose(const Matrix4& m) {
  Matrix4 t{};
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r) t[std::size_t(r * 4 + c)] = m[std::size_t(c * 4 + r)];
  return t;
}

std::array<float, 9> normal_matrix(const Matrix4& inv) {
  std::array<float, 9> nm{};
  for (int c = 0; c < 3; ++c)
    for (int r = 0; r < 3; ++r) nm[std::size_t(c * 3 + r)] = float(inv[std::size_t(r * 4 + c)]);
  return nm;
}

float normal_scale(const Matrix4& inv) {
  const double row = std::sqrt(inv[2] * inv[2] + inv[6] * inv[6] + inv[10] * inv[10]);
  return row != 0.0 ? float(1.0 / row) : 1.0f;
}

}  // namespace glvk::gl::ff
