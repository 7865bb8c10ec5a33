"""The argument grammar, directly: what it builds, and what it refuses before anything runs."""
import pytest

from pau_probe import safe_args


class Point:
    def __init__(self, x, y):
        self.x, self.y = x, y


NAMES = frozenset({"Point"})


@pytest.mark.parametrize("source, expected", [
    ("[1, 'a', (2.5, None)]", [1, "a", (2.5, None)]),
    ("{'k': -3}", {"k": -3}),
    ("frozenset([1, 2])", frozenset([1, 2])),
    ("b'x' * 3", b"xxx"),
])
def test_plain_values_evaluate_to_themselves(source, expected):
    safe_args.check(source, NAMES)
    assert safe_args.evaluate(source, {"Point": Point}) == expected


def test_module_classes_can_be_built_by_name():
    point = safe_args.evaluate("Point(1, y=2)", {"Point": Point})
    assert (point.x, point.y) == (1, 2)


@pytest.mark.parametrize("source", [
    "__import__('os').system('true')",
    "(1).__class__.__bases__",
    "[x for x in range(3)]",
    "(y := 3)",
    "open('/etc/passwd')",
    "Unknown(1)",
])
def test_refused_before_anything_runs(source):
    with pytest.raises(safe_args.ArgumentRejected):
        safe_args.check(source, NAMES)


def test_a_match_object_is_built_by_re_matching_functions():
    match = safe_args.evaluate("re.match('(\\\\d)(\\\\d)', '12')", {})
    assert match.group(1, 2) == ("1", "2")
    # Other members of re stay out (compile caches, sub takes a callable, purge changes state).
    with pytest.raises(safe_args.ArgumentRejected):
        safe_args.check("re.purge()", NAMES)


def test_numbers_too_big_to_build_are_refused_while_building():
    with pytest.raises(safe_args.ArgumentRejected):
        safe_args.evaluate("10 ** 10 ** 10", {})


@pytest.mark.parametrize("source", ["f('1')", "next(map(f, ['1']))", "sorted(['1'], key=f)"])
def test_a_dangerous_builtin_that_reached_an_argument_is_never_called(source):
    # However it got there (here: planted in the namespace), eval is refused directly and
    # through the higher-order builtins.
    with pytest.raises(safe_args.ArgumentRejected, match="cannot be called"):
        safe_args.evaluate(source, {"f": eval})


def test_operator_getters_check_every_step():
    getter = "operator.attrgetter('x', 'y')(Point(1, 2))"
    assert safe_args.evaluate(getter, {"Point": Point}) == (1, 2)
    with pytest.raises(safe_args.ArgumentRejected, match="generator"):
        safe_args.evaluate("(lambda c: operator.attrgetter('gi_frame')(iter(c.keys())))(ChainMap({1: 2}))", {})


def test_scratch_file_writes_a_named_file_in_the_call_folder_only(tmp_path):
    safe_args.use_scratch_folder(None)
    with pytest.raises(safe_args.ArgumentRejected, match="only inside a call"):
        safe_args.evaluate("scratch_file('notes.txt', 'a')", {})
    safe_args.use_scratch_folder(str(tmp_path))
    try:
        assert safe_args.evaluate("scratch_file('notes.ini', '[s]\\nk = v\\n')", {}) == "notes.ini"
        assert (tmp_path / "notes.ini").read_text() == "[s]\nk = v\n"
        for bad in ("'../x.txt'", "'sub/x.txt'", "'.hidden'", "'/etc/passwd'", "3"):
            with pytest.raises(safe_args.ArgumentRejected, match="plain file name"):
                safe_args.evaluate("scratch_file(%s, 'a')" % bad, {})
        assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.ini"]
    finally:
        safe_args.use_scratch_folder(None)


