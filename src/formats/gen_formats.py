#!/usr/bin/env python3
"""Generate the Format enum and the FormatDesc table from formats.csv (the one source of truth).

usage: gen_formats.py formats.csv OUT_ENUM_H OUT_TABLE_CPP
Derived flags follow seed 001 ("struct util_format_description"); see the comments below.
"""
import csv
import sys

LAYOUTS = ['PLAIN', 'PACKED_OTHER', 'S3TC', 'RGTC', 'BPTC', 'ETC', 'ASTC', 'SUBSAMPLED', 'PLANAR2', 'PLANAR3']
COMPRESSED_LAYOUTS = {'S3TC', 'RGTC', 'BPTC', 'ETC', 'ASTC'}
COLORSPACES = ['RGB', 'SRGB', 'ZS', 'YUV']
# Order of CompressedFamily in <glvk/formats/compressed.h> (FORMATS_API contract).
COMPRESSED_FAMILIES = ['BC1_RGB', 'BC1_RGBA', 'BC2', 'BC3', 'BC4_UNORM', 'BC4_SNORM', 'BC5_UNORM',
                       'BC5_SNORM', 'BC6H_UFLOAT', 'BC6H_SFLOAT', 'BC7', 'ETC1_RGB8', 'ETC2_RGB8',
                       'ETC2_RGB8A1', 'ETC2_RGBA8', 'EAC_R11_UNORM', 'EAC_R11_SNORM', 'EAC_RG11_UNORM',
                       'EAC_RG11_SNORM', 'ASTC_LDR']
SWIZZLE = {'x': 'X', 'y': 'Y', 'z': 'Z', 'w': 'W', '0': 'ZERO', '1': 'ONE', '_': 'NONE'}
# channel token prefix -> (ChannelType, normalized, pure_integer)
CHANNEL_TYPES = {'UN': ('UNSIGNED', True, False), 'SN': ('SIGNED', True, False),
                 'UP': ('UNSIGNED', False, True), 'SP': ('SIGNED', False, True),
                 'F': ('FLOAT', False, False), 'H': ('FIXED', False, False), 'X': ('VOID', False, False)}


class FormatError(Exception):
    pass


def parse_channel(token):
    prefix = token.rstrip('0123456789')
    if prefix not in CHANNEL_TYPES or prefix == token:
        raise FormatError(f'bad channel {token!r}')
    ctype, norm, pure = CHANNEL_TYPES[prefix]
    return {'kind': prefix, 'type': ctype, 'norm': norm, 'pure': pure, 'size': int(token[len(prefix):])}


def parse(path):
    lines = [l for l in open(path, encoding='utf-8') if not l.startswith('#') and l.strip()]
    rows = list(csv.DictReader(lines))
    formats = []
    for r in rows:
        name = r['name']
        if r['layout'] not in LAYOUTS:
            raise FormatError(f'{name}: bad layout')
        if r['colorspace'] not in COLORSPACES:
            raise FormatError(f'{name}: bad colorspace')
        bw, bh, bd = (int(v) for v in r['block'].split('x'))
        channels = [parse_channel(t) for t in r['channels'].split()]
        if len(channels) > 4:
            raise FormatError(f'{name}: more than 4 channels')
        shift = 0
        for c in channels:
            c['shift'] = shift
            shift += c['size']
        swz = r['swizzle']
        vks = r['vk_swizzle'] or 'xyzw'
        if len(swz) != 4 or len(vks) != 4 or any(ch not in SWIZZLE for ch in swz + vks):
            raise FormatError(f'{name}: bad swizzle')
        for ch in swz:  # compressed/YUV rows describe decoded channels, not the opaque block
            if r['layout'] in ('PLAIN', 'PACKED_OTHER') and ch in 'xyzw' and 'xyzw'.index(ch) >= len(channels):
                raise FormatError(f'{name}: swizzle selects a missing channel')
        fam = r['compressed_family']
        if fam and fam not in COMPRESSED_FAMILIES:
            raise FormatError(f'{name}: bad compressed family {fam}')
        formats.append({'name': name, 'layout': r['layout'], 'block': (bw, bh, bd), 'channels': channels,
                        'bits': shift, 'swizzle': swz, 'colorspace': r['colorspace'],
                        'linear': r['linear_equivalent'], 'vk_format': r['vk_format'], 'vk_swizzle': vks,
                        'family': fam})
    if not formats or formats[0]['name'] != 'NONE':
        raise FormatError('the first row must be NONE')
    names = [f['name'] for f in formats]
    if len(set(names)) != len(names):
        raise FormatError('duplicate names')
    derive(formats)
    return formats


