// Vertex arrays (GL 4.6 chapter 10): vertex array objects, attribute formats and bindings
// (glVertexAttrib*Pointer and ARB_vertex_attrib_binding, DSA forms), enables, divisors, the element
// array buffer of a VAO, current attribute values and the attribute queries.
#include <cstring>

#include "api_common.h"
#include "state_query.h"
#include "vertex_array_state.h"
#include "legacy_internal.h"

namespace glvk::gl {

namespace {

using VaoRef = std::shared_ptr<VertexArrayObject>;

constexpr std::size_t kArrayTarget = 0;
static_assert(kBufferTargets[kArrayTarget] == GL_ARRAY_BUFFER);

// The VAO attribute commands act on: the bound one, else the default one of a compatibility
// context; a core context without one raises INVALID_OPERATION (10.4).
VertexArrayObject* current_vao(Context& ctx, const char* fn) {
  VertexArrayObject* vao = ctx.current_vertex_array();
  if (!vao) ctx.error(GL_INVALID_OPERATION, "%s: no vertex array object is bound", fn);
  return vao;
}

// The named VAO of a DSA command (INVALID_OPERATION for names that are not VAOs, 10.3.1).
VertexArrayObject* named_vao(Context& ctx, GLuint name, const char* fn) {
  auto found = ctx.vertex_arrays.find(name);
  if (name == 0 || found == ctx.vertex_arrays.end() || !found->second || !found->second->bound_once) {
    ctx.error(GL_INVALID_OPERATION, "%s(vaobj = %u): not a vertex array object", fn, name);
    return nullptr;
  }
  return found->second.get();
}

bool is_float_type(GLenum type) {
  switch (type) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_INT: case GL_UNSIGNED_INT:
    case GL_HALF_FLOAT: case GL_FLOAT: case GL_DOUBLE: case GL_FIXED: case GL_INT_2_10_10_10_REV:
    case GL_UNSIGNED_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_10F_11F_11F_REV:
      return true;
    default: return false;
  }
}

bool is_integer_type(GLenum type) {
  return type == GL_BYTE || type == GL_UNSIGNED_BYTE || type == GL_SHORT || type == GL_UNSIGNED_SHORT ||
         type == GL_INT || type == GL_UNSIGNED_INT;
}

// The errors of glVertexAttrib*Pointer / glVertexAttrib*Format for a size and type (10.3.1).
bool check_format(Context& ctx, const char* fn, GLenum kind, GLint size, GLenum type, bool normalized) {
  const bool type_ok = kind == GL_INT ? is_integer_type(type) : kind == GL_DOUBLE ? type == GL_DOUBLE : is_float_type(type);
  if (!type_ok) {
    ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a type this command takes", fn, type);
    return false;
  }
  const bool bgra = size == GL_BGRA && kind == GL_FLOAT;
  if (!bgra && (size < 1 || size > 4)) {
    ctx.error(GL_INVALID_VALUE, "%s(size = %d): must be 1, 2, 3 or 4%s", fn, size, kind == GL_FLOAT ? " or GL_BGRA" : "");
    return false;
  }
  const bool packed = type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV;
  if (bgra && type != GL_UNSIGNED_BYTE && !packed) {
    ctx.error(GL_INVALID_OPERATION, "%s: size GL_BGRA needs UNSIGNED_BYTE or a 2_10_10_10 type", fn);
    return false;
  }
  if (bgra && !normalized) {
    ctx.error(GL_INVALID_OPERATION, "%s: size GL_BGRA needs normalized = TRUE", fn);
    return false;
  }
  if (packed && size != 4 && !bgra) {
    ctx.error(GL_INVALID_OPERATION, "%s: 2_10_10_10 types need size 4 or GL_BGRA", fn);
    return false;
  }
  if (type == GL_UNSIGNED_INT_10F_11F_11F_REV && size != 3) {
    ctx.error(GL_INVALID_OPERATION, "%s: UNSIGNED_INT_10F_11F_11F_REV needs size 3", fn);
    return false;
  }
  return true;
}

std::uint32_t element_size(const VertexAttribState& a) { return vertex_element_size(a.size, a.type); }

void vertex_attrib_pointer(Context& ctx, const char* fn, GLenum kind, GLuint index, GLint size, GLenum type,
                           bool normalized, GLsizei stride, const void* pointer) {
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  if (!check_format(ctx, fn, kind, size, type, normalized)) return;
  if (stride < 0 || stride > kMaxVertexAttribStride)
    return ctx.error(GL_INVALID_VALUE, "%s(stride = %d): negative or beyond MAX_VERTEX_ATTRIB_STRIDE", fn, stride);
  VertexArrayObject* vao = current_vao(ctx, fn);
  if (!vao) return;
  const std::shared_ptr<BufferObject>& buffer = ctx.bound_buffers[kArrayTarget];
  // Client arrays exist only in the default VAO of a compatibility context (10.3.1).
  if (!buffer && pointer && vao != ctx.default_vertex_array.get())
    return ctx.error(GL_INVALID_OPERATION, "%s: no ARRAY_BUFFER is bound and a vertex array object is", fn);
  VertexAttribState& a = vao->attribs[index];
  a.size = size;
  a.type = type;
  a.normalized = kind == GL_FLOAT && (normalized || size == GL_BGRA);
  a.kind = kind;
  a.relative_offset = 0;
  a.binding = index;
  VertexBindingState& b = vao->bindings[index];
  b.buffer = buffer;
  b.offset = GLintptr(pointer);
  b.stride = stride ? stride : GLsizei(element_size(a));
  vao->given_stride[index] = stride;
}

void vertex_attrib_format(Context& ctx, VertexArrayObject* vao, const char* fn, GLenum kind, GLuint index, GLint size,
                          GLenum type, bool normalized, GLuint relative_offset) {
  if (!vao) return;
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(attribindex = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  if (!check_format(ctx, fn, kind, size, type, normalized)) return;
  if (relative_offset > GLuint(kMaxVertexAttribRelativeOffset))
    return ctx.error(GL_INVALID_VALUE, "%s(relativeoffset = %u): beyond MAX_VERTEX_ATTRIB_RELATIVE_OFFSET", fn,
                     relative_offset);
  VertexAttribState& a = vao->attribs[index];
  a.size = size;
  a.type = type;
  a.normalized = kind == GL_FLOAT && (normalized || size == GL_BGRA);
  a.kind = kind;
  a.relative_offset = relative_offset;
}

void bind_vertex_buffer(Context& ctx, VertexArrayObject* vao, const char* fn, GLuint binding, GLuint buffer,
                        GLintptr offset, GLsizei stride) {
  if (!vao) return;
  if (binding >= kMaxVertexAttribBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(bindingindex = %u): beyond MAX_VERTEX_ATTRIB_BINDINGS", fn, binding);
  if (offset < 0) return ctx.error(GL_INVALID_VALUE, "%s(offset = %ld): negative", fn, long(offset));
  if (stride < 0 || stride > kMaxVertexAttribStride)
    return ctx.error(GL_INVALID_VALUE, "%s(stride = %d): negative or beyond MAX_VERTEX_ATTRIB_STRIDE", fn, stride);
  std::shared_ptr<BufferObject> object;
  if (buffer) {
    object = ctx.share_group().find_buffer(buffer);
    if (!object) return ctx.error(GL_INVALID_OPERATION, "%s(buffer = %u): not a buffer object", fn, buffer);
  }
  VertexBindingState& b = vao->bindings[binding];
  b.buffer = std::move(object);
  b.offset = offset;
  b.stride = stride;
}

void enable_attrib(Context& ctx, VertexArrayObject* vao, const char* fn, GLuint index, bool enable) {
  if (!vao) return;
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  vao->attribs[index].enabled = enable;
}

}  // namespace

bool check_values(Context& ctx, const char* fn, const void* values) {
  if (!values) ctx.error(GL_INVALID_VALUE, "%s: values is null", fn);
  return values != nullptr;
}

std::uint32_t vertex_element_size(GLint size, GLenum type) {
  if (type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_10F_11F_11F_REV)
    return 4;
  const std::uint32_t n = size == GL_BGRA ? 4 : std::uint32_t(size);
  switch (type) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: return n;
    case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT: return 2 * n;
    case GL_DOUBLE: return 8 * n;
    default: return 4 * n;
  }
}

void set_current_float(Context& ctx, const char* fn, GLuint index, std::initializer_list<double> values, int count) {
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  float v[4] = {0, 0, 0, 1};
  int i = 0;
  for (double d : values)
    if (i < count) v[i++] = float(d);
  // Between glBegin and glEnd attribute 0 is the vertex (GL 4.6 compatibility 10.2.2).
  if (index == 0 && ctx.legacy.inside_begin_end()) return emit_vertex(ctx, {v[0], v[1], v[2], v[3]});
  note_immediate_generic(ctx, index);
  CurrentAttrib& c = ctx.current_attribs[index];
  std::memcpy(c.bits.data(), v, 16);
  c.kind = GL_FLOAT;
}

void set_current_integer(Context& ctx, const char* fn, GLuint index, std::initializer_list<std::uint32_t> values,
                         int count, GLenum kind) {
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  std::array<std::uint32_t, 4> v{0, 0, 0, 1};
  int i = 0;
  for (std::uint32_t w : values)
    if (i < count) v[std::size_t(i++)] = w;
  note_immediate_generic(ctx, index);
  CurrentAttrib& c = ctx.current_attribs[index];
  c.bits = {v[0], v[1], v[2], v[3], 0, 0, 0, 0};
  c.kind = kind;
}

// glVertexAttribL* (GL 4.6 10.2.1): doubles kept as doubles; missing components are 0, 0, 1.
void set_current_double(Context& ctx, const char* fn, GLuint index, std::initializer_list<double> values, int count) {
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  double v[4] = {0, 0, 0, 1};
  int i = 0;
  for (double d : values)
    if (i < count) v[i++] = d;
  note_immediate_generic(ctx, index);
  CurrentAttrib& c = ctx.current_attribs[index];
  std::memcpy(c.bits.data(), v, sizeof v);
  c.kind = GL_DOUBLE;
}

// glGet*i_v of the vertex buffer bindings (GL 4.6 table 23.5) of the bound VAO; a core context
// without one answers the initial values, as the default VAO would.
bool query_vertex_array_indexed(Context& ctx, GLenum pname, GLuint index, StateValue& value, bool& raised,
                                const char* fn) {
  if (pname != GL_VERTEX_BINDING_OFFSET && pname != GL_VERTEX_BINDING_STRIDE && pname != GL_VERTEX_BINDING_DIVISOR &&
      pname != GL_VERTEX_BINDING_BUFFER)
    return false;
  if (index >= kMaxVertexAttribBindings) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIB_BINDINGS", fn, index);
    raised = true;
    return true;
  }
  const VertexArrayObject* vao = ctx.current_vertex_array();
  const VertexBindingState binding = vao ? vao->bindings[index] : VertexBindingState{};
  switch (pname) {
    case GL_VERTEX_BINDING_OFFSET: value.set_integers({binding.offset}); break;
    case GL_VERTEX_BINDING_STRIDE: value.set_integers({binding.stride}); break;
    case GL_VERTEX_BINDING_DIVISOR: value.set_integers({binding.divisor}); break;
    default: value.set_integers({binding.buffer ? GLint64(binding.buffer->name) : 0}); break;
  }
  return true;
}

