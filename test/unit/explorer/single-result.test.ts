// A function that gave one value in every call that returned is described by that value, not by its type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { sourceSummary } from '../../../src/docstring/offline.js';
import type { FakeFunction } from './fake-python.js';
import { expectNumber, fakeProbe, info, param, pyStr } from './fake-python.js';

/** bmi_category as the trial reached it: every pair of numbers tried was underweight. */
const category: FakeFunction = {
  params: [param('weight_kg'), param('height_m')],
  body: ([w, h]) => {
    const weight = expectNumber(w, 'bmi_category');
    const height = expectNumber(h, 'bmi_category');
    return pyStr(weight / (height * height) < 1e9 ? 'underweight' : 'normal');
  },
};

test('one value in every returned call is said as that value ("only \'underweight\'")', async () => {
  const fake = fakeProbe(category, { cache: false });
  const report = await exploreOffline(info('bmi_category', category), fake.probe, { maxProbes: 20, strictness: 'signature' });
  assert.ok(fake.records.filter((r) => r.result.status === 'returned').length >= 3);
  const { summary } = report.description;
  assert.match(summary, /^In the calls tried \(\d+ of \d+ returned\), it returned only 'underweight'\./, summary);
  assert.doesNotMatch(summary, /gave a str/, summary);
  assert.match(sourceSummary(summary), /^In the calls tried, it returned only 'underweight'\./, sourceSummary(summary));
  assert.ok(report.description.claims?.some((c) => c.part === 'summary' && c.text === "gave only 'underweight'" && c.support.length >= 3));
});
