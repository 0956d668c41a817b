#!/usr/bin/env python3
"""Fails if a test, script or build file names a path outside the checkout, so a clone tests
and builds itself with nothing beside it (issue 35).

    python3 tests/outside_paths.py            # check the checkout; exit 1 and list each finding
    python3 tests/outside_paths.py --self-test

A path that starts with `../` is resolved against the folder of the file that names it (where
imports, `include_str!` and the UI's scripts resolve it). It must stay inside the checkout and
its first folder must exist there (or be `target` or `dist`, the build's own output). A glob (`../../**`
in a lint rule) names no file. A line that holds a deliberately hostile path, such as a
traversal a test feeds to a validator, says so with the marker `not-a-path-read`.
Standard library only.
"""
import os
import re
import sys
import tempfile

SCANNED = {'.rs', '.sh', '.ts', '.tsx', '.js', '.mjs', '.cjs', '.py', '.toml', '.json', '.lua',
           '.conf', '.yml', '.yaml', '.service', '.sql', '.html', '.css'}
SKIPPED_DIRS = {'.git', 'node_modules', 'target', 'dist', 'test-results', 'playwright-report',
                'docs', 'data'}
SCANNED_NAMES = {'run', 'Cargo.toml', 'build.rs'}
# `../` at the start of a path: not after a word character, a dot, a slash or a variable.
PATH = re.compile(r'(?<![\w./$}\-])((?:\.\./)+)([^\s\'"`),;]*)')
BUILD_OUTPUTS = {'target', 'dist'}
MARKER = 'not-a-path-read'


def findings(root):
    root = os.path.realpath(root)
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS]
        for name in files:
            if os.path.splitext(name)[1] not in SCANNED and name not in SCANNED_NAMES:
                continue
            path = os.path.join(folder, name)
            if os.path.realpath(path) == os.path.realpath(__file__):
                continue
            try:
                with open(path, encoding='utf-8') as f:
                    lines = f.readlines()
            except (UnicodeDecodeError, OSError):
                continue
            for number, line in enumerate(lines, 1):
                if MARKER in line:
                    continue
                for match in PATH.finditer(line):
                    if escapes(root, folder, match.group(1), match.group(2)):
                        yield f'{os.path.relpath(path, root)}:{number}: {match.group(0)}'


def escapes(root, folder, ups, rest):
    first = rest.split('/')[0]
    if first.startswith('*') or first.startswith('{'):
        return False
    base = os.path.normpath(os.path.join(folder, ups))
    if base != root and not base.startswith(root + os.sep):
        return True
    if not first:
        return False
    return not (first in BUILD_OUTPUTS or os.path.exists(os.path.join(base, first))
                or any(entry.startswith(first + '.') for entry in os.listdir(base)))


def self_test():
    """The check finds a path outside and lets the checkout's own relative paths through."""
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, 'repo')
        for folder in ['tests/it', 'src/area', 'data', 'ui/src/lib', 'ui/src/features/x']:
            os.makedirs(os.path.join(root, folder))
        open(os.path.join(root, 'data/a.csv'), 'w').close()
        open(os.path.join(root, 'ui/src/lib/api.ts'), 'w').close()
        files = {
            'tests/it/bad.rs': 'let f = repo.join("../shared/fixtures");\n',
            'tests/it/bad_inside.rs': 'let f = Path::new("../missing/x");\n',
            'tests/bad.sh': 'cp ../../elsewhere/x .\n',
            'src/area/good.rs': 'include_str!("../../data/a.csv");\n',
            'ui/src/features/x/good.ts': "import { api } from '../../lib/api'\n",
            'ui/good.ts': "const bin = '../target/debug/app'\nconst b = `${dir}/../x`\n",
            'ui/lint.json': '{"patterns": ["../../**"]}\n',
            'src/area/marked.rs': 'assert!(!ok("../app.db")); // not-a-path-read\n',
        }
        for name, text in files.items():
            with open(os.path.join(root, name), 'w') as f:
                f.write(text)
        found = sorted(line.split(':')[0] for line in findings(root))
        expected = ['tests/bad.sh', 'tests/it/bad.rs', 'tests/it/bad_inside.rs']
        assert found == expected, f'self-test: found {found}, expected {expected}'
    print('outside_paths self-test: ok')


if __name__ == '__main__':
    if sys.argv[1:] == ['--self-test']:
        self_test()
        sys.exit(0)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    found = list(findings(root))
    for line in found:
        print(f'{line}  <- names a path outside the checkout', file=sys.stderr)
    if found:
        sys.exit(1)
    print('outside_paths: no test, script or build file names a path outside the checkout')
