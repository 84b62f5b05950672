// Program objects (GL 4.6 7.3-7.6): attachment, linking through the state tracker, glUseProgram,
// and the program queries (parameters, info log, active attributes, uniforms, uniform blocks).
#include <algorithm>
#include <cstring>

#include "api_common.h"
#include "draw_inputs.h"
#include "glvk/st/program.h"
#include "glvk/st/context.h"
#include "program_lookup.h"
#include "state_query.h"
#include "uniform_storage.h"
#include "legacy_internal.h"

namespace glvk::gl {

const glsl::Program* ProgramObject::reflection() const {
  return linked && executable ? &executable->reflection() : nullptr;
}

namespace {

// The element index a name like "a[3]" selects (with `base` = "a"), or -1 without a subscript.
long subscript(const std::string& name, std::string& base) {
  base = name;
  if (name.empty() || name.back() != ']') return -1;
  const std::size_t open = name.rfind('[');
  if (open == std::string::npos || open + 2 > name.size() - 1) return -2;
  // A decimal index as GLSL writes it: "a[01]" names nothing (as on Mesa).
  if (name[open + 1] == '0' && open + 3 < name.size()) return -2;
  long index = 0;
  for (std::size_t i = open + 1; i + 1 < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -2;
    index = index * 10 + (name[i] - '0');
    if (index > (1 << 24)) return -2;
  }
  base = name.substr(0, open);
  return index;
}

// The reflection of a linked program for the name queries, or null after the error (INVALID_VALUE
// or INVALID_OPERATION for the name, INVALID_OPERATION when it is not linked, 7.3.1).
const glsl::Program* linked_reflection(Context& ctx, GLuint program, const char* fn) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return nullptr;
  const glsl::Program* r = p->reflection();
  if (!r) ctx.error(GL_INVALID_OPERATION, "%s(%u): the program is not linked", fn, program);
  return r;
}

// The location of an active vertex input or fragment output a name selects, or -1 (gl_ names too).
// `per_element`: the locations an element of a variable takes (attribute_locations for vertex
// inputs, where a matrix takes one per column; 1 for fragment outputs).
GLint interface_location(const std::vector<glsl::InterfaceVariable>& variables, const GLchar* name,
                         std::uint32_t (*per_element)(std::uint32_t gl_type)) {
  if (!name || std::strncmp(name, "gl_", 3) == 0) return -1;
  for (const glsl::InterfaceVariable& v : variables) {
    const long e = element_of(v.name, v.array_size, name);
    if (e >= 0 && v.location >= 0) return v.location + GLint(e) * GLint(per_element(v.gl_type));
  }
  return -1;
}

}  // namespace

long element_of(const std::string& active_name, std::uint32_t array_size, const std::string& name) {
  if (name == active_name) return 0;
  std::string active_base, base;
  const long active_sub = subscript(active_name, active_base);
  const long sub = subscript(name, base);
  if (active_sub == 0 && name == active_base) return 0;  // "a" for "a[0]"
  if (sub >= 0 && (base == active_base || (active_sub < 0 && base == active_name)) && std::uint32_t(sub) < array_size &&
      array_size > 1)
    return sub;
  return -1;
}

// Builds the uniform state of a newly linked executable: zeroed default block, locations,
// sampler units and block bindings (GL 4.6 7.6: uniforms start at zero, block bindings at their
// layout(binding) or zero).
void reset_uniforms(ProgramObject& p, const glsl::Program& r) {
  // Zero, or the values of the uniforms' initializers (GLSL 1.20 4.3.5).
  if (r.initial_default_block.size() == r.default_block_size)
    p.default_block = r.initial_default_block;
  else
    p.default_block.assign(r.default_block_size, std::byte{0});
  p.locations.clear();
  for (std::uint32_t u = 0; u < r.uniforms.size(); ++u) {
    const glsl::Uniform& uniform = r.uniforms[u];
    if (uniform.location < 0) continue;
    const std::size_t end = std::size_t(uniform.location) + uniform.array_size;
    if (p.locations.size() < end) p.locations.resize(end, UniformSlot{~0u, 0});
    for (std::uint32_t e = 0; e < uniform.array_size; ++e) p.locations[std::size_t(uniform.location) + e] = {u, e};
  }
  // Sampler and image units start at the uniform's layout(binding), element e at binding + e;
  // without one every element starts at 0 (GL 4.6 7.6).
  p.sampler_units.clear();
  p.image_units.clear();
  for (const glsl::Resource& res : r.resources) {
    const bool image = res.kind == glsl::ResourceKind::StorageImage;
    if (!glsl::is_sampler(res.kind) && !image) continue;
    const glsl::Uniform* u = res.uniform >= 0 ? &r.uniforms[std::size_t(res.uniform)] : nullptr;
    const GLint first = u ? GLint(u->initial_unit) : 0;
    const GLint step = u && u->unit_from_binding ? 1 : 0;
    for (std::uint32_t e = 0; e < res.count; ++e)
      (image ? p.image_units : p.sampler_units).push_back(first + step * GLint(e));
  }
  p.block_bindings.clear();
  for (const glsl::UniformBlock& block : r.blocks) p.block_bindings.push_back(block.initial_gl_binding);
  resolve_builtin_uniforms(p, r);
  ++p.uniform_serial;
}

