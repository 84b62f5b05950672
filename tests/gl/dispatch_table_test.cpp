// The generated dispatch table, checked against gl.xml read independently here, and the
// generator's refusal to advertise an extension whose commands are not implemented.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "glvk/gl/dispatch.h"
#include "process.h"

namespace glvk::gl {
namespace {

std::string read_text(const char* path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DispatchTable, IsSortedUniqueAndFindsEveryEntry) {
  ASSERT_GT(kEntryPointCount, 2500u);
  for (std::size_t i = 1; i < kEntryPointCount; ++i)
    ASSERT_LT(std::strcmp(kEntryPoints[i - 1].name, kEntryPoints[i].name), 0) << kEntryPoints[i].name;
  for (std::size_t i = 0; i < kEntryPointCount; ++i) {
    ASSERT_NE(kEntryPoints[i].address, nullptr);
    ASSERT_EQ(get_proc_address(kEntryPoints[i].name), kEntryPoints[i].address);
  }
  EXPECT_EQ(get_proc_address("glNotACommand"), nullptr);
  EXPECT_EQ(get_proc_address("eglCreateContext"), nullptr);
  EXPECT_EQ(get_proc_address(nullptr), nullptr);
}

TEST(DispatchTable, CoversGl46CompatibilityAndExtensionsFromGlXml) {
  // Spot checks named from the spec: a GL 1.0 compatibility command, GL 4.6's newest, DSA (4.5),
  // an ARB and a vendor extension command.
  for (const char* name : {"glBegin", "glSpecializeShader", "glMultiDrawArraysIndirectCount", "glNamedBufferStorage",
                           "glBindBufferARB", "glGenVertexArraysAPPLE", "glDebugMessageCallbackARB"})
    EXPECT_NE(get_proc_address(name), nullptr) << name;
  // Every <command> under <commands> whose name is required by a desktop-GL feature or
  // extension appears; counting gl.xml's command blocks gives an upper bound for the table.
  const std::string xml = read_text(GLVK_GL_XML);
  ASSERT_FALSE(xml.empty());
  std::size_t commands = 0;
  for (std::size_t at = xml.find("<command>"); at != std::string::npos; at = xml.find("<command>", at + 1)) ++commands;
  EXPECT_LE(kEntryPointCount, commands);
  // GLES-only commands are not part of desktop GL.
  EXPECT_EQ(get_proc_address("glDebugMessageCallbackKHR"), nullptr);
}

TEST(DispatchTable, ImplementedCountMatchesTheDeclarativeList) {
  const std::string list = read_text(GLVK_IMPLEMENTED_FUNCTIONS);
  std::size_t names = 0;
  std::istringstream lines(list);
  for (std::string line; std::getline(lines, line);) {
    line = line.substr(0, line.find('#'));
    if (line.find("gl") != std::string::npos) ++names;
  }
  EXPECT_EQ(kImplementedCount, names);
}

TEST(DispatchGenerator, RefusesToAdvertiseAnExtensionWithUnimplementedCommands) {
  char dir_template[] = "/tmp/glvk-gen-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string implemented = dir + "/implemented.txt", extensions = dir + "/extensions.txt";
  std::ofstream(implemented) << "glMapBufferRange\n";
  std::ofstream(extensions) << "GL_ARB_map_buffer_range\n";
  const auto ok = test::run_process({GLVK_PYTHON, GLVK_GEN_GL_DISPATCH, GLVK_GL_XML, implemented, extensions,
                                     dir + "/a.h", dir + "/a.cpp"});
  EXPECT_NE(ok.exit_code, 0) << "glFlushMappedBufferRange is missing, generation must fail";
  EXPECT_NE(ok.err.find("glFlushMappedBufferRange"), std::string::npos) << ok.err;
  std::ofstream(implemented) << "glMapBufferRange\nglFlushMappedBufferRange\n";
  const auto fixed = test::run_process({GLVK_PYTHON, GLVK_GEN_GL_DISPATCH, GLVK_GL_XML, implemented, extensions,
                                        dir + "/a.h", dir + "/a.cpp"});
  EXPECT_EQ(fixed.exit_code, 0) << fixed.err;
  // gl.xml aliases glBlitFramebufferEXT to glBlitFramebuffer: implementing the core command
  // implements the extension, and its entry point forwards there.
  std::ofstream(implemented) << "glBlitFramebuffer\n";
  std::ofstream(extensions) << "GL_EXT_framebuffer_blit\n";
  const auto aliased = test::run_process({GLVK_PYTHON, GLVK_GEN_GL_DISPATCH, GLVK_GL_XML, implemented, extensions,
                                          dir + "/a.h", dir + "/a.cpp"});
  EXPECT_EQ(aliased.exit_code, 0) << aliased.err;
  const std::string source = read_text((dir + "/a.cpp").c_str());
  const std::size_t entry = source.find("entry_glBlitFramebufferEXT(");
  ASSERT_NE(entry, std::string::npos);
  EXPECT_NE(source.find("api::BlitFramebuffer(", entry), std::string::npos);
  EXPECT_LT(source.find("api::BlitFramebuffer(", entry), source.find("entry_", entry + 1));
  // glBindFramebufferEXT has no alias (EXT binds names never generated): still unimplemented.
  std::ofstream(implemented) << "glBindFramebuffer\n";
  std::ofstream(extensions) << "GL_EXT_framebuffer_object\n";
  EXPECT_NE(test::run_process({GLVK_PYTHON, GLVK_GEN_GL_DISPATCH, GLVK_GL_XML, implemented, extensions,
                               dir + "/a.h", dir + "/a.cpp"}).exit_code, 0);
  // ARB_viewport_array's NV_depth_buffer_float interaction (glDepthRangeArraydvNV, ...) is required
  // only with that extension.
  std::ofstream(implemented) << "glViewportArrayv\nglViewportIndexedf\nglViewportIndexedfv\nglScissorArrayv\n"
                                "glScissorIndexed\nglScissorIndexedv\nglDepthRangeArrayv\nglDepthRangeIndexed\n"
                                "glGetFloati_v\nglGetDoublei_v\n";
  std::ofstream(extensions) << "GL_ARB_viewport_array\n";
  const auto interaction = test::run_process({GLVK_PYTHON, GLVK_GEN_GL_DISPATCH, GLVK_GL_XML, implemented,
                                              extensions, dir + "/a.h", dir + "/a.cpp"});
  EXPECT_EQ(interaction.exit_code, 0) << interaction.err;
  std::ofstream(extensions) << "GL_ARB_viewport_array\nGL_NV_depth_buffer_float\n";
  const auto with_nv = test::run_process({GLVK_PYTHON, GLVK_GEN_GL_DISPATCH, GLVK_GL_XML, implemented, extensions,
                                          dir + "/a.h", dir + "/a.cpp"});
  EXPECT_NE(with_nv.exit_code, 0) << "with NV_depth_buffer_float advertised the NV commands are required";
  EXPECT_NE(with_nv.err.find("glDepthRangeIndexeddNV"), std::string::npos) << with_nv.err;
  std::ofstream(implemented) << "glNotInGlXml\n";
  const auto unknown = test::run_process({GLVK_PYTHON, GLVK_GEN_GL_DISPATCH, GLVK_GL_XML, implemented, extensions,
                                          dir + "/a.h", dir + "/a.cpp"});
  EXPECT_NE(unknown.exit_code, 0);
  for (const char* f : {"/implemented.txt", "/extensions.txt", "/a.h", "/a.cpp"}) std::remove((dir + f).c_str());
  rmdir(dir.c_str());
}

}  // namespace
}  // namespace glvk::gl
