"""Guards around user code: accident prevention, not a security boundary.

An audit hook refuses, while armed, the actions a probed function should never take by
accident: writing outside the call's temporary directory, starting processes, signalling
other processes, opening network sockets, raising resource limits. ctypes, C extensions
and deliberately hostile code can get around it (ctypes stays allowed on purpose: a
segfault must be observable as a crash).

The hook cannot be removed once installed, so it is installed once in the warm worker and
switched on (`arm`) for the import and inside each call's child process.
"""
from __future__ import annotations

import _thread  # not threading: its at-fork hook cost every call's process ~130 page faults (0.5 ms)
import fcntl
import os
import re
import sys
import warnings

from pau_probe.checking import TYPE_CHECKING, cast

if TYPE_CHECKING:
    import threading  # noqa: F401 -- named in a type comment
    import sqlite3  # noqa: F401 -- named in cast(), which pyflakes reads as typing.cast
    from importlib.machinery import ModuleSpec
    from types import ModuleType
    from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple, TypeVar, Union  # noqa: F401 -- Any is named in type comments

    T = TypeVar("T")
    # An audit event's arguments (sys.addaudithook): whatever the raising code passed.
    Args = Tuple[object, ...]
    Check = Callable[[Args], Optional[str]]
    Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


class SandboxViolation(PermissionError):
    """An action the probe sandbox refuses. A PermissionError, so code that already copes
    with "not allowed" keeps working; the type name is what the agent sees."""


# Rendered as plain `SandboxViolation`, like a builtin: the agent needs no module name.
SandboxViolation.__module__ = "builtins"


class _Policy:
    armed = False
    # realpath of the one directory writes may go to while armed
    write_root = "/nonexistent"
    # threads inside the hook right now: path resolution there may itself raise audit events
    # (per thread: one flag for all let a second thread pass while the first was checking)
    busy: Set[int] = set()
    # What the armed call did that would happen again outside the sandbox (ProbeResult.effects)
    effects: Set[str] = set()
    # The descriptors open when the guards were armed: the process's, not the call's
    held: Set[int] = set()
    # Descriptors the armed call named by number but had not opened itself (ProbeResult.namedDescriptors)
    named: Set[int] = set()


policy = _Policy()

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_OUTSIDE = "calls may only write inside their own temporary working directory"


def arm(write_root: Optional[str] = None, held: Optional[Set[int]] = None) -> None:
    """Switch the guards on; writes may go to `write_root` (default: the one set before).
    `held`: the descriptors the process holds, when they were listed already (open_descriptors)."""
    if write_root is not None:
        set_write_root(write_root)
    policy.effects = set()
    policy.named = set()
    policy.held = open_descriptors() if held is None else held
    policy.armed = True


def set_write_root(path: str) -> None:
    policy.write_root = os.path.realpath(path)


def disarm() -> None:
    policy.armed = False


class exempt:
    """The worker's own step inside an armed call (this thread only; other threads stay
    checked), e.g. lowering and restoring a limit around building the arguments."""

    def __enter__(self) -> None:
        self.mine = _thread.get_ident() not in policy.busy
        policy.busy.add(_thread.get_ident())

    def __exit__(self, *_: object) -> None:
        if self.mine:
            policy.busy.discard(_thread.get_ident())


def _is_open(fd: int) -> bool:
    try:
        fcntl.fcntl(fd, fcntl.F_GETFD)
    except (OSError, ValueError, OverflowError):
        return False
    return True


def open_descriptors() -> Set[int]:
    """The descriptors this process holds now (none known where /proc is not mounted)."""
    try:
        listed = os.listdir("/proc/self/fd")
    except OSError:
        return set()
    # The listing's own descriptor is listed too, and closed by now.
    return {fd for fd in map(int, listed) if _is_open(fd)}


def _name_descriptor(path: object) -> None:
    """Notes a number the call opened or looked up as a file (`open(3)`, `os.stat(1)`) that it had
    not opened itself: what it finds there is the process's (stdout, a pipe, nothing at all), so
    another process, the user's, gives it something else."""
    if isinstance(path, int) and path >= 0 and (path in policy.held or not _is_open(path)):
        policy.named.add(path)


