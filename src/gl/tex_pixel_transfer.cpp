// GL 4.6 compatibility 8.4.4's RGBA scale and bias on the way into a texture (glTexImage,
// glTexSubImage): the client colours are unpacked here, on the CPU, as the pixel transfer
// operations see them (LUMINANCE converted to RGB by copying L into R, G and B), each component
// c becomes c * scale + bias, and st uploads the result as tight RGBA floats (the conversion to the
// internal format clamps fixed-point formats to [0, 1], as the section says).
#include <cstring>

#include "api_common.h"
#include "glvk/formats/convert.h"
#include "glvk/st/context.h"
#include "legacy_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

// The client formats whose components the colour scale and bias apply to: colours that are not
// integers (8.4.4 leaves integer data alone; depth and indices have their own transfer).
bool scaled_colour_format(GLenum format) {
  switch (format) {
    case GL_RED: case GL_GREEN: case GL_BLUE: case GL_ALPHA: case GL_RG: case GL_RGB: case GL_BGR: case GL_RGBA:
    case GL_BGRA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
      return true;
    default: return false;
  }
}

}  // namespace

bool transfer_colours(Context& ctx, GLenum format, GLenum type, GLsizei w, GLsizei h, GLsizei d,
                      const ClientImage& client, std::vector<float>& out) {
  const PixelTransfer& t = ctx.legacy.transfer;
  if ((t.scale == Vec4{1, 1, 1, 1} && t.bias == Vec4{0, 0, 0, 0}) || !scaled_colour_format(format)) return false;
  const std::optional<formats::PixelFormat> source = formats::PixelFormat::from_gl(format, type);
  const std::optional<formats::PixelFormat> rgba = formats::PixelFormat::from_gl(GL_RGBA, GL_FLOAT);
  if (!source || !rgba || w <= 0 || h <= 0 || d <= 0) return false;
  std::vector<std::byte> pbo_bytes;
  const std::byte* base = client.data;
  if (client.pbo) {
    if (!client.pbo->resource) return false;
    pbo_bytes.resize(client.extent_bytes);
    ctx.st().buffer_read(*client.pbo->resource, client.pbo_offset, pbo_bytes.size(), pbo_bytes.data());
    base = pbo_bytes.data();
  }
  if (!base) return false;
  formats::ConvertParams params;
  if (ctx.unpack.swap_bytes) params.src_swap_unit = unsigned(swap_unit(type));
  const std::size_t row = std::size_t(w) * 4;
  out.assign(row * std::size_t(h) * std::size_t(d), 0.0f);
  for (GLsizei z = 0; z < d; ++z) {
    const std::byte* image = base + client.image_stride * std::size_t(z);
    float* dst = out.data() + row * std::size_t(h) * std::size_t(z);
    if (formats::convert(dst, *rgba, row * sizeof(float), image, *source, client.row_stride, unsigned(w), unsigned(h),
                         params) != formats::ConvertStatus::OK)
      return false;
  }
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = out[i] * t.scale[i % 4] + t.bias[i % 4];
  return true;
}

}  // namespace glvk::gl