namespace api {

GLuint CreateProgram(Context& ctx, const char*) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  while (group.shaders.count(group.next_shader_program_name) || group.programs.count(group.next_shader_program_name) ||
         group.next_shader_program_name == 0)
    ++group.next_shader_program_name;
  const GLuint name = group.next_shader_program_name++;
  group.programs[name] = std::make_shared<ProgramObject>(name);
  return name;
}

void DeleteProgram(Context& ctx, const char* fn, GLuint program) {
  if (program == 0) return;
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  p->delete_pending = true;
  // A program in use is deleted when it stops being used (glUseProgram checks the flag).
  if (ctx.current_program == p) return;
  for (const ShaderRef& s : p->shaders) {
    --s->attached_count;
    release_shader(group, *s);
  }
  p->shaders.clear();
  group.programs.erase(program);
}

GLboolean IsProgram(Context& ctx, const char*, GLuint program) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  return group.programs.count(program) ? GL_TRUE : GL_FALSE;
}

void AttachShader(Context& ctx, const char* fn, GLuint program, GLuint shader) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  if (std::find(p->shaders.begin(), p->shaders.end(), s) != p->shaders.end())
    return ctx.error(GL_INVALID_OPERATION, "%s(%u, %u): already attached", fn, program, shader);
  // ES 3.2 7.3: one shader object per stage (desktop GL links several of a stage together).
  if (ctx.config().es())
    for (const ShaderRef& attached : p->shaders)
      if (attached->type == s->type)
        return ctx.error(GL_INVALID_OPERATION, "%s(%u, %u): a shader of this type is already attached", fn, program,
                         shader);
  std::lock_guard lock(ctx.share_group().mutex);
  p->shaders.push_back(s);
  ++s->attached_count;
}

void DetachShader(Context& ctx, const char* fn, GLuint program, GLuint shader) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  auto found = std::find(p->shaders.begin(), p->shaders.end(), s);
  if (found == p->shaders.end()) return ctx.error(GL_INVALID_OPERATION, "%s(%u, %u): not attached", fn, program, shader);
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  p->shaders.erase(found);
  --s->attached_count;
  release_shader(group, *s);
}

void GetAttachedShaders(Context& ctx, const char* fn, GLuint program, GLsizei max_count, GLsizei* count,
                        GLuint* shaders) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (max_count < 0) return ctx.error(GL_INVALID_VALUE, "%s(maxCount = %d): negative", fn, max_count);
  GLsizei n = 0;
  for (const ShaderRef& s : p->shaders) {
    if (n >= max_count) break;
    if (shaders) shaders[n] = s->name;
    ++n;
  }
  if (count) *count = n;
}

void BindAttribLocation(Context& ctx, const char* fn, GLuint program, GLuint index, const GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (index >= kMaxVertexAttribs) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): beyond MAX_VERTEX_ATTRIBS", fn, index);
  if (!name) return ctx.error(GL_INVALID_VALUE, "%s: name is null", fn);
  if (std::strncmp(name, "gl_", 3) == 0)
    return ctx.error(GL_INVALID_OPERATION, "%s(\"%s\"): names starting with gl_ are reserved", fn, name);
  p->attribute_bindings[name] = index;
}

