// GL strings, integer state, the sticky error, unimplemented commands, KHR_debug, share groups
// and threads, all through libglvnd's dispatch.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <set>
#include <string>
#include <thread>

#include "gl_fixture.h"
#include "process.h"

namespace glvk::test {
namespace {

using GlState = GlTest;

TEST_F(GlState, RendererNamesGlvkAndTheVulkanDevice) {
  const std::string renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  EXPECT_NE(renderer.find("glvk"), std::string::npos) << renderer;
  // The test environment selects lavapipe (GLVK_DEVICE=llvmpipe), whose Vulkan name says llvmpipe.
  EXPECT_NE(renderer.find("llvmpipe"), std::string::npos) << renderer;
  EXPECT_STREQ(reinterpret_cast<const char*>(glGetString(GL_VENDOR)), "glvk");
  const std::string version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
  EXPECT_EQ(version.rfind("4.6", 0), 0u) << version;
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  EXPECT_EQ(major, 4);
  EXPECT_EQ(minor, 6);
}

TEST_F(GlState, ExtensionListIsIndexedAndOnlyHoldsImplementedExtensions) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  ASSERT_GT(count, 0);
  std::set<std::string> names;
  for (GLint i = 0; i < count; ++i) names.insert(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i))));
  EXPECT_EQ(names.size(), std::size_t(count));
  EXPECT_TRUE(names.count("GL_KHR_debug"));
  EXPECT_TRUE(names.count("GL_ARB_buffer_storage"));
  // Drawing's extensions, now that their commands exist (transform feedback 3 with its vertex
  // streams); not GPU shader 5, whose GLSL 1.50 built-ins glslang lacks.
  EXPECT_TRUE(names.count("GL_ARB_vertex_array_object"));
  EXPECT_TRUE(names.count("GL_ARB_transform_feedback2"));
  EXPECT_TRUE(names.count("GL_ARB_transform_feedback3"));
  EXPECT_TRUE(names.count("GL_ARB_occlusion_query2"));
  EXPECT_FALSE(names.count("GL_ARB_gpu_shader5"));
  EXPECT_EQ(glGetStringi(GL_EXTENSIONS, GLuint(count)), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  // Core profiles have no GL_EXTENSIONS string.
  EXPECT_EQ(glGetString(GL_EXTENSIONS), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(GlState, ErrorsAreStickyUntilRead) {
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetIntegerv(0xFFFF, nullptr);       // INVALID_ENUM
  glGenBuffers(-1, nullptr);            // INVALID_VALUE: must not replace the first
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGenBuffers(-1, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(GlState, UnimplementedCommandRaisesInvalidOperationOnceAndNeverCrashes) {
  // glColorTable (ARB_imaging's colour tables) is not implemented, and not planned.
  glColorTable(GL_COLOR_TABLE, GL_RGBA, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glColorTable(GL_COLOR_TABLE, GL_RGBA, 1, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // Through eglGetProcAddress too, for an extension command returning a value.
  auto* register_surface =
      reinterpret_cast<PFNGLVDPAUREGISTEROUTPUTSURFACENVPROC>(eglGetProcAddress("glVDPAURegisterOutputSurfaceNV"));
  ASSERT_NE(register_surface, nullptr);
  EXPECT_EQ(register_surface(nullptr, GL_TEXTURE_2D, 0, nullptr), GLvdpauSurfaceNV(0));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// Runs one test of this binary in a child process with extra environment, for stderr checks.
ProcessResult run_self(const char* filter, std::vector<std::pair<std::string, std::string>> env) {
  char self[4096] = {};
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return {};
  return run_process({self, std::string("--gtest_filter=") + filter}, "", std::move(env));
}

TEST_F(GlState, UnimplementedCommandIsLoggedUnderGlvkDebugApi) {
  const ProcessResult child = run_self("GlState.UnimplementedCommandRaisesInvalidOperationOnceAndNeverCrashes",
                                       {{"GLVK_DEBUG", "api"}});
  EXPECT_EQ(child.exit_code, 0) << child.err;
  const std::string line = "glvk api: glColorTable is not implemented";
  const std::size_t first = child.err.find(line);
  EXPECT_NE(first, std::string::npos) << child.err;
  EXPECT_EQ(child.err.find(line, first + 1), std::string::npos) << "logged more than once:\n" << child.err;
  EXPECT_NE(child.err.find("glvk api: glVDPAURegisterOutputSurfaceNV is not implemented"), std::string::npos)
      << child.err;
  // Every GL error is logged too, with its enum (GL_INVALID_OPERATION) and the reason.
  EXPECT_NE(child.err.find("glvk api: error 0x0502: glColorTable is not implemented by glvk"), std::string::npos)
      << child.err;
}

TEST_F(GlState, TransferLogFollowsTheSeedFormat) {
  const ProcessResult child = run_self("GlBuffer.BufferDataAndGetBufferSubDataRoundTrip", {{"GLVK_DEBUG", "transfer"}});
  EXPECT_EQ(child.exit_code, 0) << child.err;
  EXPECT_NE(child.err.find("transfer_map:\n  transfer: {resource = 0x"), std::string::npos) << child.err;
  EXPECT_NE(child.err.find(", level = 0, usage = PIPE_TRANSFER_WRITE|PIPE_TRANSFER_DISCARD_WHOLE_RESOURCE, box = {x "
                           "= 0, y = 0, z = 0, width = 1000, height = 1, depth = 1, }, stride = 0, layer_stride = 0, "
                           "}\n  transfer_ptr: 0x"),
            std::string::npos)
      << child.err;
  EXPECT_NE(child.err.find("\n  ptr: 0x"), std::string::npos);
  EXPECT_NE(child.err.find("transfer_unmap:\n"), std::string::npos);
}

TEST_F(GlState, TheseTestsRunWithTheValidationLayer) {
  // The Vulkan loader reports the layers it inserts; glvk asked for validation (GLVK_VALIDATION=1).
  const ProcessResult child = run_self("GlState.RendererNamesGlvkAndTheVulkanDevice", {{"VK_LOADER_DEBUG", "layer"}});
  EXPECT_EQ(child.exit_code, 0) << child.err;
  EXPECT_NE((child.out + child.err).find("Insert instance layer \"VK_LAYER_KHRONOS_validation\""), std::string::npos);
}

struct DebugRecord {
  GLenum source, type, severity;
  GLuint id;
  std::string text;
};

void GLAPIENTRY record_debug(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                             const GLchar* message, const void* user) {
  auto* list = static_cast<std::vector<DebugRecord>*>(const_cast<void*>(user));
  list->push_back({source, type, severity, id, std::string(message, std::size_t(length))});
}

TEST_F(GlState, DebugCallbackReceivesErrorsAndInsertedMessages) {
  std::vector<DebugRecord> records;
  EXPECT_FALSE(glIsEnabled(GL_DEBUG_OUTPUT));  // off by default outside debug contexts
  glEnable(GL_DEBUG_OUTPUT);
  glDebugMessageCallback(record_debug, &records);
  void* stored = nullptr;
  glGetPointerv(GL_DEBUG_CALLBACK_USER_PARAM, &stored);
  EXPECT_EQ(stored, &records);

  glBindBuffer(0x1234, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].source, GLenum(GL_DEBUG_SOURCE_API));
  EXPECT_EQ(records[0].type, GLenum(GL_DEBUG_TYPE_ERROR));
  EXPECT_EQ(records[0].severity, GLenum(GL_DEBUG_SEVERITY_HIGH));
  EXPECT_NE(records[0].text.find("glBindBuffer"), std::string::npos) << records[0].text;

  glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 42, GL_DEBUG_SEVERITY_MEDIUM, -1, "hello");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].id, 42u);
  EXPECT_EQ(records[1].text, "hello");

  // Disabled by a control rule: nothing arrives.
  glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_FALSE);
  glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, 43, GL_DEBUG_SEVERITY_MEDIUM, -1, "muted");
  EXPECT_EQ(records.size(), 2u);
  // Low severity is off by default.
  glDebugMessageInsert(GL_DEBUG_SOURCE_THIRD_PARTY, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_LOW, -1, "low");
  EXPECT_EQ(records.size(), 2u);
  glDisable(GL_DEBUG_OUTPUT);
  glBindBuffer(0x1234, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(records.size(), 2u);
  glDebugMessageCallback(nullptr, nullptr);
}

TEST_F(GlState, DebugLogGroupsAndErrors) {
  glEnable(GL_DEBUG_OUTPUT);
  glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 7, -1, "group");
  GLint depth = 0;
  glGetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &depth);
  EXPECT_EQ(depth, 2);
  glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_OTHER, 5, GL_DEBUG_SEVERITY_HIGH, 3, "abcdef");
  glPopDebugGroup();
  GLint logged = 0;
  glGetIntegerv(GL_DEBUG_LOGGED_MESSAGES, &logged);
  EXPECT_EQ(logged, 3);  // push, insert, pop
  GLenum types[3];
  GLuint ids[3];
  GLsizei lengths[3];
  char text[256];
  EXPECT_EQ(glGetDebugMessageLog(3, sizeof text, nullptr, types, ids, nullptr, lengths, text), 3u);
  EXPECT_EQ(types[0], GLenum(GL_DEBUG_TYPE_PUSH_GROUP));
  EXPECT_EQ(types[1], GLenum(GL_DEBUG_TYPE_OTHER));
  EXPECT_EQ(types[2], GLenum(GL_DEBUG_TYPE_POP_GROUP));
  EXPECT_EQ(ids[1], 5u);
  EXPECT_STREQ(text + lengths[0], "abc");  // length 3 of "abcdef"
  glPopDebugGroup();
  EXPECT_EQ(glGetError(), GLenum(GL_STACK_UNDERFLOW));
  glDebugMessageInsert(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 1, GL_DEBUG_SEVERITY_HIGH, -1, "x");
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));  // applications may not pose as the API
  glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DONT_CARE, GL_DONT_CARE, 1, ids, GL_TRUE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));  // ids need a specific type
  // Drain what the errors above logged.
  while (glGetDebugMessageLog(1, sizeof text, nullptr, nullptr, nullptr, nullptr, nullptr, text)) {
  }
  glDisable(GL_DEBUG_OUTPUT);
}

