// Private: the generated GL client tables (src/formats/gl/*.csv) behind <glvk/formats/gl_client.h>.
#pragma once

#include <glvk/formats/gl_client.h>

#include <span>

namespace glvk::formats::detail {

struct GlTypeInfo {
  uint32_t type;
  const char* name;
  uint8_t bytes;  // per component for array types, per pixel for packed types (0 for GL_BITMAP)
  bool array;
  char kind;      // 'U' unsigned, 'S' signed, 'F' float
};

struct GlClientFormatInfo {
  uint32_t format;
  const char* name;
  uint8_t components;
  bool integer;
  bool array_capable;
  Swizzle swizzle[4];
};

struct GlPackedFormat {
  uint32_t type;
  uint32_t format;
  Format glvk_format;
};

extern const std::span<const GlTypeInfo> kGlTypes;
extern const std::span<const GlClientFormatInfo> kGlClientFormats;
extern const std::span<const GlPackedFormat> kGlPackedFormats;
extern const std::span<const InternalFormatInfo> kGlInternalFormats;

}  // namespace glvk::formats::detail
