"""One call, inside a child process forked from the warm worker.

The child is forked ahead of time: it warms itself up (a dummy parse, call and render, so
that copy-on-write faults happen now), then blocks on its request pipe. On a request it
applies the limits, enters its temporary directory, arms the guards, builds the arguments,
calls the target, renders the outcome under the remaining deadline, writes one JSON
object to its result pipe and exits with os._exit (no atexit handlers, no flushing of
buffers inherited from the worker).
"""
from __future__ import annotations

import ast
import copyreg
import datetime
import fcntl
import inspect
import json
import math
import mmap
import os
import pickle
import re
import random
import select
import signal
import sys
import time
import types

from pau_probe.checking import TYPE_CHECKING, cast

from pau_probe import guards as pau_guards
from pau_probe import landlock as pau_landlock
from pau_probe import results
from pau_probe.coverage import Collector
from pau_probe import comparisons as pau_comparisons
from pau_probe import object_state as pau_object_state
from pau_probe import write_recorder as pau_write_recorder

try:
    import resource
except ImportError:  # Windows
    resource = None
from pau_probe.render import Deadline, Renderer, tagged, type_name

if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any, Callable, Dict, FrozenSet, List, Optional, Set, Tuple, Union

    from pau_probe.render import Deadline as DeadlineType

    from pau_probe.coverage import StaticMap
    from pau_probe.protocol import AgainLine, AppliedCall, AppliedResult, ChildRequest, ChildResult, ComparisonRecord, ObjectState, ProbeResultMutationsItem
    from pau_probe.protocol import ProbeResultReceiverState, SecondRun, WorkerLimits
    from pau_probe.target import Target

    # What _build makes of a request: args, kwargs, receiver, the arguments as plain data (`values`)
    # and the calls the returned object is then given (`apply`, then its `then`), in order.
    Built = Tuple[List[Any], Dict[str, Any], Any, Optional[Dict[str, Any]], Optional[List[Tuple[List[Any], Dict[str, Any]]]]]
    # named in cast(), which pyflakes reads only as typing.cast
    from pau_probe.protocol import BuiltArguments, ProbeResultException  # noqa: F401

# Writes to files (not to the captured stdout/stderr pipes) stop at this size with EFBIG.
FILE_SIZE_LIMIT = 64 * 1024 * 1024
# Building the arguments may use this much memory at most: the grammar's largest values fit
# well within it, and a size asked of a method (`lambda s: s.ljust(10**9)`) is then a refused
# argument (MemoryError while building it) rather than a call that eats the call's budget.
ARGUMENT_MEMORY = 256 * 1024 * 1024
# A repr that shows only where the object lives (object.__repr__): its state says more.
_ADDRESS = re.compile(r" object at 0x[0-9a-fA-F]+>$")
# A call process waits this long for its request before it warms up (seconds). Called back to
# back, the request comes sooner: warming up then only spends CPU that the call running beside
# it and the host need (measured under load: 2.1 ms of a 5 ms call process; the cold call takes
# 0.4 ms longer). Calls spaced further apart find the process warmed up.
WARM_UP_AFTER = 0.05
# The call process's own pipes are moved to this number or above before user code runs: a plain
# Python has nothing open above stderr, so a function given a small int as a file (`open(3)`)
# must fail as it would there, not read the call's request or write into its result.
OWN_FD_FLOOR = 1000
_PAGE_SIZE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
# Rendering always gets at least this much time, even when the call used up its budget;
# the worker's kill deadline leaves room for it (see pau_probe.worker.RENDER_GRACE).
MIN_RENDER_SECONDS = 0.15


# Exact types whose repr and rendering call no Python code (a subclass may define __repr__).
_PLAIN_TYPES = (int, float, complex, bool, str, bytes, type(None))


class Rejected(Exception):
    pass