// glEnable/glDisable/glIsEnabled take every capability of the profile's state tables and glGet
// reads them; initial values follow the spec (DITHER and MULTISAMPLE start enabled).
TEST_F(GlState, EveryCoreCapabilityIsStateWithItsInitialValue) {
  EXPECT_TRUE(glIsEnabled(GL_DITHER));
  EXPECT_TRUE(glIsEnabled(GL_MULTISAMPLE));
  for (const GLenum cap : {GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_POLYGON_OFFSET_FILL,
                           GL_CLIP_DISTANCE7, GL_RASTERIZER_DISCARD, GL_PRIMITIVE_RESTART, GL_SAMPLE_SHADING}) {
    EXPECT_FALSE(glIsEnabled(cap)) << cap;
    glEnable(cap);
    EXPECT_TRUE(glIsEnabled(cap)) << cap;
    GLboolean b = GL_FALSE;
    glGetBooleanv(cap, &b);
    EXPECT_EQ(b, GL_TRUE) << cap;
    glDisable(cap);
    EXPECT_FALSE(glIsEnabled(cap)) << cap;
  }
  GLboolean scissor = GL_TRUE;
  glGetBooleanv(GL_SCISSOR_TEST, &scissor);
  EXPECT_EQ(scissor, GL_FALSE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glEnable(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "fixed-function texturing left the core profile";
  glEnable(GL_LIGHTING);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_FALSE(glIsEnabled(0x1234));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

class CompatibilityGlState : public GlState {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

// Fixed-function texture enables (and texture coordinate generation) belong to the active unit.
TEST_F(CompatibilityGlState, TextureEnablesArePerTextureUnit) {
  glEnable(GL_TEXTURE_2D);
  glEnable(GL_LIGHT3);
  glActiveTexture(GL_TEXTURE1);
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_2D));
  EXPECT_TRUE(glIsEnabled(GL_LIGHT3)) << "lights are not per unit";
  glEnable(GL_TEXTURE_GEN_S);
  glActiveTexture(GL_TEXTURE0);
  EXPECT_TRUE(glIsEnabled(GL_TEXTURE_2D));
  EXPECT_FALSE(glIsEnabled(GL_TEXTURE_GEN_S));
  GLint value = -1;
  glGetIntegerv(GL_TEXTURE_2D, &value);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// The clear values, scissor box and write masks read back through every glGet form; colours and
// depth take the normalized integer mapping of table 18.2 (x * (2^31 - 1), rounded).
TEST_F(GlState, ClearAndMaskStateReadsBack) {
  glScissor(1, 2, 3, 4);
  GLint box[4] = {};
  glGetIntegerv(GL_SCISSOR_BOX, box);
  EXPECT_EQ(std::vector<GLint>(box, box + 4), (std::vector<GLint>{1, 2, 3, 4}));
  glClearColor(0.25f, -1.0f, 2.0f, 1.0f);
  GLfloat colour[4] = {};
  glGetFloatv(GL_COLOR_CLEAR_VALUE, colour);
  EXPECT_EQ(std::vector<GLfloat>(colour, colour + 4), (std::vector<GLfloat>{0.25f, -1.0f, 2.0f, 1.0f}));
  GLint colour_integers[4] = {};
  glGetIntegerv(GL_COLOR_CLEAR_VALUE, colour_integers);
  EXPECT_EQ(colour_integers[0], 536870912);  // 0.25 * 2147483647 = 536870911.75
  EXPECT_EQ(colour_integers[1], -2147483647);
  EXPECT_EQ(colour_integers[3], 2147483647);
  glClearDepth(0.5);
  GLdouble depth = 0;
  glGetDoublev(GL_DEPTH_CLEAR_VALUE, &depth);
  EXPECT_EQ(depth, 0.5);
  GLint depth_integer = 0;
  glGetIntegerv(GL_DEPTH_CLEAR_VALUE, &depth_integer);
  EXPECT_EQ(depth_integer, 1073741824);  // 0.5 * 2147483647 = 1073741823.5, rounded away from zero
  glClearStencil(5);
  GLint stencil = 0;
  glGetIntegerv(GL_STENCIL_CLEAR_VALUE, &stencil);
  EXPECT_EQ(stencil, 5);
  glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
  glColorMaski(2, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
  GLboolean mask[4] = {};
  glGetBooleanv(GL_COLOR_WRITEMASK, mask);
  EXPECT_EQ(std::vector<GLboolean>(mask, mask + 4), (std::vector<GLboolean>{GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE}));
  glGetBooleani_v(GL_COLOR_WRITEMASK, 2, mask);
  EXPECT_EQ(std::vector<GLboolean>(mask, mask + 4), (std::vector<GLboolean>{GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE}));
  glDepthMask(GL_FALSE);
  glStencilMask(0x0f);
  GLboolean depth_mask = GL_TRUE;
  glGetBooleanv(GL_DEPTH_WRITEMASK, &depth_mask);
  EXPECT_EQ(depth_mask, GL_FALSE);
  GLint stencil_mask = 0;
  glGetIntegerv(GL_STENCIL_WRITEMASK, &stencil_mask);
  EXPECT_EQ(stencil_mask, 0x0f);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetBooleani_v(GL_COLOR_WRITEMASK, 1000, mask);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

// GL_COMPRESSED_TEXTURE_FORMATS lists the general-purpose formats (S3TC, ETC2/EAC), not RGTC or BPTC.
TEST_F(GlState, CompressedTextureFormatsList) {
  GLint count = 0;
  glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &count);
  ASSERT_GT(count, 0);
  std::vector<GLint> formats(std::size_t(count) + 1, -1);
  glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats.data());
  EXPECT_EQ(formats.back(), -1) << "exactly NUM_COMPRESSED_TEXTURE_FORMATS values";
  const auto listed = [&](GLenum f) { return std::count(formats.begin(), formats.end(), GLint(f)) == 1; };
  EXPECT_TRUE(listed(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT));
  EXPECT_TRUE(listed(GL_COMPRESSED_RGBA8_ETC2_EAC));
  EXPECT_FALSE(listed(GL_COMPRESSED_RED_RGTC1));
  EXPECT_FALSE(listed(GL_COMPRESSED_RGBA_BPTC_UNORM));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(GlState, BufferLabels) {
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  glObjectLabel(GL_BUFFER, buffer, -1, "vertices");
  char label[32];
  GLsizei length = 0;
  glGetObjectLabel(GL_BUFFER, buffer, sizeof label, &length, label);
  EXPECT_STREQ(label, "vertices");
  EXPECT_EQ(length, 8);
  glObjectLabel(GL_BUFFER, buffer + 100, -1, "nope");
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glObjectLabel(0x1234, buffer, -1, "nope");
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDeleteBuffers(1, &buffer);
}

TEST(GlShareGroups, BufferNamesAreSharedOnlyWithinAShareGroup) {
  EGLDisplay display = surfaceless_display();
  const std::vector<EGLint> attributes = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5};
  EGLContext first = create_context(attributes);
  EGLContext shared = create_context(attributes, first);
  EGLContext separate = create_context(attributes);
  ASSERT_NE(first, EGL_NO_CONTEXT);
  ASSERT_NE(shared, EGL_NO_CONTEXT);
  ASSERT_NE(separate, EGL_NO_CONTEXT);

  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, first));
  GLuint buffer = 0;
  glCreateBuffers(1, &buffer);
  const std::vector<std::uint8_t> data = pattern(256, 5);
  glNamedBufferData(buffer, 256, data.data(), GL_STATIC_DRAW);

  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, shared));
  EXPECT_TRUE(glIsBuffer(buffer));
  EXPECT_EQ(contents(buffer, 256), data);

  ASSERT_TRUE(eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, separate));
  EXPECT_FALSE(glIsBuffer(buffer));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  for (EGLContext c : {first, shared, separate}) eglDestroyContext(display, c);
}

