/* api_probe: issue 15's GL API answers outside drawing - EXT_texture_integer, ARB_ES2_compatibility,
 * limits, glGenerateMipmap of depth, compressed and shared-exponent images, glCopyTexImage into
 * depth and compressed formats and with a border - printed one "name value..." line each, using
 * only the system libEGL and libGL. api_peer_test runs it on Mesa llvmpipe and on glvk and requires
 * the same lines: the peer is the independent source of the expected values. A compatibility
 * context (the legacy formats, borders and generic compressed formats live there). */
#define GL_GLEXT_PROTOTYPES 1
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "../support/probe_egl.h"

static void error(const char* name) { printf("%s 0x%x\n", name, glGetError()); }

static void at_least(const char* name, GLenum pname, double minimum) {
  GLfloat v = 0;
  glGetFloatv(pname, &v);
  printf("%s_at_least_%g %d 0x%x\n", name, minimum, v >= minimum, glGetError());
}

static void integer(const char* name, GLenum pname) {
  GLint v = -1;
  glGetIntegerv(pname, &v);
  printf("%s %d 0x%x\n", name, v, glGetError());
}

/* A framebuffer object with one colour texture of `internal_format`, bound for drawing and reading. */
static GLuint framebuffer_with(GLenum internal_format, GLenum format, GLenum type, GLuint* texture) {
  GLuint fb;
  glGenTextures(1, texture);
  glBindTexture(GL_TEXTURE_2D, *texture);
  glTexImage2D(GL_TEXTURE_2D, 0, internal_format, 4, 4, 0, format, type, NULL);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *texture, 0);
  return fb;
}

