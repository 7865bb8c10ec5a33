"""A call's coverage tracer runs only while code it counts can run (pau_probe/call.py): off
before a plain built-in value is rendered, on while a generator the target returned is
iterated by the renderer (its lines are the target's)."""
import textwrap

import pytest

from pau_probe import call as pau_call
from pau_probe import safe_args
from pau_probe import target as pau_target
from pau_probe.coverage import Collector, StaticMap
from pau_probe.render import Deadline, Renderer
from worker_process import LIMITS

SOURCE = textwrap.dedent('''
    def plain(x):
        return x + 1

    def counting(n):
        def items():
            for i in range(n):
                yield i * 2
        return items()

    def slow_items(seconds):
        import time
        time.sleep(seconds)
        yield 1
''')


@pytest.fixture
def traced_at_render(monkeypatch):
    """Whether the collector was active each time the renderer was asked for a value."""
    seen = []
    collectors = []

    class Watching(Renderer):
        def value(self, obj):
            seen.append(collectors[-1].active)
            return Renderer.value(self, obj)

    monkeypatch.setattr(pau_call, "Renderer", Watching)
    return seen, collectors


def run(tmp_path, qualname, args, collectors):
    path = tmp_path / "target_module.py"
    path.write_text(SOURCE)
    target = pau_target.load(str(path), qualname)
    static = StaticMap(target.code)
    ctx = pau_call.CallContext(target, safe_args, static, lambda text: text, None, LIMITS)
    collector = Collector(static)
    collector.prepare()
    collectors.append(collector)
    deadline = Deadline()
    deadline.install()
    try:
        return pau_call._execute(ctx, {"args": args, "kwargs": {}, "limits": LIMITS}, LIMITS, collector, deadline, 0)
    finally:
        deadline.stop()


def test_a_plain_value_is_rendered_with_the_tracer_off(tmp_path, traced_at_render):
    seen, collectors = traced_at_render
    result = run(tmp_path, "plain", ["41"], collectors)
    assert result["value"]["repr"] == "42"
    assert seen == [False]
    assert result["coverageHits"]["lines"], "the call itself was traced"


def test_a_generator_is_rendered_with_the_tracer_on_and_its_lines_count(tmp_path, traced_at_render):
    seen, collectors = traced_at_render
    result = run(tmp_path, "counting", ["3"], collectors)
    assert result["value"]["iteration"]["items"] == ["0", "2", "4"]
    assert seen == [True]
    body = SOURCE.splitlines().index("            yield i * 2") + 1
    assert body in result["coverageHits"]["lines"], result["coverageHits"]


def test_a_generator_s_duration_includes_its_iteration(tmp_path, traced_at_render):
    # The call returns at once; the work is in the items. A duration of the bare call (0.01 ms)
    # beside a probe that took a second misleads whoever reads the probe lines.
    _, collectors = traced_at_render
    result = run(tmp_path, "slow_items", ["0.2"], collectors)
    assert result["value"]["iteration"]["items"] == ["1"]
    assert result["durationMs"] >= 200, result["durationMs"]
    plain = run(tmp_path, "plain", ["41"], collectors)
    assert plain["durationMs"] < 200, plain["durationMs"]
