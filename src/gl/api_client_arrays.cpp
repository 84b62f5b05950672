// The legacy client arrays (GL 4.6 compatibility 10.3.1-10.3.5): glVertexPointer, glNormalPointer,
// glColorPointer, glSecondaryColorPointer, glFogCoordPointer, glTexCoordPointer with
// glClientActiveTexture, glEnable/DisableClientState and glInterleavedArrays, kept per vertex array
// object and read by fixed-function draws at the LegacyAttrib slots; their glGet/glGetPointerv state;
// EXT_vertex_array's gl*PointerEXT forms (the others alias core commands in gl.xml).
#include "api_common.h"
#include "legacy_internal.h"
#include "legacy_params.h"

namespace glvk::gl {

namespace {

// Which sizes and types each array takes (table 10.3, without the packed 2_10_10_10 types).
struct ArrayRule {
  GLint min_size, max_size;
  bool bgra;
  std::initializer_list<GLenum> types;
};

const ArrayRule& rule(unsigned slot) {
  // ARB_vertex_type_2_10_10_10_rev adds its two packings to the vertex, normal, colour and texture
  // coordinate arrays (not the secondary colour's: three components cannot hold them).
  static const ArrayRule vertex{2, 4, false, {GL_SHORT, GL_INT, GL_FLOAT, GL_HALF_FLOAT, GL_DOUBLE,
                                              GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV}};
  static const ArrayRule normal{3, 3, false, {GL_BYTE, GL_SHORT, GL_INT, GL_FLOAT, GL_HALF_FLOAT, GL_DOUBLE,
                                              GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV}};
  static const ArrayRule color{3, 4, true,
                               {GL_BYTE, GL_UNSIGNED_BYTE, GL_SHORT, GL_UNSIGNED_SHORT, GL_INT, GL_UNSIGNED_INT,
                                GL_FLOAT, GL_HALF_FLOAT, GL_DOUBLE, GL_INT_2_10_10_10_REV,
                                GL_UNSIGNED_INT_2_10_10_10_REV}};
  static const ArrayRule secondary{3, 3, true,
                                   {GL_BYTE, GL_UNSIGNED_BYTE, GL_SHORT, GL_UNSIGNED_SHORT, GL_INT,
                                    GL_UNSIGNED_INT, GL_FLOAT, GL_HALF_FLOAT, GL_DOUBLE}};
  static const ArrayRule fog{1, 1, false, {GL_FLOAT, GL_HALF_FLOAT, GL_DOUBLE}};
  static const ArrayRule texcoord{1, 4, false, {GL_SHORT, GL_INT, GL_FLOAT, GL_HALF_FLOAT, GL_DOUBLE,
                                                GL_INT_2_10_10_10_REV, GL_UNSIGNED_INT_2_10_10_10_REV}};
  switch (slot) {
    case kAttribVertex: return vertex;
    case kAttribNormal: return normal;
    case kAttribColor: return color;
    case kAttribSecondaryColor: return secondary;
    case kAttribFogCoord: return fog;
    default: return texcoord;
  }
}

void set_array(Context& ctx, const char* fn, unsigned slot, GLint size, GLenum type, GLsizei stride,
               const void* pointer) {
  if (!compatibility_context(ctx, fn)) return;
  const ArrayRule& r = rule(slot);
  if (std::find(r.types.begin(), r.types.end(), type) == r.types.end())
    return ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a type of this array", fn, type);
  const bool bgra = r.bgra && size == GL_BGRA;
  if (!bgra && (size < r.min_size || size > r.max_size))
    return ctx.error(GL_INVALID_VALUE, "%s(size = %d): not a size of this array", fn, size);
  const bool packed = type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV;
  if (bgra && type != GL_UNSIGNED_BYTE && !packed)
    return ctx.error(GL_INVALID_OPERATION, "%s: GL_BGRA takes GL_UNSIGNED_BYTE or a packed type only", fn);
  // A packed array has four components (the normal array takes x, y and z of them).
  if (packed && slot != kAttribNormal && size != 4 && !bgra)
    return ctx.error(GL_INVALID_OPERATION, "%s(size = %d): a packed type needs size 4", fn, size);
  if (stride < 0) return ctx.error(GL_INVALID_VALUE, "%s(stride = %d): negative", fn, stride);
  const std::shared_ptr<BufferObject>& array_buffer = ctx.bound_buffers[0];  // GL_ARRAY_BUFFER
  // 10.3.1: client memory only with the default vertex array object.
  if (!array_buffer && pointer && ctx.bound_vertex_array)
    return ctx.error(GL_INVALID_OPERATION, "%s: a vertex array object is bound and no array buffer", fn);
  LegacyArray& a = ctx.current_vertex_array()->legacy_arrays[slot];
  a.size = packed && slot == kAttribNormal ? 4 : size;
  a.type = type;
  a.stride = stride;
  a.buffer = array_buffer;
  a.pointer = reinterpret_cast<GLintptr>(pointer);
}

unsigned texcoord_slot(const Context& ctx) { return kAttribTexCoord0 + ctx.legacy.client_active_texture; }

// The array a client-state enum names (texture coordinates: the client active unit's), or -1.
int array_slot(const Context& ctx, GLenum array) {
  switch (array) {
    case GL_VERTEX_ARRAY: return kAttribVertex;
    case GL_NORMAL_ARRAY: return kAttribNormal;
    case GL_COLOR_ARRAY: return kAttribColor;
    case GL_SECONDARY_COLOR_ARRAY: return kAttribSecondaryColor;
    case GL_FOG_COORD_ARRAY: return kAttribFogCoord;
    case GL_TEXTURE_COORD_ARRAY: return int(texcoord_slot(ctx));
    default: return -1;
  }
}

void set_client_state(Context& ctx, const char* fn, GLenum array, bool enabled) {
  if (!compatibility_context(ctx, fn)) return;
  bool* flag = legacy_client_state(ctx, array);
  if (!flag) return ctx.error(GL_INVALID_ENUM, "%s(array = 0x%04x): not a client array", fn, array);
  *flag = enabled;
}

// The pnames of one array's state: size, type, stride, buffer binding and pointer.
struct ArrayPnames {
  GLenum size, type, stride, binding, pointer;
  int slot;  // -1: the client active texture unit's coordinates
};
constexpr ArrayPnames kArrayPnames[] = {
    {GL_VERTEX_ARRAY_SIZE, GL_VERTEX_ARRAY_TYPE, GL_VERTEX_ARRAY_STRIDE, GL_VERTEX_ARRAY_BUFFER_BINDING,
     GL_VERTEX_ARRAY_POINTER, kAttribVertex},
    {0, GL_NORMAL_ARRAY_TYPE, GL_NORMAL_ARRAY_STRIDE, GL_NORMAL_ARRAY_BUFFER_BINDING, GL_NORMAL_ARRAY_POINTER,
     kAttribNormal},
    {GL_COLOR_ARRAY_SIZE, GL_COLOR_ARRAY_TYPE, GL_COLOR_ARRAY_STRIDE, GL_COLOR_ARRAY_BUFFER_BINDING,
     GL_COLOR_ARRAY_POINTER, kAttribColor},
    {GL_SECONDARY_COLOR_ARRAY_SIZE, GL_SECONDARY_COLOR_ARRAY_TYPE, GL_SECONDARY_COLOR_ARRAY_STRIDE,
     GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING, GL_SECONDARY_COLOR_ARRAY_POINTER, kAttribSecondaryColor},
    {0, GL_FOG_COORD_ARRAY_TYPE, GL_FOG_COORD_ARRAY_STRIDE, GL_FOG_COORD_ARRAY_BUFFER_BINDING,
     GL_FOG_COORD_ARRAY_POINTER, kAttribFogCoord},
    {GL_TEXTURE_COORD_ARRAY_SIZE, GL_TEXTURE_COORD_ARRAY_TYPE, GL_TEXTURE_COORD_ARRAY_STRIDE,
     GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING, GL_TEXTURE_COORD_ARRAY_POINTER, -1},
};

const LegacyArray& array_of(const Context& ctx, const ArrayPnames& p) {
  return ctx.current_vertex_array()->legacy_arrays[p.slot < 0 ? texcoord_slot(ctx) : unsigned(p.slot)];
}

}  // namespace

bool* legacy_client_state(Context& ctx, GLenum cap) {
  if (ctx.config().core_profile) return nullptr;
  if (cap == GL_INDEX_ARRAY) return &ctx.current_vertex_array()->index_array.enabled;
  if (cap == GL_EDGE_FLAG_ARRAY) return &ctx.current_vertex_array()->edge_flag_array.enabled;
  const int slot = array_slot(ctx, cap);
  return slot < 0 ? nullptr : &ctx.current_vertex_array()->legacy_arrays[unsigned(slot)].enabled;
}

bool query_client_array_state(Context& ctx, GLenum pname, StateValue& value) {
  if (pname == GL_CLIENT_ACTIVE_TEXTURE) {
    value.set_integers({GL_TEXTURE0 + ctx.legacy.client_active_texture});
    return true;
  }
  for (const ArrayPnames& p : kArrayPnames) {
    const LegacyArray& a = array_of(ctx, p);
    if (p.size && pname == p.size) value.set_integers({a.size});
    else if (pname == p.type) value.set_integers({a.type});
    else if (pname == p.stride) value.set_integers({a.stride});
    else if (pname == p.binding) value.set_integers({a.buffer ? a.buffer->name : 0});
    else continue;
    return true;
  }
  return false;
}

bool legacy_array_pointer(Context& ctx, GLenum pname, void** params) {
  if (ctx.config().core_profile) return false;
  for (const ArrayPnames& p : kArrayPnames) {
    if (pname != p.pointer) continue;
    if (params) *params = reinterpret_cast<void*>(array_of(ctx, p).pointer);
    return true;
  }
  return false;
}

namespace api {

void VertexPointer(Context& ctx, const char* fn, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, fn, kAttribVertex, size, type, stride, pointer);
}
void NormalPointer(Context& ctx, const char* fn, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, fn, kAttribNormal, 3, type, stride, pointer);
}
void ColorPointer(Context& ctx, const char* fn, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, fn, kAttribColor, size, type, stride, pointer);
}
void SecondaryColorPointer(Context& ctx, const char* fn, GLint size, GLenum type, GLsizei stride,
                           const void* pointer) {
  set_array(ctx, fn, kAttribSecondaryColor, size, type, stride, pointer);
}
void FogCoordPointer(Context& ctx, const char* fn, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, fn, kAttribFogCoord, 1, type, stride, pointer);
}
void TexCoordPointer(Context& ctx, const char* fn, GLint size, GLenum type, GLsizei stride, const void* pointer) {
  set_array(ctx, fn, texcoord_slot(ctx), size, type, stride, pointer);
}

