// Receivers of classes that refuse the handful of constructor arguments tried first: a constructor
// that checks its argument against a set built at import (what building the receiver compared it
// with, pau_probe/call.py Construction), an enum built from one of its values (the class's own
// constants, FunctionInfo.ownerConstants), and keys a WeakKeyDictionary can refer to weakly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import type { ProbeRecord } from '../../../src/core/session-types.js';
import { exploreExample } from './harness.js';

const FIXTURE = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'fixtures', 'comparisons', 'receivers.py');
const BUDGET = 20;

const shown = (r: ProbeRecord): string =>
  `${r.receiver ?? ''} (${r.args.join(', ')}) -> ${r.result.status} ${r.result.value?.repr ?? r.result.exception?.message ?? ''}`;
const returned = (records: ProbeRecord[]): ProbeRecord[] => records.filter((r) => r.result.status === 'returned');

test('a constructor that compares its argument with a set built at import: the receiver is built with a member, and only with the feedback', async () => {
  for (const comparisons of [true, false]) {
    const { records } = await exploreExample(FIXTURE, 'Paint.label', { maxProbes: BUDGET, comparisons });
    assert.equal(returned(records).length > 0, comparisons, `feedback ${comparisons ? 'on' : 'off'}:\n${records.map(shown).join('\n')}`);
  }
});

test("an enum's method: the receiver is built from one of the enum's values", async () => {
  const { records } = await exploreExample(FIXTURE, 'Shade.darker', { maxProbes: BUDGET });
  assert.ok(returned(records).length > 0, records.map(shown).join('\n'));
});

test('a WeakKeyDictionary key: "cannot create weak reference" asks for an object that can be referred to weakly', async () => {
  const { records } = await exploreExample(FIXTURE, 'Registry.add', { maxProbes: BUDGET });
  assert.ok(returned(records).length > 0, records.map(shown).join('\n'));
});
