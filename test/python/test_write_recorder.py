"""write_recorder.py: what a call writes below Python (libc's open, unlink...) is recorded, and
the call behaves as it would without the recorder (the write happens, reads are not recorded)."""
import json
import os
import platform
import subprocess
import sys
import tempfile

import pytest

PYTHON_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python")

CHILD = r"""
import ctypes, json, os, sys
from pau_probe import write_recorder
folder = sys.argv[1]
started = write_recorder.start()
with open(os.path.join(folder, "before"), "w") as f:  # written before the look below: forgotten
    f.write("x")
write_recorder.discard()
libc = ctypes.CDLL(None, use_errno=True)
fd = libc.open(os.path.join(folder, "c.txt").encode(), os.O_WRONLY | os.O_CREAT, 0o644)
libc.write(fd, b"hi", 2)
libc.close(fd)
with open(os.path.join(folder, "c.txt")) as f:  # a read: not recorded
    text = f.read()
libc.unlink(os.path.join(folder, "before").encode())
first = write_recorder.seen()
print(json.dumps({"started": started, "text": text, "first": first, "second": write_recorder.seen()}))
"""


@pytest.mark.skipif(platform.machine() != "x86_64" or not sys.platform.startswith("linux"), reason="x86_64 Linux only")
def test_libc_writes_are_recorded_and_still_made():
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([sys.executable, "-c", CHILD, folder], cwd=PYTHON_DIR, capture_output=True, text=True, timeout=30, check=True)
        seen = json.loads(out.stdout)
        assert seen["started"] is True
        assert seen["text"] == "hi"
        assert seen["first"] == ["libc openat for writing", "libc unlink"]
        assert seen["second"] == []
        assert os.listdir(folder) == ["c.txt"]
