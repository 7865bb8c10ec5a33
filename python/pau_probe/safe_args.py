"""The safe argument grammar of the probe worker.

The agent writes every argument of a probe call as Python source. `check` decides, from the
syntax tree alone, whether that source stays inside the grammar below; `evaluate` builds the
value by walking the tree itself. Nothing is ever handed to eval/exec: lambdas become real
Python functions whose bodies are interpreted by the same walker, with the same rules.

This is accident prevention for an LLM agent, not a security boundary: the values built here
flow into user code, which runs unrestricted inside the worker's sandboxed child.

Grammar (one expression; `ALLOWED` below is the summary shown to the agent):
- literals as in ast.literal_eval, plus f-strings without placeholders;
- names: lambda parameters, then the target module's classes (`names`), then the whitelist
  in `_VALUES` (pure builtins, datetime/decimal/fractions/collections constructors, str and
  bytes methods, math and operator functions, string constants, SimpleNamespace, re's
  match/fullmatch/search);
- dotted names rooted at a whitelisted name must be whitelisted as a whole (`math.sqrt`,
  `datetime.timezone.utc`); chains rooted at a module class are free (`Color.RED`);
- attributes of computed values only inside lambda bodies (`lambda p: p.x.y`);
- no attribute starting with `_`, anywhere, checked again at run time;
- calls of any allowed expression, with `*` / `**` splats; operators, comparisons, `and`/`or`,
  conditional expressions, subscripts and slices; `*` unpacking in list/tuple/set displays
  and `**` in dict displays; lambdas (all parameter kinds, defaults), nested.
Size limits are checked before an operator or a constructor runs (see `MAX_*`).

Stdlib only; CPython 3.9 to 3.13.
"""
from __future__ import annotations

import ast
import builtins
import collections
import collections.abc
import datetime
import dataclasses
import io
import decimal
import fractions
import inspect
import itertools
import math
import operator
import os
import re
import string
import types
import warnings

from pau_probe.checking import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Mapping, Optional, Set, Sized, Tuple, Type, Union

    # Lambda parameters in scope, by name.
    Scope = Dict[str, object]
    # A check run before a whitelisted callable: (its dotted name, positional arguments, which it
    # may replace, e.g. an iterator by the list it consumed, keyword arguments).
    Guard = Callable[[str, List[object], Dict[str, object]], None]
    # `what` in messages: text, or the syntax node (unparsed only on failure).
    What = Union[str, ast.AST]

__all__ = [
    'ALLOWED',
    'ArgumentRejected',
    'MAX_CHARS',
    'MAX_DEPTH',
    'MAX_INT_BITS',
    'MAX_ITEMS',
    'MAX_SOURCE_CHARS',
    'check',
    'evaluate',
    'use_scratch_folder',
]

MAX_SOURCE_CHARS = 100_000
# Syntax-tree levels; far below Python's recursion limit, so the walkers never hit it.
MAX_DEPTH = 100
# Characters of a str (bytes of bytes/bytearray) built by an operator or a constructor.
MAX_CHARS = 10_000_000
# Items of a list, tuple, set, dict, deque... built by an operator, a constructor or a splat.
MAX_ITEMS = 1_000_000
# Bits of an int (or of numerator + denominator of a Fraction): about 30,000 decimal digits.
MAX_INT_BITS = 100_000

ALLOWED = (
    "Allowed in an argument: one Python expression made of "
    "literals (1, -2.5, 3j, 'text', b'raw', True, None, ..., (1, 2), [1, 2], {'k': 1}, {1, 2}); "
    "set(), frozenset([1, 2]), float('nan'), float('inf'), Decimal('1.5'), Fraction(1, 3), "
    "datetime.date(2020, 1, 31), datetime.datetime(...), datetime.time(...), datetime.timedelta(days=1), "
    "datetime.timezone.utc, OrderedDict([(1, 2)]), defaultdict(list), Counter('abc'), deque([1, 2]), "
    "ChainMap(...), SimpleNamespace(x=1), range(3), bytearray(b'x'), complex(1, 2), "
    "io.StringIO('a file in memory'), io.BytesIO(b'raw'), "
    "re.match(r'(\\d+)-(\\d+)', '10-20') (also re.fullmatch, re.search), "
    "scratch_file('notes.txt', 'its text') (writes that file in the call's own folder and gives its name), "
    "sample_file('clip.wav') (a small valid file of the format its ending names: .wav, .zip, .tar, .tgz, .gz, .db; "
    "written in the call's own folder; its name, or with 'rb' the file opened), "
    "dataclass_record('abc', 3) (a small dataclass, fields name and count), "
    "exc_info(ValueError('bad')) (the (type, value, traceback) of that exception, raised and caught; "
    "traceback_of(ValueError('bad')) its traceback alone), "
    "ast_node('For') (a syntax-tree node of that ast class, parsed from a small sample module), "
    "ValueError('bad'), KeyError('k') (also Exception, TypeError, IndexError, RuntimeError, ZeroDivisionError), "
    "list/tuple/dict/set/str/int/float/bool/bytes(...); "
    "the target module's classes by name (Point(1, 2), Color.RED, Point.origin()); "
    "pure builtins and functions, called or passed as values (len, sorted, min, max, sum, map, filter, zip, "
    "print, str.upper, math.sqrt, math.pi, operator.add, operator.itemgetter('k')); "
    "operators (+ - * / // % ** == < in is and or not, a if c else b, x[i], x[a:b], *xs, **d); "
    "and lambdas over all of these, whose bodies may also use their parameters and attributes "
    "(lambda s: s.upper(), lambda p: p.x, lambda f, x: f(x)). "
    "Not allowed: any other name (open, eval, getattr, type, os, ...), attributes starting with _, "
    "comprehensions, :=, f-strings with {...}, statements, imports."
)


class ArgumentRejected(Exception):
    """str(e) is a message for the LLM agent: what was wrong, and what IS allowed.

    When building the value raised an ordinary exception (a constructor refused its
    arguments, `float('x')`, ...), that exception is `__cause__`.
    """


def check(source: str, names: Iterable[str]) -> None:
    """Pure AST validation of one argument's source, no evaluation, no user code. `names` = the
    class names defined in the target module that may be used. Raises ArgumentRejected."""
    _parse_and_check(source, frozenset(names))


def evaluate(source: str, namespace: Mapping[str, object]) -> object:
    """Build the value. Calls check() first. `namespace` = {class name: class object} of the target
    module. May run user code (constructors of those classes), so the worker calls it in the sandboxed child."""
    tree = _parse_and_check(source, frozenset(namespace))
    try:
        return _check_built(_Evaluator(namespace).eval(tree.body, {}), 'the argument', deep=True)
    except ArgumentRejected:
        raise
    except RecursionError as error:
        raise ArgumentRejected(f'building `{_shorten(source)}` recursed too deeply') from error
    except MemoryError as error:  # the worker builds arguments under a memory budget of their own
        raise ArgumentRejected(f'building `{_shorten(source)}` needs more memory than an argument may use') from error
    except Exception as error:  # a value error of the argument, not a failure of the probed function
        raise ArgumentRejected(
            f'building `{_shorten(source)}` raised {type(error).__name__}: {_shorten(_safe_str(error), 300)}'
        ) from error


# ---------------------------------------------------------------------------------------------
# The whitelist: dotted name -> object.

