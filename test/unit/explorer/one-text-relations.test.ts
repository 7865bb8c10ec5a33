// A relation of a text is read off several texts: one text that every call gave ('' to
// Formatter.format_field) or counts that a status gives as well (pygments' main: 1 or 0) make
// none. Each case below made a sentence before; the vowel count is a real one, still stated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findRelations } from '../../../src/explorer/relations.js';
import type { Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { float, int, str, toSource } from '../../../src/explorer/values.js';
import { returnedObservation } from './fake-python.js';

const positional = (name: string, cls: string): Position => ({ name, role: 'positional', positionalOnly: false, candidates: [cls] });

/** The relations stated of calls that each returned `out` for `args`. */
function stated(positions: Position[], calls: [PyValue[], PyValue][]): string[] {
  const observations = calls.map(([args, out], k) => returnedObservation(positions, k + 1, args, out));
  return findRelations(observations, positions).map((r) => r.text);
}

/** Calls of a function of one text that gave an int. */
const ofText = (calls: [string, number][]): [PyValue[], PyValue][] => calls.map(([a, n]) => [[str(a)], int(n)]);

test("format_field(value, '') gives str(value): no rule of the one text '' every call gave", () => {
  const positions = [positional('value', 'int'), positional('format_spec', 'str')];
  const values: PyValue[] = [int(5), int(4), int(20), int(3), int(-5), float(2.5)];
  const said = stated(
    positions,
    values.map((v) => [[v, str('')], str(toSource(v))]),
  );
  assert.ok(!said.some((t) => /the text/.test(t)), said.join(' | '));
});

test("main(args) gave 1 for '-l' and 0 for '' and '\\n': a 1 or a 0 is no count of its letters; the vowels of texts of several lengths are one", () => {
  const cases: [string, [string, number][], boolean][] = [
    [
      'args',
      [
        ['-l', 1],
        ['', 0],
        ['\n', 0],
      ],
      false,
    ],
    [
      'text',
      [
        ['hello', 2],
        ['abc', 1],
        ['sky', 0],
        ['queue', 4],
      ],
      true,
    ],
  ];
  for (const [name, calls, counts] of cases) {
    const said = stated([positional(name, 'str')], ofText(calls));
    assert.equal(
      said.some((t) => /^Counts/.test(t)),
      counts,
      said.join(' | '),
    );
  }
});
