// An affine map whose result is rounded (celsius_to_fahrenheit: round(c * 1.8 + 32, precision)):
// the line is read off the calls farthest apart and stated with its rounding, for the calls that
// left the parameter that sets the places out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exploreOffline } from '../../../src/explorer/index.js';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import { findRelations } from '../../../src/explorer/relations.js';
import type { Position } from '../../../src/explorer/inputs.js';
import { float } from '../../../src/explorer/values.js';
import type { FakeFunction } from './fake-python.js';
import { expectInt, expectNumber, fakeProbe, info, param, pyFloat, returnedObservation } from './fake-python.js';

const roundTo = (n: number, places: number): number => Math.round(n * 10 ** places) / 10 ** places;

test('an affine map rounded to one place: "returns 1.8 × `c` + 32 (rounded to 1 decimal place)"', () => {
  const positions: Position[] = [{ name: 'c', role: 'positional', positionalOnly: false, candidates: ['float'] }];
  const observations = [3, 0.37, -10, 12.34, 100, 36.6].map((c, i) =>
    returnedObservation(positions, i + 1, [float(c)], float(roundTo(c * 1.8 + 32, 1)), () => 'float'),
  );
  assert.deepEqual(
    findRelations(observations, positions).map((r) => r.text),
    ['Returns 1.8 × `c` + 32 (rounded to 1 decimal place).'],
  );
});

test('a line with another parameter that changes it: said of the calls that left that parameter out', async () => {
  const fn: FakeFunction = {
    params: [param('c'), param('precision', 'POSITIONAL_OR_KEYWORD', { default: '1' })],
    body: ([c, precision]) => pyFloat(roundTo(expectNumber(c, 'f') * 1.8 + 32, precision ? Number(expectInt(precision, 'f')) : 1)),
  };
  const report = await exploreOffline(info('celsius_to_fahrenheit', fn), fakeProbe(fn, { cache: false }).probe, {
    maxProbes: 20,
    strictness: DEFAULT_STRICTNESS,
  });
  assert.match(report.description.summary, /^With `precision` left out, returns 1\.8 × `c` \+ 32/, report.description.summary);
});

test('a rounded square is no line', async () => {
  const fn: FakeFunction = { params: [param('x')], body: ([x]) => pyFloat(roundTo(expectNumber(x, 'f') ** 2 / 7, 1)) };
  const report = await exploreOffline(info('sq', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  assert.doesNotMatch(report.description.summary, /×/, report.description.summary);
});
