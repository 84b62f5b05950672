#!/usr/bin/env python3
"""`glvk run --png FILE` writes the demo's drawn picture as a valid PNG.

Usage: check_demo_png.py GLVK GLVK_DEMO OUT_DIR

Runs `GLVK run --png OUT_DIR/glvk.png` (glvk on lavapipe, with validation) and the same demo on Mesa
llvmpipe (`GLVK_DEMO --png OUT_DIR/llvmpipe.png`), decodes both files with Python's zlib (its own
inflate, CRC-32 and Adler-32: independent of the demo's writer) and checks: the chunk structure and
CRCs, a 256x256 8-bit RGB header, pixels worked out by hand from the scene in tools/glvk_demo_draw.c,
and that the two drivers' pictures agree within one unit per channel everywhere.
"""
import os
import struct
import subprocess
import sys
import zlib

SIZE = 256


def decode_png(path):
    """Returns the rows of an 8-bit RGB PNG, top row first, each a bytes of SIZE*3."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise AssertionError(f"{path}: no PNG signature")
    at, chunks = 8, []
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise AssertionError(f"{path}: bad CRC in chunk {kind!r}")
        chunks.append((kind, body))
        at += 12 + length
    kinds = [kind for kind, _ in chunks]
    if kinds[0] != b"IHDR" or kinds[-1] != b"IEND" or chunks[-1][1] or b"IDAT" not in kinds:
        raise AssertionError(f"{path}: chunks {kinds}")
    header = struct.unpack(">IIBBBBB", chunks[0][1])
    if header != (SIZE, SIZE, 8, 2, 0, 0, 0):  # width, height, depth, RGB, deflate, filter 0, no interlace
        raise AssertionError(f"{path}: header {header}")
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    row_size = 1 + SIZE * 3
    if len(raw) != SIZE * row_size:
        raise AssertionError(f"{path}: {len(raw)} bytes of rows, expected {SIZE * row_size}")
    rows = []
    for y in range(SIZE):
        row = raw[y * row_size:(y + 1) * row_size]
        if row[0] != 0:  # the writer documents filter type 0 (none) on every row
            raise AssertionError(f"{path}: row {y} has filter type {row[0]}")
        rows.append(row[1:])
    return rows


def pixel(rows, x, y):
    """The pixel at GL window coordinates (x, y): y counts from the bottom."""
    row = rows[SIZE - 1 - y]
    return tuple(row[x * 3:x * 3 + 3])


# Worked by hand from tools/glvk_demo_draw.c: background (0.2, 0.2, 0.4); green (0.2, 0.8, 0.4) over
# [112,232)x[24,144) at z 0; texture over [24,184)x[56,216) at z 0.5, texel (i, j) = ((x-24)*32/160,
# (y-56)*32/160), cream (250, 240, 220) when (i/4 + j/4) is odd, else (255 - 3j, 90 + 4i, 40);
# translucent (0.2, 0.4, 1.0) alpha 0.6 over [64,200)x[96,176) at z 0.25: 0.6*src + 0.4*dst.
GOLDEN = [
    # (x, y, rgb, tolerance, what)
    (4, 4, (51, 51, 102), 0, "background"),
    (220, 30, (51, 204, 102), 0, "green alone"),
    (150, 120, (51, 204, 102), 0, "green in front of the texture and the translucent rectangle"),
    (30, 60, (255, 94, 40), 0, "texel (1, 0), warm"),
    (30, 80, (250, 240, 220), 0, "texel (1, 4), cream"),
    (50, 200, (171, 110, 40), 0, "texel (5, 28), warm"),
    # 0.6*(51, 102, 255) + 0.4*(51, 51, 102) = (51, 81.6, 193.8)
    (190, 150, (51, 82, 194), 1, "translucent over the background"),
    # texel (9, 8) is (231, 126, 40): 0.6*(51, 102, 255) + 0.4*(231, 126, 40) = (123, 111.6, 169)
    (70, 100, (123, 112, 169), 1, "translucent over the texture"),
]


def run(command, env):
    result = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    if result.returncode != 0 or "drawing: ok" not in result.stdout:
        raise AssertionError(f"{command} exited {result.returncode}:\n{result.stdout}{result.stderr}")
    return result.stdout


def main():
    glvk, demo, out_dir = sys.argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    glvk_png, llvmpipe_png = os.path.join(out_dir, "glvk.png"), os.path.join(out_dir, "llvmpipe.png")
    for path in (glvk_png, llvmpipe_png):
        if os.path.exists(path):
            os.remove(path)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("__EGL_VENDOR", "GLVK_"))}
    out = run([glvk, "run", "--png", glvk_png], dict(base, GLVK_VALIDATION="1", GLVK_DEVICE="llvmpipe"))
    if f"picture: {glvk_png} (256x256 PNG)" not in out:
        raise AssertionError(f"glvk run --png did not report the picture:\n{out}")
    run([demo, "--png", llvmpipe_png], dict(base, LIBGL_ALWAYS_SOFTWARE="1", GALLIUM_DRIVER="llvmpipe"))

    failures = 0
    pictures = {"glvk": decode_png(glvk_png), "llvmpipe": decode_png(llvmpipe_png)}
    for name, rows in pictures.items():
        for x, y, want, tolerance, what in GOLDEN:
            got = pixel(rows, x, y)
            if any(abs(g - w) > tolerance for g, w in zip(got, want)):
                print(f"{name}: pixel ({x}, {y}) ({what}) is {got}, expected {want} +-{tolerance}")
                failures += 1
    differing = 0
    for y in range(SIZE):
        for x in range(SIZE):
            a, b = pixel(pictures["glvk"], x, y), pixel(pictures["llvmpipe"], x, y)
            if any(abs(p - q) > 1 for p, q in zip(a, b)):
                if differing == 0:
                    print(f"glvk and llvmpipe differ at ({x}, {y}): {a} vs {b}")
                differing += 1
    if differing:
        print(f"{differing} pixels differ by more than one unit")
        failures += 1
    if failures:
        sys.exit(1)
    print(f"ok: two valid {SIZE}x{SIZE} PNGs, {len(GOLDEN)} hand-worked pixels, glvk within 1 of llvmpipe")


if __name__ == "__main__":
    main()
