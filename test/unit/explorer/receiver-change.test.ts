// A receiver shown only by its address (`<app.Chain object at 0x1>`) changed in place: the
// description says what changed on it, from the worker's state before and after the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { buildReport } from '../../../src/explorer/describe.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, none } from '../../../src/explorer/values.js';
import { info, pyFloat, returnedObservation } from './fake-python.js';

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

test('with no state read, the summary says it changed in place and that the change did not show, without an address', () => {
  const d = report([marked(1, false), marked(2, false)]).description;
  assert.match(d.summary, /Changes its receiver in place \(the change showed in no public attribute, nor in a repr that could be quoted\)\./, d.summary);
  assert.doesNotMatch(d.summary, /0x1/);
});

test("the call quoted is one whose change can be told, though a more ordinary one changed what shows nowhere (yaml's Scanner.fetch_flow_sequence_end)", () => {
  const d = report([marked(1, false), marked(2, true)]).description;
  assert.match(d.summary, /Changes its receiver in place \(after Chain\(\)\.mark\(\), receiver: done False → True\)\./, d.summary);
});

test("a receiver left unable to print itself is told by its repr's error, which names what the call broke (colour's set_hsl)", () => {
  const positions: Position[] = [
    { ...self, candidates: ['new:Color:1'] },
    { name: 'value', role: 'positional', positionalOnly: false, candidates: ['list'] },
  ];
  const broken = '<repr of colour.Color raised ValueError: Lightness must be between 0 and 1.>';
  const set = (index: number, value: PyValue): Observation => {
    const o = returnedObservation(positions, index, [{ k: 'call', callee: 'Color', args: [] }, value], none);
    return { ...o, record: { ...o.record, result: { ...o.record.result, mutations: [{ arg: 'receiver', repr: broken }] } } };
  };
  const triple = (a: number, b: number, c: number): PyValue => ({ k: 'list', items: [int(a), int(b), int(c)] });
  const d = buildReport({
    info: { ...info('set_hsl', { params: [{ name: 'value', kind: 'POSITIONAL_OR_KEYWORD' }], needsReceiver: true, ownerClass: 'Color', body: () => none }) },
    positions,
    observations: [set(1, triple(3, 1, 2)), set(2, triple(1, 1, 2))],
    accepted: [new Set(), new Set()],
    maxProbes: 20,
  }).description;
  assert.match(
    d.summary,
    /Changes its receiver in place \(after Color\(\)\.set_hsl\(\[\d, 1, 2\]\), it could not print itself: ValueError: Lightness must be between 0 and 1\.\)\./,
    d.summary,
  );
});

test("the summary's call is an ordinary one, never one that left its object unable to print itself (colour's set_saturation(5))", () => {
  // Saturation must be in 0–1: set_saturation(5) returned, and the Color's repr raised after it.
  const positions: Position[] = [
    { ...self, candidates: ['new:Color:1'] },
    { name: 'value', role: 'positional', positionalOnly: false, candidates: ['int', 'float'] },
  ];
  const set = (index: number, value: PyValue, after: string): Observation => {
    const o = returnedObservation(positions, index, [{ k: 'call', callee: 'Color', args: [] }, value], none);
    return { ...o, record: { ...o.record, result: { ...o.record.result, mutations: [{ arg: 'receiver', repr: after }] } } };
  };
  const broken = '<repr of colour.Color raised ValueError: Saturation must be between 0 and 1. You provided 5.0.>';
  const d = buildReport({
    info: {
      ...info('set_saturation', { params: [{ name: 'value', kind: 'POSITIONAL_OR_KEYWORD' }], needsReceiver: true, ownerClass: 'Color', body: () => none }),
    },
    positions,
    observations: [set(1, int(5), broken), set(2, int(50), broken), set(3, pyFloat(0.5), '<Color #bf4040>')],
    accepted: [new Set(), new Set()],
    maxProbes: 20,
  }).description;
  assert.match(d.summary, /Changes its receiver in place \(after Color\(\)\.set_saturation\(0\.5\), receiver became <Color #bf4040>\)\./, d.summary);
  assert.doesNotMatch(d.summary, /repr of/, d.summary);
});