static void texture_integer(void) {
  /* integer-errors' combinations (EXT_texture_integer with GL 3.0's packed types). */
  static const struct { const char* name; GLenum internal_format, format, type; } combos[] = {
      {"rgba8ui_rgba_integer_ubyte", GL_RGBA8UI_EXT, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE},
      {"rgba8ui_bgra_integer_8888", GL_RGBA8UI_EXT, GL_BGRA_INTEGER, GL_UNSIGNED_INT_8_8_8_8},
      {"luminance8i_rgba_integer_8888", GL_LUMINANCE8I_EXT, GL_RGBA_INTEGER, GL_UNSIGNED_INT_8_8_8_8},
      {"rgb16i_rgb_integer_565", GL_RGB16I_EXT, GL_RGB_INTEGER, GL_UNSIGNED_SHORT_5_6_5},
      {"rgba16ui_rgba_integer_float", GL_RGBA16UI_EXT, GL_RGBA_INTEGER, GL_FLOAT},
      {"rgba_rgba_integer_short", GL_RGBA, GL_RGBA_INTEGER, GL_SHORT},
      {"alpha16ui_rgba", GL_ALPHA16UI_EXT, GL_RGBA, GL_UNSIGNED_SHORT},
      {"luminance_alpha32i_la_integer", GL_LUMINANCE_ALPHA32I_EXT, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_INT}};
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  for (unsigned i = 0; i < sizeof combos / sizeof combos[0]; ++i) {
    glTexImage2D(GL_TEXTURE_2D, 0, combos[i].internal_format, 4, 4, 0, combos[i].format, combos[i].type, NULL);
    error(combos[i].name);
  }

  /* The alpha/luminance/intensity integer formats: sizes, types, and values through a round trip. */
  static const struct { const char* name; GLenum internal_format, format; } legacy[] = {
      {"alpha8ui", GL_ALPHA8UI_EXT, GL_ALPHA_INTEGER_EXT},
      {"intensity16i", GL_INTENSITY16I_EXT, GL_RED_INTEGER},
      {"luminance32ui", GL_LUMINANCE32UI_EXT, GL_LUMINANCE_INTEGER_EXT},
      {"luminance_alpha8i", GL_LUMINANCE_ALPHA8I_EXT, GL_LUMINANCE_ALPHA_INTEGER_EXT}};
  static const GLint values[8] = {-7, 3, 100, -128, 5, 77, -1, 9};
  for (unsigned i = 0; i < sizeof legacy / sizeof legacy[0]; ++i) {
    glTexImage2D(GL_TEXTURE_2D, 0, legacy[i].internal_format, 2, 2, 0, legacy[i].format, GL_INT, values);
    GLint internal = 0, a = 0, l = 0, in = 0, r = 0, type = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &a);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_SIZE, &l);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTENSITY_SIZE, &in);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &r);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, a ? GL_TEXTURE_ALPHA_TYPE : l ? GL_TEXTURE_LUMINANCE_TYPE
                                                                        : GL_TEXTURE_INTENSITY_TYPE, &type);
    GLint back[16];
    memset(back, 0x55, sizeof back);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_INT, back);
    printf("%s_levels 0x%x %d %d %d %d 0x%x", legacy[i].name, internal, a, l, in, r, type);
    for (int k = 0; k < 16; ++k) printf(" %d", back[k]);
    printf(" 0x%x\n", glGetError());
  }

  /* Integer border colours through the EXT aliases. */
  const GLint border[4] = {-5, 70000, 3, -2147483647};
  glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
  GLuint got[4] = {0, 0, 0, 0};
  glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
  printf("border_color_iuiv %u %u %u %u 0x%x\n", got[0], got[1], got[2], got[3], glGetError());
  glDeleteTextures(1, &t);

  /* glClearColorIiEXT/IuiEXT clear integer buffers; RGBA_INTEGER_MODE_EXT says whether one is drawn. */
  integer("rgba_integer_mode_default", GL_RGBA_INTEGER_MODE_EXT);
  GLuint it, ut, ft;
  GLuint ifb = framebuffer_with(GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, &it);
  integer("rgba_integer_mode_int_fbo", GL_RGBA_INTEGER_MODE_EXT);
  glClearColorIiEXT(-3, 100, -128, 127);
  glClear(GL_COLOR_BUFFER_BIT);
  GLint ipix[4] = {0, 0, 0, 0};
  glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_INT, ipix);
  printf("clear_color_ii %d %d %d %d 0x%x\n", ipix[0], ipix[1], ipix[2], ipix[3], glGetError());
  GLuint ufb = framebuffer_with(GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, &ut);
  glClearColorIuiEXT(0, 65535, 1234, 7);
  glClear(GL_COLOR_BUFFER_BIT);
  GLuint upix[4] = {0, 0, 0, 0};
  glReadPixels(2, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, upix);
  printf("clear_color_iui %u %u %u %u 0x%x\n", upix[0], upix[1], upix[2], upix[3], glGetError());
  GLuint ffb = framebuffer_with(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, &ft);
  integer("rgba_integer_mode_unorm_fbo", GL_RGBA_INTEGER_MODE_EXT);
  glClearColor(0.25f, 0.5f, 0.75f, 1.0f);
  GLfloat clear[4];
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
  printf("clear_color_after_float %g %g %g %g 0x%x\n", clear[0], clear[1], clear[2], clear[3], glGetError());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  GLuint fbs[3] = {ifb, ufb, ffb}, texs[3] = {it, ut, ft};
  glDeleteFramebuffers(3, fbs);
  glDeleteTextures(3, texs);
}

