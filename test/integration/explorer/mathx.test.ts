// examples/mathx.py through the real worker: hand-checked types, exceptions and properties.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHolds, assertNotClaimed, assertRaisesOnlyFor, exploreExample, property } from './harness.js';

test('clamp: monotonic increasing in x (not decreasing); ValueError when lo > hi', async () => {
  const { report, records } = await exploreExample('mathx.py', 'clamp');
  assert.ok(report.returnTypes.includes('int') && report.returnTypes.includes('float'), report.returnTypes.join());
  assertHolds(report, 'monotonic-increasing', /in x: /);
  assertNotClaimed(report, 'monotonic-decreasing', { refuted: true });
  assertHolds(report, 'pure');
  // Every ValueError came from a call whose lo was greater than its hi.
  for (const r of records.filter((q) => q.result.exception?.type === 'ValueError')) {
    const [, lo, hi] = r.args.map((a) => Number(a.replace(/^\((.*)\)$/, '$1')));
    assert.ok(lo! > hi!, `ValueError for clamp(${r.args.join(', ')})`);
  }
  assert.ok(report.exceptions.ValueError);
});

test('gcd: commutative, int → int, TypeError for non-ints, not monotonic', async () => {
  const { report } = await exploreExample('mathx.py', 'gcd');
  assert.deepEqual(report.returnTypes, ['int']);
  assertHolds(report, 'commutative');
  assert.ok(report.exceptions.TypeError?.some((l) => l.includes('str')));
  assertNotClaimed(report, 'monotonic-increasing', { refuted: true });
  assertNotClaimed(report, 'monotonic-decreasing', { refuted: true });
});

test('subtract: not commutative; increasing in a, decreasing in b', async () => {
  const { report } = await exploreExample('mathx.py', 'subtract');
  assertNotClaimed(report, 'commutative', { refuted: true });
  assertHolds(report, 'monotonic-increasing', /in a: /);
  assertHolds(report, 'monotonic-decreasing', /in b: /);
  assert.doesNotMatch(property(report, 'monotonic-increasing')!.evidence, /in b: /);
});

test('is_prime: returns bool; TypeError for str and float', async () => {
  const { report } = await exploreExample('mathx.py', 'is_prime');
  assert.deepEqual(report.returnTypes, ['bool']);
  assert.ok(report.exceptions.TypeError?.includes('str') && report.exceptions.TypeError.includes('positive float'), JSON.stringify(report.exceptions));
  assertHolds(report, 'deterministic');
});

test('isqrt: ValueError only for negative ints, TypeError for non-ints; monotonic increasing; neither idempotent nor an involution', async () => {
  const { report } = await exploreExample('mathx.py', 'isqrt');
  assert.equal(report.returnTypes[0], 'int');
  assertRaisesOnlyFor(report, 'ValueError', /negative int$/);
  assert.ok(report.exceptions.TypeError?.includes('str'));
  assertHolds(report, 'monotonic-increasing', /in n: /);
  assertNotClaimed(report, 'idempotent', { refuted: true });
  assertNotClaimed(report, 'involution', { refuted: true });
  assert.ok(
    report.description.examples.some((e) => /^isqrt\(-\d+\)$/.test(e.call) && e.result.endsWith('ValueError: isqrt() is not defined for negative numbers')),
  );
});

test('mean (no docstring): list → float; ValueError for empty sequences', async () => {
  const { report } = await exploreExample('mathx.py', 'mean');
  assert.deepEqual(report.returnTypes, ['float']);
  assert.ok(report.exceptions.ValueError?.includes('empty list'), JSON.stringify(report.exceptions));
  assert.ok(report.exceptions.TypeError);
});

test('clamp at strictness signature: same conclusions from unannotated names', async () => {
  const { report } = await exploreExample('mathx.py', 'clamp', { strictness: 'signature' });
  assertHolds(report, 'monotonic-increasing', /in x: /);
  assert.ok(report.exceptions.ValueError);
});