def named_descriptors() -> List[int]:
    """The descriptors the armed call named by number but had not opened (_name_descriptor)."""
    return sorted(policy.named)


def _fd_path(dir_fd: object) -> Optional[str]:
    try:
        return os.readlink("/proc/self/fd/%d" % dir_fd)
    except (OSError, TypeError):
        return None


def _inside(path: object, dir_fd: object = None) -> bool:
    """Is a write to `path` (relative to `dir_fd` or the cwd) inside the write root?"""
    if isinstance(path, int):
        return True  # an already open descriptor: opening it was checked
    try:
        text = os.fsdecode(cast("Path", path))  # anything else raises TypeError
    except TypeError:
        return False
    if dir_fd is not None and dir_fd != -1 and not os.path.isabs(text):  # -1: "not given" (the cwd)
        base = _fd_path(dir_fd)
        if base is None:
            return False
        text = os.path.join(base, text)
    real = os.path.realpath(text)
    root = policy.write_root
    return real == os.devnull or real == root or real.startswith(root + os.sep)


def _refuse_write(path: object, what: str) -> str:
    # Called for paths _inside() decoded (or descriptors).
    return "%s %r is not allowed: %s" % (what, os.fsdecode(cast("Path", path)) if not isinstance(path, int) else path, _OUTSIDE)


def _opens_for_writing(args: Args) -> bool:
    _path, mode, flags = (list(args) + [None, None, None])[:3]
    return bool(isinstance(flags, int) and flags & _WRITE_FLAGS) or (isinstance(mode, str) and any(c in mode for c in "wax+"))


def _check_open(args: Args) -> Optional[str]:
    path = args[0] if args else None
    if _opens_for_writing(args) and not _inside(path):
        return _refuse_write(path, "opening for writing")
    return None


def _path_check(what: str, *positions: int, dir_fd_at: Optional[int] = None, dir_fds_at: Optional[Tuple[int, int]] = None) -> Check:
    """Every path at `positions` must be inside, each relative to its own dir_fd argument
    (`dir_fds_at`, one per position) or to the shared one (`dir_fd_at`)."""

    def check(args: Args) -> Optional[str]:
        for index, at in enumerate(positions):
            fd_at = dir_fds_at[index] if dir_fds_at else dir_fd_at
            dir_fd = args[fd_at] if fd_at is not None and len(args) > fd_at else None
            if len(args) > at and args[at] is not None and not _inside(args[at], dir_fd):
                return _refuse_write(args[at], what)
        return None

    return check


def _always(message: str) -> Check:
    return lambda args: message


def _check_kill(args: Args) -> Optional[str]:
    pid = args[0] if args else None
    if pid == os.getpid() or (pid == 0 and os.getpgid(0) == os.getpid()):
        return None  # signalling itself (or the group it leads) only hurts the call
    return "sending a signal to process %s is not allowed in a probe call" % (pid,)


def _check_killpg(args: Args) -> Optional[str]:
    if args and args[0] == os.getpgid(0):
        return None
    return "sending a signal to process group %s is not allowed in a probe call" % (args[0] if args else "?",)


def _check_socket(args: Args) -> Optional[str]:
    family = args[1] if len(args) > 1 else None
    if family == getattr(__import__("socket"), "AF_UNIX", object()):
        return None  # socketpair() for asyncio's self-pipe: local, harmless
    return "opening a network socket is not allowed in a probe call"


def _sqlite_path(database: object) -> Optional[str]:
    """The file a sqlite3 database name opens (`file:` URIs included), or None for memory."""
    text = os.fsdecode(cast("Path", database)) if isinstance(database, (str, bytes, os.PathLike)) else None
    if text is None or text in (":memory:", ""):
        return None
    if text.startswith("file:"):
        from urllib.parse import unquote, urlsplit

        parts = urlsplit(text)
        if "mode=memory" in parts.query:
            return None
        text = unquote(parts.path) or ":memory:"
        if text == ":memory:":
            return None
    return text


