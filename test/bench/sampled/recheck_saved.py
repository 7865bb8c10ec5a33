"""The re-check alone, again, on descriptions the sampled bench saved (PAU_SAMPLED_JOBS=<folder>,
development functions only): the same descriptions and records, re-checked by this or another
version of recheck.py, to compare two re-checks on one exploration.

    recheck_saved.py <folder> [--recheck path/to/recheck.py] [--out results.json]

prints each contradiction and the totals: lines checked / stated, false claims, and the lines not
re-checked counted by kind and reason (recheck.py's `kind` and `class`).
"""
import argparse
import collections
import concurrent.futures
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from recheck import reason_class  # noqa: E402


def recheck(path, script):
    with open(path, encoding="utf-8") as f:
        body = f.read()
    try:
        p = subprocess.run([sys.executable, script], input=body, capture_output=True, text=True, timeout=400)
        return json.loads(p.stdout)
    except (subprocess.TimeoutExpired, ValueError) as exc:
        return {"error": "the re-check gave no answer: %s" % type(exc).__name__}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--recheck", default=os.path.join(HERE, "recheck.py"))
    parser.add_argument("--out")
    args = parser.parse_args()
    paths = sorted(glob.glob(os.path.join(args.folder, "*.json")))
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = dict(zip([os.path.basename(p)[:-5] for p in paths], pool.map(lambda p: recheck(p, args.recheck), paths)))
    stated = checked = false = 0
    kinds = collections.Counter()
    for name, r in results.items():
        stated += r.get("stated", 0)
        checked += r.get("checked", 0)
        for c in r.get("contradictions", []):
            false += 1
            print("false claim: %s: %s: %s: %s" % (name, c["part"], c["text"], c["why"]))
        for n in r.get("notChecked", []):
            kinds["%s: %s" % (n.get("kind", n["part"]), n.get("class", reason_class(n["reason"])))] += 1
        if "stated" not in r:
            print("not re-checked: %s: %s" % (name, r.get("error")))
    print("functions %d; lines checked / stated %d / %d; false claims %d" % (len(results), checked, stated, false))
    for k, n in kinds.most_common():
        print("not re-checked: %s: %d" % (k, n))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
