/* pixel_probe: the legacy pixel paths into a 32x32 RGBA8 + depth framebuffer object: glDrawPixels
 * (RGBA/RGB/LUMINANCE bytes and floats, pixel zoom including negative, the unpack row length and
 * skips, depth test against the raster position's z, fog and texturing of the pixel fragments),
 * glDrawPixels of depth, glBitmap (LSB-first and MSB-first bits, moves), glCopyPixels of colour,
 * glWindowPos and glRasterPos through the matrices, and point sprites; prints every pixel per scene like
 * draw_probe.c (name, tolerance, then 32*32*4 bytes bottom row first). Uses only the system libEGL
 * and libGL, so the same binary runs on Mesa llvmpipe and on glvk; legacy_peer_test.cpp compares
 * them. Exit status is non-zero on any EGL or GL error. */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <stdlib.h>

#include "../support/probe_egl.h"

enum { S = 32 };

/* Per channel, in bytes. Pixel values go through unchanged on both (bytes to float to bytes);
 * blended or fogged ones may land one unit apart (the fogged float pixels two: fragment_ops).
 * Coverage must agree exactly. */
#define TOLERANCE 1

static int failed;

static void check(const char *where) {
  GLenum e = glGetError();
  if (e != GL_NO_ERROR) {
    fprintf(stderr, "GL error 0x%04x at %s\n", e, where);
    failed = 1;
  }
}

static void print_scene_within(const char *name, int tolerance) {
  static unsigned char pixels[S * S * 4];
  int i;
  glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  check(name);
  printf("%s %d", name, tolerance);
  for (i = 0; i < S * S * 4; ++i) printf(" %d", pixels[i]);
  printf("\n");
}

static void print_scene(const char *name) { print_scene_within(name, TOLERANCE); }

