// The default framebuffer of EGL pbuffer surfaces through the real dispatch on lavapipe with
// validation: clears, reads, blits and copies through framebuffer zero, the draw/read buffer rules
// and errors, queries, contents across eglMakeCurrent; and the surfaceless context's lack of one.
#include <array>
#include <cmath>

#include "framebuffer_helpers.h"

namespace glvk::test {
namespace {

GLint get_integer(GLenum pname) {
  GLint v = -1;
  glGetIntegerv(pname, &v);
  return v;
}

GLint default_attachment(GLenum attachment, GLenum pname) {
  GLint v = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pname, &v);
  return v;
}

// Every pixel of the w x h read buffer as RGBA8.
std::vector<std::uint8_t> read_rgba8(GLsizei w, GLsizei h) {
  std::vector<std::uint8_t> out(std::size_t(w * h * 4), 0xEE);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  return out;
}

// True when every pixel of `pixels` is `rgba`.
::testing::AssertionResult all_pixels(const std::vector<std::uint8_t>& pixels, std::array<std::uint8_t, 4> rgba) {
  for (std::size_t i = 0; i < pixels.size(); ++i)
    if (pixels[i] != rgba[i % 4])
      return ::testing::AssertionFailure() << "pixel " << i / 4 << " channel " << i % 4 << " is " << int(pixels[i])
                                           << ", not " << int(rgba[i % 4]);
  return ::testing::AssertionSuccess();
}

using DefaultFramebufferTest = PbufferGlTest;

TEST_F(DefaultFramebufferTest, StartsCompleteAndDoubleBufferedOnTheBackBuffer) {
  for (GLenum target : {GL_FRAMEBUFFER, GL_DRAW_FRAMEBUFFER, GL_READ_FRAMEBUFFER})
    EXPECT_EQ(glCheckFramebufferStatus(target), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_EQ(glCheckNamedFramebufferStatus(0, GL_DRAW_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER), GL_BACK);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER0), GL_BACK);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER1), GL_NONE);
  EXPECT_EQ(get_integer(GL_READ_BUFFER), GL_BACK);
  EXPECT_EQ(get_integer(GL_DOUBLEBUFFER), GL_TRUE);
  EXPECT_EQ(get_integer(GL_SAMPLES), 0);
  EXPECT_EQ(get_integer(GL_SAMPLE_BUFFERS), 0);
  GLint v = -1;
  glGetFramebufferParameteriv(GL_DRAW_FRAMEBUFFER, GL_DOUBLEBUFFER, &v);
  EXPECT_EQ(v, GL_TRUE);
  // The default framebuffer's attachments cannot change, nor its FBO-only parameters.
  GLuint rb;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glFramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDeleteRenderbuffers(1, &rb);
  // With an object bound, zero still names the surface's framebuffer in the named query.
  GLuint fbo;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT));
  EXPECT_EQ(glCheckNamedFramebufferStatus(0, GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  EXPECT_EQ(glCheckNamedFramebufferStatus(0, GL_READ_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  // Deleting the bound object binds zero: the surface again.
  glDeleteFramebuffers(1, &fbo);
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
}

TEST_F(DefaultFramebufferTest, ClearsTheBackBufferAndReadsItBack) {
  const Shape s = shape();
  glClearColor(0.2f, 0.4f, 0.6f, 0.8f);  // x 255: 51, 102, 153, 204 exactly
  glClear(GL_COLOR_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {51, 102, 153, 204}));

  // A scissored glClearBuffer touches its rectangle only.
  glEnable(GL_SCISSOR_TEST);
  glScissor(2, 3, 4, 5);
  const GLfloat red[] = {1, 0, 0, 1};
  glClearBufferfv(GL_COLOR, 0, red);
  glDisable(GL_SCISSOR_TEST);
  const std::vector<std::uint8_t> pixels = read_rgba8(s.width, s.height);
  for (int y = 0; y < s.height; ++y)
    for (int x = 0; x < s.width; ++x) {
      const bool inside = x >= 2 && x < 6 && y >= 3 && y < 8;
      const std::size_t at = std::size_t((y * s.width + x) * 4);
      EXPECT_EQ(pixels[at], inside ? 255 : 51) << x << "," << y;
      EXPECT_EQ(pixels[at + 1], inside ? 0 : 102) << x << "," << y;
    }
}

TEST_F(DefaultFramebufferTest, DepthAndStencilClearsReadBack) {
  const Shape s = shape();
  glClearDepth(0.25);
  glClearStencil(0x5A);
  glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  const std::size_t count = std::size_t(s.width * s.height);
  std::vector<float> depth(count, -1.0f);
  glReadPixels(0, 0, s.width, s.height, GL_DEPTH_COMPONENT, GL_FLOAT, depth.data());
  for (float d : depth) EXPECT_NEAR(d, 0.25f, 1.0f / 16777215.0f);
  std::vector<std::uint8_t> stencil(count, 0);
  glReadPixels(0, 0, s.width, s.height, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, stencil.data());
  for (std::uint8_t v : stencil) EXPECT_EQ(v, 0x5A);
  // Packed: depth in the high 24 bits as round(0.25 * (2^24 - 1)) = 4194304 (0.25 * 16777215 = 4194303.75).
  std::vector<GLuint> packed(count, 0);
  glReadPixels(0, 0, s.width, s.height, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, packed.data());
  for (GLuint v : packed) EXPECT_EQ(v, (4194304u << 8) | 0x5Au);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  // glClearBufferfi on the one packed depth/stencil buffer.
  glClearBufferfi(GL_DEPTH_STENCIL, 0, 1.0f, 3);
  glReadPixels(0, 0, s.width, s.height, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, packed.data());
  for (GLuint v : packed) EXPECT_EQ(v, (16777215u << 8) | 3u);
}

TEST_F(DefaultFramebufferTest, AttachmentQueriesDescribeTheSurfaceBuffers) {
  EXPECT_EQ(default_attachment(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_FRAMEBUFFER_DEFAULT);
  EXPECT_EQ(default_attachment(GL_FRONT_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_FRAMEBUFFER_DEFAULT);
  EXPECT_EQ(default_attachment(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_FRAMEBUFFER_DEFAULT);
  EXPECT_EQ(default_attachment(GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_FRAMEBUFFER_DEFAULT);
  EXPECT_EQ(default_attachment(GL_BACK_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_NONE) << "no stereo";
  EXPECT_EQ(default_attachment(GL_FRONT_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_NONE);
  for (GLenum buffer : {GL_BACK_LEFT, GL_FRONT_LEFT}) {
    EXPECT_EQ(default_attachment(buffer, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE), 8);
    EXPECT_EQ(default_attachment(buffer, GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE), 8);
    EXPECT_EQ(default_attachment(buffer, GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE), 8);
    EXPECT_EQ(default_attachment(buffer, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE), 8);
    EXPECT_EQ(default_attachment(buffer, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 0);
    EXPECT_EQ(default_attachment(buffer, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE), GL_UNSIGNED_NORMALIZED);
    EXPECT_EQ(default_attachment(buffer, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING), GL_LINEAR);
  }
  EXPECT_EQ(default_attachment(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 24);
  EXPECT_EQ(default_attachment(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE), GL_UNSIGNED_NORMALIZED);
  EXPECT_EQ(default_attachment(GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), 8);
  EXPECT_EQ(default_attachment(GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE), GL_UNSIGNED_INT);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  // Texture parameters do not apply; absent buffers answer only their object name.
  default_attachment(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_EQ(default_attachment(GL_BACK_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), 0);
  default_attachment(GL_BACK_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // Framebuffer-object attachment points are not buffers of the default framebuffer.
  for (GLenum attachment : {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT, GL_BACK}) {
    default_attachment(attachment, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << std::hex << attachment;
  }
  // The named form with zero asks the default draw framebuffer.
  GLint v = -1;
  glGetNamedFramebufferAttachmentParameteriv(0, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(v, GL_FRAMEBUFFER_DEFAULT);
}

TEST_F(DefaultFramebufferTest, DrawAndReadBufferRulesAndErrors) {
  // Buffers the surface lacks, and framebuffer-object enums, are INVALID_OPERATION.
  for (GLenum buffer : {GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RIGHT), GLenum(GL_BACK_RIGHT), GLenum(GL_AUX0)}) {
    glDrawBuffer(buffer);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glDrawBuffer " << std::hex << buffer;
    glReadBuffer(buffer);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "glReadBuffer " << std::hex << buffer;
  }
  glDrawBuffer(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glReadBuffer(GL_TEXTURE_2D);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  // glDrawBuffers: enums naming several buffers are INVALID_ENUM; GL_BACK only alone; no repeats.
  for (GLenum buffer : {GL_FRONT, GL_LEFT, GL_FRONT_AND_BACK}) {
    glDrawBuffers(1, &buffer);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << buffer;
  }
  const GLenum back_and_none[] = {GL_BACK, GL_NONE};
  glDrawBuffers(2, back_and_none);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const GLenum twice[] = {GL_BACK_LEFT, GL_BACK_LEFT};
  glDrawBuffers(2, twice);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER), GL_BACK) << "failed calls change nothing";
  EXPECT_EQ(get_integer(GL_READ_BUFFER), GL_BACK);

  const GLenum front_and_back_left[] = {GL_FRONT_LEFT, GL_BACK_LEFT};
  glDrawBuffers(2, front_and_back_left);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER0), GL_FRONT_LEFT);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER1), GL_BACK_LEFT);
  glDrawBuffer(GL_FRONT_AND_BACK);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER), GL_FRONT_AND_BACK);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER1), GL_NONE);
  glReadBuffer(GL_FRONT);
  EXPECT_EQ(get_integer(GL_READ_BUFFER), GL_FRONT);
  // The front buffer, never written, reads (undefined values) without an error.
  read_rgba8(shape().width, shape().height);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glDrawBuffer(GL_NONE);
  glReadBuffer(GL_NONE);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER), GL_NONE);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::uint8_t pixel[4];
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no read buffer";

  // On a framebuffer object the default framebuffer's enums are the errors.
  GLuint fbo;
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glDrawBuffer(GL_BACK);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glReadBuffer(GL_BACK);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  const GLenum back = GL_BACK, front = GL_FRONT;
  glDrawBuffers(1, &back);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glDrawBuffers(1, &front);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawBuffer(GL_COLOR_ATTACHMENT0 + 9);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "beyond GL_MAX_DRAW_BUFFERS";
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  // The named forms with zero work on the default framebuffer.
  glNamedFramebufferDrawBuffer(0, GL_BACK);
  glNamedFramebufferReadBuffer(0, GL_BACK_LEFT);
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER), GL_BACK);
  EXPECT_EQ(get_integer(GL_READ_BUFFER), GL_BACK_LEFT);
}

