"""The fork server on its own (pau_probe/forkserver.py): it forks on request, hands over the
pipe ends, reports every exit with its real status, and ends when the worker's end closes."""
import os
import signal
import socket

import pytest

from pau_probe import forkserver

pytestmark = pytest.mark.skipif(not forkserver.AVAILABLE, reason="the fork server is Linux only")


SITES_FOUND = []  # in the server's process: find_sites ran there


def find_sites():
    SITES_FOUND.append(True)


def fork_call(call_dir, close_in_child):
    """A stand-in call: writes its folder to the first pipe (with "+" once the server found the
    comparison sites) and exits with the folder's length."""
    pipes = [os.pipe() for _ in range(4)]
    pid = os.fork()
    if pid == 0:
        for fd in close_in_child:
            os.close(fd)
        os.write(pipes[0][1], call_dir.encode() + (b"+" if SITES_FOUND else b""))
        os._exit(len(call_dir))
    for r, w in pipes:
        os.close(w)
    return pid, [r for r, _ in pipes]


@pytest.fixture
def server():
    mine, its = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:
        try:
            mine.close()
            forkserver.serve(its, fork_call, find_sites)
        finally:
            os._exit(0)
    its.close()
    client = forkserver.ForkServer(pid, mine)
    yield client
    client.stop()


def arrived(server):
    while server.pending:
        server.receive(5)
    out, server.arrived = server.arrived, []
    return out


def test_forks_hands_over_the_pipes_and_reports_the_real_exit_status(server):
    server.ask("/calls/a")
    server.ask("/calls/bb")
    got = arrived(server)
    assert [d for _, _, d in got] == ["/calls/a", "/calls/bb"]
    for pid, fds, call_dir in got:
        assert len(fds) == 4
        assert os.read(fds[0], 100) == call_dir.encode()
        status = server.status(pid, 5)
        assert status is not None and os.WIFEXITED(status) and os.WEXITSTATUS(status) == len(call_dir)
        for fd in fds:
            os.close(fd)
    assert server.exits == {}  # each status is handed out once


def test_the_sites_are_found_before_the_forks_asked_for_after_them(server):
    server.ask("/calls/a")
    server.find_sites()
    server.ask("/calls/b")
    got = arrived(server)
    assert [os.read(fds[0], 100) for _, fds, _ in got] == [b"/calls/a", b"/calls/b+"]
    for pid, fds, _ in got:
        server.status(pid, 5)
        for fd in fds:
            os.close(fd)


def test_status_waits_no_longer_than_asked(server):
    assert server.status(999999, 0.05) is None


def test_a_killed_server_is_noticed_and_its_calls_count_as_killed(server):
    os.kill(server.pid, signal.SIGKILL)
    with pytest.raises(forkserver.ServerGone):
        server.receive(5)
    assert server.status(12345, 0) == int(signal.SIGKILL)
    with pytest.raises(forkserver.ServerGone):
        server.ask("/calls/c")


def test_the_server_ends_when_the_worker_end_closes(server):
    server.sock.close()
    pid, status = os.waitpid(server.pid, 0)
    assert pid == server.pid and os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    server.pid = 0  # reaped here: stop() must not signal a pid that may be reused
