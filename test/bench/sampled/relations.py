"""The summary sentences the re-check can test as relations, and their tests.

Each sentence of the explorer's relation catalogue (src/explorer/relations.ts, describe.ts) stated
as what the function does, read here into a test of one call: the call's arguments before it, what
it returned, and its arguments (the receiver first) after it. The explorer's own code is not used:
each test is written from the sentence's meaning.
"""
import re

# A test answers None (the call agrees), NA (the call is not one the sentence speaks of) or why it disagrees.
NA = "n/a"


def alnum(text, fold):
    kept = [c for c in text if c.isalnum()]
    return "".join(kept).casefold() if fold else "".join(kept)


def keeps_letters(fold):
    """The letters and digits of the first text argument, in order (and case, unless `fold`), in the text returned."""

    def test(call):
        texts = [a for a in call.given if isinstance(a, str)]
        # One text only: another (a separator) may put its own letters between them.
        if len(texts) != 1 or not isinstance(call.value, str):
            return NA
        if alnum(call.value, fold) == alnum(texts[0], fold):
            return None
        return "f(%r) = %r: the letters and digits differ" % (texts[0][:40], call.value[:40])

    return test


def unchanged(name):
    def test(call):
        if name not in call.named:
            return NA
        given = call.named[name]
        return None if type(call.value) is type(given) and call.value == given else "returned %r for `%s`=%r" % (call.value, name, given)  # noqa: E721

    return test


def receiver_changed(call):
    """Its receiver's state after the call is not what it was: as pickle writes it when it can (the
    whole state), else as its repr and attributes show it (no change seen there says nothing)."""
    if not call.has_receiver:
        return NA
    if call.whole is not None:
        return None if call.whole[0] != call.whole[1] else "the receiver did not change (its whole pickled state is the same)"
    return None if call.before[0] != call.after[0] else NA


def length_change(sign, n):
    def test(call):
        if not call.has_receiver or call.lengths is None:
            return NA
        got = call.lengths[1] - call.lengths[0]
        return None if got == sign * n else "its length went from %d to %d" % call.lengths

    return test


# (sentence, whether fresh calls are tried or only the calls it rests on, the test made from its match).
SENTENCES = [
    (re.compile(r"^Returns `(\w+)` unchanged\.$"), True, lambda m: unchanged(m.group(1))),
    (re.compile(r"^Keeps the letters and digits in order and their case, changing only what stands between them\."), True, lambda m: keeps_letters(False)),
    (re.compile(r"^Keeps the letters and digits in order, changing only their case and what stands between them\."), True, lambda m: keeps_letters(True)),
    # What a call did to its receiver depends on the receiver's state: the calls it rests on only.
    (re.compile(r"^Changes its receiver in place\b"), False, lambda m: receiver_changed),
    (re.compile(r"^The object's length (grows|shrinks) by (\d+)\."), False, lambda m: length_change(1 if m.group(1) == "grows" else -1, int(m.group(2)))),
]


def relation_of(text):
    """(test, fresh) for a summary sentence this module reads, else None."""
    for pattern, fresh, make in SENTENCES:
        m = pattern.search(text)
        if m:
            return make(m), fresh
    return None
