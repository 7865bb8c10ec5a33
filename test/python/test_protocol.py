"""The worker's messages, in both directions, have the shapes src/probe/protocol.ts declares
(through the generated protocol.py): checked on a real worker's traffic, for every kind of answer."""
import os
import textwrap

import pytest

from conforms import problems
from worker_process import LIMITS, WorkerProcess

TARGET = textwrap.dedent('''
    import os, time

    class Box:
        def __init__(self, n):
            self.n = n

        def grow(self, by):
            """Grow the box."""
            self.n += by
            return self.n

    def f(x, y=2, *, scale: int = 1):
        """Add, then scale."""
        print("adding")
        if x is None:
            raise ValueError("no x")
        if x == "sleep":
            time.sleep(30)
        if x == "abort":
            os.abort()
        return (x + y) * scale
''')


@pytest.fixture(params=["fork", "spawn"])
def worker(request, tmp_path):
    target = tmp_path / "target.py"
    target.write_text(TARGET)
    process = WorkerProcess(str(target), "f", isolation=request.param)
    yield process
    process.close()


def call(worker, id_, *args, **extra):
    message = {"op": "call", "id": id_, "args": list(args), "kwargs": extra.pop("kwargs", {}), "limits": dict(LIMITS, **extra)}
    assert problems(message, "CallMessage") == []
    worker.send(message)
    return worker.until("result")


def test_start_message_is_a_start_message(worker):
    assert problems(worker.start, "StartMessage") == []
    assert problems(worker.start, "HostMessage") == []


def test_every_message_of_a_session_conforms(worker):
    seen = worker.until("ready")
    assert seen[-1]["info"]["qualname"] == "f"
    answers = {}
    for id_, args, extra in [
        (1, ["1"], {"kwargs": {"scale": "3"}}),
        (2, ["None"], {}),
        (3, ["__import__('os')"], {}),
        (4, ["'sleep'"], {"timeoutMs": 300}),
        (5, ["'abort'"], {}),
    ]:
        messages = call(worker, id_, *args, **extra)
        seen += messages
        answers[id_] = messages[-1]
    for message in seen:
        assert problems(message, "WorkerMessage") == [], message
    status = {id_: answer["result"]["status"] for id_, answer in answers.items()}
    assert status == {1: "returned", 2: "raised", 3: "rejected", 4: "timeout", 5: "crashed"}, answers[4]["result"].get("stderr")
    assert answers[1]["result"]["value"]["repr"] == "9"
    assert answers[1]["result"]["stdout"] == "adding\n"
    assert set(answers[1]["steps"]) == {"checkMs", "childMs", "runMs", "collectMs"}
    assert answers[5]["result"]["crash"]["signal"] == "SIGABRT"


def test_conformance_check_can_fail():
    """The check itself notices a missing field, a stray field and a wrong literal."""
    assert problems({"event": "forked"}, "WorkerMessage")
    assert problems({"event": "forked", "pid": 3, "extra": 1}, "ForkedEvent")
    assert problems({"event": "started", "id": 1, "pid": "3"}, "StartedEvent")
    assert problems({"op": "call", "id": 1, "args": [], "kwargs": {}, "limits": {"timeoutMs": 1}}, "CallMessage")
    assert problems({"event": "forked", "pid": 3}, "WorkerMessage") == []


def test_unknown_qualname_is_an_error_event(tmp_path):
    target = tmp_path / "target.py"
    target.write_text(TARGET)
    process = WorkerProcess(str(target), "nope")
    try:
        error = process.receive()
    finally:
        process.close()
    assert problems(error, "ErrorEvent") == []
    assert error["kind"] == "unknown-qualname"
    assert "f" in error["available"]


def test_secret_names_come_from_the_start_message(tmp_path, monkeypatch):
    """The worker drops variables matching the host's pattern, and only those."""
    target = tmp_path / "target.py"
    target.write_text("import os\ndef env():\n    return sorted(k for k in os.environ if k.startswith('PAU_T_'))\n")
    monkeypatch.setenv("PAU_T_MY_TOKEN", "x")
    monkeypatch.setenv("PAU_T_PLAIN", "y")
    process = WorkerProcess(str(target), "env")
    try:
        process.until("ready")
        process.send({"op": "call", "id": 1, "args": [], "kwargs": {}, "limits": LIMITS})
        result = process.until("result")[-1]["result"]
    finally:
        process.close()
    assert result["value"]["repr"] == "['PAU_T_PLAIN']", result
    assert os.environ["PAU_T_MY_TOKEN"] == "x"
