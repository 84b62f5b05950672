// Image units (GL 4.6 8.26): glBindImageTexture and glBindImageTextures, the units' state and the
// image limits. Draws and dispatches hand st the unit each image uniform names (draw_inputs.cpp).
#include <algorithm>
#include <iterator>

#include "api_common.h"
#include "image_formats.h"
#include "state_query.h"

namespace glvk::gl {

namespace {

bool image_format(GLenum format) { return find_image_format(format) != nullptr; }

// The shader stages before rasterization store only where the device lets them.
constexpr GLint kImageUniformsPerStage = 8;

}  // namespace

bool query_image_unit_limit(GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_MAX_IMAGE_UNITS: value.set_integers({st::kMaxImageUnits}); return true;
    case GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS:
      value.set_integers({st::kMaxImageUnits + kMaxColorAttachments});
      return true;
    case GL_MAX_IMAGE_SAMPLES: value.set_integers({0}); return true;  // no multisample images
    case GL_MAX_VERTEX_IMAGE_UNIFORMS: case GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS:
    case GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS: case GL_MAX_GEOMETRY_IMAGE_UNIFORMS:
    case GL_MAX_FRAGMENT_IMAGE_UNIFORMS: case GL_MAX_COMPUTE_IMAGE_UNIFORMS: case GL_MAX_COMBINED_IMAGE_UNIFORMS:
      value.set_integers({kImageUniformsPerStage});
      return true;
    default: return false;
  }
}

bool query_image_unit_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                              const char* function) {
  if (pname != GL_IMAGE_BINDING_NAME && pname != GL_IMAGE_BINDING_LEVEL && pname != GL_IMAGE_BINDING_LAYERED &&
      pname != GL_IMAGE_BINDING_LAYER && pname != GL_IMAGE_BINDING_ACCESS && pname != GL_IMAGE_BINDING_FORMAT)
    return false;
  if (index >= st::kMaxImageUnits) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_IMAGE_UNITS", function, index);
    raised = true;
    return true;
  }
  const Context::ImageUnit& u = ctx.image_units[index];
  switch (pname) {
    case GL_IMAGE_BINDING_NAME: value.set_integers({u.texture ? GLint64(u.texture->name) : 0}); break;
    case GL_IMAGE_BINDING_LEVEL: value.set_integers({u.level}); break;
    case GL_IMAGE_BINDING_LAYERED: value.set_integers({u.layered ? 1 : 0}); break;
    case GL_IMAGE_BINDING_LAYER: value.set_integers({u.layer}); break;
    case GL_IMAGE_BINDING_ACCESS: value.set_integers({GLint64(u.access)}); break;
    default: value.set_integers({GLint64(u.format)}); break;
  }
  return true;
}

namespace api {

void BindImageTexture(Context& ctx, const char* fn, GLuint unit, GLuint texture, GLint level, GLboolean layered,
                      GLint layer, GLenum access, GLenum format) {
  if (unit >= st::kMaxImageUnits) return ctx.error(GL_INVALID_VALUE, "%s(unit = %u): beyond MAX_IMAGE_UNITS", fn, unit);
  std::shared_ptr<TextureObject> object;
  if (texture && !(object = ctx.share_group().find_texture(texture)))
    return ctx.error(GL_INVALID_VALUE, "%s(texture = %u): not a texture object", fn, texture);
  if (level < 0) return ctx.error(GL_INVALID_VALUE, "%s(level = %d): negative", fn, level);
  if (layer < 0) return ctx.error(GL_INVALID_VALUE, "%s(layer = %d): negative", fn, layer);
  if (access != GL_READ_ONLY && access != GL_WRITE_ONLY && access != GL_READ_WRITE)
    return ctx.error(GL_INVALID_ENUM, "%s(access = 0x%04x): not an access mode", fn, access);
  if (!image_format(format))
    return ctx.error(GL_INVALID_VALUE, "%s(format = 0x%04x): not an image unit format (table 8.27)", fn, format);
  Context::ImageUnit& u = ctx.image_units[unit];
  if (!object) {
    u = {};  // texture 0 unbinds: the unit's state is its initial one (8.26)
    return;
  }
  u = {std::move(object), level, layered != GL_FALSE, layer, access, format};
}

void BindImageTextures(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLuint* textures) {
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (std::uint64_t(first) + std::uint64_t(count) > st::kMaxImageUnits)
    return ctx.error(GL_INVALID_OPERATION, "%s(first = %u, count = %d): beyond MAX_IMAGE_UNITS", fn, first, count);
  // Each entry binds level 0, all layers, READ_WRITE, in its level 0's internal format; an entry's
  // error leaves the others bound (ARB_multi_bind).
  for (GLsizei i = 0; i < count; ++i) {
    Context::ImageUnit& u = ctx.image_units[first + GLuint(i)];
    const GLuint name = textures ? textures[i] : 0;
    if (!name) {
      u = {};
      continue;
    }
    std::shared_ptr<TextureObject> object = ctx.share_group().find_texture(name);
    if (!object) {
      ctx.error(GL_INVALID_OPERATION, "%s(textures[%d] = %u): not a texture object", fn, i, name);
      continue;
    }
    const GLenum format = GLenum(object->images[0][0].internal_format);
    if (!image_format(format)) {
      ctx.error(GL_INVALID_OPERATION, "%s(textures[%d] = %u): level 0's format 0x%04x is no image unit format", fn, i,
                name, format);
      continue;
    }
    u = {std::move(object), 0, true, 0, GL_READ_WRITE, format};
  }
}

}  // namespace api
}  // namespace glvk::gl
