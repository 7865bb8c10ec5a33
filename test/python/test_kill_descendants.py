"""kill_descendants, run after every call: it kills what the call left and waits until those
processes have died, but not for the call process that answered (the worker reaps it later;
waiting for its teardown held every answer). Run in a process of its own: kill_descendants
kills every descendant of the process that calls it."""
import subprocess
import sys

from conftest import PACKAGE_ROOT

# The child sleeps; `dead` is made to report it alive for ever, and the wait is an hour long,
# so the script ends only if kill_descendants does not wait for that child.
_SCRIPT = """
import os, sys, time
from pau_probe import worker
pid = os.fork()
if pid == 0:
    time.sleep(600)
    os._exit(0)
worker.DEATH_WAIT_SECONDS = 3600.0
polls = []
def never_dead(p):
    polls.append(p)
    return len(polls) > int(sys.argv[2])
worker.dead = never_dead
unwaited = {pid} if sys.argv[1] == "unwaited" else set()
worker.kill_descendants(set(), unwaited)
os.waitpid(pid, 0)
print(len(polls))
"""


def _run(mode, polls_until_dead):
    done = subprocess.run(
        [sys.executable, "-B", "-c", _SCRIPT, mode, str(polls_until_dead)],
        env={"PYTHONPATH": PACKAGE_ROOT}, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return int(done.stdout)


def test_a_killed_process_is_waited_for_until_it_has_died():
    assert _run("waited", 5) == 6


def test_the_call_process_that_answered_is_killed_but_not_waited_for():
    # Were it waited for, `dead` would say "alive" for ever and the wait would last an hour.
    assert _run("unwaited", 10**9) == 0


# The first walk misses the child (as a walk of the children files can while a sibling exits):
# the second finds and kills it, so waitpid returns.
_MISSED_ONCE = """
import os, time
from pau_probe import worker
pid = os.fork()
if pid == 0:
    time.sleep(600)
    os._exit(0)
walks = []
real = worker.descendants
def missing_once(root):
    walks.append(root)
    return [] if len(walks) == 1 else real(root)
worker.descendants = missing_once
worker.kill_descendants(set())
os.waitpid(pid, 0)
print(len(walks))
"""


def test_one_walk_that_finds_nothing_does_not_end_the_search():
    done = subprocess.run(
        [sys.executable, "-B", "-c", _MISSED_ONCE],
        env={"PYTHONPATH": PACKAGE_ROOT}, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) == 4
