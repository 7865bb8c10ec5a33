"""The sampled bench's independent re-check (test/bench/sampled/recheck.py) keeps every line it can
re-check when the function breaks the process on another: it exits, writes to the process's own
standard output, kills its process, or hangs where no alarm reaches it. A line it cannot re-check is
counted as not re-checked, with the reason."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
RECHECK = os.path.join(HERE, "..", "bench", "sampled", "recheck.py")


def record(index, arg, repr_, type_="int"):
    return {"index": index, "args": [arg], "kwargs": {}, "origin": "offline",
            "result": {"status": "returned", "value": {"type": type_, "repr": repr_}, "durationMs": 1}}


def example(index, call, result):
    return {"part": "example", "text": "%s -> %s" % (call, result), "support": [index], "tested": [], "check": {"kind": "example", "probe": index}}


def recheck(qualname, properties, examples, records, module="breaking", summaries=(), return_types=("int",)):
    report = {
        "returnTypes": list(return_types),
        "properties": properties,
        "description": {
            "summary": "Returns a number.",
            "examples": [{"call": c, "result": r, "probe": i} for i, c, r in examples],
            "claims": [{"part": "summary", "text": "Returns a number.", "support": [], "tested": []}]
            + [example(i, c, r) for i, c, r in examples]
            + [{"part": "summary", "text": t, "support": support, "tested": support} for t, support in summaries],
        },
    }
    job = {"module": module, "qualname": qualname, "report": report, "records": records, "params": ["x"]}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    return json.loads(p.stdout)


def test_a_function_that_exits_on_a_fresh_input_keeps_its_lines():
    # The re-check's own fresh inputs include -x: sys.exit there is an outcome, not the re-check's end.
    out = recheck("exits_below_zero", [{"name": "deterministic", "holds": True, "evidence": ""}],
                  [(1, "exits_below_zero(3)", "6")], [record(1, "3", "6")])
    assert out["contradictions"] == []
    assert (out["stated"], out["checked"]) == (3, 2)
    assert [n["part"] for n in out["notChecked"]] == ["summary"]
    assert "no form to re-run" in out["notChecked"][0]["reason"]


def test_a_function_that_writes_to_the_process_stdout_keeps_its_lines():
    out = recheck("writes_to_stdout", [], [(1, "writes_to_stdout(3)", "4")], [record(1, "3", "4")])
    assert (out["stated"], out["checked"], out["contradictions"]) == (2, 1, [])


def test_a_line_whose_call_kills_the_process_is_not_re_checked_and_the_lines_after_it_are():
    examples = [(1, "dies_on_seven(1)", "1"), (2, "dies_on_seven(7)", "7"), (3, "dies_on_seven(5)", "99")]
    out = recheck("dies_on_seven", [], examples, [record(1, "1", "1"), record(2, "7", "7"), record(3, "5", "99")])
    assert out["checked"] == 2
    # The line after the crash is still re-checked: its wrong result is found.
    assert [c["why"] for c in out["contradictions"]] == ["got 5"]
    reasons = {n["text"]: n["reason"] for n in out["notChecked"]}
    assert "ended with code 3" in reasons["dies_on_seven(7) -> 7"]


def test_a_call_closing_a_low_file_descriptor_leaves_the_re_checks_own_alone():
    # pycodestyle StyleGuide.input_file(3): the re-check's file of events was descriptor 3, and every
    # line after the call was lost ("the re-check process ended with code 1: OSError"). Now each line
    # is re-checked, whatever closing a descriptor of the re-check's own did to the call's outcome.
    examples = [(1, "closes_descriptor(3)", "3"), (2, "closes_descriptor(400)", "400")]
    out = recheck("closes_descriptor", [], examples, [record(1, "3", "3"), record(2, "400", "400")])
    assert (out["stated"], out["checked"], out["notChecked"][0]["part"]) == (3, 2, "summary")


def test_a_line_that_hangs_past_every_alarm_is_not_re_checked_and_the_lines_after_it_are():
    examples = [(1, "hangs_on_nine(9)", "9"), (2, "hangs_on_nine(2)", "2")]
    out = recheck("hangs_on_nine", [], examples, [record(1, "9", "9"), record(2, "2", "2")])
    assert (out["stated"], out["checked"], out["contradictions"]) == (3, 1, [])
    reasons = {n["text"]: n["reason"] for n in out["notChecked"]}
    assert "more than 4 s" in reasons["hangs_on_nine(9) -> 9"]


def test_a_function_that_cannot_be_loaded_leaves_every_line_not_re_checked_with_why():
    out = recheck("no_such_function", [{"name": "deterministic", "holds": True, "evidence": ""}], [], [record(1, "3", "6")])
    assert (out["stated"], out["checked"]) == (2, 0)
    assert all("could not be loaded" in n["reason"] for n in out["notChecked"])
    assert "could not be loaded" in out["error"]


# True lines an earlier re-check refuted, on a fresh draw of library functions (each with the
# line it must still refute, so the check keeps its teeth).
DETERMINISTIC = [{"name": "deterministic", "holds": True, "evidence": ""}]


def test_each_call_runs_in_an_empty_folder_of_its_own_as_in_the_worker():
    # tarfile.TarFile.taropen('hello', 'r'): a file an earlier re-run made turned FileNotFoundError into ReadError.
    out = recheck("make_once", DETERMINISTIC, [(1, "make_once('a')", "'made'")], [record(1, "'a'", "'made'", "str")], module="true_lines")
    assert (out["checked"], out["contradictions"]) == (2, [])


def test_the_path_of_a_calls_own_folder_does_not_refute_determinism():
    # tarfile.TarFile.taropen('hello', 'w') keeps the absolute path of the file it made, which names
    # the re-check's folder for that call: another folder for each re-run, as the worker's are.
    out = recheck("open_new", DETERMINISTIC, [], [record(1, "'a.tar'", "<Opened object at 0x1>", "Opened")], module="true_lines")
    assert (out["checked"], out["contradictions"]) == (1, [])


def test_a_parameter_named_receiver_is_not_the_methods_receiver():
    # blinker.Signal.connect(receiver): its contrast call Signal().connect(len) differs from
    # Signal().connect(3) in `receiver` alone, which an earlier re-check overwrote with the method's receiver.
    raised = {"index": 1, "receiver": "Hub()", "args": ["3"], "kwargs": {}, "origin": "offline",
              "result": {"status": "raised", "exception": {"type": "TypeError", "message": "cannot connect 3"}, "durationMs": 1}}
    returned = {"index": 2, "receiver": "Hub()", "args": ["len"], "kwargs": {}, "origin": "offline",
                "result": {"status": "returned", "value": {"type": "str", "repr": "'connected'"}, "durationMs": 1}}
    claim = {"part": "raises", "text": "TypeError with `receiver=3`", "support": [1], "tested": [],
             "check": {"kind": "raises", "type": "TypeError", "probe": 1, "contrast": 2}}
    report = {"returnTypes": ["str"], "properties": [],
              "description": {"summary": "", "examples": [], "claims": [claim]}}
    job = {"module": "true_lines", "qualname": "Hub.connect", "report": report, "records": [raised, returned], "params": ["receiver"]}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    out = json.loads(p.stdout)
    assert (out["checked"], out["contradictions"]) == (1, [])


def test_an_address_shown_without_at_does_not_refute_determinism():
    # gzip.GzipFile's repr: <gzip _io.BufferedReader name='abc' 0x7f…>.
    out = recheck("handle_of", DETERMINISTIC, [], [record(1, "3", "<Handle 0x7f0000000001>", "Handle")], module="true_lines")
    assert (out["checked"], out["contradictions"]) == (1, [])


def test_a_set_shown_sorted_is_the_same_set_and_another_set_is_not():
    examples = [(1, "small_set(1)", "{-3, 1, 2}"), (2, "small_set(2)", "{-3, 1, 5}")]
    out = recheck("small_set", [], examples, [record(1, "1", "{-3, 1, 2}", "set"), record(2, "2", "{-3, 1, 5}", "set")], module="true_lines")
    assert out["checked"] == 2
    assert [c["text"] for c in out["contradictions"]] == ["small_set(2) -> {-3, 1, 5}"]


def test_an_example_of_a_type_is_checked_against_the_type_the_call_gives():
    # `type(f(…))`: the example of a function whose values differ from run to run.
    examples = [(1, "type(small_set(1))", "<class 'set'>"), (2, "type(small_set(2))", "<class 'list'>")]
    out = recheck("small_set", [], examples, [record(1, "1", "{-3, 1, 2}", "set"), record(2, "2", "{-3, 1, 2}", "set")], module="true_lines")
    assert out["checked"] == 2
    assert [c["text"] for c in out["contradictions"]] == ["type(small_set(2)) -> <class 'list'>"]


def test_a_coroutine_function_is_re_checked_awaited_as_its_example_shows_it():
    examples = [(1, "await doubled(3)", "6"), (2, "await doubled(4)", "9")]
    out = recheck("doubled", [], examples, [record(1, "3", "6"), record(2, "4", "9")], module="true_lines")
    assert out["checked"] == 2
    assert [c["text"] for c in out["contradictions"]] == ["await doubled(4) -> 9"]


def test_a_summary_sentence_with_calls_behind_it_is_checked_against_their_values():
    # Read off the values of its calls: with a deterministic function, those calls give them again.
    records = [record(1, "1", "{-3, 1, 2}", "set"), record(2, "2", "{-3, 1, 5}", "set")]
    summaries = [("Returns the same set whatever it is given.", [1]), ("Returns sets with 5 in them.", [2])]
    out = recheck("small_set", DETERMINISTIC, [], records, module="true_lines", summaries=summaries)
    assert out["checked"] == 3
    assert [(c["part"], c["text"]) for c in out["contradictions"]] == [("summary", "Returns sets with 5 in them.")]


def test_a_scratch_file_is_written_in_the_folder_its_call_runs_in():
    # shlex().sourcehook(scratch_file('report.txt', …)): the file must be where the call looks for it.
    out = recheck("read_back", DETERMINISTIC, [(1, "read_back(scratch_file('a.txt', 'hi'))", "'hi'")],
                  [record(1, "scratch_file('a.txt', 'hi')", "'hi'", "str")], module="true_lines")
    assert (out["checked"], out["contradictions"]) == (2, [])


def test_an_object_forwarding_iteration_attributes_is_no_iterator():
    # colorama.initialise.wrap_stream returns a StreamWrapper whose __getattr__ hands on the
    # wrapped file's __next__: the re-check read it as a generator and iterating it raised TypeError.
    out = recheck("wrapped", [], [], [record(1, "'ab'", "<true_lines.Proxy object at 0x1>", "true_lines.Proxy")],
                  module="true_lines", summaries=[("returns a true_lines.Proxy", [1])], return_types=["true_lines.Proxy"])
    assert out["contradictions"] == []
    assert out["checked"] == 1


def test_an_iterator_is_read_as_far_as_the_worker_reads_it():
    # The worker shows 20 items of a generator that has not ended; a raise after them is nothing
    # the line "returns a generator" said (packaging.tags.generic_tags with a list among its abis).
    rec = record(1, "100", "<generator object late_failure at 0x1>", "generator")
    rec["result"]["value"]["iteration"] = {"items": [str(k) for k in range(20)], "ended": False}
    out = recheck("late_failure", [], [], [rec], module="true_lines", summaries=[("returns a generator", [1])], return_types=["generator"])
    assert (out["checked"], out["contradictions"]) == (1, [])


def test_each_call_reads_an_empty_standard_input_as_in_the_worker():
    # The worker's call process reads /dev/null on fd 0; MimeTypes().read(0) closes it after reading,
    # and a second call in the re-check's one process found no fd 0 (OSError).
    examples = [(1, "read_input(0)", "''"), (2, "read_input(0)", "''")]
    records = [record(1, "0", "''", "str"), record(2, "0", "''", "str")]
    out = recheck("read_input", [], examples, records, module="true_lines", return_types=["str"])
    assert (out["checked"], out["contradictions"]) == (2, [])


def test_each_call_gets_a_standard_input_object_of_its_own_as_in_the_worker():
    # ast.main() reads sys.stdin.buffer through argparse's '-' and closes it: the next call in the
    # re-check's one process raised ValueError (I/O operation on closed file), the worker's did not.
    examples = [(1, "read_standard_input(0)", "b''"), (2, "read_standard_input(1)", "b''")]
    records = [record(1, "0", "b''", "bytes"), record(2, "1", "b''", "bytes")]
    out = recheck("read_standard_input", [], examples, records, module="true_lines", return_types=["bytes"])
    assert (out["checked"], out["contradictions"]) == (2, [])


def test_a_standard_library_name_is_the_standard_librarys_where_the_module_binds_it_to_a_class():
    # click.types binds `datetime` to the class datetime.datetime; the worker's namespace (the bench's
    # `from click.types import safecall`) does not, so `datetime.date(2024, 1, 5)` is a date there.
    out = recheck("year_of", [], [(1, "year_of(datetime.date(2024, 1, 5))", "2024")], [record(1, "datetime.date(2024, 1, 5)", "2024")],
                  module="shadows_datetime")
    assert (out["checked"], out["contradictions"]) == (1, [])


def iterated(index, arg, repr_, type_, raised=None, items=()):
    r = record(index, arg, repr_, type_)
    r["result"]["value"]["iteration"] = {"items": list(items), "ended": raised is None, **({"raised": {"type": raised, "message": ""}} if raised else {})}
    return r


def raise_line(index, type_, text):
    return {"part": "raises", "text": text, "support": [index], "tested": [], "check": {"kind": "raises", "type": type_, "probe": index}}


def test_a_raise_blamed_on_the_keyword_arguments_parameter_counts_it_as_one_argument():
    # attr.make_class: "ValueError with `attributes_arguments={'cmp': True, 'order': True}` …, but
    # with `attributes_arguments` left out it returned": the re-check counted each keyword apart.
    mixed = {"status": "raised", "exception": {"type": "ValueError", "message": ""}, "durationMs": 1}
    records = [{**record(1, "1", "1"), "kwargs": {"a": "1", "b": "2"}, "result": mixed}, record(2, "1", "1")]
    whole = ("ValueError with `options={'a': 1, 'b': 2}` (with_options(1, a=1, b=2): do not mix a with b), "
             "but with `options` left out (its default) it returned an int.")
    apart = "ValueError with `a=1` (with_options(1, a=1, b=2): do not mix a with b), but with `a` left out it returned an int."
    for text, contradictions in ((whole, []), (apart, ["the contrast call differs in ['a', 'b'], not one argument"])):
        line = dict(raise_line(1, "ValueError", text), check={"kind": "raises", "type": "ValueError", "probe": 1, "contrast": 2})
        job = {"module": "true_lines", "qualname": "with_options", "params": ["x", "options"], "records": records,
               "report": {"returnTypes": ["int"], "properties": [], "description": {"summary": "", "examples": [], "claims": [line]}}}
        env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
        p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
        out = json.loads(p.stdout)
        assert (out["checked"], [c["why"] for c in out["contradictions"]]) == (1, contradictions)


def test_a_raise_is_re_run_in_a_new_process_when_an_earlier_call_here_filled_what_it_lacked():
    # The worker runs each call in a process of its own: filled('a') raises KeyError there, while in
    # the re-check's one process the example's filled('a', 1) ran first and filed 'a'.
    missing = {"status": "raised", "exception": {"type": "KeyError", "message": "'a'"}, "durationMs": 1}
    records = [{**record(1, "'a'", "1"), "args": ["'a'", "1"]}, {**record(2, "'a'", ""), "result": missing}]
    claims = [example(1, "filled('a', 1)", "1"),
              dict(raise_line(2, "KeyError", "KeyError with `value` left out (filled('a'): 'a'), but with `value=1` it returned an int."),
                   check={"kind": "raises", "type": "KeyError", "probe": 2, "contrast": 1})]
    job = {"module": "true_lines", "qualname": "filled", "params": ["key", "value"], "records": records, "report": {
        "returnTypes": ["int"], "properties": [], "description": {"summary": "", "examples": [{"call": "filled('a', 1)", "result": "1", "probe": 1}],
                                                                  "claims": claims}}}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    out = json.loads(p.stdout)
    assert (out["checked"], out["contradictions"]) == (2, [])


def test_a_call_that_returned_an_object_whose_iteration_raises_returned():
    # gzip.open(io.BytesIO(b''), 'abc') returns a write-mode GzipFile: the worker records the call as
    # returned and its iteration as raised; the re-check took the iteration's AttributeError for the call's.
    rec = iterated(1, "'w'", "<WriteOnly>", "true_lines.WriteOnly", raised="AttributeError")
    out = recheck("open_for_writing", [], [(1, "open_for_writing('w')", "<WriteOnly>")], [rec], module="true_lines",
                  summaries=[("Returns a WriteOnly for 'w'.", [1])], return_types=["true_lines.WriteOnly"])
    assert (out["checked"], out["contradictions"]) == (2, [])


def test_a_raise_while_iterating_is_still_a_raise_and_a_generator_that_ends_is_not():
    records = [iterated(1, "-1", "<generator object countdown at 0x1>", "generator", raised="ValueError"),
               iterated(2, "2", "<generator object countdown at 0x1>", "generator", items=["2", "1"])]
    job = {"module": "true_lines", "qualname": "countdown", "params": ["n"], "records": records, "report": {
        "returnTypes": ["generator"], "properties": [], "description": {"summary": "", "examples": [], "claims": [
            raise_line(1, "ValueError", "ValueError with `n=-1` (raised while iterating the generator)"),
            raise_line(2, "ValueError", "ValueError with `n=2` (raised while iterating the generator)")]}}}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    out = json.loads(p.stdout)
    assert out["checked"] == 2
    assert [(c["text"][:16], c["why"]) for c in out["contradictions"]] == [("ValueError with ", "it returned")]
    assert "n=2" in out["contradictions"][0]["text"]


def test_standard_output_has_a_byte_buffer_as_in_the_worker():
    # pygments.cmdline.main(['a']) writes bytes to sys.stdout.buffer: 0 in the worker, 1 (no buffer) in the re-check.
    out = recheck("writes_bytes", [], [(1, "writes_bytes('x')", "0")], [record(1, "'x'", "0")], module="true_lines")
    assert (out["checked"], out["contradictions"]) == (1, [])


IDEMPOTENT = [{"name": "idempotent", "holds": True, "evidence": ""}]


def test_idempotence_is_tried_on_an_escaped_escape_of_the_functions_own_pattern():
    # email.quoprimime.header_decode: "idempotent" held on every input the explorer tried; '=3D41' -> '=41' -> 'A'.
    out = recheck("unescape", IDEMPOTENT, [], [record(1, "'abc'", "'abc'", "str"), record(2, "'=41'", "'A'", "str")],
                  module="false_lines", return_types=["str"])
    assert [c["text"] for c in out["contradictions"]] == ["idempotent"]
    assert "f of that" in out["contradictions"][0]["why"]
    # A function that is idempotent is not refuted by those texts.
    out = recheck("squeeze", IDEMPOTENT, [], [record(1, "'a  b'", "'a b'", "str")], module="false_lines", return_types=["str"])
    assert (out["checked"], out["contradictions"]) == (1, [])


def raised(index, args, kwargs=None):
    return {"index": index, "args": args, "kwargs": kwargs or {}, "origin": "offline",
            "result": {"status": "raised", "exception": {"type": "TypeError", "message": ""}, "durationMs": 1}}


def parameter_lines(texts, records):
    claims = [{"part": "parameter", "text": t, "support": [], "tested": [r["index"] for r in records]} for t in texts]
    job = {"module": "false_lines", "qualname": "scaled", "params": ["x", "factor"], "records": records,
           "report": {"returnTypes": ["int"], "properties": [], "description": {"summary": "", "examples": [], "claims": claims}}}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    return json.loads(p.stdout)


def test_a_parameter_line_no_call_rests_on_is_re_run_from_the_calls_it_speaks_of():
    # "no call with it returned" and "calls with `v` raised where the same call with it left out
    # returned" rest on no returned call: an earlier re-check left every such line (58 of the
    # development half's 61 unchecked) not re-checked.
    true = parameter_lines(["factor: calls with `'a'` raised where the same call with it left out returned (may be left out)"],
                           [raised(1, ["3", "'a'"]), record(2, "3", "6")])
    assert (true["checked"], true["contradictions"]) == (1, [])
    # The same lines over calls that really return with it: each is found false.
    false = parameter_lines(["factor: no call with it returned (may be left out)",
                             "factor: calls with `4` raised where the same call with it left out returned (may be left out)"],
                            [raised(1, ["3", "4"]), record(2, "3", "6")])
    assert false["checked"] == 2
    assert [c["why"] for c in false["contradictions"]] == ["a call giving it returned", "the call giving it returned"]


RANDOM = [{"name": "uses-randomness", "holds": True, "evidence": ""}]


def test_uses_randomness_is_re_run_under_other_seeds_and_an_address_is_no_randomness():
    # Once never re-checked ("no law to re-run"). semantic_version Clause.prettyprint returns a text
    # holding an object's address: the explorer said it uses randomness.
    out = recheck("roll", RANDOM, [], [record(1, "1000000", "123456")], module="false_lines")
    assert (out["checked"], out["contradictions"]) == (1, [])
    out = recheck("labelled", RANDOM, [], [record(1, "'a'", "'a <object at 0x1>'", "str")], module="false_lines", return_types=["str"])
    assert out["checked"] == 1
    assert [c["text"] for c in out["contradictions"]] == ["uses-randomness"]


PURE = [{"name": "pure", "holds": True, "evidence": ""}]


def test_no_side_effects_is_tried_on_receivers_whose_attributes_hold_other_values():
    # tomlkit Table.invalidate_display_name: "no side effects" on receivers whose display_name was None already.
    rec = dict(record(1, "3", "None", "NoneType"), args=[], receiver="Named()")
    out = recheck("Named.invalidate", PURE, [], [rec], module="false_lines", return_types=["NoneType"])
    assert out["checked"] == 1
    assert [(c["text"], c["why"]) for c in out["contradictions"]] == [("pure", "an argument changed")]
    rec = dict(record(1, "3", "'[None]'", "str"), args=[], receiver="Named()")
    out = recheck("Named.shown", PURE, [], [rec], module="false_lines", return_types=["str"])
    assert (out["checked"], out["contradictions"]) == (1, [])


def summary_of(qualname, sentence, records, return_types):
    return recheck(qualname, [], [], records, module="false_lines", summaries=[(sentence, [r["index"] for r in records])], return_types=return_types)


def test_a_relation_stated_in_the_summary_is_tested_on_fresh_calls_and_on_the_calls_it_rests_on():
    # Once only the values of the calls it rests on were compared again.
    keeps = "Keeps the letters and digits in order and their case, changing only what stands between them."
    folds = "Keeps the letters and digits in order, changing only their case and what stands between them."
    out = summary_of("grouped", keeps, [record(1, "'1000'", "'1,000'", "str")], ["str"])
    assert [c["why"] for c in out["contradictions"]] == ["f('0001') = '1': the letters and digits differ"]
    out = summary_of("shout", keeps, [record(1, "'ab1'", "'AB1!'", "str")], ["str"])
    assert len(out["contradictions"]) == 1
    out = summary_of("shout", folds, [record(1, "'ab1'", "'AB1!'", "str")], ["str"])
    assert (out["checked"], out["contradictions"]) == (1, [])
    # What a call did to its receiver: on the calls it rests on, seen in the whole (pickled) state.
    bump, peek = (dict(record(1, "3", v, t), args=[], receiver="Tally()") for v, t in (("None", "NoneType"), ("0", "int")))
    assert summary_of("Tally.bump", "Changes its receiver in place.", [bump], ["NoneType"])["contradictions"] == []
    out = summary_of("Tally.peek", "Changes its receiver in place.", [peek], ["int"])
    assert [c["why"] for c in out["contradictions"]] == ["the receiver did not change (its whole pickled state is the same)"]


def test_a_margin_a_wrap_and_quotes_said_in_the_summary_are_tested_on_fresh_calls():
    # Sentences teach14 added to the relation catalogue: each is tested from its meaning here.
    margin = "Removes the indentation (spaces and tabs) that all the lines of `text` begin with."
    out = summary_of("all_margins", margin, [record(1, "'  a\\n    b'", "'a\\nb'", "str")], ["str"])
    assert len(out["contradictions"]) == 1, out
    wrap = "Wraps `text` into a list of lines, each of at most `width` characters, breaking at whitespace."
    out = summary_of("halves", wrap, [dict(record(1, "'ab cd'", "['ab ', 'cd']", "list"), args=["'ab cd'", "2"])], ["list"])
    assert [c["why"] for c in out["contradictions"]][:1] == ["f('ab cd', 2) has a line of 3 characters"], out
    quote = "Puts `s` between single quotes, writing each `'` in it as `'\"'\"'`."
    out = summary_of("single_quoted", quote, [record(1, "\"it's\"", "\"'it's'\"", "str")], ["str"])
    assert len(out["contradictions"]) == 1, out


def test_the_re_checks_own_copies_of_a_receiver_leave_its_class_as_it_was():
    # Copying or pickling an object caches `__slotnames__` on its class (copyreg): cmd.Cmd().get_names()
    # then listed it, and its true example was refuted once "no side effects" had copied receivers.
    shown = repr(sorted(["__dict__", "__doc__", "__init__", "__module__", "names"]))
    rec = dict(record(1, "3", shown, "list"), args=[], receiver="Names()")
    out = recheck("Names.names", PURE, [(1, "Names().names()", shown)], [rec], module="true_lines", return_types=["list"])
    assert (out["checked"], out["contradictions"]) == (2, [])


def test_a_summary_resting_on_calls_that_raised_is_re_run_from_them():
    # urllib.parse.urlunsplit: "Raises an error whose class depends on `components` (… → AttributeError, …)"
    # rests on raises only, and was counted as not re-checked.
    sentence = "Raises an error whose class depends on `factor`."
    out = recheck("scaled", [], [], [raised(1, ["3", "'a'"])], module="false_lines", summaries=[(sentence, [1])])
    assert (out["checked"], out["contradictions"]) == (1, [])
    out = recheck("scaled", [], [], [raised(1, ["3", "4"])], module="false_lines", summaries=[(sentence, [1])])
    assert [c["why"] for c in out["contradictions"]] == ["a call it rests on returned, not TypeError"]


def test_a_generator_that_raises_when_iterated_did_not_return_and_another_object_did():
    # dis.findlinestarts(3) raises only when iterated: "code: no call with it returned" holds. gzip.open's
    # write-mode GzipFile, which raises only when iterated, was returned: "no call with it returned" is false.
    gen = iterated(1, "-1", "<generator object countdown at 0x1>", "generator", raised="ValueError")
    line = {"part": "parameter", "text": "n: no call with it returned", "support": [], "tested": [1]}
    job = {"module": "true_lines", "qualname": "countdown", "params": ["n"], "records": [gen],
           "report": {"returnTypes": [], "properties": [], "description": {"summary": "", "examples": [], "claims": [line]}}}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    run = lambda j: json.loads(subprocess.run([sys.executable, RECHECK], input=json.dumps(j), capture_output=True, text=True, timeout=120, env=env).stdout)  # noqa: E731
    assert (run(job)["checked"], run(job)["contradictions"]) == (1, [])
    job["qualname"], job["records"] = "open_for_writing", [iterated(1, "'w'", "<WriteOnly>", "true_lines.WriteOnly", raised="AttributeError")]
    job["report"]["description"]["claims"] = [dict(line, text="mode: no call with it returned")]
    assert [c["why"] for c in run(job)["contradictions"]] == ["a call giving it returned"]


def test_a_value_drawn_once_a_process_uses_randomness_across_processes():
    rec = dict(record(1, "3", "123", "int"), args=[])
    out = recheck("node", RANDOM, [], [rec], module="true_lines")
    assert (out["checked"], out["contradictions"]) == (1, [])


def test_a_call_that_returned_a_generator_whose_iteration_raised_gives_that_again():
    # difflib.ndiff(3, 3) returned a generator that raised TypeError while iterated: "charjunk: … (may be
    # left out)" rests on such calls leaving it out, and an earlier re-check read their raise as a refutation.
    gen = iterated(1, "'a'", "<generator object steps at 0x1>", "generator", raised="TypeError")
    line = {"part": "parameter", "text": "step: no call with it returned (may be left out)", "support": [], "tested": [1]}
    job = {"module": "true_lines", "qualname": "steps", "params": ["n", "step"], "records": [gen],
           "report": {"returnTypes": ["generator"], "properties": [], "description": {"summary": "", "examples": [], "claims": [line]}}}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    out = json.loads(subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env).stdout)
    assert (out["checked"], out["contradictions"]) == (1, [])


def test_a_line_marked_as_one_draw_holds_when_some_draw_gives_what_it_says():
    # random.Random.choice given a dict: the same call returned in one draw and raised KeyError in
    # another. A line marked `draws` says what one draw gave; an unmarked one says the call does so.
    keyed = "{0: 'a', 5: 'b'}"
    missing = {"status": "raised", "exception": {"type": "KeyError", "message": "1"}, "durationMs": 1}
    records = [record(1, keyed, "'a'", "str"), {**record(2, keyed, ""), "result": missing}]

    def lines(draws):
        marked = {"draws": True} if draws else {}
        return [{"part": "summary", "text": "In the calls tried, it returned a str.", "support": [1], "tested": [1], **marked},
                {**raise_line(2, "KeyError", "KeyError with `seq={0: 'a', 5: 'b'}`."), **marked}]

    for draws in (True, False):
        job = {"module": "true_lines", "qualname": "drawn_item", "params": ["seq"], "records": records,
               "report": {"returnTypes": ["str"], "properties": [], "description": {"summary": "", "examples": [], "claims": lines(draws)}}}
        env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
        p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
        out = json.loads(p.stdout)
        assert out["checked"] == 2
        # Seed 0 gives one of the two outcomes: unmarked, the line of the other is false.
        assert len(out["contradictions"]) == (0 if draws else 1), out["contradictions"]
    # A marked line no draw gives is still false: an empty dict raises in every draw.
    empty = [{**record(1, "{}", "'a'", "str")}]
    job = {"module": "true_lines", "qualname": "drawn_item", "params": ["seq"], "records": empty,
           "report": {"returnTypes": ["str"], "properties": [], "description": {"summary": "", "examples": [], "claims": lines(True)[:1]}}}
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    assert [c["why"] for c in json.loads(p.stdout)["contradictions"]] == ["a call it rests on raised ValueError"]


def test_a_call_quoted_with_its_result_prints_it_again_whatever_the_function_is_said_to_be():
    # toolz dissoc: "dissoc(d, len) → {'pears': 5, 'apples': 3}" in the summary, and "it returned {…}"
    # after a raise line's contrast call, of a function not said to be deterministic: both quote a
    # key order one hash seed gave.
    raised = {"status": "raised", "exception": {"type": "TypeError", "message": "n must be an int"}, "durationMs": 1}
    records = [record(1, "1", "{'a': 1, 'b': 1}", "dict"), {**record(2, "'x'", ""), "result": raised}]
    pairs = "keyed(1) → {'a': 1, 'b': 1}; keyed(2) → {'b': 2, 'a': 2}"
    contrast = "TypeError for `n='x'`: n must be an int (with `n=1` it returned {'a': 1, 'b': 1})."
    line = dict(raise_line(2, "TypeError", contrast), check={"kind": "raises", "type": "TypeError", "probe": 2, "contrast": 1})
    job = {"module": "false_lines", "qualname": "keyed", "params": ["n"], "records": records, "report": {
        "returnTypes": ["dict"], "properties": [], "description": {"summary": pairs, "examples": [], "claims": [
            {"part": "summary", "text": pairs, "support": [1], "tested": [1]}, line]}}}
    env = dict(os.environ, PYTHONPATH=os.path.join(HERE, "recheck_targets"), PAU_RECHECK_LINE_SECONDS="4")
    p = subprocess.run([sys.executable, RECHECK], input=json.dumps(job), capture_output=True, text=True, timeout=120, env=env)
    out = json.loads(p.stdout)
    assert out["checked"] == 2
    assert sorted((c["part"], c["why"]) for c in out["contradictions"]) == [
        ("raises", "the contrast call returned {'b': 1, 'a': 1}"),
        ("summary", "a call it quotes returned {'b': 1, 'a': 1}, not {'a': 1, 'b': 1}"),
    ]
