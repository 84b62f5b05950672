// Colour-index and other GL 1.0/1.1 state that glvk keeps without the rendering it once steered
// (GL 4.6 compatibility: glvk's framebuffers are RGBA, so there is no colour-index rendering and no
// accumulation buffer): glIndex*, glIndexMask, glClearIndex, glIndexPointer, glEdgeFlagPointer,
// glClearAccum, glAccum (INVALID_OPERATION: no accumulation buffer, 18.?), glAreTexturesResident,
// glPrioritizeTextures, and their glGet state.
#include <algorithm>

#include "api_common.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "state_query.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

template <typename T>
void set_index(Context& ctx, const char* fn, const T* c) {
  if (compatibility_context(ctx, fn) && check_values(ctx, fn, c)) ctx.legacy.current.index = GLfloat(*c);
}

// glIndexPointer's and glEdgeFlagPointer's array (10.3.?: client memory only with the default
// vertex array object, as for the other legacy arrays).
void set_state_array(Context& ctx, const char* fn, LegacyArray VertexArrayObject::*array, GLenum type, GLsizei stride,
                     const void* pointer) {
  if (stride < 0) return ctx.error(GL_INVALID_VALUE, "%s(stride = %d): negative", fn, stride);
  const std::shared_ptr<BufferObject>& array_buffer = ctx.bound_buffers[0];
  if (!array_buffer && pointer && ctx.bound_vertex_array)
    return ctx.error(GL_INVALID_OPERATION, "%s: a vertex array object is bound and no array buffer", fn);
  LegacyArray& a = ctx.current_vertex_array()->*array;
  a.type = type;
  a.stride = stride;
  a.buffer = array_buffer;
  a.pointer = reinterpret_cast<GLintptr>(pointer);
}

}  // namespace

bool query_color_index_state(Context& ctx, GLenum pname, StateValue& value) {
  const LegacyState& l = ctx.legacy;
  const VertexArrayObject& vao = *ctx.current_vertex_array();
  switch (pname) {
    case GL_CURRENT_INDEX: set_state_floats(value, &l.current.index, 1, false); return true;
    case GL_INDEX_WRITEMASK: value.set_integers({l.index_write_mask}); return true;
    case GL_INDEX_CLEAR_VALUE: set_state_floats(value, &l.clear_index, 1, false); return true;
    case GL_ACCUM_CLEAR_VALUE: set_state_floats(value, l.accum_clear.data(), 4, true); return true;
    // An RGBA context without colour indices or an accumulation buffer (table 23.?).
    case GL_RGBA_MODE: value.set_integers({GL_TRUE}); return true;
    case GL_INDEX_MODE: value.set_integers({GL_FALSE}); return true;
    case GL_INDEX_BITS: case GL_ACCUM_RED_BITS: case GL_ACCUM_GREEN_BITS: case GL_ACCUM_BLUE_BITS:
    case GL_ACCUM_ALPHA_BITS:
      value.set_integers({0});
      return true;
    case GL_INDEX_ARRAY_TYPE: value.set_integers({vao.index_array.type}); return true;
    case GL_INDEX_ARRAY_STRIDE: value.set_integers({vao.index_array.stride}); return true;
    case GL_INDEX_ARRAY_BUFFER_BINDING:
      value.set_integers({vao.index_array.buffer ? vao.index_array.buffer->name : 0});
      return true;
    case GL_EDGE_FLAG_ARRAY_STRIDE: value.set_integers({vao.edge_flag_array.stride}); return true;
    case GL_EDGE_FLAG_ARRAY_BUFFER_BINDING:
      value.set_integers({vao.edge_flag_array.buffer ? vao.edge_flag_array.buffer->name : 0});
      return true;
    default: return false;
  }
}

bool state_array_pointer(Context& ctx, GLenum pname, void** params) {
  if (ctx.config().core_profile || (pname != GL_INDEX_ARRAY_POINTER && pname != GL_EDGE_FLAG_ARRAY_POINTER))
    return false;
  const VertexArrayObject& vao = *ctx.current_vertex_array();
  const LegacyArray& a = pname == GL_INDEX_ARRAY_POINTER ? vao.index_array : vao.edge_flag_array;
  if (params) *params = reinterpret_cast<void*>(a.pointer);
  return true;
}