TEST_F(DefaultFramebufferTest, FrontAndBackAreSeparateBuffers) {
  const Shape s = shape();
  glDrawBuffer(GL_FRONT);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDrawBuffer(GL_BACK);
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glReadBuffer(GL_FRONT);
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {255, 0, 0, 255}));
  glReadBuffer(GL_BACK);
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {0, 0, 255, 255}));
  // GL_FRONT_AND_BACK writes both, through glClear and glClearBuffer alike.
  glDrawBuffer(GL_FRONT_AND_BACK);
  const GLfloat green[] = {0, 1, 0, 1};
  glClearBufferfv(GL_COLOR, 0, green);
  for (GLenum buffer : {GL_FRONT, GL_BACK}) {
    glReadBuffer(buffer);
    EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {0, 255, 0, 255})) << std::hex << buffer;
  }
  // eglSwapBuffers on a pbuffer has no effect: the back buffer keeps its contents.
  glDrawBuffer(GL_BACK);
  glClearColor(1, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_TRUE(eglSwapBuffers(display_, surface_));
  glReadBuffer(GL_BACK);
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {255, 255, 0, 255}));
  glReadBuffer(GL_FRONT);
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {0, 255, 0, 255}));
}

TEST_F(DefaultFramebufferTest, BlitsBetweenAnFboAndTheDefaultFramebuffer) {
  const Shape s = shape();
  const std::vector<std::uint8_t> data = pattern(std::size_t(s.width * s.height * 4), 7);
  GLuint textures[2], fbos[2];
  for (int i = 0; i < 2; ++i)
    fbos[i] = texture_framebuffer(GL_RGBA8, s.width, s.height, GL_RGBA, GL_UNSIGNED_BYTE,
                                  i == 0 ? data.data() : nullptr, GL_COLOR_ATTACHMENT0, &textures[i]);
  // FBO 0 -> the back buffer, as it is.
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbos[0]);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, s.width, s.height, 0, 0, s.width, s.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  EXPECT_EQ(read_rgba8(s.width, s.height), data);
  // The back buffer -> FBO 1, upside down: row y of the destination is row h-1-y of the pattern.
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbos[1]);
  glBlitFramebuffer(0, 0, s.width, s.height, 0, s.height, s.width, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbos[1]);
  const std::vector<std::uint8_t> flipped = read_rgba8(s.width, s.height);
  const std::size_t row = std::size_t(s.width * 4);
  for (int y = 0; y < s.height; ++y)
    EXPECT_TRUE(std::equal(flipped.begin() + std::ptrdiff_t(std::size_t(y) * row),
                           flipped.begin() + std::ptrdiff_t(std::size_t(y + 1) * row),
                           data.begin() + std::ptrdiff_t(std::size_t(s.height - 1 - y) * row)))
        << "row " << y;
  // Depth between framebuffers of different depth formats is an error; with the surface's own
  // format it blits.
  GLuint depth_rb;
  glGenRenderbuffers(1, &depth_rb);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, s.width, s.height);
  glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_rb);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, s.width, s.height, 0, 0, s.width, s.height, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, s.width, s.height);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glClearDepth(0.5);
  glClear(GL_DEPTH_BUFFER_BIT);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbos[1]);
  glBlitFramebuffer(0, 0, s.width, s.height, 0, 0, s.width, s.height, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbos[1]);
  float depth = -1;
  glReadPixels(3, 4, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
  EXPECT_NEAR(depth, 0.5f, 1.0f / 16777215.0f);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(2, fbos);
  glDeleteTextures(2, textures);
  glDeleteRenderbuffers(1, &depth_rb);
}

