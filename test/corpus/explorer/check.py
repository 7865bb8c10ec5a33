"""Checks claims against the real function, outside the explorer and its worker.

Reads JSON on stdin: a list of {module, name, calls, claims} where calls are argument lists
({args: [source], kwargs: {name: source}}) and claims are
  {kind: "property", name, param?}  -- re-run on every call it applies to;
  {kind: "raises", call, type, contrast?} -- the call must raise that type (or a subclass); a
                                    contrast call must return and differ from it in one argument only;
  {kind: "example", call, result}   -- the call (Python source) must give that repr.
Writes JSON: a list of failures {function, claim, why}. Sources are the explorer's own
argument text or the corpus's, evaluated here with eval: this is a test, not the tool.
"""
import contextlib
import copy
import datetime
import importlib
import inspect
import json
import random
import signal
import sys
import tempfile
import types

SEEDS = (0, 12345, 987)
# A property that says nothing about a call (idempotence of a two-argument call, say).
NA = "n/a"


def namespace(module, name):
    fn = getattr(importlib.import_module(module), name)
    return {"datetime": datetime, name: fn, "__builtins__": __builtins__}, fn


def build(ns, call):
    if "tuple" in call:
        return list(eval("(%s,)" % call["tuple"], ns)), {}
    args = [eval(s, ns) for s in call.get("args", [])]
    kwargs = {k: eval(s, ns) for k, s in (call.get("kwargs") or {}).items()}
    return args, kwargs


# Items of an iterator taken at most (the re-check takes as many as the worker shows).
ITEMS = 50


def settle(value):
    """Generators and iterators as the list of what they yield (bounded). The protocol is read on
    the type, as `for` reads it: an object forwarding attributes to a file (colorama's
    StreamWrapper) has a `__next__` attribute and is still no iterator."""
    kind = type(value)
    if isinstance(value, (types.GeneratorType, map, filter, zip)) or (hasattr(kind, "__next__") and hasattr(kind, "__iter__")):
        out = []
        for item in value:
            out.append(item)
            if len(out) >= ITEMS:
                break
        return ("iter", out)
    return value


class Slow(Exception):
    """A call that takes more than CALL_SECONDS: it says nothing here (the worker timed it out too)."""


CALL_SECONDS = 2


def _alarm(signum, frame):
    raise Slow()


signal.signal(signal.SIGALRM, _alarm)


def run(fn, args, kwargs, seed=0):
    """What the call returns (settled) and what it printed. Its output goes to a file, as the
    worker's call process writes to pipes: a text stream with a `.buffer` and a descriptor
    (pygments.cmdline.main writes its bytes to sys.stdout.buffer; a StringIO has none)."""
    random.seed(seed)
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as sink:
        signal.alarm(CALL_SECONDS)
        try:
            with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
                value = settle(fn(*args, **kwargs))
        finally:
            signal.alarm(0)
        try:
            sink.seek(0)
            return value, sink.read()
        except ValueError:  # the call closed its standard output: what it printed is lost
            return value, ""


def outcome(fn, args, kwargs, seed=0):
    try:
        return ("ok", repr(run(fn, args, kwargs, seed)[0]))
    except Slow:
        return ("slow", "")
    except Exception as exc:  # noqa: B902
        return ("raised", type(exc).__name__)


def sized(v):
    return isinstance(v, (str, list, tuple, set, frozenset, dict))


def check_property(name, fn, ns, call, param, indices=None):
    """`indices`: the argument positions a monotonicity claim names (all numeric ones when None).
    None when the call agrees, NA when it says nothing (or is too slow to tell), else why it refutes the property."""
    try:
        return _check_property(name, fn, ns, call, param, indices)
    except Slow:
        return NA


