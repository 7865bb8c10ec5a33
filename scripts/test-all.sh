#!/usr/bin/env bash
# The one command that runs every test suite on a fresh Debian machine with Node 20.
# It installs what it needs: Debian packages (as root), npm packages, code-server (cached).
# Each step's header says when it began; the last lines say how long each step took (also when
# one fails), so that a slow run says where its time went.
set -euo pipefail
cd "$(dirname "$0")/.."

steps=()
step_started=$SECONDS
step_name=''
finish_step() {
  [ -n "$step_name" ] && steps+=("$(printf '%5d s  %s' $((SECONDS - step_started)) "$step_name")")
  step_name=''
}
step() {
  finish_step
  step_name="$*"
  step_started=$SECONDS
  printf '\n=== %s (%s UTC, %d s in)\n' "$*" "$(date -u +%H:%M:%S)" "$SECONDS"
}
report_steps() {
  finish_step
  printf '\n=== time per step (%d s in all)\n' "$SECONDS"
  printf '%s\n' "${steps[@]}"
}
trap report_steps EXIT

step "system packages"
bash scripts/setup-system.sh

# pytest needs Python only, and npm ci mostly waits on the network and the disk: the worker's own
# suite runs beside it, and beside the checks below, its output kept until it has finished.
pytest_log=$(mktemp)
/usr/bin/python3 -m pytest -q -p no:cacheprovider test/python >"$pytest_log" 2>&1 &
pytest=$!

step "npm packages (pytest of the Python worker beside them)"
bash scripts/ensure-deps.sh

step "typecheck, lint, layers, format, generated files, build; protocol.py, pyright, ruff, no import circle"
# ESLint keeps one core busy for about 75 s; the other checks, one after the other, keep the other.
# Each reports its own failure; the step fails after all have run.
npx eslint . &
eslint=$!
failed=0
npx tsc -p . --noEmit || failed=1
npm run --silent lint:layers || failed=1
npm run --silent format:check >/dev/null || {
  npx prettier --list-different .
  echo "run: npm run format"
  failed=1
}
npm run --silent gen:check || failed=1
npm run build || failed=1
node scripts/gen-worker-protocol.mjs --check || failed=1
npx pyright -p python || failed=1
node scripts/ruff.mjs python scripts test/python test/integration/sandbox test/corpus/explorer test/corpus/sampled test/bench/sampled test/bench/tracing || failed=1
/usr/bin/python3 scripts/python_import_cycles.py python/pau_probe || failed=1
wait "$eslint" || failed=1

step "pytest of the Python worker (begun with the npm packages)"
wait "$pytest" || failed=1
cat "$pytest_log"
rm -f "$pytest_log"
[ "$failed" = 0 ]

step "unit tests"
node scripts/run-tests.mjs unit

step "integration tests (real Python worker, scripted LLM server)"
node scripts/run-tests.mjs integration

step "sandbox suite in guards mode (the integration run above used the OS layer)"
# Files that say they run the same in either mode ran in the integration step already.
PAU_SANDBOX_MODE=guards node scripts/run-tests.mjs integration integration/sandbox/ --mode-dependent

step "end-to-end tests (code-server + Chromium)"
bash scripts/setup-e2e.sh
node scripts/run-tests.mjs e2e
