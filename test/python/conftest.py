"""pytest suite of the Python side (python/pau_probe), run directly, not through Node.
Run by scripts/test-all.sh as `python3 -m pytest test/python`."""
import os
import sys

PACKAGE_ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "..", "python"))
sys.path.insert(0, PACKAGE_ROOT)