def test_sample_file_writes_a_valid_file_of_the_format_its_ending_names(tmp_path):
    import gzip
    import io
    import sqlite3
    import tarfile
    import wave
    import zipfile

    safe_args.use_scratch_folder(None)
    with pytest.raises(safe_args.ArgumentRejected, match="only inside a call"):
        safe_args.evaluate("sample_file('clip.wav')", {})
    safe_args.use_scratch_folder(str(tmp_path))
    try:
        names = ["clip.wav", "data.zip", "data.tar", "data.tgz", "notes.gz", "items.db"]
        assert [safe_args.evaluate("sample_file(%r)" % name, {}) for name in names] == names
        with wave.open(str(tmp_path / "clip.wav"), "rb") as clip:
            assert (clip.getnchannels(), clip.getnframes()) == (1, 8)
        with zipfile.ZipFile(tmp_path / "data.zip") as archive:
            assert archive.namelist() == ["notes.txt", "docs/readme.md"]
        for name in ("data.tar", "data.tgz"):
            with tarfile.open(tmp_path / name) as tar:
                assert tar.getnames() == ["notes.txt"]
        assert gzip.decompress((tmp_path / "notes.gz").read_bytes()) == b"first line\nsecond line\n"
        db = sqlite3.connect(str(tmp_path / "items.db"))
        assert db.execute("SELECT count(*) FROM items").fetchone() == (2,)
        db.close()
        # The same bytes in every call: a file's stamp is fixed, so a result that shows it repeats.
        first = (tmp_path / "data.zip").read_bytes(), (tmp_path / "data.tgz").read_bytes()
        safe_args.evaluate("sample_file('data.zip')", {})
        safe_args.evaluate("sample_file('data.tgz')", {})
        assert ((tmp_path / "data.zip").read_bytes(), (tmp_path / "data.tgz").read_bytes()) == first
        opened = safe_args.evaluate("sample_file('clip.wav', 'rb')", {})
        assert isinstance(opened, io.BufferedReader) and opened.read(4) == b"RIFF"
        opened.close()
        with pytest.raises(safe_args.ArgumentRejected, match="ending in"):
            safe_args.evaluate("sample_file('notes.txt')", {})
        with pytest.raises(safe_args.ArgumentRejected, match="plain file name"):
            safe_args.evaluate("sample_file('../clip.wav')", {})
    finally:
        safe_args.use_scratch_folder(None)


def test_dataclass_record_is_a_dataclass_instance_that_pickles():
    import dataclasses
    import pickle

    record = safe_args.evaluate("dataclass_record('x', 5)", {})
    assert dataclasses.is_dataclass(record) and not isinstance(record, type)
    assert repr(record) == "DataRecord(name='x', count=5)"
    assert pickle.loads(pickle.dumps(record)) == record
    assert dataclasses.replace(record, count=1).count == 1


def test_exc_info_and_traceback_of_give_a_real_raise_whose_frames_stay_opaque():
    import traceback
    import types

    exc_type, value, tb = safe_args.evaluate("exc_info(ValueError('bad'))", {})
    assert exc_type is ValueError and value.args == ("bad",) and isinstance(tb, types.TracebackType)
    assert traceback.format_exception(exc_type, value, tb)[-1] == "ValueError: bad\n"
    assert isinstance(safe_args.evaluate("traceback_of(KeyError('k'))", {}), types.TracebackType)
    with pytest.raises(safe_args.ArgumentRejected, match="traceback objects are not allowed"):
        safe_args.evaluate("(lambda t: t[2].tb_frame)(exc_info(ValueError('x')))", {})
    with pytest.raises(safe_args.ArgumentRejected, match="exception instance"):
        safe_args.evaluate("exc_info('not an exception')", {})


def test_traceback_of_points_to_a_frame_of_its_own_not_the_workers():
    # dis.distb(tb) disassembles tb's last frame: it wrote safe_args.py's code, by its line numbers.
    import dis
    import io
    import re

    tb = safe_args.evaluate("traceback_of(ValueError('bad'))", {})
    while tb.tb_next is not None:
        tb = tb.tb_next
    assert tb.tb_frame.f_code.co_filename == "<exc_info>"
    assert tb.tb_lineno == 3
    assert "safe_args" not in repr(tb.tb_frame.f_globals.get("__name__"))
    out = io.StringIO()
    dis.distb(tb, file=out)
    # Each line that starts a source line names it: the five of that function's text, none of the worker's.
    starts = {int(m.group(1)) for m in re.finditer(r"^ *(\d+) +(?:-->|>>)? *\d+ +[A-Z]", out.getvalue(), re.M)}
    assert starts and starts <= {1, 2, 3, 4, 5}, out.getvalue()


def test_ast_node_is_a_fresh_node_of_the_named_class_only():
    import ast

    node = safe_args.evaluate("ast_node('AsyncFor')", {})
    assert isinstance(node, ast.AsyncFor) and node.body
    assert safe_args.evaluate("ast_node('AsyncFor')", {}) is not node
    for bad in ("'walk'", "'_Unknown'", "3", "'Interactive'"):
        with pytest.raises(safe_args.ArgumentRejected, match="ast_node"):
            safe_args.evaluate("ast_node(%s)" % bad, {})
