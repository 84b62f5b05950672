// Separate shader objects (GL 4.6 7.4, ARB_separate_shader_objects): program pipeline objects,
// glUseProgramStages, glActiveShaderProgram, glCreateShaderProgramv, glProgramParameteri, pipeline
// validation (7.4.1 and 11.1.3.11) and the program draws take from the bound pipeline.
#include <algorithm>
#include <cstring>
#include <map>
#include <set>

#include "api_common.h"
#include "glvk/st/context.h"
#include "glvk/st/program.h"
#include "legacy_internal.h"
#include "program_lookup.h"

namespace glvk::gl {

namespace {

using PipelineRef = std::shared_ptr<ProgramPipelineObject>;
using glsl::Stage;

constexpr Stage kDrawOrder[] = {Stage::Vertex, Stage::TessControl, Stage::TessEvaluation, Stage::Geometry,
                                Stage::Fragment};

constexpr glsl::StageMask bit(Stage s) { return 1u << unsigned(s); }

// The stage a *_SHADER_BIT names.
constexpr std::pair<GLbitfield, Stage> kStageBits[] = {
    {GL_VERTEX_SHADER_BIT, Stage::Vertex},     {GL_TESS_CONTROL_SHADER_BIT, Stage::TessControl},
    {GL_TESS_EVALUATION_SHADER_BIT, Stage::TessEvaluation}, {GL_GEOMETRY_SHADER_BIT, Stage::Geometry},
    {GL_FRAGMENT_SHADER_BIT, Stage::Fragment}, {GL_COMPUTE_SHADER_BIT, Stage::Compute}};

// The pipeline object a name holds, or null after INVALID_OPERATION (7.4: a name never generated
// or since deleted). A generated name acquires its state at the first command that uses it, as
// at its first bind (IsProgramPipeline is then TRUE).
PipelineRef find_pipeline(Context& ctx, GLuint name, const char* fn) {
  if (auto found = ctx.program_pipelines.find(name); found != ctx.program_pipelines.end()) {
    found->second->bound_once = true;
    return found->second;
  }
  ctx.error(GL_INVALID_OPERATION, "%s(%u): not a program pipeline object", fn, name);
  return nullptr;
}

glsl::StageMask executable_stages(const ProgramObject& p) {
  return p.executable ? p.executable->reflection().stages : 0;
}

// GL 4.6 11.1.3.11's conditions under which the pipeline's programs cannot execute; the reasons
// go to `log`.
bool pipeline_executable(const ProgramPipelineObject& pipe, std::string& log) {
  bool any = false;
  for (std::size_t s = 0; s < glsl::kStageCount; ++s) {
    const ProgramObject* p = pipe.stages[s].get();
    if (!p) continue;
    any = true;
    if (!p->linked_separable)
      log += "program " + std::to_string(p->name) + " was linked without PROGRAM_SEPARABLE\n";
    // A program is active for every stage it was linked with, or for none.
    for (std::size_t t = 0; t < glsl::kStageCount; ++t)
      if ((executable_stages(*p) >> t & 1u) && pipe.stages[t].get() != p) {
        log += "program " + std::to_string(p->name) + " is active for some but not all of its stages\n";
        break;
      }
  }
  if (!any) log += "no program is active for any stage\n";
  // No program is active between two stages of another one.
  for (std::size_t i = 0; i < std::size(kDrawOrder); ++i)
    for (std::size_t j = i + 2; j < std::size(kDrawOrder); ++j) {
      const ProgramObject* a = pipe.stages[std::size_t(kDrawOrder[i])].get();
      if (!a || pipe.stages[std::size_t(kDrawOrder[j])].get() != a) continue;
      for (std::size_t k = i + 1; k < j; ++k) {
        const ProgramObject* between = pipe.stages[std::size_t(kDrawOrder[k])].get();
        if (between && between != a) {
          log += "program " + std::to_string(between->name) + " is active between two stages of program " +
                 std::to_string(a->name) + "\n";
          i = j = std::size(kDrawOrder);
          break;
        }
      }
    }
  // Two active samplers of different types may not use one texture unit.
  std::map<GLint, std::uint32_t> unit_types;
  std::set<const ProgramObject*> seen;
  for (const ProgramRef& p : pipe.stages)
    if (p && p->executable && seen.insert(p.get()).second && !sampler_units_agree(*p, unit_types, log)) break;
  const bool vertex = pipe.stages[std::size_t(Stage::Vertex)] != nullptr;
  if (!vertex && (pipe.stages[std::size_t(Stage::TessControl)] || pipe.stages[std::size_t(Stage::TessEvaluation)] ||
                  pipe.stages[std::size_t(Stage::Geometry)]))
    log += "a tessellation or geometry stage is active without a vertex stage\n";
  return log.empty();
}

}  // namespace

bool sampler_units_agree(const ProgramObject& p, std::map<GLint, std::uint32_t>& unit_types, std::string& log) {
  const glsl::Program& r = p.executable->reflection();
  std::size_t flat = 0;
  for (const glsl::Resource& res : r.resources) {
    if (!glsl::is_sampler(res.kind)) continue;
    const std::uint32_t type = res.uniform >= 0 ? r.uniforms[std::size_t(res.uniform)].gl_type : 0;
    for (std::uint32_t e = 0; e < res.count; ++e, ++flat) {
      if (e < 64 && !(res.used_elements >> e & 1u)) continue;  // not an active sampler element
      const GLint unit = flat < p.sampler_units.size() ? p.sampler_units[flat] : 0;
      auto [known, added] = unit_types.emplace(unit, type);
      if (!added && known->second != type) {
        log += "samplers of different types use texture unit " + std::to_string(unit) + "\n";
        return false;
      }
    }
  }
  return true;
}

namespace {

// The combined program of the pipeline's current executables (remade when one changed).
bool refresh_combined(Context& ctx, ProgramPipelineObject& pipe, std::string& log) {
  std::array<std::shared_ptr<st::Program>, glsl::kStageCount> from;
  for (std::size_t s = 0; s < glsl::kStageCount; ++s)
    if (s != std::size_t(Stage::Compute) && pipe.stages[s]) from[s] = pipe.stages[s]->executable;
  if (pipe.combined && from == pipe.combined_from) return true;
  pipe.parts.clear();
  std::array<int, glsl::kStageCount> stage_program;
  stage_program.fill(-1);
  std::vector<const st::Program*> programs;
  for (Stage stage : kDrawOrder) {
    const std::size_t s = std::size_t(stage);
    if (!from[s]) continue;
    auto known = std::find(pipe.parts.begin(), pipe.parts.end(), pipe.stages[s]);
    if (known == pipe.parts.end()) {
      pipe.parts.push_back(pipe.stages[s]);
      programs.push_back(from[s].get());
      known = pipe.parts.end() - 1;
    }
    stage_program[s] = int(known - pipe.parts.begin());
  }
  std::shared_ptr<st::Program> executable =
      st::pipeline_program(ctx.st().shared_screen(), programs, stage_program, pipe.default_block_bases);
  if (!executable->linked()) {
    log += executable->reflection().log;
    pipe.combined.reset();
    return false;
  }
  auto combined = std::make_shared<ProgramObject>(0);
  combined->linked = true;
  combined->linked_separable = true;
  combined->pipeline_stages = true;
  combined->executable = std::move(executable);
  pipe.combined = std::move(combined);
  pipe.combined_from = from;
  return true;
}

}  // namespace

ProgramObject* pipeline_draw_program(Context& ctx, const char* fn) {
  ProgramPipelineObject& pipe = *ctx.bound_program_pipeline;
  std::string log;
  if (!pipeline_executable(pipe, log) || !refresh_combined(ctx, pipe, log)) {
    ctx.error(GL_INVALID_OPERATION, "%s: the program pipeline %u cannot execute: %s", fn, pipe.name, log.c_str());
    return nullptr;
  }
  // Each program keeps its own uniforms; the combined default block holds them side by side.
  ProgramObject& combined = *pipe.combined;
  const glsl::Program& r = combined.executable->reflection();
  combined.default_block.assign(r.default_block_size, std::byte{0});
  combined.sampler_units.clear();
  combined.image_units.clear();
  combined.block_bindings.clear();
  for (std::size_t i = 0; i < pipe.parts.size(); ++i) {
    ProgramObject& part = *pipe.parts[i];
    if (!part.builtin_uniforms.empty()) write_builtin_uniforms(ctx, part);
    const std::size_t base = pipe.default_block_bases[i];
    if (!part.default_block.empty() && base + part.default_block.size() <= combined.default_block.size())
      std::memcpy(combined.default_block.data() + base, part.default_block.data(), part.default_block.size());
    combined.sampler_units.insert(combined.sampler_units.end(), part.sampler_units.begin(), part.sampler_units.end());
    combined.image_units.insert(combined.image_units.end(), part.image_units.begin(), part.image_units.end());
    combined.block_bindings.insert(combined.block_bindings.end(), part.block_bindings.begin(), part.block_bindings.end());
  }
  ++combined.uniform_serial;
  return &combined;
}

ProgramRef vertex_processing_program(Context& ctx) {
  if (ctx.current_program || !ctx.bound_program_pipeline) return ctx.current_program;
  for (Stage s : {Stage::Geometry, Stage::TessEvaluation, Stage::Vertex})
    if (const ProgramRef& p = ctx.bound_program_pipeline->stages[std::size_t(s)]) return p;
  return nullptr;
}

ProgramObject* active_uniform_program(Context& ctx) {
  if (ctx.current_program) return ctx.current_program.get();
  return ctx.bound_program_pipeline ? ctx.bound_program_pipeline->active_program.get() : nullptr;
}

namespace api {

void GenProgramPipelines(Context& ctx, const char* fn, GLsizei n, GLuint* pipelines) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n; ++i) {
    while (ctx.next_program_pipeline_name == 0 || ctx.program_pipelines.count(ctx.next_program_pipeline_name))
      ++ctx.next_program_pipeline_name;
    const GLuint name = ctx.next_program_pipeline_name++;
    ctx.program_pipelines[name] = std::make_shared<ProgramPipelineObject>(name);
    if (pipelines) pipelines[i] = name;
  }
}

