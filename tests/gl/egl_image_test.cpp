// EGL images (EGL 1.5 3.9, EGL_KHR_gl_texture_2D_image, EGL_KHR_gl_renderbuffer_image,
// EGL_EXT_image_dma_buf_import) and their GL targets (GL_OES_EGL_image), between two contexts that
// share nothing: the texels are shared (written through one sibling, read through the other),
// re-specifying a target orphans it, and the errors the specifications name. Expected texels are
// the ones the test wrote, or computed here from the DRM formats' definitions (drm_fourcc.h).
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <string>

#include "gl_fixture.h"
#include "gl_shaders.h"

namespace glvk::test {
namespace {

using Rgba = std::array<GLubyte, 4>;

PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture() {
  return reinterpret_cast<PFNGLEGLIMAGETARGETTEXTURE2DOESPROC>(eglGetProcAddress("glEGLImageTargetTexture2DOES"));
}
PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_renderbuffer() {
  return reinterpret_cast<PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC>(
      eglGetProcAddress("glEGLImageTargetRenderbufferStorageOES"));
}

EGLClientBuffer name_buffer(GLuint name) { return reinterpret_cast<EGLClientBuffer>(std::uintptr_t(name)); }

// The bound 2D texture's level 0, w x h, as RGBA bytes.
std::vector<Rgba> texels(GLsizei w, GLsizei h) {
  std::vector<Rgba> out(std::size_t(w * h));
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, out.data());
  return out;
}

class EglImageTest : public ::testing::Test {
 protected:
  void SetUp() override {
    display_ = surfaceless_display();
    a_ = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6});
    b_ = create_context({EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6});
    ASSERT_NE(a_, EGL_NO_CONTEXT);
    ASSERT_NE(b_, EGL_NO_CONTEXT);
  }
  void TearDown() override {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, a_);
    eglDestroyContext(display_, b_);
  }
  void use(EGLContext c) { ASSERT_TRUE(eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, c)); }

  EGLDisplay display_ = EGL_NO_DISPLAY;
  EGLContext a_ = EGL_NO_CONTEXT, b_ = EGL_NO_CONTEXT;
};

TEST_F(EglImageTest, ExtensionsAreAdvertised) {
  const std::string egl = eglQueryString(display_, EGL_EXTENSIONS);
  for (const char* name : {"EGL_KHR_image_base", "EGL_KHR_gl_texture_2D_image", "EGL_KHR_gl_renderbuffer_image",
                           "EGL_EXT_image_dma_buf_import"})
    EXPECT_NE(egl.find(name), std::string::npos) << name;
  use(a_);
  EXPECT_TRUE(has_extension("GL_OES_EGL_image"));
  EXPECT_NE(target_texture(), nullptr);
  EXPECT_NE(target_renderbuffer(), nullptr);
}

