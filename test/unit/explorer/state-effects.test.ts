// What a method did to its object, read off the receiver's state before and after each call
// (ProbeResult.receiverState): said only when it held on every call and did something in two.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ObjectState } from '../../../src/core/probe-types.js';
import type { Observation, Position } from '../../../src/explorer/inputs.js';
import { findStateEffects } from '../../../src/explorer/state-effects.js';
import type { PyValue } from '../../../src/explorer/values.js';
import { int, list, none, str, toTagged } from '../../../src/explorer/values.js';
import { exploreOffline } from '../../../src/explorer/index.js';
import { DEFAULT_STRICTNESS } from '../../../src/core/limits.js';
import type { FakeFunction } from './fake-python.js';
import { PyError, fakeProbe, info, param, returnedObservation } from './fake-python.js';

const self: Position = { name: 'self', role: 'receiver', positionalOnly: false, candidates: ['new:Obj:1'] };
const arg = (name: string): Position => ({ name, role: 'positional', positionalOnly: false, candidates: ['int'] });
const receiver: PyValue = { k: 'call', callee: 'Obj', args: [] };

const state = (attrs: Record<string, PyValue>, length?: number): ObjectState => ({
  attributes: Object.entries(attrs).map(([name, v]) => ({ name, value: toTagged(v) })),
  ...(length === undefined ? {} : { length }),
});

/** A returned call on an object with these arguments, its result, and the object's state around it. */
function onObject(positions: Position[], index: number, args: PyValue[], out: PyValue, before: ObjectState, after: ObjectState): Observation {
  const o = returnedObservation(positions, index, [receiver, ...args], out);
  return { ...o, record: { ...o.record, result: { ...o.record.result, receiverState: { before, after } } } };
}

test('a counter that goes up by one each call: "Increments `count` by 1"', () => {
  const positions = [self];
  const calls = [0, 4, 9].map((n, i) => onObject(positions, i + 1, [], none, state({ count: int(n) }), state({ count: int(n + 1) })));
  assert.deepEqual(
    findStateEffects(calls, positions).map((r) => r.text),
    ['Increments `count` by 1.'],
  );
  // One call that went up by 2: the rule does not hold on every call, so nothing is said.
  calls.push(onObject(positions, 4, [], none, state({ count: int(3) }), state({ count: int(5) })));
  assert.deepEqual(findStateEffects(calls, positions), []);
});

test('an amount added to a balance, with the new balance returned', () => {
  const positions = [self, arg('amount')];
  const calls = [
    [100, 3],
    [0, 50],
    [7, 1],
  ].map(([b, a], i) =>
    onObject(positions, i + 1, [int(a ?? 0)], int((b ?? 0) + (a ?? 0)), state({ balance: int(b ?? 0) }), state({ balance: int((b ?? 0) + (a ?? 0)) })),
  );
  const [effect] = findStateEffects(calls, positions);
  assert.equal(effect?.text, 'Adds `amount` to `balance` and returns its new value.');
  assert.deepEqual(effect?.support, [1, 2, 3]);
});

test('a song appended unless the list holds it already, and a length that grows by one', () => {
  const positions = [self, { ...arg('song'), candidates: ['str'] }];
  const songs = (...xs: string[]) => list(xs.map(str));
  const calls = [
    onObject(positions, 1, [str('a')], none, state({ songs: songs() }), state({ songs: songs('a') })),
    onObject(positions, 2, [str('b')], none, state({ songs: songs('a') }), state({ songs: songs('a', 'b') })),
    onObject(positions, 3, [str('a')], none, state({ songs: songs('a') }), state({ songs: songs('a') })),
  ];
  assert.deepEqual(
    findStateEffects(calls, positions).map((r) => r.text),
    ['Appends `song` to `songs` unless it is already there.'],
  );
  // Only a length to read (the list is private): what the call did to it.
  const hidden = [0, 2].map((n, i) => onObject(positions, i + 1, [str('x')], none, state({}, n), state({}, n + 1)));
  assert.deepEqual(
    findStateEffects(hidden, positions).map((r) => r.text),
    ["The object's length grows by 1."],
  );
});

