"""A call's process warms up only when its request is not there soon (pau_probe/call.py
WARM_UP_AFTER): called back to back, warming up spends CPU the call beside it needs. Either
way the call answers, with its coverage."""
import json
import os
import select
import signal

import pytest

from pau_probe import call as pau_call
from pau_probe import safe_args
from pau_probe import target as pau_target
from pau_probe.coverage import StaticMap
from worker_process import LIMITS


def serve_in_child(tmp_path, request_after):
    """pau_call.serve in a forked process whose request is written `request_after` seconds after
    the fork (None: before it); (warmed up?, its result)."""
    path = tmp_path / "target_module.py"
    path.write_text("def f(x):\n    return x + 1\n")
    target = pau_target.load(str(path), "f")
    ctx = pau_call.CallContext(target, safe_args, StaticMap(target.code), lambda text: text, None, LIMITS)
    call_dir = tmp_path / "call"
    call_dir.mkdir()
    request_r, request_w = os.pipe()
    result_r, result_w = os.pipe()
    marker_r, marker_w = os.pipe()
    request = json.dumps({"args": ["41"], "kwargs": {}, "limits": LIMITS}).encode() + b"\n"
    if request_after is None:
        os.write(request_w, request)
    pid = os.fork()
    if pid == 0:
        try:
            os.close(request_w)
            os.close(result_r)
            os.close(marker_r)
            real = pau_call.warm_up

            def noted(*args):
                os.write(marker_w, b"W")
                real(*args)

            pau_call.warm_up = noted
            pau_call.serve(ctx, request_r, result_w, str(call_dir), True)
        finally:
            os._exit(70)
    os.close(request_r)
    os.close(result_w)
    os.close(marker_w)
    try:
        if request_after is not None:
            select.select([], [], [], request_after)
            os.write(request_w, request)
        os.close(request_w)
        chunks = []
        while True:
            chunk = os.read(result_r, 65536)
            if not chunk:
                break
            chunks.append(chunk)
        warmed = bool(select.select([marker_r], [], [], 0)[0]) and os.read(marker_r, 1) == b"W"
        _, status = os.waitpid(pid, 0)
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
        return warmed, json.loads(b"".join(chunks))
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.close(result_r)
        os.close(marker_r)


@pytest.mark.parametrize("request_after, warms_up", [(None, False), (pau_call.WARM_UP_AFTER + 0.3, True)])
def test_a_call_process_warms_up_only_while_it_waits(tmp_path, request_after, warms_up):
    warmed, result = serve_in_child(tmp_path, request_after)
    assert warmed == warms_up
    assert result["value"]["repr"] == "42"
    assert result["coverageHits"]["lines"], "the call was traced (the collector prepared without a warm-up too)"
