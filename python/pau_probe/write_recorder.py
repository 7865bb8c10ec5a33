"""Records the file writes a call makes below Python, where the guards' audit hook sees nothing:
a C extension that opens, creates, removes or renames files through libc (h5py, apsw, ...).

Why: the pytest export leaves out every probe whose call wrote or removed files (its test would
do it again on the user's machine, outside the sandbox, where no fence refuses it). The guards
see what Python does; this sees the system calls, allowed or refused by Landlock, so a C write
is left out too. Only the export's re-runs (calls asking for `values`) pay for it.

How: a seccomp filter whose matching calls wait for a supervisor (SECCOMP_RET_USER_NOTIF), a
child forked right after the filter is loaded. For each, it writes the call's number to a pipe
and then lets the call go on unchanged (SECCOMP_USER_NOTIF_FLAG_CONTINUE, Linux 5.5): the call
behaves as without it. It must be another process: a C extension blocked in open() holds the
GIL, so a thread of this process could not answer. The worker kills it with the call's other
leftovers. x86_64 only (the numbers below); elsewhere `start` returns False and the export says
only what the guards saw.
"""

import ctypes
import os
import platform
import select
import struct
import sys

from pau_probe.checking import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Dict, List, Optional, Tuple, Union

    Instruction = Tuple[str, int, Optional[str], Optional[str]]

# x86_64 numbers of the calls that create, change or remove a name or open a file for writing.
_OPEN, _OPENAT = 2, 257
_ALWAYS = {
    85: "creat", 87: "unlink", 263: "unlinkat", 82: "rename", 264: "renameat", 316: "renameat2",
    83: "mkdir", 258: "mkdirat", 84: "rmdir", 86: "link", 265: "linkat", 88: "symlink", 266: "symlinkat",
    76: "truncate", 133: "mknod", 259: "mknodat", 437: "openat2",  # openat2's flags are behind a pointer
}
_NAMES = dict(_ALWAYS)
_NAMES.update({_OPEN: "open", _OPENAT: "openat"})
# O_WRONLY | O_RDWR | O_CREAT | O_TRUNC: an open that may write or make a file.
_WRITING = 0o1 | 0o2 | 0o100 | 0o1000
_AUDIT_ARCH_X86_64 = 0xC000003E
_SYS_SECCOMP = 317
_SECCOMP_SET_MODE_FILTER, _NEW_LISTENER = 1, 1 << 3
_RET_ALLOW, _RET_NOTIFY = 0x7FFF0000, 0x7FC00000
_NOTIF_RECV, _NOTIF_SEND = 0xC0502100, 0xC0182101  # _IOWR('!', 0 and 1, struct seccomp_notif / _resp)
_NOTIF_SIZE, _FLAG_CONTINUE = 80, 1
_PR_SET_NO_NEW_PRIVS = 38
# BPF opcodes: load a word of seccomp_data, jump if equal / if any bit set, return.
_LD, _JEQ, _JSET, _RET = 0x20, 0x15, 0x45, 0x06


class _Program(ctypes.Structure):  # struct sock_fprog
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


_reports = -1  # the read end of the supervisor's pipe, once started


def _program() -> bytes:
    """The filter: notify for the calls above (opens only with a writing flag), allow the rest.
    Written as instructions (operation, operand, where to go if true, if false; None: the next)
    and "label:" lines."""
    lines: "List[Union[str, Instruction]]" = [("ld", 4, None, None), ("jeq", _AUDIT_ARCH_X86_64, None, "allow"), ("ld", 0, None, None)]
    lines += [("jeq", _OPEN, "open flags", None), ("jeq", _OPENAT, "openat flags", None)]
    lines += [("jeq", number, "notify", None) for number in sorted(_ALWAYS)]
    lines += [("ret", _RET_ALLOW, None, None)]
    # BPF jumps only forward: the flag checks (the flags' low half) come before both returns.
    lines += ["open flags:", ("ld", 16 + 8 * 1, None, None), ("jset", _WRITING, "notify", "allow")]
    lines += ["openat flags:", ("ld", 16 + 8 * 2, None, None), ("jset", _WRITING, "notify", "allow")]
    lines += ["allow:", ("ret", _RET_ALLOW, None, None), "notify:", ("ret", _RET_NOTIFY, None, None)]
    code: "List[Instruction]" = []
    where: "Dict[str, int]" = {}
    for line in lines:
        if isinstance(line, str):
            where[line[:-1]] = len(code)
        else:
            code.append(line)
    opcodes = {"ld": _LD, "jeq": _JEQ, "jset": _JSET, "ret": _RET}
    out = b""
    for index, (op, k, if_true, if_false) in enumerate(code):
        jt, jf = (where[label] - index - 1 if label else 0 for label in (if_true, if_false))
        out += struct.pack("<HBBI", opcodes[op], jt, jf, k)
    return out


