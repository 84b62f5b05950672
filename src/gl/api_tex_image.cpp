// Texture image specification (GL 4.6 sections 8.5, 8.6, 8.14, 8.19, 8.20): glTexImage,
// glTexSubImage, glTexStorage and their DSA forms, glGenerateMipmap and glInvalidateTex(Sub)Image.
// Validation here; the texels go to st (st::texture_upload, st::compress_texels).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "api_common.h"
#include "legacy_internal.h"
#include "texture_internal.h"
#include "state_query.h"
#include "glvk/formats/compressed.h"
#include "glvk/formats/convert.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture.h"
#include "glvk/st/texture_readback.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/context.h"

namespace glvk::gl {

namespace {

// Writes a region of texels from the client (or a PBO) into the texture: st chooses the path and
// carries it out (st_TexSubImage). Raises INVALID_OPERATION if the data cannot be converted.
void upload(Context& ctx, TextureObject& texture, GLenum target, GLint level, const TextureImage& image, GLint x,
            GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type, const ClientImage& client,
            const char* function) {
  if (!w || !h || !d || (!client.data && !client.pbo) || !texture.resource) return;
  std::vector<float> scaled;  // the colours after glPixelTransfer's scale and bias, if they apply
  if (transfer_colours(ctx, format, type, w, h, d, client, scaled)) {
    ClientImage tight;
    tight.data = reinterpret_cast<const std::byte*>(scaled.data());
    tight.row_stride = std::size_t(w) * 4 * sizeof(float);
    tight.image_stride = tight.row_stride * std::size_t(h);
    tight.extent_bytes = scaled.size() * sizeof(float);
    const st::Result result =
        st::texture_upload(ctx.st(), *texture.resource, unsigned(level), texture_box(target, x, y, z, w, h, d),
                           transfer_request(image, target, GL_RGBA, GL_FLOAT, formats::PixelStore{}), client_texels(tight));
    raise_st_failure(ctx, result, function);
    return;
  }
  const st::Result result =
      st::texture_upload(ctx.st(), *texture.resource, unsigned(level), texture_box(target, x, y, z, w, h, d),
                         transfer_request(image, target, format, type, ctx.unpack), client_texels(client));
  raise_st_failure(ctx, result, function);
}

// The level-0 size implied by specifying `level` at w x h x d.
st::TextureLayout implied_layout(GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d, Format storage) {
  st::TextureLayout layout;
  layout.target = *st::gl_target_to_pipe(binding_target(target));
  layout.format = storage;
  layout.width = std::uint32_t(w) << level;
  layout.height = height_is_layers(target) ? 1 : std::uint32_t(h) << level;
  layout.depth = binding_target(target) == GL_TEXTURE_3D ? std::uint32_t(d) << level : 1;
  if (binding_target(target) == GL_TEXTURE_1D || binding_target(target) == GL_TEXTURE_1D_ARRAY) layout.height = 1;
  layout.layers = height_is_layers(target) ? std::uint32_t(h)
                  : depth_is_layers(target) ? std::uint32_t(d)
                  : binding_target(target) == GL_TEXTURE_CUBE_MAP ? 6u
                                                                   : 1u;
  layout.levels = binding_target(target) == GL_TEXTURE_RECTANGLE ? 1 : st::full_mip_count(layout);
  return layout;
}

bool resource_holds(const st::Texture& resource, GLenum target, GLint level, GLsizei w, GLsizei h, GLsizei d,
                    Format storage) {
  const st::TextureLayout& l = resource.layout();
  if (l.format != storage || std::uint32_t(level) >= l.levels) return false;
  const st::TextureLayout wanted = implied_layout(target, level, w, h, d, storage);
  return l.level_width(unsigned(level)) == std::uint32_t(w) &&
         l.level_height(unsigned(level)) == wanted.level_height(unsigned(level)) &&
         l.level_depth(unsigned(level)) == wanted.level_depth(unsigned(level)) && l.layers == wanted.layers;
}

}  // namespace

// Makes sure the texture's resource can hold (face, level) as now specified: a new resource is
// allocated from the implied level-0 size when it cannot, and the levels of the old one that
// still fit are copied across (st_finalize_texture's role).
bool ensure_resource(Context& ctx, TextureObject& texture, GLenum target, GLint level, const TextureImage& image,
                     unsigned bindings, const char* function) {
  // An EGL image target specified again is orphaned (OES_EGL_image): new storage, whatever the old
  // one could hold, so the image and its other siblings keep their texels; the levels that still
  // fit are copied across as for any reallocation.
  const bool orphaned = texture.egl_image_target;
  texture.egl_image_target = false;
  if (!image.width || !image.height || !image.depth) {
    if (orphaned) texture.resource.reset();
    return true;
  }
  if (!orphaned && texture.resource &&
      resource_holds(*texture.resource, target, level, image.width, image.height, image.depth, image.storage))
    return true;
  const st::TextureLayout layout = implied_layout(target, level, image.width, image.height, image.depth, image.storage);
  st::Made<st::Texture> made = st::create_texture(ctx.st().shared_screen(), layout, bindings);
  if (!made.object) {
    if (orphaned) texture.resource.reset();  // never the image's storage again
    ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the texture (%s)", function, made.result.message.c_str());
    return false;
  }
  std::shared_ptr<st::Texture> fresh = std::move(made.object);
  if (texture.resource && texture.resource->layout().format == layout.format) {
    for (unsigned l = 0; l < layout.levels && l < texture.resource->layout().levels; ++l) {
      if (GLint(l) == level) continue;
      const st::TextureLayout& old = texture.resource->layout();
      if (old.level_width(l) == layout.level_width(l) && old.level_height(l) == layout.level_height(l) &&
          old.level_depth(l) == layout.level_depth(l) && old.layers == layout.layers)
        st::texture_copy_level(*texture.resource, l, *fresh, l);
    }
  }
  texture.resource = std::move(fresh);
  return true;
}

bool resource_holds_image(const TextureObject& texture, GLenum target, GLint level) {
  if (!texture.resource) return false;
  if (texture.immutable) return true;  // storage (and views of it) hold every level as specified
  // The image's format at that level, at least the image's size (what a read of it may address).
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  const st::TextureLayout& l = texture.resource->layout();
  const st::Box whole = texture_box(target, 0, 0, 0, image.width, image.height, image.depth);
  return l.format == image.storage && std::uint32_t(level) < l.levels &&
         l.level_width(unsigned(level)) >= std::uint32_t(whole.width) &&
         l.level_height(unsigned(level)) >= std::uint32_t(whole.height) &&
         (binding_target(target) == GL_TEXTURE_3D ? l.level_depth(unsigned(level)) : l.layers) >=
             std::uint32_t(whole.z + whole.depth);
}

bool make_resource_hold(Context& ctx, TextureObject& texture, GLenum target, GLint level, const char* function) {
  if (resource_holds_image(texture, target, level)) return true;
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  const st::ChosenFormat chosen = st::choose_texture_format(st::format_support(ctx.st().screen()), target,
                                                            GLenum(image.internal_format), GL_NONE, GL_NONE);
  return ensure_resource(ctx, texture, target, level, image, chosen.bindings, function);
}

namespace {

// The texels of a glTexImage/glTexSubImage into a compressed image: converted to RGBA float with the
// image's rebase (components the base format lacks become 0 and 1), encoded block by block, then
// stored as glCompressedTexSubImage stores blocks. sRGB images take their encoded values as they
// are, like every other upload.
void upload_by_compressing(Context& ctx, TextureObject& texture, GLenum target, GLint level, TextureImage& image,
                           GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
                           const ClientImage& client, const char* function) {
  if (!w || !h || !d || (!client.data && !client.pbo) || !texture.resource) return;
  std::vector<std::byte> blocks;
  const st::Result result =
      st::compress_texels(ctx.st(), transfer_request(image, target, format, type, ctx.unpack), image.format,
                          texture_box(target, x, y, z, w, h, d), client_texels(client), blocks);
  if (raise_st_failure(ctx, result, function)) return;
  upload_compressed(ctx, texture, target, level, image, x, y, z, w, h, d, blocks, function);
}

}  // namespace

bool strip_border(unsigned dims, GLenum target, GLsizei& width, GLsizei& height, GLsizei& depth,
                  formats::PixelStore& unpack) {
  const bool strip_height = dims >= 2 && !height_is_layers(target);
  const bool strip_depth = dims == 3 && !depth_is_layers(target);
  if (width < 2 || (strip_height && height < 2) || (strip_depth && depth < 2)) return false;
  // The client rows keep their full length; the interior starts one texel (row, image) in.
  if (unpack.row_length == 0) unpack.row_length = width;
  if (unpack.image_height == 0) unpack.image_height = height;
  width -= 2;
  unpack.skip_pixels += 1;
  if (strip_height) height -= 2, unpack.skip_rows += 1;
  if (strip_depth) depth -= 2, unpack.skip_images += 1;
  return true;
}

namespace {

// GL 4.6 compatibility 8.4.4: COLOR_INDEX texels (an index type or BITMAP; 1D and 2D images) become
// RGBA floats through the index shift and offset and the colour index lookup, the last step of
// their transfer (no colour scale and bias after it), then specify the image as such, read with
// the default unpack state.
bool color_index_texels(Context& ctx, unsigned dims, GLenum format, GLenum type, GLsizei width, GLsizei height) {
  return format == GL_COLOR_INDEX && dims <= 2 && !ctx.config().core_profile && is_color_index_type(type) &&
         width >= 0 && height >= 0;
}
template <typename Specify>
void specify_color_indices(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum type,
                           const void* pixels, Specify specify) {
  std::vector<GLfloat> rgba;
  if ((pixels || bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER)) && width > 0 && height > 0) {
    std::vector<GLfloat> indices;
    if (!unpack_color_indices(ctx, fn, width, height, type, pixels, indices)) return;
    rgba = color_index_lookup(ctx, indices);
  }
  DefaultPixelStore store(ctx, GL_PIXEL_UNPACK_BUFFER, false);
  const PixelTransfer saved = ctx.legacy.transfer;
  ctx.legacy.transfer.scale = {1, 1, 1, 1};
  ctx.legacy.transfer.bias = {0, 0, 0, 0};
  specify(rgba.empty() ? nullptr : rgba.data());
  ctx.legacy.transfer = saved;
}

}  // namespace

