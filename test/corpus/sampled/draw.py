"""Draws the sampled measure's functions: public functions and methods of Debian-packaged
pure-Python libraries and of standard-library modules, by a fixed seed, with no name chosen by hand.

    /usr/bin/python3 test/corpus/sampled/draw.py            # writes draw.json and dev.txt beside it
    /usr/bin/python3 test/corpus/sampled/draw.py --check    # exit 1 when they are not what it draws
    /usr/bin/python3 test/corpus/sampled/draw.py --split    # recomputes the halves of draw.json (no imports)

Another draw, to measure on functions the committed one does not hold (the bench reads it with
PAU_SAMPLED_DRAW=path); the committed draw.json and dev.txt are left as they are:

    /usr/bin/python3 test/corpus/sampled/draw.py --seed 4242 --wide --per-source 3 --all-dev \
        --exclude test/corpus/sampled/draw.json --out /tmp/fresh.json

--wide adds the WIDE_PACKAGES and WIDE_STDLIB sources and leaves out test suites shipped inside
packages; --exclude (repeatable) leaves out every function of another draw (by id and by the
definition it names, so a re-export under another name is left out too), counted but not listed;
--all-dev puts every function in the development half, so the bench shows each one.
It draws only under /usr/bin/python3, the bench's interpreter (another one's package versions give
functions that do not import there), unless --python-ok.

The sources are chosen, the functions are not. A source qualifies when it is pure Python (the
explorer's coverage and the bench's re-run need Python code), works offline and has no GUI; among
those, libraries a user might open a function of: text, dates, versions, URLs, parsing, data
structures. Modules that exist to touch the system (os, shutil, subprocess, socket, tkinter) are
not sources. scripts/setup-bench.sh installs the Debian packages.

From each source, its public API: every submodule whose dotted name has no part with a leading
underscore, and in each the names of `__all__` when it has one, else the names without a leading
underscore; of those, the functions defined in the source and the public methods (plain, static or
class methods) written in the body of its public classes. The candidates of a source are shuffled
by the seed and taken in that order until PER_SOURCE are kept; a candidate is skipped, with its
reason written to draw.json, only when its source text shows it needs the network, a GUI or files
outside a scratch folder, or when it has no Python source or no readable signature.
"""
import argparse
import hashlib
import importlib
import inspect
import io
import json
import os
import pkgutil
import random
import re
import signal
import sys
import contextlib
import tempfile
import warnings

SEED = 20261202
PER_SOURCE = 5

# Debian python3-* packages (import name: Debian package).
PACKAGES = {
    "attr": "python3-attr",
    "boltons": "python3-boltons",
    "humanize": "python3-humanize",
    "inflection": "python3-inflection",
    "iniconfig": "python3-iniconfig",
    "more_itertools": "python3-more-itertools",
    "packaging": "python3-packaging",
    "pyparsing": "python3-pyparsing",
    "pygments": "python3-pygments",
    "six": "python3-six",
    "toml": "python3-toml",
    "toolz": "python3-toolz",
    "xmltodict": "python3-xmltodict",
    "yaml": "python3-yaml",
    "markupsafe": "python3-markupsafe",
    "pycodestyle": "python3-pycodestyle",
    "oauthlib": "python3-oauthlib",
    "dateutil": "python3-dateutil",
    "idna": "python3-idna",
    "tabulate": "python3-tabulate",
    "wcwidth": "python3-wcwidth",
    "sortedcontainers": "python3-sortedcontainers",
    "jmespath": "python3-jmespath",
    "unidecode": "python3-unidecode",
    "docopt": "python3-docopt",
    "parse": "python3-parse",
    "natsort": "python3-natsort",
    "rfc3986": "python3-rfc3986",
    "uritemplate": "python3-uritemplate",
    "isodate": "python3-isodate",
    "webcolors": "python3-webcolors",
    "inflect": "python3-inflect",
    "roman": "python3-roman",
    "slugify": "python3-slugify",
    "sqlparse": "python3-sqlparse",
    "markdown": "python3-markdown",
    "tomli": "python3-tomli",
    "tomlkit": "python3-tomlkit",
    "cachetools": "python3-cachetools",
    "semantic_version": "python3-semantic-version",
    "textdistance": "python3-textdistance",
    "colour": "python3-colour",
}

