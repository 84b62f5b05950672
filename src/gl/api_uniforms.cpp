// Uniform values (GL 4.6 7.6.1 and 7.13): glUniform*/glProgramUniform* validation and storage in
// the default uniform block's bytes (the layout the compiler reflected), sampler units, and the
// glGetUniform* queries.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "api_common.h"
#include "glvk/gl/texture_object.h"
#include "program_lookup.h"
#include "uniform_storage.h"

namespace glvk::gl {

namespace {

enum class Kind { Float, Int, Uint, Double, Bool, Sampler };

struct TypeInfo {
  Kind kind;
  int rows;     // components per column
  int columns;  // 1 for scalars and vectors
};

TypeInfo type_info(std::uint32_t t) {
  switch (t) {
    case GL_FLOAT: return {Kind::Float, 1, 1};
    case GL_FLOAT_VEC2: return {Kind::Float, 2, 1};
    case GL_FLOAT_VEC3: return {Kind::Float, 3, 1};
    case GL_FLOAT_VEC4: return {Kind::Float, 4, 1};
    case GL_INT: return {Kind::Int, 1, 1};
    case GL_INT_VEC2: return {Kind::Int, 2, 1};
    case GL_INT_VEC3: return {Kind::Int, 3, 1};
    case GL_INT_VEC4: return {Kind::Int, 4, 1};
    case GL_UNSIGNED_INT: return {Kind::Uint, 1, 1};
    case GL_UNSIGNED_INT_VEC2: return {Kind::Uint, 2, 1};
    case GL_UNSIGNED_INT_VEC3: return {Kind::Uint, 3, 1};
    case GL_UNSIGNED_INT_VEC4: return {Kind::Uint, 4, 1};
    case GL_DOUBLE: return {Kind::Double, 1, 1};
    case GL_DOUBLE_VEC2: return {Kind::Double, 2, 1};
    case GL_DOUBLE_VEC3: return {Kind::Double, 3, 1};
    case GL_DOUBLE_VEC4: return {Kind::Double, 4, 1};
    case GL_BOOL: return {Kind::Bool, 1, 1};
    case GL_BOOL_VEC2: return {Kind::Bool, 2, 1};
    case GL_BOOL_VEC3: return {Kind::Bool, 3, 1};
    case GL_BOOL_VEC4: return {Kind::Bool, 4, 1};
    case GL_FLOAT_MAT2: return {Kind::Float, 2, 2};
    case GL_FLOAT_MAT3: return {Kind::Float, 3, 3};
    case GL_FLOAT_MAT4: return {Kind::Float, 4, 4};
    case GL_FLOAT_MAT2x3: return {Kind::Float, 3, 2};
    case GL_FLOAT_MAT2x4: return {Kind::Float, 4, 2};
    case GL_FLOAT_MAT3x2: return {Kind::Float, 2, 3};
    case GL_FLOAT_MAT3x4: return {Kind::Float, 4, 3};
    case GL_FLOAT_MAT4x2: return {Kind::Float, 2, 4};
    case GL_FLOAT_MAT4x3: return {Kind::Float, 3, 4};
    case GL_DOUBLE_MAT2: return {Kind::Double, 2, 2};
    case GL_DOUBLE_MAT3: return {Kind::Double, 3, 3};
    case GL_DOUBLE_MAT4: return {Kind::Double, 4, 4};
    case GL_DOUBLE_MAT2x3: return {Kind::Double, 3, 2};
    case GL_DOUBLE_MAT2x4: return {Kind::Double, 4, 2};
    case GL_DOUBLE_MAT3x2: return {Kind::Double, 2, 3};
    case GL_DOUBLE_MAT3x4: return {Kind::Double, 4, 3};
    case GL_DOUBLE_MAT4x2: return {Kind::Double, 2, 4};
    case GL_DOUBLE_MAT4x3: return {Kind::Double, 3, 4};
    default: return {Kind::Sampler, 1, 1};  // samplers and images: one unit each
  }
}

// GL 4.6 7.6.1: which commands may set which uniform types.
bool command_matches(UniformBase base, Kind kind) {
  switch (base) {
    case UniformBase::Float: return kind == Kind::Float || kind == Kind::Bool;
    case UniformBase::Int: return kind == Kind::Int || kind == Kind::Bool || kind == Kind::Sampler;
    case UniformBase::Uint: return kind == Kind::Uint || kind == Kind::Bool;
    case UniformBase::Double: return kind == Kind::Double;
  }
  return false;
}

std::size_t base_size(UniformBase base) { return base == UniformBase::Double ? 8 : 4; }

// Where an opaque uniform's units are: the program's sampler units, or its image units (image
// uniforms), from `first` (the flat index of its element 0 among those of its kind; ~0: none).
struct OpaqueUnits {
  std::vector<GLint>* units = nullptr;
  std::size_t first = ~std::size_t(0);
  GLint limit = 0;
  const char* limit_name = "";
};

OpaqueUnits opaque_units(ProgramObject& p, const glsl::Program& r, std::uint32_t uniform) {
  std::size_t samplers = 0, images = 0;
  // The members of a uniform struct array share a binding, each from its binding_element.
  const glsl::Uniform& u = r.uniforms[uniform];
  for (const glsl::Resource& res : r.resources) {
    const bool image = res.kind == glsl::ResourceKind::StorageImage;
    if (!glsl::is_sampler(res.kind) && !image) continue;
    if (res.uniform == std::int32_t(uniform) || (u.binding_element > 0 && std::int32_t(res.binding) == u.binding))
      return image ? OpaqueUnits{&p.image_units, images + u.binding_element, GLint(st::kMaxImageUnits), "MAX_IMAGE_UNITS"}
                   : OpaqueUnits{&p.sampler_units, samplers + u.binding_element, GLint(kMaxTextureUnits),
                                 "MAX_COMBINED_TEXTURE_IMAGE_UNITS"};
    (image ? images : samplers) += res.count;
  }
  // A uniform without a binding of its own (no stage reads it): its kind's limit still applies.
  const std::uint32_t type = r.uniforms[uniform].gl_type;
  const bool image = type >= GL_IMAGE_1D && type <= GL_UNSIGNED_INT_IMAGE_2D_MULTISAMPLE_ARRAY;
  return image ? OpaqueUnits{nullptr, ~std::size_t(0), GLint(st::kMaxImageUnits), "MAX_IMAGE_UNITS"}
               : OpaqueUnits{nullptr, ~std::size_t(0), GLint(kMaxTextureUnits), "MAX_COMBINED_TEXTURE_IMAGE_UNITS"};
}

// Reads component i of the command's values as the uniform's storage type.
void store_component(std::byte* dst, Kind kind, UniformBase base, const std::byte* src) {
  double d = 0;
  std::int64_t i = 0;
  switch (base) {
    case UniformBase::Float: { float f; std::memcpy(&f, src, 4); d = f; i = std::int64_t(f != 0.0f); break; }
    case UniformBase::Int: { std::int32_t v; std::memcpy(&v, src, 4); d = v; i = v; break; }
    case UniformBase::Uint: { std::uint32_t v; std::memcpy(&v, src, 4); d = v; i = v; break; }
    case UniformBase::Double: std::memcpy(dst, src, 8); return;
  }
  switch (kind) {
    case Kind::Float: { const float f = float(d); std::memcpy(dst, &f, 4); break; }
    case Kind::Bool: { const std::uint32_t b = base == UniformBase::Float ? std::uint32_t(i) : std::uint32_t(i != 0); std::memcpy(dst, &b, 4); break; }
    default: { const std::uint32_t w = std::uint32_t(i); std::memcpy(dst, &w, 4); break; }
  }
}

}  // namespace

int uniform_type_components(std::uint32_t gl_type) {
  const TypeInfo t = type_info(gl_type);
  return t.kind == Kind::Sampler ? 0 : t.rows * t.columns * (t.kind == Kind::Double ? 2 : 1);
}

std::vector<UniformSpan> uniform_spans(const glsl::Uniform& u) {
  std::vector<UniformSpan> spans;
  const TypeInfo info = type_info(u.gl_type);
  if (info.kind == Kind::Sampler || u.block_index >= 0) return spans;
  const std::uint32_t stored = info.kind == Kind::Double ? 8 : 4;
  for (std::uint32_t e = 0; e < u.array_size; ++e)
    for (int c = 0; c < info.columns; ++c)
      spans.push_back({u.offset + e * u.array_stride + std::uint32_t(c) * u.matrix_stride, std::uint32_t(info.rows) * stored});
  return spans;
}

ProgramObject* uniform_program(Context& ctx, const char* fn) {
  ProgramObject* p = active_uniform_program(ctx);
  if (!p) ctx.error(GL_INVALID_OPERATION, "%s: no program is in use and no pipeline has an active program", fn);
  return p;
}

void set_uniform(Context& ctx, const char* fn, ProgramObject* program, GLint location, GLsizei count, UniformBase base,
                 int rows, int columns, bool transpose, const void* values) {
  ProgramObject* p = program ? program : uniform_program(ctx, fn);
  if (!p) return;
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  const glsl::Program* r = p->reflection();
  if (!r) return ctx.error(GL_INVALID_OPERATION, "%s: the program is not linked", fn);
  if (location == -1) return;  // silently ignored (7.6.1)
  if (location < 0 || std::size_t(location) >= p->locations.size() || p->locations[std::size_t(location)].uniform == ~0u)
    return ctx.error(GL_INVALID_OPERATION, "%s(location = %d): not a uniform location of the program", fn, location);
  const UniformSlot slot = p->locations[std::size_t(location)];
  const glsl::Uniform& u = r->uniforms[slot.uniform];
  const TypeInfo info = type_info(u.gl_type);
  if (info.rows != rows || info.columns != columns || !command_matches(base, info.kind))
    return ctx.error(GL_INVALID_OPERATION, "%s(location = %d): the uniform \"%s\" has another type (0x%04x)", fn,
                     location, u.name.c_str(), u.gl_type);
  if (count > 1 && u.array_size == 1)
    return ctx.error(GL_INVALID_OPERATION, "%s(count = %d): \"%s\" is not an array", fn, count, u.name.c_str());
  const std::uint32_t n = std::min<std::uint32_t>(std::uint32_t(count), u.array_size - slot.element);
  const auto* src = static_cast<const std::byte*>(values);
  if (info.kind == Kind::Sampler) {
    const OpaqueUnits units = opaque_units(*p, *r, slot.uniform);
    for (std::uint32_t e = 0; e < n; ++e) {
      GLint unit;
      std::memcpy(&unit, src + e * 4, 4);
      if (unit < 0 || unit >= units.limit)
        return ctx.error(GL_INVALID_VALUE, "%s: unit %d beyond %s", fn, unit, units.limit_name);
    }
    if (units.units)
      for (std::uint32_t e = 0; e < n; ++e) std::memcpy(&(*units.units)[units.first + slot.element + e], src + e * 4, 4);
    ++p->uniform_serial;
    return;
  }
  const std::size_t component = base_size(base);
  const std::size_t stored = info.kind == Kind::Double ? 8 : 4;
  for (std::uint32_t e = 0; e < n; ++e) {
    const std::size_t element_offset = u.offset + std::size_t(slot.element + e) * u.array_stride;
    for (int c = 0; c < columns; ++c)
      for (int row = 0; row < rows; ++row) {
        // Column-major input, or row-major with transpose (GL 4.6 7.6.1).
        const int index = transpose ? row * columns + c : c * rows + row;
        const std::size_t at = element_offset + std::size_t(c) * u.matrix_stride + std::size_t(row) * stored;
        if (at + stored > p->default_block.size()) continue;
        store_component(p->default_block.data() + at, info.kind, base,
                        src + (std::size_t(e) * rows * columns + std::size_t(index)) * component);
      }
  }
  ++p->uniform_serial;
}

void set_program_uniform(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei count,
                         UniformBase base, int rows, int columns, bool transpose, const void* values) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  set_uniform(ctx, fn, p.get(), location, count, base, rows, columns, transpose, values);
}

