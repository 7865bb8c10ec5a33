// Dates as arguments: the export writes the values a call was made with, and a date is not
// plain data, so before this an offline run of examples/dates.py:is_weekend exported only its
// TypeError cases and no mutant of the comparison was caught. The worker now sends dates,
// times and durations as ISO text, and the exported module builds them again.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportPytest } from '../../../src/export/pytest-export.js';
import { startWorker } from '../../../src/probe/client.js';
import { pytestRunner } from '../../../src/probe/pytest-run.js';
import { DEBIAN_PYTHON, offlineSession } from '../../support/offline-session.js';

const work = mkdtempSync(join(tmpdir(), 'pau-export-dates-'));
after(() => rmSync(work, { recursive: true, force: true }));

test('is_weekend: the export holds its date cases and catches the flipped comparison', { timeout: 180_000 }, async () => {
  const module = join(work, 'dates.py');
  cpSync(resolve('examples/dates.py'), module);
  const session = await offlineSession(module, 'is_weekend');
  assert.equal(session.error, undefined, session.error?.message);
  const exported = await exportPytest({ session, startWorker, runPytest: pytestRunner(), python: DEBIAN_PYTHON, workspaceRoot: work });
  assert.ok(exported.verified.ok, exported.verified.output);
  assert.match(exported.source, /^import datetime$/m);
  assert.match(exported.source, /datetime\.date\.fromisoformat\('\d{4}-\d{2}-\d{2}'\)/);
  assert.doesNotMatch(exported.source, /\(datetime\.date\) is not plain data/);

  const source = readFileSync(module, 'utf8');
  const mutant = source.replace('return day.weekday() >= 5', 'return day.weekday() < 5');
  assert.notEqual(mutant, source);
  writeFileSync(module, mutant);
  const run = spawnSync(DEBIAN_PYTHON, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', exported.path], { cwd: work, encoding: 'utf8', timeout: 60_000 });
  assert.notEqual(run.status, 0, `the mutant survived:\n${run.stdout}`);
});
