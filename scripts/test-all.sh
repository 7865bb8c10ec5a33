#!/usr/bin/env bash
# The one command that runs every test suite on a fresh Debian machine with Node 20.
# It installs what it needs: Debian packages (as root), npm packages, code-server (cached).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }

step "system packages"
bash scripts/setup-system.sh

step "npm packages"
bash scripts/ensure-deps.sh

step "typecheck, lint, layers, format, generated files, build"
# tsc and ESLint each keep one core busy (about 30 and 75 s of CPU): side by side, both reported.
npx tsc -p . --noEmit &
tsc=$!
npx eslint . &
eslint=$!
failed=0
wait "$tsc" || failed=1
wait "$eslint" || failed=1
[ "$failed" = 0 ]
npm run --silent lint:layers
npm run --silent format:check >/dev/null || { npx prettier --list-different .; echo "run: npm run format"; exit 1; }
npm run --silent gen:check
npm run build

step "Python worker: protocol.py up to date, pyright, ruff, no import circle, pytest"
node scripts/gen-worker-protocol.mjs --check
npx pyright -p python
node scripts/ruff.mjs python scripts test/python test/integration/sandbox test/corpus/explorer test/corpus/sampled test/bench/sampled test/bench/tracing
/usr/bin/python3 scripts/python_import_cycles.py python/pau_probe
/usr/bin/python3 -m pytest -q -p no:cacheprovider test/python

step "unit tests"
node scripts/run-tests.mjs unit

step "integration tests (real Python worker, scripted LLM server)"
node scripts/run-tests.mjs integration

step "sandbox suite in guards mode (the integration run above used the OS layer)"
PAU_SANDBOX_MODE=guards node scripts/run-tests.mjs integration integration/sandbox/

step "end-to-end tests (code-server + Chromium)"
bash scripts/setup-e2e.sh
node scripts/run-tests.mjs e2e