namespace {

// glGetUniform*v and glGetnUniform*v (7.13): every component of the element, converted.
void get_uniform(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei buf_size, UniformBase base,
                 void* out) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r) return ctx.error(GL_INVALID_OPERATION, "%s(%u): the program is not linked", fn, program);
  if (location < 0 || std::size_t(location) >= p->locations.size() || p->locations[std::size_t(location)].uniform == ~0u)
    return ctx.error(GL_INVALID_OPERATION, "%s(location = %d): not a uniform location of the program", fn, location);
  const UniformSlot slot = p->locations[std::size_t(location)];
  const glsl::Uniform& u = r->uniforms[slot.uniform];
  const TypeInfo info = type_info(u.gl_type);
  const int n = info.rows * info.columns;
  if (buf_size >= 0 && std::size_t(buf_size) < std::size_t(n) * base_size(base))
    return ctx.error(GL_INVALID_OPERATION, "%s(bufSize = %d): too small for %d components", fn, buf_size, n);
  if (!out) return;
  auto write = [&](int i, double d, std::int64_t integer) {
    auto* bytes = static_cast<std::byte*>(out) + std::size_t(i) * base_size(base);
    switch (base) {
      case UniformBase::Float: { const float f = float(d); std::memcpy(bytes, &f, 4); break; }
      case UniformBase::Int: { const std::int32_t v = std::int32_t(integer); std::memcpy(bytes, &v, 4); break; }
      case UniformBase::Uint: { const std::uint32_t v = std::uint32_t(integer); std::memcpy(bytes, &v, 4); break; }
      case UniformBase::Double: std::memcpy(bytes, &d, 8); break;
    }
  };
  if (info.kind == Kind::Sampler) {
    const OpaqueUnits units = opaque_units(*p, *r, slot.uniform);
    const GLint unit = units.units ? (*units.units)[units.first + slot.element] : 0;
    return write(0, unit, unit);
  }
  const std::size_t stored = info.kind == Kind::Double ? 8 : 4;
  const std::size_t element_offset = u.offset + std::size_t(slot.element) * u.array_stride;
  for (int c = 0; c < info.columns; ++c)
    for (int row = 0; row < info.rows; ++row) {
      const std::size_t at = element_offset + std::size_t(c) * u.matrix_stride + std::size_t(row) * stored;
      const std::byte* src = p->default_block.data() + at;
      double d = 0;
      std::int64_t integer = 0;
      switch (info.kind) {
        case Kind::Float: { float f; std::memcpy(&f, src, 4); d = f; integer = std::int64_t(std::lround(f)); break; }
        case Kind::Double: { std::memcpy(&d, src, 8); integer = std::int64_t(std::llround(d)); break; }
        case Kind::Int: { std::int32_t v; std::memcpy(&v, src, 4); d = v; integer = v; break; }
        default: { std::uint32_t v; std::memcpy(&v, src, 4); d = v; integer = v; break; }
      }
      write(c * info.rows + row, d, integer);
    }
}

}  // namespace