def _read_request(fd: int) -> bytes:
    """One newline-terminated JSON request; b"" when the worker closed the pipe first."""
    chunks: List[bytes] = []
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return b""
        chunks.append(chunk)
        if chunk.endswith(b"\n"):
            return b"".join(chunks)


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def read_proc_file(path: str) -> "Optional[bytes]":
    """A /proc file's bytes; None when it cannot be read. Read with os.read rather than open():
    these files are read on every call, and a text file object costs three times the read."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    chunks: List[bytes] = []
    try:
        while True:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    return b"".join(chunks)


def address_space_in_use() -> int:
    # read_proc_file, not open(): a text file object in every call's process cost 20-30 page faults.
    try:
        return int((read_proc_file("/proc/self/statm") or b"").split()[0]) * _PAGE_SIZE
    except (ValueError, IndexError):
        return 0


def apply_limits(limits: WorkerLimits, nproc_cap: Optional[int], address_space: int) -> None:
    """rlimits for this call. `address_space` is what the child uses before the call."""
    if resource is None:  # Windows: no rlimits
        return

    def set_limit(which: Optional[int], soft: int, hard: Optional[int] = None) -> None:
        if which is None or resource is None:
            return
        try:
            resource.setrlimit(which, (soft, soft if hard is None else hard))
        except (ValueError, OSError):
            pass

    # memoryMb is what the call may add on top of the warm worker it was forked from: an
    # absolute cap would break targets whose imports already reserve a lot (numpy, torch).
    headroom = int(limits["memoryMb"]) * 1024 * 1024
    set_limit(getattr(resource, "RLIMIT_AS", None), address_space + headroom)
    cpu = limits.get("cpuSeconds") or math.ceil(limits["timeoutMs"] / 1000.0) + 1
    set_limit(resource.RLIMIT_CPU, int(cpu), int(cpu) + 1)
    set_limit(resource.RLIMIT_FSIZE, FILE_SIZE_LIMIT)
    set_limit(resource.RLIMIT_CORE, 0)
    if nproc_cap:
        set_limit(getattr(resource, "RLIMIT_NPROC", None), nproc_cap)


def reseed(seed: int) -> None:
    """Every call starts from seed 0 unless it asks for another (the explorer's determinism check)."""
    random.seed(seed)
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        try:
            numpy.random.seed(seed)
        except Exception:  # noqa: B902
            pass


def enter_call_dir(call_dir: str) -> None:
    os.chdir(call_dir)
    for name in ("HOME", "TMPDIR", "TEMP", "TMP"):
        os.environ[name] = call_dir
    tempfile = sys.modules.get("tempfile")  # imported by user code in the worker; otherwise it reads TMPDIR when it is
    if tempfile is not None:
        tempfile.tempdir = None  # pyright: ignore[reportAttributeAccessIssue] -- the module tempfile
    pau_guards.set_write_root(call_dir)
    reseed(0)


def uncached_slotnames(original: "Callable[[type], List[str]]") -> "Callable[[type], List[str]]":
    """copyreg._slotnames (`original`) without the cache it leaves on the class: pickling or copying
    an object sets `__slotnames__` on its class, which the call would then see (cmd.Cmd.get_names
    lists dir(self.__class__)). The sampled bench's re-check copies receivers with it too."""

    def uncached(cls: type) -> List[str]:
        had = "__slotnames__" in cls.__dict__
        names = original(cls)
        if not had and "__slotnames__" in cls.__dict__:
            try:
                delattr(cls, "__slotnames__")
            except (AttributeError, TypeError):
                pass
        return names

    return uncached


def _pickled(obj: object) -> bytes:
    """pickle.dumps, leaving no trace on the classes (uncached_slotnames: the worker's snapshot once
    added a name the user's program never has)."""
    original = cast("Callable[[type], List[str]]", getattr(copyreg, "_slotnames"))
    setattr(copyreg, "_slotnames", uncached_slotnames(original))
    try:
        return pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    finally:
        setattr(copyreg, "_slotnames", original)


def own_attributes(obj: object) -> Optional[Dict[Any, Any]]:
    """obj's own attribute dict (a class's is a mappingproxy: none), or None when it has none."""
    attributes = getattr(obj, "__dict__", None) if not isinstance(obj, type) else None
    return cast("Dict[Any, Any]", attributes) if isinstance(attributes, dict) else None


def snapshot(obj: object, depth: int = 2) -> Union[bytes, str, None]:
    """Something that changes when obj is mutated in place: its pickle, else its repr and, to
    `depth` levels, its attributes' snapshots (a parser holding a generator does not pickle, and
    its repr shows only its address: its attributes are what a call changes)."""
    try:
        return _pickled(obj)
    except BaseException:  # noqa: B902 — lambdas, open files, objects refusing to pickle
        try:
            shown = "repr:" + repr(obj)
        except BaseException:  # noqa: B902
            return None
        attributes = own_attributes(obj) if depth > 0 else None
        if attributes is not None:
            parts = [repr((k, snapshot(v, depth - 1))) for k, v in attributes.items() if isinstance(k, str)]
            shown += " vars:" + ",".join(parts)
        return shown


class CallContext:
    """What every child needs, prepared once in the warm worker."""

    def __init__(
        self,
        target: Target,
        safe_args: ModuleType,
        static: Optional[StaticMap],
        scrub: Callable[[str], str],
        nproc_cap: Optional[int],
        limits: WorkerLimits,
        fence_writes: bool = False,
    ) -> None:
        self.target = target
        self.fence_writes = fence_writes  # Landlock around each call's folder, where the kernel has it
        if fence_writes:
            pau_landlock.prepare()  # once here, not in every child
        self.limits = limits  # the worker's own (from the start message): the rehearsal call uses them
        # One byte shared by the worker and every call process it forks (an anonymous shared mapping
        # survives fork): a call's process sets it once the call has returned, so the worker, finding
        # it unset at the timeout, kills a call still running then, without the render's grace.
        self.returned = mmap.mmap(-1, 1)
        self.safe_args = safe_args
        self.static = static
        # Where the comparisons of a call are looked for: the target's package, or its file.
        self.scope = None
        if static is not None:
            self.scope = pau_comparisons.scope_of(static.codes[0].co_filename)
        self.scrub = scrub
        self.nproc_cap = nproc_cap
        self.names = frozenset(target.classes)
        # The worker's own modules, listed once: a child walking all of sys.modules would
        # copy every page holding a module name (refcounts) on the call's critical path.
        self.own_modules = [n for n in sys.modules if n == "pau_probe" or n.startswith("pau_probe.")]

    def find_sites_ahead(self) -> None:
        """The comparison sites of the target's package, found once in the warm worker for every
        call process forked after (comparisons.prescan). Only a worker that forks its calls and
        traces them needs it: comparisons are recorded by the coverage collector."""
        if self.scope is not None and self.static is not None:
            pau_comparisons.prescan(self.scope, self.static.codes)


class _WarmUpTarget:
    """Stands in for the target while the child warms up: same calling convention."""

    needs_receiver = False
    is_async = False

    def __init__(self, classes: Dict[str, Any]) -> None:
        self.classes = classes

    @staticmethod
    def invoke(receiver: object, args: List[Any], kwargs: Dict[str, Any]) -> Dict[str, Any]:
        value = args[0]
        value.append(kwargs.get("n"))
        if kwargs.get("fail"):
            raise ValueError("warm-up")
        return {"items": value[:], "count": len(value)}


_WARM_UP_REQUEST = json.dumps({
    "args": ["[1, 'a', {'k': (2.5, None)}, -3, b'x']"],
    "kwargs": {"n": "2"},
})


def _request_waiting(fd: int, timeout: float = 0) -> bool:
    return bool(select.select([fd], [], [], timeout)[0])


def rehearse_in_worker(ctx: CallContext, coverage: bool, rounds: int = 8) -> None:
    """Before the first fork: dummy calls in the worker itself, so that what a call's code
    sets up lazily on its first runs (bytecode 3.11 specialises after 8 runs of a function; line
    tables for the tracer; type caches) is already in the pages every child shares rather
    than made again in each child (measured: 60 fewer page faults per call)."""
    collector = None
    if coverage and ctx.static is not None and sys.version_info < (3, 12):
        # (3.12+: sys.monitoring, whose tool id must stay free for the children to claim.)
        collector = Collector(ctx.static)
    deadline = Deadline()
    deadline.install()
    try:
        for _ in range(rounds):
            warm_up(ctx, collector, deadline, None)
    finally:
        deadline.stop()
        if hasattr(signal, "SIGALRM"):
            signal.signal(signal.SIGALRM, signal.SIG_DFL)


def warm_up(ctx: CallContext, collector: Optional[Collector], deadline: DeadlineType, request_fd: Optional[int]) -> None:
    """Run a dummy call through the same code as a real one, so that the copy-on-write page
    faults and cold caches of that code happen now rather than after the request arrives.
    Stops early when the request is already there: then warming up would only delay it."""
    fake = CallContext.__new__(CallContext)
    fake.__dict__.update(ctx.__dict__)
    fake.target = cast("Target", _WarmUpTarget(ctx.target.classes))  # same calling convention
    try:
        for fail in (False, True):
            if request_fd is not None and _request_waiting(request_fd):
                break
            request = json.loads(_WARM_UP_REQUEST)
            request["kwargs"]["fail"] = repr(fail)
            request["limits"] = ctx.limits
            result = _execute(fake, request, ctx.limits, collector, deadline, address_space_in_use())
            json.dumps(result, separators=(",", ":"))
        deadline.expired = False
        if collector is not None:
            collector.reset()
    except Exception:  # noqa: B902 — warming up is best effort
        pass


def hide_own_modules(ctx: CallContext) -> None:
    """User code cannot reach the guards' switch through sys.modules (the calls already hold
    what they need). The fork server does it once for all the processes it forks: each pop
    writes to a module's page, which a call process would copy."""
    for name in ctx.own_modules:
        sys.modules.pop(name, None)


def serve(ctx: CallContext, request_fd: int, result_fd: int, call_dir: str, coverage: bool, ruleset: Optional[int] = None) -> None:
    """The child's whole life after the fork. Never returns. `ruleset`: the Landlock fence of
    `call_dir`, built before the fork (landlock.build_fence), which this process puts in force
    and closes.

    Everything that does not depend on the request happens before it is read, so that only
    the call itself is on the critical path."""
    request_fd, result_fd = out_of_the_way(request_fd), out_of_the_way(result_fd)
    if ctx.fence_writes:
        # First, before the wait for the request: a call sent back to back (no warm-up) found
        # its process still building this after the request had come.
        fence_call_dir(call_dir, ruleset)
    elif ruleset is not None:
        os.close(ruleset)
    collector = Collector(ctx.static) if coverage and ctx.static is not None else None
    if collector is not None:
        collector.prepare()
    deadline = Deadline()
    deadline.install()
    # Before the wait for the request too: sent back to back, it comes before any warm-up, and
    # this (some 100 page faults: the environment, the seed, the listing) held it.
    address_space, own_fds = settle_in(call_dir, request_fd)
    if not _request_waiting(request_fd, WARM_UP_AFTER):
        warm_up(ctx, collector, deadline, request_fd)
        # Nothing of the warm-up is the call's: its memory, its seed, where it left the folder.
        address_space, own_fds = settle_in(call_dir, request_fd)
    hide_own_modules(ctx)  # (a no-op where the fork server did it for every process it forks)
    raw = _read_request(request_fd)
    os.close(request_fd)
    if not raw:
        os._exit(0)  # the worker went away or is shutting down
    request: ChildRequest = json.loads(raw)
    held: List[Any] = []  # the first run's value, arguments and receiver, alive during a second run
    result = run(ctx, request, call_dir, collector, address_space, deadline, held, own_fds)
    _answer(result_fd, result)
    if request.get("again") and wants_second_run(result):
        second: AgainLine = {"again": run_again(ctx, request, result, address_space, deadline)}
        _answer(result_fd, second)
    os.close(result_fd)
    os._exit(0)


def settle_in(call_dir: str, request_fd: int) -> Tuple[int, Set[int]]:
    """The process moves into `call_dir` (enter_call_dir); what it uses before the call (the
    address space apply_limits adds to) and the descriptors the guards count as its own, listed
    while it waits rather than as they arm (a process's first listing took about 0.35 ms, on the
    call's path 100 ms after the previous). The request's descriptor is left out: it is closed
    once read."""
    enter_call_dir(call_dir)
    return address_space_in_use(), pau_guards.open_descriptors() - {request_fd}


def out_of_the_way(fd: int) -> int:
    """`fd` moved to OWN_FD_FLOOR or above (close-on-exec: no program the call starts inherits it);
    `fd` itself where the descriptor limit leaves no room up there."""
    try:
        moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, OWN_FD_FLOOR)
    except OSError:
        return fd
    os.close(fd)
    return moved