def start() -> bool:
    """Loads the filter in this process (the call's, before the guards are armed) and forks its
    supervisor. False where it cannot (not x86_64 Linux, an old kernel): nothing is recorded."""
    global _reports
    if not sys.platform.startswith("linux") or platform.machine() != "x86_64":
        return False
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    program = _program()
    buffer = ctypes.create_string_buffer(program, len(program))
    header = _Program(len(program) // 8, ctypes.addressof(buffer))
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        return False
    listener = int(libc.syscall(_SYS_SECCOMP, _SECCOMP_SET_MODE_FILTER, _NEW_LISTENER, ctypes.byref(header)))
    if listener < 0:
        return False
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 0
        libc.prctl(1, 9, 0, 0, 0)  # PR_SET_PDEATHSIG, SIGKILL: it ends with the call
        for fd in [int(name) for name in os.listdir("/proc/self/fd")]:
            if fd not in (listener, write_end):  # not the call's pipes: the worker waits for their ends
                try:
                    os.close(fd)
                except OSError:
                    pass
        try:
            _supervise(libc, listener, write_end)
        except BaseException:  # noqa: B902 -- a supervisor that fails leaves the calls failing (ENOSYS), not hanging
            code = 1
        os._exit(code)
    os.close(listener)  # with the supervisor gone, a matching call fails (ENOSYS) rather than wait
    os.close(write_end)
    os.set_blocking(read_end, False)
    _reports = read_end
    return True


def _supervise(libc: "ctypes.CDLL", listener: int, reports: int) -> None:
    """Answers every notification: its call's number to `reports`, then the call goes on."""
    request = ctypes.create_string_buffer(_NOTIF_SIZE)
    while True:
        ready = select.poll()
        ready.register(listener, select.POLLIN)
        events = ready.poll()
        if any(event & (select.POLLHUP | select.POLLERR) for _, event in events):
            return  # every process of the filter has ended
        ctypes.memset(request, 0, _NOTIF_SIZE)
        if libc.ioctl(listener, ctypes.c_ulong(_NOTIF_RECV), request) != 0:
            continue  # the call went away (a signal) before it was received
        notification_id = struct.unpack_from("<Q", request.raw, 0)[0]
        number = struct.unpack_from("<i", request.raw, 16)[0]
        os.write(reports, struct.pack("<i", number))
        response = ctypes.create_string_buffer(struct.pack("<QqiI", notification_id, 0, 0, _FLAG_CONTINUE), 24)
        libc.ioctl(listener, ctypes.c_ulong(_NOTIF_SEND), response)


def discard() -> None:
    """Forgets what was recorded so far (the worker's own writes, such as scratch-file arguments)."""
    seen()


def seen() -> "List[str]":
    """The calls recorded since the last look, as effect names ("libc openat for writing")."""
    if _reports < 0:
        return []
    data = b""
    while True:
        try:
            chunk: "Optional[bytes]" = os.read(_reports, 4096)
        except BlockingIOError:
            break
        if not chunk:
            break
        data += chunk
    numbers = {struct.unpack_from("<i", data, at)[0] for at in range(0, len(data) - len(data) % 4, 4)}
    return sorted("libc %s%s" % (_NAMES.get(n, str(n)), " for writing" if n in (_OPEN, _OPENAT) else "") for n in numbers)
