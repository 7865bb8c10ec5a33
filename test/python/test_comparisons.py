"""The comparison recorder (pau_probe/comparisons.py) through the coverage tracer's hooks: what a
call compared its arguments with, related to the argument by value, read without running user
code, bounded; and through a real worker, only when the call asks."""
import importlib.util
import sys
import textwrap

import pytest

from conforms import problems
from pau_probe import comparisons as pau_comparisons
from pau_probe.coverage import Collector, StaticMap
from worker_process import LIMITS, WorkerProcess

MODULE = textwrap.dedent('''
    import re
    MODES = frozenset(["fast", "slow"])
    TABLE = {"alpha": 1, "beta": 2}
    LIMIT = sum(range(10))
    PAT = re.compile(r"^v\\d+$")

    def f(mode, key, n, text, xs):
        if mode.lower() in MODES:
            pass
        if TABLE.get(key):
            pass
        if n > LIMIT:
            pass
        if text.startswith("cmd:"):
            pass
        for part in text.split(","):
            if part == "ok":
                pass
        if isinstance(n, (int, float)):
            pass
        if PAT.match(text) or re.fullmatch(r"[a-z]+", text):
            pass
        for x in xs:
            if x == "special":
                pass
        return TABLE[key] if key in TABLE else None
''')


@pytest.fixture(autouse=True)
def _forget_modules():
    """The modules a test imports are gone after it: other tests load packages of the same names."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        del sys.modules[name]


def load(tmp_path, text, name="cmpmod", package=None):
    folder = tmp_path / package if package else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    if package:
        (folder / "__init__.py").write_text("")
    path = folder / (name + ".py")
    path.write_text(text)
    full = "%s.%s" % (package, name) if package else name
    if package:
        sys.path.insert(0, str(tmp_path))
        try:
            module = importlib.import_module(full)
        finally:
            sys.path.remove(str(tmp_path))
        return module
    spec = importlib.util.spec_from_file_location(full, str(path))
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    spec.loader.exec_module(module)
    return module


def record(func, *args):
    """The comparison records of one traced call of func."""
    static = StaticMap(func.__code__)
    collector = Collector(static)
    collector.prepare()
    labelled = [("args[%d]" % i, a) for i, a in enumerate(args)]
    recorder = collector.observer = pau_comparisons.Recorder(labelled, pau_comparisons.scope_of(func.__code__.co_filename))
    collector.start()
    try:
        func(*args)
    finally:
        collector.stop()
        collector.observer = None
    return recorder


def test_each_kind_of_comparison_is_recorded_with_its_argument(tmp_path):
    module = load(tmp_path, MODULE)
    records = record(module.f, "FAST", "zzz", 3, "a,b", ["q", "r"]).report()
    for r in records:
        assert problems(r, "ComparisonRecord") == [], r
    got = {(r["arg"], r["op"], tuple(r.get("values") or r.get("types"))) for r in records}
    assert ("args[0]", "in", ("fast", "slow")) in got  # through .lower()
    assert ("args[1]", "key", ("alpha", "beta")) in got  # .get and [] on the module's table
    assert ("args[1]", "in", ("alpha", "beta")) in got
    assert ("args[2]", ">", (45,)) in got  # computed at import
    assert ("args[3]", "startswith", ("cmd:",)) in got
    assert ("args[3]", "split", (",",)) in got
    assert ("args[2]", "isinstance", ("int", "float")) in got
    assert ("args[3]", "regex", ("^v\\d+$",)) in got
    assert ("args[3]", "regex", ("[a-z]+",)) in got
    lowered = next(r for r in records if r["op"] == "in" and r["arg"] == "args[0]")
    assert lowered["through"] == "lower"
    # Input-to-state: a piece of the str argument, an item of the list argument.
    parts = [r for r in records if r["op"] == "==" and r["arg"] == "args[3]"]
    assert {(r["via"], r["seen"]) for r in parts} == {("part", "a"), ("part", "b")}
    items = [r for r in records if r["op"] == "==" and r["arg"] == "args[4]"]
    assert {(r["via"], r["seen"]) for r in items} == {("item", "q"), ("item", "r")}


def test_values_unrelated_to_the_arguments_are_not_recorded(tmp_path):
    module = load(tmp_path, "K = 'x'\ndef g(a):\n    b = 'other'\n    if b == K:\n        pass\n    return a\n")
    assert record(module.g, "abc").report() == []


def test_the_package_code_the_target_calls_is_in_scope_and_other_code_is_not(tmp_path):
    load(tmp_path, "WORDS = {'yes', 'no'}\ndef check(w):\n    return w in WORDS\n", name="helpers", package="cmp_pkg")
    module = load(tmp_path, textwrap.dedent('''
        import textwrap
        from cmp_pkg.helpers import check
        def h(word):
            textwrap.dedent(word)
            return check(word)
    '''), name="main", package="cmp_pkg")
    records = record(module.h, "maybe").report()
    assert {"arg": "args[0]", "op": "in", "values": ["no", "yes"]} in records
    # textwrap's own comparisons are outside the package: none of its constants appear.
    assert all(r["op"] == "in" for r in records), records


def test_no_user_code_runs_to_read_a_value(tmp_path):
    module = load(tmp_path, textwrap.dedent('''
        calls = []
        class Sneaky:
            def __eq__(self, other):
                calls.append("eq")
                return False
            def __contains__(self, item):
                calls.append("contains")
                return False
            def __iter__(self):
                calls.append("iter")
                return iter(())
            def __getattr__(self, name):
                calls.append("getattr " + name)
                raise AttributeError(name)
            __hash__ = object.__hash__
        S = Sneaky()
        OFF = False
        def k(x):
            if x == S:
                pass
            if x in S:
                pass
            if OFF and x == S.missing:
                pass
            return x
    '''))
    record(module.k, "abc")
    assert module.calls == ["eq", "contains"]  # the call's own, and nothing else


def test_a_table_an_object_holds_is_read_statically_and_a_property_never_runs(tmp_path):
    module = load(tmp_path, textwrap.dedent('''
        calls = []
        class Grant:
            _methods = {"plain": 1, "S256": 2}
            def __init__(self):
                self.modes = ["a", "b"]
            @property
            def lazy(self):
                calls.append("lazy")
                return {"never": 1}
            def check(self, method, mode, other):
                if method in self._methods:
                    return 1
                if mode not in self.modes:
                    return 2
                return other in self.lazy
    '''))
    grant = module.Grant()
    records = record(grant.check, "x", "a", "z").report()
    got = {(r["arg"], r["op"], tuple(r["values"])) for r in records}
    assert ("args[0]", "in", ("plain", "S256")) in got  # the class's table
    assert ("args[1]", "not in", ("a", "b")) in got  # the instance's list
    assert not any(r["arg"] == "args[2]" for r in records), records
    assert module.calls == ["lazy"]  # the call's own read, and nothing else


def test_bytes_compared_with_a_magic_prefix_are_recorded_as_bytes(tmp_path):
    module = load(tmp_path, textwrap.dedent('''
        def sniff(data):
            for prefix in (b"<?xml", b"<plist"):
                if data.startswith(prefix):
                    return "xml"
            return "binary" if data == b"bplist00" else None
    '''))
    records = record(module.sniff, b"abc").report()
    got = {(r["op"], tuple(r["values"]), r.get("bytes")) for r in records}
    assert ("startswith", ("<?xml",), True) in got and ("startswith", ("<plist",), True) in got
    assert ("==", ("bplist00",), True) in got


def test_records_and_time_are_bounded(tmp_path):
    module = load(tmp_path, textwrap.dedent('''
        def many(n):
            hits = 0
            for i in range(20000):
                if n == i:
                    hits += 1
            return hits
    '''))
    recorder = record(module.many, 7)
    # Every i is a new value to compare with: the recorder stops at its cap and looks no more.
    assert len(recorder.report()) == pau_comparisons.MAX_RECORDS
    assert not recorder.active
    assert recorder.spent <= pau_comparisons.TIME_CAP + 0.01


@pytest.mark.parametrize("isolation", ["fork", "spawn"])
def test_a_worker_answers_with_comparisons_only_when_asked(tmp_path, isolation):
    target = tmp_path / "target.py"
    target.write_text("MODES = {'turbo', 'quiet'}\ndef speed(mode):\n    return mode in MODES\n")
    worker = WorkerProcess(str(target), "speed", isolation=isolation)
    try:
        worker.until("ready")
        answers = []
        for id_, extra in [(1, {"comparisons": True}), (2, {})]:
            message = dict({"op": "call", "id": id_, "args": ["'slow'"], "kwargs": {}, "limits": LIMITS}, **extra)
            assert problems(message, "CallMessage") == []
            worker.send(message)
            answer = worker.until("result")[-1]
            assert problems(answer, "WorkerMessage") == []
            answers.append(answer["result"])
        assert answers[0]["comparisons"] == [{"arg": "args[0]", "op": "in", "values": ["quiet", "turbo"]}]
        assert "comparisons" not in answers[1]
    finally:
        worker.close()


def test_the_warm_worker_finds_the_package_sites_before_any_call(tmp_path):
    load(tmp_path, "WORDS = {'yes', 'no'}\nclass Checker:\n    def check(self, w):\n        return w in WORDS\n", name="helpers2", package="cmp_pkg2")
    module = load(tmp_path, "from cmp_pkg2.helpers2 import Checker\ndef h(word):\n    return Checker().check(word)\n", name="main2", package="cmp_pkg2")
    pau_comparisons._SITES.clear()
    pau_comparisons.prescan(pau_comparisons.scope_of(module.__file__), StaticMap(module.h.__code__).codes)
    scanned = set(pau_comparisons._SITES)  # (by id(code))
    assert id(module.Checker.check.__code__) in scanned
    recorder = record(module.h, "maybe")
    assert set(pau_comparisons._SITES) == scanned  # nothing left for the call to read
    assert recorder.report() == [{"arg": "args[0]", "op": "in", "values": ["no", "yes"]}]


def test_the_call_context_leaves_finding_the_sites_to_the_worker_after_its_ready(tmp_path):
    """Making the calls' context (before the worker says `ready`) looks for no sites: the worker
    does that later (CallContext.find_sites_ahead, at the first call that asks for comparisons:
    Worker.find_sites), and only when it traces its calls, so that a start does not wait for it."""
    from pau_probe import call as pau_call
    from pau_probe import safe_args
    from pau_probe import target as pau_target

    load(tmp_path, "WORDS = {'yes', 'no'}\ndef check(w):\n    return w in WORDS\n", name="helpers3", package="cmp_pkg3")
    module = load(tmp_path, "from cmp_pkg3.helpers3 import check\ndef h(word):\n    return check(word)\n", name="main3", package="cmp_pkg3")
    target = pau_target.load(module.__file__, "h")
    pau_comparisons._SITES.clear()
    ctx = pau_call.CallContext(target, safe_args, StaticMap(target.code), lambda text: text, None, LIMITS)
    assert id(module.check.__code__) not in pau_comparisons._SITES
    ctx.find_sites_ahead()
    assert id(module.check.__code__) in pau_comparisons._SITES


# A target that reports, from inside its call's process, whether the comparison sites of a
# function it never runs (`unused`, in the same package) were found before the call: it finds
# the comparisons module through the frames of the call's own code (the call process has taken
# the worker's modules out of sys.modules).
SITES_SPY = textwrap.dedent('''
    import sys
    from sites_pkg.other import unused

    def spy(word):
        frame = sys._getframe(1)
        while frame is not None and "pau_comparisons" not in frame.f_globals:
            frame = frame.f_back
        found = frame.f_globals["pau_comparisons"]._SITES
        return [id(unused.__code__) in found, len(found) > 0]
''')


@pytest.mark.parametrize("fence", [False, True])
def test_the_sites_are_found_at_the_first_call_that_asks_for_comparisons_and_not_before(tmp_path, fence):
    """A run that never asks for comparisons (an LLM run, a call tool) does not wait for the
    package's sites to be found; the first call that asks runs in a process forked after they
    were (the process waiting for it, forked before, is replaced), and so does every later one."""
    package = tmp_path / "sites_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "other.py").write_text("KNOWN = {'a', 'b'}\ndef unused(x):\n    return x in KNOWN\n")
    (package / "main.py").write_text(SITES_SPY)
    worker = WorkerProcess(str(package / "main.py"), "spy", fence_writes=fence)
    try:
        worker.until("ready")
        seen = []
        for id_, extra in [(1, {}), (2, {}), (3, {"comparisons": True}), (4, {}), (5, {"comparisons": True})]:
            worker.send(dict({"op": "call", "id": id_, "args": ["'x'"], "kwargs": {}, "limits": LIMITS}, **extra))
            seen.append(worker.until("result")[-1]["result"]["value"]["repr"])
    finally:
        worker.close()
    assert seen == ["[False, False]"] * 2 + ["[True, True]"] * 3


def test_a_bytes_pattern_is_recorded_as_its_text(tmp_path):
    module = load(tmp_path, textwrap.dedent('''
        import re

        def unhex(data):
            if re.search(b"[^0-9A-F]", data):
                raise ValueError("Non-base16 digit found")
            return data
    '''))
    records = record(module.unhex, b"0A").report()
    got = {(r["op"], tuple(r["values"]), r.get("bytes")) for r in records}
    assert ("regex", ("[^0-9A-F]",), True) in got


def test_a_compared_parameter_is_known_by_name_when_another_argument_holds_an_equal_value(tmp_path):
    module = load(tmp_path, "def f(context, n):\n    if n == 1:\n        return 'one'\n    return 'many'\n")
    assert [r["arg"] for r in record(module.f, 3, 3).report()] == ["args[0]"]  # by value alone: the first
    func = module.f
    collector = Collector(StaticMap(func.__code__))
    collector.prepare()
    recorder = collector.observer = pau_comparisons.Recorder(
        [("args[0]", 3), ("args[1]", 3)], pau_comparisons.scope_of(func.__code__.co_filename), (func.__code__, 0)
    )
    collector.start()
    try:
        func(3, 3)
    finally:
        collector.stop()
        collector.observer = None
    assert [(r["arg"], r["values"]) for r in recorder.report()] == [("args[1]", [1])]


def test_a_code_point_of_a_character_of_a_str_argument_is_a_piece_of_it(tmp_path):
    module = load(tmp_path, "def f(label, pos):\n    cp = ord(label[pos])\n    if cp == 0x200C:\n        return 1\n    return 0\n")
    records = record(module.f, "hello", 1).report()
    assert [(r["arg"], r["op"], r["values"], r.get("via"), r.get("seen")) for r in records] == [("args[0]", "==", ["\u200c"], "part", "e")]


LOOKUPS = textwrap.dedent('''
    def from_doc(doc):
        obj = doc
        if obj.get("kty") != "OKP":
            return "not a key pair"
        curve = obj.get("crv")
        if curve != "Ed25519":
            return "curve"
        if "x" not in obj:
            return "no x"
        return obj["x"]

    def parse(value, kwds):
        kwds["defects"].extend([])
        return value

    def options(text, **kw):
        if kw.get("strict") == "yes":
            return text.upper()
        return text
''')


def test_a_dict_argument_looked_up_with_constant_keys_is_recorded_with_its_keys(tmp_path):
    module = load(tmp_path, LOOKUPS)
    got = {(r["op"], tuple(r["values"]), r.get("key")) for r in record(module.from_doc, {}).report()}
    assert ("get", ("kty",), None) in got
    assert ("!=", ("OKP",), "kty") in got  # what is read under the key, compared
    # Further on, with what that asked for: a value held under "crv" is compared in a local.
    got = {(r["op"], tuple(r["values"]), r.get("key")) for r in record(module.from_doc, {"kty": "OKP", "crv": "abc"}).report()}
    assert ("!=", ("Ed25519",), "crv") in got
    got = {(r["op"], tuple(r["values"])) for r in record(module.from_doc, {"kty": "OKP", "crv": "Ed25519"}).report()}
    assert ("contains", ("x",)) in got
    got = {(r["op"], tuple(r["values"])) for r in record(module.parse, "v", {"defects": []}).report()}
    assert ("get", ("defects",)) in got


def test_the_kwargs_dict_looked_up_is_known_by_its_label(tmp_path):
    module = load(tmp_path, LOOKUPS)
    func = module.options
    collector = Collector(StaticMap(func.__code__))
    collector.prepare()
    recorder = collector.observer = pau_comparisons.Recorder([("args[0]", "t")], pau_comparisons.scope_of(func.__code__.co_filename), (func.__code__, 0))
    collector.start()
    try:
        func("t")
    finally:
        collector.stop()
        collector.observer = None
    got = {(r["arg"], r["op"], tuple(r["values"]), r.get("key")) for r in recorder.report()}
    assert ("kwargs", "get", ("strict",), None) in got
    assert ("kwargs", "==", ("yes",), "strict") in got


def test_an_index_into_a_str_or_list_argument_is_no_key_look_up(tmp_path):
    module = load(tmp_path, "def f(text, xs):\n    if text[0] == 'a' and xs[1] == 2:\n        return 1\n    return 0\n")
    assert [r for r in record(module.f, "abc", [1, 2]).report() if r["op"] == "get" or "key" in r] == []
