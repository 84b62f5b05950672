/* stage_probe: legacy GLSL programs with one stage, into a 32x32 RGBA8 framebuffer object. A
 * program with only a fragment shader gets fixed-function vertex processing (its gl_Color lit or
 * not, two-sided, gl_SecondaryColor, gl_TexCoord[] through the texture matrices and texture
 * generation, gl_FogFragCoord from the eye distance or the fog coordinate, user clip planes); a
 * program with only a vertex shader gets fixed-function fragment processing (texturing, colour
 * sum, fog, alpha test, VERTEX_PROGRAM_TWO_SIDE). Prints every pixel per scene like
 * legacy_probe.c (name, tolerance, then 32*32*4 bytes bottom row first). Uses only the system
 * libEGL and libGL, so the same binary runs on Mesa llvmpipe and on glvk; legacy_peer_test.cpp
 * compares them. Exit status is non-zero on any EGL, GL, compile or link error. */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <stdlib.h>

#include "../support/probe_egl.h"

enum { S = 32 };

/* Per channel, in bytes. Unlit scenes interpolate the same values on both drivers (measured: no
 * pixel differs). Lighting and fog are evaluated in float by Mesa's generated programs and by
 * glvk's GLSL in different operation orders, so a lit or fogged colour may land one unit apart.
 * Coverage (clip planes, alpha test, facing) must agree exactly. */
#define TOLERANCE 1

static int failed;

static void check(const char *where) {
  GLenum e = glGetError();
  if (e != GL_NO_ERROR) {
    fprintf(stderr, "GL error 0x%04x at %s\n", e, where);
    failed = 1;
  }
}

static void print_scene(const char *name) {
  static unsigned char pixels[S * S * 4];
  int i;
  glReadPixels(0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  check(name);
  printf("%s %d", name, TOLERANCE);
  for (i = 0; i < S * S * 4; ++i) printf(" %d", pixels[i]);
  printf("\n");
}

static void clear(void) {
  glClearColor(0.1f, 0.2f, 0.3f, 0.4f);
  glClear(GL_COLOR_BUFFER_BIT);
}

/* A program of one shader of `type`; 0 (and failed) when it does not compile or link. */
static GLuint program_of(GLenum type, const char *source) {
  char log[2048];
  GLint ok = 0;
  GLuint s = glCreateShader(type), p = glCreateProgram();
  glShaderSource(s, 1, &source, NULL);
  glCompileShader(s);
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    glGetShaderInfoLog(s, sizeof log, NULL, log);
    fprintf(stderr, "compile failed: %s\n", log);
    failed = 1;
    return 0;
  }
  glAttachShader(p, s);
  glLinkProgram(p);
  glDeleteShader(s);
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    glGetProgramInfoLog(p, sizeof log, NULL, log);
    fprintf(stderr, "link failed: %s\n", log);
    failed = 1;
    return 0;
  }
  return p;
}

static void reset(void) {
  glUseProgram(0);
  glMatrixMode(GL_PROJECTION);
  glLoadIdentity();
  glMatrixMode(GL_TEXTURE);
  glLoadIdentity();
  glMatrixMode(GL_MODELVIEW);
  glLoadIdentity();
}

/* gl_Color smooth from immediate mode, gl_TexCoord[0] through texture matrix 0, gl_TexCoord[1]
 * generated (object linear S, eye linear T) on a unit without a texture, a user uniform. */