void BindFragDataLocationIndexed(Context& ctx, const char* fn, GLuint program, GLuint color_number, GLuint index,
                                 const GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (index > 1) return ctx.error(GL_INVALID_VALUE, "%s(index = %u): must be 0 or 1", fn, index);
  // With index 1 the limit is MAX_DUAL_SOURCE_DRAW_BUFFERS (1), else MAX_DRAW_BUFFERS.
  if (color_number >= (index ? 1u : GLuint(kMaxColorAttachments)))
    return ctx.error(GL_INVALID_VALUE, "%s(colorNumber = %u): too large", fn, color_number);
  if (!name) return ctx.error(GL_INVALID_VALUE, "%s: name is null", fn);
  if (std::strncmp(name, "gl_", 3) == 0)
    return ctx.error(GL_INVALID_OPERATION, "%s(\"%s\"): names starting with gl_ are reserved", fn, name);
  p->frag_data_bindings[name] = color_number;
  p->frag_data_indices[name] = index;
}

void BindFragDataLocation(Context& ctx, const char* fn, GLuint program, GLuint color, const GLchar* name) {
  BindFragDataLocationIndexed(ctx, fn, program, color, 0, name);
}

// GL 4.6 7.6.2 (ARB_uniform_buffer_object): a stage using more uniform blocks than its
// MAX_<stage>_UNIFORM_BLOCKS, or all stages together (each use counted) more than
// MAX_COMBINED_UNIFORM_BLOCKS, fails to link.
static bool uniforms_fit(Context& ctx, const glsl::Program& r, std::string& log) {
  const st::ShaderLimits limits = st::shader_limits(ctx.st().screen());
  const GLint64 per_stage = uniform_blocks_per_stage(limits);
  GLint64 combined = 0;
  bool ok = true;
  for (std::size_t s = 0; s < glsl::kStageCount; ++s) {
    GLint64 used = 0;
    for (const glsl::UniformBlock& b : r.blocks)
      if (!b.storage && (b.stages >> s & 1u)) ++used;
    combined += used;
    if (used > per_stage) {
      log += "error: a shader stage uses " + std::to_string(used) + " uniform blocks, more than its limit of " +
             std::to_string(per_stage) + "\n";
      ok = false;
    }
  }
  // GL 4.6 7.6: likewise a stage whose default-block uniforms take more components than its
  // MAX_<stage>_UNIFORM_COMPONENTS.
  for (std::size_t s = 0; s < glsl::kStageCount; ++s) {
    GLint64 components = 0;
    for (const glsl::Uniform& u : r.uniforms)
      if (u.block_index < 0 && (u.stages >> s & 1u)) components += GLint64(uniform_type_components(u.gl_type)) * u.array_size;
    if (components > uniform_components(limits)) {
      log += "error: a shader stage's default uniform block takes " + std::to_string(components) +
             " components, more than its limit of " + std::to_string(uniform_components(limits)) + "\n";
      ok = false;
    }
  }
  if (combined > combined_uniform_blocks(limits)) {
    log += "error: the program's stages use " + std::to_string(combined) +
           " uniform blocks together, more than MAX_COMBINED_UNIFORM_BLOCKS (" +
           std::to_string(combined_uniform_blocks(limits)) + ")\n";
    ok = false;
  }
  return ok;
}

