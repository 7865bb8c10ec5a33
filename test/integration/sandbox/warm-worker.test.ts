// What a target's import leaves running in the warm worker (red team, round 3): a thread, an
// at-fork hook, or a libc write during the import itself runs outside every call's Landlock
// fence. A thread wrote the host's files with plain Python once the import's guards were off
// (guards mode) and filled the host's disk beside the session's quota folders (os mode: the
// session folder itself is a bind of the host's temporary folder). Judged by outcome: nothing
// appears in a folder of the host's, nor in the session folder outside its calls and import folders,
// and a process of the host's the thread signals stays alive (it killed it with the guards only).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'warm_worker.py');
const work = mkdtempSync(join(tmpdir(), 'pau-warm-'));
after(() => rmSync(work, { recursive: true, force: true }));

test(`[${MODE}] threads, at-fork hooks and libc writes of the import: nothing written outside the worker's folders, nobody signalled`, async () => {
  const outside = mkdtempSync(join(work, 'outside-'));
  const module = join(mkdtempSync(join(work, 'ws-')), 'warm_worker.py');
  const victim = spawn('sleep', ['60'], { stdio: 'ignore' });
  const source = readFileSync(FIXTURE, 'utf8').replace('OUTSIDE = None', `OUTSIDE = ${JSON.stringify(outside)}`);
  writeFileSync(module, source.replace('VICTIM = None', `VICTIM = ${victim.pid!}`));
  const worker = await startWorker({ target: { file: module, qualname: 'probe' }, sandbox: MODE });
  let beside: string[] = [];
  const results: string[] = [];
  try {
    // Two calls: the thread runs during both, and each call's process is forked from the worker.
    for (const seconds of ['1.5', '0.5']) results.push((await worker.call({ args: [seconds] })).status);
    // The session folder, as the call saw it (the OS layer binds it at the same path).
    const session = String((await worker.call({ args: ['0'] })).value?.repr).slice(1, -1);
    assert.match(session, /pau-probe-/);
    beside = readdirSync(session).filter((name) => !['calls', 'import', 'source'].includes(name));
  } finally {
    await worker.stop();
  }
  const victimAlive = victim.exitCode === null && victim.signalCode === null;
  victim.kill('SIGKILL');
  assert.deepEqual(results, ['returned', 'returned']);
  const written = readdirSync(outside);
  judge('Signals from what the import leaves running in the worker', victimAlive, { victimAlive, signal: victim.signalCode });
  judge('Writes by what the import leaves running in the worker (threads, at-fork hooks, libc)', written.length === 0 && beside.length === 0, {
    written,
    beside,
  });
});
