"""A runtime check that a JSON value has the shape of a generated protocol TypedDict (the
static side is pyright's). Knows exactly the constructs protocol.py uses."""
import sys
import typing

from pau_probe import protocol

_NAMESPACE = vars(protocol)


def _hints(typed_dict):
    return typing.get_type_hints(typed_dict, globalns=_NAMESPACE)


def problems(value, annotation, where="message"):
    """Every way `value` differs from `annotation`; [] when it conforms."""
    if isinstance(annotation, str):
        annotation = _NAMESPACE[annotation]
    if isinstance(annotation, typing.ForwardRef):
        annotation = _NAMESPACE[annotation.__forward_arg__]
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if annotation in (None, type(None)):
        return [] if value is None else ["%s: expected null, got %r" % (where, value)]
    if annotation is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else ["%s: expected a number, got %r" % (where, value)]
    if annotation in (str, bool):
        return [] if type(value) is annotation else ["%s: expected %s, got %r" % (where, annotation.__name__, value)]
    if origin is typing.Literal:
        return [] if value in args else ["%s: expected one of %r, got %r" % (where, args, value)]
    if origin is typing.Union:
        found = [problems(value, member, where) for member in args]
        if any(not p for p in found):
            return []
        return ["%s: matches no member of the union (%s)" % (where, "; ".join(p[0] for p in found))]
    if origin in (list, tuple):
        if not isinstance(value, list):
            return ["%s: expected a JSON array, got %r" % (where, value)]
        if origin is tuple:
            if len(value) != len(args):
                return ["%s: expected %d items, got %d" % (where, len(args), len(value))]
            return [p for i, (v, a) in enumerate(zip(value, args)) for p in problems(v, a, "%s[%d]" % (where, i))]
        return [p for i, v in enumerate(value) for p in problems(v, args[0], "%s[%d]" % (where, i))]
    if origin is dict:
        if not isinstance(value, dict):
            return ["%s: expected an object, got %r" % (where, value)]
        return [p for k, v in value.items() for p in problems(v, args[1], "%s.%s" % (where, k))]
    if isinstance(annotation, type) and issubclass(annotation, dict):  # a TypedDict
        if not isinstance(value, dict):
            return ["%s: expected a %s object, got %r" % (where, annotation.__name__, value)]
        hints = _hints(annotation)
        out = []
        for key in annotation.__required_keys__:
            if key not in value:
                out.append("%s: %s lacks %r" % (where, annotation.__name__, key))
        for key, item in value.items():
            if key not in hints:
                out.append("%s: %s has no field %r" % (where, annotation.__name__, key))
            else:
                out.extend(problems(item, hints[key], "%s.%s" % (where, key)))
        return out
    raise TypeError("conforms: unknown annotation %r" % (annotation,))


if sys.version_info < (3, 9):  # pragma: no cover
    raise RuntimeError("the protocol check needs Python 3.9+ (typing.get_origin on TypedDicts)")