namespace api {

void GetUniformfv(Context& ctx, const char* fn, GLuint program, GLint location, GLfloat* params) {
  get_uniform(ctx, fn, program, location, -1, UniformBase::Float, params);
}
void GetUniformiv(Context& ctx, const char* fn, GLuint program, GLint location, GLint* params) {
  get_uniform(ctx, fn, program, location, -1, UniformBase::Int, params);
}
void GetUniformuiv(Context& ctx, const char* fn, GLuint program, GLint location, GLuint* params) {
  get_uniform(ctx, fn, program, location, -1, UniformBase::Uint, params);
}
void GetUniformdv(Context& ctx, const char* fn, GLuint program, GLint location, GLdouble* params) {
  get_uniform(ctx, fn, program, location, -1, UniformBase::Double, params);
}
void GetnUniformfv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei buf_size, GLfloat* params) {
  get_uniform(ctx, fn, program, location, buf_size, UniformBase::Float, params);
}
void GetnUniformiv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei buf_size, GLint* params) {
  get_uniform(ctx, fn, program, location, buf_size, UniformBase::Int, params);
}
void GetnUniformuiv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei buf_size, GLuint* params) {
  get_uniform(ctx, fn, program, location, buf_size, UniformBase::Uint, params);
}
void GetnUniformdv(Context& ctx, const char* fn, GLuint program, GLint location, GLsizei buf_size, GLdouble* params) {
  get_uniform(ctx, fn, program, location, buf_size, UniformBase::Double, params);
}

}  // namespace api
}  // namespace glvk::gl
