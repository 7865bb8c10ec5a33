// The exported tests write the session's qualname as code (`TARGET = _module.<qualname>`), and
// a module with a lazy `__getattr__` resolves any text as a function (red team, round 3). A
// session whose qualname held a newline and a statement (a session file from elsewhere, or any
// entry point that does not check it as the CLI does) gave a module that ran that statement on
// the host, under plain pytest. Judged by outcome: the marker the statement writes is absent.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { runSession } from '../../../src/session/run.js';
import { judge, MODE } from './readme-table.js';
import { runExportedOnHost } from './run-exported.js';

const PYTHON = '/usr/bin/python3';
const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'lazy_names.py');
const dir = mkdtempSync(join(tmpdir(), 'pau-qualname-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test(`[${MODE}] a qualname that is code does not reach the exported tests`, async () => {
  const module = join(dir, 'lazy_names.py');
  copyFileSync(FIXTURE, module);
  const marker = join(dir, 'MARKER');
  // No dots: the worker looks each dotted part up, and the lazy module answers any one part.
  const qualname = `run\ngetattr(__import__('os'), 'system')('echo ran > ${marker.replace(/\./g, '')}')`;
  assert.ok(!qualname.slice(3).includes('.'), 'the marker path has no dot');
  const settings = { mode: 'offline' as const, maxProbes: 3, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
  const session = await runSession({ target: { file: module, qualname }, settings, compare: false, python: PYTHON });
  assert.ok(
    session.probes.some((p) => p.result.status === 'returned'),
    'the lazy module resolved the qualname',
  );
  let refused: string | undefined;
  try {
    await exportPytest({ session, startWorker, runPytest: pytestRunner({ sandbox: MODE }), python: PYTHON, workspaceRoot: dir, sandbox: MODE });
  } catch (error) {
    refused = (error as Error).message;
  }
  rmSync(marker, { force: true }); // the export's own pytest run is not the question: the user's later one is
  const written = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('_pau.py'));
  for (const file of written) {
    execFileSync(PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', join(dir, file)], { cwd: dir, env: { PATH: process.env.PATH ?? '' }, stdio: 'pipe' });
  }
  const ran = existsSync(marker);
  judge('A qualname that is code, in exported tests (a module that resolves any name)', !ran, { ran, refused, written });
});

test(`[${MODE}] a module file name that is code does not reach the exported tests`, async () => {
  // `import <module name>` is written as code: a name holding a newline and a statement ran it
  // in every later test run (the first line imports the standard library's os, so it succeeds).
  const sub = mkdtempSync(join(dir, 'named-'));
  // No dots: the worker imports the file by its name, and a dot would make it a package path.
  const module = join(sub, "os\ngetattr(__import__('os'), 'system')('touch MARKER')\nimport os.py");
  writeFileSync(module, 'def double(x):\n    return 2 * x\n');
  const marker = join(sub, 'MARKER');
  const settings = { mode: 'offline' as const, maxProbes: 3, timeoutMs: 5000, memoryMb: 1024, strictness: 'signature' as const, coverageFeedback: false };
  const session = await runSession({ target: { file: module, qualname: 'double' }, settings: { ...settings, sandbox: MODE }, compare: false, python: PYTHON });
  assert.ok(
    session.probes.some((p) => p.result.status === 'returned'),
    JSON.stringify(session.probes[0]?.result).slice(0, 300),
  );
  let refused: string | undefined;
  try {
    await exportPytest({ session, startWorker, runPytest: pytestRunner({ sandbox: MODE }), python: PYTHON, workspaceRoot: sub, sandbox: MODE });
  } catch (error) {
    refused = (error as Error).message;
  }
  const duringExport = existsSync(marker);
  rmSync(marker, { force: true });
  const written = runExportedOnHost(PYTHON, sub);
  const ran = existsSync(marker);
  judge('A qualname that is code, in exported tests (a module that resolves any name)', !ran && !duringExport, { ran, duringExport, refused, written });
});
