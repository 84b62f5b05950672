// `glvk run`: the environment it gives a program, and its errors.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>
#include <string>

#include "process.h"

namespace glvk::test {
namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(GlvkRun, SelectsTheVendorFileLibraryPathAndDevice) {
  const ProcessResult r = run_process(
      {GLVK_TOOL_PATH, "run", "--device", "3", "--", "/bin/sh", "-c",
       "printf '%s\\n%s\\n%s\\n' \"$__EGL_VENDOR_LIBRARY_FILENAMES\" \"$LD_LIBRARY_PATH\" \"$GLVK_DEVICE\""},
      "", {{"LD_LIBRARY_PATH", "/old/path"}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto out = lines(r.out);
  ASSERT_EQ(out.size(), 3u) << r.out;
  EXPECT_EQ(out[0], GLVK_EGL_VENDOR_JSON);
  EXPECT_EQ(out[1], std::string(GLVK_LIBRARY_DIR) + ":/old/path");
  EXPECT_EQ(out[2], "3");
  // The vendor file names the built library by absolute path, in the library directory.
  std::ifstream json(out[0]);
  std::stringstream text;
  text << json.rdbuf();
  EXPECT_NE(text.str().find(std::string("\"") + GLVK_LIBRARY_DIR + "/libEGL_glvk.so.0\""), std::string::npos)
      << text.str();
  struct stat info {};
  EXPECT_EQ(stat((std::string(GLVK_LIBRARY_DIR) + "/libEGL_glvk.so.0").c_str(), &info), 0);
}

TEST(GlvkRun, CreatesAPrivateRuntimeDirWhenUnset) {
  const ProcessResult r = run_process({GLVK_TOOL_PATH, "run", "--", "/bin/sh", "-c", "printf '%s' \"$XDG_RUNTIME_DIR\""},
                                      "", {{"XDG_RUNTIME_DIR", ""}});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  ASSERT_FALSE(r.out.empty());
  struct stat info {};
  ASSERT_EQ(stat(r.out.c_str(), &info), 0) << r.out;
  EXPECT_TRUE(S_ISDIR(info.st_mode));
  EXPECT_EQ(info.st_mode & 0777, 0700u);
}

TEST(GlvkRun, ProgramExitStatusPassesThrough) {
  const ProcessResult r = run_process({GLVK_TOOL_PATH, "run", "--", "/bin/sh", "-c", "exit 7"});
  EXPECT_EQ(r.exit_code, 7);
}

TEST(GlvkRun, ErrorsGoToStderrWithNonZeroStatus) {
  const ProcessResult bad_option = run_process({GLVK_TOOL_PATH, "run", "--bogus"});
  EXPECT_NE(bad_option.exit_code, 0);
  EXPECT_EQ(bad_option.err.rfind("glvk run: ", 0), 0u) << bad_option.err;
  EXPECT_TRUE(bad_option.out.empty());
  // --png belongs to the bundled demo: with a program of one's own it is an error, nothing runs.
  const ProcessResult png_with_program =
      run_process({GLVK_TOOL_PATH, "run", "--png", "/tmp/unused.png", "--", "/bin/sh", "-c", "echo ran"});
  EXPECT_EQ(png_with_program.exit_code, 2);
  EXPECT_EQ(png_with_program.err.rfind("glvk run: --png is the bundled demo's option", 0), 0u) << png_with_program.err;
  EXPECT_TRUE(png_with_program.out.empty());
  const ProcessResult missing = run_process({GLVK_TOOL_PATH, "run", "--", "/nonexistent/program"});
  EXPECT_EQ(missing.exit_code, 127);
  EXPECT_EQ(missing.err.rfind("glvk run: cannot run '/nonexistent/program'", 0), 0u) << missing.err;
  EXPECT_TRUE(missing.out.empty());
}

}  // namespace
}  // namespace glvk::test