// A texture level of context A targeted by a texture of context B: the same texels, a write
// through either seen through the other; glTexImage2D on B's texture orphans it.
TEST_F(EglImageTest, TextureLevelIsSharedUntilOrphaned) {
  use(a_);
  std::vector<Rgba> pattern(16);
  for (std::size_t i = 0; i < pattern.size(); ++i) pattern[i] = {GLubyte(i * 10), GLubyte(200 - i), GLubyte(i * 3), 255};
  GLuint source = 0;
  glGenTextures(1, &source);
  glBindTexture(GL_TEXTURE_2D, source);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, pattern.data());
  const EGLAttrib level0[] = {EGL_GL_TEXTURE_LEVEL, 0, EGL_NONE};
  EGLImage image = eglCreateImage(display_, a_, EGL_GL_TEXTURE_2D, name_buffer(source), level0);
  ASSERT_NE(image, EGL_NO_IMAGE) << std::hex << eglGetError();

  use(b_);
  GLuint target = 0;
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  target_texture()(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint width = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &width);
  EXPECT_EQ(width, 4);
  EXPECT_EQ(texels(4, 4), pattern);
  const Rgba written = {1, 2, 3, 4};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, written.data());
  glFinish();

  use(a_);
  std::vector<Rgba> expected = pattern;
  expected[5] = written;
  EXPECT_EQ(texels(4, 4), expected) << "A sees B's write";

  // Destroying the image keeps the siblings' texels (EGL 1.5 3.9.2).
  EXPECT_TRUE(eglDestroyImage(display_, image));
  EXPECT_FALSE(eglDestroyImage(display_, image));
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);

  use(b_);
  EXPECT_EQ(texels(4, 4), expected);
  const std::vector<Rgba> fresh(4, Rgba{9, 9, 9, 9});
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, fresh.data());
  EXPECT_EQ(texels(2, 2), fresh);
  use(a_);
  EXPECT_EQ(texels(4, 4), expected) << "re-specifying B's texture orphaned it";

  // Orphaning by a level the image's storage could hold: B's target keeps level 0's texels (copied
  // to its new storage) and writes no more into A's.
  EGLImage again = eglCreateImage(display_, a_, EGL_GL_TEXTURE_2D, name_buffer(source), level0);
  ASSERT_NE(again, EGL_NO_IMAGE);
  use(b_);
  target_texture()(GL_TEXTURE_2D, again);
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, fresh.data());
  EXPECT_EQ(texels(4, 4), expected) << "level 0 kept across the orphaning";
  const Rgba other = {5, 6, 7, 8};
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, other.data());
  glFinish();
  use(a_);
  EXPECT_EQ(texels(4, 4), expected) << "B's writes after the orphaning stay B's";
  EXPECT_TRUE(eglDestroyImage(display_, again));
}

// A level glTexImage2D defined without data (no storage yet) makes an image of that level's size.
TEST_F(EglImageTest, LevelDefinedWithoutDataMakesAnImage) {
  use(a_);
  GLuint source = 0;
  glGenTextures(1, &source);
  glBindTexture(GL_TEXTURE_2D, source);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  const EGLAttrib level1[] = {EGL_GL_TEXTURE_LEVEL, 1, EGL_NONE};
  EGLImage image = eglCreateImage(display_, a_, EGL_GL_TEXTURE_2D, name_buffer(source), level1);
  ASSERT_NE(image, EGL_NO_IMAGE) << std::hex << eglGetError();
  GLuint target = 0;
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  target_texture()(GL_TEXTURE_2D, image);
  GLint w = 0, h = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &h);
  EXPECT_EQ(w, 8);
  EXPECT_EQ(h, 8);
  // Texels uploaded to the source's level 1 afterwards are the target's.
  const std::vector<Rgba> grey(64, Rgba{70, 80, 90, 100});
  glBindTexture(GL_TEXTURE_2D, source);
  glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, grey.data());
  glBindTexture(GL_TEXTURE_2D, target);
  EXPECT_EQ(texels(8, 8), grey);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  EXPECT_TRUE(eglDestroyImage(display_, image));
}

// A renderbuffer of A targeted by a renderbuffer of B: B's framebuffer draws into A's storage.
TEST_F(EglImageTest, RenderbufferIsShared) {
  use(a_);
  GLuint rb = 0, fbo = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  EGLImage image = eglCreateImage(display_, a_, EGL_GL_RENDERBUFFER, name_buffer(rb), nullptr);
  ASSERT_NE(image, EGL_NO_IMAGE) << std::hex << eglGetError();

  use(b_);
  GLuint rb2 = 0, fbo2 = 0;
  glGenRenderbuffers(1, &rb2);
  glBindRenderbuffer(GL_RENDERBUFFER, rb2);
  target_renderbuffer()(GL_RENDERBUFFER, image);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
  GLint width = 0;
  glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &width);
  EXPECT_EQ(width, 8);
  glGenFramebuffers(1, &fbo2);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo2);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb2);
  ASSERT_EQ(glCheckFramebufferStatus(GL_FRAMEBUFFER), GLenum(GL_FRAMEBUFFER_COMPLETE));
  Rgba pixel{};
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel.data());
  EXPECT_EQ(pixel, (Rgba{255, 0, 0, 255}));
  glClearColor(0, 1, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glFinish();

  use(a_);
  glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel.data());
  EXPECT_EQ(pixel, (Rgba{0, 255, 0, 255}));
  EXPECT_TRUE(eglDestroyImage(display_, image));
}

