// Daemons a call leaves (double fork through libc, setsid): none outlives the worker, not even
// as a zombie. They are re-parented to the worker (its child subreaper), which kills them after
// each call; a worker killed before it reaped them handed them to pid 1, where they waited for
// as long as it did not reap (about 2 s here; a container's pid 1 may never). Without cgroups,
// whose kill would otherwise hide a live one. Found by red-team testing (round 9, guards mode).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../../../src/probe/client.js';
import { MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'orphans.py');

/** The processes named `mark` (comm), with their state letter: every one the calls started that is in the process table. */
function named(mark: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm === mark)
        found.push(
          `${pid} ${stat
            .slice(stat.lastIndexOf(')') + 2)
            .split(' ', 2)
            .join(' ppid ')}`,
        );
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const alive = (found: string[]) => found.filter((line) => !/^\d+ Z /.test(line));

for (const [when, hold] of [
  ['after the call returned', 0],
  ['during the call', 5],
] as const) {
  test(`[${MODE}] daemons a call leaves are gone when the worker stops ${when}`, { skip: process.platform !== 'linux' }, async () => {
    const mark = `pau-orphan-${hold}-${process.pid % 10000}`.slice(0, 15);
    const worker = await startWorker({ target: { file: FIXTURE, qualname: 'leave' }, sandbox: MODE, cgroups: false, limits: { timeoutMs: 10_000 } });
    try {
      const call = worker.call({ args: [`'${mark}'`, '3', String(hold)] });
      if (hold === 0) {
        const result = await call;
        assert.equal(result.value?.repr, '3', JSON.stringify(result).slice(0, 400));
        assert.deepEqual(alive(named(mark)), [], 'killed after the call, before its answer');
      } else {
        const until = Date.now() + 4000;
        while (named(mark).length < 3 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        assert.equal(named(mark).length, 3, 'the call left its three daemons');
        call.catch(() => undefined); // rejected: the worker was stopped
      }
    } finally {
      await worker.stop();
    }
    assert.deepEqual(named(mark), [], 'none left in the process table (a zombie here is one handed to pid 1)');
  });
}
