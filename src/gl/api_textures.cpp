// Texture objects and units (GL 4.6 sections 8.1, 8.2: names, bindings, glBindTextureUnit,
// glBindTextures), pixel storage (section 8.4.1, glPixelStore) and the texture limits glGet reports.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "api_common.h"
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

void create_names(Context& ctx, GLsizei n, GLuint* names, GLenum target, const char* function) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", function, n);
  std::lock_guard lock(ctx.share_group().mutex);
  for (GLsizei i = 0; i < n; ++i) {
    const GLuint name = ctx.share_group().allocate_texture_name();
    ctx.share_group().textures[name] = target ? std::make_shared<TextureObject>(name, target) : nullptr;
    names[i] = name;
  }
}

// glBindTextureUnit / glBindTextures: `name` on its own target of `unit`, or 0 to put every
// target of the unit back to its default texture; INVALID_OPERATION for a name with no object.
void bind_texture_unit(Context& ctx, GLuint unit, GLuint name, const char* function) {
  auto& targets = ctx.bound_textures[unit];
  if (name == 0) {
    for (auto& bound : targets) bound = nullptr;
    return;
  }
  if (TextureRef t = named_texture(ctx, name, function)) targets[std::size_t(target_index(t->target))] = std::move(t);
}

}  // namespace

// Texture state for glGetIntegerv (api_state.cpp asks here for what it does not know).
bool query_texture_integer(Context& ctx, GLenum pname, GLint64& value) {
  static constexpr std::pair<GLenum, GLenum> kBindings[] = {
      {GL_TEXTURE_BINDING_1D, GL_TEXTURE_1D},
      {GL_TEXTURE_BINDING_2D, GL_TEXTURE_2D},
      {GL_TEXTURE_BINDING_3D, GL_TEXTURE_3D},
      {GL_TEXTURE_BINDING_1D_ARRAY, GL_TEXTURE_1D_ARRAY},
      {GL_TEXTURE_BINDING_2D_ARRAY, GL_TEXTURE_2D_ARRAY},
      {GL_TEXTURE_BINDING_RECTANGLE, GL_TEXTURE_RECTANGLE},
      {GL_TEXTURE_BINDING_CUBE_MAP, GL_TEXTURE_CUBE_MAP},
      {GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY},
      {GL_TEXTURE_BINDING_BUFFER, GL_TEXTURE_BUFFER},
      {GL_TEXTURE_BINDING_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE},
      {GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_2D_MULTISAMPLE_ARRAY},
      {GL_TEXTURE_BINDING_EXTERNAL_OES, GL_TEXTURE_EXTERNAL_OES}};
  for (const auto& [query, target] : kBindings)
    if (pname == query && (target != GL_TEXTURE_EXTERNAL_OES || ctx.config().es())) {
      const auto& bound = ctx.bound_textures[ctx.active_texture_unit][std::size_t(target_index(target))];
      value = bound ? bound->name : 0;
      return true;
    }
  const formats::PixelStore* store = nullptr;
  GLenum local = pname;
  if (pname >= GL_PACK_SWAP_BYTES && pname <= GL_PACK_ALIGNMENT) {
    store = &ctx.pack;
    local = pname - GL_PACK_SWAP_BYTES + GL_UNPACK_SWAP_BYTES;
  } else if (pname == GL_PACK_SKIP_IMAGES || pname == GL_PACK_IMAGE_HEIGHT) {
    store = &ctx.pack;
    local = pname == GL_PACK_SKIP_IMAGES ? GL_UNPACK_SKIP_IMAGES : GL_UNPACK_IMAGE_HEIGHT;
  } else {
    store = &ctx.unpack;
  }
  switch (local) {
    case GL_UNPACK_SWAP_BYTES: value = store->swap_bytes; return true;
    case GL_UNPACK_LSB_FIRST: value = store->lsb_first; return true;
    case GL_UNPACK_ROW_LENGTH: value = store->row_length; return true;
    case GL_UNPACK_SKIP_ROWS: value = store->skip_rows; return true;
    case GL_UNPACK_SKIP_PIXELS: value = store->skip_pixels; return true;
    case GL_UNPACK_ALIGNMENT: value = store->alignment; return true;
    case GL_UNPACK_SKIP_IMAGES: value = store->skip_images; return true;
    case GL_UNPACK_IMAGE_HEIGHT: value = store->image_height; return true;
    default: break;
  }
  switch (pname) {
    case GL_ACTIVE_TEXTURE: value = GL_TEXTURE0 + ctx.active_texture_unit; return true;
    case GL_MAX_TEXTURE_SIZE: value = kMaxTextureSize; return true;
    case GL_MAX_3D_TEXTURE_SIZE: value = kMax3DTextureSize; return true;
    case GL_MAX_CUBE_MAP_TEXTURE_SIZE: value = kMaxCubeMapTextureSize; return true;
    case GL_MAX_RECTANGLE_TEXTURE_SIZE: value = kMaxRectangleTextureSize; return true;
    case GL_MAX_ARRAY_TEXTURE_LAYERS: value = kMaxArrayTextureLayers; return true;
    case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: value = kMaxTextureUnits; return true;
    case GL_MAX_SAMPLES: case GL_MAX_COLOR_TEXTURE_SAMPLES: case GL_MAX_DEPTH_TEXTURE_SAMPLES:
    case GL_MAX_INTEGER_SAMPLES:
      value = max_samples(ctx);
      return true;
    case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT: value = kTextureBufferOffsetAlignment; return true;
    case GL_MAX_TEXTURE_BUFFER_SIZE: value = kMaxTextureBufferSize; return true;
    default: return false;
  }
}

