// glTextureView (GL 4.6 section 8.18): a new texture object whose levels and layers are a range of
// an immutable texture's storage, read in another internal format of the same view class. The
// view's resource shares the original's image (st::Texture's view constructor) at the level/layer
// offset, so texels written through either are seen through the other.
#include <algorithm>
#include <string>

#include "api_common.h"
#include "texture_internal.h"
#include "glvk/formats/gl_client.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/texture.h"

namespace glvk::gl {

namespace {

// GL 4.6 table 8.21: the view targets each original target allows.
bool view_target_allowed(GLenum original, GLenum view) {
  const auto any_of = [view](std::initializer_list<GLenum> targets) {
    for (GLenum t : targets)
      if (t == view) return true;
    return false;
  };
  switch (original) {
    case GL_TEXTURE_1D:
    case GL_TEXTURE_1D_ARRAY: return any_of({GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY});
    case GL_TEXTURE_2D: return any_of({GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY});
    case GL_TEXTURE_3D: return view == GL_TEXTURE_3D;
    case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_CUBE_MAP_ARRAY:
      return any_of({GL_TEXTURE_CUBE_MAP, GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY});
    case GL_TEXTURE_RECTANGLE: return view == GL_TEXTURE_RECTANGLE;
    case GL_TEXTURE_2D_MULTISAMPLE:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return any_of({GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY});
    default: return false;
  }
}

// View targets that have exactly one layer.
bool single_layer_target(GLenum target) {
  return target == GL_TEXTURE_1D || target == GL_TEXTURE_2D || target == GL_TEXTURE_3D ||
         target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_2D_MULTISAMPLE;
}

// One image of the view (one face for cube maps): the original's image of the same level, in
// the view's format and with the view's layer count.
TextureImage view_image(const TextureImage& original, GLenum target, GLint internal_format, GLenum base_format,
                        const st::ChosenFormat& chosen, GLint layers) {
  TextureImage image = original;
  image.internal_format = internal_format;
  image.base_format = base_format;
  image.format = chosen.format;
  image.storage = chosen.storage;
  image.compressed_blocks = nullptr;
  switch (target) {
    case GL_TEXTURE_1D: image.height = image.depth = 1; break;
    case GL_TEXTURE_1D_ARRAY: image.height = layers, image.depth = 1; break;
    case GL_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_CUBE_MAP_ARRAY:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: image.depth = layers; break;
    case GL_TEXTURE_3D: break;
    default: image.depth = 1; break;
  }
  return image;
}

// The format the view's texels are stored in: the device's choice for the view's internal format,
// which must share the original's image bit for bit.
st::ChosenFormat view_storage(Context& ctx, const TextureObject& original, GLenum target, GLenum internal_format) {
  const TextureImage& base = original.images[0][0];
  st::ChosenFormat chosen;
  if (base.samples > 0) {
    chosen.format = chosen.storage = st::choose_renderbuffer_format(st::format_support(ctx.st().screen()),
                                                                    internal_format, unsigned(base.samples));
  } else {
    chosen = st::choose_texture_format(st::format_support(ctx.st().screen()), target, internal_format, GL_NONE,
                                       GL_NONE);
  }
  return chosen;
}

}  // namespace

namespace api {

void TextureView(Context& ctx, const char* fn, GLuint texture, GLenum target, GLuint origtexture,
                 GLenum internalformat, GLuint minlevel, GLuint numlevels, GLuint minlayer, GLuint numlayers) {
  if (texture == 0) return ctx.error(GL_INVALID_VALUE, "%s(texture = 0): not a texture name", fn);
  const std::shared_ptr<TextureObject> original = ctx.share_group().find_texture(origtexture);
  if (!original || origtexture == 0)
    return ctx.error(GL_INVALID_VALUE, "%s(origtexture = %u): not a texture object", fn, origtexture);
  {
    std::lock_guard lock(ctx.share_group().mutex);
    const auto it = ctx.share_group().textures.find(texture);
    if (it == ctx.share_group().textures.end())
      return ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): not a name from glGenTextures", fn, texture);
    if (it->second && it->second->target)
      return ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): already has a target", fn, texture);
  }
  if (!original->immutable)
    return ctx.error(GL_INVALID_OPERATION, "%s(origtexture = %u): not an immutable texture", fn, origtexture);
  if (!view_target_allowed(original->target, target))
    return ctx.error(GL_INVALID_OPERATION, "%s(target = 0x%04x): a texture of target 0x%04x cannot be viewed as it",
                     fn, target, original->target);
  const TextureImage& base = original->images[0][0];
  const formats::InternalFormatInfo* info = formats::find_internal_format(internalformat);
  if (!info || !formats::view_compatible(GLenum(base.internal_format), internalformat))
    return ctx.error(GL_INVALID_OPERATION, "%s(internalformat = 0x%04x): not in the view class of %s", fn,
                     internalformat, formats::find_internal_format(GLenum(base.internal_format))->name);
  if (GLint64(minlevel) >= original->view_num_levels)
    return ctx.error(GL_INVALID_VALUE, "%s(minlevel = %u): the texture has %d levels", fn, minlevel,
                     original->view_num_levels);
  if (GLint64(minlayer) >= original->view_num_layers)
    return ctx.error(GL_INVALID_VALUE, "%s(minlayer = %u): the texture has %d layers", fn, minlayer,
                     original->view_num_layers);
  const GLint levels = GLint(std::min<GLint64>(numlevels, original->view_num_levels - GLint64(minlevel)));
  const GLint layers = GLint(std::min<GLint64>(numlayers, original->view_num_layers - GLint64(minlayer)));
  if (target == GL_TEXTURE_CUBE_MAP && (numlayers != 6 || layers != 6))
    return ctx.error(GL_INVALID_VALUE, "%s: a cube map view needs 6 layers (numlayers = %u, %d available)", fn,
                     numlayers, layers);
  if (target == GL_TEXTURE_CUBE_MAP_ARRAY && (numlayers % 6 != 0 || layers % 6 != 0 || layers == 0))
    return ctx.error(GL_INVALID_VALUE, "%s: a cube map array view needs a multiple of 6 layers (numlayers = %u, %d available)",
                     fn, numlayers, layers);
  if (single_layer_target(target) && numlayers != 1)
    return ctx.error(GL_INVALID_VALUE, "%s(numlayers = %u): target 0x%04x has one layer", fn, numlayers, target);
  const TextureImage& first = original->images[0][minlevel];
  if ((target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY) && first.width != first.height)
    return ctx.error(GL_INVALID_OPERATION, "%s: a cube map view of %dx%d images", fn, first.width,
                     first.height);

