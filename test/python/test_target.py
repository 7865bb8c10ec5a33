"""Loading the target: functions, methods, packages with relative imports, and clear errors."""
import json
import os

import pytest

from conforms import problems
from pau_probe import anchor
from pau_probe import target as pau_target


def write(tmp_path, name, text):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return str(path)


def test_function_info_is_a_function_info(tmp_path):
    path = write(tmp_path, "mod.py", "def add(a, b=2, *, scale: int = 1) -> int:\n    '''Doc.'''\n    return (a + b) * scale\n")
    loaded = pau_target.load(path, "add")
    assert problems(loaded.info, "FunctionInfo") == []
    assert loaded.info["docstring"] == "Doc."
    assert [p["name"] for p in loaded.info["params"]] == ["a", "b", "scale"]


def test_instance_methods_need_a_receiver(tmp_path):
    path = write(tmp_path, "shapes.py", "class Box:\n    def grow(self, by):\n        return by\n")
    loaded = pau_target.load(path, "Box.grow")
    assert loaded.needs_receiver is True
    assert loaded.info["ownerClass"].endswith("Box")


def test_a_method_the_instance_holds_is_the_one_called(tmp_path):
    # As `r.hosts()` does: ipaddress's /128 network replaces `hosts` on the instance.
    source = (
        "class Net:\n"
        "    def __init__(self, single=False):\n"
        "        if single:\n"
        "            self.hosts = lambda: ['only']\n"
        "    def hosts(self):\n"
        "        return []\n"
    )
    path = write(tmp_path, "nets.py", source)
    loaded = pau_target.load(path, "Net.hosts")
    net = loaded.classes["Net"]
    assert loaded.invoke(net(single=True), [], {}) == ["only"]
    assert loaded.invoke(net(), [], {}) == []


LISTS = """
class Plain:
    def __new__(cls, key=None):
        return object.__new__(Keyed if key else cls)

    def count(self, v):
        return 0


class Keyed(Plain):
    def count(self, v):
        return len(v)


class Same(Plain):
    pass
"""


def test_a_receiver_whose_class_has_its_own_method_of_that_name_is_named(tmp_path):
    # sortedcontainers: SortedList(key=len) builds a SortedKeyList, whose count is its own; the
    # target's function called on it answers 0 where `r.count(5)` raises TypeError.
    path = write(tmp_path, "lists.py", LISTS)
    loaded = pau_target.load(path, "Plain.count")
    plain = loaded.classes["Plain"]
    assert loaded.not_the_receiver(plain()) is None
    assert loaded.not_the_receiver(loaded.classes["Same"]()) is None
    assert loaded.not_the_receiver(plain(key=len)) == "it is a Keyed, whose own count is called on it, not this one"
    assert pau_target.load(path, "Keyed.count").not_the_receiver(plain(key=len)) is None


def test_a_receiver_without_the_method_is_named(tmp_path):
    # yaml's FullConstructor.add_constructor(...) registers and returns None: as a receiver of
    # get_state_keys_blacklist_regexp it showed an AttributeError as the method's own raise.
    path = write(tmp_path, "lists.py", LISTS)
    loaded = pau_target.load(path, "Plain.count")
    assert loaded.not_the_receiver(None) == "it is a NoneType, which has no count"
    assert loaded.not_the_receiver("text") == "it is a str, whose own count is called on it, not this one"
    assert loaded.not_the_receiver(3) == "it is a int, which has no count"
    assert loaded.not_the_receiver(loaded.classes["Plain"]()) is None


def test_relative_imports_inside_a_package(tmp_path):
    write(tmp_path, "pkg/__init__.py", "")
    write(tmp_path, "pkg/helpers.py", "def twice(x):\n    return 2 * x\n")
    path = write(tmp_path, "pkg/main.py", "from .helpers import twice\ndef quad(x):\n    return twice(twice(x))\n")
    loaded = pau_target.load(path, "quad")
    assert loaded.invoke(None, [3], {}) == 12


def test_unknown_qualname_lists_what_exists(tmp_path):
    path = write(tmp_path, "mod2.py", "def one():\n    pass\ndef two():\n    pass\n")
    with pytest.raises(pau_target.TargetError) as raised:
        pau_target.load(path, "three")
    event = raised.value.event()
    assert problems(event, "ErrorEvent") == []
    assert event["kind"] == "unknown-qualname"
    assert set(event["available"]) >= {"one", "two"}


def test_a_name_that_is_no_function_says_what_it_is(tmp_path):
    path = write(tmp_path, "mod3.py", "LIMIT = 5\nclass Box:\n    pass\ndef one():\n    pass\n")
    said = {}
    for name in ("LIMIT", "Box"):
        with pytest.raises(pau_target.TargetError) as raised:
            pau_target.load(path, name)
        said[name] = str(raised.value)
    assert said == {"LIMIT": "'LIMIT' in mod3.py is an int, not a function", "Box": "'Box' in mod3.py is a class, not a function"}


