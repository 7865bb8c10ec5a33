#!/usr/bin/env bash
# `npm run start:web`: the extension in a real VS Code in your browser, on examples/.
# Builds and packs the extension, installs code-server on first use (scripts/setup-e2e.sh),
# installs the .vsix into it and serves it on 127.0.0.1 only. Ctrl-C stops everything.
#
#   PAU_WEB_PORT=8080   the port (default 8080)
#   PAU_WEB_FOLDER=dir  the folder to open (default examples/)
#   PAU_WEB_STATE=dir   where settings, the API key and extensions live (default .cache/start-web)
#
# Settings, the API key and installed extensions persist in .cache/start-web/ between runs.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
port="${PAU_WEB_PORT:-8080}"
folder="$(cd "${PAU_WEB_FOLDER:-examples}" && pwd)"
state="${PAU_WEB_STATE:-$repo/.cache/start-web}"
entry="$repo/.cache/code-server/node_modules/code-server/out/node/entry.js"
# The Node that code-server runs on (Node 22; scripts/setup-e2e.sh links it).
code_node="$repo/.cache/code-server/node"

bash scripts/ensure-deps.sh
bash scripts/setup-e2e.sh --code-server-only

echo "start-web: building and packing the extension"
if ! build_log=$(node esbuild.mjs 2>&1); then echo "$build_log" >&2; exit 1; fi
vsix="$state/pau-probe.vsix"
mkdir -p "$state/user-data/User" "$state/extensions"
# As `npm run package`: the README's relative docs/ links stay as written (there is no
# repository URL to prefix them with, and vsce refuses to pack without one).
node_modules/.bin/vsce package --no-dependencies --allow-missing-repository --no-rewrite-relative-links --out "$vsix" >/dev/null

settings="$state/user-data/User/settings.json"
if [ ! -f "$settings" ]; then
  # First run: a trusted workspace and a quiet editor; the endpoint is yours to set
  # (Settings → PAU), or leave it empty for the offline explorer.
  cat >"$settings" <<'JSON'
{
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoCheckUpdates": false
}
JSON
fi

"$code_node" "$entry" --extensions-dir "$state/extensions" --user-data-dir "$state/user-data" \
  --install-extension "$vsix" --force >/dev/null

cat >"$state/code-server.yaml" <<YAML
auth: none
cert: false
YAML

# code-server gets a process group of its own so that stopping it takes its extension
# host and every process that host started along.
set -m
"$code_node" "$entry" --config "$state/code-server.yaml" --auth none --bind-addr "127.0.0.1:$port" \
  --disable-telemetry --disable-update-check --disable-getting-started-override \
  --extensions-dir "$state/extensions" --user-data-dir "$state/user-data" "$folder" \
  >"$state/code-server.log" 2>&1 &
server=$!
set +m

stop() {
  trap - INT TERM EXIT
  kill -TERM -- "-$server" 2>/dev/null || true
  for _ in $(seq 1 40); do kill -0 "$server" 2>/dev/null || break; sleep 0.1; done
  kill -KILL -- "-$server" 2>/dev/null || true
  echo
  echo "start-web: stopped"
}
trap stop INT TERM EXIT

for _ in $(seq 1 150); do
  grep -q "HTTP server listening" "$state/code-server.log" 2>/dev/null && break
  if ! kill -0 "$server" 2>/dev/null; then
    cat "$state/code-server.log" >&2
    echo "start-web: code-server exited; is port $port free? (PAU_WEB_PORT=... picks another)" >&2
    exit 1
  fi
  sleep 0.2
done

url="http://127.0.0.1:$port/?folder=$(node -e 'process.stdout.write(encodeURIComponent(process.argv[1]))' "$folder")"
echo
echo "  PAU Probe in VS Code (code-server): $url"
echo "  log: $state/code-server.log    Ctrl-C stops it"
echo
wait "$server" || true
