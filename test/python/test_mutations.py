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