_BUILTIN_NAMES = (
    'abs', 'all', 'any', 'ascii', 'bin', 'bool', 'bytearray', 'bytes', 'callable', 'chr', 'complex',
    'dict', 'divmod', 'enumerate', 'filter', 'float', 'frozenset', 'hash', 'hex', 'int', 'isinstance',
    'issubclass', 'iter', 'len', 'list', 'map', 'max', 'min', 'next', 'oct', 'ord', 'pow', 'print',
    'range', 'repr', 'reversed', 'round', 'set', 'slice', 'sorted', 'str', 'sum', 'tuple', 'zip',
    'Ellipsis',
    # Exceptions, as values and instances, for functions that report or format one.
    'Exception', 'ValueError', 'TypeError', 'KeyError', 'IndexError', 'RuntimeError', 'ZeroDivisionError',
)
# Methods that read their receiver and build a new value; mutating ones (list.append...) are out.
_METHODS = {
    str: (
        'capitalize', 'casefold', 'count', 'encode', 'endswith', 'find', 'index', 'isalnum', 'isalpha',
        'isascii', 'isdecimal', 'isdigit', 'isidentifier', 'islower', 'isnumeric', 'isprintable',
        'isspace', 'istitle', 'isupper', 'join', 'lower', 'lstrip', 'partition', 'replace', 'rfind',
        'rindex', 'rpartition', 'rsplit', 'rstrip', 'split', 'splitlines', 'startswith', 'strip',
        'swapcase', 'title', 'upper', 'removeprefix', 'removesuffix',
    ),
    bytes: (
        'count', 'decode', 'endswith', 'find', 'fromhex', 'hex', 'isalnum', 'isalpha', 'isdigit',
        'islower', 'isspace', 'isupper', 'join', 'lower', 'lstrip', 'replace', 'rstrip', 'split',
        'startswith', 'strip', 'upper',
    ),
    int: ('bit_length', 'from_bytes'),
    float: ('fromhex', 'hex', 'is_integer'),
    dict: ('fromkeys', 'get', 'items', 'keys', 'values'),
    list: ('count', 'index'),
    tuple: ('count', 'index'),
    set: ('difference', 'intersection', 'isdisjoint', 'issubset', 'issuperset', 'symmetric_difference', 'union'),
    frozenset: ('difference', 'intersection', 'isdisjoint', 'issubset', 'issuperset', 'symmetric_difference', 'union'),
}
_MATH_NAMES = (
    'acos', 'acosh', 'asin', 'asinh', 'atan', 'atan2', 'atanh', 'cbrt', 'ceil', 'comb', 'copysign',
    'cos', 'cosh', 'degrees', 'dist', 'e', 'erf', 'erfc', 'exp', 'exp2', 'expm1', 'fabs', 'factorial',
    'floor', 'fmod', 'frexp', 'fsum', 'gamma', 'gcd', 'hypot', 'inf', 'isclose', 'isfinite', 'isinf',
    'isnan', 'isqrt', 'lcm', 'ldexp', 'lgamma', 'log', 'log10', 'log1p', 'log2', 'modf', 'nan',
    'nextafter', 'perm', 'pi', 'pow', 'radians', 'remainder', 'sin', 'sinh', 'sqrt', 'tan', 'tanh',
    'tau', 'trunc', 'ulp',
)
_OPERATOR_NAMES = (
    'abs', 'add', 'and_', 'attrgetter', 'concat', 'contains', 'countOf', 'eq', 'floordiv', 'ge',
    'getitem', 'gt', 'index', 'indexOf', 'invert', 'is_', 'is_not', 'itemgetter', 'le', 'lshift', 'lt',
    'matmul', 'methodcaller', 'mod', 'mul', 'ne', 'neg', 'not_', 'or_', 'pos', 'pow', 'rshift', 'sub',
    'truediv', 'truth', 'xor',
)
_STRING_NAMES = (
    'ascii_letters', 'ascii_lowercase', 'ascii_uppercase', 'digits', 'hexdigits', 'octdigits',
    'printable', 'punctuation', 'whitespace',
)
_DATETIME_CLASSES = ('date', 'datetime', 'time', 'timedelta', 'timezone')
# Class attributes that are constants or pure constructors (no now()/today(): not replayable).
_DATETIME_MEMBERS = ('combine', 'fromisocalendar', 'fromisoformat', 'fromordinal', 'max', 'min', 'resolution', 'utc')
_COLLECTIONS = ('ChainMap', 'Counter', 'OrderedDict', 'defaultdict', 'deque')


def _build_values() -> Dict[str, object]:
    values: Dict[str, object] = {}
    for name in _BUILTIN_NAMES:
        values[name] = getattr(builtins, name)
    owner: type
    for owner, methods in _METHODS.items():
        for name in methods:
            if hasattr(owner, name):  # removeprefix and friends vary by version
                values[f'{owner.__name__}.{name}'] = getattr(owner, name)
    for module, names in ((math, _MATH_NAMES), (operator, _OPERATOR_NAMES), (string, _STRING_NAMES)):
        for name in names:
            if hasattr(module, name):
                values[f'{module.__name__}.{name}'] = getattr(module, name)
    # `datetime` alone is the class (as after `from datetime import datetime`); `datetime.date`
    # is the module's class. The two never clash because no member in the list is a class name.
    for name in _DATETIME_CLASSES:
        cls: type = getattr(datetime, name)
        for prefix in (name, f'datetime.{name}'):
            values[prefix] = cls
            for member in _DATETIME_MEMBERS:
                if hasattr(cls, member):
                    values[f'{prefix}.{member}'] = getattr(cls, member)
    values['datetime.MINYEAR'] = datetime.MINYEAR
    values['datetime.MAXYEAR'] = datetime.MAXYEAR
    for name in _COLLECTIONS:
        values[name] = values[f'collections.{name}'] = getattr(collections, name)
    values['Decimal'] = values['decimal.Decimal'] = decimal.Decimal
    values['Fraction'] = values['fractions.Fraction'] = fractions.Fraction
    values['SimpleNamespace'] = values['types.SimpleNamespace'] = types.SimpleNamespace
    # Files in memory, for functions that read or write a file object (json.load, csv.reader).
    values['io.StringIO'] = io.StringIO
    values['io.BytesIO'] = io.BytesIO
    # A match object, for functions handed one (a callback of re.sub takes the match): the
    # matching functions are pure; a pattern that backtracks long is the call's timeout's to stop.
    for name in ('match', 'fullmatch', 'search'):
        values[f're.{name}'] = getattr(re, name)
    # operator's own getters look attributes up in C, past the checks every other attribute
    # access gets (a generator's gi_frame.f_builtins is the real builtins): these go through them.
    values['operator.attrgetter'] = _safe_attrgetter
    values['operator.methodcaller'] = _safe_methodcaller
    return values


def _attribute_path(obj: object, path: str) -> object:
    for part in path.split('.'):
        obj = _safe_getattr(obj, part)
    return obj


def _safe_attrgetter(*paths: object) -> Callable[[object], object]:
    """operator.attrgetter, every step checked like `.name` in a source."""
    if not paths or not all(isinstance(p, str) for p in paths):
        raise TypeError('attrgetter needs attribute names (strings)')

    names = cast("Tuple[str, ...]", paths)  # all str, checked above

    # Type comments, not annotations, on functions handed to user code: they keep no
    # __annotations__, as before (user code may read them, e.g. functools.singledispatch).
    def attrgetter(obj):  # type: (object) -> object  # pyright: ignore[reportTypeCommentUsage]
        found = tuple(_attribute_path(obj, p) for p in names)
        return found[0] if len(found) == 1 else found

    return attrgetter


def _safe_methodcaller(name: object, *args: object, **kwargs: object) -> Callable[[object], object]:
    """operator.methodcaller, the method looked up like `.name` in a source."""
    if not isinstance(name, str):
        raise TypeError('methodcaller needs a method name (a string)')

    method_name = name

    def methodcaller(obj):  # type: (object) -> object  # pyright: ignore[reportTypeCommentUsage]
        method = cast("Callable[..., object]", _safe_getattr(obj, method_name))  # not callable: the call raises TypeError
        return method(*args, **kwargs)

    return methodcaller


# The folder scratch_file writes into: the call's own, set by the call process before it builds
# the arguments; None elsewhere, where scratch_file refuses.
_scratch: Dict[str, Optional[str]] = {'folder': None}
_SCRATCH_NAME = re.compile(r'[A-Za-z0-9][A-Za-z0-9_.-]{0,63}\Z')


def use_scratch_folder(folder: Optional[str]) -> None:
    """Where scratch_file writes from now on (the call's folder; None: nowhere)."""
    _scratch['folder'] = folder


