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
    {"eglClientWaitSync", address(&api::ClientWaitSync)},
    {"eglClientWaitSyncKHR", address(&api::ClientWaitSyncKHR)},
    {"eglCreateContext", address(&api::CreateContext)},
    {"eglCreateImage", address(&api::CreateImage)},
    {"eglCreateImageKHR", address(&api::CreateImageKHR)},
    {"eglCreatePbufferFromClientBuffer", address(&api::CreatePbufferFromClientBuffer)},
    {"eglCreatePbufferSurface", address(&api::CreatePbufferSurface)},
    {"eglCreatePixmapSurface", address(&api::CreatePixmapSurface)},
    {"eglCreatePlatformPixmapSurface", address(&api::CreatePlatformPixmapSurface)},
    {"eglCreatePlatformPixmapSurfaceEXT", address(&api::CreatePlatformPixmapSurfaceEXT)},
    {"eglCreatePlatformWindowSurface", address(&api::CreatePlatformWindowSurface)},
    {"eglCreateSync", address(&api::CreateSync)},
    {"eglCreateSyncKHR", address(&api::CreateSyncKHR)},
    {"eglCreatePlatformWindowSurfaceEXT", address(&api::CreatePlatformWindowSurfaceEXT)},
    {"eglCreateWindowSurface", address(&api::CreateWindowSurface)},
    {"eglDestroyContext", address(&api::DestroyContext)},
    {"eglDestroyImage", address(&api::DestroyImage)},
    {"eglDestroyImageKHR", address(&api::DestroyImageKHR)},
    {"eglDestroySurface", address(&api::DestroySurface)},
    {"eglDestroySync", address(&api::DestroySync)},
    {"eglDestroySyncKHR", address(&api::DestroySyncKHR)},
    {"eglGetConfigAttrib", address(&api::GetConfigAttrib)},
    {"eglGetConfigs", address(&api::GetConfigs)},
    {"eglGetCurrentContext", address(&api::GetCurrentContext)},
    {"eglGetDisplayDriverConfig", address(&api::GetDisplayDriverConfig)},
    {"eglGetDisplayDriverName", address(&api::GetDisplayDriverName)},
    {"eglGetError", address(&api::GetError)},
    {"eglGetSyncAttrib", address(&api::GetSyncAttrib)},
    {"eglGetSyncAttribKHR", address(&api::GetSyncAttribKHR)},
    {"eglInitialize", address(&api::Initialize)},
    {"eglMakeCurrent", address(&api::MakeCurrent)},
    {"eglQueryAPI", address(&api::QueryAPI)},
    {"eglQueryContext", address(&api::QueryContext)},
    {"eglQueryDeviceAttribEXT", address(&api::QueryDeviceAttribEXT)},
    {"eglQueryDeviceStringEXT", address(&api::QueryDeviceStringEXT)},
    {"eglQueryDevicesEXT", address(&api::QueryDevicesEXT)},
    {"eglQueryDisplayAttribEXT", address(&api::QueryDisplayAttribEXT)},
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
    {"eglWaitSync", address(&api::WaitSync)},
    {"eglWaitSyncKHR", address(&api::WaitSyncKHR)},
};

EGLDisplay vendor_get_platform_display(EGLenum platform, void* native_display, const EGLAttrib* attrib_list) {
  return get_platform_display(platform, native_display, attrib_list);
}

EGLBoolean vendor_get_supports_api(EGLenum api) { return supports_api(api); }