void tex_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level, GLint internal_format,
               GLsizei width, GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type,
               const void* pixels, const char* function) {
  if (color_index_texels(ctx, dims, format, type, width, height))
    return specify_color_indices(ctx, function, width, dims == 1 ? 1 : height, type, pixels, [&](const void* rgba) {
      tex_image(ctx, texture, dims, target, level, internal_format, width, height, depth, border, GL_RGBA, GL_FLOAT,
                rgba, function);
    });
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  const formats::InternalFormatInfo* info = formats::find_internal_format(GLenum(internal_format));
  if (!info) return ctx.error(GL_INVALID_VALUE, "%s(internalformat = 0x%04x): not an internal format", function,
                              internal_format);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  // Borders (GL 4.6 compatibility 8.5): 0 or 1 except for rectangles, 0 in core. glvk keeps no
  // border texels: the image is the interior, as gallium drivers store it.
  formats::PixelStore unpack = ctx.unpack;
  if (border != 0) {
    if (border != 1 || ctx.config().core_profile || unproxied(target) == GL_TEXTURE_RECTANGLE)
      return ctx.error(GL_INVALID_VALUE, "%s(border = %d): must be 0%s", function, border,
                       ctx.config().core_profile ? "" : " or 1");
    if (!strip_border(dims, target, width, height, depth, unpack))
      return ctx.error(GL_INVALID_VALUE, "%s: a side is less than twice the border", function);
  }
  if (!check_format_and_type(ctx, format, type, function)) return;
  if (is_cube_face(target) || unproxied(target) == GL_TEXTURE_CUBE_MAP || unproxied(target) == GL_TEXTURE_CUBE_MAP_ARRAY)
    if (width != height) return ctx.error(GL_INVALID_VALUE, "%s: cube map images must be square", function);
  if (unproxied(target) == GL_TEXTURE_CUBE_MAP_ARRAY && depth % 6 != 0)
    return ctx.error(GL_INVALID_VALUE, "%s: a cube map array's depth must be a multiple of 6", function);
  if (is_depth_or_stencil_base(info->base_format) && binding_target(target) == GL_TEXTURE_3D)
    return ctx.error(GL_INVALID_OPERATION, "%s: depth/stencil formats cannot be 3D textures", function);
  const st::ChosenFormat chosen =
      st::choose_texture_format(st::format_support(ctx.st().screen()), target, GLenum(internal_format), format, type);
  if (!is_proxy(target)) st::shadow_format_choice(target, GLenum(internal_format), format, type, chosen);
  if (!chosen.valid())
    return ctx.error(GL_INVALID_VALUE, "%s(internalformat = %s): no format of this device can store it", function,
                     info->name);
  if (!check_compressed_target(ctx, target, chosen.format, function)) return;
  if (!check_upload_compatible(ctx, info->base_format, chosen.format, format, function)) return;
  if (texture.immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is immutable", function);
  if (!check_online_compression(ctx, chosen.format, function)) return;

  const SizeLimits limits = size_limits(target);
  const bool too_large =
      !level_extent_fits(width, level, limits.width) ||
      (height_is_layers(target) || binding_target(target) == GL_TEXTURE_1D
           ? height > limits.height
           : !level_extent_fits(height, level, limits.height)) ||
      (depth_is_layers(target) ? depth > limits.depth
                               : binding_target(target) == GL_TEXTURE_3D && !level_extent_fits(depth, level, limits.depth));
  TextureImage image;
  image.internal_format = internal_format;
  image.base_format = info->base_format;
  image.format = chosen.format;
  image.storage = chosen.storage;
  image.width = width;
  image.height = dims >= 2 ? height : 1;
  image.depth = dims == 3 ? depth : 1;
  if (is_proxy(target)) {
    // A proxy answers whether the image would fit: all zeros when it would not.
    texture.images[0][std::size_t(level)] = too_large ? TextureImage{} : image;
    return;
  }
  if (too_large) return ctx.error(GL_INVALID_VALUE, "%s: %dx%dx%d at level %d exceeds the maximum size", function,
                                  width, height, depth, level);
  ClientImage client;
  if (!client_image(ctx, unpack, GL_PIXEL_UNPACK_BUFFER, dims, width, image.height, image.depth, format, type,
                    pixels, client, function))
    return;
  if (!ensure_resource(ctx, texture, target, level, image, chosen.bindings, function)) return;
  TextureImage& stored = texture.images[face_of(target)][std::size_t(level)];
  stored = image;
  if (formats::describe(image.format).is_compressed)
    upload_by_compressing(ctx, texture, target, level, stored, 0, 0, 0, width, image.height, image.depth, format,
                          type, client, function);
  else
    upload(ctx, texture, target, level, image, 0, 0, 0, width, image.height, image.depth, format, type, client,
           function);
  base_level_changed(ctx, texture, target, level, function);
}

namespace {

void tex_sub_image(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLint level, GLint x, GLint y,
                   GLint z, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                   const void* pixels, const char* function) {
  if (color_index_texels(ctx, dims, format, type, width, height))
    return specify_color_indices(ctx, function, width, dims == 1 ? 1 : height, type, pixels, [&](const void* rgba) {
      tex_sub_image(ctx, texture, dims, target, level, x, y, z, width, height, depth, GL_RGBA, GL_FLOAT, rgba, function);
    });
  if (level < 0 || level >= max_levels(target))
    return ctx.error(GL_INVALID_VALUE, "%s(level = %d): out of range", function, level);
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", function);
  if (!check_format_and_type(ctx, format, type, function)) return;
  const TextureImage& image = texture.images[face_of(target)][std::size_t(level)];
  if (!image.defined())
    return ctx.error(GL_INVALID_OPERATION, "%s: level %d has no image", function, level);
  if (!check_region_inside(ctx, image, x, y, z, width, height, depth, function)) return;
  if (!check_upload_compatible(ctx, image.base_format, image.format, format, function)) return;
  const bool compressed = formats::describe(image.format).is_compressed;
  if (compressed && (!check_online_compression(ctx, image.format, function) ||
                     !check_whole_blocks(ctx, image, x, y, width, height, GL_INVALID_OPERATION, function)))
    return;
  ClientImage client;
  if (!client_image(ctx, ctx.unpack, GL_PIXEL_UNPACK_BUFFER, dims, width, height, depth, format, type, pixels, client,
                    function))
    return;
  if (!make_resource_hold(ctx, texture, target, level, function)) return;
  if (compressed)
    upload_by_compressing(ctx, texture, target, level, texture.images[face_of(target)][std::size_t(level)], x, y, z,
                          width, height, depth, format, type, client, function);
  else
    upload(ctx, texture, target, level, image, x, y, z, width, height, depth, format, type, client, function);
  base_level_changed(ctx, texture, target, level, function);
}

void tex_storage(Context& ctx, TextureObject& texture, unsigned dims, GLenum target, GLsizei levels,
                 GLenum internal_format, GLsizei width, GLsizei height, GLsizei depth, const char* function) {
  if (width < 1 || height < 1 || depth < 1 || levels < 1)
    return ctx.error(GL_INVALID_VALUE, "%s: levels, width, height and depth must be at least 1", function);
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  if (!info || !info->sized)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a sized internal format", function,
                     internal_format);
  if (texture.name == 0 && !is_proxy(target))
    return ctx.error(GL_INVALID_OPERATION, "%s: the default texture cannot have immutable storage", function);
  if (texture.immutable) return ctx.error(GL_INVALID_OPERATION, "%s: the texture is already immutable", function);
  if ((binding_target(target) == GL_TEXTURE_CUBE_MAP || binding_target(target) == GL_TEXTURE_CUBE_MAP_ARRAY) &&
      width != height)
    return ctx.error(GL_INVALID_VALUE, "%s: cube map images must be square", function);
  if (binding_target(target) == GL_TEXTURE_CUBE_MAP_ARRAY && depth % 6 != 0)
    return ctx.error(GL_INVALID_VALUE, "%s: a cube map array's depth must be a multiple of 6", function);
  const SizeLimits limits = size_limits(target);
  if (width > limits.width || height > limits.height || depth > limits.depth)
    return ctx.error(GL_INVALID_VALUE, "%s: %dx%dx%d exceeds the maximum size", function, width, height, depth);
  // levels may not exceed log2(largest mipmapped dimension) + 1.
  GLint largest = width;
  if (!height_is_layers(target) && dims >= 2) largest = std::max<GLint>(largest, height);
  if (binding_target(target) == GL_TEXTURE_3D) largest = std::max<GLint>(largest, depth);
  GLint possible = 1;
  while (largest >>= 1) ++possible;
  if (levels > possible || (binding_target(target) == GL_TEXTURE_RECTANGLE && levels != 1))
    return ctx.error(GL_INVALID_OPERATION, "%s(levels = %d): more levels than the size allows", function, levels);
  if (is_depth_or_stencil_base(info->base_format) && binding_target(target) == GL_TEXTURE_3D)
    return ctx.error(GL_INVALID_OPERATION, "%s: depth/stencil formats cannot be 3D textures", function);
  const st::ChosenFormat chosen = st::choose_texture_format(st::format_support(ctx.st().screen()), target,
                                                            internal_format, GL_NONE, GL_NONE);
  if (!is_proxy(target)) st::shadow_format_choice(target, internal_format, GL_NONE, GL_NONE, chosen);
  if (!chosen.valid())
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = %s): no format of this device can store it", function,
                     info->name);
  if (!check_compressed_target(ctx, target, chosen.format, function)) return;

  TextureObject staged = texture;  // fill a copy so a failure leaves the texture unchanged
  for (auto& face : staged.images) face.fill(TextureImage{});
  const unsigned faces = binding_target(target) == GL_TEXTURE_CUBE_MAP ? 6 : 1;
  for (GLsizei l = 0; l < levels; ++l) {
    TextureImage image;
    image.internal_format = GLint(internal_format);
    image.base_format = info->base_format;
    image.format = chosen.format;
    image.storage = chosen.storage;
    image.width = std::max(1, width >> l);
    image.height = dims < 2 ? 1 : height_is_layers(target) ? height : std::max(1, height >> l);
    image.depth = dims < 3 ? 1 : binding_target(target) == GL_TEXTURE_3D ? std::max(1, depth >> l) : depth;
    for (unsigned f = 0; f < faces; ++f) staged.images[f][std::size_t(l)] = image;
  }
  if (!is_proxy(target)) {
    st::TextureLayout layout = implied_layout(faces == 6 ? GL_TEXTURE_CUBE_MAP_POSITIVE_X : target, 0, width,
                                              dims < 2 ? 1 : height, dims < 3 ? 1 : depth, chosen.storage);
    layout.levels = std::uint32_t(levels);
    layout.viewable = true;
    layout.mutable_format = info->view_class != 0;
    st::Made<st::Texture> made = st::create_texture(ctx.st().shared_screen(), layout, chosen.bindings);
    if (!made.object)
      return ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the texture (%s)", function,
                       made.result.message.c_str());
    staged.resource = std::move(made.object);
  }
  staged.immutable = !is_proxy(target);
  staged.immutable_levels = is_proxy(target) ? 0 : levels;
  staged.view_num_levels = staged.immutable_levels;
  staged.view_num_layers = is_proxy(target) ? 0 : GLint(staged.resource->layout().layers);
  texture = std::move(staged);
}