def _scratch_path(callee, name):  # type: (str, object) -> str  # pyright: ignore[reportTypeCommentUsage]
    """Where a file named `name` goes in the call's own folder; ArgumentRejected outside a call
    or for anything but a plain file name (no folder, no `..`, no leading dot)."""
    folder = _scratch['folder']
    if folder is None:
        raise ArgumentRejected('%s writes only inside a call\'s own folder' % callee)
    if not isinstance(name, str) or not _SCRATCH_NAME.match(name) or '..' in name:
        raise ArgumentRejected('%s takes a plain file name of letters, digits, _ . - (no folder), e.g. \'notes.txt\'' % callee)
    return os.path.join(folder, name)


def _scratch_file(name, content=''):  # type: (object, object) -> str  # pyright: ignore[reportTypeCommentUsage]
    """A file for a function that takes a file name (shlex.sourcehook, a config class): written
    in the call's own folder, which the call runs in, and its name returned. Only a plain file
    name (no folder, no `..`, no leading dot) and text or bytes."""
    path = _scratch_path('scratch_file', name)
    if not isinstance(content, (str, bytes)):
        raise ArgumentRejected('scratch_file writes text or bytes, not %s' % type(content).__name__)
    if len(content) > MAX_CHARS:
        raise ArgumentRejected('scratch_file writes at most %d characters' % MAX_CHARS)
    if isinstance(content, bytes):
        with open(path, 'wb') as raw:
            raw.write(content)
    else:
        with open(path, 'w', encoding='utf-8', newline='') as text:
            text.write(content)
    return cast(str, name)


_SAMPLE_TEXT = 'first line\nsecond line\n'


def _write_wav(path):  # type: (str) -> None  # pyright: ignore[reportTypeCommentUsage]
    import wave  # imported when asked for: most calls never write one

    with wave.open(path, 'wb') as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(8000)
        out.writeframes(bytes(range(16)))  # 8 frames of 16-bit mono


def _write_zip(path):  # type: (str) -> None  # pyright: ignore[reportTypeCommentUsage]
    import zipfile

    with zipfile.ZipFile(path, 'w') as out:
        out.writestr(zipfile.ZipInfo('notes.txt', (2000, 1, 1, 0, 0, 0)), _SAMPLE_TEXT)
        out.writestr(zipfile.ZipInfo('docs/readme.md', (2000, 1, 1, 0, 0, 0)), '# readme\n')


def _tar_bytes():  # type: () -> bytes  # pyright: ignore[reportTypeCommentUsage]
    import tarfile

    packed = io.BytesIO()
    with tarfile.open(fileobj=packed, mode='w') as out:
        data = _SAMPLE_TEXT.encode('utf-8')
        member = tarfile.TarInfo('notes.txt')
        member.size = len(data)
        member.mtime = 946684800  # a fixed stamp: the same file in every call
        out.addfile(member, io.BytesIO(data))
    return packed.getvalue()


def _gzipped(path, data):  # type: (str, bytes) -> None  # pyright: ignore[reportTypeCommentUsage]
    import gzip

    # mtime 0 and no name in the header: the same bytes in every call.
    with open(path, 'wb') as raw, gzip.GzipFile(filename='', mode='wb', fileobj=raw, mtime=0) as out:
        out.write(data)


def _write_plain_tar(path):  # type: (str) -> None  # pyright: ignore[reportTypeCommentUsage]
    with open(path, 'wb') as raw:
        raw.write(_tar_bytes())


def _write_tar_gz(path):  # type: (str) -> None  # pyright: ignore[reportTypeCommentUsage]
    _gzipped(path, _tar_bytes())


def _write_gzip(path):  # type: (str) -> None  # pyright: ignore[reportTypeCommentUsage]
    _gzipped(path, _SAMPLE_TEXT.encode('utf-8'))


def _write_sqlite(path):  # type: (str) -> None  # pyright: ignore[reportTypeCommentUsage]
    import sqlite3

    db = sqlite3.connect(path)
    try:
        db.execute('DROP TABLE IF EXISTS items')  # a second run builds it again in the same folder
        db.execute('CREATE TABLE items (name TEXT, count INTEGER)')
        db.executemany('INSERT INTO items VALUES (?, ?)', [('alpha', 1), ('beta', 2)])
        db.commit()
    finally:
        db.close()


# What sample_file writes, by the name's ending (compound endings first): a small valid file of
# that format, made by the standard library's own writer of it, the same bytes in every call.
_SAMPLE_WRITERS = (
    ('.tar.gz', _write_tar_gz),
    ('.tgz', _write_tar_gz),
    ('.tar', _write_plain_tar),
    ('.wav', _write_wav),
    ('.zip', _write_zip),
    ('.gz', _write_gzip),
    ('.sqlite', _write_sqlite),
    ('.db', _write_sqlite),
)


def _sample_file(name, mode=''):  # type: (object, object) -> object  # pyright: ignore[reportTypeCommentUsage]
    """A small valid file of a binary format, for a class or function that reads one (wave's
    Wave_read, ZipFile, TarFile, GzipFile, a sqlite database): written in the call's own folder
    by the standard library, the format named by the name's ending. Its name is given, or with
    mode 'rb' the file opened for reading (for a parameter that takes a file object)."""
    path = _scratch_path('sample_file', name)
    lowered = cast(str, name).lower()
    writer = next((write for end, write in _SAMPLE_WRITERS if lowered.endswith(end)), None)
    if writer is None:
        raise ArgumentRejected('sample_file writes a file ending in %s' % ', '.join(end for end, _ in _SAMPLE_WRITERS))
    if mode not in ('', 'rb'):
        raise ArgumentRejected('sample_file gives the name, or with \'rb\' the file opened for reading')
    writer(path)
    return open(path, 'rb') if mode == 'rb' else name


@dataclasses.dataclass
class DataRecord:
    """A small dataclass, for functions that take any dataclass instance (dataclasses.replace,
    asdict): `dataclass_record('abc', 3)` in an argument. Made when this module is imported, as
    a dataclass's methods are compiled then: building one in a call compiles nothing."""

    name: object = 'abc'
    count: object = 3


# Where exc_info's exception is raised and caught: a function of its own, compiled from this text
# under a file name of its own, so that its traceback's frame is that function's. Raised here, the
# frame was this module's: dis.distb(traceback_of(…)) wrote the worker's own code, by its line
# numbers in this file, into what the call printed.
_RAISER_SOURCE = """def exc_info(exception):
    try:
        raise exception
    except BaseException as caught:
        return type(caught), caught, caught.__traceback__
"""


def _raiser() -> Callable[[BaseException], Tuple[type, BaseException, object]]:
    module = compile(_RAISER_SOURCE, "<exc_info>", "exec")
    code = next(c for c in module.co_consts if isinstance(c, types.CodeType))
    return cast("Callable[[BaseException], Tuple[type, BaseException, object]]", types.FunctionType(code, {"__name__": "exc_info", "__builtins__": builtins}))


_raise_and_catch = _raiser()


def _exc_info(exception):  # type: (object) -> Tuple[type, BaseException, object]  # pyright: ignore[reportTypeCommentUsage]
    """(type, value, traceback) of `exception`, as sys.exc_info() gives them in an except block,
    for functions that format or wrap one (traceback.print_exception, an ExceptionInfo class).
    The traceback is real: the exception is raised and caught (_RAISER_SOURCE). Its frames are
    opaque to the grammar (_OPAQUE_TYPES)."""
    if not isinstance(exception, BaseException):
        raise ArgumentRejected('exc_info takes an exception instance, e.g. exc_info(ValueError(\'bad\'))')
    return _raise_and_catch(exception)


def _traceback_of(exception):  # type: (object) -> object  # pyright: ignore[reportTypeCommentUsage]
    """The traceback of `exception` raised and caught (exc_info's third item), for a `tb` parameter."""
    return _exc_info(exception)[2]


