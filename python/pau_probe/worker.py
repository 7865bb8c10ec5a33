"""PAU Probe's warm Python worker: imports one target, then serves calls, each in a child
process forked ahead of time.

Started by src/probe/client.ts as `python -B -m pau_probe.worker` (PYTHONPATH = the folder
holding the package; the worker takes it and its start directory off sys.path) with two extra pipes:
fd 3 carries requests from the host, fd 4 carries responses, one JSON object per line.
The user's stdout/stderr never touch them: each call's child writes its prints to pipes
of its own that the worker reads, bounded.

The messages are declared in src/probe/protocol.ts (Python: the generated protocol.py);
docs/worker-protocol.md describes them and the lifecycle of a call.

No `from __future__ import annotations` here: this module must parse on old Pythons to tell
the host they are too old, so annotations naming protocol types are written as strings.
"""
import sys

if sys.version_info < (3, 9):
    import os as _os

    _os.write(4, ('{"event":"error","kind":"no-python","message":"PAU Probe needs Python 3.9 or newer, '
                  'this is %d.%d.%d"}\n' % sys.version_info[:3]).encode())
    sys.exit(3)

import _imp  # noqa: E402

# Bytecode beside a module is used only when it is the source's: an "unchecked hash" .pyc
# (PEP 552) would otherwise run instead of the file (sandbox/planted-bytecode.test.ts). Set
# here, before any workspace module is imported, rather than with --check-hash-based-pycs:
# Python 3.6 refuses that flag, and it must start to say it is too old. The warm parent
# imports this module, so its workers have it too.
_imp.check_hash_based_pycs = "always"

import collections  # noqa: E402
import gc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import select  # noqa: E402
import signal  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402

# The folder that holds the pau_probe package (the host puts it on PYTHONPATH).
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from pau_probe.checking import TYPE_CHECKING, cast  # noqa: E402
from pau_probe import call as pau_call  # noqa: E402
from pau_probe import forkserver as pau_forkserver  # noqa: E402
from pau_probe import coverage as pau_coverage  # noqa: E402
from pau_probe import guards as pau_guards  # noqa: E402
from pau_probe import landlock as pau_landlock  # noqa: E402
from pau_probe import safe_args  # noqa: E402
from pau_probe import results  # noqa: E402
from pau_probe import target as pau_target  # noqa: E402

if TYPE_CHECKING:
    from typing import AbstractSet, Any, Callable, Deque, Dict, List, Optional, Set, Tuple

    from pau_probe.protocol import CallMessage, CallSteps, ChildRequest, ChildResult, HostMessage, ProbeResult, ProbeResultCoverage
    from pau_probe.protocol import ProbeResultCrash, ResultEvent, StartMessage
    from pau_probe.protocol import SecondRun, SpawnedJob, WorkerLimits, WorkerMessage


def forget_own_path() -> None:
    """User code must not import the worker's modules by accident (nor shadow them), nor see
    the folder Python was started in (`-m` puts it first on sys.path)."""
    started_in = sys.path[0] if sys.path else None
    sys.path[:] = [p for p in sys.path if p != started_in and os.path.realpath(p or ".") != PACKAGE_ROOT]
    os.environ.pop("PYTHONPATH", None)  # the host set it to PACKAGE_ROOT only; user subprocesses do not inherit it


REQUEST_FD, RESPONSE_FD = 3, 4
# Pre-forked children kept waiting for requests. With a spare, a call takes one forked (by
# the fork server) and warmed up during the call before: back to back it waits neither for a
# fork nor, with cgroups, for the host to move the new process into its cgroup. A spare waits
# while a call runs, so it is kept only where that call can neither write the spare's folder
# nor signal it (Landlock with scopes, see Worker.spares); elsewhere the next call's process
# is forked once the call's processes are dead, as it always was.
READY_CHILDREN = 2
# After a call, how long to wait for the next one before forking replacements (seconds).
HOUSEKEEPING_DELAY = 0.002
# Files and folders a call may leave in the OS sandbox's tmpfs of calls before the host
# replaces the worker rather than have it remove them: about 0.5 s of removal (300k empty
# files took 6.8 s, holding up the next call).
RETIRE_AFTER_ENTRIES = 20000
IDLE_REAP_INTERVAL = 0.05
# A call that has not answered this long after its request is announced to the host (StartedEvent):
# a shorter call is not, its result names its process, since every line the host reads during a
# call competes with the call for the machine's cores (measured: 0.3-0.9 ms of a 100 ms-spaced call).
# Long enough for a short call on a loaded machine; an abort waits for it at most.
STARTED_AFTER = 0.05
# Where processes' children can be listed (Linux): a call's leftovers are found there.
HAVE_PROC_TASKS = os.path.isdir("/proc/self/task")
# Hard cap on one child's result message (the renderer bounds it far below this).
MAX_RESULT_BYTES = 64 * 1024 * 1024


_libc: "List[Any]" = []  # ctypes' libc, loaded once


def die_with_parent() -> None:
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


def settle_for_calls() -> None:
    """What a call's process starts with, whatever forked it: stdin from /dev/null, the
    default SIGINT and SIGTERM, SIGXFSZ ignored (an over-large file raises EFBIG), and
    stdout and stderr line-buffered. All of it survives a fork."""
    stdin = os.open(os.devnull, os.O_RDONLY)
    os.dup2(stdin, 0)
    _close(stdin)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(line_buffering=True)  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType] -- a TextIOWrapper
        except Exception:  # noqa: B902
            pass


def harden() -> None:
    """Linux: no descriptor inherited from whoever started the host reaches user code; the
    worker is not dumpable (a call cannot open /proc/<worker>/mem or its pipes); orphans of
    calls are re-parented to the worker (child subreaper), which kills them after each call."""
    close_inherited()
    if not sys.platform.startswith("linux") or not _libc:
        return
    _libc[0].prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE = 0
    _libc[0].prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def close_inherited() -> None:
    """Closes every descriptor above the channel's, whatever its number: one inherited at
    65536 or above (where RLIMIT_NOFILE allows it) is as open as a low one. They are listed
    where the system lists them (Linux, macOS); elsewhere the first 65536 are closed."""
    for listing in ("/proc/self/fd", "/dev/fd"):
        try:
            numbers = [int(name) for name in os.listdir(listing)]
        except (OSError, ValueError):
            continue
        for fd in numbers:
            if fd > RESPONSE_FD:
                try:
                    os.close(fd)
                except OSError:
                    pass  # the listing's own descriptor, closed already
        return
    os.closerange(RESPONSE_FD + 1, 65536)


