// Draws with ARB_vertex_program / ARB_fragment_program: the enabled stages' translations (GLSL
// from arb_program/) linked into one program per pair of loaded strings, the other stage
// fixed-function processing through the same partner mechanism a GLSL program lacking a stage
// uses (ff_partner.cpp). Before each draw the env and local parameters are written into the
// uniform arrays the translation declared.
#include <cstring>
#include <set>

#include "arb_program_object.h"
#include "ff_program.h"
#include "legacy_internal.h"
#include "program_lookup.h"
#include "glvk/st/context.h"
#include "glvk/st/program.h"

namespace glvk::gl {

namespace {

// The loaded program of an enabled target; null with `failed` after the draw's error
// (ARB_vertex_program 2.14.1.6: INVALID_OPERATION for an enabled target whose program is not valid).
const ArbProgram* enabled_program(Context& ctx, const char* fn, ArbProgramContext& s, int t, bool& failed) {
  if (!capability_enabled(ctx, t ? GL_FRAGMENT_PROGRAM_ARB : GL_VERTEX_PROGRAM_ARB)) return nullptr;
  const ArbProgram& p = *s.bound[std::size_t(t)];
  if (!p.loaded) {
    ctx.error(GL_INVALID_OPERATION, "%s: %s is enabled and its bound program is not valid", fn,
              t ? "FRAGMENT_PROGRAM_ARB" : "VERTEX_PROGRAM_ARB");
    failed = true;
  }
  return p.loaded ? &p : nullptr;
}

void link(Context& ctx, const ArbProgram* vp, const ArbProgram* fp, ArbProgramContext::Linked& out) {
  std::vector<glsl::ShaderSource> sources;
  glsl::LinkOptions options;
  options.compile = shader_compile_options(ctx);
  if (vp) {
    sources.push_back({glsl::Stage::Vertex, vp->translation.glsl});
    for (unsigned n = 0; n < arb::kMaxVertexAttribs; ++n)
      if (vp->translation.generic_attribs >> n & 1u) options.attribute_locations["arb_attrib" + std::to_string(n)] = n;
  }
  if (fp) sources.push_back({glsl::Stage::Fragment, fp->translation.glsl});
  std::shared_ptr<st::Program> linked = st::link_program(ctx.st().shared_screen(), sources, options);
  if (!linked->linked()) {
    out.error = linked->reflection().log;
    return;
  }
  ff::ProgramEntry e;
  // Samplers are ff_texture<unit>, each on its unit, as in the generated fixed-function stages.
  ff::adopt_program(e, linked, false);
  e.program->fixed_stages = plan_fixed_stages(ctx, sources, options, e.program->executable->reflection());
  out.program = std::move(e.program);
}

// program.env[] and program.local[] of one stage into the uniform arrays named for them.
void write_parameters(ProgramObject& p, const glsl::Program& r, arb::Kind kind, const std::vector<Vec4>& env,
                      const std::vector<Vec4>& local) {
  for (const glsl::Uniform& u : r.uniforms) {
    const std::vector<Vec4>* values = nullptr;
    if (u.name.rfind(arb::env_uniform(kind), 0) == 0) values = &env;
    else if (u.name.rfind(arb::local_uniform(kind), 0) == 0) values = &local;
    if (!values || u.block_index >= 0) continue;
    const std::size_t stride = u.array_stride ? u.array_stride : sizeof(Vec4);
    for (std::uint32_t i = 0; i < u.array_size && i < values->size(); ++i) {
      const std::size_t at = u.offset + i * stride;
      if (at + sizeof(Vec4) <= p.default_block.size()) std::memcpy(p.default_block.data() + at, (*values)[i].data(), sizeof(Vec4));
    }
  }
  ++p.uniform_serial;
}

// The current matrix of each MATRIXi_ARB stack into state.matrix.program[]'s uniform array.
void write_program_matrices(Context& ctx, ProgramObject& p, const glsl::Program& r) {
  for (const glsl::Uniform& u : r.uniforms) {
    if (u.name.rfind(arb::program_matrix_uniform(), 0) != 0 || u.block_index >= 0) continue;
    for (std::uint32_t i = 0; i < u.array_size && i < kMaxProgramMatrices; ++i) {
      const Matrix4& m = ctx.transform.program[i].back();
      for (std::size_t c = 0; c < 4; ++c) {
        const std::size_t at = u.offset + i * u.array_stride + c * u.matrix_stride;
        const GLfloat column[4] = {GLfloat(m[c * 4]), GLfloat(m[c * 4 + 1]), GLfloat(m[c * 4 + 2]), GLfloat(m[c * 4 + 3])};
        if (at + sizeof column <= p.default_block.size()) std::memcpy(p.default_block.data() + at, column, sizeof column);
      }
    }
  }
}

// Drops the linked programs of strings no program object holds any more (reloaded or deleted),
// so that a program reloaded every frame does not grow the cache.
void forget_replaced(Context& ctx, ArbProgramContext& s) {
  if (s.linked.size() < 16) return;
  std::set<std::uint64_t> live{0};
  for (const auto& p : s.defaults) live.insert(p->serial);
  {
    ShareGroup& group = ctx.share_group();
    std::lock_guard lock(group.mutex);
    if (group.arb_programs)
      for (const auto& [name, p] : group.arb_programs->programs)
        if (p) live.insert(p->serial);
  }
  std::erase_if(s.linked, [&](const auto& entry) {
    return !live.count(entry.first.first) || !live.count(entry.first.second);
  });
}

}  // namespace

ProgramObject* arb_program_for_draw(Context& ctx, const char* fn, GLenum mode, bool& active) {
  active = false;
  if (!ctx.arb_programs) return nullptr;  // no ARB program command yet: nothing can be enabled with one
  ArbProgramContext& s = *ctx.arb_programs;
  bool failed = false;
  const ArbProgram* vp = enabled_program(ctx, fn, s, 0, failed);
  const ArbProgram* fp = enabled_program(ctx, fn, s, 1, failed);
  active = failed || vp || fp;
  if (failed || !active) return nullptr;
  const std::pair<std::uint64_t, std::uint64_t> key{vp ? vp->serial : 0, fp ? fp->serial : 0};
  if (!s.linked.count(key)) forget_replaced(ctx, s);
  auto [it, inserted] = s.linked.try_emplace(key);
  ArbProgramContext::Linked& l = it->second;
  if (inserted) link(ctx, vp, fp, l);
  if (!l.program) {
    ctx.error(GL_INVALID_OPERATION, "%s: the ARB programs do not link: %s", fn, l.error.c_str());
    return nullptr;
  }
  ProgramObject& p = *l.program;
  const glsl::Program& r = p.executable->reflection();
  if (vp) write_parameters(p, r, arb::Kind::Vertex, s.env[0], vp->local);
  if (fp) write_parameters(p, r, arb::Kind::Fragment, s.env[1], fp->local);
  if ((vp && vp->translation.program_matrices) || (fp && fp->translation.program_matrices)) write_program_matrices(ctx, p, r);
  if (!p.builtin_uniforms.empty()) write_builtin_uniforms(ctx, p, mode);
  if (p.fixed_stages) return program_with_fixed_stage(ctx, fn, p, mode);
  return &p;
}

}  // namespace glvk::gl
