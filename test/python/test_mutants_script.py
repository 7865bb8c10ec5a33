"""The mutation bench's mutant maker (test/bench/mutation/mutants.py) on a function that a module
binds to a method of its own instance, as random binds `choice = _inst.choice`: the mutants are
those of the method that runs."""
import json
import os
import subprocess
import sys

MUTANTS = os.path.join(os.path.dirname(__file__), "..", "bench", "mutation", "mutants.py")

MODULE = '''
class Picker:
    def pick(self, n):
        return n + 1 if n > 0 else 0


_inst = Picker()
pick = _inst.pick
'''


def test_a_module_level_alias_of_a_bound_method_is_mutated_as_that_method(tmp_path):
    module = tmp_path / "picker.py"
    module.write_text(MODULE)
    done = subprocess.run([sys.executable, "-B", MUTANTS, str(module), "pick", "8"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    made = json.loads(done.stdout)
    assert made["sites"] == 5  # the constants 1, 0 and 0, the comparison, the arms swapped
    assert all("_inst = Picker()" in m["source"] for m in made["mutants"])
    assert any("n + 2" in m["source"] for m in made["mutants"])
