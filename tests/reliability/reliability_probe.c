/* reliability_probe: the GL errors and values of issue 20's defects (compressed image targets,
 * queries GL 4.6 defines, object labels), printed one "name value" line each through the system
 * libEGL/libGL only. reliability_peer_test runs it on Mesa llvmpipe and on glvk and requires the
 * same lines: the peer is the independent source of the expected values. Only calls llvmpipe
 * survives are here: its size overflows crash it (reliability_test.cpp checks those against the
 * spec). A GL 4.5 context (llvmpipe's newest): a core one, or a compatibility one when built with
 * PROBE_COMPATIBILITY defined. */
#define GL_GLEXT_PROTOTYPES 1
#include <stdio.h>
#include <string.h>

#include "../support/probe_egl.h"

static void error(const char* name) { printf("%s 0x%x\n", name, glGetError()); }

static unsigned char blocks[4096];

/* Which targets take images of a specific compressed format, through every command that makes one. */
static void compressed_targets(void) {
  GLuint t[16];
  glGenTextures(16, t);
  GLuint colour, framebuffer;
  glGenTextures(1, &colour);
  glBindTexture(GL_TEXTURE_2D, colour);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 64, 64);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour, 0);

  glBindTexture(GL_TEXTURE_1D_ARRAY, t[0]);
  glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_COMPRESSED_RED_RGTC1, 3, 31, 64, 4, 0);
  error("copyteximage2d_1d_array_rgtc");
  unsigned char row[64];
  memset(row, 0xa5, sizeof row);
  glGetCompressedTexImage(GL_TEXTURE_1D_ARRAY, 0, row);
  /* Some error (llvmpipe: INVALID_VALUE, glvk: INVALID_OPERATION; both name a missing compressed image). */
  printf("getcompressed_1d_array_after %d untouched %d\n", glGetError() != GL_NO_ERROR, row[0] == 0xa5 && row[63] == 0xa5);
  glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 0, 0, 4, 4, 0);
  error("copyteximage2d_1d_array_bptc");
  glCopyTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_COMPRESSED_RED, 0, 0, 4, 4, 0);
  error("copyteximage2d_1d_array_generic");
  glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_COMPRESSED_RED_RGTC1, 8, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
  error("teximage2d_1d_array_rgtc");
  glCompressedTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, blocks);
  error("compressedteximage2d_1d_array_rgtc");
  glBindTexture(GL_TEXTURE_1D_ARRAY, t[1]);
  glTexStorage2D(GL_TEXTURE_1D_ARRAY, 1, GL_COMPRESSED_RED_RGTC1, 4, 4);
  error("texstorage2d_1d_array_rgtc");

  glBindTexture(GL_TEXTURE_1D, t[2]);
  glCopyTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RED_RGTC1, 0, 0, 8, 0);
  error("copyteximage1d_rgtc");
  glTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  error("teximage1d_bptc");
  glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 0, 16, blocks);
  error("compressedteximage1d_bptc");
  glCompressedTexImage1D(GL_TEXTURE_1D, 0, GL_COMPRESSED_RED_RGTC1, 4, 0, 8, blocks);
  error("compressedteximage1d_rgtc");
  glCompressedTexImage1D(GL_PROXY_TEXTURE_1D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 0, 16, NULL);
  error("compressedteximage1d_proxy_bptc");
  glBindTexture(GL_TEXTURE_1D, t[3]);
  glTexStorage1D(GL_TEXTURE_1D, 1, GL_COMPRESSED_RED_RGTC1, 4);
  error("texstorage1d_rgtc");

  glBindTexture(GL_TEXTURE_RECTANGLE, t[4]);
  glCompressedTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 8, blocks);
  error("compressedteximage2d_rectangle_rgtc");
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
  error("teximage2d_rectangle_rgtc");
  glCopyTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RED_RGTC1, 0, 0, 4, 4, 0);
  error("copyteximage2d_rectangle_rgtc");
  glTexImage2D(GL_TEXTURE_RECTANGLE, 0, GL_COMPRESSED_RED, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
  error("teximage2d_rectangle_generic");
  glBindTexture(GL_TEXTURE_RECTANGLE, t[5]);
  glTexStorage2D(GL_TEXTURE_RECTANGLE, 1, GL_COMPRESSED_RED_RGTC1, 4, 4);
  error("texstorage2d_rectangle_rgtc");

  glBindTexture(GL_TEXTURE_3D, t[6]);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 2, 0, 16, blocks);
  error("compressedteximage3d_3d_rgtc");
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 4, 4, 2, 0, 16, blocks);
  error("compressedteximage3d_3d_s3tc");
  glTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 2, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
  error("teximage3d_3d_rgtc");
  glTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
  error("teximage3d_3d_bptc");
  for (unsigned i = 0; i < sizeof blocks; ++i) blocks[i] = (unsigned char)(i * 37 + 11);
  glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 8, 8, 3, 0, 4 * 16 * 3, blocks);
  error("compressedteximage3d_3d_bptc");
  GLint v = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_3D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
  printf("compressed_image_size_3d_bptc %d 0x%x\n", v, glGetError());
  unsigned char back[4 * 16 * 3];
  memset(back, 0, sizeof back);
  glGetCompressedTexImage(GL_TEXTURE_3D, 0, back);
  printf("getcompressed_3d_bptc_round_trip %d 0x%x\n", memcmp(back, blocks, sizeof back) == 0, glGetError());
  glCompressedTexSubImage3D(GL_TEXTURE_3D, 0, 4, 0, 1, 4, 4, 2, GL_COMPRESSED_RGBA_BPTC_UNORM, 32, blocks + 512);
  error("compressedtexsubimage3d_3d_bptc");
  glGetCompressedTexImage(GL_TEXTURE_3D, 0, back);
  /* Slice 1, block (1, 0) is the sub-image's first block; slice 2, block (1, 0) its second. */
  printf("getcompressed_3d_bptc_sub %d %d 0x%x\n", memcmp(back + 64 + 16, blocks + 512, 16) == 0,
         memcmp(back + 128 + 16, blocks + 528, 16) == 0, glGetError());
  glBindTexture(GL_TEXTURE_3D, t[7]);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 4);
  error("texstorage3d_3d_bptc");
  glBindTexture(GL_TEXTURE_3D, t[8]);
  glTexStorage3D(GL_TEXTURE_3D, 1, GL_COMPRESSED_RED_RGTC1, 4, 4, 4);
  error("texstorage3d_3d_rgtc");
  glBindTexture(GL_TEXTURE_2D_ARRAY, t[9]);
  glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_BPTC_UNORM, 4, 4, 2, 0, 32, blocks);
  error("compressedteximage3d_2d_array_bptc");

  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteTextures(1, &colour);
  glDeleteTextures(16, t);
}

