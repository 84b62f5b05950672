// Issue 20 item 7: contexts on several threads create, upload, read back and delete their own
// objects at the same time without interfering. Through the system libEGL/libGL on lavapipe with
// validation (a validation message aborts). The GLVK_TSAN build (scripts/setup --tsan, in CI) runs
// this test alone under ThreadSanitizer with glvk instrumented; it needs no suppression (Mesa's
// threads synchronise through pthread calls, which ThreadSanitizer sees), and a report fails it.
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "gl_fixture.h"

namespace glvk::test {
namespace {

// Four threads, each with its own context (no sharing): textures and buffers with per-thread
// contents, read back and compared, for a fixed number of rounds (about 0.3 s on lavapipe, a few
// seconds under ThreadSanitizer).
TEST(ThreadedContexts, EachThreadSeesOnlyItsOwnObjects) {
  EGLDisplay display = surfaceless_display();
  ASSERT_NE(display, EGL_NO_DISPLAY);
  constexpr int kThreads = 4, kRounds = GLVK_THREADED_ROUNDS;
  std::atomic<int> failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      eglBindAPI(EGL_OPENGL_API);
      EGLContext context = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6});
      if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        ++failures;
        return;
      }
      for (int round = 0; round < kRounds; ++round) {
        const std::vector<std::uint8_t> texels = pattern(16 * 16 * 4, unsigned(t * 1000 + round));
        GLuint texture = 0, buffer = 0;
        glCreateTextures(GL_TEXTURE_2D, 1, &texture);
        glTextureStorage2D(texture, 1, GL_RGBA8, 16, 16);
        glTextureSubImage2D(texture, 0, 0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
        std::vector<std::uint8_t> back(texels.size());
        glGetTextureImage(texture, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(back.size()), back.data());
        if (back != texels) ++failures;
        glCreateBuffers(1, &buffer);
        glNamedBufferData(buffer, GLsizeiptr(texels.size()), texels.data(), GL_DYNAMIC_DRAW);
        if (contents(buffer, texels.size()) != texels) ++failures;
        glDeleteBuffers(1, &buffer);
        glDeleteTextures(1, &texture);
        if (glGetError() != GL_NO_ERROR) ++failures;
      }
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(display, context);
      eglReleaseThread();
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(failures.load(), 0);
}

}  // namespace
}  // namespace glvk::test