// EGL_KHR_image_base / EGL_KHR_gl_texture_2D_image errors, and GL_OES_EGL_image's.
TEST_F(EglImageTest, ErrorsAreTheSpecifications) {
  use(a_);
  GLuint tex = 0, cube = 0;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glGenTextures(1, &cube);
  glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
  auto expect_failure = [&](EGLContext ctx, EGLenum target, EGLClientBuffer buffer, const EGLAttrib* attributes,
                            EGLint error, const char* what) {
    EXPECT_EQ(eglCreateImage(display_, ctx, target, buffer, attributes), EGL_NO_IMAGE) << what;
    EXPECT_EQ(eglGetError(), error) << what;
  };
  const EGLAttrib level1[] = {EGL_GL_TEXTURE_LEVEL, 1, EGL_NONE};
  const EGLAttrib unknown[] = {0x7777, 1, EGL_NONE};
  expect_failure(a_, EGL_GL_TEXTURE_2D, name_buffer(0), nullptr, EGL_BAD_PARAMETER, "texture 0");
  expect_failure(a_, EGL_GL_TEXTURE_2D, name_buffer(4242), nullptr, EGL_BAD_PARAMETER, "no such texture");
  expect_failure(a_, EGL_GL_TEXTURE_2D, name_buffer(cube), nullptr, EGL_BAD_PARAMETER, "a cube map");
  expect_failure(a_, EGL_GL_TEXTURE_2D, name_buffer(tex), level1, EGL_BAD_PARAMETER, "an undefined level");
  expect_failure(a_, EGL_GL_TEXTURE_2D, name_buffer(tex), unknown, EGL_BAD_PARAMETER, "an unknown attribute");
  expect_failure(EGL_NO_CONTEXT, EGL_GL_TEXTURE_2D, name_buffer(tex), nullptr, EGL_BAD_CONTEXT, "no context");
  expect_failure(a_, 0x1234, name_buffer(tex), nullptr, EGL_BAD_PARAMETER, "an unknown target");
  expect_failure(a_, EGL_GL_RENDERBUFFER, name_buffer(4243), nullptr, EGL_BAD_PARAMETER, "no such renderbuffer");

  GLuint target = 0;
  glGenTextures(1, &target);
  glBindTexture(GL_TEXTURE_2D, target);
  static int not_an_image;
  target_texture()(GL_TEXTURE_2D, &not_an_image);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE));
  EGLImage image = eglCreateImage(display_, a_, EGL_GL_TEXTURE_2D, name_buffer(tex), nullptr);
  ASSERT_NE(image, EGL_NO_IMAGE);
  target_texture()(GL_TEXTURE_3D, image);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  GLuint immutable = 0;
  glGenTextures(1, &immutable);
  glBindTexture(GL_TEXTURE_2D, immutable);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
  target_texture()(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION));
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  target_renderbuffer()(GL_RENDERBUFFER, image);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << "no renderbuffer bound";
  target_renderbuffer()(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
  EXPECT_TRUE(eglDestroyImage(display_, image));
  glBindTexture(GL_TEXTURE_2D, target);
  target_texture()(GL_TEXTURE_2D, image);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_VALUE)) << "a destroyed image";
}

// A memfd holding `bytes` at `offset`, as a dma-buf stand-in (mmap is all the import needs).
int memfd_with(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
  const int fd = memfd_create("glvk-dma-buf", 0);
  if (fd < 0) return fd;
  std::vector<std::uint8_t> all(offset, 0xEE);
  all.insert(all.end(), bytes.begin(), bytes.end());
  if (write(fd, all.data(), all.size()) != ssize_t(all.size())) {
    close(fd);
    return -1;
  }
  return fd;
}

constexpr EGLAttrib fourcc(char a, char b, char c, char d) {
  return EGLAttrib(std::uint32_t(a) | std::uint32_t(b) << 8 | std::uint32_t(c) << 16 | std::uint32_t(d) << 24);
}

