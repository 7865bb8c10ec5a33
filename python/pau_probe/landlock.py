"""Landlock: the kernel fences a call's file writes to its own folder.

Code that goes around the audit hook (ctypes, libc) is still a process the kernel can
restrict. In the OS sandbox the worker's whole session folder is writable (calls need their
own folders, the import its scratch space), so without this one call could leave a file
there for the next. Landlock is unprivileged and cannot be undone by the process it
restricts; each call's child applies it just before the call. Reads are not restricted,
but for a warm parent's workers: each reads nothing of its siblings' (hide_below).
Linux 5.13 and newer; elsewhere `fence_writes` returns False and changes nothing.
From ABI 6 (Linux 6.12) the same domain is also scoped: the call cannot signal a process
outside it (the fork server, the next call's pre-forked process) nor connect to an abstract
unix socket made outside it.
"""

import ctypes
import os
import sys

from pau_probe.checking import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import List, Optional, Tuple

# The syscall numbers are the same on every architecture since 5.13 (the unified table).
_CREATE_RULESET = 444
_ADD_RULE = 445
_RESTRICT_SELF = 446
_CREATE_RULESET_VERSION = 1
_RULE_PATH_BENEATH = 1
_PR_SET_NO_NEW_PRIVS = 38

# linux/landlock.h, LANDLOCK_ACCESS_FS_*
_EXECUTE = 1 << 0
_WRITE_FILE = 1 << 1
_READ_FILE = 1 << 2
_READ_DIR = 1 << 3
_REMOVE_DIR = 1 << 4
_REMOVE_FILE = 1 << 5
_MAKE_CHAR = 1 << 6
_MAKE_DIR = 1 << 7
_MAKE_REG = 1 << 8
_MAKE_SOCK = 1 << 9
_MAKE_FIFO = 1 << 10
_MAKE_BLOCK = 1 << 11
_MAKE_SYM = 1 << 12
_REFER = 1 << 13  # ABI 2
_TRUNCATE = 1 << 14  # ABI 3
# LANDLOCK_SCOPE_* (ABI 6)
_SCOPE_ABSTRACT_UNIX_SOCKET = 1 << 0
_SCOPE_SIGNAL = 1 << 1


class _RulesetAttr(ctypes.Structure):
    """struct landlock_ruleset_attr as of ABI 6; older kernels are given only its first field."""

    _fields_ = [("handled_access_fs", ctypes.c_uint64), ("handled_access_net", ctypes.c_uint64), ("scoped", ctypes.c_uint64)]


