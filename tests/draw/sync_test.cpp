// Sync objects through the real dispatch (GL 4.6 section 4.1): fence status before and after the
// GPU finishes, ClientWaitSync's four results, the properties GetSynciv reports, and the errors
// the section names. A fence's pending state is made observable with a fragment shader that loops
// long enough (hundreds of milliseconds on lavapipe) that no wait of zero time can see it finish.
#include <chrono>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr float kFullQuad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

// Each fragment runs `iterations` dependent steps; the result is always 1.0 in green, which the
// compiler cannot know (iterations is a uniform).
constexpr const char* kSlowFs = R"(#version 330 core
uniform int iterations;
out vec4 result;
void main() {
  float x = gl_FragCoord.x;
  for (int i = 0; i < iterations; ++i) x = fract(x * 1.0001 + 0.37);
  result = vec4(0.0, x >= 0.0 ? 1.0 : 0.5, 0.0, 1.0);
})";

class SyncTest : public DrawTest {
 protected:
  void SetUp() override {
    DrawTest::SetUp();
    positions(std::vector<float>(std::begin(kFullQuad), std::end(kFullQuad)));
  }
  GLint status(GLsync sync) {
    GLint value = -1;
    GLsizei length = -1;
    glGetSynciv(sync, GL_SYNC_STATUS, 1, &length, &value);
    EXPECT_EQ(length, 1);
    return value;
  }
};

TEST_F(SyncTest, AFenceReportsItsPropertiesAndSignalsAfterTheDrawsBeforeIt) {
  const GLuint program = color_program();
  set_color(program, 0, 0, 1, 1);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  ASSERT_NE(sync, nullptr);
  EXPECT_TRUE(glIsSync(sync));

  const std::pair<GLenum, GLint> properties[] = {
      {GL_OBJECT_TYPE, GL_SYNC_FENCE}, {GL_SYNC_CONDITION, GL_SYNC_GPU_COMMANDS_COMPLETE}, {GL_SYNC_FLAGS, 0}};
  for (auto [pname, expected] : properties) {
    GLint value = -1;
    GLsizei length = -1;
    glGetSynciv(sync, pname, 4, &length, &value);
    EXPECT_EQ(value, expected) << std::hex << pname;
    EXPECT_EQ(length, 1);
  }
  // A count of zero writes nothing and reports zero values written.
  GLint untouched = 77;
  GLsizei length = -1;
  glGetSynciv(sync, GL_OBJECT_TYPE, 0, &length, &untouched);
  EXPECT_EQ(untouched, 77);
  EXPECT_EQ(length, 0);

  const GLenum waited = glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
  EXPECT_TRUE(waited == GL_ALREADY_SIGNALED || waited == GL_CONDITION_SATISFIED) << std::hex << waited;
  EXPECT_EQ(status(sync), GL_SIGNALED);
  // Signalled stays signalled: the next wait returns at once.
  EXPECT_EQ(glClientWaitSync(sync, 0, 0), GLenum(GL_ALREADY_SIGNALED));
  EXPECT_EQ(pixel(5, 5), (Rgba{0, 0, 255, 255}));
  glDeleteSync(sync);
  EXPECT_FALSE(glIsSync(sync));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SyncTest, AFenceBehindLongWorkTimesOutThenIsSatisfied) {
  const GLuint program = link(kPositionVs, kSlowFs);
  glUseProgram(program);
  glUniform1i(glGetUniformLocation(program, "iterations"), 2000000);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  ASSERT_NE(sync, nullptr);
  // Zero time tests the state without blocking (4.1.1: TIMEOUT_EXPIRED, though nothing waited).
  const auto start = std::chrono::steady_clock::now();
  EXPECT_EQ(glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 0), GLenum(GL_TIMEOUT_EXPIRED));
  EXPECT_EQ(status(sync), GL_UNSIGNALED);
  EXPECT_EQ(glClientWaitSync(sync, 0, 1000000), GLenum(GL_TIMEOUT_EXPIRED));  // 1 ms
  // glWaitSync only orders the server; it returns at once.
  glWaitSync(sync, 0, GL_TIMEOUT_IGNORED);
  const auto before_wait = std::chrono::steady_clock::now();
  EXPECT_LT(before_wait - start, std::chrono::milliseconds(150));
  EXPECT_EQ(glClientWaitSync(sync, 0, GL_TIMEOUT_IGNORED), GLenum(GL_CONDITION_SATISFIED));
  EXPECT_EQ(status(sync), GL_SIGNALED);
  EXPECT_EQ(pixel(3, 3), (Rgba{0, 255, 0, 255}));
  glDeleteSync(sync);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(SyncTest, BadArgumentsRaiseTheSectionsErrors) {
  EXPECT_EQ(glFenceSync(GL_SYNC_FENCE, 0), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1), nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  ASSERT_NE(sync, nullptr);
  // A handle that names no sync object: never dereferenced, only an unknown name.
  GLsync bogus = reinterpret_cast<GLsync>(static_cast<std::uintptr_t>(0xdeadbeef));
  EXPECT_FALSE(glIsSync(bogus));
  EXPECT_FALSE(glIsSync(nullptr));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteSync(nullptr);  // zero is ignored
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDeleteSync(bogus);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  EXPECT_EQ(glClientWaitSync(bogus, 0, 0), GLenum(GL_WAIT_FAILED));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(glClientWaitSync(sync, 0x2, 0), GLenum(GL_WAIT_FAILED));
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  glWaitSync(bogus, 0, GL_TIMEOUT_IGNORED);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glWaitSync(sync, 0, 1000);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));

  GLint value = 55;
  GLsizei length = 66;
  glGetSynciv(bogus, GL_SYNC_STATUS, 1, &length, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glGetSynciv(sync, GL_TEXTURE_2D, 1, &length, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetSynciv(sync, GL_SYNC_STATUS, -1, &length, &value);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EXPECT_EQ(value, 55);  // no error path writes
  EXPECT_EQ(length, 66);

  glDeleteSync(sync);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // A deleted sync object's handle names nothing any more.
  glDeleteSync(sync);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  GLint64 max_wait = 0;
  glGetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &max_wait);
  EXPECT_GT(max_wait, 0);
}

}  // namespace
}  // namespace glvk::test
