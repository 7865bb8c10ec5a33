#!/usr/bin/env bash
# Debian packages `npm run bench` needs beyond scripts/setup-system.sh: the libraries of the
# sampled measure's draw (test/corpus/sampled/draw.py reads the list from its PACKAGES table), and
# Hypothesis and coverage.py for its anchor and its coverage (test/bench/explorer-sampled.bench.ts).
# Installs only what is missing, as root.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t wanted < <(/usr/bin/python3 -c '
import ast, sys
tree = ast.parse(open("test/corpus/sampled/draw.py").read())
table = next(n.value for n in tree.body if isinstance(n, ast.Assign) and getattr(n.targets[0], "id", "") == "PACKAGES")
for k, v in zip(table.keys, table.values):
    print("%s:%s" % (k.value, v.value))
'; printf '%s\n' hypothesis:python3-hypothesis coverage:python3-coverage)
need=()
for pair in "${wanted[@]}"; do
  /usr/bin/python3 -c "import ${pair%%:*}" 2>/dev/null || need+=("${pair#*:}")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "missing Debian packages for the bench: ${need[*]} (run as root, or install them)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