TEST(GlShareGroups, ConcurrentNameAllocationInOneShareGroupGivesUniqueNames) {
  EGLDisplay display = surfaceless_display();
  const std::vector<EGLint> attributes = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5};
  EGLContext root = create_context(attributes);
  ASSERT_NE(root, EGL_NO_CONTEXT);
  constexpr int kThreads = 4, kNames = 200;
  std::vector<EGLContext> contexts;
  for (int i = 0; i < kThreads; ++i) contexts.push_back(create_context(attributes, root));
  std::vector<std::vector<GLuint>> names(kThreads, std::vector<GLuint>(kNames));
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      eglBindAPI(EGL_OPENGL_API);
      if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, contexts[std::size_t(t)])) {
        ++failures;
        return;
      }
      for (int i = 0; i < kNames; ++i) glGenBuffers(1, &names[std::size_t(t)][std::size_t(i)]);
      if (glGetError() != GL_NO_ERROR) ++failures;
      eglReleaseThread();
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  std::set<GLuint> unique;
  for (const auto& list : names) unique.insert(list.begin(), list.end());
  EXPECT_EQ(unique.size(), std::size_t(kThreads * kNames));
  EXPECT_FALSE(unique.count(0));
  for (EGLContext c : contexts) eglDestroyContext(display, c);
  eglDestroyContext(display, root);
}

