#!/usr/bin/env bash
# Debian packages the tests need: python3 for the worker, Chromium and ripgrep for the
# end-to-end tests in code-server, libkrb5-dev for code-server's native modules.
set -euo pipefail
need=()
command -v python3 >/dev/null || need+=(python3)
command -v chromium >/dev/null || need+=(chromium)
command -v rg >/dev/null || need+=(ripgrep)
[ -e /usr/include/krb5.h ] || [ -e /usr/include/krb5/krb5.h ] || need+=(libkrb5-dev)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "missing Debian packages: ${need[*]} (run as root, or install them)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
# Pure-Python libraries of the offline explorer's corpus (test/corpus/explorer), for Debian's python3.
corpus=(python3-more-itertools python3-inflection python3-toolz python3-boltons python3-humanize python3-markupsafe)
missing=()
for p in "${corpus[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "missing Debian packages: ${missing[*]} (run as root, or install them)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
