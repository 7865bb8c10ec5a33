"""What a call compared its inputs with (input-to-state feedback for the offline explorer).

Static part (`sites`, cached per code object): one pass over a code object's instructions
with a symbolic stack finds the places where a value rooted in a local (an argument, or what
was made of one) meets something readable without running user code: a constant, a global,
an attribute chain of a module, a closure cell, plain data an object holds (`self.table`). The kinds: comparisons (`==`, `<`, ...), `in`
and `not in` (both ways round), subscripts and `.get` on a table, `str` methods that take a
literal (`startswith`, `split`, ...), `isinstance`, and `re` matching; and an input looked up
with a constant key (`jwk.get("kty")`, `kwds["defects"]`: op `get`), what is read under that key
then compared as the input is (the record's `key`).

Run-time part (`Recorder`): the coverage tracer (coverage.py) calls `line` at the line events
of frames in scope (the target's file, or its package's folder); the recorder evaluates that
line's sites from the frame, and keeps a site only when the local's value relates to one of
the call's arguments: it is the argument, a piece of a str argument, or an item of a list
argument (input-to-state). Values are read only from plain containers, modules, classes,
compiled patterns and (statically) objects' attributes holding plain data, so no user code runs. Records, values and time are all bounded.
"""
from __future__ import annotations

import dis
import inspect
import math
import os
import re
import sys
import time
import types
from pau_probe.checking import TYPE_CHECKING, cast
# At the top, not in prescan: the fork server runs prescan after it has taken the worker's own
# modules out of sys.modules (call.hide_own_modules), where an import would load it again.
from pau_probe.coverage import code_objects

if TYPE_CHECKING:
    from types import CodeType, FrameType
    from typing import Dict, Iterable, Iterator, List, Literal, Mapping, Optional, Sequence, Set, Tuple, Union

    from typing_extensions import TypeGuard

    from pau_probe.protocol import ComparisonRecord

    # The symbolic stack's expressions: where a value came from, as far as the reader can tell
    # without running anything. None (_UNKNOWN) is anything else.
    Local = Tuple[Literal["local"], str, Optional[str]]  # a local; the transform applied to it (`lower`)
    Const = Tuple[Literal["const"], object]
    Named = Tuple[Literal["global", "deref"], str, Tuple[str, ...]]  # a global or cell, then attribute names
    Method = Tuple[Literal["method"], Optional["Expr"], str]  # a method looked up on an expression
    Build = Tuple[Literal["build"], Tuple[Optional["Expr"], ...]]  # a tuple, list or set of readable items
    Null = Tuple[Literal["null"]]
    Held = Tuple[Literal["held"], str, str]  # an attribute of a local (`self.methods`): the local, the attribute
    Entry = Tuple[Literal["entry"], str, object]  # a local looked up with a constant key (`obj.get("kty")`): the local, the key
    Expr = Union[Local, Const, Named, Method, Build, Null, Held, Entry]
    Input = Union[Local, Entry]
    # (operation, the input side, the other side)
    Site = Tuple[str, Input, Expr]
    Sites = Dict[int, List[Site]]
    # (package folder with a trailing separator or None, the target's file)
    Scope = Tuple[Optional[str], str]
    Plain = Union[str, float]  # JSON data: a short str, an int or a float
    # "value": a value a dict argument holds, under the key `seen`.
    Relation = Tuple[str, Literal["same", "part", "item", "code point", "value"], Optional[Plain]]

MAX_RECORDS = 48
MAX_VALUES = 8
MAX_TEXT = 64
MAX_PATTERN = 200
# Seconds of a call's time the recorder may use; then it stops looking.
TIME_CAP = 0.03
# Seconds the warm worker spends finding the sites of the package's code ahead of the calls.
PRESCAN_SECONDS = 0.08
# Containers bigger than this are read only in part (a set's first items, not sorted).
MAX_SCAN = 256

_STR_METHODS = {"startswith", "endswith", "split", "rsplit", "partition", "rpartition", "index", "find",
                "rfind", "count", "removeprefix", "removesuffix"}
