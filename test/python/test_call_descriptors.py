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