namespace api {

void GenVertexArrays(Context& ctx, const char* fn, GLsizei n, GLuint* arrays) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && arrays; ++i) {
    while (ctx.vertex_arrays.count(ctx.next_vertex_array_name) || ctx.next_vertex_array_name == 0)
      ++ctx.next_vertex_array_name;
    const GLuint name = ctx.next_vertex_array_name++;
    ctx.vertex_arrays[name] = std::make_shared<VertexArrayObject>(name);
    arrays[i] = name;
  }
}

void CreateVertexArrays(Context& ctx, const char* fn, GLsizei n, GLuint* arrays) {
  GenVertexArrays(ctx, fn, n, arrays);
  for (GLsizei i = 0; i < n && arrays; ++i) ctx.vertex_arrays[arrays[i]]->bound_once = true;
}

void BindVertexArray(Context& ctx, const char* fn, GLuint array) {
  VaoRef next;
  if (array) {
    auto found = ctx.vertex_arrays.find(array);
    if (found == ctx.vertex_arrays.end())
      return ctx.error(GL_INVALID_OPERATION, "%s(%u): not a name from glGenVertexArrays", fn, array);
    next = found->second;
    next->bound_once = true;
  }
  // The element array binding is VAO state: kept in the context's binding table for the bound VAO.
  if (VertexArrayObject* old = ctx.current_vertex_array()) old->element_buffer = ctx.bound_buffers[kElementArrayTarget];
  ctx.bound_vertex_array = std::move(next);
  VertexArrayObject* now = ctx.current_vertex_array();
  ctx.bound_buffers[kElementArrayTarget] = now ? now->element_buffer : nullptr;
}

