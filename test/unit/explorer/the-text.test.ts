// "The text" of a relation of text is a call's one text argument, as a reader takes it (and the
// sampled bench's re-check does): boltons' args2sh spaces out the letters of a text `args`, while
// args2sh(['b', 'a', 'c'], ',') has `sep` for its one text, whose letters it does not keep.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Position } from '../../../src/explorer/inputs.js';
import { findRelations } from '../../../src/explorer/relations.js';
import { pyList, pyStr, returnedObservation } from './fake-python.js';

const positions: Position[] = [
  { name: 'args', role: 'positional', positionalOnly: false, candidates: ['str', 'list'] },
  { name: 'sep', role: 'positional', positionalOnly: false, candidates: ['str'] },
];
const spaced = (text: string): string => [...text].join(' ');

test('a rule of the text is tested on calls whose one text is another argument, and none is stated where one breaks it', () => {
  const texts = ['abc', 'xyz', 'hello'].map((t, k) => returnedObservation(positions, k + 1, [pyStr(t), undefined], pyStr(spaced(t))));
  const keeps = (calls: typeof texts): string[] =>
    findRelations(calls, positions)
      .map((r) => r.text)
      .filter((t) => /keeps the letters/i.test(t));
  // On texts alone the letters are kept (the rule holds and is stated).
  assert.equal(keeps(texts).length, 1, JSON.stringify(findRelations(texts, positions).map((r) => r.text)));
  const listed = returnedObservation(positions, 4, [pyList([pyStr('b'), pyStr('a'), pyStr('c')]), pyStr(',')], pyStr('b a c'));
  assert.deepEqual(keeps([...texts, listed]), []);
});
