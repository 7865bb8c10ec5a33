"""Calls without fork: a new interpreter per call, for platforms without os.fork (Windows)
or when the host asks for `isolation: "spawn"`.

Slower than the pre-forked path (each call starts Python and imports the target again)
and coarser: the call's output goes to files beside its folder and is read back bounded
afterwards. The request and the result travel through files in a folder of their own, so
the call's working directory holds nothing but what the call writes.
"""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time

from pau_probe.checking import TYPE_CHECKING, cast

from pau_probe import call as pau_call
from pau_probe import landlock as pau_landlock
from pau_probe import results
from pau_probe.coverage import Collector
from pau_probe.render import Deadline

if TYPE_CHECKING:
    from typing import Any, Callable, Dict, List, Optional, Tuple

    from pau_probe.protocol import AgainLine, ChildResult, ProbeResultCrash, SecondRun, SpawnedJob, StartMessage

PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUEST_FILE = "request.json"
RESULT_FILE = "result.json"
AGAIN_FILE = "again.json"  # the second run's SecondRun, when the request asked for `again`
STARTED_FILE = "started"


class Outcome:
    """What a spawned call left: the call process's own result (None when it gave none), its
    output as read back, and the two folders it used, for the worker to remove. The worker
    turns it into the host's ProbeResult as it does a forked call's."""

    __slots__ = ("result", "stdout", "stderr", "truncated", "timed_out", "elapsed_ms", "crash", "dirs")

    def __init__(
        self,
        result: Optional[ChildResult],
        output: Tuple[str, str, bool],
        timed_out: bool,
        elapsed_ms: float,
        crash: Optional[ProbeResultCrash],
        dirs: Tuple[str, str],
    ) -> None:
        self.result = result
        self.stdout, self.stderr, self.truncated = output
        self.timed_out = timed_out
        self.elapsed_ms = elapsed_ms
        self.crash = crash
        self.dirs = dirs


def call(job: SpawnedJob, calls_root: str, call_dir: str, on_started: Callable[[int], None]) -> Outcome:
    """Run one call in a new process in `call_dir`; `on_started` gets its pid once it runs."""
    start = job["start"]
    limits = job["request"]["limits"]
    io_dir = tempfile.mkdtemp(prefix="io-", dir=calls_root)
    with open(os.path.join(io_dir, REQUEST_FILE), "w") as handle:
        json.dump(job, handle)
    out_path, err_path = os.path.join(io_dir, "stdout"), os.path.join(io_dir, "stderr")
    spawned = time.monotonic()
    windows = os.name == "nt"
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        process = subprocess.Popen(
            # --check-hash-based-pycs as the worker was started with (src/probe/python-launch.ts).
            [sys.executable, "-B", "--check-hash-based-pycs", "always", "-m", "pau_probe.worker", "--one-call", io_dir, call_dir],
            stdin=subprocess.DEVNULL, stdout=out, stderr=err, cwd=call_dir, env=_call_environment(),
            creationflags=getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) if windows else 0, start_new_session=not windows)
    on_started(process.pid)
    allowance = start["importTimeoutMs"] / 1000.0
    grace = start["renderGraceMs"] / 1000.0
    timed_out = _wait(process, io_dir, spawned, limits["timeoutMs"] / 1000.0 + grace, allowance)
    elapsed_ms = (time.monotonic() - spawned) * 1000.0

    cap = int(limits["maxOutputBytes"])
    stdout, out_cut = _read_bounded(out_path, cap)
    stderr, err_cut = _read_bounded(err_path, cap)
    # A result written whole is the call's answer even when the time ran out after it, in the
    # second run (`again`), as a forked call's first line is.
    result = _read_result(os.path.join(io_dir, RESULT_FILE))
    if result is not None and job["request"].get("again") and pau_call.wants_second_run(result):
        result["again"] = _read_again(os.path.join(io_dir, AGAIN_FILE), timed_out)
    timed_out = timed_out and result is None
    output = (stdout, stderr, out_cut or err_cut)
    return Outcome(result, output, timed_out, elapsed_ms, None if timed_out or result is not None else _crash(process.returncode), (io_dir, call_dir))


def _crash(code: Optional[int]) -> ProbeResultCrash:
    """How a call process that gave no result ended: a signal (negative code) or an exit code."""
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = "SIG%d" % -code
        return results.crash_of(None, name)
    return results.crash_of(code, None)