// glInvalidateTex(Sub)Image: the texture after the checks both make (GL 4.6 section 8.20), or
// null after INVALID_VALUE.
TextureRef invalidated_texture(Context& ctx, GLuint name, GLint level, const char* function) {
  TextureRef t = ctx.share_group().find_texture(name);
  if (!t || !t->target) {
    ctx.error(GL_INVALID_VALUE, "%s(texture = %u): not an existing texture object", function, name);
    return nullptr;
  }
  const bool single_level = t->target == GL_TEXTURE_RECTANGLE || t->target == GL_TEXTURE_BUFFER ||
                            t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
  if (level < 0 || level >= max_levels(t->target) || (single_level && level != 0)) {
    ctx.error(GL_INVALID_VALUE, "%s(level = %d): not a level of this texture", function, level);
    return nullptr;
  }
  return t;
}

// glGenerateMipmap: levels base+1 .. q from the base level (GL 4.6 section 8.14.4).
void generate_mipmap(Context& ctx, TextureObject& texture, const char* function) {
  const GLenum target = texture.target;
  if (target != GL_TEXTURE_1D && target != GL_TEXTURE_2D && target != GL_TEXTURE_3D &&
      target != GL_TEXTURE_1D_ARRAY && target != GL_TEXTURE_2D_ARRAY && target != GL_TEXTURE_CUBE_MAP &&
      target != GL_TEXTURE_CUBE_MAP_ARRAY)
    return ctx.error(GL_INVALID_ENUM, "%s: target 0x%04x has no mipmaps", function, target);
  const GLint base = texture.base_level;
  if (base >= GLint(kMaxTextureLevels) || !texture.images[0][std::size_t(base)].defined())
    return ctx.error(GL_INVALID_OPERATION, "%s: the base level has no image", function);
  const TextureImage base_image = texture.images[0][std::size_t(base)];
  const unsigned faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
  for (unsigned f = 1; f < faces; ++f) {
    const TextureImage& other = texture.images[f][std::size_t(base)];
    if (other.internal_format != base_image.internal_format || other.width != base_image.width)
      return ctx.error(GL_INVALID_OPERATION, "%s: the cube map is not cube complete", function);
  }
  // GL 4.6 core 8.14.4: only colour-renderable, filterable formats (no depth/stencil, integer or
  // compressed images). The compatibility profile keeps GL 3.0's wider rule, as Mesa does: any
  // image that is not integer nor holds stencil, compressed ones included, where st can reduce
  // the storage (compressed families it can encode again).
  const formats::FormatDesc& d = formats::describe(base_image.format);
  const bool generates =
      ctx.config().core_profile
          ? (formats::framebuffer_renderable(GLenum(base_image.internal_format)) & formats::RENDERABLE_COLOR) &&
                !d.is_pure_integer && !d.is_compressed
          : !d.is_pure_integer && base_image.base_format != GL_DEPTH_STENCIL &&
                base_image.base_format != GL_STENCIL_INDEX && st::can_generate_mipmap(base_image.storage);
  if (!generates)
    return ctx.error(GL_INVALID_OPERATION, "%s: %s cannot have mipmaps generated in this context", function,
                     formats::find_internal_format(GLenum(base_image.internal_format))->name);
  if (!base_image.width || !texture.resource) return;

  // q: the last level a full chain from the base reaches, capped by MAX_LEVEL and storage.
  GLint largest = std::max(base_image.width, height_is_layers(target) ? 1 : base_image.height);
  if (target == GL_TEXTURE_3D) largest = std::max(largest, base_image.depth);
  GLint last = base;
  while (largest > 1 && last + 1 < GLint(kMaxTextureLevels)) largest >>= 1, ++last;
  last = std::min(last, texture.max_level);
  if (texture.immutable) last = std::min(last, texture.view_num_levels - 1);  // a view's own levels
  const GLenum image_target = target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X : target;
  for (GLint level = base + 1; level <= last; ++level) {
    TextureImage image = base_image;
    image.compressed_blocks = nullptr;
    image.width = std::max(1, base_image.width >> (level - base));
    image.height = height_is_layers(target) ? base_image.height : std::max(1, base_image.height >> (level - base));
    image.depth = target == GL_TEXTURE_3D ? std::max(1, base_image.depth >> (level - base)) : base_image.depth;
    if (!ensure_resource(ctx, texture, image_target, level, image, st::BIND_SAMPLER_VIEW, function)) return;
    for (unsigned f = 0; f < faces; ++f) texture.images[f][std::size_t(level)] = image;
  }
  if (last > base) st::texture_generate_mipmap(*texture.resource, unsigned(base), unsigned(last));
}

}  // namespace

