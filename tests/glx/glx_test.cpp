// GLX on glvk under Xvfb, through the system libGL/libGLX (libglvnd) as any X program loads it:
// glxinfo and glxgears through `glvk run`, glx_probe.c's window contents against the same program
// on Mesa llvmpipe, and the GLX errors of bad input; EGL on X11 windows (egl_x11_probe.c) the same way.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>

#include "peer_runs.h"
#include "process.h"
#include "xvfb.h"

namespace glvk::test {
namespace {

using Env = std::vector<std::pair<std::string, std::string>>;

class GlxTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    display_ = xvfb_display(why);
    ASSERT_FALSE(display_.empty()) << why;
  }

  // glvk as `glvk run` selects it, with Vulkan validation on lavapipe (any message aborts).
  Env glvk_env() const {
    Env env = {{"DISPLAY", display_}, {"GLVK_VALIDATION", "1"}, {"GLVK_DEVICE", "llvmpipe"}};
    if (*GLVK_SANITIZER_PRELOAD) env.emplace_back("LD_PRELOAD", GLVK_SANITIZER_PRELOAD);
    return env;
  }
  Env glvk_probe_env() const {
    Env env = glvk_env();
    env.insert(env.end(), {{"__GLX_VENDOR_LIBRARY_NAME", "glvk"}, {"LD_LIBRARY_PATH", GLVK_LIBRARY_DIR}});
    return env;
  }
  // EGL programs: glvk's vendor file, or Mesa llvmpipe through libglvnd's default vendors.
  Env egl_glvk_env() const {
    Env env = glvk_env();
    env.emplace_back("__EGL_VENDOR_LIBRARY_FILENAMES", GLVK_EGL_VENDOR_JSON);
    return env;
  }
  Env egl_llvmpipe_env() const {
    return {{"DISPLAY", display_}, {"__EGL_VENDOR_LIBRARY_FILENAMES", ""}, {"LIBGL_ALWAYS_SOFTWARE", "1"},
            {"GALLIUM_DRIVER", "llvmpipe"}};
  }
  Env llvmpipe_env() const {
    return {{"DISPLAY", display_},
            {"__GLX_VENDOR_LIBRARY_NAME", "mesa"},
            {"LIBGL_ALWAYS_SOFTWARE", "1"},
            {"GALLIUM_DRIVER", "llvmpipe"}};
  }

  std::string display_;
};

std::string program(const std::string& name) {
  const std::string path = find_on_path(name);
  if (path.empty()) ADD_FAILURE() << name << " is not installed (scripts/setup installs mesa-utils)";
  return path;
}

TEST_F(GlxTest, GlxinfoPrintsGlvkAsTheRenderer) {
  const std::string glxinfo = program("glxinfo");
  ASSERT_FALSE(glxinfo.empty());
  const ProcessResult r = run_process({GLVK_COMMAND, "run", "--", glxinfo, "-B"}, "", glvk_env());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("OpenGL renderer string: ([^\n]*)"))) << r.out;
  EXPECT_NE(m[1].str().find("glvk"), std::string::npos) << m[1].str();
  EXPECT_NE(r.out.find("direct rendering: Yes"), std::string::npos) << r.out;
  // The core and compatibility profile contexts glxinfo asks for with glXCreateContextAttribsARB.
  EXPECT_NE(r.out.find("OpenGL core profile version string: 4.6"), std::string::npos) << r.out;
}

// glxgears has no frame limit: it runs for a bounded time (the coreutils timeout stops it), must
// name glvk as the renderer (-info) and report frames drawn in its first 5-second period.
TEST_F(GlxTest, GlxgearsDrawsFramesOnGlvk) {
  const std::string glxgears = program("glxgears"), timeout = program("timeout");
  ASSERT_FALSE(glxgears.empty() || timeout.empty());
  const ProcessResult r =
      run_process({timeout, "-s", "INT", "7", GLVK_COMMAND, "run", "--", glxgears, "-info"}, "", glvk_env());
  EXPECT_NE(r.out.find("GL_RENDERER   = glvk"), std::string::npos) << r.out << r.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, std::regex("([0-9]+) frames in [0-9.]+ seconds"))) << r.out << r.err;
  EXPECT_GT(std::stoi(m[1].str()), 10) << r.out;
  EXPECT_EQ(r.err.find("glvk: GLX"), std::string::npos) << r.err;
}

