"""Loads the host's seccomp program into the worker itself, where bubblewrap does not (guards
mode, or `auto` without the OS layer): the same BPF that seccomp_bpf.py builds for bubblewrap's
`--seccomp`, so keyrings, POSIX message queues, unix sockets, ptrace, io_uring, new user
namespaces and TIOCSTI are refused to plain libc as well as to Python. The host passes the
program on the file descriptor named by PAU_SECCOMP_FD. Linux only; the filter holds for this
process and every process it starts, and cannot be removed."""

import ctypes
import os

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2


class _Program(ctypes.Structure):  # struct sock_fprog
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def load_from_host() -> None:
    """Reads and loads the program the host passed, if any; raises OSError when the kernel
    refuses it (the host then reports the worker as failed, rather than run unfiltered)."""
    fd = os.environ.pop("PAU_SECCOMP_FD", None)
    if fd is None:
        return
    chunks: list[bytes] = []
    with os.fdopen(int(fd), "rb") as source:
        while True:
            chunk = source.read(65536)
            if not chunk:
                break
            chunks.append(chunk)
    program = b"".join(chunks)
    if not program or len(program) % 8:
        raise OSError("the seccomp program from the host is malformed (%d bytes)" % len(program))
    libc = ctypes.CDLL(None, use_errno=True)
    buffer = ctypes.create_string_buffer(program, len(program))
    header = _Program(len(program) // 8, ctypes.addressof(buffer))
    if libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 or libc.prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.byref(header), 0, 0) != 0:
        err = ctypes.get_errno()
        raise OSError(err, "loading the seccomp filter failed: %s" % os.strerror(err))