class _PathBeneath(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def _handled(abi: int) -> int:
    access = _WRITE_FILE | _REMOVE_DIR | _REMOVE_FILE | _MAKE_CHAR | _MAKE_DIR | _MAKE_REG
    access |= _MAKE_SOCK | _MAKE_FIFO | _MAKE_BLOCK | _MAKE_SYM
    if abi >= 2:
        access |= _REFER
    if abi >= 3:
        access |= _TRUNCATE
    return access


class _Libc:
    """libc's syscall() and prctl(), looked up once in the warm worker (prepare): a dlopen in
    every call's child cost ~3 ms per call."""

    def __init__(self):
        libc = ctypes.CDLL(None, use_errno=True)
        self.syscall = libc.syscall
        self.syscall.restype = ctypes.c_long
        self.prctl = libc.prctl
        self.abi = self.syscall(_CREATE_RULESET, None, ctypes.c_size_t(0), ctypes.c_uint32(_CREATE_RULESET_VERSION))


_libc = None


def prepare() -> None:
    """Looks libc up now (in the worker, before it forks the calls' children); idempotent."""
    global _libc
    if _libc is None and sys.platform.startswith("linux"):
        try:
            _libc = _Libc()
        except (OSError, AttributeError, ValueError):
            pass


def abi() -> int:
    """The kernel's Landlock ABI version; 0 where there is none."""
    prepare()
    return max(0, int(_libc.abi)) if _libc is not None else 0


def scopes_signals() -> bool:
    """Does a fence here also scope signals and abstract unix sockets (ABI 6)?"""
    prepare()
    return _libc is not None and _libc.abi >= 6


def fence_writes(*folders: str) -> bool:
    """Allows file writes only below `folders` (and to /dev/null) from now on, in this process
    and its children. False where the kernel has no Landlock. A process fenced again (a call's,
    forked from the fenced worker) gets what both fences allow."""
    return put_in_force(build_fence(*folders))


def build_fence(*folders: str) -> "Optional[int]":
    """fence_writes's rules for `folders` as a ruleset descriptor (close-on-exec), not yet in
    force: built before a fork, it leaves the child only `put_in_force` to pay for (measured: 0.16 ms in a call's fresh process against 0.48 ms for the whole
    fence_writes). None where the kernel has no Landlock or the rules cannot be made."""
    prepare()
    if _libc is None or _libc.abi < 1:
        return None
    abi = _libc.abi
    handled = _handled(abi)
    file_access = _WRITE_FILE | (_TRUNCATE if abi >= 3 else 0)
    # No device nodes, even in the call's own folder: as root a call made one for /dev/kmsg.
    in_folders = handled & ~(_MAKE_CHAR | _MAKE_BLOCK)
    rules = [(folder, in_folders) for folder in folders] + [("/dev/null", file_access)]
    return _ruleset(handled, _SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL if abi >= 6 else 0, rules)


def hide_below(shared: str, *keep: str) -> bool:
    """From now on, in this process and its children, nothing below the folder `shared` can be
    read or run but what is below `keep` (folders inside it); everything elsewhere stays as it
    was. A warm parent's workers share its folder (warm_parent.py): with this, one worker's
    calls cannot read a sibling's generated source. Landlock only allows, so every entry beside
    `shared` and beside each folder above it gets a rule, read at this moment: right in the OS
    sandbox, whose read-only root gains no entry later. False where the kernel has no Landlock."""
    prepare()
    if _libc is None or _libc.abi < 1:
        return False
    refer = _REFER if _libc.abi >= 2 else 0  # refused unless allowed, once a ruleset handles any right
    in_file = _READ_FILE | _EXECUTE
    in_folder = in_file | _READ_DIR | refer
    # Listing a folder shows names only: allowed everywhere, so that no listing fails.
    rules = [("/", _READ_DIR | refer)] + [(folder, in_folder) for folder in keep]
    path = os.path.realpath(shared)
    while path != os.path.dirname(path):
        above = os.path.dirname(path)
        for name in sorted(os.listdir(above)):
            beside = os.path.join(above, name)
            if beside != path and os.path.exists(beside):  # a dangling link names nothing to read
                rules.append((beside, in_folder if os.path.isdir(beside) else in_file))
        path = above
    return put_in_force(_ruleset(in_folder, 0, rules))


def _ruleset(handled: int, scoped: int, rules: "List[Tuple[str, int]]") -> "Optional[int]":
    """A ruleset descriptor for the `handled` access rights that `rules` allow below each path,
    plus the `scoped` scopes (ABI 6); None where that fails."""
    if _libc is None:
        return None
    try:
        syscall = _libc.syscall
        attr = _RulesetAttr(handled, 0, scoped)
        size = ctypes.sizeof(attr) if scoped else 8  # a kernel before ABI 4 refuses the longer struct
        ruleset = syscall(_CREATE_RULESET, ctypes.byref(attr), ctypes.c_size_t(size), ctypes.c_uint32(0))
        if ruleset < 0:
            return None
        made = False
        try:
            for path, allowed in rules:
                fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
                try:
                    rule = _PathBeneath(allowed, fd)
                    if syscall(_ADD_RULE, ctypes.c_int(ruleset), ctypes.c_int(_RULE_PATH_BENEATH), ctypes.byref(rule), ctypes.c_uint32(0)) != 0:
                        return None
                finally:
                    os.close(fd)
            made = True
            return ruleset
        finally:
            if not made:
                os.close(ruleset)
    except (OSError, AttributeError, ValueError):
        return None


def put_in_force(ruleset: "Optional[int]") -> bool:
    """Puts the ruleset descriptor `ruleset` (build_fence's) in force in this process and its
    children, for good, and closes it; False where there is none or that fails."""
    if ruleset is None:
        return False
    try:
        if _libc is None or _libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
            return False
        return _libc.syscall(_RESTRICT_SELF, ctypes.c_int(ruleset), ctypes.c_uint32(0)) == 0
    except (OSError, AttributeError, ValueError):
        return False
    finally:
        os.close(ruleset)
