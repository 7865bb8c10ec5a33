// What a function of `*args` numbers does with them is a relation like any other: total(3, 7, 12)
// == 22.0 reads "returns the sum of the numbers given as `*amounts`", with what must be left out
// for it to hold when another parameter changes the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { expectNumber, fakeProbe, info, param, pyFloat } from './fake-python.js';

const total: FakeFunction = {
  params: [param('amounts', 'VAR_POSITIONAL'), param('tax', 'KEYWORD_ONLY', { default: '0' })],
  body: (args, kw) => {
    const s = args.reduce((a, v) => a + expectNumber(v, 'total'), 0);
    const tax = kw.tax ? expectNumber(kw.tax, 'total') : 0;
    return pyFloat(Math.round(s * (1 + tax / 100) * 100) / 100);
  },
};

test('numbers given as *args that come back summed are summarised as a sum, with the parameter that changes it left out', async () => {
  const report = await exploreOffline(info('total', total), fakeProbe(total, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.match(report.description.summary, /^With `tax` left out, returns the sum of the numbers given as `\*amounts`\./, report.description.summary);
  assert.deepEqual(Object.keys(report.description.parameters), ['*amounts', 'tax']);
});

test('numbers given as *args whose largest comes back are not said to be summed', async () => {
  const largest: FakeFunction = {
    params: [param('values', 'VAR_POSITIONAL')],
    body: (args) => pyFloat(Math.max(...args.map((v) => expectNumber(v, 'largest')))),
  };
  const report = await exploreOffline(info('largest', largest), fakeProbe(largest, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.doesNotMatch(report.description.summary, /sum|product/, report.description.summary);
});