void LinkProgram(Context& ctx, const char* fn, GLuint program) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (transform_feedback_uses(ctx, *p))
    return ctx.error(GL_INVALID_OPERATION, "%s(%u): the program is in use by an active transform feedback", fn, program);
  p->link_attempted = true;
  p->validated = false;
  std::vector<glsl::ShaderSource> sources;
  std::string log;
  for (const ShaderRef& s : p->shaders) {
    if (!s->compiled) log += "error: shader " + std::to_string(s->name) + " is not compiled\n";
    sources.push_back({shader_stage(s->type), s->source});
  }
  // The compatibility profile links a program without shaders: it has no vertex and no fragment
  // shader, so both are fixed-function processing (GL 4.6 compatibility 11.1, 15: "if the program
  // has no vertex shader ... the fixed-function method is used"). Core and ES refuse it (7.3).
  if (sources.empty() && log.empty() && !ctx.config().core_profile && !ctx.config().es()) {
    p->linked = true;
    p->info_log.clear();
    p->executable.reset();
    p->fixed_stages.reset();
    reset_uniforms(*p, glsl::Program{});
    return;
  }
  if (sources.empty()) log += "error: no shaders attached\n";
  // ES 3.2 7.3: a program that is not separable holds a compute shader, or a vertex and a
  // fragment shader (desktop GL links a vertex shader alone).
  if (ctx.config().es() && !p->separable && !sources.empty()) {
    auto has = [&](glsl::Stage stage) {
      return std::any_of(sources.begin(), sources.end(), [&](const glsl::ShaderSource& s) { return s.stage == stage; });
    };
    if (!has(glsl::Stage::Compute) && !(has(glsl::Stage::Vertex) && has(glsl::Stage::Fragment)))
      log += "error: an OpenGL ES program needs a vertex and a fragment shader (or a compute shader)\n";
  }
  if (!log.empty()) {
    p->linked = false;
    p->info_log = log;
    return;
  }
  glsl::LinkOptions options;
  options.compile = shader_compile_options(ctx);
  options.attribute_locations.insert(p->attribute_bindings.begin(), p->attribute_bindings.end());
  options.frag_data_locations.insert(p->frag_data_bindings.begin(), p->frag_data_bindings.end());
  options.frag_data_indices.insert(p->frag_data_indices.begin(), p->frag_data_indices.end());
  options.xfb_varyings = p->xfb_varyings;
  options.xfb_separate = p->xfb_buffer_mode == GL_SEPARATE_ATTRIBS;
  options.vertex_streams = max_vertex_streams(ctx);
  options.separable = p->separable;
  std::shared_ptr<st::Program> linked = st::link_program(ctx.st().shared_screen(), sources, options);
  p->info_log = linked->reflection().log;
  p->linked = linked->linked() && uniforms_fit(ctx, linked->reflection(), p->info_log);
  if (!p->linked) return;  // the previous executable (if in use) stays
  p->linked_xfb_buffer_mode = p->xfb_buffer_mode;
  p->linked_separable = p->separable;
  p->linked_binary_retrievable_hint = p->binary_retrievable_hint;
  p->executable = std::move(linked);
  reset_uniforms(*p, p->executable->reflection());
  p->fixed_stages = plan_fixed_stages(ctx, sources, options, p->executable->reflection());
}

void UseProgram(Context& ctx, const char* fn, GLuint program) {
  ProgramRef p;
  if (program) {
    p = find_program(ctx, program, fn);
    if (!p) return;
    if (!p->linked) return ctx.error(GL_INVALID_OPERATION, "%s(%u): the program is not linked", fn, program);
  }
  if (ctx.transform_feedback_capturing())
    return ctx.error(GL_INVALID_OPERATION, "%s(%u): transform feedback is active and not paused (13.3)", fn, program);
  ProgramRef old = std::move(ctx.current_program);
  ctx.current_program = std::move(p);
  reset_subroutine_selection(ctx);  // GL 4.6 7.10: every stage's subroutine uniforms start over
  if (old && old->delete_pending && old != ctx.current_program) {
    ShareGroup& group = ctx.share_group();
    std::lock_guard lock(group.mutex);
    for (const ShaderRef& s : old->shaders) {
      --s->attached_count;
      release_shader(group, *s);
    }
    old->shaders.clear();
    group.programs.erase(old->name);
  }
}

void ValidateProgram(Context& ctx, const char* fn, GLuint program) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  p->validated = p->linked;
  if (!p->linked) p->info_log += "validation: the program is not linked\n";
  // 11.1.3.11: against the current state, samplers of different types on one unit fail.
  std::map<GLint, std::uint32_t> unit_types;
  std::string log;
  if (p->linked && p->executable && !sampler_units_agree(*p, unit_types, log)) {
    p->validated = false;
    p->info_log += "validation: " + log;
  }
}

