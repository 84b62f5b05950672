// Renderbuffer objects (GL 4.6 section 9.2.4): names, bindings, storage and queries.
#include <algorithm>
#include <optional>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <tuple>

#include "api_common.h"
#include "state_query.h"
#include "glvk/gl/framebuffer_completeness.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/pack.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/framebuffer_state.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/texture.h"
#include "framebuffer_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

void renderbuffer_storage(Context& ctx, RenderbufferObject& rb, GLsizei samples, GLenum internal_format, GLsizei width,
                          GLsizei height, const char* function) {
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  // The legacy component counts 1-4 name formats for glTexImage only (GL 4.6 compatibility 8.5),
  // not for renderbuffers: GL_TRUE (1) is no renderbuffer format.
  const bool component_count = internal_format >= 1 && internal_format <= 4;
  const unsigned renderable = info && !component_count ? formats::framebuffer_renderable(internal_format) : 0;
  if (!renderable)
    return ctx.error(GL_INVALID_ENUM, "%s(internalformat = 0x%04x): not a renderable format", function,
                     internal_format);
  if (width < 0 || height < 0 || width > kMaxTextureSize || height > kMaxTextureSize)
    return ctx.error(GL_INVALID_VALUE, "%s: %dx%d is not a valid renderbuffer size", function, width, height);
  if (samples < 0) return ctx.error(GL_INVALID_VALUE, "%s(samples = %d): negative", function, samples);
  std::string why;
  const RenderbufferAllocation result =
      allocate_renderbuffer(ctx.st().shared_screen(), rb, samples, internal_format, width, height, why);
  if (result == RenderbufferAllocation::NO_FORMAT)
    return ctx.error(samples ? GL_INVALID_OPERATION : GL_INVALID_ENUM, "%s: %s with %d samples is not renderable here",
                     function, info->name, samples);
  if (result == RenderbufferAllocation::OUT_OF_MEMORY)
    return ctx.error(GL_OUT_OF_MEMORY, "%s: cannot allocate the renderbuffer (%s)", function, why.c_str());
}

}  // namespace

RenderbufferAllocation allocate_renderbuffer(const std::shared_ptr<st::Screen>& screen, RenderbufferObject& rb,
                                             GLsizei samples, GLenum internal_format, GLsizei width, GLsizei height,
                                             std::string& why) {
  const formats::InternalFormatInfo* info = formats::find_internal_format(internal_format);
  const unsigned renderable = info ? formats::framebuffer_renderable(internal_format) : 0;
  if (!renderable) return RenderbufferAllocation::NO_FORMAT;
  // Sample counts are rounded up to one the device supports (st_renderbuffer_alloc_storage).
  formats::Format format = formats::Format::NONE;
  GLsizei count = samples;
  for (; count <= 64 && format == formats::Format::NONE; count = count ? count + 1 : 1)
    format = st::choose_renderbuffer_format(st::format_support(*screen), internal_format, unsigned(count));
  if (format == formats::Format::NONE) return RenderbufferAllocation::NO_FORMAT;
  const GLsizei chosen_samples = samples == 0 ? 0 : count - 1;
  std::shared_ptr<st::Texture> resource;
  if (width && height) {
    st::TextureLayout layout;
    layout.format = format;
    layout.width = std::uint32_t(width);
    layout.height = std::uint32_t(height);
    layout.samples = std::uint32_t(chosen_samples);
    st::Made<st::Texture> made = st::create_texture(
        screen, layout, renderable & formats::RENDERABLE_COLOR ? st::BIND_RENDER_TARGET : st::BIND_DEPTH_STENCIL);
    if (!made.object) {
      why = made.result.message;
      return RenderbufferAllocation::OUT_OF_MEMORY;
    }
    resource = std::move(made.object);
  }
  rb.internal_format = internal_format;
  rb.base_format = info->base_format;
  rb.format = format;
  rb.width = width;
  rb.height = height;
  rb.samples = chosen_samples;
  rb.resource = std::move(resource);
  return RenderbufferAllocation::OK;
}