# A small module with one node of most ast classes, for visitors' methods (visit_For, visitAsyncFor).
_AST_SAMPLE = '''
import os
from os import path as p
x: int = 1
y = [a + b * 2 for a, b in zip(x, y) if a > b and not b]
z = {k: v for k, v in d.items()} or {1, 2} or {v for v in s}
w = (i for i in range(3))
t = lambda q, *r, **s: q[1:2] if q else -q
del x
assert y, 'message'
global_name = f'{x!r:>10}'
class C(Base, metaclass=Meta):
    attr = 1
    @decorator
    def method(self, a, b=2, *args, c, **kw):
        global g
        nonlocal_user = None
        for i in range(a):
            if i % 2:
                continue
            elif i:
                break
            else:
                pass
        else:
            pass
        while b < 10:
            b += 1
        try:
            raise ValueError(a) from None
        except (TypeError, ValueError) as error:
            print(error)
        finally:
            pass
        with open(a) as f, open(b):
            return f.read()
    async def run(self, items):
        async for item in items:
            await item
        async with self.lock as held:
            yield held
        yield from items
def outer():
    count = 0
    def inner():
        nonlocal count
        count += 1
    return inner
'''


def _ast_node(class_name):  # type: (object) -> object  # pyright: ignore[reportTypeCommentUsage]
    """The first node of ast class `class_name` in _AST_SAMPLE, parsed afresh (a visitor may change it)."""
    cls = getattr(ast, class_name, None) if isinstance(class_name, str) and not class_name.startswith('_') else None
    if not (isinstance(cls, type) and issubclass(cls, ast.AST)):
        raise ArgumentRejected('ast_node takes the name of an ast node class, e.g. ast_node(\'For\')')
    for node in ast.walk(ast.parse(_AST_SAMPLE)):
        if isinstance(node, cls):
            return node
    raise ArgumentRejected('ast_node has no %s node in its sample module' % class_name)


_VALUES = _build_values()
_VALUES['scratch_file'] = _scratch_file
_VALUES['sample_file'] = _sample_file
_VALUES['dataclass_record'] = DataRecord
_VALUES['exc_info'] = _exc_info
_VALUES['traceback_of'] = _traceback_of
_VALUES['ast_node'] = _ast_node
# Names that are only the first part of a dotted name, never values themselves.
_MODULES = frozenset(path.split('.')[0] for path in _VALUES if '.' in path) - frozenset(_VALUES)

_NAME_HINTS = {
    'namedtuple': 'namedtuple makes a new class; pass a tuple, or SimpleNamespace(x=1, y=2) for attributes',
    'Enum': 'enums cannot be made here; use a member of the target module\'s enum, e.g. Color.RED',
    'lambda': 'write a lambda expression, e.g. lambda x: x + 1',
}


# ---------------------------------------------------------------------------------------------
# Parsing and the static check.

def _parse_and_check(source: object, names: FrozenSet[str]) -> ast.Expression:
    if not isinstance(source, str):
        raise ArgumentRejected(f'an argument must be Python source text, not {type(source).__name__}')
    if len(source) > MAX_SOURCE_CHARS:
        raise ArgumentRejected(f'the argument is {len(source)} characters long; the limit is {MAX_SOURCE_CHARS}')
    if not source.strip():
        raise ArgumentRejected(f'the argument is empty; write one Python expression, e.g. 1 or \'text\'. {ALLOWED}')
    tree = _parse(source, 'eval')
    if isinstance(tree, SyntaxError):
        raise ArgumentRejected(_explain_syntax_error(source, tree))
    expression = cast(ast.Expression, tree)  # what mode 'eval' parses to
    _Checker(names).check(expression.body, frozenset(), False, 0)
    return expression


