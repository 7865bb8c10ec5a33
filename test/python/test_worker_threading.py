"""The worker does not import threading (pau_probe/guards.py): threading's at-fork hook ran in
every call's process, ~130 page faults (it still does where the interpreter's site imports
threading, or the target does). Thread exceptions are still reported briefly when the
target or a call imports threading after the worker set its hook."""
import os
import subprocess
import sys

from conftest import PACKAGE_ROOT


def run(code):
    """`code` in a fresh interpreter without site (some site-packages import threading at start:
    a pyenv build's .pth files here), the worker's package on its path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = PACKAGE_ROOT
    return subprocess.run([sys.executable, "-S", "-B", "-c", code], env=env, capture_output=True, text=True, timeout=60)


def test_the_worker_and_call_modules_leave_threading_unimported():
    done = run("import sys\nimport pau_probe.worker, pau_probe.call\nprint('threading' in sys.modules)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_thread_imported_later_reports_its_exception_in_one_line():
    code = (
        "from pau_probe import guards\n"
        "guards.quiet_reporting()\n"
        "import threading\n"
        "def boom():\n"
        "    raise ValueError('bad thing')\n"
        "t = threading.Thread(target=boom, name='T1')\n"
        "t.start()\n"
        "t.join()\n"
    )
    done = run(code)
    assert done.returncode == 0, done.stderr
    assert done.stderr == "Exception in thread T1: ValueError: bad thing\n"
