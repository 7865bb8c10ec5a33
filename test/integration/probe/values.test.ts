// What comes back from a call: types and reprs that keep values apart, bounded renderings,
// generators, mutations, determinism.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeResult, workerFor } from './support.js';

test("'1' and 1 come back distinguishable by type and repr", async () => {
  const w = await workerFor('basics.py', 'identity');
  const asText = await w.call({ args: ["'1'"] });
  const asInt = await w.call({ args: ['1'] });
  assert.equal(asText.status, 'returned', describeResult(asText));
  assert.deepEqual([asText.value?.type, asText.value?.repr], ['str', "'1'"]);
  assert.deepEqual([asInt.value?.type, asInt.value?.repr], ['int', '1']);
  assert.deepEqual(asText.value?.data, { t: 'str', v: '1' });
  assert.deepEqual(asInt.value?.data, { t: 'int', v: '1' });
});

test('a list given as one positional argument arrives as one list, never unpacked', async () => {
  const w = await workerFor('basics.py', 'count_items');
  const result = await w.call({ args: ['[1, 2]'] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.repr, '2');
  const tooMany = await w.call({ args: ['1', '2'] });
  assert.equal(tooMany.status, 'raised');
  assert.equal(tooMany.exception?.type, 'TypeError');
});

test('tagged data keeps tuple and list, nan and inf, bytes apart', async () => {
  const w = await workerFor('basics.py', 'identity');
  const result = await w.call({ args: ["((1, [2.5]), {'k': None}, float('nan'), b'\\x00A', True)"] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.deepEqual(result.value?.data, {
    t: 'tuple',
    v: [
      {
        t: 'tuple',
        v: [
          { t: 'int', v: '1' },
          { t: 'list', v: [{ t: 'float', v: '2.5' }] },
        ],
      },
      { t: 'dict', v: [[{ t: 'str', v: 'k' }, { t: 'none' }]] },
      { t: 'float', v: 'nan' },
      { t: 'bytes', v: '0041' },
      { t: 'bool', v: true },
    ],
  });
});

test('a generator gives its first items and says whether it ended', async () => {
  const w = await workerFor('basics.py', 'gen');
  const short = await w.call({ args: ['3'] });
  assert.equal(short.status, 'returned', describeResult(short));
  assert.equal(short.value?.type, 'generator');
  assert.deepEqual(short.value?.iteration, { items: ['0', '1', '4'], ended: true });
  const long = await w.call({ args: ['100'] }, { limits: { maxIterItems: 5 } });
  assert.deepEqual(long.value?.iteration, { items: ['0', '1', '4', '9', '16'], ended: false });
});

test('an infinite generator is bounded', async () => {
  const w = await workerFor('basics.py', 'forever');
  const started = Date.now();
  const result = await w.call({ args: [] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.iteration?.items.length, 20);
  assert.equal(result.value?.iteration?.ended, false);
  assert.ok(Date.now() - started < 3000);
});

test('a list of a million items comes back bounded and marked truncated', async () => {
  const w = await workerFor('hostile.py', 'big_list');
  const result = await w.call({ args: ['10**6'] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.type, 'list');
  assert.ok(result.value.repr.length <= 4000, `repr is ${result.value.repr.length} chars`);
  assert.ok(result.value.repr.startsWith('[0, 1, 2, '));
  assert.equal(result.value?.truncated, true);
  assert.equal(result.value?.data, undefined, 'too big for tagged data');
});

test('a __repr__ that raises gives a bounded placeholder', async () => {
  const w = await workerFor('hostile.py', 'bad_repr');
  const result = await w.call({ args: [] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.type, 'hostile.BadRepr');
  assert.match(result.value.repr, /^<repr of hostile\.BadRepr raised ValueError: no repr for you>$/);
});

test('a __repr__ that never returns is cut off by the call deadline', async () => {
  const w = await workerFor('hostile.py', 'slow_repr');
  const started = Date.now();
  const result = await w.call({ args: [] }, { limits: { timeoutMs: 1000 } });
  assert.ok(Date.now() - started < 2500, `took ${Date.now() - started} ms`);
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.value?.type, 'hostile.SlowRepr');
  assert.match(result.value.repr, /did not finish within the time limit/);
});

test('memory addresses are replaced by stable ids', async () => {
  const w = await workerFor('hostile.py', 'object_with_address');
  const first = await w.call({ args: [] });
  const second = await w.call({ args: [] });
  assert.equal(first.value?.repr, '[<object object at 0x1>, <object object at 0x2>]');
  assert.equal(second.value?.repr, first.value?.repr);
});

test('an argument mutated in place is reported with its new repr', async () => {
  const w = await workerFor('basics.py', 'append_one');
  const result = await w.call({ args: ['[5]'] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.deepEqual(result.mutations, [{ arg: 'args[0]', repr: '[5, 1]' }]);
  const untouched = await w.call({ args: ['(5,)'] });
  assert.equal(untouched.status, 'raised');
  assert.deepEqual(untouched.mutations, []);
});

test('a mutated receiver is reported', async () => {
  const w = await workerFor('shapes.py', 'Point.shift');
  const result = await w.call({ args: ['2'], receiver: 'Point(1, 1)' });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.deepEqual(result.mutations, [{ arg: 'receiver', repr: 'Point(3, 1)' }]);
});

test('random.random() returns the same value on every call', async () => {
  const w = await workerFor('basics.py', 'roll');
  const values = new Set<string>();
  for (let i = 0; i < 3; i++) values.add((await w.call({ args: [] })).value!.repr);
  assert.equal(values.size, 1, [...values].join(' '));
});

test('exceptions come back as type and message, without a traceback', async () => {
  const w = await workerFor('basics.py', 'raises');
  const result = await w.call({ args: ["'bad input'"] });
  assert.equal(result.status, 'raised');
  assert.deepEqual(result.exception, { type: 'ValueError', message: 'bad input' });
  assert.doesNotMatch(JSON.stringify(result), /Traceback|line \d+/);
});

test('stdout and stderr are captured per call', async () => {
  const w = await workerFor('hostile.py', 'chatty');
  const result = await w.call({ args: [] });
  assert.equal(result.status, 'returned', describeResult(result));
  assert.equal(result.stdout, 'hello\n');
  assert.equal(result.stderr, 'to stderr\n');
  assert.ok(!result.outputTruncated);
});
