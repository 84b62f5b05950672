// ARB_vertex_program / ARB_fragment_program: program objects, their strings (translated to GLSL
// by arb_program/), env and local parameters, and the queries (ARB_vertex_program 2.14.1, 6.1.12).
// Compatibility contexts only: a core context raises INVALID_OPERATION, as for the other
// compatibility commands.
#include <algorithm>
#include <cstring>

#include "api_common.h"
#include "arb_program_object.h"
#include "legacy_params.h"
#include "state_query.h"

namespace glvk::gl {

ArbProgramContext& arb_program_context(Context& ctx) {
  if (!ctx.arb_programs) {
    auto s = std::make_shared<ArbProgramContext>();
    for (int t = 0; t < 2; ++t) {
      s->defaults[std::size_t(t)] = std::make_shared<ArbProgram>();
      s->defaults[std::size_t(t)]->target = t ? GL_FRAGMENT_PROGRAM_ARB : GL_VERTEX_PROGRAM_ARB;
      s->bound[std::size_t(t)] = s->defaults[std::size_t(t)];
      s->env[std::size_t(t)].assign(arb::kMaxEnvParameters, Vec4{0, 0, 0, 0});
    }
    ctx.arb_programs = std::move(s);
  }
  return *ctx.arb_programs;
}

int arb_target_index(GLenum target) {
  return target == GL_VERTEX_PROGRAM_ARB ? 0 : target == GL_FRAGMENT_PROGRAM_ARB ? 1 : -1;
}

namespace {

ArbProgramNames& program_names(Context& ctx) {
  ShareGroup& group = ctx.share_group();
  if (!group.arb_programs) group.arb_programs = std::make_shared<ArbProgramNames>();
  return *group.arb_programs;
}

// The target's index, or -1 after INVALID_ENUM (or INVALID_OPERATION in a core context).
int target_index(Context& ctx, const char* fn, GLenum target) {
  if (!compatibility_context(ctx, fn)) return -1;
  const int t = arb_target_index(target);
  if (t < 0) ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): not a program target", fn, target);
  return t;
}

std::uint64_t next_serial() {
  static std::atomic<std::uint64_t> serial{0};
  return ++serial;
}

void set_env(Context& ctx, const char* fn, GLenum target, GLuint index, const Vec4& v) {
  const int t = target_index(ctx, fn, target);
  if (t < 0) return;
  if (index >= arb::kMaxEnvParameters)
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below MAX_PROGRAM_ENV_PARAMETERS_ARB", fn, index);
  arb_program_context(ctx).env[std::size_t(t)][index] = v;
}

void set_local(Context& ctx, const char* fn, GLenum target, GLuint index, const Vec4& v) {
  const int t = target_index(ctx, fn, target);
  if (t < 0) return;
  if (index >= arb::kMaxLocalParameters)
    return ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below MAX_PROGRAM_LOCAL_PARAMETERS_ARB", fn, index);
  arb_program_context(ctx).bound[std::size_t(t)]->local[index] = v;
}

// The env or local parameter for a query, null after the error.
const Vec4* parameter(Context& ctx, const char* fn, GLenum target, GLuint index, bool env) {
  const int t = target_index(ctx, fn, target);
  if (t < 0) return nullptr;
  const unsigned limit = env ? arb::kMaxEnvParameters : arb::kMaxLocalParameters;
  if (index >= limit) {
    ctx.error(GL_INVALID_VALUE, "%s(index = %u): not below MAX_PROGRAM_%s_PARAMETERS_ARB", fn, index, env ? "ENV" : "LOCAL");
    return nullptr;
  }
  ArbProgramContext& s = arb_program_context(ctx);
  return env ? &s.env[std::size_t(t)][index] : &s.bound[std::size_t(t)]->local[index];
}

Vec4 from_doubles(const GLdouble* p) { return {GLfloat(p[0]), GLfloat(p[1]), GLfloat(p[2]), GLfloat(p[3])}; }

}  // namespace

