// `os` and `auto` where the OS layer cannot start: bubblewrap missing (not in PATH, or an
// injected launcher path that does not exist) and bubblewrap present but failing (a launcher
// that exits 1 with bwrap's message for user namespaces turned off). By outcome: `os` refuses
// with a message naming what is missing and runs nothing (no session folder, no result, no
// process left); `auto` runs with the guards only and says why in the CLI header and the
// session file.
// Runs the same in either sandbox mode: it picks its own modes.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startWorker } from '../../../src/probe/client.js';
import { ProbeError } from '../../../src/core/probe-types.js';
import type { SessionFile } from '../../../src/core/session-types.js';
import { pauCli } from '../../support/cli.js';
import { listProcesses, startEnvironment } from '../../support/processes.js';

const root = mkdtempSync(join(tmpdir(), 'pau-no-launcher-'));
const TARGET = join(root, 'target.py');
/** A folder with no bwrap: the PATH of a machine without bubblewrap. */
const EMPTY = join(root, 'empty');
/** A folder whose bwrap fails the way it does where user namespaces are off, and logs each start. */
const FAILING = join(root, 'failing');
const FAILING_BWRAP = join(FAILING, 'bwrap');
const FAILING_LOG = join(FAILING, 'started.log');
/** The interpreter by absolute path: the PATH of these runs has no python3 either. */
let python = '';

before(() => {
  mkdirSync(EMPTY);
  mkdirSync(FAILING);
  // The call writes in its own folder (allowed in every mode): a run that happened leaves a trace.
  writeFileSync(TARGET, 'def bump(n):\n    """Adds one."""\n    with open("trace.txt", "w") as f:\n        f.write("ran")\n    return n + 1\n');
  writeFileSync(
    FAILING_BWRAP,
    '#!/bin/sh\n' +
      `echo started >> '${FAILING_LOG}'\n` +
      'echo "bwrap: No permissions to create a new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\n' +
      'exit 1\n',
  );
  chmodSync(FAILING_BWRAP, 0o755);
  python = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
  assert.ok(python.startsWith('/'), python);
});

after(() => rmSync(root, { recursive: true, force: true }));

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
  /** PAU's folders in the run's TMPDIR: where a worker's session folder would have been made. */
  tmp: string[];
  /** Processes that carry this run's marker in their environment after it ended. */
  left: number[];
}

function carrying(marker: string): number[] {
  return listProcesses()
    .filter((p) => p.pid !== process.pid && startEnvironment(p.pid).includes(marker))
    .map((p) => p.pid);
}