# Methods and functions whose result stays "the input" for the relation (`x.lower() in MODES`).
_TRANSFORMS = {"lower", "upper", "strip", "lstrip", "rstrip", "casefold", "title", "len", "int", "float", "str", "abs"}
_TABLE_METHODS = {"get": "key", "pop": "key", "setdefault": "key", "__contains__": "in", "__getitem__": "key"}
# Methods that read an input mapping under a key (`jwk.get("kty")`).
_LOOKUPS = {"get", "pop", "setdefault", "__getitem__"}
_RE_METHODS = {"match", "fullmatch", "search", "findall", "finditer", "sub", "subn", "split"}
_IGNORED = {"NOP", "CACHE", "EXTENDED_ARG", "RESUME", "PRECALL", "KW_NAMES", "TO_BOOL", "COPY_FREE_VARS",
            "MAKE_CELL", "GEN_START", "NOT_TAKEN"}
_LOAD_FAST = {"LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_FAST_AND_CLEAR", "LOAD_FAST_BORROW"}
_NULL: Null = ("null",)
_UNKNOWN = None
# Wrappers a class body holds a function in, reached through __func__.
_METHOD_WRAPPERS: tuple[type, ...] = (staticmethod, classmethod)

# -- static: the sites of a code object, by line ------------------------------------------


def _instructions(code: CodeType) -> Iterator[Tuple[dis.Instruction, Optional[int]]]:
    line: Optional[int] = None
    for ins in dis.get_instructions(code):
        if sys.version_info >= (3, 11):
            line = ins.positions.lineno if ins.positions and ins.positions.lineno else line
        elif ins.starts_line is not None:
            line = ins.starts_line
        yield ins, line


def _is_input(e: Optional[Expr]) -> TypeGuard[Input]:
    return e is not None and (e[0] == "local" or e[0] == "entry")


def _plain_local(e: Optional[Expr]) -> TypeGuard[Local]:
    """A local as it is, no transform applied: what a constant key can be looked up in."""
    return e is not None and e[0] == "local" and e[2] is None


def _lookup(out: Sites, line: Optional[int], table: Optional[Expr], key: Optional[Expr]) -> Optional[Expr]:
    """`table[key]` or `table.get(key)` on an input with a constant key: the `get` site, and the
    entry it reads (compared later as the input is). None when it is no such look-up."""
    if not _plain_local(table) or key is None or key[0] != "const" or type(key[1]) not in (str, int):
        return None
    _site(out, line, "get", table, key)
    return ("entry", table[1], key[1])


def _readable(e: Optional[Expr]) -> TypeGuard[Expr]:
    return e is not None and e[0] in ("const", "global", "deref", "local", "build", "held")


def _site(out: Sites, line: Optional[int], op: str, inp: Optional[Expr], other: Optional[Expr], through: Optional[str] = None) -> None:
    if line is not None and _is_input(inp) and _readable(other) and other != inp:
        out.setdefault(line, []).append((op, inp, other))


