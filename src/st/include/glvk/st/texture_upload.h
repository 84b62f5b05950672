// Texels from the application into a texture (seed 000, st_TexSubImage): which way they travel
// (a pure policy: the device's answers come through FormatSupport), and the upload carried out
// along that way. src/gl validates and describes the transfer; everything after is here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "glvk/formats/format.h"
#include "glvk/formats/gl_client.h"
#include "glvk/st/format_choice.h"
#include "glvk/st/result.h"
#include "glvk/st/transfer.h"

namespace glvk::st {

class Context;
class Texture;

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
  // glReadPixels into LUMINANCE or LUMINANCE_ALPHA ("conversion to L" of the compatibility
  // profile's 18.2): L is R + G + B of the colour read, where glGetTexImage returns R.
  bool luminance_sums_rgb = false;
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

// Signed-normalized (uncompressed) storage: GL stores -1 as -(2^(b-1) - 1) (GL 4.6 eq. 2.4), so
// client bytes holding -2^(b-1) are converted, never copied, in either direction (Mesa copies them).
bool stores_canonical_snorm(formats::Format f);

// _mesa_get_format_base_format: the GL base format a Format stores (GL_RGB for R8G8B8X8_UNORM).
std::uint32_t format_base_format(formats::Format f);

// st_TexSubImage's path choice, adapted to Vulkan: memcpy first; a PBO copied on the GPU when its
// bytes are the texels and vkCmdCopyBufferToImage can address them (rows and images a whole number
// of texels apart, the first texel aligned); otherwise a blit from a staging image that holds the user's bytes, when
// vkCmdBlitImage can convert between the two formats (never depth/stencil, integers only to
// integers of the same signedness, an sRGB texture from an sRGB staging image); else the CPU.
TransferPlan choose_upload_path(const FormatSupport& support, const TransferRequest& request);

// ---------------------------------------------------------------------------------------------
// Carrying the transfers out (st_TexSubImage, st_GetTexImage): src/gl validates and describes the
// transfer with these; st chooses the path above and executes it.

// The application's side of a texel transfer, without GL objects: client memory or a range of a
// pixel buffer object's resource, with GL's row and image strides (bytes; 1D arrays take rows as
// layers, so their slices are a row apart).
struct ClientTexels {
  const std::byte* data = nullptr;    // uploads: the first texel in client memory (null: no data or a PBO)
  std::byte* destination = nullptr;   // readbacks: the first texel's place in client memory
  Resource* pbo = nullptr;            // the bound pixel buffer object's resource, or null
  std::uint64_t pbo_offset = 0;       // of the first texel in it
  std::size_t extent_bytes = 0;       // from the first texel to one past the last
  std::size_t row_stride = 0, image_stride = 0;
};

// The format uploads and readbacks convert texels to and from: sRGB images take and return their
// encoded values unchanged (GL 4.6 sections 8.5 and 8.11; only sampling decodes), so they convert as
// their linear equivalent.
formats::Format transfer_format(formats::Format storage);

// The rebase applied to uploaded RGBA: drops what the base format does not store (GL_RGB: alpha 1).
// Null when there is nothing to drop.
const formats::Swizzle* upload_rebase(std::uint32_t base_format, formats::Swizzle (&map)[4]);

// st_TexSubImage: writes `box` of `level` from `client` along the path choose_upload_path picks for
// `request` (the caller fills texture_format, texture_base_format, format, type, pixel_store and
// target; the sizes, PBO and device preference are taken from here) and carries it out: a PBO
// copied on the GPU, the user's bytes as they are, a staging image blitted into the texture,
// combined depth/stencil split per aspect, or a CPU conversion into a write map. UNSUPPORTED when
// the format library cannot convert the data.
Result texture_upload(Context& ctx, Texture& texture, unsigned level, const Box& box, TransferRequest request,
                      const ClientTexels& client);

// Online compression (GL 4.6 section 8.7): the texels of `box` converted to RGBA float with the
// image's rebase and encoded into `compressed` blocks (src/formats/compressed), for
// texture_write_blocks. UNSUPPORTED when the data cannot be converted.
Result compress_texels(Context& ctx, const TransferRequest& request, formats::Format compressed, const Box& box,
                       const ClientTexels& client, std::vector<std::byte>& blocks);

// glCompressedTexSubImage's write of blocks covering `box`: as they are when the storage is the
// compressed format, else decoded into the storage format (UNSUPPORTED when they cannot be).
Result texture_write_blocks(Texture& texture, unsigned level, const Box& box, formats::Format compressed,
                            formats::Format storage, const std::byte* blocks);

}  // namespace glvk::st