const char* vendor_get_vendor_string(int name) {
  return name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS
             ? "EGL_EXT_platform_base EGL_EXT_platform_x11 EGL_KHR_platform_x11 EGL_MESA_platform_surfaceless"
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

// Extension functions that are not libglvnd's own entry points (EGL_EXT_platform_base's
// eglCreatePlatformWindowSurfaceEXT, EGL_KHR_image_base's functions): libEGL takes the first
// vendor's dispatch stub for each, which finds the display's vendor and calls that vendor's
// function through the dispatch index libEGL gave it (libeglabi.h).
enum ExtensionFunction {
  CREATE_PLATFORM_WINDOW_SURFACE_EXT,
  CREATE_PLATFORM_PIXMAP_SURFACE_EXT,
  CREATE_IMAGE_KHR,
  DESTROY_IMAGE_KHR,
  CREATE_SYNC_KHR,
  DESTROY_SYNC_KHR,
  CLIENT_WAIT_SYNC_KHR,
  GET_SYNC_ATTRIB_KHR,
  WAIT_SYNC_KHR,
  QUERY_DEVICE_ATTRIB_EXT,
  QUERY_DEVICE_STRING_EXT,
  GET_DISPLAY_DRIVER_NAME,
  GET_DISPLAY_DRIVER_CONFIG,
  kExtensionFunctionCount
};
int dispatch_index[kExtensionFunctionCount] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

// The vendor's function for a display (or device) handle's vendor, or null after setting `error`.
template <typename F>
F* dispatched_function(__EGLvendorInfo* vendor, ExtensionFunction which, EGLint error) {
  F* function = vendor && dispatch_index[which] >= 0
                    ? reinterpret_cast<F*>(exports->fetchDispatchEntry(vendor, dispatch_index[which]))
                    : nullptr;
  if (!function) {
    exports->setEGLError(error);
    return nullptr;
  }
  exports->setLastVendor(vendor);
  return function;
}

template <typename F>
F* vendor_function(EGLDisplay dpy, ExtensionFunction which) {
  exports->threadInit();
  return dispatched_function<F>(exports->getVendorFromDisplay(dpy), which, EGL_BAD_DISPLAY);
}

// EGLDeviceEXT functions go to the vendor that enumerated the device (libglvnd records it).
template <typename F>
F* device_vendor_function(EGLDeviceEXT device, ExtensionFunction which) {
  exports->threadInit();
  return dispatched_function<F>(exports->getVendorFromDevice(device), which, EGL_BAD_DEVICE_EXT);
}

EGLSurface dispatch_create_platform_window_surface_ext(EGLDisplay dpy, EGLConfig config, void* window,
                                                       const EGLint* attributes) {
  auto* function = vendor_function<decltype(api::CreatePlatformWindowSurfaceEXT)>(dpy, CREATE_PLATFORM_WINDOW_SURFACE_EXT);
  return function ? function(dpy, config, window, attributes) : EGL_NO_SURFACE;
}

EGLSurface dispatch_create_platform_pixmap_surface_ext(EGLDisplay dpy, EGLConfig config, void* pixmap,
                                                       const EGLint* attributes) {
  auto* function = vendor_function<decltype(api::CreatePlatformPixmapSurfaceEXT)>(dpy, CREATE_PLATFORM_PIXMAP_SURFACE_EXT);
  return function ? function(dpy, config, pixmap, attributes) : EGL_NO_SURFACE;
}

EGLImageKHR dispatch_create_image_khr(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                                      const EGLint* attributes) {
  auto* function = vendor_function<decltype(api::CreateImageKHR)>(dpy, CREATE_IMAGE_KHR);
  return function ? function(dpy, ctx, target, buffer, attributes) : EGL_NO_IMAGE_KHR;
}

EGLBoolean dispatch_destroy_image_khr(EGLDisplay dpy, EGLImageKHR image) {
  auto* function = vendor_function<decltype(api::DestroyImageKHR)>(dpy, DESTROY_IMAGE_KHR);
  return function ? function(dpy, image) : EGL_FALSE;
}

EGLSyncKHR dispatch_create_sync_khr(EGLDisplay dpy, EGLenum type, const EGLint* attributes) {
  auto* function = vendor_function<decltype(api::CreateSyncKHR)>(dpy, CREATE_SYNC_KHR);
  return function ? function(dpy, type, attributes) : EGL_NO_SYNC_KHR;
}

EGLBoolean dispatch_destroy_sync_khr(EGLDisplay dpy, EGLSyncKHR sync) {
  auto* function = vendor_function<decltype(api::DestroySyncKHR)>(dpy, DESTROY_SYNC_KHR);
  return function ? function(dpy, sync) : EGL_FALSE;
}

EGLint dispatch_client_wait_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout) {
  auto* function = vendor_function<decltype(api::ClientWaitSyncKHR)>(dpy, CLIENT_WAIT_SYNC_KHR);
  return function ? function(dpy, sync, flags, timeout) : EGL_FALSE;
}