static void color_texcoord_scene(void) {
  static const GLfloat plane_s[] = {0.5f, 0.0f, 0.0f, 0.5f}, plane_t[] = {0.0f, 0.25f, 0.0f, 0.5f};
  GLuint p = program_of(GL_FRAGMENT_SHADER,
                        "#version 110\n"
                        "uniform vec4 tint;\n"
                        "void main() {\n"
                        "  gl_FragColor = gl_Color * tint + vec4(gl_TexCoord[0].xy, gl_TexCoord[1].xy) * 0.5;\n"
                        "}\n");
  clear();
  glUseProgram(p);
  glUniform4f(glGetUniformLocation(p, "tint"), 1.0f, 0.5f, 0.75f, 1.0f);
  glMatrixMode(GL_TEXTURE);
  glScalef(0.5f, 0.25f, 1.0f);
  glMatrixMode(GL_MODELVIEW);
  glRotatef(20.0f, 0.0f, 0.0f, 1.0f);
  glActiveTexture(GL_TEXTURE1);
  glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
  glTexGenfv(GL_S, GL_OBJECT_PLANE, plane_s);
  glTexGeni(GL_T, GL_TEXTURE_GEN_MODE, GL_EYE_LINEAR);
  glTexGenfv(GL_T, GL_EYE_PLANE, plane_t);
  glEnable(GL_TEXTURE_GEN_S);
  glEnable(GL_TEXTURE_GEN_T);
  glActiveTexture(GL_TEXTURE0);
  glBegin(GL_QUADS);
  glColor3f(1.0f, 0.0f, 0.0f);
  glTexCoord2f(0.0f, 0.0f);
  glVertex2f(-0.8f, -0.8f);
  glColor3f(0.0f, 1.0f, 0.0f);
  glTexCoord2f(1.0f, 0.0f);
  glVertex2f(0.8f, -0.8f);
  glColor3f(0.0f, 0.0f, 1.0f);
  glTexCoord2f(1.0f, 1.0f);
  glVertex2f(0.8f, 0.8f);
  glColor3f(1.0f, 1.0f, 1.0f);
  glTexCoord2f(0.0f, 1.0f);
  glVertex2f(-0.8f, 0.8f);
  glEnd();
  glActiveTexture(GL_TEXTURE1);
  glDisable(GL_TEXTURE_GEN_S);
  glDisable(GL_TEXTURE_GEN_T);
  glActiveTexture(GL_TEXTURE0);
  glDeleteProgram(p);
  reset();
  print_scene("fs_color_texcoord");
}

/* Lighting: a directional light with separate specular colour, two-sided, a front-facing and a
 * back-facing triangle with different materials; the shader adds the secondary colour. */
static void lighting_scene(void) {
  static const GLfloat light_position[] = {0.3f, 0.4f, 1.0f, 0.0f}, light_diffuse[] = {0.9f, 0.8f, 0.7f, 1.0f};
  static const GLfloat light_specular[] = {0.5f, 0.5f, 0.5f, 1.0f}, front[] = {0.8f, 0.2f, 0.1f, 1.0f};
  static const GLfloat back[] = {0.1f, 0.3f, 0.9f, 1.0f}, specular[] = {0.6f, 0.6f, 0.6f, 1.0f};
  GLuint p = program_of(GL_FRAGMENT_SHADER,
                        "#version 110\nvoid main() { gl_FragColor = gl_Color + gl_SecondaryColor; }\n");
  clear();
  glUseProgram(p);
  glEnable(GL_LIGHTING);
  glEnable(GL_LIGHT0);
  glLightfv(GL_LIGHT0, GL_POSITION, light_position);
  glLightfv(GL_LIGHT0, GL_DIFFUSE, light_diffuse);
  glLightfv(GL_LIGHT0, GL_SPECULAR, light_specular);
  glMaterialfv(GL_FRONT, GL_DIFFUSE, front);
  glMaterialfv(GL_BACK, GL_DIFFUSE, back);
  glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, specular);
  glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 8.0f);
  glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_TRUE);
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
  glBegin(GL_TRIANGLES);
  glNormal3f(0.0f, 0.0f, 1.0f);
  glVertex2f(-0.9f, -0.9f); /* counter-clockwise: front */
  glVertex2f(0.0f, -0.9f);
  glNormal3f(0.6f, 0.0f, 0.8f);
  glVertex2f(-0.45f, 0.9f);
  glNormal3f(0.0f, 0.0f, 1.0f);
  glVertex2f(0.1f, -0.9f); /* clockwise: back, lit with -n */
  glNormal3f(0.0f, 0.6f, -0.8f);
  glVertex2f(0.55f, 0.9f);
  glVertex2f(0.9f, -0.9f);
  glEnd();
  glDisable(GL_LIGHTING);
  glDisable(GL_LIGHT0);
  glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, GL_FALSE);
  glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SINGLE_COLOR);
  glDeleteProgram(p);
  reset();
  print_scene("fs_lit_two_side");
}

