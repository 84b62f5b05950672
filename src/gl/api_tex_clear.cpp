// glClearTexImage / glClearTexSubImage (GL 4.6 8.21, ARB_clear_texture): every error the section
// names, then the region filled with the one element `data` gives (zeros for null), converted as
// glTexSubImage converts texels: the element is repeated over bands of rows in client memory and
// written through st's upload path (st_TexSubImage: its conversions, depth/stencil splitting and
// copies), the pixel unpack state ignored as 8.21 says. Multisample images, which have no upload
// path, are cleared as attachments are (st::clear_color / clear_depth_stencil) with the value the
// element converts to in the storage format.
#include <algorithm>
#include <cstring>
#include <vector>

#include "api_common.h"
#include "framebuffer_internal.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/format.h"
#include "glvk/formats/pack.h"
#include "glvk/gl/texture_object.h"
#include "glvk/st/clear.h"
#include "glvk/st/texture_upload.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

// Bytes of client memory one upload of a band of rows takes at most.
constexpr std::size_t kBandBytes = std::size_t(1) << 22;

// The region in GL's terms (1D arrays: y and height are layers; cube maps: z and depth are faces).
struct Region {
  GLint x = 0, y = 0, z = 0;
  GLsizei width = 0, height = 0, depth = 0;
};

// Writes `element` over `region` of the image at (target, level).
void fill(Context& ctx, TextureObject& t, GLenum target, GLint level, const Region& r, GLenum format, GLenum type,
          const std::vector<std::byte>& element, const char* fn) {
  if (!r.width || !r.height || !r.depth || !make_resource_hold(ctx, t, target, level, fn) || !t.resource) return;
  const TextureImage& image = t.images[face_of(target)][std::size_t(level)];
  formats::PixelStore tight;
  tight.alignment = 1;
  const std::size_t row_bytes = std::size_t(r.width) * element.size();
  const GLsizei band = GLsizei(std::clamp<std::size_t>(kBandBytes / row_bytes, 1, std::size_t(r.height)));
  std::vector<std::byte> texels(row_bytes * std::size_t(band));
  for (std::size_t i = 0; i < texels.size(); i += element.size())
    std::memcpy(texels.data() + i, element.data(), element.size());
  const st::TransferRequest request = transfer_request(image, target, format, type, tight);
  for (GLint z = r.z; z < r.z + r.depth; ++z)
    for (GLint y = r.y; y < r.y + r.height; y += band) {
      const GLsizei rows = std::min<GLsizei>(band, r.y + r.height - y);
      st::ClientTexels client;
      client.data = texels.data();
      client.row_stride = row_bytes;
      client.image_stride = row_bytes * std::size_t(rows);
      client.extent_bytes = row_bytes * std::size_t(rows);
      const st::Result result = st::texture_upload(ctx.st(), *t.resource, unsigned(level),
                                                   texture_box(target, r.x, y, z, r.width, rows, 1), request, client);
      if (raise_st_failure(ctx, result, fn)) return;
    }
}

// Writes `element` over `region` of a multisample image, every sample: the element converted to one
// texel of the storage format as glTexImage converts (the base format's rebase included), read back
// as the storage's clear value (sRGB decoded, so the clear encodes it again).
void fill_multisample(Context& ctx, TextureObject& t, const TextureImage& image, const Region& r, GLenum format,
                      GLenum type, const std::vector<std::byte>& element, const char* fn) {
  if (!r.width || !r.height || !r.depth || !t.resource) return;
  const std::optional<formats::PixelFormat> client = formats::PixelFormat::from_gl(format, type);
  const formats::FormatDesc& d = formats::describe(image.storage);
  std::byte texel[16] = {};
  formats::Swizzle map[4];
  formats::ConvertParams params;
  if (formats::compute_rgba2base2rgba_component_mapping(image.base_format, map)) params.rebase_swizzle = map;
  if (!client || d.block_bits / 8 > sizeof texel ||
      formats::convert(texel, image.storage, sizeof texel, element.data(), *client, element.size(), 1, 1, params) !=
          formats::ConvertStatus::OK)
    return ctx.error(GL_INVALID_OPERATION, "%s: the data cannot be converted to the image's format", fn);
  const st::ClearRegion region = image_clear_region(image, 0, r.z, r.depth, r.x, r.y, r.x + r.width, r.y + r.height);
  st::Result result;
  if (d.is_depth || d.is_stencil) {
    float depth = 0.0f;
    std::uint8_t stencil = 0;
    if (d.is_depth) formats::unpack_depth_float(d, texel, &depth, 1);
    if (d.is_stencil) formats::unpack_stencil_uint(d, texel, &stencil, 1);
    result = st::clear_depth_stencil(*t.resource, region, d.is_depth, std::clamp(depth, 0.0f, 1.0f), d.is_stencil,
                                     stencil, 0xff);
  } else {
    st::ColorClear value;
    value.kind = clear_kind(d);
    if (value.kind == st::ClearKind::SINT) formats::unpack_rgba_sint(d, texel, value.i, 1);
    else if (value.kind == st::ClearKind::UINT) formats::unpack_rgba_uint(d, texel, value.u, 1);
    else formats::unpack_rgba_float(d, texel, value.f, 1);
    result = st::clear_color(*t.resource, region, value, {true, true, true, true},
                             d.colorspace == formats::Colorspace::SRGB);
  }
  raise_st_failure(ctx, result, fn);
}

