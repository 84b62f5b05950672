#!/usr/bin/env python3
"""Write the piglit framebuffer test list (issue 6's patterns) from the installed piglit's opengl profile.

Output lines: `<piglit test name> | <command and arguments>`. The list is regenerated, never edited:
  tests/piglit/list_tests.py > tests/piglit/framebuffer_tests.txt
"""
import ast
import gzip
import html
import re
import sys

PROFILE = "/usr/lib/x86_64-linux-gnu/piglit/tests/opengl.xml.gz"
PATTERN = re.compile(r"^(fbo-|clearbuffer-|copyteximage|read-front)")

with gzip.open(PROFILE, "rt") as f:
    data = f.read()
for name, command in re.findall(r'<Test type="gl" name="([^"]+)"><option name="command" value="([^"]*)"', data):
    argv = ast.literal_eval(html.unescape(command))
    if PATTERN.match(argv[0]):
        sys.stdout.write(f"{name} | {' '.join(argv)}\n")
