"""A code object whose events found nothing new for QUIET events in a row stops reporting them
(pau_probe/coverage.py): before 3.12 its frames' line events, on 3.12+ a branch that keeps taking
the same outcome; when the frame returns, what certainly ran since is read from the control flow
(pau_probe/ran_between.py). A hot loop costs a bounded number of callbacks, and coverage stays
what a full trace finds, less what the docstring says is lost, never more."""
import json
import os
import subprocess
import sys

import pytest

import saturation_cases as cases
from pau_probe import coverage as pau_coverage
from pau_probe import ran_between

settrace_only = pytest.mark.skipif(sys.version_info >= (3, 12), reason="the sys.settrace path")


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    return cases.load(str(tmp_path_factory.mktemp("sat") / "sat_target.py"))


class Counting:
    """An observer that records nothing and counts the line events of the target's frames."""

    def __init__(self):
        self.active = True
        self.records = []
        self.calls = 0

    def wants(self, code):
        return False

    def line(self, frame, code, line):
        self.calls += 1
        return False


@settrace_only
def test_a_hot_loop_costs_a_bounded_number_of_line_callbacks(module):
    counting = Counting()
    cases.traced(module["loop"], 1_234_567, observer=counting)
    # Two line events a pass: a full trace makes 2.5 million callbacks.
    assert counting.calls <= pau_coverage.QUIET + 10


def test_a_hot_loop_runs_within_a_few_times_plain_python(module):
    assert cases.loop_ratio(module) < 10


# before 3.12, lines are muted too: those on only some paths after a long loop are lost
SETTRACE = ["exact", "exact", "exact", "exact", "exact", "subset", "subset", "exact", "exact"]
MONITORING = ["exact"] * len(cases.CASES)


@pytest.mark.parametrize("case,expected", list(zip(cases.CASES, SETTRACE if sys.version_info < (3, 12) else MONITORING)))
def test_coverage_is_what_a_full_trace_finds(module, case, expected):
    assert cases.compare(module, *case) == expected


def newer_interpreters():
    root = "/root/.pyenv/versions"
    found = []
    for version in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        python = os.path.join(root, version, "bin", "python3")
        parts = version.split(".")
        if os.path.exists(python) and parts[0] == "3" and parts[1].isdigit() and int(parts[1]) >= 12:
            found.append(python)
    return found


@pytest.mark.skipif(not newer_interpreters(), reason="no Python 3.12+ here")
@pytest.mark.parametrize("python", newer_interpreters())
def test_on_sys_monitoring_a_hot_loop_is_cheap_and_coverage_exact(tmp_path, python):
    out = subprocess.run([python, cases.__file__, str(tmp_path / "sat_target.py")], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    measured = json.loads(out.stdout)
    assert measured["cases"] == MONITORING
    # the loop's FOR_ITER outcome, once per pass until QUIET: 1.2 million callbacks without it
    assert measured["callbacks"] <= pau_coverage.QUIET + 10


@settrace_only
def test_a_helper_called_in_a_hot_loop_reads_its_control_flow_once_per_return_point(module, monkeypatch):
    # Each of the helper's later frames is muted from its start and inferred at its return; the
    # inference is the same every time (it took 28 s for 300,000 calls when made each time).
    made = []
    dominators = ran_between.dominators
    monkeypatch.setattr(ran_between, "dominators", lambda *a: made.append(a) or dominators(*a))
    collector = cases.traced(module["calls_a_helper"], 50_000)
    assert len(made) <= 4
    first = module["calls_a_helper"].__code__.co_firstlineno
    assert first + 3 in collector.lines and first + 4 not in collector.lines


@settrace_only
def test_a_line_first_reached_after_a_loop_of_10000_passes_counts(module):
    after = module["after_loop"]
    first = after.__code__.co_firstlineno
    collector = cases.traced(after, 10_000)
    # t = -t; if t < -5; return "big": every path from the loop to that return passes them
    assert {first + 4, first + 5, first + 6} <= collector.lines
    assert first + 7 not in collector.lines


@settrace_only
def test_a_conditional_line_after_a_long_loop_is_what_is_lost(module, monkeypatch):
    # The documented loss: `t = -t` is on one path of two from the loop to the same return.
    func = module["conditional_after_loop"]
    guarded = func.__code__.co_firstlineno + 5
    assert guarded not in cases.traced(func, 10_000, True).lines
    assert guarded in cases.traced(func, 100, True).lines
    monkeypatch.setattr(pau_coverage, "QUIET", 10**9)
    assert guarded in cases.traced(func, 10_000, True).lines
