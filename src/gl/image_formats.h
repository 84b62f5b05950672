// GL 4.6 table 8.27: the formats an image unit may see a texture in, each with its texel size in
// bits, its compatibility class and the pixel format and type its texels have (the IMAGE_*
// answers of glGetInternalformativ, 22.3). The one list glBindImageTexture checks formats against.
#pragma once

#include <algorithm>
#include <iterator>

#include "glvk/gl/gl_headers.h"

namespace glvk::gl {

struct ImageFormat {
  GLenum internal_format;
  GLint texel_bits;
  GLenum image_class;
  GLenum pixel_format, pixel_type;
};

inline constexpr ImageFormat kImageFormats[] = {
    {GL_RGBA32F, 128, GL_IMAGE_CLASS_4_X_32, GL_RGBA, GL_FLOAT},
    {GL_RGBA16F, 64, GL_IMAGE_CLASS_4_X_16, GL_RGBA, GL_HALF_FLOAT},
    {GL_RG32F, 64, GL_IMAGE_CLASS_2_X_32, GL_RG, GL_FLOAT},
    {GL_RG16F, 32, GL_IMAGE_CLASS_2_X_16, GL_RG, GL_HALF_FLOAT},
    {GL_R11F_G11F_B10F, 32, GL_IMAGE_CLASS_11_11_10, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV},
    {GL_R32F, 32, GL_IMAGE_CLASS_1_X_32, GL_RED, GL_FLOAT},
    {GL_R16F, 16, GL_IMAGE_CLASS_1_X_16, GL_RED, GL_HALF_FLOAT},
    {GL_RGBA32UI, 128, GL_IMAGE_CLASS_4_X_32, GL_RGBA_INTEGER, GL_UNSIGNED_INT},
    {GL_RGBA16UI, 64, GL_IMAGE_CLASS_4_X_16, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT},
    {GL_RGB10_A2UI, 32, GL_IMAGE_CLASS_10_10_10_2, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV},
    {GL_RGBA8UI, 32, GL_IMAGE_CLASS_4_X_8, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE},
    {GL_RG32UI, 64, GL_IMAGE_CLASS_2_X_32, GL_RG_INTEGER, GL_UNSIGNED_INT},
    {GL_RG16UI, 32, GL_IMAGE_CLASS_2_X_16, GL_RG_INTEGER, GL_UNSIGNED_SHORT},
    {GL_RG8UI, 16, GL_IMAGE_CLASS_2_X_8, GL_RG_INTEGER, GL_UNSIGNED_BYTE},
    {GL_R32UI, 32, GL_IMAGE_CLASS_1_X_32, GL_RED_INTEGER, GL_UNSIGNED_INT},
    {GL_R16UI, 16, GL_IMAGE_CLASS_1_X_16, GL_RED_INTEGER, GL_UNSIGNED_SHORT},
    {GL_R8UI, 8, GL_IMAGE_CLASS_1_X_8, GL_RED_INTEGER, GL_UNSIGNED_BYTE},
    {GL_RGBA32I, 128, GL_IMAGE_CLASS_4_X_32, GL_RGBA_INTEGER, GL_INT},
    {GL_RGBA16I, 64, GL_IMAGE_CLASS_4_X_16, GL_RGBA_INTEGER, GL_SHORT},
    {GL_RGBA8I, 32, GL_IMAGE_CLASS_4_X_8, GL_RGBA_INTEGER, GL_BYTE},
    {GL_RG32I, 64, GL_IMAGE_CLASS_2_X_32, GL_RG_INTEGER, GL_INT},
    {GL_RG16I, 32, GL_IMAGE_CLASS_2_X_16, GL_RG_INTEGER, GL_SHORT},
    {GL_RG8I, 16, GL_IMAGE_CLASS_2_X_8, GL_RG_INTEGER, GL_BYTE},
    {GL_R32I, 32, GL_IMAGE_CLASS_1_X_32, GL_RED_INTEGER, GL_INT},
    {GL_R16I, 16, GL_IMAGE_CLASS_1_X_16, GL_RED_INTEGER, GL_SHORT},
    {GL_R8I, 8, GL_IMAGE_CLASS_1_X_8, GL_RED_INTEGER, GL_BYTE},
    {GL_RGBA16, 64, GL_IMAGE_CLASS_4_X_16, GL_RGBA, GL_UNSIGNED_SHORT},
    {GL_RGB10_A2, 32, GL_IMAGE_CLASS_10_10_10_2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV},
    {GL_RGBA8, 32, GL_IMAGE_CLASS_4_X_8, GL_RGBA, GL_UNSIGNED_BYTE},
    {GL_RG16, 32, GL_IMAGE_CLASS_2_X_16, GL_RG, GL_UNSIGNED_SHORT},
    {GL_RG8, 16, GL_IMAGE_CLASS_2_X_8, GL_RG, GL_UNSIGNED_BYTE},
    {GL_R16, 16, GL_IMAGE_CLASS_1_X_16, GL_RED, GL_UNSIGNED_SHORT},
    {GL_R8, 8, GL_IMAGE_CLASS_1_X_8, GL_RED, GL_UNSIGNED_BYTE},
    {GL_RGBA16_SNORM, 64, GL_IMAGE_CLASS_4_X_16, GL_RGBA, GL_SHORT},
    {GL_RGBA8_SNORM, 32, GL_IMAGE_CLASS_4_X_8, GL_RGBA, GL_BYTE},
    {GL_RG16_SNORM, 32, GL_IMAGE_CLASS_2_X_16, GL_RG, GL_SHORT},
    {GL_RG8_SNORM, 16, GL_IMAGE_CLASS_2_X_8, GL_RG, GL_BYTE},
    {GL_R16_SNORM, 16, GL_IMAGE_CLASS_1_X_16, GL_RED, GL_SHORT},
    {GL_R8_SNORM, 8, GL_IMAGE_CLASS_1_X_8, GL_RED, GL_BYTE},
};

// The row of `internal_format`, or null for a format no image unit takes.
inline const ImageFormat* find_image_format(GLenum internal_format) {
  const auto row = std::find_if(std::begin(kImageFormats), std::end(kImageFormats),
                                [&](const ImageFormat& f) { return f.internal_format == internal_format; });
  return row == std::end(kImageFormats) ? nullptr : row;
}

}  // namespace glvk::gl
