#!/usr/bin/env python3
"""Replaces the rows of some tests in a recorded run by the rows of a newer partial run.

  tests/piglit/splice_results.py results/glvk.txt NEW.txt

NEW.txt is run_piglit.sh's output for the tests named in a NAMES_FILE. Each of its rows replaces
the recorded row of the same test in place (list order is kept); a test the recorded run does not
have is an error, since the recorded run covers the whole of tests.txt. Lets a change re-record the
tests it affects without a full run (about an hour per driver on two cores).
"""
import sys

if len(sys.argv) != 3:
    sys.exit("usage: splice_results.py RECORDED NEW")
recorded_path, new_path = sys.argv[1:]
with open(new_path) as f:
    new = {line.split("\t", 1)[0]: line for line in f if line.strip()}
with open(recorded_path) as f:
    rows = f.readlines()
names = {row.split("\t", 1)[0] for row in rows}
unknown = sorted(set(new) - names)
if unknown:
    sys.exit(f"splice_results.py: not in {recorded_path}: {', '.join(unknown[:5])}")
changed = 0
for i, row in enumerate(rows):
    name = row.split("\t", 1)[0]
    if name in new and new[name] != row:
        rows[i] = new[name] if new[name].endswith("\n") else new[name] + "\n"
        changed += 1
with open(recorded_path, "w") as f:
    f.writelines(rows)
print(f"splice_results.py: {changed} of {len(new)} rows changed")
