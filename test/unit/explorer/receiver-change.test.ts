// A receiver shown only by its address (`<app.Chain object at 0x1>`) changed in place: the
// description says what changed on it, from the worker's state before and after the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { buildReport } from '../../../src/explorer/describe.js';
import { none } from '../../../src/explorer/values.js';
import { info, returnedObservation } from './fake-python.js';

const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:Chain:1'] };
const flag = (v: boolean) => ({ attributes: [{ name: 'done', value: { t: 'bool' as const, v } }] });

function marked(index: number, state: boolean): Observation {
  const o = returnedObservation([self], index, [{ k: 'call', callee: 'Chain', args: [] }], none);
  const result = {
    ...o.record.result,
    mutations: [{ arg: 'receiver', repr: '<app.Chain object at 0x1>' }],
    ...(state ? { receiverState: { before: flag(false), after: flag(true) } } : {}),
  };
  return { ...o, record: { ...o.record, result } };
}

const report = (observations: Observation[]) =>
  buildReport({
    info: { ...info('mark', { params: [], needsReceiver: true, ownerClass: 'Chain', moduleClasses: ['Chain'], body: () => none }) },
    positions: [self],
    observations,
    accepted: [new Set()],
    maxProbes: 20,
  });

test("a receiver changed in place is told by its state's change, not its address", () => {
  const d = report([marked(1, true), marked(2, true)]).description;
  assert.match(d.details, /Changes arguments in place: after Chain\(\)\.mark\(\), receiver: done False → True\./, d.details);
  assert.match(d.summary, /Changes its receiver in place \(after Chain\(\)\.mark\(\), receiver: done False → True\)\./, d.summary);
  assert.doesNotMatch(`${d.summary}\n${d.details}`, /0x1/);
});

test('with no state read, the summary still says it changed in place, without an address', () => {
  const d = report([marked(1, false), marked(2, false)]).description;
  assert.match(d.summary, /Changes its receiver in place\./, d.summary);
  assert.doesNotMatch(d.summary, /0x1/);
});
