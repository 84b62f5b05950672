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
           "num_shader_engines", "dedicated_vram", "max_dimension", "gb_addr_config", "etc"]


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

    gfx6, gfx7 = gen_registers.GFX_BITS[6], gen_registers.GFX_BITS[7]
    return (fields_of("GB_TILE_MODE{n}", gfx7), fields_of("GB_MACROTILE_MODE{n}", gfx7), enum_values,
            fields_of("GB_TILE_MODE{n}", gfx6))


def gfx9_addr_config(registers_path):
    """The GFX9 GB_ADDR_CONFIG fields (name -> field) from registers.txt."""
    _, registers, _ = gen_registers.parse(registers_path)
    for r in registers:
        if r["name"] == "GB_ADDR_CONFIG" and r["gfx"] & gen_registers.GFX_BITS[9]:
            return {fd["name"]: fd for fd in r["fields"]}
    raise ChipError("registers.txt has no GFX9 GB_ADDR_CONFIG")


def decode(fields, name, dword):
    fd = fields[name]
    return (dword >> fd["shift"]) & ((1 << fd["width"]) - 1)


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
    tile_fields, macro_fields, enum_values, tile6_fields = register_fields(registers_path)
    tiles, macros, pipe_configs, gfx6_chips = {}, {}, {}, set()
    for where, line in read_lines(path):
        w = line.split()
        if w[0] == "tile6" and len(w) == 11:
            # GFX6: the bank parameters live in GB_TILE_MODEn itself (no macrotile table).
            chip, index = w[1], int(w[2])
            if not 0 <= index < 32:
                raise ChipError(f"{where}: tile index {index} outside 0..31")
            opt = lambda v, fmt: None if v == "-" else fmt.format(v)  # noqa: E731
            dword = encode(tile6_fields, enum_values, where,
                           ARRAY_MODE=opt(w[3], "ARRAY_{}"), PIPE_CONFIG=opt(w[4], "ADDR_SURF_{}"),
                           TILE_SPLIT=opt(w[5], "ADDR_SURF_TILE_SPLIT_{}"),
                           MICRO_TILE_MODE=opt(w[6], "ADDR_SURF_{}_MICRO_TILING"),
                           BANK_WIDTH=opt(w[7], "ADDR_SURF_BANK_WIDTH_{}"),
                           BANK_HEIGHT=opt(w[8], "ADDR_SURF_BANK_HEIGHT_{}"),
                           MACRO_TILE_ASPECT=opt(w[9], "ADDR_SURF_MACRO_ASPECT_{}"),
                           NUM_BANKS=opt(w[10], "ADDR_SURF_{}_BANK"))
            tiles.setdefault(chip, [0] * 32)[index] = dword
            pipe_configs.setdefault(chip, {})[index] = w[4]
            gfx6_chips.add(chip)
            continue
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
            raise ChipError(f"{where}: expected 'tile CHIP INDEX ARRAY PIPE SPLIT MICRO SAMPLE', "
                            f"'tile6 CHIP INDEX ARRAY PIPE SPLIT MICRO BW BH ASPECT BANKS' or "
                            f"'macro CHIP INDEX BW BH ASPECT BANKS'")
    return tiles, macros, pipe_configs, gfx6_chips


