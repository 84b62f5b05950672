// Program interface queries (GL 4.6 section 7.3.1, ARB_program_interface_query): the active
// resources of a linked program by interface, from the same reflection glGetActiveUniform and its
// kin read, so both views name the same resources with the same indices. glvk's programs have no
// subroutines, atomic counters or buffer variables glvk binds: those interfaces are empty.
#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "api_common.h"
#include "program_lookup.h"

namespace glvk::gl {
namespace {

enum class Interface {
  Uniform, UniformBlock, Input, Output, XfbVarying, XfbBuffer, StorageBlock, BufferVariable, AtomicCounterBuffer,
  Subroutine, SubroutineUniform
};

std::optional<Interface> interface_of(GLenum e) {
  switch (e) {
    case GL_UNIFORM: return Interface::Uniform;
    case GL_UNIFORM_BLOCK: return Interface::UniformBlock;
    case GL_PROGRAM_INPUT: return Interface::Input;
    case GL_PROGRAM_OUTPUT: return Interface::Output;
    case GL_TRANSFORM_FEEDBACK_VARYING: return Interface::XfbVarying;
    case GL_TRANSFORM_FEEDBACK_BUFFER: return Interface::XfbBuffer;
    case GL_SHADER_STORAGE_BLOCK: return Interface::StorageBlock;
    case GL_BUFFER_VARIABLE: return Interface::BufferVariable;
    case GL_ATOMIC_COUNTER_BUFFER: return Interface::AtomicCounterBuffer;
    case GL_VERTEX_SUBROUTINE: case GL_TESS_CONTROL_SUBROUTINE: case GL_TESS_EVALUATION_SUBROUTINE:
    case GL_GEOMETRY_SUBROUTINE: case GL_FRAGMENT_SUBROUTINE: case GL_COMPUTE_SUBROUTINE:
      return Interface::Subroutine;
    case GL_VERTEX_SUBROUTINE_UNIFORM: case GL_TESS_CONTROL_SUBROUTINE_UNIFORM:
    case GL_TESS_EVALUATION_SUBROUTINE_UNIFORM: case GL_GEOMETRY_SUBROUTINE_UNIFORM:
    case GL_FRAGMENT_SUBROUTINE_UNIFORM: case GL_COMPUTE_SUBROUTINE_UNIFORM:
      return Interface::SubroutineUniform;
    default: return std::nullopt;
  }
}

// The stage of a subroutine interface (GL_VERTEX_SUBROUTINE, ..._UNIFORM).
glsl::Stage subroutine_interface_stage(GLenum e) {
  switch (e) {
    case GL_TESS_CONTROL_SUBROUTINE: case GL_TESS_CONTROL_SUBROUTINE_UNIFORM: return glsl::Stage::TessControl;
    case GL_TESS_EVALUATION_SUBROUTINE: case GL_TESS_EVALUATION_SUBROUTINE_UNIFORM: return glsl::Stage::TessEvaluation;
    case GL_GEOMETRY_SUBROUTINE: case GL_GEOMETRY_SUBROUTINE_UNIFORM: return glsl::Stage::Geometry;
    case GL_FRAGMENT_SUBROUTINE: case GL_FRAGMENT_SUBROUTINE_UNIFORM: return glsl::Stage::Fragment;
    case GL_COMPUTE_SUBROUTINE: case GL_COMPUTE_SUBROUTINE_UNIFORM: return glsl::Stage::Compute;
    default: return glsl::Stage::Vertex;
  }
}

// The shader type glGetSubroutineUniformLocation takes for a subroutine uniform interface.
GLenum subroutine_stage_enum(GLenum e) {
  constexpr GLenum kShaders[] = {GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER, GL_TESS_EVALUATION_SHADER,
                                 GL_GEOMETRY_SHADER, GL_FRAGMENT_SHADER, GL_COMPUTE_SHADER};
  return kShaders[std::size_t(subroutine_interface_stage(e))];
}

bool has_names(Interface i) { return i != Interface::XfbBuffer && i != Interface::AtomicCounterBuffer; }

// One interface's resources in a program: indices into the reflection's lists (or, for
// transform feedback buffers, the buffer numbers in use).
struct Resources {
  const ProgramObject* program = nullptr;
  const glsl::Program* r = nullptr;  // null: not linked, no resources
  Interface interface = Interface::Uniform;
  std::vector<std::uint32_t> items;
  // The subroutine interfaces' stage (none when the program has no executable for it).
  const glsl::StageSubroutines* subroutines = nullptr;