def fence_call_dir(call_dir: str, ruleset: Optional[int]) -> None:
    """Writes only below `call_dir` from now on: the `ruleset` built for it before the fork, put
    in force here (and closed), else the whole fence built here."""
    if not pau_landlock.put_in_force(ruleset):
        pau_landlock.fence_writes(call_dir)


def _answer(result_fd: int, answer: Union[ChildResult, AgainLine]) -> None:
    """One line of the answer, after the output is flushed: when the worker has the line (its
    newline last) it has all the output too, without waiting for this process's teardown, or
    for a process the call left holding the pipe."""
    payload = json.dumps(answer, separators=(",", ":")).encode("utf-8")
    for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
        try:
            if stream is not None:
                stream.flush()
        except BaseException:  # noqa: B902
            pass
    if len(payload) < 1 << 16:
        write_all(result_fd, payload + b"\n")  # one write: the worker wakes once
    else:  # not copied (a result may be tens of megabytes, under the call's memory limit)
        write_all(result_fd, payload)
        write_all(result_fd, b"\n")


def wants_second_run(first: ChildResult) -> bool:
    """Whether a call that asked for `again` runs a second time: only one that ran (returned or
    raised); the worker waits for the second line by the same rule."""
    return first.get("status") in ("returned", "raised")


# How many descriptors a result names (ProbeResult.namedDescriptors): one says enough.
_NAMED_DESCRIPTORS = 8
# What a second run's SecondRun.shown keeps of its repr or message.
_SHOWN_CHARS = 200


