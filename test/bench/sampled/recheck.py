"""An independent re-check of an offline description: every line re-run against the real function.

    recheck.py < {module, qualname, report: OfflineReport, records: [ProbeRecord]}

prints {stated, checked, contradictions: [{part, text, why}], notChecked: [{part, text, reason}]}
(and `error` when the function could not be loaded at all). It shares no code with the
explorer's own verification (src/explorer/verify.ts): the property laws are the corpus checker's
(test/corpus/explorer/check.py), values are built by the worker's safe-grammar evaluator, and it
runs in a child process in a scratch folder (under bubblewrap, required), like measure.py. Unlike the
worker, it leaves Python's hash randomization on: an example that holds under one hash seed only
is refuted, as the user's own doctest of it would be. Like the worker, it runs each of the
explorer's calls in an empty folder of its own, awaits what a coroutine function returns, and
reads a set shown with its items sorted as the set it is.

Every stated line is either checked or listed as not re-checked with the reason. The child writes
each line's result to a file as it goes; a function that exits, kills its process, writes to the
process's own stdout or hangs past every alarm costs only the line it was on (the lines after it go
to a new child).

What each line is checked against:
- a property that holds: the explorer's own calls that returned AND fresh calls, made here by
  changing one argument of such a call at a time (numbers, texts, lists, flags: see `variants`), by
  texts built from the regular expressions the function's code holds (pattern_texts.py: escaped
  escapes for idempotence), and for "no side effects" by receivers with one attribute changed;
  "uses randomness": some call gives another result under other random seeds;
- a raise (structured): its call raises that type again (while iterating what it returned, too;
  in a new process when it returns here, as the worker runs each call in a process of its own);
  its contrast call, when it has one, returns and differs from it in one argument only, and prints
  what the line quotes it returned, if it quotes that;
- an example: its call gives the same repr again (the error type, for a traceback; the type, for
  `type(f(…))`, the example of a function whose values differ from run to run);
- a function said to return a function (`applied`): its call, then what it returned called with the
  record's `apply` arguments (and what that gave with its `then`), gives the same repr again;
- a parameter line: the calls it rests on return again; "no call with it returned", "calls with v
  raised where the same call with w or with it left out returned" and "(may be left out)": the
  calls they speak of raise or return again (see `Checker.parameter`);
- a returns line: every call it rests on returns again, of a type it names;
- a summary line with calls behind it: every call it rests on returns again, and when the function
  is said to be deterministic, the same value again (the sentence was read off those values), and
  whatever the function is said to be, a call quoted with its result (`f(x) → r`) prints r again; a
  sentence of the relation catalogue relations.py reads is tested as that relation too;
- a summary line with none, and anything else with no structured form: not re-checked (listed,
  with that reason and the line's kind, `kind_of`).
A line marked `draws` (the function draws at random: what its calls gave in one draw each) is held
to that: each call it rests on gives what the line says in at least one of DRAWS draws (random seeds
0 to DRAWS - 1, and a receiver such as Random() built again each time), not in every one.
A call's raise while its returned object is iterated is the iteration's: the worker records the
call as returned (gzip.open(io.BytesIO(b''), 'abc') returns a write-mode GzipFile).
"""
import contextlib
import copy
import copyreg
import inspect
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "corpus", "explorer"))
sys.path.insert(0, HERE)
import check  # noqa: E402 -- the corpus checker's laws, reused rather than written twice
import measure  # noqa: E402
import pattern_texts  # noqa: E402
import relations  # noqa: E402

# An iterator is read as far as the worker reads it (its maxIterItems, src/core/limits.ts): what it
# does past that (generic_tags raises on a bad item after the twentieth) no line speaks of.
check.ITEMS = 20

FRESH = 24

# Copying or pickling an object caches `__slotnames__` on its class (copyreg): the re-check's copies
# of a receiver must not add it to what the function then reads (Cmd.get_names lists the class's
# names). copyreg._slotnames is looked up by name each time (CPython's _PyType_GetSlotNames).
sys.path.insert(0, measure.WORKER)
from pau_probe.call import uncached_slotnames  # noqa: E402

copyreg._slotnames = uncached_slotnames(copyreg._slotnames)
# Seconds for building texts from the function's patterns (pattern_texts.py): each is one call.
PATTERN_SECONDS = 4
# Draws a line marked `draws` gets for each call it rests on (see the module's docstring).
DRAWS = 8


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


def attribute_variants(value):
    """Other values for an object's attribute, of the kinds a plain attribute holds."""
    if value is None:
        return ["zq", 1]
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 7]
    if isinstance(value, str):
        return [value + "zq"]
    return []