namespace api {

void GenProgramsARB(Context& ctx, const char* fn, GLsizei n, GLuint* programs) {
  if (!compatibility_context(ctx, fn)) return;
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  ArbProgramNames& names = program_names(ctx);
  for (GLsizei i = 0; i < n; ++i) {
    while (names.programs.count(names.next_name)) ++names.next_name;
    programs[i] = names.next_name;
    names.programs.emplace(names.next_name++, nullptr);
  }
}

void DeleteProgramsARB(Context& ctx, const char* fn, GLsizei n, const GLuint* programs) {
  if (!compatibility_context(ctx, fn)) return;
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  ArbProgramContext& s = arb_program_context(ctx);
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  ArbProgramNames& names = program_names(ctx);
  for (GLsizei i = 0; i < n; ++i) {
    if (!programs[i]) continue;
    // A bound program being deleted reverts its target to program 0 (ARB_vertex_program 2.14.1.8).
    for (std::size_t t = 0; t < 2; ++t)
      if (s.bound[t]->name == programs[i]) s.bound[t] = s.defaults[t];
    names.programs.erase(programs[i]);
  }
}

void BindProgramARB(Context& ctx, const char* fn, GLenum target, GLuint program) {
  const int t = target_index(ctx, fn, target);
  if (t < 0) return;
  ArbProgramContext& s = arb_program_context(ctx);
  if (!program) {
    s.bound[std::size_t(t)] = s.defaults[std::size_t(t)];
    return;
  }
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  std::shared_ptr<ArbProgram>& p = program_names(ctx).programs[program];
  if (p && p->target != target)
    return ctx.error(GL_INVALID_OPERATION, "%s(program = %u): the program has another target", fn, program);
  if (!p) {
    p = std::make_shared<ArbProgram>();
    p->name = program;
    p->target = target;
  }
  s.bound[std::size_t(t)] = p;
}

GLboolean IsProgramARB(Context& ctx, const char* fn, GLuint program) {
  if (!compatibility_context(ctx, fn) || !program) return GL_FALSE;
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  const auto& programs = program_names(ctx).programs;
  const auto it = programs.find(program);
  return it != programs.end() && it->second ? GL_TRUE : GL_FALSE;
}

void ProgramStringARB(Context& ctx, const char* fn, GLenum target, GLenum format, GLsizei len, const void* string) {
  const int t = target_index(ctx, fn, target);
  if (t < 0) return;
  if (format != GL_PROGRAM_FORMAT_ASCII_ARB)
    return ctx.error(GL_INVALID_ENUM, "%s(format = 0x%04x): not PROGRAM_FORMAT_ASCII_ARB", fn, format);
  if (len < 0) return ctx.error(GL_INVALID_VALUE, "%s(len = %d): negative", fn, len);
  if (len && !string) return ctx.error(GL_INVALID_VALUE, "%s: no string", fn);
  ArbProgramContext& s = arb_program_context(ctx);
  ArbProgram& p = *s.bound[std::size_t(t)];
  const std::string_view text(static_cast<const char*>(string), std::size_t(len));
  arb::Translation tr = arb::translate(t ? arb::Kind::Fragment : arb::Kind::Vertex, text);
  if (!tr.ok) {
    // ARB_vertex_program 2.14.1.6: INVALID_OPERATION, the error's position and a message; the
    // program keeps what it had.
    s.error_position = tr.error_position;
    s.error_string = tr.error;
    return ctx.error(GL_INVALID_OPERATION, "%s: the program does not load: %s", fn, tr.error.c_str());
  }
  s.error_position = -1;
  s.error_string.clear();
  p.source.assign(text);
  p.translation = std::move(tr);
  p.loaded = true;
  p.serial = next_serial();
}

void GetProgramStringARB(Context& ctx, const char* fn, GLenum target, GLenum pname, void* string) {
  const int t = target_index(ctx, fn, target);
  if (t < 0) return;
  if (pname != GL_PROGRAM_STRING_ARB) return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not PROGRAM_STRING_ARB", fn, pname);
  const ArbProgram& p = *arb_program_context(ctx).bound[std::size_t(t)];
  if (string && !p.source.empty()) std::memcpy(string, p.source.data(), p.source.size());
}

void GetProgramivARB(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  const int t = target_index(ctx, fn, target);
  if (t < 0) return;
  const bool fragment = t == 1;
  const ArbProgram& p = *arb_program_context(ctx).bound[std::size_t(t)];
  const arb::Translation& tr = p.translation;
  GLint v = 0;
  switch (pname) {
    case GL_PROGRAM_LENGTH_ARB: v = GLint(p.source.size()); break;
    case GL_PROGRAM_FORMAT_ARB: v = GL_PROGRAM_FORMAT_ASCII_ARB; break;
    case GL_PROGRAM_BINDING_ARB: v = GLint(p.name); break;
    case GL_PROGRAM_INSTRUCTIONS_ARB: case GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB: v = GLint(tr.instructions); break;
    case GL_MAX_PROGRAM_INSTRUCTIONS_ARB: case GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB: v = arb::kMaxInstructions; break;
    case GL_PROGRAM_TEMPORARIES_ARB: case GL_PROGRAM_NATIVE_TEMPORARIES_ARB: v = GLint(tr.temporaries); break;
    case GL_MAX_PROGRAM_TEMPORARIES_ARB: case GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB: v = arb::kMaxTemporaries; break;
    case GL_PROGRAM_PARAMETERS_ARB: case GL_PROGRAM_NATIVE_PARAMETERS_ARB: v = GLint(tr.parameters); break;
    case GL_MAX_PROGRAM_PARAMETERS_ARB: case GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB: v = arb::kMaxParameters; break;
    case GL_PROGRAM_ATTRIBS_ARB: case GL_PROGRAM_NATIVE_ATTRIBS_ARB: v = GLint(tr.attribs); break;
    case GL_MAX_PROGRAM_ATTRIBS_ARB: case GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB:
      v = fragment ? arb::kMaxFragmentAttribs : arb::kMaxVertexAttribs;
      break;
    case GL_PROGRAM_ADDRESS_REGISTERS_ARB: case GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB: v = GLint(tr.address_registers); break;
    case GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB: case GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB:
      v = fragment ? 0 : arb::kMaxAddressRegisters;
      break;
    case GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB: v = arb::kMaxLocalParameters; break;
    case GL_MAX_PROGRAM_ENV_PARAMETERS_ARB: v = arb::kMaxEnvParameters; break;
    case GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB: v = GL_TRUE; break;
    // ARB_fragment_program's instruction classes: fragment programs only.
    case GL_PROGRAM_ALU_INSTRUCTIONS_ARB: case GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB: v = GLint(tr.alu_instructions); break;
    case GL_PROGRAM_TEX_INSTRUCTIONS_ARB: case GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB: v = GLint(tr.tex_instructions); break;
    case GL_PROGRAM_TEX_INDIRECTIONS_ARB: case GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB: v = GLint(tr.tex_indirections); break;
    case GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB: case GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB:
    case GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB: case GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB:
    case GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB: case GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB:
      v = arb::kMaxInstructions;
      break;
    default:
      return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a program parameter", fn, pname);
  }
  const bool fragment_only = (pname >= GL_PROGRAM_ALU_INSTRUCTIONS_ARB && pname <= GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB);
  if (fragment_only && !fragment)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): a fragment program parameter", fn, pname);
  *params = v;
}

