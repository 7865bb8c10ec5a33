// Per-user kernel resources (red team, round 3): inotify instances are counted per user, and a
// user namespace's count is charged to the user outside it too. A call that took them all
// while it ran (or a thread of the import, for the whole session) left the host's own
// programs of that user, the editor's file watchers among them, with EMFILE. Judged by
// outcome: while the call holds what it got, can a process on the host still make one?
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'inotify.py');
const ASK = 'import ctypes; libc = ctypes.CDLL(None, use_errno=True); fd = libc.inotify_init1(0); print(fd, ctypes.get_errno())';

test(`[${MODE}] a call holding every inotify instance it can get: does the host still get one`, async () => {
  const worker = await startWorker({ target: { file: FIXTURE, qualname: 'hold' }, sandbox: MODE });
  try {
    const holding = worker.call({ args: ['1.5'] });
    await new Promise((r) => setTimeout(r, 800)); // the call has taken what it can
    const [fd, errno] = execFileSync('python3', ['-c', ASK], { encoding: 'utf8' }).trim().split(' ').map(Number);
    const result = await holding;
    assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
    judge("The user's inotify instances (a call holding them all)", fd! >= 0, { hostGot: fd, errno, call: result.value?.repr });
  } finally {
    await worker.stop();
  }
});