# Standard-library modules written in Python that compute rather than touch the system
# (ntpath is not one: Python 3.11 freezes it, so it has no source to cover).
STDLIB = [
    "textwrap", "string", "html", "difflib", "colorsys", "statistics", "fractions", "calendar",
    "ipaddress", "urllib.parse", "shlex", "email.utils", "fnmatch", "base64", "quopri", "json",
    "pprint", "reprlib", "random", "graphlib", "tomllib", "plistlib", "configparser",
    "re", "dataclasses", "functools", "email.header",
]

# More sources for a draw beyond the committed one (--wide): installed python3-* packages and
# standard-library modules of the same kind (pure Python, offline, no GUI, not there to touch the system).
WIDE_PACKAGES = {
    "click": "python3-click",
    "jwt": "python3-jwt",
    "colorama": "python3-colorama",
    "pyflakes": "python3-pyflakes",
    "mccabe": "python3-mccabe",
    "crcmod": "python3-crcmod",
    "pluggy": "python3-pluggy",
    "blinker": "python3-blinker",
    "argcomplete": "python3-argcomplete",
    "lazr.uri": "python3-lazr.uri",
    "wadllib": "python3-wadllib",
}
WIDE_STDLIB = [
    "posixpath", "heapq", "gettext", "zoneinfo", "uuid", "hmac", "numbers", "enum", "tokenize",
    "mimetypes", "codecs", "collections", "contextlib", "email.quoprimime", "email.base64mime",
    "http.cookies", "stringprep", "locale", "copy", "keyword", "secrets", "argparse", "optparse",
    "getopt", "html.parser", "xml.sax.saxutils", "xml.dom.minidom", "email.headerregistry",
    "email.message", "email.feedparser", "http.cookiejar", "traceback", "linecache", "ast",
    "typing", "inspect", "dis", "cmd", "timeit", "encodings.idna", "encodings.punycode",
    "_pydecimal", "_pydatetime", "operator", "bisect", "csv", "wave", "zipfile", "tarfile",
    "gzip", "binascii", "netrc", "sched", "selectors", "queue", "weakref", "abc", "types",
]

# What a skip looks for in a function's source text, and why it skips.
SKIP_RULES = [
    ("needs the network", re.compile(r"\bsocket\b|urlopen|urllib\.request|http\.client|httplib|\brequests\.|smtplib|ftplib|\bgetaddrinfo\b")),
    ("needs a GUI", re.compile(r"tkinter|\bGtk\b|\bcurses\b|webbrowser|\bturtle\b")),
    ("files outside a scratch folder",
     re.compile(r"expanduser|os\.environ|getenv|getpwnam|getpwuid|['\"]/(etc|usr|proc|sys|dev|var|home|tmp)\b|sys\.stdin|subprocess|os\.system")),
]

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "draw.json")
DEV = os.path.join(HERE, "dev.txt")


class _Slow(Exception):
    pass


def _alarm(signum, frame):
    raise _Slow()


def quiet_import(name):
    """Imports a module with its output swallowed and a time limit (some print or scan on import)."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(10)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return importlib.import_module(name)
    finally:
        signal.alarm(0)


def public(name):
    return not name.startswith("_")


def modules_of(root, skips):
    """The source's public modules: the root and, for a package, its public submodules."""
    mod = quiet_import(root)
    out = [mod]
    if getattr(mod, "__file__", "").endswith("__init__.py"):
        for info in sorted(pkgutil.walk_packages(mod.__path__, root + "."), key=lambda i: i.name):
            if not all(public(part) for part in info.name.split(".")):
                continue
            try:
                out.append(quiet_import(info.name))
            except BaseException as exc:  # noqa: B902 -- a submodule that fails to import (or exits) is a skip
                skips.append({"id": info.name, "reason": "cannot be imported: %s" % type(exc).__name__})
    return out


def exported(mod):
    names = getattr(mod, "__all__", None)
    if names is None:
        names = [n for n in dir(mod) if public(n)]
    return sorted(set(n for n in names if isinstance(n, str) and public(n)))


def in_source(obj, root):
    m = getattr(obj, "__module__", None) or ""
    return m == root or m.startswith(root + ".")


def candidates(root, skips):
    """(id, public module, qualname, callable) of a source, each definition once (first public module wins)."""
    seen = set()
    out = []
    for mod in modules_of(root, skips):
        for name in exported(mod):
            obj = getattr(mod, name, None)
            if inspect.isfunction(obj) and in_source(obj, root):
                items = [(name, obj)]
            elif inspect.isclass(obj) and in_source(obj, root):
                items = []
                for attr, raw in sorted(vars(obj).items()):
                    if not public(attr):
                        continue
                    fn = raw.__func__ if isinstance(raw, (staticmethod, classmethod)) else raw
                    if inspect.isfunction(fn):
                        items.append(("%s.%s" % (name, attr), fn))
            else:
                continue
            for qualname, fn in items:
                key = (getattr(fn, "__module__", ""), getattr(fn, "__qualname__", qualname))
                if key in seen:
                    continue
                seen.add(key)
                out.append(("%s:%s" % (mod.__name__, qualname), mod.__name__, qualname, fn))
    return out


