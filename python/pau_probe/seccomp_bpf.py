"""The OS layer's seccomp filter, written as a BPF program for bubblewrap's `--seccomp FD`.

Run by the host once per process, outside the sandbox, with Debian's python3 and its
python3-seccomp (libseccomp's own binding: the BPF is built by the maintained tool, not by
hand). It prints the program on stdout and the architectures it covers on stderr; exit code
3 when the binding is missing. Nothing here runs inside the worker.

Every refused call fails with EPERM (clone3: ENOSYS, so the C library falls back to clone,
whose flags a filter can see): a probe reports PermissionError, nothing is killed.
"""

from __future__ import annotations

import errno
import sys
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from typing import Protocol, TextIO

    # The parts of python3-seccomp this script uses (the binding ships no type information).
    class _Filter(Protocol):
        def add_arch(self, arch: int) -> None: ...
        def add_rule(self, action: int, syscall: str, *args: object) -> None: ...
        def export_bpf(self, file: TextIO) -> None: ...

    class _Arches(Protocol):
        X86_64: int
        AARCH64: int
        X86: int
        X32: int

    class _Binding(Protocol):
        ALLOW: int
        MASKED_EQ: int
        Arch: _Arches

        def SyscallFilter(self, defaction: int) -> _Filter: ...
        def system_arch(self) -> int: ...
        def ERRNO(self, errno: int) -> int: ...
        def Arg(self, arg: int, op: int, datum_a: int, datum_b: int = 0) -> object: ...

# Calls a probed function never needs, each a way out of or across the sandbox: kernel
# keyrings and POSIX message queues are not in the namespaces bubblewrap makes; the rest
# reach other processes, the kernel or new namespaces.
REFUSED = [
    "keyctl", "add_key", "request_key",
    "mq_open", "mq_unlink", "mq_timedsend", "mq_timedreceive", "mq_notify", "mq_getsetattr",
    # System V IPC: bubblewrap gives a private IPC namespace; without it (the worker loading this
    # filter itself, seccomp_load.py) the host's segments, semaphores and queues are reachable.
    "shmget", "shmat", "shmctl", "semget", "semop", "semtimedop", "semctl", "msgget", "msgsnd", "msgrcv", "msgctl",
    "ptrace", "process_vm_readv", "process_vm_writev", "process_madvise", "pidfd_getfd", "kcmp",
    "bpf", "perf_event_open", "userfaultfd", "fanotify_init",
    # inotify instances are counted per user, the user outside the namespace included: a call
    # holding them all left the editor's file watchers with EMFILE (red-team finding).
    "inotify_init", "inotify_init1",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "mount", "umount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree",
    "fsopen", "fsconfig", "fsmount", "fspick", "mount_setattr", "setns",
    "init_module", "finit_module", "delete_module", "kexec_load", "kexec_file_load", "reboot",
    "swapon", "swapoff", "acct", "quotactl", "syslog", "vhangup",
    "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    "name_to_handle_at", "open_by_handle_at", "personality",
    # What root may do to the host from a guards-mode call (no namespaces around it): rename
    # the machine, reach I/O ports, take the CPUs with a real-time policy (red-team round 4).
    "sethostname", "setdomainname", "iopl", "ioperm", "sched_setscheduler", "sched_setparam", "sched_setattr",
    # Any new namespace: bubblewrap made the sandbox's before this filter was loaded.
    "unshare",
]
# New namespaces through clone (NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET): one
# rule per flag, as a rule compares one masked value.
CLONE_NEW = (0x20000, 0x02000000, 0x04000000, 0x08000000, 0x10000000, 0x20000000, 0x40000000)
# Socket families a probe may open: IPv4 and IPv6, which stay inside the empty network
# namespace. Every other family below AF_LIMIT is refused: unix sockets reach sockets in bound
# folders, vsock reaches the hypervisor and is not namespaced at all, netlink and packet
# sockets talk to the kernel. (The kernel knows fewer than 64 families; larger ones fail anyway.)
ALLOWED_FAMILIES = (2, 10)
AF_LIMIT = 64
# Terminal input injection into whatever terminal is still reachable.
TIOCSTI = 0x5412
TIOCLINUX = 0x541C
# Socket ioctls (interfaces, routes, ARP: 0x89xx) and wireless ones (0x8Bxx): as root in guards
# mode a call brought the host's interfaces up and down through an IPv4 socket.
NETWORK_IOCTLS = (0x8900, 0x8B00)
# Device nodes: as root in guards mode a call made one for /dev/kmsg in its own folder, which
# Landlock allows, and wrote to it (mknod's mode is argument 1, mknodat's argument 2).
S_IFMT, DEVICE_TYPES = 0o170000, (0o020000, 0o060000)