// Removes the line of case `name` from a probe's output and returns it.
std::string take_line(std::string& out, const std::string& name) {
  const std::size_t start = out.find(name + " ");
  if (start == std::string::npos) return {};
  const std::size_t end = out.find('\n', start);
  std::string line = out.substr(start, end - start);
  out.erase(start, end == std::string::npos ? std::string::npos : end - start + 1);
  return line;
}

// A probe's window contents read back with XGetImage after its swaps, on glvk and on Mesa
// llvmpipe: `cases` cases within the probe's tolerance (2 per channel), the size the API reports
// after the resize, and glvk's GL_FRONT after the swap equal to its window as the X server holds it
// (llvmpipe on Xvfb reads zeros there, so it is not the reference).
void expect_probe_windows_match(const std::string& probe, const Env& mesa_env, const Env& glvk_env,
                                std::size_t cases) {
  PeerRuns runs;
  runs.mesa = run_process({probe, "pictures"}, "", mesa_env);
  runs.glvk = run_process({probe, "pictures"}, "", glvk_env);
  ASSERT_EQ(runs.mesa.exit_code, 0) << runs.mesa.err;
  ASSERT_NE(runs.mesa.err.find("llvmpipe"), std::string::npos) << runs.mesa.err;
  ASSERT_EQ(runs.glvk.exit_code, 0) << runs.glvk.err;
  ASSERT_NE(runs.glvk.err.find("GL_RENDERER: glvk"), std::string::npos) << runs.glvk.err;
  take_line(runs.mesa.out, "fixed_function_front");
  const std::string front = take_line(runs.glvk.out, "fixed_function_front");
  std::string window = take_line(runs.glvk.out, "fixed_function_window");
  ASSERT_FALSE(front.empty() || window.empty());
  EXPECT_EQ(front.substr(front.find(' ')), window.substr(window.find(' ')));
  runs.glvk.out += window + "\n";
  expect_images_match(runs, cases, 64);
  EXPECT_NE(runs.glvk.out.find("resized_size 0 40 56"), std::string::npos);
}

// glx_probe: six cases: the FF scene, the GLSL scene before and after the resize, the size
// glXQueryDrawable reports after it, a single-buffered visual (GLX_DOUBLEBUFFER 0) and the FF
// scene in its window after glFlush.
TEST_F(GlxTest, ProbeWindowsMatchLlvmpipe) {
  expect_probe_windows_match(GLVK_GLX_PROBE, llvmpipe_env(), glvk_probe_env(), 6);
}

TEST_F(GlxTest, ErrorPathsRaiseTheSpecsErrors) {
  const ProcessResult r = run_process({GLVK_GLX_PROBE, "errors"}, "", glvk_probe_env());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok swap_shows_green"), std::string::npos) << r.out;
}

// glx_context_probe: OpenGL ES contexts (2.0 and 3.0-3.2 served as ES 3.2, ES 1.x and unknown
// ES versions GLXBadProfileARB), no-error contexts (the flag, GL_KHR_no_error, BadMatch with debug
// or across no-error modes) and contexts without a config (no config/visual, render type
// GLX_DONT_CARE, current on windows of either buffering), each check against the extension specs.
TEST_F(GlxTest, EsNoErrorAndNoConfigContexts) {
  const ProcessResult r = run_process({GLVK_GLX_CONTEXT_PROBE}, "", glvk_probe_env());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok no_config_renders_double_buffered"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("GL_RENDERER: glvk"), std::string::npos) << r.err;
}

