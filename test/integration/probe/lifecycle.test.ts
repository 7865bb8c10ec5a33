// Processes: stop() leaves nothing behind, abort kills the running call, a killed or
// stuck worker is replaced, and a host that dies takes its workers with it.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { ProbeError } from '../../../src/core/probe-types.js';
import { describeResult, exists, fixture, ROOT, freshWorker } from './support.js';

/** Gone, or a zombie waiting for a reaper that is not us. */
function gone(pid: number): boolean {
  if (!exists(pid)) return true;
  try {
    return /^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
}

/** Processes killed with SIGKILL vanish asynchronously; poll briefly, there is no event for it. */
async function waitGone(pids: number[], withinMs = 3000): Promise<number[]> {
  const end = Date.now() + withinMs;
  let left = pids.filter((p) => !gone(p));
  while (left.length && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 20));
    left = left.filter((p) => !gone(p));
  }
  return left;
}

test('stop() leaves no process behind and is idempotent', async () => {
  const w = await freshWorker('basics.py', 'identity');
  await w.call({ args: ['1'] });
  if (w.childPids.length === 0) await once(w, 'forked');
  const pid = w.pid!;
  const children = w.childPids;
  assert.ok(children.length >= 1, 'a pre-forked child is waiting');
  await w.stop();
  assert.equal(exists(-pid), false, 'the worker process group is gone');
  assert.deepEqual(await waitGone([pid, ...children]), []);
  await w.stop();
  await assert.rejects(w.call({ args: ['1'] }), (err: unknown) => err instanceof ProbeError && err.kind === 'stopped');
});

test('aborting a running call kills its process group and rejects with stopped', async () => {
  const w = await freshWorker('hostile.py', 'spin');
  const controller = new AbortController();
  let callPid = 0;
  w.once('started', ({ pid }: { pid: number }) => {
    callPid = pid;
    controller.abort();
  });
  const started = Date.now();
  await assert.rejects(
    w.call({ args: [] }, { signal: controller.signal, limits: { timeoutMs: 20000 } }),
    (err: unknown) => err instanceof ProbeError && err.kind === 'stopped',
  );
  assert.ok(Date.now() - started < 2000);
  assert.ok(callPid > 0);
  assert.deepEqual(await waitGone([callPid]), []);
  const next = await w.call({ args: [] }, { limits: { timeoutMs: 200 } });
  assert.equal(next.status, 'timeout', 'the worker serves the next call');
});

test('a call aborted while it waits in the queue is answered at once and never runs', async () => {
  const w = await freshWorker('hostile.py', 'spin');
  const busy = w.call({ args: [] }, { limits: { timeoutMs: 1500 } });
  const controller = new AbortController();
  const queued = w.call({ args: [] }, { signal: controller.signal, limits: { timeoutMs: 1500 } });
  const abortedAt = Date.now();
  controller.abort();
  await assert.rejects(queued, (err: unknown) => err instanceof ProbeError && err.kind === 'stopped');
  assert.ok(Date.now() - abortedAt < 500, 'rejected before the running call ended');
  assert.equal((await busy).status, 'timeout');
  let started = 0;
  const count = () => started++;
  w.on('started', count);
  const next = await w.call({ args: [] }, { limits: { timeoutMs: 200 } });
  w.off('started', count);
  assert.equal(next.status, 'timeout');
  assert.equal(started, 1, 'only the next call ran; the aborted one was skipped');
});

test('an already aborted signal runs nothing', async () => {
  const w = await freshWorker('basics.py', 'remember');
  await assert.rejects(w.call({ args: ['1'] }, { signal: AbortSignal.abort() }), ProbeError);
  const result = await w.call({ args: ['1'] });
  assert.equal(result.value?.repr, '1');
});

test('a worker killed with SIGKILL is restarted on the next call', async () => {
  const w = await freshWorker('basics.py', 'add');
  const first = w.pid!;
  const exited = once(w, 'exit');
  process.kill(first, 'SIGKILL');
  const [info] = (await exited) as [{ expected: boolean; signal: string }];
  assert.deepEqual([info.expected, info.signal], [false, 'SIGKILL']);
  const restarted = once(w, 'restart');
  const result = await w.call({ args: ['1', '1'] });
  assert.equal(result.value?.repr, '2', describeResult(result));
  await restarted;
  assert.notEqual(w.pid, first);
});