def remove_tree(path: str) -> None:
    """shutil.rmtree that also removes what a call made unwritable (a folder of its own it chmod
    0o555'd would otherwise keep its files, for the next call to find)."""
    import shutil  # here, not at the start: removing comes after a call, while the host has its turn

    failed: "List[bool]" = []

    def note_failure(*_: object) -> None:
        failed.append(True)

    shutil.rmtree(path, onerror=note_failure)
    if not failed:
        return
    try:
        os.chmod(path, 0o700)
    except OSError:
        pass
    for root, dirs, _ in os.walk(path):  # top-down: a folder is opened up before it is entered
        for name in dirs:
            try:
                os.chmod(os.path.join(root, name), 0o700, follow_symlinks=False)
            except (OSError, NotImplementedError):
                pass
    shutil.rmtree(path, ignore_errors=True)


def reset_metadata(folder: str) -> None:
    for reset in (lambda: os.chmod(folder, 0o700), lambda: os.utime(folder),
                  lambda: [os.removexattr(folder, name) for name in os.listxattr(folder)]):
        try:
            reset()
        except (OSError, AttributeError):  # no xattrs on this platform or file system
            pass


def reap_orphans(keep: "Set[int]") -> None:
    """Collect the exit status of processes the worker inherited as subreaper (a call's
    grandchildren, killed after the call): left as zombies they would fill the process table
    and tell later calls what ran before."""
    for pid in child_pids("/proc/self/task/%d/children" % os.getpid()):
        if pid in keep:
            continue
        try:
            os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            pass


def remove_ipc_objects() -> None:
    """OS sandbox only (its IPC namespace is the worker's own): System V shared memory, message
    queues and semaphores a call made would be there for the next call to read."""
    if not _libc:
        return
    removers: "List[Tuple[str, Callable[[int], object]]]" = [
        ("shm", lambda i: _libc[0].shmctl(i, 0, None)), ("msg", lambda i: _libc[0].msgctl(i, 0, None)),
        ("sem", lambda i: _libc[0].semctl(i, 0, 0))]  # IPC_RMID = 0
    for kind, remove in removers:
        table = pau_call.read_proc_file("/proc/sysvipc/" + kind)
        try:
            ids = [int(line.split()[1]) for line in table.splitlines()[1:] if line.strip()] if table else []
        except (ValueError, IndexError):
            continue
        for ipc_id in ids:
            remove(ipc_id)


def child_pids(path: str) -> "List[int]":
    """The pids in a /proc/<pid>/task/<tid>/children file; none when it cannot be read."""
    try:
        return [int(k) for k in (pau_call.read_proc_file(path) or b"").split()]
    except ValueError:
        return []


def descendants(root: int) -> "List[int]":
    """Every live descendant of `root` (Linux, from /proc/<pid>/task/<tid>/children)."""
    found: "List[int]" = []
    stack = [root]
    while stack:
        pid = stack.pop()
        tasks_dir = "/proc/%d/task" % pid
        try:
            tasks = os.listdir(tasks_dir)
        except OSError:
            continue
        for task in tasks:
            kids = child_pids("%s/%s/children" % (tasks_dir, task))
            found.extend(kids)
            stack.extend(kids)
    return found


def kill_descendants(keep: "AbstractSet[int]", unwaited: "AbstractSet[int]" = frozenset()) -> None:
    """SIGKILL every descendant of the worker but `keep`, until a pass finds none it has not
    signalled (a process with SIGKILL pending cannot fork, so this ends), then wait until each
    but `unwaited` has died: a killed process keeps running until the kernel schedules it,
    which under load can be after the call's answer has gone out. `unwaited` are the worker's
    own children that answered: they are reaped later, and waiting for their teardown (a copy
    of the worker to unmap) cost each call about 2 ms."""
    if not HAVE_PROC_TASKS:
        return
    signalled: "Set[int]" = set()
    quiet = 0
    for _ in range(100):
        fresh = [pid for pid in descendants(os.getpid()) if pid not in keep and pid not in signalled]
        if not fresh:
            # A children file is read by position: a sibling leaving while it is read (the call
            # process that answered, exiting) can skip the next one, and what that one left with
            # it. So it takes two walks in a row that find nothing new.
            quiet += 1
            if quiet == 2:
                break
            continue
        quiet = 0
        for pid in fresh:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
            signalled.add(pid)
    signalled -= unwaited
    until = time.monotonic() + DEATH_WAIT_SECONDS
    while signalled and time.monotonic() < until:
        signalled = {pid for pid in signalled if not dead(pid)}
        if signalled:
            time.sleep(0.002)


def listed_processes() -> "Optional[Set[int]]":
    """The processes /proc lists (thread-group ids), or None when it cannot be listed."""
    try:
        return {int(name) for name in os.listdir("/proc") if name.isdigit()}
    except OSError:
        return None


def strangers_in_namespace() -> "Optional[Set[int]]":
    """Asked before the worker has any child: the other processes of its pid namespace (the OS
    sandbox's init; a warm parent and its other workers), none of them its descendants. None
    where /proc is not a namespace of the sandbox's own (it lists more than OWN_NAMESPACE_MOST
    processes: the machine's), or not there."""
    listed = listed_processes() if HAVE_PROC_TASKS else None
    if listed is None or len(listed) > OWN_NAMESPACE_MOST:
        return None
    return listed - {os.getpid()}


# More processes than this in /proc at the worker's start: not a pid namespace of its own.
OWN_NAMESPACE_MOST = 16


# How long kill_descendants waits for the processes it killed to die (seconds).
DEATH_WAIT_SECONDS = 1.0


def dead(pid: int) -> bool:
    """Has `pid` died (a zombie, or gone)? From its /proc stat's state letter."""
    stat = pau_call.read_proc_file("/proc/%d/stat" % pid)
    if not stat:
        return True
    end = stat.rfind(b")")  # the command name in parentheses may itself hold ")"
    state = stat[end + 2 : end + 3]
    return state in (b"Z", b"X", b"x", b"")


# How long end_descendants waits for the killed processes to be reaped (seconds).
REAP_SECONDS = 5.0


def end_descendants(reaped: "Callable[[int], object]" = lambda pid: None) -> None:
    """SIGKILL every process below this one, then collect them, `reaped(pid)` for each: they
    are all its children, or become so as their parents die, where this process is their
    subreaper (the warm parent, guarded pytest). A process that forked between a kill and its
    reaping is killed again; after REAP_SECONDS what is left is left to pid 1."""
    kill_descendants(set())
    until = time.monotonic() + REAP_SECONDS
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        except InterruptedError:
            continue
        if pid:
            reaped(pid)
            continue
        if time.monotonic() >= until:
            return
        kill_descendants(set())
        time.sleep(0.01)


