#!/usr/bin/env bash
# `npm run demo`: PAU Probe on a fresh machine, no API key needed. Builds the CLI, then lets
# the offline explorer probe two functions of examples/ in black-box mode:
#   1. text.slugify — a string function: watch the probes, the properties it finds
#      (deterministic, pure, idempotent) and the I/O table;
#   2. legacy.top_scores with --compare — its docstring is stale on purpose: the comparison
#      runs the docstring's doctests in the sandbox and they fail.
# With an OpenAI-compatible endpoint, try the LLM agent on the same functions:
#   OPENAI_API_KEY=… node dist/cli.js probe examples/text.py:slugify
#   node dist/cli.js probe examples/text.py:slugify --base-url http://localhost:11434/v1 --model qwen2.5-coder
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v python3 >/dev/null 2>&1; then
  echo "demo: python3 is required (3.9 or newer)" >&2
  exit 1
fi

bash scripts/ensure-deps.sh
npm run build --silent

printf '\n\033[1m== 1/2  pau probe examples/text.py:slugify --offline\033[0m\n\n'
node dist/cli.js probe examples/text.py:slugify --offline --max-probes 24

printf '\n\033[1m== 2/2  pau probe examples/legacy.py:top_scores --offline --compare (a stale docstring)\033[0m\n\n'
node dist/cli.js probe examples/legacy.py:top_scores --offline --max-probes 30 --compare
