/* glvk_demo: a plain C program using only the system libEGL and libGL (libglvnd). It creates a
 * surfaceless desktop-GL context, prints GL_RENDERER and GL_VERSION, round-trips buffer data
 * through every upload, copy and map path, then texels through textures and framebuffers (a
 * converting upload, a compressed upload, a scissored clear, a scaled blit, readbacks), then draws a
 * depth-tested, textured and blended scene with GLSL and checks every pixel (glvk_demo_draw.c).
 * `--png FILE` writes the drawn picture (glvk_demo_png.c). Exit status 0 only if every byte read
 * back is right and no GL error was raised. `glvk run` with no program runs it on glvk. */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <string.h>

#include "glvk_demo.h"

#define SIZE 4096

int failures = 0;

static void fill(unsigned char* data, size_t size, unsigned seed) {
  for (size_t i = 0; i < size; ++i) data[i] = (unsigned char)((i * 131u + seed * 7u + (i >> 8)) & 0xffu);
}

static void expect_bytes(const char* what, const unsigned char* got, const unsigned char* want, size_t size) {
  if (memcmp(got, want, size) != 0) {
    size_t i = 0;
    while (got[i] == want[i]) ++i;
    fprintf(stderr, "glvk_demo: %s: byte %zu is %u, expected %u\n", what, i, got[i], want[i]);
    ++failures;
  }
}

void expect_no_error(const char* what) {
  GLenum error = glGetError();
  if (error != GL_NO_ERROR) {
    fprintf(stderr, "glvk_demo: %s raised GL error 0x%04x\n", what, error);
    ++failures;
  }
}

static void read_back(GLuint buffer, const unsigned char* want, const char* what) {
  static unsigned char got[SIZE];
  memset(got, 0, sizeof got);
  glBindBuffer(GL_COPY_READ_BUFFER, buffer);
  glGetBufferSubData(GL_COPY_READ_BUFFER, 0, SIZE, got);
  expect_no_error(what);
  expect_bytes(what, got, want, SIZE);
}

/* A 4x4 RGBA8 texture filled from BGRA bytes (a converting upload), attached to a framebuffer whose
 * lower-left 2x2 is cleared through the scissor, blitted 2x magnified into an 8x8 framebuffer and
 * read back; an RGTC texture compressed on upload from two-valued texels (exactly representable)
 * reads back unchanged. */
static void textures_and_framebuffers(void) {
  unsigned char bgra[4 * 4 * 4], want[8 * 8 * 4], got[8 * 8 * 4];
  fill(bgra, sizeof bgra, 40);
  GLuint textures[3], framebuffers[2];
  glGenTextures(3, textures);
  glGenFramebuffers(2, framebuffers);
  glBindTexture(GL_TEXTURE_2D, textures[0]);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_BGRA, GL_UNSIGNED_BYTE, bgra);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffers[0]);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, textures[0], 0);
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, 2, 2);
  glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glBindTexture(GL_TEXTURE_2D, textures[1]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffers[1]);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, textures[1], 0);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffers[0]);
  glBlitFramebuffer(0, 0, 4, 4, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffers[1]);
  glReadPixels(0, 0, 8, 8, GL_RGBA, GL_UNSIGNED_BYTE, got);
  expect_no_error("texture upload, scissored clear, blit, glReadPixels");
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const int sx = x / 2, sy = y / 2; /* nearest, 2x magnified */
      const unsigned char* from = &bgra[(sy * 4 + sx) * 4];
      unsigned char* to = &want[(y * 8 + x) * 4];
      const int cleared = sx < 2 && sy < 2;
      to[0] = cleared ? 255 : from[2];
      to[1] = cleared ? 0 : from[1];
      to[2] = cleared ? 0 : from[0];
      to[3] = cleared ? 255 : from[3];
    }
  expect_bytes("BGRA upload, scissored clear and scaled blit", got, want, sizeof want);

  unsigned char red[8 * 8], red_back[8 * 8];
  for (int i = 0; i < 8 * 8; ++i) red[i] = (i * 5) % 3 ? 200 : 30;
  glBindTexture(GL_TEXTURE_2D, textures[2]);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 8, 0, GL_RED, GL_UNSIGNED_BYTE, red);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, red_back);
  expect_no_error("RGTC upload and glGetTexImage");
  expect_bytes("RGTC compressed on upload", red_back, red, sizeof red);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(2, framebuffers);
  glDeleteTextures(3, textures);
}

