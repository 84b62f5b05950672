#include <glvk/amd_descriptors/ib_printer.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace glvk::amd {

namespace {

std::string printf_string(const char* fmt, auto... args) {
  char buf[256];
  std::snprintf(buf, sizeof buf, fmt, args...);
  return buf;
}

// Column where a dword's decoding starts: the 8 hex digits and 9 spaces of the seed dump.
constexpr size_t kDecodeColumn = 17;

const char* packet_display_name(uint32_t opcode, std::string& scratch) {
  if (const char* n = packet_name(opcode)) return n;
  scratch = printf_string("PKT3_0x%02X", opcode);
  return scratch.c_str();
}

// SET_*_REG: `count` registers from byte address `first` stay inside the packet's space.
bool writes_fit(uint64_t first, size_t count, const pm4::SpaceWindow& w) {
  return count == 0 ? first < w.end : first + 4 * (count - 1) < w.end;
}

}  // namespace

Result<std::vector<Packet>> parse_ib(std::span<const uint32_t> ib) {
  std::vector<Packet> packets;
  size_t i = 0;
  while (i < ib.size()) {
    Packet p{};
    p.first_dword = i;
    p.header = ib[i];
    p.type = pm4::packet_type(p.header);
    size_t body = 0;
    if (p.type == 3) {
      p.type3 = pm4::parse_type3_header(p.header);
      body = p.type3.body_dwords();
    } else if (p.type == 0) {
      body = regs::PM4_TYPE3_HEADER::COUNT.decode(p.header) + 1;  // same COUNT position in type 0
    } else if (p.type == 2) {
      body = 0;
    } else {
      return fail(printf_string("dword %zu (0x%08x): type-1 packets do not exist on GCN", i, p.header));
    }
    if (body > ib.size() - i - 1)
      return fail(printf_string("dword %zu (0x%08x): packet needs %zu body dwords, only %zu left", i, p.header, body,
                                ib.size() - i - 1));
    p.body = ib.subspan(i + 1, body);
    packets.push_back(p);
    i += 1 + body;
  }
  return packets;
}

Result<std::vector<RegisterWrite>> register_writes(std::span<const uint32_t> ib, GfxLevel level) {
  Result<std::vector<Packet>> packets = parse_ib(ib);
  if (!packets) return Error{packets.error()};
  std::vector<RegisterWrite> writes;
  for (const Packet& p : *packets) {
    if (p.type == 0) {
      const uint32_t base = (p.header & 0xFFFFu) * 4;  // type 0: BASE_INDEX is the dword address
      for (size_t k = 0; k < p.body.size(); ++k) writes.push_back({base + uint32_t(4 * k), p.body[k]});
      continue;
    }
    if (p.type != 3) continue;
    const pm4::SpaceWindow* w = pm4::space_window_for_opcode(p.type3.opcode, level);
    if (!w) continue;
    const uint64_t first = w->begin + uint64_t(p.body[0]) * 4;
    if (!writes_fit(first, p.body.size() - 1, *w))
      return fail(printf_string("dword %zu: %s register index 0x%x lies outside its space", p.first_dword,
                                packet_name(p.type3.opcode), p.body[0]));
    for (size_t k = 1; k < p.body.size(); ++k) writes.push_back({uint32_t(first + 4 * (k - 1)), p.body[k]});
  }
  return writes;
}

std::string format_value(uint32_t value, unsigned bits) {
  const int digits = static_cast<int>(bits / 4);
  if (value <= 9) return printf_string("%u", value);
  if (value <= (1u << 15)) return printf_string("%u (0x%0*x)", value, digits, value);
  const float f = std::bit_cast<float>(value);
  if (std::fabs(f) < 100000 && f * 10 == std::floor(f * 10))
    return printf_string("%.1ff (0x%0*x)", static_cast<double>(f), digits, value);
  return printf_string("0x%0*x", digits, value);
}

std::string format_dword(const regs::RegisterDesc& reg, uint32_t value, GfxLevel level) {
  std::string out = printf_string("%08x", value) + std::string(kDecodeColumn - 8, ' ') + reg.name + " <- ";
  const size_t indent = kDecodeColumn + std::strlen(reg.name) + 4;
  std::span<const regs::FieldDesc> fields = register_fields(reg);
  // A register that is one 32-bit value (a base address, a clear word) prints as that value.
  if (fields.size() == 1 && fields[0].field.width == 32) return out + format_value(value, 32) + "\n";
  bool first = true;
  for (const regs::FieldDesc& f : fields) {
    if (!field_exists(f, level)) continue;
    if (!first) out += std::string(indent, ' ');
    first = false;
    const uint32_t v = f.field.decode(value);
    out += f.name;
    out += " = ";
    if (const char* name = enum_value_name(f, v))
      out += name;
    else
      out += format_value(v, f.field.width);
    out += "\n";
  }
  if (first) out += format_value(value, 32) + "\n";
  return out;
}

