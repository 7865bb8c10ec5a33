"""Branch coverage of one function's probes, and the Hypothesis anchor, measured the same way.

    measure.py < {module, qualname, source, calls: [{args, kwargs?, receiver?}], budget}

prints {explorer: {percent, calls, returned}, hypothesis: {percent, calls, returned}, functions}.
Each side runs in its own child process (`measure.py child explorer|hypothesis`), in a scratch
folder, under bubblewrap, required (read-only system, no network, no credential-named
variable), with a time limit per call and per side. The explorer's argument sources are built
by the worker's own safe-grammar evaluator (python/pau_probe/safe_args.py), never by eval.

What is counted (the same for both sides): coverage.py's branch measure (statements plus branch
arcs, as its percentage) over the body of the target function and of every function of the same
package (the stdlib module's own package for a standard-library target) that either side's calls
entered. Only the calls themselves are measured: not the import, not Hypothesis's own work (it uses attrs).
"""
import ast
import contextlib
import functools
import importlib
import inspect
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import types
import warnings

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
WORKER = os.path.join(HERE, "..", "..", "..", "python")
CALL_SECONDS = 2
SIDE_SECONDS = 90
ITEMS = 50


class Slow(Exception):
    pass


def _alarm(signum, frame):
    raise Slow()


def package_path(source):
    """The file or folder whose code counts: the source's top-level package, or its one file."""
    top = importlib.import_module(source.split(".")[0])
    f = top.__file__
    return os.path.dirname(f) if f.endswith("__init__.py") else f


def resolve(module, qualname):
    mod = importlib.import_module(module)
    owner, _, attr = qualname.rpartition(".")
    cls = getattr(mod, owner) if owner else None
    fn = getattr(cls if cls is not None else mod, attr)
    raw = inspect.getattr_static(cls, attr) if cls is not None else fn
    return mod, cls, attr, fn, raw


def settle(value):
    if isinstance(value, types.GeneratorType) or (hasattr(value, "__next__") and hasattr(value, "__iter__")):
        out = []
        for item in value:
            out.append(item)
            if len(out) >= ITEMS:
                break
        return out
    return value


COV = []  # the child's Coverage, measuring only while a call runs (not Hypothesis's own use of the package)


def timed(thunk):
    """True when the call returned, within CALL_SECONDS, its output swallowed."""
    signal.alarm(CALL_SECONDS)
    for c in COV:
        c.start()
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            settle(thunk())
        return True
    except Slow:
        return False
    except BaseException:  # noqa: B902 -- the target's own errors (SystemExit included) are outcomes
        return False
    finally:
        for c in COV:
            c.stop()
        signal.alarm(0)


def buildable_names(mod, qualname, fn):
    """The class names the explorer's argument sources use, as the worker resolves them: the bench
    explores `from <module> import <top>` (explorer-sampled.bench.ts), so the worker's module holds
    only that name (a class, for a method) and the package classes it reports
    (FunctionInfo.argumentClasses); every other name is the safe grammar's own (`datetime.date` is
    the standard library's even where the target module binds `datetime` to the class). And
    scratch_file writes into the folder the calls run in."""
    sys.path.insert(0, WORKER)
    from pau_probe import safe_args
    from pau_probe.target import argument_classes, module_classes

    safe_args.use_scratch_folder(os.getcwd())
    top = qualname.split(".")[0]
    names = module_classes({"__name__": "sampled", top: getattr(mod, top)})
    if "." in qualname and top not in names:
        names[top] = getattr(mod, top)  # target.py: a method's class is buildable by name
    names.update(argument_classes(getattr(fn, "__func__", fn), names))
    return names


def explorer_calls(job, mod, cls, attr, fn):
    names = buildable_names(mod, job["qualname"], fn)
    from pau_probe.safe_args import evaluate

    thunks = []
    for c in job["calls"]:
        def thunk(c=c):
            args = [evaluate(s, names) for s in c["args"]]
            kwargs = {k: evaluate(s, names) for k, s in (c.get("kwargs") or {}).items()}
            target = getattr(evaluate(c["receiver"], names), attr) if c.get("receiver") else fn
            return target(*args, **kwargs)
        thunks.append(thunk)
    return thunks


def strategy_for(param, hints, st):
    """Hypothesis's strategy for a parameter: from its annotation, else its default's type, else mixed."""
    # The plain kinds of value a Python function usually takes; None last, since Hypothesis leans to the first.
    mixed = st.one_of(
        st.text(), st.integers(), st.floats(), st.lists(st.integers()), st.lists(st.text()),
        st.dictionaries(st.text(), st.integers()), st.booleans(), st.binary(), st.none(),
    )
    if param.name in hints:
        try:
            s = st.from_type(hints[param.name])
            s.example  # noqa: B018 -- resolving it now tells whether the annotation has a strategy
            return s
        except Exception:  # noqa: B902
            pass
    if param.default is not inspect.Parameter.empty and param.default is not None:
        try:
            return st.from_type(type(param.default))
        except Exception:  # noqa: B902
            pass
    return mixed