// GLX pixmaps (glx_pixmap_probe pictures): the X pixmap read back with XGetImage holds what GL drew
// there. Cases with known colours are checked against values computed here; the fixed-function
// scene against Mesa llvmpipe drawing into the same kind of pixmap.
TEST_F(GlxTest, PixmapPicturesHoldWhatGlDrew) {
  PeerRuns runs;
  runs.glvk = run_process({GLVK_GLX_PIXMAP_PROBE, "pictures"}, "", glvk_probe_env());
  ASSERT_EQ(runs.glvk.exit_code, 0) << runs.glvk.out << runs.glvk.err;
  ASSERT_NE(runs.glvk.err.find("GL_RENDERER: glvk"), std::string::npos) << runs.glvk.err;
  std::map<std::string, double> tolerance;
  const auto cases = parse_cases(runs.glvk.out, tolerance);
  // A clear to (51, 102, 204), then a scissored one of x 8..23, y 4..15 (bottom-up) to (255, 0, 153);
  // the X image is top row first.
  const int width = 32, height = 24;
  ASSERT_EQ(cases.count("scissor_clear"), 1u) << runs.glvk.out;
  const std::vector<double>& picture = cases.at("scissor_clear");
  ASSERT_EQ(picture.size(), std::size_t(width * height * 4));
  int wrong = 0;
  for (int row = 0; row < height; ++row)
    for (int x = 0; x < width; ++x) {
      const int gl_y = height - 1 - row;
      const bool inside = x >= 8 && x < 24 && gl_y >= 4 && gl_y < 16;
      const double expected[4] = {inside ? 255.0 : 51.0, inside ? 0.0 : 102.0, inside ? 153.0 : 204.0, 255.0};
      for (int c = 0; c < 4; ++c)
        if (picture[std::size_t((row * width + x) * 4 + c)] != expected[c] && ++wrong <= 5)
          ADD_FAILURE() << "scissor_clear pixel " << x << "," << row << " channel " << c << ": "
                        << picture[std::size_t((row * width + x) * 4 + c)] << ", expected " << expected[c];
    }
  EXPECT_EQ(wrong, 0);
  // What glFlush, glXWaitGL and glXMakeCurrent away from the pixmap leave in it; the alpha of an
  // RGBA8 config in a depth-32 pixmap's top byte (0.6 * 255).
  const std::map<std::string, std::vector<double>> pixels = {{"after_flush", {0, 255, 0, 255}},
                                                             {"after_wait_gl", {0, 0, 255, 255}},
                                                             {"after_release", {255, 255, 0, 255}},
                                                             {"alpha_pixmap", {51, 102, 204, 153}}};
  for (const auto& [name, expected] : pixels) {
    ASSERT_EQ(cases.count(name), 1u) << name << "\n" << runs.glvk.out;
    EXPECT_EQ(cases.at(name), expected) << name;
  }
  // The fixed-function scene against llvmpipe's pixmap.
  runs.mesa = run_process({GLVK_GLX_PIXMAP_PROBE, "scene"}, "", llvmpipe_env());
  ASSERT_EQ(runs.mesa.exit_code, 0) << runs.mesa.err;
  ASSERT_NE(runs.mesa.err.find("llvmpipe"), std::string::npos) << runs.mesa.err;
  PeerRuns scene;
  scene.mesa.out = take_line(runs.mesa.out, "fixed_function") + "\n";
  scene.glvk.out = take_line(runs.glvk.out, "fixed_function") + "\n";
  expect_images_match(scene, 1, 64);
}

TEST_F(GlxTest, PixmapErrorPathsRaiseTheSpecsErrors) {
  const ProcessResult r = run_process({GLVK_GLX_PIXMAP_PROBE, "errors"}, "", glvk_probe_env());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok x_pixmap_freed_first"), std::string::npos) << r.out;
}