def main(argv):
    if len(argv) != 5:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        tiles, macros, pipe_configs, gfx6_chips = parse_tiles(argv[2], argv[3])
        addr_fields = gfx9_addr_config(argv[3])
        rows = []
        for where, line in read_lines(argv[1]):
            cells = [c.strip() for c in line.split(",")]
            if len(cells) != len(COLUMNS):
                raise ChipError(f"{where}: expected {len(COLUMNS)} columns")
            row = dict(zip(COLUMNS, cells))
            if row["gfx"] not in ("gfx6", "gfx7", "gfx8", "gfx9"):
                raise ChipError(f"{where}: bad gfx level {row['gfx']}")
            if row["gfx"] == "gfx9":
                if row["gb_addr_config"] == "-" or row["name"] in tiles:
                    raise ChipError(f"{where}: GFX9 chips take a gb_addr_config and no tile tables")
                cfg = int(row["gb_addr_config"], 0)
                row["gb_addr_config"] = cfg
                # Mesa's radeon_info for GFX9 derives these from GB_ADDR_CONFIG.
                if 1 << decode(addr_fields, "NUM_PIPES", cfg) != int(row["num_tile_pipes"]):
                    raise ChipError(f"{where}: num_tile_pipes disagrees with GB_ADDR_CONFIG.NUM_PIPES")
                if 256 << decode(addr_fields, "PIPE_INTERLEAVE_SIZE", cfg) != int(row["pipe_interleave_bytes"]):
                    raise ChipError(f"{where}: pipe_interleave_bytes disagrees with GB_ADDR_CONFIG")
                if 1 << decode(addr_fields, "NUM_SHADER_ENGINES", cfg) != int(row["num_shader_engines"]):
                    raise ChipError(f"{where}: num_shader_engines disagrees with GB_ADDR_CONFIG")
            elif row["gb_addr_config"] != "-":
                raise ChipError(f"{where}: gb_addr_config is for GFX9 chips ('-' before)")
            else:
                row["gb_addr_config"] = 0
            pipes = int(row["num_tile_pipes"])
            if pipes not in (2, 4, 8, 16):
                raise ChipError(f"{where}: num_tile_pipes must be 2, 4, 8 or 16")
            if any(r["name"] == row["name"] for r in rows):
                raise ChipError(f"{where}: duplicate chip {row['name']}")
            if row["name"] in tiles:
                if (row["gfx"] == "gfx6") != (row["name"] in gfx6_chips):
                    raise ChipError(f"{where}: GFX6 chips take 'tile6' lines, GFX7+ chips 'tile' lines")
                if row["gfx"] != "gfx6" and row["name"] not in macros:
                    raise ChipError(f"{where}: tile table without a macrotile table")
                # Mesa derives the pipe count from the 2D colour mode (index 14).
                mode14 = pipe_configs[row["name"]].get(14, "")
                derived = 2 if mode14 == "P2" else int(mode14[1:].split("_")[0]) if mode14 else 0
                if derived != pipes:
                    raise ChipError(f"{where}: num_tile_pipes {pipes} disagrees with GB_TILE_MODE14 {mode14}")
            if row["etc"] not in ("0", "1"):
                raise ChipError(f"{where}: etc must be 0 or 1")
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
            if name in macros:
                out.append(f"const uint32_t k{name.capitalize()}MacrotileModes[16] = {{" +
                           ", ".join(f"{d:#010x}" for d in macros[name]) + "};")
    out += ["", "}  // namespace", "", "extern const Chip kChips[];", "extern const size_t kNumChips;", "",
            "const Chip kChips[] = {"]
    for r in rows:
        level = "GfxLevel::GFX" + r["gfx"][3]
        name = r["name"]
        spans = "{}, {}"
        if name in tiles:
            macro_span = f"k{name.capitalize()}MacrotileModes" if name in macros else "{}"
            spans = f"k{name.capitalize()}TileModes, {macro_span}"
        out.append(f"    {{\"{name}\", \"{r['family']}\", {level}, {int(r['num_tile_pipes'])}, "
                   f"{int(r['pipe_interleave_bytes'])}, {int(r['num_shader_engines'])}, "
                   f"{'true' if r['dedicated_vram'] == '1' else 'false'}, {int(r['max_dimension'])}, "
                   f"{r['gb_addr_config']:#010x}, {spans}, {'true' if r['etc'] == '1' else 'false'}}},")
    out += ["};", f"const size_t kNumChips = {len(rows)};", "", "}  // namespace glvk::amd", ""]
    with open(argv[4], "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