def _call(stack: List[Optional[Expr]], out: Sites, line: Optional[int], n: int, extra_pops: int) -> None:
    args = [stack.pop() if stack else _UNKNOWN for _ in range(n)][::-1]
    callee = [stack.pop() if stack else _UNKNOWN for _ in range(extra_pops)]
    fn = next((c for c in callee if c is not _NULL and c is not None), None)
    result: Optional[Expr] = _UNKNOWN
    if fn is not None and fn[0] == "method":
        recv, name = fn[1], fn[2]
        if _is_input(recv):
            if name in _STR_METHODS and args:
                _site(out, line, name, recv, args[0])
            elif name in _TRANSFORMS and n == 0 and recv[0] == "local":
                result = ("local", recv[1], name)
            elif name in _LOOKUPS and args:
                result = _lookup(out, line, recv, args[0])
        elif _readable(recv) and args:
            if name in _TABLE_METHODS:
                _site(out, line, _TABLE_METHODS[name], args[0], recv)
            if name in _RE_METHODS:
                # PATTERN.match(x) (PATTERN.sub(repl, x)): the pattern is the receiver; re.match(p, x)
                # (re.sub(p, repl, x)): the first argument. Which one it was shows at run time.
                subbing = name in ("sub", "subn")
                own = args[1] if subbing and len(args) > 1 else args[0]
                _site(out, line, "regex", own, recv)
                given = args[2] if subbing and len(args) > 2 else args[1] if len(args) > 1 else None
                _site(out, line, "regex", given, args[0])
    elif fn is not None and fn[0] == "global" and fn[2] and fn[2][-1] in _RE_METHODS and len(args) > 1:
        # re.match(p, x) reached as a module attribute (3.11+: no LOAD_METHOD on modules).
        subbing = fn[2][-1] in ("sub", "subn")
        _site(out, line, "regex", args[2] if subbing and len(args) > 2 else None if subbing else args[1], args[0])
    elif fn is not None and fn[0] == "global" and not fn[2]:
        name = fn[1]
        if name == "isinstance" and n == 2:
            _site(out, line, "isinstance", args[0], args[1])
        elif name in _TRANSFORMS and n == 1:
            first = args[0]
            if first is not None and first[0] == "local":
                result = ("local", first[1], name)
    stack.append(result)


def _scan(code: CodeType) -> Sites:
    """{line: [(op, input expr, other expr)]} for one code object (not the nested ones)."""
    out: Sites = {}
    stack: List[Optional[Expr]] = []
    v311 = sys.version_info >= (3, 11)
    for ins, line in _instructions(code):
        op, arg, val = ins.opname, ins.arg, ins.argval
        if op in _IGNORED:
            continue
        if op in _LOAD_FAST:
            stack.append(("local", val, None))
        elif op == "LOAD_FAST_LOAD_FAST":
            stack.extend(("local", name, None) for name in val)
        elif op in ("LOAD_CONST", "LOAD_SMALL_INT"):
            stack.append(("const", val))
        elif op == "LOAD_GLOBAL":
            if v311 and arg is not None and arg & 1:
                stack.append(_NULL)
            stack.append(("global", val, ()))
        elif op in ("LOAD_DEREF", "LOAD_CLASSDEREF"):
            stack.append(("deref", val, ()))
        elif op == "PUSH_NULL":
            stack.append(_NULL)
        elif op in ("LOAD_ATTR", "LOAD_METHOD"):
            base = stack.pop() if stack else _UNKNOWN
            method = op == "LOAD_METHOD" or (sys.version_info >= (3, 12) and arg is not None and arg & 1)
            if method:
                stack.append(("method", base, val))
                stack.append(_NULL)
            elif base is not None and (base[0] == "global" or base[0] == "deref"):
                stack.append((base[0], base[1], base[2] + (val,)))
            elif base is not None and base[0] == "local" and base[2] is None:
                # `self.methods`: a table the object holds (read at run time only when it is plain data).
                stack.append(("held", base[1], val))
            else:
                stack.append(_UNKNOWN)
        elif op == "COMPARE_OP":
            right = stack.pop() if stack else _UNKNOWN
            left = stack.pop() if stack else _UNKNOWN
            _site(out, line, val, left, right)
            _site(out, line, _flipped(val), right, left)
            stack.append(_UNKNOWN)
        elif op == "CONTAINS_OP":
            right = stack.pop() if stack else _UNKNOWN
            left = stack.pop() if stack else _UNKNOWN
            negated = bool(arg)
            _site(out, line, "not in" if negated else "in", left, right)
            _site(out, line, "contains", right, left)
            stack.append(_UNKNOWN)
        elif op == "BINARY_SUBSCR" or (op == "BINARY_OP" and ins.argrepr == "[]"):
            key = stack.pop() if stack else _UNKNOWN
            table = stack.pop() if stack else _UNKNOWN
            entry = _lookup(out, line, table, key)
            if table is not None and table[0] != "local" and table[0] != "entry":
                _site(out, line, "key", key, table)
            stack.append(entry)
        elif op in ("BUILD_TUPLE", "BUILD_LIST", "BUILD_SET") and arg is not None:
            items = [stack.pop() if stack else _UNKNOWN for _ in range(arg)][::-1]
            ok = all(i is not None and i[0] in ("const", "global", "deref") for i in items)
            stack.append(("build", tuple(items)) if ok else _UNKNOWN)
        elif op == "CALL" and arg is not None:
            _call(stack, out, line, arg, 2)
        elif op == "CALL_METHOD" and arg is not None:
            _call(stack, out, line, arg, 2)
        elif op == "CALL_FUNCTION" and arg is not None:
            _call(stack, out, line, arg, 1)
        else:
            try:
                effect = dis.stack_effect(ins.opcode, arg, jump=False) if ins.opcode >= dis.HAVE_ARGUMENT else dis.stack_effect(ins.opcode)
            except (ValueError, TypeError):
                effect = 0
            if effect < 0:
                del stack[max(0, len(stack) + effect):]
            elif stack:
                stack[-1] = _UNKNOWN
            stack.extend([_UNKNOWN] * max(0, effect))
    return out