// GL 4.6 compatibility 8.14.4: with GENERATE_MIPMAP set, a change to the base level (re)computes
// the levels below it as glGenerateMipmap would. An image glGenerateMipmap refuses gets no levels:
// the automatic form has no error of its own, so the refusal is dropped (a pending error stays).
void base_level_changed(Context& ctx, TextureObject& texture, GLenum target, GLint level, const char* function) {
  if (ctx.config().core_profile || !texture.generate_mipmap || level != texture.base_level || is_proxy(target))
    return;
  const GLenum pending = ctx.take_error();
  generate_mipmap(ctx, texture, function);
  ctx.take_error();
  if (pending != GL_NO_ERROR) ctx.error(pending, "%s: see the previous message", function);
}

namespace api {

void TexImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint internalformat, GLsizei width,
                GLint border, GLenum format, GLenum type, const void* pixels) {
  if (ctx.legacy.compiling() &&
      !compile_tex_image(ctx, fn, 1, target, level, internalformat, width, 1, 1, border, format, type, pixels))
    return;
  if (TextureRef t = target_texture(ctx, target, is_image_target, 1, fn))
    tex_image(ctx, *t, 1, target, level, internalformat, width, 1, 1, border, format, type, pixels, fn);
}

void TexImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint internalformat, GLsizei width,
                GLsizei height, GLint border, GLenum format, GLenum type, const void* pixels) {
  if (ctx.legacy.compiling() &&
      !compile_tex_image(ctx, fn, 2, target, level, internalformat, width, height, 1, border, format, type, pixels))
    return;
  if (TextureRef t = target_texture(ctx, target, is_image_target, 2, fn))
    tex_image(ctx, *t, 2, target, level, internalformat, width, height, 1, border, format, type, pixels,
              fn);
}

void TexImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint internalformat, GLsizei width,
                GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type, const void* pixels) {
  if (ctx.legacy.compiling() &&
      !compile_tex_image(ctx, fn, 3, target, level, internalformat, width, height, depth, border, format, type, pixels))
    return;
  if (TextureRef t = target_texture(ctx, target, is_image_target, 3, fn))
    tex_image(ctx, *t, 3, target, level, internalformat, width, height, depth, border, format, type, pixels,
              fn);
}

// EXT_texture3D's command takes the internal format as an enum, so gl.xml does not make it an alias.
void TexImage3DEXT(Context& ctx, const char* fn, GLenum target, GLint level, GLenum internalformat, GLsizei width,
                   GLsizei height, GLsizei depth, GLint border, GLenum format, GLenum type, const void* pixels) {
  TexImage3D(ctx, fn, target, level, GLint(internalformat), width, height, depth, border, format, type, pixels);
}

}  // namespace api

// Sub-image targets: the image targets without proxies.
bool is_sub_image_target(unsigned dims, GLenum target) { return is_image_target(dims, target) && !is_proxy(target); }

// The DSA 3D sub-image commands also take cube maps (their faces are layers).
bool is_sub_image_or_cube_target(unsigned dims, GLenum target) {
  return is_sub_image_target(dims, target) || (dims == 3 && target == GL_TEXTURE_CUBE_MAP);
}

