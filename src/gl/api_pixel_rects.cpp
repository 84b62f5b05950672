// Pixel rectangles drawn at the raster position (GL 4.6 compatibility 14.8 glBitmap, 18.1
// glDrawPixels, 18.3 glCopyPixels): the pixels become a texture and one rectangle is drawn through
// the fixed-function program (PixelSource), so texturing, colour sum, fog and every per-fragment
// operation apply as to any fragment; no second rendering path. glPixelTransfer's state: its
// scale and bias apply to the rectangles' colours and depths (not yet to glTexImage/glReadPixels);
// colour and stencil indices take the index shift and offset, MAP_STENCIL's S_TO_S, and colour
// indices I_TO_R..A (api_pixel_maps.cpp); MAP_COLOR is state only. In SELECT and FEEDBACK render
// modes a rectangle is a hit or a token at the raster position instead (api_select_feedback.cpp).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "api_common.h"
#include "draw_inputs.h"
#include "framebuffer_internal.h"
#include "glvk/formats/gl_client.h"
#include "glvk/formats/kernels.h"
#include "glvk/gl/texture_object.h"
#include "glvk/st/context.h"
#include "glvk/st/program.h"
#include "glvk/st/shader_limits.h"
#include "glvk/gl/dispatch.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

// Puts ctx's state of a pixel rectangle draw in place and takes it back, whatever happens.
class PixelDrawScope {
 public:
  PixelDrawScope(Context& ctx, PixelSource source, const Vec4& rect) : l_(ctx.legacy) {
    l_.vertices.swap(saved_vertices_);
    l_.pixel_source = source;
    l_.pixel_rect = rect;
    l_.drawing_immediate = true;
  }
  ~PixelDrawScope() {
    l_.vertices.swap(saved_vertices_);
    l_.pixel_source = PixelSource::None;
    l_.drawing_immediate = false;
  }
  PixelDrawScope(const PixelDrawScope&) = delete;
  PixelDrawScope& operator=(const PixelDrawScope&) = delete;

 private:
  LegacyState& l_;
  std::vector<ImmediateVertex> saved_vertices_;
};

// The context's texture for pixel rectangles, re-specified by each draw (nearest, one level).
TextureObject& pixel_texture(Context& ctx) {
  std::shared_ptr<TextureObject>& t = ctx.legacy.pixel_texture;
  if (!t) {
    t = std::make_shared<TextureObject>(0, GL_TEXTURE_2D);
    t->min_filter = GL_NEAREST;
    t->mag_filter = GL_NEAREST;
    t->max_level = 0;
  }
  return *t;
}

// Specifies the pixel texture from client pixels; false after an error (raised by glTexImage's path).
bool load_pixels(Context& ctx, const char* fn, GLint internal_format, GLsizei width, GLsizei height, GLenum format,
                 GLenum type, const void* pixels) {
  TextureObject& t = pixel_texture(ctx);
  const IdentityColourTransfer identity(ctx);  // the draw scales and biases the colours
  if (raises_error(ctx, fn, [&] {
        tex_image(ctx, t, 2, GL_TEXTURE_2D, 0, internal_format, width, height, 1, 0, format, type, pixels, fn);
      }))
    return false;
  return t.resource != nullptr;
}