  Resources(const ProgramObject& p, Interface which, GLenum e) : program(&p), r(p.reflection()), interface(which) {
    if (!r) return;
    const glsl::Stage stage = subroutine_interface_stage(e);
    static const glsl::StageSubroutines none;
    subroutines = r->stages & (1u << unsigned(stage)) ? &r->subroutines[std::size_t(stage)] : &none;
    auto all = [&](std::size_t n) {
      for (std::uint32_t k = 0; k < n; ++k) items.push_back(k);
    };
    switch (which) {
      case Interface::Uniform: all(r->uniforms.size()); break;
      case Interface::Input: all(r->attributes.size()); break;
      case Interface::Output: all(r->outputs.size()); break;
      case Interface::XfbVarying: all(r->xfb_varyings.size()); break;
      case Interface::UniformBlock: case Interface::StorageBlock:
        for (std::uint32_t k = 0; k < r->blocks.size(); ++k)
          if (r->blocks[k].storage == (which == Interface::StorageBlock) && !glsl::is_atomic_counter_block(r->blocks[k]))
            items.push_back(k);
        break;
      case Interface::XfbBuffer:
        for (std::uint32_t b = 0; b < r->xfb_strides.size(); ++b)
          if (r->xfb_strides[b]) items.push_back(b);
        break;
      case Interface::AtomicCounterBuffer: items = glsl::atomic_counter_buffers(*r); break;
      case Interface::Subroutine:  // by subroutine index (explicit indices may leave gaps)
        for (std::uint32_t k = 0; k < subroutines->subroutines.size(); ++k)
          if (!subroutines->subroutines[k].empty()) items.push_back(k);
        break;
      case Interface::SubroutineUniform: all(subroutines->uniforms.size()); break;
      default: break;
    }
  }