// EXT_vertex_array's forms: `count` (how many elements the application will use) is only a hint
// besides its INVALID_VALUE when negative.
bool ext_count(Context& ctx, const char* fn, GLsizei count) {
  if (count >= 0) return true;
  ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  return false;
}
void VertexPointerEXT(Context& ctx, const char* fn, GLint size, GLenum type, GLsizei stride, GLsizei count,
                      const void* pointer) {
  if (ext_count(ctx, fn, count)) VertexPointer(ctx, fn, size, type, stride, pointer);
}
void NormalPointerEXT(Context& ctx, const char* fn, GLenum type, GLsizei stride, GLsizei count, const void* pointer) {
  if (ext_count(ctx, fn, count)) NormalPointer(ctx, fn, type, stride, pointer);
}
void ColorPointerEXT(Context& ctx, const char* fn, GLint size, GLenum type, GLsizei stride, GLsizei count,
                     const void* pointer) {
  if (ext_count(ctx, fn, count)) ColorPointer(ctx, fn, size, type, stride, pointer);
}
void TexCoordPointerEXT(Context& ctx, const char* fn, GLint size, GLenum type, GLsizei stride, GLsizei count,
                        const void* pointer) {
  if (ext_count(ctx, fn, count)) TexCoordPointer(ctx, fn, size, type, stride, pointer);
}
void IndexPointerEXT(Context& ctx, const char* fn, GLenum type, GLsizei stride, GLsizei count, const void* pointer) {
  if (ext_count(ctx, fn, count)) IndexPointer(ctx, fn, type, stride, pointer);
}
void EdgeFlagPointerEXT(Context& ctx, const char* fn, GLsizei stride, GLsizei count, const GLboolean* pointer) {
  if (ext_count(ctx, fn, count)) EdgeFlagPointer(ctx, fn, stride, pointer);
}