class Target:
    def __init__(self, module, qualname):
        self.mod, self.cls, self.attr, self.fn, self.raw = measure.resolve(module, qualname)
        sys.path.insert(0, measure.WORKER)
        from pau_probe.safe_args import evaluate, use_scratch_folder

        self.evaluate = evaluate
        self.use_scratch_folder = use_scratch_folder
        self.names = measure.buildable_names(self.mod, qualname, self.fn)
        self.root = os.getcwd()
        # The worker awaits what a coroutine function returns, and the explorer shows its calls awaited.
        self.awaited = inspect.iscoroutinefunction(inspect.unwrap(self.fn))

    def values(self, call):
        """(receiver or None, args, kwargs) built from a record's sources, or from values (deep-copied).
        A record's call is built and run in a folder of its own, as the worker runs each call: a file
        one call makes is not there for the next. Standard input is empty, as in the worker's call
        process, and open again for each call: MimeTypes().read(0) reads it and closes it, and
        ast.main() closes sys.stdin's buffer (argparse's '-'), so sys.stdin is a new object too."""
        null = os.open(os.devnull, os.O_RDONLY)
        if null != 0:  # with fd 0 closed, the new one is 0 itself
            os.dup2(null, 0)
            os.close(null)
        sys.stdin = open(0, encoding="utf-8", closefd=False)
        sys.stdin.buffer.raw.name = "<stdin>"  # as the process's own stdin is named (ast.main() compiles under that name)
        if "values" in call:
            return copy.deepcopy(call["values"])
        folder = tempfile.mkdtemp(prefix="call-", dir=self.root)
        CALL_FOLDERS.append(folder)
        os.chdir(folder)
        self.use_scratch_folder(folder)  # scratch_file('a.txt', …) writes where the call runs
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
            return lambda recv, *a, **k: self.settled(getattr(recv, self.attr)(*a, **k))
        return (lambda *a, **k: self.settled(self.fn(*a, **k))) if self.awaited else self.fn

    def settled(self, value):
        if self.awaited and inspect.iscoroutine(value):
            import asyncio

            return asyncio.run(value)
        return value

    def outcome(self, call, seed=0):
        """The call re-run (`random` seeded with `seed`), and then what it returned iterated, as the worker does it: a raise while
        iterating is the iteration's (`during` 'iteration'; the worker records the call as returned
        and its iteration as raised: gzip.open(io.BytesIO(b''), 'abc') returns a write-mode
        GzipFile), not the call's."""
        recv, args, kwargs = self.values(call)
        method = getattr(recv, self.attr) if recv is not None else self.fn
        try:
            held = check.run(lambda *a, **k: Held(self.settled(method(*a, **k))), args, kwargs, seed=seed)[0]
        except check.Slow:
            return Outcome("slow")
        except BaseException as exc:  # noqa: B902 -- the target's own errors are outcomes
            return Outcome("raised", error=type(exc), during="call")
        try:
            value = check.run(lambda: held.value, [], {}, seed=seed)[0]
        except check.Slow:
            return Outcome("slow")
        except BaseException as exc:  # noqa: B902
            return Outcome("raised", held.value, type(exc), "iteration")
        # check.py's settle marks what a generator yielded; an example shows it as a list.
        return Outcome("ok", value[1] if isinstance(value, tuple) and len(value) == 2 and value[0] == "iter" else value)


class Held:
    """A returned value wrapped so that check.run's settle leaves it uniterated."""

    def __init__(self, value):
        self.value = value


class Outcome:
    """A re-run call: `kind` 'ok' (`value` what it returned, an iterator's items as a list), 'raised'
    (`error` the exception's class; `during` 'call', or 'iteration' with `value` the object whose
    iteration raised) or 'slow'."""

    def __init__(self, kind, value=None, error=None, during=None):
        self.kind, self.value, self.error, self.during = kind, value, error, during

    def returned(self):
        """The call returned: what it returned may still have raised while iterated, unless it is a
        generator, whose work is its iteration (dis.findlinestarts(3) raises only when iterated, and
        "no call with it returned" speaks of that; a write-mode GzipFile is an object to use)."""
        import types as pytypes

        return self.kind == "ok" or (self.during == "iteration" and not isinstance(self.value, pytypes.GeneratorType))


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


def signature_of(t, call):
    """The signature the call's argument sources bind to (the receiver's parameter left out), or None."""
    fn = t.raw.__func__ if isinstance(t.raw, (staticmethod, classmethod)) else t.raw
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    if call.get("receiver") or isinstance(t.raw, classmethod):
        sig = sig.replace(parameters=list(sig.parameters.values())[1:])
    return sig


def bound(t, call):
    """{parameter name: its argument source (a tuple of them for *args, a dict for **kwargs)}, or None."""
    sig = signature_of(t, call)
    try:
        # bind_partial: a call that raised for a missing argument binds too (that argument absent).
        return None if sig is None else dict(sig.bind_partial(*call["args"], **call["kwargs"]).arguments)
    except TypeError:
        return None


def differing(t, a, b, whole=()):
    """The parameters whose argument source differs between two calls, bound by the signature (a
    positional and a keyword form of one argument are one), the receiver as one more; a parameter
    left out in one call and given in the other differs. Each keyword of **kwargs is an argument
    of its own, unless the **kwargs parameter is named in `whole` (a line that blames it as one)."""
    def slots(c):
        sig, args = signature_of(t, c), bound(t, c)
        if args is None:
            out = dict({i: s for i, s in enumerate(c["args"])}, **c["kwargs"])
        else:
            out = {}
            for name, value in args.items():
                if sig.parameters[name].kind == inspect.Parameter.VAR_KEYWORD and name not in whole:
                    out.update(value)
                else:
                    out[name] = repr(value)
        out["<receiver>"] = c.get("receiver")  # not an identifier: a parameter may be named `receiver`
        return out

    x, y = slots(a), slots(b)
    return sorted(str(k) for k in set(x) | set(y) if x.get(k) != y.get(k))


def without(t, call, name):
    """The same call with the parameter `name` left out (a keyword dropped, the last positional
    argument dropped, every *args item dropped), or None when it cannot be left out alone."""
    if name in call["kwargs"]:
        return dict(call, kwargs={k: v for k, v in call["kwargs"].items() if k != name})
    sig = signature_of(t, call)
    if sig is None or name not in sig.parameters:
        return None
    params = list(sig.parameters.values())
    at = [k for k, p in enumerate(params) if p.name == name][0]
    if params[at].kind == inspect.Parameter.VAR_POSITIONAL:
        return dict(call, args=call["args"][:at])
    if params[at].kind in (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD) and len(call["args"]) == at + 1:
        return dict(call, args=call["args"][:at])
    return None


