"""User code in a call process finds no descriptor of the worker's at a low number: a plain Python
has none open above stderr, so `os.read(3, …)` or `open(3)` raise there. Before, the call's own
request and result pipes took the lowest free numbers, and a function given a small int as a file
(pycodestyle's input_file(3)) read the call's protocol channel and returned."""
import errno
import os

import pytest

import test_second_run

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "descriptors", "fds.py")


def call(qualname, args, isolation=None):
    return test_second_run.call(qualname, args, again=False, source=FIXTURE, isolation=isolation)


@pytest.mark.parametrize("isolation", ["fork", "spawn"])
def test_no_descriptor_of_the_worker_is_open_at_a_low_number(isolation):
    result = call("open_above_stderr", ["256"], isolation)
    assert result["status"] == "returned", result
    assert result["value"]["repr"] == "[]"


def test_reading_a_small_descriptor_raises_as_in_a_plain_python():
    for fd in ("3", "4", "5", "6"):
        result = call("read_descriptor", [fd])
        assert result["status"] == "raised", result
        assert result["exception"]["type"] == "OSError"
        assert os.strerror(errno.EBADF) in result["exception"]["message"]


def test_a_number_a_call_opened_or_looked_up_as_a_file_is_named_in_its_result():
    # What it finds there is the process's: stdout is a pipe here, a terminal or a file elsewhere.
    for qualname, fd in (("is_file", "1"), ("is_file", "3"), ("read_file", "3"), ("read_file", "0")):
        result = call(qualname, [fd])
        assert result.get("namedDescriptors") == [int(fd)], (qualname, fd, result)


def test_a_descriptor_the_call_opened_itself_or_no_descriptor_at_all_is_not_named():
    result = call("own_file", [])
    assert result["status"] == "returned" and result["value"]["repr"] == "(3, 'abc')", result
    assert "namedDescriptors" not in result
    result = call("is_file", ["'fds.py'"])
    assert "namedDescriptors" not in result
    result = call("is_file", ["-1"])
    assert "namedDescriptors" not in result


def test_the_guards_take_the_descriptors_listed_before_the_request():
    # A call's process lists what it holds while it waits for its request (call.serve): the
    # guards then count that list as the process's own, and list again only when not given one.
    from pau_probe import guards

    read_end, write_end = os.pipe()
    try:
        guards.arm(held={read_end})
        assert guards.policy.held == {read_end}
        guards.disarm()
        guards.arm()
        assert {read_end, write_end} <= guards.policy.held
    finally:
        guards.disarm()
        os.close(read_end)
        os.close(write_end)
