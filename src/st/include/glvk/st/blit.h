// glBlitFramebuffer's copy of one buffer (the execution half of st_BlitFramebuffer): src/gl
// validates and clips the rectangles to the images; st handles overlap, the scissor and the way
// the texels go (texture_blit_scaled).
#pragma once

#include <memory>

#include "glvk/formats/format.h"
#include "glvk/st/result.h"
#include "glvk/st/texture.h"

namespace glvk::st {

// One side of a blit: a layer of a level of a texture, and its image's storage, size and samples.
struct BlitSurface {
  Texture* texture = nullptr;
  unsigned level = 0;
  int layer = 0;
  formats::Format storage = formats::Format::NONE;
  int width = 0, height = 0, samples = 0;
};

// A single-sample w x h texture of `storage` that blits may render into (a stand-in for a part of
// an attachment, or a resolve of one).
std::unique_ptr<Texture> scratch_texture(std::shared_ptr<Screen> screen, formats::Format storage, int w, int h);

// A single-sample copy of a layer of a multisampled level (w x h, `storage`) for reads
// (glReadPixels, glCopyTexImage of a multisampled default framebuffer): colour averaged,
// depth/stencil sample 0, the encoding kept. Null when no Vulkan path resolves it.
std::unique_ptr<Texture> resolve_for_read(Texture& multisample, unsigned level, int layer, formats::Format storage,
                                          int w, int h);

// Blits `src_rect` (x0, y0, x1, y1) of `src` into `dst_rect` of `dst` (flipped where x1 < x0 or
// y1 < y0, scaled by the ratio), writing only the destination pixels inside `writable` (the
// scissor rectangle, x0, y0, x1, y1) without moving the others' source positions. Source and
// destination in one image go through a copy. UNSUPPORTED, with nothing written, when no Vulkan
// path exists.
Result blit_surface(const BlitSurface& src, const int src_rect[4], const BlitSurface& dst, const int dst_rect[4],
                    const int writable[4], const BlitOptions& options);

}  // namespace glvk::st