def _check_property(name, fn, ns, call, param, indices):
    try:
        args, kwargs = build(ns, call)
        y, printed = run(fn, args, kwargs)
    except Exception:  # noqa: B902 — the property speaks of calls that return
        return NA
    given = args + list(kwargs.values())
    if name == "deterministic":
        outs = set()
        for seed in SEEDS:
            a, k = build(ns, call)
            # The arguments after the call (shuffle changes its list), callables left out: their repr holds an address.
            outs.add((outcome(fn, a, k, seed=seed), repr([x for x in a if not callable(x)])))
        return None if len(outs) == 1 else "different results under seeds %s: %s" % (SEEDS, sorted(outs))
    if name == "pure":
        args2, kwargs2 = build(ns, call)
        before = [copy.deepcopy(a) for a in args2]
        _, out = run(fn, args2, kwargs2)
        if any(repr(a) != repr(b) for a, b in zip(before, args2)):
            return "an argument changed"
        return "it printed %r" % out[:40] if out else None
    if name in ("idempotent", "involution"):
        # Exact types on purpose: an output of another type, a subclass included (bool for
        # int), is not an input the claim was made about.
        if len(args) != 1 or kwargs or (name == "involution" and type(y) is not type(args[0])):  # noqa: E721
            return NA
        try:
            y2, _ = run(fn, [y], {})
        except TypeError:
            return NA
        except Exception as exc:  # noqa: B902
            return "f(f(x)) raised %s for x=%r" % (type(exc).__name__, args[0])
        want = y if name == "idempotent" else args[0]
        return None if y2 == want else "f(%r) = %r, f of that = %r" % (args[0], y, y2)
    if name == "length-preserving":
        s = [a for a in given if sized(a)]
        if len(s) != 1 or not sized(y) or isinstance(y, tuple) and y and y[0] == "iter":
            return NA
        return None if len(y) == len(s[0]) else "len(%r) = %d but the input %r has %d" % (y, len(y), s[0], len(s[0]))
    if name == "sorted-output":
        items = y[1] if isinstance(y, tuple) and len(y) == 2 and y[0] == "iter" else y
        if not isinstance(items, (list, tuple)) or len(items) < 2:
            return NA
        try:
            if param == "when-inputs-sorted" and any(isinstance(a, (list, tuple)) and list(a) != sorted(a) for a in given):
                return NA
            return None if list(items) == sorted(items) else "%r is not sorted" % (items,)
        except TypeError:
            return NA
    if name == "subset-of-input":
        items = y[1] if isinstance(y, tuple) and len(y) == 2 and y[0] == "iter" else y
        pool = [x for a in given if isinstance(a, (str, list, tuple, set, frozenset, dict)) for x in a]
        if not isinstance(items, (list, tuple, set, frozenset)) or not pool:
            return NA
        stranger = [x for x in items if x not in pool]
        return "%r not in the input" % (stranger[0],) if stranger else None
    if name == "commutative":
        if len(args) != 2 or kwargs or type(args[0]) is not type(args[1]):  # noqa: E721 -- exact types, as above
            return NA
        other = outcome(fn, [args[1], args[0]], {})
        return None if other == ("ok", repr(y)) else "f(a, b) = %r but f(b, a) gives %s" % (y, other)
    if name in ("monotonic-increasing", "monotonic-decreasing"):
        numeric = [i for i, a in enumerate(args) if type(a) in (int, float)]
        if indices is not None:
            numeric = [i for i in numeric if i in indices]
        if not numeric:
            return NA
        applies = False
        for i in numeric:
            ys = []
            for d in (0, 1, 7, 100):
                # Built afresh for each call: a call that changes an argument in place (a heap
                # pushed onto) must not hand the next call what it left.
                a2, kwargs = build(ns, call)
                a2[i] = args[i] + d
                try:
                    v, _ = run(fn, a2, kwargs)
                except Exception:  # noqa: B902
                    break
                if type(v) not in (int, float):
                    break
                ys.append(v)
            applies = applies or len(ys) > 1
            for lo, hi in zip(ys, ys[1:]):
                if (hi < lo) if name == "monotonic-increasing" else (hi > lo):
                    return "outputs %r as argument %d grows from %r" % (ys, i, args[i])
        return None if applies else NA
    return NA


