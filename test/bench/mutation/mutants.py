"""Simple mutants of one function of a module, for the mutation bench (test/bench/mutation.bench.ts).

Four kinds, in source order, each applied alone: a comparison flipped (< to >=, == to !=, in
to not in, ...), a number constant changed (n to n + 1), the two results of a conditional
swapped (the arms of `a if c else b`, or the bodies of an `if` whose both branches return),
and a call of min swapped for max or back.
Prints a JSON list of {"what", "source"}: the whole module with that one change.

Usage: mutants.py MODULE.py QUALNAME MAX
"""
import ast
import copy
import json
import os
import sys

FLIP = {
    ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}


def find(tree, qualname):
    node = tree
    for part in qualname.split("."):
        node = next(
            n for n in node.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and n.name == part
        )
    return node


def returns_only(body):
    return len(body) == 1 and isinstance(body[0], ast.Return)


def sites(function):
    """(path of the node inside the function, kind, description) for every mutable spot."""
    out = []
    for node in ast.walk(function):
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                if type(op) in FLIP:
                    out.append((node, ("compare", i), f"line {node.lineno}: {type(op).__name__} flipped"))
        elif isinstance(node, ast.Constant) and type(node.value) in (int, float) and not isinstance(node.value, bool):
            out.append((node, ("constant",), f"line {node.lineno}: {node.value!r} -> {node.value + 1!r}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            out.append((node, ("minmax",), f"line {node.lineno}: {node.func.id} -> {'max' if node.func.id == 'min' else 'min'}"))
        elif isinstance(node, ast.IfExp):
            out.append((node, ("ifexp",), f"line {node.lineno}: conditional arms swapped"))
        elif isinstance(node, ast.If) and node.orelse and returns_only(node.body) and returns_only(node.orelse):
            out.append((node, ("if",), f"line {node.lineno}: returns of if/else swapped"))
    return sorted(out, key=lambda s: (s[0].lineno, s[0].col_offset))


def mutate(node, how):
    if how[0] == "compare":
        node.ops[how[1]] = FLIP[type(node.ops[how[1]])]()
    elif how[0] == "constant":
        node.value = node.value + 1
    elif how[0] == "minmax":
        node.func.id = "max" if node.func.id == "min" else "min"
    elif how[0] == "ifexp":
        node.body, node.orelse = node.orelse, node.body
    else:
        node.body, node.orelse = node.orelse, node.body


def compiled(path, qualname):
    """Why the module's own source does not run for `qualname` (a C accelerator replaces it), or
    None; and the qualified name of the definition that runs (random.choice is bound at module
    level to a method of a module-level instance: `choice = _inst.choice` runs Random.choice)."""
    import importlib.util
    import inspect
    spec = importlib.util.spec_from_file_location("pau_mutation_target", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    target = module
    for part in qualname.split("."):
        target = inspect.getattr_static(target, part)
    # A method as the class holds it: the function under a property, staticmethod or classmethod.
    target = getattr(target, "fget", None) or getattr(target, "__func__", None) or target
    code = getattr(target, "__code__", None)
    if code is None or os.path.abspath(code.co_filename) != os.path.abspath(path):
        return "the module's Python source is not what runs (a compiled accelerator replaces it)", qualname
    runs_as = getattr(target, "__qualname__", qualname)
    return None, qualname if "<locals>" in runs_as else runs_as


def main():
    path, qualname, most = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read())
    why, qualname = compiled(path, qualname)
    if why:
        json.dump({"sites": 0, "mutants": [], "skip": why}, sys.stdout)
        return
    count = len(sites(find(tree, qualname)))
    mutants = []
    for k in range(min(count, most)):
        # Each mutant on a fresh copy: the k-th site of the copy is the k-th of the original.
        fresh = copy.deepcopy(tree)
        node, how, what = sites(find(fresh, qualname))[k]
        mutate(node, how)
        mutants.append({"what": what, "source": ast.unparse(fresh) + "\n"})
    json.dump({"sites": count, "mutants": mutants}, sys.stdout)


main()
