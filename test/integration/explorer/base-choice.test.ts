// How the first calls are chosen (test/fixtures/discovery/components.py), through the real worker
// at 40 probes: numbers for single-letter components, and a base that is not an early return.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'discovery', 'components.py');
const BUDGET = 40;

const returned = (records: ProbeRecord[]): ProbeRecord[] => records.filter((r) => r.result.status === 'returned');
const calls = (records: ProbeRecord[]): string => records.map((r) => `(${r.args.join(', ')}) -> ${r.result.status} ${r.result.value?.repr ?? ''}`).join('\n');

test('single-letter components (h, s, l) are numbers first: the first call returns, and a band other than the first is reached', async () => {
  const { records } = await exploreExample(FIXTURE, 'hsl_shade', { maxProbes: BUDGET });
  assert.equal(records[0]?.result.status, 'returned', calls(records));
  // (dim, l, dim) or (dim, dim, l), its last two items differ: h reached the second or third band.
  // The grey early return (l, l, l) and the first band (l, dim, dim) repeat their last item.
  const channels = (r: ProbeRecord): string[] => /^\((.+), (.+), (.+)\)$/.exec(r.result.value?.repr ?? '')?.slice(1) ?? [];
  assert.ok(
    returned(records).some((r) => {
      const [, second, third] = channels(r);
      return second !== undefined && second !== third;
    }),
    calls(records),
  );
});

test('a compared constant that returns early (label == 0) is not the base: a call with an ordinary label divides', async () => {
  const { records } = await exploreExample(FIXTURE, 'portion', { maxProbes: BUDGET });
  const past = returned(records).filter((r) => r.args[0] !== '0' && r.result.value?.repr !== '0.0');
  assert.ok(past.length >= 3, calls(records));
});

test('a receiver is prepared through a sibling taking the same arguments: Larder.take after stock_up takes a positive count', async () => {
  const { records } = await exploreExample(join(dirname(FIXTURE), 'siblings.py'), 'Larder.take', { maxProbes: BUDGET });
  assert.ok(
    returned(records).some((r) => /stock_up\(/.test(r.receiver ?? '') && Number(r.args[1]) > 0),
    records.map((r) => `${r.receiver ?? ''}.take(${r.args.join(', ')}) -> ${r.result.status}`).join('\n'),
  );
});

test('quantities named with their unit (weight_kg, height_m) get values a person would measure: the first call is ordinary use, and three bands are reached', async () => {
  const { records } = await exploreExample(FIXTURE, 'body_mass_band', { maxProbes: BUDGET });
  assert.equal(returned(records)[0]?.result.value?.repr, "'healthy'", calls(records));
  assert.ok(new Set(returned(records).map((r) => r.result.value?.repr)).size >= 3, calls(records));
});
