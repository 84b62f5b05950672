// Immediate-mode batching through the real dispatch on lavapipe with validation: consecutive
// glBegin/glEnd pairs of points, lines, triangles or quads become one draw, drawn by the next
// command that is not glBegin, glEnd or a per-vertex value. Each test checks that what GL says
// happens to a primitive at its glEnd (GL 4.6 compatibility 10.7) still happens: the state of the
// moment applies, incomplete primitives are dropped, reads see the primitives, errors appear.
#include <array>

#include "gl_fixture.h"
#include "legacy_framebuffer.h"
#include "legacy_pixels.h"

namespace glvk::test {
namespace {

using ImmediateBatchTest = LegacyFramebufferTest;

// A quad over the pixel columns [x0, x1) of the whole height (the framebuffer is kSize wide; the
// identity transforms make vertices clip coordinates).
void quad_columns(int x0, int x1) {
  const float a = -1.0f + 2.0f * float(x0) / kSize, b = -1.0f + 2.0f * float(x1) / kSize;
  glVertex2f(a, -1);
  glVertex2f(b, -1);
  glVertex2f(b, 1);
  glVertex2f(a, 1);
}

TEST_F(ImmediateBatchTest, StateChangedBetweenPairsAppliesOnlyToTheLaterOnes) {
  glColor4ub(200, 0, 0, 255);
  glBegin(GL_QUADS);
  quad_columns(0, 16);
  glEnd();
  // Blending enabled after the first pair: the second pair blends over the first quad's red.
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE);
  glColor4ub(0, 100, 0, 0);
  glBegin(GL_QUADS);
  quad_columns(8, 24);
  glEnd();
  glDisable(GL_BLEND);
  glColor4ub(0, 0, 50, 255);
  glBegin(GL_QUADS);
  quad_columns(24, 32);
  glEnd();
  EXPECT_TRUE(near(4, 4, {200, 0, 0, 255}));
  EXPECT_TRUE(near(12, 4, {200, 100, 0, 255}));
  EXPECT_TRUE(near(20, 4, {0, 100, 0, 0})) << "blended over the cleared (0, 0, 0, 0)";
  EXPECT_TRUE(near(28, 4, {0, 0, 50, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(ImmediateBatchTest, EachPairsIncompleteLastPrimitiveIsDropped) {
  glColor4ub(255, 255, 255, 255);
  // Six vertices of GL_QUADS: one quad, two vertices dropped; the next pair's quad must not be
  // made of those two and its own first two.
  glBegin(GL_QUADS);
  quad_columns(0, 8);
  glVertex2f(0.5f, -1);
  glVertex2f(0.5f, 1);
  glEnd();
  glColor4ub(0, 255, 0, 255);
  glBegin(GL_QUADS);
  quad_columns(16, 24);
  glEnd();
  EXPECT_TRUE(near(4, 4, {255, 255, 255, 255}));
  EXPECT_TRUE(near(12, 4, {0, 0, 0, 0}));
  EXPECT_TRUE(near(20, 4, {0, 255, 0, 255}));
  EXPECT_TRUE(near(28, 4, {0, 0, 0, 0}));
}

TEST_F(ImmediateBatchTest, ModeChangesAndReadsDrawTheBatchFirst) {
  glColor4ub(255, 0, 0, 255);
  glBegin(GL_TRIANGLES);  // the left half, as two triangles in two pairs
  glVertex2f(-1, -1);
  glVertex2f(0, -1);
  glVertex2f(0, 1);
  glEnd();
  glBegin(GL_TRIANGLES);
  glVertex2f(-1, -1);
  glVertex2f(0, 1);
  glVertex2f(-1, 1);
  glEnd();
  EXPECT_TRUE(near(8, 16, {255, 0, 0, 255})) << "glReadPixels draws the batch before it reads";
  glColor4ub(0, 0, 255, 255);
  glBegin(GL_QUADS);
  quad_columns(16, 32);
  glEnd();
  glFinish();
  EXPECT_TRUE(near(24, 16, {0, 0, 255, 255}));
  EXPECT_TRUE(near(4, 28, {255, 0, 0, 255}));
}

// glMaterial is allowed between glBegin and glEnd: the pairs before it are drawn with the material
// they were issued under, the open primitive with the new one.
TEST_F(ImmediateBatchTest, MaterialBetweenBeginAndEndSplitsTheBatch) {
  glEnable(GL_LIGHTING);
  glLightModelfv(GL_LIGHT_MODEL_AMBIENT, std::array<GLfloat, 4>{1, 1, 1, 1}.data());
  glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, std::array<GLfloat, 4>{0.5f, 0, 0, 1}.data());
  glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, std::array<GLfloat, 4>{0, 0, 0, 1}.data());
  glBegin(GL_QUADS);
  quad_columns(0, 16);
  glEnd();
  glBegin(GL_QUADS);
  glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, std::array<GLfloat, 4>{0, 0.5f, 0, 1}.data());
  quad_columns(16, 32);
  glEnd();
  glDisable(GL_LIGHTING);
  // Lit colour = scene ambient x material ambient (no light enabled, no emission).
  EXPECT_TRUE(near(8, 16, {128, 0, 0, 255}));
  EXPECT_TRUE(near(24, 16, {0, 128, 0, 255}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// The error of a batched draw (here an incomplete framebuffer, INVALID_FRAMEBUFFER_OPERATION) is
// there when the application asks.
TEST_F(ImmediateBatchTest, ErrorsOfABatchedDrawAreReported) {
  GLuint empty = 0;
  glGenFramebuffers(1, &empty);
  glBindFramebuffer(GL_FRAMEBUFFER, empty);
  glBegin(GL_POINTS);
  glVertex2f(0, 0);
  glEnd();
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_FRAMEBUFFER, fbo_);
}

// More pairs than one batch holds (glvk draws a batch at 65,536 vertices): every one is drawn.
TEST_F(ImmediateBatchTest, LongRunsOfPairsAreDrawnWhole) {
  constexpr int kPoints = 70000;
  glPointSize(1);
  for (int i = 0; i < kPoints; ++i) {
    // Pixel centres, each pixel of the framebuffer many times over; the colour says which pass.
    const int p = i % (kSize * kSize);
    glColor4ub(GLubyte(i / (kSize * kSize)), 255, 0, 255);
    glBegin(GL_POINTS);
    glVertex2f(-1.0f + (2.0f * float(p % kSize) + 1.0f) / kSize, -1.0f + (2.0f * float(p / kSize) + 1.0f) / kSize);
    glEnd();
  }
  // The last pass (i / 1024 = 68) covers pixels 0..367 of the 1024; the others keep pass 67.
  const int last = (kPoints - 1) / (kSize * kSize), covered = kPoints - last * kSize * kSize;
  EXPECT_EQ(pixel(0, 0), (Rgba{last, 255, 0, 255}));
  EXPECT_EQ(pixel((covered - 1) % kSize, (covered - 1) / kSize), (Rgba{last, 255, 0, 255}));
  EXPECT_EQ(pixel(covered % kSize, covered / kSize), (Rgba{last - 1, 255, 0, 255}));
  EXPECT_EQ(pixel(kSize - 1, kSize - 1), (Rgba{last - 1, 255, 0, 255}));
}

// A display list of pairs with a state change between them, replayed: the same picture.
TEST_F(ImmediateBatchTest, ListsReplayPairsWithTheStateOfTheirMoment) {
  const GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glColor4ub(10, 20, 30, 255);
  glBegin(GL_QUADS);
  quad_columns(0, 16);
  glEnd();
  glEnable(GL_SCISSOR_TEST);
  glScissor(16, 0, 8, kSize);
  glColor4ub(40, 50, 60, 255);
  glBegin(GL_QUADS);
  quad_columns(0, 32);
  glEnd();
  glDisable(GL_SCISSOR_TEST);
  glEndList();
  glCallList(list);
  EXPECT_TRUE(near(8, 4, {10, 20, 30, 255})) << "the scissor came after this quad";
  EXPECT_TRUE(near(20, 4, {40, 50, 60, 255}));
  EXPECT_TRUE(near(28, 4, {0, 0, 0, 0}));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

}  // namespace
}  // namespace glvk::test