def _check_sqlite(args: Args) -> Optional[str]:
    path = _sqlite_path(args[0] if args else None)
    if path is None or _inside(path):
        return None
    return _refuse_write(path, "opening the database")


def _sqlite_authorizer(action: int, arg1: Optional[str], *_: Optional[str]) -> int:
    """ATTACH (and VACUUM INTO, which attaches its target) may only name files inside."""
    if policy.armed and action == 24:  # SQLITE_ATTACH
        path = _sqlite_path(arg1)
        if path is not None and not _inside(path):
            return 1  # SQLITE_DENY
    return 0


def _check_sqlite_handle(args: Args) -> Optional[str]:
    # The event's argument is the new connection; anything else (None) raises, and is caught.
    connection = cast("sqlite3.Connection", args[0] if args else None)
    try:
        connection.set_authorizer(_sqlite_authorizer)
    except Exception:  # noqa: B902
        return "sqlite3 connections need the sandbox's authorizer"
    return None


_NO_PROCESSES = "starting processes (%s) is not allowed in a probe call"
_NO_NETWORK = "network access (%s) is not allowed in a probe call"

_CHECKS: Dict[str, Check] = {
    "open": _check_open,
    "os.remove": _path_check("removing", 0, dir_fd_at=1),
    "os.rmdir": _path_check("removing the directory", 0, dir_fd_at=1),
    "os.mkdir": _path_check("creating the directory", 0, dir_fd_at=2),
    "os.rename": _path_check("renaming", 0, 1, dir_fds_at=(2, 3)),
    "os.link": _path_check("linking", 0, 1, dir_fds_at=(2, 3)),  # a hard link to an outside file writes it
    "os.symlink": _path_check("creating the symlink", 1, dir_fd_at=2),
    "os.truncate": _path_check("truncating", 0),
    "os.chmod": _path_check("changing the mode of", 0, dir_fd_at=2),
    "os.chown": _path_check("changing the owner of", 0, dir_fd_at=3),
    "os.utime": _path_check("changing the times of", 0, dir_fd_at=3),
    "os.setxattr": _path_check("setting attributes of", 0),
    "os.removexattr": _path_check("removing attributes of", 0),
    "shutil.rmtree": _path_check("removing the tree", 0),
    "shutil.copyfile": _path_check("copying to", 1),
    "shutil.copymode": _path_check("copying to", 1),
    "shutil.copystat": _path_check("copying to", 1),
    "shutil.copytree": _path_check("copying to", 1),
    "shutil.move": _path_check("moving", 0, 1),
    "shutil.chown": _path_check("changing the owner of", 0),
    "shutil.make_archive": _path_check("writing the archive", 0),
    "shutil.unpack_archive": _path_check("unpacking into", 1),
    "sqlite3.connect": _check_sqlite,
    "sqlite3.connect/handle": _check_sqlite_handle,
    "subprocess.Popen": _always(_NO_PROCESSES % "subprocess"),
    "os.system": _always(_NO_PROCESSES % "os.system"),
    "os.exec": _always(_NO_PROCESSES % "os.exec*"),
    "os.posix_spawn": _always(_NO_PROCESSES % "os.posix_spawn"),
    "os.spawn": _always(_NO_PROCESSES % "os.spawn*"),
    "os.fork": _always(_NO_PROCESSES % "os.fork"),
    "os.forkpty": _always(_NO_PROCESSES % "os.forkpty"),
    "os.startfile": _always(_NO_PROCESSES % "os.startfile"),
    "pty.spawn": _always(_NO_PROCESSES % "pty.spawn"),
    "webbrowser.open": _always(_NO_PROCESSES % "webbrowser"),
    "os.kill": _check_kill,
    "os.killpg": _check_killpg,
    "signal.pthread_kill": _always("signalling threads is not allowed in a probe call"),
    "socket.__new__": _check_socket,
    "socket.connect": _always(_NO_NETWORK % "socket.connect"),
    "socket.bind": _always(_NO_NETWORK % "socket.bind"),
    "socket.sendto": _always(_NO_NETWORK % "socket.sendto"),
    "socket.sendmsg": _always(_NO_NETWORK % "socket.sendmsg"),
    "socket.getaddrinfo": _always(_NO_NETWORK % "DNS lookup"),
    "socket.gethostbyname": _always(_NO_NETWORK % "DNS lookup"),
    "socket.gethostbyaddr": _always(_NO_NETWORK % "DNS lookup"),
    "socket.getnameinfo": _always(_NO_NETWORK % "DNS lookup"),
    "resource.setrlimit": _always("changing resource limits is not allowed in a probe call"),
    "resource.prlimit": _always("changing resource limits is not allowed in a probe call"),
}


