// Sampler objects (GL 4.6 8.2): names, glBindSampler(s), glSamplerParameter* and their queries.
// The parameters share their rules with glTexParameter* (sampler_parameters.cpp).
#include "api_common.h"
#include "sampler_parameters.h"

namespace glvk::gl {

namespace {

using SamplerRef = std::shared_ptr<SamplerObject>;

// The object a name holds, created on first use for names glGenSamplers reserved; null after
// INVALID_OPERATION for names that are not samplers (8.2: "not the name of a sampler object").
SamplerRef lookup_sampler(Context& ctx, GLuint name, const char* fn) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  auto found = group.samplers.find(name);
  if (name == 0 || found == group.samplers.end()) {
    ctx.error(GL_INVALID_OPERATION, "%s(sampler = %u): not a sampler object", fn, name);
    return nullptr;
  }
  if (!found->second) found->second = std::make_shared<SamplerObject>(name);
  return found->second;
}

void gen_samplers(Context& ctx, GLsizei n, GLuint* samplers, bool create, const char* fn) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  for (GLsizei i = 0; i < n && samplers; ++i) {
    while (group.samplers.count(group.next_sampler_name) || group.next_sampler_name == 0) ++group.next_sampler_name;
    const GLuint name = group.next_sampler_name++;
    group.samplers[name] = create ? std::make_shared<SamplerObject>(name) : nullptr;
    samplers[i] = name;
  }
}

void sampler_parameter(Context& ctx, const char* fn, GLuint sampler, GLenum pname, const void* params,
                       ParameterType type, bool vector) {
  SamplerRef s = lookup_sampler(ctx, sampler, fn);
  if (!s) return;
  if (!is_sampler_parameter(pname))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a sampler parameter", fn, pname);
  if (!vector && pname == GL_TEXTURE_BORDER_COLOR)
    return ctx.error(GL_INVALID_ENUM, "%s(pname = GL_TEXTURE_BORDER_COLOR): the parameter takes a vector", fn);
  if (!params) return ctx.error(GL_INVALID_VALUE, "%s: params is null", fn);
  set_sampler_parameter(ctx, *s, pname, params, type, false, fn);
}

void get_sampler_parameter_of(Context& ctx, const char* fn, GLuint sampler, GLenum pname, void* params,
                              ParameterType type) {
  SamplerRef s = lookup_sampler(ctx, sampler, fn);
  if (!s) return;
  if (!is_sampler_parameter(pname))
    return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a sampler parameter", fn, pname);
  if (params) get_sampler_parameter(*s, pname, params, type);
}

}  // namespace

namespace api {

void GenSamplers(Context& ctx, const char* fn, GLsizei n, GLuint* samplers) { gen_samplers(ctx, n, samplers, false, fn); }
void CreateSamplers(Context& ctx, const char* fn, GLsizei n, GLuint* samplers) { gen_samplers(ctx, n, samplers, true, fn); }

void DeleteSamplers(Context& ctx, const char* fn, GLsizei n, const GLuint* samplers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  for (GLsizei i = 0; i < n && samplers; ++i) {
    auto found = group.samplers.find(samplers[i]);
    if (samplers[i] == 0 || found == group.samplers.end()) continue;  // unused names are ignored
    // Deleting a bound sampler unbinds it from every unit of this context (8.2).
    for (auto& bound : ctx.bound_samplers)
      if (bound && bound == found->second) bound.reset();
    group.samplers.erase(found);
  }
}

GLboolean IsSampler(Context& ctx, const char*, GLuint sampler) {
  ShareGroup& group = ctx.share_group();
  std::lock_guard lock(group.mutex);
  return sampler && group.samplers.count(sampler) ? GL_TRUE : GL_FALSE;
}

void BindSampler(Context& ctx, const char* fn, GLuint unit, GLuint sampler) {
  if (unit >= kMaxTextureUnits)
    return ctx.error(GL_INVALID_VALUE, "%s(unit = %u): beyond MAX_COMBINED_TEXTURE_IMAGE_UNITS", fn, unit);
  SamplerRef s;
  if (sampler && !(s = lookup_sampler(ctx, sampler, fn))) return;
  ctx.bound_samplers[unit] = std::move(s);
}

void BindSamplers(Context& ctx, const char* fn, GLuint first, GLsizei count, const GLuint* samplers) {
  if (count < 0) return ctx.error(GL_INVALID_VALUE, "%s(count = %d): negative", fn, count);
  if (std::uint64_t(first) + std::uint64_t(count) > kMaxTextureUnits)
    return ctx.error(GL_INVALID_OPERATION, "%s(first = %u, count = %d): beyond MAX_COMBINED_TEXTURE_IMAGE_UNITS", fn,
                     first, count);
  // Every name is checked before anything is bound; a bad one raises the error and the others
  // still bind (GL 4.6 8.2: "each ... is bound as if by BindSampler"), as Mesa does.
  for (GLsizei i = 0; i < count; ++i) {
    const GLuint name = samplers ? samplers[i] : 0;
    SamplerRef s;
    if (name && !(s = lookup_sampler(ctx, name, fn))) continue;
    ctx.bound_samplers[first + GLuint(i)] = std::move(s);
  }
}

void SamplerParameteri(Context& ctx, const char* fn, GLuint sampler, GLenum pname, GLint param) {
  sampler_parameter(ctx, fn, sampler, pname, &param, ParameterType::INT, false);
}
void SamplerParameterf(Context& ctx, const char* fn, GLuint sampler, GLenum pname, GLfloat param) {
  sampler_parameter(ctx, fn, sampler, pname, &param, ParameterType::FLOAT, false);
}
void SamplerParameteriv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, const GLint* params) {
  sampler_parameter(ctx, fn, sampler, pname, params, ParameterType::INT, true);
}
void SamplerParameterfv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, const GLfloat* params) {
  sampler_parameter(ctx, fn, sampler, pname, params, ParameterType::FLOAT, true);
}
void SamplerParameterIiv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, const GLint* params) {
  sampler_parameter(ctx, fn, sampler, pname, params, ParameterType::PURE_INT, true);
}
void SamplerParameterIuiv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, const GLuint* params) {
  sampler_parameter(ctx, fn, sampler, pname, params, ParameterType::PURE_UINT, true);
}
void GetSamplerParameteriv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, GLint* params) {
  get_sampler_parameter_of(ctx, fn, sampler, pname, params, ParameterType::INT);
}
void GetSamplerParameterfv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, GLfloat* params) {
  get_sampler_parameter_of(ctx, fn, sampler, pname, params, ParameterType::FLOAT);
}
void GetSamplerParameterIiv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, GLint* params) {
  get_sampler_parameter_of(ctx, fn, sampler, pname, params, ParameterType::PURE_INT);
}
void GetSamplerParameterIuiv(Context& ctx, const char* fn, GLuint sampler, GLenum pname, GLuint* params) {
  get_sampler_parameter_of(ctx, fn, sampler, pname, params, ParameterType::PURE_UINT);
}

}  // namespace api
}  // namespace glvk::gl