namespace {

// glBindRenderbuffer and glBindRenderbufferEXT, with bind_framebuffer's naming rule.
void bind_renderbuffer(Context& ctx, GLenum target, GLuint renderbuffer, bool any_name, const char* function) {
  if (target != GL_RENDERBUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): must be GL_RENDERBUFFER", function, target);
  RenderbufferRef rb;
  if (renderbuffer) {
    std::lock_guard lock(ctx.share_group().mutex);
    auto& names = ctx.share_group().renderbuffers;
    auto it = names.find(renderbuffer);
    if (it == names.end()) {
      if (!any_name)
        return ctx.error(GL_INVALID_OPERATION, "%s(%u): not a name from glGenRenderbuffers", function, renderbuffer);
      it = names.emplace(renderbuffer, nullptr).first;
    }
    if (!it->second) it->second = std::make_shared<RenderbufferObject>(renderbuffer);
    rb = it->second;
  }
  ctx.bound_renderbuffer = std::move(rb);
}

}  // namespace

namespace api {

void BindRenderbuffer(Context& ctx, const char* fn, GLenum target, GLuint renderbuffer) {
  bind_renderbuffer(ctx, target, renderbuffer, ctx.config().bind_creates_names(), fn);
}

void BindRenderbufferEXT(Context& ctx, const char* fn, GLenum target, GLuint renderbuffer) {
  bind_renderbuffer(ctx, target, renderbuffer, true, fn);
}

void GenRenderbuffers(Context& ctx, const char* fn, GLsizei n, GLuint* renderbuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  std::lock_guard lock(ctx.share_group().mutex);
  for (GLsizei i = 0; i < n; ++i) {
    renderbuffers[i] = ctx.share_group().allocate_renderbuffer_name();
    ctx.share_group().renderbuffers[renderbuffers[i]] = nullptr;
  }
}

void CreateRenderbuffers(Context& ctx, const char* fn, GLsizei n, GLuint* renderbuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  GenRenderbuffers(ctx, fn, n, renderbuffers);
  std::lock_guard lock(ctx.share_group().mutex);
  for (GLsizei i = 0; i < n; ++i)
    ctx.share_group().renderbuffers[renderbuffers[i]] = std::make_shared<RenderbufferObject>(renderbuffers[i]);
}

void DeleteRenderbuffers(Context& ctx, const char* fn, GLsizei n, const GLuint* renderbuffers) {
  if (n < 0) return ctx.error(GL_INVALID_VALUE, "%s(n = %d): negative", fn, n);
  for (GLsizei i = 0; i < n; ++i) {
    RenderbufferRef rb = ctx.share_group().find_renderbuffer(renderbuffers[i]);
    if (rb) {
      if (ctx.bound_renderbuffer == rb) ctx.bound_renderbuffer = nullptr;
      // Detached from the bound framebuffers (GL 4.6 section 9.2.7).
      for (FramebufferObject* fb : {ctx.draw_framebuffer.get(), ctx.read_framebuffer.get()}) {
        if (!fb) continue;
        for (FramebufferAttachment* a : {&fb->depth, &fb->stencil})
          if (a->renderbuffer == rb) *a = FramebufferAttachment{};
        for (FramebufferAttachment& a : fb->color)
          if (a.renderbuffer == rb) a = FramebufferAttachment{};
      }
    }
    std::lock_guard lock(ctx.share_group().mutex);
    if (renderbuffers[i]) ctx.share_group().renderbuffers.erase(renderbuffers[i]);
  }
}

GLboolean IsRenderbuffer(Context& ctx, const char*, GLuint renderbuffer) {
  return ctx.share_group().find_renderbuffer(renderbuffer) ? GL_TRUE : GL_FALSE;
}

void RenderbufferStorageMultisample(Context& ctx, const char* fn, GLenum target, GLsizei samples,
                                    GLenum internalformat, GLsizei width, GLsizei height) {
  if (target != GL_RENDERBUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x): must be GL_RENDERBUFFER", fn, target);
  if (!ctx.bound_renderbuffer)
    return ctx.error(GL_INVALID_OPERATION, "%s: no renderbuffer is bound", fn);
  renderbuffer_storage(ctx, *ctx.bound_renderbuffer, samples, internalformat, width, height,
                       fn);
}

void RenderbufferStorage(Context& ctx, const char* fn, GLenum target, GLenum internalformat, GLsizei width,
                         GLsizei height) {
  RenderbufferStorageMultisample(ctx, fn, target, 0, internalformat, width, height);
}

void NamedRenderbufferStorageMultisample(Context& ctx, const char* fn, GLuint renderbuffer, GLsizei samples,
                                         GLenum internalformat, GLsizei width, GLsizei height) {
  RenderbufferRef rb = ctx.share_group().find_renderbuffer(renderbuffer);
  if (!rb)
    return ctx.error(GL_INVALID_OPERATION, "%s(%u): not a renderbuffer object", fn, renderbuffer);
  renderbuffer_storage(ctx, *rb, samples, internalformat, width, height, fn);
}

void NamedRenderbufferStorage(Context& ctx, const char* fn, GLuint renderbuffer, GLenum internalformat, GLsizei width,
                              GLsizei height) {
  NamedRenderbufferStorageMultisample(ctx, fn, renderbuffer, 0, internalformat, width, height);
}

}  // namespace api

