"""PAU Probe's warm Python worker: imports one target, then serves calls, each in a child
process forked ahead of time.

Started by src/probe/client.ts as `python -B pau_worker.py` with two extra pipes:
fd 3 carries requests from the host, fd 4 carries responses, one JSON object per line.
The user's stdout/stderr never touch them: each call's child writes its prints to pipes
of its own that the worker reads, bounded.

Host -> worker:  {"op": "start", "file", "qualname", "baseDir", "cwd"?, "coverage", "isolation"?}
                 {"op": "call", "id", "args", "kwargs", "receiver"?, "limits"}
                 {"op": "stop"}
Worker -> host:  {"event": "ready", "info", "executable"}
                 {"event": "error", "kind", "message", "available"?}
                 {"event": "started", "id", "pid"}   (the call's process group, for abort)
                 {"event": "result", "id", "result"}
                 {"event": "forked", "pid"}          (the next pre-forked child)
"""
import sys

if sys.version_info < (3, 9):
    import os as _os

    _os.write(4, ('{"event":"error","kind":"no-python","message":"PAU Probe needs Python 3.9 or newer, '
                  'this is %d.%d.%d"}\n' % sys.version_info[:3]).encode())
    sys.exit(3)

import collections  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import select  # noqa: E402
import selectors  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))

import pau_call  # noqa: E402
import pau_coverage  # noqa: E402
import pau_guards  # noqa: E402
import pau_safe_args as safe_args  # noqa: E402
import pau_spawned  # noqa: E402
import pau_target  # noqa: E402

# User code must not import the worker's modules by accident (nor shadow them).
sys.path[:] = [p for p in sys.path if os.path.realpath(p or ".") != HERE]

REQUEST_FD, RESPONSE_FD = 3, 4
# The worker kills a call this long after its timeout: the child's render timer fires
# at the timeout, and writing the result must fit in between.
RENDER_GRACE = 0.4
# Pre-forked children kept waiting for requests. One is enough: a second one only adds CPU
# contention on small machines (measured, interleaved A/B on 2 cores).
READY_CHILDREN = 1
# After a call, how long to wait for the next one before forking replacements (seconds).
HOUSEKEEPING_DELAY = 0.002
IDLE_REAP_INTERVAL = 0.05
# Hard cap on one child's result message (the renderer bounds it far below this).
MAX_RESULT_BYTES = 64 * 1024 * 1024
DEFAULT_LIMITS = {
    "timeoutMs": 5000,
    "memoryMb": 1024,
    "maxOutputBytes": 65536,
    "maxReprChars": 4000,
    "maxIterItems": 20,
}


_libc = []


def die_with_parent():
    """Linux: be killed when the parent dies, so a crashed host never leaks workers or calls."""
    if not sys.platform.startswith("linux"):
        return
    try:
        if not _libc:
            import ctypes

            _libc.append(ctypes.CDLL(None, use_errno=True))
        _libc[0].prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG
    except Exception:  # noqa: B902
        pass


class Channel:
    """Newline-delimited JSON over the two protocol pipes."""

    def __init__(self):
        self.buffer = b""
        self.closed = False

    def fill(self):
        chunk = os.read(REQUEST_FD, 1 << 16)
        if chunk:
            self.buffer += chunk
        else:
            self.closed = True

    def wait(self, timeout):
        """Is a request (or the end of input) there, or does one arrive within `timeout`?"""
        if b"\n" in self.buffer or self.closed:
            return True
        return bool(select.select([REQUEST_FD], [], [], timeout)[0])

    def receive(self):
        while b"\n" not in self.buffer:
            if self.closed:
                return None
            self.fill()
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def send(self, message):
        pau_call.write_all(RESPONSE_FD, (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))


class Capture:
    """One output stream of a call: the first `cap` bytes are kept, the rest is drained."""

    def __init__(self, cap):
        self.cap = cap
        self.parts = []
        self.kept = 0
        self.truncated = False

    def add(self, data):
        room = self.cap - self.kept
        if room <= 0:
            self.truncated = True
            return
        if len(data) > room:
            data = data[:room]
            self.truncated = True
        self.parts.append(data)
        self.kept += len(data)

    def text(self):
        return b"".join(self.parts).decode("utf-8", "replace")


class Child:
    """A pre-forked child waiting for its request."""

    def __init__(self, pid, request_w, result_r, out_r, err_r, call_dir):
        self.pid = pid
        self.request_w = request_w
        self.result_r = result_r
        self.out_r = out_r
        self.err_r = err_r
        self.call_dir = call_dir