/* Queries GL 4.6 (and 4.5) defines. */
static void queries(void) {
  GLint v[4] = {-1, -1, -1, -1};
  glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, v);
  printf("num_shader_binary_formats %d 0x%x\n", v[0], glGetError());
  v[0] = -1;
  glGetIntegerv(GL_SHADER_BINARY_FORMATS, v); /* none: nothing written */
  printf("shader_binary_formats %d 0x%x\n", v[0], glGetError());
  GLint64 v64 = 0;
  glGetInteger64v(GL_MAX_ELEMENT_INDEX, &v64);
  printf("max_element_index %lld 0x%x\n", (long long)v64, glGetError());
  glGetIntegerv(GL_MAX_ELEMENT_INDEX, v);
  printf("max_element_index_int %d 0x%x\n", v[0], glGetError());

  GLuint vao, buffer;
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glGenBuffers(1, &buffer);
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
  static const GLenum bindings[] = {GL_VERTEX_BINDING_OFFSET, GL_VERTEX_BINDING_STRIDE, GL_VERTEX_BINDING_DIVISOR,
                                    GL_VERTEX_BINDING_BUFFER};
  for (int i = 0; i < 4; ++i) {
    glGetIntegeri_v(bindings[i], 2, v);
    printf("vertex_binding_initial_0x%x %d 0x%x\n", bindings[i], v[0], glGetError());
  }
  glBindVertexBuffer(2, buffer, 12, 20);
  glVertexBindingDivisor(2, 3);
  for (int i = 0; i < 4; ++i) {
    glGetIntegeri_v(bindings[i], 2, v);
    printf("vertex_binding_0x%x %d 0x%x\n", bindings[i], bindings[i] == GL_VERTEX_BINDING_BUFFER ? v[0] == (GLint)buffer : v[0],
           glGetError());
  }
  glGetInteger64i_v(GL_VERTEX_BINDING_OFFSET, 2, &v64);
  printf("vertex_binding_offset_64 %lld 0x%x\n", (long long)v64, glGetError());
  glGetIntegeri_v(GL_VERTEX_BINDING_STRIDE, 16, v);
  error("vertex_binding_stride_16");
  glBindVertexArray(0);
  glDeleteVertexArrays(1, &vao);

  GLuint t[2];
  glGenTextures(2, t);
  glBindTexture(GL_TEXTURE_2D, t[0]);
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
  GLfloat f = 0;
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &f);
  printf("max_anisotropy %g 0x%x\n", f, glGetError());
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 0.5f);
  error("max_anisotropy_below_one");
  glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, 4.0f);
  glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, &f);
  printf("max_anisotropy_set %g 0x%x\n", f, glGetError());
  static const GLenum buffer_level[] = {GL_TEXTURE_BUFFER_OFFSET, GL_TEXTURE_BUFFER_SIZE,
                                        GL_TEXTURE_BUFFER_DATA_STORE_BINDING};
  for (int i = 0; i < 3; ++i) {
    v[0] = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, buffer_level[i], v);
    printf("texture_2d_level_0x%x %d 0x%x\n", buffer_level[i], v[0], glGetError());
  }
  /* 256: a multiple of both drivers' TEXTURE_BUFFER_OFFSET_ALIGNMENT. */
  glBufferData(GL_ARRAY_BUFFER, 1024, NULL, GL_STATIC_DRAW);
  glBindTexture(GL_TEXTURE_BUFFER, t[1]);
  glTexBufferRange(GL_TEXTURE_BUFFER, GL_R8, buffer, 256, 32);
  for (int i = 0; i < 3; ++i) {
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER, 0, buffer_level[i], v);
    printf("texture_buffer_level_0x%x %d 0x%x\n", buffer_level[i],
           buffer_level[i] == GL_TEXTURE_BUFFER_DATA_STORE_BINDING ? v[0] == (GLint)buffer : v[0], glGetError());
  }
  glDeleteTextures(2, t);
  glDeleteBuffers(1, &buffer);
}