// Draws the pixel texture as a rectangle with its lower-left corner at window (x, y), each pixel
// `zoom` wide, through the fixed-function program with `source`.
void draw_rect(Context& ctx, const char* fn, PixelSource source, GLfloat x, GLfloat y, GLfloat zoom_x, GLfloat zoom_y) {
  // 20.1, 20.2: a hit at the raster position, or a token with it, instead of fragments.
  if (ctx.legacy.render_mode != GL_RENDER)
    return select_feedback_raster(ctx, source == PixelSource::Bitmap ? GL_BITMAP_TOKEN : GL_DRAW_PIXEL_TOKEN);
  if (conditional_render_discards(ctx)) return;  // a rendering command like any draw (10.9)
  const TextureObject& texture = *ctx.legacy.pixel_texture;
  const TextureImage& image = texture.images[0][0];
  PixelDrawScope scope(ctx, source, {x, y, zoom_x, zoom_y});
  LegacyState& l = ctx.legacy;
  const RasterPosition& r = l.raster;
  ImmediateVertex v{};
  v.color = r.color;
  v.secondary_color = r.secondary_color;
  v.fog_coord = r.distance;
  v.texcoords = r.texcoords;
  l.vertices.assign(4, v);
  ProgramObject* program = fixed_function_program(ctx, fn);
  if (!program) return;
  DrawInputs inputs;
  if (!gather_draw_inputs(ctx, fn, *program, inputs)) return;
  st::DrawCall& call = inputs.call;
  // The rectangle's corners in the clip coordinates of a viewport covering the framebuffer (pixel
  // rectangles are not clipped to the viewport), at the raster position's depth.
  const GLfloat fw = GLfloat(call.framebuffer.width), fh = GLfloat(call.framebuffer.height);
  const GLfloat x1 = x + zoom_x * GLfloat(image.width), y1 = y + zoom_y * GLfloat(image.height);
  const GLfloat z = 2.0f * r.window[2] - 1.0f;
  const GLfloat corners[4][2] = {{x, y}, {x1, y}, {x, y1}, {x1, y1}};
  for (int i = 0; i < 4; ++i)
    l.vertices[std::size_t(i)].position = {2.0f * corners[i][0] / fw - 1.0f, 2.0f * corners[i][1] / fh - 1.0f, z, 1.0f};
  call.viewports[0] = {0, 0, fw, fh, 0.0, 1.0};
  // Rasterization state of polygons does not apply to pixel rectangles (culling, polygon mode and
  // offset, stipple); clip planes neither.
  st::RenderState& render = inputs.render;
  render = ctx.render;
  render.program_point_size = true;
  render.cull_face = false;
  render.polygon_mode = render.polygon_mode_back = GL_FILL;
  render.polygon_offset_fill = false;
  render.clip_distances = 0;
  render.depth_clamp = true;
  render.clip_depth_mode = GL_NEGATIVE_ONE_TO_ONE;
  render.clip_origin = GL_LOWER_LEFT;
  if (source == PixelSource::Stencil || source == PixelSource::DepthDirect) {
    // Only the scissor test and the write masks apply (GL 1.1 4.3.1; Mesa does the same for
    // DEPTH_STENCIL's depth): the stencil index becomes the value REPLACE writes (through the front
    // write mask), or the depth is written whatever the depth test (through the depth mask).
    const bool stencil = source == PixelSource::Stencil;
    render.depth_test = !stencil;
    render.depth_func = GL_ALWAYS;
    render.stencil_test = stencil;
    st::StencilFace replace;
    replace.func = GL_ALWAYS;
    replace.fail = replace.depth_fail = replace.depth_pass = GL_REPLACE;
    render.stencil_front = render.stencil_back = replace;
    render.alpha_test = false;
    render.color_logic_op = false;
    render.sample_alpha_to_coverage = false;
    for (auto& mask : call.masks.color_mask) mask = {false, false, false, false};
    call.masks.blend = {};
    if (stencil) call.masks.depth_mask = false;
    call.masks.stencil_back_writemask = call.masks.stencil_writemask;
  }
  call.render = &render;  // the same storage gather_draw_inputs pointed it at
  call.transform_feedback = {};
  const glsl::Program& reflection = program->executable->reflection();
  std::size_t flat = 0;
  for (const glsl::Resource& res : reflection.resources) {
    if (!glsl::is_sampler(res.kind)) continue;
    for (std::uint32_t e = 0; e < res.count; ++e, ++flat)
      if (program->sampler_units[flat] < 0)
        inputs.sampler_textures[flat] = object_texture_input(ctx, texture, texture, GL_TEXTURE_2D);
  }
  call.sampler_textures = inputs.sampler_textures;
  call.mode = GL_TRIANGLE_STRIP;
  call.first = 0;
  call.count = 4;
  try {
    st::draw(ctx.st(), call);
  } catch (const st::DrawError& e) {
    ctx.error(GL_INVALID_OPERATION, "%s: %s", fn, e.what());
  }
}

bool check_draw_framebuffer(Context& ctx, const char* fn) {
  if (draw_framebuffer_status(ctx) == GL_FRAMEBUFFER_COMPLETE) return true;
  ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the draw framebuffer is not complete", fn);
  return false;
}

bool has_buffer(const FramebufferAttachment& a) { return a.type != AttachmentObject::NONE; }

// The texture format a pixel rectangle of `format` is kept in: colours as floats (every client type
// converts into them without loss), depth as 32-bit floats.
GLint rect_internal_format(GLenum format) {
  return format == GL_DEPTH_COMPONENT ? GL_DEPTH_COMPONENT32F : GL_RGBA32F;
}