def run_again(ctx: CallContext, request: ChildRequest, first: ChildResult, address_space: int, deadline: DeadlineType) -> SecondRun:
    """The same call once more in this process, as a user calling it twice in one interpreter
    would: arguments and receiver built again from their sources, the first run's objects still
    alive (a descriptor number, an id counter), `random` not seeded again, the wall clock read
    on (_clock_moved_on: a stamp of the time is no repeatable result). Its output goes to
    /dev/null and it is neither traced nor asked for comparisons, arguments or effects: what the
    call answers is the first run's. The worker bounds it by the call's deadline. With
    `againAfter`, that other call runs just before it, as a user's program calls in between."""
    try:
        quiet = os.open(os.devnull, os.O_WRONLY)  # before the guards are armed; Landlock allows it
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os.close(quiet)
    except OSError:
        return {"same": False, "status": "crashed", "shown": "its output could not be set aside"}
    again = cast("ChildRequest", {k: v for k, v in request.items() if k in ("args", "kwargs", "receiver", "apply", "limits")})
    between = request.get("againAfter")
    deadline.expired = False
    restore = _clock_moved_on()
    pau_guards.arm()
    try:
        if between is not None:
            # Another call first (ChildRequest.againAfter), under the same deadline; its result is not reported.
            other = cast("ChildRequest", dict(between, limits=request["limits"]))
            _execute(ctx, other, request["limits"], None, deadline, address_space)
            deadline.expired = False
        second = _execute(ctx, again, request["limits"], None, deadline, address_space)
    finally:
        pau_guards.disarm()
        restore()
    return second_run(first, second)


# How far the wall clock reads on in a call's second run: over a year, an hour, a minute and a
# second, so a result that carries the date or time in any form (gzip's mtime bytes, a formatted
# date) differs. The deadline is kept on time.monotonic, which is left alone.
_LATER_SECONDS = 400 * 86400 + 3661


def _clock_moved_on() -> Callable[[], None]:
    """Make `time`'s wall-clock readers run _LATER_SECONDS ahead, as a user's call a while later
    would see them; returns what puts them back. Only the module's attributes move: code that
    bound `from time import time` first, or reads the clock in C (datetime.now()), still sees
    the real time (the explorer's clock filter, src/explorer/clock.ts, is for those)."""
    real_time, real_time_ns = time.time, time.time_ns
    # The readers that take an optional time and read the clock without one.
    optional = ("localtime", "gmtime", "ctime")
    real = {name: getattr(time, name) for name in ("time", "time_ns") + optional}

    def later() -> float:
        return real_time() + _LATER_SECONDS

    def later_ns() -> int:
        return real_time_ns() + _LATER_SECONDS * 1_000_000_000

    def at_later(reader: Callable[..., Any]) -> Callable[..., Any]:
        def read(secs: Optional[float] = None) -> Any:
            return reader(later() if secs is None else secs)

        return read

    time.time, time.time_ns = later, later_ns
    for name in optional:
        setattr(time, name, at_later(real[name]))

    def restore() -> None:
        for name, reader in real.items():
            setattr(time, name, reader)

    return restore


def second_run(first: ChildResult, second: ChildResult) -> SecondRun:
    """SecondRun of two results of one call: the same when status, value (type, repr, the items
    iterated) or exception are; addresses are numbered afresh in each (render.Addresses)."""
    def rendering(result: ChildResult) -> object:
        value = result.get("value")
        shown = None if value is None else (value["type"], value["repr"], value.get("iteration"))
        applied = result.get("applied")  # what the returned object gave when called (apply)
        return (result.get("status"), shown, result.get("exception"), None if applied is None else json.dumps(applied, sort_keys=True))

    out: SecondRun = {"same": rendering(first) == rendering(second), "status": second["status"]}
    value, exception = second.get("value"), second.get("exception")
    if value is not None:
        out["shown"] = value["repr"][:_SHOWN_CHARS]
        if "data" in value:
            out["data"] = value["data"]
    elif exception is not None:
        out["shown"] = ("%s: %s" % (exception["type"], exception["message"]))[:_SHOWN_CHARS]
    return out


