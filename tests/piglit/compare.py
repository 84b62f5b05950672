#!/usr/bin/env python3
"""Side-by-side piglit results of several drivers (results/<driver>.txt from run_piglit.sh).

  tests/piglit/compare.py results/glvk.txt results/zink.txt results/llvmpipe.txt

Prints one row per test, then each driver's pass count over every test and over the tests glvk
runs through: those that call no GL command glvk lacks and do not skip for an extension glvk does
not advertise (the third column of glvk's results: run_piglit.sh records the commands a test
called that glvk does not implement, under GLVK_DEBUG=api, or piglit's skip reason). Those are the
tests glvk is expected to pass; the others need drawing or other missing features. The first file
given must be glvk's for that split.
"""
import os
import sys

columns = []
missing = {}  # test -> GL commands glvk lacks that the test called
for index, path in enumerate(sys.argv[1:]):
    results = {}
    with open(path) as f:
        for line in f:
            name, result, *rest = line.rstrip("\n").split("\t") + [""]
            results[name] = result
            if index == 0 and rest[0] and (rest[0].startswith("gl") and " " not in rest[0] or result == "skip"):
                missing[name] = rest[0]
    columns.append((os.path.splitext(os.path.basename(path))[0], results))
if not columns:
    sys.exit("usage: compare.py GLVK_RESULTS [OTHER_RESULTS...]")

names = list(columns[0][1])
for _, results in columns[1:]:
    names += [n for n in results if n not in columns[0][1]]
width = max(len(n) for n in names)
print(f"{'test':<{width}}  " + "  ".join(f"{d:>9}" for d, _ in columns) + "  glvk lacks (commands called, or the skip reason)")
for n in names:
    print(f"{n:<{width}}  " + "  ".join(f"{r.get(n, '-'):>9}" for _, r in columns) + "  " + missing.get(n, ""))


def passes(results, subset):
    return f"{sum(results.get(n) == 'pass' for n in subset):>5}/{len(subset):<4}"


runnable = [n for n in names if n not in missing]
print(f"{'passed (all tests)':<{width}}  " + "  ".join(passes(r, names) for _, r in columns))
print(f"{'passed (tests glvk runs through)':<{width}}  " + "  ".join(passes(r, runnable) for _, r in columns))
