// Bytecode beside the target (red team, round 7): Python loads a `__pycache__` file written in
// the "unchecked hash" form (PEP 552) without looking at the source at all, so a workspace could
// ship bytecode of other code under a module's name, and the probe described, and the export
// pinned down, code the user never sees in the file. Judged by outcome: the call runs what the
// source says.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const PYTHON = '/usr/bin/python3';
const folder = mkdtempSync(join(tmpdir(), 'pau-planted-bytecode-'));
const other = mkdtempSync(join(tmpdir(), 'pau-planted-source-'));
after(() => {
  rmSync(folder, { recursive: true, force: true });
  rmSync(other, { recursive: true, force: true });
});

for (const isolation of ['fork', 'spawn'] as const)
  test(`[${MODE}] an unchecked __pycache__ file beside the target does not replace its source (${isolation})`, async () => {
    const module = join(mkdtempSync(join(folder, 'm-')), 'planted.py');
    writeFileSync(module, 'def which():\n    return "the source"\n');
    const hidden = join(other, 'planted.py');
    writeFileSync(hidden, 'def which():\n    return "hidden bytecode"\n');
    const plant = [
      'import importlib.util, py_compile, sys',
      'py_compile.compile(sys.argv[1], cfile=importlib.util.cache_from_source(sys.argv[2]), invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)',
    ].join('\n');
    execFileSync(PYTHON, ['-c', plant, hidden, module]);
    // The plant works: plain Python runs the hidden code.
    const plain = execFileSync(PYTHON, ['-c', 'import planted; print(planted.which())'], { cwd: dirname(module), encoding: 'utf8' }).trim();
    assert.equal(plain, 'hidden bytecode');
    const worker = await startWorker({ target: { file: module, qualname: 'which' }, python: PYTHON, sandbox: MODE, isolation });
    try {
      const result = await worker.call({ args: [] });
      judge("Bytecode planted beside the target (an unchecked `__pycache__` file that is not the source's)", result.value?.repr === "'the source'", result);
    } finally {
      await worker.stop();
    }
  });
