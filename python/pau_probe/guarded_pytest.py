"""pytest under the worker's guards: the export's check of its module where there is no OS layer
(src/probe/pytest-run.ts starts it; with the OS layer, the run's own pid namespace ends every
process of it when pytest ends).

This process runs no code of the workspace. It loads the host's seccomp filter (every process
below inherits it), becomes the subreaper of what it starts, and forks the one process that arms
the guards (Landlock's write fence, the audit hook) and runs pytest. When that process ends, or
the host stops the run (SIGTERM at its timeout, or cancelled), every process left below this one
is killed and reaped: nothing the module's code started (a libc fork, a new session) outlives
the run, or holds its output open so that the run never ends.
"""
from __future__ import annotations

import os
import signal
import sys

from pau_probe.checking import TYPE_CHECKING
from pau_probe import guards as pau_guards
from pau_probe import landlock as pau_landlock
from pau_probe import seccomp_load
from pau_probe import worker as pau_worker

if TYPE_CHECKING:
    from typing import List

class _Stopped(Exception):
    """The host stopped the run (SIGTERM)."""


def _stopped(signum: int, frame: object) -> None:
    raise _Stopped()


def _run_pytest(package: str, writable: str, here: List[str], args: List[str]) -> int:
    """In the forked process: the guards, then pytest, with the test's folder back on sys.path."""
    pau_worker.die_with_parent()
    pau_landlock.fence_writes(writable)
    pau_guards.install()
    pau_guards.arm(writable)
    sys.path[:] = here + [p for p in sys.path if p != package]
    import pytest

    return int(pytest.main(args))


def main(package: str, writable: str, here: List[str], args: List[str]) -> int:
    seccomp_load.load_from_host()
    pau_worker.die_with_parent()  # also loads libc for the prctl calls below
    if pau_worker._libc:  # pyright: ignore[reportPrivateUsage] -- the worker's one libc handle
        pau_worker._libc[0].prctl(4, 0, 0, 0, 0)  # pyright: ignore[reportPrivateUsage] -- PR_SET_DUMPABLE = 0
        pau_worker._libc[0].prctl(36, 1, 0, 0, 0)  # pyright: ignore[reportPrivateUsage] -- PR_SET_CHILD_SUBREAPER
    signal.signal(signal.SIGTERM, _stopped)
    code = 143
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            status = 70
            try:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                status = _run_pytest(package, writable, here, args)
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 1
            except BaseException:  # noqa: B902 -- its traceback is the run's output
                import traceback

                traceback.print_exc()
            finally:
                for stream in (sys.stdout, sys.stderr):
                    try:
                        stream.flush()
                    except BaseException:  # noqa: B902
                        pass
                os._exit(status)
        _, waited = os.waitpid(pid, 0)
        code = os.waitstatus_to_exitcode(waited)
        code = code if code >= 0 else 128 - code
    except _Stopped:
        pass
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        pau_worker.end_descendants()
    return code
