"""What certainly ran in a frame between two instructions, read from its code's control flow.

The coverage tracer (coverage.py) stops a frame's line events (before 3.12) or a branch's
events (3.12+) once they teach nothing new (a hot loop); when the frame then returns it knows
two points: the instruction where events
stopped and the one it returned (or yielded) at. Every path of the control-flow graph from the
first to the second passes through the first's dominators of the second, so those instructions
ran, and a branch instruction among them took an outcome if only that outcome can lead on to the
end without coming back through the branch. Sound only when no exception was raised in between
(exception edges are not in the graph): the tracer sees those as 'exception' events and then
does not ask.
"""
from __future__ import annotations

import dis
from pau_probe.checking import TYPE_CHECKING

if TYPE_CHECKING:
    from types import CodeType
    from typing import Dict, FrozenSet, List, Set, Tuple

    # instruction offset -> offsets that can run next (without an exception)
    Graph = Dict[int, Tuple[int, ...]]

_UNCONDITIONAL = {"JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_ABSOLUTE", "JUMP_BACKWARD_NO_INTERRUPT", "JUMP", "JUMP_NO_INTERRUPT"}
_ENDS = {"RETURN_VALUE", "RETURN_CONST", "RAISE_VARARGS", "RERAISE"}
# Jump arguments that name an exception handler, not a next instruction (before 3.11).
_HANDLERS = {"SETUP_FINALLY", "SETUP_WITH", "SETUP_ASYNC_WITH", "SETUP_CLEANUP"}
_JUMPS = set(dis.hasjrel) | set(dis.hasjabs)


def graph(code: CodeType) -> Graph:
    """The successors of each instruction, as `dis` lists them (EXTENDED_ARG included: a jump
    lands on it, and the tracer reports it as the next instruction)."""
    ins = list(dis.get_instructions(code))
    out: Graph = {}
    for k, i in enumerate(ins):
        nxt = (ins[k + 1].offset,) if k + 1 < len(ins) else ()
        if i.opname in _ENDS:
            out[i.offset] = ()
        elif i.opcode in _JUMPS and i.opname not in _HANDLERS and isinstance(i.argval, int):
            out[i.offset] = (i.argval,) if i.opname in _UNCONDITIONAL else nxt + (i.argval,)
        else:
            out[i.offset] = nxt
    return out


def _reachable(g: Graph, start: int, removed: int = -1) -> Set[int]:
    seen = {start}
    todo = [start]
    while todo:
        for n in g.get(todo.pop(), ()):
            if n not in seen and n != removed:
                seen.add(n)
                todo.append(n)
    return seen


def dominators(g: Graph, start: int, end: int) -> FrozenSet[int]:
    """The instructions on every path from start to end (both included); empty when end is
    not reachable from start, so nothing is claimed."""
    nodes = sorted(_reachable(g, start))
    if end not in nodes:
        return frozenset()
    bit = {n: 1 << k for k, n in enumerate(nodes)}
    preds: Dict[int, List[int]] = {n: [] for n in nodes}
    for n in nodes:
        for s in g.get(n, ()):
            if s in preds:
                preds[s].append(n)
    everything = (1 << len(nodes)) - 1
    dom = {n: everything for n in nodes}
    dom[start] = bit[start]
    changed = True
    while changed:
        changed = False
        for n in nodes:
            if n == start:
                continue
            new = everything
            for p in preds[n]:
                new &= dom[p]
            new |= bit[n]
            if new != dom[n]:
                dom[n] = new
                changed = True
    mask = dom[end]
    return frozenset(n for n in nodes if mask & bit[n])


def taken(g: Graph, on_path: FrozenSet[int], branches: Set[int], end: int) -> Set[Tuple[int, int]]:
    """(branch, destination) outcomes certainly taken: branches on every path whose only
    successor that can reach the end without passing the branch again is that destination."""
    out: Set[Tuple[int, int]] = set()
    for b in on_path & branches:
        leading = [d for d in set(g.get(b, ())) if d == end or end in _reachable(g, d, removed=b)]
        if len(leading) == 1:
            out.add((b, leading[0]))
    return out