def bound(fn, args, kwargs):
    """The arguments by parameter name (by position and keyword when the signature is unknown)."""
    try:
        sig = inspect.signature(fn)
        # bind_partial: a call that raised for a missing argument binds too (that argument absent).
        b = sig.bind_partial(*args, **kwargs)
        return {k: repr(v) for k, v in b.arguments.items()}
    except (TypeError, ValueError):
        return dict({i: repr(a) for i, a in enumerate(args)}, **{k: repr(v) for k, v in kwargs.items()})


def check_contrast(fn, ns, call, contrast):
    """A parameter line's evidence: the contrast returns, and differs from the raising call in one argument."""
    try:
        args, kwargs = build(ns, contrast)
        run(fn, args, kwargs)
    except Slow:
        return None
    except Exception as exc:  # noqa: B902
        return "the contrast call raised %s" % type(exc).__name__
    a = bound(fn, *build(ns, call))
    b = bound(fn, *build(ns, contrast))
    differ = [k for k in set(a) | set(b) if a.get(k) != b.get(k)]
    return None if len(differ) == 1 else "the calls differ in %s, not one argument" % sorted(map(str, differ))


def check_function(entry):
    failures = []
    ns, fn = namespace(entry["module"], entry["name"])
    fid = "%s.%s" % (entry["module"], entry["name"])
    for claim in entry["claims"]:
        kind = claim["kind"]
        if kind == "property":
            for call in entry["calls"]:
                why = check_property(claim["name"], fn, ns, call, claim.get("param"), claim.get("indices"))
                if why and why != NA:
                    failures.append({"function": fid, "claim": claim, "why": why})
                    break
        elif kind == "raises":
            try:
                args, kwargs = build(ns, claim["call"])
                run(fn, args, kwargs)
                failures.append({"function": fid, "claim": claim, "why": "it returned"})
            except Slow:
                pass
            except Exception as exc:  # noqa: B902
                names = [c.__name__ for c in type(exc).__mro__]
                if claim["type"].split(".")[-1] not in names:
                    failures.append({"function": fid, "claim": claim, "why": "raised %s" % type(exc).__name__})
            if "contrast" in claim:
                why = check_contrast(fn, ns, claim["call"], claim["contrast"])
                if why:
                    failures.append({"function": fid, "claim": claim, "why": why})
        elif kind == "example":
            try:
                got = repr(eval(claim["call"], dict(ns, list=list)))
            except Exception as exc:  # noqa: B902
                got = "raised %s: %s" % (type(exc).__name__, exc)
            if got != claim["result"]:
                failures.append({"function": fid, "claim": claim, "why": "got %s" % got})
    return failures


def check_truth(entry):
    """The truth table itself: holds on every sample, never refuted by some sample."""
    ns, fn = namespace(entry["module"], entry["name"])
    fid = "%s.%s" % (entry["module"], entry["name"])
    out = []
    unpacked = [{"tuple": s} for s in entry["samples"]]
    try:
        run(fn, *build(ns, unpacked[0]))
    except Exception as exc:  # noqa: B902
        out.append({"function": fid, "claim": "first sample returns", "why": "raised %s" % type(exc).__name__})
    for name in entry["holds"]:
        for call in unpacked:
            why = check_property(name, fn, ns, call, None)
            if why and why != NA:
                out.append({"function": fid, "claim": "holds " + name, "why": why})
    for name in entry["never"]:
        verdicts = [check_property(name, fn, ns, call, None) for call in unpacked]
        # Refuted by a sample, or outside the law's domain for every one: claiming it is false either way.
        if not any(v and v != NA for v in verdicts) and not all(v == NA for v in verdicts):
            out.append({"function": fid, "claim": "never " + name, "why": "no sample refutes it"})
    return out


def main():
    mode = sys.argv[1]
    entries = json.load(sys.stdin)
    failures = []
    for entry in entries:
        failures += check_truth(entry) if mode == "truth" else check_function(entry)
    json.dump(failures, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
