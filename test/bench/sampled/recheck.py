"""An independent re-check of an offline description: every line re-run against the real function.

    recheck.py < {module, qualname, report: OfflineReport, records: [ProbeRecord]}

prints {stated, checked, contradictions: [{part, text, why}]}. It shares no code with the
explorer's own verification (src/explorer/verify.ts): the property laws are the corpus checker's
(test/corpus/explorer/check.py), values are built by the worker's safe-grammar evaluator, and it
runs in a child process in a scratch folder (bubblewrap when there), like measure.py. Unlike the
worker, it leaves Python's hash randomization on: an example that holds under one hash seed only
is refuted, as the user's own doctest of it would be.

What each line is checked against:
- a property that holds: the explorer's own calls that returned AND fresh calls, made here by
  changing one argument of such a call at a time (numbers, texts, lists, flags: see `variants`);
- a raise (structured): its call raises that type again; its contrast call, when it has one,
  returns and differs from it in one argument only;
- an example: its call gives the same repr again (the error type, for a traceback);
- a parameter or returns line: every call it rests on returns again (returns: of a type it names);
- a summary line, and anything else with no structured form: not checked (counted as stated only).
"""
import copy
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "corpus", "explorer"))
sys.path.insert(0, HERE)
import check  # noqa: E402 -- the corpus checker's laws, reused rather than written twice
import measure  # noqa: E402

FRESH = 24


def variants(value):
    """Values of the same type, a little changed: the fresh inputs of a property check."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, -value, value * 3 + 7, 0]
    if isinstance(value, float):
        return [value * 2.5, -value, value + 0.5]
    if isinstance(value, str):
        return [value + " Zq-9", value.upper(), value[::-1], value[: len(value) // 2]]
    if isinstance(value, bytes):
        return [value + b"zq", value[::-1]]
    if isinstance(value, list):
        return [list(reversed(value)), value + value[:1], value[1:]]
    if isinstance(value, tuple):
        return [tuple(reversed(value)), value + value[:1]]
    if isinstance(value, dict):
        return [dict(list(value.items())[1:]), dict(value, zq=1)]
    return []


class Target:
    def __init__(self, module, qualname):
        self.mod, self.cls, self.attr, self.fn, self.raw = measure.resolve(module, qualname)
        sys.path.insert(0, measure.WORKER)
        from pau_probe.safe_args import evaluate

        self.evaluate = evaluate
        self.names = measure.buildable_names(self.mod, self.fn)

    def values(self, call):
        """(receiver or None, args, kwargs) built from a record's sources, or from values (deep-copied)."""
        if "values" in call:
            return copy.deepcopy(call["values"])
        recv = self.evaluate(call["receiver"], self.names) if call.get("receiver") else None
        args = [self.evaluate(s, self.names) for s in call.get("args", [])]
        kwargs = {k: self.evaluate(s, self.names) for k, s in (call.get("kwargs") or {}).items()}
        return recv, args, kwargs

    def build(self, ns, call):
        """check.py's `build`, with the receiver as a first argument of `callable_for`'s function."""
        recv, args, kwargs = self.values(call)
        return ([recv] + args if call.get("receiver") or (call.get("values") and call["values"][0] is not None) else args), kwargs

    def callable_for(self, call):
        if call.get("receiver") or (call.get("values") and call["values"][0] is not None):
            return lambda recv, *a, **k: getattr(recv, self.attr)(*a, **k)
        return self.fn

    def outcome(self, call):
        """('ok', value) | ('raised', exception class) | ('slow', None)."""
        recv, args, kwargs = self.values(call)
        target = getattr(recv, self.attr) if recv is not None else self.fn
        try:
            value = check.run(target, args, kwargs)[0]
            # check.py's settle marks what a generator yielded; an example shows it as a list.
            return "ok", (value[1] if isinstance(value, tuple) and len(value) == 2 and value[0] == "iter" else value)
        except check.Slow:
            return "slow", None
        except BaseException as exc:  # noqa: B902 -- the target's own errors are outcomes
            return "raised", type(exc)


def request_of(record):
    return {"args": record.get("args", []), "kwargs": record.get("kwargs") or {}, **({"receiver": record["receiver"]} if record.get("receiver") else {})}


