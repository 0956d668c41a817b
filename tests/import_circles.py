#!/usr/bin/env python3
"""Fails if the modules of `src/` import each other in a circle (DESIGN section 2: areas depend
on `state.rs` and the leaf modules below them, never on `lib.rs` or on each other both ways).

    python3 tests/import_circles.py             # check src/; exit 1 and name each circle
    python3 tests/import_circles.py --graph     # also print every module's imports
    python3 tests/import_circles.py OTHER/src   # another tree (an earlier commit's)

A node is a source file (a module). An edge is any path a file names into the crate:
`use crate::…`, `use super::…`, `use self::…` (groups included) and inline `crate::a::b::`
paths, resolved to the longest module they name. A module naming its own submodules is the
module tree, not an import, except at the crate root: `lib.rs` assembles the router from
every area, so nothing may depend on it. Test modules (`#[cfg(test)]` and after) are left out.
Standard library only.
"""
import os
import re
import sys


def modules(root):
    """Module path (a tuple) -> file."""
    found = {}
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.endswith('.rs'):
                continue
            path = os.path.join(folder, name)
            parts = os.path.relpath(path, root)[:-3].split(os.sep)
            if parts[-1] == 'mod':
                parts = parts[:-1]
            if parts == ['main']:
                continue
            found[() if parts == ['lib'] else tuple(parts)] = path
    return found


def use_paths(prefix, tree):
    """Every path of a use tree such as `a::{b, c::{d, self}}`, under `prefix`."""
    tree = tree.strip()
    brace = tree.find('{')
    if brace < 0:
        return [prefix + [p for p in tree.split('::') if p and p != 'self']]
    head = [p for p in tree[:brace].split('::') if p]
    parts, current, depth = [], '', 0
    for ch in tree[brace + 1:tree.rfind('}')]:
        depth += (ch == '{') - (ch == '}')
        if ch == ',' and depth == 0:
            parts.append(current)
            current = ''
        else:
            current += ch
    parts.append(current)
    paths = []
    for part in (p.strip() for p in parts):
        if part == 'self':
            paths.append(prefix + head)
        elif part:
            paths += use_paths(prefix + head, part)
    return paths


def graph(root):
    files = modules(root)

    def resolve(path):
        path = tuple(path)
        while path and path not in files:
            path = path[:-1]
        return path

    edges = {module: set() for module in files}
    for module, path in files.items():
        text = re.sub(r'//[^\n]*', '', open(path, encoding='utf-8').read())
        text = re.split(r'#\[cfg\(test\)\]', text)[0]
        is_folder = path.endswith('mod.rs') or path.endswith('lib.rs')
        parent = list(module[:-1])
        here = list(module) if is_folder else parent
        for match in re.finditer(r'\buse\s+(crate|super|self)::([^;]+);', text):
            kind, tree = match.groups()
            base = {'crate': [], 'super': parent if is_folder else parent, 'self': here}[kind]
            if kind == 'super' and not is_folder:
                base = list(module[:-1])
            for target in use_paths(base, tree.replace('\n', ' ')):
                edges[module].add(resolve(target))
        for match in re.finditer(r'\bcrate::((?:\w+::)+)', text):
            edges[module].add(resolve([p for p in match.group(1).split('::') if p]))
        if is_folder:
            children = re.findall(r'^\s*(?:pub(?:\([a-z]+\))?\s+)?mod\s+(\w+)\s*;', text, re.M)
            for child in children:
                for match in re.finditer(r'(?<![:\w])' + child + r'((?:::\w+)*)::', text):
                    target = resolve(list(module) + [child] + [p for p in match.group(1).split('::') if p])
                    if module == () or target[:len(module) + 1] != module + (child,):
                        edges[module].add(target)
        edges[module].discard(module)
    return edges


def circles(edges):
    """The strongly connected groups of more than one module (Tarjan)."""
    sys.setrecursionlimit(10_000)
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in edges:
        if node not in index:
            visit(node)
    return groups


def name(module):
    return '::'.join(module) or 'lib'


if __name__ == '__main__':
    given = [a for a in sys.argv[1:] if not a.startswith('--')]
    root = given[0] if given else os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'src')
    edges = graph(root)
    if '--graph' in sys.argv:
        for module in sorted(edges, key=name):
            print(f'{name(module)} -> {", ".join(sorted(name(t) for t in edges[module])) or "-"}')
    found = circles(edges)
    for group in found:
        members = set(group)
        print(f'import circle of {len(group)} modules:', file=sys.stderr)
        for module in sorted(group, key=name):
            inside = sorted(name(t) for t in edges[module] if t in members)
            print(f'  {name(module)} -> {", ".join(inside)}', file=sys.stderr)
    if found:
        sys.exit(1)
    print(f'import_circles: {len(edges)} modules, {sum(map(len, edges.values()))} imports, no circle')
