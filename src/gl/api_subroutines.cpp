// Shader subroutines (GL 4.6 7.10, ARB_shader_subroutine): the queries over the reflection src/glsl
// reads from the text (glsl::StageSubroutines), glGetProgramStageiv (7.13), and the selection of
// each stage's subroutine uniforms: context state, by location, reset to a compatible subroutine
// whenever the stage's program changes (glUseProgram, a relink, the bound pipeline's stages), and
// written into the drawn program's selectors before each draw (`write_subroutine_selection`).
#include <algorithm>
#include <cstring>
#include <optional>

#include "api_common.h"
#include "program_lookup.h"
#include "state_query.h"

namespace glvk::gl {
namespace {

std::optional<glsl::Stage> subroutine_stage(GLenum shadertype) {
  switch (shadertype) {
    case GL_VERTEX_SHADER: return glsl::Stage::Vertex;
    case GL_TESS_CONTROL_SHADER: return glsl::Stage::TessControl;
    case GL_TESS_EVALUATION_SHADER: return glsl::Stage::TessEvaluation;
    case GL_GEOMETRY_SHADER: return glsl::Stage::Geometry;
    case GL_FRAGMENT_SHADER: return glsl::Stage::Fragment;
    case GL_COMPUTE_SHADER: return glsl::Stage::Compute;
    default: return std::nullopt;
  }
}

const glsl::StageSubroutines kNone;

// A program's subroutines of one stage (none when it has no executable for the stage).
const glsl::StageSubroutines& stage_subroutines(const glsl::Program* r, glsl::Stage stage) {
  return r && (r->stages & (1u << unsigned(stage))) ? r->subroutines[std::size_t(stage)] : kNone;
}

// The named program and the stage its query is about; false after the error.
bool program_and_stage(Context& ctx, const char* fn, GLuint program, GLenum shadertype, ProgramRef& p,
                       glsl::Stage& stage) {
  p = find_program(ctx, program, fn);
  if (!p) return false;
  const std::optional<glsl::Stage> s = subroutine_stage(shadertype);
  if (!s) {
    ctx.error(GL_INVALID_ENUM, "%s(shadertype = 0x%04x): not a shader stage", fn, shadertype);
    return false;
  }
  stage = *s;
  return true;
}

// The program whose executable runs `stage` in this context: the one in use, else the bound
// pipeline's program for the stage (null: none).
const ProgramObject* stage_program(Context& ctx, glsl::Stage stage) {
  const ProgramObject* p = ctx.current_program.get();
  if (!p && ctx.bound_program_pipeline) p = ctx.bound_program_pipeline->stages[std::size_t(stage)].get();
  const glsl::Program* r = p ? p->reflection() : nullptr;
  return r && (r->stages & (1u << unsigned(stage))) ? p : nullptr;
}

// The selection of `stage` for the program `owner` runs it with: reset to the first compatible
// subroutine of each location when the executable changed since it was made (7.10). The
// selection holds the executable, so a new one never takes an old one's address.
std::vector<GLuint>& selection(Context& ctx, glsl::Stage stage, const ProgramObject* owner) {
  Context::SubroutineSelection& sel = ctx.subroutine_selection[std::size_t(stage)];
  const std::shared_ptr<st::Program> executable = owner ? owner->executable : nullptr;
  const glsl::StageSubroutines& s = stage_subroutines(owner ? owner->reflection() : nullptr, stage);
  if (sel.executable != executable || !sel.valid || sel.indices.size() != s.locations) {
    sel.executable = executable;
    sel.valid = true;
    sel.indices.assign(s.locations, 0);
    for (const glsl::SubroutineUniform& u : s.uniforms)
      for (std::uint32_t e = 0; e < u.array_size && u.location + e < s.locations; ++e)
        sel.indices[u.location + e] = u.compatible.empty() ? 0 : u.compatible.front();
  }
  return sel.indices;
}

// The subroutine uniform at `location`, or null (a location between explicit ones holds none).
const glsl::SubroutineUniform* uniform_at(const glsl::StageSubroutines& s, std::uint32_t location) {
  for (const glsl::SubroutineUniform& u : s.uniforms)
    if (location >= u.location && location < u.location + u.array_size) return &u;
  return nullptr;
}

GLint name_length(const std::string& name) { return GLint(name.size() + 1); }

// glGetActiveSubroutineName and glGetActiveSubroutineUniformName (`uniforms`): the name at
// `index` of the stage's subroutines or subroutine uniforms, after the section's checks.
void active_name(Context& ctx, const char* fn, GLuint program, GLenum shadertype, GLuint index, GLsizei bufsize,
                 GLsizei* length, GLchar* name, bool uniforms) {
  ProgramRef p;
  glsl::Stage stage;
  if (!program_and_stage(ctx, fn, program, shadertype, p, stage)) return;
  const glsl::StageSubroutines& s = stage_subroutines(p->reflection(), stage);
  const std::size_t count = uniforms ? s.uniforms.size() : s.subroutines.size();
  if (index >= count)
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below %s (%zu)", fn, index,
                     uniforms ? "ACTIVE_SUBROUTINE_UNIFORMS" : "ACTIVE_SUBROUTINES", count);
  if (bufsize < 0) return ctx.error(GL_INVALID_VALUE, "%s(bufsize = %d): negative", fn, bufsize);
  copy_string_out(uniforms ? s.uniforms[index].name : s.subroutines[index], bufsize, length, name);
}

}  // namespace

