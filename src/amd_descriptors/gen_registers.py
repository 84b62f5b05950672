#!/usr/bin/env python3
"""Generate the GCN register header and tables from registers.txt.

usage: gen_registers.py registers.txt OUT_HEADER OUT_SOURCE

The header holds constexpr field descriptors (shift, width) per register, enumeration constants
and PM4 opcodes; the source holds the name/enum tables the IB printer walks. Nothing else in the
project writes a bit position by hand.
"""
import re
import sys

GFX_BITS = {6: 1, 7: 2, 8: 4, 9: 8}
SPACES = {"context": "Context", "sh": "Sh", "uconfig": "Uconfig", "config": "Config",
          "descriptor": "Descriptor", "packet": "Packet"}
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class SourceError(Exception):
    pass


def parse_gfx(text, where):
    m = re.fullmatch(r"gfx([6789])(\+|-([6789]))?", text)
    if not m:
        raise SourceError(f"{where}: bad gfx level '{text}'")
    lo = int(m.group(1))
    hi = max(GFX_BITS) if m.group(2) == "+" else int(m.group(3)) if m.group(3) else lo
    if hi < lo:
        raise SourceError(f"{where}: empty gfx range '{text}'")
    mask = 0
    for level in range(lo, hi + 1):
        mask |= GFX_BITS[level]
    return mask


def parse_bits(text, where):
    m = re.fullmatch(r"(\d+)(?::(\d+))?", text)
    if not m:
        raise SourceError(f"{where}: bad bit range '{text}'")
    hi = int(m.group(1))
    lo = int(m.group(2)) if m.group(2) is not None else hi
    if lo > hi or hi > 31:
        raise SourceError(f"{where}: bit range '{text}' outside 31:0")
    return lo, hi - lo + 1


def parse(path):
    enums, registers, packets = [], [], []
    current = None  # the enum or register collecting indented lines
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            where = f"{path}:{lineno}"
            line = raw.split("#", 1)[0].rstrip()
            if not line.strip():
                continue
            words = line.split()
            if not raw[0].isspace():
                current = None
                kind = words[0]
                if kind == "enum":
                    if len(words) != 2 or not IDENT.match(words[1]):
                        raise SourceError(f"{where}: expected 'enum NAME'")
                    current = {"kind": "enum", "name": words[1], "values": []}
                    enums.append(current)
                elif kind == "packet":
                    if len(words) != 3:
                        raise SourceError(f"{where}: expected 'packet NAME OPCODE'")
                    packets.append((words[1], int(words[2], 0)))
                elif kind == "register":
                    if len(words) < 5:
                        raise SourceError(f"{where}: expected 'register NAME OFFSET SPACE GFX'")
                    name, offset, space, gfx = words[1], int(words[2], 0), words[3], words[4]
                    if space not in SPACES:
                        raise SourceError(f"{where}: unknown space '{space}'")
                    opts = dict(w.split("=", 1) for w in words[5:])
                    count = int(opts.pop("count", "1"), 0)
                    stride = int(opts.pop("stride", "0"), 0)
                    if opts:
                        raise SourceError(f"{where}: unknown options {sorted(opts)}")
                    if (count > 1) != ("{n}" in name):
                        raise SourceError(f"{where}: register arrays need both count= and {{n}} in the name")
                    if count > 1 and stride == 0:
                        raise SourceError(f"{where}: register array without stride")
                    if space not in ("descriptor", "packet") and offset % 4:
                        raise SourceError(f"{where}: offset not dword aligned")
                    current = {"kind": "register", "name": name, "offset": offset, "space": space,
                               "gfx": parse_gfx(gfx, where), "count": count, "stride": stride,
                               "fields": [], "where": where}
                    registers.append(current)
                else:
                    raise SourceError(f"{where}: unknown item '{kind}'")
                continue
            if current is None:
                raise SourceError(f"{where}: indented line outside an enum or register")
            if current["kind"] == "enum":
                if len(words) != 2 or not IDENT.match(words[1]):
                    raise SourceError(f"{where}: expected 'VALUE NAME'")
                current["values"].append((int(words[0], 0), words[1]))
            else:
                fname = words[0]
                if not IDENT.match(fname):
                    raise SourceError(f"{where}: bad field name '{fname}'")
                shift, width = parse_bits(words[1], where)
                gfx = current["gfx"]
                enum = None
                for w in words[2:]:
                    if w.startswith("enum="):
                        enum = w[5:]
                    elif w.startswith("gfx"):
                        gfx = parse_gfx(w, where)
                        if gfx & ~current["gfx"]:
                            raise SourceError(f"{where}: field exists where its register does not")
                    else:
                        raise SourceError(f"{where}: unknown field option '{w}'")
                current["fields"].append({"name": fname, "shift": shift, "width": width,
                                          "gfx": gfx, "enum": enum, "where": where})
    return enums, registers, packets