def why_skip(fn):
    try:
        src = inspect.getsource(inspect.unwrap(fn))
    except (OSError, TypeError):
        return "no Python source"
    try:
        inspect.signature(fn)
    except (TypeError, ValueError):
        return "signature cannot be read"
    for reason, pattern in SKIP_RULES:
        hit = pattern.search(src)
        if hit:
            return "%s (its source uses %r)" % (reason, hit.group(0))
    return None


def version_of(root):
    try:
        from importlib.metadata import version

        return version(root)
    except Exception:  # noqa: B902 -- the stdlib and some packages have no distribution metadata
        return None


def test_suite(module):
    return any(p in ("test", "tests", "testing") or p.startswith("test_") for p in module.split("."))


def definition(fn):
    fn = inspect.unwrap(fn)
    return (getattr(fn, "__module__", ""), getattr(fn, "__qualname__", ""))


def members(paths):
    """The ids of the functions of other draws, and the definitions they name (those that import)."""
    ids, defs = set(), set()
    for path in paths:
        with open(path) as f:
            drawn = json.load(f)["functions"]
        for f in drawn:
            ids.add(f["id"])
            try:
                obj = quiet_import(f["module"])
                for part in f["qualname"].split("."):
                    obj = getattr(obj, part)
                defs.add(definition(getattr(obj, "__func__", obj)))
            except BaseException:  # noqa: B902 -- an id that no longer imports is still left out by its id
                pass
    return ids, defs


def draw(seed=SEED, per_source=PER_SOURCE, packages=PACKAGES, stdlib=STDLIB, exclude=(set(), set()), wide=False):
    skips = []
    functions = []
    excluded = 0
    sources = [("package", r) for r in packages] + [("stdlib", r) for r in stdlib]
    versions = {}
    for kind, root in sources:
        try:
            pool = candidates(root, skips)
        except BaseException as exc:  # noqa: B902
            skips.append({"id": root, "reason": "cannot be imported: %s" % type(exc).__name__})
            continue
        if kind == "package":
            versions[root] = version_of(root)
        # Each source its own stream, so adding a source leaves the others' draws as they were.
        rng = random.Random("%d:%s" % (seed, root))
        rng.shuffle(pool)
        kept = 0
        for fid, module, qualname, fn in pool:
            if kept == per_source:
                break
            if fid in {f["id"] for f in functions}:
                continue  # a submodule that is also a source of its own (html.parser of html)
            if fid in exclude[0] or definition(fn) in exclude[1]:
                excluded += 1
                continue
            if wide and test_suite(module):
                continue
            why = why_skip(fn)
            if why:
                skips.append({"id": fid, "reason": why})
                continue
            kept += 1
            functions.append({"id": fid, "module": module, "qualname": qualname, "source": root, "kind": kind})
    halves = split([f["id"] for f in functions], seed)
    for f in functions:
        f["half"] = halves[f["id"]]
    result = {
        "seed": seed,
        "perSource": per_source,
        "python": "%d.%d" % sys.version_info[:2],
        "packages": {r: {"debian": packages[r], "version": versions.get(r)} for r in packages},
        "stdlib": stdlib,
        "counts": {
            "functions": len(functions),
            "dev": sum(f["half"] == "dev" for f in functions),
            "held-out": sum(f["half"] == "held-out" for f in functions),
            "packages": len({f["source"] for f in functions if f["kind"] == "package"}),
            "stdlib": len({f["source"] for f in functions if f["kind"] == "stdlib"}),
            "skips": len(skips),
        },
        "functions": functions,
        "skips": skips,
    }
    if excluded:
        result["counts"]["excludedAsMembersOfOtherDraws"] = excluded
    return result


def split(ids, seed):
    """The halves: ordered by a seeded hash of the id, the first half (rounded up) is the development half."""
    order = sorted(ids, key=lambda i: hashlib.sha256(("%d:%s" % (seed, i)).encode()).hexdigest())
    cut = (len(order) + 1) // 2
    return {i: ("dev" if k < cut else "held-out") for k, i in enumerate(order)}


