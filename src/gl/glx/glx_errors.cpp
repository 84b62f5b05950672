// GLX errors raised as the server would raise them: through Xlib's error handler, with the GLX
// extension's major opcode and error base on the connection (glx_xlibint.c does the Xlib part).
#include <map>

#include "glx_objects.h"

extern "C" void glvk_glx_raise_x_error(Display* dpy, unsigned char code, XID resource, unsigned char major_opcode,
                                       unsigned char minor_opcode);

namespace glvk::gl::glx {
namespace {

struct GlxCodes {
  int major_opcode = 0, error_base = 0;
};

// The GLX extension's opcode and first error on a connection (one round trip per display).
GlxCodes glx_codes(Display* dpy) {
  static std::mutex mutex;
  static auto* cache = new std::map<Display*, GlxCodes>();
  std::lock_guard lock(mutex);
  auto [it, inserted] = cache->try_emplace(dpy);
  if (inserted) {
    int event_base = 0;
    if (!XQueryExtension(dpy, "GLX", &it->second.major_opcode, &event_base, &it->second.error_base))
      it->second = GlxCodes{};
  }
  return it->second;
}

}  // namespace

void raise_x_error(Display* dpy, unsigned char code, XID resource, unsigned char minor_opcode) {
  glvk_glx_raise_x_error(dpy, code, resource, static_cast<unsigned char>(glx_codes(dpy).major_opcode), minor_opcode);
}

void raise_glx_error(Display* dpy, unsigned char glx_code, XID resource, unsigned char minor_opcode) {
  const GlxCodes codes = glx_codes(dpy);
  glvk_glx_raise_x_error(dpy, static_cast<unsigned char>(codes.error_base + glx_code), resource,
                         static_cast<unsigned char>(codes.major_opcode), minor_opcode);
}

}  // namespace glvk::gl::glx
