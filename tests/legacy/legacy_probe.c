/* legacy_probe: a lit, textured, fogged surface drawn with the fixed-function pipeline into a 32x32
 * RGBA8 framebuffer object with immediate mode, with legacy client arrays and with a display list
 * (the same vertices), in two state variants, then three texture-combiner scenes (combine_N) and
 * three evaluator scenes (eval_*); prints every pixel per scene like draw_probe.c (name,
 * tolerance, then 32*32*4 bytes bottom row first). Uses only the system libEGL and libGL, so the
 * same binary runs on Mesa llvmpipe and on glvk; legacy_peer_test.cpp compares them. Exit status is
 * non-zero on any EGL or GL error. */
#define GL_GLEXT_PROTOTYPES 1
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../support/probe_egl.h"

enum { S = 32, N = 6 }; /* N x N quads of the surface */

/* Per channel, in bytes: llvmpipe runs Mesa's own fixed-function shaders, glvk its generated GLSL;
 * both light per vertex in float but in different operation orders, so a colour may land one unit
 * apart after interpolation, filtering and fog (measured on this machine: no pixel differs at all).
 * Coverage must agree exactly (same rasterizer, same matrices). */
#define TOLERANCE 1

static int failed;

static void check(const char *where) {
  GLenum e = glGetError();
  if (e != GL_NO_ERROR) {
    fprintf(stderr, "GL error 0x%04x at %s\n", e, where);
    failed = 1;
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

/* The surface: a height field z = 0.3 sin(2x) cos(2y) over [-1.4, 1.4]^2 (wider than the view, so no
 * outer edge is inside the framebuffer), with its normals, texture coordinates and a per-vertex
 * colour; triangles listed as indices into (N + 1)^2 vertices. */
static float position[(N + 1) * (N + 1)][3], normal[(N + 1) * (N + 1)][3], texcoord[(N + 1) * (N + 1)][2];
static unsigned char colour[(N + 1) * (N + 1)][4];
static GLushort indices[N * N * 6];

static void build_surface(void) {
  int i, j, k = 0;
  for (j = 0; j <= N; ++j)
    for (i = 0; i <= N; ++i) {
      const int v = j * (N + 1) + i;
      const float x = -1.4f + 2.8f * (float)i / N, y = -1.4f + 2.8f * (float)j / N;
      float nx = -0.6f * cosf(2 * x) * cosf(2 * y), ny = 0.6f * sinf(2 * x) * sinf(2 * y), nz = 1.0f;
      const float l = sqrtf(nx * nx + ny * ny + nz * nz);
      position[v][0] = x;
      position[v][1] = y;
      position[v][2] = 0.3f * sinf(2 * x) * cosf(2 * y);
      /* Unnormalized on purpose for one scene (GL_NORMALIZE); scaled by 2. */
      normal[v][0] = 2 * nx / l;
      normal[v][1] = 2 * ny / l;
      normal[v][2] = 2 * nz / l;
      texcoord[v][0] = (float)i / N * 2.0f;
      texcoord[v][1] = (float)j / N * 2.0f;
      colour[v][0] = (unsigned char)(100 + 20 * i);
      colour[v][1] = (unsigned char)(200 - 15 * j);
      colour[v][2] = (unsigned char)(80 + 10 * (i + j));
      colour[v][3] = 255;
    }
  for (j = 0; j < N; ++j)
    for (i = 0; i < N; ++i) {
      const GLushort a = (GLushort)(j * (N + 1) + i), b = (GLushort)(a + 1), c = (GLushort)(a + N + 1),
                     d = (GLushort)(c + 1);
      indices[k++] = a, indices[k++] = b, indices[k++] = d;
      indices[k++] = a, indices[k++] = d, indices[k++] = c;
    }
}

static GLuint texture_name;

static void texture(void) {
  unsigned char texels[4 * 4 * 4];
  GLuint t;
  int i;
  for (i = 0; i < 16; ++i) {
    texels[i * 4 + 0] = (unsigned char)(255 - i * 10);
    texels[i * 4 + 1] = (unsigned char)((i % 2) ? 255 : 160);
    texels[i * 4 + 2] = (unsigned char)(120 + (i % 4) * 40);
    texels[i * 4 + 3] = (unsigned char)(200 + i * 3);
  }
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
  texture_name = t;
}

/* Variant 0: two lights (directional, and positional with attenuation), specular with shininess,
 * separate specular colour, MODULATE, linear fog, smooth shading, GL_NORMALIZE. The colour sum
 * stays below 1 everywhere: GL clamps it before fog (GL 2.1 section 3.9, glvk does), Mesa's
 * llvmpipe and zink do not, and this probe compares with llvmpipe (legacy_test.cpp checks the
 * spec's clamp on its own).
 * Variant 1: colour material (diffuse), two-sided lighting, local viewer, a spot light, BLEND with
 * an environment colour, exp2 fog, flat shading, GL_RESCALE_NORMAL after a uniform scale. */
static void state(int variant) {
  static const float l0_dir[4] = {0.3f, 0.5f, 1.0f, 0.0f}, l0_diffuse[4] = {0.5f, 0.45f, 0.4f, 1};
  static const float l1_pos[4] = {-0.5f, 0.8f, 1.2f, 1.0f}, l1_diffuse[4] = {0.3f, 0.4f, 0.9f, 1},
                     l1_specular[4] = {0.35f, 0.3f, 0.3f, 1};
  static const float mat_specular[4] = {0.35f, 0.3f, 0.25f, 1}, mat_ambient[4] = {0.3f, 0.25f, 0.2f, 1};
  static const float fog_colour[4] = {0.4f, 0.5f, 0.6f, 1}, env_colour[4] = {0.9f, 0.2f, 0.3f, 1};
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glFrustum(-0.6, 0.6, -0.6, 0.6, 1.0, 6.0);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  /* Lights are given in eye coordinates (identity modelview). */
  glLightfv(GL_LIGHT0, GL_POSITION, l0_dir);
  glLightfv(GL_LIGHT0, GL_DIFFUSE, l0_diffuse);
  glLightfv(GL_LIGHT1, GL_POSITION, l1_pos);
  glLightfv(GL_LIGHT1, GL_DIFFUSE, l1_diffuse);
  glLightfv(GL_LIGHT1, GL_SPECULAR, l1_specular);
  glLightf(GL_LIGHT1, GL_CONSTANT_ATTENUATION, 0.7f);
  glLightf(GL_LIGHT1, GL_LINEAR_ATTENUATION, 0.2f);
  glLightf(GL_LIGHT1, GL_QUADRATIC_ATTENUATION, 0.05f);
  glTranslatef(0.0f, 0.0f, -2.2f);
  glRotatef(-35.0f, 1.0f, 0.0f, 0.0f);
  glRotatef(20.0f, 0.0f, 0.0f, 1.0f);
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  glEnable(GL_LIGHT1);
  glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, mat_specular);
  glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, mat_ambient);
  glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 20.0f);
  glEnable(GL_TEXTURE_2D);
  glEnable(GL_FOG);
  glFogfv(GL_FOG_COLOR, fog_colour);
  if (variant == 0) {
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_FALSE);
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_FALSE);
    glLightf(GL_LIGHT1, GL_SPOT_CUTOFF, 180.0f);
    glDisable(GL_COLOR_MATERIAL);
    glEnable(GL_NORMALIZE);
    glDisable(GL_RESCALE_NORMAL);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glFogi(GL_FOG_MODE, GL_LINEAR);
    glFogf(GL_FOG_START, 1.5f);
    glFogf(GL_FOG_END, 3.5f);
    glShadeModel(GL_SMOOTH);
  } else {
    static const float spot_dir[3] = {0.4f, -0.6f, -1.0f};
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_TRUE);
    glPushMatrix();
    glLoadIdentity();
    glLightfv(GL_LIGHT1, GL_SPOT_DIRECTION, spot_dir);
    glPopMatrix();
    glLightf(GL_LIGHT1, GL_SPOT_CUTOFF, 50.0f);
    glLightf(GL_LIGHT1, GL_SPOT_EXPONENT, 4.0f);
    glColorMaterial(GL_FRONT_AND_BACK, GL_DIFFUSE);
    glEnable(GL_COLOR_MATERIAL);
    glDisable(GL_NORMALIZE);
    glEnable(GL_RESCALE_NORMAL);
    glScalef(0.5f, 0.5f, 0.5f); /* uniform: RESCALE_NORMAL undoes it exactly */
    glScalef(2.0f, 2.0f, 2.0f);
    glScalef(0.5f, 0.5f, 0.5f);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_BLEND);
    glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env_colour);
    glFogi(GL_FOG_MODE, GL_EXP2);
    glFogf(GL_FOG_DENSITY, 0.35f);
    glShadeModel(GL_FLAT);
  }
  check("state");
}