test('a worker that stops answering is replaced by the host backstop', async () => {
  const w = await freshWorker('basics.py', 'add');
  const stuck = w.pid!;
  process.kill(stuck, 'SIGSTOP');
  const started = Date.now();
  const result = await w.call({ args: ['1', '1'] }, { limits: { timeoutMs: 300 } });
  assert.equal(result.status, 'timeout');
  assert.ok(Date.now() - started < 300 + 400 + 2000 + 1500, `took ${Date.now() - started} ms`);
  const next = await w.call({ args: ['2', '2'] });
  assert.equal(next.value?.repr, '4');
  assert.notEqual(w.pid, stuck);
  assert.deepEqual(await waitGone([stuck]), []);
});

/** Runs a small host script that starts a worker, prints its pids, then ends as told. */
async function hostThat(ending: 'exit' | 'sigkill'): Promise<number[]> {
  const script = `
    import { startWorker } from ${JSON.stringify(ROOT + '/src/probe/client.ts')};
    const w = await startWorker({ target: { file: ${JSON.stringify(fixture('basics.py'))}, qualname: 'identity' } });
    await w.call({ args: ['1'] });
    if (w.childPids.length === 0) await new Promise((r) => w.once('forked', r));
    console.log(JSON.stringify([w.pid, ...w.childPids]));
    ${ending === 'exit' ? 'process.exit(0);' : 'setInterval(() => {}, 1000);'}
  `;
  const host = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(host.stdout, 'data')) as [Buffer];
  const pids = JSON.parse(line.toString()) as number[];
  if (ending === 'sigkill') host.kill('SIGKILL');
  await once(host, 'exit');
  return pids;
}

test("a host that exits takes its workers with it (the 'exit' hook)", async () => {
  const pids = await hostThat('exit');
  // The worker and at least its waiting call process; the one that ran may not be reaped yet.
  assert.ok(pids.length >= 2, `pids: ${pids.join(', ')}`);
  assert.deepEqual(await waitGone(pids), []);
});

test('a host killed with SIGKILL takes its workers with it (parent-death signal)', async () => {
  const pids = await hostThat('sigkill');
  assert.deepEqual(await waitGone(pids), []);
});

test('a waiting call process killed from outside is replaced, not reported as a crash', async () => {
  const w = await freshWorker('basics.py', 'add');
  if (w.childPids.length === 0) await once(w, 'forked');
  const waiting = w.childPids;
  for (const pid of waiting) process.kill(pid, 'SIGKILL');
  assert.deepEqual(await waitGone(waiting), [], 'killed (a zombie until the worker reaps it)');
  const result = await w.call({ args: ['2', '3'] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.repr, '5');
});

/** The parent of a process, from /proc (Linux). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

test(
  'calls are forked by the fork server; killed, the worker forks them itself and exit statuses still arrive',
  { skip: process.platform !== 'linux' && 'the fork server is Linux only' },
  async () => {
    const w = await freshWorker('hostile.py', 'hard_exit');
    const first = await w.call({ args: ['3'] });
    assert.deepEqual(first.crash, { exitCode: 3, signal: null }, describeResult(first));
    if (w.childPids.length === 0) await once(w, 'forked');
    const [waiting] = w.childPids;
    const server = parentOf(waiting!);
    assert.notEqual(server, w.pid, 'the waiting call process is not the worker’s own child');
    assert.equal(parentOf(server), w.pid, 'its parent, the fork server, is');
    process.kill(server, 'SIGKILL');
    assert.deepEqual(await waitGone([server, waiting!]), [], 'the server, and the call process waiting in it');
    for (const code of ['4', '5']) {
      const crashed = await w.call({ args: [code] });
      assert.deepEqual(crashed.crash, { exitCode: Number(code), signal: null }, describeResult(crashed));
    }
    if (w.childPids.length === 0) await once(w, 'forked');
    assert.equal(parentOf(w.childPids[0]!), w.pid, 'the worker forks the calls now');
    const pid = w.pid!;
    const left = w.childPids;
    await w.stop();
    assert.deepEqual(await waitGone([pid, ...left]), []);
  },
);
