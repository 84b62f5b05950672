// The GL call-sequence decoder (see gl_call_sequence.h). Each call takes an opcode byte and its
// arguments from the input; an exhausted input reads zeros.
#include "gl_call_sequence.h"

#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "gl_shaders.h"

namespace glvk::fuzz {
namespace {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
  bool done() const { return at_ >= size_; }
  std::uint8_t byte() { return at_ < size_ ? data_[at_++] : 0; }
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v = v << 8 | byte();
    return v;
  }
  // Sizes, offsets and counts as a hostile program picks them: the edges of GLint and of the
  // implementation's limits, small values, powers of two (capped so real allocations stay small).
  GLint edge() {
    switch (byte() % 10) {
      case 0: return 0;
      case 1: return 1;
      case 2: return -1;
      case 3: return INT_MAX;
      case 4: return INT_MIN;
      case 5: return GLint(1) << (byte() % 31);  // reaches past every limit: must be refused
      case 6: return GLint(1) << (byte() % 11);
      case 7: return GLint(byte() % 33);
      case 8: return 16384 + (byte() % 3) - 1;   // around MAX_TEXTURE_SIZE
      default: return GLint(byte() % 9);
    }
  }
  // A size that may be allocated: small, zero, negative, or refused as far too large.
  GLint small_size() {
    switch (byte() % 6) {
      case 0: return -1;
      case 1: return 0;
      case 2: return INT_MAX;
      default: return GLint(byte() % 40) + 1;
    }
  }
  template <std::size_t N>
  GLenum pick(const GLenum (&table)[N]) {
    const std::uint8_t b = byte();
    return b == 255 ? GLenum(u32() & 0xffff) : table[b % N];  // now and then any enum at all
  }

 private:
  const std::uint8_t* data_;
  std::size_t size_, at_ = 0;
};

constexpr GLenum kTargets[] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY,
                               GL_TEXTURE_RECTANGLE, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_ARRAY,
                               GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BUFFER};
constexpr GLenum kImageTargets2D[] = {GL_TEXTURE_2D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_RECTANGLE,
                                      GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z,
                                      GL_PROXY_TEXTURE_2D};
constexpr GLenum kImageTargets3D[] = {GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY};
constexpr GLenum kInternalFormats[] = {
    GL_RGBA8, GL_RGB8, GL_R8, GL_RG16F, GL_RGBA32F, GL_RGBA8UI, GL_R32I, GL_SRGB8_ALPHA8, GL_RGB10_A2,
    GL_DEPTH_COMPONENT24, GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8, GL_STENCIL_INDEX8, GL_R11F_G11F_B10F,
    GL_RGB9_E5, GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_RGBA_BPTC_UNORM,
    GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_RGBA, GL_RGBA, GL_LUMINANCE_ALPHA};
constexpr GLenum kCompressedFormats[] = {GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_SIGNED_RG_RGTC2,
                                         GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT,
                                         GL_COMPRESSED_RGBA_BPTC_UNORM, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
                                         GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_RGBA8_ETC2_EAC};
constexpr GLenum kFormats[] = {GL_RED, GL_RG, GL_RGB, GL_RGBA, GL_BGRA, GL_RGBA_INTEGER, GL_RED_INTEGER,
                               GL_DEPTH_COMPONENT, GL_STENCIL_INDEX, GL_DEPTH_STENCIL, GL_LUMINANCE};
constexpr GLenum kTypes[] = {GL_UNSIGNED_BYTE, GL_BYTE, GL_UNSIGNED_SHORT, GL_SHORT, GL_UNSIGNED_INT, GL_INT,
                             GL_FLOAT, GL_HALF_FLOAT, GL_UNSIGNED_INT_8_8_8_8_REV, GL_UNSIGNED_SHORT_5_6_5,
                             GL_UNSIGNED_INT_24_8, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_UNSIGNED_INT_2_10_10_10_REV};
constexpr GLenum kPixelStore[] = {GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_IMAGE_HEIGHT,
                                  GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_IMAGES,
                                  GL_PACK_ALIGNMENT, GL_PACK_ROW_LENGTH, GL_PACK_SKIP_PIXELS, GL_PACK_SKIP_ROWS};
constexpr GLenum kBufferTargets[] = {GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER,
                                     GL_PIXEL_UNPACK_BUFFER, GL_UNIFORM_BUFFER, GL_COPY_READ_BUFFER,
                                     GL_DRAW_INDIRECT_BUFFER, GL_TEXTURE_BUFFER};
constexpr GLenum kTexParameters[] = {GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_MIN_FILTER,
                                     GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_SWIZZLE_R,
                                     GL_TEXTURE_MAX_ANISOTROPY, GL_TEXTURE_COMPARE_MODE, GL_DEPTH_STENCIL_TEXTURE_MODE,
                                     GL_TEXTURE_MIN_LOD};
constexpr GLenum kQueries[] = {GL_MAX_TEXTURE_SIZE, GL_VIEWPORT, GL_SCISSOR_BOX, GL_COLOR_CLEAR_VALUE,
                               GL_TEXTURE_BINDING_2D, GL_IMPLEMENTATION_COLOR_READ_FORMAT, GL_NUM_EXTENSIONS,
                               GL_MAX_ELEMENT_INDEX, GL_CURRENT_PROGRAM, GL_DRAW_FRAMEBUFFER_BINDING,
                               GL_COMPRESSED_TEXTURE_FORMATS, GL_BLEND_COLOR, GL_DEPTH_RANGE, GL_STENCIL_REF};
