"""What every call's process starts with (worker.settle_for_calls): stdin from /dev/null, the
default SIGINT and SIGTERM, SIGXFSZ ignored, stdout line-buffered. The fork server settles this
once for all the processes it forks, which inherit it, rather than each process on its own."""
import os
import signal

import pytest

from pau_probe import forkserver
from worker_process import ready_worker

# The target reports the state its own process is in.
TARGET = """
import os, signal, sys

def f():
    return (os.readlink("/proc/self/fd/0"), signal.getsignal(signal.SIGINT) == signal.SIG_DFL,
            signal.getsignal(signal.SIGTERM) == signal.SIG_DFL, signal.getsignal(signal.SIGXFSZ) == signal.SIG_IGN,
            sys.stdout.line_buffering)
"""


def _signal_masks(pid):
    """(ignored, caught) signal numbers of a process, from /proc/<pid>/status."""
    fields = dict(line.split(":", 1) for line in open("/proc/%d/status" % pid).read().splitlines() if ":" in line)

    def numbers(mask):
        bits = int(fields[mask].strip(), 16)
        return {n for n in range(1, 65) if bits >> (n - 1) & 1}

    return numbers("SigIgn"), numbers("SigCgt")


@pytest.mark.skipif(not forkserver.AVAILABLE, reason="the fork server is Linux only")
def test_call_processes_start_settled_and_the_fork_server_settled_it_once(tmp_path):
    with ready_worker(tmp_path, TARGET, "f") as worker:
        for id_ in range(1, 4):
            result = worker.call(id_)["result"]
            assert result["value"]["repr"] == "('/dev/null', True, True, True, True)", result
        pid = worker.process.pid
        children = [int(p) for p in open("/proc/%d/task/%d/children" % (pid, pid)).read().split()]
        # The worker's first child is its fork server (the call processes are the server's).
        server = min(children)
        assert os.readlink("/proc/%d/fd/0" % server) == os.devnull
        ignored, caught = _signal_masks(server)
        assert signal.SIGXFSZ in ignored
        assert signal.SIGINT not in caught and signal.SIGINT not in ignored  # the default action
        assert signal.SIGTERM not in caught  # not the worker's stop_now
