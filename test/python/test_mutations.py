"""What a call changed in its arguments and receiver (pau_probe/call.py `snapshot`, `mutations`
of a result), through a real worker: the explorer's "pure" rests on it."""
from worker_process import LIMITS, WorkerProcess

# A parser that holds a generator (so it does not pickle) and has no __repr__ of its own (so its
# repr is its address): what feed() changes is in its attributes only.
PARSER = '''
class Parser:
    def __init__(self):
        self.lines = []
        self._steps = self._gen()

    def _gen(self):
        while True:
            yield

    def feed(self, text):
        self.lines.append(text)

    def peek(self):
        return len(self.lines)
'''


def call(tmp_path, qualname):
    target = tmp_path / "target.py"
    target.write_text(PARSER)
    worker = WorkerProcess(str(target), qualname)
    try:
        worker.until("ready")
        args = ["'a: b'"] if qualname.endswith("feed") else []
        worker.send({"op": "call", "id": 1, "args": args, "kwargs": {}, "receiver": "Parser()", "limits": LIMITS})
        return worker.until("result")[-1]["result"]
    finally:
        worker.close()


def test_a_change_to_an_unpicklable_receiver_that_its_repr_does_not_show_is_a_mutation(tmp_path):
    result = call(tmp_path, "Parser.feed")
    assert result["status"] == "returned"
    assert [m["arg"] for m in result["mutations"]] == ["receiver"]


def test_a_call_that_only_reads_such_a_receiver_changes_nothing(tmp_path):
    result = call(tmp_path, "Parser.peek")
    assert result["status"] == "returned" and result["mutations"] == []


def test_the_snapshot_of_a_receiver_leaves_its_class_as_it_was(tmp_path):
    # Pickling caches the class's slot names on it (`__slotnames__`); cmd.Cmd.get_names lists
    # dir(self.__class__), and showed that name in the worker only.
    target = tmp_path / "names.py"
    target.write_text("class Shell:\n    def names(self):\n        return [n for n in dir(self.__class__) if n.startswith('__s')]\n")
    worker = WorkerProcess(str(target), "Shell.names")
    try:
        worker.until("ready")
        worker.send({"op": "call", "id": 1, "args": [], "kwargs": {}, "receiver": "Shell()", "limits": LIMITS})
        result = worker.until("result")[-1]["result"]
    finally:
        worker.close()
    assert result["status"] == "returned"
    assert result["value"]["repr"] == "['__setattr__', '__sizeof__', '__str__', '__subclasshook__']"


# An element that names itself lazily, as pyparsing's ParserElement does: its repr, and its public
# `name` property, fill a private cache the first time. A method that gives it back unchanged
# (pyparsing's Suppress.suppress) changed nothing; what the worker read of it to show it did.
LAZY = '''
class Element:
    def __init__(self, text):
        self.text = text
        self._default_name = None

    @property
    def name(self):
        if self._default_name is None:
            self._default_name = "Element:" + self.text
        return self._default_name

    def __repr__(self):
        return self.name

    def same(self):
        return self

    def rename(self, text):
        self.text = text
        return self

    def popped(self, items):
        while items:
            yield items.pop()
'''


def call_on(tmp_path, source, qualname, args, receiver, **extra):
    """The result of one call of `qualname` on `receiver` (source), in a module of `source`."""
    target = tmp_path / "target_module.py"
    target.write_text(source)
    worker = WorkerProcess(str(target), qualname)
    try:
        worker.until("ready")
        worker.send({"op": "call", "id": 1, "args": args, "kwargs": {}, "receiver": receiver, "limits": LIMITS, **extra})
        return worker.until("result")[-1]["result"]
    finally:
        worker.close()


def call_lazy(tmp_path, qualname, args, **extra):
    return call_on(tmp_path, LAZY, qualname, args, "Element('a')", **extra)


def test_showing_a_returned_receiver_is_no_change_the_call_made(tmp_path):
    result = call_lazy(tmp_path, "Element.same", [])
    assert result["status"] == "returned" and result["value"]["repr"] == "Element:a"
    assert result["mutations"] == []


def test_reading_a_receivers_properties_for_its_state_is_no_change_the_call_made(tmp_path):
    # A method's calls ask for comparisons (the explorer's do): the receiver's state is read before and after.
    result = call_lazy(tmp_path, "Element.same", [], comparisons=True)
    assert result["status"] == "returned" and result.get("returnedReceiver") is True
    assert result["mutations"] == []


def test_a_method_that_changes_its_receiver_and_returns_it_still_changed_it(tmp_path):
    result = call_lazy(tmp_path, "Element.rename", ["'b'"], comparisons=True)
    assert result["status"] == "returned"
    assert [m["arg"] for m in result["mutations"]] == ["receiver"]
    before, after = result["receiverState"]["before"], result["receiverState"]["after"]
    assert before != after


def test_what_iterating_a_returned_generator_changed_is_the_calls(tmp_path):
    result = call_lazy(tmp_path, "Element.popped", ["[1, 2]"])
    assert result["status"] == "returned"
    assert [m["arg"] for m in result["mutations"]] == ["args[0]"]


# A link that parses its query on first read and keeps what it parsed under the property's own name
# (functools.cached_property; boltons' URL.query_params is its own such descriptor): a method that
# reads it changed nothing the link shows. One that sets a plain attribute, or one that shadows a
# method with an attribute of that name, did change it.
CACHED = '''
import functools


class Link:
    def __init__(self, text=""):
        self.text = text

    @functools.cached_property
    def params(self):
        return dict(p.split("=") for p in self.text.partition("?")[2].split("&") if "=" in p)

    def count(self):
        return len(self.params)

    def mark(self, note):
        self.note = note
        return len(self.params)

    def shadow(self):
        self.count = lambda: 0
        return len(self.params)
'''


def call_cached(tmp_path, qualname, args):
    return call_on(tmp_path, CACHED, qualname, args, "Link('a?x=1&y=2')", comparisons=True)


def test_a_cached_property_filled_by_the_call_is_no_change_to_its_object(tmp_path):
    result = call_cached(tmp_path, "Link.count", [])
    assert result["status"] == "returned" and result["value"]["repr"] == "2"
    assert result["mutations"] == []
    # Said apart: a fill is no sign that nothing changed (the explorer's "no side effects" waits).
    assert result["cacheFilled"] == ["receiver"]


def test_a_plain_attribute_set_beside_a_cache_fill_is_still_a_change(tmp_path):
    result = call_cached(tmp_path, "Link.mark", ["'seen'"])
    assert result["status"] == "returned"
    assert [m["arg"] for m in result["mutations"]] == ["receiver"]
    assert "cacheFilled" not in result


def test_an_attribute_that_shadows_a_method_is_a_change(tmp_path):
    result = call_cached(tmp_path, "Link.shadow", [])
    assert result["status"] == "returned"
    assert [m["arg"] for m in result["mutations"]] == ["receiver"]
