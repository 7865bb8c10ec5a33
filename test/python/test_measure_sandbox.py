"""The sampled bench runs library functions (measure.py's coverage sides, recheck.py's re-runs)
under bubblewrap (measure.sandboxed). Run as root, as CI is, bubblewrap kept every capability,
so a function re-run there remounted / read-write and wrote on the host (red team, round 6).
Judged by outcome: a file outside the scratch folder, after the command tried that."""
import os
import shutil
import subprocess
import sys
import tempfile

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "sampled"))
import measure  # noqa: E402

# Only root holds the capabilities to remount; elsewhere the escape cannot be tried here.
needs_root = pytest.mark.skipif(shutil.which("bwrap") is None or os.geteuid() != 0, reason="needs bubblewrap, run as root")


@needs_root
def test_a_sandboxed_command_cannot_remount_the_host_read_write():
    outside = tempfile.mkdtemp(dir="/var/tmp")  # not /tmp: the sandbox shows an empty one there
    scratch = tempfile.mkdtemp()
    try:
        escaped = os.path.join(outside, "escaped")
        attack = "mount -o remount,rw / ; mount -o remount,rw,bind / ; echo out > %s" % escaped
        subprocess.run(measure.sandboxed(["sh", "-c", attack], scratch), cwd=scratch, capture_output=True, timeout=30, check=False)
        assert not os.path.exists(escaped)
        # The same command still writes its own scratch folder.
        subprocess.run(measure.sandboxed(["sh", "-c", "echo in > %s/kept" % scratch], scratch), cwd=scratch, timeout=30, check=True)
        assert os.path.exists(os.path.join(scratch, "kept"))
    finally:
        shutil.rmtree(outside, ignore_errors=True)
        shutil.rmtree(scratch, ignore_errors=True)