def _close(*fds):
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def _count_user_tasks():
    """RLIMIT_NPROC counts every task of the user: the cap is what runs now plus a margin.
    (It does not bind root; the audit hook stops fork bombs there.)"""
    if os.geteuid() == 0 or not os.path.isdir("/proc"):
        return None
    uid = str(os.getuid())
    count = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/status" % entry) as status:
                fields = dict(line.split(":", 1) for line in status if ":" in line)
            if fields.get("Uid", "").split()[0] == uid:
                count += int(fields.get("Threads", "1"))
        except (OSError, ValueError, IndexError):
            continue
    return count + 64


def prepare(start, write_root):
    """Import the target under the guards and build what every call needs."""
    sys.dont_write_bytecode = True
    pau_guards.install()
    pau_guards.quiet_reporting()
    file = os.path.realpath(start["file"])
    extra_root = start.get("cwd")
    root, _ = pau_target.module_location(file)
    os.chdir(extra_root or root)
    pau_guards.arm(write_root)
    try:
        target = pau_target.load(file, start["qualname"], extra_root)
    finally:
        pau_guards.disarm()
    roots = sorted({r for r in (target.root, extra_root, os.path.dirname(file)) if r}, key=len, reverse=True)
    pau_guards.hide_sources(roots)
    pau_guards.scrub_environ()  # the host scrubbed it; the import may have added more
    prefixes = [os.path.realpath(r) + os.sep for r in roots] + [r + os.sep for r in roots]

    def scrub(text):
        """Paths under the target's folders become relative: no absolute paths in results."""
        for prefix in prefixes:
            if prefix in text:
                text = text.replace(prefix, "")
        return text

    if target.is_async:
        import asyncio  # noqa: F401 — before the fork, so that calls do not pay for it
    static = pau_coverage.StaticMap(target.code) if target.code is not None else None
    return pau_call.CallContext(target, safe_args, static, scrub, _count_user_tasks())