void ProgramEnvParameter4fARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z,
                              GLfloat w) {
  set_env(ctx, fn, target, index, {x, y, z, w});
}
void ProgramEnvParameter4fvARB(Context& ctx, const char* fn, GLenum target, GLuint index, const GLfloat* params) {
  set_env(ctx, fn, target, index, {params[0], params[1], params[2], params[3]});
}
void ProgramEnvParameter4dARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLdouble x, GLdouble y, GLdouble z,
                              GLdouble w) {
  set_env(ctx, fn, target, index, {GLfloat(x), GLfloat(y), GLfloat(z), GLfloat(w)});
}
void ProgramEnvParameter4dvARB(Context& ctx, const char* fn, GLenum target, GLuint index, const GLdouble* params) {
  set_env(ctx, fn, target, index, from_doubles(params));
}
void ProgramLocalParameter4fARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLfloat x, GLfloat y, GLfloat z,
                                GLfloat w) {
  set_local(ctx, fn, target, index, {x, y, z, w});
}
void ProgramLocalParameter4fvARB(Context& ctx, const char* fn, GLenum target, GLuint index, const GLfloat* params) {
  set_local(ctx, fn, target, index, {params[0], params[1], params[2], params[3]});
}
void ProgramLocalParameter4dARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLdouble x, GLdouble y,
                                GLdouble z, GLdouble w) {
  set_local(ctx, fn, target, index, {GLfloat(x), GLfloat(y), GLfloat(z), GLfloat(w)});
}
void ProgramLocalParameter4dvARB(Context& ctx, const char* fn, GLenum target, GLuint index, const GLdouble* params) {
  set_local(ctx, fn, target, index, from_doubles(params));
}

void GetProgramEnvParameterfvARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLfloat* params) {
  if (const Vec4* v = parameter(ctx, fn, target, index, true)) std::copy(v->begin(), v->end(), params);
}
void GetProgramEnvParameterdvARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLdouble* params) {
  if (const Vec4* v = parameter(ctx, fn, target, index, true)) std::copy(v->begin(), v->end(), params);
}
void GetProgramLocalParameterfvARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLfloat* params) {
  if (const Vec4* v = parameter(ctx, fn, target, index, false)) std::copy(v->begin(), v->end(), params);
}
void GetProgramLocalParameterdvARB(Context& ctx, const char* fn, GLenum target, GLuint index, GLdouble* params) {
  if (const Vec4* v = parameter(ctx, fn, target, index, false)) std::copy(v->begin(), v->end(), params);
}

}  // namespace api

bool query_arb_program_state(Context& ctx, GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_PROGRAM_ERROR_POSITION_ARB: value.set_integers({arb_program_context(ctx).error_position}); return true;
    default: return false;
  }
}

const char* arb_program_error_string(Context& ctx) { return arb_program_context(ctx).error_string.c_str(); }

}  // namespace glvk::gl