namespace api {

void TexSubImage1D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLsizei width,
                   GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 1, fn))
    tex_sub_image(ctx, *t, 1, target, level, xoffset, 0, 0, width, 1, 1, format, type, pixels, fn);
}

void TexSubImage2D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                   GLsizei width, GLsizei height, GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 2, fn))
    tex_sub_image(ctx, *t, 2, target, level, xoffset, yoffset, 0, width, height, 1, format, type, pixels,
                  fn);
}

void TexSubImage3D(Context& ctx, const char* fn, GLenum target, GLint level, GLint xoffset, GLint yoffset,
                   GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                   const void* pixels) {
  if (TextureRef t = target_texture(ctx, target, is_sub_image_target, 3, fn))
    tex_sub_image(ctx, *t, 3, target, level, xoffset, yoffset, zoffset, width, height, depth, format, type, pixels,
                  fn);
}

void TexStorage1D(Context& ctx, const char* fn, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width) {
  if (TextureRef t = target_texture(ctx, target, is_storage_target, 1, fn))
    tex_storage(ctx, *t, 1, target, levels, internalformat, width, 1, 1, fn);
}

void TexStorage2D(Context& ctx, const char* fn, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                  GLsizei height) {
  if (TextureRef t = target_texture(ctx, target, is_storage_target, 2, fn))
    tex_storage(ctx, *t, 2, target, levels, internalformat, width, height, 1, fn);
}