static void es2_compatibility(void) {
  /* The high precisions only: llvmpipe gives low and medium 16-bit ranges, glvk computes them in 32 bits
   * (GlApiTest.ShaderPrecisionFormatsAreSinglePrecision pins those). */
  static const struct { const char* name; GLenum shader, precision; } formats[] = {
      {"vs_high_float", GL_VERTEX_SHADER, GL_HIGH_FLOAT}, {"fs_high_int", GL_FRAGMENT_SHADER, GL_HIGH_INT},
      {"gs_high_float", GL_GEOMETRY_SHADER, GL_HIGH_FLOAT}, {"fs_bad_precision", GL_FRAGMENT_SHADER, GL_FLOAT}};
  for (unsigned i = 0; i < sizeof formats / sizeof formats[0]; ++i) {
    GLint range[2] = {-9, -9}, precision = -9;
    glGetShaderPrecisionFormat(formats[i].shader, formats[i].precision, range, &precision);
    printf("precision_%s %d %d %d 0x%x\n", formats[i].name, range[0], range[1], precision, glGetError());
  }
  GLuint shader = glCreateShader(GL_VERTEX_SHADER);
  glShaderBinary(1, &shader, 0x1234, "x", 1);
  error("shader_binary_unknown_format");
  glShaderBinary(-1, &shader, 0x1234, "x", 1);
  error("shader_binary_negative_count");
  glDeleteShader(shader);
  glReleaseShaderCompiler();
  error("release_shader_compiler");
  integer("shader_compiler", GL_SHADER_COMPILER);
  integer("num_shader_binary_formats", GL_NUM_SHADER_BINARY_FORMATS);
  glDepthRangef(0.25f, 0.75f);
  GLfloat range[2];
  glGetFloatv(GL_DEPTH_RANGE, range);
  printf("depth_rangef %g %g 0x%x\n", range[0], range[1], glGetError());
  glDepthRangef(0.0f, 1.0f);
  glClearDepthf(0.5f);
  GLfloat depth = 0;
  glGetFloatv(GL_DEPTH_CLEAR_VALUE, &depth);
  printf("clear_depthf %g 0x%x\n", depth, glGetError());
  glClearDepthf(1.0f);
  GLint vectors[3];
  glGetIntegerv(GL_MAX_VERTEX_UNIFORM_VECTORS, &vectors[0]);
  glGetIntegerv(GL_MAX_FRAGMENT_UNIFORM_VECTORS, &vectors[1]);
  glGetIntegerv(GL_MAX_VARYING_VECTORS, &vectors[2]);
  /* ES 2.0's minimums (table 6.20): 128, 16, 8. */
  printf("es2_vectors_at_least_minimums %d %d %d 0x%x\n", vectors[0] >= 128, vectors[1] >= 16, vectors[2] >= 8,
         glGetError());
}

/* ARB_draw_buffers_blend: per-draw-buffer factors read back through the indexed queries, the
 * compatibility profile's BLEND_SRC/BLEND_DST names included. */
static void draw_buffers_blend(void) {
  glBlendFunciARB(1, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  glBlendEquationSeparateiARB(2, GL_FUNC_SUBTRACT, GL_MAX);
  GLint v[6] = {0, 0, 0, 0, 0, 0};
  glGetIntegeri_v(GL_BLEND_SRC, 1, &v[0]);
  glGetIntegeri_v(GL_BLEND_DST, 1, &v[1]);
  glGetIntegeri_v(GL_BLEND_SRC_ALPHA, 1, &v[2]);
  glGetIntegeri_v(GL_BLEND_EQUATION_RGB, 2, &v[3]);
  glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 2, &v[4]);
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 0, &v[5]);
  printf("draw_buffers_blend 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x 0x%x\n", v[0], v[1], v[2], v[3], v[4], v[5], glGetError());
  /* The indexed commands are compiled into display lists (GL 4.6 compatibility 21.4). */
  GLuint list = glGenLists(1);
  glNewList(list, GL_COMPILE);
  glBlendFuncSeparateiARB(3, GL_DST_COLOR, GL_ZERO, GL_ONE, GL_SRC_ALPHA);
  glEndList();
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 3, &v[0]);
  glCallList(list);
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 3, &v[1]);
  glGetIntegeri_v(GL_BLEND_DST_ALPHA, 3, &v[2]);
  printf("draw_buffers_blend_list 0x%x 0x%x 0x%x 0x%x\n", v[0], v[1], v[2], glGetError());
  glDeleteLists(list, 1);
  glBlendFunc(GL_ONE, GL_ZERO);
  glBlendEquation(GL_FUNC_ADD);
}

