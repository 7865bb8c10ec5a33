// What one call leaves for the next of the same session, judged by what the next call finds:
// a file in a folder the call made unwritable (plain Python), marks on the session's folders
// (mode, times, extended attributes: Landlock fences writes, not metadata), System V shared
// memory, zombies of the grandchildren killed after the call. Found by red-team testing.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'leftovers.py');
const MARK = "'left-by-a-call'";
let worker: ProbeWorker;

before(async () => {
  worker = await startWorker({ target: { file: FIXTURE, qualname: 'dispatch' }, sandbox: MODE });
});

after(async () => {
  await worker?.stop();
});

test(`[${MODE}] nothing a call leaves reaches the next call of the session`, async () => {
  const left = await worker.call({ args: ["'leave'", MARK] });
  assert.equal(left.status, 'returned', JSON.stringify(left).slice(0, 600));
  assert.match(left.value?.repr ?? '', /'file'/, 'the first call made its unwritable folder');
  const found = await worker.call({ args: ["'find'", MARK] });
  assert.equal(found.status, 'returned', JSON.stringify(found).slice(0, 600));
  const seen = found.value?.repr ?? '';
  // Files and folder marks are cleared by the worker in both modes, and the killed
  // grandchildren reaped: at most the first call's own process may still be finishing.
  for (const mark of ['files', 'mode', 'times', 'xattr']) assert.ok(!seen.includes(`'${mark}'`), seen);
  assert.ok(!/'zombies': ([2-9]|\d\d)/.test(seen), seen);
  judge('System V shared memory left for the next call', !seen.includes("'shm'"), { left: left.value?.repr, seen });
});
