"""A receiver the explorer filled by method calls (src/explorer/prepared-receiver.ts) read back for
the pytest export (call._preparing_calls): only `s.method(positional args)` calls on the lambda's
own `s` count; any other shape is not a prepared receiver."""
import ast

from pau_probe.call import _preparing_calls  # pyright: ignore[reportPrivateUsage]


def _read(source: str):
    node, calls = _preparing_calls(ast.parse(source, mode="eval").body)
    return ast.unparse(node), [(name, [ast.unparse(a) for a in args]) for name, args in calls]


def test_the_object_made_and_the_calls_made_on_it():
    assert _read("(lambda s: (s.add('hello'), s.add('x'), s)[-1])(TodoList())") == (
        "TodoList()",
        [("add", ["'hello'"]), ("add", ["'x'"])],
    )


def test_any_other_shape_is_left_as_written():
    for source in [
        "TodoList()",
        "(lambda s: (s.add('a'), s)[0])(TodoList())",
        "(lambda t: (t.add('a'), t)[-1])(TodoList())",
        "(lambda s: (s.add(k='a'), s)[-1])(TodoList())",
        "(lambda s: (print('a'), s)[-1])(TodoList())",
        "(lambda s: (s.add('a'), TodoList())[-1])(TodoList())",
        "(lambda s: (s.add(*'a'), s)[-1])(TodoList())",
    ]:
        node, calls = _read(source)
        assert calls == [], source
        assert node == ast.unparse(ast.parse(source, mode="eval").body), source
