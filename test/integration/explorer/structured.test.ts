// Values with the structure ordinary use needs (test/fixtures/discovery/structured.py), at the
// default budget of 20: int pairs that overlap and one reversed, a list argument holding keys of
// the dict argument, a receiver given its next option when every call on it gave one result, a
// concrete subclass for a receiver of an abstract class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'structured.py');
/** A package whose abstract class's method runs on an instance of a concrete subclass of another module (drawing/). */
const DRAWING_SHAPES = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'drawing', 'shapes.py');
const BUDGET = 20;

const shown = (r: ProbeRecord): string =>
  `${r.receiver ?? ''}(${[...r.args, ...Object.entries(r.kwargs ?? {}).map(([k, v]) => `${k}=${v}`)].join(', ')}) -> ${r.result.status} ${r.result.value?.repr ?? r.result.exception?.message ?? ''}`;
const calls = (records: ProbeRecord[]): string => records.map(shown).join('\n');

test('pairs of ints overlap, and one is reversed: merge_intervals merges two and refuses a reversed one', async () => {
  const { records } = await exploreExample(FIXTURE, 'merge_intervals', { maxProbes: BUDGET });
  const merged = records.some((r) => r.result.status === 'returned' && /\(1, 5\)/.test(r.result.value?.repr ?? ''));
  const refused = records.some((r) => /ends before it starts/.test(r.result.exception?.message ?? ''));
  assert.ok(merged && refused, calls(records));
});

test("merge_intervals' own error text is never an argument: what a function says on refusing is no input", async () => {
  for (const strictness of ['signature', 'anonymized'] as const) {
    const { records } = await exploreExample(FIXTURE, 'merge_intervals', { maxProbes: 40, strictness });
    assert.ok(!records.some((r) => r.args.some((a) => a.includes('ends before it starts'))), calls(records));
  }
});

test('a list argument holds keys of the dict argument: pick_keys keeps an entry, and drop takes one out', async () => {
  const { records } = await exploreExample(FIXTURE, 'pick_keys', { maxProbes: BUDGET });
  const outputs = new Set(records.filter((r) => r.result.status === 'returned').map((r) => r.result.value?.repr));
  assert.ok(outputs.has("{'apples': 3}"), calls(records));
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.args.length === 3 && r.args[2]?.includes("'") && r.result.value?.repr !== '{}'),
    calls(records),
  );
});

test('a receiver on which every call gave one result is built with its next option: required_names gives names', async () => {
  const { records } = await exploreExample(FIXTURE, 'Signature.required_names', { maxProbes: BUDGET });
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.result.value?.repr !== '()'),
    calls(records),
  );
});

test('a receiver of an abstract class is an instance of a concrete subclass of the package: Shape.describe on Square()', async () => {
  const { records } = await exploreExample(DRAWING_SHAPES, 'Shape.describe', { maxProbes: BUDGET });
  assert.ok(
    records.some((r) => r.result.status === 'returned' && r.receiver?.startsWith('Square(')),
    calls(records),
  );
});
