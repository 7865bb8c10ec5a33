// A process a call leaves behind still holding the call's result pipe: the call's own result
// comes back (not a timeout), and the process left is killed. With the OS layer and with the
// guards alone (the worker's kill of what a call leaves is the same in both).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeResult, freshWorker } from './support.js';

for (const sandbox of ['auto', 'guards'] as const) {
  test(`[${sandbox}] a process left holding the call's result pipe: the call's result comes back and the process is killed`, async () => {
    const w = await freshWorker('stragglers.py', 'leave_holding', { sandbox });
    const started = performance.now();
    const result = await w.call({ args: ['41'] }, { limits: { timeoutMs: 4000 } });
    const took = performance.now() - started;
    assert.equal(result.status, 'returned', describeResult(result));
    const [answer, pid] = /^\((\d+), (\d+)\)$/.exec(result.value?.repr ?? '')?.slice(1) ?? [];
    assert.equal(answer, '42', describeResult(result));
    assert.ok(took < 2000, `the call took ${Math.round(took)} ms: it waited for the process it left`);
    // The next call runs in the same pid namespace and looks for the process left.
    const check = await w.call({ args: ['0'], kwargs: { left: String(pid) } });
    assert.equal(check.value?.repr, 'False', `the process left is still running: ${describeResult(check)}`);
  });
}