std::string format_register(uint32_t offset, uint32_t value, GfxLevel level) {
  if (const regs::RegisterDesc* reg = find_register(offset, level)) return format_dword(*reg, value, level);
  return printf_string("%08x", value) + std::string(kDecodeColumn - 8, ' ') + printf_string("REG_%05X <- ", offset) +
         format_value(value, 32) + "\n";
}

Result<std::string> print_ib(std::span<const uint32_t> ib, GfxLevel level) {
  Result<std::vector<Packet>> packets = parse_ib(ib);
  if (!packets) return Error{packets.error()};
  std::string out;
  std::string scratch;
  std::string pending_descriptor;  // register prefix announced by the previous comment NOP
  for (const Packet& p : *packets) {
    std::string descriptor;
    descriptor.swap(pending_descriptor);
    if (p.type == 2) {
      out += printf_string("%08x NOP (type 2)\n", p.header);
      continue;
    }
    if (p.type == 0) {
      out += printf_string("%08x PKT0 (register writes at 0x%05X):\n", p.header, (p.header & 0xFFFFu) * 4);
      for (size_t k = 0; k < p.body.size(); ++k)
        out += format_register((p.header & 0xFFFFu) * 4 + uint32_t(4 * k), p.body[k], level);
      continue;
    }
    const uint32_t op = p.type3.opcode;
    std::string title = packet_display_name(op, scratch);
    if (p.type3.predicate) title += " (predicated)";
    if (p.type3.shader_type == pm4::ShaderType::Compute) title += " (compute)";
    if (const pm4::SpaceWindow* w = pm4::space_window_for_opcode(op, level)) {
      const uint64_t first = w->begin + uint64_t(p.body[0]) * 4;
      if (!writes_fit(first, p.body.size() - 1, *w))
        return fail(printf_string("dword %zu: %s register index 0x%x lies outside its space", p.first_dword,
                                  title.c_str(), p.body[0]));
      out += printf_string("%08x %s:\n%08x\n", p.header, title.c_str(), p.body[0]);
      for (size_t k = 1; k < p.body.size(); ++k)
        out += format_register(uint32_t(first + 4 * (k - 1)), p.body[k], level);
      continue;
    }
    if (op == regs::Opcode::NOP && p.body.size() >= 2 && p.body[0] == pm4::kCommentTag &&
        p.body[1] <= 4 * (p.body.size() - 2)) {
      std::string text(p.body[1], '\0');
      std::memcpy(text.data(), p.body.data() + 2, p.body[1]);
      out += printf_string("%08x %s: \"", p.header, title.c_str()) + text + "\"\n";
      for (uint32_t d : p.body) out += printf_string("%08x\n", d);
      constexpr std::string_view kDescriptor = "descriptor ";
      if (text.rfind(kDescriptor, 0) == 0) pending_descriptor = text.substr(kDescriptor.size());
      continue;
    }
    if (op == regs::Opcode::WRITE_DATA && p.body.size() >= 3) {
      // Control, address low/high, then the data; words of an announced descriptor are decoded.
      out += printf_string("%08x %s:\n", p.header, title.c_str());
      if (const regs::RegisterDesc* control = find_register("WRITE_DATA_CONTROL", level))
        out += format_dword(*control, p.body[0], level);
      out += printf_string("%08x         ADDRESS_LO\n%08x         ADDRESS_HI\n", p.body[1], p.body[2]);
      for (size_t k = 3; k < p.body.size(); ++k) {
        const regs::RegisterDesc* word =
            descriptor.empty() ? nullptr
                               : find_register(descriptor + "_WORD" + std::to_string(k - 3), level);
        out += word ? format_dword(*word, p.body[k], level) : printf_string("%08x\n", p.body[k]);
      }
      continue;
    }
    out += printf_string("%08x %s:\n", p.header, title.c_str());
    size_t k = 0;
    if (op == regs::Opcode::EVENT_WRITE) {
      const regs::RegisterDesc* event = find_register("EVENT_WRITE_EVENT", level);
      if (event) out += format_dword(*event, p.body[k++], level);
    }
    for (; k < p.body.size(); ++k) out += printf_string("%08x\n", p.body[k]);
  }
  return out;
}

}  // namespace glvk::amd
