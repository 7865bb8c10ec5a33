// A coroutine function's call gives a coroutine; the worker awaits it and reports the awaited
// value. What the summary says of the result is of that value, so it says "awaited".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import type { FakeFunction } from './fake-python.js';
import { expectNumber, fakeProbe, info, param, pyFloat } from './fake-python.js';

const double: FakeFunction = { params: [param('x')], body: ([x]) => pyFloat(2 * expectNumber(x, 'double')) };

test("a coroutine function's relation is worded as what the awaited call returns", async () => {
  const report = await exploreOffline({ ...info('double', double), isAsync: true }, fakeProbe(double, { cache: false }).probe, {
    maxProbes: 20,
    strictness: 'signature',
  });
  assert.match(report.description.summary, /^Awaited, returns 2 × `x`\./, report.description.summary);
  // The same function, not a coroutine one: no "awaited".
  const plain = await exploreOffline(info('double', double), fakeProbe(double, { cache: false }).probe, { maxProbes: 20, strictness: 'signature' });
  assert.match(plain.description.summary, /^Returns 2 × `x`\./, plain.description.summary);
});
