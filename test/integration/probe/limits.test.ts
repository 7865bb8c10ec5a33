// Calls that hang, eat memory, crash or flood their output become results, and the
// worker keeps serving afterwards.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RENDER_GRACE_MS } from '../../../src/core/limits.js';
import type { ProbeWorker } from '../../../src/probe/client.js';
import { describeResult, exists, workerFor } from './support.js';

/** The worker still answers after whatever the previous call did. */
async function stillServes(worker: ProbeWorker): Promise<void> {
  const pidBefore = worker.pid;
  const result = await worker.call({ args: ['2'] }); // every function below takes one int or ignores it
  assert.notEqual(result.status, 'rejected');
  assert.equal(worker.pid, pidBefore, 'the warm worker itself survived');
}

async function hostile(qualname: string) {
  return workerFor('hostile.py', qualname);
}

test('while True: pass gives timeout within timeout + 1 s, and the next call works', async () => {
  const w = await hostile('spin');
  const started = Date.now();
  const result = await w.call({ args: [] }, { limits: { timeoutMs: 1000 } });
  const elapsed = Date.now() - started;
  assert.equal(result.status, 'timeout', describeResult(result));
  assert.ok(elapsed < 2000, `took ${elapsed} ms`);
  const ok = await (await hostile('chatty')).call({ args: [] });
  assert.equal(ok.value?.repr, '42');
  const again = await w.call({ args: [] }, { limits: { timeoutMs: 300 } });
  assert.equal(again.status, 'timeout');
});

test('a call still running at its timeout is answered then, without the grace a call that returned gets to render', async () => {
  const result = await (await hostile('spin')).call({ args: [] }, { limits: { timeoutMs: 1000 } });
  assert.equal(result.status, 'timeout', describeResult(result));
  // It waited for the whole grace before (1,400 ms and more); a __repr__ past the timeout still gets it (values.test.ts).
  assert.ok(result.durationMs < 1000 + RENDER_GRACE_MS / 2, `answered as a timeout after ${result.durationMs} ms`);
});

test('allocating 10 GB is stopped by the memory limit and the next call works', async () => {
  const w = await hostile('allocate');
  const result = await w.call({ args: ['10'] });
  assert.ok((result.status === 'raised' && result.exception?.type === 'MemoryError') || result.status === 'crashed', describeResult(result));
  const small = await w.call({ args: ['0'] });
  assert.equal(small.value?.repr, '0');
});

test('growing a list without end is stopped by the memory limit', async () => {
  const w = await hostile('grow_list');
  const result = await w.call({ args: [] }, { limits: { memoryMb: 256 } });
  assert.ok((result.status === 'raised' && result.exception?.type === 'MemoryError') || result.status === 'crashed', describeResult(result));
  await stillServes(w);
});

test('os._exit(3) is a crash with exit code 3', async () => {
  const w = await hostile('hard_exit');
  const result = await w.call({ args: ['3'] });
  assert.equal(result.status, 'crashed', describeResult(result));
  assert.deepEqual(result.crash, { exitCode: 3, signal: null });
  await stillServes(w); // os._exit(2): another crash, but an answer
});

test('sys.exit(2) is raised as SystemExit', async () => {
  const w = await hostile('soft_exit');
  const result = await w.call({ args: ['2'] });
  assert.equal(result.status, 'raised', describeResult(result));
  assert.deepEqual(result.exception, { type: 'SystemExit', message: '2' });
  await stillServes(w);
});

test('a segfault through ctypes is a crash with SIGSEGV', async () => {
  const w = await hostile('segfault');
  const result = await w.call({ args: [] });
  assert.equal(result.status, 'crashed', describeResult(result));
  assert.deepEqual(result.crash, { exitCode: null, signal: 'SIGSEGV' });
  const again = await w.call({ args: [] });
  assert.equal(again.status, 'crashed');
});

test('raise KeyboardInterrupt is raised as KeyboardInterrupt', async () => {
  const w = await hostile('interrupt');
  const result = await w.call({ args: [] });
  assert.equal(result.status, 'raised', describeResult(result));
  assert.equal(result.exception?.type, 'KeyboardInterrupt');
  await stillServes(w);
});

test('a fork bomb is stopped by the guard and the next call works', async () => {
  const w = await hostile('fork_bomb');
  const result = await w.call({ args: [] });
  assert.equal(result.status, 'raised', describeResult(result));
  assert.equal(result.exception?.type, 'SandboxViolation');
  assert.match(result.exception.message, /os\.fork/);
  await stillServes(w);
});

test('printing 100 MB comes back truncated within seconds', async () => {
  const w = await hostile('shout');
  const started = Date.now();
  const result = await w.call({ args: ['100'] }, { limits: { timeoutMs: 20000 } });
  const elapsed = Date.now() - started;
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.repr, "'done'");
  assert.equal(result.outputTruncated, true);
  assert.equal(Buffer.byteLength(result.stdout), 65536);
  assert.ok(elapsed < 10000, `took ${elapsed} ms`);
});

test('the output cap is a limit of its own', async () => {
  const w = await hostile('shout');
  const result = await w.call({ args: ['1'] }, { limits: { maxOutputBytes: 1000 } });
  assert.equal(Buffer.byteLength(result.stdout), 1000);
  assert.equal(result.outputTruncated, true);
});

test('a call that timed out leaves no process running', async () => {
  const w = await hostile('spin');
  let callPid = 0;
  w.once('started', ({ pid }: { pid: number }) => (callPid = pid));
  const result = await w.call({ args: [] }, { limits: { timeoutMs: 300 } });
  assert.equal(result.status, 'timeout');
  assert.ok(callPid > 0);
  assert.equal(exists(-callPid), false, 'the call process group is gone');
});