def texts(result):
    dev = "".join(f["id"] + "\n" for f in result["functions"] if f["half"] == "dev")
    return json.dumps(result, indent=1) + "\n", dev


# The interpreter the bench runs the drawn functions with (PYTHON of test/corpus/explorer/explore.ts).
BENCH_PYTHON = "/usr/bin/python3"


def other_interpreter():
    """Whether this is not the bench's interpreter (where that one exists at all)."""
    return os.path.exists(BENCH_PYTHON) and os.path.realpath(sys.executable) != os.path.realpath(BENCH_PYTHON)


def options(argv):
    parser = argparse.ArgumentParser(description="Draws the sampled measure's functions (see the module docstring).")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="exit 1 when draw.json and dev.txt are not what it draws")
    mode.add_argument("--split", action="store_true", help="print the halves of draw.json (no imports)")
    parser.add_argument("--seed", type=int, help="draw with this seed instead of the committed draw's (needs --out)")
    parser.add_argument("--per-source", type=int, default=PER_SOURCE, help="functions kept per source")
    parser.add_argument("--wide", action="store_true", help="add WIDE_PACKAGES and WIDE_STDLIB; leave out test suites")
    parser.add_argument("--exclude", action="append", default=[], metavar="DRAW.json", help="leave out every function of this draw")
    parser.add_argument("--all-dev", action="store_true", help="every function in the development half")
    parser.add_argument("--out", help="write this draw here (no dev.txt) instead of draw.json")
    parser.add_argument("--python-ok", action="store_true", help="draw under this interpreter though it is not %s" % BENCH_PYTHON)
    args = parser.parse_args(argv)
    if not (args.split or args.python_ok) and other_interpreter():
        parser.error("this is %s, not %s, the interpreter the bench explores and re-checks with (test/corpus/explorer/explore.ts): "
                     "a draw made under another one holds functions that do not import there (pyenv's python3 has other "
                     "package versions: 13-20 functions of a draw made with it did not import in the bench). Run it with %s, "
                     "or pass --python-ok" % (sys.executable, BENCH_PYTHON, BENCH_PYTHON))
    other = args.seed is not None or args.wide or args.exclude or args.all_dev or args.per_source != PER_SOURCE
    if other and not args.out:
        parser.error("a draw other than the committed one needs --out (draw.json and dev.txt stay as committed)")
    if args.out and (args.check or args.split):
        parser.error("--out writes a draw; --check and --split read the committed one")
    return args


def main(argv=None):
    args = options(sys.argv[1:] if argv is None else argv)
    if args.split:
        with open(OUT) as f:
            committed = json.load(f)
        halves = split([f["id"] for f in committed["functions"]], committed["seed"])
        json.dump(halves, sys.stdout)
        return 0
    exclude = members([os.path.abspath(p) for p in args.exclude])
    out = os.path.abspath(args.out) if args.out else None
    # Run from a scratch folder: an import that writes (a cache, say) writes there.
    os.chdir(tempfile.mkdtemp(prefix="pau-draw-"))
    if out:
        packages = {**PACKAGES, **WIDE_PACKAGES} if args.wide else PACKAGES
        stdlib = STDLIB + WIDE_STDLIB if args.wide else STDLIB
        seed = SEED if args.seed is None else args.seed
        result = draw(seed, args.per_source, packages, stdlib, exclude, args.wide)
        if args.all_dev:
            for f in result["functions"]:
                f["half"] = "dev"
            result["counts"]["dev"], result["counts"]["held-out"] = len(result["functions"]), 0
        with open(out, "w") as f:
            f.write(texts(result)[0])
        c = result["counts"]
        print("%d functions (%d dev, %d held-out) written to %s; %d left out as members of other draws" % (
            c["functions"], c["dev"], c["held-out"], out, c.get("excludedAsMembersOfOtherDraws", 0)))
        return 0
    result = draw()
    os.chdir(HERE)
    body, dev = texts(result)
    if args.check:
        same = all(os.path.exists(p) and open(p).read() == t for p, t in ((OUT, body), (DEV, dev)))
        print("the committed draw is what draw.py draws" if same else "the committed draw differs from what draw.py draws now")
        return 0 if same else 1
    with open(OUT, "w") as f:
        f.write(body)
    with open(DEV, "w") as f:
        f.write(dev)
    c = result["counts"]
    print("%d functions (%d dev, %d held-out) from %d packages and %d stdlib modules; %d skips" % (
        c["functions"], c["dev"], c["held-out"], c["packages"], c["stdlib"], c["skips"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