constexpr GLenum kIndexedQueries[] = {GL_VERTEX_BINDING_OFFSET, GL_VERTEX_BINDING_STRIDE, GL_UNIFORM_BUFFER_BINDING,
                                      GL_UNIFORM_BUFFER_SIZE, GL_BLEND_SRC_RGB, GL_COLOR_WRITEMASK, GL_VIEWPORT,
                                      GL_SCISSOR_BOX, GL_SAMPLE_MASK_VALUE};
constexpr GLenum kLevelParameters[] = {GL_TEXTURE_WIDTH, GL_TEXTURE_HEIGHT, GL_TEXTURE_DEPTH,
                                       GL_TEXTURE_INTERNAL_FORMAT, GL_TEXTURE_COMPRESSED_IMAGE_SIZE,
                                       GL_TEXTURE_BUFFER_SIZE, GL_TEXTURE_RED_SIZE, GL_TEXTURE_SAMPLES};
constexpr GLenum kModes[] = {GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES, GL_TRIANGLE_STRIP,
                             GL_TRIANGLE_FAN, GL_LINES_ADJACENCY, GL_PATCHES};
constexpr GLenum kIndexTypes[] = {GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT};
constexpr GLenum kAttribTypes[] = {GL_FLOAT, GL_UNSIGNED_BYTE, GL_SHORT, GL_INT, GL_DOUBLE, GL_HALF_FLOAT,
                                   GL_INT_2_10_10_10_REV, GL_FIXED};
constexpr GLenum kLabelled[] = {GL_BUFFER, GL_TEXTURE, GL_FRAMEBUFFER, GL_RENDERBUFFER, GL_VERTEX_ARRAY, GL_PROGRAM,
                                GL_SHADER, GL_SAMPLER, GL_QUERY};

struct PixelStore {
  GLint alignment = 4, row_length = 0, image_height = 0, skip_pixels = 0, skip_rows = 0, skip_images = 0;
};

// What the calls made, deleted at the end of the sequence.
struct Objects {
  std::vector<GLuint> textures, buffers, framebuffers, renderbuffers, vertex_arrays, programs, samplers;
  PixelStore unpack, pack;
};

// Bytes per pixel of a (format, type) pair as GL 4.6 tables 8.4/8.5 size them; 0 when the pair is
// not one the fuzzer sizes (it then passes no client memory at all).
std::int64_t bytes_per_pixel(GLenum format, GLenum type) {
  switch (type) {
    case GL_UNSIGNED_SHORT_5_6_5: return format == GL_RGB ? 2 : 0;
    case GL_UNSIGNED_INT_8_8_8_8_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
      return format == GL_RGBA || format == GL_BGRA || format == GL_RGBA_INTEGER ? 4 : 0;
    case GL_UNSIGNED_INT_24_8: return format == GL_DEPTH_STENCIL ? 4 : 0;
    case GL_FLOAT_32_UNSIGNED_INT_24_8_REV: return format == GL_DEPTH_STENCIL ? 8 : 0;
    default: break;
  }
  std::int64_t size = 0;
  switch (type) {
    case GL_UNSIGNED_BYTE: case GL_BYTE: size = 1; break;
    case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: size = 2; break;
    case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT: size = 4; break;
    default: return 0;
  }
  switch (format) {
    case GL_RED: case GL_RED_INTEGER: case GL_DEPTH_COMPONENT: case GL_STENCIL_INDEX: case GL_LUMINANCE: return size;
    case GL_RG: return 2 * size;
    case GL_RGB: return 3 * size;
    case GL_RGBA: case GL_BGRA: case GL_RGBA_INTEGER: return 4 * size;
    default: return 0;
  }
}

constexpr std::int64_t kMaxClientBytes = std::int64_t(8) << 20;

// Bytes from the client pointer to one past the last texel of a w x h x d transfer (GL 4.6
// 8.4.4.1), or -1 when nothing is sized (an empty or unsized transfer, or one beyond the cap).
std::int64_t client_bytes(const PixelStore& s, GLint w, GLint h, GLint d, GLenum format, GLenum type, bool three_d) {
  const std::int64_t bpp = bytes_per_pixel(format, type);
  if (w <= 0 || h <= 0 || d <= 0 || bpp == 0 || w > 65536 || h > 65536 || d > 65536) return -1;
  const std::int64_t row_pixels = s.row_length > 0 ? s.row_length : w;
  const std::int64_t align = s.alignment > 0 ? s.alignment : 1;
  const std::int64_t row = (row_pixels * bpp + align - 1) / align * align;
  const std::int64_t rows = three_d && s.image_height > 0 ? s.image_height : h;
  const std::int64_t images = three_d ? std::int64_t(s.skip_images) + d - 1 : 0;
  const __int128 end = __int128(images) * rows * row + (__int128(s.skip_rows) + h - 1) * row +
                       (__int128(s.skip_pixels) + w) * bpp;
  return end > kMaxClientBytes ? -1 : std::int64_t(end);
}

// A client buffer of exactly `bytes` (null for -1), filled from the input.
std::vector<std::uint8_t> client_memory(Input& in, std::int64_t bytes) {
  std::vector<std::uint8_t> memory(bytes > 0 ? std::size_t(bytes) : 0);
  const std::uint8_t seed = in.byte();
  for (std::size_t i = 0; i < memory.size(); ++i) memory[i] = std::uint8_t(seed + i * 31);
  return memory;
}

const void* pointer_or_null(const std::vector<std::uint8_t>& memory) { return memory.empty() ? nullptr : memory.data(); }

