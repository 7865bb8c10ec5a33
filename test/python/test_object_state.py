"""A method's receiver before and after a call (pau_probe/object_state.py): public plain-data
attributes and len(), bounded; through a real worker, only on calls that ask for comparisons."""
from conforms import problems
from pau_probe import object_state
from worker_process import ready_worker

COUNTER = '''
class Counter:
    def __init__(self, start=0):
        self.count = start
        self._hidden = "private"
        self.log = open  # not plain data

    def increment(self):
        self.count += 1

class Account:
    def __init__(self):
        self._balance = 0
        self.items = []

    @property
    def balance(self):
        return self._balance

    def __len__(self):
        return len(self.items)
'''


def test_the_state_is_the_public_plain_attributes_properties_and_length():
    scope = {}
    exec(COUNTER, scope)
    assert object_state.state(scope["Counter"](3)) == {"attributes": [{"name": "count", "value": {"t": "int", "v": "3"}}]}
    account = scope["Account"]()
    account.items.append("x")
    assert object_state.state(account) == {
        "attributes": [{"name": "items", "value": {"t": "list", "v": [{"t": "str", "v": "x"}]}}, {"name": "balance", "value": {"t": "int", "v": "0"}}],
        "length": 1,
    }


def test_big_values_and_objects_without_plain_state_show_nothing():
    class Big:
        def __init__(self):
            self.data = list(range(1000))

    assert object_state.state(Big()) is None
    assert object_state.state(object()) is None
    assert object_state.state(None) is None


def test_many_attributes_are_cut_to_the_cap():
    class Many:
        pass

    many = Many()
    for i in range(20):
        setattr(many, "a%d" % i, i)
    state = object_state.state(many)
    assert state is not None and len(state["attributes"]) == object_state.MAX_ATTRIBUTES


def test_a_worker_reports_the_receiver_state_only_when_asked(tmp_path):
    with ready_worker(tmp_path, COUNTER, "Counter.increment") as worker:
        answers = []
        for id_, extra in [(1, {"comparisons": True}), (2, {})]:
            answer = worker.call(id_, receiver="Counter(7)", **extra)
            assert problems(answer, "WorkerMessage") == []
            answers.append(answer["result"])
    assert answers[0]["receiverState"] == {
        "before": {"attributes": [{"name": "count", "value": {"t": "int", "v": "7"}}]},
        "after": {"attributes": [{"name": "count", "value": {"t": "int", "v": "8"}}]},
    }
    assert "receiverState" not in answers[1]


def test_a_returned_object_shown_by_its_address_comes_with_its_state(tmp_path):
    source = COUNTER + "\ndef make(n):\n    return Counter(n)\n\ndef plain(n):\n    return [n]\n"
    for qualname, expected in [("make", {"attributes": [{"name": "count", "value": {"t": "int", "v": "4"}}]}), ("plain", None)]:
        with ready_worker(tmp_path, source, qualname) as worker:
            answer = worker.call(1, ["4"], comparisons=True)
        assert problems(answer, "WorkerMessage") == []
        assert answer["result"].get("valueState") == expected


def test_a_method_that_returns_its_own_object_is_told_apart_from_one_that_returns_a_copy(tmp_path):
    source = "class Chain:\n    def chained(self):\n        return self\n\n    def copied(self):\n        return Chain()\n"
    for qualname, expected in [("Chain.chained", True), ("Chain.copied", None)]:
        with ready_worker(tmp_path, source, qualname) as worker:
            answer = worker.call(1, receiver="Chain()", comparisons=True)
        assert problems(answer, "WorkerMessage") == []
        assert answer["result"].get("returnedReceiver") == expected


class _Lazy:
    """Fills itself as a property is read, in a slot (as xml.dom.minidom's Element.attributes
    makes `_attrsNS` a dict) and in its __dict__."""

    __slots__ = ("_table", "__dict__")

    @property
    def table(self):
        self._table = {}
        return 1

    @property
    def cache(self):
        self.cached = True
        return 2

    @property
    def size(self):
        return 3


def test_reading_the_state_before_a_call_leaves_the_object_as_it_was():
    # Element(100).setIdAttributeNS(ns, [3, 1, 2]) raised TypeError (unhashable) in the worker, as
    # reading `attributes` before the call had made _attrsNS a dict; a user's call raises NotFoundErr.
    lazy = _Lazy()
    shown = object_state.state(lazy)
    assert not hasattr(lazy, "_table") and "cached" not in vars(lazy)
    assert shown == {"attributes": [{"name": "size", "value": {"t": "int", "v": "3"}}]}
