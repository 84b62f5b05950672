/* error_probe: GL errors and state values of the calls this project's issues 5, 6 and 13 added, printed
 * one "name value" line each, using only the system libEGL and libGL. peer_comparison_test runs it
 * on Mesa llvmpipe and on glvk and requires the same lines: the peer is the independent source of
 * the expected values. A GL 4.5 core context (llvmpipe's newest). */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <string.h>

#include "../support/probe_egl.h"

static void error(const char* name) { printf("%s 0x%x\n", name, glGetError()); }

static void integers(const char* name, GLenum pname, int count) {
  GLint v[4] = {0, 0, 0, 0};
  glGetIntegerv(pname, v);
  printf("%s", name);
  for (int i = 0; i < count; ++i) printf(" %d", v[i]);
  printf(" 0x%x\n", glGetError());
}

static void floats(const char* name, GLenum pname, int count) {
  GLfloat v[4] = {0, 0, 0, 0};
  glGetFloatv(pname, v);
  printf("%s", name);
  for (int i = 0; i < count; ++i) printf(" %.9g", v[i]);
  printf(" 0x%x\n", glGetError());
}

/* Render state (issue 13): initial values, errors, clamps and conversions. */
static void render_state(void) {
  static const struct { const char* name; GLenum pname; int count; } initial[] = {
      {"depth_func", GL_DEPTH_FUNC, 1}, {"stencil_func", GL_STENCIL_FUNC, 1},
      {"stencil_ref", GL_STENCIL_REF, 1},
      {"stencil_fail", GL_STENCIL_FAIL, 1}, {"stencil_pass_depth_fail", GL_STENCIL_PASS_DEPTH_FAIL, 1},
      {"stencil_back_pass_depth_pass", GL_STENCIL_BACK_PASS_DEPTH_PASS, 1},
      {"blend_src_rgb", GL_BLEND_SRC_RGB, 1},
      {"blend_dst_alpha", GL_BLEND_DST_ALPHA, 1}, {"blend_equation_alpha", GL_BLEND_EQUATION_ALPHA, 1},
      {"logic_op_mode", GL_LOGIC_OP_MODE, 1}, {"cull_face_mode", GL_CULL_FACE_MODE, 1},
      {"front_face", GL_FRONT_FACE, 1}, {"polygon_mode", GL_POLYGON_MODE, 2},
      {"provoking_vertex", GL_PROVOKING_VERTEX, 1}, {"primitive_restart_index", GL_PRIMITIVE_RESTART_INDEX, 1},
      {"sample_coverage_invert", GL_SAMPLE_COVERAGE_INVERT, 1}, {"clip_origin", GL_CLIP_ORIGIN, 1},
      {"clip_depth_mode", GL_CLIP_DEPTH_MODE, 1}, {"line_smooth_hint", GL_LINE_SMOOTH_HINT, 1},
      {"polygon_smooth_hint", GL_POLYGON_SMOOTH_HINT, 1}, {"texture_compression_hint", GL_TEXTURE_COMPRESSION_HINT, 1},
      {"fragment_shader_derivative_hint", GL_FRAGMENT_SHADER_DERIVATIVE_HINT, 1},
      {"max_sample_mask_words", GL_MAX_SAMPLE_MASK_WORDS, 1}, {"max_clip_distances", GL_MAX_CLIP_DISTANCES, 1}};
  for (unsigned i = 0; i < sizeof initial / sizeof initial[0]; ++i)
    integers(initial[i].name, initial[i].pname, initial[i].count);
  /* The value masks start as "1's": llvmpipe keeps 8 of them, glvk 32; the low 8 bits agree. */
  GLint value_masks[2] = {0, 0};
  glGetIntegerv(GL_STENCIL_VALUE_MASK, &value_masks[0]);
  glGetIntegerv(GL_STENCIL_BACK_VALUE_MASK, &value_masks[1]);
  printf("stencil_value_masks_low_bits %d %d 0x%x\n", value_masks[0] & 0xff, value_masks[1] & 0xff, glGetError());
  floats("blend_color", GL_BLEND_COLOR, 4);
  floats("line_width", GL_LINE_WIDTH, 1);
  floats("point_size", GL_POINT_SIZE, 1);
  floats("polygon_offset", GL_POLYGON_OFFSET_UNITS, 1);
  floats("sample_coverage_value", GL_SAMPLE_COVERAGE_VALUE, 1);
  floats("min_sample_shading_value", GL_MIN_SAMPLE_SHADING_VALUE, 1);
  GLint mask = 0;
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mask);
  /* The low bits only: llvmpipe reads all 32 ones back as -1, glvk saturates as section 2.2.2 says. */
  printf("sample_mask_value_0_low_bits %d 0x%x\n", mask & 0xffff, glGetError());
  integers("sample_mask_value_unindexed", GL_SAMPLE_MASK_VALUE, 1);
  glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 1, &mask);
  error("sample_mask_value_1");
  static const GLenum caps[] = {GL_DEPTH_TEST, GL_STENCIL_TEST, GL_CULL_FACE, GL_DEPTH_CLAMP, GL_COLOR_LOGIC_OP,
                                GL_POLYGON_OFFSET_FILL, GL_PROGRAM_POINT_SIZE, GL_RASTERIZER_DISCARD,
                                GL_PRIMITIVE_RESTART, GL_PRIMITIVE_RESTART_FIXED_INDEX, GL_MULTISAMPLE,
                                GL_SAMPLE_ALPHA_TO_COVERAGE, GL_SAMPLE_COVERAGE, GL_SAMPLE_SHADING, GL_SAMPLE_MASK,
                                GL_CLIP_DISTANCE0, GL_CLIP_DISTANCE7};
  printf("enabled");
  for (unsigned i = 0; i < sizeof caps / sizeof caps[0]; ++i) printf(" %d", glIsEnabled(caps[i]));
  printf(" 0x%x\n", glGetError());
  glIsEnabled(GL_ALPHA_TEST);
  error("isenabled_alpha_test_core");

  /* Errors. */
  glDepthFunc(GL_KEEP);
  error("depthfunc_keep");
  glStencilFuncSeparate(GL_LEFT, GL_LESS, 0, 0);
  error("stencilfuncseparate_left");
  glStencilOp(GL_KEEP, GL_LESS, GL_KEEP);
  error("stencilop_less");
  glBlendFunc(GL_ONE, GL_SRC_ALPHA_SATURATE);
  error("blendfunc_dst_saturate");
  glBlendFunc(GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_ALPHA);
  error("blendfunc_dual_source");
  glBlendFunc(GL_ONE, GL_FUNC_ADD);
  error("blendfunc_bad");
  glBlendFunci(8, GL_ONE, GL_ONE);
  error("blendfunci_8");
  glBlendEquation(GL_LOGIC_OP);
  error("blendequation_logic_op");
  glBlendEquationi(8, GL_MIN);
  error("blendequationi_8");
  glLogicOp(GL_SET + 1);
  error("logicop_bad");
  glCullFace(GL_LEFT);
  error("cullface_left");
  glFrontFace(GL_BACK);
  error("frontface_back");
  glPolygonMode(GL_FRONT, GL_LINE);
  error("polygonmode_front_core");
  glPolygonMode(GL_FRONT_AND_BACK, GL_TRIANGLES);
  error("polygonmode_bad_mode");
  glLineWidth(0.0f);
  error("linewidth_0");
  glLineWidth(2.0f);
  error("linewidth_2");
  glPointSize(-1.0f);
  error("pointsize_negative");
  glProvokingVertex(GL_FIRST_VERTEX_CONVENTION + 2);
  error("provokingvertex_bad");
  glSampleMaski(1, 0);
  error("samplemaski_1");
  glClipControl(GL_LOWER_LEFT, GL_ONE);
  error("clipcontrol_bad_depth");
  glShadeModel(GL_FLAT);
  error("shademodel_core");
  glAlphaFunc(GL_LESS, 0.5f);
  error("alphafunc_core");
  glHint(GL_FOG_HINT, GL_NICEST);
  error("hint_fog_core");
  glHint(GL_LINE_SMOOTH_HINT, GL_LESS);
  error("hint_bad_mode");
  /* Not compared: llvmpipe answers the compatibility pnames GL_BLEND_SRC and GL_SHADE_MODEL in a core
   * context, where GL 4.6 core has no such state (glvk raises INVALID_ENUM). */
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 8, &mask);
  error("get_blend_src_rgb_8");

  /* Values: clamps, per-buffer state, conversions. */
  glBlendFunci(3, GL_SRC_COLOR, GL_CONSTANT_ALPHA);
  glBlendEquationSeparatei(3, GL_MIN, GL_FUNC_REVERSE_SUBTRACT);
  GLint b[4] = {0, 0, 0, 0};
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 3, &b[0]);
  glGetIntegeri_v(GL_BLEND_DST_ALPHA, 3, &b[1]);
  glGetIntegeri_v(GL_BLEND_EQUATION_ALPHA, 3, &b[2]);
  glGetIntegeri_v(GL_BLEND_SRC_RGB, 2, &b[3]);
  printf("blend_3 0x%x 0x%x 0x%x 0x%x 0x%x\n", b[0], b[1], b[2], b[3], glGetError());
  glBlendColor(1.0f, -1.0f, 0.0f, 2.5f);
  integers("blend_color_integer", GL_BLEND_COLOR, 3);
  floats("blend_color_unclamped", GL_BLEND_COLOR, 4);
  glStencilFunc(GL_LESS, 5, 0x3c);
  integers("stencil_ref_surfaceless", GL_STENCIL_REF, 1);
  integers("stencil_value_mask_set", GL_STENCIL_VALUE_MASK, 1);
  glPolygonOffset(2.5f, -3.75f);
  integers("polygon_offset_integer", GL_POLYGON_OFFSET_UNITS, 1);
  glPolygonOffsetClamp(1.0f, 1.0f, 0.125f);
  floats("polygon_offset_clamp", GL_POLYGON_OFFSET_CLAMP, 1);
  glPolygonOffset(1.0f, 1.0f);
  floats("polygon_offset_clamp_reset", GL_POLYGON_OFFSET_CLAMP, 1);
  glSampleCoverage(1.5f, GL_TRUE);
  floats("sample_coverage_clamped", GL_SAMPLE_COVERAGE_VALUE, 1);
  glMinSampleShading(-2.0f);
  floats("min_sample_shading_clamped", GL_MIN_SAMPLE_SHADING_VALUE, 1);
  /* Section 2.2.2: all-ones masks saturate in glGetIntegerv and are whole in glGetInteger64v. */
  glStencilFunc(GL_LESS, 5, 0xffffffffu);
  glStencilMask(0xffffffffu);
  GLint64 masks64[2] = {0, 0};
  glGetInteger64v(GL_STENCIL_VALUE_MASK, &masks64[0]);
  glGetInteger64v(GL_STENCIL_WRITEMASK, &masks64[1]);
  integers("stencil_value_mask_ones", GL_STENCIL_VALUE_MASK, 1);
  integers("stencil_writemask_ones", GL_STENCIL_WRITEMASK, 1);
  printf("stencil_masks_ones_64 %lld %lld 0x%x\n", (long long)masks64[0], (long long)masks64[1], glGetError());
  glPrimitiveRestartIndex(0xffffu);
  integers("primitive_restart_index_set", GL_PRIMITIVE_RESTART_INDEX, 1);
  glEnable(GL_CLIP_DISTANCE3);
  glEnable(GL_DEPTH_TEST);
  glDisable(GL_MULTISAMPLE);
  printf("enabled_after %d %d %d %d 0x%x\n", glIsEnabled(GL_CLIP_DISTANCE3), glIsEnabled(GL_CLIP_DISTANCE2),
         glIsEnabled(GL_DEPTH_TEST), glIsEnabled(GL_MULTISAMPLE), glGetError());
}