// EGL_EXT_image_dma_buf_import of the single-plane RGB formats: each texel read back as RGBA equals
// what the DRM format's definition makes of the bytes (little-endian words; X channels read as 1;
// 5- and 6-bit channels widened by GL's rule, round(v * 255 / (2^n - 1))).
TEST_F(EglImageTest, DmaBufRgbFormatsImportTheirTexels) {
  constexpr int w = 3, h = 2;
  constexpr std::size_t offset = 64;
  struct Case {
    EGLAttrib code;
    int bpp;
    Rgba (*decode)(const std::uint8_t*);
  };
  const Case cases[] = {
      {fourcc('A', 'R', '2', '4'), 4, [](const std::uint8_t* p) { return Rgba{p[2], p[1], p[0], p[3]}; }},
      {fourcc('X', 'R', '2', '4'), 4, [](const std::uint8_t* p) { return Rgba{p[2], p[1], p[0], 255}; }},
      {fourcc('A', 'B', '2', '4'), 4, [](const std::uint8_t* p) { return Rgba{p[0], p[1], p[2], p[3]}; }},
      {fourcc('X', 'B', '2', '4'), 4, [](const std::uint8_t* p) { return Rgba{p[0], p[1], p[2], 255}; }},
      {fourcc('R', 'G', '1', '6'), 2,
       [](const std::uint8_t* p) {
         const unsigned v = unsigned(p[0]) | unsigned(p[1]) << 8;
         auto widen = [](unsigned x, unsigned max) { return GLubyte((x * 255 + max / 2) / max); };
         return Rgba{widen(v >> 11, 31), widen(v >> 5 & 63, 63), widen(v & 31, 31), 255};
       }},
      {fourcc('R', '8', ' ', ' '), 1, [](const std::uint8_t* p) { return Rgba{p[0], 0, 0, 255}; }},
      {fourcc('G', 'R', '8', '8'), 2, [](const std::uint8_t* p) { return Rgba{p[0], p[1], 0, 255}; }},
  };
  use(a_);
  for (const Case& c : cases) {
    const std::size_t pitch = std::size_t(w * c.bpp + 5);  // rows padded past their pixels
    std::vector<std::uint8_t> bytes(pitch * h);
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = std::uint8_t(i * 37 + 11);
    const int fd = memfd_with(bytes, offset);
    ASSERT_GE(fd, 0);
    const EGLAttrib attributes[] = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_LINUX_DRM_FOURCC_EXT, c.code,
                                    EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, EGLAttrib(offset),
                                    EGL_DMA_BUF_PLANE0_PITCH_EXT, EGLAttrib(pitch), EGL_NONE};
    EGLImage image = eglCreateImage(display_, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, nullptr, attributes);
    close(fd);  // the image holds what it needs
    ASSERT_NE(image, EGL_NO_IMAGE) << std::hex << c.code << " " << eglGetError();
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    target_texture()(GL_TEXTURE_2D, image);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
    const std::vector<Rgba> got = texels(w, h);
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x)
        EXPECT_EQ(got[std::size_t(y * w + x)], c.decode(&bytes[std::size_t(y) * pitch + std::size_t(x * c.bpp)]))
            << std::hex << c.code << std::dec << " at " << x << "," << y;
    glDeleteTextures(1, &tex);
    EXPECT_TRUE(eglDestroyImage(display_, image));
  }
}

