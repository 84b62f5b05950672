// Occlusion and timer queries and conditional rendering through the real dispatch (GL 4.6 4.2-4.3,
// 10.9, 14.9.4). Expected sample counts are the covered pixels of the geometry (a 32x32
// single-sample target: a full-target quad covers 1024 samples, a scissor rectangle its area);
// times are bounded by the wall-clock time around them.
#include <chrono>
#include <cstdint>

#include "draw_helpers.h"

namespace glvk::test {
namespace {

constexpr float kFullQuad[] = {-1, -1, 1, -1, -1, 1, 1, 1};

class QueryTest : public DrawTest {
 protected:
  void SetUp() override {
    DrawTest::SetUp();
    positions(std::vector<float>(std::begin(kFullQuad), std::end(kFullQuad)));
    program_ = color_program();
    set_color(program_, 1, 0, 0, 1);
  }
  void quad() { glDrawArrays(GL_TRIANGLE_STRIP, 0, 4); }
  // A query of `target` around a full quad drawn inside the scissor rectangle (w x h at 0, 0).
  GLuint counted_quad(GLenum target, int w, int h) {
    GLuint q = 0;
    glGenQueries(1, &q);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, w, h);
    glBeginQuery(target, q);
    quad();
    glEndQuery(target);
    glDisable(GL_SCISSOR_TEST);
    return q;
  }
  GLuint64 result(GLuint q) {
    GLuint64 v = ~GLuint64{0};
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
    return v;
  }
  GLuint program_ = 0;
};

TEST_F(QueryTest, SamplesPassedCountsTheCoveredSamplesOfEveryDraw) {
  EXPECT_EQ(result(counted_quad(GL_SAMPLES_PASSED, kSize, kSize)), 1024u);
  EXPECT_EQ(result(counted_quad(GL_SAMPLES_PASSED, 8, 4)), 32u);
  EXPECT_EQ(result(counted_quad(GL_SAMPLES_PASSED, 0, 0)), 0u);

  // Three draws in one query, one of them with colour writes off (its fragments still pass), and a
  // clear in between (not a draw: it counts nothing).
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(GL_SAMPLES_PASSED, q);
  quad();
  glClear(GL_COLOR_BUFFER_BIT);
  glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
  quad();
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glEnable(GL_RASTERIZER_DISCARD);
  quad();
  glDisable(GL_RASTERIZER_DISCARD);
  glEndQuery(GL_SAMPLES_PASSED);
  EXPECT_EQ(result(q), 2048u);
  GLuint small = 0;
  glGetQueryObjectuiv(q, GL_QUERY_RESULT, &small);
  EXPECT_EQ(small, 2048u);
  GLint target = 0;
  glGetQueryObjectiv(q, GL_QUERY_TARGET, &target);
  EXPECT_EQ(target, GL_SAMPLES_PASSED);
}

TEST_F(QueryTest, AnySamplesPassedIsWhetherASamplePassed) {
  GLuint q[2] = {};
  glGenQueries(2, q);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
  GLint current = -1;
  glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(GLuint(current), q[0]);
  glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, 0);
  // ARB_occlusion_query2: one occlusion query at a time, whatever its target.
  glBeginQuery(GL_SAMPLES_PASSED, q[1]);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_SAMPLES_PASSED);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEnable(GL_SCISSOR_TEST);
  glScissor(4, 4, 10, 3);
  quad();
  glDisable(GL_SCISSOR_TEST);
  glEndQuery(GL_ANY_SAMPLES_PASSED);
  EXPECT_EQ(result(q[0]), 1u);
  EXPECT_EQ(result(counted_quad(GL_ANY_SAMPLES_PASSED, 0, 0)), 0u);
  EXPECT_EQ(result(counted_quad(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, 1, 1)), 1u);
  glGetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
  EXPECT_EQ(current, 0);
}

// 4.2.3: once a query's result is available, so is every earlier query's of the same type, also
// when the later one counted nothing.
TEST_F(QueryTest, ResultsBecomeAvailableInOrder) {
  GLuint q[3] = {};
  glGenQueries(3, q);
  for (int i = 0; i < 2; ++i) {
    glBeginQuery(GL_SAMPLES_PASSED, q[i]);
    for (int k = 0; k < 20; ++k) quad();
    glEndQuery(GL_SAMPLES_PASSED);
  }
  glBeginQuery(GL_SAMPLES_PASSED, q[2]);
  glEndQuery(GL_SAMPLES_PASSED);
  EXPECT_EQ(result(q[2]), 0u);
  for (int i = 0; i < 2; ++i) {
    GLint available = 0;
    glGetQueryObjectiv(q[i], GL_QUERY_RESULT_AVAILABLE, &available);
    EXPECT_EQ(available, GL_TRUE) << i;
  }
}

TEST_F(QueryTest, ResultAvailabilityAndNoWait) {
  const GLuint q = counted_quad(GL_SAMPLES_PASSED, 16, 16);
  GLuint64 value = 12345;
  glGetQueryObjectui64v(q, GL_QUERY_RESULT_NO_WAIT, &value);  // unchanged unless available
  EXPECT_TRUE(value == 12345 || value == 256) << value;
  glFinish();
  GLint available = 0;
  glGetQueryObjectiv(q, GL_QUERY_RESULT_AVAILABLE, &available);
  EXPECT_EQ(available, GL_TRUE);
  glGetQueryObjectui64v(q, GL_QUERY_RESULT_NO_WAIT, &value);
  EXPECT_EQ(value, 256u);
}