void GetProgramiv(Context& ctx, const char* fn, GLuint program, GLenum pname, GLint* params) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  auto max_name = [](const auto& list) {
    std::size_t n = 0;
    for (const auto& item : list) n = std::max(n, item.name.size() + 1);
    return GLint(n);
  };
  GLint value = 0;
  switch (pname) {
    case GL_DELETE_STATUS: value = p->delete_pending; break;
    case GL_LINK_STATUS: value = p->linked; break;
    case GL_VALIDATE_STATUS: value = p->validated; break;
    case GL_INFO_LOG_LENGTH: value = p->info_log.empty() ? 0 : GLint(p->info_log.size() + 1); break;
    case GL_ATTACHED_SHADERS: value = GLint(p->shaders.size()); break;
    case GL_ACTIVE_ATTRIBUTES: value = r ? GLint(r->attributes.size()) : 0; break;
    case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH: value = r ? max_name(r->attributes) : 0; break;
    case GL_ACTIVE_UNIFORMS: value = r ? GLint(r->uniforms.size()) : 0; break;
    case GL_ACTIVE_UNIFORM_MAX_LENGTH: value = r ? max_name(r->uniforms) : 0; break;
    case GL_ACTIVE_UNIFORM_BLOCKS: value = r ? GLint(std::count_if(r->blocks.begin(), r->blocks.end(), [](auto& b) { return !b.storage; })) : 0; break;
    case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH: value = r ? max_name(r->blocks) : 0; break;
    case GL_PROGRAM_SEPARABLE: value = p->separable; break;
    case GL_PROGRAM_BINARY_RETRIEVABLE_HINT: value = p->linked_binary_retrievable_hint; break;
    case GL_TRANSFORM_FEEDBACK_BUFFER_MODE: value = GLint(p->linked_xfb_buffer_mode); break;
    case GL_TRANSFORM_FEEDBACK_VARYINGS: value = r ? GLint(r->xfb_varyings.size()) : 0; break;
    case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: value = r ? max_name(r->xfb_varyings) : 0; break;
    case GL_ACTIVE_ATOMIC_COUNTER_BUFFERS: value = r ? GLint(glsl::atomic_counter_buffers(*r).size()) : 0; break;
    case GL_PROGRAM_BINARY_LENGTH: value = GLint(program_binary_length(*p)); break;
    case GL_GEOMETRY_VERTICES_OUT: case GL_GEOMETRY_INPUT_TYPE: case GL_GEOMETRY_OUTPUT_TYPE:
    case GL_GEOMETRY_SHADER_INVOCATIONS:
      // GL 4.6 7.13: only for a program linked with a geometry shader.
      if (!p->linked || !r || !(r->stages & 1u << unsigned(glsl::Stage::Geometry)))
        return ctx.error(GL_INVALID_OPERATION, "%s(pname = 0x%04x): the program has no linked geometry shader", fn, pname);
      value = GLint(pname == GL_GEOMETRY_VERTICES_OUT ? r->geometry_vertices_out
                    : pname == GL_GEOMETRY_INPUT_TYPE ? r->geometry_input
                    : pname == GL_GEOMETRY_OUTPUT_TYPE ? r->geometry_output
                                                        : r->geometry_invocations);
      break;
    case GL_TESS_CONTROL_OUTPUT_VERTICES:
      if (!p->linked || !r || !(r->stages & 1u << unsigned(glsl::Stage::TessControl)))
        return ctx.error(GL_INVALID_OPERATION, "%s(pname = 0x%04x): the program has no linked tessellation control "
                         "shader", fn, pname);
      value = GLint(r->tess_output_vertices);
      break;
    case GL_TESS_GEN_MODE: case GL_TESS_GEN_SPACING: case GL_TESS_GEN_VERTEX_ORDER: case GL_TESS_GEN_POINT_MODE:
      // GL 4.6 7.13: only for a program linked with a tessellation evaluation shader.
      if (!p->linked || !r || !(r->stages & 1u << unsigned(glsl::Stage::TessEvaluation)))
        return ctx.error(GL_INVALID_OPERATION, "%s(pname = 0x%04x): the program has no linked tessellation "
                         "evaluation shader", fn, pname);
      value = GLint(pname == GL_TESS_GEN_MODE      ? r->tess_mode
                    : pname == GL_TESS_GEN_SPACING ? r->tess_spacing
                    : pname == GL_TESS_GEN_VERTEX_ORDER ? r->tess_vertex_order
                                                        : r->tess_point_mode);
      break;
    case GL_COMPUTE_WORK_GROUP_SIZE:
      // 7.13: three values, only for a program linked with a compute shader.
      if (!p->linked || !r || !(r->stages & 1u << unsigned(glsl::Stage::Compute)))
        return ctx.error(GL_INVALID_OPERATION, "%s(pname = 0x%04x): the program has no linked compute shader", fn, pname);
      if (params) std::copy(r->local_size.begin(), r->local_size.end(), params);
      return;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a program parameter", fn, pname);
  }
  if (params) *params = value;
}

void GetProgramInfoLog(Context& ctx, const char* fn, GLuint program, GLsizei buf_size, GLsizei* length, GLchar* log) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  copy_string_out(p->info_log, buf_size, length, log);
}

GLint GetAttribLocation(Context& ctx, const char* fn, GLuint program, const GLchar* name) {
  const glsl::Program* r = linked_reflection(ctx, program, fn);
  return r ? interface_location(r->attributes, name, st::attribute_locations) : -1;
}

