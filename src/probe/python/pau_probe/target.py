"""Importing the target module and resolving the qualname to something callable.

Handles module-level functions, methods (instance methods take a receiver), static and
class methods, methods of nested classes, and files inside packages that use relative
imports (the package root goes on sys.path and the file is imported as `pkg.sub.mod`).
"""
import ast
import importlib
import importlib.util
import inspect
import os
import platform
import sys
import textwrap

from pau_probe.render import Addresses, BoundedRepr


class TargetError(Exception):
    def __init__(self, kind, message, available=None):
        Exception.__init__(self, message)
        self.kind = kind
        self.available = available


def module_location(path):
    """(sys.path root, dotted module name) for a .py file, walking up through packages."""
    directory, filename = os.path.split(path)
    stem = os.path.splitext(filename)[0]
    parts = [] if stem == "__init__" else [stem]
    root = directory
    while os.path.isfile(os.path.join(root, "__init__.py")):
        parts.insert(0, os.path.basename(root))
        parent = os.path.dirname(root)
        if parent == root:
            break
        root = parent
    return root, ".".join(parts)


def _import(path, root, name):
    existing = sys.modules.get(name)
    if existing is not None:
        loaded = getattr(existing, "__file__", None)
        if loaded and os.path.realpath(loaded) == path:
            return existing
        # The name is taken (a stdlib module the worker already uses, say `types.py`):
        # load the file under a name of its own.
        alias = "pau_target_" + name.replace(".", "_")
        spec = importlib.util.spec_from_file_location(alias, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[alias] = module
        spec.loader.exec_module(module)
        return module
    module = importlib.import_module(name)
    loaded = getattr(module, "__file__", None)
    if loaded and os.path.realpath(loaded) != path:
        raise ImportError("'%s' resolved to %s, not to the target file" % (name, os.path.basename(loaded)))
    return module


def import_module(path, extra_root=None):
    """Import the file; a TargetError('import-failed') names the cause."""
    path = os.path.realpath(path)
    shown = os.path.basename(path)
    if not os.path.isfile(path):
        raise TargetError("import-failed", "import of %s failed: no such file: %s" % (shown, path))
    root, name = module_location(path)
    for folder in (root, extra_root):
        if folder and folder not in sys.path:
            sys.path.insert(0, folder)
    try:
        return _import(path, root, name), root
    except BaseException as exc:  # noqa: B902 — module-level code is user code: anything may escape
        raise TargetError("import-failed", "import of %s failed: %s" % (shown, describe_exception(exc, root)))


def describe_exception(exc, root):
    message = str(exc)
    if root:
        message = message.replace(root + os.sep, "")
    text = "%s: %s" % (type(exc).__name__, message) if message else type(exc).__name__
    return text if len(text) <= 500 else text[:497] + "..."


def available_functions(module):
    """Functions and methods defined in the module, as qualnames, in definition order."""
    out = []

    def walk(namespace, prefix, depth):
        for name, value in list(vars(namespace).items()):
            if name.startswith("__"):
                continue
            if inspect.isclass(value):
                if value.__module__ == module.__name__ and depth < 5 and value.__qualname__ == prefix + name:
                    walk(value, prefix + name + ".", depth + 1)
                continue
            func = value.__func__ if isinstance(value, (staticmethod, classmethod)) else value
            if inspect.isfunction(func) and func.__module__ == module.__name__:
                out.append(prefix + name)

    walk(module, "", 0)
    return out


def module_classes(module):
    return {
        name: value
        for name, value in vars(module).items()
        if inspect.isclass(value) and value.__module__ == module.__name__ and not name.startswith("_pau")
    }


class Target:
    """The resolved target: how to call it and what describe() reports."""

    def __init__(self, module, qualname, root, shown):
        self.module = module
        self.qualname = qualname
        self.root = root
        owner, raw, obj = None, module, module
        for part in qualname.split("."):
            owner = obj
            try:
                raw = inspect.getattr_static(obj, part)
                obj = getattr(obj, part)
            except AttributeError:
                raise TargetError(
                    "unknown-qualname",
                    "no function '%s' in %s" % (qualname, shown),
                    available_functions(module),
                )
        self.owner = owner if inspect.isclass(owner) else None
        self.raw = raw
        if self.owner is not None and isinstance(raw, staticmethod):
            self.kind, self.func, self.callable = "staticmethod", raw.__func__, obj
        elif self.owner is not None and isinstance(raw, classmethod):
            self.kind, self.func, self.callable = "classmethod", raw.__func__, obj
        elif self.owner is not None and inspect.isfunction(raw):
            self.kind, self.func, self.callable = "method", raw, raw
        elif callable(obj):
            self.kind, self.func, self.callable = "function", obj, obj
        else:
            raise TargetError(
                "unknown-qualname",
                "'%s' in %s is a %s, not a function" % (qualname, shown, type(obj).__name__),
                available_functions(module),
            )
        self.needs_receiver = self.kind == "method"
        self.unwrapped = _unwrap(self.func)
        self.code = getattr(self.unwrapped, "__code__", None)
        self.is_async = inspect.iscoroutinefunction(self.unwrapped) or inspect.isasyncgenfunction(self.unwrapped)
        self.is_generator = inspect.isgeneratorfunction(self.unwrapped) or inspect.isasyncgenfunction(self.unwrapped)
        self.classes = module_classes(module)
        self.docstring = _docstring(self.func)
        self.info = self._describe()
        self._forget_docstrings()

    def invoke(self, receiver, args, kwargs):
        if self.needs_receiver:
            return self.callable(receiver, *args, **kwargs)
        return self.callable(*args, **kwargs)

    def _signature(self):
        try:
            signature = inspect.signature(self.raw if self.kind == "method" else self.callable)
        except (TypeError, ValueError):
            return None
        params = list(signature.parameters.values())
        if self.kind == "method" and params and params[0].kind in (
            inspect.Parameter.POSITIONAL_ONLY,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
        ):
            params = params[1:]  # the receiver is passed separately
        return signature.replace(parameters=params)

    def _describe(self):
        signature = self._signature()
        written = _written_annotations(self.unwrapped)
        params = []
        return_annotation = None
        if signature is not None:
            for p in signature.parameters.values():
                entry = {"name": p.name, "kind": p.kind.name}
                if p.annotation is not inspect.Parameter.empty:
                    entry["annotation"] = written.get(p.name) or _annotation_text(p.annotation)
                if p.default is not inspect.Parameter.empty:
                    entry["default"] = _bounded_repr(p.default)
                params.append(entry)
            if signature.return_annotation is not inspect.Signature.empty:
                return_annotation = written.get("return") or _annotation_text(signature.return_annotation)
        info = {
            "qualname": self.qualname,
            "name": self.qualname.rsplit(".", 1)[-1],
            "kind": self.kind,
            "needsReceiver": self.needs_receiver,
            "params": params,
            "isGenerator": self.is_generator,
            "isAsync": self.is_async,
            "docstring": self.docstring,
            "moduleClasses": sorted(self.classes),
            "pythonVersion": platform.python_version(),
        }
        if self.owner is not None:
            info["ownerClass"] = self.owner.__qualname__
        if return_annotation is not None:
            info["returnAnnotation"] = return_annotation
        return info

    def _forget_docstrings(self):
        """The function must not be able to read its own docstring (nor a wrapper's copy)."""
        seen = set()
        obj = self.raw
        for candidate in (self.raw, self.func, self.callable):
            obj = candidate
            while obj is not None and id(obj) not in seen:
                seen.add(id(obj))
                try:
                    obj.__doc__ = None
                except (AttributeError, TypeError):
                    pass
                obj = getattr(obj, "__wrapped__", None) or getattr(obj, "__func__", None)


def _unwrap(func):
    try:
        return inspect.unwrap(func)
    except ValueError:
        return func


def _docstring(func):
    doc = getattr(func, "__doc__", None)
    if not isinstance(doc, str):
        return None
    if inspect.isclass(func) and doc == type(func).__doc__:
        return None
    return inspect.cleandoc(doc)


def _written_annotations(func):
    """{parameter name or 'return': annotation source text} from the def itself; {} when the
    source is not available (builtins, generated code without a file)."""
    try:
        source = textwrap.dedent(inspect.getsource(func))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, ValueError):
        return {}
    node = next((n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None)
    if node is None:
        return {}
    args = node.args
    every = args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]
    out = {a.arg: ast.get_source_segment(source, a.annotation) for a in every if a.annotation is not None}
    if node.returns is not None:
        out["return"] = ast.get_source_segment(source, node.returns)
    return {k: v for k, v in out.items() if v}


def _annotation_text(annotation):
    if isinstance(annotation, str):
        return annotation
    try:
        return inspect.formatannotation(annotation)
    except Exception:  # noqa: B902
        return _bounded_repr(annotation)


def _bounded_repr(value):
    r = BoundedRepr(200)
    try:
        return Addresses()(r.repr(value))
    except Exception as exc:  # noqa: B902
        return "<repr of %s raised %s>" % (type(value).__name__, type(exc).__name__)


def load(path, qualname, extra_root=None):
    module, root = import_module(path, extra_root)
    return Target(module, qualname, root, os.path.basename(path))
