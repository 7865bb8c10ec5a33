// What a call did to a container it changed (src/explorer/effects.ts).
import assert from 'node:assert/strict';
import test from 'node:test';
import type { FunctionInfo, ProbeResult } from '../../../src/core/probe-types.js';
import { findEffects } from '../../../src/explorer/effects.js';
import type { Input, Observation } from '../../../src/explorer/inputs.js';
import { buildPositions, toRequest } from '../../../src/explorer/inputs.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, list } from '../../../src/explorer/values.js';

const METHOD: FunctionInfo = {
  qualname: 'Bag.drop',
  name: 'drop',
  kind: 'method',
  needsReceiver: true,
  ownerClass: 'Bag',
  params: [{ name: 'item', kind: 'POSITIONAL_OR_KEYWORD' }],
  isGenerator: false,
  isAsync: false,
  docstring: null,
  moduleClasses: ['Bag'],
  pythonVersion: '3.11.7',
};
const positions = buildPositions(METHOD, 'signature');
const bag = (...xs: number[]): PyValue => ({ k: 'call', callee: 'Bag', args: [list(xs.map(int))] });

/** A call `Bag(before).drop(item)` that returned None and left the receiver's repr `after` (none: unchanged). */
function call(index: number, before: PyValue, item: number, after?: string): Observation {
  const input: Input = [
    { cls: 'new:Bag:list', value: before },
    { cls: 'int', value: int(item) },
  ];
  const result: ProbeResult = {
    status: 'returned',
    value: { type: 'NoneType', repr: 'None', truncated: false },
    mutations: after === undefined ? [] : [{ arg: 'receiver', repr: after }],
    stdout: '',
    stderr: '',
    durationMs: 1,
  };
  const request = toRequest(positions, input);
  return { input, request, key: String(index), record: { index, ...request, origin: 'offline', result }, purpose: 'discover' };
}
const render = (r: Observation['request']): string => `${r.receiver}.drop(${r.args.join(', ')})`;

test('an item taken out of the receiver in two different calls is stated, with a call that shows the rest kept', () => {
  const found = findEffects([call(1, bag(5), 5, 'Bag([])'), call(2, bag(3, 1, 5), 5, 'Bag([3, 1])'), call(3, bag(3), 7)], positions, render);
  assert.deepEqual(
    found.map((f) => f.text),
    ['Removes `item` from the receiver (after Bag([3, 1, 5]).drop(5), the receiver held Bag([3, 1])).'],
  );
  assert.deepEqual(found[0]!.support, [1, 2]);
  assert.deepEqual(found[0]!.tested, [1, 2, 3]);
});

test('one call that did it is not enough, and a call that emptied the whole receiver refutes "removes"', () => {
  assert.deepEqual(findEffects([call(1, bag(5), 5, 'Bag([])'), call(2, bag(3), 7)], positions, render), []);
  assert.deepEqual(findEffects([call(1, bag(5), 5, 'Bag([])'), call(2, bag(3, 1, 5), 5, 'Bag([])')], positions, render), []);
});

test('an item put into the receiver is "adds"; a receiver whose repr cannot be read says nothing', () => {
  const adds = findEffects([call(1, bag(), 5, 'Bag([5])'), call(2, bag(3, 1), 4, 'Bag([1, 3, 4])')], positions, render);
  assert.match(adds[0]!.text, /^Adds `item` to the receiver/);
  assert.deepEqual(findEffects([call(1, bag(), 5, '<Bag object at 0x1>'), call(2, bag(3, 1), 4, '<Bag object at 0x2>')], positions, render), []);
});