def _hook(event: str, args: Args) -> None:
    if not policy.armed:
        return
    if event == "open" and args:
        _name_descriptor(args[0])
    check = _CHECKS.get(event)
    if check is None:
        return
    me = _thread.get_ident()
    if me in policy.busy:
        return
    if _acts(event, args):
        policy.effects.add(event)
    policy.busy.add(me)
    try:
        problem = check(args)
    finally:
        policy.busy.discard(me)
    if problem:
        raise SandboxViolation(problem)


def _acts(event: str, args: Args) -> bool:
    """Whether the event changes something a repeat of the call outside the sandbox would change
    again: reads and in-memory databases do not."""
    if event == "open":
        return _opens_for_writing(args)
    if event == "sqlite3.connect/handle":
        return False  # the connect event before it said
    if event == "sqlite3.connect":
        return not (args and isinstance(args[0], (str, bytes)) and args[0] in (":memory:", b":memory:", ""))
    return True


def effects() -> List[str]:
    """What the armed call did (events the guards checked), allowed or refused."""
    return sorted(policy.effects)


_installed = False


def install() -> None:
    """Install the audit hook (once per process; it cannot be removed) and the wrappers
    around what raises no audit event."""
    global _installed
    if not _installed:
        sys.addaudithook(_hook)
        _wrap_unaudited()
        _audit_c_writers()
        _installed = True


def _noting_descriptor(original: Callable[..., T]) -> Callable[..., T]:
    """`original`, noting a descriptor its first argument names (_name_descriptor)."""

    def noted(*args, **kwargs):  # type: (*Any, **Any) -> T  # pyright: ignore[reportTypeCommentUsage]
        if policy.armed and args:
            _name_descriptor(args[0])
        return original(*args, **kwargs)

    noted.__name__ = getattr(original, "__name__", "stat")
    return noted


def _refusing(original: Callable[..., T], message: str) -> Callable[..., T]:
    def refused(*args, **kwargs):  # type: (*Any, **Any) -> T  # pyright: ignore[reportTypeCommentUsage]
        if policy.armed:
            policy.effects.add(getattr(original, "__name__", "refused"))
            raise SandboxViolation(message)
        return original(*args, **kwargs)

    refused.__name__ = getattr(original, "__name__", "refused")
    return refused


