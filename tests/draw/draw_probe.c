/* draw_probe: draws a fixed set of scenes with GLSL programs into a 32x32 RGBA8 framebuffer object
 * and prints every pixel, one line per scene: name, tolerance (per channel, in bytes), then the
 * 32*32*4 bytes bottom row first. Uses only the system libEGL and libGL, so the same binary runs on
 * Mesa llvmpipe and on glvk; draw_peer_test.cpp compares the two. Exit status is non-zero on any
 * EGL, compile, link or GL error. */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../support/probe_egl.h"

enum { S = 32 };

static int failed;

static void check(const char *where) {
  GLenum e = glGetError();
  if (e != GL_NO_ERROR) {
    fprintf(stderr, "GL error 0x%04x at %s\n", e, where);
    failed = 1;
  }
}

static GLuint shader(GLenum type, const char *src) {
  GLuint s = glCreateShader(type);
  GLint ok = 0;
  glShaderSource(s, 1, &src, NULL);
  glCompileShader(s);
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    fprintf(stderr, "compile failed: %s\n", log);
    failed = 1;
  }
  return s;
}

static GLuint program(const char *vs, const char *fs) {
  GLuint p = glCreateProgram();
  GLint ok = 0;
  glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
  glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
  glBindAttribLocation(p, 0, "position");
  glBindAttribLocation(p, 1, "colour");
  glBindAttribLocation(p, 2, "offset");
  glLinkProgram(p);
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    fprintf(stderr, "link failed: %s\n", log);
    failed = 1;
  }
  glUseProgram(p);
  return p;
}

static const char *smooth_vs =
    "#version 330\n"
    "in vec2 position; in vec4 colour; in vec2 offset;\n"
    "uniform float z;\n"
    "out vec4 v_colour;\n"
    "void main() { gl_Position = vec4(position + offset, z, 1.0); v_colour = colour; gl_PointSize = 4.0; }\n";
static const char *smooth_fs =
    "#version 330\n"
    "in vec4 v_colour; out vec4 result;\n"
    "void main() { result = v_colour; }\n";
static const char *flat_vs =
    "#version 330\n"
    "in vec2 position; in vec4 colour;\n"
    "flat out vec4 v_colour;\n"
    "void main() { gl_Position = vec4(position, 0.0, 1.0); v_colour = colour; }\n";
static const char *flat_fs =
    "#version 330\n"
    "flat in vec4 v_colour; out vec4 result;\n"
    "void main() { result = v_colour; }\n";
static const char *texture_vs =
    "#version 330\n"
    "in vec2 position;\n"
    "out vec2 uv;\n"
    "void main() { gl_Position = vec4(position, 0.0, 1.0); uv = position * 0.75 + 0.5; }\n";
static const char *texture_fs =
    "#version 330\n"
    "uniform sampler2D image; in vec2 uv; out vec4 result;\n"
    "void main() { result = texture(image, uv); }\n";

static GLuint buffers[3];

/* Attribute 0: positions (vec2), 1: colours (vec4 floats), from buffers; 2: offset (current value). */
static void vertices(const float *xy, const float *rgba, int n) {
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, n * 2 * (GLsizeiptr)sizeof(float), xy, GL_STREAM_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
  glEnableVertexAttribArray(0);
  if (rgba) {
    glBindBuffer(GL_ARRAY_BUFFER, buffers[1]);
    glBufferData(GL_ARRAY_BUFFER, n * 4 * (GLsizeiptr)sizeof(float), rgba, GL_STREAM_DRAW);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, 0);
    glEnableVertexAttribArray(1);
  } else {
    glDisableVertexAttribArray(1);
  }
}

static void print_scene(const char *name, int tolerance) {
  static unsigned char pixels[S * S * 4];
  int i;
  glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  check(name);
  printf("%s %d", name, tolerance);
  for (i = 0; i < S * S * 4; ++i) printf(" %d", pixels[i]);
  printf("\n");
}