void TexStorage3D(Context& ctx, const char* fn, GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                  GLsizei height, GLsizei depth) {
  if (TextureRef t = target_texture(ctx, target, is_storage_target, 3, fn))
    tex_storage(ctx, *t, 3, target, levels, internalformat, width, height, depth, fn);
}

void TextureStorage2D(Context& ctx, const char* fn, GLuint texture, GLsizei levels, GLenum internalformat,
                      GLsizei width, GLsizei height) {
  TextureRef t = named_texture(ctx, texture, fn);
  if (!t) return;
  if (!is_storage_target(2, t->target))
    return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not two-dimensional", fn, texture);
  tex_storage(ctx, *t, 2, t->target, levels, internalformat, width, height, 1, fn);
}

void TextureStorage3D(Context& ctx, const char* fn, GLuint texture, GLsizei levels, GLenum internalformat,
                      GLsizei width, GLsizei height, GLsizei depth) {
  TextureRef t = named_texture(ctx, texture, fn);
  if (!t) return;
  if (!is_storage_target(3, t->target))
    return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not three-dimensional", fn, texture);
  tex_storage(ctx, *t, 3, t->target, levels, internalformat, width, height, depth, fn);
}

void TextureSubImage2D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                       GLsizei width, GLsizei height, GLenum format, GLenum type, const void* pixels) {
  TextureRef t = named_texture(ctx, texture, fn);
  if (!t) return;
  if (!is_sub_image_target(2, t->target))
    return ctx.error(GL_INVALID_OPERATION, "%s: texture %u is not two-dimensional", fn, texture);
  tex_sub_image(ctx, *t, 2, t->target, level, xoffset, yoffset, 0, width, height, 1, format, type, pixels,
                fn);
}