void pixel_store(Input& in, Objects& o) {
  const GLenum pname = in.pick(kPixelStore);
  const GLint value = in.byte() % 4 == 0 ? in.edge() : GLint(in.byte() % 9);
  while (glGetError() != GL_NO_ERROR) {
  }  // an earlier call's error would hide whether this one was refused
  glPixelStorei(pname, value);
  if (glGetError() != GL_NO_ERROR) return;  // refused: the tracked state stays
  PixelStore& s = pname >= GL_PACK_SWAP_BYTES && pname <= GL_PACK_ALIGNMENT ? o.pack : o.unpack;
  switch (pname) {
    case GL_UNPACK_ALIGNMENT: case GL_PACK_ALIGNMENT: s.alignment = value; break;
    case GL_UNPACK_ROW_LENGTH: case GL_PACK_ROW_LENGTH: s.row_length = value; break;
    case GL_UNPACK_IMAGE_HEIGHT: s.image_height = value; break;
    case GL_UNPACK_SKIP_PIXELS: case GL_PACK_SKIP_PIXELS: s.skip_pixels = value; break;
    case GL_UNPACK_SKIP_ROWS: case GL_PACK_SKIP_ROWS: s.skip_rows = value; break;
    case GL_UNPACK_SKIP_IMAGES: s.skip_images = value; break;
    default: break;
  }
}

GLuint pick_name(Input& in, const std::vector<GLuint>& names) {
  const std::uint8_t b = in.byte();
  if (b % 8 == 7 || names.empty()) return b % 2 ? 0 : 0xbad0 + b;  // zero or a name nobody made
  return names[b % names.size()];
}

void texture_calls(Input& in, Objects& o, std::uint8_t op) {
  switch (op % 12) {
    case 0: {  // a new texture bound to a target
      GLuint t;
      glGenTextures(1, &t);
      o.textures.push_back(t);
      glBindTexture(in.pick(kTargets), t);
      break;
    }
    case 1: glBindTexture(in.pick(kTargets), pick_name(in, o.textures)); break;
    case 2: {
      const GLenum target = in.pick(kImageTargets2D), internal = in.pick(kInternalFormats);
      const GLint level = in.byte() % 5 ? GLint(in.byte() % 4) : in.edge(), w = in.edge(), h = in.edge();
      const GLenum format = in.pick(kFormats), type = in.pick(kTypes);
      const auto memory = client_memory(in, in.byte() % 3 ? client_bytes(o.unpack, w, h, 1, format, type, false) : -1);
      glTexImage2D(target, level, GLint(internal), w, h, in.byte() % 8 ? 0 : 1, format, type, pointer_or_null(memory));
      break;
    }
    case 3: {
      const GLenum target = in.pick(kImageTargets3D), internal = in.pick(kInternalFormats);
      const GLint level = GLint(in.byte() % 3), w = in.edge() % 65, h = in.edge() % 65, d = in.edge() % 13;
      const GLenum format = in.pick(kFormats), type = in.pick(kTypes);
      const auto memory = client_memory(in, client_bytes(o.unpack, w, h, d, format, type, true));
      glTexImage3D(target, level, GLint(internal), w, h, d, 0, format, type, pointer_or_null(memory));
      break;
    }
    case 4: {
      const GLenum target = in.pick(kImageTargets2D);
      const GLint level = GLint(in.byte() % 3), x = in.edge(), y = in.edge(), w = in.edge(), h = in.edge();
      const GLenum format = in.pick(kFormats), type = in.pick(kTypes);
      const auto memory = client_memory(in, client_bytes(o.unpack, w, h, 1, format, type, false));
      glTexSubImage2D(target, level, x, y, w, h, format, type, pointer_or_null(memory));
      break;
    }
    case 5: {  // read back a whole level into exactly its size
      const GLenum target = in.pick(kImageTargets2D);
      const GLint level = GLint(in.byte() % 3);
      GLint w = 0, h = 0;
      glGetTexLevelParameteriv(target, level, GL_TEXTURE_WIDTH, &w);
      glGetTexLevelParameteriv(target, level, GL_TEXTURE_HEIGHT, &h);
      const GLenum format = in.pick(kFormats), type = in.pick(kTypes);
      const std::int64_t bytes = client_bytes(o.pack, w, h, 1, format, type, false);
      if (bytes < 0) break;
      std::vector<std::uint8_t> out(static_cast<std::size_t>(bytes));
      glGetTexImage(target, level, format, type, out.data());
      break;
    }
    case 6: {
      const GLenum target = in.byte() % 2 ? in.pick(kImageTargets2D) : in.pick(kImageTargets3D);
      const GLenum format = in.pick(kCompressedFormats);
      const GLint w = in.edge() % 33, h = in.edge() % 33, d = in.edge() % 5, size = in.small_size();
      // Blocks of 8 bytes when there is data; -1, 0 and INT_MAX are passed as they are, without data.
      const auto memory = client_memory(in, size > 0 && size < 4096 ? std::int64_t(size) * 8 : -1);
      const GLsizei image_size = memory.empty() ? size : GLsizei(memory.size());
      if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY)
        glCompressedTexImage3D(target, GLint(in.byte() % 2), format, w, h, d, 0, image_size, pointer_or_null(memory));
      else
        glCompressedTexImage2D(target, GLint(in.byte() % 2), format, w, h, 0, image_size, pointer_or_null(memory));
      break;
    }
    case 7: {  // compressed readback into exactly the image's size
      const GLenum target = in.byte() % 2 ? in.pick(kImageTargets2D) : in.pick(kImageTargets3D);
      GLint compressed = 0, size = 0;
      glGetTexLevelParameteriv(target, 0, GL_TEXTURE_COMPRESSED, &compressed);
      glGetTexLevelParameteriv(target, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &size);
      if (!compressed || size <= 0 || size > kMaxClientBytes) break;
      std::vector<std::uint8_t> out(static_cast<std::size_t>(size));
      glGetCompressedTexImage(target, 0, out.data());
      break;
    }
    case 8: {
      const GLenum target = in.pick(kImageTargets2D);
      glCopyTexImage2D(target, GLint(in.byte() % 3), in.pick(kInternalFormats), in.edge(), in.edge(), in.edge() % 70,
                       in.edge() % 70, 0);
      break;
    }
    case 9: {
      const GLenum target = in.pick(kTargets);
      if (in.byte() % 2)
        glTexStorage2D(target, in.edge() % 16, in.pick(kInternalFormats), in.edge(), in.edge() % 2049);
      else
        glTexStorage3D(target, in.edge() % 8, in.pick(kInternalFormats), in.edge() % 129, in.edge() % 129,
                       in.edge() % 13);
      break;
    }
    case 10: glGenerateMipmap(in.pick(kTargets)); break;
    default: {
      const GLenum target = in.pick(kTargets), pname = in.pick(kTexParameters);
      if (in.byte() % 2) glTexParameteri(target, pname, in.byte() % 2 ? in.edge() : GLint(in.pick(kTargets)));
      else glTexParameterf(target, pname, float(in.edge()) / float(1 + in.byte()));
      break;
    }
  }
}

