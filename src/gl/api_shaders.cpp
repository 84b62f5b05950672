// Shader objects (GL 4.6 7.1): names, sources, compilation and their queries; and the lookups of
// the shader/program name space every program entry point shares (program_lookup.h).
#include <algorithm>
#include <cstring>

#include "api_common.h"
#include "glvk/st/context.h"
#include "glvk/st/shader_limits.h"
#include "program_lookup.h"
#include "state_query.h"

namespace glvk::gl {

namespace {

glsl::Stage stage_of(GLenum type) {
  switch (type) {
    case GL_TESS_CONTROL_SHADER: return glsl::Stage::TessControl;
    case GL_TESS_EVALUATION_SHADER: return glsl::Stage::TessEvaluation;
    case GL_GEOMETRY_SHADER: return glsl::Stage::Geometry;
    case GL_FRAGMENT_SHADER: return glsl::Stage::Fragment;
    case GL_COMPUTE_SHADER: return glsl::Stage::Compute;
    default: return glsl::Stage::Vertex;
  }
}

bool is_shader_type(GLenum type) {
  return type == GL_VERTEX_SHADER || type == GL_FRAGMENT_SHADER || type == GL_GEOMETRY_SHADER ||
         type == GL_TESS_CONTROL_SHADER || type == GL_TESS_EVALUATION_SHADER || type == GL_COMPUTE_SHADER;
}

}  // namespace

glsl::Stage shader_stage(GLenum type) { return stage_of(type); }

glsl::CompileOptions shader_compile_options(Context& ctx) {
  glsl::CompileOptions options;
  options.compatibility = !ctx.config().core_profile;
  options.es = ctx.config().es();
  if (options.es) options.default_version = 100;
  // GLSL 4.60 7.3: each built-in constant equals the GL query of its name.
  glsl::BuiltInLimits& l = options.limits;
  l.max_vertex_attribs = implementation_limit(ctx, GL_MAX_VERTEX_ATTRIBS);
  l.max_vertex_uniform_components = implementation_limit(ctx, GL_MAX_VERTEX_UNIFORM_COMPONENTS);
  l.max_fragment_uniform_components = implementation_limit(ctx, GL_MAX_FRAGMENT_UNIFORM_COMPONENTS);
  l.max_varying_components = implementation_limit(ctx, GL_MAX_VARYING_COMPONENTS);
  l.max_vertex_output_components = implementation_limit(ctx, GL_MAX_VERTEX_OUTPUT_COMPONENTS);
  l.max_fragment_input_components = implementation_limit(ctx, GL_MAX_FRAGMENT_INPUT_COMPONENTS);
  l.max_vertex_texture_image_units = implementation_limit(ctx, GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS);
  l.max_texture_image_units = implementation_limit(ctx, GL_MAX_TEXTURE_IMAGE_UNITS);
  l.max_combined_texture_image_units = implementation_limit(ctx, GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS);
  l.max_clip_planes = implementation_limit(ctx, GL_MAX_CLIP_PLANES);
  if (!options.es) {
    l.max_clip_distances = implementation_limit(ctx, GL_MAX_CLIP_DISTANCES);
    l.max_cull_distances = implementation_limit(ctx, GL_MAX_CULL_DISTANCES);
    l.max_combined_clip_and_cull_distances = implementation_limit(ctx, GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES);
  }
  const st::ShaderLimits device = st::shader_limits(ctx.st().screen());
  for (int i = 0; i < 3; ++i)
    l.max_compute_work_group_size[std::size_t(i)] =
        int(std::min<std::uint32_t>(device.compute_work_group_size[std::size_t(i)], 0x7fffffff));
  l.max_compute_work_group_invocations = int(std::min<std::uint32_t>(device.compute_work_group_invocations, 0x7fffffff));
  l.max_vertex_shader_storage_blocks = implementation_limit(ctx, GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS);
  l.max_fragment_shader_storage_blocks = implementation_limit(ctx, GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS);
  l.max_compute_shader_storage_blocks = implementation_limit(ctx, GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS);
  l.max_combined_shader_storage_blocks = implementation_limit(ctx, GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS);
  return options;
}

ShaderRef find_shader(Context& ctx, GLuint name, const char* fn) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  if (auto found = group.shaders.find(name); found != group.shaders.end()) return found->second;
  if (group.programs.count(name))
    ctx.error(GL_INVALID_OPERATION, "%s(%u): a program object, not a shader", fn, name);
  else
    ctx.error(GL_INVALID_VALUE, "%s(%u): not a shader object", fn, name);
  return nullptr;
}

ProgramRef find_program(Context& ctx, GLuint name, const char* fn) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  if (auto found = group.programs.find(name); found != group.programs.end()) return found->second;
  if (group.shaders.count(name))
    ctx.error(GL_INVALID_OPERATION, "%s(%u): a shader object, not a program", fn, name);
  else
    ctx.error(GL_INVALID_VALUE, "%s(%u): not a program object", fn, name);
  return nullptr;
}

// Copies a string into (bufSize, length, out) the way every GL string query does: at most
// bufSize - 1 characters and a NUL, the length without it.
void copy_string_out(const std::string& text, GLsizei buf_size, GLsizei* length, GLchar* out) {
  GLsizei n = 0;
  if (buf_size > 0 && out) {
    n = GLsizei(std::min<std::size_t>(text.size(), std::size_t(buf_size - 1)));
    std::memcpy(out, text.data(), std::size_t(n));
    out[n] = '\0';
  }
  if (length) *length = n;
}