/** Runs `pau ARGS` (bundled, test/support/cli.ts) with the given PATH, a private TMPDIR and a marker that reaches the worker (LC_* passes). */
function pau(args: string[], env: { PATH: string }): Promise<Result> {
  const tmp = mkdtempSync(join(root, 'tmp-'));
  const marker = `pau-mark-${randomBytes(6).toString('hex')}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [pauCli(), ...args], {
      env: { PATH: env.PATH, HOME: process.env.HOME ?? '/root', TMPDIR: tmp, NO_COLOR: '1', LC_PAU_TEST_MARK: marker },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, tmp: readdirSync(tmp).filter((f) => f.startsWith('pau-')), left: carrying(marker) }));
  });
}

const startsLogged = () => (existsSync(FAILING_LOG) ? readFileSync(FAILING_LOG, 'utf8').split('\n').filter(Boolean).length : 0);

const CASES = [
  { name: 'bubblewrap not installed', path: () => EMPTY, why: /bubblewrap is not installed \(no bwrap in PATH; Debian\/Ubuntu: apt install bubblewrap\)/ },
  { name: 'bubblewrap failing (user namespaces off)', path: () => FAILING, why: /user namespaces are off .*No permissions to create a new namespace/ },
];

// One at a time: the failing launcher's log counts the starts of each test.
describe('the CLI without a working OS layer', { timeout: 120_000 }, () => {
  for (const c of CASES) {
    test(`${c.name}: pau call --sandbox os refuses, names what is missing, runs nothing`, async () => {
      const before = startsLogged();
      const r = await pau(['call', `${TARGET}:bump`, '41', '--sandbox', 'os', '--python', python], { PATH: c.path() });
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /^pau call: the OS sandbox is not available: /);
      assert.match(r.stderr, c.why);
      assert.equal(r.stdout, '', 'no result');
      assert.deepEqual(r.tmp, [], 'no session folder was made (or it was removed)');
      assert.deepEqual(r.left, [], 'no process left');
      // The failing launcher ran once, for the probe; the worker was never started through it.
      if (c.path() === FAILING) assert.equal(startsLogged() - before, 1);
    });

    test(`${c.name}: pau probe --sandbox auto runs with the guards only and says why (header, session file)`, async () => {
      const out = join(root, `session-${randomBytes(4).toString('hex')}.json`);
      const r = await pau(['probe', `${TARGET}:bump`, '--offline', '--max-probes', '3', '--sandbox', 'auto', '--python', python, '--out', out], {
        PATH: c.path(),
      });
      assert.equal(r.code, 0, r.stderr);
      // Warned once on stderr, before the first call, with what to install.
      const warnings = r.stderr.split('\n').filter((line) => line.startsWith('pau probe: warning: no OS sandbox here'));
      assert.equal(warnings.length, 1, r.stderr);
      assert.match(warnings[0]!, /sudo apt install bubblewrap/);
      assert.match(warnings[0]!, c.why);
      const header = r.stdout.split('\n').find((line) => line.startsWith('sandbox: ')) ?? r.stdout;
      assert.match(header, /^sandbox: guards only \(/);
      assert.match(header, c.why);
      assert.match(r.stdout, /bump\(\d+\) → \d+/, 'the calls ran');
      const session = JSON.parse(readFileSync(out, 'utf8')) as SessionFile;
      assert.equal(session.sandbox?.layer, 'guards');
      assert.match(session.sandbox?.detail ?? '', c.why);
      assert.deepEqual(r.tmp, [], 'the session folder was removed');
      assert.deepEqual(r.left, [], 'no process left');
    });
  }
});

describe('startWorker with an injected launcher', { timeout: 60_000 }, () => {
  test('os with a launcher path that does not exist: no-sandbox error naming bubblewrap, nothing started', async () => {
    const missing = join(root, 'nowhere', 'bwrap');
    await assert.rejects(
      startWorker({ target: { file: TARGET, qualname: 'bump' }, sandbox: 'os', sandboxLauncher: missing }),
      (error: unknown) =>
        error instanceof ProbeError &&
        error.kind === 'no-sandbox' &&
        error.message === `the OS sandbox is not available: bubblewrap is not installed (no ${missing}; Debian/Ubuntu: apt install bubblewrap)`,
    );
  });

  test('os with a failing launcher: no-sandbox error naming user namespaces; auto: guards only, calls correct', async () => {
    const before = startsLogged();
    await assert.rejects(
      startWorker({ target: { file: TARGET, qualname: 'bump' }, sandbox: 'os', sandboxLauncher: FAILING_BWRAP }),
      (error: unknown) => error instanceof ProbeError && error.kind === 'no-sandbox' && /user namespaces are off/.test(error.message),
    );
    const worker = await startWorker({ target: { file: TARGET, qualname: 'bump' }, sandbox: 'auto', sandboxLauncher: FAILING_BWRAP });
    try {
      assert.equal(worker.sandbox?.layer, 'guards');
      assert.match(worker.sandbox?.detail ?? '', /user namespaces are off/);
      assert.equal((await worker.call({ args: ['41'] })).value?.repr, '42');
    } finally {
      await worker.stop();
    }
    // One probe per launcher per process, shared by both workers; neither started through it.
    assert.equal(startsLogged() - before, 1);
  });
});
