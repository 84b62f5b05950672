/* texture_probe: uploads a fixed set of textures and prints what glGetTexImage returns, one line
 * per case, using only the system libEGL and libGL. Run on two drivers (Mesa llvmpipe and glvk),
 * the outputs are compared by peer_comparison_test.cpp. Each line: case name, tolerance (one unit
 * of the stored precision, in the units printed), then the values read back. Exit status is
 * non-zero on any EGL or GL failure. */
#define GL_GLEXT_PROTOTYPES 1
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../support/probe_egl.h"

enum { W = 4, H = 3, N = W * H };

struct probe {
  const char *name;
  GLenum internal_format, format, type;
  int upload_bytes_per_pixel;
  GLenum read_format, read_type;
  double tolerance;
};

static const struct probe probes[] = {
    {"RGBA8<-RGBA/UNSIGNED_BYTE", GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, GL_RGBA, GL_FLOAT, 1.0 / 255},
    {"RGBA8<-BGRA/UNSIGNED_BYTE", GL_RGBA8, GL_BGRA, GL_UNSIGNED_BYTE, 4, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"RGB8<-RGB/UNSIGNED_BYTE", GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, 3, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"RGBA8<-RGBA/UNSIGNED_SHORT", GL_RGBA8, GL_RGBA, GL_UNSIGNED_SHORT, 8, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"RGBA8<-RGBA/FLOAT", GL_RGBA8, GL_RGBA, GL_FLOAT, 16, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"RGBA16<-RGBA/UNSIGNED_BYTE", GL_RGBA16, GL_RGBA, GL_UNSIGNED_BYTE, 4, GL_RGBA, GL_UNSIGNED_SHORT, 1},
    {"RGBA16F<-RGBA/FLOAT", GL_RGBA16F, GL_RGBA, GL_FLOAT, 16, GL_RGBA, GL_FLOAT, 1.0 / 1024},
    {"RGB565<-RGB/UNSIGNED_SHORT_5_6_5", GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 2, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"RGB5_A1<-RGBA/UNSIGNED_SHORT_5_5_5_1", GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 2, GL_RGBA,
     GL_UNSIGNED_BYTE, 1},
    {"RGB10_A2<-RGBA/UNSIGNED_INT_2_10_10_10_REV", GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 4, GL_RGBA,
     GL_FLOAT, 1.0 / 1023},
    {"LUMINANCE8<-LUMINANCE/UNSIGNED_BYTE", GL_LUMINANCE8, GL_LUMINANCE, GL_UNSIGNED_BYTE, 1, GL_RGBA,
     GL_UNSIGNED_BYTE, 1},
    {"LUMINANCE8_ALPHA8<-LUMINANCE_ALPHA/UNSIGNED_BYTE", GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, 2,
     GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"ALPHA8<-ALPHA/UNSIGNED_BYTE", GL_ALPHA8, GL_ALPHA, GL_UNSIGNED_BYTE, 1, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"INTENSITY8<-LUMINANCE/UNSIGNED_BYTE", GL_INTENSITY8, GL_LUMINANCE, GL_UNSIGNED_BYTE, 1, GL_RGBA,
     GL_UNSIGNED_BYTE, 1},
    {"R8<-RED/UNSIGNED_BYTE", GL_R8, GL_RED, GL_UNSIGNED_BYTE, 1, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"RG8<-RG/UNSIGNED_BYTE", GL_RG8, GL_RG, GL_UNSIGNED_BYTE, 2, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"RGBA8_SNORM<-RGBA/BYTE", GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, 4, GL_RGBA, GL_FLOAT, 1.0 / 127},
    {"SRGB8_ALPHA8<-RGBA/UNSIGNED_BYTE", GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, GL_RGBA, GL_UNSIGNED_BYTE, 1},
    {"R11F_G11F_B10F<-RGB/FLOAT", GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, 12, GL_RGB, GL_FLOAT, 4.0 / 32},
    {"RGB9_E5<-RGB/FLOAT", GL_RGB9_E5, GL_RGB, GL_FLOAT, 12, GL_RGB, GL_FLOAT, 4.0 / 256},
    {"RGBA8UI<-RGBA_INTEGER/UNSIGNED_BYTE", GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 4, GL_RGBA_INTEGER,
     GL_UNSIGNED_INT, 0},
    {"DEPTH_COMPONENT16<-DEPTH_COMPONENT/UNSIGNED_SHORT", GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT,
     2, GL_DEPTH_COMPONENT, GL_FLOAT, 1.0 / 65535},
    {"DEPTH_COMPONENT32F<-DEPTH_COMPONENT/FLOAT", GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, 4,
     GL_DEPTH_COMPONENT, GL_FLOAT, 0},
    {"DEPTH24_STENCIL8<-DEPTH_STENCIL/UNSIGNED_INT_24_8", GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8,
     4, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 0},
};