class Worker:
    def __init__(self, start, channel):
        self.channel = channel
        self.start = start
        self.coverage = bool(start.get("coverage", True))
        base = start["baseDir"]
        self.calls_root = os.path.join(base, "calls")
        import_dir = os.path.join(base, "import")
        for folder in (self.calls_root, import_dir):
            os.makedirs(folder, exist_ok=True)
        self.context = prepare(start, import_dir)
        self.target = self.context.target
        self.scrub = self.context.scrub
        static = self.context.static
        self.union = pau_coverage.Union(static) if static is not None else None
        # Where fork is missing (Windows), or when asked, each call is a new process.
        self.forking = hasattr(os, "fork") and start.get("isolation") != "spawn"
        self.ready = collections.deque()  # pre-forked children, oldest (warmest) first
        self.running = None  # the child serving the current call
        self.finished = []  # children that answered and are exiting
        self.finished_dirs = []
        warnings.filterwarnings("ignore", category=DeprecationWarning, message=".*fork.*")
        # Objects that exist now are never collected in the children: freezing them keeps
        # the collector from touching (and copying) their pages after each fork.
        if hasattr(gc, "freeze"):
            gc.freeze()

    # -- children ----------------------------------------------------------------------

    def fork_child(self):
        call_dir = tempfile.mkdtemp(prefix="call-", dir=self.calls_root)
        request_r, request_w = os.pipe()
        result_r, result_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        worker_pid = os.getpid()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: B902
                pass
        pid = os.fork()
        if pid == 0:  # the child
            try:
                os.setpgid(0, 0)
                die_with_parent()
                if os.getppid() != worker_pid:
                    os._exit(0)
                os.dup2(out_w, 1)
                os.dup2(err_w, 2)
                _close(REQUEST_FD, RESPONSE_FD, request_w, result_r, out_r, err_r, out_w, err_w)
                siblings = list(self.ready) + ([self.running] if self.running else [])
                for sibling in siblings:  # the worker's ends of the pipes of other children
                    _close(sibling.request_w, sibling.result_r, sibling.out_r, sibling.err_r)
                stdin = os.open(os.devnull, os.O_RDONLY)
                os.dup2(stdin, 0)
                _close(stdin)
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                if hasattr(signal, "SIGXFSZ"):
                    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # over-large files raise EFBIG
                for stream in (sys.stdout, sys.stderr):
                    try:
                        stream.reconfigure(line_buffering=True)
                    except Exception:  # noqa: B902
                        pass
                pau_call.serve(self.context, request_r, result_w, call_dir, self.coverage)
            finally:
                os._exit(70)
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass  # the child did it first
        _close(request_r, result_w, out_w, err_w)
        self.channel.send({"event": "forked", "pid": pid})
        return Child(pid, request_w, result_r, out_r, err_r, call_dir)

    @staticmethod
    def _kill(child):
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass

    # -- calls -------------------------------------------------------------------------

    def check_arguments(self, request):
        names = self.context.names
        sources = [("args[%d]" % i, s) for i, s in enumerate(request.get("args") or [])]
        kwargs = request.get("kwargs") or {}
        for name, source in kwargs.items():
            if not isinstance(name, str) or not name.isidentifier():
                return "kwargs: %r is not a valid parameter name" % (name,)
            sources.append(("kwargs.%s" % name, source))
        receiver = request.get("receiver")
        if self.target.needs_receiver and receiver is None:
            return "%s is an instance method: give a receiver, the object to call it on (e.g. %s(...))" % (
                self.target.qualname, self.target.owner.__name__)
        if receiver is not None:
            if not self.target.needs_receiver:
                return "%s is a %s: it takes no receiver" % (self.target.qualname, self.target.kind)
            sources.append(("receiver", receiver))
        for label, source in sources:
            if not isinstance(source, str):
                return "%s: argument source must be a string of Python source" % label
            try:
                safe_args.check(source, names)
            except safe_args.ArgumentRejected as exc:
                return "%s: %s" % (label, exc)
            except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
                return "%s: %s: %s" % (label, type(exc).__name__, exc)
        return None

    def call(self, message):
        limits = dict(DEFAULT_LIMITS)
        limits.update({k: v for k, v in (message.get("limits") or {}).items() if v is not None})
        request = {
            "args": message.get("args") or [],
            "kwargs": message.get("kwargs") or {},
            "receiver": message.get("receiver"),
            "limits": limits,
        }
        if isinstance(message.get("seed"), int):
            request["seed"] = message["seed"]
        problem = self.check_arguments(request)
        if problem is not None:
            return {
                "status": "rejected",
                "exception": {"type": "ArgumentRejected", "message": problem},
                "mutations": [],
                "stdout": "",
                "stderr": "",
                "durationMs": 0,
            }
        if not self.forking:
            return self.merge_coverage(pau_spawned.call(self, request, limits, message.get("id")))
        child = self.take_ready_child()
        self.running = child
        self.channel.send({"event": "started", "id": message.get("id"), "pid": child.pid})
        try:
            return self.supervise(child, request, limits)
        finally:
            self.running = None

    def take_ready_child(self):
        """The oldest waiting child that is still alive (something may have killed it while it
        waited: then the call must not be reported as its crash), or a new one."""
        while self.ready:
            child = self.ready.popleft()
            try:
                alive = os.waitpid(child.pid, os.WNOHANG)[0] == 0
            except ChildProcessError:
                alive = False
            if alive:
                return child
            _close(child.request_w, child.result_r, child.out_r, child.err_r)
            self.finished_dirs.append(child.call_dir)
        return self.fork_child()

    def merge_coverage(self, result):
        """Turn the child's hits into counts against the session's union (hits stay here)."""
        hits = result.pop("coverageHits", None)
        if hits is not None and self.union is not None:
            result["coverage"] = self.union.merge(hits)
        return result

    def supervise(self, child, request, limits):
        """Send the request and collect result and output until the child has answered,
        died or run out of time; turn what happened into a ProbeResult."""
        dispatched = time.monotonic()
        timeout = limits["timeoutMs"] / 1000.0
        deadline = dispatched + timeout + RENDER_GRACE
        cap = int(limits["maxOutputBytes"])
        out, err = Capture(cap), Capture(cap)
        result = bytearray()
        try:
            pau_call.write_all(child.request_w, json.dumps(request).encode("utf-8") + b"\n")
        except OSError:
            pass  # the child died before reading: reported below from its exit status
        _close(child.request_w)

        sinks = {child.result_r: result.extend, child.out_r: out.add, child.err_r: err.add}
        parsed, timed_out = None, False
        selector = selectors.DefaultSelector()
        for fd in sinks:
            selector.register(fd, selectors.EVENT_READ)
        selector.register(REQUEST_FD, selectors.EVENT_READ)
        try:
            while sinks:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    timed_out = True
                    break
                for key, _ in selector.select(remaining):
                    fd = key.fd
                    if fd == REQUEST_FD:
                        self.channel.fill()  # a queued request, or the host went away
                        if self.channel.closed:
                            self._kill(child)
                            os._exit(0)
                    elif not self._pump(fd, sinks, result):
                        selector.unregister(fd)
                        if fd == child.result_r:
                            parsed = _parse(result)
                if parsed is not None:
                    # The child flushed its output before writing the result: what is left
                    # in the output pipes is all there is. It exits on its own; it is
                    # reaped after the answer has gone out.
                    for fd in list(sinks):
                        os.set_blocking(fd, False)
                        while self._pump(fd, sinks, result, drain=True):
                            pass
                    break
        finally:
            selector.close()
            _close(child.result_r, child.out_r, child.err_r)
        elapsed_ms = (time.monotonic() - dispatched) * 1000.0

        outcome = {"stdout": self.scrub(out.text()), "stderr": self.scrub(err.text())}
        if out.truncated or err.truncated:
            outcome["outputTruncated"] = True
        if parsed is not None:
            self.finished.append((child, 0))
            parsed.update(outcome)
            return self.merge_coverage(parsed)
        if timed_out:
            self._kill(child)
            os.waitpid(child.pid, 0)
            status = None
        else:
            status = self._reap(child, deadline)
        self.finished_dirs.append(child.call_dir)  # the child is dead and reaped
        if status is None:
            outcome.update({"status": "timeout", "mutations": [], "durationMs": round(elapsed_ms, 3)})
            return outcome
        crash = _crash_of(status)
        outcome.update({
            "status": "timeout" if crash["signal"] == "SIGXCPU" else "crashed",
            "crash": crash,
            "mutations": [],
            "durationMs": round(elapsed_ms, 3),
        })
        return outcome

    @staticmethod
    def _pump(fd, sinks, result, drain=False):
        """Move what one pipe has into its sink; False at end of file (or, when draining,
        when nothing is left)."""
        try:
            data = os.read(fd, 1 << 16)
        except BlockingIOError:
            return False
        if not data:
            del sinks[fd]
            return False
        if sinks[fd] != result.extend or len(result) + len(data) <= MAX_RESULT_BYTES:
            sinks[fd](data)
        return True

    def _reap(self, child, deadline):
        """Wait for a child that gave no result; None when it had to be killed at the deadline."""
        while True:
            pid, status = os.waitpid(child.pid, os.WNOHANG)
            if pid:
                self._kill(child)  # anything it left in its group
                return status
            if time.monotonic() >= deadline:
                self._kill(child)
                os.waitpid(child.pid, 0)
                return None
            time.sleep(0.001)

    def _reap_finished(self, wait=False):
        """Collect children that answered and are exiting. Their teardown takes a while
        (unmapping a copy of the worker), so this never waits for it unless told to; a child
        still there a few rounds later is killed (a thread of the user's kept it alive)."""
        still = []
        for child, rounds in self.finished:
            try:
                pid, _ = os.waitpid(child.pid, os.WNOHANG)
                if not pid and (wait or rounds >= 3):
                    self._kill(child)
                    pid, _ = os.waitpid(child.pid, 0 if wait else os.WNOHANG)
            except ChildProcessError:
                pid = child.pid
            if pid:
                shutil.rmtree(child.call_dir, ignore_errors=True)
            else:
                still.append((child, rounds + 1))
        self.finished = still

    def refill(self):
        """Keep READY_CHILDREN children warm: back-to-back calls then find one that has
        finished warming up while its replacement is forked during the host's turn."""
        if self.forking:
            while len(self.ready) < READY_CHILDREN:
                self.ready.append(self.fork_child())

    def housekeeping(self):
        """Between calls: replace used children, collect finished ones, remove their folders."""
        self.refill()
        self._reap_finished()
        for call_dir in self.finished_dirs:
            shutil.rmtree(call_dir, ignore_errors=True)
        self.finished_dirs = []

    # -- main loop -----------------------------------------------------------------------

    def serve(self):
        self.refill()
        tidy = True
        try:
            while True:
                # A caller calling back to back gets its next call served before the
                # housekeeping (a fork costs more than the call); otherwise tidy up now.
                if not tidy and not self.channel.wait(HOUSEKEEPING_DELAY):
                    self.housekeeping()
                    tidy = True
                while tidy and self.finished and not self.channel.wait(IDLE_REAP_INTERVAL):
                    self._reap_finished()  # answered children finish exiting: collect them while idle
                message = self.channel.receive()
                if message is None or message.get("op") == "stop":
                    return
                if message.get("op") == "call":
                    result = self.call(message)
                    self.channel.send({"event": "result", "id": message.get("id"), "result": result})
                    tidy = False
        finally:
            for child in self.ready:
                self._kill(child)
            self._reap_finished(wait=True)
            shutil.rmtree(self.calls_root, ignore_errors=True)


def _parse(result):
    if not result:
        return None
    try:
        return json.loads(bytes(result))
    except ValueError:
        return None


def _crash_of(status):
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = "SIG%d" % number
        return {"exitCode": None, "signal": name}
    return {"exitCode": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None, "signal": None}


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--one-call":
        die_with_parent()
        return pau_spawned.run_one_call(sys.argv[2], sys.argv[3], prepare)
    die_with_parent()
    channel = Channel()
    start = channel.receive()
    if start is None or start.get("op") != "start":
        return 2
    try:
        worker = Worker(start, channel)
    except pau_target.TargetError as exc:
        error = {"event": "error", "kind": exc.kind, "message": str(exc)}
        if exc.available is not None:
            error["available"] = exc.available
        channel.send(error)
        return 1
    channel.send({"event": "ready", "info": worker.target.info, "executable": sys.executable})
    worker.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
