#!/usr/bin/env python3
"""Side-by-side piglit results of several drivers (results/<driver>.txt from run_piglit.sh).

  tests/piglit/compare.py results/glvk.txt results/zink.txt results/llvmpipe.txt
Prints one row per test and, last, the pass count of each driver.
"""
import os
import sys

columns = []
for path in sys.argv[1:]:
    results = {}
    with open(path) as f:
        for line in f:
            name, _, result = line.rstrip("\n").partition("\t")
            results[name] = result
    columns.append((os.path.splitext(os.path.basename(path))[0], results))
if not columns:
    sys.exit("usage: compare.py RESULTS...")

names = list(columns[0][1])
for _, results in columns[1:]:
    names += [n for n in results if n not in columns[0][1]]
width = max(len(n) for n in names)
print(f"{'test':<{width}}  " + "  ".join(f"{d:>9}" for d, _ in columns))
for n in names:
    print(f"{n:<{width}}  " + "  ".join(f"{r.get(n, '-'):>9}" for _, r in columns))
print(f"{'passed':<{width}}  " + "  ".join(f"{sum(v == 'pass' for v in r.values()):>5}/{len(r):<3}" for _, r in columns))
