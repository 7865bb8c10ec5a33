// "Returns the text with more added at its start" needs two texts that were not empty, each kept
// whole in what came back: every text ends with '' (string's Formatter.format_field(5, '') → '5'
// was said to add to its empty format spec, draw teach15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position } from '../../../src/explorer/inputs.js';
import { findRelations } from '../../../src/explorer/relations.js';
import { pyInt, pyStr, returnedObservation } from './fake-python.js';

const positions: Position[] = [
  { name: 'value', role: 'positional', positionalOnly: false, candidates: ['int'] },
  { name: 'format_spec', role: 'positional', positionalOnly: false, candidates: ['str'] },
];

test('a text left empty in every call is not said to have had more added to it', () => {
  const calls = [5, 12, 300, 7].map((n, k) => returnedObservation(positions, k + 1, [pyInt(n), pyStr('')], pyStr(String(n))));
  assert.deepEqual(
    findRelations(calls, positions).map((r) => r.text),
    [],
  );
});

test('texts that were kept whole at the end of what came back still are', () => {
  const calls = [
    ['notes.txt', '/tmp/a/notes.txt'],
    ['a.csv', '/srv/a.csv'],
    ['b.md', 'docs/b.md'],
  ].map(([name, out], k) => returnedObservation([positions[1]!], k + 1, [pyStr(name!)], pyStr(out!)));
  assert.deepEqual(
    findRelations(calls, [positions[1]!]).map((r) => r.text),
    ['Returns the text with more added at its start.'],
  );
});