class Channel:
    """Newline-delimited JSON over the two protocol pipes."""

    def __init__(self) -> None:
        self.buffer = b""
        self.closed = False
        self.line = b""  # the last message received, as the host wrote it

    def fill(self) -> None:
        chunk = os.read(REQUEST_FD, 1 << 16)
        if chunk:
            self.buffer += chunk
        else:
            self.closed = True

    def wait(self, timeout: float) -> bool:
        """Is a request (or the end of input) there, or does one arrive within `timeout`?"""
        if b"\n" in self.buffer or self.closed:
            return True
        return bool(select.select([REQUEST_FD], [], [], timeout)[0])

    def receive(self) -> "Optional[HostMessage]":
        while b"\n" not in self.buffer:
            if self.closed:
                return None
            self.fill()
        self.line, self.buffer = self.buffer.split(b"\n", 1)
        return cast("HostMessage", json.loads(self.line))

    def send(self, message: "WorkerMessage") -> None:
        pau_call.write_all(RESPONSE_FD, (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))


class Capture:
    """One output stream of a call: the first `cap` bytes are kept, the rest is drained."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.parts: "List[bytes]" = []
        self.kept = 0
        self.truncated = False

    def add(self, data: bytes) -> None:
        room = self.cap - self.kept
        if room <= 0:
            self.truncated = True
            return
        if len(data) > room:
            data = data[:room]
            self.truncated = True
        self.parts.append(data)
        self.kept += len(data)

    def text(self) -> str:
        return b"".join(self.parts).decode("utf-8", "replace")


class Child:
    """A pre-forked child waiting for its request."""

    def __init__(self, pid: int, request_w: int, result_r: int, out_r: int, err_r: int, call_dir: str,
                 server: "Optional[pau_forkserver.ForkServer]" = None) -> None:
        self.server: "Optional[pau_forkserver.ForkServer]" = server  # None: the worker's own child
        self.pid = pid
        self.request_w = request_w
        self.result_r = result_r
        self.out_r = out_r
        self.err_r = err_r
        self.call_dir = call_dir


def print_escaped() -> None:
    """In a forked process about to exit: the traceback of what escaped, on its stderr."""
    try:
        import traceback

        traceback.print_exc()
        sys.stderr.flush()
    except BaseException:  # noqa: B902
        pass


def _close_remove(path: str) -> None:
    try:
        os.remove(path)
    except OSError:
        pass


def _close(*fds: int) -> None:
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass


def _count_user_tasks() -> "Optional[int]":
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


def import_limits(limits: "WorkerLimits", timeout_ms: int) -> "list[tuple[int, int, int]]":
    """The import runs under the limits a call gets: memory on top of what the worker uses, CPU
    time for the import's timeout, the call's file-size cap. Soft limits only (the guards
    refuse setrlimit while armed), restored afterwards; returns what to restore."""
    try:
        import resource
    except ImportError:  # Windows
        return []
    memory = int(limits["memoryMb"]) * 1024 * 1024
    used_cpu = resource.getrusage(resource.RUSAGE_SELF)
    cpu = int(used_cpu.ru_utime + used_cpu.ru_stime + timeout_ms / 1000.0) + 1
    wanted = [(getattr(resource, "RLIMIT_AS", None), pau_call.address_space_in_use() + memory),
              (resource.RLIMIT_CPU, cpu), (resource.RLIMIT_FSIZE, pau_call.FILE_SIZE_LIMIT)]
    saved: "list[tuple[int, int, int]]" = []
    for which, soft in wanted:
        if which is None:
            continue
        old_soft, hard = resource.getrlimit(which)
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        try:
            resource.setrlimit(which, (soft, hard))
            saved.append((which, old_soft, hard))
        except (ValueError, OSError):
            pass
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # an over-large file raises EFBIG
    return saved


def restore_limits(saved: "list[tuple[int, int, int]]") -> None:
    import resource

    for which, soft, hard in saved:
        try:
            resource.setrlimit(which, (soft, hard))
        except (ValueError, OSError):
            pass


def prepare(start: "StartMessage", write_root: str) -> pau_call.CallContext:
    """Import the target under the guards and build what every call needs."""
    sys.dont_write_bytecode = True
    pau_guards.install()
    pau_guards.quiet_reporting()
    file = os.path.realpath(start["file"])
    extra_root = start.get("cwd")
    root, _ = pau_target.module_location(file)
    os.chdir(extra_root or root)
    saved = import_limits(start["limits"], int(start["importTimeoutMs"]))
    pau_guards.arm(write_root)
    try:
        target = pau_target.load(file, start["qualname"], extra_root)
    finally:
        pau_guards.disarm()
        restore_limits(saved)
    roots = sorted({r for r in (target.root, extra_root, os.path.dirname(file)) if r}, key=len, reverse=True)
    pau_guards.hide_sources(roots)
    pau_guards.scrub_environ(start["secretNamePattern"])  # the host scrubbed it; the import may have added more
    prefixes = [os.path.realpath(r) + os.sep for r in roots] + [r + os.sep for r in roots]

    def scrub(text: str) -> str:
        """Paths under the target's folders become relative: no absolute paths in results."""
        for prefix in prefixes:
            if prefix in text:
                text = text.replace(prefix, "")
        return text

    if target.is_async:
        import asyncio  # noqa: F401 # pyright: ignore[reportUnusedImport] -- before the fork, so that calls do not pay for it
    static = pau_coverage.StaticMap(target.code) if target.code is not None else None
    return pau_call.CallContext(target, safe_args, static, scrub, _count_user_tasks(), start["limits"], bool(start.get("fenceWrites")))


