// Writes golden decoded values from a peer GL driver (Mesa llvmpipe here): pseudo-random blocks of
// every compressed family are uploaded with glCompressedTexImage2D and read back with
// glGetTexImage(GL_RGBA, GL_FLOAT). The output file is committed and read by compressed_peer_test.
//
// Usage: formats_extra_peer_golden <output.txt>
// Run with XDG_RUNTIME_DIR set; uses EGL_MESA_platform_surfaceless.
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <glvk/formats/compressed.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

using glvk::formats::CompressedFamily;

struct SplitMix64 {
  uint64_t state;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

struct Case {
  CompressedFamily family;
  GLenum gl_format;
  unsigned bw, bh, bytes;
};

// ETC1 data is uploaded as ETC2 RGB8; only ETC1-compatible blocks (no differential overflow).
void make_etc1_compatible(uint8_t* b) {
  if (!(b[3] & 2)) return;
  for (int c = 0; c < 3; ++c) {
    int base = b[c] >> 3, delta = b[c] & 7;
    if (delta >= 4) delta -= 8;
    if (base + delta < 0 || base + delta > 31) {
      b[3] &= uint8_t(~2u);  // individual mode instead
      return;
    }
  }
}

void shape_block(const Case& c, unsigned i, SplitMix64& rng, uint8_t* b) {
  switch (c.family) {
    case CompressedFamily::BC7: {
      const unsigned mode = i % 9;  // 8 = reserved (no mode bit set)
      b[0] = uint8_t(mode == 8 ? 0 : ((b[0] << (mode + 1)) | (1u << mode)));
      break;
    }
    case CompressedFamily::BC6H_UFLOAT:
    case CompressedFamily::BC6H_SFLOAT: {
      static constexpr uint8_t kModes[] = {0x00, 0x01, 0x02, 0x06, 0x0a, 0x0e, 0x12, 0x16, 0x1a, 0x1e,
                                           0x03, 0x07, 0x0b, 0x0f, 0x13, 0x17, 0x1b, 0x1f};
      const uint8_t m = kModes[i % sizeof(kModes)];
      b[0] = m < 2 ? uint8_t((b[0] & ~3u) | m) : uint8_t((b[0] & ~31u) | m);
      break;
    }
    case CompressedFamily::ETC1_RGB8: make_etc1_compatible(b); break;
    // Edge cases random data rarely hits: equal BC1 endpoints (three-colour mode), and the
    // signed code -128 as an RGTC endpoint or EAC base.
    case CompressedFamily::BC1_RGB:
    case CompressedFamily::BC1_RGBA:
      if (i % 8 == 7) { b[2] = b[0]; b[3] = b[1]; }
      break;
    case CompressedFamily::BC4_SNORM:
    case CompressedFamily::EAC_R11_SNORM:
      if (i % 4 == 3) b[0] = 0x80;
      if (c.family == CompressedFamily::BC4_SNORM && i % 8 == 5) b[1] = 0x80;
      break;
    case CompressedFamily::BC5_SNORM:
    case CompressedFamily::EAC_RG11_SNORM:
      if (i % 4 == 3) b[0] = b[8] = 0x80;
      if (c.family == CompressedFamily::BC5_SNORM && i % 8 == 5) b[1] = b[9] = 0x80;
      break;
    case CompressedFamily::ASTC_LDR: {
      if (i % 10 == 9) {  // void extent, constant colour, LDR
        b[0] = 0xFC;
        b[1] = 0xFD;
        for (int k = 2; k < 8; ++k) b[k] = 0xFF;
        break;
      }
      // Mostly legal blocks: retry random contents until the block is not an error block; every
      // 7th block may be an illegal encoding. Blocks with HDR endpoint modes are always replaced:
      // llvmpipe decodes them although it only offers the LDR profile, where they are errors.
      using glvk::formats::AstcBlockStatus;
      const AstcBlockStatus allowed = i % 7 == 6 ? AstcBlockStatus::ILLEGAL_ENCODING : AstcBlockStatus::OK;
      for (;;) {
        const AstcBlockStatus status = glvk::formats::astc_block_status(c.bw, c.bh, b);
        if (status == AstcBlockStatus::OK || status == allowed) break;
        for (unsigned k = 0; k < 16; k += 8) {
          const uint64_t r = rng.next();
          std::memcpy(b + k, &r, 8);
        }
      }
      break;
    }
    default: break;
  }
}

bool run_case(const Case& c, unsigned count, SplitMix64& rng, FILE* out) {
  std::vector<uint8_t> data(size_t(count) * c.bytes);
  for (unsigned i = 0; i < count; ++i) {
    uint8_t* b = data.data() + size_t(i) * c.bytes;
    for (unsigned k = 0; k < c.bytes; k += 8) {
      const uint64_t r = rng.next();
      std::memcpy(b + k, &r, 8);
    }
    shape_block(c, i, rng, b);
  }
  const unsigned width = count * c.bw, height = c.bh;
  GLuint tex;
  glGenTextures(1, &tex);
  glBindTexture(GL_TEXTURE_2D, tex);
  glCompressedTexImage2D(GL_TEXTURE_2D, 0, c.gl_format, GLsizei(width), GLsizei(height), 0, GLsizei(data.size()),
                         data.data());
  if (glGetError() != GL_NO_ERROR) {
    std::fprintf(stderr, "upload failed for %s\n", glvk::formats::compressed_family_name(c.family));
    return false;
  }
  std::vector<float> texels(size_t(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels.data());
  if (glGetError() != GL_NO_ERROR) return false;
  glDeleteTextures(1, &tex);
  for (unsigned i = 0; i < count; ++i) {
    std::fprintf(out, "%s %u %u ", glvk::formats::compressed_family_name(c.family), c.bw, c.bh);
    for (unsigned k = 0; k < c.bytes; ++k) std::fprintf(out, "%02x", data[size_t(i) * c.bytes + k]);
    for (unsigned y = 0; y < c.bh; ++y)
      for (unsigned x = 0; x < c.bw; ++x)
        for (unsigned ch = 0; ch < 4; ++ch) {
          uint32_t bits;
          std::memcpy(&bits, &texels[(size_t(y) * width + i * c.bw + x) * 4 + ch], 4);
          std::fprintf(out, " %08x", bits);
        }
    std::fprintf(out, "\n");
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output.txt>\n", argv[0]);
    return 2;
  }
  auto get_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
  EGLDisplay dpy = get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr) : EGL_NO_DISPLAY;
  if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API)) {
    std::fprintf(stderr, "no surfaceless EGL display\n");
    return 1;
  }
  EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, nullptr);
  if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
    std::fprintf(stderr, "no GL context\n");
    return 1;
  }
  FILE* out = std::fopen(argv[1], "w");
  if (!out) return 1;
  std::fprintf(out, "# Peer-decoded compressed blocks: %s / %s\n", reinterpret_cast<const char*>(glGetString(GL_RENDERER)),
               reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  std::fprintf(out, "# family block_w block_h block_hex then block_w*block_h RGBA floats (IEEE bits, hex), row-major\n");
  using F = CompressedFamily;
  const Case cases[] = {
      {F::BC1_RGB, 0x83F0, 4, 4, 8}, {F::BC1_RGBA, 0x83F1, 4, 4, 8}, {F::BC2, 0x83F2, 4, 4, 16},
      {F::BC3, 0x83F3, 4, 4, 16}, {F::BC4_UNORM, 0x8DBB, 4, 4, 8}, {F::BC4_SNORM, 0x8DBC, 4, 4, 8},
      {F::BC5_UNORM, 0x8DBD, 4, 4, 16}, {F::BC5_SNORM, 0x8DBE, 4, 4, 16}, {F::BC6H_UFLOAT, 0x8E8F, 4, 4, 16},
      {F::BC6H_SFLOAT, 0x8E8E, 4, 4, 16}, {F::BC7, 0x8E8C, 4, 4, 16}, {F::ETC1_RGB8, 0x9274, 4, 4, 8},
      {F::ETC2_RGB8, 0x9274, 4, 4, 8}, {F::ETC2_RGB8A1, 0x9276, 4, 4, 8}, {F::ETC2_RGBA8, 0x9278, 4, 4, 16},
      {F::EAC_R11_UNORM, 0x9270, 4, 4, 8}, {F::EAC_R11_SNORM, 0x9271, 4, 4, 8}, {F::EAC_RG11_UNORM, 0x9272, 4, 4, 16},
      {F::EAC_RG11_SNORM, 0x9273, 4, 4, 16}};
  SplitMix64 rng{0x676c766b};  // "glvk"
  bool ok = true;
  for (const Case& c : cases) {
    const unsigned count = (c.family == F::BC6H_UFLOAT || c.family == F::BC6H_SFLOAT) ? 180
                           : c.family == F::BC7                                     ? 144
                                                                                     : 64;
    ok = run_case(c, count, rng, out) && ok;
  }
  static constexpr unsigned kAstcSizes[14][2] = {{4, 4}, {5, 4}, {5, 5}, {6, 5}, {6, 6}, {8, 5}, {8, 6},
                                                 {8, 8}, {10, 5}, {10, 6}, {10, 8}, {10, 10}, {12, 10}, {12, 12}};
  for (unsigned s = 0; s < 14; ++s) {
    const Case c{F::ASTC_LDR, GLenum(0x93B0 + s), kAstcSizes[s][0], kAstcSizes[s][1], 16};
    ok = run_case(c, 40, rng, out) && ok;
  }
  std::fclose(out);
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(dpy, ctx);
  eglTerminate(dpy);
  return ok ? 0 : 1;
}
