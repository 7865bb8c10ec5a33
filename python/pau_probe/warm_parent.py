"""The warm parent: an interpreter with the worker's modules imported that forks a fresh worker
per target, instead of a new interpreter for each (src/probe/warm.ts starts it as
`python -B -m pau_probe.warm_parent`, through bubblewrap where a worker would be).

Why: a new interpreter plus the worker's imports took 162 ms, a fork 6.3 ms (issue 23).

A forked worker runs from its channel on as a cold one does (worker.serve_host): it takes
its own descriptors, is not dumpable, is a subreaper, fences its own writes with Landlock
before the target is imported, and dies with this process (which dies with the host). The
seccomp filter, loaded once here (or by bubblewrap), holds for every worker forked.

Messages, one JSON object per line: fd 3 carries the host's, fd 4 this process's answers.
  parent -> host   {"event":"ready","landlock":abi,"ipc":how}  once, at the start
  host -> parent   {"op":"fork","id":n,"channel":dir,"scratch":dir,"ownIpc":bool,"hide":dir|null}
  parent -> host   {"event":"forked","id":n,"pid":p}           p in this process's pid namespace
  parent -> host   {"event":"exited","pid":p,"status":s}        a worker ended (its waitpid status)
A worker's own channel is three FIFOs made here in `channel` before the fork: `in` (host to
worker), `out`, and `err` (its stderr, which the host keeps as that worker's). The host opens
its ends when it reads "forked"; the worker opens its ends (waiting for the host's), then
removes the names before anything of the target runs. `scratch` (the worker's calls and
import folders) is removed here once the worker has ended. The parent ends when the host
closes fd 3: it kills every process below it, reaps them all and exits, so that no zombie of
its passes to pid 1 (which in some containers reaps only every ~2 s); the host kills it only
when that takes longer than a grace.

`hide` (the OS layer, where this process's folder holds every worker's generated source: the
bench's real target beside the implementations a model writes): the worker then reads nothing
below it but its own `channel` (its source) and `scratch` folders (landlock.hide_below), so an
implementation cannot copy the target it is compared with. With the guards only, reads are
not fenced anywhere (README), and the comparison runs no implementation there.

System V IPC: a worker in the OS layer removes every object of its IPC namespace after each
call (worker.remove_ipc_objects), which must then be its own, not one shared with its siblings
(whose calls' objects it would remove mid-call, or let a call read). `ipc` says what the
workers forked here get: "refused" (the seccomp filter refuses System V IPC: nothing to
share), "own" (with `ownIpc` each unshares an IPC namespace of its own, in a user namespace
of its own where it lacks the privilege) or "shared" (neither: the host starts such workers
cold).
"""
from __future__ import annotations

import json
import os
import select
import sys

from pau_probe import forkserver as pau_forkserver
from pau_probe import landlock as pau_landlock
from pau_probe import worker as pau_worker
from pau_probe.checking import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional

CONTROL_IN, CONTROL_OUT = pau_worker.REQUEST_FD, pau_worker.RESPONSE_FD
CLONE_NEWIPC, CLONE_NEWUSER = 0x08000000, 0x10000000
IPC_PRIVATE, IPC_RMID = 0, 0


def _send(message: Dict[str, object]) -> None:
    pau_worker.pau_call.write_all(CONTROL_OUT, (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))


def _libc() -> Optional[Any]:
    try:
        import ctypes

        return ctypes.CDLL(None, use_errno=True)
    except (OSError, AttributeError):
        return None


def ipc_isolation() -> "tuple[str, int]":
    """What System V IPC the workers forked here share: ("refused", 0) when the seccomp filter
    refuses it, ("own", flags) when a fork can unshare an IPC namespace with these unshare(2)
    flags, else ("shared", 0). Asked once, at the start, of a child that then exits."""
    libc = _libc()
    if libc is None or not sys.platform.startswith("linux"):
        return ("shared", 0)
    segment = libc.shmget(IPC_PRIVATE, 1, 0o600)
    if segment < 0:
        return ("refused", 0)
    libc.shmctl(segment, IPC_RMID, None)
    for flags in (CLONE_NEWIPC, CLONE_NEWUSER | CLONE_NEWIPC):
        pid = os.fork()
        if pid == 0:
            os._exit(0 if libc.unshare(flags) == 0 else 1)
        _, status = os.waitpid(pid, 0)
        if os.waitstatus_to_exitcode(status) == 0:
            return ("own", flags)
    return ("shared", 0)