class Worker:
    def __init__(self, start: "StartMessage", channel: Channel):
        self.channel = channel
        self.start = start
        # Before the target's import can start anything: see nothing_left.
        self.strangers = strangers_in_namespace()
        self.coverage = start["coverage"]
        # The worker kills a call this long after its timeout: the child's render timer fires
        # at the timeout, and writing the result must fit in between.
        self.render_grace = start["renderGraceMs"] / 1000.0
        base = self.base_dir = start["baseDir"]
        self.calls_root = os.path.join(base, "calls")
        import_dir = os.path.join(base, "import")
        for folder in (self.calls_root, import_dir):
            os.makedirs(folder, exist_ok=True)
        self.calls_area_mounted = os.path.ismount(self.calls_root)  # see littered
        fenced = False
        if start.get("fenceWrites"):
            # The worker itself, before the target's code first runs: what that code leaves
            # running here (a thread, an at-fork hook, a finalizer) outlives the import's guards
            # and runs outside any call's fence. It may write only where the worker does.
            fenced = pau_landlock.fence_writes(self.calls_root, import_dir)
        # Call processes kept waiting: a spare only where each call's fence keeps it from the
        # spare (its folder, its signals); see READY_CHILDREN.
        self.spares = READY_CHILDREN if fenced and pau_landlock.scopes_signals() else 1
        self.context = prepare(start, import_dir)
        self.target = self.context.target
        self.scrub = self.context.scrub
        static = self.context.static
        self.union = pau_coverage.Union(static) if static is not None else None
        # Where fork is missing (Windows), or when asked, each call is a new process.
        self.forking = hasattr(os, "fork") and start.get("isolation") != "spawn"
        self.ready: "Deque[Child]" = collections.deque()  # pre-forked children, oldest (warmest) first
        self.running: Optional[Child] = None  # the child serving the current call
        self.ran: Optional[int] = None  # the pid of the process that ran the last call (ResultEvent.pid)
        self.finished: List[Tuple[Child, int]] = []  # children that answered and are exiting
        self.finished_dirs: List[str] = []
        self.call_dirs_made = 0
        self.collect_from = 0.0  # perf_counter() when the running call's child answered or died (CallSteps.collectMs)
        self.server: Optional[pau_forkserver.ForkServer] = None  # see forkserver.py
        self.server_pid: Optional[int] = None  # set in the fork server's own process
        self.sites_found = False  # see find_sites
        warnings.filterwarnings("ignore", category=DeprecationWarning, message=".*fork.*")
        if self.forking:
            pau_call.rehearse_in_worker(self.context, self.coverage)
        self.freeze()

    def freeze(self) -> None:
        """Objects that exist now are never collected in the children: freezing them keeps
        the collector from touching (and copying) their pages after each fork."""
        if hasattr(gc, "freeze"):
            gc.freeze()

    # -- children ----------------------------------------------------------------------

    def fork_call(self, call_dir: str, close_in_child: "List[int]") -> "Tuple[int, List[int]]":
        """Fork a call's process for `call_dir` (in the worker, or in the fork server); returns
        its pid and this side's ends of its pipes: request, result, stdout, stderr."""
        # Its Landlock rules, built here rather than in the call's process (call.fence_call_dir).
        ruleset = pau_landlock.build_fence(call_dir) if self.context.fence_writes else None
        request_r, request_w = os.pipe()
        result_r, result_w = os.pipe()
        out_r, out_w = os.pipe()
        err_r, err_w = os.pipe()
        parent_pid = os.getpid()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: B902
                pass
        pid = os.fork()
        if pid == 0:  # the call's process
            try:
                os.setpgid(0, 0)
                die_with_parent()
                if os.getppid() != parent_pid:
                    os._exit(0)
                os.dup2(out_w, 1)
                os.dup2(err_w, 2)
                _close(REQUEST_FD, RESPONSE_FD, request_w, result_r, out_r, err_r, out_w, err_w, *close_in_child)
                if self.server_pid == parent_pid:
                    pau_forkserver.reset_in_call()
                else:
                    settle_for_calls()  # (the fork server did it once for all its processes)
                pau_call.serve(self.context, request_r, result_w, call_dir, self.coverage, ruleset)
            except BaseException:  # noqa: B902 -- whatever escaped, its traceback is the call's stderr
                print_escaped()
            finally:
                os._exit(70)
        try:
            os.setpgid(pid, pid)
        except OSError:
            pass  # the child did it first
        _close(request_r, result_w, out_w, err_w, *([] if ruleset is None else [ruleset]))
        return pid, [request_w, result_r, out_r, err_r]

    def start_fork_server(self) -> None:
        """Fork the fork server (see forkserver.py) where it is available; without it, or when
        it is gone, the worker forks its calls itself."""
        if not (self.forking and pau_forkserver.AVAILABLE):
            return
        mine, its = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            try:
                mine.close()
                die_with_parent()
                # Once here rather than in each call's process, which inherits it: per call,
                # they cost about 14 of its ~680 page faults (back to back, x + 1). First: its
                # default SIGTERM replaces the worker's stop_now, which must not run here.
                settle_for_calls()
                _close(REQUEST_FD, RESPONSE_FD)
                self.server_pid = os.getpid()
                pau_call.hide_own_modules(self.context)  # it imports nothing from now on
                pau_forkserver.serve(its, self.fork_call, self.find_sites_here)
            finally:
                os._exit(0)
        its.close()
        self.server = pau_forkserver.ForkServer(pid, mine)

    def find_sites_here(self) -> None:
        """The comparison sites of the target's package, found in this process (the fork
        server, or a worker forking its calls itself) for every call process it forks after."""
        self.context.find_sites_ahead()
        self.freeze()

    def find_sites(self) -> None:
        """At the first call that asks for comparisons (the offline explorer's), not at the
        start: the comparison sites of the target's package are found once where the call
        processes are forked (comparisons.prescan, at most PRESCAN_SECONDS), and the processes
        forked before, which lack them, are replaced. A run that never asks (an LLM run, a
        call tool, whose one call came right after the start) no longer waits for it. Without
        coverage no call records comparisons, so nothing is looked for."""
        self.sites_found = True
        if not (self.forking and self.coverage):
            return
        self.settle_children()
        if self.server is not None:
            try:
                self.server.find_sites()
            except pau_forkserver.ServerGone:
                self.server_lost()
        if self.server is None:
            self.find_sites_here()
        while self.ready:
            child = self.ready.popleft()
            self._kill(child)
            _close(child.request_w, child.result_r, child.out_r, child.err_r)
            self.finished.append((child, 0))

    def fork_child(self) -> Child:
        """A new call process, waited for: from the fork server when there is one."""
        if self.server is None:
            return self.fork_here()
        self.ask_for_child()
        self.settle_children()
        return self.ready.pop() if self.ready else self.fork_here()

    def new_call_dir(self) -> str:
        """A folder for the next call's process, made now (never one found there: a name
        already taken is skipped). Numbered rather than tempfile.mkdtemp: importing tempfile
        cost 7 ms of every start."""
        while True:
            self.call_dirs_made += 1
            path = os.path.join(self.calls_root, "call-%d" % self.call_dirs_made)
            try:
                os.mkdir(path, 0o700)
                return path
            except FileExistsError:
                continue

    def fork_here(self) -> Child:
        call_dir = self.new_call_dir()
        siblings = list(self.ready) + ([self.running] if self.running else [])
        # The worker's ends of the pipes of other calls, and the fork server's socket.
        fds = [fd for c in siblings for fd in (c.request_w, c.result_r, c.out_r, c.err_r)]
        if self.server is not None:
            fds.append(self.server.sock.fileno())
        pid, (request_w, result_r, out_r, err_r) = self.fork_call(call_dir, fds)
        self.channel.send({"event": "forked", "pid": pid})
        return Child(pid, request_w, result_r, out_r, err_r, call_dir)

    def ask_for_child(self) -> None:
        """Ask the fork server for one more call process (it forks while the worker goes on);
        without a server, fork one here."""
        if self.server is None:
            self.ready.append(self.fork_here())
            return
        call_dir = self.new_call_dir()
        try:
            self.server.ask(call_dir)
        except pau_forkserver.ServerGone:
            self.server_lost()
            self.finished_dirs.append(call_dir)
            self.ready.append(self.fork_here())

    def collect_children(self, wait: bool = False) -> bool:
        """Take what the fork server has sent: call processes into `ready`, exits; with `wait`,
        wait for one message. False when the server is gone."""
        server = self.server
        if server is None:
            return False
        try:
            server.receive(None if wait else 0)
            while server.receive(0):
                pass
        except pau_forkserver.ServerGone:
            self.server_lost()
            return False
        finally:
            self.adopt_arrived()
        return True

    def adopt_arrived(self) -> None:
        """Call processes the fork server's messages brought in go to `ready` (and the host hears
        of them): also those read while waiting for an exit status."""
        server = self.server
        if server is None:
            return
        for pid, (request_w, result_r, out_r, err_r), call_dir in server.arrived:
            self.channel.send({"event": "forked", "pid": pid})
            self.ready.append(Child(pid, request_w, result_r, out_r, err_r, call_dir, server))
        server.arrived = []

    def server_lost(self) -> None:
        """The fork server ended (something killed it): the worker forks its calls itself from
        now on. Its processes died with it; what was asked for and never forked is cleared."""
        server = self.server
        if server is None:
            return
        self.server = None
        self.finished_dirs.extend(server.pending)
        server.pending = []
        server.stop()

    def settle_children(self) -> None:
        """Every call process asked for has arrived (so that killing a call's leftovers
        cannot take a process still on its way)."""
        while self.server is not None and self.server.pending:
            if not self.collect_children(wait=True):
                return

    def exit_status(self, child: Child, timeout: "Optional[float]") -> "Optional[int]":
        """The child's waitpid status once it has exited (it is then reaped), or None when
        `timeout` seconds (0: now; None: no limit) pass first."""
        if child.server is not None:
            try:
                return child.server.status(child.pid, timeout)
            finally:
                if child.server is self.server:
                    self.adopt_arrived()
        end = None if timeout is None else time.monotonic() + timeout
        while True:
            try:
                pid, status = os.waitpid(child.pid, os.WNOHANG if end is not None else 0)
            except ChildProcessError:
                return int(signal.SIGKILL)  # reaped elsewhere: it is gone
            if pid:
                return status
            if end is None or time.monotonic() >= end:
                return None
            time.sleep(0.001)

    @staticmethod
    def _kill(child: Child) -> None:
        try:
            os.killpg(child.pid, signal.SIGKILL)
        except OSError:
            pass

    # -- calls -------------------------------------------------------------------------

    def check_arguments(self, request: "ChildRequest") -> "Optional[str]":
        names = self.context.names
        sources = [("args[%d]" % i, s) for i, s in enumerate(request["args"])]
        kwargs = request["kwargs"]
        for name, source in kwargs.items():
            if not isinstance(cast(object, name), str) or not name.isidentifier():  # the host's JSON: checked
                return "kwargs: %r is not a valid parameter name" % (name,)
            sources.append(("kwargs.%s" % name, source))
        receiver = request.get("receiver")
        if self.target.needs_receiver and receiver is None:
            return "%s is an instance method: give a receiver, the object to call it on (e.g. %s(...))" % (
                self.target.qualname, getattr(self.target.owner, "__name__", "Owner"))
        if receiver is not None:
            if not self.target.needs_receiver:
                return "%s is a %s: it takes no receiver" % (self.target.qualname, self.target.kind)
            sources.append(("receiver", receiver))
        apply = request.get("apply")
        if apply is not None:
            # The arguments what the call returns is then called with (call._applied), and what
            # that gave with `then`: checked alike.
            calls: List[Tuple[str, object]] = [("apply", apply)]
            if "then" in apply:
                calls.append(("apply.then", apply["then"]))
            for label, call in calls:
                shape = cast("Dict[str, object]", call) if isinstance(call, dict) else {}
                args, kwargs_given = shape.get("args"), shape.get("kwargs", {})
                if not isinstance(args, list) or not isinstance(kwargs_given, dict):  # the host's JSON: checked
                    return "%s: must be a call's args and kwargs" % label
                sources.extend(("%s.args[%d]" % (label, i), s) for i, s in enumerate(cast("List[str]", args)))
                for name, source in cast("Dict[str, str]", kwargs_given).items():
                    if not isinstance(cast(object, name), str) or not name.isidentifier():  # the host's JSON: checked
                        return "%s.kwargs: %r is not a valid parameter name" % (label, name)
                    sources.append(("%s.kwargs.%s" % (label, name), source))
        for label, source in sources:
            if not isinstance(cast(object, source), str):  # the host's JSON: checked
                return "%s: argument source must be a string of Python source" % label
            try:
                safe_args.check(source, names)
            except safe_args.ArgumentRejected as exc:
                return "%s: %s" % (label, exc)
            except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
                return "%s: %s: %s" % (label, type(exc).__name__, exc)
        between = request.get("againAfter")
        if between is None:
            return None
        # The other call of a second run (call.run_again) is built from sources too: checked alike.
        shape = cast("Dict[str, object]", between) if isinstance(cast(object, between), dict) else {}
        if not isinstance(shape.get("args"), list) or not isinstance(shape.get("kwargs"), dict):  # the host's JSON: checked
            return "againAfter: must be a call's args, kwargs and receiver"
        other: ChildRequest = {"args": between["args"], "kwargs": between["kwargs"], "limits": request["limits"]}
        if "receiver" in between:
            other["receiver"] = between["receiver"]
        problem = self.check_arguments(other)
        return None if problem is None else "againAfter: %s" % problem

    def call(self, message: "CallMessage") -> "Tuple[ProbeResult, CallSteps]":
        """Run one call; its result and where the time went (see CallSteps)."""
        began = time.perf_counter()
        self.ran = None
        request: ChildRequest = {"args": message["args"], "kwargs": message["kwargs"], "limits": message["limits"]}
        if "receiver" in message:
            request["receiver"] = message["receiver"]
        if "apply" in message:
            request["apply"] = message["apply"]
        seed = message.get("seed")
        if seed is not None:
            request["seed"] = seed
        if message.get("values"):
            request["values"] = True
        if message.get("comparisons"):
            request["comparisons"] = True
        if message.get("again"):
            request["again"] = True
            between = message.get("againAfter")
            if between is not None:
                request["againAfter"] = between
        problem = self.check_arguments(request)
        checked = time.perf_counter()
        steps: CallSteps = {"checkMs": _ms(checked - began), "childMs": 0, "runMs": 0, "collectMs": 0}
        if problem is not None:
            return results.with_output(results.rejected(problem), "", "", False), steps
        if not self.forking:
            from pau_probe import spawned as pau_spawned  # the spawn mode's own module, imported when used

            call_id = message["id"]
            job: SpawnedJob = {"start": self.start, "request": request, "coverage": self.coverage}

            def started(pid: int) -> None:
                self.channel.send({"event": "started", "id": call_id, "pid": pid})

            outcome = pau_spawned.call(job, self.calls_root, self.new_call_dir(), started)
            self.finished_dirs.extend(outcome.dirs)
            steps["runMs"] = _ms(time.perf_counter() - checked)
            if outcome.result is not None:
                return self.finish(outcome.result, outcome.stdout, outcome.stderr, outcome.truncated), steps
            stdout, stderr = self.scrub(outcome.stdout), self.scrub(outcome.stderr)
            answer = results.no_answer(outcome.timed_out, outcome.elapsed_ms)
            return results.with_output(answer, stdout, stderr, outcome.truncated, crash=outcome.crash), steps
        if request.get("comparisons") and not self.sites_found:
            self.find_sites()
        # The host's own line goes to the call's process: a CallMessage holds the ChildRequest's
        # fields under the same names (and op and id, which it ignores), checked above, and is
        # not written out again.
        child, dispatched = self.dispatch(self.channel.line + b"\n")
        self.running = child
        self.ran = child.pid
        steps["childMs"] = _ms(time.perf_counter() - checked)
        self.collect_from = time.perf_counter()
        try:
            return self.supervise(child, request, steps, dispatched, message["id"]), steps
        finally:
            self.running = None
            # The call is over: every process it started dies before its answer goes out.
            self.settle_children()
            kept, unwaited = self.kept_processes(), {c.pid for c, _ in self.finished}
            if not self.nothing_left(kept | unwaited):
                kill_descendants(kept, unwaited)
            steps["collectMs"] = _ms(time.perf_counter() - self.collect_from)

    def nothing_left(self, known: "AbstractSet[int]") -> bool:
        """In a pid namespace of the sandbox's own, whether /proc lists nothing but the worker,
        `known` (its waiting and answered call processes, the fork server) and the processes
        there before it had any child: then no call left a process, and one listing of /proc
        stands for kill_descendants' walks of every children file (two, for a sibling that
        leaves as one is read), about 0.15 ms of each call's answer. Anything else listed, or
        no namespace of its own: False, and the walk finds and kills what is there."""
        if self.strangers is None:
            return False
        listed = listed_processes()
        return listed is not None and listed <= self.strangers | known | {os.getpid()}

    def answer(self, call_id: float, result: "ProbeResult", steps: "CallSteps") -> "ResultEvent":
        """The ResultEvent of call `call_id`, naming the process that ran it (if one did)."""
        event: ResultEvent = {"event": "result", "id": call_id, "result": result, "steps": steps}
        if self.ran is not None:
            event["pid"] = self.ran
        return event

    def dispatch(self, data: bytes) -> "Tuple[Child, float]":
        """A child that has been given the request, and when (time.monotonic()). A waiting
        child found dead as the request is written (its request pipe broken: killed from
        outside after take_ready_child looked) ran nothing of the call and is replaced; a
        child that dies so on every try is reported as the call's crash, with its stderr."""
        replaced = 0
        while True:
            child = self.take_ready_child()
            self.context.returned[0] = 0  # set by the call's process once the call has returned
            dispatched = time.monotonic()
            try:
                pau_call.write_all(child.request_w, data)
            except BrokenPipeError:
                if replaced < READY_CHILDREN:
                    replaced += 1
                    self._kill(child)  # dead, or alive with its request pipe closed: not to be asked again
                    self.exit_status(child, None)
                    _close(child.request_w, child.result_r, child.out_r, child.err_r)
                    self.finished_dirs.append(child.call_dir)
                    continue
            except OSError:
                pass  # reported from its exit status (supervise)
            _close(child.request_w)
            return child, dispatched

    def clear_calls_area(self) -> None:
        """After a call's answer has gone out and before the next call is read: its folder,
        with anything it put elsewhere in the calls area, goes, so the next call finds nothing
        of it. (Off the answer's path: the host has its answer while this runs.)"""
        keep = {os.path.basename(c.call_dir) for c in self.ready}
        if self.server is not None:
            # Asked for, or forked and not yet taken into `ready` (an exit status read from the
            # server may have brought its message in): the folder is that process's.
            keep.update(os.path.basename(d) for d in self.server.pending)
            keep.update(os.path.basename(d) for _, _, d in self.server.arrived)
        self._reap_finished()
        reap_orphans(self.kept_processes() | {c.pid for c, _ in self.finished})
        if self.start.get("privateIpc"):
            remove_ipc_objects()
        # Landlock fences writes, not metadata: what a call set on the folders that outlive it
        # (mode, times, extended attributes) is reset, so it cannot carry to the next call.
        for folder in [self.base_dir, self.calls_root] + [c.call_dir for c in self.ready]:
            reset_metadata(folder)
        try:
            entries = os.listdir(self.calls_root)
        except OSError:
            entries: "List[str]" = []
        for entry in entries:
            if entry not in keep:
                path = os.path.join(self.calls_root, entry)
                if os.path.isdir(path) and not os.path.islink(path):
                    remove_tree(path)
                else:
                    _close_remove(path)

    def littered(self) -> bool:
        """The calls area is a tmpfs of its own (the OS sandbox's quota) and the call left more
        than RETIRE_AFTER_ENTRIES files, links and folders in it. Asked before every answer, so
        it is cheap: whether the area is a mount is known from the start (calls cannot mount),
        and a tmpfs says how many inodes it holds (one syscall; each name, a hard link too,
        takes one, and its root one), where the walk below counts names (up to that: ~10 ms)."""
        if not self.calls_area_mounted:
            return False
        try:
            inodes = os.statvfs(self.calls_root)
        except (OSError, AttributeError):
            inodes = None
        if inodes is not None and inodes.f_files > 0:  # 0: a tmpfs without an inode limit
            return inodes.f_files - inodes.f_ffree - 1 > RETIRE_AFTER_ENTRIES
        return self.count_exceeds()

    def count_exceeds(self) -> bool:
        """More than RETIRE_AFTER_ENTRIES names below the calls area, counted up to that."""
        seen, folders = 0, [self.calls_root]
        while folders:
            try:
                listing = os.scandir(folders.pop())
            except OSError:
                continue
            with listing:
                for entry in listing:
                    seen += 1
                    if seen > RETIRE_AFTER_ENTRIES:
                        return True
                    if entry.is_dir(follow_symlinks=False):
                        folders.append(entry.path)
        return False

    def take_ready_child(self) -> Child:
        """The oldest waiting child that is still alive (something may have killed it while it
        waited: then the call must not be reported as its crash), or a new one."""
        # None waiting: the first of those asked for as the previous answer went out (the
        # call settles the rest before it kills what it left: see call()).
        while not self.ready and self.server is not None and self.server.pending:
            if not self.collect_children(wait=True):
                break
        while self.ready:
            child = self.ready.popleft()
            if self.exit_status(child, 0) is None:
                return child
            _close(child.request_w, child.result_r, child.out_r, child.err_r)
            self.finished_dirs.append(child.call_dir)
        return self.fork_child()

    def finish(self, result: "ChildResult", stdout: str, stderr: str, truncated: bool) -> "ProbeResult":
        """The host's ProbeResult: output scrubbed of the target's paths, the child's coverage
        hits turned into counts against the session's union (the hits stay here)."""
        hits = result.get("coverageHits")
        coverage: Optional[ProbeResultCoverage] = None
        if hits is not None and self.union is not None:
            try:
                coverage = self.union.merge(hits)
            except (TypeError, ValueError, AttributeError, KeyError):
                coverage = None  # forged by the probed code: no coverage for this call
        return results.with_output(result, self.scrub(stdout), self.scrub(stderr), truncated, coverage)

    def supervise(self, child: Child, request: "ChildRequest", steps: "CallSteps", dispatched: float, call_id: float) -> "ProbeResult":
        """Collect result and output of a child given its request at `dispatched` until it
        has answered, died or run out of time; turn what happened into a ProbeResult. The host
        hears that call `call_id` started only if it runs longer than STARTED_AFTER."""
        limits = request["limits"]
        timeout = limits["timeoutMs"] / 1000.0
        # A call still running at its timeout is killed then; one that has returned (context.returned)
        # is rendering its result, which may take the grace after it.
        call_end = dispatched + timeout
        deadline = call_end + self.render_grace
        cap = int(limits["maxOutputBytes"])
        out, err = Capture(cap), Capture(cap)
        result = bytearray()

        sinks: Dict[int, Callable[[bytes], object]] = {child.result_r: result.extend, child.out_r: out.add, child.err_r: err.add}
        parsed, timed_out, line_tried = None, False, False
        # poll, not a selectors.DefaultSelector: no epoll descriptor made, filled and closed per call.
        poller = select.poll()
        for fd in sinks:
            poller.register(fd, select.POLLIN)
        poller.register(REQUEST_FD, select.POLLIN)
        # The fork server's messages too: a process forked for a later call is reported to the
        # host now, which moves it into its cgroup during this call rather than hold the next.
        server_fd = self.server.sock.fileno() if self.server is not None else -1
        if server_fd >= 0:
            poller.register(server_fd, select.POLLIN)
        announce_at: Optional[float] = dispatched + STARTED_AFTER
        again = bool(request.get("again"))

        def first_line() -> "Optional[ChildResult]":
            # Asked to run again, the process writes a second line after its result (call.run_again).
            end = result.find(b"\n") if again else -1
            return _parse(result[: end + 1] if end >= 0 else result)

        try:
            while sinks:
                now = time.monotonic()
                remaining = deadline - now if now < call_end or self.context.returned[0] else 0.0
                if remaining <= 0:
                    timed_out = True
                    break
                if announce_at is not None and now >= announce_at:
                    announce_at = None
                    self.channel.send({"event": "started", "id": call_id, "pid": child.pid})
                wait = remaining if announce_at is None else min(remaining, max(0.0, announce_at - now))
                if now < call_end:
                    wait = min(wait, call_end - now)  # to look at context.returned then
                for fd, _ in poller.poll(wait * 1000.0):  # an end of file (POLLHUP) reads as one too
                    if fd == REQUEST_FD:
                        self.channel.fill()  # a queued request, or the host went away
                        if self.channel.closed:
                            self._kill(child)
                            os._exit(0)
                    elif fd == server_fd:
                        poller.unregister(server_fd)  # a server found gone has its socket closed
                        if self.collect_children():
                            poller.register(server_fd, select.POLLIN)
                        else:
                            server_fd = -1
                    elif not self._pump(fd, sinks, result):
                        poller.unregister(fd)
                        if fd == child.result_r:
                            parsed = first_line()
                            steps["runMs"] = _ms(time.monotonic() - dispatched)
                    elif fd == child.result_r and not line_tried and result.endswith(b"\n"):
                        # The whole answer (one line: JSON has no raw newline), before the pipe's
                        # end: a process the call left holding the pipe does not hold the answer.
                        # Tried once: a call writing lines of its own is parsed at the end, once.
                        line_tried = True
                        parsed = first_line()
                        steps["runMs"] = _ms(time.monotonic() - dispatched)
                if parsed is not None:
                    # The child flushed its output before writing the result: what is left
                    # in the output pipes is all there is. It exits on its own; it is
                    # reaped after the answer has gone out.
                    for fd in list(sinks):
                        os.set_blocking(fd, False)
                        while self._pump(fd, sinks, result, drain=True):
                            pass
                    if again and pau_call.wants_second_run(parsed):
                        parsed["again"] = self._second_run(child, result, deadline)
                    break
        finally:
            _close(child.result_r, child.out_r, child.err_r)
        elapsed_ms = (time.monotonic() - dispatched) * 1000.0
        truncated = out.truncated or err.truncated
        self.collect_from = time.perf_counter()
        if parsed is not None:
            self.finished.append((child, 0))
            return self.finish(parsed, out.text(), err.text(), truncated)
        steps["runMs"] = round(elapsed_ms, 3)
        if timed_out:
            self._kill(child)
            self.exit_status(child, None)
            status = None
        else:
            status = self._reap(child, deadline)
        self.finished_dirs.append(child.call_dir)  # the child is dead and reaped
        stdout, stderr = self.scrub(out.text()), self.scrub(err.text())
        if status is None:
            return results.with_output(results.no_answer(True, elapsed_ms), stdout, stderr, truncated)
        crash = _crash_of(status)
        timed_out = crash["signal"] == "SIGXCPU"
        return results.with_output(results.no_answer(timed_out, elapsed_ms), stdout, stderr, truncated, crash=crash)

    def _second_run(self, child: Child, result: bytearray, deadline: float) -> "SecondRun":
        """The call process's second line (call.run_again), read until the call's deadline. Its
        output is no longer captured (it goes to /dev/null): the call's answer is the first
        run's whatever the second does. A second run that does not finish by then is killed."""
        start = result.find(b"\n") + 1
        while result.find(b"\n", start) < 0:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                self._kill(child)
                return {"same": False, "status": "timeout"}
            ready = select.select([child.result_r, REQUEST_FD], [], [], remaining)[0]
            if REQUEST_FD in ready:
                self.channel.fill()
                if self.channel.closed:
                    self._kill(child)
                    os._exit(0)
            if child.result_r not in ready:
                continue
            try:
                data = os.read(child.result_r, 1 << 16)
            except BlockingIOError:
                continue
            if not data or len(result) + len(data) > MAX_RESULT_BYTES:
                return {"same": False, "status": "crashed"}
            result.extend(data)
        line = results.parse_child_result(bytes(result[start : result.find(b"\n", start) + 1]))
        second = cast("Dict[str, object]", line or {}).get("again")
        # Written by the call process, which the probed code controls: the host checks its shape.
        return cast("SecondRun", second) if isinstance(second, dict) else {"same": False, "status": "crashed"}

    @staticmethod
    def _pump(fd: int, sinks: "Dict[int, Callable[[bytes], object]]", result: bytearray, drain: bool = False) -> bool:
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

    def _reap(self, child: Child, deadline: float) -> "Optional[int]":
        """Wait for a child that gave no result; None when it had to be killed at the deadline."""
        status = self.exit_status(child, max(0.0, deadline - time.monotonic()))
        self._kill(child)  # at the deadline; or what it left in its group
        if status is None:
            self.exit_status(child, None)
        return status

    def _reap_finished(self, wait: bool = False) -> None:
        """Collect children that answered and are exiting. Their teardown takes a while
        (unmapping a copy of the worker), so this never waits for it unless told to; a child
        still there a few rounds later is killed (a thread of the user's kept it alive)."""
        still: "List[Tuple[Child, int]]" = []
        for child, rounds in self.finished:
            status = self.exit_status(child, 0)
            if status is None and (wait or rounds >= 3):
                self._kill(child)
                status = self.exit_status(child, None if wait else 0)
            if status is not None:
                remove_tree(child.call_dir)
            else:
                still.append((child, rounds + 1))
        self.finished = still

    def refill(self, count: "Optional[int]" = None) -> None:
        """Keep `count` (default: self.spares) children warm (or on their way from the fork
        server): the next call then finds one that has warmed up while this one ran or the
        host took its turn."""
        if self.forking:
            while len(self.ready) + (len(self.server.pending) if self.server is not None else 0) < (count or self.spares):
                self.ask_for_child()

    def kept_processes(self) -> "Set[int]":
        """What outlives a call: the waiting children and the fork server."""
        server = self.server
        arrived: "Set[int]" = {pid for pid, _, _ in server.arrived} if server is not None else set()
        own: "Set[int]" = {server.pid} if server is not None else set()
        return {c.pid for c in self.ready} | arrived | own

    def housekeeping(self) -> None:
        """Between calls: replace used children, collect finished ones, remove their folders."""
        self.refill()
        self.settle_children()  # the host hears of the waiting child now, not at the next call
        self._reap_finished()
        for call_dir in self.finished_dirs:
            remove_tree(call_dir)
        self.finished_dirs = []

    # -- main loop -----------------------------------------------------------------------

    def serve(self) -> None:
        self.start_fork_server()
        # One for the first call, as it comes; the spare is forked as its answer goes out (two
        # forks now would hold the first call until both were there).
        self.refill(1)
        self.settle_children()  # the first call's process is there before the first call
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
                if message is None or message["op"] == "stop":
                    return
                if message["op"] == "call":
                    result, steps = self.call(message)
                    if self.littered():
                        # The host kills this worker and its tmpfs goes whole; nothing here removes it.
                        answer = self.answer(message["id"], result, steps)
                        answer["retire"] = True
                        self.channel.send(answer)
                        self.channel.receive()  # until the host's kill (or a stop, or the channel's end)
                        os._exit(0)  # not the removal below
                    self.channel.send(self.answer(message["id"], result, steps))
                    if self.server is not None:
                        # The server forks the next call's process during the host's turn.
                        # (Asked for during the call, the fork slowed a short call down.)
                        self.refill()
                    if self.forking:
                        self.clear_calls_area()
                    tidy = False
        finally:
            for child in self.ready:
                self._kill(child)
            self._reap_finished(wait=True)
            if self.server is not None:
                self.server.stop()
            remove_tree(self.calls_root)