  std::string name(std::uint32_t k) const {
    const std::uint32_t i = items[k];
    switch (interface) {
      case Interface::Uniform: return r->uniforms[i].name;
      case Interface::Input: return r->attributes[i].name;
      case Interface::Output: return r->outputs[i].name;
      case Interface::XfbVarying: return r->xfb_varyings[i].name;
      case Interface::UniformBlock: case Interface::StorageBlock: return r->blocks[i].name;
      case Interface::Subroutine: return subroutines->subroutines[i];
      case Interface::SubroutineUniform: return subroutines->uniforms[i].name;
      default: return {};
    }
  }
  std::uint32_t array_size(std::uint32_t k) const {
    const std::uint32_t i = items[k];
    switch (interface) {
      case Interface::Uniform: return r->uniforms[i].array_size;
      case Interface::Input: return r->attributes[i].array_size;
      case Interface::Output: return r->outputs[i].array_size;
      case Interface::XfbVarying: return r->xfb_varyings[i].size;
      case Interface::SubroutineUniform: return subroutines->uniforms[i].array_size;
      default: return 1;
    }
  }
  // The index `name` selects: element 0 of an array resource ("a" or "a[0]"), a block by name.
  GLuint find(const std::string& text) const {
    for (std::uint32_t k = 0; k < items.size(); ++k) {
      const long e = interface == Interface::XfbVarying ? (name(k) == text ? 0 : -1)
                                                         : element_of(name(k), array_size(k), text);
      if (e == 0) return k;
    }
    return GL_INVALID_INDEX;
  }
};

// The stages GL_REFERENCED_BY_*_SHADER reports, in glsl::Stage bit order.
constexpr GLenum kReferencedBy[] = {
    GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_TESS_CONTROL_SHADER, GL_REFERENCED_BY_TESS_EVALUATION_SHADER,
    GL_REFERENCED_BY_GEOMETRY_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER, GL_REFERENCED_BY_COMPUTE_SHADER};

int referenced_stage(GLenum prop) {
  for (int s = 0; s < 6; ++s)
    if (kReferencedBy[s] == prop) return s;
  return -1;
}

bool is_property(GLenum prop) {
  switch (prop) {
    case GL_NAME_LENGTH: case GL_TYPE: case GL_ARRAY_SIZE: case GL_OFFSET: case GL_BLOCK_INDEX: case GL_ARRAY_STRIDE:
    case GL_MATRIX_STRIDE: case GL_IS_ROW_MAJOR: case GL_ATOMIC_COUNTER_BUFFER_INDEX: case GL_BUFFER_BINDING:
    case GL_BUFFER_DATA_SIZE: case GL_NUM_ACTIVE_VARIABLES: case GL_ACTIVE_VARIABLES: case GL_LOCATION:
    case GL_LOCATION_INDEX: case GL_IS_PER_PATCH: case GL_LOCATION_COMPONENT: case GL_TRANSFORM_FEEDBACK_BUFFER_INDEX:
    case GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE: case GL_TOP_LEVEL_ARRAY_SIZE: case GL_TOP_LEVEL_ARRAY_STRIDE:
    case GL_NUM_COMPATIBLE_SUBROUTINES: case GL_COMPATIBLE_SUBROUTINES:
      return true;
    default: return referenced_stage(prop) >= 0;
  }
}

// The values of property `prop` of resource k (table 7.2), or false when the interface does not
// have that property (INVALID_OPERATION).
bool property(const Resources& res, std::uint32_t k, GLenum prop, std::vector<GLint>& out) {
  const glsl::Program& r = *res.r;
  const std::uint32_t i = res.items[k];
  const Interface in = res.interface;
  // Atomic counter buffers are blocks of glsl's reflection too (glsl::atomic_counter_buffers).
  const bool uniform = in == Interface::Uniform, block = in == Interface::UniformBlock || in == Interface::StorageBlock ||
                                                        in == Interface::AtomicCounterBuffer;
  const bool io = in == Interface::Input || in == Interface::Output, xfb = in == Interface::XfbVarying;
  const bool subroutine_uniform = in == Interface::SubroutineUniform;
  if (const int stage = referenced_stage(prop); stage >= 0) {
    if (!uniform && !block && !io) return false;
    glsl::StageMask stages = 0;
    if (uniform) stages = r.uniforms[i].stages;
    else if (block) stages = r.blocks[i].stages;
    // Inputs belong to the program's first stage, outputs to its last.
    else if (r.stages)
      stages = glsl::StageMask(in == Interface::Input ? 1u << std::countr_zero(unsigned(r.stages))
                                                      : std::bit_floor(unsigned(r.stages)));
    out.push_back(GLint((stages >> unsigned(stage)) & 1u));
    return true;
  }
  switch (prop) {
    case GL_NAME_LENGTH:
      if (!has_names(in)) return false;
      out.push_back(GLint(res.name(k).size() + 1));
      return true;
    case GL_TYPE:
      if (!uniform && !io && !xfb) return false;
      out.push_back(GLint(uniform ? r.uniforms[i].gl_type
                          : xfb   ? r.xfb_varyings[i].gl_type
                                  : (in == Interface::Input ? r.attributes[i] : r.outputs[i]).gl_type));
      return true;
    case GL_ARRAY_SIZE:
      if (!uniform && !io && !xfb && !subroutine_uniform) return false;
      out.push_back(GLint(res.array_size(k)));
      return true;
    case GL_OFFSET:
      if (!uniform && !xfb) return false;
      out.push_back(xfb ? GLint(r.xfb_varyings[i].offset)
                        : r.uniforms[i].block_index >= 0 ? GLint(r.uniforms[i].offset) : -1);
      return true;
    case GL_BLOCK_INDEX:
      if (!uniform) return false;
      out.push_back(glsl::uniform_block_index(r, r.uniforms[i]));
      return true;
    case GL_ARRAY_STRIDE: case GL_MATRIX_STRIDE: case GL_IS_ROW_MAJOR: {
      if (!uniform) return false;
      const glsl::Uniform& u = r.uniforms[i];
      const bool in_block = u.block_index >= 0;  // default-block uniforms have none (7.6.2): -1
      out.push_back(prop == GL_IS_ROW_MAJOR ? GLint(in_block && u.row_major)
                    : !in_block             ? -1
                    : prop == GL_MATRIX_STRIDE ? GLint(u.matrix_stride)
                                               : (u.array_size > 1 ? GLint(u.array_stride) : 0));
      return true;
    }
    case GL_ATOMIC_COUNTER_BUFFER_INDEX:
      if (!uniform) return false;
      out.push_back(glsl::atomic_counter_buffer_index(r, r.uniforms[i]));
      return true;
    case GL_BUFFER_BINDING:
      if (in == Interface::XfbBuffer) out.push_back(GLint(i));
      else if (block) out.push_back(GLint(res.program->block_bindings[i]));
      else return false;
      return true;
    case GL_BUFFER_DATA_SIZE:
      if (!block) return false;
      out.push_back(GLint(r.blocks[i].size));
      return true;
    case GL_NUM_ACTIVE_VARIABLES: case GL_ACTIVE_VARIABLES: {
      std::vector<GLint> members;
      if (block) {
        for (std::uint32_t u : r.blocks[i].uniforms) members.push_back(GLint(u));
      } else if (in == Interface::XfbBuffer) {
        for (std::uint32_t v = 0; v < r.xfb_varyings.size(); ++v)
          if (r.xfb_varyings[v].buffer == i) members.push_back(GLint(v));
      } else {
        return false;
      }
      if (prop == GL_NUM_ACTIVE_VARIABLES) out.push_back(GLint(members.size()));
      else out.insert(out.end(), members.begin(), members.end());
      return true;
    }
    case GL_NUM_COMPATIBLE_SUBROUTINES: case GL_COMPATIBLE_SUBROUTINES: {
      if (!subroutine_uniform) return false;
      const std::vector<std::uint32_t>& c = res.subroutines->uniforms[i].compatible;
      if (prop == GL_NUM_COMPATIBLE_SUBROUTINES) out.push_back(GLint(c.size()));
      else out.insert(out.end(), c.begin(), c.end());
      return true;
    }
    case GL_LOCATION:
      if (subroutine_uniform) out.push_back(GLint(res.subroutines->uniforms[i].location));
      else if (uniform) out.push_back(r.uniforms[i].block_index >= 0 ? -1 : r.uniforms[i].location);
      else if (io) out.push_back((in == Interface::Input ? r.attributes[i] : r.outputs[i]).location);
      else return false;
      return true;
    case GL_LOCATION_INDEX:
      if (in != Interface::Output) return false;
      out.push_back(GLint(r.outputs[i].index));
      return true;
    case GL_IS_PER_PATCH: case GL_LOCATION_COMPONENT:
      if (!io) return false;
      out.push_back(0);  // no patch variables (no tessellation); components start at 0
      return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_INDEX:
      if (!xfb) return false;
      out.push_back(GLint(r.xfb_varyings[i].buffer));
      return true;
    case GL_TRANSFORM_FEEDBACK_BUFFER_STRIDE:
      if (in != Interface::XfbBuffer) return false;
      out.push_back(GLint(r.xfb_strides[i]));
      return true;
    default:
      return false;  // buffer-variable properties: that interface is empty
  }
}

// The interface `e` names, or nullopt after INVALID_ENUM.
std::optional<Interface> checked_interface(Context& ctx, const char* fn, GLenum e) {
  const std::optional<Interface> i = interface_of(e);
  if (!i) ctx.error(GL_INVALID_ENUM, "%s(programInterface = 0x%04x): not a program interface", fn, e);
  return i;
}

}  // namespace

namespace api {

void GetProgramInterfaceiv(Context& ctx, const char* fn, GLuint program, GLenum program_interface, GLenum pname,
                           GLint* params) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  // Mesa raises INVALID_OPERATION for an unknown interface or pname here (piglit's
  // getprograminterfaceiv expects it); the other commands raise INVALID_ENUM for the interface.
  const std::optional<Interface> in = interface_of(program_interface);
  if (!in)
    return ctx.error(GL_INVALID_OPERATION, "%s(programInterface = 0x%04x): not a program interface", fn,
                     program_interface);
  const Resources res(*p, *in, program_interface);
  GLint value = 0;
  switch (pname) {
    case GL_ACTIVE_RESOURCES: value = GLint(res.items.size()); break;
    case GL_MAX_NAME_LENGTH:
      if (!has_names(*in))
        return ctx.error(GL_INVALID_OPERATION, "%s: the interface's resources have no names", fn);
      for (std::uint32_t k = 0; k < res.items.size(); ++k) value = std::max(value, GLint(res.name(k).size() + 1));
      break;
    case GL_MAX_NUM_ACTIVE_VARIABLES: {
      if (*in != Interface::UniformBlock && *in != Interface::StorageBlock && *in != Interface::XfbBuffer &&
          *in != Interface::AtomicCounterBuffer)
        return ctx.error(GL_INVALID_OPERATION, "%s: the interface's resources have no active variables", fn);
      std::vector<GLint> n;
      for (std::uint32_t k = 0; k < res.items.size(); ++k) property(res, k, GL_NUM_ACTIVE_VARIABLES, n);
      for (GLint v : n) value = std::max(value, v);
      break;
    }
    case GL_MAX_NUM_COMPATIBLE_SUBROUTINES:
      if (*in != Interface::SubroutineUniform)
        return ctx.error(GL_INVALID_OPERATION, "%s: only subroutine uniforms have compatible subroutines", fn);
      for (std::uint32_t k = 0; k < res.items.size(); ++k)
        value = std::max(value, GLint(res.subroutines->uniforms[res.items[k]].compatible.size()));
      break;
    default: return ctx.error(GL_INVALID_OPERATION, "%s(pname = 0x%04x): not an interface property", fn, pname);
  }
  if (params) *params = value;
}

GLuint GetProgramResourceIndex(Context& ctx, const char* fn, GLuint program, GLenum program_interface,
                               const GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return GL_INVALID_INDEX;
  const std::optional<Interface> in = checked_interface(ctx, fn, program_interface);
  if (!in) return GL_INVALID_INDEX;
  if (!has_names(*in)) {
    ctx.error(GL_INVALID_ENUM, "%s: the interface's resources have no names", fn);
    return GL_INVALID_INDEX;
  }
  return name ? Resources(*p, *in, program_interface).find(name) : GL_INVALID_INDEX;
}

void GetProgramResourceName(Context& ctx, const char* fn, GLuint program, GLenum program_interface, GLuint index,
                            GLsizei buf_size, GLsizei* length, GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const std::optional<Interface> in = checked_interface(ctx, fn, program_interface);
  if (!in) return;
  if (!has_names(*in)) return ctx.error(GL_INVALID_ENUM, "%s: the interface's resources have no names", fn);
  const Resources res(*p, *in, program_interface);
  if (index >= res.items.size()) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not an active resource", fn, index);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  copy_string_out(res.name(index), buf_size, length, name);
}

void GetProgramResourceiv(Context& ctx, const char* fn, GLuint program, GLenum program_interface, GLuint index,
                          GLsizei count, const GLenum* props, GLsizei buf_size, GLsizei* length, GLint* params) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const std::optional<Interface> in = checked_interface(ctx, fn, program_interface);
  if (!in) return;
  const Resources res(*p, *in, program_interface);
  if (index >= res.items.size()) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not an active resource", fn, index);
  if (count <= 0 || !props) return ctx.error(GL_INVALID_VALUE, "%s(propCount = %d): not positive", fn, count);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  std::vector<GLint> values;
  for (GLsizei n = 0; n < count; ++n) {
    if (!is_property(props[n]))
      return ctx.error(GL_INVALID_ENUM, "%s(props[%d] = 0x%04x): not a resource property", fn, n, props[n]);
    if (!property(res, index, props[n], values))
      return ctx.error(GL_INVALID_OPERATION, "%s(props[%d] = 0x%04x): not a property of this interface", fn, n,
                       props[n]);
  }
  // 7.3.1.1: at most bufSize values are written; length receives how many were.
  const std::size_t written = params ? std::min(values.size(), std::size_t(buf_size)) : 0;
  if (written) std::memcpy(params, values.data(), written * sizeof(GLint));
  if (length) *length = GLsizei(written);
}

