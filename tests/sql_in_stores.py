#!/usr/bin/env python3
"""Fails if SQL is written outside the store modules (DESIGN section 2: handlers extract, call
the area's rules and respond; rules decide; stores hold the queries and row mapping only).

    python3 tests/sql_in_stores.py

SQL is a string literal that starts with a statement keyword (SELECT, INSERT, UPDATE, DELETE,
WITH, CREATE, DROP, PRAGMA, BEGIN, REPLACE). It may live in `*store.rs`, `*store_tests.rs`,
files under a `store/` folder, `src/db/` and test modules (`#[cfg(test)]` and after).

PENDING lists the files that still hold SQL from before this check (issue 26); the list may
only shrink: a file on it without SQL any more fails too, so it is taken off when it is moved.
Standard library only.
"""
import os
import re
import sys

PENDING: set[str] = set()
SQL = re.compile(r'(?:r#*)?"\s*(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|DROP|PRAGMA|BEGIN|REPLACE)\b')


def allowed(path):
    name = os.path.basename(path)
    return (name.endswith('store.rs') or name.endswith('store_tests.rs')
            or '/store/' in path or path.startswith('src/db/'))


def holders(root):
    found = {}
    for folder, _, files in os.walk(os.path.join(root, 'src')):
        for name in files:
            if not name.endswith('.rs'):
                continue
            path = os.path.relpath(os.path.join(folder, name), root)
            if allowed(path):
                continue
            text = open(os.path.join(root, path), encoding='utf-8').read()
            text = re.split(r'#\[cfg\(test\)\]', text)[0]
            count = len(SQL.findall(text))
            if count:
                found[path] = count
    return found


if __name__ == '__main__':
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    found = holders(root)
    failed = False
    for path, count in sorted(found.items()):
        if path not in PENDING:
            print(f'{path}: {count} SQL statement(s) outside a store module', file=sys.stderr)
            failed = True
    for path in sorted(PENDING - set(found)):
        print(f'{path} holds no SQL any more: take it off PENDING in tests/sql_in_stores.py', file=sys.stderr)
        failed = True
    if failed:
        sys.exit(1)
    rest = f', but for {len(PENDING)} files still to move' if PENDING else ''
    print(f'sql_in_stores: SQL only in stores{rest}')
