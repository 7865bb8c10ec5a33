"""A call asked to run `again` (ChildRequest.again) runs a second time in its process after the
first, and its answer says whether the second rendered the same (ProbeResult.again), through a
real worker. The call's own result and output stay the first run's."""
import os

from conforms import problems
from worker_process import LIMITS, WorkerProcess

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "process-history", "process_history.py")


# Functions whose second run in a process differs from the first: it hangs, or it raises.
SECOND_RUNS = (
    "import time\n"
    "calls = []\n"
    "def noisy(n):\n"
    "    calls.append(n)\n"
    "    print('run', len(calls))\n"
    "    if len(calls) > 1:\n"
    "        time.sleep(60)\n"
    "    return n\n"
    "def fails_later(n):\n"
    "    calls.append(n)\n"
    "    if len(calls) > 1:\n"
    "        raise ValueError('second')\n"
    "    return n\n"
)


def call(qualname, args, receiver=None, again=True, limits=LIMITS, source=FIXTURE, isolation=None, after=None, **fields):
    """One call through a real worker; `fields` go into the call message as they are (`apply`)."""
    worker = WorkerProcess(os.path.abspath(source), qualname, isolation=isolation)
    try:
        worker.until("ready")
        message = {"op": "call", "id": 1, "args": args, "kwargs": {}, "limits": limits}
        if receiver is not None:
            message["receiver"] = receiver
        if again:
            message["again"] = True
        if after is not None:
            message["againAfter"] = after
        message.update(fields)
        worker.send(message)
        answer = worker.until("result")[-1]
        assert problems(answer, "WorkerMessage") == []
        return answer["result"]
    finally:
        worker.close()


def test_a_module_counter_a_class_counter_an_os_seed_and_a_descriptor_differ_the_second_time():
    cases = [("tag", ["'a'"], None), ("Table.render", ["'x'"], "Table()"), ("ticket", ["'n'"], None), ("Log.fileno", [], "Log('f.txt')")]
    for qualname, args, receiver in cases:
        result = call(qualname, args, receiver)
        assert result["status"] == "returned", result
        assert result["again"]["same"] is False, (qualname, result)
        assert result["again"]["status"] == "returned"
        assert result["again"]["shown"] != result["value"]["repr"], (qualname, result)
    assert call("tag", ["'a'"])["value"]["repr"] == "'a#1'"  # the first run's value is the answer
    assert call("tag", ["'a'"])["again"]["shown"] == "'a#2'"


def test_a_result_that_carries_the_time_differs_the_second_time():
    # The two runs come within the same second: only a clock read on tells them apart.
    result = call("packed", ["b'abc'"])
    assert result["status"] == "returned", result
    assert result["again"]["same"] is False, result
    # The magic bytes, \x1f\x8b\x08, after the opening b' or b" (repr quotes with " when the clock's bytes hold a ').
    assert result["again"]["shown"][2:14] == result["value"]["repr"][2:14] == "\\x1f\\x8b\\x08"
    assert call("double", ["21"])["again"]["same"] is True  # a clock moved on changes no pure result


def test_a_repeatable_call_is_the_same_and_a_call_not_asked_runs_once():
    assert call("double", ["21"])["again"] == {"same": True, "status": "returned", "shown": "42", "data": {"t": "int", "v": "42"}}
    assert "again" not in call("double", ["21"], again=False)


def test_the_second_run_changes_neither_output_nor_result_and_is_bounded_by_the_call(tmp_path):
    target = tmp_path / "target.py"
    target.write_text(SECOND_RUNS)
    limits = dict(LIMITS, timeoutMs=1500)
    result = call("noisy", ["3"], limits=limits, source=str(target))
    assert result["status"] == "returned" and result["value"]["repr"] == "3"
    assert result["stdout"] == "run 1\n"  # the second run's print went nowhere
    assert result["again"] == {"same": False, "status": "timeout"}
    raised = call("fails_later", ["3"], source=str(target))
    assert raised["status"] == "returned"
    assert raised["again"] == {"same": False, "status": "raised", "shown": "ValueError: second"}


def test_a_spawned_call_runs_again_too(tmp_path):
    # Without fork (isolation "spawn", Windows) the call's own process runs it the second time:
    # before, such a call came back without `again`, and no re-run could refute determinism.
    result = call("tag", ["'a'"], isolation="spawn")
    assert result["value"]["repr"] == "'a#1'", result
    assert result["again"] == {"same": False, "status": "returned", "shown": "'a#2'", "data": {"t": "str", "v": "a#2"}}
    assert call("double", ["21"], isolation="spawn")["again"]["same"] is True
    assert "again" not in call("double", ["21"], again=False, isolation="spawn")
    # A second run still going when the call's time is up: the first run's result is the answer.
    target = tmp_path / "target.py"
    target.write_text(SECOND_RUNS)
    slow = call("noisy", ["3"], limits=dict(LIMITS, timeoutMs=1500), source=str(target), isolation="spawn")
    assert slow["status"] == "returned" and slow["value"]["repr"] == "3", slow
    assert slow["stdout"] == "run 1\n"
    assert slow["again"] == {"same": False, "status": "timeout"}


def test_another_call_between_the_two_runs_shows_a_registry_it_fills():
    # bind('d') twice agrees; bind('d', 'x') between the two files 'x' for 'd' (gettext.bindtextdomain).
    assert call("bind", ["'d'"])["again"]["same"] is True
    for isolation in (None, "spawn"):
        result = call("bind", ["'d'"], after={"args": ["'d'", "'x'"], "kwargs": {}}, isolation=isolation)
        assert result["value"]["repr"] == "'/usr/share/locale'", result
        assert result["again"]["same"] is False and result["again"]["shown"] == "'x'", result
    # Its sources are checked as the call's own.
    refused = call("bind", ["'d'"], after={"args": ["__import__('os')"], "kwargs": {}})
    assert refused["status"] == "rejected" and "againAfter" in refused["exception"]["message"], refused
