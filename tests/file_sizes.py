#!/usr/bin/env python3
"""Fails if a source file grows past the size where it should be split (DESIGN section 2: split
a file when it passes ~400 lines of source or ~600 of tests): Rust source under `src/` at most
500 lines, test files under `tests/` at most 600.

    python3 tests/file_sizes.py

Standard library only.
"""
import os
import sys

LIMITS = [('src', 500), ('tests', 600)]


def too_long(root):
    for folder, limit in LIMITS:
        for path, _, files in os.walk(os.path.join(root, folder)):
            for name in files:
                if name.endswith('.rs'):
                    file = os.path.join(path, name)
                    lines = sum(1 for _ in open(file, encoding='utf-8'))
                    if lines > limit:
                        yield os.path.relpath(file, root), lines, limit


if __name__ == '__main__':
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    found = list(too_long(root))
    for file, lines, limit in found:
        print(f'{file}: {lines} lines, over {limit}: split it by what its parts hold', file=sys.stderr)
    if found:
        sys.exit(1)
    print('file_sizes: every source file within its limit')
