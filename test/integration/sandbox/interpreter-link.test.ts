// The interpreter found through a chain of symlinks that leaves every folder bound for it
// (python3 in PATH -> a folder of links -> the real interpreter): the worker starts in the
// mode under test (PAU_SANDBOX_MODE, default os), by explicit path and through PATH. Before
// the fix, os mode failed with `bwrap: execvp …/python3: No such file or directory`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { startWorker } from '../../../src/probe/client.js';
import { linkFolders } from '../../../src/probe/interpreter.js';
import { MODE } from './readme-table.js';

// Three separate folders: the target's, the one in PATH, and a hop between it and the interpreter.
const root = mkdtempSync(join(tmpdir(), 'pau-python-link-'));
const project = join(root, 'project');
const onPath = join(root, 'bin');
const hop = join(root, 'hop');
for (const folder of [project, onPath, hop]) mkdirSync(folder);
const real = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
symlinkSync(real, join(hop, 'python3'));
symlinkSync('../hop/python3', join(onPath, 'python3'));
const TARGET = join(project, 'target.py');
writeFileSync(TARGET, 'def bump(n):\n    return n + 1\n');

after(() => rmSync(root, { recursive: true, force: true }));

test('linkFolders: every hop of the chain, relative links resolved from their own folder', () => {
  const hops = linkFolders(join(onPath, 'python3'));
  assert.equal(hops[0], hop);
  assert.ok(hops.length >= 2, JSON.stringify(hops));
  assert.deepEqual(linkFolders(TARGET), [], 'a plain file has no hops');
});

test(`${MODE} mode: python3 given as a path that links out of the bound folders`, async () => {
  const worker = await startWorker({ target: { file: TARGET, qualname: 'bump' }, sandbox: MODE, python: join(onPath, 'python3') });
  try {
    assert.equal(worker.sandbox?.layer, MODE);
    assert.equal((await worker.call({ args: ['41'] })).value?.repr, '42');
  } finally {
    await worker.stop();
  }
});

test(`${MODE} mode: python3 found in PATH, a link out of the bound folders`, async () => {
  const saved = process.env.PATH;
  process.env.PATH = `${onPath}:${saved ?? ''}`;
  try {
    const worker = await startWorker({ target: { file: TARGET, qualname: 'bump' }, sandbox: MODE });
    try {
      assert.equal(worker.sandbox?.layer, MODE);
      assert.equal((await worker.call({ args: ['1'] })).value?.repr, '2');
    } finally {
      await worker.stop();
    }
  } finally {
    process.env.PATH = saved;
  }
});
