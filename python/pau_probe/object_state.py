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


_UNSET = object()


def _slot_names(cls: type) -> List[str]:
    names: List[str] = []
    for klass in cls.__mro__:
        slots = vars(klass).get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if isinstance(name, str) and name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return names


def _held(obj: object) -> Dict[str, Any]:
    """The object's own attributes and slots (a slot not set as _UNSET), read without user code."""
    held = {"d:" + k: v for k, v in _own_attributes(obj).items()}
    for name in _slot_names(type(obj)):
        try:
            held["s:" + name] = object.__getattribute__(obj, name)
        except AttributeError:
            held["s:" + name] = _UNSET
    return held


def _put_back(obj: object, held: Dict[str, Any]) -> bool:
    """Whether the object's own attributes or slots are other than `held` (the same values, by
    identity); when they are, they are made `held` again."""
    now = _held(obj)
    if now.keys() == held.keys() and all(now[k] is v for k, v in held.items()):
        return False
    try:
        found = object.__getattribute__(obj, "__dict__")
        found.clear()
        found.update({k[2:]: v for k, v in held.items() if k.startswith("d:")})
    except (AttributeError, TypeError):
        pass
    for key, value in held.items():
        if not key.startswith("s:"):
            continue
        try:
            if value is _UNSET:
                object.__delattr__(obj, key[2:])
            else:
                object.__setattr__(obj, key[2:], value)
        except (AttributeError, TypeError):
            pass
    return True


def state(obj: object) -> Optional[ObjectState]:
    """The receiver's plain public state, or None when it shows nothing plain."""
    if obj is None:
        return None
    attributes: List[ObjectStateAttributesItem] = []
    candidates = [(name, value) for name, value in _own_attributes(obj).items() if not name.startswith("_")]
    for name in _properties(type(obj)):
        if len(candidates) >= MAX_ATTRIBUTES:
            break
        held = _held(obj)
        try:
            value = getattr(obj, name)
        except Exception:  # noqa: B902 -- a property that raises shows nothing
            _put_back(obj, held)
            continue
        # Read before the call too: a property that fills the object as it is read (minidom's
        # Element.attributes makes _attrsNS a dict) would change what the call then does.
        if _put_back(obj, held):
            continue
        candidates.append((name, value))
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