static void limits(void) {
  at_least("max_texture_lod_bias", GL_MAX_TEXTURE_LOD_BIAS, 2.0);
  at_least("max_pixel_map_table", GL_MAX_PIXEL_MAP_TABLE, 32);
  at_least("max_name_stack_depth", GL_MAX_NAME_STACK_DEPTH, 64);
  at_least("max_eval_order", GL_MAX_EVAL_ORDER, 8);
  at_least("max_clip_planes", GL_MAX_CLIP_PLANES, 6);
  at_least("max_list_nesting", GL_MAX_LIST_NESTING, 64);
  at_least("max_dual_source_draw_buffers", GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, 1);
  integer("aux_buffers", GL_AUX_BUFFERS);
  GLint64 timeout = -2;
  glGetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &timeout);
  printf("max_server_wait_timeout_positive %d 0x%x\n", timeout > 0, glGetError());
}

/* A 16x16 texture of four 8x8 quadrants, levels read back after glGenerateMipmap. */
static void quadrants(float* rgba, const float colours[4][4]) {
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x)
      memcpy(rgba + (y * 16 + x) * 4, colours[(y / 8) * 2 + x / 8], 4 * sizeof(float));
}

static void print_level(const char* name, int level, int texels, GLenum format, GLenum type) {
  GLfloat out[16 * 16 * 4];
  int width = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, level, GL_TEXTURE_WIDTH, &width);
  glGetTexImage(GL_TEXTURE_2D, level, format, type, out);
  printf("%s_level%d %d", name, level, width);
  for (int i = 0; i < texels; ++i) printf(" %.4f", out[i]);
  printf(" 0x%x\n", glGetError());
}

static void generate_mipmap(void) {
  static float rgba[16 * 16 * 4];
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);

  /* RGB9_E5: every average below is exact in 9-bit mantissas. */
  const float e5[4][4] = {{1, 0.5f, 0.25f, 1}, {0.5f, 0.5f, 0, 1}, {0.25f, 0, 1, 1}, {0.25f, 1, 0.75f, 1}};
  quadrants(rgba, e5);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 16, 16, 0, GL_RGBA, GL_FLOAT, rgba);
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generate_rgb9_e5");
  print_level("rgb9_e5", 1, 8 * 8 * 4, GL_RGBA, GL_FLOAT);
  print_level("rgb9_e5", 2, 4 * 4 * 4, GL_RGBA, GL_FLOAT);
  print_level("rgb9_e5", 4, 4, GL_RGBA, GL_FLOAT);

  /* Depth: 16-bit and float depth through the depth values. */
  float depth[16 * 16];
  for (int i = 0; i < 16 * 16; ++i) depth[i] = (i % 16 < 8 ? 0.25f : 0.75f) * (i / 16 < 8 ? 1.0f : 0.5f);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 16, 16, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generate_depth32f");
  print_level("depth32f", 1, 8 * 8, GL_DEPTH_COMPONENT, GL_FLOAT);
  print_level("depth32f", 4, 1, GL_DEPTH_COMPONENT, GL_FLOAT);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 16, 16, 0, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generate_depth16");
  print_level("depth16", 3, 2 * 2, GL_DEPTH_COMPONENT, GL_FLOAT);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 16, 16, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generate_depth24_stencil8");

  /* Compressed: solid 4x4 blocks encode exactly, so the 8x8 level 1 of 8x8 quadrants does too. */
  const float dxt[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
  quadrants(rgba, dxt);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 16, 16, 0, GL_RGBA, GL_FLOAT, rgba);
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generate_dxt1");
  print_level("dxt1", 1, 8 * 8 * 4, GL_RGBA, GL_FLOAT);
  const float red[4][4] = {{1, 0, 0, 1}, {0.2f, 0, 0, 1}, {0.6f, 0, 0, 1}, {0, 0, 0, 1}};
  quadrants(rgba, red);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 16, 16, 0, GL_RGBA, GL_FLOAT, rgba);
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generate_rgtc1");
  print_level("rgtc1", 1, 8 * 8 * 4, GL_RGBA, GL_FLOAT);

  /* Integer images have no mipmaps generated. */
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, NULL);
  glGenerateMipmap(GL_TEXTURE_2D);
  error("generate_rgba8ui");
  glDeleteTextures(1, &t);
}