def _flipped(op: str) -> str:
    return {"<": ">", ">": "<", "<=": ">=", ">=": "<="}.get(op, op)


# By id(code), the code kept alive beside its sites: hashing a code object hashes its whole content,
# and sites() runs at every line event of code in scope.
_SITES: Dict[int, Tuple[CodeType, Sites]] = {}


def sites(code: CodeType) -> Sites:
    known = _SITES.get(id(code))
    if known is not None:
        return known[1]
    try:
        found = _scan(code)
    except Exception:  # noqa: B902 -- an instruction stream this reader does not know: no sites
        found = {}
    _SITES[id(code)] = (code, found)
    return found


def _module_codes(module: types.ModuleType) -> Iterator[CodeType]:
    """The code objects of a module's functions and of its classes' methods (not nested ones)."""
    for value in list(vars(module).values()):
        if isinstance(value, types.FunctionType):
            yield value.__code__
        elif isinstance(value, type) and getattr(value, "__module__", None) == module.__name__:
            for member in list(type.__dict__["__dict__"].__get__(value).values()):
                func: object = getattr(member, "__func__", member) if isinstance(member, _METHOD_WRAPPERS) else member
                if isinstance(func, types.FunctionType):
                    yield func.__code__


def prescan(scope: Scope, first: Iterable[CodeType], budget: float = PRESCAN_SECONDS) -> None:
    """Finds the sites of the code in scope ahead of time, in the warm worker: each call's child
    would otherwise read every code object it runs again (some 10 ms a call for a mid-sized
    package). `first`: the target's own code objects. Bounded by `budget` seconds."""
    prefix, file = scope
    deadline = time.perf_counter() + budget
    found: List[Tuple[bool, types.ModuleType]] = []
    for module in list(sys.modules.values()):
        name: object = getattr(module, "__file__", None)
        if isinstance(name, str) and (name == file or (prefix is not None and name.startswith(prefix))):
            found.append((name != file, module))  # the target's module first, then its package
    found.sort(key=lambda pair: pair[0])
    pending: List[Iterable[CodeType]] = [first] + [_module_codes(m) for _, m in found]
    for codes in pending:
        for top in codes:
            for code in code_objects(top):
                if time.perf_counter() > deadline:
                    return
                sites(code)


def scope_of(filename: str) -> Scope:
    """What counts as the target's code: its package's folder when its file is in a package
    (a folder with __init__.py), else the file alone. (prefix or None, file)."""
    folder = os.path.dirname(os.path.abspath(filename))
    root: Optional[str] = None
    while os.path.isfile(os.path.join(folder, "__init__.py")):
        root = folder
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return (root + os.sep if root else None), filename


# -- run time -------------------------------------------------------------------------------

_SCALARS = (str, int, float, bytes)