// glPixelTransfer's parameters: where each float parameter is kept.
GLfloat* transfer_float(PixelTransfer& t, GLenum pname) {
  switch (pname) {
    case GL_RED_SCALE: return &t.scale[0];
    case GL_GREEN_SCALE: return &t.scale[1];
    case GL_BLUE_SCALE: return &t.scale[2];
    case GL_ALPHA_SCALE: return &t.scale[3];
    case GL_RED_BIAS: return &t.bias[0];
    case GL_GREEN_BIAS: return &t.bias[1];
    case GL_BLUE_BIAS: return &t.bias[2];
    case GL_ALPHA_BIAS: return &t.bias[3];
    case GL_DEPTH_SCALE: return &t.depth_scale;
    case GL_DEPTH_BIAS: return &t.depth_bias;
    default: return nullptr;
  }
}

void pixel_transfer(Context& ctx, const char* fn, GLenum pname, GLfloat param) {
  if (!compatibility_context(ctx, fn)) return;
  PixelTransfer& t = ctx.legacy.transfer;
  if (GLfloat* f = transfer_float(t, pname)) {
    *f = param;
    return;
  }
  switch (pname) {
    case GL_MAP_COLOR: t.map_color = param != 0; return;
    case GL_MAP_STENCIL: t.map_stencil = param != 0; return;
    case GL_INDEX_SHIFT: t.index_shift = GLint(std::lround(param)); return;
    case GL_INDEX_OFFSET: t.index_offset = GLint(std::lround(param)); return;
    default: ctx.error(GL_INVALID_ENUM, "%s(pname = 0x%04x): not a pixel transfer parameter", fn, pname);
  }
}

// glBitmap after its parameter checks: draws `bits` (none: only moves) at the raster position.
void draw_bitmap(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig,
                 GLfloat xmove, GLfloat ymove, const std::vector<GLubyte>& bits) {
  if (!check_draw_framebuffer(ctx, fn)) return;
  RasterPosition& r = ctx.legacy.raster;
  if (!r.valid) return;
  if (!bits.empty()) {
    bool loaded;
    {
      DefaultPixelStore store(ctx, GL_PIXEL_UNPACK_BUFFER, false);
      loaded = load_pixels(ctx, fn, GL_R8, width, height, GL_RED, GL_UNSIGNED_BYTE, bits.data());
    }
    if (!loaded) return;
    draw_rect(ctx, fn, PixelSource::Bitmap, std::floor(r.window[0] - xorig), std::floor(r.window[1] - yorig), 1, 1);
  }
  r.window[0] += xmove;
  r.window[1] += ymove;
}

}  // namespace

std::size_t swap_unit(GLenum type) {
  switch (type) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_UNSIGNED_BYTE_3_3_2: case GL_UNSIGNED_BYTE_2_3_3_REV: return 1;
    case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT: case GL_UNSIGNED_SHORT_5_6_5:
    case GL_UNSIGNED_SHORT_5_6_5_REV: case GL_UNSIGNED_SHORT_4_4_4_4: case GL_UNSIGNED_SHORT_4_4_4_4_REV:
    case GL_UNSIGNED_SHORT_5_5_5_1: case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      return 2;
    default: return 4;
  }
}

namespace {

// 21.4.1: glDrawPixels' pixels as the pixel store (and unpack buffer) at compile time unpack them,
// rows packed tightly, bytes swapped as GL_UNPACK_SWAP_BYTES says; empty for "no data".
bool unpack_for_list(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum format, GLenum type,
                     const void* pixels, std::vector<std::byte>& out) {
  out.clear();
  const int bpp = formats::bytes_per_pixel(format, type);
  if (width == 0 || height == 0 || bpp <= 0 || (!pixels && !bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER))) return true;
  const auto address = [&](GLsizei row) {
    return formats::image_address(2, ctx.unpack, width, height, format, type, 0, row, 0).offset;
  };
  const std::size_t row_bytes = std::size_t(width) * std::size_t(bpp);
  std::vector<std::byte> source;
  if (!unpack_source(ctx, fn, pixels, std::size_t(address(height - 1)) + row_bytes, source)) return false;
  out.resize(row_bytes * std::size_t(height));
  for (GLsizei row = 0; row < height; ++row)
    std::memcpy(out.data() + row_bytes * std::size_t(row), source.data() + address(row), row_bytes);
  if (const std::size_t unit = swap_unit(type); ctx.unpack.swap_bytes && unit > 1)
    for (std::size_t i = 0; i + unit <= out.size(); i += unit) std::reverse(out.begin() + long(i), out.begin() + long(i + unit));
  return true;
}