namespace api {

void PixelStorei(Context& ctx, const char* fn, GLenum pname, GLint param) {
  const bool pack = (pname >= GL_PACK_SWAP_BYTES && pname <= GL_PACK_ALIGNMENT) || pname == GL_PACK_SKIP_IMAGES ||
                    pname == GL_PACK_IMAGE_HEIGHT;
  formats::PixelStore& store = pack ? ctx.pack : ctx.unpack;
  const GLenum local = !pack ? pname
                       : pname == GL_PACK_SKIP_IMAGES  ? GL_UNPACK_SKIP_IMAGES
                       : pname == GL_PACK_IMAGE_HEIGHT ? GL_UNPACK_IMAGE_HEIGHT
                                                       : pname - GL_PACK_SWAP_BYTES + GL_UNPACK_SWAP_BYTES;
  switch (local) {
    case GL_UNPACK_SWAP_BYTES: store.swap_bytes = param != 0; return;
    case GL_UNPACK_LSB_FIRST: store.lsb_first = param != 0; return;
    case GL_UNPACK_ALIGNMENT:
      if (param != 1 && param != 2 && param != 4 && param != 8)
        return ctx.error(GL_INVALID_VALUE, "%s(alignment = %d): must be 1, 2, 4 or 8", fn, param);
      store.alignment = param;
      return;
    case GL_UNPACK_ROW_LENGTH: case GL_UNPACK_SKIP_ROWS: case GL_UNPACK_SKIP_PIXELS: case GL_UNPACK_SKIP_IMAGES:
    case GL_UNPACK_IMAGE_HEIGHT:
      if (param < 0) return ctx.error(GL_INVALID_VALUE, "%s(pname = 0x%04x, %d): negative", fn, pname, param);
      (local == GL_UNPACK_ROW_LENGTH    ? store.row_length
       : local == GL_UNPACK_SKIP_ROWS   ? store.skip_rows
       : local == GL_UNPACK_SKIP_PIXELS ? store.skip_pixels
       : local == GL_UNPACK_SKIP_IMAGES ? store.skip_images
                                        : store.image_height) = param;
      return;
    default:
      return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a pixel-store parameter", fn, pname);
  }
}

void PixelStoref(Context& ctx, const char* fn, GLenum pname, GLfloat param) {
  // Booleans are non-zero tests; integers round (GL 4.6 section 8.4.1).
  PixelStorei(ctx, fn, pname, (pname == GL_UNPACK_SWAP_BYTES || pname == GL_PACK_SWAP_BYTES || pname == GL_UNPACK_LSB_FIRST ||
                      pname == GL_PACK_LSB_FIRST)
                         ? GLint(param != 0.0f)
                         : GLint(param + (param < 0 ? -0.5f : 0.5f)));
}

void ActiveTexture(Context& ctx, const char* fn, GLenum texture) {
  if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + kMaxTextureUnits)
    return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): not a texture unit", fn, texture);
  ctx.active_texture_unit = texture - GL_TEXTURE0;
}