def given_as(value, shown):
    """Whether an argument source (or an *args item) is the one a line shows in backticks (cut with '…' past 24 characters)."""
    values = value if isinstance(value, tuple) else (value,)
    one = " ".join(shown.split())
    return any(isinstance(v, str) and (" ".join(v.split()) == one or (one.endswith("…") and " ".join(v.split()).startswith(one[:-1])))
               for v in values)


ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
# In a state compared across re-runs, an address however it is shown (gzip's repr has no " at ").
ANY_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{8,}")


def same_repr(a, b):
    return ADDRESS.sub("", a) == ADDRESS.sub("", b)


def same_value(got, shown, want):
    """Whether `got` (shown as `shown`) is the value the worker showed as `want`. The worker shows a
    set's items sorted (reprlib): the same set in another order is the same value."""
    return same_repr(shown, want) or (isinstance(got, (set, frozenset)) and literal(want) == got)


# The folders the calls ran in (Target.values): one per call, so a path kept in a result names
# another folder on each re-run, as the worker's numbered call folders do. `state` reads them as one.
CALL_FOLDERS = []


def state(x):
    """What a value shows of itself, addresses and call folders left out; an object's attributes too
    (its repr may not show them)."""
    shown = ANY_ADDRESS.sub("", ADDRESS.sub("", repr(x)))
    if hasattr(x, "__dict__") and not isinstance(x, type) and not callable(x):
        try:
            shown += ANY_ADDRESS.sub("", ADDRESS.sub("", repr(sorted(vars(x).items()))))
        except TypeError:
            pass
    for folder in CALL_FOLDERS:
        shown = shown.replace(folder, "<call folder>")
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


def pickled(x):
    """The whole state of an object as pickle writes it (a Random's generator state, the items of a
    list an attribute holds, which its repr may not show), or None when it cannot be pickled."""
    import pickle

    try:
        return pickle.dumps(x, protocol=4)
    except Exception:  # noqa: B902 -- any object may refuse
        return None


def type_named(value, names):
    n = type(value).__name__
    return any(x == n or x.split(".")[-1] == n for x in names)


def lines_of(job):
    """Every line the description states, in order, each with a key the child and the parent share:
    the properties that hold (from the structured list), then the ledger's other lines."""
    report = job["report"]
    out = [{"key": "property %d" % k, "part": "property", "kind": "property %s" % p.get("name", ""), "text": p.get("name", "")}
           for k, p in enumerate(report.get("properties") or []) if p.get("holds")]
    for k, claim in enumerate((report.get("description") or {}).get("claims") or []):
        if claim.get("part") != "property":
            out.append({"key": "claim %d" % k, "part": claim.get("part", ""), "kind": kind_of(claim), "text": claim.get("text", "")})
    return out


def kind_of(claim):
    """The kind of a ledger line, for the counts of lines not re-checked: its part, and for a summary
    or parameter line with no structured form, whether calls stand behind it and how they ended."""
    part = claim.get("part", "")
    if (claim.get("check") or {}).get("kind") or part not in ("summary", "parameter", "returns"):
        return part
    return "%s line %s" % (part, "resting on calls" if claim.get("support") else "with no call behind it")


def reason_class(reason):
    """A reason without the particulars (numbers, what follows a colon): what the bench counts by."""
    return re.split(r":|\d", reason)[0].strip()


class NotChecked(Exception):
    """A line this re-check cannot re-run, with the reason (counted as stated, not checked)."""


