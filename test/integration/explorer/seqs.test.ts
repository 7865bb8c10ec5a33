// examples/seqs.py through the real worker: hand-checked types, exceptions and properties.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHolds, assertNotClaimed, assertRaisesOnlyFor, exploreExample } from './harness.js';

test('dedupe: subset of the input and idempotent, but not length-preserving, not sorted, not an involution', async () => {
  const { report } = await exploreExample('seqs.py', 'dedupe');
  assert.deepEqual(report.returnTypes, ['list']);
  assertHolds(report, 'subset-of-input');
  assertHolds(report, 'idempotent');
  assertNotClaimed(report, 'length-preserving', { refuted: true });
  assertNotClaimed(report, 'sorted-output', { refuted: true });
  assertNotClaimed(report, 'involution', { refuted: true });
  assert.ok(report.exceptions.TypeError?.includes('positive int'));
});

test('chunk: ValueError only when size < 1; output neither length-preserving nor a subset', async () => {
  const { report } = await exploreExample('seqs.py', 'chunk');
  assert.deepEqual(report.returnTypes, ['list']);
  assertRaisesOnlyFor(report, 'ValueError', /, (zero|negative) int\)$/);
  assertNotClaimed(report, 'length-preserving', { refuted: true });
  assertNotClaimed(report, 'subset-of-input', { refuted: true });
  // Tuples slice too: whether one was tried depends on the budget left after discovery.
  assert.match(report.description.summary, /^Cuts `items` into consecutive pieces\./);
});

test('merge_sorted: sorted output (given sorted inputs), every element from the inputs', async () => {
  const { report } = await exploreExample('seqs.py', 'merge_sorted');
  assert.deepEqual(report.returnTypes, ['list']);
  assertHolds(report, 'sorted-output', /when its list arguments are sorted/);
  assertHolds(report, 'subset-of-input');
  assert.match(report.description.details, /sorted when the list arguments are sorted/);
});

test('flatten: idempotent, but neither length-preserving nor a subset of the (nested) input', async () => {
  const { report } = await exploreExample('seqs.py', 'flatten');
  assert.deepEqual(report.returnTypes, ['list']);
  assertHolds(report, 'idempotent');
  assertNotClaimed(report, 'length-preserving', { refuted: true });
  assertNotClaimed(report, 'subset-of-input', { refuted: true });
});

test('normalize_in_place: returns None, changes its argument (not pure); ValueError when the sum is zero', async () => {
  const { report } = await exploreExample('seqs.py', 'normalize_in_place');
  assert.deepEqual(report.returnTypes, ['NoneType']);
  assertNotClaimed(report, 'pure', { refuted: true });
  assert.match(report.description.summary, /Changes its arguments in place \(after normalize_in_place\(/);
  assert.ok(report.exceptions.ValueError?.includes('empty list'));
  assert.match(report.description.details, /args\[0\] became \[/);
});

test('count_up: a generator; TypeError (while iterating) for strings', async () => {
  const { report } = await exploreExample('seqs.py', 'count_up');
  assert.deepEqual(report.returnTypes, ['generator']);
  assert.ok(report.exceptions.TypeError?.includes('str'), JSON.stringify(report.exceptions));
  assert.ok(
    report.description.examples.some((e) => e.call === 'list(count_up(3))' && e.result === '[1, 2, 3]'),
    JSON.stringify(report.description.examples),
  );
  assertHolds(report, 'deterministic');
});

test('fibonacci: no arguments, an endless generator; a handful of probes is enough', async () => {
  const { report, records } = await exploreExample('seqs.py', 'fibonacci');
  assert.deepEqual(report.returnTypes, ['generator']);
  assert.deepEqual(report.exceptions, {});
  assert.ok(records.length <= 4, `${records.length} probes`);
  assert.match(report.description.summary, /^Takes no arguments and returns a generator that yields 0, 1, 1, 2, 3, … \(did not end\)/);
  const ex = report.description.examples[0]!;
  assert.equal(ex.call, 'g = fibonacci(); [next(g) for _ in range(20)]');
  assert.ok(ex.result.startsWith('[0, 1, 1, 2, 3, 5, 8, 13,'));
});

test('rotate (no docstring): output as long as the input, elements from the input', async () => {
  const { report } = await exploreExample('seqs.py', 'rotate');
  assert.ok(report.returnTypes.includes('list'));
  assertHolds(report, 'length-preserving');
  assertHolds(report, 'subset-of-input');
});
