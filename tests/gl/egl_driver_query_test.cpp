// EGL_MESA_query_driver through the system libEGL: the driver's name and its driinfo option list.
#include <cstdlib>
#include <string>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

TEST(EglDriverQuery, NamesGlvkAndAnEmptyOptionListOnInitializedDisplays) {
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  ASSERT_NE(display, EGL_NO_DISPLAY);
  ASSERT_TRUE(eglInitialize(display, nullptr, nullptr));
  const std::string extensions = eglQueryString(display, EGL_EXTENSIONS);
  EXPECT_NE((" " + extensions + " ").find(" EGL_MESA_query_driver "), std::string::npos);
  auto name_of = reinterpret_cast<PFNEGLGETDISPLAYDRIVERNAMEPROC>(eglGetProcAddress("eglGetDisplayDriverName"));
  auto config_of = reinterpret_cast<PFNEGLGETDISPLAYDRIVERCONFIGPROC>(eglGetProcAddress("eglGetDisplayDriverConfig"));
  ASSERT_TRUE(name_of && config_of);

  const char* name = name_of(display);
  ASSERT_NE(name, nullptr);
  EXPECT_STREQ(name, "glvk");
  EXPECT_EQ(eglGetError(), EGL_SUCCESS);
  // The extension's XML: a driinfo element (the DTD allows no section); the caller frees it.
  char* config = config_of(display);
  ASSERT_NE(config, nullptr);
  const std::string xml = config;
  std::free(config);
  EXPECT_EQ(xml.rfind("<?xml", 0), 0u) << xml;
  EXPECT_NE(xml.find("<driinfo>"), std::string::npos) << xml;
  EXPECT_NE(xml.find("</driinfo>"), std::string::npos) << xml;

  // Not a display: EGL_BAD_DISPLAY (libglvnd's stub finds no vendor); not initialized: EGL_NOT_INITIALIZED.
  EXPECT_EQ(name_of(EGL_NO_DISPLAY), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  EXPECT_EQ(config_of(EGL_NO_DISPLAY), nullptr);
  EXPECT_EQ(eglGetError(), EGL_BAD_DISPLAY);
  ASSERT_TRUE(eglTerminate(display));
  EXPECT_EQ(name_of(display), nullptr);
  EXPECT_EQ(eglGetError(), EGL_NOT_INITIALIZED);
  EXPECT_EQ(config_of(display), nullptr);
  EXPECT_EQ(eglGetError(), EGL_NOT_INITIALIZED);
  ASSERT_TRUE(eglInitialize(display, nullptr, nullptr));  // for the tests after this one in the process
}

}  // namespace
}  // namespace glvk::test
