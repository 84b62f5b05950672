/* tess_probe: tessellation scenes (GL 4.0 core) drawn into a 32x32 RGBA8 framebuffer object, printed
 * like draw_probe.c (name, tolerance, then the 32*32*4 bytes bottom row first) so that
 * tess_peer_test.cpp can compare Mesa llvmpipe with glvk. Back faces are culled in every scene, so
 * the winding of the generated triangles (the tessellation domain's origin) shows as well as their
 * positions and interpolated values. Exit status is non-zero on any EGL, compile, link or GL error. */
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

static void attach(GLuint p, GLenum type, const char *src) {
  GLuint s;
  GLint ok = 0;
  if (!src) return;
  s = glCreateShader(type);
  glShaderSource(s, 1, &src, NULL);
  glCompileShader(s);
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    fprintf(stderr, "compile failed: %s\n", log);
    failed = 1;
  }
  glAttachShader(p, s);
}

static void use_program(const char *tcs, const char *tes) {
  static const char *vs =
      "#version 400 core\n"
      "layout(location = 0) in vec2 position;\n"
      "layout(location = 1) in vec4 colour;\n"
      "out vec4 v_colour;\n"
      "void main() { gl_Position = vec4(position, 0.0, 1.0); v_colour = colour; }\n";
  static const char *fs =
      "#version 400 core\n"
      "in vec4 t_colour; out vec4 result;\n"
      "void main() { result = t_colour; }\n";
  GLuint p = glCreateProgram();
  GLint ok = 0;
  attach(p, GL_VERTEX_SHADER, vs);
  attach(p, GL_TESS_CONTROL_SHADER, tcs);
  attach(p, GL_TESS_EVALUATION_SHADER, tes);
  attach(p, GL_FRAGMENT_SHADER, fs);
  glLinkProgram(p);
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048];
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    fprintf(stderr, "link failed: %s\n", log);
    failed = 1;
  }
  glUseProgram(p);
}

static GLuint buffers[2];

static void vertices(const float *xy, const float *rgba, int n) {
  glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
  glBufferData(GL_ARRAY_BUFFER, n * 2 * (GLsizeiptr)sizeof(float), xy, GL_STREAM_DRAW);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
  glEnableVertexAttribArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, buffers[1]);
  glBufferData(GL_ARRAY_BUFFER, n * 4 * (GLsizeiptr)sizeof(float), rgba, GL_STREAM_DRAW);
  glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, 0);
  glEnableVertexAttribArray(1);
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

