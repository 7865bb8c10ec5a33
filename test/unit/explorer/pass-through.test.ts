// A law that holds only because values of the output's type come back as they are (naturaldelta)
// is not stated as idempotence; what came back unchanged is said instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { fakeProbe, info, param, pyStr } from './fake-python.js';

/** naturaldelta's shape: a number of seconds in words; anything that is no number, as it is. */
const naturalDelta: FakeFunction = {
  params: [param('value')],
  body: ([value]) => {
    if (!value) return { k: 'none' };
    const seconds =
      value.k === 'int' || value.k === 'float' ? Number(value.v) : value.k === 'str' && /^\s*-?\d+(\.\d+)?\s*$/.test(value.v) ? Number(value.v) : null;
    if (seconds === null) return value;
    return pyStr(Math.abs(seconds) < 60 ? `${Math.trunc(seconds)} seconds` : `${Math.trunc(seconds / 60)} minutes`);
  },
};

test('f(f(x)) == f(x) from texts handed back unchanged is no "idempotent"; the hand-back is said', async () => {
  const fake = fakeProbe(naturalDelta, { cache: false });
  const report = await exploreOffline(info('natural_delta', naturalDelta), fake.probe, { maxProbes: 40, strictness: 'signature' });
  const idempotent = report.properties.find((p) => p.name === 'idempotent');
  assert.ok(idempotent, 'the law was judged');
  assert.notEqual(idempotent.holds, true, idempotent.evidence);
  assert.ok(!(report.description.properties ?? []).some((p) => /idempotent/.test(p)), (report.description.properties ?? []).join(', '));
  assert.match(report.description.summary, /Gives (?:\S+ )+back unchanged \(natural_delta\(/, report.description.summary);
});