TEST_F(EglImageTest, DmaBufErrors) {
  const std::vector<std::uint8_t> bytes(64, 0);
  const int fd = memfd_with(bytes, 0);
  ASSERT_GE(fd, 0);
  auto attempt = [&](std::vector<EGLAttrib> attributes, EGLContext ctx, EGLint error, const char* what) {
    attributes.push_back(EGL_NONE);
    EXPECT_EQ(eglCreateImage(display_, ctx, EGL_LINUX_DMA_BUF_EXT, nullptr, attributes.data()), EGL_NO_IMAGE) << what;
    EXPECT_EQ(eglGetError(), error) << what;
  };
  const EGLAttrib xr24 = fourcc('X', 'R', '2', '4');
  attempt({EGL_WIDTH, 2, EGL_HEIGHT, 2, EGL_LINUX_DRM_FOURCC_EXT, xr24, EGL_DMA_BUF_PLANE0_FD_EXT, fd,
           EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0},
          EGL_NO_CONTEXT, EGL_BAD_PARAMETER, "no pitch");
  attempt({EGL_WIDTH, 2, EGL_HEIGHT, 2, EGL_LINUX_DRM_FOURCC_EXT, fourcc('Q', 'Q', 'Q', 'Q'), EGL_DMA_BUF_PLANE0_FD_EXT,
           fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, EGL_DMA_BUF_PLANE0_PITCH_EXT, 8},
          EGL_NO_CONTEXT, EGL_BAD_MATCH, "an unknown format");
  attempt({EGL_WIDTH, 2, EGL_HEIGHT, 2, EGL_LINUX_DRM_FOURCC_EXT, xr24, EGL_DMA_BUF_PLANE0_FD_EXT, fd,
           EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, EGL_DMA_BUF_PLANE0_PITCH_EXT, 4},
          EGL_NO_CONTEXT, EGL_BAD_ACCESS, "a pitch shorter than a row");
  attempt({EGL_WIDTH, 2, EGL_HEIGHT, 3, EGL_LINUX_DRM_FOURCC_EXT, xr24, EGL_DMA_BUF_PLANE0_FD_EXT, fd,
           EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, EGL_DMA_BUF_PLANE0_PITCH_EXT, EGLAttrib(1) << 62},
          EGL_NO_CONTEXT, EGL_BAD_ACCESS, "a pitch whose rows overflow the address space");
  attempt({EGL_WIDTH, 4, EGL_HEIGHT, 5, EGL_LINUX_DRM_FOURCC_EXT, xr24, EGL_DMA_BUF_PLANE0_FD_EXT, fd,
           EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, EGL_DMA_BUF_PLANE0_PITCH_EXT, 16},
          EGL_NO_CONTEXT, EGL_BAD_ACCESS, "rows past the buffer's end (80 of 64 bytes)");
  attempt({EGL_WIDTH, 2, EGL_HEIGHT, 2, EGL_LINUX_DRM_FOURCC_EXT, xr24, EGL_DMA_BUF_PLANE0_FD_EXT, -5,
           EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, EGL_DMA_BUF_PLANE0_PITCH_EXT, 8},
          EGL_NO_CONTEXT, EGL_BAD_PARAMETER, "a negative fd");
  attempt({EGL_WIDTH, 2, EGL_HEIGHT, 2, EGL_LINUX_DRM_FOURCC_EXT, xr24, EGL_DMA_BUF_PLANE0_FD_EXT, fd,
           EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, EGL_DMA_BUF_PLANE0_PITCH_EXT, 8},
          a_, EGL_BAD_PARAMETER, "a context");
  close(fd);
}


// The RGB a Y'CbCr sample stands for (ITU-R BT.601, BT.709 and BT.2020: E'R = Y' + 2(1-Kr)Cr,
// E'B = Y' + 2(1-Kb)Cb, E'G = (Y' - Kr E'R - Kb E'B) / Kg; narrow range Y' 16-235 and C 16-240
// scaled by 2^(n-8), full range 0-(2^n - 1) around 2^(n-1)), rounded to 8 bits.
Rgba expected_rgb(double y, double cb, double cr, int bits, bool full, double kr, double kb) {
  const double s = double(1 << (bits - 8)), max = double((1 << bits) - 1);
  const double yn = full ? y / max : (y - 16 * s) / (219 * s);
  const double pb = full ? (cb - 128 * s) / max : (cb - 128 * s) / (224 * s);
  const double pr = full ? (cr - 128 * s) / max : (cr - 128 * s) / (224 * s);
  const double r = yn + 2 * (1 - kr) * pr, b = yn + 2 * (1 - kb) * pb, g = (yn - kr * r - kb * b) / (1 - kr - kb);
  auto byte = [](double v) { return GLubyte(std::lround(std::min(1.0, std::max(0.0, v)) * 255)); };
  return {byte(r), byte(g), byte(b), 255};
}