TEST(GlShareGroups, ThreadsMoveDataConcurrentlyThroughSharedContexts) {
  EGLDisplay display = surfaceless_display();
  const std::vector<EGLint> attributes = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5};
  EGLContext root = create_context(attributes);
  ASSERT_NE(root, EGL_NO_CONTEXT);
  constexpr int kThreads = 3, kRounds = 40;
  constexpr GLsizeiptr kSize = 4096;
  std::vector<EGLContext> contexts;
  for (int i = 0; i < kThreads; ++i) contexts.push_back(create_context(attributes, root));
  std::atomic<int> mismatches{0}, errors{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      eglBindAPI(EGL_OPENGL_API);
      if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, contexts[std::size_t(t)])) {
        ++errors;
        return;
      }
      GLuint buffers[2];
      glCreateBuffers(2, buffers);
      glNamedBufferData(buffers[1], kSize, nullptr, GL_DYNAMIC_COPY);
      for (int round = 0; round < kRounds; ++round) {
        const auto data = pattern(std::size_t(kSize), unsigned(t * 1000 + round));
        glNamedBufferData(buffers[0], kSize, data.data(), round % 2 ? GL_STATIC_DRAW : GL_STREAM_DRAW);
        glCopyNamedBufferSubData(buffers[0], buffers[1], 0, 0, kSize);
        auto* map = static_cast<std::uint8_t*>(glMapNamedBufferRange(buffers[1], 0, kSize, GL_MAP_READ_BIT));
        if (!map || std::memcmp(map, data.data(), std::size_t(kSize)) != 0) ++mismatches;
        glUnmapNamedBuffer(buffers[1]);
      }
      if (glGetError() != GL_NO_ERROR) ++errors;
      glDeleteBuffers(2, buffers);
      eglReleaseThread();
    });
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(mismatches.load(), 0);
  EXPECT_EQ(errors.load(), 0);
  for (EGLContext c : contexts) eglDestroyContext(display, c);
  eglDestroyContext(display, root);
}

}  // namespace
}  // namespace glvk::test
