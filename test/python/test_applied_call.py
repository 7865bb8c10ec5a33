"""A call asked to `apply` (ChildRequest.apply) calls what it returned with those arguments in the
same process, and its answer carries what that gave (ProbeResult.applied), through a real worker;
a returned function's rendered value says it is callable and gives its signature."""
import os

import test_second_run

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "applied", "factories.py")


def call(qualname, args, apply=None, again=False):
    fields = {} if apply is None else {"apply": apply}
    return test_second_run.call(qualname, args, again=again, source=FIXTURE, **fields)


def test_what_a_factory_returned_is_called_with_the_given_arguments():
    result = call("make_adder", ["2"], {"args": ["3"], "kwargs": {}})
    assert result["status"] == "returned", result
    assert result["value"]["callable"] == {"signature": "(x)"}
    assert result["applied"]["status"] == "returned"
    assert (result["applied"]["value"]["repr"], result["applied"]["value"]["type"]) == ("5", "int")


def test_keyword_arguments_a_partial_and_a_decorator_s_wrapper():
    assert call("make_adder", ["2"], {"args": [], "kwargs": {"x": "10"}})["applied"]["value"]["repr"] == "12"
    partial = call("scale_by", ["4"], {"args": ["5"]})
    assert partial["value"]["callable"] == {"signature": "(b, /)"}
    assert partial["applied"]["value"]["repr"] == "20"
    wrapped = call("logged", ["lambda s: s.upper()"], {"args": ["'abc'"]})
    assert wrapped["value"]["callable"] == {"signature": "(s)"}  # inspect follows functools.wraps
    assert wrapped["applied"]["value"]["repr"] == "'ABC'"


def test_calling_it_may_raise_and_what_is_no_function_raises_as_python_says():
    raised = call("make_adder", ["2"], {"args": ["'a'"]})
    assert raised["status"] == "returned"
    assert raised["applied"]["status"] == "raised"
    assert raised["applied"]["exception"]["type"] == "TypeError"
    plain = call("not_a_function", ["2"], {"args": ["3"]})
    assert "callable" not in plain["value"]
    assert plain["applied"]["exception"]["message"] == "'int' object is not callable"


def test_a_coroutine_function_it_returns_is_awaited():
    assert call("make_async_doubler", [], {"args": ["21"]})["applied"]["value"]["repr"] == "42"


def test_without_apply_nothing_is_called_and_a_second_run_applies_too():
    assert "applied" not in call("make_adder", ["2"])
    again = call("make_adder", ["2"], {"args": ["3"]}, again=True)
    assert again["again"]["same"] is True


def test_the_arguments_are_checked_as_the_call_s_own():
    refused = call("make_adder", ["2"], {"args": ["__import__('os')"]})
    assert refused["status"] == "rejected"
    assert refused["exception"]["message"].startswith("apply.args[0]: ")
    malformed = call("make_adder", ["2"], {"args": "3"})
    assert malformed["status"] == "rejected"


def test_then_calls_what_the_applied_call_gave_a_decorator_factory_s_function():
    result = call("memoized", ["2"], {"args": ["lambda x: x * 2"], "then": {"args": ["21"], "kwargs": {}}})
    assert result["applied"]["status"] == "returned", result
    assert (result["applied"]["value"]["repr"], result["applied"]["value"]["type"]) == ("42", "int")
    # Without `then`, what the decorator made is the outcome: a function.
    made = call("memoized", ["2"], {"args": ["lambda x: x * 2"]})
    assert made["applied"]["value"]["callable"] == {"signature": "(x)"}
    again = call("memoized", ["2"], {"args": ["abs"], "then": {"args": ["-3"]}}, again=True)
    assert again["applied"]["value"]["repr"] == "3" and again["again"]["same"] is True
    refused = call("memoized", ["2"], {"args": ["abs"], "then": {"args": ["__import__('os')"]}})
    assert refused["status"] == "rejected"
    assert refused["exception"]["message"].startswith("apply.then.args[0]: ")
    malformed = call("memoized", ["2"], {"args": ["abs"], "then": {"args": "3"}})
    assert malformed["status"] == "rejected"