void TextureSubImage3D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                       GLint zoffset, GLsizei width, GLsizei height, GLsizei depth, GLenum format, GLenum type,
                       const void* pixels) {
  TextureRef t = named_texture_of(ctx, texture, is_sub_image_or_cube_target, 3, fn);
  if (!t) return;
  if (t->target != GL_TEXTURE_CUBE_MAP)
    return tex_sub_image(ctx, *t, 3, t->target, level, xoffset, yoffset, zoffset, width, height, depth, format, type,
                         pixels, fn);
  // One face after the other in the client image, as consecutive images of a 3D transfer.
  const long face_bytes = formats::image_image_stride(ctx.unpack, width, height, format, type);
  if (face_bytes < 0 || !(formats::CheckedSize(face_bytes) * 6).fits_in<long>())
    return ctx.error(GL_INVALID_OPERATION, "%s: bad pixel layout", fn);
  for_each_cube_face(ctx, *t, level, zoffset, depth, fn, [&](GLenum face, GLsizei index) {
    tex_sub_image(ctx, *t, 2, face, level, xoffset, yoffset, 0, width, height, 1, format, type,
                  piece_of_transfer(ctx, GL_PIXEL_UNPACK_BUFFER, pixels, index, std::size_t(face_bytes)), fn);
  });
}

void GenerateMipmap(Context& ctx, const char* fn, GLenum target) {
  const int index = target_index(target);
  if (index < 0 || target == GL_TEXTURE_BUFFER || target == GL_TEXTURE_RECTANGLE ||
      target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a mipmapped target", fn, target);
  generate_mipmap(ctx, *texture_for_target(ctx, target), fn);
}

void GenerateTextureMipmap(Context& ctx, const char* fn, GLuint texture) {
  if (TextureRef t = named_texture(ctx, texture, fn))
    generate_mipmap(ctx, *t, fn);
}

// ---- Direct state access forms and the remaining texture commands (issue 5) ----

void TextureStorage1D(Context& ctx, const char* fn, GLuint texture, GLsizei levels, GLenum internalformat,
                      GLsizei width) {
  if (TextureRef t = named_texture_of(ctx, texture, is_storage_target, 1, fn))
    tex_storage(ctx, *t, 1, t->target, levels, internalformat, width, 1, 1, fn);
}

void TextureSubImage1D(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLsizei width,
                       GLenum format, GLenum type, const void* pixels) {
  if (TextureRef t = named_texture_of(ctx, texture, is_sub_image_target, 1, fn))
    tex_sub_image(ctx, *t, 1, t->target, level, xoffset, 0, 0, width, 1, 1, format, type, pixels,
                  fn);
}

void InvalidateTexImage(Context& ctx, const char* fn, GLuint texture, GLint level) {
  // Validation only: invalidated texels become undefined, and keeping them is one way to be so.
  invalidated_texture(ctx, texture, level, fn);
}

void InvalidateTexSubImage(Context& ctx, const char* fn, GLuint texture, GLint level, GLint xoffset, GLint yoffset,
                           GLint zoffset, GLsizei width, GLsizei height, GLsizei depth) {
  TextureRef t = invalidated_texture(ctx, texture, level, fn);
  if (!t) return;
  if (width < 0 || height < 0 || depth < 0)
    return ctx.error(GL_INVALID_VALUE, "%s: negative width, height or depth", fn);
  // The level's extent; missing dimensions count as 1, a cube map's faces as 6 layers.
  TextureImage extent = t->images[0][std::size_t(level)];
  if (t->target == GL_TEXTURE_BUFFER) extent.width = buffer_texels(*t), extent.height = extent.depth = 1;
  if (t->target == GL_TEXTURE_CUBE_MAP && extent.defined()) extent.depth = 6;
  check_region_inside(ctx, extent, xoffset, yoffset, zoffset, width, height, depth, fn);
}

}  // namespace api

}  // namespace glvk::gl