def _plain(v: object) -> Optional[Plain]:
    """A short str, int or float as JSON data, else None."""
    # `t is X` is an exact type test: each cast names the type it proved.
    t = type(v)
    if t is str:
        return cast(str, v) if len(cast(str, v)) <= MAX_TEXT else None
    if t is bytes:
        # Each byte one character (latin-1); the record says `bytes` (a magic number: b'bplist00').
        return cast(bytes, v).decode("latin-1") if len(cast(bytes, v)) <= MAX_TEXT else None
    if t is bool:
        return None
    if t is int:
        return cast(int, v) if abs(cast(int, v)) < 2 ** 53 else None
    if t is float:
        return cast(float, v) if math.isfinite(cast(float, v)) else None
    return None


def _members(v: object) -> Optional[List[Plain]]:
    """The short scalars in a plain container (dict keys), sorted when it is a small set."""
    # `t is X` / `t in (X, Y)` are exact type tests: each cast names the types they proved.
    t = type(v)
    items: List[object]
    if t is dict:
        items = []
        for k in cast("Dict[object, object]", v):
            if len(items) >= MAX_SCAN:
                break
            items.append(k)
    elif t in (list, tuple):
        items = list(cast("Sequence[object]", v)[:MAX_SCAN])
    elif t in (set, frozenset):
        items = []
        for k in cast("Set[object]", v):
            items.append(k)
            if len(items) > MAX_SCAN:
                break
        if len(items) <= MAX_SCAN:
            items.sort(key=lambda k: (type(k).__name__, repr(k) if type(k) in _SCALARS else ""))
    else:
        return None
    out: List[Plain] = []
    for k in items:
        p = _plain(k)
        if p is not None and p not in out:
            out.append(p)
        if len(out) >= MAX_VALUES:
            break
    return out


_MISSING = object()


def _attr(base: object, name: str) -> object:
    """An attribute read without running user code: of a module or a plain class only."""
    if type(base) is types.ModuleType:  # noqa: E721 -- exactly a module: a subclass could override its look-ups
        return base.__dict__.get(name, _MISSING)
    if type(base) is type:  # noqa: E721 -- exactly type: a metaclass could run code on a look-up
        for klass in base.__mro__:
            found: object = klass.__dict__.get(name, _MISSING)
            if found is not _MISSING:
                return found if type(found) not in (property, types.FunctionType, classmethod, staticmethod) else _MISSING
    return _MISSING


_PLAIN_DATA = (dict, list, tuple, set, frozenset, str, int, float)


def _held(owner: object, name: str) -> object:
    """An attribute an object holds, read without running user code (inspect.getattr_static: no
    property, __getattr__ or descriptor runs), and only when it is plain data (a dict, a list, a
    str...): a table of the object's class (`_methods = {'plain': ...}`) or of the instance."""
    if owner is _MISSING:
        return _MISSING
    try:
        found = inspect.getattr_static(owner, name, _MISSING)
    except Exception:  # noqa: B902 -- an object whose __dict__ cannot be read statically: nothing
        return _MISSING
    return found if type(found) in _PLAIN_DATA else _MISSING


def _value(expr: Expr, frame: FrameType, f_locals: Mapping[str, object]) -> object:
    """The value of a readable expression (see _readable; a build's items are const, global or deref)."""
    if expr[0] == "const":
        return expr[1]
    if expr[0] == "held":
        return _held(f_locals.get(expr[1], _MISSING), expr[2])
    if expr[0] == "local":
        return f_locals.get(expr[1], _MISSING)
    if expr[0] == "build":
        items = [_value(cast("Expr", e), frame, f_locals) for e in expr[1]]  # BUILD_* keeps only readable items
        return _MISSING if any(i is _MISSING for i in items) else tuple(items)
    named = cast("Named", expr)  # the readable kinds left: global and deref
    v: object
    if named[0] == "global":
        g = frame.f_globals
        v = g[named[1]] if type(g) is dict and named[1] in g else frame.f_builtins.get(named[1], _MISSING)
    else:
        v = f_locals.get(named[1], _MISSING)
    for name in named[2]:
        if v is _MISSING:
            break
        v = _attr(v, name)
    return v