GLint GetFragDataLocation(Context& ctx, const char* fn, GLuint program, const GLchar* name) {
  const glsl::Program* r = linked_reflection(ctx, program, fn);
  return r ? interface_location(r->outputs, name, [](std::uint32_t) { return 1u; }) : -1;
}

GLint GetFragDataIndex(Context& ctx, const char* fn, GLuint program, const GLchar* name) {
  const glsl::Program* r = linked_reflection(ctx, program, fn);
  if (!r || !name) return -1;
  for (const glsl::InterfaceVariable& o : r->outputs)
    if (element_of(o.name, o.array_size, name) >= 0) return GLint(o.index);
  return -1;
}

void GetActiveAttrib(Context& ctx, const char* fn, GLuint program, GLuint index, GLsizei buf_size, GLsizei* length,
                     GLint* size, GLenum* type, GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r || index >= r->attributes.size())
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not an active attribute", fn, index);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  const glsl::InterfaceVariable& a = r->attributes[index];
  copy_string_out(a.name, buf_size, length, name);
  if (size) *size = GLint(a.array_size);
  if (type) *type = a.gl_type;
}

void GetActiveUniform(Context& ctx, const char* fn, GLuint program, GLuint index, GLsizei buf_size, GLsizei* length,
                      GLint* size, GLenum* type, GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r || index >= r->uniforms.size())
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not an active uniform", fn, index);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  const glsl::Uniform& u = r->uniforms[index];
  copy_string_out(u.name, buf_size, length, name);
  if (size) *size = GLint(u.array_size);
  if (type) *type = u.gl_type;
}

void GetActiveUniformName(Context& ctx, const char* fn, GLuint program, GLuint index, GLsizei buf_size,
                          GLsizei* length, GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r || index >= r->uniforms.size())
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not an active uniform", fn, index);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  copy_string_out(r->uniforms[index].name, buf_size, length, name);
}

GLint GetUniformLocation(Context& ctx, const char* fn, GLuint program, const GLchar* name) {
  const glsl::Program* r = linked_reflection(ctx, program, fn);
  if (!r || !name || std::strncmp(name, "gl_", 3) == 0) return -1;
  for (const glsl::Uniform& u : r->uniforms) {
    if (u.location < 0 || u.block_index >= 0) continue;
    const long e = element_of(u.name, u.array_size, name);
    if (e >= 0) return u.location + GLint(e);
  }
  return -1;
}

GLuint GetUniformBlockIndex(Context& ctx, const char* fn, GLuint program, const GLchar* name) {
  const glsl::Program* r = linked_reflection(ctx, program, fn);
  if (!r || !name) return GL_INVALID_INDEX;
  for (std::size_t i = 0; i < r->blocks.size(); ++i)
    if (!r->blocks[i].storage && element_of(r->blocks[i].name, 1, name) >= 0) return GLuint(i);
  return GL_INVALID_INDEX;
}

void UniformBlockBinding(Context& ctx, const char* fn, GLuint program, GLuint block, GLuint binding) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r || block >= r->blocks.size())
    return ctx.error(GL_INVALID_VALUE, "%s(uniformBlockIndex = %u): not an active uniform block", fn, block);
  if (binding >= kMaxUniformBufferBindings)
    return ctx.error(GL_INVALID_VALUE, "%s(uniformBlockBinding = %u): beyond MAX_UNIFORM_BUFFER_BINDINGS", fn, binding);
  p->block_bindings[block] = binding;
  ++p->uniform_serial;
}

