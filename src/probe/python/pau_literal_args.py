"""Stand-in for pau_safe_args while it is being written: accepts Python literals only."""
import ast


class ArgumentRejected(Exception):
    pass


def check(source, names):
    try:
        ast.literal_eval(source)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise ArgumentRejected("only Python literals are accepted (numbers, strings, bytes, None, True/False, "
                               "tuples, lists, dicts, sets), got %r" % (source[:80],))


def evaluate(source, namespace):
    return ast.literal_eval(source)
