// Issue 20 item 7: object churn leaves resident memory flat (the threaded contexts are in
// threaded_contexts_test.cpp). Through the system libEGL/libGL on lavapipe with validation (a validation message aborts).
#include <cstdio>
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include <unistd.h>

#include "gl_programs.h"

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

// A texture specified again before each draw that samples it (streaming, as piglit's
// streaming-texture-leak does): each replaced image lives until its draw has run, and 400 of them at
// 1024x1024 (5.6 MB each with the mipmap chain GL's default filter implies) would hold 2.2 GB had
// draws never waited for the device. Draws submit and wait once the replaced storage passes
// CommandStream's bounds (64 MB per batch, 256 MB in flight), and the device's recycled image
// memory keeps 64 MB more: the resident set grows by well under 1 GB.
TEST_F(SoakTest, TexturesReplacedAtEveryDrawKeepResidentMemoryBounded) {
  constexpr int kSize = 1024, kDraws = 400;
  const GLuint program = link(
      "#version 330 core\nconst vec2 corners[3] = vec2[](vec2(-1, -1), vec2(3, -1), vec2(-1, 3));\n"
      "void main() { gl_Position = vec4(corners[gl_VertexID], 0.0, 1.0); }\n",
      "#version 330 core\nuniform sampler2D t;\nout vec4 o;\nvoid main() { o = texture(t, vec2(0.5)); }\n");
  GLuint vao = 0, framebuffer = 0, target = 0, texture = 0;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
  glViewport(0, 0, 4, 4);
  glUseProgram(program);
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  std::vector<std::uint8_t> texels(std::size_t(kSize) * kSize * 4);
  const long before = resident_bytes();
  long peak = before;
  for (int i = 0; i < kDraws; ++i) {
    texels[std::size_t(kSize) * kSize * 2 + kSize * 2] = std::uint8_t(i);  // the texel the draw reads
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kSize, kSize, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    if (i % 20 == 19) peak = std::max(peak, resident_bytes());
  }
  std::uint8_t pixel[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  EXPECT_EQ(pixel[0], std::uint8_t(kDraws - 1));  // the last draw read the last image
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_LT(peak - before, 1l << 30) << "resident " << before / 1024 << " KiB before, at most " << peak / 1024
                                     << " KiB during " << kDraws << " replaced textures";
  std::printf("streaming: resident %ld KiB before, at most %ld KiB during %d draws\n", before / 1024, peak / 1024,
              kDraws);
  glDeleteTextures(1, &texture);
  glDeleteTextures(1, &target);
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteVertexArrays(1, &vao);
  glDeleteProgram(program);
}

}  // namespace
}  // namespace glvk::test
