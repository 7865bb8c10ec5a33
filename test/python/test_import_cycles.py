"""scripts/python_import_cycles.py, the CI check that the worker package has no import circle."""
import os
import subprocess
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", ".."))
SCRIPT = os.path.join(ROOT, "scripts", "python_import_cycles.py")


def run(package_dir):
    return subprocess.run([sys.executable, SCRIPT, str(package_dir)], capture_output=True, text=True)


def test_the_worker_package_has_no_import_circle():
    done = run(os.path.join(ROOT, "python", "pau_probe"))
    assert done.returncode == 0, done.stdout
    assert " 0 import circle(s)" in done.stdout


def test_a_circle_through_a_late_or_type_only_import_is_found(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from pkg.c import C\n")
    (package / "c.py").write_text("def late():\n    from . import a\n")
    (package / "d.py").write_text("import pkg.a\n")
    done = run(package)
    assert done.returncode == 1
    assert "import circle: pkg.a <-> pkg.b <-> pkg.c" in done.stdout
    assert "pkg.d" not in done.stdout.split("\n")[0]