// The checks of 8.21 for one image; `region` null clears the whole image.
bool check_image(Context& ctx, const TextureImage& image, GLint level, GLenum format, const Region* region,
                 GLsizei layers, const char* fn) {
  if (!image.defined()) {
    ctx.error(GL_INVALID_OPERATION, "%s: level %d has no image", fn, level);
    return false;
  }
  if (formats::describe(image.format).is_compressed) {
    ctx.error(GL_INVALID_OPERATION, "%s: the image is compressed", fn);
    return false;
  }
  // 8.21: depth, stencil and depth/stencil images take exactly that kind of data.
  if ((image.base_format == GL_DEPTH_COMPONENT || image.base_format == GL_DEPTH_STENCIL) &&
      format != image.base_format) {
    ctx.error(GL_INVALID_OPERATION, "%s(format = 0x%04x): the image's base format is 0x%04x", fn, format,
              image.base_format);
    return false;
  }
  if (!check_upload_compatible(ctx, image.base_format, image.format, format, fn)) return false;
  if (!region) return true;
  // The region inside the image (no borders: glvk keeps none); cube faces count as layers.
  const GLsizei depth = layers ? layers : image.depth;
  if (region->x < 0 || region->y < 0 || region->z < 0 || GLint64(region->x) + region->width > image.width ||
      GLint64(region->y) + region->height > image.height || GLint64(region->z) + region->depth > depth) {
    ctx.error(GL_INVALID_OPERATION, "%s: the region lies outside the %dx%dx%d image", fn, image.width, image.height,
              depth);
    return false;
  }
  return true;
}

void clear_tex(Context& ctx, const char* fn, GLuint texture, GLint level, const Region* region, GLenum format,
               GLenum type, const void* data) {
  TextureRef t = texture ? named_texture(ctx, texture, fn) : nullptr;
  if (!texture) ctx.error(GL_INVALID_OPERATION, "%s(texture = 0): not an existing texture object", fn);
  if (!t) return;
  if (t->target == GL_TEXTURE_BUFFER) return ctx.error(GL_INVALID_OPERATION, "%s: a buffer texture", fn);
  if (level < 0 || level >= max_levels(t->target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", fn, level);
  if (region && (region->width < 0 || region->height < 0 || region->depth < 0))
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", fn);
  if (!check_format_and_type(ctx, format, type, fn)) return;
  const int element_bytes = formats::bytes_per_pixel(format, type);
  if (element_bytes <= 0) return ctx.error(GL_INVALID_OPERATION, "%s: no texel layout for format and type", fn);
  std::vector<std::byte> element(std::size_t(element_bytes), std::byte{0});
  if (data) std::memcpy(element.data(), data, element.size());

  if (t->target == GL_TEXTURE_CUBE_MAP) {
    // The faces are the layers z .. z + depth - 1 (every face for the whole image).
    const Region all{0, 0, 0, t->images[0][std::size_t(level)].width, t->images[0][std::size_t(level)].height, 6};
    const Region& r = region ? *region : all;
    for (unsigned f = 0; f < 6; ++f)
      if (!check_image(ctx, t->images[f][std::size_t(level)], level, format, region ? &r : nullptr, 6, fn)) return;
    for (GLint f = r.z; f < r.z + r.depth; ++f)
      fill(ctx, *t, GLenum(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f), level, {r.x, r.y, 0, r.width, r.height, 1}, format,
           type, element, fn);
    return;
  }
  const TextureImage& image = t->images[0][std::size_t(level)];
  if (!check_image(ctx, image, level, format, region, 0, fn)) return;
  const Region whole{0, 0, 0, image.width, image.height, image.depth};
  if (t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
    return fill_multisample(ctx, *t, image, region ? *region : whole, format, type, element, fn);
  fill(ctx, *t, t->target, level, region ? *region : whole, format, type, element, fn);
}

}  // namespace

namespace api {

void ClearTexImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLenum format, GLenum type,
                   const void* data) {
  clear_tex(ctx, fn, texture, level, nullptr, format, type, data);
}

void ClearTexSubImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                      GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                      const void* data) {
  const Region region{xoffset, yoffset, zoffset, width, height, depth};
  clear_tex(ctx, fn, texture, level, &region, format, type, data);
}

}  // namespace api
}  // namespace glvk::gl
