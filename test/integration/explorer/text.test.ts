// examples/text.py through the real worker: hand-checked types, exceptions and properties.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertHolds, assertNotClaimed, exploreExample } from './harness.js';

test('slugify: str → str, idempotent but not an involution nor length-preserving; TypeError for non-strings', async () => {
  const { report } = await exploreExample('text.py', 'slugify');
  assert.deepEqual(report.returnTypes, ['str']);
  assert.ok(report.exceptions.TypeError?.includes('positive int'));
  assert.deepEqual(Object.keys(report.exceptions), ['TypeError']);
  assertHolds(report, 'idempotent');
  assertHolds(report, 'deterministic');
  assertHolds(report, 'pure');
  assertNotClaimed(report, 'involution', { refuted: true });
  assertNotClaimed(report, 'length-preserving', { refuted: true });
  // What it does, from the relation catalogue (issue 20), not the types.
  assert.match(report.description.summary, /^Lower-cases `text` and joins its words \(runs of letters and digits\) with "-" \(on the ASCII texts tried\)\./);
  // Properties are a list now, not the first line of the details (issue 11: a run-on paragraph).
  assert.ok(report.description.properties?.some((p) => /idempotent/.test(p)));
});

test('rot13: an involution, not idempotent, length-preserving', async () => {
  const { report } = await exploreExample('text.py', 'rot13');
  assert.deepEqual(report.returnTypes, ['str']);
  assertHolds(report, 'involution');
  assertHolds(report, 'length-preserving');
  assertNotClaimed(report, 'idempotent', { refuted: true });
  assertHolds(report, 'pure');
  // An example of ordinary use: some text and its rot13 (the explorer opens with a sentence now, not 'abc').
  const rot = (t: string): string => t.replace(/[a-z]/gi, (c) => String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c < 'a' ? 65 : 97)));
  assert.ok(
    report.description.examples.some((e) => {
      const m = /^rot13\('([^']+)'\)$/.exec(e.call);
      return m !== null && /[a-z]/i.test(m[1]!) && e.result === `'${rot(m[1]!)}'`;
    }),
    JSON.stringify(report.description.examples),
  );
});

test('is_palindrome: returns bool; TypeError for ints, AttributeError for lists of ints', async () => {
  const { report } = await exploreExample('text.py', 'is_palindrome');
  assert.deepEqual(report.returnTypes, ['bool']);
  assert.ok(report.exceptions.TypeError?.includes('positive int'), JSON.stringify(report.exceptions));
  assert.ok(report.exceptions.AttributeError?.includes('list of int'), JSON.stringify(report.exceptions));
  assertHolds(report, 'pure');
});

test('caesar: (str, int) → str, length-preserving; commutativity is not claimed for arguments of different kinds', async () => {
  const { report } = await exploreExample('text.py', 'caesar');
  assert.deepEqual(report.returnTypes, ['str']);
  assertHolds(report, 'length-preserving');
  assertNotClaimed(report, 'commutative');
  // The text may be any iterable of one-letter strings (a dict's keys too); the shift is an int.
  assert.match(report.description.parameters.text!, /^str\b/);
  assert.match(report.description.parameters.shift!, /^int\b/);
});

test('word_count (no docstring): str → dict, not length-preserving', async () => {
  const { report } = await exploreExample('text.py', 'word_count');
  assert.deepEqual(report.returnTypes, ['dict']);
  assert.ok(report.exceptions.AttributeError?.includes('positive int'));
  assertNotClaimed(report, 'length-preserving', { refuted: true });
});

test('at strictness signature the annotation leads: slugify is probed with strings first', async () => {
  const { report, records } = await exploreExample('text.py', 'slugify', { strictness: 'signature' });
  assert.equal(records[0]!.result.status, 'returned');
  assert.match(records[0]!.args[0]!, /^'/);
  assertHolds(report, 'idempotent');
});
