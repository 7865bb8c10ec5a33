"""Coverage of the target function: lines and branch arcs of its code object and of the
code objects nested in it (inner functions, lambdas, comprehensions before 3.12).

Definitions (the same on every Python version):
- a *line* is a source line holding at least one instruction of those code objects, not
  counting the prologue (everything up to the first RESUME, GEN_START);
- an *arc* is one outcome of a conditional branch instruction (POP_JUMP_IF_*, the
  JUMP_IF_*_OR_POP family, FOR_ITER): (instruction, destination). Every such instruction
  has two outcomes, so `total` arcs = 2 x the number of branch instructions (a static
  count from `dis`); `hit` counts the distinct outcomes seen, at most two per instruction.

Collection: sys.monitoring LINE and BRANCH events restricted to those code objects on
3.12+, sys.settrace with per-frame line and (on branch lines only) opcode events before.
Before 3.12, hot loops are made cheap by saturation: a code object whose events found no new
line, arc or comparison record for QUIET events in a row stops its frames' line and opcode events
(and its later frames start without them, but for the 1st, 2nd, 4th, 8th... since it last found
something, which get FRESH events to find it). At the frame's return, yield or first exception,
ran_between adds what certainly ran since: the lines on every path from the muted point to that
point, and the branch outcomes that alone lead there. Lost: lines and outcomes first reached in a
muted frame on only some of those paths (an `if` or a second loop after a long loop, a late
`break`); never a line that did not run.
On 3.12+, LINE events are disabled once seen and BRANCH events once both outcomes were; a
branch that took the same outcome QUIET times in a row is disabled too, and its frame's return,
yield or raise adds the other outcome when ran_between shows it was taken. Disabling holds for
every later frame of the code, so the 1st, 2nd, 4th, 8th... return of such code since a branch
last found something enables them again for FRESH events (sys.monitoring.restart_events).
Hits travel to the warm worker as line numbers and offsets, where the session-wide union
lives; only counts ever reach the host.
"""
from __future__ import annotations

import dis
import sys
import types
from pau_probe import ran_between
from pau_probe.checking import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from types import CodeType, FrameType
    from typing import Callable, Dict, Iterable, Iterator, List, Optional, Protocol, Set, Sized, Tuple

    from pau_probe.protocol import CoverageHits, ProbeResultCoverage

    # (code object index, branch instruction offset, destination offset); the index is None for
    # an event on code outside the static map, which report() leaves out.
    Arc = Tuple[Optional[int], int, int]
    Tracer = Callable[[FrameType, str, object], Optional["Tracer"]]

    class Observer(Protocol):
        """What the tracer calls at line events (comparisons.Recorder)."""

        active: bool

        @property
        def records(self) -> Sized: ...
        def wants(self, code: CodeType) -> bool: ...
        def line(self, frame: FrameType, code: CodeType, line: int) -> bool: ...

    class _Events(Protocol):
        LINE: int
        BRANCH: int
        PY_RETURN: int
        PY_YIELD: int
        RAISE: int

    class _Monitoring(Protocol):
        """The parts of sys.monitoring (Python 3.12+) the collector uses."""

        COVERAGE_ID: int
        DISABLE: object
        events: _Events

        def use_tool_id(self, tool_id: int, name: str) -> None: ...
        def register_callback(self, tool_id: int, event: int, func: Callable[..., object]) -> object: ...
        def set_local_events(self, tool_id: int, code: CodeType, event_set: int) -> None: ...
        def set_events(self, tool_id: int, event_set: int) -> None: ...
        def get_events(self, tool_id: int) -> int: ...
        def restart_events(self) -> None: ...

_PROLOGUE = {"RESUME", "GEN_START", "RETURN_GENERATOR", "MAKE_CELL", "COPY_FREE_VARS"}
_IGNORED = {"CACHE", "EXTENDED_ARG"}
# Events in a row on one code object that found no new line, arc or comparison record before its
# frames stop reporting lines (sys.settrace only; a few hundred passes of a loop body).
QUIET = 2000
# Events a later frame of saturated code (a branch's, on 3.12+) may spend finding something new
# before it is muted too. Only the 1st, 2nd, 4th, 8th... frame since the code last found something
# gets them, so a later call that takes another path is seen without a helper called a million
# times paying for a look at each.
FRESH = 200


def _fresh_look(frames: int) -> bool:
    """Whether the frames-th frame of saturated code gets FRESH events: a power of two."""
    return frames & (frames - 1) == 0