void reset_subroutine_selection(Context& ctx) {
  for (Context::SubroutineSelection& sel : ctx.subroutine_selection) sel.valid = false;
}

void write_subroutine_selection(Context& ctx, ProgramObject& drawn) {
  const glsl::Program* r = drawn.reflection();
  if (!r) return;
  bool changed = false;
  for (std::size_t s = 0; s < glsl::kStageCount; ++s) {
    const glsl::StageSubroutines& subs = r->subroutines[s];
    if (subs.uniforms.empty()) continue;
    const ProgramObject* owner = stage_program(ctx, glsl::Stage(s));
    const std::vector<GLuint>& indices = selection(ctx, glsl::Stage(s), owner);
    for (const glsl::SubroutineUniform& u : subs.uniforms) {
      if (u.selector_offset == ~0u) continue;
      for (std::uint32_t e = 0; e < u.array_size; ++e) {
        const std::size_t at = std::size_t(u.selector_offset) + std::size_t(e) * u.selector_stride;
        const GLuint index = u.location + e < indices.size() ? indices[u.location + e] : 0;
        if (at + 4 > drawn.default_block.size()) continue;
        if (std::memcmp(drawn.default_block.data() + at, &index, 4) == 0) continue;
        std::memcpy(drawn.default_block.data() + at, &index, 4);
        changed = true;
      }
    }
  }
  if (changed) ++drawn.uniform_serial;
}

bool query_subroutine_limits(GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_MAX_SUBROUTINES: value.set_integers({glsl::kMaxSubroutines}); return true;
    case GL_MAX_SUBROUTINE_UNIFORM_LOCATIONS: value.set_integers({glsl::kMaxSubroutineUniformLocations}); return true;
    default: return false;
  }
}

namespace api {

GLint GetSubroutineUniformLocation(Context& ctx, const char* fn, GLuint program, GLenum shadertype,
                                   const GLchar* name) {
  ProgramRef p;
  glsl::Stage stage;
  if (!program_and_stage(ctx, fn, program, shadertype, p, stage) || !name) return -1;
  for (const glsl::SubroutineUniform& u : stage_subroutines(p->reflection(), stage).uniforms) {
    // "u" and "u[0]" name element 0 of an array, "u[i]" element i (7.3.1's rule).
    const long element = element_of(u.name + (u.array_size > 1 ? "[0]" : ""), u.array_size, name);
    if (element >= 0) return GLint(u.location + std::uint32_t(element));
  }
  return -1;
}

GLuint GetSubroutineIndex(Context& ctx, const char* fn, GLuint program, GLenum shadertype, const GLchar* name) {
  ProgramRef p;
  glsl::Stage stage;
  if (!program_and_stage(ctx, fn, program, shadertype, p, stage) || !name) return GL_INVALID_INDEX;
  const std::vector<std::string>& names = stage_subroutines(p->reflection(), stage).subroutines;
  const auto found = std::find(names.begin(), names.end(), std::string(name));
  return found == names.end() || found->empty() ? GL_INVALID_INDEX : GLuint(found - names.begin());
}

void GetActiveSubroutineUniformiv(Context& ctx, const char* fn, GLuint program, GLenum shadertype, GLuint index,
                                  GLenum pname, GLint* values) {
  ProgramRef p;
  glsl::Stage stage;
  if (!program_and_stage(ctx, fn, program, shadertype, p, stage)) return;
  if (pname != GL_NUM_COMPATIBLE_SUBROUTINES && pname != GL_COMPATIBLE_SUBROUTINES && pname != GL_UNIFORM_SIZE &&
      pname != GL_UNIFORM_NAME_LENGTH)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a subroutine uniform parameter", fn, pname);
  const glsl::StageSubroutines& s = stage_subroutines(p->reflection(), stage);
  if (index >= s.uniforms.size())
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below ACTIVE_SUBROUTINE_UNIFORMS (%zu)", fn, index,
                     s.uniforms.size());
  if (!values) return;
  const glsl::SubroutineUniform& u = s.uniforms[index];
  switch (pname) {
    case GL_NUM_COMPATIBLE_SUBROUTINES: *values = GLint(u.compatible.size()); break;
    case GL_COMPATIBLE_SUBROUTINES: std::copy(u.compatible.begin(), u.compatible.end(), values); break;
    case GL_UNIFORM_SIZE: *values = GLint(u.array_size); break;
    default: *values = name_length(u.name); break;
  }
}