void release_shader(ShareGroup& group, ShaderObject& shader) {
  // Caller holds the mutex. A shader flagged for deletion goes with its last program.
  if (shader.delete_pending && shader.attached_count == 0) group.shaders.erase(shader.name);
}

namespace api {

GLuint CreateShader(Context& ctx, const char* fn, GLenum type) {
  if (!is_shader_type(type)) {
    ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not a shader type", fn, type);
    return 0;
  }
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  while (group.shaders.count(group.next_shader_program_name) || group.programs.count(group.next_shader_program_name) ||
         group.next_shader_program_name == 0)
    ++group.next_shader_program_name;
  const GLuint name = group.next_shader_program_name++;
  group.shaders[name] = std::make_shared<ShaderObject>(name, type);
  return name;
}

void DeleteShader(Context& ctx, const char* fn, GLuint shader) {
  if (shader == 0) return;  // silently ignored (7.1)
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  s->delete_pending = true;
  release_shader(group, *s);
}

GLboolean IsShader(Context& ctx, const char*, GLuint shader) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  return group.shaders.count(shader) ? GL_TRUE : GL_FALSE;
}

void ShaderSource(Context& ctx, const char* fn, GLuint shader, GLsizei count, const GLchar* const* string,
                  const GLint* length) {
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (count > 0 && !string) return ctx.error(GL_INVALID_VALUE, "%s: string is null", fn);
  std::string source;
  for (GLsizei i = 0; i < count; ++i) {
    if (!string[i]) continue;  // a null string contributes nothing (as Mesa)
    if (length && length[i] >= 0) source.append(string[i], std::size_t(length[i]));
    else source.append(string[i]);
  }
  s->source = std::move(source);
}

void CompileShader(Context& ctx, const char* fn, GLuint shader) {
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  const glsl::CompileOptions options = shader_compile_options(ctx);
  const glsl::CompileResult result = glsl::compile(stage_of(s->type), s->source, options);
  s->compiled = result.ok;
  s->info_log = result.log;
}

void GetShaderiv(Context& ctx, const char* fn, GLuint shader, GLenum pname, GLint* params) {
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  GLint value = 0;
  switch (pname) {
    case GL_SHADER_TYPE: value = GLint(s->type); break;
    case GL_DELETE_STATUS: value = s->delete_pending; break;
    case GL_COMPILE_STATUS: value = s->compiled; break;
    case GL_INFO_LOG_LENGTH: value = s->info_log.empty() ? 0 : GLint(s->info_log.size() + 1); break;
    case GL_SHADER_SOURCE_LENGTH: value = s->source.empty() ? 0 : GLint(s->source.size() + 1); break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a shader parameter", fn, pname);
  }
  if (params) *params = value;
}

void GetShaderInfoLog(Context& ctx, const char* fn, GLuint shader, GLsizei buf_size, GLsizei* length, GLchar* log) {
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  copy_string_out(s->info_log, buf_size, length, log);
}

void GetShaderSource(Context& ctx, const char* fn, GLuint shader, GLsizei buf_size, GLsizei* length, GLchar* source) {
  ShaderRef s = find_shader(ctx, shader, fn);
  if (!s) return;
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  copy_string_out(s->source, buf_size, length, source);
}

void ReleaseShaderCompiler(Context&, const char*) {}

// GL 4.6 7.2: glvk lists no shader binary format (NUM_SHADER_BINARY_FORMATS 0), so every call that
// gets past the count check names an unsupported format.
void ShaderBinary(Context& ctx, const char* fn, GLsizei count, const GLuint*, GLenum binary_format, const void*,
                  GLsizei length) {
  if (count < 0 || length < 0)
    return ctx.error(GL_INVALID_VALUE, "%s(count = %d, length = %d): negative", fn, count, length);
  ctx.error(GL_INVALID_ENUM, "%s(binaryformat = 0x%04x): not a shader binary format", fn, binary_format);
}

// GL 4.6 7.2: every precision of every stage is the stage's one 32-bit arithmetic: IEEE single
// floats (exponents to 2^127, 23 fraction bits), two's complement ints (-2^31 .. 2^31 - 1, which
// the range gives as log2 of the magnitudes, floored: 31 and 30; precision 0).
void GetShaderPrecisionFormat(Context& ctx, const char* fn, GLenum shader_type, GLenum precision_type, GLint* range,
                              GLint* precision) {
  if (shader_type != GL_VERTEX_SHADER && shader_type != GL_FRAGMENT_SHADER)
    return ctx.error(GL_INVALID_ENUM, "%s(shadertype = 0x%04x)", fn, shader_type);
  GLint r[2], p;
  switch (precision_type) {
    case GL_LOW_FLOAT: case GL_MEDIUM_FLOAT: case GL_HIGH_FLOAT: r[0] = r[1] = 127, p = 23; break;
    case GL_LOW_INT: case GL_MEDIUM_INT: case GL_HIGH_INT: r[0] = 31, r[1] = 30, p = 0; break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(precisiontype = 0x%04x)", fn, precision_type);
  }
  if (range) range[0] = r[0], range[1] = r[1];
  if (precision) *precision = p;
}

}  // namespace api
}  // namespace glvk::gl
