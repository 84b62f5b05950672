// The glvnd EGL vendor entry point: libglvnd's libEGL loads libEGL_glvk.so.0 from the vendor JSON
// and calls __egl_Main, the only symbol the library exports.
#include <glvnd/libeglabi.h>

#include <cstring>

#include "egl_api.h"
#include "glvk/gl/dispatch.h"

namespace glvk::gl::egl {
namespace {

const __EGLapiExports* exports = nullptr;

struct NamedFunction {
  const char* name;
  void* address;
};

template <typename F>
void* address(F* function) {
  return reinterpret_cast<void*>(function);
}

const NamedFunction kEglFunctions[] = {
    {"eglBindAPI", address(&api::BindAPI)},
    {"eglBindTexImage", address(&api::BindTexImage)},
    {"eglChooseConfig", address(&api::ChooseConfig)},
    {"eglCopyBuffers", address(&api::CopyBuffers)},
    {"eglCreateContext", address(&api::CreateContext)},
    {"eglCreatePbufferFromClientBuffer", address(&api::CreatePbufferFromClientBuffer)},
    {"eglCreatePbufferSurface", address(&api::CreatePbufferSurface)},
    {"eglCreatePixmapSurface", address(&api::CreatePixmapSurface)},
    {"eglCreatePlatformPixmapSurface", address(&api::CreatePlatformPixmapSurface)},
    {"eglCreatePlatformWindowSurface", address(&api::CreatePlatformWindowSurface)},
    {"eglCreatePlatformWindowSurfaceEXT", address(&api::CreatePlatformWindowSurfaceEXT)},
    {"eglCreateWindowSurface", address(&api::CreateWindowSurface)},
    {"eglDestroyContext", address(&api::DestroyContext)},
    {"eglDestroySurface", address(&api::DestroySurface)},
    {"eglGetConfigAttrib", address(&api::GetConfigAttrib)},
    {"eglGetConfigs", address(&api::GetConfigs)},
    {"eglGetCurrentContext", address(&api::GetCurrentContext)},
    {"eglGetError", address(&api::GetError)},
    {"eglInitialize", address(&api::Initialize)},
    {"eglMakeCurrent", address(&api::MakeCurrent)},
    {"eglQueryAPI", address(&api::QueryAPI)},
    {"eglQueryContext", address(&api::QueryContext)},
    {"eglQueryString", address(&api::QueryString)},
    {"eglQuerySurface", address(&api::QuerySurface)},
    {"eglReleaseTexImage", address(&api::ReleaseTexImage)},
    {"eglReleaseThread", address(&api::ReleaseThread)},
    {"eglSurfaceAttrib", address(&api::SurfaceAttrib)},
    {"eglSwapBuffers", address(&api::SwapBuffers)},
    {"eglSwapInterval", address(&api::SwapInterval)},
    {"eglTerminate", address(&api::Terminate)},
    {"eglWaitClient", address(&api::WaitClient)},
    {"eglWaitGL", address(&api::WaitGL)},
    {"eglWaitNative", address(&api::WaitNative)},
};

EGLDisplay vendor_get_platform_display(EGLenum platform, void* native_display, const EGLAttrib* attrib_list) {
  return get_platform_display(platform, native_display, attrib_list);
}

EGLBoolean vendor_get_supports_api(EGLenum api) { return supports_api(api); }

const char* vendor_get_vendor_string(int name) {
  return name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS
             ? "EGL_EXT_platform_x11 EGL_KHR_platform_x11 EGL_MESA_platform_surfaceless"
             : nullptr;
}

void* vendor_get_proc_address(const char* name) {
  if (!name) return nullptr;
  if (name[0] == 'e' && name[1] == 'g' && name[2] == 'l') {
    for (const NamedFunction& f : kEglFunctions)
      if (std::strcmp(f.name, name) == 0) return f.address;
    return nullptr;
  }
  return get_proc_address(name);
}

// EGL_EXT_platform_base's eglCreatePlatformWindowSurfaceEXT is not one of libglvnd's own entry
// points: libEGL takes the first vendor's dispatch stub for it, which finds the display's vendor
// and calls that vendor's function (libeglabi.h).
int create_platform_window_surface_ext_index = -1;

EGLSurface dispatch_create_platform_window_surface_ext(EGLDisplay dpy, EGLConfig config, void* window,
                                                       const EGLint* attributes) {
  exports->threadInit();
  __EGLvendorInfo* vendor = exports->getVendorFromDisplay(dpy);
  auto function = vendor && create_platform_window_surface_ext_index >= 0
                      ? reinterpret_cast<PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC>(
                            exports->fetchDispatchEntry(vendor, create_platform_window_surface_ext_index))
                      : nullptr;
  if (!function) {
    exports->setEGLError(EGL_BAD_DISPLAY);
    return EGL_NO_SURFACE;
  }
  exports->setLastVendor(vendor);
  return function(dpy, config, window, attributes);
}

void* vendor_get_dispatch_address(const char* name) {
  return name && std::strcmp(name, "eglCreatePlatformWindowSurfaceEXT") == 0
             ? address(&dispatch_create_platform_window_surface_ext)
             : nullptr;
}

void vendor_set_dispatch_index(const char* name, int index) {
  if (name && std::strcmp(name, "eglCreatePlatformWindowSurfaceEXT") == 0)
    create_platform_window_surface_ext_index = index;
}

}  // namespace

EGLenum current_api() { return exports ? exports->getCurrentApi() : EGL_OPENGL_API; }

}  // namespace glvk::gl::egl

extern "C" __attribute__((visibility("default"))) EGLBoolean __egl_Main(uint32_t version,
                                                                        const __EGLapiExports* exports,
                                                                        __EGLvendorInfo*, __EGLapiImports* imports) {
  using namespace glvk::gl::egl;
  if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION ||
      EGL_VENDOR_ABI_GET_MINOR_VERSION(version) < EGL_VENDOR_ABI_MINOR_VERSION)
    return EGL_FALSE;
  glvk::gl::egl::exports = exports;
  imports->getPlatformDisplay = vendor_get_platform_display;
  imports->getSupportsAPI = vendor_get_supports_api;
  imports->getVendorString = vendor_get_vendor_string;
  imports->getProcAddress = vendor_get_proc_address;
  imports->getDispatchAddress = vendor_get_dispatch_address;
  imports->setDispatchIndex = vendor_set_dispatch_index;
  return EGL_TRUE;
}
