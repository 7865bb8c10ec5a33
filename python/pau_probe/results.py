"""The one place that builds ProbeResults in Python: from a call process's ChildResult, or for
calls that never got one (rejected before running, timed out, crashed). The shapes are the
generated TypedDicts of protocol.py (declared in src/probe/protocol.ts)."""
from __future__ import annotations

import json
from pau_probe.checking import TYPE_CHECKING, cast
from pau_probe.fields import FIELDS_OF_CHILD_RESULT

if TYPE_CHECKING:
    from typing import Dict, Optional  # noqa: F401 -- Dict is named in cast(), which pyflakes reads as typing.cast

    from pau_probe.protocol import ChildResult, ProbeResult, ProbeResultCoverage, ProbeResultCrash


def parse_child_result(data: bytes) -> Optional[ChildResult]:
    """The call process's answer, or None when it is not a JSON object. The probed code can
    write it itself: NaN and Infinity stay strings (the host's JSON has none; it reports the
    field as malformed), and too deep nesting is no answer."""
    if not data:
        return None
    try:
        parsed = json.loads(data, parse_constant=str)
    except (ValueError, RecursionError):
        return None
    return cast("ChildResult", parsed) if isinstance(parsed, dict) else None


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
    # The call process's answer may be forged by the probed code: the fields ChildResult declares
    # are copied as they are (a missing one stays missing; raw coverage hits are the worker's to
    # count) and the host checks their shape (src/probe/result-check.ts).
    fields = cast("Dict[str, object]", result)
    out = cast("ProbeResult", {key: fields[key] for key in FIELDS_OF_CHILD_RESULT if key != "coverageHits" and key in fields})
    out["stdout"] = stdout
    out["stderr"] = stderr
    if crash is not None:
        out["crash"] = crash
    if truncated:
        out["outputTruncated"] = True
    if coverage is not None:
        out["coverage"] = coverage
    return out