/* gl_FogFragCoord from the eye distance (perspective, client arrays) and from the fog coordinate
 * array, read with gl_Fog's built-in uniforms; a user clip plane cuts the second draw. */
static void fog_clip_scene(void) {
  static const GLfloat positions[] = {-1.0f, -1.0f, -1.5f, 1.0f, -1.0f, -4.0f, 1.0f, 0.0f, -4.0f, -1.0f, 0.0f, -1.5f};
  static const GLfloat positions2[] = {-1.0f, 0.0f, -2.0f, 1.0f, 0.0f, -2.0f, 1.0f, 1.0f, -2.0f, -1.0f, 1.0f, -2.0f};
  static const GLubyte colours[] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 0, 255};
  static const GLfloat fog_coords[] = {0.0f, 1.0f, 3.0f, 2.0f};
  static const GLfloat fog_colour[] = {0.2f, 0.9f, 0.6f, 1.0f};
  static const GLdouble plane[] = {1.0, 1.0, 0.0, 0.6}; /* x + y >= -0.6 in eye space */
  GLuint p = program_of(GL_FRAGMENT_SHADER,
                        "#version 120\n"
                        "void main() {\n"
                        "  float f = clamp((gl_Fog.end - gl_FogFragCoord) * gl_Fog.scale, 0.0, 1.0);\n"
                        "  gl_FragColor = vec4(mix(gl_Fog.color.rgb, gl_Color.rgb, f), 1.0);\n"
                        "}\n");
  clear();
  glUseProgram(p);
  glMatrixMode(GL_PROJECTION);
  glFrustum(-0.6, 0.6, -0.6, 0.6, 1.0, 6.0);
  glMatrixMode(GL_MODELVIEW);
  glFogfv(GL_FOG_COLOR, fog_colour);
  glFogf(GL_FOG_START, 1.0f);
  glFogf(GL_FOG_END, 4.5f);
  glEnableClientState(GL_VERTEX_ARRAY);
  glEnableClientState(GL_COLOR_ARRAY);
  glColorPointer(4, GL_UNSIGNED_BYTE, 0, colours);
  glVertexPointer(3, GL_FLOAT, 0, positions);
  glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
  glEnableClientState(GL_FOG_COORD_ARRAY);
  glFogCoordPointer(GL_FLOAT, 0, fog_coords);
  glVertexPointer(3, GL_FLOAT, 0, positions2);
  glClipPlane(GL_CLIP_PLANE0, plane);
  glEnable(GL_CLIP_PLANE0);
  glDrawArrays(GL_TRIANGLE_FAN, 0, 4);
  glDisable(GL_CLIP_PLANE0);
  glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
  glDisableClientState(GL_FOG_COORD_ARRAY);
  glDisableClientState(GL_COLOR_ARRAY);
  glDisableClientState(GL_VERTEX_ARRAY);
  glDeleteProgram(p);
  reset();
  print_scene("fs_fog_clip");
}

/* A vertex shader alone: texturing (MODULATE, a 4x4 nearest checker, coordinates from the
 * shader), the colour sum with the shader's secondary colour, linear fog of its gl_FogFragCoord.
 * The colours vary along x only (how a quad splits into triangles is the implementation's choice,
 * and differs on llvmpipe between fixed-function and GLSL vertex processing), and the sum stays
 * within [0, 1] (the spec clamps it before fog; llvmpipe fogs the unclamped sum). */
