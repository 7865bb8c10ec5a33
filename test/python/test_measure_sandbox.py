"""The sampled bench runs library functions (measure.py's coverage sides, recheck.py's re-runs)
under bubblewrap (measure.sandboxed). Run as root, as CI is, bubblewrap kept every capability,
so a function re-run there remounted / read-write and wrote on the host (red team, round 6).
Judged by outcome: a file outside the scratch folder, after the command tried that. Without
bubblewrap nothing is re-run (it once ran unfenced, silently), and no credential of the host's
environment reaches a re-run function (it once got the whole os.environ)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "sampled"))
import measure  # noqa: E402

# Only root holds the capabilities to remount; elsewhere the escape cannot be tried here.
needs_root = pytest.mark.skipif(shutil.which("bwrap") is None or os.geteuid() != 0, reason="needs bubblewrap, run as root")


@needs_root
def test_a_sandboxed_command_cannot_remount_the_host_read_write():
    outside = tempfile.mkdtemp(dir="/var/tmp")  # not /tmp: the sandbox shows an empty one there
    scratch = tempfile.mkdtemp()
    try:
        escaped = os.path.join(outside, "escaped")
        attack = "mount -o remount,rw / ; mount -o remount,rw,bind / ; echo out > %s" % escaped
        subprocess.run(measure.sandboxed(["sh", "-c", attack], scratch), cwd=scratch, capture_output=True, timeout=30, check=False)
        assert not os.path.exists(escaped)
        # The same command still writes its own scratch folder.
        subprocess.run(measure.sandboxed(["sh", "-c", "echo in > %s/kept" % scratch], scratch), cwd=scratch, timeout=30, check=True)
        assert os.path.exists(os.path.join(scratch, "kept"))
    finally:
        shutil.rmtree(outside, ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)


def test_without_bubblewrap_nothing_is_re_run(tmp_path):
    """A PATH without bwrap: measure.py refuses plainly, and the target's code never ran."""
    marker = tmp_path / "ran"
    (tmp_path / "marker_target.py").write_text(
        "open(%r, 'w').close()\n\ndef f(x):\n    return x\n" % str(marker))
    job = {"module": "marker_target", "qualname": "f", "source": str(tmp_path / "marker_target.py"),
           "calls": [{"args": ["1"]}], "budget": 1}
    no_tools = tmp_path / "bin"
    no_tools.mkdir()
    env = dict(os.environ, PATH=str(no_tools), PYTHONPATH=str(tmp_path))
    # The bench's interpreter (test/corpus/explorer/explore.ts): the one with coverage and Hypothesis.
    python = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable
    p = subprocess.run([python, measure.__file__], input=json.dumps(job), capture_output=True, text=True,
                       timeout=120, env=env, check=False)
    assert not marker.exists()
    assert p.returncode != 0
    assert "bubblewrap (bwrap) is not on PATH" in p.stderr, p.stderr[-500:]


def test_no_credential_reaches_a_re_run_function(tmp_path, monkeypatch):
    """The environment measure.py and recheck.py give the functions they re-run drops the names
    the worker drops (src/probe/environment.ts's SECRET_NAME), whatever their case."""
    for name in ("PAU_TEST_SECRET_TOKEN", "OPENAI_API_KEY", "aws_access_key_id", "GITHUB_SHA"):
        monkeypatch.setenv(name, "do-not-leak")
    monkeypatch.setenv("PAU_TEST_PLAIN", "kept")
    shown = subprocess.run([sys.executable, "-c", "import json, os; print(json.dumps(dict(os.environ)))"],
                           env=measure.scratch_env(str(tmp_path)), capture_output=True, text=True, timeout=30, check=True)
    seen = json.loads(shown.stdout)
    assert "do-not-leak" not in seen.values(), sorted(seen)
    assert seen.get("PAU_TEST_PLAIN") == "kept"
    assert seen.get("HOME") == str(tmp_path)
