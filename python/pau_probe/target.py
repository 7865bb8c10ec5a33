"""Importing the target module and resolving the qualname to something callable.

The file is imported as the interpreter would (as `pkg.sub.mod` with the package root on
sys.path, so relative imports work) and the qualname is looked up in what Python exposes:
a module that replaces itself in sys.modules, a lazy module `__getattr__`, re-exports. The
file stays the anchor: anchor.py tells whether the object found runs the def written in the
file (through any decorators), code from elsewhere, or something that replaced that def.
Handles module-level functions, methods (instance methods take a receiver), static and
class methods, and methods of nested classes.
"""
from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import math
import os
import re
import sys
import types

from pau_probe.checking import TYPE_CHECKING, cast

from pau_probe import anchor
from pau_probe.render import Addresses, BoundedRepr

if TYPE_CHECKING:
    from typing import Callable, Dict, Iterable, Iterator, List, Literal, Optional, Set, Tuple, Union

    from pau_probe.protocol import ArgumentClass, ErrorEvent, FunctionInfo, OwnerFactory, OwnerMethod, ParameterInfo, TargetResolution

    from typing import Protocol

    class _Executes(Protocol):
        """A loader of the import system (every one has exec_module since 3.4; typeshed's Loader lists none)."""

        def exec_module(self, module: types.ModuleType) -> None: ...

    Kind = Literal["function", "method", "classmethod", "staticmethod"]
    ParameterKind = Literal["POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD", "VAR_POSITIONAL", "KEYWORD_ONLY", "VAR_KEYWORD"]
    # The namespace a module's code ran in (its __dict__).
    Namespace = Dict[str, object]


_VARIADIC = (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)


def _live_threads() -> "List[object]":
    """The Python threads alive besides the main one (none unless threading was imported)."""
    threading = sys.modules.get("threading")
    if threading is None:
        return []
    main: object = threading.main_thread()
    return [t for t in threading.enumerate() if t is not main and t.is_alive()]


def _instance_attribute(receiver: object, name: str) -> "Optional[Callable[..., object]]":
    """A callable the instance itself holds under the method's name, else None."""
    own: object = getattr(receiver, "__dict__", None)
    if not isinstance(own, dict):
        return None
    found: object = cast("Namespace", own).get(name)  # an instance __dict__: str keys
    return found if callable(found) else None


class TargetError(Exception):
    def __init__(self, kind: Literal["import-failed", "unknown-qualname"], message: str, available: Optional[List[str]] = None):
        Exception.__init__(self, message)
        self.kind: Literal["import-failed", "unknown-qualname"] = kind
        self.available = available

    def event(self) -> ErrorEvent:
        """The error message the worker sends the host instead of ready."""
        error: ErrorEvent = {"event": "error", "kind": self.kind, "message": str(self)}
        if self.available is not None:
            error["available"] = self.available
        return error


def module_location(path: str) -> Tuple[str, str]:
    """(sys.path root, dotted module name) for a .py file, walking up through packages."""
    directory, filename = os.path.split(path)
    stem = os.path.splitext(filename)[0]
    parts: List[str] = [] if stem == "__init__" else [stem]
    root = directory
    while os.path.isfile(os.path.join(root, "__init__.py")):
        parts.insert(0, os.path.basename(root))
        parent = os.path.dirname(root)
        if parent == root:
            break
        root = parent
    return root, ".".join(parts)


def _real_namespace(exposed: object, path: str) -> Namespace:
    """The namespace the file's code ran in. A package may replace its entry in sys.modules
    (a deprecation or lazy-import proxy): the proxy is what `import pkg` gives, but the defs
    live in the module object the file was executed in."""
    found: object = getattr(exposed, "__dict__", None)
    own = cast("Namespace", found) if isinstance(found, dict) else None  # an object's __dict__: str keys
    if own is not None and anchor.same_file(_file_of(own), path):
        return own
    for value in list(own.values()) if own is not None else []:
        if isinstance(value, types.ModuleType) and anchor.same_file(_file_of(vars(value)), path):
            return vars(value)
    return own if own is not None else {}


def _file_of(namespace: Namespace) -> Optional[str]:
    """A module namespace's __file__ as same_file() takes it (a str, or None; set by the import system)."""
    return cast("Optional[str]", namespace.get("__file__"))


