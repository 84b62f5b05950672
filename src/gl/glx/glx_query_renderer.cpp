// GLX_MESA_query_renderer: what renders before a context exists. glvk has one renderer (index 0),
// the device every context renders with; the ids and memory are the Vulkan device's, the versions
// glvk's own. Unknown attributes return False / NULL without an error (the extension's text).
#include "glx_objects.h"

#include <exception>
#include <string>

#include "glvk/st/device_identity.h"
#include "glvk/st/screen.h"
#include "glx_api.h"

namespace glvk::gl::glx {
namespace {

constexpr unsigned kNoPciId = 0xffffffffu;  // the extension's value for a device without a PCI id

bool renderer_integer(int attribute, unsigned* value) {
  std::shared_ptr<st::Screen> screen;
  try {
    screen = glx_screen();
  } catch (const std::exception&) {
    return false;
  }
  const st::DeviceIdentity device = st::device_identity(*screen);
  // PCI vendor ids are 16-bit; Vulkan gives Khronos ids (0x10000 up) to others, as lavapipe's.
  // A CPU rasterizer has no PCI device (Mesa's llvmpipe reports 0xffffffff for both).
  const bool pci = !device.cpu && device.vendor_id <= 0xffff;
  switch (attribute) {
    case GLX_RENDERER_VENDOR_ID_MESA: value[0] = pci ? device.vendor_id : kNoPciId; return true;
    case GLX_RENDERER_DEVICE_ID_MESA: value[0] = pci ? device.device_id : kNoPciId; return true;
    case GLX_RENDERER_VERSION_MESA:
      value[0] = GLVK_VERSION_MAJOR;
      value[1] = GLVK_VERSION_MINOR;
      value[2] = GLVK_VERSION_PATCH;
      return true;
    case GLX_RENDERER_ACCELERATED_MESA: value[0] = !device.cpu; return true;
    case GLX_RENDERER_VIDEO_MEMORY_MESA: value[0] = unsigned(device.device_local_bytes >> 20); return true;
    // One memory shared with the host: integrated GPUs, and CPU devices (Mesa llvmpipe says 1 too;
    // the extension's issue 6 leaves software renderers open).
    case GLX_RENDERER_UNIFIED_MEMORY_ARCHITECTURE_MESA: value[0] = device.integrated || device.cpu; return true;
    // glvk is built core first; its compatibility profile is the same version, less complete.
    case GLX_RENDERER_PREFERRED_PROFILE_MESA: value[0] = GLX_CONTEXT_CORE_PROFILE_BIT_ARB; return true;
    case GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA:
    case GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA:
      value[0] = kMaxMajorVersion;
      value[1] = kMaxMinorVersion;
      return true;
    // OpenGL ES 1.x is not served; ES 2.0 and 3.x requests get an ES 3.2 context (glx_api.cpp).
    case GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA: value[0] = value[1] = 0; return true;
    case GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA:
      value[0] = kEsMajorVersion;
      value[1] = kEsMinorVersion;
      return true;
    default: return false;
  }
}

const char* renderer_string(int attribute) {
  switch (attribute) {
    case GLX_RENDERER_VENDOR_ID_MESA: return "glvk";  // as glGetString(GL_VENDOR)
    case GLX_RENDERER_DEVICE_ID_MESA: {
      // As glGetString(GL_RENDERER); the device is the process's for good, so the text is too.
      static const std::string* name = nullptr;
      if (!name) {
        try {
          name = new std::string("glvk (" + glx_screen()->device_name() + ")");
        } catch (const std::exception&) {
          return nullptr;
        }
      }
      return name->c_str();
    }
    default: return nullptr;
  }
}

bool renderer_exists(Display* dpy, int screen, int renderer) {
  return dpy && screen >= 0 && screen < ScreenCount(dpy) && renderer == 0 && !screen_configs(dpy, screen).empty();
}

}  // namespace

namespace api {

Bool QueryRendererIntegerMESA(Display* dpy, int screen, int renderer, int attribute, unsigned int* value) {
  Lock lock(glx_mutex());
  if (!value || !renderer_exists(dpy, screen, renderer)) return False;
  return renderer_integer(attribute, value);
}

Bool QueryCurrentRendererIntegerMESA(int attribute, unsigned int* value) {
  Lock lock(glx_mutex());
  if (!value || !current_context()) return False;
  return renderer_integer(attribute, value);
}

const char* QueryRendererStringMESA(Display* dpy, int screen, int renderer, int attribute) {
  Lock lock(glx_mutex());
  return renderer_exists(dpy, screen, renderer) ? renderer_string(attribute) : nullptr;
}

const char* QueryCurrentRendererStringMESA(int attribute) {
  Lock lock(glx_mutex());
  return current_context() ? renderer_string(attribute) : nullptr;
}

}  // namespace api
}  // namespace glvk::gl::glx
