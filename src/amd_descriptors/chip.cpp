#include <glvk/amd_descriptors/chip.h>

namespace glvk::amd {

extern const Chip kChips[];  // generated from chips.txt
extern const size_t kNumChips;

std::span<const Chip> all_chips() { return {kChips, kNumChips}; }

const Chip* find_chip(std::string_view name) {
  for (const Chip& c : all_chips())
    if (name == c.name) return &c;
  return nullptr;
}

}  // namespace glvk::amd
