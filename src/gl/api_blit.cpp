// Copying between framebuffers (GL 4.6 section 18.3.1): glBlitFramebuffer and glBlitNamedFramebuffer.
#include <algorithm>
#include <optional>
#include <bit>
#include <cmath>
#include <cstring>
#include <memory>
#include <optional>
#include <tuple>

#include "api_common.h"
#include "state_query.h"
#include "glvk/gl/framebuffer_completeness.h"
#include "glvk/formats/convert.h"
#include "glvk/formats/pack.h"
#include "glvk/st/blit.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/framebuffer_state.h"
#include "glvk/st/shadow.h"
#include "glvk/st/texture_upload.h"
#include "glvk/st/texture.h"
#include "framebuffer_internal.h"
#include "texture_internal.h"

namespace glvk::gl {

namespace {

// ------------------------------------------------------------------------------------------ blits

// One axis of a blit clipped to both images (the _mesa_clip_blit role): src [s0, s1) maps onto
// dst [d0, d1) (either may run backwards for a flip); the parts outside either image are dropped
// and the other side shrinks in proportion. False when nothing is left. A dst_size of 0 leaves
// the destination whole (the source is still clipped).
bool clip_blit_axis(double& s0, double& s1, double& d0, double& d1, double src_size, double dst_size) {
  const auto clip = [](double& a0, double& a1, double& b0, double& b1, double size) {
    const double scale = (b1 - b0) / (a1 - a0);
    const double lo = std::min(a0, a1), hi = std::max(a0, a1);
    const double new_lo = std::max(lo, 0.0), new_hi = std::min(hi, size);
    if (new_hi <= new_lo) return false;
    // Both ends are remapped from the unclipped span before either is replaced.
    const double b_at_lo = b0 + (new_lo - a0) * scale, b_at_hi = b0 + (new_hi - a0) * scale;
    if (a0 <= a1) {
      b0 = b_at_lo, b1 = b_at_hi, a0 = new_lo, a1 = new_hi;
    } else {
      b0 = b_at_hi, b1 = b_at_lo, a0 = new_hi, a1 = new_lo;
    }
    return true;
  };
  if (s1 == s0 || d1 == d0) return false;
  return (dst_size == 0 || clip(d0, d1, s0, s1, dst_size)) && clip(s0, s1, d0, d1, src_size);
}

bool whole(double v) { return v == std::round(v); }

// Blits one attachment into another (for depth/stencil attachments, the aspects `depth` and
// `stencil`); the formats were checked by the caller.
void blit_attachment(Context& ctx, const FramebufferAttachment& src, const FramebufferAttachment& dst,
                     const GLint (&rect)[8], bool linear, bool depth, bool stencil, const char* function) {
  TextureImage src_scratch, dst_scratch;
  const TextureImage* si = attached_image(src, src_scratch);
  const TextureImage* di = attached_image(dst, dst_scratch);
  GLint src_layer = 0, dst_layer = 0;
  st::Texture* sr = attached_resource(src, src_layer);
  st::Texture* dr = attached_resource(dst, dst_layer);
  if (!si || !di || !sr || !dr || !si->defined() || !di->defined()) return;
  double sx0 = rect[0], sy0 = rect[1], sx1 = rect[2], sy1 = rect[3];
  double dx0 = rect[4], dy0 = rect[5], dx1 = rect[6], dy1 = rect[7];
  if (!clip_blit_axis(sx0, sx1, dx0, dx1, si->width, di->width) ||
      !clip_blit_axis(sy0, sy1, dy0, dy1, si->height, di->height))
    return;
  // Clipping the destination to its image moved a source edge by a fraction, which the integer
  // rectangles below would round, changing the scale of the pixels that remain: the destination
  // then stays whole (pixels off the image are not written: the writable rectangle keeps them
  // out, through st's stand-in of the destination), so a blit off the image's edge samples as
  // the same blit cut by the scissor does. Unless the stand-in would exceed a texture's size.
  if (!whole(sx0) || !whole(sx1) || !whole(sy0) || !whole(sy1)) {
    double ux0 = rect[0], uy0 = rect[1], ux1 = rect[2], uy1 = rect[3];
    double vx0 = rect[4], vy0 = rect[5], vx1 = rect[6], vy1 = rect[7];
    if (std::abs(vx1 - vx0) <= kMaxTextureSize && std::abs(vy1 - vy0) <= kMaxTextureSize &&
        clip_blit_axis(ux0, ux1, vx0, vx1, si->width, 0) && clip_blit_axis(uy0, uy1, vy0, vy1, si->height, 0) &&
        whole(ux0) && whole(ux1) && whole(uy0) && whole(uy1)) {
      sx0 = ux0, sx1 = ux1, sy0 = uy0, sy1 = uy1;
      dx0 = vx0, dx1 = vx1, dy0 = vy0, dy1 = vy1;
    }
  }
  const int s[4] = {int(std::lround(sx0)), int(std::lround(sy0)), int(std::lround(sx1)), int(std::lround(sy1))};
  const int d[4] = {int(std::lround(dx0)), int(std::lround(dy0)), int(std::lround(dx1)), int(std::lround(dy1))};
  const ScissoredRect writable = scissored_rect(ctx, *di);
  const int scissor[4] = {writable.x0, writable.y0, writable.x1, writable.y1};
  st::BlitOptions options;
  options.linear = linear;
  options.depth = depth;
  options.stencil = stencil;
  options.srgb = ctx.framebuffer_srgb;
  const st::BlitSurface from{sr, unsigned(src.level), src_layer, si->storage, si->width, si->height, si->samples};
  const st::BlitSurface to{dr, unsigned(dst.level), dst_layer, di->storage, di->width, di->height, di->samples};
  if (const st::Result result = st::blit_surface(from, s, to, d, scissor, options); !result)
    ctx.debug_message(GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_OTHER, 2, GL_DEBUG_SEVERITY_HIGH,
                      std::string(function) + ": " + result.message);
}

// A colour attachment's class for the blit rules: 0 normalized/float, 1 signed int, 2 unsigned int.
int integer_class(const FramebufferAttachment& a) {
  TextureImage scratch;
  const TextureImage* image = attached_image(a, scratch);
  if (!image || !image->defined()) return 0;
  const st::ClearKind kind = attachment_kind(a);
  return kind == st::ClearKind::FLOAT ? 0 : kind == st::ClearKind::SINT ? 1 : 2;
}

}  // namespace

namespace api {

// glBlitFramebuffer and glBlitNamedFramebuffer: from `read`'s read buffer (and depth/stencil) into
// `draw`'s draw buffers.
static void blit_framebuffer(Context& ctx, FramebufferObject* read, FramebufferObject* draw, GLint srcX0, GLint srcY0,
                             GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                             GLbitfield mask, GLenum filter, const char* function) {
  if (mask & ~GLbitfield(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))
    return ctx.error(GL_INVALID_VALUE, "%s(mask = 0x%x): unknown bits", function, mask);
  if (filter != GL_NEAREST && filter != GL_LINEAR)
    return ctx.error(GL_INVALID_ENUM, "%s(filter = 0x%04x)", function, filter);
  if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)))
    return ctx.error(GL_INVALID_OPERATION, "%s: depth and stencil blits must use GL_NEAREST", function);
  if (framebuffer_status(ctx, read) != GL_FRAMEBUFFER_COMPLETE ||
      framebuffer_status(ctx, draw) != GL_FRAMEBUFFER_COMPLETE)
    return ctx.error(GL_INVALID_FRAMEBUFFER_OPERATION, "%s: the read or draw framebuffer is not complete", function);
  TextureImage scratch_a, scratch_b;
  const GLint rect[8] = {srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1};
  // GL 4.6 section 18.3.1: when either framebuffer is multisampled the rectangles must match,
  // flips included, and two multisampled framebuffers must have the same sample count.
  // (64-bit: the corners may be anywhere in GLint's range.)
  const bool same_rectangle = GLint64(srcX1) - srcX0 == GLint64(dstX1) - dstX0 &&
                              GLint64(srcY1) - srcY0 == GLint64(dstY1) - dstY0;
  const GLint read_samples = framebuffer_samples(read), draw_samples = framebuffer_samples(draw);
  if ((read_samples > 0 || draw_samples > 0) && !same_rectangle)
    return ctx.error(GL_INVALID_OPERATION, "%s: a multisample blit cannot scale or flip", function);
  if (read_samples > 0 && draw_samples > 0 && read_samples != draw_samples)
    return ctx.error(GL_INVALID_OPERATION, "%s: the framebuffers have %d and %d samples", function, read_samples,
                     draw_samples);
  const FramebufferAttachment* read_colour = nullptr;
  if (mask & GL_COLOR_BUFFER_BIT) {
    read_colour = read_buffer_attachment(*read);
    if (read_colour && read_colour->type != AttachmentObject::NONE) {
      for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
        std::array<const FramebufferAttachment*, 2> targets{};
        const unsigned count = draw_buffer_targets(*draw, i, targets);
        for (unsigned t = 0; t < count; ++t) {
          if (targets[t]->type == AttachmentObject::NONE) continue;
          const FramebufferAttachment& dst = *targets[t];
          if (integer_class(*read_colour) != integer_class(dst))
            return ctx.error(GL_INVALID_OPERATION, "%s: integer and non-integer colour buffers do not mix", function);
          if (filter == GL_LINEAR && integer_class(*read_colour) != 0)
            return ctx.error(GL_INVALID_OPERATION, "%s: integer buffers blit with GL_NEAREST only", function);
        }
      }
    }
  }
  for (const auto& [bit, src, dst] : {std::tuple{GLbitfield(GL_DEPTH_BUFFER_BIT), &read->depth, &draw->depth},
                                      std::tuple{GLbitfield(GL_STENCIL_BUFFER_BIT), &read->stencil, &draw->stencil}}) {
    if (!(mask & bit) || src->type == AttachmentObject::NONE || dst->type == AttachmentObject::NONE) continue;
    const TextureImage* si = attached_image(*src, scratch_a);
    const TextureImage* di = attached_image(*dst, scratch_b);
    if (si->format != di->format)
      return ctx.error(GL_INVALID_OPERATION, "%s: depth/stencil formats of the two framebuffers differ", function);
  }
  if (conditional_render_discards(ctx)) return;

  shadow_draw_framebuffer(*draw);
  if (read_colour && read_colour->type != AttachmentObject::NONE)
    for (unsigned i = 0; i < kMaxColorAttachments; ++i) {
      std::array<const FramebufferAttachment*, 2> targets{};
      const unsigned count = draw_buffer_targets(*draw, i, targets);
      for (unsigned t = 0; t < count; ++t)
        blit_attachment(ctx, *read_colour, *targets[t], rect, filter == GL_LINEAR, false, false, function);
    }
  // Depth and stencil may share one image (DEPTH_STENCIL_ATTACHMENT): each blit copies only the
  // aspects the mask names, once per image.
  const bool depth = (mask & GL_DEPTH_BUFFER_BIT) && read->depth.type != AttachmentObject::NONE &&
                     draw->depth.type != AttachmentObject::NONE;
  const bool stencil = (mask & GL_STENCIL_BUFFER_BIT) && read->stencil.type != AttachmentObject::NONE &&
                       draw->stencil.type != AttachmentObject::NONE;
  const bool shared = depth && stencil && same_attachment(read->depth, read->stencil) &&
                      same_attachment(draw->depth, draw->stencil);
  if (depth) blit_attachment(ctx, read->depth, draw->depth, rect, false, true, shared, function);
  if (stencil && !shared) blit_attachment(ctx, read->stencil, draw->stencil, rect, false, false, true, function);
}

void BlitFramebuffer(Context& ctx, const char* fn, GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0,
                     GLint dstY0, GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter) {
  blit_framebuffer(ctx, ctx.current_read_framebuffer(), ctx.current_draw_framebuffer(), srcX0, srcY0, srcX1, srcY1,
                   dstX0, dstY0, dstX1, dstY1, mask, filter, fn);
}

void BlitNamedFramebuffer(Context& ctx, const char* fn, GLuint readFramebuffer, GLuint drawFramebuffer, GLint srcX0,
                          GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                          GLbitfield mask, GLenum filter) {
  FramebufferObject *read = nullptr, *draw = nullptr;
  if (named_framebuffer(ctx, readFramebuffer, read, GL_READ_FRAMEBUFFER, fn) &&
      named_framebuffer(ctx, drawFramebuffer, draw, GL_DRAW_FRAMEBUFFER, fn))
    blit_framebuffer(ctx, read, draw, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1, mask, filter, fn);
}

}  // namespace api

}  // namespace glvk::gl
