// Which way texels travel from the application into a texture (seed 000, st_TexSubImage), and the
// same decision in reverse for readback. A pure policy: the device's answers come through
// FormatSupport, the data movement is the backend's.
#pragma once

#include <cstdint>

#include "glvk/formats/format.h"
#include "glvk/formats/gl_client.h"
#include "glvk/st/format_choice.h"

namespace glvk::st {

enum class TransferPath : std::uint8_t {
  MEMCPY,        // the user's bytes are the texture's texels: copied as they are
  PBO_GPU_COPY,  // the same, from a pixel buffer object, without the CPU touching the data
  BLIT,          // copied as they are into a staging image of a matching format, converted by a GPU blit
  CPU_CONVERT,   // converted on the CPU by the format library (_mesa_store_texsubimage)
};

const char* transfer_path_name(TransferPath path);

struct TransferRequest {
  formats::Format texture_format;     // the resource's format (ChosenFormat::storage)
  std::uint32_t texture_base_format;  // GL base internal format of the image (GL_RGB, GL_LUMINANCE, ...)
  std::uint32_t format, type;         // the application's format and type
  formats::PixelStore pixel_store;    // unpack (upload) or pack (readback) parameters
  int width = 0, height = 0;          // the sub-image being transferred
  bool with_pbo = false;              // a pixel buffer object is bound
  std::uint64_t pbo_offset = 0;       // the `pixels` argument, an offset into the PBO
  bool pixel_transfer_ops = false;    // scale/bias/maps are active: only the CPU path applies them
  // PIPE_CAP_PREFER_BLIT_BASED_TEXTURE_TRANSFER: converting blits are worth it on this device.
  bool prefer_blit = true;
  TextureTarget target = TextureTarget::TEXTURE_2D;
};

struct TransferPlan {
  TransferPath path = TransferPath::CPU_CONVERT;
  // BLIT: the staging image's format (the user's layout); otherwise the texture's format.
  formats::Format staging_format = formats::Format::NONE;
};

// _mesa_format_matches_format_and_type: are the user's (format, type) bytes exactly `f`'s texels?
bool format_matches_format_and_type(formats::Format f, std::uint32_t format, std::uint32_t type, bool swap_bytes);

// _mesa_texstore_can_use_memcpy: can texels be copied unchanged between the user and `f`?
bool can_use_memcpy(std::uint32_t base_format, formats::Format f, std::uint32_t format, std::uint32_t type,
                    const formats::PixelStore& pixel_store, bool pixel_transfer_ops);

// _mesa_get_format_base_format: the GL base format a Format stores (GL_RGB for R8G8B8X8_UNORM).
std::uint32_t format_base_format(formats::Format f);

// st_TexSubImage's path choice, adapted to Vulkan: memcpy first; a PBO copied on the GPU when its
// bytes are the texels and vkCmdCopyBufferToImage can address them (rows and images a whole number
// of texels apart, the first texel aligned); otherwise a blit from a staging image that holds the user's bytes, when
// vkCmdBlitImage can convert between the two formats (never depth/stencil, integers only to
// integers of the same signedness, an sRGB texture from an sRGB staging image); else the CPU.
TransferPlan choose_upload_path(const FormatSupport& support, const TransferRequest& request);

}  // namespace glvk::st