// glGetRenderbufferParameteriv and glGetNamedRenderbufferParameteriv.
static void get_renderbuffer_parameter(Context& ctx, const RenderbufferRef& renderbuffer, GLenum pname, GLint* params,
                                       const char* function) {
  const RenderbufferObject& rb = *renderbuffer;
  FramebufferAttachment a;
  a.type = AttachmentObject::RENDERBUFFER;
  a.renderbuffer = renderbuffer;
  TextureImage scratch;
  const TextureImage& image = *attached_image(a, scratch);
  switch (pname) {
    case GL_RENDERBUFFER_WIDTH: *params = rb.width; return;
    case GL_RENDERBUFFER_HEIGHT: *params = rb.height; return;
    case GL_RENDERBUFFER_INTERNAL_FORMAT: *params = GLint(rb.internal_format); return;
    case GL_RENDERBUFFER_SAMPLES: *params = rb.samples; return;
    case GL_RENDERBUFFER_RED_SIZE: *params = component_size(image, GL_TEXTURE_RED_SIZE); return;
    case GL_RENDERBUFFER_GREEN_SIZE: *params = component_size(image, GL_TEXTURE_GREEN_SIZE); return;
    case GL_RENDERBUFFER_BLUE_SIZE: *params = component_size(image, GL_TEXTURE_BLUE_SIZE); return;
    case GL_RENDERBUFFER_ALPHA_SIZE: *params = component_size(image, GL_TEXTURE_ALPHA_SIZE); return;
    case GL_RENDERBUFFER_DEPTH_SIZE: *params = component_size(image, GL_TEXTURE_DEPTH_SIZE); return;
    case GL_RENDERBUFFER_STENCIL_SIZE: *params = component_size(image, GL_TEXTURE_STENCIL_SIZE); return;
    default: return ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x)", function, pname);
  }
}

namespace api {

void GetRenderbufferParameteriv(Context& ctx, const char* fn, GLenum target, GLenum pname, GLint* params) {
  if (target != GL_RENDERBUFFER)
    return ctx.error(GL_INVALID_ENUM, "%s(target = 0x%04x)", fn, target);
  if (!ctx.bound_renderbuffer)
    return ctx.error(GL_INVALID_OPERATION, "%s: no renderbuffer is bound", fn);
  get_renderbuffer_parameter(ctx, ctx.bound_renderbuffer, pname, params, fn);
}

void GetNamedRenderbufferParameteriv(Context& ctx, const char* fn, GLuint renderbuffer, GLenum pname, GLint* params) {
  RenderbufferRef rb = ctx.share_group().find_renderbuffer(renderbuffer);
  if (!rb)
    return ctx.error(GL_INVALID_OPERATION, "%s(renderbuffer = %u): not a renderbuffer object", fn,
                     renderbuffer);
  get_renderbuffer_parameter(ctx, rb, pname, params, fn);
}

}  // namespace api

}  // namespace glvk::gl