def _ms(seconds: float) -> float:
    return round(seconds * 1000.0, 3)


def _parse(result: bytearray) -> "Optional[ChildResult]":
    return results.parse_child_result(bytes(result))


def _crash_of(status: int) -> "ProbeResultCrash":
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        try:
            name = signal.Signals(number).name
        except ValueError:
            name = "SIG%d" % number
        return results.crash_of(None, name)
    return results.crash_of(os.WEXITSTATUS(status) if os.WIFEXITED(status) else None, None)


def main() -> int:
    forget_own_path()
    if len(sys.argv) == 4 and sys.argv[1] == "--one-call":
        die_with_parent()
        from pau_probe import spawned as pau_spawned

        return pau_spawned.run_one_call(sys.argv[2], sys.argv[3], prepare)
    die_with_parent()
    from pau_probe import seccomp_load  # before harden(), which closes the descriptor it reads

    seccomp_load.load_from_host()
    return serve_host()


def stop_now(signum: int, frame: object) -> None:
    """The host stops the worker (SIGTERM, before its SIGKILL): what the calls left is killed and
    reaped here, by their subreaper. Killed with the worker instead, they would be re-parented to
    pid 1 and wait there as zombies for as long as it does not reap them (a container's pid 1 may
    never: test/integration/sandbox/orphans.test.ts). During the import the guards are armed, and
    they refused these kills (test/integration/probe/cli-call-stop.test.ts): this thread is exempt."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    with pau_guards.exempt():
        end_descendants()
    os._exit(0)


def serve_host() -> int:
    """The worker's life from its channel on (fds 3 and 4): started cold by the host, or
    forked by the warm parent (warm_parent.py) with the channel in place."""
    harden()
    signal.signal(signal.SIGTERM, stop_now)
    channel = Channel()
    start = channel.receive()
    if start is None or start["op"] != "start":
        return 2
    try:
        worker = Worker(start, channel)
    except pau_target.TargetError as exc:
        channel.send(exc.event())
        return 1
    # (The cast is needed until target.py is annotated, and unnecessary after: hence the ignore.)
    info = worker.target.info
    channel.send({"event": "ready", "info": info, "pid": os.getpid()})
    worker.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
