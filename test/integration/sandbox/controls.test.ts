// Control calls in the sandbox mode under test (PAU_SANDBOX_MODE, default os): pure
// functions, a data file read from the workspace, file work in the call's own folder, a
// numpy-sized import, and an import over the memory limit failing cleanly.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';

const MODE = (process.env.PAU_SANDBOX_MODE ?? 'os') as 'os' | 'guards';
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const started: ProbeWorker[] = [];
after(() => Promise.all(started.map((w) => w.stop())));

async function worker(file: string, qualname: string): Promise<ProbeWorker> {
  const w = await startWorker({ target: { file: join(FIXTURES, file), qualname }, sandbox: MODE });
  started.push(w);
  assert.equal(w.sandbox?.layer, MODE);
  return w;
}

test(`[${MODE}] pure function, workspace data file, the call's own folder`, async () => {
  assert.equal((await (await worker('controls.py', 'pure')).call({ args: ['3', '1'] })).value?.repr, '[1, 3]');
  assert.equal((await (await worker('controls.py', 'read_data')).call({ args: [] })).value?.repr, "'workspace data'");
  const own = await worker('controls.py', 'own_folder');
  for (let i = 0; i < 3; i++) assert.equal((await own.call({ args: [] })).value?.repr, "'kept'");
});

test(`[${MODE}] a numpy import works where numpy is installed`, async () => {
  let installed = true;
  try {
    execFileSync('python3', ['-c', 'import numpy'], { stdio: 'ignore' });
  } catch {
    installed = false;
  }
  if (installed) {
    assert.equal((await (await worker('with_numpy.py', 'total')).call({ args: ['[1, 2, 3.5]'] })).value?.repr, '6.5');
  } else {
    await assert.rejects(worker('with_numpy.py', 'total'), /numpy/);
  }
});

test(`[${MODE}] the import runs under the memory limit: a 3 GB import fails with a clear error`, async () => {
  await assert.rejects(worker('greedy_import.py', 'f'), /import of greedy_import\.py failed: MemoryError/);
});
