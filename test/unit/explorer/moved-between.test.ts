// A method that takes its argument out of one list and into another is said as one move; the
// second list's being empty in every object tried is no condition a reader needs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findStateEffects } from '../../../src/explorer/state-effects.js';
import type { Position } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, list, str, toTagged } from '../../../src/explorer/values.js';
import { returnedObservation } from './fake-python.js';

const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:TodoList:1'] };
const positions: Position[] = [self, { name: 'title', role: 'positional', positionalOnly: false, candidates: ['str'] }];
const receiver: PyValue = { k: 'call', callee: 'TodoList', args: [] };
const tagged = (xs: string[]) => toTagged(list(xs.map(str)));

/** TodoList.complete(title) on objects whose `open` held `open` and whose `done` was empty; it returns `returns(left)`. */
function completions(cases: { title: string; open: string[] }[], returns: (left: number) => number) {
  return cases.map(({ title, open }, k) => {
    const left = open.filter((t) => t !== title);
    const o = returnedObservation(positions, k + 1, [receiver, str(title)], int(returns(left.length)));
    const before = {
      attributes: [
        { name: 'open', value: tagged(open) },
        { name: 'done', value: tagged([]) },
      ],
    };
    const after = {
      attributes: [
        { name: 'open', value: tagged(left) },
        { name: 'done', value: tagged([title]) },
      ],
    };
    const result = { ...o.record.result, receiverState: { before, after } };
    return { ...o, record: { ...o.record, result } };
  });
}

const CASES = [
  { title: 'hello', open: ['hello', 'x'] },
  { title: 'x', open: ['hello', 'x'] },
  { title: 'hello', open: ['x', 'hello', 'y'] },
];

test('out of `open` and into `done` reads "Moves `title` from `open` to `done`", and a count of what is left is named', () => {
  const [effect, ...more] = findStateEffects(
    completions(CASES, (left) => left),
    positions,
  );
  assert.equal(effect?.text, 'Moves `title` from `open` to `done` and returns how many are left in `open`.');
  assert.equal(more.length, 0);
  // A result that is no such count is not named.
  assert.equal(
    findStateEffects(
      completions(CASES, () => 7),
      positions,
    )[0]?.text,
    'Moves `title` from `open` to `done`.',
  );
});
