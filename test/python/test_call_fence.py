"""A call's Landlock fence is built before the fork (landlock.build_fence, in the worker or its
fork server) and only put in force in the call's process (call.fence_call_dir), which then
writes only below its own folder and keeps no descriptor of the ruleset."""
import json
import os

from pau_probe import call as pau_call
from pau_probe import landlock


def fenced_child(tmp_path, ruleset):
    """Forks a process that runs fence_call_dir(call_dir, ruleset) and then tries a write inside
    its folder and one beside it; what it saw, as a dict."""
    call_dir = tmp_path / "call"
    result_r, result_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(result_r)
            built_here = []
            real = landlock.fence_writes
            landlock.fence_writes = lambda *folders: built_here.append(folders) or real(*folders)
            pau_call.fence_call_dir(str(call_dir), ruleset)
            seen = {"built_here": len(built_here), "writes": {}}
            for name, path in (("inside", call_dir / "a.txt"), ("beside", tmp_path / "b.txt")):
                try:
                    os.close(os.open(str(path), os.O_WRONLY | os.O_CREAT, 0o600))
                    seen["writes"][name] = "written"
                except PermissionError:
                    seen["writes"][name] = "refused"
            links = []
            for fd in os.listdir("/proc/self/fd"):
                try:
                    links.append(os.readlink("/proc/self/fd/" + fd))
                except OSError:
                    pass
            seen["ruleset_open"] = any("landlock" in link for link in links)
            os.write(result_w, json.dumps(seen).encode())
        finally:
            os._exit(0)
    os.close(result_w)
    if ruleset is not None:
        os.close(ruleset)
    try:
        return json.loads(os.read(result_r, 65536))
    finally:
        os.close(result_r)
        os.waitpid(pid, 0)


def test_a_ruleset_built_before_the_fork_fences_the_call_and_is_closed(tmp_path):
    (tmp_path / "call").mkdir()
    ruleset = landlock.build_fence(str(tmp_path / "call"))
    if landlock.abi() == 0:
        assert ruleset is None  # no Landlock here: nothing to build, and the call is not fenced by it
        return
    assert ruleset is not None
    seen = fenced_child(tmp_path, ruleset)
    assert seen == {"built_here": 0, "writes": {"inside": "written", "beside": "refused"}, "ruleset_open": False}


def test_without_a_ruleset_the_call_builds_its_own_fence(tmp_path):
    (tmp_path / "call").mkdir()
    seen = fenced_child(tmp_path, None)
    assert seen["built_here"] == 1
    assert seen["writes"] == {"inside": "written", "beside": "refused" if landlock.abi() else "written"}