void DeleteVertexArrays(Context& ctx, const char* fn, GLsizei n, const GLuint* arrays) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && arrays; ++i) {
    auto found = ctx.vertex_arrays.find(arrays[i]);
    if (arrays[i] == 0 || found == ctx.vertex_arrays.end()) continue;
    if (ctx.bound_vertex_array == found->second) BindVertexArray(ctx, fn, 0);
    ctx.vertex_arrays.erase(found);
  }
}

GLboolean IsVertexArray(Context& ctx, const char*, GLuint array) {
  auto found = ctx.vertex_arrays.find(array);
  return array && found != ctx.vertex_arrays.end() && found->second->bound_once ? GL_TRUE : GL_FALSE;
}

void VertexAttribPointer(Context& ctx, const char* fn, GLuint index, GLint size, GLenum type, GLboolean normalized,
                         GLsizei stride, const void* pointer) {
  vertex_attrib_pointer(ctx, fn, GL_FLOAT, index, size, type, normalized, stride, pointer);
}
void VertexAttribIPointer(Context& ctx, const char* fn, GLuint index, GLint size, GLenum type, GLsizei stride,
                          const void* pointer) {
  vertex_attrib_pointer(ctx, fn, GL_INT, index, size, type, false, stride, pointer);
}
void VertexAttribLPointer(Context& ctx, const char* fn, GLuint index, GLint size, GLenum type, GLsizei stride,
                          const void* pointer) {
  vertex_attrib_pointer(ctx, fn, GL_DOUBLE, index, size, type, false, stride, pointer);
}