void CreateProgramPipelines(Context& ctx, const char* fn, GLsizei n, GLuint* pipelines) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  GenProgramPipelines(ctx, fn, n, pipelines);
  for (GLsizei i = 0; i < n && pipelines; ++i) ctx.program_pipelines[pipelines[i]]->bound_once = true;
}

void DeleteProgramPipelines(Context& ctx, const char* fn, GLsizei n, const GLuint* pipelines) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n && pipelines; ++i) {
    auto found = ctx.program_pipelines.find(pipelines[i]);
    if (found == ctx.program_pipelines.end()) continue;
    if (ctx.bound_program_pipeline == found->second) ctx.bound_program_pipeline.reset();
    ctx.program_pipelines.erase(found);
  }
}

GLboolean IsProgramPipeline(Context& ctx, const char*, GLuint pipeline) {
  auto found = ctx.program_pipelines.find(pipeline);
  return found != ctx.program_pipelines.end() && found->second->bound_once ? GL_TRUE : GL_FALSE;
}

void BindProgramPipeline(Context& ctx, const char* fn, GLuint pipeline) {
  PipelineRef pipe;
  if (pipeline) {
    pipe = find_pipeline(ctx, pipeline, fn);
    if (!pipe) return;
  }
  if (ctx.transform_feedback_capturing())
    return ctx.error(GL_INVALID_OPERATION, "%s(%u): transform feedback is active and not paused (13.3)", fn, pipeline);
  if (pipe) pipe->bound_once = true;
  ctx.bound_program_pipeline = std::move(pipe);
}