def _wrap_unaudited() -> None:
    """Calls that raise no audit event (or one without the argument that matters): wrapped in
    their modules, so user code that looks them up after this gets the checked version.
    The replacements here and below carry type comments, not annotations: user code sees them
    under the standard names, without __annotations__ as before."""
    import signal

    posix_open = os.open

    def checked_open(path: Path, flags: int, mode: int = 0o777, *, dir_fd: Optional[int] = None) -> int:
        if policy.armed and flags & _WRITE_FLAGS:
            policy.effects.add("open")
        if policy.armed and dir_fd is not None and flags & _WRITE_FLAGS and not _inside(path, dir_fd):
            raise SandboxViolation(_refuse_write(path, "opening for writing"))
        return posix_open(path, flags, mode, dir_fd=dir_fd)

    checked_open.__annotations__ = {}  # pyright reads no type comment with a bare `*`; none at run time, as before
    os.open = checked_open
    # os.path.isfile(3) looks descriptor 3 up without opening it (mimetypes.init([3]) then skips it or reads it).
    for name in ("stat", "fstat"):
        setattr(os, name, _noting_descriptor(getattr(os, name)))
    for name, what in (("mkfifo", "creating a FIFO"), ("mknod", "creating a device node")):
        if hasattr(os, name):
            setattr(os, name, _refusing(getattr(os, name), "%s is not allowed in a probe call" % what))
    for name in ("setpgid", "setpgrp", "setsid", "pidfd_open"):
        if hasattr(os, name):
            setattr(os, name, _refusing(getattr(os, name), "os.%s is not allowed in a probe call" % name))
    if hasattr(signal, "pidfd_send_signal"):
        signal.pidfd_send_signal = _refusing(signal.pidfd_send_signal, "signalling other processes is not allowed in a probe call")
    try:
        import _posixsubprocess

        _posixsubprocess.fork_exec = _refusing(_posixsubprocess.fork_exec, _NO_PROCESSES % "fork_exec")
    except ImportError:
        pass
    posix = sys.modules.get("posix")
    if posix is not None:
        for name in ("open", "mkfifo", "mknod", "setpgid", "setpgrp", "setsid", "pidfd_open"):
            if hasattr(posix, name) and hasattr(os, name):
                setattr(posix, name, getattr(os, name))


# C functions that open a file for writing themselves, raising no audit event (red team,
# round 5): module -> (function, index of its path argument, index of its mode (a string such as
# 'r' or 'c', or open(2) flags) or None when it always writes, its path when none is given, the
# folder a relative name is in). dbm.ndbm and dbm.gnu (and so shelve, on Debian's python3) are
# these modules' functions, as multiprocessing.shared_memory's blocks are _posixshmem's (in /dev/shm).
_C_WRITERS: Dict[str, Tuple[Tuple[str, int, Optional[int], Optional[str], str], ...]] = {
    "readline": (("write_history_file", 0, None, "~/.history", ""), ("append_history_file", 1, None, "~/.history", "")),
    "_dbm": (("open", 0, 1, None, ""),),
    "_gdbm": (("open", 0, 1, None, ""),),
    "_posixshmem": (("shm_open", 0, 1, None, "/dev/shm"), ("shm_unlink", 0, None, None, "/dev/shm")),
}


def _opening_for_writing(original: Callable[..., T], path_at: int, flag_at: Optional[int], default: Optional[str], folder: str) -> Callable[..., T]:
    """`original`, raising the `open` audit event Python's own open() raises before it writes:
    the hook then records the write (an exported test would repeat it) and refuses it outside."""

    def opens(*args, **kwargs):  # type: (*Any, **Any) -> T  # pyright: ignore[reportTypeCommentUsage]
        flag = args[flag_at] if flag_at is not None and len(args) > flag_at else ("w" if flag_at is None else "r")
        writes = bool(flag & _WRITE_FLAGS) if isinstance(flag, int) else not (isinstance(flag, str) and flag.startswith("r"))
        if writes:
            path = args[path_at] if len(args) > path_at and args[path_at] is not None else default
            if isinstance(path, str):
                path = folder + "/" + path.lstrip("/") if folder else os.path.expanduser(path)
            sys.audit("open", path, "w", _WRITE_FLAGS)
        return original(*args, **kwargs)

    opens.__name__ = getattr(original, "__name__", "opens")
    return opens


def _wrap_c_writers(module: object) -> None:
    for name, path_at, flag_at, default, folder in _C_WRITERS.get(getattr(module, "__name__", ""), ()):
        original = getattr(module, name, None)
        if callable(original):
            setattr(module, name, _opening_for_writing(original, path_at, flag_at, default, folder))