def test_import_errors_name_the_cause(tmp_path):
    path = write(tmp_path, "broken.py", "raise RuntimeError('boom at import')\n")
    with pytest.raises(pau_target.TargetError) as raised:
        pau_target.load(path, "f")
    assert raised.value.kind == "import-failed"
    assert "boom at import" in str(raised.value)


def test_constants_of_the_code_are_reported_without_the_docstring(tmp_path):
    source = (
        "def route(verb, size=0):\n"
        "    '''Routes GET and PURGE requests; the docstring is no constant.'''\n"
        "    if verb in ('GET', 'HEAD'):\n"
        "        return size * 1024\n"
        "    check = lambda v: v.startswith('X-')\n"
        "    return [c for c in verb if c != '-'], check(verb), 2.5\n"
    )
    loaded = pau_target.load(write(tmp_path, "routes.py", source), "route")
    constants = loaded.info["constants"]
    assert problems(loaded.info, "FunctionInfo") == []
    assert {"GET", "HEAD", 1024, "X-", "-", 2.5} <= set(constants)
    assert not any(isinstance(c, str) and "docstring" in c for c in constants)
    assert True not in constants and None not in constants


def test_constants_are_bounded(tmp_path):
    body = "".join("    if x == 'k%d': return %d\n" % (i, i) for i in range(100))
    loaded = pau_target.load(write(tmp_path, "many.py", "def f(x):\n" + body + "    return 'x' * 41\n"), "f")
    constants = loaded.info["constants"]
    assert len(constants) <= 64
    assert all(not isinstance(c, str) or len(c) <= 40 for c in constants)


def test_the_texts_of_its_own_raises_are_messages_not_inputs(tmp_path):
    source = (
        "def merge(intervals, mode='strict'):\n"
        "    if mode not in ('strict', 'loose mode'):\n"
        "        raise KeyError('loose mode')\n"
        "    for start, end in intervals:\n"
        "        if end < start:\n"
        "            raise ValueError('interval ends before it starts')\n"
        "        if end - start > 100:\n"
        "            raise ValueError(f'interval {start}..{end} is longer than the hundred units an interval may span here')\n"
        "    return intervals\n"
    )
    loaded = pau_target.load(write(tmp_path, "intervals.py", source), "merge")
    assert problems(loaded.info, "FunctionInfo") == []
    constants = loaded.info["constants"]
    messages = loaded.info["raiseMessages"]
    # What it compares with stays an input, even when a raise names it too.
    assert {"strict", "loose mode", 100} <= set(constants)
    assert "interval ends before it starts" not in constants
    assert "interval ends before it starts" in messages
    # A long message is the function's own all the same (the constants keep 40 characters at most).
    assert " is longer than the hundred units an interval may span here" in messages
    assert "loose mode" not in messages


def test_threads_the_import_leaves_running_are_named_in_the_notes(tmp_path):
    source = (
        "import threading, time\n"
        "threading.Thread(target=time.sleep, args=(5,), name='poller', daemon=True).start()\n"
        "def f():\n"
        "    return 1\n"
    )
    loaded = pau_target.load(write(tmp_path, "threads.py", source), "f")
    assert any("started 1 thread (poller)" in note for note in loaded.info["resolution"].get("notes", []))
    quiet = pau_target.load(write(tmp_path, "quiet.py", "def g():\n    return 2\n"), "g")
    assert not any("thread" in note for note in quiet.info["resolution"].get("notes", []))


def test_the_owner_s_other_public_methods_are_reported_with_what_they_require(tmp_path):
    source = (
        "class Base:\n    def clear(self):\n        pass\n"
        "class Tray(Base):\n"
        "    def push(self, x):\n        pass\n"
        "    def put(self, key, value, note=None):\n        pass\n"
        "    def pop(self):\n        pass\n"
        "    def tag(self, *, label):\n        pass\n"
        "    def _secret(self, x):\n        pass\n"
        "    @staticmethod\n    def make(x):\n        pass\n"
        "    @property\n    def size(self):\n        raise AssertionError('a property must not run')\n"
    )
    path = write(tmp_path, "tray.py", source)
    loaded = pau_target.load(path, "Tray.pop")
    assert problems(loaded.info, "FunctionInfo") == []
    # Inherited ones count; the target itself, private names, static methods, properties and a
    # required keyword-only argument do not.
    assert loaded.info["ownerMethods"] == [
        {"name": "clear", "required": 0, "params": []},
        {"name": "push", "required": 1, "params": ["x"]},
        {"name": "put", "required": 2, "params": ["key", "value"]},
    ]


def test_owner_methods_that_assign_state_the_target_reads_say_which(tmp_path):
    source = (
        "class Feed:\n"
        "    def __init__(self):\n        self.count = 0\n"
        "    def load(self, text):\n        self.rows = text.split()\n        self.count = len(self.rows)\n"
        "    def note(self, x):\n        self.last = x\n"
        "    def bump(self):\n        self.count += 1\n"
        "    def first(self):\n        return self.rows[0] if self.count else None\n"
    )
    loaded = pau_target.load(write(tmp_path, "feed.py", source), "Feed.first")
    assert problems(loaded.info, "FunctionInfo") == []
    by_name = {m["name"]: m for m in loaded.info["ownerMethods"]}
    # load assigns both attributes first reads; note assigns one it never reads; an augmented
    # assignment (bump) reads before it writes, so it is not counted as making the state.
    assert by_name["load"].get("sets") == ["count", "rows"]
    assert "sets" not in by_name["note"]
    assert "sets" not in by_name["bump"]