test('a value kept after being worked out is what the call returns; a reset sets a constant', () => {
  const positions = [self, arg('degrees')];
  const clamp = (d: number) => Math.max(5, Math.min(30, d));
  const kept = [3, 20, 40].map((d, i) => onObject(positions, i + 1, [int(d)], int(clamp(d)), state({ target: int(20) }), state({ target: int(clamp(d)) })));
  assert.deepEqual(
    findStateEffects(kept, [self, arg('degrees')]).map((r) => r.text),
    ['Sets `target` to the value it returns.'],
  );
  const reset = [3, 8].map((n, i) => onObject([self], i + 1, [], none, state({ count: int(n) }), state({ count: int(0) })));
  assert.deepEqual(
    findStateEffects(reset, [self]).map((r) => r.text),
    ['Sets `count` to 0.'],
  );
});

test('a function, or calls that changed nothing, say nothing of an object', () => {
  const positions = [self];
  const still = [1, 2].map((n, i) => onObject(positions, i + 1, [], int(n), state({ count: int(n) }), state({ count: int(n) })));
  assert.deepEqual(findStateEffects(still, positions), []);
  assert.deepEqual(findStateEffects(still, [arg('x')]), []);
});

test('Counter.increment explored: the summary says what the call did to `count`', async () => {
  const countOf = (r: PyValue): bigint => (r.k === 'call' && r.args[0]?.k === 'int' ? r.args[0].v : 0n);
  const fn: FakeFunction = {
    params: [],
    needsReceiver: true,
    ownerClass: 'Counter',
    moduleClasses: ['Counter'],
    ownerInit: [param('start', 'POSITIONAL_OR_KEYWORD', { default: '0' })],
    state: (r) => ({ attributes: [{ name: 'count', value: { t: 'int', v: String(countOf(r)) } }] }),
    body: (_args, _kwargs, receiver) => {
      if (receiver?.k !== 'call') throw new PyError('TypeError', 'no counter');
      const next = int(countOf(receiver) + 1n);
      receiver.args[0] = next;
      return none;
    },
  };
  const report = await exploreOffline(info('increment', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  assert.match(report.description.summary, /^Increments `count` by 1\. Returns None\./, report.description.summary);
  assert.ok((report.description.claims ?? []).some((c) => c.text === 'Increments `count` by 1.' && c.support.length >= 2));
});

test('an object shown only by its address: the summary reads its attribute, and no example or raise line shows an address', async () => {
  const fn: FakeFunction = {
    params: [param('balance')],
    state: (w) => (w.k === 'call' && w.args[0] ? { attributes: [{ name: 'balance', value: toTagged(w.args[0]) }] } : undefined),
    body: ([balance]) => {
      if (balance?.k !== 'int') throw new PyError('TypeError', 'balance must be a number');
      if (balance.v < 0n) throw new PyError('ValueError', 'balance must not be negative');
      return { k: 'call', callee: 'Wallet', args: [balance] };
    },
  };
  const report = await exploreOffline(info('open_wallet', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 20, strictness: DEFAULT_STRICTNESS });
  const d = report.description;
  assert.match(d.summary, /^Returns a `Wallet` whose `balance` is the `balance` given\./, d.summary);
  assert.ok(
    d.examples.some((e) => /^open_wallet\(\d+\)\.balance$/.test(e.call)),
    JSON.stringify(d.examples),
  );
  const shown = [d.summary, d.raises, ...d.examples.map((e) => `${e.call} ${e.result}`)].join('\n');
  assert.doesNotMatch(shown, /0x/);
});

test('a table keyed by the argument: "Stores an entry under `sku` in `items`", no other entry touched', () => {
  const positions = [self, { ...arg('sku'), candidates: ['str'] }];
  const table = (...kv: [string, number][]): PyValue => ({ k: 'dict', entries: kv.map(([k, v]) => [str(k), int(v)] as [PyValue, PyValue]) });
  const calls = [
    onObject(positions, 1, [str('a')], int(1), state({ items: table() }), state({ items: table(['a', 1]) })),
    onObject(positions, 2, [str('b')], int(1), state({ items: table(['a', 1]) }), state({ items: table(['a', 1], ['b', 1]) })),
    onObject(positions, 3, [str('a')], int(2), state({ items: table(['a', 1]) }), state({ items: table(['a', 2]) })),
  ];
  assert.deepEqual(
    findStateEffects(calls, positions).map((r) => r.text),
    ['Stores an entry under `sku` in `items`.'],
  );
  // A call that also changed another entry: not this rule.
  calls.push(onObject(positions, 4, [str('c')], int(1), state({ items: table(['a', 1]) }), state({ items: table(['a', 5], ['c', 1]) })));
  assert.deepEqual(findStateEffects(calls, positions), []);
});

test('a function shown by its address is no example either', async () => {
  const fn: FakeFunction = {
    params: [param('n')],
    body: ([n]) => {
      if (n?.k !== 'int') throw new PyError('TypeError', 'n must be an int');
      return { k: 'call', callee: 'make', args: [n] };
    },
  };
  const fake = fakeProbe(fn, { cache: false });
  const probe: typeof fake.probe = async (request, note, options) => {
    const record = await fake.probe(request, note, options);
    const value = record.result.value;
    return value ? { ...record, result: { ...record.result, value: { ...value, repr: '<function make.<locals>.inner at 0x1>', type: 'function' } } } : record;
  };
  const report = await exploreOffline(info('make', fn), probe, { maxProbes: 12, strictness: DEFAULT_STRICTNESS });
  assert.doesNotMatch(report.description.examples.map((e) => e.result).join('\n'), /0x/, JSON.stringify(report.description.examples));
});

test('an append seen only on empty lists says only that (a playlist may refuse a song it holds)', () => {
  const positions = [self, { ...arg('song'), candidates: ['str'] }];
  const calls = ['a', 'b'].map((x, i) => onObject(positions, i + 1, [str(x)], none, state({ songs: list([]) }), state({ songs: list([str(x)]) })));
  assert.deepEqual(
    findStateEffects(calls, positions).map((r) => r.text),
    ['On an object whose `songs` is empty: puts `song` in it.'],
  );
});

test('Wallet.spend explored: what the object was made with says it already; the effect on `balance` is not said twice', async () => {
  const balanceOf = (r: PyValue): bigint => (r.k === 'call' && r.args[0]?.k === 'int' ? r.args[0].v : 0n);
  const fn: FakeFunction = {
    params: [param('amount')],
    needsReceiver: true,
    ownerClass: 'Wallet',
    moduleClasses: ['Wallet'],
    ownerInit: [param('balance', 'POSITIONAL_OR_KEYWORD', { default: '0' })],
    state: (r) => ({ attributes: [{ name: 'balance', value: { t: 'int', v: String(balanceOf(r)) } }] }),
    body: ([amount], _kwargs, receiver) => {
      if (amount?.k !== 'int' || receiver?.k !== 'call') throw new PyError('TypeError', 'amount must be an int');
      if (amount.v > balanceOf(receiver)) throw new PyError('ValueError', 'not enough money');
      const left = int(balanceOf(receiver) - amount.v);
      receiver.args[0] = left;
      return left;
    },
  };
  const report = await exploreOffline(info('spend', fn), fakeProbe(fn, { cache: false }).probe, { maxProbes: 40, strictness: DEFAULT_STRICTNESS });
  const summary = report.description.summary;
  assert.equal((summary.match(/subtracts `amount` from `balance`/gi) ?? []).length, 1, summary);
  assert.doesNotMatch(summary, /Changes its receiver in place/, summary);
});