/* Level queries of compressed images: the resolution of each component, its type, and the specific
 * format a generic compressed format was given. */
static void compressed_queries(void) {
  static const GLenum formats[] = {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT,
                                   GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT,
                                   GL_COMPRESSED_SIGNED_RED_RGTC1, GL_COMPRESSED_RG_RGTC2,
                                   GL_COMPRESSED_RGBA_BPTC_UNORM, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
                                   GL_COMPRESSED_RED, GL_COMPRESSED_RG, GL_COMPRESSED_RGB, GL_COMPRESSED_RGBA};
  static const GLenum pnames[] = {GL_TEXTURE_INTERNAL_FORMAT, GL_TEXTURE_RED_SIZE, GL_TEXTURE_GREEN_SIZE,
                                  GL_TEXTURE_BLUE_SIZE, GL_TEXTURE_ALPHA_SIZE, GL_TEXTURE_RED_TYPE,
                                  GL_TEXTURE_ALPHA_TYPE, GL_TEXTURE_COMPRESSED};
  static const GLubyte zeros[8 * 8 * 4];
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  for (unsigned i = 0; i < sizeof formats / sizeof formats[0]; ++i) {
    glTexImage2D(GL_TEXTURE_2D, 0, formats[i], 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, zeros);
    printf("compressed_levels_0x%x", formats[i]);
    for (unsigned k = 0; k < sizeof pnames / sizeof pnames[0]; ++k) {
      GLint v = -1;
      glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, pnames[k], &v);
      printf(" 0x%x", v);
    }
    printf(" 0x%x\n", glGetError());
  }
  glDeleteTextures(1, &t);
}

static void copy_tex_image(void) {
  GLuint colour, depth, fb, t;
  glGenRenderbuffers(1, &colour);
  glBindRenderbuffer(GL_RENDERBUFFER, colour);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
  glGenRenderbuffers(1, &depth);
  glBindRenderbuffer(GL_RENDERBUFFER, depth);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 16, 16);
  glGenFramebuffers(1, &fb);
  glBindFramebuffer(GL_FRAMEBUFFER, fb);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colour);
  glClearColor(0.6f, 0.2f, 0.8f, 0.4f);
  glClearDepth(0.75);
  glClear(GL_COLOR_BUFFER_BIT);
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);

  /* Without a depth buffer a depth image cannot be copied. */
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 0, 0, 8, 8, 0);
  error("copy_depth_without_depth_buffer");
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth);
  glClear(GL_DEPTH_BUFFER_BIT);
  static const GLenum depth_formats[] = {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24,
                                         GL_DEPTH_COMPONENT32F};
  for (unsigned i = 0; i < 4; ++i) {
    glCopyTexImage2D(GL_TEXTURE_2D, 0, depth_formats[i], 2, 2, 8, 8, 0);
    GLfloat d[64];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    printf("copy_depth_0x%x %.5f %.5f 0x%x\n", depth_formats[i], d[0], d[63], glGetError());
  }
  glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_DEPTH_COMPONENT24, 0, 3, 8, 0);
  error("copy_depth_1d");
  for (GLenum count = 1; count <= 4; ++count) {
    glCopyTexImage2D(GL_TEXTURE_2D, 0, count, 0, 0, 4, 4, 0);
    printf("copy_component_count_%u 0x%x\n", count, glGetError());
  }

  /* Generic and specific compressed formats take the copy compressed by the driver. */
  static const GLenum compressed[] = {GL_COMPRESSED_RED, GL_COMPRESSED_RG, GL_COMPRESSED_RGB, GL_COMPRESSED_RGBA,
                                      GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT};
  for (unsigned i = 0; i < sizeof compressed / sizeof compressed[0]; ++i) {
    glCopyTexImage2D(GL_TEXTURE_2D, 0, compressed[i], 0, 0, 8, 8, 0);
    GLubyte p[64 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, p);
    /* Within 8 of the clear colour (the tolerance piglit's copyteximage gives compressed formats). */
    int close = 1;
    const int want[4] = {153, compressed[i] == GL_COMPRESSED_RED || compressed[i] == GL_COMPRESSED_RED_RGTC1 ? 0 : 51,
                         compressed[i] == GL_COMPRESSED_RGBA || compressed[i] == GL_COMPRESSED_RGB ||
                                 compressed[i] == GL_COMPRESSED_RGBA_S3TC_DXT5_EXT ? 204 : 0,
                         compressed[i] == GL_COMPRESSED_RGBA || compressed[i] == GL_COMPRESSED_RGBA_S3TC_DXT5_EXT ? 102
                                                                                                                 : 255};
    for (int k = 0; k < 64 * 4; ++k)
      if (abs(p[k] - want[k % 4]) > 8) close = 0;
    printf("copy_compressed_0x%x %d 0x%x\n", compressed[i], close, glGetError());
  }

  /* A border of 1 (compatibility): the interior is the copied rectangle one pixel in. */
  glClearColor(0, 0, 1, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_SCISSOR_TEST);
  glScissor(1, 1, 4, 4);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 6, 6, 1);
  error("copy_border_1");
  GLubyte interior[4 * 4 * 4];
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, interior);
  int all_red = 1;
  for (int k = 0; k < 16; ++k)
    if (interior[k * 4] != 255 || interior[k * 4 + 2] != 0) all_red = 0;
  GLint w = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
  printf("copy_border_interior %d %d 0x%x\n", w, all_red, glGetError());
  glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 6, 6, 2);
  error("copy_border_2");
  glCopyTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_RGBA8, 0, 0, 6, 6, 1);
  error("copy_border_rectangle");

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  GLuint rbs[2] = {colour, depth};
  glDeleteRenderbuffers(2, rbs);
  glDeleteTextures(1, &t);
}

