// Lookups over the generated register tables (<glvk/amd_descriptors/registers.h>): by offset and
// gfx level for the IB printer, by name for tools and tests.
#pragma once

#include <glvk/amd_descriptors/registers.h>

#include <cstdint>
#include <span>
#include <string_view>

namespace glvk::amd {

enum class GfxLevel : uint8_t { GFX6 = 6, GFX7 = 7, GFX8 = 8, GFX9 = 9 };

constexpr uint8_t gfx_bit(GfxLevel level) {
  switch (level) {
    case GfxLevel::GFX6: return regs::kGfx6Bit;
    case GfxLevel::GFX7: return regs::kGfx7Bit;
    case GfxLevel::GFX8: return regs::kGfx8Bit;
    case GfxLevel::GFX9: return regs::kGfx9Bit;
  }
  return 0;
}
const char* gfx_level_name(GfxLevel level);  // "GFX6" ...

// The register at a byte offset in a SET_*_REG space on a gfx level; nullptr when unknown.
// Descriptor words and packet dwords are not reachable by offset.
const regs::RegisterDesc* find_register(uint32_t offset, GfxLevel level);
// By instance name ("CB_COLOR3_INFO"), on a gfx level; nullptr when unknown there.
const regs::RegisterDesc* find_register(std::string_view name, GfxLevel level);

std::span<const regs::FieldDesc> register_fields(const regs::RegisterDesc& reg);
bool field_exists(const regs::FieldDesc& field, GfxLevel level);
// A field of a register by name (on any level); nullptr when the register has no such field.
const regs::FieldDesc* find_field(const regs::RegisterDesc& reg, std::string_view field_name);

// Name of an enumeration value of a field; nullptr when the field has no enumeration or the value
// is not one of its named values.
const char* enum_value_name(const regs::FieldDesc& field, uint32_t value);
// The value of a named enumerator of a field; false when unknown.
bool enum_value_by_name(const regs::FieldDesc& field, std::string_view name, uint32_t* value);

const char* packet_name(uint32_t opcode);  // nullptr when unknown

}  // namespace glvk::amd
