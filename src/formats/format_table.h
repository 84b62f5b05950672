// Private: the generated tables behind describe()/find_format().
#pragma once

#include <glvk/formats/format.h>

namespace glvk::formats::detail {

extern const FormatDesc kFormatTable[kFormatCount];

// The four samples of a 2x1 SUBSAMPLED block in memory order: RGB component of each (the
// component listed twice is per pixel, the others are shared by both pixels).
struct SubsampledLayout {
  Format format;
  uint8_t sample_bytes;  // 1 or 2
  uint8_t value_bits;    // 8, 10, 12, 16 (held in the top bits of a 16-bit sample)
  uint8_t component[4];
};
extern const SubsampledLayout kSubsampledLayouts[];
extern const unsigned kSubsampledLayoutCount;
extern const uint16_t kFormatsByName[kFormatCount];  // indices into kFormatTable sorted by name

}  // namespace glvk::formats::detail