void EnableVertexAttribArray(Context& ctx, const char* fn, GLuint index) {
  enable_attrib(ctx, current_vao(ctx, fn), fn, index, true);
}
void DisableVertexAttribArray(Context& ctx, const char* fn, GLuint index) {
  enable_attrib(ctx, current_vao(ctx, fn), fn, index, false);
}
void EnableVertexArrayAttrib(Context& ctx, const char* fn, GLuint vaobj, GLuint index) {
  enable_attrib(ctx, named_vao(ctx, vaobj, fn), fn, index, true);
}
void DisableVertexArrayAttrib(Context& ctx, const char* fn, GLuint vaobj, GLuint index) {
  enable_attrib(ctx, named_vao(ctx, vaobj, fn), fn, index, false);
}

void VertexAttribDivisor(Context& ctx, const char* fn, GLuint index, GLuint divisor) {
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  VertexArrayObject* vao = current_vao(ctx, fn);
  if (!vao) return;
  // As glVertexAttribBinding(index, index) and glVertexBindingDivisor(index, divisor) (10.3.2).
  vao->attribs[index].binding = index;
  vao->bindings[index].divisor = divisor;
}

void BindVertexBuffer(Context& ctx, const char* fn, GLuint binding, GLuint buffer, GLintptr offset, GLsizei stride) {
  bind_vertex_buffer(ctx, current_vao(ctx, fn), fn, binding, buffer, offset, stride);
}
void VertexArrayVertexBuffer(Context& ctx, const char* fn, GLuint vaobj, GLuint binding, GLuint buffer,
                             GLintptr offset, GLsizei stride) {
  bind_vertex_buffer(ctx, named_vao(ctx, vaobj, fn), fn, binding, buffer, offset, stride);
}

