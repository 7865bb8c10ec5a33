// removeTreeInBackground starts an `rm` process only for a tree big enough to hold the event
// loop: a worker's folders at a start (usually absent) and at a stop (a few names) go without one.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import childProcess from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { removeTreeInBackground } from '../../../src/probe/remove-tree.js';
import { spyOnBuiltin } from '../../support/builtin-spy.js';

const started: string[] = [];
let root: string;
let undo: () => void;

before(() => {
  root = mkdtempSync(join(tmpdir(), 'pau-remove-tree-'));
  // Every process removeTreeInBackground starts goes through execFile: count them.
  undo = spyOnBuiltin(childProcess, 'execFile', (file) => started.push(String(file)));
});

after(() => {
  undo();
  rmSync(root, { recursive: true, force: true });
});

function tree(name: string, files: number): string {
  const top = join(root, name);
  mkdirSync(join(top, 'source'), { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(top, 'source', `f${i}.py`), 'x = 1\n');
  return top;
}

test('a folder that is not there costs no process', async () => {
  started.length = 0;
  await removeTreeInBackground(join(root, 'absent', 'calls'));
  assert.deepEqual(started, []);
});

for (const [what, files, processes] of [
  ["a worker's few files are removed without a process", 3, []],
  ['a big tree is still removed by rm, off the event loop', 300, ['rm']],
] as const) {
  test(what, async () => {
    started.length = 0;
    const top = tree(`tree-${files}`, files);
    await removeTreeInBackground(top);
    assert.ok(!existsSync(top), 'removed');
    assert.deepEqual(started, processes);
  });
}
