#!/usr/bin/env python3
"""Puts the rows of a newer partial run in place of a recorded run's rows of the same tests.

  tests/piglit/splice_results.py results/glvk.txt NEW.txt

NEW.txt is run_piglit.sh's output for the tests named in a NAMES_FILE. Each of its rows replaces
the recorded row of its test in place, and the rows of tests the recorded file lacks (a group the
list just gained) follow its last row, in the order of tests.txt; a row of NEW.txt for a test
tests.txt does not list is an error. Lets a change re-record the tests it affects, or record a group the
list gained, without a full run (about an hour per driver on two cores).
"""
import os
import sys

if len(sys.argv) != 3:
    sys.exit("usage: splice_results.py RECORDED NEW")
recorded_path, new_path = sys.argv[1:]
here = os.path.dirname(os.path.abspath(__file__))


def rows_by_name(path):
    with open(path) as f:
        return {line.split("\t", 1)[0]: line if line.endswith("\n") else line + "\n" for line in f if line.strip()}


new, recorded = rows_by_name(new_path), rows_by_name(recorded_path)
with open(os.path.join(here, "tests.txt")) as f:
    names = [line.split(" | ", 1)[0] for line in f if line.strip()]
unknown = sorted(set(new) - set(names))
if unknown:
    sys.exit(f"splice_results.py: not in tests.txt: {', '.join(unknown[:5])}")
rows = [new.get(n, row) for n, row in recorded.items()] + [new[n] for n in names if n in new and n not in recorded]
changed = sum(1 for n in names if n in new and new[n] != recorded.get(n))
with open(recorded_path, "w") as f:
    f.writelines(rows)
print(f"splice_results.py: {changed} of {len(new)} rows changed or added")
