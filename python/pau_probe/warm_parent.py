"""The warm parent: an interpreter with the worker's modules imported that forks a fresh worker
per target, instead of a new interpreter for each (src/probe/warm.ts starts it as
`python -B -m pau_probe.warm_parent`, through bubblewrap where a worker would be).

Why: a new interpreter plus the worker's imports took 162 ms, a fork 6.3 ms (issue 23).

A forked worker runs from its channel on as a cold one does (worker.serve_host): it takes
its own descriptors, is not dumpable, is a subreaper, fences its own writes with Landlock
before the target is imported, and dies with this process (which dies with the host). The
seccomp filter, loaded once here (or by bubblewrap), holds for every worker forked.

Messages, one JSON object per line: fd 3 carries the host's, fd 4 this process's answers.
  parent -> host   {"event":"ready","landlock":abi}            once, at the start
  host -> parent   {"op":"fork","id":n,"channel":dir,"scratch":dir}
  parent -> host   {"event":"forked","id":n,"pid":p}           p in this process's pid namespace
  parent -> host   {"event":"exited","pid":p,"status":s}        a worker ended (its waitpid status)
A worker's own channel is two FIFOs made here in `channel` before the fork: `in` (host to
worker) and `out`. The host opens its ends when it reads "forked"; the worker opens its
ends (waiting for the host's), then removes both names before anything of the target runs.
`scratch` (the worker's calls and import folders) is removed here once the worker has ended.
The parent ends when the host closes fd 3.
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
    from typing import Dict, List

CONTROL_IN, CONTROL_OUT = pau_worker.REQUEST_FD, pau_worker.RESPONSE_FD


def _send(message: Dict[str, object]) -> None:
    pau_worker.pau_call.write_all(CONTROL_OUT, (json.dumps(message, separators=(",", ":")) + "\n").encode("utf-8"))


def _fork_worker(channel: str, scratch: str, in_child: List[int]) -> int:
    """Fork one worker whose channel is the FIFOs `channel`/in and `channel`/out; its pid."""
    inbound, outbound = os.path.join(channel, "in"), os.path.join(channel, "out")
    os.mkfifo(inbound, 0o600)
    os.mkfifo(outbound, 0o600)
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
        # Blocking opens: each returns once the host holds the other end.
        requests = os.open(inbound, os.O_RDONLY)
        responses = os.open(outbound, os.O_WRONLY)
        os.unlink(inbound)
        os.unlink(outbound)
        os.dup2(requests, CONTROL_IN)
        os.dup2(responses, CONTROL_OUT)
        code = pau_worker.serve_host()
    except BaseException:  # noqa: B902 -- whatever escaped, its traceback goes to stderr
        pau_worker.print_escaped()
    finally:
        os._exit(code)
    return 0  # not reached: the child exits above


def serve() -> int:
    wake_r, wake_w = pau_forkserver.wake_on_child_exit()
    scratch_of: Dict[int, str] = {}
    buffer: bytes = b""
    _send({"event": "ready", "landlock": pau_landlock.abi()})
    while True:
        readable, _, _ = select.select([CONTROL_IN, wake_r], [], [], 1.0)
        if wake_r in readable:
            pau_forkserver.drain(wake_r)
        _reap(scratch_of)
        if CONTROL_IN not in readable:
            continue
        chunk = os.read(CONTROL_IN, 1 << 16)
        if not chunk:
            return 0
        buffer += chunk
        while b"\n" in buffer:
            end = buffer.index(b"\n")
            line, buffer = buffer[:end], buffer[end + 1:]
            message: Dict[str, object] = json.loads(line)
            if message.get("op") != "fork":
                continue
            channel, scratch = str(message["channel"]), str(message["scratch"])
            pid = _fork_worker(channel, scratch, [wake_r, wake_w])
            scratch_of[pid] = scratch
            _send({"event": "forked", "id": message["id"], "pid": pid})


def _reap(scratch_of: Dict[int, str]) -> None:
    """Collect every child that has ended: workers are reported (and their scratch folder
    removed); anything else re-parented here (this process is a subreaper) is just reaped."""
    for pid, status in pau_forkserver.ended_children():
        scratch = scratch_of.pop(pid, None)
        if scratch is not None:
            pau_worker.remove_tree(scratch)
            _send({"event": "exited", "pid": pid, "status": status})


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
