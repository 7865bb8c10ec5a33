"""The docstring writer's parser (pau_probe.docstring_ast), directly and as a process."""
import json
import subprocess
import sys

from conftest import PACKAGE_ROOT
from pau_probe import docstring_ast

SOURCE = 'def f(x):\n    """Old."""\n    return x\n\nclass C:\n    def m(self):\n        pass\n'


def test_scan_lists_every_def_with_utf16_offsets():
    answer = docstring_ast.handle({"mode": "scan", "source": "# \U0001F600\n" + SOURCE})
    names = [fn["qualname"] for fn in answer["functions"]]
    assert names == ["f", "C.m"]
    # The emoji is two UTF-16 units: the def starts at 2 + 2 + 1 (newline) = 5.
    assert answer["functions"][0]["location"]["defStart"] == 5
    assert answer["indentUnit"] == "    "


def test_check_accepts_a_docstring_change_and_refuses_a_code_change():
    after = SOURCE.replace("Old.", "New.")
    ok = docstring_ast.handle({"mode": "check", "before": SOURCE, "after": after, "targets": [{"qualname": "f", "line": 1, "expected": "New."}]})
    assert ok == {"problems": []}
    changed = after.replace("return x", "return x + 1")
    bad = docstring_ast.handle({"mode": "check", "before": SOURCE, "after": changed, "targets": [{"qualname": "f", "line": 1, "expected": "New."}]})
    assert bad["problems"] == ["the edit changed code outside the docstrings"]


def test_syntax_errors_are_answers_not_crashes():
    answer = docstring_ast.handle({"mode": "scan", "source": "def f(:\n"})
    assert answer["syntaxError"]["line"] == 1


def test_runs_as_the_host_runs_it():
    """`python -I -S -c <bootstrap> <root>`, as src/docstring/ast-helper.ts starts it."""
    bootstrap = "import sys; sys.path.insert(0, sys.argv.pop(1)); from pau_probe.docstring_ast import main; main()"
    run = subprocess.run([sys.executable, "-I", "-S", "-c", bootstrap, PACKAGE_ROOT], input=json.dumps({"mode": "scan", "source": SOURCE}),
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert [fn["qualname"] for fn in json.loads(run.stdout)["functions"]] == ["f", "C.m"]