int main(int argc, char** argv) {
  static unsigned char expected[SIZE], data[SIZE];
  static unsigned char picture[DEMO_PICTURE_SIZE * DEMO_PICTURE_SIZE * 4];
  const char* png_path = NULL;
  if (argc == 3 && strcmp(argv[1], "--png") == 0) {
    png_path = argv[2];
  } else if (argc != 1) {
    fprintf(stderr, "usage: glvk_demo [--png FILE]\n");
    return 2;
  }
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  EGLint major = 0, minor = 0;
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) {
    fprintf(stderr, "glvk_demo: no surfaceless EGL display (error 0x%04x)\n", eglGetError());
    return 1;
  }
  if (!eglBindAPI(EGL_OPENGL_API)) {
    fprintf(stderr, "glvk_demo: eglBindAPI(EGL_OPENGL_API) failed\n");
    return 1;
  }
  const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, context_attributes);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    fprintf(stderr, "glvk_demo: no GL 4.5 core context (error 0x%04x)\n", eglGetError());
    return 1;
  }
  printf("GL_RENDERER: %s\n", (const char*)glGetString(GL_RENDERER));
  printf("GL_VERSION: %s\n", (const char*)glGetString(GL_VERSION));

  GLuint buffers[3];
  glGenBuffers(3, buffers);

  /* glBufferData with data, read back with glGetBufferSubData. */
  fill(expected, SIZE, 1);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, SIZE, expected, GL_STATIC_DRAW);
  read_back(buffers[0], expected, "glBufferData");

  /* glBufferSubData over the middle. */
  fill(data, SIZE, 2);
  glBufferSubData(GL_ARRAY_BUFFER, 1000, 1500, data);
  memcpy(expected + 1000, data, 1500);
  read_back(buffers[0], expected, "glBufferSubData");

  /* glMapBuffer for reading. */
  const unsigned char* read_map = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
  if (!read_map) {
    fprintf(stderr, "glvk_demo: glMapBuffer(GL_READ_ONLY) returned NULL\n");
    ++failures;
  } else {
    expect_bytes("glMapBuffer(GL_READ_ONLY)", read_map, expected, SIZE);
  }
  glUnmapBuffer(GL_ARRAY_BUFFER);
  expect_no_error("glMapBuffer(GL_READ_ONLY)");

  /* glMapBufferRange with each write flavour. */
  static const struct {
    GLbitfield access;
    const char* name;
  } kWrites[] = {
      {GL_MAP_WRITE_BIT, "MAP_WRITE"},
      {GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT, "MAP_WRITE|INVALIDATE_RANGE"},
      {GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT, "MAP_WRITE|INVALIDATE_BUFFER"},
      {GL_MAP_WRITE_BIT | GL_MAP_UNSYNCHRONIZED_BIT, "MAP_WRITE|UNSYNCHRONIZED"},
      {GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT, "MAP_WRITE|FLUSH_EXPLICIT"},
      {GL_MAP_READ_BIT | GL_MAP_WRITE_BIT, "MAP_READ|MAP_WRITE"},
  };
  for (unsigned i = 0; i < sizeof kWrites / sizeof kWrites[0]; ++i) {
    const GLintptr offset = (GLintptr)(64 * i + 3);
    const GLsizeiptr length = 2000;
    fill(data, (size_t)length, 10 + i);
    unsigned char* map = glMapBufferRange(GL_ARRAY_BUFFER, offset, length, kWrites[i].access);
    if (!map) {
      fprintf(stderr, "glvk_demo: glMapBufferRange(%s) returned NULL\n", kWrites[i].name);
      ++failures;
      continue;
    }
    memcpy(map, data, (size_t)length);
    if (kWrites[i].access & GL_MAP_FLUSH_EXPLICIT_BIT) glFlushMappedBufferRange(GL_ARRAY_BUFFER, 0, length);
    glUnmapBuffer(GL_ARRAY_BUFFER);
    expect_no_error(kWrites[i].name);
    if (kWrites[i].access & GL_MAP_INVALIDATE_BUFFER_BIT) {
      /* Everything outside the written range is undefined now: rewrite it to compare. */
      glBufferSubData(GL_ARRAY_BUFFER, 0, offset, expected);
      glBufferSubData(GL_ARRAY_BUFFER, offset + length, SIZE - offset - length, expected + offset + length);
    }
    memcpy(expected + offset, data, (size_t)length);
    read_back(buffers[0], expected, kWrites[i].name);
  }

  /* glCopyBufferSubData on the GPU. */
  glBindBuffer(GL_COPY_WRITE_BUFFER, buffers[1]);
  glBufferData(GL_COPY_WRITE_BUFFER, SIZE, NULL, GL_DYNAMIC_COPY);
  glBindBuffer(GL_COPY_READ_BUFFER, buffers[0]);
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, SIZE);
  expect_no_error("glCopyBufferSubData");
  read_back(buffers[1], expected, "glCopyBufferSubData");

  /* Immutable persistent, coherent storage: writes through the pointer are seen without unmapping. */
  glBindBuffer(GL_ARRAY_BUFFER, buffers[2]);
  glBufferStorage(GL_ARRAY_BUFFER, SIZE, NULL,
                  GL_MAP_WRITE_BIT | GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
  unsigned char* persistent = glMapBufferRange(
      GL_ARRAY_BUFFER, 0, SIZE, GL_MAP_WRITE_BIT | GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT);
  if (!persistent) {
    fprintf(stderr, "glvk_demo: persistent glMapBufferRange returned NULL\n");
    ++failures;
  } else {
    fill(expected, SIZE, 30);
    memcpy(persistent, expected, SIZE);
    read_back(buffers[2], expected, "persistent coherent map");
    glBindBuffer(GL_ARRAY_BUFFER, buffers[2]);
    glUnmapBuffer(GL_ARRAY_BUFFER);
  }
  expect_no_error("glBufferStorage/persistent map");

  glDeleteBuffers(3, buffers);
  if (failures == 0) printf("buffer round trips: ok\n");
  const int texture_failures = failures;
  textures_and_framebuffers();
  if (failures == texture_failures) printf("texture and framebuffer round trips: ok\n");
  const int drawing_failures = failures;
  draw_scene(display, context, picture);
  if (failures == drawing_failures) printf("drawing: ok\n");
  const int legacy_failures = failures;
  draw_fixed_function_scene(display);
  if (failures == legacy_failures) printf("fixed-function drawing: ok\n");
  if (png_path) {
    if (write_png(png_path, picture, DEMO_PICTURE_SIZE, DEMO_PICTURE_SIZE) == 0) {
      printf("picture: %s (%dx%d PNG)\n", png_path, DEMO_PICTURE_SIZE, DEMO_PICTURE_SIZE);
    } else {
      fprintf(stderr, "glvk_demo: cannot write %s\n", png_path);
      ++failures;
    }
  }
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
  eglTerminate(display);
  if (failures) {
    fprintf(stderr, "glvk_demo: %d check(s) failed\n", failures);
    return 1;
  }
  return 0;
}
