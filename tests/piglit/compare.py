#!/usr/bin/env python3
"""Side-by-side piglit results of several drivers (results/<driver>.txt from run_piglit.sh).

  tests/piglit/compare.py [--tests] [--classes N] results/glvk.txt results/zink.txt results/llvmpipe.txt

The first file must be glvk's. Prints (markdown):
- with --tests, one row per test: each driver's result and what glvk lacks (the GL commands the
  test called that glvk does not implement, or its skip reason);
- each driver's pass count per kind of test (the third column of tests.txt, see list_tests.py),
  over all tests, and over the tests glvk runs through: those that call no GL command glvk lacks
  and do not skip for an extension glvk does not advertise;
- the N (default 10) biggest classes of glvk's failures among the tests another driver passes,
  with a count and an example test each. A test's class is the first GL command it called that
  glvk does not implement; else, unless it crashed or piglit says a shader failed to compile or
  link, the first GL error glvk raised (GLVK_DEBUG=api logs them; an error a test provokes on
  purpose lands here too); else its result and message with numbers and quoted names blanked.
"""
import argparse
import os
import re
from collections import Counter, defaultdict

here = os.path.dirname(os.path.abspath(__file__))
parser = argparse.ArgumentParser()
parser.add_argument("--tests", action="store_true", help="one row per test")
parser.add_argument("--classes", type=int, default=10, help="how many failure classes to list")
parser.add_argument("results", nargs="+")
args = parser.parse_args()

kinds = {}
with open(os.path.join(here, "tests.txt")) as f:
    for line in f:
        name, _, kind = line.rstrip("\n").split(" | ")
        kinds[name] = kind

columns = []  # (driver, {test: (result, lacks, message, glvk error)})
for path in args.results:
    results = {}
    with open(path) as f:
        for line in f:
            name, result, lacks, message, error = (line.rstrip("\n").split("\t") + ["", "", ""])[:5]
            results[name] = (result, lacks, message, error)
    columns.append((os.path.splitext(os.path.basename(path))[0], results))
glvk = columns[0][1]
names = [n for n in kinds if n in glvk]


def lacks(name):
    result, commands, message, _ = glvk[name]
    return commands or (message if result == "skip" else "")


if args.tests:
    print("| test | " + " | ".join(d for d, _ in columns) + " | glvk lacks |")
    print("| --- |" + " --- |" * len(columns) + " --- |")
    for n in names:
        print(f"| {n} | " + " | ".join(r.get(n, ("-",))[0] for _, r in columns) + f" | {lacks(n)} |")
    print()


def row(label, subset):
    cells = [f"{sum(r.get(n, ('',))[0] == 'pass' for n in subset)}" for _, r in columns]
    print(f"| {label} ({len(subset)}) | " + " | ".join(cells) + " |")


print("| tests (count) | " + " | ".join(d for d, _ in columns) + " |")
print("| --- |" + " ---: |" * len(columns))
row("all", names)
for kind in sorted(set(kinds.values())):
    row(kind, [n for n in names if kinds[n] == kind])
runnable = [n for n in names if not lacks(n)]
row("all glvk runs through", runnable)
row("core-draw glvk runs through", [n for n in runnable if kinds[n] == "core-draw"])
print()


def failure_class(name):
    result, commands, message, error = glvk[name]
    if commands:
        return f"lacks {commands.split(',')[0]}"
    if error and result not in ("crash", "timeout") and not re.match(r"Failed to (compile|link)", message):
        return f"glvk error {error}"
    validation = re.search(r"glvk: validation (error|warning) (\S+?):", message)
    if validation:
        return f"{result}: validation {validation.group(1)} {validation.group(2)}"
    message = re.sub(r'"[^"]*"', '"…"', message)
    message = re.sub(r"\b\d+(\.\d+)?\b", "N", message)
    return f"{result}: {message}".strip()


classes = defaultdict(list)
for n in names:
    peers_pass = any(r.get(n, ("",))[0] == "pass" for _, r in columns[1:])
    if glvk[n][0] != "pass" and peers_pass:
        classes[failure_class(n)].append(n)
print(f"glvk does not pass {sum(len(v) for v in classes.values())} tests another driver passes; "
      f"the {args.classes} biggest classes:")
print()
print("| class | tests | core-draw | example |")
print("| --- | ---: | ---: | --- |")
for cls, tests in sorted(classes.items(), key=lambda item: -len(item[1]))[:args.classes]:
    core = sum(kinds[n] == "core-draw" for n in tests)
    print(f"| {cls.replace('|', '/')} | {len(tests)} | {core} | {tests[0]} |")
results = Counter(glvk[n][0] for n in names)
print()
print("glvk results: " + ", ".join(f"{k} {v}" for k, v in sorted(results.items())))