def validate(enums, registers, packets):
    enum_by_name = {}
    for e in enums:
        if e["name"] in enum_by_name:
            raise SourceError(f"duplicate enum {e['name']}")
        enum_by_name[e["name"]] = e
        seen_v, seen_n = set(), set()
        for v, n in e["values"]:
            if v in seen_v or n in seen_n:
                raise SourceError(f"enum {e['name']}: duplicate value or name {v} {n}")
            seen_v.add(v)
            seen_n.add(n)
    for r in registers:
        if not r["fields"]:
            raise SourceError(f"{r['where']}: register {r['name']} has no fields")
        names = set()
        for level, bit in GFX_BITS.items():
            used = 0
            for fd in r["fields"]:
                if not fd["gfx"] & bit:
                    continue
                mask = ((1 << fd["width"]) - 1) << fd["shift"]
                if used & mask:
                    raise SourceError(f"{fd['where']}: field {fd['name']} overlaps another on gfx{level}")
                used |= mask
        for fd in r["fields"]:
            if fd["name"] in names:
                raise SourceError(f"{fd['where']}: duplicate field {fd['name']}")
            names.add(fd["name"])
            if fd["enum"] is not None:
                e = enum_by_name.get(fd["enum"])
                if e is None:
                    raise SourceError(f"{fd['where']}: unknown enum {fd['enum']}")
                for v, n in e["values"]:
                    if v >= (1 << fd["width"]):
                        raise SourceError(f"{fd['where']}: enum value {n}={v} does not fit {fd['width']} bits")
    # One register per (space, offset) per gfx level.
    taken = {}
    for r in registers:
        if r["space"] in ("descriptor", "packet"):
            continue
        for i in range(r["count"]):
            off = r["offset"] + i * r["stride"]
            for level, bit in GFX_BITS.items():
                if r["gfx"] & bit:
                    key = (off, level)
                    if key in taken:
                        raise SourceError(f"{r['where']}: offset {off:#x} already used on gfx{level} by {taken[key]}")
                    taken[key] = r["name"]
    opcodes = set()
    for name, op in packets:
        if op in opcodes or op > 0xFF:
            raise SourceError(f"packet {name}: duplicate or invalid opcode {op:#x}")
        opcodes.add(op)


def lowest_level(mask):
    for level, bit in sorted(GFX_BITS.items()):
        if mask & bit:
            return level
    raise AssertionError


def namespace_names(registers):
    """C++ namespace per register variant. A GFX9-only variant of a name is NAME_GFX9 (the GFX6-8
    register keeps its plain name); GFX6-8 variants sharing a name get a _GFXn suffix."""
    gfx9_only = GFX_BITS[9]
    counts = {}
    for r in registers:
        if r["gfx"] != gfx9_only:
            counts[r["name"]] = counts.get(r["name"], 0) + 1
    out = []
    for r in registers:
        base = r["name"].replace("{n}", "n")
        if r["gfx"] == gfx9_only:
            if r["name"] in counts:
                base += "_GFX9"
        elif counts[r["name"]] > 1:
            base += f"_GFX{lowest_level(r['gfx'])}"
        out.append(base)
    if len(set(out)) != len(out):
        raise SourceError("register namespace collision")
    return out


