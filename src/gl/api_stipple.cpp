// Stipple patterns (GL 4.6 compatibility 14.5.2 line stipple, 14.6.2 polygon stipple):
// glLineStipple, glPolygonStipple (unpacked from client memory like a 32x32 GL_BITMAP image with the
// unpack state; pixel buffers are refused yet), glGetPolygonStipple (packed the same way) and their
// glGet state. The fixed-function program applies the polygon pattern (ff_shader_gen.cpp); line
// stipple is state only.
#include <cstring>
#include <vector>

#include "api_common.h"
#include "glvk/gl/dispatch.h"
#include "glvk/formats/gl_client.h"
#include "legacy_internal.h"
#include "legacy_params.h"
#include "texture_internal.h"
#include "vertex_array_state.h"

namespace glvk::gl {

bool query_stipple_state(Context& ctx, GLenum pname, StateValue& value) {
  switch (pname) {
    case GL_LINE_STIPPLE_PATTERN: value.set_integers({ctx.legacy.line_stipple_pattern}); return true;
    case GL_LINE_STIPPLE_REPEAT: value.set_integers({ctx.legacy.line_stipple_factor}); return true;
    default: return false;
  }
}

namespace api {

void LineStipple(Context& ctx, const char* fn, GLint factor, GLushort pattern) {
  if (!compatibility_context(ctx, fn)) return;
  ctx.legacy.line_stipple_factor = std::clamp(factor, 1, 256);  // 14.5.2: clamped to [1, 256]
  ctx.legacy.line_stipple_pattern = pattern;
}

void PolygonStipple(Context& ctx, const char* fn, const GLubyte* mask) {
  if (!compatibility_context(ctx, fn)) return;
  if (!bound_buffer(ctx, GL_PIXEL_UNPACK_BUFFER) && !check_values(ctx, fn, mask)) return;
  // Unpacked like a 32x32 GL_BITMAP image (client memory or the unpack buffer), now even in a
  // display list (21.4.1).
  std::vector<GLubyte> pixels;
  if (!unpack_bitmap(ctx, fn, 32, 32, mask, pixels)) return;
  std::array<GLubyte, 128> bits{};
  for (std::size_t i = 0; i < pixels.size(); ++i)
    if (pixels[i]) bits[i / 8] |= GLubyte(0x80u >> (i % 8));  // row-major, 4 bytes a row, MSB column 0
  if (ctx.legacy.compiling()) {
    record_list_command(ctx, [bits](Context& c) {
      if (c.legacy.inside_begin_end()) return between_begin_end(c, "glPolygonStipple");
      c.legacy.polygon_stipple = bits;
    });
    if (ctx.legacy.list_mode == GL_COMPILE) return;
  }
  ctx.legacy.polygon_stipple = bits;
}

void GetPolygonStipple(Context& ctx, const char* fn, GLubyte* mask) {
  if (!compatibility_context(ctx, fn)) return;
  if (bound_buffer(ctx, GL_PIXEL_PACK_BUFFER))
    return ctx.error(GL_INVALID_OPERATION, "%s: stipples into a pixel pack buffer are not written yet", fn);
  if (!check_values(ctx, fn, mask)) return;
  for (int row = 0; row < 32; ++row)
    for (int column = 0; column < 32; ++column) {
      const formats::PixelAddress a =
          formats::image_address(2, ctx.pack, 32, 32, GL_COLOR_INDEX, GL_BITMAP, 0, row, column);
      const bool set = ctx.legacy.polygon_stipple[std::size_t(row * 4 + column / 8)] & (0x80u >> (column % 8));
      mask[a.offset] = GLubyte(set ? mask[a.offset] | a.bit_mask : mask[a.offset] & ~a.bit_mask);
    }
}

}  // namespace api

}  // namespace glvk::gl
