#include "glvk/st/format_choice.h"

#include <GL/gl.h>
#include <GL/glext.h>

#include <algorithm>
#include <span>

#include "format_choice_tables.h"

namespace glvk::st {
namespace {

using formats::Format;

std::span<const Format> format_list(std::uint16_t first, std::uint16_t count) {
  return {tables::kFormatLists + first, count};
}

// find_exact_format.
Format find_exact_format(GLenumValue internal_format, GLenumValue format, GLenumValue type) {
  for (std::size_t i = 0; i < tables::kExactFormatCount; ++i) {
    const tables::ExactFormat& e = tables::kExactFormats[i];
    if (e.internal_format == internal_format && e.format == format && e.type == type) return e.result;
  }
  return Format::NONE;
}

const tables::InternalFormatCandidates* find_candidates(GLenumValue internal_format) {
  const auto* begin = tables::kInternalFormatCandidates;
  const auto* end = begin + tables::kInternalFormatCandidateCount;
  const auto* it = std::lower_bound(begin, end, internal_format,
                                    [](const auto& row, GLenumValue value) { return row.internal_format < value; });
  return it != end && it->internal_format == internal_format ? it : nullptr;
}

// find_supported_format.
Format find_supported_format(const FormatSupport& support, std::span<const Format> candidates, TextureTarget target,
                             unsigned sample_count, unsigned bindings, bool allow_dxt) {
  for (Format f : candidates) {
    if (!allow_dxt && formats::describe(f).layout == formats::Layout::S3TC) continue;
    if (support.is_format_supported(f, target, sample_count, bindings)) return f;
  }
  return Format::NONE;
}

// st_compressed_format_fallback, generalised: any compressed format with a [decompressed] row.
Format decompressed_storage(const FormatSupport& support, Format compressed, TextureTarget target) {
  for (std::size_t i = 0; i < tables::kDecompressedFallbackCount; ++i) {
    const tables::DecompressedFallback& row = tables::kDecompressedFallbacks[i];
    if (row.compressed == compressed)
      return find_supported_format(support, format_list(row.first, row.count), target, 0, BIND_SAMPLER_VIEW, true);
  }
  return Format::NONE;
}

}  // namespace

Format exact_format(GLenumValue internal_format) {
  const tables::InternalFormatCandidates* c = find_candidates(internal_format);
  return c && c->count ? tables::kFormatLists[c->first] : Format::NONE;
}

std::optional<TextureTarget> gl_target_to_pipe(GLenumValue target) {
  switch (target) {
    case GL_TEXTURE_1D:
    case GL_PROXY_TEXTURE_1D:
      return TextureTarget::TEXTURE_1D;
    case GL_TEXTURE_2D:
    case GL_PROXY_TEXTURE_2D:
    case 0x8D65:  // GL_TEXTURE_EXTERNAL_OES (OES_EGL_image_external)
    case GL_TEXTURE_2D_MULTISAMPLE:
    case GL_PROXY_TEXTURE_2D_MULTISAMPLE:
      return TextureTarget::TEXTURE_2D;
    case GL_TEXTURE_RECTANGLE:
    case GL_PROXY_TEXTURE_RECTANGLE:
      return TextureTarget::TEXTURE_RECT;
    case GL_TEXTURE_3D:
    case GL_PROXY_TEXTURE_3D:
      return TextureTarget::TEXTURE_3D;
    case GL_TEXTURE_CUBE_MAP:
    case GL_PROXY_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_CUBE_MAP_POSITIVE_X:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_X:
    case GL_TEXTURE_CUBE_MAP_POSITIVE_Y:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_Y:
    case GL_TEXTURE_CUBE_MAP_POSITIVE_Z:
    case GL_TEXTURE_CUBE_MAP_NEGATIVE_Z:
      return TextureTarget::TEXTURE_CUBE;
    case GL_TEXTURE_1D_ARRAY:
    case GL_PROXY_TEXTURE_1D_ARRAY:
      return TextureTarget::TEXTURE_1D_ARRAY;
    case GL_TEXTURE_2D_ARRAY:
    case GL_PROXY_TEXTURE_2D_ARRAY:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
    case GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return TextureTarget::TEXTURE_2D_ARRAY;
    case GL_TEXTURE_CUBE_MAP_ARRAY:
    case GL_PROXY_TEXTURE_CUBE_MAP_ARRAY:
      return TextureTarget::TEXTURE_CUBE_ARRAY;
    case GL_TEXTURE_BUFFER:
      return TextureTarget::BUFFER;
    default:
      return std::nullopt;
  }
}

bool is_depth_or_stencil_internal_format(GLenumValue internal_format) {
  switch (internal_format) {
    case GL_DEPTH_COMPONENT:
    case GL_DEPTH_COMPONENT16:
    case GL_DEPTH_COMPONENT24:
    case GL_DEPTH_COMPONENT32:
    case GL_DEPTH_COMPONENT32F:
    case GL_STENCIL_INDEX:
    case GL_STENCIL_INDEX1:
    case GL_STENCIL_INDEX4:
    case GL_STENCIL_INDEX8:
    case GL_STENCIL_INDEX16:
    case GL_DEPTH_STENCIL:
    case GL_DEPTH24_STENCIL8:
    case GL_DEPTH32F_STENCIL8:
      return true;
    default:
      return false;
  }
}

GLenumValue generic_compressed_to_uncompressed(GLenumValue internal_format) {
  switch (internal_format) {
    case GL_COMPRESSED_RED: return GL_RED;
    case GL_COMPRESSED_RG: return GL_RG;
    case GL_COMPRESSED_RGB: return GL_RGB;
    case GL_COMPRESSED_RGBA: return GL_RGBA;
    case GL_COMPRESSED_ALPHA: return GL_ALPHA;
    case GL_COMPRESSED_LUMINANCE: return GL_LUMINANCE;
    case GL_COMPRESSED_LUMINANCE_ALPHA: return GL_LUMINANCE_ALPHA;
    case GL_COMPRESSED_INTENSITY: return GL_INTENSITY;
    case GL_COMPRESSED_SRGB: return GL_SRGB;
    case GL_COMPRESSED_SRGB_ALPHA: return GL_SRGB_ALPHA;
    case GL_COMPRESSED_SLUMINANCE: return GL_SLUMINANCE;
    case GL_COMPRESSED_SLUMINANCE_ALPHA: return GL_SLUMINANCE_ALPHA;
    default: return internal_format;
  }
}

Format choose_format(const FormatSupport& support, GLenumValue internal_format, GLenumValue format,
                     GLenumValue type, TextureTarget target, unsigned sample_count, unsigned bindings,
                     bool allow_dxt) {
  const Format exact = find_exact_format(internal_format, format, type);
  if (exact != Format::NONE && support.is_format_supported(exact, target, sample_count, bindings)) return exact;

  // Unsized GL_RGB/GL_RGBA with 2_10_10_10_REV data picks a 2_10_10_10 layout:
  // EXT_texture_type_2_10_10_10_REV makes those formats non-colour-renderable, and GL knows it by
  // the chosen format being 2101010.
  if (type == GL_UNSIGNED_INT_2_10_10_10_REV) {
    if (internal_format == GL_RGB)
      internal_format = GL_RGB10;
    else if (internal_format == GL_RGBA)
      internal_format = GL_RGB10_A2;
  }

  const tables::InternalFormatCandidates* row = find_candidates(internal_format);
  if (!row) return Format::NONE;
  return find_supported_format(support, format_list(row->first, row->count), target, sample_count, bindings,
                               allow_dxt);
}

ChosenFormat choose_texture_format(const FormatSupport& support, GLenumValue target, GLenumValue internal_format,
                                   GLenumValue format, GLenumValue type) {
  const bool is_renderbuffer = target == GL_RENDERBUFFER;
  const std::optional<TextureTarget> pipe_target =
      is_renderbuffer ? std::optional(TextureTarget::TEXTURE_2D) : gl_target_to_pipe(target);
  if (!pipe_target) return {};

  // Generic compressed formats compress only where a specific compressed format of their families
  // (S3TC, RGTC) could be stored (GL 4.6 section 8.7): never 1D images (sub-image updates off block
  // boundaries have no sane meaning), rectangles or 3D textures.
  if (target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY || target == GL_PROXY_TEXTURE_1D ||
      target == GL_PROXY_TEXTURE_1D_ARRAY || target == GL_TEXTURE_RECTANGLE || target == GL_PROXY_TEXTURE_RECTANGLE ||
      target == GL_TEXTURE_3D || target == GL_PROXY_TEXTURE_3D)
    internal_format = generic_compressed_to_uncompressed(internal_format);

  // GL textures may become render targets later; ask for render-target support up front for the
  // formats that should always be renderable.
  unsigned bindings = BIND_SAMPLER_VIEW;
  if (is_depth_or_stencil_internal_format(internal_format)) {
    bindings |= BIND_DEPTH_STENCIL;
  } else if (is_renderbuffer || internal_format == 3 || internal_format == 4 || internal_format == GL_RGB ||
             internal_format == GL_RGBA || internal_format == GL_RGB8 || internal_format == GL_RGBA8 ||
             internal_format == GL_BGRA || internal_format == GL_RGB16F || internal_format == GL_RGBA16F ||
             internal_format == GL_RGB32F || internal_format == GL_RGBA32F) {
    bindings |= BIND_RENDER_TARGET;
  }

  Format chosen = choose_format(support, internal_format, format, type, *pipe_target, 0, bindings, true);
  if (chosen == Format::NONE && !is_renderbuffer) {
    bindings = BIND_SAMPLER_VIEW;
    chosen = choose_format(support, internal_format, format, type, *pipe_target, 0, bindings, true);
  }
  if (chosen != Format::NONE) return {chosen, chosen, bindings};

  // A specific compressed format the device lacks: GL keeps seeing the compressed format (for
  // glGetCompressedTexImage), the resource holds its decoded texels.
  if (const tables::InternalFormatCandidates* row = find_candidates(internal_format)) {
    for (Format compressed : format_list(row->first, row->count)) {
      if (!formats::describe(compressed).is_compressed) continue;
      const Format storage = decompressed_storage(support, compressed, *pipe_target);
      if (storage != Format::NONE) return {compressed, storage, BIND_SAMPLER_VIEW};
    }
  }
  return {};
}

Format choose_renderbuffer_format(const FormatSupport& support, GLenumValue internal_format, unsigned sample_count) {
  const unsigned bindings =
      is_depth_or_stencil_internal_format(internal_format) ? BIND_DEPTH_STENCIL : BIND_RENDER_TARGET;
  return choose_format(support, internal_format, GL_NONE, GL_NONE, TextureTarget::TEXTURE_2D, sample_count, bindings,
                       false);
}

}  // namespace glvk::st