EGLBoolean dispatch_get_sync_attrib_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint* value) {
  auto* function = vendor_function<decltype(api::GetSyncAttribKHR)>(dpy, GET_SYNC_ATTRIB_KHR);
  return function ? function(dpy, sync, attribute, value) : EGL_FALSE;
}

EGLint dispatch_wait_sync_khr(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags) {
  auto* function = vendor_function<decltype(api::WaitSyncKHR)>(dpy, WAIT_SYNC_KHR);
  return function ? function(dpy, sync, flags) : EGL_FALSE;
}

EGLBoolean dispatch_query_device_attrib_ext(EGLDeviceEXT device, EGLint attribute, EGLAttrib* value) {
  auto* function = device_vendor_function<decltype(api::QueryDeviceAttribEXT)>(device, QUERY_DEVICE_ATTRIB_EXT);
  return function ? function(device, attribute, value) : EGL_FALSE;
}

const char* dispatch_query_device_string_ext(EGLDeviceEXT device, EGLint name) {
  auto* function = device_vendor_function<decltype(api::QueryDeviceStringEXT)>(device, QUERY_DEVICE_STRING_EXT);
  return function ? function(device, name) : nullptr;
}

const char* dispatch_get_display_driver_name(EGLDisplay dpy) {
  auto* function = vendor_function<decltype(api::GetDisplayDriverName)>(dpy, GET_DISPLAY_DRIVER_NAME);
  return function ? function(dpy) : nullptr;
}

char* dispatch_get_display_driver_config(EGLDisplay dpy) {
  auto* function = vendor_function<decltype(api::GetDisplayDriverConfig)>(dpy, GET_DISPLAY_DRIVER_CONFIG);
  return function ? function(dpy) : nullptr;
}

const NamedFunction kDispatchStubs[kExtensionFunctionCount] = {
    {"eglCreatePlatformWindowSurfaceEXT", address(&dispatch_create_platform_window_surface_ext)},
    {"eglCreatePlatformPixmapSurfaceEXT", address(&dispatch_create_platform_pixmap_surface_ext)},
    {"eglCreateImageKHR", address(&dispatch_create_image_khr)},
    {"eglDestroyImageKHR", address(&dispatch_destroy_image_khr)},
    {"eglCreateSyncKHR", address(&dispatch_create_sync_khr)},
    {"eglDestroySyncKHR", address(&dispatch_destroy_sync_khr)},
    {"eglClientWaitSyncKHR", address(&dispatch_client_wait_sync_khr)},
    {"eglGetSyncAttribKHR", address(&dispatch_get_sync_attrib_khr)},
    {"eglWaitSyncKHR", address(&dispatch_wait_sync_khr)},
    {"eglQueryDeviceAttribEXT", address(&dispatch_query_device_attrib_ext)},
    {"eglQueryDeviceStringEXT", address(&dispatch_query_device_string_ext)},
    {"eglGetDisplayDriverName", address(&dispatch_get_display_driver_name)},
    {"eglGetDisplayDriverConfig", address(&dispatch_get_display_driver_config)},
};

void* vendor_get_dispatch_address(const char* name) {
  for (const NamedFunction& stub : kDispatchStubs)
    if (name && std::strcmp(name, stub.name) == 0) return stub.address;
  return nullptr;
}

void vendor_set_dispatch_index(const char* name, int index) {
  for (int i = 0; i < kExtensionFunctionCount; ++i)
    if (name && std::strcmp(name, kDispatchStubs[i].name) == 0) dispatch_index[i] = index;
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
