#include <glvk/amd_descriptors/register_db.h>

namespace glvk::amd {

using regs::FieldDesc;
using regs::RegisterDesc;

const char* gfx_level_name(GfxLevel level) {
  switch (level) {
    case GfxLevel::GFX6: return "GFX6";
    case GfxLevel::GFX7: return "GFX7";
    case GfxLevel::GFX8: return "GFX8";
    case GfxLevel::GFX9: return "GFX9";
  }
  return "?";
}

const RegisterDesc* find_register(uint32_t offset, GfxLevel level) {
  const uint8_t bit = gfx_bit(level);
  for (size_t i = 0; i < regs::kNumRegisters; ++i) {
    const RegisterDesc& r = regs::kRegisters[i];
    if (r.offset == offset && (r.gfx_mask & bit) && r.space != regs::Space::Descriptor &&
        r.space != regs::Space::Packet)
      return &r;
  }
  return nullptr;
}

const RegisterDesc* find_register(std::string_view name, GfxLevel level) {
  const uint8_t bit = gfx_bit(level);
  for (size_t i = 0; i < regs::kNumRegisters; ++i) {
    const RegisterDesc& r = regs::kRegisters[i];
    if (name == r.name && (r.gfx_mask & bit)) return &r;
  }
  return nullptr;
}

std::span<const FieldDesc> register_fields(const RegisterDesc& reg) {
  return {regs::kFields + reg.first_field, reg.num_fields};
}

bool field_exists(const FieldDesc& field, GfxLevel level) { return (field.gfx_mask & gfx_bit(level)) != 0; }

const FieldDesc* find_field(const RegisterDesc& reg, std::string_view field_name) {
  for (const FieldDesc& f : register_fields(reg))
    if (field_name == f.name) return &f;
  return nullptr;
}

const char* enum_value_name(const FieldDesc& field, uint32_t value) {
  if (field.enum_index < 0) return nullptr;
  const regs::EnumDesc& e = regs::kEnums[field.enum_index];
  for (uint16_t i = 0; i < e.num_values; ++i)
    if (regs::kEnumValues[e.first_value + i].value == value) return regs::kEnumValues[e.first_value + i].name;
  return nullptr;
}

bool enum_value_by_name(const FieldDesc& field, std::string_view name, uint32_t* value) {
  if (field.enum_index < 0) return false;
  const regs::EnumDesc& e = regs::kEnums[field.enum_index];
  for (uint16_t i = 0; i < e.num_values; ++i) {
    if (name == regs::kEnumValues[e.first_value + i].name) {
      *value = regs::kEnumValues[e.first_value + i].value;
      return true;
    }
  }
  return false;
}

const char* packet_name(uint32_t opcode) {
  for (size_t i = 0; i < regs::kNumPackets; ++i)
    if (regs::kPackets[i].opcode == opcode) return regs::kPackets[i].name;
  return nullptr;
}

}  // namespace glvk::amd