ABSENT = object()


def signature_strategy(fn, st, skip_first=False):
    """(args, kwargs) from the signature; a parameter with a default may also be left out."""
    sig = inspect.signature(fn)
    try:
        hints = {k: v for k, v in __import__("typing").get_type_hints(fn).items()}
    except Exception:  # noqa: B902 -- an annotation that does not resolve is no annotation
        hints = {}
    params = list(sig.parameters.values())[1 if skip_first else 0:]
    parts = []
    for p in params:
        if p.kind == p.VAR_KEYWORD:
            continue
        s = strategy_for(p, hints, st)
        if p.kind == p.VAR_POSITIONAL:
            parts.append((p, st.lists(s, max_size=3)))
        elif p.default is not inspect.Parameter.empty:
            parts.append((p, st.one_of(st.just(ABSENT), s)))
        else:
            parts.append((p, s))

    def build(values):
        args, kwargs, positional = [], {}, True
        for (p, _), v in zip(parts, values):
            if p.kind == p.VAR_POSITIONAL:
                if positional:
                    args.extend(v)
                continue
            if v is ABSENT:
                positional = False
                continue
            if positional and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
                args.append(v)
            elif p.kind == p.POSITIONAL_ONLY:
                continue
            else:
                kwargs[p.name] = v
        return args, kwargs

    return st.tuples(*[s for _, s in parts]).map(build)


def hypothesis_calls(job, mod, cls, attr, fn, raw, run):
    from hypothesis import HealthCheck, Phase, given, settings, strategies as st

    needs_receiver = cls is not None and inspect.isfunction(raw)
    call = signature_strategy(fn, st, skip_first=needs_receiver)
    receiver = signature_strategy(cls.__init__, st, skip_first=True) if needs_receiver else st.just(None)
    count = {"calls": 0, "returned": 0}

    @settings(max_examples=job["budget"], database=None, deadline=None, derandomize=True, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(receiver, call)
    def test(r, c):
        if count["calls"] >= job["budget"]:
            return
        count["calls"] += 1

        def thunk():
            target = getattr(cls(*r[0], **r[1]), attr) if needs_receiver else fn
            return target(*c[0], **c[1])
        count["returned"] += run(thunk)

    try:
        test()
    except BaseException:  # noqa: B902 -- Hypothesis gives up on some signatures; what ran is counted
        pass
    return count


def child(side):
    job = json.load(sys.stdin)
    # As in the worker, a script's one-item argv: a target that parses sys.argv must not see "child".
    sys.argv = sys.argv[:1]
    signal.signal(signal.SIGALRM, _alarm)
    import coverage

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        mod, cls, attr, fn, raw = resolve(job["module"], job["qualname"])
    where = package_path(job["source"])
    cov = coverage.Coverage(branch=True, data_file=None, config_file=False,
                            **({"source": [where]} if os.path.isdir(where) else {"include": [where]}))
    result = {"calls": 0, "returned": 0}
    COV.append(cov)
    if side == "explorer":
        for thunk in explorer_calls(job, mod, cls, attr, fn):
            result["calls"] += 1
            result["returned"] += timed(thunk)
    else:
        result = hypothesis_calls(job, mod, cls, attr, fn, raw, timed)
    data = cov.get_data()
    result["files"] = {f: {"lines": sorted(data.lines(f) or []), "arcs": sorted(data.arcs(f) or [])} for f in data.measured_files()}
    sys.stdout.write(json.dumps(result))


class NoSandbox(RuntimeError):
    """bubblewrap is missing: library functions are not re-run at all, rather than run unfenced."""


def sandboxed(cmd, scratch):
    """The command under bubblewrap: the system read-only, no network, writes only to `scratch`.
    No capability either: run as root (CI), bubblewrap kept them all, and a function re-run here
    could remount / read-write (test/python/test_measure_sandbox.py). Without bubblewrap: NoSandbox."""
    if not shutil.which("bwrap"):
        raise NoSandbox("bubblewrap (bwrap) is not on PATH: measure.py and recheck.py re-run library functions only inside it "
                        "(install the Debian package bubblewrap, as scripts/setup-system.sh does)")
    # The repository again after the empty /tmp: a clone under /tmp must still see its own scripts.
    return ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp", "--ro-bind", REPO, REPO,
            "--bind", scratch, scratch, "--chdir", scratch, "--unshare-user", "--cap-drop", "ALL", "--unshare-net", "--unshare-pid",
            "--unshare-ipc", "--die-with-parent", "--new-session"] + cmd


