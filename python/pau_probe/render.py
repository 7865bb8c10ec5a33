"""Rendering values for the host: bounded reprs, type names, stable ids for memory
addresses, iterator prefixes and a type-tagged encoding of plain data.

Everything here runs in the call's child, after the call, under a deadline: a `__repr__`
that raises gives a placeholder, one that hangs is interrupted by the render timer.
"""
from __future__ import annotations

import collections.abc
import inspect
import io
import re
import reprlib
import signal
import sys

from pau_probe.checking import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from types import FrameType
    from typing import Any, AsyncIterator, Callable, Dict, Iterable, Iterator, List, Literal, Optional, Set, TypedDict, TypeVar, Union  # noqa: F401 -- Iterable is named in cast(), which pyflakes reads as typing.cast

    from pau_probe.protocol import RenderedValue, RenderedValueCallable, RenderedValueIteration, RenderedValueIterationRaised, TaggedValue, WorkerLimits

    T = TypeVar("T")

    class _IterationStateRequired(TypedDict):
        ended: bool
        raised: Optional[RenderedValueIterationRaised]

    class _IterationState(_IterationStateRequired, total=False):
        timedOut: bool

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
MAX_DATA_NODES = 10000
# Characters of text in the tagged data (str, bytes as hex, int digits): a value bigger than
# this has its truncated repr only (a 70 MB string must not be encoded whole).
MAX_DATA_CHARS = 1_000_000
# A type name longer than this is cut (a class named by 5 MB of text reaches the model's prompt).
MAX_TYPE_NAME_CHARS = 200
# A returned callable's signature is cut at this length (RenderedValue.callable).
MAX_SIGNATURE_CHARS = 200
MAX_DATA_DEPTH = 64
# Ints this long are summarised rather than converted to decimal (quadratic time).
MAX_INT_BITS = 200000


class RenderDeadline(BaseException):
    """Raised by the render timer inside user `__repr__`/`__next__`; BaseException so that
    `except Exception` in user code does not swallow it."""


class Deadline:
    """A wall-clock budget for rendering. Only code inside `guard()` is interrupted; after
    expiry every further render is a placeholder."""

    def __init__(self) -> None:
        self.expired = False
        self.inside = 0

    def install(self) -> None:
        """Register the alarm handler (done before the request arrives)."""
        if hasattr(signal, "setitimer"):
            signal.signal(signal.SIGALRM, self._on_alarm)

    def _on_alarm(self, signum: int, frame: Optional[FrameType]) -> None:
        self.expired = True
        if self.inside:
            raise RenderDeadline()

    def start(self, seconds: float) -> None:
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))

    def stop(self) -> None:
        if hasattr(signal, "setitimer"):
            signal.setitimer(signal.ITIMER_REAL, 0)


class Addresses:
    """Replaces ` at 0x7f…` in default reprs by ` at 0x1`, ` at 0x2`… stable within one call."""

    def __init__(self) -> None:
        self.ids: Dict[str, int] = {}

    def __call__(self, text: str) -> str:
        def replace(match: re.Match[str]) -> str:
            key = match.group(0).lower()
            number = self.ids.setdefault(key, len(self.ids) + 1)
            return " at 0x%x" % number

        return _ADDRESS.sub(replace, text)


def type_name(obj: object) -> str:
    """`int`, `str` for builtins; `module.Qual.Name` for the rest."""
    cls = type(obj)
    # A class may set these to anything: what is not a str falls back to __name__ below.
    module: object = getattr(cls, "__module__", None)
    qualname: object = getattr(cls, "__qualname__", None) or cls.__name__
    name: object = qualname if module in (None, "builtins") else "%s.%s" % (module, qualname)
    if not isinstance(name, str):
        name = cls.__name__
    return name if len(name) <= MAX_TYPE_NAME_CHARS else name[: MAX_TYPE_NAME_CHARS - 3] + "..."


def _fits_in_decimal(value: int) -> bool:
    return value.bit_length() <= MAX_INT_BITS