int main(void) {
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  ProbeContext probe;
  if (!probe_make_current(&probe, "error_probe", attributes)) return 1;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);

  /* Online compression: which formats take uncompressed texels (GL 4.6 section 8.7). */
  unsigned char texels[64 * 4];
  for (int i = 0; i < 64 * 4; ++i) texels[i] = (i * 7) % 3 ? 200 : 30;
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
  error("teximage_etc2_null");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, texels);
  error("teximage_etc2_data");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  error("teximage_bptc_data");
  glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 8, 6, 0, GL_RED, GL_UNSIGNED_BYTE, texels);
  error("teximage_rgtc_data");
  unsigned char red[8 * 6];
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_UNSIGNED_BYTE, red);
  printf("rgtc_two_value_blocks_exact %d 0x%x\n", memcmp(red, texels, sizeof red) == 0, glGetError());
  glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 2, 2, GL_RED, GL_UNSIGNED_BYTE, texels);
  error("texsubimage_rgtc_misaligned");
  glTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 2, GL_RED, GL_UNSIGNED_BYTE, texels);
  error("texsubimage_rgtc_bottom_edge");
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 3, GL_RED, GL_UNSIGNED_BYTE, texels);
  error("texsubimage_rgtc_short_rows");

  /* glGetCompressedTextureSubImage (section 8.11.4). */
  unsigned char blocks[64];
  glGetCompressedTextureSubImage(t, 0, 4, 4, 0, 4, 2, 1, sizeof blocks, blocks);
  error("getcompressedsub_edge");
  glGetCompressedTextureSubImage(t, 0, 2, 0, 0, 4, 4, 1, sizeof blocks, blocks);
  error("getcompressedsub_misaligned");
  glGetCompressedTextureSubImage(t, 0, 8, 0, 0, 4, 4, 1, sizeof blocks, blocks);
  error("getcompressedsub_outside");
  glGetCompressedTextureSubImage(t, 0, 0, 0, 0, 8, 4, 1, 15, blocks);
  error("getcompressedsub_short_buffer");

  /* The DSA framebuffer entry points with a name that is not a framebuffer or renderbuffer. */
  const GLfloat colour[4] = {0, 0, 0, 0};
  glClearNamedFramebufferfv(4242, GL_COLOR, 0, colour);
  error("clearnamed_unknown");
  glBlitNamedFramebuffer(4242, 4243, 0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  error("blitnamed_unknown");
  GLint value = 0;
  glGetNamedRenderbufferParameteriv(4242, GL_RENDERBUFFER_WIDTH, &value);
  error("getnamedrenderbuffer_unknown");

  /* Indexed scissor and enables, stencil masks, clear-value queries. */
  glScissorIndexed(16, 0, 0, 1, 1);
  error("scissorindexed_16");
  glScissorIndexed(3, 1, 2, 3, 4);
  GLint box[4] = {0, 0, 0, 0};
  glGetIntegeri_v(GL_SCISSOR_BOX, 3, box);
  printf("scissor_box_3 %d %d %d %d 0x%x\n", box[0], box[1], box[2], box[3], glGetError());
  glEnablei(GL_DEPTH_TEST, 0);
  error("enablei_depth_test");
  glEnablei(GL_BLEND, 3);
  printf("blend_3_0 %d %d 0x%x\n", glIsEnabledi(GL_BLEND, 3), glIsEnabled(GL_BLEND), glGetError());
  glStencilMaskSeparate(GL_LEFT, 0);
  error("stencilmaskseparate_left");
  glStencilMaskSeparate(GL_FRONT, 0xa5);
  glStencilMaskSeparate(GL_BACK, 0x3c);
  integers("stencil_writemask", GL_STENCIL_WRITEMASK, 1);
  integers("stencil_back_writemask", GL_STENCIL_BACK_WRITEMASK, 1);
  /* Floats only: llvmpipe truncates and overflows the integer form of colours outside [-1, 1]. */
  glClearColor(0.25f, -1.0f, 2.0f, 0.5f);
  GLfloat clear[4] = {0, 0, 0, 0};
  glGetFloatv(GL_COLOR_CLEAR_VALUE, clear);
  printf("color_clear_value %g %g %g %g 0x%x\n", clear[0], clear[1], clear[2], clear[3], glGetError());
  glClearDepth(0.75);
  integers("depth_clear_value", GL_DEPTH_CLEAR_VALUE, 1);
  glColorMaski(2, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
  GLboolean mask[4] = {0, 0, 0, 0};
  glGetBooleani_v(GL_COLOR_WRITEMASK, 2, mask);
  printf("color_writemask_2 %d %d %d %d 0x%x\n", mask[0], mask[1], mask[2], mask[3], glGetError());

  /* The read colour clamp (section 18.2.8): FIXED_ONLY clamps unorm and snorm buffers, TRUE every
   * colour buffer, FALSE none; float readbacks show it. */
  integers("clamp_read_color_default", GL_CLAMP_READ_COLOR, 1);
  const GLenum buffers[2] = {GL_RGBA32F, GL_RGBA8_SNORM};
  const GLenum modes[3] = {GL_FIXED_ONLY, GL_TRUE, GL_FALSE};
  for (int b = 0; b < 2; ++b) {
    GLuint texture, framebuffer;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexStorage2D(GL_TEXTURE_2D, 1, buffers[b], 1, 1);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    const GLfloat value[4] = {2.0f, -0.5f, 0.25f, -2.0f};
    glClearBufferfv(GL_COLOR, 0, value);
    for (int m = 0; m < 3; ++m) {
      glClampColor(GL_CLAMP_READ_COLOR, modes[m]);
      GLfloat read[4] = {0, 0, 0, 0};
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, read);
      printf("read_clamp_0x%x_mode_0x%x %.6g %.6g %.6g %.6g 0x%x\n", buffers[b], modes[m], read[0], read[1], read[2],
             read[3], glGetError());
    }
    glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &framebuffer);
    glDeleteTextures(1, &texture);
  }
  glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
  error("clampcolor_vertex_in_core");
  glClampColor(GL_CLAMP_READ_COLOR, GL_RGBA);
  error("clampcolor_bad_clamp");

  render_state();

  glDeleteTextures(1, &t);
  probe_release(&probe);
  return 0;
}