// The types stencil indices come in (table 8.2 without the packed ones, and BITMAP).
bool is_index_type(GLenum type) {
  switch (type) {
    case GL_UNSIGNED_BYTE: case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_UNSIGNED_INT: case GL_INT:
    case GL_HALF_FLOAT: case GL_FLOAT: case GL_BITMAP:
      return true;
    default: return false;
  }
}

// Stencil indices and the depth of DEPTH_STENCIL data, unpacked on the CPU (the texture path
// has no index formats): one float per pixel each, for the pixel texture.
struct IndexPixels {
  std::vector<GLfloat> stencil, depth;  // depth: DEPTH_STENCIL only
};

std::uint32_t read_unit(const std::byte* p, std::size_t bytes, bool swap) {
  std::uint32_t v = 0;
  std::byte b[4] = {};
  std::memcpy(b, p, bytes);
  if (swap) std::reverse(b, b + bytes);
  std::memcpy(&v, b, bytes);  // little-endian hosts: the low bytes
  return v;
}

// 8.4.4 and 18.1.?: the stencil indices of a STENCIL_INDEX image (any index type or BITMAP) or of
// DEPTH_STENCIL's packed types, shifted by INDEX_SHIFT and offset by INDEX_OFFSET, and masked to
// the 8 bits of glvk's stencil buffers; float indices keep their integer part. Null data with no
// unpack buffer gives zeros. False after an error.
bool unpack_indices(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum format, GLenum type,
                    const void* pixels, IndexPixels& out) {
  const std::size_t n = std::size_t(width) * std::size_t(height);
  out.stencil.assign(n, 0.0f);
  out.depth.assign(format == GL_DEPTH_STENCIL ? n : 0, 0.0f);
  if (n == 0 || (!pixels && !bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER))) return true;
  const auto address = [&](GLsizei row, GLsizei column) {
    return formats::image_address(2, ctx.unpack, width, height, format, type, 0, row, column);
  };
  const int bpp = std::max(formats::bytes_per_pixel(format, type), 1);
  std::vector<std::byte> source;
  if (!unpack_source(ctx, fn, pixels, std::size_t(address(height - 1, width - 1).offset) + std::size_t(bpp), source))
    return false;
  const bool swap = ctx.unpack.swap_bytes;
  const PixelTransfer& t = ctx.legacy.transfer;
  for (GLsizei row = 0; row < height; ++row) {
    for (GLsizei column = 0; column < width; ++column) {
      const formats::PixelAddress a = address(row, column);
      const std::byte* p = source.data() + a.offset;
      const std::size_t i = std::size_t(row) * std::size_t(width) + std::size_t(column);
      std::int64_t index = 0;
      switch (type) {
        case GL_BITMAP: index = (std::to_integer<GLubyte>(*p) & a.bit_mask) != 0; break;
        case GL_UNSIGNED_BYTE: index = read_unit(p, 1, false); break;
        case GL_BYTE: index = std::int8_t(read_unit(p, 1, false)); break;
        case GL_UNSIGNED_SHORT: index = read_unit(p, 2, swap); break;
        case GL_SHORT: index = std::int16_t(read_unit(p, 2, swap)); break;
        case GL_UNSIGNED_INT: index = read_unit(p, 4, swap); break;
        case GL_INT: index = std::int32_t(read_unit(p, 4, swap)); break;
        case GL_FLOAT: case GL_HALF_FLOAT: {
          float f = 0;
          if (type == GL_FLOAT) {
            f = std::bit_cast<float>(read_unit(p, 4, swap));
          } else {
            const auto h = std::uint16_t(read_unit(p, 2, swap));
            formats::kernels::half_to_float(&f, &h, 1);
          }
          index = std::isfinite(f) ? std::int64_t(std::clamp(f, -2147483648.0f, 2147483520.0f)) : 0;
          break;
        }
        case GL_UNSIGNED_INT_24_8: {  // depth in the high 24 bits, stencil in the low 8
          const std::uint32_t w = read_unit(p, 4, swap);
          index = w & 0xff;
          out.depth[i] = GLfloat(double(w >> 8) / 16777215.0);
          break;
        }
        case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:  // a float depth, then the stencil in the low 8 bits
          out.depth[i] = std::bit_cast<float>(read_unit(p, 4, swap));
          index = read_unit(p + 4, 4, swap) & 0xff;
          break;
        default: break;
      }
      index = t.index_shift >= 0 ? index * (std::int64_t(1) << std::min(t.index_shift, 32))
                                 : index >> std::min(-t.index_shift, 63);
      index += t.index_offset;
      // 8.4.1.?: MAP_STENCIL looks stencil indices up in S_TO_S; colour indices stay whole (their
      // I_TO_R..A lookup follows in draw_pixels).
      if (format == GL_COLOR_INDEX) out.stencil[i] = GLfloat(index);
      // (Masked as an integer: a float would round large INT/UNSIGNED_INT indices before the mask.)
      else out.stencil[i] = GLfloat((t.map_stencil ? std::int64_t(map_index(ctx, GL_PIXEL_MAP_S_TO_S, index)) : index) & 0xff);
    }
  }
  return true;
}

