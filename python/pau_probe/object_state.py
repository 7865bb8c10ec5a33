"""What a method's receiver holds, as plain data: its public attributes and its len().

The offline explorer compares the receiver's state before and after a call to say what a
method that returns nothing did to its object ("increments `count` by 1"). The state is read
from the instance's own `__dict__` (no user code) and from the public properties of its class
(user code, run inside the call's sandbox and time limit like the call itself); only values
that tagged() encodes as plain data and that stay small are kept.
"""
from __future__ import annotations

import json

from pau_probe.checking import TYPE_CHECKING
from pau_probe.render import tagged

if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional

    from pau_probe.protocol import ObjectState, ObjectStateAttributesItem, TaggedValue

# At most this many attributes, each at most this many characters as JSON: a state travels
# twice with every call on a method.
MAX_ATTRIBUTES = 8
MAX_VALUE_CHARS = 400


def _small(value: Optional[TaggedValue]) -> bool:
    return value is not None and len(json.dumps(value)) <= MAX_VALUE_CHARS


def _own_attributes(obj: object) -> Dict[str, Any]:
    try:
        found = object.__getattribute__(obj, "__dict__")
    except AttributeError:
        return {}
    return dict(found) if type(found) is dict else {}  # pyright: ignore[reportUnknownArgumentType] -- a plain dict, read not called


def _properties(cls: type) -> List[str]:
    names: List[str] = []
    for klass in cls.__mro__:
        if klass is object:
            continue
        for name, member in vars(klass).items():
            if isinstance(member, property) and not name.startswith("_") and name not in names:
                names.append(name)
    return names


def state(obj: object) -> Optional[ObjectState]:
    """The receiver's plain public state, or None when it shows nothing plain."""
    if obj is None:
        return None
    attributes: List[ObjectStateAttributesItem] = []
    candidates = [(name, value) for name, value in _own_attributes(obj).items() if not name.startswith("_")]
    for name in _properties(type(obj)):
        if len(candidates) >= MAX_ATTRIBUTES:
            break
        try:
            candidates.append((name, getattr(obj, name)))
        except Exception:  # noqa: B902 -- a property that raises shows nothing
            continue
    for name, value in candidates[:MAX_ATTRIBUTES]:
        encoded = tagged(value)
        if encoded is not None and _small(encoded):
            attributes.append({"name": name, "value": encoded})
    out: ObjectState = {"attributes": attributes}
    if hasattr(type(obj), "__len__"):
        try:
            length = len(obj)  # type: ignore[arg-type]
        except Exception:  # noqa: B902 -- a __len__ that raises shows no length
            length = None
        if length is not None:
            out["length"] = length
    if not attributes and "length" not in out:
        return None
    return out