static void clear(float r, float g, float b, float a) {
  glClearColor(r, g, b, a);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

static void scene_gradient(void) {
  static const float xy[] = {-0.9f, -0.8f, 0.85f, -0.6f, -0.2f, 0.9f};
  static const float rgba[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0.5f};
  program(smooth_vs, smooth_fs);
  clear(0.1f, 0.1f, 0.1f, 1);
  vertices(xy, rgba, 3);
  glVertexAttrib2f(2, 0, 0);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  /* Interpolation may round differently by one unit. Geometry avoids pixel centres on edges: the
   * tie-break rule differs between GL (llvmpipe, lower-left origin) and Vulkan (top-left). */
  print_scene("smooth_triangle", 1);
}

static void scene_depth_blend(void) {
  static const float quad[] = {-0.8f, -0.8f, 0.5f, -0.8f, 0.5f, 0.5f, -0.8f, -0.8f, 0.5f, 0.5f, -0.8f, 0.5f};
  float red[24], green[24];
  int i;
  GLuint p = program(smooth_vs, smooth_fs);
  for (i = 0; i < 24; ++i) {
    red[i] = (i % 4 == 0 || i % 4 == 3) ? 1.0f : 0.0f;
    green[i] = (i % 4 == 1) ? 1.0f : (i % 4 == 3 ? 0.5f : 0.0f);
  }
  clear(0, 0, 0.2f, 1);
  glEnable(GL_DEPTH_TEST);
  glUniform1f(glGetUniformLocation(p, "z"), -0.2f);
  vertices(quad, red, 6);
  glVertexAttrib2f(2, 0, 0);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glUniform1f(glGetUniformLocation(p, "z"), 0.3f);
  vertices(quad, green, 6);
  glVertexAttrib2f(2, 0.3f, 0.3f);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  glDisable(GL_DEPTH_TEST);
  glEnable(GL_BLEND);
  glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO);
  glVertexAttrib2f(2, -0.2f, 0.1f);
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDisable(GL_BLEND);
  glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
  print_scene("depth_and_blend", 1);
}

static void scene_texture(void) {
  static const float quad[] = {-1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1};
  unsigned char texels[4 * 4 * 4];
  GLuint t;
  GLuint p;
  int i;
  for (i = 0; i < 16; ++i) {
    texels[i * 4 + 0] = (unsigned char)(i * 16);
    texels[i * 4 + 1] = (unsigned char)(255 - i * 16);
    texels[i * 4 + 2] = (unsigned char)((i % 3) * 100);
    texels[i * 4 + 3] = 255;
  }
  glGenTextures(1, &t);
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
  p = program(texture_vs, texture_fs);
  glUniform1i(glGetUniformLocation(p, "image"), 1);
  clear(0, 0, 0, 0);
  vertices(quad, NULL, 6);
  glDrawArrays(GL_TRIANGLES, 0, 6);
  /* Bilinear weights are quantized to 8 bits by both rasterizers; allow one unit. */
  print_scene("linear_texture", 1);
  glActiveTexture(GL_TEXTURE0);
}

static void scene_primitives(void) {
  static const float strip[] = {-0.9f, -0.9f, -0.9f, -0.3f, -0.5f, -0.9f, -0.4f, -0.2f, 0.0f, -0.8f, 0.1f, -0.3f};
  static const float fan[] = {0.5f, 0.5f, 0.9f, 0.5f, 0.8f, 0.8f, 0.5f, 0.95f, 0.2f, 0.8f};
  static const float lines[] = {-0.9f, 0.2f, -0.1f, 0.9f, -0.6f, 0.9f, -0.9f, 0.6f};
  static const float rgba[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0, 1, 1};
  static const GLushort restart_indices[] = {0, 1, 2, 0xffff, 3, 4, 5};
  GLuint p = program(smooth_vs, smooth_fs);
  GLuint e;
  glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
  glVertexAttrib2f(2, 0, 0);
  clear(0, 0, 0, 1);
  vertices(strip, rgba, 6);
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 6);
  vertices(fan, rgba, 5);
  glEnable(GL_CULL_FACE);
  glDrawArrays(GL_TRIANGLE_FAN, 0, 5);
  glDisable(GL_CULL_FACE);
  vertices(lines, rgba, 4);
  glDrawArrays(GL_LINE_LOOP, 0, 4);
  glEnable(GL_PROGRAM_POINT_SIZE);
  glVertexAttrib2f(2, 0.9f, -0.6f);
  glDrawArrays(GL_POINTS, 0, 2);
  glVertexAttrib2f(2, 1.0f, 0.0f);
  vertices(strip, rgba, 6);
  glGenBuffers(1, &e);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, e);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof restart_indices, restart_indices, GL_STATIC_DRAW);
  glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  glDrawElements(GL_TRIANGLE_STRIP, 7, GL_UNSIGNED_SHORT, 0);
  glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
  print_scene("strips_fans_lines_points", 1);
}

