// The vendor's EGL functions, looked up by name by libglvnd (egl_vendor.cpp).
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>

namespace glvk::gl::egl {

// libglvnd's getPlatformDisplay hook: EGL_NONE (eglGetDisplay(EGL_DEFAULT_DISPLAY)),
// EGL_PLATFORM_SURFACELESS_MESA and EGL_PLATFORM_X11_KHR (and EGL_NONE with an Xlib Display*) are
// glvk's; other platforms return EGL_NO_DISPLAY.
EGLDisplay get_platform_display(EGLenum platform, void* native_display, const EGLAttrib* attrib_list);
// The client API bound with eglBindAPI on this thread (from libglvnd).
EGLenum current_api();
// The client APIs glvk has contexts of: OpenGL and OpenGL ES (2.0-3.2).
bool supports_api(EGLenum api);

namespace api {
EGLint GetError();
EGLBoolean Initialize(EGLDisplay dpy, EGLint* major, EGLint* minor);
EGLBoolean Terminate(EGLDisplay dpy);
const char* QueryString(EGLDisplay dpy, EGLint name);
EGLBoolean GetConfigs(EGLDisplay dpy, EGLConfig* configs, EGLint config_size, EGLint* num_config);
EGLBoolean ChooseConfig(EGLDisplay dpy, const EGLint* attrib_list, EGLConfig* configs, EGLint config_size,
                        EGLint* num_config);
EGLBoolean GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute, EGLint* value);
EGLSurface CreatePbufferSurface(EGLDisplay dpy, EGLConfig config, const EGLint* attrib_list);
EGLSurface CreateWindowSurface(EGLDisplay dpy, EGLConfig config, EGLNativeWindowType win, const EGLint* attrib_list);
EGLSurface CreatePixmapSurface(EGLDisplay dpy, EGLConfig config, EGLNativePixmapType pixmap, const EGLint* attrib_list);
EGLSurface CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config, void* native_window,
                                       const EGLAttrib* attrib_list);
EGLSurface CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config, void* native_window,
                                          const EGLint* attrib_list);
EGLSurface CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config, void* native_pixmap,
                                       const EGLAttrib* attrib_list);
EGLSurface CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config, void* native_pixmap,
                                          const EGLint* attrib_list);
EGLSurface CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype, EGLClientBuffer buffer, EGLConfig config,
                                         const EGLint* attrib_list);
EGLBoolean DestroySurface(EGLDisplay dpy, EGLSurface surface);
EGLBoolean QuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint* value);
EGLBoolean SurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute, EGLint value);
EGLBoolean BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean BindAPI(EGLenum api);
EGLenum QueryAPI();
EGLContext CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share_context, const EGLint* attrib_list);
EGLBoolean DestroyContext(EGLDisplay dpy, EGLContext ctx);
EGLBoolean MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read, EGLContext ctx);
EGLBoolean QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute, EGLint* value);
EGLBoolean SwapBuffers(EGLDisplay dpy, EGLSurface surface);
EGLBoolean CopyBuffers(EGLDisplay dpy, EGLSurface surface, EGLNativePixmapType target);
EGLBoolean SwapInterval(EGLDisplay dpy, EGLint interval);
EGLBoolean WaitClient();
EGLBoolean WaitGL();
EGLBoolean WaitNative(EGLint engine);
EGLBoolean ReleaseThread();
EGLContext GetCurrentContext();
// egl_devices.cpp
EGLBoolean QueryDevicesEXT(EGLint max_devices, EGLDeviceEXT* devices, EGLint* num_devices);
EGLBoolean QueryDeviceAttribEXT(EGLDeviceEXT device, EGLint attribute, EGLAttrib* value);
const char* QueryDeviceStringEXT(EGLDeviceEXT device, EGLint name);
EGLBoolean QueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute, EGLAttrib* value);
// egl_driver_query.cpp
const char* GetDisplayDriverName(EGLDisplay dpy);
char* GetDisplayDriverConfig(EGLDisplay dpy);
// egl_images.cpp
EGLImage CreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLAttrib* attrib_list);
EGLImageKHR CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target, EGLClientBuffer buffer,
                           const EGLint* attrib_list);
EGLBoolean DestroyImage(EGLDisplay dpy, EGLImage image);
EGLBoolean DestroyImageKHR(EGLDisplay dpy, EGLImageKHR image);
// egl_syncs.cpp
EGLSync CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib* attrib_list);
EGLSyncKHR CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint* attrib_list);
EGLBoolean DestroySync(EGLDisplay dpy, EGLSync sync);
EGLBoolean DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync);
EGLint ClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags, EGLTime timeout);
EGLint ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags, EGLTimeKHR timeout);
EGLBoolean GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute, EGLAttrib* value);
EGLBoolean GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute, EGLint* value);
EGLBoolean WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags);
EGLint WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags);
}  // namespace api

}  // namespace glvk::gl::egl