// ARB_multi_bind (GL 4.6 10.3.1): each entry as glBindVertexBuffer, an entry's error leaving the
// others bound; null buffers unbind the range (offset 0, stride 16).
static void bind_vertex_buffers(Context& ctx, VertexArrayObject* vao, const char* fn, GLuint first, GLsizei count,
                                const GLuint* buffers, const GLintptr* offsets, const GLsizei* strides) {
  if (!vao) return;
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (std::uint64_t(first) + std::uint64_t(count) > kMaxVertexAttribBindings)
    return ctx.error(GL_INVALID_OPERATION, "%s(first = %u, count = %d): beyond MAX_VERTEX_ATTRIB_BINDINGS", fn, first,
                     count);
  if (buffers && (!offsets || !strides) && count > 0)
    return ctx.error(GL_INVALID_VALUE, "%s: buffers given without offsets and strides", fn);
  for (GLsizei i = 0; i < count; ++i) {
    if (buffers)
      bind_vertex_buffer(ctx, vao, fn, first + GLuint(i), buffers[i], offsets[i], strides[i]);
    else
      bind_vertex_buffer(ctx, vao, fn, first + GLuint(i), 0, 0, 16);
  }
}

void BindVertexBuffers(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLuint* buffers,
                       const GLintptr* offsets, const GLsizei* strides) {
  bind_vertex_buffers(ctx, current_vao(ctx, fn), fn, first, count, buffers, offsets, strides);
}
void VertexArrayVertexBuffers(Context& ctx, const char* fn, GLuint vaobj, GLuint first, GLsizei count,
                              const GLuint* buffers, const GLintptr* offsets, const GLsizei* strides) {
  bind_vertex_buffers(ctx, named_vao(ctx, vaobj, fn), fn, first, count, buffers, offsets, strides);
}

void VertexAttribFormat(Context& ctx, const char* fn, GLuint index, GLint size, GLenum type, GLboolean normalized,
                        GLuint relative_offset) {
  vertex_attrib_format(ctx, current_vao(ctx, fn), fn, GL_FLOAT, index, size, type, normalized, relative_offset);
}
void VertexAttribIFormat(Context& ctx, const char* fn, GLuint index, GLint size, GLenum type, GLuint relative_offset) {
  vertex_attrib_format(ctx, current_vao(ctx, fn), fn, GL_INT, index, size, type, false, relative_offset);
}
void VertexAttribLFormat(Context& ctx, const char* fn, GLuint index, GLint size, GLenum type, GLuint relative_offset) {
  vertex_attrib_format(ctx, current_vao(ctx, fn), fn, GL_DOUBLE, index, size, type, false, relative_offset);
}
void VertexArrayAttribFormat(Context& ctx, const char* fn, GLuint vaobj, GLuint index, GLint size, GLenum type,
                             GLboolean normalized, GLuint relative_offset) {
  vertex_attrib_format(ctx, named_vao(ctx, vaobj, fn), fn, GL_FLOAT, index, size, type, normalized, relative_offset);
}
void VertexArrayAttribIFormat(Context& ctx, const char* fn, GLuint vaobj, GLuint index, GLint size, GLenum type,
                              GLuint relative_offset) {
  vertex_attrib_format(ctx, named_vao(ctx, vaobj, fn), fn, GL_INT, index, size, type, false, relative_offset);
}
void VertexArrayAttribLFormat(Context& ctx, const char* fn, GLuint vaobj, GLuint index, GLint size, GLenum type,
                              GLuint relative_offset) {
  vertex_attrib_format(ctx, named_vao(ctx, vaobj, fn), fn, GL_DOUBLE, index, size, type, false, relative_offset);
}

void VertexAttribBinding(Context& ctx, const char* fn, GLuint index, GLuint binding) {
  VertexArrayObject* vao = current_vao(ctx, fn);
  if (!vao) return;
  if (index >= kMaxVertexAttribs || binding >= kMaxVertexAttribBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(%u, %u): beyond MAX_VERTEX_ATTRIBS or MAX_VERTEX_ATTRIB_BINDINGS", fn, index,
                     binding);
  vao->attribs[index].binding = binding;
}
void VertexArrayAttribBinding(Context& ctx, const char* fn, GLuint vaobj, GLuint index, GLuint binding) {
  VertexArrayObject* vao = named_vao(ctx, vaobj, fn);
  if (!vao) return;
  if (index >= kMaxVertexAttribs || binding >= kMaxVertexAttribBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(%u, %u): beyond MAX_VERTEX_ATTRIBS or MAX_VERTEX_ATTRIB_BINDINGS", fn, index,
                     binding);
  vao->attribs[index].binding = binding;
}