def _fork_worker(channel: str, scratch: str, in_child: List[int], unshare_flags: int, hide: Optional[str]) -> int:
    """Fork one worker whose channel is the FIFOs `channel`/in, /out and /err; its pid.
    `unshare_flags`: the namespaces it makes its own (an IPC namespace), 0 for none. `hide`:
    the folder below which it reads only `channel` and `scratch`, or None."""
    names = [os.path.join(channel, name) for name in ("in", "out", "err")]
    for name in names:
        os.mkfifo(name, 0o600)
    pid = os.fork()
    if pid:
        return pid
    code = 70
    try:
        pau_forkserver.reset_in_call()  # none of this loop's signal set-up stays
        for fd in in_child:
            os.close(fd)
        os.setsid()  # a group of its own, which the host kills
        pau_worker.die_with_parent()
        if os.getppid() == 1:
            os._exit(0)
        if unshare_flags:
            libc = _libc()
            if libc is None or libc.unshare(unshare_flags) != 0:
                raise OSError("could not unshare an IPC namespace of its own")
        if hide is not None:
            os.makedirs(scratch, exist_ok=True)
            if not pau_landlock.hide_below(hide, channel, scratch):
                raise OSError("could not hide the other workers' folders (Landlock)")
        # Blocking opens: each returns once the host holds the other end.
        requests = os.open(names[0], os.O_RDONLY)
        responses = os.open(names[1], os.O_WRONLY)
        errors = os.open(names[2], os.O_WRONLY)
        for name in names:
            os.unlink(name)
        os.dup2(requests, CONTROL_IN)
        os.dup2(responses, CONTROL_OUT)
        os.dup2(errors, 2)
        code = pau_worker.serve_host()
    except BaseException:  # noqa: B902 -- whatever escaped, its traceback goes to stderr
        pau_worker.print_escaped()
    finally:
        os._exit(code)
    return 0  # not reached: the child exits above


def serve() -> int:
    ipc, unshare_flags = ipc_isolation()  # before the wake-up pipe: its child is not a worker
    wake_r, wake_w = pau_forkserver.wake_on_child_exit()
    scratch_of: Dict[int, str] = {}
    buffer: bytes = b""
    _send({"event": "ready", "landlock": pau_landlock.abi(), "ipc": ipc})
    while True:
        readable, _, _ = select.select([CONTROL_IN, wake_r], [], [], 1.0)
        if wake_r in readable:
            pau_forkserver.drain(wake_r)
        _reap(scratch_of)
        if CONTROL_IN not in readable:
            continue
        chunk = os.read(CONTROL_IN, 1 << 16)
        if not chunk:
            # Every process below this one (workers, their call processes, what calls left,
            # re-parented here) is killed and reaped, a worker's folder removed.
            pau_worker.end_descendants(lambda pid: _remove_scratch(scratch_of.pop(pid, None)))
            return 0
        buffer += chunk
        while b"\n" in buffer:
            end = buffer.index(b"\n")
            line, buffer = buffer[:end], buffer[end + 1:]
            message: Dict[str, object] = json.loads(line)
            if message.get("op") != "fork":
                continue
            channel, scratch = str(message["channel"]), str(message["scratch"])
            own = unshare_flags if message.get("ownIpc") is True else 0
            hide = message.get("hide")
            pid = _fork_worker(channel, scratch, [wake_r, wake_w], own, hide if isinstance(hide, str) else None)
            scratch_of[pid] = scratch
            _send({"event": "forked", "id": message["id"], "pid": pid})


def _reap(scratch_of: Dict[int, str]) -> None:
    """Collect every child that has ended: workers are reported (and their scratch folder
    removed); anything else re-parented here (this process is a subreaper) is just reaped."""
    for pid, status in pau_forkserver.ended_children():
        scratch = scratch_of.pop(pid, None)
        if scratch is not None:
            # Reported first: the host waits for it in every stop. The folder goes before this
            # loop reads the next request (a restarted worker of the same name).
            _send({"event": "exited", "pid": pid, "status": status})
            pau_worker.remove_tree(scratch)


def _remove_scratch(scratch: Optional[str]) -> None:
    if scratch is not None:
        pau_worker.remove_tree(scratch)


def main() -> int:
    pau_worker.forget_own_path()
    pau_worker.die_with_parent()
    from pau_probe import seccomp_load  # before harden(), which closes the descriptor it reads

    seccomp_load.load_from_host()
    pau_worker.harden()
    pau_landlock.prepare()  # once here, not in every worker
    return serve()


if __name__ == "__main__":
    sys.exit(main())