static void clear(void) {
  glClearColor(0.1f, 0.1f, 0.1f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
}

/* A control shader setting its own levels; the evaluation shader's colour is non-linear in the
 * tessellation coordinates, so the picture depends on where the generated vertices are. */
static const char *triangle_tcs =
    "#version 400 core\n"
    "layout(vertices = 3) out;\n"
    "in vec4 v_colour[]; out vec4 c_colour[];\n"
    "void main() {\n"
    "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
    "  c_colour[gl_InvocationID] = v_colour[gl_InvocationID];\n"
    "  gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 3.0; gl_TessLevelOuter[2] = 4.0;\n"
    "  gl_TessLevelInner[0] = 3.0;\n"
    "}\n";
static const char *triangle_tes_ccw =
    "#version 400 core\n"
    "layout(triangles, equal_spacing, ccw) in;\n"
    "in vec4 c_colour[]; out vec4 t_colour;\n"
    "void main() {\n"
    "  vec3 t = gl_TessCoord;\n"
    "  gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position + t.z * gl_in[2].gl_Position;\n"
    "  t_colour = t.x * t.x * c_colour[0] + t.y * t.y * c_colour[1] + t.z * t.z * c_colour[2];\n"
    "}\n";
static const char *triangle_tes_cw =
    "#version 400 core\n"
    "layout(triangles, equal_spacing, cw) in;\n"
    "in vec4 c_colour[]; out vec4 t_colour;\n"
    "void main() {\n"
    "  vec3 t = gl_TessCoord;\n"
    "  gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position + t.z * gl_in[2].gl_Position;\n"
    "  t_colour = vec4(t, 1.0);\n"
    "}\n";
/* Quads: the position comes from the domain coordinates alone (u to the right, v up). */
static const char *quad_tcs =
    "#version 400 core\n"
    "layout(vertices = 4) out;\n"
    "in vec4 v_colour[]; out vec4 c_colour[];\n"
    "void main() {\n"
    "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
    "  c_colour[gl_InvocationID] = v_colour[gl_InvocationID];\n"
    "  gl_TessLevelOuter[0] = 2.0; gl_TessLevelOuter[1] = 3.0; gl_TessLevelOuter[2] = 2.0; gl_TessLevelOuter[3] = 5.0;\n"
    "  gl_TessLevelInner[0] = 3.0; gl_TessLevelInner[1] = 4.0;\n"
    "}\n";
static const char *quad_tes =
    "#version 400 core\n"
    "layout(quads, fractional_odd_spacing, ccw) in;\n"
    "in vec4 c_colour[]; out vec4 t_colour;\n"
    "void main() {\n"
    "  vec2 t = gl_TessCoord.xy;\n"
    "  gl_Position = vec4(t * 1.8 - 0.9, 0.0, 1.0);\n"
    "  t_colour = vec4(t.x * t.x, t.y, c_colour[0].b + t.x * t.y, 1.0);\n"
    "}\n";

static const float triangle_xy[] = {-0.9f, -0.85f, 0.8f, -0.7f, -0.1f, 0.9f};
static const float triangle_rgba[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1};

static void scene_triangles(void) {
  use_program(triangle_tcs, triangle_tes_ccw);
  clear();
  vertices(triangle_xy, triangle_rgba, 3);
  glPatchParameteri(GL_PATCH_VERTICES, 3);
  glDrawArrays(GL_PATCHES, 0, 3);
  print_scene("tess_triangles_ccw", 1);
  /* The same patch with clockwise generated triangles: the other winding, so back-face culling
   * keeps the opposite of the first picture (whichever of the two is empty is GL's choice). */
  use_program(triangle_tcs, triangle_tes_cw);
  clear();
  glDrawArrays(GL_PATCHES, 0, 3);
  print_scene("tess_triangles_cw", 1);
}

static void scene_quads(void) {
  static const float xy[] = {-1, -1, 1, -1, 1, 1, -1, 1};
  static const float rgba[] = {0, 0, 0.25f, 1, 0, 0, 0.25f, 1, 0, 0, 0.25f, 1, 0, 0, 0.25f, 1};
  use_program(quad_tcs, quad_tes);
  clear();
  vertices(xy, rgba, 4);
  glPatchParameteri(GL_PATCH_VERTICES, 4);
  glDrawArrays(GL_PATCHES, 0, 4);
  print_scene("tess_quads_fractional_odd", 1);
}

/* No control shader: the patch of GL_PATCH_VERTICES vertices goes to the primitive generator with
 * the default levels of glPatchParameterfv. Two patches of 3 from one draw. */
static void scene_default_levels(void) {
  static const float outer[4] = {3, 1, 2, 7};
  static const float inner[2] = {4, 9};
  static const float xy[] = {-0.9f, -0.85f, 0.8f, -0.7f, -0.1f, 0.9f, 0.9f, 0.9f, -0.8f, 0.95f, 0.85f, -0.2f};
  static const float rgba[] = {1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 0, 1, 0, 1, 1, 1, 1, 0, 1, 1};
  static const char *tes =
      "#version 400 core\n"
      "layout(triangles, equal_spacing, ccw) in;\n"
      "in vec4 v_colour[]; out vec4 t_colour;\n"
      "void main() {\n"
      "  vec3 t = gl_TessCoord;\n"
      "  gl_Position = t.x * gl_in[0].gl_Position + t.y * gl_in[1].gl_Position + t.z * gl_in[2].gl_Position;\n"
      "  t_colour = t.x * t.x * v_colour[0] + t.y * t.y * v_colour[1] + t.z * t.z * v_colour[2];\n"
      "}\n";
  use_program(NULL, tes);
  clear();
  vertices(xy, rgba, 6);
  glPatchParameteri(GL_PATCH_VERTICES, 3);
  glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
  glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
  glDrawArrays(GL_PATCHES, 0, 6);
  print_scene("tes_without_tcs_default_levels", 1);
}

int main(void) {
  ProbeContext probe;
  GLuint vao;
  static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 0,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                      EGL_NONE};
  if (!probe_make_current(&probe, "tess_probe", attributes)) return 1;

  if (!probe_framebuffer(S, GL_NONE)) return 1;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(2, buffers);
  glEnable(GL_CULL_FACE);
  check("setup");

  scene_triangles();
  scene_quads();
  scene_default_levels();
  check("end");
  probe_release(&probe);
  return failed;
}
