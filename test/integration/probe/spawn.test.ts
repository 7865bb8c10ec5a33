// The fallback without fork (a new interpreter per call), forced with isolation: 'spawn'
// so that it runs here; on Windows it is the only path. Same result shapes as forked calls.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeResult, workerFor } from './support.js';

const spawned = (file: string, qualname: string) => workerFor(file, qualname, { isolation: 'spawn' });

test('spawn: values, output and coverage come back as with fork', async () => {
  const w = await spawned('hostile.py', 'chatty');
  const first = await w.call({ args: [] });
  assert.equal(first.value?.repr, '42', describeResult(first));
  assert.equal(first.stdout, 'hello\n');
  assert.equal(first.stderr, 'to stderr\n');
  assert.equal(first.coverage?.lines.new, first.coverage?.lines.total);
  const second = await w.call({ args: [] });
  assert.equal(second.coverage?.lines.new, 0, 'the union lives in the worker');
});

test('spawn: state does not leak between calls and arguments are checked first', async () => {
  const w = await spawned('basics.py', 'remember');
  assert.equal((await w.call({ args: ['1'] })).value?.repr, '1');
  assert.equal((await w.call({ args: ['2'] })).value?.repr, '1');
  assert.equal((await w.call({ args: ["__import__('os')"] })).status, 'rejected');
});

test('spawn: timeout, crash and guard', async () => {
  const spin = await (await spawned('hostile.py', 'spin')).call({ args: [] }, { limits: { timeoutMs: 500 } });
  assert.equal(spin.status, 'timeout', describeResult(spin));
  const exit = await (await spawned('hostile.py', 'hard_exit')).call({ args: ['3'] });
  assert.deepEqual(exit.crash, { exitCode: 3, signal: null });
  const fork = await (await spawned('hostile.py', 'fork_bomb')).call({ args: [] });
  assert.equal(fork.exception?.type, 'SandboxViolation');
});

test('spawn: output is capped', async () => {
  const w = await spawned('hostile.py', 'shout');
  const result = await w.call({ args: ['3'] }, { limits: { maxOutputBytes: 1000 } });
  assert.equal(result.outputTruncated, true);
  assert.equal(result.stdout.length, 1000);
});
