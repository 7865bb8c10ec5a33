// A relation of a text is read off several texts: one text that every call gave ('' to
// Formatter.format_field) or counts that a status gives as well (pygments' main: 1 or 0) make
// none. Each case below made a sentence before; the last shows a real one still stated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findRelations } from '../../../src/explorer/relations.js';
import type { Position } from '../../../src/explorer/inputs.js';
import { float, int, str } from '../../../src/explorer/values.js';
import { returnedObservation } from './fake-python.js';

const positional = (name: string, cls: string): Position => ({ name, role: 'positional', positionalOnly: false, candidates: [cls] });

test("format_field(value, '') gives str(value): no rule of the one text '' every call gave", () => {
  const positions = [positional('value', 'int'), positional('format_spec', 'str')];
  const calls: [number, string][] = [
    [5, '5'],
    [4, '4'],
    [20, '20'],
    [3, '3'],
    [-5, '-5'],
  ];
  const observations = calls.map(([v, out], k) => returnedObservation(positions, k + 1, [int(v), str('')], str(out)));
  observations.push(returnedObservation(positions, 6, [float(2.5), str('')], str('2.5')));
  const stated = findRelations(observations, positions).map((r) => r.text);
  assert.ok(!stated.some((t) => /the text/.test(t)), stated.join(' | '));
});

test("main(args) gave 1 for '-l' and 0 for '' and '\\n': a 1 or a 0 is no count of its letters", () => {
  const positions = [positional('args', 'str')];
  const calls: [string, number][] = [
    ['-l', 1],
    ['', 0],
    ['\n', 0],
  ];
  const observations = calls.map(([a, out], k) => returnedObservation(positions, k + 1, [str(a)], int(out)));
  const stated = findRelations(observations, positions).map((r) => r.text);
  assert.ok(!stated.some((t) => /^Counts/.test(t)), stated.join(' | '));
});

test('a real count (the vowels of texts of several lengths) is still stated', () => {
  const positions = [positional('text', 'str')];
  const calls: [string, number][] = [
    ['hello', 2],
    ['abc', 1],
    ['sky', 0],
    ['queue', 4],
  ];
  const observations = calls.map(([a, out], k) => returnedObservation(positions, k + 1, [str(a)], int(out)));
  const stated = findRelations(observations, positions).map((r) => r.text);
  assert.ok(
    stated.some((t) => /^Counts the vowels/.test(t)),
    stated.join(' | '),
  );
});
