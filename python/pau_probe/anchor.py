"""The target file as the anchor of resolution: which defs the file holds (from its syntax
tree, no import needed), whether the object Python exposes under a qualname runs one of
them, and the ranked "did you mean" list of what could be probed instead.
"""
import ast
import inspect
import os
import types

# How deep to look through decorators (closures, __wrapped__, __func__, partial.func) for the
# function the user wrote.
_UNWRAP_DEPTH = 6


class WrittenDef:
    """A def of the file: its line, the line of its first decorator, its syntax node."""

    def __init__(self, node):
        self.node = node
        self.line = node.lineno
        self.first_line = min([node.lineno] + [d.lineno for d in node.decorator_list])
        self.decorated = bool(node.decorator_list)


def file_defs(path):
    """{qualname: [WrittenDef, ...]} for the functions and methods a file defines at module
    level and in classes (nested classes included; if/try/with blocks looked into, function
    bodies not: their defs are locals). A name defined twice (if/else) has two entries."""
    try:
        with open(path, "rb") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return {}
    out = {}

    def visit(body, prefix):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                out.setdefault(prefix + node.name, []).append(WrittenDef(node))
            elif isinstance(node, ast.ClassDef):
                visit(node.body, prefix + node.name + ".")
            else:
                for field in ("body", "orelse", "finalbody"):
                    block = getattr(node, field, None)
                    if isinstance(block, list):
                        visit(block, prefix)
                for handler in getattr(node, "handlers", None) or []:
                    visit(handler.body, prefix)

    visit(tree.body, "")
    return out


def same_file(a, b):
    try:
        return bool(a) and os.path.realpath(a) == os.path.realpath(b)
    except (TypeError, ValueError):
        return False


def code_of(obj):
    code = getattr(obj, "__code__", None)
    return code if isinstance(code, types.CodeType) else None


def runs_def(func, path, written):
    """Does this function's code come from one of the `written` defs of `path`?"""
    code = code_of(func)
    if code is None or not written:
        return False
    if not same_file(code.co_filename, path):
        return False
    return any(code.co_firstlineno in (w.line, w.first_line) for w in written)


def _inner(obj):
    """What a decorator may have wrapped: __wrapped__, __func__, partial.func, closure cells."""
    for attr in ("__wrapped__", "__func__", "func"):
        try:
            inner = inspect.getattr_static(obj, attr)
        except AttributeError:
            continue
        if inner is not None and inner is not obj:
            yield getattr(obj, attr, inner)
    for cell in getattr(obj, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        if callable(value):
            yield value


def find_written(obj, path, written):
    """The function the user wrote (one of `written`) behind `obj`, through its decorators;
    None when `obj` does not run any of them."""
    frontier, seen = [obj], set()
    for _ in range(_UNWRAP_DEPTH + 1):
        following = []
        for candidate in frontier:
            if id(candidate) in seen:
                continue
            seen.add(id(candidate))
            if runs_def(candidate, path, written):
                return candidate
            following.extend(_inner(candidate))
        frontier = following
    return None


def describe_callable(obj, root, line=None):
    """What runs, in words: `built-in min`, `_normalize_v2 (pkg/__init__.py:9)`; `line`
    replaces the code's first line (that of its first decorator) by the def's."""
    code = code_of(inspect.unwrap(obj) if inspect.isfunction(obj) else obj)
    name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None) or type(obj).__name__
    if code is None:
        module = getattr(obj, "__module__", None)
        where = "" if module in (None, "builtins") else module + "."
        return "built-in %s%s" % (where, name)
    return "%s (%s:%d)" % (name, relative(code.co_filename, root), line or code.co_firstlineno)


def relative(filename, root):
    try:
        real = os.path.realpath(filename)
        if root and real.startswith(os.path.realpath(root) + os.sep):
            return os.path.relpath(real, os.path.realpath(root))
    except (TypeError, ValueError):
        pass
    return os.path.basename(filename)


def _hidden(qualname):
    """Dunders other than __call__ (__getattr__, __init__, __repr__…) are not what anyone means to probe."""
    last = qualname.rsplit(".", 1)[-1]
    return last.startswith("__") and last.endswith("__") and last != "__call__"


def _methods(cls, prefix, depth, out):
    for name, value in list(vars(cls).items()):
        if inspect.isclass(value):
            if depth < 5 and getattr(value, "__qualname__", "") == cls.__qualname__ + "." + name:
                _methods(value, prefix + name + ".", depth + 1, out)
            continue
        func = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
        if (inspect.isfunction(func) or inspect.isbuiltin(func)) and not _hidden(name):
            out.append(prefix + name)


def candidates(namespace, exposed_names, path, package):
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
        origin = getattr(value, "__module__", None) or ""
        ours = origin == package or origin.startswith(package + ".") or origin.lstrip("_") == package.lstrip("_")
        if inspect.isclass(value):
            if ours:
                _methods(value, name + ".", 0, out)
        elif ours and (inspect.isfunction(value) or inspect.isbuiltin(value)):
            out.append(name)
    unique = []
    for q in out:
        if q not in unique:
            unique.append(q)
    return unique


def rank(asked, names):
    """Most similar first: the whole qualname and its last part both count."""
    import difflib  # here only: a name not found is rare, and a start does not need it

    asked_lower = asked.lower()
    last = asked_lower.rsplit(".", 1)[-1]

    def score(name):
        lower = name.lower()
        whole = difflib.SequenceMatcher(None, asked_lower, lower).ratio()
        tail = difflib.SequenceMatcher(None, last, lower.rsplit(".", 1)[-1]).ratio()
        return max(whole, tail * 0.95)

    return sorted(names, key=lambda n: -score(n))
