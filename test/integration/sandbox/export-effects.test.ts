// Exported tests run on the host with plain pytest, with the values a model chose. A call that
// writes where its arguments say returned False in the sandbox (the guards refused a path
// outside the call's folder, and the function caught the error) or True (a relative path,
// written in the call's folder); the export kept both, its own pytest check passed them (in
// the OS sandbox the test folder is read-only, and the function still returns False), and
// the user's next test run wrote both files on the host: a `.git/hooks/pre-commit` is
// one such relative path (red team, round 4). Judged by outcome: after the export and a plain
// pytest run of what it wrote, outside the sandbox, neither file exists.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { runSession } from '../../../src/session/run.js';
import { judge, MODE } from './readme-table.js';
import { exportCalls, runExportedOnHost } from './run-exported.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'saves.py');
const dir = mkdtempSync(join(tmpdir(), 'pau-effects-'));
const elsewhere = mkdtempSync(join(tmpdir(), 'pau-effects-outside-'));
after(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(elsewhere, { recursive: true, force: true });
});

test(`[${MODE}] a probe that wrote files is not exported as a test that writes them on the host`, async () => {
  const module = join(dir, 'saves.py');
  copyFileSync(FIXTURE, module);
  const outside = join(elsewhere, 'OUTSIDE');
  const calls = [
    [JSON.stringify(outside), "'x'"],
    ["'RELATIVE'", "'x'"],
  ];
  const refused = await exportCalls(PYTHON, module, 'save', calls, dir);
  const duringExport = [outside, join(dir, 'RELATIVE')].filter((path) => existsSync(path));
  const written = runExportedOnHost(PYTHON, dir);
  const made = [outside, join(dir, 'RELATIVE')].filter((path) => existsSync(path));
  judge('Writes an exported test would repeat on the host (paths a model chose)', made.length === 0, { made, duringExport, refused, written });
});

test(`[${MODE}] the export's own pytest run keeps the module's code in the sandbox`, async () => {
  // The module writes beside its folder only when pytest imports it, so the probes (in the
  // sandbox) see nothing; the export's pytest check ran it plainly on the host in guards mode.
  const folder = mkdtempSync(join(dir, 'pytest-'));
  const module = join(folder, 'under_pytest.py');
  copyFileSync(join(dirname(FIXTURE), 'under_pytest.py'), module);
  const marker = join(dir, 'MARKER');
  const settings = { mode: 'offline' as const, maxProbes: 3, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
  const session = await runSession({ target: { file: module, qualname: 'double' }, settings: { ...settings, sandbox: MODE }, compare: false, python: PYTHON });
  const exported = await exportPytest({
    session,
    startWorker,
    runPytest: pytestRunner({ sandbox: MODE }),
    python: PYTHON,
    workspaceRoot: folder,
    sandbox: MODE,
  });
  assert.ok(exported.verified.ok, exported.verified.output);
  const written = existsSync(marker);
  judge("The export's own pytest run (the module's code under pytest)", !written, { written, sandbox: exported.verified.sandbox });
});