class BoundedRepr(reprlib.Repr):
    """reprlib with generous limits that records whether it cut anything, keeps dict
    insertion order and turns a failing `__repr__` into a placeholder."""

    def __init__(self, max_chars: int) -> None:
        reprlib.Repr.__init__(self)
        self.maxlevel = 6
        self.maxtuple = self.maxlist = self.maxarray = self.maxset = 100
        self.maxfrozenset = self.maxdeque = 100
        self.maxdict = 60
        self.maxstring = self.maxlong = self.maxother = max_chars
        self.truncated = False

    def _repr_iterable(self, x: Any, level: int, left: str, right: str, maxiter: int, trail: str = "") -> str:
        if (level <= 0 and len(x)) or len(x) > maxiter:
            self.truncated = True
        # Private in typeshed; present in every Python 3.
        return reprlib.Repr._repr_iterable(self, x, level, left, right, maxiter, trail)  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownVariableType]

    def repr_dict(self, x: Dict[Any, Any], level: int) -> str:
        n = len(x)
        if n == 0:
            return "{}"
        if level <= 0:
            self.truncated = True
            return "{...}"
        pieces: List[str] = []
        key: object
        for i, key in enumerate(x):
            if i >= self.maxdict:
                self.truncated = True
                pieces.append("...")
                break
            pieces.append("%s: %s" % (self.repr1(key, level - 1), self.repr1(x[key], level - 1)))
        return "{%s}" % ", ".join(pieces)

    def repr_str(self, x: str, level: int) -> str:
        if len(x) > self.maxstring:
            self.truncated = True
        return reprlib.Repr.repr_str(self, x, level)

    def repr_int(self, x: int, level: int) -> str:
        if not _fits_in_decimal(x):
            self.truncated = True
            return "<int with about %d digits>" % int(x.bit_length() * 0.30103)
        text = _int_text(x)
        if len(text) > self.maxlong:
            self.truncated = True
            half = max(0, (self.maxlong - 3) // 2)
            return text[:half] + "..." + text[len(text) - half:]
        return text

    # reprlib dispatches on the type's name: a file in memory shows what it holds, as the call
    # that builds it again (what a function wrote there), not its address.
    def repr_StringIO(self, x: io.StringIO, level: int) -> str:
        return self._memory_file(x, level)

    def repr_BytesIO(self, x: io.BytesIO, level: int) -> str:
        return self._memory_file(x, level)

    def _memory_file(self, x: Union[io.StringIO, io.BytesIO], level: int) -> str:
        if type(x) not in (io.StringIO, io.BytesIO) or x.closed:
            return self.repr_instance(x, level)
        return "io.%s(%s)" % (type(x).__name__, self.repr1(x.getvalue(), level - 1))

    def repr_instance(self, x: object, level: int) -> str:
        try:
            text = repr(x)  # a __repr__ that returns no str makes repr() raise TypeError
        except RenderDeadline:
            raise
        except BaseException as exc:  # noqa: B902 — a __repr__ may raise anything
            return "<repr of %s raised %s>" % (type_name(x), _exception_line(exc))
        if len(text) > self.maxother:
            self.truncated = True
            half = max(0, (self.maxother - 3) // 2)
            return text[:half] + "..." + text[len(text) - half:]
        return text


def _int_text(value: int) -> str:
    setter: Optional[Callable[[int], None]] = getattr(sys, "set_int_max_str_digits", None)  # 3.11+ and 3.10.7+
    if setter is None:
        return repr(value)
    previous: int = getattr(sys, "get_int_max_str_digits")()
    setter(0)
    try:
        return repr(value)
    finally:
        setter(previous)


def _exception_line(exc: BaseException) -> str:
    try:
        message = str(exc)
    except BaseException:  # noqa: B902
        message = "<str() failed>"
    if len(message) > 200:
        message = message[:197] + "..."
    return "%s: %s" % (type(exc).__name__, message) if message else type(exc).__name__


class Renderer:
    """Renders everything one call returns, sharing one address table and one deadline."""

    def __init__(self, limits: WorkerLimits, deadline: Deadline, scrub: Callable[[str], str]) -> None:
        self.max_chars = int(limits["maxReprChars"])
        self.max_items = int(limits["maxIterItems"])
        self.deadline = deadline
        self.addresses = Addresses()
        self.scrub = scrub

    def guarded(self, fn: Callable[[], T], placeholder: Callable[[str], T]) -> T:
        """fn() under the deadline; placeholder(why) when it raised or ran out of time."""
        if self.deadline.expired:
            return placeholder("not rendered: the time limit was reached")
        self.deadline.inside += 1
        try:
            return fn()
        except RenderDeadline:
            self.deadline.expired = True
            return placeholder("did not finish within the time limit")
        except BaseException as exc:  # noqa: B902
            return placeholder("raised " + _exception_line(exc))
        finally:
            self.deadline.inside -= 1

    def text(self, obj: object) -> tuple[str, bool]:
        """(bounded repr, truncated)."""

        def render() -> tuple[str, bool]:
            r = BoundedRepr(self.max_chars)
            return r.repr(obj), r.truncated

        text, truncated = self.guarded(render, lambda why: ("<repr of %s %s>" % (type_name(obj), why), True))
        text = self.scrub(self.addresses(text))
        if len(text) > self.max_chars:
            text = text[: max(0, self.max_chars - 3)] + "..."
            truncated = True
        return text, truncated

    def value(self, obj: object) -> RenderedValue:
        text, truncated = self.text(obj)
        out: RenderedValue = {"type": type_name(obj), "repr": text, "truncated": truncated}
        if callable(obj):  # a type slot's test: no code of the object's runs
            out["callable"] = self.callable_of(obj)
        if inspect.isasyncgen(obj):
            out["iteration"] = self._iterate_async(obj)
        elif isinstance(obj, collections.abc.Iterator):
            out["iteration"] = self._iterate(cast("Iterator[object]", obj))  # an Iterator, checked above
        else:
            data = self.guarded(lambda: tagged(obj), lambda why: None)
            if data is not None:
                out["data"] = data
        return out

    def callable_of(self, obj: object) -> RenderedValueCallable:
        """What a returned function says of how to call it: its signature, when inspect can give one
        (a builtin without text signature, an object whose __signature__ raises: none)."""
        text = self.guarded(lambda: str(inspect.signature(cast("Callable[..., object]", obj))), lambda why: None)
        if text is None:
            return {}
        text = self.scrub(self.addresses(text))  # a default's repr may hold an address or a path
        return {"signature": text if len(text) <= MAX_SIGNATURE_CHARS else text[: MAX_SIGNATURE_CHARS - 3] + "..."}

    def _iterate(self, iterator: Iterator[object]) -> RenderedValueIteration:
        items: List[str] = []
        state: _IterationState = {"ended": False, "raised": None}

        def take() -> None:
            for _ in range(self.max_items):
                try:
                    item = next(iterator)
                except StopIteration:
                    state["ended"] = True
                    return
                items.append(self.text(item)[0])

        self._collect(take, state)
        return self._iteration(items, state)

    def _iterate_async(self, agen: AsyncIterator[object]) -> RenderedValueIteration:
        import asyncio

        items: List[str] = []
        state: _IterationState = {"ended": False, "raised": None}

        async def take_async() -> None:
            for _ in range(self.max_items):
                try:
                    item = await agen.__anext__()
                except StopAsyncIteration:
                    state["ended"] = True
                    return
                items.append(self.text(item)[0])

        self._collect(lambda: asyncio.run(take_async()), state)
        return self._iteration(items, state)

    def _collect(self, take: Callable[[], object], state: _IterationState) -> None:
        def run() -> None:
            try:
                take()
            except RenderDeadline:
                raise
            except BaseException as exc:  # noqa: B902 — the iterator raised: part of its behaviour
                state["ended"] = True
                state["raised"] = self.exception(exc)

        self.guarded(run, lambda why: state.update(timedOut=True))

    @staticmethod
    def _iteration(items: List[str], state: _IterationState) -> RenderedValueIteration:
        out: RenderedValueIteration = {"items": items, "ended": state["ended"]}
        raised = state["raised"]
        if raised:
            out["raised"] = raised
        return out

    def exception(self, exc: BaseException) -> RenderedValueIterationRaised:
        def message() -> str:
            return str(exc)  # a __str__ that returns no str makes str() raise TypeError

        text = self.guarded(message, lambda why: "<str() of the exception %s>" % why)
        text = self.scrub(self.addresses(text))
        if len(text) > self.max_chars:
            text = text[: max(0, self.max_chars - 3)] + "..."
        return {"type": type_name(exc), "message": text}


# --- type-tagged plain data ------------------------------------------------------------


class _NotPlain(Exception):
    pass


_SEQUENCES: Dict[type, Literal["list", "tuple", "set", "frozenset"]] = {list: "list", tuple: "tuple", set: "set", frozenset: "frozenset"}


def tagged(obj: object) -> Optional[TaggedValue]:
    """Type-tagged encoding of plain data, or None when obj is not plain or too big.
    Exact types only: a bool is not an int, a namedtuple is not a tuple."""
    budget = [MAX_DATA_NODES, MAX_DATA_CHARS]
    try:
        return _tag(obj, budget, 0, set())
    except (_NotPlain, RecursionError):
        return None


def _tag(obj: object, budget: List[int], depth: int, active: Set[int]) -> TaggedValue:
    # `cls is X` below is an exact type test: each cast names the type that test proved.
    budget[0] -= 1
    if budget[0] < 0 or depth > MAX_DATA_DEPTH:
        raise _NotPlain()
    cls = type(obj)
    if cls in (str, bytes, int):
        budget[1] -= len(cast("Union[str, bytes]", obj)) * (2 if cls is bytes else 1) if cls is not int else cast(int, obj).bit_length() // 3
        if budget[1] < 0:
            raise _NotPlain()
    if obj is None:
        return {"t": "none"}
    if cls is bool:
        return {"t": "bool", "v": cast(bool, obj)}
    if cls is int:
        if not _fits_in_decimal(cast(int, obj)):
            raise _NotPlain()
        return {"t": "int", "v": _int_text(cast(int, obj))}
    if cls is float:
        return {"t": "float", "v": repr(obj)}
    if cls is complex:
        return {"t": "complex", "v": repr(obj)}
    if cls is str:
        return {"t": "str", "v": cast(str, obj)}
    if cls is bytes:
        return {"t": "bytes", "v": cast(bytes, obj).hex()}
    if cls in _SEQUENCES or cls is dict:
        if id(obj) in active:
            raise _NotPlain()  # self-containing structure
        active.add(id(obj))
        try:
            if cls is dict:
                items = cast("Dict[object, object]", obj).items()
                pairs = [[_tag(k, budget, depth + 1, active), _tag(v, budget, depth + 1, active)] for k, v in items]
                return {"t": "dict", "v": pairs}  # pyright: ignore[reportReturnType] -- lists, as JSON writes the protocol's pairs
            return {"t": _SEQUENCES[cls], "v": [_tag(item, budget, depth + 1, active) for item in cast("Iterable[object]", obj)]}
        finally:
            active.discard(id(obj))
    raise _NotPlain()