void buffer_calls(Input& in, Objects& o, std::uint8_t op) {
  const GLenum target = in.pick(kBufferTargets);
  switch (op % 11) {
    case 0: {
      GLuint b;
      glGenBuffers(1, &b);
      o.buffers.push_back(b);
      glBindBuffer(target, b);
      break;
    }
    case 1: glBindBuffer(target, pick_name(in, o.buffers)); break;
    case 2: {
      // Sizes: small ones with data, or a size far beyond memory (GL_OUT_OF_MEMORY).
      const std::uint8_t kind = in.byte() % 8;
      const GLsizeiptr size = kind == 0 ? GLsizeiptr(1) << 40 : kind == 1 ? -1 : GLsizeiptr(in.byte()) * 64;
      const auto memory = client_memory(in, kind > 1 && in.byte() % 2 ? size : -1);
      glBufferData(target, size, pointer_or_null(memory), GL_STATIC_DRAW);
      break;
    }
    case 3: {
      const GLintptr offset = in.edge();
      const GLsizeiptr size = in.byte() % 4 ? GLsizeiptr(in.byte()) : in.edge();
      const auto memory = client_memory(in, size > 0 ? size : -1);
      glBufferSubData(target, offset, size, pointer_or_null(memory));
      break;
    }
    case 4: {
      const GLintptr offset = in.edge();
      const GLsizeiptr size = in.byte() % 4 ? GLsizeiptr(in.byte()) : in.edge();
      std::vector<std::uint8_t> out(size > 0 && size < (1 << 16) ? std::size_t(size) : 0);
      if (!out.empty()) glGetBufferSubData(target, offset, size, out.data());
      break;
    }
    case 5: {
      const GLintptr offset = in.byte() % 3 ? GLintptr(in.byte()) : in.edge();
      const GLsizeiptr length = in.byte() % 3 ? GLsizeiptr(in.byte()) : in.edge();
      const GLbitfield access = in.byte() & 0xff;
      auto* p = static_cast<std::uint8_t*>(glMapBufferRange(target, offset, length, access));
      if (p && (access & GL_MAP_WRITE_BIT) && length > 0) std::memset(p, 0x5a, std::size_t(length));
      if (p && (access & GL_MAP_READ_BIT) && length > 0) {
        volatile std::uint8_t sink = p[length - 1];
        (void)sink;
      }
      glUnmapBuffer(target);
      break;
    }
    case 6:
      glCopyBufferSubData(target, in.pick(kBufferTargets), in.edge(), in.edge(), in.byte() % 3 ? GLsizeiptr(in.byte()) : in.edge());
      break;
    case 7: {  // one element of up to 16 bytes (RGBA32), or none
      std::uint8_t element[16];
      for (std::uint8_t& b : element) b = in.byte();
      glClearBufferSubData(target, in.pick(kInternalFormats), in.byte() % 3 ? GLintptr(in.byte()) : in.edge(),
                           in.byte() % 3 ? GLsizeiptr(in.byte()) : in.edge(), in.pick(kFormats), in.pick(kTypes),
                           in.byte() % 4 ? element : nullptr);
      break;
    }
    case 8: {  // multi-bind: count from -1 to 4 entries of arrays that hold 4
      GLuint names[4];
      GLintptr offsets[4];
      GLsizeiptr sizes[4];
      for (int i = 0; i < 4; ++i) {
        names[i] = pick_name(in, o.buffers);
        offsets[i] = in.byte() % 3 ? GLintptr(in.byte()) * 64 : in.edge();
        sizes[i] = in.byte() % 3 ? GLsizeiptr(in.byte()) : in.edge();
      }
      const GLenum indexed = in.byte() % 2 ? GL_UNIFORM_BUFFER : GL_TRANSFORM_FEEDBACK_BUFFER;
      const GLuint first = in.byte() % 3 ? in.byte() % 40 : GLuint(in.edge());
      glBindBuffersRange(indexed, first, GLsizei(in.byte() % 6) - 1, in.byte() % 4 ? names : nullptr, offsets, sizes);
      break;
    }
    case 9: {  // a fence, or a handle nobody made, waited for at most a millisecond
      GLsync sync = in.byte() % 4 ? glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, in.byte() % 8 ? 0 : in.byte())
                                  : reinterpret_cast<GLsync>(std::uintptr_t(0xbad0 + in.byte()));
      glClientWaitSync(sync, in.byte() % 4 ? GL_SYNC_FLUSH_COMMANDS_BIT : in.byte(), GLuint64(in.byte()) * 4000);
      GLint value[2] = {};
      GLsizei length = 0;
      glGetSynciv(sync, in.byte() % 2 ? GL_SYNC_STATUS : GLenum(in.u32()), GLsizei(in.byte() % 4) - 1, &length, value);
      glDeleteSync(sync);
      break;
    }
    default:
      glTexBufferRange(GL_TEXTURE_BUFFER, in.pick(kInternalFormats), pick_name(in, o.buffers), in.edge(), in.edge());
      break;
  }
}