class Checker:
    """The checks of one job's lines, one line at a time (the child runs them)."""

    def __init__(self, job):
        self.job = job
        self.t = Target(job["module"], job["qualname"])
        check.build = self.t.build  # the laws of check.py build values through the safe grammar here, not eval
        self.records = {r["index"]: r for r in job["records"]}
        returned = [r for r in job["records"] if r["result"]["status"] == "returned" and r["result"].get("durationMs", 0) < 500]
        self.calls = [request_of(r) for r in returned] + fresh_calls(self.t, returned)
        self.returned = returned
        self.pattern_calls = None
        report = job["report"]
        self.properties = report.get("properties") or []
        self.claims = (report.get("description") or {}).get("claims") or []
        self.examples = {e.get("probe"): e for e in (report.get("description") or {}).get("examples", [])}

    def drawn(self, claim, call, wanted):
        """The call's outcome; for a line marked `draws`, the first of DRAWS draws that gives what
        `wanted` accepts (the line says what one draw gave), else the last."""
        out = self.t.outcome(call)
        for seed in range(1, DRAWS) if claim.get("draws") else ():
            if wanted(out):
                break
            out = self.t.outcome(call, seed)
        return out

    def line(self, key):
        """The contradictions found on one line ([] when it holds); NotChecked when it cannot be re-run."""
        kind, k = key.split(" ")
        if kind == "property":
            return self.property(self.properties[int(k)])
        return self.claim(self.claims[int(k)])

    def property(self, p):
        if p["name"] == "uses-randomness":
            return self.randomness()
        indices = None
        if p.get("param") and p["name"].startswith("monotonic"):
            indices = [self.job["params"].index(n) for n in p["param"].split(", ") if n in self.job["params"]]
        said = False
        calls = self.calls + self.texts_from_patterns() + (self.receiver_variants() if p["name"] == "pure" else [])
        if p.get("param") == "ascii-texts":  # a law seen on ASCII texts only speaks of no other text
            calls = [c for c in calls if "values" not in c or all(x.isascii() for x in c["values"][1] if isinstance(x, str))]
        for c in calls:
            try:
                if p["name"] in ("deterministic", "pure"):
                    v = deterministic_or_pure(self.t, p["name"], c)
                else:
                    v = check.check_property(p["name"], self.t.callable_for(c), {}, c, p.get("param"), indices)
            except AssertionError as exc:
                v = str(exc)
            except BaseException:  # noqa: B902 -- a value that cannot be built, or a call that exits, says nothing
                v = check.NA
            if v and v != check.NA:
                return [why_of("property", p["name"], v)]
            said = said or v != check.NA
        if not said:
            raise NotChecked("none of the %d calls tried here is one it speaks of" % len(calls))
        return []

    def randomness(self):
        """"uses randomness": some call that returned gives another result when run again (under
        another random seed, in this process); the same results every time refute it."""
        ran = 0
        for c in self.calls[: len(self.returned)][:8]:
            fn = self.t.callable_for(c)
            seen = set()
            for seed in check.SEEDS:
                try:
                    a, k = self.t.build({}, c)
                    seen.add(state(check.run(fn, a, k, seed=seed)[0]))
                except BaseException:  # noqa: B902 -- a call that raises or hangs now says nothing here
                    break
            else:
                ran += 1
                if len(seen) > 1:
                    return []
        if not ran:
            raise NotChecked("no call that returned could be run again here")
        # A value drawn once a process and kept (uuid.getnode's random node) differs only between processes.
        first = self.returned[0]["index"]
        if len({self.in_new_process(first) for _ in range(2)} - {None}) > 1:
            return []
        return [why_of("property", "uses-randomness", "the same result under random seeds %s in each of %d calls, and in new processes" % (check.SEEDS, ran))]

    def in_new_process(self, index):
        """What the record `index`'s call returns in a new process (`state`), or None when it did not."""
        try:
            p = subprocess.run([sys.executable, os.path.abspath(__file__), "state", str(index)], input=json.dumps(self.job),
                               capture_output=True, text=True, timeout=20, cwd=self.t.root)
        except subprocess.TimeoutExpired:
            return None
        return p.stdout if p.returncode == 0 and p.stdout else None

    def raised_in_new_process(self, index):
        """The class names (its MRO) of what the record `index`'s call raises in a new process, [] when it did not raise there."""
        try:
            p = subprocess.run([sys.executable, os.path.abspath(__file__), "raised", str(index)], input=json.dumps(self.job),
                               capture_output=True, text=True, timeout=20, cwd=self.t.root)
        except subprocess.TimeoutExpired:
            return []
        return p.stdout.split() if p.returncode == 0 else []

    def receiver_variants(self):
        """Fresh receivers for "no side effects": a returned call's receiver with one public attribute
        holding another value (None as a text or a number, a flag flipped, a number or a text
        changed). An effect that cannot show on the receivers tried (tomlkit's
        Table.invalidate_display_name on tables whose display_name was None already) shows here."""
        out = []
        for r in self.returned:
            if not r.get("receiver") or len(out) >= FRESH:
                continue
            try:
                recv, args, kwargs = self.t.values(request_of(r))
                attributes = sorted(vars(recv).items())
            except Exception:  # noqa: B902 -- no receiver to vary
                continue
            for name, value in attributes:
                for other in attribute_variants(value) if not name.startswith("_") else []:
                    try:
                        changed = copy.deepcopy(recv)
                        setattr(changed, name, other)
                    except Exception:  # noqa: B902 -- an attribute that will not take another value
                        continue
                    out.append({"values": (changed, args, kwargs)})
        return out[:FRESH]

    def texts_from_patterns(self):
        """Fresh calls for the laws: a returned call with one text argument, that text replaced by
        texts built from the patterns the function's code holds (pattern_texts.py), escaped escapes
        first. Built once, within PATTERN_SECONDS."""
        if self.pattern_calls is not None:
            return self.pattern_calls
        self.pattern_calls = []
        for r in self.returned:
            try:
                recv, args, kwargs = self.t.values(request_of(r))
            except Exception:  # noqa: B902 -- a call that cannot be built again is no template
                continue
            at = [i for i, a in enumerate(args) if isinstance(a, str)]
            if len(at) == 1:
                break
        else:
            return self.pattern_calls
        i = at[0]
        fn = self.t.raw.__func__ if isinstance(self.t.raw, (staticmethod, classmethod)) else self.t.fn
        texts = pattern_texts.code_texts(fn)
        deadline = time.monotonic() + PATTERN_SECONDS

        def with_text(x):
            return {"values": (recv, args[:i] + [x] + args[i + 1:], kwargs)}

        def call(x):
            if time.monotonic() > deadline:
                raise TimeoutError()
            out = self.t.outcome(with_text(x))
            return out.value if out.kind == "ok" else None

        try:
            escapes = pattern_texts.escaped_escapes(call, texts)
        except TimeoutError:
            escapes = []
        samples = [m for t in texts if pattern_texts.is_pattern(t) for m in pattern_texts.matches(t)[:: 97][:4]]
        self.pattern_calls = [with_text(x) for x in escapes + samples]
        return self.pattern_calls

    def claim(self, claim):
        c = claim.get("check") or {}
        text = claim.get("text", "")
        if c.get("kind") == "raises":
            return self.raises(c, text, claim)
        if c.get("kind") == "example":
            return self.example(c, text)
        if c.get("kind") == "applied":
            return self.applied(c, text)
        if claim.get("part") == "parameter":
            return self.parameter(claim)
        if claim.get("part") == "returns":
            return self.rests_on(claim)
        if claim.get("part") == "summary" and claim.get("support"):
            return self.rests_on(claim) or self.relation(claim)
        raise NotChecked("a %s sentence has no form to re-run" % (claim.get("part") or "free"))

    def raises(self, c, text, claim):
        r = self.records.get(c.get("probe"))
        if not r:
            raise NotChecked("its call #%s is not among the records" % c.get("probe"))
        bad = []
        # A raise line speaks of the call or of iterating what it returned ("raised while iterating").
        want = c["type"].split(".")[-1]
        got = self.drawn(claim, request_of(r), lambda o: o.kind == "raised" and want in [k.__name__ for k in o.error.__mro__])
        raised = [k.__name__ for k in got.error.__mro__] if got.kind == "raised" else []
        if got.kind == "ok":
            # The worker runs each call in a process of its own: what an earlier call here filed
            # (humanize.i18n.activate's loaded locales) is not there in a new one.
            raised = self.raised_in_new_process(r["index"])
            if not raised:
                bad.append(why_of("raises", text, "it returned"))
        if raised and c["type"].split(".")[-1] not in raised:
            bad.append(why_of("raises", text, "raised %s" % raised[0]))
        if c.get("contrast") in self.records:
            contrast = request_of(self.records[c["contrast"]])
            got = self.drawn(claim, contrast, lambda o: o.kind != "raised")
            if got.kind == "raised":
                bad.append(why_of("raises", text, "the contrast call raised %s%s" % (got.error.__name__, " while iterated" * (got.during == "iteration"))))
            # "(with `d={…}` it returned {'apples': 3, 'pears': 5})": what it returned is quoted, so it must print so again.
            elif got.returned() and not claim.get("draws"):
                quoted = self.misquoted(self.records[c["contrast"]], got, text, " it returned %s)")
                bad.extend(why_of("raises", text, "the contrast call returned %s" % shown[:80]) for shown in quoted)
            # "with `attributes_arguments={…}`, but with `attributes_arguments` left out": that **kwargs as one argument.
            named = [n for n in self.job.get("params", []) if "`%s=" % n in text or "`%s` left out" % n in text]
            differ = differing(self.t, request_of(r), contrast, whole=named)
            if len(differ) != 1:
                bad.append(why_of("raises", text, "the contrast call differs in %s, not one argument" % differ))
        return bad

    def example(self, c, text):
        r, e = self.records.get(c.get("probe")), self.examples.get(c.get("probe"))
        if not r or not e:
            raise NotChecked("its call #%s is not among the %s" % (c.get("probe"), "records" if not r else "examples"))
        out = self.t.outcome(request_of(r))
        kind, got = out.kind, out.value
        want = e["result"]
        if want.startswith("Traceback"):
            wtype = exception_type(want)
            if kind != "raised" or wtype.split(".")[-1] not in [k.__name__ for k in out.error.__mro__]:
                return [why_of("example", text, "did not raise %s" % wtype)]
        elif kind == "raised" and out.during == "call":
            return [why_of("example", text, "raised %s" % out.error.__name__)]
        elif out.returned():  # an object shown by its repr, whatever iterating it does
            # An object shown by its address is an example through one attribute (`f(1).name`) or its len().
            attribute = re.search(r"\)\.([A-Za-z_]\w*)$", e["call"])
            if e["call"].startswith("len("):
                got = len(got)
            elif e["call"].startswith("type("):  # a result that differs from run to run, by its type
                got = type(got)
            elif attribute:
                got = getattr(got, attribute.group(1), got)
            shown = repr(got)
            items = eval_list(want)
            if e["call"].startswith("g = ") and isinstance(got, list) and items is not None:
                shown = repr(got[: len(items)])
            if not same_value(got, shown, want):
                return [why_of("example", text, "got %s" % shown[:120])]
        else:
            raise NotChecked("its call took more than %d s here" % check.CALL_SECONDS)
        return []

    def applied(self, c, text):
        """A function that returns a function: its call, then what it returned called with the record's
        `apply` arguments (built by the same grammar), gives again the repr the worker showed."""
        r = self.records.get(c.get("probe"))
        applied = ((r or {}).get("result") or {}).get("applied") or {}
        if not r or not r.get("apply") or applied.get("status") != "returned":
            raise NotChecked("its call #%s is not among the records with what it returned called" % c.get("probe"))
        out = self.t.outcome(request_of(r))
        if out.kind != "ok":
            return [why_of("summary", text, "the call %s" % ("raised %s" % out.error.__name__ if out.kind == "raised" else "was slow"))]
        try:
            # The call's `apply`, then its `then` (a decorator factory's decorator, then the function it made).
            calls = [r["apply"]] + ([r["apply"]["then"]] if r["apply"].get("then") else [])
            built = [([self.t.evaluate(s, self.t.names) for s in step.get("args", [])],
                      {k: self.t.evaluate(s, self.t.names) for k, s in (step.get("kwargs") or {}).items()}) for step in calls]

            def in_turn():
                got = out.value
                for args, kwargs in built:
                    got = got(*args, **kwargs)
                return got

            got = check.run(in_turn, [], {})[0]
        except check.Slow:
            raise NotChecked("what it returned took more than %d s when called" % check.CALL_SECONDS)
        except BaseException as exc:  # noqa: B902 -- the returned function's errors are outcomes
            return [why_of("summary", text, "what it returned raised %s when called" % type(exc).__name__)]
        got = got[1] if isinstance(got, tuple) and len(got) == 2 and got[0] == "iter" else got
        shown = repr(got)
        if not same_value(got, shown, applied["value"]["repr"]):
            return [why_of("summary", text, "what it returned, called, gave %s" % shown[:120])]
        return []

    def parameter(self, claim):
        """A parameter line: the calls it rests on return again, and what it says of the calls with
        the parameter given or left out holds again:
        - "no call with it returned": no call giving it returns;
        - "calls with `v` … raised where the same call with `w` or with it left out returned": the
          calls giving a value shown raise, and the same calls with `w` instead, or without it, return;
        - "(may be left out)": calls that leave it out return."""
        text = claim.get("text", "")
        name = text.split(": ", 1)[0].lstrip("*")
        said = text.split(": ", 1)[-1]
        tested = [self.records[i] for i in claim.get("tested") or [] if i in self.records]
        bad, checked = [], False

        def rerun(call, returns, why, record=None):
            """`record`: the worker's record of this call, whose outcome it must give again (a
            generator that returned and raised while iterated, as difflib.ndiff(3, 3) does, again)."""
            try:
                out = self.drawn(claim, call, lambda o: o.kind != "slow" and (agrees(o, record) if record is not None else o.returned() == returns))
            except Exception:  # noqa: B902 -- its arguments cannot be built again: it says nothing here
                return False
            if out.kind == "slow":
                return False
            if (agrees(out, record) if record is not None else out.returned() == returns) is False:
                bad.append(why_of("parameter", text, "%s %s" % (why, "returned" if out.returned() else "raised %s" % out.error.__name__)))
            return True

        # Calls that ran (not those whose arguments or receiver could not be built).
        ran = [r for r in tested if r["result"]["status"] in ("returned", "raised") and r["result"].get("durationMs", 0) < 500]
        with_it = [(r, bound(self.t, request_of(r))) for r in ran]
        with_it = [(r, b) for r, b in with_it if b is not None]
        if said.startswith("no call with it returned"):
            for r, b in [(r, b) for r, b in with_it if name in b][:8]:
                checked = rerun(request_of(r), False, "a call giving it") or checked
            # Calls whose arguments or receiver could not be built: building them fails again.
            for r in [r for r in tested if r["result"]["status"] == "rejected"][:4]:
                try:
                    self.t.values(request_of(r))
                except Exception:  # noqa: B902 -- refused again: still no call that returned
                    checked = True
                    continue
                checked = rerun(request_of(r), False, "a call the worker could not build") or checked
        elif said.startswith("calls with ") and " raised where the same call " in said:
            raised_part, _, instead = said[len("calls with "):].partition(" raised where the same call ")
            shown = [v for v in re.findall(r"`([^`]*)`", raised_part)]
            others = [v for v in re.findall(r"`([^`]*)`", instead.split(" returned")[0]) if "…" not in v]
            # The pairs the line was read off: a call giving a value shown that raised, and the same
            # call with another value shown (or without it) that returned, both among the records.
            returned = [(request_of(r), b, r) for r, b in with_it if r["result"]["status"] == "returned"]
            pairs = 0
            for r, b in with_it:
                if name not in b or r["result"]["status"] != "raised" or not any(given_as(b[name], v) for v in shown) or pairs >= 4:
                    continue
                call = request_of(r)
                left = without(self.t, call, name) if "with it left out" in instead else None
                for partner, pb, precord in returned:
                    same_rest = {k: v for k, v in pb.items() if k != name} == {k: v for k, v in b.items() if k != name}
                    if same_rest and partner.get("receiver") == call.get("receiver") and (
                            (name not in pb and left is not None) or (name in pb and any(given_as(pb[name], w) for w in others))):
                        pairs += 1
                        checked = rerun(call, False, "the call giving it", r) or checked
                        checked = rerun(partner, True, "the same call with %s" % ("it left out" if name not in pb else "`%s`" % pb[name]), precord) or checked
                        break
        elif claim.get("support"):
            bad.extend(self.rests_on(claim))
            checked = True
        if said.endswith("(may be left out)"):
            for r, b in [(r, b) for r, b in with_it if name not in b and r["result"]["status"] == "returned"][:2]:
                checked = rerun(request_of(r), True, "a call leaving it out", r) or checked
        if not checked:
            raise NotChecked("no call it speaks of could be re-run (none gave the parameter, or none ran quickly enough)")
        return bad[:1]  # one false line, however many of its calls show it

    def relation(self, claim):
        """A summary sentence of the relation catalogue (relations.py) tested on the calls it rests on,
        and on fresh calls when it is stated of every call."""
        found = relations.relation_of(claim.get("text", ""))
        if found is None:
            return []
        test, fresh = found
        support = [request_of(self.records[i]) for i in claim["support"] if i in self.records and self.records[i]["result"]["status"] == "returned"]
        for c in support[:8] + (self.calls + self.texts_from_patterns() if fresh else []):
            seen = self.observed(c)
            why = test(seen) if seen is not None else relations.NA
            if why and why != relations.NA:
                return [why_of("summary", claim.get("text", ""), why)]
        return []

    def observed(self, call):
        """One call as relations.py tests it: its arguments before and after, what it returned (None
        when it raised or took too long)."""
        import types as pytypes

        has_receiver = bool(call.get("receiver") or (call.get("values") and call["values"][0] is not None))
        try:
            a, k = self.t.build({}, call)
            given = copy.deepcopy(a)
            before = [state(x) for x in a]
            whole = pickled(a[0]) if has_receiver else None
            lengths = len(a[0]) if has_receiver and hasattr(a[0], "__len__") else None
            value = check.run(self.t.callable_for(call), a, k)[0]
        except BaseException:  # noqa: B902 -- a call that raises or hangs is none the sentence speaks of
            return None
        if has_receiver and lengths is not None:
            try:
                lengths = (lengths, len(a[0]))
            except TypeError:
                lengths = None
        try:
            named = dict(inspect.signature(self.t.fn).bind_partial(*given, **k).arguments)
        except (TypeError, ValueError):
            named = {}
        return pytypes.SimpleNamespace(
            value=value[1] if isinstance(value, tuple) and len(value) == 2 and value[0] == "iter" else value,
            given=(given[1:] if has_receiver else given) + list(k.values()), named=named, has_receiver=has_receiver,
            before=before, after=[state(x) for x in a], lengths=lengths if isinstance(lengths, tuple) else None,
            whole=(whole, pickled(a[0])) if whole is not None else None)

    def misquoted(self, record, out, text, form):
        """What a call printed here ([] when it printed what the worker showed), for a call whose result
        the line quotes in `form` (the record's repr in it); [] when the line does not quote it."""
        value = record["result"].get("value") or {}
        want = value.get("repr", "")
        if not want or value.get("iteration") or value.get("truncated") or form % want not in text:
            return []
        try:
            shown = repr(out.value)
        except Exception:  # noqa: B902 -- a value whose repr fails is not compared (the worker showed a placeholder)
            return []
        return [] if same_value(out.value, shown, want) else [shown]

    def rests_on(self, claim):
        """The calls a line rests on, again: those that returned return (of a type it names, with
        the same value where it says so); those that raised raise the same class again, in a new
        process when one returns here ("Raises an error whose class depends on `x`" rests on raises only)."""
        support = [self.records[i] for i in claim.get("support") or [] if i in self.records and self.records[i]["result"]["status"] in ("returned", "raised")]
        support = [r for r in support if r["result"].get("durationMs", 0) < 500][:8]
        if not support:
            raise NotChecked("no call it rests on ran quickly enough to re-run")
        for r in [r for r in support if r["result"]["status"] == "raised"]:
            want = (r["result"].get("exception") or {}).get("type", "").split(".")[-1]
            out = self.drawn(claim, request_of(r), lambda o: o.kind == "raised" and want in [k.__name__ for k in o.error.__mro__])
            # In a new process, as `raises` does: what an earlier call here filed is not there.
            if out.kind == "ok" and want in self.raised_in_new_process(r["index"]):
                continue
            if out.kind == "ok" or (out.kind == "raised" and want not in [k.__name__ for k in out.error.__mro__]):
                got = "returned" if out.kind == "ok" else "raised %s" % out.error.__name__
                return [why_of(claim["part"], claim.get("text", ""), "a call it rests on %s, not %s" % (got, want))]
        support = [r for r in support if r["result"]["status"] == "returned"]
        return_types = self.job["report"].get("returnTypes")
        # A summary sentence (a relation of the results, what a call changed) is read off the
        # values of its calls: with a function said to be deterministic, those values again.
        # "returns a str" is a type, checked as the returns line is (formatdate's value is the clock's).
        typed = claim["part"] == "returns" or claim.get("text", "").startswith("returns ")
        same_values = claim["part"] == "summary" and not typed and any(p.get("name") == "deterministic" and p.get("holds") for p in self.properties)
        for r in support:
            out = self.drawn(claim, request_of(r), lambda o: not (o.kind == "raised" and o.during == "call") and not (
                o.returned() and typed and return_types and not r["result"].get("value", {}).get("iteration") and not type_named(o.value, return_types)))
            kind, got = out.kind, out.value
            if kind == "raised" and out.during == "call":
                return [why_of(claim["part"], claim.get("text", ""), "a call it rests on raised %s" % out.error.__name__)]
            value = r["result"].get("value") or {}
            # A call quoted with what it returned ("dissoc(d, 'a') → {'b': 2, 'c': 3}"), whatever else the line says.
            if kind == "ok" and not claim.get("draws") and claim["part"] == "summary" and not same_values:
                for shown in self.misquoted(r, out, claim.get("text", ""), " → %s"):
                    return [why_of(claim["part"], claim.get("text", ""), "a call it quotes returned %s, not %s" % (shown[:80], value.get("repr", "")[:80]))]
            if kind == "ok" and same_values and not value.get("iteration") and not value.get("truncated"):
                try:
                    shown = repr(got)
                except Exception:  # noqa: B902 -- a value whose repr fails is not compared (the worker showed a placeholder)
                    continue
                if not same_value(got, shown, value.get("repr", "")):
                    return [why_of(claim["part"], claim.get("text", ""), "a call it rests on returned %s, not %s" % (shown[:80], value.get("repr", "")[:80]))]
            if out.returned() and typed and return_types and not r["result"].get("value", {}).get("iteration") \
                    and not type_named(got, return_types):
                return [why_of(claim["part"], claim.get("text", ""), "returned a %s" % type(got).__name__)]
        return []


