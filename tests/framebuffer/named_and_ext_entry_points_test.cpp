// The DSA framebuffer operations (glClearNamedFramebuffer*, glBlitNamedFramebuffer,
// glGetNamedRenderbufferParameteriv) against their bound-framebuffer twins, and the
// EXT_framebuffer_object / EXT_framebuffer_blit entry points (gl.xml aliases of the core commands,
// plus glBindFramebufferEXT/glBindRenderbufferEXT, which create objects for names never generated).
#include <EGL/egl.h>

#include "framebuffer_helpers.h"

namespace glvk::test {
namespace {

std::array<std::uint8_t, 4> pixel_of(GLuint fb, GLint x, GLint y) {
  std::array<std::uint8_t, 4> p{};
  glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
  glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p.data());
  return p;
}

using NamedFramebufferTest = GlTest;

TEST_F(NamedFramebufferTest, ClearNamedFramebufferClearsThatFramebufferOnly) {
  const GLuint first = texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  const GLuint second = texture_framebuffer(GL_RGBA32UI, 4, 4, GL_RGBA_INTEGER, GL_UNSIGNED_INT, nullptr);
  glBindFramebuffer(GL_FRAMEBUFFER, second);  // bound: the named form must not use the binding
  const GLfloat colour[4] = {1.0f, 0.5f, 0.0f, 1.0f};
  glClearNamedFramebufferfv(first, GL_COLOR, 0, colour);
  const GLuint integers[4] = {7, 8, 9, 4000000000u};
  glClearNamedFramebufferuiv(second, GL_COLOR, 0, integers);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel_of(first, 3, 3), (std::array<std::uint8_t, 4>{255, 128, 0, 255}));  // round(0.5 * 255) = 128
  GLuint back[4] = {};
  glBindFramebuffer(GL_READ_FRAMEBUFFER, second);
  glReadPixels(1, 2, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, back);
  EXPECT_EQ(back[0], 7u);
  EXPECT_EQ(back[3], 4000000000u);

  GLuint depth_stencil = 0;
  const GLuint zs = texture_framebuffer(GL_DEPTH24_STENCIL8, 4, 4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, nullptr,
                                        GL_DEPTH_STENCIL_ATTACHMENT, &depth_stencil);
  glBindFramebuffer(GL_FRAMEBUFFER, first);
  glClearNamedFramebufferfi(zs, GL_DEPTH_STENCIL, 0, 0.25f, 0x5a);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, zs);
  GLuint packed = 0;
  glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &packed);
  EXPECT_EQ(packed & 0xff, 0x5au);
  EXPECT_NEAR(double(packed >> 8), 0.25 * 0xffffff, 1.0);
  const GLint stencil = 3;
  glClearNamedFramebufferiv(zs, GL_STENCIL, 0, &stencil);
  glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &packed);
  EXPECT_EQ(packed & 0xff, 3u);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));

  glClearNamedFramebufferfv(424242, GL_COLOR, 0, colour);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "not a framebuffer object";
  glClearNamedFramebufferfv(first, GL_STENCIL, 0, colour);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "fv clears colour or depth";
  glClearNamedFramebufferfv(first, GL_COLOR, -1, colour);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  glClearNamedFramebufferfv(0, GL_COLOR, 0, colour);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_FRAMEBUFFER_OPERATION)) << "a surfaceless context has no framebuffer zero";
}