void GetActiveUniformBlockiv(Context& ctx, const char* fn, GLuint program, GLuint block, GLenum pname, GLint* params) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r || block >= r->blocks.size())
    return ctx.error(GL_INVALID_VALUE, "%s(uniformBlockIndex = %u): not an active uniform block", fn, block);
  const glsl::UniformBlock& b = r->blocks[block];
  auto stage = [&](glsl::Stage s) { return GLint((b.stages >> unsigned(s)) & 1); };
  switch (pname) {
    case GL_UNIFORM_BLOCK_BINDING: *params = GLint(p->block_bindings[block]); break;
    case GL_UNIFORM_BLOCK_DATA_SIZE: *params = GLint(b.size); break;
    case GL_UNIFORM_BLOCK_NAME_LENGTH: *params = GLint(b.name.size() + 1); break;
    case GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS: *params = GLint(b.uniforms.size()); break;
    case GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES:
      for (std::size_t i = 0; i < b.uniforms.size(); ++i) params[i] = GLint(b.uniforms[i]);
      break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER: *params = stage(glsl::Stage::Vertex); break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_CONTROL_SHADER: *params = stage(glsl::Stage::TessControl); break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_TESS_EVALUATION_SHADER: *params = stage(glsl::Stage::TessEvaluation); break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_GEOMETRY_SHADER: *params = stage(glsl::Stage::Geometry); break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER: *params = stage(glsl::Stage::Fragment); break;
    case GL_UNIFORM_BLOCK_REFERENCED_BY_COMPUTE_SHADER: *params = stage(glsl::Stage::Compute); break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a uniform block parameter", fn, pname);
  }
}

void GetActiveUniformBlockName(Context& ctx, const char* fn, GLuint program, GLuint block, GLsizei buf_size,
                               GLsizei* length, GLchar* name) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  const glsl::Program* r = p->reflection();
  if (!r || block >= r->blocks.size())
    return ctx.error(GL_INVALID_VALUE, "%s(uniformBlockIndex = %u): not an active uniform block", fn, block);
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  copy_string_out(r->blocks[block].name, buf_size, length, name);
}

void GetActiveUniformsiv(Context& ctx, const char* fn, GLuint program, GLsizei count, const GLuint* indices,
                         GLenum pname, GLint* params) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(uniformCount = %d): negative", fn, count);
  const glsl::Program* r = p->reflection();
  const std::size_t active = r ? r->uniforms.size() : 0;
  for (GLsizei i = 0; i < count; ++i)
    if (indices[i] >= active) return ctx.error(GL_INVALID_VALUE, "%s(index %u): not an active uniform", fn, indices[i]);
  switch (pname) {
    case GL_UNIFORM_TYPE: case GL_UNIFORM_SIZE: case GL_UNIFORM_NAME_LENGTH: case GL_UNIFORM_BLOCK_INDEX:
    case GL_UNIFORM_OFFSET: case GL_UNIFORM_ARRAY_STRIDE: case GL_UNIFORM_MATRIX_STRIDE: case GL_UNIFORM_IS_ROW_MAJOR:
    case GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX:
      break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a uniform parameter", fn, pname);
  }
  for (GLsizei i = 0; i < count; ++i) {
    const glsl::Uniform& u = r->uniforms[indices[i]];
    const bool in_block = u.block_index >= 0;
    GLint v = 0;
    switch (pname) {
      case GL_UNIFORM_TYPE: v = GLint(u.gl_type); break;
      case GL_UNIFORM_SIZE: v = GLint(u.array_size); break;
      case GL_UNIFORM_NAME_LENGTH: v = GLint(u.name.size() + 1); break;
      case GL_UNIFORM_BLOCK_INDEX: v = glsl::uniform_block_index(*r, u); break;
      // Default-block uniforms have no offsets or strides GL exposes (7.6.2): -1.
      case GL_UNIFORM_OFFSET: v = in_block ? GLint(u.offset) : -1; break;
      case GL_UNIFORM_ARRAY_STRIDE: v = in_block ? (u.array_size > 1 ? GLint(u.array_stride) : 0) : -1; break;
      case GL_UNIFORM_MATRIX_STRIDE: v = in_block ? GLint(u.matrix_stride) : -1; break;
      case GL_UNIFORM_IS_ROW_MAJOR: v = in_block && u.row_major; break;
      case GL_UNIFORM_ATOMIC_COUNTER_BUFFER_INDEX: v = glsl::atomic_counter_buffer_index(*r, u); break;
    }
    params[i] = v;
  }
}

void GetUniformIndices(Context& ctx, const char* fn, GLuint program, GLsizei count, const GLchar* const* names,
                       GLuint* indices) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(uniformCount = %d): negative", fn, count);
  const glsl::Program* r = p->reflection();
  for (GLsizei i = 0; i < count; ++i) {
    indices[i] = GL_INVALID_INDEX;
    if (!r || !names[i]) continue;
    for (std::size_t u = 0; u < r->uniforms.size(); ++u)
      if (element_of(r->uniforms[u].name, r->uniforms[u].array_size, names[i]) == 0) {
        indices[i] = GLuint(u);
        break;
      }
  }
}

}  // namespace api
}  // namespace glvk::gl