static void clear(void);

/* Texture combiners (ARB_texture_env_combine, _crossbar, _dot3; GL 2.1 section 3.8.13): a quad with
 * per-vertex colours and two textures, unlit and without fog, in three configurations. */
static const float env_constant[4] = {0.2f, 0.7f, 0.4f, 0.6f};

static void combine_unit(GLenum unit, GLenum rgb, GLenum alpha, const GLenum src_rgb[3], const GLenum op_rgb[3],
                         const GLenum src_alpha[3], const GLenum op_alpha[3], float rgb_scale, float alpha_scale) {
  int i;
  glActiveTexture(unit);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_COMBINE);
  glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, env_constant);
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, (GLint)rgb);
  glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, (GLint)alpha);
  for (i = 0; i < 3; ++i) {
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB + i, (GLint)src_rgb[i]);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_RGB + i, (GLint)op_rgb[i]);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA + i, (GLint)src_alpha[i]);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_ALPHA + i, (GLint)op_alpha[i]);
  }
  glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, rgb_scale);
  glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, alpha_scale);
}

/* A fan, not GL_QUADS: how a quad splits into triangles is the implementation's (llvmpipe and zink
 * differ), which changes the smoothly interpolated colour between the diagonals. */
static void draw_combine_quad(void) {
  glBegin(GL_TRIANGLE_FAN);
  glColor4f(0.9f, 0.2f, 0.1f, 0.3f);
  glMultiTexCoord2f(GL_TEXTURE0, 0, 0);
  glMultiTexCoord2f(GL_TEXTURE1, 0.25f, 0);
  glVertex2f(-1, -1);
  glColor4f(0.1f, 0.8f, 0.3f, 0.9f);
  glMultiTexCoord2f(GL_TEXTURE0, 1, 0);
  glMultiTexCoord2f(GL_TEXTURE1, 1.25f, 0.5f);
  glVertex2f(1, -1);
  glColor4f(0.3f, 0.4f, 0.95f, 0.6f);
  glMultiTexCoord2f(GL_TEXTURE0, 1, 1);
  glMultiTexCoord2f(GL_TEXTURE1, 1, 1.5f);
  glVertex2f(1, 1);
  glColor4f(0.6f, 0.6f, 0.2f, 1.0f);
  glMultiTexCoord2f(GL_TEXTURE0, 0, 1);
  glMultiTexCoord2f(GL_TEXTURE1, 0, 1);
  glVertex2f(-1, 1);
  glEnd();
}

