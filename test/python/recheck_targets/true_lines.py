"""Functions whose true description lines an earlier recheck.py refuted (test_recheck.py)."""
import sys



def make_once(name):
    """Creates the file `name` in the current folder; raises FileExistsError when it is there."""
    with open(name, "x") as f:
        f.write("made")
    return "made"


class Handle:
    """An object whose repr shows its address without " at " (as gzip.GzipFile's does)."""

    def __repr__(self):
        return "<Handle 0x%x>" % id(self)


def handle_of(x):
    """A new Handle: the same state on every call, another address."""
    return Handle()


def small_set(x):
    """A set whose own order (1, 2, -3) is not its sorted order."""
    return {1, 2, -3}


async def doubled(x):
    return x * 2


def read_back(name):
    """The text of the file `name` in the current folder (shlex.sourcehook opens its file so)."""
    with open(name) as f:
        return f.read()


class Opened:
    """An object that keeps the absolute path of the file it made (as tarfile.TarFile keeps `name`)."""

    def __init__(self, name):
        import os

        self.name = os.path.abspath(name)

    def __repr__(self):
        return "<Opened object at 0x%x>" % id(self)


def open_new(name):
    """Makes `name` in the current folder and returns an Opened for it: the same in any folder but for the path."""
    make_once(name)
    return Opened(name)


class Hub:
    """A method with a parameter named `receiver` (blinker.Signal.connect's), beside the method's own receiver."""

    def connect(self, receiver):
        if not callable(receiver):
            raise TypeError("cannot connect %r" % (receiver,))
        return "connected"


class Proxy:
    """Forwards every attribute to what it wraps (colorama's StreamWrapper): hasattr(p, '__next__')
    holds for a wrapped file, yet the object itself is no iterator."""

    def __init__(self, wrapped):
        self._wrapped = wrapped

    def __getattr__(self, name):
        return getattr(self._wrapped, name)


def wrapped(text):
    """A Proxy of a text file holding `text`."""
    import io

    return Proxy(io.StringIO(text))


def late_failure(n):
    """Yields 0, 1, …, then raises ValueError at item 30 (as packaging.tags.generic_tags does on a bad abi after the first's tags)."""
    for k in range(n):
        if k == 30:
            raise ValueError("bad item")
        yield k


def read_input(fd):
    """What the file descriptor `fd` holds, read and closed (mimetypes.MimeTypes().read(0) reads standard input so)."""
    with open(fd) as f:
        return f.read()


def read_standard_input(unused):
    """What sys.stdin's bytes hold, read and closed (ast.main() without a file reads it so, through
    argparse's '-', and compiles it under the stream's name)."""
    with sys.stdin.buffer as f:
        return f.read() + f.name.encode()[:0]


def with_options(x, **options):
    """x, unless the options mix `a` with `b` (attr.make_class's `cmp` with `order`)."""
    if "a" in options and "b" in options:
        raise ValueError("do not mix a with b")
    return x


_FILLED = {}


def filled(key, value=None):
    """The value filed under `key`, filing `value` first when one is given; KeyError for a key never
    filed (humanize.i18n.activate: a locale another call loaded no longer raises)."""
    if value is not None:
        _FILLED[key] = value
    return _FILLED[key]


class WriteOnly:
    """An iterator that cannot be read (a write-mode gzip.GzipFile): iterating it raises."""

    def __iter__(self):
        return self

    def __next__(self):
        raise AttributeError("not open for reading")

    def __repr__(self):
        return "<WriteOnly>"


def open_for_writing(mode):
    """Returns a WriteOnly for 'w' (gzip.open(io.BytesIO(b''), 'abc')); raises ValueError for anything else."""
    if mode != "w":
        raise ValueError("bad mode")
    return WriteOnly()


def countdown(n):
    """Yields n, n-1, ... 1, then raises ValueError while iterated for a negative n (never at the call)."""
    if n < 0:
        raise_later = True
    else:
        raise_later = False
    for k in range(n, 0, -1):
        yield k
    if raise_later:
        raise ValueError("negative")


def writes_bytes(text):
    """Writes its text as bytes to sys.stdout.buffer and returns 0; 1 when there is no such buffer
    (pygments.cmdline.main catches the AttributeError and returns 1)."""
    import sys

    try:
        sys.stdout.buffer.write(text.encode())
    except AttributeError:
        return 1
    return 0


class Names:
    """An object that lists its class's own names (cmd.Cmd.get_names reads dir(self.__class__))."""

    def __init__(self):
        self.size = 1

    def names(self):
        return sorted(n for n in vars(type(self)) if not n.startswith("__w"))


_NODE = []


def node():
    """A random number drawn once a process and kept (uuid.getnode without a hardware address)."""
    import os

    if not _NODE:
        _NODE.append(int.from_bytes(os.urandom(6), "big"))
    return _NODE[0]


def steps(n, step=1):
    """Yields 0, step, 2*step ... below n: a text n raises TypeError only while iterated (difflib.ndiff(3, 3))."""
    k = 0
    while k < n:
        yield k
        k += step


def drawn_item(seq):
    """An item of `seq` at a random index, as random.choice is: given a dict, the key drawn may be
    missing (KeyError) or not, by the draw."""
    import random

    return seq[random.randrange(len(seq))]
