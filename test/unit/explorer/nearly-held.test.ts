// A relation that more probes broke on a few calls is said of the rest, with those calls named,
// rather than lost (click's split_arg_string: a summary at 20 probes, none at 40).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findRelations } from '../../../src/explorer/relations.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { list, str } from '../../../src/explorer/values.js';
import { returnedObservation } from './fake-python.js';

const positions: Position[] = [{ name: 'string', role: 'positional', positionalOnly: false, candidates: ['str'] }];
/** A shell-like split: whitespace splits, quotes are removed. */
const split = (s: string) => list(s.replace(/["']/g, '').split(/\s+/).filter(Boolean).map(str));
const calls = (texts: string[]): Observation[] => texts.map((t, i) => returnedObservation(positions, i + 1, [str(t)], split(t), () => 'str'));
const PLAIN = ['a b', 'Hello, World!', 'the quick brown fox', '  two  spaces ', 'x', 'one two three four', 'abc def', 'p q r', 'k', 'm n'];

test('a split that held on every call is stated as it is', () => {
  assert.deepEqual(
    findRelations(calls(PLAIN), positions).map((r) => r.text),
    ['Splits the text into a list of pieces (whitespace between them may go).'],
  );
});

test('the same split broken by a few calls (quotes removed) is said of the others, those calls named', () => {
  const [first] = findRelations(calls([...PLAIN, "it's"]), positions);
  assert.equal(first?.text, 'In 10 of the 11 calls of this kind, it splits the text into a list of pieces (whitespace between them may go).');
  assert.deepEqual(first?.exceptions, [11]);
});

test('a split broken by many calls is not said', () => {
  const quoted = ["it's", '"a b"', "'x y'", 'don\'t "q"'];
  assert.ok(!findRelations(calls([...PLAIN.slice(0, 6), ...quoted]), positions).some((r) => /splits/.test(r.text)));
});
