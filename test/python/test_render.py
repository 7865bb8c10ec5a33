"""Rendering results: bounded reprs, stable addresses, the type-tagged data encoding."""
from conforms import problems
from pau_probe.render import Deadline, Renderer

LIMITS = {"timeoutMs": 5000, "memoryMb": 1024, "maxOutputBytes": 65536, "maxReprChars": 200, "maxIterItems": 3}


def renderer():
    return Renderer(LIMITS, Deadline(), lambda text: text)


def test_value_is_a_rendered_value_with_tagged_data():
    value = renderer().value({"a": [1, 2.5, None], "b": (True, b"\x01")})
    assert problems(value, "RenderedValue") == []
    assert value["type"] == "dict"
    assert value["data"]["t"] == "dict"
    assert value["truncated"] is False


def test_long_reprs_are_cut_at_the_limit():
    value = renderer().value("x" * 1000)
    assert value["truncated"] is True
    assert len(value["repr"]) <= LIMITS["maxReprChars"]


def test_generators_yield_at_most_max_iter_items():
    value = renderer().value(iter(range(10)))
    assert problems(value, "RenderedValue") == []
    assert value["iteration"]["items"] == ["0", "1", "2"]
    assert value["iteration"]["ended"] is False


def test_addresses_are_replaced_by_stable_ids():
    class Thing:
        pass

    r = renderer()
    one, other = Thing(), Thing()
    assert r.text(one)[0].endswith(" at 0x1>")
    assert r.text(other)[0].endswith(" at 0x2>")
    assert r.text(one)[0].endswith(" at 0x1>")


def test_exceptions_render_as_type_and_message():
    exception = renderer().exception(ValueError("bad"))
    assert problems(exception, "ProbeResultException") == []
    assert exception == {"type": "ValueError", "message": "bad"}
