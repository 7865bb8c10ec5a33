// The one float parser (core/values.ts) and the one cost formula (core/cost.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePyFloat } from '../../../src/core/values.js';
import { costInDollars } from '../../../src/core/cost.js';

test('Python float text, signs and spellings of inf and nan included', () => {
  assert.equal(parsePyFloat('1.5'), 1.5);
  assert.equal(parsePyFloat(' -2e+20 '), -2e20);
  for (const t of ['inf', '+inf', 'Infinity', '+INFINITY']) assert.equal(parsePyFloat(t), Infinity, t);
  for (const t of ['-inf', '-Infinity']) assert.equal(parsePyFloat(t), -Infinity, t);
  for (const t of ['nan', '+nan', '-nan', 'NaN']) assert.ok(Number.isNaN(parsePyFloat(t)), t);
});

test('tokens cost their count times the price per million', () => {
  assert.equal(costInDollars({ promptTokens: 2_000_000, completionTokens: 500_000 }, { prompt: 0.15, completion: 0.6 }), 0.3 + 0.3);
  assert.equal(costInDollars({ promptTokens: 0, completionTokens: 0 }, { prompt: 5, completion: 5 }), 0);
});