void framebuffer_calls(Input& in, Objects& o, std::uint8_t op) {
  switch (op % 9) {
    case 0: {
      GLuint f;
      glGenFramebuffers(1, &f);
      o.framebuffers.push_back(f);
      glBindFramebuffer(GL_FRAMEBUFFER, f);
      break;
    }
    case 1: glBindFramebuffer(in.byte() % 2 ? GL_READ_FRAMEBUFFER : GL_FRAMEBUFFER, pick_name(in, o.framebuffers)); break;
    case 2:
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + in.byte() % 3, in.pick(kImageTargets2D),
                             pick_name(in, o.textures), GLint(in.byte() % 3));
      break;
    case 3: {
      GLuint r;
      glGenRenderbuffers(1, &r);
      o.renderbuffers.push_back(r);
      glBindRenderbuffer(GL_RENDERBUFFER, r);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, in.byte() % 3 ? 0 : in.edge() % 9, in.pick(kInternalFormats),
                                       in.edge() % 129, in.edge() % 129);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, in.byte() % 2 ? GL_COLOR_ATTACHMENT0 : GL_DEPTH_STENCIL_ATTACHMENT,
                                GL_RENDERBUFFER, r);
      break;
    }
    case 4: {
      const GLfloat f[4] = {float(in.edge()), 0.5f, -1.0f, 2.0f};
      const GLint i[4] = {in.edge(), 1, -1, INT_MAX};
      glColorMask(in.byte() % 2, in.byte() % 2, GL_TRUE, in.byte() % 2);
      glScissor(in.edge(), in.edge(), in.edge(), in.edge());
      if (in.byte() % 2) glEnable(GL_SCISSOR_TEST);
      switch (in.byte() % 4) {
        case 0: glClearBufferfv(GL_COLOR, in.byte() % 3, f); break;
        case 1: glClearBufferiv(GL_COLOR, in.byte() % 3, i); break;
        case 2: glClearBufferuiv(GL_COLOR, in.byte() % 3, reinterpret_cast<const GLuint*>(i)); break;
        default: glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT); break;
      }
      glDisable(GL_SCISSOR_TEST);
      glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
      break;
    }
    case 5: {
      const GLint x = in.edge(), y = in.edge(), w = in.edge() % 70, h = in.edge() % 70;
      const GLenum format = in.pick(kFormats), type = in.pick(kTypes);
      const std::int64_t bytes = client_bytes(o.pack, w, h, 1, format, type, false);
      if (bytes < 0) break;
      std::vector<std::uint8_t> out(static_cast<std::size_t>(bytes));
      glReadPixels(x, y, w, h, format, type, out.data());
      break;
    }
    case 6:
      glBlitFramebuffer(in.edge(), in.edge(), in.edge(), in.edge(), in.edge(), in.edge(), in.edge(), in.edge(),
                        in.byte() & 0x7 ? GL_COLOR_BUFFER_BIT : GLbitfield(in.u32()),
                        in.byte() % 2 ? GL_NEAREST : GL_LINEAR);
      break;
    case 7:
      glCopyTexSubImage2D(in.pick(kImageTargets2D), GLint(in.byte() % 3), in.edge(), in.edge(), in.edge(), in.edge(),
                          in.edge() % 70, in.edge() % 70);
      break;
    default: glCheckFramebufferStatus(GL_FRAMEBUFFER); break;
  }
}

void query_and_debug_calls(Input& in, Objects& o, std::uint8_t op) {
  switch (op % 6) {
    case 0: {
      // Exactly as many values as the state has: 16 at most, but the compressed format list is
      // as long as NUM_COMPRESSED_TEXTURE_FORMATS says.
      const GLenum pname = in.pick(kQueries);
      GLint count = 16;
      if (pname == GL_COMPRESSED_TEXTURE_FORMATS) glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &count);
      std::vector<GLint64> v(std::size_t(count > 0 ? count : 1));
      glGetInteger64v(pname, v.data());
      break;
    }
    case 1: {
      GLint v[4];
      glGetIntegeri_v(in.pick(kIndexedQueries), GLuint(in.edge()), v);
      break;
    }
    case 2: {
      GLint v = 0;
      glGetTexLevelParameteriv(in.pick(kTargets), in.edge() % 20, in.pick(kLevelParameters), &v);
      break;
    }
    case 3: {
      const GLenum identifier = in.pick(kLabelled);
      const GLuint name = in.byte() % 2 ? pick_name(in, o.textures) : pick_name(in, o.buffers);
      const std::size_t length = in.byte() % 300;
      std::vector<char> label(length + 1, 'x');
      label[length] = 0;
      glObjectLabel(identifier, name, in.byte() % 2 ? -1 : GLsizei(length), label.data());
      const GLsizei size = GLsizei(in.byte());
      std::vector<char> out(static_cast<std::size_t>(size));
      GLsizei written = 0;
      glGetObjectLabel(identifier, name, size, &written, size ? out.data() : nullptr);
      break;
    }
    case 4: {
      const std::size_t length = in.byte() % 40;
      const std::string text(length, 'm');
      glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, in.u32(), -1, text.c_str());
      glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_MARKER, in.u32(), GL_DEBUG_SEVERITY_LOW, -1,
                           text.c_str());
      if (in.byte() % 2) glPopDebugGroup();
      break;
    }
    default: {
      GLuint s;
      glGenSamplers(1, &s);
      o.samplers.push_back(s);
      glBindSampler(in.byte() % 100, s);
      glSamplerParameteri(s, in.pick(kTexParameters), in.edge());
      break;
    }
  }
}

