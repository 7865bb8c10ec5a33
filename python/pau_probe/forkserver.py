"""The fork server: a copy of the warm worker, forked once, that forks the calls' processes.

Why: after a fork, the process that forked takes a copy-on-write page fault on every page it
writes next. When the worker forks each call's process itself, that is some 430 faults per
call in the worker, which relays every call, plus the fork itself: on a machine where a fault
costs 13 µs that is most of the worker's time. Forked once from the warm worker, the server
shares the worker's warm pages with every call process; the worker forks no more, and the next
call's process is forked (on another core) while a call runs. Linux only (SOCK_SEQPACKET);
elsewhere the worker forks its calls itself.

Messages, one per packet on a SOCK_SEQPACKET socketpair:
  worker -> server  b"F" + call folder        fork a call process for that folder
  worker -> server  b"S"                      find the comparison sites before the next forks
  server -> worker  b"P<pid>" + four fds      forked: request_w, result_r, out_r, err_r
  server -> worker  b"X<pid> <status>"        a call process exited (its waitpid status)
The server ends when the worker's end of the socket closes (or the worker dies: it is killed
with it). Call processes are the server's children, so only it can reap them: it reports each
exit. What they leave running is re-parented to the worker (the subreaper), as before.
"""
from __future__ import annotations

import os
import select
import signal
import socket
import sys
import time

from pau_probe.checking import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Callable, Dict, Iterator, List, Optional, Tuple

    # fork_call(call_dir, fds_to_close_in_the_child) -> (pid, the worker's four pipe ends)
    ForkCall = Callable[[str, List[int]], Tuple[int, List[int]]]
    # find_sites(): the comparison sites of the target's package, found here for every call
    # process forked after (CallContext.find_sites_ahead)
    FindSites = Callable[[], None]

AVAILABLE = sys.platform.startswith("linux") and hasattr(socket, "send_fds") and hasattr(socket, "SOCK_SEQPACKET")


def serve(sock: socket.socket, fork_call: ForkCall, find_sites: FindSites) -> None:
    """The server's loop (never returns normally: the caller exits the process)."""
    wake_r, wake_w = wake_on_child_exit()
    in_child = [sock.fileno(), wake_r, wake_w]
    while True:
        readable, _, _ = select.select([sock, wake_r], [], [], 1.0)
        if wake_r in readable:
            drain(wake_r)
        _report_exits(sock)
        if sock in readable:
            message = sock.recv(65536)
            if not message:
                return
            if message[:1] == b"F":
                pid, fds = fork_call(os.fsdecode(message[1:]), in_child)
                try:
                    socket.send_fds(sock, [b"P%d" % pid], fds)
                finally:
                    for fd in fds:
                        os.close(fd)
            elif message[:1] == b"S":
                find_sites()


def wake_on_child_exit() -> Tuple[int, int]:
    """A pipe whose read end becomes readable when a child exits (SIGCHLD through the wakeup
    fd), so that a select() on it returns at once; both ends non-blocking."""
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_r, False)
    os.set_blocking(wake_w, False)
    signal.signal(signal.SIGCHLD, ignore_signal)
    signal.set_wakeup_fd(wake_w)
    return wake_r, wake_w


def drain(fd: int) -> None:
    try:
        while os.read(fd, 4096):
            pass
    except BlockingIOError:
        pass


def ignore_signal(number: int, frame: object) -> None:
    """A handler that does nothing: the signal only wakes select() through the wakeup fd."""


def ended_children() -> Iterator[Tuple[int, int]]:
    """(pid, waitpid status) of each child that has ended, reaped now; none waited for."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if not pid:
            return
        yield pid, status


def _report_exits(sock: socket.socket) -> None:
    for pid, status in ended_children():
        sock.send(b"X%d %d" % (pid, status))


def reset_in_call() -> None:
    """In a call's process forked by the server: none of the server's signal set-up stays.
    (Its descriptors are closed by the fork function, which serve gives them as `in_child`.)"""
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)


class ServerGone(Exception):
    pass


class ForkServer:
    """The worker's side: asks for call processes, receives them and their exits."""

    def __init__(self, pid: int, sock: socket.socket):
        self.pid = pid
        self.sock = sock
        self.pending: List[str] = []  # call folders asked for and not yet forked, oldest first
        self.arrived: List[Tuple[int, List[int], str]] = []  # forked: (pid, fds, call folder)
        self.exits: Dict[int, int] = {}
        self.gone = False

    def ask(self, call_dir: str) -> None:
        if self.gone:
            raise ServerGone()
        try:
            self.sock.send(b"F" + os.fsencode(call_dir))
        except OSError:
            self.gone = True
            raise ServerGone()
        self.pending.append(call_dir)

    def find_sites(self) -> None:
        """Have the server find the comparison sites: the processes it forks after have them."""
        if self.gone:
            raise ServerGone()
        try:
            self.sock.send(b"S")
        except OSError:
            self.gone = True
            raise ServerGone()

    def receive(self, timeout: Optional[float]) -> bool:
        """Handle one message if one comes within `timeout` seconds (None: wait for it): a
        forked call process goes to `arrived`, an exit to `exits`. ServerGone at the end."""
        if self.gone:
            raise ServerGone()
        if timeout is not None and not select.select([self.sock], [], [], timeout)[0]:
            return False
        message, fds, _, _ = socket.recv_fds(self.sock, 256, 4)
        if not message:
            self.gone = True  # `pending` keeps the folders of the processes never forked
            raise ServerGone()
        if message[:1] == b"P" and len(fds) == 4 and self.pending:
            self.arrived.append((int(message[1:]), fds, self.pending.pop(0)))
            return True
        for fd in fds:
            os.close(fd)
        if message[:1] == b"X":
            pid, status = message[1:].split()
            self.exits[int(pid)] = int(status)
        return True

    def settle(self) -> None:
        """Wait until every process asked for has been forked (or the server is gone)."""
        try:
            while self.pending:
                self.receive(None)
        except ServerGone:
            pass

    def status(self, pid: int, timeout: Optional[float]) -> Optional[int]:
        """The exit status of a call process once the server reported it (then forgotten), or
        None when `timeout` (0: now, None: no limit) passes first. With the server gone, its
        call processes died with it (killed with their parent): SIGKILL."""
        end = None if timeout is None else time.monotonic() + timeout
        try:
            while pid not in self.exits:
                left = None if end is None else max(0.0, end - time.monotonic())
                if not self.receive(left) and end is not None and time.monotonic() >= end:
                    return None
        except ServerGone:
            return self.exits.pop(pid, int(signal.SIGKILL))
        return self.exits.pop(pid)

    def stop(self) -> None:
        """Close the socket (the server returns) and reap it."""
        self.gone = True
        self.sock.close()
        if self.pid <= 0:
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (OSError, ChildProcessError):
            pass
        self.pid = 0