TEST_F(DefaultFramebufferTest, CopyTexImageReadsTheBackBuffer) {
  glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 2, 4, 3, 0);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, std::array<std::uint8_t, 4>{}.data());
  glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 5, 5, 1, 1);  // puts the clear colour back at (0, 0)
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  std::vector<std::uint8_t> texels(4 * 3 * 4, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_TRUE(all_pixels(texels, {51, 102, 153, 204}));
  glDeleteTextures(1, &t);
}

TEST_F(DefaultFramebufferTest, ContentsPersistAcrossMakeCurrentAndContexts) {
  const Shape s = shape();
  glClearColor(0, 0.2f, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glClearStencil(9);
  glClear(GL_STENCIL_BUFFER_BIT);
  glDrawBuffer(GL_FRONT);  // per-surface state, kept with the contents
  ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_));
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_UNDEFINED)) << "surfaceless now";
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION));
  ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, context_));
  EXPECT_EQ(get_integer(GL_DRAW_BUFFER), GL_FRONT);
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {0, 51, 0, 255}));

  // Another context on the same surface sees the same buffers.
  EGLContext other = create_context(context_attributes());
  ASSERT_NE(other, EGL_NO_CONTEXT);
  ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, other));
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {0, 51, 0, 255}));
  std::uint8_t stencil = 0;
  glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &stencil);
  EXPECT_EQ(stencil, 9);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, context_));
  eglDestroyContext(display_, other);
}