def derive(formats):
    by_name = {f['name']: f for f in formats}
    for f in formats:
        f['srgb'] = ''
    for f in formats:
        chans = f['channels']
        real = [c for c in chans if c['type'] != 'VOID']
        kinds = {(c['type'], c['norm'], c['pure']) for c in real}
        plain = f['layout'] == 'PLAIN'
        compressed = f['layout'] in COMPRESSED_LAYOUTS
        if compressed != bool(f['family']):
            raise FormatError(f"{f['name']}: compressed family must be given exactly for compressed layouts")
        # seed 001: is_array when all non-X channels have the same type; array access also needs every
        # channel to be the same byte-multiple size.
        f['is_array'] = (plain and bool(real) and len(kinds) == 1 and
                         len({c['size'] for c in chans}) == 1 and chans[0]['size'] % 8 == 0)
        # seed 001: is_bitmask when no channel is fixed/float and block.bits is 8, 16 or 32
        f['is_bitmask'] = (plain and bool(real) and f['bits'] in (8, 16, 32) and
                           all(c['type'] not in ('FLOAT', 'FIXED') for c in chans))
        # seed 001: is_mixed when channels have different types
        f['is_mixed'] = plain and len(kinds) > 1
        name = f['name']
        is_float_name = 'FLOAT' in name
        f['is_unorm'] = ((bool(real) and all(c['type'] == 'UNSIGNED' and c['norm'] for c in real)) or
                         (compressed and not is_float_name and 'SNORM' not in name))
        f['is_snorm'] = ((bool(real) and all(c['type'] == 'SIGNED' and c['norm'] for c in real)) or
                         (compressed and 'SNORM' in name))
        f['is_compressed'] = compressed
        zs = f['colorspace'] == 'ZS'
        f['is_depth'] = zs and f['swizzle'][0] != '_'
        f['is_stencil'] = zs and f['swizzle'][1] != '_'
        f['is_float_any'] = any(c['type'] == 'FLOAT' for c in chans) or (compressed and is_float_name)
        f['is_pure_integer'] = not zs and bool(real) and all(c['pure'] for c in real)
        if f['linear']:
            if f['colorspace'] != 'SRGB' or f['linear'] not in by_name:
                raise FormatError(f"{name}: linear_equivalent only on sRGB rows, naming a known format")
            lin = by_name[f['linear']]
            if lin['srgb']:
                raise FormatError(f"{lin['name']}: two sRGB equivalents")
            lin['srgb'] = name


def emit_enum(formats, out):
    with open(out, 'w', encoding='utf-8') as o:
        o.write('// GENERATED by src/formats/gen_formats.py from formats.csv. Do not edit.\n#pragma once\n\n')
        o.write('#include <cstdint>\n\nnamespace glvk::formats {\n\nenum class Format : uint16_t {\n')
        for i, f in enumerate(formats):
            o.write(f"  {f['name']} = {i},\n")
        o.write('};\n\n')
        o.write(f'inline constexpr unsigned kFormatCount = {len(formats)};\n\n}}  // namespace glvk::formats\n')


def cbool(v):
    return 'true' if v else 'false'


def subsampled_layout(f):
    """Memory order of the four samples of a 2x1 subsampled block, as RGB component indices, from the
    pipe name (seed 001): R8G8_B8G8_UNORM -> R G B G; YUV names use Mesa's R=Y, G=U, B=V; Y21x are
    16-bit samples Y U Y V holding 10/12/16 bits at the top of each word."""
    name = f['name']
    yuv = {'Y': 0, 'U': 1, 'V': 2}
    if name in ('YUYV', 'YVYU', 'UYVY', 'VYUY'):
        return 1, 8, [yuv[ch] for ch in name]
    if name in ('Y210', 'Y212', 'Y216'):
        return 2, int(name[2:]) if name != 'Y210' else 10, [0, 1, 0, 2]
    letters = [ch for ch in name.split('_UNORM')[0] if ch in 'RGB']
    if len(letters) != 4 or not name.endswith('_UNORM'):
        raise FormatError(f'{name}: cannot derive the subsampled sample order')
    return 1, 8, ['RGB'.index(ch) for ch in letters]