// glDrawPixels of STENCIL_INDEX or DEPTH_STENCIL data after its parameter checks: the depth (as
// DEPTH_COMPONENT floats, through the fragment operations) and then the stencil indices, written
// as the fragments' exported stencil reference with only the scissor test and the front stencil
// write mask applying.
void draw_indices(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum format, const IndexPixels& p) {
  if (!check_draw_framebuffer(ctx, fn)) return;
  const FramebufferObject& fb = *ctx.current_draw_framebuffer();
  if (format == GL_DEPTH_STENCIL && !has_buffer(fb.depth))
    return ctx.error(GL_INVALID_OPERATION, "%s: the draw framebuffer has no depth buffer", fn);
  if (!has_buffer(fb.stencil))
    return ctx.error(GL_INVALID_OPERATION, "%s: the draw framebuffer has no stencil buffer", fn);
  if (!st::shader_limits(ctx.st().screen()).stencil_export)
    return ctx.error(GL_INVALID_OPERATION, "%s: the device cannot write stencil values from a shader "
                     "(VK_EXT_shader_stencil_export)", fn);
  const RasterPosition& r = ctx.legacy.raster;
  if (!r.valid || width == 0 || height == 0) return;
  DefaultPixelStore store(ctx, GL_PIXEL_UNPACK_BUFFER, false);
  if (!p.depth.empty()) {
    if (!load_pixels(ctx, fn, GL_DEPTH_COMPONENT32F, width, height, GL_DEPTH_COMPONENT, GL_FLOAT, p.depth.data())) return;
    draw_rect(ctx, fn, PixelSource::DepthDirect, r.window[0], r.window[1], ctx.legacy.zoom_x, ctx.legacy.zoom_y);
  }
  if (!load_pixels(ctx, fn, GL_R32F, width, height, GL_RED, GL_FLOAT, p.stencil.data())) return;
  draw_rect(ctx, fn, PixelSource::Stencil, r.window[0], r.window[1], ctx.legacy.zoom_x, ctx.legacy.zoom_y);
}

// glDrawPixels of COLOR_INDEX data after its index arithmetic: an RGBA context converts each index
// through I_TO_R, I_TO_G, I_TO_B and I_TO_A (8.4.1.?, "Color Index Lookup"), the last step of the
// transfer, so the colour scales and biases do not apply to the result.
void draw_color_indices(Context& ctx, const char* fn, GLsizei width, GLsizei height, const IndexPixels& p) {
  const RasterPosition& r = ctx.legacy.raster;
  if (!r.valid || width == 0 || height == 0) return;
  const std::vector<GLfloat> rgba = color_index_lookup(ctx, p.stencil);
  DefaultPixelStore store(ctx, GL_PIXEL_UNPACK_BUFFER, false);
  if (!load_pixels(ctx, fn, GL_RGBA32F, width, height, GL_RGBA, GL_FLOAT, rgba.data())) return;
  const PixelTransfer saved = ctx.legacy.transfer;
  ctx.legacy.transfer.scale = {1, 1, 1, 1};
  ctx.legacy.transfer.bias = {0, 0, 0, 0};
  draw_rect(ctx, fn, PixelSource::Color, r.window[0], r.window[1], ctx.legacy.zoom_x, ctx.legacy.zoom_y);
  ctx.legacy.transfer = saved;
}

