// glvk installed as a system driver: `cmake --install` into a temporary prefix puts the glvnd
// vendors, the EGL vendor file, the Vulkan layer manifest and the glvk command where glvnd and the
// Vulkan loader look; programs then run through those files only (the dynamic loader's own log,
// LD_DEBUG=files, must name no file of the build tree). `cpack` builds the same as a .deb.
#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <regex>
#include <sstream>
#include <string>

#include "process.h"
#include "xvfb.h"

namespace glvk::test {
namespace {

namespace fs = std::filesystem;
using Env = std::vector<std::pair<std::string, std::string>>;

class InstallTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char pattern[] = "/tmp/glvk-install-XXXXXX";
    ASSERT_NE(mkdtemp(pattern), nullptr);
    root_ = pattern;
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(root_, ignored);
  }

  // Installs the build into <root>/prefix; false (with the output reported) when it fails.
  bool install() {
    const ProcessResult r = run_process({GLVK_CMAKE, "--install", GLVK_BUILD_DIR, "--prefix", prefix()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    return r.exit_code == 0;
  }
  std::string prefix() const { return root_ + "/prefix"; }
  std::string libdir() const { return prefix() + "/" GLVK_INSTALL_LIBDIR; }
  std::string datadir() const { return prefix() + "/" GLVK_INSTALL_DATADIR; }
  std::string glvk() const { return prefix() + "/" GLVK_INSTALL_BINDIR "/glvk"; }

  // The environment of a run that may only use the installed files: Vulkan validation on lavapipe,
  // the shadow-check layer from the installed manifest, and the dynamic loader's file log.
  Env installed_env() const {
    Env env = {{"GLVK_VALIDATION", "1"},
               {"GLVK_DEVICE", "llvmpipe"},
               {"GLVK_SHADOW_CHECK", "1"},
               {"VK_ADD_LAYER_PATH", datadir() + "/vulkan/explicit_layer.d"},
               {"__EGL_VENDOR_LIBRARY_FILENAMES", ""},
               {"__GLX_VENDOR_LIBRARY_NAME", ""},
               {"LD_LIBRARY_PATH", ""},
               {"LD_DEBUG", "files"}};
    if (*GLVK_SANITIZER_PRELOAD) env.emplace_back("LD_PRELOAD", GLVK_SANITIZER_PRELOAD);
    return env;
  }

  std::string root_;
};

// The programs and libraries a run started (LD_DEBUG=files lines "initialize program: PATH" and
// "calling init: PATH", full paths) whose name contains `part`.
std::vector<std::string> loaded_files(const std::string& log, const std::string& part) {
  std::vector<std::string> files;
  std::istringstream lines(log);
  for (std::string line; std::getline(lines, line);)
    for (const std::string marker : {"initialize program: ", "calling init: "})
      if (const std::size_t at = line.find(marker); at != std::string::npos) {
        const std::string path = line.substr(at + marker.size());
        if (path.find(part) != std::string::npos) files.push_back(path);
      }
  return files;
}

// Every file of `part` the run loaded is the one under `dir`, and at least one was loaded.
void expect_loaded_from(const std::string& log, const std::string& part, const std::string& dir) {
  const std::vector<std::string> files = loaded_files(log, part);
  EXPECT_FALSE(files.empty()) << part << " was not loaded";
  for (const std::string& f : files) EXPECT_EQ(f.rfind(dir + "/", 0), 0u) << part << " loaded from " << f;
}

TEST_F(InstallTest, PutsTheDriverFilesWhereGlvndAndTheVulkanLoaderLook) {
  ASSERT_TRUE(install());
  for (const char* library : {"libEGL_glvk.so.0", "libGLX_glvk.so.0", "libVkLayer_GLVK_shadow_check.so"})
    EXPECT_TRUE(fs::is_regular_file(libdir() + "/" + library)) << library;
  // glvnd opens vendors by soname: no development symlinks.
  EXPECT_FALSE(fs::exists(libdir() + "/libEGL_glvk.so"));
  EXPECT_FALSE(fs::exists(libdir() + "/libGLX_glvk.so"));
  EXPECT_TRUE(fs::is_regular_file(glvk()));

  const std::string vendor = read_file(datadir() + "/glvnd/egl_vendor.d/60_glvk.json");
  EXPECT_NE(vendor.find("\"library_path\" : \"" + libdir() + "/libEGL_glvk.so.0\""), std::string::npos) << vendor;
  const std::string layer = read_file(datadir() + "/vulkan/explicit_layer.d/VkLayer_GLVK_shadow_check.json");
  EXPECT_NE(layer.find("\"library_path\": \"" + libdir() + "/libVkLayer_GLVK_shadow_check.so\""), std::string::npos)
      << layer;
  EXPECT_NE(layer.find("\"name\": \"VK_LAYER_GLVK_shadow_check\""), std::string::npos) << layer;
}

// The installed `glvk run` starts the installed demo on the installed EGL vendor (which draws and
// checks its pictures), with the shadow-check layer from the installed manifest.
TEST_F(InstallTest, InstalledGlvkRunsTheDemoThroughInstalledFilesOnly) {
  ASSERT_TRUE(install());
  const ProcessResult r = run_process({glvk(), "run"}, "", installed_env());
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err.substr(r.err.size() > 4000 ? r.err.size() - 4000 : 0);
  EXPECT_TRUE(std::regex_search(r.out, std::regex("GL_RENDERER[^\n]*glvk"))) << r.out;
  expect_loaded_from(r.err, "libEGL_glvk", libdir());
  expect_loaded_from(r.err, "libVkLayer_GLVK_shadow_check", libdir());
  expect_loaded_from(r.err, "glvk_demo", prefix());
  EXPECT_EQ(r.err.find(GLVK_BUILD_DIR), std::string::npos) << "a build-tree file was used";
}

// An X program through the installed GLX vendor (the system libGLX finds it on the library path
// the installed `glvk run` sets).
TEST_F(InstallTest, InstalledGlvkRunsGlxinfoOnTheInstalledGlxVendor) {
  std::string why;
  const std::string display = xvfb_display(why);
  ASSERT_FALSE(display.empty()) << why;
  const std::string glxinfo = find_on_path("glxinfo");
  ASSERT_FALSE(glxinfo.empty()) << "glxinfo is not installed (scripts/setup installs mesa-utils)";
  ASSERT_TRUE(install());
  Env env = installed_env();
  env.emplace_back("DISPLAY", display);
  const ProcessResult r = run_process({glvk(), "run", "--", glxinfo, "-B"}, "", env);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err.substr(r.err.size() > 4000 ? r.err.size() - 4000 : 0);
  EXPECT_TRUE(std::regex_search(r.out, std::regex("OpenGL renderer string: glvk"))) << r.out;
  expect_loaded_from(r.err, "libGLX_glvk", libdir());
  EXPECT_EQ(r.err.find(GLVK_BUILD_DIR), std::string::npos) << "a build-tree file was used";
}

// `cpack` builds a Debian package holding the same files under /usr, the vendor file naming the
// library where the package puts it.
TEST_F(InstallTest, CpackBuildsADebianPackageOfTheSameFiles) {
  const ProcessResult pack =
      run_process({GLVK_CPACK, "--config", std::string(GLVK_BUILD_DIR) + "/CPackConfig.cmake", "-B", root_});
  ASSERT_EQ(pack.exit_code, 0) << pack.out << pack.err;
  std::string deb;
  for (const fs::directory_entry& e : fs::directory_iterator(root_))
    if (e.path().extension() == ".deb") deb = e.path().string();
  ASSERT_FALSE(deb.empty()) << pack.out;
  const ProcessResult contents = run_process({"/usr/bin/dpkg-deb", "--contents", deb});
  ASSERT_EQ(contents.exit_code, 0) << contents.err;
  const std::string lib = "./usr/" GLVK_INSTALL_LIBDIR "/", share = "./usr/" GLVK_INSTALL_DATADIR "/";
  for (const std::string& file :
       {lib + "libEGL_glvk.so.0", lib + "libGLX_glvk.so.0", lib + "libVkLayer_GLVK_shadow_check.so",
        share + "glvnd/egl_vendor.d/60_glvk.json", share + "vulkan/explicit_layer.d/VkLayer_GLVK_shadow_check.json",
        std::string("./usr/" GLVK_INSTALL_BINDIR "/glvk")})
    EXPECT_NE(contents.out.find(" " + file + "\n"), std::string::npos) << file << " missing:\n" << contents.out;

  const std::string unpacked = root_ + "/unpacked";
  ASSERT_EQ(run_process({"/usr/bin/dpkg-deb", "--extract", deb, unpacked}).exit_code, 0);
  const std::string vendor = read_file(unpacked + "/usr/" GLVK_INSTALL_DATADIR "/glvnd/egl_vendor.d/60_glvk.json");
  EXPECT_NE(vendor.find("\"/usr/" GLVK_INSTALL_LIBDIR "/libEGL_glvk.so.0\""), std::string::npos) << vendor;
  const ProcessResult depends = run_process({"/usr/bin/dpkg-deb", "--field", deb, "Depends"});
  for (const char* package : {"libegl1", "libglx0", "libvulkan1", "libx11-6"})
    EXPECT_NE(depends.out.find(package), std::string::npos) << package << " not in Depends: " << depends.out;
}

}  // namespace
}  // namespace glvk::test