def emit_table(formats, out):
    with open(out, 'w', encoding='utf-8') as o:
        o.write('// GENERATED by src/formats/gen_formats.py from formats.csv. Do not edit.\n')
        o.write('#include "format_table.h"\n\n#include <vulkan/vulkan_core.h>\n\n')
        o.write('namespace glvk::formats::detail {\n\n')
        o.write('const FormatDesc kFormatTable[kFormatCount] = {\n')
        for f in formats:
            chans = []
            for c in f['channels']:
                chans.append(f"{{ChannelType::{c['type']}, {cbool(c['norm'])}, {cbool(c['pure'])}, "
                             f"{c['size']}, {c['shift']}}}")
            while len(chans) < 4:
                chans.append('{ChannelType::VOID, false, false, 0, 0}')
            swz = ', '.join(f'Swizzle::{SWIZZLE[ch]}' for ch in f['swizzle'])
            vks = ', '.join(f'Swizzle::{SWIZZLE[ch]}' for ch in f['vk_swizzle'])
            vkf = f['vk_format'] or 'VK_FORMAT_UNDEFINED'
            fam = COMPRESSED_FAMILIES.index(f['family']) if f['family'] else -1
            bw, bh, bd = f['block']
            o.write(f"  {{Format::{f['name']}, \"{f['name']}\", Layout::{f['layout']}, {bw}, {bh}, {bd}, "
                    f"{f['bits']}, {len(f['channels'])},\n")
            o.write(f"   {{{', '.join(chans)}}},\n")
            o.write(f"   {{{swz}}}, Colorspace::{f['colorspace']},\n")
            flags = [cbool(f[k]) for k in ('is_array', 'is_bitmask', 'is_mixed', 'is_unorm', 'is_snorm',
                                           'is_compressed', 'is_depth', 'is_stencil', 'is_float_any',
                                           'is_pure_integer')]
            o.write(f"   {', '.join(flags)},\n")
            o.write(f"   Format::{f['srgb'] or 'NONE'}, Format::{f['linear'] or 'NONE'}, "
                    f"uint32_t({vkf}), {{{vks}}}, {fam}, \"{vkf}\"}},\n")
        o.write('};\n\n')
        # Name index sorted for binary search by find_format.
        order = sorted(range(len(formats)), key=lambda i: formats[i]['name'])
        o.write('const uint16_t kFormatsByName[kFormatCount] = {\n')
        for i in range(0, len(order), 16):
            o.write('  ' + ', '.join(str(v) for v in order[i:i + 16]) + ',\n')
        o.write('};\n\n')
        sub = [f for f in formats if f['layout'] == 'SUBSAMPLED']
        o.write('const SubsampledLayout kSubsampledLayouts[] = {\n')
        for f in sub:
            sample_bytes, value_bits, comps = subsampled_layout(f)
            if sorted(set(comps)) != [0, 1, 2] or max(comps.count(c) for c in comps) != 2:
                raise FormatError(f"{f['name']}: a subsampled block needs one component twice and two once")
            o.write(f"  {{Format::{f['name']}, {sample_bytes}, {value_bits}, {{{', '.join(map(str, comps))}}}}},\n")
        o.write('};\n')
        o.write(f'const unsigned kSubsampledLayoutCount = {len(sub)};\n\n}}  // namespace glvk::formats::detail\n')


def main():
    if len(sys.argv) != 4:
        sys.exit('usage: gen_formats.py formats.csv OUT_ENUM_H OUT_TABLE_CPP')
    try:
        formats = parse(sys.argv[1])
    except FormatError as e:
        sys.exit(f'gen_formats.py: {sys.argv[1]}: {e}')
    emit_enum(formats, sys.argv[2])
    emit_table(formats, sys.argv[3])


if __name__ == '__main__':
    main()
