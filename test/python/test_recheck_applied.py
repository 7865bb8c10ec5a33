"""The sampled bench's re-check (test/bench/sampled/recheck.py) of a line that says what a returned
function gave when called (a claim of kind `applied`): it calls the function, then what it returned
with the record's `apply` arguments, and holds the line to that value."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RECHECK = os.path.join(HERE, "..", "bench", "sampled", "recheck.py")


def applied_line(gave):
    record = {"index": 1, "args": ["2"], "kwargs": {}, "apply": {"args": ["3"], "kwargs": {}}, "origin": "offline",
              "result": {"status": "returned", "durationMs": 1,
                         "value": {"type": "function", "repr": "<function make_adder.<locals>.add at 0x1>", "callable": {"signature": "(x)"}},
                         "applied": {"status": "returned", "value": {"type": "int", "repr": gave}}}}
    claim = {"part": "summary", "text": "Returns a function of `(x)`: `g = make_adder(2); g(3)` gave `%s`." % gave,
             "support": [1], "tested": [], "check": {"kind": "applied", "probe": 1}}
    report = {"returnTypes": ["function"], "properties": [], "description": {"summary": claim["text"], "examples": [], "claims": [claim]}}
    job = {"module": "returns_functions", "qualname": "make_adder", "report": report, "records": [record], "params": ["n"]}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    return json.loads(p.stdout)


def test_a_true_line_holds_and_a_false_one_is_a_contradiction():
    true = applied_line("5")
    assert (true["stated"], true["checked"], true["contradictions"]) == (1, 1, [])
    false = applied_line("6")
    assert false["checked"] == 1
    assert [c["why"] for c in false["contradictions"]] == ["what it returned, called, gave 5"]
