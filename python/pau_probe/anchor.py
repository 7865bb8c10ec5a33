"""The target file as the anchor of resolution: which defs the file holds (from its syntax
tree, no import needed), whether the object Python exposes under a qualname runs one of
them, and the ranked "did you mean" list of what could be probed instead.
"""
from __future__ import annotations

import ast
import inspect
import os
import sys
import types

from pau_probe.checking import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from typing import Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Set, Union

    DefNode = Union[ast.FunctionDef, ast.AsyncFunctionDef]

# How deep to look through decorators (closures, __wrapped__, __func__, partial.func) for the
# function the user wrote.
_UNWRAP_DEPTH = 6
# Wrappers a class body holds a function in, reached through __func__.
_METHOD_WRAPPERS: tuple[type, ...] = (staticmethod, classmethod)


class WrittenDef:
    """A def of the file: its line, the line of its first decorator, its syntax node."""

    def __init__(self, node: DefNode) -> None:
        self.node = node
        self.line = node.lineno
        self.first_line = min([node.lineno] + [d.lineno for d in node.decorator_list])
        self.decorated = bool(node.decorator_list)


def file_defs(path: str) -> Dict[str, List[WrittenDef]]:
    """{qualname: [WrittenDef, ...]} for the functions and methods a file defines at module
    level and in classes (nested classes included; if/try/with blocks looked into, function
    bodies not: their defs are locals). A name defined twice (if/else) has two entries."""
    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return {}
    out: Dict[str, List[WrittenDef]] = {}

    def visit(body: List[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.setdefault(prefix + node.name, []).append(WrittenDef(node))
            elif isinstance(node, ast.ClassDef):
                visit(node.body, prefix + node.name + ".")
            else:
                for field in ("body", "orelse", "finalbody"):
                    block: object = getattr(node, field, None)
                    if isinstance(block, list):
                        visit(cast("List[ast.stmt]", block), prefix)  # body, orelse and finalbody hold statements
                # A try (or 3.11's try/except*) holds a list of ExceptHandler; other statements none.
                handlers: object = getattr(node, "handlers", None)
                for handler in cast("List[ast.ExceptHandler]", handlers or []):
                    visit(handler.body, prefix)

    visit(tree.body, "")
    return out


def same_file(a: Optional[str], b: str) -> bool:
    try:
        return bool(a) and os.path.realpath(a) == os.path.realpath(b)
    except (TypeError, ValueError):
        return False


def code_of(obj: object) -> Optional[types.CodeType]:
    code: object = getattr(obj, "__code__", None)
    return code if isinstance(code, types.CodeType) else None


def runs_def(func: object, path: str, written: List[WrittenDef]) -> bool:
    """Does this function's code come from one of the `written` defs of `path`?"""
    code = code_of(func)
    if code is None or not written:
        return False
    if not same_file(code.co_filename, path):
        return False
    return any(code.co_firstlineno in (w.line, w.first_line) for w in written)


def _inner(obj: object) -> Iterator[object]:
    """What a decorator may have wrapped: __wrapped__, __func__, partial.func, closure cells."""
    for attr in ("__wrapped__", "__func__", "func"):
        try:
            inner: object = inspect.getattr_static(obj, attr)
        except AttributeError:
            continue
        if inner is not None and inner is not obj:
            yield getattr(obj, attr, inner)
    closure: Optional[Iterable[types.CellType]] = getattr(obj, "__closure__", None)
    for cell in closure or ():
        try:
            value: object = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if callable(value):
            yield value


def find_written(obj: object, path: str, written: List[WrittenDef]) -> Optional[Callable[..., object]]:
    """The function the user wrote (one of `written`) behind `obj`, through its decorators;
    None when `obj` does not run any of them."""
    frontier: List[object] = [obj]
    seen: Set[int] = set()
    for _ in range(_UNWRAP_DEPTH + 1):
        following: List[object] = []
        for candidate in frontier:
            if id(candidate) in seen:
                continue
            seen.add(id(candidate))
            if runs_def(candidate, path, written):
                return cast("Callable[..., object]", candidate)  # it has a __code__: a function
            following.extend(_inner(candidate))
        frontier = following
    return None


def describe_callable(obj: object, root: Optional[str], line: Optional[int] = None) -> str:
    """What runs, in words: `built-in min`, `_normalize_v2 (pkg/__init__.py:9)`; `line`
    replaces the code's first line (that of its first decorator) by the def's."""
    code = code_of(inspect.unwrap(obj) if inspect.isfunction(obj) else obj)
    name: str = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or type(obj).__name__
    if code is None:
        module: Optional[str] = getattr(obj, "__module__", None)
        where = "" if module is None or module == "builtins" else module + "."
        return "built-in %s%s" % (where, name)
    return "%s (%s:%d)" % (name, relative(code.co_filename, root), line or code.co_firstlineno)


def relative(filename: str, root: Optional[str]) -> str:
    """A file as the user finds it: from the workspace root, else from the sys.path entry it is
    imported from (`email/utils.py`: a bare `utils.py` does not say which one)."""
    try:
        real = os.path.realpath(filename)
        if root and real.startswith(os.path.realpath(root) + os.sep):
            return os.path.relpath(real, os.path.realpath(root))
        entries = [os.path.realpath(e) for e in sys.path if e]
        inside = [e for e in entries if real.startswith(e + os.sep)]
        if inside:
            return os.path.relpath(real, max(inside, key=len))
    except (TypeError, ValueError):
        pass
    return os.path.basename(filename)


def _hidden(qualname: str) -> bool:
    """Dunders other than __call__ (__getattr__, __init__, __repr__…) are not what anyone means to probe."""
    last = qualname.rsplit(".", 1)[-1]
    return last.startswith("__") and last.endswith("__") and last != "__call__"


def _methods(cls: type, prefix: str, depth: int, out: List[str]) -> None:
    for name, value in list(vars(cls).items()):
        if inspect.isclass(value):
            if depth < 5 and getattr(value, "__qualname__", "") == cls.__qualname__ + "." + name:
                _methods(value, prefix + name + ".", depth + 1, out)
            continue
        func: object = getattr(value, "__func__") if isinstance(value, _METHOD_WRAPPERS) else value
        if (inspect.isfunction(func) or inspect.isbuiltin(func)) and not _hidden(name):
            out.append(prefix + name)


def candidates(namespace: Mapping[str, object], exposed_names: Iterable[str], path: str, package: str) -> List[str]:
    """Every qualname the module offers as a target: the file's defs (functions, methods,
    static and class methods, nested classes' methods), then what the module exposes at
    run time that lives in the same package (re-exports, lazy attributes, rebound names)."""
    out = [q for q in file_defs(path) if not _hidden(q)]
    for name in exposed_names:
        if name.startswith("__"):
            continue
        if name not in namespace:
            out.append(name)  # listed by __all__ or __dir__, provided lazily
            continue
        value = namespace[name]
        if isinstance(value, types.ModuleType):
            continue
        origin: str = getattr(value, "__module__", None) or ""
        ours = origin == package or origin.startswith(package + ".") or origin.lstrip("_") == package.lstrip("_")
        if inspect.isclass(value):
            if ours:
                _methods(value, name + ".", 0, out)
        elif ours and (inspect.isfunction(value) or inspect.isbuiltin(value)):
            out.append(name)
    unique: List[str] = []
    for q in out:
        if q not in unique:
            unique.append(q)
    return unique


# The longest part of a name rank compares: difflib's cost grows with the product of the lengths
# (a 100,000-character qualname took 26 s against 54 names). The MCP and LM tools refuse longer
# qualnames (core/call-tool.ts MAX_NAME_LENGTH); the CLI and the editor pass what they are given.
RANKED_NAME_LENGTH = 1000


def rank(asked: str, names: Iterable[str]) -> List[str]:
    """Most similar first: the whole qualname and its last part both count (their first
    RANKED_NAME_LENGTH characters)."""
    import difflib  # here only: a name not found is rare, and a start does not need it

    asked_lower = asked[:RANKED_NAME_LENGTH].lower()
    last = asked_lower.rsplit(".", 1)[-1]

    def score(name: str) -> float:
        lower = name[:RANKED_NAME_LENGTH].lower()
        whole = difflib.SequenceMatcher(None, asked_lower, lower).ratio()
        tail = difflib.SequenceMatcher(None, last, lower.rsplit(".", 1)[-1]).ratio()
        return max(whole, tail * 0.95)

    return sorted(names, key=lambda n: -score(n))