// EGL_EXT_image_dma_buf_import's YUV formats through OES_EGL_image_external(_essl3): each pixel of a
// 4x4 image drawn with samplerExternalOES (nearest, one fragment per texel) is the RGB of its Y'
// and its 2x2 (4:2:0) or 2x1 (4:2:2) block's Cb/Cr by the colour space and range hints. Tolerance 1:
// the conversion and this test round independently.
TEST_F(EglImageTest, DmaBufYuvFormatsSampleAsRgbThroughExternalTextures) {
  constexpr int w = 4, h = 4;
  eglBindAPI(EGL_OPENGL_ES_API);
  const EGLint es3[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLContext es = eglCreateContext(display_, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es3);
  eglBindAPI(EGL_OPENGL_API);
  ASSERT_NE(es, EGL_NO_CONTEXT);
  use(es);
  const char* vs_text = "#version 300 es\nin vec2 p;\nout vec2 t;\n"
                        "void main() { t = p * 0.5 + 0.5; gl_Position = vec4(p, 0.0, 1.0); }\n";
  const char* fs_text = "#version 300 es\n#extension GL_OES_EGL_image_external_essl3 : require\n"
                        "precision mediump float;\nuniform samplerExternalOES s;\nin vec2 t;\nout vec4 c;\n"
                        "void main() { c = texture(s, t); }\n";
  const GLuint program = vertex_fragment_program(vs_text, fs_text, /*linked=*/false);
  glBindAttribLocation(program, 0, "p");
  glLinkProgram(program);
  GLint linked = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &linked);
  ASSERT_EQ(linked, GL_TRUE);
  GLenum uniform_type = 0;
  GLint uniform_size = 0;
  char name[16];
  glGetActiveUniform(program, 0, sizeof name, nullptr, &uniform_size, &uniform_type, name);
  EXPECT_EQ(uniform_type, GLenum(0x8D66)) << "GL_SAMPLER_EXTERNAL_OES";
  glUseProgram(program);
  const GLfloat quad[] = {-1, -1, 1, -1, -1, 1, 1, 1};
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
  glEnableVertexAttribArray(0);
  GLuint rb = 0, fbo = 0;
  glGenRenderbuffers(1, &rb);
  glBindRenderbuffer(GL_RENDERBUFFER, rb);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, w, h);
  glGenFramebuffers(1, &fbo);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
  glViewport(0, 0, w, h);

  // Samples: Y' per pixel, Cb and Cr per chroma block, of `bits` (10 for P010, in 16-bit words).
  auto y_at = [](int x, int y, int bits) { return (40 + 25 * x + 40 * y) << (bits - 8); };
  auto cb_at = [](int bx, int by, int bits) { return (90 + 60 * bx + 20 * by) << (bits - 8); };
  auto cr_at = [](int bx, int by, int bits) { return (200 - 50 * bx - 30 * by) << (bits - 8); };
  struct Case {
    const char* name;
    EGLAttrib code;
    EGLAttrib space, range;
    double kr, kb;
  };
  const Case cases[] = {
      {"NV12 601 narrow", fourcc('N', 'V', '1', '2'), EGL_ITU_REC601_EXT, EGL_YUV_NARROW_RANGE_EXT, 0.299, 0.114},
      {"NV12 709 full", fourcc('N', 'V', '1', '2'), EGL_ITU_REC709_EXT, EGL_YUV_FULL_RANGE_EXT, 0.2126, 0.0722},
      {"NV21 2020 narrow", fourcc('N', 'V', '2', '1'), EGL_ITU_REC2020_EXT, EGL_YUV_NARROW_RANGE_EXT, 0.2627, 0.0593},
      {"P010 709 narrow", fourcc('P', '0', '1', '0'), EGL_ITU_REC709_EXT, EGL_YUV_NARROW_RANGE_EXT, 0.2126, 0.0722},
      {"YU12 601 full", fourcc('Y', 'U', '1', '2'), EGL_ITU_REC601_EXT, EGL_YUV_FULL_RANGE_EXT, 0.299, 0.114},
      {"YV12 709 narrow", fourcc('Y', 'V', '1', '2'), EGL_ITU_REC709_EXT, EGL_YUV_NARROW_RANGE_EXT, 0.2126, 0.0722},
      {"YUYV 601 narrow", fourcc('Y', 'U', 'Y', 'V'), EGL_ITU_REC601_EXT, EGL_YUV_NARROW_RANGE_EXT, 0.299, 0.114},
      {"UYVY 2020 full", fourcc('U', 'Y', 'V', 'Y'), EGL_ITU_REC2020_EXT, EGL_YUV_FULL_RANGE_EXT, 0.2627, 0.0593},
  };
  for (const Case& c : cases) {
    const bool p010 = c.code == fourcc('P', '0', '1', '0');
    const bool packed = c.code == fourcc('Y', 'U', 'Y', 'V') || c.code == fourcc('U', 'Y', 'V', 'Y');
    const bool planar = c.code == fourcc('Y', 'U', '1', '2') || c.code == fourcc('Y', 'V', '1', '2');
    const int bits = p010 ? 10 : 8, bytes = p010 ? 2 : 1;
    // One buffer, its planes one after the other, rows padded to `pitch`.
    std::vector<std::uint8_t> data;
    std::vector<std::pair<std::size_t, std::size_t>> planes;  // (offset, pitch)
    auto put = [&](std::size_t at, int value) {
      if (data.size() < at + std::size_t(bytes)) data.resize(at + std::size_t(bytes), 0);
      if (bytes == 1) {
        data[at] = std::uint8_t(value);
      } else {
        data[at] = std::uint8_t(value << 6);
        data[at + 1] = std::uint8_t((value << 6) >> 8);
      }
    };
    auto begin_plane = [&](std::size_t pitch) {
      const std::size_t offset = (data.size() + 63) / 64 * 64;
      data.resize(offset, 0);
      planes.push_back({offset, pitch});
      return offset;
    };
    if (packed) {
      const std::size_t pitch = w * 2 + 8, base = begin_plane(pitch);
      const bool yuyv = c.code == fourcc('Y', 'U', 'Y', 'V');
      for (int y = 0; y < h; ++y)
        for (int bx = 0; bx < w / 2; ++bx) {
          const std::size_t at = base + std::size_t(y) * pitch + std::size_t(bx) * 4;
          put(at + (yuyv ? 0 : 1), y_at(2 * bx, y, 8));
          put(at + (yuyv ? 2 : 3), y_at(2 * bx + 1, y, 8));
          put(at + (yuyv ? 1 : 0), cb_at(bx, y, 8));
          put(at + (yuyv ? 3 : 2), cr_at(bx, y, 8));
        }
    } else {
      const std::size_t y_pitch = w * std::size_t(bytes) + 16, y_base = begin_plane(y_pitch);
      for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) put(y_base + std::size_t(y) * y_pitch + std::size_t(x * bytes), y_at(x, y, bits));
      if (planar) {
        const bool yv12 = c.code == fourcc('Y', 'V', '1', '2');
        for (int plane = 0; plane < 2; ++plane) {
          const std::size_t pitch = w / 2 + 4, base = begin_plane(pitch);
          const bool cb = (plane == 0) != yv12;
          for (int by = 0; by < h / 2; ++by)
            for (int bx = 0; bx < w / 2; ++bx)
              put(base + std::size_t(by) * pitch + std::size_t(bx), cb ? cb_at(bx, by, 8) : cr_at(bx, by, 8));
        }
      } else {
        const bool nv21 = c.code == fourcc('N', 'V', '2', '1');
        const std::size_t pitch = w * std::size_t(bytes) + 8, base = begin_plane(pitch);
        for (int by = 0; by < h / 2; ++by)
          for (int bx = 0; bx < w / 2; ++bx) {
            const std::size_t at = base + std::size_t(by) * pitch + std::size_t(bx * 2 * bytes);
            put(at + std::size_t(nv21 ? bytes : 0), cb_at(bx, by, bits));
            put(at + std::size_t(nv21 ? 0 : bytes), cr_at(bx, by, bits));
          }
      }
    }
    const int fd = memfd_with(data, 0);
    ASSERT_GE(fd, 0);
    std::vector<EGLAttrib> attributes = {EGL_WIDTH, w, EGL_HEIGHT, h, EGL_LINUX_DRM_FOURCC_EXT, c.code,
                                         EGL_YUV_COLOR_SPACE_HINT_EXT, c.space, EGL_SAMPLE_RANGE_HINT_EXT, c.range,
                                         EGL_YUV_CHROMA_HORIZONTAL_SITING_HINT_EXT, EGL_YUV_CHROMA_SITING_0_EXT};
    for (std::size_t p = 0; p < planes.size(); ++p)
      attributes.insert(attributes.end(), {EGLAttrib(EGL_DMA_BUF_PLANE0_FD_EXT + 3 * p), fd,
                                           EGLAttrib(EGL_DMA_BUF_PLANE0_OFFSET_EXT + 3 * p), EGLAttrib(planes[p].first),
                                           EGLAttrib(EGL_DMA_BUF_PLANE0_PITCH_EXT + 3 * p), EGLAttrib(planes[p].second)});
    attributes.push_back(EGL_NONE);
    EGLImage image = eglCreateImage(display_, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, nullptr, attributes.data());
    close(fd);
    ASSERT_NE(image, EGL_NO_IMAGE) << c.name << std::hex << " " << eglGetError();
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    target_texture()(GL_TEXTURE_2D, image);
    EXPECT_EQ(glGetError(), GLenum(GL_INVALID_OPERATION)) << c.name << ": a YUV image is external only";
    glDeleteTextures(1, &tex);
    glGenTextures(1, &tex);
    glBindTexture(0x8D65 /* GL_TEXTURE_EXTERNAL_OES */, tex);
    target_texture()(0x8D65, image);
    glTexParameteri(0x8D65, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(0x8D65, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR)) << c.name;
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    std::vector<Rgba> pixels(std::size_t(w * h));
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int by = packed ? y : y / 2, cbits = packed || planar ? 8 : bits;
        const Rgba want = expected_rgb(y_at(x, y, packed || planar ? 8 : bits), cb_at(x / 2, by, cbits),
                                       cr_at(x / 2, by, cbits), packed || planar ? 8 : bits,
                                       c.range == EGL_YUV_FULL_RANGE_EXT, c.kr, c.kb);
        const Rgba got = pixels[std::size_t(y * w + x)];
        for (int k = 0; k < 4; ++k)
          EXPECT_NEAR(got[std::size_t(k)], want[std::size_t(k)], 1) << c.name << " at " << x << "," << y << " channel " << k;
      }
    glDeleteTextures(1, &tex);
    EXPECT_TRUE(eglDestroyImage(display_, image));
  }
  // A YUV format with a plane missing.
  const std::vector<std::uint8_t> bytes(64, 0);
  const int fd = memfd_with(bytes, 0);
  const EGLAttrib one_plane[] = {EGL_WIDTH, 2, EGL_HEIGHT, 2, EGL_LINUX_DRM_FOURCC_EXT, fourcc('N', 'V', '1', '2'),
                                 EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0,
                                 EGL_DMA_BUF_PLANE0_PITCH_EXT, 2, EGL_NONE};
  EXPECT_EQ(eglCreateImage(display_, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, nullptr, one_plane), EGL_NO_IMAGE);
  EXPECT_EQ(eglGetError(), EGL_BAD_PARAMETER);
  close(fd);
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, es);
  // A desktop context has no external target.
  use(a_);
  glBindTexture(0x8D65, 0);
  EXPECT_EQ(glGetError(), GLenum(GL_INVALID_ENUM));
}

}  // namespace
}  // namespace glvk::test