class _WrapOnImport:
    """A meta path finder that lets the other finders find _C_WRITERS' modules and wraps
    their functions as the module is executed (before `from _dbm import *` copies them):
    importing them up front would cost every worker start their import."""

    def find_spec(self, name: str, path: Optional[Sequence[str]], target: Optional[ModuleType] = None) -> Optional[ModuleSpec]:
        if name not in _C_WRITERS:
            return None
        for finder in sys.meta_path:
            find = getattr(finder, "find_spec", None)  # a finder of the old protocol has none
            spec = cast("Optional[ModuleSpec]", find(name, path, target)) if callable(find) and id(finder) != id(self) else None
            loader = spec.loader if spec is not None else None
            if spec is None or loader is None:
                continue
            if not isinstance(loader, type):  # a class (built-in modules' loader) is shared: not patched
                execute = cast("Callable[[ModuleType], None]", getattr(loader, "exec_module"))

                def exec_module(module: ModuleType) -> None:
                    execute(module)
                    _wrap_c_writers(module)

                setattr(loader, "exec_module", exec_module)
            return spec
        return None


def _audit_c_writers() -> None:
    for name in _C_WRITERS:
        if name in sys.modules:
            _wrap_c_writers(sys.modules[name])
    sys.meta_path.insert(0, _WrapOnImport())


# --- environment ----------------------------------------------------------------------

def scrub_environ(secret_name_pattern: str) -> None:
    """Drop anything that looks like a credential from os.environ (the host already did; the
    module's import may have set more). The pattern is the host's (src/probe/environment.ts,
    sent in the start message): JavaScript regex source in the subset Python reads the same."""
    secret_name = re.compile(secret_name_pattern, re.IGNORECASE)
    for name in list(os.environ):
        if secret_name.search(name):
            del os.environ[name]


# --- keeping source text out of what user code prints ----------------------------------


def hide_sources(roots: Iterable[Optional[str]]) -> None:
    """Make linecache (tracebacks, inspect.getsource, warnings) see no text for files under
    `roots`, so a traceback printed by user code names lines but shows no source."""
    import linecache

    real_roots = tuple(os.path.realpath(r) for r in roots if r)
    original_getlines = linecache.getlines
    original_updatecache = linecache.updatecache

    def hidden(filename: str) -> bool:
        if not filename or filename.startswith("<"):
            return False
        try:
            real = os.path.realpath(filename)
        except (TypeError, ValueError):
            return False
        return any(real == r or real.startswith(r + os.sep) for r in real_roots)

    def getlines(filename, module_globals=None):  # type: (str, Optional[Dict[str, Any]]) -> List[str]  # pyright: ignore[reportTypeCommentUsage]
        if hidden(filename):
            return []
        return original_getlines(filename, module_globals)

    def updatecache(filename, module_globals=None):  # type: (str, Optional[Dict[str, Any]]) -> List[str]  # pyright: ignore[reportTypeCommentUsage]
        if hidden(filename):
            return []
        return original_updatecache(filename, module_globals)

    linecache.getlines = getlines
    linecache.updatecache = updatecache
    linecache.clearcache()


def quiet_reporting() -> None:
    """Warnings and uncaught thread exceptions print `Type: message` only: the default
    formats quote the source line and the file path."""

    def formatwarning(message, category, filename, lineno, line=None):  # type: (Union[Warning, str], type[Warning], str, int, Optional[str]) -> str  # pyright: ignore[reportTypeCommentUsage]
        return "%s: %s\n" % (category.__name__, message)

    warnings.formatwarning = formatwarning

    def excepthook(args):  # type: (threading.ExceptHookArgs) -> None  # pyright: ignore[reportTypeCommentUsage]
        if args.exc_type is SystemExit:
            return
        sys.stderr.write("Exception in thread %s: %s: %s\n" % (
            getattr(args.thread, "name", "?"), args.exc_type.__name__, args.exc_value))

    # threading takes its excepthook from _thread when it is imported (by the target, now or
    # in a call); already imported, it is set there too.
    setattr(_thread, "_excepthook", excepthook)
    threading_module = sys.modules.get("threading")
    if threading_module is not None:
        setattr(threading_module, "excepthook", excepthook)