static void vertex_only_texture_fog_scene(void) {
  static GLubyte texels[4 * 4 * 4];
  static const GLfloat fog_colour[] = {0.9f, 0.8f, 0.1f, 1.0f};
  GLuint t, p;
  int i;
  for (i = 0; i < 16; ++i) {
    const int on = ((i & 3) + (i >> 2)) & 1;
    texels[i * 4 + 0] = on ? 255 : 64;
    texels[i * 4 + 1] = on ? 192 : 128;
    texels[i * 4 + 2] = (GLubyte)(i * 16);
    texels[i * 4 + 3] = 255;
  }
  p = program_of(GL_VERTEX_SHADER,
                 "#version 110\n"
                 "void main() {\n"
                 "  gl_Position = ftransform();\n"
                 "  gl_FrontColor = gl_Color;\n"
                 "  gl_FrontSecondaryColor = vec4(0.2, 0.1, 0.0, 0.0);\n"
                 "  gl_TexCoord[0] = gl_MultiTexCoord0 * 2.0;\n"
                 "  gl_FogFragCoord = gl_Vertex.x + 1.0;\n"
                 "}\n");
  clear();
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glEnable(GL_TEXTURE_2D);
  glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
  glEnable(GL_COLOR_SUM);
  glEnable(GL_FOG);
  glFogi(GL_FOG_MODE, GL_LINEAR);
  glFogf(GL_FOG_START, 0.0f);
  glFogf(GL_FOG_END, 2.5f);
  glFogfv(GL_FOG_COLOR, fog_colour);
  glUseProgram(p);
  glBegin(GL_QUADS);
  glColor3f(0.75f, 0.875f, 0.75f);
  glTexCoord2f(0.0f, 0.0f);
  glVertex2f(-1.0f, -1.0f);
  glColor3f(0.5f, 0.875f, 0.5f);
  glTexCoord2f(1.0f, 0.0f);
  glVertex2f(1.0f, -1.0f);
  glTexCoord2f(1.0f, 1.0f);
  glVertex2f(1.0f, 1.0f);
  glColor3f(0.75f, 0.875f, 0.75f);
  glTexCoord2f(0.0f, 1.0f);
  glVertex2f(-1.0f, 1.0f);
  glEnd();
  glDisable(GL_FOG);
  glDisable(GL_COLOR_SUM);
  glDisable(GL_TEXTURE_2D);
  glDeleteTextures(1, &t);
  glDeleteProgram(p);
  reset();
  print_scene("vs_texture_fog");
}

/* A vertex shader alone with front and back colours: VERTEX_PROGRAM_TWO_SIDE picks the back one
 * for a clockwise triangle; the alpha test keeps the triangles of alpha 0.75 and drops the one of
 * alpha 0.25 (constant per triangle: an interpolated alpha next to the reference would make the
 * coverage depend on rounding). */
static void vertex_only_two_side_alpha_scene(void) {
  GLuint p = program_of(GL_VERTEX_SHADER,
                        "#version 110\n"
                        "void main() {\n"
                        "  gl_Position = gl_Vertex;\n"
                        "  gl_FrontColor = vec4(1.0, 0.5, 0.0, gl_Color.a);\n"
                        "  gl_BackColor = vec4(0.0, 0.5, 1.0, gl_Color.a);\n"
                        "}\n");
  clear();
  glUseProgram(p);
  glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
  glEnable(GL_ALPHA_TEST);
  glAlphaFunc(GL_GREATER, 0.5f);
  glBegin(GL_TRIANGLES);
  glColor4f(1.0f, 1.0f, 1.0f, 0.75f);
  glVertex2f(-0.9f, -0.9f); /* front */
  glVertex2f(0.0f, -0.9f);
  glVertex2f(-0.45f, 0.5f);
  glVertex2f(0.1f, -0.9f); /* back */
  glVertex2f(0.55f, 0.5f);
  glVertex2f(0.9f, -0.9f);
  glColor4f(1.0f, 1.0f, 1.0f, 0.25f);
  glVertex2f(-0.5f, 0.6f); /* front, dropped */
  glVertex2f(0.5f, 0.6f);
  glVertex2f(0.0f, 0.95f);
  glEnd();
  glDisable(GL_ALPHA_TEST);
  glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
  glDeleteProgram(p);
  reset();
  print_scene("vs_two_side_alpha");
}

int main(void) {
  ProbeContext probe;
  static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
  if (!probe_make_current(&probe, "stage_probe", attributes)) return 1;
  if (!probe_framebuffer(S, GL_NONE)) return 1;
  check("setup");
  color_texcoord_scene();
  lighting_scene();
  fog_clip_scene();
  vertex_only_texture_fog_scene();
  vertex_only_two_side_alpha_scene();
  check("end");
  probe_release(&probe);
  return failed;
}