void UseProgramStages(Context& ctx, const char* fn, GLuint pipeline, GLbitfield stages, GLuint program) {
  PipelineRef pipe = find_pipeline(ctx, pipeline, fn);
  if (!pipe) return;
  GLbitfield known = 0;
  for (const auto& [b, stage] : kStageBits) known |= b;
  if (stages != GL_ALL_SHADER_BITS && (stages & ~known))
    return ctx.error(GL_INVALID_VALUE, "%s(stages = 0x%x): not a combination of shader stage bits", fn, stages);
  ProgramRef p;
  if (program) {
    p = find_program(ctx, program, fn);
    if (!p) return;
    if (!p->linked)
      return ctx.error(GL_INVALID_OPERATION, "%s(program = %u): the program is not linked", fn, program);
    if (!p->linked_separable)
      return ctx.error(GL_INVALID_OPERATION, "%s(program = %u): the program was not linked separable", fn, program);
  }
  if (pipe == ctx.bound_program_pipeline && ctx.transform_feedback_capturing())
    return ctx.error(GL_INVALID_OPERATION, "%s: transform feedback is active and not paused (13.3)", fn);
  // A stage the program has no executable for is left without a program (7.4).
  const glsl::StageMask has = p ? executable_stages(*p) : 0;
  for (const auto& [b, stage] : kStageBits)
    if (stages & b) pipe->stages[std::size_t(stage)] = (has & bit(stage)) ? p : nullptr;
}

