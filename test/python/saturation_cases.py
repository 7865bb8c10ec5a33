"""Functions with hot loops, and the coverage of a call with and without saturation
(pau_probe/coverage.py). Imported by test_coverage_saturation.py; run as a script under another
interpreter (3.12+, sys.monitoring), it prints JSON: per case, "exact", "subset" or "unsound",
and the number of callbacks a traced loop(1234567) makes."""
import json
import os
import sys
import textwrap
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))

from pau_probe import coverage as pau_coverage  # noqa: E402
from pau_probe.coverage import Collector, StaticMap  # noqa: E402

SOURCE = textwrap.dedent('''
    def loop(n):
        t = 0
        for i in range(n):
            t += i
        return t

    def after_loop(n):
        t = 0
        for i in range(n):
            t += i
        t = -t
        if t < -5:
            return "big"
        return "small"

    def conditional_after_loop(n, flag):
        t = 0
        for i in range(n):
            t += i
        if flag:
            t = -t
        return t

    def shapes(n):
        found = []
        i = 0
        while i < n:
            if i % 3 == 0:
                found.append(i)
            elif i == n - 1:
                break
            i += 1
        else:
            found.append(-1)
        for j in range(n):
            for k in range(2):
                found.append(j * k)
        try:
            found.sort()
        except TypeError:
            found = []
        def inner(x):
            return x + 1
        found = [inner(x) for x in found[:n]]
        return len(found)

    def gen(n):
        for i in range(n):
            yield i
        yield -1

    def consume(n):
        return sum(gen(n))

    def raises_after(n):
        t = 0
        for i in range(n):
            t += i
        if t > 10:
            raise ValueError(t)
        return t

    class Upto:
        def __init__(self, n):
            self.i, self.n = 0, n
        def __iter__(self):
            return self
        def __next__(self):
            self.i += 1
            if self.i > self.n:
                raise StopIteration
            return self.i

    def over_iterator(n):
        t = 0
        for i in Upto(n):
            t += i
        t = -t
        return t

    def flips(n):
        def count(k, neg):
            t = 0
            for i in range(k):
                if neg:
                    t -= i
                else:
                    t += i
            return t
        return count(n, False) + count(n, True)

    def calls_a_helper(n):
        def bump(x):
            if x >= 0:
                return x + 1
            return x
        t = 0
        for i in range(n):
            t = bump(t)
        return t
''')

# (function, arguments, whose code is counted when not the function's own)
CASES = [
    ("loop", (10_000,), None),
    ("after_loop", (10_000,), None),
    ("raises_after", (10_000,), None),
    ("over_iterator", (10_000,), None),  # the iterator's end is an 'exception' event in FOR_ITER
    ("shapes", (2,), None),
    # a break and a second loop after a long while loop: on some paths from it, not on all
    ("shapes", (3_000,), None),
    ("conditional_after_loop", (10_000, True), None),
    ("consume", (10_000,), "gen"),
    # a later frame of code whose loop saturated in an earlier one takes the other outcome
    ("flips", (10_000,), None),
]


def load(path):
    namespace = {}
    exec(compile(SOURCE, path, "exec"), namespace)
    return namespace


def traced(func, *args, static_of=None, observer=None):
    collector = Collector(StaticMap((static_of or func).__code__))
    collector.observer = observer
    collector.prepare()
    collector.start()
    try:
        func(*args)
    except ValueError:
        pass
    finally:
        collector.stop()
        monitoring = getattr(sys, "monitoring", None)
        if monitoring is not None and collector._tool is not None:
            for code in collector.static.codes:
                monitoring.set_local_events(collector._tool, code, 0)
            monitoring.free_tool_id(collector._tool)
    return collector


def compare(namespace, name, args, static_of):
    """"exact" when the saturated call's lines and arcs are a full trace's, "subset" when fewer."""
    func = namespace[name]
    counted = namespace[static_of] if static_of else None
    quiet = pau_coverage.QUIET
    muted = traced(func, *args, static_of=counted)
    pau_coverage.QUIET = 10**9
    try:
        full = traced(func, *args, static_of=counted)
    finally:
        pau_coverage.QUIET = quiet
    if (muted.lines, muted.arcs) == (full.lines, full.arcs):
        return "exact"
    return "subset" if muted.lines <= full.lines and muted.arcs <= full.arcs else "unsound"


def best(run, rounds=2):
    times = []
    for _ in range(rounds):
        began = time.perf_counter()
        run()
        times.append(time.perf_counter() - began)
    return min(times)


def loop_ratio(namespace):
    loop = namespace["loop"]
    plain = best(lambda: loop(1_234_567))
    return best(lambda: traced(loop, 1_234_567)) / plain


def monitoring_callbacks(namespace):
    """How many sys.monitoring callbacks a traced loop(1234567) makes (3.12+)."""
    monitoring = sys.monitoring
    register = monitoring.register_callback
    calls = [0]

    def counted(tool, event, func):
        def callback(*args):
            calls[0] += 1
            return func(*args)

        return register(tool, event, callback)

    monitoring.register_callback = counted
    try:
        traced(namespace["loop"], 1_234_567)
    finally:
        monitoring.register_callback = register
    return calls[0]


if __name__ == "__main__":
    ns = load(sys.argv[1])
    print(json.dumps({"cases": [compare(ns, *case) for case in CASES], "callbacks": monitoring_callbacks(ns)}))
