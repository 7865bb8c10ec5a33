"""The one place that builds ProbeResults in Python: from a call process's ChildResult, or for
calls that never got one (rejected before running, timed out, crashed). The shapes are the
generated TypedDicts of protocol.py (declared in src/probe/protocol.ts)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

if TYPE_CHECKING:
    from pau_probe.protocol import ChildResult, ProbeResult, ProbeResultCoverage, ProbeResultCrash


def rejected(message: str) -> ChildResult:
    """A call refused before anything ran (its argument sources broke the rules)."""
    return {"status": "rejected", "exception": {"type": "ArgumentRejected", "message": message}, "mutations": [], "durationMs": 0}


def no_answer(timed_out: bool, duration_ms: float) -> ChildResult:
    """A call process that gave no result: it ran out of time or died."""
    return {"status": "timeout" if timed_out else "crashed", "mutations": [], "durationMs": round(duration_ms, 3)}


def crash_of(exit_code: Optional[int], signal_name: Optional[str]) -> ProbeResultCrash:
    return {"exitCode": exit_code, "signal": signal_name}


def with_output(
    result: ChildResult,
    stdout: str,
    stderr: str,
    truncated: bool,
    coverage: Optional[ProbeResultCoverage] = None,
    crash: Optional[ProbeResultCrash] = None,
) -> ProbeResult:
    """The ProbeResult the host gets: the call's result plus what the worker captured."""
    out: ProbeResult = {
        "status": result["status"],
        "mutations": result["mutations"],
        "stdout": stdout,
        "stderr": stderr,
        "durationMs": result["durationMs"],
    }
    if "value" in result:
        out["value"] = result["value"]
    if "exception" in result:
        out["exception"] = result["exception"]
    if crash is not None:
        out["crash"] = crash
    if truncated:
        out["outputTruncated"] = True
    if coverage is not None:
        out["coverage"] = coverage
    return out