constexpr const char* kVertexShader = R"(#version 330 core
layout(location = 0) in vec4 position;
layout(location = 1) in vec4 colour;
out vec4 v_colour;
void main() { gl_Position = position; gl_PointSize = 1.0; v_colour = colour; })";
constexpr const char* kFragmentShader = R"(#version 330 core
layout(std140) uniform Block { vec4 tint; };
uniform sampler2D image;
in vec4 v_colour;
out vec4 result;
void main() { result = v_colour + tint + texture(image, v_colour.xy); })";

// Every store is inside the bound range and image: the device checks neither (robust access off).
constexpr const char* kComputeShader = R"(#version 430
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer Out { uint data[]; };
layout(rgba8, binding = 0) uniform writeonly image2D img;
void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i < uint(data.length())) data[i] = i;
  ivec2 p = ivec2(int(i), 0);
  if (all(lessThan(p, imageSize(img)))) imageStore(img, p, vec4(1.0));
})";

// Compute: a dispatch of a few groups over whatever is bound, then the storage and image bindings
// and the dispatch commands with edge values (no compute program in use then: refused before
// anything runs, so no indirect count from made-up bytes reaches the device).
void compute_calls(Input& in, Objects& o, std::uint8_t op) {
  switch (op % 3) {
    case 0: {
      const GLuint p = glCreateProgram();
      o.programs.push_back(p);
      const GLuint s = glCreateShader(GL_COMPUTE_SHADER);
      glShaderSource(s, 1, &kComputeShader, nullptr);
      glCompileShader(s);
      glAttachShader(p, s);
      glDeleteShader(s);
      glLinkProgram(p);
      glUseProgram(p);
      glDispatchCompute(in.byte() % 5, 1 + in.byte() % 2, 1);
      glUseProgram(0);
      break;
    }
    case 1: {
      constexpr GLenum kIndexed[] = {GL_SHADER_STORAGE_BUFFER, GL_ATOMIC_COUNTER_BUFFER, GL_UNIFORM_BUFFER};
      glBindBufferRange(in.pick(kIndexed), in.byte() % 20, pick_name(in, o.buffers), in.edge(), in.edge());
      constexpr GLenum kAccess[] = {GL_READ_ONLY, GL_WRITE_ONLY, GL_READ_WRITE, GL_RGBA};
      glBindImageTexture(in.byte() % 10, pick_name(in, o.textures), in.byte() % 3 ? in.byte() % 3 : in.edge(),
                         in.byte() % 2, in.byte() % 3 ? in.byte() % 3 : in.edge(), in.pick(kAccess),
                         in.pick(kInternalFormats));
      GLuint names[3] = {pick_name(in, o.textures), pick_name(in, o.textures), 0};
      glBindImageTextures(in.byte() % 10, GLsizei(in.byte() % 5) - 1, in.byte() % 4 ? names : nullptr);
      break;
    }
    default:
      glShaderStorageBlockBinding(pick_name(in, o.programs), in.byte() % 3, in.byte() % 3 ? in.byte() % 20 : in.u32());
      glDispatchCompute(GLuint(in.edge()), GLuint(in.edge()), GLuint(in.edge()));
      glDispatchComputeIndirect(in.edge());
      break;
  }
}

constexpr const char* kSubroutineShader = R"(#version 430 core
subroutine vec4 colour_t(float level);
subroutine uniform colour_t pick;
layout(location = 2) subroutine uniform colour_t more[2];
out vec4 result;
subroutine(colour_t) vec4 red(float level) { return vec4(level, 0.0, 0.0, 1.0); }
subroutine(colour_t) vec4 green(float level) { return vec4(0.0, level, 0.0, 1.0); }
void main() { result = pick(1.0) + more[1](0.5); })";

