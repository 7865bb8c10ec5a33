"""Functions whose false description lines an earlier recheck.py did not find (test_recheck.py)."""
import re

_ESCAPE = re.compile(r"=[0-9A-F]{2}")


def unescape(text):
    """Decodes each =XX hex escape (email.quoprimime.header_decode's way): not idempotent, '=3D41' -> '=41' -> 'A'."""
    return _ESCAPE.sub(lambda m: chr(int(m.group(0)[1:], 16)), text)


def squeeze(text):
    """Each run of whitespace as one space: idempotent, whatever the text."""
    return re.sub(r"\s+", " ", text)


def scaled(x, factor=2):
    """x times factor; a text factor raises TypeError."""
    if isinstance(factor, str):
        raise TypeError("factor must be a number")
    return x * factor


def roll(sides):
    """A random number from 1 to sides: it does use randomness."""
    import random

    return random.randint(1, sides)


def labelled(text):
    """The text with the address of a new object in it: another text on each call, and no randomness."""
    return "%s <object at %s>" % (text, hex(id(object())))


class Named:
    """A table whose display name a method resets (tomlkit's Table.invalidate_display_name)."""

    def __init__(self):
        self.display_name = None

    def invalidate(self):
        self.display_name = None

    def shown(self):
        return "[%s]" % self.display_name


def grouped(digits):
    """The digits with a comma every three, leading zeros dropped (humanize.intcomma('0000000') == '0')."""
    return "{:,}".format(int(digits))


def keyed(n):
    """Two text keys, always in this order: a worker under another hash seed printed them the other way
    (toolz.dissoc fills its dict from a set of text)."""
    if not isinstance(n, int):
        raise TypeError("n must be an int")
    return {"b": n, "a": n}


def shout(text):
    """The text upper-cased, with '!' after it."""
    return text.upper() + "!"


class Tally:
    """A count that bump() raises and peek() only reads."""

    def __init__(self):
        self.n = 0

    def bump(self):
        self.n += 1

    def peek(self):
        return self.n


def all_margins(text):
    """Takes off every line's own indentation, however deep (not textwrap.dedent, which keeps what lines indent beyond the shared one)."""
    return "\n".join(line.lstrip(" \t") for line in text.split("\n"))


def halves(text, width=70):
    """The text cut into pieces of one character more than `width` (not a wrap to `width`)."""
    step = max(1, width + 1)
    return [text[i:i + step] for i in range(0, len(text), step)]


def single_quoted(s):
    """The text between single quotes, a quote inside left as it is (not shlex.quote)."""
    return "'" + s + "'"