def _build(ctx: CallContext, request: ChildRequest, construction: Optional[Construction] = None) -> Built:
    namespace = dict(ctx.target.classes)

    def value(label: str, source: str) -> Any:
        try:
            return ctx.safe_args.evaluate(source, namespace)
        except ctx.safe_args.ArgumentRejected as exc:
            raise Rejected("%s: %s" % (label, exc))
        except BaseException as exc:  # noqa: B902 — a constructor in the argument raised
            message = str(exc) or type(exc).__name__
            raise Rejected("%s: building the value raised %s: %s" % (label, type(exc).__name__, message))

    args = [value("args[%d]" % i, s) for i, s in enumerate(request.get("args", []))]
    kwargs = {k: value("kwargs.%s" % k, s) for k, s in (request.get("kwargs") or {}).items()}
    apply = request.get("apply")
    if apply is not None:
        # What the returned object is then called with (_applied), and what that gave with `then`:
        # built with the call's own.
        calls: List[Tuple[str, AppliedCall]] = [("apply", apply)]
        then = apply.get("then")
        if then is not None:
            calls.append(("apply.then", then))
        applied: Optional[List[Tuple[List[Any], Dict[str, Any]]]] = [
            (
                [value("%s.args[%d]" % (label, i), s) for i, s in enumerate(call["args"])],
                {k: value("%s.kwargs.%s" % (label, k), s) for k, s in (call.get("kwargs") or {}).items()},
            )
            for label, call in calls
        ]
    else:
        applied = None
    receiver_source = request.get("receiver")
    if receiver_source is None:
        receiver = None
    elif construction is not None:
        receiver = construction.observed(lambda: value("receiver", receiver_source))
    else:
        receiver = value("receiver", receiver_source)
    not_it = ctx.target.not_the_receiver(receiver) if receiver_source is not None else None
    if not_it is not None:
        raise Rejected("receiver: " + not_it)
    # Inside the argument memory budget too: a receiver's arguments are built again here.
    built = _built_arguments(ctx, request, args, kwargs) if request.get("values") else None
    return args, kwargs, receiver, built, applied


class Construction:
    """What building a method's receiver compared its constructor's arguments with: `Color('abc')`
    raising "'abc' is not a valid Color" before the method ever runs, or `Mode(kind)` checking
    `kind in ('r', 'w')`. The call's own collector traces the construction with a Recorder of its
    own (the constructor's arguments, labelled as in its call), and its coverage hits are dropped:
    they are the constructor's, not the call's."""

    def __init__(self, collector: Collector, recorder: pau_comparisons.Recorder) -> None:
        self.collector = collector
        self.recorder = recorder

    def observed(self, build: Callable[[], Any]) -> Any:
        self.collector.observer = cast("Any", self.recorder)  # an Observer of coverage.py's
        self.collector.start()
        try:
            return build()
        finally:
            self.collector.stop()
            self.collector.observer = None
            self.collector.reset()

    def report(self) -> List[ComparisonRecord]:
        out = self.recorder.report()
        for record in out:
            record["construction"] = True
        return out

    @staticmethod
    def of(ctx: CallContext, request: ChildRequest, collector: Optional[Collector]) -> Optional[Construction]:
        """For a receiver written `Class(literals...)` (one of the module's classes, not filled by
        method calls first) of a call that asked for comparisons; None otherwise. The arguments are
        read with ast.literal_eval: equal values, which the recorder relates as the same argument."""
        source = request.get("receiver")
        if collector is None or ctx.scope is None or source is None or not request.get("comparisons"):
            return None
        try:
            node = ast.parse(source.strip(), mode="eval").body
        except SyntaxError:
            return None
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ctx.target.classes):
            return None
        labelled: List[Tuple[str, Any]] = []
        given = [("args[%d]" % i, a) for i, a in enumerate(node.args)]
        given += [("kwargs.%s" % k.arg, k.value) for k in node.keywords if k.arg is not None]
        for label, arg in given:
            try:
                labelled.append((label, ast.literal_eval(arg)))
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
        if not labelled:
            return None
        init = inspect.getattr_static(ctx.target.classes[node.func.id], "__init__", None)
        code = getattr(init, "__code__", None)
        own = (code, 1) if isinstance(code, types.CodeType) else None
        return Construction(collector, pau_comparisons.Recorder(labelled, ctx.scope, own))