def emit(enums, registers, packets, header_path, source_path):
    enum_index = {e["name"]: i for i, e in enumerate(enums)}
    ns_names = namespace_names(registers)
    h = []
    h.append("// GENERATED by src/amd_descriptors/gen_registers.py from registers.txt. Do not edit.")
    h.append("#pragma once\n")
    h.append("#include <cstddef>\n#include <cstdint>\n")
    h.append("namespace glvk::amd::regs {\n")
    h.append("// Bit per gfx level in availability masks.")
    h.append("inline constexpr uint8_t kGfx6Bit = 1, kGfx7Bit = 2, kGfx8Bit = 4, kGfx9Bit = 8;\n")
    h.append("// One register field: bits [shift, shift + width).")
    h.append("struct Field {")
    h.append("  uint8_t shift;")
    h.append("  uint8_t width;")
    h.append("  constexpr uint32_t max() const { return width >= 32 ? 0xffffffffu : (1u << width) - 1u; }")
    h.append("  constexpr uint32_t mask() const { return max() << shift; }")
    h.append("  constexpr bool fits(uint64_t value) const { return value <= max(); }")
    h.append("  // Callers check fits() first where a value can be out of range; encode() never spills.")
    h.append("  constexpr uint32_t encode(uint32_t value) const { return (value & max()) << shift; }")
    h.append("  constexpr uint32_t decode(uint32_t dword) const { return (dword >> shift) & max(); }")
    h.append("  constexpr uint32_t replace(uint32_t dword, uint32_t value) const { return (dword & ~mask()) | encode(value); }")
    h.append("};\n")
    h.append("enum class Space : uint8_t { Context, Sh, Uconfig, Config, Descriptor, Packet };\n")
    h.append("struct EnumValueDesc { uint32_t value; const char* name; };")
    h.append("struct EnumDesc { const char* name; uint16_t first_value; uint16_t num_values; };")
    h.append("struct FieldDesc { const char* name; Field field; uint8_t gfx_mask; int16_t enum_index; };")
    h.append("struct RegisterDesc {")
    h.append("  const char* name;  // instance name, e.g. CB_COLOR3_INFO")
    h.append("  uint32_t offset;   // byte address (descriptor words: the documented SQ address)")
    h.append("  Space space;")
    h.append("  uint8_t gfx_mask;")
    h.append("  uint16_t first_field;")
    h.append("  uint16_t num_fields;")
    h.append("};")
    h.append("struct PacketDesc { const char* name; uint8_t opcode; };\n")
    h.append("extern const EnumValueDesc kEnumValues[];")
    h.append("extern const EnumDesc kEnums[];")
    h.append("extern const FieldDesc kFields[];")
    h.append("extern const RegisterDesc kRegisters[];")
    h.append("extern const PacketDesc kPackets[];")
    h.append("extern const size_t kNumEnumValues, kNumEnums, kNumFields, kNumRegisters, kNumPackets;\n")

    h.append("// ---- enumerations")
    for e in enums:
        h.append(f"namespace {e['name']} {{")
        for v, n in e["values"]:
            h.append(f"inline constexpr uint32_t {n} = {v};")
        h.append(f"}}  // namespace {e['name']}")
    h.append("")
    h.append("// ---- PM4 type-3 opcodes")
    h.append("namespace Opcode {")
    for n, op in packets:
        h.append(f"inline constexpr uint32_t {n} = {op:#04x};")
    h.append("}  // namespace Opcode\n")

    h.append("// ---- registers: kOffset (instance 0), kStride/kCount for arrays, kGfxMask, then fields")
    for r, ns in zip(registers, ns_names):
        h.append(f"namespace {ns} {{")
        h.append(f"inline constexpr uint32_t kOffset = {r['offset']:#x};")
        h.append(f"inline constexpr Space kSpace = Space::{SPACES[r['space']]};")
        h.append(f"inline constexpr uint8_t kGfxMask = {r['gfx']};")
        if r["count"] > 1:
            h.append(f"inline constexpr uint32_t kStride = {r['stride']:#x};")
            h.append(f"inline constexpr uint32_t kCount = {r['count']};")
            h.append("constexpr uint32_t offset(uint32_t index) { return kOffset + index * kStride; }")
        for fd in r["fields"]:
            h.append(f"inline constexpr Field {fd['name']}{{{fd['shift']}, {fd['width']}}};")
        h.append(f"}}  // namespace {ns}")
    h.append("\n}  // namespace glvk::amd::regs")

    s = []
    s.append("// GENERATED by src/amd_descriptors/gen_registers.py from registers.txt. Do not edit.")
    s.append("#include <glvk/amd_descriptors/registers.h>\n")
    s.append("namespace glvk::amd::regs {\n")
    s.append("const EnumValueDesc kEnumValues[] = {")
    first = []
    n = 0
    for e in enums:
        first.append(n)
        for v, name in e["values"]:
            s.append(f"    {{{v}, \"{name}\"}},")
            n += 1
    s.append("};")
    s.append(f"const size_t kNumEnumValues = {n};\n")
    s.append("const EnumDesc kEnums[] = {")
    for e, f0 in zip(enums, first):
        s.append(f"    {{\"{e['name']}\", {f0}, {len(e['values'])}}},")
    s.append("};")
    s.append(f"const size_t kNumEnums = {len(enums)};\n")
    s.append("const FieldDesc kFields[] = {")
    field_first = []
    nf = 0
    for r in registers:
        field_first.append(nf)
        for fd in r["fields"]:
            ei = enum_index[fd["enum"]] if fd["enum"] else -1
            s.append(f"    {{\"{fd['name']}\", {{{fd['shift']}, {fd['width']}}}, {fd['gfx']}, {ei}}},")
            nf += 1
    s.append("};")
    s.append(f"const size_t kNumFields = {nf};\n")
    s.append("const RegisterDesc kRegisters[] = {")
    nr = 0
    for r, f0 in zip(registers, field_first):
        for i in range(r["count"]):
            name = r["name"].replace("{n}", str(i))
            off = r["offset"] + i * r["stride"]
            s.append(f"    {{\"{name}\", {off:#x}, Space::{SPACES[r['space']]}, {r['gfx']}, {f0}, {len(r['fields'])}}},")
            nr += 1
    s.append("};")
    s.append(f"const size_t kNumRegisters = {nr};\n")
    s.append("const PacketDesc kPackets[] = {")
    for name, op in packets:
        s.append(f"    {{\"{name}\", {op:#04x}}},")
    s.append("};")
    s.append(f"const size_t kNumPackets = {len(packets)};\n")
    s.append("}  // namespace glvk::amd::regs")

    with open(header_path, "w", encoding="utf-8") as f:
        f.write("\n".join(h) + "\n")
    with open(source_path, "w", encoding="utf-8") as f:
        f.write("\n".join(s) + "\n")


def main(argv):
    if len(argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        enums, registers, packets = parse(argv[1])
        validate(enums, registers, packets)
        emit(enums, registers, packets, argv[2], argv[3])
    except SourceError as e:
        print(f"gen_registers.py: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