/* Deterministic upload data valid for its type: bytes from an LCG; floats on a grid exactly
 * representable in every stored float format (depth in [0, 1], colour in [0, 4)). */
static void fill(const struct probe *p, unsigned char *data) {
  uint32_t x = 12345;
  if (p->type == GL_FLOAT) {
    float *f = (float *)data;
    for (int i = 0; i < N * p->upload_bytes_per_pixel / 4; ++i) {
      x = x * 1664525u + 1013904223u;
      f[i] = p->format == GL_DEPTH_COMPONENT ? (float)((x >> 8) % 1025) / 1024.0f
             : p->internal_format == GL_RGBA8 ? (float)((x >> 8) % 300) / 256.0f - 0.1f
                                              : (float)((x >> 8) % 64) / 16.0f;
    }
    return;
  }
  for (int i = 0; i < N * p->upload_bytes_per_pixel; ++i) {
    x = x * 1664525u + 1013904223u;
    data[i] = (unsigned char)(x >> 24);
  }
}

static int read_components(GLenum format) {
  return format == GL_RGBA || format == GL_RGBA_INTEGER ? 4 : format == GL_RGB ? 3 : 1;
}

int main(void) {
  const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, EGL_NONE};
  ProbeContext probe;
  if (!probe_make_current(&probe, "texture_probe", attributes)) return 1;
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  int status = 0;
  for (size_t c = 0; c < sizeof probes / sizeof probes[0]; ++c) {
    const struct probe *p = &probes[c];
    unsigned char upload[N * 16];
    union {
      unsigned char bytes[N * 16];
      float f[N * 4];
      uint32_t u32[N * 4];
      uint16_t u16[N * 8];
    } out;
    memset(&out, 0, sizeof out);
    fill(p, upload);
    GLuint texture;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)p->internal_format, W, H, 0, p->format, p->type, upload);
    glGetTexImage(GL_TEXTURE_2D, 0, p->read_format, p->read_type, out.bytes);
    const GLenum error = glGetError();
    if (error != GL_NO_ERROR) {
      fprintf(stderr, "texture_probe: %s: GL error 0x%04x\n", p->name, error);
      status = 1;
    }
    printf("%s %.9g", p->name, p->tolerance);
    const int values = N * (p->read_type == GL_UNSIGNED_INT_24_8 ? 1 : read_components(p->read_format));
    for (int i = 0; i < values; ++i) {
      if (p->read_type == GL_FLOAT)
        printf(" %.9g", out.f[i]);
      else if (p->read_type == GL_UNSIGNED_BYTE)
        printf(" %u", out.bytes[i]);
      else if (p->read_type == GL_UNSIGNED_SHORT)
        printf(" %u", out.u16[i]);
      else
        printf(" %u", out.u32[i]);
    }
    printf("\n");
    glDeleteTextures(1, &texture);
  }
  probe_release(&probe);
  return status;
}