def _call_environment() -> Dict[str, str]:
    """The worker's environment plus the path to this package (the worker took it off its own)."""
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_ROOT
    return env


def _wait(process: subprocess.Popen[bytes], io_dir: str, spawned: float, timeout: float, allowance: float) -> bool:
    """Wait for the call process; kill it (True) when its time is up. The clock starts when
    it says the call began; starting Python and importing the target does not count against
    the call's timeout but may take `allowance` seconds at most."""
    started_marker = os.path.join(io_dir, STARTED_FILE)
    call_started: Optional[float] = None
    while process.poll() is None:
        now = time.monotonic()
        if call_started is None and os.path.exists(started_marker):
            call_started = now
        limit = spawned + allowance if call_started is None else call_started + timeout
        if now >= limit:
            _kill(process)
            return True
        time.sleep(0.002)
    return False


def _kill(process: subprocess.Popen[bytes]) -> None:
    try:
        if os.name == "nt":
            process.kill()
        else:
            os.killpg(process.pid, signal.SIGKILL)
    except OSError:
        pass
    process.wait()


def _read_bounded(path: str, cap: int) -> Tuple[str, bool]:
    try:
        with open(path, "rb") as handle:
            data = handle.read(cap + 1)
    except OSError:
        return "", False
    return data[:cap].decode("utf-8", "replace"), len(data) > cap


def _read_result(path: str) -> Optional[ChildResult]:
    try:
        with open(path, "rb") as handle:
            return results.parse_child_result(handle.read())
    except OSError:
        return None


def _read_again(path: str, timed_out: bool) -> SecondRun:
    """The second run's SecondRun as the call process wrote it: the probed code can write that
    file too, so the host checks its shape, as it does a forked call's second line."""
    try:
        with open(path, "rb") as handle:
            line = results.parse_child_result(handle.read())
    except OSError:
        line = None
    second = cast("Dict[str, object]", line or {}).get("again")
    if isinstance(second, dict):
        return cast("SecondRun", second)
    return {"same": False, "status": "timeout" if timed_out else "crashed"}


def run_one_call(io_dir: str, call_dir: str, prepare: Callable[[StartMessage, str], pau_call.CallContext]) -> int:
    """The call process: import the target, run the request, write the result file."""
    with open(os.path.join(io_dir, REQUEST_FILE)) as handle:
        job: SpawnedJob = json.load(handle)
    try:
        ctx = prepare(job["start"], call_dir)
    except Exception as exc:  # noqa: B902 — the target changed since the worker imported it
        sys.stderr.write("the target no longer imports: %s\n" % exc)
        return 3
    collector = Collector(ctx.static) if job["coverage"] and ctx.static is not None else None
    if collector is not None:
        collector.prepare()
    pau_call.enter_call_dir(call_dir)
    deadline = Deadline()
    deadline.install()
    open(os.path.join(io_dir, STARTED_FILE), "w").close()
    # Opened before the fence, which then keeps every new write inside the call's folder, as
    # in a forked call. The worker reads it only once this process has ended: a result cut
    # short (a crash while writing) does not parse, and counts as no result.
    # Both out of the way of the numbers user code opens or names (call.OWN_FD_FLOOR).
    result_fd = pau_call.out_of_the_way(os.open(os.path.join(io_dir, RESULT_FILE), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600))
    request = job["request"]
    again_fd = (
        pau_call.out_of_the_way(os.open(os.path.join(io_dir, AGAIN_FILE), os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600))
        if request.get("again") else -1)
    if ctx.fence_writes:
        pau_landlock.fence_writes(call_dir)
    address_space = pau_call.address_space_in_use()
    held: List[Any] = []  # the first run's value, arguments and receiver, alive during a second run
    result = pau_call.run(ctx, request, call_dir, collector, address_space, deadline, held)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: B902
            pass
    pau_call.write_all(result_fd, json.dumps(result, separators=(",", ":")).encode("utf-8"))
    os.close(result_fd)
    # Then the same call again in this process (call.run_again), as a forked call does.
    if again_fd >= 0 and pau_call.wants_second_run(result):
        second: AgainLine = {"again": pau_call.run_again(ctx, request, result, address_space, deadline)}
        pau_call.write_all(again_fd, json.dumps(second, separators=(",", ":")).encode("utf-8"))
    os._exit(0)
