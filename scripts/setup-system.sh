#!/usr/bin/env bash
# Debian packages the tests need: python3 for the worker (pytest for its own suite, pytest also
# for the tests `pau export --pytest` writes), Chromium and ripgrep for the end-to-end tests in code-server,
# libkrb5-dev for code-server's native modules.
set -euo pipefail
need=()
command -v python3 >/dev/null || need+=(python3)
command -v chromium >/dev/null || need+=(chromium)
command -v rg >/dev/null || need+=(ripgrep)
[ -e /usr/include/krb5.h ] || [ -e /usr/include/krb5/krb5.h ] || need+=(libkrb5-dev)
# The Python worker's own checks (scripts/test-all.sh runs them with Debian's /usr/bin/python3).
/usr/bin/python3 -c 'import pytest' 2>/dev/null || need+=(python3-pytest)
# bubblewrap: the OS sandbox around the Python worker (src/probe/sandbox.ts).
command -v bwrap >/dev/null || need+=(bubblewrap)
# python3-seccomp: libseccomp's binding, which builds the OS sandbox's seccomp filter (pau_probe/seccomp_bpf.py).
/usr/bin/python3 -c 'import seccomp' 2>/dev/null || need+=(python3-seccomp)
# Pure-Python libraries of the offline explorer's corpus (test/corpus/explorer/corpus.ts), for Debian's python3.
for pair in more_itertools:python3-more-itertools inflection:python3-inflection toolz:python3-toolz boltons:python3-boltons \
  humanize:python3-humanize markupsafe:python3-markupsafe; do
  /usr/bin/python3 -c "import ${pair%%:*}" 2>/dev/null || need+=("${pair#*:}")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "missing Debian packages: ${need[*]} (run as root, or install them)" >&2
    exit 1
  fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi
