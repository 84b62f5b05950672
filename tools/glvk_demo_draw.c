/* The demo's drawing: three overlapping rectangles drawn with one GLSL program, depth-tested, into
 * a 256x256 framebuffer object (RGBA8 colour, 24-bit depth) and again into a pbuffer's default
 * framebuffer, in this order:
 *   1. an opaque green rectangle, near (z = 0);
 *   2. a rectangle textured with a procedural 32x32 checkerboard (nearest filtering), far
 *      (z = 0.5): drawn after the green one, it stays hidden where they overlap;
 *   3. a translucent blue rectangle (alpha 0.6) between them (z = 0.25), blended over the
 *      background and the texture, hidden behind the green.
 * Every edge lies on a pixel boundary and every texel spans 5x5 whole pixels, so each pixel centre is
 * inside or outside a rectangle and a texel without ambiguity. The expected picture follows from the
 * rectangles, the depth order, the texture and the blend equation: exact where opaque, within one
 * unit where blended (how the blend rounds is the implementation's choice). */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "glvk_demo.h"

enum { S = DEMO_PICTURE_SIZE, TEXELS = 32 };

static const float kBackground[4] = {0.2f, 0.2f, 0.4f, 1.0f};

/* A rectangle in pixels [x0, x1) x [y0, y1) at depth z (normalized device coordinates). */
typedef struct {
  int x0, y0, x1, y1;
  float z;
  float colour[4];
  int textured; /* colour times the texture */
} Rect;

static const Rect kRects[] = {
    {112, 24, 232, 144, 0.0f, {0.2f, 0.8f, 0.4f, 1.0f}, 0},
    {24, 56, 184, 216, 0.5f, {1.0f, 1.0f, 1.0f, 1.0f}, 1},
    {64, 96, 200, 176, 0.25f, {0.2f, 0.4f, 1.0f, 0.6f}, 0},
};
enum { RECTS = sizeof kRects / sizeof kRects[0] };

/* Corners (0,0)..(1,1) are placed on the rectangle in pixels, then mapped to [-1, 1] (the viewport
 * is S = 256 pixels wide and high). */
static const char* kVertexShader =
    "#version 330 core\n"
    "in vec2 corner;\n"
    "uniform vec4 rect;\n"
    "uniform float z;\n"
    "out vec2 uv;\n"
    "void main() {\n"
    "  uv = corner;\n"
    "  gl_Position = vec4(mix(rect.xy, rect.zw, corner) / 128.0 - 1.0, z, 1.0);\n"
    "}\n";
static const char* kFragmentShader =
    "#version 330 core\n"
    "uniform vec4 colour;\n"
    "uniform bool textured;\n"
    "uniform sampler2D image;\n"
    "in vec2 uv;\n"
    "out vec4 result;\n"
    "void main() { result = textured ? colour * texture(image, uv) : colour; }\n";

/* The procedural texture: 4x4-texel checker squares, warm gradients alternating with cream. */
static void texel(int i, int j, unsigned char out[4]) {
  const int cream = (i / 4 + j / 4) % 2;
  out[0] = cream ? 250 : (unsigned char)(255 - 3 * j);
  out[1] = cream ? 240 : (unsigned char)(90 + 4 * i);
  out[2] = cream ? 220 : 40;
  out[3] = 255;
}

static unsigned char to_unorm8(double value) { return (unsigned char)lround(value * 255.0); }

/* The expected colour of pixel (x, y) (its centre at x + 0.5, y + 0.5); *blended tells whether
 * blending produced it. */
static void expected_pixel(int x, int y, unsigned char want[4], int* blended) {
  double depth = 1.0; /* the cleared depth; GL_LESS */
  for (int c = 0; c < 4; ++c) want[c] = to_unorm8(kBackground[c]);
  *blended = 0;
  for (int r = 0; r < RECTS; ++r) {
    const Rect* rect = &kRects[r];
    const double window_z = (rect->z + 1.0) / 2.0; /* default depth range [0, 1] */
    if (x < rect->x0 || x >= rect->x1 || y < rect->y0 || y >= rect->y1 || !(window_z < depth)) continue;
    depth = window_z;
    double source[4]; /* the fragment shader's result */
    unsigned char sampled[4] = {255, 255, 255, 255}; /* white when untextured */
    if (rect->textured)
      texel((x - rect->x0) * TEXELS / (rect->x1 - rect->x0), (y - rect->y0) * TEXELS / (rect->y1 - rect->y0), sampled);
    for (int c = 0; c < 4; ++c) source[c] = rect->colour[c] * (sampled[c] / 255.0);
    const double alpha = source[3];
    if (alpha == 1.0) {
      for (int c = 0; c < 4; ++c) want[c] = to_unorm8(source[c]);
      continue;
    }
    /* glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE): the destination
     * keeps its alpha of 1. */
    for (int c = 0; c < 3; ++c) want[c] = to_unorm8(source[c] * alpha + want[c] / 255.0 * (1.0 - alpha));
    *blended = 1;
  }
}

/* Compares every pixel with the expected picture; reports the first mismatch. */
static void check_picture(const char* where, const unsigned char* got) {
  for (int y = 0; y < S; ++y)
    for (int x = 0; x < S; ++x) {
      unsigned char want[4];
      int blended;
      expected_pixel(x, y, want, &blended);
      const unsigned char* have = &got[(y * S + x) * 4];
      for (int c = 0; c < 4; ++c)
        if (abs(have[c] - want[c]) > (blended ? 1 : 0)) {
          fprintf(stderr, "glvk_demo: %s: pixel (%d, %d) is %u %u %u %u, expected %u %u %u %u%s\n", where, x, y,
                  have[0], have[1], have[2], have[3], want[0], want[1], want[2], want[3],
                  blended ? " (+-1)" : "");
          ++failures;
          return;
        }
    }
}

/* Counts a failed compile or link, printing the object's info log. */
static void check_status(GLuint object, GLint ok, void (*get_log)(GLuint, GLsizei, GLsizei*, GLchar*),
                         const char* what) {
  if (ok) return;
  char log[1024] = "";
  get_log(object, sizeof log, NULL, log);
  fprintf(stderr, "glvk_demo: %s failed: %s\n", what, log);
  ++failures;
}

static GLuint compile(GLenum type, const char* source) {
  GLuint shader = glCreateShader(type);
  GLint ok = 0;
  glShaderSource(shader, 1, &source, NULL);
  glCompileShader(shader);
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  check_status(shader, ok, glGetShaderInfoLog, "shader compile");
  return shader;
}

static GLuint link_program(void) {
  GLuint program = glCreateProgram();
  GLuint shaders[2] = {compile(GL_VERTEX_SHADER, kVertexShader), compile(GL_FRAGMENT_SHADER, kFragmentShader)};
  GLint ok = 0;
  glAttachShader(program, shaders[0]);
  glAttachShader(program, shaders[1]);
  glBindAttribLocation(program, 0, "corner");
  glLinkProgram(program);
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  check_status(program, ok, glGetProgramInfoLog, "program link");
  glDeleteShader(shaders[0]);
  glDeleteShader(shaders[1]);
  return program;
}

/* Draws the scene into the bound draw framebuffer and reads it back into `rgba`. */
static void draw_rects(GLuint program, unsigned char* rgba) {
  glViewport(0, 0, S, S);
  glClearColor(kBackground[0], kBackground[1], kBackground[2], kBackground[3]);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
  glUseProgram(program);
  for (int r = 0; r < RECTS; ++r) {
    const Rect* rect = &kRects[r];
    if (rect->colour[3] < 1.0f)
      glEnable(GL_BLEND);
    else
      glDisable(GL_BLEND);
    glUniform4f(glGetUniformLocation(program, "rect"), (float)rect->x0, (float)rect->y0, (float)rect->x1,
                (float)rect->y1);
    glUniform1f(glGetUniformLocation(program, "z"), rect->z);
    glUniform4fv(glGetUniformLocation(program, "colour"), 1, rect->colour);
    glUniform1i(glGetUniformLocation(program, "textured"), rect->textured);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

/* The same scene into the default framebuffer of a pbuffer surface with 8-bit RGBA and 24-bit depth. */
static void draw_into_pbuffer(EGLDisplay display, EGLContext context, GLuint program) {
  static const EGLint kConfig[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                   EGL_RED_SIZE,     8,               EGL_GREEN_SIZE,      8,
                                   EGL_BLUE_SIZE,    8,               EGL_ALPHA_SIZE,      8,
                                   EGL_DEPTH_SIZE,   24,              EGL_NONE};
  static const EGLint kSize[] = {EGL_WIDTH, S, EGL_HEIGHT, S, EGL_NONE};
  static unsigned char rgba[S * S * 4];
  EGLConfig config;
  EGLint count = 0;
  EGLSurface surface = EGL_NO_SURFACE;
  if (eglChooseConfig(display, kConfig, &config, 1, &count) && count == 1)
    surface = eglCreatePbufferSurface(display, config, kSize);
  if (surface == EGL_NO_SURFACE || !eglMakeCurrent(display, surface, surface, context)) {
    fprintf(stderr, "glvk_demo: no %dx%d RGBA8 + depth pbuffer (EGL error 0x%04x)\n", S, S, eglGetError());
    ++failures;
    return;
  }
  draw_rects(program, rgba);
  expect_no_error("drawing into a pbuffer");
  check_picture("pbuffer", rgba);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
  eglDestroySurface(display, surface);
}

void draw_scene(EGLDisplay display, EGLContext context, unsigned char* rgba) {
  static const float kCorners[] = {0, 0, 1, 0, 0, 1, 1, 1};
  static unsigned char texels[TEXELS * TEXELS * 4];
  for (int j = 0; j < TEXELS; ++j)
    for (int i = 0; i < TEXELS; ++i) texel(i, j, &texels[(j * TEXELS + i) * 4]);

  GLuint vertex_array, buffer, texture, framebuffer, renderbuffers[2];
  glGenVertexArrays(1, &vertex_array);
  glBindVertexArray(vertex_array);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, sizeof kCorners, kCorners, GL_STATIC_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
  glEnableVertexAttribArray(0);

  glGenTextures(1, &texture);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, TEXELS, TEXELS, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

  GLuint program = link_program();
  glUseProgram(program);
  glUniform1i(glGetUniformLocation(program, "image"), 0);

  glGenRenderbuffers(2, renderbuffers);
  glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers[0]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, S, S);
  glBindRenderbuffer(GL_RENDERBUFFER, renderbuffers[1]);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, S, S);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffers[0]);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, renderbuffers[1]);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    fprintf(stderr, "glvk_demo: the RGBA8 + DEPTH_COMPONENT24 framebuffer is incomplete\n");
    ++failures;
  }
  draw_rects(program, rgba);
  expect_no_error("drawing into a framebuffer object");
  check_picture("framebuffer object", rgba);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);

  draw_into_pbuffer(display, context, program);

  glDeleteFramebuffers(1, &framebuffer);
  glDeleteRenderbuffers(2, renderbuffers);
  glDeleteProgram(program);
  glDeleteTextures(1, &texture);
  glDeleteBuffers(1, &buffer);
  glDeleteVertexArrays(1, &vertex_array);
  expect_no_error("drawing");
}
