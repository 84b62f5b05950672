// Texels from a texture level back to the application (st_GetTexImage, and the readback half of
// st_ReadPixels): as they are, merged per depth/stencil aspect, or converted on the CPU.
#pragma once

#include "glvk/st/result.h"
#include "glvk/st/texture_upload.h"

namespace glvk::st {

class Context;
class Texture;

// Reads `box` of `level` into what `client` describes (its `destination`, or its PBO range),
// converted to the request's format and type with its pack state and the glGetTexImage rebase of
// the image's base format (luminance and intensity come back in red). `clamp_colour`: colour
// components are clamped to [0, 1] first (glReadPixels' read colour clamp). UNSUPPORTED, with
// nothing written, when the format library cannot convert the texels.
Result texture_readback(Context& ctx, Texture& texture, unsigned level, const Box& box, const TransferRequest& request,
                        const ClientTexels& client, bool clamp_colour = false);

}  // namespace glvk::st