def agrees(out, record):
    """Whether a re-run gave what the worker recorded for the call: a raise for a raise; for a return,
    a return, or a raise while iterating what it returned where the worker's iteration raised too."""
    result = record["result"]
    if result["status"] == "raised":
        return out.kind == "raised"
    iteration = (result.get("value") or {}).get("iteration") or {}
    return out.kind == "ok" or (out.during == "iteration" and bool(iteration.get("raised")))


def why_of(part, text, why):
    return {"part": part, "text": str(text)[:160], "why": str(why)[:200]}


# The child's events go out on a high descriptor, not on a small one a function given an int as a file
# (`open(3)`) would read or close: the worker moves its call processes' pipes the same way (call.OWN_FD_FLOOR).
EVENTS_FD = 987


def child(keys, out):
    """Re-checks the lines `keys` of the job on stdin, appending one JSON line per event to the file
    `out` as it goes (a line started, a line's result), so that a crash or a hang on one line loses
    only that line: the parent starts another child for the rest."""
    job = json.load(sys.stdin)
    sys.argv = sys.argv[:1]  # as in the worker: a target that parses sys.argv must not see "child"

    def write(event):
        os.write(fd, (json.dumps(event, default=repr) + "\n").encode())

    # Far above the low numbers a call may be given as a file descriptor (pycodestyle's input_file(3)
    # reads and closes descriptor 3), where the events' file would otherwise be.
    low = os.open(out, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
    fd = os.dup2(low, EVENTS_FD)
    os.close(low)
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        try:
            checker = Checker(job)
        except BaseException as exc:  # noqa: B902 -- the target could not be loaded: no line can be re-run
            write({"fatal": "the function could not be loaded here: %s: %s" % (type(exc).__name__, str(exc)[:160])})
            os._exit(0)
        for key in keys:
            write({"start": key})
            try:
                write({"key": key, "contradictions": checker.line(key)})
            except NotChecked as exc:
                write({"key": key, "reason": str(exc)})
            except BaseException as exc:  # noqa: B902 -- the re-check's own failure on this line, not the function's
                write({"key": key, "reason": "the re-check failed on this line: %s: %s" % (type(exc).__name__, str(exc)[:160])})
    write({"done": True})
    # Threads the target started must not keep this process alive.
    os._exit(0)


def exception_type(traceback):
    """The exception's type in a doctest traceback: as doctest reads it, the first line after the
    header that is not indented (a message of several lines follows it, and ends the text)."""
    for line in traceback.splitlines()[1:]:
        if line and not line[0].isspace():
            return line.split(":")[0]
    return ""


def literal(text):
    """The value a shown literal display stands for (None when it is not one)."""
    import ast

    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def eval_list(text):
    """The number of items a shown list has, when it is a plain list display (for `g = ...` examples)."""
    import ast

    try:
        v = ast.literal_eval(text)
        return v if isinstance(v, list) else None
    except (ValueError, SyntaxError):
        return None


# Seconds for all the children of one job, and for one line before its child is stopped.
TOTAL_SECONDS = float(os.environ.get("PAU_RECHECK_SECONDS", "150"))
LINE_SECONDS = float(os.environ.get("PAU_RECHECK_LINE_SECONDS", "40"))


def events(path):
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(x) for x in f.read().splitlines() if x.strip()]
    except (OSError, ValueError):
        return []


