"""Fresh texts for the re-check's laws, from what the function's own code matches its input against.

A law stated of a text function (idempotent: f(f(x)) == f(x)) was seen on the explorer's inputs; a
decoder holds it on every text that has no escape in what it decodes to. Its counterexample is an
escaped escape: email.quoprimime.header_decode('=3D41') == '=41', and f of that is 'A'. So, from
the regular expressions the target's code holds (string constants, and compiled patterns or
strings it names among its module's globals):
- `matches`: strings each pattern matches, enumerated (all of a small language, a bounded sample
  of a large one);
- `escaped_escapes`: for a match m that the function shortens to y, where y begins another match m2,
  the text m + m2[len(y):], which the function turns into m2 (a match again, for a second call).
Written for the re-check alone (test/bench/sampled/recheck.py): the explorer's own inputs
(src/explorer) are not read here.
"""
import itertools
import re
import types

try:
    from re import _parser as sre  # Python 3.11+
except ImportError:  # pragma: no cover -- 3.9 and 3.10
    import sre_parse as sre  # type: ignore[no-redef]

# Alternatives kept per node of a pattern, and matches kept per pattern.
PER_NODE = 500
PER_PATTERN = 600
# Characters tried for "any character" and for a negated class (ASCII: a law seen on ASCII texts only
# is not refuted by a character it never spoke of).
ANY = "aZ0 -_&#;%=\\"
CATEGORIES = {
    "CATEGORY_DIGIT": "0123456789",
    "CATEGORY_NOT_DIGIT": "a -",
    "CATEGORY_SPACE": " \t\n",
    "CATEGORY_NOT_SPACE": "aZ0-",
    "CATEGORY_WORD": "aZ0_",
    "CATEGORY_NOT_WORD": " -&",
}


def code_texts(fn):
    """The string constants of `fn`'s code (its nested functions' too), and the pattern or text of
    each compiled regex or string it names among its module's globals."""
    fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    if code is None:
        return []
    glob = getattr(fn, "__globals__", {})
    doc = fn.__doc__  # what the function says of itself is no part of what it does
    out, stack = [], [code]
    while stack:
        c = stack.pop()
        for k in c.co_consts:
            if isinstance(k, types.CodeType):
                stack.append(k)
            elif isinstance(k, str) and k != doc:
                out.append(k)
        for name in c.co_names:
            v = glob.get(name)
            if isinstance(v, re.Pattern) and isinstance(v.pattern, str):
                out.append(v.pattern)
            elif isinstance(v, str):
                out.append(v)
    return list(dict.fromkeys(out))


def _class_members(items):
    chars, negate = [], False
    for op, av in items:
        name = str(op)
        if name == "NEGATE":
            negate = True
        elif name == "LITERAL":
            chars.append(chr(av))
        elif name == "RANGE":
            lo, hi = av
            span = range(lo, hi + 1)
            chars.extend(chr(c) for c in (span if len(span) <= 26 else [lo, lo + 1, (lo + hi) // 2, hi]))
        elif name == "CATEGORY":
            chars.extend(CATEGORIES.get(str(av), ""))
    if negate:
        return [c for c in ANY if c not in chars][:6]
    return list(dict.fromkeys(chars))


def _alternatives(items):
    """Strings the parsed sequence `items` matches, at most PER_NODE."""
    parts = []
    for op, av in items:
        name = str(op)
        if name == "LITERAL":
            alts = [chr(av)]
        elif name == "NOT_LITERAL":
            alts = [c for c in ANY if c != chr(av)][:4]
        elif name == "ANY":
            alts = list(ANY[:4])
        elif name == "IN":
            alts = _class_members(av)
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            lo, hi, sub = av
            inner = _alternatives(sub)
            top = min(hi, lo + 2)
            alts = []
            for n in range(lo, top + 1):
                alts.extend("".join(p) for p in itertools.islice(itertools.product(inner, repeat=n), PER_NODE))
        elif name == "SUBPATTERN":
            alts = _alternatives(av[-1])
        elif name == "ATOMIC_GROUP":
            alts = _alternatives(av)
        elif name == "BRANCH":
            alts = [s for branch in av[1] for s in _alternatives(branch)]
        elif name in ("AT", "ASSERT", "ASSERT_NOT"):
            continue  # an anchor or a look-around matches no text of its own
        else:
            raise ValueError(name)  # a back-reference, a conditional: not enumerated
        parts.append(alts[:PER_NODE] or [""])
    return ["".join(p) for p in itertools.islice(itertools.product(*parts), PER_NODE)]


def matches(pattern):
    """Strings `pattern` fully matches (enumerated, at most PER_PATTERN); [] for a text that is no pattern."""
    try:
        compiled = re.compile(pattern)
        parsed = sre.parse(pattern)
    except (re.error, RecursionError, ValueError, TypeError, OverflowError):
        return []
    parts = []
    try:
        for item in parsed.data:
            parts.append(_alternatives([item])[:PER_NODE])
    except (ValueError, RecursionError):
        return []
    out = []
    for p in itertools.islice(itertools.product(*parts), PER_PATTERN * 4):
        s = "".join(p)
        if compiled.fullmatch(s):
            out.append(s)
            if len(out) >= PER_PATTERN:
                break
    return list(dict.fromkeys(out))


def is_pattern(text):
    """A text written as a regular expression (a class, a repeat, a group), not a plain word."""
    return 2 <= len(text) <= 300 and bool(re.search(r"\[[^\]]+\]|[+*?}]|\\[dwsDWS]|\(\?", text))


def escaped_escapes(call, texts, limit=12):
    """Texts the function decodes to a match of one of its patterns: see the module docstring.
    `call(text)` is the function on one text (None when it raised or returned no text)."""
    pool = []
    for t in texts:
        if is_pattern(t):
            pool.extend(matches(t))
    pool = list(dict.fromkeys(pool))
    out = []
    for m in pool:
        y = call(m)
        if not isinstance(y, str) or not y or len(y) >= len(m):
            continue
        for m2 in pool:
            if m2.startswith(y) and len(m2) > len(y):
                out.append(m + m2[len(y):])
                break
        if len(out) >= limit:
            break
    return out