def _type_names(v: object) -> List[str]:
    out: List[str] = []
    t: object
    for t in (cast("Tuple[object, ...]", v) if type(v) is tuple else (v,)):
        if type(t) is type:
            out.append(t.__name__ if t.__module__ == "builtins" else t.__qualname__)
    return out[:MAX_VALUES]


class Recorder:
    """Records the comparisons of one call. `arguments`: (label, value) of the call. `own`: the
    target's code object and how many of its leading parameters are not in `arguments` (a
    method's `self`, a classmethod's `cls`), so that a parameter it compares is known by name
    even when another argument holds an equal value (`npgettext(3, 7, 12, 3)` compares `n == 1`:
    by value alone that is `context`)."""

    def __init__(self, arguments: Iterable[Tuple[str, object]], scope: Scope, own: Optional[Tuple[CodeType, int]] = None) -> None:
        self.arguments = [(label, v) for label, v in arguments if label != "receiver"]
        self.own = own
        self.prefix, self.file = scope
        self.records: List[ComparisonRecord] = []
        self.seen: Set[str] = set()
        self.spent = 0.0
        self.active = True
        self._in_scope: Dict[int, Tuple[CodeType, bool]] = {}  # by id(code), as _SITES

    def wants(self, code: CodeType) -> bool:
        """Whether the code is in scope and compares anything: only then are its lines traced."""
        known = self._in_scope.get(id(code))
        if known is not None:
            return known[1]
        name = code.co_filename
        found = (name == self.file or (self.prefix is not None and name.startswith(self.prefix))) and bool(sites(code))
        self._in_scope[id(code)] = (code, found)
        return found

    def line(self, frame: FrameType, code: CodeType, line: int) -> bool:
        """The line event of an in-scope frame: evaluate its sites. True when it has some."""
        here = sites(code).get(line)
        if not here or not self.active:
            return bool(here)
        began = time.perf_counter()
        try:
            f_locals = frame.f_locals
            for op, inp, other in here:
                self._observe(op, inp, other, frame, f_locals)
        except Exception:  # noqa: B902 -- best effort: the call itself must not notice
            pass
        self.spent += time.perf_counter() - began
        if self.spent > TIME_CAP or len(self.records) >= MAX_RECORDS:
            self.active = False
        return True

    def _parameter(self, name: str, v: object, frame: FrameType) -> Optional[Relation]:
        """(label, "same", None) when `name` is a parameter of the target's own frame still holding its argument."""
        if self.own is None or frame.f_code is not self.own[0]:
            return None
        code, skip = self.own
        parameters = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        if name not in parameters:
            # The `**kwargs` dict itself (a new dict each call, so known by name only): label `kwargs`.
            rest = code.co_varnames[len(parameters):]
            varargs = 1 if code.co_flags & inspect.CO_VARARGS else 0
            if code.co_flags & inspect.CO_VARKEYWORDS and len(rest) > varargs and rest[varargs] == name:
                return "kwargs", "same", None
            return None
        index = parameters.index(name) - skip
        for label in ("kwargs." + name, "args[%d]" % index if 0 <= index < code.co_argcount - skip else ""):
            for known, arg in self.arguments:
                if known == label and arg is v:
                    return label, "same", None
        return None

    def _relation(self, v: object) -> Optional[Relation]:
        """(label, via, seen) of the argument the value came from, else None."""
        # `t is X` / `ta in (X, Y)` are exact type tests: each cast names the types they proved.
        t = type(v)
        simple = t in _SCALARS and t is not bool
        for label, arg in self.arguments:
            if v is arg or (simple and type(arg) is t and v == arg):
                return label, "same", None
        for label, arg in self.arguments:
            ta = type(arg)
            if t is str and ta is str and v and len(cast(str, arg)) <= 4096 and cast(str, v) in cast(str, arg):
                return label, "part", cast(str, v)
            if ta in (list, tuple) and len(cast("Sequence[object]", arg)) <= 64:
                for item in cast("Sequence[object]", arg):
                    if item is v or (simple and type(item) is t and item == v):
                        return label, "item", _plain(v)
        # A value a dict argument holds (`curve = jwk.get("crv")`, then `curve != "Ed25519"`): the
        # key it is held under. Not None: a dict holding None would relate every None.
        if v is not None:
            for label, arg in self.arguments:
                if type(arg) is dict and len(cast("Dict[object, object]", arg)) <= 64:
                    for k, item in cast("Dict[object, object]", arg).items():
                        held = _plain(k)
                        if held is not None and (item is v or (simple and type(item) is t and item == v)):
                            return label, "value", held
        # The code point of a character of a str argument (`ord(label[pos]) == 0x200C`): the
        # character is the piece compared, and the code points it met are characters too.
        if t is int and 0 <= cast(int, v) <= sys.maxunicode:
            char = chr(cast(int, v))
            for label, arg in self.arguments:
                if type(arg) is str and len(arg) <= 4096 and char in arg:
                    return label, "code point", char
        return None

    def _observe(self, op: str, inp: Input, other: Expr, frame: FrameType, f_locals: Mapping[str, object]) -> None:
        root = f_locals.get(inp[1], _MISSING)
        if root is _MISSING:
            return
        related = self._parameter(inp[1], root, frame) or self._relation(root)
        if related is None:
            return
        value = _value(other, frame, f_locals)
        if value is _MISSING or (other[0] == "local" and self._relation(value) is not None):
            return
        values = self._values(op, value)
        label, via, seen = related
        # What was compared is a value of the input mapping: read (statically) under a constant
        # key, or at run time found among a dict argument's values.
        key = _plain(inp[2]) if inp[0] == "entry" else seen if via == "value" else None
        # Only a dict is a mapping here (`text[0]` on a str argument is no key look-up).
        if inp[0] == "entry" or op == "get":
            if via != "same" or not issubclass(type(root), dict) or (inp[0] == "entry" and key is None):
                return
        if via == "code point":
            values = [chr(c) for c in values if type(c) is int and 0 <= c <= sys.maxunicode] if op in ("==", "!=", "in", "not in") else []
            via = "part"
        if not values:
            return
        record = cast("ComparisonRecord", {"arg": label, "op": op, ("types" if op == "isinstance" else "values"): values})
        if type(root) is bytes and op != "isinstance":
            record["bytes"] = True
        if key is not None:
            record["key"] = key
        elif via == "part" or via == "item":
            record["via"] = via
            if seen is not None:
                record["seen"] = seen
        through = inp[2] if inp[0] == "local" else None
        if through is not None:
            record["through"] = through
        key = repr(sorted(record.items()))
        if key in self.seen:
            return
        self.seen.add(key)
        self.records.append(record)

    @staticmethod
    def _values(op: str, value: object) -> Sequence[Plain]:
        if op == "isinstance":
            return _type_names(value)
        if op == "regex":
            pattern: object = cast("Union[re.Pattern[str], re.Pattern[bytes]]", value).pattern if type(value) is re.Pattern else value
            # A bytes pattern (base64's b'[^0-9A-F]') as text: the explorer writes bytes back from it.
            text = pattern.decode("latin-1") if type(pattern) is bytes else pattern
            return [text] if type(text) is str and len(text) <= MAX_PATTERN else []
        if op in ("in", "not in", "key"):
            if type(value) is str:  # x in "aeiou": the text's pieces are what matches
                return [value] if len(value) <= MAX_TEXT else []
            return _members(value) or []
        if op in ("startswith", "endswith") and type(value) is tuple:
            return _members(cast("Tuple[object, ...]", value)) or []
        p = _plain(value)
        return [] if p is None else [p]

    def report(self) -> "list[ComparisonRecord]":
        return list(self.records)