GLint GetProgramResourceLocation(Context& ctx, const char* fn, GLuint program, GLenum program_interface,
                                 const GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return -1;
  switch (program_interface) {
    case GL_UNIFORM: return GetUniformLocation(ctx, fn, program, name);
    case GL_PROGRAM_INPUT: return GetAttribLocation(ctx, fn, program, name);
    case GL_PROGRAM_OUTPUT: return GetFragDataLocation(ctx, fn, program, name);
    case GL_VERTEX_SUBROUTINE_UNIFORM: case GL_TESS_CONTROL_SUBROUTINE_UNIFORM:
    case GL_TESS_EVALUATION_SUBROUTINE_UNIFORM: case GL_GEOMETRY_SUBROUTINE_UNIFORM:
    case GL_FRAGMENT_SUBROUTINE_UNIFORM: case GL_COMPUTE_SUBROUTINE_UNIFORM:
      if (!p->reflection()) {
        ctx.error(GL_INVALID_OPERATION, "%s(%u): the program is not linked", fn, program);
        return -1;
      }
      return GetSubroutineUniformLocation(ctx, fn, program, subroutine_stage_enum(program_interface), name);
    default:
      ctx.error(GL_INVALID_ENUM, "%s(programInterface = 0x%04x): not an interface with locations", fn,
                program_interface);
      return -1;
  }
}

GLint GetProgramResourceLocationIndex(Context& ctx, const char* fn, GLuint program, GLenum program_interface,
                                      const GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return -1;
  if (program_interface != GL_PROGRAM_OUTPUT) {
    ctx.error(GL_INVALID_ENUM, "%s(programInterface = 0x%04x): only PROGRAM_OUTPUT has location indices", fn,
              program_interface);
    return -1;
  }
  return GetFragDataIndex(ctx, fn, program, name);
}

}  // namespace api
}  // namespace glvk::gl
