// A method that gives back its own object (`return self`, for chaining) is said to, from the
// worker's `returnedReceiver` (the object's repr shows only an address, so it cannot tell).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { PyValue } from '../../../src/explorer/values.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param } from './fake-python.js';

const streamline = (chains: boolean): FakeFunction => ({
  params: [],
  needsReceiver: true,
  ownerClass: 'Forward',
  moduleClasses: ['Forward'],
  ownerInit: [param('name', 'POSITIONAL_OR_KEYWORD', { default: "'x'" })],
  body: (_args, _kwargs, receiver) => {
    if (receiver?.k !== 'call') throw new PyError('TypeError', 'no receiver');
    // A copy of the object is not the object: the summary must not call it the receiver.
    return chains ? receiver : ({ ...receiver, args: [...receiver.args] } satisfies PyValue);
  },
});

test('a method that returns its own object: "Returns the object it is called on", in the summary and the returns line', async () => {
  const fn = streamline(true);
  const report = await exploreOffline(info('streamline', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 12, strictness: DEFAULT_STRICTNESS });
  assert.match(report.description.summary, /^Returns the object it is called on, so that calls can be chained\./, report.description.summary);
  assert.match(report.description.returns, /^The object it is called on \(/, report.description.returns);
});

test('a method that returns a copy of its object is not said to return the object itself', async () => {
  const fn = streamline(false);
  const report = await exploreOffline(info('streamline', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 12, strictness: DEFAULT_STRICTNESS });
  assert.doesNotMatch(report.description.summary, /object it is called on/, report.description.summary);
  assert.doesNotMatch(report.description.returns, /object it is called on/, report.description.returns);
});