namespace api {

#define GLVK_INDEX(Suffix, T)                                                                      \
  void Index##Suffix(Context& ctx, const char* fn, T c) { set_index(ctx, fn, &c); }              \
  void Index##Suffix##v(Context& ctx, const char* fn, const T* c) { set_index(ctx, fn, c); }
GLVK_INDEX(d, GLdouble)
GLVK_INDEX(f, GLfloat)
GLVK_INDEX(i, GLint)
GLVK_INDEX(s, GLshort)
GLVK_INDEX(ub, GLubyte)
#undef GLVK_INDEX

void IndexMask(Context& ctx, const char* fn, GLuint mask) {
  if (compatibility_context(ctx, fn)) ctx.legacy.index_write_mask = mask;
}

void ClearIndex(Context& ctx, const char* fn, GLfloat c) {
  if (compatibility_context(ctx, fn)) ctx.legacy.clear_index = c;
}

void IndexPointer(Context& ctx, const char* fn, GLenum type, GLsizei stride, const void* pointer) {
  if (!compatibility_context(ctx, fn)) return;
  if (type != GL_UNSIGNED_BYTE && type != GL_SHORT && type != GL_INT && type != GL_FLOAT && type != GL_DOUBLE)
    return ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a colour index type", fn, type);
  set_state_array(ctx, fn, &VertexArrayObject::index_array, type, stride, pointer);
}

void EdgeFlagPointer(Context& ctx, const char* fn, GLsizei stride, const void* pointer) {
  if (compatibility_context(ctx, fn))
    set_state_array(ctx, fn, &VertexArrayObject::edge_flag_array, GL_UNSIGNED_BYTE, stride, pointer);
}

void ClearAccum(Context& ctx, const char* fn, GLfloat red, GLfloat green, GLfloat blue, GLfloat alpha) {
  if (!compatibility_context(ctx, fn)) return;
  // 17.4.3: clamped to [-1, 1].
  ctx.legacy.accum_clear = {std::clamp(red, -1.0f, 1.0f), std::clamp(green, -1.0f, 1.0f),
                            std::clamp(blue, -1.0f, 1.0f), std::clamp(alpha, -1.0f, 1.0f)};
}

void Accum(Context& ctx, const char* fn, GLenum op, GLfloat) {
  if (!compatibility_context(ctx, fn)) return;
  if (op != GL_ACCUM && op != GL_LOAD && op != GL_RETURN && op != GL_MULT && op != GL_ADD)
    return ctx.error(GL_INVALID_ENUM, "%s(op = 0x%04x): not an accumulation operation", fn, op);
  // 17.4.3 (Accum): "INVALID_OPERATION ... if there is no accumulation buffer"; no glvk
  // framebuffer has one (ACCUM_*_BITS are 0).
  ctx.error(GL_INVALID_OPERATION, "%s: the framebuffer has no accumulation buffer", fn);
}

GLboolean AreTexturesResident(Context& ctx, const char* fn, GLsizei n, const GLuint* textures, GLboolean*) {
  if (!compatibility_context(ctx, fn)) return GL_FALSE;
  if (n < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
    return GL_FALSE;
  }
  if (n > 0 && !check_values(ctx, fn, textures)) return GL_FALSE;
  for (GLsizei i = 0; i < n; ++i)
    if (textures[i] == 0 || !ctx.share_group().find_texture(textures[i])) {
      ctx.error(GL_INVALID_VALUE, "%s: %u is not a texture", fn, textures[i]);
      return GL_FALSE;
    }
  // 8.?: every texture is resident, so TRUE and `residences` untouched.
  return GL_TRUE;
}

void PrioritizeTextures(Context& ctx, const char* fn, GLsizei n, const GLuint* textures, const GLfloat* priorities) {
  if (!compatibility_context(ctx, fn)) return;
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  if (n > 0 && (!check_values(ctx, fn, textures) || !check_values(ctx, fn, priorities))) return;
  // Names of no texture (and 0) are silently ignored; priorities are clamped to [0, 1].
  for (GLsizei i = 0; i < n; ++i)
    if (textures[i] != 0)
      if (const std::shared_ptr<TextureObject> t = ctx.share_group().find_texture(textures[i]))
        t->priority = std::clamp(priorities[i], 0.0f, 1.0f);
}

}  // namespace api
}  // namespace glvk::gl