TEST_F(DefaultFramebufferTest, DrawAndReadSurfacesAreSeparate) {
  const Shape s = shape();
  const EGLSurface second = create_pbuffer();
  ASSERT_NE(second, EGL_NO_SURFACE);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);  // the first surface
  // Draw to the second, read from the first: a blit copies between the surfaces.
  ASSERT_TRUE(eglMakeCurrent(display_, second, surface_, context_));
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {255, 0, 0, 255})) << "reads the first surface";
  glBlitFramebuffer(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_TRUE(eglMakeCurrent(display_, second, second, context_));
  const std::vector<std::uint8_t> pixels = read_rgba8(s.width, s.height);
  EXPECT_EQ(pixels[0], 255) << "(0, 0) blitted from the first surface";
  EXPECT_EQ(pixels[std::size_t((3 * s.width + 3) * 4) + 2], 255) << "(3, 3) kept the second's clear";
  ASSERT_TRUE(eglMakeCurrent(display_, surface_, surface_, context_));
  eglDestroySurface(display_, second);
}

// A config without alpha, depth or stencil: what the buffers lack reads as absent.
class RgbPbufferTest : public PbufferGlTest {
 protected:
  Shape shape() const override { return {.alpha = 0, .depth = 0, .stencil = 0}; }
};