// glDrawPixels after its parameter checks.
void draw_pixels(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum format, GLenum type,
                 const void* pixels) {
  if (format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL) {
    IndexPixels p;
    if (unpack_indices(ctx, fn, width, height, format, type, pixels, p)) draw_indices(ctx, fn, width, height, format, p);
    return;
  }
  if (!check_draw_framebuffer(ctx, fn)) return;
  const FramebufferObject& fb = *ctx.current_draw_framebuffer();
  if (format == GL_DEPTH_COMPONENT && !has_buffer(fb.depth))
    return ctx.error(GL_INVALID_OPERATION, "%s: the draw framebuffer has no depth buffer", fn);
  const RasterPosition& r = ctx.legacy.raster;
  if (format == GL_COLOR_INDEX) {
    IndexPixels p;
    if (unpack_indices(ctx, fn, width, height, format, type, pixels, p)) draw_color_indices(ctx, fn, width, height, p);
    return;
  }
  if (!r.valid || width == 0 || height == 0) return;
  if (!load_pixels(ctx, fn, rect_internal_format(format), width, height, format, type, pixels)) return;
  draw_rect(ctx, fn, format == GL_DEPTH_COMPONENT ? PixelSource::Depth : PixelSource::Color, r.window[0], r.window[1],
            ctx.legacy.zoom_x, ctx.legacy.zoom_y);
}

}  // namespace

bool unpack_color_indices(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum type,
                          const void* pixels, std::vector<GLfloat>& indices) {
  IndexPixels p;
  if (!unpack_indices(ctx, fn, width, height, GL_COLOR_INDEX, type, pixels, p)) return false;
  indices = std::move(p.stencil);
  return true;
}

std::vector<GLfloat> color_index_lookup(const Context& ctx, const std::vector<GLfloat>& indices) {
  std::vector<GLfloat> rgba(indices.size() * 4);
  for (std::size_t i = 0; i < indices.size(); ++i)
    for (GLenum c = 0; c < 4; ++c) rgba[i * 4 + c] = map_index(ctx, GL_PIXEL_MAP_I_TO_R + c, std::int64_t(indices[i]));
  return rgba;
}

bool is_color_index_type(GLenum type) { return is_index_type(type); }

// 14.8: the bits as GL_BITMAP's unpacking reads them, one byte per pixel (255: a set bit makes a
// fragment). Null bitmap data with no pixel buffer: no bits. False after an error.
bool unpack_source(Context& ctx, const char* fn, const void* pixels, std::size_t size, std::vector<std::byte>& out) {
  out.resize(size);
  const std::shared_ptr<BufferObject>& pbo = bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER);
  const auto offset = std::uint64_t(reinterpret_cast<std::uintptr_t>(pixels));
  if (!pbo) {
    if (size) std::memcpy(out.data(), pixels, size);
    return true;
  }
  if (offset > std::uint64_t(pbo->size) || size > std::uint64_t(pbo->size) - offset || (size && !pbo->resource)) {
    ctx.error(GL_INVALID_OPERATION, "%s: the pixels reach beyond the pixel unpack buffer", fn);
    return false;
  }
  if (size) ctx.st().buffer_read(*pbo->resource, offset, size, out.data());
  return true;
}

bool unpack_bitmap(Context& ctx, const char* fn, GLsizei width, GLsizei height, const GLubyte* bitmap,
                   std::vector<GLubyte>& bits) {
  bits.clear();
  if (width == 0 || height == 0 || (!bitmap && !bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER))) return true;
  const auto address = [&](GLsizei row, GLsizei column) {
    return formats::image_address(2, ctx.unpack, width, height, GL_COLOR_INDEX, GL_BITMAP, 0, row, column);
  };
  std::vector<std::byte> source;
  if (!unpack_source(ctx, fn, bitmap, std::size_t(address(height - 1, width - 1).offset) + 1, source)) return false;
  bits.resize(std::size_t(width) * std::size_t(height));
  for (GLsizei row = 0; row < height; ++row)
    for (GLsizei column = 0; column < width; ++column) {
      const formats::PixelAddress a = address(row, column);
      bits[std::size_t(row) * std::size_t(width) + std::size_t(column)] =
          (std::to_integer<GLubyte>(source[std::size_t(a.offset)]) & a.bit_mask) ? 255 : 0;
    }
  return true;
}

bool query_pixel_transfer_state(Context& ctx, GLenum pname, StateValue& value) {
  PixelTransfer& t = ctx.legacy.transfer;
  if (const GLfloat* f = transfer_float(t, pname)) {
    set_state_floats(value, f, 1, false);
    return true;
  }
  switch (pname) {
    case GL_MAP_COLOR: value.set_integers({t.map_color}); return true;
    case GL_MAP_STENCIL: value.set_integers({t.map_stencil}); return true;
    case GL_INDEX_SHIFT: value.set_integers({t.index_shift}); return true;
    case GL_INDEX_OFFSET: value.set_integers({t.index_offset}); return true;
    default: return false;
  }
}