/* glReadPixels into LUMINANCE and LUMINANCE_ALPHA sums R, G and B (the read colour's "conversion to
 * L"), clamped by the read colour clamp; glGetTexImage's LUMINANCE is R alone. */
static void luminance_reads(void) {
  GLuint texture, fb = framebuffer_with(GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, &texture);
  glClearColor(0.5f, 0.25f, 0.125f, 0.75f);
  glClear(GL_COLOR_BUFFER_BIT);
  GLfloat la[2] = {-1, -1};
  GLubyte l8 = 0;
  glReadPixels(1, 1, 1, 1, GL_LUMINANCE_ALPHA, GL_FLOAT, la);
  printf("readpixels_luminance_alpha_float %.4f %.4f 0x%x\n", la[0], la[1], glGetError());
  glReadPixels(1, 1, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, &l8);
  printf("readpixels_luminance_ubyte %u 0x%x\n", l8, glGetError());
  glClearColor(0.75f, 0.5f, 0.25f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glReadPixels(1, 1, 1, 1, GL_LUMINANCE, GL_FLOAT, la);  /* 1.5: the fixed-point buffer's clamp */
  printf("readpixels_luminance_sum_clamped %.4f 0x%x\n", la[0], glGetError());
  GLfloat texels[4 * 4 * 2];
  glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, GL_FLOAT, texels);
  printf("gettexImage_luminance_alpha %.4f %.4f 0x%x\n", texels[0], texels[1], glGetError());
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &fb);
  glDeleteTextures(1, &texture);
}

int main(void) {
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT,
                               EGL_NONE};
  ProbeContext probe;
  if (!probe_make_current(&probe, "api_probe", attributes)) return 1;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  texture_integer();
  es2_compatibility();
  draw_buffers_blend();
  limits();
  generate_mipmap();
  compressed_queries();
  copy_tex_image();
  luminance_reads();
  error("final");
  return 0;
}
