// An output file pytest cannot run is refused before any probe is re-run: `pau export --out
// x.ship.py` probed, wrote, and then said its tests "did not pass under pytest" (newuser2's trial).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import type { SessionFile } from '../../../src/core/session-types.js';
import { ExportError, exportPytest, outputFileProblem } from '../../../src/export/pytest-export.js';

test('a .py name pytest can import passes; a dotted stem or another extension is named as the problem', () => {
  assert.equal(outputFileProblem('/tmp/test_inventory_ship.py'), undefined);
  assert.equal(outputFileProblem('tests/nu2-exp-slugify.py'), undefined);
  assert.match(outputFileProblem('/tmp/test_Inventory.ship.py') ?? '', /'\.' before \.py.*"test_Inventory_ship\.py"/);
  assert.match(outputFileProblem('/tmp/cases.txt') ?? '', /must end in \.py/);
  assert.match(outputFileProblem('/tmp/.py') ?? '', /before \.py \(or nothing\)/);
});

test('exportPytest refuses such a file before it starts a worker', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pau-out-'));
  const module = join(dir, 'app.py');
  writeFileSync(module, 'def f(x):\n    return x\n');
  const session = { target: { file: module, qualname: 'Inventory.ship' }, probes: [] } as unknown as SessionFile;
  const startWorker = () => Promise.reject(new Error('no worker should start'));
  await assert.rejects(
    exportPytest({ session, startWorker, runPytest: () => Promise.reject(new Error('no pytest run')), out: join(dir, 'test_Inventory.ship.py') }),
    (err: unknown) => err instanceof ExportError && /'\.' before \.py/.test(err.message),
  );
});