static void combine_scenes(GLuint first_texture) {
  static const GLenum tex_prim_const[3] = {GL_TEXTURE, GL_PRIMARY_COLOR, GL_CONSTANT};
  static const GLenum prev_tex_const[3] = {GL_PREVIOUS, GL_TEXTURE, GL_CONSTANT};
  static const GLenum x_cross[3] = {GL_TEXTURE0, GL_TEXTURE1, GL_PREVIOUS};
  static const GLenum colour_ops[3] = {GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_SRC_ALPHA};
  static const GLenum alpha_ops[3] = {GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_SRC_ALPHA};
  static const GLenum plain_ops[3] = {GL_SRC_COLOR, GL_SRC_COLOR, GL_ONE_MINUS_SRC_ALPHA};
  unsigned char texels[8 * 8 * 4];
  GLuint second;
  int i;
  for (i = 0; i < 64; ++i) {
    texels[i * 4 + 0] = (unsigned char)(40 + i * 3);
    texels[i * 4 + 1] = (unsigned char)((i * 37) % 256);
    texels[i * 4 + 2] = (unsigned char)(250 - i * 2);
    texels[i * 4 + 3] = (unsigned char)(90 + (i % 8) * 20);
  }
  glActiveTexture(GL_TEXTURE1);
  glGenTextures(1, &second);
  glBindTexture(GL_TEXTURE_2D, second);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, first_texture);
  glDisable(GL_LIGHTING);
  glDisable(GL_FOG);
  glDisable(GL_DEPTH_TEST);
  glShadeModel(GL_SMOOTH);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  glActiveTexture(GL_TEXTURE0);
  glEnable(GL_TEXTURE_2D);
  glActiveTexture(GL_TEXTURE1);
  glEnable(GL_TEXTURE_2D);

  /* 0: INTERPOLATE(texture, primary, constant.a) and ADD_SIGNED alpha, then MODULATE x2 with the
   * second texture and SUBTRACT alpha. */
  combine_unit(GL_TEXTURE0, GL_INTERPOLATE, GL_ADD_SIGNED, tex_prim_const, plain_ops, tex_prim_const, alpha_ops, 1, 1);
  combine_unit(GL_TEXTURE1, GL_MODULATE, GL_SUBTRACT, prev_tex_const, colour_ops, prev_tex_const, alpha_ops, 2, 1);
  clear();
  draw_combine_quad();
  print_scene("combine_0", TOLERANCE);
  /* 1: DOT3_RGB of the texture and the primary colour, then ADD through the crossbar (TEXTURE0 and
   * 1 - TEXTURE1) with alpha x4. */
  combine_unit(GL_TEXTURE0, GL_DOT3_RGB, GL_REPLACE, tex_prim_const, plain_ops, tex_prim_const, alpha_ops, 1, 1);
  combine_unit(GL_TEXTURE1, GL_ADD, GL_MODULATE, x_cross, colour_ops, x_cross, alpha_ops, 1, 4);
  clear();
  draw_combine_quad();
  print_scene("combine_1", TOLERANCE);
  /* 2: DOT3_RGBA x2 of the crossbar's two textures, then unit 1 interpolates with the previous colour. */
  combine_unit(GL_TEXTURE0, GL_DOT3_RGBA, GL_MODULATE, x_cross, plain_ops, x_cross, alpha_ops, 2, 1);
  combine_unit(GL_TEXTURE1, GL_INTERPOLATE, GL_INTERPOLATE, prev_tex_const, plain_ops, prev_tex_const, alpha_ops, 1, 2);
  clear();
  draw_combine_quad();
  print_scene("combine_2", TOLERANCE);
  glActiveTexture(GL_TEXTURE1);
  glDisable(GL_TEXTURE_2D);
  glActiveTexture(GL_TEXTURE0);
  check("combine");
}