def _parse(source: str, mode: str) -> Union[ast.AST, SyntaxError]:
    """ast.parse, with the parser's own limits turned into a SyntaxError value."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')  # SyntaxWarnings (invalid escapes...) are not ours to print
            return ast.parse(source, mode=mode)
    except SyntaxError as error:
        return error
    except (MemoryError, RecursionError):  # the parser's stack and ast-construction limits
        return SyntaxError('too many nested parentheses')
    except ValueError as error:  # null bytes, before 3.12
        return SyntaxError(str(error))


def _explain_syntax_error(source: str, error: SyntaxError) -> str:
    if 'too many nested parentheses' in str(error.msg):
        return f'the argument is nested more than {MAX_DEPTH} levels deep'
    statements = _parse(source, 'exec')
    if isinstance(statements, ast.Module):
        body = statements.body
        if len(body) > 1:
            return f'an argument must be one expression, not {len(body)} statements. {ALLOWED}'
        if body:
            kind = _STATEMENT_NAMES.get(type(body[0]).__name__, 'a statement')
            return f'an argument must be one expression, not {kind}. {ALLOWED}'
    where = f' at column {error.offset}' if error.offset else ''
    return f'the argument is not a valid Python expression ({error.msg}{where}). {ALLOWED}'


_STATEMENT_NAMES = {
    'Import': 'an import', 'ImportFrom': 'an import', 'Assign': 'an assignment (=)',
    'AugAssign': 'an assignment', 'AnnAssign': 'an assignment', 'FunctionDef': 'a def',
    'AsyncFunctionDef': 'a def', 'ClassDef': 'a class statement', 'Delete': 'a del statement',
    'For': 'a for loop', 'While': 'a while loop', 'If': 'an if statement', 'With': 'a with statement',
    'Try': 'a try statement', 'Raise': 'a raise statement', 'Return': 'a return statement',
    'Global': 'a global statement', 'Nonlocal': 'a nonlocal statement', 'Assert': 'an assert statement',
    'Pass': 'a pass statement',
}

_REFUSED_NODES = {
    'ListComp': 'list comprehensions are not allowed in arguments; write the items out, e.g. [1, 2, 3], '
                'or use list(range(3)) or list(map(lambda x: x * 2, [1, 2, 3]))',
    'SetComp': 'set comprehensions are not allowed in arguments; write the items out, e.g. {1, 2, 3}, '
               'or use set(range(3))',
    'DictComp': 'dict comprehensions are not allowed in arguments; write the items out, e.g. {\'a\': 1}, '
                'or use dict(zip(keys, values))',
    'GeneratorExp': 'generator expressions are not allowed in arguments; use map(f, xs), filter(f, xs), '
                    'range(n) or write a list out',
    'NamedExpr': 'assignment expressions (:=) are not allowed in arguments',
    'Await': '`await` is not allowed in arguments',
    'Yield': '`yield` is not allowed in arguments',
    'YieldFrom': '`yield from` is not allowed in arguments',
}

_FORMAT_METHODS = ('format', 'format_map')  # '{0.__class__}'.format(x) reads any attribute


def _dotted_path(node: ast.expr) -> Optional[List[str]]:
    """['a', 'b', 'c'] for `a.b.c`, None when the chain does not start at a plain name."""
    parts: List[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    parts.reverse()
    return parts


def _shorten(text: str, limit: int = 80) -> str:
    text = ' '.join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + '…'


def _snippet(node: ast.AST) -> str:
    try:
        return _shorten(ast.unparse(node))
    except Exception:  # unparse is best effort for messages only
        return type(node).__name__


def _safe_str(value: object) -> str:
    try:
        return str(value)
    except Exception:
        return f'<{type(value).__name__} whose str() failed>'


def _members(root: str) -> str:
    """'sqrt, tan, ...': the whitelisted names directly under `root`, for messages."""
    return ', '.join(sorted(p.split('.')[1] for p in _VALUES if p.startswith(root + '.') and p.count('.') == 1))


def _refuse(problem: str) -> ArgumentRejected:
    return ArgumentRejected(f'{problem}. {ALLOWED}')


def _refuse_private(name: str, where: str) -> ArgumentRejected:
    return _refuse(
        f'attribute `.{name}` (in `{where}`) is not allowed: attributes starting with _ are private or special'
    )


class _Checker:
    """Walks the tree without evaluating anything. `params` are the lambda parameters in scope."""

    def __init__(self, names: FrozenSet[str]) -> None:
        self.names = names

    def check(self, node: ast.AST, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        if depth > MAX_DEPTH:
            raise ArgumentRejected(f'the argument is nested more than {MAX_DEPTH} levels deep')
        kind = type(node).__name__
        if kind in _REFUSED_NODES:
            raise _refuse(f'{_REFUSED_NODES[kind]} (in `{_snippet(node)}`)')
        method: Optional[Callable[[ast.AST, FrozenSet[str], bool, int], None]] = getattr(self, f'_{kind}', None)
        if method is None:
            raise _refuse(f'`{_snippet(node)}` ({kind}) is not allowed in arguments')
        method(node, params, in_lambda, depth + 1)

    def _all(self, nodes: Iterable[Optional[ast.AST]], params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        for child in nodes:
            if child is not None:
                self.check(child, params, in_lambda, depth)

    def _Constant(self, node: ast.Constant, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        pass

    def _JoinedStr(self, node: ast.JoinedStr, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        if not all(isinstance(part, ast.Constant) for part in node.values):
            raise _refuse(
                f'f-strings with {{...}} placeholders are not allowed (in `{_snippet(node)}`); '
                "build the text with + and str(...), e.g. 'n=' + str(3)"
            )

    def _Name(self, node: ast.Name, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        name = node.id
        if name in params or name in self.names or name in _VALUES:
            return
        if name in _MODULES:
            raise _refuse(f'`{name}` is a module and cannot be used by itself; its allowed members: {_members(name)}')
        hint = _NAME_HINTS.get(name)
        classes = f"; the target module's classes are: {', '.join(sorted(self.names))}" if self.names else ''
        raise _refuse(f'`{name}` is not an allowed name' + (f' ({hint})' if hint else '') + classes)

    def _Attribute(self, node: ast.Attribute, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        path = _dotted_path(node)
        if path is not None and path[0] not in params and path[0] not in self.names:
            self._whitelisted_path(path, params, in_lambda, depth)
            return
        self.check(node.value, params, in_lambda, depth)
        if node.attr.startswith('_'):
            raise _refuse_private(node.attr, _snippet(node))
        if node.attr in _FORMAT_METHODS and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            raise _refuse(f'str.{node.attr} is not allowed (in `{_snippet(node)}`); use + and str(...)')
        if not in_lambda and path is None:
            raise _refuse(
                f'attribute `.{node.attr}` of a computed value (in `{_snippet(node)}`) is only allowed inside a '
                'lambda body, e.g. lambda p: p.x; at the top level, attributes are allowed on the names listed '
                "below (math.pi, datetime.date) and on the target module's classes (Color.RED)"
            )

    def _whitelisted_path(self, path: List[str], params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        """`a.b.c` rooted at a whitelisted name or a module: the whole path must be whitelisted."""
        dotted = '.'.join(path)
        if dotted in _VALUES:
            return
        for name in path[1:]:
            if name.startswith('_'):
                raise _refuse_private(name, dotted)
        root = path[0]
        if root not in _VALUES and root not in _MODULES:
            self._Name(ast.Name(id=root), params, in_lambda, depth)  # raises: unknown root name
        members = _members(root)
        offer = f'; allowed members of {root}: {members}' if members else ''
        raise _refuse(f'`{dotted}` is not an allowed name{offer}')

    def _Call(self, node: ast.Call, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self.check(node.func, params, in_lambda, depth)
        for arg in node.args:
            self.check(arg.value if isinstance(arg, ast.Starred) else arg, params, in_lambda, depth)
        for keyword in node.keywords:
            if keyword.arg is None and isinstance(keyword.value, (ast.List, ast.Tuple, ast.Set, ast.Constant, ast.JoinedStr)):
                raise _refuse(f'`**{_snippet(keyword.value)}` needs a dict, e.g. **{{\'x\': 1}}')
            self.check(keyword.value, params, in_lambda, depth)

    def _Lambda(self, node: ast.Lambda, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        arguments = node.args
        self._all(arguments.defaults, params, in_lambda, depth)
        self._all(arguments.kw_defaults, params, in_lambda, depth)
        own = [a.arg for a in arguments.posonlyargs + arguments.args + arguments.kwonlyargs]
        own += [a.arg for a in (arguments.vararg, arguments.kwarg) if a is not None]
        self.check(node.body, params | frozenset(own), True, depth)

    def _displayed(self, node: Union[ast.Tuple, ast.List, ast.Set], params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        for element in node.elts:
            self.check(element.value if isinstance(element, ast.Starred) else element, params, in_lambda, depth)

    _Tuple = _List = _Set = _displayed

    def _Dict(self, node: ast.Dict, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self._all(node.keys, params, in_lambda, depth)  # a None key is a ** splat
        self._all(node.values, params, in_lambda, depth)

    def _BinOp(self, node: ast.BinOp, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self._all((node.left, node.right), params, in_lambda, depth)

    def _UnaryOp(self, node: ast.UnaryOp, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self.check(node.operand, params, in_lambda, depth)

    def _BoolOp(self, node: ast.BoolOp, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self._all(node.values, params, in_lambda, depth)

    def _Compare(self, node: ast.Compare, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self._all([node.left] + node.comparators, params, in_lambda, depth)

    def _IfExp(self, node: ast.IfExp, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self._all((node.test, node.body, node.orelse), params, in_lambda, depth)

    def _Subscript(self, node: ast.Subscript, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self._all((node.value, node.slice), params, in_lambda, depth)

    def _Slice(self, node: ast.Slice, params: FrozenSet[str], in_lambda: bool, depth: int) -> None:
        self._all((node.lower, node.upper, node.step), params, in_lambda, depth)


# ---------------------------------------------------------------------------------------------
# Run-time limits: checked before an operator or a constructor builds something huge.

# Annotated as sized types, so that isinstance() narrows what len() may be asked of.
_TEXT_TYPES: Tuple[Type[Sized], ...] = (str, bytes, bytearray)
_SEQUENCE_TYPES: Tuple[Type[Sized], ...] = (str, bytes, bytearray, list, tuple, collections.deque)
# Already in memory: passing one to a constructor cannot make anything much bigger.
_MATERIALIZED: Tuple[type, ...] = (str, bytes, bytearray, list, tuple, dict, set, frozenset, collections.deque)
# Attributes of these objects reach interpreter internals (f_globals, gi_frame, tb_frame, ...).
_OPAQUE_TYPES: Tuple[type, ...] = (
    types.ModuleType, types.FrameType, types.CodeType, types.TracebackType,
    types.GeneratorType, types.CoroutineType, types.AsyncGeneratorType,
)
_BITS_PER_DIGIT = math.log2(10)


def _describe(what: What) -> str:
    """`what` names the operation in messages: text, or the syntax node (unparsed only on failure)."""
    return f'`{_snippet(what)}`' if isinstance(what, ast.AST) else what


def _too_big(what: What, size: int, limit: int, unit: str) -> ArgumentRejected:
    return ArgumentRejected(f'{_describe(what)} would make {size:,} {unit}; the limit is {limit:,} {unit}')


def _sequence_limit(sequence: object) -> Tuple[int, str]:
    return (MAX_CHARS, 'characters') if isinstance(sequence, _TEXT_TYPES) else (MAX_ITEMS, 'items')


def _number_bits(value: object) -> Optional[int]:
    if isinstance(value, int):
        return value.bit_length()
    if isinstance(value, fractions.Fraction):
        return value.numerator.bit_length() + value.denominator.bit_length()
    return None


def _check_int_bits(what: What, bits: float) -> None:
    if bits > MAX_INT_BITS:
        raise _too_big(what, int(bits), MAX_INT_BITS, 'bits')


def _check_binop(op: Type[ast.operator], left: object, right: object, what: What) -> None:
    """Refuses `op(left, right)` when its result would exceed the limits; cheap, before computing."""
    if op is ast.Mult:
        for sequence, count in ((left, right), (right, left)):
            if isinstance(sequence, _SEQUENCE_TYPES) and isinstance(count, int):
                limit, unit = _sequence_limit(sequence)
                if len(sequence) * count > limit:
                    raise _too_big(what, len(sequence) * count, limit, unit)
    if op is ast.Add and isinstance(left, _SEQUENCE_TYPES) and isinstance(right, _SEQUENCE_TYPES):
        limit, unit = _sequence_limit(left)
        if len(left) + len(right) > limit:
            raise _too_big(what, len(left) + len(right), limit, unit)
    if op is ast.Pow:
        _check_power(left, right, what)
    elif op is ast.LShift and isinstance(left, int) and isinstance(right, int) and left and right > 0:
        _check_int_bits(what, left.bit_length() + right)
    elif op is ast.Mod and isinstance(left, _TEXT_TYPES):
        raise ArgumentRejected(f'{_describe(what)}: %-formatting of text is not allowed; use + and str(...)')
    elif op in (ast.Mult, ast.Div, ast.FloorDiv, ast.Add, ast.Sub, ast.Mod):
        bits = (_number_bits(left), _number_bits(right))
        # ints only grow under *; Fractions grow under every arithmetic operator.
        grows = op is ast.Mult or isinstance(left, fractions.Fraction) or isinstance(right, fractions.Fraction)
        if grows and bits[0] is not None and bits[1] is not None:
            _check_int_bits(what, bits[0] + bits[1])


def _check_power(base: object, exponent: object, what: What) -> None:
    if not isinstance(exponent, int) or not isinstance(base, (int, fractions.Fraction)):
        return  # floats overflow with an error, Decimals round to their context's precision
    if isinstance(base, int) and exponent < 0:
        return  # a float
    magnitude = max(abs(base.numerator), base.denominator)
    if magnitude > 1:
        _check_int_bits(what, abs(exponent) * math.log2(magnitude))


def _check_decimal_to_int(value: object, what: What) -> None:
    """int(Decimal('1e999999999')) computes 10**999999999: refuse huge exponents first."""
    if isinstance(value, decimal.Decimal) and value.is_finite():
        exponent = value.as_tuple().exponent
        assert isinstance(exponent, int)  # finite Decimals have an int exponent ('n', 'N', 'F' are NaN and infinity)
        digits = len(value.as_tuple().digits) + abs(exponent)
        _check_int_bits(what, digits * _BITS_PER_DIGIT)


_FRACTION_EXPONENT = re.compile(r'[eE]\s*([-+]?\d+)')


# Built-in types whose size is read without running any code of the value's own.
_SIZED_TYPES: Tuple[Type[Sized], ...] = (
    list, tuple, dict, set, frozenset, collections.deque, collections.OrderedDict, collections.Counter, collections.defaultdict,
)


def _built_size(value: object) -> Optional[Tuple[int, int, str]]:
    """(size, limit, unit) of a built-in value, or None for any other (a class of the target
    module could run code when asked its size)."""
    # `cls in ...` is an exact type test: the casts name the sized types it proved.
    cls = type(value)
    if cls in _TEXT_TYPES:
        return len(cast("Sized", value)), MAX_CHARS, 'characters'
    if cls is int or cls is fractions.Fraction:
        return _number_bits(value) or 0, MAX_INT_BITS, 'bits'
    if cls in _SIZED_TYPES:
        return len(cast("Sized", value)), MAX_ITEMS, 'items'
    return None


def _check_built(value: object, what: What, deep: bool = False) -> object:
    """Refuses a value that is over the limits once built, whatever built it (a method such as
    str.join or a constructor such as int.from_bytes is not sized up front). `deep`: the items
    of built-in containers too (each object once, MAX_ITEMS of them at most)."""
    stack: List[object] = [value]
    seen: Set[int] = set()
    while stack:
        item = stack.pop()
        size = _built_size(item)
        if size is not None and size[0] > size[1]:
            raise _too_big(what, size[0], size[1], size[2])
        if not deep or type(item) not in _SIZED_TYPES or id(item) in seen:
            continue
        seen.add(id(item))
        if len(seen) > MAX_ITEMS:
            raise _too_big(what, len(seen), MAX_ITEMS, 'containers')
        # One of _SIZED_TYPES (exact type, checked above): a dict's keys and values, else its items.
        items = itertools.chain.from_iterable(cast("Dict[object, object]", item).items()) if isinstance(item, dict) else cast("Iterable[object]", item)
        stack.extend(items)
    return value


def _bounded_items(value: object, what: What) -> List[object]:
    """The items of an iterable as a list, refusing more than MAX_ITEMS (and infinite iterators)."""
    items = list(itertools.islice(iter(cast("Iterable[object]", value)), MAX_ITEMS + 1))  # or iter() raises TypeError
    if len(items) > MAX_ITEMS:
        raise ArgumentRejected(f'{what} has more than {MAX_ITEMS:,} items; the limit is {MAX_ITEMS:,}')
    return items


def _bounded_iterable(value: object, what: What) -> object:
    """`value` itself when it is already in memory, else its items, bounded."""
    if isinstance(value, range):
        try:
            size = len(value)
        except OverflowError:
            size = MAX_ITEMS + 1
        if size > MAX_ITEMS:
            raise _too_big(what, size, MAX_ITEMS, 'items')
        return value
    if _in_memory(value):
        return value
    try:
        iter(cast("Iterable[object]", value))  # or raises TypeError
    except TypeError:
        return value  # not iterable: let the constructor give its own error
    return _bounded_items(value, what)


def _in_memory(value: object) -> bool:
    """Already built, or a mapping: a constructor reads it without making anything much bigger."""
    return isinstance(value, _MATERIALIZED) or isinstance(value, collections.abc.Mapping) or hasattr(value, 'keys')


def _guard_iterable_at(position: int) -> Guard:
    def guard(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
        if len(args) > position:
            args[position] = _bounded_iterable(args[position], f'{name}(...)')
    return guard


def _guard_single_iterable(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    if len(args) == 1:  # min(iterable), not min(a, b)
        args[0] = _bounded_iterable(args[0], f'{name}(...)')


def _guard_bytes(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    if args and isinstance(args[0], int) and not isinstance(args[0], bool):
        if args[0] > MAX_CHARS:
            raise _too_big(f'{name}({args[0]})', args[0], MAX_CHARS, 'bytes')
    elif args:
        args[0] = _bounded_iterable(args[0], f'{name}(...)')


def _guard_binop(op: Type[ast.operator]) -> Guard:
    def guard(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
        if len(args) == 2:
            _check_binop(op, args[0], args[1], f'{name}(...)')
    return guard


def _guard_pow(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    if len(args) == 2 or (len(args) == 3 and args[2] is None):
        _check_power(args[0], args[1], f'{name}(...)')


def _guard_round(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    if not args:
        return
    number = args[0]
    digits = args[1] if len(args) > 1 else kwargs.get('ndigits')
    if digits is None:
        _check_decimal_to_int(number, f'{name}(...)')
    elif isinstance(digits, int):
        # Rounding an int to -n digits, or a Fraction to ±n digits, computes 10**n.
        if (isinstance(number, int) and digits < 0) or isinstance(number, fractions.Fraction):
            _check_int_bits(f'{name}(...)', abs(digits) * _BITS_PER_DIGIT)


def _guard_to_int(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    if args:
        _check_decimal_to_int(args[0], f'{name}(...)')


def _guard_fraction(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    for value in args[:2]:
        if isinstance(value, str):
            match = _FRACTION_EXPONENT.search(value)
            if match:
                _check_int_bits(f'{name}({value!r})', abs(int(match.group(1))) * _BITS_PER_DIGIT)
        _check_decimal_to_int(value, f'{name}(...)')


def _guard_factorial(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    if args and isinstance(args[0], int) and args[0] > 2:
        _check_int_bits(f'{name}({args[0]})', math.lgamma(args[0] + 1) / math.log(2))


def _guard_comb_perm(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    if not args or not isinstance(args[0], int) or args[0] <= 2:
        return
    n = args[0]
    k = args[1] if len(args) > 1 and isinstance(args[1], int) else n
    if 0 <= k <= n:
        factors = min(k, n - k) if name == 'math.comb' else k
        _check_int_bits(f'{name}(...)', factors * math.log2(n))  # at most n**factors


def _guard_attribute_names(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    """attrgetter('__class__') or methodcaller('__reduce__') would bypass the attribute rule."""
    names = args if name == 'operator.attrgetter' else args[:1]
    for value in names:
        for part in (value.split('.') if isinstance(value, str) else ()):
            if part.startswith('_') or part in _FORMAT_METHODS:
                raise _refuse(f'{name}({value!r}): attribute `{part}` is not allowed')


def _build_guards() -> Dict[int, Tuple[object, str, Guard]]:
    guards: Dict[int, Tuple[object, str, Guard]] = {}

    def add(path: str, guard: Guard) -> None:
        value = _VALUES[path]
        guards[id(value)] = (value, path, guard)

    for path in ('list', 'tuple', 'set', 'frozenset', 'sorted', 'dict', 'collections.deque', 'collections.Counter',
                 'collections.OrderedDict', 'dict.fromkeys'):
        add(path, _guard_iterable_at(0))
    for path in ('collections.defaultdict', 'str.join', 'bytes.join'):
        add(path, _guard_iterable_at(1))
    # Consumers hold no memory, but sum(range(10**18)) would run until the worker's timeout.
    for path in ('sum', 'any', 'all', 'math.fsum'):
        add(path, _guard_iterable_at(0))
    for path in ('min', 'max'):
        add(path, _guard_single_iterable)
    add('bytes', _guard_bytes)
    add('bytearray', _guard_bytes)
    add('pow', _guard_pow)
    add('operator.pow', _guard_pow)
    for path, op in (('operator.mul', ast.Mult), ('operator.add', ast.Add), ('operator.concat', ast.Add),
                     ('operator.lshift', ast.LShift), ('operator.mod', ast.Mod), ('operator.truediv', ast.Div),
                     ('operator.floordiv', ast.FloorDiv), ('operator.sub', ast.Sub)):
        add(path, _guard_binop(op))
    add('round', _guard_round)
    for path in ('int', 'math.floor', 'math.ceil', 'math.trunc'):
        add(path, _guard_to_int)
    add('fractions.Fraction', _guard_fraction)
    add('math.factorial', _guard_factorial)
    for path in ('math.comb', 'math.perm'):
        if path in _VALUES:
            add(path, _guard_comb_perm)
    add('operator.attrgetter', _guard_attribute_names)
    add('operator.methodcaller', _guard_attribute_names)
    for path in ('str.replace', 'bytes.replace'):
        if path in _VALUES:
            add(path, _guard_replace)
    return guards


def _guard_replace(name: str, args: List[object], kwargs: Dict[str, object]) -> None:
    text: Any
    old: Any
    new: Any
    text, old, new = (list(args) + [None, None, None])[:3]
    if not all(isinstance(part, (str, bytes)) for part in (text, old, new)):
        return
    # From here each is a str or a bytes; mixing them raises TypeError, as the call itself would.
    count = len(text) + 1 if not old else text.count(old)
    if len(args) > 3 and isinstance(args[3], int) and args[3] >= 0:
        count = min(count, args[3])
    size = len(text) + count * (len(new) - len(old))
    if size > MAX_CHARS:
        raise _too_big(f'{name}(...)', size, MAX_CHARS, 'characters')


_GUARDS = _build_guards()
# No route the checks missed may end in one of these: calling them from an argument is refused.
_NEVER_CALLED = {id(f): f for f in (getattr(builtins, n) for n in (
    'eval', 'exec', 'compile', 'open', '__import__', 'getattr', 'setattr', 'delattr', 'globals', 'locals', 'vars',
    'breakpoint', 'input', 'help', 'exit', 'quit') if hasattr(builtins, n))}


def _refuse_never_called(function: object) -> None:
    if id(function) in _NEVER_CALLED and _NEVER_CALLED[id(function)] is function:
        raise ArgumentRejected(f'`{getattr(function, "__name__", "?")}` cannot be called from an argument')


_GUARDED_VALUES: Dict[int, Callable[..., object]] = {}
_GUARDED_ORIGINALS: Dict[int, object] = {}
# Whitelisted callables that call the callables they are given: those get checked versions.
_HIGHER_ORDER = {id(f): f for f in (map, filter, sorted, min, max, iter, getattr(operator, 'call', map))}


def _as_value(value: object) -> object:
    """A whitelisted callable with a guard, as the argument sees it: a wrapper that runs the
    guard on every call, so map(operator.attrgetter, ...), sorted(key=...) and any other
    higher-order route check what a direct call checks."""
    guard = _GUARDS.get(id(value))
    if guard is None or guard[0] is not value or isinstance(value, type):
        return value  # a type stays itself (defaultdict(list) must hold list): see _checked_callable
    return _checked_callable(value)


def _checked_callable(value: object) -> object:
    """`value` with its guard run on every call (types included)."""
    _refuse_never_called(value)
    guard = _GUARDS.get(id(value))
    if guard is None or guard[0] is not value:
        return value
    wrapper = _GUARDED_VALUES.get(id(value))
    if wrapper is None:
        original, path, check = guard
        function = cast("Callable[..., object]", original)  # a whitelisted callable (_build_guards)

        def guarded(*args, **kwargs):  # type: (*object, **object) -> object  # pyright: ignore[reportTypeCommentUsage]
            listed = list(args)  # a guard may replace an iterator it consumed by a list
            check(path, listed, kwargs)
            return function(*listed, **kwargs)

        guarded.__name__ = guarded.__qualname__ = getattr(original, '__name__', path)
        guarded.__doc__ = getattr(original, '__doc__', None)
        wrapper = _GUARDED_VALUES[id(value)] = guarded
        _GUARDED_ORIGINALS[id(wrapper)] = original
    return wrapper


def _is_str_or_str_class(value: object) -> bool:
    return isinstance(value, str) or (isinstance(value, type) and issubclass(value, str))


def _safe_getattr(value: object, name: str) -> object:
    """getattr for attributes the static check could not see (lambda parameters, class chains)."""
    if name.startswith('_'):
        raise ArgumentRejected(f'attribute `.{name}` is not allowed: attributes starting with _ are private or special')
    if isinstance(value, _OPAQUE_TYPES):
        raise ArgumentRejected(f'attributes of {type(value).__name__} objects are not allowed (`.{name}`)')
    if name in _FORMAT_METHODS and _is_str_or_str_class(value):
        raise ArgumentRejected(f'str.{name} is not allowed; use + and str(...)')
    result: object = getattr(value, name)
    if isinstance(result, _OPAQUE_TYPES):
        raise ArgumentRejected(f'`.{name}` is a {type(result).__name__}, which arguments cannot use')
    return result


# ---------------------------------------------------------------------------------------------
# The evaluator: interprets a checked tree. `scope` maps lambda parameters to their values.

# The operators take any operands; what they do not support raises TypeError, as in Python.
# (typeshed leaves some of operator's operand types unknown: hence the ignore comments.)
_BINARY: Dict[type, Callable[[Any, Any], object]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv,  # pyright: ignore[reportUnknownMemberType]
    ast.FloorDiv: operator.floordiv,  # pyright: ignore[reportUnknownMemberType]
    ast.Mod: operator.mod,
    ast.Pow: operator.pow,  # pyright: ignore[reportUnknownMemberType]
    ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitOr: operator.or_,  # pyright: ignore[reportUnknownMemberType]
    ast.BitXor: operator.xor, ast.BitAnd: operator.and_, ast.MatMult: operator.matmul,  # pyright: ignore[reportUnknownMemberType]
}
_UNARY: Dict[type, Callable[[Any], object]] = {ast.UAdd: operator.pos, ast.USub: operator.neg, ast.Invert: operator.invert, ast.Not: operator.not_}
_COMPARE: Dict[type, Callable[[Any, Any], object]] = {
    ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
    ast.Gt: operator.gt, ast.GtE: operator.ge, ast.Is: operator.is_, ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b, ast.NotIn: lambda a, b: a not in b,
}


def _require_mapping(value: object, what: str) -> Mapping[object, object]:
    if not (isinstance(value, collections.abc.Mapping) or hasattr(value, 'keys')):
        raise ArgumentRejected(f'`**` needs a dict in {what}, got {type(value).__name__}')
    return cast("Mapping[object, object]", value)  # a Mapping, or has keys(): what dict.update() and ** read


class _Evaluator:
    def __init__(self, namespace: Mapping[str, object]) -> None:
        self.namespace = namespace

    def eval(self, node: ast.AST, scope: Scope) -> object:
        # The checker let only node kinds through that have a method here.
        method: Callable[[ast.AST, Scope], object] = getattr(self, f'_{type(node).__name__}')
        return method(node, scope)

    def _Constant(self, node: ast.Constant, scope: Scope) -> object:
        return node.value

    def _JoinedStr(self, node: ast.JoinedStr, scope: Scope) -> str:
        parts = cast("List[ast.Constant]", node.values)  # the checker let only constant parts through
        return ''.join(cast(str, part.value) for part in parts)  # an f-string's constant parts are str

    def _Name(self, node: ast.Name, scope: Scope) -> object:
        name = node.id
        if name in scope:
            return scope[name]
        if name in self.namespace:
            return self.namespace[name]
        return _as_value(_VALUES[name])

    def _Attribute(self, node: ast.Attribute, scope: Scope) -> object:
        path = _dotted_path(node)
        if path is not None and path[0] not in scope and path[0] not in self.namespace:
            return _as_value(_VALUES['.'.join(path)])
        return _safe_getattr(self.eval(node.value, scope), node.attr)

    def _items(self, nodes: Iterable[ast.expr], scope: Scope, what: str) -> List[object]:
        items: List[object] = []
        for node in nodes:
            if isinstance(node, ast.Starred):
                items.extend(_bounded_items(self.eval(node.value, scope), what))
            else:
                items.append(self.eval(node, scope))
            if len(items) > MAX_ITEMS:
                raise _too_big(what, len(items), MAX_ITEMS, 'items')
        return items

    def _Tuple(self, node: ast.Tuple, scope: Scope) -> Tuple[object, ...]:
        return tuple(self._items(node.elts, scope, 'a tuple'))

    def _List(self, node: ast.List, scope: Scope) -> List[object]:
        return self._items(node.elts, scope, 'a list')

    def _Set(self, node: ast.Set, scope: Scope) -> Set[object]:
        return set(self._items(node.elts, scope, 'a set'))

    def _Dict(self, node: ast.Dict, scope: Scope) -> Dict[object, object]:
        result: Dict[object, object] = {}
        for key, value in zip(node.keys, node.values):
            if key is None:
                result.update(_require_mapping(self.eval(value, scope), 'a dict display'))
            else:
                key_value = self.eval(key, scope)
                result[key_value] = self.eval(value, scope)
        return result

    def _Call(self, node: ast.Call, scope: Scope) -> object:
        function = self.eval(node.func, scope)
        args = self._items(node.args, scope, 'the arguments of a call')
        kwargs: Dict[str, object] = {}
        for keyword in node.keywords:
            if keyword.arg is not None:
                pairs = [(keyword.arg, self.eval(keyword.value, scope))]
            else:
                mapping = _require_mapping(self.eval(keyword.value, scope), 'a call')
                pairs = [(key, mapping[key]) for key in mapping.keys()]
            for key, value in pairs:
                if not isinstance(key, str):
                    raise TypeError('keywords must be strings')
                if key in kwargs:
                    raise TypeError(f"got multiple values for keyword argument '{key}'")
                kwargs[key] = value
        guard = _GUARDS.get(id(function))
        if guard is not None and guard[0] is function:
            guard[2](guard[1], args, kwargs)
        original = _GUARDED_ORIGINALS.get(id(function), function)
        _refuse_never_called(original)
        if _HIGHER_ORDER.get(id(original)) is original:
            args = [_checked_callable(a) for a in args]
            kwargs = {k: _checked_callable(v) for k, v in kwargs.items()}
        # Calling what is not callable raises TypeError, as in Python.
        return _check_built(cast("Callable[..., object]", function)(*args, **kwargs), node)

    def _BinOp(self, node: ast.BinOp, scope: Scope) -> object:
        left = self.eval(node.left, scope)
        right = self.eval(node.right, scope)
        _check_binop(type(node.op), left, right, node)
        return _BINARY[type(node.op)](left, right)

    def _UnaryOp(self, node: ast.UnaryOp, scope: Scope) -> object:
        return _UNARY[type(node.op)](self.eval(node.operand, scope))

    def _BoolOp(self, node: ast.BoolOp, scope: Scope) -> object:
        stop_when = not isinstance(node.op, ast.And)  # `and` stops at a falsy value, `or` at a truthy one
        value = None  # the grammar has at least two operands: always replaced
        for value_node in node.values:
            value = self.eval(value_node, scope)
            if bool(value) is stop_when:
                return value
        return value

    def _Compare(self, node: ast.Compare, scope: Scope) -> object:
        left = self.eval(node.left, scope)
        result = True  # the grammar has at least one comparison: always replaced
        for op, right_node in zip(node.ops, node.comparators):
            right = self.eval(right_node, scope)
            result = _COMPARE[type(op)](left, right)
            if not result:
                return result
            left = right
        return result

    def _IfExp(self, node: ast.IfExp, scope: Scope) -> object:
        return self.eval(node.body if self.eval(node.test, scope) else node.orelse, scope)

    def _Subscript(self, node: ast.Subscript, scope: Scope) -> object:
        # Subscripting what does not support it raises TypeError, as in Python.
        container: Any = self.eval(node.value, scope)
        return container[self.eval(node.slice, scope)]

    def _Slice(self, node: ast.Slice, scope: Scope) -> slice:
        parts = [None if part is None else self.eval(part, scope) for part in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def _Lambda(self, node: ast.Lambda, scope: Scope) -> Callable[..., object]:
        signature = self._signature(node.args, scope)
        body = node.body
        evaluate_body = self.eval

        def interpreted_lambda(*args, **kwargs):  # type: (*object, **object) -> object  # pyright: ignore[reportTypeCommentUsage]
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            inner = dict(scope)
            inner.update(bound.arguments)
            return evaluate_body(body, inner)

        interpreted_lambda.__name__ = interpreted_lambda.__qualname__ = '<lambda>'
        interpreted_lambda.__doc__ = None
        interpreted_lambda.__signature__ = signature  # inspect.signature() shows the lambda's own parameters
        return interpreted_lambda

    def _signature(self, arguments: ast.arguments, scope: Scope) -> inspect.Signature:
        """The lambda's parameters, defaults evaluated now (as Python does when the lambda is made)."""
        Parameter = inspect.Parameter
        positional = [(a, Parameter.POSITIONAL_ONLY) for a in arguments.posonlyargs]
        positional += [(a, Parameter.POSITIONAL_OR_KEYWORD) for a in arguments.args]
        defaults = [Parameter.empty] * (len(positional) - len(arguments.defaults))
        defaults += [self.eval(d, scope) for d in arguments.defaults]
        parameters = [Parameter(a.arg, kind, default=d) for (a, kind), d in zip(positional, defaults)]
        if arguments.vararg is not None:
            parameters.append(Parameter(arguments.vararg.arg, Parameter.VAR_POSITIONAL))
        for a, default in zip(arguments.kwonlyargs, arguments.kw_defaults):
            value = Parameter.empty if default is None else self.eval(default, scope)
            parameters.append(Parameter(a.arg, Parameter.KEYWORD_ONLY, default=value))
        if arguments.kwarg is not None:
            parameters.append(Parameter(arguments.kwarg.arg, Parameter.VAR_KEYWORD))
        return inspect.Signature(parameters)
