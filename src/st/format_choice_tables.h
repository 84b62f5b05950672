// The tables gen_format_choice.py generates from format_candidates.txt (private to format_choice.cpp).
#pragma once

#include <cstddef>
#include <cstdint>

#include "glvk/formats/format.h"

namespace glvk::st::tables {

struct ExactFormat {
  std::uint32_t internal_format, format, type;
  formats::Format result;
};

// A run of kFormatLists, in order of preference.
struct InternalFormatCandidates {
  std::uint32_t internal_format;
  std::uint16_t first, count;
};

struct DecompressedFallback {
  formats::Format compressed;
  std::uint16_t first, count;
};

extern const ExactFormat kExactFormats[];
extern const std::size_t kExactFormatCount;
extern const formats::Format kFormatLists[];
extern const InternalFormatCandidates kInternalFormatCandidates[];
extern const std::size_t kInternalFormatCandidateCount;
extern const DecompressedFallback kDecompressedFallbacks[];
extern const std::size_t kDecompressedFallbackCount;

}  // namespace glvk::st::tables