def fresh_calls(t, returned):
    out = []
    for r in returned:
        try:
            recv, args, kwargs = t.values(request_of(r))
        except Exception:  # noqa: B902
            continue
        for i, a in enumerate(args):
            for v in variants(a):
                out.append({"values": (recv, args[:i] + [v] + args[i + 1:], kwargs)})
        for k, a in kwargs.items():
            for v in variants(a):
                out.append({"values": (recv, args, dict(kwargs, **{k: v}))})
    # Spread over the calls rather than all variants of the first one.
    step = max(1, len(out) // FRESH)
    return out[::step][:FRESH]


def differing(t, a, b):
    """The parameters whose argument source differs between two calls, bound by the signature (a
    positional and a keyword form of one argument are one), the receiver as one more; a parameter
    left out in one call and given in the other differs."""
    def slots(c):
        fn = t.raw.__func__ if isinstance(t.raw, (staticmethod, classmethod)) else t.raw
        try:
            sig = inspect.signature(fn)
            if c.get("receiver") or isinstance(t.raw, classmethod):
                sig = sig.replace(parameters=list(sig.parameters.values())[1:])
            out = {}
            # bind_partial: a call that raised for a missing argument binds too (that argument absent).
            for name, value in sig.bind_partial(*c["args"], **c["kwargs"]).arguments.items():
                if sig.parameters[name].kind == inspect.Parameter.VAR_KEYWORD:
                    out.update(value)  # each keyword of **kwargs is an argument of its own
                else:
                    out[name] = repr(value)
        except (TypeError, ValueError):
            out = dict({i: s for i, s in enumerate(c["args"])}, **c["kwargs"])
        out["receiver"] = c.get("receiver")
        return out

    x, y = slots(a), slots(b)
    return sorted(str(k) for k in set(x) | set(y) if x.get(k) != y.get(k))


ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")


def same_repr(a, b):
    return ADDRESS.sub("", a) == ADDRESS.sub("", b)


def state(x):
    """What a value shows of itself, addresses left out; an object's attributes too (its repr may not show them)."""
    shown = ADDRESS.sub("", repr(x))
    if hasattr(x, "__dict__") and not isinstance(x, type) and not callable(x):
        try:
            shown += ADDRESS.sub("", repr(sorted(vars(x).items())))
        except TypeError:
            pass
    return shown


def deterministic_or_pure(t, name, call):
    """check.py's two laws, with values compared as `state` shows them: its reprs hold object addresses."""
    fn = t.callable_for(call)
    try:
        args, kwargs = t.build({}, call)
        check.run(fn, args, kwargs)
    except Exception:  # noqa: B902 -- the laws speak of calls that return
        return check.NA
    if name == "deterministic":
        seen = set()
        for seed in check.SEEDS:
            a, k = t.build({}, call)
            try:
                kind, value = "ok", check.run(fn, a, k, seed=seed)[0]
            except check.Slow:
                return check.NA
            except Exception as exc:  # noqa: B902
                kind, value = "raised", type(exc).__name__
            seen.add((kind, state(value), state([x for x in a if not callable(x)])))
        return None if len(seen) == 1 else "different results under seeds %s: %s" % (check.SEEDS, sorted(seen))
    a, k = t.build({}, call)
    before = [state(x) for x in a]
    _, printed = check.run(fn, a, k)
    if before != [state(x) for x in a]:
        return "an argument changed"
    return "it printed %r" % printed[:40] if printed else None


def type_named(value, names):
    n = type(value).__name__
    return any(x == n or x.split(".")[-1] == n for x in names)


def recheck(job):
    t = Target(job["module"], job["qualname"])
    check.build = t.build  # the laws of check.py build values through the safe grammar here, not eval
    records = {r["index"]: r for r in job["records"]}
    returned = [r for r in job["records"] if r["result"]["status"] == "returned" and r["result"].get("durationMs", 0) < 500]
    report = job["report"]
    calls = [request_of(r) for r in returned] + fresh_calls(t, returned)
    stated = checked = 0
    bad = []

    def refute(part, text, why):
        bad.append({"part": part, "text": text[:160], "why": why[:200]})

    for p in report["properties"]:
        if not p["holds"]:
            continue
        stated += 1
        if p["name"] == "uses-randomness":
            continue
        indices = None
        if p.get("param") and p["name"].startswith("monotonic"):
            indices = [job["params"].index(n) for n in p["param"].split(", ") if n in job["params"]]
        verdicts = []
        for c in calls:
            try:
                if p["name"] in ("deterministic", "pure"):
                    v = deterministic_or_pure(t, p["name"], c)
                else:
                    v = check.check_property(p["name"], t.callable_for(c), {}, c, p.get("param"), indices)
            except Exception as exc:  # noqa: B902 -- a value that cannot be built says nothing
                v = check.NA if not isinstance(exc, AssertionError) else str(exc)
            verdicts.append(v)
            if v and v != check.NA:
                refute("property", p["name"], v)
                break
        checked += any(v != check.NA for v in verdicts)
    examples = {e.get("probe"): e for e in report["description"].get("examples", [])}
    for claim in report["description"].get("claims") or []:
        if claim["part"] == "property":
            continue  # counted above, from the structured properties
        stated += 1
        c = claim.get("check") or {}
        if c.get("kind") == "raises":
            r = records.get(c["probe"])
            if not r:
                continue
            checked += 1
            kind, got = t.outcome(request_of(r))
            if kind == "ok":
                refute("raises", claim["text"], "it returned")
            elif kind == "raised" and c["type"].split(".")[-1] not in [k.__name__ for k in got.__mro__]:
                refute("raises", claim["text"], "raised %s" % got.__name__)
            if c.get("contrast") in records:
                contrast = request_of(records[c["contrast"]])
                kind, got = t.outcome(contrast)
                if kind == "raised":
                    refute("raises", claim["text"], "the contrast call raised %s" % got.__name__)
                differ = differing(t, request_of(r), contrast)
                if len(differ) != 1:
                    refute("raises", claim["text"], "the contrast call differs in %s, not one argument" % differ)
        elif c.get("kind") == "example":
            r, e = records.get(c["probe"]), examples.get(c["probe"])
            if not r or not e:
                continue
            checked += 1
            kind, got = t.outcome(request_of(r))
            want = e["result"]
            if want.startswith("Traceback"):
                wtype = exception_type(want)
                if kind != "raised" or wtype.split(".")[-1] not in [k.__name__ for k in got.__mro__]:
                    refute("example", claim["text"], "did not raise %s" % wtype)
            elif kind == "raised":
                refute("example", claim["text"], "raised %s" % got.__name__)
            elif kind == "ok":
                # An object shown by its address is an example through one attribute (`f(1).name`) or its len().
                attribute = re.search(r"\)\.([A-Za-z_]\w*)$", e["call"])
                if e["call"].startswith("len("):
                    got = len(got)
                elif attribute:
                    got = getattr(got, attribute.group(1), got)
                shown = repr(got)
                items = eval_list(want)
                if e["call"].startswith("g = ") and isinstance(got, list) and items is not None:
                    shown = repr(got[: len(items)])
                if not same_repr(shown, want):
                    refute("example", claim["text"], "got %s" % shown[:120])
        elif claim["part"] in ("parameter", "returns") and claim.get("support"):
            support = [records[i] for i in claim["support"] if i in records and records[i]["result"]["status"] == "returned"]
            support = [r for r in support if r["result"].get("durationMs", 0) < 500][:8]
            if not support:
                continue
            checked += 1
            for r in support:
                kind, got = t.outcome(request_of(r))
                if kind == "raised":
                    refute(claim["part"], claim["text"], "a call it rests on raised %s" % got.__name__)
                    break
                if kind == "ok" and claim["part"] == "returns" and report["returnTypes"] and not r["result"].get("value", {}).get("iteration") \
                        and not type_named(got, report["returnTypes"]):
                    refute("returns", claim["text"], "returned a %s" % type(got).__name__)
                    break
    return {"stated": stated, "checked": checked, "contradictions": bad}


def exception_type(traceback):
    """The exception's type in a doctest traceback: as doctest reads it, the first line after the
    header that is not indented (a message of several lines follows it, and ends the text)."""
    for line in traceback.splitlines()[1:]:
        if line and not line[0].isspace():
            return line.split(":")[0]
    return ""


def eval_list(text):
    """The number of items a shown list has, when it is a plain list display (for `g = ...` examples)."""
    import ast

    try:
        v = ast.literal_eval(text)
        return v if isinstance(v, list) else None
    except (ValueError, SyntaxError):
        return None


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        job = json.load(sys.stdin)
        sys.argv = sys.argv[:1]  # as in the worker: a target that parses sys.argv must not see "child"
        import contextlib
        import io

        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            out = recheck(job)
        sys.stdout.write(json.dumps(out))
        return
    body = sys.stdin.read()
    scratch = tempfile.mkdtemp(prefix="pau-recheck-")
    try:
        p = subprocess.run(measure.sandboxed([sys.executable, os.path.abspath(__file__), "child"], scratch), input=body,
                           capture_output=True, text=True, cwd=scratch, timeout=120, env=measure.scratch_env(scratch))
        out = json.loads(p.stdout) if p.returncode == 0 and p.stdout else {"error": p.stderr[-300:]}
    except subprocess.TimeoutExpired:
        out = {"error": "timed out"}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    sys.stdout.write(json.dumps(out))


if __name__ == "__main__":
    main()
