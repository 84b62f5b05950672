#!/usr/bin/env python3
"""Generate the GCN chip table from chips.txt and tile_modes.txt.

usage: gen_chips.py chips.txt tile_modes.txt registers.txt OUT_SOURCE

Tile-mode dwords are encoded with the GB_TILE_MODEn / GB_MACROTILE_MODEn fields and enumerations
of registers.txt (parsed with gen_registers.py), so no bit position is repeated here.
"""
import os
import sys

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_registers  # noqa: E402

COLUMNS = ["name", "family", "gfx", "num_tile_pipes", "pipe_interleave_bytes",
           "num_shader_engines", "dedicated_vram", "max_dimension"]


class ChipError(Exception):
    pass


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.split("#", 1)[0].strip()
            if line:
                yield f"{path}:{lineno}", line


def register_fields(registers_path):
    enums, registers, _ = gen_registers.parse(registers_path)
    enum_values = {e["name"]: dict((n, v) for v, n in e["values"]) for e in enums}

    def fields_of(name, gfx_bit):
        for r in registers:
            if r["name"] == name and r["gfx"] & gfx_bit:
                return {fd["name"]: fd for fd in r["fields"]}
        raise ChipError(f"registers.txt has no {name}")

    gfx7 = gen_registers.GFX_BITS[7]
    return fields_of("GB_TILE_MODE{n}", gfx7), fields_of("GB_MACROTILE_MODE{n}", gfx7), enum_values


def encode(fields, enum_values, where, **named):
    dword = 0
    for field_name, enumerator in named.items():
        if enumerator is None:
            continue
        fd = fields[field_name]
        values = enum_values[fd["enum"]]
        if enumerator not in values:
            raise ChipError(f"{where}: {enumerator} is not a {fd['enum']} value")
        dword |= values[enumerator] << fd["shift"]
    return dword


def parse_tiles(path, registers_path):
    tile_fields, macro_fields, enum_values = register_fields(registers_path)
    tiles, macros, pipe_configs = {}, {}, {}
    for where, line in read_lines(path):
        w = line.split()
        if w[0] == "tile" and len(w) == 8:
            chip, index = w[1], int(w[2])
            if not 0 <= index < 32:
                raise ChipError(f"{where}: tile index {index} outside 0..31")
            opt = lambda v, fmt: None if v == "-" else fmt.format(v)  # noqa: E731
            dword = encode(tile_fields, enum_values, where,
                           ARRAY_MODE=opt(w[3], "ARRAY_{}"), PIPE_CONFIG=opt(w[4], "ADDR_SURF_{}"),
                           TILE_SPLIT=opt(w[5], "ADDR_SURF_TILE_SPLIT_{}"),
                           MICRO_TILE_MODE_NEW=opt(w[6], "ADDR_SURF_{}_MICRO_TILING"),
                           SAMPLE_SPLIT=opt(w[7], "ADDR_SURF_SAMPLE_SPLIT_{}"))
            table = tiles.setdefault(chip, [0] * 32)
            table[index] = dword
            pipe_configs.setdefault(chip, {})[index] = w[4]
        elif w[0] == "macro" and len(w) == 7:
            chip, index = w[1], int(w[2])
            if not 0 <= index < 16:
                raise ChipError(f"{where}: macrotile index {index} outside 0..15")
            dword = encode(macro_fields, enum_values, where,
                           BANK_WIDTH=f"ADDR_SURF_BANK_WIDTH_{w[3]}", BANK_HEIGHT=f"ADDR_SURF_BANK_HEIGHT_{w[4]}",
                           MACRO_TILE_ASPECT=f"ADDR_SURF_MACRO_ASPECT_{w[5]}", NUM_BANKS=f"ADDR_SURF_{w[6]}_BANK")
            macros.setdefault(chip, [0] * 16)[index] = dword
        else:
            raise ChipError(f"{where}: expected 'tile CHIP INDEX ARRAY PIPE SPLIT MICRO SAMPLE' or "
                            f"'macro CHIP INDEX BW BH ASPECT BANKS'")
    return tiles, macros, pipe_configs


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        tiles, macros, pipe_configs = parse_tiles(argv[2], argv[3])
        rows = []
        for where, line in read_lines(argv[1]):
            cells = [c.strip() for c in line.split(",")]
            if len(cells) != len(COLUMNS):
                raise ChipError(f"{where}: expected {len(COLUMNS)} columns")
            row = dict(zip(COLUMNS, cells))
            if row["gfx"] not in ("gfx6", "gfx7", "gfx8"):
                raise ChipError(f"{where}: bad gfx level {row['gfx']}")
            pipes = int(row["num_tile_pipes"])
            if pipes not in (2, 4, 8, 16):
                raise ChipError(f"{where}: num_tile_pipes must be 2, 4, 8 or 16")
            if any(r["name"] == row["name"] for r in rows):
                raise ChipError(f"{where}: duplicate chip {row['name']}")
            if row["name"] in tiles:
                if row["gfx"] == "gfx6":
                    raise ChipError(f"{where}: tile_modes.txt uses the GFX7+ GB_TILE_MODE layout")
                if row["name"] not in macros:
                    raise ChipError(f"{where}: tile table without a macrotile table")
                # Mesa derives the pipe count from the 2D colour mode (index 14).
                mode14 = pipe_configs[row["name"]].get(14, "")
                derived = 2 if mode14 == "P2" else int(mode14[1:].split("_")[0]) if mode14 else 0
                if derived != pipes:
                    raise ChipError(f"{where}: num_tile_pipes {pipes} disagrees with GB_TILE_MODE14 {mode14}")
            rows.append(row)
        for chip in list(tiles) + list(macros):
            if not any(r["name"] == chip for r in rows):
                raise ChipError(f"tile_modes.txt: unknown chip {chip}")
    except (ChipError, gen_registers.SourceError) as e:
        print(f"gen_chips.py: {e}", file=sys.stderr)
        return 1

    out = ["// GENERATED by src/amd_descriptors/gen_chips.py from chips.txt and tile_modes.txt. Do not edit.",
           "#include <glvk/amd_descriptors/chip.h>", "", "namespace glvk::amd {", "", "namespace {", ""]
    for r in rows:
        name = r["name"]
        if name in tiles:
            out.append(f"const uint32_t k{name.capitalize()}TileModes[32] = {{" +
                       ", ".join(f"{d:#010x}" for d in tiles[name]) + "};")
            out.append(f"const uint32_t k{name.capitalize()}MacrotileModes[16] = {{" +
                       ", ".join(f"{d:#010x}" for d in macros[name]) + "};")
    out += ["", "}  // namespace", "", "extern const Chip kChips[];", "extern const size_t kNumChips;", "",
            "const Chip kChips[] = {"]
    for r in rows:
        level = "GfxLevel::GFX" + r["gfx"][3]
        name = r["name"]
        spans = (f"k{name.capitalize()}TileModes, k{name.capitalize()}MacrotileModes" if name in tiles else "{}, {}")
        out.append(f"    {{\"{name}\", \"{r['family']}\", {level}, {int(r['num_tile_pipes'])}, "
                   f"{int(r['pipe_interleave_bytes'])}, {int(r['num_shader_engines'])}, "
                   f"{'true' if r['dedicated_vram'] == '1' else 'false'}, {int(r['max_dimension'])}, {spans}}},")
    out += ["};", f"const size_t kNumChips = {len(rows)};", "", "}  // namespace glvk::amd", ""]
    with open(argv[4], "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