static void scene_instanced(void) {
  static const float tri[] = {-0.95f, -0.95f, -0.75f, -0.95f, -0.85f, -0.75f};
  static const float offsets[] = {0, 0, 0.4f, 0.2f, 0.8f, 0.4f, 1.2f, 0.6f};
  static const float rgba[] = {1, 0.5f, 0, 1, 0, 0.5f, 1, 1, 0.5f, 1, 0.5f, 1};
  GLuint p = program(smooth_vs, smooth_fs);
  glUniform1f(glGetUniformLocation(p, "z"), 0.0f);
  clear(0, 0, 0, 1);
  vertices(tri, rgba, 3);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[2]);
  glBufferData(GL_ARRAY_BUFFER, sizeof offsets, offsets, GL_STATIC_DRAW);
  glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, 0);
  glVertexAttribDivisor(2, 1);
  glEnableVertexAttribArray(2);
  glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 4);
  glDisableVertexAttribArray(2);
  glVertexAttribDivisor(2, 0);
  print_scene("instanced", 1);
}

/* Compatibility profile: quads, quad strips and polygons with flat shading in both conventions. */
static void scene_quads(void) {
  static const float quads[] = {-0.9f, -0.9f, -0.1f, -0.9f, -0.1f, -0.1f, -0.9f, -0.1f,
                                0.1f, -0.9f, 0.9f, -0.7f, 0.8f, -0.1f, 0.2f, -0.2f};
  static const float strip[] = {-0.9f, 0.1f, -0.9f, 0.9f, -0.5f, 0.2f, -0.4f, 0.8f, 0.0f, 0.1f, 0.1f, 0.9f};
  static const float polygon[] = {0.3f, 0.2f, 0.8f, 0.1f, 0.95f, 0.6f, 0.6f, 0.95f, 0.2f, 0.7f};
  static const float rgba[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1,
                               0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 0.5f, 0.5f, 0.5f, 1};
  program(flat_vs, flat_fs);
  clear(0, 0, 0, 1);
  vertices(quads, rgba, 8);
  glDrawArrays(GL_QUADS, 0, 8);
  vertices(strip, rgba, 6);
  glDrawArrays(GL_QUAD_STRIP, 0, 6);
  vertices(polygon, rgba, 5);
  glDrawArrays(GL_POLYGON, 0, 5);
  print_scene("quads_last_vertex", 0);
  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
  clear(0, 0, 0, 1);
  vertices(quads, rgba, 8);
  glDrawArrays(GL_QUADS, 0, 8);
  vertices(strip, rgba, 6);
  glDrawArrays(GL_QUAD_STRIP, 0, 6);
  vertices(polygon, rgba, 5);
  glDrawArrays(GL_POLYGON, 0, 5);
  glProvokingVertex(GL_LAST_VERTEX_CONVENTION);
  print_scene("quads_first_vertex", 0);
}

int main(void) {
  ProbeContext probe;
  GLuint vao;
  static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                      EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, EGL_NONE};
  if (!probe_make_current(&probe, "draw_probe", attributes)) return 1;

  if (!probe_framebuffer(S, GL_DEPTH_COMPONENT24)) return 1;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(3, buffers);
  check("setup");

  scene_gradient();
  scene_depth_blend();
  scene_texture();
  scene_primitives();
  scene_instanced();
  glBindVertexArray(0);
  scene_quads();
  check("end");
  probe_release(&probe);
  return failed;
}