void VertexBindingDivisor(Context& ctx, const char* fn, GLuint binding, GLuint divisor) {
  VertexArrayObject* vao = current_vao(ctx, fn);
  if (!vao) return;
  if (binding >= kMaxVertexAttribBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(bindingindex = %u): beyond MAX_VERTEX_ATTRIB_BINDINGS", fn, binding);
  vao->bindings[binding].divisor = divisor;
}
void VertexArrayBindingDivisor(Context& ctx, const char* fn, GLuint vaobj, GLuint binding, GLuint divisor) {
  VertexArrayObject* vao = named_vao(ctx, vaobj, fn);
  if (!vao) return;
  if (binding >= kMaxVertexAttribBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(bindingindex = %u): beyond MAX_VERTEX_ATTRIB_BINDINGS", fn, binding);
  vao->bindings[binding].divisor = divisor;
}

void VertexArrayElementBuffer(Context& ctx, const char* fn, GLuint vaobj, GLuint buffer) {
  VertexArrayObject* vao = named_vao(ctx, vaobj, fn);
  if (!vao) return;
  std::shared_ptr<BufferObject> object;
  if (buffer) {
    object = ctx.share_group().find_buffer(buffer);
    if (!object) return ctx.error(GL_INVALID_OPERATION, "%s(buffer = %u): not a buffer object", fn, buffer);
  }
  if (vao == ctx.current_vertex_array()) ctx.bound_buffers[kElementArrayTarget] = object;
  vao->element_buffer = std::move(object);
}

namespace {

// One attribute's state for glGetVertexAttrib*/glGetVertexArrayIndexediv; false for unknown pnames.
bool attrib_state(const Context& ctx, const VertexArrayObject& vao, GLuint index, GLenum pname, GLint64& value) {
  const VertexAttribState& a = vao.attribs[index];
  const VertexBindingState& b = vao.bindings[a.binding];
  switch (pname) {
    case GL_VERTEX_ATTRIB_ARRAY_ENABLED: value = a.enabled; return true;
    case GL_VERTEX_ATTRIB_ARRAY_SIZE: value = a.size; return true;
    case GL_VERTEX_ATTRIB_ARRAY_STRIDE: value = vao.given_stride[index]; return true;
    case GL_VERTEX_ATTRIB_ARRAY_TYPE: value = a.type; return true;
    case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: value = a.normalized; return true;
    case GL_VERTEX_ATTRIB_ARRAY_INTEGER: value = a.kind == GL_INT; return true;
    case GL_VERTEX_ATTRIB_ARRAY_LONG: value = a.kind == GL_DOUBLE; return true;
    case GL_VERTEX_ATTRIB_ARRAY_DIVISOR: value = b.divisor; return true;
    case GL_VERTEX_ATTRIB_BINDING: value = a.binding; return true;
    case GL_VERTEX_ATTRIB_RELATIVE_OFFSET: value = a.relative_offset; return true;
    case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: value = b.buffer ? GLint64(b.buffer->name) : 0; return true;
    default: (void)ctx; return false;
  }
}

void get_vertex_attrib(Context& ctx, const char* fn, GLuint index, GLenum pname, GLint64 out[4], double current[4],
                       bool& is_current) {
  is_current = false;
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  if (pname == GL_CURRENT_VERTEX_ATTRIB) {
    const CurrentAttrib& c = ctx.current_attribs[index];
    for (int i = 0; i < 4; ++i) {
      if (c.kind == GL_FLOAT) {
        float f;
        std::memcpy(&f, &c.bits[std::size_t(i)], 4);
        current[i] = f;
      } else if (c.kind == GL_DOUBLE) {
        std::memcpy(&current[i], &c.bits[std::size_t(2 * i)], 8);
      } else {
        current[i] = c.kind == GL_INT ? double(std::int32_t(c.bits[std::size_t(i)])) : double(c.bits[std::size_t(i)]);
      }
    }
    is_current = true;
    return;
  }
  VertexArrayObject* vao = current_vao(ctx, fn);
  if (!vao) return;
  if (!attrib_state(ctx, *vao, index, pname, out[0]))
    ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a vertex attribute parameter", fn, pname);
}

template <typename T>
void get_vertex_attrib_as(Context& ctx, const char* fn, GLuint index, GLenum pname, T* params) {
  GLint64 value[4] = {};
  double current[4] = {};
  bool is_current = false;
  get_vertex_attrib(ctx, fn, index, pname, value, current, is_current);
  if (!params) return;
  if (is_current) {
    for (int i = 0; i < 4; ++i) params[i] = T(current[i]);
    return;
  }
  params[0] = T(value[0]);
}

}  // namespace

void GetVertexAttribiv(Context& ctx, const char* fn, GLuint index, GLenum pname, GLint* params) {
  get_vertex_attrib_as(ctx, fn, index, pname, params);
}
void GetVertexAttribfv(Context& ctx, const char* fn, GLuint index, GLenum pname, GLfloat* params) {
  get_vertex_attrib_as(ctx, fn, index, pname, params);
}
void GetVertexAttribdv(Context& ctx, const char* fn, GLuint index, GLenum pname, GLdouble* params) {
  get_vertex_attrib_as(ctx, fn, index, pname, params);
}
void GetVertexAttribIiv(Context& ctx, const char* fn, GLuint index, GLenum pname, GLint* params) {
  get_vertex_attrib_as(ctx, fn, index, pname, params);
}
void GetVertexAttribIuiv(Context& ctx, const char* fn, GLuint index, GLenum pname, GLuint* params) {
  get_vertex_attrib_as(ctx, fn, index, pname, params);
}

void GetVertexAttribLdv(Context& ctx, const char* fn, GLuint index, GLenum pname, GLdouble* params) {
  get_vertex_attrib_as(ctx, fn, index, pname, params);
}

void GetVertexAttribPointerv(Context& ctx, const char* fn, GLuint index, GLenum pname, void** pointer) {
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not GL_VERTEX_ATTRIB_ARRAY_POINTER", fn, pname);
  VertexArrayObject* vao = current_vao(ctx, fn);
  if (!vao || !pointer) return;
  *pointer = reinterpret_cast<void*>(vao->bindings[vao->attribs[index].binding].offset);
}

void GetVertexArrayiv(Context& ctx, const char* fn, GLuint vaobj, GLenum pname, GLint* param) {
  VertexArrayObject* vao = named_vao(ctx, vaobj, fn);
  if (!vao) return;
  if (pname != GL_ELEMENT_ARRAY_BUFFER_BINDING)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not GL_ELEMENT_ARRAY_BUFFER_BINDING", fn, pname);
  const auto& buffer = vao == ctx.current_vertex_array() ? ctx.bound_buffers[kElementArrayTarget] : vao->element_buffer;
  if (param) *param = buffer ? GLint(buffer->name) : 0;
}

void GetVertexArrayIndexediv(Context& ctx, const char* fn, GLuint vaobj, GLuint index, GLenum pname, GLint* param) {
  VertexArrayObject* vao = named_vao(ctx, vaobj, fn);
  if (!vao) return;
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  GLint64 value = 0;
  if (!attrib_state(ctx, *vao, index, pname, value))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a vertex attribute parameter", fn, pname);
  if (param) *param = GLint(value);
}

// GL 4.6 10.5: the 64-bit query takes VERTEX_BINDING_OFFSET of a vertex buffer binding only.
void GetVertexArrayIndexed64iv(Context& ctx, const char* fn, GLuint vaobj, GLuint index, GLenum pname,
                               GLint64* param) {
  VertexArrayObject* vao = named_vao(ctx, vaobj, fn);
  if (!vao) return;
  if (pname != GL_VERTEX_BINDING_OFFSET)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not VERTEX_BINDING_OFFSET", fn, pname);
  if (index >= kMaxVertexAttribBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIB_BINDINGS", fn, index);
  if (param) *param = GLint64(vao->bindings[index].offset);
}

}  // namespace api
}  // namespace glvk::gl