def run_child(body, keys, scratch, deadline):
    """One child over `keys`: its events, and why it stopped early (None when it finished)."""
    out = os.path.join(scratch, "events-%d.jsonl" % time.monotonic_ns())
    cmd = measure.sandboxed([sys.executable, os.path.abspath(__file__), "child", out, json.dumps(keys)], scratch)
    err = os.path.join(scratch, "stderr-%d" % time.monotonic_ns())
    with open(err, "w") as errf:
        p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=errf, cwd=scratch, env=measure.scratch_env(scratch))
        try:
            p.stdin.write(body.encode())
            p.stdin.close()
        except BrokenPipeError:
            pass
        why = None
        started, current = time.monotonic(), None
        while p.poll() is None:
            time.sleep(0.05)
            seen = events(out)
            last = next((e["start"] for e in reversed(seen) if "start" in e), None)
            if last != current:
                current, started = last, time.monotonic()
            now = time.monotonic()
            if now > deadline or (current is not None and now - started > LINE_SECONDS):
                p.kill()
                p.wait()
                why = "it ran for more than %d s" % (LINE_SECONDS if now <= deadline else TOTAL_SECONDS)
    seen = events(out)
    if why is None and not any(e.get("done") for e in seen) and not any("fatal" in e for e in seen):
        with open(err, encoding="utf-8", errors="replace") as f:
            tail = f.read().strip().splitlines()[-1:] or [""]
        why = "the re-check process ended with code %s%s" % (p.returncode, ": " + tail[0][:160] if tail[0] else "")
    return seen, why


