// Per-call cgroups on a desktop (issue 21): not root, cgroup v2 and a systemd user session,
// where each worker starts inside `systemd-run --user --scope -p Delegate=yes` and the calls'
// cgroups are made inside that scope. This machine (root, cgroup v1, no systemd running)
// cannot run that path for real, so this test checks what it can: which hosts detection sends
// there, the exact command a fake systemd-run on PATH receives, and that the worker falls back
// and says so plainly (a scope that is not delegated here; systemd-run failing to reach a bus).
// The limits inside a real delegated scope are not exercised here.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { describeCgroups, detectCgroups } from '../../../src/probe/cgroups.js';
import { MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'litter.py');
const fakes = mkdtempSync(join(tmpdir(), 'pau-systemd-run-'));
const FAKE = join(fakes, 'systemd-run');
const ARGV = join(fakes, 'argv');
const FAIL = join(fakes, 'fail');
// Records its arguments; fails as systemd-run does without a user bus when FAIL exists; else
// runs what follows `--`, as `systemd-run --scope` execs its command.
writeFileSync(
  FAKE,
  `#!/bin/sh
printf '%s\\n' "$@" > '${ARGV}'
if [ -e '${FAIL}' ]; then echo 'Failed to connect to bus: No such file or directory' >&2; exit 1; fi
while [ "$1" != "--" ]; do shift; done
shift
exec "$@"
`,
);
chmodSync(FAKE, 0o755);
const hostPath = process.env.PATH;
process.env.PATH = `${fakes}:${hostPath ?? ''}`;

after(() => {
  process.env.PATH = hostPath;
  rmSync(fakes, { recursive: true, force: true });
});

test('detection: a desktop with cgroup v2, a systemd user session and systemd-run gets the scope; others say why not', () => {
  const root = mkdtempSync(join(tmpdir(), 'pau-cgroup-root-'));
  const runtimeDir = mkdtempSync(join(tmpdir(), 'pau-runtime-'));
  try {
    writeFileSync(join(root, 'cgroup.controllers'), 'cpu io memory pids\n');
    mkdirSync(join(runtimeDir, 'systemd'));
    writeFileSync(join(runtimeDir, 'systemd', 'private'), '');
    const desktop = { platform: 'linux' as const, uid: 1000, root, path: fakes, runtimeDir };
    assert.deepEqual(detectCgroups(desktop), { systemdRun: FAKE });
    assert.match(describeCgroups(detectCgroups(desktop)), /^cgroup v2 limits per call in a systemd user scope/);
    const without = [
      [{ ...desktop, path: join(root, 'nothing') }, /^no cgroup limits: not running as root, and no systemd-run in PATH/],
      [{ ...desktop, runtimeDir: undefined }, /^no cgroup limits: not running as root, and no systemd user session$/],
      [{ ...desktop, root: runtimeDir }, /^no cgroup limits: not running as root, and no cgroup v2 for a systemd user scope$/],
      [{ ...desktop, platform: 'darwin' as const }, /^no cgroup limits: no cgroups on darwin$/],
    ] as const;
    for (const [facts, said] of without) assert.match(describeCgroups(detectCgroups(facts)), said);
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(runtimeDir, { recursive: true, force: true });
  }
});

test(`[${MODE}] the worker starts inside systemd-run --user --scope, and says it has no limits where the scope is not delegated`, async () => {
  rmSync(FAIL, { force: true });
  const worker = await startWorker({ target: { file: FIXTURE, qualname: 'dispatch' }, sandbox: MODE, cgroups: 'systemd-run' });
  try {
    const argv = readFileSync(ARGV, 'utf8').split('\n');
    // Written out whole, not taken from scopeCommand: the test checks the command itself.
    const expected = '--user --scope --quiet --collect --property=Delegate=yes -- env -u XDG_RUNTIME_DIR -u DBUS_SESSION_BUS_ADDRESS';
    assert.equal(argv.slice(0, 11).join(' '), expected);
    // Then the worker's own command: bubblewrap in the OS sandbox, the interpreter with the guards only.
    assert.match(argv[11] ?? '', MODE === 'os' ? /bwrap$/ : /python/);
    assert.ok(argv.includes('pau_probe.worker'), argv.join(' '));
    assert.equal((await worker.call({ args: ["'ordinary'", '21'] })).value?.repr, '42');
    // Here the fake's "scope" is the host's own cgroup (0::/ on this cgroup v1 machine).
    assert.match(
      worker.sandbox?.detail ?? '',
      /; no cgroup limits: (the worker is not in a systemd scope of its own|the systemd scope has no memory and pids)/,
    );
  } finally {
    await worker.stop();
  }
});

test(`[${MODE}] systemd-run failing (no user bus): the worker starts without it and the badge says why`, async () => {
  writeFileSync(FAIL, '');
  const worker = await startWorker({ target: { file: FIXTURE, qualname: 'dispatch' }, sandbox: MODE, cgroups: 'systemd-run' });
  try {
    assert.ok(readFileSync(ARGV, 'utf8').startsWith('--user\n--scope\n'), 'systemd-run was tried first');
    assert.equal((await worker.call({ args: ["'ordinary'", '21'] })).value?.repr, '42');
    assert.match(
      worker.sandbox?.detail ?? '',
      /; no cgroup limits: systemd-run --user --scope failed \(Failed to connect to bus: No such file or directory\)$/,
    );
  } finally {
    await worker.stop();
  }
});
