// EGL devices: EGL_EXT_device_enumeration and EGL_EXT_device_query (together EGL_EXT_device_base),
// EGL_EXT_platform_device and EGL_MESA_device_software. glvk renders every display with one Vulkan
// device (st's shared screen), so it has one EGLDeviceEXT, and every display reports it.
#include <cstdio>
#include <exception>

#include "egl_api.h"
#include "egl_objects.h"
#include "glvk/st/device_identity.h"
#include "glvk/st/screen.h"

namespace glvk::gl::egl {
namespace {

// The handle is the address of this object; it never changes and is never freed.
struct Device {
  bool probed = false;
  bool available = false;  // the Vulkan device came up
  bool software = false;   // a CPU device (lavapipe): EGL_MESA_device_software
};

Device& the_device() {
  static auto* device = new Device();
  return *device;
}

// Brings the screen up once to learn whether there is a device and what kind it is; the screen
// is not kept (the displays hold it while initialized).
const Device& probed_device() {
  Device& device = the_device();
  if (!device.probed) {
    device.probed = true;
    try {
      auto screen = st::Screen::shared();
      device.available = true;
      device.software = st::device_identity(*screen).cpu;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "glvk: eglQueryDevicesEXT: %s\n", e.what());
    }
  }
  return device;
}

// The device a handle names, or null after setting EGL_BAD_DEVICE_EXT.
const Device* checked_device(EGLDeviceEXT handle) {
  const Device& device = probed_device();
  if (handle != static_cast<const void*>(&device) || !device.available)
    return fail<const Device*>(EGL_BAD_DEVICE_EXT, nullptr);
  return &device;
}

}  // namespace

bool is_device(EGLDeviceEXT handle) {
  std::lock_guard lock(egl_mutex());
  const Device& device = probed_device();
  return handle == static_cast<const void*>(&device) && device.available;
}

namespace api {

EGLBoolean QueryDevicesEXT(EGLint max_devices, EGLDeviceEXT* devices, EGLint* num_devices) {
  std::lock_guard lock(egl_mutex());
  // EGL_EXT_device_enumeration: a null count, or a list with no room, is EGL_BAD_PARAMETER.
  if (!num_devices || (devices && max_devices <= 0)) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  const Device& device = probed_device();
  *num_devices = device.available ? 1 : 0;
  if (devices && device.available) devices[0] = const_cast<Device*>(&device);
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

// EGL_EXT_device_query defines no device attribute of its own, and glvk has no device extension
// that adds one (EGL_EXT_device_drm's need a DRM node).
EGLBoolean QueryDeviceAttribEXT(EGLDeviceEXT device, EGLint, EGLAttrib*) {
  std::lock_guard lock(egl_mutex());
  if (!checked_device(device)) return EGL_FALSE;
  return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
}

const char* QueryDeviceStringEXT(EGLDeviceEXT device, EGLint name) {
  std::lock_guard lock(egl_mutex());
  const Device* d = checked_device(device);
  if (!d) return nullptr;
  if (name != EGL_EXTENSIONS) return fail<const char*>(EGL_BAD_PARAMETER, nullptr);
  set_error(EGL_SUCCESS);
  // A GPU has no device extension glvk can honour: no DRM node is known for it.
  return d->software ? "EGL_MESA_device_software" : "";
}

EGLBoolean QueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute, EGLAttrib* value) {
  std::lock_guard lock(egl_mutex());
  if (!checked_display(dpy)) return EGL_FALSE;
  if (attribute != EGL_DEVICE_EXT) return fail(EGL_BAD_ATTRIBUTE, EGL_FALSE);
  if (!value) return fail(EGL_BAD_PARAMETER, EGL_FALSE);
  *value = reinterpret_cast<EGLAttrib>(&the_device());
  set_error(EGL_SUCCESS);
  return EGL_TRUE;
}

}  // namespace api
}  // namespace glvk::gl::egl