TEST_F(RgbPbufferTest, BuffersFollowTheConfig) {
  EXPECT_EQ(default_attachment(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE), 8);
  EXPECT_EQ(default_attachment(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE), 0);
  EXPECT_EQ(default_attachment(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_NONE);
  EXPECT_EQ(default_attachment(GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_NONE);
  // Without alpha bits the buffer reads alpha as one.
  glClearColor(0.2f, 0.4f, 0.6f, 0.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << "clearing absent buffers does nothing";
  EXPECT_TRUE(all_pixels(read_rgba8(shape().width, shape().height), {51, 102, 153, 255}));
  float depth = 0;
  glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no depth buffer";
}

// GL_RED_BITS .. GL_STENCIL_BITS (compatibility profile, GL 4.6 compat table 23.73) describe the
// draw framebuffer: the surface's config, then a framebuffer object's attachments; core has none.
class CompatibilityRgbPbufferTest : public RgbPbufferTest {
 protected:
  std::vector<EGLint> context_attributes() const override { return compatibility_context_attributes(); }
};

TEST_F(CompatibilityRgbPbufferTest, BufferBitsDescribeTheDrawFramebuffer) {
  EXPECT_EQ(get_integer(GL_RED_BITS), 8);
  EXPECT_EQ(get_integer(GL_BLUE_BITS), 8);
  EXPECT_EQ(get_integer(GL_ALPHA_BITS), 0) << "the config has no alpha";
  EXPECT_EQ(get_integer(GL_DEPTH_BITS), 0);
  EXPECT_EQ(get_integer(GL_STENCIL_BITS), 0);
  GLuint depth_stencil = 0;
  texture_framebuffer(GL_RGB10_A2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenRenderbuffers(1, &depth_stencil);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_stencil);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth_stencil);
  EXPECT_EQ(get_integer(GL_RED_BITS), 10);
  EXPECT_EQ(get_integer(GL_ALPHA_BITS), 2);
  EXPECT_EQ(get_integer(GL_DEPTH_BITS), 24);
  EXPECT_EQ(get_integer(GL_STENCIL_BITS), 8);
  glDrawBuffer(GL_NONE);
  EXPECT_EQ(get_integer(GL_RED_BITS), 0) << "no draw buffer";
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST_F(RgbPbufferTest, CoreProfileHasNoBufferBits) {
  get_integer(GL_ALPHA_BITS);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

// EGL's default pbuffer size is 0x0: a complete framebuffer with nothing in it.
class EmptyPbufferTest : public PbufferGlTest {
 protected:
  Shape shape() const override { return {.width = 0, .height = 0}; }
};

TEST_F(EmptyPbufferTest, IsCompleteAndReadsNothing) {
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  std::uint8_t pixel[4] = {1, 2, 3, 4};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel[0], 1) << "outside the surface: left alone";
  EXPECT_EQ(get_integer(GL_IMPLEMENTATION_COLOR_READ_FORMAT), GL_RGBA);
  EXPECT_EQ(default_attachment(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE), 8);
}

// The 4-sample config: the surface's buffers are multisampled, and reads see them resolved.
class MultisamplePbufferTest : public PbufferGlTest {
 protected:
  Shape shape() const override { return {.samples = 4}; }
};

TEST_F(MultisamplePbufferTest, BuffersHaveTheConfigSamplesAndReadResolved) {
  const Shape s = shape();
  EGLint sample_buffers = 0;
  eglGetConfigAttrib(display_, config_, EGL_SAMPLE_BUFFERS, &sample_buffers);
  EXPECT_EQ(sample_buffers, 1);
  EXPECT_EQ(get_integer(GL_SAMPLES), 4);
  EXPECT_EQ(get_integer(GL_SAMPLE_BUFFERS), 1);
  glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
  glClearDepth(0.25);
  glClearStencil(0x5A);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
  // Every sample holds the clear value, so the resolve (an average) is that value.
  EXPECT_TRUE(all_pixels(read_rgba8(s.width, s.height), {51, 102, 153, 204}));
  float depth = -1;
  glReadPixels(5, 6, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
  EXPECT_NEAR(depth, 0.25f, 1.0f / 16777215.0f);
  std::uint8_t stencil = 0;
  glReadPixels(5, 6, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &stencil);
  EXPECT_EQ(stencil, 0x5A);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  // A scissored clear touches every sample of its pixels only.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 4, 4);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  const std::vector<std::uint8_t> pixels = read_rgba8(s.width, s.height);
  EXPECT_EQ(pixels[std::size_t((1 * s.width + 1) * 4)], 255);
  EXPECT_EQ(pixels[std::size_t((1 * s.width + 1) * 4) + 3], 255);
  EXPECT_EQ(pixels[std::size_t((8 * s.width + 8) * 4)], 51);

  // glCopyTexImage and a blit into a single-sample FBO read the resolve too.
  GLuint copied;
  glGenTextures(1, &copied);
  glBindTexture(GL_TEXTURE_2D, copied);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 6, 6, 2, 2, 0);
  std::vector<std::uint8_t> texels(2 * 2 * 4, 0);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  EXPECT_TRUE(all_pixels(texels, {51, 102, 153, 204}));
  GLuint target;
  const GLuint fbo = texture_framebuffer(GL_RGBA8, s.width, s.height, GL_RGBA, GL_UNSIGNED_BYTE, nullptr,
                                         GL_COLOR_ATTACHMENT0, &target);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
  glBlitFramebuffer(0, 0, s.width, s.height, 0, 0, s.width, s.height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
  EXPECT_EQ(read_rgba8(s.width, s.height), pixels);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
  const GLuint textures[] = {copied, target};
  glDeleteTextures(2, textures);
}

// ---------------------------------------------------------------------------------- invalidation

using InvalidateTest = PbufferGlTest;

TEST_F(InvalidateTest, DefaultFramebufferTakesItsBufferNames) {
  const GLenum buffers[] = {GL_COLOR, GL_DEPTH, GL_STENCIL, GL_BACK_LEFT, GL_FRONT_LEFT};
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 5, buffers);
  glInvalidateSubFramebuffer(GL_DRAW_FRAMEBUFFER, 3, buffers, 1, 1, 2, 2);
  glInvalidateNamedFramebufferData(0, 5, buffers);
  glInvalidateNamedFramebufferSubData(0, 3, buffers, 0, 0, 4, 4);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLenum attachment : {GL_COLOR_ATTACHMENT0, GL_DEPTH_ATTACHMENT, GL_DEPTH_STENCIL_ATTACHMENT, GL_BACK}) {
    glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &attachment);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << attachment;
  }
  glInvalidateFramebuffer(GL_TEXTURE_2D, 1, buffers);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "not a framebuffer target";
  glInvalidateSubFramebuffer(GL_RENDERBUFFER, 1, buffers, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glInvalidateFramebuffer(GL_FRAMEBUFFER, -1, buffers);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glInvalidateSubFramebuffer(GL_FRAMEBUFFER, 1, buffers, 0, 0, -1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glInvalidateNamedFramebufferSubData(0, 1, buffers, 0, 0, 1, -1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glInvalidateNamedFramebufferData(0, -2, buffers);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
}

TEST_F(InvalidateTest, FramebufferObjectsTakeAttachmentNames) {
  GLuint fbo;
  glCreateFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  const GLenum attachments[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT7, GL_DEPTH_ATTACHMENT,
                                GL_STENCIL_ATTACHMENT, GL_DEPTH_STENCIL_ATTACHMENT};
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 5, attachments);
  glInvalidateSubFramebuffer(GL_READ_FRAMEBUFFER, 5, attachments, 0, 0, 8, 8);
  glInvalidateNamedFramebufferData(fbo, 5, attachments);
  glInvalidateNamedFramebufferSubData(fbo, 5, attachments, 2, 2, 0, 0);
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 0, nullptr);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  // COLOR_ATTACHMENTm beyond MAX_COLOR_ATTACHMENTS (8 here): INVALID_OPERATION.
  const GLenum beyond = GL_COLOR_ATTACHMENT8;
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &beyond);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glInvalidateNamedFramebufferSubData(fbo, 1, &beyond, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  // The default framebuffer's names, and what is no attachment at all: INVALID_ENUM.
  for (GLenum attachment : {GL_COLOR, GL_DEPTH, GL_STENCIL, GL_BACK_LEFT, GL_TEXTURE_2D}) {
    glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &attachment);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << attachment;
    glInvalidateNamedFramebufferData(fbo, 1, &attachment);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << std::hex << attachment;
  }
  // A name that is no framebuffer object.
  glInvalidateNamedFramebufferData(fbo + 100, 1, attachments);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glInvalidateNamedFramebufferSubData(fbo + 100, 1, attachments, 0, 0, 1, 1);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fbo);
}

TEST_F(InvalidateTest, KeepingTheContentsIsAllowed) {
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLenum colour = GL_COLOR;
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &colour);
  // The contents are undefined now; glvk keeps them (reading them must work, whatever they are).
  std::uint8_t pixel[4] = {};
  glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// The surfaceless context has no default framebuffer, but its buffer names are still the ones
// glInvalidateFramebuffer accepts for framebuffer zero.
using SurfacelessDefaultFramebufferTest = GlTest;

TEST_F(SurfacelessDefaultFramebufferTest, IsUndefinedAndKeepsTheDefaultRules) {
  EXPECT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_UNDEFINED));
  EXPECT_EQ(glCheckNamedFramebufferStatus(0, GL_READ_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_UNDEFINED));
  EXPECT_EQ(get_integer(GL_DOUBLEBUFFER), GL_FALSE);
  const GLenum colour = GL_COLOR, attachment0 = GL_COLOR_ATTACHMENT0;
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &colour);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glInvalidateFramebuffer(GL_FRAMEBUFFER, 1, &attachment0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glDrawBuffer(GL_BACK);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no back buffer without a surface";
  glDrawBuffer(GL_NONE);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint v = -1;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

}  // namespace
}  // namespace glvk::test