// The GL 4.x commands: query results into buffers (offsets and names at their edges, the bound
// QUERY_BUFFER's offset form only while one is bound), the count-from-a-buffer indirect draws,
// the stream forms of glDrawTransformFeedback and the subroutine queries and selection.
void gl4_calls(Input& in, Objects& o, std::uint8_t op) {
  constexpr GLenum kQueryPnames[] = {GL_QUERY_RESULT, GL_QUERY_RESULT_AVAILABLE, GL_QUERY_RESULT_NO_WAIT,
                                     GL_QUERY_TARGET, GL_QUERY_COUNTER_BITS};
  switch (op % 4) {
    case 0: {
      GLuint q = 0;
      glGenQueries(1, &q);
      glBeginQuery(GL_SAMPLES_PASSED, q);
      glEndQuery(GL_SAMPLES_PASSED);
      const GLuint id = in.byte() % 4 ? q : GLuint(in.edge());
      const GLuint buffer = pick_name(in, o.buffers);
      const GLenum pname = in.pick(kQueryPnames);
      const GLintptr offset = in.byte() % 3 ? GLintptr(in.byte() % 80) : GLintptr(in.edge());
      switch (in.byte() % 4) {
        case 0: glGetQueryBufferObjectiv(id, buffer, pname, offset); break;
        case 1: glGetQueryBufferObjectuiv(id, buffer, pname, offset); break;
        case 2: glGetQueryBufferObjecti64v(id, buffer, pname, offset); break;
        default: glGetQueryBufferObjectui64v(id, buffer, pname, offset); break;
      }
      glBindBuffer(GL_QUERY_BUFFER, buffer);
      GLint bound = 0;
      glGetIntegerv(GL_QUERY_BUFFER_BINDING, &bound);
      GLuint64 client = 0;
      if (bound) glGetQueryObjectui64v(id, pname, reinterpret_cast<GLuint64*>(std::uintptr_t(offset)));
      else glGetQueryObjectui64v(id, pname, &client);
      glBindBuffer(GL_QUERY_BUFFER, 0);
      glDeleteQueries(1, &q);
      break;
    }
    case 1: {
      glBindBuffer(GL_PARAMETER_BUFFER, pick_name(in, o.buffers));
      const GLenum mode = in.pick(kModes);
      const auto indirect = reinterpret_cast<const void*>(std::intptr_t(in.byte() % 3 ? in.byte() % 64 : in.edge()));
      const GLintptr count_at = in.byte() % 3 ? GLintptr(in.byte() % 32) : GLintptr(in.edge());
      const GLsizei max = in.byte() % 3 ? GLsizei(in.byte() % 4) : in.edge();
      const GLsizei stride = in.byte() % 3 ? GLsizei(in.byte() % 3) * 16 : in.edge();
      if (in.byte() % 2) glMultiDrawArraysIndirectCount(mode, indirect, count_at, max, stride);
      else glMultiDrawElementsIndirectCount(mode, in.pick(kIndexTypes), indirect, count_at, max, stride);
      break;
    }
    case 2: {
      GLuint xfb = 0;
      glGenTransformFeedbacks(1, &xfb);
      if (in.byte() % 2) glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb);
      glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
      const GLuint id = in.byte() % 3 ? (in.byte() % 2 ? xfb : 0) : GLuint(in.edge());
      const GLuint stream = in.byte() % 3 ? in.byte() % 5 : GLuint(in.edge());
      if (in.byte() % 2) glDrawTransformFeedbackStream(in.pick(kModes), id, stream);
      else glDrawTransformFeedbackStreamInstanced(in.pick(kModes), id, stream, in.edge() % 4);
      glDeleteTransformFeedbacks(1, &xfb);
      break;
    }
    default: {
      const GLuint p = o.programs.emplace_back(test::vertex_fragment_program(kVertexShader, kSubroutineShader, in.byte() % 4));
      const GLuint name = in.byte() % 4 ? p : pick_name(in, o.programs);
      constexpr GLenum kStages[] = {GL_FRAGMENT_SHADER, GL_VERTEX_SHADER, GL_COMPUTE_SHADER, GL_TEXTURE_2D};
      const GLenum stage = in.pick(kStages);
      const GLuint index = in.byte() % 3 ? in.byte() % 4 : GLuint(in.edge());
      const GLsizei size = in.byte() % 3 ? GLsizei(in.byte() % 8) : in.edge() % 9;  // at most the array's 8
      char text[8] = {};
      GLsizei length = 0;
      GLint values[8] = {};
      constexpr GLenum kStagePnames[] = {GL_ACTIVE_SUBROUTINES, GL_ACTIVE_SUBROUTINE_UNIFORMS,
                                         GL_ACTIVE_SUBROUTINE_UNIFORM_LOCATIONS, GL_ACTIVE_SUBROUTINE_MAX_LENGTH,
                                         GL_ACTIVE_SUBROUTINE_UNIFORM_MAX_LENGTH, GL_UNIFORM_SIZE};
      glGetProgramStageiv(name, stage, in.pick(kStagePnames), values);
      glGetSubroutineIndex(name, stage, in.byte() % 4 ? "green" : nullptr);
      glGetSubroutineUniformLocation(name, stage, in.byte() % 4 ? "more[1]" : nullptr);
      glGetActiveSubroutineName(name, stage, index, size, in.byte() % 2 ? &length : nullptr, size > 0 ? text : nullptr);
      glGetActiveSubroutineUniformName(name, stage, index, size, &length, size > 0 ? text : nullptr);
      constexpr GLenum kUniformPnames[] = {GL_NUM_COMPATIBLE_SUBROUTINES, GL_COMPATIBLE_SUBROUTINES, GL_UNIFORM_SIZE,
                                           GL_UNIFORM_NAME_LENGTH, GL_ACTIVE_SUBROUTINES};
      glGetActiveSubroutineUniformiv(name, stage, index, in.pick(kUniformPnames), values);  // 2 compatible at most
      glUseProgram(in.byte() % 4 ? p : 0);
      GLuint selection[8];
      for (GLuint& s : selection) s = in.byte() % 4 ? in.byte() % 2 : in.u32();
      glUniformSubroutinesuiv(stage, in.byte() % 3 ? 4 : in.edge() % 9, in.byte() % 8 ? selection : nullptr);
      GLuint got = 0;
      glGetUniformSubroutineuiv(stage, in.byte() % 3 ? GLint(in.byte() % 5) : in.edge(), &got);
      glDrawArrays(GL_POINTS, 0, in.byte() % 4);
      glUseProgram(0);
      break;
    }
  }
}

