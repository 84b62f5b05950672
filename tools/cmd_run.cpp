// glvk run [--device D] [--png FILE] [-- APP ARGS...]: runs a program with the environment that
// selects glvk through libglvnd for EGL (vendor JSON) and GLX (__GLX_VENDOR_LIBRARY_NAME, found on
// the library path), with a runtime dir and the Vulkan device; with no program it runs the bundled
// demo (glvk_demo.c), which writes its drawn picture to FILE with --png.
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "commands.h"

namespace glvk::tools {
namespace {

int fail(const std::string& message) {
  std::fprintf(stderr, "glvk run: %s\n", message.c_str());
  return 2;
}

// Where the files `glvk run` selects are: beside the build tree's command, or in the installed
// layout relative to the command's own folder (cmake/GlvkInstall.cmake).
struct Paths {
  std::string vendor_json, library_dir, demo;
};

std::string executable_dir() {
  std::error_code error;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", error);
  return error ? std::string() : exe.parent_path().string();
}

Paths locate_files() {
  const std::string dir = executable_dir();
  std::error_code error;
  if (dir.empty() || std::filesystem::equivalent(dir, GLVK_BUILD_TOOLS_DIR, error))
    return {GLVK_EGL_VENDOR_JSON, GLVK_LIBRARY_DIR, GLVK_DEMO_PATH};
  const auto installed = [&](const char* relative) {
    return (std::filesystem::path(dir) / relative).lexically_normal().string();
  };
  return {installed(GLVK_INSTALLED_EGL_VENDOR_JSON), installed(GLVK_INSTALLED_LIBRARY_DIR),
          installed(GLVK_INSTALLED_DEMO)};
}

// Loaders and EGL complain without XDG_RUNTIME_DIR; give the program a private one.
bool ensure_runtime_dir() {
  const char* existing = std::getenv("XDG_RUNTIME_DIR");
  if (existing && *existing) return true;
  const std::string dir = "/tmp/glvk-runtime-" + std::to_string(getuid());
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return false;
  return setenv("XDG_RUNTIME_DIR", dir.c_str(), 1) == 0;
}

}  // namespace

int run_run(Args args) {
  std::string device, png;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    if (args[i] == "--") {
      ++i;
      break;
    }
    if (args[i] == "--device" && i + 1 < args.size()) {
      device = std::string(args[++i]);
    } else if (args[i] == "--png" && i + 1 < args.size()) {
      png = std::string(args[++i]);
    } else if (args[i] == "-h" || args[i] == "--help") {
      std::printf("usage: glvk run [--device INDEX|NAME] [--png FILE] [-- PROGRAM ARGS...]\n"
                  "Runs PROGRAM (default: the bundled demo) with glvk selected as the EGL and GLX vendor.\n"
                  "--png FILE: the demo writes the picture it draws to FILE.\n");
      return 0;
    } else if (args[i].starts_with("-")) {
      return fail("unknown option '" + std::string(args[i]) +
                  "' (usage: glvk run [--device D] [--png FILE] [-- PROGRAM ARGS...])");
    } else {
      break;  // the program, without "--"
    }
  }
  const Paths files = locate_files();
  std::vector<std::string> command(args.begin() + std::ptrdiff_t(i), args.end());
  if (command.empty()) {
    command.push_back(files.demo);
    if (!png.empty()) command.insert(command.end(), {"--png", png});
  } else if (!png.empty()) {
    return fail("--png is the bundled demo's option; pass a program's own options after '--'");
  }

  if (access(files.vendor_json.c_str(), R_OK) != 0)
    return fail("the vendor file " + files.vendor_json + " is missing (build glvk_egl)");
  setenv("__EGL_VENDOR_LIBRARY_FILENAMES", files.vendor_json.c_str(), 1);
  // libGLX loads libGLX_<name>.so.0 from the library path. If it cannot, it silently takes the X
  // server's vendor (Mesa) instead: refuse to start rather than let that happen unannounced.
  const std::string glx_library = files.library_dir + "/" + GLVK_GLX_LIBRARY_NAME;
  if (access(glx_library.c_str(), R_OK) != 0)
    return fail("the GLX vendor library " + glx_library + " is missing (build glvk_glx)");
  setenv("__GLX_VENDOR_LIBRARY_NAME", "glvk", 1);
  const char* old_path = std::getenv("LD_LIBRARY_PATH");
  const std::string library_path =
      files.library_dir + (old_path && *old_path ? std::string(":") + old_path : std::string());
  setenv("LD_LIBRARY_PATH", library_path.c_str(), 1);
  if (!device.empty()) setenv("GLVK_DEVICE", device.c_str(), 1);
  if (!ensure_runtime_dir()) return fail("cannot create a runtime directory for XDG_RUNTIME_DIR");

  std::vector<char*> argv;
  for (std::string& a : command) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  execvp(argv[0], argv.data());
  std::fprintf(stderr, "glvk run: cannot run '%s': %s\n", argv[0], std::strerror(errno));
  return 127;
}

}  // namespace glvk::tools
