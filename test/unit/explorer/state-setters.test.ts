// Receivers prepared through the methods that set what the target reads (state-setters.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statePreparations } from '../../../src/explorer/state-setters.js';
import { str } from '../../../src/explorer/values.js';

test('a setter of a number is called with what its name suggests and with a small count (a width in bytes is 1 to 4)', () => {
  const methods = [
    { name: 'setsampwidth', required: 1, params: ['sampwidth'], sets: ['_sampwidth'] },
    { name: 'close', required: 0, params: [] },
  ];
  assert.deepEqual(
    statePreparations(methods, []).map((p) => p.calls),
    [['s.setsampwidth(20)'], ['s.setsampwidth(2)']],
  );
});

test('a setter of text gets no second call of the same arguments, and the target’s own constants after', () => {
  const methods = [{ name: 'feed', required: 1, params: ['data'], sets: ['rawdata'] }];
  const calls = statePreparations(methods, [str('<!')]).map((p) => p.calls[0]);
  assert.equal(new Set(calls).size, calls.length);
  assert.equal(calls.at(-1), "s.feed('<!')");
});
