#!/usr/bin/env python3
"""The layering rule of DESIGN.md that the compiler cannot see: src/gl knows GL and nothing of Vulkan.

Follows every #include of src/gl's own files through the project's headers (the public headers of
every module under src/<module>/include, and files next to the includer) and fails when one of them
reaches a src/vk_backend header, volk.h or a Vulkan header, printing the chain that got there.
usage: check_layering.py <source root>
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
FORBIDDEN = re.compile(r'^(volk\.h|vulkan/.*|glvk/vk_backend/.*)$')


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    src = os.path.join(root, "src")
    include_dirs = [os.path.join(src, m, "include") for m in sorted(os.listdir(src))
                    if os.path.isdir(os.path.join(src, m, "include"))]

    def resolve(name, includer):
        for base in [os.path.dirname(includer)] + include_dirs:
            path = os.path.normpath(os.path.join(base, name))
            if os.path.isfile(path) and path.startswith(src + os.sep):
                return path
        return None  # a system or generated header: not followed

    starts = []
    for directory, _, files in os.walk(os.path.join(src, "gl")):
        starts += [os.path.join(directory, f) for f in sorted(files) if f.endswith((".cpp", ".h"))]
    if not starts:
        sys.exit(f"check_layering: no sources under {src}/gl")

    failures = []
    for start in starts:
        seen = set()
        stack = [(start, [os.path.relpath(start, root)])]
        while stack:
            path, chain = stack.pop()
            if path in seen:
                continue
            seen.add(path)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for _, name in INCLUDE.findall(text):
                target = resolve(name, path)
                shown = os.path.relpath(target, root) if target else name
                if FORBIDDEN.match(name) or (target and target.startswith(os.path.join(src, "vk_backend") + os.sep)):
                    failures.append(" -> ".join(chain + [shown]))
                elif target:
                    stack.append((target, chain + [shown]))
    for failure in sorted(set(failures)):
        print(f"src/gl reaches Vulkan: {failure}")
    if failures:
        sys.exit(1)
    print(f"check_layering: {len(starts)} src/gl files include nothing of src/vk_backend or Vulkan")


if __name__ == "__main__":
    main()