def recheck_job(body, scratch):
    """Every line of the job re-checked, each in a child: a line the children could not finish is
    counted as not re-checked with the reason, and the lines after it go to a new child."""
    job = json.loads(body)
    lines = lines_of(job)
    results = {}
    deadline = time.monotonic() + TOTAL_SECONDS
    fatal = None
    while fatal is None:
        pending = [x["key"] for x in lines if x["key"] not in results]
        if not pending or time.monotonic() >= deadline:
            break
        seen, why = run_child(body, pending, scratch, deadline)
        for e in seen:
            if "key" in e:
                results[e["key"]] = e
            fatal = e.get("fatal", fatal)
        if why is not None:
            on = next((e["start"] for e in reversed(seen) if "start" in e), None)
            # Stopped before it started a line: the first pending one is the one it could not get past.
            on = on if on is not None and on not in results else next((k for k in pending if k not in results), None)
            if on is not None:
                results[on] = {"key": on, "reason": why}
    not_checked = []
    contradictions = []
    checked = 0
    for x in lines:
        r = results.get(x["key"])
        if r is None:
            reason = fatal or "the re-check ran out of its %d s before this line" % TOTAL_SECONDS
            not_checked.append({"part": x["part"], "kind": x["kind"], "text": x["text"][:160], "reason": reason, "class": reason_class(reason)})
        elif "reason" in r:
            not_checked.append({"part": x["part"], "kind": x["kind"], "text": x["text"][:160], "reason": r["reason"], "class": reason_class(r["reason"])})
        else:
            checked += 1
            contradictions.extend(r["contradictions"])
    out = {"stated": len(lines), "checked": checked, "contradictions": contradictions, "notChecked": not_checked}
    if fatal:
        out["error"] = fatal
    return out


def main():
    if len(sys.argv) > 2 and sys.argv[1] in ("state", "raised"):  # one record's call, in this new process (Checker.in_new_process, raised_in_new_process)
        mode, index = sys.argv[1], int(sys.argv[2])
        job = json.load(sys.stdin)
        sys.argv = sys.argv[:1]
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            t = Target(job["module"], job["qualname"])
            check.build = t.build
            out = t.outcome(request_of(next(r for r in job["records"] if r["index"] == index)))
        if mode == "raised":
            sys.stdout.write(" ".join(k.__name__ for k in out.error.__mro__) if out.kind == "raised" else "")
        else:
            sys.stdout.write(state(out.value) if out.kind == "ok" else "")
        sys.stdout.flush()
        os._exit(0)  # threads the target started must not keep this process alive
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(json.loads(sys.argv[3]), sys.argv[2])
        return
    body = sys.stdin.read()
    scratch = tempfile.mkdtemp(prefix="pau-recheck-")
    try:
        out = recheck_job(body, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    sys.stdout.write(json.dumps(out))


if __name__ == "__main__":
    try:
        main()
    except measure.NoSandbox as exc:
        sys.exit("recheck.py: %s" % exc)
