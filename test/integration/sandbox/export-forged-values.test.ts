// Exported tests run on the host with plain pytest, so nothing the probed code controls may
// become code there (red team, round 3). A call can write its own result to the result pipe,
// and the worker relays it: data tagged `int` or `float` whose text is Python source was
// written into the exported module as it came, and ran at collection, on the host, on every
// later test run. Judged by outcome: after the export and a plain pytest run of its module
// outside the sandbox, the marker the forged text would write is absent.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import type { SessionFile } from '../../../src/core/session-types.js';
import { runSession } from '../../../src/session/run.js';
import { judge, MODE } from './readme-table.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'forged_values.py');
const dir = mkdtempSync(join(tmpdir(), 'pau-forged-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test(`[${MODE}] numbers a call forged in its own result do not become code in the exported tests`, async () => {
  const module = join(dir, 'forged_values.py');
  copyFileSync(FIXTURE, module);
  const marker = join(dir, 'MARKER');
  const worker = await startWorker({ target: { file: module, qualname: 'forged' }, python: PYTHON, sandbox: MODE });
  let result;
  try {
    result = await worker.call({ args: ['1'] });
  } finally {
    await worker.stop();
  }
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const settings = { mode: 'offline' as const, maxProbes: 1, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
  const ran0 = await runSession({ target: { file: module, qualname: 'forged' }, settings: { ...settings, sandbox: MODE }, compare: false, python: PYTHON });
  const session: SessionFile = { ...ran0, probes: [{ index: 0, origin: 'offline', args: ['1'], result }] };
  const exported = await exportPytest({ session, startWorker, runPytest: pytestRunner({ sandbox: MODE }), python: PYTHON, workspaceRoot: dir, sandbox: MODE });
  const written = readFileSync(exported.path, 'utf8');
  rmSync(marker, { force: true }); // the export's own pytest run is not the question: the user's later one is
  // The module's run as the user's test suite would run it: on the host, no sandbox.
  execFileSync(PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', exported.path], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '', PAU_FORGED_DIR: dir },
    stdio: 'pipe',
  });
  const ran = existsSync(marker);
  judge('Numbers a call forges in its own result, in exported tests', !ran && !written.includes('MARKER'), {
    ran,
    cases: written.split('\n').filter((line) => line.includes('pytest.param')),
  });
});
