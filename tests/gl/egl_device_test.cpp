// EGL devices through the system libEGL: EGL_EXT_device_enumeration, EGL_EXT_device_query,
// EGL_EXT_platform_device and EGL_MESA_device_software (the tests run on lavapipe, GLVK_DEVICE=llvmpipe,
// a VK_PHYSICAL_DEVICE_TYPE_CPU device).
#include <string>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

bool has_token(const char* list, const std::string& token) {
  const std::string spaced = " " + std::string(list ? list : "") + " ";
  return spaced.find(" " + token + " ") != std::string::npos;
}

template <typename F>
F proc(const char* name) {
  return reinterpret_cast<F>(eglGetProcAddress(name));
}

// The only device the test environment's vendor list (glvk's alone) enumerates.
EGLDeviceEXT the_device() {
  auto query_devices = proc<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  EGLDeviceEXT device = EGL_NO_DEVICE_EXT;
  EGLint count = 0;
  if (!query_devices || !query_devices(1, &device, &count) || count != 1) return EGL_NO_DEVICE_EXT;
  return device;
}

TEST(EglDevice, ClientExtensionsNameTheDeviceExtensions) {
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  for (const char* name : {"EGL_EXT_device_base", "EGL_EXT_device_enumeration", "EGL_EXT_device_query",
                           "EGL_EXT_platform_device"})
    EXPECT_TRUE(has_token(client, name)) << name << " missing from " << (client ? client : "(null)");
  EXPECT_NE(eglGetProcAddress("eglQueryDeviceStringEXT"), nullptr);
  EXPECT_NE(eglGetProcAddress("eglQueryDeviceAttribEXT"), nullptr);
  EXPECT_NE(eglGetProcAddress("eglQueryDisplayAttribEXT"), nullptr);
}

TEST(EglDevice, EnumeratesOneDeviceAndRefusesBadArguments) {
  auto query_devices = proc<PFNEGLQUERYDEVICESEXTPROC>("eglQueryDevicesEXT");
  ASSERT_NE(query_devices, nullptr);
  EGLint count = -1;
  ASSERT_TRUE(query_devices(0, nullptr, &count));
  EXPECT_EQ(count, 1);
  EGLDeviceEXT devices[4] = {};
  ASSERT_TRUE(query_devices(4, devices, &count));
  ASSERT_EQ(count, 1);
  EXPECT_NE(devices[0], EGL_NO_DEVICE_EXT);
  EXPECT_EQ(devices[1], EGL_NO_DEVICE_EXT);  // slots past the count stay untouched
  // EGL_EXT_device_enumeration: no room for the list, or no count pointer, is EGL_BAD_PARAMETER.
  EXPECT_FALSE(query_devices(0, devices, &count));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_FALSE(query_devices(-1, devices, &count));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EXPECT_FALSE(query_devices(4, devices, nullptr));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
}

