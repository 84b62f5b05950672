// EGL_MESA_query_driver: the name of the driver behind a display and its configuration options as
// the extension's driinfo XML.
#include <cstdlib>
#include <cstring>

#include "egl_api.h"
#include "egl_objects.h"

namespace glvk::gl::egl::api {

const char* GetDisplayDriverName(EGLDisplay dpy) {
  std::lock_guard lock(egl_mutex());
  if (!checked_display(dpy)) return nullptr;
  set_error(EGL_SUCCESS);
  return "glvk";
}

// The caller frees the string (the extension's contract). glvk reads no driconf options (its
// settings are environment variables), so the option list has no section.
char* GetDisplayDriverConfig(EGLDisplay dpy) {
  std::lock_guard lock(egl_mutex());
  if (!checked_display(dpy)) return nullptr;
  static const char kConfig[] = "<?xml version=\"1.0\" standalone=\"yes\"?>\n<driinfo>\n</driinfo>\n";
  char* copy = static_cast<char*>(std::malloc(sizeof kConfig));
  if (!copy) return fail<char*>(EGL_BAD_ALLOC, nullptr);
  std::memcpy(copy, kConfig, sizeof kConfig);
  set_error(EGL_SUCCESS);
  return copy;
}

}  // namespace glvk::gl::egl::api
