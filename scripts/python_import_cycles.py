"""Fails on an import circle between the modules of a Python package (scripts/test-all.sh runs it
on python/pau_probe; dependency-cruiser does the same for the TypeScript side).

Every import counts, wherever it stands: at the top, inside a function, or under TYPE_CHECKING,
since a circle that only the type checker or a late import sees still ties the two modules'
internals together. Usage: python3 scripts/python_import_cycles.py PACKAGE_DIR
"""
import ast
import os
import sys
from typing import Dict, List, Set


def imports_of(package_dir: str) -> Dict[str, Set[str]]:
    """Each module of the package (by dotted name) and the package's modules it imports."""
    package = os.path.basename(os.path.normpath(package_dir))
    modules = {package + "." + name[:-3] for name in os.listdir(package_dir) if name.endswith(".py") and name != "__init__.py"}
    graph: Dict[str, Set[str]] = {}
    for module in sorted(modules):
        with open(os.path.join(package_dir, module.split(".")[-1] + ".py"), encoding="utf-8") as handle:
            tree = ast.parse(handle.read())
        found: Set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from . import x, from .x import y
                    base = package + ("." + base if base else "")
                found.add(base)
                found.update(base + "." + alias.name for alias in node.names)
        graph[module] = {name for name in found if name in modules and name != module}
    return graph


def cycles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for following in sorted(graph[node]):
            if following not in index:
                visit(following)
                low[node] = min(low[node], low[following])
            elif following in on_stack:
                low[node] = min(low[node], index[following])
        if low[node] == index[node]:
            component: List[str] = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def main(argv: List[str]) -> int:
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        sys.stderr.write("usage: python3 scripts/python_import_cycles.py PACKAGE_DIR\n")
        return 2
    graph = imports_of(argv[1])
    found = cycles(graph)
    for component in found:
        print("import circle: " + " <-> ".join(component))
    print("%d modules, %d import circle(s)" % (len(graph), len(found)))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