@functools.lru_cache(maxsize=None)
def secret_name():
    """The worker's rule for names that look like credentials: SECRET_NAME of src/probe/environment.ts,
    read from there (its one definition), as JavaScript source the worker compiles the same way
    (pau_probe.guards.scrub_environ). Read once a process: the bench's re-check starts children per job."""
    with open(os.path.join(REPO, "src", "probe", "environment.ts"), encoding="utf-8") as f:
        found = re.search(r"export const SECRET_NAME =\s*/(.+)/i;", f.read())
    if not found:
        raise RuntimeError("src/probe/environment.ts no longer defines SECRET_NAME as a /.../i literal: the re-run functions' environment cannot be scrubbed")
    return re.compile(found.group(1), re.IGNORECASE)


def scratch_env(scratch):
    """The host's environment minus whatever looks like a credential (not the worker's allow-list:
    the bench's callers pass PYTHONPATH and time limits through it)."""
    secret = secret_name()
    kept = {name: value for name, value in os.environ.items() if not secret.search(name)}
    return dict(kept, HOME=scratch, TMPDIR=scratch, PYTHONDONTWRITEBYTECODE="1")


def run_side(side, job, scratch):
    cmd = sandboxed([sys.executable, os.path.abspath(__file__), "child", side], scratch)
    try:
        p = subprocess.run(cmd, input=json.dumps(job), capture_output=True, text=True, cwd=scratch, timeout=SIDE_SECONDS, env=scratch_env(scratch))
        return json.loads(p.stdout) if p.returncode == 0 and p.stdout else {"calls": 0, "returned": 0, "files": {}, "error": p.stderr[-300:]}
    except subprocess.TimeoutExpired:
        return {"calls": 0, "returned": 0, "files": {}, "error": "timed out"}


def function_bodies(path):
    """(first body line, last line) of every def in the file."""
    try:
        with open(path) as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return []
    return [(n.body[0].lineno, n.end_lineno, n.lineno, n.decorator_list[0].lineno if n.decorator_list else n.lineno)
            for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def innermost(bodies, line):
    best = None
    for b in bodies:
        if b[0] <= line <= b[1] and (best is None or b[0] >= best[0]):
            best = b
    return best


def score(job, sides):
    import coverage
    from coverage.python import PythonFileReporter

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        _, _, _, fn, _ = resolve(job["module"], job["qualname"])
    code = getattr(inspect.unwrap(fn), "__code__", None)
    cov = coverage.Coverage(branch=True, data_file=None, config_file=False)
    cov._init()
    files = set(f for s in sides.values() for f in s["files"])
    if code is not None:
        files.add(code.co_filename)
    counted = {}  # file -> set of body ranges counted
    static = {}
    for f in files:
        bodies = function_bodies(f)
        try:
            fr = PythonFileReporter(f, cov)
            static[f] = (fr.lines(), fr.arcs(), {ln for ln, n in fr.exit_counts().items() if n > 1}, bodies)
        except Exception:  # noqa: B902 -- a file coverage cannot parse is left out
            continue
        entered = set()
        for s in sides.values():
            for line in s["files"].get(f, {}).get("lines", []):
                b = innermost(bodies, line)
                if b:
                    entered.add(b)
        if code is not None and f == code.co_filename:
            own = [b for b in bodies if code.co_firstlineno in (b[2], b[3])]
            entered.update(own[:1])
        counted[f] = entered
    out = {"functions": sum(len(v) for v in counted.values())}
    for side, s in sides.items():
        hit = total = 0
        for f, entered in counted.items():
            statements, arcs, branch_lines, bodies = static[f]
            executed = set(s["files"].get(f, {}).get("lines", []))
            done = set(map(tuple, s["files"].get(f, {}).get("arcs", [])))
            for line in statements:
                if innermost(bodies, line) in entered:
                    total += 1
                    hit += line in executed
            for a in arcs:
                if a[0] in branch_lines and innermost(bodies, a[0]) in entered:
                    total += 1
                    hit += a in done
        out[side] = {"percent": round(100.0 * hit / total, 1) if total else 0.0, "calls": s["calls"], "returned": s["returned"],
                     **({"error": s["error"]} if "error" in s else {})}
    return out


def measure():
    job = json.load(sys.stdin)
    scratch = tempfile.mkdtemp(prefix="pau-sampled-")
    try:
        sides = {side: run_side(side, job, scratch) for side in ("explorer", "hypothesis")}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    sys.stdout.write(json.dumps(score(job, sides)))


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "child":
        child(sys.argv[2])
    else:
        try:
            measure()
        except NoSandbox as exc:
            sys.exit("measure.py: %s" % exc)