TEST(EglDevice, LavapipeIsASoftwareDeviceWithNoAttributes) {
  auto query_string = proc<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
  auto query_attrib = proc<PFNEGLQUERYDEVICEATTRIBEXTPROC>("eglQueryDeviceAttribEXT");
  ASSERT_TRUE(query_string && query_attrib);
  const EGLDeviceEXT device = the_device();
  ASSERT_NE(device, EGL_NO_DEVICE_EXT);
  // EGL_MESA_device_software: a device not backed by a device node, rendering into client memory.
  const char* extensions = query_string(device, EGL_EXTENSIONS);
  ASSERT_NE(extensions, nullptr);
  EXPECT_TRUE(has_token(extensions, "EGL_MESA_device_software")) << extensions;
  EXPECT_FALSE(has_token(extensions, "EGL_EXT_device_drm")) << extensions;
  // EGL_EXT_device_query: a name or attribute the device does not have.
  EXPECT_EQ(query_string(device, EGL_DRM_DEVICE_FILE_EXT), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  EGLAttrib value = 0;
  EXPECT_FALSE(query_attrib(device, 0xbad1dea, &value));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
}

TEST(EglDevice, DisplaysReportTheDeviceOnceInitialized) {
  auto query_display = proc<PFNEGLQUERYDISPLAYATTRIBEXTPROC>("eglQueryDisplayAttribEXT");
  ASSERT_NE(query_display, nullptr);
  const EGLDeviceEXT device = the_device();
  ASSERT_NE(device, EGL_NO_DEVICE_EXT);
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  ASSERT_NE(display, EGL_NO_DISPLAY);
  EGLAttrib value = 0;
  // EGL_EXT_device_query: an uninitialized display is EGL_NOT_INITIALIZED.
  EXPECT_FALSE(query_display(display, EGL_DEVICE_EXT, &value));
  EXPECT_EQ(eglGetError(), EGL_NOT_INITIALIZED);
  ASSERT_TRUE(eglInitialize(display, nullptr, nullptr));
  EXPECT_FALSE(query_display(display, 0xbad1dea, &value));
  EXPECT_EQ(eglGetError(), EGL_BAD_ATTRIBUTE);
  ASSERT_TRUE(query_display(display, EGL_DEVICE_EXT, &value));
  EXPECT_EQ(reinterpret_cast<EGLDeviceEXT>(value), device);
  // The surfaceless display renders with the same device.
  ASSERT_TRUE(query_display(surfaceless_display(), EGL_DEVICE_EXT, &value));
  EXPECT_EQ(reinterpret_cast<EGLDeviceEXT>(value), device);
  EXPECT_TRUE(eglTerminate(display));
}

TEST(EglDevice, DeviceDisplayRendersToPbuffers) {
  const EGLDeviceEXT device = the_device();
  ASSERT_NE(device, EGL_NO_DEVICE_EXT);
  // EGL_EXT_platform_device: the native display must be a device; no attribute is defined.
  int not_a_device = 0;
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, &not_a_device, nullptr), EGL_NO_DISPLAY);
  const EGLAttrib bogus[] = {0x7777, 1, EGL_NONE};
  // (libglvnd does not pass the vendor's EGL_BAD_ATTRIBUTE on for a device's display.)
  EXPECT_EQ(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device, bogus), EGL_NO_DISPLAY);

  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, device, nullptr);
  ASSERT_NE(display, EGL_NO_DISPLAY);
  ASSERT_TRUE(eglInitialize(display, nullptr, nullptr));
  ASSERT_TRUE(eglBindAPI(EGL_OPENGL_API));
  const EGLint wanted[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_RED_SIZE, 8, EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  ASSERT_TRUE(eglChooseConfig(display, wanted, &config, 1, &count));
  ASSERT_EQ(count, 1);
  const EGLint size[] = {EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE};
  EGLSurface surface = eglCreatePbufferSurface(display, config, size);
  ASSERT_NE(surface, EGL_NO_SURFACE);
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, nullptr);
  ASSERT_NE(context, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display, surface, surface, context));
  glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLubyte pixel[4] = {};
  glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  EXPECT_EQ(pixel[0], 0);
  EXPECT_EQ(pixel[1], 255);
  EXPECT_EQ(pixel[2], 0);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
  EXPECT_TRUE(eglDestroySurface(display, surface));
  EXPECT_TRUE(eglDestroyContext(display, context));
  EXPECT_TRUE(eglTerminate(display));
}

TEST(EglDevice, UnknownDeviceHandlesAreBadDevices) {
  auto query_string = proc<PFNEGLQUERYDEVICESTRINGEXTPROC>("eglQueryDeviceStringEXT");
  ASSERT_NE(query_string, nullptr);
  int not_a_device = 0;
  EXPECT_EQ(query_string(&not_a_device, EGL_EXTENSIONS), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_DEVICE_EXT);
}

}  // namespace
}  // namespace glvk::test
