"""draw.py draws only under the bench's interpreter: draws made with pyenv's python3 held 13-20
functions that did not import under /usr/bin/python3, which the bench explores with."""
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus", "sampled"))
import draw  # noqa: E402

ARGS = ["--seed", "7", "--all-dev", "--out", "/nonexistent/draw.json"]


def test_another_interpreter_is_refused_with_why(monkeypatch, capsys):
    monkeypatch.setattr(draw, "BENCH_PYTHON", "/bin/sh")  # exists, and is not this interpreter
    with pytest.raises(SystemExit):
        draw.options(ARGS)
    assert "not /bin/sh, the interpreter the bench explores and re-checks with" in capsys.readouterr().err


def test_python_ok_or_the_bench_interpreter_itself_draws(monkeypatch):
    monkeypatch.setattr(draw, "BENCH_PYTHON", "/bin/sh")
    assert draw.options(ARGS + ["--python-ok"]).python_ok
    monkeypatch.setattr(draw, "BENCH_PYTHON", sys.executable)
    assert draw.options(ARGS).out == "/nonexistent/draw.json"
    # --split reads the committed draw without importing anything: any interpreter will do.
    monkeypatch.setattr(draw, "BENCH_PYTHON", "/bin/sh")
    assert draw.options(["--split"]).split
