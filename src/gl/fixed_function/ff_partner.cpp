// GLSL programs without a vertex or a fragment shader in the compatibility profile (GL 4.6
// compatibility 11.1 and 15: the missing stage is fixed-function vertex or fragment processing).
// The generated stage (ff_shader_gen.cpp with Key::partner) is linked with the user's stage into a
// hidden program per state key. The GL-visible program stays the user's: its uniform locations,
// values, queries and info log; the values are copied by name into the hidden program before
// each draw, then the generated stage's ff_* uniforms and the built-in ones are written.
#include <cstring>
#include <map>
#include <string>
#include <string_view>

#include "ff_program.h"
#include "legacy_internal.h"
#include "glvk/st/context.h"
#include "glvk/st/program.h"
#include "uniform_storage.h"

namespace glvk::gl {

class FixedStages {
 public:
  struct Copy {
    std::uint32_t from, to, size;  // user default block -> hidden default block
  };
  struct Variant : ff::ProgramEntry {
    std::string error;  // the link failure (program null)
    std::vector<Copy> copies;
    std::vector<std::pair<std::size_t, std::size_t>> samplers;  // hidden flat index <- user flat index
    std::vector<std::pair<std::size_t, std::size_t>> blocks;    // hidden block <- user block
  };
  ff::Partner partner = ff::Partner::None;
  std::uint8_t reads = 0;  // ff::PartnerReads of the user's fragment shader
  std::vector<glsl::ShaderSource> sources;
  glsl::LinkOptions options;
  std::map<ff::Key, Variant> variants;
};

namespace {

constexpr glsl::StageMask bit(glsl::Stage s) { return 1u << unsigned(s); }

// The flat sampler index of each sampler resource's first element, by uniform name.
std::map<std::string, std::size_t> sampler_bases(const glsl::Program& r) {
  std::map<std::string, std::size_t> out;
  std::size_t flat = 0;
  for (const glsl::Resource& res : r.resources) {
    if (!glsl::is_sampler(res.kind)) continue;
    if (res.uniform >= 0) out.emplace(r.uniforms[std::size_t(res.uniform)].name, flat);
    flat += res.count;
  }
  return out;
}

// Where the user's uniform state lands in the hidden program (same names, same types).
void plan_copies(const glsl::Program& user, const glsl::Program& hidden, FixedStages::Variant& v) {
  std::map<std::string_view, const glsl::Uniform*> by_name;
  for (const glsl::Uniform& u : hidden.uniforms) by_name.emplace(u.name, &u);
  for (const glsl::Uniform& u : user.uniforms) {
    const auto it = by_name.find(u.name);
    if (it == by_name.end() || it->second->gl_type != u.gl_type || it->second->array_size != u.array_size) continue;
    const std::vector<UniformSpan> from = uniform_spans(u), to = uniform_spans(*it->second);
    for (std::size_t i = 0; i < from.size() && i < to.size(); ++i)
      v.copies.push_back({from[i].offset, to[i].offset, std::min(from[i].size, to[i].size)});
  }
  const std::map<std::string, std::size_t> user_samplers = sampler_bases(user);
  std::size_t flat = 0;
  for (const glsl::Resource& res : hidden.resources) {
    if (!glsl::is_sampler(res.kind)) continue;
    const std::string& name = res.uniform >= 0 ? hidden.uniforms[std::size_t(res.uniform)].name : std::string();
    if (const auto it = user_samplers.find(name); it != user_samplers.end())
      for (std::uint32_t e = 0; e < res.count; ++e) v.samplers.emplace_back(flat + e, it->second + e);
    flat += res.count;
  }
  for (std::size_t b = 0; b < hidden.blocks.size(); ++b)
    for (std::size_t ub = 0; ub < user.blocks.size(); ++ub)
      if (user.blocks[ub].name == hidden.blocks[b].name) v.blocks.emplace_back(b, ub);
}

void link_variant(Context& ctx, const ProgramObject& user, const FixedStages& f, const ff::Key& key,
                  FixedStages::Variant& v) {
  std::vector<glsl::ShaderSource> sources = f.sources;
  glsl::LinkOptions options = f.options;
  if (f.partner == ff::Partner::UserFragment) {
    sources.push_back({glsl::Stage::Vertex, ff::vertex_shader(key)});
  } else {
    sources.push_back({glsl::Stage::Fragment, ff::fragment_shader(key)});
    options.compile.point_coord_from_state = false;  // the generated stage places the sprite origin itself
  }
  std::shared_ptr<st::Program> linked = st::link_program(ctx.st().shared_screen(), sources, options);
  if (!linked->linked()) {
    v.error = linked->reflection().log;
    return;
  }
  // A generated vertex stage reads the legacy arrays and current values at the LegacyAttrib
  // locations, like the fixed-function program's.
  ff::adopt_program(v, std::move(linked), f.partner == ff::Partner::UserFragment);
  plan_copies(*user.reflection(), v.program->executable->reflection(), v);
}

}  // namespace

std::shared_ptr<FixedStages> plan_fixed_stages(Context& ctx, std::span<const glsl::ShaderSource> sources,
                                               const glsl::LinkOptions& options, const glsl::Program& r) {
  using glsl::Stage;
  if (ctx.config().core_profile) return nullptr;
  // The vertex-fragment pair, and vertex, tessellation and geometry shaders without a fragment
  // shader (the last of them then writes the varyings the generated fragment stage reads); compute
  // programs, and tessellation or geometry shaders without a vertex shader, are left alone.
  const bool vertex = r.stages & bit(Stage::Vertex), fragment = r.stages & bit(Stage::Fragment);
  const glsl::StageMask others =
      bit(Stage::Compute) | (vertex ? 0u : bit(Stage::TessControl) | bit(Stage::TessEvaluation) | bit(Stage::Geometry));
  if ((r.stages & others) || vertex == fragment) return nullptr;
  if (vertex) {
    // Fixed-function fragment processing reads the compatibility varyings: only for a vertex
    // shader that writes one (a core-version shader has none; it keeps drawing without a
    // fragment stage, its colours undefined as GL leaves them).
    bool writes_varyings = false;
    for (const glsl::ShaderSource& s : sources)
      for (const std::string& name : glsl::builtin_names(s.text))
        for (const char* v : {"gl_FrontColor", "gl_BackColor", "gl_FrontSecondaryColor", "gl_BackSecondaryColor",
                              "gl_TexCoord", "gl_FogFragCoord"})
          writes_varyings = writes_varyings || name == v;
    if (!writes_varyings) return nullptr;
  }
  auto f = std::make_shared<FixedStages>();
  f->partner = vertex ? ff::Partner::UserVertex : ff::Partner::UserFragment;
  f->sources.assign(sources.begin(), sources.end());
  f->options = options;
  if (!vertex) {
    // The varyings src/glsl's lowering declares as the fragment shader's inputs.
    for (const glsl::ShaderSource& s : sources) {
      const std::set<std::string> names = glsl::builtin_names(s.text);
      if (names.count("gl_Color")) f->reads |= ff::kReadsColor;
      if (names.count("gl_SecondaryColor")) f->reads |= ff::kReadsSecondary;
      if (names.count("gl_TexCoord")) f->reads |= ff::kReadsTexCoord;
      if (names.count("gl_FogFragCoord")) f->reads |= ff::kReadsFog;
    }
  }
  return f;
}

ProgramObject* program_with_fixed_stage(Context& ctx, const char* fn, ProgramObject& user, GLenum mode) {
  FixedStages& f = *user.fixed_stages;
  const ff::Key key = ff::partner_key(ctx, mode, f.partner, f.reads);
  auto [it, inserted] = f.variants.try_emplace(key);
  FixedStages::Variant& v = it->second;
  if (inserted) link_variant(ctx, user, f, key, v);
  if (!v.program) {
    ctx.error(GL_INVALID_OPERATION, "%s: the program has no %s shader, and its fixed-function %s stage does not link "
              "with it: %s", fn, f.partner == ff::Partner::UserFragment ? "vertex" : "fragment",
              f.partner == ff::Partner::UserFragment ? "vertex" : "fragment", v.error.c_str());
    return nullptr;
  }
  ProgramObject& p = *v.program;
  for (const FixedStages::Copy& c : v.copies)
    if (c.from + c.size <= user.default_block.size() && c.to + c.size <= p.default_block.size())
      std::memcpy(p.default_block.data() + c.to, user.default_block.data() + c.from, c.size);
  for (const auto& [to, from] : v.samplers)
    if (from < user.sampler_units.size()) p.sampler_units[to] = user.sampler_units[from];
  for (const auto& [to, from] : v.blocks) p.block_bindings[to] = user.block_bindings[from];
  if (!p.builtin_uniforms.empty()) write_builtin_uniforms(ctx, p);
  ff::write_uniforms(ctx, key, v);
  return &p;
}

}  // namespace glvk::gl
