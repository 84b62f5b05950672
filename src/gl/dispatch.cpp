#include "glvk/gl/dispatch.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <cstring>

#include "glvk/gl/context.h"

namespace glvk::gl {

void* get_proc_address(const char* name) {
  if (!name) return nullptr;
  std::size_t low = 0, high = kEntryPointCount;
  while (low < high) {
    const std::size_t mid = (low + high) / 2;
    const int order = std::strcmp(kEntryPoints[mid].name, name);
    if (order == 0) return kEntryPoints[mid].address;
    if (order < 0)
      low = mid + 1;
    else
      high = mid;
  }
  return nullptr;
}

std::span<const char* const> advertised_extensions(bool core_profile) {
  if (core_profile) return {kAdvertisedExtensions, kCoreProfileExtensionCount};
  return {kAdvertisedExtensions + kCoreOnlyExtensionCount, kAdvertisedExtensionCount - kCoreOnlyExtensionCount};
}

// The extensions of an OpenGL ES context: only ES extensions whose behaviour the front end has in
// an ES 3.2 context and whose commands the dispatch has under the ES names.
// KHR_debug is left out: ES names its commands with the KHR suffix, which the dispatch lacks (ES
// 3.2 has them unsuffixed in core); OES_texture_half_float is left out: it takes HALF_FLOAT_OES
// (0x8D61), which glvk's pixel transfer does not accept.
constexpr const char* kEsExtensions[] = {
    "GL_EXT_color_buffer_float",     // float colour attachments are colour-renderable (as in GL 4.6)
    "GL_EXT_EGL_image_storage",      // EGL images as immutable texture storage (api_egl_image.cpp)
    "GL_KHR_context_flush_control",  // GL_CONTEXT_RELEASE_BEHAVIOR (context.h)
    "GL_KHR_no_error",               // the no-error context flag (context.h: errors still recorded)
    "GL_OES_depth24",                // DEPTH_COMPONENT24 renderbuffers
    "GL_OES_EGL_image",              // EGL images as texture and renderbuffer storage
    "GL_OES_EGL_image_external",     // GL_TEXTURE_EXTERNAL_OES and samplerExternalOES (YUV dma-bufs)
    "GL_OES_EGL_image_external_essl3",
    "GL_OES_EGL_sync",               // EGL fence syncs on the context's commands (egl_syncs.cpp)
    "GL_OES_element_index_uint",     // UNSIGNED_INT indices
    "GL_OES_rgb8_rgba8",             // RGB8/RGBA8 renderbuffers
    "GL_OES_standard_derivatives",   // dFdx/dFdy/fwidth in GLSL ES 1.00 (core from 3.00)
    "GL_OES_texture_float",          // FLOAT texel data for unsized formats
    "GL_OES_texture_float_linear",   // linear filtering of float textures
    "GL_OES_texture_npot",           // any size with mipmaps and every wrap mode
};

std::span<const char* const> context_extensions(const ContextConfig& config) {
  if (config.es()) return kEsExtensions;
  return advertised_extensions(config.core_profile);
}

void report_unimplemented(std::atomic<bool>& reported, const char* name) {
  Context* context = current_context();
  // Without a context nothing can be recorded; the first call with one reports.
  if (!context || reported.exchange(true)) return;
  if (debug_enabled("api")) std::fprintf(stderr, "glvk api: %s is not implemented\n", name);
  context->error(GL_INVALID_OPERATION, "%s is not implemented by glvk", name);
}

void not_in_es(Context& context, const char* name) {
  context.error(GL_INVALID_OPERATION, "%s is not an OpenGL ES 3.2 command", name);
}

void between_begin_end(Context& context, const char* name) {
  context.error(GL_INVALID_OPERATION, "%s: not allowed between glBegin and glEnd", name);
}

void context_lost(Context& context, const char* name) {
  context.error(GL_CONTEXT_LOST, "%s: the context is lost (its device was)", name);
}

void lost_query_result(Context& context, const char* name, unsigned pname, void* params, std::size_t size) {
  context_lost(context, name);
  // Client memory only: with a query buffer bound, `params` is an offset into it.
  if (pname != GL_QUERY_RESULT_AVAILABLE || !params ||
      context.bound_buffers[std::size_t(std::find(std::begin(kBufferTargets), std::end(kBufferTargets), GL_QUERY_BUFFER) -
                                        std::begin(kBufferTargets))])
    return;
  if (size == sizeof(GLuint64))
    *static_cast<GLuint64*>(params) = GL_TRUE;
  else
    *static_cast<GLuint*>(params) = GL_TRUE;
}

void lost_sync_status(Context& context, const char* name, unsigned pname, int count, int* length, int* values) {
  context_lost(context, name);
  if (pname != GL_SYNC_STATUS || count < 1 || !values) return;
  values[0] = GL_SIGNALED;
  if (length) *length = 1;
}

void report_exception(Context& context, const char* name) {
  if (debug_enabled("api")) std::fprintf(stderr, "glvk api: %s failed inside glvk\n", name);
  // A device lost during the command loses the context (KHR_robustness: the command raises
  // GL_CONTEXT_LOST); any other failure of the device is GL_OUT_OF_MEMORY.
  if (context.lost()) return context.error(GL_CONTEXT_LOST, "%s: the device was lost", name);
  context.error(GL_OUT_OF_MEMORY, "%s failed: the device could not complete it", name);
}

}  // namespace glvk::gl