static void clear(void) {
  glClearColor(0.1f, 0.2f, 0.3f, 0.4f);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

static unsigned char rgba[12 * 10 * 4];
static float rgba_f[7 * 5 * 4];
static unsigned char lum[8 * 6];

static void fill_images(void) {
  int i;
  for (i = 0; i < 12 * 10; ++i) {
    rgba[i * 4 + 0] = (unsigned char)(i * 7);
    rgba[i * 4 + 1] = (unsigned char)(255 - i * 3);
    rgba[i * 4 + 2] = (unsigned char)(i * 13 + 40);
    rgba[i * 4 + 3] = (unsigned char)(128 + i);
  }
  for (i = 0; i < 7 * 5 * 4; ++i) rgba_f[i] = (float)((i * 37) % 101) / 100.0f;
  for (i = 0; i < 8 * 6; ++i) lum[i] = (unsigned char)(i * 4 + 20);
}

static void draw_pixels_scene(void) {
  clear();
  glWindowPos2i(1, 2);
  glDrawPixels(12, 10, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  /* RGB from the same bytes with a row length and skips (alignment 1). */
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 12);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 2);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
  glWindowPos2f(15.0f, 1.0f);
  glDrawPixels(8, 6, GL_RGB, GL_UNSIGNED_BYTE, rgba);
  glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
  glWindowPos2i(2, 14);
  glDrawPixels(8, 6, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glWindowPos2i(14, 14);
  glDrawPixels(7, 5, GL_RGBA, GL_FLOAT, rgba_f);
  /* Partly outside the framebuffer. */
  glWindowPos2i(26, 26);
  glDrawPixels(12, 10, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  print_scene("draw_pixels");
}

static void zoom_scene(void) {
  clear();
  /* Integer zooms: with a fractional one llvmpipe's rows are not 18.1.5's (a row j covers the
   * centres in [yr + j zy, yr + (j + 1) zy)), glvk's are. */
  glPixelZoom(2.0f, 2.0f);
  glWindowPos2i(0, 0);
  glDrawPixels(7, 5, GL_RGBA, GL_FLOAT, rgba_f);
  glPixelZoom(-1.0f, 2.0f);
  glWindowPos2i(31, 10);
  glDrawPixels(12, 10, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glPixelZoom(1.0f, -1.0f);
  glWindowPos2i(18, 9);
  glDrawPixels(8, 6, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
  glPixelZoom(1.0f, 1.0f);
  print_scene("pixel_zoom");
}

/* glRasterPos through the modelview and projection matrices, a depth test against the raster z,
 * fog from the raster distance, and texturing with the raster texture coordinates. */
static void fragment_ops_scene(void) {
  unsigned char tex[2 * 2 * 4] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 0, 255};
  GLuint t;
  clear();
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glOrtho(0, S, 0, S, -1, 1);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  glTranslatef(2.0f, 3.0f, 0.0f);
  /* A quad at depth 0 (window z 0.5) over the left half. */
  glEnable(GL_DEPTH_TEST);
  glColor4f(0.5f, 0.5f, 0.5f, 1.0f);
  glRecti(-2, -3, 14, 29);
  /* Behind the quad (z -0.5 -> window 0.75): hidden where the quad is. */
  glRasterPos3f(5.0f, 1.0f, -0.5f);
  glDrawPixels(12, 10, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  /* In front (z 0.5 -> window 0.25). */
  glRasterPos3f(5.0f, 14.0f, 0.5f);
  glDrawPixels(12, 10, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glDisable(GL_DEPTH_TEST);
  /* Fog (linear in the raster distance |z_eye| = 0.25) and a texture modulating the pixels. */
  glEnable(GL_FOG);
  glFogi(GL_FOG_MODE, GL_LINEAR);
  glFogf(GL_FOG_START, 0.0f);
  glFogf(GL_FOG_END, 40.0f); /* the raster distance |(22, 5, -0.25)| = 22.56: f = 0.44 */
  glFogfv(GL_FOG_COLOR, (const float[]){1.0f, 0.0f, 1.0f, 1.0f});
  glRasterPos3f(20.0f, 2.0f, -0.25f);
  glDrawPixels(7, 5, GL_RGBA, GL_FLOAT, rgba_f);
  glDisable(GL_FOG);
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_2D);
  glTexCoord2f(0.75f, 0.25f); /* texel (1, 0): green */
  glRasterPos2i(20, 12);
  glDrawPixels(8, 6, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum);
  glDisable(GL_TEXTURE_2D);
  glDeleteTextures(1, &t);
  glLoadIdentity();
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glMatrixMode(GL_MODELVIEW);
  /* llvmpipe keeps float pixels as 8-bit values before fog (measured: 2 units apart at most). */
  print_scene_within("fragment_ops", 2);
}

static void bitmap_scene(void) {
  /* 32 bytes: the last bitmap, 8 wide with rows 4-byte aligned, reads 7 * 4 + 1 of them. */
  static const GLubyte bits[8 * 4] = {0xf0, 0x0f, 0x81, 0x42, 0x24, 0x18, 0xff, 0x00, 0xaa, 0x55, 0x3c,
                                      0xc3, 0x01, 0x80, 0x7e, 0xe7, 0x99, 0x66, 0x0f, 0xf0, 0x11, 0x22,
                                      0x44, 0x88, 0x5a, 0xa5, 0xc0, 0x03, 0x18, 0x81, 0xe1, 0x1e};
  clear();
  glColor4f(1.0f, 0.5f, 0.25f, 1.0f);
  glWindowPos2i(3, 4);
  glColor4f(0.0f, 1.0f, 0.0f, 1.0f); /* after glWindowPos: the raster colour stays orange */
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBitmap(13, 8, 1.0f, 2.0f, 14.0f, 1.0f, bits);
  glBitmap(13, 8, 0.0f, 0.0f, 0.0f, 9.0f, bits);
  glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
  glWindowPos2i(4, 18); /* now green */
  glBitmap(16, 8, 0.0f, 0.0f, 0.0f, 0.0f, bits);
  glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glWindowPos2i(30, 28);
  glBitmap(8, 8, 0.0f, 0.0f, 0.0f, 0.0f, bits);
  print_scene("bitmap");
}

static void copy_pixels_scene(void) {
  clear();
  glWindowPos2i(1, 2);
  glDrawPixels(12, 10, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
  glWindowPos2i(16, 3);
  glCopyPixels(2, 3, 8, 7, GL_COLOR);
  glPixelZoom(1.0f, 2.0f);
  glWindowPos2i(4, 14);
  glCopyPixels(0, 0, 10, 6, GL_COLOR);
  glPixelZoom(1.0f, 1.0f);
  print_scene("copy_pixels");
}

static void depth_scene(void) {
  static float depth[10 * 10];
  int i;
  for (i = 0; i < 100; ++i) depth[i] = (float)(i % 10) / 10.0f + 0.05f;
  clear();
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_ALWAYS);
  glWindowPos2i(4, 4);
  glDrawPixels(10, 10, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
  glDepthFunc(GL_LESS);
  /* A quad at window depth 0.5: drawn where the written depth is greater. */
  glColor4f(1.0f, 1.0f, 0.0f, 1.0f);
  glRectf(-1.0f, -1.0f, 1.0f, 1.0f);
  glDisable(GL_DEPTH_TEST);
  print_scene("draw_depth");
}

/* Point sprites (14.4.1): COORD_REPLACE with both coordinate origins, and a unit without it. */
static void point_sprite_scene(void) {
  unsigned char tex[2 * 2 * 4] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 0, 255};
  GLuint t;
  clear();
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_2D);
  glPointSize(8.0f);
  glEnable(GL_POINT_SPRITE);
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
  glBegin(GL_POINTS);
  glVertex2f(-0.5f, -0.5f);
  glEnd();
  glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
  glBegin(GL_POINTS);
  glVertex2f(0.5f, -0.5f);
  glEnd();
  glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
  glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
  glTexCoord2f(0.75f, 0.75f);
  glBegin(GL_POINTS);
  glVertex2f(0.0f, 0.5f);
  glEnd();
  glDisable(GL_POINT_SPRITE);
  glDisable(GL_TEXTURE_2D);
  glPointSize(1.0f);
  glDeleteTextures(1, &t);
  print_scene("point_sprite");
}

int main(void) {
  ProbeContext probe;
  static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  if (!probe_make_current(&probe, "pixel_probe", attributes)) return 1;
  if (!probe_framebuffer(S, GL_DEPTH_COMPONENT24)) return 1;
  fill_images();
  check("setup");
  draw_pixels_scene();
  zoom_scene();
  fragment_ops_scene();
  bitmap_scene();
  copy_pixels_scene();
  depth_scene();
  point_sprite_scene();
  check("end");
  probe_release(&probe);
  return failed;
}