def _preparing_calls(node: ast.expr) -> Tuple[ast.expr, List[Tuple[str, List[ast.expr]]]]:
    """A receiver the explorer filled by method calls first, `(lambda s: (s.push(3), s)[-1])(Stack())`
    (src/explorer/prepared-receiver.ts): the object it is made from and those calls (name,
    positional arguments); any other node is returned as it is, with no calls."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Lambda) and len(node.args) == 1 and not node.keywords):
        return node, []
    params = node.func.args
    body = node.func.body
    if [a.arg for a in params.args] != ["s"] or params.posonlyargs or params.kwonlyargs or params.vararg or params.kwarg:
        return node, []
    if not (isinstance(body, ast.Subscript) and isinstance(body.value, ast.Tuple) and ast.unparse(body.slice) == "-1"):
        return node, []
    *made, last = body.value.elts
    if not (isinstance(last, ast.Name) and last.id == "s"):
        return node, []
    calls: List[Tuple[str, List[ast.expr]]] = []
    for call in made:
        if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name)):
            return node, []
        if call.func.value.id != "s" or call.keywords or any(isinstance(a, ast.Starred) for a in call.args):
            return node, []
        calls.append((call.func.attr, list(call.args)))
    return node.args[0], calls


def _receiver_construction(ctx: CallContext, source: str) -> Optional[Tuple[str, List[Any], Dict[str, Any], List[Dict[str, Any]]]]:
    """A receiver written `Class(...)`, Class one of the module's, maybe filled by method calls
    first: (name, args, kwargs, calls) of plain data, each argument built again on its own; None
    when it was written another way or an argument is not plain data (then only the source could
    say how it was made)."""
    try:
        written = ast.parse(source.strip(), mode="eval").body
    except SyntaxError:
        return None
    node, preparing = _preparing_calls(written)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ctx.target.classes):
        return None
    if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
        return None
    namespace = dict(ctx.target.classes)
    try:
        def data(value: object) -> Any:
            return tagged(value) or _temporal(value)

        def built(arg: ast.expr) -> Any:
            return data(ctx.safe_args.evaluate(ast.unparse(arg), namespace))

        args = [built(a) for a in node.args]
        kwargs = {str(k.arg): built(k.value) for k in node.keywords}
        calls = [{"method": name, "args": [built(a) for a in call_args]} for name, call_args in preparing]
    except BaseException:  # noqa: B902 -- it built once already; any failure now just means "not plain"
        return None
    if any(v is None for v in args) or any(v is None for v in kwargs.values()) or any(v is None for c in calls for v in c["args"]):
        return None
    return node.func.id, args, kwargs, calls


def _temporal(value: Any) -> Optional[Dict[str, str]]:
    """A date, time or duration as ProbeResult.arguments carries it (exact types only; a time
    zone other than a fixed offset has no text that builds it again), else None."""
    cls = cast("type[object]", type(value))
    fixed = value.tzinfo is None or type(value.tzinfo) is datetime.timezone if cls in (datetime.datetime, datetime.time) else True
    if not fixed:
        return None
    if cls is datetime.date:
        return {"t": "temporal", "type": "date", "v": value.isoformat()}
    if cls is datetime.datetime:
        return {"t": "temporal", "type": "datetime", "v": value.isoformat()}
    if cls is datetime.time:
        return {"t": "temporal", "type": "time", "v": value.isoformat()}
    if cls is datetime.timedelta:
        return {"t": "temporal", "type": "timedelta", "v": "%d %d %d" % (value.days, value.seconds, value.microseconds)}
    return None


def _built_arguments(ctx: CallContext, request: ChildRequest, args: List[Any], kwargs: Dict[str, Any]) -> Dict[str, Any]:
    """ProbeResult.arguments: the built values as plain data, before the call can change them."""
    def plain(value: object) -> Any:
        data = tagged(value) or _temporal(value)
        if data is not None:
            return data
        try:
            kind = type_name(value)  # a metaclass may run code here: it is the call's own process
        except BaseException:  # noqa: B902
            kind = ""
        return {"t": "other", "type": kind, "repr": ""}

    out: Dict[str, Any] = {"args": [plain(a) for a in args], "kwargs": {k: plain(v) for k, v in kwargs.items()}}
    receiver_source = request.get("receiver")
    if receiver_source is not None:
        made = _receiver_construction(ctx, receiver_source)
        if made is None:
            out["receiverNotPlain"] = True
        else:
            out["receiver"] = {"className": made[0], "args": made[1], "kwargs": made[2]}
            if made[3]:
                out["receiver"]["calls"] = made[3]
    return out


def _build_bounded(ctx: CallContext, request: ChildRequest, used: int, construction: Optional[Construction] = None) -> Built:
    """_build under a lower memory limit (ARGUMENT_MEMORY on top of `used`, the address space
    in use before the call, 0 when unknown), restored for the call itself."""
    limits = resource  # None on Windows
    which = getattr(limits, "RLIMIT_AS", None)
    if limits is None or which is None:
        return _build(ctx, request, construction)
    soft, hard = limits.getrlimit(which)
    cap = used + ARGUMENT_MEMORY
    if not used or (soft != limits.RLIM_INFINITY and cap >= soft):
        return _build(ctx, request, construction)
    try:
        with pau_guards.exempt():
            limits.setrlimit(which, (cap, hard))
    except (ValueError, OSError):
        return _build(ctx, request, construction)
    try:
        return _build(ctx, request, construction)
    finally:
        with pau_guards.exempt():
            limits.setrlimit(which, (soft, hard))


def run(
    ctx: CallContext,
    request: ChildRequest,
    call_dir: str,
    collector: Optional[Collector],
    address_space: int,
    deadline: DeadlineType,
    held: Optional[List[Any]] = None,
    own_fds: Optional[Set[int]] = None,
) -> ChildResult:
    """`own_fds`: the descriptors the process holds before the call, when listed already."""
    limits = request["limits"]
    seed = request.get("seed")
    if seed is not None:
        reseed(int(seed))
    if request.get("values"):
        # The export's re-runs: writes below Python are recorded as effects too (write_recorder.py).
        pau_write_recorder.start()
        own_fds = None  # the recorder opened descriptors of its own: listed as the guards arm
    apply_limits(limits, ctx.nproc_cap, address_space)
    ctx.safe_args.use_scratch_folder(call_dir)  # scratch_file(...) arguments are written there
    pau_guards.arm(held=own_fds)
    try:
        return _execute(ctx, request, limits, collector, deadline, address_space, held, ctx.returned)
    finally:
        pau_guards.disarm()


def _execute(
    ctx: CallContext,
    request: ChildRequest,
    limits: WorkerLimits,
    collector: Optional[Collector],
    deadline: DeadlineType,
    address_space: int,
    held: Optional[List[Any]] = None,
    returned: Optional[mmap.mmap] = None,
) -> ChildResult:
    """Build the arguments, call, render: the part of a call that warm_up rehearses.
    `address_space`: what the process used before the call (apply_limits, _build_bounded);
    `held` gets the call's value, arguments and receiver (kept alive for a second run);
    `returned` (CallContext.returned) is set once the call has returned, before the render."""
    deadline_at = time.monotonic() + limits["timeoutMs"] / 1000.0
    construction = Construction.of(ctx, request, collector) if ctx.target.needs_receiver else None
    try:
        args, kwargs, receiver, built, apply = _build_bounded(ctx, request, address_space, construction)
    except Rejected as exc:
        refused = results.rejected(ctx.scrub(str(exc)))
        if construction is not None and construction.recorder.records:
            refused["comparisons"] = construction.report()
        return refused
    labelled = [("args[%d]" % i, a) for i, a in enumerate(args)]
    labelled += [("kwargs.%s" % k, v) for k, v in kwargs.items()]
    if ctx.target.needs_receiver:
        labelled.append(("receiver", receiver))
    # The explorer's calls on a method: what the object held, to say what the call did to it. Read
    # before the snapshots: a public property may fill a cache on first read (pyparsing's `name`),
    # which is the worker's doing, not the call's.
    state_before = pau_object_state.state(receiver) if ctx.target.needs_receiver and request.get("comparisons") else None
    before = [snapshot(obj) for _, obj in labelled]
    keys_before = [_instance_keys(obj) for _, obj in labelled]

    recorder = None
    if collector is not None:
        if request.get("comparisons") and ctx.scope is not None:
            code = ctx.target.code
            skip = 1 if ctx.target.kind in ("method", "classmethod") else 0
            recorder = pau_comparisons.Recorder(labelled, ctx.scope, None if code is None else (code, skip))
            collector.observer = cast("Any", recorder)  # an Observer of coverage.py's
        collector.start()
    pau_write_recorder.discard()  # what building the arguments wrote (scratch files) is not the call's
    value, error, duration_ms = _invoke(ctx.target, receiver, args, kwargs)
    applied = None
    if apply is not None and error is None:
        # What it returned, called in turn (a factory's function, a decorator's wrapper): traced and
        # guarded as the call itself, and timed with it.
        applied = _timed(lambda: _called_in_turn(value, apply), True)
        duration_ms += applied[2]
    # Returned (and what it returned applied): from here on only rendering runs, which the worker
    # gives its grace; a call still running at timeoutMs is killed then.
    if returned is not None:
        returned[0] = 1
    if held is not None:
        held.extend((value, error, args, kwargs, receiver))
    # Rendering a value of a plain built-in type runs no code of the target's: the tracer
    # (sys.settrace before 3.12, called on every frame the renderer enters) stops first.
    traced_render = collector is not None and (error is not None or type(value) not in _PLAIN_TYPES)
    if collector is not None and not traced_render:
        collector.stop()

    # Rendering may run user code too (__repr__, generators): it gets what is left of the
    # call's time, and at least MIN_RENDER_SECONDS.
    deadline.start(max(deadline_at - time.monotonic(), MIN_RENDER_SECONDS))
    renderer = Renderer(limits, deadline, ctx.scrub)
    # What the call changed, read before the worker runs anything on its objects: rendering runs
    # their code (a returned pyparsing element caches its name on its first repr, so a method that
    # gave back its object unchanged read as changing it; the re-check's pickles agreed it did not).
    filled: Set[str] = set()
    changed = _changed(renderer, labelled, before, keys_before, filled)
    state_after = _state(renderer, receiver) if state_before is not None else None
    out: ChildResult = {"status": "raised" if error is not None else "returned", "mutations": [], "durationMs": round(duration_ms, 3)}
    if error is not None:
        out["exception"] = cast("ProbeResultException", renderer.exception(error))
    else:
        # Rendering iterates generators: still covered, and timed as part of the call (the
        # call only made the generator; its items are the work).
        rendering = time.perf_counter()
        out["value"] = renderer.value(value)
        if "iteration" in out["value"]:
            out["durationMs"] = round(duration_ms + (time.perf_counter() - rendering) * 1000.0, 3)
            # What iterating it changed is the call's too (a generator that pops from its argument).
            changed |= _changed(renderer, labelled, before, keys_before, filled)
            state_after = _state(renderer, receiver) if state_before is not None else None
        if applied is not None:
            out["applied"] = _applied(renderer, applied[0], applied[1])
    if collector is not None:
        if traced_render:
            collector.stop()
        collector.observer = None
        out["coverageHits"] = collector.report()
    if recorder is not None or construction is not None:
        compared = (recorder.report() if recorder is not None else []) + (construction.report() if construction is not None else [])
        if compared or recorder is not None:
            out["comparisons"] = compared
    out["mutations"] = _mutations(renderer, labelled, changed)
    if filled - changed:
        out["cacheFilled"] = sorted(filled - changed)
    rendered = out.get("value")
    if request.get("comparisons") and rendered is not None and _ADDRESS.search(rendered["repr"]):
        shown = renderer.guarded(lambda: pau_object_state.state(value), lambda why: None)
        if shown is not None:
            out["valueState"] = shown
    if request.get("comparisons") and ctx.target.needs_receiver and error is None and value is receiver:
        out["returnedReceiver"] = True
    if state_before is not None and state_after is not None:
        change: ProbeResultReceiverState = {"before": state_before, "after": state_after}
        out["receiverState"] = change
    named = pau_guards.named_descriptors()
    if named:
        out["namedDescriptors"] = cast("List[float]", named[:_NAMED_DESCRIPTORS])  # JSON numbers: protocol.py types them as float
    if built is not None:
        out["arguments"] = cast("BuiltArguments", built)
        acted = sorted(set(pau_guards.effects()) | set(pau_write_recorder.seen()))
        if acted:
            out["effects"] = acted  # a few dozen event names at most: within MAX_ITEMS
    deadline.stop()
    return out


def _invoke(target: Target, receiver: Any, args: List[Any], kwargs: Dict[str, Any]) -> Tuple[Any, Optional[BaseException], float]:
    """(value, exception, milliseconds) of the call itself."""
    return _timed(lambda: target.invoke(receiver, args, kwargs), target.is_async)


def _timed(call: Callable[[], Any], awaited: bool) -> Tuple[Any, Optional[BaseException], float]:
    """(value, exception, milliseconds) of `call`; a coroutine it returns is run when `awaited`."""
    value: Any = None
    error: Optional[BaseException] = None
    started = time.perf_counter()
    try:
        value = call()
        if awaited and inspect.iscoroutine(value):
            import asyncio  # imported by the worker already when the target is async

            value = asyncio.run(value)
    except BaseException as exc:  # noqa: B902 — SystemExit and KeyboardInterrupt are results too
        error = exc
    return value, error, (time.perf_counter() - started) * 1000.0


def _called_in_turn(obj: Any, calls: List[Tuple[List[Any], Dict[str, Any]]]) -> Any:
    """What a returned object gives called with each call's arguments, each on what the last gave:
    `g(abs)`, then what that made, `(-3)` (CallRequest.apply and its `then`)."""
    for args, kwargs in calls:
        obj = obj(*args, **kwargs)
    return obj


def _applied(renderer: Renderer, value: Any, error: Optional[BaseException]) -> AppliedResult:
    """ProbeResult.applied: what calling the returned object gave."""
    if error is not None:
        return {"status": "raised", "exception": cast("ProbeResultException", renderer.exception(error))}
    return {"status": "returned", "value": renderer.value(value)}


def _changed(
    renderer: Renderer,
    labelled: List[Tuple[str, Any]],
    before: List[Union[bytes, str, None]],
    keys_before: List[Optional[FrozenSet[str]]],
    filled: Set[str],
) -> Set[str]:
    """The labels of the arguments whose snapshot is no longer what it was `before`; those whose only
    change was a cached property storing its value (cache_fills) go to `filled` instead."""
    out: Set[str] = set()
    for (label, obj), old, keys in zip(labelled, before, keys_before):
        if old is None:
            continue
        verdict = renderer.guarded(lambda: _compared(obj, cast("Union[bytes, str]", old), keys), lambda why: "same")
        if verdict == "changed":
            out.add(label)
        elif verdict == "filled":
            filled.add(label)
    return out


def _compared(obj: object, old: Union[bytes, str], keys_before: Optional[FrozenSet[str]]) -> str:
    """"same", "filled" (only cache fills differ) or "changed", against the snapshot `old`."""
    if snapshot(obj) == old:
        return "same"
    fills = cache_fills(obj, keys_before)
    return "filled" if fills and _snapshot_without(obj, fills) == old else "changed"


def _instance_keys(obj: object) -> Optional[FrozenSet[str]]:
    """The names in obj's own attribute dict, or None when it has none."""
    attributes = own_attributes(obj)
    return None if attributes is None else frozenset(k for k in attributes if isinstance(k, str))