/* glObjectLabel/glGetObjectLabel on every kind of object GL 4.6 has that glvk implements. */
static void labels(void) {
  GLuint texture, renderbuffer, framebuffer, sampler, vao, buffer;
  glGenTextures(1, &texture);
  glBindTexture(GL_TEXTURE_2D, texture);
  glGenRenderbuffers(1, &renderbuffer);
  glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
  glCreateSamplers(1, &sampler);
  glGenVertexArrays(1, &vao);
  glBindVertexArray(vao);
  glCreateBuffers(1, &buffer);
  const GLuint program = glCreateProgram(), shader = glCreateShader(GL_FRAGMENT_SHADER);
  const struct { const char* name; GLenum identifier; GLuint object; } objects[] = {
      {"texture", GL_TEXTURE, texture},     {"renderbuffer", GL_RENDERBUFFER, renderbuffer},
      {"framebuffer", GL_FRAMEBUFFER, framebuffer}, {"sampler", GL_SAMPLER, sampler},
      {"vertex_array", GL_VERTEX_ARRAY, vao}, {"buffer", GL_BUFFER, buffer},
      {"program", GL_PROGRAM, program},     {"shader", GL_SHADER, shader}};
  for (unsigned i = 0; i < sizeof objects / sizeof objects[0]; ++i) {
    char label[32] = "unchanged";
    GLsizei length = -1;
    glObjectLabel(objects[i].identifier, objects[i].object, -1, objects[i].name);
    glGetObjectLabel(objects[i].identifier, objects[i].object, sizeof label, &length, label);
    printf("label_%s %s %d 0x%x\n", objects[i].name, label, length, glGetError());
    glGetObjectLabel(objects[i].identifier, objects[i].object, 4, &length, label);
    printf("label_%s_truncated %s %d 0x%x\n", objects[i].name, label, length, glGetError());
    glObjectLabel(objects[i].identifier, objects[i].object, 0, NULL);
    glGetObjectLabel(objects[i].identifier, objects[i].object, sizeof label, &length, label);
    printf("label_%s_removed '%s' %d 0x%x\n", objects[i].name, label, length, glGetError());
  }
  glObjectLabel(GL_PROGRAM, shader, -1, "x");
  error("label_program_naming_a_shader");
  glObjectLabel(GL_SHADER, program, -1, "x");
  error("label_shader_naming_a_program");
  glObjectLabel(GL_TEXTURE, 0, -1, "x");
  error("label_texture_zero");
  glObjectLabel(GL_TEXTURE, 0xdead, -1, "x");
  error("label_texture_unknown");
  GLuint reserved;
  glGenTextures(1, &reserved);
  glObjectLabel(GL_TEXTURE, reserved, -1, "x");
  error("label_texture_never_bound");
  glObjectLabel(GL_TEXTURE_2D, texture, -1, "x");
  error("label_bad_identifier");
  glBindVertexArray(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glDeleteTextures(1, &texture);
  glDeleteTextures(1, &reserved);
  glDeleteRenderbuffers(1, &renderbuffer);
  glDeleteFramebuffers(1, &framebuffer);
  glDeleteSamplers(1, &sampler);
  glDeleteVertexArrays(1, &vao);
  glDeleteBuffers(1, &buffer);
  glDeleteProgram(program);
  glDeleteShader(shader);
}

/* Compatibility-profile state. */
static void compatibility(void) {
  GLuint t;
  glGenTextures(1, &t);
  glBindTexture(GL_TEXTURE_2D, t);
  GLint v = -1;
  glGetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &v);
  printf("generate_mipmap_initial %d 0x%x\n", v, glGetError());
  glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
  glGetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &v);
  printf("generate_mipmap_set %d 0x%x\n", v, glGetError());
  glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, 2);
  error("generate_mipmap_bad_value");
  /* The base level's texels flow to the levels below it on every change of the base level. */
  unsigned char texels[4 * 4 * 4];
  for (int i = 0; i < 4 * 4; ++i) texels[4 * i] = 200, texels[4 * i + 1] = 100, texels[4 * i + 2] = 50, texels[4 * i + 3] = 255;
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  GLint width = 0;
  glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &width);
  unsigned char level2[4] = {0, 0, 0, 0};
  glGetTexImage(GL_TEXTURE_2D, 2, GL_RGBA, GL_UNSIGNED_BYTE, level2);
  printf("generate_mipmap_level_2 %d %d %d %d %d 0x%x\n", width, level2[0], level2[1], level2[2], level2[3],
         glGetError());
  const unsigned char green[4] = {0, 255, 0, 255};
  for (int i = 0; i < 4 * 4; ++i) memcpy(texels + 4 * i, green, 4);
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels);
  printf("generate_mipmap_after_sub_image %d %d %d %d 0x%x\n", texels[0], texels[1], texels[2], texels[3],
         glGetError());
  glDeleteTextures(1, &t);
}

int main(void) {
#ifdef PROBE_COMPATIBILITY
  const int compat = 1;
#else
  const int compat = 0;
#endif
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK,
                               compat ? EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT : EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                               EGL_NONE};
  ProbeContext probe;
  if (!probe_make_current(&probe, "reliability_probe", attributes)) return 1;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  if (compat) {
    compatibility();
  } else {
    compressed_targets();
    queries();
    labels();
    GLint v = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, &v);
    error("generate_mipmap_in_core");
  }
  probe_release(&probe);
  return 0;
}
