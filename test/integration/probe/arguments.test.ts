// Argument source goes through the safe grammar (pau_probe.safe_args) before anything runs.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { describeResult, workerFor } from './support.js';

const scratch = mkdtempSync(join(tmpdir(), 'pau-args-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const REJECTED: [string, RegExp][] = [
  [`__import__('os').system('touch ${join(scratch, 'X')}')`, /not an allowed name/],
  ['(1).__class__.__bases__', /attributes starting with _/],
  ["'abc'.upper.__self__", /attributes starting with _/],
  ['[x for x in range(3)]', /comprehensions are not allowed/],
  ['{k: 1 for k in "ab"}', /comprehensions are not allowed/],
  ['(y := 3)', /:=|assignment expressions/],
];

for (const [source, reason] of REJECTED) {
  test(`rejected before anything runs: ${source}`, async () => {
    const w = await workerFor('shapes.py', 'describe');
    const result = await w.call({ args: [source] });
    assert.equal(result.status, 'rejected', describeResult(result));
    assert.equal(result.exception?.type, 'ArgumentRejected');
    assert.match(result.exception.message, reason);
    assert.match(result.exception.message, /^args\[0\]: .*Allowed in an argument/s, 'says what is allowed');
    assert.equal(result.stdout, '');
  });
}

test('a rejected keyword argument or receiver is named in the message', async () => {
  const w = await workerFor('shapes.py', 'Point.shift');
  const byKeyword = await w.call({ args: ['1'], kwargs: { dy: 'open("f")' }, receiver: 'Point(0, 0)' });
  assert.equal(byKeyword.status, 'rejected');
  assert.match(byKeyword.exception!.message, /^kwargs\.dy: /);
  const byReceiver = await w.call({ args: ['1'], receiver: 'eval("1")' });
  assert.match(byReceiver.exception!.message, /^receiver: /);
});

test('the os.system source never ran: no file was created', () => {
  assert.equal(existsSync(join(scratch, 'X')), false);
});

const ACCEPTED: [string, string][] = [
  ['set()', 'set:set()'],
  ["Decimal('1.5')", "Decimal:Decimal('1.5')"],
  ['datetime.date(2020, 1, 1)', 'date:datetime.date(2020, 1, 1)'],
  ['Point(1, 2)', 'Point:Point(1, 2)'],
  ['frozenset([1, 2])', 'frozenset:frozenset({1, 2})'],
];

for (const [source, expected] of ACCEPTED) {
  test(`accepted: ${source}`, async () => {
    const w = await workerFor('shapes.py', 'describe');
    const result = await w.call({ args: [source] });
    assert.equal(result.status, 'returned', describeResult(result));
    assert.deepEqual(result.value?.data, { t: 'str', v: expected });
  });
}

test('a lambda over the safe grammar is accepted and called by the function', async () => {
  const w = await workerFor('shapes.py', 'apply');
  const result = await w.call({ args: ['lambda s: s.upper() + str(len(s))', "'abc'"] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.repr, "'ABC3'");
});

test('a constructor that raises while building an argument is a rejection, not a result', async () => {
  const w = await workerFor('shapes.py', 'describe');
  const result = await w.call({ args: ["Decimal('not a number')"] });
  assert.equal(result.status, 'rejected', describeResult(result));
  assert.match(result.exception!.message, /^args\[0\]: /);
});