void GenTextures(Context& ctx, const char* fn, GLsizei n, GLuint* textures) {
  create_names(ctx, n, textures, 0, fn);
}

void CreateTextures(Context& ctx, const char* fn, GLenum target, GLsizei n, GLuint* textures) {
  if (target_index(target) < 0)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a texture target", fn, target);
  create_names(ctx, n, textures, target, fn);
}

void DeleteTextures(Context& ctx, const char* fn, GLsizei n, const GLuint* textures) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n; ++i) {
    if (textures[i] == 0) continue;
    TextureRef t = ctx.share_group().find_texture(textures[i]);
    // Deleting a bound texture rebinds 0 in every unit of the current context, and detaches it
    // from the bound framebuffers (GL 4.6 section 9.2.8).
    if (t) {
      for (auto& unit : ctx.bound_textures)
        for (auto& bound : unit)
          if (bound == t) bound = nullptr;
      // An image unit holding it is reset as by BindImageTexture with texture 0 (GL 4.6 8.26).
      for (Context::ImageUnit& image : ctx.image_units)
        if (image.texture == t) image = {};
      for (FramebufferObject* fb : {ctx.draw_framebuffer.get(), ctx.read_framebuffer.get()}) {
        if (!fb) continue;
        for (FramebufferAttachment* a : {&fb->depth, &fb->stencil})
          if (a->texture == t) *a = FramebufferAttachment{};
        for (FramebufferAttachment& a : fb->color)
          if (a.texture == t) a = FramebufferAttachment{};
      }
    }
    std::lock_guard lock(ctx.share_group().mutex);
    ctx.share_group().textures.erase(textures[i]);
  }
}

GLboolean IsTexture(Context& ctx, const char*, GLuint texture) {
  const TextureRef t = ctx.share_group().find_texture(texture);
  return t && t->target ? GL_TRUE : GL_FALSE;
}

void BindTexture(Context& ctx, const char* fn, GLenum target, GLuint texture) {
  const int index = target_index(target);
  if (index < 0 || (target == GL_TEXTURE_EXTERNAL_OES && !ctx.config().es()))
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a texture target", fn, target);
  TextureRef t;
  if (texture != 0) {
    std::lock_guard lock(ctx.share_group().mutex);
    auto& textures = ctx.share_group().textures;
    auto it = textures.find(texture);
    if (it == textures.end()) {
      if (!ctx.config().bind_creates_names())
        return ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): not a name from glGenTextures", fn, texture);
      it = textures.emplace(texture, nullptr).first;  // the compatibility profile creates it
    }
    if (!it->second) it->second = std::make_shared<TextureObject>(texture, target);
    if (it->second->target != target)
      return ctx.error(GL_INVALID_OPERATION, "%s(texture = %u): it was created with another target", fn,
                       texture);
    t = it->second;
  }
  ctx.bound_textures[ctx.active_texture_unit][std::size_t(index)] = std::move(t);
}

void BindTextureUnit(Context& ctx, const char* fn, GLuint unit, GLuint texture) {
  if (unit >= kMaxTextureUnits)
    return ctx.error(GL_INVALID_VALUE, "%s(unit = %u): beyond MAX_COMBINED_TEXTURE_IMAGE_UNITS", fn, unit);
  bind_texture_unit(ctx, unit, texture, fn);
}

void BindTextures(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLuint* textures) {
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (std::uint64_t(first) + std::uint64_t(count) > kMaxTextureUnits)
    return ctx.error(GL_INVALID_OPERATION, "%s(first = %u, count = %d): beyond the last unit", fn, first,
                     count);
  // An entry naming no texture raises the error but the others are still bound (section 2.3.1's
  // multi-bind rule); a null array unbinds every unit of the range.
  for (GLsizei i = 0; i < count; ++i)
    bind_texture_unit(ctx, first + GLuint(i), textures ? textures[i] : 0, fn);
}

}  // namespace api

}  // namespace glvk::gl
