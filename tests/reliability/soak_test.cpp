// Issue 20 item 7: object churn leaves resident memory flat, and contexts on several threads
// create, upload, read back and delete their own objects at the same time without interfering.
// Through the system libEGL/libGL on lavapipe with validation (a validation message aborts).
#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include <unistd.h>

#include "gl_fixture.h"

// Under AddressSanitizer freed memory waits in a quarantine (256 MiB by default) before reuse,
// which would read as growth; this binary runs with none (ASAN_OPTIONS still overrides).
extern "C" const char* __asan_default_options() { return "quarantine_size_mb=0:detect_leaks=0"; }

namespace glvk::test {
namespace {

// Resident set size in bytes (/proc/self/statm's second field, in pages).
long resident_bytes() {
  long pages = 0, resident = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2) resident = 0;
    std::fclose(f);
  }
  return resident * sysconf(_SC_PAGESIZE);
}

// One round: `count` textures with storage and a texel, buffers with data and framebuffers with
// an attachment, each created and deleted.
void churn(int count) {
  const std::uint8_t texel[4] = {1, 2, 3, 4};
  for (int i = 0; i < count; ++i) {
    GLuint texture = 0, buffer = 0, framebuffer = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, 256, nullptr, GL_STATIC_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 16, 4, texel);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &framebuffer);
    glDeleteBuffers(1, &buffer);
    glDeleteTextures(1, &texture);
  }
  glFinish();
}

class SoakTest : public GlTest {};

// 10^5 of each object in five rounds: after the first round (caches, pools and the validation
// layer's tables warmed up) the resident set grows by less than 16 MiB over the remaining four.
// A leak of one small allocation per object (>= 64 bytes for 80000 objects x 3 kinds, with the
// driver's bookkeeping far more) would exceed it.
TEST_F(SoakTest, ObjectChurnKeepsResidentMemoryFlat) {
  constexpr int kRounds = 5, kPerRound = 20000;
  std::printf("renderer: %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  churn(kPerRound);
  const long warmed = resident_bytes();
  ASSERT_GT(warmed, 0);
  for (int round = 1; round < kRounds; ++round) churn(kPerRound);
  const long after = resident_bytes();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_LT(after - warmed, 16l << 20) << "resident " << warmed / 1024 << " KiB after the first round, "
                                       << after / 1024 << " KiB after " << kRounds;
  std::printf("soak: resident %ld KiB after 2*10^4 objects of each kind, %ld KiB after 10^5\n", warmed / 1024,
              after / 1024);
}

// Four threads, each with its own context (no sharing): textures and buffers with per-thread
// contents, read back and compared, for a fixed number of rounds.
TEST(ThreadedContexts, EachThreadSeesOnlyItsOwnObjects) {
  EGLDisplay display = surfaceless_display();
  ASSERT_NE(display, EGL_NO_DISPLAY);
  constexpr int kThreads = 4, kRounds = 1000;
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
