// glArrayElement (GL 4.6 compatibility 10.8): element i of every enabled array becomes the current
// value of its attribute, and then element i of the vertex array (generic attribute 0 first, else
// the legacy vertex array) is a glVertex. Values are converted as a draw would read them
// (st::convert_vertices). In a display list the values are read at compile time (21.4.1).
#include <cstring>
#include <memory>
#include <optional>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "glvk/st/context.h"
#include "glvk/st/vertex_convert.h"
#include "legacy_internal.h"
#include "vertex_array_state.h"

namespace glvk::gl {

namespace {

using Words = std::array<std::uint32_t, 4>;

// What one glArrayElement sets: legacy current values by LegacyAttrib (the vertex excluded),
// generic current values, and the vertex if an array gives one.
struct ElementValues {
  std::array<std::optional<Vec4>, kLegacyAttribCount> legacy;
  std::array<std::optional<CurrentAttrib>, kMaxVertexAttribs> generic;
  std::optional<Vec4> vertex;
};

// Element `i` of an array as four words: floats (or integers for integer inputs). Bytes beyond a
// buffer's end read as zero; an array without data (no pointer, an empty buffer) reads nothing.
std::optional<Words> read_element(Context& ctx, const std::shared_ptr<BufferObject>& buffer, std::uint64_t pointer,
                                  std::uint64_t stride, const st::VertexAttribInput& format,
                                  st::ShaderInputType input, GLint i) {
  const std::uint32_t bytes = st::attribute_element_bytes(format);
  const std::uint64_t address = pointer + stride * std::uint64_t(i);
  std::array<std::byte, 32> element{};  // a dvec4 at most
  if (buffer && !buffer->resource) {
    return std::nullopt;  // an empty buffer: no data, as for a draw
  } else if (buffer) {
    if (address + bytes <= std::uint64_t(buffer->size)) ctx.st().buffer_read(*buffer->resource, address, bytes, element.data());
  } else if (pointer) {
    std::memcpy(element.data(), reinterpret_cast<const void*>(std::uintptr_t(address)), bytes);
  } else {
    return std::nullopt;
  }
  Words w{};
  st::convert_vertices(format, input, element.data(), 1, bytes, reinterpret_cast<std::byte*>(w.data()));
  return w;
}

Vec4 floats(const Words& w) {
  Vec4 v;
  std::memcpy(v.data(), w.data(), sizeof v);
  return v;
}

ElementValues read_values(Context& ctx, GLint i) {
  ElementValues values;
  const VertexArrayObject& vao = *ctx.current_vertex_array();
  for (unsigned slot = 0; slot < kLegacyAttribCount; ++slot) {
    const LegacyArray& a = vao.legacy_arrays[slot];
    if (!a.enabled) continue;
    st::VertexAttribInput format;
    format.type = a.type;
    format.size = a.size;
    format.normalized = legacy_array_normalized(slot, a.type);
    const std::uint64_t stride = a.stride ? std::uint64_t(a.stride) : vertex_element_size(a.size, a.type);
    const auto w = read_element(ctx, a.buffer, std::uint64_t(a.pointer), stride, format, st::ShaderInputType::Float, i);
    if (!w) continue;
    if (slot == kAttribVertex) values.vertex = floats(*w);
    else values.legacy[slot] = floats(*w);
  }
  for (GLuint index = 0; index < kMaxVertexAttribs; ++index) {
    const VertexAttribState& a = vao.attribs[index];
    if (!a.enabled || a.kind == GL_DOUBLE) continue;  // 64-bit values have no 32-bit current value here
    const VertexBindingState& b = vao.bindings[a.binding];
    st::VertexAttribInput format;
    format.type = a.type;
    format.size = a.size;
    format.normalized = a.normalized;
    format.kind = a.kind;
    const bool is_unsigned = a.type == GL_UNSIGNED_BYTE || a.type == GL_UNSIGNED_SHORT || a.type == GL_UNSIGNED_INT;
    const st::ShaderInputType input = a.kind != GL_INT ? st::ShaderInputType::Float
                                      : is_unsigned    ? st::ShaderInputType::Uint
                                                       : st::ShaderInputType::Int;
    const auto w = read_element(ctx, b.buffer, std::uint64_t(b.offset) + a.relative_offset,
                                std::uint64_t(b.stride), format, input, i);
    if (!w) continue;
    if (index == 0) values.vertex = floats(*w);  // generic attribute 0 is the vertex and wins
    else values.generic[index] = CurrentAttrib{{(*w)[0], (*w)[1], (*w)[2], (*w)[3], 0, 0, 0, 0},
                                               GLenum(a.kind != GL_INT ? GL_FLOAT : is_unsigned ? GL_UNSIGNED_INT : GL_INT)};
  }
  return values;
}

void apply(Context& ctx, const ElementValues& values) {
  CurrentValues& c = ctx.legacy.current;
  for (unsigned slot = 0; slot < kLegacyAttribCount; ++slot) {
    if (!values.legacy[slot]) continue;
    const Vec4& v = *values.legacy[slot];
    switch (slot) {
      case kAttribNormal: c.normal = {v[0], v[1], v[2]}; break;
      case kAttribColor: c.color = v; track_color_material(ctx); break;
      case kAttribSecondaryColor: c.secondary_color = v; break;
      case kAttribFogCoord: c.fog_coord = v[0]; break;
      default: c.texcoords[slot - kAttribTexCoord0] = v; break;
    }
  }
  for (GLuint index = 1; index < kMaxVertexAttribs; ++index)
    if (values.generic[index]) ctx.current_attribs[index] = *values.generic[index];
  if (values.vertex) emit_vertex(ctx, *values.vertex);
}

}  // namespace

std::vector<ImmediateVertex> array_vertices(Context& ctx, std::span<const GLint> elements) {
  LegacyState& l = ctx.legacy;
  // What issuing the elements changes, put back afterwards.
  const CurrentValues current = l.current;
  const auto materials = l.materials;
  const auto generics = ctx.current_attribs;
  const GLenum begin_mode = l.begin_mode;
  const std::uint32_t generic_mask = l.immediate_generic_mask;
  std::vector<ImmediateVertex> saved;
  saved.swap(l.vertices);
  l.begin_mode = GL_POINTS;
  l.immediate_generic_mask = 0;
  if (ctx.current_vertex_array())
    for (GLint i : elements) apply(ctx, read_values(ctx, i));
  std::vector<ImmediateVertex> out;
  out.swap(l.vertices);
  l.vertices.swap(saved);
  l.current = current;
  l.materials = materials;
  ctx.current_attribs = generics;
  l.begin_mode = begin_mode;
  l.immediate_generic_mask = generic_mask;
  return out;
}

namespace api {

void ArrayElement(Context& ctx, const char* fn, GLint i) {
  if (!compatibility_context(ctx, fn)) return;
  if (i < 0) return ctx.error(GL_INVALID_VALUE, "%s(i = %d): negative", fn, i);
  if (!ctx.current_vertex_array()) return;
  auto values = std::make_shared<const ElementValues>(read_values(ctx, i));
  if (ctx.legacy.compiling()) {
    record_list_command(ctx, [values](Context& c) { apply(c, *values); });
    if (ctx.legacy.list_mode == GL_COMPILE) return;
  }
  apply(ctx, *values);
}

}  // namespace api
}  // namespace glvk::gl
