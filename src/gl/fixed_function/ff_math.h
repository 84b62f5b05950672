// The matrix arithmetic the fixed-function program's uniforms and the compatibility built-in
// uniforms of GLSL programs (gl_NormalMatrix, gl_ModelViewMatrixInverse, ...) share: both read
// the same matrix stacks and must derive the same values. Column-major 4x4 matrices. Private to src/gl.
#pragma once

#include <array>

#include "glvk/gl/transform_state.h"

namespace glvk::gl::ff {

Matrix4 multiply(const Matrix4& a, const Matrix4& b);  // a * b
// Gauss-Jordan with partial pivoting; a singular matrix gives zeros (what it derives is undefined).
Matrix4 inverse(const Matrix4& m);
Matrix4 transpose(const Matrix4& m);
// The normal matrix: the upper 3x3 of (M^-1)^T, column-major (n' = n M^-1 with n a row vector).
std::array<float, 9> normal_matrix(const Matrix4& modelview_inverse);
// RESCALE_NORMAL's factor: 1 / sqrt(m31^2 + m32^2 + m33^2) over the third row of M^-1 (1 when 0).
float normal_scale(const Matrix4& modelview_inverse);

}  // namespace glvk::gl::ff
