/* error_probe: GL errors and state values of the calls this project's issues 5 and 6 added, printed
 * one "name value" line each, using only the system libEGL and libGL. peer_comparison_test runs it
 * on Mesa llvmpipe and on glvk and requires the same lines: the peer is the independent source of
 * the expected values. A GL 4.5 core context (llvmpipe's newest). */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <string.h>

static void error(const char* name) { printf("%s 0x%x\n", name, glGetError()); }

static void integers(const char* name, GLenum pname, int count) {
  GLint v[4] = {0, 0, 0, 0};
  glGetIntegerv(pname, v);
  printf("%s", name);
  for (int i = 0; i < count; ++i) printf(" %d", v[i]);
  printf(" 0x%x\n", glGetError());
}

int main(void) {
  EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) return 1;
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
  if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) return 1;
  fprintf(stderr, "renderer: %s\n", (const char*)glGetString(GL_RENDERER));
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

  glDeleteTextures(1, &t);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, context);
  eglTerminate(display);
  return 0;
}