/* Evaluators (GL 2.1 section 5.1): a bicubic patch drawn by glEvalMesh2 with automatic normals,
 * lighting and evaluated texture coordinates; a rational (VERTEX_4) patch with a colour map over
 * part of its grid; a cubic MAP1_VERTEX_4 curve with a colour map issued by glEvalCoord1 and
 * glEvalPoint1 inside a triangle fan. Both drivers evaluate on the CPU in float, in different
 * orders (Mesa by Horner's scheme, glvk by Bernstein sums in double): a vertex may move by a float
 * rounding, so lit and interpolated colours may land two units apart (measured on this machine:
 * no pixel differs; glEvalMesh2 FILL must split its quads as Mesa does, see api_evaluators.cpp). */
static void evaluator_scenes(void) {
  static const float light_dir[4] = {0.2f, 0.4f, 1.0f, 0.0f}, white[4] = {0.9f, 0.85f, 0.8f, 1};
  static const float texcoords[8] = {0, 0, 2, 0, 0, 2, 2, 2};
  static const float colours[16] = {1, 0.2f, 0.1f, 1, 0.1f, 0.9f, 0.2f, 1, 0.2f, 0.3f, 1, 1, 0.9f, 0.9f, 0.1f, 1};
  static const float curve[16] = {-0.9f, -0.2f, 0, 1, -0.6f, 1.6f, 0, 2, 0.3f, -1.2f, 0, 0.5f, 0.9f, 0.6f, 0, 1};
  static const float curve_colours[8] = {1, 0, 0, 1, 0.2f, 0.4f, 1, 1};
  float patch[4][4][3], rational[3][3][4];
  int i, j;
  for (j = 0; j < 4; ++j)
    for (i = 0; i < 4; ++i) {
      patch[j][i][0] = -0.9f + 0.6f * (float)i;
      patch[j][i][1] = -0.9f + 0.6f * (float)j;
      patch[j][i][2] = ((i == 1 || i == 2) && (j == 1 || j == 2)) ? 0.8f : (float)(i - j) * 0.1f;
    }
  for (j = 0; j < 3; ++j)
    for (i = 0; i < 3; ++i) {
      const float w = (i == 1 || j == 1) ? 0.5f : 1.0f;
      rational[j][i][0] = (-0.8f + 0.8f * (float)i) * w;
      rational[j][i][1] = (-0.7f + 0.75f * (float)j + 0.1f * (float)i) * w;
      rational[j][i][2] = 0.0f;
      rational[j][i][3] = w;
    }
  glActiveTexture(GL_TEXTURE0);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  glDisable(GL_COLOR_MATERIAL);
  glDisable(GL_LIGHT1);
  glDisable(GL_FOG);
  glDisable(GL_NORMALIZE);
  glDisable(GL_RESCALE_NORMAL);
  glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_FALSE);
  glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, GL_FALSE);
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
  glShadeModel(GL_SMOOTH);
  glEnable(GL_DEPTH_TEST);
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
  glLightfv(GL_LIGHT0, GL_POSITION, light_dir);
  glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
  glEnable(GL_LIGHT0);
  glEnable(GL_LIGHTING);
  glEnable(GL_AUTO_NORMAL);
  glRotatef(-25.0f, 1.0f, 0.3f, 0.0f);
  glMap2f(GL_MAP2_VERTEX_3, 0, 1, 3, 4, 0, 1, 12, 4, &patch[0][0][0]);
  glMap2f(GL_MAP2_TEXTURE_COORD_2, 0, 1, 2, 2, 0, 1, 4, 2, texcoords);
  glEnable(GL_MAP2_VERTEX_3);
  glEnable(GL_MAP2_TEXTURE_COORD_2);
  glEnable(GL_TEXTURE_2D);
  glMapGrid2f(8, 0.0f, 1.0f, 8, 0.0f, 1.0f);
  clear();
  glEvalMesh2(GL_FILL, 0, 8, 0, 8);
  print_scene("eval_mesh2_lit", 2);

  glDisable(GL_LIGHTING);
  glDisable(GL_TEXTURE_2D);
  glDisable(GL_MAP2_VERTEX_3);
  glDisable(GL_MAP2_TEXTURE_COORD_2);
  glLoadIdentity();
  glMap2f(GL_MAP2_VERTEX_4, 0, 1, 4, 3, 0, 1, 12, 3, &rational[0][0][0]);
  glMap2f(GL_MAP2_COLOR_4, 0, 1, 4, 2, 0, 1, 8, 2, colours);
  glEnable(GL_MAP2_VERTEX_4);
  glEnable(GL_MAP2_COLOR_4);
  glMapGrid2f(10, 0.0f, 1.0f, 6, 0.0f, 1.0f);
  clear();
  glEvalMesh2(GL_FILL, 1, 9, 0, 6);
  print_scene("eval_mesh2_rational", 2);

  glDisable(GL_MAP2_VERTEX_4);
  glDisable(GL_MAP2_COLOR_4);
  glMap1f(GL_MAP1_VERTEX_4, 0, 1, 4, 4, curve);
  glMap1f(GL_MAP1_COLOR_4, 0, 1, 4, 2, curve_colours);
  glEnable(GL_MAP1_VERTEX_4);
  glEnable(GL_MAP1_COLOR_4);
  glMapGrid1f(12, 0.0f, 1.0f);
  clear();
  glColor3f(1, 1, 1);
  glBegin(GL_TRIANGLE_FAN);
  glVertex2f(0.0f, -0.8f);
  for (i = 0; i <= 6; ++i) glEvalCoord1f((float)i / 12.0f);
  for (i = 7; i <= 12; ++i) glEvalPoint1(i);
  glEnd();
  print_scene("eval_coord1_fan", 2);
  glDisable(GL_MAP1_VERTEX_4);
  glDisable(GL_MAP1_COLOR_4);
  glDisable(GL_AUTO_NORMAL);
  check("evaluators");
}