void ActiveShaderProgram(Context& ctx, const char* fn, GLuint pipeline, GLuint program) {
  ProgramRef p;
  if (program) {
    p = find_program(ctx, program, fn);
    if (!p) return;
  }
  PipelineRef pipe = find_pipeline(ctx, pipeline, fn);
  if (!pipe) return;
  if (p && !p->linked)
    return ctx.error(GL_INVALID_OPERATION, "%s(program = %u): the program is not linked", fn, program);
  pipe->active_program = std::move(p);
}

void ValidateProgramPipeline(Context& ctx, const char* fn, GLuint pipeline) {
  PipelineRef pipe = find_pipeline(ctx, pipeline, fn);
  if (!pipe) return;
  std::string log;
  pipe->validated = pipeline_executable(*pipe, log) && refresh_combined(ctx, *pipe, log);
  pipe->info_log = log;
}

void GetProgramPipelineiv(Context& ctx, const char* fn, GLuint pipeline, GLenum pname, GLint* params) {
  PipelineRef pipe = find_pipeline(ctx, pipeline, fn);
  if (!pipe) return;
  auto name_of = [&](Stage s) { return pipe->stages[std::size_t(s)] ? GLint(pipe->stages[std::size_t(s)]->name) : 0; };
  GLint value = 0;
  switch (pname) {
    case GL_ACTIVE_PROGRAM: value = pipe->active_program ? GLint(pipe->active_program->name) : 0; break;
    case GL_VERTEX_SHADER: value = name_of(Stage::Vertex); break;
    case GL_TESS_CONTROL_SHADER: value = name_of(Stage::TessControl); break;
    case GL_TESS_EVALUATION_SHADER: value = name_of(Stage::TessEvaluation); break;
    case GL_GEOMETRY_SHADER: value = name_of(Stage::Geometry); break;
    case GL_FRAGMENT_SHADER: value = name_of(Stage::Fragment); break;
    case GL_COMPUTE_SHADER: value = name_of(Stage::Compute); break;
    case GL_VALIDATE_STATUS: value = pipe->validated; break;
    case GL_INFO_LOG_LENGTH: value = pipe->info_log.empty() ? 0 : GLint(pipe->info_log.size() + 1); break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a program pipeline parameter", fn, pname);
  }
  if (params) *params = value;
}

void GetProgramPipelineInfoLog(Context& ctx, const char* fn, GLuint pipeline, GLsizei buf_size, GLsizei* length,
                               GLchar* log) {
  PipelineRef pipe = find_pipeline(ctx, pipeline, fn);
  if (!pipe) return;
  if (buf_size < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufSize = %d): negative", fn, buf_size);
  copy_string_out(pipe->info_log, buf_size, length, log);
}

void ProgramParameteri(Context& ctx, const char* fn, GLuint program, GLenum pname, GLint value) {
  ProgramRef p = find_program(ctx, program, fn);
  if (!p) return;
  if (pname != GL_PROGRAM_SEPARABLE && pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a program parameter it sets", fn, pname);
  if (value != GL_TRUE && value != GL_FALSE)
    return ctx.error(GL_INVALID_VALUE, "%s(value = %d): not TRUE or FALSE", fn, value);
  (pname == GL_PROGRAM_SEPARABLE ? p->separable : p->binary_retrievable_hint) = value == GL_TRUE;
}

// GL 4.6 7.3's equivalent command sequence: compile, link separable, the compile log prepended.
GLuint CreateShaderProgramv(Context& ctx, const char* fn, GLenum type, GLsizei count, const GLchar* const* strings) {
  if (count < 0) {
    ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
    return 0;
  }
  const GLuint shader = CreateShader(ctx, fn, type);
  if (!shader) return 0;
  ShaderSource(ctx, fn, shader, count, strings, nullptr);
  CompileShader(ctx, fn, shader);
  const GLuint program = CreateProgram(ctx, fn);
  ShaderRef s = find_shader(ctx, shader, fn);
  ProgramRef p = find_program(ctx, program, fn);
  if (s && p) {
    p->separable = true;
    if (s->compiled) {
      AttachShader(ctx, fn, program, shader);
      LinkProgram(ctx, fn, program);
      DetachShader(ctx, fn, program, shader);
    }
    p->info_log = s->info_log + p->info_log;
  }
  DeleteShader(ctx, fn, shader);
  return program;
}

}  // namespace api
}  // namespace glvk::gl