void ClientActiveTexture(Context& ctx, const char* fn, GLenum texture) {
  if (!compatibility_context(ctx, fn)) return;
  if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + kFixedTextureUnits)
    return ctx.error(GL_INVALID_ENUM, "%s(0x%04x): not a texture coordinate set", fn, texture);
  ctx.legacy.client_active_texture = texture - GL_TEXTURE0;
}

void EnableClientState(Context& ctx, const char* fn, GLenum array) { set_client_state(ctx, fn, array, true); }
void DisableClientState(Context& ctx, const char* fn, GLenum array) { set_client_state(ctx, fn, array, false); }

void InterleavedArrays(Context& ctx, const char* fn, GLenum format, GLsizei stride, const void* pointer) {
  if (!compatibility_context(ctx, fn)) return;
  // Table 10.5 (sizes in floats; colour offsets of C4UB formats take 4 bytes, one float's size).
  struct Layout {
    GLenum format;
    int st, sc, sv;
    GLenum tc;
    int pc, pn, pv, s;  // offsets and stride in 4-byte units; -1: absent
  };
  static constexpr Layout kLayouts[] = {
      {GL_V2F, 0, 0, 2, 0, -1, -1, 0, 2},
      {GL_V3F, 0, 0, 3, 0, -1, -1, 0, 3},
      {GL_C4UB_V2F, 0, 4, 2, GL_UNSIGNED_BYTE, 0, -1, 1, 3},
      {GL_C4UB_V3F, 0, 4, 3, GL_UNSIGNED_BYTE, 0, -1, 1, 4},
      {GL_C3F_V3F, 0, 3, 3, GL_FLOAT, 0, -1, 3, 6},
      {GL_N3F_V3F, 0, 0, 3, 0, -1, 0, 3, 6},
      {GL_C4F_N3F_V3F, 0, 4, 3, GL_FLOAT, 0, 4, 7, 10},
      {GL_T2F_V3F, 2, 0, 3, 0, -1, -1, 2, 5},
      {GL_T4F_V4F, 4, 0, 4, 0, -1, -1, 4, 8},
      {GL_T2F_C4UB_V3F, 2, 4, 3, GL_UNSIGNED_BYTE, 2, -1, 3, 6},
      {GL_T2F_C3F_V3F, 2, 3, 3, GL_FLOAT, 2, -1, 5, 8},
      {GL_T2F_N3F_V3F, 2, 0, 3, 0, -1, 2, 5, 8},
      {GL_T2F_C4F_N3F_V3F, 2, 4, 3, GL_FLOAT, 2, 6, 9, 12},
      {GL_T4F_C4F_N3F_V4F, 4, 4, 4, GL_FLOAT, 4, 8, 11, 15},
  };
  const Layout* l = nullptr;
  for (const Layout& candidate : kLayouts)
    if (candidate.format == format) l = &candidate;
  if (!l) return ctx.error(GL_INVALID_ENUM, "%s(format = 0x%04x): not an interleaved format", fn, format);
  if (stride < 0) return ctx.error(GL_INVALID_VALUE, "%s(stride = %d): negative", fn, stride);
  const GLsizei s = stride ? stride : GLsizei(l->s * 4);
  const auto* base = static_cast<const std::uint8_t*>(pointer);
  const auto at = [&](int offset) { return static_cast<const void*>(base + offset * 4); };
  set_client_state(ctx, fn, GL_EDGE_FLAG_ARRAY, false);
  set_client_state(ctx, fn, GL_INDEX_ARRAY, false);
  set_client_state(ctx, fn, GL_SECONDARY_COLOR_ARRAY, false);
  set_client_state(ctx, fn, GL_FOG_COORD_ARRAY, false);
  set_client_state(ctx, fn, GL_TEXTURE_COORD_ARRAY, l->st != 0);
  if (l->st) set_array(ctx, fn, texcoord_slot(ctx), l->st, GL_FLOAT, s, at(0));
  set_client_state(ctx, fn, GL_COLOR_ARRAY, l->sc != 0);
  if (l->sc) set_array(ctx, fn, kAttribColor, l->sc, l->tc, s, at(l->pc));
  set_client_state(ctx, fn, GL_NORMAL_ARRAY, l->pn >= 0);
  if (l->pn >= 0) set_array(ctx, fn, kAttribNormal, 3, GL_FLOAT, s, at(l->pn));
  set_client_state(ctx, fn, GL_VERTEX_ARRAY, true);
  set_array(ctx, fn, kAttribVertex, l->sv, GL_FLOAT, s, at(l->pv));
}

}  // namespace api
}  // namespace glvk::gl