static void clear(void) {
  glClearColor(0.1f, 0.1f, 0.15f, 1);
  glClearDepth(1.0);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

static void draw_immediate(void) {
  int k;
  glBegin(GL_TRIANGLES);
  for (k = 0; k < N * N * 6; ++k) {
    const int v = indices[k];
    glColor4ubv(colour[v]);
    glNormal3fv(normal[v]);
    glTexCoord2fv(texcoord[v]);
    glVertex3fv(position[v]);
  }
  glEnd();
}

static void draw_arrays(void) {
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_NORMAL_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glEnableClientState(GL_TEXTURE_COORD_ARRAY);
  glVertexPointer(3, GL_FLOAT, 0, position);
  glNormalPointer(GL_FLOAT, 0, normal);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, colour);
  glTexCoordPointer(2, GL_FLOAT, 0, texcoord);
  glDrawElements(GL_TRIANGLES, N * N * 6, GL_UNSIGNED_SHORT, indices);
  glDisableClientState(GL_VERTEX_ARRAY);
  glDisableClientState(GL_NORMAL_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
  glDisableClientState(GL_TEXTURE_COORD_ARRAY);
}

int main(void) {
  ProbeContext probe;
  GLuint list;
  int variant;
  static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  if (!probe_make_current(&probe, "legacy_probe", attributes)) return 1;
  if (!probe_framebuffer(S, GL_DEPTH_COMPONENT24)) return 1;
  glEnable(GL_DEPTH_TEST);
  build_surface();
  texture();
  list = glGenLists(1);
  check("setup");
  for (variant = 0; variant < 2; ++variant) {
    char name[64];
    state(variant);
    clear();
    draw_immediate();
    sprintf(name, "immediate_%d", variant);
    print_scene(name, TOLERANCE);
    clear();
    draw_arrays();
    sprintf(name, "client_arrays_%d", variant);
    print_scene(name, TOLERANCE);
    /* The same geometry compiled into a display list (nothing is drawn while compiling). */
    glNewList(list, GL_COMPILE);
    draw_immediate();
    glEndList();
    clear();
    glCallList(list);
    sprintf(name, "display_list_%d", variant);
    print_scene(name, TOLERANCE);
  }
  combine_scenes(texture_name);
  evaluator_scenes();
  check("end");
  probe_release(&probe);
  return failed;
}