  // The device side: the view's storage must be the original's bits in a size-compatible format.
  const st::ChosenFormat chosen = view_storage(ctx, *original, target, internalformat);
  const TextureImage first_view = view_image(first, target, GLint(internalformat), info->base_format, chosen, 1);
  const bool decoded = chosen.storage != chosen.format || base.storage != base.format;
  if (!chosen.valid() || (decoded && formats::describe(chosen.format).is_compressed) ||
      !st::can_share_image(base.storage, chosen.storage) || !holds_same_bits(first, first_view) ||
      !original->resource) {
    const std::string why = std::string(fn) + ": this device stores " +
                            formats::find_internal_format(GLenum(base.internal_format))->name + " as " +
                            formats::describe(base.storage).name + " and " + info->name + " as " +
                            (chosen.valid() ? formats::describe(chosen.storage).name : "nothing") +
                            ", which cannot share storage bit for bit; the view is refused";
    ctx.debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, 2, GL_DEBUG_SEVERITY_HIGH, why);
    return ctx.error(GL_INVALID_OPERATION, "%s", why.c_str());
  }

  auto view = std::make_shared<TextureObject>(texture, target);
  st::TextureLayout layout;
  layout.target = *st::gl_target_to_pipe(target);
  layout.format = chosen.storage;
  layout.width = std::uint32_t(first.width);
  layout.height = target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY ? 1u : std::uint32_t(first.height);
  layout.depth = target == GL_TEXTURE_3D ? std::uint32_t(first.depth) : 1u;
  layout.layers = target == GL_TEXTURE_3D ? 1u : std::uint32_t(layers);
  layout.levels = std::uint32_t(levels);
  layout.samples = std::uint32_t(base.samples);
  layout.viewable = true;
  // A view of a 3D texture has its single layer; its storage's layers are its slices.
  st::Made<st::Texture> made =
      st::create_texture_view(*original->resource, layout, minlevel, target == GL_TEXTURE_3D ? 0u : minlayer);
  if (!made.object) return ctx.error(GL_INVALID_OPERATION, "%s: %s", fn, made.result.message.c_str());
  view->resource = std::move(made.object);
  const unsigned faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
  for (GLint l = 0; l < levels; ++l)
    for (unsigned f = 0; f < faces; ++f)
      view->images[f][std::size_t(l)] = view_image(original->images[0][minlevel + GLuint(l)], target,
                                                    GLint(internalformat), info->base_format, chosen, layers);
  view->immutable = true;
  view->immutable_levels = original->immutable_levels;
  view->view_min_level = original->view_min_level + GLint(minlevel);
  view->view_num_levels = levels;
  view->view_min_layer = original->view_min_layer + GLint(minlayer);
  view->view_num_layers = layers;
  std::lock_guard lock(ctx.share_group().mutex);
  ctx.share_group().textures[texture] = std::move(view);
}

}  // namespace api
}  // namespace glvk::gl