def _exec_fresh(name: str) -> Tuple[types.ModuleType, object]:
    """Import `name` as the interpreter does, keeping the module object the file ran in as well
    as what sys.modules holds afterwards (they differ when the module replaces itself)."""
    parent, _, child = name.rpartition(".")
    if parent:
        importlib.import_module(parent)
        if name in sys.modules:  # the parent's __init__ imported it already
            exposed = sys.modules[name]
            return exposed, exposed  # pyright: ignore[reportReturnType] -- what sys.modules holds, module or not
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError("no module named %r" % name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        cast("_Executes", spec.loader).exec_module(module)
    except BaseException:
        if sys.modules.get(name) is module:
            del sys.modules[name]
        raise
    exposed: object = sys.modules.get(name, module)
    if parent:
        setattr(sys.modules[parent], child, exposed)
    return module, exposed


def _import(path: str, root: str, name: str) -> Tuple[object, Namespace]:
    """(the module object as Python exposes it, the namespace the file's code ran in)."""
    existing = sys.modules.get(name)
    if existing is not None:
        if anchor.same_file(getattr(existing, "__file__", None), path):
            return existing, _real_namespace(existing, path)
        # The name is taken (a stdlib module the worker already uses, say `types.py`):
        # load the file under a name of its own.
        alias = "pau_target_" + name.replace(".", "_")
        spec = importlib.util.spec_from_file_location(alias, path)
        assert spec is not None and spec.loader is not None  # a .py file always has a source loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[alias] = module
        cast("_Executes", spec.loader).exec_module(module)
        return sys.modules.get(alias, module), vars(module)
    module, exposed = _exec_fresh(name)
    namespace = _real_namespace(module, path)
    loaded: Optional[str] = _file_of(namespace) or getattr(exposed, "__file__", None)
    if loaded and not anchor.same_file(loaded, path):
        raise ImportError("'%s' resolved to %s, not to the target file" % (name, os.path.basename(loaded)))
    return exposed, namespace


def import_module(path: str, extra_root: Optional[str] = None) -> Tuple[object, Namespace, str]:
    """Import the file; a TargetError('import-failed') names the cause.
    Returns (module as exposed, the namespace its code ran in, sys.path root)."""
    path = os.path.realpath(path)
    shown = os.path.basename(path)
    if not os.path.isfile(path):
        raise TargetError("import-failed", "import of %s failed: no such file: %s" % (shown, path))
    root, name = module_location(path)
    for folder in (root, extra_root):
        if folder and folder not in sys.path:
            sys.path.insert(0, folder)
    try:
        exposed, namespace = _import(path, root, name)
        return exposed, namespace, root
    except BaseException as exc:  # noqa: B902 — module-level code is user code: anything may escape
        raise TargetError("import-failed", "import of %s failed: %s" % (shown, describe_exception(exc, root)))


def describe_exception(exc: BaseException, root: Optional[str]) -> str:
    message = str(exc)
    if root:
        message = message.replace(root + os.sep, "")
    text = "%s: %s" % (type(exc).__name__, message) if message else type(exc).__name__
    return text if len(text) <= 500 else text[:497] + "..."


def available_functions(exposed: object, namespace: Namespace, path: str, asked: str) -> List[str]:
    """Everything that could be probed in the module, most similar to `asked` first."""
    try:
        names = dir(exposed)
    except Exception:  # noqa: B902 — a proxy's __dir__ is user code
        names = list(namespace)
    listed = namespace.get("__all__")
    if isinstance(listed, (list, tuple)):
        names = list(names) + [n for n in cast("Iterable[object]", listed) if isinstance(n, str)]
    package = _module_name(namespace).split(".")[0]
    return anchor.rank(asked, anchor.candidates(namespace, names, path, package))


def _module_name(namespace: Namespace) -> str:
    """A module namespace's __name__ ('' when it has none; set by the import system)."""
    return cast("Optional[str]", namespace.get("__name__")) or ""


def module_classes(namespace: Namespace) -> Dict[str, type]:
    """Classes usable by name in argument source: the module's own and those it re-exports
    from its package, under the name the module gives them."""
    own = _module_name(namespace)
    package = own.split(".")[0]
    return {
        name: value
        for name, value in list(namespace.items())
        if inspect.isclass(value)
        and (value.__module__ == own or (value.__module__ or "").split(".")[0] == package)
        and not name.startswith("_pau")
    }


_MAX_ARGUMENT_CLASSES = 48
_MAX_CLASS_ATTRIBUTES = 60


def argument_classes(func: object, taken: "Dict[str, type]") -> List[Tuple[str, type]]:
    """[(name, class)]: public classes of the package that defines `func`, other than the
    exceptions and the names in `taken`: those of its defining module first, then of the package
    modules that module names, then of the package's other modules already imported (nothing is
    imported here). Read with vars(), so no lazy attribute runs."""
    module_name = getattr(func, "__module__", None) or ""
    home = sys.modules.get(module_name)
    package = module_name.split(".")[0]
    # A builtin put in place of a def (an accelerator's `smallest = min`) has no package of its own.
    if home is None or not package or package == "builtins":
        return []

    def in_package(name: str) -> bool:
        return name == package or (name or "").startswith(package + ".")

    modules: List[types.ModuleType] = [home]
    modules += [v for v in list(vars(home).values()) if inspect.ismodule(v) and in_package(v.__name__)]
    # sys.modules may hold None (an import blocked on purpose), which typeshed does not allow for.
    modules += [m for n, m in sorted(list(sys.modules.items())) if in_package(n) and m is not None]  # pyright: ignore[reportUnnecessaryComparison]
    seen = {id(v) for v in taken.values()}
    names = set(taken)
    out: List[Tuple[str, type]] = []
    for module in modules:
        try:
            items = list(vars(module).items())
        except TypeError:
            continue
        for name, value in items:
            if name.startswith("_") or name in names or not inspect.isclass(value) or id(value) in seen:
                continue
            if issubclass(value, BaseException) or not in_package(getattr(value, "__module__", "") or ""):
                continue
            seen.add(id(value))
            names.add(name)
            out.append((name, value))
            if len(out) >= _MAX_ARGUMENT_CLASSES:
                return out
    return out


def _argument_class_info(name: str, cls: type) -> ArgumentClass:
    """FunctionInfo.argumentClasses' entry: the constructor and the attributes the class or its
    bases in the same package define (what an AttributeError can ask for)."""
    package = (getattr(cls, "__module__", "") or "").split(".")[0]
    attributes: List[str] = []
    for klass in cls.__mro__:
        if klass is not cls and (getattr(klass, "__module__", "") or "").split(".")[0] != package:
            continue
        names: List[object] = list(vars(klass))
        # What instances get: declared fields (annotations, slots) and the names __init__ uses
        # (`self.parts = ...` stores `parts`; its other names come along, harmlessly).
        # Read from the class's own dict, so a metaclass's descriptors may stand there: only a
        # dict of annotations and a str, list, tuple or dict of slots are read.
        declared = vars(klass).get("__annotations__", None)
        names += list(cast("Dict[str, object]", declared)) if isinstance(declared, dict) else []
        slots = vars(klass).get("__slots__", ())
        names += [slots] if isinstance(slots, str) else list(cast("Iterable[object]", slots)) if isinstance(slots, (list, tuple, dict)) else []
        init = vars(klass).get("__init__")
        names += list(getattr(getattr(init, "__code__", None), "co_names", ()))
        for attr in names:
            if isinstance(attr, str) and not attr.startswith("_") and attr not in attributes:
                attributes.append(attr)
    entry: ArgumentClass = {"name": name, "attributes": attributes[:_MAX_CLASS_ATTRIBUTES]}
    bases = [klass.__name__ for klass in cls.__mro__[1:] if klass is not object]
    if bases:
        entry["bases"] = bases
    init = _constructor_params(cls)
    if init is not None:
        entry["init"] = init
    return entry


def _argument_class_infos(classes: List[Tuple[str, type]]) -> List[ArgumentClass]:
    """The entries of the classes that can be read: a class whose attributes or constructor
    cannot be (a property that raises, an odd metaclass) is left out, not the target."""
    out: List[ArgumentClass] = []
    for name, cls in classes:
        try:
            out.append(_argument_class_info(name, cls))
        except Exception:  # noqa: BLE001 -- user classes may raise anything from their own dicts
            continue
    return out


def _lookup(exposed: object, namespace: Namespace, qualname: str, shown: str, path: str) -> Tuple[object, object, object]:
    """Walk the qualname through what Python exposes (getattr: proxies, lazy __getattr__,
    descriptors); (owner, the attribute as stored on a class or the value, the value)."""
    owner: object = None
    raw: object = exposed
    obj: object = exposed
    for i, part in enumerate(qualname.split(".")):
        owner = obj
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise TargetError(
                "unknown-qualname",
                "no function '%s' in %s" % (qualname, shown),
                available_functions(exposed, namespace, path, qualname),
            )
        except Exception as exc:  # noqa: B902 — a lazy __getattr__ runs user code (an import, say)
            looked_up = ".".join(qualname.split(".")[: i + 1])
            raise TargetError("import-failed", "looking up '%s' in %s raised %s" % (looked_up, shown, describe_exception(exc, None)))
        raw = obj
        if inspect.isclass(owner):
            try:
                raw = inspect.getattr_static(owner, part)
            except AttributeError:
                pass
    return owner, raw, obj


class Target:
    """The resolved target: how to call it, what describe() reports, and where its code is."""

    def __init__(self, exposed: object, namespace: Namespace, qualname: str, root: str, path: str, threads_before: Iterable[object] = ()) -> None:
        self.module = exposed
        # Threads running before the import: the worker's own are not the module's.
        self.threads_before = list(threads_before)
        self.qualname = qualname
        self.root = root
        shown = os.path.basename(path)
        owner, raw, obj = _lookup(exposed, namespace, qualname, shown, path)
        self.owner: Optional[type] = owner if inspect.isclass(owner) else None
        self.raw = raw
        self.kind: Kind
        self.func: object
        self.callable: Callable[..., object]
        # What getattr gave for a static or class method is callable (the function, bound or not);
        # the function itself is the wrapper's __func__.
        if self.owner is not None and isinstance(raw, staticmethod):
            self.kind, self.func, self.callable = "staticmethod", getattr(self.raw, "__func__"), cast("Callable[..., object]", obj)
        elif self.owner is not None and isinstance(raw, classmethod):
            self.kind, self.func, self.callable = "classmethod", getattr(self.raw, "__func__"), cast("Callable[..., object]", obj)
        elif self.owner is not None and inspect.isfunction(raw):
            self.kind, self.func, self.callable = "method", raw, raw
        elif callable(obj) and not inspect.isclass(obj):
            self.kind, self.func, self.callable = "function", obj, obj
        else:
            kind = "class" if inspect.isclass(obj) else type(obj).__name__
            raise TargetError(
                "unknown-qualname",
                "'%s' in %s is %s %s, not a function" % (qualname, shown, "an" if kind[:1].lower() in "aeiou" else "a", kind),
                available_functions(exposed, namespace, path, qualname),
            )
        self.needs_receiver = self.kind == "method"
        self.unwrapped = _unwrap(self.func)
        self.written_defs = anchor.file_defs(path).get(qualname, [])
        self.written = anchor.find_written(self.func, path, self.written_defs)
        self.resolution = self._resolution(exposed, namespace, path)
        # Coverage follows the code the user wrote behind any decorator; it is unavailable
        # when what runs is not Python code or not the file's def of that name.
        runs: object = self.written or self.unwrapped
        self.code = None if "coverageUnavailable" in self.resolution else anchor.code_of(runs)
        source_of_truth = runs if anchor.code_of(runs) is not None else self.func
        self.is_async = inspect.iscoroutinefunction(source_of_truth) or inspect.isasyncgenfunction(source_of_truth)
        self.is_generator = inspect.isgeneratorfunction(source_of_truth) or inspect.isasyncgenfunction(source_of_truth)
        self.classes = module_classes(namespace)
        head = qualname.split(".")[0]
        if self.owner is not None and head not in self.classes:
            self.classes[head] = getattr(exposed, head)  # a class provided lazily: receivers need it by name
        self.module_class_names = sorted(self.classes)
        # The package's other classes are buildable by name too (a Version for SpecItem.match).
        self.argument_classes = argument_classes(self.func, self.classes)
        for name, cls in self.argument_classes:
            self.classes[name] = cls
        if self.resolution["origin"] == "replaced":
            # The docstring the user reads (and Insert would rewrite) is the def's in the file; the
            # comparison tells whether it holds for what runs under the name.
            self.docstring: Optional[str] = _docstring_of_node(self.written_defs[-1].node)
        else:
            self.docstring = _docstring(self.func) or (_docstring(self.written) if self.written is not None else None)
        self.info = self._describe()
        self.info["resolution"] = self.resolution
        self._forget_docstrings()

    def _resolution(self, exposed: object, namespace: Namespace, path: str) -> TargetResolution:
        """How the qualname resolved, in the shape of FunctionInfo.resolution (probe-types.ts)."""
        head = self.qualname.split(".")[0]
        notes: List[str] = []
        if not isinstance(exposed, types.ModuleType) or vars(exposed) is not namespace:
            notes.append(
                "the module replaces itself in sys.modules with a %s object; '%s' was looked up through it, as `import` gives it"
                % (type(exposed).__name__, self.qualname)
            )
        elif head not in namespace and "__getattr__" in namespace:
            notes.append("'%s' is provided lazily by the module's __getattr__" % head)
        runs = anchor.describe_callable(self.written or self.func, self.root)
        out: TargetResolution = {"origin": "file", "runs": runs}
        if self.written is not None:
            code = anchor.code_of(self.written)
            first = code.co_firstlineno if code is not None else 0
            line = next((w.line for w in self.written_defs if first in (w.line, w.first_line)), first)
            out["runs"] = anchor.describe_callable(self.written, self.root, line)
            if self.written is not self.func and self.written is not self.raw:
                out["decorated"] = True
                notes.append("called through its decorators; coverage is of the def at line %d" % line)
        elif self.written_defs:
            out["origin"] = "replaced"
            line = self.written_defs[-1].line
            what = "a built-in (compiled) function" if anchor.code_of(self.unwrapped) is None else "a different function"
            notes.insert(
                0,
                "not the code in the file: '%s' is rebound at import time to %s, %s; the calls run it, not the def at line %d"
                % (self.qualname, what, runs, line),
            )
            out["coverageUnavailable"] = "what runs is not the def in %s" % os.path.basename(path)
        else:
            out["origin"] = "elsewhere"
            code = anchor.code_of(self.unwrapped)
            if code is None:
                notes.append("'%s' is %s, not Python code in %s" % (self.qualname, runs, os.path.basename(path)))
                out["coverageUnavailable"] = "what runs is not Python code"
            else:
                shown = os.path.basename(path)
                if anchor.same_file(code.co_filename, path):
                    notes.append("'%s' has no def of its own in %s: it is bound to %s" % (self.qualname, shown, runs))
                else:
                    notes.append("'%s' is not defined in %s: it comes from %s" % (self.qualname, shown, runs))
        threads: List[str] = [getattr(t, "name", "?") for t in _live_threads() if t not in self.threads_before]
        if threads:
            notes.append(
                "importing the module started %d thread%s (%s) that keep%s running beside every call, outside the call's "
                "fence: calls may share state through %s" % (
                    len(threads), "" if len(threads) == 1 else "s", ", ".join(threads[:3]), "s" if len(threads) == 1 else "",
                    "it" if len(threads) == 1 else "them")
            )
        if out["origin"] != "file":
            elsewhere = anchor.code_of(self.unwrapped)
            if elsewhere is not None:
                out["codeFile"] = os.path.abspath(elsewhere.co_filename)
        if notes:
            out["notes"] = notes
        return out

    def not_the_receiver(self, receiver: object) -> Optional[str]:
        """Why a call `r.m()` on `receiver` would not show what the target does, or None when it
        runs the target (or the target is no method). Its class holds another method under the
        target's name (SortedList(key=len) is a SortedKeyList, whose count is its own), or nothing
        under it, so `r.m()` raises AttributeError before any code of the target runs (a
        classmethod that registers something returns None, and None is no receiver)."""
        if self.kind != "method" or self.owner is None:
            return None
        name = self.qualname.rsplit(".", 1)[-1]
        kind = type(receiver).__qualname__
        try:
            found = inspect.getattr_static(type(receiver), name)
        except AttributeError:
            return None if _instance_attribute(receiver, name) is not None else "it is a %s, which has no %s" % (kind, name)
        return None if found is self.raw else "it is a %s, whose own %s is called on it, not this one" % (kind, name)

    def invoke(self, receiver: object, args: Iterable[object], kwargs: Dict[str, object]) -> object:
        if self.needs_receiver:
            # `r.m()` finds an attribute of the instance before the class's def (ipaddress's
            # /128 network sets its own `hosts`); the call text the user reads means that.
            own = _instance_attribute(receiver, self.qualname.rsplit(".", 1)[-1])
            if own is not None:
                return own(*args, **kwargs)
            return self.callable(receiver, *args, **kwargs)
        return self.callable(*args, **kwargs)

    def _signature(self) -> Optional[inspect.Signature]:
        try:
            # A method's raw attribute is a function (checked in __init__).
            signature = inspect.signature(cast("Callable[..., object]", self.raw) if self.kind == "method" else self.callable)
            if self.written is not None and all(p.kind in _VARIADIC for p in signature.parameters.values()):
                # A decorator without functools.wraps hides the def's parameters behind *args, **kwargs.
                signature = inspect.signature(self.written)
        except (TypeError, ValueError):
            return None
        params = list(signature.parameters.values())
        if self.kind == "method" and params and params[0].kind in (
            inspect.Parameter.POSITIONAL_ONLY,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
        ):
            params = params[1:]  # the receiver is passed separately
        return signature.replace(parameters=params)

    def _describe(self) -> FunctionInfo:
        signature = self._signature()
        written = _written_annotations(self.written or self.unwrapped)
        params: List[ParameterInfo] = []
        return_annotation: Optional[str] = None
        if signature is None and self.written_defs:
            # A compiled replacement has no signature to read; the def it replaces says what it takes.
            params, return_annotation = _params_of_node(self.written_defs[-1].node, self.kind == "method")
        elif signature is not None:
            for p in signature.parameters.values():
                entry: ParameterInfo = {"name": p.name, "kind": _kind_name(p)}
                if p.annotation is not inspect.Parameter.empty:
                    entry["annotation"] = written.get(p.name) or _annotation_text(p.annotation)
                if p.default is not inspect.Parameter.empty:
                    entry["default"] = _bounded_repr(p.default)
                params.append(entry)
            if signature.return_annotation is not inspect.Signature.empty:
                return_annotation = written.get("return") or _annotation_text(signature.return_annotation)
        info: FunctionInfo = {
            "qualname": self.qualname,
            "name": self.qualname.rsplit(".", 1)[-1],
            "kind": self.kind,
            "needsReceiver": self.needs_receiver,
            "params": params,
            "isGenerator": self.is_generator,
            "isAsync": self.is_async,
            "docstring": self.docstring,
            "moduleClasses": self.module_class_names,
            "pythonVersion": sys.version.split()[0],  # platform.python_version(), without importing platform
        }
        constants = _code_constants(anchor.code_of(self.written or self.unwrapped), self.docstring)
        if constants:
            info["constants"] = constants
        messages = raise_messages(anchor.code_of(self.written or self.unwrapped))
        if messages:
            info["raiseMessages"] = messages
        if self.argument_classes:
            info["argumentClasses"] = _argument_class_infos(self.argument_classes)
        if self.owner is not None:
            # The path the module exposes the class under (a re-export may rename it): receivers are built with it.
            info["ownerClass"] = self.qualname.rsplit(".", 1)[0]
            init = _constructor_params(self.owner)
            if init is not None:
                info["ownerInit"] = init
            constants = _owner_constants(self.owner)
            if constants:
                info["ownerConstants"] = constants
            factories = _owner_factories(self.owner, self.qualname.rsplit(".", 1)[-1])
            if factories:
                info["ownerFactories"] = factories
            methods = _owner_methods(self.owner, self.qualname.rsplit(".", 1)[-1], anchor.code_of(self.written or self.unwrapped))
            if methods:
                info["ownerMethods"] = methods
        if return_annotation is not None:
            info["returnAnnotation"] = return_annotation
        return info

    def _forget_docstrings(self) -> None:
        """The function must not be able to read its own docstring (nor a wrapper's copy)."""
        seen: Set[int] = set()
        obj: object = self.raw
        for candidate in (self.raw, self.func, self.callable, self.written):
            obj = candidate
            while obj is not None and id(obj) not in seen:
                seen.add(id(obj))
                try:
                    obj.__doc__ = None
                except (AttributeError, TypeError):
                    pass
                obj = getattr(obj, "__wrapped__", None) or getattr(obj, "__func__", None)


def _kind_name(p: inspect.Parameter) -> ParameterKind:
    return p.kind.name


def _constructor_params(cls: type) -> Optional[List[ParameterInfo]]:
    """The parameters of cls(...) (its __init__ without self), shaped as FunctionInfo.params; None
    when there is no signature to read. The explorer builds receivers from them."""
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):
        return None
    return _parameter_infos(signature.parameters.values())


