// Private: the generated tables behind describe()/find_format().
#pragma once

#include <glvk/formats/format.h>

namespace glvk::formats::detail {

extern const FormatDesc kFormatTable[kFormatCount];
extern const uint16_t kFormatsByName[kFormatCount];  // indices into kFormatTable sorted by name

}  // namespace glvk::formats::detail