def build(seccomp: _Binding) -> tuple[_Filter, list[str]]:
    f = seccomp.SyscallFilter(seccomp.ALLOW)
    # The binding gives the same audit arch number signed in Arch and unsigned from system_arch.
    native = int(seccomp.system_arch()) & 0xFFFFFFFF
    names = {int(seccomp.Arch.X86_64) & 0xFFFFFFFF: "x86_64", int(seccomp.Arch.AARCH64) & 0xFFFFFFFF: "aarch64"}
    arches = [names.get(native, "native (libseccomp arch %d)" % native)]
    if native == int(seccomp.Arch.X86_64) & 0xFFFFFFFF:
        # The other ABIs an x86_64 kernel runs: without them an int 0x80 or x32 call skips the filter.
        for name, arch in (("x86", seccomp.Arch.X86), ("x32", seccomp.Arch.X32)):
            try:
                f.add_arch(arch)
                arches.append(name)
            except (OSError, RuntimeError, ValueError):
                pass
    eperm = seccomp.ERRNO(errno.EPERM)
    for name in REFUSED:
        try:
            f.add_rule(eperm, name)
        except (OSError, RuntimeError, ValueError):
            pass  # not a call on this architecture (umount on x86_64)
    f.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    for flag in CLONE_NEW:
        f.add_rule(eperm, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, flag, flag))
    # socketpair stays: the fork server and asyncio's self-pipe use it; a unix socket that
    # could connect to something (a path in a bound folder) starts with socket(). The kernel
    # reads the family as a 32-bit int, so the rule compares the low 32 bits only (with EQ,
    # AF_UNIX | 1 << 32 slipped past it: red-team finding).
    for family in range(AF_LIMIT):
        if family not in ALLOWED_FAMILIES:
            f.add_rule(eperm, "socket", seccomp.Arg(0, seccomp.MASKED_EQ, 0xFFFFFFFF, family))
    for request in (TIOCSTI, TIOCLINUX):
        f.add_rule(eperm, "ioctl", seccomp.Arg(1, seccomp.MASKED_EQ, 0xFFFFFFFF, request))
    for block in NETWORK_IOCTLS:
        f.add_rule(eperm, "ioctl", seccomp.Arg(1, seccomp.MASKED_EQ, 0xFFFFFF00, block))
    for kind in DEVICE_TYPES:
        f.add_rule(eperm, "mknodat", seccomp.Arg(2, seccomp.MASKED_EQ, S_IFMT, kind))
        try:
            f.add_rule(eperm, "mknod", seccomp.Arg(1, seccomp.MASKED_EQ, S_IFMT, kind))
        except (OSError, RuntimeError, ValueError):
            pass  # no mknod on this architecture (aarch64: mknodat only)
    return f, arches


def main() -> int:
    try:
        import seccomp  # pyright: ignore[reportMissingImports]
    except ImportError:
        print("python3-seccomp is not installed", file=sys.stderr)
        return 3
    # The binding ships no type information; _Binding lists what build() uses of it.
    f, arches = build(cast("_Binding", seccomp))
    sys.stdout.flush()
    f.export_bpf(sys.stdout)
    print(",".join(arches), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
