// Issue 20 item 7: object churn leaves resident memory flat (the threaded contexts are in
// threaded_contexts_test.cpp). Through the system libEGL/libGL on lavapipe with validation (a validation message aborts).
#include <cstdio>
#include <cstring>
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

}  // namespace
}  // namespace glvk::test
