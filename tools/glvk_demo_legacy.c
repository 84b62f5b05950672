/* glvk_demo's fixed-function scene: a lit, textured surface drawn the way GL 1.x programs draw,
 * in a compatibility context: immediate mode (glBegin/glEnd) for the left half, a display list
 * for the right half, one directional light with GL's default light and material values, and a
 * nearest-sampled checker texture in GL_MODULATE. The two halves have different normals, so each
 * has its own lit colour, worked out here from the lighting equation (GL 4.6 compatibility 12.2.1):
 *   colour = a_cm * a_cs + (n . L) * d_cm * d_cl
 *          = 0.2 * 0.2 + (n . L) * 0.8 * 1.0      (defaults: scene ambient 0.2, material ambient
 *                                                  0.2, diffuse 0.8, light 0 white from +z)
 * so 0.84 where n = (0, 0, 1) and 0.68 where n = (0.6, 0, 0.8); alpha is the material diffuse's, 1.
 * Every pixel is then the texel times that colour (GL_MODULATE), within 1 for the rounding of the
 * interpolated colour. */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "glvk_demo.h"

enum { L = 64, CHECKER = 4 }; /* the picture is L x L; the texture CHECKER x CHECKER texels */

static void checker_texel(int i, int j, unsigned char out[4]) {
  const int light = (i + j) % 2;
  out[0] = light ? 240 : 60;
  out[1] = light ? 200 : 120;
  out[2] = light ? 90 : 220;
  out[3] = 255;
}

static const double kLit[2] = {0.04 + 0.8 * 1.0, 0.04 + 0.8 * 0.8}; /* left, right half */

static void half(float x0, float x1, float nx, float nz) {
  glBegin(GL_QUADS);
  glNormal3f(nx, 0.0f, nz);
  glTexCoord2f((x0 + 1.0f) / 2.0f, 0.0f);
  glVertex2f(x0, -1.0f);
  glTexCoord2f((x1 + 1.0f) / 2.0f, 0.0f);
  glVertex2f(x1, -1.0f);
  glTexCoord2f((x1 + 1.0f) / 2.0f, 1.0f);
  glVertex2f(x1, 1.0f);
  glTexCoord2f((x0 + 1.0f) / 2.0f, 1.0f);
  glVertex2f(x0, 1.0f);
  glEnd();
}

void draw_fixed_function_scene(EGLDisplay display) {
  static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  EGLContext previous = eglGetCurrentContext();
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    fprintf(stderr, "glvk_demo: no GL 2.1 (compatibility) context\n");
    ++failures;
    return;
  }
  GLuint framebuffer, renderbuffer, texture, list;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glGenRenderbuffers(1, &renderbuffer);
  glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, L, L);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
  glViewport(0, 0, L, L);
  glClearColor(0, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);

  unsigned char texels[CHECKER * CHECKER * 4];
  for (int j = 0; j < CHECKER; ++j)
    for (int i = 0; i < CHECKER; ++i) checker_texel(i, j, &texels[(j * CHECKER + i) * 4]);
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, CHECKER, CHECKER, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  glEnable(GL_TEXTURE_2D);
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  glEnable(GL_NORMALIZE);

  half(-1.0f, 0.0f, 0.0f, 1.0f); /* immediate mode */
  list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  half(0.0f, 1.0f, 0.6f, 0.8f);
  glEndList();
  glCallList(list);
  expect_no_error("fixed-function scene");

  static unsigned char got[L * L * 4];
  glReadPixels(0, 0, L, L, GL_RGBA, GL_UNSIGNED_BYTE, got);
  for (int y = 0; y < L; ++y)
    for (int x = 0; x < L; ++x) {
      unsigned char t[4];
      checker_texel(x * CHECKER / L, y * CHECKER / L, t);
      const double lit = kLit[x < L / 2 ? 0 : 1];
      const unsigned char* have = &got[(y * L + x) * 4];
      for (int c = 0; c < 4; ++c) {
        const int want = (int)lround(t[c] / 255.0 * (c == 3 ? 1.0 : lit) * 255.0);
        if (abs(have[c] - want) > 1) {
          fprintf(stderr, "glvk_demo: fixed-function scene: pixel (%d, %d) channel %d is %u, expected %d (+-1)\n", x,
                  y, c, have[c], want);
          ++failures;
          x = y = L; /* the first mismatch only */
          break;
        }
      }
    }
  glDeleteLists(list, 1);
  glDeleteTextures(1, &texture);
  glDeleteRenderbuffers(1, &renderbuffer);
  glDeleteFramebuffers(1, &framebuffer);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, previous);
  eglDestroyContext(display, context);
}
