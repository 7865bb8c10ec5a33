"""The spare call process: where each call's Landlock fence also scopes signals (ABI 6), the
worker keeps a second call process waiting, so a call back to back takes one forked before the
call before it ended; elsewhere (no fence) the next call's process is forked only once a call
has answered, so nothing of the next call exists while a call runs."""
import pytest

from pau_probe import landlock
from worker_process import LIMITS, WorkerProcess


@pytest.mark.parametrize("fence", [True, False])
def test_a_spare_waits_only_where_the_fence_keeps_the_call_from_it(tmp_path, fence):
    target = tmp_path / "target.py"
    target.write_text("def f(x):\n    return x + 1\n")
    worker = WorkerProcess(str(target), "f", fence_writes=fence)
    try:
        seen = worker.until("ready")
        for id_ in range(1, 6):
            worker.send({"op": "call", "id": id_, "args": [str(id_)], "kwargs": {}, "limits": LIMITS})
            answer = worker.until("result")
            assert answer[-1]["result"]["value"]["repr"] == str(id_ + 1)
            seen += answer
    finally:
        worker.close()
    forked_at = {m["pid"]: i for i, m in enumerate(seen) if m["event"] == "forked"}
    result_at = {m["id"]: i for i, m in enumerate(seen) if m["event"] == "result"}
    # The process that ran each call, as its result names it (a short call is never announced).
    ran = {m["id"]: m["pid"] for m in seen if m["event"] == "result"}
    # From the third call on (the first two take the process forked at the start and the first
    # asked for after an answer): was its process there before the call before it answered?
    early = [forked_at[ran[id_]] < result_at[id_ - 1] for id_ in range(3, 6)]
    spare = fence and landlock.scopes_signals()
    assert early == [spare] * 3, (spare, early, [(m["event"], m.get("pid", m.get("id"))) for m in seen])