def _is_branch(opname: str) -> bool:
    if opname == "FOR_ITER":
        return True
    if sys.version_info >= (3, 12):
        return opname.startswith("POP_JUMP_IF_")
    return opname.startswith(("POP_JUMP_", "JUMP_IF_")) and not opname.startswith("POP_JUMP_BACKWARD_NO")


def code_objects(code: CodeType) -> List[CodeType]:
    """The code object and every code object nested in it, depth first."""
    out = [code]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            out.extend(code_objects(const))
    return out


def _instructions_with_lines(code: CodeType) -> Iterator[Tuple[dis.Instruction, Optional[int]]]:
    line: Optional[int] = None
    for ins in dis.get_instructions(code):
        if sys.version_info >= (3, 11):
            line = ins.positions.lineno if ins.positions else None
        elif ins.starts_line is not None:
            line = ins.starts_line
        yield ins, line


class StaticMap:
    """What can be covered: executable lines and branch instructions of the target."""

    def __init__(self, code: CodeType) -> None:
        self.codes = code_objects(code)
        # Each code's index by id(code), not by the code: hashing a code object hashes its whole
        # content (1.4 us on 3.11, 5 us on 3.13 for a mid-sized function), and the tracer looks
        # one up at every event. self.codes keeps them alive, so no other object has their ids.
        self.index_of_id = {id(c): i for i, c in enumerate(self.codes)}
        self.lines: Set[int] = set()
        # per code index: offsets of branch instructions; lines holding one
        self.branches: Dict[int, Set[int]] = {}
        self.branch_lines: Dict[int, Set[int]] = {}
        # per code index: the line of each counted instruction (what a line event would report)
        self.line_of: Dict[int, Dict[int, int]] = {}
        self._graphs: Dict[int, ran_between.Graph] = {}
        # ran()'s answers: a helper called a million times returns from the same few points
        self._ran: Dict[Tuple[int, int, int], Tuple[Set[int], Set[Arc]]] = {}
        for i, c in enumerate(self.codes):
            offsets: Set[int] = set()
            lines: Set[int] = set()
            line_of: Dict[int, int] = {}
            has_resume = any(ins.opname == "RESUME" for ins in dis.get_instructions(c))
            in_prologue = has_resume
            for ins, line in _instructions_with_lines(c):
                if in_prologue:
                    if ins.opname == "RESUME":
                        in_prologue = False
                    continue
                if ins.opname in _PROLOGUE or ins.opname in _IGNORED:
                    continue
                if line is not None and line > 0:
                    self.lines.add(line)
                    line_of[ins.offset] = line
                if _is_branch(ins.opname):
                    offsets.add(ins.offset)
                    if line is not None:
                        lines.add(line)
            self.branches[i] = offsets
            self.branch_lines[i] = lines
            self.line_of[i] = line_of
        self.arc_total = 2 * sum(len(v) for v in self.branches.values())

    def ran(self, ci: int, start: int, end: int) -> Tuple[Set[int], Set[Arc]]:
        """Lines and arcs that certainly ran in a frame of code `ci` from offset start to end."""
        known = self._ran.get((ci, start, end))
        if known is not None:
            return known
        graph = self._graphs.get(ci)
        if graph is None:
            graph = self._graphs[ci] = ran_between.graph(self.codes[ci])
        on_path = ran_between.dominators(graph, start, end)
        line_of = self.line_of[ci]
        lines = {line_of[o] for o in on_path if o in line_of}
        arcs: Set[Arc] = {(ci, b, d) for b, d in ran_between.taken(graph, on_path, self.branches[ci], end)}
        self._ran[(ci, start, end)] = (lines, arcs)
        return lines, arcs

    def monitored_dest(self, ci: int, branch: int, dest: int) -> int:
        """The destination sys.monitoring's BRANCH event reports for a successor from `dis`:
        FOR_ITER's exit skips END_FOR (3.12) and the POP_TOP after it (3.13)."""
        listing = [(i.offset, i.opname) for i in dis.get_instructions(self.codes[ci])]
        where = {offset: k for k, (offset, _) in enumerate(listing)}
        if listing[where[branch]][1] != "FOR_ITER" or dest == listing[where[branch] + 1][0]:
            return dest
        skip = ["END_FOR"] if sys.version_info < (3, 13) else ["END_FOR", "POP_TOP"]
        k = where[dest]
        for name in skip:
            if k < len(listing) and listing[k][1] == name:
                k += 1
        return listing[k][0] if k < len(listing) else dest

    def counts(self, lines: Iterable[int], arcs: Iterable[Arc]) -> Tuple[Set[int], Set[Arc]]:
        """(lines hit, arcs hit) restricted to what the static map knows, arcs capped at two
        outcomes per instruction."""
        line_hits = set(lines) & self.lines
        per_instruction: Dict[Tuple[Optional[int], int], Set[int]] = {}
        kept: Set[Arc] = set()
        for ci, offset, dest in arcs:
            if ci is None or offset not in self.branches.get(ci, ()):
                continue
            seen = per_instruction.setdefault((ci, offset), set())
            if len(seen) < 2:
                seen.add(dest)
                kept.add((ci, offset, dest))
        return line_hits, kept


