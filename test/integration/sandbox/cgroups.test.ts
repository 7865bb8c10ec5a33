// Resource limits across a call's processes (issue 21): RLIMIT_AS is per process, so a call
// held 1.3 GB with --memory-mb 256 by spreading it over children, and root is exempt from
// RLIMIT_NPROC. Where the host may make cgroups (as root with a writable cgroup filesystem,
// as in CI) each call gets its own, with the call's memory limit and a process cap, and is
// killed whole after the call; elsewhere the badge says there are none, and so must this test.
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startWorker, type ProbeWorker } from '../../../src/probe/client.js';
import { CgroupPool, cgroupSupport, PIDS_PER_CALL } from '../../../src/probe/cgroups.js';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { judge, MODE } from './readme-table.js';

const FIXTURE = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'spread.py');
const found = cgroupSupport();
let worker: ProbeWorker;

before(async () => {
  worker = await startWorker({ target: { file: FIXTURE, qualname: 'attack' }, sandbox: MODE, limits: { memoryMb: 256, timeoutMs: 8000 } });
});

after(async () => {
  await worker?.stop();
});

test(`[${MODE}] the badge says whether calls get cgroup limits`, () => {
  assert.match(worker.sandbox?.detail ?? '', typeof found === 'string' ? /no cgroup limits: / : /cgroup v[12] limits per call/);
});

test(`[${MODE}] a worker started without cgroups (cgroups: false) says so on its badge, whatever the host could make`, async () => {
  const without = await startWorker({ target: { file: FIXTURE, qualname: 'attack' }, sandbox: MODE, cgroups: false });
  try {
    const detail = without.sandbox?.detail ?? '';
    assert.match(detail, /; no cgroup limits: turned off for this worker$/);
    assert.doesNotMatch(detail, /limits per call/);
  } finally {
    await without.stop();
  }
});

test(`[${MODE}] --memory-mb 256 bounds the whole call, children included (6 children of 100 MB)`, async () => {
  const result = await worker.call({ args: ["'memory'", '6', '100'] });
  const seen = result.value?.repr ?? '';
  const held = Number(/'reported': (\d+)/.exec(seen)?.[1] ?? 0);
  // 256 MB hold two children of 100 MB at most, never six; a crash (the call killed by its limit) holds none.
  const bounded = result.status !== 'returned' || held <= 2;
  if (typeof found === 'string') return assert.ok(!bounded, `without cgroups the children are not bounded together: ${JSON.stringify(result).slice(0, 300)}`);
  judge("Memory across a call's processes (where the host may make cgroups)", bounded, { status: result.status, seen });
  assert.equal((await worker.call({ args: ["'ordinary'", '21'] })).value?.repr, '42');
});

test(`[${MODE}] a call's processes are capped at ${PIDS_PER_CALL}, root or not`, async () => {
  const result = await worker.call({ args: ["'processes'", '200'] });
  const seen = result.value?.repr ?? '';
  const alive = Number(/'reported': (\d+)/.exec(seen)?.[1] ?? 0);
  if (typeof found === 'string') return assert.ok(alive > PIDS_PER_CALL, seen);
  judge("Number of a call's processes, root included (where the host may make cgroups)", result.status === 'returned' && alive < PIDS_PER_CALL, {
    status: result.status,
    seen,
  });
  assert.equal((await worker.call({ args: ["'ordinary'", '21'] })).value?.repr, '42');
});

test(`[${MODE}] a call cannot move itself out of its cgroup (red-team round 4)`, async () => {
  if (typeof found === 'string') return;
  const result = await worker.call({ args: ["'leave_cgroup'"] });
  assert.equal(result.status, 'returned', JSON.stringify(result).slice(0, 400));
  const seen = result.value?.repr ?? '';
  // The OS layer shows no cgroup filesystem; with the guards only, Landlock refuses the write.
  judge(
    "Leaving the call's cgroup (where the host may make cgroups)",
    !/'wrote': \[\(.*[1-9]\d*\)/.test(seen) && (MODE === 'os' || seen.includes('pau-call-')),
    seen,
  );
});

test(`[${MODE}] a call's cgroup is used again only once emptied, with the next call's memory limit (CgroupPool)`, async () => {
  if (typeof found === 'string' || 'systemdRun' in found) return;
  const line = found.version === 1 ? /^\d+:[^:]*\bmemory\b[^:]*:(.*)$/m : /^0::(.*)$/m;
  const memoryCgroup = (pid: number) => line.exec(readFileSync(`/proc/${pid}/cgroup`, 'utf8'))?.[1] ?? '';
  const folder = (pid: number) => join(found.parents[0], memoryCgroup(pid).split('/').pop() ?? '');
  const pool = new CgroupPool();
  const [left, next] = [spawn('sleep', ['60']), spawn('sleep', ['60'])];
  try {
    const first = await pool.take(found, left.pid ?? 0, 256);
    assert.ok(first, 'no cgroup made');
    const used = folder(left.pid ?? 0);
    assert.match(used, /pau-call-/);
    // The call is over while a process it started is still running: that process is killed.
    const killed = once(left, 'exit');
    pool.give(first);
    assert.equal((await killed)[1], 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200)); // a cgroup still emptying is pooled at the next try (50 ms)
    const second = await pool.take(found, next.pid ?? 0, 300);
    assert.ok(second, 'no cgroup for the next call');
    assert.equal(folder(next.pid ?? 0), used, 'the emptied cgroup was not used again');
    assert.deepEqual(readFileSync(join(used, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean), [String(next.pid)]);
    assert.equal(Number(readFileSync(join(used, found.version === 1 ? 'memory.limit_in_bytes' : 'memory.max'), 'utf8')), 300 * 1024 * 1024);
    second.remove();
    pool.close();
    await once(next, 'exit');
    for (let i = 0; i < 40 && existsSync(used); i++) await new Promise((r) => setTimeout(r, 50));
    assert.ok(!existsSync(used), 'the cgroup outlived its worker');
  } finally {
    left.kill('SIGKILL');
    next.kill('SIGKILL');
    pool.close();
  }
});