def cache_fills(obj: object, keys_before: Optional[FrozenSet[str]]) -> List[str]:
    """Names obj's own attributes gained since `keys_before` that its class has as a cached property:
    a non-data descriptor (it has __get__, neither __set__ nor __delete__) that is not a function or
    method, which stores what it computed under its own name on first read (functools.cached_property,
    boltons' cachedproperty: URL.navigate reads its receiver's query_params). What it stored changes
    nothing the object shows: the read gives the same either way."""
    attributes = own_attributes(obj) if keys_before is not None else None
    if attributes is None or keys_before is None:
        return []
    fills: List[str] = []
    for name in attributes:
        if not isinstance(name, str) or name in keys_before:
            continue
        try:
            kind: type = type(cast(object, inspect.getattr_static(type(obj), name)))
        except AttributeError:
            continue
        if kind in _NOT_CACHES or not hasattr(kind, "__get__") or hasattr(kind, "__set__") or hasattr(kind, "__delete__"):
            continue
        fills.append(name)
    return fills


# Non-data descriptors that are no cache: an attribute of that name set on the object replaces them.
_NOT_CACHES = (types.FunctionType, types.BuiltinFunctionType, types.MethodType, staticmethod, classmethod, types.MethodDescriptorType)


def _snapshot_without(obj: object, names: List[str]) -> Union[bytes, str, None]:
    """snapshot(obj) without those of its own attributes: its attribute dict is put back as it was,
    in its order, right after."""
    attributes = own_attributes(obj)
    if attributes is None:
        return snapshot(obj)
    kept = list(attributes.items())
    try:
        for name in names:
            del attributes[name]
        return snapshot(obj)
    finally:
        attributes.clear()
        attributes.update(kept)


def _mutations(renderer: Renderer, labelled: List[Tuple[str, Any]], changed: Set[str]) -> List[ProbeResultMutationsItem]:
    """The arguments `changed` names, with their new repr."""
    return [{"arg": label, "repr": renderer.text(obj)[0]} for label, obj in labelled if label in changed]


def _state(renderer: Renderer, receiver: Any) -> Optional[ObjectState]:
    """What the receiver holds now (object_state.py), under the render's deadline."""
    return renderer.guarded(lambda: pau_object_state.state(receiver), lambda why: None)
