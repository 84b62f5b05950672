// IB parser and printer in the style of the seed 002 dump (Mesa's ac_debug output): each packet's
// header dword and name, then each dword with its register name and every field decoded by name
// and enumeration value name.
#pragma once

#include <glvk/amd_descriptors/pm4.h>
#include <glvk/amd_descriptors/register_db.h>
#include <glvk/amd_descriptors/result.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace glvk::amd {

struct Packet {
  size_t first_dword;  // index of the header in the IB
  uint32_t header;
  uint32_t type;       // 0, 2 or 3 (type 1 is rejected)
  pm4::Type3Header type3;  // valid when type == 3
  std::span<const uint32_t> body;
};

// Splits an IB into packets; an error names the dword where the IB stops making sense.
Result<std::vector<Packet>> parse_ib(std::span<const uint32_t> ib);

struct RegisterWrite {
  uint32_t offset;  // byte address
  uint32_t value;
};
// Every register written by SET_*_REG (and type-0) packets, in stream order.
Result<std::vector<RegisterWrite>> register_writes(std::span<const uint32_t> ib, GfxLevel level);

// One value as ac_debug prints it: small numbers in decimal, larger ones with their hex (bits/4
// digits), values that look like floats as floats.
std::string format_value(uint32_t value, unsigned bits);
// "NAME <- FIELD = VALUE" lines for one dword of a known register/descriptor word, each line
// prefixed with the dword in hex; continuation lines aligned under the first field.
std::string format_dword(const regs::RegisterDesc& reg, uint32_t value, GfxLevel level);
// Same, looking the register up by byte offset (unknown registers print as REG_xxxxx).
std::string format_register(uint32_t offset, uint32_t value, GfxLevel level);

Result<std::string> print_ib(std::span<const uint32_t> ib, GfxLevel level);

}  // namespace glvk::amd