// GLX_MESA_query_renderer (glx_probe renderer) on lavapipe: a CPU device has no PCI ids
// (0xffffffff, the extension's value, which Mesa llvmpipe reports too), is not accelerated and
// shares the host's memory; glvk's versions; ES 1.x 0.0 (not served), ES 2.0+ 3.2 (as llvmpipe);
// no value written past an attribute's count.
TEST_F(GlxTest, QueryRendererDescribesTheDevice) {
  PeerRuns runs;
  runs.glvk = run_process({GLVK_GLX_PROBE, "renderer"}, "", glvk_probe_env());
  ASSERT_EQ(runs.glvk.exit_code, 0) << runs.glvk.out << runs.glvk.err;
  ASSERT_NE(runs.glvk.err.find("GL_RENDERER: glvk"), std::string::npos) << runs.glvk.err;
  const std::string untouched = std::to_string(0xdeadbeefu);
  const std::string version = std::to_string(GLVK_VERSION_MAJOR) + " " + std::to_string(GLVK_VERSION_MINOR) + " " +
                              std::to_string(GLVK_VERSION_PATCH);
  for (const std::string& line : std::vector<std::string>{
           "extension 1", "vendor_id 1 4294967295 " + untouched, "device_id 1 4294967295 " + untouched,
        "version 1 " + version + " " + untouched, "accelerated 1 0 " + untouched, "unified_memory 1 1 " + untouched,
        "preferred_profile 1 1 " + untouched, "core_version 1 4 6 " + untouched,
        "compatibility_version 1 4 6 " + untouched, "es_version 1 0 0 " + untouched,
        "es2_version 1 3 2 " + untouched, "unknown_attribute 0", "renderer_1 0", "current_without_context 0",
        "vendor_string glvk", "unknown_string 0", "current_agrees 1", "device_string_is_renderer 1",
        "current_device_string_agrees 1"})
    EXPECT_NE(runs.glvk.out.find(line + "\n"), std::string::npos) << line << "\n" << runs.glvk.out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(runs.glvk.out, m, std::regex("video_memory 1 ([0-9]+) ")));
  EXPECT_GT(std::stoul(m[1].str()), 0u);
  // Mesa llvmpipe, another CPU renderer, answers the same for the device ids, acceleration, memory
  // kind and the ES 2.0+ version.
  runs.mesa = run_process({GLVK_GLX_PROBE, "renderer"}, "", llvmpipe_env());
  ASSERT_EQ(runs.mesa.exit_code, 0) << runs.mesa.err;
  ASSERT_NE(runs.mesa.err.find("llvmpipe"), std::string::npos) << runs.mesa.err;
  for (const std::string name : {"vendor_id", "device_id", "accelerated", "unified_memory", "es2_version"}) {
    const std::string mesa = take_line(runs.mesa.out, name), glvk = take_line(runs.glvk.out, name);
    EXPECT_FALSE(mesa.empty());
    EXPECT_EQ(glvk, mesa);
  }
}

// EGL on X11 windows (EGL_KHR_platform_x11), egl_x11_probe: four cases: the FF scene
// (eglCreateWindowSurface), the GLSL scene (eglCreatePlatformWindowSurface) before and after the
// resize, and the size eglQuerySurface reports after it.
TEST_F(GlxTest, EglX11WindowsMatchLlvmpipe) {
  expect_probe_windows_match(GLVK_EGL_X11_PROBE, egl_llvmpipe_env(), egl_glvk_env(), 4);
}

TEST_F(GlxTest, EglX11ErrorPathsRaiseTheSpecsErrors) {
  const ProcessResult r = run_process({GLVK_EGL_X11_PROBE, "errors"}, "", egl_glvk_env());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok swap_shows_green"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok srgb_window_shows_encoded_green"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("EGL_VENDOR: glvk"), std::string::npos) << r.err;
}

// EGL pixmap surfaces (egl_x11_probe pixmaps): single-buffered, their picture in the X pixmap once
// GL rendering completes (glFinish, eglWaitClient, release), eglSwapBuffers a no-op; eglCopyBuffers
// into a pixmap of the surface's size; the errors EGL 1.5 3.5.4 and 3.10.5 name. Expected pixels
// are the clear colours.
TEST_F(GlxTest, EglPixmapSurfacesHoldWhatGlDrew) {
  const ProcessResult r = run_process({GLVK_EGL_X11_PROBE, "pixmaps"}, "", egl_glvk_env());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ok copy_buffers_puts_yellow_in_pixmap"), std::string::npos) << r.out;
}

// Without a usable screen glvk says so on stderr instead of letting libGLX fall back silently:
// a depth-16 server has no visual glvk renders to.
TEST_F(GlxTest, UnservableScreenIsReportedOnStderr) {
  const std::string glxinfo = program("glxinfo");
  ASSERT_FALSE(glxinfo.empty());
  Xvfb depth16;
  std::string why;
  ASSERT_TRUE(depth16.start("320x240x16", why)) << why;
  Env env = glvk_env();
  env[0].second = depth16.display();
  const ProcessResult r = run_process({GLVK_COMMAND, "run", "--", glxinfo, "-B"}, "", env);
  EXPECT_NE(r.err.find("glvk: GLX: screen 0 of display " + depth16.display() + " has no TrueColor visual"),
            std::string::npos)
      << r.out << r.err;
}

}  // namespace
}  // namespace glvk::test
