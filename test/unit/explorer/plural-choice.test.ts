// One of two arguments picked by a count, as ngettext(singular, plural, n) picks a plural form:
// a relation of the catalogue, stated only when the calls show n of 1, below 1 and above 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { expectInt, fakeProbe, info, param } from './fake-python.js';

const ngettext: FakeFunction = {
  params: [param('singular'), param('plural'), param('n')],
  body: ([singular, plural, n]) => (expectInt(n, 'ngettext') === 1n ? singular : plural)!,
};

test('a function that gives `singular` for a count of 1 and `plural` for any other says so', async () => {
  const report = await exploreOffline(info('ngettext', ngettext), fakeProbe(ngettext, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.match(report.description.summary, /^Returns `singular` when `n` is 1 and `plural` otherwise/, report.description.summary);
});

test('a choice by "n below 2" is not called a choice by "n is 1"', async () => {
  const belowTwo: FakeFunction = { ...ngettext, body: ([singular, plural, n]) => (expectInt(n, 'pick') < 2n ? singular : plural)! };
  const report = await exploreOffline(info('pick', belowTwo), fakeProbe(belowTwo, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.doesNotMatch(report.description.summary, /when `n` is 1/, report.description.summary);
});