TEST_F(QueryTest, ConditionalRenderingDiscardsDrawsClearsAndBlitsWhenNothingPassed) {
  const GLuint none = counted_quad(GL_SAMPLES_PASSED, 0, 0);
  const GLuint some = counted_quad(GL_ANY_SAMPLES_PASSED, 2, 2);  // red at (0, 0)-(1, 1)

  glBeginConditionalRender(none, GL_QUERY_WAIT);
  quad();
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glClearColor(0, 0, 0, 0);
  const GLfloat blue[] = {0, 0, 1, 1};
  glClearBufferfv(GL_COLOR, 0, blue);
  glBlitFramebuffer(0, 0, 1, 1, 4, 4, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);  // red
  glEndConditionalRender();
  EXPECT_EQ(pixel(5, 5), (Rgba{0, 0, 0, 0}));

  glBeginConditionalRender(none, GL_QUERY_BY_REGION_NO_WAIT_INVERTED);  // inverted: zero renders
  quad();
  glEndConditionalRender();
  EXPECT_EQ(pixel(5, 5), (Rgba{255, 0, 0, 255}));

  glBeginConditionalRender(some, GL_QUERY_NO_WAIT);
  glClearBufferfv(GL_COLOR, 0, blue);
  glEndConditionalRender();
  EXPECT_EQ(pixel(5, 5), (Rgba{0, 0, 255, 255}));

  glBeginConditionalRender(some, GL_QUERY_WAIT_INVERTED);  // inverted: non-zero discards
  quad();
  glEndConditionalRender();
  EXPECT_EQ(pixel(5, 5), (Rgba{0, 0, 255, 255}));
}

TEST_F(QueryTest, ConditionalRenderingErrors) {
  const GLuint samples = counted_quad(GL_SAMPLES_PASSED, 1, 1);
  GLuint unused = 0, elapsed = 0;
  glGenQueries(1, &unused);
  glGenQueries(1, &elapsed);
  glBeginQuery(GL_TIME_ELAPSED, elapsed);
  glEndQuery(GL_TIME_ELAPSED);

  glBeginConditionalRender(samples, GL_QUERY_RESULT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glBeginConditionalRender(9999, GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glBeginConditionalRender(elapsed, GL_QUERY_WAIT);  // not an occlusion query
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginConditionalRender(unused, GL_QUERY_WAIT);  // never begun: no target yet
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndConditionalRender();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));

  GLuint active = 0;
  glGenQueries(1, &active);
  glBeginQuery(GL_SAMPLES_PASSED, active);
  glBeginConditionalRender(active, GL_QUERY_WAIT);  // in progress
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_SAMPLES_PASSED);

  glBeginConditionalRender(samples, GL_QUERY_WAIT);
  glBeginConditionalRender(samples, GL_QUERY_WAIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndConditionalRender();
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(QueryTest, QueryObjectErrors) {
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(GL_TIMESTAMP, q);  // timestamps are glQueryCounter's only
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glQueryCounter(q, GL_TIME_ELAPSED);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glQueryCounter(0, GL_TIMESTAMP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBeginQuery(GL_SAMPLES_PASSED, q);
  glQueryCounter(q, GL_TIMESTAMP);  // q is active
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  GLuint other = 0;
  glGenQueries(1, &other);
  glBeginQuery(GL_SAMPLES_PASSED, other);  // the target already has an active query
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_SAMPLES_PASSED);
  glBeginQuery(GL_ANY_SAMPLES_PASSED, q);  // q's target is SAMPLES_PASSED
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glQueryCounter(q, GL_TIMESTAMP);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glEndQuery(GL_TIME_ELAPSED);  // none active
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

using Clock = std::chrono::steady_clock;
std::int64_t ns_since(Clock::time_point t) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - t).count();
}

TEST_F(QueryTest, TimeElapsedAndTimestampsFollowTheWallClock) {
  GLint bits = 0;
  glGetQueryiv(GL_TIME_ELAPSED, GL_QUERY_COUNTER_BITS, &bits);
  EXPECT_GE(bits, 30);  // 4.2.4's minimum for time elapsed and timestamps
  glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
  EXPECT_GE(bits, 30);

  glFinish();
  const Clock::time_point start = Clock::now();
  GLuint q = 0;
  glGenQueries(1, &q);
  glBeginQuery(GL_TIME_ELAPSED, q);
  for (int i = 0; i < 50; ++i) quad();
  glEndQuery(GL_TIME_ELAPSED);
  const GLuint64 elapsed = result(q);
  EXPECT_GT(elapsed, 0u);
  EXPECT_LE(std::int64_t(elapsed), ns_since(start));

  GLuint stamps[2] = {};
  glGenQueries(2, stamps);
  const Clock::time_point before = Clock::now();
  glQueryCounter(stamps[0], GL_TIMESTAMP);
  GLint64 now = 0;
  glGetInteger64v(GL_TIMESTAMP, &now);
  quad();
  glQueryCounter(stamps[1], GL_TIMESTAMP);
  const GLuint64 a = result(stamps[0]), b = result(stamps[1]);
  const std::int64_t wall = ns_since(before);
  EXPECT_LE(a, GLuint64(now));
  EXPECT_LE(GLuint64(now), b);
  EXPECT_LT(a, b);
  EXPECT_LE(std::int64_t(b - a), wall);
  GLint target = 0;
  glGetQueryObjectiv(stamps[0], GL_QUERY_TARGET, &target);
  EXPECT_EQ(target, GL_TIMESTAMP);
}

}  // namespace
}  // namespace glvk::test