void draw_calls(Input& in, Objects& o, std::uint8_t op) {
  if (op % 15 >= 11) return gl4_calls(in, o, std::uint8_t(op % 15 - 11));
  if (op % 15 >= 8) return compute_calls(in, o, std::uint8_t(op % 15 - 8));
  switch (op % 15) {
    case 0: glUseProgram(o.programs.emplace_back(test::vertex_fragment_program(kVertexShader, kFragmentShader))); break;
    case 1: {
      GLuint v;
      glGenVertexArrays(1, &v);
      o.vertex_arrays.push_back(v);
      glBindVertexArray(v);
      break;
    }
    case 2: {
      const GLuint index = in.byte() % 3;
      glVertexAttribPointer(index, GLint(in.byte() % 5), in.pick(kAttribTypes), in.byte() % 2, in.edge() % 300,
                            reinterpret_cast<const void*>(std::intptr_t(in.edge())));
      glEnableVertexAttribArray(index);
      break;
    }
    case 3: glBindBufferRange(GL_UNIFORM_BUFFER, in.byte() % 3, pick_name(in, o.buffers), in.edge(), in.edge()); break;
    case 4: {
      const GLenum mode = in.pick(kModes);
      if (in.byte() % 4 == 0) {  // patch state: sizes past every limit, levels of any value
        glPatchParameteri(in.byte() % 2 ? GL_PATCH_VERTICES : GL_PATCH_DEFAULT_OUTER_LEVEL, in.edge());
        const GLfloat levels[4] = {float(in.edge()), float(in.byte()), 0.5f, -1.0f};
        glPatchParameterfv(in.byte() % 2 ? GL_PATCH_DEFAULT_INNER_LEVEL : GL_PATCH_DEFAULT_OUTER_LEVEL, levels);
        glVertexAttribL4d(in.edge() % 20, in.edge(), 0.25, -1.0, double(in.u32()));
      }
      glDrawArrays(mode, in.edge(), in.edge() % 5000);
      break;
    }
    case 5: {
      const GLenum mode = in.pick(kModes), type = in.pick(kIndexTypes);
      const GLsizei count = in.edge() % 3000;
      GLint element_buffer = 0;
      glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &element_buffer);
      if (element_buffer) {
        glDrawElementsBaseVertex(mode, count, type, reinterpret_cast<const void*>(std::intptr_t(in.edge())), in.edge());
      } else {
        // Client indices: exactly count of them.
        const std::size_t size = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
        const auto memory = client_memory(in, count > 0 ? std::int64_t(count) * std::int64_t(size) : -1);
        // Client vertex arrays are core-invalid (no buffer): the draw must fail, not read.
        glDrawElements(mode, count, type, pointer_or_null(memory));
      }
      break;
    }
    case 6: glDrawArraysInstancedBaseInstance(in.pick(kModes), in.edge(), in.edge() % 100, in.edge() % 10, in.u32()); break;
    default: glDrawArraysIndirect(in.pick(kModes), reinterpret_cast<const void*>(std::intptr_t(in.edge()))); break;
  }
}

void delete_objects(Objects& o) {
  glBindVertexArray(0);
  glUseProgram(0);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  for (GLuint p : o.programs) glDeleteProgram(p);
  if (!o.textures.empty()) glDeleteTextures(GLsizei(o.textures.size()), o.textures.data());
  if (!o.buffers.empty()) glDeleteBuffers(GLsizei(o.buffers.size()), o.buffers.data());
  if (!o.framebuffers.empty()) glDeleteFramebuffers(GLsizei(o.framebuffers.size()), o.framebuffers.data());
  if (!o.renderbuffers.empty()) glDeleteRenderbuffers(GLsizei(o.renderbuffers.size()), o.renderbuffers.data());
  if (!o.vertex_arrays.empty()) glDeleteVertexArrays(GLsizei(o.vertex_arrays.size()), o.vertex_arrays.data());
  if (!o.samplers.empty()) glDeleteSamplers(GLsizei(o.samplers.size()), o.samplers.data());
  const GLenum stores[] = {GL_UNPACK_ROW_LENGTH, GL_UNPACK_IMAGE_HEIGHT, GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS,
                           GL_UNPACK_SKIP_IMAGES, GL_PACK_ROW_LENGTH, GL_PACK_SKIP_PIXELS, GL_PACK_SKIP_ROWS};
  for (GLenum s : stores) glPixelStorei(s, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);
  while (glGetError() != GL_NO_ERROR) {
  }
}

}  // namespace

bool init_context() {
  static const bool ready = [] {
    EGLDisplay display = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, nullptr, nullptr) || !eglBindAPI(EGL_OPENGL_API))
      return false;
    const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                                 EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
  }();
  return ready;
}

void run_sequence(const std::uint8_t* data, std::size_t size) {
  Input in(data, size);
  Objects o;
  static const bool trace = std::getenv("GLVK_FUZZ_TRACE") != nullptr;  // which decoder branch runs
  for (int calls = 0; calls < 300 && !in.done(); ++calls) {
    const std::uint8_t op = in.byte();
    if (trace) std::fprintf(stderr, "call %d: group %d op %d\n", calls, op % 6, op / 6);
    switch (op % 6) {
      case 0: texture_calls(in, o, op / 6); break;
      case 1: buffer_calls(in, o, op / 6); break;
      case 2: framebuffer_calls(in, o, op / 6); break;
      case 3: query_and_debug_calls(in, o, op / 6); break;
      case 4: draw_calls(in, o, op / 6); break;
      default: pixel_store(in, o); break;
    }
  }
  glFinish();
  delete_objects(o);
}

}  // namespace glvk::fuzz