def _parameter_infos(params: Iterable[inspect.Parameter]) -> List[ParameterInfo]:
    """Parameters shaped as FunctionInfo.params (name, kind, the default's repr)."""
    out: List[ParameterInfo] = []
    for p in params:
        entry: ParameterInfo = {"name": p.name, "kind": _kind_name(p)}
        if p.default is not inspect.Parameter.empty:
            entry["default"] = _bounded_repr(p.default)
        out.append(entry)
    return out


def _public_attributes(cls: type, target: str) -> "Iterator[Tuple[str, object]]":
    """(name, the attribute as the class stores it) for the public names of cls other than the
    target, in name order; read with getattr_static, so no descriptor runs."""
    for name in sorted(dir(cls)):
        if name.startswith("_") or name == target:
            continue
        try:
            yield name, inspect.getattr_static(cls, name)
        except AttributeError:
            continue


_MAX_OWNER_METHODS = 40


def _owner_methods(cls: type, target: str, target_code: Optional[types.CodeType]) -> List[OwnerMethod]:
    """The public plain methods of cls other than the target, with the positional arguments each
    requires; none that needs a keyword-only one. Read with getattr_static, so no descriptor runs.
    The explorer fills a receiver through them (a Stack's push before its pop), and prepares one
    through those that assign state the target reads (`sets`)."""
    out: List[OwnerMethod] = []
    reads: Set[str] = _self_attributes(target_code, store=False) if target_code is not None else set()
    for name, attr in _public_attributes(cls, target):
        if not inspect.isfunction(attr):
            continue
        try:
            params = list(inspect.signature(attr).parameters.values())[1:]
        except (TypeError, ValueError):
            continue
        empty = inspect.Parameter.empty
        if any(p.kind is p.KEYWORD_ONLY and p.default is empty for p in params):
            continue
        names = [p.name for p in params if p.default is empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        method: OwnerMethod = {"name": name, "required": len(names), "params": names}
        sets = sorted(_self_attributes(attr.__code__, store=True) & reads)
        if sets:
            method["sets"] = sets
        out.append(method)
        if len(out) >= _MAX_OWNER_METHODS:
            break
    return out


_MAX_OWNER_FACTORIES = 6
# Names that say "builds one from": tried before other classmethods.
_FACTORY_NAME = re.compile(r"^(from|parse|create|make|new|build|load|of)|_from_")


def _owner_factories(cls: type, target: str) -> List[OwnerFactory]:
    """The public classmethods of cls other than the target, with their parameters after `cls`,
    those named like factories (`from_string`, `parse`) first; none that needs a keyword-only
    argument. Read with getattr_static, so no descriptor runs."""
    found: List[Tuple[int, str, List[ParameterInfo]]] = []
    for name, attr in _public_attributes(cls, target):
        if not isinstance(attr, classmethod):
            continue
        func = cast("Callable[..., object]", getattr(cast(object, attr), "__func__"))
        try:
            params = list(inspect.signature(func).parameters.values())[1:]
        except (TypeError, ValueError):
            continue
        if any(p.kind is p.KEYWORD_ONLY and p.default is p.empty for p in params):
            continue
        found.append((0 if _FACTORY_NAME.search(name) else 1, name, _parameter_infos(params)))
    found.sort(key=lambda f: f[0])
    return [{"name": name, "params": params} for _, name, params in found[:_MAX_OWNER_FACTORIES]]


def _self_attributes(code: types.CodeType, store: bool) -> Set[str]:
    """Attribute names a method's own code assigns (`self.rows = ...`) or reads (`self.rows`) on
    its first argument, from its bytecode: the instruction before the attribute's is the load of
    that argument. An augmented assignment (`self.n += 1`) reads it too, and is not counted as a store."""
    import dis  # only for methods: a plain function's worker never needs it

    if code.co_argcount == 0:
        return set()
    first = code.co_varnames[0]
    wanted = ("STORE_ATTR",) if store else ("LOAD_ATTR", "LOAD_METHOD")
    out: Set[str] = set()
    previous: Optional[dis.Instruction] = None
    for ins in dis.get_instructions(code):
        if ins.opname in wanted and previous is not None and previous.opname == "LOAD_FAST" and previous.argval == first:
            out.add(str(ins.argval))
        previous = ins
    return out


_MAX_CONSTANTS = 64
_MAX_CONSTANT_LEN = 40


def _code_constants(code: Optional[types.CodeType], docstring: Optional[str]) -> List[Union[str, float]]:
    """The short str and number constants of the target's code and the code nested in it
    (lambdas, inner functions, comprehensions), in order, once each; never its docstring nor the
    text of its own error messages (_raise_texts): the explorer tries them as inputs, and a
    function that compares with 'GET' or 1024 is reached by them, not by what it says on refusing."""
    out: List[Union[str, float]] = []
    seen: Set[Tuple[str, object]] = set()
    stack = [code] if isinstance(code, types.CodeType) else []
    while stack and len(out) < _MAX_CONSTANTS:
        current = stack.pop(0)
        said = _raise_texts(current)
        value: object
        for index, value in enumerate(current.co_consts):
            if isinstance(value, str) and value in said:
                continue
            # A def's docstring is its first constant (None when it has none); lambdas and
            # comprehensions (<lambda>, <listcomp>…) have none.
            if index == 0 and isinstance(value, str) and not current.co_name.startswith("<"):
                continue
            if isinstance(value, types.CodeType):
                stack.append(value)
                continue
            item: object
            for item in cast("Iterable[object]", value) if isinstance(value, (tuple, frozenset)) else (value,):
                _add_constant(item, docstring, seen, out)
    return out[:_MAX_CONSTANTS]


_MAX_RAISE_MESSAGES = 16
_MAX_RAISE_MESSAGE_LEN = 200
# What ends the expression a `raise` is made of, walking back from it: another statement.
_STATEMENT_END = ("STORE_", "POP_TOP", "RETURN_", "RAISE_VARARGS", "RERAISE", "JUMP", "POP_JUMP")


def _raise_texts(code: types.CodeType) -> Set[str]:
    """The phrases (words with a space between them) this code object loads only in the
    expression of a `raise` (`raise ValueError("interval ends before it starts")`, the pieces of
    an f-string there): what the function says when it refuses, never a value it looks for."""
    import dis  # only when the code has constants to read

    instructions = list(dis.get_instructions(code))
    in_raise: Set[int] = set()
    start = 0
    for k, ins in enumerate(instructions):
        if ins.is_jump_target or (k > 0 and instructions[k - 1].opname.startswith(_STATEMENT_END)):
            start = k
        if ins.opname == "RAISE_VARARGS":
            in_raise.update(range(start, k))
    inside: Set[str] = set()
    outside: Set[str] = set()
    for k, ins in enumerate(instructions):
        if ins.opname != "LOAD_CONST":
            continue
        value: object = ins.argval
        # `x in ('strict', 'loose mode')` loads the tuple as one constant.
        items = cast("Iterable[object]", value) if isinstance(value, (tuple, frozenset)) else (value,)
        (inside if k in in_raise else outside).update(item for item in items if isinstance(item, str))
    return {text for text in inside - outside if " " in text.strip()}


def raise_messages(code: Optional[types.CodeType]) -> List[str]:
    """FunctionInfo.raiseMessages: the texts of the target's own `raise` statements (_raise_texts)
    in the code and the code nested in it, up to 200 characters each: how the explorer tells a
    message the function wrote from Python's, and why they are no inputs."""
    out: List[str] = []
    stack = [code] if isinstance(code, types.CodeType) else []
    while stack and len(out) < _MAX_RAISE_MESSAGES:
        current = stack.pop(0)
        stack += [c for c in current.co_consts if isinstance(c, types.CodeType)]
        said = _raise_texts(current)
        out += [c for c in current.co_consts if isinstance(c, str) and c in said and len(c) <= _MAX_RAISE_MESSAGE_LEN and c not in out]
    return out[:_MAX_RAISE_MESSAGES]


_MAX_OWNER_CONSTANTS = 32


def _owner_constants(cls: type) -> List[Union[str, float]]:
    """FunctionInfo.ownerConstants: the short str and number constants of the class's own
    constructor code (`__init__`, `__new__`, as _code_constants: never a docstring or a raise
    message), then of its class attributes (`MODES = ('r', 'w')`) and an enum's member values
    (`Color('red')`). Read from the class's own __dict__, so no descriptor or metaclass runs."""
    out: List[Union[str, float]] = []
    seen: Set[Tuple[str, object]] = set()
    own = cls.__dict__
    for name in ("__init__", "__new__"):
        method: object = own.get(name)
        func: object = getattr(method, "__func__", method)
        # Defined in the class's own body: an Enum's class holds enum.Enum.__new__, whose texts are its messages.
        mine = str(getattr(func, "__qualname__", "")).startswith(cls.__qualname__ + ".")
        code = anchor.code_of(func) if mine else None
        for value in _code_constants(code, None):
            _add_constant(value, None, seen, out)
    values = own.get("_value2member_map_")  # an Enum's members by value (enum.EnumType keeps it in the class)
    attributes: List[object] = list(cast("Dict[object, object]", values)) if type(values) is dict else []
    attributes += [v for k, v in own.items() if not k.startswith("__")]
    for value in attributes:
        items = cast("Iterable[object]", value) if type(value) in (tuple, frozenset) else (value,)
        for item in items:
            if type(item) in (str, int, float):  # exactly: a member of a str enum is no plain constant
                _add_constant(item, None, seen, out)
    return out[:_MAX_OWNER_CONSTANTS]


def _add_constant(value: object, docstring: Optional[str], seen: Set[Tuple[str, object]], out: List[Union[str, float]]) -> None:
    """Appends a scalar constant worth trying as an input, once."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return
    if isinstance(value, str) and (len(value) > _MAX_CONSTANT_LEN or (docstring is not None and inspect.cleandoc(value) == docstring)):
        return
    if isinstance(value, int) and abs(value) > 10 ** 12:
        return
    if isinstance(value, float) and not math.isfinite(value):
        return  # NaN and infinities have no JSON form: the host would refuse the whole message
    key = (type(value).__name__, value)
    if key not in seen:
        seen.add(key)
        out.append(value)


def _unwrap(func: object) -> object:
    try:
        return inspect.unwrap(cast("Callable[..., object]", func))  # unwrap follows __wrapped__ of any object
    except ValueError:
        return func


def _docstring(func: object) -> Optional[str]:
    doc: object = getattr(func, "__doc__", None)
    if not isinstance(doc, str):
        return None
    if inspect.isclass(func) and doc == type(func).__doc__:
        return None
    return inspect.cleandoc(doc)


def _params_of_node(node: anchor.DefNode, drop_receiver: bool) -> Tuple[List[ParameterInfo], Optional[str]]:
    """ParameterInfo entries and the return annotation from a def's syntax tree."""
    args = node.args
    positional = args.posonlyargs + args.args
    defaults: List[Optional[ast.expr]] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    entries: List[Tuple[ast.arg, ParameterKind, Optional[ast.expr]]] = []
    for i, a in enumerate(positional):
        kind: ParameterKind = "POSITIONAL_ONLY" if i < len(args.posonlyargs) else "POSITIONAL_OR_KEYWORD"
        entries.append((a, kind, defaults[i]))
    if args.vararg:
        entries.append((args.vararg, "VAR_POSITIONAL", None))
    entries.extend((a, "KEYWORD_ONLY", d) for a, d in zip(args.kwonlyargs, args.kw_defaults))
    if args.kwarg:
        entries.append((args.kwarg, "VAR_KEYWORD", None))
    if drop_receiver and entries and entries[0][1] != "VAR_POSITIONAL":
        entries = entries[1:]
    params: List[ParameterInfo] = []
    for a, kind, default in entries:
        entry: ParameterInfo = {"name": a.arg, "kind": kind}
        if a.annotation is not None:
            entry["annotation"] = ast.unparse(a.annotation)
        if default is not None:
            entry["default"] = ast.unparse(default)
        params.append(entry)
    return params, (ast.unparse(node.returns) if node.returns is not None else None)


def _docstring_of_node(node: anchor.DefNode) -> Optional[str]:
    doc = ast.get_docstring(node)
    return inspect.cleandoc(doc) if doc else None


def _written_annotations(func: object) -> Dict[str, str]:
    """{parameter name or 'return': annotation source text} from the def itself; {} when the
    source is not available (builtins, generated code without a file)."""
    try:
        import textwrap  # here only: a start does not need it

        source = textwrap.dedent(inspect.getsource(cast("Callable[..., object]", func)))  # anything else raises TypeError
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


def _annotation_text(annotation: object) -> str:
    if isinstance(annotation, str):
        return annotation
    try:
        return inspect.formatannotation(annotation)
    except Exception:  # noqa: B902
        return _bounded_repr(annotation)


def _bounded_repr(value: object) -> str:
    r = BoundedRepr(200)
    try:
        return Addresses()(r.repr(value))
    except Exception as exc:  # noqa: B902
        return "<repr of %s raised %s>" % (type(value).__name__, type(exc).__name__)


def load(path: str, qualname: str, extra_root: Optional[str] = None) -> Target:
    before = _live_threads()
    exposed, namespace, root = import_module(path, extra_root)
    return Target(exposed, namespace, qualname, root, os.path.realpath(path), before)