def test_a_builtin_in_place_of_a_def_has_no_package_classes():
    # An accelerator's `smallest = min`: builtins' classes (type among them, whose own dict holds
    # a descriptor under __annotations__) are no package of the target's.
    assert pau_target.argument_classes(min, {}) == []


def test_package_classes_carry_their_bases_so_a_mixin_s_method_finds_a_class_that_mixes_it_in():
    fixture = os.path.join(os.path.dirname(__file__), "..", "fixtures", "discovery", "tokens", "mixins.py")
    loaded = pau_target.load(os.path.abspath(fixture), "AliasMixin.real_name")
    classes = {c["name"]: c for c in loaded.info.get("argumentClasses", [])}
    assert classes["Named"].get("bases") == ["AliasMixin", "Item"]
    assert "bases" not in classes["Item"]


def test_a_class_whose_dict_holds_odd_values_is_read_or_left_out(tmp_path):
    # A class of the package, not of the target's module: its dict has a property under __annotations__.
    write(tmp_path, "oddpkg/__init__.py", "")
    odd = "class Odd:\n    __annotations__ = property(lambda self: {})\n    def __init__(self, size):\n        self.size = size\n"
    write(tmp_path, "oddpkg/shapes.py", odd)
    path = write(tmp_path, "oddpkg/use.py", "from oddpkg import shapes\n\n\ndef use(o):\n    return o.size\n")
    loaded = pau_target.load(path, "use")
    classes = {c["name"]: c for c in loaded.info.get("argumentClasses", [])}
    assert "Odd" in classes and "size" in classes["Odd"]["attributes"]


def test_a_function_from_outside_the_workspace_is_named_by_its_import_path(tmp_path):
    # basename alone ("utils.py:392") does not say which utils.py: the note names email/utils.py.
    path = write(tmp_path, "reexport.py", "from email.utils import decode_params\n")
    notes = pau_target.load(path, "decode_params").info["resolution"].get("notes", [])
    assert any("it comes from decode_params (email/utils.py:" in note for note in notes), notes


def test_ranking_look_alike_names_compares_a_bounded_part_of_each(monkeypatch):
    # A 100,000-character qualname kept the worker in difflib for 26 s before it said the name
    # was not found: only the first RANKED_NAME_LENGTH characters of either side are compared.
    import difflib

    seen = []
    real = difflib.SequenceMatcher

    def recording(junk, a, b):
        seen.append(max(len(a), len(b)))
        return real(junk, a, b)

    monkeypatch.setattr(difflib, "SequenceMatcher", recording)
    names = ["clamp", "Foo.bar", "y" * 5000]
    assert anchor.rank("clmp" + "x" * 100_000, names)[0] == "clamp"
    assert anchor.rank("clamq", names)[0] == "clamp"
    assert seen and max(seen) <= anchor.RANKED_NAME_LENGTH


def test_owner_constants_are_its_constructor_code_its_attributes_and_an_enums_values(tmp_path):
    source = (
        "import enum\n"
        "class Mode:\n"
        "    '''Modes r and w; the docstring is no constant.'''\n"
        "    KINDS = ('text', 'binary')\n"
        "    def __init__(self, kind, qval=0):\n"
        "        if kind not in ('r', 'w'):\n"
        "            raise ValueError('no such mode here')\n"
        "        self.exact = qval == 1\n"
        "    def read(self):\n"
        "        return 'never a constructor constant'\n"
        "class Shade(enum.Enum):\n"
        "    LIGHT = 'light'\n"
        "    DARK = 'dark'\n"
        "    def darker(self):\n"
        "        return Shade.DARK\n"
    )
    path = write(tmp_path, "modes.py", source)
    mode = pau_target.load(path, "Mode.read").info
    assert problems(mode, "FunctionInfo") == []
    assert mode["ownerConstants"] == ["r", "w", 1, "text", "binary"]
    # enum.Enum's own __new__ sits in the class's __dict__: its message pieces are no values.
    assert pau_target.load(path, "Shade.darker").info["ownerConstants"] == ["light", "dark"]


def test_an_infinite_constant_is_no_owner_constant_the_ready_message_stays_json(tmp_path):
    # yaml's SafeConstructor holds inf_value = float('inf') as a class attribute: json.dumps wrote
    # Infinity, which is no JSON, and the host killed the worker at its first message.
    source = (
        "class Loader:\n"
        "    inf_value = float('inf')\n"
        "    nan_value = float('nan')\n"
        "    limit = 1e300\n"
        "    def load(self, node):\n"
        "        return node\n"
    )
    path = write(tmp_path, "loader.py", source)
    info = pau_target.load(path, "Loader.load").info
    assert info["ownerConstants"] == [1e300]
    json.loads(json.dumps(info), parse_constant=lambda name: pytest.fail("not JSON: " + name))