void GetActiveSubroutineUniformName(Context& ctx, const char* fn, GLuint program, GLenum shadertype, GLuint index,
                                    GLsizei bufsize, GLsizei* length, GLchar* name) {
  active_name(ctx, fn, program, shadertype, index, bufsize, length, name, true);
}

void GetActiveSubroutineName(Context& ctx, const char* fn, GLuint program, GLenum shadertype, GLuint index,
                             GLsizei bufsize, GLsizei* length, GLchar* name) {
  active_name(ctx, fn, program, shadertype, index, bufsize, length, name, false);
}

void GetProgramStageiv(Context& ctx, const char* fn, GLuint program, GLenum shadertype, GLenum pname,
                       GLint* values) {
  ProgramRef p;
  glsl::Stage stage;
  if (!program_and_stage(ctx, fn, program, shadertype, p, stage)) return;
  const glsl::StageSubroutines& s = stage_subroutines(p->reflection(), stage);
  GLint value = 0;
  switch (pname) {
    case GL_ACTIVE_SUBROUTINE_UNIFORMS: value = GLint(s.uniforms.size()); break;
    case GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS: value = GLint(s.locations); break;
    case GL_ACTIVE_SUBROUTINES: value = GLint(std::count_if(s.subroutines.begin(), s.subroutines.end(),
                                                            [](const std::string& n) { return !n.empty(); }));
      break;
    case GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH:
      for (const glsl::SubroutineUniform& u : s.uniforms) value = std::max(value, name_length(u.name));
      break;
    case GL_ACTIVE_SUBROUTINE_MAX_LENGTH:
      for (const std::string& n : s.subroutines)
        if (!n.empty()) value = std::max(value, name_length(n));
      break;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a program stage parameter", fn, pname);
  }
  if (values) *values = value;
}

void UniformSubroutinesuiv(Context& ctx, const char* fn, GLenum shadertype, GLsizei count, const GLuint* indices) {
  const std::optional<glsl::Stage> stage = subroutine_stage(shadertype);
  if (!stage) return ctx.error(GL_INVALID_ENUM, "%s(shadertype = 0x%04x): not a shader stage", fn, shadertype);
  const ProgramObject* p = stage_program(ctx, *stage);
  if (!p) return ctx.error(GL_INVALID_OPERATION, "%s: no program in use runs this stage", fn);
  const glsl::StageSubroutines& s = stage_subroutines(p->reflection(), *stage);
  if (count < 0 || GLuint(count) != s.locations)
    return ctx.error(GL_INVALID_VALUE, "%s(count = %d): not ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS (%u)", fn, count,
                     s.locations);
  if (count > 0 && !indices) return ctx.error(GL_INVALID_VALUE, "%s: indices is null", fn);
  for (GLsizei i = 0; i < count; ++i) {
    const glsl::SubroutineUniform* u = uniform_at(s, GLuint(i));
    if (!u) continue;  // no uniform there: the value is ignored
    if (indices[i] >= s.subroutines.size() || s.subroutines[indices[i]].empty())
      return ctx.error(GL_INVALID_VALUE, "%s(indices[%d] = %u): not below ACTIVE_SUBROUTINES", fn, i, indices[i]);
    if (std::find(u->compatible.begin(), u->compatible.end(), indices[i]) == u->compatible.end())
      return ctx.error(GL_INVALID_OPERATION, "%s(indices[%d] = %u): not compatible with subroutine uniform %s", fn, i,
                       indices[i], u->name.c_str());
  }
  std::vector<GLuint>& sel = selection(ctx, *stage, p);
  for (GLsizei i = 0; i < count; ++i)
    if (uniform_at(s, GLuint(i))) sel[std::size_t(i)] = indices[i];
}

void GetUniformSubroutineuiv(Context& ctx, const char* fn, GLenum shadertype, GLint location, GLuint* params) {
  const std::optional<glsl::Stage> stage = subroutine_stage(shadertype);
  if (!stage) return ctx.error(GL_INVALID_ENUM, "%s(shadertype = 0x%04x): not a shader stage", fn, shadertype);
  const ProgramObject* p = stage_program(ctx, *stage);
  if (!p) return ctx.error(GL_INVALID_OPERATION, "%s: no program in use runs this stage", fn);
  const glsl::StageSubroutines& s = stage_subroutines(p->reflection(), *stage);
  if (location < 0 || GLuint(location) >= s.locations)
    return ctx.error(GL_INVALID_VALUE, "%s(location = %d): not below ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS (%u)", fn,
                     location, s.locations);
  const std::vector<GLuint>& sel = selection(ctx, *stage, p);
  if (params) *params = sel[std::size_t(location)];
}

}  // namespace api
}  // namespace glvk::gl