TEST_F(NamedFramebufferTest, BlitNamedFramebufferIgnoresTheBindings) {
  const std::vector<std::uint8_t> texels = pattern(4 * 4 * 4, 5);
  const GLuint source = texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
  const GLuint target = texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  const std::vector<std::uint8_t> zeros(4 * 4 * 4, 0);
  const GLuint other = texture_framebuffer(GL_RGBA8, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, zeros.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, other);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, other);
  // Flipped vertically: destination row y takes source row 3 - y.
  glBlitNamedFramebuffer(source, target, 0, 0, 4, 4, 0, 4, 4, 0, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  for (GLint y = 0; y < 4; ++y) {
    const auto p = pixel_of(target, 1, y);
    EXPECT_EQ(p[0], texels[std::size_t(((3 - y) * 4 + 1) * 4)]) << y;
  }
  EXPECT_EQ(pixel_of(other, 0, 0), (std::array<std::uint8_t, 4>{0, 0, 0, 0})) << "the bound framebuffers are untouched";
  glBlitNamedFramebuffer(source, 5555, 0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBlitNamedFramebuffer(source, target, 0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST + 7);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

TEST_F(NamedFramebufferTest, NamedRenderbufferParameters) {
  GLuint rb = 0;
  glCreateRenderbuffers(1, &rb);
  glNamedRenderbufferStorage(rb, GL_RGB10_A2, 6, 3);
  GLint v = -1;
  glGetNamedRenderbufferParameteriv(rb, GL_RENDERBUFFER_WIDTH, &v);
  EXPECT_EQ(v, 6);
  glGetNamedRenderbufferParameteriv(rb, GL_RENDERBUFFER_HEIGHT, &v);
  EXPECT_EQ(v, 3);
  glGetNamedRenderbufferParameteriv(rb, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
  EXPECT_EQ(v, GL_RGB10_A2);
  glGetNamedRenderbufferParameteriv(rb, GL_RENDERBUFFER_ALPHA_SIZE, &v);
  EXPECT_EQ(v, 2);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  glGetNamedRenderbufferParameteriv(rb, GL_TEXTURE_WIDTH, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  glGetNamedRenderbufferParameteriv(rb + 100, GL_RENDERBUFFER_WIDTH, &v);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
}

// The EXT entry points, found through eglGetProcAddress as an application finds them.
template <typename T>
T proc(const char* name) {
  return reinterpret_cast<T>(eglGetProcAddress(name));
}

TEST_F(NamedFramebufferTest, ExtFramebufferObjectEntryPoints) {
  const auto* extensions = reinterpret_cast<const char*>(glGetString(GL_EXTENSIONS));
  ASSERT_EQ(glGetError(), GLenum(GL_INVALID_ENUM)) << "core: GL_EXTENSIONS goes through glGetStringi";
  (void)extensions;
  bool advertised = false;
  GLint count = 0;
  glGetIntegerv(GL_NUM_EXTENSIONS, &count);
  for (GLint i = 0; i < count; ++i)
    advertised |= std::string(reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, GLuint(i)))) ==
                  "GL_EXT_framebuffer_object";
  EXPECT_TRUE(advertised);

  const auto bind_framebuffer = proc<PFNGLBINDFRAMEBUFFEREXTPROC>("glBindFramebufferEXT");
  const auto bind_renderbuffer = proc<PFNGLBINDRENDERBUFFEREXTPROC>("glBindRenderbufferEXT");
  const auto storage = proc<PFNGLRENDERBUFFERSTORAGEEXTPROC>("glRenderbufferStorageEXT");
  const auto attach = proc<PFNGLFRAMEBUFFERRENDERBUFFEREXTPROC>("glFramebufferRenderbufferEXT");
  const auto status = proc<PFNGLCHECKFRAMEBUFFERSTATUSEXTPROC>("glCheckFramebufferStatusEXT");
  const auto is_framebuffer = proc<PFNGLISFRAMEBUFFEREXTPROC>("glIsFramebufferEXT");
  const auto blit = proc<PFNGLBLITFRAMEBUFFEREXTPROC>("glBlitFramebufferEXT");
  ASSERT_TRUE(bind_framebuffer && bind_renderbuffer && storage && attach && status && is_framebuffer && blit);
  // Names never generated become objects on first bind, even in a core context.
  bind_framebuffer(GL_FRAMEBUFFER, 77);
  bind_renderbuffer(GL_RENDERBUFFER, 78);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(is_framebuffer(77));
  storage(GL_RENDERBUFFER, GL_RGBA8, 2, 2);
  attach(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 78);
  EXPECT_EQ(status(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  const GLuint target = texture_framebuffer(GL_RGBA8, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, 77);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  blit(0, 0, 2, 2, 0, 0, 2, 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  ASSERT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_EQ(pixel_of(target, 1, 1), (std::array<std::uint8_t, 4>{0, 255, 0, 255}));
  // The core command keeps the core rule.
  glBindFramebuffer(GL_FRAMEBUFFER, 79);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  bind_framebuffer(GL_TEXTURE_2D, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace glvk::test