class Collector:
    """Collects hits in the call's child. `prepare` runs before the request arrives."""

    def __init__(self, static: StaticMap) -> None:
        self.static = static
        self.lines: Set[int] = set()
        self.arcs: Set[Arc] = set()
        self.active = False
        # A comparisons.Recorder for the call when it asked for them: it sees the line events of
        # the target's code and of the rest of its package (the same hooks, no second tracer).
        self.observer: Optional[Observer] = None
        self._monitoring = sys.version_info >= (3, 12) and hasattr(sys, "monitoring")
        self._tool: Optional[int] = None

    # -- 3.12+: sys.monitoring, events only on the target's code objects ---------------

    def prepare(self) -> None:
        if not self._monitoring:
            return
        mon: _Monitoring = getattr(sys, "monitoring")  # Python 3.12+ only, checked in __init__
        for tool in (mon.COVERAGE_ID, 2, 3, 4):
            try:
                mon.use_tool_id(tool, "pau-probe")
            except ValueError:
                continue
            self._tool = tool
            break
        if self._tool is None:
            return
        disable = mon.DISABLE
        index = self.static.index_of_id
        lines, arcs = self.lines, self.arcs
        outcomes: Dict[Tuple[Optional[int], int], Set[int]] = {}

        getframe = sys._getframe  # pyright: ignore[reportPrivateUsage] -- CPython's, documented in sys

        def on_line(code: CodeType, line: int) -> object:
            if not self.active:
                return None
            covered = id(code) in index
            if covered:
                lines.add(line)
            observer = self.observer
            if observer is not None and observer.active and (covered or observer.wants(code)):
                if observer.line(getframe(1), code, line):
                    return None  # a line with comparisons: seen again on every pass
            return disable

        # A branch whose one outcome repeated QUIET times (a hot loop's FOR_ITER) is disabled
        # too; the frame's return, yield or raise then tells, through ran_between, whether the
        # other outcome was certainly taken.
        repeats: Dict[Tuple[Optional[int], int], int] = {}
        # per frame: (code index, branch, where the frame was since then known to be)
        muted: Dict[FrameType, List[Tuple[int, int, int]]] = {}
        # Disabling is per location, not per frame: the branches disabled that way, and the frames
        # of their codes returned since a branch last found something, so that some later frames
        # see them again.
        quieted: Set[Tuple[int, int]] = set()
        returned = [0]
        tool = self._tool
        ends = mon.events.PY_RETURN | mon.events.PY_YIELD

        def on_branch(code: CodeType, offset: int, dest: int) -> object:
            if not self.active:
                return None
            ci = index.get(id(code))
            arcs.add((ci, offset, dest))
            seen = outcomes.setdefault((ci, offset), set())
            if dest not in seen:
                seen.add(dest)
                repeats[(ci, offset)] = 0
                returned[0] = 0
                return disable if len(seen) >= 2 else None
            if len(seen) >= 2:  # (enabled again by restart_events)
                return disable
            count = repeats[(ci, offset)] = repeats.get((ci, offset), 0) + 1
            if count <= QUIET or ci is None:
                return None
            muted.setdefault(getframe(1), []).append((ci, offset, offset))
            quieted.add((ci, offset))
            mon.set_local_events(tool, code, mon.events.LINE | mon.events.BRANCH | ends)
            mon.set_events(tool, mon.get_events(tool) | mon.events.RAISE)  # (not a local event)
            return disable

        def settle(code: CodeType, offset: int, resumes: bool) -> None:
            if not muted:  # (a later frame of the code, muted from its start: nothing to add)
                return
            frame = getframe(2)  # settle <- on_return (on_yield, on_raise) <- the frame
            for ci, branch, start in muted.pop(frame, ()):
                for _, source, dest in self.static.ran(ci, start, offset)[1]:
                    if source == branch:
                        reported = self.static.monitored_dest(ci, branch, dest)
                        arcs.add((ci, branch, reported))
                        outcomes.setdefault((ci, branch), set()).add(reported)
                if resumes:  # a yield: the frame goes on from there
                    muted.setdefault(frame, []).append((ci, branch, offset))

        def fresh_look() -> None:
            """The quieted branches are seen again, for FRESH events each."""
            if not self.active:
                return
            # restart_events enables every disabled location again; those already done (lines
            # seen, branches with both outcomes) disable themselves at their next event.
            for key in quieted:
                if len(outcomes.get(key, ())) < 2:
                    repeats[key] = QUIET - FRESH
            mon.restart_events()

        def on_return(code: CodeType, offset: int, value: object) -> object:
            if muted:
                settle(code, offset, False)
            frames = returned[0] = returned[0] + 1
            if frames & (frames - 1) == 0:  # (_fresh_look, inline: at every return of such code)
                fresh_look()
            return None

        def on_yield(code: CodeType, offset: int, value: object) -> object:
            settle(code, offset, True)
            return None

        def on_raise(code: CodeType, offset: int, exc: BaseException) -> object:
            # A Python iterator's end inside FOR_ITER is no exception edge (ran_between).
            if not (type(exc) is StopIteration and offset in self.static.branches.get(index.get(id(code), -1), ())):
                settle(code, offset, False)
            return None

        mon.register_callback(tool, mon.events.LINE, on_line)
        mon.register_callback(tool, mon.events.BRANCH, on_branch)
        mon.register_callback(tool, mon.events.PY_RETURN, on_return)
        mon.register_callback(tool, mon.events.PY_YIELD, on_yield)
        mon.register_callback(tool, mon.events.RAISE, on_raise)
        for code in self.static.codes:
            mon.set_local_events(self._tool, code, mon.events.LINE | mon.events.BRANCH)

    # -- before 3.12: sys.settrace on the target's frames only -----------------------------

    def _tracer(self) -> Tracer:
        index = self.static.index_of_id
        branches = self.static.branches
        branch_lines = self.static.branch_lines
        lines, arcs = self.lines, self.arcs
        pending: Dict[FrameType, int] = {}
        # Saturation (module docstring): per code object, events in a row that found nothing new;
        # a list by code index for the target's (the hot path), a dict for the package's others.
        limit = QUIET
        repeats = [0] * len(index)
        # per code index: frames begun on it since it saturated (reset when it finds something)
        begun = [0] * len(index)
        # (by id(code), the codes kept alive in `seen` so that no other code gets their ids)
        quiet: Dict[int, int] = {}
        seen: List[CodeType] = []
        found = [0]  # comparison records after the last observed event
        # frames whose line events were stopped, and the instruction they stopped at
        muted: Dict[FrameType, int] = {}

        def learned(code: CodeType) -> bool:
            """Count an observed event; False once the code's have found nothing for QUIET in a row."""
            observer = self.observer
            now = len(observer.records) if observer is not None else 0
            key = id(code)
            if key not in quiet:
                seen.append(code)
            if now != found[0]:
                found[0] = now
                quiet[key] = 0
                return True
            count = quiet.get(key, 0) + 1
            quiet[key] = count
            return count <= limit

        def mute(frame: FrameType, at: int) -> None:
            frame.f_trace_lines = False
            frame.f_trace_opcodes = False
            pending.pop(frame, None)
            muted[frame] = at

        def resume(frame: FrameType, ci: int, end: int) -> None:
            """What certainly ran since the frame was muted (ran_between), up to `end`."""
            start = muted.pop(frame, None)
            if start is not None:
                ran_lines, ran_arcs = self.static.ran(ci, start, end)
                lines.update(ran_lines)
                arcs.update(ran_arcs)
                observer = self.observer
                if observer is not None and observer.active:
                    # A comparison after a long loop had no line event: the frame's locals now
                    # (an argument compared with a constant is still that argument).
                    for line in sorted(ran_lines):
                        observer.line(frame, frame.f_code, line)

        def local(frame: FrameType, event: str, arg: object) -> Tracer:
            code = frame.f_code
            ci = index[id(code)]
            if event == "line" or event == "opcode":
                offset = frame.f_lasti
                new = False
                source = pending.pop(frame, None)
                if source is not None and source != offset and (ci, source, offset) not in arcs:
                    arcs.add((ci, source, offset))
                    new = True
                if event == "line":
                    line = frame.f_lineno
                    if line not in lines:
                        lines.add(line)
                        new = True
                    frame.f_trace_opcodes = line in branch_lines[ci]
                    observer = self.observer
                    if observer is not None and observer.active:
                        before = len(observer.records)
                        observer.line(frame, code, line)
                        new = new or len(observer.records) != before
                if offset in branches[ci]:
                    pending[frame] = offset
                if new:
                    repeats[ci] = 0
                    begun[ci] = 0
                else:
                    repeats[ci] += 1
                    if repeats[ci] > limit:
                        mute(frame, offset)
            elif event == "return":
                pending.pop(frame, None)
                resume(frame, ci, frame.f_lasti)
                lines.add(frame.f_lineno)
            elif event == "exception" and frame in muted:
                # Exception edges are not in ran_between's graph: what ran up to the raise is
                # known, what runs after it (a handler) is not. A Python iterator's end inside
                # FOR_ITER is no such edge.
                raised = cast("Tuple[object, ...]", arg)[0] if type(arg) is tuple else None
                if not (raised is StopIteration and frame.f_lasti in branches[ci]):
                    resume(frame, ci, frame.f_lasti)
                    lines.add(frame.f_lineno)
            return local

        def observed(frame: FrameType, event: str, arg: object) -> Optional[Tracer]:
            # The package's other code: comparisons only, until the recorder has enough.
            observer = self.observer
            if observer is None or not observer.active:
                frame.f_trace_lines = False  # (returning None does not stop a frame's line events)
                return None
            if event == "line":
                observer.line(frame, frame.f_code, frame.f_lineno)
                if not learned(frame.f_code):
                    frame.f_trace_lines = False
            return observed

        def global_(frame: FrameType, event: str, arg: object) -> Optional[Tracer]:
            code = frame.f_code
            ci = index.get(id(code))
            if ci is not None:
                if repeats[ci] > limit:  # saturated: a new frame or a generator resumed
                    begun[ci] += 1
                    if _fresh_look(begun[ci]):
                        repeats[ci] = limit - FRESH
                        frame.f_trace_lines = True
                    else:
                        mute(frame, max(frame.f_lasti, 0))
                else:
                    frame.f_trace_lines = True
                return local
            observer = self.observer
            if observer is not None and observer.active and quiet.get(id(code), 0) <= limit and observer.wants(code):
                frame.f_trace_lines = True
                return observed
            return None

        return global_

    def start(self) -> None:
        self.active = True
        if not self._monitoring:
            sys.settrace(self._tracer())
        elif self.observer is not None and self._tool is not None:
            # LINE everywhere, not only on the target's code: the package's code is in scope too.
            mon: _Monitoring = getattr(sys, "monitoring")  # 3.12+
            mon.set_events(self._tool, mon.events.LINE)

    def stop(self) -> None:
        self.active = False
        if not self._monitoring:
            sys.settrace(None)
        elif self._tool is not None:  # (the observer's LINE, a muted branch's RAISE)
            mon: _Monitoring = getattr(sys, "monitoring")  # 3.12+
            mon.set_events(self._tool, 0)

    def reset(self) -> None:
        self.lines.clear()
        self.arcs.clear()

    def report(self) -> CoverageHits:
        return {"lines": sorted(self.lines), "arcs": sorted((ci, offset, dest) for ci, offset, dest in self.arcs if ci is not None)}


class Union:
    """The session-wide union of hits, kept in the warm worker."""

    def __init__(self, static: StaticMap) -> None:
        self.static = static
        self.lines: Set[int] = set()
        self.arcs: Set[Arc] = set()

    def merge(self, report: CoverageHits) -> ProbeResultCoverage:
        # JSON integers (protocol.ts's `number`), as Collector.report() wrote them; counts()
        # keeps only the lines and arcs the static map knows.
        hit_lines = cast("List[int]", report.get("lines", []))
        hit_arcs = cast("Iterable[Arc]", (tuple(a) for a in report.get("arcs", ())))
        lines, arcs = self.static.counts(hit_lines, hit_arcs)
        new_lines = lines - self.lines
        new_arcs = arcs - self.arcs
        self.lines |= lines
        self.arcs |= arcs
        return {
            "lines": {"hit": len(lines), "total": len(self.static.lines), "new": len(new_lines)},
            "arcs": {"hit": len(arcs), "total": self.static.arc_total, "new": len(new_arcs)},
        }
