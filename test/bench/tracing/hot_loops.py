"""The coverage tracer's cost on hot loops, in this interpreter (test/bench/tracing.bench.ts):
per case, the untraced call, a full trace (QUIET out of reach: what every call paid before
saturation) and the tracer as it is, best of a few runs each, in ms of
this process's CPU time (a loaded machine slows the wall clock, not this). Prints JSON."""
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "..", "..", "python"), os.path.join(HERE, "..", "..", "python")]

import saturation_cases as cases  # noqa: E402
from pau_probe import coverage as pau_coverage  # noqa: E402

# (function of saturation_cases.SOURCE, argument): a loop, and a helper called from a loop
CASES = [("loop", 1_234_567), ("calls_a_helper", 300_000)]


def best_ms(run, rounds):
    times = []
    for _ in range(rounds):
        began = time.process_time()
        run()
        times.append(time.process_time() - began)
    return round(min(times) * 1000.0, 1)


def measure(namespace, name, n):
    func = namespace[name]
    plain = best_ms(lambda: func(n), 3)
    saturated = best_ms(lambda: cases.traced(func, n), 3)
    quiet = pau_coverage.QUIET
    pau_coverage.QUIET = 10**12
    try:
        full = best_ms(lambda: cases.traced(func, n), 1)
    finally:
        pau_coverage.QUIET = quiet
    return {"case": "%s(%d)" % (name, n), "plainMs": plain, "fullTraceMs": full, "tracedMs": saturated}


if __name__ == "__main__":
    ns = cases.load(sys.argv[1])
    version = "%d.%d.%d" % sys.version_info[:3]
    print(json.dumps({"python": version, "cases": [measure(ns, *case) for case in CASES]}))