namespace api {

void PixelTransferf(Context& ctx, const char* fn, GLenum pname, GLfloat param) { pixel_transfer(ctx, fn, pname, param); }
void PixelTransferi(Context& ctx, const char* fn, GLenum pname, GLint param) {
  pixel_transfer(ctx, fn, pname, GLfloat(param));
}


void DrawPixels(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLenum format, GLenum type,
                const void* pixels) {
  if (!compatibility_context(ctx, fn)) return;
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", fn);
  if (format == GL_COLOR_INDEX || format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL) {
    if (!formats::gl_type_name(type)) return ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x)", fn, type);
  } else if (!check_format_and_type(ctx, format, type, fn)) {
    return;
  }
  if (formats::is_integer_format(format))
    return ctx.error(GL_INVALID_OPERATION, "%s: integer formats cannot be drawn", fn);
  if (format == GL_DEPTH_STENCIL && type != GL_UNSIGNED_INT_24_8 && type != GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
    return ctx.error(GL_INVALID_OPERATION, "%s(type = 0x%04x): not a DEPTH_STENCIL type", fn, type);
  if (format == GL_STENCIL_INDEX && !is_index_type(type))
    return ctx.error(GL_INVALID_OPERATION, "%s(type = 0x%04x): not a STENCIL_INDEX type", fn, type);
  if (format == GL_COLOR_INDEX && !is_index_type(type))
    return ctx.error(GL_INVALID_OPERATION, "%s(type = 0x%04x): not a COLOR_INDEX type", fn, type);
  if (ctx.legacy.compiling() && (format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL || format == GL_COLOR_INDEX)) {
    auto p = std::make_shared<IndexPixels>();
    if (!unpack_indices(ctx, fn, width, height, format, type, pixels, *p)) return;
    record_list_command(ctx, [=](Context& c) {
      if (c.legacy.inside_begin_end()) return between_begin_end(c, "glDrawPixels");
      if (format == GL_COLOR_INDEX) {
        if (check_draw_framebuffer(c, "glCallList")) draw_color_indices(c, "glCallList", width, height, *p);
        return;
      }
      draw_indices(c, "glCallList", width, height, format, *p);
    });
    if (ctx.legacy.list_mode == GL_COMPILE) return;
  } else if (ctx.legacy.compiling()) {  // 21.4.1: the pixels are unpacked now, with today's pixel store
    auto packed = std::make_shared<std::vector<std::byte>>();
    if (!unpack_for_list(ctx, fn, width, height, format, type, pixels, *packed)) return;
    record_list_command(ctx, [=](Context& c) {
      if (c.legacy.inside_begin_end()) return between_begin_end(c, "glDrawPixels");
      DefaultPixelStore store(c, GL_PIXEL_UNPACK_BUFFER, false);
      draw_pixels(c, "glCallList", width, height, format, type, packed->empty() ? nullptr : packed->data());
    });
    if (ctx.legacy.list_mode == GL_COMPILE) return;
  }
  draw_pixels(ctx, fn, width, height, format, type, pixels);
}

void Bitmap(Context& ctx, const char* fn, GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig, GLfloat xmove,
            GLfloat ymove, const GLubyte* bitmap) {
  if (!compatibility_context(ctx, fn)) return;
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", fn);
  if (ctx.legacy.compiling()) {  // 21.4.1: the bits are unpacked now, with today's pixel store
    auto bits = std::make_shared<std::vector<GLubyte>>();
    if (!unpack_bitmap(ctx, fn, width, height, bitmap, *bits)) return;
    record_list_command(ctx, [=](Context& c) {
      if (c.legacy.inside_begin_end()) return between_begin_end(c, "glBitmap");
      draw_bitmap(c, "glCallList", width, height, xorig, yorig, xmove, ymove, *bits);
    });
    if (ctx.legacy.list_mode == GL_COMPILE) return;
  }
  if (!check_draw_framebuffer(ctx, fn)) return;
  std::vector<GLubyte> bits;
  if (ctx.legacy.raster.valid && !unpack_bitmap(ctx, fn, width, height, bitmap, bits)) return;
  draw_bitmap(ctx, fn, width, height, xorig, yorig, xmove, ymove, bits);
}

void CopyPixels(Context& ctx, const char* fn, GLint x, GLint y, GLsizei width, GLsizei height, GLenum type) {
  if (!compatibility_context(ctx, fn)) return;
  // DEPTH_STENCIL: EXT_packed_depth_stencil (GL 3.0) copies both.
  if (type != GL_COLOR && type != GL_DEPTH && type != GL_STENCIL && type != GL_DEPTH_STENCIL)
    return ctx.error(GL_INVALID_ENUM, "%s(type = 0x%04x): not COLOR, DEPTH, STENCIL or DEPTH_STENCIL", fn, type);
  if (width < 0 || height < 0) return ctx.error(GL_INVALID_VALUE, "%s: negative width or height", fn);
  if (!check_draw_framebuffer(ctx, fn)) return;
  FramebufferObject* read = ctx.current_read_framebuffer();
  if (framebuffer_status(ctx, read) != GL_FRAMEBUFFER_COMPLETE)
    return ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read framebuffer is not complete", fn);
  const FramebufferObject& draw = *ctx.current_draw_framebuffer();
  const bool depth = type == GL_DEPTH || type == GL_DEPTH_STENCIL, stencil = type == GL_STENCIL || type == GL_DEPTH_STENCIL;
  if (type == GL_COLOR && !read_buffer_attachment(*read))
    return ctx.error(GL_INVALID_OPERATION, "%s: the read buffer is GL_NONE", fn);
  if (depth && (!has_buffer(read->depth) || !has_buffer(draw.depth)))
    return ctx.error(GL_INVALID_OPERATION, "%s: the read or draw framebuffer has no depth buffer", fn);
  if (stencil && (!has_buffer(read->stencil) || !has_buffer(draw.stencil)))
    return ctx.error(GL_INVALID_OPERATION, "%s: the read or draw framebuffer has no stencil buffer", fn);
  const RasterPosition& r = ctx.legacy.raster;
  if (!r.valid || width == 0 || height == 0) return;
  if (stencil) {  // 18.3: as glReadPixels and glDrawPixels of STENCIL_INDEX (and the depth)
    const std::size_t n = std::size_t(width) * std::size_t(height);
    std::vector<GLuint> indices(n);
    std::vector<GLfloat> depths(depth ? n : 0);
    {
      DefaultPixelStore store(ctx, GL_PIXEL_PACK_BUFFER, true);
      if (raises_error(ctx, fn, [&] {
            ReadPixels(ctx, fn, x, y, width, height, GL_STENCIL_INDEX, GL_UNSIGNED_INT, indices.data());
            if (depth) ReadPixels(ctx, fn, x, y, width, height, GL_DEPTH_COMPONENT, GL_FLOAT, depths.data());
          }))
        return;
    }
    IndexPixels p;
    {
      DefaultPixelStore store(ctx, GL_PIXEL_UNPACK_BUFFER, false);
      if (!unpack_indices(ctx, fn, width, height, GL_STENCIL_INDEX, GL_UNSIGNED_INT, indices.data(), p)) return;
    }
    p.depth = std::move(depths);
    return draw_indices(ctx, fn, width, height, depth ? GL_DEPTH_STENCIL : GL_STENCIL_INDEX, p);
  }
  // 18.3: as glReadPixels of the rectangle followed by glDrawPixels of it (pixels outside the read
  // framebuffer are undefined: zeros here).
  const GLenum format = type == GL_COLOR ? GL_RGBA : GL_DEPTH_COMPONENT;
  std::vector<GLfloat> pixels(std::size_t(width) * std::size_t(height) * (type == GL_COLOR ? 4 : 1));
  {
    DefaultPixelStore store(ctx, GL_PIXEL_PACK_BUFFER, true);
    if (raises_error(ctx, fn, [&] { ReadPixels(ctx, fn, x, y, width, height, format, GL_FLOAT, pixels.data()); }))
      return;
  }
  bool loaded;
  {
    DefaultPixelStore store(ctx, GL_PIXEL_UNPACK_BUFFER, false);
    loaded = load_pixels(ctx, fn, rect_internal_format(format), width, height, format, GL_FLOAT, pixels.data());
  }
  if (!loaded) return;
  draw_rect(ctx, fn, type == GL_DEPTH ? PixelSource::Depth : PixelSource::Color, r.window[0], r.window[1],
            ctx.legacy.zoom_x, ctx.legacy.zoom_y);
}

}  // namespace api

}  // namespace glvk::gl
