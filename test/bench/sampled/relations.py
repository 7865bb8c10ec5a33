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


def margin_removed(name, blank_emptied):
    """The text given as `name` with the spaces and tabs all its lines begin with taken off (and lines
    of only spaces or tabs emptied, when the sentence says so): textwrap.dedent is that meaning."""
    import textwrap

    def test(call):
        given = call.named.get(name)
        if not isinstance(given, str) or not isinstance(call.value, str):
            return NA
        want = textwrap.dedent(given)
        if not blank_emptied and any(line.strip(" \t") == "" and line for line in given.split("\n")):
            return NA
        return None if call.value == want else "f(%r) = %r, not the text taken back to its margin %r" % (given[:40], call.value[:40], want[:40])

    return test


def wrapped(name, width_name, listed):
    """Lines of at most `width` characters that hold the text's characters but whitespace, in order."""

    def test(call):
        given, width = call.named.get(name), call.named.get(width_name)
        if not isinstance(given, str) or not isinstance(width, int) or isinstance(width, bool):
            return NA
        lines = call.value if listed else call.value.split("\n") if isinstance(call.value, str) else None
        if not isinstance(lines, list) or not all(isinstance(line, str) for line in lines):
            return "f(%r, %r) gave %r, not %s" % (given[:40], width, call.value, "a list of lines" if listed else "lines")
        if "".join("".join(lines).split()) != "".join(given.split()):
            return "f(%r, %r) = %r: the characters but whitespace differ" % (given[:40], width, lines[:3])
        long = [line for line in lines if len(line) > width]
        return "f(%r, %r) has a line of %d characters" % (given[:40], width, len(long[0])) if long else None

    return test


def quoted(name, mark, inside):
    """The text given back as it is, or between `mark`s with each `mark` in it written as `inside`."""

    def test(call):
        given = call.named.get(name)
        if not isinstance(given, str) or not isinstance(call.value, str) or len(call.named) != 1:
            return NA
        if mark in given and inside is None:
            return NA
        if call.value == given or call.value == mark + given.replace(mark, inside or mark) + mark:
            return None
        return "f(%r) = %r: neither the text nor the text between %s" % (given[:40], call.value[:40], mark)

    return test


# (sentence, whether fresh calls are tried or only the calls it rests on, the test made from its match).
SENTENCES = [
    (re.compile(r"^Returns `(\w+)` unchanged\.$"), True, lambda m: unchanged(m.group(1))),
    (re.compile(r"^Keeps the letters and digits in order and their case, changing only what stands between them\."), True, lambda m: keeps_letters(False)),
    (re.compile(r"^Keeps the letters and digits in order, changing only their case and what stands between them\."), True, lambda m: keeps_letters(True)),
    # What a call did to its receiver depends on the receiver's state: the calls it rests on only.
    (
        re.compile(r"^Removes the indentation \(spaces and tabs\) that all the lines of `(\w+)` begin with(; a line of only spaces or tabs becomes empty)?\."),
        True,
        lambda m: margin_removed(m.group(1), m.group(2) is not None),
    ),
    (
        re.compile(r"^Wraps `(\w+)` into (a list of lines|lines joined by newlines), each of at most `(\w+)` characters"),
        True,
        lambda m: wrapped(m.group(1), m.group(3), m.group(2) == "a list of lines"),
    ),
    (
        re.compile(r"^Puts `(\w+)` between (single|double) quotes(?:, writing each `(.)` in it as `([^`]+)`)?[;.]"),
        True,
        lambda m: quoted(m.group(1), "'" if m.group(2) == "single" else '"', m.group(4)),
    ),
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
